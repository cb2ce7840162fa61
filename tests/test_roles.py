"""What each card does for a mana base (mtgmana.analysis.roles): ramp read from the
Oracle text, the faces cast as spells (CR 709.3, 712.12, 715.3), modal
double-faced lands, restricted mana (CR 106.6) and Gemstone Caverns."""

from __future__ import annotations

import pytest

from mtgmana.analysis.roles import Ramp, role_of, spell_faces
from mtgmana.cards import lookup


@pytest.mark.parametrize(
    "name, description",
    [
        ("Cultivate", "puts 1 basic land onto the battlefield tapped (and 1 into the hand)"),
        ("Kodama's Reach", "puts 1 basic land onto the battlefield tapped (and 1 into the hand)"),
        ("Rampant Growth", "puts 1 basic land onto the battlefield tapped"),
        ("Farseek", "puts 1 Island/Mountain/Plains/Swamp land onto the battlefield tapped"),
        ("Three Visits", "puts 1 Forest land onto the battlefield"),
        ("Nature's Lore", "puts 1 Forest land onto the battlefield"),
        ("Sakura-Tribe Elder", "puts 1 basic land onto the battlefield tapped"),
        ("Wood Elves", "puts 1 Forest land onto the battlefield"),
        ("Harrow", "sacrifices a land and puts 2 basic lands onto the battlefield"),
        ("Map the Frontier", "puts 2 basic or Desert lands onto the battlefield tapped"),
        ("Explore", "1 more land drop this turn"),
        ("Oracle of Mul Daya", "1 more land drop each turn"),
        ("Growth Spiral", "puts a land card from the hand onto the battlefield"),
        ("Arboreal Grazer", "puts a land card from the hand onto the battlefield tapped"),
        ("Prosperous Innkeeper", "creates 1 Treasure token"),
        ("Pirate's Pillage", "creates 2 Treasure tokens"),
        ("Sol Ring", "a mana source, used from the next turn (creatures) or at once (artifacts)"),
    ],
)
def test_ramp_is_read_from_the_oracle_text(name: str, description: str) -> None:
    ramp = role_of(lookup(name)).ramp
    assert ramp is not None and ramp.description == description


@pytest.mark.parametrize(
    "name",
    [
        "Burnished Hart",  # its search costs {3}
        "Wayfarer's Bauble",  # {2}, {T}, sacrifice
        "Loyal Warhound",  # only if an opponent controls more lands
        "Path to Exile",  # the opponent searches
        "Dockside Extortionist",  # X Treasures, X from the opponents
        "Crop Rotation",  # a land for a land
        "Sylvan Scrying",  # to the hand
        "Lightning Bolt",
    ],
)
def test_what_is_not_ramp_the_simulation_casts(name: str) -> None:
    assert role_of(lookup(name)).ramp is None


def test_goldspan_dragons_treasure_is_not_ramp_its_static_effect_is() -> None:
    # Treasure when it attacks is not ramp; "Treasures you control have ..." is a
    # static effect (CR 613.1f), cast when the deck makes Treasure.
    ramp = role_of(lookup("Goldspan Dragon")).ramp
    assert ramp is not None and ramp.kind == "static effect" and "Treasures" in ramp.effect


def test_searches_find_lands_by_type() -> None:
    farseek = role_of(lookup("Farseek")).ramp
    assert isinstance(farseek, Ramp)
    assert farseek.finds(lookup("Watery Grave")) and not farseek.finds(lookup("Forest"))
    map_the_frontier = role_of(lookup("Map the Frontier")).ramp
    assert map_the_frontier is not None
    assert map_the_frontier.finds(lookup("Mountain"))
    assert map_the_frontier.finds(lookup("Desert of the True"))  # a Desert card
    assert not map_the_frontier.finds(lookup("Sacred Foundry"))


def test_the_faces_that_are_cast() -> None:
    assert spell_faces(lookup("Fire // Ice")) == (0, 1)  # CR 709.3
    assert spell_faces(lookup("Bonecrusher Giant")) == (0, 1)  # CR 715.3
    assert spell_faces(lookup("Valki, God of Lies")) == (0, 1)  # CR 712.12
    assert spell_faces(lookup("Emeria's Call")) == (0,)  # its back is a land
    assert spell_faces(lookup("Delver of Secrets")) == (0,)  # transformed, not cast
    assert spell_faces(lookup("Forest")) == ()


def test_modal_double_faced_spells_with_a_land_back() -> None:
    role = role_of(lookup("Emeria's Call"))
    assert role.kind == "spell" and role.is_mdfc_land
    assert role.land_back is not None and role.land_back_options == (frozenset("W"),)
    assert role.land_back_entry.kind == "pay life"  # enters tapped unless you pay 3 life
    assert not role_of(lookup("Hengegate Pathway")).is_mdfc_land  # both faces lands


def test_restricted_mana_and_gemstone_caverns() -> None:
    cavern = role_of(lookup("Cavern of Souls"))
    assert cavern.options == (frozenset("C"),)
    ((letters, restriction),) = cavern.restricted
    assert letters == frozenset("WUBRG") and "creature" in str(restriction)
    assert cavern.produces == frozenset("WUBRGC")
    caverns = role_of(lookup("Gemstone Caverns"))
    assert caverns.options == (frozenset("C"),) and caverns.opening_hand
    nykthos = role_of(lookup("Nykthos, Shrine to Nyx"))
    assert nykthos.options == (frozenset("C"),)  # devotion mana is not a fixed option
