"""The errors mtgmana raises.

Every error the library raises on purpose subclasses :class:`MtgManaError`, which is
a :class:`ValueError`: bad input is a bad value. Parse errors carry the text and the
position of the failure, like ``packaging``'s ``InvalidSpecifier``.

>>> from mtgmana import ManaCost, ManaSyntaxError
>>> try:
...     ManaCost.parse("{2}{W")
... except ManaSyntaxError as error:
...     print(error.position)
...     print(error)
3
unterminated mana symbol: '{' at position 3 has no closing '}'
    {2}{W
       ^
"""

from __future__ import annotations

from typing import Literal, TypeAlias

__all__ = [
    "NEWER_CARDS",
    "LimitCode",
    "LimitError",
    "ManaSyntaxError",
    "MtgManaError",
    "NameTooLong",
    "UnknownCardError",
    "unknown_card_message",
]

NEWER_CARDS = "newer cards come with `mtgmana cards update`"
"""What every unknown-card error says: a card newer than the card data in use is
missing, and ``mtgmana cards update`` fetches the current cards."""


class MtgManaError(ValueError):
    """Base class of every error mtgmana raises for bad input or an impossible request."""


class ManaSyntaxError(MtgManaError):
    """Text that is not a valid mana symbol or mana cost.

    ``position`` is the index into ``text`` where the problem starts; ``str()`` shows
    the text with a caret under that position.
    """

    def __init__(self, message: str, text: str, position: int) -> None:
        self.message = message
        self.text = text
        self.position = position
        super().__init__(message, text, position)

    def __str__(self) -> str:
        text = self.text
        start = 0
        # Show at most 60 characters around the failure, so a 1 MB input still
        # gives a readable message.
        if len(text) > 60:
            start = max(0, self.position - 30)
            text = text[start : start + 60]
        shown = text.replace("\n", " ").replace("\t", " ")
        prefix = "..." if start else ""
        caret = " " * (4 + len(prefix) + self.position - start) + "^"
        return f"{self.message}\n    {prefix}{shown}\n{caret}"


def unknown_card_message(name: str, suggestions: list[str] | tuple[str, ...]) -> str:
    """``unknown card name 'X'; did you mean 'Y'?`` (without the suggestions when
    there are none).

    >>> unknown_card_message("Lightening Bolt", ["Lightning Bolt"])
    "unknown card name 'Lightening Bolt'; did you mean 'Lightning Bolt'?"
    """
    message = f"unknown card name {name!r}"
    if suggestions:
        message += "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?"
    return message


class UnknownCardError(MtgManaError, LookupError):
    """A card name that the database does not know; ``suggestions`` lists close names.

    The message ends by saying that newer cards come with ``mtgmana cards update``
    (:data:`NEWER_CARDS`), unless ``newer=False`` (names that are not cards, such as
    tokens', which no card data holds).

    >>> print(UnknownCardError("Doctor Doom, King of Latveria", []))
    unknown card name 'Doctor Doom, King of Latveria' (newer cards come with `mtgmana cards update`)
    """

    code: Literal["unknown_card", "name_too_long"] = "unknown_card"
    """The code of ``mtgmana serve``'s answer (docs/protocol.md, "Errors")."""

    def __init__(self, name: str, suggestions: list[str], *, newer: bool = True) -> None:
        self.name = name
        self.suggestions = suggestions
        message = unknown_card_message(name, suggestions)
        if newer:
            message += f" ({NEWER_CARDS})"
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


LimitCode: TypeAlias = Literal[
    "line_too_long", "too_much_mana", "too_many_permanents", "too_many_games", "search_budget"
]
"""The code of each limit (docs/protocol.md, "Limits"): :attr:`LimitError.code`."""


class LimitError(MtgManaError):
    """A request past one of the documented limits that keep every answer quick
    (docs/protocol.md, "Limits"): ``code`` names the limit (``"too_much_mana"``,
    ``"too_many_permanents"``, ...), ``limit`` is its value."""

    def __init__(self, code: LimitCode, message: str, limit: int) -> None:
        self.code = code
        self.limit = limit
        super().__init__(message)


MAX_NAME_LENGTH = 200
"""Names longer than this (the longest card name has 141 characters) are not
matched against the card names for suggestions: :class:`NameTooLong`."""


class NameTooLong(UnknownCardError):
    """A card name longer than :data:`MAX_NAME_LENGTH`: unknown, without
    suggestions (close spellings aren't searched for)."""

    code: Literal["unknown_card", "name_too_long"] = "name_too_long"

    def __init__(self, name: str) -> None:
        self.limit = MAX_NAME_LENGTH
        super().__init__(name[:60] + "...", [])
        self.args = (
            f"a card name of {len(name)} characters (no card name is longer than "
            f"{MAX_NAME_LENGTH}): {name[:60]!r}...",
        )
