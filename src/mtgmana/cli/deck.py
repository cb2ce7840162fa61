"""``mtgmana deck [FILE]``: a deck's mana report — per spell Karsten's requirement,
the deck's sources and the exact model's probability; a seeded Monte Carlo of the
real deck with the auto-tapper (P(on curve) and the delay with 95% intervals); the
mana curve, pips against sources, the land count against Karsten's 2022 formula and
ranked what-ifs (:mod:`mtgmana.analysis.summary`, :mod:`mtgmana.analysis.simulation`).

Reads a decklist from FILE, from standard input (``-``), or the example deck shipped
with mtgmana (``--example``): a plain ``4x Name`` list or an export of Arena, MTGO
(``.txt`` or ``.dek``), Moxfield, Archidekt, TappedOut, Forge (``.dck``) or
Cockatrice, recognised from the text (:mod:`mtgmana.analysis.decklists`); every
unknown card is named at once (JSON: ``"unknown": [{"line", "name", "suggestions"}]``),
and the error says that newer cards come with ``mtgmana cards update``;
``--skip-unknown`` analyses the rest of the deck instead, listing the cards left out
at the top of every report (the main deck's count as nonland cards of unknown cost).
Legality problems of the format (``--format``, inferred by default) are warnings at
the top of the report (JSON: ``"warnings"``). X spells are judged at X = 1 unless
``--x "Fireball=3"`` says otherwise (a name not in the deck, or a card without X,
is an error). A simulation expected to take more than 3 s shows its progress on
standard error (:mod:`._progress`): on a terminal a line updated in place with the
time left, otherwise one line saying how many games and roughly how long. ``--json``
prints every figure as one JSON object; ``--html FILE`` writes a self-contained page
(charts as inline SVG, nothing to install) and ``--png FILE`` the charts as a
picture (with matplotlib: ``pip install "mtgmana[plot]"``; without it the command
fails at once and says so). Text lines are at most 100 columns. Bad input (an
unreadable line, an unknown card, an empty deck, a deck without lands, a 10 MB
paste, turn 0, ...) exits with status 2 and says what and where, e.g.
``{"error": "line 3: unknown card name ...", "line": 3, "suggestions":
["Lightning Bolt"]}``.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ._output import CommandError, print_json

if TYPE_CHECKING:
    from ..analysis.decklists import DecklistError
    from ..analysis.decks import Deck
    from ..analysis.simulation import Simulation
    from ..analysis.summary import DeckSummary
    from ._progress import Mode

__all__ = ["read_decklist", "register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "deck",
        help="a deck's mana: Karsten's requirements, exact odds, a Monte Carlo, what-ifs",
        description="Analyze a decklist (a '4x Name' list or an Arena, MTGO, Moxfield, "
        "Archidekt, TappedOut, Forge or Cockatrice export, recognised from the text): per "
        "spell Karsten's requirement, the deck's sources and the exact probability; a "
        "seeded Monte Carlo with the auto-tapper; curve, colors, land count, what-ifs.",
    )
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help="the decklist ('-' for standard input)"
    )
    parser.add_argument(
        "--example", action="store_true", help="use the example deck shipped with mtgmana"
    )
    parser.add_argument(
        "--games",
        type=int,
        default=10_000,
        metavar="N",
        help="games to simulate (default 10000; 0: no simulation)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the simulation's seed (default 0)")
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="processes (0: one per core; default 1)"
    )
    parser.add_argument("--turns", type=int, metavar="T", help="the last turn simulated")
    parser.add_argument(
        "--x",
        action="append",
        default=[],
        metavar="NAME=X",
        help="X for a spell, e.g. 'Fireball=3' (repeatable; default X=1)",
    )
    parser.add_argument("--draw", action="store_true", help="on the draw (default: on the play)")
    parser.add_argument(
        "--skip-unknown",
        action="store_true",
        help="analyse the rest of a deck with unknown cards (listed at the top of the report; "
        "the main deck's count as nonland cards of unknown cost)",
    )
    parser.add_argument(
        "--what-if",
        action="append",
        default=[],
        metavar="CHANGE",
        help="a change to evaluate, e.g. '+1 Island' or '-1 Mountain, +1 Island' (repeatable)",
    )
    parser.add_argument(
        "--what-ifs", type=int, default=5, metavar="N", help="generated what-ifs shown (default 5)"
    )
    parser.add_argument(
        "--format",
        choices=("constructed", "limited", "commander"),
        type=str.lower,
        help="the format whose deckbuilding rules are checked (default: from the deck's "
        "shape: a commander or 99-100 cards is commander, under 50 cards limited)",
    )
    parser.add_argument(
        "--png",
        metavar="FILE",
        help='write the charts to a PNG file (needs matplotlib: pip install "mtgmana[plot]")',
    )
    parser.add_argument(
        "--html",
        metavar="FILE",
        help="write a self-contained HTML report (charts as SVG; nothing to install)",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the simulation's progress on standard error as a line updated in place "
        "(default: on a terminal when the run takes more than 3 s; else one line saying how "
        "long it will take)",
    )
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")
    parser.set_defaults(run=run)


_SKIP_HINT = "--skip-unknown analyses the rest of the deck"


def read_decklist(args: argparse.Namespace) -> str:
    """The decklist text the arguments name, read at most a little past the size
    limit (a huge file fails at once)."""
    from ..analysis.decklists import MAX_TEXT
    from ..analysis.decks import example_text

    text = getattr(args, "text", None)  # serve's "text": the decklist itself
    if text is not None:
        if args.example or args.file is not None:
            raise CommandError("give a decklist's text, a FILE or --example: one of them")
        if len(text) > MAX_TEXT:
            raise CommandError(f"the decklist is over {MAX_TEXT:,} characters: is it one?")
        return str(text)
    if args.example:
        if args.file is not None:
            raise CommandError("give a decklist FILE or --example, not both")
        return example_text()
    if args.file is None:
        raise CommandError("no decklist: give a FILE, '-' for standard input, or --example")
    try:
        if args.file == "-":
            text = sys.stdin.read(MAX_TEXT + 1)
        else:
            with open(args.file, encoding="utf-8-sig") as handle:
                text = handle.read(MAX_TEXT + 1)
    except FileNotFoundError:
        raise CommandError(f"no such file: {args.file!r}") from None
    except IsADirectoryError:
        raise CommandError(f"{args.file!r} is a directory, not a decklist") from None
    except UnicodeDecodeError as error:
        raise CommandError(
            f"{args.file!r} is not UTF-8 text (byte {error.start}): is it a decklist?"
        ) from None
    except OSError as error:
        raise CommandError(f"can't read {args.file!r}: {error.strerror}") from None
    if len(text) > MAX_TEXT:
        raise CommandError(
            f"the decklist is longer than {MAX_TEXT:,} characters (a deck list is a few "
            "kilobytes: was the wrong file given?)"
        )
    return text


def _x_values(items: list[str]) -> dict[str, int]:
    """``--x "Fireball=3"`` options as a mapping of names to X."""
    found: dict[str, int] = {}
    for item in items:
        name, sep, value = item.rpartition("=")
        if not sep or not name.strip() or not value.strip().isdigit() or len(value) > 6:
            raise CommandError(f"--x takes NAME=X, like 'Fireball=3', not {item!r}")
        if any(name.strip().casefold() == known.casefold() for known in found):
            raise CommandError(f"--x gives X for {name.strip()!r} twice")
        found[name.strip()] = int(value)
    return found


def _progress_mode(asked: bool | None) -> Mode:
    """``--progress``: the line in place; ``--no-progress``: nothing; by default the
    line in place on a terminal, else one line, once the run is expected to be long."""
    if asked is not None:
        return "bar" if asked else "off"
    return "terminal" if sys.stderr.isatty() else "line"


def _analysis(
    args: argparse.Namespace, text: str, x: dict[str, int]
) -> tuple[DeckSummary, Simulation | None]:
    """The deck's summary and, with ``--games``, its simulation; the picture and
    the page written when asked."""
    from ..analysis.decklists import Decklist

    if args.png:  # before a long simulation: without matplotlib, say so now
        from ..analysis.reports.pictures import require

        require()
    decklist = Decklist.parse(text)
    if not args.skip_unknown:
        decklist.resolve()  # unknown names are refused before the analysis is imported
    from ..analysis.decks import Deck
    from ..analysis.simulation import average_on_curve
    from ..analysis.summary import analyze

    deck = Deck.from_decklist(decklist, skip_unknown=args.skip_unknown)
    summary = analyze(
        deck,
        on_the_draw=args.draw,
        what_ifs=max(args.what_ifs, 0),
        changes=args.what_if,
        format=args.format,
        x=x,
        simulated=lambda changed: average_on_curve(changed, on_the_draw=args.draw, x=x),
    )
    simulation = _simulation(args, deck, x) if args.games else None
    if args.png:
        from ..analysis.reports.pictures import save_png

        save_png(summary, simulation, args.png)
    if args.html:
        from ..analysis.reports.html import save_html

        save_html(summary, simulation, args.html)
    return summary, simulation


def _simulation(args: argparse.Namespace, deck: Deck, x: dict[str, int]) -> Simulation:
    """``--games`` games of the deck, with a progress bar."""
    from ..analysis.simulation import simulate
    from ._progress import Progress

    bar = Progress(_progress_mode(args.progress), games=args.games)
    try:
        return simulate(
            deck,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            on_the_draw=args.draw,
            turns=args.turns,
            progress=bar,
            x=x,
        )
    finally:
        bar.close()


def _decklist_error(error: DecklistError) -> CommandError:
    """The command's error for a decklist it can't read: the line, suggestions, and
    the unknown names (with a hint at ``--skip-unknown``)."""
    details: dict[str, Any] = {}
    if error.line is not None:
        details["line"] = error.line
    if error.suggestions:
        details["suggestions"] = error.suggestions
    message = str(error)
    if error.problems:
        details["unknown"] = [
            {"line": p.line, "name": p.name, "suggestions": list(p.suggestions)}
            for p in error.problems
        ]
        message += ("\n" if "\n" in message else "; ") + _SKIP_HINT
    return CommandError(message, **details)


def _print(args: argparse.Namespace, summary: DeckSummary, simulation: Simulation | None) -> None:
    """Print the report (text or ``--json``) and the files written."""
    from ..analysis.reports.report import text_report, to_json

    if args.json:
        print_json(to_json(summary, simulation))
        return
    print(text_report(summary, simulation))
    for flag, path in (("picture", args.png), ("page", args.html)):
        if path:
            print(f"wrote the {flag} to {path}")


def run(args: argparse.Namespace) -> int:
    from ..analysis.decklists import DecklistError
    from ..errors import MtgManaError

    text = read_decklist(args)
    x = _x_values(getattr(args, "x", []) or [])
    if args.games < 0:
        raise CommandError(f"--games must be 0 or more, not {args.games}")
    try:
        summary, simulation = _analysis(args, text, x)
    except DecklistError as error:
        raise _decklist_error(error) from None
    except MtgManaError as error:
        raise CommandError(str(error)) from None
    _print(args, summary, simulation)
    return 0
