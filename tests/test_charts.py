"""What the report draws: spells grouped by turn, the curve stacked by color, per
spell (or per turn for Commander decks) castability, and at most seven lines of
castability by turn, whatever the deck's size."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgmana.analysis.decks import Deck
from mtgmana.analysis.reports.charts import (
    PER_SPELL_LIMIT,
    castability_svg,
    curve_stacks,
    display_name,
    spell_color,
    spell_groups,
    spell_rows,
    turn_series,
    turns_svg,
)
from mtgmana.analysis.reports.svg import MAX_SERIES
from mtgmana.analysis.simulation import Simulation, simulate
from mtgmana.analysis.summary import DeckSummary, analyze


@pytest.fixture(scope="module")
def example() -> tuple[DeckSummary, Simulation]:
    deck = Deck.example()
    return analyze(deck, what_ifs=0), simulate(deck, games=200, seed=3)


def test_spells_grouped_by_turn_with_the_target(example: tuple[DeckSummary, Simulation]) -> None:
    summary, _ = example
    groups = spell_groups(summary)
    assert [g.turn for g in groups] == sorted(g.turn for g in groups)
    assert sum(len(g.spells) for g in groups) == len(summary.spells)
    for group in groups:
        assert {s.turn for s in group.spells} == {group.turn}
        assert group.heading == f"turn {group.turn} · target {group.target * 100:.0f}%"
        names = [s.name.casefold() for s in group.spells]
        assert names == sorted(names)


def test_the_commander_comes_first() -> None:
    deck = Deck.parse("Commander\n1 Omnath, Locus of Mana\n\n40 Forest\n59 Llanowar Elves")
    groups = spell_groups(analyze(deck, what_ifs=0))
    assert groups[0].heading == "commander, turn 3 · target 92%"
    assert [s.name for s in groups[0].spells] == ["Omnath, Locus of Mana"]


def test_curve_stacks(example: tuple[DeckSummary, Simulation]) -> None:
    summary, _ = example
    categories, stacks = curve_stacks(summary)
    assert categories == ("0", "1", "2", "3", "4", "5", "6", "7+")
    assert [s.label for s in stacks] == ["blue", "green", "multicolored", "colorless"]
    totals = [sum(s.values[i] for s in stacks) for i in range(len(categories))]
    assert totals == [bar.cards for bar in summary.curve]


def test_spell_rows_per_spell(example: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = example
    groups = spell_rows(summary, simulation)
    rows = [row for g in groups for row in g.rows]
    assert len(rows) == len(summary.spells) <= PER_SPELL_LIMIT
    opt = next(row for row in rows if row.label == "4 Opt")
    model, given_lands, every = opt.bars
    assert model is not None and model.value == summary.spell("Opt").probability
    odds = simulation.spell("Opt")
    assert every is not None and every.value == odds.p_on_curve and every.interval == odds.ci
    assert given_lands is not None and given_lands.value == odds.p_on_curve_given_lands
    assert opt.target == summary.spell("Opt").target
    without = spell_rows(summary, None)
    assert all(len(row.bars) == 1 for g in without for row in g.rows)
    assert "Brazen Borrower" in castability_svg(summary, simulation)


def test_many_spells_give_a_row_per_turn(example: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = example
    spells = summary.spells * 3  # 33 spells: past the limit
    many = replace(summary, spells=spells)
    (group,) = spell_rows(many, simulation)
    assert [row.label.split(" (")[0] for row in group.rows] == [
        g.heading.split(" · ")[0] for g in spell_groups(many)
    ]
    turn_one = group.rows[0]
    assert turn_one.label == "turn 1 (9 spells)"
    model = turn_one.bars[0]
    ones = [s for s in summary.spells if s.turn == 1]
    expected = sum(s.count * s.probability for s in ones) / sum(s.count for s in ones)
    assert model is not None and model.value == pytest.approx(expected)
    assert all(bar is None or bar.interval is None for row in group.rows for bar in row.bars)
    assert "(average of its spells)" in castability_svg(many, simulation)


def test_turn_series_one_line_per_mana_value(example: tuple[DeckSummary, Simulation]) -> None:
    summary, simulation = example
    series = turn_series(summary, simulation)
    assert 1 <= len(series) <= 7 <= MAX_SERIES
    labels = [s.label for s in series]
    assert labels[0] == "mana value 1 (3 spells)" and labels[-1] == "mana value 7+ (1 spell)"
    for line in series:
        ys = [y for _, y in line.points]
        assert all(0 <= y <= 1 for y in ys) and ys == sorted(ys)  # P(by turn T) grows
        assert line.points[-1][0] == simulation.turns
    # mana value 1: the copy-weighted average of Opt and the two elves
    ones = [o for o in simulation.spells if o.turn == 1]
    counts = {s.name: s.count for s in summary.spells}
    expected = sum(counts[o.name] * o.p_by_turn(1) for o in ones) / sum(
        counts[o.name] for o in ones
    )
    assert series[0].points[0][0] == 1.0
    assert series[0].points[0][1] == pytest.approx(expected)
    assert turns_svg(summary, simulation).count("<polyline") == len(series)


def test_names_and_colors() -> None:
    assert display_name("Brazen Borrower // Petty Theft") == "Brazen Borrower"
    assert display_name("Opt") == "Opt"
    assert spell_color({"U": 2}) == "U"
    assert spell_color({"U": 1, "G": 1}) == "M"
    assert spell_color({}) == "C" and spell_color({"C": 1}) == "C"
