"""Private: what each op of ``mtgmana serve`` takes (docs/protocol.md), checked
before anything runs: the keys (an op's command-line options by their names, ``-``
as ``_``; unknown keys are refused, naming the key), the JSON type of each value,
and the limits that keep every answer quick (``Limits``).

An op that is a subcommand takes its options from the subcommand's own argument
parser, so every command-line option is accepted under its name and no other;
the ops of the server alone (``ping``, ``board``, ``update``, ``activate``) list
theirs here.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

if TYPE_CHECKING:
    from ..errors import LimitCode

__all__ = [
    "BOARD_KEYS",
    "LIMITS",
    "ErrorCode",
    "FieldKind",
    "FieldSpec",
    "OpSpec",
    "RequestError",
    "check",
    "option_name",
    "spec_from_parser",
]

MAX_INT: Final = 1_000_000
"""Whole numbers in a request are at most this big (in absolute value), unless a
key says otherwise (``seed``)."""

LIMITS: Final = {
    "line": 1 << 20,  # bytes in one request line
    "mana": 1000,  # mana in one pool (pool, snow, a pool op's steps)
    "permanents": 1000,  # permanents in one board (every list counted)
    "name": 200,  # characters of a card name (longer ones aren't matched)
    "games": 10_000,  # games a deck op simulates
    "search_ms": 150,  # a tap or options search for the best plan, in milliseconds
}
"""The server's documented limits (docs/protocol.md, "Limits")."""

BOARD_KEYS: Final = (
    "sources", "opponent", "commander", "tapped", "sick", "in_hand", "graveyard", "energy",
    "cards_in_hand",
)  # fmt: skip
"""The keys that describe a board (``sources`` and what goes with it)."""


ErrorCode: TypeAlias = Literal[
    "bad_json", "bad_request", "unknown_op", "bad_cost", "unknown_card", "no_board",
    "files_not_allowed", "line_too_long", "too_much_mana", "too_many_permanents",
    "name_too_long", "too_many_games", "search_budget", "too_large", "internal",
]  # fmt: skip
"""Every error code an answer may carry (docs/protocol.md, "Errors"), the limits' among them."""

FieldKind: TypeAlias = Literal["str", "int", "float", "bool", "strs", "ids", "object", "payments"]
"""The JSON kind of a request's key (:attr:`FieldSpec.kind`)."""


class RequestError(Exception):
    """A request that can't be answered: ``code`` and ``message``, and details."""

    def __init__(self, code: ErrorCode, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


@dataclass(frozen=True)
class FieldSpec:
    """One key of a request: its JSON ``kind`` — ``str``, ``int``, ``float``,
    ``bool``, ``strs`` (a string or a list of strings), ``ids`` (an id or a list
    of ids, or ``"all"`` when ``all_ok``), ``object``, ``payments`` (a list of
    ``{"type", "source"}``) — the ``dest`` it is passed as, its bounds, choices,
    and whether it names a file (then ``serve --allow-files`` is needed)."""

    key: str
    kind: FieldKind
    dest: str = ""
    low: int = -MAX_INT
    high: int = MAX_INT
    choices: tuple[str, ...] = ()
    file: bool = False
    all_ok: bool = False
    limit_code: LimitCode | Literal[""] = ""

    def check(self, value: Any, op: str) -> Any:
        checker = _CHECKERS[self.kind]
        return checker(self, value, op)


@dataclass(frozen=True)
class OpSpec:
    """The keys an op takes (``fields``, by JSON key) and which are required."""

    name: str
    fields: Mapping[str, FieldSpec]
    required: tuple[str, ...] = ()
    parser: argparse.ArgumentParser | None = None


def _bad(op: str, key: str, what: str, value: Any) -> RequestError:
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return RequestError("bad_request", f"{op}: {key!r} must be {what}, not {shown}")


def _check_str(spec: FieldSpec, value: Any, op: str) -> Any:
    if not isinstance(value, str):
        raise _bad(op, spec.key, "a string", value)
    if spec.choices and value.lower() not in spec.choices:
        raise _bad(op, spec.key, "one of " + ", ".join(spec.choices), value)
    return value


def _check_int(spec: FieldSpec, value: Any, op: str) -> Any:
    if not isinstance(value, int) or isinstance(value, bool):
        if isinstance(value, float) and value.is_integer() and abs(value) <= spec.high:
            value = int(value)
        else:
            raise _bad(op, spec.key, "a whole number", value)
    if value > spec.high and spec.limit_code:
        from ..errors import LimitError

        raise LimitError(
            spec.limit_code,
            f"{op}: {spec.key!r} is at most {spec.high:,}, not {value:,}",
            spec.high,
        )
    if not spec.low <= value <= spec.high:
        raise _bad(op, spec.key, f"a whole number from {spec.low:,} to {spec.high:,}", value)
    return value


def _check_float(spec: FieldSpec, value: Any, op: str) -> Any:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise _bad(op, spec.key, "a number", value)
    if not spec.low <= value <= spec.high:
        raise _bad(op, spec.key, f"a number from {spec.low} to {spec.high}", value)
    return float(value)


def _check_bool(spec: FieldSpec, value: Any, op: str) -> Any:
    if not isinstance(value, bool):
        raise _bad(op, spec.key, "true or false", value)
    return value


def _check_strs(spec: FieldSpec, value: Any, op: str) -> Any:
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise _bad(op, spec.key, "a string or a list of strings", value)
    if len(values) > 100:
        raise _bad(op, spec.key, "at most 100 strings", f"{len(values)} of them")
    return values


def _check_ids(spec: FieldSpec, value: Any, op: str) -> Any:
    if spec.all_ok and value == "all":
        return value
    values = [value] if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_INT for v in values
    ):
        what = "a permanent id or a list of ids" + (' or "all"' if spec.all_ok else "")
        raise _bad(op, spec.key, what, value)
    if len(values) > LIMITS["permanents"]:
        raise _bad(op, spec.key, f"at most {LIMITS['permanents']} ids", f"{len(values)} ids")
    return values


def _check_object(spec: FieldSpec, value: Any, op: str) -> Any:
    if not isinstance(value, dict):
        raise _bad(op, spec.key, "an object", value)
    return value


def _check_payments(spec: FieldSpec, value: Any, op: str) -> Any:
    what = 'a list of units of mana, like [{"type": "G", "source": 3}]'
    if not isinstance(value, list) or len(value) > LIMITS["mana"]:
        raise _bad(op, spec.key, what, value)
    for unit in value:
        if not isinstance(unit, dict) or set(unit) - _UNIT_KEYS or "type" not in unit:
            raise _bad(op, spec.key, what, unit)
        if not isinstance(unit["type"], str):
            raise _bad(op, spec.key + "[].type", "a type of mana (W, U, B, R, G, C)", unit["type"])
        source = unit.get("source")
        if source is not None and (
            not isinstance(source, int) or isinstance(source, bool) or not 0 <= source <= MAX_INT
        ):
            raise _bad(op, spec.key + "[].source", "a permanent id or null", source)
    return value


_UNIT_KEYS: Final = frozenset({"type", "source", "snow", "legendary", "restriction"})

_CHECKERS: Final[dict[FieldKind, Callable[[FieldSpec, Any, str], Any]]] = {
    "str": _check_str,
    "int": _check_int,
    "float": _check_float,
    "bool": _check_bool,
    "strs": _check_strs,
    "ids": _check_ids,
    "object": _check_object,
    "payments": _check_payments,
}

_FILE_OPTIONS: Final = frozenset(
    {"file", "html", "png", "load", "save", "scryfall", "mtgjson", "cards"}
)
_BOUNDS: Final[dict[str, tuple[int, int, LimitCode | Literal[""]]]] = {
    "seed": (-(2**63), 2**63 - 1, ""),
    "games": (0, LIMITS["games"], "too_many_games"),
    "jobs": (1, 1, ""),  # no processes from the server
    "what_ifs": (0, 20, ""),
    "turns": (1, 30, ""),
    "turn": (1, 30, ""),
    "limit": (1, 100_000, ""),
    "x": (0, 10_000, ""),
    "life": (-MAX_INT, MAX_INT, ""),
    "deck_size": (1, 1000, ""),
    "lands": (0, 1000, ""),
    "sources": (0, 1000, ""),
    "graveyard": (0, 1000, ""),
    "energy": (0, 1000, ""),
    "cards_in_hand": (0, 1000, ""),
}


def spec_from_parser(
    name: str, parser: argparse.ArgumentParser, positional: Mapping[str, str]
) -> OpSpec:
    """The keys of the op ``name`` from its subcommand's parser: each option by its
    long name (``--max-x`` is ``max_x``), positionals by the names ``positional``
    gives (their dest otherwise); ``--json`` and ``--help`` are the server's own."""
    fields: dict[str, FieldSpec] = {}
    required: list[str] = []
    for action in parser._actions:  # argparse has no public accessor for these
        if action.dest in ("help", "json") or isinstance(action, argparse._HelpAction):
            continue
        if action.option_strings:
            key = option_name(action).lstrip("-").replace("-", "_")
        else:
            key = positional.get(action.dest, action.dest)
        kind = _kind_of(action)
        low, high, code = _BOUNDS.get(key, (-MAX_INT, MAX_INT, ""))
        if kind == "float":
            low, high = 0, 1
        choices = tuple(str(c) for c in action.choices) if action.choices else ()
        fields[key] = FieldSpec(
            key, kind, action.dest, low, high, choices, key in _FILE_OPTIONS, limit_code=code
        )
        if action.required:
            required.append(key)
    return OpSpec(name, fields, tuple(required), parser)


def option_name(action: argparse.Action) -> str:
    """The option's long name (``--commander`` of ``--commander/--no-commander``)."""
    if isinstance(action, argparse.BooleanOptionalAction):
        return action.option_strings[0]
    return max(action.option_strings, key=len)


def _kind_of(action: argparse.Action) -> FieldKind:
    if isinstance(action, (argparse._StoreTrueAction, argparse.BooleanOptionalAction)):
        return "bool"
    if action.nargs == 0:
        return "bool"  # a step without a value (pool's --double)
    if isinstance(action, argparse._AppendAction) or action.nargs in ("+", "*"):
        return "strs"
    if action.type is int:
        return "int"
    if action.type is float:
        return "float"
    return "str"


def check(spec: OpSpec, request: Mapping[str, Any], *, allow_files: bool) -> dict[str, Any]:
    """The request's values by key, checked: an unknown key, a value of the wrong
    type or out of bounds, a missing required key and a file without
    ``allow_files`` are :class:`RequestError`; a value past a limit is
    :class:`~mtgmana.errors.LimitError`."""
    values: dict[str, Any] = {}
    for key, value in request.items():
        field = spec.fields.get(key)
        if field is None:
            known = ", ".join(sorted(spec.fields)) or "no options"
            raise RequestError(
                "bad_request", f"{spec.name}: unknown key {key!r} (it takes {known})", key=key
            )
        if value is None:
            continue  # null: the default, as if the key weren't there
        if field.file:
            _check_file(spec.name, key, value, allow_files)
        values[key] = field.check(value, spec.name)
    missing = [key for key in spec.required if key not in values]
    if missing:
        raise RequestError(
            "bad_request", f"{spec.name}: missing {', '.join(repr(k) for k in missing)}"
        )
    return values


def _check_file(op: str, key: str, value: Any, allow_files: bool) -> None:
    if not allow_files:
        raise RequestError(
            "files_not_allowed",
            f"{op}: {key!r} reads or writes a file, which this server doesn't allow "
            "(start it with `mtgmana serve --allow-files`)",
        )
    import os

    if not isinstance(value, str) or not value or "\0" in value:
        raise RequestError("bad_request", f"{op}: {key!r} must be a file name")
    real = os.path.realpath(value)
    if value == "-" or real.startswith(("/dev/", "/proc/")):
        raise RequestError(
            "bad_request",
            f"{op}: {key!r} can't be {value!r}: the server's standard input is its requests",
        )
