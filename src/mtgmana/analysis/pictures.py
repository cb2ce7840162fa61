"""Pictures of a deck report, drawn with matplotlib (the optional extra
``pip install "mtgmana[plot]"``).

Three panels: the **mana curve by color** (nonland cards per mana value, stacked by
color: white, blue, black, red, green, multicolored, colorless), **castability per
spell** (the exact model's probability, the simulation's P(on curve) with its 95%
interval, and Karsten's target), and **castability by turn** (the simulation's
P(castable by turn T) for each spell). :func:`save_png` writes all three in one PNG;
:func:`panel_png` draws one panel (the HTML page embeds them one by one).

Only matplotlib's object-oriented API is used (no ``pyplot``, no global state), with
the Agg renderer, so it works without a display. Without matplotlib every function
raises :class:`PicturesUnavailable`, an :class:`~mtgmana.MtgManaError` that says how
to install it.
"""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING, Any, Final

from ..errors import MtgManaError
from .deck import DeckSummary
from .simulate import Simulation

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["PANELS", "PicturesUnavailable", "figure", "panel_png", "save_png"]

PANELS: Final = ("curve", "castability", "by_turn")
"""The panels, in the order :func:`save_png` stacks them."""

COLORS: Final = {
    "W": "#f0e6a8",
    "U": "#1f6fb4",
    "B": "#3b3430",
    "R": "#d3352b",
    "G": "#1d7a45",
    "M": "#c9a227",
    "C": "#9a9a9a",
}
"""Bar colors for each color of mana (``M``: multicolored, ``C``: colorless)."""

_NAMES: Final = {
    "W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
    "M": "multicolored", "C": "colorless",
}  # fmt: skip


class PicturesUnavailable(MtgManaError):
    """matplotlib is not installed."""


def _matplotlib() -> tuple[Any, Any]:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise PicturesUnavailable(
            'pictures need matplotlib: install it with pip install "mtgmana[plot]"'
        ) from None
    return Figure, FigureCanvasAgg


def _short(name: str, width: int = 28) -> str:
    name = name.split(" // ")[0]
    return name if len(name) <= width else name[: width - 1] + "…"


def _curve(ax: Axes, summary: DeckSummary) -> None:
    values = [bar.mana_value for bar in summary.curve]
    bottoms = [0] * len(values)
    for key in "WUBRGMC":
        heights = [bar.by_color.get(key, 0) for bar in summary.curve]
        if any(heights):
            ax.bar(
                values,
                heights,
                bottom=bottoms,
                color=COLORS[key],
                edgecolor="#222222",
                linewidth=0.6,
                label=_NAMES[key],
            )
            bottoms = [b + h for b, h in zip(bottoms, heights, strict=True)]
    ax.set_xticks(values, [f"{v}+" if v == 7 else str(v) for v in values])
    ax.set_xlabel("mana value")
    ax.set_ylabel("cards")
    ax.set_title("Mana curve by color (nonland cards)")
    ax.legend(frameon=False, fontsize=8)
    ax.grid(axis="y", alpha=0.3)


def _castability(ax: Axes, summary: DeckSummary, simulation: Simulation | None) -> None:
    spells = summary.spells
    names = [_short(s.name) for s in spells]
    rows = list(range(len(spells)))[::-1]
    model = [s.probability * 100 for s in spells]
    height = 0.38 if simulation is not None else 0.7
    offset = height / 2 if simulation is not None else 0.0
    ax.barh(
        [r + offset for r in rows],
        model,
        height=height,
        color="#9ecae1",
        edgecolor="#3182bd",
        label="exact model (Karsten 2022)",
    )
    if simulation is not None:
        odds = {o.name: o for o in simulation.spells}
        values, lows, highs = [], [], []
        for s in spells:
            found = odds.get(s.name)
            p = found.p_on_curve if found else 0.0
            low, high = found.ci if found else (0.0, 0.0)
            values.append(p * 100)
            lows.append((p - low) * 100)
            highs.append((high - p) * 100)
        ax.barh(
            [r - offset for r in rows],
            values,
            height=height,
            color="#fdae6b",
            edgecolor="#e6550d",
            xerr=[lows, highs],
            error_kw={"elinewidth": 1, "capsize": 2, "ecolor": "#333333"},
            label=f"simulation, on curve ({simulation.games:,} games, 95% CI)",
        )
    for r, s in zip(rows, spells, strict=True):
        ax.plot([s.target * 100] * 2, [r - 0.45, r + 0.45], color="#222222", linewidth=1.2)
    ax.plot([], [], color="#222222", linewidth=1.2, label="Karsten's target")
    ax.set_yticks(rows, names, fontsize=8)
    low = min([*model, 100.0])
    if simulation is not None:
        low = min(low, *(o.p_on_curve * 100 for o in simulation.spells))
    ax.set_xlim(max(0.0, min(low - 5, 80.0)), 100.5)
    ax.set_xlabel("P(castable on curve), %")
    ax.set_title("Castability per spell")
    ax.legend(frameon=False, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3)
    ax.grid(axis="x", alpha=0.3)


def _by_turn(ax: Axes, summary: DeckSummary, simulation: Simulation | None) -> None:
    ax.set_title("Castability by turn (simulation)")
    ax.set_xlabel("turn")
    ax.set_ylabel("P(castable by this turn), %")
    if simulation is None:
        ax.text(0.5, 0.5, "no simulation (--games 0)", ha="center", va="center",
                transform=ax.transAxes)  # fmt: skip
        return
    colors = {s.name: _spell_color(s.pips) for s in summary.spells}
    styles = ["-", "--", ":", "-."]
    for n, odds in enumerate(simulation.spells):
        turns = list(range(odds.turn, simulation.turns + 1))
        ax.plot(
            turns,
            [odds.p_by_turn(t) * 100 for t in turns],
            marker="o",
            markersize=3,
            linestyle=styles[n % len(styles)],
            color=colors.get(odds.name, COLORS["C"]),
            label=_short(odds.name, 22),
        )
    ax.set_xticks(range(1, simulation.turns + 1))
    ax.set_ylim(None, 100.5)
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5))


def _spell_color(pips: Any) -> str:
    colored = [c for c in "WUBRG" if pips.get(c)]
    if len(colored) > 1:
        return COLORS["M"]
    if colored:
        return "#b8a83a" if colored[0] == "W" else COLORS[colored[0]]
    return COLORS["C"]


def _draw(name: str, ax: Axes, summary: DeckSummary, simulation: Simulation | None) -> None:
    if name == "curve":
        _curve(ax, summary)
    elif name == "castability":
        _castability(ax, summary, simulation)
    elif name == "by_turn":
        _by_turn(ax, summary, simulation)
    else:
        raise MtgManaError(f"unknown panel {name!r}: use one of {', '.join(PANELS)}")


def _size(name: str, summary: DeckSummary) -> tuple[float, float]:
    if name == "castability":
        return 9.0, max(3.0, 0.42 * len(summary.spells) + 1.8)
    return 9.0, 4.2


def figure(summary: DeckSummary, simulation: Simulation | None = None) -> Figure:
    """All three panels in one matplotlib figure."""
    figure_class, canvas_class = _matplotlib()
    heights = [_size(name, summary)[1] for name in PANELS]
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
    fig = figure_class(figsize=_size(name, summary), layout="constrained")
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
