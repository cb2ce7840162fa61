"""Decklists as people paste them: Arena and MTGO exports and plain lists.

:meth:`Decklist.parse` reads the text of a decklist into :class:`DeckEntry` values,
each with its count, name, section and line number. It reads:

* ``4 Lightning Bolt``, ``4x Lightning Bolt``, ``4 x Lightning Bolt`` and a bare
  ``Lightning Bolt`` (one copy);
* Arena's set and collector number, ``4 Lightning Bolt (M11) 149`` (also ``[M11]``
  and foil marks such as ``*F*``), which are kept but don't change the card;
* section headers, alone on a line, any case, with or without a colon: ``Deck``
  (also ``Main``, ``Mainboard``, ``Main Deck``), ``Sideboard``, ``Commander``,
  ``Companion``, ``Maybeboard`` (also ``Considering``); Arena's ``About`` block
  (``Name ...``) is skipped;
* MTGO's blank-line sideboard: in the main deck, a blank line followed by more
  cards starts the sideboard (a blank line after the commander or companion goes
  back to the main deck); ``SB: 2 Negate`` (MTGO, Cockatrice) is a sideboard card;
* comments: lines starting with ``#`` or ``//``.

Names are resolved against a card database by :meth:`Decklist.resolve` (the
bundled one by default): an unknown name raises :class:`DecklistError` naming the
line and suggesting close spellings. Anything unreadable raises
:class:`DecklistError` with the line number. Limits keep a stray paste cheap:
:data:`MAX_TEXT` characters (a 10 MB paste fails at once, before any parsing),
:data:`MAX_LINE` characters a line, :data:`MAX_COPIES` copies a line and
:data:`MAX_CARDS` cards in all; parsing is linear in the text.

>>> deck = Decklist.parse('''
... Deck
... 4 Lightning Bolt (M11) 149
... 20 Mountain
...
... 2 Smash to Smithereens
... ''')
>>> for e in deck.entries:
...     print(e.count, e.name, e.section, e.line)
4 Lightning Bolt main 3
20 Mountain main 4
2 Smash to Smithereens sideboard 6
>>> deck.count("main"), deck.entries[0].set_code, deck.entries[0].collector_number
(24, 'M11', '149')
>>> Decklist.parse("4 Lightning Bolt\\n4x")
Traceback (most recent call last):
...
mtgmana.analysis.decklist.DecklistError: line 2: '4x' has a count but no card name
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ..cards import Card, CardDatabase
from ..errors import MtgManaError

__all__ = [
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_LINE",
    "MAX_TEXT",
    "SECTIONS",
    "DeckEntry",
    "Decklist",
    "DecklistError",
    "ResolvedEntry",
]

MAX_TEXT: Final = 1_000_000
"""The longest decklist text accepted, in characters (a real list is a few KB)."""

MAX_LINE: Final = 300
"""The longest line accepted, in characters."""

MAX_COPIES: Final = 1000
"""The most copies one line may ask for."""

MAX_CARDS: Final = 1000
"""The most cards a decklist may hold in all its sections."""

SECTIONS: Final = ("main", "sideboard", "commander", "companion", "maybeboard")
"""The sections of a decklist, as :attr:`DeckEntry.section` names them."""

_HEADERS: Final = {
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main",
    "mainboard": "main", "sideboard": "sideboard", "side": "sideboard",
    "commander": "commander", "commanders": "commander", "companion": "companion",
    "maybeboard": "maybeboard", "maybe": "maybeboard", "considering": "maybeboard",
    "about": "about",
}  # fmt: skip

_ENTRY: Final = re.compile(
    r"(?:(?P<count>\d+)\s*(?:[xX×](?=\s|$))?\s*)?"
    r"(?P<name>.*?)"
    r"(?:\s+[(\[](?P<set>[A-Za-z0-9]{2,6})[)\]](?:\s+(?P<number>[^\s*]+))?)?"
    r"(?:\s+\*[A-Za-z]+\*)*"
)
_HEADER: Final = re.compile(r"(?P<word>[A-Za-z ]+?)\s*(?:\(\d+\))?\s*:?")
_SIDEBOARD_PREFIX: Final = re.compile(r"SB:\s*", re.IGNORECASE)


class DecklistError(MtgManaError):
    """A decklist that can't be read: ``line`` is the 1-based line number (``None``
    for the whole list) and ``suggestions`` the close names for an unknown card."""

    def __init__(
        self, message: str, *, line: int | None = None, suggestions: Iterable[str] = ()
    ) -> None:
        self.message = message
        self.line = line
        self.suggestions = list(suggestions)
        super().__init__(f"line {line}: {message}" if line is not None else message)

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class DeckEntry:
    """One line of a decklist: ``count`` copies of ``name`` in ``section`` (one of
    :data:`SECTIONS`), read from line ``line`` (1-based); ``set_code`` and
    ``collector_number`` are Arena's printing, if given."""

    count: int
    name: str
    section: str
    line: int
    set_code: str | None = None
    collector_number: str | None = None

    def __str__(self) -> str:
        return f"{self.count} {self.name}"


@dataclass(frozen=True)
class ResolvedEntry:
    """A :class:`DeckEntry` with its card from the database."""

    entry: DeckEntry
    card: Card

    @property
    def count(self) -> int:
        return self.entry.count

    @property
    def name(self) -> str:
        """The card's name as the database spells it."""
        return self.card.name


@dataclass(frozen=True)
class Decklist:
    """The entries of a decklist, in the order they were written."""

    entries: tuple[DeckEntry, ...]
    name: str | None = None
    """The deck's name, from Arena's ``About`` block (``Name ...``)."""

    @classmethod
    def parse(cls, text: str) -> Decklist:
        """Read a decklist (see the module's documentation for the formats).

        An empty list (nothing but blank lines and comments) is read as no entries:
        :meth:`resolve` and the analyses say it is empty.

        >>> Decklist.parse("SB: 2 Negate\\n4x Opt").entries[0].section
        'sideboard'
        >>> Decklist.parse("Commander\\n1 Atraxa, Praetors' Voice\\n\\n99 Forest").count("main")
        99
        """
        if not isinstance(text, str):
            raise DecklistError(f"a decklist is text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise DecklistError(
                f"the decklist is {len(text):,} characters long; the limit is {MAX_TEXT:,} "
                "(a deck list is a few kilobytes: was the wrong file pasted?)"
            )
        entries: list[DeckEntry] = []
        section = "main"
        blank_after_cards = False
        deck_name: str | None = None
        total = 0
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip().lstrip("\ufeff")
            if len(line) > MAX_LINE:
                raise DecklistError(
                    f"the line is {len(line):,} characters long; a decklist line has at "
                    f"most {MAX_LINE}",
                    line=number,
                )
            if not line:
                if any(e.section == section for e in entries[-1:]):
                    blank_after_cards = True
                continue
            if line.startswith(("#", "//")):
                continue
            header = _header(line)
            if header is not None:
                section, blank_after_cards = header, False
                continue
            if section == "about":
                if line.lower().startswith("name "):
                    deck_name = line[5:].strip() or None
                    continue
                section = "main"  # a card after the About block: the deck has begun
            current = section
            match = _SIDEBOARD_PREFIX.match(line)
            if match is not None:
                line = line[match.end() :]
                current = "sideboard"
            elif blank_after_cards:
                if section == "main":
                    section = "sideboard"  # MTGO: a blank line starts the sideboard
                elif section in ("commander", "companion"):
                    section = "main"  # Arena: the commander, a blank line, the deck
                current = section
            blank_after_cards = False
            entry = _entry(line, number, current)
            total += entry.count
            if total > MAX_CARDS:
                raise DecklistError(
                    f"the decklist has more than {MAX_CARDS:,} cards by this line", line=number
                )
            entries.append(entry)
        return cls(tuple(entries), deck_name)

    def count(self, section: str | None = None) -> int:
        """The number of cards in ``section`` (all sections if ``None``)."""
        return sum(e.count for e in self.entries if section is None or e.section == section)

    def section(self, name: str) -> tuple[DeckEntry, ...]:
        """The entries of one section."""
        if name not in SECTIONS:
            raise DecklistError(f"unknown section {name!r}: use one of {', '.join(SECTIONS)}")
        return tuple(e for e in self.entries if e.section == name)

    def resolve(self, database: CardDatabase | None = None) -> tuple[ResolvedEntry, ...]:
        """Each entry with its card from ``database`` (the bundled one by default).

        Raises :class:`DecklistError` for the first unknown name, with its line and
        close spellings.

        >>> Decklist.parse("3 Lightening Bolt").resolve()
        Traceback (most recent call last):
        ...
        mtgmana.analysis.decklist.DecklistError: line 1: unknown card name 'Lightening Bolt'; ...
        """
        db = CardDatabase.bundled() if database is None else database
        resolved = []
        for entry in self.entries:
            card = db.get(entry.name)
            if card is None:
                card = db.get(_arena_name(entry.name))
            if card is None:
                suggestions = db.suggest(entry.name, 3)
                message = f"unknown card name {entry.name!r}"
                if suggestions:
                    message += "; did you mean " + ", ".join(map(repr, suggestions)) + "?"
                raise DecklistError(message, line=entry.line, suggestions=suggestions)
            resolved.append(ResolvedEntry(entry, card))
        return tuple(resolved)

    def __str__(self) -> str:
        """The list in Arena's format."""
        parts: list[str] = []
        for name in SECTIONS:
            lines = [str(e) for e in self.entries if e.section == name]
            if lines:
                title = "Deck" if name == "main" else name.capitalize()
                parts.append("\n".join([title, *lines]))
        return "\n\n".join(parts)


def _header(line: str) -> str | None:
    match = _HEADER.fullmatch(line)
    if match is None:
        return None
    return _HEADERS.get(" ".join(match["word"].lower().split()))


def _entry(line: str, number: int, section: str) -> DeckEntry:
    match = _ENTRY.fullmatch(line)
    if match is None:  # pragma: no cover - the pattern matches any line
        raise DecklistError(f"can't read {line!r}: expected a count and a name", line=number)
    count_text, name = match["count"], match["name"].strip()
    if not name:
        if count_text is not None:
            raise DecklistError(f"{line!r} has a count but no card name", line=number)
        raise DecklistError(f"can't read {line!r}: expected a count and a name", line=number)
    if not any(ch.isalpha() for ch in name):
        raise DecklistError(
            f"can't read {line!r}: expected a count and a card name, like '4 Lightning Bolt'",
            line=number,
        )
    count = 1
    if count_text is not None:
        if len(count_text) > 6:
            raise DecklistError(f"{count_text} copies is too many", line=number)
        count = int(count_text)
        if count == 0:
            raise DecklistError(f"{line!r}: a count must be at least 1", line=number)
        if count > MAX_COPIES:
            raise DecklistError(
                f"{count:,} copies of {name!r}: at most {MAX_COPIES:,} a line", line=number
            )
    return DeckEntry(count, name, section, number, match["set"], match["number"])


def _arena_name(name: str) -> str:
    """Arena writes split cards ``Fire /// Ice`` and some lists ``Fire/Ice``."""
    return re.sub(r"\s*/{1,3}\s*", " // ", name)
