"""A small SVG chart writer with no dependencies, for the deck report's pages.

Three kinds of chart, each returned as one ``<svg>`` element (a string) that scales
to the width of its box (``viewBox``, ``width: 100%``) and carries its own font,
colors and an accessible ``<title>``:

* :func:`line_chart`: a few series of points (the deck report keeps it to at most
  :data:`MAX_SERIES`), the y axis from 0 (0-100% for probabilities);
* :func:`stacked_bars`: vertical bars stacked by category (the mana curve by color),
  the y axis from 0;
* :func:`bar_rows`: one row per item with a bar for each series, optional 95%
  interval whiskers and a target tick, rows in labelled groups, the x axis 0-100%.

No scripts, no external resources: the charts work in a page opened from a file.

>>> chart = line_chart([Series("G", "#1d7a45", ((1, 0.5), (2, 0.9)))], title="t",
...                    x_label="turn", y_label="P", x_ticks=[(1, "1"), (2, "2")])
>>> chart.startswith("<svg") and chart.endswith("</svg>") and "<title" in chart
True
>>> nice_ticks(17)
(0, 5, 10, 15, 20)
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

__all__ = [
    "MAX_SERIES",
    "Bar",
    "BarRow",
    "BarSeries",
    "RowGroup",
    "Series",
    "Stack",
    "bar_rows",
    "line_chart",
    "nice_ticks",
    "stacked_bars",
    "text_width",
]

MAX_SERIES: Final = 8
"""At most this many series in a chart: more lines can't be told apart."""

FONT: Final = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
_FONT_SIZE: Final = 13
_SMALL: Final = 12
_INK: Final = "#1d1d1f"
_MUTED: Final = "#555555"
_GRID: Final = "#e4e4e4"
_DASHES: Final = ("", "6 3", "2 3", "8 3 2 3")
_WIDE_FONT: Final = 1.15
"""DejaVu Sans is up to 13% wider than :func:`text_width`'s base estimate."""


@dataclass(frozen=True)
class Series:
    """A line: its legend ``label``, CSS ``color`` and ``(x, y)`` points."""

    label: str
    color: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Stack:
    """One layer of stacked bars: a value per category."""

    label: str
    color: str
    values: tuple[float, ...]


@dataclass(frozen=True)
class BarSeries:
    """A series of :func:`bar_rows`: legend ``label`` and fill ``color``."""

    label: str
    color: str


@dataclass(frozen=True)
class Bar:
    """A value in 0..1 with an optional interval ``(low, high)``."""

    value: float
    interval: tuple[float, float] | None = None


@dataclass(frozen=True)
class BarRow:
    """One item: a :class:`Bar` (or ``None``) per series, and a target tick."""

    label: str
    bars: tuple[Bar | None, ...]
    target: float | None = None


@dataclass(frozen=True)
class RowGroup:
    """Rows under a heading."""

    heading: str
    rows: tuple[BarRow, ...]


def text_width(text: str, size: float = _FONT_SIZE) -> float:
    """An estimate of the width of ``text`` in a sans-serif font of ``size`` px, on
    the wide side: calibrated on DejaVu Sans (the widest of the usual fallbacks of
    ``system-ui``), so text fitted with it is never clipped in a narrower font."""
    wide = sum(1 for c in text if c in "MWmw%@")
    narrow = sum(1 for c in text if c in "iljtfI.,:;'!|() ")
    return size * _WIDE_FONT * (0.58 * len(text) + 0.3 * wide - 0.28 * narrow)


def _fit(text: str, width: float, size: float = _FONT_SIZE) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines of at most ``width`` px, cut between words (a word
    longer than the width is cut with an ellipsis)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(_fit(word, width, size))
    return lines or [""]


def nice_ticks(top: float, count: int = 5) -> tuple[int, ...]:
    """Whole-number ticks from 0 to at least ``top`` (at most about ``count``+1)."""
    top = max(float(top), 1.0)
    raw = top / count
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next((m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw), 10 * magnitude)
    step = max(int(step), 1)
    last = math.ceil(top / step) * step
    return tuple(range(0, last + 1, step))


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _e(text: str) -> str:
    return html.escape(text, quote=True)


class _Svg:
    """Accumulates SVG elements."""

    def __init__(self, width: float, title: str, chart_id: str) -> None:
        self.width = width
        self.title = title
        self.chart_id = chart_id
        self.parts: list[str] = []
        self.under: list[str] = []
        """Drawn first (grid lines, under the bars)."""

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        anchor: str = "start",
        size: float = _FONT_SIZE,
        fill: str = _INK,
        weight: str = "",
        rotate: bool = False,
    ) -> None:
        extra = f' font-weight="{weight}"' if weight else ""
        if rotate:
            extra += f' transform="rotate(-90 {_n(x)} {_n(y)})"'
        self.parts.append(
            f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}" font-size="{_n(size)}" '
            f'fill="{fill}"{extra}>{_e(text)}</text>'
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        stroke: str,
        width: float = 1.0,
        *,
        under: bool = False,
    ) -> None:
        (self.under if under else self.parts).append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
            f'stroke="{stroke}" stroke-width="{_n(width)}"/>'
        )

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        *,
        stroke: str = "",
        title: str = "",
    ) -> None:
        edge = f' stroke="{stroke}" stroke-width="0.8"' if stroke else ""
        body = f"<title>{_e(title)}</title></rect>" if title else "/>"
        end = ">" + body if title else body
        self.parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(max(w, 0.0))}" '
            f'height="{_n(max(h, 0.0))}" fill="{fill}"{edge}{end}'
        )

    def heading(self, title: str) -> float:
        """The chart's title at the top left, in as many lines as it needs; the y
        below it."""
        y = 4.0
        for line in _wrap(title, self.width - 16, _FONT_SIZE):
            y += 17
            self.text(8, y, line, weight="600")
        return y + 6

    def legend(self, items: Sequence[tuple[str, str, str]], top: float, left: float) -> float:
        """Legend entries ``(kind, color, label)`` (kind ``"box"``, ``"line"`` or a
        dash pattern after ``"line:"``) wrapped into rows; the y below them."""
        x, y = left, top + 12
        for kind, color, label in items:
            item_width = 22 + text_width(label, _SMALL) + 14
            if x > left and x + item_width > self.width - 8:
                x, y = left, y + 18
            if kind == "box":
                self.rect(x, y - 9, 12, 10, color, stroke="#333333")
            elif kind == "tick":
                self.line(x + 6, y - 11, x + 6, y + 3, color, 2)
            else:
                dash = kind.partition(":")[2]
                style = f' stroke-dasharray="{dash}"' if dash else ""
                self.parts.append(
                    f'<line x1="{_n(x)}" y1="{_n(y - 4)}" x2="{_n(x + 18)}" y2="{_n(y - 4)}" '
                    f'stroke="{color}" stroke-width="2.2"{style}/>'
                )
            self.text(x + 22, y, _fit(label, self.width - 8 - x - 22, _SMALL), size=_SMALL)
            x += item_width
        return y + 10

    def render(self, height: float) -> str:
        title_id = f"{self.chart_id}-title"
        head = (
            f'<svg class="chart" id="{_e(self.chart_id)}" viewBox="0 0 {_n(self.width)} '
            f'{_n(height)}" width="{_n(self.width)}" height="{_n(height)}" role="img" '
            f'aria-labelledby="{_e(title_id)}" font-family="{_e(FONT)}" '
            f'preserveAspectRatio="xMinYMin meet">'
            f'<title id="{_e(title_id)}">{_e(self.title)}</title>'
            f'<rect x="0" y="0" width="{_n(self.width)}" height="{_n(height)}" fill="#ffffff"/>'
        )
        return head + "".join(self.under) + "".join(self.parts) + "</svg>"


def _check_series(count: int) -> None:
    if count > MAX_SERIES:
        raise ValueError(f"{count} series in one chart: at most {MAX_SERIES} can be told apart")


def _y_scale(series: Sequence[Series], percent: bool) -> tuple[Sequence[float], float]:
    """The y axis's ticks and top of :func:`line_chart`: 0-100% for
    probabilities, else nice ticks up to the highest value."""
    if percent:
        return (0, 0.25, 0.5, 0.75, 1.0), 1.0
    values = [y for s in series for _, y in s.points]
    y_ticks = nice_ticks(max(values, default=1.0))
    return y_ticks, float(y_ticks[-1])


def _polyline(
    svg: _Svg,
    s: Series,
    dash: str,
    percent: bool,
    px: Callable[[float], float],
    py: Callable[[float], float],
) -> None:
    """One series of :func:`line_chart`: its line and a point with a tooltip at
    each value (``px``, ``py``: from values to the picture's coordinates)."""
    style = f' stroke-dasharray="{dash}"' if dash else ""
    points = " ".join(f"{_n(px(x))},{_n(py(y))}" for x, y in s.points)
    if points:
        svg.parts.append(
            f'<polyline points="{points}" fill="none" stroke="{s.color}" '
            f'stroke-width="2.2" stroke-linejoin="round"{style}/>'
        )
    for x, y in s.points:
        value = f"{y * 100:.1f}%" if percent else _n(y)
        svg.parts.append(
            f'<circle cx="{_n(px(x))}" cy="{_n(py(y))}" r="3" fill="{s.color}">'
            f"<title>{_e(s.label)}: {_e(value)} at {_e(_n(x))}</title></circle>"
        )


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str,
    y_label: str,
    x_ticks: Sequence[tuple[float, str]],
    percent: bool = True,
    width: float = 460,
    height: float = 250,
    chart_id: str = "line-chart",
) -> str:
    """Lines of ``series`` (at most :data:`MAX_SERIES`) on axes from 0; with
    ``percent`` the y values are probabilities drawn 0-100%."""
    _check_series(len(series))
    svg = _Svg(width, title, chart_id)
    left, right = 52.0, width - 14
    top = svg.heading(title) + 8
    bottom = top + height - 80
    xs = [x for x, _ in x_ticks] or [0.0, 1.0]
    x_low, x_high = min(xs), max(xs)
    span = (x_high - x_low) or 1.0

    def px(x: float) -> float:
        return left + 8 + (x - x_low) / span * (right - left - 16)

    y_ticks, y_top = _y_scale(series, percent)

    def py(y: float) -> float:
        return bottom - y / y_top * (bottom - top)

    for tick in y_ticks:
        y = py(tick)
        svg.line(left, y, right, y, _GRID, under=True)
        label = f"{tick * 100:.0f}%" if percent else _n(tick)
        svg.text(left - 6, y + 4, label, anchor="end", size=_SMALL, fill=_MUTED)
    for x, label in x_ticks:
        svg.line(px(x), bottom, px(x), bottom + 4, _MUTED)
        svg.text(px(x), bottom + 17, label, anchor="middle", size=_SMALL, fill=_MUTED)
    svg.line(left, bottom, right, bottom, _MUTED)
    svg.line(left, top, left, bottom, _MUTED)
    svg.text((left + right) / 2, bottom + 33, x_label, anchor="middle", size=_SMALL)
    svg.text(14, (top + bottom) / 2, y_label, anchor="middle", size=_SMALL, rotate=True)
    items = []
    for n, s in enumerate(series):
        dash = _DASHES[n % len(_DASHES)] if len(series) > 4 else ""
        _polyline(svg, s, dash, percent, px, py)
        items.append(("line:" + dash, s.color, s.label))
    end = svg.legend(items, bottom + 42, left)
    return svg.render(end + 4)


def stacked_bars(
    categories: Sequence[str],
    stacks: Sequence[Stack],
    *,
    title: str,
    x_label: str,
    y_label: str,
    width: float = 460,
    height: float = 250,
    chart_id: str = "bar-chart",
) -> str:
    """Vertical bars, one per category, stacked by ``stacks`` (at most
    :data:`MAX_SERIES`), on a y axis from 0 with whole-number ticks."""
    _check_series(len(stacks))
    svg = _Svg(width, title, chart_id)
    left, right = 44.0, width - 14
    top = svg.heading(title) + 8
    bottom = top + height - 80
    totals = [sum(s.values[i] for s in stacks) for i in range(len(categories))]
    ticks = nice_ticks(max(totals, default=1))
    y_top = float(ticks[-1])

    def py(y: float) -> float:
        return bottom - y / y_top * (bottom - top)

    for tick in ticks:
        svg.line(left, py(tick), right, py(tick), _GRID, under=True)
        svg.text(left - 6, py(tick) + 4, str(tick), anchor="end", size=_SMALL, fill=_MUTED)
    slot = (right - left) / max(len(categories), 1)
    bar = slot * 0.7
    for i, category in enumerate(categories):
        x = left + i * slot + (slot - bar) / 2
        base = 0.0
        for s in stacks:
            value = s.values[i]
            if value:
                svg.rect(x, py(base + value), bar, py(base) - py(base + value), s.color,
                         stroke="#333333", title=f"{category}: {_n(value)} {s.label}")  # fmt: skip
                base += value
        if totals[i]:
            svg.text(x + bar / 2, py(totals[i]) - 4, _n(totals[i]), anchor="middle",
                     size=_SMALL, fill=_MUTED)  # fmt: skip
        svg.text(x + bar / 2, bottom + 17, category, anchor="middle", size=_SMALL, fill=_MUTED)
    svg.line(left, bottom, right, bottom, _MUTED)
    svg.line(left, top, left, bottom, _MUTED)
    svg.text((left + right) / 2, bottom + 33, x_label, anchor="middle", size=_SMALL)
    svg.text(14, (top + bottom) / 2, y_label, anchor="middle", size=_SMALL, rotate=True)
    end = svg.legend([("box", s.color, s.label) for s in stacks], bottom + 42, left)
    return svg.render(end + 4)


def bar_rows(
    groups: Sequence[RowGroup],
    series: Sequence[BarSeries],
    *,
    title: str,
    x_label: str,
    target_label: str = "",
    width: float = 460,
    chart_id: str = "row-chart",
    labels_above: bool = False,
) -> str:
    """Horizontal bars, 0-100%: a row per item with one bar per series (at most
    :data:`MAX_SERIES`; ``None`` draws nothing), its interval as a whisker, its
    target as a black tick; rows under their group's heading. Each row's label is
    left of its bars, or with ``labels_above`` (for a narrow chart) on a line of its
    own above them, across the whole width."""
    _check_series(len(series))
    svg = _Svg(width, title, chart_id)
    label_width = 0.0 if labels_above else min(170.0, width * 0.36)
    rows = _Rows(svg, label_width + 8, width - 16, 5.0 if len(series) > 1 else 9.0)
    row_height = max(len(series) * rows.bar + 6, 16.0)
    top = svg.heading(title)
    items: list[tuple[str, str, str]] = [("box", s.color, s.label) for s in series]
    if target_label:
        items.append(("tick", _INK, target_label))
    y = svg.legend(items, top + 6, 8) + 6
    axis_top = y
    for group in groups:
        if group.heading:
            svg.text(8, y + 14, _fit(group.heading, width - 16, _SMALL), size=_SMALL,
                     fill=_MUTED, weight="600")  # fmt: skip
            y += 20
        for row in group.rows:
            if labels_above:
                svg.text(8, y + 13, _fit(row.label, width - 16, _SMALL + 1), size=_SMALL + 1)
                y += 17
            else:
                svg.text(label_width, y + row_height / 2 + 4, _fit(row.label, label_width - 8),
                         anchor="end", size=_SMALL + 1)  # fmt: skip
            rows.draw(row, series, y, row_height)
            y += row_height
        y += 4
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.line(rows.px(tick), axis_top, rows.px(tick), y, _GRID, under=True)
        svg.text(rows.px(tick), y + 14, f"{tick * 100:.0f}%", anchor=_tick_anchor(tick),
                 size=_SMALL, fill=_MUTED)  # fmt: skip
    svg.line(rows.left, axis_top, rows.left, y, _MUTED)
    svg.text((rows.left + rows.right) / 2, y + 30, x_label, anchor="middle", size=_SMALL)
    return svg.render(y + 40)


def _tick_anchor(tick: float) -> str:
    """0% and 100% are aligned inwards (a label centred on the edge would be cut)."""
    return "start" if tick == 0 else ("end" if tick == 1 else "middle")


@dataclass(frozen=True)
class _Rows:
    """The bars of :func:`bar_rows`: drawn between ``left`` (0%) and ``right``
    (100%), ``bar`` px high each."""

    svg: _Svg
    left: float
    right: float
    bar: float

    def px(self, p: float) -> float:
        return self.left + min(max(p, 0.0), 1.0) * (self.right - self.left)

    def draw(self, row: BarRow, series: Sequence[BarSeries], y: float, height: float) -> None:
        svg, bar, px = self.svg, self.bar, self.px
        offset = y + (height - bar * len(series)) / 2
        for n, (item, s) in enumerate(zip(row.bars, series, strict=True)):
            if item is None:
                continue
            top = offset + n * bar
            svg.rect(self.left, top, px(item.value) - self.left, bar - 1, s.color,
                     title=f"{row.label}, {s.label}: {item.value * 100:.1f}%")  # fmt: skip
            if item.interval is not None:
                low, high = item.interval
                middle = top + (bar - 1) / 2
                svg.line(px(low), middle, px(high), middle, _INK, 1)
                svg.line(px(low), middle - 2, px(low), middle + 2, _INK, 1)
                svg.line(px(high), middle - 2, px(high), middle + 2, _INK, 1)
        if row.target is not None:
            svg.line(px(row.target), y + 1, px(row.target), y + height - 1, _INK, 2)
