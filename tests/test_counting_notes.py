"""The notes saying how each spell and land was counted (mtgmana.analysis.counting._notes)
and the deck's notes, read on real cards and on every Commander precon of
../shared/decks/commander (issue 17; vendored in tests/data/decks/commander): no note
is said twice, storage lands are not "devotion", and only text that really affects
mana is called unsupported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import PRECONS
from mtgmana.analysis.decks import Deck
from mtgmana.analysis.summary import DeckSummary, analyze

STORAGE_LANDS = (
    "Dreadship Reef", "Molten Slagheap", "Mage-Ring Network", "Saltcrusted Steppe",
    "Fungal Reaches",
)  # fmt: skip


def summary_of(text: str) -> DeckSummary:
    return analyze(Deck.parse(text), what_ifs=0)


def repeated(note: str) -> list[str]:
    """The parts of a note (``"; "``-separated, and the sentences in them) said twice."""
    parts = note.split("; ")
    sentences = [s for part in parts for s in re.split(r"(?<=\.) ", part) if len(s) > 20]
    return [p for p in {*parts, *sentences} if parts.count(p) > 1 or sentences.count(p) > 1]


def test_imprisoned_in_the_moon_is_described_once() -> None:
    # Its one static ability makes three effects (type, color, abilities; CR 613.1d-f):
    # its text was shown three times.
    summary = summary_of("1 Imprisoned in the Moon\n30 Island\n29 Opt")
    note = summary.spell("Imprisoned in the Moon").counted_as
    assert note.count("Enchanted permanent is a colorless land") == 1, note


def precons() -> list[Path]:
    return sorted(PRECONS.glob("*.dck"))


def test_no_note_is_repeated_in_any_commander_precon() -> None:
    for path in precons():
        deck = Deck.parse(path.read_text(encoding="utf-8"))
        summary = analyze(deck, what_ifs=0)
        assert len(set(summary.notes)) == len(summary.notes), path.name
        for report in (*summary.spells, *summary.land_rows):
            assert not repeated(report.counted_as), (path.name, report.name, report.counted_as)
        for note in summary.notes:
            assert not repeated(note), (path.name, note)
        # An Aura that adds no mana (Prison Term, Darksteel Mutation) has no deck note.
        for item in deck.main:
            face = item.card.faces[0]
            if "Aura" in face.type_line and not re.search(r"\badds?\b", face.oracle_text, re.I):
                assert not [n for n in summary.notes if n.startswith(face.name)], face.name


def test_storage_lands_are_not_devotion() -> None:
    text = "\n".join(f"1 {name}" for name in STORAGE_LANDS)
    summary = summary_of(f"{text}\n1 Nykthos, Shrine to Nyx\n30 Island\n24 Opt")
    rows = {row.name: row.counted_as for row in summary.land_rows}
    for name in STORAGE_LANDS:
        assert "devotion" not in rows[name], (name, rows[name])
    # Those whose stored mana costs {1} to take say what it counts (CR 122.1: counters).
    for name in ("Dreadship Reef", "Molten Slagheap", "Saltcrusted Steppe", "Fungal Reaches"):
        assert "its mana for the counters removed from it not counted" in rows[name]
    assert "its mana for your devotion to that color not counted" in rows["Nykthos, Shrine to Nyx"]
    crucible = summary_of("1 Crucible of the Spirit Dragon\n20 Mountain\n39 Shock").land_rows[0]
    assert crucible.counted_as == (
        "colorless only: its mana of any color amounts to the counters removed from it: none "
        "with it alone on the battlefield"
    )


def test_amounts_that_cost_mana_say_what_they_count() -> None:
    summary = summary_of("1 Cabal Coffers\n1 Crypt of Agadeem\n22 Swamp\n36 Vampire Nighthawk")
    rows = {row.name: row.counted_as for row in summary.land_rows}
    assert "its mana for each Swamp you control not counted" in rows["Cabal Coffers"]
    assert "each black creature card in your graveyard not counted" in rows["Crypt of Agadeem"]


@pytest.mark.parametrize(
    "aura", ["Prison Term", "Darksteel Mutation", "Arrest", "Ice Cage", "Overwhelming Splendor"]
)
def test_auras_without_mana_abilities_are_not_unsupported_mana(aura: str) -> None:
    summary = summary_of(f"1 {aura}\n24 Plains\n35 Savannah Lions")
    assert not [note for note in summary.notes if aura in note], summary.notes


def test_text_that_really_affects_mana_is_noted() -> None:
    summary = summary_of(
        "1 Selvala, Explorer Returned\n1 Null Rod\n1 Haldan, Avid Arcanist\n1 Titania's Song\n"
        "12 Forest\n12 Island\n33 Opt"
    )
    notes = " | ".join(summary.notes)
    assert "Selvala, Explorer Returned: unsupported mana ability (the mana isn't added first)" in (
        notes
    )
    assert "Null Rod: effect on mana not modelled (activated abilities can't be activated" in notes
    assert "Haldan, Avid Arcanist: effect on mana not modelled (spending mana as though" in notes
    assert "Titania's Song: effect on mana not modelled" in notes
