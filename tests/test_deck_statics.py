"""Static effects of the deck's own cards in the deck analysis (issue 13, item 3): the
roles read from the permanent as its effects make it (CR 613: Urborg is a Swamp,
CR 305.7), the simulation casting cards whose effects help the mana (Cryptolith
Rite, Prismatic Omen) and applying them while they are on the battlefield, cards
whose effects take mana (Blood Moon) never cast, and the per-card notes. Few games
each, seeded: the suite stays fast and deterministic."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana.analysis.decks import Deck
from mtgmana.analysis.reports.report import to_json
from mtgmana.analysis.reports.report_text import text_report
from mtgmana.analysis.roles import deck_statics, helps_mana, role_of
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.simulation._cards import CompiledDeck
from mtgmana.analysis.simulation._game import Engine
from mtgmana.analysis.simulation._sources import compile_source, tapper_can_pay
from mtgmana.analysis.simulation._units import LETTER_BITS
from mtgmana.analysis.summary import analyze
from mtgmana.board import Permanent
from mtgmana.board.abilities import DynamicSlot
from mtgmana.cards import lookup

# -- roles --------------------------------------------------------------------------


def test_urborg_and_yavimaya_make_the_mana_of_the_type_they_give() -> None:
    # CR 305.7: "Each land is a Swamp" makes Urborg a Swamp too, so it taps for {B}
    # (CR 305.6) — on a battlefield of its own.
    urborg = role_of(lookup("Urborg, Tomb of Yawgmoth"))
    assert urborg.is_land and urborg.permanent is not None and urborg.is_mana_source
    assert urborg.options == (frozenset("B"),)
    assert urborg.permanent.statics and urborg.statics
    assert role_of(lookup("Yavimaya, Cradle of Growth")).options == (frozenset("G"),)


@pytest.mark.parametrize(
    "name, ramp",
    [
        ("Cryptolith Rite", "static effect"),  # creatures you control have "{T}: Add ..."
        ("Elven Chorus", "static effect"),
        ("Prismatic Omen", "static effect"),  # lands are every basic land type
        ("Joiner Adept", "static effect"),  # lands have "{T}: Add one mana of any color."
        ("Dryad of the Ilysian Grove", "extra land"),  # and its effect stays
        ("Chromatic Lantern", "mana source"),  # a rock, whose effect is simulated too
        ("Blood Moon", None),  # sets land types (CR 305.7): it takes mana
        ("Magus of the Moon", None),
        ("Humility", None),  # removes abilities
    ],
)
def test_cards_with_static_effects_have_a_permanent_and_ramp_when_they_help(
    name: str, ramp: str | None
) -> None:
    role = role_of(lookup(name))
    assert role.permanent is not None and role.permanent.statics
    assert (role.ramp.kind if role.ramp else None) == ramp
    assert helps_mana(role.permanent.statics) == (name not in ("Blood Moon", "Magus of the Moon",
                                                               "Humility"))  # fmt: skip


def test_effects_that_make_nothing_alone_are_not_sources() -> None:
    # On a battlefield of its own Cryptolith Rite is no creature: it makes nothing, so
    # it is no source in Karsten's counts (the simulation plays its effect).
    for name in ("Cryptolith Rite", "Prismatic Omen", "Blood Moon"):
        role = role_of(lookup(name))
        assert role.kind == "spell" and role.options == () and not role.is_mana_source
    lantern = role_of(lookup("Chromatic Lantern"))
    assert lantern.kind == "rock" and lantern.options == (frozenset("WUBRG"),)


def test_effects_on_an_equipped_permanent_are_not_simulated() -> None:
    mantle = role_of(lookup("Paradise Mantle"))
    assert mantle.permanent is None and mantle.ramp is None
    assert mantle.statics and mantle.statics[0].affects.attached


def test_multiversal_passages_chosen_type_is_a_chosen_color() -> None:
    passage = role_of(lookup("Multiversal Passage"))
    assert passage.options == () and DynamicSlot.CHOSEN_COLOR in passage.dynamic
    assert passage.entry.kind == "pay life"


def test_a_granted_ability_under_a_condition_that_fails_alone_is_not_an_option() -> None:
    # The World Tree: "As long as you control six or more lands, lands you control
    # have ..." — alone it controls one land.
    assert role_of(lookup("The World Tree")).options == (frozenset("G"),)


# -- what the effects do to the deck ------------------------------------------------


def test_the_deck_statics_give_and_take() -> None:
    names = ("Cryptolith Rite", "Grizzly Bears", "Forest", "Tundra", "Blood Moon",
             "Urborg, Tomb of Yawgmoth", "Goldspan Dragon")  # fmt: skip
    found = deck_statics(lookup(name) for name in names)
    assert found.granted == {"Grizzly Bears": ("Cryptolith Rite",)}
    assert found.helps("Cryptolith Rite") and found.helps("Urborg, Tomb of Yawgmoth")
    assert "Tundra" in found.takes["Blood Moon"] and not found.helps("Blood Moon")
    assert found.gives["Urborg, Tomb of Yawgmoth"] == ("Forest", "Tundra")
    assert not found.helps("Goldspan Dragon")  # no Treasure in this deck
    with_treasure = deck_statics(lookup(n) for n in ("Goldspan Dragon", "Pirate's Pillage"))
    assert with_treasure.gives["Goldspan Dragon"] == ("Treasure",)


def test_static_sources_compile_with_what_they_make_alone() -> None:
    urborg = compile_source(Permanent.named("Urborg, Tomb of Yawgmoth"), commander_colors=None)
    assert urborg.static and urborg.colors == LETTER_BITS["B"] and not urborg.hostile
    moon = compile_source(Permanent.named("Blood Moon"), commander_colors=None)
    assert moon.static and moon.hostile  # it can make a cost unpayable
    omen = compile_source(Permanent.named("Prismatic Omen"), commander_colors=None)
    assert omen.static and not omen.hostile and omen.colors == 0


# -- the simulation -----------------------------------------------------------------


def _castable(deck: Deck, board: dict[str, int], spell: str) -> bool:
    """Whether the engine finds ``spell`` castable on a battlefield of the deck's
    permanents (land faces and ramp, by name)."""
    engine = Engine(CompiledDeck(deck), False, 6)
    names = engine.deck.names
    key = identity = 0
    for name, count in board.items():
        k = names.index(name)
        faces = engine.deck.land_faces[k]
        record = engine.deck.ramp[k]
        c = faces[0].source if faces else record.source  # type: ignore[union-attr]
        key += count * engine.player.inc[c]
        identity += count * engine.player.ident[c]
    question = engine.deck.questions.index(
        next(q for q in engine.deck.questions if q.name == spell)
    )
    return bool(engine.answers.castable(key, identity, 1 << question))


URBORG = Deck.parse("20 Forest\n4 Urborg, Tomb of Yawgmoth\n36 Vampire Nighthawk")


def test_urborg_makes_black_mana_in_the_simulation() -> None:
    # CR 305.7: with Urborg the Forests are Swamps; Nighthawk costs {1}{B}{B}.
    assert _castable(URBORG, {"Forest": 2, "Urborg, Tomb of Yawgmoth": 1}, "Vampire Nighthawk")
    assert not _castable(URBORG, {"Forest": 3}, "Vampire Nighthawk")
    with_urborg = simulate(URBORG, games=300, seed=5).spell("Vampire Nighthawk")
    forests = simulate(Deck.parse("24 Forest\n36 Vampire Nighthawk"), games=300, seed=5)
    assert forests.spell("Vampire Nighthawk").on_curve == 0
    assert with_urborg.on_curve > 0


def test_urborg_counts_as_a_black_source() -> None:
    summary = analyze(URBORG, what_ifs=0)
    (black,) = (need for need in summary.spell("Vampire Nighthawk").needs if need.colors == "B")
    assert black.sources == 4.0 and black.land_sources == 4
    urborg = next(land for land in summary.land_rows if land.name.startswith("Urborg"))
    assert urborg.produces == "B" and "static effect simulated" in urborg.counted_as


RITE = "17 Forest\n20 Grizzly Bears\n4 {}\n19 Air Elemental"


def test_cryptolith_rite_makes_creatures_tap_for_blue() -> None:
    # Forests and creatures that make no mana: Air Elemental ({3}{U}{U}) needs
    # creatures tapping for any color under the Rite (cast as ramp, the creatures as
    # mana sources, summoning sick until the next turn: CR 302.6).
    rite = Deck.parse(RITE.format("Cryptolith Rite"))
    assert _castable(rite, {"Forest": 3, "Grizzly Bears": 2, "Cryptolith Rite": 1},
                     "Air Elemental")  # fmt: skip
    assert not _castable(rite, {"Forest": 3, "Grizzly Bears": 2}, "Air Elemental")
    with_rite = simulate(rite, games=300, seed=2)
    without = simulate(Deck.parse(RITE.format("Grizzly Bears")), games=300, seed=2)
    assert without.spell("Air Elemental").p_by_turn(without.turns) == 0.0
    assert with_rite.spell("Air Elemental").on_curve > 0
    ramp = dict(with_rite.ramp)
    assert ramp["Cryptolith Rite"].startswith("a static effect: Creatures you control have")
    assert "under Cryptolith Rite's static effect" in ramp["Grizzly Bears"]
    compiled = CompiledDeck(rite)
    record = compiled.ramp[compiled.names.index("Grizzly Bears")]
    assert record is not None and record.creature


def test_prismatic_omen_fixes() -> None:
    deck = "20 Forest\n4 {}\n36 Air Elemental"
    omen = simulate(Deck.parse(deck.format("Prismatic Omen")), games=300, seed=3)
    without = simulate(Deck.parse(deck.format("Forest")), games=300, seed=3)
    assert without.spell("Air Elemental").p_by_turn(without.turns) == 0.0
    assert omen.spell("Air Elemental").on_curve > 0
    assert "Prismatic Omen" in dict(omen.ramp)


def test_blood_moon_in_your_own_deck_is_not_cast() -> None:
    deck = Deck.parse("12 Mountain\n8 Tundra\n4 Blood Moon\n36 Lightning Helix")
    result = simulate(deck, games=200, seed=4)
    assert "Blood Moon" not in dict(result.ramp)
    assert all(c.template.name != "Blood Moon" for c in CompiledDeck(deck).classes)
    helix = analyze(deck, what_ifs=0).spell("Blood Moon")
    assert "static effect not simulated" in helix.counted_as and "Tundra" in helix.counted_as


def test_dryad_stays_on_the_battlefield_with_its_effect() -> None:
    deck = Deck.parse("20 Forest\n4 Dryad of the Ilysian Grove\n36 Air Elemental")
    compiled = CompiledDeck(deck)
    record = compiled.ramp[compiled.names.index("Dryad of the Ilysian Grove")]
    assert record is not None and record.ramp.kind == "extra land" and record.source >= 0
    assert compiled.classes[record.source].static
    assert simulate(deck, games=300, seed=6).spell("Air Elemental").on_curve > 0


def test_multiversal_passage_is_the_type_of_the_color_most_needed() -> None:
    deck = Deck.parse("20 Forest\n4 Multiversal Passage\n36 Counterspell")
    compiled = CompiledDeck(deck)
    face = compiled.land_faces[compiled.names.index("Multiversal Passage")][0]
    assert compiled.classes[face.source].template.chosen_type == "Island"
    assert _castable(deck, {"Multiversal Passage": 2}, "Counterspell")


# -- the report ---------------------------------------------------------------------

LIST = """14 Forest
4 Urborg, Tomb of Yawgmoth
4 Tundra
1 Multiversal Passage
4 Cryptolith Rite
2 Prismatic Omen
2 Blood Moon
1 Paradise Mantle
1 Chromatic Lantern
2 Dryad of the Ilysian Grove
4 Grizzly Bears
4 Vampire Nighthawk
4 Air Elemental
4 Centaur Courser
4 Llanowar Elves
5 Counterspell
"""


def test_the_deck_report_says_how_static_effects_were_counted() -> None:
    deck = Deck.parse(LIST)
    summary = analyze(deck, what_ifs=1)
    result = simulate(deck, games=200, seed=1)
    text = text_report(summary, result)
    data = to_json(summary, result)
    json.dumps(data)
    notes = {spell["name"]: spell["counted_as"] for spell in data["spells"]}
    assert notes["Cryptolith Rite"].startswith("static effect simulated when cast: Creatures")
    assert notes["Grizzly Bears"].startswith("cast by the simulation as a mana source under")
    assert notes["Paradise Mantle"].startswith("static effect not simulated (attaching isn't)")
    assert notes["Blood Moon"].startswith("static effect not simulated: Nonbasic lands")
    assert "static effect simulated: Lands you control" in notes["Chromatic Lantern"]
    assert (
        "1 more land drop each turn; static effect simulated when cast"
        in notes["Dryad of the Ilysian Grove"]
    )
    lands = {land["name"]: land for land in data["lands"]}
    assert lands["Urborg, Tomb of Yawgmoth"]["produces"] == "B"
    assert "chosen" in lands["Multiversal Passage"]["counted_as"]
    assert "static effect simulated when cast" in text and "Urborg" in text


# -- the engine's answers on boards with static effects ------------------------------

_BOARD_DECK = Deck.parse(
    "8 Forest\n4 Tundra\n4 Urborg, Tomb of Yawgmoth\n4 Multiversal Passage\n"
    "4 Chromatic Lantern\n4 Cryptolith Rite\n4 Prismatic Omen\n4 Grizzly Bears\n"
    "4 Llanowar Elves\n4 Dryad of the Ilysian Grove\n4 Air Elemental\n4 Vampire Nighthawk\n"
    "4 Counterspell\n4 Lightning Helix\n4 Goldspan Dragon\n4 Pirate's Pillage"
)
_ENGINE = Engine(CompiledDeck(_BOARD_DECK), False, 8)
_ASKED = ("Air Elemental", "Vampire Nighthawk", "Lightning Helix")


@given(st.lists(st.integers(0, len(_ENGINE.deck.classes) - 1), max_size=6))
def test_answers_on_boards_with_static_effects_agree_with_the_tapper(picks: list[int]) -> None:
    # Answers are cached by identity and shared by the boards that are the same under
    # their effects, and a permanent whose effects change nothing there and that makes
    # no mana is left out (Goldspan Dragon without Treasure): whatever the order boards
    # come in, each agrees with the tapper.
    engine = _ENGINE
    payer = engine.payer
    key = sum(engine.player.inc[c] for c in picks)
    identity = sum(engine.player.ident[c] for c in picks)
    found = engine.answers.castable(key, identity, engine.answers.all)
    board = payer.identity_board(identity)
    for s, question in enumerate(engine.deck.questions):
        if question.name in _ASKED:
            truth = tapper_can_pay(question.cost, board, question.spend)
            assert bool(found >> s & 1) == truth, ([p.name for p in board.permanents], question)
