"""Reading static abilities and the newer costs from real cards' Oracle text (CR 604,
613: layers 4-6; CR 305.7 basic land types; CR 602.2b tapping other permanents; CR
113.6m exiling a card from a hand): the models the text reads into, what stays
unsupported with its reason, what is irrelevant to mana, and the boards these
permanents make (the layers themselves are tested in tests/test_layers.py)."""

from __future__ import annotations

from functools import cache

import pytest

from mtgmana.ability_text import CardMana, mana_of, parse_mana
from mtgmana.ability_text._filters import subject_filter
from mtgmana.ability_text._words import Unsupported
from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import (
    ANY_COLOR,
    CHOSEN_TYPE,
    ActivationCost,
    Choice,
    Condition,
    DynamicSlot,
    ManaAbility,
    PermanentFilter,
    Production,
    slot,
)
from mtgmana.board.effects import BASIC_LAND_TYPES, ContinuousEffect, Layer
from mtgmana.board.queries import matches
from mtgmana.cards import Card, CardDatabase
from mtgmana.colors import ALL_COLORS, Color, ManaType
from mtgmana.errors import MtgManaError
from mtgmana.tapping import can_pay

LANDS = frozenset({"Land"})
CREATURES = frozenset({"Creature"})
T = ActivationCost(tap=True)
ANY = ManaAbility(T, Production((Choice((ANY_COLOR,)),)))
EVERY_TYPE = frozenset(BASIC_LAND_TYPES)


@cache
def db() -> CardDatabase:
    return CardDatabase.bundled()


def card(name: str) -> Card:
    return db().lookup(name)


def statics(name: str) -> tuple[ContinuousEffect, ...]:
    result = mana_of(card(name))
    assert result.supported, result.unsupported
    return result.statics


def types(*names: str) -> frozenset[str]:
    return frozenset(names)


# -- layer 6: granted mana abilities -----------------------------------------------------

GRANTS: dict[str, tuple[PermanentFilter, ManaAbility]] = {
    # CR 613.1f: "Lands you control have ..." (the controller of the source's "you")
    "Chromatic Lantern": (PermanentFilter(LANDS), ANY),
    "Joiner Adept": (PermanentFilter(LANDS), ANY),
    "Cryptolith Rite": (PermanentFilter(CREATURES), ANY),
    "Elven Chorus": (PermanentFilter(CREATURES), ANY),
    "Paradise Mantle": (PermanentFilter(attached=True), ANY),  # equipped creature
    "Abundant Growth": (PermanentFilter(attached=True), ANY),  # enchanted land
    "Citanul Hierophants": (PermanentFilter(CREATURES), ManaAbility.simple("G")),
    "Gemhide Sliver": (PermanentFilter(subtypes=types("Sliver"), controller="any"), ANY),
    "Manaweft Sliver": (PermanentFilter(CREATURES, types("Sliver")), ANY),
    "Esika, God of the Tree // The Prismatic Bridge": (
        PermanentFilter(CREATURES, supertypes=types("Legendary"), other=True),
        ANY,
    ),
    "Insidious Roots": (PermanentFilter(CREATURES, token=True), ANY),
    "Jaheira, Friend of the Forest": (PermanentFilter(token=True), ManaAbility.simple("G")),
    "Brightcap Badger // Fungus Frolic": (
        PermanentFilter(subtypes=types("Fungus", "Saproling")),
        ManaAbility.simple("G"),
    ),
    "Forgotten Monument": (
        PermanentFilter(subtypes=types("Cave"), other=True),
        ManaAbility(ActivationCost(tap=True, life=1), Production((Choice((ANY_COLOR,)),))),
    ),
    "Sovereign's Realm": (PermanentFilter(LANDS, supertypes=types("Basic")), ANY),
}


@pytest.mark.parametrize("name", sorted(GRANTS))
def test_granted_mana_abilities(name: str) -> None:
    affects, ability = GRANTS[name]
    (effect,) = statics(name)
    assert effect.layer is Layer.ABILITY and effect.affects == affects
    assert effect.grants == (ability,)
    assert not effect.removes_abilities


def test_granted_abilities_keep_their_text_and_restrictions() -> None:
    (lantern,) = statics("Chromatic Lantern")
    assert lantern.text == 'Lands you control have "{T}: Add one mana of any color."'
    assert str(lantern.grants[0]) == "{T}: Add one mana of any color."
    (galazeth,) = statics("Galazeth Prismari")
    assert galazeth.grants[0].restriction is not None
    # the quoted ability's own apostrophes stay (Battery Bearer: "can't be spent")
    (bearer,) = statics("Battery Bearer")
    assert bearer.grants[0].restriction is not None


def test_lotus_ring_grants_its_sacrifice_ability_with_the_rest_ignored() -> None:
    """'gets +3/+3 and has vigilance and "..."': only the mana ability matters."""
    (ring,) = statics("Lotus Ring")
    (ability,) = ring.grants
    assert ability.cost == ActivationCost(tap=True, sacrifice_self=True)
    assert len(ability.production.choices) == 5


def test_the_world_tree_grants_while_you_control_six_lands() -> None:
    (tree,) = statics("The World Tree")
    (ability,) = tree.grants
    assert ability.condition is not None and not ability.condition.activation
    ((lands, count),) = ability.condition.permanents
    assert lands == PermanentFilter(LANDS) and count == 6
    few = Board.parse("The World Tree, 4 Forest")
    many = Board.parse("The World Tree, 5 Forest")
    assert not can_pay("{U}", few) and can_pay("{U}", many)


def test_an_aura_grants_only_while_the_enchanted_permanent_is_a_land() -> None:
    """Nature's Embrace: "As long as enchanted permanent is a land, it has ..."."""
    (embrace,) = statics("Nature's Embrace")
    assert embrace.affects == PermanentFilter(LANDS, attached=True)
    bears = Board((Permanent.named("Grizzly Bears"),
                   Permanent.named("Nature's Embrace", attached_to=0)))  # fmt: skip
    assert bears.effective.permanents[0].abilities == ()
    forest = Board((Permanent.named("Forest"), Permanent.named("Nature's Embrace", attached_to=0)))
    assert can_pay("{U}{U}", forest)


def test_toxicrene_and_humility_remove_abilities() -> None:
    (toxicrene,) = statics("Toxicrene")
    assert toxicrene.removes_abilities and toxicrene.grants == (ANY,)
    assert toxicrene.affects == PermanentFilter(LANDS, controller="any")
    (humility,) = statics("Humility")
    assert humility.removes_abilities and not humility.grants
    assert humility.affects == PermanentFilter(CREATURES, controller="any")
    board = Board.parse("Humility, Llanowar Elves, Forest")
    assert not can_pay("{G}{G}", board) and can_pay("{G}", board)


def test_it_is_the_subject_of_the_sentence_before() -> None:
    """Heliod's Punishment: "Enchanted creature can't attack or block. It loses all
    abilities and has ..." — the granted ability adds no mana."""
    (punishment,) = statics("Heliod's Punishment")
    assert punishment.affects == PermanentFilter(attached=True)
    assert punishment.removes_abilities and punishment.grants == ()
    # "It has" a token the card creates: no permanent of the board
    assert not mana_of(card("Elvish Champion Avatar")).has_mana


def test_utopia_sprawl_is_a_mana_trigger() -> None:
    (trigger,) = mana_of(card("Utopia Sprawl")).triggers
    assert trigger.tapped == PermanentFilter(attached=True)
    assert trigger.production is not None
    assert trigger.production.choices == (Choice((DynamicSlot.CHOSEN_COLOR,)),)


# -- layer 4: basic land types (CR 305.7) and card types ----------------------------------

EACH_LAND = PermanentFilter(LANDS, controller="any")
NONBASIC = PermanentFilter(LANDS, controller="any", excluded_supertypes=types("Basic"))

TYPE_CHANGES: dict[str, ContinuousEffect] = {
    "Urborg, Tomb of Yawgmoth": ContinuousEffect(EACH_LAND, Layer.TYPE, types("Swamp")),
    "Yavimaya, Cradle of Growth": ContinuousEffect(EACH_LAND, Layer.TYPE, types("Forest")),
    "Blanket of Night": ContinuousEffect(EACH_LAND, Layer.TYPE, types("Swamp")),
    "Stormtide Leviathan": ContinuousEffect(EACH_LAND, Layer.TYPE, types("Island")),
    "Blood Moon": ContinuousEffect(NONBASIC, Layer.TYPE, types("Mountain"), set_types=True),
    "Magus of the Moon": ContinuousEffect(NONBASIC, Layer.TYPE, types("Mountain"), set_types=True),
    "Harbinger of the Seas": ContinuousEffect(
        NONBASIC, Layer.TYPE, types("Island"), set_types=True
    ),
    "Prismatic Omen": ContinuousEffect(PermanentFilter(LANDS), Layer.TYPE, EVERY_TYPE),
    "Dryad of the Ilysian Grove": ContinuousEffect(PermanentFilter(LANDS), Layer.TYPE, EVERY_TYPE),
    "Spreading Seas": ContinuousEffect(
        PermanentFilter(attached=True), Layer.TYPE, types("Island"), set_types=True
    ),
    "Nylea's Presence": ContinuousEffect(PermanentFilter(attached=True), Layer.TYPE, EVERY_TYPE),
    "Lush Growth": ContinuousEffect(
        PermanentFilter(attached=True),
        Layer.TYPE,
        types("Mountain", "Forest", "Plains"),
        set_types=True,
    ),
    "Conversion": ContinuousEffect(
        PermanentFilter(subtypes=types("Mountain"), controller="any"),
        Layer.TYPE,
        types("Plains"),
        set_types=True,
    ),
    "Ashaya, Soul of the Wild": ContinuousEffect(
        PermanentFilter(CREATURES, token=False), Layer.TYPE, types("Forest"), card_types=LANDS
    ),
    "Biotransference": ContinuousEffect(
        PermanentFilter(CREATURES), Layer.TYPE, card_types=types("Artifact")
    ),
}


@pytest.mark.parametrize("name", sorted(TYPE_CHANGES))
def test_type_changing_effects(name: str) -> None:
    assert statics(name) == (TYPE_CHANGES[name],)


def test_leyline_of_the_guildpact_colors_and_land_types() -> None:
    """Layer 5 for "Each nonland permanent you control is all colors", layer 4 for its
    land types."""
    color, land = statics("Leyline of the Guildpact")
    assert color == ContinuousEffect(
        PermanentFilter(excluded_card_types=LANDS), Layer.COLOR, colors=ALL_COLORS
    )
    assert land == ContinuousEffect(PermanentFilter(LANDS), Layer.TYPE, EVERY_TYPE)
    board = Board.parse("Leyline of the Guildpact, Llanowar Elves, Wastes").effective
    assert board.permanents[1].colors == ALL_COLORS
    assert board.permanents[2].colors == Color(0)  # a land: not "nonland"
    assert board.permanents[2].subtypes == EVERY_TYPE


def test_color_changes_are_set_or_added() -> None:
    (darkest,) = statics("Darkest Hour")
    assert darkest.colors == Color.B and not darkest.add_colors
    (armaments,) = statics("Angelic Armaments")  # "a white Angel in addition to ..."
    assert armaments.colors == Color.W and armaments.add_colors
    color, lost = statics("Frogify")
    assert (color.colors, lost.removes_abilities) == (Color.U, True)


def test_the_chosen_basic_land_type_is_bound_to_the_permanent() -> None:
    """Multiversal Passage, Convincing Mirage: the basic land type chosen as it
    entered (the permanent's ``chosen_type``); none before a choice."""
    (passage,) = statics("Multiversal Passage")
    assert passage == ContinuousEffect(
        PermanentFilter(itself=True), Layer.TYPE, types(CHOSEN_TYPE), set_types=True
    )
    island = Board((Permanent.named("Multiversal Passage", chosen_type="Island"),))
    assert island.effective.permanents[0].subtypes == {"Island"}
    assert can_pay("{U}", island) and not can_pay("{B}", island)
    assert not can_pay("{C}", Board.parse("Multiversal Passage"))  # nothing chosen
    mirage = Permanent.named("Convincing Mirage", chosen_type="Swamp", attached_to=0)
    board = Board((Permanent.named("Tropical Island"), mirage))
    assert can_pay("{B}", board) and not can_pay("{G}", board)
    with pytest.raises(MtgManaError, match="not basic land types: Elf"):
        Permanent.named("Convincing Mirage", chosen_type="Elf")
    (realm,) = statics("Realmwright")  # "in addition to their other types"
    assert not realm.set_types and realm.affects == PermanentFilter(LANDS)


def test_blood_moon_beats_urborg_on_any_board() -> None:
    """CR 613.8: Urborg's effect depends on Blood Moon (an opponent's too)."""
    board = Board.parse("Urborg, Tomb of Yawgmoth, Tundra", opponent="Blood Moon")
    after = board.effective.permanents
    assert after[0].subtypes == {"Mountain"} and after[1].subtypes == {"Mountain"}
    assert can_pay("{R}{R}", board) and not can_pay("{B}", board)
    assert can_pay("{B}{B}", Board.parse("Urborg, Tomb of Yawgmoth, Tundra"))


def test_issue_12_chromatic_lantern_with_two_plains() -> None:
    """The issue: "{1}{B}{B}" from Chromatic Lantern and two Plains is payable."""
    board = Board.parse("Chromatic Lantern, 2 Plains")
    assert can_pay("{1}{B}{B}", board)
    assert not can_pay("{U}", Board.parse("Paradise Mantle, Forest"))  # attached to nothing
    mantle = Board((Permanent.named("Grizzly Bears"),
                    Permanent.named("Paradise Mantle", attached_to=0)))  # fmt: skip
    assert can_pay("{U}", mantle)


# -- costs and dynamic types ---------------------------------------------------------------

ELVES = PermanentFilter(subtypes=types("Elf"))

COSTS: dict[str, tuple[ActivationCost, tuple[PermanentFilter, int] | None]] = {
    # CR 602.2b: "Tap N untapped ... you control"
    "Birchlore Rangers": (ActivationCost(tap_other="Elves", tap_count=2), (ELVES, 2)),
    "Heritage Druid": (ActivationCost(tap_other="Elves", tap_count=3), (ELVES, 3)),
    "Seton, Krosan Protector": (
        ActivationCost(tap_other="Druid"),
        (PermanentFilter(subtypes=types("Druid")), 1),
    ),
    "Supportive Parents": (
        ActivationCost(tap_other="creatures", tap_count=2),
        (PermanentFilter(CREATURES), 2),
    ),
    "Baylen, the Haymaker": (
        ActivationCost(tap_other="tokens", tap_count=2, tap_filter=PermanentFilter(token=True)),
        (PermanentFilter(token=True), 2),
    ),
    "Springleaf Drum": (
        ActivationCost(tap=True, tap_other="creature"),
        (PermanentFilter(CREATURES), 1),
    ),
    # CR 113.6m: the ability works from a hand
    "Simian Spirit Guide": (ActivationCost(exile_from_hand=True), None),
    "Elvish Spirit Guide": (ActivationCost(exile_from_hand=True), None),
}


@pytest.mark.parametrize("name", sorted(COSTS))
def test_costs(name: str) -> None:
    expected, tapped = COSTS[name]
    (ability,) = mana_of(card(name)).abilities
    assert ability.cost == expected
    assert ability.cost.tapped_others == tapped


def test_spirit_guides_pay_from_the_hand() -> None:
    (red,) = mana_of(card("Simian Spirit Guide")).abilities
    assert red.production == Production((Choice((slot("R"),)),))
    guide = Permanent.named("Simian Spirit Guide", zone="hand")
    assert can_pay("{R}", Board((guide,)))
    assert not can_pay("{R}", Board((Permanent.named("Simian Spirit Guide"),)))


def test_birchlore_rangers_taps_two_elves() -> None:
    board = Board.parse("Birchlore Rangers, Llanowar Elves")
    assert can_pay("{U}", board)
    assert not can_pay("{U}", Board.parse("Birchlore Rangers, Grizzly Bears"))


def test_milling_a_card_is_a_noted_cost() -> None:
    """CR 701.17b: payable while the library isn't empty (a board assumes it isn't)."""
    result = mana_of(card("Millikin"))
    (ability,) = result.abilities
    assert ability.cost == ActivationCost(tap=True, text="{T}, Mill a card")
    assert any("CR 701.17b" in note for note in result.notes)


EXILED_COLORS = {
    "Chrome Mox": "{T}: Add one mana of any of the exiled card's colors.",
    "Pit of Offerings": "{T}: Add one mana of any of the exiled cards' colors.",
    "Paliano, the High City": "{T}: Add one mana of any color chosen as you drafted",
}


@pytest.mark.parametrize("name", sorted(EXILED_COLORS))
def test_the_exiled_cards_colors_are_the_chosen_colors(name: str) -> None:
    """The colors of the imprinted card are the permanent's ``chosen_colors``."""
    result = mana_of(card(name))
    assert result.supported
    choices = [c for a in result.abilities for c in a.production.choices]
    assert Choice((DynamicSlot.CHOSEN_COLORS,)) in [Choice(c.slots) for c in choices]


def test_chrome_mox_makes_the_imprinted_cards_colors() -> None:
    mox = Permanent.named("Chrome Mox", chosen_colors="WU")
    assert can_pay("{U}", Board((mox,))) and not can_pay("{G}", Board((mox,)))
    assert not can_pay("{C}", Board.parse("Chrome Mox"))  # nothing imprinted: no mana


def test_gemstone_caverns_with_a_luck_counter() -> None:
    plain, lucky = mana_of(card("Gemstone Caverns")).abilities
    assert plain.condition == Condition(counters=1, negated=True, activation=False)
    assert lucky.condition == Condition(counters=1, activation=False)
    assert lucky.production == Production((Choice((ANY_COLOR,)),))
    assert can_pay("{G}", Board((Permanent.named("Gemstone Caverns", counters=1),)))
    assert not can_pay("{G}", Board.parse("Gemstone Caverns"))


def test_urzas_saga_has_its_ability_from_chapter_one() -> None:
    """CR 714.2b: the chapter ability's effect lasts; the lore counters say it
    resolved."""
    result = mana_of(card("Urza's Saga"))
    (colorless,) = result.abilities
    assert colorless.condition == Condition(counters=1, activation=False)
    assert can_pay("{C}", Board((Permanent.named("Urza's Saga", counters=1),)))
    assert not can_pay("{C}", Board.parse("Urza's Saga"))


def test_flywheel_racer_only_while_it_is_a_creature() -> None:
    (ability,) = mana_of(card("Flywheel Racer")).abilities
    assert ability.condition is not None
    ((itself, n),) = ability.condition.permanents
    assert itself == PermanentFilter(CREATURES, itself=True) and n == 1
    assert not can_pay("{G}", Board.parse("Flywheel Racer"))


def test_triggers_on_nonland_permanents_and_tokens() -> None:
    (kinnan,) = mana_of(card("Kinnan, Bonder Prodigy")).triggers
    assert kinnan.tapped == PermanentFilter(excluded_card_types=LANDS) and kinnan.same_type
    (roxanne,) = mana_of(card("Roxanne, Starfall Savant")).triggers
    assert roxanne.tapped == PermanentFilter(frozenset({"Artifact"}), token=True)


def test_an_ability_sticker_is_its_ability() -> None:
    """CR 123.3c: the ticket cost is paid as the sticker is put on a permanent."""
    result = mana_of(card("Happy Dead Squirrel"))
    (ability,) = result.abilities
    assert ability.cost == T and ability.production == Production((Choice((slot("C"),) * 2),))
    assert any("CR 123.3c" in note for note in result.notes)


# -- spells, graveyards and triggers: notes ------------------------------------------------


def test_a_spells_effect_until_end_of_turn_is_read_with_a_note() -> None:
    result = mana_of(card("Divergent Growth"))
    (effect,) = result.statics
    assert effect.grants == (ANY,) and effect.affects == PermanentFilter(LANDS)
    assert any("until end of turn" in note for note in result.notes)
    assert mana_of(card("Glorious Sunrise")).statics == ()  # a mode with a target


def test_a_graveyard_ability_is_a_note() -> None:
    """Riftstone Portal's grant works only from a graveyard (CR 113.6b)."""
    result = mana_of(card("Riftstone Portal"))
    assert result.statics == () and result.supported
    assert any("CR 113.6b" in note for note in result.notes)


def test_triggered_grants_are_notes() -> None:
    """Their effect exists only once they resolved: a board effect then."""
    for name in ("Harold and Bob, First Numens", "Kitesail Larcenist"):
        result = mana_of(card(name))
        assert result.supported and not result.statics, name
        assert any("grants a mana ability" in note for note in result.notes), name
    assert mana_of(card("Song of Freyalise")).supported  # a chapter's effect


# -- never silently wrong ------------------------------------------------------------------

UNSUPPORTED = {
    "Cursed Totem": "activated abilities can't be activated",
    "Arrest": "activated abilities can't be activated",
    "Null Rod": "activated abilities can't be activated",
    "Chromatic Orrery": "spending mana as though it were another type (CR 609.4b)",
    "Mycosynth Lattice": "spending mana as though",
    "Celestial Dawn": "spending mana as though",
    "Blood Sun": "losing all abilities but mana abilities",
    "March of the Machines": "setting card types",
    "Painter's Servant": "the permanents: cards that aren't on the battlefield",
    "Shifting Sky": "the chosen color of an effect",
    "Manascape Refractor": "abilities copied from other permanents",
    "Angel of Jubilation": "a cost that can't be paid",
    "Joraga Treespeaker": "only at some levels",
    "Machine God's Effigy": "a copy effect with an exception",
    "Opalescence": "the permanents: other non-Aura enchantment",
    "Worldknit": "a condition on a static ability",
}


@pytest.mark.parametrize("name", sorted(UNSUPPORTED))
def test_mana_relevant_statics_the_model_cant_say_are_unsupported(name: str) -> None:
    reasons = [reason for _, reason in mana_of(card(name)).unsupported]
    assert any(reason.startswith(UNSUPPORTED[name]) for reason in reasons), reasons


def test_the_board_names_what_it_leaves_out() -> None:
    """An unsupported static is recorded on the permanent (the tapper refuses such a
    board unless the answer may be partial)."""
    lattice = Permanent.named("Chromatic Orrery")
    assert any("CR 609.4b" in reason for reason in lattice.unsupported)
    assert Board((lattice,)).unsupported


IRRELEVANT = [
    "Winter Orb",  # untapping: a board says what is tapped (CR 502.3)
    "Static Orb",
    "Hokori, Dust Drinker",
    "Claustrophobia",
    "Pithing Needle",  # "unless they're mana abilities"
    "Damping Matrix",
    "Karn's Sylex",
    "Zirda, the Dawnwaker",
    "Thalia, Guardian of Thraben",  # spells' costs
    "Glorious Anthem",  # power and toughness
    "Concordant Crossroads",  # haste: the permanent's summoning_sick
    "Clone",  # a copy: put what it copies on the board
    "Transguild Courier",  # its own colors (CR 604.3)
    "Adaptive Automaton",  # its own creature type
    "Xenograft",  # creature types
    "Angelic Destiny",  # "is an Angel in addition to its other types"
    "Yixlid Jailer",  # cards in graveyards
    "Akroma's Memorial",
    "Elesh Norn, Grand Cenobite",
    "Emrakul, the Aeons Torn",
]


@pytest.mark.parametrize("name", IRRELEVANT)
def test_text_irrelevant_to_mana_is_left_alone(name: str) -> None:
    result = mana_of(card(name))
    assert result.supported, result.unsupported
    assert not result.statics


# -- the permanents a text names -------------------------------------------------------------

SUBJECTS: dict[tuple[str, bool], PermanentFilter] = {
    ("Lands you control", True): PermanentFilter(LANDS),
    ("Nonbasic lands", True): NONBASIC,
    ("Elves", True): PermanentFilter(subtypes=types("Elf"), controller="any"),
    ("Human creatures you control", True): PermanentFilter(CREATURES, types("Human")),
    ("other legendary creatures you control", True): PermanentFilter(
        CREATURES, supertypes=types("Legendary"), other=True
    ),
    ("Creature tokens you control", True): PermanentFilter(CREATURES, token=True),
    ("nontoken creatures you control", True): PermanentFilter(CREATURES, token=False),
    ("nonland permanent you control", False): PermanentFilter(excluded_card_types=LANDS),
    ("artifact or creature", False): PermanentFilter(
        types("Artifact", "Creature"), controller="any"
    ),
    ("Fungus and Saproling you control", False): PermanentFilter(
        subtypes=types("Fungus", "Saproling")
    ),
    ("Eldrazi you control", True): PermanentFilter(subtypes=types("Eldrazi")),
    ("Plains", True): PermanentFilter(subtypes=types("Plains"), controller="any"),
}


@pytest.mark.parametrize(("text", "plural"), sorted(SUBJECTS))
def test_subject_filters(text: str, plural: bool) -> None:
    assert subject_filter(text, plural=plural, controller="any") == SUBJECTS[text, plural]


@pytest.mark.parametrize(
    "text",
    ["Artifact creatures", "Goblins or artifacts", "creatures with flying", "blue or artifacts"],
)
def test_subject_filters_that_cant_be_said(text: str) -> None:
    with pytest.raises(Unsupported):
        subject_filter(text, plural=True)


def test_filters_match_tokens_and_excluded_types() -> None:
    """``token`` and ``excluded_card_types`` on a board (CR 111.1)."""
    board = Board.parse("Forest, Sol Ring, Treasure")

    def matched(item: PermanentFilter) -> list[bool]:
        return [matches(item, p, i, None, "you") for i, p in enumerate(board.permanents)]

    assert matched(PermanentFilter(excluded_card_types=LANDS)) == [False, True, True]
    assert matched(PermanentFilter(token=True)) == [False, False, True]
    assert matched(PermanentFilter(token=False)) == [True, True, False]
    mine = board.permanents[1]
    itself = PermanentFilter(itself=True)
    assert [matches(itself, p, i, mine, "you", 1) for i, p in enumerate(board.permanents)] == [
        False, True, False,
    ]  # fmt: skip
    assert str(PermanentFilter(CREATURES, token=False)) == "nontoken creature you control"
    assert str(PermanentFilter(token=True, controller="any")) == "token"
    assert str(itself) == "this permanent"


# -- parse_mana directly ---------------------------------------------------------------------


def test_parse_mana_reads_statics_without_a_card() -> None:
    result = parse_mana("Each land is a Swamp in addition to its other land types.")
    assert result == CardMana(statics=(TYPE_CHANGES["Urborg, Tomb of Yawgmoth"],))
    assert result.has_mana
    spell = parse_mana('Lands you control gain "{T}: Add {B}."', type_line="Instant")
    assert spell.statics == ()  # a spell's one-shot text without "until end of turn"


def test_every_permanent_made_from_a_card_keeps_its_statics() -> None:
    lantern = Permanent.named("Chromatic Lantern")
    assert lantern.statics == statics("Chromatic Lantern")
    assert lantern.with_state(chosen_type="Island").statics == lantern.statics
    passage = Permanent.named("Multiversal Passage", chosen_type="Forest")
    assert passage.statics[0].land_types == {"Forest"}
    assert passage.with_state(chosen_type="Island").statics[0].land_types == {"Island"}


def test_mana_type_sanity() -> None:
    assert ManaType.parse("G") in ANY_COLOR
