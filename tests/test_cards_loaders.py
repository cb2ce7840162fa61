"""The streaming loaders of :mod:`mtgmana.cards.loaders`: Scryfall bulk data and
MTGJSON AtomicCards, plain or gzipped, read in one pass with byte offsets in their
errors; they keep what the build script keeps.

Rules touched: CR 202.3c (a melded permanent's mana value is that of its fronts),
204 (color indicators of back faces), 709-715 (cards with several faces are one card).
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mtgmana.cards.loaders as loaders
from card_records import (
    ALIVE_WELL,
    BOLT,
    BRISELA,
    BRUNA,
    GISELA,
    HUNTMASTER,
    VAULT,
    bundled_records,
)
from conftest import corpus_records, shared_path
from mtgmana import MtgManaError
from mtgmana.cards import CardDatabase, load_mtgjson_atomic, load_scryfall_bulk

# -- Scryfall bulk files ---------------------------------------------------------------


def _scryfall_objects() -> list[dict[str, Any]]:
    extra = {"object": "card", "lang": "en", "prices": {"usd": "1.00"}, "legalities": {}}
    bolt_printing = {**BOLT, **extra, "oracle_id": "bolt", "set": "lea", "cmc": 1.0}
    return [
        bolt_printing,
        {**bolt_printing, "set": "m10"},  # another printing: kept once
        {**VAULT, **extra, "oracle_id": "vault"},
        {**HUNTMASTER, **extra, "oracle_id": "hunt", "colors": ["G", "R"]},
        {**ALIVE_WELL, **extra, "oracle_id": "alive"},
        {"name": "Goblin", "layout": "token", "type_line": "Token Creature — Goblin"},
        {"name": "Angel Emblem", "layout": "emblem", "type_line": "Emblem"},
        {"name": "Lightning Bolt // Lightning Bolt", "layout": "art_series"},
        {"name": "Zombie // Zombie", "layout": "double_faced_token"},
        {**BRUNA, **extra, "oracle_id": "bruna"},
        {**GISELA, **extra, "oracle_id": "gisela"},
        {**BRISELA, **extra, "oracle_id": "brisela"},
    ]


def _check_small_scryfall(db: CardDatabase) -> None:
    assert len(db) == 7
    assert db.lookup("lightning bolt").mana_value == 1
    assert db.lookup("Ravager of the Fells").name == HUNTMASTER["name"]
    assert db.lookup("Well").mana_value == 5  # CR 709.4b: both halves
    assert db.lookup("Lim-Dul's Vault").name == "Lim-Dûl's Vault"
    assert db.lookup("Brisela, Voice of Nightmares").mana_value == 11
    assert "Goblin" not in db and "Angel Emblem" not in db and "Zombie" not in db


def test_load_scryfall_bulk(tmp_path: Path) -> None:
    path = tmp_path / "oracle-cards.json"
    path.write_text(json.dumps(_scryfall_objects(), indent=2), encoding="utf-8")
    _check_small_scryfall(load_scryfall_bulk(path))


def test_load_scryfall_bulk_gzipped(tmp_path: Path) -> None:
    path = tmp_path / "default-cards.json.gz"
    path.write_bytes(gzip.compress(json.dumps(_scryfall_objects()).encode("utf-8")))
    _check_small_scryfall(load_scryfall_bulk(str(path)))


def test_load_scryfall_bulk_keeps_what_the_build_script_keeps(tmp_path: Path) -> None:
    shared_path("data", "cards.jsonl.gz")
    path = tmp_path / "oracle-cards.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        json.dump(list(corpus_records()), handle)
    loaded = {record["name"]: record for record in load_scryfall_bulk(path)._all_records()}
    bundled = bundled_records()
    counts = Counter(record["name"] for record in bundled)
    assert set(loaded) == set(counts)  # no oracle_id in this file: one card per name
    for record in bundled:
        if counts[record["name"]] == 1:  # (same-named Un-cards: the first one is kept)
            assert loaded[record["name"]] == record


def test_load_scryfall_bulk_uses_all_parts_for_meld_results(tmp_path: Path) -> None:
    parts = [
        {"component": "meld_part", "name": "Graf Rats"},
        {"component": "meld_part", "name": "Midnight Scavengers"},
        {"component": "meld_result", "name": "Chittering Host"},
    ]
    objects = [
        {"name": "Graf Rats", "layout": "meld", "mana_cost": "{1}{B}", "all_parts": parts},
        {"name": "Midnight Scavengers", "layout": "meld", "mana_cost": "{4}{B}"},
        {"name": "Chittering Host", "layout": "meld", "mana_cost": "", "all_parts": parts},
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(objects), encoding="utf-8")
    assert load_scryfall_bulk(path).lookup("Chittering Host").mana_value == 7  # 2 + 5


def test_load_scryfall_bulk_reversible_cards(tmp_path: Path) -> None:
    face = {**BOLT, "oracle_id": "bolt"}
    reversible = {"name": "Lightning Bolt // Lightning Bolt", "layout": "reversible_card"}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{**reversible, "card_faces": [face, face]}, face]), "utf-8")
    db = load_scryfall_bulk(path)
    assert [card.name for card in db] == ["Lightning Bolt"]


def test_load_scryfall_bulk_streams_a_large_file(tmp_path: Path) -> None:
    count = 20_000
    path = tmp_path / "big.json"
    with path.open("w", encoding="utf-8") as handle:
        handle.write("[\n")
        for number in range(count):
            card = {
                "name": f"Jötun Card {number}",
                "layout": "normal",
                "mana_cost": f"{{{number % 7}}}{{G}}",
                "type_line": "Creature — Giant",
                "oracle_text": "Trample — “quoted” text. " * (number % 5),
                "oracle_id": f"id-{number}",
                "image_uris": {"small": f"https://example.invalid/{number}.jpg"},
            }
            handle.write(("," if number else "") + json.dumps(card, ensure_ascii=number % 2 == 0))
        handle.write("\n]\n")
    db = load_scryfall_bulk(path, progress=False)
    assert len(db) == count
    assert db.lookup("jotun card 19999").mana_value == 19999 % 7 + 1
    assert db.lookup("Jötun Card 0").name == "Jötun Card 0"


def test_stream_handles_chunk_boundaries_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tiny chunks: objects, strings, escapes and multi-byte letters split anywhere."""
    monkeypatch.setattr(loaders, "_CHUNK", 7)
    path = tmp_path / "cards.json"
    path.write_text(" \n" + json.dumps(_scryfall_objects(), indent=1) + "\n ", encoding="utf-8")
    _check_small_scryfall(load_scryfall_bulk(path))
    # An object with a trailing number split across chunks still decodes.
    path.write_text('[{"name": "Lightning Bolt", "mana_cost": "{R}", "x": 123456789}]')
    assert len(load_scryfall_bulk(path)) == 1


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    names=st.lists(
        st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12),
        min_size=0,
        max_size=8,
        unique_by=lambda name: name,
    ),
    chunk=st.integers(1, 40),
    indent=st.sampled_from([None, 0, 2]),
    gzipped=st.booleans(),
)
def test_stream_reads_what_json_loads_reads(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    names: list[str],
    chunk: int,
    indent: int | None,
    gzipped: bool,
) -> None:
    monkeypatch.setattr(loaders, "_CHUNK", chunk)
    objects = [{"name": name, "oracle_text": name * 3, "n": 1.5e3} for name in names]
    data = json.dumps(objects, indent=indent, ensure_ascii=False).encode("utf-8")
    path = tmp_path / "cards.json"
    path.write_bytes(gzip.compress(data) if gzipped else data)
    records = load_scryfall_bulk(path)._all_records()
    assert [r["name"] for r in records] == [o["name"] for o in objects]
    assert [r["oracle_text"] for r in records] == [o["oracle_text"] for o in objects]


def test_progress_bar(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(_scryfall_objects()), encoding="utf-8")
    load_scryfall_bulk(path)  # stderr is not a terminal: silent
    assert capsys.readouterr().err == ""
    load_scryfall_bulk(path, progress=True)
    err = capsys.readouterr().err
    assert "100%" in err and "cards.json" in err and err.endswith("\n")


@pytest.mark.parametrize(
    ("content", "message", "where"),
    [
        (b"", "expected the array of cards, found the end of the file", "byte 0"),
        (b"hello", "expected the array of cards, found 'h'", "byte 0"),
        (b'{"data": []}', "expected the array of cards, found '{'", "byte 0"),
        (b"[1, 2]", "1 is not a card object with a name", "byte 1"),
        (b'[{"name": "A"}, {"mana_cost": "{R}"}]', "is not a card object with a name", "byte 16"),
        (b'[{"name": "A"} {"name": "B"}]', "expected ',' or ']' in the array of cards", "byte 15"),
        (b'[{"name": "A"}, {"name": "B",}]', "invalid JSON (", "byte 2"),  # varies by Python
        (b'[{"name": "A"}, {"name": "B"', "invalid JSON (Expecting ',' delimiter)", "byte 28"),
        (b'[{"name": "A"}, {"name": "B"}', "found the end of the file", "byte 29"),
        (b'[{"name": "A"}] x', "unexpected 'x' after the end of the JSON", "byte 16"),
        (b'[{"name": "A", "layout": 3}]', "malformed card object", "byte 1"),
        (b'[{"name": "A", "card_faces": 3}]', "'card_faces' must be a list", "byte 1"),
        (b'[{"name": "\xff"}]', "not UTF-8 text", "byte 0"),
        (b"\x1f\x8b\x08\x00garbage", "unreadable gzip data", "byte 0 of the decompressed"),
        (
            gzip.compress(b'[{"name": "A"}, {"name": "B"', mtime=0)[:-9],
            "unreadable gzip data",
            "byte",
        ),
        (
            gzip.compress(b'[{"name": "A"}, {"name": "B", "mana_cost": []}]', mtime=0),
            "'mana_cost' must be a string",
            "byte 16 of the decompressed data",
        ),
    ],
)
def test_malformed_scryfall_files(tmp_path: Path, content: bytes, message: str, where: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(MtgManaError) as caught:
        load_scryfall_bulk(path)
    text = str(caught.value)
    assert message in text and f"{path}, {where}" in text and "Scryfall bulk data" in text
    assert not isinstance(caught.value, (json.JSONDecodeError, KeyError))


def test_malformed_json_reports_the_byte_offset(tmp_path: Path) -> None:
    body = '[{"name": "Lim-Dûl\'s Vault", "oracle_text": "—"}, {"name": "B" "x"}]'
    path = tmp_path / "bad.json"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(MtgManaError) as caught:
        load_scryfall_bulk(path)
    with pytest.raises(json.JSONDecodeError) as plain:
        json.loads(body)
    offset = len(body[: plain.value.pos].encode("utf-8"))  # û and — are 2 and 3 bytes
    assert offset == plain.value.pos + 3
    assert f"{path}, byte {offset}: invalid JSON (Expecting ',' delimiter)" in str(caught.value)


# -- MTGJSON AtomicCards -----------------------------------------------------------------


def _atomic() -> dict[str, Any]:
    fire = {"name": "Fire // Ice", "layout": "split", "type": "Instant", "manaValue": 4}
    hunt = {"name": HUNTMASTER["name"], "layout": "transform"}
    pair = f"{BRUNA['name']} // {BRISELA['name']}"  # MTGJSON names a meld card so
    return {
        "data": {
            "Lightning Bolt": [
                {
                    "name": "Lightning Bolt",
                    "layout": "normal",
                    "manaCost": "{R}",
                    "type": "Instant",
                    "text": "Lightning Bolt deals 3 damage to any target.",
                    "colors": ["R"],
                    "manaValue": 1.0,
                }
            ],
            "Fire // Ice": [
                {**fire, "faceName": "Fire", "side": "a", "manaCost": "{1}{R}", "text": "F"},
                {**fire, "faceName": "Ice", "side": "b", "manaCost": "{1}{U}", "text": "I"},
            ],
            HUNTMASTER["name"]: [
                {
                    **hunt,
                    "faceName": "Ravager of the Fells",
                    "side": "b",
                    "type": "Creature — Werewolf",
                    "colorIndicator": ["G", "R"],
                    "text": "Trample",
                },
                {
                    **hunt,
                    "faceName": "Huntmaster of the Fells",
                    "side": "a",
                    "manaCost": "{2}{R}{G}",
                    "type": "Creature — Human Werewolf",
                    "text": "Whenever this creature enters or transforms ...",
                },
            ],
            "Forest": [{"name": "Forest", "layout": "normal", "type": "Basic Land — Forest"}],
            "Goblin": [{"name": "Goblin", "layout": "token", "type": "Creature — Goblin"}],
            "Bruna, the Fading Light": [
                {**_mtgjson(BRUNA), "name": pair, "faceName": BRUNA["name"], "side": "a"},
                {**_mtgjson(BRISELA), "name": pair, "faceName": BRISELA["name"], "side": "b"},
            ],
            "Gisela, the Broken Blade": [{**_mtgjson(GISELA)}],
        },
        "meta": {"date": "2025-09-25", "version": "5.2.2"},
    }


def _mtgjson(record: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": record["name"],
        "layout": record["layout"],
        "manaCost": record["mana_cost"] or None,
        "type": record["type_line"],
        "text": record["oracle_text"],
    }


def test_load_mtgjson_atomic(tmp_path: Path) -> None:
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {"version": "5"}, **_atomic()}), encoding="utf-8")
    db = load_mtgjson_atomic(path)
    assert len(db) == 7 and "Goblin" not in db
    fire_ice = db.lookup("ice")
    assert fire_ice.name == "Fire // Ice" and fire_ice.mana_value == 4  # CR 709.4b
    assert [face.name for face in fire_ice.faces] == ["Fire", "Ice"]
    huntmaster = db.lookup("Ravager of the Fells")
    assert huntmaster.name == HUNTMASTER["name"] and huntmaster.mana_value == 4
    assert str(huntmaster.faces[1].colors) == "RG"  # its color indicator (CR 204)
    assert str(db.lookup("Lightning Bolt").mana_cost) == "{R}"
    assert not db.lookup("forest").mana_cost.has_mana_cost
    assert db.lookup("Brisela, Voice of Nightmares").mana_value == 11  # CR 202.3c


def test_load_mtgjson_atomic_gzipped_with_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "AtomicCards.json.gz"
    path.write_bytes(gzip.compress(json.dumps(_atomic(), indent=4).encode("utf-8")))
    assert len(load_mtgjson_atomic(path, progress=True)) == 7
    assert "100%" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "message", "where"),
    [
        (b"[]", "expected the top-level object, found '['", "byte 0"),
        (b'{"meta": {}}', "no 'data' object", "byte 0"),
        (b'{"data": []}', "expected 'data', found '['", "byte 9"),
        (b'{"data": {"A": {"name": "A"}}}', "the value of 'A' is not a list", "byte 15"),
        (b'{"data": {"A": [{"name": "A"}, 3]}}', "is not a list of card objects", "byte 15"),
        (b'{"data": {"A": []}, }', "expected a key in the top-level object", "byte 20"),
        (b'{"data": {"A": []} "x": 1}', "expected ',' or '}' in the top-level", "byte 19"),
        (b'{"data": {"A" []}}', "expected ':' after the key 'A'", "byte 14"),
        (
            b'{"data": {"A": [{"text": 3}]}}',
            "the card 'A' is malformed ('A': 'text' must",
            "byte 15",
        ),
        (b'{"data": {"A": [{"colorIndicator": "G"}]}}', "list of color letters", "byte 15"),
    ],
)
def test_malformed_mtgjson_files(tmp_path: Path, content: bytes, message: str, where: str) -> None:
    path = tmp_path / "AtomicCards.json"
    path.write_bytes(content)
    with pytest.raises(MtgManaError) as caught:
        load_mtgjson_atomic(path)
    text = str(caught.value)
    assert message in text and f"{path}, {where}:" in text and "MTGJSON AtomicCards" in text


def test_loaders_do_not_hide_missing_files(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_scryfall_bulk(tmp_path / "missing.json")
    with pytest.raises(FileNotFoundError):
        load_mtgjson_atomic(tmp_path / "missing.json")
