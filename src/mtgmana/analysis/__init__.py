"""Deck analysis: how often a mana base casts its spells.

:mod:`mtgmana.analysis.karsten` computes Frank Karsten's 2022 castability model
exactly (no simulation), with the London mulligan (CR 103.5) and the Commander
rules (free mulligan, CR 103.5c; draw on turn 1, CR 103.8c):

>>> from mtgmana.analysis import castability, sources_needed
>>> round(castability(60, 25, 14, "{B}").probability, 4)
0.9129
>>> sources_needed(60, 25, "1CC").sources
18
"""

from __future__ import annotations

from .karsten import (
    REFERENCE_COSTS,
    REFERENCE_LANDS,
    Castability,
    Requirement,
    SourcesNeeded,
    castability,
    requirement,
    sources_needed,
    sources_table,
    target_for,
)

__all__ = [
    "REFERENCE_COSTS",
    "REFERENCE_LANDS",
    "Castability",
    "Requirement",
    "SourcesNeeded",
    "castability",
    "requirement",
    "sources_needed",
    "sources_table",
    "target_for",
]
