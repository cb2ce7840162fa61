"""Build mtgmana's bundled card database, ``src/mtgmana/data/cards.jsonl.gz``, and
its index, ``src/mtgmana/data/cards.index``.

Usage::

    python scripts/build_card_db.py [--source PATH] [--out PATH] [--index PATH]
                                    [--date DATE] [--label TEXT]

The source is a JSON-lines file of Scryfall card objects, plain or gzipped (by default
``../shared/data/cards.jsonl.gz`` next to the repository). Each card keeps only what the
rules need to compute its mana cost, mana value, colors and color identity: name,
layout, mana cost, type line, rules text, color indicator and its faces (name, mana
cost, type line, rules text, and the colors of a face with no mana cost, which come
from its color indicator). Scryfall's computed ``cmc``, ``colors`` and
``color_identity`` are not kept: mtgmana computes them, and the tests compare. A meld
result gets ``meld_fronts``, the two cards that meld into it, found in their rules text.

The output is deterministic: cards sorted by name, compact ASCII JSON, gzip without
a timestamp, so building twice gives the same bytes. The cards are gzipped in blocks
of 256, each a gzip member of its own (still one ordinary gzip file), and the index
lists every name a card is found by (full names and face names) with its card
number, and where each block starts: a lookup decompresses one block, not the whole
file (:mod:`mtgmana.cards._index`). The default index path is ``--out`` with
``.index`` for ``.jsonl.gz``.

Next to them goes ``cards.about.json`` (``--out`` with ``.about.json``): where the
cards came from (``--label``) and the date of the data (``--date``), which
``mtgmana cards info`` shows; the defaults describe the reference data.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "cards.jsonl.gz"
DEFAULT_OUT = ROOT / "src" / "mtgmana" / "data" / "cards.jsonl.gz"
DEFAULT_DATE = "2025-09-25"
DEFAULT_LABEL = "Scryfall (exports of September 2019 and 2025-09-25, merged)"

if importlib.util.find_spec("mtgmana") is None:  # run from a checkout, not installed
    sys.path.insert(0, str(ROOT / "src"))

from mtgmana.cards._index import pack  # noqa: E402
from mtgmana.cards._records import NOT_CARDS, resolve_melds, slim, sorted_records  # noqa: E402


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    """The card objects of a JSON-lines file, plain or gzipped."""
    with path.open("rb") as raw:
        gzipped = raw.read(2) == b"\x1f\x8b"
    with (
        gzip.open(path, "rt", encoding="utf-8") if gzipped else path.open(encoding="utf-8")
    ) as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as error:
                raise SystemExit(f"{path}:{number}: not JSON: {error}") from None
            if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
                raise SystemExit(f"{path}:{number}: not a card object with a name")
            yield obj


def build(records: Iterator[Mapping[str, Any]]) -> tuple[bytes, bytes]:
    """The bundled database (gzipped JSON lines) for these card objects, and its index."""
    kept = resolve_melds([slim(obj) for obj in records if obj.get("layout") not in NOT_CARDS])
    return pack(sorted_records(kept))


def index_path(out: Path, suffix: str = ".index") -> Path:
    """Where the index (or another file, by ``suffix``) of the database ``out`` goes."""
    name = out.name.removesuffix(".jsonl.gz")
    return out.with_name(name + suffix)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="JSON lines in")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="gzipped JSON lines out")
    parser.add_argument("--index", type=Path, help="the index out (default: next to --out)")
    parser.add_argument("--date", default=DEFAULT_DATE, help="the date of the source data")
    parser.add_argument("--label", default=DEFAULT_LABEL, help="where the source data came from")
    args = parser.parse_args(argv)
    source: Path = args.source
    out: Path = args.out
    index: Path = args.index or index_path(out)
    if not source.exists():
        parser.error(f"source not found: {source}")
    data, index_data = build(read_records(source))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    index.write_bytes(index_data)
    count = gzip.decompress(data).count(b"\n")
    about = {"source": args.label, "date": args.date, "cards": count}
    index_path(out, ".about.json").write_text(json.dumps(about, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {count} cards to {out} ({len(data) / 1e6:.2f} MB)")
    print(f"wrote their index to {index} ({len(index_data) / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
