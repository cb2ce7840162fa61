"""Private: the best plan for one combination of multi-mana and mana-costing
activations (CR 605.3a: mana made by one activation pays only for later ones), by
min-cost flows over the orders in which they could be activated — every order at
once as a relaxation, then the orders themselves, or branching on the cycles of the
relaxed solution when there are too many orders (see docs/tapper.md)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from .. import _transport as T
from ..costs import ManaCost
from ..mana import ManaType
from ..restrictions import Restriction, Spend, SpendKind
from ._alternatives import buried, generic_labels, tap_only
from ._compile import EFFECT, ORDER, SELF, Option, Source
from ._hall import SNOW_BIT, bits_of, hall, symbol_masks
from ._problem import (
    MAX_ORDERS,
    Candidate,
    ForwardFirst,
    Instance,
    Problem,
    TapWeights,
    solve,
)
from ._victims import arranged, assign_victims, place, victim_edges, victims_cost, victims_left

__all__ = ["Candidate", "Instance"]

_ORDER = ORDER


def choice_rows(problem: Problem) -> list[list[list[int]]]:
    """Per group of identical permanents, every way to choose how many use each
    complex option (the rest are one-mana units, or idle)."""
    per_group: list[list[list[int]]] = []
    for source in problem.sources:
        k = len(source.indexes)
        once = [i for i, o in enumerate(source.complex) if not o.repeatable]
        again = [i for i, o in enumerate(source.complex) if o.repeatable]
        budget = None
        if any(o.budgeted for o in source.complex):
            budget = problem.counters(source)  # one permanent (_compile.compile_board)
        bounds = [problem.option_repeats(source, source.complex[i]) for i in again]
        choices: list[list[int]] = []
        for split in _compositions(k, len(once)):
            left = budget
            if left is not None:
                taken = zip(once, split, strict=True)
                left -= sum(n * source.complex[i].counters for i, n in taken)
                if left < 0:
                    continue  # more counters than the permanent has
            for repeats in _repeats([source.complex[i] for i in again], bounds, left):
                row = [0] * len(source.complex)
                for i, n in zip(once, split, strict=True):
                    row[i] = n
                for i, n in zip(again, repeats, strict=True):
                    row[i] = n
                choices.append(row)
        per_group.append(choices)
    return per_group


def _repeats(
    options: Sequence[Option], bounds: Sequence[int], budget: int | None
) -> Iterator[tuple[int, ...]]:
    """How many times each repeatable option is activated: each within its bound,
    the counters they remove in all within ``budget`` (the permanent's counters,
    CR 602.2b: a cost can't remove counters that aren't there). Every split is
    tried: two activations of a storage land removing 1 counter each may beat one
    removing 2 (their costs take mana that would be left unused)."""

    def go(i: int, left: int | None) -> Iterator[tuple[int, ...]]:
        if i == len(options):
            yield ()
            return
        option = options[i]
        top = bounds[i]
        if left is not None and option.counters:
            top = min(top, left // option.counters)
        for n in range(top + 1):
            for more in go(i + 1, None if left is None else left - n * option.counters):
                yield (n, *more)

    yield from go(0, budget)


def instances_of(problem: Problem, picks: Sequence[list[int]]) -> tuple[list[Instance], list[int]]:
    """The activations a choice of rows stands for, and per group the permanents
    left as one-mana units."""
    instances: list[Instance] = []
    simple_counts: list[int] = []
    for g, counts in enumerate(picks):
        copy = 0
        for option_index, n in enumerate(counts):
            option = problem.sources[g].complex[option_index]
            for _ in range(n):
                # A repeatable ability doesn't use up its permanent (any of the
                # group will do); a once-only one does.
                instances.append(Instance(g, 0 if option.repeatable else copy, option))
                copy += 0 if option.repeatable else 1
        simple_counts.append(len(problem.sources[g].indexes) - copy)
    return instances, simple_counts


def _compositions(k: int, m: int) -> Iterator[tuple[int, ...]]:
    """Ways to put at most k copies into m options (the rest stay)."""
    if m == 0:
        yield ()
        return
    for first in range(k + 1):
        for rest in _compositions(k - first, m - 1):
            yield (first, *rest)


def evaluate(
    problem: Problem,
    instances: list[Instance],
    simple_counts: list[int],
    future: Sequence[ManaCost],
    beat: tuple[int, ...] | None = None,
    shortcuts: bool = True,
) -> Candidate | None:
    """The best plan using exactly these complex activations (any order tried);
    with ``beat``, None when it can't be better than that. Without ``shortcuts``,
    every order is solved (the reference the tests compare with)."""
    sources = problem.sources
    scale = problem.scale
    fixed = 0
    self_sacrificed: set[int] = set()
    resources = [0, 0, 0]
    for inst in instances:
        source = sources[inst.source]
        option = inst.option
        if option.sacrifice_self:
            fixed += scale.sacrifice_weight(source.token, source.creature)
            self_sacrificed.add(source.indexes[inst.copy])
        fixed += scale.life * (option.damage + option.life)
        fixed += scale.waste * len(option.slots)
        for k, amount in enumerate(option.resources):
            resources[k] += amount
    # Energy, cards discarded, cards exiled from the graveyard: what the board has,
    # paid like life (energy) or like lost cards (CR 107.14, 701.9, 406).
    board = problem.board
    if any(
        need > have
        for need, have in zip(resources, (board.energy, board.hand, board.graveyard), strict=True)
    ):
        return None
    if any(inst.option.discards_hand for inst in instances):
        resources[1] = board.hand  # "Discard your hand": all of it, once (CR 701.9a)
    fixed += scale.life * resources[0] + scale.sacrifice * (3 * resources[1] + resources[2])
    if victims_cost(problem, instances, self_sacrificed) is None:
        return None  # not enough permanents to sacrifice, in any order
    life_used = sum(inst.option.life + inst.option.damage for inst in instances)
    if sum(inst.option.life for inst in instances) > problem.life:  # CR 119.4
        return None
    if problem.survive and life_used >= problem.life:  # CR 704.5a: the game is lost
        return None
    # "Tap an untapped creature you control" (Springleaf Drum), convoke, improvise and
    # delve are units of the flow (tapping._alternatives): it chooses the permanents.
    costing = [inst for inst in instances if inst.option.mana_cost is not None]
    if shortcuts and costing and not _first_payable(problem, instances, simple_counts, costing):
        return None
    ordered = arranged(problem, instances)
    orders = _orders(instances, ordered)
    first = next(orders)
    life_left = max(0, problem.life - life_used - problem.survive)
    kinds = Counter((inst.source, id(inst.option)) for inst in ordered)
    floor: tuple[int, ...] | None = None
    if shortcuts and len(kinds) > 1:
        distinct = math.factorial(len(ordered))
        for n in kinds.values():
            distinct //= math.factorial(n)
        if distinct > MAX_ORDERS:  # too many to try: branch on cycles instead
            try:
                return _order_search(problem, first, simple_counts, fixed, life_left, future, beat)
            except _TooManyCycles:
                pass
        # Every order at once first: a lower bound, and when its mana flows without
        # a cycle, an order that reaches it (CR 605.3a).
        relaxed = _solve_order(problem, first, simple_counts, fixed, life_left, future, True)
        if relaxed is None or (beat is not None and relaxed.value[:5] >= beat):
            return None
        floor = relaxed.value[:5]
        found, _ = _precedence(relaxed)
        if found is not None:
            exact = _solve_order(problem, found, simple_counts, fixed, life_left, future)
            if exact is not None and exact.value <= relaxed.value:
                return exact  # and no order does better than the relaxation
    best: Candidate | None = None
    for order in itertools.chain([first], orders):
        candidate = _solve_order(problem, order, simple_counts, fixed, life_left, future)
        if candidate is not None and (best is None or candidate.value < best.value):
            best = candidate
            if best.value[:5] == floor:
                break  # as good as any order can be
        if shortcuts and problem.spent and best is not None:
            break
    return best


def _first_payable(
    problem: Problem,
    instances: Sequence[Instance],
    simple_counts: Sequence[int],
    costing: Sequence[Instance],
) -> bool:
    """A necessary test (CR 605.3a): in any order, the first activation that costs
    mana is paid with floating mana and the mana of activations that cost none
    (one-mana sources, Sol Ring); so at least one of these costs must pass Hall's
    condition against those units alone (relaxed: Phyrexian symbols need nothing,
    {2/W} one unit, every unit may be snow). False: no order pays."""
    units: Counter[int] = Counter()
    for unit in problem.pool:
        units[1 << ORDER[unit.type]] += 1
    for g, n in enumerate(simple_counts):
        source = problem.sources[g]
        if n and source.simple:
            units[bits_of(frozenset().union(*(o.slots[0] for o in source.simple)))] += n
    for inst in instances:
        if inst.option.mana_cost is None:
            for slot in inst.option.slots:
                units[bits_of(slot)] += 1
    snowy: Counter[int] = Counter({bits | SNOW_BIT: n for bits, n in units.items()})
    for option in {id(inst.option): inst.option for inst in costing}.values():
        assert option.mana_cost is not None
        demands = symbol_masks(option.mana_cost, 0, relaxed=True)
        if demands is None or len(demands[0]) > 8 or hall(demands[0], demands[1], snowy):
            return True
    return False


def taps(source: Source) -> bool:
    """Whether the source's mana abilities tap it ({T} or {Q})."""
    return any(o.taps_self for o in (*source.simple, *source.complex))


class _TooManyCycles(Exception):
    pass


_BRANCH_SOLVES = 192  # solutions the branching on cycles may take for one combination


def _order_search(
    problem: Problem,
    order: list[Instance],
    simple_counts: list[int],
    fixed: int,
    life_left: int,
    future: Sequence[ManaCost],
    beat: tuple[int, ...] | None,
) -> Candidate | None:
    """The best plan over every order of these activations (CR 605.3a: mana made
    by one pays only for later ones), without trying the orders one by one: the
    relaxation "any order" is solved; if its made mana pays in a cycle, one of the
    cycle's activations comes first in any real order, so that one's cost can't be
    paid by the others' mana — a branch per member, each solved the same way. A
    solution without a cycle is solved again in its order (same value: exact).
    None when no plan beats ``beat``."""
    best: Candidate | None = None
    Branch = tuple[dict[int, frozenset[int]], frozenset[tuple[int, int]]]
    branches: list[Branch] = [({}, frozenset())]
    seen: set[Any] = set()
    kinds = [(inst.source, id(inst.option)) for inst in order]
    where = [place(problem, inst) for inst in order]
    solves = 0
    floor: tuple[int, ...] | None = None
    while branches:
        forbidden, banned = branches.pop()
        key = (frozenset((k, v) for k, v in forbidden.items() if v), banned)
        if key in seen:
            continue
        seen.add(key)
        solves += 1
        if solves > _BRANCH_SOLVES or problem.spent:
            raise _TooManyCycles
        relaxed = _solve_order(
            problem, order, simple_counts, fixed, life_left, future, True, forbidden, banned
        )
        # Preferences 1-5 decide; the ties below them go to the first plan met.
        limit = best.value[:5] if best is not None else beat
        if relaxed is None or (limit is not None and relaxed.value[:5] >= limit):
            continue
        if floor is None:
            floor = relaxed.value[:5]
        found, cycle = _precedence(relaxed)
        if found is not None:
            # The relaxed solution is a plan in this order, so the order's best is
            # at least as good — and every order of this branch at most as good.
            exact = _solve_order(problem, found, simple_counts, fixed, life_left, future)
            if exact is None or exact.value > relaxed.value:
                raise _TooManyCycles  # not expected: let the orders be tried one by one
            if best is None or exact.value < best.value:
                best = exact
            if best.value[:5] == floor:
                break  # as good as any order can be
            continue
        tried: set[tuple[Any, ...]] = set()
        for first in cycle:
            # Identical activations alike constrained are the same branch.
            shape = (
                kinds[first],
                forbidden.get(first, frozenset()),
                frozenset(p for p, owners in forbidden.items() if first in owners),
                frozenset(i for s, i in banned if s == first),
            )
            if shape in tried:
                continue
            tried.add(shape)
            # First of the cycle: the others' mana doesn't pay it, and it sacrifices
            # none of their permanents (their activations come after it, CR 602.2).
            branch = dict(forbidden)
            for other in cycle:
                if other != first:
                    branch[other] = branch.get(other, frozenset()) | {first}
            more = {(first, where[other]) for other in cycle if other != first}
            branches.append((branch, banned | more))
    return best


def _precedence(candidate: Candidate) -> tuple[list[Instance] | None, list[int]]:
    """The activations in an order in which the candidate's made mana pays only
    later activations and its victims' activations come before their sacrifice;
    or, if they can't, the positions in one cycle."""
    solution = candidate.solution
    order = candidate.instances
    after: dict[int, set[int]] = {p: set() for p in range(len(order))}
    for (s, d), amount in solution.assignment.items():
        origin = candidate.supplies[s].origin
        owner = solution.demands[d].owner
        if amount and 0 <= origin < len(order) and 0 <= owner < len(order):
            after[origin].add(owner)
    for p, s in victim_edges(candidate):  # a permanent's activations before its sacrifice
        after[p].add(s)
    before = Counter(q for targets in after.values() for q in targets)
    ready = [p for p in range(len(order)) if not before[p]]
    result: list[Instance] = []
    placed: set[int] = set()
    while ready:
        p = ready.pop(0)
        result.append(order[p])
        placed.add(p)
        for q in sorted(after[p]):
            before[q] -= 1
            if not before[q]:
                ready.append(q)
    if len(result) == len(order):
        return result, []
    # Every position left is paid by one left: walking back from one must come
    # back to a position already met, closing a cycle.
    walk = [min(p for p in range(len(order)) if p not in placed)]
    while True:
        step = min(q for q in range(len(order)) if q not in placed and walk[-1] in after[q])
        if step in walk:
            return None, walk[walk.index(step) :]
        walk.append(step)


def _orders(instances: list[Instance], ordered: list[Instance]) -> Iterator[list[Instance]]:
    """Orders of activations to try, at most ``MAX_ORDERS``: mana made by an
    activation pays only for later ones, so with several different mana-costing
    activations the order matters (identical ones are interchangeable), and so
    does where an activation that sacrifices their permanents goes (``ordered``:
    :func:`~mtgmana.tapping._victims.arranged`); the others come first."""
    chosen = {id(inst) for inst in ordered}
    others = [inst for inst in instances if id(inst) not in chosen]
    # Creatures tap for mana before they are sacrificed (Ashnod's Altar).
    others.sort(key=lambda inst: inst.option.sacrifice_creature)
    kinds: dict[tuple[int, int], list[Instance]] = {}
    for inst in ordered:
        kinds.setdefault((inst.source, id(inst.option)), []).append(inst)
    groups = list(kinds.values())
    left = [len(group) for group in groups]

    def arrangements(size: int) -> Iterator[list[int]]:
        if not size:
            yield []
            return
        for g, n in enumerate(left):
            if n:
                left[g] -= 1
                for rest in arrangements(size - 1):
                    yield [g, *rest]
                left[g] += 1

    for count, arrangement in enumerate(arrangements(len(ordered))):
        if count >= MAX_ORDERS:
            return
        taken = [0] * len(groups)
        order = list(others)
        for g in arrangement:
            order.append(groups[g][taken[g]])
            taken[g] += 1
        yield order


def _solve_order(
    problem: Problem,
    order: list[Instance],
    simple_counts: list[int],
    fixed: int,
    life_left: int,
    future: Sequence[ManaCost],
    relaxed: bool = False,
    forbidden: dict[int, frozenset[int]] | None = None,
    banned: frozenset[tuple[int, int]] = frozenset(),
) -> Candidate | None:
    """The best plan with the activations in this order; ``relaxed``: in any
    order — mana made by an activation may pay any other one but those
    ``forbidden`` to it, and one may sacrifice any permanent but those ``banned``
    to it (a lower bound)."""
    problem.solves += 1
    self_sacrificed = {place(problem, inst) for inst in order if inst.option.sacrifice_self}
    victims = assign_victims(problem, order, self_sacrificed, ordered=not relaxed, banned=banned)
    if victims is None:
        return None
    fixed += victims[0]
    scale = problem.scale
    sources = problem.sources
    spends: list[Spend] = [problem.spend, problem.spend.paying_x()]
    activation_spend = Spend(SpendKind.ABILITY)
    parts: list[T.CostDemands] = []
    keywords = problem.keywords
    try:
        parts.append(
            T.cost_demands(
                problem.cost, problem.x, 0, 1, T.ALL_TYPES, current=True,
                alt_generic=generic_labels(keywords), convoke="convoke" in keywords,
            )
        )  # fmt: skip
    except T.Unpayable:
        return None
    for position, inst in enumerate(order):
        cost = inst.option.mana_cost
        taps = inst.option.taps
        if cost is None and taps is None:
            continue
        index = len(spends)
        spends += [activation_spend, activation_spend.paying_x()]
        if cost is not None:
            try:
                parts.append(
                    T.cost_demands(
                        cost, 0, index, index + 1, T.ALL_TYPES, current=True, owner=position
                    )
                )
            except T.Unpayable:
                return None
        if taps is not None:  # the permanents its cost taps (CR 602.2b)
            label = f"tap:{problem.filters.index(taps[0])}"
            tap = T.Demand(frozenset(), spend_index=index, owner=position, alt=frozenset({label}))
            parts.append(T.CostDemands(Counter({tap: taps[1]}), {}, index, True, position))
    future_start = len(parts)
    for future_cost in future:
        index = len(spends)
        spends += [Spend(SpendKind.SPELL, cost=future_cost)] * 2
        try:
            parts.append(
                T.cost_demands(future_cost, 0, index, index + 1, T.ALL_TYPES, current=False)
            )
        except T.Unpayable:
            return None
    pool_classes, pool_members = T.supply_classes(problem.pool, spends)
    # Floating mana left unspent goes unused too (preference 3): spending it is
    # worth as much as spending made mana, so it is spent before anything is tapped.
    fixed += scale.waste * len(problem.pool)
    supplies: list[T.Supply] = [replace(s, extra=s.extra - scale.waste) for s in pool_classes]
    members: list[list[Any]] = [list(m) for m in pool_members]
    counts = [len(m) for m in pool_members]
    everything = (True,) * len(spends)
    verdicts: dict[Restriction | None, tuple[bool, ...]] = {None: everything}

    def allowed(restriction: Restriction | None) -> tuple[bool, ...]:
        if restriction not in verdicts:
            assert restriction is not None
            verdicts[restriction] = tuple(restriction.allows(s) for s in spends)
        return verdicts[restriction]

    # One-mana sources: a unit each, that may be any of the types its options make.
    for g, source in enumerate(sources):
        n = simple_counts[g]
        if not n or not source.simple:
            continue
        type_cost: dict[ManaType, int] = {}
        for option in source.simple:
            weight = scale.life * option.damage
            if option.sacrifice_self:
                weight += scale.sacrifice_weight(source.token, source.creature)
            for t in option.slots[0]:
                type_cost[t] = min(type_cost.get(t, weight), weight)
        types = frozenset(type_cost)
        restriction = source.simple[0].restriction
        supplies.append(
            T.Supply(
                types,
                source.snow,
                source.legendary,
                restriction is not None,
                allowed(restriction),
                -1,
                scale.flex * len(types),
                tuple(sorted(type_cost.items(), key=lambda kv: _ORDER[kv[0]])),
                ("simple", g),
                alt=_group_labels(problem, g),
            )
        )
        members.append([(g, i) for i in range(n)])
        counts.append(n)
    _alternative_supplies(problem, order, everything, supplies, members, counts)
    # Mana made by multi-mana activations: each slot a unit; unused ones are wasted.
    for position, inst in enumerate(order):
        source = sources[inst.source]
        option = inst.option
        # A triggered mana ability's mana is its own permanent's (CR 106.3): snow,
        # legendary and unrestricted as that permanent makes it (Wild Growth).
        slots = Counter((types, option.origin(i)) for i, types in enumerate(option.slots))
        for (types, origin), n in sorted(
            slots.items(), key=lambda kv: (sorted(_ORDER[t] for t in kv[0][0]), kv[0][1])
        ):
            restriction = option.restriction if origin == SELF else None
            if origin == SELF:
                snow, legendary = source.snow, source.legendary
            elif origin == EFFECT:
                snow = legendary = False
            else:
                maker = problem.board.permanents[origin]
                snow, legendary = maker.is_snow, maker.is_legendary
            supplies.append(
                T.Supply(
                    types,
                    snow,
                    legendary,
                    restriction is not None,
                    allowed(restriction),
                    position,
                    -scale.waste,
                    (),
                    ("made", position, types, origin),
                    relaxed,
                    (forbidden or {}).get(position, frozenset()),
                )
            )
            members.append([("made", position, types, origin, i) for i in range(n)])
            counts.append(n)
    weights: T.Weights = TapWeights(problem.pool, scale)
    if relaxed:
        weights = ForwardFirst(weights, sum(counts) + 1)
    current_parts = parts[:future_start]
    solution = solve(current_parts, supplies, counts, life_left, weights)
    if solution is None or not victims_left(problem, order, solution, supplies):
        return None
    value_main = fixed + solution.cost
    kept = 0
    if future:
        level = (fixed + solution.cost) // scale.life  # preferences 1-2

        def same_level(cost: int) -> bool:
            return (fixed + cost) // scale.life == level

        joint = _keep_future(parts, future_start, supplies, counts, life_left, weights, same_level)
        if joint is not None:
            solution, kept = joint
    sac, rest = divmod(value_main, scale.sacrifice)
    life_w, rest = divmod(rest, scale.life)
    waste_w, rest = divmod(rest, scale.waste)
    flex, rest = divmod(fixed + solution.cost - value_main + rest, scale.flex)
    value = (sac, life_w, -kept, waste_w, flex, rest)  # the preference order, 1-6
    return Candidate(
        value, order, simple_counts, solution, supplies, members, kept, victims[1],
        tuple(place(problem, inst) for inst in order),
    )  # fmt: skip


def _group_labels(problem: Problem, g: int) -> frozenset[str]:
    """The non-mana labels of a compiled group's untapped permanents."""
    for group in problem.alternatives:
        if group.group == g:
            return group.labels
    return frozenset()


def _alternative_supplies(
    problem: Problem,
    order: list[Instance],
    everything: tuple[bool, ...],
    supplies: list[T.Supply],
    members: list[list[Any]],
    counts: list[int],
) -> None:
    """The units that pay otherwise than with mana (tapping._alternatives): the
    permanents of a group that aren't its one-mana units nor tapped by an activation
    of theirs — those an activation sacrificed during CR 601.2g only for "tap"
    costs — and the permanents and graveyard cards outside the compiled groups."""
    flex = problem.scale.flex
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
            supplies.append(
                T.Supply(
                    frozenset(), False, False, False, everything, -1, flex, (),
                    ("alt", number, tier), alt=labels,
                )
            )  # fmt: skip
            members.append([("alt", number, tier, i) for i in range(n)])
            counts.append(n)


def _keep_future(
    parts: list[T.CostDemands],
    future_start: int,
    supplies: list[T.Supply],
    counts: list[int],
    life: int,
    weights: T.Weights,
    same_level: Any,
) -> tuple[T.Solution, int] | None:
    """The most future costs payable together by the one-mana sources left, without
    making the current plan worse on preferences 1-2 (keeping the hand castable
    comes before wasting no mana)."""
    futures = list(range(future_start, len(parts)))
    simple_only = [
        s if isinstance(s.key, tuple) and s.key[0] == "simple" else None for s in supplies
    ]
    for size in range(len(futures), 0, -1):
        best: T.Solution | None = None
        for chosen in itertools.combinations(futures, size):
            chosen_parts = parts[:future_start] + [parts[i] for i in chosen]
            restricted = _restrict_future(chosen_parts, future_start, simple_only, supplies)
            joint = solve(restricted[0], restricted[1], counts, life, weights)
            if joint is None or not same_level(joint.cost):
                continue
            if best is None or joint.cost < best.cost:
                best = joint
        if best is not None:
            return best, size
    return None


def _restrict_future(
    parts: list[T.CostDemands],
    future_start: int,
    simple_only: list[T.Supply | None],
    supplies: list[T.Supply],
) -> tuple[list[T.CostDemands], list[T.Supply]]:
    # Future demands are served only by one-mana sources: give them an owner that
    # no made mana precedes and pool mana can't reach.
    marked: list[T.CostDemands] = list(parts[:future_start])
    big = 1 << 30
    for part in parts[future_start:]:
        exact: Counter[T.Demand] = Counter()
        for demand, n in part.exact.items():
            exact[
                T.Demand(
                    demand.types, demand.snow, demand.legendary, False, demand.spend_index, big
                )
            ] += n
        marked.append(T.CostDemands(exact, dict(part.mono), part.normal_index, False, big))
    fixed: list[T.Supply] = []
    for supply, simple in zip(supplies, simple_only, strict=True):
        if simple is not None or (supply.alt and not supply.types):
            fixed.append(supply)  # one-mana sources; permanents tapped (no future mana)
        else:  # pool and made mana: too late for the future costs
            fixed.append(
                T.Supply(
                    supply.types,
                    supply.snow,
                    supply.legendary,
                    supply.restricted,
                    supply.allowed,
                    big,
                    supply.extra,
                    supply.type_extra,
                    supply.key,
                )
            )
    return marked, fixed
