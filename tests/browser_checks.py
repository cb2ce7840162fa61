"""What the browser tests check on every page (the ``--html`` report, ``mtgmana
web``'s page and its static build), with Playwright driving the system Chromium.

* :func:`chromium`: the browser, or a skip saying what is missing.
* :func:`layout_problems`: sideways scroll of the page, text under 12 px (HTML
  and, as drawn, SVG charts), chart text outside its chart, text whose contrast
  with its background is under WCAG's 4.5:1 (3:1 for large text), controls and
  scrolling frames without a label, frames not reachable by the keyboard.
* :func:`scroll_cues`: that each frame whose table is wider than it shows a shadow
  at the edge it can scroll towards (and none once scrolled to the end).
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

__all__ = [
    "ARGS",
    "CHROMIUM",
    "VIEWPORTS",
    "chromium",
    "layout_problems",
    "screenshot_folder",
    "scroll_cues",
]

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
"""Without the background-networking flags this machine's closed network refuses
Chromium's own connections, and the browser stalls."""

VIEWPORTS = ((1280, 800), (390, 844))
"""A desktop's window and a phone's screen."""


@contextmanager
def chromium() -> Iterator[Any]:
    """The system Chromium, launched by Playwright (the test is skipped without
    them: ``apt-get install chromium``; ``pip install playwright``)."""
    if not CHROMIUM.exists():
        pytest.skip("no system Chromium at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def screenshot_folder(tmp_path: Path) -> Path:
    """Where screenshots go: ``$MTGMANA_SCREENSHOTS`` if set, else ``tmp_path``."""
    folder = Path(os.environ.get("MTGMANA_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


_PROBLEMS = """() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth || document.body.scrollWidth > window.innerWidth)
    found.push(`the page scrolls sideways: ${root.scrollWidth} px in ${window.innerWidth}`);
  const rgba = text => {
    const v = text.match(/[\\d.]+/g).map(Number);
    return v.length === 3 ? [...v, 1] : v;
  };
  const channel = c => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const over = (top, under) => under.map((v, i) => i < 3 ? v * (1 - top[3]) + top[i] * top[3] : 1);
  const background = element => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const color = rgba(getComputedStyle(e).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const visible = e => e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  for (const element of document.querySelectorAll("body *")) {
    if (element.closest("svg, script, style, template") || !visible(element)) continue;
    const text = [...element.childNodes].filter(n => n.nodeType === 3)
      .map(n => n.textContent).join("").trim();
    if (!text) continue;
    const style = getComputedStyle(element);
    const size = parseFloat(style.fontSize);
    if (size < 11.95) found.push(`${size} px text: ${text.slice(0, 40)}`);
    if (element.closest(":disabled")) continue;
    const back = background(element);
    const ink = over(rgba(style.color), back);
    const [a, b] = [luminance(ink), luminance(back)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const large = size >= 24 || (size >= 18.5 && parseInt(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5))
      found.push(`contrast ${ratio.toFixed(2)}: ${text.slice(0, 40)} (${style.color})`);
  }
  for (const svg of document.querySelectorAll("svg.chart")) {
    if (!visible(svg)) continue;
    const frame = svg.getBoundingClientRect();
    const scale = frame.width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll("text")) {
      const size = parseFloat(text.getAttribute("font-size")) * scale;
      if (size < 11.95) found.push(`${svg.id}: ${size.toFixed(1)} px text ${text.textContent}`);
      const box = text.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.top < frame.top - 0.5
          || box.right > frame.right + 0.5 || box.bottom > frame.bottom + 0.5)
        found.push(`${svg.id}: text cut by the chart's edge: ${text.textContent}`);
    }
  }
  const named = e => (e.labels && [...e.labels].some(l => l.textContent.trim()))
    || e.getAttribute("aria-label") || e.getAttribute("aria-labelledby")
    || (e.tagName === "BUTTON" && e.textContent.trim()) || e.getAttribute("title");
  for (const control of document.querySelectorAll("input, select, textarea, button")) {
    if (control.type !== "hidden" && !named(control))
      found.push(`a control without a label: ${control.outerHTML.slice(0, 80)}`);
  }
  for (const frame of document.querySelectorAll(".scroll")) {
    if (!visible(frame)) continue;
    if (frame.tabIndex < 0 || !frame.getAttribute("aria-label"))
      found.push(`a frame without a label or keyboard focus: ${frame.outerHTML.slice(0, 60)}`);
    if (frame.getBoundingClientRect().right > window.innerWidth + 0.5)
      found.push("a scrolling frame past the screen's edge");
  }
  return found;
}"""


def layout_problems(page: Any) -> list[str]:
    """Everything :data:`_PROBLEMS` finds wrong on the page as shown (see the
    module); an empty list when it is all right."""
    problems: list[str] = page.evaluate(_PROBLEMS)
    return problems


def _edges(page: Any, frame: Any) -> tuple[float, float, float]:
    """The mean brightness (0-255) of the frame's left edge, middle and right
    edge, its table hidden: what its own background draws."""
    from PIL import Image

    image = Image.open(io.BytesIO(frame.screenshot())).convert("L")
    width, height = image.size
    rows = range(height // 4, height * 3 // 4)

    def mean(x0: int, x1: int) -> float:
        values = [image.getpixel((x, y)) for x in range(x0, x1) for y in rows]
        return float(sum(values)) / max(len(values), 1)  # type: ignore[arg-type]

    return mean(2, 8), mean(width // 2 - 3, width // 2 + 3), mean(width - 8, width - 2)


def scroll_cues(page: Any) -> list[str]:
    """Each visible frame whose table is wider than it must be shaded at the edge
    it scrolls towards — on the right at first, on the left (only) once scrolled
    to the end; a frame that fits must not be. Problems found, as text."""
    pytest.importorskip("PIL")
    # hidden by a script, not a <style> (a page's Content-Security-Policy may refuse one)
    page.evaluate(
        "document.querySelectorAll('.scroll > table').forEach(t => t.style.visibility = 'hidden')"
    )
    found = []
    for frame in page.locator(".scroll").all():
        if not frame.is_visible():
            continue
        label = frame.get_attribute("aria-label")
        frame.scroll_into_view_if_needed()
        frame.evaluate("box => { box.scrollLeft = 0; }")
        scrolls = frame.evaluate("box => box.scrollWidth > box.clientWidth + 1")
        left, middle, right = _edges(page, frame)
        if not scrolls:
            if min(left, right) < middle - 8:
                found.append(f"{label}: shaded though it doesn't scroll")
            continue
        if right > middle - 15 or left < middle - 8:
            found.append(f"{label}: scrolls, no shadow on its right ({left}, {middle}, {right})")
        frame.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
        left, middle, right = _edges(page, frame)
        if left > middle - 15 or right < middle - 8:
            found.append(f"{label}: scrolled to its end, no shadow on its left only")
    return found
