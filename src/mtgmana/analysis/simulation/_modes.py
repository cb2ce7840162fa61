"""The modal sources of one battlefield of the simulation's fast check
(:mod:`._payer`): each resolved on the board's counts (:mod:`._modal`) —
plain ones into more reach, the others into groups of modes; the permanents other
permanents' costs may tap or sacrifice (:class:`~._features.Pool`: a tapped
one makes nothing, a sacrificed one is used first); those a spell's convoke or
improvise may tap (CR 702.51a, 702.126a); and the combinations of the groups'
modes (:mod:`._view`), with a relaxation of them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from math import comb
from typing import Final

from ...colors import ManaType
from ._decide import Hall
from ._features import CONVOKE, Feature, Pool
from ._keys import KeyLayout
from ._modal import Resolved
from ._sources import SourceClass
from ._units import (
    ACTIVATION,
    GENERIC,
    IDLE,
    ONLY_GENERIC,
    ROOT,
    SNOW,
    Mode,
    mask_of,
    spell_only,
    types_of,
)
from ._view import Combo, combo_of, consumption_ok, partner

__all__ = ["MAX_COMBINATIONS", "MAX_UNITS", "BoardModes", "Group", "ModalBoard"]

MAX_COMBINATIONS: Final = 4096
"""The most combinations of modes tried on one board (then the tapper decides)."""
MAX_UNITS: Final = 120
"""The most units a board's key counts in a field (beyond, the tapper decides)."""
_COLORS: Final = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G)
_TAPPED: Final = 1 << 20
"""The group of a permanent without {T} abilities that other costs may tap."""

Group = tuple[tuple[Mode, ...], int]
"""Modes one of which each of ``n`` copies uses."""
_Groups = dict[tuple[int, int], tuple[list[Mode], int]]


@dataclass(frozen=True)
class ModalBoard:
    """The modal sources of one board: the plain units they add, the units of
    partners taken out of the reach (they are in ``groups`` now), the groups of
    modes, how many permanents each sacrifice pool may take after using them, and
    whether some were left out (see :attr:`~._view.View.uncertain`)."""

    units: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()
    groups: tuple[Group, ...] = ()
    capacity: tuple[tuple[Pool, int], ...] = ()
    uncertain: bool = False


_NO_MODAL: Final = ModalBoard()


class BoardModes:
    """The modal sources of a deck on its battlefields (see the module): the
    classes, the pools their costs take from, the key's layout and Hall's tables."""

    def __init__(
        self,
        classes: Sequence[SourceClass],
        pools: dict[Pool, tuple[int, ...]],
        layout: KeyLayout,
        hall: Hall,
        outside: dict[Feature, int],
    ) -> None:
        self.classes = classes
        self.pools = pools
        self.layout = layout
        self.hall = hall
        self.outside = outside
        self.modal = [c for c, source in enumerate(classes) if source.kind == "modal"]
        self._reads: dict[int, tuple[tuple[int, int], ...]] = {}
        """Per modal class, where the key counts each feature it reads, and what the
        opponent's permanents add to it."""
        for c in self.modal:
            modal = classes[c].modal
            assert modal is not None
            self._reads[c] = tuple(
                (layout.feature_offset[f], outside.get(f, 0)) for f in modal.features
            )
        self._pool_order = {pool: i for i, pool in enumerate(pools)}
        self._read_mask = self._reads_of_key()
        """The key's bits the modal board reads (boards the same there share it)."""
        self._boards: dict[tuple[int, Pool | None], ModalBoard | None] = {}
        self._resolved: dict[tuple[int, tuple[int, ...]], Resolved] = {}
        self._combos: dict[tuple[object, ...], list[Combo] | None] = {}
        self._uppers: dict[tuple[Group, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def _reads_of_key(self) -> int:
        """The key's fields :meth:`_modal_board` reads: the counts of the modal
        classes and of the classes in the pools, the features the modal read."""
        offsets = {self.layout.count_offset[c] for c in self.modal}
        offsets.update(off for reads in self._reads.values() for off, _ in reads)
        offsets.update(
            self.layout.count_offset[c]
            for classes in self.pools.values()
            for c in classes
            if c in self.layout.count_offset
        )
        return sum(255 << off for off in offsets)

    def count(self, key: int, c: int) -> int:
        return (key >> self.layout.count_offset[c]) & 255

    def board(self, key: int, tapped: Pool | None = None) -> ModalBoard | None:
        """The modal sources of board ``key`` (see :class:`ModalBoard`), with the
        permanents a spell may tap (``tapped``); ``None`` when they make more than a
        key can count. Cached by the part of the key they read."""
        if not self.modal and tapped is None:
            return _NO_MODAL
        read = (key & self._read_mask, tapped)
        if read in self._boards:
            return self._boards[read]
        found = self._boards[read] = self._modal_board(read[0], tapped)
        return found

    def resolved(self, c: int, key: int) -> Resolved:
        """Modal class ``c`` on board ``key`` (cached by the counts it reads)."""
        read = tuple(((key >> off) & 255) + outside for off, outside in self._reads[c])
        found = self._resolved.get((c, read))
        if found is None:
            modal = self.classes[c].modal
            assert modal is not None
            values = dict(zip(modal.features, read, strict=True))
            found = self._resolved[(c, read)] = modal.resolve(values)
        return found

    def _modal_board(self, key: int, tapped: Pool | None = None) -> ModalBoard | None:
        """The modal sources of board ``key`` (see :class:`ModalBoard`), with the
        permanents a spell may tap (``tapped``); ``None`` when they make more than a
        key can count."""
        count = self.count
        plain: dict[int, tuple[int, ...]] = {}
        groups: dict[tuple[int, int], tuple[list[Mode], int]] = {}
        repeat: list[Mode] = []
        for c in self.modal:
            n = count(key, c)
            if not n:
                continue
            resolved = self.resolved(c, key)
            units = resolved.plain
            if units is not None:
                plain[c] = units
                continue
            if resolved.tap:
                groups[(c, 0)] = (list(resolved.tap), n)
            for k, once in enumerate(resolved.once):
                groups[(c, k + 1)] = ([IDLE, *once], n)
            repeat.extend(m for m in resolved.repeat if m not in repeat)
        if sum(len(units) * count(key, c) for c, units in plain.items()) > MAX_UNITS:
            return None
        if groups or repeat or tapped:
            return self._partners(key, plain, groups, repeat, tapped)
        return ModalBoard(_times(plain, key, count)) if plain else _NO_MODAL

    def _partners(
        self,
        key: int,
        plain: dict[int, tuple[int, ...]],
        groups: dict[tuple[int, int], tuple[list[Mode], int]],
        repeat: list[Mode],
        tapped: Pool | None = None,
    ) -> ModalBoard | None:
        """The board's modal sources with the permanents other costs may take (see
        the module): capacity for those sacrificed after use, a partner mode for
        the others; a mode paying the spell for those its convoke or improvise may
        tap (``tapped``)."""
        wanted = _wanted(groups, repeat)
        removed: list[int] = []
        capacity: dict[Pool, int] = dict.fromkeys(wanted, 0)
        uncertain = False
        for pool in sorted(wanted, key=self._pool_order.__getitem__):
            for c, n in self._on_board(key, pool):
                found = self._partner(pool, c, n, groups, plain, removed, capacity)
                if found is None:
                    return None
                uncertain = uncertain or found
        if tapped is not None:
            for c, n in self._on_board(key, tapped):
                if not self._spell_taps(tapped, c, n, groups, plain, removed):
                    return None
        if repeat:
            _add_repeat(groups, repeat, capacity)
        result = tuple((tuple(modes), n) for _, (modes, n) in sorted(groups.items()))
        return ModalBoard(_times(plain, key, self.count), tuple(removed), result,
                      tuple(sorted(capacity.items(), key=self._order)), uncertain)  # fmt: skip

    def _on_board(self, key: int, pool: Pool) -> list[tuple[int, int]]:
        """The classes ``pool`` may take that are on the board (counted in the
        key), with their numbers."""
        found = []
        for c in self.pools.get(pool, ()):
            n = self.count(key, c) if c in self.layout.count_offset else 0
            if n:
                found.append((c, n))
        return found

    def _order(self, item: tuple[Pool, int]) -> int:
        return self._pool_order[item[0]]

    def _partner(
        self,
        pool: Pool,
        c: int,
        n: int,
        groups: dict[tuple[int, int], tuple[list[Mode], int]],
        plain: dict[int, tuple[int, ...]],
        removed: list[int],
        capacity: dict[Pool, int],
    ) -> bool | None:
        """Class ``c`` (``n`` on the board) as permanents ``pool`` may take: each
        copy taken either after its own use (capacity: a sacrificed permanent that
        doesn't sacrifice itself, a tapped one without {T} abilities) or instead of
        it (a partner mode). Returns whether it was left out (the combinations are
        then a lower bound), ``None`` when it can't be modelled."""
        source = self.classes[c]
        modal = source.modal
        own = groups.get((c, 0))
        if modal is None:
            return None
        if pool.kind == "sacrifice" and modal.sacrifice == "never":
            if own is not None and any(m.costs for m in own[0]):
                return True  # used in an order with others before it is sacrificed
            capacity[pool] += n
            return False
        if pool.kind == "tap" and not modal.taps:
            # Tapping it takes none of its mana, but a permanent is tapped once.
            groups.setdefault((c, _TAPPED), ([IDLE], n))[0].append(partner(pool))
            return False
        if pool.kind == "sacrifice" and modal.sacrifice != "always":
            return True
        return self._instead(pool, c, n, groups, plain, removed)

    def _instead(
        self,
        pool: Pool,
        c: int,
        n: int,
        groups: dict[tuple[int, int], tuple[list[Mode], int]],
        plain: dict[int, tuple[int, ...]],
        removed: list[int],
    ) -> bool | None:
        """Class ``c`` given a partner mode: each copy taken by ``pool`` instead of
        making its mana (``None`` when its modes can't be modelled so)."""
        own = groups.get((c, 0))
        if own is not None:
            own[0].append(partner(pool))
            return False
        source = self.classes[c]
        if c in plain:
            units = plain.pop(c)
        elif source.kind == "simple":
            units = source.units
            removed.extend(units * n)
        elif source.kind == "none":
            units = ()
        else:
            return None
        groups[(c, 0)] = ([Mode(units) if units else IDLE, partner(pool)], n)
        return False

    def _spell_taps(
        self,
        pool: Pool,
        c: int,
        n: int,
        groups: dict[tuple[int, int], tuple[list[Mode], int]],
        plain: dict[int, tuple[int, ...]],
        removed: list[int],
    ) -> bool:
        """Class ``c`` (``n`` on the board) as permanents a spell's convoke or
        improvise may tap: each copy pays one of the spell's mana — a creature its
        colors or generic, an artifact generic (CR 702.51a, 702.126a) — instead of
        using its {T} abilities. Returns whether that could be modelled."""
        source = self.classes[c]
        colors = mask_of(m for m in _COLORS if m.value in str(source.template.colors))
        unit = spell_only(colors) if pool is CONVOKE and colors else ONLY_GENERIC
        modal = source.modal
        own = groups.get((c, 0))
        if modal is None or not modal.taps:
            return self._tapped_besides(source, c, unit, groups, plain)
        if own is not None:
            own[0].append(Mode((unit,)))
            return True
        if c in plain:
            units = plain[c]
        elif source.kind == "simple":
            units = source.units
        else:
            return False
        if _covers(units, unit):
            return True  # its own mana pays whatever tapping it for the spell pays
        if c in plain:
            del plain[c]
        else:
            removed.extend(units * n)
        groups[(c, 0)] = ([Mode(units) if units else IDLE, Mode((unit,))], n)
        return True

    @staticmethod
    def _tapped_besides(
        source: SourceClass,
        c: int,
        unit: int,
        groups: dict[tuple[int, int], tuple[list[Mode], int]],
        plain: dict[int, tuple[int, ...]],
    ) -> bool:
        """Class ``c`` tapped for the spell besides making its own mana (none of it
        needs {T}), but once: ``unit`` added to it (whether that could be modelled)."""
        if source.kind not in ("simple", "none", "modal"):
            return False
        tapped = groups.get((c, _TAPPED))
        if tapped is not None:
            tapped[0].append(Mode((unit,)))
        else:
            plain[c] = (*plain.get(c, ()), unit)
        return True

    def combos(
        self, groups: tuple[Group, ...], capacity: tuple[tuple[Pool, int], ...]
    ) -> list[Combo] | None:
        """Every combination of modes of the groups on a board whose permanents
        the costs may take are there, fewest activations that cost mana first;
        ``None`` when there are more than :data:`MAX_COMBINATIONS`."""
        cache_key = (groups, capacity)
        if cache_key in self._combos:
            return self._combos[cache_key]
        total = 1
        for modes, n in groups:
            total *= comb(len(modes) + n - 1, n)
        if total > MAX_COMBINATIONS:
            self._combos[cache_key] = None
            return None
        limits = dict(capacity)
        per_group = [list(combinations_with_replacement(modes, n)) for modes, n in groups]
        seen: set[object] = set()
        combos: list[Combo] = []
        for picked in product(*per_group):
            chosen = [mode for group in picked for mode in group]
            if any(m.consumes for m in chosen) and not consumption_ok(chosen, limits):
                continue
            combo = combo_of(chosen)
            signature = (combo.exact, combo.restricted, combo.units, combo.demands)
            if signature not in seen:
                seen.add(signature)
                combos.append(self._reached(combo))
        combos.sort(key=lambda combo: (combo.costly, not combo.complete))
        self._combos[cache_key] = combos
        return combos

    def _reached(self, combo: Combo) -> Combo:
        """The combination with its reach: ``free`` when no activation costs mana,
        ``packed`` when every demand it adds is generic or paid first."""
        hall = self.hall
        combo.free = hall.reach(combo.units) if not combo.costly else 0
        if all(d in (GENERIC, ROOT, ACTIVATION) for _, more in combo.exact for d in more):
            combo.packed = tuple(
                (hall.reach(made), tuple(GENERIC if d == ACTIVATION else d for d in more))
                for made, more in combo.exact
            )
        return combo

    def upper(self, groups: tuple[Group, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A relaxation of every combination: each group makes its most units, of
        any type its modes make, and costs generic mana so that its net is its best
        net (Hall's condition on the total, CR 601.2g)."""
        found = self._uppers.get(groups)
        if found is None:
            units: list[int] = []
            demands: list[int] = []
            for modes, n in groups:
                mask = 0
                for mode in modes:
                    for unit in mode.units:
                        mask |= types_of(unit) | (unit & (SNOW | ONLY_GENERIC))
                most = max(len(mode.units) for mode in modes)
                net = max(len(mode.units) - len(mode.costs) for mode in modes)
                units.extend([mask] * (most * n))
                demands.extend([GENERIC] * ((most - max(net, 0)) * n))
            found = self._uppers[groups] = (tuple(units), tuple(demands))
        return found


def _covers(units: tuple[int, ...], unit: int) -> bool:
    """Whether one of ``units`` pays whatever ``unit`` (a spell-only unit of a
    permanent tapped for convoke or improvise) pays."""
    if unit == ONLY_GENERIC:
        return bool(units)
    wanted = types_of(unit)
    return any(types_of(u) & wanted == wanted for u in units)


def _times(plain: dict[int, tuple[int, ...]], key: int, count: object) -> tuple[int, ...]:
    """The plain modal classes' units, as many times as each is on the board."""
    found: list[int] = []
    for c, units in plain.items():
        found.extend(units * count(key, c))  # type: ignore[operator]
    return tuple(found)


def _wanted(groups: dict[tuple[int, int], tuple[list[Mode], int]], repeat: list[Mode]) -> set[Pool]:
    """The pools the modes' costs take from."""
    wanted = {pool for modes, _ in groups.values() for m in modes for pool, _ in m.consumes}
    wanted.update(pool for m in repeat for pool, _ in m.consumes)
    return wanted


def _add_repeat(
    groups: dict[tuple[int, int], tuple[list[Mode], int]],
    repeat: list[Mode],
    capacity: dict[Pool, int],
) -> None:
    """The group of the repeatable modes (a cost taking a permanent given by another
    mode or counted in ``capacity``), as many as the permanents they could take."""
    supply = sum(capacity.values()) + sum(
        n for modes, n in groups.values() for m in modes if _gives(m)
    )
    if supply:
        groups[(1 << 30, 0)] = ([IDLE, *repeat], supply)


def _gives(mode: Mode) -> bool:
    return any(n < 0 for _, n in mode.consumes)
