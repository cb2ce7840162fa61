"""The index of the bundled card database (:mod:`mtgmana.cards._index`): it is in sync
with the bundled cards, finds every card the fully loaded database finds (full names
and face names, CR 708-715) with the same card, without decoding the others, gives
the same suggestions, and a missing, damaged or stale index is reported and replaced
by loading every card.
"""

from __future__ import annotations

import gzip
import itertools
import json
import shutil
import warnings
from pathlib import Path

import pytest

import mtgmana.cards._index as index_module
import mtgmana.cards.database as database
from card_records import BUNDLED, SMALL, bundled_records
from mtgmana import MtgManaError
from mtgmana.cards import CardDatabase
from mtgmana.cards._index import (
    BLOCK,
    MAGIC,
    CardIndex,
    CardIndexError,
    index_text,
    member_ends,
    pack,
    read_records,
)
from mtgmana.cards._names import name_index
from mtgmana.cards._records import resolve_melds

INDEX = BUNDLED.with_name("cards.index")


def _indexed() -> tuple[CardDatabase, CardIndex]:
    card_index = CardIndex()
    return CardDatabase._indexed(card_index), card_index


# -- the bundled index ---------------------------------------------------------------


def test_the_bundled_index_is_in_sync_with_the_bundled_cards() -> None:
    data = BUNDLED.read_bytes()
    records = bundled_records()
    offsets = [0, *member_ends(data)]
    # Every block is a gzip member of BLOCK cards (the last one: the rest).
    for number, (start, end) in enumerate(itertools.pairwise(offsets)):
        lines = gzip.decompress(data[start:end]).splitlines()
        assert lines == [
            json.dumps(r, separators=(",", ":")).encode()
            for r in records[number * BLOCK : (number + 1) * BLOCK]
        ]
    assert len(offsets) - 1 == -(-len(records) // BLOCK)
    expected = index_text(records, offsets, BLOCK)
    assert INDEX.read_text(encoding="utf-8") == expected, "rebuild: scripts/build_card_db.py"
    assert expected.startswith(MAGIC + "\n")


def test_every_card_is_found_through_the_index_as_in_the_loaded_database() -> None:
    records = bundled_records()
    loaded = CardDatabase(records)
    indexed, card_index = _indexed()
    numbers, printed = name_index(records)
    assert len(indexed) == len(loaded) == len(records)
    assert card_index.names() == printed
    for key, number in numbers.items():
        assert card_index.number(key) == number, key
        name = printed[key]
        assert indexed.get(name) == loaded.get(name), name
    assert isinstance(indexed._store, CardIndex)  # never loaded whole
    assert card_index.number("no such card") is None
    assert card_index.number("") is None and card_index.number("\uffff") is None


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("lightning bolt", "Lightning Bolt"),
        ("  LIGHTNING   BOLT ", "Lightning Bolt"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),  # accents ignored
        ("lim-dûl’s vault", "Lim-Dûl's Vault"),  # curly apostrophe
        ("Ravager of the Fells", "Huntmaster of the Fells // Ravager of the Fells"),  # 712
        ("fire/ice", "Fire // Ice"),  # a split card (CR 709)
        ("Ice", "Fire // Ice"),
        ("jotun owl keeper", "Jötun Owl Keeper"),
        ("Fang, Fearless l’Cie", "Fang, Fearless l'Cie"),
        ('"Ach! Hans, Run!"', '"Ach! Hans, Run!"'),  # the first entry
    ],
)
def test_lookup_through_the_index_decodes_one_block(query: str, name: str) -> None:
    indexed, card_index = _indexed()
    assert indexed.lookup(query).name == name
    assert query in indexed
    assert len(card_index._blocks) == 1


def test_cards_found_through_the_index_are_built_once() -> None:
    indexed, card_index = _indexed()
    assert indexed.lookup("Fire") is indexed.lookup("Ice") is indexed.get("fire // ice")
    # CR 202.3c, 712.4a: a meld result's fronts are found through the index too.
    brisela = indexed.lookup("Brisela, Voice of Nightmares")
    assert brisela.mana_value == 11
    assert [c.name for c in brisela.meld_fronts] == [
        "Bruna, the Fading Light",
        "Gisela, the Broken Blade",
    ]
    assert len(card_index._blocks) <= 4 and isinstance(indexed._store, CardIndex)
    # Iterating loads every card once; the cards already built stay the same objects.
    bolt = indexed.lookup("Lightning Bolt")
    assert any(card is bolt for card in indexed)
    assert not isinstance(indexed._store, CardIndex)
    assert indexed.lookup("Lightning Bolt") is bolt


def test_unknown_names_and_suggestions_through_the_index() -> None:
    indexed, card_index = _indexed()
    loaded = CardDatabase(bundled_records())
    assert indexed.get("Lightning Bolts Galore") is None
    assert "Lightning Bolts Galore" not in indexed and 42 not in indexed
    for query in ("Lightening Bolt", "Jace the Mind Scultor", "Ravager of the Fels", "Lim Dul"):
        assert indexed.suggest(query) == loaded.suggest(query), query
    assert indexed.suggest("Black Lotsu")[0] == "Black Lotus"
    assert isinstance(indexed._store, CardIndex)
    assert len(card_index._blocks) == 0  # suggestions read the names only


# -- building an index ------------------------------------------------------------------


def _write(tmp_path: Path, cards: bytes, index: bytes) -> tuple[str, str]:
    cards_path, index_path = tmp_path / "cards.jsonl.gz", tmp_path / "cards.index"
    cards_path.write_bytes(cards)
    index_path.write_bytes(index)
    return str(cards_path), str(index_path)


def test_pack_makes_a_gzip_file_and_its_index(tmp_path: Path) -> None:
    records = [dict(r) for r in resolve_melds(SMALL)] * 100  # 700 records: three blocks
    cards, index = pack(records)
    assert gzip.decompress(cards).splitlines() == [
        json.dumps(r, separators=(",", ":")).encode() for r in records
    ]
    assert len(member_ends(cards)) == 3 and member_ends(cards)[-1] == len(cards)
    cards_path, index_path = _write(tmp_path, cards, index)
    assert read_records(cards_path) == records
    card_index = CardIndex(cards_path, index_path)
    assert len(card_index) == 700
    db = CardDatabase._indexed(card_index)
    assert db.lookup("Well").name == "Alive // Well"
    assert db.lookup("lim-dul's vault").name == "Lim-Dûl's Vault"
    assert db.lookup("Brisela, Voice of Nightmares").mana_value == 11  # CR 202.3c
    assert pack(records) == (cards, index)  # deterministic
    assert pack([]) == (
        b"",
        f'{MAGIC}\n{{"block":{BLOCK},"cards":0,"names":0,"offsets":[0]}}\n'.encode(),
    )


def test_names_with_line_breaks_are_refused() -> None:
    with pytest.raises(MtgManaError, match="tab or a line break"):
        pack([{"name": "Two\tWords"}])


# -- a missing, damaged or stale index -------------------------------------------------------


@pytest.fixture
def copies(tmp_path: Path) -> tuple[Path, Path]:
    cards, index = tmp_path / "cards.jsonl.gz", tmp_path / "cards.index"
    shutil.copyfile(BUNDLED, cards)
    shutil.copyfile(INDEX, index)
    return cards, index


def test_a_missing_index_falls_back_to_loading_every_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index_module, "INDEX_PATH", str(tmp_path / "missing.index"))
    monkeypatch.setattr(database, "_BUNDLED", [])
    with pytest.warns(RuntimeWarning, match="card index unreadable.*loading every card"):
        bundled = CardDatabase.bundled()
    assert bundled.lookup("Ravager of the Fells").mana_value == 4
    assert not isinstance(bundled._store, CardIndex)
    assert CardDatabase.bundled() is bundled


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text: "mtgmana card index 0" + text[20:], "is not an mtgmana card index"),
        (lambda text: text.replace('"cards":', '"kards":', 1), "bad header"),
        (lambda text: text.replace('"offsets":[0,', '"offsets":[1,', 1), "block offsets"),
        (lambda text: text[: len(text) // 2] + "\n", "damaged or cut short"),
        (lambda text: text.replace("\n", "\r\n", 1), "is not an mtgmana card index"),
    ],
)
def test_a_damaged_index_is_reported(
    copies: tuple[Path, Path], damage: object, message: str
) -> None:
    cards, index = copies
    assert callable(damage)
    index.write_text(damage(index.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(CardIndexError, match=message) as caught:
        CardIndex(str(cards), str(index))
    assert isinstance(caught.value, MtgManaError) and isinstance(caught.value, ValueError)


def test_an_index_of_another_card_file_is_reported(copies: tuple[Path, Path]) -> None:
    cards, index = copies
    cards.write_bytes(cards.read_bytes() + gzip.compress(b"", mtime=0))
    with pytest.raises(CardIndexError, match=r"made for a card file of .* rebuild"):
        CardIndex(str(cards), str(index))


def test_a_stale_entry_is_caught_and_every_card_loaded(copies: tuple[Path, Path]) -> None:
    cards, index = copies
    text = index.read_text(encoding="utf-8")
    bolt = next(line for line in text.splitlines() if line.startswith("Lightning Bolt\t"))
    index.write_text(text.replace(bolt + "\n", "Lightning Bolt\t0\n"), encoding="utf-8")
    db = CardDatabase._indexed(CardIndex(str(cards), str(index)))
    assert db.lookup("Island").name == "Island"  # other entries still work
    with pytest.warns(RuntimeWarning, match="out of date.*loading every card"):
        assert db.lookup("Lightning Bolt").mana_value == 1
    assert not isinstance(db._store, CardIndex)


def test_a_damaged_block_is_reported(copies: tuple[Path, Path]) -> None:
    cards, index = copies
    data = bytearray(cards.read_bytes())
    card_index = CardIndex(str(cards), str(index))
    start, end = card_index.offsets[0], card_index.offsets[1]
    data[(start + end) // 2] ^= 0xFF  # same size: only the block's CRC can tell
    cards.write_bytes(bytes(data))
    db = CardDatabase._indexed(CardIndex(str(cards), str(index)))
    assert db.lookup("Lightning Bolt").name == "Lightning Bolt"  # another block
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        with pytest.raises(MtgManaError, match=r"card database .*cards\.jsonl\.gz is unreadable"):
            db.lookup('"Ach! Hans, Run!"')  # in the damaged first block
    with pytest.raises(CardIndexError, match=r"block 0 \(bytes 0-\d+\): unreadable"):
        CardIndex(str(cards), str(index)).record(0)
