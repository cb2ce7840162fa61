"""``mtgmana serve``: JSON lines on standard input and output, for engines in any
language (the protocol is docs/protocol.md).

One request a line, ``{"id": 7, "op": "tap", "cost": "{2}{G}", "sources": "Forest,
2 Tundra"}``: ``op`` names a subcommand and the other keys are its options, named as
on the command line (``--max-x`` is ``max_x``); an unknown key is an error naming
it. One response a line: the JSON that ``mtgmana <op> --json`` prints, plus ``id``
and ``status`` (the exit status it would have). A board can be set once (``{"op":
"board", "sources": ...}``) and then changed by deltas (``{"op": "update", "tap":
[3], "untap": "all", "add": "Forest", "remove": [5]}``); the session keeps a mana
pool that ``activate`` adds to and spends from (``"pool": "session"``). Every line
gets exactly one answer — a malformed line, an unknown op, a bad cost, an unknown
card or a request past a limit gets ``{"id": ..., "error": {"code": ..., "message":
...}, "status": 2}`` — and the server goes on.
"""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Callable, Iterable
from contextlib import redirect_stdout
from typing import IO, TYPE_CHECKING, Any, get_args

from .._json_text import TEXT, payment_text
from ._pay_core import pay_found
from ._serve_io import Encoded, decode, encode, encode_with_id, read_lines
from ._serve_schema import LIMITS, ErrorCode, OpSpec, RequestError, check, option_name
from ._tap_core import plan_text, tap_plan

if TYPE_CHECKING:
    from ..pool import ManaPool

__all__ = ["ERROR_CODES", "Session", "op_keys", "serve", "serve_stream"]

ERROR_CODES: tuple[ErrorCode, ...] = get_args(ErrorCode)
"""Every error code an answer may carry (docs/protocol.md, "Errors")."""


def serve_stream(stream: IO[bytes], out: IO[bytes], *, allow_files: bool = False) -> None:
    """Answer each request line of the byte ``stream`` on ``out``, flushing after
    each: lines past the length limit are answered ``line_too_long``."""
    _warm()
    session = Session(allow_files=allow_files)
    write = out.write
    flush = out.flush
    for line in read_lines(stream):
        write(session.answer_bytes(line))
        flush()


def _warm() -> None:
    """Import what the ops use before the first request (a server starts once): the
    first ``tap`` or ``options`` then costs what the next ones do."""
    import importlib

    for name in ("tapping", "tapping._options", "tapping.activation", "payment", "pool"):
        importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.{name}")
    _specs()


def serve(lines: Iterable[str | bytes], out: IO[str], *, allow_files: bool = False) -> None:
    """Answer each request line of ``lines`` on the text stream ``out``."""
    session = Session(allow_files=allow_files)
    for line in lines:
        if isinstance(line, str):
            line = line.rstrip("\r\n")
        out.write(session.answer_bytes(line).decode("utf-8"))
        out.flush()


class Session:
    """The server's state: the board set by ``board`` and changed by ``update``
    and ``activate``, the session's mana pool, boards built from ``sources``
    remembered (so their compiled form is too)."""

    def __init__(self, *, allow_files: bool = False) -> None:
        from ._serve_session import BoardState

        self.allow_files = allow_files
        self.state = BoardState()
        self._ops: dict[str, Callable[[dict[str, Any]], dict[str, Any] | Encoded]] = {
            "ping": self._ping,
            "cost": self._cost,
            "card": self._card,
            "pay": self._pay,
            "tap": self._tap,
            "options": self._options,
            "activate": self.state.op_activate,
            "board": self.state.op_board,
            "update": self.state.op_update,
        }

    @property
    def pool(self) -> ManaPool:
        """The session's mana pool."""
        return self.state.pool

    # -- the line protocol ---------------------------------------------------------

    def answer_bytes(self, line: str | bytes | None) -> bytes:
        """The response line (with its newline) to one request line (``None``: a
        line past the length limit)."""
        identifier: Any = None
        try:
            if line is None:
                raise RequestError(
                    "line_too_long", f"a request line is at most {LIMITS['line']:,} bytes"
                )
            request = decode(line)
            identifier = request.get("id")
            response = self._respond(request)
            if isinstance(response, Encoded):
                return encode_with_id(identifier, response)
            response.setdefault("status", 0)
        except RequestError as error:
            response = _error(error.code, error.message, **error.details)
        except RecursionError:
            response = _error("bad_request", "a value nested too deeply")
        except MemoryError:
            response = _error("too_large", "the request needs more memory than the server has")
        except Exception as error:  # the server goes on, saying what broke
            response = _error("internal", f"{type(error).__name__}: {error}")
        return encode({"id": identifier, **response})

    def answer_line(self, line: str) -> str:
        """The response line (without its newline) to one request line."""
        return self.answer_bytes(line).decode("utf-8").rstrip("\n")

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The response to one request (without its ``id``)."""
        response = self._respond(request)
        if isinstance(response, Encoded):
            return dict(json.loads(response))
        return response

    def _respond(self, request: dict[str, Any]) -> dict[str, Any] | Encoded:
        """:meth:`answer`, or the answer already written as JSON text."""
        op = request.get("op")
        if not isinstance(op, str):
            raise RequestError("bad_request", 'a request needs an "op", e.g. {"op": "tap", ...}')
        name = op.replace("_", "-")
        args = {k: v for k, v in request.items() if k not in ("id", "op")}
        try:
            if "cards" in args and "cards" in _specs().get(name, OpSpec(name, {})).fields:
                # The card data for this request only (mtgmana --cards FILE).
                from ..cards.default import using

                field = OpSpec(name, {"cards": _spec(name).fields["cards"]})
                path = check(field, {"cards": args.pop("cards")}, allow_files=self.allow_files)
                with using(path["cards"], chosen_by="cards"):
                    return self._answer_op(name, args)
            return self._answer_op(name, args)
        except RequestError:
            raise
        except Exception as error:  # the library's errors, each its code
            raise _request_error(error) from None

    def _answer_op(self, name: str, args: dict[str, Any]) -> dict[str, Any] | Encoded:
        handler = self._ops.get(name)
        if handler is not None:
            return handler(check(_spec(name), args, allow_files=self.allow_files))
        return self._subcommand(name, args)

    # -- ops -------------------------------------------------------------------------

    def _ping(self, request: dict[str, Any]) -> dict[str, Any]:
        from .. import __version__

        return {"pong": True, "version": __version__}

    def _cost(self, request: dict[str, Any]) -> dict[str, Any]:
        from ..costs import ManaCost
        from .cost import describe

        texts = request["cost"]
        results = []
        for text in texts:
            cost = ManaCost.parse(text, lenient=bool(request.get("lenient")))
            if request.get("sort"):
                cost = cost.sorted()
            results.append(describe(cost, request.get("x")))
        return {"results": results} if len(texts) != 1 else results[0]

    def _card(self, request: dict[str, Any]) -> dict[str, Any]:
        from ..cards import default_database
        from .card import describe

        if "scryfall" in request or "mtgjson" in request:
            return self._subcommand("card", request)
        return describe(default_database().lookup(" ".join(request["name"])))

    def _pay(self, request: dict[str, Any]) -> dict[str, Any] | Encoded:
        values = _dests("pay", request)
        if request.get("pool") == "session":
            values["pool"] = ""
            values["units"] = self.state.pool
        found, best_x = pay_found(values)
        if isinstance(found, dict):  # can't pay
            if values.get("max_x"):
                found["max_x"] = best_x
            return {**found, "status": 1}
        text = payment_text(found)[:-1]
        if values.get("max_x"):
            text += f', "max_x": {TEXT.encode(best_x)}'
        return Encoded(text + ', "status": 0}')

    def _tap(self, request: dict[str, Any]) -> dict[str, Any] | Encoded:
        values = self._with_pool(_dests("tap", request))
        found = tap_plan(values, self.state.board_of(request))
        if isinstance(found, dict):  # can't pay
            return {**found, "status": 1}
        return Encoded(plan_text(found)[:-1] + ', "status": 0}')

    def _options(self, request: dict[str, Any]) -> dict[str, Any]:
        from .tap import options_result

        values = self._with_pool(_dests("options", request))
        values["time_limit"] = 2 * LIMITS["search_ms"] / 1000  # frontier, then the most
        return options_result(values, self.state.board_of(request))

    def _with_pool(self, values: dict[str, Any]) -> dict[str, Any]:
        values["time_limit"] = LIMITS["search_ms"] / 1000
        if values.get("pool") == "session":
            values["pool"] = ""
            values["units"] = self.state.pool.units
        return values

    def _subcommand(self, name: str, request: dict[str, Any]) -> dict[str, Any]:
        """Any other subcommand, run as on the command line with ``--json``."""
        from ._output import CommandError

        try:
            spec = _spec(name)
        except KeyError:
            known = ", ".join(sorted(_specs()))
            raise RequestError("unknown_op", f"unknown op {name!r} (one of {known})") from None
        text = request.pop("text", None) if name == "deck" else None
        values = check(spec, request, allow_files=self.allow_files)
        if text is not None:
            values["text"] = check(_spec("deck"), {"text": text}, allow_files=False)["text"]
        assert spec.parser is not None
        args = _parse(spec, values)
        if name == "deck":
            args.text = values.get("text")
            args.progress = False
        buffer = io.StringIO()
        try:
            with redirect_stdout(buffer):
                status = args.run(args)
        except CommandError:
            raise
        except SystemExit:
            raise RequestError("bad_request", f"{name}: the options don't go together") from None
        lines = [json.loads(text) for text in buffer.getvalue().splitlines() if text.strip()]
        if len(lines) == 1 and isinstance(lines[0], dict):
            return {**lines[0], "status": status}
        return {"results": lines, "status": status}


def _error(code: ErrorCode, message: str, **details: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **details}, "status": 2}


def _request_error(error: Exception) -> Exception:
    """The :class:`RequestError` of a library error (its code, its details); any
    other exception as it is (a bug: ``internal``)."""
    from ..errors import LimitError, ManaSyntaxError, MtgManaError, UnknownCardError
    from ._output import CommandError

    if isinstance(error, LimitError):
        return RequestError(error.code, str(error), limit=error.limit)
    if isinstance(error, UnknownCardError):
        return RequestError(error.code, str(error), suggestions=list(error.suggestions))
    if isinstance(error, ManaSyntaxError):
        return RequestError("bad_cost", str(error), position=error.position)
    if isinstance(error, CommandError):
        return _command_error(error)
    if isinstance(error, MtgManaError):
        return RequestError("bad_request", str(error))
    return error


def _command_error(error: Any) -> RequestError:
    details = dict(error.details)
    code: ErrorCode = details.pop("code", "bad_request")
    if "position" in details:
        code = "bad_cost"
    elif details.get("suggestions") is not None and "unknown card" in error.message:
        code = "unknown_card"
    return RequestError(code, error.message, **details)


# -- the ops' keys ---------------------------------------------------------------

_POSITIONAL = {"cost": {"costs": "cost"}, "card": {"name": "name"}}
_SPECS: dict[str, OpSpec] = {}


def _specs() -> dict[str, OpSpec]:
    """Every op's keys: the subcommands' from their parsers, the server's own."""
    if not _SPECS:
        from ._serve_schema import FieldSpec, spec_from_parser
        from ._serve_session import BOARD_FIELDS, SERVER_OPS

        for name, parser in _parsers().items():
            spec = spec_from_parser(name, parser, _POSITIONAL.get(name, {}))
            fields = dict(spec.fields)
            required = spec.required
            if name in ("tap", "options"):
                required = tuple(k for k in required if k != "sources")
            if name == "deck":
                fields["text"] = FieldSpec("text", "str", "text")
            _SPECS[name] = OpSpec(name, fields, required, parser)
        for name, fields in SERVER_OPS.items():
            everything = {**fields, **(BOARD_FIELDS if name in ("activate", "board") else {})}
            required = ("permanent",) if name == "activate" else ()
            _SPECS[name] = OpSpec(name, everything, required)
        # Every op takes the card data for itself (``--cards FILE``; a file: it
        # needs serve --allow-files).
        cards = FieldSpec("cards", "str", "cards", file=True)
        for name, spec in list(_SPECS.items()):
            _SPECS[name] = OpSpec(name, {**spec.fields, "cards": cards}, spec.required, spec.parser)
        _SPECS["ping"] = OpSpec("ping", {})
    return _SPECS


def _spec(name: str) -> OpSpec:
    return _specs()[name]


def op_keys() -> dict[str, tuple[str, ...]]:
    """Each op and the keys it takes (docs/protocol.md, "Ops")."""
    return {name: tuple(spec.fields) for name, spec in _specs().items()}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse's errors exit; ours are answers
        raise RequestError("bad_request", message)


def _parsers() -> dict[str, argparse.ArgumentParser]:
    from . import card, castability, cost, deck, pay, pool, sources_needed, sources_table, tap

    root = _Parser(prog="mtgmana", add_help=False)
    subparsers = root.add_subparsers(dest="command", parser_class=_Parser)
    for module in (cost, card, pool, pay, tap, castability, sources_needed, sources_table, deck):
        module.register(subparsers)
    return {name: parser for name, parser in subparsers.choices.items()}


def _dests(name: str, request: dict[str, Any]) -> dict[str, Any]:
    """The checked values by their parser's ``dest`` (``for`` is ``for_card``)."""
    fields = _spec(name).fields
    return {fields[key].dest or key: value for key, value in request.items()}


def _option_words(flag: bool, action: argparse.Action, value: Any) -> list[str]:
    """The command-line words of one option's value: a flag (``--draw``,
    ``--no-draw``, or nothing), else ``--option=value`` for each value."""
    option = option_name(action)
    if not flag:
        return [f"{option}={item}" for item in (value if isinstance(value, list) else [value])]
    if isinstance(action, argparse.BooleanOptionalAction):
        return [option if value else "--no-" + option[2:]]
    return [option] if value else []


def _parse(spec: OpSpec, values: dict[str, Any]) -> argparse.Namespace:
    """The namespace the subcommand's parser gives for these checked values (the
    values are passed as ``--option=value``: no value is read as an option)."""
    assert spec.parser is not None
    positional: list[str] = []
    argv: list[str] = []
    actions = {action.dest: action for action in spec.parser._actions}
    for key, value in values.items():
        field = spec.fields.get(key)
        action = actions.get(field.dest) if field is not None else None
        if field is None or action is None:
            continue  # the server's own (deck's text)
        if not action.option_strings:
            positional.extend(value if isinstance(value, list) else [str(value)])
            continue
        argv += _option_words(field.kind == "bool", action, value)
    argv.append("--json")
    return spec.parser.parse_args([*argv, "--", *positional] if positional else argv)
