"""Plans and payments written straight as JSON text (``mtgmana._json_text``,
``mtgmana.tapping._plan_text``) are the very text the encoder writes for their
``to_json()`` — steps of every shape (triggered mana, CR 605.1b; painlands'
damage, CR 106.12; convoke and delve, CR 702.51a, 702.66a; restricted and snow
mana, CR 106.6, 107.4h) — and ``serve`` answers with the same bytes either way."""

from __future__ import annotations

import json
import random

import pytest

from mtgmana import pay
from mtgmana._json_text import TEXT, ints_text, paid_text, payment_text, units_text
from mtgmana.ability_text import spend_of
from mtgmana.board import Board
from mtgmana.cli._plan_text import plan_text, step_text
from mtgmana.cli._serve_io import Encoded, encode, encode_with_id
from mtgmana.cli.serve import Session
from mtgmana.mana import Mana, Source
from mtgmana.payment import CannotPay, Paid
from mtgmana.tapping import Plan, plan
from test_plan_json import _bench_plans

ODD_BOARDS = [
    ("Forest, Island, Mana Flare", ["{G}{U}", "{3}", "{G}{G}{U}"]),  # triggered mana
    ("Adarkar Wastes, City of Brass, Caves of Koilos", ["{W}{B}", "{U}{W}", "{3}"]),  # damage
    ("Snow-Covered Forest, Snow-Covered Island, Sol Ring", ["{S}{G}", "{2}{U}"]),  # snow
    ("Mishra's Workshop, Azorius Signet, Plains", ["{2}", "{1}{W}{U}"]),  # restricted
    ("Ancient Tomb, 2 Treasure, Simian Spirit Guide", ["{2}", "{R}{1}", "{3}{R}"]),
    ("Nyxbloom Ancient, Forest, Forest", ["{G}{G}{G}"]),  # modified by
    ("Springleaf Drum, Llanowar Elves, Birds of Paradise, Forest", ["{1}{G}", "{G}{G}"]),
    ("Phyrexian Tower, Llanowar Elves, Swamp", ["{B}{B}", "{2}"]),  # sacrifice
]


def _plans() -> list[Plan]:
    found = _bench_plans()
    for sources, costs in ODD_BOARDS:
        board = Board.parse(sources)
        for cost in costs:
            for life in (20, 2):
                try:
                    found.append(plan(cost, board, x=1, life=life, partial=True))
                except CannotPay:
                    continue
    elves, island = Board.parse("Forest, 4 Llanowar Elves"), Board.parse("Island", graveyard=7)
    found.append(plan(None, elves, x=2, spend=spend_of("Chord of Calling")))  # convoke
    found.append(plan(None, island, spend=spend_of("Treasure Cruise")))  # delve
    return found


def test_plans_are_written_as_the_encoder_writes_them() -> None:
    plans = _plans()
    shapes = set()
    for found in plans:
        assert plan_text(found) == TEXT.encode(found.to_json()), found
        assert plan_text(found) is plan_text(found)  # a plan asked again: written once
        for step in found.steps:
            assert step_text(step) == TEXT.encode(step.to_json())
            shapes.update(key for key, value in step.to_json().items() if value)
    # Every shape of step met: trigger, damage, sacrifice, modifier, exile.
    assert {"trigger", "damage", "modified_by", "activate"} <= shapes, shapes
    assert any(f.payment.assignment and f.payment.assignment[0].instead for f in plans)
    assert any(f.cut_short is False and f.floating_after for f in plans)


def test_ignored_cards_and_odd_ids_are_written_as_the_encoder_writes_them() -> None:
    found = plan("{G}", Board.parse("Forest"))
    ignored = Plan(found.cost, found.steps, found.payment, ((0, "Oddity", 'a "quoted" why'),))
    assert plan_text(ignored) == TEXT.encode(ignored.to_json())
    named = Mana.make("G", source=Source('é "x"', "Forest"), snow=True)
    assert units_text((named, named)) == TEXT.encode([named.to_json()] * 2)
    assert ints_text(()) == "[]" and ints_text((3, 12)) == TEXT.encode([3, 12])
    for paid in (Paid((named,), 2), Paid(tapped=(1, 2), exiled=1), Paid(energy=2, discarded=1)):
        assert paid_text(paid) == TEXT.encode(paid.to_json())


def test_payments_are_written_as_the_encoder_writes_them() -> None:
    rng = random.Random(5)
    costs = ["{1}{G}", "{2}{W}{U}", "{B/P}{B}", "{X}{R}", "{2/G}{U}", "{S}{G}", "{0}", "{X}{X}"]
    checked = 0
    for _ in range(300):
        pool = [Mana.make(t) for t in rng.choices("WUBRGC", k=rng.randint(0, 7))]
        try:
            payment = pay(rng.choice(costs), pool, x=rng.choice([None, 0, 2]), life=3)
        except CannotPay:
            continue
        assert payment_text(payment) == TEXT.encode(payment.to_json())
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("identifier", [None, 7, -2.5, "é", [1, {"a": None}], {"x": "y"}])
def test_an_answer_written_as_text_gets_its_id_first(identifier: object) -> None:
    answer = {"payable": True, "steps": [], "status": 0}
    text = Encoded(TEXT.encode(answer))
    assert encode_with_id(identifier, text) == encode({"id": identifier, **answer})
    assert encode_with_id(identifier, Encoded("{}")) == encode({"id": identifier})


def test_serve_answers_taps_with_the_same_bytes_as_their_json() -> None:
    """``answer_bytes`` (the text) and ``answer`` (the dict) agree, byte for byte."""
    session = Session()
    for sources, costs in ODD_BOARDS:
        for cost in [*costs, "{W}{U}{B}{R}{G}{G}{G}"]:  # the last unpayable
            request = {"op": "tap", "cost": cost, "sources": sources, "partial": True}
            line = session.answer_bytes(json.dumps({"id": 3, **request}).encode())
            assert line == encode({"id": 3, **session.answer(dict(request))})
