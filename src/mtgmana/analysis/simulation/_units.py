"""Mana as the simulation's fast check counts it (CR 106, 107.4, 601.2f-h, 605):
*units* (one mana each, as bit sets of what it could be) and *demands* (one
symbol of a cost each, as bit sets of the units that pay it).

**Units.** A unit is one mana a source makes: the set of types it may be, a 6-bit
mask over W U B R G C (CR 106.1), in one of four *regions* by how it is made:

* region 0 — by an activation that costs no mana (lands, dorks, Sol Ring);
* region 1 — by the first activation that costs mana, in an order of them (Signets,
  filter lands: CR 605.3a, 601.2g: its mana can't pay its own cost or an earlier
  one); region 2 — by the second;
* region 3 — mana that may be spent on spells only (CR 106.6: restricted mana the
  spell asked about may spend; it never pays an activation cost).

Bit :data:`SNOW` marks mana from a snow source (CR 107.4h); a unit of bit
:data:`ONLY_GENERIC` pays generic mana only (convoke's colorless creatures,
improvise's artifacts).

**Demands.** A cost is a tuple of demands: {W} is W in any region, {W/U} W or U,
{C/W} C or W, {S} a snow unit, {1} any unit (:data:`GENERIC`); {2/W} is W or two
generic — two *variants* of the cost; a Phyrexian symbol is paid with 2 life (the
demand drops) or, as :func:`paid_with_mana` writes it, with its color. An
activation's own cost is paid only by units made before it (:func:`paid_before`).

**Modes.** One way to use a source on a battlefield (:class:`Mode`): the units it
makes, the demands of its activation cost, the life it costs, the restriction on
its mana and the other permanents it taps or sacrifices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product
from typing import Final

from ...colors import ManaType
from ...costs import ManaCost
from ...restrictions import Restriction, Spend
from ...symbols import ManaSymbol, SymbolKind
from ._features import Feature, Pool, Test

__all__ = [
    "ACTIVATION",
    "ANY",
    "GENERIC",
    "IDLE",
    "LETTER_BITS",
    "ONLY_GENERIC",
    "PRODUCED",
    "ROOT",
    "SNOW",
    "SPELL_ONLY",
    "TYPE_BITS",
    "Mode",
    "Reducing",
    "SpellCost",
    "activation_demands",
    "demand_variants",
    "either",
    "mask_of",
    "paid_before",
    "paid_with_mana",
    "second",
    "spell_only",
    "types_of",
]

TYPE_BITS: Final = {ManaType.W: 1, ManaType.U: 2, ManaType.B: 4, ManaType.R: 8,
                    ManaType.G: 16, ManaType.C: 32}  # fmt: skip
LETTER_BITS: Final = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
ANY: Final = 63
"""Any type of mana, in region 0."""
PRODUCED: Final = 6
"""The width of a region: a unit of region ``r`` has its types shifted by ``r`` times
this."""
SPELL_ONLY: Final = 3 * PRODUCED
"""The shift of region 3: mana only spells may spend (restricted mana allowed)."""
SNOW: Final = 1 << (4 * PRODUCED)
"""A unit from a snow source."""
ONLY_GENERIC: Final = SNOW << 1
"""A unit that pays only generic mana: a colorless creature tapped for convoke, an
artifact tapped for improvise (CR 702.51a, 702.126a)."""
GENERIC: Final = (ONLY_GENERIC << 1) - 1
"""The demand any unit pays."""
ROOT: Final = ANY
"""The demand only a unit made without spending mana pays (the first activation
that costs mana is paid so)."""
ACTIVATION: Final = ANY | ANY << PRODUCED | ANY << 2 * PRODUCED
"""The demand of an activation cost's generic mana: any unit but those only spells
may spend."""
_ALL_REGIONS: Final = ANY | ANY << PRODUCED | ANY << 2 * PRODUCED | ANY << SPELL_ONLY


def either(types: int) -> int:
    """The demand of a spell for mana of one of ``types``, made however."""
    return types | types << PRODUCED | types << 2 * PRODUCED | types << SPELL_ONLY


def types_of(unit: int) -> int:
    """The types a unit (or demand) may be, whatever its region."""
    return (unit | unit >> PRODUCED | unit >> 2 * PRODUCED | unit >> SPELL_ONLY) & ANY


def second(unit: int) -> int:
    """A unit made by an activation that costs mana, as made by the second one."""
    return (unit & ANY << PRODUCED) << PRODUCED | (unit & (SNOW | ANY << SPELL_ONLY))


def spell_only(unit: int) -> int:
    """A unit moved to region 3: mana only spells may spend (restricted mana)."""
    return types_of(unit) << SPELL_ONLY | (unit & SNOW)


def paid_before(demand: int, origins: int) -> int:
    """An activation cost's demand that only units of the first ``origins`` regions
    may pay (1: made without mana; 2: or by the first activation)."""
    if demand in (GENERIC, ACTIVATION):
        demand = either(ANY)
    types = demand & ANY
    return types if origins == 1 else types | types << PRODUCED


def mask_of(types: object) -> int:
    """The type bits of a set of :class:`~mtgmana.mana.ManaType`."""
    bits = 0
    for t in types:  # type: ignore[attr-defined]
        bits |= TYPE_BITS[t]
    return bits


@dataclass(frozen=True)
class Mode:
    """One way to use a source on a battlefield: the ``units`` it makes, the
    demands of its activation cost (``costs``; ``typed``: one is other than {1}),
    the ``life`` it costs, the ``restriction`` on its mana (then its units are in
    region 3, for the spells it allows), and the other permanents it ``consumes``
    ((pool, how many) pairs: tapped or sacrificed as its cost)."""

    units: tuple[int, ...]
    costs: tuple[int, ...] = ()
    typed: bool = False
    life: int = 0
    restriction: Restriction | None = None
    consumes: tuple[tuple[Pool, int], ...] = ()

    @property
    def free(self) -> bool:
        """Whether it costs no mana and takes no other permanent."""
        return not self.costs and not self.consumes

    @property
    def plain(self) -> bool:
        """Whether it is free and its mana may be spent on anything."""
        return not self.costs and not self.consumes and self.restriction is None


IDLE: Final = Mode(())
"""Not using a source at all."""


# -- costs --------------------------------------------------------------------------

_MAX_VARIANTS: Final = 32


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


_TYPED_KINDS: Final = frozenset(
    {SymbolKind.COLORED, SymbolKind.COLORLESS, SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID}
)
_PHYREXIAN_KINDS: Final = frozenset(
    {SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN, SymbolKind.GENERIC_PHYREXIAN}
)


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
        elif kind in _TYPED_KINDS:
            base.append(either(sum(LETTER_BITS[h] for h in symbol.halves)))
        elif kind is SymbolKind.SNOW:
            base.append(SNOW)
        elif kind in _PHYREXIAN_KINDS:
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


def activation_demands(cost: ManaCost) -> tuple[tuple[int, ...], bool] | None:
    """The demands of an activation cost, and whether one is other than {1};
    ``None`` for symbols the check doesn't model."""
    demands: list[int] = []
    typed = False
    for symbol in cost:
        kind = symbol.kind
        if kind is SymbolKind.GENERIC:
            demands.extend([GENERIC] * symbol.generic_amount)
            continue
        if kind not in _TYPED_KINDS:
            return None
        typed = True
        demands.append(either(sum(LETTER_BITS[h] for h in symbol.halves)))
    return tuple(demands), typed or len(demands) != 1


@dataclass(frozen=True)
class Reducing:
    """How much generic mana a spell's cost is reduced by on a battlefield (CR
    601.2f): ``amount`` for each ``feature`` counted (affinity, delve's graveyard),
    or once if ``test`` holds, or ``amount`` always (``feature`` and ``test``
    ``None``: for each opponent)."""

    amount: int
    feature: Feature | None = None
    test: Test | None = None

    def of(self, values: Mapping[Feature, int]) -> int:
        if self.feature is not None:
            return self.amount * max(0, values[self.feature])
        if self.test is not None:
            return self.amount if self.test.holds(values) else 0
        return self.amount


@dataclass(frozen=True)
class SpellCost:
    """A cost to check: the tapper's cost and spend, its demand variants, how the
    battlefield reduces its generic mana (``reducing``) and which of its
    permanents may pay it by being tapped (``taps``: ``"convoke"`` creatures,
    ``"improvise"`` artifacts)."""

    cost: ManaCost
    spend: Spend
    variants: tuple[tuple[tuple[int, ...], int], ...] | None
    reducing: tuple[Reducing, ...] = ()
    taps: str = ""

    @classmethod
    def of(
        cls, cost: ManaCost, spend: Spend, reducing: tuple[Reducing, ...] = (), taps: str = ""
    ) -> SpellCost:
        found = demand_variants(cost)
        return cls(cost, spend, None if found is None else tuple(found), reducing, taps)

    @property
    def generic(self) -> int:
        """Its generic mana: the most a reduction takes (CR 601.2f)."""
        return sum(s.generic_amount for s in self.cost if s.kind is SymbolKind.GENERIC)

    def reduction(self, values: Mapping[Feature, int]) -> int:
        """The generic mana the battlefield whose counts are ``values`` takes off."""
        return min(self.generic, sum(r.of(values) for r in self.reducing))

    def reduced(self, amount: int) -> SpellCost:
        """The cost with ``amount`` less generic mana (its variants; ``reducing``
        applied)."""
        return SpellCost.of(self.cost.reduce_generic(amount), self.spend, taps=self.taps)
