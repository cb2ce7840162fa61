"""Exact castability: Frank Karsten's 2022 model, computed without simulation.

Karsten ("How Many Sources Do You Need to Consistently Cast Your Spells? A 2022
Update", 2022-08-02) simulated 5,000,000 games per cell. His model is a finite sum
over hypergeometric draws, so this module computes it exactly, as a rational number
(:class:`fractions.Fraction`), and reproduces his published 60-card table cell for
cell. The model is stated in the reference file ``shared/reference/karsten-2022.md``;
restated:

* A deck of ``N`` cards holds ``L`` lands, ``S`` of which are *sources* of the color
  in question. Nothing else makes mana; nothing draws extra cards.
* A spell of mana value ``M`` needing ``P`` pips of that color is cast on turn
  ``T = M`` (on curve) unless another turn is asked for.
* The cards seen by turn ``T`` are the kept hand plus ``T - 1`` draws on the play
  (the starting player skips their first draw, CR 103.8a), ``T`` draws on the draw.
* Opening hands follow the London mulligan (CR 103.5): every mulligan is a fresh
  shuffle and a fresh 7 cards, then as many cards as mulligans taken go to the
  bottom of the library. Karsten's player keeps 7 cards with 2-5 lands; at 6 bottoms
  a spell if the hand has more than 3 spells, else a land, and keeps 2-4 lands; at 5
  bottoms 2 spells (more than 3 spells), 1 land and 1 spell (exactly 3), else 2
  lands, and keeps 2-4 lands; at 4 bottoms 3 cards aiming at 3 lands and 1 spell
  (3 spells / 1 land and 2 spells / 2 lands and 1 spell / 3 lands, for more than 3,
  3, 2, fewer spells) and always keeps. Lands go to the bottom non-sources first.
* Commander rules (the default for 99- and 100-card decks): a Commander game is a
  multiplayer game by default (CR 903.2), so the first mulligan is free
  (CR 103.5c: it does not count toward the cards put on the bottom) and nobody skips
  the first draw (CR 103.8c). In the model: first a free 7, kept only with 3-5
  lands, else the normal sequence above; and one more draw (a draw on turn 1).
  (A two-player Commander game has neither by the rules, CR 103.5c, 103.8a: pass
  ``commander=False`` for it.)
* The target for "consistent" is ``(89 + M)%`` (90% for ``M = 1`` ... 96% for
  ``M = 7``); "sources needed" is the smallest ``S`` that reaches it.

Probabilities (``X`` = the cards seen by turn ``T``; one land a turn, CR 305.2):

* castable on turn ``T``  <=>  ``T >= M`` and ``X`` has ``>= M`` lands and ``>= P``
  sources (with ``M`` lands you play ``M`` of them, sources first, and ``P <= M``);
* **unconditional** = P(castable on turn ``T``);
* **conditional** (Karsten's, the default) = P(castable | ``X`` has ``>= M`` lands) =
  P(``>= P`` sources and ``>= M`` lands) / P(``>= M`` lands): games that miss a land
  drop are thrown out. If no game has ``M`` lands (``L < M``) it is defined as 0.

Interpretation choices (the published table is reproduced with exactly these):

* Draws come from the top of the library, which is the deck minus the 7 cards looked
  at for the kept hand: cards put on the bottom are never drawn (so ``N - 7`` must
  be at least the number of draws). Hands thrown back by a mulligan are shuffled in.
* The ``>= M`` lands condition counts the same cards as the success test: the cards
  seen by turn ``T`` (= ``M`` on curve, which is all the reference table uses).
* With Commander rules "on the draw" changes nothing: everyone draws on turn 1.
* The deck size is the library at the start of the game: pass 99 for a 100-card
  Commander deck whose commander starts in the command zone (CR 903.5a, 903.6).
  Commander rules are on by default for 99 *and* 100, and the size is taken as given.
* Limits, so that no request runs for minutes: decks of at most
  :data:`MAX_DECK_SIZE` cards, turns up to :data:`MAX_TURN`.

>>> result = castability(60, 25, 14, "{B}")
>>> round(result.probability, 4), result.turn, result.target
(0.9129, 1, Fraction(9, 10))
>>> sources_needed(60, 25, "{1}{B}{B}").sources
18
>>> sources_needed(60, 25, "C", on_the_draw=True).sources
13
>>> needed = sources_needed(99, 41, "{B}")     # Commander rules by default
>>> needed.commander, needed.sources
(True, 19)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from ..costs import ManaCost
from ..errors import MtgManaError
from ..symbols import ONE_MANA_KINDS

__all__ = [
    "COMMANDER_LONDON",
    "HAND_SIZE",
    "LONDON",
    "MAX_DECK_SIZE",
    "MAX_TURN",
    "REFERENCE_COSTS",
    "REFERENCE_LANDS",
    "Castability",
    "Requirement",
    "SourcesNeeded",
    "bottom_split",
    "castability",
    "requirement",
    "sources_needed",
    "sources_table",
    "target_for",
]

HAND_SIZE: Final = 7
"""The starting hand size (CR 103.5)."""

MAX_DECK_SIZE: Final = 1000
"""The largest deck (library) size accepted."""

MAX_TURN: Final = 30
"""The latest turn accepted (the cost of a table grows with the square of the turn)."""

REFERENCE_COSTS: Final[tuple[str, ...]] = (
    "C", "1C", "CC", "2C", "1CC", "CCC", "3C", "2CC", "1CCC", "CCCC",
    "4C", "3CC", "2CCC", "1CCCC", "5C", "4CC", "3CCC", "5CC", "4CCC",
)  # fmt: skip
"""The 19 costs of Karsten's tables, in his shorthand: ``C`` is one pip of the color
in question (not ``{C}``), the number is generic mana."""

REFERENCE_LANDS: Final[Mapping[int, int]] = MappingProxyType({40: 17, 60: 25, 80: 35, 99: 41})
"""The land counts Karsten's tables assume, by deck size."""

_COLOR_KEYS: Final = "WUBRGC"
"""The keys pips are counted by: the five colors, then ``C`` for ``{C}``."""

_SHORTHAND = re.compile(r"(\d*)(C*)")

# A mulligan step: (cards put on the bottom, fewest lands kept, most lands kept),
# lands counted after bottoming. The 4-card hand is always kept.
_Step = tuple[int, int, int]
LONDON: Final[tuple[_Step, ...]] = ((0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, HAND_SIZE))
"""The London mulligan's steps (CR 103.5) as (cards bottomed, fewest lands kept,
most lands kept): keep 7 with 2-5 lands, 6 and 5 with 2-4, always 4."""
_FREE_SEVEN: Final[_Step] = (0, 3, 5)
COMMANDER_LONDON: Final[tuple[_Step, ...]] = (_FREE_SEVEN, *LONDON)
"""With Commander rules: first a free 7, kept with 3-5 lands (CR 103.5c)."""


def bottom_split(spells: int, count: int) -> tuple[int, int]:
    """The (spells, lands) a 7-card hand with ``spells`` spells puts on the bottom
    when it must bottom ``count`` cards, as the reference states it.

    >>> [bottom_split(spells, 3) for spells in (5, 4, 3, 2, 1, 0)]
    [(3, 0), (3, 0), (2, 1), (1, 2), (0, 3), (0, 3)]
    """
    if count == 0:
        return 0, 0
    if count == 1:  # keep 6: a spell with more than 3 spells, else a land
        return (1, 0) if spells > 3 else (0, 1)
    if count == 2:  # keep 5
        if spells > 3:
            return 2, 0
        return (1, 1) if spells == 3 else (0, 2)
    # keep 4: aim at 3 lands and 1 spell
    if spells > 3:
        return 3, 0
    if spells == 3:
        return 2, 1
    return (1, 2) if spells == 2 else (0, 3)


# -- costs ------------------------------------------------------------------------


@dataclass(frozen=True)
class Requirement:
    """What the model needs to know about a cost: its mana value ``M`` and the
    number ``P`` of pips of the one color in question.

    ``cost`` is the text shown for it (the canonical cost, or the reference
    shorthand such as ``"1CC"``); ``color`` is the letter whose pips were counted
    (``W``, ``U``, ``B``, ``R``, ``G``, or ``C`` for the colorless symbol ``{C}``), or
    ``None`` for the shorthand and for costs without pips.
    """

    cost: str
    mana_value: int
    pips: int
    color: str | None = None

    @classmethod
    def parse(cls, cost: ManaCost | str | Requirement, *, color: str | None = None) -> Requirement:
        """The requirement of a :class:`~mtgmana.ManaCost`, of cost text, or of the
        reference shorthand.

        Text without braces made only of digits and ``C`` is the reference shorthand
        (``"1CC"``: one generic, two pips of the color in question). Other text is
        parsed with :meth:`ManaCost.parse <mtgmana.ManaCost.parse>` in lenient mode.

        Pips of a real cost, per color: ``{B}`` counts 1 for B; a hybrid symbol
        (``{B/R}``, ``{C/B}``, ``{B/R/P}``) counts 1 for each of its colors, to be
        read against the sources of *either* color, as Karsten counts hybrid; a
        Phyrexian ``{B/P}`` counts 1 (the model pays mana, not life); ``{C}`` counts
        for ``C``. ``{2/B}`` counts 0: its generic half is already in the mana value,
        so ``M`` lands always pay it on curve. ``{X}`` is 0, ``{S}`` and the Un-set
        symbols other than half mana count as generic. ``P`` is the count of the
        most-demanded color (ties in WUBRG order, then ``C``) unless ``color`` names
        one. Gold cards: ask once per color (``color=``) and, as Karsten advises for
        real decks, add 1 to each requirement yourself; this model does not.

        >>> Requirement.parse("{1}{B}{B}")
        Requirement(cost='{1}{B}{B}', mana_value=3, pips=2, color='B')
        >>> Requirement.parse("2CC")
        Requirement(cost='2CC', mana_value=4, pips=2, color=None)
        >>> Requirement.parse("{2}{W}{U}{U}").pips, Requirement.parse("{W}{U}{U}", color="W").pips
        (2, 1)
        >>> Requirement.parse("{2/B}{2/B}{B}")
        Requirement(cost='{2/B}{2/B}{B}', mana_value=5, pips=1, color='B')
        """
        if isinstance(cost, Requirement):
            if color is not None and color.upper() != cost.color:
                raise MtgManaError(
                    f"the requirement {cost.cost!r} counts {cost.color or 'shorthand'} pips, "
                    f"not {color!r}"
                )
            return cost
        if isinstance(cost, str):
            text = cost.strip()
            if not text:
                raise MtgManaError(
                    "empty cost: give a mana cost such as '{1}{B}{B}' or the shorthand '1CC'"
                )
            match = _SHORTHAND.fullmatch(text)
            if match is not None:
                if color is not None:
                    raise MtgManaError(
                        f"the shorthand {text!r} has no color (C is the color in question); "
                        "give a cost such as '{1}{B}{B}' to choose a color"
                    )
                digits, pips = match.groups()
                if len(digits) > 6:
                    raise MtgManaError(f"generic mana {digits} in {text!r} is too large")
                generic = int(digits) if digits else 0
                return cls(text, generic + len(pips), len(pips), None)
            cost = ManaCost.parse(text, lenient=True)
        if not isinstance(cost, ManaCost):
            raise TypeError(f"cost must be a ManaCost or a str, not {type(cost).__name__}")
        return cls._of_cost(cost, color)

    @classmethod
    def _of_cost(cls, cost: ManaCost, color: str | None) -> Requirement:
        text = str(cost)
        if not cost.has_mana_cost:
            raise MtgManaError("no mana cost: a card without a mana cost can't be cast (CR 118.6)")
        value = cost.mana_value
        if isinstance(value, float):
            shown = "infinite" if math.isinf(value) else str(value)
            raise MtgManaError(
                f"the mana value of {text} is {shown}: the model needs a whole number"
            )
        counts = dict.fromkeys(_COLOR_KEYS, 0)
        for symbol in cost:
            if symbol.kind in ONE_MANA_KINDS:
                for half in symbol.halves:
                    if half in counts:
                        counts[half] += 1
        if color is not None:
            key = color.strip().upper()
            if len(key) != 1 or key not in _COLOR_KEYS:
                raise MtgManaError(
                    f"unknown color {color!r}: use W, U, B, R, G, or C for colorless {{C}}"
                )
            return cls(text, value, counts[key], key)
        best = max(_COLOR_KEYS, key=lambda k: counts[k])  # first of the maximum
        if counts[best] == 0:
            return cls(text, value, 0, None)
        return cls(text, value, counts[best], best)

    def __str__(self) -> str:
        return self.cost


def requirement(cost: ManaCost | str | Requirement, *, color: str | None = None) -> Requirement:
    """Shorthand for :meth:`Requirement.parse`.

    >>> requirement("CCC").pips
    3
    """
    return Requirement.parse(cost, color=color)


def target_for(mana_value: int) -> Fraction:
    """Karsten's target for a spell of mana value ``M``: ``(89 + M)%``.

    The reference gives 90% ... 96% for ``M`` = 1 ... 7. Beyond that the formula is
    continued up to 99% and stays there (a 100% target could only be met by a deck
    whose every land is a source); ``M = 0`` uses 90%, like ``M = 1``.

    >>> target_for(1), target_for(7), target_for(12)
    (Fraction(9, 10), Fraction(24, 25), Fraction(99, 100))
    """
    _check_count("mana value", mana_value)
    return Fraction(89 + min(max(mana_value, 1), 10), 100)


# -- results ----------------------------------------------------------------------


@dataclass(frozen=True)
class Castability:
    """The probability of casting a spell on a turn, exactly.

    ``p_unconditional`` is P(castable on turn ``T``), ``p_lands`` is P(at least ``M``
    lands among the cards seen by turn ``T``), and ``p_conditional`` their ratio
    (Karsten's number). ``exact`` is the one asked for (``conditional``), and
    ``probability`` it as a float.
    """

    deck_size: int
    lands: int
    sources: int
    cost: str
    color: str | None
    mana_value: int
    pips: int
    turn: int
    on_the_draw: bool
    commander: bool
    conditional: bool
    target: Fraction
    p_conditional: Fraction
    p_unconditional: Fraction
    p_lands: Fraction

    @property
    def exact(self) -> Fraction:
        """The probability asked for, as an exact rational."""
        return self.p_conditional if self.conditional else self.p_unconditional

    @property
    def probability(self) -> float:
        """The probability asked for, as a float."""
        return float(self.exact)

    @property
    def meets_target(self) -> bool:
        """Whether the probability reaches the target."""
        return self.exact >= self.target


@dataclass(frozen=True)
class SourcesNeeded:
    """The fewest sources that cast a spell on curve (or on ``turn``) with at least
    the target probability.

    ``sources`` is ``None`` when no count from 0 to ``lands`` reaches the target;
    ``exact`` is then the best probability (every land a source). ``curve[S]`` is
    the probability with ``S`` sources, for every ``S`` from 0 to ``lands``.
    """

    deck_size: int
    lands: int
    cost: str
    color: str | None
    mana_value: int
    pips: int
    turn: int
    on_the_draw: bool
    commander: bool
    conditional: bool
    target: Fraction
    sources: int | None
    exact: Fraction
    curve: tuple[Fraction, ...] = field(repr=False)

    @property
    def probability(self) -> float:
        """The probability with ``sources`` sources (the best one if unreached)."""
        return float(self.exact)

    @property
    def reached(self) -> bool:
        """Whether some number of sources reaches the target."""
        return self.sources is not None


# -- the exact model ---------------------------------------------------------------


class _Deck:
    """The mulligan and draw arithmetic for one deck shape: all integer counts.

    Probabilities are ``count / (hands ** steps * comb(N - 7, draws))``, where
    ``hands = comb(N, 7)`` is the number of 7-card hands and ``steps`` the number of
    mulligan steps: every step's hand is an independent fresh 7.
    """

    __slots__ = ("_rows", "_steps", "_tails", "_width", "denominator", "lands", "size")

    def __init__(self, size: int, lands: int, commander: bool, max_draws: int) -> None:
        self.size = size
        self.lands = lands
        self._steps = COMMANDER_LONDON if commander else LONDON
        self.denominator = math.comb(size, HAND_SIZE) ** len(self._steps)
        self._tails: dict[tuple[int, int, int], list[list[int]]] = {}
        self._rows: dict[int, list[int]] = {}
        self._width = max(HAND_SIZE, max_draws) + 1

    def _comb(self, n: int) -> list[int]:
        """``[comb(n, 0), comb(n, 1), ...]`` as far as hands and draws need."""
        row = self._rows.get(n)
        if row is None:
            row = self._rows[n] = [math.comb(n, k) for k in range(self._width)]
        return row

    def kept_hands(self, sources: int) -> list[tuple[int, int, list[tuple[int, int, int]]]]:
        """For each 7-card composition: (lands in it, sources left in the library,
        [(sources kept, lands kept, weight), ...]), weights over ``hands ** steps``."""
        size, lands = self.size, self.lands
        others = lands - sources  # lands that are not sources
        spells = size - lands
        hands = math.comb(size, HAND_SIZE)
        comb_s, comb_n, comb_sp = self._comb(sources), self._comb(others), self._comb(spells)
        compositions = []
        for s7 in range(min(sources, HAND_SIZE) + 1):
            for n7 in range(min(others, HAND_SIZE - s7) + 1):
                sp7 = HAND_SIZE - s7 - n7
                if sp7 > spells:
                    continue
                count = comb_s[s7] * comb_n[n7] * comb_sp[sp7]
                compositions.append((s7, n7, sp7, count))
        # Which hands each step keeps, and how many 7-card hands that is.
        kept: list[list[tuple[int, int]]] = []
        kept_counts = []
        for bottom, fewest, most in self._steps:
            step: list[tuple[int, int]] = []
            total = 0
            for s7, n7, sp7, count in compositions:
                _, bottom_lands = bottom_split(sp7, bottom)
                bottom_others = min(bottom_lands, n7)  # non-sources go first
                kept_sources = s7 - (bottom_lands - bottom_others)
                kept_lands = s7 + n7 - bottom_lands
                if fewest <= kept_lands <= most:
                    step.append((kept_sources, kept_lands))
                    total += count
                else:
                    step.append((-1, -1))
            kept.append(step)
            kept_counts.append(total)
        # Weight of reaching step k and keeping there: reach_k * hands ** (steps-1-k).
        last = len(self._steps) - 1
        reach = 1
        factors = []
        for k, total in enumerate(kept_counts):
            factors.append(reach * hands ** (last - k))
            reach *= hands - total
        result = []
        for index, (s7, n7, _, count) in enumerate(compositions):
            weights: dict[tuple[int, int], int] = {}
            for k, step in enumerate(kept):
                hand = step[index]
                if hand[0] >= 0:
                    weights[hand] = weights.get(hand, 0) + count * factors[k]
            if weights:
                entries = [(hs, hl, w) for (hs, hl), w in weights.items()]
                result.append((s7 + n7, sources - s7, entries))
        return result

    def tail(self, lands7: int, sources_left: int, draws: int) -> list[list[int]]:
        """``t[i][j]``: the ways to draw ``draws`` cards from the library with ``>= i``
        sources and ``>= j`` lands, after a 7 with ``lands7`` lands."""
        key = (lands7, sources_left, draws)
        table = self._tails.get(key)
        if table is not None:
            return table
        a = sources_left
        b = self.lands - lands7 - a  # non-source lands left
        c = self.size - self.lands - (HAND_SIZE - lands7)  # spells left
        comb_a, comb_b, comb_c = self._comb(a), self._comb(b), self._comb(c)
        width = draws + 1
        table = [[0] * width for _ in range(width)]
        zero = [0] * width
        below = zero
        for ds in range(min(a, draws), -1, -1):
            ways = comb_a[ds]
            # row[j]: at least j lands drawn, exactly ds of them sources
            row = [0] * width
            running = 0
            for dl in range(draws, ds - 1, -1):
                dn = dl - ds
                if dn <= b and draws - dl <= c:
                    running += ways * comb_b[dn] * comb_c[draws - dl]
                row[dl] = running
            for j in range(ds):
                row[j] = running
            table[ds] = [x + y for x, y in zip(row, below, strict=True)]
            below = table[ds]
        self._tails[key] = table
        return table

    def counts(
        self,
        hands: list[tuple[int, int, list[tuple[int, int, int]]]],
        pips: int,
        mana_value: int,
        draws: int,
    ) -> tuple[int, int]:
        """(games with >= pips sources and >= mana_value lands, games with >=
        mana_value lands) among the cards seen, over ``denominator * comb(N-7, draws)``."""
        both = enough = 0
        tail = self.tail
        for lands7, sources_left, entries in hands:
            table = tail(lands7, sources_left, draws)
            for hs, hl, weight in entries:
                j = mana_value - hl
                if j > draws:
                    continue
                if j < 0:
                    j = 0
                enough += weight * table[0][j]
                i = pips - hs
                if i <= draws:
                    both += weight * table[i if i > 0 else 0][j]
        return both, enough


def _check_count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MtgManaError(f"{name} must be a whole number, not {value!r}")
    if value < 0:
        raise MtgManaError(f"{name} can't be negative (got {value})")
    return value


def _check_deck(deck_size: object, lands: object) -> tuple[int, int]:
    size = _check_count("deck size", deck_size)
    land_count = _check_count("lands", lands)
    if size == 0:
        raise MtgManaError("empty deck: the deck size must be at least 7 (an opening hand)")
    if size < HAND_SIZE:
        raise MtgManaError(
            f"a {size}-card deck can't draw an opening hand of {HAND_SIZE} (CR 103.5)"
        )
    if size > MAX_DECK_SIZE:
        raise MtgManaError(f"a {size}-card deck is beyond this model's limit of {MAX_DECK_SIZE}")
    if land_count > size:
        raise MtgManaError(f"{land_count} lands don't fit in a {size}-card deck")
    if land_count == 0:
        raise MtgManaError(
            "a deck with no lands casts nothing in this model (lands are its only mana)"
        )
    return size, land_count


def _check_sources(sources: object, lands: int) -> int:
    count = _check_count("sources", sources)
    if count > lands:
        raise MtgManaError(f"{count} sources is more than the {lands} lands (sources are lands)")
    return count


def _plan(
    size: int,
    need: Requirement,
    turn: object,
    on_the_draw: bool,
    commander: bool | None,
) -> tuple[int, int, bool]:
    """(turn, draws, commander rules) for a spell, checked."""
    if turn is None:
        turn = max(need.mana_value, 1)
    turn = _check_count("turn", turn)
    if turn == 0:
        raise MtgManaError("turn 0 does not exist: turns count from 1")
    if turn > MAX_TURN:
        raise MtgManaError(f"turn {turn} is beyond this model's limit of turn {MAX_TURN}")
    rules = size in (99, 100) if commander is None else bool(commander)
    draws = turn - 1 + (1 if on_the_draw or rules else 0)
    if draws > size - HAND_SIZE:
        raise MtgManaError(
            f"a {size}-card deck runs out of cards: turn {turn} needs {HAND_SIZE} + {draws} "
            f"cards from the top of the library"
        )
    return turn, draws, rules


def _target(need: Requirement, target: Fraction | float | None) -> Fraction:
    if target is None:
        return target_for(need.mana_value)
    if isinstance(target, bool) or not isinstance(target, (int, float, Fraction)):
        raise MtgManaError(f"target must be a number between 0 and 1, not {target!r}")
    value = Fraction(repr(target)) if isinstance(target, float) else Fraction(target)
    if not 0 < value <= 1:
        raise MtgManaError(f"target must be a probability in (0, 1], not {target!r}")
    return value


def _ratio(both: int, enough: int, total: int, conditional: bool) -> Fraction:
    if conditional:
        return Fraction(both, enough) if enough else Fraction(0)
    return Fraction(both, total)


def castability(
    deck_size: int,
    lands: int,
    sources: int,
    cost: ManaCost | str | Requirement,
    *,
    turn: int | None = None,
    on_the_draw: bool = False,
    commander: bool | None = None,
    conditional: bool = True,
    color: str | None = None,
) -> Castability:
    """The probability of casting ``cost`` on ``turn`` (default: its mana value, at
    least 1) with ``sources`` sources among ``lands`` lands in a ``deck_size`` deck.

    ``commander`` defaults to on for 99- and 100-card decks. ``conditional`` picks
    Karsten's conditional probability (the default) or the unconditional one; both
    are in the result. Raises :class:`~mtgmana.MtgManaError` for impossible decks
    (fewer than 7 cards, no lands, more lands than cards, more sources than lands),
    turn 0, a deck too small for the draws, and costs that don't parse. A cost
    without pips is castable whenever the lands are there. A turn before the mana
    value gives 0 (one land a turn).

    >>> c = castability(60, 25, 14, "C")
    >>> c.probability > 0.9, c.meets_target
    (True, True)
    >>> round(castability(60, 25, 14, "C", conditional=False).probability, 4)
    0.9128
    >>> castability(60, 25, 10, "{2}{B}", turn=2).exact
    Fraction(0, 1)
    >>> castability(60, 25, 0, "{3}").exact
    Fraction(1, 1)
    """
    size, land_count = _check_deck(deck_size, lands)
    source_count = _check_sources(sources, land_count)
    need = Requirement.parse(cost, color=color)
    when, draws, rules = _plan(size, need, turn, on_the_draw, commander)
    deck = _Deck(size, land_count, rules, draws)
    both, enough = deck.counts(deck.kept_hands(source_count), need.pips, need.mana_value, draws)
    if when < need.mana_value:
        both = 0
    total = deck.denominator * math.comb(size - HAND_SIZE, draws)
    return Castability(
        deck_size=size,
        lands=land_count,
        sources=source_count,
        cost=need.cost,
        color=need.color,
        mana_value=need.mana_value,
        pips=need.pips,
        turn=when,
        on_the_draw=bool(on_the_draw),
        commander=rules,
        conditional=bool(conditional),
        target=target_for(need.mana_value),
        p_conditional=_ratio(both, enough, total, True),
        p_unconditional=_ratio(both, enough, total, False),
        p_lands=Fraction(enough, total),
    )


def _curves(
    size: int,
    land_count: int,
    needs: Sequence[Requirement],
    plans: Sequence[tuple[int, int, bool]],
    conditional: bool,
) -> list[list[Fraction]]:
    """Each need's probability for every number of sources ``S = 0 .. land_count``,
    in one pass over ``S`` (the kept hands of a deck shared by the needs with the
    same rules)."""
    decks: dict[bool, _Deck] = {}
    curves: list[list[Fraction]] = [[] for _ in needs]
    for sources in range(land_count + 1):
        hands: dict[bool, list[tuple[int, int, list[tuple[int, int, int]]]]] = {}
        for index, (need, (when, draws, rules)) in enumerate(zip(needs, plans, strict=True)):
            deck = decks.get(rules)
            if deck is None:
                most = max(d for _, d, r in plans if r == rules)
                deck = decks[rules] = _Deck(size, land_count, rules, most)
            kept = hands.get(rules)
            if kept is None:
                kept = hands[rules] = deck.kept_hands(sources)
            both, enough = deck.counts(kept, need.pips, need.mana_value, draws)
            if when < need.mana_value:
                both = 0
            total = deck.denominator * math.comb(size - HAND_SIZE, draws)
            curves[index].append(_ratio(both, enough, total, conditional))
    return curves


def sources_table(
    deck_size: int,
    lands: int,
    costs: Iterable[ManaCost | str | Requirement] = REFERENCE_COSTS,
    *,
    on_the_draw: bool = False,
    commander: bool | None = None,
    conditional: bool = True,
    turn: int | None = None,
    target: Fraction | float | None = None,
    color: str | None = None,
) -> tuple[SourcesNeeded, ...]:
    """:func:`sources_needed` for each cost (default: the 19 reference costs), with
    the whole curve of each computed exactly in one pass over ``S = 0 .. lands``.

    >>> [row.sources for row in sources_table(60, 25, ["C", "CC", "1CC"])]
    [14, 21, 18]
    """
    size, land_count = _check_deck(deck_size, lands)
    needs = [Requirement.parse(cost, color=color) for cost in costs]
    plans = [_plan(size, need, turn, on_the_draw, commander) for need in needs]
    targets = [_target(need, target) for need in needs]
    curves = _curves(size, land_count, needs, plans, conditional)
    rows = []
    for need, (when, _, rules), goal, curve in zip(needs, plans, targets, curves, strict=True):
        found = next((s for s, p in enumerate(curve) if p >= goal), None)
        rows.append(
            SourcesNeeded(
                deck_size=size,
                lands=land_count,
                cost=need.cost,
                color=need.color,
                mana_value=need.mana_value,
                pips=need.pips,
                turn=when,
                on_the_draw=bool(on_the_draw),
                commander=rules,
                conditional=bool(conditional),
                target=goal,
                sources=found,
                exact=curve[land_count if found is None else found],
                curve=tuple(curve),
            )
        )
    return tuple(rows)


def sources_needed(
    deck_size: int,
    lands: int,
    cost: ManaCost | str | Requirement,
    *,
    turn: int | None = None,
    on_the_draw: bool = False,
    commander: bool | None = None,
    conditional: bool = True,
    target: Fraction | float | None = None,
    color: str | None = None,
) -> SourcesNeeded:
    """The smallest number of sources (0 to ``lands``) that casts ``cost`` with at
    least the target probability (default ``(89 + M)%``, :func:`target_for`).

    When even ``lands`` sources fall short, ``sources`` is ``None`` and
    ``probability`` is the best one; a cost without pips needs 0 sources.

    >>> needed = sources_needed(60, 25, "{1}{B}{B}")
    >>> needed.sources, round(needed.probability, 4), needed.target
    (18, 0.9249, Fraction(23, 25))
    >>> short = sources_needed(40, 17, "CCCC", conditional=False)
    >>> short.sources, short.reached, round(short.probability, 4)
    (None, False, 0.7685)
    """
    (row,) = sources_table(
        deck_size,
        lands,
        [cost],
        on_the_draw=on_the_draw,
        commander=commander,
        conditional=conditional,
        turn=turn,
        target=target,
        color=color,
    )
    return row
