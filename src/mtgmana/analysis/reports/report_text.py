"""The deck report as text for a terminal: no line longer than :data:`WIDTH` (100)
columns. Long card names end in an ellipsis (the front face of a two-faced card is
shown), spells are grouped by the turn they are cast on curve (with Karsten's target
for that turn), sources have one decimal, the model and the simulation stand side by
side with a one-line note on why they differ, and the lands get a table of their
own.

>>> print(format_table([["card", "n"], ["Lightning Bolt", "4"]], right=(1,), limits={0: 8}))
card      n
--------  -
Lightni…  4
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Mapping, Sequence
from typing import Final

from ..counting import SpellReport
from ..simulation import Simulation
from ..summary import DeckSummary
from .charts import display_name, odds_by_name, spell_groups
from .report_data import (
    LandRow,
    compare,
    land_rows,
    lands_text,
    number,
    outside_given_lands,
    percent,
    skipped_heading,
    skipped_lines,
    spell_notes,
    warnings_of,
    work_done,
)

__all__ = ["WIDTH", "ellipsis", "format_table", "text_report"]

WIDTH: Final = 100
"""The widest line of :func:`text_report`."""

_COLOR_ORDER: Final = "WUBRGMC"


def ellipsis(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, ending in ``…`` when cut."""
    if len(text) <= width:
        return text
    return text[: max(width - 1, 0)].rstrip() + "…"


def _cell_lines(cell: str, width: int, wrap: bool) -> list[str]:
    lines: list[str] = []
    for line in cell.split("\n"):
        if len(line) <= width:
            lines.append(line)
        elif wrap:
            lines.extend(textwrap.wrap(line, width, break_long_words=True) or [""])
        else:
            lines.append(ellipsis(line, width))
    return lines


def format_table(
    rows: Sequence[Sequence[str]],
    right: Collection[int] = (),
    *,
    limits: Mapping[int, int] | None = None,
    wrap: Collection[int] = (),
    width: int | None = None,
    flex: int | None = None,
) -> str:
    """Rows of cells as aligned columns; the first row is the header; columns in
    ``right`` are right-aligned. A cell longer than its column's ``limits`` is cut
    with an ellipsis, or wrapped onto more lines for columns in ``wrap`` (a cell
    may also hold several lines). With ``width``, the ``flex`` column narrows (to
    no less than 8) so that lines fit. A row of one cell in a wider table is a
    heading printed across the columns.

    >>> print(format_table([["card", "n"], ["Lightning Bolt", "4"]], right=(1,), limits={0: 8}))
    card      n
    --------  -
    Lightni…  4
    """
    columns = len(rows[0])
    widths = _widths(rows, columns, dict(limits or {}), width, flex)
    lines = []
    for n, row in enumerate(rows):
        if len(row) != columns:
            lines.append(ellipsis(" ".join(row), width) if width else " ".join(row))
            continue
        lines.extend(_row_lines(row, widths, right if n else (), wrap))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _widths(
    rows: Sequence[Sequence[str]],
    columns: int,
    limits: Mapping[int, int],
    width: int | None,
    flex: int | None,
) -> list[int]:
    """The width of each of the ``columns`` of :func:`format_table`: its longest
    line, within its limit; the ``flex`` column narrowed (to no less than 8) so
    that lines fit in ``width``."""
    body = [row for row in rows if len(row) == columns]
    widths = [
        min(
            max(len(line) for row in body for line in row[i].split("\n")),
            limits.get(i, 10**6),
        )
        for i in range(columns)
    ]
    if width is not None and flex is not None:
        extra = sum(widths) + 2 * (columns - 1) - width
        if extra > 0:
            widths[flex] = max(widths[flex] - extra, 8)
    return widths


def _row_lines(
    row: Sequence[str], widths: Sequence[int], right: Collection[int], wrap: Collection[int]
) -> list[str]:
    """The lines of one row of :func:`format_table` (cells cut or wrapped to their
    column's width; the columns in ``right`` right-aligned)."""
    cells = [
        _cell_lines(cell, w, i in wrap) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
    ]
    lines = []
    for k in range(max(len(c) for c in cells)):
        parts = []
        for i, (cell, w) in enumerate(zip(cells, widths, strict=True)):
            text = cell[k] if k < len(cell) else ""
            parts.append(text.rjust(w) if i in right else text.ljust(w))
        lines.append("  ".join(parts).rstrip())
    return lines


def _paragraph(text: str, indent: str = "") -> list[str]:
    """``text`` wrapped to :data:`WIDTH`, after ``indent`` (``"  - "`` for a list)."""
    rest = " " * len(indent) if indent.strip() else indent
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=rest)


def _cost_text(cost: str) -> str:
    """A mana cost without braces around one-character symbols: ``'2{U/R}G'``."""
    out = []
    symbol: str | None = None
    for char in cost:
        if char == "{":
            symbol = ""
        elif char == "}" and symbol is not None:
            out.append(symbol if len(symbol) == 1 else "{" + symbol + "}")
            symbol = None
        elif symbol is not None:
            symbol += char
        else:
            out.append(char)
    return "".join(out) or "-"


_NEEDS_WIDTH: Final = 17


def _needs_cell(spell: SpellReport) -> str:
    """``'U 14/17! G 20/17'``, a line per two or three colors."""
    lines: list[str] = []
    for need in spell.needs:
        required = "-" if need.required is None else str(need.required)
        flag = "" if need.meets else "!"
        part = f"{need.colors} {number(need.sources)}/{required}{flag}"
        if lines and len(lines[-1]) + 1 + len(part) <= _NEEDS_WIDTH:
            lines[-1] += " " + part
        else:
            lines.append(part)
    return "\n".join(lines) or "-"


def _spell_table(summary: DeckSummary, simulation: Simulation | None) -> list[str]:
    odds = odds_by_name(simulation)
    header = ["n", "spell", "cost", "sources/needed", "model"]
    if simulation is not None:
        header += ["if lands", "all", "95% CI", "late"]
    rows: list[Sequence[str]] = [header]
    for group in spell_groups(summary):
        rows.append([group.heading])
        for spell in group.spells:
            count = str(spell.count) if spell.zone == "main" else "-"
            row = [count, display_name(spell.name), _cost_text(spell.cost),
                   _needs_cell(spell), percent(spell.probability)]  # fmt: skip
            found = odds.get(spell.name)
            if simulation is not None and found is not None:
                low, high = found.ci
                star = "*" if outside_given_lands(spell, found) else ""
                given = percent(found.p_on_curve_given_lands) if found.lands_hit else "-"
                row += [given + star, percent(found.p_on_curve),
                        f"{low * 100:.1f}-{high * 100:.1f}", f"{found.mean_delay:.2f}"]  # fmt: skip
            elif simulation is not None:
                row += ["-", "-", "-", "-"]
            rows.append(row)
            notes = spell_notes(spell)
            # How the card was counted, in full: wrapped, never cut.
            for line in textwrap.wrap("; ".join(notes), WIDTH - 8):
                rows.append(["     " + line])
    right = (0, 4, 5, 6, 7, 8)
    table = format_table(rows, right=right, limits={1: 26, 2: 11, 3: _NEEDS_WIDTH}, wrap=(3,),
                         width=WIDTH, flex=1)  # fmt: skip
    intro = (
        "Spells by the turn they are cast on curve: the deck's sources of each color against "
        "Karsten's requirement (! short) and P(castable on curve) by the exact model "
        "(Karsten's, given the land drops)"
    )
    if simulation is not None:
        intro += (
            ", by the simulation in the games that made their land drops ('if lands': the "
            "model's question) and in all games ('all': mulligans, missed land drops and "
            "taplands count; its 95% interval); late: mean turns late"
        )
    out = _paragraph(intro + ".")
    out += ["", table]
    if simulation is not None:
        note = compare(summary, simulation).note
        if note:
            out.append("")
            out.extend(_paragraph("Model against simulation: " + note))
    return out


def _land_table(rows: Sequence[LandRow]) -> list[str]:
    table: list[Sequence[str]] = [["n", "land", "makes", "enters tapped", "counted as"]]
    for row in rows:
        table.append([str(row.count), display_name(row.name), row.produces or "-",
                      row.enters_tapped, row.counted_as])  # fmt: skip
    total = sum(row.count for row in rows)
    out = [f"Lands ({total} cards): what each makes, how it enters, how its sources are counted:"]
    out.append(format_table(table, right=(0,), limits={1: 26, 4: 46}, wrap=(4,),
                            width=WIDTH, flex=1))  # fmt: skip
    return out


def _curve_table(summary: DeckSummary) -> list[str]:
    top = max((bar.cards for bar in summary.curve), default=0)
    scale = min(1.0, 40 / top) if top else 1.0
    rows: list[Sequence[str]] = [["mana value", "cards", "", "colors"]]
    for bar in summary.curve:
        label = f"{bar.mana_value}+" if bar.mana_value == 7 else str(bar.mana_value)
        colors = " ".join(
            f"{c}:{n}"
            for c, n in sorted(bar.by_color.items(), key=lambda kv: _COLOR_ORDER.find(kv[0]))
        )
        rows.append([label, str(bar.cards), "#" * round(bar.cards * scale), colors])
    return ["Mana curve (nonland cards):", format_table(rows, right=(1,))]


def _colors_table(summary: DeckSummary) -> list[str]:
    rows: list[Sequence[str]] = [
        ["color", "pips", "share", "land sources", "dorks, rocks, Treasure", "total"]
    ]
    for c in summary.color_sources:
        rows.append([c.color, str(c.pips), percent(c.share), number(c.land_sources),
                     number(c.other_sources), number(c.sources)])  # fmt: skip
    return ["Colors: pips against sources:", format_table(rows, right=(1, 2, 3, 4, 5))]


def _land_count(summary: DeckSummary) -> list[str]:
    land = summary.land_count
    sign = "+" if land.difference >= 0 else ""
    out = _paragraph(
        f"Land count: {lands_text(land)}; Karsten's 2022 formula recommends "
        f"{land.recommended:.1f} ({sign}{land.difference:.1f})"
    )
    out.extend(
        _paragraph(
            f"{land.formula}, with an average mana value of {land.average_mana_value:.2f} and "
            f"{land.cheap_draw_or_ramp} cheap card draw and ramp cards"
            + (" (extrapolated from 60 cards)" if land.extrapolated else ""),
            "  ",
        )
    )
    return out


_CHANGE_WIDTH: Final = 36


def _what_ifs(summary: DeckSummary) -> list[str]:
    worst = summary.worst
    averages = all(hasattr(w, "average_after") for w in summary.what_ifs)
    out = _paragraph(
        "What-ifs: the worst spell's probability after the change"
        + (f" (now {display_name(worst.name)}, {percent(worst.probability)})" if worst else "")
        + (" and the change in the average castability of the deck's spells" if averages else "")
        + ":"
    )
    header = ["change", "worst after", "worst", "average", "worst spell", "below target"]
    if not averages:
        header.remove("average")
    rows: list[Sequence[str]] = [header]
    for w in summary.what_ifs:
        change = w.change if len(w.change) <= _CHANGE_WIDTH else w.change.replace(", ", ",\n")
        row = [change, percent(w.worst_after), f"{w.delta * 100:+.1f} pt"]
        if averages:
            row.append(f"{(w.average_after - w.average_before) * 100:+.1f} pt")
        row += [display_name(w.worst_spell) or "-",
                f"{w.below_target_before} -> {w.below_target_after}"]  # fmt: skip
        rows.append(row)
        for warning in getattr(w, "warnings", ()) or ():
            rows.append([ellipsis("     ! " + str(getattr(warning, "message", warning)), WIDTH)])
    right = (1, 2, 3) if averages else (1, 2)
    out.append(format_table(rows, right=right, limits={0: _CHANGE_WIDTH, len(header) - 2: 22},
                            width=WIDTH, flex=0))  # fmt: skip
    return out


def _simulation(simulation: Simulation) -> list[str]:
    total = sum(simulation.mulligans) or 1
    kept = ", ".join(f"{7 - k}: {percent(n / total)}" for k, n in enumerate(simulation.mulligans))
    text = (
        f"Simulation: {simulation.games:,} games (seed {simulation.seed}, "
        f"{simulation.jobs} process{'es' if simulation.jobs != 1 else ''}) in "
        f"{simulation.elapsed:.2f} s, {simulation.games_per_second:,.0f} games/s; turns 1-"
        f"{simulation.turns}; hands kept at {kept}. {work_done(simulation)}."
    )
    return _paragraph(text)


def text_report(summary: DeckSummary, simulation: Simulation | None = None) -> str:
    """The report as text for a terminal, no line wider than :data:`WIDTH`."""
    title = f"{summary.deck_size} cards, {summary.lands} lands, colors {summary.colors or '-'}"
    title += ", on the draw" if summary.on_the_draw else ", on the play"
    if summary.commander:
        title += ", Commander rules"
    if summary.name:
        title = f"{summary.name}: {title}"
    out = _paragraph(title)
    heading = skipped_heading(summary)
    if heading:
        out += ["", *_paragraph(heading + ":")]
        for line in skipped_lines(summary):
            out.extend(_paragraph(line, "  - "))
    warnings = warnings_of(summary)
    if warnings:
        out += ["", "Warnings:"]
        for warning in warnings:
            out.extend(_paragraph(str(getattr(warning, "message", warning)), "  - "))
    out.append("")
    out.extend(_spell_table(summary, simulation))
    rows = land_rows(summary)
    if rows:
        out.append("")
        out.extend(_land_table(rows))
    out.append("")
    out.extend(_curve_table(summary))
    out.append("")
    out.extend(_colors_table(summary))
    out.append("")
    out.extend(_land_count(summary))
    if summary.what_ifs:
        out.append("")
        out.extend(_what_ifs(summary))
    if simulation is not None:
        out.append("")
        out.extend(_simulation(simulation))
    if summary.notes:
        out += ["", "Notes:"]
        for note in summary.notes:
            out.extend(_paragraph(note, "  - "))
    return "\n".join(out)
