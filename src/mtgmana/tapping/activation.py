"""Activating one mana ability by hand (CR 602.2, 605.3), as a player does when they
tap a land themselves: the legality checks, the costs paid, the mana made with its
source (CR 106.3), triggered mana abilities (CR 605.1b, 106.12a) and replacement
effects (CR 106.12b) — and a plan replayed step by step.

>>> from mtgmana.board import Board
>>> board = Board.parse("Adarkar Wastes, Llanowar Elves")
>>> done = activate(board, 0, 1, produce="{U}")   # its second ability (CR 113.2c)
>>> str(done.pool), done.damage, done.board.permanent(0).tapped
('{U}', 1, True)
>>> activate(done.board, 0)
Traceback (most recent call last):
...
mtgmana.tapping.activation.IllegalActivation: can't activate Adarkar Wastes (0): it is tapped ...
>>> sick = Board((board.permanent(1).with_state(summoning_sick=True),))
>>> activate(sick, 0)
Traceback (most recent call last):
...
mtgmana.tapping.activation.IllegalActivation: can't activate Llanowar Elves (0): it has summoning...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import NoReturn

from ..board import Board, Permanent
from ..board.abilities import Choice, ManaAbility, PermanentFilter, PoolDoubling, Production
from ..board.queries import matches
from ..colors import ManaType
from ..errors import MtgManaError
from ..mana import Mana, Source
from ..payment import CannotPay
from ..payment import pay as pay_cost
from ..pool import ManaPool
from ..request import Pool, floating_units
from ..restrictions import Spend, SpendKind
from ._compile import EFFECT, ORDER, SELF, Option, options_of

__all__ = ["Activated", "IllegalActivation", "activate"]


class IllegalActivation(MtgManaError):
    """The ability can't be activated that way (CR 602.2); ``permanent`` is the id."""

    def __init__(self, card: str, permanent: int, why: str) -> None:
        self.card = card
        self.permanent = permanent
        self.why = why
        super().__init__(f"can't activate {card} ({permanent}): {why}")


@dataclass(frozen=True)
class Activated:
    """What an activation did: the ``board`` and ``pool`` after it, the mana it made
    (``produced``: its own, then its triggered mana abilities', in that order), the
    life its cost took, the damage its source dealt, and the ids of the permanents
    its cost tapped, untapped and sacrificed."""

    board: Board
    pool: ManaPool
    produced: tuple[Mana, ...]
    spent: tuple[Mana, ...]
    life_paid: int
    damage: int
    tapped: tuple[int, ...]
    untapped: tuple[int, ...]
    sacrificed: tuple[int, ...]
    counters: int
    exiled: tuple[int, ...] = ()
    """Cards exiled from a hand as the cost (Simian Spirit Guide)."""


def _types(produce: str | Iterable[ManaType | str]) -> list[ManaType]:
    if isinstance(produce, str):
        letters = [part for part in produce.replace("}", "} ").split() if part]
        return [ManaType.parse(letter) for letter in letters]
    return [t if isinstance(t, ManaType) else ManaType.parse(t) for t in produce]


def _typing(option: Option, wanted: list[ManaType] | None) -> list[ManaType] | None:
    """A type for each slot of the option making exactly ``wanted`` (a multiset, in
    slot order when possible); None if it can't. Without ``wanted``: each slot's
    first type in WUBRGC order."""
    slots = option.slots
    if wanted is None:
        return [min(s, key=ORDER.__getitem__) for s in slots]
    if len(wanted) != len(slots):
        return None
    chosen: list[ManaType | None] = [None] * len(slots)
    used = [False] * len(wanted)

    def place(i: int) -> bool:  # a matching of slots to wanted types, slot by slot
        if i == len(slots):
            return True
        for j, t in enumerate(wanted):
            if not used[j] and t in slots[i]:
                used[j] = True
                chosen[i] = t
                if place(i + 1):
                    return True
                used[j] = False
        return False

    if not place(0):
        return None
    return [t for t in chosen if t is not None]


def _doubled(
    here: _Here,
    doubling: PoolDoubling,
    pool: Pool | None,
    pay: Iterable[Mana] | None,
    wanted: list[ManaType] | None,
) -> Activated:
    """Doubling Cube's ability (CR 605.1a): {T} and its mana cost paid (CR 602.2b),
    then as much of each type of mana as the pool holds added (CR 701.10f), the new
    mana the Cube's own, without the restrictions of the mana doubled (CR 106.3,
    106.6). ``wanted``, when given, must be what it adds."""
    source = here.effective.permanents[here.index]
    if source.tapped:
        here.refuse("it is tapped ({T} needs it untapped, CR 602.2)")
    if source.is_creature and source.summoning_sick:
        here.refuse("it has summoning sickness (CR 302.6)")
    cost = doubling.cost
    option = Option(
        ManaAbility(cost, Production((Choice((frozenset(ManaType),)),))), (), 0, 0, cost.mana,
        False, None, None, None, taps_self=True,
    )  # fmt: skip
    after, spent = _pay_mana(here, option, pool, pay)
    identifier = here.permanent
    made = after.double(
        source=Source(identifier, source.name), snow=source.is_snow,
        legendary=source.is_legendary, ability=str(doubling),
    )  # fmt: skip
    if wanted is not None and sorted(wanted, key=ORDER.__getitem__) != sorted(
        (u.type for u in made), key=ORDER.__getitem__
    ):
        after_text = "".join(u.type.symbol for u in made) or "nothing"
        here.refuse(
            f"it doubles the pool, adding {after_text}, not "
            f"{''.join(t.symbol for t in wanted) or 'nothing'} (CR 701.10f)"
        )
    paid = _Paid(tapped=[identifier], changes={here.index: {"tapped": True}})
    board = _board_after(here, option, paid)
    return Activated(board, after, made, spent, 0, 0, (identifier,), (), (), 0)


def _why_not(board: Board, index: int, ability_index: int) -> str:
    permanent = board.permanents[index]
    ability = permanent.abilities[ability_index]
    cost = ability.cost
    if cost.tap and permanent.tapped:
        return "it is tapped ({T} needs it untapped, CR 602.2)"
    if cost.untap and not permanent.tapped:
        return "it is untapped ({Q} needs it tapped, CR 107.6)"
    if (cost.tap or cost.untap) and permanent.is_creature and permanent.summoning_sick:
        return "it has summoning sickness (CR 302.6)"
    if cost.remove_counters and permanent.counters < cost.remove_counters:
        return f"it has {permanent.counters} counters, the cost removes {cost.remove_counters}"
    if not board.can_activate(index, ability):
        return f"only if {ability.condition} (CR 602.5b)"
    return "it adds no mana now (CR 106.5)"


def activate(
    board: Board,
    permanent: int,
    ability: int = 0,
    *,
    produce: str | Iterable[ManaType | str] | None = None,
    pool: Pool | None = None,
    life: int = 20,
    pay: Iterable[Mana] | None = None,
    tap: Sequence[int] = (),
    sacrifice: Sequence[int] = (),
    counters: int | None = None,
) -> Activated:
    """Activate ability ``ability`` (its index in the permanent's
    :attr:`~mtgmana.board.Permanent.abilities`) of the permanent with id
    ``permanent``, checking what CR 602.2 and 605.3 check, and return the board and
    pool after it (:class:`Activated`); ``board`` and ``pool`` are not changed.

    ``produce`` chooses the mana (``"{U}"``, ``"UB"``, ``["W"]``; with triggered
    mana abilities, theirs after the permanent's own); by default each mana is the
    first type it may be in WUBRGC order. The ability's mana cost is paid from
    ``pool`` — with the units ``pay`` names, or the best payment (CR 605.3a) —
    its life from ``life`` (CR 119.4). ``tap`` names the untapped creature "Tap an
    untapped creature you control" taps (Springleaf Drum; by default the first
    one), ``sacrifice`` the creature "Sacrifice a creature" sacrifices (by default
    a token first), ``counters`` how many counters to remove when the amount
    depends on it (storage lands; by default all). Raises
    :class:`IllegalActivation` saying why, or :class:`~mtgmana.CannotPay` when the
    cost's mana can't be paid.
    """
    if not isinstance(board, Board):
        raise TypeError(f"expected a Board, not {board!r}")
    index = board.index_of(permanent)
    effective = board.effective  # what it is and has now (CR 613)
    source = effective.permanents[index]
    _check_ability(source, permanent, ability, life)
    wanted = None if produce is None else _types(produce)
    here = _Here(board, effective, index, permanent, source.name)
    if ability >= len(source.abilities):  # Doubling Cube's (CR 701.10f)
        doubling = source.doublings[ability - len(source.abilities)]
        return _doubled(here, doubling, pool, pay, wanted)
    option, typing = _chosen(here, ability, wanted, counters)
    # Costs (CR 602.2b, 601.2g-h): life, mana, other permanents; then the mana.
    if option.life and option.life > life:
        here.refuse(f"paying {option.life} life needs {option.life} life (CR 119.4)")
    after, spent = _pay_mana(here, option, pool, pay)
    paid = _other_costs(here, option, tap, sacrifice)
    produced = _produce(effective, index, option, typing)
    after.add_units(produced)
    return Activated(
        _board_after(here, option, paid),
        after,
        produced,
        spent,
        option.life,
        option.damage,
        tuple(paid.tapped),
        tuple(paid.untapped),
        tuple(paid.sacrificed),
        option.counters,
        tuple(paid.exiled),
    )


@dataclass(frozen=True)
class _Here:
    """The activation under way: the ``board`` as given, its ``effective`` state, and
    the source's index, id and name (for the refusals)."""

    board: Board
    effective: Board
    index: int
    permanent: int
    name: str

    def refuse(self, why: str) -> NoReturn:
        """Raise :class:`IllegalActivation` for this source, saying ``why``."""
        raise IllegalActivation(self.name, self.permanent, why)


@dataclass
class _Paid:
    """The costs other than mana (CR 602.2b): the ids tapped, untapped, sacrificed,
    exiled from the hand and the hand's cards discarded with their abilities; the
    state ``changes`` by board index; the energy, cards discarded and graveyard
    cards exiled."""

    tapped: list[int] = field(default_factory=list)
    untapped: list[int] = field(default_factory=list)
    sacrificed: list[int] = field(default_factory=list)
    exiled: list[int] = field(default_factory=list)
    hand_cards: list[int] = field(default_factory=list)
    changes: dict[int, dict[str, object]] = field(default_factory=dict)
    energy: int = 0
    discarded: int = 0
    exiled_cards: int = 0


def _check_ability(source: Permanent, permanent: int, ability: int, life: int) -> None:
    """Refuse another player's permanent (CR 602.2), an ability index it doesn't have,
    and a life total that isn't a whole number."""
    if source.controller != "you":
        raise IllegalActivation(source.name, permanent, "only its controller activates it (602.2)")
    count = len(source.abilities) + len(source.doublings)
    if not isinstance(ability, int) or isinstance(ability, bool) or not 0 <= ability < count:
        raise IllegalActivation(
            source.name, permanent, f"it has no mana ability {ability!r} (it has "
            f"{count}: 0 to {count - 1})"
        )  # fmt: skip
    if not isinstance(life, int) or isinstance(life, bool):  # damage can take it below 0
        raise MtgManaError(f"life must be a whole number, not {life!r}")


def _chosen(
    here: _Here, ability: int, wanted: list[ManaType] | None, counters: int | None
) -> tuple[Option, list[ManaType]]:
    """The way to activate the ability that makes ``wanted`` (removing ``counters``
    counters, by default the most), with a type per slot: the least damage, then the
    least life; refused when the ability adds nothing now or can't make ``wanted``."""
    choices = _ways(here, ability, counters)
    found = [(o, t) for o in choices if (t := _typing(o, wanted)) is not None]
    if not found:
        made = " or ".join(
            sorted(
                {"".join(min(s, key=ORDER.__getitem__).symbol for s in o.slots) for o in choices}
            )
        )
        here.refuse(
            f"it can't make {''.join(t.symbol for t in wanted or [])} "
            f"(it makes {made}, a type per mana)"
        )
    return min(found, key=lambda item: (item[0].damage, item[0].life))


def _ways(here: _Here, ability: int, counters: int | None) -> list[Option]:
    """The ways to activate the ability now that remove ``counters`` counters (by
    default the most: the most mana); refused, saying why, when there is none."""
    effective, index = here.effective, here.index
    choices = [
        o
        for o in options_of(effective, index, effective.could_produce)
        if o.ability_index == ability
    ]
    if not choices:
        here.refuse(_why_not(effective, index, ability))
    if counters is None:
        counters = max(o.counters for o in choices)
    return [o for o in choices if o.counters == counters]


def _pay_mana(
    here: _Here, option: Option, pool: Pool | None, pay: Iterable[Mana] | None
) -> tuple[ManaPool, tuple[Mana, ...]]:
    """The pool after paying the option's mana cost (CR 605.3a: with the units ``pay``
    names, or the best payment), and the units spent."""
    units = () if pool is None else floating_units(pool)
    after = ManaPool()
    if isinstance(pool, ManaPool):
        after = pool.copy()
    else:
        after.add_units(units)
    if option.mana_cost is None:
        return after, ()
    offered = units if pay is None else tuple(pay)
    missing = [u for u in offered if u not in after]
    if missing:
        here.refuse(f"{missing[0]} is not in the pool")
    try:
        payment = pay_cost(option.mana_cost, offered, life=0, spend=Spend(SpendKind.ABILITY))
    except CannotPay as error:
        raise CannotPay(option.mana_cost, error.shortfall, f"to activate {here.name}") from None
    after.spend(payment.spent, Spend(SpendKind.ABILITY, cost=option.mana_cost))
    return after, payment.spent


def _other_costs(
    here: _Here, option: Option, tap: Sequence[int], sacrifice: Sequence[int]
) -> _Paid:
    """The costs other than mana: {T} or {Q}, counters, other permanents tapped or
    sacrificed, the card exiled from the hand, energy and cards; refused when there
    is not enough."""
    paid = _Paid()
    _tap_and_counters(here, option, tap, paid)
    if option.from_hand:
        paid.exiled.append(here.permanent)
    elif option.sacrifice_self:
        paid.sacrificed.append(here.permanent)
    if option.sacrifices is not None:
        paid.sacrificed.extend(_to_sacrifice(here.effective, here.permanent, option, sacrifice))
    _resources(here, option, paid)
    return paid


def _tap_and_counters(here: _Here, option: Option, tap: Sequence[int], paid: _Paid) -> None:
    """The source tapped ({T}) or untapped ({Q}, CR 107.6), its counters removed, and
    the other permanents its cost taps."""
    index, permanent = here.index, here.permanent
    if option.taps_self and not option.untaps:
        paid.tapped.append(permanent)
        paid.changes[index] = {"tapped": True}
    elif option.untaps:
        paid.untapped.append(permanent)
        paid.changes[index] = {"tapped": False}
    if option.counters:
        source = here.effective.permanents[index]
        paid.changes.setdefault(index, {})["counters"] = source.counters - option.counters
    if option.taps is not None:
        for other in _to_tap(here.effective, permanent, option, tap, already=paid.tapped):
            paid.tapped.append(other)
            paid.changes.setdefault(here.board.index_of(other), {})["tapped"] = True


def _resources(here: _Here, option: Option, paid: _Paid) -> None:
    """The energy, cards discarded (the whole hand, CR 701.9a, with the cards whose
    abilities work from there) and graveyard cards exiled; refused when short."""
    board = here.board
    paid.energy, paid.discarded, paid.exiled_cards = option.resources
    if option.discards_hand:  # CR 701.9a: every card in it (none is fine)
        paid.discarded = board.hand
        paid.hand_cards = [
            board.ids[i]
            for i, p in enumerate(board.permanents)
            if p.zone == "hand" and p.controller == "you" and board.ids[i] != here.permanent
        ]
    for need, have, what in (
        (paid.energy, board.energy, "energy"),
        (paid.discarded, board.hand, "cards in hand"),
        (paid.exiled_cards, board.graveyard, "cards in the graveyard"),
    ):
        if need > have:
            here.refuse(f"it needs {need} {what}, you have {have}")


def _board_after(here: _Here, option: Option, paid: _Paid) -> Board:
    """The board after the costs: permanents tapped, untapped or with fewer counters;
    the sacrificed, exiled and discarded ones gone; energy, hand and graveyard counted
    again (sacrificed cards, not tokens, CR 111.7, and discarded ones go to the
    graveyard, unless the cost exiles them)."""
    board = here.board
    permanents = list(board.permanents)
    for where, change in paid.changes.items():
        permanents[where] = permanents[where].with_state(**change)
    buried = tuple(
        board.permanent(gone).name
        for gone in paid.sacrificed
        if not board.permanent(gone).token and not (option.exiles and gone == here.permanent)
    )
    discarded_cards = 0 if option.exiles else paid.discarded + len(paid.hand_cards)
    exiled_cards = paid.exiled_cards
    kept = board.graveyard_cards[: max(0, len(board.graveyard_cards) - exiled_cards)]
    result = replace(
        board,
        permanents=tuple(permanents),
        energy=board.energy - paid.energy,
        hand=board.hand - paid.discarded,
        graveyard=board.graveyard - exiled_cards + discarded_cards + len(buried),
        graveyard_cards=kept + buried if len(kept) == board.graveyard - exiled_cards else kept,
    )
    for gone in (*paid.sacrificed, *paid.exiled, *paid.hand_cards):
        result = result.remove(gone)
    return result


def _to_tap(
    board: Board, permanent: int, option: Option, named: Sequence[int], *, already: list[int]
) -> list[int]:
    """The permanents "Tap N untapped ... you control" taps: those ``named``, or the
    first that fit (untapped permanents you control matching the filter, CR 602.2b;
    summoning sickness doesn't matter, 302.6)."""
    assert option.taps is not None
    item, count = option.taps
    source = board.permanent(permanent)
    fits = [
        identifier
        for identifier, p in zip(board.ids, board.permanents, strict=True)
        if p.controller == "you"
        and p.zone == "battlefield"
        and not p.tapped
        and identifier not in already
        and matches(item, p, identifier, source, "you", permanent)
    ]
    chosen = list(named) if named else fits[:count]
    if len(chosen) != count or len(set(chosen)) != count or not set(chosen) <= set(fits):
        raise IllegalActivation(
            source.name, permanent, f"it taps {count} untapped {item.plural()} you control: "
            f"{list(named) if named else 'there are not enough'}"
        )  # fmt: skip
    return chosen


def _to_sacrifice(board: Board, permanent: int, option: Option, named: Sequence[int]) -> list[int]:
    """The permanents "Sacrifice N ..." takes: those ``named``, or the cheapest that
    fit (tokens first, noncreatures before creatures)."""
    assert option.sacrifices is not None
    item, count = option.sacrifices
    fits = [identifier for _, identifier in sorted(_sacrificeable(board, item))]
    chosen = list(named) if named else fits[:count]
    if len(chosen) != count or len(set(chosen)) != count or not set(chosen) <= set(fits):
        raise IllegalActivation(
            board.permanent(permanent).name, permanent, f"it sacrifices {count} "
            f"{item.plural()} you control: {list(named) if named else 'there are not enough'}"
        )  # fmt: skip
    return chosen


def _sacrificeable(board: Board, item: PermanentFilter) -> Iterator[tuple[int, int]]:
    """The permanents you control matching ``item``, each with its price (a token
    before a card, a noncreature before a creature) and id."""
    for identifier, p in zip(board.ids, board.permanents, strict=True):
        mine = p.controller == "you" and p.zone == "battlefield"
        if mine and matches(item, p, identifier, None, "you", None):
            yield 1 + (0 if p.token else 2) + (1 if p.is_creature else 0), identifier


def _produce(board: Board, index: int, option: Option, typing: list[ManaType]) -> tuple[Mana, ...]:
    """The units the activation adds, each from its source (CR 106.3): the permanent,
    or a triggered mana ability's permanent."""
    made: list[Mana] = []
    for slot, mana_type in enumerate(typing):
        where = option.origin(slot)
        if where == EFFECT:
            source, snow, legendary = None, False, False
        else:
            maker = board.permanents[index if where == SELF else where]
            identifier = board.ids[index if where == SELF else where]
            source = Source(identifier, maker.name)
            snow, legendary = maker.is_snow, maker.is_legendary
        restriction = option.restriction if where == SELF else None
        made.append(
            Mana.make(
                mana_type, source=source, snow=snow, legendary=legendary, restriction=restriction
            )
        )
    return tuple(made)
