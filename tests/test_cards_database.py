"""The card database: lookup by name (full, face, any case, any accents), "did you
mean" suggestions, the streaming Scryfall / MTGJSON loaders, the bundled data and
the script that builds it.

Rules touched: CR 202.3c (a melded permanent's mana value is that of its fronts),
712.4a and 712.5 (the seven meld pairs), 204 (color indicators of back faces),
709-715 (cards with several faces are one card, found by any face's name).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import time
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mtgmana.cards.database as database
from conftest import corpus_records, shared_path
from mtgmana import MtgManaError, UnknownCardError
from mtgmana.cards import CardDatabase, load_mtgjson_atomic, load_scryfall_bulk, lookup

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "src" / "mtgmana" / "data" / "cards.jsonl.gz"

# CR 712.5a-g: "There are seven specific meld pairs."
MELD_PAIRS = {
    "Chittering Host": ("Graf Rats", "Midnight Scavengers"),
    "Hanweir, the Writhing Township": ("Hanweir Battlements", "Hanweir Garrison"),
    "Brisela, Voice of Nightmares": ("Bruna, the Fading Light", "Gisela, the Broken Blade"),
    "Mishra, Lost to Phyrexia": ("Mishra, Claimed by Gix", "Phyrexian Dragon Engine"),
    "Urza, Planeswalker": ("The Mightstone and Weakstone", "Urza, Lord Protector"),
    "Titania, Gaea Incarnate": ("Argoth, Sanctum of Nature", "Titania, Voice of Gaea"),
    "Ragnarok, Divine Deliverance": ("Fang, Fearless l'Cie", "Vanille, Cheerful l'Cie"),
}


# -- small records ------------------------------------------------------------------

BOLT = {
    "name": "Lightning Bolt",
    "layout": "normal",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "oracle_text": "Lightning Bolt deals 3 damage to any target.",
}
VAULT = {
    "name": "Lim-Dûl's Vault",
    "layout": "normal",
    "mana_cost": "{U}{B}",
    "type_line": "Instant",
    "oracle_text": "Look at the top five cards of your library. ...",
}
HUNTMASTER = {
    "name": "Huntmaster of the Fells // Ravager of the Fells",
    "layout": "transform",
    "type_line": "Creature — Human Werewolf // Creature — Werewolf",
    "card_faces": [
        {
            "name": "Huntmaster of the Fells",
            "mana_cost": "{2}{R}{G}",
            "colors": ["G", "R"],
            "type_line": "Creature — Human Werewolf",
            "oracle_text": "At the beginning of each upkeep, ... transform this creature.",
        },
        {
            "name": "Ravager of the Fells",
            "mana_cost": "",
            "colors": ["G", "R"],
            "type_line": "Creature — Werewolf",
            "oracle_text": "Trample\nAt the beginning of each upkeep, ... transform it.",
        },
    ],
}
ALIVE_WELL = {
    "name": "Alive // Well",
    "layout": "split",
    "mana_cost": "{3}{G} // {W}",
    "type_line": "Sorcery // Sorcery",
    "card_faces": [
        {"name": "Alive", "mana_cost": "{3}{G}", "type_line": "Sorcery", "oracle_text": "..."},
        {"name": "Well", "mana_cost": "{W}", "type_line": "Sorcery", "oracle_text": "..."},
    ],
}
BRUNA = {
    "name": "Bruna, the Fading Light",
    "layout": "meld",
    "mana_cost": "{5}{W}{W}",
    "type_line": "Legendary Creature — Angel Horror",
    "oracle_text": "Flying, vigilance\n(Melds with Gisela, the Broken Blade.)",
}
GISELA = {
    "name": "Gisela, the Broken Blade",
    "layout": "meld",
    "mana_cost": "{2}{W}{W}",
    "type_line": "Legendary Creature — Angel Horror",
    "oracle_text": (
        "Flying, first strike, lifelink\nAt the beginning of your end step, if you both own "
        "and control Gisela and a creature named Bruna, the Fading Light, exile them, then "
        "meld them into Brisela, Voice of Nightmares."
    ),
}
BRISELA = {
    "name": "Brisela, Voice of Nightmares",
    "layout": "meld",
    "mana_cost": "",
    "type_line": "Legendary Creature — Eldrazi Angel",
    "oracle_text": "Flying, first strike, vigilance, lifelink",
}
SMALL = [BOLT, VAULT, HUNTMASTER, ALIVE_WELL, BRUNA, GISELA, BRISELA]


@pytest.fixture(scope="module")
def small() -> CardDatabase:
    return CardDatabase.from_records(SMALL)


@pytest.fixture(scope="module")
def bundled() -> CardDatabase:
    return CardDatabase.bundled()


# -- lookup ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Lightning Bolt", "Lightning Bolt"),
        ("lightning bolt", "Lightning Bolt"),
        ("  LIGHTNING   BOLT ", "Lightning Bolt"),
        ("Lim-Dûl's Vault", "Lim-Dûl's Vault"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),  # accents ignored
        ("lim-dûl’s vault", "Lim-Dûl's Vault"),  # curly apostrophe
        ("Huntmaster of the Fells // Ravager of the Fells", HUNTMASTER["name"]),
        ("Ravager of the Fells", HUNTMASTER["name"]),  # a back face's name (CR 712.19)
        ("huntmaster of the fells", HUNTMASTER["name"]),
        ("Alive", "Alive // Well"),  # a split card's half (CR 709)
        ("well", "Alive // Well"),
        ("Alive/Well", "Alive // Well"),
        ("alive //well", "Alive // Well"),
    ],
)
def test_lookup_by_full_name_face_name_case_and_accents(
    small: CardDatabase, query: str, name: str
) -> None:
    assert small.lookup(query).name == name
    assert small.get(query) is small.lookup(query)
    assert query in small


def test_cards_are_built_once_and_lazily(small: CardDatabase) -> None:
    assert small.lookup("Alive") is small.lookup("Well") is small.lookup("alive // well")
    assert len(small) == len(SMALL)
    assert [card.name for card in small] == [record["name"] for record in SMALL]


def test_unknown_names(small: CardDatabase) -> None:
    assert small.get("Lightning Bolts Galore") is None
    assert "Lightning Bolts Galore" not in small
    assert 42 not in small
    with pytest.raises(UnknownCardError) as caught:
        small.lookup("Lightening Bolt")
    error = caught.value
    assert isinstance(error, MtgManaError) and isinstance(error, LookupError)
    assert error.name == "Lightening Bolt"
    assert error.suggestions[0] == "Lightning Bolt"
    assert "did you mean 'Lightning Bolt'" in str(error)
    with pytest.raises(TypeError):
        small.lookup(None)  # type: ignore[arg-type]


def test_suggestions_name_faces_and_nothing_far_off(small: CardDatabase) -> None:
    assert small.suggest("Ravager of the Fels")[0] == "Ravager of the Fells"
    assert small.suggest("lim dul vault") == ["Lim-Dûl's Vault"]
    assert small.suggest("Brisela") == ["Brisela, Voice of Nightmares"]  # a prefix
    assert small.suggest("qqqqqqq") == []
    assert small.suggest("") == []
    assert small.suggest("Lightning Bolt", n=0) == []


def test_first_record_wins_and_full_names_beat_face_names() -> None:
    fire = {"name": "Fire", "mana_cost": "{R}", "type_line": "Instant", "oracle_text": "A"}
    fire_ice = {
        "name": "Fire // Ice",
        "layout": "split",
        "mana_cost": "{1}{R} // {1}{U}",
        "type_line": "Instant // Instant",
        "card_faces": [
            {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
            {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"},
        ],
    }
    other = {**fire, "oracle_text": "B"}
    db = CardDatabase.from_records([fire_ice, fire, other])
    assert db.lookup("Fire").name == "Fire" and db.lookup("Fire").oracle_text == "A"
    assert db.lookup("Ice").name == "Fire // Ice"
    assert len(db) == 3 and len(list(db)) == 3


def test_meld_results_get_their_fronts_from_the_rules_text(small: CardDatabase) -> None:
    # CR 202.3c: Bruna {5}{W}{W} (7) + Gisela {2}{W}{W} (4).
    assert small.lookup("Brisela, Voice of Nightmares").mana_value == 11
    explicit = {**BRISELA, "meld_fronts": ["Lightning Bolt", "Gisela, the Broken Blade"]}
    db = CardDatabase.from_records([BOLT, BRUNA, GISELA, explicit])
    assert db.lookup("Brisela, Voice of Nightmares").mana_value == 1 + 4  # explicit wins
    missing = CardDatabase.from_records([BOLT, BRISELA, GISELA])  # no Bruna: no fronts
    assert missing.lookup("Brisela, Voice of Nightmares").mana_value == 0
    assert "meld_fronts" not in BRISELA  # from_records does not change its input


def test_records_need_a_name() -> None:
    with pytest.raises(MtgManaError, match="record 1 has no name"):
        CardDatabase.from_records([BOLT, {"mana_cost": "{R}"}])
    with pytest.raises(MtgManaError, match="record 0 has no name"):
        CardDatabase.from_records(["Lightning Bolt"])  # type: ignore[list-item]
    # A bad face is the model's to report, when the card is built.
    db = CardDatabase.from_records([{**ALIVE_WELL, "card_faces": ["Alive", "Well"]}])
    assert "Alive // Well" in db and "Alive" not in db
    with pytest.raises(MtgManaError):
        db.lookup("Alive // Well")


# -- the bundled database ------------------------------------------------------------


def test_bundled_database(bundled: CardDatabase) -> None:
    assert CardDatabase.bundled() is bundled  # loaded once
    assert len(bundled) >= 30_000
    assert lookup("Lightning Bolt").mana_value == 1
    assert lookup("Lightning Bolt") is bundled.lookup("lightning bolt")
    brisela = lookup("Brisela, Voice of Nightmares")
    assert brisela.mana_value == 11  # CR 202.3c
    assert [c.name for c in brisela.meld_fronts] == [
        "Bruna, the Fading Light",
        "Gisela, the Broken Blade",
    ]
    assert lookup("Little Girl").mana_value == 0.5
    assert lookup("Ravager of the Fells").name == HUNTMASTER["name"]
    assert lookup("Alive").name == "Alive // Well"
    assert lookup("Lim-Dul's Vault").name == "Lim-Dûl's Vault"
    assert lookup("jotun owl keeper").name == "Jötun Owl Keeper"
    assert lookup("Fang, Fearless l’Cie").name == "Fang, Fearless l'Cie"


def test_bundled_suggestions_are_right_and_fast(bundled: CardDatabase) -> None:
    with pytest.raises(UnknownCardError) as caught:
        lookup("Lightening Bolt")
    assert caught.value.suggestions[0] == "Lightning Bolt"
    cases = {
        "Jace the Mind Scultor": "Jace, the Mind Sculptor",
        "Black Lotsu": "Black Lotus",
        "Emrakul the Aeons Torm": "Emrakul, the Aeons Torn",
        "Ravager of the Fels": "Ravager of the Fells",
        "Brisela Voice of Nightmare": "Brisela, Voice of Nightmares",
    }
    for query, expected in cases.items():
        start = time.perf_counter()
        found = bundled.suggest(query)
        elapsed = time.perf_counter() - start
        assert found[0] == expected, (query, found)
        assert elapsed < 0.5, f"suggest({query!r}) took {elapsed:.3f} s"  # ~10-40 ms


def test_every_meld_pair_of_cr_712_5(bundled: CardDatabase) -> None:
    for result, fronts in MELD_PAIRS.items():
        card = bundled.lookup(result)
        assert tuple(c.name for c in card.meld_fronts) == fronts
        assert card.mana_value == sum(c.mana_value for c in card.meld_fronts)


def _bundled_records() -> list[dict[str, Any]]:
    with gzip.open(BUNDLED, "rt", encoding="ascii") as handle:
        return [json.loads(line) for line in handle]


def test_bundled_data_holds_no_computed_values() -> None:
    records = _bundled_records()
    allowed = {"name", "layout", "mana_cost", "type_line", "oracle_text", "color_indicator"}
    allowed_faces = {"name", "mana_cost", "type_line", "oracle_text", "color_indicator"}
    for record in records:
        assert set(record) <= allowed | {"card_faces", "meld_fronts"}, record["name"]
        for face in record.get("card_faces", ()):
            assert set(face) <= allowed_faces, record["name"]
    assert sum("meld_fronts" in record for record in records) == len(MELD_PAIRS)
    names = [record["name"] for record in records]
    assert names == sorted(names)


def test_bundled_data_has_every_reference_card() -> None:
    reference = Counter(record["name"] for record in corpus_records())
    assert Counter(record["name"] for record in _bundled_records()) == reference


# -- the build script -------------------------------------------------------------------


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_card_db", ROOT / "scripts" / "build_card_db.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_build_script_is_deterministic_and_matches_the_bundled_file(tmp_path: Path) -> None:
    source = shared_path("data", "cards.jsonl.gz")
    script = _build_script()
    outputs = []
    for number in range(2):
        out = tmp_path / f"cards{number}.jsonl.gz"
        assert script.main(["--source", str(source), "--out", str(out)]) == 0
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    text = gzip.decompress(outputs[0])
    assert text == gzip.decompress(BUNDLED.read_bytes()), "rebuild the bundled database"
    for key in (b'"cmc"', b'"colors"', b'"color_identity"'):
        assert key not in text
    assert len(outputs[0]) < 2_500_000


def test_build_script_keeps_back_face_colors_as_color_indicators(tmp_path: Path) -> None:
    flip = {
        "name": "Akki Lavarunner // Tok-Tok, Volcano Born",
        "layout": "flip",
        "mana_cost": "{3}{R}",
        "colors": ["R"],
        "card_faces": [
            {"name": "Akki Lavarunner", "mana_cost": "{3}{R}", "colors": ["R"]},
            {"name": "Tok-Tok, Volcano Born", "mana_cost": "", "colors": ["R"]},
        ],
    }
    token = {"name": "Goblin", "layout": "token", "type_line": "Token Creature — Goblin"}
    source = tmp_path / "cards.jsonl"
    lines = [HUNTMASTER, flip, token, {**BOLT, "cmc": 1, "colors": ["R"]}]
    source.write_text("\n".join(json.dumps(r) for r in lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl.gz"
    assert _build_script().main(["--source", str(source), "--out", str(out)]) == 0
    with gzip.open(out, "rt", encoding="ascii") as handle:
        records = {r["name"]: r for r in map(json.loads, handle)}
    assert set(records) == {HUNTMASTER["name"], flip["name"], "Lightning Bolt"}
    ravager = records[HUNTMASTER["name"]]["card_faces"][1]
    assert ravager["color_indicator"] == ["G", "R"] and "colors" not in ravager  # CR 204
    # A flip card's flipped half has the card's colors, not a color indicator (CR 710.2).
    assert "color_indicator" not in records[flip["name"]]["card_faces"][1]
    assert "cmc" not in records["Lightning Bolt"]


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
    loaded = {record["name"]: record for record in load_scryfall_bulk(path)._records}
    bundled = _bundled_records()
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
    monkeypatch.setattr(database, "_CHUNK", 7)
    path = tmp_path / "cards.json"
    path.write_text(" \n" + json.dumps(_scryfall_objects(), indent=1) + "\n ", encoding="utf-8")
    _check_small_scryfall(load_scryfall_bulk(path))
    # An object with a trailing number split across chunks still decodes.
    path.write_text('[{"name": "Lightning Bolt", "mana_cost": "{R}", "x": 123456789}]')
    assert len(load_scryfall_bulk(path)) == 1


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
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
    monkeypatch.setattr(database, "_CHUNK", chunk)
    objects = [{"name": name, "oracle_text": name * 3, "n": 1.5e3} for name in names]
    data = json.dumps(objects, indent=indent, ensure_ascii=False).encode("utf-8")
    path = tmp_path / "cards.json"
    path.write_bytes(gzip.compress(data) if gzipped else data)
    records = load_scryfall_bulk(path)._records
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
        (gzip.compress(b'[{"name": "A"}, {"name": "B"')[:-9], "unreadable gzip data", "byte"),
        (
            gzip.compress(b'[{"name": "A"}, {"name": "B", "mana_cost": []}]'),
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


def test_the_package_ships_its_data_and_does_not_read_the_shared_folder() -> None:
    source = Path(database.__file__).read_text(encoding="utf-8")
    assert "shared" not in source
    assert (Path(database.__file__).parents[1] / "data" / "cards.jsonl.gz").is_file()
