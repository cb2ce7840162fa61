"""An independent brute-force auto-tapper and a plan checker (CR 106, 107.4, 118,
119.4, 302.6, 601.2g-h, 605, 616.1).

Written from the rules and the model of :mod:`mtgmana.board.abilities` /
:mod:`mtgmana.board`, not from :mod:`mtgmana.tapping`: for a small board it
enumerates every multiset of activations, every order of the mana-costing ones and
every way to pay each activation's mana cost, and pays the cost by trying every
assignment of mana to its symbols. :func:`optimum` returns the best objective
levels, :func:`check_plan` replays a :class:`~mtgmana.tapping.Plan`.

**What an activation is** (CR 605, 602.2). For each permanent you control, each mana
ability and each of its choices, with the board's triggered mana abilities (CR
605.1b) and replacement effects (CR 106.12b, every order of them, CR 616.1) applied
when the ability has {T} in its cost (CR 106.12: "tapped for mana"). A {T} ability
needs the permanent untapped, {Q} tapped; neither can be activated by a
summoning-sick creature (CR 302.6); removing counters needs them; an ability's
condition must hold (the board's ``can_activate``: CR 602.5b, and which half of an
"instead" applies). Abilities without {T}, {Q}, "Sacrifice this" or counters to
remove (Ashnod's Altar) can be activated again and again, each time paying their
cost; the others at most once, and a permanent uses at most one of its once-only
abilities (no board in the tests has a permanent with two once-only abilities that
could both be activated). "Sacrifice N ..." (a creature: Ashnod's Altar; an
artifact: Krark-Clan Ironworks) takes different permanents you control matching it
each time, none sacrificing itself or with a mana-costing activation: permanents tap
for mana before they are sacrificed, so a victim's own activations don't matter.
Energy, cards discarded and cards exiled from the graveyard are paid from what the
board has (CR 107.14, 701.9); energy counts like life, a card discarded 3 and one
exiled from the graveyard 1 at the sacrifice level; cards discarded and nontoken
permanents sacrificing themselves go to the graveyard before delve exiles from it
(CR 601.2g-h). "Tap an untapped creature you control" (Springleaf Drum) takes a
different untapped creature each time, one not tapped for its own abilities
(summoning sickness doesn't matter: CR 302.6 only stops a creature's own {T}
abilities). "Discard your hand" (Lion's Eye Diamond) discards every card in it,
once: the first such activation takes them all (CR 701.9a), the others none.
"Activate only as an instant" (CR 602.5e) is activated with priority, before the
spell is cast: one that discards your hand can't pay for a spell cast from your hand
(nor one of no zone), which it would discard. Not modelled
(:class:`NotImplementedError`): amounts that depend on the board
(``Production.per``); "Discard your hand" with other discards, or repeatable;
instant-speed abilities paying a cost other than a spell's or an ability's.

**Order** (CR 601.2g, 605.3). Activations without a mana cost come first (they need
nothing); the mana-costing ones are tried in every order, each paid from the mana
available before it: the floating mana and what earlier activations made. A mana
of "one of several types" is kept as a unit that may be any of them: its type is
chosen when it resolves, and every choice is tried when paying. Mana that must be
of one type several times over (doubled by Mana Reflection) is split into one unit
per type.

**Life** (CR 119.4, 601.2g-h). Mana abilities are activated before the cost is paid
(601.2g), so damage from painlands and Ancient Tomb and life paid for activations
come off the life total before Phyrexian symbols are paid: each Phyrexian symbol
paid with life needs ``life - damage - activation life`` to cover it (2 life each,
CR 107.4f). Life paid for activations is paid before damage (a player can order
activations that way); their total must not exceed the life total.

**The objective**, lexicographic, as :mod:`mtgmana.tapping` documents it:

1. ``sacrifice``: the permanents lost, weighted so that tokens go before nontoken
   permanents and noncreatures before creatures: 1 for a noncreature token, 2 a
   creature token, 3 a nontoken noncreature, 4 a nontoken creature (the weights the
   tapper uses, ``1 + 2*nontoken + creature``);
2. ``life``: damage dealt to you plus life paid (for activations and Phyrexian
   symbols);
3. ``waste``: mana left unspent at the end — made by the activations or floating
   before — so no Sol Ring for the last ``{1}`` when a land will do, and floating
   mana is spent before anything is tapped to replace it.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import (
    Choice,
    ManaAbility,
    ManaReplacement,
    PermanentFilter,
    Production,
    ReplacementKind,
)
from mtgmana.board.queries import matches
from mtgmana.colors import ManaType
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.restrictions import Restriction, Spend, SpendKind
from mtgmana.symbols import ManaSymbol
from mtgmana.tapping import Plan
from payment_oracle import check_payment, one_unit_pays

__all__ = [
    "Levels",
    "Use",
    "check_plan",
    "optimum",
    "payable",
    "sacrifice_weight",
    "uses_of",
]

LIFE_PER_SYMBOL = 2
TYPES = tuple(ManaType)
BIT = {t: 1 << i for i, t in enumerate(TYPES)}
MAX_REPEATS = 3
"""A repeatable ability without a sacrifice is tried at most this many times."""

Levels = tuple[int, int, int]
"""(sacrifice, damage + life, waste)."""


def mask(types: Iterable[ManaType]) -> int:
    bits = 0
    for t in types:
        bits |= BIT[t]
    return bits


def types_of(bits: int) -> list[ManaType]:
    return [t for t in TYPES if bits & BIT[t]]


# -- activations ----------------------------------------------------------------------


@dataclass(frozen=True)
class Use:
    """One way to activate one mana ability of a permanent, with the mana it makes as
    ``groups``: (type mask, n) is n mana that all have one type from the mask."""

    index: int
    ability: ManaAbility
    groups: tuple[tuple[int, int], ...]
    damage: int
    life: int
    mana_cost: ManaCost | None
    sacrifice_self: bool
    sacrifices: tuple[PermanentFilter, int] | None  # "Sacrifice N ..." besides itself
    repeatable: bool
    tap_creature: bool = False  # "Tap N untapped ... you control" (Springleaf Drum)
    taps_self: bool = False  # {T} or {Q} in the cost
    tap_others: tuple[PermanentFilter, int] | None = None  # what it taps, how many
    resources: tuple[int, int, int] = (0, 0, 0)  # energy, cards discarded, exiled
    discards_hand: bool = False  # "Discard your hand": all of it (none counted above)
    only_as_instant: bool = False  # CR 602.5e: with priority, before the spell
    makers: tuple[int, ...] = ()  # per group, the permanent whose mana it is (-1: none)
    counters: int = 0  # counters removed from the permanent (CR 602.2b: only if there)
    doubles: bool = False  # Doubling Cube's: doubles the pool (CR 701.10f), makes no mana

    @property
    def size(self) -> int:
        return sum(n for _, n in self.groups)

    def outputs(self) -> set[tuple[int, ...]]:
        """The made mana as sorted unit masks, every way to fix same-type groups."""
        per_group: list[list[tuple[int, ...]]] = []
        for bits, n in self.groups:
            if n == 1 or bits & (bits - 1) == 0:
                per_group.append([(bits,) * n])
            else:
                per_group.append([(BIT[t],) * n for t in types_of(bits)])
        return {tuple(sorted(sum(combo, ()))) for combo in itertools.product(*per_group)}

    def kinds(self, board: Board) -> set[tuple[Kind, ...]]:
        """:meth:`outputs` as units of mana, each snow and legendary as the permanent
        whose mana it is makes it: a triggered mana ability's is its own (CR 106.3)."""
        per_group: list[list[tuple[Kind, ...]]] = []
        for k, (bits, n) in enumerate(self.groups):
            maker = self.makers[k] if self.makers else self.index
            snow = legendary = False
            if maker >= 0:
                snow = board.permanents[maker].is_snow
                legendary = board.permanents[maker].is_legendary
            # CR 106.6: the ability's restriction is on its own mana, not a trigger's
            restriction = self.ability.restriction if maker == self.index else None
            one = (bits, snow, legendary, restriction)
            if n == 1 or bits & (bits - 1) == 0:
                per_group.append([(one,) * n])
            else:
                per_group.append([((BIT[t], *one[1:]),) * n for t in types_of(bits)])
        return {tuple(sorted(sum(combo, ()))) for combo in itertools.product(*per_group)}


def sacrifice_weight(permanent: Permanent) -> int:
    """Objective level 1 per permanent lost (tokens, then noncreatures, first; a card
    exiled from a hand counts as a nontoken noncreature)."""
    creature = permanent.is_creature and permanent.zone == "battlefield"
    return 1 + (0 if permanent.token else 2) + (1 if creature else 0)


def _replace(
    groups: tuple[tuple[int, int], ...], order: Sequence[ManaReplacement]
) -> tuple[tuple[int, int], ...]:
    for effect in order:
        if effect.kind is ReplacementKind.MULTIPLY:  # "twice as much of that mana"
            groups = tuple((bits, n * effect.factor) for bits, n in groups)
        elif effect.kind is ReplacementKind.BECOMES and effect.becomes is not None:
            total = sum(n for _, n in groups) if effect.amount is None else effect.amount
            groups = ((BIT[effect.becomes], total),) if groups else ()
        elif effect.kind is ReplacementKind.DAMPING and sum(n for _, n in groups) >= 2:
            groups = ((BIT[ManaType.C], 1),)
    return groups


def uses_of(board: Board, index: int) -> list[Use]:
    """Every way permanent ``index`` can add mana now (empty if it's not yours)."""
    permanent = board.permanents[index]
    if permanent.controller != "you":
        return []
    known = board.could_produce()
    found: dict[Use, None] = {}
    in_hand = permanent.zone == "hand"
    for ability in permanent.abilities:
        cost = ability.cost
        if cost.exile_from_hand != in_hand:
            continue  # a card in a hand: only "exile this from your hand" (CR 113.6m)
        per = ability.production.per
        if per is not None and per.kind != "counters":
            raise NotImplementedError("amounts that depend on the board")
        if not board.can_activate(index, ability):
            continue  # its condition (CR 602.5b), or the other half of an "instead"
        if (cost.tap and permanent.tapped) or (cost.untap and not permanent.tapped):
            continue
        if (cost.tap or cost.untap) and permanent.is_creature and permanent.summoning_sick:
            continue  # CR 302.6
        if cost.remove_counters > permanent.counters:
            continue
        # Without {T}, {Q} or "Sacrifice this": again and again — one removing
        # counters while the permanent has them (:func:`_choices_for`).
        repeatable = not (
            cost.tap
            or cost.untap
            or cost.sacrifice_self
            or cost.exile_from_hand
            or ability.once_per_turn
        )
        # "Remove X counters: Add X mana": X from 1 (0 when it adds some anyway) to
        # the counters there; a fixed number removed otherwise.
        amounts = [(1, cost.remove_counters)]
        if per is not None:
            least = 0 if per.plus else 1
            amounts = [(n + per.plus, n) for n in range(least, permanent.counters + 1)]
        replacements = board.replacements_for(index) if cost.tap else []
        triggers = board.trigger_sources(index) if cost.tap else []
        for (times, removed), choice in itertools.product(amounts, ability.production.choices):
            slots = [board.resolve_slot(s, index, known) for s in choice.slots] * times
            base = tuple((mask(s), 1) for s in slots if s)  # no type: no mana (CR 106.7)
            outcomes = {_replace(base, order) for order in itertools.permutations(replacements)}
            for groups in outcomes:
                made = groups
                # (group, the permanent whose mana it is: the trigger's, CR 106.3)
                extras: list[tuple[tuple[tuple[int, int], int], ...]] = [()]
                if groups:  # CR 106.12a: triggers when it produces mana
                    for trigger, where in triggers:
                        owner = index if where is None else where  # whose chosen color
                        maker = -1 if where is None else where
                        step: list[tuple[tuple[tuple[int, int], int], ...]] = []
                        if trigger.same_type:
                            bits = 0
                            for b, _ in groups:
                                bits |= b
                            step = [(((bits, 1), maker),)]
                        elif trigger.production is not None:
                            for extra_choice in trigger.production.choices:
                                resolved = [
                                    board.resolve_slot(s, owner, known) for s in extra_choice.slots
                                ]
                                step.append(tuple(((mask(s), 1), maker) for s in resolved if s))
                        extras = [a + b for a in extras for b in step]
                for extra in extras:
                    total = made + tuple(group for group, _ in extra)
                    makers = (index,) * len(made) + tuple(maker for _, maker in extra)
                    if not total:
                        continue
                    use = Use(
                        index,
                        ability,
                        total,
                        choice.damage,
                        cost.life,
                        cost.mana,
                        cost.sacrifice_self or cost.exile_from_hand,
                        cost.sacrificed_others,
                        repeatable,
                        cost.tapped_others is not None,
                        cost.tap or cost.untap,
                        cost.tapped_others,
                        cost.resources,
                        cost.discard_hand,
                        ability.only_as_instant,
                        makers,
                        removed,
                    )
                    found[use] = None
    return [*found, *_doublings(permanent, index)]


def _doublings(permanent: Permanent, index: int) -> list[Use]:
    """Its pool-doubling abilities it can activate now (Doubling Cube: {T} and mana;
    CR 302.6 for a creature), as uses that make no mana of their own."""
    if permanent.tapped or permanent.zone != "battlefield":
        return []
    if permanent.is_creature and permanent.summoning_sick:
        return []
    return [
        Use(
            index,
            ManaAbility(d.cost, Production((Choice((frozenset(ManaType),)),)), text=d.text),
            (),
            0,
            0,
            d.cost.mana,
            False,
            None,
            False,
            taps_self=True,
            doubles=True,
        )
        for d in permanent.doublings
    ]


# -- paying symbols ------------------------------------------------------------------

Kind = tuple[int, bool, bool, Restriction | None]
"""A unit of mana: (type mask, snow, legendary, restriction, CR 106.6); or, with the ``ALT`` bit, a
permanent tapped (or a card exiled) instead of paying mana for a spell: convoke with
the creature's colors in the mask, improvise and delve with none (CR 702.51a,
702.126a, 702.66a). Those pay the spell's generic mana and X, and (convoke) its
colored symbols of the creature's colors; they are not mana (never wasted)."""
ALT = 1 << 8
ACTIVATION = Spend(SpendKind.ABILITY)
"""What an activation's cost is paid for (restricted mana pays it only if allowed)."""
State = tuple[tuple[Kind, int], ...]


def _allowed(kind: Kind, spend: Spend) -> bool:
    """Whether a unit of this kind may be spent on ``spend`` (CR 106.6)."""
    return kind[3] is None or kind[3].allows(spend)


@functools.cache
def _accepts(symbol: ManaSymbol, kind: Kind, spend: Spend) -> bool:
    """Whether one unit of this kind pays a one-unit symbol (some type it may be) of
    what ``spend`` says is paid for."""
    bits, snow, legendary, _ = kind
    if not _allowed(kind, spend):
        return False
    if bits & ALT:  # convoke: a colored symbol of one of the creature's colors
        text = symbol.text.strip("{}")
        if text in ("C", "S", "L") or symbol.kind.name in ("HALF", "INFINITE", "LAND_DROP"):
            return False
        colors = {h for h in symbol.halves if h in "WUBRG"}
        return any(bits & BIT[ManaType(c)] for c in colors)
    return any(
        one_unit_pays(symbol, Mana.make(t, snow=snow, legendary=legendary)) for t in types_of(bits)
    )


def _take(
    state: State, n: int, ok: Callable[[Kind], bool] | None = None
) -> Iterator[tuple[State, int]]:
    """Every multiset of ``n`` units from ``state`` (units whose kind passes ``ok``):
    (what is left, units taken)."""
    items = list(state)

    def go(i: int, left: int) -> Iterator[tuple[list[tuple[Kind, int]], int]]:
        if left == 0:
            yield items[i:], 0
            return
        if i == len(items):
            return
        kind, count = items[i]
        usable = count if ok is None or ok(kind) else 0
        mana = 0 if kind[0] & ALT else 1  # what isn't mana isn't counted as spent mana
        for k in range(min(usable, left), -1, -1):
            for rest, spent in go(i + 1, left - k):
                head = [(kind, count - k)] if count - k else []
                yield head + rest, spent + k * mana

    for rest, spent in go(0, n):
        yield tuple(rest), spent


def _symbol_ways(
    symbol: ManaSymbol, state: State, x: int, spend: Spend
) -> Iterator[tuple[State, int, int]]:
    """Every way to pay one symbol of what ``spend`` pays for: (what is left, life
    symbols, units spent)."""
    text = symbol.text[1:-1]
    if text.isdigit():
        for rest, spent in _take(state, int(text), lambda kind: _allowed(kind, spend)):
            yield rest, 0, spent
        return
    if text == "X":
        paying_x = spend.paying_x()
        for rest, spent in _take(state, x, lambda kind: _allowed(kind, paying_x)):
            yield rest, 0, spent
        return
    if text.startswith("2/"):  # {2/W}: one {W} or two of any type (CR 107.4e)
        color = ManaSymbol.parse("{" + text[2:] + "}")
        for rest, spent in _take(state, 1, lambda kind: _accepts(color, kind, spend)):
            yield rest, 0, spent
        for rest, spent in _take(state, 2, lambda kind: _allowed(kind, spend)):
            yield rest, 0, spent
        return
    for rest, spent in _take(state, 1, lambda kind: _accepts(symbol, kind, spend)):
        yield rest, 0, spent
    if symbol.is_phyrexian:
        yield state, 1, 0


def _payments(
    symbols: tuple[ManaSymbol, ...],
    state: State,
    x: int,
    life_symbols: int,
    spend: Spend = ACTIVATION,
) -> Iterator[tuple[State, int, int]]:
    """Every way to pay all the symbols (CR 601.2h) of what ``spend`` pays for: (left,
    life symbols, units spent)."""
    if not symbols:
        yield state, 0, 0
        return
    for rest, life, spent in _symbol_ways(symbols[0], state, x, spend):
        if life > life_symbols:
            continue
        for left, more_life, more_spent in _payments(
            symbols[1:], rest, x, life_symbols - life, spend
        ):
            yield left, life + more_life, spent + more_spent


@functools.lru_cache(maxsize=200_000)
def _best_payment(
    symbols: tuple[ManaSymbol, ...], state: State, x: int, life_symbols: int, spend: Spend
) -> tuple[int, int] | None:
    """The least life symbols, then the most units spent, over every payment."""
    best: tuple[int, int] | None = None
    for _, life, spent in _payments(symbols, state, x, life_symbols, spend):
        if best is None or (life, -spent) < best:
            best = (life, -spent)
    return best


def _normal(counter: Counter[Kind]) -> State:
    return tuple(
        sorted(((k, n) for k, n in counter.items() if n), key=lambda kn: (kn[0][:3], repr(kn)))
    )


# -- the search ------------------------------------------------------------------------


def _have(board: Board) -> tuple[int, int, int]:
    """Energy, cards in hand, cards in the graveyard: what resources costs spend."""
    return board.energy, board.hand, board.graveyard


def _choices_for(board: Board, uses: list[Use]) -> list[tuple[Use, ...]]:
    """One permanent's options: nothing, one once-only use, repeatable uses repeated
    (as often as there are permanents to sacrifice and resources to pay)."""
    once: list[tuple[Use, ...]] = [()] + [(u,) for u in uses if not u.repeatable]
    counters = board.permanents[uses[0].index].counters if uses else 0
    result = [r for r in once if sum(u.counters for u in r) <= counters]
    for use in (u for u in uses if u.repeatable):
        if use.discards_hand:
            raise NotImplementedError("discarding your hand again and again")
        bound = MAX_REPEATS
        if use.sacrifices is not None:
            item, n = use.sacrifices
            bound = len(_victims_for(board, use, item, set())) // n
        for need, have in zip(use.resources, _have(board), strict=True):
            if need:
                bound = min(bound, have // need)
        if use.counters:
            bound = counters // use.counters
        # CR 602.2b: the counters removed, over every activation, are counters it has.
        result = [
            r + (use,) * k
            for r in result
            for k in range(bound + 1)
            if sum(u.counters for u in r) + k * use.counters <= counters
        ]
    return result


def _victims_for(
    board: Board, use: Use, item: PermanentFilter, excluded: set[int], *, untapped: bool = False
) -> list[int]:
    """The permanents you control that ``use``'s "Sacrifice ..." (``untapped``: "Tap
    N untapped ...") may take."""
    source = board.permanents[use.index]
    return [
        i
        for i, p in enumerate(board.permanents)
        if p.controller == "you"
        and p.zone == "battlefield"
        and not (untapped and p.tapped)
        and i not in excluded
        and matches(item, p, board.ids[i], source, "you", board.ids[use.index])
    ]


def _distinct_picks(
    board: Board,
    wanted: list[tuple[Use, tuple[PermanentFilter, int]]],
    excluded: set[int],
    *,
    untapped: bool,
) -> Iterator[tuple[frozenset[int], ...]]:
    """Every way to pick, for each use, its N permanents matching its filter: each
    a different permanent, none in ``excluded`` (per use, its picks)."""

    def go(k: int, taken: frozenset[int]) -> Iterator[tuple[frozenset[int], ...]]:
        if k == len(wanted):
            yield ()
            return
        use, (item, n) = wanted[k]
        fits = _victims_for(board, use, item, excluded | taken, untapped=untapped)
        for chosen in itertools.combinations(fits, n):
            for rest in go(k + 1, taken | frozenset(chosen)):
                yield (frozenset(chosen), *rest)

    yield from go(0, frozenset())


def _victim_choices(
    board: Board, uses: tuple[Use, ...], excluded: set[int]
) -> Iterator[tuple[frozenset[int], ...]]:
    """Every way to pick the permanents the "Sacrifice N ..." costs take (per use,
    aligned with ``uses``): each a different permanent (CR 701.21a), none
    sacrificing itself. A victim's own activations come before its sacrifice
    (:func:`_in_every_order`)."""
    wanted = [(u, u.sacrifices) for u in uses if u.sacrifices is not None]
    for picks in _distinct_picks(board, wanted, excluded, untapped=False):
        found = iter(picks)
        yield tuple(next(found) if u.sacrifices is not None else frozenset() for u in uses)


@dataclass(frozen=True)
class _Set:
    uses: tuple[Use, ...]
    sacrifice: int
    life: int  # damage + life paid for activations
    gone: frozenset[int] = frozenset()  # permanents tapped or sacrificed before paying
    victims: tuple[frozenset[int], ...] = ()  # per use, the permanents it sacrifices


def _tap_choices(board: Board, uses: tuple[Use, ...], busy: set[int]) -> Iterator[frozenset[int]]:
    """Every way to pick the permanents "Tap N untapped ... you control" taps: each
    a different untapped permanent you control matching the filter, not tapped for
    its own abilities (summoning sickness doesn't matter: CR 302.6)."""
    wanted = [(u, u.tap_others) for u in uses if u.tap_others is not None]
    for picks in _distinct_picks(board, wanted, busy, untapped=True):
        yield frozenset().union(*picks)


def _sets(
    board: Board, life: int, keywords: frozenset[str] = frozenset(), from_hand: bool = True
) -> list[_Set]:
    yours = [i for i, p in enumerate(board.permanents) if p.controller == "you"]
    per: list[list[tuple[Use, ...]]] = [
        _choices_for(board, [u for u in uses_of(board, i) if _in_time(u, from_hand)]) for i in yours
    ]
    found: list[_Set] = []
    for combo in itertools.product(*per):
        uses = tuple(u for part in combo for u in part)
        if sum(u.life for u in uses) > life:  # CR 119.4
            continue
        spent = [sum(u.resources[k] for u in uses) for k in range(3)]
        if any(need > have for need, have in zip(spent, _have(board), strict=True)):
            continue  # CR 107.14, 701.9: no more energy or cards than you have
        if any(u.discards_hand for u in uses):
            if spent[1] or any(p.zone == "hand" for p in board.permanents):
                raise NotImplementedError("discarding your hand and other cards from it")
            spent[1] = board.hand  # all of it, once (CR 701.9a)
        # Energy is paid like life; a card discarded costs 3, one exiled from the
        # graveyard 1 (the weights the tapper documents).
        weight = 3 * spent[1] + spent[2]
        for u in uses:
            if u.sacrifice_self:
                weight += sacrifice_weight(board.permanents[u.index])
        busy = {u.index for u in uses if u.taps_self}
        selves = {u.index for u in uses if u.sacrifice_self}
        # Permanents whose activations must come before they are sacrificed: the
        # victims that are one of them matter, the others only by their weight.
        ordered = {u.index for u in uses if u.mana_cost is not None or u.sacrifices is not None}
        lowest: dict[Any, tuple[frozenset[int], ...]] = {}
        for picks in _victim_choices(board, uses, selves):
            victims = frozenset().union(*picks)
            lost = weight + sum(sacrifice_weight(board.permanents[i]) for i in victims)
            if keywords & {"convoke", "improvise"}:
                lowest[len(lowest)] = picks  # which ones matters to convoke
            else:
                lowest.setdefault((lost, tuple(p & ordered for p in picks)), picks)
        for picks in lowest.values():
            victims = frozenset().union(*picks)
            lost = weight + sum(sacrifice_weight(board.permanents[i]) for i in victims)
            life_used = sum(u.damage + u.life + u.resources[0] for u in uses)
            for tapped in _tap_choices(board, uses, busy):
                gone = frozenset(busy | selves | victims | tapped)
                found.append(_Set(uses, lost, life_used, gone, picks))
                if not keywords:
                    break  # which permanents they are doesn't matter then
    found.sort(key=lambda s: (s.sacrifice, s.life, len(s.uses)))
    return found


def _in_time(use: Use, from_hand: bool) -> bool:
    """Whether the activation can pay: one with priority only (CR 602.5e) comes
    before the spell is cast, so discarding your hand then discards a spell cast
    from it (CR 701.9a)."""
    return not (use.only_as_instant and use.discards_hand and from_hand)


def _from_hand(spend: Spend | None) -> bool:
    """Whether what is paid for is a spell cast from your hand (or of no zone)."""
    if spend is None:
        return True
    if spend.kind is SpendKind.COST:
        raise NotImplementedError("abilities with priority only paying another cost")
    return spend.kind is SpendKind.SPELL and spend.zone in ("hand", "")


def _alternatives(board: Board, chosen: _Set, keywords: frozenset[str]) -> Counter[Kind]:
    """What may pay the spell besides mana, once the activations are done: untapped
    creatures you control (convoke) and artifacts (improvise) that the activations
    didn't tap or sacrifice, and the graveyard's cards (delve)."""
    found: Counter[Kind] = Counter()
    for i, p in enumerate(board.permanents):
        if p.controller != "you" or p.zone != "battlefield" or p.tapped or i in chosen.gone:
            continue
        if "convoke" in keywords and p.is_creature:
            found[(ALT | mask(ManaType(c) for c in p.colors.letters), False, False, None)] += 1
        elif "improvise" in keywords and "Artifact" in p.card_types:
            found[(ALT, False, False, None)] += 1
    if "delve" in keywords:  # less what the activations exiled, plus what they put there
        found[(ALT, False, False, None)] += board.graveyard - sum(
            u.resources[2] for u in chosen.uses
        )
        found[(ALT, False, False, None)] += sum(_buried(board, u) for u in chosen.uses)
        if any(u.discards_hand for u in chosen.uses):
            found[(ALT, False, False, None)] += board.hand  # the hand, discarded once
    return found


def _buried(board: Board, use: Use) -> int:
    """Cards an activation puts into your graveyard before the spell is paid for
    (CR 601.2g-h): cards discarded, a nontoken permanent sacrificing itself (a token
    isn't a card, CR 111.7; a card exiled from a hand isn't put there)."""
    if use.ability.cost.exiles:  # exiled, not put into the graveyard
        return 0
    permanent = board.permanents[use.index]
    itself = use.sacrifice_self and permanent.zone == "battlefield" and not permanent.token
    return use.resources[1] + (1 if itself else 0)


def _activated(use: Use, states: dict[State, int], board: Board) -> dict[State, int]:
    """Every state after activating ``use`` from one of ``states`` (state -> the most
    units spent so far): each way to pay its mana cost, then each typing of its
    mana."""
    nxt: dict[State, int] = {}
    typings = _units(use, board)
    cost = tuple(use.mana_cost) if use.mana_cost is not None else ()
    for state, spent in states.items():
        for rest, _, taken in _payments(cost, state, 0, 0):
            if use.doubles:
                if not any(n for kind, n in rest if not kind[0] & ALT):
                    continue  # a Cube with nothing to double makes nothing: no plan's
                for doubled in _doubled(rest, board.permanents[use.index]):
                    nxt[doubled] = max(nxt.get(doubled, -1), spent + taken)
                continue
            for output in typings:
                counter = Counter(dict(rest))
                counter.update(output)
                key = _normal(counter)
                nxt[key] = max(nxt.get(key, -1), spent + taken)
    return nxt


def _doubled(state: State, cube: Permanent) -> Iterator[State]:
    """The pool after a Doubling Cube resolves from ``state`` (CR 701.10f): each unit
    whose type is still to choose gets one (every way: the type of mana in a pool is
    known), then as much of each type is added as there is — the Cube's mana, snow
    only if the Cube is, without restrictions (CR 106.3, 106.6)."""
    per_kind: list[list[list[tuple[Kind, int]]]] = []
    for kind, n in state:
        types = types_of(kind[0])
        ways = []
        for split in itertools.product(range(n + 1), repeat=len(types) - 1):
            if sum(split) <= n:
                counts = (*split, n - sum(split))
                ways.append([((BIT[t], *kind[1:]), c) for t, c in zip(types, counts, strict=True)])
        per_kind.append(ways)
    for choice in itertools.product(*per_kind):
        counter: Counter[Kind] = Counter()
        for parts in choice:
            for kind, c in parts:
                counter[kind] += c
                counter[(kind[0], cube.is_snow, cube.is_legendary, None)] += c
        yield _normal(counter)


def _in_every_order(
    items: Sequence[tuple[Use, frozenset[int]]], starts: dict[State, int], board: Board
) -> dict[State, int]:
    """The states after activating ``items`` (each a use and the permanents it
    sacrifices) in every order in which each one's cost is paid from the mana there
    before it (CR 605.3a) and a permanent is sacrificed after its own activations
    (CR 602.2): a union over the orders, computed over the sub-multisets of the
    items (the states after some of them don't depend on the order they came in),
    so n identical activations are one order."""
    kinds = list(Counter(items).items())
    full = tuple(n for _, n in kinds)
    reached: dict[tuple[int, ...], dict[State, int]] = {(0,) * len(kinds): starts}
    for _ in range(len(items)):
        after: dict[tuple[int, ...], dict[State, int]] = {}
        for counts, states in reached.items():
            for k, ((use, victims), n) in enumerate(kinds):
                if counts[k] == n:
                    continue
                if any(
                    other.index in victims and counts[j] < full[j] - (j == k)
                    for j, ((other, _), _) in enumerate(kinds)
                ):
                    continue  # one of its victims has an activation still to come
                more = (*counts[:k], counts[k] + 1, *counts[k + 1 :])
                target = after.setdefault(more, {})
                for state, spent in _activated(use, states, board).items():
                    target[state] = max(target.get(state, -1), spent)
        reached = after
    return reached.get(full, {})


def _units(use: Use, board: Board) -> list[list[Kind]]:
    return [list(output) for output in sorted(use.kinds(board))]


def _evaluate(
    chosen: _Set,
    board: Board,
    pool: Sequence[Mana],
    symbols: tuple[ManaSymbol, ...],
    x: int,
    life: int,
    keywords: frozenset[str] = frozenset(),
    spend: Spend = ACTIVATION,
) -> tuple[int, int] | None:
    """For one set of activations: the best (life symbols, waste), or None. With a
    Doubling Cube among them, every activation is tried before and after it."""
    life_symbols = max(0, life - chosen.life) // LIFE_PER_SYMBOL
    # Activations that cost mana, and those that sacrifice a permanent with such an
    # activation (or one that sacrifices too), in every order; the others first.
    victims = chosen.victims or (frozenset(),) * len(chosen.uses)
    items = list(zip(chosen.uses, victims, strict=True))
    busy = {u.index for u in chosen.uses if u.mana_cost is not None or u.sacrifices is not None}
    cube = any(u.doubles for u in chosen.uses)
    later = [
        (u, v)
        for k, (u, v) in enumerate(items)
        if cube
        or u.mana_cost is not None
        or any(j != k and w.index in v and w.index in busy for j, (w, _) in enumerate(items))
    ]
    free = [u for u, v in items if (u, v) not in later]
    base: Counter[Kind] = Counter(
        (BIT[unit.type], unit.snow, unit.legendary, unit.restriction) for unit in pool
    )
    starts: dict[State, int] = {}
    for outputs in itertools.product(*(_units(u, board) for u in free)):
        counter = Counter(base)
        for output in outputs:
            counter.update(output)
        starts[_normal(counter)] = 0
    best: tuple[int, int] | None = None
    extra = _alternatives(board, chosen, keywords) if keywords else Counter()
    for state in _in_every_order(later, starts, board):
        left = sum(n for kind, n in state if not kind[0] & ALT)  # every unit made or floating
        if extra:
            state = _normal(Counter(dict(state)) + extra)
        result = _best_payment(symbols, state, x, life_symbols, spend)
        if result is None:
            continue
        value = (result[0], left + result[1])
        if best is None or value < best:
            best = value
    return best


def optimum(
    cost: ManaCost | str,
    board: Board,
    *,
    pool: Sequence[Mana] = (),
    life: int = 20,
    x: int = 0,
    spend: Spend | None = None,
    survive: bool = False,
) -> Levels | None:
    """The best (sacrifice, damage + life, waste) over every legal plan, or None
    when no plan pays the cost. ``spend``'s convoke, improvise and delve pay too.
    ``survive``: over the plans that leave at least 1 life only (CR 704.5a)."""
    keywords = frozenset(k.lower() for k in spend.keywords) if spend is not None else frozenset()
    keywords &= {"convoke", "improvise", "delve"}
    total = ManaCost.parse(cost) if isinstance(cost, str) else cost
    if not total.has_mana_cost:
        return None  # CR 118.6
    symbols = tuple(total)
    spell = spend if spend is not None else Spend(SpendKind.SPELL, cost=total)
    if "delve" in keywords and any(
        u.sacrifices for i in range(len(board.permanents)) for u in uses_of(board, i)
    ):
        raise NotImplementedError("delve with a cost that sacrifices another permanent")
    best: Levels | None = None
    from_hand = _from_hand(spend)
    for chosen in _sets(board, life, keywords, from_hand):
        if best is not None and (chosen.sacrifice, chosen.life) > best[:2]:
            break  # the rest can only be worse
        result = _evaluate(chosen, board, pool, symbols, x, life, keywords, spell)
        if result is None:
            continue
        value = (chosen.sacrifice, chosen.life + LIFE_PER_SYMBOL * result[0], result[1])
        if survive and value[1] >= life:
            continue  # this plan loses the game
        if best is None or value < best:
            best = value
    return best


def payable(
    cost: ManaCost | str,
    board: Board,
    *,
    pool: Sequence[Mana] = (),
    life: int = 20,
    x: int = 0,
    spend: Spend | None = None,
) -> bool:
    """Whether any legal plan pays the cost."""
    return optimum(cost, board, pool=pool, life=life, x=x, spend=spend) is not None


# -- replaying a plan ----------------------------------------------------------------


def _matches_output(use: Use, produced: Sequence[ManaType]) -> bool:
    """Whether an activation of ``use`` can make exactly ``produced``: a perfect
    matching of the produced types to the units (augmenting paths)."""
    want = [BIT[t] for t in produced]
    if len(want) != use.size:
        return False
    for output in use.outputs():
        owner: list[int | None] = [None] * len(output)

        def place(
            i: int,
            seen: set[int],
            output: tuple[int, ...] = output,
            owner: list[int | None] = owner,
        ) -> bool:
            for j, bits in enumerate(output):
                if want[i] & bits and j not in seen:
                    seen.add(j)
                    current = owner[j]
                    if current is None or place(current, seen):
                        owner[j] = i
                        return True
            return False

        if all(place(i, set()) for i in range(len(want))):
            return True
    return False


def _less_alternatives(payment: Any, left: ManaCost) -> Any:
    """The payment of ``left``, the cost less what convoke, improvise and delve
    paid: a symbol paid otherwise goes, one partly paid so becomes generic mana of
    what mana paid (as :attr:`Plan.mana_cost_left <mtgmana.tapping.Plan.mana_cost_left>`
    says)."""
    from mtgmana.payment import SymbolPayment

    parts = []
    for part in payment.assignment:
        if not part.instead:
            parts.append(part)
        elif part.units:
            parts.append(SymbolPayment(ManaSymbol.generic(len(part.units)), part.units))
    if not parts:  # all paid otherwise: {0} is left
        parts.append(SymbolPayment(ManaSymbol.generic(0)))
    x = payment.x if any(p.symbol.text == "{X}" for p in parts) else None
    return replace(payment, cost=left, assignment=tuple(parts), x=x)


def _check_doubling(step: Any, cube: Permanent, available: dict[int, Mana]) -> None:
    """A Doubling Cube step (CR 701.10f): untapped, its {3} paid with units in the
    pool (restricted ones only if allowed for an activation, CR 106.6), then as much
    of each type added as the pool holds, the Cube's unrestricted mana; the units
    go into ``available``."""
    doubling = cube.doublings[step.ability_index - len(cube.abilities)]
    assert step.ability == str(doubling) and step.tapped == (step.permanent,), step
    assert not (cube.tapped or (cube.is_creature and cube.summoning_sick)), step
    paid = list(step.paid_with.mana)
    for unit in paid:
        assert unit.uid in available, f"{step} spends {unit}, not in the pool then"
        del available[unit.uid]
    given = _normal(Counter((BIT[u.type], u.snow, u.legendary, u.restriction) for u in paid))
    assert doubling.cost.mana is not None
    assert any(not rest for rest, _, _ in _payments(tuple(doubling.cost.mana), given, 0, 0)), step
    there = Counter(u.type for u in available.values())
    assert Counter(u.type for u in step.produces) == there, (step, there)
    for unit in step.produces:
        assert unit.restriction is None and unit.source is not None, unit
        assert unit.source.id == step.permanent and unit.snow == cube.is_snow, unit
        assert unit.uid not in available, unit
        available[unit.uid] = unit


def check_plan(
    plan: Plan,
    cost: ManaCost | str,
    board: Board,
    *,
    pool: Sequence[Mana] = (),
    life: int = 20,
    x: int = 0,
    spend: Spend | None = None,
) -> Levels:
    """Replay ``plan`` on the board and assert it is legal and self-consistent, step
    by step in its order (CR 601.2g-h, 602.2, 605.3a): each step's permanent is
    there and not sacrificed, its ability can make its mana, its cost is paid with
    units of mana that exist at that point (floating, or made by an earlier step),
    life is paid only while the life total allows (CR 119.4), nothing is tapped
    twice and nothing sacrificed twice; the cost is then paid from what is left.
    Return the plan's objective levels (sacrifice, damage + life, waste)."""
    total = ManaCost.parse(cost) if isinstance(cost, str) else cost
    assert plan.cost == total, (plan.cost, total)
    available: dict[int, Mana] = {unit.uid: unit for unit in pool}
    seen: set[int] = set(available)
    gone: set[int] = set()  # ids of permanents sacrificed so far
    tapped_now = {i for i, p in zip(board.ids, board.permanents, strict=True) if p.tapped}
    once_used: set[int] = set()
    removed: dict[int, int] = {}  # counters removed so far, per permanent
    sacrificed: list[Permanent] = []
    energy, hand, graveyard = _have(board)
    resources_lost = 0
    damage = activation_life = 0
    life_now = life
    steps = list(plan.steps)
    k = 0
    while k < len(steps):
        step = steps[k]
        assert not step.trigger, f"a trigger's mana without its activation: {step}"
        triggered = []
        k += 1
        while k < len(steps) and steps[k].trigger:
            triggered.append(steps[k])
            k += 1
        identifier = step.permanent
        index = board.index_of(identifier)
        permanent = board.permanents[index]
        assert permanent.name == step.card, step
        assert identifier not in gone, f"{permanent.name} was already sacrificed"
        if step.ability_index >= len(permanent.abilities):  # Doubling Cube's
            assert not triggered and identifier not in tapped_now, step
            _check_doubling(step, permanent, available)
            tapped_now.add(identifier)
            seen.update(unit.uid for unit in step.produces)
            continue
        assert 0 <= step.ability_index < len(permanent.abilities), step
        ability = permanent.abilities[step.ability_index]
        # The ability's text, or the line of it that makes this mana (painlands).
        assert step.ability in (str(ability), *str(ability).splitlines()), step.ability
        produced = list(step.produces) + [u for t in triggered for u in t.produces]
        for unit in produced:
            assert unit.uid not in seen, f"{unit} made twice"
            seen.add(unit.uid)
            assert unit.source is not None, unit
            maker = board.permanent(int(unit.source.id))
            assert unit.snow == maker.is_snow and unit.legendary == maker.is_legendary, unit
        for unit in step.produces:
            assert unit.source is not None and unit.source.id == identifier, unit
        for trigger in triggered:
            assert board.permanent(trigger.permanent).triggers, trigger  # CR 106.3
            for unit in trigger.produces:
                assert unit.source is not None and unit.source.id == trigger.permanent, unit
        candidates = [
            u
            for u in uses_of(board, index)
            if u.ability is ability
            and u.damage == step.damage
            and u.life == step.paid_with.life
            and u.counters == step.counters
            and _matches_output(u, [unit.type for unit in produced])
        ]
        assert candidates, f"no ability of {permanent.name} makes {step}"
        use = candidates[0]
        assert _in_time(use, _from_hand(spend)), f"{step}: it would discard the spell"
        if not use.repeatable:
            assert identifier not in once_used, f"{permanent.name} activated twice"
            once_used.add(identifier)
        removed[identifier] = removed.get(identifier, 0) + use.counters
        assert removed[identifier] <= permanent.counters, f"{step} removes counters not there"
        # Life first (CR 119.4): only while the life total is at least the amount.
        if step.paid_with.life:
            assert step.paid_with.life <= life_now, f"{step} pays life it doesn't have"
        life_now -= step.paid_with.life + step.damage
        # The mana cost, paid with units that exist now.
        paid = list(step.paid_with.mana)
        for unit in paid:
            assert unit.uid in available, f"{step} spends {unit}, not in the pool then"
            del available[unit.uid]
        if use.mana_cost is None:
            assert not paid, step
        else:
            given = _normal(
                Counter((BIT[u.type], u.snow, u.legendary, u.restriction) for u in paid)
            )
            assert any(not rest for rest, _, _ in _payments(tuple(use.mana_cost), given, 0, 0)), (
                f"{step.paid_with} doesn't pay {use.mana_cost}"
            )
        # Permanents tapped and sacrificed by the cost.
        others = list(step.tapped)
        if use.taps_self and identifier in others:
            others.remove(identifier)
        if use.taps_self and identifier in step.untapped:
            tapped_now.discard(identifier)
        elif use.taps_self:
            assert identifier in step.tapped, step
            assert identifier not in tapped_now, f"{permanent.name} tapped twice"
            tapped_now.add(identifier)
        if use.tap_others is not None:
            item, n = use.tap_others
            assert len(others) == n == len(set(others)), step
            for other in others:
                tapped = board.permanent(other)
                assert tapped.controller == "you" and tapped.zone == "battlefield", step
                assert matches(item, tapped, other, permanent, "you", identifier), step
                assert other not in tapped_now and other not in gone, step
                tapped_now.add(other)
        else:
            assert not others, step
        lost = list(step.sacrificed) + list(step.exiled)
        if use.sacrifice_self:
            assert identifier in lost, step
            lost.remove(identifier)
            gone.add(identifier)
            sacrificed.append(permanent)
        if use.sacrifices is not None:
            item, n = use.sacrifices
            assert len(lost) == n == len(set(lost)), step
            for other in lost:
                victim = board.permanent(other)
                assert victim.controller == "you" and victim.zone == "battlefield", step
                assert matches(item, victim, other, permanent, "you", identifier), step
                assert other not in gone, f"{victim.name} sacrificed twice"
                gone.add(other)
                sacrificed.append(victim)
                graveyard += 0 if victim.token else 1
            lost = []
        assert not lost, step
        # Energy, cards discarded and exiled from the graveyard (CR 107.14, 701.9).
        wanted = use.resources
        if use.discards_hand:  # whatever is left in the hand (CR 701.9a)
            wanted = (wanted[0], hand, wanted[2])
        paid_resources = (step.paid_with.energy, step.paid_with.discarded, step.paid_with.exiled)
        assert paid_resources == wanted, (step, wanted)
        energy -= wanted[0]
        hand -= wanted[1]
        graveyard -= wanted[2]
        assert min(energy, hand, graveyard) >= 0, f"{step} pays what you don't have"
        resources_lost += 3 * wanted[1] + wanted[2]
        graveyard += _buried(board, use) + (wanted[1] if use.discards_hand else 0)
        damage += step.damage
        activation_life += step.paid_with.life
        available.update((unit.uid, unit) for unit in produced)
    assert plan.sacrificed == tuple(i for s in plan.steps for i in s.sacrificed)
    assert plan.damage == damage, (plan.damage, damage)
    # The payment (CR 601.2h), from what the pool holds after the steps; convoke,
    # improvise and delve (CR 702.51a, 702.126a, 702.66a) tap untapped permanents
    # that are still there, or exile graveyard cards.
    payment = plan.payment
    keywords = frozenset(k.lower() for k in spend.keywords) if spend is not None else frozenset()
    exiled = 0
    for part in payment.assignment:
        for instead in part.instead:
            assert instead.kind in keywords, (instead, keywords)
            if instead.permanent is None:
                exiled += 1
                continue
            tapped = board.permanent(instead.permanent)
            assert instead.permanent not in tapped_now and instead.permanent not in gone
            assert tapped.controller == "you" and tapped.zone == "battlefield"
            tapped_now.add(instead.permanent)
            if instead.kind == "convoke":
                assert tapped.is_creature
                if not (
                    part.symbol.is_numeral
                    or part.symbol.text in ("{X}",)
                    or part.symbol.text.startswith("{2/")
                ):
                    assert set(part.symbol.halves) & set(tapped.colors.letters), part
            else:
                assert "Artifact" in tapped.card_types, part
                assert (
                    part.symbol.is_numeral
                    or part.symbol.text in ("{X}",)
                    or (part.symbol.text.startswith("{2/"))
                ), part  # generic mana only
    assert exiled <= graveyard
    if any(part.instead for part in payment.assignment):
        payment = _less_alternatives(payment, plan.mana_cost_left)
        total = plan.mana_cost_left
    spent = payment.spent
    assert len({u.uid for u in spent}) == len(spent), "a unit pays twice"
    for unit in spent:
        assert unit.uid in available, f"the payment spends {unit}, not in the pool"
    remaining = tuple(u for uid, u in available.items() if uid not in {s.uid for s in spent})
    check_payment(
        replace(payment, remaining=remaining),
        total,
        list(available.values()),
        life=max(0, life_now),
        x=x,
        spend=spend,
    )
    assert plan.life_paid == payment.life_paid + activation_life, plan.life_paid
    # What floats afterwards: the rest of the pool and of the made mana.
    floating = plan.floating_after
    assert sorted(u.uid for u in floating) == sorted(u.uid for u in remaining), floating
    sacrifice = sum(sacrifice_weight(p) for p in sacrificed) + resources_lost
    spent_energy = _have(board)[0] - energy
    return sacrifice, damage + plan.life_paid + spent_energy, len(floating)
