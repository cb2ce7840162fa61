"""The deck report, from a :class:`~mtgmana.analysis.summary.DeckSummary` and a
:class:`~mtgmana.analysis.simulation.Simulation`: as JSON and text
(:mod:`.report`, :mod:`.report_data`, :mod:`.report_text`), as charts
(:mod:`.charts`, drawn as SVG by :mod:`.svg`), as a self-contained HTML page
(:mod:`.html`) and as PNG pictures (:mod:`.pictures`, with matplotlib). The top
layer of the analysis: nothing in it is imported by the layers below."""

from __future__ import annotations

__all__: list[str] = []
