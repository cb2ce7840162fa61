"""Mana abilities whose costs take more than mana, life and a tap (CR 602.2b, 605):
"Sacrifice an artifact / a Goblin" (Krark-Clan Ironworks, Skirk Prospector), energy
(CR 107.14), cards discarded (CR 701.9) and cards exiled from the graveyard — and
what their sacrifices and discards put into the graveyard for a spell's delve (CR
601.2g before 601.2h, 702.66a) — planned by the tapper, checked against the brute
force (tests/tapping_oracle.py) and replayed through ``activate``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana.ability_text import spend_of
from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import ActivationCost, ManaAbility
from mtgmana.costs import ManaCost
from mtgmana.payment import CannotPay
from mtgmana.pool import ManaPool
from mtgmana.restrictions import Spend
from mtgmana.tapping import NotModelled, Plan, activate, can_pay, plan
from tapping_agreement import agreed_plan
from tapping_oracle import check_plan, optimum


def checked(cost: str, where: Board, **kw: Any) -> Plan:
    """The plan, the brute force's best levels, and its replay agree."""
    result = plan(cost, where, **kw)
    assert check_plan(result, cost, where, **kw) == optimum(cost, where, **kw)
    after, _ = result.apply(where, ManaPool(), life=kw.get("life", 20))
    assert after.energy == where.energy - sum(s.paid_with.energy for s in result.steps)
    return result


def with_ability(name: str, cost: ActivationCost, letters: str, text: str) -> Permanent:
    """A permanent named ``name`` whose only mana ability is ``cost: Add`` one of
    ``letters`` (for costs no real card in the tests is read with yet)."""
    ability = ManaAbility(cost, ManaAbility.simple(letters).production, text=text)
    return Permanent.named(name).with_state(abilities=(ability,), unsupported=())


def test_krark_clan_ironworks_sacrifices_artifacts_tokens_first() -> None:
    where = Board.parse("Krark-Clan Ironworks, Sol Ring, Treasure")
    result = checked("{4}", where)
    # Sol Ring taps for {C}{C}; the Treasure, a token, is what Ironworks eats.
    assert [where.permanent(i).name for i in result.sacrificed] == ["Treasure"]
    # Most: Sol Ring tapped, then all three eaten (Ironworks last, itself).
    assert can_pay("{8}", where)
    assert not can_pay("{9}", where)


def test_ironworks_may_sacrifice_itself() -> None:
    """ "Sacrifice an artifact" — Ironworks is one (CR 701.21a)."""
    where = Board.parse("Krark-Clan Ironworks")
    result = checked("{2}", where)
    assert result.sacrificed == (where.ids[0],)


def test_a_sacrificed_signet_was_activated_first_cr_602_2() -> None:
    """Ironworks may sacrifice Azorius Signet only after the Signet's own activation
    (a sacrificed permanent's abilities can't be activated, CR 602.2), so the mana of
    that sacrifice can't have paid the Signet's {1} (CR 605.3a: mana pays only what
    comes after it). With no land, Ironworks eats itself to pay the Signets."""
    signets = Board.parse("Krark-Clan Ironworks, Azorius Signet, Dimir Signet")
    result = checked("{W}{U}{U}{B}", signets)
    assert result.sacrificed == (signets.ids[0],)
    # {W}{U} + {U}{B} needs both Signets paid: only Ironworks' own {C}{C} can.
    assert not can_pay("{W}{U}{U}{B}{1}", signets)
    # Most: Ironworks eats Azorius Signet ({C}{C}), one {C} pays Dimir Signet ({U}{B}),
    # then Ironworks eats Dimir Signet and itself: 7 mana.
    assert can_pay("{7}", signets) and not can_pay("{8}", signets)
    lone = Board.parse("Krark-Clan Ironworks, Azorius Signet")
    checked("{W}{U}{1}", lone)  # Ironworks eats itself: {C}{C}, one pays the Signet
    assert not can_pay("{W}{U}{2}", lone)  # not the Signet it paid for
    assert can_pay("{4}", lone) and not can_pay("{5}", lone)


def test_a_signet_paid_by_another_before_it_is_eaten() -> None:
    """A cycle the relaxation "any order" would take — Ironworks eats the Simic
    Signet whose {G}{U} paid the Azorius Signet whose mana paid the Simic Signet —
    is no plan (CR 605.3a, 602.2); the tapper matches the brute force."""
    where = Board.parse("Krark-Clan Ironworks, Azorius Signet, Simic Signet, Island")
    for cost in ("{W}{U}{G}{U}{2}", "{W}{G}{U}{U}{4}", "{8}", "{W}{U}{G}{U}{C}{C}"):
        best = optimum(cost, where)
        assert can_pay(cost, where) == (best is not None), cost
        if best is not None:
            checked(cost, where)


def test_skirk_prospector_sacrifices_goblins_only() -> None:
    where = Board.parse("Skirk Prospector, Grizzly Bears")
    result = checked("{R}", where)
    assert where.permanent(result.sacrificed[0]).name == "Skirk Prospector"
    assert not can_pay("{R}{R}", where)  # the Bears aren't a Goblin


def test_energy_is_paid_from_what_you_have_cr_107_14() -> None:
    hub = with_ability(
        "Aether Hub",
        ActivationCost(tap=True, energy=1, text="{T}, Pay {E}"),
        "WUBRG",
        "{T}, Pay {E}: Add one mana of any color.",
    )
    result = checked("{W}", Board((hub,), energy=2))
    assert result.steps[0].paid_with.energy == 1
    with pytest.raises(CannotPay):
        plan("{W}", Board((hub,), energy=0))


def test_discarding_costs_cards_from_the_hand_cr_701_9() -> None:
    altar = with_ability(
        "Altar of the Lost",
        ActivationCost(discard=1, text="Discard a card"),
        "R",
        "Discard a card: Add {R}.",
    )
    where = Board((altar,), hand=2)
    result = checked("{R}{R}", where)
    assert sum(s.paid_with.discarded for s in result.steps) == 2
    assert not can_pay("{R}{R}{R}", where)
    after = activate(where, where.ids[0]).board
    assert (after.hand, after.graveyard) == (1, 1)  # the card went to the graveyard


def test_a_sacrificed_petal_is_in_the_graveyard_for_delve_cr_601_2g() -> None:
    cruise = spend_of("Treasure Cruise")
    where = Board.parse("Island, Lotus Petal", graveyard=5)
    # {7}{U}: the Island's {U}, the Petal's mana, then the Petal and five cards delved.
    result = checked("{7}{U}", where, spend=cruise)
    assert result.exiled == 6
    tokens = Board.parse("Island, Treasure", graveyard=5)  # a token isn't a card
    assert not can_pay("{7}{U}", tokens, spend=cruise)
    assert optimum("{7}{U}", tokens, spend=cruise) is None


def test_delve_with_an_altar_is_refused_not_guessed() -> None:
    """Which permanent "Sacrifice a creature" takes decides how many cards delve
    finds; that choice isn't modelled, so the tapper says so."""
    cruise = spend_of("Treasure Cruise")
    where = Board.parse("Island, Ashnod's Altar, Grizzly Bears", graveyard=4)
    with pytest.raises(NotModelled, match="delve"):
        plan("{7}{U}", where, spend=cruise)


CARDS = [
    "Krark-Clan Ironworks", "Sol Ring", "Treasure", "Lotus Petal", "Skirk Prospector",
    "Goblin Guide", "Mountain", "Island", "Springleaf Drum", "Grizzly Bears",
    "Ornithopter",
]  # fmt: skip
SYMBOLS = ["{R}", "{U}", "{1}", "{2}", "{X}", "{C}", "{U/R}", "{R/P}"]


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(CARDS), max_size=5))
    permanents = [
        Permanent.named(n, tapped=draw(st.integers(0, 5)) == 0, summoning_sick=draw(st.booleans()))
        for n in names
    ]
    cost = ManaCost.from_symbols(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4)))
    keywords = draw(st.sets(st.sampled_from(["improvise", "delve"])))
    return {
        "cost": str(cost),
        "board": Board(tuple(permanents), graveyard=draw(st.integers(0, 3))),
        "spend": Spend.spell("Instant", keywords=keywords),
        "life": draw(st.integers(0, 4)),
        "x": draw(st.integers(0, 2)) if cost.x_count else 0,
    }


@given(cases())
def test_sacrifice_costs_agree_with_brute_force(case: dict[str, Any]) -> None:
    cost, where = case["cost"], case["board"]
    kw = {"spend": case["spend"], "life": case["life"], "x": case["x"]}
    eaters = {"Krark-Clan Ironworks", "Skirk Prospector"} & {p.name for p in where.permanents}
    if eaters and case["spend"].keywords:
        try:  # refused when the sacrifice competes with improvise or delve
            can_pay(cost, where, **kw)
        except NotModelled:
            return
    result = agreed_plan(cost, where, **kw)
    if result is not None:
        result.apply(where, ManaPool(), life=case["life"])  # every step is legal


EATEN = [
    "Krark-Clan Ironworks", "Azorius Signet", "Simic Signet", "Dimir Signet", "Sol Ring",
    "Treasure", "Island", "Forest", "Ashnod's Altar", "Llanowar Elves", "Ornithopter",
]  # fmt: skip
EATEN_SYMBOLS = ["{W}", "{U}", "{G}", "{B}", "{1}", "{2}", "{C}", "{W/U}", "{G/U}"]


@given(
    st.lists(st.sampled_from(EATEN), min_size=1, max_size=4),
    st.lists(st.sampled_from(EATEN_SYMBOLS), min_size=1, max_size=5),
)
def test_ironworks_signets_and_altars_agree_with_brute_force(
    names: list[str], symbols: list[str]
) -> None:
    """Ironworks and Ashnod's Altar eating Signets, Sol Ring, Treasures and creatures
    — each only after its own activations (CR 602.2), the mana of a sacrifice paying
    only later activations (CR 605.3a): payability, the best plan's levels and the
    replay agree with the brute force (zero disagreements)."""
    where = Board.parse(", ".join(names))
    cost = "".join(symbols)
    best = optimum(cost, where)
    assert can_pay(cost, where) == (best is not None)
    if best is not None:
        checked(cost, where)


# -- "Discard your hand" (CR 701.9a) and "Activate only as an instant" (CR 602.5e) -----

COMMANDER = Spend.spell("Legendary Creature — Elf", zone="command")


def test_lions_eye_diamond_reads_exactly() -> None:
    diamond = Permanent.named("Lion's Eye Diamond")
    (ability,) = diamond.abilities
    assert ability.cost.discard_hand and ability.cost.sacrifice_self and not ability.cost.discard
    assert ability.only_as_instant and diamond.unsupported == ()
    assert any("CR 602.5e" in note for note in diamond.notes)
    assert str(ActivationCost(discard_hand=True, sacrifice_self=True)) == (
        "Sacrifice this, Discard your hand"
    )


def test_lions_eye_diamond_pays_for_a_spell_not_in_your_hand() -> None:
    """Activated with priority before the commander is cast (CR 602.5e), its mana
    floating: the whole hand is discarded (CR 701.9a), then the Diamond is gone."""
    where = Board.parse("Lion's Eye Diamond, Forest", hand=4)
    result = checked("{B}{B}{B}{G}", where, spend=COMMANDER)
    (diamond,) = [s for s in result.steps if s.card == "Lion's Eye Diamond"]
    assert diamond.paid_with.discarded == 4 and result.sacrificed == (0,)
    after, _ = result.apply(where, ManaPool())
    assert (after.hand, after.graveyard) == (0, 5)  # the hand and the Diamond
    assert not can_pay("{B}{B}{B}{B}{G}", where, spend=COMMANDER)


def test_lions_eye_diamond_cant_pay_for_a_spell_cast_from_your_hand() -> None:
    """It can't be activated while the spell is being cast (CR 605.3a, 602.5e), and
    activated before, it discards the spell (CR 701.9a)."""
    where = Board.parse("Lion's Eye Diamond", hand=3)
    for spend in (Spend.spell("Sorcery"), None):
        assert not can_pay("{R}", where, spend=spend)
        assert optimum("{R}", where, spend=spend) is None
    with pytest.raises(CannotPay):
        plan("{R}", where)
    assert can_pay("{R}", where, spend=Spend.ability("Artifact"))  # activated with priority


def test_discarding_an_empty_hand_is_legal() -> None:
    where = Board.parse("Lion's Eye Diamond", hand=0)
    result = checked("{U}{U}{U}", where, spend=COMMANDER)
    assert result.steps[0].paid_with.discarded == 0


def test_the_second_discard_your_hand_discards_nothing() -> None:
    """Lion's Eye Diamond, then Diamond Lion: the hand is gone by then (CR 701.9a)."""
    where = Board.parse("Lion's Eye Diamond, Diamond Lion", hand=5)
    result = checked("{W}{W}{W}{G}{G}{G}", where, spend=COMMANDER)
    assert sorted(s.paid_with.discarded for s in result.steps) == [0, 5]
    assert optimum("{W}{W}{W}{G}{G}{G}", where, spend=COMMANDER) == (3 + 4 + 3 * 5, 0, 0)
    sick = Board.parse("Lion's Eye Diamond", hand=5).add(
        Permanent.named("Diamond Lion", summoning_sick=True)
    )
    assert not can_pay("{W}{W}{W}{G}", sick, spend=COMMANDER)  # its {T} (CR 302.6)


def test_the_discarded_hand_is_there_for_delve_cr_601_2g() -> None:
    cruise = spend_of("Treasure Cruise", zone="graveyard")
    where = Board.parse("Island, Lion's Eye Diamond", hand=4)
    # {U} from the Island, {U}{U}{U} from the Diamond, then four cards and it delved
    result = checked("{7}{U}", where, spend=cruise)
    assert result.exiled == 4
    assert not can_pay("{7}{U}", where.with_state(hand=2), spend=cruise)


def test_what_discarding_the_hand_isnt_modelled_with() -> None:
    altar = with_ability(
        "Altar of the Lost",
        ActivationCost(discard=1, text="Discard a card"),
        "R",
        "Discard a card: Add {R}.",
    )
    where = Board((Permanent.named("Lion's Eye Diamond"), altar), hand=3)
    with pytest.raises(NotModelled, match="which goes first"):
        can_pay("{R}", where, spend=COMMANDER)
    guide = Board.parse("Lion's Eye Diamond", hand=3).add(
        Permanent.named("Simian Spirit Guide", zone="hand")
    )
    with pytest.raises(NotModelled, match="which goes first"):  # exiling the Guide
        can_pay("{R}", guide, spend=COMMANDER)
    upkeep = Spend.other_cost("cumulative upkeep")
    with pytest.raises(NotModelled, match="priority"):
        can_pay("{R}", Board.parse("Lion's Eye Diamond"), spend=upkeep)


def test_activating_the_diamond_by_hand_discards_the_cards_there_too() -> None:
    where = Board.parse("Lion's Eye Diamond", hand=2).add(
        Permanent.named("Simian Spirit Guide", zone="hand")
    )
    done = activate(where, where.ids[0], produce="{G}{G}{G}")
    assert (done.board.hand, done.board.graveyard) == (0, 4)  # 2 cards, the Guide, it
    assert done.board.permanents == ()


@given(
    st.lists(st.sampled_from(["Lion's Eye Diamond", "Diamond Lion", "Forest", "Sol Ring"]),
             max_size=4),
    st.integers(0, 3),
    st.sampled_from(["hand", "command", "graveyard"]),
    st.lists(st.sampled_from(["{G}", "{B}", "{1}", "{U/R}"]), min_size=1, max_size=4),
)  # fmt: skip
def test_discarding_the_hand_agrees_with_brute_force(
    names: list[str], hand: int, zone: str, symbols: list[str]
) -> None:
    where = Board(tuple(Permanent.named(n) for n in names), hand=hand, graveyard=1)
    cost = "".join(symbols)
    spend = Spend.spell("Instant", zone=zone, keywords=["delve"] if zone == "graveyard" else [])
    best = optimum(cost, where, spend=spend)
    assert can_pay(cost, where, spend=spend) == (best is not None)
    if best is not None:
        result = plan(cost, where, spend=spend)
        assert check_plan(result, cost, where, spend=spend) == best
        result.apply(where, ManaPool())


# -- counters removed as a cost, again and again (CR 602.2b, 605.3) -------------------


def test_a_storage_land_with_one_counter_pays_for_itself() -> None:
    """Dreadship Reef taps for {C}, which pays its own "{1}, Remove X storage counters"
    (no {T}: both abilities, CR 602.2): one counter is {U} or {B}, no more."""
    reef = Board((Permanent.named("Dreadship Reef", counters=1),))
    result = checked("{U}", reef)
    assert [(s.ability_index, s.counters) for s in result.steps] == [(0, 0), (1, 1)]
    assert not can_pay("{U}{B}", reef)
    assert not can_pay("{1}{U}", reef)  # its {C} pays the ability, not the spell
    with_island = Board((Permanent.named("Dreadship Reef", counters=1), Permanent.named("Island")))
    checked("{U}{U}", with_island)
    assert not can_pay("{U}{U}{U}", with_island)


def test_a_storage_land_never_removes_more_counters_than_it_has() -> None:
    """N counters are at most N mana, however many activations take them (the
    Island's {U} and the Steppe's {C} pay two activations' {1})."""
    for counters in range(5):
        where = Board(
            (Permanent.named("Saltcrusted Steppe", counters=counters), Permanent.named("Island"))
        )
        if counters:
            checked("{G}" * counters, where)
        assert not can_pay("{G}" * (counters + 1), where)
        assert optimum("{G}" * (counters + 1), where) is None


def test_counters_removed_one_at_a_time_cr_602_2b() -> None:
    """Pentad Prism's "Remove a charge counter: Add one mana of any color" has no {T}:
    activated once per counter (CR 602.2b), two counters two mana of two colors."""
    prism = Board((Permanent.named("Pentad Prism", counters=2),))
    result = checked("{W}{U}", prism)
    assert [s.counters for s in result.steps] == [1, 1]
    assert not can_pay("{W}{U}{B}", prism)
    assert not can_pay("{W}", Board((Permanent.named("Pentad Prism", counters=0),)))
    kin = Board((Permanent.named("Runaway Steam-Kin", counters=7),))  # three at a time
    assert can_pay("{R}" * 6, kin) and not can_pay("{R}" * 7, kin)


def test_two_activations_of_a_storage_land_can_waste_less() -> None:
    """ "{1}, Remove X": two activations of one counter each spend two mana that would
    be left over; one of two spends one (waste, the tapper's preference 4)."""
    where = Board(
        (
            Permanent.named("Dreadship Reef", counters=4),
            Permanent.named("Runaway Steam-Kin", counters=4),
            Permanent.named("Sunken Ruins"),
        )
    )
    result = checked("{U}{R}{U/B}", where)
    assert result.floating_after == ()


COUNTERED = [
    "Dreadship Reef", "Saltcrusted Steppe", "Fungal Reaches", "Pentad Prism",
    "Runaway Steam-Kin", "Workhorse", "Mage-Ring Network", "Mercadian Bazaar",
    "Petalmane Baku",
]  # fmt: skip
PLAIN = ["Island", "Swamp", "Forest", "Wastes", "Sol Ring", "Dimir Signet", "Sunken Ruins"]


@st.composite
def countered(draw: st.DrawFn) -> dict[str, Any]:
    # Two permanents with counters at most, and two others: the brute force tries
    # every split of every permanent's counters between its activations.
    permanents = []
    for name in draw(st.lists(st.sampled_from(COUNTERED), min_size=1, max_size=2)):
        most = 2 if name == "Petalmane Baku" else 4  # any one color: slow for the oracle
        permanents.append(Permanent.named(name, counters=draw(st.integers(0, most))))
    permanents += [Permanent.named(n) for n in draw(st.lists(st.sampled_from(PLAIN), max_size=2))]
    symbols = ["{U}", "{B}", "{G}", "{W}", "{R}", "{1}", "{2}", "{C}", "{U/B}"]
    cost = draw(st.lists(st.sampled_from(symbols), min_size=1, max_size=5))
    return {"cost": "".join(cost), "board": Board(tuple(permanents))}


@given(countered())
def test_counters_costs_agree_with_brute_force(case: dict[str, Any]) -> None:
    """Storage lands and other counters removed as a cost (0 to 4 counters): the
    tapper's payability and best plan are the brute force's, the counters removed
    in all never more than there are, and the plan replays through ``activate``."""
    cost, where = case["cost"], case["board"]
    best = optimum(cost, where)
    assert can_pay(cost, where) == (best is not None)
    if best is None:
        return
    result = plan(cost, where)
    assert check_plan(result, cost, where) == best  # counts each step's counters
    removed: dict[int, int] = {}
    for step in result.steps:
        removed[step.permanent] = removed.get(step.permanent, 0) + step.counters
    assert all(n <= where.permanent(i).counters for i, n in removed.items())
    result.apply(where, ManaPool())
