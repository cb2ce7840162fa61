"""Private: costs as people type them (``mtgmana pay``'s and ``tap``'s cost, lenient
notation), parsed once per text; floating mana is read by :mod:`mtgmana.floating`."""

from __future__ import annotations

import functools

from ..costs import ManaCost

__all__ = ["lenient_cost"]


@functools.lru_cache(maxsize=4096)
def lenient_cost(text: str) -> ManaCost:
    """``ManaCost.parse(text, lenient=True)``, remembered (costs are immutable values):
    an engine asks the same few costs again and again."""
    return ManaCost.parse(text, lenient=True)
