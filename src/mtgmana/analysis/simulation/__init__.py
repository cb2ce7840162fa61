"""The seeded Monte Carlo of a real deck's mana (:func:`simulate`): London
mulligans, land drops, taplands, fetch lands, dorks, rocks and ramp, with every
castability question answered exactly. :mod:`._simulate` states the model; the
deck is compiled once into records (:mod:`._cards`), each battlefield is an
integer key (:mod:`._keys`, :mod:`._layout`), and the fast castability check
(:mod:`._sources`, :mod:`._payer`: Hall's theorem on the battlefield's reach)
leaves to the auto-tapper (:func:`mtgmana.tapping.can_pay`) only what it can't
decide.

>>> from mtgmana.analysis.decks import Deck
>>> deck = Deck.parse("4 Llanowar Elves\\n20 Grizzly Bears\\n14 Forest\\n22 Opt")
>>> simulate(deck, games=100, seed=1).spell("Grizzly Bears").games
100
"""

from __future__ import annotations

from ._simulate import (
    CHUNK,
    MAX_GAMES,
    WHAT_IF_GAMES,
    Simulation,
    SpellOdds,
    average_on_curve,
    simulate,
    wilson,
)

__all__ = [
    "CHUNK",
    "MAX_GAMES",
    "WHAT_IF_GAMES",
    "Simulation",
    "SpellOdds",
    "average_on_curve",
    "simulate",
    "wilson",
]
