"""Private: what a permanent's rules text says it enters with — counters (CR 122.6:
"enters tapped with two charge counters on it"; X of them; one for each time it was
kicked, CR 702.33), energy from its enter trigger (CR 107.14) — and what a line the
mana reader can't read is about (:class:`Unread`), as typed facts for the deck
analysis (:mod:`mtgmana.analysis.roles`)."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Final

from .._numbers import word_number
from .._regex import lazy
from .._repr import enum_repr
from ..costs import ManaCost

__all__ = ["EnteringCounters", "Unread", "energy_on_entering", "read_counters", "read_unread"]

_ENERGY_TRIGGER: Final = lazy(r"\benters\b[^.\n]*?, you get (?P<e>(?:\{E\})+)")
_ENTERS_WITH: Final = lazy(
    r"\benters(?: the battlefield)?(?: tapped)? with (?P<n>a|an|one|two|three|four|five|six"
    r"|seven|eight|nine|ten|\d{1,2}) (?P<kind>[a-z]+ )?counters? on it\b(?! for each)"
)
"""A fixed number of counters (not Everflowing Chalice's "a charge counter on it for
each time it was kicked")."""
_ENTERS_WITH_X: Final = lazy(r"\benters(?: the battlefield)?(?: tapped)? with X [a-z]+ counters\b")
_MULTIKICKER: Final = lazy(r"\bMultikicker (?P<cost>(?:\{[^}]+\})+)")


@dataclass(frozen=True)
class EnteringCounters:
    """The counters a permanent enters with by its text: a fixed ``number`` (0:
    none said), ``x`` ("enters with X charge counters": Astral Cornucopia), or one
    for each time it was kicked, with its multikicker cost ``kicker`` (Everflowing
    Chalice)."""

    number: int = 0
    x: bool = False
    kicker: ManaCost | None = None


def read_counters(text: str) -> EnteringCounters:
    """The :class:`EnteringCounters` of rules ``text``.

    >>> read_counters("Vivid Crag enters tapped with two charge counters on it.").number
    2
    >>> read_counters("Multikicker {2}\\nThis artifact enters with a charge counter"
    ...               " on it for each time it was kicked.").kicker
    ManaCost.parse('{2}')
    """
    match = _ENTERS_WITH.search(text)
    number = 0 if match is None else word_number(match["n"]) or 0
    if _ENTERS_WITH_X.search(text):
        return EnteringCounters(number, x=True)
    kicker = _MULTIKICKER.search(text)
    if kicker is not None and "for each time it was kicked" in text:
        return EnteringCounters(number, kicker=ManaCost.parse(kicker["cost"]))
    return EnteringCounters(number)


def energy_on_entering(text: str) -> int:
    """The energy counters ({E}) the permanent's enter trigger gives you (0: none).

    >>> energy_on_entering("When this land enters, you get {E}{E}.")
    2
    """
    match = _ENERGY_TRIGGER.search(text)
    return 0 if match is None else match["e"].count("{E}")


class Unread(enum.Enum):
    """What a line of text the mana reader can't read is about, for the deck notes."""

    __repr__ = enum_repr

    MANA_ABILITY = "unsupported mana ability"
    """It adds mana."""
    MANA_EFFECT = "effect on mana not modelled"
    """It speaks of mana, or of the abilities of your permanents."""


_ADDS: Final = lazy(r"\b[Aa]dds?\b")
_ABOUT_MANA: Final = lazy(r"\bmana\b(?! (?:value|cost)s?\b)", re.IGNORECASE)
_ABILITIES: Final = lazy(r"\babilities\b")
_NOT_YOURS: Final = lazy(
    r"\b(?:enchanted|equipped)\b|\ban opponent controls\b|\byour opponents control\b",
    re.IGNORECASE,
)


def read_unread(text: str) -> Unread | None:
    """What a line the mana reader can't read is about: :attr:`Unread.MANA_ABILITY`
    when it adds mana; :attr:`Unread.MANA_EFFECT` when it speaks of mana (Haldan's
    "spend mana as though ...") or of the abilities of your permanents (Null Rod);
    ``None`` when it doesn't affect your mana — an Aura's or Equipment's effect on
    the permanent it is attached to, an effect on opponents' permanents.

    >>> read_unread("Activated abilities of artifacts can't be activated.")
    Unread.MANA_EFFECT
    """
    if _ADDS.search(text):
        return Unread.MANA_ABILITY
    if _ABOUT_MANA.search(text) or (_ABILITIES.search(text) and not _NOT_YOURS.search(text)):
        return Unread.MANA_EFFECT
    return None
