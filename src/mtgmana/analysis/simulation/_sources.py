"""The simulation's mana sources (CR 106, 605), each permanent compiled once into a
:class:`SourceClass` for the fast check (:mod:`._payer`), with the auto-tapper
:func:`tapper_can_pay` as its referee.

**Kinds** (:data:`SourceKind`), from the fastest to decide:

* ``"simple"`` — fixed units: one unit for a permanent whose abilities each make
  one mana for {T} alone (a land, a dork, Arcane Signet, a Treasure), one unit per
  mana of a fixed bundle (Sol Ring's {C}{C}, a bounce land's {R}{G});
* ``"restricted"`` — a simple unit and one-mana restricted abilities (CR 106.6:
  Cavern of Souls, Pillar of the Paruns): units of region 3 for the spells the
  restriction allows;
* ``"reflecting"`` — "a type that a land you control could produce" (CR 106.7:
  Reflecting Pool, Cactus Preserve, Horizon of Progress);
* ``"modal"`` — every other mana ability the check models
  (:mod:`._modal`): resolved on each battlefield into modes — Signets and
  filter lands (costs in mana), choices of bundles, conditions on the battlefield,
  amounts read from it or from counters, restricted bundles, costs that tap or
  sacrifice other permanents;
* ``"static"`` — a permanent with static abilities that change other permanents
  (CR 613: Urborg, Chromatic Lantern): its boards are decided as the effects make
  every permanent (:meth:`~._payer.Payer.static_answer`);
* ``"exotic"`` — what isn't modelled (triggered mana, replacement effects, {Q}):
  the tapper decides, between bounds (the board without it; with it making its most
  mana of any type);
* ``"none"`` — no mana.

**Resources.** The simulation tracks no energy (CR 122.1) and no graveyard: its
battlefields have none (:data:`~mtgmana.analysis.roles.SIM_ENERGY`,
:data:`~mtgmana.analysis.roles.SIM_GRAVEYARD`), so an ability that pays energy or exiles a
card from your graveyard makes no mana there — as for the tapper on those
battlefields; "Exile this card from your hand" works only from a hand (CR 113.6m).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from ...board import Board, Permanent
from ...board.abilities import ActivationCost, DynamicSlot, ManaAbility
from ...board.effects import ContinuousEffect
from ...colors import Color
from ...costs import ManaCost
from ...restrictions import Restriction, Spend
from ...tapping import can_pay
from ..roles import SIM_FACTS, takes_types
from ._modal import ModalSource, Resolved, modal_source
from ._units import ANY, SNOW, mask_of, spell_only, types_of

__all__ = [
    "LIFE_LIMIT",
    "SourceClass",
    "SourceKind",
    "compile_source",
    "tapper_can_pay",
]

LIFE_LIMIT: Final = 19
"""Payments costing at most this much life are decided without the tapper."""
_EXOTIC_UNITS: Final = 8
_REFLECTING: Final = {DynamicSlot.OWN_LAND_COLORS: ANY & ~32, DynamicSlot.OWN_LAND_TYPES: ANY}

SourceKind = Literal["none", "simple", "restricted", "reflecting", "modal", "static", "exotic"]


def tapper_can_pay(cost: ManaCost, board: Board, spend: Spend) -> bool:
    """The auto-tapper's answer (life 20): the one place the simulation calls it.
    Mana abilities whose text isn't modelled make no mana here, as they make none
    in the fast check (``partial``)."""
    return can_pay(cost, board, spend=spend, partial=True)


@dataclass(frozen=True)
class SourceClass:
    """A permanent compiled for the check (see the module for ``kind``): ``units``
    (``"simple"``; ``"restricted"``: its unrestricted unit), ``restricted`` (one
    unit of each mask for the spells its restriction allows), ``modal`` (its
    abilities, resolved on each board; for the kinds it was read as, what its
    abilities take and give), ``reflect`` (``"reflecting"``: the types of
    "a type a land you control could produce" it may make), ``bound`` (``"exotic"``:
    at most this many mana). ``life`` is the most life one use costs, ``colors`` the
    type bits it can make (for the land-drop policy), ``produces`` the types it
    could produce (CR 106.7)."""

    template: Permanent
    kind: SourceKind
    units: tuple[int, ...] = ()
    restricted: tuple[tuple[int, Restriction], ...] = ()
    modal: ModalSource | None = None
    life: int = 0
    bound: int = 0
    colors: int = 0
    hostile: bool = False
    """Its effects may take mana from other permanents (Blood Moon)."""
    reflect: int = 0
    produces: int = 0
    is_land: bool = False

    @property
    def static(self) -> bool:
        """It has static abilities that may change other permanents (CR 604, 613)."""
        return self.kind == "static"


def _reflecting(permanent: Permanent) -> tuple[int, int, int]:
    """For a source with one mana ability "{T}[, Pay N life]: Add one mana of any
    type (color) that a land you control could produce" (Reflecting Pool, Horizon
    of Progress), the types it may make so, those its other abilities make ("{T}:
    Add {X}" each: Reflecting Pool under Chromatic Lantern) and the life it costs;
    ``(0, 0, 0)`` for other sources."""
    if permanent.triggers or permanent.replacements:
        return 0, 0, 0
    reflect = fixed = life = 0
    for ability in permanent.abilities:
        if not _one_mana_for_tap(ability):
            return 0, 0, 0
        slot = ability.production.choices[0].slots[0]
        if isinstance(slot, DynamicSlot):
            if reflect or slot not in _REFLECTING:
                return 0, 0, 0
            reflect = _REFLECTING[slot]
            life = ability.cost.life
        elif ability.cost.life:
            return 0, 0, 0
        else:
            fixed |= mask_of(slot)
    if not reflect or (fixed and permanent.is_snow):
        return 0, 0, 0
    return reflect, fixed, life


def _one_mana_for_tap(ability: ManaAbility) -> bool:
    """Whether the ability is "{T}[, Pay N life]: Add" one mana of one slot, with no
    other cost, condition, restriction or amount."""
    if not _tap_only(ability.cost) or ability.condition:
        return False
    if ability.restriction is not None or ability.production.per is not None:
        return False
    choices = ability.production.choices
    return len(choices) == 1 and len(choices[0].slots) == 1 and not choices[0].damage


def _tap_only(cost: ActivationCost) -> bool:
    """Whether a cost is {T} (and perhaps life), nothing else."""
    if not cost.tap or cost.mana or cost.sacrifice_self:
        return False
    if cost.untap or cost.sacrifice or cost.tap_other or cost.remove_counters:
        return False
    return not (any(cost.resources) or cost.exile_from_hand or cost.discard_hand)


def _hostile(statics: Sequence[ContinuousEffect]) -> bool:
    """Whether static effects may take mana from other permanents: setting their
    land types (CR 305.7: Blood Moon), card types or subtypes, removing abilities or
    land types, setting colors — unlike adding land types or granting abilities,
    which never make a cost unpayable."""
    return any(
        (effect.set_types and not effect.affects.itself)
        or effect.removes_abilities
        or (effect.colors is not None and not effect.add_colors)
        or takes_types(effect)  # CR 205.1a (Song of the Dryads)
        for effect in statics
    )


def compile_source(
    permanent: Permanent,
    *,
    commander_colors: Color | None,
    opponent: Sequence[Permanent] = (),
) -> SourceClass:
    """``permanent`` compiled (see the module). Slots that don't depend on the rest
    of the battlefield are resolved: the chosen color, the commander's color
    identity, what the ``opponent``'s lands could produce."""
    found = _compile(permanent, commander_colors, opponent)
    if found.kind == "exotic":
        produces = ANY
    elif found.kind == "reflecting":
        produces = found.colors
    else:  # what it alone could produce (CR 106.7: ignoring whether costs could be paid)
        board = Board((permanent, *opponent), commander_colors=commander_colors, facts=SIM_FACTS)
        produces = mask_of(board.could_produce()[0])
    return replace(found, produces=produces, is_land=permanent.is_land)


def _compile(
    permanent: Permanent,
    commander_colors: Color | None,
    opponent: Sequence[Permanent],
) -> SourceClass:
    statics = getattr(permanent, "statics", ())
    if statics:
        # Continuous effects (mtgmana.board.effects) change other permanents: boards with
        # it are decided as the effects make them (Payer.static_answer). What it
        # makes by itself, as they make it (Urborg: {B}), is for the land drops.
        alone = Board((permanent,)).effective.permanents[0].with_state(statics=())
        own = _compile(alone, commander_colors, opponent)
        return SourceClass(permanent, "static", bound=_EXOTIC_UNITS, colors=own.colors,
                           life=own.life, hostile=_hostile(statics))  # fmt: skip
    reflecting, fixed, life = _reflecting(permanent)
    if reflecting:
        return SourceClass(permanent, "reflecting", units=(fixed,) if fixed else (),
                           reflect=reflecting, colors=reflecting | fixed, life=life)  # fmt: skip
    context = Board((permanent, *opponent), commander_colors=commander_colors, facts=SIM_FACTS)
    snow = SNOW if permanent.is_snow else 0
    modal = modal_source(permanent, context, snow)
    if modal is None:
        bound = sum(
            a.production.fixed_size or _EXOTIC_UNITS for a in permanent.abilities
        ) + _EXOTIC_UNITS * bool(permanent.triggers)
        return SourceClass(permanent, "exotic", bound=max(bound, 1), colors=ANY,
                           hostile=bool(permanent.replacements))  # fmt: skip
    life = modal.most_life
    if modal.reads or modal.pools:
        return SourceClass(permanent, "modal", modal=modal, life=life, colors=modal.types)
    return _constant(permanent, modal, life)


def _constant(permanent: Permanent, modal: ModalSource, life: int) -> SourceClass:
    """A source whose modes don't depend on the battlefield, as the simplest kind
    that has them."""
    resolved = modal.resolve({})
    if not (resolved.tap or resolved.once or resolved.repeat):
        return SourceClass(permanent, "none", modal=modal)
    colors = _types_made(resolved)
    units = resolved.plain
    if units is not None:
        return SourceClass(permanent, "simple", units=units, modal=modal, life=life,
                           colors=colors)  # fmt: skip
    if _one_unit_each(resolved):
        plain = [m for m in resolved.tap if m.plain]
        return SourceClass(
            permanent,
            "restricted",
            units=plain[0].units if plain else (),
            restricted=tuple(
                (spell_only(m.units[0]), m.restriction)
                for m in resolved.tap
                if not m.plain and m.restriction is not None
            ),
            modal=modal,
            life=life,
            colors=colors,
        )
    return SourceClass(permanent, "modal", modal=modal, life=life, colors=colors)


def _types_made(resolved: Resolved) -> int:
    """The types of mana the source's modes make."""
    colors = 0
    for group in (resolved.tap, *resolved.once, resolved.repeat):
        for mode in group:
            for unit in mode.units:
                colors |= types_of(unit)
    return colors


def _one_unit_each(resolved: Resolved) -> bool:
    """Whether the source is "restricted": only {T} modes, at most one plain one,
    each making one unit, the restricted ones free."""
    if resolved.once or resolved.repeat:
        return False
    plain = [m for m in resolved.tap if m.plain]
    restricted = [m for m in resolved.tap if not m.plain]
    return (
        len(plain) <= 1
        and all(len(m.units) == 1 for m in plain)
        and all(m.free and len(m.units) == 1 for m in restricted)
    )
