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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..board import Board
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
    if source.controller != "you":
        raise IllegalActivation(source.name, permanent, "only its controller activates it (602.2)")
    if not isinstance(ability, int) or not 0 <= ability < len(source.abilities):
        raise IllegalActivation(
            source.name, permanent, f"it has no mana ability {ability!r} (it has "
            f"{len(source.abilities)}: 0 to {len(source.abilities) - 1})"
        )  # fmt: skip
    if not isinstance(life, int) or isinstance(life, bool):  # damage can take it below 0
        raise MtgManaError(f"life must be a whole number, not {life!r}")
    wanted = None if produce is None else _types(produce)
    choices = [
        o
        for o in options_of(effective, index, effective.could_produce)
        if o.ability_index == ability
    ]
    if not choices:
        raise IllegalActivation(source.name, permanent, _why_not(effective, index, ability))
    if counters is not None:
        choices = [o for o in choices if o.counters == counters]
    else:  # the most counters removed: the most mana
        most = max(o.counters for o in choices)
        choices = [o for o in choices if o.counters == most]
    found = [(o, t) for o in choices if (t := _typing(o, wanted)) is not None]
    if not found:
        made = " or ".join(
            sorted(
                {"".join(min(s, key=ORDER.__getitem__).symbol for s in o.slots) for o in choices}
            )
        )
        raise IllegalActivation(
            source.name, permanent, f"it can't make {''.join(t.symbol for t in wanted or [])} "
            f"(it makes {made}, a type per mana)"
        )  # fmt: skip
    option, typing = min(found, key=lambda item: (item[0].damage, item[0].life))
    # Costs (CR 602.2b, 601.2g-h): life, mana, other permanents; then the mana.
    if option.life and option.life > life:
        raise IllegalActivation(
            source.name, permanent, f"paying {option.life} life needs {option.life} life (CR 119.4)"
        )
    units = () if pool is None else floating_units(pool)
    after = ManaPool()
    if isinstance(pool, ManaPool):
        after = pool.copy()
    else:
        after.add_units(units)
    spent: tuple[Mana, ...] = ()
    if option.mana_cost is not None:
        offered = units if pay is None else tuple(pay)
        missing = [u for u in offered if u not in after]
        if missing:
            raise IllegalActivation(source.name, permanent, f"{missing[0]} is not in the pool")
        try:
            payment = pay_cost(option.mana_cost, offered, life=0, spend=Spend(SpendKind.ABILITY))
        except CannotPay as error:
            raise CannotPay(
                option.mana_cost, error.shortfall, f"to activate {source.name}"
            ) from None
        spent = payment.spent
        after.spend(spent, Spend(SpendKind.ABILITY, cost=option.mana_cost))
    tapped: list[int] = []
    untapped: list[int] = []
    sacrificed: list[int] = []
    changes: dict[int, dict[str, object]] = {}
    if option.taps_self and not option.untaps:
        tapped.append(permanent)
        changes[index] = {"tapped": True}
    elif option.untaps:
        untapped.append(permanent)
        changes[index] = {"tapped": False}
    if option.counters:
        changes.setdefault(index, {})["counters"] = source.counters - option.counters
    if option.taps is not None:
        for other in _to_tap(effective, permanent, option, tap, already=tapped):
            tapped.append(other)
            changes.setdefault(board.index_of(other), {})["tapped"] = True
    exiled: list[int] = []
    if option.from_hand:
        exiled.append(permanent)
    elif option.sacrifice_self:
        sacrificed.append(permanent)
    if option.sacrifices is not None:
        sacrificed.extend(_to_sacrifice(effective, permanent, option, sacrifice))
    energy, discarded, exiled_cards = option.resources
    hand_cards: list[int] = []  # cards in the hand whose abilities work from there
    if option.discards_hand:  # CR 701.9a: every card in it (none is fine)
        discarded = board.hand
        hand_cards = [
            board.ids[i]
            for i, p in enumerate(board.permanents)
            if p.zone == "hand" and p.controller == "you" and board.ids[i] != permanent
        ]
    for need, have, what in (
        (energy, board.energy, "energy"),
        (discarded, board.hand, "cards in hand"),
        (exiled_cards, board.graveyard, "cards in the graveyard"),
    ):
        if need > have:
            raise IllegalActivation(
                source.name, permanent, f"it needs {need} {what}, you have {have}"
            )
    produced = _produce(effective, index, option, typing)
    after.add_units(produced)
    permanents = list(board.permanents)
    for where, change in changes.items():
        permanents[where] = permanents[where].with_state(**change)
    # Sacrificed cards (not tokens, CR 111.7) and discarded ones go to the graveyard.
    buried = tuple(
        board.permanent(gone).name
        for gone in sacrificed
        if not board.permanent(gone).token and not (option.exiles and gone == permanent)
    )
    discarded_cards = 0 if option.exiles else discarded + len(hand_cards)  # exiled: not buried
    kept = board.graveyard_cards[: max(0, len(board.graveyard_cards) - exiled_cards)]
    result = replace(
        board,
        permanents=tuple(permanents),
        energy=board.energy - energy,
        hand=board.hand - discarded,
        graveyard=board.graveyard - exiled_cards + discarded_cards + len(buried),
        graveyard_cards=kept + buried if len(kept) == board.graveyard - exiled_cards else kept,
    )
    for gone in (*sacrificed, *exiled, *hand_cards):
        result = result.remove(gone)
    return Activated(
        result,
        after,
        produced,
        spent,
        option.life,
        option.damage,
        tuple(tapped),
        tuple(untapped),
        tuple(sacrificed),
        option.counters,
        tuple(exiled),
    )


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
    source = board.permanent(permanent)
    fits = sorted(
        (
            (1 + (0 if p.token else 2) + (1 if p.is_creature else 0), identifier)
            for identifier, p in zip(board.ids, board.permanents, strict=True)
            if p.controller == "you"
            and p.zone == "battlefield"
            and matches(item, p, identifier, None, "you", None)
        )
    )
    allowed = {identifier for _, identifier in fits}
    chosen = list(named) if named else [identifier for _, identifier in fits[:count]]
    if len(chosen) != count or len(set(chosen)) != count or not set(chosen) <= allowed:
        raise IllegalActivation(
            source.name, permanent, f"it sacrifices {count} {item.plural()} you control: "
            f"{list(named) if named else 'there are not enough'}"
        )  # fmt: skip
    return chosen


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
