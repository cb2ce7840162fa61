"""Private: ``mtgmana tap``'s answer to a request (:func:`mtgmana.cli.tap.tap_result`),
with what it uses imported once — ``mtgmana serve`` asks it thousands of times a
second (CR 106, 601.2g-h, 605)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..floating import floating_mana
from ..payment import CannotPay
from ..tapping import Plan, plan
from ._floating import lenient_cost
from ._plan_text import plan_text

if TYPE_CHECKING:
    from ..board import Board

__all__ = ["plan_text", "tap_plan", "tap_result"]


def tap_result(request: Mapping[str, Any], board: Board) -> tuple[int, dict[str, Any]]:
    """``mtgmana tap``'s answer to a request (``cost``, ``pool``, ``life``, ``x``,
    ``hand``, ``for``) on ``board``: (exit status, JSON). Raises
    :class:`~mtgmana.MtgManaError` for bad input. (Here, its imports at the top:
    ``mtgmana serve`` calls it thousands of times.)"""
    found = tap_plan(request, board)
    if isinstance(found, dict):
        return 1, found
    return 0, found.to_json()


def tap_plan(request: Mapping[str, Any], board: Board) -> Plan | dict[str, Any]:
    """The plan :func:`tap_result` answers with, or the JSON of a cost it can't pay."""
    spell = request.get("for_card") or request.get("for")
    if spell:
        from ..ability_text import spend_of  # the reader only when a card is named

        spend = spend_of(spell)
    else:
        spend = None
    text = request.get("cost")
    cost = lenient_cost(text) if text is not None else None
    pool = [*request.get("units", ()), *floating_mana(request.get("pool", ""))]
    hand = request.get("hand", "")
    future = [lenient_cost(text) for text in hand.split(",") if text.strip()]
    try:
        return plan(
            cost, board, pool=pool, life=request.get("life", 20), x=request.get("x"),
            future=future, spend=spend, partial=bool(request.get("partial")),
            time_limit=request.get("time_limit"),
        )  # fmt: skip
    except CannotPay as refusal:
        return {"payable": False, "shortfall": list(refusal.shortfall), "reason": str(refusal)}
