"""The deck report as one self-contained HTML page.

:func:`render_html` gives a page that works offline, from a file, with no network
and nothing to install: its CSS is inline, its charts are inline SVG
(:mod:`mtgmana.analysis.reports.svg`, drawn from :mod:`mtgmana.analysis.reports.charts`: every axis
from 0, probabilities 0-100%, at most eight series a chart), and mana symbols are
drawn the way the community draws them, with Andrew Gioia's mana-font (v1.18.0: the
font under the SIL Open Font License 1.1, the CSS under the MIT License;
``src/mtgmana/data/mana-font-LICENSE.txt``), embedded as a base64 ``@font-face``.
``scripts/fetch_mana_font.py`` records how the font and the subset of its CSS were
obtained from the npm registry.

The layout fits a phone: the page never scrolls sideways (wide tables scroll
inside their own box), charts scale to the screen's width.

>>> print(symbols("{2}{W/U}").replace("><", ">\\n<"))
<i class="ms ms-cost ms-shadow ms-2" title="{2}">
</i>
<i class="ms ms-cost ms-shadow ms-wu" title="{W/U}">
</i>
>>> symbol_class("{G/U/P}"), symbol_class("{C}"), symbol_class("{T}")
('ms-gup', 'ms-c', 'ms-tap')
"""

from __future__ import annotations

import base64
import html
import importlib.resources
import os
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from ...costs import ManaCost
from ...errors import MtgManaError
from ..counting import SpellReport
from ..simulation import Simulation
from ..summary import DeckSummary
from .charts import (
    castability_svg,
    curve_svg,
    display_name,
    odds_by_name,
    spell_groups,
    turns_svg,
)
from .report_data import (
    compare,
    land_rows,
    lands_text,
    number,
    percent,
    skipped_heading,
    skipped_lines,
    spell_notes,
    warnings_of,
    work_done,
)

__all__ = ["render_html", "render_report", "report_css", "save_html", "symbol_class", "symbols"]

_NAMED: Final = {
    "{T}": "tap", "{Q}": "untap", "{E}": "e", "{S}": "s", "{X}": "x", "{Y}": "y", "{Z}": "z",
    "{C}": "c", "{P}": "p", "{H}": "h", "{½}": "1-2", "{∞}": "infinity",
}  # fmt: skip
_NUMBERS: Final = frozenset({*map(str, range(21)), "100", "1000000"})

_PAGE_CSS: Final = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: #1d1d1f; background: #fafaf7; margin: 0; }
main { max-width: 1040px; margin: 0 auto; padding: 20px 16px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
p, li { overflow-wrap: anywhere; }
.sub { color: #555; margin: 0 0 16px; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%;
          border: 1px solid #d4d4d4; border-radius: 6px; background-color: #fff;
          background-image: linear-gradient(to right, #fff, #fff),
            linear-gradient(to right, #fff, #fff),
            linear-gradient(to right, rgba(0,0,0,.35), rgba(0,0,0,0)),
            linear-gradient(to left, rgba(0,0,0,.35), rgba(0,0,0,0));
          background-position: left center, right center, left center, right center;
          background-repeat: no-repeat; background-size: 28px 100%, 28px 100%, 16px 100%, 16px 100%;
          background-attachment: local, local, scroll, scroll; }
.scroll:focus-visible { outline: 3px solid #2c7fb8; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #eee;
         vertical-align: middle; }
thead th { background: rgba(130, 120, 60, 0.12); font-weight: 600; }
tr.group th { background: rgba(130, 120, 60, 0.06); color: #555; font-weight: 600;
              font-size: 13px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
td.name { min-width: 10em; }
td.change { min-width: 13em; }
td.needs, td.cost, td.makes, .inline { white-space: nowrap; }
td.counted { min-width: 11em; }
.sticky-first tbody td:first-child, .sticky-first thead th:first-child {
  position: sticky; left: 0; z-index: 1; background: #fff; box-shadow: 1px 0 0 #e6e6e6; }
.sticky-first thead th:first-child { background: #f0efe9; }
.note { color: #666; font-size: 12px; }
.ci { color: #666; font-size: 12px; }
.sep { color: #6b6b6b; }
.narrow-only { display: none; }
.short { color: #b3261e; font-weight: 600; }
.ok { color: #1d7a45; }
.cost { font-size: 15px; }
.cost .ms { margin-right: 1px; }
.warnings { border: 1px solid #e0a800; background: #fff8e1; border-radius: 6px;
            padding: 8px 14px; margin: 12px 0; }
.warnings h2 { border: 0; margin: 4px 0; font-size: 17px; }
.warnings ul { margin: 4px 0; padding-left: 20px; }
.gap { border-left: 4px solid #2c7fb8; background: #eef5fb; padding: 8px 12px; margin: 12px 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 460px), 1fr));
          gap: 16px; margin: 12px 0; }
figure { margin: 12px 0; min-width: 0; }
figure.wide { max-width: 560px; }
svg.chart { display: block; width: 100%; height: auto; max-width: 100%;
            background: #fff; border: 1px solid #e6e6e6; border-radius: 6px; }
ul.notes { color: #444; padding-left: 20px; }
.chart-narrow { display: none; }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 8px 0 0; }
.card { background: #fff; border: 1px solid #e6e6e6; border-radius: 6px; padding: 8px 12px;
        min-width: 0; overflow-wrap: anywhere; }
.card b { display: block; font-size: 20px; }
footer { color: #5c5c5c; font-size: 12px; margin-top: 40px; }
@media (max-width: 640px) {
  .wide-only { display: none; }
  .narrow-only { display: block; }
  .ci { display: block; }
  td.name { min-width: 8.5em; }
  td.change { min-width: 9em; }
}
@media (max-width: 520px) {
  .chart-wide { display: none; }
  .chart-narrow { display: block; }
}
@media (max-width: 480px) {
  body { font-size: 14px; }
  main { padding: 14px 10px 40px; }
  h1 { font-size: 20px; }
  th, td { padding: 4px 5px; }
  table { font-size: 13px; }
  .card { padding: 6px 10px; }
  .card b { font-size: 17px; }
}
"""


def symbol_class(symbol: str) -> str | None:
    """The mana-font class of a symbol's text (``"{W/U}"`` -> ``"ms-wu"``), or
    ``None`` when the font has no icon for it."""
    if symbol in _NAMED:
        return "ms-" + _NAMED[symbol]
    inner = symbol.strip("{}")
    if inner in _NUMBERS:
        return "ms-" + inner
    parts = inner.lower().split("/")
    if all(len(p) == 1 and p in "wubrgcp2" for p in parts) and 1 <= len(parts) <= 3:
        return "ms-" + "".join(parts)
    return None


def symbols(cost: str | ManaCost) -> str:
    """A mana cost as mana-font icons (HTML); text for symbols it has no icon for."""
    parsed = ManaCost.parse(cost, lenient=True) if isinstance(cost, str) else cost
    out = []
    for symbol in parsed:
        text = html.escape(symbol.text)
        css = symbol_class(symbol.text)
        if css is None:
            out.append(f"<span>{text}</span>")
        else:
            out.append(f'<i class="ms ms-cost ms-shadow {css}" title="{text}"></i>')
    return "".join(out)


@lru_cache(maxsize=1)
def _font_css() -> str:
    data = importlib.resources.files("mtgmana") / "data"
    font = base64.b64encode((data / "mana.woff2").read_bytes()).decode("ascii")
    css = (data / "mana-symbols.css").read_text(encoding="utf-8")
    face = (
        '@font-face { font-family: "Mana"; font-weight: normal; font-style: normal; '
        f'font-display: block; src: url("data:font/woff2;base64,{font}") format("woff2"); }}'
    )
    return face + "\n" + css


def _color(letter: str) -> str:
    if letter in "WUBRGC" and len(letter) == 1:
        return f'<i class="ms ms-cost ms-shadow ms-{letter.lower()}" title="{{{letter}}}"></i>'
    return html.escape(letter)


def _colors(letters: str) -> str:
    return "".join(_color(c) for c in letters) or "–"


_e = html.escape


def _table(
    header: Sequence[tuple[str, str]], body: Sequence[str], caption: str, *, sticky: bool = False
) -> str:
    """A table in a box that scrolls sideways on a narrow screen (its first column
    staying in view if ``sticky``); ``header`` is (text, CSS class) per column,
    ``body`` the ``<tr>`` rows."""
    head = "".join(
        f'<th class="{css}">{_e(h)}</th>' if css else f"<th>{_e(h)}</th>" for h, css in header
    )
    box = "scroll sticky-first" if sticky else "scroll"
    return (
        f'<div class="{box}" role="region" tabindex="0" aria-label="{_e(caption)}"><table>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def _figure(draw: Callable[[bool], str], wide: bool = False) -> str:
    """A chart drawn twice, for a wide screen and for a phone's (only one shows)."""
    css = ' class="wide"' if wide else ""
    return (
        f'<figure{css}><div class="chart-wide">{draw(False)}</div>'
        f'<div class="chart-narrow">{draw(True)}</div></figure>'
    )


def _spell_row(spell: SpellReport, simulation: Simulation | None, columns: int) -> str:
    needs = []
    for need in spell.needs:
        required = "–" if need.required is None else str(need.required)
        css = "ok" if need.meets else "short"
        needs.append(
            f'<span class="inline">{_colors(need.colors)} <span class="{css}">'
            f"{number(need.sources)} / {required}</span></span>"
        )
    count = f"{spell.count} " if spell.zone == "main" else ""
    notes = spell_notes(spell)
    note = f'<div class="note">{_e("; ".join(notes))}</div>' if notes else ""
    title = f' title="{_e(spell.name)}"' if display_name(spell.name) != spell.name else ""
    cost = symbols(spell.cost)
    inline = f'{cost}<span class="sep"> · </span>{" ".join(needs)}' if needs else cost
    narrow = f'<div class="narrow-only">{inline}</div>'
    cells = [
        f'<td class="name"{title}>{count}{_e(display_name(spell.name))}{narrow}{note}</td>',
        f'<td class="cost wide-only">{cost}</td>',
        f'<td class="needs wide-only">{"<br>".join(needs) or "–"}</td>',
        f'<td class="num">{percent(spell.probability)}</td>',
    ]
    found = odds_by_name(simulation).get(spell.name) if simulation is not None else None
    if found is not None:
        low, high = found.ci
        given = percent(found.p_on_curve_given_lands) if found.lands_hit else "–"
        glow, ghigh = found.ci_given_lands
        star = ""
        if found.lands_hit and not glow - 1e-9 <= spell.probability <= ghigh + 1e-9:
            star = "*"
        cells += [
            f'<td class="num" title="95% interval {percent(glow)}–{percent(ghigh)}">'
            f"{given}{star}</td>",
            f'<td class="num">{percent(found.p_on_curve)} <span class="ci">'
            f"{low * 100:.1f}–{high * 100:.1f}</span></td>",
            f'<td class="num">{found.mean_delay:.2f}</td>',
        ]
    cells += ['<td class="num">–</td>'] * (columns - len(cells))
    return "<tr>" + "".join(cells) + "</tr>"


def _spells(summary: DeckSummary, simulation: Simulation | None) -> list[str]:
    out = ["<h2>Castability per spell</h2>"]
    intro = (
        "Spells by the turn they are cast on curve: the deck's sources of each color "
        "against Karsten's requirement, and P(castable on curve) by the exact model "
        "(Karsten's, <em>given the land drops</em>)"
    )
    header = [("spell", ""), ("cost", "wide-only"), ("sources / needed", "wide-only"),
              ("model", "num")]  # fmt: skip
    if simulation is not None:
        intro += (
            ", by the simulation in the games that made their land drops (the model's "
            "question) and in all games (mulligans, missed land drops and taplands count; "
            "with its 95% interval); late: mean turns late"
        )
        header += [("sim., if lands", "num"), ("sim., all games", "num"), ("late", "num")]
    out.append(f"<p>{intro}.</p>")
    body = []
    for group in spell_groups(summary):
        body.append(f'<tr class="group"><th colspan="{len(header)}">{_e(group.heading)}</th></tr>')
        body.extend(_spell_row(spell, simulation, len(header)) for spell in group.spells)
    out.append(_table(header, body, "castability per spell", sticky=True))
    if simulation is not None:
        note = compare(summary, simulation).note
        if note:
            out.append(f'<p class="gap"><b>Model against simulation.</b> {_e(note)}</p>')
    out.append(_figure(lambda narrow: castability_svg(summary, simulation, narrow=narrow), True))
    return out


def _charts(summary: DeckSummary, simulation: Simulation | None) -> list[str]:
    figures = [_figure(lambda narrow: curve_svg(summary, narrow=narrow))]
    if simulation is not None:
        figures.append(_figure(lambda narrow: turns_svg(summary, simulation, narrow=narrow)))
    return ["<h2>Curve and castability by turn</h2>", '<div class="charts">', *figures, "</div>"]


def _lands(summary: DeckSummary) -> list[str]:
    rows = land_rows(summary)
    if not rows:
        return []
    body = []
    for row in rows:
        makes = _colors(row.produces)
        body.append(
            f'<tr><td class="name">{row.count} {_e(display_name(row.name))}'
            f'<div class="narrow-only">{makes}</div></td>'
            f'<td class="makes wide-only">{makes}</td><td>{_e(row.enters_tapped)}</td>'
            f'<td class="counted">{_e(row.counted_as)}</td></tr>'
        )
    header = [("land", ""), ("makes", "wide-only"), ("enters tapped", ""), ("counted as", "")]
    total = sum(row.count for row in rows)
    return [
        f"<h2>Lands ({total})</h2>",
        "<p>What each land makes, whether it enters tapped, and how its sources are counted.</p>",
        _table(header, body, "lands", sticky=True),
    ]


def _colors_table(summary: DeckSummary) -> list[str]:
    body = [
        f'<tr><td>{_color(c.color)}</td><td class="num">{c.pips}</td>'
        f'<td class="num">{percent(c.share)}</td><td class="num">{number(c.land_sources)}</td>'
        f'<td class="num">{number(c.other_sources)}</td><td class="num">{number(c.sources)}</td>'
        "</tr>"
        for c in summary.color_sources
    ]
    header = [("color", ""), ("pips", "num"), ("share", "num"), ("land sources", "num"),
              ("dorks, rocks, Treasure", "num"), ("total", "num")]  # fmt: skip
    return ["<h2>Colors: pips against sources</h2>", _table(header, body, "colors")]


def _land_count(summary: DeckSummary) -> list[str]:
    land = summary.land_count
    sign = "+" if land.difference >= 0 else ""
    return [
        "<h2>Land count</h2>",
        f"<p>{_e(lands_text(land))}; Karsten's 2022 formula recommends "
        f"<b>{land.recommended:.1f}</b> ({sign}{land.difference:.1f}): {_e(land.formula)}, "
        f"with an average mana value of {land.average_mana_value:.2f} and "
        f"{land.cheap_draw_or_ramp} cheap card draw and ramp cards"
        + (" (extrapolated from the 60-card formula)" if land.extrapolated else "")
        + ".</p>",
    ]


def _delta(value: float) -> str:
    css = "ok" if value > 0 else ("short" if value < 0 else "")
    return f'<td class="num {css}">{value * 100:+.1f} pt</td>'


def _what_ifs(summary: DeckSummary) -> list[str]:
    if not summary.what_ifs:
        return []
    averages = all(hasattr(w, "average_after") for w in summary.what_ifs)
    body = []
    for w in summary.what_ifs:
        warnings = "".join(
            f'<div class="note short">{_e(str(getattr(x, "message", x)))}</div>'
            for x in getattr(w, "warnings", ()) or ()
        )
        average = _delta(w.average_after - w.average_before) if averages else ""
        worst = _e(display_name(w.worst_spell))
        below = f"{w.below_target_before} → {w.below_target_after}"
        narrow = f'<div class="narrow-only note">worst spell: {worst}; below target: {below}</div>'
        body.append(
            f'<tr><td class="change">{_e(w.change)}{narrow}{warnings}</td>'
            f'<td class="num">{percent(w.worst_after)}</td>{_delta(w.delta)}{average}'
            f'<td class="wide-only">{worst}</td><td class="num wide-only">{below}</td></tr>'
        )
    header = [("change", ""), ("worst after", "num"), ("worst", "num"), ("average", "num"),
              ("worst spell", "wide-only"), ("below target", "num wide-only")]  # fmt: skip
    if not averages:
        del header[3]
    text = "Each change's effect on the worst spell's exact-model probability"
    if averages:
        text += " and on the average castability of the deck's spells"
    return ["<h2>What-ifs</h2>", f"<p>{text}.</p>", _table(header, body, "what-ifs")]


def _simulation(simulation: Simulation) -> list[str]:
    total = sum(simulation.mulligans) or 1
    kept = ", ".join(
        f"{7 - k} cards: {percent(n / total)}" for k, n in enumerate(simulation.mulligans)
    )
    return [
        "<h2>Simulation</h2>",
        f"<p>{simulation.games:,} games (seed {simulation.seed}), turns 1–{simulation.turns}, "
        f"{simulation.games_per_second:,.0f} games per second with {simulation.jobs} "
        f"process{'es' if simulation.jobs != 1 else ''}. {work_done(simulation)}. "
        f"Hands kept: {kept}.</p>",
    ]


def report_css() -> str:
    """The report's style sheet: the mana font (embedded) and the layout."""
    return f"{_font_css()}\n{_PAGE_CSS}"


def render_html(
    summary: DeckSummary,
    simulation: Simulation | None = None,
    *,
    pictures: bool = True,
) -> str:
    """The report as a self-contained HTML page (see the module); ``pictures``
    adds the charts (inline SVG, nothing to install)."""
    title = summary.name or "Deck report"
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)} — mtgmana</title>",
        f"<style>{report_css()}</style>",
        "</head><body><main>",
    ]
    body = render_report(summary, simulation, pictures=pictures)
    return "\n".join([*head, body, "</main></body></html>"])


def render_report(
    summary: DeckSummary,
    simulation: Simulation | None = None,
    *,
    pictures: bool = True,
) -> str:
    """The report's content, from its heading to its credits: the inside of
    :func:`render_html`'s ``<main>``, for a page styled by :func:`report_css`
    (``mtgmana web`` shows it in its own page)."""
    out = _heading(summary)
    out.extend(_warnings(summary))
    out.extend(_key_figures(summary))
    spells = _spells(summary, simulation)
    if not pictures:
        spells = [part for part in spells if not part.startswith("<figure")]
    out.extend(spells)
    if pictures:
        out.extend(_charts(summary, simulation))
    out.extend(_lands(summary))
    out.extend(_colors_table(summary))
    out.extend(_land_count(summary))
    out.extend(_what_ifs(summary))
    if simulation is not None:
        out.extend(_simulation(simulation))
    out.extend(_notes(summary))
    out.append(
        "<footer>Made by mtgmana. Mana symbols: mana-font 1.18.0 by Andrew Gioia (SIL OFL "
        "1.1 / MIT); the symbols are Wizards of the Coast's. Card data: Scryfall.</footer>"
    )
    return "\n".join(part for part in out if part)


def _heading(summary: DeckSummary) -> list[str]:
    """The report's title and the line under it (size, lands, colors, side)."""
    title = summary.name or "Deck report"
    out: list[str] = [f"<h1>{_e(title)}</h1>"]
    side = "on the draw" if summary.on_the_draw else "on the play"
    rules = ", Commander rules" if summary.commander else ""
    colors = "".join(_color(c) for c in summary.colors) or "colorless"
    out.append(
        f'<p class="sub">{summary.deck_size} cards, {summary.lands} lands, '
        f"{colors}, {side}{rules}</p>"
    )
    return out


def _warnings(summary: DeckSummary) -> list[str]:
    """The cards left out of the analysis and the deck's warnings, when any."""
    out: list[str] = []
    heading = skipped_heading(summary)
    if heading:
        out.append(f'<section class="warnings skipped" role="note"><h2>{_e(heading)}</h2><ul>')
        out.extend(f"<li>{_e(line)}</li>" for line in skipped_lines(summary))
        out.append("</ul></section>")
    warnings = warnings_of(summary)
    if warnings:
        out.append('<section class="warnings" role="note"><h2>Warnings</h2><ul>')
        out.extend(f"<li>{_e(str(getattr(w, 'message', w)))}</li>" for w in warnings)
        out.append("</ul></section>")
    return out


def _key_figures(summary: DeckSummary) -> list[str]:
    """The cards of key figures: lands, Karsten's formula, average mana value and
    the worst spell."""
    worst = summary.worst
    land = summary.land_count
    cards = [
        ("lands", f"{land.lands}"),
        ("Karsten's formula", f"{land.recommended:.1f}"),
        ("average mana value", f"{land.average_mana_value:.2f}"),
    ]
    if worst is not None:
        cards.append((f"worst spell: {display_name(worst.name)}", percent(worst.probability)))
    out = ['<div class="cards">']
    out.extend(f'<div class="card"><b>{_e(v)}</b>{_e(k)}</div>' for k, v in cards)
    out.append("</div>")
    return out


def _notes(summary: DeckSummary) -> list[str]:
    """The report's notes, when any."""
    if not summary.notes:
        return []
    out = ['<h2>Notes</h2><ul class="notes">']
    out.extend(f"<li>{_e(note)}</li>" for note in summary.notes)
    out.append("</ul>")
    return out


def save_html(
    summary: DeckSummary,
    simulation: Simulation | None,
    path: str | os.PathLike[str],
    *,
    pictures: bool = True,
) -> None:
    """Write :func:`render_html` to ``path`` (UTF-8)."""
    page = render_html(summary, simulation, pictures=pictures)
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(page)
    except OSError as error:
        raise MtgManaError(
            f"can't write the page to {os.fspath(path)!r}: {error.strerror}"
        ) from None
