"""The index of the bundled card database: finds a card by name without decoding the
~30,000 cards.

The bundled database, ``mtgmana/data/cards.jsonl.gz``, holds one JSON record per line,
gzipped in blocks of :data:`BLOCK` lines, each block a gzip member of its own: the
file is an ordinary gzip file (``gzip.decompress`` reads it whole) and any block can
be decompressed alone. Its index, ``mtgmana/data/cards.index``, is UTF-8 text:

* the line ``mtgmana card index 1``;
* a JSON object, ``{"block": 256, "cards": N, "names": M, "offsets": [0, ..., size]}``:
  the lines in a block, the number of cards, the number of names below, and the byte
  offset of each block in the card file followed by the file's size;
* one line per name a card is found by (its full name and its faces' names,
  CR 708-715), ``Name<TAB>card number``, sorted by the name's normalized form
  (:func:`~mtgmana.cards._names.normalize`).

A name is found by binary search over the index's bytes, then the one block holding
its card is decompressed: a fraction of a millisecond, where decoding every card takes
~0.1 s. Both files are made by :func:`pack` (``scripts/build_card_db.py``).
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..errors import MtgManaError
from ._names import name_index, normalize

__all__ = [
    "BLOCK",
    "CARDS_PATH",
    "INDEX_PATH",
    "MAGIC",
    "CardIndex",
    "CardIndexError",
    "index_text",
    "member_ends",
    "pack",
    "read_records",
]

BLOCK: Final = 256
"""Lines (cards) in a block of the card file: ~70 kB decompressed, ~14 kB gzipped."""

MAGIC: Final = "mtgmana card index 1"
"""The first line of an index file (the 1 is the format's version)."""

_DATA: Final = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
CARDS_PATH = os.path.join(_DATA, "cards.jsonl.gz")
"""The bundled card file (where the package is installed as files)."""
INDEX_PATH = os.path.join(_DATA, "cards.index")
"""The bundled card index."""


class CardIndexError(MtgManaError):
    """The card index is missing, damaged or does not match the card file."""


class CardIndex:
    """Cards of a card file found through its index (see the module docstring).

    ``number(key)`` is the number of the card with that normalized name (``None`` if
    none), ``record(number)`` its record; ``names()`` maps every normalized name to
    the name as printed (for suggestions). Decompressed blocks are kept, so asking
    for every card decompresses each block once. Raises :class:`CardIndexError` when
    the files are unreadable or disagree, at once for what the header says and
    later for a block.
    """

    __slots__ = ("_blocks", "_data", "_found", "_start", "block", "cards_path", "count", "offsets")

    def __init__(self, cards_path: str | None = None, index_path: str | None = None) -> None:
        """The index ``index_path`` of the card file ``cards_path`` (by default the
        bundled ones, :data:`CARDS_PATH` and :data:`INDEX_PATH`)."""
        cards_path = self.cards_path = CARDS_PATH if cards_path is None else cards_path
        index_path = INDEX_PATH if index_path is None else index_path
        try:
            with open(index_path, "rb") as handle:
                data = handle.read()
            size = os.path.getsize(cards_path)
        except OSError as error:
            raise CardIndexError(f"card index unreadable: {error}") from None
        header_end, names = self._read_header(data, index_path)
        if data.count(b"\n", header_end + 1) != names:
            raise CardIndexError(f"{index_path}: not {names} names: damaged or cut short")
        blocks = -(-self.count // self.block) if self.block > 0 else -1
        steps = zip(self.offsets, self.offsets[1:], strict=False)
        if len(self.offsets) != blocks + 1 or self.offsets[0] != 0 or any(a >= b for a, b in steps):
            raise CardIndexError(f"{index_path}: bad header (block offsets)")
        if self.offsets[-1] != size:
            raise CardIndexError(
                f"{index_path} was made for a card file of {self.offsets[-1]} bytes, but "
                f"{cards_path} has {size}: rebuild both with scripts/build_card_db.py"
            )
        self._data = data
        self._start = header_end + 1
        self._blocks: dict[int, list[bytes]] = {}
        self._found: dict[str, int] = {}

    def _read_header(self, data: bytes, index_path: str) -> tuple[int, int]:
        """Read the index's magic line and JSON header (block size, card count,
        block offsets); return where the header ends and the number of names."""
        magic_end = data.find(b"\n")
        header_end = data.find(b"\n", magic_end + 1)
        if data[:magic_end] != MAGIC.encode() or header_end < 0 or not data.endswith(b"\n"):
            raise CardIndexError(f"{index_path} is not an mtgmana card index ({MAGIC!r})")
        try:
            header = json.loads(data[magic_end + 1 : header_end])
            self.block = int(header["block"])
            self.count = int(header["cards"])
            self.offsets = [int(offset) for offset in header["offsets"]]
            names = int(header["names"])
        except (ValueError, TypeError, KeyError) as error:
            raise CardIndexError(f"{index_path}: bad header ({error})") from None
        return header_end, names

    def __len__(self) -> int:
        return self.count

    def number(self, key: str) -> int | None:
        """The number of the card with the normalized name ``key``, or ``None``."""
        found = self._found.get(key)
        if found is not None:
            return found
        data = self._data
        low, high = self._start, len(data)
        while low < high:  # low and high are at the start of a line (or the end)
            middle = (low + high) // 2
            start = data.rfind(b"\n", low, middle) + 1 or low
            end = data.index(b"\n", start)
            name, _, number = data[start:end].decode("utf-8", "replace").partition("\t")
            probe = normalize(name)
            if probe < key:
                low = end + 1
            elif probe > key:
                high = start
            else:
                found = self._checked(key, number)
                self._found[key] = found
                return found
        return None

    def _checked(self, key: str, number: str) -> int:
        """The card number of an index line, checked against the card it names."""
        if not (number.isascii() and number.isdigit()):
            raise CardIndexError(f"card index damaged: bad card number {number!r} for {key!r}")
        record = self.record(int(number))
        faces = record.get("card_faces") or ()
        names = [record.get("name"), *(f.get("name") for f in faces if isinstance(f, dict))]
        if not any(isinstance(name, str) and normalize(name) == key for name in names):
            raise CardIndexError(
                f"card index out of date: it finds {key!r} at card {number}, "
                f"which is {record.get('name')!r}; rebuild with scripts/build_card_db.py"
            )
        return int(number)

    def record(self, number: int) -> dict[str, Any]:
        """The record of card ``number`` (decompressing its block if not done yet)."""
        if not 0 <= number < self.count:
            raise CardIndexError(f"card index damaged: no card {number} of {self.count}")
        block, line = divmod(number, self.block)
        lines = self._blocks.get(block)
        if lines is None:
            lines = self._blocks[block] = self._read_block(block)
        try:
            record = json.loads(lines[line])
        except ValueError as error:
            raise CardIndexError(
                f"{self.cards_path}: card {number} is not JSON ({error})"
            ) from None
        if not isinstance(record, dict):
            raise CardIndexError(f"{self.cards_path}: card {number} is not a JSON object")
        return record

    def _read_block(self, block: int) -> list[bytes]:
        start, end = self.offsets[block], self.offsets[block + 1]
        where = f"{self.cards_path}, block {block} (bytes {start}-{end})"
        try:
            with open(self.cards_path, "rb") as handle:
                handle.seek(start)
                member = handle.read(end - start)
            text = zlib.decompress(member, wbits=31)  # one gzip member, CRC checked
        except (OSError, zlib.error) as error:
            raise CardIndexError(f"{where}: unreadable ({error})") from None
        lines = text.split(b"\n")
        expected = min(self.block, self.count - block * self.block)
        if lines.pop() != b"" or len(lines) != expected:
            raise CardIndexError(f"{where}: {len(lines)} cards, not {expected}")
        return lines

    def names(self) -> dict[str, str]:
        """Every normalized name the index finds, with the name as printed."""
        lines = self._data[self._start : -1].decode("utf-8", "replace").split("\n")
        printed = (line.partition("\t")[0] for line in lines)
        return {normalize(name): name for name in printed}


def read_records(path: str | None = None) -> list[dict[str, Any]]:
    """Every record of a card file (by default the package's own, read through
    :mod:`importlib.resources`, so that any installation works, even a zip file).

    Raises :class:`~mtgmana.errors.MtgManaError` when it can't be read.
    """
    import gzip

    shown = path or "mtgmana/data/cards.jsonl.gz"
    try:
        if path is None:
            import importlib.resources

            data = (importlib.resources.files("mtgmana") / "data/cards.jsonl.gz").read_bytes()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
        text = gzip.decompress(data)
        # One json.loads of all the lines as an array: faster than one call per line.
        # JSON strings can't hold a raw newline; the file is ASCII.
        records: list[dict[str, Any]] = json.loads(b"[" + text.strip().replace(b"\n", b",") + b"]")
    except (OSError, EOFError, zlib.error, ValueError) as error:
        raise MtgManaError(f"the card database {shown} is unreadable: {error}") from None
    if not all(isinstance(record, dict) for record in records):
        raise MtgManaError(f"the card database {shown} holds a line that is not a JSON object")
    return records


# -- building -------------------------------------------------------------------------


def pack(records: Sequence[Mapping[str, Any]]) -> tuple[bytes, bytes]:
    """The card file and its index for ``records``, in this order.

    Records are written as compact ASCII JSON (faster to decode than UTF-8 text),
    gzipped without a timestamp: the same records give the same bytes (with the same
    zlib).
    """
    import gzip

    lines = [json.dumps(record, separators=(",", ":")).encode() + b"\n" for record in records]
    members = [
        gzip.compress(b"".join(lines[start : start + BLOCK]), compresslevel=9, mtime=0)
        for start in range(0, len(lines), BLOCK)
    ]
    offsets = [0]
    for member in members:
        offsets.append(offsets[-1] + len(member))
    return b"".join(members), index_text(records, offsets, BLOCK).encode("utf-8")


def index_text(records: Sequence[Mapping[str, Any]], offsets: Sequence[int], block: int) -> str:
    """The index of a card file holding ``records`` in blocks of ``block`` lines that
    start at ``offsets`` (then the file's size)."""
    numbers, printed = name_index(records)
    header = {
        "block": block,
        "cards": len(records),
        "names": len(numbers),
        "offsets": list(offsets),
    }
    lines = [MAGIC, json.dumps(header, separators=(",", ":"))]
    for key in sorted(numbers):
        name = printed[key]
        if "\t" in name or "\n" in name or "\r" in name:
            raise MtgManaError(f"a card name can't hold a tab or a line break: {name!r}")
        lines.append(f"{name}\t{numbers[key]}")
    return "\n".join(lines) + "\n"


def member_ends(data: bytes) -> list[int]:
    """The byte offset at which each gzip member of ``data`` ends."""
    ends: list[int] = []
    view = memoryview(data)
    at = 0
    while at < len(data):
        decompressor = zlib.decompressobj(wbits=31)
        decompressor.decompress(view[at:])
        if not decompressor.eof:
            raise MtgManaError(f"truncated gzip member at byte {at}")
        at = len(data) - len(decompressor.unused_data)
        ends.append(at)
    return ends
