"""Mana sources resolved on each battlefield (CR 106, 107.3c, 602.5b, 605): every
mana ability the fast check models, compiled once into a :class:`ModalSource`
whose :meth:`~ModalSource.resolve` gives, on a battlefield's counts
(:mod:`._features`), the :class:`~._units.Mode` values one copy may use.

What an ability may depend on, read from its text once (:mod:`mtgmana.board.abilities`):

* **conditions** on the battlefield (CR 602.5b: Temple of the False God's "five or
  more lands", the Tainted lands' "a Swamp", Spire of Industry's "an artifact",
  Leafkin Druid's "four or more creatures", the Urza lands' "an Urza's Mine and an
  Urza's Power-Plant ... instead", River of Tears' "if you played a land this
  turn"), on its own counters, on facts of the game (as the simulation has them:
  :data:`~mtgmana.analysis.roles.SIM_FACTS`);
* **amounts** read from the battlefield (CR 107.3c: Cabal Coffers' Swamps,
  Nykthos' devotion, Selvala's greatest power, Gaea's Cradle's creatures, domain)
  or from the permanent (storage and charge counters, its power);
* **costs**: {T} or not, mana (Signets, filter lands, Nykthos), life, damage,
  sacrificing itself (Treasure), tapping or sacrificing other permanents
  (Springleaf Drum, The Golden Throne, Ashnod's Altar: a :class:`~._features.Pool`);
* **restrictions** on the mana (CR 106.6: Eldrazi Temple's {C}{C}, Vedalken
  Engineer's two mana of any one color).

**Resolved**, on a battlefield, a source is (:class:`Resolved`): the modes of its
{T} abilities (one per turn, CR 106.12, or none), the modes of abilities without
{T} that it may use once besides (sacrificing itself; removing its counters), and
the modes of abilities it may repeat as long as it has permanents to take
(Ashnod's Altar: one per creature). X is known there (CR 107.3c): "X mana in any
combination of colors" is X units each of any color, "{G} for each" X units of
{G}, "X mana of any one color" one mode per color, "for each color among
permanents you control" one unit of each color some permanent has (no unit for
the others, CR 106.5).

**What isn't modelled** (:func:`modal_source` returns ``None``, and the tapper
decides): triggered mana and replacement effects, {Q} untap abilities, abilities
without {T} that could be repeated with mana alone, discarding, a slot whose
types depend on other permanents' abilities (CR 106.7 "could produce", handled by
the reflecting sources of :mod:`._sources`), conditions on a permanent
entering this turn or on names.

**Resources** the simulation doesn't track
(:data:`~mtgmana.analysis.roles.SIM_ENERGY`, :data:`~mtgmana.analysis.roles.SIM_GRAVEYARD`):
energy (CR 122.1) and cards in the graveyard; "Exile this card from your hand" works
only from a hand (CR 113.6m). Abilities that need them make no mana on the
simulation's battlefields, as for the tapper there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Final, Literal

from ...board import Board, Permanent
from ...board.abilities import ActivationCost, Amount, DynamicSlot, ManaAbility, PermanentFilter
from ...board.conditions import Condition
from ...restrictions import Restriction
from ..roles import SIM_ENERGY, SIM_FACTS, SIM_GRAVEYARD, SIM_LIFE
from ._features import LAND_PLAYED, Feature, Pool, Test
from ._units import ANY, IDLE, PRODUCED, SPELL_ONLY, Mode, activation_demands, mask_of

__all__ = [
    "MAX_MODES",
    "ModalSource",
    "Resolved",
    "modal_source",
    "prune",
    "reads_battlefield",
]

MAX_MODES: Final = 64
"""The most modes one source may have on a battlefield (then the tapper decides)."""
_COLORS: Final = "WUBRG"
_BASIC_TYPES: Final = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_EACH: Final = {
    slot: (slot.name.split("_")[1], slot.name[-1])
    for slot in DynamicSlot
    if slot.name.startswith(("EACH_PERMANENT_", "EACH_MONOCOLORED_"))
}
"""The per-color slots that read the battlefield: (family, color letter)."""
_CONSTANT_SLOTS: Final = frozenset(
    {
        DynamicSlot.CHOSEN_COLOR,
        DynamicSlot.CHOSEN_COLORS,
        DynamicSlot.COMMANDER_COLORS,
        DynamicSlot.OPPONENT_LAND_COLORS,
        DynamicSlot.OPPONENT_LAND_TYPES,
        DynamicSlot.OPPONENT_BASIC_COLORS,
        DynamicSlot.OWN_COLORS,
        *(slot for slot in DynamicSlot if slot.name.startswith("EACH_CHOSEN_")),
    }
)
"""Slots whose types don't depend on the rest of the battlefield here."""
_CONSTANT_AMOUNTS: Final = frozenset(
    {"fixed", "power", "toughness", "own counters", "counters", "life", "graveyard",
     "life gained this turn", "cards drawn this turn"}
)  # fmt: skip
"""Amounts the permanent (or the simulation's constant state) decides."""


# -- amounts and slots ------------------------------------------------------------

_Slot = int | tuple[tuple[Feature, int], ...]
"""A slot: its type bits, or for a slot that reads the battlefield the bits each
count adds when not zero."""


@dataclass(frozen=True)
class _Count:
    """X: ``kind`` ``"fixed"`` (``plus``), ``"count"`` (the one feature's count),
    ``"greatest"`` (the greatest value whose feature counts some permanent),
    ``"types"`` (how many features count some permanent), plus ``plus``."""

    kind: Literal["fixed", "count", "greatest", "types"]
    features: tuple[tuple[Feature, int], ...] = ()
    plus: int = 0
    family: tuple[str, PermanentFilter] | None = None
    """``"greatest"`` and ``"types"`` over values: the attribute and filter its
    features count (completed by :meth:`ModalSource.completed`)."""

    def of(self, values: Mapping[Feature, int]) -> int:
        kind = self.kind
        if kind == "fixed":
            found = 0
        elif kind == "count":
            found = max(0, values[self.features[0][0]])
        elif kind == "greatest":
            found = max([0, *(v for f, v in self.features if values[f] > 0)])
        else:
            found = sum(1 for f, _ in self.features if values[f] > 0)
        return found + self.plus


@dataclass(frozen=True)
class _Part:
    """One way an activation adds mana: its slots, X when it repeats them, and the
    damage the source deals (a painland's colored mana, CR 106.12)."""

    slots: tuple[_Slot, ...]
    count: _Count | None = None
    damage: int = 0


@dataclass(frozen=True)
class _Ability:
    """A mana ability compiled: how it adds mana (``parts``: one of them) and what
    it takes (see the module)."""

    parts: tuple[_Part, ...]
    tap: bool
    demands: tuple[int, ...] = ()
    typed: bool = False
    life: int = 0
    test: Test | None = None
    restriction: Restriction | None = None
    consumes: tuple[tuple[Pool, int], ...] = ()
    sacrifices_itself: bool = False
    instead: bool = False
    """Its condition is half of an "instead" pair (decides the mana it makes, so
    what it could produce, CR 106.7), not a limit on activating it."""

    @property
    def types(self) -> int:
        """Every type bit it may make."""
        types = 0
        for part in self.parts:
            for slot in part.slots:
                types |= slot if isinstance(slot, int) else sum(bits for _, bits in slot)
        return types & ANY

    @property
    def repeatable(self) -> bool:
        """Used as often as it has permanents to take (no {T}, not itself)."""
        return not self.tap and not self.sacrifices_itself and bool(self.consumes)


@dataclass(frozen=True)
class Resolved:
    """A source on one battlefield (see the module): the modes of its {T}
    abilities (``tap``: one of them per turn — :data:`~._units.IDLE` among them
    when none is free), of its abilities used once besides (``once``: a group of
    modes each, one or none of each group) and of those repeated per permanent
    taken (``repeat``)."""

    tap: tuple[Mode, ...] = ()
    once: tuple[tuple[Mode, ...], ...] = ()
    repeat: tuple[Mode, ...] = ()

    @property
    def plain(self) -> tuple[int, ...] | None:
        """Its units when each of its groups is one plain mode (used always: more
        mana never makes a cost unpayable) and nothing is repeated (``()``: none)."""
        if self.repeat or len(self.tap) > 1:
            return None
        units: tuple[int, ...] = ()
        for group in (self.tap, *self.once):
            if len(group) > 1 or (group and not group[0].plain):
                return None
            if group:
                units += group[0].units
        return tuple(sorted(units))


NOTHING: Final = Resolved()


@dataclass(frozen=True)
class ModalSource:
    """A permanent's mana abilities compiled (see the module): ``features`` are the
    counts they read, ``own`` what the permanent itself adds to the features its
    "other" filters read (taken off for it), ``snow`` the bit its units carry,
    ``types`` every type bit it may make (for the land-drop policy)."""

    abilities: tuple[_Ability, ...]
    features: tuple[Feature, ...]
    own: tuple[tuple[Feature, int], ...]
    snow: int = 0
    types: int = 0

    @property
    def most_life(self) -> int:
        """The most life one use costs (paid or dealt as damage, CR 119.4, 106.12)."""
        return max(
            (a.life + max((p.damage for p in a.parts), default=0) for a in self.abilities),
            default=0,
        )

    @property
    def reads(self) -> bool:
        """Whether what it makes depends on the battlefield."""
        return bool(self.features) or any(
            part.count is not None and part.count.family is not None
            for a in self.abilities
            for part in a.parts
        )

    def varies(self, permanent: Permanent) -> bool:
        """Whether the types ``permanent`` (this source) could produce depend on
        the battlefield (CR 106.7: River of Tears' "instead" pair makes {U} or {B};
        Gaea's Cradle makes no mana without creatures; Cloudpost, a Locus itself,
        always makes {C})."""
        if len({a.types for a in self.abilities if a.instead}) > 1:
            return True
        alone = {f: f.weight(permanent) for f in self.features}
        for feature, weight in self.own:
            alone[feature] -= weight
        for ability in self.abilities:
            for part in ability.parts:
                if not all(isinstance(slot, int) for slot in part.slots):
                    return True
                count = part.count
                if count is not None and count.kind != "fixed" and count.of(alone) <= 0:
                    return True
        return False

    @property
    def sacrifice(self) -> Literal["never", "always", "sometimes"]:
        """Whether its abilities sacrifice itself: a permanent another cost
        sacrifices loses that mana (Treasure: ``"always"``)."""
        found = {a.sacrifices_itself for a in self.abilities}
        if found == {True}:
            return "always"
        return "sometimes" if True in found else "never"

    @property
    def taps(self) -> bool:
        """Whether an ability of it has {T} in its cost (another cost tapping it
        takes that mana, CR 302.6)."""
        return any(a.tap for a in self.abilities)

    @property
    def pools(self) -> tuple[Pool, ...]:
        """The pools its costs take from."""
        return tuple(dict.fromkeys(p for a in self.abilities for p, _ in a.consumes))

    @property
    def restrictions(self) -> tuple[Restriction, ...]:
        return tuple(
            dict.fromkeys(a.restriction for a in self.abilities if a.restriction is not None)
        )

    def completed(self, permanent: Permanent, others: Sequence[Permanent]) -> ModalSource:
        """Itself (``permanent``) with a count for each power (toughness) above zero
        of the permanents it may share a battlefield with (``others``: "the
        greatest power among ..." is one of those values or zero), and its ``own``
        weight in the features its "other" filters read."""
        abilities: list[_Ability] = []
        features = list(self.features)
        for ability in self.abilities:
            parts = []
            for part in ability.parts:
                count = part.count
                if count is not None and count.family is not None:
                    attribute, item = count.family
                    values = sorted({getattr(p, attribute) for p in (permanent, *others)})
                    pairs = tuple((Feature(attribute, item, value=v), v) for v in values if v > 0)  # type: ignore[arg-type]
                    features.extend(f for f, _ in pairs)
                    count = replace(count, features=pairs)
                parts.append(replace(part, count=count))
            abilities.append(replace(ability, parts=tuple(parts)))
        unique = tuple(dict.fromkeys(features))
        own = tuple(
            (f, f.weight(permanent))
            for f in unique
            if f.filter is not None and f.filter.other and f.weight(permanent)
        )
        return replace(self, abilities=tuple(abilities), features=unique, own=own)

    def resolve(self, values: Mapping[Feature, int]) -> Resolved:
        """The source on a battlefield whose counts are ``values`` (its own weight
        in them), dominated modes left out."""
        if self.own:
            adjusted = dict(values)
            for feature, weight in self.own:
                adjusted[feature] -= weight
            values = adjusted
        tap: list[Mode] = []
        once: list[tuple[Mode, ...]] = []
        repeat: list[Mode] = []
        for ability in self.abilities:
            if ability.test is not None and not ability.test.holds(values):
                continue
            modes = [m for part in ability.parts for m in self._modes(ability, part, values)]
            if not modes:
                continue
            if ability.tap:
                tap.extend(modes)
            elif ability.repeatable:
                repeat.extend(modes)
            else:
                once.append(tuple(dict.fromkeys(modes)))
        return Resolved(_prune_modes(tap), tuple(once), tuple(dict.fromkeys(repeat)))

    def _modes(self, ability: _Ability, part: _Part, values: Mapping[Feature, int]) -> list[Mode]:
        masks: list[int] = []
        for slot in part.slots:
            if isinstance(slot, int):
                mask = slot
            else:
                mask = 0
                for feature, bits in slot:
                    if values[feature] > 0:
                        mask |= bits
            if mask:  # a slot of no type makes no mana (CR 106.5)
                masks.append(mask)
        if part.count is not None:
            masks *= part.count.of(values)
        if not masks:
            return []
        restriction = ability.restriction
        # Restricted mana: spells only (region 3); made by an activation that costs
        # mana: region 1 (see ._units).
        shift = SPELL_ONLY if restriction is not None else PRODUCED if ability.demands else 0
        units = tuple(sorted((m << shift) | self.snow for m in masks))
        return [
            Mode(
                units,
                ability.demands,
                ability.typed,
                ability.life + part.damage,
                restriction,
                ability.consumes,
            )
        ]


def _prune_modes(modes: list[Mode]) -> tuple[Mode, ...]:
    """The {T} modes without repeats and without those another plain mode dominates
    (as many units, each of its types, for no more life); plain one-unit modes
    merged into one unit of their types (one activation: any of them, CR 106.12),
    costing the most life any of them costs; :data:`~._units.IDLE` first when
    no mode is free (a mode that costs mana or takes permanents may be left
    unused)."""
    plain = [m for m in modes if m.plain]
    others = [m for m in dict.fromkeys(modes) if not m.plain]
    kept: list[Mode] = []
    for mode in sorted(
        dict.fromkeys(_merged(plain)), key=lambda m: (-len(m.units), m.life, m.units)
    ):
        if not any(k.life <= mode.life and _covers(k.units, mode.units) for k in kept):
            kept.append(mode)
    if modes and not any(m.free for m in modes):
        kept.insert(0, IDLE)
    return (*kept, *others)


def _merged(plain: list[Mode]) -> list[Mode]:
    """The plain modes, those of one unit merged into one unit of their types
    costing the most life any of them costs."""
    singles = [m for m in plain if len(m.units) == 1]
    candidates = [m for m in plain if len(m.units) != 1]
    if singles:
        mask = 0
        for mode in singles:
            mask |= mode.units[0]
        candidates.append(Mode((mask,), life=max(m.life for m in singles)))
    return candidates


def prune(modes: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Unit tuples without repeats and without those another one dominates (its
    units can each be matched to a distinct unit of the other making all of its
    types: whatever it pays, the other pays)."""
    unique = sorted(set(modes), key=lambda mode: (-len(mode), mode))
    kept: list[tuple[int, ...]] = []
    for mode in unique:
        if not any(_covers(other, mode) for other in kept):
            kept.append(mode)
    return tuple(kept)


def _covers(big: tuple[int, ...], small: tuple[int, ...]) -> bool:
    """Whether each unit of ``small`` can be matched to a distinct unit of ``big``
    whose bits include its (Hall's condition over ``small``'s distinct masks)."""
    if len(small) > len(big):
        return False
    counts: dict[int, int] = {}
    for unit in small:
        counts[unit] = counts.get(unit, 0) + 1
    masks = list(counts)
    for size in range(1, len(masks) + 1):
        for chosen in combinations(masks, size):
            need = sum(counts[m] for m in chosen)
            have = sum(1 for unit in big if any(m & ~unit == 0 for m in chosen))
            if have < need:
                return False
    return True


# -- compiling ---------------------------------------------------------------------


def reads_battlefield(condition: Condition) -> bool:
    """Whether a condition looks at other permanents or at what happened on the
    battlefield (you control a Swamp, you played a land, formidable, same name,
    modified): a simulation's board decides it, not the card alone."""
    return bool(
        condition.permanents
        or condition.land_played
        or condition.total_power
        or condition.same_name
        or condition.modified
    )


class _Reader:
    """Reads one permanent's abilities into :class:`_Ability` values, collecting
    the features they read; ``None`` results mean "not modelled"."""

    def __init__(self, permanent: Permanent, context: Board) -> None:
        self.permanent = permanent
        self.context = context
        self.features: list[Feature] = []

    def feature(self, feature: Feature) -> Feature:
        self.features.append(feature)
        return feature

    def test(self, condition: Condition) -> Test | bool | None:
        """The condition as a :class:`Test` on counts; ``True``/``False`` when the
        permanent and the simulation's constant state decide it; ``None`` when it
        isn't modelled."""
        if condition.entered_this_turn or condition.same_name:
            return None
        permanent = self.permanent
        constant = permanent.counters >= condition.counters
        constant = constant and condition.facts <= SIM_FACTS
        constant = constant and (not condition.imprinted or permanent.imprinted)
        constant = constant and (not condition.modified or permanent.counters > 0)
        constant = constant and condition.designations <= permanent.designations
        needs: list[tuple[Feature, int]] = []
        for item, n in condition.permanents:
            needs.append((self.feature(Feature("match", item)), n))
        for item, n in condition.total_power:
            needs.append((self.feature(Feature("total power", item)), n))
        if condition.land_played:
            needs.append((self.feature(LAND_PLAYED), 1))
        if not constant:
            # Part of it fails for good: the whole fails (or, negated, holds).
            return condition.negated
        if not needs:
            return not condition.negated
        return Test(tuple(needs), condition.negated)

    def slot(self, slot: frozenset[object] | DynamicSlot) -> _Slot | None:
        """A slot's bits, or what it reads; ``None`` for a slot not modelled."""
        if not isinstance(slot, DynamicSlot):
            return mask_of(slot)
        each = _EACH.get(slot)
        if each is not None:
            family, letter = each
            kind = "color" if family == "PERMANENT" else "monocolored"
            feature = self.feature(Feature(kind, key=letter))  # type: ignore[arg-type]
            return ((feature, 1 << _COLORS.index(letter)),)
        if slot is DynamicSlot.PERMANENT_COLORS:  # Meteor Crater: the colors of your permanents
            return tuple(
                (self.feature(Feature("color", key=letter)), 1 << i)
                for i, letter in enumerate(_COLORS)
            )
        if slot in _CONSTANT_SLOTS:
            return mask_of(self.context.resolve_slot(slot, 0))
        return None

    def count(self, amount: Amount, slots: tuple[_Slot, ...]) -> _Count | None:
        """X of ``amount`` (``None``: not modelled)."""
        kind = amount.kind
        if kind in _CONSTANT_AMOUNTS:
            return _Count("fixed", plus=self._constant(amount) + amount.plus)
        if kind == "devotion":
            return self._devotion(amount, slots)
        item = amount.filter
        if item is None or item.attached or item.itself:
            return None
        if kind == "permanents":
            return _Count("count", ((self.feature(Feature("match", item)), 1),), amount.plus)
        if kind == "basic land types":
            pairs = tuple((self.feature(Feature("land type", item, t)), 1) for t in _BASIC_TYPES)
            return _Count("types", pairs, amount.plus)
        if kind in ("greatest power", "greatest toughness"):
            # One count per value, the values those of the permanents it may share
            # a battlefield with (ModalSource.completed).
            attribute = "power" if kind == "greatest power" else "toughness"
            return _Count("greatest", plus=amount.plus, family=(attribute, item))
        if kind == "different powers":
            return _Count("types", plus=amount.plus, family=("power", item))
        return None

    def _constant(self, amount: Amount) -> int:
        """The value of an amount the simulation's constant state decides (its
        ``plus`` aside): its life, its graveyard, the permanent alone."""
        kind = amount.kind
        if kind == "fixed":
            return amount.value
        if kind == "life":
            return SIM_LIFE
        if kind in ("graveyard", "life gained this turn", "cards drawn this turn"):
            return SIM_GRAVEYARD if kind == "graveyard" else 0
        return Board((self.permanent,)).count(0, kind, None, "")

    def _devotion(self, amount: Amount, slots: tuple[_Slot, ...]) -> _Count | None:
        """Devotion to the amount's colors, or to the color of the mana made
        (Nykthos: its slots must be constant)."""
        colors = amount.colors
        if not colors:
            bits = 0
            for slot in slots:
                if not isinstance(slot, int):
                    return None
                bits |= slot
            colors = "".join(c for i, c in enumerate(_COLORS) if bits >> i & 1)
        feature = self.feature(Feature("devotion", key=colors))
        return _Count("count", ((feature, 1),), amount.plus)

    def ability(self, ability: ManaAbility) -> _Ability | bool | None:
        """The ability compiled; ``False`` when it makes no mana on the simulation's
        battlefields; ``None`` when it isn't modelled."""
        cost = ability.cost
        usable = self._usable(ability)
        if usable is not True:
            return usable
        test: Test | None = None
        if ability.condition is not None:
            found = self.test(ability.condition)
            if found is None or found is False:
                return found
            if isinstance(found, Test):
                test = found
        consumes = _consumes(cost)
        if not _limited(ability, consumes):
            return None  # repeatable with mana alone
        found_demands = _demands(cost)
        if found_demands is None:
            return None
        demands, typed = found_demands
        parts = self._parts(ability)
        if parts is None:
            return None
        return _Ability(
            parts,
            cost.tap,
            demands,
            typed,
            cost.life,
            test,
            ability.restriction,
            consumes,
            cost.sacrifice_self,
            ability.condition is not None and not ability.condition.activation,
        )

    def _usable(self, ability: ManaAbility) -> bool | None:
        """Whether the ability's cost can be paid on the simulation's battlefields
        (``False``: never; ``None``: not modelled)."""
        cost = ability.cost
        if cost.untap or cost.discard or cost.discard_hand or ability.only_as_instant:
            return None
        if cost.energy > SIM_ENERGY or cost.exile_graveyard > SIM_GRAVEYARD:
            return False  # no energy, no graveyard (see the module)
        if cost.exile_from_hand:
            return False  # only from a hand (CR 113.6m)
        return cost.remove_counters <= self.permanent.counters  # as for the tapper

    def _parts(self, ability: ManaAbility) -> tuple[_Part, ...] | None:
        production = ability.production
        parts: list[_Part] = []
        for choice in production.choices:
            slots: list[_Slot] = []
            for item in choice.slots:
                found = self.slot(item)
                if found is None:
                    return None
                slots.append(found)
            count: _Count | None = None
            if production.per is not None:
                count = self.count(production.per, tuple(slots))
                if count is None:
                    return None
            parts.append(_Part(tuple(slots), count, choice.damage))
        return tuple(parts)


def _consumes(cost: ActivationCost) -> tuple[tuple[Pool, int], ...]:
    """The permanents other than itself the cost sacrifices or taps, by pool."""
    consumes: list[tuple[Pool, int]] = []
    for kind, taken in (("sacrifice", cost.sacrificed_others), ("tap", cost.tapped_others)):
        if taken is not None:
            item, n = taken
            consumes.append((Pool(kind, item), n))  # type: ignore[arg-type]
    return tuple(consumes)


def _demands(cost: ActivationCost) -> tuple[tuple[int, ...], bool] | None:
    """The demands of the cost's mana and whether they are typed (``None``: not
    modelled)."""
    if cost.mana is not None and cost.mana.has_mana_cost and cost.mana.mana_value:
        return activation_demands(cost.mana)
    return (), False


def _limited(ability: ManaAbility, consumes: tuple[tuple[Pool, int], ...]) -> bool:
    """Whether something other than mana limits the activations: {T}, sacrificing
    itself or others, once a turn, counters removed."""
    cost = ability.cost
    if cost.tap or cost.sacrifice_self or consumes or ability.once_per_turn:
        return True
    return bool(cost.remove_counters) or _counters(ability)


def _counters(ability: ManaAbility) -> bool:
    """Whether the ability removes "X" counters (a storage land's), once a turn by
    using them all."""
    per = ability.production.per
    return per is not None and per.kind == "counters"


def modal_source(permanent: Permanent, context: Board, snow: int) -> ModalSource | None:
    """``permanent``'s mana abilities compiled (see the module); ``None`` when one
    isn't modelled. ``context`` is the permanent and the opponent's permanents (for
    what their lands could produce); ``snow`` the bit its units carry."""
    if permanent.triggers or permanent.replacements or permanent.statics:
        return None
    reader = _Reader(permanent, context)
    abilities: list[_Ability] = []
    for ability in permanent.abilities:
        found = reader.ability(ability)
        if found is None:
            return None
        if found is not False:
            assert isinstance(found, _Ability)
            abilities.append(found)
    sacrificing = [a for a in abilities if a.sacrifices_itself]
    if len(sacrificing) > 1 and not all(a.tap for a in sacrificing):
        return None  # two ways to sacrifice itself, one without {T}
    types = 0
    for compiled in abilities:
        types |= compiled.types
    return ModalSource(tuple(abilities), tuple(dict.fromkeys(reader.features)), (), snow, types)
