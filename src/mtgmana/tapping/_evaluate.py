"""Private: the best plan for one combination of multi-mana and mana-costing
activations (CR 605.3a: mana made by one activation pays only for later ones), by
min-cost flows over the orders in which they could be activated — every order at
once as a relaxation, then the orders themselves, or branching on the cycles of the
relaxed solution when there are too many orders (see docs/tapper.md)."""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .._solver import transport as T
from ..costs import ManaCost
from ._compile import ORDER, Option, Source
from ._hall import SNOW_BIT, bits_of, counted, hall_counted, symbol_masks
from ._network import network, shared
from ._problem import MAX_ORDERS, Candidate, ForwardFirst, Instance, Problem, solve
from ._restricted import total
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
    sources = problem.sources
    simple_counts = [len(source.indexes) for source in sources]
    for g, counts in enumerate(picks):
        if not any(counts):
            continue  # no complex activation: all the group's permanents are units
        copy = 0
        for option, n in zip(sources[g].complex, counts, strict=True):
            for _ in range(n):
                # A repeatable ability doesn't use up its permanent (any of the
                # group will do); a once-only one does.
                instances.append(Instance(g, 0 if option.repeatable else copy, option))
                copy += 0 if option.repeatable else 1
        simple_counts[g] -= copy
    return instances, simple_counts


def _compositions(k: int, m: int) -> Iterator[tuple[int, ...]]:
    """Ways to put at most k copies into m options (the rest stay)."""
    if m == 0:
        yield ()
        return
    for first in range(k + 1):
        for rest in _compositions(k - first, m - 1):
            yield (first, *rest)


@dataclass
class Pending:
    """A combination whose relaxation ("any order") pays in a cycle: ``floor`` (its
    value, preferences 1-5) bounds every order below; the orders are still to be
    tried (:func:`resume`)."""

    floor: tuple[int, ...]
    relaxed: Candidate
    first: list[Instance]
    orders: list[list[Instance]]
    simple_counts: list[int]
    fixed: int
    life_left: int
    future: Sequence[ManaCost]
    kinds: int
    branch: bool  # too many orders to try: branch on the cycles
    arranged: int  # the activations whose order matters: the last ones of each order
    leads: dict[tuple[int, int], Candidate | None] | None = None  # per kind that leads


def evaluate(
    problem: Problem,
    instances: list[Instance],
    simple_counts: list[int],
    future: Sequence[ManaCost],
    beat: tuple[int, ...] | None = None,
    shortcuts: bool = True,
    defer: bool = False,
    beat_total: int | None = None,
) -> Candidate | Pending | None:
    """The best plan using exactly these complex activations (any order tried);
    with ``beat``, None when it can't be better than that on preferences 1-5;
    with ``beat_total`` (restricted mana, no future costs: values compare as
    totals, ``_restricted``), None when the relaxation's total, or every kind
    that may lead's, is at least that (a lower bound of every order's total, so
    no order beats the plan of that total). Without ``shortcuts``,
    every order is solved (the reference the tests compare with). ``defer``: when
    the relaxation pays in a cycle, its :class:`Pending` orders, to :func:`resume`
    (the search may meet better combinations first)."""
    sources = problem.sources
    scale = problem.scale
    fixed = 0
    self_sacrificed: set[int] = set()
    resources = [0, 0, 0]
    life_used = life_paid = 0
    discards = False
    costing: list[Instance] = []  # the activations that cost mana
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
        life_used += option.life + option.damage
        life_paid += option.life
        discards = discards or option.discards_hand
        if option.mana_cost is not None:
            costing.append(inst)
    # Energy, cards discarded, cards exiled from the graveyard: what the board has,
    # paid like life (energy) or like lost cards (CR 107.14, 701.9, 406).
    board = problem.board
    if any(
        need > have
        for need, have in zip(resources, (board.energy, board.hand, board.graveyard), strict=True)
    ):
        return None
    if discards:
        resources[1] = board.hand  # "Discard your hand": all of it, once (CR 701.9a)
    fixed += scale.life * resources[0] + scale.sacrifice * (3 * resources[1] + resources[2])
    if victims_cost(problem, instances, self_sacrificed) is None:
        return None  # not enough permanents to sacrifice, in any order
    if life_paid > problem.life:  # CR 119.4
        return None
    if problem.survive and life_used >= problem.life:  # CR 704.5a: the game is lost
        return None
    # "Tap an untapped creature you control" (Springleaf Drum), convoke, improvise and
    # delve are units of the flow (tapping._alternatives): it chooses the permanents.
    if shortcuts and costing and not _first_payable(problem, instances, simple_counts, costing):
        return None
    ordered = arranged(problem, instances)
    orders = _orders(instances, ordered)
    first = next(orders)
    life_left = max(0, problem.life - life_used - problem.survive)
    kinds: dict[tuple[int, int], int] = {}
    for inst in ordered:
        kind = (inst.source, id(inst.option))
        kinds[kind] = kinds.get(kind, 0) + 1
    if not shortcuts or len(kinds) < 2:
        return _each_order(problem, first, list(orders), simple_counts, fixed, life_left,
                           future, None, stop=shortcuts)  # fmt: skip
    distinct = math.factorial(len(ordered))
    for n in kinds.values():
        distinct //= math.factorial(n)
    # Every order at once first: a lower bound, and when its mana flows without
    # a cycle, an order that reaches it (CR 605.3a).
    relaxed = _solve_order(problem, first, simple_counts, fixed, life_left, future, True)
    if relaxed is None or (beat is not None and relaxed.value[:5] >= beat):
        return None
    if beat_total is not None and total(relaxed, problem) >= beat_total:
        return None
    found, _ = _precedence(relaxed)
    if found is not None:
        if not future:
            # Its assignment is a plan in that order (the plan's steps are put
            # in such an order, tapping._build): no order does better.
            return relaxed
        exact = _solve_order(problem, found, simple_counts, fixed, life_left, future)
        if exact is not None and exact.value <= relaxed.value:
            return exact  # and no order does better than the relaxation
    pending = Pending(
        relaxed.value[:5], relaxed, first, list(orders), simple_counts, fixed, life_left,
        future, len(kinds), distinct > MAX_ORDERS, len(ordered),
    )  # fmt: skip
    return pending if defer else finish(problem, pending, beat, beat_total)


def finish(
    problem: Problem,
    pending: Pending,
    beat: tuple[int, ...] | None,
    beat_total: int | None = None,
) -> Candidate | None:
    """:func:`resume` until the orders are tried."""
    result = resume(problem, pending, beat, beat_total)
    while isinstance(result, Pending):
        result = resume(problem, result, beat, beat_total)
    return result


def resume(
    problem: Problem,
    pending: Pending,
    beat: tuple[int, ...] | None,
    beat_total: int | None = None,
) -> Candidate | Pending | None:
    """The best plan over the orders of a :class:`Pending` combination, None when none
    beats ``beat``. First the orders are bounded by the kind that leads them
    (:func:`_by_first`): when that sharpens the bound, the combination is returned,
    to wait its turn again. Then: by branching on the relaxation's cycles when there
    are too many orders to try (past its budget, ``MAX_ORDERS`` orders), else the
    orders, taken by the kind that leads them (:func:`_led`)."""
    p = pending
    if p.leads is None:
        p.leads = _by_first(
            problem, p.first, p.arranged, p.simple_counts, p.fixed, p.life_left, p.future
        )
        bounds = [lead.value[:5] for lead in p.leads.values() if lead is not None]
        if not bounds or (beat is not None and min(bounds) >= beat):
            return None  # no kind can come first, or none beats the plan to beat
        if beat_total is not None and all(
            total(lead, problem) >= beat_total for lead in p.leads.values() if lead is not None
        ):
            return None  # no order's total is less (evaluate's ``beat_total``)
        if min(bounds) > p.floor:
            p.floor = min(bounds)
            return p
    if p.branch:
        try:
            return _order_search(
                problem, p.first, p.simple_counts, p.fixed, p.life_left, p.future, beat, p.relaxed
            )
        except _TooManyCycles:
            pass
    return _led(problem, p, beat)


def _each_order(
    problem: Problem,
    first: list[Instance],
    orders: list[list[Instance]],
    simple_counts: list[int],
    fixed: int,
    life_left: int,
    future: Sequence[ManaCost],
    floor: tuple[int, ...] | None,
    best: Candidate | None = None,
    stop: bool = True,
    first_done: bool = False,
) -> Candidate | None:
    """The best of the orders, ``first`` (unless ``first_done``: ``best`` is its plan) then the
    others, one by one; stopping at ``floor``, a bound no order beats, or (``stop``)
    when the budget is spent."""
    if not first_done:
        best = _solve_order(problem, first, simple_counts, fixed, life_left, future)
    for order in orders:
        if best is not None and (best.value[:5] == floor or (stop and problem.spent)):
            break  # as good as any order can be, or out of budget
        candidate = _solve_order(problem, order, simple_counts, fixed, life_left, future)
        if candidate is not None and (best is None or candidate.value < best.value):
            best = candidate
    return best


def _led(problem: Problem, p: Pending, beat: tuple[int, ...] | None) -> Candidate | None:
    """The best order of a :class:`Pending` combination whose leads are known: the
    orders are bounded by which kind of mana-costing activation leads them
    (:func:`_by_first`) and taken by kind, least bound first; a kind whose bound
    can't beat the best plan found (or ``beat``) on preferences 1-5 is skipped with
    all its orders, and a kind whose relaxation flows without a cycle is solved in
    that relaxation's order (an order that reaches it)."""
    assert p.leads is not None
    leads, orders, future = p.leads, [p.first, *p.orders], p.future
    simple_counts, fixed, life_left = p.simple_counts, p.fixed, p.life_left
    best: Candidate | None = None
    ranked = sorted(
        (lead.value, n, kind) for n, (kind, lead) in enumerate(leads.items()) if lead is not None
    )
    for bound, _, kind in ranked:
        limit = best.value[:5] if best is not None else beat
        if limit is not None and bound[:5] >= limit:
            break  # the kinds after it are bounded no lower
        lead = leads[kind]
        assert lead is not None
        found, _ = _precedence(lead)
        if found is not None and not future:  # a plan in that order (as above)
            if best is None or lead.value < best.value:
                best = lead
            continue
        tried = (
            [found] if found is not None else [o for o in orders if _lead(o, p.arranged) == kind]
        )
        for order in tried:
            candidate = _solve_order(problem, order, simple_counts, fixed, life_left, future)
            if candidate is not None and (best is None or candidate.value < best.value):
                best = candidate
            if best is not None and best.value[:5] <= bound[:5]:
                break  # as good as any order this kind leads
            if problem.spent and best is not None:
                return best
    return best


def _lead(order: Sequence[Instance], arranged: int) -> tuple[int, int]:
    """The kind (group, option) of the first activation whose order matters (the
    last ``arranged`` of an order, :func:`_orders`)."""
    inst = order[len(order) - arranged]
    return inst.source, id(inst.option)


def _by_first(
    problem: Problem,
    order: list[Instance],
    arranged: int,
    simple_counts: list[int],
    fixed: int,
    life_left: int,
    future: Sequence[ManaCost],
) -> dict[tuple[int, int], Candidate | None]:
    """Per kind of activation whose order matters (the last ``arranged`` of
    ``order``: those that cost mana or sacrifice others' permanents), a lower bound
    of every order in which one of that kind comes first of them (None: no such
    order pays): the relaxation "any order" in which none of the others' mana pays
    that one's cost (CR 605.3a) and it sacrifices none of their permanents (their
    activations come after it, CR 602.2). The orders led by a kind are plans of its
    relaxation, so the least of these bounds every order."""
    ranked = range(len(order) - arranged, len(order))
    leads: dict[tuple[int, int], Candidate | None] = {}
    for p in ranked:
        kind = (order[p].source, id(order[p].option))
        if kind not in leads:
            forbidden = {q: frozenset({p}) for q in ranked if q != p}
            banned = frozenset((p, place(problem, order[q])) for q in ranked if q != p)
            leads[kind] = _solve_order(
                problem, order, simple_counts, fixed, life_left, future, True, forbidden, banned
            )
    return leads


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
    common = shared(problem)
    free = tuple(id(inst.option) for inst in instances if inst.option.mana_cost is None)
    key = (tuple(simple_counts), free)
    snowy = common.first_units.get(key)
    if snowy is None:
        units: Counter[int] = Counter()
        for unit in problem.pool:
            units[1 << ORDER[unit.type]] += 1
        simple_bits = common.simple_bits
        for g, n in enumerate(simple_counts):
            if n and simple_bits[g]:
                units[simple_bits[g]] += n
        for inst in instances:
            if inst.option.mana_cost is None:
                for slot in inst.option.slots:
                    units[bits_of(slot)] += 1
        snowy = counted(Counter({bits | SNOW_BIT: n for bits, n in units.items()}))
        if len(common.first_units) >= 4096:
            common.first_units.clear()
        common.first_units[key] = snowy
    for option in {id(inst.option): inst.option for inst in costing}.values():
        assert option.mana_cost is not None
        demands = _relaxed_masks(option.mana_cost)
        if demands is None or len(demands[0]) > 8 or hall_counted(demands[0], demands[1], snowy):
            return True
    return False


@functools.lru_cache(maxsize=1024)
def _relaxed_masks(cost: ManaCost) -> tuple[Counter[int], int] | None:
    """:func:`symbol_masks` of an activation's cost, relaxed (remembered; read only)."""
    return symbol_masks(cost, 0, relaxed=True)


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
    start: Candidate | None = None,
) -> Candidate | None:
    """The best plan over every order of these activations (CR 605.3a: mana made
    by one pays only for later ones), without trying the orders one by one: the
    relaxation "any order" is solved; if its made mana pays in a cycle, one of the
    cycle's activations comes first in any real order, so that one's cost can't be
    paid by the others' mana — a branch per member, each solved the same way. A
    solution without a cycle is solved again in its order (same value: exact).
    None when no plan beats ``beat``. ``start``: the relaxation, solved already."""
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
        if start is not None and not forbidden and not banned:
            relaxed: Candidate | None = start
        else:
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
    k = len(order)
    supplies, demands = candidate.supplies, solution.demands
    after: list[set[int]] = [set() for _ in range(k)]
    for (s, d), amount in solution.assignment.items():
        origin = supplies[s].origin
        if 0 <= origin < k and amount:
            owner = demands[d].owner
            if 0 <= owner < k:
                after[origin].add(owner)
    if candidate.victims:  # a permanent's activations before its sacrifice
        for p, s in victim_edges(candidate):
            after[p].add(s)
    before = [0] * k
    for targets in after:
        for q in targets:
            before[q] += 1
    ready = [p for p in range(k) if not before[p]]
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
    if len(groups) < 2:  # one kind: its activations are interchangeable, one order
        yield others + [inst for group in groups for inst in group]
        return
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
    sources = problem.sources
    places = tuple([sources[inst.source].indexes[inst.copy] for inst in order])  # place()
    self_sacrificed = {
        where for where, inst in zip(places, order, strict=True) if inst.option.sacrifice_self
    }
    victims = assign_victims(problem, order, self_sacrificed, ordered=not relaxed, banned=banned)
    if victims is None:
        return None
    fixed += victims[0]
    scale = problem.scale
    built = network(problem, order, simple_counts, relaxed, forbidden)
    if built is None:
        return None
    parts, future_start = built.parts, built.future_start
    supplies, members, counts = built.supplies, built.members, built.counts
    # Floating mana left unspent goes unused too (preference 3; its supplies weigh
    # that much less, tapping._network).
    fixed += scale.waste * len(problem.pool)
    weights: T.Weights = shared(problem).weights
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
        value, order, simple_counts, solution, supplies, members, kept, victims[1], places,
    )  # fmt: skip


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
