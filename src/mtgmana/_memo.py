"""Private: a one-argument function of an immutable value remembered for the last
arguments, found by identity — the entry holds the argument, so its ``id`` can't
be reused while it is remembered."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

__all__ = ["by_identity"]

_K = TypeVar("_K")
_V = TypeVar("_V")


def by_identity(limit: int) -> Callable[[Callable[[_K], _V]], Callable[[_K], _V]]:
    """Remember ``function(argument)`` for at most ``limit`` arguments (all forgotten
    when full), found by the argument's identity: for values that are immutable, or
    never changed while remembered."""

    def wrap(function: Callable[[_K], _V]) -> Callable[[_K], _V]:
        found: dict[int, tuple[_K, _V]] = {}

        @functools.wraps(function)
        def remembered(argument: _K) -> _V:
            hit = found.get(id(argument))
            if hit is not None and hit[0] is argument:
                return hit[1]
            value = function(argument)
            if len(found) >= limit:
                found.clear()
            found[id(argument)] = (argument, value)
            return value

        return remembered

    return wrap
