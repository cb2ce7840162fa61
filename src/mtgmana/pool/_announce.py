"""Private: the words a player announces the mana in a pool with (CR 106.4a, 106.4b,
118.3a): every unit's symbol in WUBRGC order, then what is special about some of it
(restrictions and riders, CR 106.6; snow or legendary sources; how long it lasts)."""

from __future__ import annotations

from collections.abc import Mapping, Sized
from typing import Any

from ..colors import MANA_TYPES
from ..mana import Duration, ManaKind

__all__ = ["announce", "count_word"]

_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty",
)  # fmt: skip


def count_word(n: int) -> str:
    """``"one"``, ..., ``"twenty"``, then digits."""
    return _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)


def announce(by_kind: Mapping[ManaKind, Sized]) -> str:
    """The announcement of a pool's units, grouped by kind (not empty)."""
    totals = dict.fromkeys(MANA_TYPES, 0)
    special: dict[tuple[Any, ...], int] = {}
    texts: dict[int, str] = {}  # by id: each restriction's text is built once
    normal = Duration.NORMAL
    for kind, bucket in by_kind.items():
        amount = len(bucket)
        totals[kind.type] += amount
        plain = (
            kind.restriction is None and not kind.riders and not kind.snow and not kind.legendary
        )
        if plain and kind.duration is normal:
            continue
        text = _said(kind, texts)
        # Grouped by what is said: mana alike but for its source is announced together.
        key = (kind.type, kind.snow, kind.legendary, text, kind.duration)
        special[key] = special.get(key, 0) + amount
    symbols = "".join(t.symbol * n for t, n in totals.items())
    if not special:
        return symbols
    order = {t: i for i, t in enumerate(MANA_TYPES)}
    notes = [_note(key, special[key]) for key in sorted(special, key=lambda k: order[k[0]])]
    return f"{symbols} ({'; '.join(notes)})"


def _said(kind: ManaKind, texts: dict[int, str]) -> str:
    """What is said of a kind of mana: its restriction's text (built once per
    restriction, kept in ``texts`` by id) and its riders."""
    text = ""
    restriction, riders = kind.restriction, kind.riders
    if restriction is not None:
        text = texts.get(id(restriction), "")
        if not text:
            text = texts[id(restriction)] = restriction.text
    if riders:
        text = ", ".join([text, *map(str, riders)] if text else map(str, riders))
    return text


def _note(key: tuple[Any, ...], amount: int) -> str:
    """The note on ``amount`` units alike: "two {G} from snow sources, until end of
    turn"."""
    mana_type, snow, legendary, text, duration = key
    parts = []
    if snow:
        parts.append("from a snow source" if amount == 1 else "from snow sources")
    if legendary:
        parts.append("from a legendary source" if amount == 1 else "from legendary sources")
    if text:
        parts.append(text)
    if duration is not Duration.NORMAL:
        parts.append(duration.value)
    return f"{count_word(amount)} {mana_type.symbol} " + ", ".join(parts)
