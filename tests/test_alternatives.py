"""Paying besides mana, together with mana sources, exactly (CR 602.2b, 702.51a
convoke, 702.126a improvise, 702.66a delve): "Tap N untapped ... you control" costs
(Springleaf Drum, Birchlore Rangers), creatures tapped for a spell's convoke,
artifacts for its improvise, graveyard cards exiled for its delve — against the
independent brute force (tests/tapping_oracle.py) on random boards of real cards,
and named cases."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana import pay
from mtgmana.ability_text import spend_of
from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import ActivationCost, ManaAbility, PermanentFilter
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.payment import CannotPay
from mtgmana.pool import ManaPool
from mtgmana.restrictions import Spend
from mtgmana.tapping import Plan, can_pay, plan
from tapping_agreement import agreed_plan
from tapping_oracle import check_plan, optimum


def birchlore(**state: Any) -> Permanent:
    """Birchlore Rangers' mana ability: "Tap two untapped Elves you control: Add one
    mana of any color." (no {T}: summoning sickness doesn't stop it, CR 302.6)."""
    base = Permanent.named("Birchlore Rangers", **state)
    ability = ManaAbility(
        ActivationCost(
            tap_other="Elves", tap_count=2, tap_filter=PermanentFilter(subtypes=frozenset({"Elf"}))
        ),
        ManaAbility.simple("WUBRG").production,
        text="Tap two untapped Elves you control: Add one mana of any color.",
    )
    return base.with_state(abilities=(ability,))


def spell(*keywords: str, type_line: str = "Instant") -> Spend:
    return Spend.spell(type_line, keywords=keywords)


def replayed(result: Plan, where: Board, **kw: Any) -> None:
    """Replayed through activate(), then the cost less what convoke, improvise and
    delve paid is paid from the pool; nothing is tapped twice."""
    start = ManaPool()
    start.add_units(kw.get("pool", ()))
    after, left = result.apply(where, start, life=kw.get("life", 20))
    life = kw.get("life", 20) - result.damage - sum(s.paid_with.life for s in result.steps)
    paid = pay(result.mana_cost_left, left, life=max(life, 0), x=kw.get("x"))
    assert paid.life_paid == result.payment.life_paid
    tapped = list(result.tapped)
    assert len(tapped) == len(set(tapped)), "a permanent tapped twice"
    by_payment = [i for part in result.payment.assignment for i in part.paid_with.tapped]
    for i in by_payment:  # tapped in CR 601.2h: there and untapped after the steps
        assert not after.permanent(i).tapped


def checked(cost: str | ManaCost, where: Board, **kw: Any) -> Plan:
    result = plan(cost, where, **kw)
    oracle = {k: v for k, v in kw.items() if k != "spend"}
    assert check_plan(result, cost, where, spend=kw.get("spend"), **oracle) == optimum(
        cost, where, spend=kw.get("spend"), **oracle
    )
    replayed(result, where, **kw)
    assert can_pay(cost, where, **kw)
    return result


# -- named cases ------------------------------------------------------------------------


def test_convoke_taps_creatures_of_the_colors_cr_702_51a() -> None:
    stoke = spend_of("Stoke the Flames")  # {2}{R}{R}, convoke
    where = Board.parse("2 Mountain, Grizzly Bears, Goblin Guide")
    result = checked("{2}{R}{R}", where, spend=stoke)
    assert sorted(result.tapped) == [0, 1, 2, 3]
    assert not can_pay("{2}{R}{R}", where)  # without convoke: two Mountains
    # A green creature pays generic mana, not {R}.
    three = Board.parse("Mountain, Grizzly Bears, Goblin Guide")
    assert can_pay("{1}{R}{R}", three, spend=stoke)
    assert not can_pay("{R}{R}{R}", three, spend=stoke)
    with pytest.raises(CannotPay, match="needs 1 more mana"):
        plan("{2}{R}{R}", three, spend=stoke)


def test_a_summoning_sick_creature_may_convoke_cr_302_6() -> None:
    elves = Permanent.named("Llanowar Elves", summoning_sick=True)
    where = Board((elves, Permanent.named("Forest")))
    assert not can_pay("{G}{G}", where)
    result = checked("{G}{G}", where, spend=spell("convoke"))
    assert (
        result.payment.assignment[0].paid_with.tapped
        or result.payment.assignment[1].paid_with.tapped
    )


def test_a_creature_tapped_for_mana_cant_convoke() -> None:
    where = Board.parse("Llanowar Elves")
    checked("{G}", where, spend=spell("convoke"))
    with pytest.raises(CannotPay):
        plan("{G}{G}", where, spend=spell("convoke"))


def test_improvise_taps_artifacts_for_generic_mana_only_cr_702_126a() -> None:
    where = Board.parse("Island, Ornithopter, Ornithopter")
    whir = spend_of("Whir of Invention")
    checked("{2}{U}", where, spend=whir)
    assert not can_pay("{U}{U}", where, spend=whir)  # an artifact pays no {U}


def test_delve_exiles_graveyard_cards_cr_702_66a() -> None:
    cruise = spend_of("Treasure Cruise")
    where = Board.parse("Island", graveyard=7)
    result = checked("{7}{U}", where, spend=cruise)
    assert result.exiled == 7
    assert not can_pay("{7}{U}", Board.parse("Island", graveyard=6), spend=cruise)
    assert not can_pay("{U}{U}", where, spend=cruise)  # delve pays generic mana only


def test_x_may_be_convoked() -> None:
    where = Board.parse("Forest, 3 Grizzly Bears")
    assert can_pay("{X}{G}", where, x=3, spend=spell("convoke"))
    assert not can_pay("{X}{G}", where, x=4, spend=spell("convoke"))


def test_birchlore_taps_two_elves_itself_included() -> None:
    """ "Tap two untapped Elves you control" — no {T}: a summoning-sick Birchlore
    Rangers may be one of them (CR 302.6)."""
    where = Board((birchlore(summoning_sick=True), Permanent.named("Llanowar Elves")))
    result = checked("{U}", where)
    assert sorted(result.steps[0].tapped) == [0, 1]
    with pytest.raises(CannotPay):  # the Elves can't also tap for {G}
        plan("{U}{G}", where)
    assert can_pay("{G}", where)


def test_drum_and_convoke_dont_share_a_creature() -> None:
    where = Board.parse("Springleaf Drum, Grizzly Bears")
    # The Drum needs the Bears tapped, so convoke can't use it as well.
    assert not can_pay("{1}{1}", where, spend=spell("convoke"))
    assert can_pay("{1}", where, spend=spell("convoke"))


# -- against the brute force ------------------------------------------------------------

CARDS = [
    "Forest", "Mountain", "Island", "Plains", "Llanowar Elves", "Grizzly Bears",
    "Goblin Guide", "Ornithopter", "Springleaf Drum", "Sol Ring", "Eldrazi Spawn",
    "Birds of Paradise", "Treasure", "Tundra", "Signal Pest",
]  # fmt: skip
SYMBOLS = ["{W}", "{U}", "{R}", "{G}", "{1}", "{2}", "{X}", "{R/G}", "{2/G}", "{G/P}", "{C}"]


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(CARDS), max_size=5))
    permanents = [
        Permanent.named(n, tapped=draw(st.integers(0, 5)) == 0, summoning_sick=draw(st.booleans()))
        for n in names
    ]
    if draw(st.integers(0, 4)) == 0:
        permanents.append(birchlore(summoning_sick=draw(st.booleans())))
    cost = ManaCost.from_symbols(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4)))
    keywords = draw(st.sets(st.sampled_from(["convoke", "improvise", "delve"])))
    pool = [Mana.make(draw(st.sampled_from("WURGC"))) for _ in range(draw(st.integers(0, 2)))]
    return {
        "cost": cost,
        "board": Board(tuple(permanents), graveyard=draw(st.integers(0, 3))),
        "spend": Spend.spell("Instant", keywords=keywords),
        "pool": pool,
        "life": draw(st.integers(0, 4)),
        "x": draw(st.integers(0, 2)) if cost.x_count else 0,
    }


def test_a_treasure_rather_than_the_last_life_for_a_phyrexian_symbol_cr_704_5a() -> None:
    """Found by the thorough profile: at 2 life, {G/P} paid with 2 life loses the
    game (CR 704.5a), so the Treasure is sacrificed (preference 0 over 1-2)."""
    where = Board(
        (
            Permanent.named("Forest", tapped=True),
            Permanent.named("Forest", tapped=True),
            Permanent.named("Treasure"),
            birchlore(),
        )
    )
    result = plan("{G/P}", where, life=2)
    assert [step.card for step in result.steps] == ["Treasure"]
    assert check_plan(result, ManaCost.parse("{G/P}"), where, life=2) == optimum(
        "{G/P}", where, life=2, survive=True
    )


@given(cases())
def test_alternative_payments_agree_with_brute_force(case: dict[str, Any]) -> None:
    cost, where, spend = case["cost"], case["board"], case["spend"]
    kw = {"pool": case["pool"], "life": case["life"], "x": case["x"]}
    result = agreed_plan(cost, where, spend=spend, **kw)
    if result is not None:
        replayed(result, where, spend=spend, **kw)
