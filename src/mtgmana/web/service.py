"""What the deckbuilder's page asks and how it is answered: one request, a few
events. The same code answers in ``mtgmana web``'s server (:mod:`.server`, the
events streamed one JSON object a line) and in the browser (the static site runs
this module in Pyodide, in a Web Worker, :mod:`.site`).

**A request** is a JSON object (:meth:`AnalysisRequest.from_json`)::

    {"text": "4 Llanowar Elves\\n...", "games": 10000, "seed": 0, "draw": false,
     "format": null, "changes": {"Forest": -1, "Island": 1}, "what_ifs": 5}

``text`` is a decklist in any format ``mtgmana deck`` reads; the rest are its
options (``format``: ``"constructed"``, ``"limited"``, ``"commander"`` or null for
inferred; ``games``: 0 to :data:`MAX_GAMES`). ``changes`` adds (positive) or
removes (negative) copies of lands of the main deck, by name: the page's
"add, remove or swap a land". Anything else is an error naming the field.

**The answer** is a few events, each a JSON object with an ``"event"``:

* ``"report"``: a stage of the report — ``"model"`` first (Karsten's exact model,
  at once), then for a big deck (more than 80 cards) a ``"quick"`` first
  simulation of :data:`QUICK_GAMES` games, then ``"final"``: the what-ifs and the
  whole simulation. Each has the report's JSON (``"report"``: exactly ``mtgmana
  deck --json``'s for the same deck, seed and games), its HTML (``"html"``:
  :func:`~mtgmana.analysis.reports.html.render_report`), the deck's cards as a decklist
  (``"decklist"``, with the changes made) and the changes as applied
  (``"changes"``, with the cards' real names);
* ``"progress"``: ``{"task": "simulating", "stage", "done", "total"}`` after each
  chunk of games, and ``{"task": "what-ifs", "stage": "final"}`` before the
  what-ifs are ranked;
* ``"error"``: ``{"error": message}``, with for unknown card names ``"unknown":
  [{"line", "name", "suggestions"}]`` (every one, with the closest real names),
  and ``"line"`` where a line is at fault. An error ends the answer.

>>> events = []
>>> analyse(AnalysisRequest("20 Forest\\n40 Llanowar Elves", games=100), events.append)
>>> [(e["event"], e["stage"]) for e in events if e["event"] == "report"]
[('report', 'model'), ('report', 'final')]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..analysis.decklists import MAX_TEXT, DecklistError
from ..analysis.decks import Deck
from ..analysis.decks.legality import FORMATS
from ..analysis.reports.html import render_report
from ..analysis.reports.report import to_json
from ..analysis.roles import role_of
from ..analysis.simulation import Simulation, average_on_curve, simulate
from ..analysis.summary import analyze
from ..cards import default_database
from ..errors import MtgManaError

__all__ = [
    "MAX_CHANGES",
    "MAX_GAMES",
    "QUICK_GAMES",
    "AnalysisRequest",
    "Emit",
    "RequestError",
    "analyse",
    "decklist_text",
    "run_json",
]

MAX_GAMES: Final = 100_000
"""The most games a request may ask for (a few minutes for a Commander deck)."""

QUICK_GAMES: Final = 1_000
"""The games of a big deck's first answer, refined by the whole simulation."""

BIG_DECK: Final = 80
"""Decks of more cards than this get a quick first answer."""

MAX_CHANGES: Final = 100
"""The most lands a request may change, and the most copies of one."""

Emit = Callable[[dict[str, Any]], None]
"""Where the events go: a callable given each event (a JSON-ready dict)."""

_FIELDS: Final = ("text", "games", "seed", "draw", "format", "changes", "what_ifs")


class RequestError(MtgManaError):
    """A request the page can't have sent: a missing or mistyped field, a value out
    of range. ``field`` names it."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{name!r} must be a whole number, not {value!r}", name)
    if not low <= value <= high:
        raise RequestError(f"{name!r} must be {low:,} to {high:,}, not {value:,}", name)
    return value


def _changes(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise RequestError(f"'changes' must map land names to counts, not {value!r}", "changes")
    if len(value) > MAX_CHANGES:
        raise RequestError(f"at most {MAX_CHANGES} lands can be changed at once", "changes")
    found: dict[str, int] = {}
    for name, delta in value.items():
        if not isinstance(name, str) or not name.strip() or len(name) > 200:
            raise RequestError(f"a change must name a card, not {name!r}", "changes")
        found[name.strip()] = _whole(delta, "changes", -MAX_CHANGES, MAX_CHANGES)
    return found


@dataclass(frozen=True)
class AnalysisRequest:
    """What the page asks: a decklist, the options of ``mtgmana deck`` and the
    changes to its lands (see the module)."""

    text: str
    games: int = 10_000
    seed: int = 0
    draw: bool = False
    format: str | None = None
    changes: Mapping[str, int] = field(default_factory=dict)
    what_ifs: int = 5

    @classmethod
    def from_json(cls, value: object) -> AnalysisRequest:
        """The request a decoded JSON object makes; :class:`RequestError` says
        which field is wrong and why.

        >>> AnalysisRequest.from_json({"text": "20 Forest", "games": -1})
        Traceback (most recent call last):
        ...
        mtgmana.web.service.RequestError: 'games' must be 0 to 100,000, not -1
        """
        if not isinstance(value, Mapping):
            raise RequestError(f"a request is a JSON object, not {type(value).__name__}")
        unknown = sorted(str(key) for key in value if key not in _FIELDS)
        if unknown:
            fields = ", ".join(_FIELDS)
            raise RequestError(f"unknown field {unknown[0]!r}; the fields are {fields}", unknown[0])
        text = value.get("text")
        if not isinstance(text, str):
            raise RequestError("'text' (the decklist) must be a string", "text")
        if len(text) > MAX_TEXT:
            raise RequestError(f"the decklist is longer than {MAX_TEXT:,} characters", "text")
        draw = value.get("draw", False)
        if not isinstance(draw, bool):
            raise RequestError(f"'draw' must be true or false, not {draw!r}", "draw")
        chosen = value.get("format")
        if chosen is not None and chosen not in FORMATS:
            names = ", ".join(FORMATS)
            raise RequestError(f"'format' must be {names} or null, not {chosen!r}", "format")
        return cls(
            text,
            games=_whole(value.get("games", 10_000), "games", 0, MAX_GAMES),
            seed=_whole(value.get("seed", 0), "seed", 0, 2**63 - 1),
            draw=draw,
            format=chosen,
            changes=_changes(value.get("changes", {})),
            what_ifs=_whole(value.get("what_ifs", 5), "what_ifs", 0, 20),
        )


def decklist_text(deck: Deck) -> str:
    """The deck as a decklist ``mtgmana deck`` reads back to the same deck (its
    name and sections under Arena's headings, the cards in their order).

    >>> print(decklist_text(Deck.parse("2 Forest\\n1 Opt")))
    Deck
    2 Forest
    1 Opt
    """
    parts = [] if deck.name is None else [f"About\nName {deck.name}"]
    for heading, cards in (("Commander", deck.commander), ("Companion", deck.companion),
                           ("Deck", deck.main), ("Sideboard", deck.sideboard)):  # fmt: skip
        if cards:
            parts.append("\n".join([heading, *(f"{c.count} {c.name}" for c in cards)]))
    return "\n\n".join(parts)


def _changed(deck: Deck, changes: Mapping[str, int]) -> tuple[Deck, dict[str, int]]:
    """The deck with its lands changed, and the changes by the cards' real names."""
    changed = deck.with_changes(changes)  # unknown names and missing copies raise
    database = default_database()
    by_name: dict[str, int] = {}
    for name, delta in changes.items():
        card = database.lookup(name)
        if not role_of(card).is_land:
            raise RequestError(f"{card.name} is not a land: only lands are changed here")
        if delta:
            by_name[card.name] = by_name.get(card.name, 0) + delta
    return changed, {name: delta for name, delta in by_name.items() if delta}


def _error(error: MtgManaError) -> dict[str, Any]:
    found: dict[str, Any] = {"event": "error", "error": str(error)}
    if isinstance(error, DecklistError):
        if error.line is not None:
            found["line"] = error.line
        found["unknown"] = [
            {"line": p.line, "name": p.name, "suggestions": list(p.suggestions)}
            for p in error.problems
        ]
    if isinstance(error, RequestError) and error.field is not None:
        found["field"] = error.field
    return found


@dataclass
class _Run:
    """One request being answered: the deck and where its events go."""

    request: AnalysisRequest
    emit: Emit
    jobs: int
    deck: Deck
    changes: dict[str, int]

    def report(self, stage: str, what_ifs: int, simulation: Simulation | None) -> None:
        draw = self.request.draw
        summary = analyze(
            self.deck,
            on_the_draw=draw,
            what_ifs=what_ifs,
            format=self.request.format,
            simulated=lambda changed: average_on_curve(changed, on_the_draw=draw),
        )
        self.emit(
            {
                "event": "report",
                "stage": stage,
                "games": 0 if simulation is None else simulation.games,
                "report": to_json(summary, simulation),
                "html": render_report(summary, simulation),
                "decklist": decklist_text(self.deck),
                "changes": self.changes,
            }
        )

    def simulate(self, stage: str, games: int) -> Simulation:
        def progress(done: int, total: int) -> None:
            event = {"event": "progress", "task": "simulating", "stage": stage}
            self.emit({**event, "done": done, "total": total})

        progress(0, games)
        return simulate(
            self.deck,
            games=games,
            seed=self.request.seed,
            jobs=self.jobs if games > QUICK_GAMES else 1,
            on_the_draw=self.request.draw,
            progress=progress,
        )


def analyse(request: AnalysisRequest, emit: Emit, *, jobs: int = 1) -> None:
    """Answer ``request``: give ``emit`` each event (see the module). ``jobs``
    processes share the whole simulation (1 in the browser). An exception raised
    by ``emit`` (the page has gone) stops the work and propagates."""
    try:
        deck, changes = _changed(Deck.parse(request.text), request.changes)
        deck.check()
        run = _Run(request, emit, jobs, deck, changes)
        run.report("model", 0, None)
        games = request.games
        if games > QUICK_GAMES and deck.size > BIG_DECK:
            run.report("quick", 0, run.simulate("quick", QUICK_GAMES))
        simulation = run.simulate("final", games) if games else None
        if request.what_ifs:
            emit({"event": "progress", "task": "what-ifs", "stage": "final"})
        run.report("final", request.what_ifs, simulation)
    except MtgManaError as error:
        emit(_error(error))


def run_json(text: str, emit: Callable[[str], None], *, jobs: int = 1) -> None:
    """:func:`analyse` for text: ``text`` is the request's JSON, and ``emit`` is
    given each event as a line of JSON (how the browser's worker calls it). A
    request that isn't JSON, or isn't right, is answered by one error event.

    >>> run_json('{"text": "20 Forest", "colour": 1}', print)
    {"event": "error", "error": "unknown field 'colour'; ...", "field": "colour"}
    """

    def send(event: dict[str, Any]) -> None:
        emit(json.dumps(event, ensure_ascii=False, allow_nan=False))

    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as error:
        send(_error(RequestError(f"the request isn't JSON: {error}")))
        return
    try:
        request = AnalysisRequest.from_json(value)
    except RequestError as error:
        send(_error(error))
        return
    analyse(request, send, jobs=jobs)
