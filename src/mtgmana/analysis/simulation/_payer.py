"""The simulation's castability check on a battlefield key (CR 106, 601.2f-h, 605;
the key is laid out by :mod:`._keys`, the units and demands are those of
:mod:`._units`, the decision is :func:`._decide.decide`).

:meth:`Payer.view` decodes a key once per board: the reach of its one-mana sources;
its modal sources resolved on the board's counts (:mod:`._modal`) — plain ones
into more reach, the others into groups of modes whose combinations
(:mod:`._view`) are tried; the permanents other permanents' costs may tap or
sacrifice (:class:`~._features.Pool`: a tapped one makes nothing, a sacrificed
one is used first); restricted, reflecting and exotic sources. Boards with static
effects (CR 613) are decided as the effects make their permanents
(:meth:`Payer.static_view`), by a check compiled for those permanents. Where the
check can't decide, :meth:`Payer.tapper` asks the auto-tapper on the real
battlefield an *identity* key stands for (the count of each class).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from operator import mul

from ...board import Board, Permanent
from ...colors import Color
from ...restrictions import Restriction
from ..roles import SIM_ENERGY, SIM_FACTS, SIM_GRAVEYARD
from ._decide import NO_RESTRICTIONS, Hall, Spell, decide
from ._features import GRAVEYARD, Pool
from ._keys import TAPPED_BY_SPELLS, WIDTH, KeyLayout, key_layout, partner_classes
from ._modes import MAX_COMBINATIONS, BoardModes, ModalBoard
from ._sources import SourceClass, compile_source, tapper_can_pay
from ._units import ANY, GENERIC, SpellCost
from ._view import MAX_VIEWS, Combo, View, counted

__all__ = ["MAX_COMBINATIONS", "Payer", "View"]


def _lane(combos: Sequence[Combo]) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
    """The board's modal choices as a lane for the fast check (each combination's
    free reach, or its packed costly options), when none is restricted nor costly
    without being packed (``None``: no lane)."""
    if not combos or not all((not c.costly or c.packed) and not c.restricted for c in combos):
        return None
    return tuple(
        pair
        for combo in combos
        for pair in (((combo.free, ()),) if not combo.costly else combo.packed)
    )


def _by_kind(
    classes: Sequence[SourceClass],
) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """The classes (by index) that are modal, restricted, exotic (static ones
    too), reflecting and static."""
    kinds = [source.kind for source in classes]
    return (
        [c for c, k in enumerate(kinds) if k == "modal"],
        [c for c, k in enumerate(kinds) if k == "restricted"],
        [c for c, k in enumerate(kinds) if k in ("exotic", "static")],
        [c for c, k in enumerate(kinds) if k == "reflecting"],
        [c for c, k in enumerate(kinds) if k == "static"],
    )


class Payer:
    """The check for one deck: its source classes and costs (see the module).

    :meth:`answer` tells whether cost ``s`` is payable on a board: ``True``,
    ``False``, or ``None`` when the tapper must decide (:meth:`tapper`, on the
    board an identity key stands for, :meth:`identity_board`)."""

    def __init__(
        self,
        classes: Sequence[SourceClass],
        costs: Sequence[SpellCost],
        commander_colors: Color | None = None,
        opponent: tuple[Permanent, ...] = (),
        *,
        track_life: bool = True,
        fast: bool = True,
    ) -> None:
        self.commander_colors = commander_colors
        self.opponent = opponent
        self.track_life = track_life
        self.fast = fast
        """``False``: every question goes to the tapper (a baseline for benchmarks)."""
        self.classes = _completed(list(classes), opponent)
        self.costs = list(costs)
        self.layout: KeyLayout = key_layout(
            self.classes, self.costs, opponent, track_life=track_life
        )
        self.hall = Hall(self.layout)
        self.modal, self.restricted, self.exotic, self.reflecting, self.statics = _by_kind(
            self.classes
        )
        self.pools = partner_classes(self.classes, self.costs)
        layout = self.layout
        self.outside = {f: sum(f.weight(p) for p in opponent) for f in layout.feature_offset}
        self.least_units = [_least(spell) for spell in self.costs]
        """The fewest units that could pay each cost."""
        self.hostile = any(self.classes[c].hostile for c in self.exotic)
        self.modes = BoardModes(self.classes, self.pools, layout, self.hall, self.outside)
        """The modal sources on the boards (:mod:`._modes`)."""
        self.increments = list(layout.increments)
        self.static_mask = sum(255 << layout.count_offset[c] for c in self.statics)
        """The key's bits that, when set, put a permanent with static effects on it."""
        self._spells: dict[tuple[object, ...], Spell] = {}
        self._permits: dict[tuple[Restriction, int], tuple[bool, bool]] = {}
        self._under: dict[tuple[tuple[int, int], ...], Payer | None] = {}
        self._views: dict[int, View] = {}
        self._tap_views: dict[tuple[int, str], View] = {}
        self._reduced: dict[tuple[int, int], SpellCost] = {}
        self.answers: dict[int, int] = {}
        """Answers on boards under static effects, by key, as the engine caches them
        (for a check :meth:`static_view` returns)."""
        self.inert = {c: self._changes(c) for c in self.statics}
        """For a class with static effects that makes no mana itself, the identity
        bits of the classes its effects change (``None``: it makes mana, or its
        effects change the opponent's permanents)."""

    # -- the key's layout, for the engine --

    @property
    def special(self) -> int:
        return self.layout.special

    @property
    def keep(self) -> int:
        return self.layout.keep

    @property
    def reflect(self) -> int:
        return self.layout.reflect

    @property
    def canonical(self) -> int:
        return self.layout.canonical

    @property
    def canonical_types(self) -> int:
        return self.layout.canonical_types

    @property
    def types_mask(self) -> int:
        return self.layout.types_mask

    @property
    def units_offset(self) -> int:
        return self.layout.units_offset

    @property
    def land_key(self) -> int:
        """What a land drop adds to the key (when a source reads "you played a land
        this turn")."""
        return self.layout.land_played

    def canon(self, key: int) -> int:
        """The key a board is cached under (:meth:`._keys.KeyLayout.canon`)."""
        return self.layout.canon(key)

    def _count(self, key: int, c: int) -> int:
        return (key >> self.layout.count_offset[c]) & 255

    # -- decoding a key --

    def view(self, key: int, tapped: Pool | None = None) -> View:
        """The board ``key`` decoded (see the module); ``tapped``: the permanents a
        spell's convoke or improvise may tap (CR 702.51a, 702.126a)."""
        layout = self.layout
        reach = key & layout.reach_mask
        life = (key >> layout.life_offset) & 255
        most = (key >> layout.units_offset) & 255
        if not key & layout.special and not self.restricted and tapped is None:
            return View(reach, reach, reach, life, [], [], [], 0, False, most=most, plain=True,
                        key=key)  # fmt: skip
        units = self._histogram(key) if key & layout.special or tapped else []
        count = self._count
        grown = 0
        if self.reflecting:
            reach, grown, extra = self._reflected(key, reach)
            units += extra
            most += sum(count(key, c) for c in self.reflecting)
        restricted, free = self._restricted_on(key) if self.restricted else ([], 0)
        most += free
        exotic_units = sum(count(key, c) * self.classes[c].bound for c in self.exotic)
        static = any(count(key, c) for c in self.statics)
        modal = self.modes.board(key, tapped)
        if modal is None:  # too many choices: the tapper decides
            return View(reach, reach, reach, life, units, restricted, [], exotic_units,
                        self.hostile, most=255, static=True, key=key)  # fmt: skip
        return self._assemble(key, reach, life, most, units, grown, restricted, exotic_units,
                              static, modal)  # fmt: skip

    def _assemble(
        self,
        key: int,
        reach: int,
        life: int,
        most: int,
        units: list[tuple[int, int]],
        grown: int,
        restricted: list[tuple[int, int]],
        exotic_units: int,
        static: bool,
        modal: ModalBoard,
    ) -> View:
        """The view of board ``key`` with the modal sources' choices ``modal`` (see
        :mod:`._modes`): what they add and remove, their combinations, the bounds."""
        hall = self.hall
        reach += hall.reach(modal.units) - hall.reach(modal.removed)
        units = _adjusted(units, modal.units, modal.removed)
        most += len(modal.units) - len(modal.removed)
        combos = self.modes.combos(modal.groups, modal.capacity) if modal.groups else []
        if combos is None:
            return View(reach, reach, reach, life, units, restricted, [], exotic_units,
                        self.hostile, most=255, static=True, key=key)  # fmt: skip
        upper = self.modes.upper(modal.groups) if modal.groups else ((), ())
        most = 255 if modal.uncertain else most + len(upper[0]) - len(upper[1]) + exotic_units
        hostile = bool(exotic_units) and self.hostile
        high = reach + grown
        top = high + exotic_units * hall.hit(GENERIC)
        upper_reach = (top if exotic_units else high) + hall.reach(upper[0])
        flat = not (restricted or exotic_units or grown or static)
        plain = flat and not combos
        lane = _lane(combos) if combos and flat and not modal.uncertain else None
        return View(reach, reach, high, life, units, restricted, combos, exotic_units, hostile,
                    upper, most, static, plain, upper_reach, top, lane,
                    modal.uncertain, key)  # fmt: skip

    def _restricted_on(self, key: int) -> tuple[list[tuple[int, int]], int]:
        """The restricted sources on board ``key`` (class, count), and how many of
        them make no unrestricted unit."""
        count = self._count
        restricted = [(c, count(key, c)) for c in self.restricted if count(key, c)]
        return restricted, sum(n for c, n in restricted if not self.classes[c].units)

    def _histogram(self, key: int) -> list[tuple[int, int]]:
        layout = self.layout
        found = []
        for mask in layout.masks:
            n = (key >> layout.mask_offset[mask]) & 255
            if n:
                found.append((mask, n))
        return found

    def _reflected(self, key: int, reach: int) -> tuple[int, int, list[tuple[int, int]]]:
        """The reflecting sources on board ``key``: the reach with them, what it
        may grow by (exotic lands could produce more), their units."""
        count = self._count
        types = 0
        for t, off in enumerate(self.layout.type_offsets):
            if (key >> off) & 255:
                types |= 1 << t
        exotic_lands = any(count(key, c) and self.classes[c].is_land for c in self.exotic)
        grown = 0
        units: list[tuple[int, int]] = []
        for c in self.reflecting:
            n = count(key, c)
            if not n:
                continue
            source = self.classes[c]
            fixed = source.units[0] if source.units else 0
            mask = (types & source.reflect) | fixed
            if mask:
                reach += n * self.hall.hit(mask)
                units.append((mask, n))
            if exotic_lands:
                most = source.reflect | fixed
                grown += n * (self.hall.hit(most) - (self.hall.hit(mask) if mask else 0))
        return reach, grown, units

    # -- decisions --

    def answer(self, key: int, view: View | None, s: int) -> tuple[bool | None, View | None]:
        """Whether cost ``s`` is payable on board ``key`` (``None``: ask the tapper)
        and the board decoded (``view``: already decoded, or ``None``). Costs with
        more symbols than the board has units are rejected before decoding."""
        if self.fast:
            plain = not key & self.layout.special and not self.restricted
            if plain and (key >> self.layout.units_offset) & 255 < self.least_units[s]:
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
        if spell.reducing:
            if view.values is None:
                view.values = self.layout.feature_values(view.key, self.outside)
            amount = spell.reduction(view.values)
            if amount:
                spell = self.reduced(s, amount)
        if spell.taps and not view.static:
            view = self.tap_view(view.key, spell.taps)
        variants = spell.variants
        if variants is None or s in self.layout.unchecked or not self.fast or view.static:
            return None
        extra = NO_RESTRICTIONS
        if view.restricted or any(combo.restricted for combo in view.combos):
            extra = self.spell_on(view, s)
        return decide(self.hall, view, variants, extra)

    def reduced(self, s: int, amount: int) -> SpellCost:
        """Cost ``s`` with ``amount`` less generic mana (cached)."""
        found = self._reduced.get((s, amount))
        if found is None:
            found = self._reduced[(s, amount)] = self.costs[s].reduced(amount)
        return found

    def tap_view(self, key: int, taps: str) -> View:
        """The board ``key`` decoded for a spell whose convoke (improvise) may tap
        its creatures (artifacts), cached."""
        found = self._tap_views.get((key, taps))
        if found is None:
            if len(self._tap_views) >= MAX_VIEWS:
                self._tap_views.clear()
            found = self._tap_views[(key, taps)] = self.view(key, TAPPED_BY_SPELLS[taps])
        return found

    def spell_on(self, view: View, s: int) -> Spell:
        """What the restricted mana of board ``view`` does for cost ``s``
        (:class:`~._decide.Spell`)."""
        present = frozenset(r for combo in view.combos for r, _ in combo.restricted)
        cache_key = (s, tuple(view.restricted), present)
        found = self._spells.get(cache_key)
        if found is not None:
            return found
        down = up = 0
        units: list[tuple[int, int]] = []
        drop: list[tuple[int, int]] = []
        maybe = False
        hit = self.hall.hit
        for c, n in view.restricted:
            base, low, high, unsure = self._unit_for(self.classes[c], s)
            maybe = maybe or unsure
            before = hit(base) if base else 0
            down += n * ((hit(low) if low else 0) - before)
            up += n * ((hit(high) if high else 0) - before)
            if low != base:
                units.append((low, n))
                if base:
                    drop.append((base, n))
        permitted, unsure = self._permitted(present, s)
        found = Spell(down, up, tuple(units), tuple(drop), maybe or unsure, frozenset(permitted))
        self._spells[cache_key] = found
        return found

    def _unit_for(self, source: SourceClass, s: int) -> tuple[int, int, int, bool]:
        """One unit a {T} of a restricted source: its own types, those its
        restricted abilities surely make for cost ``s``'s spell (low) and those
        they may make (high), and whether they depend on paying X (region 3: never
        for activation costs)."""
        base = source.units[0] if source.units else 0
        low = high = base
        maybe = False
        for unit, restriction in source.restricted:
            spell_ok, x_ok = self._permit(restriction, s)
            if spell_ok and x_ok:
                low |= unit
            if spell_ok or x_ok:
                high |= unit
            maybe = maybe or spell_ok != x_ok
        return base, low, high, maybe

    def _permitted(self, present: frozenset[Restriction], s: int) -> tuple[set[Restriction], bool]:
        """The restrictions of modal sources that let cost ``s``'s spell spend
        their mana, and whether any depends on paying X."""
        permitted = set()
        maybe = False
        for r in present:
            spell_ok, x_ok = self._permit(r, s)
            if spell_ok and x_ok:
                permitted.add(r)
            maybe = maybe or spell_ok != x_ok
        return permitted, maybe

    def _permit(self, restriction: Restriction, s: int) -> tuple[bool, bool]:
        """Whether ``restriction`` lets cost ``s``'s spell spend the mana, and its
        X (CR 106.6, 107.3)."""
        found = self._permits.get((restriction, s))
        if found is None:
            spend = self.costs[s].spend
            spell_ok = restriction.allows(spend)
            printed = spend.mana_cost
            x_ok = restriction.allows(spend.paying_x()) if printed and printed.x_count else spell_ok
            found = self._permits[(restriction, s)] = (spell_ok, x_ok)
        return found

    # -- the tapper, on the real battlefield --

    def identity(self, c: int) -> int:
        """What a permanent of class ``c`` adds to a board's identity key (the
        counts of each class, for the tapper)."""
        return 1 << (WIDTH * c)

    def identity_tapped(self, c: int) -> int:
        """The identity key's part for a land of class ``c`` that entered tapped
        this turn, played as the land drop."""
        return ((c + 1) << (WIDTH * len(self.classes))) | self.land_played

    @property
    def land_played(self) -> int:
        """The identity key's bit for "a land was played this turn"."""
        return 1 << (WIDTH * len(self.classes) + 16)

    @property
    def graveyard(self) -> int:
        """The identity key's unit for a card in the graveyard (delve, CR 702.66)."""
        return 1 << (WIDTH * len(self.classes) + 24)

    @property
    def graveyard_key(self) -> int:
        """What a card in the graveyard adds to a key (0: no cost reads it)."""
        offset = self.layout.feature_offset.get(GRAVEYARD)
        return 0 if offset is None else 1 << offset

    def identity_board(self, identity: int) -> Board:
        """The battlefield an identity key stands for, the opponent's lands as
        assumed."""
        n = len(self.classes)
        counts = [(identity >> (WIDTH * c)) & 255 for c in range(n)]
        tapped = ((identity >> (WIDTH * n)) & 0xFFFF) - 1
        graveyard = (identity >> (WIDTH * n + 24)) & 255
        return self.board(counts, tapped, bool(identity & self.land_played), graveyard)

    def board(
        self,
        counts: Sequence[int],
        tapped: int = -1,
        land_played: bool = False,
        graveyard: int = SIM_GRAVEYARD,
    ) -> Board:
        """The battlefield with ``counts[c]`` permanents of each class (and one of
        class ``tapped`` tapped), ``graveyard`` cards in the graveyard."""
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
            graveyard=graveyard,
            facts=SIM_FACTS,
        )

    def tapper(self, board: Board, s: int) -> bool:
        """The tapper's answer for cost ``s`` on ``board``, reduced as its
        permanents reduce it (delve is the tapper's own, from the graveyard)."""
        spell = self.costs[s]
        if spell.reducing:
            values = {f: 0 for f in self.layout.feature_offset}
            for permanent in board.permanents:
                for f in values:
                    values[f] += f.weight(permanent)
            amount = spell.reduction(values)
            if amount:
                spell = self.reduced(s, amount)
        return tapper_can_pay(spell.cost, board, spell.spend)

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
                mask |= 255 << (WIDTH * other)
        return mask

    def without_statics(self, key: int, identity: int) -> tuple[int, int] | None:
        """A board with permanents whose static effects change nothing on it and
        that make no mana (Goldspan Dragon without Treasure) as the board without
        them: its key (canonical) and identity; ``None`` for other boards."""
        inert = self.inert
        for c in self.statics:
            n = (identity >> (WIDTH * c)) & 255
            if n:
                mask = inert[c]
                if mask is None or identity & mask:
                    return None
                key -= n * self.increments[c]
                identity -= n << (WIDTH * c)
        return self.canon(key), identity

    def static_answer(self, identity: int, s: int) -> bool | None:
        """Whether cost ``s`` is payable on the board an identity key stands for,
        which has permanents with static effects: decided on what its permanents
        are and have under those effects (:func:`mtgmana.board.layers.apply_layers`),
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
        counts = identity.to_bytes(n + 4, "little")  # WIDTH bits per class
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
            key += payer.increments[tapped] & payer.layout.types_mask
        if identity & self.land_played:
            key += payer.land_key
        key += counts[n + 3] * payer.graveyard_key
        key = payer.canon(key)
        view = payer._views.get(key)
        if view is None:
            if len(payer._views) >= MAX_VIEWS:
                payer._views.clear()
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


def _least(spell: SpellCost) -> int:
    """The fewest units that could pay a cost: none for a spell whose convoke or
    improvise taps permanents (more than the units); its colored demands for one
    whose generic mana the battlefield may reduce."""
    if not spell.variants or spell.taps:
        return 0
    if spell.reducing:
        return min(sum(1 for d in demands if d != GENERIC) for demands, _ in spell.variants)
    return min(len(demands) for demands, _ in spell.variants)


def _adjusted(
    units: list[tuple[int, int]], added: tuple[int, ...], removed: tuple[int, ...]
) -> list[tuple[int, int]]:
    """(mask, count) pairs with ``added`` units more and ``removed`` fewer."""
    if not added and not removed:
        return units
    counts = counted(units)
    for unit in added:
        counts[unit] = counts.get(unit, 0) + 1
    for unit in removed:
        counts[unit] -= 1
    return [(m, n) for m, n in counts.items() if n > 0]


def _completed(classes: list[SourceClass], opponent: Sequence[Permanent]) -> list[SourceClass]:
    """The classes with their modal sources completed (the powers and toughnesses
    the deck's permanents have); a modal land whose "instead" abilities make
    different types as an exotic source when the deck has sources that make what a
    land could produce (CR 106.7: what it could produce depends on the board)."""
    reflecting = any(source.kind == "reflecting" for source in classes)
    others = [source.template for source in classes] + list(opponent)
    result = []
    for source in classes:
        modal = source.modal
        if modal is not None and source.kind == "modal":
            modal = modal.completed(source.template, others)
            if reflecting and source.is_land and modal.varies(source.template):
                source = replace(source, kind="exotic", modal=None, colors=ANY, bound=8)
            else:
                source = replace(source, modal=modal)
        result.append(source)
    return result
