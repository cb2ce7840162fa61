"""Card files told apart by what they hold (:mod:`mtgmana.cards.files`): Scryfall bulk
arrays, MTGJSON AtomicCards, JSON lines (through their index when there is one) and
card data directories, plain or gzipped; anything else is an error saying what was
expected."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from card_records import BUNDLED
from card_server import BULK_CARDS, NEW_SPELL, bulk_bytes, mtgjson_bytes, small_bulk
from mtgmana.cards import CardDatabase
from mtgmana.cards._index import CardIndex
from mtgmana.cards.files import (
    card_file_kind,
    json_lines_objects,
    open_card_file,
    read_card_source,
)
from mtgmana.cards.store import CardDataError


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (bulk_bytes(), "scryfall"),
        (b"\xef\xbb\xbf  [\n]", "scryfall"),  # a byte-order mark and blanks first
        (mtgjson_bytes(), "mtgjson"),
        (b'{ "data": {}, "meta": {}}', "mtgjson"),
        (b'{"name": "Forest"}\n{"name": "Island"}\n', "json lines"),
    ],
)
def test_kinds_are_told_by_content(tmp_path: Path, content: bytes, kind: str) -> None:
    plain, zipped = tmp_path / "cards", tmp_path / "cards.gz"
    plain.write_bytes(content)
    zipped.write_bytes(gzip.compress(content))
    assert card_file_kind(plain) == card_file_kind(zipped) == kind


def test_what_is_not_a_card_file(tmp_path: Path) -> None:
    for content in (b"", b"hello", b"<html></html>", b"42"):
        path = tmp_path / "bad"
        path.write_bytes(content)
        with pytest.raises(CardDataError, match="is not a card file: it starts with") as caught:
            card_file_kind(path)
        assert "Scryfall bulk data file" in str(caught.value)
    with pytest.raises(CardDataError, match="no such card file"):
        card_file_kind(tmp_path / "missing")
    assert card_file_kind(tmp_path) == "directory"


def test_every_kind_opens_to_the_same_cards(tmp_path: Path) -> None:
    scryfall = tmp_path / "oracle.json"
    scryfall.write_bytes(bulk_bytes())
    mtgjson = tmp_path / "AtomicCards.json.gz"
    mtgjson.write_bytes(gzip.compress(mtgjson_bytes()))
    lines = tmp_path / "cards.jsonl"
    lines.write_text("\n".join(json.dumps(o) for o in small_bulk()) + "\n", encoding="utf-8")
    found = {}
    for path in (scryfall, mtgjson, lines):
        database, data = open_card_file(path, chosen_by="test")
        assert (data.kind, data.cards, data.chosen_by, data.path) == (
            "file", BULK_CARDS, "test", str(path))  # fmt: skip
        assert data.date is not None  # the file's date, or MTGJSON's own
        found[path.name] = {card.name: str(card.mana_cost) for card in database}
    assert found["oracle.json"] == found["AtomicCards.json.gz"] == found["cards.jsonl"]
    assert found["oracle.json"][NEW_SPELL] == "{1}{G}{U}"
    assert open_card_file(mtgjson)[1].date == "2026-01-20"


def test_the_bundled_file_opens_through_its_index(tmp_path: Path) -> None:
    database, data = open_card_file(BUNDLED)
    assert isinstance(database._store, CardIndex) and len(database) == 30422
    assert data.date == "2025-09-25" and data.source.startswith("Scryfall")
    database, data = open_card_file(BUNDLED.parent)  # the directory: the same
    assert isinstance(database._store, CardIndex) and data.cards == 30422
    # Without its index, every card is read.
    copy = tmp_path / "copy.jsonl.gz"
    shutil.copy(BUNDLED, copy)
    database, _ = open_card_file(copy)
    assert not isinstance(database._store, CardIndex) and len(database) == 30422
    assert database.lookup("Brisela, Voice of Nightmares").mana_value == 11  # CR 202.3c


def test_a_damaged_card_data_directory_is_an_error(tmp_path: Path) -> None:
    directory = tmp_path / "cards"
    directory.mkdir()
    with pytest.raises(CardDataError, match=r"holds no cards\.jsonl\.gz"):
        open_card_file(directory)
    shutil.copy(BUNDLED, directory / "cards.jsonl.gz")
    (directory / "cards.index").write_text("not an index\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"unusable: .* is not an mtgmana card index"):
        open_card_file(directory)


def test_json_lines_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    path.write_text('{"name": "Forest"}\n\n{"name": \n', encoding="utf-8")
    with pytest.raises(CardDataError, match="line 3: not JSON"):
        list(json_lines_objects(path))
    path.write_text('{"name": "Forest"}\n[1]\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="line 2: not a card object with a name"):
        list(json_lines_objects(path))
    path.write_bytes(gzip.compress(b'{"name": "Forest"}\n')[:-6])
    with pytest.raises(CardDataError, match="unreadable"):
        list(json_lines_objects(path))
    path.write_bytes(b'{"name": "\xff"}\n')
    with pytest.raises(CardDataError, match="line 1: not UTF-8"):
        list(json_lines_objects(path))
    path.write_text('{"name": "Forest", "mana_cost": 3}\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"a malformed card .*'mana_cost' must be a string"):
        read_card_source(path)
    with pytest.raises(CardDataError, match="is a directory, not a card file"):
        read_card_source(tmp_path)


def test_read_card_source_keeps_what_the_rules_need(tmp_path: Path) -> None:
    path = tmp_path / "oracle.json"
    path.write_bytes(bulk_bytes())
    records, about = read_card_source(path)
    assert about == {"format": "scryfall"} and len(records) == BULK_CARDS
    assert all(set(r) <= {"name", "layout", "mana_cost", "type_line", "oracle_text"}
               for r in records)  # fmt: skip
    assert len(CardDatabase(records)) == BULK_CARDS
