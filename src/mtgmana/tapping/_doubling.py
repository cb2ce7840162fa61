"""Private: plans that activate Doubling Cube (CR 605.1a, 605.3a, 701.10f, 106.3,
106.6), exactly.

Doubling Cube's "{3}, {T}: Double the amount of each type of unspent mana you have"
is a mana ability (CR 605.1a) that can come at any point of the order of
activations (CR 605.3a). Its {3} is paid from the mana in the pool at that time —
restricted mana only where its restriction allows an activation's cost, as for every
other activation — and then, for each type, as much of that type as the pool holds
is added (CR 701.10f): the Cube's own mana (CR 106.3: snow only if the Cube is),
without the restrictions of the mana doubled (CR 106.6).

A plan that activates Cubes splits into *phases*: the activations before the first
Cube, that Cube, the activations before the next, ..., and after the last Cube a
plan of the usual kind that pays the cost from the floating mana there. This module
enumerates the activations before each Cube — every set of them, every way to pay
their costs and every typing of their mana, by simulating each through
:func:`~mtgmana.tapping.activate` — and asks the tapper's exact search (a function of
the board, the floating mana and the life left, with no Cube to activate) for the
best plan after the last one. The value of a plan is the sum of what its phases
add on each preference (sacrifices, damage and life, flexibility; unused mana and
the hand kept are read at the end), so the best completion of a given start is the
tapper's best plan from there, and the best plan is the least over every start:
exact. Identical permanents are tried in one order only, activations without a mana
cost come first within a phase (their mana is there sooner, so every payment stays
legal; those that pay life before the others, CR 119.4), and a start whose
sacrifices and life already lose to the best plan found is cut with all the starts
it leads to (they only add to those) — none of these loses a plan.

What isn't modelled with a Cube on the board (:class:`NotModelled`, never guessed):
abilities that sacrifice or tap other permanents, repeatable ones, ones that cost
energy or cards, "activate only as an instant", ones with both a mana cost and a
life cost, and replacement effects or triggered mana abilities that apply to the
Cube's own mana (Mana Reflection).
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..board import Board
from ..colors import ManaType
from ..costs import ManaCost
from ..errors import MtgManaError
from ..mana import Mana
from ..payment import CannotPay, Paid
from ..payment import pay as pay_cost
from ..pool import ManaPool
from ..request import PaymentRequest, Pool, floating_units
from ..restrictions import Spend, SpendKind
from ._build import steps_of
from ._compile import ORDER, Option, options_of
from ._cubes import can_double as _can_double
from ._search import SearchTooLong
from ._search import _check_time as check_time
from ._skeleton import least_mana
from .activation import Activated, activate
from .plans import Plan, Step

__all__ = [
    "MAX_CUBE_SOLVES",
    "MAX_CUBE_STATES",
    "after_cubes",
    "payable_with_cubes",
    "plan_with_cubes",
    "refusal",
]

MAX_CUBE_STATES = 50_000
"""At most this many starts (activations before a Cube) are tried without a time
limit; past it :class:`SearchTooLong` (payability is never guessed)."""

MAX_CUBE_SOLVES = 400
"""At most this many plans after a Cube are asked of the tapper before the search for
the best plan stops (``cut_short``); payability is still decided exactly."""

Solver = Callable[[PaymentRequest, Board, Pool], tuple[Plan, tuple[int, ...]]]
"""The tapper without Cubes: the best plan and its value by preferences 1-5."""

_ABILITY = Spend(SpendKind.ABILITY)


def refusal(board: Board) -> tuple[tuple[int, str, str], ...]:
    """What, on a board with a Cube to activate, isn't modelled: (id, name, why) —
    for :class:`~mtgmana.tapping.NotModelled`, which the callers raise before asking
    for plans, payability or options."""
    effective = board.effective
    found: list[tuple[int, str, str]] = []
    for i, p in enumerate(effective.permanents):
        if _can_double(effective, i) and (
            effective.replacements_for(i) or effective.trigger_sources(i)
        ):
            found.append((board.ids[i], p.name, "an effect on the mana a Doubling Cube adds"))
        for option in options_of(effective, i, effective.could_produce):
            why = _unsupported(option)
            if why:
                found.append((board.ids[i], p.name, f"{why}, with Doubling Cube"))
                break
    return tuple(found)


def _unsupported(option: Option) -> str:
    if option.sacrifices is not None or option.taps is not None:
        return "a cost that sacrifices or taps other permanents"
    if option.repeatable:
        return "an ability activated again and again"
    if any(option.resources) or option.discards_hand:
        return "a cost of energy or cards"
    if option.only_as_instant:
        return "an ability activated only as an instant"
    if option.mana_cost is not None and option.life:
        return "a cost of both mana and life"
    return ""


# -- the state of a search -------------------------------------------------------------


@dataclass(frozen=True)
class _State:
    """Where a start has got to: the board and pool, the steps so far, and what they
    cost (sacrifices, damage and life, flexibility), with the phase's order."""

    board: Board
    pool: ManaPool
    steps: tuple[Step, ...] = ()
    sacrifice: int = 0
    life: int = 0
    flex: int = 0
    floor: tuple[int, int] = (-1, -1)  # the last free activation of the phase
    costing: bool = False  # a mana-costing activation came in this phase

    def key(self) -> tuple[Any, ...]:
        pool = tuple(sorted(Counter(_kind(u) for u in self.pool).items(), key=repr))
        return (self.board, pool, self.sacrifice, self.life, self.flex, self.floor, self.costing)


def _kind(unit: Mana) -> tuple[Any, ...]:
    return (unit.type, unit.snow, unit.legendary, unit.restriction)


@dataclass
class _Search:
    request: PaymentRequest
    solve: Solver | None = None
    first: bool = False  # payability only: stop at the first plan
    best: tuple[tuple[int, ...], Plan] | None = None
    seen: set[tuple[Any, ...]] = field(default_factory=set)
    solves: int = 0
    cut: bool = False
    deadline: float | None = None
    decide_by: float | None = None
    need: tuple[int, dict[ManaType, int]] = (0, {})

    @property
    def futures(self) -> int:
        return len(self.request.future)

    def done(self) -> bool:
        """Whether to stop: a plan found when only payability is asked; the budget
        or the time spent when a plan is known (never before: payability is exact)."""
        if self.best is None:
            return False
        if self.first:
            return True
        late = self.deadline is not None and time.process_time() > self.deadline
        if self.solves >= MAX_CUBE_SOLVES or len(self.seen) >= MAX_CUBE_STATES or late:
            self.cut = True
        return self.cut

    def hopeless(self, state: _State) -> bool:
        """Whether no plan from ``state`` can beat the best (its sacrifices, life and
        flexibility only grow; the levels between them at best)."""
        if self.best is None or self.first:
            return False
        life = self.request.life
        low = (int(0 < life <= state.life), state.sacrifice, state.life)
        best = self.best[0]
        if low != best[:3]:
            return low > best[:3]
        return best[3:] <= (-self.futures, 0, state.flex)

    def offer(self, state: _State) -> None:
        """The best plan from ``state`` with no more Cube, if any, kept if better."""
        self.solves += 1
        request = self.request
        left = request.life - state.life
        if self.deadline is not None and self.decide_by is not None:
            # Until a plan is known, each solve may decide up to ``decide_by``
            # (its own is twice its limit); after, the best plan by ``deadline``.
            now = time.process_time()
            budget = self.deadline - now if self.best else (self.decide_by - now) / 2
            request = replace(request, time_limit=max(budget, 0.001))
        assert self.solve is not None
        try:
            after, value = self.solve(replace(request, life=left), state.board, state.pool)
        except CannotPay:
            return
        except SearchTooLong:
            if self.best is None:
                raise  # payability unknown: never guessed
            self.cut = True
            return
        steps = state.steps + after.steps
        result = Plan(request.cost, steps, after.payment, after.ignored, after.cut_short)
        lost = result.life_paid + result.damage
        total = (
            int(0 < request.life <= lost),
            state.sacrifice + value[0],
            state.life + value[1],
            value[2],
            value[3],
            state.flex + value[4],
        )
        self.cut = self.cut or after.cut_short
        if self.best is None or total < self.best[0]:
            self.best = (total, result)


# -- the moves from a state ------------------------------------------------------------


def _explore(search: _Search, state: _State, doubled: bool = False) -> None:
    """Every start from ``state`` (reached by a Cube's activation: ``doubled``): the
    plan after it offered, then each state it leads to explored."""
    key = state.key()
    if key in search.seen or search.done() or search.hopeless(state):
        return
    _count(search.seen, search.decide_by)
    search.seen.add(key)
    if doubled:
        search.offer(state)
    for nxt, more in _moves(state, search.request.life, search.need):
        _explore(search, nxt, more)
        if search.done():
            return


def _moves(
    state: _State, life: int, need: tuple[int, dict[ManaType, int]]
) -> Iterator[tuple[_State, bool]]:
    """The states one activation after ``state`` — each Cube with each payment of its
    cost (True), each other activation that can come next in the phase (False) —
    none when no Cube can add anything now or later, or when even every mana the
    board can still make, doubled by every Cube left, wouldn't be ``need``: that
    much mana in all and that much of the types that only one type pays."""
    effective = state.board.effective
    cubes = [i for i in range(len(effective.permanents)) if _can_double(effective, i)]
    most, by_type = _most_more(effective)
    most += len(state.pool)
    if not cubes or most < 4:
        return
    for _ in cubes:
        most = max(most, 2 * (most - 3))
    if most < need[0]:
        return
    for unit in state.pool:
        by_type[unit.type] = by_type.get(unit.type, 0) + 1
    if any(by_type.get(t, 0) << len(cubes) < n for t, n in need[1].items()):
        return
    for i in cubes:
        if _first_of_kind(effective, i):
            for nxt in _doubled(state, i):
                yield nxt, True
    for i, p in enumerate(effective.permanents):
        if p.controller != "you" or not p.abilities or not _first_of_kind(effective, i):
            continue
        for option in options_of(effective, i, effective.could_produce):
            for nxt in _activated(state, i, option, life - state.life):
                yield nxt, False


def _most_more(board: Board) -> tuple[int, dict[ManaType, int]]:
    """The most mana your permanents could still add (each its largest option), in
    all and of each type."""
    most = 0
    by_type: dict[ManaType, int] = {}
    for i in range(len(board.permanents)):
        options = options_of(board, i, board.could_produce)
        most += max((len(o.slots) for o in options), default=0)
        for t in ManaType:
            by_type[t] = by_type.get(t, 0) + max(
                (sum(t in s for s in o.slots) for o in options), default=0
            )
    return most, by_type


def _need(cost: ManaCost, x: int) -> tuple[int, dict[ManaType, int]]:
    """The least mana paying ``cost`` takes, and per type the symbols only that type
    pays ({G}: G; hybrid, Phyrexian and generic symbols aren't counted)."""
    by_type: dict[ManaType, int] = {}
    for symbol in cost:
        halves = [h for h in symbol.halves if h in "WUBRGC"]
        if len(symbol.halves) == 1 and len(halves) == 1 and not symbol.is_phyrexian:
            t = ManaType.parse(halves[0])
            by_type[t] = by_type.get(t, 0) + 1
    return least_mana(cost, x), by_type


def _count(seen: set[Any], decide_by: float | None) -> None:
    """Refuse to go on past ``decide_by``, or past ``MAX_CUBE_STATES`` starts without
    a time limit (never a guess: :class:`SearchTooLong`)."""
    if decide_by is not None:
        check_time(decide_by)
    elif len(seen) >= MAX_CUBE_STATES:
        raise SearchTooLong(
            "search_budget", f"more than {MAX_CUBE_STATES} ways to start before Doubling Cube: "
            "too many to decide whether the board pays (pass a time limit for the best plan "
            "found)", MAX_CUBE_STATES,
        )  # fmt: skip


def _first_of_kind(board: Board, index: int) -> bool:
    """Whether no identical permanent comes before it (identical permanents are
    interchangeable: one order of them is enough), nothing being attached to either."""
    p = board.permanents[index]
    attached = {q.attached_to for q in board.permanents if q.attached_to is not None}
    if board.ids[index] in attached:
        return True
    return not any(board.permanents[j] == p and board.ids[j] not in attached for j in range(index))


def _activated(state: _State, index: int, option: Option, life: int) -> Iterator[_State]:
    """The states after activating ``option`` of permanent ``index`` with ``life``
    left: every typing of its mana and every payment of its cost, in the phase's
    order (free activations first, by (pays life first, id))."""
    free = option.mana_cost is None
    board = state.board
    effective = board.effective
    identifier = board.ids[index]
    place = (0 if option.life else 1, identifier)  # ids: a sacrifice shifts the indexes
    if free and (state.costing or place <= state.floor):
        return
    for typing in _typings(option):
        for payment in _payments(option.mana_cost, tuple(state.pool)):
            try:
                done = activate(
                    board, identifier, option.ability_index, produce=typing, pool=state.pool,
                    life=life, pay=payment, counters=option.counters,
                )  # fmt: skip
            except (MtgManaError, CannotPay):
                continue
            if (done.damage, done.life_paid) != (option.damage, option.life):
                continue  # activate() took a cheaper option making the same: tried too
            yield _after(state, effective, index, option, done, place if free else state.floor)


def _after(
    state: _State,
    effective: Board,
    index: int,
    option: Option,
    done: Activated,
    floor: tuple[int, int],
) -> _State:
    permanent = effective.permanents[index]
    steps = steps_of(effective, index, option, done.produced, done.spent)
    lost = 0
    if option.sacrifice_self:
        creature = permanent.is_creature and permanent.zone == "battlefield"
        lost = 1 + (0 if permanent.token else 2) + (1 if creature else 0)
    flex = _flexibility(effective, index) if option.simple else 0
    return _State(
        done.board,
        done.pool,
        state.steps + tuple(steps),
        state.sacrifice + lost,
        state.life + done.damage + done.life_paid,
        state.flex + flex,
        floor,
        state.costing or option.mana_cost is not None,
    )


def _flexibility(board: Board, index: int) -> int:
    """Preference 5: the types the permanent's one-mana abilities make."""
    types: set[ManaType] = set()
    for option in options_of(board, index, board.could_produce):
        if option.simple:
            types |= option.slots[0]
    return len(types)


def _typings(option: Option) -> list[tuple[ManaType, ...]]:
    """Every multiset of types the option's slots can make."""
    found = {
        tuple(sorted(combo, key=ORDER.__getitem__)) for combo in itertools.product(*option.slots)
    }
    return sorted(found, key=lambda t: [ORDER[x] for x in t])


def _payments(cost: ManaCost | None, units: tuple[Mana, ...]) -> list[tuple[Mana, ...]]:
    """Every way to pay an activation's mana cost from ``units``, one per multiset of
    kinds of mana (which units of a kind don't matter); ``[()]`` for no cost."""
    if cost is None:
        return [()]
    symbols = list(cost)
    most = sum(2 if s.text.startswith("{2/") else max(1, _generic(s)) for s in symbols)
    least = sum(1 if s.text.startswith("{2/") else max(1, _generic(s)) for s in symbols)
    generic = all(s.is_numeral for s in symbols)  # any units pay: no payment to check
    by_kind: dict[tuple[Any, ...], list[Mana]] = {}
    for unit in units:
        if not generic or unit.restriction is None or unit.restriction.allows(_ABILITY):
            by_kind.setdefault(_kind(unit), []).append(unit)
    kinds = list(by_kind.values())
    found: list[tuple[Mana, ...]] = []
    for size in range(least, min(most, len(units)) + 1):
        for counts in _splits(size, [len(k) for k in kinds]):
            chosen = tuple(u for k, n in zip(kinds, counts, strict=True) for u in k[:n])
            if generic or _pays(cost, chosen):
                found.append(chosen)
    return found


def _pays(cost: ManaCost, units: tuple[Mana, ...]) -> bool:
    """Whether ``units``, every one of them, pay an activation's cost."""
    try:
        paid = pay_cost(cost, units, life=0, spend=_ABILITY)
    except CannotPay:
        return False
    return len(paid.spent) == len(units)


def _generic(symbol: Any) -> int:
    text = symbol.text.strip("{}")
    return int(text) if text.isdigit() else 1


def _splits(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` items, at most ``limits[k]`` of kind k."""
    if not limits:
        if total == 0:
            yield ()
        return
    for n in range(min(total, limits[0]), -1, -1):
        for rest in _splits(total - n, limits[1:]):
            yield (n, *rest)


def _doubled(state: _State, index: int) -> Iterator[_State]:
    """The states after the Cube ``index`` doubles the pool: one per payment of its
    cost leaving some mana to double (a new phase begins)."""
    board = state.board
    effective = board.effective
    cube = effective.permanents[index]
    ability = len(cube.abilities)
    for j, doubling in enumerate(cube.doublings):
        for payment in _payments(doubling.cost.mana, tuple(state.pool)):
            if len(payment) >= len(state.pool):
                continue  # nothing left to double
            done = activate(board, board.ids[index], ability + j, pool=state.pool, pay=payment)
            step = Step(
                board.ids[index], cube.name, str(doubling), ability + j, done.produced,
                Paid(done.spent), (board.ids[index],),
            )  # fmt: skip
            yield replace(
                state, board=done.board, pool=done.pool, steps=(*state.steps, step),
                floor=(-1, -1), costing=False,
            )  # fmt: skip


# -- the answers ---------------------------------------------------------------------


def _start(board: Board, pool: Pool) -> _State:
    start = ManaPool()
    start.add_units(floating_units(pool))
    return _State(board, start)


def plan_with_cubes(request: PaymentRequest, board: Board, pool: Pool, solve: Solver) -> Plan:
    """The best plan, Cubes activated where they do best (see the module)."""
    search = _Search(request, solve, need=_need(request.cost, request.x or 0))
    if request.time_limit is not None:
        search.deadline = time.process_time() + request.time_limit
        search.decide_by = search.deadline + request.time_limit
    state = _start(board, pool)
    shortfall: CannotPay | SearchTooLong | None = None
    try:
        plan, value = solve(request, board, tuple(state.pool))
        lost = plan.life_paid + plan.damage
        search.best = ((int(0 < request.life <= lost), *value), plan)
        search.cut = plan.cut_short
    except (CannotPay, SearchTooLong) as error:
        shortfall = error  # a plan with a Cube may still pay
    _explore(search, state)
    if search.best is None:
        if not isinstance(shortfall, CannotPay):
            raise shortfall or AssertionError("no plan and no reason")
        why = [f"{w} — without Doubling Cube; activating it anywhere pays no better" for w in
               shortfall.shortfall]  # fmt: skip
        raise CannotPay(shortfall.cost, why) from None
    result = search.best[1]
    return replace(result, cut_short=search.cut) if search.cut else result


def payable_with_cubes(
    board: Board,
    pool: Pool,
    request: PaymentRequest,
    payable: Callable[[Board, Pool, int], bool],
    decide_by: float | None,
) -> bool:
    """Whether some plan pays, Cubes activated anywhere (exact: every start is tried
    until one pays)."""
    state = _start(board, pool)
    if payable(board, tuple(state.pool), request.life):
        return True
    need = _need(request.cost, request.x or 0)
    search = _Search(request, first=True, decide_by=decide_by, need=need)
    return _any_pays(search, state, payable)


def _any_pays(search: _Search, state: _State, payable: Callable[[Board, Pool, int], bool]) -> bool:
    key = state.key()
    if key in search.seen:
        return False
    _count(search.seen, search.decide_by)
    search.seen.add(key)
    life = search.request.life
    for nxt, doubled in _moves(state, life, search.need):
        if doubled and payable(nxt.board, tuple(nxt.pool), life - nxt.life):
            return True
        if _any_pays(search, nxt, payable):
            return True
    return False


def after_cubes(
    board: Board, pool: Pool, deadline: float | None
) -> tuple[list[tuple[Board, tuple[Mana, ...]]], bool]:
    """What :func:`~mtgmana.tapping.options` adds up: the board and floating mana
    after each start that ends with a Cube (see the module), each once; and whether
    they are all there (not past ``deadline`` nor ``MAX_CUBE_STATES``)."""
    found: dict[tuple[Any, ...], tuple[Board, tuple[Mana, ...]]] = {}
    seen: set[tuple[Any, ...]] = set()
    request = PaymentRequest(ManaCost.parse("{0}"))
    todo = [_start(board, pool)]
    while todo:
        state = todo.pop()
        key = state.key()
        if key in seen:
            continue
        late = deadline is not None and time.process_time() > deadline
        if late or len(seen) >= MAX_CUBE_STATES:
            return list(found.values()), False
        seen.add(key)
        for nxt, doubled in _moves(state, request.life, (0, {})):
            if doubled:
                found.setdefault(nxt.key()[:2], (nxt.board, tuple(nxt.pool)))
            todo.append(nxt)
    return list(found.values()), True
