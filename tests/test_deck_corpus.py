"""Real decks as people export them (issue 13): five Commander precons of
../shared/decks (Forge ``.dck``, vendored in tests/data/decks/commander, copied to
tests/data/decks beside their exports) and the same decks as
MTGO (``.txt``, ``.dek``), Arena, Moxfield, Archidekt and TappedOut export them, plus
60-card tournament lists and a Limited deck. Every deck parses with no unknown card,
the right land count, commander and colors, and figures checked by hand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import run_json
from conftest import PRECONS as VENDORED_PRECONS
from conftest import shared_path
from mtgmana.analysis.decks import Deck
from mtgmana.analysis.decks.legality import check_legality
from mtgmana.analysis.summary import analyze

DECKS = Path(__file__).resolve().parent / "data" / "decks"
EXPORTS = ("dck", "mtgo.txt", "dek", "arena.txt", "moxfield.txt", "archidekt.txt", "tappedout.txt")

# name: (Forge's deck name, commander, color identity, lands, basic lands)
PRECONS: dict[str, tuple[str, str, str, int, dict[str, int]]] = {
    "abzan-armor-tdc": (
        "Abzan Armor [TDC] [2025]", "Felothar the Steadfast", "WBG", 38,
        {"Plains": 6, "Swamp": 5, "Forest": 7},
    ),
    "arcane-maelstrom-c20": (
        "Arcane Maelstrom [C20] [2020]", "Kalamax, the Stormsire", "URG", 38,
        {"Island": 5, "Mountain": 5, "Forest": 8},
    ),
    "creative-energy-m3c": (
        "Creative Energy [M3C] [2024]", "Satya, Aetherflux Genius", "WUR", 38,
        {"Plains": 10, "Island": 5, "Mountain": 5},
    ),
    "desert-bloom-otc": (
        "Desert Bloom [OTC] [2024]", "Yuma, Proud Protector", "WRG", 40,
        {"Plains": 6, "Mountain": 4, "Forest": 7},
    ),
    "family-matters-blc": (
        "Family Matters [BLC] [2024]", "Zinnia, Valley's Voice", "WUR", 38,
        {"Plains": 5, "Island": 4, "Mountain": 4},
    ),
}  # fmt: skip


def read(name: str) -> Deck:
    return Deck.parse((DECKS / name).read_text(encoding="utf-8-sig"))


def cards(deck: Deck) -> Counter[str]:
    return Counter({item.name: item.count for item in deck.main})


@pytest.mark.parametrize("export", EXPORTS)
@pytest.mark.parametrize("precon", sorted(PRECONS))
def test_commander_precons_in_every_export_format(precon: str, export: str) -> None:
    title, commander, identity, lands, basics = PRECONS[precon]
    deck = read(f"{precon}.{export}")
    assert [item.name for item in deck.commander] == [commander]
    assert str(deck.commander_colors) == identity and deck.colors == identity
    assert (deck.size, deck.lands, deck.format) == (99, lands, "commander")
    assert {name: cards(deck)[name] for name in basics} == basics
    assert not deck.sideboard and not deck.companion
    assert check_legality(deck) == ()  # precons are legal Commander decks
    # The same 99 cards as Forge's list, whatever the format.
    assert cards(deck) == cards(read(f"{precon}.dck"))
    if export == "dck":
        assert deck.name == title


def test_the_precons_here_are_the_vendored_copies() -> None:
    here = sorted(DECKS.glob("*.dck"))
    assert {path.stem for path in here} >= set(PRECONS)
    for path in here:
        assert path.read_bytes() == (VENDORED_PRECONS / path.name).read_bytes(), path.name


def test_the_vendored_precons_are_the_shared_ones() -> None:
    shared = shared_path("decks", "commander")
    names = sorted(path.name for path in VENDORED_PRECONS.iterdir())
    assert names == sorted(path.name for path in shared.iterdir())
    for name in names:  # verbatim, line ends and all
        assert (VENDORED_PRECONS / name).read_bytes() == (shared / name).read_bytes(), name


def test_forge_foil_marks_and_split_cards() -> None:
    deck = read("arcane-maelstrom-c20.dck")  # "1 Kalamax, the Stormsire+|C20": a foil
    assert deck.commander[0].name == "Kalamax, the Stormsire"
    assert read("desert-bloom-otc.dck").card("Heaven // Earth").count == 1
    assert read("desert-bloom-otc.mtgo.txt").card("Heaven // Earth").count == 1  # Heaven/Earth
    assert read("desert-bloom-otc.arena.txt").card("Heaven // Earth").count == 1  # ///


# -- 60-card tournament lists and a Limited deck ------------------------------------------


def test_modern_burn_as_mtgo_exports_it() -> None:
    for name in ("modern-burn.mtgo.txt", "modern-burn.dek"):
        deck = read(name)
        assert (deck.size, deck.lands, deck.colors, deck.format) == (60, 20, "WR", "constructed")
        assert sum(item.count for item in deck.sideboard) == 15
        assert cards(deck)["Mountain"] == 6 and cards(deck)["Lightning Bolt"] == 4
        assert check_legality(deck) == ()
    summary = analyze(read("modern-burn.mtgo.txt"), what_ifs=0)
    helix = summary.spell("Lightning Helix")
    # White for Helix: 4 Inspiring Vantage, 2 Sacred Foundry and 8 fetches that find
    # Sacred Foundry (Arid Mesa, Bloodstained Mire, Wooded Foothills).
    assert {n.colors: n.land_sources for n in helix.needs} == {"W": 14, "R": 20}


def test_modern_jund_as_arena_exports_it() -> None:
    deck = read("modern-jund.arena.txt")
    assert (deck.size, deck.lands, deck.colors) == (60, 24, "BRG")
    assert (cards(deck)["Swamp"], cards(deck)["Forest"], cards(deck)["Mountain"]) == (3, 2, 1)
    side = {item.name: item.count for item in deck.sideboard}
    assert sum(side.values()) == 15 and side["Fulminator Mage"] == 2
    assert check_legality(deck) == ()  # 1 + 2 Collective Brutality, 1 + 2 Fatal Push


def test_legacy_delver_as_moxfield_exports_it() -> None:
    deck = read("legacy-izzet-delver.moxfield.txt")
    assert (deck.size, deck.lands, deck.colors) == (60, 18, "UR")
    assert sum(item.count for item in deck.sideboard) == 15  # the maybeboard is not in it
    assert "Stern Scolding" not in {item.name for item in (*deck.main, *deck.sideboard)}
    brainstorm = analyze(deck, what_ifs=0).spell("Brainstorm")
    # Blue on turn 1: 4 Volcanic Island, 2 Island, 8 fetches that find them; Wasteland: no.
    assert [(n.colors, n.land_sources) for n in brainstorm.needs] == [("U", 14)]
    assert check_legality(deck) == ()


def test_pioneer_control_as_archidekt_exports_it() -> None:
    deck = read("pioneer-azorius-control.archidekt.txt")
    assert (deck.size, deck.lands, deck.colors) == (60, 26, "WU")
    assert (cards(deck)["Island"], cards(deck)["Plains"]) == (3, 2)
    assert sum(item.count for item in deck.sideboard) == 15  # [Sideboard{noDeck}]
    assert "Lyra Dawnbringer" not in {item.name for item in (*deck.main, *deck.sideboard)}
    assert check_legality(deck) == ()


def test_a_limited_deck() -> None:
    deck = read("dominaria-draft-br.txt")
    assert (deck.size, deck.lands, deck.colors, deck.format) == (40, 17, "BR", "limited")
    assert (cards(deck)["Swamp"], cards(deck)["Mountain"]) == (9, 8)
    assert sum(item.count for item in deck.sideboard) == 4
    assert check_legality(deck) == ()


# -- the command line on real files -----------------------------------------------------


def test_cli_reads_every_format_without_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    for export in ("dek", "archidekt.txt", "tappedout.txt"):
        path = DECKS / f"family-matters-blc.{export}"
        status, data = run_json(capsys, "deck", str(path), "--games", "0", "--what-ifs", "2")
        assert status == 0
        deck: dict[str, Any] = data["deck"]
        assert (deck["size"], deck["lands"], deck["colors"]) == (100, 38, "WUR")  # CR 903.5a
        assert data["warnings"] == []
        assert all(w["deck_size"] == 100 for w in data["what_ifs"])


def test_cli_format_option_and_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    path = DECKS / "dominaria-draft-br.txt"
    status, data = run_json(capsys, "deck", str(path), "--games", "0", "--format", "constructed")
    assert status == 0
    assert [w["code"] for w in data["warnings"]] == ["deck-size"]
    assert "at least 60" in data["warnings"][0]["message"]


def test_cli_names_every_typo_of_a_real_list_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (DECKS / "family-matters-blc.mtgo.txt").read_text(encoding="utf-8")
    for right, wrong in (("Arcane Signet", "Arcane Signit"), ("Sol Ring", "Soul Ring"),
                         ("Command Tower", "Comand Tower")):  # fmt: skip
        assert right in text
        text = text.replace(right, wrong)
    path = tmp_path / "typos.txt"
    path.write_text(text, encoding="utf-8")
    status, data = run_json(capsys, "deck", str(path), "--games", "0")
    assert status == 2
    unknown = data["unknown"]
    assert [u["name"] for u in unknown] == ["Arcane Signit", "Comand Tower", "Soul Ring"]
    assert [u["suggestions"][0] for u in unknown] == ["Arcane Signet", "Command Tower", "Sol Ring"]
    assert data["line"] == unknown[0]["line"] and data["error"].startswith("3 unknown card names")
    lines = text.splitlines()
    assert all(lines[u["line"] - 1].endswith(u["name"]) for u in unknown)
