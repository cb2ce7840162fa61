"""One mana ability activated by hand (mtgmana.tapping.activation): what CR 602.2,
605.3 and 106.5 refuse, each refusal saying why, and what a legal activation
leaves. (Plans replayed through ``activate``: tests/test_tapping.py,
tests/test_replay.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from mtgmana import CannotPay, MtgManaError
from mtgmana.battlefield import Board
from mtgmana.mana import Mana
from mtgmana.pool import ManaPool
from mtgmana.tapping import IllegalActivation, activate


def _pool(*types: str) -> ManaPool:
    pool = ManaPool()
    pool.add_units([Mana.make(t) for t in types])
    return pool


REFUSED: list[tuple[str, int, int, dict[str, Any], str]] = [
    # (sources, permanent, ability, keywords (the pool as letters), why)
    ("Plains", 1, 0, {"opponent": "Forest"}, "only its controller activates it (602.2)"),
    ("Forest", 0, 3, {}, "it has no mana ability 3 (it has 1: 0 to 0)"),
    ("Forest", 0, 0, {"produce": "{U}"}, "it can't make {U} (it makes {G}, a type per mana)"),
    ("Forest [tapped]", 0, 0, {}, "it is tapped ({T} needs it untapped, CR 602.2)"),
    ("Pili-Pala", 0, 0, {"pool": "GG"}, "it is untapped ({Q} needs it tapped, CR 107.6)"),
    ("Llanowar Elves [summoning_sick]", 0, 0, {}, "it has summoning sickness (CR 302.6)"),
    ("Tainted Field", 0, 1, {}, "only if you control a Swamp (CR 602.5b)"),
    ("Cabal Coffers", 0, 0, {"pool": "CC"}, "it adds no mana now (CR 106.5)"),
    ("Mana Confluence", 0, 0, {"life": 0}, "paying 1 life needs 1 life (CR 119.4)"),
    ("Aether Hub", 0, 1, {}, "it needs 1 energy, you have 0"),
    ("Azorius Signet", 0, 0, {"pool": "W", "pay": [Mana.make("G")]},
     "{G} is not in the pool"),
    ("Springleaf Drum", 0, 0, {}, "it taps 1 untapped creatures you control: there are not enough"),
]  # fmt: skip


@pytest.mark.parametrize(("sources", "permanent", "ability", "keywords", "why"), REFUSED)
def test_an_illegal_activation_says_why_and_changes_nothing(
    sources: str, permanent: int, ability: int, keywords: dict[str, Any], why: str
) -> None:
    options = dict(keywords)
    opponent = options.pop("opponent", "")
    pool = _pool(*options.pop("pool", ""))
    board = Board.parse(sources, opponent=opponent) if opponent else Board.parse(sources)
    with pytest.raises(IllegalActivation) as caught:
        activate(board, permanent, ability, pool=pool, **options)
    assert isinstance(caught.value, ValueError)  # public errors are ValueErrors
    assert str(caught.value).endswith(why), str(caught.value)
    assert f"({permanent})" in str(caught.value)  # the permanent, by its id
    assert sorted(str(unit) for unit in pool.units) == sorted(
        "{" + t + "}" for t in keywords.get("pool", "")
    )


def test_a_cost_the_pool_cant_pay_is_cannot_pay_naming_the_activation() -> None:
    with pytest.raises(CannotPay, match=r"can't pay \{1\}.*\(to activate Azorius Signet\)"):
        activate(Board.parse("Azorius Signet"), 0, 0)


def test_bad_arguments_are_errors() -> None:
    with pytest.raises(TypeError, match="expected a Board"):
        activate("Forest", 0, 0)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError, match="life must be a whole number, not '20'"):
        activate(Board.parse("Forest"), 0, 0, life="20")  # type: ignore[arg-type]


def test_what_a_legal_activation_leaves() -> None:
    # Azorius Signet paid from the pool (CR 605.3a): {1} spent, {W}{U} added.
    done = activate(Board.parse("Azorius Signet"), 0, 0, pool=_pool("G"))
    assert str(done.pool) == "{W}{U}" and [str(m) for m in done.spent] == ["{G}"]
    assert done.tapped == (0,) and done.board.permanents[0].tapped
    # Pili-Pala untaps itself ({Q}, CR 107.6): it must be tapped first.
    done = activate(Board.parse("Pili-Pala [tapped]"), 0, 0, pool=_pool("C", "C"), produce="B")
    assert str(done.pool) == "{B}" and done.untapped == (0,)
    assert not done.board.permanents[0].tapped
    # Mana Confluence: 1 life; Aether Hub with energy; Ashnod's Altar sacrifices.
    assert activate(Board.parse("Mana Confluence"), 0, 0, life=1).life_paid == 1
    hub = Board.parse("Aether Hub", energy=2)
    assert str(activate(hub, 0, 1, produce="{R}").pool) == "{R}"
    altar = activate(Board.parse("Ashnod's Altar, Grizzly Bears"), 0, 0)
    assert altar.sacrificed == (1,) and str(altar.pool) == "{C}{C}"
