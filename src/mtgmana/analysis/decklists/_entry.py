"""Private: what every decklist reader shares — the entries, the errors and the
limits that keep any input cheap to refuse (see :mod:`mtgmana.analysis.decklists`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, NamedTuple

from ...errors import NEWER_CARDS, MtgManaError

__all__ = [
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_LINE",
    "MAX_SUGGESTED",
    "MAX_TEXT",
    "SECTIONS",
    "DeckEntry",
    "DecklistError",
    "SkippedCard",
    "UnknownCard",
]

MAX_TEXT: Final = 1_000_000
"""The longest decklist text accepted, in characters (a real list is a few KB)."""

MAX_LINE: Final = 300
"""The longest line accepted, in characters."""

MAX_COPIES: Final = 1000
"""The most copies one line may ask for."""

MAX_CARDS: Final = 1000
"""The most cards a decklist may hold in all its sections."""

MAX_SUGGESTED: Final = 20
"""The most unknown names close spellings are looked for, and listed in an error's
message (the others are counted): a file that is not a decklist is refused at once."""

SECTIONS: Final = ("main", "sideboard", "commander", "companion", "maybeboard")
"""The sections of a decklist, as :attr:`DeckEntry.section` names them."""

_COMMANDER_DECK: Final = 100  # CR 903.5a


class UnknownCard(NamedTuple):
    """A name the card database doesn't know: its line, the name as written and
    the closest real names."""

    line: int
    name: str
    suggestions: tuple[str, ...]


@dataclass(frozen=True)
class SkippedCard:
    """A decklist line whose card the card database doesn't know, left out of the
    analysis (``skip_unknown``): its line, the name as written, its copies and
    section, and the closest real names."""

    line: int
    name: str
    count: int
    section: str
    suggestions: tuple[str, ...] = ()


class DecklistError(MtgManaError):
    """A decklist that can't be read: ``line`` is the 1-based line number (``None``
    for the whole list) and ``suggestions`` the close names for an unknown card.

    For unknown card names, ``problems`` lists every one (:class:`UnknownCard`:
    line, name, suggestions; suggestions for the first :data:`MAX_SUGGESTED` names
    only, and the message lists those and counts the others); ``line`` and
    ``suggestions`` are the first's."""

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        suggestions: Iterable[str] = (),
        problems: Iterable[UnknownCard] = (),
    ) -> None:
        self.message = message
        self.line = line
        self.suggestions = list(suggestions)
        self.problems: tuple[UnknownCard, ...] = tuple(problems)
        super().__init__(f"line {line}: {message}" if line is not None else message)

    def __str__(self) -> str:
        return str(self.args[0])

    @classmethod
    def unknown(cls, problems: Iterable[UnknownCard]) -> DecklistError:
        """The error for unknown card names, all of them in one message."""
        found = tuple(problems)
        if not found:
            raise ValueError("no unknown cards")

        def hint(problem: UnknownCard) -> str:
            if not problem.suggestions:
                return ""
            return "; did you mean " + ", ".join(map(repr, problem.suggestions)) + "?"

        first = found[0]
        if len(found) == 1:
            return cls(
                f"unknown card name {first.name!r}{hint(first)} ({NEWER_CARDS})",
                line=first.line,
                suggestions=first.suggestions,
                problems=found,
            )
        lines = [f"{len(found)} unknown card names ({NEWER_CARDS}):"]
        lines += [f"  line {p.line}: {p.name!r}{hint(p)}" for p in found[:MAX_SUGGESTED]]
        if len(found) > MAX_SUGGESTED:
            lines.append(
                f"  ... and {len(found) - MAX_SUGGESTED:,} more, up to line {found[-1].line} "
                f"(close names are looked for in the first {MAX_SUGGESTED} only)"
            )
        error = cls("\n".join(lines), suggestions=first.suggestions, problems=found)
        error.line = first.line
        return error


@dataclass(frozen=True)
class DeckEntry:
    """One line of a decklist: ``count`` copies of ``name`` in ``section`` (one of
    :data:`SECTIONS`), read from line ``line`` (1-based); ``set_code`` and
    ``collector_number`` are the printing, if given."""

    count: int
    name: str
    section: str
    line: int
    set_code: str | None = None
    collector_number: str | None = None

    def __str__(self) -> str:
        return f"{self.count} {self.name}"
