"""Private: payments written straight as JSON text, the text ``mtgmana serve``
writes for their ``to_json()`` (CR 106.3: each unit of mana with its source;
601.2g-h: what paid each symbol) — without the dicts and lists in between, the
cost of an answer the server sends thousands of times a second.

The text is exactly ``TEXT.encode(value.to_json())``: the encoder ``serve``
answers with (UTF-8, not escaped to ASCII; ``", "`` and ``": "`` between items).
Each unit's JSON is written once per kind of mana (:class:`~mtgmana.mana.ManaKind`:
a unit's JSON is its kind's), anything out of the ordinary through the encoder
itself (tests check the two ways agree).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any, Final

from .payment import _announce_order

if TYPE_CHECKING:
    from .mana import Mana, ManaKind
    from .payment import Paid, Payment, SymbolPayment

__all__ = [
    "TEXT", "UNIT_TEXTS", "ints_text", "paid_text", "parts_text", "payment_text", "string",
    "unit_text", "units_text",
]  # fmt: skip

TEXT: Final = json.JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False)
"""``serve``'s encoder (made once: ``json.dumps`` with options makes one per call)."""

string: Final = json.encoder.encode_basestring
"""A string as JSON (``TEXT`` writes strings with it: not escaped to ASCII)."""

UNIT_TEXTS: Final[dict[ManaKind, str]] = {}
"""A unit of mana's JSON by its kind (:func:`unit_text`)."""
_UNITS_MAX: Final = 4096


def unit_text(unit: Mana) -> str:
    """A unit of mana's JSON (its kind's, written once)."""
    kind = unit.kind
    text = UNIT_TEXTS.get(kind)
    if text is None:
        if len(UNIT_TEXTS) >= _UNITS_MAX:
            UNIT_TEXTS.clear()
        text = UNIT_TEXTS[kind] = TEXT.encode(unit.to_json())
    return text


def units_text(units: Collection[Mana]) -> str:
    """A list of units of mana as JSON."""
    if not units:
        return "[]"
    known = UNIT_TEXTS.get
    return "[" + ", ".join([known(unit.kind) or unit_text(unit) for unit in units]) + "]"


def ints_text(values: Collection[int]) -> str:
    """A list of ids (ints, not bools) as JSON: as Python writes a list of them."""
    return str(list(values)) if values else "[]"


def paid_text(paid: Paid) -> str:
    """:meth:`~mtgmana.payment.Paid.to_json` as JSON text."""
    if paid.tapped or paid.exiled or paid.energy or paid.discarded:
        return TEXT.encode(paid.to_json())
    return f'{{"mana": {units_text(paid.mana)}, "life": {int.__repr__(paid.life)}}}'


def parts_text(parts: Iterable[SymbolPayment]) -> str:
    """A payment's ``assignment`` (each :meth:`~mtgmana.payment.SymbolPayment.to_json`)
    as JSON text."""
    texts = []
    for part in parts:
        if part.instead:
            texts.append(TEXT.encode(part.to_json()))
            continue
        texts.append(
            f'{{"symbol": {string(str(part.symbol))}, "paid_with": '
            f'{{"mana": {units_text(part.units)}, "life": {int.__repr__(part.life)}}}}}'
        )
    return "[" + ", ".join(texts) + "]"


def payment_text(payment: Payment) -> str:
    """:meth:`~mtgmana.payment.Payment.to_json` as JSON text."""
    x: Any = payment.x
    return (
        f'{{"payable": true, "cost": {string(str(payment.cost))}, '
        f'"life_paid": {int.__repr__(payment.life_paid)}, "x": {TEXT.encode(x)}, '
        f'"assignment": {parts_text(payment.assignment)}, '
        f'"remaining": {units_text(_announce_order(payment.remaining))}}}'
    )
