"""Private: the transport network of one combination of activations in one order
(CR 601.2g-h, 605.3a): the demands of the cost, of the activations' costs and of
the future costs, and the supplies — floating mana, one-mana sources, permanents
that pay otherwise than with mana (CR 602.2b, 702.51a, 702.66a, 702.126a) and the
mana the activations make.

A problem solves many flows (combinations, orders, relaxations); most of what they
are made of doesn't change between them: the cost's demands, the floating mana,
each one-mana source, each activation's cost at a given position. :class:`Shared`
builds each part once per problem and hands the same objects to every flow, so
the edge weights (:class:`mtgmana._solver.transport.Weights`) are remembered per pair of
objects too. The network built is the one built from scratch, part for part.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from .._solver import transport as T
from ..costs import ManaCost
from ..restrictions import Restriction, Spend, SpendKind
from ._alternatives import buried, generic_labels, tap_only
from ._compile import EFFECT, ORDER, SELF, Option
from ._hall import bits_of
from ._problem import Problem, TapWeights

__all__: list[str] = []

MemberKind = Literal["simple", "made", "alt"]
"""What a supply class's members are: one-mana units, made mana, non-mana units."""

_ACTIVATION = Spend(SpendKind.ABILITY)
_ACTIVATION_SPENDS = (_ACTIVATION, _ACTIVATION.paying_x())


@dataclass
class Network:
    """One flow's transport problem: the cost parts (the current ones first, then
    from ``future_start`` the future costs), the supply classes, their members and
    counts."""

    parts: list[T.CostDemands]
    future_start: int
    supplies: list[T.Supply]
    members: list[list[Any]]
    counts: list[int]


class _Spends:
    """What depends on the number of activations whose costs are demands: the
    spends list (the spell's, then two per activation, then two per future cost)
    and the supplies whose restrictions are judged against it."""

    def __init__(self, shared: Shared, acting: int) -> None:
        problem = shared.problem
        spends = [problem.spend, problem.spend.paying_x()]
        spends += list(_ACTIVATION_SPENDS) * acting
        self.future_parts: list[T.CostDemands] | None = []
        for future_cost in problem.future:
            index = len(spends)
            spends += [Spend(SpendKind.SPELL, cost=future_cost)] * 2
            try:
                self.future_parts.append(
                    T.cost_demands(future_cost, 0, index, index + 1, T.ALL_TYPES, current=False)
                )
            except T.Unpayable:
                self.future_parts = None
                break
        self.spends = spends
        self.everything = (True,) * len(spends)
        self.verdicts: dict[Restriction | None, tuple[bool, ...]] = {None: self.everything}
        scale = problem.scale
        pool_classes, pool_members = T.supply_classes(problem.pool, spends)
        # Floating mana left unspent goes unused too (preference 3): spending it is
        # worth as much as spending made mana, so it is spent before anything is tapped.
        self.pool = [replace(s, extra=s.extra - scale.waste) for s in pool_classes]
        self.pool_members = [list(m) for m in pool_members]
        self.simple: list[T.Supply | None] = [
            self._simple(shared, g) for g in range(len(problem.sources))
        ]
        self.made: dict[tuple[Any, ...], list[tuple[T.Supply, int]]] = {}
        self.alt: dict[tuple[int, int, frozenset[str]], T.Supply] = {}
        self.units: dict[tuple[int, ...], tuple[list[T.Supply], list[list[Any]], list[int]]] = {}
        """Per count of one-mana units of each group: the floating mana's and the
        one-mana units' supply classes, their members and counts (at most 4096)."""

    def allowed(self, restriction: Restriction | None) -> tuple[bool, ...]:
        found = self.verdicts.get(restriction)
        if found is None:
            assert restriction is not None
            found = self.verdicts[restriction] = tuple(restriction.allows(s) for s in self.spends)
        return found

    def _simple(self, shared: Shared, g: int) -> T.Supply | None:
        """A one-mana source of group ``g``: a unit that may be any of the types its
        options make, at their damage and sacrifice."""
        problem = shared.problem
        source = problem.sources[g]
        if not source.simple:
            return None
        scale = problem.scale
        type_cost: dict[Any, int] = {}
        for option in source.simple:
            weight = scale.life * option.damage
            if option.sacrifice_self:
                weight += scale.sacrifice_weight(source.token, source.creature)
            for t in option.slots[0]:
                type_cost[t] = min(type_cost.get(t, weight), weight)
        types = frozenset(type_cost)
        restriction = source.simple[0].restriction
        return T.Supply(
            types, source.snow, source.legendary, restriction is not None,
            self.allowed(restriction), -1, scale.flex * len(types),
            tuple(sorted(type_cost.items(), key=lambda kv: ORDER[kv[0]])), ("simple", g),
            alt=shared.labels[g],
        )  # fmt: skip


class Shared:
    """The parts of a problem's networks that every flow shares, built when first
    needed (see the module's docstring): all but the cost's own demands, so the
    problems of one board and pool asking other costs share them too
    (:func:`shared`)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.weights = TapWeights(problem.pool, problem.scale)
        self.labels: list[frozenset[str]] = [frozenset()] * len(problem.sources)
        for group in reversed(problem.alternatives):  # the first group of each wins
            if group.group is not None:
                self.labels[group.group] = group.labels
        self.simple_bits = [
            bits_of(frozenset().union(*(o.slots[0] for o in s.simple))) if s.simple else 0
            for s in problem.sources
        ]
        """Per group, the bits of the types its one-mana units may be (0: none)."""
        self.first_units: dict[tuple[Any, ...], tuple[tuple[int, int], ...]] = {}
        """Per count of one-mana units of each group and activations that cost no
        mana, the units that may pay the first mana-costing activation, snow and
        ``counted`` (tapping._evaluate._first_payable)."""
        self._spends: dict[int, _Spends] = {}
        self._activations: dict[tuple[int, int, int], tuple[T.CostDemands, ...] | None] = {}
        self._members: dict[tuple[str, Any, int], list[Any]] = {}
        self._bodies: dict[tuple[Any, ...], Network | None] = {}

    def body(
        self,
        order: Sequence[Any],
        simple_counts: Sequence[int],
        relaxed: bool,
        forbidden: dict[int, frozenset[int]] | None,
    ) -> Network | None:
        """A network's all but the cost's own demands (:func:`_body`), remembered per
        activation (its group and option) in order, count of each group's one-mana
        units, ``relaxed`` and ``forbidden`` (at most 4096): it depends on nothing
        else of the problem's (docs/tapper.md, "Compiling once")."""
        key = (
            tuple([(inst.source, id(inst.option)) for inst in order]),
            tuple(simple_counts),
            relaxed,
            frozenset(forbidden.items()) if forbidden else None,
        )
        try:
            return self._bodies[key]
        except KeyError:
            pass
        if len(self._bodies) >= 4096:
            self._bodies.clear()
        found = self._bodies[key] = _body(self, order, simple_counts, relaxed, forbidden)
        return found

    def spends(self, acting: int) -> _Spends:
        found = self._spends.get(acting)
        if found is None:
            found = self._spends[acting] = _Spends(self, acting)
        return found

    def activation_parts(
        self, option: Option, position: int, index: int
    ) -> tuple[T.CostDemands, ...] | None:
        """An activation's cost as demands: its mana cost, and the permanents it taps
        (CR 602.2b); None when its mana cost can't be paid (CR 118.6)."""
        key = (id(option), position, index)
        if key in self._activations:
            return self._activations[key]
        parts: list[T.CostDemands] = []
        found: tuple[T.CostDemands, ...] | None = None
        try:
            if option.mana_cost is not None:
                parts.append(
                    T.cost_demands(
                        option.mana_cost, 0, index, index + 1, T.ALL_TYPES, current=True,
                        owner=position,
                    )
                )  # fmt: skip
            if option.taps is not None:
                label = f"tap:{self.problem.filters.index(option.taps[0])}"
                tap = T.Demand(
                    frozenset(), spend_index=index, owner=position, alt=frozenset({label})
                )
                parts.append(
                    T.CostDemands(Counter({tap: option.taps[1]}), {}, index, True, position)
                )
            found = tuple(parts)
        except T.Unpayable:
            found = None
        self._activations[key] = found
        return found

    def members(self, kind: MemberKind, key: Any, n: int) -> list[Any]:
        """The members of a supply class of ``n`` units (the same list every time:
        nothing changes them)."""
        found = self._members.get((kind, key, n))
        if found is None:
            if kind == "simple":
                found = [(key, i) for i in range(n)]
            elif kind == "made":
                found = [("made", *key, i) for i in range(n)]
            else:
                found = [("alt", *key, i) for i in range(n)]
            self._members[(kind, key, n)] = found
        return found


def shared(problem: Problem) -> Shared:
    """The problem's :class:`Shared` parts: those of the problems before it with the
    same compiled board, weights, non-mana units and future costs — and the same
    spend, when restrictions could tell spends apart — else new ones. Floating mana
    (its units are the plan's) isn't shared."""
    found = problem.shared
    if isinstance(found, Shared):
        return found
    key = _context(problem)
    hit = _SHARED.get(key) if key is not None else None
    if hit is not None and hit[0] == tuple(problem.sources) and hit[1] is problem.board:
        found = hit[2]
    else:
        found = Shared(problem)
        if key is not None:
            if len(_SHARED) >= 16:
                _SHARED.clear()
            _SHARED[key] = (tuple(problem.sources), problem.board, found)
    problem.shared = found
    return found


_SHARED: dict[tuple[Any, ...], tuple[tuple[Any, ...], Any, Shared]] = {}


def _context(problem: Problem) -> tuple[Any, ...] | None:
    """What the shared parts depend on besides the cost (None: not shared). The
    entry holds the sources and the board, so their ids can't be reused while it is
    cached; ``is`` checks them."""
    if problem.pool:
        return None
    scan = problem.scan
    return (
        scan.ids, id(problem.board), problem.scale.flex,
        tuple(problem.alternatives), tuple(problem.future), problem.keywords,
        problem.spend if scan.restricted else None,
    )  # fmt: skip


@functools.lru_cache(maxsize=256)
def _cost_part(cost: ManaCost, x: int, keywords: frozenset[str]) -> T.CostDemands | None:
    """The cost's demands (the same object for the same cost: the weights of its
    edges are remembered), or None when it can't be paid (CR 118.6)."""
    try:
        return T.cost_demands(
            cost, x, 0, 1, T.ALL_TYPES, current=True,
            alt_generic=generic_labels(keywords), convoke="convoke" in keywords,
        )  # fmt: skip
    except T.Unpayable:
        return None


def network(
    problem: Problem,
    order: Sequence[Any],
    simple_counts: Sequence[int],
    relaxed: bool,
    forbidden: dict[int, frozenset[int]] | None,
) -> Network | None:
    """The network of these activations in this order (``relaxed``: made mana may
    pay any activation but its own and those ``forbidden`` to it); None when a
    cost can't be paid at all (CR 118.6). All but the cost's own demands is the
    board's (:meth:`Shared.body`): the supply lists are shared, read only."""
    common = shared(problem)
    cost_part = _cost_part(problem.cost, problem.x, problem.keywords)
    if cost_part is None:
        return None
    body = common.body(order, simple_counts, relaxed, forbidden)
    if body is None:
        return None
    return Network(
        [cost_part, *body.parts], body.future_start + 1, body.supplies, body.members, body.counts
    )


def _body(
    common: Shared,
    order: Sequence[Any],
    simple_counts: Sequence[int],
    relaxed: bool,
    forbidden: dict[int, frozenset[int]] | None,
) -> Network | None:
    """:func:`network` without the cost's part: the activations' costs (their
    ``future_start`` the future costs'), the supplies, their members and counts."""
    parts: list[T.CostDemands] = []
    acting = 0
    for position, inst in enumerate(order):
        option = inst.option
        if option.mana_cost is None and option.taps is None:
            continue
        more = common.activation_parts(option, position, 2 + 2 * acting)
        if more is None:
            return None
        parts.extend(more)
        acting += 1
    spends = common.spends(acting)
    if spends.future_parts is None:
        return None
    future_start = len(parts)
    parts.extend(spends.future_parts)
    supplies, members, counts = _units(common, spends, simple_counts)
    _alternatives(common, spends, order, supplies, members, counts)
    for position, inst in enumerate(order):
        not_for = forbidden.get(position, frozenset()) if forbidden else frozenset()
        for supply, n in _made(common, spends, inst, position, relaxed, not_for):
            supplies.append(supply)
            members.append(common.members("made", supply.key[1:], n))
            counts.append(n)
    return Network(parts, future_start, supplies, members, counts)


def _units(
    common: Shared, spends: _Spends, simple_counts: Sequence[int]
) -> tuple[list[T.Supply], list[list[Any]], list[int]]:
    """The floating mana and the one-mana units as supply classes, their members
    and counts (new lists, remembered per count of each group's units)."""
    key = tuple(simple_counts)
    found = spends.units.get(key)
    if found is None:
        supplies = list(spends.pool)
        members = list(spends.pool_members)
        counts = [len(m) for m in members]
        for g, n in enumerate(simple_counts):
            supply = spends.simple[g]
            if n and supply is not None:
                supplies.append(supply)
                members.append(common.members("simple", g, n))
                counts.append(n)
        if len(spends.units) >= 4096:
            spends.units.clear()
        found = spends.units[key] = (supplies, members, counts)
    return list(found[0]), list(found[1]), list(found[2])


def _made(
    common: Shared,
    spends: _Spends,
    inst: Any,
    position: int,
    relaxed: bool,
    not_for: frozenset[int],
) -> list[tuple[T.Supply, int]]:
    """The mana an activation makes: each slot a unit (unused ones are wasted). A
    triggered mana ability's mana is its own permanent's (CR 106.3): snow, legendary
    and unrestricted as that permanent makes it (Wild Growth)."""
    option: Option = inst.option
    key = (id(option), inst.source, position, relaxed, not_for)
    found = spends.made.get(key)
    if found is not None:
        return found
    problem = common.problem
    source = problem.sources[inst.source]
    slots = Counter((types, option.origin(i)) for i, types in enumerate(option.slots))
    found = []
    for (types, origin), n in sorted(
        slots.items(), key=lambda kv: (sorted(ORDER[t] for t in kv[0][0]), kv[0][1])
    ):
        restriction = option.restriction if origin == SELF else None
        if origin == SELF:
            snow, legendary = source.snow, source.legendary
        elif origin == EFFECT:
            snow = legendary = False
        else:
            maker = problem.board.permanents[origin]
            snow, legendary = maker.is_snow, maker.is_legendary
        supply = T.Supply(
            types, snow, legendary, restriction is not None, spends.allowed(restriction),
            position, -problem.scale.waste, (), ("made", position, types, origin), relaxed,
            not_for,
        )  # fmt: skip
        found.append((supply, n))
    spends.made[key] = found
    return found


def _alternatives(
    common: Shared,
    spends: _Spends,
    order: Sequence[Any],
    supplies: list[T.Supply],
    members: list[list[Any]],
    counts: list[int],
) -> None:
    """The units that pay otherwise than with mana (tapping._alternatives): the
    permanents of a group that aren't its one-mana units nor tapped by an activation
    of theirs — those an activation sacrificed during CR 601.2g only for "tap"
    costs — and the permanents and graveyard cards outside the compiled groups."""
    problem = common.problem
    for number, group in enumerate(problem.alternatives):
        if group.group is None:
            count = group.count
            if not group.indexes:  # graveyard cards: less what activations exiled,
                # plus what they put there (CR 601.2g before 601.2h)
                count -= sum(inst.option.resources[2] for inst in order)
                count += sum(buried(problem.sources[inst.source], inst.option) for inst in order)
                if any(inst.option.discards_hand for inst in order):
                    count += problem.board.hand  # the hand discarded, once
            tiers = [(group.labels, count)]
        else:
            g = group.group
            source = problem.sources[g]
            tapping = sum(1 for inst in order if inst.source == g and inst.option.taps_self)
            gone = sum(
                1
                for inst in order
                if inst.source == g and not inst.option.taps_self and not inst.option.repeatable
            )
            free = len(source.indexes) - tapping - gone
            tiers = [(tap_only(group.labels), gone)]
            if not source.simple:  # else they are the group's one-mana units
                tiers.append((group.labels, free))
        for tier, (labels, n) in enumerate(tiers):
            if not labels or n <= 0:
                continue
            key = (number, tier, labels)
            supply = spends.alt.get(key)
            if supply is None:
                supply = spends.alt[key] = T.Supply(
                    frozenset(), False, False, False, spends.everything, -1, problem.scale.flex,
                    (), ("alt", number, tier), alt=labels,
                )  # fmt: skip
            supplies.append(supply)
            members.append(common.members("alt", (number, tier), n))
            counts.append(n)
