"""The deck report as JSON and as text tables people can read.

:func:`to_json` gives every figure of a :class:`~mtgmana.analysis.summary.DeckSummary`
and, if given, a :class:`~mtgmana.analysis.simulation.Simulation`, as one JSON-ready
dict; :func:`text_report` (:mod:`mtgmana.analysis.reports.report_text`) the same for a
terminal, no line longer than 100 columns: long card names end in an ellipsis,
spells are grouped by the turn they are cast on curve, sources have one decimal.
The figures both share are in :mod:`mtgmana.analysis.reports.report_data`.

**The model and the simulation answer different questions.** The exact model is
Karsten's: P(castable on curve) *given the land drops* ("given enough lands"). The
simulation plays whole games and is unconditional: mulligans, missed land drops and
taplands count. The simulation's games that made the land drops give the model's
question (``p_on_curve_given_lands``); the report shows it next to the model and
says in one line where and why the figures differ (:func:`compare`).

**The JSON shape** (probabilities in 0..1 rounded to 4 decimals, intervals as
``[low, high]``; keys are always present, ``null`` when not known)::

    {"deck": {"name", "size", "lands", "colors", "commander", "on_the_draw"},
                                      # size: the main deck and commander(s), CR 903.5a
     "skipped": [{"line", "name", "count", "section", "suggestions"}],  # unknown cards
     "warnings": [{"code", "message", "cards": [...]}],   # legality, may be []
     "spells": [{"name", "count", "zone", "kind", "cost", "mana_value", "turn",
                 "pips": {color: n}, "target", "probability", "meets",
                 "card",              # the whole card's name for a half of a split card
                 "x",                 # the X it is judged at (X spells)
                 "without_life",      # P paying Phyrexian symbols with mana
                 "counted_as", "notes": [str],            # how it was counted
                 "needs": [{"colors", "pips", "required", "sources",
                            "land_sources", "probability", "target", "meets"}],
                 "simulation": {"p_on_curve", "ci", "on_curve",    # with a simulation
                                "p_on_curve_given_lands", "ci_given_lands",
                                "lands_hit", "mean_delay", "delay_ci", "delays",
                                "censored", "by_turn": {turn: p}}}],
     "lands": [{"name", "count", "produces", "enters_tapped", "counted_as",
                "land", "sources": {color: value}}] | null,
     "worst": {"name", "probability"} | null,
     "curve": [{"mana_value", "cards", "by_color": {color: n}}],
     "colors": [{"color", "pips", "share", "land_sources", "other_sources", "sources"}],
     "land_count": {"lands", "mdfc", "effective", "recommended", "difference",
                    "average_mana_value", "cheap_draw_or_ramp", "companion", "formula",
                    "extrapolated"},          # mdfc: spell//land cards, part of a land
     "what_ifs": [{"change", "changes", "deck_size", "lands", "worst_before",
                   "worst_after", "delta", "worst_spell", "below_target_before",
                   "below_target_after", "average_before", "average_after",
                   "average_delta", "score",             # average castability
                   "warnings": [{"code", "message", "cards"}]}],
     "model_vs_simulation": {"spells", "below_model", "largest_gap", "largest_gap_spell",
                             "outside_given_lands": [name], "note"} | null,
     "simulation": {"games", "seed", "jobs", "turns", "on_the_draw", "commander",
                    "elapsed", "games_per_second", "queries", "tapper_calls",
                    "hit_rate", "boards", "mulligans": {hand size: games}} | null,
     "notes": [str]}

``"skipped"`` lists the unknown cards ``skip_unknown`` left out (``[]`` without);
those of the main deck count as nonland cards of unknown cost. ``"lands"`` is the
land-by-land table (``null`` if the analysis gives none); a
``"hit_rate"`` that is not a rate in 0..1 is ``null``.

>>> from mtgmana.analysis.decks import Deck
>>> from mtgmana.analysis.summary import analyze
>>> summary = analyze(Deck.parse("24 Forest\\n36 Grizzly Bears"), what_ifs=0)
>>> data = to_json(summary)
>>> data["deck"]["lands"], data["spells"][0]["name"], data["spells"][0]["probability"]
(24, 'Grizzly Bears', 1.0)
>>> print(text_report(summary).splitlines()[0])
60 cards, 24 lands, colors G, on the play
>>> number(14.6667), number(13.0), number(0.25)
('14.7', '13', '0.3')
"""

from __future__ import annotations

from typing import Any

from ..counting import ColorSources, LandCount, SpellReport
from ..simulation import Simulation, SpellOdds
from ..summary import DeckSummary
from .charts import odds_by_name
from .report_data import (
    Comparison,
    LandRow,
    compare,
    hit_rate,
    land_rows,
    number,
    percent,
    pips_text,
    skipped_json,
    spell_notes,
    warning_json,
    warnings_of,
)
from .report_text import WIDTH, ellipsis, format_table, text_report

__all__ = [
    "WIDTH",
    "Comparison",
    "compare",
    "ellipsis",
    "format_table",
    "land_rows",
    "number",
    "percent",
    "pips_text",
    "spell_notes",
    "text_report",
    "to_json",
    "warnings_of",
]


def _r(value: float) -> float:
    return round(float(value), 4)


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


def _spell_json(spell: SpellReport) -> dict[str, Any]:
    without_life: float | None = getattr(spell, "without_life", None)
    return {
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
        "card": getattr(spell, "card", "") or None,
        "x": getattr(spell, "x", None),
        "without_life": None if without_life is None else _r(without_life),
        "counted_as": getattr(spell, "counted_as", "") or None,
        "notes": list(spell_notes(spell)),
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


def _what_if_json(w: Any) -> dict[str, Any]:
    before: float | None = getattr(w, "average_before", None)
    after: float | None = getattr(w, "average_after", None)
    return {
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
        "average_before": None if before is None else _r(before),
        "average_after": None if after is None else _r(after),
        "average_delta": None if before is None or after is None else _r(after - before),
        "score": _r(w.score) if hasattr(w, "score") else None,
        "warnings": [warning_json(x) for x in getattr(w, "warnings", ()) or ()],
    }


def to_json(summary: DeckSummary, simulation: Simulation | None = None) -> dict[str, Any]:
    """Every figure of the report as a JSON-ready dict (see the module for its
    shape)."""
    spells = _spells_json(summary, simulation)
    worst = summary.worst
    rows = land_rows(summary)
    result: dict[str, Any] = {
        "deck": {
            "name": summary.name,
            "size": summary.deck_size,
            "lands": summary.lands,
            "colors": summary.colors,
            "commander": summary.commander,
            "on_the_draw": summary.on_the_draw,
        },
        "skipped": skipped_json(summary),
        "warnings": [warning_json(w) for w in warnings_of(summary)],
        "spells": spells,
        "lands": None if rows is None else [_land_json(row) for row in rows],
        "worst": None
        if worst is None
        else {"name": worst.name, "probability": _r(worst.probability)},
        "curve": [
            {"mana_value": bar.mana_value, "cards": bar.cards, "by_color": dict(bar.by_color)}
            for bar in summary.curve
        ],
        "colors": [_color_json(c) for c in summary.color_sources],
        "land_count": _land_count_json(summary.land_count),
        "what_ifs": [_what_if_json(w) for w in summary.what_ifs],
        "model_vs_simulation": None,
        "simulation": None,
        "notes": list(summary.notes),
    }
    if simulation is not None:
        result["model_vs_simulation"] = _comparison_json(summary, simulation)
        result["simulation"] = _simulation_json(simulation)
    return result


def _spells_json(summary: DeckSummary, simulation: Simulation | None) -> list[dict[str, Any]]:
    """Each spell's figures, with its simulated odds when there was a simulation."""
    odds = odds_by_name(simulation)
    spells = []
    for spell in summary.spells:
        item = _spell_json(spell)
        found = odds.get(spell.name)
        if found is not None and simulation is not None:
            item["simulation"] = _odds_json(found, simulation.turns)
        spells.append(item)
    return spells


def _land_json(row: LandRow) -> dict[str, Any]:
    """One row of the land-by-land table."""
    return {
        "name": row.name,
        "count": row.count,
        "produces": row.produces,
        "enters_tapped": row.enters_tapped,
        "counted_as": row.counted_as,
        "land": _r(row.land),
        "sources": {color: _r(value) for color, value in row.sources.items()},
    }


def _color_json(c: ColorSources) -> dict[str, Any]:
    """One color's pips and sources."""
    return {
        "color": c.color,
        "pips": c.pips,
        "share": _r(c.share),
        "land_sources": _r(c.land_sources),
        "other_sources": _r(c.other_sources),
        "sources": _r(c.sources),
    }


def _land_count_json(land: LandCount) -> dict[str, Any]:
    """The land count against Karsten's recommendation."""
    return {
        "lands": land.lands,
        "mdfc": getattr(land, "mdfc", 0),
        "effective": _r(getattr(land, "effective", land.lands)),
        "recommended": land.recommended,
        "difference": _r(land.difference),
        "average_mana_value": land.average_mana_value,
        "cheap_draw_or_ramp": land.cheap_draw_or_ramp,
        "companion": land.companion,
        "formula": land.formula,
        "extrapolated": land.extrapolated,
    }


def _comparison_json(summary: DeckSummary, simulation: Simulation) -> dict[str, Any]:
    """The model's figures against the simulation's."""
    comparison = compare(summary, simulation)
    return {
        "spells": comparison.spells,
        "below_model": comparison.below_model,
        "largest_gap": _r(comparison.largest_gap),
        "largest_gap_spell": comparison.largest_gap_spell or None,
        "outside_given_lands": list(comparison.outside_given_lands),
        "note": comparison.note or None,
    }


def _simulation_json(simulation: Simulation) -> dict[str, Any]:
    """The simulation's settings and counters."""
    rate = hit_rate(simulation)
    return {
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
        "hit_rate": None if rate is None else _r(rate),
        "boards": simulation.boards,
        "mulligans": {str(7 - k): n for k, n in enumerate(simulation.mulligans)},
    }
