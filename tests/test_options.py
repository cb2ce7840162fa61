"""``tapping.options`` around its search (mtgmana.tapping._options; docs/options.md):
floating mana, arguments, the summary read by exact payability checks when the
frontier is too tangled to read it off, and what a time limit leaves exact
(CR 106.1, 106.4, 605.3a)."""

from __future__ import annotations

import pytest

from mtgmana.board import Board
from mtgmana.mana import Mana
from mtgmana.pool import ManaPool
from mtgmana.tapping import NotModelled, Options, can_pay, options
from mtgmana.tapping import _frontier_lazy as lazy

BOARDS = [
    "Swamp, Sunken Ruins, Azorius Signet, City of Brass",
    "3 Adarkar Wastes",
    "Sunken Ruins, Graven Cairns, Swamp",
    "Springleaf Drum, Llanowar Elves, Memnite",
    "Forest, Tropical Island, Karplusan Forest, Sol Ring, Treasure",
]


def _under(small: tuple[int, ...], big: tuple[int, ...]) -> bool:
    """Matching dominance: ``big``'s "any" covers what it lacks of each color."""
    lacking = sum(max(0, s - b) for s, b in zip(small[:5], big[:5], strict=True))
    return small[5] <= big[5] and big[6] - small[6] >= lacking


def test_floating_mana_is_where_the_frontier_starts() -> None:
    # The {G} floating pays Azorius Signet (CR 605.3a) or stays: both are options.
    found = options(Board.parse("Azorius Signet"), pool=[Mana.make("G")])
    assert found.options == ((1, 1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0, 0))
    assert (found.most["G"], found.most["W"], found.most_total) == (1, 1, 2)
    pool = ManaPool()
    pool.add_units([Mana.make("G")])
    assert options(Board.parse("Azorius Signet"), pool=pool).options == found.options
    assert options(Board.parse("Azorius Signet")).options == ((0,) * 7,)


def test_a_card_not_modelled_is_named_unless_partial() -> None:
    board = Board.parse("Forest, Food Chain")  # exiles a creature as its cost
    with pytest.raises(NotModelled, match="Food Chain"):
        options(board)
    assert options(board, partial=True).options == ((0, 0, 0, 0, 1, 0, 0),)


def test_doubling_cube_options_cr_701_10f() -> None:
    """Seven Forests make {G}x7, or with Doubling Cube {G}x8 (7 - 3 = 4, doubled); four
    Islands and Mystic Gate make {W}x4 only through the Cube (the Gate's {W}{W} and the
    Islands' {U}{U}{U} paying the Cube); Mishra's Workshop's {C}{C}{C} (artifact spells
    only) doubled gives {C}{C}{C} anything can spend (CR 106.6)."""
    assert options(Board.parse("7 Forest, Doubling Cube")).options == ((0, 0, 0, 0, 8, 0, 0),)
    gate = options(Board.parse("4 Island, Mystic Gate, Doubling Cube"))
    assert gate.most["W"] == 4 and gate.most_total == 5 and gate.complete
    assert (4, 0, 0, 0, 0, 0, 0) in gate.options
    shop = options(Board.parse("Mishra's Workshop, 3 Forest, Doubling Cube"))
    assert shop.options == ((0, 0, 0, 0, 3, 0, 0), (0, 0, 0, 0, 0, 3, 0))
    assert [r.card for r in shop.restricted] == ["Mishra's Workshop"]


@pytest.mark.parametrize("sources", BOARDS)
def test_past_the_caps_the_fallback_and_payability_give_the_same_answer(
    sources: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no pattern allowed, the frontier comes from the integer-coded fallback and
    the summary from exact payability checks (``_most_payable``): the same options
    and the same most of each type and in all as the exact search — "any" stays a
    lower bound (docs/options.md, section 4)."""
    board = Board.parse(sources)
    exact = options(board)
    monkeypatch.setattr(lazy, "MAX_PATTERNS", 0)
    fallback = options(board)
    assert fallback.options == exact.options and fallback.count == exact.count
    assert fallback.complete and fallback.most_exact
    assert fallback.most_total == exact.most_total
    for kind in "WUBRGC":
        assert fallback.most[kind] == exact.most[kind], kind
    assert fallback.most["any"] <= exact.most["any"]
    # And the summary is what the tapper pays: one more of the most is too many.
    assert can_pay("{1}" * exact.most_total, board)
    assert not can_pay("{1}" * (exact.most_total + 1), board)


@pytest.mark.parametrize("sources", BOARDS)
def test_out_of_time_nothing_is_claimed_exact(sources: str) -> None:
    """With no time at all, the frontier and the summary are both cut short and say
    so; what is listed is still on the frontier and the most of each type is a lower
    bound."""
    board = Board.parse(sources)
    exact = options(board)
    hurried = options(board, time_limit=0.0)
    assert isinstance(hurried, Options)
    assert not hurried.complete and hurried.truncated and not hurried.most_exact
    assert set(hurried.options) <= set(exact.options)
    assert hurried.most_total <= exact.most_total
    assert all(hurried.most[k] <= exact.most[k] for k in exact.most)


def test_a_generous_time_limit_changes_nothing() -> None:
    board = Board.parse(BOARDS[0])
    assert options(board, time_limit=60.0) == options(board)


def test_every_option_is_under_no_other() -> None:
    for sources in BOARDS:
        listed = options(Board.parse(sources)).options
        for a in listed:
            assert not [b for b in listed if b != a and _under(a, b)], (sources, a)
