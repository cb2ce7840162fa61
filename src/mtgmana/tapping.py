"""The exact auto-tapper: which sources to tap to pay a cost (CR 106, 107.4, 118,
601.2g-h, 605).

Given a :class:`~mtgmana.battlefield.Board`, floating mana, a life total and a cost,
:func:`plan` finds a plan — which mana abilities to activate, in which order, with
which choices, and how their mana and the floating mana pay each symbol — or raises
:class:`~mtgmana.CannotPay`. It is exact: if any legal plan exists it finds one,
including plans that need filter lands or Signets (abilities that cost mana), and
the plan it returns is optimal under this preference order (each breaks the ties of
the ones before) — within a budget of ``MAX_COMBINATIONS`` flows that real boards
don't reach (past it: the best plan found, payability still exact):

1. lose no permanent that need not be lost (sacrifice tokens before nontoken
   permanents, noncreatures before creatures);
2. take the least damage and pay the least life;
3. leave the least mana unused: don't make mana that nothing spends (no Sol Ring
   for the last ``{1}`` when a land will do), spend floating mana before making
   more;
4. keep the ``future`` costs payable, together, by the one-mana sources left
   untapped, as many as possible;
5. tap sources that make fewer types of mana before flexible ones (mana that
   abilities make counts as tapping nothing: Sol Ring before two lands);
6. then deterministically: of plans equal on 1-5, the first the search meets,
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

>>> from mtgmana.battlefield import Board, Permanent
>>> from mtgmana.abilities import ManaAbility
>>> forest = Permanent("Forest", (ManaAbility.simple("G"),), type_line="Basic Land — Forest")
>>> sol_ring = Permanent("Sol Ring", (ManaAbility.fixed("CC"),), type_line="Artifact")
>>> result = plan("{1}{G}", Board((forest, forest, sol_ring)))
>>> [a.card for a in result.activations]      # not Sol Ring: it would waste a mana
['Forest', 'Forest']
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import _transport as T
from ._frontier import frontier as _frontier
from .abilities import ManaAbility, ReplacementKind
from .battlefield import Board, Permanent
from .costs import ManaCost
from .errors import MtgManaError
from .mana import Mana, ManaType, Source
from .payment import CannotPay, Payment, assign_symbols
from .restrictions import Restriction, Spend, SpendKind
from .symbols import ONE_MANA_KINDS, SymbolKind

__all__ = [
    "MAX_COMBINATIONS",
    "Activation",
    "Available",
    "TapPlan",
    "available",
    "can_pay",
    "plan",
]

MAX_COMBINATIONS = 600
"""At most this many flows (combinations and orders of multi-mana and mana-costing
activations) are solved for one plan: the branch and bound cuts the others. A board
that still needs more (such as twenty different Signets and filter lands) gets the
best plan found by then, or, when none was, the first payable one: payability
stays exact, only the optimality is given up. :func:`can_pay` has no such cap."""

_MAX_NODES = 30 * MAX_COMBINATIONS  # nodes of the branch and bound, for the same budget

MAX_ORDERS = 24
"""Orders of mana-costing activations tried one by one when several different ones
are used; with more distinct orders, cycles are branched on instead (up to 192
solutions), then this many orders are tried."""

_TYPES = tuple(ManaType)
_ORDER = {t: i for i, t in enumerate(_TYPES)}


def _ability_text(ability: ManaAbility, produces: Sequence[ManaType]) -> str:
    """The printed ability used: for merged abilities (a painland's two lines), the
    line that makes this mana."""
    text = str(ability)
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) <= 1:
        return text
    for line in lines:
        if all(t.symbol in line for t in produces):
            return line
    return lines[0]


@dataclass(frozen=True)
class Activation:
    """One activated mana ability in a plan."""

    card: str
    index: int
    ability: str
    produces: tuple[ManaType, ...]
    damage: int = 0
    life: int = 0
    sacrificed: tuple[str, ...] = ()
    paid_with: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "card": self.card,
            "ability": self.ability,
            "produces": "".join(t.symbol for t in self.produces),
        }
        if self.paid_with:
            result["paid_with"] = list(self.paid_with)
        if self.damage:
            result["damage"] = self.damage
        if self.life:
            result["life"] = self.life
        return result


@dataclass(frozen=True)
class TapPlan:
    """A plan: activations in order and the payment of the cost."""

    cost: ManaCost
    activations: tuple[Activation, ...]
    payment: Payment
    life_paid: int
    damage: int
    sacrificed: tuple[str, ...]
    floating_after: tuple[Mana, ...]

    def to_json(self) -> dict[str, Any]:
        """The plan as ``mtgmana tap --json`` prints it."""
        return {
            "payable": True,
            "activations": [a.to_json() for a in self.activations],
            "life_paid": self.life_paid,
            "damage": self.damage,
            "sacrificed": list(self.sacrificed),
            "floating_after": "".join(
                str(u) for u in sorted(self.floating_after, key=lambda u: _ORDER[u.type])
            ),
            "assignment": [
                {"symbol": str(part.symbol), "paid_with": part.paid_with}
                for part in self.payment.assignment
            ],
        }


# -- compiling a board into options ------------------------------------------------


@dataclass(frozen=True)
class _Option:
    """One way to activate one ability of a permanent, after choices, triggers and
    replacement effects: the mana it makes and what it costs."""

    ability: ManaAbility
    slots: tuple[frozenset[ManaType], ...]
    damage: int
    life: int
    mana_cost: ManaCost | None
    sacrifice_self: bool
    sacrifice_creature: bool
    tap_creature: bool
    restriction: Restriction | None
    repeatable: bool = False
    """No {T}, {Q}, "Sacrifice this" or counters in the cost (Ashnod's Altar): the
    ability can be activated again and again (CR 602.2, 605.3)."""
    taps_self: bool = False
    """{T} or {Q} in the cost."""

    @property
    def simple(self) -> bool:
        return (
            len(self.slots) == 1
            and self.mana_cost is None
            and not self.life
            and not self.sacrifice_creature
            and not self.tap_creature
        )


@dataclass(frozen=True)
class _Source:
    """A permanent compiled: its options, split into one-mana ones (a flow unit)
    and the others (enumerated)."""

    indexes: tuple[int, ...]
    name: str
    simple: tuple[_Option, ...]
    complex: tuple[_Option, ...]
    snow: bool
    legendary: bool
    token: bool
    creature: bool


def _options(
    board: Board,
    index: int,
    known: Sequence[frozenset[ManaType]],
    relevant: frozenset[ManaType] | None = None,
) -> list[_Option]:
    permanent = board.permanents[index]
    if permanent.controller != "you":
        return []
    found: list[_Option] = []
    replacements = board.replacements_for(index)
    triggers = board.triggers_for(index)
    for ability in permanent.abilities:
        cost = ability.cost
        if cost.tap and permanent.tapped:
            continue
        if cost.untap and not permanent.tapped:
            continue
        if (cost.tap or cost.untap) and permanent.is_creature and permanent.summoning_sick:
            continue  # CR 302.6
        if cost.remove_counters and permanent.counters < cost.remove_counters:
            continue
        if not board.can_activate(index, ability):
            continue  # "Activate only if ..." (CR 602.5b)
        repeatable = not (
            cost.tap
            or cost.untap
            or cost.sacrifice_self
            or cost.remove_counters
            or ability.once_per_turn
        )
        for slots, damage in _productions(board, index, ability, known):
            for final in _replaced(slots, replacements if cost.tap else [], relevant):
                if not any(final):
                    continue  # no mana: nothing is "tapped for mana" (CR 106.7, 106.12a)
                extra: list[frozenset[ManaType]] = []
                if cost.tap:  # "tapped for mana" (CR 106.12a)
                    for trigger in triggers:
                        if trigger.same_type:
                            extra.append(frozenset(t for s in final for t in s))
                        elif trigger.production is not None:
                            choice = trigger.production.choices[0]
                            extra.extend(board.resolve_slot(s, index, known) for s in choice.slots)
                all_slots = tuple(s for s in (*final, *extra) if s)
                if not all_slots:
                    continue  # an undefined type: no mana (CR 106.5)
                found.append(
                    _Option(
                        ability,
                        all_slots,
                        damage,
                        cost.life,
                        cost.mana,
                        cost.sacrifice_self,
                        cost.sacrifice == "creature",
                        cost.tap_other == "creature",
                        ability.restriction,
                        repeatable,
                        cost.tap or cost.untap,
                    )
                )
    return _merge_mixes(found)


def _merge_mixes(options: list[_Option]) -> list[_Option]:
    """Options of one ability that differ only in their one-type slots and together
    make every mix of ``n`` mana of some types ("{U}{U}, {U}{B}, or {B}{B}") become
    one option whose ``n`` slots may each be any of those types: the same choices,
    and fewer combinations to search."""
    families: dict[tuple[Any, ...], list[_Option]] = {}
    for option in options:
        key = (id(option.ability), len(option.slots), replace(option, slots=()))
        families.setdefault(key, []).append(option)
    merged: dict[int, _Option] = {}
    for family in families.values():
        if len(family) < 2 or any(len(s) != 1 for o in family for s in o.slots):
            continue
        mixes = [Counter(next(iter(s)) for s in o.slots) for o in family]
        common = functools.reduce(lambda a, b: a & b, mixes)
        rests = {frozenset((mix - common).items()) for mix in mixes}
        n = len(family[0].slots) - sum(common.values())
        types = frozenset(t for mix in mixes for t in mix - common)
        if len(rests) != len(family) or len(family) != math.comb(len(types) + n - 1, n):
            continue
        slots = tuple(frozenset({t}) for t in sorted(common.elements(), key=_ORDER.__getitem__))
        merged[id(family[0])] = replace(family[0], slots=slots + (types,) * n)
        merged.update((id(o), merged[id(family[0])]) for o in family[1:])
    result: list[_Option] = []
    for option in options:
        chosen = merged.get(id(option), option)
        if chosen not in result:
            result.append(chosen)
    return result


def _productions(
    board: Board, index: int, ability: ManaAbility, known: Sequence[frozenset[ManaType]]
) -> Iterator[tuple[tuple[frozenset[ManaType], ...], int]]:
    """Each way the ability can add mana: (slots, damage)."""
    production = ability.production
    per = production.per
    for choice in production.choices:
        slots = tuple(board.resolve_slot(s, index, known) for s in choice.slots)
        if per is None:
            yield slots, choice.damage
            continue
        if per.kind == "counters":
            for n in range(0 if per.plus else 1, board.permanents[index].counters + 1):
                yield slots * (n + per.plus), choice.damage
            continue
        colors = per.colors
        if per.kind == "devotion" and not colors:
            colors = "".join(t.value for s in slots for t in s if t is not ManaType.C)
        n = board.count(index, per.kind, per.filter, colors) if per.kind != "fixed" else per.value
        n += per.plus
        if n:
            yield slots * n, choice.damage


def _replaced(
    slots: tuple[frozenset[ManaType], ...],
    replacements: Sequence[Any],
    relevant: frozenset[ManaType] | None = None,
) -> list[tuple[frozenset[ManaType], ...]]:
    """The mana after replacement effects, in every order the player may apply them
    (CR 616.1); a slot that must keep its type (doubling) is split per type."""
    if not replacements:
        return [slots]
    results: set[tuple[frozenset[ManaType], ...]] = set()
    for order in itertools.permutations(replacements):
        for fixed in _fix_types(slots, relevant) if _needs_fixing(order) else [slots]:
            current = fixed
            for effect in order:
                if effect.kind is ReplacementKind.BECOMES and effect.becomes is not None:
                    n = len(current) if effect.amount is None or not current else effect.amount
                    current = tuple(frozenset({effect.becomes}) for _ in range(n))
                elif effect.kind is ReplacementKind.DAMPING and len(current) >= 2:
                    current = (frozenset({ManaType.C}),)
                elif effect.kind is ReplacementKind.MULTIPLY:
                    current = tuple(s for s in current for _ in range(effect.factor))
            # The order of the mana doesn't matter: {W}{U} and {U}{W} are one option
            # (five "any color" mana doubled are 126 options, not 3,125).
            results.add(tuple(sorted(current, key=lambda s: sorted(_ORDER[t] for t in s))))
    return sorted(results, key=lambda r: [sorted(_ORDER[t] for t in s) for s in r])


def _needs_fixing(order: Sequence[Any]) -> bool:
    return any(effect.kind is ReplacementKind.MULTIPLY for effect in order)


def _fix_types(
    slots: tuple[frozenset[ManaType], ...], relevant: frozenset[ManaType] | None = None
) -> list[tuple[frozenset[ManaType], ...]]:
    """Each way to give every slot one type. With ``relevant`` (the colors some
    demand names), the other colors are interchangeable — every demand accepts all
    of them or none — so each slot keeps only one of them, its first in WUBRG order:
    an exact reduction (five doubled "any color" mana for {G}: 6 typings, not 126)."""
    choices = []
    for item in slots:
        if relevant is None:
            kept = sorted(item, key=_ORDER.__getitem__)
        else:
            others: list[ManaType] = sorted(
                (t for t in item if t is not ManaType.C and t not in relevant),
                key=_ORDER.__getitem__,
            )
            kept = [t for t in item if t is ManaType.C or t in relevant] + others[:1]
        choices.append(kept)
    return [tuple(frozenset({t}) for t in combo) for combo in itertools.product(*choices)]


def _compile(
    board: Board, *, painful: bool = False, relevant: frozenset[ManaType] | None = None
) -> list[_Source]:
    """Your permanents as sources, identical ones grouped.

    One-mana options are flow units, except: with ``painful``, options that deal
    damage are enumerated, so that the damage is known before Phyrexian symbols
    are paid with life (CR 601.2g-h, 119.4); when something sacrifices a creature
    (Ashnod's Altar), a creature's "Sacrifice this" option is enumerated, so that
    no creature is sacrificed twice."""
    known = board.could_produce()
    groups: dict[tuple[Any, ...], list[int]] = {}
    compiled: dict[tuple[Any, ...], tuple[list[_Option], Permanent]] = {}
    for index, permanent in enumerate(board.permanents):
        options = _options(board, index, known, relevant)
        if not options:
            continue
        key = (
            permanent.name,
            tuple(options),
            permanent.is_snow,
            permanent.is_legendary,
            permanent.token,
            permanent.is_creature,
        )
        groups.setdefault(key, []).append(index)
        compiled[key] = (options, permanent)
    sources = []
    altar = any(o.sacrifice_creature for options, _ in compiled.values() for o in options)
    for key, indexes in groups.items():
        options, permanent = compiled[key]
        simple = [
            o
            for o in options
            if o.simple
            and not (painful and o.damage)
            and not (altar and permanent.is_creature and o.sacrifice_self)
        ]
        restrictions = {o.restriction for o in simple}
        if len(restrictions) > 1:  # one-mana abilities with different restrictions
            simple = []
        rest = [o for o in options if o not in simple]
        sources.append(
            _Source(
                tuple(indexes),
                permanent.name,
                tuple(simple),
                tuple(rest),
                permanent.is_snow,
                permanent.is_legendary,
                permanent.token,
                permanent.is_creature,
            )
        )
    return sources


# -- weights -------------------------------------------------------------------------


class _Scale:
    """Integer weights for the preference order, lexicographic by construction."""

    def __init__(self, units: int) -> None:
        base = 32 * (units + 2)  # more than the ties below each level can add up to
        self.flex = base
        self.waste = base * base
        self.life = self.waste * base
        self.sacrifice = self.life * base * 4

    def sacrifice_weight(self, token: bool, creature: bool) -> int:
        return self.sacrifice * (1 + (0 if token else 2) + (1 if creature else 0))


class _TapWeights(T.Weights):
    def __init__(self, units: Sequence[Mana], scale: _Scale) -> None:
        super().__init__(units, 1)
        self.life_weight = scale.life * T.LIFE_PER_SYMBOL


class _ForwardFirst(T.Weights):
    """The weights of the any-order relaxation: the tapper's, times ``k``, plus one
    for each unit of made mana that pays an activation before its own in the
    order tried — so that of the cheapest payments the flow picks one without a
    cycle when it can (divided back by :func:`_solve`)."""

    def __init__(self, base: T.Weights, k: int) -> None:
        self.base = base
        self.k = k

    def unit(self, supply: T.Supply, demand: T.Demand) -> int:
        backward = supply.unordered and 0 <= demand.owner < supply.origin
        return self.base.unit(supply, demand) * self.k + backward

    def life(self) -> int:
        return self.base.life() * self.k


def _solve(
    parts: Sequence[T.CostDemands],
    supplies: Sequence[T.Supply],
    counts: Sequence[int],
    life: int,
    weights: T.Weights,
) -> T.Solution | None:
    solution = T.solve(parts, supplies, counts, life, weights)
    if solution is not None and isinstance(weights, _ForwardFirst):
        return replace(solution, cost=solution.cost // weights.k)
    return solution


# -- the search ------------------------------------------------------------------------


@dataclass
class _Problem:
    board: Board
    sources: list[_Source]
    pool: tuple[Mana, ...]
    cost: ManaCost
    life: int
    x: int
    spend: Spend
    future: list[ManaCost]
    scale: _Scale = field(init=False)
    creatures: int = field(init=False)
    solves: int = field(default=0, init=False)  # flows solved so far

    @property
    def spent(self) -> bool:
        """Whether the plan's budget of flows (``MAX_COMBINATIONS``) is used up."""
        return self.solves >= MAX_COMBINATIONS

    def __post_init__(self) -> None:
        self.creatures = sum(
            1 for p in self.board.permanents if p.controller == "you" and p.is_creature
        )
        units = len(self.pool) + sum(
            len(s.indexes) * max(len(o.slots) for o in (*s.simple, *s.complex))
            + sum(self.repeats(s) * len(o.slots) for o in s.complex if o.repeatable)
            for s in self.sources
        )
        self.scale = _Scale(units)

    def repeats(self, source: _Source) -> int:
        """How many times a repeatable option of ``source`` is tried: once per
        creature for "Sacrifice a creature", else once per permanent."""
        return (
            self.creatures
            if any(o.sacrifice_creature for o in source.complex)
            else len(source.indexes)
        )


@dataclass
class _Instance:
    """A multi-mana (or mana-costing) activation chosen in a combination."""

    source: int  # position in the sources list
    copy: int  # which permanent of the group
    option: _Option


@dataclass
class _Candidate:
    value: tuple[int, ...]
    instances: list[_Instance]
    simple_counts: list[int]  # per source: permanents left as one-mana units
    solution: T.Solution
    supplies: list[T.Supply]
    members: list[list[Any]]
    future_kept: int


def _choice_rows(problem: _Problem) -> list[list[list[int]]]:
    """Per group of identical permanents, every way to choose how many use each
    complex option (the rest are one-mana units, or idle)."""
    per_group: list[list[list[int]]] = []
    for source in problem.sources:
        k = len(source.indexes)
        once = [i for i, o in enumerate(source.complex) if not o.repeatable]
        again = [i for i, o in enumerate(source.complex) if o.repeatable]
        bound = problem.repeats(source)
        choices: list[list[int]] = []
        for split in _compositions(k, len(once)):
            for repeats in itertools.product(range(bound + 1), repeat=len(again)):
                row = [0] * len(source.complex)
                for i, n in zip(once, split, strict=True):
                    row[i] = n
                for i, n in zip(again, repeats, strict=True):
                    row[i] = n
                choices.append(row)
        per_group.append(choices)
    return per_group


def _instances_of(
    problem: _Problem, picks: Sequence[list[int]]
) -> tuple[list[_Instance], list[int]]:
    """The activations a choice of rows stands for, and per group the permanents
    left as one-mana units."""
    instances: list[_Instance] = []
    simple_counts: list[int] = []
    for g, counts in enumerate(picks):
        copy = 0
        for option_index, n in enumerate(counts):
            option = problem.sources[g].complex[option_index]
            for _ in range(n):
                # A repeatable ability doesn't use up its permanent (any of the
                # group will do); a once-only one does.
                instances.append(_Instance(g, 0 if option.repeatable else copy, option))
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


def _evaluate(
    problem: _Problem,
    instances: list[_Instance],
    simple_counts: list[int],
    future: Sequence[ManaCost],
    beat: tuple[int, ...] | None = None,
    shortcuts: bool = True,
) -> _Candidate | None:
    """The best plan using exactly these complex activations (any order tried);
    with ``beat``, None when it can't be better than that. Without ``shortcuts``,
    every order is solved (the reference the tests compare with)."""
    sources = problem.sources
    scale = problem.scale
    fixed = 0
    victims = 0
    self_sacrificed: set[int] = set()
    tapped_creatures = 0
    for inst in instances:
        source = sources[inst.source]
        option = inst.option
        if option.sacrifice_self:
            fixed += scale.sacrifice_weight(source.token, source.creature)
            if source.creature:
                self_sacrificed.add(source.indexes[inst.copy])
        if option.sacrifice_creature:
            victims += 1
        tapped_creatures += option.tap_creature
        fixed += scale.life * (option.damage + option.life)
        fixed += scale.waste * len(option.slots)
    if victims:
        # "Sacrifice a creature": the cheapest creatures (tokens first) that don't
        # sacrifice themselves, each once (_victim names the same ones).
        weights = sorted(
            scale.sacrifice_weight(p.token, True)
            for i, p in enumerate(problem.board.permanents)
            if p.controller == "you" and p.is_creature and i not in self_sacrificed
        )
        if len(weights) < victims:
            return None
        fixed += sum(weights[:victims])
    life_used = sum(inst.option.life + inst.option.damage for inst in instances)
    if sum(inst.option.life for inst in instances) > problem.life:  # CR 119.4
        return None
    # Springleaf Drum and the like tap an untapped creature: first those whose mana
    # abilities don't tap them (a creature tapped this way still makes its mana,
    # Eldrazi Spawn), then creatures that would tap for mana.
    tapping = {i for s in sources if _taps(s) for i in s.indexes}
    spare_creatures = sum(
        1
        for i, p in enumerate(problem.board.permanents)
        if p.controller == "you" and p.is_creature and not p.tapped and i not in tapping
    )
    reserve = max(0, tapped_creatures - spare_creatures)
    simple_counts = list(simple_counts)
    if reserve:
        for g, source in enumerate(sources):
            if source.creature and reserve and _taps(source):
                take = min(reserve, simple_counts[g])
                simple_counts[g] -= take
                reserve -= take
        if reserve:
            return None
    costing = [inst for inst in instances if inst.option.mana_cost is not None]
    orders = _orders(instances, costing)
    first = next(orders)
    life_left = max(0, problem.life - life_used)
    kinds = Counter((inst.source, id(inst.option)) for inst in costing)
    floor: tuple[int, ...] | None = None
    if shortcuts and len(kinds) > 1:
        distinct = math.factorial(len(costing))
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
    best: _Candidate | None = None
    for order in itertools.chain([first], orders):
        candidate = _solve_order(problem, order, simple_counts, fixed, life_left, future)
        if candidate is not None and (best is None or candidate.value < best.value):
            best = candidate
            if best.value[:5] == floor:
                break  # as good as any order can be
        if shortcuts and problem.spent and best is not None:
            break
    return best


def _taps(source: _Source) -> bool:
    """Whether the source's mana abilities tap it ({T} or {Q})."""
    return any(o.taps_self for o in (*source.simple, *source.complex))


class _TooManyCycles(Exception):
    pass


_BRANCH_SOLVES = 192  # solutions the branching on cycles may take for one combination


def _order_search(
    problem: _Problem,
    order: list[_Instance],
    simple_counts: list[int],
    fixed: int,
    life_left: int,
    future: Sequence[ManaCost],
    beat: tuple[int, ...] | None,
) -> _Candidate | None:
    """The best plan over every order of these activations (CR 605.3a: mana made
    by one pays only for later ones), without trying the orders one by one: the
    relaxation "any order" is solved; if its made mana pays in a cycle, one of the
    cycle's activations comes first in any real order, so that one's cost can't be
    paid by the others' mana — a branch per member, each solved the same way. A
    solution without a cycle is solved again in its order (same value: exact).
    None when no plan beats ``beat``."""
    best: _Candidate | None = None
    branches: list[dict[int, frozenset[int]]] = [{}]
    seen: set[frozenset[tuple[int, frozenset[int]]]] = set()
    kinds = [(inst.source, id(inst.option)) for inst in order]
    solves = 0
    floor: tuple[int, ...] | None = None
    while branches:
        forbidden = branches.pop()
        key = frozenset((k, v) for k, v in forbidden.items() if v)
        if key in seen:
            continue
        seen.add(key)
        solves += 1
        if solves > _BRANCH_SOLVES or problem.spent:
            raise _TooManyCycles
        relaxed = _solve_order(
            problem, order, simple_counts, fixed, life_left, future, True, forbidden
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
            )
            if shape in tried:
                continue
            tried.add(shape)
            branch = dict(forbidden)
            for other in cycle:
                if other != first:
                    branch[other] = branch.get(other, frozenset()) | {first}
            branches.append(branch)
    return best


def _precedence(candidate: _Candidate) -> tuple[list[_Instance] | None, list[int]]:
    """The activations in an order in which the candidate's made mana pays only
    later activations; or, if it pays in a cycle, the positions in one cycle."""
    solution = candidate.solution
    order = candidate.instances
    after: dict[int, set[int]] = {p: set() for p in range(len(order))}
    for (s, d), amount in solution.assignment.items():
        origin = candidate.supplies[s].origin
        owner = solution.demands[d].owner
        if amount and 0 <= origin < len(order) and 0 <= owner < len(order):
            after[origin].add(owner)
    before = Counter(q for targets in after.values() for q in targets)
    ready = [p for p in range(len(order)) if not before[p]]
    result: list[_Instance] = []
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


def _orders(instances: list[_Instance], costing: list[_Instance]) -> Iterator[list[_Instance]]:
    """Orders of activations to try, at most ``MAX_ORDERS``: mana made by an
    activation pays only for later ones, so with several different mana-costing
    activations the order matters (identical ones are interchangeable)."""
    others = [inst for inst in instances if inst.option.mana_cost is None]
    # Creatures tap for mana before they are sacrificed (Ashnod's Altar).
    others.sort(key=lambda inst: inst.option.sacrifice_creature)
    kinds: dict[tuple[int, int], list[_Instance]] = {}
    for inst in costing:
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

    for count, arrangement in enumerate(arrangements(len(costing))):
        if count >= MAX_ORDERS:
            return
        taken = [0] * len(groups)
        order = list(others)
        for g in arrangement:
            order.append(groups[g][taken[g]])
            taken[g] += 1
        yield order


def _solve_order(
    problem: _Problem,
    order: list[_Instance],
    simple_counts: list[int],
    fixed: int,
    life_left: int,
    future: Sequence[ManaCost],
    relaxed: bool = False,
    forbidden: dict[int, frozenset[int]] | None = None,
) -> _Candidate | None:
    """The best plan with the activations in this order; ``relaxed``: in any
    order — mana made by an activation may pay any other one but those
    ``forbidden`` to it (a lower bound)."""
    problem.solves += 1
    scale = problem.scale
    sources = problem.sources
    spends: list[Spend] = [problem.spend, problem.spend.paying_x()]
    activation_spend = Spend(SpendKind.ABILITY)
    parts: list[T.CostDemands] = []
    try:
        parts.append(T.cost_demands(problem.cost, problem.x, 0, 1, T.ALL_TYPES, current=True))
    except T.Unpayable:
        return None
    for position, inst in enumerate(order):
        cost = inst.option.mana_cost
        if cost is None:
            continue
        index = len(spends)
        spends += [activation_spend, activation_spend.paying_x()]
        try:
            parts.append(
                T.cost_demands(cost, 0, index, index + 1, T.ALL_TYPES, current=True, owner=position)
            )
        except T.Unpayable:
            return None
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
            )
        )
        members.append([(g, i) for i in range(n)])
        counts.append(n)
    # Mana made by multi-mana activations: each slot a unit; unused ones are wasted.
    for position, inst in enumerate(order):
        source = sources[inst.source]
        slots = Counter(inst.option.slots)
        for types, n in sorted(slots.items(), key=lambda kv: sorted(_ORDER[t] for t in kv[0])):
            restriction = inst.option.restriction
            supplies.append(
                T.Supply(
                    types,
                    source.snow,
                    source.legendary,
                    restriction is not None,
                    allowed(restriction),
                    position,
                    -scale.waste,
                    (),
                    ("made", position, types),
                    relaxed,
                    (forbidden or {}).get(position, frozenset()),
                )
            )
            members.append([("made", position, types, i) for i in range(n)])
            counts.append(n)
    weights: T.Weights = _TapWeights(problem.pool, scale)
    if relaxed:
        weights = _ForwardFirst(weights, sum(counts) + 1)
    current_parts = parts[:future_start]
    solution = _solve(current_parts, supplies, counts, life_left, weights)
    if solution is None:
        return None
    value_main = fixed + solution.cost
    kept = 0
    if future:
        level = (fixed + solution.cost) // scale.waste  # preferences 1-3

        def same_level(cost: int) -> bool:
            return (fixed + cost) // scale.waste == level

        joint = _keep_future(parts, future_start, supplies, counts, life_left, weights, same_level)
        if joint is not None:
            solution, kept = joint
    sac, rest = divmod(value_main, scale.sacrifice)
    life_w, rest = divmod(rest, scale.life)
    waste_w, rest = divmod(rest, scale.waste)
    flex, rest = divmod(fixed + solution.cost - value_main + rest, scale.flex)
    value = (sac, life_w, waste_w, -kept, flex, rest)
    return _Candidate(value, order, simple_counts, solution, supplies, members, kept)


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
    making the current plan worse on preferences 1-3."""
    futures = list(range(future_start, len(parts)))
    simple_only = [
        s if isinstance(s.key, tuple) and s.key[0] == "simple" else None for s in supplies
    ]
    for size in range(len(futures), 0, -1):
        best: T.Solution | None = None
        for chosen in itertools.combinations(futures, size):
            chosen_parts = parts[:future_start] + [parts[i] for i in chosen]
            restricted = _restrict_future(chosen_parts, future_start, simple_only, supplies)
            joint = _solve(restricted[0], restricted[1], counts, life, weights)
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
        if simple is not None:
            fixed.append(supply)
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


def _search(problem: _Problem, *, shortcuts: bool = True, first: bool = False) -> _Candidate | None:
    """The best combination of complex activations, by branch and bound over the
    groups of identical permanents: a branch is cut when a lower bound of every
    plan in it can't beat the best plan found, or when even with the most mana the
    undecided permanents could make, Hall's condition says the cost can't be paid.
    ``first``: the first payable combination found (for :func:`can_pay`). Without
    ``shortcuts``, every combination and order is solved (the tests' reference)."""
    best: _Candidate | None = None
    if first and shortcuts:
        # The one-mana sources alone, first: they often pay.
        nothing = [[0] * len(source.complex) for source in problem.sources]
        best = _evaluate(problem, *_instances_of(problem, nothing), problem.future)
        if best is not None:
            return best
    tree = _Tree(problem)
    rows = tree.rows
    # Nodes best bound first (deeper first on ties, to reach plans sooner); with
    # ``first``, depth first, no activation first, then the most mana.
    start = (tree.start, tree.pool_supply, tree.cost_need, tree.cost_total, (), False)
    heap: list[tuple[Any, ...]] = [((), 0, 0, start)]
    stack: list[tuple[int, tuple[Any, ...]]] = [(0, start)]
    counter = itertools.count(1)
    nodes = 0
    while (heap if not first else stack) and (first or not shortcuts or not problem.spent):
        nodes += 1
        if nodes > _MAX_NODES and shortcuts and not first:
            problem.solves = MAX_COMBINATIONS  # the budget is spent on nodes
            break
        key: tuple[int, ...] = ()
        if first:
            depth, node = stack.pop()
        else:
            key, negative_depth, _, node = heapq.heappop(heap)
            depth = -negative_depth
        sums, supply, need, total, chosen, refined = node
        if shortcuts:
            bound = key or tree.bound(depth, sums)  # a node's key is its bound
            if best is not None and tree.worse(bound, best.value):
                if first:
                    continue
                break  # every node left has a bound at least as high
            # Hall's condition at every node when looking for any payable
            # combination; otherwise only the count at inner nodes (cheaper).
            whole = first or depth == len(rows)
            if tree.hopeless(depth, supply, need, total, whole):
                continue
        if depth == len(rows):
            if shortcuts and not first and not refined:
                # What the made mana can pay, colors counted: a sharper bound, and
                # the leaf waits its turn again with it.
                sharper = tree.leaf_bound(sums, chosen)
                if sharper > bound:
                    node = (*node[:5], True)
                    heapq.heappush(heap, (sharper, -depth, next(counter), node))
                    continue
            picks = [rows[g][r] for g, r in enumerate(chosen)]
            instances, simple_counts = _instances_of(problem, picks)
            beat = None if best is None or not shortcuts or tree.margin else best.value[:5]
            candidate = _evaluate(
                problem, instances, simple_counts, problem.future, beat, shortcuts
            )
            if candidate is not None and (best is None or candidate.value < best.value):
                best = candidate
                if first:
                    break
            continue
        children = []
        for r in tree.order[depth]:
            more_supply, more_need, more_total = tree.hall_rows[depth][r]
            child_sums = tuple(a + b for a, b in zip(sums, tree.summaries[depth][r], strict=True))
            children.append(
                (
                    child_sums,
                    supply + more_supply if more_supply else supply,
                    need + more_need if more_need else need,
                    total + more_total,
                    (*chosen, r),
                    False,
                )
            )
        if first:
            stack.extend((depth + 1, child) for child in reversed(children))
        else:
            for child in children:
                bound = tree.bound(depth + 1, child[0]) if shortcuts else ()
                heapq.heappush(heap, (bound, -(depth + 1), next(counter), child))
    return best


class _Tree:
    """What the branch and bound of :func:`_search` precomputes per group: its
    rows (how many copies use each complex option), their summaries, what each
    adds to Hall's supply and demand, and optimistic sums over the groups after."""

    def __init__(self, problem: _Problem) -> None:
        self.problem = problem
        # Restricted mana makes the level counts of a candidate exact only to
        # within one unit of waste: then only preferences 1-3 bound, with that margin.
        self.margin = int(
            any(unit.restriction is not None for unit in problem.pool)
            or any(
                o.restriction is not None for s in problem.sources for o in (*s.simple, *s.complex)
            )
        )
        self.rows = _choice_rows(problem)
        self.summaries = [
            [_row_summary(problem, g, row) for row in rows] for g, rows in enumerate(self.rows)
        ]
        most = _spent(problem.cost, problem.x, most=True)
        least = _spent(problem.cost, problem.x, most=False)
        self.start = (0, 0, 0, most, least, 0)
        # Optimistic sums over groups depth.. : the least sacrifice and life, the
        # most mana absorbed (made - most), the most mana gained (made - least).
        n = len(self.rows)
        self.low_sacrifice = [0] * (n + 1)
        self.low_life = [0] * (n + 1)
        self.low_net = [0] * (n + 1)
        self.high_net = [0] * (n + 1)
        for g in range(n - 1, -1, -1):
            rows = self.summaries[g]
            self.low_sacrifice[g] = self.low_sacrifice[g + 1] + min(r[0] + 2 * r[5] for r in rows)
            self.low_life[g] = self.low_life[g + 1] + min(r[1] for r in rows)
            self.low_net[g] = self.low_net[g + 1] + min(r[2] - r[3] for r in rows)
            self.high_net[g] = self.high_net[g + 1] + max(r[2] - r[4] for r in rows)
        # Depth first (``first``): no activation first — the one-mana sources
        # often pay alone — then the rows that gain the most mana.
        self.order = [
            _depth_first_order(summaries, rows)
            for summaries, rows in zip(self.summaries, self.rows, strict=True)
        ]
        self._hall_setup(problem)

    def _hall_setup(self, problem: _Problem) -> None:
        demands = _symbol_masks(problem.cost, problem.x, relaxed=True)
        self.hall = demands is not None
        self.cost_need: Counter[int] = Counter()
        self.pool_supply: Counter[int] = Counter()
        self.cost_total = 0
        self.cost_most: tuple[Counter[int], int] | None = None
        self.made_rows: list[list[tuple[Counter[int], Counter[int], int, int, int]]] = []
        self.hall_rows: list[list[tuple[Counter[int], Counter[int], int]]] = []
        self.optimistic: list[Counter[int]] = [Counter() for _ in range(len(self.rows) + 1)]
        if demands is None:
            self.hall_rows = [[(Counter(), Counter(), 0) for _ in rows] for rows in self.rows]
            return
        self.cost_need, self.cost_total = demands
        self.cost_most = _most_demands(problem.cost, problem.x)
        for unit in problem.pool:
            self.pool_supply[(1 << _ORDER[unit.type]) | (_SNOW_BIT if unit.snow else 0)] += 1
        for g in range(len(self.rows) - 1, -1, -1):
            source = problem.sources[g]
            snow = _SNOW_BIT if source.snow else 0
            simple_bits = snow
            for option in source.simple:
                simple_bits |= _bits(option.slots[0])
            per_row = []
            best_bits, most = snow, 0
            for option in (*source.simple, *source.complex):
                for slot_types in option.slots:
                    best_bits |= _bits(slot_types)
                times = problem.repeats(source) if option.repeatable else 1
                most = max(most, len(option.slots) * times)
            self.optimistic[g] = self.optimistic[g + 1].copy()
            self.optimistic[g][best_bits] += most * len(source.indexes)
            made_rows = []
            for row in self.rows[g]:
                supply: Counter[int] = Counter()
                need: Counter[int] = Counter()
                total = copies = 0
                made: Counter[int] = Counter()
                most_need: Counter[int] = Counter()
                generic = made_by_costing = 0
                root = _NO_ROOT  # the least mana one of its activations' costs takes
                for option, count in zip(source.complex, row, strict=True):
                    if not count:
                        continue
                    copies += 0 if option.repeatable else count
                    for slot_types in option.slots:
                        supply[_bits(slot_types) | snow] += count
                        made[_bits(slot_types) | snow] += count
                    if option.mana_cost is not None:
                        made_by_costing += count * len(option.slots)
                        root = min(root, _spent(option.mana_cost, 0, most=False))
                        more, more_generic = _most_demands(option.mana_cost, 0)
                        for mask, k in more.items():
                            most_need[mask] += k * count
                        generic += more_generic * count
                        found = _symbol_masks(option.mana_cost, 0, relaxed=True)
                        if found is not None:  # else: a relaxation, nothing needed
                            for mask, k in found[0].items():
                                need[mask] += k * count
                            total += found[1] * count
                if source.simple and len(source.indexes) > copies:
                    supply[simple_bits] += len(source.indexes) - copies
                per_row.append((supply, need, total))
                made_rows.append((made, most_need, generic, made_by_costing, root))
            self.hall_rows.insert(0, per_row)
            self.made_rows.insert(0, made_rows)

    def bound(self, depth: int, sums: tuple[int, ...]) -> tuple[int, ...]:
        """A lower bound of the value of every plan below a node, from the rows
        chosen so far and the most favourable row of each group left: what they
        sacrifice (a creature token at the least for "Sacrifice a creature"), the
        damage and life they cost, the mana left over when every cost takes the
        most it can, every future cost kept, and the one-mana sources that must be
        tapped for what the made and floating mana can't pay."""
        sacrifice, life, made, most, least, victims = sums
        floating = len(self.problem.pool) + made
        waste = max(0, floating - most + self.low_net[depth])
        sacrifice += 2 * victims + self.low_sacrifice[depth]
        life += self.low_life[depth]
        if self.margin:
            return (sacrifice, life, waste - self.margin)
        flex = max(0, least - floating - self.high_net[depth])
        return (sacrifice, life, waste, -len(self.problem.future), flex)

    def leaf_bound(self, sums: tuple[int, ...], chosen: tuple[int, ...]) -> tuple[int, ...]:
        """:meth:`bound` of a whole combination, sharpened by the types of mana: the
        made and floating mana spent is at most what can pay the costs' symbols."""
        bound = self.bound(len(self.rows), sums)
        if self.cost_most is None:
            return bound
        units = self.pool_supply.copy()
        need = self.cost_most[0].copy()
        generic = self.cost_most[1]
        by_costing, root = 0, _NO_ROOT
        for g, r in enumerate(chosen):
            made, most, more, more_by_costing, row_root = self.made_rows[g][r]
            units.update(made)
            need.update(most)
            generic += more
            by_costing += more_by_costing
            root = min(root, row_root)
        floating = units.total()
        spent = _max_match(units, need, generic)
        if by_costing:
            # In any order, the first mana-costing activation's cost is paid by
            # other mana than theirs (CR 605.3a).
            demanded = need.total() + generic
            spent = min(spent, floating - by_costing + min(by_costing, demanded - root))
        waste = max(bound[2] + self.margin, floating - spent)
        if self.margin:
            return (*bound[:2], waste - self.margin)
        return (*bound[:2], waste, bound[3], max(bound[4], sums[4] - spent))

    def worse(self, bound: tuple[int, ...], value: tuple[int, ...]) -> bool:
        """Whether no plan with this bound can beat ``value`` (on preferences 1-5;
        ties on them are broken by the order of the search)."""
        if self.margin:
            return bound > value[:3]
        return bound >= value[:5]

    def hopeless(
        self, depth: int, supply: Counter[int], need: Counter[int], total: int, whole: bool
    ) -> bool:
        """Hall's condition (``whole``; else only its count of units) fails even
        with the most mana the groups from ``depth`` on could make, free: no plan
        below this node pays."""
        if not self.hall:
            return False
        if not whole or len(need) > 8:
            return supply.total() + self.optimistic[depth].total() < total
        return not _hall(need, total, supply + self.optimistic[depth])


_NO_ROOT = 1 << 30


def _depth_first_order(summaries: list[tuple[int, ...]], rows: list[list[int]]) -> list[int]:
    """Row numbers: no activation first, then by the most mana gained (made less
    the least its costs take)."""
    return sorted(
        range(len(rows)),
        key=lambda r: (any(rows[r]), summaries[r][4] - summaries[r][2], r),
    )


def _bits(types: frozenset[ManaType]) -> int:
    bits = 0
    for t in types:
        bits |= 1 << _ORDER[t]
    return bits


def _row_summary(problem: _Problem, g: int, row: list[int]) -> tuple[int, ...]:
    """What a group's choice adds to a combination's bound: sacrifices, damage and
    life, mana made, the most and least mana its activation costs take, creatures
    sacrificed to other permanents."""
    source = problem.sources[g]
    sacrifice = life = made = most = least = victims = 0
    for option, n in zip(source.complex, row, strict=True):
        if not n:
            continue
        if option.sacrifice_self:
            sacrifice += n * (1 + (0 if source.token else 2) + (1 if source.creature else 0))
        victims += n * option.sacrifice_creature
        life += n * (option.damage + option.life)
        made += n * len(option.slots)
        if option.mana_cost is not None:
            most += n * _spent(option.mana_cost, 0, most=True)
            least += n * _spent(option.mana_cost, 0, most=False)
    return sacrifice, life, made, most, least, victims


def _spent(cost: ManaCost, x: int, *, most: bool) -> int:
    """The most (or least) mana that paying ``cost`` can take: {2/W} two or one,
    X its value, a Phyrexian symbol one or none (life)."""
    total = 0
    for symbol in cost:
        kind = symbol.kind
        if kind is SymbolKind.GENERIC:
            total += symbol.generic_amount
        elif kind is SymbolKind.VARIABLE:
            total += x
        elif kind is SymbolKind.MONOCOLORED_HYBRID:
            total += 2 if most else 1
        elif kind in _MAYBE_NO_MANA:
            total += 1 if most else 0
        else:
            total += 1
    return total


# Symbols that may take no mana: life for Phyrexian ones (CR 107.4f-g), and the
# Un-set ones paid otherwise or not at all.
_MAYBE_NO_MANA = frozenset(
    {
        SymbolKind.PHYREXIAN,
        SymbolKind.HYBRID_PHYREXIAN,
        SymbolKind.GENERIC_PHYREXIAN,
        SymbolKind.HALF,
        SymbolKind.INFINITE,
        SymbolKind.LAND_DROP,
    }
)


# -- turning a solution into a plan ----------------------------------------------------


def _build_plan(problem: _Problem, best: _Candidate) -> TapPlan:
    sources = problem.sources
    board = problem.board
    solution = best.solution
    order = best.instances
    supplies = best.supplies
    # Which type each used unit takes, per demand, in demand order.
    per_demand: dict[int, list[tuple[int, ManaType]]] = {}
    used_of: Counter[int] = Counter()
    for (s, d), amount in sorted(solution.assignment.items()):
        if not _parts_current(solution, d):
            continue  # a future cost's demand: nothing is paid now
        supply = supplies[s]
        demand = solution.demands[d]
        usable = supply.types & demand.types
        more = dict(supply.type_extra)
        chosen = min(usable, key=lambda t: (more.get(t, 0), _ORDER[t]))
        per_demand.setdefault(d, []).extend([(s, chosen)] * amount)
        used_of[s] += amount
    # Concrete units: one-mana permanents by group (the permanents after those the
    # once-only activations use), made mana by activation and slot.
    next_simple: Counter[int] = Counter(inst.source for inst in order if not inst.option.repeatable)
    simple_units: list[tuple[int, Permanent, ManaType, _Option]] = []
    made: dict[int, list[tuple[frozenset[ManaType], ManaType]]] = {}
    unit_for: dict[tuple[int, int], list[Mana]] = {}
    activations: list[Activation] = []
    damage = life_cost = 0
    sacrificed: list[str] = []
    spent_pool: set[int] = set()
    for d, items in sorted(per_demand.items()):
        for s, chosen in items:
            supply = supplies[s]
            key = supply.key
            if key is None:  # floating mana
                unit = next(u for u in best.members[s] if u.uid not in spent_pool)
                spent_pool.add(unit.uid)
                unit_for.setdefault((d, s), []).append(unit)
                continue
            if key[0] == "simple":
                g = key[1]
                source = sources[g]
                permanent_index = source.indexes[next_simple[g]]
                next_simple[g] += 1
                permanent = board.permanents[permanent_index]
                option = min(
                    (o for o in source.simple if chosen in o.slots[0]),
                    key=lambda o: (o.damage, o.sacrifice_self),
                )
                simple_units.append((permanent_index, permanent, chosen, option))
                unit = Mana.make(
                    chosen,
                    source=Source(permanent_index, permanent.name),
                    snow=permanent.is_snow,
                    legendary=permanent.is_legendary,
                    restriction=option.restriction,
                )
                unit_for.setdefault((d, s), []).append(unit)
                damage += option.damage
                if option.sacrifice_self:
                    sacrificed.append(permanent.name)
                continue
            position = key[1]
            made.setdefault(position, []).append((key[2], chosen))
            inst = order[position]
            made_index = sources[inst.source].indexes[inst.copy]
            permanent = board.permanents[made_index]
            unit = Mana.make(
                chosen,
                source=Source(made_index, permanent.name),
                snow=permanent.is_snow,
                legendary=permanent.is_legendary,
                restriction=inst.option.restriction,
            )
            unit_for.setdefault((d, s), []).append(unit)
    # Activations: one-mana sources first, then the others in their order.
    for permanent_index, permanent, chosen, option in sorted(simple_units, key=lambda x: x[0]):
        activations.append(
            Activation(
                permanent.name,
                permanent_index,
                _ability_text(option.ability, (chosen,)),
                (chosen,),
                option.damage,
                0,
                (permanent.name,) if option.sacrifice_self else (),
            )
        )
    floating: list[Mana] = []
    for position, inst in enumerate(order):
        source = sources[inst.source]
        permanent_index = source.indexes[inst.copy]
        permanent = board.permanents[permanent_index]
        option = inst.option
        used = list(made.get(position, []))
        produced: list[ManaType] = []
        remaining_slots = list(option.slots)
        for slot_types, t in used:  # each used unit came from a slot of its supply
            remaining_slots.remove(slot_types)
            produced.append(t)
        for slot_types in remaining_slots:
            t = min(slot_types, key=_ORDER.__getitem__)
            produced.append(t)
            floating.append(
                Mana.make(
                    t,
                    source=Source(permanent_index, permanent.name),
                    snow=permanent.is_snow,
                    legendary=permanent.is_legendary,
                    restriction=option.restriction,
                )
            )
        lost = []
        if option.sacrifice_self:
            lost.append(permanent.name)
        if option.sacrifice_creature:
            lost.append(_victim(problem, sacrificed + lost))
        sacrificed.extend(lost)
        damage += option.damage
        life_cost += option.life
        paid = _paid_for(solution, position, unit_for)
        activations.append(
            Activation(
                permanent.name,
                permanent_index,
                _ability_text(option.ability, produced),
                tuple(produced),
                option.damage,
                option.life,
                tuple(lost),
                paid,
            )
        )
    payment = _payment_of(problem, solution, unit_for)
    floating.extend(u for u in problem.pool if u.uid not in spent_pool)
    return TapPlan(
        problem.cost,
        tuple(activations),
        payment,
        payment.life_paid + life_cost,
        damage,
        tuple(sacrificed),
        tuple(floating),
    )


def _parts_current(solution: T.Solution, d: int) -> bool:
    """Whether demand ``d`` is paid now (the cost or an activation), not later."""
    return solution.demands[d].owner < (1 << 30)


def _victim(problem: _Problem, already: list[str]) -> str:
    creatures = sorted(
        (not p.token, p.name)
        for p in problem.board.permanents
        if p.controller == "you" and p.is_creature
    )
    taken = Counter(already)
    for _, name in creatures:
        if taken[name]:
            taken[name] -= 1
            continue
        return name
    return creatures[0][1] if creatures else "a creature"


def _paid_for(
    solution: T.Solution, position: int, unit_for: dict[tuple[int, int], list[Mana]]
) -> tuple[str, ...]:
    paid: list[str] = []
    for (d, _), units in sorted(unit_for.items()):
        if solution.demands[d].owner == position:
            paid.extend(str(u) for u in units)
    return tuple(paid)


def _payment_of(
    problem: _Problem, solution: T.Solution, unit_for: dict[tuple[int, int], list[Mana]]
) -> Payment:
    """The cost's symbols paid with the units the flow sent to the cost's demands."""
    queues: dict[T.Demand, list[Mana]] = {}
    for (d, _), units in sorted(unit_for.items()):
        demand = solution.demands[d]
        if demand.owner < 0 and solution.owners[d] == 0:
            queues.setdefault(demand, []).extend(units)
    assignment = assign_symbols(problem.cost, queues, problem.x)
    life_paid = T.LIFE_PER_SYMBOL * sum(1 for p in assignment if p.life)
    x = problem.x if problem.cost.x_count else None
    return Payment(problem.cost, assignment, life_paid, (), x, problem.spend)


# -- public functions ------------------------------------------------------------------


def _problem(
    cost: ManaCost | str,
    board: Board,
    pool: Iterable[Mana],
    life: int,
    x: int | None,
    spend: Spend | None,
    future: Iterable[ManaCost | str],
    painful: bool = False,
) -> _Problem:
    total = ManaCost.parse(cost) if isinstance(cost, str) else cost
    if not isinstance(total, ManaCost):
        raise TypeError(f"expected a ManaCost or its text, not {cost!r}")
    if not isinstance(board, Board):
        raise TypeError(f"expected a Board, not {board!r}")
    for value, what in ((life, "life"), (x or 0, "X")):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise MtgManaError(f"{what} must be a whole number 0 or more, not {value!r}")
    units = tuple(pool)
    for unit in units:
        if not isinstance(unit, Mana):
            raise TypeError(f"floating mana must be Mana units, not {unit!r}")
    if spend is None:
        spend = Spend(SpendKind.SPELL, cost=total)
    futures = [ManaCost.parse(f) if isinstance(f, str) else f for f in future]
    sources = _compiled(board, painful=painful, relevant=_relevant(board, [total, *futures]))
    return _Problem(board, sources, units, total, life, x or 0, spend, futures[:6])


def _relevant(board: Board, costs: Sequence[ManaCost]) -> frozenset[ManaType]:
    """The colors that some demand names on its own: in the costs, and in the mana
    costs of your permanents' abilities (what filter lands and Signets pay). A demand
    that accepts every color (generic, {H}, {S}) doesn't single any out."""
    found: set[ManaType] = set()
    every = [
        c
        for c in (
            *costs,
            *(a.cost.mana for p in board.permanents if p.controller == "you" for a in p.abilities),
        )
        if c is not None
    ]
    for cost in every:
        for symbol in cost:
            colors = set(str(symbol.colors))
            if colors and len(colors) < 5:
                found.update(ManaType(letter) for letter in colors)
    return frozenset(found)


_COMPILED: dict[tuple[int, bool, Any], tuple[Board, list[_Source]]] = {}
_COMPILED_MAX = 16


def _compiled(
    board: Board, *, painful: bool = False, relevant: frozenset[ManaType] | None = None
) -> list[_Source]:
    """:func:`_compile`, remembered for the last few boards (a board is immutable;
    the entry holds the board, so its ``id`` can't be reused while it is cached)."""
    key = (id(board), painful, relevant)
    hit = _COMPILED.get(key)
    if hit is not None and hit[0] is board:
        return list(hit[1])
    sources = _compile(board, painful=painful, relevant=relevant)
    if len(_COMPILED) >= _COMPILED_MAX:
        _COMPILED.clear()
    _COMPILED[key] = (board, sources)
    return list(sources)


def plan(
    cost: ManaCost | str,
    board: Board,
    *,
    pool: Iterable[Mana] = (),
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
    future: Iterable[ManaCost | str] = (),
) -> TapPlan:
    """The best plan to pay ``cost`` (the total cost, CR 601.2f) with the sources on
    ``board`` you control, the floating ``pool`` and ``life``; raises
    :class:`~mtgmana.CannotPay` with the shortfall when there is none."""
    problem = _problem(cost, board, pool, life, x, spend, future)
    if not problem.cost.has_mana_cost:
        raise CannotPay(problem.cost, ["it has no mana cost, an unpayable cost (CR 118.6)"])
    best = None if _surely_unpayable(problem) else _search(problem)
    if best is None and problem.spent:
        best = _search(problem, first=True)  # out of flows: any payable plan
    if best is None:
        raise CannotPay(problem.cost, [_shortfall_text(problem)])
    result = _build_plan(problem, best)
    if not _life_ok(result, life):
        # The flow doesn't see the damage one-mana sources deal before the cost is
        # paid: search again with the painful options enumerated (exact).
        problem = _problem(cost, board, problem.pool, life, x, spend, problem.future, painful=True)
        best = _search(problem)
        if best is None and problem.spent:
            best = _search(problem, first=True)
        if best is None:
            raise CannotPay(problem.cost, [_shortfall_text(problem)])
        result = _build_plan(problem, best)
    return result


def _life_ok(result: TapPlan, life: int) -> bool:
    """Whether the plan leaves enough life for its Phyrexian symbols after the
    damage its mana abilities deal (CR 601.2g-h, 119.4)."""
    return not result.payment.life_paid or result.damage + result.life_paid <= life


def _shortfall_text(problem: _Problem) -> str:
    have = sum(len(s.indexes) for s in problem.sources) + len(problem.pool)
    need = problem.cost.mana_value if isinstance(problem.cost.mana_value, int) else 0
    if need + problem.x * problem.cost.x_count > have:
        return f"needs {need + problem.x * problem.cost.x_count - have} more mana"
    return "the sources can't make the right types of mana"


def can_pay(
    board: Board,
    cost: ManaCost | str,
    *,
    pool: Iterable[Mana] = (),
    life: int = 20,
    x: int | None = None,
    spend: Spend | None = None,
) -> bool:
    """Whether the board (and floating mana, and life) can pay ``cost``."""
    problem = _problem(cost, board, pool, life, x, spend, ())
    if not problem.cost.has_mana_cost:
        return False
    if _one_mana_sources_pay(problem):
        return True
    if _surely_unpayable(problem):
        return False
    found = _search(problem, first=True)
    if found is None:
        return False
    if _life_ok(_build_plan(problem, found), life):
        return True
    # Painful one-mana sources need enumerating to be sure.
    problem = _problem(cost, board, problem.pool, life, x, spend, (), painful=True)
    return _search(problem, first=True) is not None


_COLOR_BITS = sum(1 << _ORDER[t] for t in ManaType if t is not ManaType.C)


_SNOW_BIT = 1 << 6  # a unit from a snow source: it may pay {S} (CR 107.4h)


def _symbol_masks(cost: ManaCost, x: int, *, relaxed: bool) -> tuple[Counter[int], int] | None:
    """The cost as Hall demands: one-unit symbols counted by the bits of the units
    that pay them, and the number of units in all. Exact (Phyrexian symbols paid
    with mana) or ``None`` for symbols it can't express; ``relaxed``, a relaxation
    instead (Phyrexian and other symbols need nothing, {2/W} one unit of any type)."""
    need: Counter[int] = Counter()
    total = 0
    for symbol in cost:
        kind = symbol.kind
        if kind in ONE_MANA_KINDS and not (relaxed and symbol.is_phyrexian):
            bits = 0
            for half in symbol.halves:
                if half != "P":
                    bits |= 1 << _ORDER[T.TYPE_OF[half]]
            need[bits] += 1
            total += 1
        elif kind is SymbolKind.GENERIC_PHYREXIAN and not relaxed:
            need[_COLOR_BITS] += 1
            total += 1
        elif kind is SymbolKind.GENERIC:
            total += symbol.generic_amount
        elif kind is SymbolKind.VARIABLE and symbol.text == "{X}":
            total += x
        elif relaxed and kind is SymbolKind.SNOW:
            need[_SNOW_BIT] += 1
            total += 1
        elif relaxed and kind is SymbolKind.MONOCOLORED_HYBRID:
            total += 1
        elif not relaxed:
            return None
    return need, total


def _hall(need: Counter[int], total: int, masks: Counter[int]) -> bool:
    """Hall's theorem: units (counted by the bits of what they can pay) can pay the
    demands if every set of demands needs no more units than can pay one of them,
    and there are enough units in all."""
    if sum(masks.values()) < total:
        return False
    units = [(m, k) for m, k in masks.items() if k]
    reach: dict[int, int] = {}
    for union, size in _demand_sets(need):
        found = reach.get(union)
        if found is None:
            found = reach[union] = sum(n for m, n in units if m & union)
        if found < size:
            return False
    return True


def _max_match(units: Counter[int], need: Counter[int], generic: int) -> int:
    """The most units (counted by the bits of what they can pay) that can pay the
    demands (counted by the bits of the units that may pay them) and ``generic``
    demands any unit pays: the demands less the largest deficiency (König). With
    too many kinds of demand, an upper bound."""
    supply = [(m, k) for m, k in units.items() if k]
    n_need = need.total() + generic
    best = min(sum(k for _, k in supply), n_need)
    if sum(1 for k in need.values() if k) > 8:
        return best
    for union, size in _demand_sets(need):
        best = min(best, n_need - size + sum(n for m, n in supply if m & union))
    return best


def _demand_sets(need: Counter[int]) -> Iterator[tuple[int, int]]:
    """For every nonempty set of the kinds of demand: the bits of the units that
    may pay one of them, and how many demands they are."""
    wanted = [(m, k) for m, k in need.items() if k]
    unions = [0] * (1 << len(wanted))
    sizes = [0] * (1 << len(wanted))
    for subset in range(1, 1 << len(wanted)):
        low = subset & -subset
        mask, k = wanted[low.bit_length() - 1]
        unions[subset] = unions[subset ^ low] | mask
        sizes[subset] = sizes[subset ^ low] + k
        yield unions[subset], sizes[subset]


def _most_demands(cost: ManaCost, x: int) -> tuple[Counter[int], int]:
    """The most units paying ``cost`` can take, as demands counted by the bits of
    the units that may pay them, and a number of demands any unit pays ({2/W} as
    two of those, Phyrexian symbols paid with mana)."""
    need: Counter[int] = Counter()
    generic = 0
    for symbol in cost:
        kind = symbol.kind
        if kind is SymbolKind.GENERIC:
            generic += symbol.generic_amount
        elif kind is SymbolKind.VARIABLE:
            generic += x
        elif kind is SymbolKind.MONOCOLORED_HYBRID:
            generic += 2
        elif kind is SymbolKind.GENERIC_PHYREXIAN:
            need[_COLOR_BITS] += 1
        elif kind is SymbolKind.SNOW:
            need[_SNOW_BIT] += 1
        elif kind in ONE_MANA_KINDS:
            bits = 0
            for half in symbol.halves:
                if half != "P":
                    bits |= 1 << _ORDER[T.TYPE_OF[half]]
            need[bits] += 1
        else:
            generic += 1
    return need, generic


def _one_mana_sources_pay(problem: _Problem) -> bool:
    """A quick sufficient test for the common case: the floating mana and the
    one-mana sources pay the cost on their own, with mana only (no restriction,
    no snow, no {2/W}; Phyrexian symbols paid with mana). (False means "use the
    full search", not "unpayable".)"""
    demands = _symbol_masks(problem.cost, problem.x, relaxed=False)
    if demands is None or len(demands[0]) > 8:
        return False
    masks: Counter[int] = Counter()
    for unit in problem.pool:
        if unit.kind.restriction is not None:
            return False
        masks[1 << _ORDER[unit.type]] += 1
    for source in problem.sources:
        if not source.simple or any(o.restriction is not None for o in source.simple):
            continue
        bits = 0
        for option in source.simple:
            for t in option.slots[0]:
                bits |= 1 << _ORDER[t]
        masks[bits] += len(source.indexes)
    return _hall(*demands, masks)


def _surely_unpayable(problem: _Problem) -> bool:
    """A quick necessary test: even if every permanent made the most mana any of
    its options makes, of any type any of them makes, with no cost to pay for it,
    the cost couldn't be paid."""
    demands = _symbol_masks(problem.cost, problem.x, relaxed=True)
    if demands is None or len(demands[0]) > 8:
        return False
    masks: Counter[int] = Counter()
    for unit in problem.pool:
        masks[(1 << _ORDER[unit.type]) | (_SNOW_BIT if unit.snow else 0)] += 1
    for source in problem.sources:
        bits = _SNOW_BIT if source.snow else 0
        most = 0
        for option in (*source.simple, *source.complex):
            for slot_types in option.slots:
                for t in slot_types:
                    bits |= 1 << _ORDER[t]
            times = problem.repeats(source) if option.repeatable else 1
            most = max(most, len(option.slots) * times)
        masks[bits] += most * len(source.indexes)
    return not _hall(*demands, masks)


# -- what the board can produce --------------------------------------------------------


@dataclass(frozen=True)
class Available:
    """What a board can produce: the Pareto frontier of mana counts over W, U, B, R,
    G, C and "any" (one mana of any color: covers any single colored mana, not
    {C}), capped at ``limit`` options, and a summary."""

    options: tuple[tuple[int, ...], ...]
    count: int
    truncated: bool
    most: dict[str, int]
    most_total: int
    complete: bool = True
    """Whether the frontier is whole (``count`` is exact). A board whose frontier
    is too big to hold is cut (the largest totals kept); then ``most`` of each
    type and ``most_total`` come from exact payability checks instead (``most``
    of "any" stays a lower bound)."""

    def to_json(self) -> dict[str, Any]:
        keys = ("W", "U", "B", "R", "G", "C", "any")
        return {
            "options": [dict(zip(keys, option, strict=True)) for option in self.options],
            "count": self.count,
            "truncated": self.truncated,
            "complete": self.complete,
            "most": self.most,
            "most_total": self.most_total,
        }


_ANY_COLOR = frozenset(t for t in ManaType if t is not ManaType.C)


def available(board: Board, *, pool: Iterable[Mana] = (), limit: int = 1000) -> Available:
    """The Pareto frontier of what ``board`` (and floating ``pool``) can produce."""
    if not isinstance(board, Board):
        raise TypeError(f"expected a Board, not {board!r}")
    if not isinstance(limit, int) or limit < 1:
        raise MtgManaError(f"limit must be a whole number 1 or more, not {limit!r}")
    sources = _compiled(board)
    base = [0] * 7
    for unit in pool:
        base[_ORDER[unit.type]] += 1
    groups = [(len(source.indexes), _vectors(source)) for source in sources]
    ordered, truncated = _frontier(groups, tuple(base), limit * 50)
    keys = ("W", "U", "B", "R", "G", "C", "any")
    most = {k: max((v[i] + (v[6] if i < 5 else 0)) for v in ordered) for i, k in enumerate(keys)}
    most_total = sum(ordered[0])
    if truncated:  # the frontier was cut: the summary from exact checks
        units = tuple(pool)
        for k in keys[:6]:
            most[k] = _most_payable(board, "{" + k + "}", units, most[k])
        most_total = _most_payable(board, "{1}", units, most_total)
    return Available(
        tuple(ordered[:limit]),
        len(ordered),
        truncated or len(ordered) > limit,
        most,
        most_total,
        not truncated,
    )


def _most_payable(board: Board, symbol: str, pool: tuple[Mana, ...], guess: int) -> int:
    """The most copies of ``symbol`` the board pays, searched from ``guess``."""
    low = guess if guess and can_pay(board, symbol * guess, pool=pool) else 0
    step = max(1, guess)
    high = low + step
    while can_pay(board, symbol * high, pool=pool):
        low, high, step = high, high + 2 * step, 2 * step
    while high - low > 1:  # low is payable, high isn't
        middle = (low + high) // 2
        if can_pay(board, symbol * middle, pool=pool):
            low = middle
        else:
            high = middle
    return low


def _vectors(source: _Source) -> list[tuple[tuple[int, ...], ManaCost | None]]:
    """Each option of a source as count vectors (W U B R G C any), one per way its
    slots can be typed ("any color" slots count as any)."""
    result: set[tuple[tuple[int, ...], ManaCost | None]] = set()
    for option in (*source.simple, *source.complex):
        per_slot: list[list[int]] = []
        for slot_types in option.slots:
            if slot_types == _ANY_COLOR:
                per_slot.append([6])
            else:
                per_slot.append(sorted(_ORDER[t] for t in slot_types))
        for combo in itertools.product(*per_slot):
            vector = [0] * 7
            for position in combo:
                vector[position] += 1
            result.add((tuple(vector), option.mana_cost))
    return sorted(result, key=lambda item: item[0])
