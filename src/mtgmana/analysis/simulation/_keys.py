"""The battlefield key of the simulation's fast check (:mod:`._payer`): one
integer, the sum of what each permanent adds, in fixed-width fields laid out once
per deck by :func:`key_layout` into a frozen :class:`KeyLayout`.

Fields, from the lowest (each :data:`WIDTH` bits; a field's top bit is its guard):

* the **histogram**: for each unit mask of the deck's simple sources, how many
  units the battlefield has;
* the **reach**: for each union of demands the deck's costs need (the ``fields``),
  the units with a type in it — so ``(reach + offset) & guard == guard`` tests
  Hall's condition for a cost at once (:mod:`._view`);
* **counts** of the other classes (restricted, reflecting, modal, static, exotic)
  and of the classes other permanents' costs may tap or sacrifice (partners);
* for reflecting sources, how many lands could produce each type (CR 106.7);
* the **features** the modal sources read (:class:`~._features.Feature`);
* the **life** the sources' uses may cost, at most.

A board is cached under its *canonical* key (:meth:`KeyLayout.canon`): without the
histogram when only the reach matters, without the type counts and features when
no source reads them, without the partner counts when no cost takes permanents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from ...board import Permanent
from ._features import CONVOKE, IMPROVISE, LAND_PLAYED, Feature, Pool
from ._sources import SourceClass
from ._units import GENERIC, LETTER_BITS, ROOT, SpellCost, types_of
from ._view import hall_pairs

__all__ = ["MAX_ATOMS", "TAPPED_BY_SPELLS", "WIDTH", "KeyLayout", "key_layout", "partner_classes"]

WIDTH: Final = 8
"""Bits of a field."""
MAX_ATOMS: Final = 12
"""The most distinct demands a cost may have for Hall's condition on the reach
(more: the tapper decides)."""
_COUNTED: Final = frozenset({"restricted", "reflecting", "modal", "static", "exotic"})


@dataclass(frozen=True)
class KeyLayout:
    """Where each part of a battlefield key is (see the module)."""

    fields: tuple[int, ...]
    """The reach's unions of demands, in field order."""
    unchecked: frozenset[int]
    """Costs with too many distinct demands for the reach."""
    masks: tuple[int, ...]
    """The simple sources' unit masks, in histogram order."""
    mask_offset: dict[int, int]
    reach_offset: int
    reach_mask: int
    guard: int
    units_offset: int
    """Where the key counts its units (the reach of a generic demand)."""
    count_offset: dict[int, int]
    """The count field of each class that has one."""
    type_offsets: tuple[int, ...]
    """How many lands could produce W U B R G C (reflecting sources only)."""
    feature_offset: dict[Feature, int]
    life_offset: int
    histogram: int
    """The key's histogram bits."""
    special: int
    """The key's bits that, when set, make it more than one-mana sources."""
    keep: int
    """The key's bits that, when set, make its histogram (and partner counts) matter."""
    reflect: int
    """The key's bits that, when set, make the type counts and features matter."""
    types_mask: int
    """The type counts and features: what a permanent adds even tapped."""
    partners: int
    """The partner counts (kept only with :attr:`keep`)."""
    land_played: int
    """What a land drop adds (the "land played" feature, when a source reads it)."""
    increments: tuple[int, ...]
    """What a permanent of each class adds to a key."""
    keeps_features: bool = False
    """Some cost is reduced by what the battlefield holds: the features always matter."""
    keeps_partners: bool = False
    """Some cost may tap the battlefield's creatures or artifacts (convoke,
    improvise): with them, the whole key matters (:attr:`keep` has their counts)."""

    @property
    def canonical_types(self) -> int:
        """The bits that matter when :attr:`keep` is clear."""
        return self.all_bits & ~self.histogram & ~self.partners

    @property
    def canonical(self) -> int:
        """The bits that matter when :attr:`keep` and :attr:`reflect` are clear."""
        if self.keeps_features:
            return self.canonical_types
        return self.canonical_types & ~self.types_mask

    def feature_values(self, key: int, outside: dict[Feature, int]) -> dict[Feature, int]:
        """The features' counts on board ``key`` (with the opponent's permanents')."""
        return {
            f: ((key >> off) & 255) + outside.get(f, 0) for f, off in self.feature_offset.items()
        }

    @property
    def all_bits(self) -> int:
        return (1 << (self.life_offset + WIDTH)) - 1

    def canon(self, key: int) -> int:
        """The key a board is cached under (see the module)."""
        if key & self.keep:
            return key
        return key & (self.canonical_types if key & self.reflect else self.canonical)

    def count(self, key: int, c: int) -> int:
        """How many permanents of class ``c`` the key counts (it has a count field)."""
        return (key >> self.count_offset[c]) & 255

    def field_index(self, union: int) -> int:
        return self.fields.index(union)


def _unions(classes: Sequence[SourceClass], costs: Sequence[SpellCost]) -> tuple[
    list[int], frozenset[int]
]:  # fmt: skip
    """The reach's fields: every union of the spells' own demands (with the demand
    only units made without mana pay, when activations cost mana)."""
    unions: set[int] = {GENERIC}
    unchecked: set[int] = set()
    rooted = {ROOT} if any(c.kind == "modal" for c in classes) else set()
    for s, spell in enumerate(costs):
        for demands, _ in spell.variants or ():
            atoms = sorted({d for d in demands if d != GENERIC} | rooted)
            if len(atoms) > MAX_ATOMS:
                unchecked.add(s)
                continue
            for union, _need in hall_pairs(tuple(atoms)):
                unions.add(union)
    return sorted(unions), frozenset(unchecked)


TAPPED_BY_SPELLS: Final = {"convoke": CONVOKE, "improvise": IMPROVISE}
"""The permanents a spell's convoke or improvise taps (CR 702.51a, 702.126a)."""


def partner_classes(
    classes: Sequence[SourceClass], costs: Sequence[SpellCost] = ()
) -> dict[Pool, tuple[int, ...]]:
    """For each pool some class's costs (or a spell's convoke or improvise) take
    from, the classes it may take."""
    wanted: list[Pool] = []
    for source in classes:
        if source.modal is not None and source.kind == "modal":
            wanted.extend(source.modal.pools)
    spells = [TAPPED_BY_SPELLS[spell.taps] for spell in costs if spell.taps]
    pools = {
        pool: tuple(c for c, other in enumerate(classes) if pool.admits(other.template))
        for pool in dict.fromkeys(wanted)
    }
    for pool in dict.fromkeys(spells):
        if pool not in pools:  # what its own mana pays, tapping it for the spell pays
            pools[pool] = tuple(
                c
                for c, other in enumerate(classes)
                if pool.admits(other.template) and not _pays_as_much(other, pool)
            )
    return pools


def _pays_as_much(source: SourceClass, pool: Pool) -> bool:
    """Whether a simple source's own mana pays whatever tapping it for a spell's
    convoke (``pool`` is :data:`CONVOKE`: a mana of its colors or generic) or
    improvise (generic) pays (CR 702.51a, 702.126a)."""
    if source.kind != "simple" or not source.units:
        return False
    if pool is not CONVOKE:
        return True
    colors = source.template.colors
    wanted = sum(LETTER_BITS[str(c)] for c in colors)
    return any(types_of(u) & wanted == wanted for u in source.units)


class _Fields:
    """Fields handed out from the lowest bit up."""

    def __init__(self) -> None:
        self.next = 0

    def take(self, n: int = 1) -> int:
        offset = self.next
        self.next += WIDTH * n
        return offset


def key_layout(
    classes: Sequence[SourceClass],
    costs: Sequence[SpellCost],
    opponent: Sequence[Permanent],
    *,
    track_life: bool,
) -> KeyLayout:
    """The key layout for a deck's source classes and costs (see the module)."""
    fields, unchecked = _unions(classes, costs)
    index = {u: i for i, u in enumerate(fields)}
    out = _Fields()
    masks = _unit_masks(classes)
    mask_offset = {m: out.take() for m in masks}
    histogram = (1 << out.next) - 1
    reach_offset = out.take(len(fields))
    guard = sum(128 << (WIDTH * i) for i in range(len(fields))) << reach_offset
    reach_mask = ((1 << (WIDTH * len(fields))) - 1) << reach_offset
    counts = _Counts(classes, costs, out)
    type_offsets: tuple[int, ...] = ()
    if any(source.kind == "reflecting" for source in classes):
        type_offsets = tuple(out.take() for _ in range(6))
    feature_offset: dict[Feature, int] = {}
    for feature in _features(classes, costs):
        if feature not in feature_offset:
            feature_offset[feature] = out.take()
    life_offset = out.take()
    types_mask = sum(255 << off for off in (*type_offsets, *feature_offset.values()))
    layout = KeyLayout(
        fields=tuple(fields),
        unchecked=unchecked,
        masks=tuple(masks),
        mask_offset=mask_offset,
        reach_offset=reach_offset,
        reach_mask=reach_mask,
        guard=guard,
        units_offset=reach_offset + WIDTH * index[GENERIC],
        count_offset=counts.offset,
        type_offsets=type_offsets,
        feature_offset=feature_offset,
        life_offset=life_offset,
        histogram=histogram,
        special=counts.special,
        keep=counts.keep,
        reflect=counts.reflect,
        types_mask=types_mask,
        partners=counts.partners,
        land_played=(1 << feature_offset[LAND_PLAYED]) if LAND_PLAYED in feature_offset else 0,
        increments=(),
        keeps_features=any(spell.reducing for spell in costs),
        keeps_partners=any(spell.taps for spell in costs),
    )
    increments = tuple(
        _increment(layout, source, c, track_life, index) for c, source in enumerate(classes)
    )
    return _with_increments(layout, increments)


def _unit_masks(classes: Sequence[SourceClass]) -> list[int]:
    """The distinct units of the simple and restricted classes, in order (each gets
    a field of the histogram)."""
    masks: list[int] = []
    for source in classes:
        if source.kind in ("simple", "restricted"):
            for unit in source.units:
                if unit not in masks:
                    masks.append(unit)
    return masks


class _Counts:
    """The count fields of the classes counted (and of the partners some cost may
    take), and the masks over them: ``special`` (counted, not restricted),
    ``keep`` (their units matter), ``reflect`` (reading the battlefield) and
    ``partners``."""

    def __init__(
        self, classes: Sequence[SourceClass], costs: Sequence[SpellCost], out: _Fields
    ) -> None:
        pools = partner_classes(classes, costs)
        partners = {c for members in pools.values() for c in members}
        self.offset: dict[int, int] = {}
        self.special = self.keep = self.reflect = self.partners = 0
        has_modal = any(source.kind == "modal" for source in classes)
        for c, source in enumerate(classes):
            if source.kind in _COUNTED:
                self.offset[c] = offset = out.take()
                self._counted(source, offset, has_modal=has_modal)
            elif c in partners:
                self.offset[c] = offset = out.take()
                self.partners |= 255 << offset
        if any(spell.taps for spell in costs):
            self.keep |= self.partners  # convoke and improvise take them: the units matter

    def _counted(self, source: SourceClass, offset: int, *, has_modal: bool) -> None:
        """The masks a counted class's field at ``offset`` belongs to."""
        bits = 255 << offset
        if source.kind != "restricted":
            self.special |= bits
        if source.kind == "reflecting" or (source.kind == "modal" and _reads(source)):
            self.reflect |= bits
        # Hall's condition over the units themselves: exotic sources, typed
        # activation costs, restricted mana with activations, costs taking others.
        if (
            source.kind == "exotic"
            or _needs_units(source)
            or (source.kind == "restricted" and has_modal)
        ):
            self.keep |= bits


def _features(classes: Sequence[SourceClass], costs: Sequence[SpellCost]) -> list[Feature]:
    """The features the modal sources and the costs' reductions read."""
    found: list[Feature] = []
    for source in classes:
        if source.kind == "modal" and source.modal is not None:
            found.extend(source.modal.features)
    for spell in costs:
        for reducing in spell.reducing:
            if reducing.feature is not None:
                found.append(reducing.feature)
            if reducing.test is not None:
                found.extend(f for f, _ in reducing.test.needs)
    return found


def _reads(source: SourceClass) -> bool:
    return source.modal is not None and bool(source.modal.features)


def _needs_units(source: SourceClass) -> bool:
    """Whether a modal class's modes need Hall's condition over the units
    themselves (activation costs other than {1}, restricted mana, costs that take
    permanents)."""
    modal = source.modal
    if modal is None or source.kind != "modal":
        return False
    return any(a.typed or a.consumes or a.restriction is not None for a in modal.abilities)


def _with_increments(layout: KeyLayout, increments: tuple[int, ...]) -> KeyLayout:
    return replace(layout, increments=increments)


def hit(layout: KeyLayout, unit: int) -> int:
    """What one unit adds to the reach."""
    found = 0
    for i, union in enumerate(layout.fields):
        if union & unit:
            found |= 1 << (WIDTH * i)
    return found << layout.reach_offset


def _increment(
    layout: KeyLayout, source: SourceClass, c: int, track_life: bool, index: dict[int, int]
) -> int:
    total = (source.life << layout.life_offset) if track_life else 0
    if source.kind in ("simple", "restricted"):
        for unit in source.units:
            total += hit(layout, unit) + (1 << layout.mask_offset[unit])
    if c in layout.count_offset:
        total += 1 << layout.count_offset[c]
    for feature, off in layout.feature_offset.items():
        total += feature.weight(source.template) << off
    if layout.type_offsets and source.is_land and source.kind != "exotic":
        # What it could produce (CR 106.7); a reflecting one, by its other abilities.
        made = source.produces
        if source.kind == "reflecting":
            made = source.units[0] if source.units else 0
        for t in range(6):
            if made >> t & 1:
                total += 1 << layout.type_offsets[t]
    return total
