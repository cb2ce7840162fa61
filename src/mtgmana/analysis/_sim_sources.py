"""The simulation's fast, exact castability check (CR 106, 107.4, 118.3, 601.2f-h,
605): mana sources compiled once into *units* and costs into *demands*, decided by
Hall's theorem on a battlefield kept as one integer (:mod:`._sim_payer`), the
auto-tapper only where that can't decide.

**Units.** A permanent whose abilities each make one mana for {T} alone (a land, a
dork, Arcane Signet, a Talisman, a Treasure) is one unit: the set of mana types it
can make, a 6-bit mask over W U B R G C. A permanent that makes a fixed bundle for
{T} alone (Sol Ring's {C}{C}, a bounce land's {R}{G}) is one unit per mana. Mana
made by an activation that costs mana has its bits shifted by :data:`PRODUCED`
(twice, for the second of two activations in an order), so that a demand can say
which mana may pay it; bit :data:`SNOW` marks a snow source (CR 107.4h).

**Demands.** A cost is a list of demands, each the set of unit bits that pay it:
{W} is W made however, {W/U} is W or U, {C/W} is C or W, {S} a snow unit, {1} any
unit; {2/W} is W or two generic (two variants of the cost); a Phyrexian symbol is
paid with 2 life (the demand drops) or, without life (:func:`paid_with_mana`),
with its color.

**Hall's theorem.** Units pay a list of demands iff for every set D of distinct
demands, the units that can pay some demand of D are at least as many as the
demands in D — only the unions of D matter (:mod:`._sim_payer` packs them).

**Other sources.** Restricted mana (CR 106.6: Cavern of Souls) is a unit only for
the spells its restriction allows, and never pays activation costs. *Complex*
sources — a choice of bundles (Coveted Jewel), abilities that cost mana (Signets,
filter lands, Conduit Pylons) — are tried in each combination of their modes
(:class:`Mode`: the units made, the demands of the activation cost). One
activation that costs mana is paid by units made without mana (:data:`ROOT`);
several costing exactly {1} each are payable iff one of them is (then the ones so
fed go first and feed the others); two with other costs are tried in both orders;
more are a relaxation, and when only a relaxation passes the auto-tapper decides.
"Could produce" sources (Reflecting Pool, Cactus Preserve, CR 106.7) make what the
other lands could (and what their other "{T}: Add" abilities make). *Dynamic*
sources make mana that depends on the rest of the battlefield (:mod:`._sim_dynamic`:
Axebane Guardian, Overgrown Battlement, Faeburrow Elder, Gaea's Cradle): the key
keeps what their amounts read, and on a board they are resolved into units, a
choice of modes tried one by one. *Exotic* sources (other amounts that depend on
the board, conditions on other permanents, sacrificing or tapping others,
discarding, triggers) give bounds: the board without them (more
mana never hurts) and with each making its most mana of any type; between the
bounds the tapper decides, on the real battlefield. Sources with static effects
(CR 613) are compiled again as the effects make every permanent
(:meth:`~._sim_payer.Payer.static_answer`). Life (painlands, Phyrexian symbols) is
exact while the life a payment could cost stays under 20; beyond, the tapper
decides.

**Resources.** The simulation tracks no energy (CR 122.1) and no graveyard: its
battlefields have none (:data:`SIM_ENERGY`, :data:`SIM_GRAVEYARD`), so an ability
that pays energy (Aether Hub's "{T}, Pay {E}: Add one mana of any color") or exiles
a card from your graveyard (Molt Tender) makes no mana there — as for the tapper on
those battlefields; "Exile this card from your hand" works only from a hand (CR
113.6m).

:func:`tapper_can_pay` is the one call into :func:`mtgmana.tapping.can_pay`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Final

from ..abilities import DynamicSlot
from ..battlefield import Board, Permanent
from ..colors import Color
from ..costs import ManaCost
from ..effects import ContinuousEffect
from ..mana import ManaType
from ..restrictions import Restriction, Spend
from ..symbols import ManaSymbol, SymbolKind
from ..tapping import can_pay
from ._role_statics import takes_types
from ._sim_dynamic import DynamicSource, dynamic_source, reads_battlefield

__all__ = [
    "ANY",
    "GENERIC",
    "ROOT",
    "SIM_ENERGY",
    "SIM_FACTS",
    "SIM_GRAVEYARD",
    "SNOW",
    "Mode",
    "SourceClass",
    "SpellCost",
    "compile_source",
    "demand_variants",
    "either",
    "paid_before",
    "paid_with_mana",
    "second",
    "tapper_can_pay",
]

TYPE_BITS: Final = {ManaType.W: 1, ManaType.U: 2, ManaType.B: 4, ManaType.R: 8,
                    ManaType.G: 16, ManaType.C: 32}  # fmt: skip
LETTER_BITS: Final = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
ANY: Final = 63
"""Any type of mana (the bits of a unit made without spending mana)."""
PRODUCED: Final = 6
"""A unit made by an activation that costs mana has its types shifted by this (by
twice this, when made by the second of two such activations in an order)."""
SNOW: Final = 1 << 18
"""A unit from a snow source."""
GENERIC: Final = (1 << 19) - 1
"""The demand any unit pays."""
ROOT: Final = ANY
"""The demand only a unit made without spending mana pays (the first activation
that costs mana is paid so)."""
SIM_ENERGY: Final = 0
"""The energy counters of the simulation's battlefields (energy isn't tracked)."""
SIM_GRAVEYARD: Final = 0
"""The cards in the graveyard of the simulation's battlefields (not tracked)."""
SIM_FACTS: Final = frozenset({"your turn"})
"""The facts of the game on the simulation's battlefields: its questions are asked
on your own turn (CR 500); no other fact (max speed, the monarch...) is tracked."""
LIFE_LIMIT: Final = 19
"""Payments costing at most this much life are decided without the tapper."""
_WIDTH: Final = 8
_EXOTIC_UNITS: Final = 8
_MAX_VARIANTS: Final = 32
_MAX_ATOMS: Final = 10
_REFLECTING: Final = {DynamicSlot.OWN_LAND_COLORS: ANY & ~32, DynamicSlot.OWN_LAND_TYPES: ANY}
_RESOLVED: Final = frozenset(
    {
        DynamicSlot.CHOSEN_COLOR,
        DynamicSlot.CHOSEN_COLORS,
        DynamicSlot.COMMANDER_COLORS,
        DynamicSlot.OPPONENT_LAND_COLORS,
        DynamicSlot.OPPONENT_LAND_TYPES,
        DynamicSlot.OPPONENT_BASIC_COLORS,
    }
)
"""Slots whose types don't depend on the rest of the battlefield here."""


def tapper_can_pay(cost: ManaCost, board: Board, spend: Spend) -> bool:
    """The auto-tapper's answer (life 20): the one place the simulation calls it.
    Mana abilities whose text isn't modelled make no mana here, as they make none
    in the fast check (``partial``)."""
    return can_pay(cost, board, spend=spend, partial=True)


# -- sources ------------------------------------------------------------------------


@dataclass(frozen=True)
class Mode:
    """One way to use a complex source: the units it makes, the demands of its
    activation cost, whether a demand is other than {1}, and the life it costs."""

    units: tuple[int, ...]
    costs: tuple[int, ...] = ()
    typed: bool = False
    life: int = 0


@dataclass(frozen=True)
class SourceClass:
    """A permanent compiled for the check: ``kind`` is ``"none"`` (no mana),
    ``"simple"`` (``units``), ``"restricted"`` (``units`` for any spell, and one
    unit of each mask of ``restricted`` for the spells its restriction allows),
    ``"complex"`` (``modes``), ``"dynamic"`` (``dynamic``: resolved on each board;
    at most ``bound`` mana) or ``"exotic"`` (at most ``bound`` mana; the tapper
    decides). ``life`` is the most life one use costs; ``colors`` the type bits it
    can make (for the land-drop policy)."""

    template: Permanent
    kind: str
    units: tuple[int, ...] = ()
    restricted: tuple[tuple[int, Restriction], ...] = ()
    modes: tuple[Mode, ...] = ()
    life: int = 0
    bound: int = 0
    colors: int = 0
    hostile: bool = False
    reflect: int = 0
    """``"reflecting"`` sources: the types of "a type (color) a land you control
    could produce" (CR 106.7) they may make, of those the other lands could (and
    ``units``: the types their other abilities make)."""
    produces: int = 0
    """A land's types it could produce (for the reflecting sources)."""
    is_land: bool = False
    static: bool = False
    """It has static abilities that may change other permanents (CR 604, 613:
    Urborg, Chromatic Lantern): the tapper decides on boards with it."""
    dynamic: DynamicSource | None = None
    """A ``"dynamic"`` source's abilities, resolved on each board."""


def either(types: int) -> int:
    """The demand for mana of one of ``types``, made however."""
    return types | types << PRODUCED | types << 2 * PRODUCED


def second(unit: int) -> int:
    """A unit made by an activation that costs mana, as made by the second one."""
    return (unit & ANY << PRODUCED) << PRODUCED | (unit & SNOW)


def paid_before(demand: int, origins: int) -> int:
    """A cost demand that only units of the first ``origins`` origins may pay
    (1: made without mana; 2: or by the first activation)."""
    if demand == GENERIC:
        demand = either(ANY)
    types = demand & ANY
    return types if origins == 1 else types | types << PRODUCED


def _mask(types: Iterable[ManaType]) -> int:
    bits = 0
    for t in types:
        bits |= TYPE_BITS[t]
    return bits


def _cost_demands(cost: ManaCost) -> tuple[tuple[int, ...], bool] | None:
    """The demands of an activation cost, and whether one is other than {1};
    ``None`` for symbols the check doesn't model."""
    demands: list[int] = []
    typed = False
    for symbol in cost:
        kind = symbol.kind
        if kind is SymbolKind.GENERIC:
            demands.extend([GENERIC] * symbol.generic_amount)
            continue
        typed = True
        if kind in (SymbolKind.COLORED, SymbolKind.COLORLESS, SymbolKind.HYBRID,
                    SymbolKind.COLORLESS_HYBRID):  # fmt: skip
            demands.append(either(sum(LETTER_BITS[h] for h in symbol.halves)))
        else:
            return None
    return tuple(demands), typed or len(demands) != 1


def _reflecting(permanent: Permanent) -> tuple[int, int]:
    """For a source with one mana ability "{T}: Add one mana of any type (color)
    that a land you control could produce" (Reflecting Pool), the types it may
    make so, and those its other abilities make ("{T}: Add {X}" each: Reflecting
    Pool under Chromatic Lantern); ``(0, 0)`` for other sources."""
    if permanent.triggers or permanent.replacements:
        return 0, 0
    reflect = fixed = 0
    for ability in permanent.abilities:
        cost = ability.cost
        if not cost.tap or cost.mana or cost.life or cost.sacrifice_self or ability.condition:
            return 0, 0
        if cost.untap or cost.sacrifice or cost.tap_other or cost.remove_counters:
            return 0, 0
        if any(cost.resources) or cost.exile_from_hand or cost.discard_hand:
            return 0, 0
        if ability.restriction is not None or ability.production.per is not None:
            return 0, 0
        choices = ability.production.choices
        if len(choices) != 1 or len(choices[0].slots) != 1 or choices[0].damage:
            return 0, 0
        slot = choices[0].slots[0]
        if isinstance(slot, DynamicSlot):
            if reflect or slot not in _REFLECTING:
                return 0, 0
            reflect = _REFLECTING[slot]
        else:
            fixed |= _mask(slot)
    if not reflect or (fixed and permanent.is_snow):
        return 0, 0
    return reflect, fixed


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
    """``permanent`` compiled (see the module). Dynamic slots that don't depend on
    the rest of the battlefield are resolved: the chosen color, the commander's
    color identity, what the ``opponent`` lands could produce."""
    found = _compile(permanent, commander_colors, opponent)
    produces = found.colors
    for mode in found.modes:
        for unit in mode.units:
            produces |= (unit | unit >> PRODUCED) & ANY
    if found.kind == "exotic":
        produces = ANY
    return replace(found, produces=produces, is_land=permanent.is_land)


def _compile(
    permanent: Permanent,
    commander_colors: Color | None,
    opponent: Sequence[Permanent],
) -> SourceClass:
    statics = getattr(permanent, "statics", ())
    if statics:
        # Continuous effects (mtgmana.effects) change other permanents: boards with
        # it are decided as the effects make them (Payer.static_answer). What it
        # makes by itself, as they make it (Urborg: {B}), is for the land drops.
        alone = Board((permanent,)).effective.permanents[0].with_state(statics=())
        own = _compile(alone, commander_colors, opponent)
        return SourceClass(permanent, "exotic", bound=_EXOTIC_UNITS, colors=own.colors,
                           life=own.life, hostile=_hostile(statics), static=True)  # fmt: skip
    reflecting, fixed = _reflecting(permanent)
    if reflecting:
        return SourceClass(permanent, "reflecting", units=(fixed,) if fixed else (),
                           reflect=reflecting, colors=reflecting | fixed,
                           is_land=permanent.is_land)  # fmt: skip
    context = Board((permanent, *opponent), commander_colors=commander_colors, facts=SIM_FACTS)
    snow = SNOW if permanent.is_snow else 0
    exotic = bool(permanent.triggers or permanent.replacements)
    hostile = bool(permanent.replacements)
    modes: list[Mode] = []
    restricted: list[tuple[int, Restriction]] = []
    bound = 0
    untapping = 0
    for ability in permanent.abilities:
        production = ability.production
        size = production.fixed_size
        bound += _EXOTIC_UNITS if size is None or production.per is not None else size
        condition = ability.condition
        if condition is not None:
            if reads_battlefield(condition):
                exotic = True  # it looks at other permanents
                continue
            if not context.holds(0, condition):
                continue  # facts of the game: only SIM_FACTS hold on the simulation's boards
        cost = ability.cost
        if cost.energy > SIM_ENERGY or cost.exile_graveyard > SIM_GRAVEYARD:
            continue  # no energy, no graveyard: it makes no mana (see the module)
        if cost.exile_from_hand:
            continue  # only from a hand (CR 113.6m)
        if cost.remove_counters > permanent.counters:
            continue  # it can't pay (as for the tapper)
        # Counters it entered with (Vivid Crag) aren't used up: each question is
        # asked on its own, on a battlefield where the permanent still has them.
        if cost.untap or cost.sacrifice or cost.tap_other:
            exotic = True
            continue
        if cost.discard or cost.discard_hand:
            exotic = True  # the tapper's hand decides
            continue
        if not cost.tap:
            if not ability.once_per_turn:
                exotic = True
                continue
            untapping += 1
        if production.per is not None:
            exotic = True
            continue
        demands: tuple[int, ...] = ()
        typed = False
        if cost.mana is not None and cost.mana.has_mana_cost and cost.mana.mana_value:
            found = _cost_demands(cost.mana)
            if found is None:
                exotic = True
                continue
            demands, typed = found
        shift = PRODUCED if demands else 0
        for choice in production.choices:
            units: list[int] = []
            for slot in choice.slots:
                if isinstance(slot, DynamicSlot):
                    if slot not in _RESOLVED:
                        exotic = True
                        units = []
                        break
                    types = context.resolve_slot(slot, 0)
                else:
                    types = slot
                if not types:
                    units = []
                    break
                units.append(_mask(types) << shift | snow)
            if not units:
                continue
            mode = Mode(tuple(units), demands, typed, cost.life + choice.damage)
            if ability.restriction is not None:
                if len(units) != 1 or demands:
                    exotic = True
                else:
                    restricted.append((units[0], ability.restriction))
                continue
            if mode not in modes:
                modes.append(mode)
    if untapping and len(permanent.abilities) > 1:
        exotic = True  # a {T} ability and one that doesn't tap: both in a turn
    colors = 0
    for mode in modes:
        for unit in mode.units:
            colors |= (unit | unit >> PRODUCED) & ANY
    for unit, _ in restricted:
        colors |= unit & ANY
    life = max((m.life for m in modes), default=0)
    if exotic:
        dynamic = dynamic_source(permanent, context, snow)
        if dynamic is not None:
            return SourceClass(permanent, "dynamic", bound=max(bound, 1),
                               colors=dynamic.types & ANY, dynamic=dynamic)  # fmt: skip
        return SourceClass(permanent, "exotic", bound=max(bound, 1), colors=colors or ANY,
                           life=life, hostile=hostile)  # fmt: skip
    if not modes and not restricted:
        return SourceClass(permanent, "none")
    single = all(len(m.units) == 1 and not m.costs for m in modes)
    if restricted:
        if not single:
            return SourceClass(permanent, "exotic", bound=max(bound, 1), colors=colors,
                               life=life)  # fmt: skip
        base = 0
        for mode in modes:
            base |= mode.units[0]
        return SourceClass(permanent, "restricted", units=(base,) if base else (),
                           restricted=tuple(restricted), life=life, colors=colors)  # fmt: skip
    if single:
        mask = 0
        for mode in modes:
            mask |= mode.units[0]
        return SourceClass(permanent, "simple", units=(mask,), life=life, colors=colors)
    if len(modes) == 1 and not modes[0].costs:
        return SourceClass(permanent, "simple", units=modes[0].units, life=life, colors=colors)
    return SourceClass(permanent, "complex", modes=_prune(modes), life=life, colors=colors)


def _prune(modes: list[Mode]) -> tuple[Mode, ...]:
    """The modes of a complex source, free one-unit modes merged into one unit of
    their types (one activation: any of them), a mode that uses nothing added
    when no mode is free."""
    singles = [m for m in modes if len(m.units) == 1 and not m.costs]
    rest = [m for m in modes if not (len(m.units) == 1 and not m.costs)]
    result: list[Mode] = []
    if singles:
        mask = 0
        for mode in singles:
            mask |= mode.units[0]
        result.append(Mode((mask,), (), False, max(m.life for m in singles)))
    result.extend(rest)
    if all(m.costs for m in result):
        result.insert(0, Mode(()))
    return tuple(result)


# -- costs --------------------------------------------------------------------------


def paid_with_mana(cost: ManaCost) -> ManaCost:
    """``cost`` with its Phyrexian symbols paid with mana: {B/P} as {B}, {W/U/P} as
    {W/U}, {H} as {1} (CR 107.4f-g)."""
    symbols: list[ManaSymbol] = []
    for symbol in cost:
        kind = symbol.kind
        if kind is SymbolKind.PHYREXIAN:
            symbols.append(ManaSymbol.parse("{" + symbol.halves[0] + "}"))
        elif kind is SymbolKind.HYBRID_PHYREXIAN:
            symbols.append(ManaSymbol.parse("{" + "/".join(symbol.halves[:2]) + "}"))
        elif kind is SymbolKind.GENERIC_PHYREXIAN:
            symbols.append(ManaSymbol.generic(1))
        else:
            symbols.append(symbol)
    return ManaCost.from_symbols(symbols)


def demand_variants(cost: ManaCost) -> list[tuple[tuple[int, ...], int]] | None:
    """The ways to pay ``cost`` as (demands, life): monocolored hybrid symbols as
    either half, Phyrexian symbols with 2 life; ``None`` when a symbol is one the
    check doesn't model ({L}, half mana, ...)."""
    base: list[int] = []
    life = 0
    choices: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for symbol in cost:
        kind = symbol.kind
        if kind is SymbolKind.GENERIC:
            base.extend([GENERIC] * symbol.generic_amount)
        elif kind is SymbolKind.VARIABLE:
            continue  # X = 0 when not chosen
        elif kind in (SymbolKind.COLORED, SymbolKind.COLORLESS, SymbolKind.HYBRID,
                      SymbolKind.COLORLESS_HYBRID):  # fmt: skip
            base.append(either(sum(LETTER_BITS[h] for h in symbol.halves)))
        elif kind is SymbolKind.SNOW:
            base.append(SNOW)
        elif kind in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN,
                      SymbolKind.GENERIC_PHYREXIAN):  # fmt: skip
            life += 2
        elif kind is SymbolKind.MONOCOLORED_HYBRID:
            generic, color = symbol.halves
            choices.append(((either(LETTER_BITS[color]),), (GENERIC,) * int(generic)))
        else:
            return None
    if 2 ** len(choices) > _MAX_VARIANTS:
        return None
    variants = []
    for picked in product(*choices):
        demands = list(base)
        for part in picked:
            demands.extend(part)
        variants.append((tuple(sorted(demands)), life))
    return variants


@dataclass(frozen=True)
class SpellCost:
    """A cost to check: the tapper's cost and spend, and its demand variants."""

    cost: ManaCost
    spend: Spend
    variants: tuple[tuple[tuple[int, ...], int], ...] | None

    @classmethod
    def of(cls, cost: ManaCost, spend: Spend) -> SpellCost:
        found = demand_variants(cost)
        return cls(cost, spend, None if found is None else tuple(found))
