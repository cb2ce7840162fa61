"""Mana sources whose mana depends on the rest of the battlefield, for the
simulation's fast check (:mod:`._sim_sources`, :mod:`._sim_payer`): "Add {G} for
each creature you control with defender" (Overgrown Battlement), "Add X mana in
any combination of colors, where X is the number of creatures you control with
defender" (Axebane Guardian), "For each color among permanents you control, add
one mana of that color" (Faeburrow Elder, Bloom Tender), "Add X mana of any one
color, where X is the greatest toughness among other creatures you control" (Arbor
Adherent), Gaea's Cradle, devotion (CR 700.5: Karametra's Acolyte), domain.

**Features.** What such an amount reads is a count the battlefield's key keeps
(:class:`Feature`): the permanents a filter names, devotion to some colors, the
permanents a filter names of each power or toughness, your permanents of each color
(CR 105.2) or monocolored ones (CR 105.2a), the permanents a filter names of each
basic land type. Each permanent adds its weight to each count, so that the key of a
battlefield (a sum) holds them.

**Resolved into units.** On a battlefield, X (CR 107.3c: defined by the text) is
known, and a source is a list of *modes* (:meth:`DynamicSource.modes`), each the
units one activation makes, as :func:`mtgmana.tapping.can_pay` makes them: a
choice's slots repeated X times, each slot any of its types — "X mana in any
combination of colors" is X units each of any color, "{G} for each" X units of
{G}, "for each color among permanents" one unit of each color some permanent has
(no unit for the others, CR 106.5), "X mana of any one color" one mode per color.
One mode is plain units (Hall's theorem decides); several are a choice the check
tries one by one, exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, combinations_with_replacement, product
from typing import Final

from ..abilities import Amount, DynamicSlot, ManaAbility, PermanentFilter
from ..battlefield import Board, Permanent, matches
from ..colors import Color
from ..conditions import Condition
from ..mana import ManaType

__all__ = ["DynamicSource", "Feature", "Resolver", "dynamic_source", "prune", "reads_battlefield"]

_BITS: Final = {ManaType.W: 1, ManaType.U: 2, ManaType.B: 4, ManaType.R: 8, ManaType.G: 16,
                ManaType.C: 32}  # fmt: skip
"""The unit bits of :mod:`._sim_sources` (W U B R G C)."""
_COLORS: Final = "WUBRG"
_BASIC_TYPES: Final = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_CONSTANT: Final = frozenset({"fixed", "power", "toughness", "own counters"})
_FILTERED: Final = frozenset(
    {"permanents", "greatest power", "greatest toughness", "basic land types"}
)
_EACH: Final = {
    slot: (slot.name.split("_")[1], slot.name[-1])
    for slot in DynamicSlot
    if slot.name.startswith(("EACH_PERMANENT_", "EACH_MONOCOLORED_"))
}
"""The per-color slots that read the battlefield: (family, color letter)."""
MAX_MODES: Final = 64
"""Combinations of modes tried at most on one battlefield (then the tapper decides)."""


@dataclass(frozen=True)
class Feature:
    """A count the battlefield's key keeps for board-dependent amounts (see the
    module): ``kind`` is ``"match"`` (permanents ``filter`` names), ``"devotion"``
    (mana symbols of ``key``'s colors in your permanents' mana costs, CR 700.5),
    ``"power"`` or ``"toughness"`` (permanents ``filter`` names with that much:
    ``value``), ``"color"`` (your permanents of color ``key``), ``"monocolored"``
    (your monocolored permanents of color ``key``) or ``"land type"`` (permanents
    ``filter`` names with basic land type ``key``)."""

    kind: str
    filter: PermanentFilter | None = None
    key: str = ""
    value: int = 0

    def weight(self, permanent: Permanent) -> int:
        """What one permanent adds to the count (as a permanent other than the
        source: "other" is the source's own adjustment, :attr:`DynamicSource.own`)."""
        kind = self.kind
        if kind in ("devotion", "color", "monocolored"):
            if permanent.controller != "you":
                return 0
            if kind == "devotion":  # CR 700.5, as mtgmana.battlefield.Board.count reads it
                wanted = set(self.key)
                return sum(1 for symbol in permanent.mana_cost if wanted & set(str(symbol.colors)))
            if permanent.zone != "battlefield":
                return 0
            if kind == "monocolored" and not permanent.colors.is_monocolored:
                return 0
            return 1 if Color.parse(self.key) in permanent.colors else 0
        assert self.filter is not None
        if not matches(self.filter, permanent, 1, None, "you", 0):
            return 0
        if kind == "match":
            return 1
        if kind == "power":
            return 1 if permanent.power == self.value else 0
        if kind == "toughness":
            return 1 if permanent.toughness == self.value else 0
        return 1 if self.key in permanent.subtypes else 0  # "land type"


_Slot = int | tuple[tuple[Feature, int], ...]
"""A slot: its type bits, or for a slot that reads the battlefield the bits each
count adds when not zero."""


@dataclass(frozen=True)
class _Count:
    """X: ``kind`` ``"fixed"`` (``plus``), ``"count"`` (the one feature's count),
    ``"greatest"`` (the greatest value whose feature counts some permanent) or
    ``"types"`` (how many features count some permanent), plus ``plus``."""

    kind: str
    features: tuple[tuple[Feature, int], ...] = ()
    plus: int = 0
    family: tuple[str, PermanentFilter] | None = None
    """``"greatest"``: the attribute and filter its features count."""

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
    """One choice of an ability: its slots, and X when it repeats them."""

    slots: tuple[_Slot, ...]
    count: _Count | None = None


@dataclass(frozen=True)
class DynamicSource:
    """A permanent whose {T} abilities make mana that depends on the battlefield:
    ``parts`` (each a way one activation makes mana), the ``features`` they read,
    ``own`` (what the permanent itself adds to the features its "other" filters
    read, taken off for it) and ``snow`` (the bit its units carry)."""

    parts: tuple[_Part, ...]
    features: tuple[Feature, ...]
    own: tuple[tuple[Feature, int], ...]
    snow: int = 0
    types: int = 0
    """Every type bit it may make (for the land-drop policy)."""

    def completed(self, permanent: Permanent, others: Sequence[Permanent]) -> DynamicSource:
        """Itself (``permanent``) with a count for each power (toughness) above zero
        of the permanents it may share a battlefield with (``others``: "the
        greatest power among ..." is one of those values or zero), and its ``own``
        weight in the features its "other" filters read."""
        parts: list[_Part] = []
        features = list(self.features)
        for part in self.parts:
            count = part.count
            if count is not None and count.family is not None:
                attribute, item = count.family
                values = sorted({getattr(p, attribute) for p in (permanent, *others)})
                pairs = tuple((Feature(attribute, item, value=v), v) for v in values if v > 0)
                features.extend(f for f, _ in pairs)
                count = replace(count, features=pairs)
            parts.append(replace(part, count=count))
        unique = tuple(dict.fromkeys(features))
        own = tuple(
            (f, f.weight(permanent))
            for f in unique
            if f.filter is not None and f.filter.other and f.weight(permanent)
        )
        return replace(self, parts=tuple(parts), features=unique, own=own)

    def modes(self, values: Mapping[Feature, int]) -> tuple[tuple[int, ...], ...]:
        """Its modes on a battlefield whose counts are ``values`` (its own weight in
        them), the dominated ones left out (see :func:`prune`)."""
        if self.own:
            adjusted = dict(values)
            for feature, weight in self.own:
                adjusted[feature] -= weight
            values = adjusted
        found: list[tuple[int, ...]] = []
        for part in self.parts:
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
                    masks.append(mask | self.snow)
            if not masks:
                continue
            if part.count is not None:
                masks *= part.count.of(values)
            if masks:
                found.append(tuple(sorted(masks)))
        return prune(found)


@dataclass
class Resolver:
    """The dynamic sources of a deck on battlefield keys (:mod:`._sim_payer`):
    ``sources`` (class, source), where the key keeps each feature (``offsets``),
    what the opponent's permanents add to each (``outside``), and the most units a
    key's field counts (``limit``)."""

    sources: list[tuple[int, DynamicSource]]
    offsets: dict[Feature, int]
    outside: dict[Feature, int]
    limit: int
    _modes: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict
    )

    def resolve(
        self, key: int, most: int, count: Callable[[int, int], int]
    ) -> tuple[tuple[int, ...], ...] | None:
        """The units the dynamic sources on board ``key`` make (``count(key, c)``
        copies of class ``c``), for each choice of their modes (one choice when
        each has one mode); ``None`` when there are more than :data:`MAX_MODES`
        choices or, with the board's ``most`` other units, more than ``limit``
        units (the tapper decides)."""
        values = {f: ((key >> off) & 255) + self.outside[f] for f, off in self.offsets.items()}
        fixed: list[int] = []
        choices: list[list[tuple[int, ...]]] = []
        total = 1
        for c, source in self.sources:
            n = count(key, c)
            if not n:
                continue
            modes = self._modes_of(c, source, values)
            if len(modes) == 1:
                fixed.extend(modes[0] * n)
            elif modes:
                # Each copy chooses on its own: which modes, not which copy (identical).
                picks = [sum(picked, ()) for picked in combinations_with_replacement(modes, n)]
                choices.append(picks)
                total *= len(picks)
                if total > MAX_MODES:
                    return None
        base = tuple(fixed)
        found = [base + sum(picked, ()) for picked in product(*choices)]
        if most + max(len(made) for made in found) > self.limit:
            return None
        return tuple(found)

    def _modes_of(
        self, c: int, source: DynamicSource, values: Mapping[Feature, int]
    ) -> tuple[tuple[int, ...], ...]:
        """The modes of class ``c`` on a board whose features are ``values`` (cached
        by the values it reads)."""
        read = tuple(values[f] for f in source.features)
        found = self._modes.get((c, read))
        if found is None:
            found = self._modes[(c, read)] = source.modes(values)
        return found


def prune(modes: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The modes without repeats and without those another mode dominates (its
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
    whose types include its (Hall's condition over ``small``'s distinct masks)."""
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


def _slot(
    slot: frozenset[ManaType] | DynamicSlot, context: Board, features: list[Feature]
) -> _Slot | None:
    """A slot's bits, or what it reads; ``None`` for a slot the check doesn't model."""
    if not isinstance(slot, DynamicSlot):
        return _mask(slot)
    each = _EACH.get(slot)
    if each is not None:
        family, letter = each
        feature = Feature("color" if family == "PERMANENT" else "monocolored", key=letter)
        features.append(feature)
        return ((feature, 1 << _COLORS.index(letter)),)
    if slot is DynamicSlot.PERMANENT_COLORS:  # Meteor Crater: the colors of your permanents
        pairs = []
        for i, letter in enumerate(_COLORS):
            feature = Feature("color", key=letter)
            features.append(feature)
            pairs.append((feature, 1 << i))
        return tuple(pairs)
    if slot in _CONSTANT_SLOTS:
        return _mask(context.resolve_slot(slot, 0))
    return None


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


def _mask(types: frozenset[ManaType]) -> int:
    bits = 0
    for t in types:
        bits |= _BITS[t]
    return bits


def _count(
    amount: Amount, permanent: Permanent, slots: tuple[_Slot, ...], features: list[Feature]
) -> _Count | None:
    """X of ``amount`` for ``permanent`` (``None``: not one the check models)."""
    kind = amount.kind
    if kind in _CONSTANT:
        value = amount.value if kind == "fixed" else Board((permanent,)).count(0, kind, None, "")
        return _Count("fixed", plus=value + amount.plus)
    if kind == "devotion":
        colors = amount.colors
        if not colors:  # devotion to the color of the mana made (Nykthos)
            if not all(isinstance(slot, int) for slot in slots):
                return None
            bits = 0
            for slot in slots:
                assert isinstance(slot, int)
                bits |= slot
            colors = "".join(c for i, c in enumerate(_COLORS) if bits >> i & 1)
        feature = Feature("devotion", key=colors)
        features.append(feature)
        return _Count("count", ((feature, 1),), amount.plus)
    item = amount.filter
    if kind not in _FILTERED or item is None or item.attached or item.itself:
        return None
    if kind == "permanents":
        feature = Feature("match", item)
        features.append(feature)
        return _Count("count", ((feature, 1),), amount.plus)
    if kind == "basic land types":
        pairs = tuple((Feature("land type", item, t), 1) for t in _BASIC_TYPES)
        features.extend(f for f, _ in pairs)
        return _Count("types", pairs, amount.plus)
    # The greatest power (toughness): one count per value, the values those of the
    # permanents it may share a battlefield with (DynamicSource.completed).
    attribute = "power" if kind == "greatest power" else "toughness"
    return _Count("greatest", plus=amount.plus, family=(attribute, item))


def dynamic_source(permanent: Permanent, context: Board, snow: int) -> DynamicSource | None:
    """``permanent`` (some ability of which makes an amount of mana or reads the
    battlefield) as a :class:`DynamicSource` when every ability is one the check
    models: {T} alone as its cost, no restriction or damage, a condition that
    doesn't look at the battlefield (``context``: the permanent and the opponent's
    lands); ``None`` otherwise. "The greatest power (toughness)" needs
    :meth:`DynamicSource.completed`."""
    if permanent.triggers or permanent.replacements or permanent.statics:
        return None
    features: list[Feature] = []
    parts: list[_Part] = []
    for ability in permanent.abilities:
        if not _plain_tap(ability):
            return None
        condition = ability.condition
        if condition is not None:
            if reads_battlefield(condition):
                return None
            if not context.holds(0, condition):
                continue
        production = ability.production
        per = production.per
        for choice in production.choices:
            if choice.damage:
                return None
            slots: list[_Slot] = []
            for item in choice.slots:
                found = _slot(item, context, features)
                if found is None:
                    return None
                slots.append(found)
            count: _Count | None = None
            if per is not None:
                count = _count(per, permanent, tuple(slots), features)
                if count is None:
                    return None
            parts.append(_Part(tuple(slots), count))
    types = 0
    for part in parts:
        for slot in part.slots:
            types |= slot if isinstance(slot, int) else sum(bits for _, bits in slot)
    return DynamicSource(tuple(parts), tuple(dict.fromkeys(features)), (), snow, types)


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


def _plain_tap(ability: ManaAbility) -> bool:
    """Whether the ability costs {T} and nothing else, and its mana may be spent on
    anything."""
    cost = ability.cost
    if not cost.tap or ability.restriction is not None:
        return False
    if cost.mana is not None and cost.mana.has_mana_cost and cost.mana.mana_value:
        return False
    return not (
        cost.untap
        or cost.life
        or cost.sacrifice_self
        or cost.sacrifice
        or cost.tap_other
        or cost.remove_counters
        or cost.exile_from_hand
        or cost.energy
        or cost.discard
        or cost.exile_graveyard
        or cost.discard_hand
    )
