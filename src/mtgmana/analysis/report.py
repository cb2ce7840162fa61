"""The deck report as JSON and as text tables.

:func:`to_json` gives every figure of a :class:`~mtgmana.analysis.deck.DeckSummary`
and, if given, a :class:`~mtgmana.analysis.simulate.Simulation`, as one JSON-ready
dict (probabilities rounded to 4 decimals, intervals as ``[low, high]``);
:func:`text_report` the same for a terminal.

>>> from mtgmana.analysis.deck import Deck, analyze
>>> summary = analyze(Deck.parse("24 Forest\\n36 Grizzly Bears"), what_ifs=0)
>>> data = to_json(summary)
>>> data["deck"]["lands"], data["spells"][0]["name"], data["spells"][0]["probability"]
(24, 'Grizzly Bears', 1.0)
>>> print(text_report(summary).splitlines()[0])
60 cards, 24 lands, colors G, on the play
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .deck import DeckSummary, SpellReport
from .simulate import Simulation, SpellOdds

__all__ = ["format_table", "percent", "pips_text", "text_report", "to_json"]


def _r(value: float) -> float:
    return round(float(value), 4)


def percent(value: float) -> str:
    """``'91.3%'``."""
    return f"{value * 100:.1f}%"


def pips_text(spell: SpellReport) -> str:
    """The pips of a spell: ``'GGUU'``, hybrid groups as ``'{W/U}'``."""
    parts = []
    for need in spell.needs:
        if len(need.colors) == 1:
            parts.append(need.colors * need.pips)
        else:
            parts.append(("{" + "/".join(need.colors) + "}") * need.pips)
    return "".join(parts) or "-"


def format_table(rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Rows of cells as aligned columns; the first row is the header; columns in
    ``right`` are right-aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            cell.rjust(width) if i in right and n else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _odds_json(odds: SpellOdds, turns: int) -> dict[str, Any]:
    low, high = odds.ci
    dlow, dhigh = odds.delay_ci
    glow, ghigh = odds.ci_given_lands
    return {
        "p_on_curve": _r(odds.p_on_curve),
        "ci": [_r(low), _r(high)],
        "on_curve": odds.on_curve,
        "p_on_curve_given_lands": _r(odds.p_on_curve_given_lands),
        "ci_given_lands": [_r(glow), _r(ghigh)],
        "lands_hit": odds.lands_hit,
        "mean_delay": _r(odds.mean_delay),
        "delay_ci": [_r(dlow), _r(dhigh)],
        "delays": list(odds.delays),
        "censored": odds.censored,
        "by_turn": {str(t): _r(odds.p_by_turn(t)) for t in range(odds.turn, turns + 1)},
    }


def to_json(summary: DeckSummary, simulation: Simulation | None = None) -> dict[str, Any]:
    """Every figure of the report as a JSON-ready dict (see the module)."""
    odds = {o.name: o for o in simulation.spells} if simulation is not None else {}
    spells = []
    for spell in summary.spells:
        item: dict[str, Any] = {
            "name": spell.name,
            "count": spell.count,
            "zone": spell.zone,
            "kind": spell.kind,
            "cost": spell.cost,
            "mana_value": spell.mana_value,
            "turn": spell.turn,
            "pips": dict(spell.pips),
            "target": _r(spell.target),
            "probability": _r(spell.probability),
            "meets": spell.meets,
            "needs": [
                {
                    "colors": need.colors,
                    "pips": need.pips,
                    "required": need.required,
                    "sources": _r(need.sources),
                    "land_sources": need.land_sources,
                    "probability": _r(need.probability),
                    "target": _r(need.target),
                    "meets": need.meets,
                }
                for need in spell.needs
            ],
        }
        found = odds.get(spell.name)
        if found is not None and simulation is not None:
            item["simulation"] = _odds_json(found, simulation.turns)
        spells.append(item)
    worst = summary.worst
    land = summary.land_count
    result: dict[str, Any] = {
        "deck": {
            "name": summary.name,
            "size": summary.deck_size,
            "lands": summary.lands,
            "colors": summary.colors,
            "commander": summary.commander,
            "on_the_draw": summary.on_the_draw,
        },
        "spells": spells,
        "worst": None
        if worst is None
        else {"name": worst.name, "probability": _r(worst.probability)},
        "curve": [
            {"mana_value": bar.mana_value, "cards": bar.cards, "by_color": dict(bar.by_color)}
            for bar in summary.curve
        ],
        "colors": [
            {
                "color": c.color,
                "pips": c.pips,
                "share": _r(c.share),
                "land_sources": _r(c.land_sources),
                "other_sources": _r(c.other_sources),
                "sources": _r(c.sources),
            }
            for c in summary.color_sources
        ],
        "land_count": {
            "lands": land.lands,
            "recommended": land.recommended,
            "difference": _r(land.difference),
            "average_mana_value": land.average_mana_value,
            "cheap_draw_or_ramp": land.cheap_draw_or_ramp,
            "companion": land.companion,
            "formula": land.formula,
            "extrapolated": land.extrapolated,
        },
        "what_ifs": [
            {
                "change": w.change,
                "changes": dict(w.changes),
                "deck_size": w.deck_size,
                "lands": w.lands,
                "worst_before": _r(w.worst_before),
                "worst_after": _r(w.worst_after),
                "delta": _r(w.delta),
                "worst_spell": w.worst_spell,
                "below_target_before": w.below_target_before,
                "below_target_after": w.below_target_after,
            }
            for w in summary.what_ifs
        ],
        "simulation": None,
        "notes": list(summary.notes),
    }
    if simulation is not None:
        result["simulation"] = {
            "games": simulation.games,
            "seed": simulation.seed,
            "jobs": simulation.jobs,
            "turns": simulation.turns,
            "on_the_draw": simulation.on_the_draw,
            "commander": simulation.commander,
            "elapsed": round(simulation.elapsed, 3),
            "games_per_second": round(simulation.games_per_second, 1),
            "queries": simulation.queries,
            "tapper_calls": simulation.tapper_calls,
            "hit_rate": _r(simulation.hit_rate),
            "boards": simulation.boards,
            "mulligans": {str(7 - k): n for k, n in enumerate(simulation.mulligans)},
        }
    return result


def _needs_text(spell: SpellReport) -> str:
    parts = []
    for need in spell.needs:
        required = "-" if need.required is None else str(need.required)
        sources = f"{need.sources:g}"
        parts.append(f"{need.colors} {sources}/{required}")
    return ", ".join(parts) or "-"


def text_report(summary: DeckSummary, simulation: Simulation | None = None) -> str:
    """The report as text tables for a terminal."""
    out: list[str] = []
    title = f"{summary.deck_size} cards, {summary.lands} lands, colors {summary.colors or '-'}"
    title += ", on the draw" if summary.on_the_draw else ", on the play"
    if summary.commander:
        title += ", Commander rules"
    if summary.name:
        title = f"{summary.name}: {title}"
    out.append(title)
    out.append("")
    odds = {o.name: o for o in simulation.spells} if simulation is not None else {}
    header = ["spell", "cost", "turn", "sources/needed", "model", "target"]
    if simulation is not None:
        header += ["on curve (95% CI)", "if lands hit", "delay"]
    rows = [header]
    for spell in summary.spells:
        flag = "" if spell.meets else " !"
        row = [
            f"{spell.count} {spell.name}"
            if spell.zone == "main"
            else f"{spell.name} ({spell.zone})",
            spell.cost,
            str(spell.turn),
            _needs_text(spell) + flag,
            percent(spell.probability),
            percent(spell.target),
        ]
        found = odds.get(spell.name)
        if found is not None:
            low, high = found.ci
            row += [
                f"{percent(found.p_on_curve)} ({percent(low)}-{percent(high)})",
                percent(found.p_on_curve_given_lands),
                f"{found.mean_delay:.2f}",
            ]
        rows.append(row)
    out.append("Spells: Karsten's requirement against the deck's sources (! short), the exact")
    out.append("model's probability" + (", and the simulation's" if simulation else "") + ":")
    out.append(format_table(rows, right=(2, 4, 5, 7, 8)))
    out.append("")
    curve_rows = [["mana value", "cards", "colors"]]
    for bar in summary.curve:
        label = f"{bar.mana_value}+" if bar.mana_value == 7 else str(bar.mana_value)
        colors = " ".join(f"{c}:{n}" for c, n in sorted(bar.by_color.items(), key=_color_order))
        curve_rows.append([label, f"{bar.cards} " + "#" * bar.cards, colors])
    out.append("Mana curve (nonland cards):")
    out.append(format_table(curve_rows))
    out.append("")
    color_rows = [["color", "pips", "share", "land sources", "dorks/rocks/Treasure", "total"]]
    for c in summary.color_sources:
        color_rows.append(
            [
                c.color,
                str(c.pips),
                percent(c.share),
                f"{c.land_sources:g}",
                f"{c.other_sources:g}",
                f"{c.sources:g}",
            ]
        )
    out.append("Colors: pips against sources:")
    out.append(format_table(color_rows, right=(1, 2, 3, 4, 5)))
    out.append("")
    land = summary.land_count
    sign = "+" if land.difference >= 0 else ""
    out.append(
        f"Land count: {land.lands} lands; Karsten's 2022 formula recommends "
        f"{land.recommended:.2f} ({sign}{land.difference:.2f})"
    )
    out.append(
        f"  {land.formula}, average mana value {land.average_mana_value:.2f}, "
        f"{land.cheap_draw_or_ramp} cheap draw/ramp cards"
        + (" (extrapolated from 60 cards)" if land.extrapolated else "")
    )
    if summary.what_ifs:
        worst = summary.worst
        out.append("")
        out.append(
            "What-ifs, by the change in the worst spell's probability"
            + (f" (now {worst.name}, {percent(worst.probability)})" if worst else "")
            + ":"
        )
        what_rows = [["change", "worst after", "change", "worst spell", "below target"]]
        for w in summary.what_ifs:
            what_rows.append(
                [
                    w.change,
                    percent(w.worst_after),
                    f"{w.delta * 100:+.1f} pt",
                    w.worst_spell,
                    f"{w.below_target_before} -> {w.below_target_after}",
                ]
            )
        out.append(format_table(what_rows, right=(1, 2)))
    if simulation is not None:
        out.append("")
        total = sum(simulation.mulligans) or 1
        mulligans = ", ".join(
            f"{7 - k}: {percent(n / total)}" for k, n in enumerate(simulation.mulligans)
        )
        out.append(
            f"Simulation: {simulation.games:,} games (seed {simulation.seed}, "
            f"{simulation.jobs} process{'es' if simulation.jobs != 1 else ''}) in "
            f"{simulation.elapsed:.2f} s, {simulation.games_per_second:,.0f} games/s; "
            f"tapper cache hit rate {percent(simulation.hit_rate)} "
            f"({simulation.tapper_calls:,} tapper calls, {simulation.boards:,} battlefields)"
        )
        out.append(f"  hands kept at {mulligans}; turns simulated: 1-{simulation.turns}")
    if summary.notes:
        out.append("")
        out.append("Notes:")
        out.extend(f"  - {note}" for note in summary.notes)
    return "\n".join(out)


def _color_order(item: tuple[str, int]) -> int:
    return "WUBRGMC".index(item[0]) if item[0] in "WUBRGMC" else 9
