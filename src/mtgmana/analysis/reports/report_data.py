"""The figures of the deck report that its JSON, text and HTML share: rounding
(percentages, sources with one decimal), the data other analyses add to a summary
(legality warnings, the land-by-land table, how each spell was counted: read
defensively, absent data is simply not shown), and the comparison of Karsten's model
with the simulation (:func:`compare`).

**The model and the simulation answer different questions.** The exact model is
Karsten's: P(castable on curve) *given the land drops* ("given enough lands"). The
simulation plays whole games and is unconditional: mulligans, missed land drops and
taplands count. The simulation's games that made the land drops ask the model's
question (``p_on_curve_given_lands``); :class:`Comparison` says in one line where
and why the figures differ.

>>> number(14.6667), number(13.0), percent(0.9134)
('14.7', '13', '91.3%')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Final

from ..counting import SpellReport
from ..simulation import Simulation, SpellOdds
from ..summary import DeckSummary
from .charts import display_name, odds_by_name

__all__ = [
    "Comparison",
    "LandRow",
    "compare",
    "hit_rate",
    "land_rows",
    "lands_text",
    "number",
    "outside_given_lands",
    "percent",
    "pips_text",
    "skipped_heading",
    "skipped_json",
    "skipped_lines",
    "spell_notes",
    "warning_json",
    "warnings_of",
]

_COLOR_ORDER: Final = "WUBRGMC"


def percent(value: float) -> str:
    """``'91.3%'``."""
    return f"{value * 100:.1f}%"


def number(value: float) -> str:
    """A count of sources with at most one decimal, halves rounded up: ``'14.7'``,
    ``'13'``, ``'0.3'`` (a Treasure maker's 0.25)."""
    rounded = Decimal(repr(float(value))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    text = f"{rounded:.1f}"
    return text[:-2] if text.endswith(".0") else text


def pips_text(spell: SpellReport) -> str:
    """The pips of a spell: ``'GGUU'``, hybrid groups as ``'{W/U}'``."""
    parts = []
    for need in spell.needs:
        if len(need.colors) == 1:
            parts.append(need.colors * need.pips)
        else:
            parts.append(("{" + "/".join(need.colors) + "}") * need.pips)
    return "".join(parts) or "-"


# -- data the other analyses add: read defensively ---------------------------------


@dataclass(frozen=True)
class LandRow:
    """A line of the land-by-land table: ``produces`` the mana letters it makes
    (``"GU"``), ``enters_tapped`` ``"always"``, ``"conditionally"`` or ``"never"``
    (CR 614.1c), ``counted_as`` how its sources were counted ("1 source of U and G",
    "0.5 land ... (MDFC)"), ``land`` how much of a land it is, ``sources`` its value
    as a source of each of the deck's colors."""

    name: str
    count: int
    produces: str
    enters_tapped: str
    counted_as: str
    land: float = 1.0
    sources: Mapping[str, float] = field(default_factory=dict)


def _letters(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Iterable):
        letters = {str(v) for v in value}
        return "".join(sorted(letters, key=lambda c: _COLOR_ORDER.find(c) % 99))
    return str(value)


def land_rows(summary: DeckSummary) -> tuple[LandRow, ...] | None:
    """The land-by-land table of ``summary`` (its ``land_rows``), ``None`` when the
    analysis gives none."""
    rows = getattr(summary, "land_rows", None)
    if not rows:
        return None
    result = []
    for row in rows:
        sources = getattr(row, "sources", None)
        result.append(
            LandRow(
                name=str(getattr(row, "name", "")),
                count=int(getattr(row, "count", 1)),
                produces=_letters(getattr(row, "produces", "")),
                enters_tapped=str(getattr(row, "enters_tapped", "")),
                counted_as=str(getattr(row, "counted_as", "")),
                land=float(getattr(row, "land", 1.0)),
                sources=dict(sources) if isinstance(sources, Mapping) else {},
            )
        )
    return tuple(result)


def lands_text(land: Any) -> str:
    """The land count of a :class:`~mtgmana.analysis.counting.LandCount` in words:
    ``'22 lands + 2 modal double-faced spells (23 effective)'``."""
    mdfc = int(getattr(land, "mdfc", 0) or 0)
    text = f"{land.lands} land{'s' if land.lands != 1 else ''}"
    if mdfc:
        effective = float(getattr(land, "effective", land.lands))
        text += (
            f" + {mdfc} modal double-faced spell{'s' if mdfc != 1 else ''} with a land back "
            f"({number(effective)} effective)"
        )
    return text


def spell_notes(spell: SpellReport) -> tuple[str, ...]:
    """How a spell was counted ("hybrid", "X=1", ...), when the analysis says."""
    found: list[str] = []
    for attribute in ("counted_as", "notes"):
        value = getattr(spell, attribute, None)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, Iterable):
            found.extend(str(v) for v in value)
    return tuple(dict.fromkeys(note for note in found if note))


_SECTIONS: Final = {"main": "main deck", "sideboard": "sideboard", "maybeboard": "maybeboard"}


def skipped_heading(summary: DeckSummary) -> str:
    """The heading over the unknown cards the analysis left out (``""``: none)."""
    skipped = getattr(summary, "skipped", ())
    if not skipped:
        return ""
    copies = sum(u.count for u in skipped)
    main = sum(u.count for u in skipped if u.section == "main")
    text = f"Left out: {copies} unknown card{'s' if copies != 1 else ''}"
    if main:
        text += f" (the main deck's {main}: nonland cards of unknown cost)"
    return text + "; newer cards come with `mtgmana cards update`"


def skipped_lines(summary: DeckSummary) -> list[str]:
    """One line per unknown card left out: ``line 6: 2 Name (main deck; did you
    mean 'X'?)``."""
    lines = []
    for unknown in getattr(summary, "skipped", ()):
        where = _SECTIONS.get(unknown.section, unknown.section)
        if unknown.suggestions:
            where += "; did you mean " + ", ".join(map(repr, unknown.suggestions)) + "?"
        lines.append(f"line {unknown.line}: {unknown.count} {unknown.name} ({where})")
    return lines


def skipped_json(summary: DeckSummary) -> list[dict[str, Any]]:
    """The unknown cards left out, as JSON."""
    return [
        {
            "line": u.line,
            "name": u.name,
            "count": u.count,
            "section": u.section,
            "suggestions": list(u.suggestions),
        }
        for u in getattr(summary, "skipped", ())
    ]


def warnings_of(summary: DeckSummary) -> tuple[Any, ...]:
    """The legality warnings of ``summary`` (objects with ``code``, ``message``,
    ``cards``)."""
    return tuple(getattr(summary, "warnings", ()) or ())


def warning_json(warning: Any) -> dict[str, Any]:
    to_json_method = getattr(warning, "to_json", None)
    if callable(to_json_method):
        data = to_json_method()
        if isinstance(data, dict):
            return data
    return {
        "code": str(getattr(warning, "code", "")),
        "message": str(getattr(warning, "message", warning)),
        "cards": list(getattr(warning, "cards", ())),
    }


def hit_rate(simulation: Simulation) -> float | None:
    rate = float(simulation.hit_rate)
    return rate if 0.0 <= rate <= 1.0 else None


def work_done(simulation: Simulation) -> str:
    """What the simulation's castability questions cost, in one sentence: how many
    were asked, the share the cache answered, and how the rest were decided."""
    rate = hit_rate(simulation)
    cached = "" if rate is None else f", {percent(rate)} answered from the cache"
    return (
        f"{simulation.queries:,} castability questions{cached}; the rest were decided "
        f"on {simulation.boards:,} battlefields, {simulation.tapper_calls:,} of them by the "
        "auto-tapper"
    )


# -- model against simulation ------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """Where the model and the simulation differ: ``below_model`` spells whose
    simulated P(on curve) over all games is below the model beyond its 95%
    interval (the largest gap ``largest_gap``, for ``largest_gap_spell``), and the
    spells whose model figure lies outside the simulation's 95% interval *given
    the land drops* (``outside_given_lands``), the comparable figure."""

    spells: int
    below_model: int
    largest_gap: float
    largest_gap_spell: str
    outside_given_lands: tuple[str, ...]

    @property
    def note(self) -> str:
        """One line on why the figures differ ('' when they agree)."""
        if not self.below_model and not self.outside_given_lands:
            return ""
        parts = []
        if self.below_model:
            parts.append(
                f"the simulation over all games is below the model for {self.below_model} of "
                f"{self.spells} spells (up to {self.largest_gap * 100:.1f} pt, "
                f"{display_name(self.largest_gap_spell)}): the model (Karsten's) assumes the "
                "land drops are made, the simulation counts mulligans, missed land drops and "
                "taplands; its games that made their land drops are the comparable figure."
            )
        if self.outside_given_lands:
            count = len(self.outside_given_lands)
            which = (
                "even their 95% interval"
                if parts
                else "the 95% interval of the simulation's games that made their land drops"
            )
            parts.append(
                f"For {count} spell{'s' if count != 1 else ''} (marked *) the model is outside "
                f"{which}: it ignores taplands after turn 1, takes a gold "
                "spell's colors one at a time and counts dorks, rocks, Treasure and color "
                "choices as fractions of a source."
            )
        text = " ".join(parts)
        return text[0].upper() + text[1:]


def outside_given_lands(spell: SpellReport, odds: SpellOdds) -> bool:
    if not odds.lands_hit:
        return False
    low, high = odds.ci_given_lands
    return not low - 1e-9 <= spell.probability <= high + 1e-9


def compare(summary: DeckSummary, simulation: Simulation) -> Comparison:
    """The :class:`Comparison` of the model's figures with the simulation's."""
    odds = odds_by_name(simulation)
    below = 0
    gap, gap_spell = 0.0, ""
    outside = []
    spells = 0
    for spell in summary.spells:
        found = odds.get(spell.name)
        if found is None:
            continue
        spells += 1
        if spell.probability > found.ci[1] + 1e-9:
            below += 1
            difference = spell.probability - found.p_on_curve
            if difference > gap:
                gap, gap_spell = difference, spell.name
        if outside_given_lands(spell, found):
            outside.append(spell.name)
    return Comparison(spells, below, gap, gap_spell, tuple(outside))
