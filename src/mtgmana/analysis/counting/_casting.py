"""How the deck analysis casts a spell whose text changes its cost (CR 601.2b,
601.2f), for the counts (:mod:`mtgmana.analysis.counting`) and the simulation
(:mod:`mtgmana.analysis.simulation._cards`) alike:

* **delve** (CR 702.66): each card exiled from the graveyard pays {1}. The model
  assumes one card in the graveyard a turn after the first — the spells, lands and
  creatures a game uses, which the simulation doesn't cast — besides those the
  simulation puts there itself
  (:data:`mtgmana.analysis.simulation._features.GRAVEYARD`). Treasure Cruise
  ({7}{U}) is then a turn-5 spell: {3}{U} with four cards exiled.
* **suspend** (CR 702.62): the card is suspended for its suspend cost on the turn
  asked about, and cast later without paying its mana cost — the castability
  question is that cost (Rift Bolt: {R}, turn 1), when it comes earlier than the
  mana cost's.
* **affinity** and "This spell costs {N} less to cast for each ... / if you control
  ..." (CR 702.41, 601.2f), **convoke** (CR 702.51) and **improvise** (CR 702.126):
  counted at the mana value; the simulation pays them with what its battlefield
  holds (its artifacts, creatures and lands: mana rocks, Treasure, dorks — the deck's
  other permanents aren't cast there).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ...ability_text import Casting, casting_of
from ...costs import ManaCost
from ...symbols import SymbolKind

if TYPE_CHECKING:
    from ..decks import DeckCard

__all__ = ["CastPlan", "cast_cost", "cast_plan", "delve_turn", "spell_cost", "x_for"]


@dataclass(frozen=True)
class CastPlan:
    """How a face is cast for the questions (see the module): the ``cost`` asked
    (X chosen, or the suspend cost), its ``x``, the curve ``turn``, its ``casting``
    (what its text changes) and whether the question is its suspend cost."""

    cost: ManaCost
    x: int | None
    turn: int
    casting: Casting
    suspended: bool = False
    cast: ManaCost | None = None
    """The cost it is cast for otherwise (X chosen), when the question is another."""

    @property
    def mana_value(self) -> int:
        """The mana value of the cost it is cast for (X chosen, CR 202.3e)."""
        value = (self.cast or self.cost).mana_value
        return int(value) if isinstance(value, (int, float)) else 0

    @property
    def note(self) -> str:
        """How it was counted, in a few words ("" when as printed)."""
        casting = self.casting
        parts = []
        if self.suspended and casting.suspend is not None:
            n, cost = casting.suspend
            turns = f"{n} turn{'s' if n != 1 else ''}"
            parts.append(f"suspended for {cost} on turn {self.turn}, cast {turns} later")
        if casting.delve:
            parts.append(
                f"delve: a turn-{self.turn} spell, with one card a turn in the graveyard "
                "(the simulation's own and one a turn after the first)"
            )
        if casting.convoke or casting.improvise:
            what = "creatures" if casting.convoke else "artifacts"
            word = "convoke" if casting.convoke else "improvise"
            parts.append(f"{word}: the simulation taps the {what} its battlefield holds")
        if casting.reductions:
            said = "; ".join(str(r) for r in casting.reductions)
            parts.append(f"counted at its mana value; the simulation applies: {said}")
        if casting.unmodelled:
            parts.append("not modelled: " + "; ".join(casting.unmodelled))
        return "; ".join(parts)


def delve_turn(cost: ManaCost) -> int:
    """The first turn ``cost`` is paid with as many lands, delving one card a turn
    after the first (see the module)."""
    generic = sum(s.generic_amount for s in cost if s.kind is SymbolKind.GENERIC)
    value = cost.mana_value
    other = (int(value) if isinstance(value, (int, float)) else 0) - generic
    turn = 1
    while other + max(0, generic - (turn - 1)) > turn:
        turn += 1
    return max(turn, 1)


def spell_cost(cost: ManaCost, x: int) -> ManaCost:
    """``cost`` with X (and Y, Z) chosen as ``x`` (CR 107.3)."""
    return cost.choose_x(x, y=x, z=x) if cost.x_count else cost


def cast_cost(
    item: DeckCard, face: int, x: Mapping[str, int] | None
) -> tuple[ManaCost, int | None]:
    """The cost the analysis casts a face for, and its X (``None`` without one): X
    chosen (CR 107.3, default 1), and a multikicker whose kicks give the counters
    the permanent's mana needs paid as many times (default once: Everflowing
    Chalice, CR 702.33; ``x`` says how many).

    >>> from mtgmana.analysis.decks import Deck
    >>> chalice = Deck.parse("1 Everflowing Chalice").main[0]
    >>> twice = {"Everflowing Chalice": 2}
    >>> str(cast_cost(chalice, 0, None)[0]), str(cast_cost(chalice, 0, twice)[0])
    ('{2}', '{2}{2}')
    """
    chosen = item.card.faces[face]
    printed = chosen.mana_cost
    kicker = item.role.kicker if face == 0 else None
    if kicker is not None:
        kicks = x_for(item, x, chosen.name)
        if not kicks:
            return printed, None
        # {0} and {2} twice: {2}{2} (the {0} adds nothing, CR 202.1).
        symbols = [s for s in printed if s.text != "{0}"] + list(kicker) * kicks
        return ManaCost.from_symbols(symbols), None
    x_value = x_for(item, x, chosen.name) if printed.x_count else None
    return spell_cost(printed, x_value or 0), x_value


def x_for(item: DeckCard, x: Mapping[str, int] | None, face_name: str) -> int:
    if x:
        for key in (item.name, face_name, item.card.faces[0].name):
            for name, value in x.items():
                if name.casefold() == key.casefold():
                    return value
    return 1


@lru_cache(maxsize=4096)
def _casting(text: str) -> Casting:
    return casting_of(text)


def cast_plan(item: DeckCard, face: int, x: Mapping[str, int] | None) -> CastPlan:
    """How the analysis casts ``item``'s face ``face`` (see the module)."""
    chosen = item.card.faces[face]
    cost, x_value = cast_cost(item, face, x)
    casting = _casting(chosen.oracle_text)
    value = cost.mana_value
    turn = max(int(value) if isinstance(value, (int, float)) else 0, 1)
    if casting.delve:
        turn = min(turn, delve_turn(cost))
    if casting.suspend is not None:
        _, price = casting.suspend
        price_value = price.mana_value
        at = max(int(price_value) if isinstance(price_value, (int, float)) else 0, 1)
        if at < turn or not chosen.mana_cost.has_mana_cost:
            return CastPlan(price, None, at, casting, suspended=True, cast=cost)
    return CastPlan(cost, x_value, turn, casting)
