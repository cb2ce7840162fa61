"""Hostile request lines for ``mtgmana serve`` (issue 19): what a fuzzer, a buggy
client or a careless engine sends. Deterministic for a seed, so a failure is
reproduced by its seed and line number.

Kinds of lines (:func:`hostile_lines`): raw bytes (invalid UTF-8, control
characters, lone surrogates, nothing at all), JSON that isn't a request (non-finite
and huge numbers, deep nesting, arrays, strings), requests of every op with keys
drawn from the op's own, unknown keys and values of every JSON type (huge counts,
long and unknown names, broken costs and brackets, ids that aren't there), whole
sequences (a board, then updates and activations of its ids), adversarial boards of
hundreds of filter lands, Signets and Springleaf Drums, and long lines (up to 64
KiB, and a few past the 1 MiB limit).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

__all__ = ["ADVERSARIAL_BOARD", "OPS", "hostile_lines"]

NAMES: Final = (
    "Forest", "Island", "Swamp", "Plains", "Mountain", "Tundra", "Sol Ring", "Sunken Ruins",
    "Mystic Gate", "Azorius Signet", "Golgari Signet", "Springleaf Drum", "Llanowar Elves",
    "Birds of Paradise", "Ancient Tomb", "Treasure", "City of Brass", "Command Tower",
    "Cavern of Souls", "Utopia Sprawl", "Wild Growth", "Mana Reflection", "Doubling Cube",
    "Mishra's Workshop", "Eldrazi Temple", "Pillar of the Paruns", "Lion's Eye Diamond",
    "Gaea's Cradle", "Urborg, Tomb of Yawgmoth", "Blood Moon", "Chromatic Lantern",
    "Nykthos, Shrine to Nyx", "Gemstone Caverns", "Chrome Mox", "Simian Spirit Guide",
    "Adarkar Wastes", "Krark-Clan Ironworks", "Ashnod's Altar", "Forrest", "Lightening Bolt",
)  # fmt: skip
COSTS: Final = (
    "{1}{G}", "{U}{U}", "{2/W}", "{W/P}{B}", "{X}{R}", "{X}{X}{G}", "{C}{C}", "{S}", "{100}",
    "{100000000}", "{99999999999999999999999}", "{2}{W", "}{", "{U/W}", "2wu", "{∞}", "{½}",
    "", "{0}", "{H}", "{G/U/P}", "{HW}", "{D}", "{L}", "{E}", "{T}", "{Q}", "{1}" * 300,
)  # fmt: skip
BRACKETS: Final = (
    "Forest [tapped]", "Utopia Sprawl [attached_to=0, chosen_color=U]",
    "Utopia Sprawl [attached_to=99999, chosen_color=Q]", "Gemstone Caverns [counters=999999]",
    "Chrome Mox [chosen_colors=WUBRGC]", "Cavern of Souls [chosen_type=]", "Forest [tapped",
    "Forest ]", "Forest [[tapped]]", "Forest [colour=U]", "Forest [timestamp=3]",
    "Forest [counters=99999999999999999999]",
)  # fmt: skip
ADVERSARIAL_BOARD: Final = ", ".join(
    f"20 {name}"
    for name in (
        "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion", "Fetid Heath",
        "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove", "Mystic Gate",
        "Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet", "Selesnya Signet",
        "Orzhov Signet", "Izzet Signet", "Golgari Signet", "Boros Signet", "Simic Signet",
        "Springleaf Drum",
    )
) + ", 60 Llanowar Elves"  # fmt: skip
"""480 permanents whose abilities cost mana or tap creatures: the slowest kind."""

OPS: Final = {
    "ping": (),
    "cost": ("cost", "lenient", "sort", "x"),
    "card": ("name",),
    "pay": ("cost", "for", "pool", "snow", "life", "x", "max_x", "x_mana", "spell",
            "prefer_life", "future"),
    "tap": ("cost", "sources", "opponent", "commander", "tapped", "sick", "pool", "life", "x",
            "hand", "for", "in_hand", "graveyard", "energy", "cards_in_hand", "partial"),
    "options": ("sources", "opponent", "commander", "tapped", "sick", "pool", "limit",
                "in_hand", "graveyard", "energy", "cards_in_hand", "partial"),
    "activate": ("permanent", "ability", "produce", "pool", "pay", "life", "tap", "sacrifice",
                 "counters", "sources"),
    "board": ("sources", "opponent", "commander", "tapped", "sick", "in_hand", "graveyard"),
    "update": ("untap", "tap", "remove", "add", "add_opponent", "set", "pool"),
    "castability": ("deck_size", "lands", "sources", "cost", "turn", "color", "draw",
                    "commander", "unconditional"),
    "sources-needed": ("deck_size", "lands", "cost", "turn", "color", "target", "draw"),
    "sources-table": ("deck_size", "lands", "cost", "color"),
    "deck": ("file", "example", "games", "seed", "jobs", "turns", "x", "draw", "what_if",
             "what_ifs", "format", "png", "html", "text", "progress"),
    "pool": ("load", "rules", "mana_burn", "retain", "becomes", "add", "snow", "double",
             "empty", "choose", "chosen_type", "add_restricted", "restriction"),
}  # fmt: skip
"""Each op and the keys it takes (the fuzzer also sends keys it doesn't)."""


class _Values:
    """Values of every JSON type, hostile ones often."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def number(self) -> Any:
        rng = self.rng
        return rng.choice([
            0, 1, 2, 7, -1, -(10**9), 10**6, 10**7, 10**18, 10**30, 2**63, 1.5, -0.0, 1e300,
            rng.randint(-5, 60), rng.randint(0, 10**6),
        ])  # fmt: skip

    def names(self) -> str:
        rng = self.rng
        kind = rng.random()
        if kind < 0.5:
            items = [
                f"{rng.choice(['', '', '2 ', '3x ', '1000 ', '0 '])}{rng.choice(NAMES)}"
                for _ in range(rng.randint(1, 8))
            ]
            return ", ".join(items)
        if kind < 0.7:
            return ", ".join(rng.choice(BRACKETS) for _ in range(rng.randint(1, 3)))
        if kind < 0.8:
            return rng.choice(["999999999 Forest", "1" * 5000 + " Forest", "Forest, " * 600])
        if kind < 0.9:
            return "x" * rng.choice([201, 5000, 60000])  # a long unknown name
        return ", ".join(f"Unknown{i}" for i in range(rng.randint(1, 2000)))

    def string(self) -> str:
        rng = self.rng
        return rng.choice([
            "", " ", "-", "/etc/passwd", "/dev/stdin", "../x", "\u0000", "é", "🂡" * 10,
            "\ud7ff", "W", "WUBRG", "all", "session", "{G}", "true", "null", "x" * 1000,
            rng.choice(COSTS), rng.choice(NAMES), self.names(),
        ])  # fmt: skip

    def any(self, depth: int = 0) -> Any:
        rng = self.rng
        kind = rng.random()
        if kind < 0.25:
            return self.number()
        if kind < 0.6:
            return self.string()
        if kind < 0.7:
            return rng.choice([None, True, False])
        if kind < 0.85 and depth < 3:
            return [self.any(depth + 1) for _ in range(rng.randint(0, 4))]
        if depth < 3:
            return {self.string()[:20]: self.any(depth + 1) for _ in range(rng.randint(0, 3))}
        return None

    def for_key(self, key: str) -> Any:
        """A value for ``key``: often of the right type, often not."""
        rng = self.rng
        if rng.random() < 0.3:
            return self.any()
        if key in ("sources", "opponent", "add", "add_opponent", "tapped", "sick", "in_hand"):
            return self.names()
        if key in ("cost", "hand", "produce", "pool", "snow", "future"):
            text = rng.choice(COSTS)
            if key == "pool" and rng.random() < 0.3:
                return rng.choice(["session", "{100000000}", "{G}" * 2000])
            return [text, rng.choice(COSTS)] if key == "future" else text
        if key in ("tap", "untap", "remove", "sacrifice"):
            return rng.choice(["all", [0], [0, 1, 2], [99999], [-1], list(range(50)), 3])
        if key == "set":
            return {
                rng.choice(["0", "1", "99", "x", "-1"]): {
                    rng.choice(["tapped", "counters", "triggers", "chosen_color", "timestamp",
                                "attached_to", "zone", "name"]): self.any()
                }
            }  # fmt: skip
        if key == "pay":
            return [{"type": rng.choice("WUBRGCX"), "source": rng.choice([None, 0, 1, 99])}]
        if key in ("name", "for", "spell", "chosen_type"):
            return rng.choice([*NAMES, "x" * 300, "Creature — Elf", ""])
        if key == "text":
            return "\n".join(f"{rng.randint(1, 30)} {rng.choice(NAMES)}" for _ in range(20))
        if key == "games":
            return rng.choice([0, 10, 50, 100, 10**7])
        return self.number()


def _request(rng: random.Random, values: _Values) -> dict[str, Any]:
    op = rng.choice([*OPS, "frobnicate", "", "sources_needed", "Tap"])
    keys = OPS.get(op, ())
    request: dict[str, Any] = {"op": op}
    if rng.random() < 0.8:
        request["id"] = rng.choice([1, "a", None, [1, 2], {"n": 1}, 2**70, -0.5, "🂡"])
    for key in rng.sample(keys, k=min(len(keys), rng.randint(0, 5))):
        request[key] = values.for_key(key)
    if rng.random() < 0.1:
        request[rng.choice(["nonsense", "json", "help", "op2", "Sources"])] = values.any()
    if op == "deck" and "games" not in request:
        request["games"] = rng.choice([0, 10])  # the default 10,000 is slow by design
    return request


def _raw(rng: random.Random) -> bytes:
    """A line that isn't a request: bytes, broken JSON, JSON of another shape."""
    choices: list[Callable[[], bytes]] = [
        lambda: bytes(rng.randrange(256) for _ in range(rng.randint(0, 80))),
        lambda: b'{"op": "ping", "id": NaN}',
        lambda: b'{"op": "ping", "id": Infinity}',
        lambda: b'{"op": "ping", "id": -Infinity}',
        lambda: b'{"op": "ping", "id": 1e400}',
        lambda: b'{"op": "ping", "id": ' + b"9" * rng.choice([40, 5000]) + b"}",
        lambda: b'{"op": "ping", "id": "\\ud800"}',
        lambda: b'{"op": "card", "name": "\\udfff\\ud800"}',
        lambda: b'{"op": "ping", "id": "\xff\xfe"}',
        lambda: b'{"op": "ping", "id": "\xed\xa0\x80"}',
        lambda: b"[" * rng.choice([10, 1000, 100_000]) + b"]" * rng.choice([0, 10]),
        lambda: b'{"op": "ping", "id": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        lambda: b'{"a": ' * 3000 + b"1" + b"}" * 3000,
        lambda: b"",
        lambda: b"   \t ",
        lambda: b"\x00\x01\x02",
        lambda: b"null",
        lambda: b'"ping"',
        lambda: b"[1, 2]",
        lambda: b"{",
        lambda: b'{"op": "ping"} {"op": "ping"}',
        lambda: b'{"op": "ping", "op": "tap"}',
        lambda: b"\xef\xbb\xbf" + b'{"op": "ping"}',
        lambda: b'{"op": "ping", "id": "' + b"x" * rng.choice([1000, 60_000]) + b'"}',
    ]
    return rng.choice(choices)()


def _sequence(rng: random.Random, values: _Values) -> list[dict[str, Any]]:
    """A board, then requests that use its ids (some gone, some never there)."""
    board = {"op": "board", "sources": values.names() if rng.random() < 0.3 else
             ", ".join(rng.choice(NAMES[:20]) for _ in range(rng.randint(1, 12)))}  # fmt: skip
    out = [board]
    for _ in range(rng.randint(1, 6)):
        op = rng.choice(["activate", "tap", "update", "options", "pay"])
        request: dict[str, Any] = {"op": op}
        if op == "activate":
            request |= {"permanent": rng.randint(0, 14), "ability": rng.randint(0, 3)}
            if rng.random() < 0.5:
                request["produce"] = rng.choice(["{G}", "{U}{U}", "{C}", "W", "{X}"])
        elif op == "tap":
            request |= {"cost": rng.choice(COSTS[:10]), "pool": rng.choice(["", "session"])}
        elif op == "update":
            request[rng.choice(OPS["update"])] = values.for_key(rng.choice(OPS["update"]))
        elif op == "pay":
            request |= {"cost": rng.choice(COSTS[:8]), "pool": "session"}
        out.append(request)
    return out


def hostile_lines(seed: int, count: int, *, adversarial: float = 0.002) -> Iterator[bytes]:
    """``count`` hostile lines (bytes, no newline) for seed ``seed``; a fraction
    ``adversarial`` of them are tap or options requests on a 480-permanent board
    of mana-costing sources, and about one in 10,000 is past the 1 MiB limit."""
    rng = random.Random(seed)
    values = _Values(rng)
    made = 0
    pending: list[bytes] = []
    while made < count:
        if not pending:
            kind = rng.random()
            if kind < adversarial:
                op = rng.choice(["tap", "options"])
                request = {"op": op, "sources": ADVERSARIAL_BOARD}
                if op == "tap":
                    request["cost"] = rng.choice(["{W}{U}{B}{R}{G}", "{100}", "{W}" * 60, "{20}"])
                pending = [_dump(request)]
            elif kind < 0.0001 + adversarial:
                pending = [b'{"op": "ping", "id": "' + b"x" * (1 << 20) + b'"}']
            elif kind < 0.2:
                pending = [_raw(rng)]
            elif kind < 0.3:
                pending = [_dump(r) for r in _sequence(rng, values)]
            else:
                pending = [_dump(_request(rng, values))]
        line = pending.pop(0).replace(b"\n", b" ").replace(b"\r", b" ")
        made += 1
        yield line


def _dump(request: dict[str, Any]) -> bytes:
    return json.dumps(request, ensure_ascii=False).encode("utf-8", "surrogatepass")
