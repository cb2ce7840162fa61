"""Spending restrictions (CR 106.6) and the sentences real cards print, read by
``parse_restriction``; the corpus test covers every distinct one in the card data."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from card_records import bundled_records
from mtgmana.ability_text import spend_of
from mtgmana.board import Board
from mtgmana.costs import ManaCost
from mtgmana.errors import MtgManaError
from mtgmana.restriction_text import OUTLAW_TYPES, RestrictionTextError, parse_restriction
from mtgmana.restrictions import (
    AllOf,
    AnyOf,
    Not,
    Restriction,
    Spend,
    SpendKind,
    abilities,
    cost_contains,
    costs,
    custom,
    parse_type_line,
    register_custom,
    spell_paying,
    spells,
)
from mtgmana.tapping import can_pay

# -- Spend and the builders ---------------------------------------------------------------


def test_spend_describes_a_spell_from_its_type_line_and_cost() -> None:
    spend = Spend.spell("Legendary Creature — Elf Druid", mana_cost="{2}{G}{W}", zone="exile")
    assert spend.kind is SpendKind.SPELL
    assert spend.card_types == {"Creature"} and spend.subtypes == {"Elf", "Druid"}
    assert spend.supertypes == {"Legendary"} and str(spend.colors) == "WG"
    assert spend.mana_value == 4 and spend.zone == "exile"
    assert spend.paying_x().component == "X" and spend.component == ""


def test_205_3m_time_lord_is_one_creature_type() -> None:
    assert parse_type_line("Legendary Creature — Time Lord Doctor")[2] == {"Time Lord", "Doctor"}
    assert parse_type_line("Creature — Lord")[2] == {"Lord"}


def test_glossary_2007_only_creature_spells_or_only_activation_costs() -> None:
    # "An ability might produce mana that can be used only to play creature spells or
    # only to pay activation costs."
    creature_only, abilities_only = spells(types={"Creature"}), abilities()
    assert creature_only.allows(Spend.spell("Artifact Creature — Golem"))
    assert not creature_only.allows(Spend.ability("Creature — Elf"))
    assert abilities_only.allows(Spend.ability("Land"))
    assert not abilities_only.allows(Spend.spell("Creature — Elf"))
    assert str(creature_only) == "only to cast creature spells"


def test_composition() -> None:
    artifacts = spells(types={"Artifact"})
    either = artifacts | abilities()
    both = artifacts & spells(min_mana_value=3)
    assert isinstance(either, AnyOf) and isinstance(both, AllOf)
    assert either.allows(Spend.ability("Land")) and either.allows(Spend.spell("Artifact"))
    assert not either.allows(Spend.spell("Instant"))
    assert both.allows(Spend.spell("Artifact", mana_cost="{3}"))
    assert not both.allows(Spend.spell("Artifact", mana_cost="{2}"))
    nonartifact = ~spells(excluded_types={"Artifact"})
    assert isinstance(nonartifact, Not) and str(nonartifact) == "not to cast nonartifact spells"
    assert nonartifact.allows(Spend.ability("Creature")) and nonartifact.allows(
        Spend.spell("Artifact")
    )
    assert not nonartifact.allows(Spend.spell("Sorcery"))
    assert (artifacts | abilities()) | costs("unlock") == AnyOf(
        (artifacts, abilities(), costs("unlock"))
    )


def test_cost_restrictions() -> None:
    upkeep = costs("cumulative upkeep")
    assert upkeep.allows(Spend.other_cost("cumulative upkeep"))
    assert not upkeep.allows(Spend.spell("Creature"))
    x_only = cost_contains("{X}")
    assert x_only.allows(Spend.spell("Sorcery", mana_cost="{X}{R}"))
    assert x_only.allows(Spend.ability("Creature", cost="{X}{G}"))
    assert not x_only.allows(Spend.spell("Sorcery", mana_cost="{2}{R}"))


def test_text_of_the_builders() -> None:
    assert spells(keywords={"kicked"}).text == "only to cast kicked spells"
    assert spells(keywords={"devoid"}).text == "only to cast spells with devoid"
    assert spells(zones={"graveyard"}).text == "only to cast spells from your graveyard"
    assert spells(zones={"exile"}).text == "only to cast spells from exile"
    assert spells(colorless=False).text == "only to cast colored spells"
    assert spells(color_count=1).text == "only to cast monocolored spells"
    assert spells(color_count=3).text == "only to cast spells with exactly 3 colors"
    assert abilities(actions={"equip"}).text == "only to activate equip abilities"
    assert costs("cumulative upkeep").text == "only to pay cumulative upkeep costs"
    assert spells(wording="only for Elves").text == "only for Elves"


def test_text_of_every_condition_in_its_place() -> None:
    """Adjectives before "spells" (colors, designations, supertypes, excluded types,
    subtypes, types), qualifiers after it, in that order (CR 106.6)."""
    every = spells(
        types={"Creature"}, excluded_types={"Artifact"}, subtypes={"Elf", "Druid"},
        supertypes={"Legendary"}, colorless=False, multicolored=True,
        min_mana_value=3, zones={"hand", "command"}, keywords={"kicked", "flashback"},
        mana_cost_contains="{X}",
    )  # fmt: skip
    assert every.text == (
        "only to cast colored multicolored legendary nonartifact Druid or Elf creature "
        "spells with mana value 3 or greater with {X} in their mana costs that are "
        "flashback or kicked from the command zone or your hand"
    )
    assert spells(colorless=True, keywords={"kicked", "copied"}).text == (
        "only to cast colorless copied or kicked spells"
    )


def test_each_condition_refuses_on_its_own() -> None:
    """Each condition of a spell restriction can refuse a spell the others allow
    (CR 106.6): types, colors, mana value, zone, keywords, a symbol in the cost."""
    elf = Spend.spell(
        "Legendary Creature — Elf", zone="hand", keywords={"kicked"}, mana_cost="{X}{G}{G}",
    )  # fmt: skip
    fields: dict[str, Any] = {
        "types": {"Creature"}, "subtypes": {"Elf"}, "supertypes": {"Legendary"},
        "colorless": False, "multicolored": False, "color_count": 1, "min_mana_value": 2,
        "zones": {"hand"}, "keywords": {"kicked"}, "mana_cost_contains": "{X}",
    }  # fmt: skip
    assert spells(**fields).allows(elf)
    wrong: dict[str, Any] = {
        "types": {"Artifact"}, "subtypes": {"Goblin"}, "supertypes": {"Snow"},
        "colorless": True, "multicolored": True, "color_count": 2, "min_mana_value": 3,
        "zones": {"graveyard"}, "keywords": {"flashback"}, "mana_cost_contains": "{R}",
    }  # fmt: skip
    for key, value in wrong.items():
        assert not spells(**{**fields, key: value}).allows(elf), key
    assert not spells(excluded_types={"Creature"}).allows(elf)
    assert not spells(mana_cost_contains="{X}").allows(Spend.spell("Creature"))
    assert not spells().allows(Spend.ability("Creature"))


ALL_KINDS: list[Restriction] = [
    spells(types={"Creature", "Artifact"}, subtypes={"Elf"}, supertypes={"Legendary"},
           colorless=False, multicolored=True, color_count=2, min_mana_value=3,
           zones={"graveyard"}, keywords={"kicked"}, mana_cost_contains="{X}"),
    spells(excluded_types={"Creature"}, wording="only to cast noncreature spells"),
    abilities(source_types={"Artifact"}, source_subtypes={"Myr"}, colorless=True),
    abilities(actions={"equip"}),
    costs("cumulative upkeep", "unlock", wording="only on upkeep or doors"),
    cost_contains("{C}"),
    spells() | abilities(),
    spells() & ~spells(zones={"hand"}),
]  # fmt: skip


@pytest.mark.parametrize("restriction", ALL_KINDS, ids=lambda r: type(r).__name__)
def test_json_round_trip(restriction: Restriction) -> None:
    data = restriction.to_json()
    again = Restriction.from_json(data)
    assert again == restriction and hash(again) == hash(restriction)
    assert again.text == restriction.text and again.to_json() == data


@pytest.mark.parametrize(
    "data",
    [None, [], {}, {"spell": {}, "ability": {}}, {"colour": {}}, {"spell": {"typez": []}},
     {"cost": {}}, {"any_of": []}, {"any_of": {}}, {"not": 3}, {"custom": 3},
     {"cost_contains": 5}],
)  # fmt: skip
def test_bad_json_is_a_clear_error(data: object) -> None:
    with pytest.raises(MtgManaError):
        Restriction.from_json(data)


def test_users_write_their_own_restrictions() -> None:
    big = register_custom(
        "test.big_spells", lambda spend: spend.mana_value >= 6, "only to cast spells with MV 6+"
    )
    assert big.allows(Spend.spell("Creature", mana_cost="{6}{G}"))
    assert not big.allows(Spend.spell("Creature", mana_cost="{1}{G}"))
    assert str(big) == "only to cast spells with MV 6+"
    assert Restriction.from_json(big.to_json()) == big == custom("test.big_spells")
    with pytest.raises(MtgManaError, match="no custom restriction"):
        Restriction.from_json({"custom": "test.never_registered"})
    with pytest.raises(MtgManaError, match="callable"):
        register_custom("test.bad", "yes", "text")  # type: ignore[arg-type]


# -- parse_restriction: what it means ----------------------------------------------------

ELF = Spend.spell("Creature — Elf Warrior", mana_cost="{1}{G}")
GOBLIN = Spend.spell("Creature — Goblin", mana_cost="{R}")
LEGEND = Spend.spell("Legendary Creature — Human", mana_cost="{1}{W}{U}")
BOLT = Spend.spell("Instant", mana_cost="{R}")
DIVINATION = Spend.spell("Sorcery", mana_cost="{2}{U}")
FIREBALL = Spend.spell("Sorcery", mana_cost="{X}{R}")
SOL_RING = Spend.spell("Artifact", mana_cost="{1}")
SWORD = Spend.spell("Artifact — Equipment", mana_cost="{3}")
ARTIFACT_ABILITY = Spend.ability("Artifact")
ELF_ABILITY = Spend.ability("Creature — Elf")
LAND_ABILITY = Spend.ability("Land")
DRAGON = Spend.spell("Creature — Dragon", mana_cost="{4}{R}{R}")
DRAGON_ABILITY = Spend.ability("Creature — Dragon")
OMEN = Spend.spell("Sorcery — Omen", mana_cost="{1}{G}")
KICKED = Spend.spell("Sorcery", mana_cost="{1}{B}", keywords={"kicked"})
FLASHBACK = Spend.spell("Sorcery", mana_cost="{1}{R}", zone="graveyard", keywords={"flashback"})
FROM_GRAVEYARD = Spend.spell("Creature — Zombie", mana_cost="{2}{B}", zone="graveyard")
FROM_EXILE = Spend.spell("Instant", mana_cost="{U}", zone="exile")
GOLD = Spend.spell("Creature — Elf", mana_cost="{G}{W}")
ELDRAZI = Spend.spell("Creature — Eldrazi", mana_cost="{7}")
UPKEEP = Spend.other_cost("cumulative upkeep")
UNLOCK = Spend.other_cost("unlock")
MORPH = Spend.other_cost("morph")
MANIFEST = Spend.other_cost("manifest")
FACE_DOWN = Spend.spell("Creature", keywords={"face-down"})
EQUIP = Spend.ability("Artifact — Equipment", action="equip")
TIME_LORD = Spend.spell("Legendary Creature — Time Lord Doctor", mana_cost="{2}{U}")
ROGUE = Spend.spell("Creature — Human Rogue", mana_cost="{1}{B}")

MEANINGS: dict[str, tuple[list[Spend], list[Spend]]] = {
    # sentence: (spends allowed, spends forbidden)
    "Spend this mana only to cast creature spells.": ([ELF, LEGEND], [BOLT, ELF_ABILITY]),
    "Spend this mana only to cast a creature spell of the chosen type.": ([ELF], [GOBLIN]),
    "Spend this mana only to cast a creature spell of the chosen type, and that spell can't be "
    "countered.": ([ELF], [GOBLIN]),
    "Spend this mana only to cast a creature spell of the chosen type or activate an ability of "
    "a creature source of the chosen type.": ([ELF, ELF_ABILITY], [GOBLIN, ARTIFACT_ABILITY]),
    "Spend this mana only to cast a creature spell of the chosen type or a legendary creature "
    "spell.": ([ELF, LEGEND], [GOBLIN]),
    "Spend this mana only to cast artifact spells.": ([SOL_RING, SWORD], [BOLT, ARTIFACT_ABILITY]),
    "Spend this mana only to cast artifact spells or activate abilities of artifacts.": (
        [SOL_RING, ARTIFACT_ABILITY, EQUIP], [BOLT, LAND_ABILITY]),
    "Spend this mana only to activate abilities.": ([LAND_ABILITY, EQUIP], [SOL_RING, UPKEEP]),
    "Spend this mana only to activate abilities of land sources.": ([LAND_ABILITY], [EQUIP]),
    "Spend this mana only on costs that contain {X}.": ([FIREBALL, FIREBALL.paying_x()], [BOLT]),
    "Spend this mana only to cast a multicolored spell.": ([GOLD, LEGEND], [ELF]),
    "Spend this mana only to cast colorless spells.": ([SOL_RING, ELDRAZI], [ELF]),
    "Spend this mana only to pay cumulative upkeep costs.": ([UPKEEP], [ELF, LAND_ABILITY]),
    "Spend this mana only to cast instant or sorcery spells.": ([BOLT, DIVINATION], [ELF]),
    "Spend this mana only to cast instant, sorcery, Demon, and Spirit spells.": (
        [BOLT, DIVINATION, Spend.spell("Creature — Demon")], [ELF]),
    "Spend this mana only to cast Dragon spells or activate abilities of Dragons.": (
        [DRAGON, DRAGON_ABILITY], [ELF, ELF_ABILITY]),
    "Spend this mana only to cast a Dragon spell or an Omen spell.": ([DRAGON, OMEN], [ELF]),
    "Spend this mana only to cast Dragon creature spells.": ([DRAGON], [OMEN, DRAGON_ABILITY]),
    "Spend this mana only to cast spells from your graveyard.": ([FROM_GRAVEYARD], [ELF]),
    "Spend this mana only to cast spells from exile.": ([FROM_EXILE], [BOLT]),
    "Spend this mana only to cast spells with flashback from a graveyard.": (
        [FLASHBACK], [FROM_GRAVEYARD, BOLT]),
    "Spend this mana only to cast a spell from anywhere other than your hand.": (
        [FROM_EXILE, FROM_GRAVEYARD], [BOLT, LAND_ABILITY]),
    "Spend this mana only to cast kicked spells.": ([KICKED], [DIVINATION]),
    "Spend this mana only to cast a noncreature spell.": ([BOLT, SOL_RING], [ELF, EQUIP]),
    "Spend this mana only to cast spells with mana value 5 or greater or spells with {X} in "
    "their mana costs.": ([DRAGON, FIREBALL], [ELF]),
    "Spend this mana only to cast a spell that's one or more colors without {X} in its mana "
    "cost.": ([BOLT, ELF], [FIREBALL, SOL_RING]),
    "Spend this mana only to cast spells with exactly three colors.": (
        [Spend.spell("Creature", mana_cost="{W}{U}{B}")], [GOLD]),
    "Spend this mana only to cast colorless Eldrazi spells or activate abilities of colorless "
    "Eldrazi.": ([ELDRAZI, Spend.ability("Creature — Eldrazi")], [SOL_RING]),
    "Spend this mana only to cast Room spells and unlock doors.": (
        [Spend.spell("Enchantment — Room"), UNLOCK], [ELF]),
    "Spend this mana only to cast a face-down creature spell, pay a mana cost to turn a "
    "manifested creature face up, or pay a morph cost.": ([FACE_DOWN, MANIFEST, MORPH], [ELF]),
    "Spend this mana only to turn permanents face up.": (
        [MORPH, MANIFEST, Spend.other_cost("disguise")], [FACE_DOWN]),
    "Spend this mana only to cast an Equipment spell or activate an equip ability.": (
        [SWORD, EQUIP], [ARTIFACT_ABILITY]),
    "Spend this mana only to cast a Time Lord or Alien spell or activate an ability of a Time "
    "Lord or Alien.": ([TIME_LORD], [ELF]),
    "Spend this mana only to cast outlaw spells or activate abilities of outlaw sources.": (
        [ROGUE, Spend.ability("Creature — Human Pirate")], [ELF]),
    "This mana can't be spent to cast a nonartifact spell.": (
        [SOL_RING, ELF_ABILITY, UPKEEP], [ELF, BOLT]),
    "This mana can't be spent to cast spells from your hand.": ([FROM_EXILE, EQUIP], [BOLT]),
}  # fmt: skip


@pytest.mark.parametrize("sentence", list(MEANINGS))
def test_parsed_restrictions_mean_what_the_card_says(sentence: str) -> None:
    restriction = parse_restriction(sentence, chosen_type="Elf")
    allowed, forbidden = MEANINGS[sentence]
    for spend in allowed:
        assert restriction.allows(spend), (restriction.text, spend)
    for spend in forbidden:
        assert not restriction.allows(spend), (restriction.text, spend)


def test_parse_accepts_what_text_prints_and_the_that_mana_form() -> None:
    creature = spells(types={"Creature"})
    assert parse_restriction("only to cast creature spells") == creature
    assert parse_restriction("Spend that mana only to cast creature spells.") == creature
    assert parse_restriction("  Spend this mana only to cast   creature spells  ") == creature


def test_outlaws_are_the_five_creature_types_of_700_12() -> None:
    assert {"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"} == OUTLAW_TYPES


@pytest.mark.parametrize(
    "sentence",
    ["", "Add {G}.", "Spend this mana only to cast purple spells.",
     "Spend this mana only to cast a creature spell of the chosen type.",  # no chosen type
     "Spend this mana only to cast spells with mana value 5 or less.",
     "Spend this mana only to cast artifact creature spells.",
     "Spend this mana only to cast creature spells (they're great).",
     "Spend this mana only to dance.", "Spend this mana only to activate abilities of.",
     "only to activate abilities of a", "only to activate abilities of ,",
     "only to activate abilities of legendary sources", "not only to cast spells"],
)  # fmt: skip
def test_parse_rejects_what_it_cannot_model(sentence: str) -> None:
    with pytest.raises(RestrictionTextError):
        parse_restriction(sentence)


def test_mana_only_for_what_puts_tokens_onto_the_battlefield() -> None:
    """Mishra's Toy Workshop (CR 106.6): the spells and abilities that put tokens onto
    the battlefield, as Spend.keywords says it ("makes tokens"; spend_of reads
    "create ... token", CR 111.2)."""
    r = parse_restriction(
        "Spend this mana only on spells and abilities that put tokens onto the battlefield."
    )
    assert r.allows(spend_of("Raise the Alarm"))
    assert r.allows(spend_of("Secure the Wastes"))
    assert not r.allows(spend_of("Lightning Bolt"))
    assert r.allows(Spend.ability("Artifact", keywords=["makes tokens"]))
    assert not r.allows(Spend.ability("Artifact"))
    assert parse_restriction(r.text) == r and Restriction.from_json(r.to_json()) == r
    workshop = Board.parse("Mishra's Toy Workshop")
    assert not workshop.permanents[0].unsupported
    assert can_pay("{3}", workshop, spend=spend_of("Raise the Alarm"))
    assert not can_pay("{1}", workshop, spend=spend_of("Lightning Bolt"))


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(MtgManaError):
        parse_restriction(None)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        parse_restriction("Spend this mana only to cast creature spells.", chosen_type=" ")


# -- the corpus --------------------------------------------------------------------------

SENTENCE = re.compile(r"(?:Spend (?:this|that) mana only|This mana can't be spent)[^.]*\.")

UNSUPPORTED = {
    "Spend this mana only to cast a spell that shares a watermark with CARDNAME.": "watermark",
    "Spend this mana only to cast creature spells with no abilities.": "abilities",
    "Spend this mana only to cast monocolored spells of that color.": "one particular color",
    "Spend this mana only to cast spells with watermarks.": "watermark",
    "Spend this mana only to cast spells you don't own.": "who owns",
    "Spend this mana only to cast the last card exiled with this artifact.": "identify the card",
    "This mana can't be spent to pay generic mana costs.": "which part of a cost",
}  # fmt: skip
"""Every corpus sentence parse_restriction refuses, with why: a Spend doesn't carry the
fact the restriction needs."""


def corpus_sentences() -> dict[str, str]:
    """Every distinct restriction sentence (card name as CARDNAME) -> a card printing it,
    in the Oracle text of every real card (the bundled database: the corpus's text)."""
    found: dict[str, str] = {}
    for record in bundled_records():
        texts = [record.get("oracle_text", "")]
        texts += [face.get("oracle_text", "") for face in record.get("card_faces", [])]
        for text in texts:
            for sentence in SENTENCE.findall(text):
                found.setdefault(sentence.replace(record["name"], "CARDNAME"), record["name"])
    return found


def _content_words(sentence: str) -> set[str]:
    """The words a faithful paraphrase keeps: subtypes, card types, key adjectives."""
    keep = {"creature", "artifact", "instant", "sorcery", "enchantment", "planeswalker",
            "land", "legendary", "colorless", "multicolored", "kicked", "devoid", "exile",
            "graveyard", "hand", "flashback", "foretell", "upkeep", "equip", "noncreature",
            "nonartifact", "{X}", "{C}"}  # fmt: skip
    sentence = sentence.replace("CARDNAME", "")
    sentence = sentence.replace("foretell a card from your hand", "foretell")  # always from hand
    words = set(re.findall(r"\{[^}]*\}|[\w-]+", sentence))
    capitalized = {w for w in words if w[0].isupper() and w not in ("Spend", "This")}
    return (capitalized - {"Time", "Lord", "Class"}) | {w for w in words if w in keep}


def test_corpus_restriction_sentences() -> None:
    sentences = corpus_sentences()
    spend_only = [s for s in sentences if s.startswith("Spend")]
    assert len(spend_only) >= 90  # ~100 distinct "Spend this mana only ..." sentences
    parsed: dict[str, Restriction] = {}
    refused: dict[str, str] = {}
    for sentence in sentences:
        try:
            parsed[sentence] = parse_restriction(sentence, chosen_type="Elf")
        except RestrictionTextError as error:
            refused[sentence] = error.reason
    # Exactly the listed sentences are unsupported, each for the stated reason.
    assert set(refused) == set(UNSUPPORTED)
    for sentence, reason in refused.items():
        assert UNSUPPORTED[sentence] in reason
    share = sum(1 for s in spend_only if s in parsed) / len(spend_only)
    assert share >= 0.9, share
    for sentence, restriction in parsed.items():
        text = restriction.text
        # It reads as the card does: "only ..." / "not ...", names what the card names,
        # and reads back as the same restriction.
        assert text.startswith(("only to ", "only on ", "not to ")), text
        assert "  " not in text and "None" not in text and "frozenset" not in text
        wanted = _content_words(sentence.replace("chosen type", "Elf"))
        if "outlaw" in sentence:
            wanted |= OUTLAW_TYPES
        wanted = {w.replace("Dragons", "Dragon").replace("Elementals", "Elemental") for w in wanted}
        missing = {w for w in wanted if w.lower() not in text.lower()}
        assert not missing, (sentence, text, missing)
        assert parse_restriction(text, chosen_type="Elf") == restriction, (sentence, text)
        assert Restriction.from_json(restriction.to_json()) == restriction


WORDS = [
    "Spend", "this", "mana", "only", "to", "cast", "activate", "pay", "a", "an", "or", "and",
    "and/or", ",", "spell", "spells", "ability", "abilities", "of", "creature", "artifact",
    "Elf", "Dragons", "sources", "source", "with", "mana", "value", "5", "greater", "from",
    "your", "graveyard", "{X}", "in", "their", "costs", "cost", "that", "contain", "the",
    "chosen", "type", "not", "turn", "face", "up", "unlock", "doors", "exactly", "three",
    "colors", "without", "its", "kicked", "noncreature", "Time", "Lord", "permanent",
]  # fmt: skip


STARTS = ["", "to cast", "to cast a", "to activate abilities of", "to activate an ability of a",
          "to pay", "on costs that contain", "not to cast", "to cast spells with"]  # fmt: skip


@given(
    st.sampled_from(STARTS),
    st.lists(st.sampled_from(WORDS), max_size=14),
    st.sampled_from(["", "Elf", None]),
)
def test_parse_never_fails_other_than_with_its_error(
    start: str, words: list[str], chosen: str | None
) -> None:
    # Any text gives a restriction or a documented error, never a crash.
    body = " ".join([start, *words]).strip()
    for text in ("only " + body, "Spend this mana only " + body + "."):
        try:
            restriction = parse_restriction(text, chosen_type=chosen or None)
        except MtgManaError:
            continue
        assert isinstance(restriction, Restriction)
        assert parse_restriction(restriction.text, chosen_type=chosen or None) == restriction


@given(st.text(max_size=60))
def test_parse_arbitrary_text(text: str) -> None:
    with contextlib.suppress(MtgManaError):
        parse_restriction(text)


def test_devoid_spells_are_colorless_for_restrictions() -> None:
    """CR 702.114a: Eldrazi Temple pays for Eldrazi Obligator (a colorless Eldrazi
    spell, whatever its cost's colors), Pillar of the Paruns doesn't pay for Brood
    Butcher (not multicolored)."""
    from mtgmana.board import Board
    from mtgmana.tapping import can_pay

    obligator = spend_of("Eldrazi Obligator")
    assert not obligator.colors and str(obligator.mana_cost) == "{2}{R}"
    assert can_pay(None, Board.parse("Eldrazi Temple, Mountain"), spend=obligator)
    butcher = spend_of("Brood Butcher")
    assert not can_pay(None, Board.parse("2 Pillar of the Paruns, 3 Wastes"), spend=butcher)
    pulse = spend_of("Maelstrom Pulse")  # multicolored: the Pillars pay
    assert can_pay(None, Board.parse("2 Pillar of the Paruns, 3 Wastes"), spend=pulse)


def test_changelings_are_every_creature_type_for_restrictions() -> None:
    """CR 702.73a: Cavern of Souls naming Elf pays for Changeling Outcast."""
    from mtgmana.board import Board
    from mtgmana.tapping import can_pay

    cavern = Board.parse("Cavern of Souls [chosen_type=Elf]")
    assert can_pay(None, cavern, spend=spend_of("Changeling Outcast"))
    assert not can_pay(None, cavern, spend=spend_of("Vampire Lacerator"))
    assert "Elf" not in spend_of("Vampire Lacerator").subtypes


@pytest.mark.parametrize("text", ["{1}{G}", "{X}{R}", "", "{W}{U}{B}{R}{G}", None])
def test_spell_paying_is_the_default_spell(text: str | None) -> None:
    """``spell_paying`` (the spend of a request that names none, built fast and
    remembered) is ``Spend(SpendKind.SPELL, cost=...)``: equal, same hash, repr and
    fields in order, and what restrictions allow of it."""
    cost = None if text is None else ManaCost.parse(text)
    fast, built = spell_paying(cost), Spend(SpendKind.SPELL, cost=cost)
    assert fast == built and hash(fast) == hash(built) and repr(fast) == repr(built)
    assert list(vars(fast).items()) == list(vars(built).items())
    assert spell_paying(cost) is fast  # remembered per cost
    assert spells(types={"Creature"}).allows(fast) is False
    assert costs().allows(fast) is False and spells().allows(fast) is True
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.cost = None  # type: ignore[misc]  # immutable, as the dataclass's


def test_spell_paying_mirrors_spend_on_values_that_are_not_costs() -> None:
    # Spend doesn't check its cost's type; spell_paying gives the very same value
    # (no error of its own, nothing remembered under another argument).
    for odd in ("{2}", 3, [1]):
        made = spell_paying(odd)  # type: ignore[arg-type]
        assert made == Spend(SpendKind.SPELL, cost=odd)  # type: ignore[arg-type]
        assert made.cost is odd
    assert spell_paying(None) == Spend(SpendKind.SPELL)
