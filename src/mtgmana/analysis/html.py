"""The deck report as one self-contained HTML page.

:func:`render_html` gives a page that works offline, from a file, with no network:
its CSS is inline; the pictures (:mod:`mtgmana.analysis.pictures`) are PNG data
URIs; mana symbols are drawn the way the community draws them, with Andrew Gioia's
mana-font (v1.18.0: the font under the SIL Open Font License 1.1, the CSS under
the MIT License; ``src/mtgmana/data/mana-font-LICENSE.txt``), embedded as a base64
``@font-face``. ``scripts/fetch_mana_font.py`` records how the font and the subset of
its CSS were obtained from the npm registry.

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
from functools import lru_cache
from typing import Final

from ..costs import ManaCost
from ..errors import MtgManaError
from .deck import DeckSummary
from .report import percent, to_json
from .simulate import Simulation

__all__ = ["render_html", "save_html", "symbol_class", "symbols"]

_NAMED: Final = {
    "{T}": "tap", "{Q}": "untap", "{E}": "e", "{S}": "s", "{X}": "x", "{Y}": "y", "{Z}": "z",
    "{C}": "c", "{P}": "p", "{H}": "h", "{½}": "1-2", "{∞}": "infinity",
}  # fmt: skip
_NUMBERS: Final = frozenset({*map(str, range(21)), "100", "1000000"})

_PAGE_CSS: Final = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: #1d1d1f; background: #fafaf7; margin: 0; }
main { max-width: 1040px; margin: 0 auto; padding: 24px 20px 60px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
.sub { color: #555; margin: 0 0 16px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; background: #fff; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #e6e6e6;
         vertical-align: middle; }
th { background: #f0efe9; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.needs { white-space: nowrap; }
.short { color: #b3261e; font-weight: 600; }
.ok { color: #1d7a45; }
.cost { white-space: nowrap; font-size: 15px; }
.cost .ms { margin-right: 1px; }
figure { margin: 12px 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #e6e6e6; background: #fff; }
ul.notes { color: #444; }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 8px 0 0; }
.card { background: #fff; border: 1px solid #e6e6e6; border-radius: 6px; padding: 8px 12px; }
.card b { display: block; font-size: 20px; }
footer { color: #777; font-size: 12px; margin-top: 40px; }
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
        f'src: url("data:font/woff2;base64,{font}") format("woff2"); }}'
    )
    return face + "\n" + css


def _color(letter: str) -> str:
    if letter in "WUBRGC" and len(letter) == 1:
        return f'<i class="ms ms-cost ms-shadow ms-{letter.lower()}" title="{{{letter}}}"></i>'
    return html.escape(letter)


def _image(data: bytes, alt: str) -> str:
    encoded = base64.b64encode(data).decode("ascii")
    return f'<figure><img alt="{html.escape(alt)}" src="data:image/png;base64,{encoded}"></figure>'


def render_html(
    summary: DeckSummary, simulation: Simulation | None = None, *, pictures: bool = True
) -> str:
    """The report as a self-contained HTML page (see the module). ``pictures``
    needs matplotlib (:class:`~mtgmana.analysis.pictures.PicturesUnavailable`
    otherwise)."""
    data = to_json(summary, simulation)
    e = html.escape
    images: dict[str, str] = {}
    if pictures:
        from .pictures import panel_png

        images = {
            "curve": _image(panel_png("curve", summary, simulation), "mana curve by color"),
            "castability": _image(
                panel_png("castability", summary, simulation), "castability per spell"
            ),
            "by_turn": _image(panel_png("by_turn", summary, simulation), "castability by turn"),
        }
    title = summary.name or "Deck report"
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)} — mtgmana</title>",
        f"<style>{_font_css()}\n{_PAGE_CSS}</style>",
        "</head><body><main>",
        f"<h1>{e(title)}</h1>",
    ]
    side = "on the draw" if summary.on_the_draw else "on the play"
    rules = ", Commander rules" if summary.commander else ""
    colors = "".join(_color(c) for c in summary.colors) or "colorless"
    out.append(
        f'<p class="sub">{summary.deck_size} cards, {summary.lands} lands, '
        f"{colors}, {side}{rules}</p>"
    )
    worst = summary.worst
    land = summary.land_count
    cards = [
        ("lands", f"{land.lands}"),
        ("Karsten's formula", f"{land.recommended:.2f}"),
        ("average mana value", f"{land.average_mana_value:.2f}"),
    ]
    if worst is not None:
        cards.append((f"worst spell: {worst.name}", percent(worst.probability)))
    out.append('<div class="cards">')
    out.extend(f'<div class="card"><b>{e(v)}</b>{e(k)}</div>' for k, v in cards)
    out.append("</div>")
    # -- spells --
    out.append("<h2>Castability per spell</h2>")
    out.append(
        "<p>Karsten's requirement (sources needed, +1 per color for gold cards) against "
        "the deck's sources, the exact model's probability of casting each spell on "
        "curve" + (", and the simulation's, with its 95% interval" if simulation else "") + ".</p>"
    )
    header = ["spell", "cost", "turn", "sources / needed", "model", "target"]
    if simulation is not None:
        header += ["on curve (95% CI)", "if lands hit", "mean delay"]
    out.append("<table><thead><tr>")
    out.extend(
        f'<th class="num">{e(h)}</th>' if i in (2, 4, 5, 7, 8) else f"<th>{e(h)}</th>"
        for i, h in enumerate(header)
    )
    out.append("</tr></thead><tbody>")
    for spell, item in zip(summary.spells, data["spells"], strict=True):
        needs = []
        for need in spell.needs:
            required = "–" if need.required is None else str(need.required)
            css = "ok" if need.meets else "short"
            label = "".join(_color(c) for c in need.colors)
            needs.append(f'{label} <span class="{css}">{need.sources:g} / {required}</span>')
        count = f"{spell.count} " if spell.zone == "main" else ""
        zone = "" if spell.zone == "main" else f" ({spell.zone})"
        cells = [
            f"<td>{count}{e(spell.name)}{e(zone)}</td>",
            f'<td class="cost">{symbols(spell.cost)}</td>',
            f'<td class="num">{spell.turn}</td>',
            f'<td class="needs">{" ".join(needs) or "–"}</td>',
            f'<td class="num">{percent(spell.probability)}</td>',
            f'<td class="num">{percent(spell.target)}</td>',
        ]
        sim = item.get("simulation")
        if sim is not None:
            low, high = sim["ci"]
            cells += [
                f'<td class="num">{percent(sim["p_on_curve"])} '
                f"({percent(low)}–{percent(high)})</td>",
                f'<td class="num">{percent(sim["p_on_curve_given_lands"])}</td>',
                f'<td class="num">{sim["mean_delay"]:.2f}</td>',
            ]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    out.append(images.get("castability", ""))
    if simulation is not None:
        out.append("<h2>Castability by turn</h2>")
        out.append(images.get("by_turn", ""))
    # -- curve and colors --
    out.append("<h2>Mana curve</h2>")
    out.append(images.get("curve", ""))
    out.append('<table><thead><tr><th>mana value</th><th class="num">cards</th>')
    out.append("<th>by color</th></tr></thead><tbody>")
    for bar in summary.curve:
        label = f"{bar.mana_value}+" if bar.mana_value == 7 else str(bar.mana_value)
        parts = " ".join(
            f"{_color(c) if c != 'M' else 'multicolored'} {n}"
            for c, n in sorted(bar.by_color.items(), key=lambda item: "WUBRGMC".find(item[0]))
        )
        out.append(f'<tr><td>{label}</td><td class="num">{bar.cards}</td><td>{parts}</td></tr>')
    out.append("</tbody></table>")
    out.append("<h2>Colors: pips against sources</h2>")
    out.append(
        '<table><thead><tr><th>color</th><th class="num">pips</th><th class="num">share</th>'
        '<th class="num">land sources</th><th class="num">dorks, rocks, Treasure</th>'
        '<th class="num">total</th></tr></thead><tbody>'
    )
    for c in summary.color_sources:
        out.append(
            f'<tr><td>{_color(c.color)}</td><td class="num">{c.pips}</td>'
            f'<td class="num">{percent(c.share)}</td><td class="num">{c.land_sources:g}</td>'
            f'<td class="num">{c.other_sources:g}</td><td class="num">{c.sources:g}</td></tr>'
        )
    out.append("</tbody></table>")
    # -- land count and what-ifs --
    sign = "+" if land.difference >= 0 else ""
    out.append("<h2>Land count</h2>")
    out.append(
        f"<p>{land.lands} lands; Karsten's 2022 formula recommends "
        f"<b>{land.recommended:.2f}</b> ({sign}{land.difference:.2f}): {e(land.formula)}, "
        f"with an average mana value of {land.average_mana_value:.2f} and "
        f"{land.cheap_draw_or_ramp} cheap card draw and ramp cards"
        + (" (extrapolated from the 60-card formula)" if land.extrapolated else "")
        + ".</p>"
    )
    if summary.what_ifs:
        out.append("<h2>What-ifs</h2>")
        out.append("<p>Ranked by the change in the worst spell's exact-model probability.</p>")
        out.append(
            '<table><thead><tr><th>change</th><th class="num">worst after</th>'
            '<th class="num">change</th><th>worst spell</th>'
            '<th class="num">spells below target</th></tr></thead><tbody>'
        )
        for w in summary.what_ifs:
            css = "ok" if w.delta > 0 else ("short" if w.delta < 0 else "")
            out.append(
                f'<tr><td>{e(w.change)}</td><td class="num">{percent(w.worst_after)}</td>'
                f'<td class="num {css}">{w.delta * 100:+.1f} pt</td><td>{e(w.worst_spell)}</td>'
                f'<td class="num">{w.below_target_before} → {w.below_target_after}</td></tr>'
            )
        out.append("</tbody></table>")
    if simulation is not None:
        sim_data = data["simulation"]
        out.append("<h2>Simulation</h2>")
        kept = ", ".join(f"{size} cards: {n:,}" for size, n in sim_data["mulligans"].items())
        out.append(
            f"<p>{simulation.games:,} games (seed {simulation.seed}), turns 1–"
            f"{simulation.turns}, {simulation.games_per_second:,.0f} games per second with "
            f"{simulation.jobs} process{'es' if simulation.jobs != 1 else ''}; the auto-tapper "
            f"answered {simulation.tapper_calls:,} of {simulation.queries:,} questions "
            f"(cache hit rate {percent(simulation.hit_rate)}, {simulation.boards:,} "
            f"battlefields). Hands kept — {kept}.</p>"
        )
    if summary.notes:
        out.append('<h2>Notes</h2><ul class="notes">')
        out.extend(f"<li>{e(note)}</li>" for note in summary.notes)
        out.append("</ul>")
    out.append(
        "<footer>Made by mtgmana. Mana symbols: mana-font 1.18.0 by Andrew Gioia (SIL OFL "
        "1.1 / MIT); the symbols are Wizards of the Coast's. Card data: Scryfall.</footer>"
    )
    out.append("</main></body></html>")
    return "\n".join(part for part in out if part)


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
