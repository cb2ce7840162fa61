"""Effects that set card types or make permanents lose land types, read from real
cards and applied in layers (CR 205.1a, 305.6-305.7, 613.1d-f, 613.6): Song of the
Dryads, Imprisoned in the Moon, Minimus Containment, Lithoform Blight and Alpine
Moon — usually an opponent's, on your permanents — and what the tapper then pays,
checked against the brute force (tests/tapping_oracle.py) on the effective board."""

from __future__ import annotations

from typing import Any

import pytest

from mtgmana.ability_text import parse_mana
from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import PermanentFilter
from mtgmana.board.effects import CHOSEN_NAME, ContinuousEffect, Layer
from mtgmana.board.layers import apply_layers
from mtgmana.colors import COLORLESS
from mtgmana.errors import MtgManaError
from mtgmana.payment import CannotPay
from mtgmana.pool import ManaPool
from mtgmana.tapping import NotModelled, Plan, can_pay, plan
from tapping_oracle import check_plan, optimum


def checked(cost: str, where: Board, **kw: Any) -> Plan:
    """The plan is as good as the brute force's best on the board the effects make
    (the oracle reads abilities as they are: the layers are applied first), and it
    replays on the printed board."""
    result = plan(cost, where, **kw)
    effective = where.effective
    assert check_plan(result, cost, effective, **kw) == optimum(cost, effective, **kw)
    result.apply(where, ManaPool(), life=kw.get("life", 20))
    return result


def aura(name: str, on: int, **state: Any) -> Permanent:
    """An opponent's Aura attached to the permanent with id ``on``."""
    return Permanent.named(name, controller="opponent", attached_to=on, **state)


def abilities(board: Board, index: int = 0) -> list[str]:
    return [str(a) for a in board.effective.permanents[index].abilities]


# -- the reader ------------------------------------------------------------------------


def test_song_of_the_dryads_reads_as_card_and_land_types_set_and_colorless() -> None:
    text = "Enchanted permanent is a colorless Forest land."
    types, color = parse_mana(text).statics
    assert (types.layer, types.card_types, types.set_card_types) == (
        Layer.TYPE, {"Land"}, True
    )  # fmt: skip
    assert (types.land_types, types.set_types) == ({"Forest"}, True)  # CR 305.7
    assert (color.layer, color.colors, color.add_colors) == (Layer.COLOR, COLORLESS, False)
    assert types.affects == PermanentFilter(attached=True)


def test_imprisoned_in_the_moon_loses_other_card_types_and_abilities() -> None:
    text = (
        'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other '
        "card types and abilities."
    )
    types, color, granted = parse_mana(text).statics
    assert types.card_types == {"Land"} and types.set_card_types and not types.land_types
    assert color.colors == COLORLESS
    assert granted.removes_abilities and [str(a) for a in granted.grants] == ["{T}: Add {C}."]


def test_minimus_containment_is_a_treasure_artifact() -> None:
    text = (
        'Enchanted permanent is a Treasure artifact with "{T}, Sacrifice this artifact: Add '
        'one mana of any color," and it loses all other abilities.'
    )
    types, granted = parse_mana(text).statics
    assert (types.card_types, types.subtypes, types.set_card_types) == (
        {"Artifact"}, {"Treasure"}, True
    )  # fmt: skip
    (treasure,) = granted.grants
    assert granted.removes_abilities and treasure.cost.sacrifice_self and treasure.cost.tap


def test_lithoform_blight_and_alpine_moon_lose_land_types() -> None:
    blight = parse_mana(
        'Enchanted land loses all land types and abilities and has "{T}: Add {C}" and '
        '"{T}, Pay 1 life: Add one mana of any color."'
    ).statics
    assert [(e.layer, e.loses_land_types, e.removes_abilities) for e in blight] == [
        (Layer.TYPE, True, False), (Layer.ABILITY, False, True)
    ]  # fmt: skip
    assert [str(a) for a in blight[1].grants] == [
        "{T}: Add {C}.", "{T}, Pay 1 life: Add one mana of any color."
    ]  # fmt: skip
    moon = parse_mana(
        "Lands your opponents control with the chosen name lose all land types and "
        'abilities, and they gain "{T}: Add one mana of any color."'
    ).statics
    assert moon[0].affects == PermanentFilter(
        card_types=frozenset({"Land"}), controller="opponent", name=CHOSEN_NAME
    )
    assert moon[0].loses_land_types and moon[1].removes_abilities


def test_what_stays_unsupported() -> None:
    """Losing card types with no new ones, or a nonbasic land type given, isn't said."""
    assert parse_mana("Enchanted permanent loses all card types.").unsupported
    assert parse_mana("Enchanted permanent is a colorless Desert land.").unsupported


# -- Song of the Dryads (CR 205.1a, 305.7) ---------------------------------------------


def test_song_makes_a_summoning_sick_creature_a_forest_that_taps() -> None:
    """A colorless Forest land: no longer a creature (205.1a), so summoning sickness
    doesn't stop its {T} (302.6); its rules text is gone, "{T}: Add {G}" is its
    Forest's (305.7)."""
    where = Board(
        (Permanent.named("Llanowar Elves", summoning_sick=True), aura("Song of the Dryads", 0))
    )
    elves = where.effective.permanents[0]
    assert (elves.type_line, elves.colors) == ("Land — Forest", COLORLESS)
    assert abilities(where) == ["{T}: Add {G}."]
    assert checked("{G}", where).steps[0].card == "Llanowar Elves"


def test_song_keeps_supertypes_and_removes_a_lands_abilities() -> None:
    where = Board((Permanent.named("Gaea's Cradle"), Permanent.named("Llanowar Elves"),
                   aura("Song of the Dryads", 0)))  # fmt: skip
    assert where.effective.permanents[0].type_line == "Legendary Land — Forest"
    assert abilities(where) == ["{T}: Add {G}."]  # not "a {G} for each creature"
    assert not can_pay("{G}{G}{G}", where)
    assert checked("{G}{G}", where)


def test_song_on_chromatic_lantern_removes_its_static_ability_cr_305_7() -> None:
    where = Board((Permanent.named("Chromatic Lantern"), Permanent.named("Plains"),
                   aura("Song of the Dryads", 0)))  # fmt: skip
    assert where.effective.permanents[0].statics == ()
    assert not can_pay("{B}", where)
    assert checked("{G}{W}", where)


def test_song_doesnt_remove_abilities_other_effects_grant_cr_305_7() -> None:
    """305.7: "this doesn't remove any abilities that were granted to the land by
    other effects" — Chromatic Lantern's, in layer 6, after Song's layer 4."""
    where = Board((Permanent.named("Tundra"), Permanent.named("Chromatic Lantern"),
                   aura("Song of the Dryads", 0)))  # fmt: skip
    assert where.effective.permanents[0].subtypes == {"Forest"}
    assert abilities(where) == ["{T}: Add {G}.", "{T}: Add one mana of any color."]
    assert checked("{B}{R}", where)


def test_song_makes_a_permanent_a_land_urborg_then_applies_to_cr_613_8a() -> None:
    """Urborg's effect depends on Song's (Song changes what "each land" names): Song
    applies first whatever the timestamps, then its Forest is a Swamp too."""
    for song_first in (True, False):
        where = Board((
            Permanent.named("Sol Ring"),
            Permanent.named("Urborg, Tomb of Yawgmoth", timestamp=5),
            aura("Song of the Dryads", 0, timestamp=1 if song_first else 9),
        ))  # fmt: skip
        ring = where.effective.permanents[0]
        assert ring.subtypes == {"Forest", "Swamp"}, song_first
        assert abilities(where) == ["{T}: Add {G}.", "{T}: Add {B}."]


# -- Imprisoned in the Moon (CR 205.1a, 613.1f) ----------------------------------------


def test_imprisoned_forest_keeps_its_land_type_but_makes_only_colorless() -> None:
    """Still a Forest (205.1a: a land keeps its land types), but its abilities —
    the Forest's intrinsic one too — are lost in layer 6 (613.1f): only {C}."""
    where = Board((Permanent.named("Forest"), aura("Imprisoned in the Moon", 0)))
    forest = where.effective.permanents[0]
    assert forest.type_line == "Basic Land — Forest"
    assert abilities(where) == ["{T}: Add {C}."]
    assert not can_pay("{G}", where)
    assert checked("{1}", where)


def test_imprisoned_creature_land_and_creature() -> None:
    where = Board((
        Permanent.named("Dryad Arbor", summoning_sick=True),
        Permanent.named("Llanowar Elves", summoning_sick=True),
        aura("Imprisoned in the Moon", 0),
        aura("Imprisoned in the Moon", 1),
    ))  # fmt: skip
    arbor, elves = where.effective.permanents[:2]
    assert (arbor.type_line, elves.type_line) == ("Land — Forest", "Land")  # no Dryad, Elf
    assert not arbor.is_creature and arbor.colors == COLORLESS
    assert checked("{2}", where)  # no longer creatures: not summoning sick (302.6)
    assert not can_pay("{G}", where)


def test_imprisoned_lantern_grants_nothing() -> None:
    """Chromatic Lantern's layer 6 effect depends on Imprisoned's (it would remove
    it): Imprisoned applies first, and the Lantern's effect is gone (613.8)."""
    for lantern_first in (True, False):
        where = Board((
            Permanent.named("Chromatic Lantern", timestamp=1 if lantern_first else 9),
            Permanent.named("Plains"),
            aura("Imprisoned in the Moon", 0, timestamp=5),
        ))  # fmt: skip
        assert abilities(where, 1) == ["{T}: Add {W}."], lantern_first
        assert abilities(where) == ["{T}: Add {C}."]


def test_an_effect_started_in_layer_4_goes_on_in_layer_6_cr_613_6() -> None:
    """Imprisoned in the Moon loses its abilities in layer 6 to an earlier effect, but
    its effect started to apply in layer 4, so it goes on applying to the Forest in
    layers 5 and 6 (613.6): the Forest still makes only {C}."""
    enchantments = PermanentFilter(card_types=frozenset({"Enchantment"}), controller="any")
    lose = ContinuousEffect(enchantments, Layer.ABILITY, removes_abilities=True)
    where = Board((Permanent.named("Forest"), aura("Imprisoned in the Moon", 0)), effects=(lose,))
    forest = where.effective.permanents[0]
    assert abilities(where) == ["{T}: Add {C}."] and forest.colors == COLORLESS


# -- Minimus Containment ----------------------------------------------------------------


def test_minimus_containment_makes_sol_ring_a_treasure() -> None:
    where = Board((Permanent.named("Sol Ring"), aura("Minimus Containment", 0)))
    ring = where.effective.permanents[0]
    assert ring.type_line == "Artifact — Treasure"
    assert abilities(where) == ["{T}, Sacrifice ~: Add one mana of any color."]
    result = checked("{G}", where)
    assert result.sacrificed == (0,)
    assert not can_pay("{2}", where)


def test_minimus_containment_creature_is_no_longer_one() -> None:
    where = Board((Permanent.named("Birds of Paradise", summoning_sick=True),
                   aura("Minimus Containment", 0)))  # fmt: skip
    birds = where.effective.permanents[0]
    assert (birds.type_line, birds.is_creature) == ("Artifact — Treasure", False)
    assert checked("{U}", where).sacrificed == (0,)


# -- Lithoform Blight, Alpine Moon (CR 205.1a, 305.6) -----------------------------------


def test_lithoform_blight_tundra_makes_colorless_or_any_color_for_life() -> None:
    where = Board((Permanent.named("Tundra"), aura("Lithoform Blight", 0)))
    tundra = where.effective.permanents[0]
    assert tundra.subtypes == frozenset() and tundra.type_line == "Land"
    assert abilities(where) == ["{T}: Add {C}.", "{T}, Pay 1 life: Add one mana of any color."]
    assert checked("{1}", where, life=0)
    assert checked("{W}", where, life=1).life_paid == 1
    with pytest.raises(CannotPay):
        plan("{W}", where, life=0)  # CR 119.4


def test_lithoform_blight_on_urborg_its_layer_4_effect_applied_first() -> None:
    """Urborg loses its abilities in layer 6, after its layer 4 effect applied: your
    Forest is still a Swamp (613.1d before 613.1f)."""
    where = Board((Permanent.named("Forest"), Permanent.named("Urborg, Tomb of Yawgmoth"),
                   aura("Lithoform Blight", 1)))  # fmt: skip
    assert where.effective.permanents[0].subtypes == {"Forest", "Swamp"}
    assert checked("{B}{B}", where, life=1)


def test_alpine_moon_names_your_land() -> None:
    moon = Permanent.named("Alpine Moon", controller="opponent", chosen_name="Gaea's Cradle")
    where = Board((Permanent.named("Gaea's Cradle"), Permanent.named("Urza's Tower"),
                   Permanent.named("Llanowar Elves"), moon))  # fmt: skip
    assert abilities(where) == ["{T}: Add one mana of any color."]
    assert abilities(where, 1) != abilities(where)  # not the chosen name
    assert checked("{U}{G}", where)
    assert not can_pay("{G}{G}{G}", where)  # the Cradle no longer counts creatures


def test_alpine_moon_spares_its_controllers_lands() -> None:
    mine = Permanent.named("Alpine Moon", chosen_name="Gaea's Cradle")
    where = Board((Permanent.named("Gaea's Cradle"), Permanent.named("Llanowar Elves"), mine))
    assert can_pay("{G}{G}", where)  # the Cradle adds {G} for the Elves


def test_alpine_moon_without_a_chosen_name_is_refused() -> None:
    moon = Permanent.named("Alpine Moon", controller="opponent")
    where = Board((Permanent.named("Gaea's Cradle"), moon))
    with pytest.raises(NotModelled, match="chosen_name"):
        can_pay("{G}", where)
    named = moon.with_state(chosen_name="Gaea's Cradle")
    assert named.unsupported == ()
    assert can_pay("{G}", Board((Permanent.named("Gaea's Cradle"), named)))
    assert named.with_state(chosen_name="Forest").statics[0].affects.name == "Forest"
    with pytest.raises(MtgManaError, match="chosen name"):
        moon.with_state(chosen_name=" ")


# -- the model's own limits -------------------------------------------------------------


def test_losing_a_basic_land_type_removes_its_intrinsic_ability_cr_305_6() -> None:
    lose = ContinuousEffect(
        PermanentFilter(card_types=frozenset({"Land"})), Layer.TYPE, loses_land_types=True
    )
    where = Board((Permanent.named("Forest"), Permanent.named("Tundra")), effects=(lose,))
    after = apply_layers(where).permanents
    assert after[0].abilities == () and after[1].abilities == ()
    assert not can_pay("{1}", where)


def test_an_intrinsic_ability_apart_from_the_printed_painful_one_is_lost_alone() -> None:
    """Murmuring Bosk's Forest ability (CR 305.6) and its printed painful one are two
    abilities (CR 113.2c: a painful ability isn't merged), so losing the Forest type
    loses the first only, exactly."""
    lose = ContinuousEffect(
        PermanentFilter(card_types=frozenset({"Land"})), Layer.TYPE, loses_land_types=True
    )
    bosk = Permanent.named("Murmuring Bosk")
    assert str(bosk.abilities[0]) == "{T}: Add {G}."
    (left,) = apply_layers(Board((bosk,), effects=(lose,))).permanents[0].abilities
    assert str(left) == "{T}: Add {W} or {B}. This land deals 1 damage to you."


def test_effects_that_say_nothing_or_the_wrong_layer_are_refused() -> None:
    anything = PermanentFilter()
    with pytest.raises(MtgManaError, match=r"205\.1a"):
        ContinuousEffect(
            anything, Layer.TYPE, set_card_types=True, land_types=frozenset({"Forest"})
        )
    with pytest.raises(MtgManaError, match="layer 4"):
        ContinuousEffect(anything, Layer.COLOR, colors=COLORLESS, loses_land_types=True)
    with pytest.raises(MtgManaError, match="land_types"):
        ContinuousEffect(
            anything, Layer.TYPE, card_types=frozenset({"Land"}), set_card_types=True,
            subtypes=frozenset({"Desert"}),
        )  # fmt: skip


def test_secrets_of_paradise_grants_to_creatures_with_the_chosen_name() -> None:
    secrets = Permanent.named("Secrets of Paradise", chosen_name="Grizzly Bears")
    where = Board((Permanent.named("Grizzly Bears"), Permanent.named("Llanowar Elves"), secrets))
    assert abilities(where) == ["{T}: Add one mana of any color."]
    assert checked("{U}{G}", where) and not can_pay("{U}{U}", where)
    assert Permanent.named("Secrets of Paradise").unsupported  # no name chosen


# -- Thran Portal: "Mana abilities of this land cost an additional 1 life" ---------------


def test_thran_portal_reads_a_cost_raised() -> None:
    (raised,) = parse_mana(
        "Mana abilities of this land cost an additional 1 life to activate."
    ).statics
    assert (raised.layer, raised.extra_life, raised.affects) == (
        Layer.ABILITY, 1, PermanentFilter(itself=True)
    )  # fmt: skip
    assert parse_mana("Mana abilities of lands you control cost {1} more.").unsupported


def test_thran_portal_costs_a_life_for_each_of_its_mana_abilities() -> None:
    """Its chosen basic land type's ability (CR 305.6) and one another effect grants
    both cost 1 life more (CR 602.2b); with no life to pay, no mana (CR 119.4)."""
    portal = Permanent.named("Thran Portal", chosen_type="Island")
    where = Board((portal,))
    assert [str(a.cost) for a in where.effective.permanents[0].abilities] == ["{T}, Pay 1 life"]
    assert checked("{U}", where, life=1).life_paid == 1
    assert not can_pay("{U}", where, life=0)
    lantern = Board((portal, Permanent.named("Chromatic Lantern")))
    costs = [a.cost.life for a in lantern.effective.permanents[0].abilities]
    assert costs == [1, 1]
    assert checked("{R}{1}", lantern, life=3).life_paid == 1


def test_thran_portal_under_blood_moon_is_a_mountain_cr_305_7() -> None:
    """Blood Moon takes its rules text's abilities: the cost raised too."""
    where = Board((Permanent.named("Thran Portal", chosen_type="Island"),
                   Permanent.named("Blood Moon", controller="opponent")))  # fmt: skip
    portal = where.effective.permanents[0]
    assert portal.subtypes == {"Mountain"} and abilities(where) == ["{T}: Add {R}."]
    assert checked("{R}", where, life=0).life_paid == 0
    with pytest.raises(MtgManaError, match="extra_life"):
        ContinuousEffect(PermanentFilter(), Layer.ABILITY, extra_life=-1)
