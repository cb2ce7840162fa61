"""What-ifs: changes to a deck's main deck and what they do to its castability.

:func:`parse_changes` reads a change as people write it (``"-1 Mountain, +1
Island"``); :func:`what_ifs` evaluates the changes asked for and generates the
swaps worth trying, each a :class:`WhatIf` with the worst spell's exact-model
probability and the deck's average castability before and after (the spells'
reports come from :func:`mtgmana.analysis.summary.analyze`, which calls this module).

Generated what-ifs keep the deck legal and its size: one land out, one land the
deck could use in (a basic land of its colors, within the commanders' color
identity in Commander, CR 903.5c; another copy of one of its lands or a land of its
sideboard, within the copy limits, CR 100.2a, 903.5b) — never a removal, so never
a 59-card deck. They are ranked by :attr:`WhatIf.score`. One that cuts a land
that searches for lands is kept only if a short seeded simulation shows the deck
plays better with it; at most :data:`MAX_SIMULATED` of those are tried, the best
ranked first (the others are left out), so the what-ifs never take longer than
the analysis itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..cards import Card, CardDatabase, default_database
from ..colors import Color
from ..errors import MtgManaError
from .decks import BASIC_LANDS, DeckError
from .decks.legality import LegalityWarning, check_legality, copy_limit

if TYPE_CHECKING:
    from .counting import SpellReport
    from .decks import Deck

__all__ = ["MAX_SIMULATED", "WhatIf", "parse_changes", "what_ifs"]

MAX_SIMULATED: Final = 2
"""The most what-ifs cutting a land that searches for lands simulated per deck."""

Reports = Callable[["Deck"], "tuple[SpellReport, ...]"]
"""The spell reports of a deck (:func:`mtgmana.analysis.summary.analyze`'s)."""
Simulated = Callable[["Deck"], float]
"""A deck's average P(on curve) over its spells' copies in a short seeded
simulation (:func:`mtgmana.analysis.simulation.simulate`)."""


@dataclass(frozen=True)
class WhatIf:
    """A change to the main deck and what it does to the worst spell's exact-model
    probability (``worst_before`` → ``worst_after``, the spell ``worst_spell``) and
    to the deck's average castability (``average_before`` → ``average_after``: the
    mean probability over the spells' copies). ``warnings`` are the legality
    problems the change brings (only a what-if asked for can have any)."""

    change: str
    changes: Mapping[str, int]
    deck_size: int
    lands: int
    worst_before: float
    worst_after: float
    worst_spell: str
    below_target_before: int
    below_target_after: int
    average_before: float = 0.0
    average_after: float = 0.0
    warnings: tuple[LegalityWarning, ...] = ()

    @property
    def delta(self) -> float:
        """The change in the worst spell's probability."""
        return self.worst_after - self.worst_before

    @property
    def average_delta(self) -> float:
        """The change in the deck's average castability."""
        return self.average_after - self.average_before

    @property
    def score(self) -> float:
        """What generated what-ifs are ranked by: the change in the worst spell's
        probability plus the change in the average castability."""
        return self.delta + self.average_delta


_CHANGE = re.compile(r"\s*(?P<sign>[+\-−])\s*(?P<n>\d{1,4})\s*[xX]?\s+(?P<name>.+?)\s*")


def parse_changes(text: str) -> dict[str, int]:
    """A what-if such as ``"+1 Island"``, ``"-1 Mountain, +1 Island"`` or ``"-2
    Forest +2 Breeding Pool"``, as a mapping of names to changes.

    >>> parse_changes("-1 Mountain, +1 Island")
    {'Mountain': -1, 'Island': 1}
    >>> parse_changes("Island")
    Traceback (most recent call last):
    ...
    mtgmana.analysis.decks.DeckError: can't read the what-if 'Island': write changes like ...
    """

    if not isinstance(text, str) or len(text) > 1000:
        raise DeckError("a what-if is a short text like '+1 Island'")
    pieces = re.split(r"(?:,\s*|\s+)(?=[+\-−]\s*\d)", text.strip())
    changes: dict[str, int] = {}
    for piece in pieces:
        match = _CHANGE.fullmatch(piece.rstrip(", "))
        if match is None:
            raise DeckError(
                f"can't read the what-if {text!r}: write changes like '+1 Island' or "
                "'-1 Mountain, +1 Island'"
            )
        n = int(match["n"]) * (1 if match["sign"] == "+" else -1)
        if n == 0:
            raise DeckError(f"the what-if {piece.strip()!r} changes nothing")
        changes[match["name"]] = changes.get(match["name"], 0) + n
    return changes


def _describe(changes: Mapping[str, int]) -> str:
    return ", ".join(f"{'+' if n > 0 else '-'}{abs(n)} {name}" for name, n in changes.items())


def _land_pool(deck: Deck, colors: str, database: CardDatabase | None) -> dict[str, Card]:
    """The lands a what-if may add: the basic lands of ``colors``, then the lands
    of the main deck and of the sideboard, by name."""
    db = default_database() if database is None else database
    pool: dict[str, Card] = {}
    for letter in colors:
        basic = db.get(BASIC_LANDS[letter])
        if basic is not None:
            pool[basic.name] = basic
    for item in (*deck.main, *deck.sideboard):
        if item.role.is_land:
            pool.setdefault(item.card.name, item.card)
    return pool


def _copies(deck: Deck, fmt: str) -> dict[str, int]:
    """The copies of each card the copy limits count (CR 100.2a: the sideboard
    too in constructed formats; CR 903.5b: the commanders too)."""
    have = {item.card.name: item.count for item in (*deck.main, *deck.commander)}
    if fmt == "constructed":
        for item in deck.sideboard:
            have[item.card.name] = have.get(item.card.name, 0) + item.count
    return have


def _candidates(deck: Deck, fmt: str, database: CardDatabase | None) -> list[dict[str, int]]:
    """Land-for-land swaps that keep the deck's size and legality: one copy of a
    main-deck land out, one land the deck could use in — a basic land of its colors
    (of the commanders' color identity in Commander, CR 903.5c), another copy of a
    land of its main deck or a land of its sideboard — within the copy limits
    (CR 100.2a, 903.5b)."""

    identity = deck.commander_colors if fmt == "commander" else None
    colors = deck.colors if identity is None else str(identity)
    pool = _land_pool(deck, colors, database)
    have = _copies(deck, fmt)
    ins = []
    for name, card in pool.items():
        limit = copy_limit(card, fmt)
        if limit is not None and have.get(name, 0) + 1 > limit:
            continue
        if identity is not None and card.color_identity & ~identity != Color(0):
            continue
        ins.append(name)
    outs = [item.name for item in deck.main if item.role.is_land]
    return [{out: -1, name: 1} for out in outs for name in ins if name != out]


def _average(reports: Iterable[SpellReport]) -> float:
    """The mean probability over the spells' copies (1 without spells)."""
    total = weight = 0.0
    for report in reports:
        total += report.probability * report.count
        weight += report.count
    return total / weight if weight else 1.0


def _problems(warnings: Iterable[LegalityWarning]) -> set[tuple[str, str]]:
    return {(w.code, card) for w in warnings for card in (w.cards or ("",))}


def _what_if(
    deck: Deck,
    changes: Mapping[str, int],
    before: tuple[SpellReport, ...],
    reports: Reports,
    database: CardDatabase | None,
    fmt: str,
    warnings: tuple[LegalityWarning, ...],
) -> WhatIf:
    changed = deck.with_changes(changes, database=database)
    changed.check()
    known = _problems(warnings)
    new = tuple(
        w for w in check_legality(changed, fmt) if not _problems([w]) <= known
    )  # the legality problems the change brings
    after = reports(changed)
    worst_before = min((s.probability for s in before), default=1.0)
    worst = min(after, key=lambda s: (s.probability, s.name), default=None)
    return WhatIf(
        change=_describe(changes),
        changes=dict(changes),
        deck_size=changed.deck_size,
        lands=changed.lands,
        worst_before=worst_before,
        worst_after=1.0 if worst is None else worst.probability,
        worst_spell="" if worst is None else worst.name,
        below_target_before=sum(1 for s in before if s.probability < s.target),
        below_target_after=sum(1 for s in after if s.probability < s.target),
        average_before=_average(before),
        average_after=_average(after),
        warnings=new,
    )


def _best(generated: list[WhatIf], keep: int, confirmed: Callable[[WhatIf], bool]) -> list[WhatIf]:
    """The ``keep`` best improvements, at most one per land added while others
    remain (so the list shows different lands, not one land for each removal);
    those ``confirmed`` rejects are left out. ``confirmed`` is asked only about
    what-ifs that would be kept, best first, and once each."""
    ranked = sorted(
        (w for w in generated if w.score > 1e-9),
        key=lambda w: (-w.score, -w.delta, w.below_target_after, w.change),
    )
    verdicts: dict[str, bool] = {}

    def ok(w: WhatIf) -> bool:
        if w.change not in verdicts:
            verdicts[w.change] = confirmed(w)
        return verdicts[w.change]

    chosen: list[WhatIf] = []
    added: set[str] = set()
    for w in ranked:
        into = next(name for name, n in w.changes.items() if n > 0)
        if len(chosen) < keep and into not in added and ok(w):
            chosen.append(w)
            added.add(into)
    for w in ranked:
        if len(chosen) >= keep:
            break
        if w not in chosen and ok(w):
            chosen.append(w)
    return sorted(chosen, key=ranked.index)


def what_ifs(
    deck: Deck,
    spells: tuple[SpellReport, ...],
    reports: Reports,
    *,
    asked: Iterable[Mapping[str, int]],
    keep: int,
    fmt: str,
    warnings: tuple[LegalityWarning, ...],
    database: CardDatabase | None = None,
    simulated: Simulated | None = None,
) -> tuple[WhatIf, ...]:
    """The what-ifs ``asked`` for (in order, each with the legality problems it
    brings), then the ``keep`` best generated swaps (improvements only, at most one
    per land added while others remain); ``spells`` are the deck's own reports,
    ``warnings`` its own legality problems in ``fmt``. A generated swap that cuts a
    land that searches for lands (Karsten counts it as a part source; it fetches
    the color the game needs) is kept only if ``simulated`` shows the deck plays
    better with it (never without ``simulated``; at most :data:`MAX_SIMULATED`
    are tried, best ranked first)."""
    results = [_what_if(deck, c, spells, reports, database, fmt, warnings) for c in asked]
    if keep:
        generated = []
        for candidate in _candidates(deck, fmt, database):
            try:
                w = _what_if(deck, candidate, spells, reports, database, fmt, warnings)
            except MtgManaError:
                continue  # a change the deck can't take
            if not w.warnings:
                generated.append(w)
        results += _best(generated, keep, _confirmed(deck, simulated, database))
    return tuple(results)


def _confirmed(
    deck: Deck, simulated: Simulated | None, database: CardDatabase | None
) -> Callable[[WhatIf], bool]:
    """Whether a swap that cuts a land that searches for lands makes the deck play
    better in the simulation (other swaps pass)."""
    fetchers = {item.name for item in deck.main if item.role.fetch is not None}
    before: list[float] = []
    tried = [0]

    def confirmed(w: WhatIf) -> bool:
        if not any(n < 0 and name in fetchers for name, n in w.changes.items()):
            return True
        if simulated is None or tried[0] >= MAX_SIMULATED:
            return False
        tried[0] += 1
        if not before:
            before.append(simulated(deck))
        return simulated(deck.with_changes(w.changes, database=database)) > before[0]

    return confirmed
