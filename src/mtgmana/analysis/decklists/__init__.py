"""Decklists as people export them, read and resolved against the card database
(the bottom of the deck analysis: it needs only the cards).

:class:`Decklist` reads plain lists, Arena, MTGO, Moxfield, Archidekt, TappedOut,
Forge and Cockatrice exports (:mod:`._decklist` says how) into :class:`DeckEntry`
values and resolves them to cards; :func:`can_be_commander` (CR 903.3, 702.124)
tells a commander in an MTGO export's sideboard.

>>> deck = Decklist.parse("Commander\\n1 Tatyova, Benthic Druid\\n\\n40 Forest\\n59 Opt")
>>> deck.count("commander"), deck.count("main")
(1, 99)
"""

from __future__ import annotations

from ._commander import can_be_commander
from ._decklist import Decklist, ResolvedEntry
from ._entry import (
    MAX_CARDS,
    MAX_COPIES,
    MAX_LINE,
    MAX_SUGGESTED,
    MAX_TEXT,
    SECTIONS,
    DeckEntry,
    DecklistError,
    SkippedCard,
    UnknownCard,
)

__all__ = [
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_LINE",
    "MAX_SUGGESTED",
    "MAX_TEXT",
    "SECTIONS",
    "DeckEntry",
    "Decklist",
    "DecklistError",
    "ResolvedEntry",
    "SkippedCard",
    "UnknownCard",
    "can_be_commander",
]

# Their public home is this package (they live in _entry for the readers).
for _shared in (DeckEntry, DecklistError, SkippedCard, UnknownCard):
    _shared.__module__ = __name__
