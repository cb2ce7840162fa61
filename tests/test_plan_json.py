"""Plans replayed through their JSON alone (CR 106.3, 119.4, 602.2, 605.3a), as an
engine in another language would: the board built from the same ``--sources`` list,
each step activated by its permanent's id and ability index with the mana it says,
its cost paid with the units of mana its ``paid_with`` names (type and source),
then the cost paid from the pool — on the benchmark's boards."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mtgmana import pay
from mtgmana.ability_text import spend_of
from mtgmana.board import Board
from mtgmana.colors import ManaType
from mtgmana.mana import Mana
from mtgmana.payment import CannotPay
from mtgmana.pool import ManaPool
from mtgmana.tapping import Plan, Replay, activate, plan
from mtgmana.tapping.plans import _trusted

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from bench_tapping import (
    ADVERSARIAL,
    COMMANDER,
    COMMANDER_COSTS,
    MIX,
    MIXED_20,
    STRESS,
    STRESS_COSTS,
)

SCALING = ["{1}{G}", "{2}{W}{U}", "{3}{B}{B}", "{U}{U}{U}", "{X}{R}{R}", "{2}{G/W}{G/W}",
           "{W}{U}{B}{R}{G}", "{1}{B/P}", "{2/W}{2/U}", "{5}{G}{G}{G}", "{C}{C}{S}"]  # fmt: skip
BOARDS = {
    "mix": (", ".join(MIX), SCALING),
    "mixed 20": (", ".join(MIXED_20), SCALING),
    "stress": (", ".join(STRESS), STRESS_COSTS),
    "commander": (", ".join(COMMANDER), COMMANDER_COSTS),
    "adversarial": (", ".join(ADVERSARIAL), ["{1}", "{W}{U}{B}{R}{G}", "{10}"]),
}


def _key(unit: dict[str, Any]) -> tuple[str, Any]:
    return unit["type"], unit.get("source")


def _take(pool: ManaPool, wanted: list[dict[str, Any]]) -> list[Mana]:
    """The pool's units that the JSON names, by type and source."""
    chosen: list[Mana] = []
    for item in wanted:
        unit = next(
            u
            for u in pool.units
            if u not in chosen and (u.type.value, u.source.id if u.source else None) == _key(item)
        )
        chosen.append(unit)
    return chosen


def _others(board: Board, step: dict[str, Any]) -> list[int]:
    """What a step's cost tapped besides the permanent itself ({T}: itself)."""
    cost = board.effective.permanent(step["permanent"]).abilities[step["ability_index"]].cost
    others = list(step["tapped"])
    if (cost.tap or cost.untap) and step["permanent"] in others:
        others.remove(step["permanent"])
    return others


def replay_json(data: dict[str, Any], sources: str, life: int = 20) -> None:
    board = Board.parse(sources)
    pool = ManaPool()
    steps = data["steps"]
    i = 0
    while i < len(steps):
        step = steps[i]
        assert not step.get("trigger")
        triggered = []
        i += 1
        while i < len(steps) and steps[i].get("trigger"):
            triggered.append(steps[i])
            i += 1
        produces = step["produces"] + [u for t in triggered for u in t["produces"]]
        done = activate(
            board,
            step["permanent"],
            step["ability_index"],
            produce=[u["type"] for u in produces],
            pool=pool,
            life=life,
            pay=_take(pool, step["paid_with"]["mana"]),
            tap=_others(board, step),
            sacrifice=[p for p in step["sacrificed"] if p != step["permanent"]],
            counters=step.get("counters", 0),
        )
        assert Counter(unit.to_json()["type"] for unit in done.produced) == Counter(
            u["type"] for u in produces
        )
        made = Counter((u.type.value, u.source.id if u.source else None) for u in done.produced)
        assert made == Counter(_key(u) for u in produces), (made, produces)
        assert done.life_paid == step["paid_with"]["life"]
        assert done.damage == step.get("damage", 0)
        assert sorted(done.tapped) == sorted(step["tapped"])
        assert sorted(done.sacrificed) == sorted(step["sacrificed"])
        board, pool = done.board, done.pool
        life -= done.life_paid + done.damage
    spent = [u for part in data["assignment"] for u in part["paid_with"]["mana"]]
    units = _take(pool, spent)
    phyrexian_life = sum(part["paid_with"]["life"] for part in data["assignment"])
    payment = pay(data["cost"], units, life=max(life, 0), x=data.get("x"))
    assert payment.life_paid == phyrexian_life
    left = Counter(_key(u.to_json()) for u in pool.units) - Counter(_key(u) for u in spent)
    assert left == Counter(_key(u) for u in data["floating_after"])


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_bench_plans_replay_through_their_json(name: str) -> None:
    sources, costs = BOARDS[name]
    board = Board.parse(sources)
    for cost in costs:
        try:
            found = plan(cost, board, x=2)
        except CannotPay:
            continue
        data = json.loads(json.dumps(found.to_json()))
        data["x"] = 2
        replay_json(data, sources)


def _bench_plans() -> list[Plan]:
    plans = []
    for sources, costs in BOARDS.values():
        board = Board.parse(sources)
        for cost in costs:
            try:
                plans.append(plan(cost, board, x=2))
            except CannotPay:
                continue
    return plans


def test_the_plans_values_are_those_their_constructors_make() -> None:
    """The tapper builds steps without their dataclass's ``__init__``
    (``plans._trusted``): the very values, every field set, in field order."""
    checked = 0
    for found in _bench_plans():
        for step in found.steps:
            values = [step, step.paid_with] + ([step.activate] if step.activate else [])
            for value in values:
                names = [f.name for f in dataclasses.fields(value)]
                rebuilt = type(value)(**{name: getattr(value, name) for name in names})
                assert list(vars(value)) == names
                assert vars(rebuilt) == vars(value)
                checked += 1
    assert checked > 100
    made = _trusted(Replay, permanent=1, ability=0, produce=(ManaType.G,), pay=(), tap=(),
                   sacrifice=(), counters=0)  # fmt: skip
    assert made == Replay(1, 0, (ManaType.G,)) and repr(made) == repr(Replay(1, 0, (ManaType.G,)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.permanent = 2  # type: ignore[misc]


def test_the_plans_totals_in_json_are_its_own() -> None:
    """``life_paid``, ``damage``, ``tapped``, ``sacrificed`` and ``exiled`` as the
    plan's properties say — with convoke and delve too (CR 702.51a, 702.66a)."""
    plans = _bench_plans()
    elves, island = Board.parse("Forest, 4 Llanowar Elves"), Board.parse("Island", graveyard=7)
    plans.append(plan(None, elves, x=2, spend=spend_of("Chord of Calling")))
    plans.append(plan(None, island, spend=spend_of("Treasure Cruise")))
    for found in plans:
        data = found.to_json()
        assert data["life_paid"] == found.life_paid and data["damage"] == found.damage
        assert data["tapped"] == list(found.tapped)
        assert data["sacrificed"] == list(found.sacrificed)
        assert data.get("exiled", 0) == found.exiled
    assert plans[-1].exiled == 7 and len(plans[-2].payment.assignment[0].instead) > 0
