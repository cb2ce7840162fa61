"""The card database: lookup by name (full, face, any case, any accents), "did you
mean" suggestions, the bundled data (found through its index or loaded whole) and the
script that builds it. The loaders are tested in test_cards_loaders.py, the index in
test_cards_index.py.

Rules touched: CR 202.3c (a melded permanent's mana value is that of its fronts),
712.4a and 712.5 (the seven meld pairs), 204 (color indicators of back faces),
709-715 (cards with several faces are one card, found by any face's name).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

import mtgmana.cards.database as database
from card_records import (
    ALIVE_WELL,
    BOLT,
    BRISELA,
    BRUNA,
    BUNDLED,
    GISELA,
    HUNTMASTER,
    MELD_PAIRS,
    ROOT,
    SMALL,
    bundled_records,
)
from conftest import corpus_records, shared_path
from mtgmana import MtgManaError, UnknownCardError
from mtgmana.cards import CardDatabase, lookup


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


def test_bundled_suggestions_are_right_and_rank_few_names(
    bundled: CardDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Right, and difflib ranks at most 60 names a query, not the 30,000 (timings:
    bench/bench_cards.py, about 10-40 ms a query)."""
    import difflib

    ranked: list[str] = []

    class Counting(difflib.SequenceMatcher):  # type: ignore[type-arg]
        def set_seq1(self, a: str) -> None:  # type: ignore[override]
            if a:  # not the empty sequence __init__ starts with
                ranked.append(a)
            super().set_seq1(a)

    monkeypatch.setattr(difflib, "SequenceMatcher", Counting)
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
        ranked.clear()
        found = bundled.suggest(query)
        assert found[0] == expected, (query, found)
        assert 0 < len(ranked) <= 60 < len(bundled), (query, len(ranked))
    # A long line of junk is compared with the few names long enough to reach the
    # cutoff (difflib's ratio <= 2 * len(name) / (len(query) + len(name))), and a long
    # real name with a typo is still found.
    ranked.clear()
    assert (
        bundled.suggest("If a replacement effect that modifies how a permanent enters " * 2) == []
    )
    assert len(ranked) <= 60
    longest = max((card["name"] for card in bundled_records()), key=len)
    ranked.clear()
    assert bundled.suggest(longest.replace("Elemental", "Elementl"))[0] == longest
    assert len(ranked) <= 60


def test_suggestions_do_not_depend_on_hashing() -> None:
    """The same query gives the same names whatever the hash seed (ties between
    names sharing as many trigrams are broken by the names' order)."""
    import subprocess
    import sys

    code = (
        "from mtgmana.cards import CardDatabase as D; "
        "print(D.bundled().suggest('Shoot the Shergff', 3), D.bundled().suggest('Zur, Etern', 3))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1, outputs


def test_every_meld_pair_of_cr_712_5(bundled: CardDatabase) -> None:
    for result, fronts in MELD_PAIRS.items():
        card = bundled.lookup(result)
        assert tuple(c.name for c in card.meld_fronts) == fronts
        assert card.mana_value == sum(c.mana_value for c in card.meld_fronts)


def test_bundled_data_holds_no_computed_values() -> None:
    records = bundled_records()
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
    assert Counter(record["name"] for record in bundled_records()) == reference


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
    indexes = []
    for number in range(2):
        out = tmp_path / f"cards{number}.jsonl.gz"
        assert script.main(["--source", str(source), "--out", str(out)]) == 0
        outputs.append(out.read_bytes())
        indexes.append((tmp_path / f"cards{number}.index").read_bytes())
    assert outputs[0] == outputs[1] and indexes[0] == indexes[1]
    text = gzip.decompress(outputs[0])
    assert text == gzip.decompress(BUNDLED.read_bytes()), "rebuild the bundled database"
    for key in (b'"cmc"', b'"colors"', b'"color_identity"'):
        assert key not in text
    assert len(outputs[0]) < 2_500_000
    # The names in the index are the bundled index's (the block offsets depend on zlib).
    bundled_index = BUNDLED.with_name("cards.index").read_bytes()
    assert indexes[0].split(b"\n")[2:] == bundled_index.split(b"\n")[2:]
    assert len(indexes[0]) < 1_000_000


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


def test_the_package_ships_its_data_and_does_not_read_the_shared_folder() -> None:
    package = Path(database.__file__).parent
    for module in package.glob("*.py"):
        assert "shared" not in module.read_text(encoding="utf-8"), module
    assert (package.parent / "data" / "cards.jsonl.gz").is_file()
    assert (package.parent / "data" / "cards.index").is_file()
