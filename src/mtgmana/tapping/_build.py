"""Private: a solution of the search turned into a :class:`~mtgmana.tapping.Plan`
whose steps can really be followed (CR 106.3, 119.4, 601.2g-h, 605.3a).

Every unit the flow used is given a concrete permanent (identical permanents are
interchangeable: the once-only activations take the first ones of a group, the
one-mana units the next), each activation its tapped or sacrificed permanents, and
the steps an order: mana made by a step is spent only by later steps, a creature is
tapped for its own mana before it is sacrificed or tapped by another's cost, and
among the orders that allows, steps that pay life come first and steps that deal
damage last — so that life is paid while the life total allows (CR 119.4).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .._solver import transport as T
from ..colors import ManaType
from ..mana import Mana, ManaKind, Source
from ..payment import ALTERNATIVE_KINDS, Alternative, Paid, Payment, assign_symbols
from ._compile import EFFECT, ORDER, SELF, Option
from ._evaluate import Candidate, Instance
from ._problem import Problem
from .plans import Plan, Replay, Step

__all__: list[str] = []

_FUTURE = 1 << 30  # owners of future costs' demands (see _evaluate._restrict_future)


class _Draft:
    """A step being built: its permanent (board index), option and chosen types."""

    def __init__(self, index: int, option: Option, order: int) -> None:
        self.index = index
        self.option = option
        self.order = order  # the search's order, kept when nothing else decides
        self.types: list[ManaType | None] = [None] * len(option.slots)
        self.units: list[Mana | None] = [None] * len(option.slots)
        self.paid: list[Mana] = []
        self.tapped: list[int] = []  # board indexes of other permanents tapped
        self.sacrificed: list[int] = []  # board indexes of other permanents sacrificed


def build_plan(problem: Problem, best: Candidate) -> Plan:
    board = problem.board
    sources = problem.sources
    solution = best.solution
    order = best.instances
    supplies = best.supplies
    # Which type each used unit takes, per demand, in demand order (None: it pays
    # otherwise than with mana — a tap, convoke, improvise, delve).
    per_demand: dict[int, list[tuple[int, ManaType | None]]] = {}
    for (s, d), amount in sorted(solution.assignment.items()):
        if solution.demands[d].owner >= _FUTURE:
            continue  # a future cost's demand: nothing is paid now
        supply = supplies[s]
        usable = supply.types & solution.demands[d].types
        if not supply.alt.isdisjoint(solution.demands[d].alt):
            usable = frozenset()  # paid otherwise (as the flow weighed it, _transport)
        more = dict(supply.type_extra)
        chosen = min(usable, key=lambda t: (more.get(t, 0), ORDER[t])) if usable else None
        per_demand.setdefault(d, []).extend([(s, chosen)] * amount)
    # The activations the search chose, each on its permanent.
    drafts: list[_Draft] = []
    for position, inst in enumerate(order):
        drafts.append(_Draft(sources[inst.source].indexes[inst.copy], inst.option, position))
    # One-mana permanents: the copies after those the once-only activations use.
    next_simple: Counter[int] = Counter(inst.source for inst in order if not inst.option.repeatable)
    next_alt: Counter[tuple[int, int]] = Counter()
    simple: dict[int, _Draft] = {}
    spent_pool: set[int] = set()
    unit_for: dict[int, list[Mana | Alternative]] = {}  # demand -> units, in order
    for d, items in sorted(per_demand.items()):
        demand = solution.demands[d]
        owner = demand.owner
        for s, chosen in items:
            supply = supplies[s]
            key = supply.key
            paid: Mana | Alternative
            if chosen is None:  # not mana: a permanent tapped, or a card exiled
                index = _alternative_unit(problem, best, key, order, next_simple, next_alt)
                if 0 <= owner < len(drafts):  # "Tap an untapped ... you control"
                    drafts[owner].tapped.append(index)
                    continue
                kind = min(label.partition(":")[0] for label in supply.alt & demand.alt)
                permanent = None if index < 0 else board.ids[index]
                paid = Alternative(ALTERNATIVE_KINDS[kind], permanent)
            elif key is None:  # floating mana
                floating_unit: Mana = next(u for u in best.members[s] if u.uid not in spent_pool)
                spent_pool.add(floating_unit.uid)
                paid = floating_unit
            elif key[0] == "simple":
                g = key[1]
                source = sources[g]
                index = source.indexes[next_simple[g]]
                next_simple[g] += 1
                option = min(
                    (o for o in source.simple if chosen in o.slots[0]),
                    key=lambda o: (o.damage, o.sacrifice_self),
                )
                draft = simple[index] = _Draft(index, option, -len(board.permanents) + index)
                paid = _unit(board, index, SELF, chosen, option)
                draft.types[0], draft.units[0] = chosen, paid
            else:
                draft = drafts[key[1]]
                slot = next(
                    i
                    for i, (types, done) in enumerate(
                        zip(draft.option.slots, draft.types, strict=True)
                    )
                    if done is None and types == key[2] and draft.option.origin(i) == key[3]
                )
                paid = _unit(board, draft.index, draft.option.origin(slot), chosen, draft.option)
                draft.types[slot], draft.units[slot] = chosen, paid
            unit_for.setdefault(d, []).append(paid)
            if 0 <= owner < len(drafts) and isinstance(paid, Mana):
                drafts[owner].paid.append(paid)
    # Mana made and not spent stays in the pool.
    floating: list[Mana] = []
    for draft in drafts:
        for slot, types in enumerate(draft.option.slots):
            if draft.units[slot] is None:
                chosen = min(types, key=ORDER.__getitem__)
                unit = _unit(board, draft.index, draft.option.origin(slot), chosen, draft.option)
                draft.types[slot], draft.units[slot] = chosen, unit
                floating.append(unit)
    every = sorted(simple.values(), key=lambda draft: draft.order) + drafts
    # "Sacrifice N ...": the permanents the search chose, in its order (a permanent
    # is sacrificed after its own activations, tapping._victims).
    for position, lost in best.victims.items():
        drafts[position].sacrificed.extend(lost)
    steps = _ordered(problem, every)
    queues: dict[T.Demand, list[Mana | Alternative]] = {}
    for d, units in sorted(unit_for.items()):
        demand = solution.demands[d]
        if demand.owner < 0 and solution.owners[d] == 0:
            plain = replace(demand, alt=frozenset()) if demand.alt else demand
            queues.setdefault(plain, []).extend(units)
    assignment = assign_symbols(problem.cost, queues, problem.x)
    life_paid = T.LIFE_PER_SYMBOL * sum(1 for part in assignment if part.life)
    x = problem.x if problem.cost.x_count else None
    floating.extend(u for u in problem.pool if u.uid not in spent_pool)
    floating.sort(key=lambda u: ORDER[u.type])
    payment = Payment(problem.cost, assignment, life_paid, tuple(floating), x, problem.spend)
    return Plan(problem.cost, steps, payment)


def _alternative_unit(
    problem: Problem,
    best: Candidate,
    key: Any,
    order: list[Instance],
    next_simple: Counter[int],
    next_alt: Counter[tuple[int, int]],
) -> int:
    """The board index of the permanent a non-mana unit is (-1: a graveyard card):
    a one-mana group's next copy, or the next permanent of an alternative group
    (for a group's sacrificed tier, those its activations sacrificed)."""
    if key[0] == "simple":
        g: int = key[1]
        index: int = problem.sources[g].indexes[next_simple[g]]
        next_simple[g] += 1
        return index
    number: int = key[1]
    tier: int = key[2]
    group = problem.alternatives[number]
    taken = next_alt[(number, tier)]
    next_alt[(number, tier)] += 1
    if not group.indexes:
        return -1
    if group.group is None:
        found: int = group.indexes[taken]
        return found
    source = problem.sources[group.group]
    gone = [
        source.indexes[inst.copy]
        for inst in order
        if inst.source == group.group and not inst.option.taps_self and not inst.option.repeatable
    ]
    if tier == 0:  # the group's permanents its activations sacrificed
        return gone[taken]
    used = {
        source.indexes[inst.copy]
        for inst in order
        if inst.source == group.group and not inst.option.repeatable
    }
    free = [i for i in source.indexes if i not in used]
    return free[taken]


def _unit(board: Any, index: int, where: int, chosen: ManaType, option: Option) -> Mana:
    """A unit of mana the permanent at ``index`` makes — or, for a triggered mana
    ability's slot, the trigger's permanent (CR 106.3)."""
    if where == EFFECT:
        return Mana.make(chosen)
    maker_index = index if where == SELF else where
    restriction = option.restriction if where == SELF else None
    # Its kind (all but its identity), remembered per board: the entry holds the
    # board, so its id can't be reused while it is remembered.
    key = (id(board), maker_index, chosen, restriction)
    hit = _KINDS.get(key)
    if hit is not None and hit[0] is board:
        return Mana(hit[1])
    maker = board.permanents[maker_index]
    kind = ManaKind(
        chosen,
        Source(board.ids[maker_index], maker.name),
        maker.is_snow,
        maker.is_legendary,
        restriction,
    )
    if len(_KINDS) >= 4096:
        _KINDS.clear()
    _KINDS[key] = (board, kind)
    return Mana(kind)


_KINDS: dict[tuple[Any, ...], tuple[Any, ManaKind]] = {}


def _ordered(problem: Problem, drafts: list[_Draft]) -> tuple[Step, ...]:
    """The steps in an order that can be followed: made mana spent only later, a
    creature's own step before its creature is tapped or sacrificed by another;
    then life payments first, damage last, else the search's order."""
    board = problem.board
    made_by: dict[int, int] = {}  # unit uid -> draft
    for k, draft in enumerate(drafts):
        for unit in draft.units:
            if unit is not None:
                made_by[unit.uid] = k
    own: dict[int, list[int]] = {}  # board index -> drafts of that permanent
    tapped_by: dict[int, list[int]] = {}  # board index -> drafts whose costs tap it
    for k, draft in enumerate(drafts):
        own.setdefault(draft.index, []).append(k)
        for other in draft.tapped:
            tapped_by.setdefault(other, []).append(k)
    after: list[set[int]] = [set() for _ in drafts]
    for k, draft in enumerate(drafts):
        for unit in draft.paid:
            first = made_by.get(unit.uid)
            if first is not None and first != k:
                after[first].add(k)
        for other in draft.tapped:  # tapped first, then it may sacrifice itself
            for later in own.get(other, []):
                if later != k and drafts[later].option.sacrifice_self:
                    after[k].add(later)
        for other in draft.sacrificed:  # it makes its mana first, then it is sacrificed
            for first in own.get(other, []):
                if first != k:
                    after[first].add(k)
            for first in tapped_by.get(other, []):  # tapped by a cost, then sacrificed
                if first != k:
                    after[first].add(k)
    before = Counter(k for targets in after for k in targets)

    def rank(k: int) -> tuple[int, int]:
        option = drafts[k].option
        return (0 if option.life else 2 if option.damage else 1, drafts[k].order)

    ready = [(rank(k), k) for k in range(len(drafts)) if not before[k]]
    heapq.heapify(ready)
    steps: list[Step] = []
    done = 0
    hand = board.hand  # what "Discard your hand" discards: all of it, the first time
    while ready:
        _, k = heapq.heappop(ready)
        new = _steps(board, drafts[k])
        if drafts[k].option.discards_hand:
            new[0] = replace(new[0], paid_with=replace(new[0].paid_with, discarded=hand))
            hand = 0
        steps.extend(new)
        done += 1
        for nxt in after[k]:
            before[nxt] -= 1
            if not before[nxt]:
                heapq.heappush(ready, (rank(nxt), nxt))
    if done < len(drafts):  # a cycle: not expected (the search found an order)
        raise AssertionError("the plan's steps pay each other in a cycle")
    return tuple(steps)


def steps_of(
    board: Any, index: int, option: Option, made: Sequence[Mana], paid: Sequence[Mana]
) -> list[Step]:
    """The steps of one activation of ``option`` by permanent ``index`` that made
    ``made`` (a unit per slot, in slot order) and spent ``paid`` (its own step, then
    one per triggered mana ability's mana)."""
    draft = _Draft(index, option, 0)
    draft.units = list(made)
    draft.paid = list(paid)
    return _steps(board, draft)


def _steps(board: Any, draft: _Draft) -> list[Step]:
    """The draft's step, then one per triggered mana ability's mana (CR 605.1b)."""
    option = draft.option
    permanent = board.permanents[draft.index]
    identifier = board.ids[draft.index]
    own = tuple(u for slot, u in enumerate(draft.units) if u and option.origin(slot) == SELF)
    tapped = [identifier] if option.taps_self and not option.untaps else []
    tapped += [board.ids[i] for i in draft.tapped]
    sacrificed = [identifier] if option.sacrifice_self and not option.from_hand else []
    sacrificed += [board.ids[i] for i in draft.sacrificed]
    triggered: dict[int, list[Mana]] = {}
    for slot, unit in enumerate(draft.units):
        where = option.origin(slot)
        if unit is not None and where != SELF:
            triggered.setdefault(where, []).append(unit)
    made = [*own, *(u for units in triggered.values() for u in units)]
    steps = [
        Step(
            identifier,
            permanent.name,
            option.text,
            option.ability_index,
            own,
            Paid(
                tuple(draft.paid),
                option.life,
                exiled=option.resources[2],
                energy=option.resources[0],
                discarded=option.resources[1],
            ),
            tuple(tapped),
            (identifier,) if option.untaps else (),
            tuple(sacrificed),
            option.counters,
            option.damage,
            exiled=(identifier,) if option.from_hand else (),
            modified_by=tuple(board.ids[i] for i in option.modified_by),
            activate=Replay(
                identifier,
                option.ability_index,
                tuple(unit.type for unit in made),
                tuple(draft.paid),
                tuple(board.ids[i] for i in draft.tapped),
                tuple(board.ids[i] for i in draft.sacrificed),
                option.counters,
            ),
        )
    ]
    for where, units in triggered.items():
        if where == EFFECT:
            steps.append(Step(-1, "an effect", "", -1, tuple(units), trigger=True))
            continue
        maker = board.permanents[where]
        text = "; ".join(t.text for t in maker.triggers if t.text) or "a triggered mana ability"
        steps.append(Step(board.ids[where], maker.name, text, -1, tuple(units), trigger=True))
    return steps


def plan_life_ok(plan: Plan, life: int) -> bool:
    """Whether the plan pays life only while the life total allows (CR 119.4): each
    step's life cost when it is paid, then the Phyrexian symbols' after every mana
    ability (CR 601.2g-h)."""
    for step in plan.steps:
        if step.paid_with.life > life:
            return False
        life -= step.paid_with.life + step.damage
    return not plan.payment.life_paid or plan.payment.life_paid <= life
