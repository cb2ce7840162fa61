"""Plans that replay exactly (issue 19, part 2): a thousand random plans of real
cards, each replayed step by step — through ``mtgmana serve`` (each step's
``activate`` request, the session's board and pool) and through ``Plan.apply`` —
leave the board and the pool as the plan says, and the cost is then paid from that
pool (CR 601.2g-h, 605.3a)."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from typing import Any

import pytest

from mtgmana import pay
from mtgmana.board import Board
from mtgmana.cli.serve import LIMITS, Session, serve
from mtgmana.colors import Color
from mtgmana.floating import floating_mana
from mtgmana.payment import CannotPay
from mtgmana.tapping import plan

CARDS = (
    "Forest", "Island", "Swamp", "Plains", "Mountain", "Wastes", "Tundra", "Bayou",
    "Adarkar Wastes", "Caves of Koilos", "Llanowar Wastes", "City of Brass", "Mana Confluence",
    "Sunken Ruins", "Mystic Gate", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion",
    "Flooded Grove", "Twilight Mire", "Azorius Signet", "Golgari Signet", "Dimir Signet",
    "Simic Signet", "Talisman of Dominance", "Sol Ring", "Springleaf Drum", "Llanowar Elves",
    "Birds of Paradise", "Treasure", "Ancient Tomb", "Arcane Signet", "Command Tower",
    "Mind Stone", "Grim Monolith", "Fellwar Stone", "Elvish Mystic",
)  # fmt: skip
SYMBOLS = ("{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{2}", "{W/U}", "{G/U}", "{B/P}",
           "{2/W}", "{U/B}")  # fmt: skip
PLANS = 1000


def _case(rng: random.Random) -> tuple[str, str, str, str]:
    names = [rng.choice(CARDS) for _ in range(rng.randint(1, 7))]
    sick = [n for n in names if n in ("Llanowar Elves", "Birds of Paradise") and rng.random() < 0.3]
    cost = "".join(rng.choice(SYMBOLS) for _ in range(rng.randint(1, 4)))
    floating = "".join(rng.choice("WUBRGC") for _ in range(rng.choice([0, 0, 1, 2])))
    floating = "".join("{" + t + "}" for t in floating)
    return ", ".join(names), ", ".join(sick), cost, floating


def _expected_pool(steps: list[dict[str, Any]], floating: str) -> Counter[tuple[str, Any]]:
    pool: Counter[tuple[str, Any]] = Counter((u.type.value, None) for u in floating_mana(floating))
    for step in steps:
        for unit in step["paid_with"]["mana"]:
            pool[(unit["type"], unit.get("source"))] -= 1
        for unit in step["produces"]:
            pool[(unit["type"], unit.get("source"))] += 1
    return +pool


def _replay_through_serve(
    session: Session, sources: str, sick: str, cost: str, floating: str
) -> str | None:
    """None when the plan replays exactly, else what went wrong."""

    def ask(**request: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(session.answer_bytes(json.dumps(request)))
        return answer

    board = {"op": "board", "sources": sources, "commander": "WUBRG"}
    if sick:
        board["sick"] = sick
    if "error" in ask(**board) or "error" in ask(op="update", pool=floating):
        return "board"
    planned = ask(op="tap", cost=cost, pool="session")
    if "error" in planned:
        return f"tap: {planned['error']}"
    if not planned["payable"]:
        return None
    for step in planned["steps"]:
        if step.get("trigger"):
            continue
        done = ask(op="activate", **step["activate"])
        if "error" in done:
            return f"activate {step['activate']}: {done['error']['message']}"
    state = ask(op="update")
    tapped = {p["permanent"] for p in state["board"] if p["tapped"]}
    left = {p["permanent"] for p in state["board"]}
    gone = set(planned["sacrificed"])
    if not set(planned["tapped"]) - gone <= tapped or gone & left:
        return f"board {state['board']} after {planned['steps']}"
    pool = Counter((u["type"], u.get("source")) for u in state["pool"])
    if pool != _expected_pool(planned["steps"], floating):
        return f"pool {state['pool']} after {planned['steps']}"
    life = 20 - planned["damage"] - sum(s["paid_with"]["life"] for s in planned["steps"])
    paid = ask(op="pay", cost=cost, pool="session", life=life)
    if not paid.get("payable"):
        return f"pay: {paid}"
    return None


def _replay_in_python(sources: str, sick: str, cost: str, floating: str) -> str | None:
    board = Board.parse(sources, commander_colors=Color.parse("WUBRG"))
    for name in filter(None, sick.split(", ")):
        index = next(
            i for i, p in enumerate(board.permanents) if p.name == name and not p.summoning_sick
        )
        board = board.changed(board.ids[index], summoning_sick=True)
    units = floating_mana(floating)
    try:
        result = plan(cost, board, pool=units)
    except CannotPay:
        return None
    after, pool = result.apply(board, units)
    if not all(after.permanent(i).tapped for i in result.tapped if i not in result.sacrificed):
        return "a permanent the plan taps is untapped"
    life = 20 - result.damage - sum(step.paid_with.life for step in result.steps)
    try:
        pay(cost, pool, life=life)
    except CannotPay as error:
        return f"pay: {error}"
    return None


def test_a_thousand_random_plans_replay_through_serve_and_plan_apply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The server's search budget is wall time: lifted, so the answers do not depend on the load.
    monkeypatch.setitem(LIMITS, "search_ms", 600_000)
    rng = random.Random(19)
    session = Session()
    failures: list[str] = []
    payable = 0
    for _ in range(PLANS):
        sources, sick, cost, floating = _case(rng)
        failures += _both_replays(session, sources, sick, cost, floating)
        payable += bool(plan_payable(sources, sick, cost, floating))
    _no_failures(failures)
    assert payable >= PLANS // 3  # the cases are mostly plans, not refusals


def _both_replays(session: Session, sources: str, sick: str, cost: str, floating: str) -> list[str]:
    """The plan replayed through serve and through ``Plan.apply``: what went wrong."""
    failures = []
    for where, why in (
        ("serve", _replay_through_serve(session, sources, sick, cost, floating)),
        ("python", _replay_in_python(sources, sick, cost, floating)),
    ):
        if why is not None:
            failures.append(f"{where}: {sources} | sick {sick} | {cost} | {floating}: {why}")
    return failures


def _no_failures(failures: list[str]) -> None:
    shown = "\n".join(failure[:600] for failure in failures[:5])
    assert not failures, f"{shown}\n({len(failures)} failures)"


def plan_payable(sources: str, sick: str, cost: str, floating: str) -> bool:
    board = Board.parse(sources, commander_colors=Color.parse("WUBRG"))
    try:
        plan(cost, board, pool=floating_mana(floating))
    except CannotPay:
        return False
    return True


def test_the_issues_repro_replays() -> None:
    """Island, Forest, Golgari Signet, Mystic Gate paying {U}{W/U}{1}{G/U}: each
    activation spends the units the plan names (76 of 1,168 plans failed before)."""
    out = io.StringIO()
    requests: list[dict[str, Any]] = [
        {"op": "board", "sources": "Island, Forest, Golgari Signet, Mystic Gate"},
        {"op": "tap", "cost": "{U}{W/U}{1}{G/U}", "pool": "session"},
    ]
    serve([json.dumps(r) for r in requests], out)
    steps = json.loads(out.getvalue().splitlines()[1])["steps"]
    requests += [{"op": "activate", **step["activate"]} for step in steps]
    requests.append({"op": "pay", "cost": "{U}{W/U}{1}{G/U}", "pool": "session"})
    out = io.StringIO()
    serve([json.dumps(r) for r in requests], out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all("error" not in a for a in answers), answers
    assert answers[-1]["payable"] is True and answers[-1]["remaining"] == []
    gate = next(s for s in steps if s["card"] == "Mystic Gate")["activate"]
    assert gate["pay"] == [{"type": "U", "source": 0}] and gate["ability"] == 1


def test_springleaf_drum_taps_the_creature_the_plan_names() -> None:
    board = Board.parse("Springleaf Drum, Llanowar Elves, Birds of Paradise [summoning_sick]")
    result = plan("{U}{G}", board)
    drum = next(step for step in result.steps if step.card == "Springleaf Drum")
    assert drum.activate is not None and drum.activate.tap == (2,)  # the sick Birds
    after, _ = result.apply(board)
    assert [p.tapped for p in after.permanents] == [True, True, True]


CUBE_CARDS = (
    "Forest", "Island", "Plains", "Wastes", "Tundra", "Adarkar Wastes", "Mystic Gate",
    "Sunken Ruins", "Azorius Signet", "Golgari Signet", "Sol Ring", "Treasure", "Mind Stone",
    "Birds of Paradise", "Mishra's Workshop", "Mana Confluence",
)  # fmt: skip
CUBE_PLANS = 25


def test_doubling_cube_plans_replay_through_serve_and_plan_apply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plans with Doubling Cube: its step's ``activate`` doubles the session's pool
    (CR 701.10f) and the steps after it spend the Cube's mana by its source."""
    monkeypatch.setitem(LIMITS, "search_ms", 600_000)
    rng = random.Random(701)
    session = Session()
    failures: list[str] = []
    cubes = 0
    for _ in range(CUBE_PLANS):
        names = [rng.choice(CUBE_CARDS) for _ in range(rng.randint(4, 6))] + ["Doubling Cube"]
        sources = ", ".join(names)
        cost = "".join(rng.choice((*SYMBOLS, "{3}", "{4}")) for _ in range(rng.randint(2, 4)))
        floating = "".join("{" + rng.choice("WUGC") + "}" for _ in range(rng.choice([0, 0, 1])))
        failures += _both_replays(session, sources, "", cost, floating)
        board = Board.parse(sources, commander_colors=Color.parse("WUBRG"))
        try:
            found = plan(cost, board, pool=floating_mana(floating))
        except CannotPay:
            continue
        cubes += any(step.card == "Doubling Cube" for step in found.steps)
    _no_failures(failures)
    assert cubes >= 3  # the Cube is in enough of the plans
