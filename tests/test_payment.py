"""Paying mana costs (CR 107.4, 118, 119.4, 202.1a, 601.2f-h), proven against an
independent brute-force enumerator."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgmana.colors import ManaType
from mtgmana.costs import ManaCost
from mtgmana.mana import Mana
from mtgmana.payment import CannotPay, Paid, can_pay, max_x, pay, plan_payment
from mtgmana.payment import _payment_objective as payment_objective
from mtgmana.request import PaymentRequest, Prefer
from mtgmana.restrictions import Spend, cost_contains, spells
from payment_oracle import all_payments, best_objective, check_payment, future_payable


def units(text: str, **flags: bool) -> list[Mana]:
    return [Mana.make(t, **flags) for t in text]  # type: ignore[arg-type]


# -- the named cases -----------------------------------------------------------------


def test_hybrid_then_colored_greedy_trap() -> None:
    """{W/U}{W} with {W}{U} floating: a greedy check that pays {W/U} with {W} fails."""
    payment = pay("{W/U}{W}", units("WU"))
    assert [str(part.paid_with) for part in payment.assignment] == ["{U}", "{W}"]


def test_phyrexian_with_one_black_pays_two_life_cr_107_4f() -> None:
    payment = pay("{B/P}{B}", units("B"), life=20)
    assert payment.life_paid == 2
    assert payment.assignment[0].paid_with == Paid(life=2)


def test_snow_cr_107_4h_and_seed_rulings_203_2_and_203_3() -> None:
    assert not can_pay("{W}{S}", units("W", snow=True))
    assert can_pay("{W}{S}", units("W") + units("U", snow=True))
    assert not can_pay("{S}", units("G"))  # non-snow mana can't pay {S}


def test_max_x_of_x_r_from_r_u_u() -> None:
    assert max_x("{X}{R}", units("RUU")) == 2
    assert max_x("{X}{X}{R}", units("RUUUU")) == 2
    assert max_x("{X}{R}", units("UU")) is None
    assert max_x("{R}", units("R")) == 0


def test_reaper_king_from_one_of_each_color() -> None:
    payment = pay("{2/W}{2/U}{2/B}{2/R}{2/G}", units("WUBRG"))
    assert [len(part.units) for part in payment.assignment] == [1] * 5
    assert not can_pay("{2/W}{2/U}{2/B}{2/R}{2/G}", units("WUBR"))
    assert can_pay("{2/W}{2/U}", units("CCCC"))  # two of any type each


def test_life_only_while_life_total_allows_cr_119_4() -> None:
    assert not can_pay("{1}{W/P}", units("GGGG"), life=1)
    assert can_pay("{1}{W/P}", units("GGGG"), life=2)
    assert pay("{1}{W/P}", units("GGGG"), life=2).life_paid == 2
    assert not can_pay("{W/P}{W/P}", [], life=3)
    assert can_pay("{W/P}{W/P}", [], life=4)


def test_greedy_land_planner_case() -> None:
    """{B}{B}{W} from lands B, W/B, G, U/B (as mana: each land's choice is mana here)."""
    assert can_pay("{B}{B}{W}", units("BWB"))


# -- CR 107.4: what each symbol accepts ---------------------------------------------


def test_cr_107_4a_colored_needs_that_color() -> None:
    assert not can_pay("{G}", units("WUBRC"))
    assert can_pay("{G}", units("G"))


def test_cr_107_4b_generic_any_type() -> None:
    for t in "WUBRGC":
        assert can_pay("{1}", units(t))


def test_cr_107_4c_colorless_only_colorless() -> None:
    assert not can_pay("{C}", units("WUBRG"))
    assert can_pay("{C}", units("C"))


def test_cr_107_4e_hybrid_and_monocolored_hybrid() -> None:
    assert can_pay("{W/U}", units("U")) and not can_pay("{W/U}", units("B"))
    assert can_pay("{2/B}", units("B")) and can_pay("{2/B}", units("GC"))
    assert not can_pay("{2/B}", units("G"))
    assert can_pay("{C/W}", units("C")) and can_pay("{C/W}", units("W"))
    assert not can_pay("{C/W}", units("U"))


def test_cr_107_4f_hybrid_phyrexian() -> None:
    assert can_pay("{G/U/P}", units("U")) and can_pay("{G/U/P}", [], life=2)
    assert not can_pay("{G/U/P}", units("R"), life=1)


def test_cr_107_4g_h_any_colored_or_life() -> None:
    assert can_pay("{H}", units("R")) and not can_pay("{H}", units("C"), life=1)
    assert can_pay("{H}", units("C"), life=2)


def test_legendary_source_symbol() -> None:
    assert not can_pay("{L}", units("G"))
    assert can_pay("{L}", units("G", legendary=True))


def test_half_mana_takes_a_whole_mana_cr_107_1a() -> None:
    assert can_pay("{HW}", units("W")) and not can_pay("{HW}", units("U"))
    assert str(pay("{½}", units("U")).assignment[0].paid_with) == "{U}"


def test_infinite_land_drop_and_no_mana_cost_are_unpayable_cr_118_6() -> None:
    for text in ("{∞}", "{D}", ""):
        assert not can_pay(text, units("WUBRGC" * 3), life=20)
        with pytest.raises(CannotPay):
            pay(text, units("WUBRGC"))
    with pytest.raises(CannotPay, match=r"118\.6"):
        pay("", units("G"))


def test_cr_118_6a_increased_unpayable_cost_is_still_unpayable() -> None:
    assert not can_pay(ManaCost.parse("").increase(2), units("GGG"))


def test_seed_ruling_203_3_pay_mana_equal_to_mana_value_any_combination() -> None:
    # "pay mana equal to its mana value": {1}{W/P}{W/P} has mana value 3 -> {3}.
    value = ManaCost.parse("{1}{W/P}{W/P}").mana_value
    assert can_pay(ManaCost.parse("{0}").increase(value), units("GCR"))


def test_cr_601_2f_total_cost_with_reduction() -> None:
    total = ManaCost.parse("{4}{U}").reduce_generic(2)
    assert can_pay(total, units("UUC")) and not can_pay(total, units("UC"))


# -- X -----------------------------------------------------------------------------


def test_x_with_a_chosen_value_and_x_mana_restriction() -> None:
    assert can_pay("{X}{B}", units("BBB"), x=2)
    assert not can_pay("{X}{B}", units("BBB"), x=3)
    # "Spend only black mana on X."
    assert not can_pay("{X}{B}", units("BRR"), x=2, x_mana="B")
    assert can_pay("{X}{B}", units("BBBR"), x=2, x_mana="B")
    assert max_x("{X}{B}", units("BBBRR"), x_mana="B") == 2
    payment = pay("{X}{B}", units("BBBRR"), x=2, x_mana="B")
    assert payment.x == 2 and all(u.type is ManaType.B for u in payment.spent)


# -- restrictions (CR 106.6) -----------------------------------------------------------


def test_restricted_mana_pays_only_what_its_restriction_allows() -> None:
    creature = spells(types="Creature")
    pool = [*units("G"), Mana.make("G", restriction=creature)]
    assert can_pay("{G}{G}", pool, spend=Spend.spell("Creature — Elf"))
    assert not can_pay("{G}{G}", pool, spend=Spend.spell("Sorcery"))


def test_restricted_mana_is_spent_before_unrestricted() -> None:
    creature = spells(types="Creature")
    restricted = Mana.make("G", restriction=creature)
    pool = [Mana.make("G"), restricted]
    payment = pay("{G}", pool, spend=Spend.spell("Creature — Elf"))
    assert payment.spent == (restricted,)


def test_mana_for_costs_that_contain_x() -> None:
    rosheen = Mana.make("C", restriction=cost_contains("{X}"))
    assert can_pay("{X}{R}", [rosheen, *units("R")], x=1)
    assert not can_pay("{1}{R}", [rosheen, *units("R")])


# -- preferences ------------------------------------------------------------------


def test_phyrexian_paid_with_mana_when_mana_to_spare_unless_life_preferred() -> None:
    assert pay("{G/P}", units("G"), life=20).life_paid == 0
    assert pay("{G/P}", units("G"), life=20, prefer=Prefer.LIFE).life_paid == 2
    assert pay("{G/P}", units("G"), life=1, prefer=Prefer.LIFE).life_paid == 0


def test_keeps_future_costs_payable() -> None:
    # Paying {1} with {U} would strand the {W}{W} still in hand, and vice versa.
    payment = pay("{1}", units("WWU"), future=["{W}{W}"])
    assert payment.spent[0].type is ManaType.U
    payment = pay("{1}", units("WUU"), future=["{U}{U}"])
    assert payment.spent[0].type is ManaType.W


def test_spends_colorless_first_for_generic() -> None:
    payment = pay("{2}{G}", units("GGCW"))
    assert sorted(u.type.value for u in payment.spent) == ["C", "G", "G"]


# -- all or nothing, and bad input -----------------------------------------------------


def test_failed_payment_names_the_shortfall() -> None:
    with pytest.raises(CannotPay, match=r"needs one more \{U\} or 2 life") as info:
        pay("{U/P}{U}", units("U"), life=1)
    assert isinstance(info.value, ValueError)
    with pytest.raises(CannotPay, match="needs two more mana"):
        pay("{4}", units("GG"))


def test_plan_payment_changes_nothing_and_units_stay_put() -> None:
    pool = units("WU")
    before = list(pool)
    plan_payment("{W}", pool)
    assert pool == before


@pytest.mark.parametrize(
    "kwargs",
    [{"life": -1}, {"life": 1.5}, {"x": -2}, {"x": True}, {"prefer": "life"}],
)
def test_bad_arguments_are_documented_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        pay("{X}{G}", units("GG"), **kwargs)  # type: ignore[arg-type]


def test_bad_cost_text_and_pool_items() -> None:
    with pytest.raises(ValueError):
        pay("{G", units("G"))
    with pytest.raises(TypeError):
        pay("{G}", ["G"])  # type: ignore[list-item]


# -- exactness against brute force ----------------------------------------------------

SYMBOLS = [
    "{W}", "{U}", "{B}", "{G}", "{C}", "{1}", "{2}", "{X}", "{W/U}", "{U/B}", "{G/W}",
    "{2/W}", "{2/B}", "{C/U}", "{W/P}", "{B/P}", "{G/U/P}", "{H}", "{S}", "{L}",
]  # fmt: skip
CREATURE_ONLY = spells(types="Creature")


@st.composite
def instances(draw: st.DrawFn) -> dict[str, object]:
    cost = ManaCost.from_symbols(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4)))
    pool = []
    for _ in range(draw(st.integers(0, 6))):
        pool.append(
            Mana.make(
                draw(st.sampled_from("WUBGC")),
                snow=draw(st.booleans()),
                legendary=draw(st.integers(0, 4)) == 0,
                restriction=CREATURE_ONLY if draw(st.integers(0, 3)) == 0 else None,
            )
        )
    spend = Spend.spell(draw(st.sampled_from(["Creature — Elf", "Instant"])))
    return {
        "cost": cost,
        "pool": pool,
        "life": draw(st.integers(0, 5)),
        "x": draw(st.integers(0, 2)),
        "spend": spend,
        "prefer": draw(st.sampled_from(Prefer)),
        "x_types": draw(st.sampled_from([None, {"B"}, {"W", "U"}])),
    }


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(instances())
def test_solver_agrees_with_brute_force(case: dict[str, object]) -> None:
    cost, pool, life, x = case["cost"], case["pool"], case["life"], case["x"]
    spend, prefer, x_types = case["spend"], case["prefer"], case["x_types"]
    assert isinstance(cost, ManaCost) and isinstance(pool, list)
    assert isinstance(life, int) and isinstance(x, int) and isinstance(prefer, Prefer)
    assert isinstance(spend, Spend)
    x_mana = sorted(x_types) if isinstance(x_types, set) else None
    oracle_sets = x_types if isinstance(x_types, set) else None
    optimum = best_objective(
        cost, pool, life=life, x=x, spend=spend, prefer=prefer, x_types=oracle_sets
    )
    answer = can_pay(cost, pool, life=life, x=x, spend=spend, x_mana=x_mana)
    assert answer == (optimum is not None)
    if optimum is None:
        with pytest.raises(CannotPay):
            plan_payment(cost, pool, life=life, x=x, spend=spend, prefer=prefer, x_mana=x_mana)
        return
    payment = plan_payment(cost, pool, life=life, x=x, spend=spend, prefer=prefer, x_mana=x_mana)
    check_payment(payment, cost, pool, life=life, x=x, spend=spend, x_types=oracle_sets)
    assert payment_objective(payment, pool, prefer=prefer) == optimum


FUTURE = ["{W}", "{U}{U}", "{1}{B}", "{G/W}", "{C}", "{W/P}"]


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(st.sampled_from(SYMBOLS[:14]), min_size=1, max_size=3),
    st.lists(st.sampled_from("WUBGC"), max_size=6),
    st.lists(st.sampled_from(FUTURE), max_size=3),
    st.integers(0, 4),
)
def test_future_costs_kept_payable_is_optimal(
    symbols: list[str], types: list[str], future_texts: list[str], life: int
) -> None:
    cost = ManaCost.from_symbols(symbols)
    pool = [Mana.make(t) for t in types]
    future = [ManaCost.parse(text) for text in future_texts]
    optimum = best_objective(cost, pool, life=life, future=future)
    if optimum is None:
        assert not can_pay(cost, pool, life=life)
        return
    payment = plan_payment(cost, pool, life=life, future=future)
    check_payment(payment, cost, pool, life=life)
    kept = future_payable(payment.remaining, life - payment.life_paid, future)
    assert payment_objective(payment, pool, future_payable=kept) == optimum


def test_oracle_enumerates_the_obvious() -> None:
    # Sanity check of the oracle itself: {W/U} from {W}{U} has exactly two payments.
    assert len(list(all_payments(ManaCost.parse("{W/U}"), units("WU"), life=0))) == 2


PLAIN = ["{W}", "{U}", "{G}", "{C}", "{1}", "{2}", "{3}", "{X}"]


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(st.sampled_from(PLAIN), min_size=1, max_size=4),
    st.lists(st.tuples(st.sampled_from("WUGC"), st.booleans(), st.booleans()), max_size=8),
    st.integers(0, 2),
)
def test_plain_fast_path_agrees_with_brute_force(
    symbols: list[str], specs: list[tuple[str, bool, bool]], x: int
) -> None:
    """The flow-free path for plain costs and unrestricted mana is exact too."""
    cost = ManaCost.from_symbols(symbols)
    pool = [Mana.make(t, snow=snow, legendary=legendary) for t, snow, legendary in specs]
    optimum = best_objective(cost, pool, life=0, x=x)
    assert can_pay(cost, pool, x=x) == (optimum is not None)
    if optimum is None:
        with pytest.raises(CannotPay):
            plan_payment(cost, pool, x=x)
        return
    payment = plan_payment(cost, pool, x=x)
    check_payment(payment, cost, pool, life=0, x=x)
    assert payment_objective(payment, pool) == optimum


# -- paying from a ManaPool (CR 601.2h: all or nothing) ---------------------------------


def test_pay_from_a_pool_spends_exactly_the_units_used_and_runs_riders() -> None:
    from mtgmana.mana import Rider
    from mtgmana.pool import ManaPool, ManaSpent

    pool = ManaPool()
    events: list[object] = []
    pool.subscribe(events.append)
    pool.add("G", 2)
    rider = Rider("bonus", "draw a card", trigger=True)
    restricted = pool.add("G", restriction=CREATURE_ONLY, riders=(rider,))
    payment = pay("{1}{G}", pool, spend=Spend.spell("Creature — Elf"))
    assert set(payment.spent) == set(pool_units_before(payment)) - set(pool.units)
    assert restricted[0] in payment.spent  # restricted mana first (CR 106.6)
    assert len(pool) == 1
    spent_events = [e for e in events if isinstance(e, ManaSpent)]
    assert len(spent_events) == 2
    assert [e.riders for e in spent_events if e.unit == restricted[0]] == [(rider,)]


def pool_units_before(payment: object) -> list[Mana]:
    assert hasattr(payment, "spent") and hasattr(payment, "remaining")
    return [*payment.spent, *payment.remaining]


def test_failed_payment_from_a_pool_changes_nothing() -> None:
    from mtgmana.pool import ManaPool

    pool = ManaPool()
    pool.add("U")
    pool.add("G", 3)
    before = pool.dumps()
    with pytest.raises(CannotPay):
        pay("{U}{U}", pool, life=20)
    assert pool.dumps() == before


def test_x_mana_is_spent_for_x() -> None:
    from mtgmana.pool import ManaPool
    from mtgmana.restrictions import cost_contains

    pool = ManaPool()
    pool.add("C", 2, restriction=cost_contains("{X}"))
    pool.add("R")
    payment = pay("{X}{R}", pool, x=2)
    assert payment.x == 2 and len(pool) == 0


# -- the direct payment of small costs (mtgmana._solver.small, issue 19) ------------

SMALL = ["{W}", "{U}", "{B}", "{C}", "{1}", "{2}", "{X}", "{W/U}", "{U/B}", "{2/W}", "{C/U}",
         "{W/P}", "{B/P}", "{G/U/P}", "{H}"]  # fmt: skip


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(st.sampled_from(SMALL), min_size=1, max_size=4),
    st.lists(st.tuples(st.sampled_from("WUBGC"), st.booleans(), st.booleans()), max_size=6),
    st.integers(0, 6),
    st.integers(0, 2),
    st.sampled_from(list(Prefer)),
)
def test_the_direct_small_payment_equals_the_flow_and_the_brute_force(
    symbols: list[str],
    kinds: list[tuple[str, bool, bool]],
    life: int,
    x: int,
    prefer: Prefer,
) -> None:
    """A few hybrid, Phyrexian and {2/W} symbols paid without the flow: payable
    exactly when the flow says so and the brute force finds a payment, legal, and
    of the optimal objective (zero disagreements)."""
    from mtgmana import payment as module
    from mtgmana._solver.small import small_payment

    cost = ManaCost.parse("".join(symbols))
    pool = [Mana.make(t, snow=snow, legendary=legendary) for t, snow, legendary in kinds]
    sign = 1 if prefer is Prefer.MANA else -1
    found = small_payment(cost, pool, life, x, sign)
    request = module._request(PaymentRequest.of(cost, life=life, x=x, prefer=prefer), pool)
    try:
        flow: module.Payment | None = module._plan(request)
    except CannotPay:
        flow = None
    optimum = best_objective(cost, pool, life=life, x=x, prefer=prefer)
    assert (optimum is None) == (flow is None)
    if found == []:
        assert flow is None
        with pytest.raises(CannotPay):
            plan_payment(cost, pool, life=life, x=x, prefer=prefer)
        return
    if found is None:  # too many ways to compare: the flow decides
        from mtgmana._solver.small import MAX_COMBINATIONS, _ways

        ways = _ways(cost, x) or []
        combinations = 1
        for options in ways:
            combinations *= len(options)
        assert flow is None or combinations > MAX_COMBINATIONS
        return
    assert flow is not None
    direct = plan_payment(cost, pool, life=life, x=x, prefer=prefer)
    check_payment(direct, cost, pool, life=life, x=x)
    assert payment_objective(direct, pool, prefer=prefer) == optimum
    assert payment_objective(flow, pool, prefer=prefer) == optimum
