"""One request behind both payment APIs (mtgmana.request): pools and boards take the
same options, with the same names, defaults and checks; pools may be written as
mana symbols; a board where a pool is expected (or the reverse) is an error naming
the right function; the board refuses the options the tapper doesn't model yet
rather than ignore them."""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mtgmana
from mtgmana import tapping
from mtgmana.ability_text import spend_of
from mtgmana.board import Board
from mtgmana.colors import ManaType
from mtgmana.costs import ManaCost
from mtgmana.errors import MtgManaError
from mtgmana.mana import Mana
from mtgmana.pool import ManaPool
from mtgmana.request import PaymentRequest, Prefer
from mtgmana.restrictions import Spend, SpendKind

PAIRS: list[tuple[Callable[..., Any], Callable[..., Any]]] = [
    (mtgmana.can_pay, tapping.can_pay),
    (mtgmana.max_x, tapping.max_x),
    (mtgmana.plan_payment, tapping.plan),
    (mtgmana.pay, tapping.plan),
]


def _options(function: Callable[..., Any]) -> dict[str, object]:
    """The keyword options of a payment function and their defaults."""
    return {
        name: parameter.default
        for name, parameter in inspect.signature(function).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    }


@pytest.mark.parametrize(("pools", "boards"), PAIRS, ids=lambda f: f.__qualname__)
def test_pools_and_boards_take_the_same_options(
    pools: Callable[..., Any], boards: Callable[..., Any]
) -> None:
    """The board's function takes the pool's options, same names and defaults, plus
    ``pool=`` (the floating mana): the pool is the second argument of the other."""
    pool_options, board_options = _options(pools), _options(boards)
    assert board_options.pop("pool") == ()
    assert pool_options == board_options
    request = _options(PaymentRequest.of)
    assert {name: request[name] for name in pool_options} == pool_options


def test_every_option_is_a_field_of_the_request() -> None:
    fields = set(inspect.signature(PaymentRequest).parameters) - {"cost"}
    assert set(_options(PaymentRequest.of)) == fields
    assert set(_options(mtgmana.pay)) == fields


# -- the checks, the same for both ---------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"life": -1}, MtgManaError, "life must be a whole number"),
        ({"life": True}, MtgManaError, "life must be a whole number"),
        ({"x": 1.5}, MtgManaError, "X must be a whole number"),
        ({"prefer": "life"}, MtgManaError, "prefer must be Prefer.MANA or Prefer.LIFE"),
        ({"partial": "yes"}, TypeError, "partial must be True or False"),
        ({"time_limit": -1.0}, MtgManaError, "time_limit must be 0 seconds or more"),
        ({"time_limit": "1"}, TypeError, "time_limit is a number of seconds"),
        ({"x_mana": [3]}, TypeError, "x_mana holds types of mana"),
        ({"x_mana": "Q"}, MtgManaError, "not a type of mana"),
        ({"future": "{G}"}, TypeError, "future is a list of costs"),
        ({"future": [("{G}", "spell")]}, TypeError, r"\(cost, Spend\)"),
        ({"spend": "Instant"}, TypeError, "spend must be a Spend"),
    ],
)
def test_bad_options_are_refused_alike_by_pools_and_boards(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    board = Board.parse("Forest")
    units = [Mana.make("G")]
    calls = [
        lambda: PaymentRequest.of("{G}", **options),  # type: ignore[arg-type]
        lambda: mtgmana.plan_payment("{G}", units, **options),
        lambda: tapping.plan("{G}", board, **options),
    ]
    if "prefer" not in options and "future" not in options:
        calls += [
            lambda: mtgmana.can_pay("{G}", units, **options),
            lambda: tapping.can_pay("{G}", board, **options),
        ]
    for call in calls:
        with pytest.raises(error, match=message):
            call()


def test_no_cost_is_the_spells_mana_cost_for_pools_and_boards() -> None:
    """``cost=None``: the mana cost of the spell ``spend`` describes (CR 601.2f)."""
    bolt = spend_of("Lightning Bolt")
    assert mtgmana.pay(None, "R", spend=bolt).cost == ManaCost.parse("{R}")
    assert tapping.plan(None, Board.parse("Mountain"), spend=bolt).cost == ManaCost.parse("{R}")
    for call in (
        lambda: mtgmana.can_pay(None, "R"),
        lambda: tapping.can_pay(None, Board.parse("Mountain")),
    ):
        with pytest.raises(MtgManaError, match="no cost: give one, or a spell"):
            call()


def test_the_request_fills_in_what_is_paid_for() -> None:
    request = PaymentRequest.of("{1}{G}", future=["{U}", ("{B}", Spend.spell("Instant"))])
    assert request.spent_on == Spend(SpendKind.SPELL, cost=ManaCost.parse("{1}{G}"))
    assert [spend.cost for _, spend in request.future] == [
        ManaCost.parse("{U}"),
        ManaCost.parse("{B}"),
    ]
    assert PaymentRequest.of("{X}", x_mana="{B}{R}").x_mana == {ManaType.B, ManaType.R}
    assert PaymentRequest.of("{X}", x_mana=[ManaType.G, "u"]).x_mana == {ManaType.G, ManaType.U}
    assert PaymentRequest.of("{X}", time_limit=1).time_limit == 1.0


# -- pools as the command line writes them -------------------------------------------------


def test_pool_strings_are_floating_mana_for_pools_and_boards() -> None:
    """``"{G}{G}"`` or ``"GG"``, as ``mtgmana pay --pool`` takes them."""
    assert mtgmana.can_pay("{G}{G}", "{G}{G}") and not mtgmana.can_pay("{G}{G}{G}", "GG")
    assert mtgmana.max_x("{X}{G}", "{3}{G}") == 3
    payment = mtgmana.pay("{1}{W/P}", "{C}", life=2)
    assert payment.life_paid == 2 and [str(u) for u in payment.spent] == ["{C}"]
    forest = Board.parse("Forest")
    assert tapping.can_pay("{1}{G}", forest, pool="{C}")
    assert tapping.max_x("{X}{G}", forest, pool="GG") == 2
    assert str(tapping.plan("{G}{U}", forest, pool="U").payment.spent[1]) == "{U}"
    with pytest.raises(MtgManaError, match="can't be floating mana"):
        mtgmana.can_pay("{G}", "{G/U}")


def test_a_mana_pool_is_still_spent_from() -> None:
    pool = ManaPool()
    pool.add("G", 2)
    mtgmana.pay("{G}", pool)
    assert str(pool) == "{G}"


# -- the wrong kind of source --------------------------------------------------------------


def test_a_board_given_as_a_pool_names_the_tappers_functions() -> None:
    board = Board.parse("Forest")
    for call in (mtgmana.can_pay, mtgmana.pay, mtgmana.plan_payment, mtgmana.max_x):
        with pytest.raises(TypeError, match=re.escape("mtgmana.tapping.can_pay(cost, board)")):
            call("{G}", board)


@pytest.mark.parametrize("pool", ["{G}", [Mana.make("G")], ManaPool()])
def test_a_pool_given_as_a_board_names_the_pools_functions(pool: Any) -> None:
    for call in (tapping.can_pay, tapping.plan, tapping.max_x):
        with pytest.raises(TypeError, match=re.escape("mtgmana.can_pay(cost, pool)")):
            call("{G}", pool)
    with pytest.raises(TypeError, match=re.escape("Board.parse('Forest, Sol Ring')")):
        tapping.can_pay("{G}", 42)  # type: ignore[arg-type]


def test_something_else_as_a_pool_says_what_a_pool_is() -> None:
    with pytest.raises(TypeError, match="a pool is a ManaPool, Mana units or mana symbols"):
        mtgmana.can_pay("{G}", 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a pool holds Mana units"):
        mtgmana.can_pay("{G}", ["G"])  # type: ignore[list-item]


# -- what the tapper doesn't model yet: refused when it matters, never ignored -------------


def test_the_board_refuses_options_it_doesnt_model_when_they_matter() -> None:
    board = Board.parse("Swamp, Swamp")
    with pytest.raises(MtgManaError, match="x_mana"):
        tapping.can_pay("{X}{B}", board, x=1, x_mana="B")
    with pytest.raises(MtgManaError, match=r"prefer=Prefer\.LIFE"):
        tapping.plan("{B/P}", board, prefer=Prefer.LIFE)
    with pytest.raises(MtgManaError, match="future costs with their own spend"):
        tapping.plan("{B}", board, future=[("{B}", Spend.ability("Artifact"))])
    # ... and takes them when they change nothing.
    assert tapping.can_pay("{B}", board, x_mana="B")  # no X
    assert tapping.can_pay("{X}{B}", board, x=1, x_mana="WUBRGC")  # every type
    assert tapping.plan("{B}", board, prefer=Prefer.LIFE).life_paid == 0  # no Phyrexian
    assert tapping.plan("{B}", board, future=[("{B}", Spend(SpendKind.SPELL))]).cost


def test_pool_only_options_change_nothing_for_a_pool() -> None:
    """``partial``: a pool has no card to leave out; ``time_limit``: its payment is one
    flow per cost, never cut short."""
    units = [Mana.make(t) for t in "WUB"]
    plain = mtgmana.plan_payment("{W/U}{B}", units)
    assert mtgmana.plan_payment("{W/U}{B}", units, partial=True, time_limit=0.0) == plain
    assert mtgmana.can_pay("{W}{U}{B}", units, partial=True, time_limit=5)


# -- the two agree where both answer -------------------------------------------------------

SYMBOLS = ["{W}", "{U}", "{G}", "{C}", "{1}", "{2}", "{X}", "{W/U}", "{2/G}", "{G/P}", "{C/W}"]


@given(
    st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4),
    st.text(alphabet="WUGC", max_size=6),
    st.integers(0, 4),
    st.integers(0, 2),
)
def test_pools_and_an_empty_board_agree(
    symbols: list[str], floating: str, life: int, x: int
) -> None:
    """Floating mana alone: the pool's answer and the tapper's (with nothing to tap)
    are the same, for the same request."""
    cost = "".join(symbols)
    empty = Board(())
    options: dict[str, Any] = {"life": life, "x": x}
    payable = mtgmana.can_pay(cost, floating, **options)
    assert tapping.can_pay(cost, empty, pool=floating, **options) == payable
    if payable:
        assert mtgmana.plan_payment(cost, floating, **options).life_paid == (
            tapping.plan(cost, empty, pool=floating, **options).life_paid
        )
    assert mtgmana.max_x(cost, floating, life=life) == tapping.max_x(
        cost, empty, pool=floating, life=life
    )


@given(
    cost=st.sampled_from(["{1}{G}", "{X}{B}{B}", "{2/W}{B/P}", "", "{W}{U}{B}{R}{G}"]),
    life=st.integers(0, 40),
    x=st.none() | st.integers(0, 9),
    prefer=st.sampled_from(list(Prefer)),
    future=st.sampled_from([(), [], ["{G}"], ("{1}",)]),
    x_mana=st.sampled_from([None, "B", "BR"]),
    partial=st.booleans(),
    time_limit=st.none() | st.floats(0, 5),
)
def test_of_builds_the_dataclass_value(**options: Any) -> None:
    """``PaymentRequest.of`` builds its value without the dataclass's ``__init__``
    (speed): the very value ``__init__`` gives — equal, same hash, repr and fields
    in order."""
    request = PaymentRequest.of(options.pop("cost"), **options)
    built = PaymentRequest(*(getattr(request, f.name) for f in dataclasses.fields(request)))
    assert request == built and hash(request) == hash(built) and repr(request) == repr(built)
    assert vars(request) == vars(built) and list(vars(request)) == list(vars(built))
    assert request.spent_on == Spend(SpendKind.SPELL, cost=request.cost)


@pytest.mark.parametrize("future", [None, 0, "{2}", ManaCost.parse("{2}")])
def test_of_still_refuses_a_future_that_isnt_a_list(future: Any) -> None:
    with pytest.raises(TypeError):
        PaymentRequest.of("{1}", future=future)
