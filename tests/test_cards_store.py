"""Card data on disk (:mod:`mtgmana.cards.store`): the bundled data's description,
``current.json`` naming the updated data in use (and every way it can be damaged),
installs that switch in one step and keep the update before, and going back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from card_records import BUNDLED
from mtgmana.cards.store import (
    CardData,
    CardDataError,
    bundled_about,
    current,
    install,
    locked,
    read_about,
    remove_updates,
)


def _staged(base: Path, name: str = "staged") -> Path:
    staged = base / name
    staged.mkdir(parents=True)
    (staged / "cards.jsonl.gz").write_bytes(BUNDLED.read_bytes())
    (staged / "cards.index").write_bytes(BUNDLED.with_name("cards.index").read_bytes())
    return staged


def test_the_bundled_data_describes_itself() -> None:
    about = bundled_about()
    assert about == {
        "source": "Scryfall (exports of September 2019 and 2025-09-25, merged)",
        "date": "2025-09-25",
        "cards": 30422,
    }


def test_install_switches_in_one_step_and_keeps_the_update_before(tmp_path: Path) -> None:
    assert current(tmp_path) is None
    found = []
    with locked(tmp_path):
        for number in range(3):
            final = install(_staged(tmp_path, f"s{number}"), {"source": f"#{number}"}, tmp_path)
            assert current(tmp_path) == final and not (tmp_path / f"s{number}").exists()
            assert read_about(final) == {"source": f"#{number}"}
            found.append(final)
    left = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("cards-"))
    assert left == [found[1].name, found[2].name]  # generations sort by time
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".current-")]
    with locked(tmp_path):
        assert remove_updates(tmp_path) is True
        assert remove_updates(tmp_path) is False
    assert current(tmp_path) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock"]


@pytest.mark.parametrize(
    ("pointer", "message"),
    [
        ("not json", "is damaged: not {'cards': DIRECTORY}"),
        ('{"other": 1}', "is damaged: not {'cards': DIRECTORY}"),
        ('{"cards": "../elsewhere"}', "is not a card data directory"),
        ('{"cards": 7}', "is not a card data directory"),
        ('{"cards": "cards-missing"}', "cards-missing is missing cards.jsonl.gz, cards.index"),
    ],
)
def test_a_damaged_pointer_is_reported(tmp_path: Path, pointer: str, message: str) -> None:
    (tmp_path / "current.json").write_text(pointer, encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        current(tmp_path)
    assert message in str(caught.value) and str(tmp_path) in str(caught.value)


def test_read_about(tmp_path: Path) -> None:
    assert read_about(tmp_path) == {}
    (tmp_path / "cards.about.json").write_text("[1]", encoding="utf-8")
    with pytest.raises(CardDataError, match="is not a JSON object"):
        read_about(tmp_path)
    (tmp_path / "cards.about.json").write_text("{", encoding="utf-8")
    with pytest.raises(CardDataError, match="is unreadable"):
        read_about(tmp_path)


def test_card_data_as_json() -> None:
    data = CardData("updated", "/d/cards-1", 31000, "Scryfall Oracle Cards", "2026-01-20")
    assert data.to_json() == {
        "data": "updated", "path": "/d/cards-1", "cards": 31000,
        "source": "Scryfall Oracle Cards", "date": "2026-01-20", "installed": None,
        "chosen_by": None,
    }  # fmt: skip
    json.dumps(data.to_json())


def test_the_lock_makes_the_directory(tmp_path: Path) -> None:
    with locked(tmp_path / "a" / "b"):
        assert (tmp_path / "a" / "b" / ".lock").exists()
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with (
        pytest.raises(CardDataError, match="can't use the data directory"),
        locked(tmp_path / "file" / "sub"),
    ):
        pass
