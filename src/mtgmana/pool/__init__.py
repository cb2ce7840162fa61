"""The mana pool (CR 106.3-106.13, 118.3a, 500.5) and the old mana-burn rule.

A :class:`ManaPool` holds units of :class:`~mtgmana.mana.Mana`. Mana goes in when an
effect adds it (CR 106.4) — from a type, a :class:`~mtgmana.mana.ManaKind` or mana
symbols (106.8-106.11; an undefined type adds nothing, 106.5) — and leaves when it is
spent on a described :class:`~mtgmana.restrictions.Spend` (118.3a; restrictions,
106.6), when the pool empties as a step or phase ends (106.4, 500.5), when an effect
makes a player lose it, or when it moves to another pool (Drain Power, 106.13).

>>> from mtgmana.pool import ManaPool, Ending, RestrictedManaError
>>> from mtgmana.mana import Source
>>> from mtgmana.colors import ManaType
>>> from mtgmana.restrictions import Spend, spells
>>> pool = ManaPool()
>>> _ = pool.add_symbols("{R}{R}", source=Source("p1", "Mountain"))
>>> (g,) = pool.add(ManaType.G, restriction=spells(types={"Creature"}))
>>> print(pool)
{R}{R}{G} (one {G} only to cast creature spells)
>>> try:
...     pool.spend([g], Spend.spell("Instant"))
... except RestrictedManaError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
{G} can be spent only to cast creature spells,
not on an instant spell (CR 106.6)
>>> "".join(map(str, pool.empty(Ending.STEP).lost))  # CR 106.4: every step and phase
'{R}{R}{G}'
>>> len(pool)
0

The rules of 2008 (seed glossary: "The mana pool is cleared at the end of each
phase"; "mana burn") are a value, as is mana burn alone:

>>> from mtgmana.pool import RULES_2008
>>> old = ManaPool(rules=RULES_2008)
>>> _ = old.add(ManaType.B, 3)
>>> old.empty(Ending.STEP).lost, len(old)
((), 3)
>>> old.empty(Ending.PHASE).life_lost  # loss of life, not damage
3

Retention and conversion effects are values the engine puts on the pool
(Upwelling, Omnath, Kruphix). They, the rules variants and the endings live in
:mod:`mtgmana.pool.emptying` and are re-exported here, as are the pool's errors and
events:

>>> from mtgmana.pool import Retention
>>> pool = ManaPool(retention=[Retention.type(ManaType.G, name="Omnath, Locus of Mana")])
>>> _ = pool.add_symbols("{G}{G}{U}")
>>> _ = pool.empty(Ending.PHASE)
>>> str(pool)
'{G}{G}'

The package: ``_pool`` (:class:`ManaPool`), ``_adding`` (the mana an effect adds),
``_announce`` (the words the pool is announced with), ``_events`` (its errors and
events), ``_losing`` (what becomes of unspent mana), ``_json`` (its saved form) and
:mod:`~mtgmana.pool.emptying` (when mana empties, and the effects that keep it).
"""

from __future__ import annotations

from ._events import (
    ManaAdded,
    ManaConverted,
    ManaEvent,
    ManaLost,
    ManaNotInPool,
    ManaSpent,
    RestrictedManaError,
)
from ._pool import ManaPool
from .emptying import CURRENT_RULES, RULES_2008, EmptyResult, Ending, Retention, Rules

__all__ = [
    "CURRENT_RULES",
    "RULES_2008",
    "EmptyResult",
    "Ending",
    "ManaAdded",
    "ManaConverted",
    "ManaEvent",
    "ManaLost",
    "ManaNotInPool",
    "ManaPool",
    "ManaSpent",
    "RestrictedManaError",
    "Retention",
    "Rules",
]
