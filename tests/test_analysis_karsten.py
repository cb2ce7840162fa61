"""Exact castability (Karsten 2022): the published 60-card table cell for cell, the
40/80/99 tables, a brute-force check of the mulligan and draw arithmetic over every
ordering of small decks, property tests, and bad input."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana import ManaCost, ManaSyntaxError, MtgManaError
from mtgmana.analysis import (
    REFERENCE_COSTS,
    REFERENCE_LANDS,
    Requirement,
    castability,
    requirement,
    sources_needed,
    sources_table,
    target_for,
)

# Frank Karsten, "How Many Sources Do You Need to Consistently Cast Your Spells?
# A 2022 Update": 60 cards, 25 lands (shared/reference/karsten-2022.md).
PUBLISHED_60 = {
    "C": (1, 90, 14), "1C": (2, 91, 13), "CC": (2, 91, 21), "2C": (3, 92, 12),
    "1CC": (3, 92, 18), "CCC": (3, 92, 23), "3C": (4, 93, 10), "2CC": (4, 93, 16),
    "1CCC": (4, 93, 21), "CCCC": (4, 93, 24), "4C": (5, 94, 9), "3CC": (5, 94, 15),
    "2CCC": (5, 94, 19), "1CCCC": (5, 94, 22), "5C": (6, 95, 9), "4CC": (6, 95, 13),
    "3CCC": (6, 95, 17), "5CC": (7, 96, 12), "4CCC": (7, 96, 16),
}  # fmt: skip

# What this implementation computes for the other reference decks (regression
# values; monotone and sane, see below).
COMPUTED = {
    40: (9, 9, 14, 8, 12, 16, 7, 11, 14, 17, 6, 10, 13, 15, 6, 9, 11, 8, 10),
    80: (19, 18, 28, 16, 25, 32, 15, 23, 29, 34, 13, 20, 26, 31, 12, 19, 24, 17, 22),
    99: (19, 19, 30, 18, 28, 36, 16, 26, 33, 39, 15, 23, 30, 36, 14, 22, 28, 20, 26),
}


# -- the published table ---------------------------------------------------------


def test_the_published_60_card_table_is_reproduced_cell_for_cell() -> None:
    rows = sources_table(60, 25)
    assert [row.cost for row in rows] == list(REFERENCE_COSTS) == list(PUBLISHED_60)
    for row in rows:
        turn, percent, sources = PUBLISHED_60[row.cost]
        assert (row.turn, row.target, row.sources) == (turn, Fraction(percent, 100), sources)
        # the cell is the first one at the target: one source fewer misses it
        assert row.curve[sources] >= row.target > row.curve[sources - 1]
        assert row.exact == row.curve[sources]
        assert not row.commander and not row.on_the_draw and row.conditional


def test_the_issue_example_probability() -> None:
    result = castability(60, 25, 14, "{B}")
    assert round(result.probability, 4) == 0.9129
    assert result.exact == Fraction(1486482292848654305313, 1628372225864137946450)


@pytest.mark.parametrize("cost", REFERENCE_COSTS)
def test_sources_needed_agrees_with_the_table_and_with_castability(cost: str) -> None:
    turn, _, sources = PUBLISHED_60[cost]
    needed = sources_needed(60, 25, cost)
    assert (needed.turn, needed.sources) == (turn, sources)
    assert castability(60, 25, sources, cost).exact == needed.exact
    assert castability(60, 25, sources - 1, cost).meets_target is False


def test_braces_and_shorthand_give_the_same_numbers() -> None:
    for braces, shorthand in [("{1}{B}{B}", "1CC"), ("{G}", "C"), ("{4}{U}{U}{U}", "4CCC")]:
        a, b = castability(60, 25, 15, braces), castability(60, 25, 15, shorthand)
        assert a.exact == b.exact and a.color is not None and b.color is None


# -- the other decks -------------------------------------------------------------


@pytest.mark.parametrize("size", [40, 80, 99])
def test_other_reference_decks(size: int) -> None:
    rows = sources_table(size, REFERENCE_LANDS[size])
    assert tuple(row.sources for row in rows) == COMPUTED[size]
    assert all(row.commander is (size == 99) for row in rows)


@pytest.mark.parametrize("size", [40, 60, 80, 99])
def test_tables_are_monotone_and_sane(size: int) -> None:
    lands = REFERENCE_LANDS[size]
    rows = {row.cost: row for row in sources_table(size, lands)}
    for row in rows.values():
        assert row.sources is not None and 1 <= row.sources <= lands
        assert row.curve[0] == 0 and row.curve[lands] == 1  # all lands sources: certain
        assert all(a <= b for a, b in itertools.pairwise(row.curve))
        assert all(0 <= p <= 1 for p in row.curve)
    for cost, row in rows.items():
        # one more generic mana needs no more sources; one more pip needs more
        more_generic = _shorthand(_generic(cost) + 1, cost.count("C"))
        if more_generic in rows:
            assert rows[more_generic].sources <= row.sources  # type: ignore[operator]
        more_pips = _shorthand(_generic(cost), cost.count("C") + 1)
        if more_pips in rows:
            assert rows[more_pips].sources > row.sources  # type: ignore[operator]
    # bigger decks with proportionally more lands need more sources
    assert rows["C"].sources == {40: 9, 60: 14, 80: 19, 99: 19}[size]


def _generic(cost: str) -> int:
    digits = cost.rstrip("C")
    return int(digits) if digits else 0


def _shorthand(generic: int, pips: int) -> str:
    return (str(generic) if generic else "") + "C" * pips


def test_the_99_card_table_is_the_commander_rules() -> None:
    commander = sources_table(99, 41)
    plain = sources_table(99, 41, commander=False)
    assert all(row.commander for row in commander) and not any(row.commander for row in plain)
    # a free mulligan and an extra card only help
    for a, b in zip(commander, plain, strict=True):
        assert all(x >= y for x, y in zip(a.curve, b.curve, strict=True))
        assert a.sources <= b.sources  # type: ignore[operator]


# -- conditional, unconditional, play, draw, commander ----------------------------


def test_conditional_is_the_ratio_and_unconditional_is_lower() -> None:
    result = castability(60, 25, 16, "2CC")
    assert result.conditional and result.exact == result.p_conditional
    assert result.p_conditional == result.p_unconditional / result.p_lands
    assert result.p_unconditional < result.p_conditional
    other = castability(60, 25, 16, "2CC", conditional=False)
    assert not other.conditional and other.exact == result.p_unconditional
    assert other.p_conditional == result.p_conditional


def test_unconditional_targets_are_harder() -> None:
    conditional = sources_table(60, 25)
    unconditional = sources_table(60, 25, conditional=False)
    for a, b in zip(conditional, unconditional, strict=True):
        assert all(x >= y for x, y in zip(a.curve, b.curve, strict=True))
    # 25 lands miss the 4th land drop too often for 93% unconditionally
    assert unconditional[REFERENCE_COSTS.index("CCCC")].sources is None


@pytest.mark.parametrize("conditional", [True, False])
@pytest.mark.parametrize("size", [40, 60, 80])
def test_on_the_draw_is_never_worse(size: int, conditional: bool) -> None:
    lands = REFERENCE_LANDS[size]
    play = sources_table(size, lands, conditional=conditional)
    draw = sources_table(size, lands, conditional=conditional, on_the_draw=True)
    for a, b in zip(play, draw, strict=True):
        assert all(x <= y for x, y in zip(a.curve, b.curve, strict=True))
        assert b.on_the_draw and not a.on_the_draw
    if size == 60 and conditional:
        assert (play[0].sources, draw[0].sources) == (14, 13)  # C on the draw: one fewer


def test_commander_defaults() -> None:
    for size in (99, 100):
        assert castability(size, 40, 20, "C").commander
        assert not castability(size, 40, 20, "C", commander=False).commander
    for size in (40, 60, 98, 101):
        assert not castability(size, 17, 9, "C").commander
        assert castability(size, 17, 9, "C", commander=True).commander


def test_commander_draws_on_turn_1_whether_on_the_play_or_the_draw() -> None:
    a = castability(99, 41, 20, "1CC", on_the_draw=False)
    b = castability(99, 41, 20, "1CC", on_the_draw=True)
    assert a.exact == b.exact
    # and it is the same as one more draw without the free mulligan? no: it is more
    plain_draw = castability(99, 41, 20, "1CC", on_the_draw=True, commander=False)
    assert a.exact > plain_draw.exact


def test_turn_override() -> None:
    on_curve = castability(60, 25, 12, "2C")
    later = castability(60, 25, 12, "2C", turn=5)
    assert on_curve.turn == 3 and later.turn == 5
    assert later.target == on_curve.target == Fraction(92, 100)  # target follows M
    assert later.p_unconditional > on_curve.p_unconditional
    early = castability(60, 25, 12, "2C", turn=2)  # one land a turn: impossible
    assert early.exact == 0 and early.p_unconditional == 0 and early.p_lands > 0


def test_cost_without_pips_needs_no_sources() -> None:
    result = castability(60, 25, 0, "{3}")
    assert result.pips == 0 and result.color is None and result.exact == 1
    assert sources_needed(60, 25, "{3}").sources == 0
    assert sources_needed(60, 25, "3").sources == 0
    zero = castability(60, 25, 0, "{0}")
    assert zero.mana_value == 0 and zero.turn == 1 and zero.exact == 1


def test_targets() -> None:
    assert [target_for(m) for m in range(1, 8)] == [Fraction(89 + m, 100) for m in range(1, 8)]
    assert target_for(0) == Fraction(90, 100) and target_for(20) == Fraction(99, 100)
    assert sources_needed(60, 25, "C", target=0.95).target == Fraction(95, 100)
    assert sources_needed(60, 25, "C", target=Fraction(1, 2)).sources == 5


def test_deck_with_fewer_lands_than_the_mana_value() -> None:
    result = castability(40, 3, 3, "3C")
    assert result.p_lands == 0 and result.exact == 0  # documented: 0, not 0/0
    needed = sources_needed(40, 3, "3C")
    assert needed.sources is None and needed.probability == 0


# -- requirements (pips and mana value) -----------------------------------------


@pytest.mark.parametrize(
    ("cost", "mana_value", "pips", "color"),
    [
        ("{1}{B}{B}", 3, 2, "B"),
        ("1CC", 3, 2, None),
        ("CCCC", 4, 4, None),
        ("5", 5, 0, None),
        ("{W}{U}{U}", 3, 2, "U"),
        ("{W}{W}{U}{U}", 4, 2, "W"),  # ties: WUBRG order
        ("{B/R}{B/R}", 2, 2, "B"),  # hybrid counts for both colors
        ("{2/B}{2/B}{B}", 5, 1, "B"),  # {2/B}: its generic half is in the mana value
        ("{B/P}{B}", 2, 2, "B"),  # Phyrexian: the model pays mana
        ("{C}{C}{1}", 3, 2, "C"),  # colorless {C} needs colorless sources
        ("{X}{R}{R}", 2, 2, "R"),
        ("{S}{G}", 2, 1, "G"),
        ("2bb", 4, 2, "B"),  # lenient text
        (" 1CC ", 3, 2, None),
    ],
)
def test_requirement(cost: str, mana_value: int, pips: int, color: str | None) -> None:
    need = requirement(cost)
    assert (need.mana_value, need.pips, need.color) == (mana_value, pips, color)


def test_requirement_of_a_mana_cost_and_a_chosen_color() -> None:
    cost = ManaCost.parse("{1}{W}{U}{U}")
    assert Requirement.parse(cost) == Requirement("{1}{W}{U}{U}", 4, 2, "U")
    assert requirement(cost, color="w") == Requirement("{1}{W}{U}{U}", 4, 1, "W")
    assert requirement(cost, color="G").pips == 0
    assert castability(60, 25, 10, cost, color="W").pips == 1
    need = requirement("CC")
    assert requirement(need) is need and castability(60, 25, 20, need).pips == 2


# -- bad input ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((0, 0, 0, "C"), {}, "empty deck"),
        ((6, 2, 1, "C"), {}, "opening hand"),
        ((60, 0, 0, "C"), {}, "no lands"),
        ((60, 25, 26, "C"), {}, "more than the 25 lands"),
        ((60, 61, 10, "C"), {}, "61 lands don't fit in a 60-card deck"),
        ((60, -1, 0, "C"), {}, "can't be negative"),
        ((60, 25, -2, "C"), {}, "can't be negative"),
        ((60.0, 25, 14, "C"), {}, "whole number"),
        ((60, True, 1, "C"), {}, "whole number"),
        ((60, 25, 14, "C"), {"turn": 0}, "turn 0"),
        ((60, 25, 14, "C"), {"turn": -1}, "can't be negative"),
        ((60, 25, 14, "C"), {"turn": 2.5}, "whole number"),
        ((8, 4, 2, "C"), {"turn": 3}, "runs out of cards"),
        ((1001, 400, 200, "C"), {}, "limit of 1000"),
        ((60, 25, 14, "C"), {"turn": 31}, "limit of turn 30"),
        ((60, 25, 14, "{31}{B}"), {}, "limit of turn 30"),
        ((60, 25, 14, ""), {}, "empty cost"),
        ((60, 25, 14, "{HW}"), {}, "whole number"),
        ((60, 25, 14, "{∞}"), {}, "infinite"),
        ((60, 25, 14, "{B}"), {"color": "P"}, "unknown color"),
        ((60, 25, 14, "1CC"), {"color": "B"}, "shorthand"),
        ((60, 25, 14, "1" * 9 + "C"), {}, "too large"),
    ],
)
def test_bad_input_is_a_clear_error(args: tuple[object, ...], kwargs: dict[str, object],
                                    message: str) -> None:  # fmt: skip
    with pytest.raises(MtgManaError, match=message):
        castability(*args, **kwargs)  # type: ignore[arg-type]


def test_unparsable_costs_say_where() -> None:
    for text in ["{B", "{Q}", "1CX?", "{T}"]:
        with pytest.raises(ManaSyntaxError) as info:
            castability(60, 25, 14, text)
        assert isinstance(info.value, MtgManaError) and "^" in str(info.value)
    with pytest.raises(MtgManaError, match="no mana cost"):
        castability(60, 25, 14, ManaCost.parse(""))


def test_bad_targets() -> None:
    for target in (0, 1.5, -0.1, "0.9", True):
        with pytest.raises(MtgManaError, match="target"):
            sources_needed(60, 25, "C", target=target)  # type: ignore[arg-type]


def test_sources_table_checks_every_cost_before_computing() -> None:
    with pytest.raises(ManaSyntaxError):
        sources_table(60, 25, ["C", "{B"])
    assert sources_table(60, 25, []) == ()


def test_results_are_immutable() -> None:
    result = castability(60, 25, 14, "C")
    with pytest.raises(AttributeError):
        result.sources = 3  # type: ignore[misc]
    assert hash(requirement("1CC")) == hash(Requirement("1CC", 3, 2, None))


# -- brute force: every ordering of a small deck ---------------------------------


def _brute_force(
    size: int, lands: int, sources: int, pips: int, mana_value: int, turn: int, *,
    on_the_draw: bool = False, commander: bool = False,
) -> tuple[Fraction, Fraction]:  # fmt: skip
    """(P(castable), P(>= M lands seen)) by enumerating every ordering of the deck
    (as a sequence of card kinds: every distinct one is equally likely) for each
    mulligan, following the reference file literally with actual cards: the hand
    is the top 7, bottomed cards go under the library, draws come off the top."""
    kinds = []
    for source_places in itertools.combinations(range(size), sources):
        rest = [i for i in range(size) if i not in source_places]
        for other_places in itertools.combinations(rest, lands - sources):
            deck = ["spell"] * size
            for i in source_places:
                deck[i] = "source"
            for i in other_places:
                deck[i] = "land"
            kinds.append(deck)
    orderings = len(kinds)
    assert orderings == math.comb(size, sources) * math.comb(size - sources, lands - sources)
    steps: list[tuple[int, int, int]] = [(0, 3, 5)] if commander else []
    steps += [(0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, 7)]
    draws = turn - 1 + (1 if on_the_draw or commander else 0)
    reach = Fraction(1)
    castable = enough = Fraction(0)
    for bottom, fewest, most in steps:
        kept = 0
        for deck in kinds:
            hand, library = list(deck[:7]), list(deck[7:])
            spells = hand.count("spell")
            if bottom == 1:
                out = ["spell"] if spells > 3 else ["land"]
            elif bottom == 2:
                out = ["spell"] * 2 if spells > 3 else ["land", "spell"] if spells == 3 else [
                    "land"] * 2  # fmt: skip
            elif bottom == 3:
                out = {0: ["land"] * 3, 1: ["land"] * 3, 2: ["land", "land", "spell"],
                       3: ["land", "spell", "spell"]}.get(spells, ["spell"] * 3)  # fmt: skip
            else:
                out = []
            for card in out:
                if card == "land":  # non-source lands go first
                    card = "land" if "land" in hand else "source"
                hand.remove(card)
                library.append(card)
            land_count = sum(card != "spell" for card in hand)
            if not fewest <= land_count <= most:
                continue
            kept += 1
            seen = hand + library[:draws]
            seen_lands = sum(card != "spell" for card in seen)
            if seen_lands >= mana_value:
                enough += reach / orderings
                if seen.count("source") >= pips and turn >= mana_value:
                    castable += reach / orderings
        reach *= 1 - Fraction(kept, orderings)
    assert reach == 0  # the 4-card hand is always kept
    return castable, enough


SMALL_CASES = [
    # size, lands, sources, pips, mana value, turn, on the draw, commander
    (10, 4, 2, 1, 1, 1, False, False),
    (10, 4, 2, 2, 2, 2, False, False),
    (10, 4, 2, 2, 3, 3, False, False),
    (10, 4, 2, 1, 2, 3, True, False),
    (10, 4, 1, 1, 2, 2, False, True),
    (10, 5, 3, 2, 2, 2, True, True),
    (11, 5, 3, 3, 3, 4, False, False),
    (11, 6, 2, 2, 4, 4, False, True),
    (12, 5, 4, 2, 3, 3, True, False),
    (12, 7, 3, 3, 4, 5, False, False),
    (9, 3, 3, 1, 1, 2, False, False),
    (10, 8, 5, 3, 3, 3, False, False),
]


@pytest.mark.parametrize("case", SMALL_CASES)
def test_brute_force_over_every_ordering(case: tuple[int, int, int, int, int, int, bool, bool]
                                         ) -> None:  # fmt: skip
    size, lands, sources, pips, mana_value, turn, on_the_draw, commander = case
    cost = _shorthand(mana_value - pips, pips)
    result = castability(size, lands, sources, cost, turn=turn, on_the_draw=on_the_draw,
                         commander=commander)  # fmt: skip
    castable, enough = _brute_force(size, lands, sources, pips, mana_value, turn,
                                    on_the_draw=on_the_draw, commander=commander)  # fmt: skip
    assert result.p_unconditional == castable
    assert result.p_lands == enough
    assert result.p_conditional == castable / enough


def test_brute_force_turn_before_the_mana_value() -> None:
    castable, enough = _brute_force(10, 4, 2, 1, 3, 2)
    result = castability(10, 4, 2, "2C", turn=2)
    assert castable == result.exact == 0 and result.p_lands == enough > 0


# -- properties -----------------------------------------------------------------


@st.composite
def decks(draw: st.DrawFn) -> tuple[int, int, int, str, int, bool, bool]:
    size = draw(st.integers(7, 100))
    lands = draw(st.integers(1, size))
    sources = draw(st.integers(0, lands))
    pips = draw(st.integers(0, 4))
    generic = draw(st.integers(0, 4))
    commander = draw(st.booleans()) and size > 7
    on_the_draw = draw(st.booleans()) and size > 7
    most = size - 7 + 1 - (1 if on_the_draw or commander else 0)  # draws <= size - 7
    turn = draw(st.integers(1, max(1, min(most, 9))))
    cost = _shorthand(generic, pips) or "0"
    return size, lands, sources, cost, turn, on_the_draw, commander


@given(decks())
def test_probabilities_are_probabilities_and_grow_with_sources(
    deck: tuple[int, int, int, str, int, bool, bool],
) -> None:
    size, lands, sources, cost, turn, on_the_draw, commander = deck
    kwargs = {"turn": turn, "on_the_draw": on_the_draw, "commander": commander}
    result = castability(size, lands, sources, cost, **kwargs)  # type: ignore[arg-type]
    for p in (result.p_conditional, result.p_unconditional, result.p_lands):
        assert 0 <= p <= 1
    assert result.p_unconditional <= result.p_lands
    assert 0 <= result.probability <= 1
    if sources < lands:
        more = castability(size, lands, sources + 1, cost, **kwargs)  # type: ignore[arg-type]
        assert more.p_conditional >= result.p_conditional
        assert more.p_unconditional >= result.p_unconditional
        assert more.p_lands == result.p_lands  # mulligans look at land counts only
    if result.pips == 0 and turn >= result.mana_value:
        assert result.p_unconditional == result.p_lands


@given(decks())
def test_one_more_card_never_hurts_unconditionally(
    deck: tuple[int, int, int, str, int, bool, bool],
) -> None:
    size, lands, sources, cost, turn, _, _ = deck
    if 7 + turn > size:  # the draw needs one more card in the library
        return
    play = castability(size, lands, sources, cost, turn=turn, commander=False)
    draw = castability(size, lands, sources, cost, turn=turn, commander=False, on_the_draw=True)
    assert draw.p_unconditional >= play.p_unconditional
    assert draw.p_lands >= play.p_lands
