"""Counting a deck's mana as deckbuilders do (mtgmana.analysis.counting): Karsten's
rules (shared/reference/karsten-2022.md) and, where he is silent, how modern mana
is counted — Phyrexian (CR 107.4f), hybrid (CR 107.4e), X (CR 107.3), split and
adventurer cards, modal double-faced lands, fetch lands, restricted mana (CR
106.6), "could produce" (CR 106.7), Nykthos and Gemstone Caverns."""

from __future__ import annotations

import pytest

from mtgmana.analysis.counting import MDFC_LAND, deck_colors
from mtgmana.analysis.deck import Deck, DeckSummary, analyze


def _summary(text: str, **kwargs: object) -> DeckSummary:
    return analyze(Deck.parse(text), what_ifs=0, **kwargs)  # type: ignore[arg-type]


def _sources(summary: DeckSummary, spell: str, colors: str) -> float:
    for need in summary.spell(spell).needs:
        if need.colors == colors:
            return need.sources
    raise AssertionError(colors)


def _row(summary: DeckSummary, name: str) -> object:
    for row in summary.land_rows:
        if row.name.startswith(name):
            return row
    raise AssertionError(name)


def test_phyrexian_symbols_give_two_figures() -> None:
    summary = _summary("24 Mountain\n4 Dismember\n32 Lightning Bolt")
    dismember = summary.spell("Dismember")
    assert dismember.needs == () and dismember.probability > 0.9  # paid with 4 life
    assert dismember.without_life == 0.0  # no black source
    assert "Phyrexian" in dismember.counted_as
    assert summary.colors == "R"


def test_hybrid_and_monocolored_hybrid_add_no_color_alone() -> None:
    text = "10 Plains\n10 Mountain\n4 Hengegate Pathway\n4 Kitchen Finks\n4 Spectral Procession\n"
    summary = _summary(text + "28 Lightning Helix")
    assert summary.colors == "WR"  # Kitchen Finks' {G/W} doesn't make the deck green
    assert deck_colors(Deck.parse("20 Forest\n40 Kitchen Finks")) == "WG"  # hybrid only
    # Two colors: the Pathway is a full source of white (Karsten's choice lands).
    assert _sources(summary, "Lightning Helix", "W") == 14
    procession = summary.spell("Spectral Procession")  # {2/W}{2/W}{2/W}
    assert procession.needs == () and "{2/C} counted as {2}" in procession.counted_as


def test_x_is_one_unless_set() -> None:
    text = "24 Mountain\n36 Fireball"
    assert _summary(text).spell("Fireball").turn == 2
    fireball = _summary(text, x={"fireball": 4}).spell("Fireball")
    assert fireball.turn == 5 and fireball.x == 4 and fireball.cost == "{X}{R}"


def test_both_halves_are_reported() -> None:
    summary = _summary("12 Island\n12 Mountain\n4 Fire // Ice\n4 Bonecrusher Giant\n28 Opt")
    names = [spell.name for spell in summary.spells]
    assert names[:4] == ["Fire", "Ice", "Bonecrusher Giant", "Stomp"]
    assert summary.spell("Fire // Ice").name == "Fire"
    stomp = summary.spell("Stomp")
    assert stomp.card == "Bonecrusher Giant // Stomp" and stomp.turn == 2


def test_modal_double_faced_lands_count_half() -> None:
    summary = _summary("20 Plains\n4 Emeria's Call\n36 Savannah Lions")
    land = summary.land_count
    assert land.lands == 20 and land.mdfc == 4 and land.effective == 20 + 4 * MDFC_LAND
    row = _row(summary, "Emeria's Call")
    assert row.land == MDFC_LAND and row.sources == {"W": MDFC_LAND}  # type: ignore[attr-defined]
    # Half a source of white for spells of mana value 2 or more (it may enter
    # tapped, but Emeria's back pays 3 life to enter untapped).
    assert _sources(summary, "Savannah Lions", "W") == 20 + 4 * MDFC_LAND


def test_fetch_lands_find_what_the_deck_holds() -> None:
    grixis = (
        "4 Polluted Delta\n4 Watery Grave\n4 Blood Crypt\n4 Island\n4 Swamp\n4 Mountain\n"
        "12 Counterspell\n12 Duress\n12 Lightning Bolt"
    )
    summary = _summary(grixis)
    # Polluted Delta finds Watery Grave (U, B) and Blood Crypt (B, R): a full source
    # of all three colors in a three-color deck.
    assert _sources(summary, "Counterspell", "U") == 4 + 4 + 4
    assert _sources(summary, "Lightning Bolt", "R") == 4 + 4 + 4
    # Fabled Passage finds basic lands only: a choice land (2/3 in three colors).
    passage = _summary(grixis.replace("Polluted Delta", "Fabled Passage"))
    assert _sources(passage, "Counterspell", "U") == pytest.approx(8 + 4 * 2 / 3, abs=1e-3)


def test_restricted_mana_counts_for_the_spells_that_may_spend_it() -> None:
    summary = _summary("4 Cavern of Souls\n20 Forest\n18 Llanowar Elves\n18 Counterspell")
    # Cavern names Elf, the deck's creature type: blue for the Elves, not Counterspell.
    assert _sources(summary, "Counterspell", "U") == 0
    ziggurat = _summary("4 Ancient Ziggurat\n20 Island\n18 Plains\n18 Savannah Lions")
    assert _sources(ziggurat, "Savannah Lions", "W") == 18 + 4
    assert "restricted" in _row(ziggurat, "Ancient Ziggurat").counted_as  # type: ignore[attr-defined]


def test_opponents_lands_nykthos_and_gemstone_caverns() -> None:
    summary = _summary(
        "4 Exotic Orchard\n2 Nykthos, Shrine to Nyx\n2 Gemstone Caverns\n16 Forest\n"
        "36 Grizzly Bears"
    )
    assert _sources(summary, "Grizzly Bears", "G") == 16 + 4
    orchard = _row(summary, "Exotic Orchard")
    assert "opponent whose lands make the deck's colors" in orchard.counted_as  # type: ignore[attr-defined]
    nykthos = _row(summary, "Nykthos")
    assert nykthos.produces == "C" and "devotion" in nykthos.counted_as  # type: ignore[attr-defined]
    caverns = _row(summary, "Gemstone Caverns")
    assert caverns.produces == "C" and "luck" not in caverns.counted_as  # type: ignore[attr-defined]
    assert "begins the game on the battlefield" in caverns.counted_as  # type: ignore[attr-defined]


def test_every_land_says_how_it_was_counted() -> None:
    summary = analyze(Deck.example(), what_ifs=0)
    rows = {row.name: row for row in summary.land_rows}
    assert rows["Forest"].counted_as == "1 source of G"
    assert "finds" in rows["Misty Rainforest"].counted_as
    assert "not for turn-1 spells" in rows["Thornwood Falls"].counted_as
    assert all(row.counted_as for row in summary.land_rows)
