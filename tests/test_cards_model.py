"""Unit tests of :mod:`mtgmana.cards.model`: cards, faces and layouts.

Every test names the rules it checks (CR 202.2-202.3, 204, 305.6, 604.3, 702.102,
702.114, 709-715, 720, 903.4). The cards are written inline as Scryfall-like objects,
copied from Scryfall's data (../shared/data/cards.jsonl.gz) where they are real.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from mtgmana.cards.model import Card, Face, Layout
from mtgmana.colors import COLORLESS, Color
from mtgmana.costs import NO_MANA_COST, ManaCost
from mtgmana.errors import MtgManaError

# -- the cards ---------------------------------------------------------------------

HUNTMASTER: dict[str, Any] = {
    "name": "Huntmaster of the Fells // Ravager of the Fells",
    "layout": "transform",
    "cmc": 4,
    "color_identity": ["G", "R"],
    "type_line": "Creature — Human Werewolf // Creature — Werewolf",
    "card_faces": [
        {
            "name": "Huntmaster of the Fells",
            "mana_cost": "{2}{R}{G}",
            "colors": ["G", "R"],
            "type_line": "Creature — Human Werewolf",
            "oracle_text": "Whenever this creature enters or transforms into Huntmaster of the "
            "Fells, create a 2/2 green Wolf creature token and you gain 2 life.\nAt the "
            "beginning of each upkeep, if no spells were cast last turn, transform this "
            "creature.",
        },
        {
            "name": "Ravager of the Fells",
            "mana_cost": "",
            "colors": ["G", "R"],
            "type_line": "Creature — Werewolf",
            "oracle_text": "Trample\nWhenever this creature transforms into Ravager of the "
            "Fells, it deals 2 damage to target opponent or planeswalker and 2 damage to up "
            "to one target creature that player or that planeswalker's controller controls."
            "\nAt the beginning of each upkeep, if a player cast two or more spells last "
            "turn, transform this creature.",
        },
    ],
}

DELVER: dict[str, Any] = {
    "name": "Delver of Secrets // Insectile Aberration",
    "layout": "transform",
    "type_line": "Creature — Human Wizard // Creature — Human Insect",
    "card_faces": [
        {
            "name": "Delver of Secrets",
            "mana_cost": "{U}",
            "colors": ["U"],
            "type_line": "Creature — Human Wizard",
            "oracle_text": "At the beginning of your upkeep, look at the top card of your "
            "library. You may reveal that card. If an instant or sorcery card is revealed "
            "this way, transform this creature.",
        },
        {
            "name": "Insectile Aberration",
            "mana_cost": "",
            "colors": ["U"],
            "type_line": "Creature — Human Insect",
            "oracle_text": "Flying",
        },
    ],
}

CIVILIZED_SCHOLAR: dict[str, Any] = {  # no "layout": inferred
    "name": "Civilized Scholar // Homicidal Brute",
    "type_line": "Creature — Human Advisor // Creature — Human Mutant",
    "card_faces": [
        {
            "name": "Civilized Scholar",
            "mana_cost": "{2}{U}",
            "colors": ["U"],
            "type_line": "Creature — Human Advisor",
            "oracle_text": "{T}: Draw a card, then discard a card. If a creature card is "
            "discarded this way, untap this creature, then transform it.",
        },
        {
            "name": "Homicidal Brute",
            "mana_cost": "",
            "colors": ["R"],
            "type_line": "Creature — Human Mutant",
            "oracle_text": "At the beginning of your end step, if this creature didn't attack "
            "this turn, tap this creature, then transform it.",
        },
    ],
}

BELOVED_BEGGAR: dict[str, Any] = {
    "name": "Beloved Beggar // Generous Soul",
    "type_line": "Creature — Human Peasant // Creature — Spirit",
    "card_faces": [
        {
            "name": "Beloved Beggar",
            "mana_cost": "{1}{W}",
            "colors": ["W"],
            "type_line": "Creature — Human Peasant",
            "oracle_text": "Disturb {4}{W}{W} (You may cast this card from your graveyard "
            "transformed for its disturb cost.)",
        },
        {
            "name": "Generous Soul",
            "mana_cost": "",
            "colors": ["W"],
            "type_line": "Creature — Spirit",
            "oracle_text": "Flying\nVigilance\nIf Generous Soul would be put into a "
            "graveyard from anywhere, exile it instead.",
        },
    ],
}

ASSAULT_BATTERY: dict[str, Any] = {
    "name": "Assault // Battery",
    "layout": "split",
    "mana_cost": "{R} // {3}{G}",
    "type_line": "Sorcery // Sorcery",
    "card_faces": [
        {
            "name": "Assault",
            "mana_cost": "{R}",
            "type_line": "Sorcery",
            "oracle_text": "Assault deals 2 damage to any target.",
        },
        {
            "name": "Battery",
            "mana_cost": "{3}{G}",
            "type_line": "Sorcery",
            "oracle_text": "Create a 3/3 green Elephant creature token.",
        },
    ],
}

FIRE_ICE: dict[str, Any] = {  # no "layout": inferred
    "name": "Fire // Ice",
    "mana_cost": "{1}{R} // {1}{U}",
    "type_line": "Instant // Instant",
    "card_faces": [
        {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant", "oracle_text": "..."},
        {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant", "oracle_text": "..."},
    ],
}

FUSE = "Fuse (You may cast one or both halves of this card from your hand.)"
ALIVE_WELL: dict[str, Any] = {
    "name": "Alive // Well",
    "layout": "split",
    "mana_cost": "{3}{G} // {W}",
    "type_line": "Sorcery // Sorcery",
    "card_faces": [
        {
            "name": "Alive",
            "mana_cost": "{3}{G}",
            "type_line": "Sorcery",
            "oracle_text": "Create a 3/3 green Centaur creature token.\n" + FUSE,
        },
        {
            "name": "Well",
            "mana_cost": "{W}",
            "type_line": "Sorcery",
            "oracle_text": "You gain 2 life for each creature you control.\n" + FUSE,
        },
    ],
}

WHO_WHAT: dict[str, Any] = {
    "name": "Who // What // When // Where // Why",
    "layout": "split",
    "mana_cost": "{X}{W} // {2}{R} // {2}{U} // {3}{B} // {1}{G}",
    "type_line": "Instant",
    "card_faces": [
        {"name": "Who", "mana_cost": "{X}{W}", "type_line": "Instant"},
        {"name": "What", "mana_cost": "{2}{R}", "type_line": "Instant"},
        {"name": "When", "mana_cost": "{2}{U}", "type_line": "Instant"},
        {"name": "Where", "mana_cost": "{3}{B}", "type_line": "Instant"},
        {"name": "Why", "mana_cost": "{1}{G}", "type_line": "Instant"},
    ],
}

BOTTOMLESS_POOL: dict[str, Any] = {  # a Room: a split card with a shared type line
    "name": "Bottomless Pool // Locker Room",
    "mana_cost": "{U} // {4}{U}",
    "type_line": "Enchantment — Room // Enchantment — Room",
    "card_faces": [
        {"name": "Bottomless Pool", "mana_cost": "{U}", "type_line": "Enchantment — Room"},
        {"name": "Locker Room", "mana_cost": "{4}{U}", "type_line": "Enchantment — Room"},
    ],
}

BONECRUSHER: dict[str, Any] = {
    "name": "Bonecrusher Giant // Stomp",
    "layout": "adventure",
    "mana_cost": "{2}{R} // {1}{R}",
    "type_line": "Creature — Giant // Instant — Adventure",
    "card_faces": [
        {
            "name": "Bonecrusher Giant",
            "mana_cost": "{2}{R}",
            "type_line": "Creature — Giant",
            "oracle_text": "Whenever this creature becomes the target of a spell, this "
            "creature deals 2 damage to that spell's controller.",
        },
        {
            "name": "Stomp",
            "mana_cost": "{1}{R}",
            "type_line": "Instant — Adventure",
            "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage to "
            "any target.",
        },
    ],
}

MOSSWOOD_DREADKNIGHT: dict[str, Any] = {  # no "layout": inferred
    "name": "Mosswood Dreadknight // Dread Whispers",
    "mana_cost": "{1}{G} // {1}{B}",
    "type_line": "Creature — Human Knight // Sorcery — Adventure",
    "card_faces": [
        {
            "name": "Mosswood Dreadknight",
            "mana_cost": "{1}{G}",
            "type_line": "Creature — Human Knight",
            "oracle_text": "Trample\nWhen this creature dies, you may cast it from your "
            "graveyard as an Adventure until the end of your next turn.",
        },
        {
            "name": "Dread Whispers",
            "mana_cost": "{1}{B}",
            "type_line": "Sorcery — Adventure",
            "oracle_text": "You draw a card and you lose 1 life. (Then exile this card. You "
            "may cast the creature later from exile.)",
        },
    ],
}

BLOOMVINE_REGENT: dict[str, Any] = {  # an Omen card (CR 720)
    "name": "Bloomvine Regent // Claim Territory",
    "mana_cost": "{3}{G}{G} // {2}{G}",
    "type_line": "Creature — Dragon // Sorcery — Omen",
    "card_faces": [
        {"name": "Bloomvine Regent", "mana_cost": "{3}{G}{G}", "type_line": "Creature — Dragon"},
        {"name": "Claim Territory", "mana_cost": "{2}{G}", "type_line": "Sorcery — Omen"},
    ],
}

ISHGARD: dict[str, Any] = {  # as the corpus has it: the land face holds the cost
    "name": "Ishgard, the Holy See // Faith & Grief",
    "mana_cost": "{3}{W}{W}",
    "type_line": "Land — Town // Sorcery — Adventure",
    "card_faces": [
        {
            "name": "Ishgard, the Holy See",
            "mana_cost": "{3}{W}{W}",
            "type_line": "Land — Town",
            "oracle_text": "This land enters tapped.\n{T}: Add {W}.",
        },
        {
            "name": "Faith & Grief",
            "mana_cost": "",
            "type_line": "Sorcery — Adventure",
            "oracle_text": "Return up to two target artifact and/or enchantment cards from "
            "your graveyard to your hand.",
        },
    ],
}

KITSUNE_MYSTIC: dict[str, Any] = {
    "name": "Kitsune Mystic // Autumn-Tail, Kitsune Sage",
    "layout": "flip",
    "mana_cost": "{3}{W}",
    "type_line": "Creature — Fox Wizard // Legendary Creature — Fox Wizard",
    "card_faces": [
        {
            "name": "Kitsune Mystic",
            "mana_cost": "{3}{W}",
            "type_line": "Creature — Fox Wizard",
            "oracle_text": "At the beginning of the end step, if this creature is enchanted "
            "by two or more Auras, flip it.",
        },
        {
            "name": "Autumn-Tail, Kitsune Sage",
            "mana_cost": "",
            "type_line": "Legendary Creature — Fox Wizard",
            "oracle_text": "{1}: Attach target Aura attached to a creature to another creature.",
        },
    ],
}

BRUNA: dict[str, Any] = {
    "name": "Bruna, the Fading Light",
    "layout": "meld",
    "mana_cost": "{5}{W}{W}",
    "colors": ["W"],
    "type_line": "Legendary Creature — Angel Horror",
    "oracle_text": "When you cast this spell, you may return target Angel or Human creature "
    "card from your graveyard to the battlefield.\nFlying, vigilance\n(Melds with Gisela, "
    "the Broken Blade.)",
}
GISELA: dict[str, Any] = {
    "name": "Gisela, the Broken Blade",
    "layout": "meld",
    "mana_cost": "{2}{W}{W}",
    "colors": ["W"],
    "type_line": "Legendary Creature — Angel Horror",
    "oracle_text": "Flying, first strike, lifelink\nAt the beginning of your end step, if you "
    "both own and control Gisela and a creature named Bruna, the Fading Light, exile them, "
    "then meld them into Brisela, Voice of Nightmares.",
}
BRISELA: dict[str, Any] = {
    "name": "Brisela, Voice of Nightmares",
    "layout": "meld",
    "mana_cost": "",
    "colors": [],
    "type_line": "Legendary Creature — Eldrazi Angel",
    "oracle_text": "Flying, first strike, vigilance, lifelink\nYour opponents can't cast "
    "spells with mana value 3 or less.",
}
HANWEIR_BATTLEMENTS: dict[str, Any] = {
    "name": "Hanweir Battlements",
    "layout": "meld",
    "mana_cost": "",
    "type_line": "Land",
    "oracle_text": "{T}: Add {C}.\n{R}, {T}: Target creature gains haste until end of turn."
    "\n{3}{R}{R}, {T}: If you both own and control this land and a creature named Hanweir "
    "Garrison, exile them, then meld them into Hanweir, the Writhing Township.",
}
HANWEIR_GARRISON: dict[str, Any] = {
    "name": "Hanweir Garrison",
    "mana_cost": "{2}{R}",
    "type_line": "Creature — Human Soldier",
    "oracle_text": "Whenever this creature attacks, create two 1/1 red Human creature tokens "
    "that are tapped and attacking.\n(Melds with Hanweir Battlements.)",
}
HANWEIR_TOWNSHIP: dict[str, Any] = {
    "name": "Hanweir, the Writhing Township",
    "mana_cost": "",
    "type_line": "Legendary Creature — Eldrazi Ooze",
    "oracle_text": "Trample, haste\nWhenever Hanweir attacks, create two 3/2 colorless "
    "Eldrazi Horror creature tokens that are tapped and attacking.",
}

VALKI: dict[str, Any] = {  # no "layout": inferred (the back face has a mana cost)
    "name": "Valki, God of Lies // Tibalt, Cosmic Impostor",
    "type_line": "Legendary Creature — God // Legendary Planeswalker — Tibalt",
    "card_faces": [
        {
            "name": "Valki, God of Lies",
            "mana_cost": "{1}{B}",
            "colors": ["B"],
            "type_line": "Legendary Creature — God",
            "oracle_text": "{X}: Choose a creature card exiled with Valki with mana value X. "
            "Valki becomes a copy of that card.",
        },
        {
            "name": "Tibalt, Cosmic Impostor",
            "mana_cost": "{5}{B}{R}",
            "colors": ["B", "R"],
            "type_line": "Legendary Planeswalker — Tibalt",
            "oracle_text": "−8: Exile all graveyards. Add {R}{R}{R}.",
        },
    ],
}

AGADEEM: dict[str, Any] = {  # no "layout": a spell // land modal double-faced card
    "name": "Agadeem's Awakening // Agadeem, the Undercrypt",
    "type_line": "Sorcery // Land",
    "card_faces": [
        {
            "name": "Agadeem's Awakening",
            "mana_cost": "{X}{B}{B}{B}",
            "colors": ["B"],
            "type_line": "Sorcery",
            "oracle_text": "Return from your graveyard to the battlefield any number of "
            "target creature cards that each have a different mana value X or less.",
        },
        {
            "name": "Agadeem, the Undercrypt",
            "mana_cost": "",
            "colors": [],
            "type_line": "Land",
            "oracle_text": "As this land enters, you may pay 3 life. If you don't, it enters "
            "tapped.\n{T}: Add {B}.",
        },
    ],
}


def card(record: dict[str, Any], **kwargs: Any) -> Card:
    return Card.from_scryfall(record, **kwargs)


def normal(name: str, mana_cost: str = "", **fields: Any) -> Card:
    return Card.from_scryfall({"name": name, "mana_cost": mana_cost, **fields})


# -- Layout ------------------------------------------------------------------------------


def test_layout_values_are_scryfall_layout_strings() -> None:
    for text in (
        "normal", "split", "flip", "transform", "modal_dfc", "meld", "adventure", "leveler",
        "saga", "class", "case", "prototype", "mutate", "reversible_card", "host", "augment",
        "planar", "scheme", "vanguard", "token",
    ):  # fmt: skip
        assert Layout(text).value == text
        assert Layout.from_scryfall(text) is Layout(text)
    assert Layout.from_scryfall("no_such_layout") is None
    assert Layout.from_scryfall(None) is None


def test_layout_is_double_faced_cr_712_1() -> None:
    assert Layout.TRANSFORM.is_double_faced and Layout.MODAL_DFC.is_double_faced
    assert Layout.MELD.is_double_faced
    assert not Layout.SPLIT.is_double_faced and not Layout.FLIP.is_double_faced


def test_unknown_layout_string_is_inferred_from_the_structure() -> None:
    assert normal("Grizzly Bears", "{1}{G}", layout="future_layout").layout is Layout.NORMAL
    fire_ice = card({**FIRE_ICE, "layout": "future_layout"})
    assert fire_ice.layout is Layout.SPLIT and fire_ice.mana_value == 4


def test_layout_inferred_for_one_face_records() -> None:
    assert normal("Grizzly Bears", "{1}{G}").layout is Layout.NORMAL
    assert normal("The Eldest Reborn", "{4}{B}", type_line="Enchantment — Saga").layout is (
        Layout.SAGA
    )
    assert card(BRUNA).layout is Layout.MELD
    assert card({**HANWEIR_GARRISON}).layout is Layout.MELD  # "(Melds with ...)"
    assert normal("Dire Fleet Daredevil", "{1}{R}", type_line="Creature").layout is (Layout.NORMAL)


def test_layout_inferred_for_cards_with_faces_cr_709_712_715() -> None:
    assert card(FIRE_ICE).layout is Layout.SPLIT
    assert card(BOTTOMLESS_POOL).layout is Layout.SPLIT  # Rooms, CR 709.5
    assert card(MOSSWOOD_DREADKNIGHT).layout is Layout.ADVENTURE
    assert card(BLOOMVINE_REGENT).layout is Layout.ADVENTURE  # Omen, CR 720
    assert card({**KITSUNE_MYSTIC, "layout": None}).layout is Layout.FLIP
    assert card(CIVILIZED_SCHOLAR).layout is Layout.TRANSFORM
    assert card(BELOVED_BEGGAR).layout is Layout.TRANSFORM  # disturb
    assert card(VALKI).layout is Layout.MODAL_DFC
    assert card(AGADEEM).layout is Layout.MODAL_DFC


# -- CR 202.3b, 712.8: nonmodal (transforming) double-faced cards --------------------------


def test_huntmaster_mana_value_is_4_cr_202_3b_example() -> None:
    huntmaster = card(HUNTMASTER)
    assert huntmaster.layout is Layout.TRANSFORM
    assert huntmaster.mana_cost == ManaCost.parse("{2}{R}{G}")
    assert huntmaster.mana_value == 4
    assert huntmaster.colors == Color.R | Color.G


def test_ravager_keeps_mana_value_4_after_transforming_cr_202_3b_712_8e() -> None:
    front, ravager = card(HUNTMASTER).faces
    assert not front.is_back and ravager.is_back
    assert ravager.name == "Ravager of the Fells"
    assert ravager.mana_cost == NO_MANA_COST  # it has no mana cost of its own
    assert ravager.mana_value == 4


def test_clone_copying_ravager_has_mana_value_0_cr_202_3b_example() -> None:
    assert card(HUNTMASTER).faces[1].copy_mana_value == 0


def test_insectile_aberration_copying_ravager_has_mana_value_0_cr_202_3b_example() -> None:
    aberration = card(DELVER).faces[1]
    assert aberration.name == "Insectile Aberration"
    assert aberration.mana_value == 1  # as the back face of Delver ({U})
    # It becomes a copy of Ravager of the Fells: the copy's mana value is 0.
    assert card(HUNTMASTER).faces[1].copy_mana_value == 0
    assert aberration.copy_mana_value == 0


def test_front_face_copy_mana_value_is_its_own_cr_202_3() -> None:
    assert card(HUNTMASTER).faces[0].copy_mana_value == 4


def test_back_face_color_indicator_from_scryfall_colors_cr_204() -> None:
    brute = card(CIVILIZED_SCHOLAR).faces[1]
    assert brute.mana_cost == NO_MANA_COST
    assert brute.color_indicator == Color.R
    assert brute.colors == Color.R


def test_dfc_colors_are_the_front_face_s_cr_712_8a() -> None:
    scholar = card(CIVILIZED_SCHOLAR)
    assert scholar.colors == Color.U
    assert scholar.color_indicator is None
    assert scholar.mana_value == 3


def test_dfc_color_identity_includes_the_back_face_cr_903_4d_example() -> None:
    assert card(CIVILIZED_SCHOLAR).color_identity == Color.U | Color.R


def test_nonmodal_cast_transformed_uses_front_mana_cost_cr_712_8c() -> None:
    beggar = card(BELOVED_BEGGAR)
    assert beggar.mana_value_on_stack() == 2
    assert beggar.mana_value_on_stack(face="Generous Soul") == 2  # disturb, back face up
    assert beggar.mana_value_on_stack(face=1) == 2
    assert beggar.faces[1].mana_value == 2


# -- CR 202.3d, 709: split cards -----------------------------------------------------------


def test_split_card_combined_mana_cost_cr_709_4b_example() -> None:
    assault = card(ASSAULT_BATTERY)
    assert assault.mana_cost == ManaCost.parse("{R}{3}{G}")
    assert assault.mana_value == 5
    assert assault.colors == Color.R | Color.G


def test_split_card_on_the_stack_uses_the_chosen_half_cr_202_3d_709_3b() -> None:
    assault = card(ASSAULT_BATTERY)
    assert assault.mana_value_on_stack(face="Assault") == 1  # "a red spell with mana value 1"
    assert assault.mana_value_on_stack(face=1) == 4
    assert assault.faces[0].colors == Color.R
    assert assault.faces[0].mana_value == 1


def test_split_mana_cost_keeps_separate_symbols_cr_709_4b_example() -> None:
    fire_ice = card(FIRE_ICE)
    assert fire_ice.mana_cost.count("{1}") == 2  # as Jegantha, the Wellspring sees it
    assert fire_ice.mana_value == 4
    assert fire_ice.colors == Color.U | Color.R


def test_fused_split_spell_uses_both_halves_cr_202_3d_702_102_709_4d() -> None:
    alive_well = card(ALIVE_WELL)
    assert alive_well.mana_value == 5
    assert alive_well.mana_value_on_stack(face="Well") == 1
    assert alive_well.mana_value_on_stack(fused=True) == 5


def test_only_a_split_card_with_fuse_can_be_fused_cr_702_102a() -> None:
    with pytest.raises(MtgManaError, match="fuse"):
        card(ASSAULT_BATTERY).mana_value_on_stack(fused=True)
    with pytest.raises(MtgManaError, match="fuse"):
        card(HUNTMASTER).mana_value_on_stack(fused=True)


def test_five_way_split_card_with_x_cr_202_3d_202_3e() -> None:
    who = card(WHO_WHAT)
    assert who.mana_value == 13
    assert who.colors == Color.parse("WUBRG")
    assert who.mana_value_on_stack(face="Who", x=3) == 4
    assert who.mana_value_on_stack(face="Where") == 4


def test_room_mana_value_off_the_stack_is_combined_cr_709_4b() -> None:
    pool = card(BOTTOMLESS_POOL)
    assert pool.mana_value == 6
    assert pool.mana_value_on_stack(face="Locker Room") == 5


def test_split_card_without_card_faces_is_split_from_its_cost() -> None:
    record = {"name": "Fire // Ice", "mana_cost": "{1}{R} // {1}{U}", "type_line": "Instant"}
    fire_ice = card(record)
    assert fire_ice.layout is Layout.SPLIT
    assert [f.name for f in fire_ice.faces] == ["Fire", "Ice"]
    assert fire_ice.mana_value == 4 and fire_ice.mana_value_on_stack(face="Ice") == 2


def test_split_halves_are_not_back_faces() -> None:
    assert not any(face.is_back for face in card(FIRE_ICE).faces)


# -- CR 715, 720: adventurer and Omen cards ----------------------------------------------


def test_adventurer_mana_value_is_the_creature_s_cr_715_4() -> None:
    giant = card(BONECRUSHER)
    assert giant.mana_cost == ManaCost.parse("{2}{R}")
    assert giant.mana_value == 3
    assert giant.colors == Color.R


def test_adventure_on_the_stack_has_the_adventure_s_mana_value_cr_715_3b() -> None:
    giant = card(BONECRUSHER)
    assert giant.mana_value_on_stack() == 3
    assert giant.mana_value_on_stack(face="Stomp") == 2
    assert giant.faces[1].mana_value == 2
    assert not giant.faces[1].is_back


def test_adventurer_colors_exclude_the_adventure_cr_715_4() -> None:
    knight = card(MOSSWOOD_DREADKNIGHT)
    assert knight.colors == Color.G
    assert knight.faces[1].colors == Color.B
    assert knight.mana_value_on_stack(face="Dread Whispers") == 2


def test_adventurer_color_identity_includes_the_adventure_cr_903_4e() -> None:
    assert card(MOSSWOOD_DREADKNIGHT).color_identity == Color.B | Color.G


def test_omen_card_works_like_an_adventurer_cr_720_2_720_3b_720_4() -> None:
    regent = card(BLOOMVINE_REGENT)
    assert regent.mana_value == 5
    assert regent.mana_value_on_stack(face="Claim Territory") == 3


def test_land_adventurer_has_no_mana_cost_cr_202_1b_715() -> None:
    ishgard = card(ISHGARD)
    land, adventure = ishgard.faces
    assert land.mana_cost == NO_MANA_COST and ishgard.mana_value == 0
    assert adventure.mana_cost == ManaCost.parse("{3}{W}{W}")
    assert ishgard.mana_value_on_stack(face="Faith & Grief") == 5
    assert ishgard.colors == COLORLESS
    assert ishgard.color_identity == Color.W


# -- CR 710: flip cards --------------------------------------------------------------------


def test_flip_card_mana_value_and_colors_cr_710_2() -> None:
    mystic = card(KITSUNE_MYSTIC)
    assert mystic.layout is Layout.FLIP
    assert mystic.mana_value == 4 and mystic.colors == Color.W


def test_flipped_half_keeps_the_card_s_mana_cost_and_color_cr_710_1c() -> None:
    autumn_tail = card(KITSUNE_MYSTIC).faces[1]
    assert autumn_tail.name == "Autumn-Tail, Kitsune Sage"
    assert autumn_tail.mana_cost == ManaCost.parse("{3}{W}")
    assert autumn_tail.colors == Color.W
    assert autumn_tail.color_indicator is None
    assert autumn_tail.mana_value == 4 and autumn_tail.copy_mana_value == 4
    assert not autumn_tail.is_back


def test_flipped_half_is_never_a_spell_cr_710_2() -> None:
    with pytest.raises(MtgManaError, match=r"CR 710\.2"):
        card(KITSUNE_MYSTIC).mana_value_on_stack(face=1)


# -- CR 202.3c, 712.4, 712.8g: meld cards ---------------------------------------------------


def test_brisela_mana_value_is_bruna_plus_gisela_cr_202_3c_712_8g() -> None:
    bruna, gisela = card(BRUNA), card(GISELA)
    assert (bruna.mana_value, gisela.mana_value) == (7, 4)
    brisela = card(BRISELA, meld_fronts=(bruna, gisela))
    assert brisela.layout is Layout.MELD
    assert brisela.mana_value == 11
    assert brisela.mana_cost == NO_MANA_COST
    assert brisela.meld_fronts == (bruna, gisela)
    (face,) = brisela.faces
    assert face.is_back and face.mana_value == 11


def test_copy_of_a_melded_permanent_has_mana_value_0_cr_202_3c() -> None:
    brisela = card(BRISELA, meld_fronts=[card(BRUNA), card(GISELA)])
    assert brisela.faces[0].copy_mana_value == 0


def test_meld_result_color_identity_includes_its_fronts_cr_903_4d() -> None:
    brisela = card(BRISELA, meld_fronts=(card(BRUNA), card(GISELA)))
    assert brisela.colors == COLORLESS
    assert brisela.color_identity == Color.W


def test_meld_pair_with_a_land_cr_712_5b() -> None:
    battlements, garrison = card(HANWEIR_BATTLEMENTS), card(HANWEIR_GARRISON)
    assert battlements.mana_value == 0 and not battlements.faces[0].is_back
    township = card(HANWEIR_TOWNSHIP, meld_fronts=(garrison, battlements))
    assert township.mana_value == 3
    assert township.color_identity == Color.R


def test_meld_result_without_fronts_has_mana_value_0_cr_202_3a() -> None:
    brisela = card(BRISELA)
    assert brisela.mana_value == 0
    assert brisela.faces[0].is_back and brisela.faces[0].copy_mana_value == 0


def test_meld_result_is_never_a_spell_cr_712_8b() -> None:
    brisela = card(BRISELA, meld_fronts=(card(BRUNA), card(GISELA)))
    with pytest.raises(MtgManaError, match="meld"):
        brisela.mana_value_on_stack()


def test_meld_front_is_cast_normally_cr_712_8b() -> None:
    assert card(BRUNA).mana_value_on_stack() == 7


# -- CR 712.3, 712.8f: modal double-faced cards -----------------------------------------


def test_modal_dfc_mana_value_off_the_stack_is_the_front_s_cr_712_8a() -> None:
    valki = card(VALKI)
    assert valki.mana_value == 2 and valki.colors == Color.B


def test_modal_dfc_back_face_has_its_own_mana_value_cr_712_8f() -> None:
    tibalt = card(VALKI).faces[1]
    assert tibalt.is_back
    assert tibalt.mana_value == 7 and tibalt.copy_mana_value == 7
    assert tibalt.colors == Color.B | Color.R
    assert tibalt.color_indicator is None


def test_modal_dfc_on_the_stack_uses_the_face_cast_cr_712_11b() -> None:
    valki = card(VALKI)
    assert valki.mana_value_on_stack(face="Tibalt, Cosmic Impostor") == 7
    assert valki.mana_value_on_stack(face="Valki, God of Lies") == 2


def test_modal_dfc_with_x_and_a_land_back_cr_202_3e() -> None:
    agadeem = card(AGADEEM)
    assert agadeem.mana_value == 3
    assert agadeem.mana_value_on_stack(x=4) == 7
    land = agadeem.faces[1]
    assert land.mana_value == 0 and land.copy_mana_value == 0 and land.colors == COLORLESS
    assert agadeem.color_identity == Color.B


# -- CR 202.2, 204: colors and color indicators ---------------------------------------


def test_color_indicator_without_mana_cost_cr_204_202_3a() -> None:
    vision = normal(
        "Ancestral Vision",
        "",
        colors=["U"],
        color_indicator=["U"],
        type_line="Sorcery",
        oracle_text="Suspend 4—{U} (Rather than cast this card from your hand, pay {U} and "
        "exile it with four time counters on it.)\nTarget player draws three cards.",
    )
    assert vision.color_indicator == Color.U
    assert vision.colors == Color.U and vision.color_identity == Color.U
    assert vision.mana_cost == NO_MANA_COST and vision.mana_value == 0


def test_color_indicator_with_a_zero_cost_cr_204_2() -> None:
    kobolds = normal("Crimson Kobolds", "{0}", color_indicator=["R"], type_line="Creature")
    assert kobolds.colors == Color.R and kobolds.mana_value == 0
    assert kobolds.mana_cost == ManaCost.zero()


def test_land_with_a_color_indicator_cr_204() -> None:
    arbor = normal(
        "Dryad Arbor",
        "",
        colors=["G"],
        color_indicator=["G"],
        type_line="Land Creature — Forest Dryad",
        oracle_text="(This land isn't a spell, it's affected by summoning sickness, and it "
        'has "{T}: Add {G}.")',
    )
    assert arbor.colors == Color.G and arbor.color_identity == Color.G


def test_scryfall_colors_without_mana_cost_are_a_color_indicator_cr_204_1() -> None:
    garruk = normal("Garruk the Slayer", "", colors=["B", "G"], type_line="Planeswalker")
    assert garruk.color_indicator == Color.B | Color.G
    assert garruk.colors == Color.B | Color.G


def test_colors_from_the_mana_cost_cr_202_2_examples() -> None:
    assert normal("A", "{2}{W}").colors == Color.W
    assert normal("B", "{2}").colors == COLORLESS
    assert normal("C", "{2}{W}{B}").colors == Color.W | Color.B
    assert normal("D", "{1}{W/U}{W/U}").colors == Color.W | Color.U  # 202.2d
    assert normal("E", "{1}{G/P}").colors == Color.G  # 202.2d


def test_colorless_is_not_a_color_cr_105_2c() -> None:
    gleemax = normal("Gleemax", "{1000000}", type_line="Legendary Artifact")
    assert gleemax.colors == COLORLESS and not gleemax.colors and len(gleemax.colors) == 0
    wail = normal("Warping Wail", "{1}{C}", oracle_text="({C} represents colorless mana.)")
    assert wail.colors == COLORLESS and wail.color_identity == COLORLESS
    assert not any(color in wail.colors for color in Color.parse("WUBRG"))


def test_devoid_makes_the_card_colorless_cr_702_114a() -> None:
    kozilek = normal(
        "Kozilek's Return",
        "{2}{R}",
        oracle_text="Devoid (This card has no color.)\nKozilek's Return deals 2 damage to "
        "each creature.",
    )
    assert kozilek.colors == COLORLESS
    assert kozilek.color_identity == Color.R  # its mana cost still counts (CR 903.4)


def test_characteristic_defining_colorless_cr_604_3() -> None:
    ghostfire = normal("Ghostfire", "{2}{R}", oracle_text="Ghostfire is colorless.\n...")
    assert ghostfire.colors == COLORLESS and ghostfire.color_identity == Color.R


def test_characteristic_defining_all_colors_cr_604_3_903_4() -> None:
    courier = normal("Transguild Courier", "{4}", oracle_text="Transguild Courier is all colors.")
    assert courier.colors == Color.parse("WUBRG")
    assert courier.color_identity == Color.parse("WUBRG")


def test_another_object_s_color_is_not_a_cda_cr_604_3a() -> None:
    leyline = normal(
        "Leyline of the Guildpact",
        "{G/W}{G/U}{B/G}{R/G}",
        oracle_text="Each nonland permanent you control is all colors.",
    )
    assert leyline.colors == Color.parse("WUBRG")  # from its hybrid symbols, not the text
    grave = normal("Grave Servitude", "{1}{B}", oracle_text="Enchanted creature is colorless.")
    assert grave.colors == Color.B


# -- CR 202.3: mana value --------------------------------------------------------------


def test_mana_value_examples_cr_202_3() -> None:
    assert normal("A", "{3}{U}{U}").mana_value == 5
    assert normal("B", "{1}{W/U}{W/U}").mana_value == 3  # 202.3f
    assert normal("C", "{2/B}{2/B}{2/B}").mana_value == 6  # 202.3f
    assert normal("D", "{1}{W/P}{W/P}").mana_value == 3  # 202.3g


def test_no_mana_cost_has_mana_value_0_cr_202_3a() -> None:
    forest = normal("Forest", type_line="Basic Land — Forest", oracle_text="({T}: Add {G}.)")
    assert forest.mana_cost == NO_MANA_COST and forest.mana_value == 0
    assert normal("Nameless", mana_cost="").mana_value == 0
    assert Card.from_scryfall({"name": "No cost field"}).mana_value == 0


def test_x_is_0_off_the_stack_and_chosen_on_it_cr_202_3e() -> None:
    fireball = normal("Fireball", "{X}{R}")
    assert fireball.mana_value == 1
    assert fireball.mana_value_on_stack(x=5) == 6
    assert normal("Hydra", "{X}{X}{G}").mana_value_on_stack(x=3) == 7


def test_fractional_and_huge_mana_values() -> None:
    little_girl = normal("Little Girl", "{HW}")
    assert little_girl.mana_value == 0.5 and little_girl.colors == Color.W
    assert normal("Gleemax", "{1000000}").mana_value == 1000000


# -- CR 903.4: color identity ----------------------------------------------------------


def test_color_identity_counts_rules_text_symbols_cr_903_4_example() -> None:
    bosh = normal(
        "Bosh, Iron Golem",
        "{8}",
        oracle_text="Trample\n{3}{R}, Sacrifice an artifact: Bosh, Iron Golem deals damage "
        "equal to the sacrificed artifact's mana value to any target.",
    )
    assert bosh.colors == COLORLESS
    assert bosh.color_identity == Color.R


def test_reminder_text_is_ignored_for_color_identity_cr_903_4c() -> None:
    syndic = normal(
        "Syndic of Tithes",
        "{1}{W}",
        oracle_text="Extort (Whenever you cast a spell, you may pay {W/B}. If you do, each "
        "opponent loses 1 life and you gain that much life.)",
    )
    assert syndic.color_identity == Color.W


def test_basic_land_types_count_for_color_identity_cr_305_6_903_4() -> None:
    tundra = normal("Tundra", type_line="Land — Plains Island", oracle_text="")
    assert tundra.colors == COLORLESS
    assert tundra.color_identity == Color.W | Color.U
    # Not for a nonland with such a subtype, nor for other land types.
    assert normal("Urza's Mine", type_line="Land — Urza's Mine").color_identity == COLORLESS


def test_hybrid_and_phyrexian_text_symbols_count_cr_903_4() -> None:
    assert normal("A", "{2}", oracle_text="{G/P}: Regenerate.").color_identity == Color.G
    assert normal("B", "{1}", oracle_text="{W/U}: Untap.").color_identity == Color.W | Color.U
    assert normal("C", "{1}", oracle_text="{T}: Add {C}.").color_identity == COLORLESS


# -- mana_value_on_stack arguments --------------------------------------------------------


def test_face_can_be_named_or_indexed() -> None:
    assault = card(ASSAULT_BATTERY)
    assert assault.face_index("Battery") == 1 and assault.face_index(0) == 0
    with pytest.raises(MtgManaError, match="no face named"):
        assault.mana_value_on_stack(face="Fire")
    with pytest.raises(MtgManaError, match="no face 2"):
        assault.mana_value_on_stack(face=2)
    with pytest.raises(MtgManaError):
        assault.mana_value_on_stack(face=True)
    with pytest.raises(MtgManaError):
        normal("Grizzly Bears", "{1}{G}").mana_value_on_stack(face=1)


def test_bad_x_and_fused_arguments_raise() -> None:
    fireball = normal("Fireball", "{X}{R}")
    with pytest.raises(MtgManaError):
        fireball.mana_value_on_stack(x=-1)
    with pytest.raises(MtgManaError):
        card(ALIVE_WELL).mana_value_on_stack(fused=1)  # type: ignore[arg-type]


# -- malformed input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        None,
        "Fire // Ice",
        ["name", "Fire"],
        {},
        {"name": ""},
        {"name": 7},
        {"name": None},
        {"name": "X", "mana_cost": 3},
        {"name": "X", "mana_cost": "{W"},
        {"name": "X", "mana_cost": "{T}"},
        {"name": "X", "mana_cost": "2WU"},
        {"name": "X", "mana_cost": ["{W}"]},
        {"name": "X", "oracle_text": 5},
        {"name": "X", "type_line": ["Creature"]},
        {"name": "X", "layout": 3},
        {"name": "X", "color_indicator": "W"},
        {"name": "X", "color_indicator": ["Q"]},
        {"name": "X", "colors": ["P"]},
        {"name": "X", "colors": "W"},
        {"name": "X", "card_faces": []},
        {"name": "X", "card_faces": "faces"},
        {"name": "X", "card_faces": [None, None]},
        {"name": "X", "card_faces": [{"mana_cost": "{W}"}, {"name": "B"}]},
        {"name": "X", "card_faces": [{"name": "A", "mana_cost": "{W/W}"}, {"name": "B"}]},
        {"name": "X", "card_faces": [{"name": "A", "oracle_text": 1}, {"name": "B"}]},
        {"name": "X", "card_faces": [{"name": "A", "colors": ["X"]}, {"name": "B"}]},
        {"name": "X", "mana_cost": 1, "card_faces": [{"name": "A"}, {"name": "B"}]},
        {"name": "A // B", "mana_cost": "{W} // {U} // {B}"},
    ],
)
def test_malformed_objects_raise_mtgmana_error(record: Any) -> None:
    with pytest.raises(MtgManaError):
        Card.from_scryfall(record)


def test_malformed_meld_fronts_raise_mtgmana_error() -> None:
    bruna, gisela = card(BRUNA), card(GISELA)
    for fronts in ([bruna], [bruna, gisela, bruna], ["Bruna", "Gisela"], "BG", None, 5):
        with pytest.raises(MtgManaError):
            Card.from_scryfall(BRISELA, meld_fronts=fronts)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):  # a meld result has no mana cost
        Card.from_scryfall(GISELA, meld_fronts=(bruna, gisela))
    with pytest.raises(MtgManaError):
        Card.from_scryfall(HUNTMASTER, meld_fronts=(bruna, gisela))
    with pytest.raises(MtgManaError):
        Card.from_scryfall({**BRISELA, "layout": "normal"}, meld_fronts=(bruna, gisela))


def test_mtgmana_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Card.from_scryfall({"name": "X", "mana_cost": "{W"})


# -- value semantics ------------------------------------------------------------------------


def test_cards_and_faces_are_immutable() -> None:
    huntmaster = card(HUNTMASTER)
    with pytest.raises(AttributeError):
        huntmaster.name = "Other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        huntmaster.mana_value = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        huntmaster.faces[0].mana_value = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        huntmaster.extra = 1  # type: ignore[attr-defined]
    assert not hasattr(huntmaster, "__dict__") and not hasattr(huntmaster.faces[0], "__dict__")


def test_cards_and_faces_are_made_only_by_from_scryfall() -> None:
    with pytest.raises(TypeError):
        Card()
    with pytest.raises(TypeError):
        Face()


def test_cards_are_hashable_and_compare_by_value() -> None:
    a, b = card(HUNTMASTER), card(dict(HUNTMASTER))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.faces == b.faces and hash(a.faces[1]) == hash(b.faces[1])
    assert a != card(DELVER)
    assert a != "Huntmaster of the Fells"
    assert normal("X", "{1}") == normal("X", "{1}")
    assert normal("X", "{1}").faces == normal("X", "{1}").faces


def test_copy_and_pickle_keep_the_value() -> None:
    for record in (HUNTMASTER, ASSAULT_BATTERY, BONECRUSHER, KITSUNE_MYSTIC, VALKI):
        original = card(record)
        assert copy.copy(original) is original and copy.deepcopy(original) is original
        restored = pickle.loads(pickle.dumps(original))
        assert restored == original
        assert restored.color_identity == original.color_identity
    brisela = card(BRISELA, meld_fronts=(card(BRUNA), card(GISELA)))
    restored = pickle.loads(pickle.dumps(brisela))
    assert restored == brisela and restored.mana_value == 11
    grizzly = normal("Grizzly Bears", "{1}{G}")
    assert pickle.loads(pickle.dumps(grizzly)).faces == grizzly.faces


def test_repr_is_informative() -> None:
    text = repr(card(HUNTMASTER))
    assert "Huntmaster of the Fells // Ravager of the Fells" in text
    assert "transform" in text and "{2}{R}{G}" in text and "mana_value=4" in text
    assert "RG" in text
    face_text = repr(card(HUNTMASTER).faces[1])
    assert "Ravager of the Fells" in face_text and "mana_value=4" in face_text
    assert "back" in face_text
    assert "no-mana-cost" in repr(normal("Forest"))
    assert "colorless" in repr(normal("Gleemax", "{1000000}"))


def test_attributes_of_a_normal_card() -> None:
    bears = normal(
        "Grizzly Bears", "{1}{G}", type_line="Creature — Bear", oracle_text="", layout="normal"
    )
    assert bears.name == "Grizzly Bears" and bears.layout is Layout.NORMAL
    assert bears.type_line == "Creature — Bear" and bears.oracle_text == ""
    assert bears.color_indicator is None and bears.meld_fronts == ()
    (face,) = bears.faces
    assert face.name == "Grizzly Bears" and face.mana_cost == ManaCost.parse("{1}{G}")
    assert face.type_line == "Creature — Bear" and face.oracle_text == ""
    assert face.colors == Color.G and face.color_indicator is None
    assert not face.is_back and face.mana_value == 2 and face.copy_mana_value == 2


def test_oracle_text_of_a_card_with_faces_joins_the_faces() -> None:
    assault = card(ASSAULT_BATTERY)
    assert assault.oracle_text == (
        "Assault deals 2 damage to any target.\n//\nCreate a 3/3 green Elephant creature token."
    )
    assert assault.type_line == "Sorcery // Sorcery"
