"""``mtgmana cards update`` as a library (:mod:`mtgmana.cards.update`): Scryfall's
Oracle Cards found through a bulk-data listing, ``--from`` a Scryfall bulk file or
MTGJSON's AtomicCards (local or remote, plain or gzipped), the checks made before
anything is replaced, and the old data answering after every kind of failure.

Every download comes from a local HTTP server on 127.0.0.1 (tests/card_server.py);
the data directory is a temporary one (the ``card_data`` fixture).
"""

from __future__ import annotations

import errno
import gzip
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import mtgmana.cards.store as store
from card_server import (
    BULK_CARDS,
    NEW_LAND,
    NEW_SPELL,
    NEW_UNMODELLED,
    CardServer,
    Route,
    bulk_bytes,
    listing,
    mtgjson_bytes,
    small_bulk,
)
from mtgmana import MtgManaError, UnknownCardError, cards
from mtgmana.cards.store import CardDataError
from mtgmana.cards.update import BASIC_LANDS, check_records, reset, update


def _update(source: str | Path | None = None, **options: object) -> cards.update.Update:
    options.setdefault("min_cards", 5)
    options.setdefault("progress", False)
    return update(source, **options)  # type: ignore[arg-type]


def _installed(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("cards-"))


# -- the happy path -------------------------------------------------------------------


def test_update_from_scryfall_through_the_listing(card_data: Path, card_server: CardServer) -> None:
    api = card_server.serve_scryfall()
    with pytest.raises(UnknownCardError, match="newer cards come with `mtgmana cards update`"):
        cards.lookup(NEW_SPELL)  # the bundled data doesn't know it
    done = _update(api=api)
    assert done.data.kind == "updated" and done.data.cards == BULK_CARDS
    assert done.data.date == "2026-01-20T09:04:11.262+00:00"  # the listing's updated_at
    assert done.data.source == f"Scryfall Oracle Cards, {card_server.url('/oracle-cards.json')}"
    assert set(done.added) >= {NEW_LAND, NEW_SPELL} and "Forest" not in done.added
    assert done.unreadable == ()
    # Known at once, through the default database (CR 202.3: {1}{G}{U} is 3).
    assert cards.lookup(NEW_SPELL).mana_value == 3
    assert cards.data_in_use().kind == "updated"
    # The installed files are the indexed format the package ships.
    (generation,) = _installed(card_data)
    found = card_data / generation
    assert {p.name for p in found.iterdir()} == {
        "cards.jsonl.gz",
        "cards.index",
        "cards.about.json",
    }
    assert (found / "cards.index").read_text(encoding="utf-8").startswith("mtgmana card index 1\n")
    about = json.loads((found / "cards.about.json").read_text(encoding="utf-8"))
    assert about["cards"] == BULK_CARDS and about["api"] == api and about["format"] == "scryfall"
    assert json.loads((card_data / "current.json").read_text()) == {"cards": generation}
    assert not [p for p in card_data.iterdir() if p.name.startswith(".update-")]


def test_requests_send_a_user_agent_and_accept_header(
    card_data: Path, card_server: CardServer
) -> None:
    _update(api=card_server.serve_scryfall())
    assert [path for path, _ in card_server.requests] == ["/bulk-data", "/oracle-cards.json"]
    for _, headers in card_server.requests:
        assert headers["User-Agent"].startswith("mtgmana/")
        assert "application/json" in headers["Accept"]


def test_a_gzipped_download_is_read_as_it_is(card_data: Path, card_server: CardServer) -> None:
    api = card_server.serve_scryfall(gzip=True)
    assert _update(api=api).data.cards == BULK_CARDS
    assert cards.lookup(NEW_LAND).faces[0].type_line == "Land"


def test_update_from_a_local_scryfall_file(card_data: Path, tmp_path: Path) -> None:
    source = tmp_path / "oracle-cards.json.gz"
    source.write_bytes(gzip.compress(bulk_bytes()))
    done = _update(source)
    assert done.data.cards == BULK_CARDS
    assert done.data.source == f"Scryfall bulk data, {source.resolve()}"
    assert cards.lookup(NEW_SPELL).color_identity.letters == ["U", "G"]  # CR 903.4


def test_update_from_a_local_mtgjson_file(card_data: Path, tmp_path: Path) -> None:
    source = tmp_path / "AtomicCards.json"
    source.write_bytes(mtgjson_bytes(date="2026-01-20"))
    done = _update(source)
    assert done.data.cards == BULK_CARDS and done.data.date == "2026-01-20"  # meta.date
    assert done.data.source.startswith("MTGJSON AtomicCards, ")
    assert str(cards.lookup(NEW_SPELL).mana_cost) == "{1}{G}{U}"


def test_update_from_a_remote_mtgjson_file(card_data: Path, card_server: CardServer) -> None:
    last_modified = {"Last-Modified": "Tue, 20 Jan 2026 10:00:00 GMT"}
    card_server.routes["/AtomicCards.json"] = Route(mtgjson_bytes(), headers=last_modified)
    done = _update(card_server.url("/AtomicCards.json"))
    assert done.data.cards == BULK_CARDS and done.data.date == "2026-01-20"
    card_server.routes["/oracle.json"] = Route(bulk_bytes(), headers=last_modified)
    done = _update(card_server.url("/oracle.json"))
    assert done.data.date == "2026-01-20T10:00:00Z"  # Last-Modified: Scryfall files have no date
    assert done.added == ()  # the same cards as before


def test_an_update_replaces_the_one_before_and_keeps_it_on_disk(
    card_data: Path, tmp_path: Path
) -> None:
    source = tmp_path / "cards.json"
    source.write_bytes(bulk_bytes())
    for _ in range(3):
        _update(source)
    kept = _installed(card_data)
    assert len(kept) == 2  # the current update and the one before (a running serve's)
    assert json.loads((card_data / "current.json").read_text())["cards"] == kept[-1]


# -- failures: the old data stays in use ------------------------------------------------


def _old_data_answers() -> None:
    assert cards.data_in_use().kind == "bundled"
    assert cards.lookup("Huntmaster of the Fells").mana_value == 4
    with pytest.raises(UnknownCardError):
        cards.lookup(NEW_SPELL)


@pytest.mark.parametrize(
    ("route", "message"),
    [
        (Route(b"", status=404), "HTTP error 404"),
        (Route(b"", status=500), "HTTP error 500"),
        (Route(bulk_bytes(), cut=200), "cut short: 200 of"),
        (Route(bulk_bytes(), gzip=True, cut=150), "cut short: 150 of"),
        (Route(b"<html>Service unavailable</html>"), "is not a card file: it starts with '<html>"),
        (Route(bulk_bytes()[:-40]), "invalid JSON"),  # cut without a Content-Length to tell
        (Route(b'[{"name": "Forest", "type_line": 7}]'), "'type_line' must be a string"),
    ],
)
def test_a_failed_download_leaves_the_old_data_in_use(
    card_data: Path, card_server: CardServer, route: Route, message: str
) -> None:
    api = card_server.serve_scryfall()
    card_server.routes["/oracle-cards.json"] = route
    with pytest.raises(CardDataError, match=message) as caught:
        _update(api=api)
    assert isinstance(caught.value, MtgManaError) and isinstance(caught.value, ValueError)
    _old_data_answers()
    assert _installed(card_data) == [] and not (card_data / "current.json").exists()
    assert not [p for p in card_data.iterdir() if p.name.startswith(".update-")]


def test_a_failed_update_leaves_the_updated_data_answering(
    card_data: Path, card_server: CardServer
) -> None:
    api = card_server.serve_scryfall()
    _update(api=api)
    before = _installed(card_data)
    card_server.routes["/oracle-cards.json"] = Route(bulk_bytes(), cut=100)
    with pytest.raises(CardDataError, match="cut short"):
        _update(api=api)
    assert _installed(card_data) == before
    assert cards.lookup(NEW_SPELL).mana_value == 3  # still the update before


def test_the_listing_must_have_oracle_cards(card_data: Path, card_server: CardServer) -> None:
    card_server.routes["/bulk-data"] = Route(listing(card_server.base, oracle=None))
    with pytest.raises(CardDataError, match="no 'oracle_cards' entry \\(default_cards\\)"):
        _update(api=card_server.url("/bulk-data"))
    for body, message in [
        (b"not json", "not JSON"),
        (b'{"object": "list"}', "not a bulk-data listing"),
        (b'{"data": [{"type": "oracle_cards", "download_uri": 3}]}', "has no download_uri"),
    ]:
        card_server.routes["/bulk-data"] = Route(body)
        with pytest.raises(CardDataError, match=message):
            _update(api=card_server.url("/bulk-data"))
    _old_data_answers()


def test_network_errors_say_what_happened(card_data: Path, card_server: CardServer) -> None:
    closed = CardServer()  # bound, never started, then closed: nothing listens there
    address = closed.url("/bulk-data")
    closed.httpd.server_close()
    with pytest.raises(CardDataError, match=r"can't reach http://127\.0\.0\.1"):
        _update(api=address, timeout=5)
    with pytest.raises(CardDataError, match="HTTP error 404"):
        _update(api=card_server.url("/nothing"))
    with pytest.raises(CardDataError, match="not an http:// or https:// address"):
        _update(api="ftp://127.0.0.1/bulk-data")
    _old_data_answers()


def test_a_full_disk_is_reported_and_changes_nothing(
    card_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "cards.json"
    source.write_bytes(bulk_bytes())

    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr("mtgmana.cards.update.write_file", full)
    with pytest.raises(CardDataError, match="No space left on device"):
        _update(source)
    _old_data_answers()
    assert _installed(card_data) == []


def test_what_is_checked_before_anything_is_replaced(card_data: Path, tmp_path: Path) -> None:
    source = tmp_path / "cards.json"
    source.write_bytes(bulk_bytes())
    with pytest.raises(CardDataError, match="fewer than the 25,000 of a full card list"):
        update(source, progress=False)  # the default minimum
    without_basics = [o for o in small_bulk() if o["name"] not in BASIC_LANDS]
    source.write_bytes(bulk_bytes(without_basics))
    with pytest.raises(CardDataError, match="lacks Plains, Island, Swamp, Mountain, Forest"):
        _update(source)
    untyped = [{**o, "type_line": ""} if o["name"] == "Opt" else o for o in small_bulk()]
    source.write_bytes(bulk_bytes(untyped))
    with pytest.raises(CardDataError, match="1 cards have no type line \\('Opt'"):
        _update(source)
    with pytest.raises(CardDataError, match="no such card file"):
        _update(tmp_path / "missing.json")
    with pytest.raises(CardDataError, match="is a directory, not a card file"):
        _update(tmp_path)
    with pytest.raises(CardDataError, match="min_cards must be"):
        _update(source, min_cards=0)
    with pytest.raises(CardDataError, match="the timeout must be a number of seconds above 0"):
        _update(source, timeout=0)
    _old_data_answers()


def test_cards_mtgmana_cant_read_are_named() -> None:
    records = [{"name": n, "type_line": "Basic Land"} for n in BASIC_LANDS]
    records.append({"name": "Bad Cost", "type_line": "Instant", "mana_cost": "{Q/Z}"})
    assert check_records(records, 1) == ("Bad Cost",)


# -- reset and the data directory --------------------------------------------------------


def test_reset_goes_back_to_the_bundled_data(card_data: Path, tmp_path: Path) -> None:
    source = tmp_path / "cards.json"
    source.write_bytes(bulk_bytes())
    _update(source)
    assert cards.lookup(NEW_LAND).name == NEW_LAND
    assert reset() is True
    _old_data_answers()
    assert _installed(card_data) == [] and not (card_data / "current.json").exists()
    assert reset() is False


def test_the_data_directory_follows_mtgmana_data_dir_then_xdg(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MTGMANA_DATA_DIR", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert store.data_dir() == tmp_path / "mine"
    monkeypatch.delenv("MTGMANA_DATA_DIR")
    assert store.data_dir() == tmp_path / "xdg" / "mtgmana"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # ignored, as the XDG spec says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(store.sys, "platform", "linux")
    assert store.data_dir() == tmp_path / "home" / ".local" / "share" / "mtgmana"


def test_an_update_follows_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, card_data: Path
) -> None:
    monkeypatch.delenv("MTGMANA_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    source = tmp_path / "cards.json"
    source.write_bytes(bulk_bytes())
    done = _update(source)
    assert Path(str(done.data.path)).parent == tmp_path / "xdg" / "mtgmana"
    assert cards.lookup(NEW_LAND).name == NEW_LAND
    assert not card_data.exists()  # MTGMANA_DATA_DIR's directory: unset, unused


# -- derived data --------------------------------------------------------------------------


def _coverage_script() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "scripts" / "mana_coverage.py"
    spec = importlib.util.spec_from_file_location("mana_coverage_for_updates", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def test_the_mana_coverage_is_recomputed_for_updated_data(
    card_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "cards.json"
    source.write_bytes(bulk_bytes())
    done = _update(source)
    script = _coverage_script()
    assert script.main([]) == 0
    written = Path(str(done.data.path)) / "mana-coverage.md"  # next to the data it describes
    text = written.read_text(encoding="utf-8")
    assert f"updated card data ({BULK_CARDS} cards of " in text
    # The new land is modelled; the new artifact's mana text is not, and says why.
    assert NEW_UNMODELLED in text and "one mana of the color of the moon" in text
    result = script.coverage()
    assert NEW_UNMODELLED in result.unsupported_cards and NEW_LAND not in result.unsupported_cards
    assert result.parsed["land"] == 6  # the five basic lands (CR 305.6) and the new one
    out = tmp_path / "coverage.md"
    assert script.main(["--cards", str(source), "--out", str(out)]) == 0
    assert "file card data" in out.read_text(encoding="utf-8")
    capsys.readouterr()
