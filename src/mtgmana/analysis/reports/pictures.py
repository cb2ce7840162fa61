"""Pictures of a deck report as PNG, drawn with matplotlib (the optional extra
``pip install "mtgmana[plot]"``). The HTML page doesn't need them: it draws the
same charts as inline SVG (:mod:`mtgmana.analysis.reports.charts`).

Three panels, from the same data as the page's charts, every axis from 0 and at
most eight series a panel: the **mana curve by color** (nonland cards per mana
value, stacked by color), **castability on curve** (per spell, or per turn for a
deck of more than :data:`~mtgmana.analysis.reports.charts.PER_SPELL_LIMIT` spells: the
exact model, the simulation given the land drops and over all games with its 95%
interval, Karsten's target; 0-100%), and **castability by turn** (the simulation's
P(castable by turn T), one line per mana value; 0-100%). :func:`save_png` writes all
three in one PNG; :func:`panel_png` draws one panel.

Only matplotlib's object-oriented API is used (no ``pyplot``, no global state), with
the Agg renderer, so it works without a display. Without matplotlib every function
raises :class:`PicturesUnavailable`, an :class:`~mtgmana.MtgManaError` that says how
to install it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ...errors import MtgManaError
from ..simulation import Simulation
from ..summary import DeckSummary
from .charts import castability_title, curve_stacks, row_series, spell_rows, turn_series
from .svg import BarRow, RowGroup

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["PANELS", "PicturesUnavailable", "figure", "panel_png", "require", "save_png"]

PANELS: Final = ("curve", "castability", "by_turn")
"""The panels, in the order :func:`save_png` stacks them."""

_INSTALL: Final = 'pictures need matplotlib: install it with pip install "mtgmana[plot]"'
_STYLES: Final = ("-", "--", ":", "-.")


class PicturesUnavailable(MtgManaError):
    """matplotlib is not installed."""


def _matplotlib() -> tuple[Any, Any]:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise PicturesUnavailable(_INSTALL) from None
    return Figure, FigureCanvasAgg


def require() -> None:
    """Raise :class:`PicturesUnavailable` now if matplotlib is missing (before a
    long simulation, say)."""
    _matplotlib()


def _curve(ax: Axes, summary: DeckSummary) -> None:
    from matplotlib.ticker import MaxNLocator

    categories, stacks = curve_stacks(summary)
    positions = list(range(len(categories)))
    bottoms = [0.0] * len(categories)
    for stack in stacks:
        ax.bar(
            positions,
            stack.values,
            bottom=bottoms,
            color=stack.color,
            edgecolor="#222222",
            linewidth=0.6,
            label=stack.label,
        )
        bottoms = [b + v for b, v in zip(bottoms, stack.values, strict=True)]
    ax.set_xticks(positions, list(categories))
    ax.set_ylim(0, max([*bottoms, 1.0]) * 1.1)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("mana value")
    ax.set_ylabel("cards")
    ax.set_title("Mana curve by color (nonland cards)")
    ax.legend(frameon=False, fontsize=8)
    ax.grid(axis="y", alpha=0.3)


def _castability_rows(
    groups: Sequence[RowGroup],
) -> tuple[list[str], list[float], list[tuple[float, BarRow]], float]:
    """The castability chart's rows: each label (headings and spells, long names
    cut) and its position, the spells' rows at theirs, and the position past the
    last."""
    labels: list[str] = []
    positions: list[float] = []
    rows = []
    y = 0.0
    for group in groups:
        if group.heading:
            labels.append(group.heading)
            positions.append(y)
            y += 1
        for row in group.rows:
            labels.append(row.label if len(row.label) <= 30 else row.label[:29] + "…")
            positions.append(y)
            rows.append((y, row))
            y += 1
    return labels, positions, rows, y


def _bars(
    rows: Sequence[tuple[float, BarRow]], n: int, height: float
) -> tuple[list[float], list[float], list[float], list[float], bool]:
    """The bars of the ``n``-th series of the castability chart: positions,
    values (%), the confidence interval's extent below and above, and whether
    any bar has one."""
    ys: list[float] = []
    values: list[float] = []
    lows: list[float] = []
    highs: list[float] = []
    have_ci = False
    for row_y, row in rows:
        bar = row.bars[n]
        if bar is None:
            continue
        ys.append(row_y - 0.4 + height * (n + 0.5))
        values.append(bar.value * 100)
        low, high = bar.interval if bar.interval is not None else (bar.value, bar.value)
        have_ci = have_ci or bar.interval is not None
        lows.append((bar.value - low) * 100)
        highs.append((high - bar.value) * 100)
    return ys, values, lows, highs, have_ci


def _castability(ax: Axes, summary: DeckSummary, simulation: Simulation | None) -> None:
    groups = spell_rows(summary, simulation)
    series = row_series(summary, simulation)
    labels, positions, rows, y = _castability_rows(groups)
    height = 0.8 / len(series)
    handles: list[Any] = []
    for n, s in enumerate(series):
        ys, values, lows, highs, have_ci = _bars(rows, n, height)
        handles.append(
            ax.barh(
                ys,
                values,
                height=height,
                color=s.color,
                label=s.label,
                xerr=[lows, highs] if have_ci else None,
                error_kw={"elinewidth": 1, "capsize": 2},
            )
        )
    for row_y, row in rows:
        if row.target is not None:
            ax.plot(
                [row.target * 100] * 2, [row_y - 0.45, row_y + 0.45], color="#222222", linewidth=1.4
            )
    handles += ax.plot([], [], color="#222222", linewidth=1.4, label="Karsten's target")
    ax.set_yticks(positions, labels, fontsize=8)
    for tick, label in zip(ax.get_yticklabels(), labels, strict=True):
        if " · target " in label:
            tick.set_fontweight("bold")
    ax.set_ylim(y - 0.5, -0.6)
    ax.set_xlim(0, 100)
    ax.set_xlabel("P(castable on curve), %")
    ax.set_title(castability_title(summary), pad=36)
    ax.legend(
        handles=handles,
        frameon=False,
        fontsize=8,
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=2,
    )
    ax.grid(axis="x", alpha=0.3)


def _by_turn(ax: Axes, summary: DeckSummary, simulation: Simulation | None) -> None:
    ax.set_title("Castability by turn, by mana value (simulation)")
    ax.set_xlabel("turn")
    ax.set_ylabel("P(castable by this turn), %")
    ax.set_ylim(0, 100)
    if simulation is None:
        ax.text(
            0.5, 0.5, "no simulation (--games 0)", ha="center", va="center", transform=ax.transAxes
        )
        return
    for n, series in enumerate(turn_series(summary, simulation)):
        ax.plot(
            [x for x, _ in series.points],
            [y * 100 for _, y in series.points],
            marker="o",
            markersize=3,
            color=series.color,
            label=series.label,
            linestyle=_STYLES[n % len(_STYLES)],
        )
    ax.set_xlim(0.5, simulation.turns + 0.5)
    ax.set_xticks(range(1, simulation.turns + 1))
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, fontsize=8, loc="lower right")


def _draw(name: str, ax: Axes, summary: DeckSummary, simulation: Simulation | None) -> None:
    if name == "curve":
        _curve(ax, summary)
    elif name == "castability":
        _castability(ax, summary, simulation)
    elif name == "by_turn":
        _by_turn(ax, summary, simulation)
    else:
        raise MtgManaError(f"unknown panel {name!r}: use one of {', '.join(PANELS)}")


def _size(name: str, summary: DeckSummary, simulation: Simulation | None) -> tuple[float, float]:
    if name == "castability":
        rows = sum(len(g.rows) + (1 if g.heading else 0) for g in spell_rows(summary, simulation))
        return 9.0, max(3.0, 0.3 * rows + 1.8)
    return 9.0, 4.2


def figure(summary: DeckSummary, simulation: Simulation | None = None) -> Figure:
    """All three panels in one matplotlib figure."""
    figure_class, canvas_class = _matplotlib()
    heights = [_size(name, summary, simulation)[1] for name in PANELS]
    fig = figure_class(figsize=(9.0, sum(heights)), layout="constrained")
    canvas_class(fig)
    axes = fig.subplots(len(PANELS), 1, gridspec_kw={"height_ratios": heights})
    for name, ax in zip(PANELS, axes, strict=True):
        _draw(name, ax, summary, simulation)
    title = summary.name or "Deck report"
    fig.suptitle(f"{title}: {summary.deck_size} cards, {summary.lands} lands", fontsize=12)
    result: Figure = fig
    return result


def _png(fig: Figure, dpi: int) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()


def panel_png(
    name: str, summary: DeckSummary, simulation: Simulation | None = None, *, dpi: int = 100
) -> bytes:
    """One panel (``"curve"``, ``"castability"``, ``"by_turn"``) as PNG bytes."""
    figure_class, canvas_class = _matplotlib()
    if name not in PANELS:
        raise MtgManaError(f"unknown panel {name!r}: use one of {', '.join(PANELS)}")
    fig = figure_class(figsize=_size(name, summary, simulation), layout="constrained")
    canvas_class(fig)
    _draw(name, fig.add_subplot(), summary, simulation)
    return _png(fig, dpi)


def save_png(
    summary: DeckSummary,
    simulation: Simulation | None,
    path: str | os.PathLike[str],
    *,
    dpi: int = 100,
) -> None:
    """Write the three panels to ``path`` as one PNG. Raises
    :class:`PicturesUnavailable` without matplotlib and
    :class:`~mtgmana.MtgManaError` when the file can't be written."""
    data = _png(figure(summary, simulation), dpi)
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as error:
        raise MtgManaError(
            f"can't write the picture to {os.fspath(path)!r}: {error.strerror}"
        ) from None
