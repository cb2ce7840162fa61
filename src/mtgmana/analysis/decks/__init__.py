"""The resolved deck: a decklist (:mod:`mtgmana.analysis.decklists`) whose cards
have their roles (:mod:`mtgmana.analysis.roles`): :class:`Deck` and
:class:`DeckCard`, the colors its spells need (:func:`deck_colors`), the X values
asked for its cards (:func:`chosen_x`, CR 107.3, 702.33) and its format's
deckbuilding rules (:mod:`.legality`).

>>> deck = Deck.parse("Commander\\n1 Tatyova, Benthic Druid\\n\\n40 Forest\\n59 Opt")
>>> deck.deck_size, deck.format, str(deck.commander_colors)
(100, 'commander', 'UG')
"""

from __future__ import annotations

from ._base import BASIC_LANDS, DeckError
from ._deck import (
    COLOR_LETTERS,
    Deck,
    DeckCard,
    deck_colors,
    example_text,
    skipped_note,
    spell_items,
)
from ._x import MAX_X, chosen_x

__all__ = [
    "BASIC_LANDS",
    "COLOR_LETTERS",
    "MAX_X",
    "Deck",
    "DeckCard",
    "DeckError",
    "chosen_x",
    "deck_colors",
    "example_text",
    "skipped_note",
    "spell_items",
]

DeckError.__module__ = __name__  # its public home (it lives in _base)
