"""Decklists as people export them: plain lists, Arena, MTGO (``.txt`` and ``.dek``),
Moxfield, Archidekt, TappedOut, Forge ``.dck`` and Cockatrice ``.cod``.

:meth:`Decklist.parse` reads the text of a decklist into :class:`DeckEntry` values,
each with its count, name, section and line number. The format is detected from the
text, no flag needed: XML (MTGO ``.dek``, Cockatrice) is read by
:mod:`._xml`, everything else line by line by :mod:`._text`:

* ``4 Lightning Bolt``, ``4x Lightning Bolt``, ``4 x Lightning Bolt`` and a bare
  ``Lightning Bolt`` (one copy);
* printings, kept but not changing the card: Arena's and Moxfield's ``(M11) 149``,
  Archidekt's ``(m11) 149``, ``[M11]``, Forge's ``Name|SET|art``,
  ``Name|SET|art|[123]`` and ``Name [SET]|art`` (a name ending in ``+`` is Forge's
  foil), foil marks such as ``*F*`` and ``*E*``;
* sections: header lines in any case, with or without a colon or a count (``Deck``,
  ``Main``, ``Sideboard``, ``Commander``, ``Companion``, ``Maybeboard``, ...; card-type
  groups such as ``Creatures (20)`` are the main deck), Forge's ``[Main]`` /
  ``[Commander]`` / ``[Sideboard]`` (its ``[metadata]`` gives the deck's ``Name=``),
  Arena's ``About`` block (``Name ...``), ``SB: 2 Negate`` (MTGO, Cockatrice),
  TappedOut's ``*CMDR*`` and Archidekt's categories (``[Commander{top}]``,
  ``[Sideboard]``, ``[Maybeboard]``; a category marked ``{noDeck}`` is not in the
  deck, the others, ``[Land]``, ``[Ramp,Draw]``, are);
* blank lines: MTGO's main deck, a blank line, the sideboard (but a few cards
  before a group of more than 15 are one deck); a commander, a blank line, the deck
  (one or two cards, then cards making 100 with them); in a list grouped by blank
  lines, the last group is the sideboard only if it has at most 15 cards and the
  groups before it make a 40-, 60-, 99- or 100-card deck;
* comments: lines starting with ``#`` or ``//`` (``//Sideboard`` is a header).

Names are resolved against a card database by :meth:`Decklist.resolve` (the one in
use by default, :func:`mtgmana.cards.default_database`), ignoring case and accents;
a face name (the front of a double-faced card) stands for the card, and split cards
may be written ``Fire/Ice``, ``Fire // Ice`` or ``Fire /// Ice``. Every unknown name
is reported at once in one :class:`DecklistError`, each with its line, and the first
:data:`MAX_SUGGESTED` with close spellings (past them a file is not a decklist: the
message counts the others, so a file of junk is refused at once). A commander MTGO
puts in the sideboard (one or two sideboard cards that can be commanders, with a
main deck making 100 cards with them) is read as the commander.

Anything unreadable raises :class:`DecklistError` with the line number. Limits keep a
stray paste cheap: :data:`MAX_TEXT` characters (a 10 MB paste fails at once, before
any parsing), :data:`MAX_LINE` characters a line, :data:`MAX_COPIES` copies a line
and :data:`MAX_CARDS` cards in all; parsing is linear in the text.

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
mtgmana.analysis.decklists.DecklistError: line 2: '4x' has a count but no card name
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ...cards import Card, CardDatabase, default_database
from ._commander import can_be_commander
from ._entry import (
    _COMMANDER_DECK,
    MAX_SUGGESTED,
    MAX_TEXT,
    SECTIONS,
    DeckEntry,
    DecklistError,
    SkippedCard,
    UnknownCard,
)

__all__ = ["Decklist", "ResolvedEntry"]


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
    """The deck's name (Arena's ``About`` block, Forge's ``Name=``)."""

    @classmethod
    def parse(cls, text: str) -> Decklist:
        """Read a decklist (see the module's documentation for the formats).

        An empty list (nothing but blank lines and comments) is read as no entries:
        :meth:`resolve` and the analyses say it is empty.

        >>> Decklist.parse("SB: 2 Negate\\n4x Opt").entries[0].section
        'sideboard'
        >>> Decklist.parse("Commander\\n1 Atraxa, Praetors' Voice\\n\\n99 Forest").count("main")
        99
        >>> Decklist.parse("1x Atraxa, Praetors' Voice (2x2) 190 [Commander{top}]").entries[0]
        DeckEntry(count=1, name="Atraxa, Praetors' Voice", section='commander', line=1, \
set_code='2x2', collector_number='190')
        """
        if not isinstance(text, str):
            raise DecklistError(f"a decklist is text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise DecklistError(
                f"the decklist is {len(text):,} characters long; the limit is {MAX_TEXT:,} "
                "(a deck list is a few kilobytes: was the wrong file pasted?)"
            )
        if text.lstrip("\ufeff \t\r\n").startswith("<"):
            from ._xml import read_xml

            entries, name = read_xml(text)
        else:
            from ._text import read_lines

            entries, name = read_lines(text)
        return cls(tuple(entries), name)

    def count(self, section: str | None = None) -> int:
        """The number of cards in ``section`` (all sections if ``None``)."""
        return sum(e.count for e in self.entries if section is None or e.section == section)

    def section(self, name: str) -> tuple[DeckEntry, ...]:
        """The entries of one section."""
        if name not in SECTIONS:
            raise DecklistError(f"unknown section {name!r}: use one of {', '.join(SECTIONS)}")
        return tuple(e for e in self.entries if e.section == name)

    def resolve(self, database: CardDatabase | None = None) -> tuple[ResolvedEntry, ...]:
        """Each entry with its card from ``database`` (by default the one in use,
        :func:`~mtgmana.cards.default_database`).

        Raises one :class:`DecklistError` naming every unknown name, with its line
        and (for the first :data:`MAX_SUGGESTED`) close spellings. A commander in
        MTGO's sideboard moves to the ``"commander"`` section (see the module).

        >>> Decklist.parse("3 Lightening Bolt").resolve()
        Traceback (most recent call last):
        ...
        mtgmana.analysis.decklists.DecklistError: line 1: unknown card name 'Lightening Bolt'; ...
        >>> error = None
        >>> try:
        ...     Decklist.parse("4 Counterspel\\n20 Island\\n4 Opt\\n2 Brainstrom").resolve()
        ... except DecklistError as caught:
        ...     error = caught
        >>> [(p.line, p.name, p.suggestions[0]) for p in error.problems]
        [(1, 'Counterspel', 'Counterspell'), (4, 'Brainstrom', 'Brainstorm')]
        """
        resolved, unknown = self.resolve_known(database)
        if unknown:
            raise DecklistError.unknown(UnknownCard(u.line, u.name, u.suggestions) for u in unknown)
        return resolved

    def resolve_known(
        self, database: CardDatabase | None = None
    ) -> tuple[tuple[ResolvedEntry, ...], tuple[SkippedCard, ...]]:
        """The entries whose names ``database`` knows, each with its card (as
        :meth:`resolve`), and the others: one :class:`SkippedCard` per line, with its
        copies, section and close spellings.

        >>> known, unknown = Decklist.parse("20 Forest\\n2 Doctor Dooom").resolve_known()
        >>> [r.name for r in known], [(u.line, u.name, u.count) for u in unknown]
        (['Forest'], [(2, 'Doctor Dooom', 2)])
        """
        db = default_database() if database is None else database
        resolved: list[ResolvedEntry] = []
        unknown: list[SkippedCard] = []
        found: dict[str, Card | None] = {}
        suggested: dict[str, tuple[str, ...]] = {}
        for entry in self.entries:
            if entry.name not in found:
                found[entry.name] = _find(db, entry.name)
            card = found[entry.name]
            if card is None:
                if entry.name not in suggested and len(suggested) < MAX_SUGGESTED:
                    suggested[entry.name] = tuple(db.suggest(_clean(entry.name), 3))
                unknown.append(
                    SkippedCard(
                        entry.line,
                        entry.name,
                        entry.count,
                        entry.section,
                        suggested.get(entry.name, ()),
                    )
                )
            else:
                resolved.append(ResolvedEntry(entry, card))
        unknown_main = sum(u.count for u in unknown if u.section == "main")
        return _commander_from_sideboard(tuple(resolved), unknown_main), tuple(unknown)

    def __str__(self) -> str:
        """The list in Arena's format."""
        parts: list[str] = []
        for name in SECTIONS:
            lines = [str(e) for e in self.entries if e.section == name]
            if lines:
                title = "Deck" if name == "main" else name.capitalize()
                parts.append("\n".join([title, *lines]))
        return "\n\n".join(parts)


def _clean(name: str) -> str:
    """A name as written, less Forge's foil ``+`` and with split-card slashes as
    ``//`` (Arena writes ``Fire /// Ice``, some lists ``Fire/Ice``)."""
    name = name.rstrip("+").rstrip() if name.endswith("+") else name
    return re.sub(r"\s*/{1,3}\s*", " // ", name) if "/" in name else name


def _find(db: CardDatabase, name: str) -> Card | None:
    card = db.get(name)
    if card is None:
        cleaned = _clean(name)
        if cleaned != name:
            card = db.get(cleaned)
    return card


def _commander_from_sideboard(
    resolved: tuple[ResolvedEntry, ...], unknown_main: int = 0
) -> tuple[ResolvedEntry, ...]:
    """MTGO exports a Commander deck as its 99 (or 98) cards and the commander(s)
    as the sideboard: one or two sideboard cards that can be commanders (CR 903.3,
    702.124), making 100 cards with the main deck (``unknown_main`` of its cards
    unknown), are the commanders."""
    if any(r.entry.section == "commander" for r in resolved):
        return resolved
    side = [r for r in resolved if r.entry.section == "sideboard"]
    side_cards = sum(r.count for r in side)
    main = unknown_main + sum(r.count for r in resolved if r.entry.section == "main")
    if not 1 <= side_cards <= 2 or main + side_cards != _COMMANDER_DECK:
        return resolved
    if not all(can_be_commander(r.card) for r in side):
        return resolved
    return tuple(
        ResolvedEntry(replace(r.entry, section="commander"), r.card)
        if r.entry.section == "sideboard"
        else r
        for r in resolved
    )
