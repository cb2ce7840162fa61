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
  Karsten's 2022 formula (:class:`LandCount`), what-ifs (:mod:`.what_ifs`: swaps
  such as "-1 Mountain, +1 Island" that keep the deck legal, ranked by what they do
  to the worst spell's probability and the average castability), and the legality
  warnings of the deck's format (:mod:`.legality`).

**Counting sources** (Karsten 2022, shared/reference/karsten-2022.md): a land that
makes the color is a full source; a land whose color is a *choice* (Pathways, fetch
lands that find basic lands of one color or another, Thriving lands' chosen color,
Fabled Passage) is a full source in a deck of at most two colors and 2/3 of a source
in a deck of three or more; a fetch land makes what the lands it can find *in this
deck* make, and one that finds nonbasic lands (Polluted Delta) is a full source of
every color it can find (it is cracked for the one needed). "Any color" lands count
for every color; "a color in your commander's color identity" for the commander's
colors; "a color a land an opponent controls could produce" for the deck's colors
(an opponent whose lands make them is assumed, and the land's row says so).
Lands that enter tapped on turn 1 (taplands, check lands, slow lands, reveal lands,
fetches that put the land onto the battlefield tapped) don't count for spells of
mana value 1. Mana dorks count 0.5 for spells of mana value 2 or more, rocks 0.75
for 3 or more, Treasure makers 0.25 of any color for 2 or more — each only for spells
that cost more than the source itself. How modern mana is counted where Karsten is
silent (Phyrexian, hybrid and X costs, both halves of split cards, modal
double-faced lands, fetch lands in three colors, restricted mana, Exotic Orchard,
Nykthos, Gemstone Caverns) is in :mod:`.counting`; each spell and land says how it
was counted (``counted_as``).

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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from ..board.abilities import DynamicSlot
from ..cards import Card, CardDatabase, Layout, default_database
from ..colors import Color
from ..errors import NEWER_CARDS, unknown_card_message
from ._deck_base import BASIC_LANDS, DeckError
from ._deck_x import chosen_x
from .counting import (
    ColorNeed,
    ColorSources,
    LandCount,
    LandReport,
    SpellReport,
    _color_sources,
    _Counter,  # noqa: F401 - for the land table
    _land_count,
    _land_reports,
    _spell_reports,
    deck_colors,
)
from .decklist import Decklist, SkippedCard
from .karsten import HAND_SIZE, MAX_DECK_SIZE
from .legality import FORMATS, LegalityWarning, check_legality, infer_format
from .roles import CardRole, role_of, unknown_role
from .what_ifs import WhatIf, parse_changes
from .what_ifs import what_ifs as _what_ifs

DeckError.__module__ = __name__  # its public home (it lives in _deck_base)

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
    "skipped_note",
]

COLOR_LETTERS: Final = "WUBRG"
_PIP_KEYS: Final = "WUBRGC"


_CHOICE_MANY_COLORS: Final = 2 / 3
_DORK: Final = 0.5
_ROCK: Final = 0.75
_TREASURE: Final = 0.25
_EXAMPLE: Final = "example-deck.txt"
_COMMANDER_DECK: Final = 100  # CR 903.5a


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
    skipped: tuple[SkippedCard, ...] = ()
    """Decklist lines whose card the database doesn't know, left out of the analysis
    by ``skip_unknown`` (the main deck's stay in :attr:`main` as nonland cards of
    unknown cost: :func:`~.roles.unknown_role`)."""

    @classmethod
    def parse(
        cls, text: str, *, database: CardDatabase | None = None, skip_unknown: bool = False
    ) -> Deck:
        """Read and resolve a decklist (:meth:`Decklist.parse`,
        :meth:`Decklist.resolve`; see :meth:`from_decklist` for ``skip_unknown``)."""
        return cls.from_decklist(Decklist.parse(text), database=database, skip_unknown=skip_unknown)

    @classmethod
    def from_decklist(
        cls,
        decklist: Decklist,
        *,
        database: CardDatabase | None = None,
        skip_unknown: bool = False,
    ) -> Deck:
        """Resolve a :class:`Decklist`; copies of a card on several lines merge. A
        commander listed in the main deck too, in a list that has 100 cards without
        that copy, is the commander only (CR 903.5a).

        Unknown card names raise a :class:`~.decklist.DecklistError` naming them all,
        unless ``skip_unknown``: they are then listed in :attr:`skipped`, and those of
        the main deck count as nonland cards of unknown cost (in the library, never
        cast, in no spell's report, curve or average mana value).

        >>> deck = Deck.parse("Commander\\n1 Tatyova, Benthic Druid\\n\\n1 Tatyova, Benthic Druid"
        ...                   "\\n40 Forest\\n59 Opt")
        >>> deck.size, deck.deck_size, [c.name for c in deck.commander]
        (99, 100, ['Tatyova, Benthic Druid'])
        >>> deck = Deck.parse("20 Forest\\n38 Opt\\n2 Doctor Doooom", skip_unknown=True)
        >>> deck.size, [(s.name, s.count) for s in deck.skipped], [s.name for s in deck.spells]
        (60, [('Doctor Doooom', 2)], ['Opt'])
        """
        if skip_unknown:
            resolved, skipped = decklist.resolve_known(database)
        else:
            resolved, skipped = decklist.resolve(database), ()
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

        main, commanders = sections.setdefault("main", {}), sections.get("commander", {})
        _add_unknown(main, skipped)
        listed = sum(c.count for c in main.values()) + sum(c.count for c in commanders.values())
        twice = [name for name in commanders if name in main]
        if twice and listed - len(twice) == _COMMANDER_DECK:
            for name in twice:
                old = main[name]
                if old.count == 1:
                    del main[name]
                else:
                    main[name] = replace(old, count=old.count - 1)

        def part(name: str) -> tuple[DeckCard, ...]:
            return tuple(sections.get(name, {}).values())

        return cls(
            part("main"),
            part("sideboard"),
            part("commander"),
            part("companion"),
            decklist.name,
            skipped,
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
    def deck_size(self) -> int:
        """The deck's size as its format counts it: the main deck and the commander(s)
        (a Commander deck is exactly 100 cards, its commander included, CR 903.5a).
        The companion is outside the deck (CR 702.139a); :attr:`size` is the library.

        >>> Deck.parse("Commander\\n1 Tatyova, Benthic Druid\\n\\n40 Forest\\n59 Opt").deck_size
        100
        """
        return self.size + sum(c.count for c in self.commander)

    @property
    def lands(self) -> int:
        """Cards in the main deck whose front face is a land."""
        return sum(c.count for c in self.main if c.role.is_land)

    @property
    def mdfc_lands(self) -> int:
        """Main-deck modal double-faced cards with a spell front and a land back
        (CR 712.3, e.g. Emeria's Call // Emeria, Shattered Skyclave): not in
        :attr:`lands`, playable as one.

        >>> Deck.parse("2 Emeria's Call\\n20 Plains\\n38 Savannah Lions").mdfc_lands
        2
        """
        return sum(
            c.count
            for c in self.main
            if not c.role.is_land
            and c.card.layout is Layout.MODAL_DFC
            and any("Land" in face.type_line.split("—")[0] for face in c.card.faces[1:])
        )

    @property
    def format(self) -> str:
        """The format the deck's shape suggests (:func:`~.legality.infer_format`):
        ``"commander"``, ``"limited"`` or ``"constructed"``."""
        return infer_format(self)

    @property
    def spells(self) -> tuple[DeckCard, ...]:
        """The nonland cards whose castability is reported: the main deck's, then
        the commander's and the companion's (cast from outside the library)."""
        return tuple(
            c
            for c in (*self.main, *self.commander, *self.companion)
            if not c.role.is_land and not c.role.is_unknown
        )

    @property
    def colors(self) -> str:
        """The colors the deck's spells need, in WUBRG order
        (:func:`~.counting.deck_colors`: hybrid, Phyrexian and {2/W} symbols add
        none on their own)."""
        return deck_colors(self)

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
        db = default_database() if database is None else database
        cards = {c.name: c for c in self.main}
        for name, delta in changes.items():
            card = db.get(name)
            if card is None:
                message = unknown_card_message(name, db.suggest(name, 3))
                raise DeckError(f"{message} ({NEWER_CARDS})")
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


def skipped_note(skipped: Iterable[SkippedCard]) -> str:
    """What the analysis did with the unknown cards it left out, in one sentence.

    >>> print(skipped_note([SkippedCard(3, "Doctor Doom", 1, "main")]))
    1 unknown card left out (newer cards come with `mtgmana cards update`): the main deck's 1 ...
    """
    found = tuple(skipped)
    copies = sum(u.count for u in found)
    main = sum(u.count for u in found if u.section == "main")
    text = f"{copies} unknown card{'s' if copies != 1 else ''} left out ({NEWER_CARDS})"
    if main:
        text += (
            f": the main deck's {main} count as nonland cards of unknown cost (in the library, "
            "never cast, not in the curve or the average mana value)"
        )
    return text


def _add_unknown(main: dict[str, DeckCard], skipped: Iterable[SkippedCard]) -> None:
    """The main deck's unknown cards, as nonland cards of unknown cost (copies of a
    name on several lines merge)."""
    for unknown in skipped:
        if unknown.section != "main":
            continue
        key = "\0" + unknown.name.casefold()  # never a known card's name
        old = main.get(key)
        if old is None:
            role = unknown_role(unknown.name)
            main[key] = DeckCard(role.card, unknown.count, role, (unknown.line,))
        else:
            lines = (*old.lines, unknown.line)
            main[key] = replace(old, count=old.count + unknown.count, lines=lines)


def example_text() -> str:
    """The text of the example decklist shipped with mtgmana."""
    resource = importlib.resources.files("mtgmana") / "data" / _EXAMPLE
    return resource.read_text(encoding="utf-8")


# -- results -----------------------------------------------------------------------


@dataclass(frozen=True)
class CurveBar:
    """The nonland cards of one mana value (``7`` is 7 or more), by color: the
    color letter, ``"M"`` multicolored, ``"C"`` colorless."""

    mana_value: int
    cards: int
    by_color: Mapping[str, int]


@dataclass(frozen=True)
class DeckSummary:
    """Everything :func:`analyze` finds about a deck (see the module)."""

    name: str | None
    deck_size: int
    """The main deck and the commander(s): 100 for a Commander deck (:attr:`Deck.deck_size`)."""
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
    warnings: tuple[LegalityWarning, ...] = field(default=())
    """The deck's legality problems (:mod:`.legality`); they don't stop the analysis."""
    land_rows: tuple[LandReport, ...] = field(default=())
    """The land-by-land table: how each land (and modal double-faced spell with a
    land back) was counted (:class:`~.counting.LandReport`)."""
    skipped: tuple[SkippedCard, ...] = field(default=())
    """The decklist's unknown cards, left out (:attr:`Deck.skipped`)."""

    @property
    def worst(self) -> SpellReport | None:
        """The spell with the lowest probability (``None`` without spells)."""
        return min(self.spells, key=lambda s: (s.probability, s.name), default=None)

    def spell(self, name: str) -> SpellReport:
        """The spell (or the first half of the card) called ``name``."""
        key = name.casefold()
        for spell in self.spells:
            if key in (spell.name.casefold(), spell.card.casefold()):
                return spell
        raise DeckError(f"{name!r} is not a spell of the deck")


# -- the analysis --------------------------------------------------------------------


def _curve_bars(deck: Deck) -> tuple[CurveBar, ...]:
    bars: dict[int, dict[str, int]] = {}
    for item in deck.main:
        role = item.role
        if role.is_land or role.is_unknown:  # an unknown card's mana value is unknown
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


def analyze(
    deck: Deck,
    *,
    on_the_draw: bool = False,
    what_ifs: int = 5,
    changes: Iterable[str | Mapping[str, int]] = (),
    database: CardDatabase | None = None,
    format: str | None = None,
    x: Mapping[str, int] | None = None,
    simulated: Callable[[Deck], float] | None = None,
) -> DeckSummary:
    """The :class:`DeckSummary` of ``deck`` (see the module).

    ``x`` sets X for spells by name (``{"Fireball": 3}``; default 1, CR 107.3), and
    the kicks of a multikicker permanent (Everflowing Chalice, CR 702.33). A name
    that is not a card of the deck, or a card without an X, is a :class:`DeckError`
    naming it.

    ``format`` (``"constructed"``, ``"limited"`` or ``"commander"``; inferred from
    the deck when ``None``, :func:`~.legality.infer_format`) sets the deckbuilding
    rules whose breaches are the summary's ``warnings`` (:mod:`.legality`).

    ``what_ifs`` is how many of the generated what-ifs to keep: swaps of one land
    for another that keep the deck's size and legality (:mod:`.what_ifs`),
    ranked by :attr:`WhatIf.score` — the change in the worst spell's probability
    plus the change in the deck's average castability — best first, improvements
    only, at most one per land added while others remain; one that cuts a land
    that searches for lands only if ``simulated`` (a deck's average P(on curve),
    :func:`mtgmana.analysis.simulate.average_on_curve`) shows the deck plays better
    with the change. ``changes`` are what-ifs
    you ask for (``"+1 Island"``), always reported, first, with the legality
    problems they bring. Raises :class:`DeckError` for decks that can't be analyzed
    (:meth:`Deck.check`), bad what-ifs and unknown formats.

    >>> summary = analyze(Deck.parse("20 Forest\\n4 Island\\n32 Grizzly Bears\\n4 Opt"))
    >>> [(w.change, w.deck_size) for w in summary.what_ifs]
    [('-1 Forest, +1 Island', 60)]
    """
    if not isinstance(deck, Deck):
        raise DeckError(f"analyze needs a Deck, not {type(deck).__name__}")
    if isinstance(what_ifs, bool) or not isinstance(what_ifs, int) or what_ifs < 0:
        raise DeckError(f"what_ifs must be a count of at least 0, not {what_ifs!r}")
    if format is not None and (not isinstance(format, str) or format.lower() not in FORMATS):
        raise DeckError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")
    deck.check()
    x = dict(chosen_x(deck, x))
    fmt = deck.format if format is None else format.lower()
    warnings = check_legality(deck, fmt)
    spells = _spell_reports(deck, on_the_draw, x)
    asked = [parse_changes(c) if isinstance(c, str) else dict(c) for c in changes]
    results = _what_ifs(
        deck,
        spells,
        lambda changed: _spell_reports(changed, on_the_draw, x),
        asked=asked,
        keep=what_ifs,
        fmt=fmt,
        warnings=warnings,
        database=database,
        simulated=simulated,
    )
    notes: list[str] = []
    for item in (*deck.main, *deck.commander, *deck.companion):
        if not item.role.is_unknown:  # said once, below
            notes.extend(item.role.notes)
    if deck.skipped:
        notes.append(skipped_note(deck.skipped))
    if not deck.commander and any(
        DynamicSlot.COMMANDER_COLORS in item.role.dynamic for item in deck.main
    ):
        notes.append("no Commander section: 'your commander's color identity' makes no mana")
    return DeckSummary(
        name=deck.name,
        deck_size=deck.deck_size,
        lands=deck.lands,
        colors=deck.colors,
        commander=deck.commander_rules,
        on_the_draw=on_the_draw,
        spells=spells,
        curve=_curve_bars(deck),
        color_sources=_color_sources(deck),
        land_count=_land_count(deck),
        what_ifs=results,
        notes=tuple(dict.fromkeys(notes)),
        warnings=warnings,
        land_rows=_land_reports(deck),
        skipped=deck.skipped,
    )
