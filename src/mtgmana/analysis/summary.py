"""A real deck's mana, by Karsten's counting rules and his exact model.

:func:`analyze` gives the :class:`DeckSummary` of a :class:`~.decks.Deck` (a
decklist resolved against the card database, with the
:class:`~mtgmana.analysis.roles.CardRole` of each card):

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
  warnings of the deck's format (:mod:`mtgmana.analysis.decks.legality`).

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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from ..board.abilities import DynamicSlot
from ..cards import CardDatabase
from .counting import (
    ColorSources,
    LandCount,
    LandReport,
    SpellReport,
    color_sources,
    land_count,
    land_reports,
    spell_reports,
)
from .decklists import SkippedCard
from .decks import Deck, DeckError, chosen_x, skipped_note
from .decks.legality import FORMATS, LegalityWarning, check_legality
from .what_ifs import WhatIf, parse_changes
from .what_ifs import what_ifs as _what_ifs

__all__ = ["CurveBar", "DeckSummary", "analyze"]


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
    """The deck's legality problems (:mod:`mtgmana.analysis.decks.legality`); they
    don't stop the analysis."""
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


def _check_arguments(deck: object, what_ifs: object, format: object) -> None:
    """Raise :class:`DeckError` unless :func:`analyze`'s ``deck``, ``what_ifs``
    and ``format`` are of the right kinds."""
    if not isinstance(deck, Deck):
        raise DeckError(f"analyze needs a Deck, not {type(deck).__name__}")
    if isinstance(what_ifs, bool) or not isinstance(what_ifs, int) or what_ifs < 0:
        raise DeckError(f"what_ifs must be a count of at least 0, not {what_ifs!r}")
    if format is not None and (not isinstance(format, str) or format.lower() not in FORMATS):
        raise DeckError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")


def _notes(deck: Deck) -> list[str]:
    """The summary's notes: each card's, then the deck's."""
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
    return notes


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
    the deck when ``None``, :func:`~mtgmana.analysis.decks.legality.infer_format`)
    sets the deckbuilding rules whose breaches are the summary's ``warnings``
    (:mod:`mtgmana.analysis.decks.legality`).

    ``what_ifs`` is how many of the generated what-ifs to keep: swaps of one land
    for another that keep the deck's size and legality (:mod:`.what_ifs`),
    ranked by :attr:`WhatIf.score` — the change in the worst spell's probability
    plus the change in the deck's average castability — best first, improvements
    only, at most one per land added while others remain; one that cuts a land
    that searches for lands only if ``simulated`` (a deck's average P(on curve),
    :func:`mtgmana.analysis.simulation.average_on_curve`) shows the deck plays better
    with the change. ``changes`` are what-ifs
    you ask for (``"+1 Island"``), always reported, first, with the legality
    problems they bring. Raises :class:`DeckError` for decks that can't be analyzed
    (:meth:`Deck.check`), bad what-ifs and unknown formats.

    >>> summary = analyze(Deck.parse("20 Forest\\n4 Island\\n32 Grizzly Bears\\n4 Opt"))
    >>> [(w.change, w.deck_size) for w in summary.what_ifs]
    [('-1 Forest, +1 Island', 60)]
    """
    _check_arguments(deck, what_ifs, format)
    deck.check()
    x = dict(chosen_x(deck, x))
    fmt = deck.format if format is None else format.lower()
    warnings = check_legality(deck, fmt)
    spells = spell_reports(deck, on_the_draw, x)
    asked = [parse_changes(c) if isinstance(c, str) else dict(c) for c in changes]
    results = _what_ifs(
        deck,
        spells,
        lambda changed: spell_reports(changed, on_the_draw, x),
        asked=asked,
        keep=what_ifs,
        fmt=fmt,
        warnings=warnings,
        database=database,
        simulated=simulated,
    )
    notes = _notes(deck)
    return DeckSummary(
        name=deck.name,
        deck_size=deck.deck_size,
        lands=deck.lands,
        colors=deck.colors,
        commander=deck.commander_rules,
        on_the_draw=on_the_draw,
        spells=spells,
        curve=_curve_bars(deck),
        color_sources=color_sources(deck),
        land_count=land_count(deck),
        what_ifs=results,
        notes=tuple(dict.fromkeys(notes)),
        warnings=warnings,
        land_rows=land_reports(deck),
        skipped=deck.skipped,
    )
