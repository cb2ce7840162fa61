"""Private: ``mtgmana pay``'s answer to a request (:func:`mtgmana.cli.pay.pay_result`),
with what it uses imported once — ``mtgmana serve`` asks it thousands of times a
second (CR 107.4, 118, 119.4, 601.2f-h)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..costs import ManaCost
from ..errors import MtgManaError
from ..floating import kinds_of
from ..mana import Mana
from ..payment import CannotPay, Payment, max_x, pay, plan_payment
from ..request import Prefer
from ..restrictions import Spend
from ._floating import lenient_cost

__all__ = ["pay_found", "pay_result"]


def _units(text: str, *, snow: bool = False) -> list[Mana]:
    return [Mana(kind) for kind in kinds_of(text, snow)] if text else []


def _named_spend(request: Mapping[str, Any]) -> Spend | None:
    """What the mana is spent on when the request names a card (``for``)."""
    card = request.get("for_card") or request.get("for")
    if not card:
        return None
    from ..ability_text import spend_of  # the reader only when a card is named

    return spend_of(card)


def _cost(request: Mapping[str, Any], spend: Spend | None) -> ManaCost:
    """The cost to pay: the request's, else the mana cost of the card it names."""
    text = request.get("cost")
    if text is not None:
        return lenient_cost(text)
    if spend is None or spend.mana_cost is None:
        raise MtgManaError("no cost: give one, or --for a card whose mana cost it is")
    return spend.mana_cost


def _paid_from(request: Mapping[str, Any]) -> tuple[Any, list[Mana]]:
    """The session's pool (serve's ``units``: paid from and spent), or ``None``; and
    the units paid from (the pool and snow mana written, or the session's)."""
    held = request.get("units")
    pool = _units(request.get("pool", "")) + _units(request.get("snow", ""), snow=True)
    if held is not None:
        if pool:
            raise MtgManaError("the session's pool is paid from alone: no pool or snow with it")
        pool = list(held.units)
    return held, pool


def _refusal(refusal: CannotPay) -> dict[str, Any]:
    """The JSON of a cost that can't be paid: what falls short, and why."""
    return {"payable": False, "shortfall": list(refusal.shortfall), "reason": str(refusal)}


def pay_result(request: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """``mtgmana pay``'s answer to a request (``cost``, ``pool``, ``snow``,
    ``life``, ``x``, ``max_x``, ``x_mana``, ``spell``, ``prefer_life``, ``future``):
    (exit status, JSON). Raises :class:`~mtgmana.MtgManaError` for bad input.
    (Here, its imports at the top: ``mtgmana serve`` calls it thousands of times.)"""
    found, best_x = pay_found(request)
    status, result = (0, found.to_json()) if isinstance(found, Payment) else (1, found)
    if request.get("max_x"):
        result["max_x"] = best_x
    return status, result


def pay_found(request: Mapping[str, Any]) -> tuple[Payment | dict[str, Any], int | None]:
    """The payment :func:`pay_result` answers with (or the JSON of a cost it can't
    pay), and the greatest X when the request asks for it (``max_x``)."""
    spend = _named_spend(request)
    cost = _cost(request, spend)
    held, pool = _paid_from(request)
    spell = request.get("spell")
    if spell is not None:
        spend = Spend.spell(spell, mana_cost=cost)
    x_mana = list(request["x_mana"]) if request.get("x_mana") else None
    prefer = Prefer.LIFE if request.get("prefer_life") else Prefer.MANA
    future = [lenient_cost(text) for text in request.get("future", [])]
    life = request.get("life", 20)
    best_x: int | None = None
    x = request.get("x")
    if request.get("max_x"):
        best_x = max_x(cost, pool, life=life, spend=spend, x_mana=x_mana)
        x = best_x
    try:
        return (pay if held is not None else plan_payment)(
            cost, held if held is not None else pool, life=life, x=x, spend=spend,
            prefer=prefer, future=future, x_mana=x_mana,
        ), best_x  # fmt: skip
    except CannotPay as refusal:
        return _refusal(refusal), best_x
