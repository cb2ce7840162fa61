"""Counting a deck's mana as deckbuilders do (Karsten 2022,
shared/reference/karsten-2022.md), for :func:`mtgmana.analysis.deck.analyze`.

Each spell gets a :class:`SpellReport` and each land a :class:`LandReport`, both
with a short ``counted_as`` note saying how the card was counted. Where Karsten is
silent the Monte Carlo (:mod:`mtgmana.analysis.simulate`) decides, and the note
says so.

**Pips** (CR 107.4): a colored symbol needs its color; a hybrid symbol ({G/W},
CR 107.4e) is a group paid by sources of either color and adds no color to the
deck on its own; a monocolored hybrid symbol ({2/W}) is counted as its generic
half; a Phyrexian symbol ({B/P}, CR 107.4f) is paid with 2 life — the
probability — and, as a second figure (``without_life``), with its color. X is 1
(CR 107.3; per card with ``x={"Fireball": 3}``). Both halves of a split card and
an adventurer card's creature and Adventure are reported, each under its own name.

**Sources**: as :mod:`mtgmana.analysis.deck` states, and:

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
  it on a battlefield of its own (:mod:`.roles`: Urborg, Tomb of Yawgmoth is a
  black source; Cryptolith Rite and Prismatic Omen are none); the note says how
  the simulation plays the effect (:mod:`._sim_statics`);
* a source counts only the mana the simulation lets it make (:mod:`._role_mana`):
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
from typing import TYPE_CHECKING, Final

from ..board.abilities import DynamicSlot, bind_chosen_type
from ..costs import ManaCost
from ..restrictions import Restriction, Spend, parse_type_line
from ..symbols import SymbolKind
from ._casting import cast_plan, spell_cost
from ._counting_notes import MDFC_LAND, land_note, spell_note
from ._sim_statics import deck_statics
from .karsten import Requirement, sources_table, target_for
from .roles import CardRole

if TYPE_CHECKING:
    from .deck import Deck, DeckCard

__all__ = [
    "MDFC_LAND",
    "ColorNeed",
    "ColorSources",
    "LandCount",
    "LandReport",
    "SpellReport",
    "chosen_creature_type",
    "deck_colors",
]


_LETTERS: Final = "WUBRG"
_PIP_KEYS: Final = "WUBRGC"
_CHOICE_MANY_COLORS: Final = 2 / 3
_DORK: Final = 0.5
_ROCK: Final = 0.75
_TREASURE: Final = 0.25


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


def _spell_items(deck: Deck) -> list[tuple[str, DeckCard]]:
    zones = [("main", c) for c in deck.main if not c.role.is_land]
    zones += [("commander", c) for c in deck.commander if not c.role.is_land]
    zones += [("companion", c) for c in deck.companion if not c.role.is_land]
    return [(zone, c) for zone, c in zones if not c.role.is_unknown]  # no cost to judge


def deck_colors(deck: Deck) -> str:
    """The colors the deck's spells need, in WUBRG order: those of their colored
    symbols; a hybrid symbol adds its colors only when the deck has no other color
    (CR 107.4e: either color pays it); Phyrexian and monocolored hybrid symbols add
    none (life or generic mana pays them).

    >>> from mtgmana.analysis.deck import Deck
    >>> deck_colors(Deck.parse("12 Mountain\\n12 Plains\\n4 Kitchen Finks\\n4 Dismember\\n"
    ...                        "28 Lightning Helix"))
    'WR'
    """
    hard: set[str] = set()
    hybrid: set[str] = set()
    for _, item in _spell_items(deck):
        for index in item.role.spell_faces or (0,):
            for symbol in item.card.faces[index].mana_cost:
                kind = symbol.kind
                if kind is SymbolKind.COLORED:
                    hard |= set(symbol.halves)
                elif kind in (SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID):
                    hybrid |= {h for h in symbol.halves if h in _LETTERS}
    found = hard or hybrid
    return "".join(c for c in _LETTERS if c in found)


def chosen_creature_type(deck: Deck) -> str | None:
    """The creature type most creature spells of the deck share (copies counted;
    ties: alphabetical): what Cavern of Souls names."""
    counts: dict[str, int] = {}
    for _, item in _spell_items(deck):
        _, card_types, subtypes = parse_type_line(item.card.faces[0].type_line)
        if "Creature" in card_types:
            for subtype in subtypes:
                counts[subtype] = counts.get(subtype, 0) + item.count
    if not counts:
        return None
    return min(counts, key=lambda t: (-counts[t], t))


# -- sources ----------------------------------------------------------------------


class _Counter:
    """Karsten's counting of a deck's sources (see the module)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.colors = frozenset(deck_colors(deck))
        identity = deck.commander_colors
        commander = frozenset(str(identity)) if identity else frozenset()
        self.choice_value = 1.0 if len(self.colors) <= 2 else _CHOICE_MANY_COLORS
        self.chosen_type = chosen_creature_type(deck)
        land_colors: frozenset[str] = frozenset()
        for item in deck.main:
            if item.role.is_land:
                land_colors |= item.role.produces
        self.dynamic_options: dict[DynamicSlot, tuple[frozenset[str], ...]] = {}
        for slot in DynamicSlot:
            if slot is DynamicSlot.COMMANDER_COLORS:
                value: tuple[frozenset[str], ...] = (commander,) if commander else ()
            elif slot.name.startswith("OPPONENT"):
                value = (self.colors,) if self.colors else ()
            elif slot.name.startswith(("OWN", "GATE")):
                value = (land_colors,) if land_colors else ()
            elif slot.name.startswith(("EACH_PERMANENT", "EACH_MONOCOLORED")):
                value = ()  # its own colors, read by .roles; the others: the simulation
            else:  # chosen colors, colors of permanents: a choice among the deck's colors
                value = tuple(frozenset(c) for c in sorted(self.colors))
            self.dynamic_options[slot] = value
        self._options: dict[tuple[str, bool], tuple[frozenset[str], ...]] = {}
        self._restricted = any(item.role.restricted for item in deck.main)
        self._sources: dict[tuple[object, ...], tuple[float, int, float]] = {}

    def _every(self, role: CardRole, back: bool) -> tuple[frozenset[str], bool]:
        options = role.land_back_options if back else role.options
        every: frozenset[str] = frozenset().union(*options)
        chosen = False
        for slot in role.dynamic:
            if slot in (DynamicSlot.CHOSEN_COLOR, DynamicSlot.CHOSEN_COLORS):
                chosen = True
                continue
            for option in self.dynamic_options[slot]:
                every |= option
        return every, chosen

    def options(self, role: CardRole, *, back: bool = False) -> tuple[frozenset[str], ...]:
        """The choices a source's controller makes *once* (which face of a Pathway
        to play, what a fetch land finds, a Thriving land's color), each the set of
        mana letters the permanent can then make on every activation; dynamic
        slots resolved; restricted mana left out. ``back``: a modal double-faced
        spell's land back face."""
        found = self._options.get((role.name, back))
        if found is not None:
            return found
        every, chosen = self._every(role, back)
        choices: list[frozenset[str]] = []
        if chosen:
            extra = [c for c in sorted(self.colors) if c not in every]
            choices = [every | {c} for c in extra] or [every]
        elif role.back is not None and not back:
            other: frozenset[str] = frozenset().union(*role.back_options)
            choices = [every, other]
        elif role.fetch is not None and not back:
            for option in self._found(role):
                if option and option not in choices:
                    choices.append(option)
        elif every:
            choices = [every]
        result = tuple(c for c in choices if c)
        self._options[(role.name, back)] = result
        return result

    def _found(self, role: CardRole) -> list[frozenset[str]]:
        """What a fetch land may give the deck: the mana of each land it can find
        here (Karsten counts a fetch land as a source of each color it finds); of
        the pair it finds (Krosan Verge: a Forest and a Plains; Blighted Woodland:
        any two basic lands)."""
        fetch = role.fetch
        assert fetch is not None
        made = [
            (self.produces(item.role), item.role.subtypes)
            for item in self.deck.main
            if item.role.is_land and item.role.fetch is None and fetch.finds(item.card)
        ]
        if fetch.each:  # one of each type at once
            both: frozenset[str] = frozenset()
            for land_type in fetch.types:
                for letters, subtypes in made:
                    if land_type in subtypes:
                        both |= letters
            return [both]
        if fetch.lands > 1 and not fetch.share_type:
            return [a | b for i, (a, _) in enumerate(made) for b, _ in made[i:]] or []
        return [letters for letters, _ in made]

    def produces(self, role: CardRole, *, back: bool = False) -> frozenset[str]:
        result: frozenset[str] = frozenset()
        for option in self.options(role, back=back):
            result |= option
        return result

    def restricted(self, role: CardRole, spend: Spend | None) -> frozenset[str]:
        """The restricted mana letters ``role`` may spend on ``spend`` (CR 106.6)."""
        letters: frozenset[str] = frozenset()
        if spend is None:
            return letters
        for option, restriction in role.restricted:
            if self._allows(restriction, spend):
                letters |= option
        return letters

    def _allows(self, restriction: Restriction, spend: Spend) -> bool:
        if self.chosen_type is not None:
            restriction = bind_chosen_type(restriction, self.chosen_type)
        return restriction.allows(spend)

    def value(
        self,
        role: CardRole,
        group: frozenset[str],
        spend: Spend | None = None,
        *,
        back: bool = False,
    ) -> float:
        """How much of a source of ``group`` one copy of a source is (for the
        spell ``spend`` describes, when restricted mana matters)."""
        extra = self.restricted(role, spend) if not back else frozenset()
        options = self.options(role, back=back)
        if extra:
            options = tuple(o | extra for o in options) or (extra,)
        if not options:
            return 0.0
        hits = [bool(option & group) for option in options]
        if all(hits):
            return 1.0
        if not any(hits):
            return 0.0
        if role.fetch is not None and not role.fetch.basic_only and not back:
            return 1.0  # it finds the land with the color when it is cracked
        union = frozenset().union(*options) & (self.colors | {"C"})
        if any(option >= union for option in options):
            return 1.0
        return self.choice_value

    def turn_one(self, role: CardRole, *, back: bool = False) -> bool:
        entry = role.land_back_entry if back else role.entry
        if not entry.untapped_on_turn_one():
            return False
        fetch = role.fetch
        return back or fetch is None or not (fetch.tapped or fetch.delayed)

    def sources(
        self, group: frozenset[str], mana_value: int, spend: Spend | None = None
    ) -> tuple[float, int, float]:
        """(land sources, lands counted, other sources) of ``group`` for a spell of
        ``mana_value`` (``spend``: the spell, for restricted mana), cached (the spell
        matters only when some source's mana is restricted)."""
        key = (group, mana_value, spend if self._restricted else None)
        found = self._sources.get(key)
        if found is None:
            found = self._sources[key] = self._count(group, mana_value, spend)
        return found

    def _count(
        self, group: frozenset[str], mana_value: int, spend: Spend | None
    ) -> tuple[float, int, float]:
        lands = other = 0.0
        counted = 0
        for item in self.deck.main:
            role = item.role
            if role.is_land:
                if mana_value <= 1 and not self.turn_one(role):
                    continue
                value = self.value(role, group, spend)
                if value:
                    lands += value * item.count
                    counted += item.count
                continue
            if role.land_back is not None and (mana_value > 1 or self.turn_one(role, back=True)):
                value = self.value(role, group, back=True)
                if value:
                    lands += MDFC_LAND * value * item.count
            if role.kind in ("dork", "rock", "treasure") and mana_value > role.mana_value:
                if role.kind == "dork" and mana_value >= 2:
                    weight = _DORK
                elif role.kind == "rock" and mana_value >= 3:
                    weight = _ROCK
                elif role.kind == "treasure" and mana_value >= 2:
                    other += _TREASURE * item.count  # any color
                    continue
                else:
                    continue
                other += weight * self.value(role, group, spend) * item.count
        return lands, counted, other


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
    counter: _Counter,
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


def _spell_reports(
    deck: Deck, on_the_draw: bool, x: Mapping[str, int] | None = None
) -> tuple[SpellReport, ...]:
    counter = _Counter(deck)
    size, commander = deck.size, deck.commander_rules
    mdfc = sum(item.count for item in deck.main if item.role.land_back is not None)
    model = _Model(size, deck.lands + MDFC_LAND * mdfc, on_the_draw, commander)
    statics = deck_statics(item.card for item in deck.main)
    reports = []
    for zone, item in _spell_items(deck):
        faces = item.role.spell_faces or (0,)
        for face in faces:
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
            reports.append(
                SpellReport(
                    name=chosen.name if len(faces) > 1 else item.name,
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
                    card=item.name if len(faces) > 1 else "",
                    x=x_value,
                    without_life=without,
                    counted_as=_joined(
                        spell_note(item, face, x_value, without, statics), plan.note
                    ),
                )
            )
    return tuple(reports)


def _joined(*notes: str) -> str:
    return "; ".join(note for note in notes if note)


def _color_sources(deck: Deck) -> tuple[ColorSources, ...]:
    counter = _Counter(deck)
    colors = deck_colors(deck)
    pips = dict.fromkeys(_LETTERS, 0)
    for _, item in _spell_items(deck):
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


def _land_count(deck: Deck) -> LandCount:
    values = [
        (item.role.mana_value, item.count)
        for item in deck.main
        if not item.role.is_land and not item.role.is_unknown  # unknown cost: not averaged
    ]
    cards = sum(n for _, n in values)
    average = sum(v * n for v, n in values) / cards if cards else 0.0
    cheap = sum(item.count for item in deck.main if item.role.cheap_draw_or_ramp)
    companion = bool(deck.companion)
    size = deck.size
    if size in (99, 100):
        recommended = 31.42 + 3.13 * average - 0.28 * cheap
        formula = "31.42 + 3.13 x average mana value - 0.28 x cheap draw/ramp"
        extrapolated = False
    else:
        recommended = 19.59 + 1.90 * average - 0.28 * cheap + (0.27 if companion else 0.0)
        formula = "19.59 + 1.90 x average mana value - 0.28 x cheap draw/ramp"
        if companion:
            formula += " + 0.27 (companion)"
        extrapolated = size != 60
        if extrapolated:
            recommended *= size / 60
            formula = f"({formula}) x {size}/60"
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


def _land_reports(deck: Deck) -> tuple[LandReport, ...]:
    """A :class:`LandReport` per land of the main deck and per modal double-faced
    spell with a land back, in the deck's order."""
    counter = _Counter(deck)
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
