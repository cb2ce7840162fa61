"""Private: one-line ``repr`` of immutable values that rebuilds them, showing only
the fields that aren't their defaults (like ``chess.Move.from_uci('e2e4')``), and
enum members as ``Class.NAME``."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

__all__ = ["compact_repr", "enum_repr"]


def compact_repr(value: Any, *, positional: tuple[str, ...] = ()) -> str:
    """``Class(a, b, field=value, ...)`` for a dataclass: the ``positional`` fields
    first, without names, then every other init field that differs from its
    default."""
    parts: list[str] = []
    for spec in dataclasses.fields(value):
        if not spec.init or not spec.repr:
            continue
        current = getattr(value, spec.name)
        if spec.name in positional:
            parts.append(repr(current))
            continue
        if spec.default is not dataclasses.MISSING:
            default: Any = spec.default
        elif spec.default_factory is not dataclasses.MISSING:
            default = spec.default_factory()
        else:
            parts.append(f"{spec.name}={current!r}")
            continue
        if current != default:
            parts.append(f"{spec.name}={current!r}")
    return f"{type(value).__name__}({', '.join(parts)})"


def enum_repr(member: enum.Enum) -> str:
    """``Class.NAME``: an enum member's ``repr`` that rebuilds it (``__repr__ =
    enum_repr`` in the enum's body)."""
    return f"{type(member).__name__}.{member.name}"
