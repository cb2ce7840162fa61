"""What each card does for a mana base (:func:`role_of`, :class:`CardRole`: lands
and how they enter, fetch lands, dorks, rocks, Treasure makers, ramp, the cost a
spell is cast for; :mod:`._role` states the rules it reads), what the static
effects of a deck's own cards do to its other permanents (:func:`deck_statics`,
CR 613), and what the simulation's battlefields hold besides permanents
(:data:`SIM_FACTS` and the others: what a mana ability may use there).

The deck's counting and the simulation both read cards through this package.

>>> from mtgmana.cards import lookup
>>> role_of(lookup("Llanowar Elves")).kind, role_of(lookup("Temple of Mystery")).entry.kind
('dork', EntryKind.TAPPED)
"""

from __future__ import annotations

from ...ability_text import Fetch
from ._assumptions import SIM_ENERGY, SIM_FACTS, SIM_GRAVEYARD, SIM_LIFE
from ._deck_statics import DeckStatics, deck_statics, static_note
from ._role import BASIC_TYPES, CardRole, Entry, Ramp, role_of, spell_faces, unknown_role
from ._statics import helps_mana, takes_types

__all__ = [
    "BASIC_TYPES",
    "SIM_ENERGY",
    "SIM_FACTS",
    "SIM_GRAVEYARD",
    "SIM_LIFE",
    "CardRole",
    "DeckStatics",
    "Entry",
    "Fetch",
    "Ramp",
    "deck_statics",
    "helps_mana",
    "role_of",
    "spell_faces",
    "static_note",
    "takes_types",
    "unknown_role",
]
