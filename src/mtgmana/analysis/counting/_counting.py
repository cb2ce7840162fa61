"""Counting a deck's mana as deckbuilders do (Karsten 2022,
shared/reference/karsten-2022.md), for :func:`mtgmana.analysis.summary.analyze`.

Each spell gets a :class:`SpellReport` and each land a :class:`LandReport`, both
with a short ``counted_as`` note saying how the card was counted. Where Karsten is
silent the Monte Carlo (:mod:`mtgmana.analysis.simulation`) decides, and the note
says so.

**Pips** (CR 107.4): a colored symbol needs its color; a hybrid symbol ({G/W},
CR 107.4e) is a group paid by sources of either color and adds no color to the
deck on its own; a monocolored hybrid symbol ({2/W}) is counted as its generic
half; a Phyrexian symbol ({B/P}, CR 107.4f) is paid with 2 life — the
probability — and, as a second figure (``without_life``), with its color. X is 1
(CR 107.3; per card with ``x={"Fireball": 3}``). Both halves of a split card and
an adventurer card's creature and Adventure are reported, each under its own name.

**Sources**: as :mod:`mtgmana.analysis.summary` states, and:

* a fetch land that can find nonbasic lands (Polluted Delta) is a full source of
  every color it finds *in this deck*; one that finds basic lands only (Fabled
  Passage, Evolving Wilds) is a choice land (2/3 in a deck of three colors or more);
* restricted mana (CR 106.6: Cavern of Souls, Ancient Ziggurat, Pillar of the
  Paruns) counts only for the spells that may spend it; Cavern of Souls and
  Unclaimed Territory name the creature type most of the deck's creature spells
  share;
* "a color a land an opponent controls could produce" (Exotic Orchard, Fellwar
  Stone) counts for the deck's colors, assuming an opponent whose lands make them;
* Nykthos, Shrine to Nyx is a colorless source (its devotion mana needs colored
  permanents); Gemstone Caverns is colorless (any color only when it begins the
  game on the battlefield, which the simulation plays on the draw);
* a modal double-faced spell with a land back (Emeria's Call) is half a land in the
  land count and half a source of its land's colors (:data:`MDFC_LAND`); the
  simulation plays it as a land when no other land is in hand;
* ramp spells other than dorks, rocks and Treasure makers are not sources here: the
  simulation casts them (the note says what they do);
* a card with static effects on mana (CR 613) counts as what it makes as they make
  it on a battlefield of its own (:mod:`mtgmana.analysis.roles`: Urborg, Tomb of Yawgmoth is a
  black source; Cryptolith Rite and Prismatic Omen are none); the note says how
  the simulation plays the effect (:mod:`mtgmana.analysis.roles._deck_statics`);
* a source counts only the mana the simulation lets it make (:mod:`mtgmana.analysis.roles._mana`):
  Aether Hub is colorless only (its colored mana needs energy, CR 122.1), Molt
  Tender none (a card exiled from your graveyard), a condition on a fact of the game
  ("your turn", max speed, the monarch) holds only as it does on the simulation's
  battlefields; an amount ("{G} for each creature you control") counts when it is at
  least 1 with the card alone (Axebane Guardian, Karametra's Acolyte; not Gaea's
  Cradle); "for each color among permanents you control" (Bloom Tender, Faeburrow
  Elder) counts the card's own colors (CR 105.2), the others being the simulation's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ...costs import ManaCost
from ...restrictions import Spend
from ...symbols import SymbolKind
from ..decks import Deck, DeckCard, deck_colors, spell_items
from ..karsten import Requirement, sources_table, target_for
from ..roles import CardRole, DeckStatics, deck_statics
from ._casting import cast_plan, spell_cost
from ._counter import MDFC_LAND, SourceCounter
from ._notes import land_note, spell_note

__all__ = [
    "ColorNeed",
    "ColorSources",
    "LandCount",
    "LandReport",
    "SpellReport",
    "color_sources",
    "land_count",
    "land_reports",
    "spell_reports",
]


_LETTERS: Final = "WUBRG"
_PIP_KEYS: Final = "WUBRGC"


# -- results -----------------------------------------------------------------------


@dataclass(frozen=True)
class ColorNeed:
    """One color (or hybrid group, ``"WU"``) of a spell: its ``pips``, Karsten's
    ``required`` sources (``None`` when no number of sources reaches the target),
    the deck's ``sources`` (fractional) and ``land_sources`` (lands counted at all),
    and the exact-model ``probability`` with those sources."""

    colors: str
    pips: int
    required: int | None
    sources: float
    land_sources: int
    probability: float
    target: float

    @property
    def meets(self) -> bool:
        """Whether the deck has Karsten's required sources."""
        return self.required is not None and self.sources + 1e-9 >= self.required


@dataclass(frozen=True)
class SpellReport:
    """A spell of the deck: its cost, mana value, the turn it is cast on curve
    (its mana value, at least 1), pips per color, and one :class:`ColorNeed` per
    color group. ``probability`` is the lowest of its needs' (see the module).

    ``card`` is the card's name when this is one half of it (``name`` is then the
    half's: "Stomp" of "Bonecrusher Giant // Stomp"); ``x`` the X it is judged at;
    ``without_life`` the probability paying its Phyrexian symbols with mana
    (``None`` without Phyrexian symbols); ``counted_as`` how it was counted.
    """

    name: str
    count: int
    cost: str
    mana_value: int
    turn: int
    kind: str
    pips: Mapping[str, int]
    needs: tuple[ColorNeed, ...]
    probability: float
    target: float
    zone: str = "main"
    card: str = ""
    x: int | None = None
    without_life: float | None = None
    counted_as: str = ""

    @property
    def meets(self) -> bool:
        return all(need.meets for need in self.needs)

    @property
    def gold(self) -> bool:
        return sum(1 for need in self.needs if set(need.colors) & set(_LETTERS)) >= 2


@dataclass(frozen=True)
class ColorSources:
    """One color: the pips of the deck's spells (copies counted; a hybrid pip
    counts for each of its colors), its share of all colored pips, the lands that
    make it (a choice counted as Karsten counts it) and the dorks, rocks and
    Treasure makers (at their fractional values, as for a spell of mana value 4)."""

    color: str
    pips: int
    share: float
    land_sources: float
    other_sources: float

    @property
    def sources(self) -> float:
        return self.land_sources + self.other_sources


@dataclass(frozen=True)
class LandCount:
    """The deck's lands against Karsten's 2022 formula. ``mdfc`` modal double-faced
    spells with a land back count :data:`MDFC_LAND` of a land each in ``effective``."""

    lands: int
    recommended: float
    average_mana_value: float
    cheap_draw_or_ramp: int
    companion: bool
    formula: str
    extrapolated: bool
    mdfc: int = 0

    @property
    def effective(self) -> float:
        """Lands plus the modal double-faced cards' share."""
        return self.lands + MDFC_LAND * self.mdfc

    @property
    def difference(self) -> float:
        """Effective lands minus the recommended count."""
        return round(self.effective - self.recommended, 4)


@dataclass(frozen=True)
class LandReport:
    """A land of the main deck (or a modal double-faced spell with a land back):
    the mana letters it makes (``"GU"``), whether it enters tapped
    (``"always"``, ``"conditionally"``, ``"never"``), how much of a land it is, its
    value as a source of each of the deck's colors (for a spell of mana value 2)
    and how it was counted."""

    name: str
    count: int
    produces: str
    enters_tapped: str
    land: float
    sources: Mapping[str, float]
    counted_as: str


# -- pips -------------------------------------------------------------------------


def _groups(cost: ManaCost, *, life: bool = True) -> dict[frozenset[str], int]:
    """Pips of a cost by group of mana types (see the module); Phyrexian symbols
    only when not paid with ``life``."""
    groups: dict[frozenset[str], int] = {}
    for symbol in cost:
        kind = symbol.kind
        if kind is SymbolKind.MONOCOLORED_HYBRID or kind is SymbolKind.GENERIC_PHYREXIAN:
            continue
        if life and kind in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
            continue
        if kind in (
            SymbolKind.COLORED,
            SymbolKind.COLORLESS,
            SymbolKind.HYBRID,
            SymbolKind.COLORLESS_HYBRID,
            SymbolKind.PHYREXIAN,
            SymbolKind.HYBRID_PHYREXIAN,
        ):
            key = frozenset(h for h in symbol.halves if h in _PIP_KEYS)
            if key:
                groups[key] = groups.get(key, 0) + 1
    return groups


def _label(group: frozenset[str]) -> str:
    return "".join(c for c in _PIP_KEYS if c in group)


# -- the exact model, cached --------------------------------------------------------


@lru_cache(maxsize=4096)
def _curve(
    size: int, lands: int, mana_value: int, pips: int, on_the_draw: bool, commander: bool
) -> tuple[int | None, tuple[float, ...]]:
    """(Karsten's sources needed, P for S = 0..lands) for a requirement."""
    need = Requirement(f"{mana_value - pips}{'C' * pips}", mana_value, pips, None)
    (row,) = sources_table(size, lands, [need], on_the_draw=on_the_draw, commander=commander)
    return row.sources, tuple(float(p) for p in row.curve)


def _interpolate(curve: tuple[float, ...], sources: float) -> float:
    s = min(max(sources, 0.0), len(curve) - 1)
    low = math.floor(s)
    high = min(low + 1, len(curve) - 1)
    fraction = s - low
    return curve[low] * (1 - fraction) + curve[high] * fraction


class _Model:
    """The exact model at a fractional land count (modal double-faced cards):
    interpolated between the whole counts around it."""

    def __init__(self, size: int, lands: float, on_the_draw: bool, commander: bool) -> None:
        self.size = size
        self.low = min(math.floor(lands), size)
        self.high = min(math.ceil(lands), size)
        self.fraction = lands - self.low
        self.nearest = min(round(lands), size)
        self.args = (on_the_draw, commander)

    def needed(self, turn: int, pips: int) -> int | None:
        return _curve(self.size, self.nearest, turn, pips, *self.args)[0]

    def probability(self, turn: int, pips: int, sources: float) -> float:
        _, low = _curve(self.size, self.low, turn, pips, *self.args)
        p = _interpolate(low, sources)
        if self.high != self.low and self.fraction:
            _, high = _curve(self.size, self.high, turn, pips, *self.args)
            p = p * (1 - self.fraction) + _interpolate(high, sources) * self.fraction
        return p


# -- the analysis ----------------------------------------------------------------------


def _spend(item: DeckCard, face: int, cost: ManaCost) -> Spend:
    chosen = item.card.faces[face]
    return Spend.spell(chosen.type_line, mana_cost=chosen.mana_cost, cost=cost, name=chosen.name)


def _needs(
    counter: SourceCounter,
    model: _Model,
    cost: ManaCost,
    turn: int,
    spend: Spend,
    *,
    life: bool,
) -> tuple[list[ColorNeed], float]:
    groups = _groups(cost, life=life)
    colored = sum(1 for g in groups if g & set(_LETTERS))
    needs = []
    for group, pips in sorted(groups.items(), key=lambda kv: _PIP_KEYS.index(_label(kv[0])[0])):
        pips = min(pips, turn)
        needed = model.needed(turn, pips)
        land_sources, counted, other = counter.sources(group, turn, spend)
        total = land_sources + other
        required = None if needed is None else needed + (1 if colored >= 2 else 0)
        needs.append(
            ColorNeed(
                colors=_label(group),
                pips=pips,
                required=required,
                sources=round(total, 4),
                land_sources=counted,
                probability=model.probability(turn, pips, total),
                target=float(target_for(turn)),
            )
        )
    if needs:
        return needs, min(need.probability for need in needs)
    return needs, model.probability(turn, 0, 0.0)


def spell_reports(
    deck: Deck, on_the_draw: bool, x: Mapping[str, int] | None = None
) -> tuple[SpellReport, ...]:
    counter = SourceCounter(deck)
    size, commander = deck.size, deck.commander_rules
    mdfc = sum(item.count for item in deck.main if item.role.land_back is not None)
    model = _Model(size, deck.lands + MDFC_LAND * mdfc, on_the_draw, commander)
    statics = deck_statics(item.card for item in deck.main)
    return tuple(
        _spell_report(counter, model, statics, zone, item, face, x)
        for zone, item in spell_items(deck)
        for face in item.role.spell_faces or (0,)
    )


def _spell_report(
    counter: SourceCounter,
    model: _Model,
    statics: DeckStatics,
    zone: str,
    item: DeckCard,
    face: int,
    x: Mapping[str, int] | None,
) -> SpellReport:
    """The :class:`SpellReport` of one castable face of a spell of the deck."""
    named = len(item.role.spell_faces or (0,)) > 1
    chosen = item.card.faces[face]
    printed = chosen.mana_cost
    plan = cast_plan(item, face, x)
    cost, x_value, turn, value = plan.cost, plan.x, plan.turn, plan.mana_value
    spend = _spend(item, face, cost)
    needs, probability = _needs(counter, model, cost, turn, spend, life=True)
    without: float | None = None
    if any(s.is_phyrexian for s in cost):
        _, without = _needs(counter, model, cost, turn, spend, life=False)
    groups = _groups(cost, life=True)
    pips_by_color = {c: sum(n for g, n in groups.items() if c in g) for c in _PIP_KEYS}
    return SpellReport(
        name=chosen.name if named else item.name,
        count=item.count,
        cost=str(cost if x_value is None else printed),
        mana_value=value,
        turn=turn,
        kind=item.role.kind,
        pips={c: n for c, n in pips_by_color.items() if n},
        needs=tuple(needs),
        probability=probability,
        target=float(target_for(turn)),
        zone=zone,
        card=item.name if named else "",
        x=x_value,
        without_life=without,
        counted_as=_joined(spell_note(item, face, x_value, without, statics), plan.note),
    )


def _joined(*notes: str) -> str:
    return "; ".join(note for note in notes if note)


def color_sources(deck: Deck) -> tuple[ColorSources, ...]:
    counter = SourceCounter(deck)
    colors = deck_colors(deck)
    pips = dict.fromkeys(_LETTERS, 0)
    for _, item in spell_items(deck):
        for face in item.role.spell_faces or (0,):
            for group, n in _groups(spell_cost(item.card.faces[face].mana_cost, 1)).items():
                for c in group & set(_LETTERS):
                    pips[c] += n * item.count
    total = sum(pips.values())
    result = []
    for c in _LETTERS:
        if c not in colors and not pips[c]:
            continue
        lands, _, other = counter.sources(frozenset(c), 4)
        share = pips[c] / total if total else 0.0
        result.append(ColorSources(c, pips[c], share, round(lands, 4), round(other, 4)))
    return tuple(result)


def _recommended(size: int, average: float, cheap: int, companion: bool) -> tuple[float, str, bool]:
    """Karsten's recommended land count for a deck of ``size`` cards (its formula,
    and whether it was extrapolated from 60 cards)."""
    if size in (99, 100):
        recommended = 31.42 + 3.13 * average - 0.28 * cheap
        return recommended, "31.42 + 3.13 x average mana value - 0.28 x cheap draw/ramp", False
    recommended = 19.59 + 1.90 * average - 0.28 * cheap + (0.27 if companion else 0.0)
    formula = "19.59 + 1.90 x average mana value - 0.28 x cheap draw/ramp"
    if companion:
        formula += " + 0.27 (companion)"
    extrapolated = size != 60
    if extrapolated:
        recommended *= size / 60
        formula = f"({formula}) x {size}/60"
    return recommended, formula, extrapolated


def land_count(deck: Deck) -> LandCount:
    values = [
        (item.role.mana_value, item.count)
        for item in deck.main
        if not item.role.is_land and not item.role.is_unknown  # unknown cost: not averaged
    ]
    cards = sum(n for _, n in values)
    average = sum(v * n for v, n in values) / cards if cards else 0.0
    cheap = sum(item.count for item in deck.main if item.role.cheap_draw_or_ramp)
    companion = bool(deck.companion)
    recommended, formula, extrapolated = _recommended(deck.size, average, cheap, companion)
    return LandCount(
        lands=deck.lands,
        recommended=round(recommended, 2),
        average_mana_value=round(average, 3),
        cheap_draw_or_ramp=cheap,
        companion=companion,
        formula=formula,
        extrapolated=extrapolated,
        mdfc=sum(item.count for item in deck.main if item.role.land_back is not None),
    )


# -- the land-by-land table ----------------------------------------------------------


def _enters_tapped(role: CardRole, *, back: bool = False) -> str:
    if back:
        kind = role.land_back_entry.kind
    else:
        fetch = role.fetch
        if fetch is not None and fetch.tapped:
            return "conditionally" if fetch.untap_with_four else "always"
        kind = role.entry.kind
    if kind == "untapped":
        return "never"
    return "always" if kind == "tapped" else "conditionally"


def land_reports(deck: Deck) -> tuple[LandReport, ...]:
    """A :class:`LandReport` per land of the main deck and per modal double-faced
    spell with a land back, in the deck's order."""
    counter = SourceCounter(deck)
    colors = deck_colors(deck)
    rows = []
    for item in deck.main:
        role = item.role
        back = role.land_back is not None
        if not role.is_land and not back:
            continue
        weight = MDFC_LAND if back else 1.0
        sources = {c: weight * counter.value(role, frozenset(c), back=back) for c in colors}
        letters = counter.produces(role, back=back) | (
            frozenset().union(*(o for o, _ in role.restricted)) if role.restricted else frozenset()
        )
        rows.append(
            LandReport(
                name=item.name,
                count=item.count,
                produces="".join(c for c in _PIP_KEYS if c in letters),
                enters_tapped=_enters_tapped(role, back=back),
                land=weight,
                sources={c: round(v, 4) for c, v in sources.items()},
                counted_as=land_note(counter, item, sources, back),
            )
        )
    return tuple(rows)
