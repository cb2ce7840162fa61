"""What the deck report draws, shared by the SVG charts of the HTML page
(:mod:`.svg`) and the PNG pictures (:mod:`.pictures`), and how it groups spells for
the text and HTML tables.

* :func:`spell_groups`: the spells grouped by the turn they are cast on curve
  (the commander and the companion first, in their own groups), each group with
  Karsten's target for that turn; inside a group, by name.
* :func:`curve_stacks`: the mana curve by color (nonland cards per mana value,
  stacked: white, blue, black, red, green, multicolored, colorless).
* :func:`spell_rows`: castability per spell, 0-100%: the exact model, the
  simulation given the land drops (the model's question) and the simulation over
  all games with its 95% interval; Karsten's target as a tick. A deck of more
  than :data:`PER_SPELL_LIMIT` spells (Commander) gets a row per turn instead,
  each figure the average of that turn's spells weighted by copies, so the chart
  stays readable.
* :func:`turn_series`: the simulation's P(castable by turn T), one line per mana
  value (1, 2, ..., 7+: at most seven lines whatever the deck's size), each the
  average over that mana value's spells weighted by copies.

Every axis starts at 0; probabilities are drawn 0-100%. :func:`castability_svg`,
:func:`curve_svg` and :func:`turns_svg` draw them as inline SVG, :data:`WIDE_WIDTH`
wide, or :data:`NARROW_WIDTH` for a phone (``narrow=True``).

>>> from mtgmana.analysis.decks import Deck
>>> from mtgmana.analysis.summary import analyze
>>> summary = analyze(Deck.parse("24 Forest\\n20 Grizzly Bears\\n16 Llanowar Elves"), what_ifs=0)
>>> [(g.heading, [s.name for s in g.spells]) for g in spell_groups(summary)]
[('turn 1 · target 90%', ['Llanowar Elves']), ('turn 2 · target 91%', ['Grizzly Bears'])]
>>> categories, stacks = curve_stacks(summary)
>>> categories[:3], [(s.label, s.values[:3]) for s in stacks]
(('0', '1', '2'), [('green', (0, 16, 20))])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ..counting import SpellReport
from ..simulation import Simulation, SpellOdds
from ..summary import DeckSummary
from .svg import (
    Bar,
    BarRow,
    BarSeries,
    RowGroup,
    Series,
    Stack,
    bar_rows,
    line_chart,
    stacked_bars,
)

__all__ = [
    "COLORS",
    "COLOR_NAMES",
    "NARROW_WIDTH",
    "PER_SPELL_LIMIT",
    "ROW_SERIES",
    "WIDE_WIDTH",
    "SpellGroup",
    "castability_svg",
    "castability_title",
    "curve_stacks",
    "curve_svg",
    "display_name",
    "odds_by_name",
    "row_series",
    "spell_color",
    "spell_groups",
    "spell_rows",
    "turn_series",
    "turns_svg",
]

COLORS: Final = {
    "W": "#e8d98a",
    "U": "#2471b5",
    "B": "#3b3430",
    "R": "#d3352b",
    "G": "#1d7a45",
    "M": "#8e5fb0",
    "C": "#9a9a9a",
}
"""Fill colors for each color of mana (``M``: multicolored, ``C``: colorless)."""

COLOR_NAMES: Final = {
    "W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
    "M": "multicolored", "C": "colorless",
}  # fmt: skip

_TURN_COLORS: Final = (
    "#440154", "#3b528b", "#21918c", "#5ec962", "#e09f00", "#d3352b", "#e377c2",
)  # fmt: skip
"""One color per mana value 1..7+ (dark to light, then warm: told apart in print)."""

WIDE_WIDTH: Final = 460
NARROW_WIDTH: Final = 300
"""The charts' widths (SVG px): a page shows the narrow ones on a phone's screen,
where they are drawn at least at their own size, so no text is under 12 px."""

PER_SPELL_LIMIT: Final = 30
"""Above this many spells, :func:`spell_rows` gives a row per turn."""

MODEL_COLOR: Final = "#7fb3d9"
LANDS_COLOR: Final = "#2c7fb8"
ALL_COLOR: Final = "#f08a24"

ROW_SERIES: Final = (
    BarSeries("exact model (given the land drops)", MODEL_COLOR),
    BarSeries("simulation, given the land drops", LANDS_COLOR),
    BarSeries("simulation, all games (95% CI)", ALL_COLOR),
)
"""The series of :func:`spell_rows` with a simulation (without: the first only)."""


@dataclass(frozen=True)
class SpellGroup:
    """Spells cast on curve on the same turn (or from the same zone)."""

    heading: str
    turn: int
    target: float
    spells: tuple[SpellReport, ...]


def display_name(name: str) -> str:
    """A card's name for tables and charts: the front face of a two-faced card."""
    return name.split(" // ")[0]


def odds_by_name(simulation: Simulation | None) -> dict[str, SpellOdds]:
    return {} if simulation is None else {o.name: o for o in simulation.spells}


def spell_color(pips: Mapping[str, int]) -> str:
    """``"W"``..``"G"`` for a spell with pips of one color, ``"M"`` for several,
    ``"C"`` for none."""
    colored = [c for c in "WUBRG" if pips.get(c)]
    if len(colored) > 1:
        return "M"
    return colored[0] if colored else "C"


def spell_groups(summary: DeckSummary) -> tuple[SpellGroup, ...]:
    """The spells by zone (commander, companion, then the main deck) and turn."""
    zones = {"commander": 0, "companion": 1}
    found: dict[tuple[int, int], list[SpellReport]] = {}
    for spell in summary.spells:
        key = (zones.get(spell.zone, 2), spell.turn)
        found.setdefault(key, []).append(spell)
    groups = []
    for (zone, turn), spells in sorted(found.items()):
        target = spells[0].target
        heading = f"turn {turn} · target {target * 100:.0f}%"
        if zone < 2:
            heading = f"{spells[0].zone}, {heading}"
        ordered = tuple(sorted(spells, key=lambda s: (s.name.casefold(), s.name)))
        groups.append(SpellGroup(heading, turn, target, ordered))
    return tuple(groups)


def curve_stacks(summary: DeckSummary) -> tuple[tuple[str, ...], tuple[Stack, ...]]:
    """The mana value labels (``"7+"`` last) and a :class:`Stack` per color present."""
    categories = tuple(f"{b.mana_value}+" if b.mana_value == 7 else str(b.mana_value)
                       for b in summary.curve)  # fmt: skip
    stacks = []
    for key in "WUBRGMC":
        values = tuple(bar.by_color.get(key, 0) for bar in summary.curve)
        if any(values):
            stacks.append(Stack(COLOR_NAMES[key], COLORS[key], values))
    return categories, tuple(stacks)


def spell_rows(summary: DeckSummary, simulation: Simulation | None) -> tuple[RowGroup, ...]:
    """A :class:`~mtgmana.analysis.reports.svg.RowGroup` per :func:`spell_groups` group:
    per spell the model, and with a simulation the two simulated figures; for
    more than :data:`PER_SPELL_LIMIT` spells one group of a row per turn."""
    odds = odds_by_name(simulation)
    groups = spell_groups(summary)
    if len(summary.spells) > PER_SPELL_LIMIT:
        return (RowGroup("", tuple(_average_row(g, odds, simulation) for g in groups)),)
    result = []
    for group in groups:
        rows = []
        for spell in group.spells:
            bars: list[Bar | None] = [Bar(spell.probability)]
            if simulation is not None:
                found = odds.get(spell.name)
                if found is None:
                    bars += [None, None]
                else:
                    lands = Bar(found.p_on_curve_given_lands) if found.lands_hit else None
                    bars += [lands, Bar(found.p_on_curve, found.ci)]
            label = display_name(spell.name)
            if spell.zone == "main":
                label = f"{spell.count} {label}"
            rows.append(BarRow(label, tuple(bars), spell.target))
        result.append(RowGroup(group.heading, tuple(rows)))
    return tuple(result)


def _mean(pairs: list[tuple[int, float]]) -> float | None:
    weight = sum(w for w, _ in pairs)
    return sum(w * p for w, p in pairs) / weight if weight else None


def _average_row(
    group: SpellGroup, odds: Mapping[str, SpellOdds], simulation: Simulation | None
) -> BarRow:
    model = _mean([(s.count, s.probability) for s in group.spells])
    bars: list[Bar | None] = [None if model is None else Bar(model)]
    if simulation is not None:
        found = [(s.count, odds[s.name]) for s in group.spells if s.name in odds]
        lands = _mean([(n, o.p_on_curve_given_lands) for n, o in found if o.lands_hit])
        every = _mean([(n, o.p_on_curve) for n, o in found])
        bars += [None if lands is None else Bar(lands), None if every is None else Bar(every)]
    count = len(group.spells)
    if group.spells[0].zone != "main" and count == 1:
        label = display_name(group.spells[0].name)  # the commander
    else:
        label = group.heading.split(" · ")[0] + f" ({count} spell{'s' if count != 1 else ''})"
    return BarRow(label, tuple(bars), group.target)


def turn_series(summary: DeckSummary, simulation: Simulation) -> tuple[Series, ...]:
    """P(castable by turn T) per mana value 1, 2, ..., 7+ (see the module)."""
    counts = {s.name: s.count for s in summary.spells}
    by_value: dict[int, list[SpellOdds]] = {}
    for odds in simulation.spells:
        by_value.setdefault(min(odds.turn, 7), []).append(odds)
    series = []
    for value, members in sorted(by_value.items()):
        weight = sum(counts.get(o.name, 1) for o in members)
        start = min(o.turn for o in members)
        points = tuple(
            (float(t), sum(counts.get(o.name, 1) * o.p_by_turn(t) for o in members) / weight)
            for t in range(start, simulation.turns + 1)
        )
        label = f"mana value {value}" + ("+" if value == 7 else "")
        if value == 1 and any(o.mana_value == 0 for o in members):
            label = "mana value 0-1"
        spells = sum(1 for _ in members)
        label += f" ({spells} spell{'s' if spells != 1 else ''})"
        series.append(Series(label, _TURN_COLORS[value - 1], points))
    return tuple(series)


def row_series(summary: DeckSummary, simulation: Simulation | None) -> tuple[BarSeries, ...]:
    """The series of :func:`spell_rows`."""
    series: tuple[BarSeries, ...] = ROW_SERIES if simulation is not None else ROW_SERIES[:1]
    if len(summary.spells) > PER_SPELL_LIMIT:
        series = tuple(BarSeries(s.label.replace(" (95% CI)", ""), s.color) for s in series)
    return series


def castability_title(summary: DeckSummary) -> str:
    if len(summary.spells) > PER_SPELL_LIMIT:
        return "Castability on curve by turn (average of its spells)"
    return "Castability on curve per spell"


def _size(chart_id: str, narrow: bool) -> tuple[float, str]:
    """The width and id of a chart: :data:`NARROW_WIDTH` for a phone's screen."""
    return (NARROW_WIDTH, chart_id + "-narrow") if narrow else (WIDE_WIDTH, chart_id)


def castability_svg(
    summary: DeckSummary, simulation: Simulation | None, *, narrow: bool = False
) -> str:
    """:func:`spell_rows` as an SVG chart; ``narrow``: :data:`NARROW_WIDTH` wide,
    each spell's name on its own line above its bars."""
    width, chart_id = _size("chart-spells", narrow)
    return bar_rows(
        spell_rows(summary, simulation),
        row_series(summary, simulation),
        title=castability_title(summary),
        x_label="P(castable on curve)",
        target_label="Karsten's target",
        labels_above=narrow,
        width=width,
        chart_id=chart_id,
    )


def curve_svg(summary: DeckSummary, *, narrow: bool = False) -> str:
    """:func:`curve_stacks` as an SVG chart."""
    categories, stacks = curve_stacks(summary)
    width, chart_id = _size("chart-curve", narrow)
    return stacked_bars(
        categories,
        stacks,
        title="Mana curve by color (nonland cards)",
        x_label="mana value",
        y_label="cards",
        width=width,
        chart_id=chart_id,
    )


def turns_svg(summary: DeckSummary, simulation: Simulation, *, narrow: bool = False) -> str:
    """:func:`turn_series` as an SVG chart."""
    width, chart_id = _size("chart-turns", narrow)
    return line_chart(
        turn_series(summary, simulation),
        title="Castability by turn, by mana value (simulation)",
        x_label="turn",
        y_label="P(castable by this turn)",
        x_ticks=[(float(t), str(t)) for t in range(1, simulation.turns + 1)],
        width=width,
        chart_id=chart_id,
    )
