"""Private: the state a ``mtgmana serve`` session keeps between requests — the
board (set by ``board``, changed by ``update`` and ``activate``; ids kept, CR
106.3's sources named by them), the session's mana pool (``activate`` adds to it
and spends from it, CR 106.4, 605.3; ``"pool": "session"`` pays from it), and
boards built from ``sources``, remembered with their compiled form."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ._serve_schema import BOARD_KEYS, LIMITS, FieldSpec, RequestError

if TYPE_CHECKING:
    from ..board import Board
    from ..mana import Mana
    from ..pool import ManaPool

__all__ = ["BOARD_FIELDS", "SERVER_OPS", "BoardState"]

BOARD_FIELDS: Final = {
    key: FieldSpec(key, "int" if key in ("graveyard", "energy", "cards_in_hand") else "str",
                   key, 0, 1000)
    for key in BOARD_KEYS
}  # fmt: skip
"""The keys of a board, in every op that takes one."""

_STATE_KINDS: Final[dict[str, type]] = {
    "tapped": bool, "summoning_sick": bool, "entered_this_turn": bool, "imprinted": bool,
    "counters": int, "attached_to": int, "power": int, "toughness": int, "timestamp": int,
    "chosen_color": str, "chosen_colors": str, "chosen_type": str, "chosen_name": str,
}  # fmt: skip
"""What ``update``'s ``set`` may change of a permanent, and the JSON type of each."""

SERVER_OPS: Final = {
    "board": {},
    "update": {
        "untap": FieldSpec("untap", "ids", all_ok=True),
        "tap": FieldSpec("tap", "ids", all_ok=True),
        "remove": FieldSpec("remove", "ids"),
        "add": FieldSpec("add", "str"),
        "add_opponent": FieldSpec("add_opponent", "str"),
        "set": FieldSpec("set", "object"),
        "pool": FieldSpec("pool", "str"),
    },
    "activate": {
        "permanent": FieldSpec("permanent", "int", low=0),
        "ability": FieldSpec("ability", "int", low=0, high=1000),
        "produce": FieldSpec("produce", "str"),
        "pool": FieldSpec("pool", "str"),
        "pay": FieldSpec("pay", "payments"),
        "life": FieldSpec("life", "int"),
        "tap": FieldSpec("tap", "ids"),
        "sacrifice": FieldSpec("sacrifice", "ids"),
        "counters": FieldSpec("counters", "int", low=0),
    },
}
"""The keys of the ops only the server has (``board`` and ``activate`` take a
board's keys too)."""


def board_json(board: Board) -> list[dict[str, Any]]:
    return [
        {"permanent": identifier, "card": p.name, "controller": p.controller, "tapped": p.tapped}
        for identifier, p in zip(board.ids, board.permanents, strict=True)
    ]


def _pool_json(pool: ManaPool) -> list[dict[str, Any]]:
    return [unit.to_json() for unit in pool.units]


def check_board_size(request: Mapping[str, Any], *, already: int = 0) -> None:
    """A board's lists name at most ``LIMITS["permanents"]`` permanents together."""
    from ..board.lists import count_permanents
    from ..errors import LimitError

    total = already + sum(
        count_permanents(request[key])
        for key in ("sources", "opponent", "in_hand", "add", "add_opponent")
        if isinstance(request.get(key), str)
    )
    for key in ("tapped", "sick"):
        if isinstance(request.get(key), str):
            total = max(total, count_permanents(request[key]))
    limit = LIMITS["permanents"]
    if total > limit:
        raise LimitError(
            "too_many_permanents", f"a board holds at most {limit:,} permanents, not {total:,}",
            limit,
        )  # fmt: skip


class BoardState:
    """The session's board and mana pool, and the ops that change them."""

    def __init__(self) -> None:
        from ..pool import ManaPool

        self.board: Board | None = None
        self.pool = ManaPool()
        self._boards: OrderedDict[tuple[Any, ...], Board] = OrderedDict()

    def session_board(self) -> Board:
        if self.board is None:
            raise RequestError("no_board", 'no board yet: send {"op": "board", "sources": ...}')
        return self.board

    def board_of(self, request: Mapping[str, Any]) -> Board:
        """The board a request names by ``sources`` (remembered), else the
        session's; a board's other keys without ``sources`` are an error (the
        session's board is changed by ``update``)."""
        named = [key for key in BOARD_KEYS if key in request]
        if not named:
            return self.session_board()
        if "sources" not in request:
            raise RequestError(
                "bad_request",
                f'{", ".join(named)} without "sources": a board\'s keys describe a board given '
                "whole (to change the session's board, send update)",
            )
        key = tuple(request.get(k) for k in BOARD_KEYS)
        board = self._boards.get(key)
        if board is None:
            from .tap import board_from  # a new board only

            check_board_size(request)
            board = board_from({k: request[k] for k in named})
            self._boards[key] = board
            if len(self._boards) > 64:
                self._boards.popitem(last=False)
        else:
            self._boards.move_to_end(key)
        return board

    # -- ops -------------------------------------------------------------------------

    def op_board(self, request: dict[str, Any]) -> dict[str, Any]:
        """Set the session's board (and empty the session's pool: its mana came
        from the permanents of the board before)."""
        from ..pool import ManaPool
        from .tap import board_from

        check_board_size(request)
        self.board = board_from(request)
        self.pool = ManaPool()
        return {"board": board_json(self.board), "pool": []}

    def op_update(self, request: dict[str, Any]) -> dict[str, Any]:
        """Deltas to the session's board: ``untap`` and ``tap`` (ids, or "all"),
        ``remove`` (ids), ``add`` and ``add_opponent`` (names, as in ``sources``;
        they get new ids), ``set`` ({id: {"counters": 2, ...}}), and ``pool`` (the
        session's mana pool, set to these symbols; "" empties it)."""
        from ..board import Board

        board = self.session_board()
        check_board_size(request, already=len(board.permanents))
        for key in ("untap", "tap"):
            ids = request.get(key, [])
            if ids == "all":
                ids = [i for i, p in zip(board.ids, board.permanents, strict=True)
                       if p.controller == "you"]  # fmt: skip
            for identifier in ids:
                board = board.changed(identifier, tapped=key == "tap")
        for identifier in request.get("remove", []):
            board = board.remove(identifier)
        added: list[int] = []
        for key in ("add", "add_opponent"):
            names = request.get(key, "")
            if names:
                new = Board.parse(names) if key == "add" else Board.parse("", opponent=names)
                for permanent in new.permanents:
                    board = board.add(permanent)
                    added.append(board.ids[-1])
        for key, state in request.get("set", {}).items():
            board = board.changed(_id(key), **_state(key, state))
        pool = self.pool
        if "pool" in request:
            from ..floating import floating_mana
            from ..pool import ManaPool

            pool = ManaPool()
            pool.add_units(floating_mana(request["pool"]))
        self.board, self.pool = board, pool
        return {"added": added, "board": board_json(board), "pool": _pool_json(pool)}

    def op_activate(self, request: dict[str, Any]) -> dict[str, Any]:
        """One mana ability of the session's board (or of ``sources``'), by hand:
        ``permanent`` (id), ``ability`` (index), ``produce``, ``pay`` (the units
        to spend, by type and source), ``pool`` (floating mana; by default the
        session's pool), ``life``, ``tap``, ``sacrifice``, ``counters``. On the
        session's board, the board and the session's pool are updated."""
        from ..floating import floating_mana
        from ..tapping import activate

        board = self.board_of(request)
        own = not any(key in request for key in BOARD_KEYS)
        if "pool" in request:
            from ..pool import ManaPool

            pool = ManaPool()
            pool.add_units(floating_mana(request["pool"]))
        else:
            pool = self.pool if own else _empty_pool()
        pay = None if "pay" not in request else _units_named(pool, request["pay"])
        done = activate(
            board,
            request["permanent"],
            request.get("ability", 0),
            produce=request.get("produce"),
            pool=pool,
            pay=pay,
            life=request.get("life", 20),
            tap=request.get("tap", ()),
            sacrifice=request.get("sacrifice", ()),
            counters=request.get("counters"),
        )
        if own:
            self.board = done.board
            if "pool" not in request:
                self.pool = done.pool
        return {
            "produced": [unit.to_json() for unit in done.produced],
            "spent": [unit.to_json() for unit in done.spent],
            "pool": _pool_json(done.pool),
            "life_paid": done.life_paid,
            "damage": done.damage,
            "tapped": list(done.tapped),
            "untapped": list(done.untapped),
            "sacrificed": list(done.sacrificed),
            "board": board_json(done.board),
        }


def _empty_pool() -> ManaPool:
    from ..pool import ManaPool

    return ManaPool()


def _units_named(pool: ManaPool, named: list[dict[str, Any]]) -> list[Mana]:
    """The units of ``pool`` that ``named`` lists by type and source (each once;
    of several alike, the first)."""
    left = list(pool.units)
    chosen: list[Mana] = []
    for wanted in named:
        for unit in left:
            shown = unit.to_json()
            if all(shown.get(k) == v for k, v in wanted.items()) and (
                "source" in wanted or "source" not in shown
            ):
                chosen.append(unit)
                left.remove(unit)
                break
        else:
            raise RequestError(
                "bad_request",
                f"pay: no unit {wanted} in the pool ({[u.to_json() for u in pool.units]})",
            )
    return chosen


def _id(value: str) -> int:
    if not value.isdigit() or len(value) > 7:
        raise RequestError("bad_request", f"set: not a permanent id: {value!r}")
    return int(value)


def _state(key: str, state: Any) -> dict[str, Any]:
    """``set``'s changes for one permanent, checked against the documented keys."""
    if not isinstance(state, dict):
        raise RequestError(
            "bad_request", f'set {key}: the state is an object, like {{"tapped": true}}'
        )
    checked: dict[str, Any] = {}
    for name, value in state.items():
        kind = _STATE_KINDS.get(name)
        if kind is None:
            known = ", ".join(sorted(_STATE_KINDS))
            raise RequestError("bad_request", f"set {key}: unknown state {name!r} (one of {known})")
        if value is None and name in ("attached_to", "timestamp", "chosen_color",
                                      "chosen_colors", "chosen_type", "chosen_name"):  # fmt: skip
            checked[name] = None
            continue
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RequestError(
                "bad_request", f"set {key}: {name} takes a {kind.__name__}, not {value!r}"
            )
        if isinstance(value, int) and not 0 <= value <= 1_000_000:
            raise RequestError("bad_request", f"set {key}: {name} is 0 to 1,000,000, not {value}")
        if isinstance(value, str) and len(value) > 200:
            raise RequestError("bad_request", f"set {key}: {name} is too long")
        checked[name] = value  # Permanent reads letters (chosen_color) itself
    return checked
