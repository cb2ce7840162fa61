"""``mtgmana tap COST --sources ...`` and ``mtgmana options --sources ...``: which
sources to tap for a cost, exactly (CR 106, 601.2g-h, 605), and the Pareto frontier
of what a board can produce.

The permanents are numbered by their place in ``--sources`` with counts expanded
(``"2 Forest, Sol Ring"``: 0 and 1 are the Forests, 2 is Sol Ring; ``--opponent``'s
come after): plans name them by that id. ``tap`` JSON (:meth:`Plan.to_json
<mtgmana.tapping.Plan.to_json>`): ``{"payable": true, "cost": "{G}", "steps":
[{"permanent": 0, "card": "Forest", "ability": "{T}: Add {G}.", "ability_index": 0,
"paid_with": {"mana": [], "life": 0}, "produces": [{"type": "G", "source": 0}],
"tapped": [0], "sacrificed": []}], "life_paid": 0, "damage": 0, "tapped": [0],
"sacrificed": [], "floating_after": [], "cut_short": false, "assignment": [...]}``
(each step also has ``activate``: the request that replays it, as ``mtgmana serve``'s
``activate`` takes it); a cost the board can't pay prints ``{"payable": false, ...}``
and exits with status 1. ``options`` JSON: ``{"options": [{"W": 0, "U": 0, "B": 0,
"R": 0, "G": 0, "C": 3, "any": 0}, ...], "count": 10}`` (plus ``truncated``,
``complete``, a summary, ``most_exact`` and ``restricted``: mana that may be spent
only as a restriction says, CR 106.6).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ._output import CommandError, print_json, table

if TYPE_CHECKING:
    from ..board import Board, Permanent
    from ..colors import Color

__all__ = ["board_from", "options_result", "register", "run_options", "run_tap", "tap_result"]


def _board_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--sources", required=True, metavar="NAMES",
        help='your permanents, e.g. "Forest, 2 Tundra, Llanowar Elves" (ids 0, 1, 2, 3); a '
        "permanent's state in brackets after its name: \"Utopia Sprawl [attached_to=0, "
        'chosen_color=U]", "Gemstone Caverns [counters=1]", "Chrome Mox [chosen_colors=WU]", '
        '"Cavern of Souls [chosen_type=Elf]", "Forest [tapped]"',
    )  # fmt: skip
    parser.add_argument("--opponent", default="", metavar="NAMES", help="an opponent's permanents")
    parser.add_argument(
        "--commander", default="", metavar="COLORS",
        help="your commander's color identity, e.g. 'WUB' (Command Tower, Arcane Signet: "
        "CR 903.4; without one they make no mana)",
    )  # fmt: skip
    parser.add_argument(
        "--tapped", default="", metavar="NAMES", help="which of your permanents are tapped"
    )
    parser.add_argument(
        "--sick",
        default="",
        metavar="NAMES",
        help="creatures that came under your control this turn",
    )
    parser.add_argument("--pool", default="", metavar="MANA", help="floating mana, e.g. '{G}'")
    parser.add_argument(
        "--in-hand", default="", metavar="NAMES",
        help='cards in your hand with mana abilities, e.g. "Simian Spirit Guide"',
    )  # fmt: skip
    parser.add_argument(
        "--graveyard", type=int, default=0, metavar="N",
        help="cards in your graveyard (for a spell's delve)",
    )  # fmt: skip
    parser.add_argument(
        "--energy", type=int, default=0, metavar="N", help="your energy counters (for {E} costs)"
    )
    parser.add_argument(
        "--cards-in-hand", type=int, default=7, metavar="N",
        help="how many cards are in your hand (for costs that discard; default 7)",
    )  # fmt: skip
    parser.add_argument(
        "--partial", action="store_true",
        help="answer even when a card's mana-relevant text isn't modelled (naming it)",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print JSON")


def register(subparsers: Any) -> None:
    tap = subparsers.add_parser(
        "tap",
        help="which sources to tap to pay a cost (exact auto-tapper)",
        description="Plan the mana abilities to activate to pay COST, exactly.",
    )
    tap.add_argument(
        "cost", metavar="COST", nargs="?", default=None,
        help="the total cost, e.g. '{2}{G}{G}' (default: the mana cost of --for's card)",
    )  # fmt: skip
    _board_arguments(tap)
    tap.add_argument(
        "--for", dest="for_card", metavar="CARD",
        help="the spell paid for: its restrictions, convoke, improvise and delve apply",
    )  # fmt: skip
    tap.add_argument("--life", type=int, default=20, metavar="N", help="your life total")
    tap.add_argument("--x", type=int, metavar="N", help="the value chosen for X")
    tap.add_argument(
        "--hand", default="", metavar="COSTS",
        help='costs still to pay this turn, e.g. "{1}{U}, {W}{W}": kept payable if possible',
    )  # fmt: skip
    tap.set_defaults(run=run_tap)
    options = subparsers.add_parser(
        "options",
        help="the Pareto frontier of what a board can produce",
        description="List what the sources can produce together (counts of W U B R G C any).",
    )
    _board_arguments(options)
    options.add_argument("--limit", type=int, default=1000, help="list at most this many")
    options.set_defaults(run=run_options)


def board_from(request: Mapping[str, Any]) -> Board:
    """The board a request names: ``sources`` (yours), ``opponent``, which of yours
    are ``tapped`` or summoning ``sick`` (names, counted: "2 Forest"), the cards
    ``in_hand`` with mana abilities (Simian Spirit Guide) and how many cards are in
    the ``graveyard``, your ``energy``, ``cards_in_hand`` and ``life``, and your
    ``commander``'s color identity (letters). Ids: ``sources`` in order, then
    ``opponent``, then ``in_hand``."""
    from ..board import Board, Permanent

    board = Board.parse(request.get("sources", ""), opponent=request.get("opponent", ""))
    hand = Board.parse(request.get("in_hand", "") or "").permanents
    counts = _counts(request)
    permanents = list(board.permanents) + [Permanent.named(p.name, zone="hand") for p in hand]
    _mark(permanents, request)
    return Board(
        tuple(permanents), board.effects, graveyard=counts["graveyard"], energy=counts["energy"],
        hand=counts["cards_in_hand"], life=counts["life"], commander_colors=_identity(request),
    )  # fmt: skip


def _counts(request: Mapping[str, Any]) -> dict[str, int]:
    """The request's ``graveyard``, ``energy``, ``cards_in_hand`` and ``life``
    (whole numbers 0 or more; defaults 0, 0, 7, 20)."""
    from ..errors import MtgManaError

    counts = {}
    for key, default in (("graveyard", 0), ("energy", 0), ("cards_in_hand", 7), ("life", 20)):
        value = request.get(key, default)
        value = default if value is None else value
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            flag = "--" + key.replace("_", "-")
            raise MtgManaError(f"{flag} must be a whole number 0 or more, not {value!r}")
        counts[key] = value
    return counts


def _mark(permanents: list[Permanent], request: Mapping[str, Any]) -> None:
    """Mark the permanents the request names ``tapped`` or ``sick`` (summoning
    sick), each name one of your permanents not marked so yet."""
    from ..errors import MtgManaError

    for key, field in (("tapped", "tapped"), ("sick", "summoning_sick")):
        for name in _names(request.get(key, "")):
            for i, permanent in enumerate(permanents):
                same = permanent.controller == "you" and permanent.name.lower() == name.lower()
                if same and not getattr(permanent, field):
                    permanents[i] = permanent.with_state(**{field: True})
                    break
            else:
                raise MtgManaError(f"--{key}: no untouched {name!r} among your sources")


def _identity(request: Mapping[str, Any]) -> Color | None:
    """The ``commander``'s color identity (color letters; none when empty)."""
    from ..colors import Color
    from ..errors import MtgManaError

    commander = request.get("commander") or ""
    try:
        if not isinstance(commander, str):
            raise TypeError(f"not {commander!r}")
        return Color.parse(commander) if commander.strip() else None
    except (TypeError, ValueError) as error:
        raise MtgManaError(f"--commander takes color letters, e.g. 'WUB': {error}") from None


def _names(text: str) -> list[str]:
    from ..board.lists import MAX_COPIES
    from ..errors import MtgManaError

    names: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        count, _, rest = item.partition(" ")
        if count.rstrip("x").isdigit() and rest:
            number = count.rstrip("x")
            if len(number) > 4 or int(number) > MAX_COPIES:
                raise MtgManaError(f"{item!r}: a count must be 1 to {MAX_COPIES}")
            names.extend([rest.strip()] * int(number))
        else:
            names.append(item)
    return names


def tap_result(
    request: Mapping[str, Any], board: Board | None = None
) -> tuple[int, dict[str, Any]]:
    """``mtgmana tap``'s answer to a request (``cost``, ``pool``, ``life``, ``x``,
    ``hand``, and the board's keys unless ``board`` is given): (exit status, JSON).
    Raises :class:`~mtgmana.MtgManaError` for bad input."""
    from ._tap_core import tap_result as answer

    return answer(request, board_from(request) if board is None else board)


def options_result(request: Mapping[str, Any], board: Board | None = None) -> dict[str, Any]:
    """``mtgmana options``' answer to a request (``pool``, ``limit``, and the
    board's keys unless ``board`` is given)."""
    from ..floating import floating_mana
    from ..tapping import options

    if board is None:
        board = board_from(request)
    pool = [*request.get("units", ()), *floating_mana(request.get("pool", ""))]
    return options(
        board,
        pool=pool,
        limit=request.get("limit", 1000),
        partial=bool(request.get("partial")),
        time_limit=request.get("time_limit"),
    ).to_json()


def _request(args: argparse.Namespace, *keys: str) -> dict[str, Any]:
    return {key: getattr(args, key) for key in keys}


def run_tap(args: argparse.Namespace) -> int:
    from ..errors import MtgManaError

    try:
        request = _request(
            args, "cost", "sources", "opponent", "tapped", "sick", "pool", "life", "x", "hand",
            "for_card", "in_hand", "graveyard", "energy", "cards_in_hand", "partial", "commander",
        )  # fmt: skip
        board = board_from(request)
        status, data = tap_result(request, board)
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    if args.json:
        print_json(data)
        return status
    if status:
        print(f"not payable: {data['reason']}")
        return status
    print(f"payable: {data['cost']}")
    rows = [["#", "permanent", "ability", "pays", "makes"]]
    rows += [_step_row(number, step) for number, step in enumerate(data["steps"], 1)]
    print(table(rows))
    for key in ("life_paid", "damage"):
        if data[key]:
            print(f"{key.replace('_', ' ')}: {data[key]}")
    if data["sacrificed"]:
        print("sacrificed: " + ", ".join(str(i) for i in data["sacrificed"]))
    _print_taken(data, board)
    left = "".join("{" + unit["type"] + "}" for unit in data["floating_after"])
    print(f"floating after: {left or 'nothing'}")
    for item in data.get("ignored", []):
        print(f"not modelled, left out: {item['card']} ({item['permanent']}): {item['why']}")
    return 0


def _step_row(number: int, step: dict[str, Any]) -> list[str]:
    """The table row of a step of the payment: its permanent, ability, what paid
    its cost and what it made."""
    paid_with = step["paid_with"]
    paid = "".join("{" + unit["type"] + "}" for unit in paid_with["mana"])
    if paid_with["life"]:
        paid += f" {paid_with['life']} life".lstrip()
    paid += "{E}" * paid_with.get("energy", 0)
    for key, what in (("discarded", "discarded"), ("exiled", "exiled from graveyard")):
        if paid_with.get(key):
            paid = f"{paid} {paid_with[key]} {what}".lstrip()
    makes = "".join("{" + unit["type"] + "}" for unit in step["produces"])
    who = f"{step['card']} ({step['permanent']})"
    ability = "triggered" if step.get("trigger") else step["ability"].split("\n")[0]
    return [str(number), who, _short(ability, 44), paid, makes]


def _print_taken(data: dict[str, Any], board: Board) -> None:
    """The symbols paid by tapping permanents or exiling cards: convoke and
    improvise tap permanents, delve exiles (CR 702.51a, 702.126a, 702.66a)."""
    for part in data["assignment"]:
        paid = part["paid_with"]
        if paid.get("tapped") or paid.get("exiled"):
            named = [f"{board.permanent(i).name} ({i})" for i in paid.get("tapped", ())]
            how = [f"tapping {', '.join(named)}"] if named else []
            how += [f"exiling {paid['exiled']} from the graveyard"] if paid.get("exiled") else []
            print(f"{part['symbol']} paid by {' and '.join(how)}")


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def run_options(args: argparse.Namespace) -> int:
    from ..errors import MtgManaError

    try:
        data = options_result(
            _request(args, "sources", "opponent", "tapped", "sick", "pool", "limit", "in_hand",
                     "graveyard", "energy", "cards_in_hand", "partial", "commander")
        )  # fmt: skip
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    if args.json:
        print_json(data)
        return 0
    keys = ("W", "U", "B", "R", "G", "C", "any")
    rows = [list(keys)] + [[str(option[k]) for k in keys] for option in data["options"]]
    print(table(rows))
    more = f" (the first {len(data['options'])} listed)" if data["truncated"] else ""
    if not data["complete"]:
        more = " at least (too many to hold; the most of each type is exact)"
    print(f"{data['count']} options{more}; most in total: {data['most_total']}")
    return 0
