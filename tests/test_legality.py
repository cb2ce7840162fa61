"""Legality warnings (issue 13): deck size (CR 100.2a, 100.2b, 903.5a), copy limits
(CR 100.2a, 100.4a), Commander's singleton rule and color identity (CR 903.4,
903.5b-c), commanders and partners (CR 903.3, 702.124), the format inferred or
given — warnings that name the cards at fault and never stop the analysis."""

from __future__ import annotations

import json

import pytest

from mtgmana import MtgManaError
from mtgmana.analysis.decklists import can_be_commander
from mtgmana.analysis.decks import Deck, DeckError
from mtgmana.analysis.decks.legality import (
    FORMATS,
    LegalityWarning,
    check_legality,
    copy_limit,
    infer_format,
    is_basic_land,
)
from mtgmana.analysis.summary import analyze
from mtgmana.cards import lookup


def codes(deck: Deck, format: str | None = None) -> list[str]:
    return [w.code for w in check_legality(deck, format)]


def commander_deck(commander: str, *cards: str, wastes: int | None = None) -> Deck:
    """A 100-card Commander deck: the commander(s), the cards, Wastes (colorless
    basic lands) to 100."""
    commanders = commander.split(" + ")
    basics = 100 - len(commanders) - len(cards) if wastes is None else wastes
    lines = ["Commander", *(f"1 {c}" for c in commanders), "", "Deck", *(f"1 {c}" for c in cards)]
    lines.append(f"{basics} Wastes")
    return Deck.parse("\n".join(lines))


# -- the warning type -------------------------------------------------------------------


def test_a_warning_is_a_small_frozen_value_with_a_json_shape() -> None:
    warning = LegalityWarning("copies", "more copies than allowed: 5 Opt", ("Opt",))
    assert warning.to_json() == {
        "code": "copies",
        "message": "more copies than allowed: 5 Opt",
        "cards": ["Opt"],
    }
    json.dumps(warning.to_json())
    assert str(warning) == warning.message
    with pytest.raises(AttributeError):
        warning.code = "x"  # type: ignore[misc]


# -- constructed and limited --------------------------------------------------------------


def test_a_59_card_deck_and_a_fifth_copy_are_named() -> None:
    deck = Deck.parse("5 Lightning Bolt\n20 Mountain\n34 Ash Zealot")
    warnings = check_legality(deck)
    assert [w.code for w in warnings] == ["deck-size", "copies"]
    assert "59-card deck" in warnings[0].message and "at least 60" in warnings[0].message
    assert warnings[1].cards == ("Lightning Bolt", "Ash Zealot")
    assert "5 Lightning Bolt, 34 Ash Zealot" in warnings[1].message


def test_copies_count_the_sideboard_too() -> None:  # CR 100.4a
    deck = Deck.parse("3 Negate\n24 Island\n33 Frilled Mystic\n\n2 Negate")
    warning = check_legality(deck, "constructed")[-1]
    assert warning.code == "copies" and "Negate" in warning.cards


def test_basic_lands_and_any_number_cards_are_exempt() -> None:
    deck = Deck.parse("30 Relentless Rats\n24 Swamp\n6 Snow-Covered Swamp")
    assert codes(deck) == []
    assert codes(Deck.parse("7 Seven Dwarves\n24 Mountain\n29 Lightning Bolt")) == ["copies"]
    assert codes(Deck.parse("7 Seven Dwarves\n24 Mountain\n4 Lightning Bolt\n25 Shock")) == [
        "copies"
    ]  # 25 Shock
    assert codes(Deck.parse("7 Seven Dwarves\n24 Mountain\n29 Wastes")) == []
    assert codes(Deck.parse("8 Seven Dwarves\n24 Mountain\n28 Wastes")) == ["copies"]


def test_copy_limits_of_cards() -> None:
    assert copy_limit(lookup("Opt"), "constructed") == 4
    assert copy_limit(lookup("Opt"), "commander") == 1
    assert copy_limit(lookup("Opt"), "limited") is None
    assert copy_limit(lookup("Wastes"), "commander") is None
    assert copy_limit(lookup("Snow-Covered Forest"), "constructed") is None
    assert copy_limit(lookup("Nazgûl"), "commander") == 9
    assert copy_limit(lookup("Shadowborn Apostle"), "commander") is None
    assert copy_limit(lookup("Once More with Feeling"), "constructed") == 1
    assert is_basic_land(lookup("Snow-Covered Island")) and not is_basic_land(lookup("Tundra"))
    with pytest.raises(MtgManaError, match="unknown format 'modern'"):
        copy_limit(lookup("Opt"), "modern")


def test_a_sideboard_of_more_than_15() -> None:
    deck = Deck.parse(
        "Deck\n24 Island\n36 Frilled Mystic\nSideboard\n4 Negate\n4 Opt\n4 Ponder\n4 Preordain"
    )
    warning = check_legality(deck)[0]
    assert warning.code == "sideboard-size" and "16-card sideboard" in warning.message


def test_an_arena_companion_listed_twice_counts_once() -> None:
    deck = Deck.parse(
        "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n24 Plains\n4 Savannah Lions\n32 Wastes\n\n"
        "Sideboard\n1 Lurrus of the Dream-Den\n14 Wastes"
    )
    assert codes(deck) == []


def test_limited_decks() -> None:
    deck = Deck.parse("17 Forest\n23 Grizzly Bears")
    assert deck.format == "limited" and codes(deck) == []  # any number of copies
    small = Deck.parse("15 Forest\n20 Grizzly Bears")
    warning = check_legality(small)[0]
    assert warning.code == "deck-size" and "at least 40" in warning.message
    assert codes(deck, "constructed") == ["deck-size", "copies"]


# -- Commander --------------------------------------------------------------------------------


def test_vindicate_under_a_simic_commander_is_named() -> None:  # CR 903.5c
    deck = commander_deck("Tatyova, Benthic Druid", "Vindicate", "Growth Spiral", "Lightning Bolt")
    (warning,) = check_legality(deck)
    assert warning.code == "color-identity"
    assert warning.cards == ("Vindicate", "Lightning Bolt")
    assert "Vindicate (WB)" in warning.message and "UG" in warning.message


def test_basic_lands_of_other_colors_are_off_identity() -> None:  # CR 903.5d
    deck = commander_deck("Tatyova, Benthic Druid", "Plains", "Wastes")
    (warning,) = check_legality(deck)
    assert warning.cards == ("Plains",)


def test_partners_and_backgrounds_combine_identities() -> None:  # CR 702.124c
    partners = commander_deck("Tymna the Weaver + Kraum, Ludevic's Opus", "Vindicate", "Opt")
    assert codes(partners) == []
    background = commander_deck("Jaheira, Friend of the Forest + Candlekeep Sage", "Opt")
    assert codes(background) == []
    assert str(background.commander_colors) == "UG"
    off = commander_deck("Jaheira, Friend of the Forest + Candlekeep Sage", "Lightning Bolt")
    assert codes(off) == ["color-identity"]


def test_singleton_names_the_copies_commander_included() -> None:  # CR 903.5b
    deck = commander_deck(
        "Tatyova, Benthic Druid", "Sol Ring", "Sol Ring", "Tatyova, Benthic Druid"
    )
    (warning,) = check_legality(deck)
    assert warning.code == "singleton"
    assert warning.cards == ("Sol Ring", "Tatyova, Benthic Druid")
    assert "2 Sol Ring, 2 Tatyova" in warning.message
    rats = commander_deck("Tatyova, Benthic Druid", *["Relentless Rats"] * 3)
    assert codes(rats) == ["color-identity"]  # any number of Rats, but they are black


def test_commander_deck_size_counts_the_commanders() -> None:  # CR 903.5a
    deck = commander_deck("Tatyova, Benthic Druid", wastes=98)
    (warning,) = check_legality(deck)
    assert warning.code == "deck-size"
    assert "99-card deck (98 + 1 commander)" in warning.message and "exactly 100" in warning.message
    assert codes(commander_deck("Tatyova, Benthic Druid", wastes=100)) == ["deck-size"]


def test_who_can_be_a_commander() -> None:  # CR 903.3, 903.3a, 702.124k
    assert can_be_commander(lookup("Tatyova, Benthic Druid"))
    assert can_be_commander(lookup("Grist, the Hunger Tide"))  # it says so
    assert can_be_commander(lookup("Esika, God of the Tree"))  # a legendary creature front
    assert can_be_commander(lookup("Candlekeep Sage"))  # a Background, with a partner
    assert not can_be_commander(lookup("Llanowar Elves"))
    assert not can_be_commander(lookup("Karn, Scion of Urza"))
    deck = commander_deck("Llanowar Elves")
    (warning,) = check_legality(deck)
    assert warning.code == "commander" and warning.cards == ("Llanowar Elves",)


@pytest.mark.parametrize(
    "pair, legal",
    [
        ("Tymna the Weaver + Kraum, Ludevic's Opus", True),  # partner
        ("Pir, Imaginative Rascal + Toothy, Imaginary Friend", True),  # partner with
        ("Jaheira, Friend of the Forest + Candlekeep Sage", True),  # choose a Background
        ("Tatyova, Benthic Druid + Tymna the Weaver", False),
        ("Pir, Imaginative Rascal + Tymna the Weaver", False),  # CR 702.124f
        ("Tatyova, Benthic Druid + Candlekeep Sage", False),
    ],
)
def test_two_commanders_need_a_partner_ability(pair: str, legal: bool) -> None:  # CR 702.124
    deck = commander_deck(pair)
    problems = [w for w in check_legality(deck) if w.code == "commander"]
    assert (not problems) == legal
    if not legal:
        assert problems[0].cards == tuple(pair.split(" + "))


def test_a_background_alone_and_three_commanders() -> None:
    assert codes(commander_deck("Candlekeep Sage")) == ["commander"]
    three = commander_deck("Tymna the Weaver + Kraum, Ludevic's Opus + Tatyova, Benthic Druid")
    assert "3 commanders" in check_legality(three)[0].message


def test_a_100_card_deck_without_a_commander() -> None:
    deck = Deck.parse("40 Forest\n2 Opt\n58 Wastes")
    assert deck.format == "commander"
    warnings = check_legality(deck)
    assert [w.code for w in warnings] == ["no-commander", "singleton"]
    assert "no commander named" in warnings[0].message and warnings[1].cards == ("Opt",)


# -- the format -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("24 Forest\n36 Grizzly Bears", "constructed"),
        ("23 Forest\n36 Grizzly Bears", "constructed"),  # 59: a short constructed deck
        ("17 Forest\n23 Grizzly Bears", "limited"),
        ("18 Forest\n24 Grizzly Bears", "limited"),
        ("40 Forest\n59 Grizzly Bears", "commander"),
        ("40 Forest\n60 Grizzly Bears", "commander"),
        ("Commander\n1 Tatyova, Benthic Druid\n\nDeck\n24 Forest\n36 Opt", "commander"),
    ],
)
def test_the_format_is_inferred(text: str, expected: str) -> None:
    assert infer_format(Deck.parse(text)) == expected


def test_the_format_can_be_given_and_warnings_dont_stop_the_analysis() -> None:
    deck = Deck.parse("17 Forest\n23 Grizzly Bears")
    assert analyze(deck, what_ifs=0).warnings == ()
    summary = analyze(deck, what_ifs=0, format="Constructed")
    assert [w.code for w in summary.warnings] == ["deck-size", "copies"]
    assert summary.spell("Grizzly Bears").probability > 0
    assert set(FORMATS) == {"constructed", "limited", "commander"}
    with pytest.raises(DeckError, match="unknown format 'vintage'"):
        analyze(deck, format="vintage")
    with pytest.raises(MtgManaError, match="unknown format"):
        check_legality(deck, "vintage")
