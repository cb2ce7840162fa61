"""The default card database (:mod:`mtgmana.cards.default`): what :func:`use` chose,
else ``MTGMANA_CARDS``, else the updated data, else the bundled data; chosen once and
forgotten on request; and whatever looks cards up by name follows it (the tapper's
boards, Spirit Guides in hand, graveyards, the deck analysis)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from card_server import BULK_CARDS, NEW_LAND, NEW_SPELL, bulk_bytes
from mtgmana import UnknownCardError, cards
from mtgmana.ability_text import spend_of
from mtgmana.analysis.decks import Deck
from mtgmana.analysis.summary import analyze
from mtgmana.board import Board, Permanent
from mtgmana.board.queries import graveyard_card
from mtgmana.cards import CardDatabase, data_in_use, default_database, use
from mtgmana.cards.default import using
from mtgmana.cards.store import CardDataError
from mtgmana.cards.update import update
from mtgmana.tapping import can_pay


@pytest.fixture
def bulk_file(tmp_path: Path) -> Path:
    path = tmp_path / "oracle.json"
    path.write_bytes(bulk_bytes())
    return path


def _installed(bulk_file: Path) -> None:
    update(bulk_file, min_cards=5, progress=False)


def test_the_bundled_data_when_nothing_else(card_data: Path) -> None:
    data = data_in_use()
    assert data.kind == "bundled" and data.cards == 30422 and data.date == "2025-09-25"
    assert default_database() is CardDatabase.bundled()


def test_the_order_use_then_environment_then_updated_then_bundled(
    card_data: Path, bulk_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _installed(bulk_file)
    assert data_in_use().kind == "updated"
    other = tmp_path / "other.json"
    other.write_bytes(bulk_bytes([o for o in json.loads(bulk_bytes()) if o["name"] != NEW_LAND]))
    monkeypatch.setenv("MTGMANA_CARDS", str(other))
    assert data_in_use().kind == "updated"  # chosen already: kept until forgotten
    use(None)
    data = data_in_use()
    assert (data.kind, data.chosen_by, data.cards) == ("file", "MTGMANA_CARDS", BULK_CARDS - 1)
    small = CardDatabase.from_records([{"name": "Forest", "type_line": "Basic Land"}])
    assert use(small).kind == "database" and default_database() is small
    use(None)
    assert data_in_use().kind == "file"
    monkeypatch.delenv("MTGMANA_CARDS")
    use(None)
    assert data_in_use().kind == "updated"


def test_a_bad_environment_file_is_an_error_naming_it(
    card_data: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MTGMANA_CARDS", str(tmp_path / "missing.json"))
    message = r"^MTGMANA_CARDS=.*missing\.json: no such card file"
    with pytest.raises(CardDataError, match=message):
        use(None)  # chooses again at once
    with pytest.raises(CardDataError, match=message):
        cards.lookup("Forest")  # and again: nothing was chosen
    with pytest.raises(CardDataError, match="no such card file"):
        use(tmp_path / "missing.json")


def test_damaged_updated_data_warns_and_the_bundled_data_answers(
    card_data: Path, bulk_file: Path
) -> None:
    _installed(bulk_file)
    (card_data / "current.json").write_text('{"cards": "cards-gone"}', encoding="utf-8")
    with pytest.warns(RuntimeWarning, match=r"cards-gone is missing cards\.jsonl\.gz.*bundled"):
        use(None)
    assert cards.lookup("Huntmaster of the Fells").mana_value == 4
    assert data_in_use().kind == "bundled"


def test_using_goes_back_to_what_was_chosen_before(card_data: Path, bulk_file: Path) -> None:
    with using(bulk_file, chosen_by="test") as data:
        assert data.kind == "file" and cards.lookup(NEW_SPELL).mana_value == 3
        with using(None):
            assert data_in_use().kind == "bundled"
        assert data_in_use().chosen_by == "test"
    with pytest.raises(UnknownCardError):
        cards.lookup(NEW_SPELL)


def test_everything_that_finds_cards_by_name_follows_the_choice(
    card_data: Path, bulk_file: Path
) -> None:
    # Found (and cached by name) in the bundled data first.
    assert Permanent.named("Huntmaster of the Fells").name.startswith("Huntmaster")
    assert "Creature" in graveyard_card("Huntmaster of the Fells")[1]
    with pytest.raises(UnknownCardError):
        Board.parse(NEW_LAND)
    _installed(bulk_file)
    board = Board.parse(f"{NEW_LAND}, Island")
    assert can_pay("{G}{U}", board) and not can_pay("{G}{G}", board)
    assert str(spend_of(NEW_SPELL).mana_cost) == "{1}{G}{U}"
    # The caches by name were emptied: the small data has no Huntmaster.
    with pytest.raises(UnknownCardError):
        Permanent.named("Huntmaster of the Fells")
    with pytest.raises(UnknownCardError):
        graveyard_card("Huntmaster of the Fells")
    assert "Instant" in graveyard_card("Opt")[1]
    summary = analyze(Deck.parse(f"20 {NEW_LAND}\n20 Forest\n20 {NEW_SPELL}"), what_ifs=0)
    assert summary.spell(NEW_SPELL).mana_value == 3
