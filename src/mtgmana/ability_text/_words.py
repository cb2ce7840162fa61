"""Private: the words of mana abilities' text that more than one part of the reader
needs (numbers, colors, card types, symbols), and the two ways a line fails: an
ability the model can't express exactly, and a line that adds mana without being a
mana ability (CR 605.1, 605.5)."""

from __future__ import annotations

import enum
from typing import Final

from .._numbers import word_number
from .._regex import lazy

__all__: list[str] = []


class Words(str, enum.Enum):
    """An enum of the words rules text and the deck notes use: equal to its words
    (a ``str``), printed as them, its ``repr`` rebuilding it."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Unsupported(Exception):
    """A mana ability the model can't express exactly, with the reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotMana(Exception):
    """A line that adds mana but isn't a mana ability."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


COLOR_WORDS: Final = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPE_WORDS: Final = {
    "artifact": "Artifact", "battle": "Battle", "creature": "Creature",
    "enchantment": "Enchantment", "land": "Land", "planeswalker": "Planeswalker",
}  # fmt: skip
SUPERTYPE_WORDS: Final = {"basic": "Basic", "snow": "Snow", "legendary": "Legendary"}
FILTER_KEYWORDS: Final = frozenset({"defender"})
"""Keyword abilities the text's filters ask about ("creatures you control with
defender"): the ones a face's keyword lines record. Effects rarely grant them."""
SYMBOL = r"\{[WUBRGC]\}"
SYMBOLS = lazy(rf"(?:{SYMBOL})+")
SENTENCE = lazy(r"(?<=\.)\s+")


def count_word(word: str) -> int:
    """The number ``word`` names in rules text (digits, "a", "an", "one" to
    "twelve": :mod:`mtgmana._numbers`), else :class:`Unsupported`."""
    number = word_number(word)
    if number is None:
        raise Unsupported(f"an amount of mana: {word}")
    return number
