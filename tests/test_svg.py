"""The dependency-free SVG chart writer: well-formed SVG, axes from 0 (0-100% for
probabilities), at most eight series, labels escaped, bars and ticks where their
values put them."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana.analysis.reports.svg import (
    MAX_SERIES,
    Bar,
    BarRow,
    BarSeries,
    RowGroup,
    Series,
    Stack,
    bar_rows,
    line_chart,
    nice_ticks,
    stacked_bars,
    text_width,
)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "svg"
    assert root.get("viewBox") and root.get("role") == "img"
    assert root.find("title") is not None
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter("text")]


@given(st.floats(min_value=0, max_value=10_000, allow_nan=False))
def test_nice_ticks_start_at_zero_and_cover_the_top(top: float) -> None:
    ticks = nice_ticks(top)
    assert ticks[0] == 0 and ticks[-1] >= top and 2 <= len(ticks) <= 7
    steps = {b - a for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    assert re.fullmatch(r"[125]0*", str(steps.pop()))


def test_line_chart_percent_axis_from_zero_to_100() -> None:
    series = [Series("mana value 2 <b>&", "#123456", ((2, 0.5), (3, 0.75), (4, 1.0)))]
    svg = line_chart(series, title="By turn", x_label="turn", y_label="P",
                     x_ticks=[(t, str(t)) for t in (1, 2, 3, 4)])  # fmt: skip
    root = parse(svg)
    labels = texts(root)
    assert [label for label in labels if label.endswith("%")] == ["0%", "25%", "50%", "75%", "100%"]
    assert "mana value 2 <b>&" in labels  # escaped in the source, read back as text
    assert "<b>" not in svg
    # the 0% gridline is the x axis
    zero = next(t for t in root.iter("text") if t.text == "0%")
    axis_y = float(zero.get("y", "0")) - 4
    lines = [(float(x.get("y1", "0")), float(x.get("y2", "0"))) for x in root.iter("line")]
    assert (axis_y, axis_y) in lines
    # the point at 50% is half way between 0% and 100%
    hundred = next(t for t in root.iter("text") if t.text == "100%")
    top_y = float(hundred.get("y", "0")) - 4
    circles = [float(c.get("cy", "0")) for c in root.iter("circle")]
    assert circles[0] == pytest.approx((axis_y + top_y) / 2, abs=0.1)


def test_at_most_eight_series() -> None:
    many = [Series(str(n), "#000000", ((1, 0.5),)) for n in range(MAX_SERIES + 1)]
    with pytest.raises(ValueError, match="at most 8"):
        line_chart(many, title="t", x_label="x", y_label="y", x_ticks=[(1, "1")])
    with pytest.raises(ValueError, match="at most 8"):
        stacked_bars(["1"], [Stack(str(n), "#000", (1,)) for n in range(9)],
                     title="t", x_label="x", y_label="y")  # fmt: skip
    parse(line_chart(many[:MAX_SERIES], title="t", x_label="x", y_label="y",
                     x_ticks=[(1, "1")]))  # fmt: skip


def test_stacked_bars_stand_on_zero() -> None:
    stacks = [Stack("green", "#1d7a45", (0, 4, 2)), Stack("blue", "#2471b5", (0, 3, 0))]
    root = parse(stacked_bars(["0", "1", "2"], stacks, title="Curve", x_label="mana value",
                              y_label="cards"))  # fmt: skip
    labels = texts(root)
    assert "0" in labels and "7" in labels and "2" in labels  # axis from 0, totals
    zero = next(t for t in root.iter("text") if t.text == "0" and t.get("text-anchor") == "end")
    axis_y = float(zero.get("y", "0")) - 4
    bars = [r for r in root.iter("rect") if r.find("title") is not None]
    assert len(bars) == 3
    bottoms = sorted(float(r.get("y", "0")) + float(r.get("height", "0")) for r in bars)
    assert bottoms[0] < bottoms[1] == pytest.approx(axis_y) and bottoms[2] == pytest.approx(axis_y)


def test_bar_rows_from_zero_to_100_with_intervals_and_targets() -> None:
    groups = [
        RowGroup("turn 1 · target 90%", (
            BarRow("4 Llanowar Elves", (Bar(0.5), Bar(0.25, (0.2, 0.3))), 0.9),
            BarRow("4 A very long card name that does not fit at all", (Bar(1.0), None), None),
        )),
    ]  # fmt: skip
    series = [BarSeries("model", "#7fb3d9"), BarSeries("simulation", "#f08a24")]
    root = parse(bar_rows(groups, series, title="Castability", x_label="P",
                          target_label="Karsten's target"))  # fmt: skip
    labels = texts(root)
    assert [label for label in labels if label.endswith("%")][-5:] == [
        "0%", "25%", "50%", "75%", "100%",
    ]  # fmt: skip
    assert any(label.endswith("…") for label in labels)
    bars = [r for r in root.iter("rect") if r.find("title") is not None]
    lefts = {float(r.get("x", "0")) for r in bars}
    assert len(lefts) == 1  # every bar starts at 0%
    widths = sorted(float(r.get("width", "0")) for r in bars)
    assert widths[0] * 2 == pytest.approx(widths[1], abs=0.2)  # 25% and 50%
    assert widths[1] * 2 == pytest.approx(widths[2], abs=0.2)  # 50% and 100%
    with pytest.raises(ValueError):
        bar_rows(groups, [BarSeries(str(n), "#000") for n in range(9)], title="t", x_label="x")


def test_text_width_grows_with_the_text() -> None:
    assert 0 < text_width("Opt") < text_width("Opt Opt") < text_width("WWWWWWW")
