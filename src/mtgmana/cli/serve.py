"""``mtgmana serve``: JSON lines on standard input and output, for engines in any
language (the protocol is docs/protocol.md).

One request a line, ``{"id": 7, "op": "tap", "cost": "{2}{G}", "sources": "Forest,
2 Tundra"}``: ``op`` names a subcommand and the other keys are its options, named as
on the command line (``--max-x`` is ``max_x``). One response a line: the JSON that
``mtgmana <op> --json`` prints, plus ``id`` (and ``status``: the exit status it
would have). A board can be set once (``{"op": "board", "sources": ...}``) and then
changed by deltas (``{"op": "update", "tap": [3], "untap": "all", "add": "Forest",
"remove": [5]}``): ``tap``, ``options`` and ``activate`` without ``sources`` use it.
A malformed line, an unknown op, a bad cost or an unknown card gets ``{"id": ...,
"error": {"code": ..., "message": ...}}`` and the server goes on.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from contextlib import redirect_stdout
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..battlefield import Board

__all__ = ["Session", "register", "run", "serve"]

_BOARD_KEYS = ("sources", "opponent", "tapped", "sick", "commander")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="answer JSON requests, one a line, on standard input (for engines)",
        description="Read one JSON request a line on standard input and write one JSON "
        "response a line on standard output, until the input ends (docs/protocol.md).",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    serve(sys.stdin, sys.stdout)
    return 0


def serve(lines: Iterable[str], out: IO[str]) -> None:
    """Answer each request line of ``lines`` on ``out``, flushing after each."""
    session = Session()
    write = out.write
    flush = out.flush
    for line in lines:
        if not line.strip():
            continue
        write(session.answer_line(line))
        write("\n")
        flush()


class RequestError(Exception):
    """A request that can't be answered: ``code`` and ``message``, and details."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


class Session:
    """The server's state: the board set by ``board`` and changed by ``update``,
    and boards built from ``sources`` remembered (so their compiled form is too)."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self._boards: OrderedDict[tuple[str, ...], Board] = OrderedDict()
        self._ops: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "ping": self._ping,
            "cost": self._cost,
            "card": self._card,
            "pay": self._pay,
            "tap": self._tap,
            "options": self._options,
            "activate": self._activate,
            "board": self._set_board,
            "update": self._update,
        }

    # -- the line protocol ---------------------------------------------------------

    def answer_line(self, line: str) -> str:
        """The response line (without its newline) to one request line."""
        identifier: Any = None
        try:
            try:
                request = json.loads(line)
            except ValueError as error:
                raise RequestError("bad_json", f"not a JSON object: {error}") from None
            if not isinstance(request, dict):
                raise RequestError("bad_json", 'a request is a JSON object, like {"op": "ping"}')
            identifier = request.get("id")
            response = self.answer(request)
        except RequestError as error:
            response = {"error": {"code": error.code, "message": error.message, **error.details}}
        except Exception as error:  # the server goes on, saying what broke
            response = {
                "error": {"code": "internal", "message": f"{type(error).__name__}: {error}"}
            }
        return json.dumps({"id": identifier, **response}, ensure_ascii=False, allow_nan=False)

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The response to one request (without its ``id``)."""
        from ..errors import ManaSyntaxError, MtgManaError, UnknownCardError

        op = request.get("op")
        if not isinstance(op, str):
            raise RequestError("bad_request", 'a request needs an "op", e.g. {"op": "tap", ...}')
        handler = self._ops.get(op) or self._ops.get(op.replace("-", "_"))
        args = {k: v for k, v in request.items() if k not in ("id", "op")}
        try:
            if handler is not None:
                return handler(args)
            return self._subcommand(op, args)
        except UnknownCardError as error:
            raise RequestError(
                "unknown_card", str(error), suggestions=list(error.suggestions)
            ) from None
        except ManaSyntaxError as error:
            raise RequestError("bad_cost", str(error), position=error.position) from None
        except (MtgManaError, KeyError, TypeError) as error:
            message = f"missing {error}" if isinstance(error, KeyError) else str(error)
            raise RequestError("bad_request", message) from None

    # -- ops -------------------------------------------------------------------------

    def _ping(self, request: dict[str, Any]) -> dict[str, Any]:
        from .. import __version__

        return {"pong": True, "version": __version__}

    def _cost(self, request: dict[str, Any]) -> dict[str, Any]:
        from ..costs import ManaCost
        from .cost import describe

        texts = request["cost"]
        many = isinstance(texts, list)
        results = []
        for text in texts if many else [texts]:
            cost = ManaCost.parse(_text(text, "cost"), lenient=bool(request.get("lenient")))
            if request.get("sort"):
                cost = cost.sorted()
            results.append(describe(cost, request.get("x")))
        return {"results": results} if many else results[0]

    def _card(self, request: dict[str, Any]) -> dict[str, Any]:
        from ..cards import default_database
        from .card import describe

        name = request["name"]
        name = " ".join(name) if isinstance(name, list) else _text(name, "name")
        return describe(default_database().lookup(name))

    def _pay(self, request: dict[str, Any]) -> dict[str, Any]:
        from .pay import pay_result

        status, result = pay_result(request)
        return {**result, "status": status}

    def _tap(self, request: dict[str, Any]) -> dict[str, Any]:
        from .tap import tap_result

        status, result = tap_result(request, self._board_of(request))
        return {**result, "status": status}

    def _options(self, request: dict[str, Any]) -> dict[str, Any]:
        from .tap import options_result

        return options_result(request, self._board_of(request))

    def _activate(self, request: dict[str, Any]) -> dict[str, Any]:
        """One mana ability of the session's board (or of ``sources``'), by hand:
        ``permanent`` (id), ``ability`` (index), ``produce``, ``pool``, ``life``,
        ``tap``, ``sacrifice``, ``counters``. The session's board is updated."""
        from ..tapping import activate
        from .pay import units_from_symbols

        board = self._board_of(request)
        done = activate(
            board,
            request["permanent"],
            request.get("ability", 0),
            produce=request.get("produce"),
            pool=units_from_symbols(request.get("pool", "")),
            life=request.get("life", 20),
            tap=request.get("tap", ()),
            sacrifice=request.get("sacrifice", ()),
            counters=request.get("counters"),
        )
        if not any(key in request for key in _BOARD_KEYS):
            self.board = done.board
        return {
            "produced": [unit.to_json() for unit in done.produced],
            "spent": [unit.to_json() for unit in done.spent],
            "pool": [unit.to_json() for unit in done.pool.units],
            "life_paid": done.life_paid,
            "damage": done.damage,
            "tapped": list(done.tapped),
            "untapped": list(done.untapped),
            "sacrificed": list(done.sacrificed),
            "board": _board_json(done.board),
        }

    def _set_board(self, request: dict[str, Any]) -> dict[str, Any]:
        from .tap import board_from

        self.board = board_from({k: request.get(k, "") for k in _BOARD_KEYS})
        return {"board": _board_json(self.board)}

    def _update(self, request: dict[str, Any]) -> dict[str, Any]:
        """Deltas to the session's board: ``untap`` and ``tap`` (ids, or "all"),
        ``remove`` (ids), ``add`` and ``add_opponent`` (names, as in ``sources``;
        they get new ids), ``set`` ({id: {"counters": 2, ...}})."""
        from ..battlefield import Board
        from ..errors import MtgManaError

        board = self._session_board()
        unknown = set(request) - {"tap", "untap", "remove", "add", "add_opponent", "set"}
        if unknown:
            raise MtgManaError(f"update takes tap, untap, remove, add, add_opponent, set: "
                               f"not {', '.join(sorted(unknown))}")  # fmt: skip
        for key in ("untap", "tap"):
            ids = request.get(key, [])
            if ids == "all":
                ids = [i for i, p in zip(board.ids, board.permanents, strict=True)
                       if p.controller == "you"]  # fmt: skip
            for identifier in _ids(ids, key):
                board = board.changed(identifier, tapped=key == "tap")
        for identifier in _ids(request.get("remove", []), "remove"):
            board = board.remove(identifier)
        added: list[int] = []
        for key, controller in (("add", "you"), ("add_opponent", "opponent")):
            names = request.get(key, "")
            if names:
                new = (
                    Board.parse(_text(names, key))
                    if controller == "you"
                    else Board.parse("", opponent=_text(names, key))
                )
                for permanent in new.permanents:
                    board = board.add(permanent)
                    added.append(board.ids[-1])
        changes = request.get("set", {})
        if not isinstance(changes, dict):
            raise MtgManaError('"set" maps ids to state, e.g. {"3": {"counters": 2}}')
        for key, state in changes.items():
            if not isinstance(state, dict):
                raise MtgManaError(f'set {key}: the state is an object, like {{"tapped": true}}')
            board = board.changed(_id(key), **state)
        self.board = board
        return {"added": added, "board": _board_json(board)}

    def _subcommand(self, op: str, request: dict[str, Any]) -> dict[str, Any]:
        """Any other subcommand, run as on the command line with ``--json``."""
        from . import castability, deck, pool, sources_needed, sources_table
        from ._output import CommandError

        others = {
            "castability": castability, "sources-needed": sources_needed,
            "sources-table": sources_table, "deck": deck, "pool": pool,
        }  # fmt: skip
        module = others.get(op) or others.get(op.replace("_", "-"))
        if module is None:
            known = sorted({*self._ops, *others})
            raise RequestError("unknown_op", f"unknown op {op!r} (one of {', '.join(known)})")
        parser = argparse.ArgumentParser(prog="mtgmana", add_help=False)
        module.register(parser.add_subparsers(dest="command"))
        name = next(iter(_subparsers(parser)))
        argv = [name, *_argv(_subparsers(parser)[name], request), "--json"]
        buffer = io.StringIO()
        try:
            args = parser.parse_args(argv)
        except SystemExit:
            raise RequestError("bad_request", f"bad options for {op}: {sorted(request)}") from None
        try:
            with redirect_stdout(buffer):
                status = args.run(args)
        except CommandError as error:
            raise RequestError("bad_request", error.message, **error.details) from None
        lines = [json.loads(text) for text in buffer.getvalue().splitlines() if text.strip()]
        if len(lines) == 1 and isinstance(lines[0], dict):
            return {**lines[0], "status": status}
        return {"results": lines, "status": status}

    # -- boards ----------------------------------------------------------------------

    def _session_board(self) -> Board:
        if self.board is None:
            raise RequestError("no_board", 'no board yet: send {"op": "board", "sources": ...}')
        return self.board

    def _board_of(self, request: Mapping[str, Any]) -> Board:
        """The board a request names by ``sources`` (remembered), else the session's."""
        from .tap import board_from

        if not any(key in request for key in _BOARD_KEYS):
            return self._session_board()
        key = tuple(_text(request.get(k, ""), k) for k in _BOARD_KEYS)
        board = self._boards.get(key)
        if board is None:
            board = board_from(dict(zip(_BOARD_KEYS, key, strict=True)))
            self._boards[key] = board
            if len(self._boards) > 64:
                self._boards.popitem(last=False)
        else:
            self._boards.move_to_end(key)
        return board


def _board_json(board: Board) -> list[dict[str, Any]]:
    return [
        {"permanent": identifier, "card": p.name, "controller": p.controller, "tapped": p.tapped}
        for identifier, p in zip(board.ids, board.permanents, strict=True)
    ]


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise RequestError("bad_request", f'"{key}" must be a string, not {json.dumps(value)}')
    return value


def _id(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise RequestError("bad_request", f"not a permanent id: {value!r}") from None


def _ids(values: Any, key: str) -> list[int]:
    if isinstance(values, int):
        values = [values]
    if not isinstance(values, list):
        raise RequestError("bad_request", f'"{key}" takes a list of permanent ids')
    return [_id(v) for v in values]


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse has no public accessor for these
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _argv(parser: argparse.ArgumentParser, request: Mapping[str, Any]) -> list[str]:
    """The command line that gives ``parser`` these options (JSON keys are the
    options' names with ``_`` for ``-``; positionals by their name)."""
    by_dest = {action.dest: action for action in parser._actions}
    positional: list[str] = []
    options: list[str] = []
    for key, value in request.items():
        action = by_dest.get(key) or by_dest.get(key.replace("-", "_"))
        if action is None or key in ("json", "help"):
            raise RequestError("bad_request", f"unknown option {key!r}")
        values = value if isinstance(value, list) else [value]
        if not action.option_strings:
            positional.extend(str(v) for v in values)
        elif isinstance(action, argparse._StoreTrueAction):
            if value:
                options.append(action.option_strings[-1])
        elif isinstance(action, argparse.BooleanOptionalAction):
            options.append(action.option_strings[0 if value else -1])
        else:
            for item in values if isinstance(action, argparse._AppendAction) else [value]:
                options.extend([action.option_strings[-1], str(item)])
    return [*options, "--", *positional] if positional else options
