"""Private: :class:`ManaPool`, the mana pool (CR 106.3-106.13, 118.3a, 500.5),
re-exported by :mod:`mtgmana.pool` (whose docstring shows it at work)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..colors import MANA_TYPES, ManaType
from ..costs import ManaCost
from ..errors import MtgManaError
from ..mana import Duration, Mana, ManaKind, Rider, Source
from ..restrictions import Restriction, Spend
from ..symbols import ManaSymbol
from . import _json
from ._adding import Choice, check_amount, make_kind, mana_type_of, symbol_mana
from ._announce import announce
from ._events import (
    ManaAdded,
    ManaConverted,
    ManaEvent,
    ManaLost,
    ManaNotInPool,
    ManaSpent,
    RestrictedManaError,
    describe_spend,
)
from ._losing import Fate, fate_at, fate_by_effect, lose
from .emptying import CURRENT_RULES, EmptyResult, Ending, Retention, Rules

__all__ = ["ManaPool"]


# -- the pool ------------------------------------------------------------------------


class ManaPool:
    """One player's mana pool (CR 106.4).

    Units are kept in the order they were added, indexed by ``uid`` and grouped by
    :class:`~mtgmana.mana.ManaKind`, so adding and spending are O(1) per unit and
    emptying or announcing decides once per kind.
    """

    __slots__ = ("_by_kind", "_retention", "_rules", "_subscribers", "_units")

    def __init__(
        self, *, rules: Rules = CURRENT_RULES, retention: Iterable[Retention] = ()
    ) -> None:
        if not isinstance(rules, Rules):
            raise MtgManaError(f"not a Rules value: {rules!r}")
        retention = tuple(retention)
        for item in retention:
            if not isinstance(item, Retention):
                raise MtgManaError(f"not a Retention value: {item!r}")
        self._rules = rules
        self._retention = retention
        self._units: dict[int, Mana] = {}
        self._by_kind: dict[ManaKind, dict[int, Mana]] = {}
        self._subscribers: list[Callable[[ManaEvent], object]] = []

    def copy(self) -> ManaPool:
        """An independent pool with the same units (the same ``uid`` s), rules and
        retention effects, and no subscribers: changing one never changes the other.
        ``copy.copy`` and ``copy.deepcopy`` give the same (a pool is never shared).

        >>> pool = ManaPool()
        >>> _ = pool.add("G")
        >>> other = pool.copy()
        >>> _ = other.add("U")
        >>> len(pool), len(other)
        (1, 2)
        """
        twin = ManaPool(rules=self._rules, retention=self._retention)
        twin._insert(self._units.values())
        return twin

    def __copy__(self) -> ManaPool:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> ManaPool:
        return self.copy()

    # -- settings ----------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def retention(self) -> tuple[Retention, ...]:
        """The retention and conversion effects in force, in the order they apply
        (for several conversions the first applies: the engine orders them, CR 616.1)."""
        return self._retention

    def add_retention(self, retention: Retention) -> None:
        """An effect starts applying (e.g. Upwelling enters the battlefield)."""
        if not isinstance(retention, Retention):
            raise MtgManaError(f"not a Retention value: {retention!r}")
        self._retention += (retention,)

    def remove_retention(self, retention: Retention) -> None:
        """One such effect stops applying (its permanent left)."""
        items = list(self._retention)
        try:
            items.remove(retention)
        except ValueError:
            raise MtgManaError(f"{retention!r} is not applying to this pool") from None
        self._retention = tuple(items)

    # -- events --------------------------------------------------------------------

    def subscribe(self, callback: Callable[[ManaEvent], object]) -> Callable[[], None]:
        """Call ``callback(event)`` after each change; returns a function that
        unsubscribes. Events: :class:`ManaAdded`, :class:`ManaSpent` (one per unit),
        :class:`ManaLost`, :class:`ManaConverted`. The change is complete when the
        callback runs (it may add mana: Wild Growth); what it raises propagates."""
        if not callable(callback):
            raise MtgManaError(f"not callable: {callback!r}")
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def _emit(self, event: ManaEvent) -> None:
        for callback in tuple(self._subscribers):
            callback(event)

    # -- adding -------------------------------------------------------------------

    def add(
        self,
        mana: ManaType | str | ManaKind | None,
        count: int = 1,
        *,
        source: Source | None = None,
        snow: bool = False,
        legendary: bool = False,
        restriction: Restriction | None = None,
        riders: Iterable[Rider] = (),
        duration: Duration = Duration.NORMAL,
        ability: str | None = None,
        multiplier: int = 1,
    ) -> tuple[Mana, ...]:
        """Add ``count`` new units of one type (or of one ``ManaKind``) and return them.

        ``source`` is what produced the mana (CR 106.3); ``snow`` and ``legendary`` say
        whether it was a snow / legendary permanent as the mana was produced (seed
        ruling 203.Ruling.3: later changes don't matter). ``restriction`` and
        ``riders`` come from the producing effect (106.6). ``multiplier`` applies a
        replacement effect that increases the mana (Mana Reflection: 2): every unit
        carries the same restriction and riders, so each has its own delayed trigger
        (106.6a). ``None`` is a type that can't be defined: nothing is added (106.5,
        Meteor Crater).

        >>> pool = ManaPool()
        >>> pool.add(None)
        ()
        >>> len(pool.add("G", 2, multiplier=2)), str(pool)
        (4, '{G}{G}{G}{G}')
        """
        if mana is None:
            return ()
        check_amount(count, "count")
        check_amount(multiplier, "multiplier")
        if isinstance(mana, ManaKind):
            if (
                source is not None or snow or legendary or restriction is not None
                or tuple(riders) or duration is not Duration.NORMAL
            ):  # fmt: skip
                raise MtgManaError("give either a ManaKind or the parts of one, not both")
            kind = mana
        else:
            kind = make_kind(
                mana_type_of(mana), source, snow, legendary, restriction, riders, duration
            )
        amount = count * multiplier
        if not amount:
            return ()
        added = [Mana(kind) for _ in range(amount)]
        self._insert(added)
        if self._subscribers:
            self._emit(ManaAdded(tuple(added), ability))
        return tuple(added)

    def add_symbols(
        self,
        mana: str | ManaCost | ManaSymbol,
        *,
        choose: Choice | None = None,
        source: Source | None = None,
        snow: bool = False,
        legendary: bool = False,
        restriction: Restriction | None = None,
        riders: Iterable[Rider] = (),
        duration: Duration = Duration.NORMAL,
        ability: str | None = None,
        multiplier: int = 1,
    ) -> tuple[Mana, ...]:
        """Add the mana that mana symbols represent ("Add {R}{R}{G}.").

        ``{W}`` adds one white mana, ``{C}`` one colorless; a generic symbol adds that
        much colorless mana (CR 106.10) and ``{S}`` one colorless (106.11; it is snow
        mana only if ``snow``: snow is not a type of mana, seed ruling 203.Ruling.4);
        a Phyrexian symbol adds one mana of its color (106.9). For a hybrid symbol the
        player chooses a half (106.8): ``choose`` maps a symbol's text to a half
        (``{"{2/W}": "2"}``) or is a function of the symbol; by default the first
        colored half. ``{2/W}`` with the generic half adds two colorless mana.
        ``{X}`` needs a value first (``ManaCost.choose_x``). Other keywords are as
        for :meth:`add`. One :class:`ManaAdded` event covers all of it.

        >>> pool = ManaPool()
        >>> _ = pool.add_symbols("{2/W}{W/U}{B/P}{S}", choose={"{2/W}": "2", "{W/U}": "U"})
        >>> str(pool)
        '{U}{B}{C}{C}{C}'
        """
        check_amount(multiplier, "multiplier")
        if isinstance(mana, ManaSymbol):
            symbols: tuple[ManaSymbol, ...] = (mana,)
        elif isinstance(mana, ManaCost):
            symbols = mana.symbols
        elif isinstance(mana, str):
            symbols = ManaCost.parse(mana).symbols
        else:
            raise MtgManaError(f"not mana symbols: {mana!r}")
        amounts: list[tuple[ManaType, int]] = []
        for symbol in symbols:
            amounts.extend(symbol_mana(symbol, choose))
        kinds: dict[ManaType, ManaKind] = {}
        added: list[Mana] = []
        for mana_type, amount in amounts:
            kind = kinds.get(mana_type)
            if kind is None:
                kind = kinds[mana_type] = make_kind(
                    mana_type, source, snow, legendary, restriction, riders, duration
                )
            added.extend(Mana(kind) for _ in range(amount * multiplier))
        if not added:
            return ()
        self._insert(added)
        if self._subscribers:
            self._emit(ManaAdded(tuple(added), ability))
        return tuple(added)

    def add_units(self, units: Iterable[Mana], *, ability: str | None = None) -> tuple[Mana, ...]:
        """Put existing units into this pool unchanged (uids, sources, restrictions
        and riders kept). Raises :class:`~mtgmana.MtgManaError`, changing nothing, if
        a unit is already here or listed twice."""
        items = tuple(units)
        seen: set[int] = set()
        for unit in items:
            if not isinstance(unit, Mana):
                raise MtgManaError(f"not a unit of mana: {unit!r}")
            if unit.uid in self._units or unit.uid in seen:
                raise MtgManaError(f"{unit} (uid {unit.uid}) is already in this pool")
            seen.add(unit.uid)
        if not items:
            return ()
        self._insert(items)
        if self._subscribers:
            self._emit(ManaAdded(items, ability))
        return items

    def double(
        self,
        *,
        source: Source | None = None,
        snow: bool = False,
        legendary: bool = False,
        ability: str | None = None,
    ) -> tuple[Mana, ...]:
        """Double the amount of each type of unspent mana (Doubling Cube; CR 701.10f:
        add as much of each type as there already is). The new mana has no
        restrictions or riders (CR 106.6 example: "{R}{G} of which can be spent on
        anything"). Its source is the doubling ability's source (CR 106.3), given as
        ``source`` (and whether it is snow / legendary); ``None`` if unknown.

        >>> from mtgmana.restrictions import spells
        >>> pool = ManaPool()
        >>> _ = pool.add_symbols("{R}{G}", restriction=spells(types={"Creature"}))
        >>> _ = pool.double(source=Source("a3", "Doubling Cube"))
        >>> print(pool)  # doctest: +NORMALIZE_WHITESPACE
        {R}{R}{G}{G} (one {R} only to cast creature spells;
        one {G} only to cast creature spells)
        """
        added: list[Mana] = []
        for mana_type, amount in self.by_type().items():
            kind = make_kind(mana_type, source, snow, legendary, None, (), Duration.NORMAL)
            added.extend(Mana(kind) for _ in range(amount))
        if not added:
            return ()
        self._insert(added)
        if self._subscribers:
            self._emit(ManaAdded(tuple(added), ability))
        return tuple(added)

    def _insert(self, units: Iterable[Mana]) -> None:
        by_uid = self._units
        by_kind = self._by_kind
        bucket: dict[int, Mana] = {}
        last: ManaKind | None = None
        for unit in units:
            kind = unit.kind
            if kind is not last:
                found = by_kind.get(kind)
                if found is None:
                    found = by_kind[kind] = {}
                bucket = found
                last = kind
            by_uid[unit.uid] = unit
            bucket[unit.uid] = unit

    # -- inspecting ----------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._units)

    def __iter__(self) -> Iterator[Mana]:
        return iter(tuple(self._units.values()))

    def __contains__(self, unit: object) -> bool:
        return isinstance(unit, Mana) and unit.uid in self._units

    @property
    def units(self) -> tuple[Mana, ...]:
        """Every unit, in the order added."""
        return tuple(self._units.values())

    def get(self, uid: int) -> Mana | None:
        """The unit with this ``uid``, or ``None``."""
        return self._units.get(uid)

    def count(
        self,
        mana_type: ManaType | str | None = None,
        *,
        restricted: bool | None = None,
        snow: bool | None = None,
        source: Source | None = None,
    ) -> int:
        """How many units match every given condition (``None``: any).

        >>> pool = ManaPool()
        >>> _ = pool.add("G", 2, snow=True)
        >>> _ = pool.add("G")
        >>> pool.count("G"), pool.count(snow=True), pool.count("R")
        (3, 2, 0)
        """
        wanted = None if mana_type is None else mana_type_of(mana_type)
        total = 0
        for kind, bucket in self._by_kind.items():
            if wanted is not None and kind.type is not wanted:
                continue
            if restricted is not None and (kind.restriction is not None) != restricted:
                continue
            if snow is not None and kind.snow != snow:
                continue
            if source is not None and kind.source != source:
                continue
            total += len(bucket)
        return total

    def by_type(self) -> dict[ManaType, int]:
        """The amount of each type present, in WUBRGC order."""
        totals = dict.fromkeys(MANA_TYPES, 0)
        for kind, bucket in self._by_kind.items():
            totals[kind.type] += len(bucket)
        return {t: n for t, n in totals.items() if n}

    def by_source(self) -> dict[Source | None, int]:
        """The amount from each source (``None``: unknown), in order of first unit."""
        totals: dict[Source | None, int] = {}
        for kind, bucket in self._by_kind.items():
            totals[kind.source] = totals.get(kind.source, 0) + len(bucket)
        return totals

    def by_kind(self) -> dict[ManaKind, int]:
        """The amount of each kind of mana (what a payment solver works with)."""
        return {kind: len(bucket) for kind, bucket in self._by_kind.items()}

    def units_of(self, kind: ManaKind) -> tuple[Mana, ...]:
        """The units of one kind, in the order added."""
        bucket = self._by_kind.get(kind)
        return tuple(bucket.values()) if bucket else ()

    def spendable(self, spend: Spend) -> tuple[Mana, ...]:
        """The units whose restrictions allow spending them on ``spend`` (CR 106.6)."""
        allowed = {
            kind
            for kind in self._by_kind
            if kind.restriction is None or kind.restriction.allows(spend)
        }
        return tuple(u for u in self._units.values() if u.kind in allowed)

    # -- spending -----------------------------------------------------------------

    def spend(self, units: Iterable[Mana], spend: Spend) -> tuple[Mana, ...]:
        """Spend these units on ``spend`` (CR 118.3a: paying mana removes it from the
        pool) and return them as they were in the pool.

        All or nothing: raises :class:`ManaNotInPool` if a unit isn't here (or is
        listed twice) and :class:`RestrictedManaError` if a unit's restriction
        forbids ``spend`` (106.6; for mana that pays for X pass ``spend.paying_x()``),
        in both cases changing nothing. Units are identified by ``uid``. Emits one
        :class:`ManaSpent` per unit, with its riders (106.6a). Spending nothing is
        allowed (118.3a: players can always pay 0 mana).
        """
        if not isinstance(spend, Spend):
            raise MtgManaError(f"describe what the mana is spent on with a Spend, not {spend!r}")
        by_uid = self._units
        found: list[Mana] = []
        seen: set[int] = set()
        for unit in units:
            if not isinstance(unit, Mana):
                raise MtgManaError(f"not a unit of mana: {unit!r}")
            uid = unit.uid
            current = by_uid.get(uid)
            if current is None or uid in seen:
                where = "listed twice" if current is not None else "not in the pool"
                raise ManaNotInPool(
                    f"{unit} (uid {uid}) is {where}; a player can't pay a cost without "
                    "the mana to pay it (CR 118.3)",
                    unit,
                )
            seen.add(uid)
            found.append(current)
        _check_restrictions(found, spend)
        by_kind = self._by_kind
        for unit in found:
            del by_uid[unit.uid]
            bucket = by_kind[unit.kind]
            del bucket[unit.uid]
            if not bucket:
                del by_kind[unit.kind]
        if self._subscribers:
            for unit in found:
                self._emit(ManaSpent(unit, spend, unit.kind.riders))
        return tuple(found)

    # -- losing mana ------------------------------------------------------------------

    def empty(self, ending: Ending | str) -> EmptyResult:
        """Empty the pool as ``ending`` ends (CR 106.4, 500.5) and return what happened.

        Under the current rules unspent mana is lost at every ending; under
        :data:`RULES_2008` only when a phase ends. Mana kept "until end of combat"
        stays until ``COMBAT`` or ``TURN``, "until end of turn" until ``TURN``.
        Retention effects keep mana (Upwelling, Omnath) or change it instead
        (Kruphix). With mana burn the player loses 1 life per mana lost
        (``life_lost``, for the engine to apply). Emits :class:`ManaConverted` and
        :class:`ManaLost`.
        """
        if isinstance(ending, str):
            try:
                ending = Ending(ending)
            except ValueError:
                raise MtgManaError(
                    f"{ending!r} is not an ending (step, phase, combat or turn)"
                ) from None
        elif not isinstance(ending, Ending):
            raise MtgManaError(f"not an ending: {ending!r}")
        if not self._rules.empties_at(ending):
            return EmptyResult(ending=ending)
        retention = self._retention
        result = self._lose(lambda t, d: fate_at(retention, t, d, ending), ending)
        if self._rules.mana_burn and result.lost:
            result = EmptyResult(result.lost, result.converted, len(result.lost), ending)
        if result.converted and self._subscribers:
            before, after = zip(*result.converted, strict=True)
            self._emit(ManaConverted(before, after, ending))
        if result.lost and self._subscribers:
            self._emit(ManaLost(result.lost, ending, result.life_lost))
        return result

    def lose_all(self) -> EmptyResult:
        """The player loses all unspent mana by an effect (Mana Short, Worldpurge).

        Retention "as steps and phases end" doesn't apply; conversion effects do
        ("If you would lose unspent mana, that mana becomes colorless instead"). No
        mana burn (it happened only as phases ended).
        """
        retention = self._retention
        result = self._lose(lambda t, d: fate_by_effect(retention, t, d), None)
        if result.converted and self._subscribers:
            before, after = zip(*result.converted, strict=True)
            self._emit(ManaConverted(before, after, None))
        if result.lost and self._subscribers:
            self._emit(ManaLost(result.lost, None, 0))
        return result

    def transfer_to(self, other: ManaPool, *, ability: str | None = None) -> tuple[Mana, ...]:
        """Drain Power (CR 106.13): this pool's player loses all unspent mana and
        ``other``'s player adds the mana lost this way, with the same units — sources,
        restrictions and riders unchanged. ``other`` may be this pool. Returns the
        units moved (a conversion effect on this pool keeps mana from being lost, and
        so from moving, as for :meth:`lose_all`)."""
        if not isinstance(other, ManaPool):
            raise MtgManaError(f"not a mana pool: {other!r}")
        if other is not self:
            for uid in self._units.keys() & other._units.keys():
                raise MtgManaError(f"{self._units[uid]} (uid {uid}) is already in the other pool")
        lost = self.lose_all().lost
        other.add_units(lost, ability=ability)
        return lost

    def _lose(
        self, fate_of: Callable[[ManaType, Duration], Fate], ending: Ending | None
    ) -> EmptyResult:
        result, self._by_kind = lose(self._units, self._by_kind, fate_of, ending)
        return result

    # -- announcing -------------------------------------------------------------------

    def announce(self) -> str:
        """What mana is in the pool, as a player announces it (CR 106.4a, 106.4b,
        118.3a): every unit's symbol in WUBRGC order, then what is special about
        some of it — restrictions, riders, snow, how long it lasts.

        >>> from mtgmana.restrictions import abilities
        >>> pool = ManaPool()
        >>> _ = pool.add_symbols("{C}{C}{U}", restriction=abilities())
        >>> _ = pool.add("U", snow=True, duration=Duration.UNTIL_END_OF_TURN)
        >>> print(pool.announce())  # doctest: +NORMALIZE_WHITESPACE
        {U}{U}{C}{C} (one {U} only to activate abilities; one {U} from a snow source,
        until end of turn; two {C} only to activate abilities)
        >>> ManaPool().announce()
        'no mana'
        """
        return announce(self._by_kind) if self._units else "no mana"

    def __str__(self) -> str:
        return self.announce()

    # -- JSON ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-friendly value that :meth:`from_json` reads back: the rules, the
        retention effects, each restriction once (``restrictions``), each kind of mana
        once (``kinds``, naming its restriction by number) and each unit as
        ``[uid, kind number]``, in the pool's order.

        >>> from mtgmana.restrictions import abilities
        >>> pool = ManaPool()
        >>> _ = pool.add("G", 2, source=Source("p1", "Forest"), restriction=abilities())
        >>> data = pool.to_json()
        >>> data["restrictions"]
        [{'ability': {}}]
        >>> data["kinds"]
        [{'type': 'G', 'source': {'id': 'p1', 'name': 'Forest'}, 'restriction': 0}]
        >>> [kind for uid, kind in data["units"]]
        [0, 0]
        """
        return _json.write(self._rules, self._retention, self._units.items())

    @classmethod
    def from_json(cls, data: Any) -> ManaPool:
        """The pool a :meth:`to_json` value describes. Everything is checked first;
        any problem raises :class:`~mtgmana.MtgManaError` naming where (e.g.
        ``kinds[3].type``) and no pool is built. Custom restrictions must be
        registered (:func:`~mtgmana.restrictions.register_custom`) before loading.
        Units keep their uids; units made later get higher ones."""
        rules, retention, units = _json.read(data)
        pool = cls(rules=rules, retention=retention)
        pool._insert(units)
        return pool

    def dumps(self, *, indent: int | None = None) -> str:
        """:meth:`to_json` as a JSON string."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=indent)

    @classmethod
    def loads(cls, text: str | bytes) -> ManaPool:
        """The pool saved in a JSON string (see :meth:`from_json`).

        >>> pool = ManaPool.loads(ManaPool().dumps())
        >>> pool
        ManaPool()
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise MtgManaError(f"a saved mana pool must be JSON text: {error}") from None
        return cls.from_json(data)

    def __repr__(self) -> str:
        if not self._units and not self._retention and self._rules == CURRENT_RULES:
            return "ManaPool()"
        return f"ManaPool.loads({self.dumps()!r})"


def _check_restrictions(found: list[Mana], spend: Spend) -> None:
    """Raise :class:`RestrictedManaError` for the first unit whose restriction
    forbids ``spend`` (CR 106.6; asked once per kind)."""
    verdicts: dict[ManaKind, bool] = {}
    for unit in found:
        restriction = unit.kind.restriction
        if restriction is None:
            continue
        allowed = verdicts.get(unit.kind)
        if allowed is None:
            allowed = verdicts[unit.kind] = bool(restriction.allows(spend))
        if not allowed:
            what = describe_spend(spend)
            raise RestrictedManaError(
                f"{unit} can be spent {restriction.text}, not on {what} (CR 106.6)", unit, spend
            )
