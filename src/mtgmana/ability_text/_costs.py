"""Private: the cost of an activated mana ability (CR 602.1a, 118; {T} and {Q}, CR
107.5-107.6): mana, life, sacrificing, tapping other permanents ("Tap two untapped
Elves you control"), removing counters, exiling the card from a hand (CR 113.6m),
and the always-payable exert, put-a-counter and mill-a-card costs, as an
:class:`~mtgmana.abilities.ActivationCost`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from ..abilities import ActivationCost, PermanentFilter
from ..costs import ManaCost
from ..errors import MtgManaError
from ._filters import subject_filter
from ._words import NUMBERS, Unsupported

__all__: list[str] = []


@dataclass
class CostText:
    tap: bool = False
    untap: bool = False
    mana: str = ""
    life: int = 0
    sacrifice_self: bool = False
    sacrifice: str = ""
    tap_other: str = ""
    tap_count: int = 1
    tap_filter: PermanentFilter | None = None
    exile_from_hand: bool = False
    remove_counters: int = 0
    counter: str = ""
    variable_counters: bool = False
    noted: bool = False
    notes: list[str] = field(default_factory=list)
    text: str = ""

    def build(self) -> ActivationCost:
        mana = ManaCost.parse(self.mana) if self.mana else None
        return ActivationCost(
            tap=self.tap, untap=self.untap, mana=mana, life=self.life,
            sacrifice_self=self.sacrifice_self, sacrifice=self.sacrifice,
            tap_other=self.tap_other, remove_counters=self.remove_counters,
            counter=self.counter, text=self.text if self.noted else "",
            tap_filter=self.tap_filter, tap_count=self.tap_count,
            exile_from_hand=self.exile_from_hand,
        )  # fmt: skip


_COST_PARTS: Final = [
    (re.compile(r"\{T\}"), "tap"),
    (re.compile(r"\{Q\}"), "untap"),
    (re.compile(r"(?:\{[^}]+\})+"), "mana"),
    (re.compile(r"Pay (?P<n>\d+) life"), "life"),
    (re.compile(r"Pay (?:\{E\})+"), "energy"),
    (re.compile(r"Sacrifice ~"), "sacrifice_self"),
    (re.compile(r"Sacrifice (?P<article>an?|another) (?P<what>[^,]+)"), "sacrifice"),
    (re.compile(r"Tap (?P<n>an|\w+) untapped (?P<what>.+) you control"), "tap_other"),
    (re.compile(r"Exile ~ from your hand"), "exile_from_hand"),
    (re.compile(r"Mill a card"), "mill"),
    (
        re.compile(
            r"Remove (?P<n>an?|one|two|three|four|five|\d+) (?:(?P<kind>\S+) )?counters? from ~"
        ),
        "remove",
    ),
    (
        re.compile(r"Remove (?P<n>X|any number of|one or more) (?:(?P<kind>\S+) )?counters from ~"),
        "remove_variable",
    ),
    (re.compile(r"Exert ~"), "exert"),
    (re.compile(r"Put an? (?P<kind>\S+) counter on ~"), "put_counter"),
]


def read_cost(text: str) -> CostText:
    cost = CostText(text=text)
    for part in (p.strip() for p in text.split(",")):
        found = next(((m, k) for p, k in _COST_PARTS if (m := p.fullmatch(part)) is not None), None)
        if found is None:
            raise Unsupported(f"cost: {part}")
        match, kind = found
        if kind == "energy":
            raise Unsupported(f"cost: energy ({part})")
        if kind == "tap":
            cost.tap = True
        elif kind == "untap":
            cost.untap = True
        elif kind == "mana":
            if "{E}" in part:
                raise Unsupported("cost: energy")
            if "X" in part:
                raise Unsupported("cost: {X} (an amount the player chooses)")
            cost.mana += part
        elif kind == "life":
            cost.life += int(match["n"])
        elif kind == "sacrifice_self":
            cost.sacrifice_self = True
        elif kind == "sacrifice":
            what = match["what"]
            cost.sacrifice = f"another {what}" if match["article"] == "another" else what
        elif kind == "tap_other":
            _tap_others(cost, match["n"], match["what"])
        elif kind == "exile_from_hand":
            cost.exile_from_hand = True  # CR 113.6m: it works from a hand
        elif kind == "mill":
            cost.noted = True
            cost.notes.append("mills a card as a cost: your library must not be empty (CR 701.17b)")
        elif kind == "remove":
            cost.remove_counters = NUMBERS.get(match["n"]) or int(match["n"])
            cost.counter = match["kind"] or ""
        elif kind == "remove_variable":
            cost.variable_counters = True
            cost.counter = match["kind"] or ""
        elif kind == "exert":
            cost.noted = True
            cost.notes.append("exerted: doesn't untap during your next untap step (CR 701.43)")
        else:  # put_counter
            cost.noted = True
            cost.notes.append(f"puts a {match['kind']} counter on itself as a cost")
    if cost.mana:
        try:
            ManaCost.parse(cost.mana)
        except MtgManaError as error:
            raise Unsupported(f"cost: {cost.mana} ({error})") from None
    return cost


def _tap_others(cost: CostText, count: str, words: str) -> None:
    """ "Tap an untapped creature you control", "Tap two untapped Elves you control"
    (CR 602.2b: the permanents are chosen as the cost is paid)."""
    if count == "X":
        raise Unsupported(f"cost: Tap X untapped {words} you control (X is a choice)")
    number = 1 if count == "an" else NUMBERS.get(count)
    if number is None or number < 1:
        raise Unsupported(f"cost: Tap {count} untapped {words} you control")
    wanted = subject_filter(words, plural=number > 1)
    cost.tap_other = words
    cost.tap_count = number
    default = ActivationCost(tap_other=words).tapped_others
    if default is None or default[0] != wanted:
        cost.tap_filter = wanted  # the words alone would be read otherwise
