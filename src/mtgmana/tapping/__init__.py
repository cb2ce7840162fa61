"""The exact auto-tapper: which sources to tap to pay a cost (CR 106, 107.4, 118,
601.2g-h, 605).

Given a :class:`~mtgmana.board.Board`, floating mana, a life total and a cost,
:func:`plan` finds a plan — which mana abilities to activate, in which order, with
which choices, and how their mana and the floating mana pay each symbol — or raises
:class:`~mtgmana.CannotPay`. It is exact: if any legal plan exists it finds one,
including plans that need filter lands or Signets (abilities that cost mana), and
the plan it returns is optimal under this preference order (each breaks the ties of
the ones before) — within a budget of ``MAX_COMBINATIONS`` flows that real boards
don't reach (past it: the best plan found, payability still exact):

0. don't lose the game: a plan whose damage and life paid leave 0 life or less
   (CR 704.5a) only when every plan does (at 1 life, two Treasures before
   Ancient Tomb);
1. lose no permanent that need not be lost (sacrifice tokens before nontoken
   permanents, noncreatures before creatures);
2. take the least damage and pay the least life;
3. keep the ``future`` costs (the rest of your hand) payable, together, by the
   one-mana sources left untapped, as many as possible (Sol Ring for ``{1}``
   when the Forest is needed for the ``{G}`` in hand; Springleaf Drum taps the
   creature the hand doesn't need);
4. leave the least mana unused: don't make mana that nothing spends (no Sol Ring
   for the last ``{1}`` when a land will do), spend floating mana before making
   more;
5. tap sources that make fewer types of mana before flexible ones (mana that
   abilities make counts as tapping nothing: Sol Ring before two lands);
6. then deterministically: of plans equal on 0-5, the first the search meets,
   with colorless and the most plentiful colors spent first, snow and legendary
   mana kept.

How: one-mana sources are units in a minimum-cost transport problem (a Tundra is a
unit that may be {W} or {U}); sources whose abilities make several mana, cost mana,
life or a permanent, or depend on choices that the flow can't express, are chosen
by branch and bound over the groups of identical permanents (a lower bound of
preferences 1-5 and Hall's condition cut branches; combinations are solved best
bound first), and mana made by one activation may pay only for activations after
it: the activations of a combination are first solved in any order (a relaxation);
when its made mana pays in a cycle, the orders are tried, or, when there are too
many, the cycle is broken by branching on which of its activations comes first.

"Discard your hand" (Lion's Eye Diamond) discards every card in the hand once (CR
701.9a: the board's ``hand``; a second one discards none); "Activate only as an
instant" (CR 602.5e) abilities are activated with priority, before the spell is cast
(CR 605.3a: not during it), their mana floating — so one that discards your hand
can't pay for a spell cast from your hand (``spend``'s zone "hand", or none given),
which it would discard, and a cost other than a spell's or an ability's raises
:class:`NotModelled`, as does "Discard your hand" with other costs that take cards
from the hand.

The package: :mod:`~mtgmana.tapping._compile` (a board compiled into sources,
incrementally), :mod:`~mtgmana.tapping._search`, :mod:`~mtgmana.tapping._tree`
(its nodes and bounds) and :mod:`~mtgmana.tapping._evaluate` (the branch and bound
and the flows),
:mod:`~mtgmana.tapping._hall` (Hall's theorem, bounds), :mod:`~mtgmana.tapping.plans`
(:class:`Plan`, :class:`Step`), :mod:`~mtgmana.tapping.activation` (one activation
by hand, :func:`activate`; replaying a plan) and :mod:`~mtgmana.tapping._options`
(what a board can produce). docs/tapper.md says why the search is exact.

>>> from mtgmana.board import Board
>>> result = plan("{1}{G}", Board.parse("2 Forest, Sol Ring"))
>>> [step.card for step in result.steps]      # not Sol Ring: it would waste a mana
['Forest', 'Forest']
>>> can_pay("{U}{U}", Board.parse("Sunken Ruins, Swamp"))   # the Swamp pays the filter
True
>>> max_x("{X}{R}", Board.parse("3 Mountain, Sol Ring"))
4
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names
from ._api import NotModelled, SearchTooLong, can_pay, max_x, plan
from ._problem import MAX_COMBINATIONS, MAX_ORDERS
from .plans import Plan, Replay, Step

if TYPE_CHECKING:
    from ._options import Options, options
    from .activation import Activated, IllegalActivation, activate

_LAZY = {
    "Activated": "activation", "IllegalActivation": "activation", "activate": "activation",
    "Options": "_options", "options": "_options",
}  # fmt: skip
"""Imported when first used (PEP 562): ``mtgmana tap`` needs neither."""


__all__ = [
    "MAX_COMBINATIONS",
    "MAX_ORDERS",
    "Activated",
    "IllegalActivation",
    "NotModelled",
    "Options",
    "Plan",
    "Replay",
    "SearchTooLong",
    "Step",
    "activate",
    "can_pay",
    "max_x",
    "options",
    "plan",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals(), __all__)
