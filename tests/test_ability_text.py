"""Reading mana abilities from rules text: hand-checked models of real cards from the
bundled database, the mana tokens, unsupported abilities with their reasons, bad
input, and a run over the whole database (CR 605, 106.7, 106.12, 305.6, 614)."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from mtgmana import MtgManaError, UnknownCardError
from mtgmana.ability_text import CardMana, mana_of, parse_mana, read_number
from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import (
    ANY_COLOR,
    CHOSEN_TYPE,
    ActivationCost,
    Amount,
    Choice,
    Condition,
    DynamicSlot,
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PermanentFilter,
    Production,
    ReplacementKind,
    bind_chosen_type,
    slot,
)
from mtgmana.board.tokens import TOKENS, token
from mtgmana.cards import Card, CardDatabase
from mtgmana.colors import Color, ManaType
from mtgmana.costs import ManaCost
from mtgmana.restriction_text import parse_restriction
from mtgmana.restrictions import Restriction, Spend, abilities, cost_contains, spells
from mtgmana.tapping import can_pay

ROOT = Path(__file__).resolve().parents[1]
T = ActivationCost(tap=True)
WUBRG = "WUBRG"


@cache
def db() -> CardDatabase:
    return CardDatabase.bundled()


def card(name: str) -> Card:
    return db().lookup(name)


def ch(*slots: str | frozenset[ManaType] | DynamicSlot, damage: int = 0) -> Choice:
    """A choice: each argument is one mana; a string of letters is a slot of those
    types (``ch("W", "U")`` is {W}{U}, ``ch("WU")`` one mana that is {W} or {U})."""
    return Choice(tuple(slot(s) if isinstance(s, str) else s for s in slots), damage)


def ab(
    cost: ActivationCost,
    *choices: Choice,
    per: Amount | None = None,
    same: bool = True,
    restriction: Restriction | None = None,
    once: bool = False,
    condition: Condition | None = None,
) -> ManaAbility:
    return ManaAbility(cost, Production(choices, per, same), restriction, once, condition=condition)


def cost(**fields: object) -> ActivationCost:
    mana = fields.pop("mana", None)
    if isinstance(mana, str):
        fields["mana"] = ManaCost.parse(mana)
    return ActivationCost(**fields)  # type: ignore[arg-type]


def one_color(n: int) -> tuple[Choice, ...]:
    """ "n mana of any one color"."""
    return tuple(ch(*(c * n)) for c in WUBRG)


def abilities_of(name: str, face: int | str = 0) -> tuple[ManaAbility, ...]:
    result = mana_of(card(name), face)
    assert result.unsupported == (), result.unsupported
    return result.abilities


def reasons(name: str) -> list[str]:
    return [reason for _, reason in mana_of(card(name)).unsupported]


def permanents(**fields: object) -> Amount:
    return Amount("permanents", PermanentFilter(**fields))  # type: ignore[arg-type]


# -- activated mana abilities, by template ----------------------------------------------

EXPECTED: dict[str, tuple[ManaAbility, ...]] = {
    # CR 305.6: basic land types give "{T}: Add [symbol]" (the text is reminder text)
    "Forest": (ManaAbility.simple("G"),),
    "Snow-Covered Island": (ManaAbility.simple("U"),),
    "Tundra": (ManaAbility.simple("WU"),),
    "Tropical Island": (ManaAbility.simple("GU"),),
    "Dryad Arbor": (ManaAbility.simple("G"),),
    "Wastes": (ManaAbility.simple("C"),),
    # painlands: the two {T} abilities are one, with damage on the colored choices
    # CR 113.2c: a painland's two abilities are two abilities, as printed
    "Adarkar Wastes": (ManaAbility.simple("C"), ManaAbility.pain("", "WU")),
    "Talisman of Progress": (ManaAbility.simple("C"), ManaAbility.pain("", "WU")),
    "Murmuring Bosk": (ManaAbility.simple("G"), ManaAbility.pain("", "WB")),
    "Elves of Deep Shadow": (ab(T, ch("B", damage=1)),),
    "Ancient Tomb": (ab(T, ch("C", "C", damage=2)),),
    "City of Brass": (ab(T, ch(ANY_COLOR, damage=1)),),  # "Whenever ~ becomes tapped"
    "Grand Coliseum": (ab(T, ch("C")), ab(T, ch(ANY_COLOR, damage=1))),
    # fixed mana and "or"
    "Sol Ring": (ManaAbility.fixed("CC"),),
    "Grim Monolith": (ManaAbility.fixed("CCC"),),
    "Mana Vault": (ManaAbility.fixed("CCC"),),
    "Llanowar Elves": (ManaAbility.simple("G"),),
    "Elvish Mystic": (ManaAbility.simple("G"),),
    "Noble Hierarch": (ManaAbility.simple("GWU"),),
    "Azorius Signet": (ab(cost(tap=True, mana="{1}"), ch("W", "U")),),
    "Sunken Ruins": (
        ManaAbility.simple("C"),
        ab(cost(tap=True, mana="{U/B}"), ch("U", "U"), ch("U", "B"), ch("B", "B")),
    ),
    "Castle Garenbrig": (
        ManaAbility.simple("G"),
        ab(
            cost(tap=True, mana="{2}{G}{G}"),
            ch(*"GGGGGG"),
            restriction=spells(types="Creature") | abilities(source_types="Creature"),
        ),
    ),
    # any color, any one color, combinations, different colors
    "Birds of Paradise": (ab(T, ch(ANY_COLOR)),),
    "Mox Diamond": (ab(T, ch(ANY_COLOR)),),
    "Gilded Lotus": (ab(T, *one_color(3)),),
    "Lotus Field": (ab(T, *one_color(3)),),
    "Firemind Vessel": (ab(T, *(ch(a, b) for i, a in enumerate(WUBRG) for b in WUBRG[i + 1 :])),),
    "Terrarion": (ab(cost(tap=True, mana="{2}", sacrifice_self=True), ch(ANY_COLOR, ANY_COLOR)),),
    "Goblin Clearcutter": (ab(cost(tap=True, sacrifice="Forest"), ch("RG", "RG", "RG")),),
    # could produce (CR 106.7) and chosen colors
    "Exotic Orchard": (ab(T, ch(DynamicSlot.OPPONENT_LAND_COLORS)),),
    "Fellwar Stone": (ab(T, ch(DynamicSlot.OPPONENT_LAND_COLORS)),),
    "Sylvok Explorer": (ab(T, ch(DynamicSlot.OPPONENT_LAND_COLORS)),),
    "Reflecting Pool": (ab(T, ch(DynamicSlot.OWN_LAND_TYPES)),),
    "Harvester Druid": (ab(T, ch(DynamicSlot.OWN_LAND_COLORS)),),
    "Meteor Crater": (ab(T, ch(DynamicSlot.PERMANENT_COLORS)),),
    "Coldsteel Heart": (ab(T, ch(DynamicSlot.CHOSEN_COLOR)),),
    "Thriving Heath": (ab(T, ch("W"), ch(DynamicSlot.CHOSEN_COLOR)),),
    # board-dependent amounts
    "Gaea's Cradle": (ab(T, ch("G"), per=permanents(card_types=frozenset({"Creature"}))),),
    "Serra's Sanctum": (ab(T, ch("W"), per=permanents(card_types=frozenset({"Enchantment"}))),),
    "Cabal Coffers": (
        ab(cost(tap=True, mana="{2}"), ch("B"), per=permanents(subtypes=frozenset({"Swamp"}))),
    ),
    "Cabal Stronghold": (
        ManaAbility.simple("C"),
        ab(
            cost(tap=True, mana="{3}"),
            ch("B"),
            per=permanents(subtypes=frozenset({"Swamp"}), supertypes=frozenset({"Basic"})),
        ),
    ),
    "Cloudpost": (ab(T, ch("C"), per=permanents(subtypes=frozenset({"Locus"}), controller="any")),),
    "Priest of Titania": (
        ab(T, ch("G"), per=permanents(subtypes=frozenset({"Elf"}), controller="any")),
    ),
    "Elvish Archdruid": (ab(T, ch("G"), per=permanents(subtypes=frozenset({"Elf"}))),),
    "Harabaz Druid": (
        ab(T, *(ch(c) for c in WUBRG), per=permanents(subtypes=frozenset({"Ally"}))),
    ),
    "Karametra's Acolyte": (ab(T, ch("G"), per=Amount("devotion", colors="G")),),
    # Nykthos: five choices, devotion to the chosen one's color (Amount without colors)
    "Nykthos, Shrine to Nyx": (
        ManaAbility.simple("C"),
        ab(cost(tap=True, mana="{2}"), *(ch(c) for c in WUBRG), per=Amount("devotion")),
    ),
    # counters removed as a cost
    "Bottomless Vault": (ab(cost(tap=True, counter="storage"), ch("B"), per=Amount("counters")),),
    "Calciform Pools": (
        ManaAbility.simple("C"),
        ab(cost(mana="{1}", counter="storage"), ch("WU"), per=Amount("counters"), same=False),
    ),
    "Crucible of the Spirit Dragon": (
        ManaAbility.simple("C"),
        ab(
            cost(tap=True, counter="storage"),
            ch(ANY_COLOR),
            per=Amount("counters"),
            same=False,
            restriction=spells(subtypes="Dragon") | abilities(source_subtypes="Dragon"),
        ),
    ),
    "Mirrodin's Core": (
        ManaAbility.simple("C"),
        ab(cost(tap=True, remove_counters=1, counter="charge"), ch(ANY_COLOR)),
    ),
    "Rasputin Dreamweaver": (ab(cost(remove_counters=1, counter="dream"), ch("C")),),
    "Ramos, Dragon Engine": (
        ab(cost(remove_counters=5, counter="+1/+1"), ch(*"WWUUBBRRGG"), once=True),
    ),
    # sacrificing, tapping others, life, {Q}
    "Lotus Petal": (ab(cost(tap=True, sacrifice_self=True), ch(ANY_COLOR)),),
    "Black Lotus": (ab(cost(tap=True, sacrifice_self=True), *one_color(3)),),
    "Blood Pet": (ab(cost(sacrifice_self=True), ch("B")),),
    "Ashnod's Altar": (ab(cost(sacrifice="creature"), ch("C", "C")),),
    "Phyrexian Altar": (ab(cost(sacrifice="creature"), ch(ANY_COLOR)),),
    "Skirk Prospector": (ab(cost(sacrifice="Goblin"), ch("R")),),
    "Springleaf Drum": (ab(cost(tap=True, tap_other="creature"), ch(ANY_COLOR)),),
    "Mana Confluence": (ab(cost(tap=True, life=1), ch(ANY_COLOR)),),
    "Treasonous Ogre": (ab(cost(life=3), ch("R")),),
    "Pili-Pala": (ab(cost(untap=True, mana="{2}"), ch(ANY_COLOR)),),
    "Gravestone Strider": (ab(cost(mana="{1}"), ch(ANY_COLOR), once=True),),
    # restrictions (CR 106.6)
    "Ancient Ziggurat": (ab(T, ch(ANY_COLOR), restriction=spells(types="Creature")),),
    "Rosheen Meanderer": (ab(T, ch(*"CCCC"), restriction=cost_contains("{X}")),),
    "Mishra's Workshop": (ab(T, ch(*"CCC"), restriction=spells(types="Artifact")),),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hand_checked_abilities(name: str) -> None:
    assert abilities_of(name) == EXPECTED[name]


def test_enough_hand_checked_cards() -> None:
    assert len(EXPECTED) + len(TRIGGERS) + len(REPLACEMENTS) + len(UNSUPPORTED) >= 60


def test_painland_choices_print_like_the_rules() -> None:
    """CR 113.2c: "{T}: Add {C}." and "{T}: Add {W} or {U}. This land deals 1 damage
    to you." are two abilities; the second's choices are type by type."""
    colorless, painful = abilities_of("Adarkar Wastes")
    assert [(str(c), c.damage) for c in colorless.production.choices] == [("{C}", 0)]
    assert [(str(c), c.damage) for c in painful.production.choices] == [("{W}", 1), ("{U}", 1)]
    assert painful.text == "{T}: Add {W} or {U}. This land deals 1 damage to you."


def test_ability_text_is_kept_and_not_compared() -> None:
    (signet,) = abilities_of("Azorius Signet")
    assert signet.text == "{1}, {T}: Add {W}{U}."
    (forest,) = abilities_of("Forest")
    assert forest.text == "{T}: Add {G}."


def test_notes_keep_what_happens_after_the_mana() -> None:
    marsh = mana_of(card("Cinder Marsh"))
    # not merged: the second ability has a note that the first doesn't
    assert marsh.abilities == (ManaAbility.simple("C"), ManaAbility.simple("BR"))
    assert any("doesn't untap" in note for note in marsh.notes)
    sphere = mana_of(card("Chromatic Sphere"))
    assert sphere.abilities == (ab(cost(tap=True, mana="{1}", sacrifice_self=True), ch(ANY_COLOR)),)
    assert any(note.startswith("Draw a card") for note in sphere.notes)
    mine = mana_of(card("Gemstone Mine"))
    assert mine.abilities == (
        ab(cost(tap=True, remove_counters=1, counter="mining"), ch(ANY_COLOR)),
    )
    assert any("sacrifice it" in note for note in mine.notes)
    boseiju = mana_of(card("Boseiju, Who Shelters All"))
    assert boseiju.abilities == (ab(cost(tap=True, life=2), ch("C")),)
    assert any("spent" in note for note in boseiju.notes)


def test_costs_that_are_noted_keep_their_text() -> None:
    """Exerting and putting a counter on itself are always payable; the cost's text
    says what else happens."""
    (wall,) = abilities_of("Wall of Roots")
    assert wall == ab(cost(text="Put a -0/-1 counter on this creature"), ch("G"), once=True)
    assert any("-0/-1" in note for note in mana_of(card("Wall of Roots")).notes)
    ritualist = abilities_of("Oasis Ritualist")
    assert ritualist == (
        ab(T, ch(ANY_COLOR)),
        ab(cost(tap=True, text="{T}, Exert this creature"), *one_color(2)),
    )


def test_chosen_type_restriction() -> None:
    """Cavern of Souls: "the chosen type" is CHOSEN_TYPE, which no spell has, until a
    creature type is chosen (mana_of(chosen_type=...), Permanent(chosen_type=...))."""
    cavern = mana_of(card("Cavern of Souls"))
    assert cavern.supported
    assert cavern.abilities == (
        ManaAbility.simple("C"),
        ab(T, ch(ANY_COLOR), restriction=spells(types="Creature", subtypes=CHOSEN_TYPE)),
    )
    unchosen = cavern.abilities[1].restriction
    assert unchosen is not None and not unchosen.allows(Spend.spell("Creature — Elf Druid"))
    elves = mana_of(card("Cavern of Souls"), chosen_type="Elf")
    assert elves.supported
    assert elves.abilities[1] == ab(
        T, ch(ANY_COLOR), restriction=spells(types="Creature", subtypes="Elf")
    )
    assert bind_chosen_type(cavern, "Elf") == elves
    assert any("can't be countered" in note for note in elves.notes)
    chosen = Permanent.named("Cavern of Souls", chosen_type="Elf").abilities[1].restriction
    assert chosen is not None
    assert chosen.allows(Spend.spell("Creature — Elf Druid"))
    assert not chosen.allows(Spend.spell("Creature — Goblin"))
    assert not chosen.allows(Spend.spell("Tribal Instant — Elf"))


def test_double_faced_cards_read_the_face_asked_for() -> None:
    bala_ged = card("Bala Ged Recovery // Bala Ged Sanctuary")
    assert not mana_of(bala_ged).has_mana
    assert mana_of(bala_ged, 1).abilities == (ManaAbility.simple("G"),)
    assert mana_of(bala_ged, "Bala Ged Sanctuary").abilities == (ManaAbility.simple("G"),)


# -- templates that depend on the board (CR 602.5b, 106.7, 721.2a, 903.4f) ----------------


def you_control(*wanted: tuple[PermanentFilter, int], negated: bool = False) -> Condition:
    return Condition(wanted, negated=negated)


def instead(
    *wanted: tuple[PermanentFilter, int], negated: bool = False, **more: object
) -> Condition:
    return Condition(wanted, negated=negated, activation=False, **more)  # type: ignore[arg-type]


def lands_of(*types: str, n: int = 1) -> tuple[PermanentFilter, int]:
    return PermanentFilter(subtypes=frozenset(types)), n


def urzas(kind: str) -> tuple[PermanentFilter, int]:
    return PermanentFilter(all_subtypes=frozenset({"Urza's", kind})), 1


VERGES = {
    # name: (the free color, the conditional one, the land types it asks for)
    "Blazemire Verge": ("B", "R", ("Swamp", "Mountain")),
    "Bleachbone Verge": ("B", "W", ("Plains", "Swamp")),
    "Floodfarm Verge": ("W", "U", ("Plains", "Island")),
    "Gloomlake Verge": ("U", "B", ("Island", "Swamp")),
    "Hushwood Verge": ("G", "W", ("Forest", "Plains")),
    "Riverpyre Verge": ("R", "U", ("Island", "Mountain")),
    "Sunbillow Verge": ("W", "R", ("Mountain", "Plains")),
    "Thornspire Verge": ("R", "G", ("Mountain", "Forest")),
    "Wastewood Verge": ("G", "B", ("Swamp", "Forest")),
    "Willowrush Verge": ("U", "G", ("Forest", "Island")),
}


@pytest.mark.parametrize("name", sorted(VERGES))
def test_verges(name: str) -> None:
    """ "{T}: Add {R}. Activate only if you control a Swamp or a Mountain." (CR 602.5b)"""
    free, conditional, types = VERGES[name]
    assert abilities_of(name) == (
        ManaAbility.simple(free),
        ab(T, ch(conditional), condition=you_control(lands_of(*types))),
    )
    (_, ability) = abilities_of(name)
    assert ability.condition is not None and ability.condition.activation


TAINTED = {"Tainted Field": "WB", "Tainted Isle": "UB", "Tainted Peak": "BR", "Tainted Wood": "BG"}


@pytest.mark.parametrize("name", sorted(TAINTED))
def test_tainted_lands(name: str) -> None:
    assert abilities_of(name) == (
        ManaAbility.simple("C"),
        ab(T, ch(TAINTED[name]), condition=you_control(lands_of("Swamp"))),
    )


LANDS = PermanentFilter(card_types=frozenset({"Land"}))
ARTIFACTS = PermanentFilter(card_types=frozenset({"Artifact"}))

CONDITIONS: dict[str, tuple[ManaAbility, ...]] = {
    "Nimbus Maze": (
        ManaAbility.simple("C"),
        ab(T, ch("W"), condition=you_control(lands_of("Island"))),
        ab(T, ch("U"), condition=you_control(lands_of("Plains"))),
    ),
    "Spire of Industry": (
        ManaAbility.simple("C"),
        ab(cost(tap=True, life=1), ch(ANY_COLOR), condition=you_control((ARTIFACTS, 1))),
    ),
    "Temple of the False God": (ab(T, ch("C", "C"), condition=you_control((LANDS, 5))),),
    "Shrine of the Forsaken Gods": (
        ManaAbility.simple("C"),
        ab(
            T,
            ch("C", "C"),
            restriction=spells(colorless=True),
            condition=you_control((LANDS, 7)),
        ),
    ),
    "Mox Opal": (ab(T, ch(ANY_COLOR), condition=you_control((ARTIFACTS, 3))),),
    "Mox Jasper": (
        ab(
            T,
            ch(ANY_COLOR),
            condition=you_control((PermanentFilter(subtypes=frozenset({"Dragon"})), 1)),
        ),
    ),
    # metalcraft, and "for each Urza's land you control" (a subtype and a card type)
    "Urza's Workshop": (
        ManaAbility.simple("C"),
        ab(
            T,
            ch("C"),
            per=Amount(
                "permanents",
                PermanentFilter(frozenset({"Land"}), all_subtypes=frozenset({"Urza's"})),
            ),
            condition=you_control((ARTIFACTS, 3)),
        ),
    ),
    "Mirrex": (
        ManaAbility.simple("C"),
        ab(T, ch(ANY_COLOR), condition=Condition(entered_this_turn=True)),
    ),
    "Pyramid of the Pantheon": (
        ab(cost(tap=True, mana="{2}"), ch(ANY_COLOR)),
        ab(T, *one_color(3), condition=Condition(counters=3)),
    ),
    "Whisperer of the Wilds": (
        ManaAbility.simple("G"),
        ab(
            T,
            ch("G", "G"),
            condition=you_control((PermanentFilter(frozenset({"Creature"}), min_power=4), 1)),
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(CONDITIONS))
def test_activation_conditions(name: str) -> None:
    assert abilities_of(name) == CONDITIONS[name]


def test_tron_lands() -> None:
    """ "If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead":
    two abilities with complementary conditions, checked as the ability resolves."""
    for name, others, amount in (
        ("Urza's Tower", ("Mine", "Power-Plant"), "CCC"),
        ("Urza's Mine", ("Power-Plant", "Tower"), "CC"),
        ("Urza's Power Plant", ("Mine", "Tower"), "CC"),
    ):
        both = instead(*(urzas(kind) for kind in others))
        assert abilities_of(name) == (
            ab(T, ch("C"), condition=both.negate()),
            ab(T, ch(*amount), condition=both),
        ), name
    tower = Permanent.named("Urza's Tower")
    assert not tower.abilities[1].condition.activation  # type: ignore[union-attr]
    assert can_pay("{7}", Board.parse("Urza's Tower, Urza's Mine, Urza's Power Plant"))
    assert not can_pay("{8}", Board.parse("Urza's Tower, Urza's Mine, Urza's Power Plant"))
    assert not can_pay("{3}", Board.parse("Urza's Tower, Urza's Mine"))
    assert can_pay("{2}", Board.parse("Urza's Tower, Urza's Mine"))


def test_gemstone_caverns() -> None:
    """ "If Gemstone Caverns has a luck counter on it, instead add one mana of any color"
    (its ``counters`` are luck counters)."""
    lucky = instead(counters=1)
    assert abilities_of("Gemstone Caverns") == (
        ab(T, ch("C"), condition=lucky.negate()),
        ab(T, ch(ANY_COLOR), condition=lucky),
    )
    assert not can_pay("{G}", Board.parse("Gemstone Caverns"))
    assert can_pay("{C}", Board.parse("Gemstone Caverns"))
    caverns = Board((Permanent.named("Gemstone Caverns", counters=1),))
    assert can_pay("{G}", caverns)
    assert not can_pay("{C}", caverns)
    assert caverns.could_produce() == [ANY_COLOR]


def test_instead_and_unless() -> None:
    played = instead(land_played=True)
    assert abilities_of("River of Tears") == (
        ab(T, ch("U"), condition=played.negate()),
        ab(T, ch("B"), condition=played),
    )
    ogre = instead((PermanentFilter(subtypes=frozenset({"Ogre"})), 1))
    # "Tomb of Urami deals 1 damage to you if you don't control an Ogre"
    assert abilities_of("Tomb of Urami") == (
        ab(T, ch("B"), condition=ogre),
        ab(T, ch("B", damage=1), condition=ogre.negate()),
    )
    creatures = instead((PermanentFilter(frozenset({"Creature"})), 4))
    assert abilities_of("Leafkin Druid") == (
        ab(T, ch("G"), condition=creatures.negate()),
        ab(T, ch("G", "G"), condition=creatures),
    )


COMMANDER = DynamicSlot.COMMANDER_COLORS


def test_commander_color_identity() -> None:
    """ "one mana of any color in your commander's color identity" (CR 903.4f)."""
    for name in ("Command Tower", "Arcane Signet", "Commander's Sphere", "Path of Ancestry"):
        assert abilities_of(name) == (ab(T, ch(COMMANDER)),), name
    assert abilities_of("Opal Palace") == (
        ManaAbility.simple("C"),
        ab(cost(tap=True, mana="{1}"), ch(COMMANDER)),
    )
    assert any("spent" in note for note in mana_of(card("Path of Ancestry")).notes)


def test_command_tower_with_and_without_a_commander() -> None:
    tower = Board.parse("Command Tower")
    assert tower.could_produce() == [frozenset()]  # no commander: no mana (CR 903.4f)
    assert not can_pay("{1}", tower)
    golgari = tower.with_state(commander_colors=Color.parse("BG"))
    assert golgari.could_produce() == [frozenset({ManaType.B, ManaType.G})]
    assert can_pay("{G}", golgari) and can_pay("{B}", golgari)
    assert not can_pay("{W}", golgari)
    colorless = tower.with_state(commander_colors=Color(0))  # Kozilek: no color to choose
    assert not can_pay("{1}", colorless)


OWN = Amount("own counters")


def test_counters_on_the_permanent() -> None:
    assert abilities_of("City of Shadows") == (ab(T, ch("C"), per=OWN),)
    assert abilities_of("Everflowing Chalice") == (ab(T, ch("C"), per=OWN),)
    assert abilities_of("Gyre Sage") == (ab(T, ch("G"), per=OWN),)
    assert abilities_of("Astral Cornucopia") == (ab(T, *(ch(c) for c in WUBRG), per=OWN),)
    assert abilities_of("Lotus Blossom") == (
        ab(cost(tap=True, sacrifice_self=True), *one_color(1), per=OWN),
    )
    # "Put a charge counter on this artifact. Add X ...": the new counter counts
    assert abilities_of("Empowered Autogenerator") == (
        ab(T, *one_color(1), per=Amount("own counters", plus=1)),
    )
    shadows = Board((Permanent.named("City of Shadows", counters=3),))
    assert can_pay("{3}", shadows) and not can_pay("{4}", shadows)
    assert not can_pay("{1}", Board.parse("City of Shadows"))
    assert Board.parse("City of Shadows").could_produce() == [frozenset()]  # CR 106.7


BATTERIES = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}


@pytest.mark.parametrize("color", sorted(BATTERIES))
def test_mana_batteries(color: str) -> None:
    """ "Remove any number of charge counters: Add {B}, then add an additional {B} for
    each charge counter removed this way": removing none gives one {B}."""
    letter = BATTERIES[color]
    assert abilities_of(f"{color} Mana Battery") == (
        ab(
            cost(tap=True, counter="charge"),
            ch(letter),
            per=Amount("counters", plus=1),
        ),
    )
    symbol = "{" + letter + "}"
    empty = Board.parse(f"{color} Mana Battery")
    assert can_pay(symbol, empty) and not can_pay(symbol * 2, empty)
    charged = Board((Permanent.named(f"{color} Mana Battery", counters=2),))
    assert can_pay(symbol * 3, charged) and not can_pay(symbol * 4, charged)


def test_kyren_toy() -> None:
    assert abilities_of("Kyren Toy")[0] == ab(
        cost(tap=True, counter="charge"), ch("C"), per=Amount("counters", plus=1)
    )


POWER = Amount("power")


def test_power_as_an_amount() -> None:
    """ "an amount of {G} equal to this creature's power", "X mana of any one color,
    where X is this creature's power" (CR 107.1b: a negative power adds nothing)."""
    for name in (
        "Cradle Clearcutter",
        "Viridian Joiner",
        "Rainveil Rejuvenator",
        "Marwyn, the Nurturer",
    ):
        assert abilities_of(name) == (ab(T, ch("G"), per=POWER),), name
    for name in ("Heronblade Elite", "Kami of Whispered Hopes"):
        assert abilities_of(name) == (ab(T, *(ch(c) for c in WUBRG), per=POWER),), name
    assert abilities_of("Bighorner Rancher") == (
        ab(T, ch("G"), per=Amount("greatest power", PermanentFilter(frozenset({"Creature"})))),
    )
    joiner = Permanent.named("Viridian Joiner", power=3)
    assert can_pay("{G}{G}{G}", Board((joiner,)))
    assert not can_pay("{G}{G}{G}{G}", Board((joiner,)))
    assert not can_pay("{G}", Board((joiner.with_state(power=-1),)))  # CR 107.1b example


def test_gates_and_legendary_colors() -> None:
    assert abilities_of("Gond Gate") == (ab(T, ch("C"), ch(DynamicSlot.GATE_COLORS)),)
    assert abilities_of("Plaza of Harmony") == (ab(T, ch("C"), ch(DynamicSlot.GATE_TYPES)),)
    legendary = parse_restriction("Spend this mana only to cast a legendary spell.")
    assert abilities_of("Plaza of Heroes") == (
        ab(T, ch("C"), ch(DynamicSlot.LEGENDARY_COLORS)),
        ab(T, ch(ANY_COLOR), restriction=legendary),
    )
    assert abilities_of("Mox Amber") == (
        ab(T, ch(DynamicSlot.LEGENDARY_CREATURE_PLANESWALKER_COLORS)),
    )
    gates = Board.parse("Gond Gate, Azorius Guildgate")
    assert gates.could_produce()[0] == frozenset({ManaType.C, ManaType.W, ManaType.U})
    assert not can_pay("{G}{G}", Board.parse("Gond Gate, Forest"))  # a Forest isn't a Gate
    elves = Permanent.named("Llanowar Elves", summoning_sick=True)  # nonlegendary, green
    heroes = Board((Permanent.named("Plaza of Heroes"), elves))
    assert not can_pay("{G}", heroes)  # only legendary spells may use the any-color mana
    assert can_pay("{W}", Board.parse("Plaza of Heroes, Isamaru, Hound of Konda"))


def test_baldurs_gate_counts_other_gates() -> None:
    other_gates = PermanentFilter(subtypes=frozenset({"Gate"}), other=True)
    assert abilities_of("Baldur's Gate") == (
        ManaAbility.simple("C"),
        ab(
            cost(tap=True, mana="{2}"),
            *(ch(c) for c in WUBRG),
            per=Amount("permanents", other_gates),
        ),
    )
    # {2} from two Gates, then two mana of one color (Baldur's Gate itself doesn't count)
    board = Board.parse("Baldur's Gate, Azorius Guildgate, Gond Gate")
    assert can_pay("{R}{R}", board)
    assert not can_pay("{R}{R}{R}", board)


def test_chosen_type_amount() -> None:
    """Three Tree City: "the number of creatures you control of the chosen type"."""
    creatures = PermanentFilter(frozenset({"Creature"}), frozenset({CHOSEN_TYPE}))
    assert abilities_of("Three Tree City") == (
        ManaAbility.simple("C"),
        ab(
            cost(tap=True, mana="{2}"), *(ch(c) for c in WUBRG), per=Amount("permanents", creatures)
        ),
    )
    city = Permanent.named("Three Tree City", chosen_type="Elf")
    elf = Permanent.named("Llanowar Elves", summoning_sick=True)  # can't tap for {G}
    elves = Board((city, elf, elf, *Board.parse("Forest, Island").permanents))
    assert can_pay("{G}{G}", elves)  # Forest and Island pay {2}: two Elves, two {G}
    assert not can_pay("{G}{G}{G}", elves)
    unchosen = Board((city.with_state(chosen_type=None), *elves.permanents[1:]))
    assert not can_pay("{G}{G}", unchosen)


def test_cryptic_spires() -> None:
    """ "one mana of either of the circled colors": ``Permanent.chosen_colors``."""
    assert abilities_of("Cryptic Spires") == (ab(T, ch(DynamicSlot.CHOSEN_COLORS)),)
    spires = Board((Permanent.named("Cryptic Spires", chosen_colors="WB"),))
    assert can_pay("{W}", spires) and can_pay("{B}", spires)
    assert not can_pay("{G}", spires)
    assert not can_pay("{1}", Board.parse("Cryptic Spires"))  # none circled: no mana


def test_station_abilities_need_charge_counters() -> None:
    """CR 721.2a: "STATION 12+" gives the abilities after it only while the permanent
    has 12 or more charge counters."""
    station = Condition(counters=12, activation=False)
    assert abilities_of("Evendo, Waking Haven") == (
        ManaAbility.simple("G"),
        ab(
            cost(tap=True, mana="{G}"),
            ch("G"),
            per=permanents(card_types=frozenset({"Creature"})),
            condition=station,
        ),
    )
    elevator = abilities_of("The Eternity Elevator")
    assert elevator[1].condition == Condition(counters=20, activation=False)


def test_conditions_print_like_the_rules() -> None:
    (_, verge) = abilities_of("Blazemire Verge")
    assert str(verge.condition) == "you control a Mountain or Swamp"
    (_, tower) = abilities_of("Urza's Tower")
    assert str(tower.condition) == "you control an Urza's Mine and an Urza's Power-Plant"
    (_, temple) = (None, *abilities_of("Temple of the False God"))
    assert str(temple.condition) == "you control five or more lands"  # type: ignore[union-attr]
    (_, damage) = abilities_of("Tomb of Urami")
    assert str(damage.condition) == "you don't control an Ogre"


# -- triggers and replacement effects ---------------------------------------------------

LANDS_ANYONE = PermanentFilter(card_types=frozenset({"Land"}), controller="any")

TRIGGERS: dict[str, ManaTrigger] = {
    "Wild Growth": ManaTrigger(PermanentFilter(attached=True), Production((ch("G"),))),
    "Overgrowth": ManaTrigger(PermanentFilter(attached=True), Production((ch("G", "G"),))),
    "Utopia Sprawl": ManaTrigger(
        PermanentFilter(attached=True), Production((ch(DynamicSlot.CHOSEN_COLOR),))
    ),
    "Dawn's Reflection": ManaTrigger(
        PermanentFilter(attached=True), Production((ch(ANY_COLOR, ANY_COLOR),))
    ),
    "Crypt Ghast": ManaTrigger(
        PermanentFilter(subtypes=frozenset({"Swamp"})), Production((ch("B"),))
    ),
    "Leyline of Abundance": ManaTrigger(
        PermanentFilter(card_types=frozenset({"Creature"})), Production((ch("G"),))
    ),
    "Vernal Bloom": ManaTrigger(
        PermanentFilter(subtypes=frozenset({"Forest"}), controller="any"), Production((ch("G"),))
    ),
    "High Tide": ManaTrigger(
        PermanentFilter(subtypes=frozenset({"Island"}), controller="any"), Production((ch("U"),))
    ),
    "Mana Flare": ManaTrigger(LANDS_ANYONE, same_type=True),
    "Zendikar Resurgent": ManaTrigger(
        PermanentFilter(card_types=frozenset({"Land"})), same_type=True
    ),
}


@pytest.mark.parametrize("name", sorted(TRIGGERS))
def test_mana_triggers(name: str) -> None:
    result = mana_of(card(name))
    assert result.supported, result.unsupported
    assert result.triggers == (TRIGGERS[name],)


REPLACEMENTS: dict[str, ManaReplacement] = {
    "Mana Reflection": ManaReplacement(ReplacementKind.MULTIPLY, PermanentFilter(), factor=2),
    "Nyxbloom Ancient": ManaReplacement(ReplacementKind.MULTIPLY, PermanentFilter(), factor=3),
    # "instead of any other type and amount": one {B}
    "Contamination": ManaReplacement(
        ReplacementKind.BECOMES, LANDS_ANYONE, becomes=ManaType.B, amount=1
    ),
    "Infernal Darkness": ManaReplacement(ReplacementKind.BECOMES, LANDS_ANYONE, becomes=ManaType.B),
    "Damping Sphere": ManaReplacement(ReplacementKind.DAMPING, LANDS_ANYONE),
    "Pale Moon": ManaReplacement(
        ReplacementKind.BECOMES,
        PermanentFilter(
            card_types=frozenset({"Land"}),
            controller="any",
            excluded_supertypes=frozenset({"Basic"}),
        ),
        becomes=ManaType.C,
    ),
}


@pytest.mark.parametrize("name", sorted(REPLACEMENTS))
def test_mana_replacements(name: str) -> None:
    result = mana_of(card(name))
    assert result.supported, result.unsupported
    assert result.replacements == (REPLACEMENTS[name],)


def test_effects_of_spells_are_noted() -> None:
    assert any("until end of turn" in note for note in mana_of(card("Pale Moon")).notes)
    assert any("until end of turn" in note for note in mana_of(card("High Tide")).notes)


# -- unsupported, with the reason -------------------------------------------------------

UNSUPPORTED: dict[str, str] = {
    "Hazel of the Rootbloom": "cost: Tap X untapped tokens you control",
    "Springjack Pasture": "cost: Sacrifice X Goats (X is a choice)",
    "Wizard's Rockets": "cost: {X} (an amount the player chooses)",
    "Mana Cache": "unrecognized effect: Any player may activate this ability",
    "Food Chain": "cost: Exile a creature you control",
    "Priest of Yawgmoth": "amount: the sacrificed artifact's mana value",
    "Jeweled Amulet": "mana: one mana of ~'s last noted type",
    "Jack-in-the-Mox": "a die roll decides the mana",
    "Cryptolith Fragment // Aurora of Emrakul": "life loss (not damage): Each player loses 1 life.",
    "Rhystic Cave": "mana of the chosen color",
    "Loot, the Pathfinder": "an exhaust ability can be activated only once (CR 702.177)",
    "Barbflare Gremlin": "a mana trigger's effect",
    "Gauntlet of Power": "a mana trigger with a condition",
}


@pytest.mark.parametrize("name", sorted(UNSUPPORTED))
def test_unsupported_with_reason(name: str) -> None:
    found = reasons(name)
    assert found, f"{name} should be unsupported"
    assert any(reason.startswith(UNSUPPORTED[name]) for reason in found), found


def test_partly_supported_cards_keep_what_they_can() -> None:
    pasture = mana_of(card("Springjack Pasture"))
    assert pasture.abilities == (ab(T, ch("C")),)
    assert pasture.unsupported[0][0] == (
        "{T}, Sacrifice X Goats: Add X mana of any one color. You gain X life."
    )
    lantern = mana_of(card("Chromatic Lantern"))
    assert lantern.abilities == (ab(T, ch(ANY_COLOR)),) and len(lantern.statics) == 1
    treespeaker = [reason for _, reason in mana_of(card("Joraga Treespeaker")).unsupported]
    assert treespeaker == ["only at some levels (CR 711 leveler, CR 716 Class)"] * 2


def test_activate_only_as_an_instant_is_read_with_its_timing() -> None:
    """CR 602.5e: it needs priority, so it isn't activated while a cost is paid (CR
    605.3a) but before, its mana floating: for a spell, the same mana; a cost paid
    while resolving something isn't modelled."""
    from mtgmana.board import Board, Permanent
    from mtgmana.restrictions import Spend
    from mtgmana.tapping import NotModelled, can_pay

    result = parse_mana("{T}: Add {C}. Activate only as an instant.")
    (ability,) = result.abilities
    assert ability.only_as_instant and result.unsupported == ()
    assert "CR 602.5e" in result.notes[0]
    where = Board((Permanent("Rock", result.abilities, type_line="Artifact"),))
    assert can_pay("{1}", where)
    with pytest.raises(NotModelled, match="priority"):
        can_pay("{1}", where, spend=Spend.other_cost("cumulative upkeep"))


NOT_MANA_ABILITIES = {
    "Dark Ritual": "CR 605.5b",  # a spell
    "Chandra, Torch of Defiance": "loyalty",  # CR 605.1a
    "Deathrite Shaman": "target",  # CR 605.5a
    "Witch Engine": "target",
    "Coalition Relic": "triggered ability that isn't a mana ability",
    "Manabarbs": "adds no mana",
    "Brood Butcher": "creates tokens",
}


@pytest.mark.parametrize("name", sorted(NOT_MANA_ABILITIES))
def test_lines_that_add_mana_without_being_mana_abilities_are_noted(name: str) -> None:
    result = mana_of(card(name))
    assert not result.unsupported
    assert any(NOT_MANA_ABILITIES[name] in note for note in result.notes), result.notes


# -- text without a card ----------------------------------------------------------------


def test_self_references() -> None:
    expected = ab(cost(tap=True, sacrifice_self=True), ch("G"))
    for text, name in (
        ("{T}, Sacrifice this artifact: Add {G}.", ""),
        ("{T}, Sacrifice this creature: Add {G}.", ""),
        ("{T}, Sacrifice Twig: Add {G}.", "Twig"),
        ("{T}, Sacrifice Lord Twig: Add {G}.", "Lord Twig, the Green"),
    ):
        assert parse_mana(text, name=name).abilities == (expected,), text
    assert parse_mana(
        "Remove a dream counter from Marla: Add {C}.",
        name="Marla Dreamer",
        type_line="Legendary Creature — Human",
    ).abilities == (ab(cost(remove_counters=1, counter="dream"), ch("C")),)


def test_one_chosen_color_for_every_repetition() -> None:
    """ "Choose a color. Add one mana of that color for each ...": one color for all."""
    (ability,) = parse_mana(
        "{T}: Choose a color. Add one mana of that color for each creature you control."
    ).abilities
    assert ability == ab(
        T,
        *(ch(c) for c in WUBRG),
        per=permanents(card_types=frozenset({"Creature"})),
        same=True,
    )
    (any_color,) = parse_mana("{T}: Choose a color. Add one mana of that color.").abilities
    assert any_color == ab(T, ch(ANY_COLOR))


def test_old_wording_and_abilities_words() -> None:
    assert parse_mana("{T}: Add {C} to your mana pool.").abilities == (ManaAbility.simple("C"),)
    assert parse_mana("Scavenge — {T}: Add {R}.").abilities == (ManaAbility.simple("R"),)
    (fast,) = parse_mana("Max speed — {T}: Add {R}.").abilities  # CR 702.179
    assert fast.condition == Condition(facts=frozenset({"max speed"}), activation=False)


def test_restriction_can_be_spent() -> None:
    (ability,) = parse_mana(
        "{T}: Add {C}{C}. This mana can't be spent to cast nonartifact spells."
    ).abilities
    assert ability.restriction is not None
    assert ability.restriction.allows(Spend.spell("Artifact Creature — Golem"))
    assert ability.restriction.allows(Spend.ability("Creature — Elf"))
    assert not ability.restriction.allows(Spend.spell("Sorcery"))


def test_unreadable_restriction_is_unsupported() -> None:
    result = parse_mana("{T}: Add {C}{C}. Spend this mana only to cast spells with watermarks.")
    assert result.abilities == ()
    assert result.unsupported[0][1].startswith("restriction:")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Flying",
        "\n\n",
        "garbage {{{ : : Add",
        "({T}: Add {G}.)",  # reminder text only, and no basic land type
        "{T}: Draw a card.",
    ],
)
def test_text_without_mana_abilities(text: str) -> None:
    result = parse_mana(text)
    assert result == CardMana(notes=result.notes)
    assert not result.has_mana


@pytest.mark.parametrize(
    "text",
    ["{T}: Add {Z}.", "{T}: Add {2}.", "{T}: Add one and one-half mana of any one color.",
     "{T}, Frobnicate: Add {G}.", "{T}: Add {G}. Frobnicate."],
)  # fmt: skip
def test_garbled_mana_abilities_are_unsupported(text: str) -> None:
    result = parse_mana(text)
    assert result.abilities == ()
    (entry,) = result.unsupported
    assert entry[0] == text and entry[1]


@pytest.mark.parametrize("bad", [None, 3, b"{T}: Add {G}.", ["{T}: Add {G}."]])
def test_non_string_input_raises(bad: object) -> None:
    with pytest.raises(MtgManaError):
        parse_mana(bad)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        parse_mana("{T}: Add {G}.", type_line=bad)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        parse_mana("{T}: Add {G}.", name=bad)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        mana_of(bad)  # type: ignore[arg-type]


def test_bad_chosen_type_and_face() -> None:
    with pytest.raises(MtgManaError):
        parse_mana("{T}: Add {G}.", chosen_type="  ")
    with pytest.raises(MtgManaError):
        mana_of(card("Forest"), 3)


# -- tokens -----------------------------------------------------------------------------


def test_tokens_have_their_abilities() -> None:
    assert TOKENS["Treasure"].mana.abilities == (
        ab(cost(tap=True, sacrifice_self=True), ch(ANY_COLOR)),
    )
    assert TOKENS["Gold"].mana.abilities == (ab(cost(sacrifice_self=True), ch(ANY_COLOR)),)
    assert TOKENS["Eldrazi Spawn"].mana.abilities == (ab(cost(sacrifice_self=True), ch("C")),)
    assert TOKENS["Eldrazi Scion"].mana.abilities == (ab(cost(sacrifice_self=True), ch("C")),)
    (powerstone,) = TOKENS["Powerstone"].mana.abilities
    assert powerstone == ab(T, ch("C"), restriction=~spells(excluded_types="Artifact"))
    assert {t.type_line for t in TOKENS.values()} == {
        "Token Artifact — Treasure",
        "Token Artifact — Gold",
        "Token Artifact — Powerstone",
        "Token Creature — Eldrazi Spawn",
        "Token Creature — Eldrazi Scion",
    }
    assert (TOKENS["Eldrazi Spawn"].power_toughness, TOKENS["Eldrazi Scion"].power_toughness) == (
        "0/1",
        "1/1",
    )


@pytest.mark.parametrize("name", sorted(TOKENS))
def test_token_text_parses_to_the_same_model(name: str) -> None:
    item = TOKENS[name]
    assert parse_mana(item.oracle_text, type_line=item.type_line, name=item.name) == item.mana


def test_powerstone_restriction_is_the_printed_one() -> None:
    (powerstone,) = TOKENS["Powerstone"].mana.abilities
    printed = parse_restriction("This mana can't be spent to cast a nonartifact spell.")
    assert powerstone.restriction == printed
    assert powerstone.restriction is not None
    assert powerstone.restriction.allows(Spend.other_cost("cumulative upkeep"))


def test_token_lookup() -> None:
    assert token("treasure") is TOKENS["Treasure"]
    assert token("  Eldrazi   Scion token ") is TOKENS["Eldrazi Scion"]
    with pytest.raises(UnknownCardError) as error:
        token("Tresure")
    assert error.value.suggestions == ["Treasure"]
    with pytest.raises(UnknownCardError):
        token("Clue")
    with pytest.raises(MtgManaError):
        token(None)  # type: ignore[arg-type]


# -- the whole database -----------------------------------------------------------------


@cache
def _coverage_script() -> ModuleType:
    path = ROOT / "scripts" / "mana_coverage.py"
    spec = importlib.util.spec_from_file_location("mana_coverage", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mana_coverage"] = module
    spec.loader.exec_module(module)
    return module


def _check_model(result: CardMana, where: str) -> None:
    productions = [a.production for a in result.abilities]
    productions += [t.production for t in result.triggers if t.production is not None]
    for production in productions:
        assert production.choices, where
        for choice in production.choices:
            assert choice.slots, where
            for item in choice.slots:
                assert isinstance(item, DynamicSlot) or (
                    isinstance(item, frozenset) and item and item <= frozenset(ManaType)
                ), where
            assert choice.damage >= 0, where
    for ability in result.abilities:
        assert ability.text, where
    for text, reason in result.unsupported:
        assert text and reason, where


def test_every_card_parses_or_says_why() -> None:
    script = _coverage_script()
    for item in db():
        has_mana = False
        for face in item.faces:
            result = parse_mana(face.oracle_text, type_line=face.type_line, name=face.name)
            _check_model(result, item.name)
            assert mana_of(item, face.name) == result
            has_mana = has_mana or result.has_mana
            if script.has_mana_ability(face.oracle_text, face.type_line):
                # the independent detector's mana abilities are never dropped silently
                assert (
                    result.abilities or result.triggers or result.unsupported or result.doublings
                ), face.name
            if script.grants_mana_ability(
                face.oracle_text, face.type_line
            ) or script.changes_land_types(face.oracle_text, face.type_line):
                # nor its granted mana abilities and basic land types (CR 305.7, 613)
                assert result.statics or result.abilities or result.unsupported or result.notes, (
                    face.name
                )


# Issue 5 asked for 98% of the lands and 90% of all the cards with a mana ability;
# issue 12 adds the cards whose static abilities grant mana abilities or change
# basic land types, reads them, and asks for 99.5% of the lands and 97% of all the
# cards, the Un-set cards (CR 100.7) counted apart (see docs/mana-coverage.md for
# what's left: every card, with the model feature it needs); setting card types,
# losing land types, "Discard your hand", "three mana of that type" and Thran
# Portal's costs raise the lands to 99.7% and all to 97.5%. Issue 19 counts the
# cards whose abilities add mana without the word "Add" too ("Each player adds",
# Doubling Cube's doubling, CR 701.10f): five more cards, each unsupported and said
# so (never silently ignored), so all is 97.4% — 97.5% since Doubling Cube is modelled
# (a PoolDoubling the tapper plans).
LAND_FLOOR = 0.997
ALL_FLOOR = 0.974


def test_coverage_thresholds() -> None:
    result = _coverage_script().coverage(db())
    assert sum(result.candidates.values()) > 1850
    assert result.candidates["land"] > 1050
    assert result.rate("land") >= LAND_FLOOR, result.rate("land")
    assert result.rate() >= ALL_FLOOR, result.rate()
    assert result.empty_cards == []
    assert result.granting_cards["parsed"] >= 65 and result.type_changing_cards["parsed"] >= 27
    assert set(result.unsupported_reasons) == set(result.unsupported_cards)
    # the Un-set cards are listed apart, each with why it is one, and only they are
    un = {name: why for name, _, _, why, _ in result.un_cards}
    assert all(why for _, _, status, _, why in result.un_cards if status == "unsupported")
    assert len(result.un_cards) < 20 and all(un.values())
    assert un["City of Ass"] == "a silver-bordered Un-set card"
    assert un["Mox Lotus"].startswith("a funny symbol, {")
    assert un["Watermarket"] == "a watermark mechanic (Unstable)"
    assert "sticker sheet" in un["Unglued Pea-Brained Dinosaur"]
    assert not un.keys() & set(result.unsupported_cards)


def test_un_cards() -> None:
    """CR 100.7: Un-set cards are meant for casual play; real cards aren't flagged."""
    script = _coverage_script()
    assert script.un_card(card("Mons's Goblin Waiters")).endswith("{HR} (Un-sets)")
    assert script.un_card(card("Everythingamajig")) == "a silver-bordered Un-set card"
    for name in ("Sol Ring", "Aether Hub", "Mishra's Workshop", "Reaper King", "Sunken Palace"):
        assert script.un_card(card(name)) == "", name


def test_coverage_detectors() -> None:
    script = _coverage_script()
    lantern = 'Lands you control have "{T}: Add one mana of any color."'
    assert script.grants_mana_ability(lantern, "Artifact")
    assert script.grants_mana_ability('I — This Saga gains "{T}: Add {C}."', "Enchantment Land")
    assert not script.grants_mana_ability(lantern, "Instant")  # a spell: no static ability
    assert not script.grants_mana_ability(
        'When this creature enters, create a 1/1 token with "{T}: Add {G}."', "Creature"
    )
    assert script.changes_land_types("Nonbasic lands are Mountains.", "Enchantment")
    assert script.changes_land_types("Enchanted land is the chosen type.", "Enchantment — Aura")
    assert script.changes_land_types(
        "Each land is a Swamp in addition to its other land types.", "Legendary Land"
    )
    # "is a Mountain" in a trigger or a condition changes no type
    assert not script.changes_land_types(
        "Landfall — Whenever a land you control enters, this creature deals 1 damage to any "
        "target. If that land is a Mountain, this creature deals 2 damage instead.",
        "Creature",
    )
    assert not script.changes_land_types(
        "This creature can't attack unless there is a Mountain on the battlefield.", "Creature"
    )


def test_read_number_reads_the_counts_of_rules_text() -> None:
    # "enters with two charge counters on it" (CR 122.6): the words a count is written in.
    words = ["a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight"]
    assert [read_number(w) for w in [*words, "nine", "ten", "12"]] == [
        1, 1, *range(1, 11), 12,
    ]  # fmt: skip
    for bad in ("eleventy", "", "X", 2, None):
        with pytest.raises(MtgManaError) as error:
            read_number(bad)  # type: ignore[arg-type]
        assert isinstance(error.value, ValueError) and repr(bad) in str(error.value)
