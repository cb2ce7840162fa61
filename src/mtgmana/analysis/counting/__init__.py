"""Karsten's counting of a deck's mana (shared/reference/karsten-2022.md): each
spell's :class:`SpellReport` (its pips, Karsten's required sources, the deck's
sources and the exact model's probability), each land's :class:`LandReport`, the
sources of each color (:class:`ColorSources`) and the land count against his
formula (:class:`LandCount`). :mod:`._counting` states the rules; the cost each
spell is asked about (delve, suspend, X chosen: :func:`cast_plan`) is the
simulation's too.

>>> from mtgmana.analysis.decks import Deck
>>> deck = Deck.parse("4 Llanowar Elves\\n4 Growth Spiral\\n16 Forest\\n8 Island\\n28 Opt")
>>> [(r.name, r.cost, r.turn) for r in spell_reports(deck, on_the_draw=False)][:2]
[('Llanowar Elves', '{G}', 1), ('Growth Spiral', '{G}{U}', 2)]
"""

from __future__ import annotations

from ._casting import CastPlan, cast_plan, x_for
from ._counter import MDFC_LAND, chosen_creature_type
from ._counting import (
    ColorNeed,
    ColorSources,
    LandCount,
    LandReport,
    SpellReport,
    color_sources,
    land_count,
    land_reports,
    spell_reports,
)

__all__ = [
    "MDFC_LAND",
    "CastPlan",
    "ColorNeed",
    "ColorSources",
    "LandCount",
    "LandReport",
    "SpellReport",
    "cast_plan",
    "chosen_creature_type",
    "color_sources",
    "land_count",
    "land_reports",
    "spell_reports",
    "x_for",
]
