"""Private: the cost of an activated mana ability (CR 602.1a, 118; {T} and {Q}, CR
107.5-107.6): mana, life, energy ({E}, CR 107.14), sacrificing ("Sacrifice two
Goats"), tapping other permanents ("Tap two untapped Elves you control"), removing
counters, exiling the card from a hand (CR 113.6m), discarding cards (CR 701.9) or
exiling another card from your hand (the same card from your hand, for paying),
exiling cards from your graveyard, and the always-payable exert, put-a-counter and
mill-a-card costs, as an :class:`~mtgmana.board.abilities.ActivationCost`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final, Literal

from .._numbers import word_number
from .._regex import Pattern, lazy
from ..board.abilities import ActivationCost, PermanentFilter
from ..costs import ManaCost
from ..errors import MtgManaError
from ._filters import subject_filter
from ._words import Unsupported, count_word

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
    energy: int = 0
    discard: int = 0
    exile_graveyard: int = 0
    sacrifice_count: int = 1
    exiles: bool = False
    discard_hand: bool = False
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
            exile_from_hand=self.exile_from_hand, energy=self.energy, discard=self.discard,
            exile_graveyard=self.exile_graveyard, sacrifice_count=self.sacrifice_count,
            exiles=self.exiles, discard_hand=self.discard_hand,
        )  # fmt: skip


CostStepKind = Literal[
    "tap", "untap", "mana", "life", "energy", "energy_count", "sacrifice_self",
    "sacrifice", "sacrifice_many", "discard", "discard_hand", "exile_hand",
    "exile_graveyard", "tap_other", "exile_from_hand", "exile_self", "mill", "remove",
    "remove_variable", "exert", "put_counter",
]  # fmt: skip
"""What one step of a cost ("{T}", "Pay 2 life", "Sacrifice ~", ...) is."""

_COST_PARTS: Final[list[tuple[Pattern, CostStepKind]]] = [
    (lazy(r"\{T\}"), "tap"),
    (lazy(r"\{Q\}"), "untap"),
    (lazy(r"(?:\{[^}]+\})+"), "mana"),
    (lazy(r"Pay (?P<n>\d+) life"), "life"),
    (lazy(r"Pay (?P<symbols>(?:\{E\})+)"), "energy"),
    (lazy(r"Pay (?P<n>\w+) \{E\}"), "energy_count"),
    (lazy(r"Sacrifice ~"), "sacrifice_self"),
    (lazy(r"Sacrifice (?P<article>an?|another) (?P<what>[^,]+)"), "sacrifice"),
    (
        lazy(r"Sacrifice (?P<n>two|three|four|five|six|seven|X) (?P<what>[^,]+)"),
        "sacrifice_many",
    ),
    (lazy(r"Discard (?P<n>an?|one|two|three|four|five|X) cards?"), "discard"),
    (lazy(r"Discard your hand"), "discard_hand"),
    (
        lazy(r"Exile (?P<n>an?|one|two|three|four|five|six|seven|X) cards? from your hand"),
        "exile_hand",
    ),
    (
        lazy(
            r"Exile (?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|X) "
            r"cards? from your graveyard"
        ),
        "exile_graveyard",
    ),
    (lazy(r"Tap (?P<n>an|\w+) untapped (?P<what>.+) you control"), "tap_other"),
    (lazy(r"Exile ~ from your hand"), "exile_from_hand"),
    (lazy(r"Exile ~"), "exile_self"),
    (lazy(r"Mill a card"), "mill"),
    (
        lazy(r"Remove (?P<n>an?|one|two|three|four|five|\d+) (?:(?P<kind>\S+) )?counters? from ~"),
        "remove",
    ),
    (
        lazy(r"Remove (?P<n>X|any number of|one or more) (?:(?P<kind>\S+) )?counters from ~"),
        "remove_variable",
    ),
    (lazy(r"Exert ~"), "exert"),
    (lazy(r"Put an? (?P<kind>\S+) counter on ~"), "put_counter"),
]


def read_cost(text: str) -> CostText:
    cost = CostText(text=text)
    for part in (p.strip() for p in text.split(",")):
        found = next(((m, k) for p, k in _COST_PARTS if (m := p.fullmatch(part)) is not None), None)
        if found is None:
            raise Unsupported(f"cost: {part}")
        match, kind = found
        if kind == "energy":  # CR 107.14: {E} is an energy counter
            cost.energy += match["symbols"].count("{E}")
        elif kind == "energy_count":
            cost.energy += _how_many(match["n"], part)
        elif kind == "sacrifice_many":
            _sacrifice_many(cost, match["n"], match["what"], part)
        elif kind in ("discard", "exile_hand"):
            cost.discard += _how_many(match["n"], part)
            if kind == "exile_hand":
                cost.noted = cost.exiles = True
                cost.notes.append(
                    "exiles a card from your hand as a cost: for paying, the same as "
                    "discarding one (ActivationCost.discard)"
                )
        elif kind == "discard_hand":  # CR 701.9a: every card in it, none too
            cost.discard_hand = True
        elif kind == "exile_self":
            cost.sacrifice_self = cost.noted = cost.exiles = True
            cost.notes.append(
                "exiles itself as a cost: for paying, the same as sacrificing it (it leaves)"
            )
        elif kind == "exile_graveyard":
            cost.exile_graveyard += _how_many(match["n"], part)
        elif kind == "tap":
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
            cost.remove_counters = count_word(match["n"])
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


def _how_many(word: str, part: str) -> int:
    """ "a", "two", ... in a cost; X (a number the player chooses) isn't modelled."""
    if word == "X":
        raise Unsupported(f"cost: {part} (X is a choice)")
    return count_word(word)


def _sacrifice_many(cost: CostText, count: str, words: str, part: str) -> None:
    """ "Sacrifice two Goats": ``sacrifice`` names one ("Goat"), ``sacrifice_count``
    how many."""
    if cost.sacrifice:
        raise Unsupported(f"cost: {part} (a second sacrifice)")
    number = _how_many(count, part)
    filter_ = subject_filter(words, plural=True)
    if len(filter_.card_types) + len(filter_.subtypes) != 1 or filter_ != replace(
        PermanentFilter(), card_types=filter_.card_types, subtypes=filter_.subtypes
    ):
        raise Unsupported(f"cost: {part}")
    (noun,) = filter_.card_types or filter_.subtypes
    cost.sacrifice = noun.lower() if filter_.card_types else noun
    cost.sacrifice_count = number
    cost.noted = True  # the printed cost says it best ("Sacrifice two Goats")


def _tap_others(cost: CostText, count: str, words: str) -> None:
    """ "Tap an untapped creature you control", "Tap two untapped Elves you control"
    (CR 602.2b: the permanents are chosen as the cost is paid)."""
    if count == "X":
        raise Unsupported(f"cost: Tap X untapped {words} you control (X is a choice)")
    number = word_number(count)
    if number is None or number < 1:
        raise Unsupported(f"cost: Tap {count} untapped {words} you control")
    wanted = subject_filter(words, plural=number > 1)
    cost.tap_other = words
    cost.tap_count = number
    default = ActivationCost(tap_other=words).tapped_others
    if default is None or default[0] != wanted:
        cost.tap_filter = wanted  # the words alone would be read otherwise
