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

import functools
import heapq
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from .._solver import transport as T
from ..colors import ManaType
from ..costs import ManaCost
from ..mana import Mana, ManaKind, Source
from ..payment import ALTERNATIVE_KINDS, Alternative, Paid, Payment, assign_symbols
from ._compile import EFFECT, ORDER, SELF, Option
from ._evaluate import Candidate, Instance
from ._problem import Problem
from .plans import Plan, Replay, Step, _trusted

__all__: list[str] = []

_FUTURE = 1 << 30  # owners of future costs' demands (see _evaluate._restrict_future)


class _Draft:
    """A step being built: its permanent (board index), option and chosen types."""

    __slots__ = ("index", "option", "order", "paid", "sacrificed", "tapped", "types", "units")

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
    """The plan of the search's best candidate: each unit it uses on its permanent
    (:class:`_Placer`), the mana made and not spent left floating, the steps in
    an order that can be followed (:func:`_ordered`), then the cost's symbols paid."""
    sources = problem.sources
    drafts = [
        _Draft(sources[inst.source].indexes[inst.copy], inst.option, position)
        for position, inst in enumerate(best.instances)
    ]
    placer = _Placer(problem, best, drafts)
    unit_for = placer.place()
    floating = _unspent(problem.board, drafts)  # made and not spent: stays in the pool
    every = sorted(placer.simple.values(), key=_by_order) + drafts
    # "Sacrifice N ...": the permanents the search chose, in its order (a permanent
    # is sacrificed after its own activations, tapping._victims).
    for position, lost in best.victims.items():
        drafts[position].sacrificed.extend(lost)
    steps = _ordered(problem, every)
    floating.extend(u for u in problem.pool if u.uid not in placer.spent)
    floating.sort(key=_type_order)
    return Plan(problem.cost, steps, _payment(problem, best.solution, unit_for, floating))


def _by_order(draft: _Draft) -> int:
    return draft.order


def _type_order(unit: Mana) -> int:
    return ORDER[unit.type]


class _Placer:
    """Gives each unit of the solution its permanent, or its floating unit: the
    activations' slots, the one-mana permanents (the copies after those the
    once-only activations use), and what pays otherwise than with mana."""

    def __init__(self, problem: Problem, best: Candidate, drafts: list[_Draft]) -> None:
        self.problem = problem
        self.best = best
        self.drafts = drafts
        self.next_simple: dict[int, int] = {}  # group -> copies taken
        for inst in best.instances:
            if not inst.option.repeatable:
                self.next_simple[inst.source] = self.next_simple.get(inst.source, 0) + 1
        self.next_alt: dict[tuple[int, int], int] = {}  # (group, tier) -> taken
        self.simple: dict[int, _Draft] = {}  # board index -> one-mana step
        self.spent: set[int] = set()  # uids of the floating units spent

    def place(self) -> dict[int, list[Mana | Alternative]]:
        """Per demand (in demand order), the units that pay it, in order; each
        activation's ``paid`` and ``tapped`` filled on the way."""
        solution = self.best.solution
        supplies = self.best.supplies
        drafts = self.drafts
        unit_for: dict[int, list[Mana | Alternative]] = {}
        used = sorted((d, s, amount) for (s, d), amount in solution.assignment.items())
        for d, s, amount in used:
            demand = solution.demands[d]
            owner = demand.owner
            if owner >= _FUTURE:
                continue  # a future cost's demand: nothing is paid now
            supply = supplies[s]
            chosen = _chosen_type(supply, demand)
            payer = drafts[owner] if 0 <= owner < len(drafts) else None
            units = unit_for.setdefault(d, [])
            for _ in range(amount):
                if chosen is None:  # not mana: a permanent tapped, or a card exiled
                    paid: Mana | Alternative | None = self._otherwise(supply, demand, payer)
                    if paid is None:
                        continue
                else:
                    paid = self._mana(s, supply.key, chosen)
                    if payer is not None:
                        payer.paid.append(paid)
                units.append(paid)
            if not units:
                del unit_for[d]
        return unit_for

    def _mana(self, s: int, key: Any, chosen: ManaType) -> Mana:
        """A unit of supply ``s`` of type ``chosen``: floating, a one-mana
        permanent's, or an activation's slot."""
        if key is None:  # floating mana
            unit: Mana = next(u for u in self.best.members[s] if u.uid not in self.spent)
            self.spent.add(unit.uid)
            return unit
        if key[0] == "simple":
            return self._simple(key[1], chosen)
        draft = self.drafts[key[1]]
        slot = _free_slot(draft, key[2], key[3])
        unit = _unit(self.problem.board, draft.index, key[3], chosen, draft.option)
        draft.types[slot], draft.units[slot] = chosen, unit
        return unit

    def _simple(self, g: int, chosen: ManaType) -> Mana:
        """The next permanent of one-mana group ``g``, tapped for ``chosen`` by its
        gentlest option (the least damage, then not sacrificed)."""
        board = self.problem.board
        source = self.problem.sources[g]
        taken = self.next_simple.get(g, 0)
        self.next_simple[g] = taken + 1
        index = source.indexes[taken]
        option = _gentlest(source.simple, chosen)
        draft = self.simple[index] = _Draft(index, option, -len(board.permanents) + index)
        unit = _unit(board, index, SELF, chosen, option)
        draft.types[0], draft.units[0] = chosen, unit
        return unit

    def _otherwise(
        self, supply: T.Supply, demand: T.Demand, payer: _Draft | None
    ) -> Alternative | None:
        """A unit paying otherwise than with mana: a permanent tapped for an
        activation's cost (None: it is in ``payer``'s ``tapped``), or for convoke
        or improvise, or a card exiled for delve (CR 702.51a, 702.126a, 702.66a)."""
        problem = self.problem
        index = _alternative_unit(
            problem, self.best, supply.key, self.best.instances, self.next_simple, self.next_alt
        )
        if payer is not None:  # "Tap an untapped ... you control"
            payer.tapped.append(index)
            return None
        kind = min(label.partition(":")[0] for label in supply.alt & demand.alt)
        permanent = None if index < 0 else problem.board.ids[index]
        return Alternative(ALTERNATIVE_KINDS[kind], permanent)


def _chosen_type(supply: T.Supply, demand: T.Demand) -> ManaType | None:
    """The type a unit of ``supply`` takes to pay ``demand``: the one costing the
    least extra, then the first in WUBRGC order; None when it pays otherwise than
    with mana (a tap, convoke, improvise, delve — as the flow weighed it,
    _transport)."""
    if supply.alt and not supply.alt.isdisjoint(demand.alt):
        return None
    usable = supply.types & demand.types
    if len(usable) <= 1:
        return next(iter(usable), None)
    if not supply.type_extra:
        return min(usable, key=ORDER.__getitem__)
    more = dict(supply.type_extra)
    return min(usable, key=lambda t: (more.get(t, 0), ORDER[t]))


def _free_slot(draft: _Draft, types: frozenset[ManaType], where: int) -> int:
    """The first slot of the draft not given a unit yet that makes ``types`` and
    is made by ``where`` (:data:`SELF`, or a trigger's permanent)."""
    option = draft.option
    slots, origins = option.slots, option.origins
    for slot, done in enumerate(draft.types):
        if done is None and slots[slot] == types and (origins[slot] if origins else SELF) == where:
            return slot
    raise AssertionError("a unit of the solution has no slot left")


def _gentlest(options: Sequence[Option], chosen: ManaType) -> Option:
    """The first of the one-mana ``options`` making ``chosen`` that deals the
    least damage, then doesn't sacrifice its permanent."""
    found: Option | None = None
    for option in options:
        if chosen in option.slots[0] and (
            found is None
            or (option.damage, option.sacrifice_self) < (found.damage, found.sacrifice_self)
        ):
            found = option
    if found is None:
        raise AssertionError("no one-mana option makes the chosen type")
    return found


def _unspent(board: Any, drafts: list[_Draft]) -> list[Mana]:
    """The activations' slots no demand used, each given its first type in WUBRGC
    order: mana made and not spent, which stays in the pool."""
    floating: list[Mana] = []
    for draft in drafts:
        option = draft.option
        for slot, unit in enumerate(draft.units):
            if unit is None:
                chosen = min(option.slots[slot], key=ORDER.__getitem__)
                unit = _unit(board, draft.index, option.origin(slot), chosen, option)
                draft.types[slot], draft.units[slot] = chosen, unit
                floating.append(unit)
    return floating


def _alternative_unit(
    problem: Problem,
    best: Candidate,
    key: Any,
    order: list[Instance],
    next_simple: dict[int, int],
    next_alt: dict[tuple[int, int], int],
) -> int:
    """The board index of the permanent a non-mana unit is (-1: a graveyard card):
    a one-mana group's next copy, or the next permanent of an alternative group
    (for a group's sacrificed tier, those its activations sacrificed)."""
    if key[0] == "simple":
        g: int = key[1]
        taken_simple = next_simple.get(g, 0)
        next_simple[g] = taken_simple + 1
        index: int = problem.sources[g].indexes[taken_simple]
        return index
    number: int = key[1]
    tier: int = key[2]
    group = problem.alternatives[number]
    taken = next_alt.get((number, tier), 0)
    next_alt[(number, tier)] = taken + 1
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
    """The steps in an order that can be followed (:func:`_after`); among the
    steps ready, life payments first, damage last, else the search's order."""
    board = problem.board
    after = _after(drafts)
    before = [0] * len(drafts)  # how many steps must come first
    for targets in after:
        for k in targets:
            before[k] += 1
    ranks = [(_rank(draft.option), draft.order) for draft in drafts]
    ready = [(ranks[k], k) for k, waiting in enumerate(before) if not waiting]
    heapq.heapify(ready)
    steps: list[Step] = []
    done = 0
    hand = board.hand  # what "Discard your hand" discards: all of it, the first time
    while ready:
        _, k = heapq.heappop(ready)
        draft = drafts[k]
        new = _steps(board, draft)
        if draft.option.discards_hand:
            new[0] = replace(new[0], paid_with=replace(new[0].paid_with, discarded=hand))
            hand = 0
        steps.extend(new)
        done += 1
        for nxt in after[k]:
            before[nxt] -= 1
            if not before[nxt]:
                heapq.heappush(ready, (ranks[nxt], nxt))
    if done < len(drafts):  # a cycle: not expected (the search found an order)
        raise AssertionError("the plan's steps pay each other in a cycle")
    return tuple(steps)


def _rank(option: Option) -> int:
    """Steps that pay life first, those that deal damage last (CR 119.4)."""
    return 0 if option.life else 2 if option.damage else 1


def _after(drafts: list[_Draft]) -> list[set[int]]:
    """Per draft, the drafts that must come after it: those spending its mana (CR
    605.3a), a creature's own step that sacrifices it after another's cost tapped
    it, and a permanent's sacrifice after its own steps and the costs tapping it."""
    made_by: dict[int, int] = {}  # unit uid -> draft
    for k, draft in enumerate(drafts):
        for unit in draft.units:
            if unit is not None:
                made_by[unit.uid] = k
    after: list[set[int]] = [set() for _ in drafts]
    for k, draft in enumerate(drafts):
        for unit in draft.paid:
            first = made_by.get(unit.uid)
            if first is not None and first != k:
                after[first].add(k)
    if any(draft.tapped or draft.sacrificed for draft in drafts):
        _after_taps(drafts, after)
    return after


def _after_taps(drafts: list[_Draft], after: list[set[int]]) -> None:
    """:func:`_after` for the permanents tapped and sacrificed by costs."""
    own: dict[int, list[int]] = {}  # board index -> drafts of that permanent
    tapped_by: dict[int, list[int]] = {}  # board index -> drafts whose costs tap it
    for k, draft in enumerate(drafts):
        own.setdefault(draft.index, []).append(k)
        for other in draft.tapped:
            tapped_by.setdefault(other, []).append(k)
    for k, draft in enumerate(drafts):
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
    ids = board.ids
    identifier = ids[draft.index]
    own, triggered = _made(option, draft.units)
    tapped = (identifier,) if option.taps_self and not option.untaps else ()
    sacrificed = (identifier,) if option.sacrifice_self and not option.from_hand else ()
    others_tapped = tuple(ids[i] for i in draft.tapped) if draft.tapped else ()
    others_sacrificed = tuple(ids[i] for i in draft.sacrificed) if draft.sacrificed else ()
    made = own + tuple(u for units in triggered.values() for u in units) if triggered else own
    paid = tuple(draft.paid)
    resources = option.resources
    replay = _trusted(
        Replay,
        permanent=identifier,
        ability=option.ability_index,
        produce=tuple([unit.kind.type for unit in made]),
        pay=paid,
        tap=others_tapped,
        sacrifice=others_sacrificed,
        counters=option.counters,
    )
    paid_with = _NOTHING_PAID
    if paid or option.life or resources != (0, 0, 0):
        paid_with = _trusted(
            Paid,
            mana=paid,
            life=option.life,
            tapped=(),
            exiled=resources[2],
            energy=resources[0],
            discarded=resources[1],
        )
    step = _trusted(
        Step,
        permanent=identifier,
        card=board.permanents[draft.index].name,
        ability=option.text,
        ability_index=option.ability_index,
        produces=own,
        paid_with=paid_with,
        tapped=tapped + others_tapped,
        untapped=(identifier,) if option.untaps else (),
        sacrificed=sacrificed + others_sacrificed,
        counters=option.counters,
        damage=option.damage,
        trigger=False,
        exiled=(identifier,) if option.from_hand else (),
        modified_by=tuple(ids[i] for i in option.modified_by) if option.modified_by else (),
        activate=replay,
    )
    steps = [step]
    for where, units in triggered.items():
        steps.append(_trigger_step(board, where, tuple(units)))
    return steps


_NOTHING_PAID: Final = Paid()
"""What a step whose cost is {T} alone paid (one value for all: it's immutable)."""


def _made(
    option: Option, units: Sequence[Mana | None]
) -> tuple[tuple[Mana, ...], dict[int, list[Mana]]]:
    """The units the permanent makes itself, and those each triggered mana
    ability's permanent (or :data:`EFFECT`) makes, in slot order."""
    if not option.origins:  # all its own
        return tuple(filter(None, units)), {}
    own: list[Mana] = []
    triggered: dict[int, list[Mana]] = {}
    origins = option.origins
    for slot, unit in enumerate(units):
        where = origins[slot]
        if unit is None:
            continue
        if where == SELF:
            own.append(unit)
        else:
            triggered.setdefault(where, []).append(unit)
    return tuple(own), triggered


def _trigger_step(board: Any, where: int, units: tuple[Mana, ...]) -> Step:
    """The step of a triggered mana ability's mana (CR 605.1b): made by the
    trigger's permanent ``where``, or by an effect (:data:`EFFECT`)."""
    if where == EFFECT:
        return Step(-1, "an effect", "", -1, units, trigger=True)
    maker = board.permanents[where]
    text = "; ".join(t.text for t in maker.triggers if t.text) or "a triggered mana ability"
    return Step(board.ids[where], maker.name, text, -1, units, trigger=True)


def _payment(
    problem: Problem,
    solution: T.Solution,
    unit_for: dict[int, list[Mana | Alternative]],
    floating: list[Mana],
) -> Payment:
    """The payment of the cost: each symbol paid from the units sent to its demand
    (``assign_symbols``), the Phyrexian symbols paid with life, what floats after."""
    queues: dict[T.Demand, list[Mana | Alternative]] = {}
    for d, units in sorted(unit_for.items()):
        demand = solution.demands[d]
        if demand.owner < 0 and solution.owners[d] == 0:
            plain = replace(demand, alt=frozenset()) if demand.alt else demand
            queues.setdefault(plain, []).extend(units)
    cost = problem.cost
    assignment = assign_symbols(cost, queues, problem.x)
    life_paid = T.LIFE_PER_SYMBOL * sum(1 for part in assignment if part.life)
    x = problem.x if _has_x(cost) else None
    return Payment(cost, assignment, life_paid, tuple(floating), x, problem.spend)


@functools.lru_cache(maxsize=1024)
def _has_x(cost: ManaCost) -> bool:
    """Whether the cost has an ``{X}`` (its payment then says the X paid)."""
    return bool(cost.x_count)


def plan_life_ok(plan: Plan, life: int) -> bool:
    """Whether the plan pays life only while the life total allows (CR 119.4): each
    step's life cost when it is paid, then the Phyrexian symbols' after every mana
    ability (CR 601.2g-h)."""
    for step in plan.steps:
        if step.paid_with.life > life:
            return False
        life -= step.paid_with.life + step.damage
    return not plan.payment.life_paid or plan.payment.life_paid <= life
