"""What the simulation's battlefields hold besides permanents, and so what the deck
counting and the simulation both assume a mana ability can use: no energy
(CR 122.1), no cards in the graveyard, a life total of 20 (CR 103.4), and the
questions asked on your own turn (CR 500). An ability that needs more makes no mana
there (:mod:`._mana`, :mod:`mtgmana.analysis.simulation._modal`)."""

from __future__ import annotations

from typing import Final

__all__ = ["SIM_ENERGY", "SIM_FACTS", "SIM_GRAVEYARD", "SIM_LIFE"]

SIM_ENERGY: Final = 0
"""The energy counters of the simulation's battlefields (energy isn't tracked)."""
SIM_GRAVEYARD: Final = 0
"""The cards in the graveyard of the simulation's battlefields (not tracked)."""
SIM_FACTS: Final = frozenset({"your turn"})
"""The facts of the game on the simulation's battlefields: its questions are asked
on your own turn (CR 500); no other fact (max speed, the monarch...) is tracked."""
SIM_LIFE: Final = 20
"""Your life total on the simulation's battlefields (CR 103.4; not tracked)."""
