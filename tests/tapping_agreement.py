"""The tapper against the brute force (tests/tapping_oracle.py), as every random
comparison asks it: payability agrees (``can_pay``, ``plan`` raising
:class:`~mtgmana.CannotPay`), and the plan's levels are the optimum's — among the
plans that don't lose the game, when one does (preference 0, CR 704.5a)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgmana.board import Board
from mtgmana.costs import ManaCost
from mtgmana.payment import CannotPay
from mtgmana.tapping import Plan, can_pay, plan
from tapping_oracle import check_plan, optimum

__all__ = ["agreed_plan"]


def agreed_plan(cost: ManaCost, where: Board, life: int, **kw: Any) -> Plan | None:
    """The tapper's plan after checking it against the brute force (None when no
    plan pays, as the brute force says too); ``kw``: pool, x, spend."""
    best = optimum(cost, where, life=life, **kw)
    assert can_pay(cost, where, life=life, **kw) == (best is not None)
    if best is None:
        with pytest.raises(CannotPay):
            plan(cost, where, life=life, **kw)
        return None
    result = plan(cost, where, life=life, **kw)
    if 0 < life <= best[1]:  # preference 0: a plan that doesn't lose, if any
        best = optimum(cost, where, life=life, survive=True, **kw) or best
    assert check_plan(result, cost, where, life=life, **kw) == best
    return result
