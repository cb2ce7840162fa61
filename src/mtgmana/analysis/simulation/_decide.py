"""Whether a cost is payable on a decoded board (:class:`~._view.View`), by
Hall's theorem (CR 601.2g-h, 605.3a; docs/simulation.md): ``True``, ``False``, or
``None`` when only the auto-tapper can tell.

:class:`Hall` tests Hall's condition on a packed reach (the key's fields, one
addition and a mask per test) or on units listed one by one. :func:`decide` takes
the fastest test the board allows:

* a **plain** board (one-mana sources and bundles only): the reach alone;
* a board whose combinations of modes each add a reach and generic demands (a
  **lane**: Signets, choices of bundles): each combination on the reach;
* any other board: restricted mana for this spell added to the reach, each
  combination tried exactly where its order of activations is known, and the
  relaxations (every combination at once; the exotic sources making their most
  mana) telling when the answer is surely no.

A payment is decided only while the life it may cost stays under
:data:`~._sources.LIFE_LIMIT`; beyond, the tapper decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...restrictions import Restriction
from ._keys import WIDTH, KeyLayout
from ._sources import LIFE_LIMIT
from ._units import GENERIC
from ._view import Combo, View, counted, hall_pairs

__all__ = ["NO_RESTRICTIONS", "Hall", "Spell", "decide"]

_NOTHING: tuple[int, ...] = ()

Variants = tuple[tuple[tuple[int, ...], int], ...]


class Hall:
    """Hall's condition for a deck's costs on packed reaches and on unit lists,
    with its tables remembered (see the module)."""

    def __init__(self, layout: KeyLayout) -> None:
        self.layout = layout
        self.guard = layout.guard
        self._index = {u: i for i, u in enumerate(layout.fields)}
        self._offsets: dict[tuple[int, ...], int] = {}
        self._pairs: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        self._hits: dict[int, int] = {}

    def hit(self, unit: int) -> int:
        """What one unit adds to the reach."""
        found = self._hits.get(unit)
        if found is None:
            found = 0
            for i, union in enumerate(self.layout.fields):
                if union & unit:
                    found |= 1 << (WIDTH * i)
            found <<= self.layout.reach_offset
            self._hits[unit] = found
        return found

    def reach(self, units: tuple[int, ...] | list[int]) -> int:
        total = 0
        for unit in units:
            total += self.hit(unit)
        return total

    def pairs(self, demands: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        found = self._pairs.get(demands)
        if found is None:
            found = self._pairs[demands] = hall_pairs(demands)
        return found

    def offset(self, demands: tuple[int, ...]) -> int:
        """The offset testing Hall's condition for ``demands`` on the reach; -1
        when more than a field can count (never payable) or a union of them has no
        field (not testable on the reach: -2)."""
        found = self._offsets.get(demands)
        if found is None:
            found = 0
            needs = dict(self.pairs(demands))
            for union, need in needs.items():
                i = self._index.get(union)
                if i is None:
                    found = -2
                    break
                if need > 127:
                    found = -1
                    break
                found |= (128 - need) << (WIDTH * i)
            if found >= 0:
                for i, union in enumerate(self.layout.fields):
                    if union not in needs:
                        found |= 128 << (WIDTH * i)
                found <<= self.layout.reach_offset
            self._offsets[demands] = found
        return found

    def pays(self, reach: int, demands: tuple[int, ...]) -> bool:
        """Hall's condition for ``demands`` on a packed reach."""
        off = self.offset(demands)
        if off == -2:
            raise AssertionError("a union of demands without a field")  # pragma: no cover
        guard = self.guard
        return off >= 0 and (reach + off) & guard == guard

    def units(
        self, units: list[tuple[int, int]], extra: tuple[int, ...], demands: tuple[int, ...]
    ) -> bool:
        """Hall's condition for ``demands`` on units: (mask, count) pairs and
        ``extra`` masks."""
        for union, need in self.pairs(demands):
            total = 0
            for mask, count in units:
                if mask & union:
                    total += count
            for mask in extra:
                if mask & union:
                    total += 1
            if total < need:
                return False
        return True


@dataclass(frozen=True)
class Spell:
    """What the board's restricted mana does for one spell (:meth:`~._payer.Payer.spell_on`):
    what it adds to the reach surely and at most (X paid with it or not), its units
    as this spell may spend them (``units``, in place of ``drop``), whether some it
    adds only maybe, and the restrictions of the combinations' mana this spell may
    spend."""

    down: int = 0
    up: int = 0
    units: tuple[tuple[int, int], ...] = ()
    drop: tuple[tuple[int, int], ...] = ()
    maybe: bool = False
    permitted: frozenset[Restriction] = frozenset()


NO_RESTRICTIONS: Final = Spell()


def decide(hall: Hall, view: View, variants: Variants, spell: Spell) -> bool | None:
    """Whether a cost of these ``variants`` is payable on ``view`` (``None``: ask
    the tapper); ``spell`` is what the board's restricted mana does for it."""
    if view.plain:
        return _plain(hall, view.reach, view.life, variants)
    if view.lane is not None:
        return _lane(hall, view, variants)
    undecided = view.uncertain or spell.maybe
    for demands, paid in variants:
        found = _variant(hall, view, demands, spell)
        if found is True and view.life + paid <= LIFE_LIMIT:
            return True
        if found is not False:
            undecided = True
    return None if undecided else False


def _plain(hall: Hall, reach: int, life: int, variants: Variants) -> bool | None:
    """One-mana sources and bundles only: Hall's condition on the reach."""
    guard = hall.guard
    for demands, paid in variants:
        off = hall.offset(demands)
        if off >= 0 and (reach + off) & guard == guard:
            return True if life + paid <= LIFE_LIMIT else None
    return False


def _lane(hall: Hall, view: View, variants: Variants) -> bool | None:
    """Every combination on the reach: Hall's condition with what it adds."""
    reach = view.reach
    lane = view.lane
    assert lane is not None
    upper_demands = view.upper[1]
    pays = hall.pays
    for demands, paid in variants:
        if pays(reach, demands):
            return True if view.life + paid <= LIFE_LIMIT else None
        if not pays(view.upper_reach, demands + upper_demands):
            continue  # not even the relaxation of every combination pays
        for added, more in lane:
            if pays(reach + added, demands + more):
                return True if view.life + paid <= LIFE_LIMIT else None
    return None if view.uncertain else False


def _variant(hall: Hall, view: View, demands: tuple[int, ...], spell: Spell) -> bool | None:
    """One variant of a cost on a board that isn't plain (see :func:`decide`)."""
    pays = hall.pays
    low = view.low + spell.down
    if not view.hostile:
        if pays(low, demands):
            return True
        combos = view.combos
        upper = view.upper_reach + spell.up
        if combos and pays(upper, demands + view.upper[1]):
            units = _spent(view.units, spell)
            plain = not spell.units and not spell.permitted
            for combo in combos:
                found = _combo(hall, view, combo, demands, low, units, spell, plain)
                if found is not False:
                    return found
    exotic = view.exotic_units
    if not (view.top and (spell.down != spell.up or exotic)):
        return False
    top = view.top + spell.up
    everything = [*_spent(view.units, spell), (GENERIC, exotic)]
    if pays(top, demands) or any(
        hall.units(everything, combo.units + _allowed(combo, spell), demands + combo.demands)
        for combo in view.combos
    ):
        return None
    return False


def _combo(
    hall: Hall,
    view: View,
    combo: Combo,
    demands: tuple[int, ...],
    low: int,
    units: list[tuple[int, int]],
    spell: Spell,
    plain: bool,
) -> bool | None:
    """Whether one combination pays ``demands`` (``None``: another order of its
    activations may)."""
    allowed = _allowed(combo, spell)
    if not combo.costly:
        return hall.pays(low + combo.free + hall.reach(allowed), demands)
    if combo.packed and plain:
        for added, more in combo.packed:
            if hall.pays(view.reach + added, demands + more):
                return True
    else:
        for made, more in combo.exact:
            if hall.units(units, made + allowed, demands + more):
                return True
    if not combo.complete and hall.units(units, combo.units + allowed, demands + combo.demands):
        return None  # another order may do
    return False


def _spent(units: list[tuple[int, int]], spell: Spell) -> list[tuple[int, int]]:
    """The board's units as the spell may spend them (restricted mana)."""
    if not spell.units:
        return units
    counts = counted(units)
    for mask, n in spell.drop:
        counts[mask] -= n
    found = [(m, n) for m, n in counts.items() if n > 0]
    return found + list(spell.units)


def _allowed(combo: Combo, spell: Spell) -> tuple[int, ...]:
    """The combination's restricted units the spell asked about may spend."""
    if not combo.restricted:
        return ()
    permitted = spell.permitted
    return tuple(u for r, units in combo.restricted if r in permitted for u in units)
