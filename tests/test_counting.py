"""Counting a deck's mana as deckbuilders do (mtgmana.analysis.counting): Karsten's
rules (shared/reference/karsten-2022.md) and, where he is silent, how modern mana
is counted — Phyrexian (CR 107.4f), hybrid (CR 107.4e), X (CR 107.3), split and
adventurer cards, modal double-faced lands, fetch lands, restricted mana (CR
106.6), "could produce" (CR 106.7), Nykthos and Gemstone Caverns; and, as the
simulation makes it, mana that needs energy (CR 122.1), a graveyard, counters or a
fact of the game, amounts that read the battlefield and "each color among
permanents you control" (CR 105.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import run_json
from mtgmana.analysis.counting import MDFC_LAND
from mtgmana.analysis.decks import Deck, deck_colors
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.summary import DeckSummary, analyze


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


# -- what the simulation can't pay: energy, graveyard, counters, facts (issue 13) -----

REPRODUCE = (
    "4 Aether Hub\n4 Molt Tender\n4 Bloom Tender\n10 Forest\n8 Plains\n6 Island\n"
    "4 Llanowar Elves\n4 Savannah Lions\n4 Glorious Anthem\n4 Serra Angel\n4 Giant Growth\n"
    "4 Wrath of God"
)


def test_energy_and_graveyard_costs_make_no_mana_in_the_counts() -> None:
    summary = _summary(REPRODUCE)
    hub = _row(summary, "Aether Hub")
    # CR 122.1: its "{T}, Pay {E}" needs energy, which the simulation doesn't have.
    assert hub.sources == {"W": 0.0, "G": 0.0} and hub.produces == "C"  # type: ignore[attr-defined]
    assert hub.counted_as == (  # type: ignore[attr-defined]
        "colorless only: its mana of any color needs energy {E} (one from its enter trigger),"
        " which the analysis doesn't track"
    )
    molt = summary.spell("Molt Tender")  # exiles a card from your graveyard
    assert "counted as no source" in molt.counted_as and "graveyard" in molt.counted_as
    # White: the Plains only (Bloom Tender is green, Molt Tender makes none).
    assert _sources(summary, "Glorious Anthem", "W") == 8
    assert _sources(summary, "Bloom Tender", "G") == 10 + 4 * 0.5  # Llanowar Elves


def test_the_model_agrees_with_the_simulation_on_the_reproduce_deck() -> None:
    deck = Deck.parse(REPRODUCE)
    summary = analyze(deck, what_ifs=0)
    games = simulate(deck, games=2000, seed=0)
    for name in ("Glorious Anthem", "Wrath of God", "Serra Angel"):
        model = summary.spell(name).probability
        # The games that made their land drops: the model's question (was 45 pt off).
        assert abs(model - games.spell(name).p_on_curve_given_lands) < 0.06, name


def test_facts_of_the_game_and_counters_count_as_in_the_simulation() -> None:
    summary = _summary(
        "4 Endrider Catalyzer\n4 Vivid Crag\n4 Muraganda Raceway\n12 Mountain\n36 Shock"
    )
    # Max speed never holds on the simulation's battlefields (CR 702.179).
    catalyzer = summary.spell("Endrider Catalyzer")
    assert "max speed" in catalyzer.counted_as and "no source" in catalyzer.counted_as
    assert _sources(summary, "Endrider Catalyzer", "R") == 12 + 4  # the Vivid Crags' {R}
    vivid = _row(summary, "Vivid Crag")
    assert "charge counter" in vivid.counted_as  # type: ignore[attr-defined]
    assert _row(summary, "Muraganda Raceway").counted_as == "colorless only"  # type: ignore[attr-defined]


def test_board_dependent_amounts_count_with_the_card_alone() -> None:
    summary = _summary(
        "4 Axebane Guardian\n4 Overgrown Battlement\n4 Faeburrow Elder\n4 Bloom Tender\n"
        "2 Gaea's Cradle\n12 Forest\n8 Plains\n22 Wrath of God"
    )
    # For spells of mana value 4: the Forests; Faeburrow Elder is a (dork) source of
    # its own colors, G and W (CR 105.2), Bloom Tender of G; Axebane Guardian (X >= 1:
    # itself) of any color; Overgrown Battlement of G. Gaea's Cradle: no creature
    # with it alone, no mana.
    assert _sources(summary, "Wrath of God", "W") == 8 + 0.5 * (4 + 4)
    cradle = _row(summary, "Gaea's Cradle")
    assert cradle.sources == {"W": 0.0, "G": 0.0}  # type: ignore[attr-defined]
    assert "one per creature you control: none with it alone" in cradle.counted_as  # type: ignore[attr-defined]
    bloom = summary.spell("Bloom Tender")
    assert "its own (G) counted" in bloom.counted_as
    assert "counted as 1" in summary.spell("Axebane Guardian").counted_as


def test_the_cli_says_how_aether_hub_is_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(REPRODUCE, encoding="utf-8")
    status, data = run_json(capsys, "deck", str(path), "--games", "300", "--what-ifs", "0")
    assert status == 0
    (hub,) = [row for row in data["lands"] if row["name"] == "Aether Hub"]
    assert hub["counted_as"].startswith("colorless only: its mana of any color needs energy")


def test_counters_that_depend_on_how_it_was_cast() -> None:
    """Everflowing Chalice enters with a charge counter for each time it was kicked
    (CR 702.33): cast kicked once by default, for {2} (--x sets the kicks); Astral
    Cornucopia with X charge counters at X = 1. Vivid Crag enters with two charge
    counters (CR 122.6)."""
    text = "4 Everflowing Chalice\n2 Astral Cornucopia\n4 Vivid Crag\n20 Island\n30 Wind Drake"
    summary = _summary(text)
    chalice = summary.spell("Everflowing Chalice")
    assert (chalice.cost, chalice.turn) == ("{2}", 2)
    assert "kicked once" in chalice.counted_as and "0.75 source" in chalice.counted_as
    assert "X = 1" in summary.spell("Astral Cornucopia").counted_as
    # The Vivid Crags' any color; Cornucopia a rock (Karsten: 0.75) of any color.
    assert _sources(summary, "Wind Drake", "U") == 20 + 4 + 2 * 0.75
    twice = _summary(text, x={"Everflowing Chalice": 2})
    assert (twice.spell("Everflowing Chalice").cost, twice.spell("Everflowing Chalice").turn) == (
        "{2}{2}",
        4,
    )
    # The simulation casts Chalice for {2} and taps it for {C}: with two lands on turn
    # 3 (a missed drop), Wind Drake ({2}{U}) is still cast.
    deck = Deck.parse("4 Everflowing Chalice\n16 Island\n40 Wind Drake")
    with_rocks = simulate(deck, games=3000, seed=1)
    without = simulate(Deck.parse("4 Ornithopter\n16 Island\n40 Wind Drake"), games=3000, seed=1)
    assert with_rocks.spell("Wind Drake").p_on_curve > without.spell("Wind Drake").p_on_curve
