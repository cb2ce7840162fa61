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
from typing import Any

from .. import _transport as T
from ..mana import Mana, ManaType, Source
from ..payment import Paid, Payment, assign_symbols
from ._compile import EFFECT, ORDER, SELF, Option
from ._evaluate import Candidate, taps
from ._problem import Problem
from .plans import Plan, Step

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
    # Which type each used unit takes, per demand, in demand order.
    per_demand: dict[int, list[tuple[int, ManaType]]] = {}
    for (s, d), amount in sorted(solution.assignment.items()):
        if solution.demands[d].owner >= _FUTURE:
            continue  # a future cost's demand: nothing is paid now
        supply = supplies[s]
        usable = supply.types & solution.demands[d].types
        more = dict(supply.type_extra)
        chosen = min(usable, key=lambda t: (more.get(t, 0), ORDER[t]))
        per_demand.setdefault(d, []).extend([(s, chosen)] * amount)
    # The activations the search chose, each on its permanent.
    drafts: list[_Draft] = []
    for position, inst in enumerate(order):
        drafts.append(_Draft(sources[inst.source].indexes[inst.copy], inst.option, position))
    # One-mana permanents: the copies after those the once-only activations use.
    next_simple: Counter[int] = Counter(inst.source for inst in order if not inst.option.repeatable)
    simple: dict[int, _Draft] = {}
    spent_pool: set[int] = set()
    unit_for: dict[int, list[Mana]] = {}  # demand -> units, in order
    for d, items in sorted(per_demand.items()):
        for s, chosen in items:
            key = supplies[s].key
            if key is None:  # floating mana
                unit = next(u for u in best.members[s] if u.uid not in spent_pool)
                spent_pool.add(unit.uid)
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
                unit = _unit(board, index, SELF, chosen, option)
                draft.types[0], draft.units[0] = chosen, unit
            else:
                draft = drafts[key[1]]
                slot = next(
                    i
                    for i, (types, done) in enumerate(
                        zip(draft.option.slots, draft.types, strict=True)
                    )
                    if done is None and types == key[2]
                )
                unit = _unit(board, draft.index, draft.option.origin(slot), chosen, draft.option)
                draft.types[slot], draft.units[slot] = chosen, unit
            unit_for.setdefault(d, []).append(unit)
            owner = solution.demands[d].owner
            if 0 <= owner < len(drafts):
                drafts[owner].paid.append(unit)
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
    _choose_creatures(problem, best, every)
    steps = _ordered(problem, every)
    queues: dict[T.Demand, list[Mana]] = {}
    for d, units in sorted(unit_for.items()):
        demand = solution.demands[d]
        if demand.owner < 0 and solution.owners[d] == 0:
            queues.setdefault(demand, []).extend(units)
    assignment = assign_symbols(problem.cost, queues, problem.x)
    life_paid = T.LIFE_PER_SYMBOL * sum(1 for part in assignment if part.life)
    x = problem.x if problem.cost.x_count else None
    floating.extend(u for u in problem.pool if u.uid not in spent_pool)
    floating.sort(key=lambda u: ORDER[u.type])
    payment = Payment(problem.cost, assignment, life_paid, tuple(floating), x, problem.spend)
    return Plan(problem.cost, steps, payment)


def _unit(board: Any, index: int, where: int, chosen: ManaType, option: Option) -> Mana:
    """A unit of mana the permanent at ``index`` makes — or, for a triggered mana
    ability's slot, the trigger's permanent (CR 106.3)."""
    if where == EFFECT:
        return Mana.make(chosen)
    maker_index = index if where == SELF else where
    maker = board.permanents[maker_index]
    return Mana.make(
        chosen,
        source=Source(board.ids[maker_index], maker.name),
        snow=maker.is_snow,
        legendary=maker.is_legendary,
        restriction=option.restriction if where == SELF else None,
    )


def _choose_creatures(problem: Problem, best: Candidate, drafts: list[_Draft]) -> None:
    """Which creature each "Tap an untapped creature you control" taps (first those
    whose mana abilities don't tap them, then creatures left untapped) and each
    "Sacrifice a creature" sacrifices (tokens first, never one that sacrifices
    itself), as the search counted them."""
    board = problem.board
    sources = problem.sources
    busy = {draft.index for draft in drafts if draft.option.taps_self}
    self_sacrificed = {draft.index for draft in drafts if draft.option.sacrifice_self}
    tapping = {i for s in sources if taps(s) for i in s.indexes}
    yours = [i for i, p in enumerate(board.permanents) if p.controller == "you" and p.is_creature]
    spare = [i for i in yours if not board.permanents[i].tapped and i not in tapping]
    reserve = [
        i for i in yours if not board.permanents[i].tapped and i in tapping and i not in busy
    ]
    to_tap = spare + reserve
    victims = sorted(
        (i for i in yours if i not in self_sacrificed),
        key=lambda i: (not board.permanents[i].token, i),
    )
    for draft in drafts:
        if draft.option.tap_creature:
            draft.tapped.append(to_tap.pop(0))
        if draft.option.sacrifice_creature:
            draft.sacrificed.append(victims.pop(0))


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
    for k, draft in enumerate(drafts):
        own.setdefault(draft.index, []).append(k)
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
    before = Counter(k for targets in after for k in targets)

    def rank(k: int) -> tuple[int, int]:
        option = drafts[k].option
        return (0 if option.life else 2 if option.damage else 1, drafts[k].order)

    ready = [(rank(k), k) for k in range(len(drafts)) if not before[k]]
    heapq.heapify(ready)
    steps: list[Step] = []
    done = 0
    while ready:
        _, k = heapq.heappop(ready)
        steps.extend(_steps(board, drafts[k]))
        done += 1
        for nxt in after[k]:
            before[nxt] -= 1
            if not before[nxt]:
                heapq.heappush(ready, (rank(nxt), nxt))
    if done < len(drafts):  # a cycle: not expected (the search found an order)
        raise AssertionError("the plan's steps pay each other in a cycle")
    return tuple(steps)


def _steps(board: Any, draft: _Draft) -> list[Step]:
    """The draft's step, then one per triggered mana ability's mana (CR 605.1b)."""
    option = draft.option
    permanent = board.permanents[draft.index]
    identifier = board.ids[draft.index]
    own = tuple(u for slot, u in enumerate(draft.units) if u and option.origin(slot) == SELF)
    tapped = [identifier] if option.taps_self and not option.untaps else []
    tapped += [board.ids[i] for i in draft.tapped]
    sacrificed = [identifier] if option.sacrifice_self else []
    sacrificed += [board.ids[i] for i in draft.sacrificed]
    step = Step(
        identifier,
        permanent.name,
        option.text,
        option.ability_index,
        own,
        Paid(tuple(draft.paid), option.life),
        tuple(tapped),
        (identifier,) if option.untaps else (),
        tuple(sacrificed),
        option.counters,
        option.damage,
    )
    steps = [step]
    triggered: dict[int, list[Mana]] = {}
    for slot, unit in enumerate(draft.units):
        where = option.origin(slot)
        if unit is not None and where != SELF:
            triggered.setdefault(where, []).append(unit)
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
