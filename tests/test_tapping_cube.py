"""Doubling Cube in the tapper (CR 605.1a, 605.3a, 701.10f, 106.3, 106.6): exact plans,
proven against the independent brute force (tests/tapping_oracle.py), which tries the
Cube at every point of every order of the activations; plans replayed through
``activate``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgmana import pay
from mtgmana.board import Board, Permanent
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana, Source
from mtgmana.payment import CannotPay
from mtgmana.pool import ManaPool
from mtgmana.restriction_text import parse_restriction
from mtgmana.restrictions import Spend, SpendKind, spells
from mtgmana.tapping import NotModelled, Plan, activate, can_pay, max_x, options, plan
from tapping_agreement import agreed_plan
from tapping_oracle import check_plan, optimum

CREATURES_ONLY = spells(types={"Creature"})
ARTIFACT = Spend.spell("Artifact", mana_cost="{4}")


def replayed(result: Plan, cost: str | ManaCost, where: Board, **kw: Any) -> None:
    """The plan replayed step by step through :meth:`Plan.apply` (the Cube's step
    doubles the replayed pool), then the cost paid from what is left."""
    start = ManaPool()
    start.add_units(kw.get("pool", ()))
    after, pool = result.apply(where, start, life=kw.get("life", 20))
    life = kw.get("life", 20) - result.damage - sum(s.paid_with.life for s in result.steps)
    paid = pay(cost, pool, life=max(life, 0), x=kw.get("x"), spend=kw.get("spend"))
    assert paid.life_paid == result.payment.life_paid
    assert all(after.permanent(i).tapped for i in result.tapped if i not in result.sacrificed)


def checked(cost: str, where: Board, **kw: Any) -> Plan:
    result = plan(cost, where, **kw)
    assert check_plan(result, cost, where, **kw) == optimum(cost, where, **kw)
    replayed(result, cost, where, **kw)
    assert can_pay(cost, where, **kw)
    return result


def cubes(result: Plan) -> list[int]:
    return [i for i, s in enumerate(result.steps) if s.card == "Doubling Cube"]


# -- the rules' examples ---------------------------------------------------------------


def test_106_6_example_restricted_mana_doubled_is_unrestricted() -> None:
    """CR 106.6 (seed 001): {R}{G} "only to cast creature spells", doubled: {R}{R}{G}{G},
    {R}{G} of which can be spent on anything — through activate, as a plan replays it."""
    pool = ManaPool()
    cavern = Source(9, "Cavern")
    pool.add_units(
        [Mana.make(t, source=cavern, restriction=CREATURES_ONLY) for t in "RGC"]
    )  # the {C} pays the {3} with two more units below
    pool.add_units([Mana.make("W"), Mana.make("W")])
    board = Board.parse("Doubling Cube")
    spend = [u for u in pool.units if u.type.symbol in ("{W}", "{C}")]
    with pytest.raises(CannotPay):  # restricted mana doesn't pay an activation (106.6)
        activate(board, 0, pool=pool, pay=spend)
    pool = ManaPool()
    pool.add_units([Mana.make(t, source=cavern, restriction=CREATURES_ONLY) for t in "RG"])
    pool.add_units([Mana.make("C") for _ in range(3)])
    done = activate(board, 0, pool=pool, produce="{R}{G}")
    assert str(done.pool).startswith("{R}{R}{G}{G}")
    assert [u.restriction for u in done.produced] == [None, None]
    assert [u.source for u in done.produced] == [Source(0, "Doubling Cube")] * 2
    assert pay(
        "{R}{G}", done.pool.units, spend=Spend(SpendKind.SPELL, cost=ManaCost.parse("{R}{G}"))
    )
    assert done.board.permanent(0).tapped


def test_106_6_example_in_a_plan() -> None:
    """The same through the tapper: with {R}{G} for creatures only floating and three
    Wastes, an instant's {R}{R}{G}{G}... can't be paid — its {R}{G} is the Cube's — but
    {R}{G} can (the Cube's copies), and a creature's {R}{R}{G}{G} too."""
    floating = [Mana.make(t, restriction=CREATURES_ONLY) for t in "RG"]
    board = Board.parse("3 Wastes, Doubling Cube")
    result = checked("{R}{G}", board, pool=floating)
    assert len(cubes(result)) == 1
    assert sorted(u.type.value for u in result.steps[cubes(result)[0]].produces) == ["G", "R"]
    with pytest.raises(CannotPay):
        plan("{R}{R}{G}{G}", board, pool=floating)
    creature = Spend.spell("Creature — Elf", mana_cost="{R}{R}{G}{G}")
    assert can_pay("{R}{R}{G}{G}", board, pool=floating, spend=creature)


def test_seed_000_cumulative_upkeep_wording() -> None:
    """Seed 000 (CR of 2015): {1}{U} for cumulative upkeep only, doubled: {2}{U}{U}, {1}{U}
    of which can be spent on anything (the {1} is colorless mana)."""
    upkeep = parse_restriction("Spend this mana only to pay cumulative upkeep costs.")
    floating = [Mana.make(t, restriction=upkeep) for t in "CU"]
    board = Board.parse("3 Wastes, Doubling Cube")
    result = checked("{1}{U}", board, pool=floating)
    step = result.steps[cubes(result)[0]]
    assert sorted(u.type.value for u in step.produces) == ["C", "U"]
    with pytest.raises(CannotPay):
        plan("{2}{U}{U}", board, pool=floating)


def test_701_10f_each_type_doubled() -> None:
    result = checked("{G}{G}{G}{G}{G}{G}{W}{W}", Board.parse("4 Forest, 3 Plains, Doubling Cube"))
    assert len(cubes(result)) == 1
    assert max_x("{X}", Board.parse("7 Forest, Doubling Cube")) == 8  # 7 - 3 = 4, doubled


def test_a_filter_after_the_cube_can_do_better() -> None:
    """Not everything before the Cube: the filter land turns a doubled {U} into {W}{W}
    after it (CR 605.3a: any order). Seven Islands make {U}x7; the Cube's {3} leaves
    {U}x4, doubled {U}x8; the Gate then pays {U} for {W}{W}: {W}{W} and {U}x7. With the
    Gate first, {W}{W}{W}{W} and only {U}x6."""
    board = Board.parse("7 Island, Mystic Gate, Doubling Cube")
    cost = "{W}{W}" + "{U}" * 7
    result = plan(cost, board)
    assert check_plan(result, cost, board) == (0, 0, 0)
    replayed(result, cost, board)
    order = [s.card for s in result.steps]
    assert order.index("Mystic Gate") > order.index("Doubling Cube")


def test_two_cubes() -> None:
    board = Board.parse("7 Forest, Doubling Cube, Doubling Cube")
    result = checked("{9}", board)
    assert len(cubes(result)) == 2  # 7 - 3 = 4 -> 8 - 3 = 5 -> 10
    assert max_x("{X}", board) == 10


def test_the_cube_is_used_only_when_it_helps() -> None:
    board = Board.parse("7 Forest, Doubling Cube")
    assert cubes(checked("{7}", board)) == []  # doubling would leave mana unused
    assert cubes(checked("{G}", board)) == []


def test_snow_isnt_doubled() -> None:
    """The Cube's mana is the Cube's (CR 106.3): not snow."""
    board = Board.parse("7 Snow-Covered Forest, Doubling Cube")
    checked("{S}{S}{S}{S}{4}", board)
    with pytest.raises(CannotPay):
        plan("{S}{S}{S}{S}{S}{3}", board)


def test_whats_not_modelled_with_a_cube_is_refused() -> None:
    for board in (
        Board.parse("Doubling Cube, Springleaf Drum, Llanowar Elves"),
        Board.parse("Doubling Cube, Mana Reflection, Forest"),
    ):
        with pytest.raises(NotModelled, match=r"Doubling Cube|Mana Reflection|Springleaf"):
            can_pay("{G}", board)
    # a tapped Cube is nothing to plan: the board is planned as usual
    assert can_pay("{G}", Board.parse("Doubling Cube [tapped], Springleaf Drum, Llanowar Elves"))


# -- exactness against brute force -------------------------------------------------------

NAMES = [
    "Forest", "Island", "Plains", "Tundra", "Snow-Covered Forest", "Wastes", "Sol Ring",
    "Azorius Signet", "Golgari Signet", "Mystic Gate", "Sunken Ruins", "Treasure",
    "Mishra's Workshop", "Eldrazi Temple", "Adarkar Wastes", "Lotus Petal",
    "Llanowar Elves", "Birds of Paradise",
]  # fmt: skip
SYMBOLS = [
    "{W}", "{U}", "{G}", "{C}", "{1}", "{2}", "{3}", "{4}", "{W/U}", "{2/W}", "{G/P}", "{S}",
    "{X}",
]  # fmt: skip


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    cubes = draw(st.sampled_from([1, 1, 1, 2]))
    names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6 - cubes))
    names += ["Doubling Cube"] * cubes
    permanents = [
        Permanent.named(n, tapped=draw(st.integers(0, 6)) == 0)
        for n in draw(st.permutations(names))
    ]
    pool = [
        Mana.make(
            draw(st.sampled_from("WUGC")),
            snow=draw(st.integers(0, 3)) == 0,
            restriction=CREATURES_ONLY if draw(st.integers(0, 3)) == 0 else None,
        )
        for _ in range(draw(st.integers(0, 3)))
    ]
    cost = ManaCost.from_symbols(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4)))
    return {
        "cost": cost,
        "board": Board(tuple(permanents)),
        "pool": pool,
        "life": draw(st.integers(1, 6)),
        "x": draw(st.integers(0, 3)) if cost.x_count else 0,
        "spend": ARTIFACT if draw(st.integers(0, 3)) == 0 else None,
    }


@settings(max_examples=max(1, settings().max_examples // 2))  # the brute force is slow: half
@given(cases())
def test_the_cube_tapper_agrees_with_brute_force(case: dict[str, Any]) -> None:
    """Payability, the optimal levels (sacrifice, damage + life, unused mana) and a
    legal replay, on random boards with one or two Doubling Cubes (zero
    disagreements)."""
    cost, where = case["cost"], case["board"]
    kw = {k: case[k] for k in ("pool", "life", "x")}
    if case["spend"] is not None:
        kw["spend"] = case["spend"]
    result = agreed_plan(cost, where, **kw)
    if result is not None:
        replayed(result, cost, where, **kw)


OPTION_NAMES = [
    "Forest", "Island", "Plains", "Tundra", "Sol Ring", "Azorius Signet", "Mystic Gate",
    "Treasure", "Mishra's Workshop", "Birds of Paradise",
]  # fmt: skip


def _most_by_oracle(board: Board, symbol: str) -> int:
    n = 0
    while optimum(symbol * (n + 1), board) is not None:
        n += 1
    return n


@settings(max_examples=max(1, settings().max_examples // 4))  # a brute force per count
@given(st.lists(st.sampled_from(OPTION_NAMES), min_size=2, max_size=4), st.sampled_from("WUGC"))
def test_options_with_a_cube_agree_with_brute_force(names: list[str], kind: str) -> None:
    """``options`` with a Doubling Cube: the most of a type and in all is the brute
    force's (zero disagreements), and every option listed is payable."""
    board = Board.parse(", ".join([*names, "Doubling Cube"]))
    found = options(board)
    assert found.complete and found.most_exact
    assert found.most_total == _most_by_oracle(board, "{1}")
    assert found.most[kind] == _most_by_oracle(board, "{" + kind + "}"), kind
    for vector in found.options[:3]:
        if sum(vector) and not vector[6]:
            cost = "".join(("{" + k + "}") * n for k, n in zip("WUBRGC", vector, strict=False))
            assert optimum(cost, board) is not None, (names, vector)


def test_serve_plans_and_lists_options_with_a_cube() -> None:
    """``serve``'s ``tap`` and ``options`` answer for a Cube board (no "not
    modelled"), and the plan replays through ``activate`` on the session."""
    import io
    import json

    from mtgmana.cli.serve import serve

    requests: list[dict[str, Any]] = [
        {"op": "board", "sources": "7 Forest, Doubling Cube"},
        {"op": "tap", "cost": "{8}", "pool": "session"},
        {"op": "options"},
    ]
    out = io.StringIO()
    serve([json.dumps(r) for r in requests], out)
    _, tapped, listed = (json.loads(line) for line in out.getvalue().splitlines())
    assert tapped["payable"] and "ignored" not in tapped
    assert listed["most"]["G"] == 8 and listed["complete"]
    requests += [{"op": "activate", **s["activate"]} for s in tapped["steps"]]
    requests.append({"op": "pay", "cost": "{8}", "pool": "session"})
    out = io.StringIO()
    serve([json.dumps(r) for r in requests], out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all("error" not in a for a in answers), answers
    assert answers[-1]["payable"] is True and answers[-1]["remaining"] == []


def test_cannot_pay_says_the_cube_was_tried() -> None:
    with pytest.raises(CannotPay, match="without Doubling Cube; activating it anywhere"):
        plan("{9}", Board.parse("7 Forest, Doubling Cube"))


def test_out_of_budget_the_plan_is_cut_short_and_payability_stays_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past ``MAX_CUBE_SOLVES`` the best plan found is returned, ``cut_short`` (it
    still replays); past ``MAX_CUBE_STATES`` without a time limit, whether a cost
    that needs the Cube pays isn't guessed: ``SearchTooLong``."""
    from mtgmana.tapping import SearchTooLong
    from mtgmana.tapping import _doubling as doubling

    board = Board.parse("4 Island, Mystic Gate, Azorius Signet, Doubling Cube")
    monkeypatch.setattr(doubling, "MAX_CUBE_SOLVES", 1)
    result = plan("{W}{W}{W}{W}{U}", board)
    assert result.cut_short
    replayed(result, "{W}{W}{W}{W}{U}", board)
    assert not plan("{U}", board).cut_short  # the plan without the Cube is the best
    monkeypatch.setattr(doubling, "MAX_CUBE_STATES", 1)
    with pytest.raises(SearchTooLong):
        can_pay("{W}{W}{W}{W}{W}{W}", board)
    assert can_pay("{U}", board)  # no Cube needed: answered at once


def _ticking(monkeypatch: pytest.MonkeyPatch, tick: float) -> None:
    """A clock that moves ``tick`` seconds each time it is read: the searches'
    time limits then fall at the same point on any machine."""
    import time

    now = [0.0]

    def clock() -> float:
        now[0] += tick
        return now[0]

    monkeypatch.setattr(time, "process_time", clock)


def test_a_time_limit_bounds_the_cube_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the limit the best plan found so far (``cut_short``, still replays); until
    a plan is known each solve may go on to twice the limit (never a guess: past it
    :class:`SearchTooLong`). The Cube is needed: five {W} without it make four."""
    from mtgmana.tapping import SearchTooLong

    board = Board.parse("3 Island, Tundra, Mystic Gate, Azorius Signet, Sol Ring, Doubling Cube")
    cost = "{W}{W}{W}{W}{W}{U}"
    # Half a millisecond a reading: the searches read the clock only so often
    # (the flow every 8th path, the search every 8th node), so a reading stands
    # for that much work.
    _ticking(monkeypatch, 5e-4)
    with pytest.raises(SearchTooLong):
        plan(cost, board, time_limit=0.001)
    result = plan(cost, board, time_limit=0.05)
    replayed(result, cost, board)
    monkeypatch.undo()
    assert result.cut_short and result != plan(cost, board)
