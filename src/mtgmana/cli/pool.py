"""``mtgmana pool``: build a mana pool, change it step by step, and announce it
(CR 106.4-106.13; the 2008 rules with ``--rules 2008``).

The changes happen in the order given on the command line, after ``--load``::

    mtgmana pool --add "{R}{R}" --add-restricted "{G}" \\
        --restriction "Spend this mana only to cast creature spells." --double --empty phase

prints what each ``--double`` / ``--empty`` did, then the announcement, e.g.
``{R}{R}{G} (one {G} only to cast creature spells)``. With ``--json`` the output is one
object: ``{"announcement", "by_type", "steps", "life_lost", "pool"}``, where ``pool`` is
what ``--load`` reads back (``-`` reads standard input). Bad input exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ._output import CommandError, print_json

if TYPE_CHECKING:
    from ..pool import ManaPool, Rules

__all__ = ["register", "run"]

_RULES: Final = ("2008", "current")
# The values of mtgmana.pool.emptying.Ending (not imported to build the parser; a test checks).
_ENDINGS: Final = ("step", "phase", "combat", "turn")


def _rules(name: str) -> Rules:
    from ..pool import RULES_2008, Rules

    return RULES_2008 if name == "2008" else Rules(name="current")


class _Step(argparse.Action):
    """Record an option in ``args.steps`` so that steps run in command-line order."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        steps = list(getattr(namespace, "steps", None) or [])
        steps.append((self.dest, values))
        namespace.steps = steps


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "pool",
        help="build a mana pool, double, empty or announce it",
        description=(
            "Build a mana pool and change it in the order given: add mana, double it, "
            "empty it as a step, phase, combat or turn ends. Quote mana symbols in the shell."
        ),
    )
    parser.add_argument("--load", metavar="FILE", help="start from a saved pool (JSON; - = stdin)")
    parser.add_argument("--rules", choices=_RULES, help="current (default) or 2008 rules")
    parser.add_argument("--mana-burn", action="store_true", help="lose 1 life per mana lost")
    parser.add_argument(
        "--retain",
        action="append",
        default=[],
        metavar="all|W|U|B|R|G|C",
        help="unspent mana (of a type) isn't lost as steps and phases end (Upwelling, Omnath)",
    )
    parser.add_argument(
        "--becomes",
        action="append",
        default=[],
        metavar="TYPE",
        help="mana that would be lost becomes this type instead (Kruphix: --becomes C)",
    )
    step = {"action": _Step, "default": None}
    parser.add_argument("--add", metavar="SYMBOLS", help="add mana, e.g. '{R}{R}{G}'", **step)
    parser.add_argument("--snow", metavar="SYMBOLS", help="add mana from a snow source", **step)
    parser.add_argument(
        "--until-end-of-turn",
        metavar="SYMBOLS",
        help="add mana that isn't lost until the turn ends",
        **step,
    )
    parser.add_argument(
        "--add-restricted",
        metavar="SYMBOLS",
        help="add mana with the --restriction that follows",
        **step,
    )
    parser.add_argument(
        "--restriction",
        metavar="SENTENCE",
        help="'Spend this mana only ...' for the --add-restricted before it",
        **step,
    )
    parser.add_argument(
        "--double", nargs=0, help="double each type of mana (Doubling Cube)", **step
    )
    parser.add_argument(
        "--empty",
        choices=_ENDINGS,
        help="empty the pool as a step, phase, combat or turn ends",
        **step,
    )
    parser.add_argument(
        "--choose",
        action="append",
        default=[],
        metavar="SYMBOL=HALF",
        help="the half chosen for a hybrid symbol, e.g. '{2/W}=2' (default: first color)",
    )
    parser.add_argument(
        "--chosen-type", metavar="TYPE", help="the creature type chosen for a restriction"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.set_defaults(run=run, steps=None)


def _load(name: str) -> ManaPool:
    import json
    from pathlib import Path

    from ..pool import ManaPool

    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"can't read {name}: {error.strerror or error}") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise CommandError(f"{name} is not JSON: {error}") from None
    if isinstance(data, dict) and "pool" in data and "announcement" in data:
        data = data["pool"]  # the output of `mtgmana pool --json`
    return ManaPool.from_json(data)


def _start(args: argparse.Namespace) -> ManaPool:
    from ..colors import ManaType
    from ..pool import ManaPool, Retention, Rules

    loaded = _load(args.load) if args.load else ManaPool()
    rules = _rules(args.rules) if args.rules else loaded.rules
    if args.mana_burn and not rules.mana_burn:
        rules = Rules(rules.empties_at_end_of_steps, True, name="")
    retention = list(loaded.retention)
    for value in args.retain:
        if value.lower() == "all":
            retention.append(Retention.all())
        else:
            retention.append(Retention.type(ManaType.parse(value)))
    retention.extend(Retention.becomes(ManaType.parse(value)) for value in args.becomes)
    pool = ManaPool(rules=rules, retention=retention)
    pool.add_units(loaded)
    return pool


def _choices(items: list[str]) -> dict[str, str]:
    choices = {}
    for item in items:
        symbol, sep, half = item.partition("=")
        if not sep or not symbol.strip() or not half.strip():
            raise CommandError(f"--choose needs SYMBOL=HALF, e.g. '{{2/W}}=2', not {item!r}")
        choices[symbol.strip().upper()] = half.strip()
    return choices


def _symbols(units: Sequence[Any]) -> str:
    from ..colors import ManaType

    order = {t: i for i, t in enumerate(ManaType)}
    return "".join(u.type.symbol for u in sorted(units, key=lambda u: order[u.type]))


def _check_amount(pool: ManaPool, step: str, value: Any) -> None:
    """A pool holds at most :data:`~mtgmana.floating.MAX_MANA` mana."""
    from ..costs import ManaCost
    from ..floating import check_mana_amount

    if step in ("add", "snow", "until_end_of_turn", "add_restricted"):
        check_mana_amount(ManaCost.parse(value, lenient=True), len(pool.units))
    elif step == "double":
        check_mana_amount(ManaCost.parse("{1}", lenient=True), 2 * len(pool.units) - 1)


def run(args: argparse.Namespace) -> int:
    from ..errors import LimitError, MtgManaError

    try:
        return _run(args)
    except LimitError as error:
        raise CommandError(str(error), code=error.code, limit=error.limit) from None
    except MtgManaError as error:
        raise CommandError(str(error)) from None


def _run(args: argparse.Namespace) -> int:
    pool = _start(args)
    choose = _choices(args.choose)
    steps: list[dict[str, Any]] = []
    lines: list[str] = []
    pending: str | None = None
    life_lost = 0
    for name, value in args.steps or []:
        _check_amount(pool, name, value)
        if pending is not None and name != "restriction":
            raise CommandError(f"--add-restricted {pending!r} needs a --restriction after it")
        if name == "double":
            added = pool.double()
            steps.append({"step": "double", "added": _symbols(added)})
            lines.append(f"doubled: added {_symbols(added) or 'no mana'}")
        elif name == "empty":
            step, line = _empty(pool, value)
            life_lost += step["life_lost"]
            steps.append(step)
            lines.append(line)
        else:
            pending = _add(pool, name, value, choose, pending, args.chosen_type)
    if pending is not None:
        raise CommandError(f"--add-restricted {pending!r} needs a --restriction after it")
    if args.json:
        print_json(
            {
                "announcement": pool.announce(),
                "by_type": {t.value: n for t, n in pool.by_type().items()},
                "steps": steps,
                "life_lost": life_lost,
                "pool": pool.to_json(),
            }
        )
    else:
        for line in lines:
            print(line)
        print(pool.announce())
    return 0


def _add(
    pool: ManaPool,
    name: str,
    value: str,
    choose: dict[str, str],
    pending: str | None,
    chosen_type: str | None,
) -> str | None:
    """A step adding mana (``--add``, ``--snow``, ``--until-end-of-turn``, or
    ``--add-restricted`` then its ``--restriction``): the restricted mana still
    waiting for its restriction."""
    from ..mana import Duration
    from ..restriction_text import parse_restriction

    if name == "add":
        pool.add_symbols(value, choose=choose)
    elif name == "snow":
        pool.add_symbols(value, choose=choose, snow=True)
    elif name == "until_end_of_turn":
        pool.add_symbols(value, choose=choose, duration=Duration.UNTIL_END_OF_TURN)
    elif name == "add_restricted":
        return value
    elif name == "restriction":
        if pending is None:
            raise CommandError("--restriction must follow an --add-restricted")
        restriction = parse_restriction(value, chosen_type=chosen_type)
        pool.add_symbols(pending, choose=choose, restriction=restriction)
        return None
    return pending


def _empty(pool: ManaPool, value: str) -> tuple[dict[str, Any], str]:
    """An ``--empty`` step (CR 500.4): the pool emptied at the end of a step or
    phase, as JSON and as a line."""
    from ..pool import Ending

    ending = Ending(value)
    result = pool.empty(ending)
    lost = _symbols(result.lost)
    step = {
        "step": "empty",
        "ending": ending.value,
        "lost": lost,
        "converted": [[b.type.symbol, a.type.symbol] for b, a in result.converted],
        "life_lost": result.life_lost,
    }
    line = f"end of {ending.value}: lost {lost or 'no mana'}"
    changed = [(b, a) for b, a in result.converted if b.type is not a.type]
    if changed:
        line += f"; {_symbols([b for b, _ in changed])} became "
        line += _symbols([a for _, a in changed])
    if result.life_lost:
        line += f"; mana burn: {result.life_lost} life lost"
    return step, line
