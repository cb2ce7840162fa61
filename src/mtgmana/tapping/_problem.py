"""Private: the tapper's problem — a cost, a compiled board, floating mana and life —
and the integer weights that encode its preference order lexicographically (see
:mod:`mtgmana.tapping`)."""

from __future__ import annotations

import operator
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from .._solver import transport as T
from .._solver.flow import Row
from ..board import Board
from ..board.abilities import PermanentFilter
from ..board.queries import matches
from ..costs import ManaCost
from ..mana import Mana
from ..restrictions import Spend
from ._alternatives import AltGroup, alternative_groups, spell_keywords, tap_filters
from ._compile import Option, Source

__all__ = ["MAX_COMBINATIONS", "MAX_ORDERS", "Scan", "scanned"]

MAX_COMBINATIONS: Final = 600
"""At most this many flows (combinations and orders of multi-mana and mana-costing
activations) are solved for one plan: the branch and bound cuts the others. A board
that still needs more (such as twenty different Signets and filter lands) gets the
best plan found by then, or, when none was, the first payable one: payability
stays exact, only the optimality is given up. :func:`~mtgmana.tapping.can_pay` has
no such cap."""

MAX_NODES: Final = 30 * MAX_COMBINATIONS  # nodes of the branch and bound, same budget

MAX_ORDERS: Final = 24
"""Orders of mana-costing activations tried one by one when several different ones
are used; with more distinct orders, cycles are branched on instead (up to 192
solutions), then this many orders are tried."""


class Scale:
    """Integer weights for the preference order, lexicographic by construction."""

    def __init__(self, units: int) -> None:
        base = 32 * (units + 2)  # more than the ties below each level can add up to
        self.flex = base
        self.waste = base * base
        self.life = self.waste * base
        self.sacrifice = self.life * base * 4

    def sacrifice_weight(self, token: bool, creature: bool) -> int:
        return self.sacrifice * (1 + (0 if token else 2) + (1 if creature else 0))


_SCALES: dict[int, Scale] = {}


def _scale(units: int) -> Scale:
    """``Scale(units)``, remembered (a function of the number alone, never changed)."""
    found = _SCALES.get(units)
    if found is None:
        if len(_SCALES) >= 256:
            _SCALES.clear()
        found = _SCALES[units] = Scale(units)
    return found


class TapWeights(T.Weights):
    """The tapper's weights, each edge's remembered per pair of supply and demand
    objects (a problem's flows share them: tapping._network)."""

    def __init__(self, units: Sequence[Mana], scale: Scale) -> None:
        super().__init__(units, 1)
        self.life_weight = scale.life * T.LIFE_PER_SYMBOL
        self._edges: dict[tuple[int, int], tuple[T.Supply, T.Demand, int | None]] = {}
        # Per supplies (their ids), the supplies and per demand (its id) the demand
        # and its row: the entries hold them, so their ids aren't reused meanwhile.
        self._rows: dict[tuple[int, ...], tuple[Any, dict[int, tuple[T.Demand, Row]]]] = {}
        self._supplies: Sequence[T.Supply] = ()  # those of ``_current``
        self._current: dict[int, tuple[T.Demand, Row]] = {}
        self._count = 0  # rows remembered
        self._forward: dict[tuple[int, int], tuple[Row, Row]]
        self._forward = {}

    def edge(self, supply: T.Supply, demand: T.Demand) -> int | None:
        # By identity: the entry holds both objects, so their ids aren't reused.
        found = self._edges.get((id(supply), id(demand)))
        if found is not None and found[0] is supply and found[1] is demand:
            return found[2]
        weight = super().edge(supply, demand)
        self._edges[(id(supply), id(demand))] = (supply, demand, weight)
        return weight

    def row(self, supplies: Sequence[T.Supply], demand: T.Demand) -> Row:
        # Remembered per supplies and demand, by identity (the entries hold them, so
        # their ids aren't reused while they are remembered); the supplies asked
        # last are looked up once for all their demands.
        if supplies is not self._supplies:
            self._current = self._rows_of(supplies)
        found = self._current.get(id(demand))
        if found is not None:
            return found[1]
        row = Row(super().row(supplies, demand))
        self._count += 1
        if self._count > 4096:
            self._rows.clear()
            self._count = 1
            self._current = self._rows_of(supplies)
        self._current[id(demand)] = (demand, row)
        return row

    def _rows_of(self, supplies: Sequence[T.Supply]) -> dict[int, tuple[T.Demand, Row]]:
        """The rows remembered for these supplies (a new entry if none)."""
        self._supplies = supplies
        ids = tuple(map(id, supplies))
        entry = self._rows.get(ids)
        if entry is None:
            entry = self._rows[ids] = (tuple(supplies), {})
        return entry[1]

    def forward_row(self, supplies: Sequence[T.Supply], demand: T.Demand, k: int) -> Row:
        """:class:`ForwardFirst`'s row (its weights times ``k``), remembered per row
        of these weights (the same supplies and demand) and ``k``; the entry holds
        the row, so its id isn't reused while it is remembered."""
        row = self.row(supplies, demand)
        key = (id(row), k)
        found = self._forward.get(key)
        if found is not None and found[0] is row:
            return found[1]
        owner = demand.owner
        forward = Row(
            (s, w * k + (supplies[s].unordered and 0 <= owner < supplies[s].origin)) for s, w in row
        )
        if len(self._forward) >= 4096:
            self._forward.clear()
        self._forward[key] = (row, forward)
        return forward


class ForwardFirst(T.Weights):
    """The weights of the any-order relaxation: the tapper's, times ``k``, plus one
    for each unit of made mana that pays an activation before its own in the
    order tried — so that of the cheapest payments the flow picks one without a
    cycle when it can (divided back by :func:`solve`)."""

    def __init__(self, base: T.Weights, k: int) -> None:
        self.base = base
        self.k = k

    def unit(self, supply: T.Supply, demand: T.Demand) -> int:
        backward = supply.unordered and 0 <= demand.owner < supply.origin
        return self.base.unit(supply, demand) * self.k + backward

    def edge(self, supply: T.Supply, demand: T.Demand) -> int | None:
        weight = self.base.edge(supply, demand)
        if weight is None:
            return None
        return weight * self.k + (supply.unordered and 0 <= demand.owner < supply.origin)

    def row(self, supplies: Sequence[T.Supply], demand: T.Demand) -> list[tuple[int, int]]:
        if isinstance(self.base, TapWeights):
            return self.base.forward_row(supplies, demand, self.k)
        k, owner = self.k, demand.owner
        return [
            (s, w * k + (supplies[s].unordered and 0 <= owner < supplies[s].origin))
            for s, w in self.base.row(supplies, demand)
        ]

    def life(self) -> int:
        return self.base.life() * self.k


def solve(
    parts: Sequence[T.CostDemands],
    supplies: Sequence[T.Supply],
    counts: Sequence[int],
    life: int,
    weights: T.Weights,
) -> T.Solution | None:
    solution = T.solve(parts, supplies, counts, life, weights)
    if solution is not None and isinstance(weights, ForwardFirst):
        solution.cost //= weights.k  # a new solution: nothing else holds it
    return solution


class Scan(NamedTuple):
    """What every request reads of the compiled sources alone (:func:`scanned`)."""

    ids: tuple[int, ...]  # the sources' ids
    timed: bool  # an option activated only as an instant or discarding your hand
    sacrifices_others: bool  # a complex option's cost sacrifices other permanents
    restricted: bool  # an option makes restricted mana (CR 106.6)


_SCANS: dict[tuple[int, ...], tuple[tuple[Source, ...], Scan]] = {}


def scanned(sources: Sequence[Source]) -> Scan:
    """The sources' :class:`Scan`, remembered per sources (by identity: the entry
    holds them, so their ids can't be reused while it is remembered)."""
    ids = tuple(map(id, sources))
    hit = _SCANS.get(ids)
    if hit is not None and all(map(operator.is_, hit[0], sources)):
        return hit[1]
    options = [o for s in sources for o in (*s.simple, *s.complex)]
    scan = Scan(
        ids,
        any(s.timed for s in sources),
        any(s.sacrifices_others for s in sources),
        any(o.restriction is not None for o in options),
    )
    if len(_SCANS) >= 64:
        _SCANS.clear()
    _SCANS[ids] = (tuple(sources), scan)
    return scan


@dataclass
class Problem:
    board: Board
    sources: list[Source]
    pool: tuple[Mana, ...]
    cost: ManaCost
    life: int
    x: int
    spend: Spend
    future: list[ManaCost]
    scale: Scale = field(init=False)
    creatures: int = field(init=False)
    solves: int = field(default=0, init=False)  # flows solved so far
    filters: list[PermanentFilter] = field(init=False)  # "Tap ... you control" filters
    alternatives: list[AltGroup] = field(init=False)  # what pays besides mana
    keywords: frozenset[str] = field(init=False)  # the spell's convoke, improvise, delve
    fits: dict[Any, tuple[int, ...]] = field(default_factory=dict, init=False)
    """Per "Sacrifice ..." filter, the permanents it may take (tapping._victims)."""

    shared: Any = field(default=None, init=False)
    """What every flow of the problem shares (tapping._network.Shared), once made."""

    deadline: float | None = field(default=None, init=False)
    """When the search for the best plan stops (``time.process_time()``), if it does."""
    survive: bool = field(default=False, init=False)
    """Only plans that leave at least 1 life (CR 704.5a: at 0 or less the game is
    lost), damage and life paid together."""
    decide_by: float | None = field(default=None, init=False)
    """When the search for any payable plan gives up (``SearchTooLong``), if it does."""
    ticks: int = field(default=0, init=False)
    """How many times :attr:`spent` was asked (it reads the clock every 8th time)."""
    source_ids: tuple[int, ...] = field(default=(), init=False)
    """The ids of the compiled sources: what the board's remembered facts are found
    by (with the objects themselves checked: the entries hold them)."""
    scan: Scan = field(init=False)
    """What the sources are (:func:`scanned`)."""

    @property
    def spent(self) -> bool:
        """Whether the plan's budget of flows (``MAX_COMBINATIONS``) is used up, or
        its time (``deadline``)."""
        if self.solves >= MAX_COMBINATIONS:
            return True
        if self.deadline is None:
            return False
        self.ticks += 1
        if self.ticks & 7:  # the process clock is a system call: read every 8th time
            return False
        if time.process_time() > self.deadline:
            self.solves = MAX_COMBINATIONS
            return True
        return False

    def __post_init__(self) -> None:
        self.keywords = spell_keywords(self.spend)
        self.scan = scanned(self.sources)
        self.source_ids = self.scan.ids
        key = (id(self.board), self.source_ids, self.keywords)
        hit = _FACTS.get(key)
        if (
            hit is not None
            and hit[0] is self.board
            and all(map(operator.is_, hit[1], self.sources))
        ):
            _, _, self.creatures, filters, alternatives, units = hit
            self.filters, self.alternatives = list(filters), list(alternatives)
        else:
            units = self._board_facts()
            if len(_FACTS) >= 32:
                _FACTS.clear()
            _FACTS[key] = (
                self.board, tuple(self.sources), self.creatures, tuple(self.filters),
                tuple(self.alternatives), units,
            )  # fmt: skip
        self.scale = _scale(units + len(self.pool))

    def _board_facts(self) -> int:
        """Set what depends on the board and the spell's keywords only (your
        creatures, the "Tap ... you control" filters, the non-mana units) and return
        the number of units the sources and the non-mana units can be at most."""
        self.creatures = sum(
            1
            for p in self.board.permanents
            if p.controller == "you" and p.is_creature and p.zone == "battlefield"
        )
        self.filters = tap_filters(self.sources)
        self.alternatives = alternative_groups(self.board, self.sources, self.spend, self.filters)
        units = sum(
            len(s.indexes) * max(len(o.slots) for o in (*s.simple, *s.complex))
            + sum(self.repeats(s) * len(o.slots) for o in s.complex if o.repeatable)
            for s in self.sources
        )
        return units + sum(group.count + group.added for group in self.alternatives)

    def repeats(self, source: Source) -> int:
        """How many times a repeatable option of ``source`` is tried: at most once
        per permanent it may sacrifice or N permanents it may tap ("Sacrifice a
        creature", "Tap N untapped ... you control"), per resource it may pay
        (energy, cards), per counters it removes of the permanent's, else once per
        permanent."""
        return max((self.option_repeats(source, o) for o in source.complex), default=0)

    def counters(self, source: Source) -> int:
        """The counters on the permanent of a group whose activations share them
        (one permanent: see :attr:`Option.budgeted`)."""
        return self.board.permanents[source.indexes[0]].counters

    def most_slots(self, source: Source) -> int:
        """The most mana one permanent of ``source`` can make, costs aside: its
        largest once-only option, and each repeatable one as often as it's tried."""
        once = max(
            (len(o.slots) for o in (*source.simple, *source.complex) if not o.repeatable),
            default=0,
        )
        return once + sum(
            len(o.slots) * self.option_repeats(source, o) for o in source.complex if o.repeatable
        )

    def option_repeats(self, source: Source, option: Option) -> int:
        """:meth:`repeats` for one option (0 for a once-only one)."""
        if not option.repeatable:
            return 0
        if option.budgeted:
            return self.counters(source) // option.counters
        bounds = []
        if option.sacrifices is not None:
            item, n = option.sacrifices
            bounds.append(self.sacrificeable(item) // n)
        if option.taps is not None:
            item, n = option.taps
            k = self.filters.index(item)
            fits = sum(g.count for g in self.alternatives if f"tap:{k}" in g.labels)
            bounds.append(fits // n)
        for need, have in zip(
            option.resources,
            (self.board.energy, self.board.hand, self.board.graveyard),
            strict=True,
        ):
            if need:
                bounds.append(have // need)
        return min(bounds) if bounds else len(source.indexes)

    def sacrificeable(self, item: PermanentFilter) -> int:
        """How many of your permanents a "Sacrifice ..." cost could take."""
        board = self.board
        return sum(
            1
            for identifier, p in zip(board.ids, board.permanents, strict=True)
            if p.controller == "you"
            and p.zone == "battlefield"
            and matches(item, p, identifier, None, "you", None)
        )


_FACTS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
"""What a problem reads of its board and sources alone (:meth:`Problem._board_facts`),
for the boards last used (the entry holds the board and sources: their ids can't be
reused while it is cached)."""


@dataclass
class Instance:
    """A multi-mana (or mana-costing) activation chosen in a combination."""

    source: int  # position in the sources list
    copy: int  # which permanent of the group
    option: Option


@dataclass
class Candidate:
    """A combination solved in an order of its activations (``instances``)."""

    value: tuple[int, ...]
    instances: list[Instance]
    simple_counts: list[int]  # per source: permanents left as one-mana units
    solution: T.Solution
    supplies: list[T.Supply]
    members: list[list[Any]]
    future_kept: int
    victims: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per position of an activation whose cost sacrifices other permanents, their
    board indexes (:mod:`mtgmana.tapping._victims`)."""
    permanents: tuple[int, ...] = ()
    """Per position, the board index of the activation's permanent."""
