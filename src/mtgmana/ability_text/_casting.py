"""Private: how a spell's own text changes what casting it costs (CR 601.2b, 601.2f):
delve (CR 702.66), convoke (CR 702.51), improvise (CR 702.126), affinity (CR
702.41), "This spell costs {N} less to cast for each ..." and "... if you control
...", and suspend (CR 702.62: the card is suspended for a cost of its own and cast
later without paying its mana cost)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .._regex import lazy
from ..board.abilities import PermanentFilter
from ..board.conditions import Condition
from ..costs import ManaCost
from ._conditions import control
from ._filters import permanent_filter
from ._words import Unsupported, count_word

__all__ = ["Casting", "Reduction", "casting_of"]

_REMINDER: Final = lazy(r"\([^()]*\)")
_KEYWORD: Final = lazy(r"^(?P<words>[A-Z][a-z]+(?:, [a-z]+)*)\s*$", re.MULTILINE)
_AFFINITY: Final = lazy(r"^Affinity for (?P<what>[a-zA-Z' ]+?)\s*$", re.MULTILINE)
_SUSPEND: Final = lazy(r"^Suspend (?P<n>\d+)\s*—\s*(?P<cost>(?:\{[^}]+\})+)\s*$", re.MULTILINE)
_LESS: Final = lazy(
    r"This spell costs (?P<amount>\{\d+\}) less to cast (?P<how>for each [^.]+|if [^.]+)\."
)
_OPPONENTS: Final = ("for each opponent", "for each opponent you have")


@dataclass(frozen=True)
class Reduction:
    """ "This spell costs {``amount``} less to cast" (CR 601.2f: generic mana only,
    never below zero): for each permanent you control that ``filter`` names
    (affinity, CR 702.41a), once if ``condition`` holds, or ``opponents`` times
    (for each opponent)."""

    amount: int
    filter: PermanentFilter | None = None
    condition: Condition | None = None
    opponents: bool = False
    text: str = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Casting:
    """What a spell's own text changes about paying for it (see the module):
    ``delve``, ``convoke``, ``improvise``, cost ``reductions``, ``suspend`` (time
    counters and the cost of suspending it), and the reductions mtgmana doesn't
    model, as written (``unmodelled``)."""

    delve: bool = False
    convoke: bool = False
    improvise: bool = False
    reductions: tuple[Reduction, ...] = ()
    suspend: tuple[int, ManaCost] | None = None
    unmodelled: tuple[str, ...] = ()

    @property
    def changes(self) -> bool:
        """Whether it changes anything."""
        return bool(self.delve or self.convoke or self.improvise or self.reductions or self.suspend)


def casting_of(text: str) -> Casting:
    """How a face's rules ``text`` changes casting it (see the module).

    >>> casting_of("Delve (Each card you exile ...)\\nDraw three cards.").delve
    True
    >>> str(casting_of("Affinity for artifacts").reductions[0].filter)
    'artifact you control'
    >>> casting_of("Suspend 1—{R}\\nRift Bolt deals 3 damage to any target.").suspend
    (1, ManaCost.parse('{R}'))
    """
    plain = _REMINDER.sub("", text)
    keywords: set[str] = set()
    for match in _KEYWORD.finditer(plain):
        keywords.update(w.strip().lower() for w in match["words"].split(","))
    reductions: list[Reduction] = []
    unmodelled: list[str] = []
    for match in _AFFINITY.finditer(plain):
        what = match["what"].strip()
        try:
            item = permanent_filter(what + " you control", plural=True)
        except Unsupported:
            unmodelled.append(match.group(0).strip())
            continue
        reductions.append(Reduction(1, item, text=match.group(0).strip()))
    for match in _LESS.finditer(plain):
        found = _reduction(match)
        if found is None:
            unmodelled.append(match.group(0))
        else:
            reductions.append(found)
    suspend = _SUSPEND.search(plain)
    return Casting(
        delve="delve" in keywords,
        convoke="convoke" in keywords,
        improvise="improvise" in keywords,
        reductions=tuple(reductions),
        suspend=(int(suspend["n"]), ManaCost.parse(suspend["cost"])) if suspend else None,
        unmodelled=tuple(unmodelled),
    )


def _reduction(match: re.Match[str]) -> Reduction | None:
    amount = ManaCost.parse(match["amount"]).mana_value
    assert isinstance(amount, int)
    how = match["how"]
    text = match.group(0)
    if how in _OPPONENTS:
        return Reduction(amount, opponents=True, text=text)
    try:
        if how.startswith("for each "):
            what = how.removeprefix("for each ")
            if not what.endswith((" you control", " on the battlefield")):
                return None  # cards in a graveyard, attackers, this turn's events
            return Reduction(amount, permanent_filter(what, plural=False), text=text)
        what = re.fullmatch(r"if you control (?P<what>.+)", how)
        if what is None:
            return None  # targets, this turn's events, bargained
        wanted = control(what["what"], text)
        return Reduction(amount, condition=Condition(wanted, text=text), text=text)
    except Unsupported:
        return None


_ = count_word  # the words of "N or more" are read by control()
