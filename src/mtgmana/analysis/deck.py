"""A real deck's mana, by Karsten's counting rules and his exact model.

:class:`Deck` is a decklist resolved against the card database (:mod:`.decklist`),
with the :class:`~mtgmana.analysis.roles.CardRole` of each card. :func:`analyze`
gives its :class:`DeckSummary`:

* per spell (:class:`SpellReport`): the pips of each color (one group per color; a
  hybrid symbol makes a group of its colors, paid by sources of either, as Karsten
  counts hybrid), Karsten's requirement (:func:`~mtgmana.analysis.sources_needed`
  for the deck's size and land count, plus 1 for each color of a gold card, as he
  advises), the deck's sources of that color for that spell, and the exact-model
  probability (:func:`~mtgmana.analysis.castability`) with those sources;
* the mana curve by color, pips against sources per color, the land count against
  Karsten's 2022 formula (:class:`LandCount`), and what-ifs (:class:`WhatIf`:
  "+1 Island", "-1 Mountain", "-1 Mountain +1 Island") ranked by how much they
  raise the worst spell's probability.

**Counting sources** (Karsten 2022, shared/reference/karsten-2022.md): a land that
makes the color is a full source; a land whose color is a *choice* (Pathways, fetch
lands that find one color or another, Thriving lands' chosen color, Fabled Passage)
is a full source in a deck of at most two colors and 2/3 of a source in a deck of
three or more; a fetch land makes what the lands it can find *in this deck* make (a
fetch that finds a dual is a full source of both colors). "Any color" lands count
for every color; "a color in your commander's color identity" for the commander's
colors; "a color a land an opponent controls could produce" for none (unknown).
Lands that enter tapped on turn 1 (taplands, check lands, slow lands, reveal lands,
fetches that put the land onto the battlefield tapped) don't count for spells of
mana value 1. Mana dorks count 0.5 for spells of mana value 2 or more, rocks 0.75
for 3 or more, Treasure makers 0.25 of any color for 2 or more — each only for spells
that cost more than the source itself.

**The exact probability with fractional sources**: the model needs a whole number of
sources among the lands, so the probability at ``S`` sources is interpolated
linearly between ``floor(S)`` and ``ceil(S)``, and ``S`` is capped at the land count
(dorks and rocks can take the count past it). A spell with pips of several colors
gets the lowest of its colors' probabilities (an upper bound of casting it; the
model has one color at a time). A spell without pips gets the model's probability
with 0 sources (1 when the lands are there).

**Land count** (Karsten's 2022 regression): 60 cards: 19.59 + 1.90 x average mana
value - 0.28 x cheap card draw and ramp (+ 0.27 with a companion); 99 or 100
cards: 31.42 + 3.13 x average mana value - 0.28 x cheap card draw and ramp. The
average mana value is over the main deck's nonland cards (X = 0). Other deck sizes
scale the 60-card formula by size / 60 (an extrapolation, flagged as such). "Cheap
card draw and ramp" is defined in :mod:`mtgmana.analysis.roles`.

>>> deck = Deck.parse("4 Llanowar Elves\\n4 Growth Spiral\\n16 Forest\\n8 Island\\n28 Opt")
>>> summary = analyze(deck, what_ifs=0)
>>> summary.deck_size, summary.lands, summary.colors
(60, 24, 'UG')
>>> spiral = summary.spell("Growth Spiral")
>>> [(need.colors, need.pips, need.required, need.sources) for need in spiral.needs]
[('U', 1, 14, 8.0), ('G', 1, 14, 18.0)]
"""

from __future__ import annotations

import importlib.resources
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

from ..abilities import DynamicSlot
from ..cards import Card, CardDatabase
from ..colors import Color
from ..costs import ManaCost
from ..errors import MtgManaError
from ..symbols import ONE_MANA_KINDS
from .decklist import Decklist
from .karsten import HAND_SIZE, MAX_DECK_SIZE, Requirement, sources_table, target_for
from .roles import CardRole, role_of

__all__ = [
    "BASIC_LANDS",
    "COLOR_LETTERS",
    "ColorNeed",
    "ColorSources",
    "CurveBar",
    "Deck",
    "DeckCard",
    "DeckError",
    "DeckSummary",
    "LandCount",
    "SpellReport",
    "WhatIf",
    "analyze",
    "example_text",
    "parse_changes",
]

COLOR_LETTERS: Final = "WUBRG"
_PIP_KEYS: Final = "WUBRGC"
BASIC_LANDS: Final = {
    "W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes",
}  # fmt: skip
"""The basic land that makes each type of mana, for what-ifs."""

_CHOICE_MANY_COLORS: Final = 2 / 3
_DORK: Final = 0.5
_ROCK: Final = 0.75
_TREASURE: Final = 0.25
_EXAMPLE: Final = "example-deck.txt"


class DeckError(MtgManaError):
    """A deck that can't be analyzed (empty, no lands, too small, a bad what-if)."""


# -- the deck ----------------------------------------------------------------------


@dataclass(frozen=True)
class DeckCard:
    """A card of a deck section with its number of copies, its role and the lines
    of the decklist that list it."""

    card: Card
    count: int
    role: CardRole
    lines: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        return self.card.name


@dataclass(frozen=True)
class Deck:
    """A resolved deck: the main deck (the library, CR 103.1), the sideboard, the
    commander(s) (in the command zone, CR 903.6) and a companion (outside the game,
    CR 702.139)."""

    main: tuple[DeckCard, ...]
    sideboard: tuple[DeckCard, ...] = ()
    commander: tuple[DeckCard, ...] = ()
    companion: tuple[DeckCard, ...] = ()
    name: str | None = None

    @classmethod
    def parse(cls, text: str, *, database: CardDatabase | None = None) -> Deck:
        """Read and resolve a decklist (:meth:`Decklist.parse`,
        :meth:`Decklist.resolve`)."""
        return cls.from_decklist(Decklist.parse(text), database=database)

    @classmethod
    def from_decklist(cls, decklist: Decklist, *, database: CardDatabase | None = None) -> Deck:
        """Resolve a :class:`Decklist`; copies of a card on several lines merge."""
        resolved = decklist.resolve(database)
        sections: dict[str, dict[str, DeckCard]] = {}
        for item in resolved:
            cards = sections.setdefault(item.entry.section, {})
            old = cards.get(item.card.name)
            if old is None:
                cards[item.card.name] = DeckCard(
                    item.card, item.count, role_of(item.card), (item.entry.line,)
                )
            else:
                cards[item.card.name] = replace(
                    old, count=old.count + item.count, lines=(*old.lines, item.entry.line)
                )

        def part(name: str) -> tuple[DeckCard, ...]:
            return tuple(sections.get(name, {}).values())

        return cls(
            part("main"), part("sideboard"), part("commander"), part("companion"), decklist.name
        )

    @classmethod
    def example(cls) -> Deck:
        """The example deck shipped with mtgmana (a Simic ramp deck: duals, a fetch
        land, taplands, two kinds of mana dorks and a rock)."""
        return cls.parse(example_text())

    @property
    def size(self) -> int:
        """Cards in the main deck: the library at the start of the game."""
        return sum(c.count for c in self.main)

    @property
    def lands(self) -> int:
        return sum(c.count for c in self.main if c.role.is_land)

    @property
    def spells(self) -> tuple[DeckCard, ...]:
        """The nonland cards whose castability is reported: the main deck's, then
        the commander's and the companion's (cast from outside the library)."""
        return tuple(
            c for c in (*self.main, *self.commander, *self.companion) if not c.role.is_land
        )

    @property
    def colors(self) -> str:
        """The colors of the pips of the deck's spells, in WUBRG order."""
        found: set[str] = set()
        for item in self.spells:
            cost = item.role.cost
            if cost is not None:
                for symbol in cost:
                    found |= {h for h in symbol.halves if h in COLOR_LETTERS}
        return "".join(c for c in COLOR_LETTERS if c in found)

    @property
    def commander_colors(self) -> Color | None:
        """The commanders' color identity (CR 903.4), ``None`` without a commander."""
        if not self.commander:
            return None
        identity = Color(0)
        for item in self.commander:
            identity |= item.card.color_identity
        return identity

    @property
    def commander_rules(self) -> bool:
        """Commander rules for the models: a commander, or a 99- or 100-card deck."""
        return bool(self.commander) or self.size in (99, 100)

    def card(self, name: str) -> DeckCard:
        """The main-deck card called ``name``."""
        key = name.casefold()
        for item in (*self.main, *self.commander, *self.companion):
            if item.name.casefold() == key:
                return item
        raise DeckError(f"{name!r} is not in the deck")

    def with_changes(
        self, changes: Mapping[str, int], *, database: CardDatabase | None = None
    ) -> Deck:
        """The deck with cards added (positive) or removed (negative) from the main
        deck, by name.

        >>> deck = Deck.parse("20 Forest\\n40 Grizzly Bears")
        >>> deck.with_changes({"Forest": -1, "Island": 1}).lands
        20
        """
        db = CardDatabase.bundled() if database is None else database
        cards = {c.name: c for c in self.main}
        for name, delta in changes.items():
            card = db.get(name)
            if card is None:
                suggestions = db.suggest(name, 3)
                hint = "; did you mean " + ", ".join(map(repr, suggestions)) + "?"
                raise DeckError(f"unknown card name {name!r}" + (hint if suggestions else ""))
            old = cards.get(card.name)
            count = (0 if old is None else old.count) + delta
            if count < 0:
                have = 0 if old is None else old.count
                raise DeckError(f"can't remove {-delta} {card.name}: the deck has {have}")
            if count == 0:
                cards.pop(card.name, None)
            elif old is None:
                cards[card.name] = DeckCard(card, count, role_of(card))
            else:
                cards[card.name] = replace(old, count=count)
        return replace(self, main=tuple(cards.values()))

    def check(self) -> None:
        """Raise :class:`DeckError` unless the deck can be analyzed: cards in the
        main deck, at least 7 (an opening hand), at most
        :data:`~mtgmana.analysis.karsten.MAX_DECK_SIZE`, some lands."""
        size, lands = self.size, self.lands
        if size == 0:
            raise DeckError(
                "the deck is empty: no cards in the main deck (a line such as '4 Lightning "
                "Bolt' adds four)"
            )
        if size < HAND_SIZE:
            raise DeckError(
                f"a {size}-card deck can't draw an opening hand of {HAND_SIZE} (CR 103.5)"
            )
        if size > MAX_DECK_SIZE:
            raise DeckError(f"a {size}-card deck is beyond the limit of {MAX_DECK_SIZE}")
        if lands == 0:
            raise DeckError(
                f"the deck has no lands ({size} cards, none of them a land): Karsten's model "
                "and the simulation need lands to make mana"
            )


def example_text() -> str:
    """The text of the example decklist shipped with mtgmana."""
    resource = importlib.resources.files("mtgmana") / "data" / _EXAMPLE
    return resource.read_text(encoding="utf-8")


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
    color group. ``probability`` is the lowest of its needs' (see the module)."""

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

    @property
    def meets(self) -> bool:
        return all(need.meets for need in self.needs)

    @property
    def gold(self) -> bool:
        return sum(1 for need in self.needs if set(need.colors) & set(COLOR_LETTERS)) >= 2


@dataclass(frozen=True)
class CurveBar:
    """The nonland cards of one mana value (``7`` is 7 or more), by color: the
    color letter, ``"M"`` multicolored, ``"C"`` colorless."""

    mana_value: int
    cards: int
    by_color: Mapping[str, int]


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
    """The deck's lands against Karsten's 2022 formula."""

    lands: int
    recommended: float
    average_mana_value: float
    cheap_draw_or_ramp: int
    companion: bool
    formula: str
    extrapolated: bool

    @property
    def difference(self) -> float:
        """Lands minus the recommended count."""
        return self.lands - self.recommended


@dataclass(frozen=True)
class WhatIf:
    """A change to the main deck and what it does to the worst spell's exact-model
    probability (``worst_before`` → ``worst_after``, the spell ``worst_spell``)."""

    change: str
    changes: Mapping[str, int]
    deck_size: int
    lands: int
    worst_before: float
    worst_after: float
    worst_spell: str
    below_target_before: int
    below_target_after: int

    @property
    def delta(self) -> float:
        return self.worst_after - self.worst_before


@dataclass(frozen=True)
class DeckSummary:
    """Everything :func:`analyze` finds about a deck (see the module)."""

    name: str | None
    deck_size: int
    lands: int
    colors: str
    commander: bool
    on_the_draw: bool
    spells: tuple[SpellReport, ...]
    curve: tuple[CurveBar, ...]
    color_sources: tuple[ColorSources, ...]
    land_count: LandCount
    what_ifs: tuple[WhatIf, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def worst(self) -> SpellReport | None:
        """The spell with the lowest probability (``None`` without spells)."""
        return min(self.spells, key=lambda s: (s.probability, s.name), default=None)

    def spell(self, name: str) -> SpellReport:
        key = name.casefold()
        for spell in self.spells:
            if spell.name.casefold() == key:
                return spell
        raise DeckError(f"{name!r} is not a spell of the deck")


# -- sources ----------------------------------------------------------------------


def _groups(cost: ManaCost) -> dict[frozenset[str], int]:
    """Pips of a cost by group of mana types (see :class:`ColorNeed`)."""
    groups: dict[frozenset[str], int] = {}
    for symbol in cost:
        if symbol.kind in ONE_MANA_KINDS:
            key = frozenset(h for h in symbol.halves if h in _PIP_KEYS)
            if key:
                groups[key] = groups.get(key, 0) + 1
    return groups


def _label(group: frozenset[str]) -> str:
    return "".join(c for c in _PIP_KEYS if c in group)


class _Counter:
    """Karsten's counting of a deck's sources (see the module)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.colors = frozenset(deck.colors)
        identity = deck.commander_colors
        commander = frozenset(str(identity)) if identity else frozenset()
        self.choice_value = 1.0 if len(self.colors) <= 2 else _CHOICE_MANY_COLORS
        land_colors: frozenset[str] = frozenset()
        for item in deck.main:
            if item.role.is_land:
                land_colors |= item.role.produces
        self.dynamic_options: dict[DynamicSlot, tuple[frozenset[str], ...]] = {}
        for slot in DynamicSlot:
            if slot is DynamicSlot.COMMANDER_COLORS:
                value: tuple[frozenset[str], ...] = (commander,) if commander else ()
            elif slot.name.startswith("OPPONENT"):
                value = ()
            elif slot.name.startswith(("OWN", "GATE")):
                value = (land_colors,) if land_colors else ()
            else:  # chosen colors, colors of permanents: a choice among the deck's colors
                value = tuple(frozenset(c) for c in sorted(self.colors))
            self.dynamic_options[slot] = value
        self._options: dict[str, tuple[frozenset[str], ...]] = {}

    def options(self, role: CardRole) -> tuple[frozenset[str], ...]:
        """The choices a source's controller makes *once* (which face of a Pathway
        to play, what a fetch land finds, a Thriving land's color), each the set of
        mana letters the permanent can then make on every activation; dynamic
        slots resolved."""
        found = self._options.get(role.name)
        if found is not None:
            return found
        every: frozenset[str] = frozenset().union(*role.options)
        chosen = False
        for slot in role.dynamic:
            if slot in (DynamicSlot.CHOSEN_COLOR, DynamicSlot.CHOSEN_COLORS):
                chosen = True
                continue
            for option in self.dynamic_options[slot]:
                every |= option
        choices: list[frozenset[str]] = []
        if chosen:
            extra = [c for c in sorted(self.colors) if c not in every]
            choices = [every | {c} for c in extra] or [every]
        elif role.back is not None:
            back: frozenset[str] = frozenset().union(*role.back_options)
            choices = [every, back]
        elif role.fetch is not None:
            for item in self.deck.main:
                if item.role.is_land and item.role.fetch is None and role.fetch.finds(item.card):
                    option = self.produces(item.role)
                    if option and option not in choices:
                        choices.append(option)
        elif every:
            choices = [every]
        result = tuple(c for c in choices if c)
        self._options[role.name] = result
        return result

    def produces(self, role: CardRole) -> frozenset[str]:
        result: frozenset[str] = frozenset()
        for option in self.options(role):
            result |= option
        return result

    def value(self, role: CardRole, group: frozenset[str]) -> float:
        """How much of a source of ``group`` one copy of a source is."""
        options = self.options(role)
        if not options:
            return 0.0
        hits = [bool(option & group) for option in options]
        if all(hits):
            return 1.0
        if not any(hits):
            return 0.0
        union = self.produces(role) & (self.colors | {"C"})
        if any(option >= union for option in options):
            return 1.0
        return self.choice_value

    def turn_one(self, role: CardRole) -> bool:
        if not role.entry.untapped_on_turn_one():
            return False
        return role.fetch is None or not role.fetch.tapped

    def sources(self, group: frozenset[str], mana_value: int) -> tuple[float, int, float]:
        """(land sources, lands counted, other sources) of ``group`` for a spell of
        ``mana_value``."""
        lands = other = 0.0
        counted = 0
        for item in self.deck.main:
            role = item.role
            if role.is_land:
                if mana_value <= 1 and not self.turn_one(role):
                    continue
                value = self.value(role, group)
                if value:
                    lands += value * item.count
                    counted += item.count
            elif role.kind in ("dork", "rock", "treasure") and mana_value > role.mana_value:
                if role.kind == "dork" and mana_value >= 2:
                    weight = _DORK
                elif role.kind == "rock" and mana_value >= 3:
                    weight = _ROCK
                elif role.kind == "treasure" and mana_value >= 2:
                    other += _TREASURE * item.count  # any color
                    continue
                else:
                    continue
                value = self.value(role, group)
                other += weight * value * item.count
        return lands, counted, other


# -- the exact model, cached --------------------------------------------------------


@lru_cache(maxsize=2048)
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


# -- the analysis --------------------------------------------------------------------


def _spell_reports(deck: Deck, on_the_draw: bool) -> tuple[SpellReport, ...]:
    counter = _Counter(deck)
    size, lands, commander = deck.size, deck.lands, deck.commander_rules
    reports = []
    zones = [("main", c) for c in deck.main if not c.role.is_land]
    zones += [("commander", c) for c in deck.commander if not c.role.is_land]
    zones += [("companion", c) for c in deck.companion if not c.role.is_land]
    for zone, item in zones:
        role = item.role
        cost = role.cost
        if cost is None:  # pragma: no cover - nonland cards have a cost
            continue
        value = role.mana_value
        turn = max(value, 1)
        groups = _groups(cost)
        colored = sum(1 for g in groups if g & set(COLOR_LETTERS))
        needs = []
        for group, pips in sorted(groups.items(), key=lambda kv: _PIP_KEYS.index(_label(kv[0])[0])):
            pips = min(pips, turn)
            needed, curve = _curve(size, lands, turn, pips, on_the_draw, commander)
            land_sources, counted, other = counter.sources(group, value)
            total = land_sources + other
            required = None if needed is None else needed + (1 if colored >= 2 else 0)
            needs.append(
                ColorNeed(
                    colors=_label(group),
                    pips=pips,
                    required=required,
                    sources=round(total, 4),
                    land_sources=counted,
                    probability=_interpolate(curve, total),
                    target=float(target_for(turn)),
                )
            )
        if needs:
            probability = min(need.probability for need in needs)
        else:
            _, curve = _curve(size, lands, turn, 0, on_the_draw, commander)
            probability = curve[0]
        pips_by_color = {c: sum(n for g, n in groups.items() if c in g) for c in _PIP_KEYS}
        reports.append(
            SpellReport(
                name=item.name,
                count=item.count,
                cost=str(cost),
                mana_value=value,
                turn=turn,
                kind=role.kind,
                pips={c: n for c, n in pips_by_color.items() if n},
                needs=tuple(needs),
                probability=probability,
                target=float(target_for(turn)),
                zone=zone,
            )
        )
    return tuple(reports)


def _curve_bars(deck: Deck) -> tuple[CurveBar, ...]:
    bars: dict[int, dict[str, int]] = {}
    for item in deck.main:
        role = item.role
        if role.is_land:
            continue
        bucket = min(role.mana_value, 7)
        colors = role.card.faces[0].colors
        key = "C" if not colors else ("M" if len(colors) > 1 else str(colors))
        counts = bars.setdefault(bucket, {})
        counts[key] = counts.get(key, 0) + item.count
    top = max(bars, default=0)
    return tuple(
        CurveBar(mv, sum(bars.get(mv, {}).values()), dict(bars.get(mv, {})))
        for mv in range(0, max(top, 1) + 1)
    )


def _color_sources(deck: Deck) -> tuple[ColorSources, ...]:
    counter = _Counter(deck)
    pips = dict.fromkeys(COLOR_LETTERS, 0)
    for item in deck.spells:
        if item.role.cost is None:  # pragma: no cover
            continue
        for group, n in _groups(item.role.cost).items():
            for c in group & set(COLOR_LETTERS):
                pips[c] += n * item.count
    total = sum(pips.values())
    result = []
    for c in COLOR_LETTERS:
        if c not in deck.colors and not pips[c]:
            continue
        lands, _, other = counter.sources(frozenset(c), 4)
        share = pips[c] / total if total else 0.0
        result.append(ColorSources(c, pips[c], share, round(lands, 4), round(other, 4)))
    return tuple(result)


def _land_count(deck: Deck) -> LandCount:
    values = [(item.role.mana_value, item.count) for item in deck.main if not item.role.is_land]
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
    )


_CHANGE = re.compile(r"\s*(?P<sign>[+\-−])\s*(?P<n>\d{1,4})\s*[xX]?\s+(?P<name>.+?)\s*")


def parse_changes(text: str) -> dict[str, int]:
    """A what-if such as ``"+1 Island"``, ``"-1 Mountain, +1 Island"`` or ``"-2
    Forest +2 Breeding Pool"``, as a mapping of names to changes.

    >>> parse_changes("-1 Mountain, +1 Island")
    {'Mountain': -1, 'Island': 1}
    >>> parse_changes("Island")
    Traceback (most recent call last):
    ...
    mtgmana.analysis.deck.DeckError: can't read the what-if 'Island': write changes like ...
    """
    if not isinstance(text, str) or len(text) > 1000:
        raise DeckError("a what-if is a short text like '+1 Island'")
    pieces = re.split(r"(?:,\s*|\s+)(?=[+\-−]\s*\d)", text.strip())
    changes: dict[str, int] = {}
    for piece in pieces:
        match = _CHANGE.fullmatch(piece.rstrip(", "))
        if match is None:
            raise DeckError(
                f"can't read the what-if {text!r}: write changes like '+1 Island' or "
                "'-1 Mountain, +1 Island'"
            )
        n = int(match["n"]) * (1 if match["sign"] == "+" else -1)
        if n == 0:
            raise DeckError(f"the what-if {piece.strip()!r} changes nothing")
        changes[match["name"]] = changes.get(match["name"], 0) + n
    return changes


def _describe(changes: Mapping[str, int]) -> str:
    return ", ".join(f"{'+' if n > 0 else '-'}{abs(n)} {name}" for name, n in changes.items())


def _candidates(deck: Deck) -> list[dict[str, int]]:
    basics = [BASIC_LANDS[c] for c in deck.colors]
    lands = [item.name for item in deck.main if item.role.is_land]
    found: list[dict[str, int]] = []
    for basic in basics:
        found.append({basic: 1})
    for land in lands:
        found.append({land: -1})
    for land in lands:
        for basic in basics:
            if basic != land:
                found.append({land: -1, basic: 1})
    return found


def _what_if(
    deck: Deck,
    changes: Mapping[str, int],
    before: tuple[SpellReport, ...],
    on_the_draw: bool,
    database: CardDatabase | None,
) -> WhatIf:
    changed = deck.with_changes(changes, database=database)
    changed.check()
    after = _spell_reports(changed, on_the_draw)
    worst_before = min((s.probability for s in before), default=1.0)
    worst = min(after, key=lambda s: (s.probability, s.name), default=None)
    return WhatIf(
        change=_describe(changes),
        changes=dict(changes),
        deck_size=changed.size,
        lands=changed.lands,
        worst_before=worst_before,
        worst_after=1.0 if worst is None else worst.probability,
        worst_spell="" if worst is None else worst.name,
        below_target_before=sum(1 for s in before if s.probability < s.target),
        below_target_after=sum(1 for s in after if s.probability < s.target),
    )


def analyze(
    deck: Deck,
    *,
    on_the_draw: bool = False,
    what_ifs: int = 8,
    changes: Iterable[str | Mapping[str, int]] = (),
    database: CardDatabase | None = None,
) -> DeckSummary:
    """The :class:`DeckSummary` of ``deck`` (see the module).

    ``what_ifs`` is how many of the generated what-ifs to keep — +1 basic land of
    each of the deck's colors, -1 of each land, and each swap of a land for such a
    basic — ranked by the change in the worst spell's probability (best first; ties
    by fewer spells below target). ``changes`` are what-ifs you ask for
    (``"+1 Island"``), always reported, first. Raises :class:`DeckError` for decks
    that can't be analyzed (:meth:`Deck.check`) and bad what-ifs.
    """
    if not isinstance(deck, Deck):
        raise DeckError(f"analyze needs a Deck, not {type(deck).__name__}")
    if isinstance(what_ifs, bool) or not isinstance(what_ifs, int) or what_ifs < 0:
        raise DeckError(f"what_ifs must be a count of at least 0, not {what_ifs!r}")
    deck.check()
    spells = _spell_reports(deck, on_the_draw)
    asked = [parse_changes(c) if isinstance(c, str) else dict(c) for c in changes]
    results = [_what_if(deck, c, spells, on_the_draw, database) for c in asked]
    if what_ifs:
        generated = []
        for candidate in _candidates(deck):
            try:
                generated.append(_what_if(deck, candidate, spells, on_the_draw, database))
            except MtgManaError:
                continue  # a change the deck can't take (a deck too small, ...)
        generated.sort(key=lambda w: (-w.delta, w.below_target_after, w.change))
        results += generated[:what_ifs]
    notes: list[str] = []
    for item in (*deck.main, *deck.commander, *deck.companion):
        notes.extend(item.role.notes)
        layout = item.card.layout
        if layout.is_double_faced and not item.role.is_land and len(item.card.faces) > 1:
            back = item.card.faces[1].type_line
            if "Land" in back:
                notes.append(f"{item.name}: counted as a spell (its land back face is not counted)")
    if not deck.commander and any(
        DynamicSlot.COMMANDER_COLORS in item.role.dynamic for item in deck.main
    ):
        notes.append("no Commander section: 'your commander's color identity' makes no mana")
    return DeckSummary(
        name=deck.name,
        deck_size=deck.size,
        lands=deck.lands,
        colors=deck.colors,
        commander=deck.commander_rules,
        on_the_draw=on_the_draw,
        spells=spells,
        curve=_curve_bars(deck),
        color_sources=_color_sources(deck),
        land_count=_land_count(deck),
        what_ifs=tuple(results),
        notes=tuple(dict.fromkeys(notes)),
    )
