"""Plans: which mana abilities to activate, in which order, with what, and what they
make (CR 106.3, 601.2g-h, 602.2, 605.3) — values an engine can replay step by step.

A :class:`Plan` is a tuple of :class:`Step` values, in an order that can really be
followed (CR 605.3a: mana made by one activation pays only for later ones; life is
paid while the life total allows, CR 119.4), then the :class:`~mtgmana.Payment` of
the cost from the mana pool. Each step names the permanent by its id on the board
(:attr:`~mtgmana.board.Board.ids`: its place in the list the board was built
from), the ability used (its printed text and its index among the permanent's
abilities), what its cost took — mana, each unit with its source, and life
(:class:`~mtgmana.payment.Paid`) — the permanents it tapped, untapped or sacrificed,
the counters removed, and the mana it made, each unit with its source. Mana added by
a triggered mana ability (Wild Growth, Mana Flare: CR 605.1b) is a step of its own,
from the trigger's permanent, right after the step that triggered it.

:meth:`Plan.apply` replays a plan through :func:`~mtgmana.tapping.activate` — every
step checked as the rules check it — and returns the board and the mana pool after
it, ready for the cost to be paid:

>>> from mtgmana import pay
>>> from mtgmana.board import Board
>>> from mtgmana.tapping import plan
>>> board = Board.parse("Sunken Ruins, Swamp")
>>> result = plan("{U}{U}", board)
>>> [(step.permanent, step.card, step.ability) for step in result.steps]
[(1, 'Swamp', '{T}: Add {B}.'), (0, 'Sunken Ruins', '{U/B}, {T}: Add {U}{U}, {U}{B}, or {B}{B}.')]
>>> after, pool = result.apply(board)
>>> [p.tapped for p in after.permanents], str(pool)
([True, True], '{U}{U}')
>>> pay("{U}{U}", pool).life_paid
0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..colors import ManaType
from ..costs import ManaCost
from ..mana import Mana
from ..payment import Paid, Payment

if TYPE_CHECKING:
    from ..board import Board
    from ..pool import ManaPool

__all__ = ["Plan", "Replay", "Step"]

_ORDER = {t: i for i, t in enumerate(ManaType)}
_SYMBOLS = {t: t.symbol for t in ManaType}

_Frozen = TypeVar("_Frozen")


def _trusted(cls: type[_Frozen], **values: Any) -> _Frozen:
    """The value ``cls(**values)`` of a frozen dataclass without a
    ``__post_init__`` (:class:`Step`, :class:`Replay`, :class:`~mtgmana.payment.Paid`),
    made without its generated ``__init__`` — a call per field, the cost of a plan
    the tapper builds (``tapping._build``). Only for values known good: ``values``
    holds every field, in order (the tests check the two ways agree)."""
    value = object.__new__(cls)
    object.__setattr__(value, "__dict__", values)
    return value


def _symbols(units: tuple[Mana, ...]) -> str:
    return "".join(str(unit) for unit in units)


@dataclass(frozen=True)
class Replay:
    """What replays one step by hand (:func:`~mtgmana.tapping.activate`, and
    ``mtgmana serve``'s ``activate``): the ``permanent`` and the ``ability``
    index, the mana to ``produce`` (its own, then its triggers', in order), the
    units of mana to ``pay`` its cost with (CR 605.3a: by type and source, as the
    plan names them), the other permanents its cost taps and sacrifices, and the
    counters it removes."""

    permanent: int
    ability: int
    produce: tuple[ManaType, ...]
    pay: tuple[Mana, ...] = ()
    tap: tuple[int, ...] = ()
    sacrifice: tuple[int, ...] = ()
    counters: int = 0

    def to_json(self) -> dict[str, Any]:
        """The keys of a ``serve`` ``activate`` request."""
        return {
            "permanent": self.permanent,
            "ability": self.ability,
            "produce": "".join([_SYMBOLS[t] for t in self.produce]),
            "pay": [unit.to_json() for unit in self.pay],
            "tap": list(self.tap),
            "sacrifice": list(self.sacrifice),
            "counters": self.counters,
        }


def _replays(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """The steps, each that isn't a trigger with its :class:`Replay` (its triggers'
    mana is made by the same activation, CR 605.1b)."""
    out = list(steps)
    for i, step in enumerate(steps):
        if step.trigger or step.activate is not None:
            continue
        made = list(step.produces)
        for later in steps[i + 1 :]:
            if not later.trigger:
                break
            made.extend(later.produces)
        replay = Replay(
            step.permanent,
            step.ability_index,
            tuple(unit.type for unit in made),
            step.paid_with.mana,
            tuple(p for p in step.tapped if p != step.permanent),
            tuple(p for p in step.sacrificed if p != step.permanent),
            step.counters,
        )
        out[i] = replace(step, activate=replay)
    return tuple(out)


@dataclass(frozen=True)
class Step:
    """One mana ability activated (CR 605.3a), or a triggered mana ability's mana
    (CR 605.1b, ``trigger=True``: ``ability_index`` is then -1).

    ``permanent`` is the permanent's id on the board, ``card`` its name,
    ``ability`` the printed ability used, ``ability_index`` its place among the
    permanent's :attr:`~mtgmana.board.Permanent.abilities`. ``paid_with`` is
    what the ability's cost took (mana and life), ``tapped``, ``untapped`` and
    ``sacrificed`` the ids of the permanents its cost tapped, untapped ({Q}) or
    sacrificed, ``counters`` the counters it removed, ``damage`` the damage its
    source dealt to you (painlands, CR 106.12), ``produces`` the mana it made.
    """

    permanent: int
    card: str
    ability: str
    ability_index: int
    produces: tuple[Mana, ...]
    paid_with: Paid = field(default_factory=Paid)
    tapped: tuple[int, ...] = ()
    untapped: tuple[int, ...] = ()
    sacrificed: tuple[int, ...] = ()
    counters: int = 0
    damage: int = 0
    trigger: bool = False
    exiled: tuple[int, ...] = ()
    """Cards exiled from your hand by the cost (Simian Spirit Guide)."""
    modified_by: tuple[int, ...] = ()
    """The permanents whose replacement effects changed the mana it made (Mana
    Reflection, Nyxbloom Ancient: CR 106.12b; the mana is still its own, 106.3)."""
    activate: Replay | None = field(default=None, compare=False, repr=False)
    """What replays it by hand (none for a trigger's step: its activation makes
    its mana); set by :class:`Plan`."""

    def __str__(self) -> str:
        text = f"{self.card} ({self.permanent}): {_symbols(self.produces)}"
        if self.paid_with.mana or self.paid_with.life:
            text += f", paying {self.paid_with}"
        return text

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "permanent": self.permanent,
            "card": self.card,
            "ability": self.ability,
            "ability_index": self.ability_index,
            "paid_with": self.paid_with.to_json(),
            "produces": [unit.to_json() for unit in self.produces],
            "tapped": list(self.tapped),
            "sacrificed": list(self.sacrificed),
        }
        if self.untapped:
            data["untapped"] = list(self.untapped)
        if self.counters:
            data["counters"] = self.counters
        if self.damage:
            data["damage"] = self.damage
        if self.trigger:
            data["trigger"] = True
        if self.exiled:
            data["exiled"] = list(self.exiled)
        if self.modified_by:
            data["modified_by"] = list(self.modified_by)
        if self.activate is not None:
            data["activate"] = self.activate.to_json()
        return data


@dataclass(frozen=True)
class Plan:
    """A plan to pay ``cost``: the ``steps`` in order, then the ``payment`` of the
    cost from the mana pool they fill (CR 601.2g-h).

    ``life_paid`` is all the life paid (activation costs and Phyrexian symbols),
    ``damage`` the damage the sources dealt, ``sacrificed`` the ids of the
    permanents sacrificed, ``floating_after`` the mana left in the pool once the
    cost is paid.
    """

    cost: ManaCost
    steps: tuple[Step, ...]
    payment: Payment
    ignored: tuple[tuple[int, str, str], ...] = ()
    """With ``partial=True``: the permanents whose mana-relevant text isn't modelled
    and was left out — (id, name, what and why); the plan may not be the best, or a
    plan may exist that this one doesn't find."""
    cut_short: bool = False
    """Whether the search for the best plan was cut short (by its budget of flows,
    ``MAX_COMBINATIONS``, or ``time_limit``): the plan is legal and pays, but
    may not be the best by the preference order."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", _replays(tuple(self.steps)))

    @property
    def life_paid(self) -> int:
        return self.payment.life_paid + sum(step.paid_with.life for step in self.steps)

    @property
    def damage(self) -> int:
        return sum(step.damage for step in self.steps)

    @property
    def sacrificed(self) -> tuple[int, ...]:
        return tuple(i for step in self.steps for i in step.sacrificed)

    @property
    def tapped(self) -> tuple[int, ...]:
        """Every permanent tapped: by the steps, then by convoke or improvise."""
        by_steps = tuple(i for step in self.steps for i in step.tapped)
        return by_steps + tuple(
            i for part in self.payment.assignment if part.instead for i in part.paid_with.tapped
        )

    @property
    def exiled(self) -> int:
        """Cards exiled from the graveyard for delve (CR 702.66a)."""
        return sum(part.paid_with.exiled for part in self.payment.assignment if part.instead)

    @property
    def mana_cost_left(self) -> ManaCost:
        """The part of the cost paid with mana once the steps are done: the cost less
        the symbols convoke, improvise and delve pay (what :func:`mtgmana.pay`
        pays from the pool :meth:`apply` leaves)."""
        from ..symbols import ManaSymbol

        symbols: list[ManaSymbol] = []
        for part in self.payment.assignment:
            if not part.instead:
                symbols.append(part.symbol)
            elif part.units:  # generic mana, X or {2/C} partly paid otherwise
                symbols.append(ManaSymbol.generic(len(part.units)))
        return ManaCost.from_symbols(symbols or [ManaSymbol.generic(0)])

    @property
    def floating_after(self) -> tuple[Mana, ...]:
        return self.payment.remaining

    def __str__(self) -> str:
        steps = "; ".join(str(step) for step in self.steps) or "nothing to activate"
        return f"{self.cost}: {steps}"

    def apply(
        self, board: Board, pool: ManaPool | None = None, *, life: int = 20
    ) -> tuple[Board, ManaPool]:
        """Replay the steps on ``board`` through :func:`~mtgmana.tapping.activate`,
        each checked as the rules check it (raising
        :class:`~mtgmana.tapping.IllegalActivation` when one can't be done), adding
        their mana to ``pool`` (a copy of it: ``pool`` itself is left as it was;
        by default an empty pool — give the floating mana the plan was made with).
        Returns the board and the pool after the steps; the cost is still to pay
        (:func:`mtgmana.pay`)."""
        return _replay(self, board, pool, life)

    def to_json(self) -> dict[str, Any]:
        """The plan as ``mtgmana tap --json`` prints it."""
        data: dict[str, Any] = {
            "payable": True,
            "cost": str(self.cost),
            "steps": [step.to_json() for step in self.steps],
            "life_paid": self.life_paid,
            "damage": self.damage,
            "tapped": list(self.tapped),
            "sacrificed": list(self.sacrificed),
        }
        exiled = self.exiled
        if exiled:
            data["exiled"] = exiled
        data["floating_after"] = [unit.to_json() for unit in self.floating_after]
        data["cut_short"] = self.cut_short
        data["assignment"] = [part.to_json() for part in self.payment.assignment]
        if self.ignored:
            data["ignored"] = [{"permanent": i, "card": n, "why": w} for i, n, w in self.ignored]
        return data


def _replay(
    plan: Plan, board: Board, pool: ManaPool | Iterable[Mana] | None, life: int
) -> tuple[Board, ManaPool]:
    """:meth:`Plan.apply`: each step through
    :func:`~mtgmana.tapping.activate`; triggered mana abilities' steps are the mana
    their step's activation made."""
    from ..pool import ManaPool  # not needed to make plans either
    from .activation import IllegalActivation, activate  # not needed to make plans

    current = ManaPool()
    if isinstance(pool, ManaPool):
        current = pool.copy()
    elif pool is not None:
        current.add_units(pool)
    real: dict[int, Mana] = {}  # the plan's units -> the units the replay made
    steps = plan.steps
    i = 0
    while i < len(steps):
        step = steps[i]
        if step.trigger:
            raise IllegalActivation(step.card, step.permanent, "a trigger without its activation")
        triggered = []
        j = i + 1
        while j < len(steps) and steps[j].trigger:
            triggered.append(steps[j])
            j += 1
        planned = list(step.produces) + [u for t in triggered for u in t.produces]
        how = step.activate
        if how is None:
            raise IllegalActivation(step.card, step.permanent, "a step without its activation")
        done = activate(
            board,
            how.permanent,
            how.ability,
            produce=how.produce,
            pool=current,
            life=life,
            pay=[real.get(unit.uid, unit) for unit in how.pay],
            tap=how.tap,
            sacrifice=how.sacrifice,
            counters=how.counters,
        )
        by_type: dict[ManaType, list[Mana]] = {}
        for unit in done.produced:
            by_type.setdefault(unit.type, []).append(unit)
        for unit in planned:
            real[unit.uid] = by_type[unit.type].pop(0)
        board, current = done.board, done.pool
        life -= done.life_paid + done.damage
        i = j
    return board, current
