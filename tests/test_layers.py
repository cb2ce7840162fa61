"""Continuous effects applied in layers (CR 305.6-305.7, 613): type-changing effects
(layer 4), color (5), abilities (6), timestamps (613.7) and dependency (613.8),
with effects built by hand — the reader of real cards' text is tested elsewhere —
and what the tapper then pays."""

from __future__ import annotations

from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import (
    ANY_COLOR,
    ActivationCost,
    Choice,
    ManaAbility,
    PermanentFilter,
    Production,
)
from mtgmana.board.effects import ContinuousEffect, Layer
from mtgmana.board.layers import apply_layers
from mtgmana.colors import Color
from mtgmana.tapping import can_pay, plan

LANDS = frozenset({"Land"})
NONBASIC = PermanentFilter(
    card_types=LANDS, controller="any", excluded_supertypes=frozenset({"Basic"})
)
EACH_LAND = PermanentFilter(card_types=LANDS, controller="any")
YOUR_LANDS = PermanentFilter(card_types=LANDS)
ANY = ManaAbility(ActivationCost(tap=True), Production((Choice((ANY_COLOR,)),)),
                  text="{T}: Add one mana of any color.")  # fmt: skip

MOON = ContinuousEffect(NONBASIC, Layer.TYPE, frozenset({"Mountain"}), set_types=True)
URBORG = ContinuousEffect(EACH_LAND, Layer.TYPE, frozenset({"Swamp"}))
OMEN = ContinuousEffect(
    YOUR_LANDS, Layer.TYPE, frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
)
LANTERN = ContinuousEffect(YOUR_LANDS, Layer.ABILITY, grants=(ANY,))


def with_statics(name: str, *statics: ContinuousEffect, **state: object) -> Permanent:
    return Permanent.named(name, **state).with_state(statics=statics)


def test_blood_moon_makes_nonbasic_lands_mountains_cr_305_7() -> None:
    board = Board((Permanent.named("Underground Sea"), Permanent.named("Swamp"),
                   with_statics("Blood Moon", MOON, controller="opponent")))  # fmt: skip
    after = apply_layers(board).permanents
    assert after[0].subtypes == {"Mountain"} and [str(a) for a in after[0].abilities] == [
        "{T}: Add {R}."
    ]
    assert after[1].subtypes == {"Swamp"}  # basic: not affected
    assert can_pay("{R}{B}", board) and not can_pay("{U}{B}", board)


def test_urborg_makes_every_land_a_swamp_too() -> None:
    board = Board((Permanent.named("Forest"), with_statics("Urborg, Tomb of Yawgmoth", URBORG)))
    after = apply_layers(board).permanents
    assert after[0].subtypes == {"Forest", "Swamp"}
    assert can_pay("{B}{B}", board)
    result = plan("{G}{B}", board)
    assert sorted(step.card for step in result.steps) == ["Forest", "Urborg, Tomb of Yawgmoth"]


def test_blood_moon_and_urborg_dependency_cr_613_8() -> None:
    """Urborg's effect depends on Blood Moon's (Blood Moon would remove Urborg's
    ability, CR 305.7): Blood Moon applies first, whatever the timestamps, and then
    Urborg's effect no longer exists: no land is a Swamp but the Swamps."""
    for moon_first in (True, False):
        moon = with_statics("Blood Moon", MOON, controller="opponent",
                            timestamp=0 if moon_first else 5)  # fmt: skip
        urborg = with_statics("Urborg, Tomb of Yawgmoth", URBORG, timestamp=3)
        board = Board((Permanent.named("Forest"), urborg, moon))
        after = apply_layers(board).permanents
        assert after[0].subtypes == {"Forest"}, moon_first
        assert after[1].subtypes == {"Mountain"}, moon_first
        assert not can_pay("{B}", board)


def test_prismatic_omen_and_blood_moon_by_timestamp_cr_613_7() -> None:
    """Independent effects: the later one wins where they disagree."""
    moon_then_omen = Board((
        Permanent.named("Tundra"),
        with_statics("Blood Moon", MOON, timestamp=1),
        with_statics("Prismatic Omen", OMEN, timestamp=2),
    ))  # fmt: skip
    assert apply_layers(moon_then_omen).permanents[0].subtypes == {
        "Plains", "Island", "Swamp", "Mountain", "Forest"
    }  # fmt: skip
    assert can_pay("{G}", moon_then_omen)
    omen_then_moon = Board((
        Permanent.named("Tundra"),
        with_statics("Prismatic Omen", OMEN, timestamp=1),
        with_statics("Blood Moon", MOON, timestamp=2),
    ))  # fmt: skip
    assert apply_layers(omen_then_moon).permanents[0].subtypes == {"Mountain"}
    assert not can_pay("{G}", omen_then_moon)


def test_chromatic_lantern_grants_lands_any_color_layer_6() -> None:
    board = Board((Permanent.named("Plains"), Permanent.named("Plains"),
                   with_statics("Chromatic Lantern", LANTERN)))  # fmt: skip
    assert can_pay("{1}{B}{B}", board)  # the case
    # Blood Moon doesn't remove a granted ability (CR 305.7: abilities from rules
    # text only); layer 6 applies after layer 4 anyway.
    mooned = Board((Permanent.named("Tundra"), with_statics("Chromatic Lantern", LANTERN),
                    with_statics("Blood Moon", MOON, controller="opponent")))  # fmt: skip
    assert can_pay("{U}", mooned)


def test_an_opponents_lantern_grants_nothing_to_you() -> None:
    board = Board((Permanent.named("Plains"),
                   with_statics("Chromatic Lantern", LANTERN, controller="opponent")))  # fmt: skip
    assert not can_pay("{B}", board)


def test_aura_grants_to_the_enchanted_permanent() -> None:
    enchanted = PermanentFilter(attached=True)
    aura = with_statics(
        "Abundant Growth", ContinuousEffect(enchanted, Layer.ABILITY, grants=(ANY,)), attached_to=0
    )
    board = Board((Permanent.named("Forest"), Permanent.named("Forest"), aura))
    assert can_pay("{U}{G}", board) and not can_pay("{U}{U}", board)


def test_color_changing_layer_5() -> None:
    everything = ContinuousEffect(
        PermanentFilter(excluded_card_types=frozenset({"Land"})), Layer.COLOR,
        colors=Color.W | Color.U | Color.B | Color.R | Color.G,
    )  # fmt: skip
    board = Board(
        (Permanent.named("Grizzly Bears"), with_statics("Leyline of the Guildpact", everything))
    )
    assert (
        apply_layers(board).permanents[0].colors == Color.W | Color.U | Color.B | Color.R | Color.G
    )


def test_effects_the_board_holds_on_its_own() -> None:
    board = Board((Permanent.named("Island"),), effects=(URBORG,))
    assert can_pay("{B}", board)


def test_losing_all_abilities_removes_the_statics_too() -> None:
    urborg = PermanentFilter(card_types=LANDS, controller="any", name="Urborg, Tomb of Yawgmoth")
    lose = ContinuousEffect(urborg, Layer.ABILITY, removes_abilities=True)
    board = Board((Permanent.named("Forest"), with_statics("Urborg, Tomb of Yawgmoth", URBORG)),
                  effects=(lose,))  # fmt: skip
    # Layer 4 applies before 6: Urborg's effect has already applied.
    assert apply_layers(board).permanents[0].subtypes == {"Forest", "Swamp"}
