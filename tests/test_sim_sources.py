"""The simulation's fast castability check (mtgmana.analysis.simulation._sources and
_payer): sources compiled into units, costs into demands (CR 107.4), and
Hall's theorem on a board key — checked against the exact auto-tapper
(mtgmana.tapping.can_pay, CR 601.2g-h, 605) on random boards of real lands and
rocks with random costs, with static effects (CR 613: Chromatic Lantern,
Urborg, Blood Moon) decided on the permanents as the effects make them, and with
sources whose mana depends on the battlefield (Axebane Guardian, Overgrown
Battlement, Faeburrow Elder, Arbor Adherent, Gaea's Cradle, devotion, domain)
resolved on it: zero disagreements."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana.analysis.simulation._payer import Payer
from mtgmana.analysis.simulation._sources import compile_source, tapper_can_pay
from mtgmana.analysis.simulation._units import (
    GENERIC,
    SNOW,
    SpellCost,
    demand_variants,
    either,
    paid_with_mana,
)
from mtgmana.board import Permanent
from mtgmana.board.abilities import (
    ANY_COLOR,
    ActivationCost,
    Choice,
    ManaAbility,
    PermanentFilter,
    Production,
)
from mtgmana.board.effects import ContinuousEffect, Layer
from mtgmana.colors import Color, ManaType
from mtgmana.costs import ManaCost
from mtgmana.restrictions import Spend

# Real lands and rocks of every kind the check knows: one-mana sources, painlands,
# bundles (Sol Ring, bounce lands), restricted mana (CR 106.6), Signets and filter
# lands (abilities that cost mana), a choice of bundles, "could produce" sources
# (CR 106.7) and sources it leaves to the tapper (conditions, devotion).
POOL = (
    "Forest", "Island", "Plains", "Swamp", "Mountain", "Wastes", "Snow-Covered Forest",
    "Tundra", "Breeding Pool", "Sol Ring", "Orzhov Signet", "Izzet Signet",
    "Talisman of Dominance", "Mystic Gate", "Twilight Mire", "Adarkar Wastes",
    "Command Tower", "Arcane Signet", "Cavern of Souls", "Ancient Ziggurat",
    "Pillar of the Paruns", "Exotic Orchard", "Gemstone Caverns", "Gruul Turf",
    "Coveted Jewel", "Treasure", "Conduit Pylons", "Sunscorched Divide", "Llanowar Elves",
    "Birds of Paradise", "Reflecting Pool", "Cactus Preserve", "Tainted Field",
    "Nykthos, Shrine to Nyx", "Hashep Oasis", "Mind Stone", "Thriving Isle", "Fellwar Stone",
    "Wall of Roots", "Cascade Bluffs", "Gaea's Cradle", "Axebane Guardian",
    "Horizon of Progress", "Cloudpost", "Temple of the False God",
)  # fmt: skip
# Sources whose mana depends on the battlefield (._modal), with creatures of
# several toughnesses (the card data has none: given here) and sources whose other
# costs the simulation's battlefields can't pay (energy, a graveyard: CR 122.1).
DYNAMIC_POOL = (
    "Forest", "Plains", "Swamp", "Island", "Tundra", "Gruul Turf", "Sol Ring",
    "Orzhov Signet", "Mystic Gate", "Twilight Mire", "Command Tower", "Cavern of Souls",
    "Treasure", "Birds of Paradise", "Llanowar Elves", "Sylvan Caryatid", "Wall of Roots",
    "Axebane Guardian", "Overgrown Battlement", "Faeburrow Elder", "Bloom Tender",
    "Arbor Adherent", "Gaea's Cradle", "Karametra's Acolyte", "Elvish Archdruid",
    "Priest of Titania", "Meteor Crater", "Prismatic Geoscope", "Aether Hub", "Molt Tender",
    "Marwyn, the Nurturer", "Vivid Crag", "Gemstone Mine",
)  # fmt: skip
# Sources resolved on each battlefield (._modal): conditions on the battlefield
# (CR 602.5b), storage and charge counters, amounts read from the board and mana
# costs together (Nykthos, Magus of the Coffers, Selvala), costs that tap or
# sacrifice other permanents (Springleaf Drum, Jaspera Sentinel, The Golden Throne,
# Ashnod's Altar, Krark-Clan Ironworks), several restricted mana from one
# activation (Eldrazi Temple, Vedalken Engineer, Shrine of the Forsaken Gods), and
# the plain lands, dorks and rocks they share battlefields with.
MODAL_POOL = (
    "Forest", "Swamp", "Island", "Plains", "Mountain", "Wastes", "Tundra", "Sol Ring",
    "Arcane Signet", "Orzhov Signet", "Mystic Gate", "Treasure", "Llanowar Elves",
    "Birds of Paradise", "Temple of the False God", "Tainted Peak", "Tainted Field",
    "Spire of Industry", "Shrine of the Forsaken Gods", "Urza's Tower", "Urza's Mine",
    "Urza's Power Plant", "River of Tears", "Leafkin Druid", "Cloudpost",
    "Saltcrusted Steppe", "Dreadship Reef", "Mage-Ring Network", "Molten Slagheap",
    "Crucible of the Spirit Dragon", "Crypt of Agadeem", "Magus of the Coffers",
    "Nykthos, Shrine to Nyx", "Selvala, Heart of the Wilds", "Springleaf Drum",
    "Jaspera Sentinel", "The Golden Throne", "Lazotep Quarry", "Ashnod's Altar",
    "Phyrexian Altar", "Krark-Clan Ironworks", "Kykar, Wind's Fury", "Eldrazi Temple",
    "Vedalken Engineer", "Mind Stone", "Everflowing Chalice", "Mage-Ring 3", "Storage 2",
    "Crucible 2", "Reef 1",
)  # fmt: skip
_COUNTERS = {
    "Storage 2": ("Saltcrusted Steppe", 2),
    "Crucible 2": ("Crucible of the Spirit Dragon", 2),
    "Reef 1": ("Dreadship Reef", 1),
    "Mage-Ring 3": ("Mage-Ring Network", 3),
}
TOUGHNESS = {"Llanowar Elves": 1, "Sylvan Caryatid": 3, "Wall of Roots": 5, "Bloom Tender": 2,
             "Axebane Guardian": 3, "Marwyn, the Nurturer": 1}  # fmt: skip
COSTS = (
    "{C}{C}{C}", "{7}", "{R}{R}", "{G}{W}{W}", "{B}{B}{B}{B}", "{U}{B}", "{2}{C}",
    "{G}", "{1}{G}", "{U}{U}", "{W}{U}", "{2}{W}{B}", "{1}{B/P}{B/P}", "{G/W}{G/W}",
    "{2/W}{2/W}", "{C}", "{C}{C}{1}", "{S}{S}", "{3}{R}{R}", "{4}", "{6}", "{W}{U}{B}{R}{G}",
    "{1}{U/R}", "{H}", "{W/U/P}", "{5}{G}{G}", "{R}{W}", "{B}{B}{B}", "{C/W}{1}", "{X}{R}",
    "{2}{G}{U}", "{W}{B}", "{1}", "{W}", "{2/W}", "{W}{U}{G}{G}", "{W}{U}{B}{G}", "{G}{G}",
    "{W}{G}{G}", "{U}", "{W}{G}", "{W}{W}", "{W}{W}{G}{G}", "{U}{U}{U}{U}{U}", "{W}{G}{G}{G}",
    "{1}{G}{G}", "{W}{U}{G}",
)  # fmt: skip
SPEND_TYPES = ("Creature — Elf", "Sorcery", "Instant", "Artifact", "Creature — Eldrazi Dragon")


def _permanent(name: str) -> Permanent:
    if name in _COUNTERS:  # a storage land with counters on it
        real, counters = _COUNTERS[name]
        return Permanent.named(real, counters=counters)
    if name == "Everflowing Chalice":
        return Permanent.named(name, counters=2)
    if name == "Cavern of Souls":
        return Permanent.named(name, chosen_type="Elf")
    if name == "Thriving Isle":
        return Permanent.named(name, chosen_color=ManaType("B"))
    if name == "Marwyn, the Nurturer":
        return Permanent.named(name, power=2, toughness=1)
    if name in ("Vivid Crag", "Gemstone Mine"):  # with the counters it enters with (CR 122.6)
        return Permanent.named(name, counters=2 if name == "Vivid Crag" else 3)
    return Permanent.named(name, toughness=TOUGHNESS.get(name, 0))


# Static effects (CR 613), written out so that they don't depend on the card data.
_LANDS = PermanentFilter(card_types=frozenset({"Land"}))
_ANY = ManaAbility(ActivationCost(tap=True), Production((Choice((ANY_COLOR,)),)),
                   text="{T}: Add one mana of any color.")  # fmt: skip
STATICS = {
    "Chromatic Lantern": ContinuousEffect(_LANDS, Layer.ABILITY, grants=(_ANY,)),
    "Urborg, Tomb of Yawgmoth": ContinuousEffect(
        PermanentFilter(card_types=frozenset({"Land"}), controller="any"),
        Layer.TYPE,
        frozenset({"Swamp"}),
    ),
    "Blood Moon": ContinuousEffect(
        PermanentFilter(
            card_types=frozenset({"Land"}),
            controller="any",
            excluded_supertypes=frozenset({"Basic"}),
        ),
        Layer.TYPE,
        frozenset({"Mountain"}),
        set_types=True,
    ),
}
STATIC_POOL = (*POOL, *STATICS)


def _template(name: str) -> Permanent:
    if name in STATICS:
        return Permanent.named(name).with_state(statics=(STATICS[name],))
    return _permanent(name)


@cache
def _payer(pool: tuple[str, ...] = POOL) -> Payer:
    identity = Color.parse("WUB")
    opponent = tuple(Permanent.named(n, controller="opponent") for n in ("Plains", "Island"))
    classes = [
        compile_source(_template(name), commander_colors=identity, opponent=opponent)
        for name in pool
    ]
    costs = []
    for text in COSTS:
        printed = ManaCost.parse(text)
        cost = printed.choose_x(2) if printed.x_count else printed
        for type_line in SPEND_TYPES:
            spend = Spend.spell(type_line, mana_cost=printed, cost=cost, name="a spell")
            costs.append(SpellCost.of(cost, spend))
    return Payer(classes, costs, identity, opponent)


def _decide(picks: list[int], s: int, pool: tuple[str, ...] = POOL) -> tuple[bool | None, bool]:
    """The fast answer on the board ``picks`` (as the games key it; by its
    identity when it has static effects) and the tapper's."""
    payer = _payer(pool)
    key = payer.canon(sum(payer.increments[c] for c in picks))
    answer, _ = payer.answer(key, None, s)
    if answer is None and any(payer.classes[c].static for c in picks):
        answer = payer.static_answer(sum(payer.identity(c) for c in picks), s)
    board = payer.board([picks.count(c) for c in range(len(pool))])
    spell = payer.costs[s]
    return answer, tapper_can_pay(spell.cost, board, spell.spend)


@given(
    st.lists(st.integers(0, len(POOL) - 1), max_size=7),
    st.lists(st.integers(0, len(COSTS) * len(SPEND_TYPES) - 1), min_size=1, max_size=3),
)
def test_the_fast_check_agrees_with_the_tapper(picks: list[int], costs: list[int]) -> None:
    for s in costs:
        answer, truth = _decide(picks, s)
        if answer is not None:
            assert answer == truth, ([POOL[c] for c in picks], _payer().costs[s].cost)


@given(
    st.lists(st.integers(0, len(POOL) - 1), max_size=6),
    st.lists(st.integers(len(POOL), len(STATIC_POOL) - 1), min_size=1, max_size=2),
    st.lists(st.integers(0, len(COSTS) * len(SPEND_TYPES) - 1), min_size=1, max_size=3),
)
def test_boards_with_static_effects_agree_with_the_tapper(
    picks: list[int], statics: list[int], costs: list[int]
) -> None:
    for s in costs:
        answer, truth = _decide(picks + statics, s, STATIC_POOL)
        if answer is not None:
            assert answer == truth, ([STATIC_POOL[c] for c in picks + statics],
                                     _payer(STATIC_POOL).costs[s].cost)  # fmt: skip


@given(
    st.lists(st.integers(0, len(DYNAMIC_POOL) - 1), max_size=7),
    st.lists(st.integers(0, len(COSTS) * len(SPEND_TYPES) - 1), min_size=1, max_size=3),
)
def test_dynamic_sources_agree_with_the_tapper(picks: list[int], costs: list[int]) -> None:
    for s in costs:
        answer, truth = _decide(picks, s, DYNAMIC_POOL)
        if answer is not None:
            assert answer == truth, ([DYNAMIC_POOL[c] for c in picks],
                                     _payer(DYNAMIC_POOL).costs[s].cost)  # fmt: skip


@given(
    st.lists(st.integers(0, len(MODAL_POOL) - 1), max_size=8),
    st.lists(st.integers(0, len(COSTS) * len(SPEND_TYPES) - 1), min_size=1, max_size=3),
)
def test_modal_sources_agree_with_the_tapper(picks: list[int], costs: list[int]) -> None:
    for s in costs:
        answer, truth = _decide(picks, s, MODAL_POOL)
        if answer is not None:
            assert answer == truth, ([MODAL_POOL[c] for c in picks],
                                     _payer(MODAL_POOL).costs[s].cost,
                                     _payer(MODAL_POOL).costs[s].spend)  # fmt: skip


@pytest.mark.parametrize(
    "board, cost, expected",
    [
        # X = 3 creatures with defender: three mana in any combination of colors
        (["Axebane Guardian", "Sylvan Caryatid", "Wall of Roots"], "{W}{U}{B}{R}{G}", True),
        (["Axebane Guardian", "Overgrown Battlement"], "{W}{U}{G}{G}", True),
        (["Axebane Guardian", "Overgrown Battlement"], "{W}{U}{B}{G}", False),
        (["Overgrown Battlement", "Llanowar Elves"], "{1}{G}", True),  # one defender: {G}
        (["Overgrown Battlement"], "{G}{G}", False),
        # For each color among permanents you control (CR 105.2): Faeburrow is G and W
        (["Faeburrow Elder", "Forest"], "{W}{G}{G}", True),
        (["Faeburrow Elder", "Forest"], "{U}", False),
        (["Bloom Tender", "Plains"], "{W}{G}", True),  # the Plains is colorless
        (["Bloom Tender", "Plains"], "{W}{W}", False),
        (["Bloom Tender", "Faeburrow Elder"], "{W}{W}{G}{G}", True),
        # X mana of any ONE color, X the greatest toughness among other creatures: 5
        (["Arbor Adherent", "Wall of Roots"], "{U}{U}{U}{U}{U}", True),
        (["Arbor Adherent", "Wall of Roots"], "{W}{U}", False),
        (["Arbor Adherent", "Arbor Adherent", "Sylvan Caryatid"], "{6}", True),
        (["Arbor Adherent", "Arbor Adherent"], "{W}{U}", True),  # each sees X = 0: one of any
        (["Gaea's Cradle", "Llanowar Elves", "Birds of Paradise"], "{W}{G}{G}{G}", True),
        (["Gaea's Cradle"], "{1}", False),  # no creature: no mana (CR 106.5)
        (["Karametra's Acolyte", "Llanowar Elves"], "{1}{G}{G}", True),  # devotion 2 (CR 700.5)
        (["Prismatic Geoscope", "Tundra", "Forest"], "{W}{U}{G}", True),  # three land types
        (["Meteor Crater", "Plains"], "{G}", False),  # no colored permanent
        (["Meteor Crater", "Llanowar Elves"], "{G}{G}", True),
        (["Marwyn, the Nurturer"], "{G}{G}", True),  # its power, 2
        # No energy, no graveyard on the simulation's battlefields: {C} only / no mana.
        (["Aether Hub"], "{C}", True),
        (["Aether Hub"], "{W}", False),
        (["Molt Tender", "Forest"], "{1}{G}", False),
        # The counters it enters with (CR 122.6), not used up: any color, once a turn.
        (["Vivid Crag", "Forest"], "{W}{G}", True),
        (["Vivid Crag", "Gemstone Mine"], "{U}{U}", True),
        (["Vivid Crag"], "{U}{U}", False),
    ],
)
def test_dynamic_sources_are_decided_without_the_tapper(
    board: list[str], cost: str, expected: bool
) -> None:
    payer = _payer(DYNAMIC_POOL)
    s = COSTS.index(cost) * len(SPEND_TYPES) + 1  # cast as a sorcery
    picks = [DYNAMIC_POOL.index(name) for name in board]
    answer, truth = _decide(picks, s, DYNAMIC_POOL)
    assert answer is expected and truth is expected, payer.costs[s].cost


@pytest.mark.parametrize(
    "board, cost, expected",
    [
        (["Wastes", "Chromatic Lantern"], "{W}{U}", True),  # the Wastes makes any color
        (["Mind Stone", "Chromatic Lantern"], "{W}{U}", False),  # not a land
        (["Reflecting Pool", "Chromatic Lantern"], "{W}", True),
        (["Forest", "Island", "Urborg, Tomb of Yawgmoth"], "{B}{B}{B}", True),  # Swamps
        (["Tundra", "Blood Moon"], "{W}", False),  # a Mountain only (CR 305.7)
        (["Tundra", "Plains", "Blood Moon"], "{R}{W}", True),
    ],
)
def test_static_effects_are_decided_without_the_tapper(
    board: list[str], cost: str, expected: bool
) -> None:
    payer = _payer(STATIC_POOL)
    s = COSTS.index(cost) * len(SPEND_TYPES) + 1  # cast as a sorcery
    picks = [STATIC_POOL.index(name) for name in board]
    answer, truth = _decide(picks, s, STATIC_POOL)
    assert answer is expected and truth is expected, payer.costs[s].cost


@pytest.mark.parametrize(
    "board, cost, expected",
    [
        (["Forest", "Island", "Sol Ring"], "{2}{G}{U}", True),  # Sol Ring: two units of {C}
        (["Forest", "Orzhov Signet"], "{W}{B}", True),  # the Forest pays the Signet
        (["Orzhov Signet", "Izzet Signet"], "{1}", False),  # no mana to start with
        (["Plains", "Mystic Gate"], "{U}{U}", True),  # the Plains pays the filter
        (["Mystic Gate", "Mystic Gate"], "{W}", False),  # a filter can't pay itself
        (["Ancient Ziggurat", "Forest"], "{1}{G}", False),  # a sorcery: creature mana only
        (["Reflecting Pool", "Island"], "{U}{U}", True),  # CR 106.7
        (["Reflecting Pool", "Reflecting Pool"], "{1}", False),
        (["Mountain", "Mountain", "Mountain"], "{1}{B/P}{B/P}", True),  # 4 life
        (["Forest", "Forest"], "{2/W}", True),  # {2/W} as {2}
    ],
)
def test_boards_the_check_decides_without_the_tapper(
    board: list[str], cost: str, expected: bool
) -> None:
    payer = _payer()
    s = COSTS.index(cost) * len(SPEND_TYPES) + 1  # cast as a sorcery
    picks = [POOL.index(name) for name in board]
    answer, truth = _decide(picks, s)
    assert answer is expected and truth is expected, payer.costs[s].cost


def test_sources_compile_by_what_their_abilities_do() -> None:
    def kind(name: str) -> str:
        return compile_source(_permanent(name), commander_colors=None).kind

    assert kind("Forest") == kind("Sol Ring") == kind("Treasure") == "simple"
    assert compile_source(Permanent.named("Sol Ring"), commander_colors=None).units == (32, 32)
    assert kind("Orzhov Signet") == kind("Mystic Gate") == kind("Coveted Jewel") == "modal"
    assert kind("Cavern of Souls") == kind("Ancient Ziggurat") == "restricted"
    assert kind("Reflecting Pool") == kind("Horizon of Progress") == "reflecting"
    assert kind("Nykthos, Shrine to Nyx") == kind("Tainted Field") == "modal"
    assert kind("Mana Flare") == "exotic"  # a triggered mana ability: the tapper decides
    assert kind("Evolving Wilds") == "none"
    # Gemstone Caverns makes any color only with its luck counter.
    plain = compile_source(Permanent.named("Gemstone Caverns"), commander_colors=None)
    lucky = compile_source(Permanent.named("Gemstone Caverns", counters=1), commander_colors=None)
    assert plain.units == (32,) and lucky.units == (31,)
    # Exotic Orchard: what the opponent's lands could produce (CR 106.7).
    orchard = compile_source(
        Permanent.named("Exotic Orchard"),
        commander_colors=None,
        opponent=(Permanent.named("Island", controller="opponent"),),
    )
    assert orchard.units == (2,)


def test_costs_become_demands() -> None:
    assert demand_variants(ManaCost.parse("{1}{G}")) == [((either(16), GENERIC), 0)]
    assert demand_variants(ManaCost.parse("{B/P}{B/P}")) == [((), 4)]  # CR 107.4f
    assert len(demand_variants(ManaCost.parse("{2/W}{2/W}")) or ()) == 4  # CR 107.4e
    assert demand_variants(ManaCost.parse("{S}")) == [((SNOW,), 0)]
    assert demand_variants(ManaCost.parse("{L}")) is None  # left to the tapper
    assert str(paid_with_mana(ManaCost.parse("{1}{B/P}{G/U/P}{H}"))) == "{1}{B}{G/U}{1}"


# Spells whose cost the battlefield changes (CR 601.2f): delve from the graveyard
# (CR 702.66), convoke's creatures and improvise's artifacts tapped (CR 702.51a,
# 702.126a), affinity and "costs {1} less for each ..." (CR 702.41a), on boards of
# dorks, rocks, artifact creatures and lands.
CASTING_POOL = (
    "Forest", "Island", "Plains", "Mountain", "Swamp", "Sol Ring", "Mind Stone",
    "Orzhov Signet", "Treasure", "Llanowar Elves", "Birds of Paradise", "Ornithopter",
    "Memnite", "Springleaf Drum", "Darksteel Citadel", "Jaspera Sentinel", "Grizzly Bears",
    "Seat of the Synod", "Mystic Gate",
)  # fmt: skip
CASTING_SPELLS = (
    "Treasure Cruise", "Chord of Calling", "Stoke the Flames", "Metallic Rebuke",
    "Thoughtcast", "Blasphemous Act", "Frogmite", "Conclave Tribunal", "Academy Journeymage",
    "Tolarian Terror",
)  # fmt: skip


@cache
def _casting_payer() -> Payer:
    from mtgmana.analysis.counting import cast_plan
    from mtgmana.analysis.decks import Deck
    from mtgmana.analysis.simulation._cards import CompiledDeck

    lines = [f"1 {name}" for name in (*CASTING_POOL, *CASTING_SPELLS) if name != "Treasure"]
    deck = Deck.parse("\n".join(lines))
    compiled = CompiledDeck(deck)
    del cast_plan
    classes = [
        compile_source(Permanent.named(name), commander_colors=None) for name in CASTING_POOL
    ]
    costs = [compiled.payer.costs[i] for i, q in enumerate(compiled.questions)
             if q.name in CASTING_SPELLS and q.shadow < 0]  # fmt: skip
    return Payer(classes, costs)


@given(
    st.lists(st.integers(0, len(CASTING_POOL) - 1), max_size=7),
    st.integers(0, 9),
    st.integers(0, len(CASTING_SPELLS) - 1),
)
def test_costs_the_battlefield_changes_agree_with_the_tapper(
    picks: list[int], graveyard: int, s: int
) -> None:
    payer = _casting_payer()
    key = sum(payer.increments[c] for c in picks) + graveyard * payer.graveyard_key
    answer, _ = payer.answer(payer.canon(key), None, s)
    board = payer.board([picks.count(c) for c in range(len(CASTING_POOL))], graveyard=graveyard)
    truth = payer.tapper(board, s)
    if answer is not None:
        assert answer == truth, ([CASTING_POOL[c] for c in picks], graveyard,
                                 str(payer.costs[s].cost), payer.costs[s].spend.name)  # fmt: skip
