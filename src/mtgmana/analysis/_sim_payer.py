"""The simulation's castability check on a battlefield key (the rules and the
encoding are in :mod:`._sim_sources`).

**The key** of a battlefield is one integer, the sum of what each permanent adds:

* a *histogram*: for each unit mask of the deck's one-mana sources (and fixed
  bundles), how many units the battlefield has;
* the *reach* of those units: for each union of demands the deck's costs need
  (the ``fields``), the units with a type in it — so ``(reach + offset) & guard ==
  guard`` tests Hall's condition for a cost at once;
* counts of the other sources (restricted, complex, exotic, reflecting, dynamic),
  how many lands could produce each type (for the reflecting ones), the counts the
  dynamic sources' amounts read (:class:`~._sim_dynamic.Feature`: creatures with
  defender, permanents of each color...), and the life their use may cost.

Boards are cached under the key without its histogram (:meth:`Payer.canon`):
boards of the same reach share answers — unless an activation with a typed cost
(a filter land), an exotic source or restricted mana with activations is there:
then Hall's condition is checked over the units themselves, and the histogram is
kept. The land type counts and the features are kept only on boards with a
reflecting or dynamic source. A dynamic source is resolved on the key into units
(:meth:`Payer.view`): the reach grows by them, and a choice of modes ("X mana of
any one color") makes a view per choice, a cost payable iff on one of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement, product
from operator import mul
from typing import Final

from ..battlefield import Board, Permanent
from ..colors import Color
from ._sim_dynamic import DynamicSource, Feature, Resolver
from ._sim_sources import (
    ANY,
    GENERIC,
    LIFE_LIMIT,
    PRODUCED,
    ROOT,
    SIM_ENERGY,
    SIM_FACTS,
    SIM_GRAVEYARD,
    SNOW,
    Mode,
    SourceClass,
    SpellCost,
    compile_source,
    tapper_can_pay,
)
from ._sim_view import Combo, View, combo_of, grouped, hall_pairs

__all__ = ["Payer", "View"]

_WIDTH: Final = 8
_NOTHING: Final[tuple[int, ...]] = ()
_MAX_ATOMS: Final = 12
_MAX_UNITS: Final = 120
"""The most units a board's key counts in a field (8 bits with the guard: beyond,
the tapper decides)."""


@dataclass
class Payer:
    """The check for one deck: its source classes and costs (see the module).

    ``increments[c]`` is what a permanent of class ``c`` adds to a board's key;
    :meth:`decide` answers whether cost ``s`` is payable on a board: ``True``,
    ``False``, or ``None`` when the tapper must decide (:meth:`tapper`, on the
    board an identity key stands for, :meth:`identity_board`)."""

    classes: list[SourceClass]
    costs: list[SpellCost]
    commander_colors: Color | None = None
    opponent: tuple[Permanent, ...] = ()
    track_life: bool = True
    fast: bool = True
    """``False``: every question goes to the tapper (a baseline for benchmarks)."""
    fields: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.classes = self._completed(self.classes)
        # The reach's fields: every union of the spells' own demands.
        unions: set[int] = {GENERIC}
        self.unchecked: set[int] = set()
        rooted = {ROOT} if any(c.kind == "complex" for c in self.classes) else set()
        for s, spell in enumerate(self.costs):
            for demands, _ in spell.variants or ():
                atoms = sorted({d for d in demands if d != GENERIC} | rooted)
                if len(atoms) > _MAX_ATOMS:
                    self.unchecked.add(s)
                    continue
                for union, _need in hall_pairs(tuple(atoms)):
                    unions.add(union)
        self.fields = sorted(unions)
        self._index = {u: i for i, u in enumerate(self.fields)}
        offset = 0
        # Histogram fields: one per unit mask of the simple sources.
        masks: list[int] = []
        for source in self.classes:
            if source.kind in ("simple", "restricted"):
                for unit in source.units:
                    if unit not in masks:
                        masks.append(unit)
        self.masks = masks
        self.mask_offset = {m: _WIDTH * i for i, m in enumerate(masks)}
        offset = _WIDTH * len(masks)
        self.histogram = (1 << offset) - 1
        self.reach_offset = offset
        n = len(self.fields)
        self.units_offset = offset + _WIDTH * self._index[GENERIC]
        """Where the key counts its units (the reach of a generic demand)."""
        self.guard = sum(128 << (_WIDTH * i) for i in range(n)) << offset
        self.reach_mask = ((1 << (_WIDTH * n)) - 1) << offset
        offset += _WIDTH * n
        # Count fields: restricted, complex, exotic and reflecting classes.
        self.count_offset: dict[int, int] = {}
        self.complex: list[int] = []
        self.restricted: list[int] = []
        self.exotic: list[int] = []
        self.reflecting: list[int] = []
        self.dynamic: list[int] = []
        lists = {"complex": self.complex, "restricted": self.restricted,
                 "exotic": self.exotic, "reflecting": self.reflecting,
                 "dynamic": self.dynamic}  # fmt: skip
        special = keep = reflect = 0
        has_complex = any(source.kind == "complex" for source in self.classes)
        for c, source in enumerate(self.classes):
            if source.kind in lists:
                self.count_offset[c] = offset
                field_bits = 255 << offset
                if source.kind != "restricted":
                    special |= field_bits
                if source.kind in ("reflecting", "dynamic"):
                    reflect |= field_bits
                # Hall's condition over the units themselves: activations with
                # typed costs, exotic sources, restricted mana with activations.
                typed = any(mode.typed for mode in source.modes)
                if (
                    source.kind == "exotic"
                    or typed
                    or (source.kind == "restricted" and has_complex)
                ):
                    keep |= field_bits
                offset += _WIDTH
                lists[source.kind].append(c)
        self.type_offsets: list[int] = []
        if self.reflecting:
            for _ in range(6):
                self.type_offsets.append(offset)
                offset += _WIDTH
        # What the dynamic sources' amounts read (._sim_dynamic): a count each.
        self.features: dict[Feature, int] = {}
        sources: list[tuple[int, DynamicSource]] = []
        for c in self.dynamic:
            dynamic = self.classes[c].dynamic
            assert dynamic is not None
            sources.append((c, dynamic))
            for feature in dynamic.features:
                if feature not in self.features:
                    self.features[feature] = offset
                    offset += _WIDTH
        outside = {f: sum(f.weight(p) for p in self.opponent) for f in self.features}
        self.resolver = Resolver(sources, self.features, outside, _MAX_UNITS)
        self.life_offset = offset
        offset += _WIDTH
        self.special = special
        """The key's bits that, when set, make it more than one-mana sources."""
        types = sum(255 << off for off in (*self.type_offsets, *self.features.values()))
        self.types_mask = types
        """The key's fields counting the lands that could produce each type and the
        dynamic sources' features: what a permanent adds even tapped."""
        self.keep = keep
        """The key's bits that, when set, make its histogram matter."""
        self.reflect = reflect
        """The key's bits that, when set, make the land type counts and features
        matter."""
        self.canonical_types = ((1 << offset) - 1) & ~self.histogram
        """The key's bits that matter when :attr:`keep` are clear."""
        self.canonical = self.canonical_types & ~types
        """The key's bits that matter when :attr:`keep` and :attr:`reflect` are
        clear."""
        self.least_units = [
            min((len(d) for d, _ in spell.variants), default=0) if spell.variants else 0
            for spell in self.costs
        ]
        """The fewest units that could pay each cost (when no special sources)."""
        self.hostile = any(self.classes[c].hostile for c in self.exotic)
        self._hits: dict[int, int] = {}
        self._offsets: dict[tuple[int, ...], int] = {}
        self._pairs: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        self._combos: dict[tuple[int, ...], list[Combo]] = {}
        self._lanes: dict[tuple[int, int], dict[tuple[int, ...], int]] = {}
        self._uppers: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._deltas: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self._under: dict[tuple[tuple[int, int], ...], Payer | None] = {}
        self._views: dict[int, View] = {}
        self.answers: dict[int, int] = {}
        """Answers on boards under static effects, by key, as the engine caches them
        (for a check :meth:`static_view` returns)."""
        self.statics = [c for c, source in enumerate(self.classes) if source.static]
        """The classes with static effects."""
        self.static_mask = sum(255 << self.count_offset[c] for c in self.statics)
        """The key's bits that, when set, put a permanent with static effects on it."""
        self.increments = [self._increment(c) for c in range(len(self.classes))]
        self.inert = {c: self._changes(c) for c in self.statics}
        """For a class with static effects that makes no mana itself, the identity
        bits of the classes its effects change (``None``: it makes mana, or its
        effects change the opponent's permanents)."""

    # -- keys --

    def canon(self, key: int) -> int:
        """The key a board is cached under (see the module)."""
        if key & self.keep:
            return key
        return key & (self.canonical_types if key & self.reflect else self.canonical)

    def hit(self, unit: int) -> int:
        """What one unit adds to the reach."""
        found = self._hits.get(unit)
        if found is None:
            found = 0
            for i, union in enumerate(self.fields):
                if union & unit:
                    found |= 1 << (_WIDTH * i)
            found <<= self.reach_offset
            self._hits[unit] = found
        return found

    def _increment(self, c: int) -> int:
        source = self.classes[c]
        total = (source.life << self.life_offset) if self.track_life else 0
        if source.kind in ("simple", "restricted"):
            for unit in source.units:
                total += self.hit(unit) + (1 << self.mask_offset[unit])
        if c in self.count_offset:
            total += 1 << self.count_offset[c]
        for feature, off in self.features.items():
            total += feature.weight(source.template) << off
        if self.type_offsets and source.is_land and source.kind != "exotic":
            # What it could produce (CR 106.7); a reflecting one, by its other abilities.
            made = source.produces
            if source.kind == "reflecting":
                made = source.units[0] if source.units else 0
            for t in range(6):
                if made >> t & 1:
                    total += 1 << self.type_offsets[t]
        return total

    def offset(self, demands: tuple[int, ...]) -> int:
        """The offset testing Hall's condition for ``demands`` on the reach; -1
        when more than a field can count (never payable)."""
        found = self._offsets.get(demands)
        if found is None:
            found = 0
            needs = dict(self.pairs(demands))
            for union, need in needs.items():
                if need > 127:
                    found = -1
                    break
                found |= (128 - need) << (_WIDTH * self._index[union])
            if found >= 0:
                for i, union in enumerate(self.fields):
                    if union not in needs:
                        found |= 128 << (_WIDTH * i)
                found <<= self.reach_offset
            self._offsets[demands] = found
        return found

    def pairs(self, demands: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        found = self._pairs.get(demands)
        if found is None:
            found = self._pairs[demands] = hall_pairs(demands)
        return found

    def pays(self, reach: int, demands: tuple[int, ...]) -> bool:
        """Hall's condition for the spell's own ``demands`` on a packed reach."""
        off = self.offset(demands)
        guard = self.guard
        return off >= 0 and (reach + off) & guard == guard

    def hall(self, units: list[tuple[int, int]], extra: tuple[int, ...],
             demands: tuple[int, ...]) -> bool:  # fmt: skip
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

    # -- decisions --

    def view(self, key: int) -> View:
        """The board ``key`` decoded (see :meth:`decide`)."""
        reach = key & self.reach_mask
        if not key & self.special and not self.restricted:
            life = (key >> self.life_offset) & 255
            most = (key >> self.units_offset) & 255
            return View(reach, reach, reach, life, [], [], [], 0, False, most=most, plain=True)
        life = (key >> self.life_offset) & 255
        units: list[tuple[int, int]] = []
        if key & self.special:
            for mask in self.masks:
                n = (key >> self.mask_offset[mask]) & 255
                if n:
                    units.append((mask, n))
        count = self._count
        grown = 0
        if self.reflecting:
            types = 0
            for t, off in enumerate(self.type_offsets):
                if (key >> off) & 255:
                    types |= 1 << t
            exotic_lands = any(count(key, c) and self.classes[c].is_land for c in self.exotic)
            for c in self.reflecting:
                n = count(key, c)
                if not n:
                    continue
                source = self.classes[c]
                fixed = source.units[0] if source.units else 0
                most = source.reflect | fixed
                mask = (types & source.reflect) | fixed
                if mask:
                    reach += n * self.hit(mask)
                    units.append((mask, n))
                if exotic_lands:
                    grown += n * (self.hit(most) - (self.hit(mask) if mask else 0))
        restricted = [(c, count(key, c)) for c in self.restricted if count(key, c)]
        combos = self._combos_of(tuple(count(key, c) for c in self.complex)) if self.complex else []
        exotic_units = 0
        for c in self.exotic:
            exotic_units += count(key, c) * self.classes[c].bound
        hostile = bool(exotic_units) and self.hostile
        static = any(count(key, c) and self.classes[c].static for c in self.exotic)
        upper = self._upper(tuple(count(key, c) for c in self.complex)) if combos else ((), ())
        most = (key >> self.units_offset) & 255
        most += len(upper[0]) - len(upper[1]) + exotic_units
        most += sum(count(key, c) for c in self.reflecting)
        most += sum(n for c, n in restricted if not self.classes[c].units)
        plain = not (restricted or combos or exotic_units or grown or static)
        lane: tuple[tuple[int, tuple[int, ...]], ...] | None = None
        if (
            combos
            and not (restricted or exotic_units or grown or static)
            and all(not combo.costly or combo.packed for combo in combos)
        ):
            lane = tuple(
                pair
                for combo in combos
                for pair in (((combo.free, ()),) if not combo.costly else combo.packed)
            )
        choices = self.resolver.resolve(key, most, self._count) if self.dynamic else ((),)
        if choices is None:  # the tapper decides
            return View(reach, reach, reach, life, units, restricted, combos, exotic_units,
                        hostile, upper, 255, True)  # fmt: skip
        views = []
        for made in choices:
            # The dynamic sources' units, as this choice of their modes makes them.
            extra = self._reach(made)
            more = units + grouped(made) if made else units
            high = reach + extra + grown
            top = high + exotic_units * self.hit(GENERIC)
            upper_reach = (top if exotic_units else high) + self._reach(upper[0])
            views.append(View(reach + extra, reach + extra, high, life, more, restricted, combos,
                              exotic_units, hostile, upper, most + len(made), static, plain,
                              upper_reach, top, lane))  # fmt: skip
        if len(views) == 1:
            return views[0]
        return replace(views[0], most=max(v.most for v in views), alternatives=tuple(views))

    def _completed(self, classes: list[SourceClass]) -> list[SourceClass]:
        """The classes with their dynamic sources completed (the powers and
        toughnesses the deck's permanents have); a dynamic land as an exotic source
        when the deck has sources that make what a land could produce (CR 106.7:
        what it could produce depends on the board)."""
        reflecting = any(source.kind == "reflecting" for source in classes)
        others = [source.template for source in classes] + list(self.opponent)
        result = []
        for source in classes:
            dynamic = source.dynamic
            if dynamic is not None:
                if reflecting and source.is_land:
                    source = replace(source, kind="exotic", dynamic=None, colors=ANY)
                else:
                    source = replace(source, dynamic=dynamic.completed(source.template, others))
            result.append(source)
        return result

    def _upper(self, counts: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A relaxation of every combination: each complex source makes its most
        units, of any type its modes make, and costs generic mana so that its net
        is its best net (Hall's condition on the total, CR 601.2g)."""
        found = self._uppers.get(counts)
        if found is None:
            units: list[int] = []
            demands: list[int] = []
            for c, n in zip(self.complex, counts, strict=True):
                modes = self.classes[c].modes
                mask = 0
                for mode in modes:
                    for unit in mode.units:
                        mask |= unit | unit >> PRODUCED | unit >> (2 * PRODUCED)
                mask = (mask & ANY) | (mask & SNOW)
                most = max(len(mode.units) for mode in modes)
                net = max(len(mode.units) - len(mode.costs) for mode in modes)
                units.extend([mask] * (most * n))
                demands.extend([GENERIC] * ((most - max(net, 0)) * n))
            found = self._uppers[counts] = (tuple(units), tuple(demands))
        return found

    def _count(self, key: int, c: int) -> int:
        return (key >> self.count_offset[c]) & 255

    def answer(self, key: int, view: View | None, s: int) -> tuple[bool | None, View | None]:
        """Whether cost ``s`` is payable on board ``key`` (``None``: ask the tapper)
        and the board decoded (``view``: already decoded, or ``None``). Costs with
        more symbols than the board has units are rejected before decoding."""
        if self.fast:
            plain = not key & self.special and not self.restricted
            if plain and (key >> self.units_offset) & 255 < self.least_units[s]:
                return False, view
            if view is None:
                view = self.view(key)
            if self.least_units[s] > view.most and not view.static:
                return False, view
        elif view is None:
            view = self.view(key)
        return self.decide(view, s), view

    def decide(self, view: View, s: int) -> bool | None:
        """Whether cost ``s`` is payable on the board ``view`` (``None``: ask the
        tapper)."""
        spell = self.costs[s]
        if spell.variants is None or s in self.unchecked or not self.fast or view.static:
            return None
        if view.alternatives:
            undecided = False
            for one in view.alternatives:
                answer = self.decide(one, s)
                if answer:
                    return True
                undecided = undecided or answer is None
            return None if undecided else False
        offsets = self._offsets
        guard = self.guard
        offset = self.offset
        if view.plain:
            # One-mana sources and bundles only: Hall's condition on the reach.
            reach = view.reach
            for demands, paid in spell.variants:
                off = offsets.get(demands)
                if off is None:
                    off = offset(demands)
                if off >= 0 and (reach + off) & guard == guard:
                    return True if view.life + paid <= LIFE_LIMIT else None
            return False
        lane = view.lane
        if lane is not None:
            # Every combination on the reach: Hall's condition with what it adds.
            reach = view.reach
            upper = view.upper_reach
            upper_demands = view.upper[1]
            for v, (demands, paid) in enumerate(spell.variants):
                table = self._lanes.get((s, v))
                if table is None:
                    table = self._lanes[(s, v)] = {}
                off = table.get(_NOTHING)
                if off is None:
                    off = table[_NOTHING] = offset(demands)
                if off >= 0 and (reach + off) & guard == guard:
                    return True if view.life + paid <= LIFE_LIMIT else None
                off = table.get(upper_demands)
                if off is None:
                    off = table[upper_demands] = offset(demands + upper_demands)
                if off < 0 or (upper + off) & guard != guard:
                    continue  # not even the relaxation of every combination pays
                for added, more in lane:
                    off = table.get(more)
                    if off is None:
                        off = table[more] = offset(demands + more)
                    if off >= 0 and (reach + added + off) & guard == guard:
                        return True if view.life + paid <= LIFE_LIMIT else None
            return False
        reach = view.reach
        low = view.low
        high = view.high
        units = view.units
        sure: list[tuple[int, int]] = []
        maybe: list[tuple[int, int]] = []
        for c, n in view.restricted:
            down, up, sure_mask, maybe_mask = self._delta(c, s)
            low += n * down
            high += n * up
            if sure_mask:
                sure.append((sure_mask, n))
            if maybe_mask:
                maybe.append((maybe_mask, n))
        combos = view.combos
        exotic_units = view.exotic_units
        top = view.top + (high - view.high) if low != high or exotic_units else 0
        upper = view.upper_reach + (high - view.high)
        upper_demands = view.upper[1]
        pays = self.pays
        hall = self.hall
        undecided = False
        life = view.life
        for demands, paid in spell.variants:
            safe = life + paid <= LIFE_LIMIT
            if not view.hostile:
                if pays(low, demands):
                    if safe:
                        return True
                    undecided = True
                    continue
                if combos and not pays(upper, demands + upper_demands):
                    continue  # not even the relaxation of every combination pays
                for combo in combos:
                    found = False
                    if not combo.costly:
                        found = pays(low + combo.free, demands)
                    elif combo.packed:
                        for added, more in combo.packed:
                            if pays(reach + added, demands + more):
                                found = True
                                break
                    else:
                        # Restricted mana pays spells only, not activation costs.
                        for made, more in combo.exact:
                            if hall(units, made, demands + more):
                                found = True
                                break
                    if found:
                        if safe:
                            return True
                        undecided = True
                        break
                    if combo.costly and (not combo.complete or sure or maybe):
                        extended = units + sure + maybe
                        if hall(extended, combo.units, demands + combo.demands):
                            undecided = True  # another order, or restricted mana, may do
                            break
            if top and not undecided:
                everything = [*units, *sure, *maybe, (GENERIC, exotic_units)]
                undecided = pays(top, demands) or any(
                    hall(everything, combo.units, demands + combo.demands) for combo in combos
                )
        return None if undecided else False

    def _reach(self, units: tuple[int, ...]) -> int:
        total = 0
        for unit in units:
            total += self.hit(unit)
        return total

    def _delta(self, c: int, s: int) -> tuple[int, int, int, int]:
        """What one restricted source of class ``c`` adds for cost ``s`` beyond its
        unrestricted unit: surely, and at most (X paid with it or not), to the
        reach; and those units' masks."""
        found = self._deltas.get((c, s))
        if found is None:
            source = self.classes[c]
            spend = self.costs[s].spend
            base = source.units[0] if source.units else 0
            low = high = base
            for unit, restriction in source.restricted:
                spell_ok = restriction.allows(spend)
                printed = spend.mana_cost
                x_ok = (
                    restriction.allows(spend.paying_x())
                    if printed and printed.x_count
                    else spell_ok
                )
                if spell_ok and x_ok:
                    low |= unit
                if spell_ok or x_ok:
                    high |= unit
            base_hit = self.hit(base) if base else 0
            found = (
                (self.hit(low) if low else 0) - base_hit,
                (self.hit(high) if high else 0) - base_hit,
                low if low != base else 0,
                high if high != low else 0,
            )
            self._deltas[(c, s)] = found
        return found

    def _combos_of(self, counts: tuple[int, ...]) -> list[Combo]:
        """Every combination of modes of the complex sources on a board, fewest
        activations that cost mana first."""
        found = self._combos.get(counts)
        if found is not None:
            return found
        per_class: list[list[tuple[Mode, ...]]] = []
        for c, n in zip(self.complex, counts, strict=True):
            modes = self.classes[c].modes
            per_class.append(list(combinations_with_replacement(modes, n)) if n else [()])
        combos: list[Combo] = []
        for picked in product(*per_class):
            combo = combo_of([mode for group in picked for mode in group])
            combo.free = self._reach(combo.units) if not combo.costly else 0
            if all(d in (GENERIC, ROOT) for _, more in combo.exact for d in more):
                combo.packed = tuple((self._reach(made), more) for made, more in combo.exact)
            combos.append(combo)
        combos.sort(key=lambda combo: (combo.costly, not combo.complete))
        self._combos[counts] = combos
        return combos

    # -- the tapper, on the real battlefield --

    def identity(self, c: int) -> int:
        """What a permanent of class ``c`` adds to a board's identity key (the
        counts of each class, for the tapper)."""
        return 1 << (_WIDTH * c)

    def identity_tapped(self, c: int) -> int:
        """The identity key's part for a land of class ``c`` that entered tapped
        this turn, played as the land drop."""
        return ((c + 1) << (_WIDTH * len(self.classes))) | self.land_played

    @property
    def land_played(self) -> int:
        """The identity key's bit for "a land was played this turn"."""
        return 1 << (_WIDTH * len(self.classes) + 16)

    def identity_board(self, identity: int) -> Board:
        """The battlefield an identity key stands for, the opponent's lands as
        assumed."""
        n = len(self.classes)
        counts = [(identity >> (_WIDTH * c)) & 255 for c in range(n)]
        tapped = ((identity >> (_WIDTH * n)) & 0xFFFF) - 1
        return self.board(counts, tapped, bool(identity & self.land_played))

    def board(self, counts: Sequence[int], tapped: int = -1, land_played: bool = False) -> Board:
        """The battlefield with ``counts[c]`` permanents of each class (and one of
        class ``tapped`` tapped)."""
        permanents: list[Permanent] = []
        for c, n in enumerate(counts):
            if n:
                permanents.extend([self.classes[c].template] * n)
        if tapped >= 0:
            permanents.append(self.classes[tapped].template.with_state(tapped=True))
        return Board(
            (*permanents, *self.opponent),
            commander_colors=self.commander_colors,
            land_played=land_played,
            energy=SIM_ENERGY,
            graveyard=SIM_GRAVEYARD,
            facts=SIM_FACTS,
        )

    # -- static effects (CR 613), on the battlefield an identity stands for --

    def _changes(self, c: int) -> int | None:
        """See :attr:`inert`."""
        source = self.classes[c]
        template = source.template
        if source.colors or template.triggers or template.replacements:
            return None
        alone = Board(self.opponent).effective.permanents
        if Board((template, *self.opponent)).effective.permanents[1:] != alone:
            return None  # Blood Moon on the opponent's lands changes what they could produce
        mask = 0
        for other, target in enumerate(self.classes):
            before = Board((target.template,)).effective.permanents[0]
            # Either timestamp first (CR 613.7): Prismatic Omen and Multiversal Passage.
            if (
                Board((template, target.template)).effective.permanents[1] != before
                or Board((target.template, template)).effective.permanents[0] != before
            ):
                mask |= 255 << (_WIDTH * other)
        return mask

    def without_statics(self, key: int, identity: int) -> tuple[int, int] | None:
        """A board with permanents whose static effects change nothing on it and
        that make no mana (Goldspan Dragon without Treasure) as the board without
        them: its key (canonical) and identity; ``None`` for other boards."""
        inert = self.inert
        for c in self.statics:
            n = (identity >> (_WIDTH * c)) & 255
            if n:
                mask = inert[c]
                if mask is None or identity & mask:
                    return None
                key -= n * self.increments[c]
                identity -= n << (_WIDTH * c)
        return self.canon(key), identity

    def static_answer(self, identity: int, s: int) -> bool | None:
        """Whether cost ``s`` is payable on the board an identity key stands for,
        which has permanents with static effects: decided on what its permanents
        are and have under those effects (:func:`mtgmana.effects.apply_layers`),
        compiled like any others (``None``: the tapper decides)."""
        found = self.static_view(identity)
        if found is None:
            return None
        payer, view, _ = found
        if payer.least_units[s] > view.most:
            return False
        return payer.decide(view, s)

    def static_view(self, identity: int) -> tuple[Payer, View, int] | None:
        """The check for the board an identity key stands for, under the static
        effects on it, the board decoded by it and its key there (``None``: the
        tapper decides)."""
        n = len(self.classes)
        counts = identity.to_bytes(n + 3, "little")  # _WIDTH bits per class
        # The effects on a permanent depend on which effects exist and on the
        # permanent (two copies of a source: "other" permanents include a copy).
        statics = tuple((c, min(counts[c], 2)) for c in self.statics if counts[c])
        payer = self._under.get(statics, self)
        if payer is self:
            payer = self._under[statics] = self._payer_under(statics)
        if payer is None:
            return None
        key = sum(map(mul, counts, payer.increments))
        tapped = (counts[n] | counts[n + 1] << 8) - 1
        if tapped >= 0:  # what it could produce still counts (CR 106.7)
            key += payer.increments[tapped] & payer.types_mask
        key = payer.canon(key)
        view = payer._views.get(key)
        if view is None:
            view = payer._views[key] = payer.view(key)
        return payer, view, key

    def _payer_under(self, statics: tuple[tuple[int, int], ...]) -> Payer | None:
        """The check for boards whose static effects are those of ``statics``:
        each class as the effects make it (its own statics applied, then gone)."""
        present = dict(statics)
        permanents: list[Permanent] = []
        first: list[int] = []
        for c, source in enumerate(self.classes):
            first.append(len(permanents))
            if not source.static:
                permanents.append(source.template)
            elif c in present:
                permanents.extend([source.template] * present[c])
            else:  # not on the board: its effects don't exist
                permanents.append(source.template.with_state(statics=()))
        mine = len(permanents)
        board = Board(
            (*permanents, *self.opponent), commander_colors=self.commander_colors, facts=SIM_FACTS
        )
        effective = board.effective.permanents
        opponent = effective[mine:]
        classes = []
        for c in range(len(self.classes)):
            permanent = effective[first[c]]
            if permanent.statics:
                permanent = permanent.with_state(statics=())
            source = compile_source(
                permanent, commander_colors=self.commander_colors, opponent=opponent
            )
            if source.static:
                return None
            classes.append(source)
        return Payer(classes, self.costs, self.commander_colors, tuple(opponent),
                     track_life=self.track_life, fast=self.fast)  # fmt: skip

    def tapper(self, board: Board, s: int) -> bool:
        spell = self.costs[s]
        return tapper_can_pay(spell.cost, board, spell.spend)
