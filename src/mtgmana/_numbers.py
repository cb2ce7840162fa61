"""Private: the number words of rules text, one table for every reader and writer of
them (CR 107.1: numbers in rules text are written as words up to a point: "two
charge counters", "three or more other lands", "up to four cards named").

:mod:`mtgmana.ability_text` reads them (:func:`mtgmana.ability_text.read_number`, the
public reader); the restriction text, the board's conditions and the deck legality
read or write them through this table, as they sit below ``ability_text`` in the
layers (or beside it).
"""

from __future__ import annotations

from typing import Final

__all__ = ["ARTICLES", "NUMBER_WORDS", "number_word", "word_number"]

NUMBER_WORDS: Final = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)  # fmt: skip
"""The words of the numbers 0 to 12, by value."""

ARTICLES: Final = {"a": 1, "an": 1}
"""The articles that count one ("a charge counter", "an additional land")."""

_VALUES: Final = {word: n for n, word in enumerate(NUMBER_WORDS) if n}


def word_number(word: str, *, articles: bool = True, up_to: int = 12) -> int | None:
    """The number ``word`` names (lower case): digits, "one" to the word of
    ``up_to``, and "a"/"an" when ``articles``; ``None`` when it names none.

    >>> word_number("two"), word_number("an"), word_number("12"), word_number("an", articles=False)
    (2, 1, 12, None)
    """
    if word.isdecimal():
        return int(word)
    value = _VALUES.get(word)
    if value is not None:
        return value if value <= up_to else None
    return ARTICLES.get(word) if articles else None


def number_word(n: int, *, up_to: int = 12) -> str:
    """``n`` in words as rules text writes it, up to the word of ``up_to``; digits
    above.

    >>> number_word(3), number_word(11, up_to=9)
    ('three', '11')
    """
    return NUMBER_WORDS[n] if 0 <= n <= up_to else str(n)
