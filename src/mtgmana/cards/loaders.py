"""Load cards from other sources in one streaming pass, without holding the whole
file in memory: :func:`load_scryfall_bulk` reads Scryfall's bulk data (``oracle-cards``
or ``default-cards``, optionally gzipped) and :func:`load_mtgjson_atomic` reads
MTGJSON's ``AtomicCards.json``. Both keep only what the rules need of each card
(:mod:`mtgmana.cards._records`) and return a :class:`~mtgmana.cards.CardDatabase`.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import zlib
from collections.abc import Iterator, Mapping
from typing import Any, Final, TextIO

from .._regex import lazy
from ..errors import MtgManaError
from ._progress import Progress
from ._records import NOT_CARDS, TWO_SIDED, Record, letters_field, resolve_melds, slim, text_field
from .database import CardDatabase

__all__ = [
    "load_mtgjson_atomic",
    "load_scryfall_bulk",
    "mtgjson_atomic_records",
    "scryfall_bulk_records",
]

PathLike = str | os.PathLike[str]

_CHUNK: Final = 1 << 20  # characters read at a time
_MAX_VALUE: Final = 1 << 26  # characters a single card object may take
_WHITESPACE: Final = lazy(r"[ \t\n\r]*")
_DECODER: Final = json.JSONDecoder()


def _utf8_length(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


class _JsonStream:
    """Reads one JSON document a value at a time, never holding the whole text.

    A *mark* is a position in the text counted in characters from its start (cheap to
    take); errors turn it into a byte offset of the (decompressed) UTF-8 data.
    """

    def __init__(self, path: PathLike, what: str, progress: bool | None) -> None:
        self.path = os.fspath(path)
        self.what = what
        self.raw: io.BufferedReader = open(self.path, "rb")  # noqa: SIM115  # closed by close()
        try:
            size = os.fstat(self.raw.fileno()).st_size
            self.gzipped = self.raw.read(2) == b"\x1f\x8b"
            self.raw.seek(0)
            self.text: TextIO
            if self.gzipped:
                unzipped = gzip.GzipFile(fileobj=self.raw, mode="rb")
                self.text = io.TextIOWrapper(unzipped, encoding="utf-8", newline="")
            else:
                self.text = io.TextIOWrapper(self.raw, encoding="utf-8", newline="")
        except BaseException:
            self.raw.close()
            raise
        self.progress = Progress(os.path.basename(self.path), size, progress)
        self.buffer = ""
        self.pos = 0  # in self.buffer
        self.dropped = 0  # characters before self.buffer
        self.dropped_bytes = 0  # their UTF-8 bytes
        self.eof = False

    def close(self) -> None:
        self.progress.close()
        self.text.close()
        self.raw.close()

    def __enter__(self) -> _JsonStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- positions and errors --

    def mark(self) -> int:
        """The current position, as a mark."""
        return self.dropped + self.pos

    def byte_offset(self, mark: int) -> int:
        """The byte offset of a mark that is still in the buffer (the current value
        always is: the buffer is only ever cut at the current position)."""
        return self.dropped_bytes + _utf8_length(self.buffer[: max(0, mark - self.dropped)])

    def error(self, message: str, mark: int | None = None) -> MtgManaError:
        offset = self.byte_offset(self.mark() if mark is None else mark)
        where = f"byte {offset}" + (" of the decompressed data" if self.gzipped else "")
        return MtgManaError(f"{self.path}, {where}: {message} (expected {self.what})")

    # -- reading --

    def fill(self) -> bool:
        """Read more text; ``False`` at the end of the file."""
        if self.eof:
            return False
        try:
            chunk = self.text.read(_CHUNK)
        except UnicodeDecodeError as error:
            end = self.dropped + len(self.buffer)
            raise self.error(f"not UTF-8 text ({error.reason})", end) from None
        except (OSError, EOFError, zlib.error) as error:
            end = self.dropped + len(self.buffer)
            raise self.error(f"unreadable gzip data ({error})", end) from None
        self.progress.update(self.raw.tell())
        if not chunk:
            self.eof = True
            return False
        if self.pos:
            self.dropped += self.pos
            self.dropped_bytes += _utf8_length(self.buffer[: self.pos])
            self.buffer = self.buffer[self.pos :] + chunk
            self.pos = 0
        else:
            self.buffer += chunk
        return True

    def peek(self) -> str:
        """The next character that is not white space, ``""`` at the end."""
        while True:
            match = _WHITESPACE.match(self.buffer, self.pos)
            end = self.pos = match.end() if match else self.pos
            if end < len(self.buffer):
                return self.buffer[end]
            if not self.fill():
                return ""

    def expect(self, char: str, what: str) -> None:
        found = self.peek()
        if found != char:
            raise self.error(f"expected {what}, found {_shown(found)}")
        self.pos += 1

    def value(self) -> Any:
        """Decode the next JSON value."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError as error:
                # An error near the end of the buffer may just be a value cut off by
                # the end of the chunk: read on and try again.
                cut = error.pos + 16 >= len(self.buffer) or error.msg.startswith(
                    "Unterminated string"
                )
                if cut and len(self.buffer) - self.pos < _MAX_VALUE and self.fill():
                    continue
                raise self.error(f"invalid JSON ({error.msg})", self.dropped + error.pos) from None
            except RecursionError:
                raise self.error("JSON nested too deeply") from None
            if end >= len(self.buffer) and self.fill():
                continue  # a number may go on in the next chunk
            self.pos = end
            return value

    def array(self, what: str) -> Iterator[int]:
        """Step through an array: yields a mark for each element, which the caller
        then reads (with :meth:`value`) before asking for the next one."""
        self.expect("[", what)
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.dropped + self.pos
            found = self.peek()
            if found == "]":
                self.pos += 1
                return
            if found != ",":
                raise self.error(f"expected ',' or ']' in {what}, found {_shown(found)}")
            self.pos += 1
            self.peek()

    def object(self, what: str) -> Iterator[str]:
        """Step through an object: yields each key; the caller reads its value."""
        self.expect("{", what)
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            found = self.peek()
            if found != '"':
                raise self.error(f"expected a key in {what}, found {_shown(found)}")
            key = self.value()
            self.expect(":", f"':' after the key {key!r}")
            self.peek()
            yield key
            found = self.peek()
            if found == "}":
                self.pos += 1
                return
            if found != ",":
                raise self.error(f"expected ',' or '}}' in {what}, found {_shown(found)}")
            self.pos += 1

    def finish(self) -> None:
        found = self.peek()
        if found:
            raise self.error(f"unexpected {_shown(found)} after the end of the JSON")


def _shown(char: str) -> str:
    return repr(char) if char else "the end of the file"


# -- Scryfall ----------------------------------------------------------------------------


def load_scryfall_bulk(path: PathLike, *, progress: bool | None = None) -> CardDatabase:
    """A database of the cards in a Scryfall bulk data file (the records of
    :func:`scryfall_bulk_records`).

    ``path`` is an ``oracle-cards`` or ``default-cards`` file (a JSON array of card
    objects), plain or gzipped. The file is read in one streaming pass, keeping only
    what the rules need of each card; tokens, emblems and art-series objects are
    skipped, and each card is kept once (by ``oracle_id``, else by name), however many
    printings the file has. ``progress`` draws a progress bar on stderr: by default
    only when stderr is a terminal.

    Raises :class:`~mtgmana.errors.MtgManaError` naming the byte offset when the file
    is not such an array.
    """
    return CardDatabase(scryfall_bulk_records(path, progress=progress))


def scryfall_bulk_records(path: PathLike, *, progress: bool | None = None) -> list[Record]:
    """The records (:func:`~mtgmana.cards._records.slim`) of the cards in a Scryfall
    bulk data file, meld results with their fronts, in the file's order (see
    :func:`load_scryfall_bulk`)."""
    records: list[Record] = []
    seen: set[str] = set()
    melds: dict[str, set[str]] = {}
    what = "a Scryfall bulk data file (a JSON array of card objects)"
    with _JsonStream(path, what, progress) as stream:
        for mark in stream.array("the array of cards"):
            obj = stream.value()
            if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
                raise stream.error(f"{obj!r:.60} is not a card object with a name", mark)
            layout = obj.get("layout")
            if layout in NOT_CARDS:
                continue
            try:
                if layout == "reversible_card":
                    obj = _reversible_front(obj)
                identity = obj.get("oracle_id") or obj["name"]
                if identity in seen:
                    continue
                seen.add(identity)
                records.append(slim(obj))
                _meld_parts(obj, melds)
            except (KeyError, TypeError, AttributeError, ValueError) as error:
                raise stream.error(f"malformed card object ({error})", mark) from None
        stream.finish()
    known = {name: sorted(parts) for name, parts in melds.items() if len(parts) == 2}
    return [dict(record) for record in resolve_melds(records, known)]


def _meld_parts(obj: Mapping[str, Any], melds: dict[str, set[str]]) -> None:
    """Note the meld result named in Scryfall's ``all_parts`` and its two parts."""
    parts = obj.get("all_parts") or ()
    results = [p.get("name") for p in parts if p.get("component") == "meld_result"]
    if len(results) == 1 and isinstance(results[0], str):
        fronts = {p.get("name") for p in parts if p.get("component") == "meld_part"}
        melds.setdefault(results[0], set()).update(n for n in fronts if isinstance(n, str))


def _reversible_front(obj: Mapping[str, Any]) -> Mapping[str, Any]:
    """A reversible card (the same card printed on both sides) as the card itself."""
    faces = obj.get("card_faces") or [{}]
    front = dict(faces[0])
    front.setdefault("layout", "normal")
    front.setdefault("name", obj.get("name"))
    return front


# -- MTGJSON ---------------------------------------------------------------------------


def load_mtgjson_atomic(path: PathLike, *, progress: bool | None = None) -> CardDatabase:
    """A database of the cards in MTGJSON's ``AtomicCards.json`` (plain or gzipped).

    The file (``{"meta": ..., "data": {"Card Name": [face, ...], ...}}``) is read in
    one streaming pass and each card converted to the Scryfall-like shape the rest of
    mtgmana reads. ``progress`` as for :func:`load_scryfall_bulk`.

    Raises :class:`~mtgmana.errors.MtgManaError` naming the byte offset when the file
    does not have that shape.
    """
    return CardDatabase(mtgjson_atomic_records(path, progress=progress)[0])


def mtgjson_atomic_records(
    path: PathLike, *, progress: bool | None = None
) -> tuple[list[Record], dict[str, Any]]:
    """The records of the cards in MTGJSON's ``AtomicCards.json`` (see
    :func:`load_mtgjson_atomic`), meld results with their fronts, and the file's
    ``meta`` object (``{"date": ..., "version": ...}``; empty if it has none)."""
    records: list[Record] = []
    seen: set[str] = set()
    meta: dict[str, Any] = {}
    what = "an MTGJSON AtomicCards file"
    found_data = False
    with _JsonStream(path, what, progress) as stream:
        for key in stream.object("the top-level object"):
            if key != "data":
                value = stream.value()
                if key == "meta" and isinstance(value, dict):
                    meta = value
                continue
            found_data = True
            for name in stream.object("'data'"):
                mark = stream.mark()
                entries = stream.value()
                if not isinstance(entries, list) or not all(
                    isinstance(entry, dict) for entry in entries
                ):
                    raise stream.error(f"the value of {name!r} is not a list of card objects", mark)
                try:
                    converted = _from_mtgjson(name, entries)
                except (KeyError, TypeError, AttributeError, ValueError) as error:
                    raise stream.error(f"the card {name!r} is malformed ({error})", mark) from None
                for record in converted:
                    if record["name"] not in seen:
                        seen.add(record["name"])
                        records.append(record)
        stream.finish()
        if not found_data:
            raise stream.error("no 'data' object", 0)
    return [dict(record) for record in resolve_melds(records)], meta


_MTGJSON_LAYOUTS: Final = {"aftermath": "split"}  # MTGJSON's name -> Scryfall's


def _mtgjson_record(entry: Mapping[str, Any], name: str, layout: str | None) -> Record:
    where = repr(name)
    record: Record = {"name": name}
    if layout is not None:
        record["layout"] = layout
    record["mana_cost"] = text_field(entry, "manaCost", where) or ""
    record["type_line"] = text_field(entry, "type", where) or ""
    record["oracle_text"] = text_field(entry, "text", where) or ""
    indicator = letters_field(entry, "colorIndicator", where)
    if indicator:
        record["color_indicator"] = indicator
    return record


def _from_mtgjson(name: str, entries: list[dict[str, Any]]) -> list[Record]:
    """The Scryfall-like records of one entry of AtomicCards' ``data``: one per card."""
    records: list[Record] = []
    sides: list[dict[str, Any]] = []
    for entry in entries:
        layout = entry.get("layout") or "normal"
        if layout in NOT_CARDS:
            continue
        if entry.get("side"):
            sides.append(entry)
        else:  # a card of one face (a few names have several such cards)
            layout = _MTGJSON_LAYOUTS.get(layout, layout)
            records.append(_mtgjson_record(entry, entry.get("name") or name, layout))
    if not sides:
        return records
    sides.sort(key=lambda entry: str(entry["side"]))
    layout = sides[0].get("layout") or "normal"
    layout = _MTGJSON_LAYOUTS.get(layout, layout)
    if layout == "meld":
        # Each meld card is a card of its own (CR 712.4): the fronts and the result.
        for entry in sides:
            face_name = entry.get("faceName") or entry.get("name") or name
            records.append(_mtgjson_record(entry, face_name, layout))
        return records
    records.append(_mtgjson_faces(name, sides, layout))
    return records


def _mtgjson_faces(name: str, sides: list[dict[str, Any]], layout: str) -> Record:
    """The record of a card of several faces (``sides``, in order; not a meld card),
    with the mana cost and type line of the whole card (CR 709.4, 710.2, 712.8)."""
    faces = [
        _mtgjson_record(entry, entry.get("faceName") or entry.get("name") or name, None)
        for entry in sides
    ]
    record: Record = {"name": sides[0].get("name") or name, "layout": layout}
    if layout == "flip":
        # A flip card has the mana cost of its unflipped half only (CR 710.2).
        for face in faces[1:]:
            face["mana_cost"] = ""
    if layout not in TWO_SIDED:
        record["mana_cost"] = " // ".join(f["mana_cost"] for f in faces if f["mana_cost"])
    record["type_line"] = " // ".join(f["type_line"] for f in faces)
    record["card_faces"] = faces
    return record
