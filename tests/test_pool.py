"""The mana pool: every clause of CR 106, 118.3a and 119.4 (as it bears on mana burn),
the 2007 glossary's "Mana Pool" and "Mana Burn" entries, the snow rulings of 2008
and the pool examples of ../shared/seeds/."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from mtgmana.colors import ManaType
from mtgmana.costs import ManaCost
from mtgmana.errors import ManaSyntaxError, MtgManaError
from mtgmana.mana import Duration, Mana, ManaKind, Rider, Source
from mtgmana.pool import (
    CURRENT_RULES,
    RULES_2008,
    EmptyResult,
    Ending,
    ManaAdded,
    ManaConverted,
    ManaEvent,
    ManaLost,
    ManaNotInPool,
    ManaPool,
    ManaSpent,
    RestrictedManaError,
    Retention,
    Rules,
)
from mtgmana.restriction_text import parse_restriction
from mtgmana.restrictions import Spend, abilities, costs, register_custom, spells
from mtgmana.symbols import ManaSymbol

CREATURES_ONLY = spells(types={"Creature"})
CREATURE = Spend.spell("Creature — Elf Druid", mana_cost="{1}{G}")
INSTANT = Spend.spell("Instant", mana_cost="{1}{R}")
FOREST = Source("p1", "Forest")
MOUNTAIN = Source("p2", "Mountain")


def record(pool: ManaPool) -> list[ManaEvent]:
    events: list[ManaEvent] = []
    pool.subscribe(events.append)
    return events


def symbols(units: Any) -> str:
    order = list(ManaType)
    return "".join(u.type.symbol for u in sorted(units, key=lambda u: order.index(u.type)))


# -- 106.1-106.2: types and symbols ------------------------------------------------------


def test_106_1b_six_types_of_mana_all_can_be_in_a_pool() -> None:
    pool = ManaPool()
    for mana_type in ManaType:
        pool.add(mana_type)
    assert pool.by_type() == dict.fromkeys(ManaType, 1)
    assert str(pool) == "{W}{U}{B}{R}{G}{C}"


def test_106_1a_five_colors_colorless_mana_has_no_color() -> None:
    pool = ManaPool()
    pool.add_symbols("{W}{U}{B}{R}{G}{C}")
    colored = [u for u in pool if u.color]
    assert len(colored) == 5
    (colorless,) = [u for u in pool if not u.color]
    assert colorless.type is ManaType.C


def test_106_2_mana_is_represented_by_mana_symbols() -> None:
    pool = ManaPool()
    added = pool.add_symbols("{G}{G}{U}")
    assert [str(u) for u in added] == ["{G}", "{G}", "{U}"]
    assert pool.announce() == "{U}{G}{G}"  # announced in WUBRGC order


# -- 106.3: sources ---------------------------------------------------------------------


def test_106_3_the_source_of_mana_from_an_ability_is_the_abilitys_source() -> None:
    pool = ManaPool()
    pool.add_symbols("{G}", source=FOREST, ability="{T}: Add {G}.")
    pool.add_symbols("{R}", source=MOUNTAIN, ability="{T}: Add {R}.")
    pool.add_symbols("{R}", source=Source("p3", "Mountain"))  # another Mountain
    assert pool.by_source() == {FOREST: 1, MOUNTAIN: 1, Source("p3", "Mountain"): 1}
    assert pool.count(source=MOUNTAIN) == 1


def test_106_3_the_source_of_mana_from_a_spell_is_that_spell() -> None:
    ritual = Source("s9", "Dark Ritual")
    pool = ManaPool()
    pool.add_symbols("{B}{B}{B}", source=ritual)
    assert {u.source for u in pool} == {ritual}


# -- 106.4 and 500.5: the pool, and emptying it ---------------------------------------------


def test_106_4_mana_can_be_spent_immediately_or_stay_in_the_pool() -> None:
    pool = ManaPool()
    (g,) = pool.add("G", source=FOREST)
    pool.spend([g], CREATURE)
    assert len(pool) == 0
    pool.add("R")
    assert len(pool) == 1  # stays as unspent mana until the step ends


@pytest.mark.parametrize("ending", list(Ending))
def test_106_4_the_pool_empties_at_the_end_of_each_step_and_phase(ending: Ending) -> None:
    pool = ManaPool()
    added = pool.add_symbols("{R}{R}{G}")
    events = record(pool)
    result = pool.empty(ending)
    assert result.lost == added and len(pool) == 0
    assert result.life_lost == 0  # no mana burn under the current rules
    assert events == [ManaLost(added, ending, 0)]  # "the player is said to lose this mana"


def test_500_5_empty_takes_an_ending_name_too() -> None:
    pool = ManaPool()
    pool.add("G")
    assert len(pool.empty("phase").lost) == 1
    with pytest.raises(MtgManaError, match="not an ending"):
        pool.empty("upkeep")


def test_106_4a_and_118_3a_announce_what_remains_after_paying() -> None:
    pool = ManaPool()
    pool.add_symbols("{R}{R}{G}", source=MOUNTAIN)
    (g,) = pool.add("G", restriction=CREATURES_ONLY)
    red = [u for u in pool if u.type is ManaType.R]
    pool.spend(red[:1], INSTANT)
    assert pool.announce() == "{R}{G}{G} (one {G} only to cast creature spells)"
    pool.spend([g], CREATURE)
    assert pool.announce() == "{R}{G}"


def test_106_4b_announce_on_passing_priority_in_the_words_players_use() -> None:
    pool = ManaPool()
    pool.add_symbols("{R}{R}{G}")
    pool.add_symbols("{G}", restriction=CREATURES_ONLY)
    assert str(pool) == "{R}{R}{G}{G} (one {G} only to cast creature spells)"
    pool.add("C", 3, restriction=abilities())
    pool.add("U", 2, snow=True, duration=Duration.UNTIL_END_OF_TURN)
    assert str(pool) == (
        "{U}{U}{R}{R}{G}{G}{C}{C}{C} (two {U} from snow sources, until end of turn; "
        "one {G} only to cast creature spells; three {C} only to activate abilities)"
    )
    assert ManaPool().announce() == "no mana"


def test_announce_groups_mana_alike_but_for_its_source() -> None:
    pool = ManaPool()
    for i in range(3):
        pool.add("G", restriction=CREATURES_ONLY, source=Source(i, "Elvish Mystic"))
    assert str(pool) == "{G}{G}{G} (three {G} only to cast creature spells)"


def test_announce_names_riders_as_the_card_does() -> None:
    pool = ManaPool()
    rider = Rider("uncounterable", "that spell can't be countered")
    pool.add("G", restriction=spells(types={"Creature"}, subtypes={"Elf"}), riders=(rider,))
    assert str(pool) == (
        "{G} (one {G} only to cast Elf creature spells, that spell can't be countered)"
    )


# -- 106.5 and 106.7: undefined types ---------------------------------------------------------


def test_106_5_meteor_crater_with_no_colored_permanents_adds_no_mana() -> None:
    pool = ManaPool()
    events = record(pool)
    chosen_color = None  # "Choose a color of a permanent you control": there is none
    assert pool.add(chosen_color, source=Source("l1", "Meteor Crater")) == ()
    assert len(pool) == 0 and events == []  # and nothing was "tapped for mana" (106.12a)


def test_106_7_exotic_orchard_with_no_type_it_could_produce_adds_no_mana() -> None:
    pool = ManaPool()
    could_produce: set[ManaType] = set()  # the opponent controls no lands
    assert pool.add(next(iter(could_produce), None), source=Source("l2", "Exotic Orchard")) == ()


# -- 106.6: restrictions, additional effects, delayed triggers --------------------------------


def test_106_6_restricted_mana_can_be_spent_only_as_allowed() -> None:
    pool = ManaPool()
    (g,) = pool.add("G", restriction=CREATURES_ONLY)
    with pytest.raises(RestrictedManaError) as caught:
        pool.spend([g], INSTANT)
    assert caught.value.unit == g and caught.value.spend == INSTANT
    assert "only to cast creature spells" in str(caught.value)
    assert g in pool
    assert pool.spend([g], CREATURE) == (g,)


def test_106_6_a_restriction_does_not_affect_the_manas_type() -> None:
    pool = ManaPool()
    (g,) = pool.add("G", restriction=CREATURES_ONLY)
    assert g.type is ManaType.G and pool.count("G") == 1
    assert pool.count(restricted=True) == 1 and pool.count(restricted=False) == 0


def test_106_6_additional_effects_and_delayed_triggers_are_reported_when_spent() -> None:
    uncounterable = Rider("uncounterable", "that spell can't be countered")
    trigger = Rider("draw", "When that mana is spent, draw a card.", trigger=True)
    pool = ManaPool()
    (g,) = pool.add("G", restriction=CREATURES_ONLY, riders=(uncounterable,))
    (u,) = pool.add("U", riders=(trigger,))
    events = record(pool)
    pool.spend([g, u], CREATURE)
    assert events == [
        ManaSpent(g, CREATURE, (uncounterable,)),
        ManaSpent(u, CREATURE, (trigger,)),
    ]


def test_106_6_doubling_cube_example_current_wording() -> None:
    # "A player's mana pool contains {R}{G} which can be spent only to cast creature
    # spells. [...] The player's mana pool now has {R}{R}{G}{G} in it, {R}{G} of which
    # can be spent on anything."
    pool = ManaPool()
    pool.add_symbols("{R}{G}", restriction=CREATURES_ONLY, source=Source("c1", "Cavern"))
    cube = Source("a1", "Doubling Cube")
    added = pool.double(source=cube, ability="{3}, {T}: Double the amount of each type ...")
    assert symbols(pool) == "{R}{R}{G}{G}"
    assert symbols(added) == "{R}{G}"
    assert all(u.restriction is None and u.source == cube for u in added)
    assert symbols(pool.spendable(INSTANT)) == "{R}{G}"  # "can be spent on anything"
    assert symbols(pool.spendable(CREATURE)) == "{R}{R}{G}{G}"


def test_106_6_doubling_cube_example_2015_wording() -> None:
    # Seed 000 (CR of 2015): "{1}{U} which can be spent only to pay cumulative upkeep
    # costs [...] now has {2}{U}{U} in it, {1}{U} of which can be spent on anything."
    upkeep = parse_restriction("Spend this mana only to pay cumulative upkeep costs.")
    pool = ManaPool()
    pool.add_symbols("{1}{U}", restriction=upkeep)
    pool.double()
    assert pool.by_type() == {ManaType.U: 2, ManaType.C: 2}
    assert pool.count(restricted=False) == 2
    assert symbols(pool.spendable(Spend.other_cost("cumulative upkeep"))) == "{U}{U}{C}{C}"
    assert symbols(pool.spendable(INSTANT)) == "{U}{C}"


def test_701_10f_doubling_adds_as_much_of_each_type_as_there_is() -> None:
    pool = ManaPool()
    assert pool.double() == ()
    pool.add_symbols("{W}{W}{W}{B}")
    pool.double()
    assert pool.by_type() == {ManaType.W: 6, ManaType.B: 2}


def test_106_6a_an_increase_carries_restrictions_and_one_trigger_per_mana() -> None:
    # Mana Reflection doubles mana from a permanent whose ability restricts it and
    # makes "when that mana is spent" triggers: each mana gets its own trigger.
    trigger = Rider("proliferate", "When that mana is spent, proliferate.", trigger=True)
    pool = ManaPool()
    added = pool.add(
        "G", 1, source=FOREST, restriction=CREATURES_ONLY, riders=(trigger,), multiplier=2
    )
    assert len(added) == 2 and len({u.uid for u in added}) == 2
    assert all(u.restriction == CREATURES_ONLY and u.riders == (trigger,) for u in added)
    events = record(pool)
    pool.spend(added, CREATURE)
    assert [e.riders for e in events if isinstance(e, ManaSpent)] == [(trigger,), (trigger,)]


def test_106_6a_increase_from_symbols() -> None:
    pool = ManaPool()
    assert symbols(pool.add_symbols("{R}{G}", multiplier=3)) == "{R}{R}{R}{G}{G}{G}"


# -- 106.8-106.11: adding mana from symbols ----------------------------------------------------


def test_106_8_hybrid_the_player_chooses_a_half() -> None:
    pool = ManaPool()
    assert symbols(pool.add_symbols("{W/U}")) == "{W}"  # default: the first colored half
    assert symbols(pool.add_symbols("{W/U}", choose={"{W/U}": "U"})) == "{U}"
    assert symbols(pool.add_symbols("{W/U}", choose=lambda s: ManaType.W)) == "{W}"


def test_106_8_generic_half_of_2_w_adds_two_colorless() -> None:
    pool = ManaPool()
    assert symbols(pool.add_symbols("{2/W}", choose={"{2/W}": "2"})) == "{C}{C}"
    assert symbols(pool.add_symbols("{2/W}")) == "{W}"
    assert symbols(pool.add_symbols("{C/W}", choose={"{C/W}": "C"})) == "{C}"


def test_106_8_a_half_the_symbol_does_not_have_is_an_error() -> None:
    pool = ManaPool()
    with pytest.raises(MtgManaError, match="not a half of"):
        pool.add_symbols("{G}{W/U}", choose={"{W/U}": "B"})
    with pytest.raises(MtgManaError, match="not a half of"):
        pool.add_symbols("{W/P}{W/U/P}", choose={"{W/U/P}": "P"})
    assert len(pool) == 0  # nothing added, not even the {G}


def test_106_9_phyrexian_adds_one_mana_of_its_color() -> None:
    pool = ManaPool()
    assert symbols(pool.add_symbols("{G/P}{B/P}")) == "{B}{G}"
    assert symbols(pool.add_symbols("{W/U/P}", choose={"{W/U/P}": "U"})) == "{U}"


def test_106_10_generic_adds_that_much_colorless() -> None:
    pool = ManaPool()
    assert symbols(pool.add_symbols("{3}")) == "{C}{C}{C}"
    assert pool.add_symbols("{0}") == ()
    assert symbols(pool.add_symbols(ManaSymbol.parse("{2}"))) == "{C}{C}"


def test_glossary_2007_variable_symbols_can_represent_colorless_mana() -> None:
    # "Numeral symbols and variable symbols can also represent colorless mana if they
    # appear in the effect of a spell or of a mana ability that reads 'add ...'."
    pool = ManaPool()
    with pytest.raises(MtgManaError, match="choose_x"):
        pool.add_symbols("{X}")
    assert symbols(pool.add_symbols(ManaCost.parse("{X}").choose_x(3))) == "{C}{C}{C}"


def test_106_11_snow_symbol_adds_colorless_mana() -> None:
    pool = ManaPool()
    (unit,) = pool.add_symbols("{S}")
    assert unit.type is ManaType.C and not unit.snow


def test_seed_ruling_203_4_snow_is_not_a_type_of_mana() -> None:
    # "{S} is not a color, you can't add {S} to your mana pool, and 'snow mana' is
    # not a type of mana": snow mana is mana of a type whose source was snow.
    pool = ManaPool()
    (g,) = pool.add_symbols("{G}", snow=True, source=Source("l5", "Snow-Covered Forest"))
    assert g.type is ManaType.G and g.snow
    assert str(pool) == "{G} (one {G} from a snow source)"


def test_seed_ruling_203_3_snow_is_decided_when_the_mana_is_produced() -> None:
    # "it matters only if the permanents that produced the mana had supertype snow at
    # the time the mana was produced. Changes before or after that time do not matter."
    land = Source("l6", "Forest")  # made snow by an effect, then not any more
    pool = ManaPool()
    (first,) = pool.add("G", source=land, snow=True)
    (second,) = pool.add("G", source=land, snow=False)
    assert first.snow and not second.snow
    assert pool.count(snow=True) == 1 and pool.count(source=land) == 2
    saved = ManaPool.loads(pool.dumps())
    assert saved.get(first.uid) is not None and saved.get(first.uid).snow  # type: ignore[union-attr]


def test_symbols_that_are_not_an_amount_of_mana_are_errors() -> None:
    pool = ManaPool()
    for text in ("{H}", "{HW}", "{½}", "{∞}", "{D}", "{L}"):
        with pytest.raises(MtgManaError):
            pool.add_symbols(text)
    with pytest.raises(ManaSyntaxError):
        pool.add_symbols("{T}")
    assert len(pool) == 0
    assert pool.add_symbols("") == ()


# -- 106.12: tapped for mana --------------------------------------------------------------


def test_106_12a_tapped_for_mana_triggers_can_be_built_on_mana_added() -> None:
    pool = ManaPool()
    triggered: list[Source | None] = []

    def wild_growth(event: ManaEvent) -> None:
        # "Whenever enchanted land is tapped for mana, its controller adds an
        # additional {G}."
        if isinstance(event, ManaAdded) and event.tapped_for_mana:
            source = event.units[0].source
            if source == FOREST:
                triggered.append(source)
                pool.add("G", source=Source("e1", "Wild Growth"))

    pool.subscribe(wild_growth)
    pool.add_symbols("{G}", source=FOREST, ability="{T}: Add {G}.")
    pool.add_symbols("{B}{B}{B}", source=Source("s1", "Dark Ritual"), ability="Add {B}{B}{B}.")
    assert triggered == [FOREST]
    assert symbols(pool) == "{B}{B}{B}{G}{G}"
    assert not ManaAdded((), "{1}, {T}").tapped_for_mana  # no effect text: not mana ability
    assert ManaAdded((), "{1}, {T}: Add {C}{C}.").tapped_for_mana


def test_106_12b_a_replacement_modifies_the_production_event() -> None:
    pool = ManaPool()
    events = record(pool)
    pool.add("G", source=FOREST, ability="{T}: Add {G}.", multiplier=2)  # Mana Reflection
    assert len(events) == 1 and isinstance(events[0], ManaAdded) and len(events[0].units) == 2


# -- 106.13: Drain Power ----------------------------------------------------------------------


def test_106_13_drain_power_moves_mana_unchanged() -> None:
    victim, caster = ManaPool(), ManaPool()
    trigger = Rider("t", "When that mana is spent, ...", trigger=True)
    moved = victim.add_symbols("{U}{U}", source=Source("l7", "Island"))
    moved += victim.add("G", restriction=CREATURES_ONLY, riders=(trigger,), source=FOREST)
    caster.add("R")
    lost_events, added_events = record(victim), record(caster)
    assert victim.transfer_to(caster, ability="Drain Power") == moved
    assert len(victim) == 0
    assert set(caster.units) >= set(moved)
    for unit in moved:  # same uid, source, restriction and riders
        assert caster.get(unit.uid) is unit
    assert lost_events == [ManaLost(moved, None, 0)]
    assert added_events == [ManaAdded(moved, "Drain Power")]
    assert str(caster) == (
        "{U}{U}{R}{G} (one {G} only to cast creature spells, When that mana is spent, ...)"
    )


def test_106_13_drain_power_on_oneself_changes_nothing() -> None:
    pool = ManaPool()
    pool.add_symbols("{B}{G}")
    before = pool.units
    events = record(pool)
    assert pool.transfer_to(pool) == before
    assert pool.units == before
    assert [type(e) for e in events] == [ManaLost, ManaAdded]


def test_drain_power_checks_before_moving_anything() -> None:
    pool = ManaPool()
    pool.add("G", 2)
    twin = ManaPool.loads(pool.dumps())  # the same units, loaded twice: a mistake
    with pytest.raises(MtgManaError, match="already in the other pool"):
        pool.transfer_to(twin)
    assert len(pool) == 2 and len(twin) == 2
    with pytest.raises(MtgManaError):
        pool.transfer_to("Drain Power")  # type: ignore[arg-type]


def test_drain_power_is_not_mana_burn_under_the_2008_rules() -> None:
    victim, caster = ManaPool(rules=RULES_2008), ManaPool(rules=RULES_2008)
    victim.add("R", 3)
    assert len(victim.transfer_to(caster)) == 3  # lost by an effect, not as a phase ended
    assert caster.empty(Ending.PHASE).life_lost == 3  # but the caster burns if unspent


def test_mana_short_loses_all_unspent_mana_despite_upwelling() -> None:
    pool = ManaPool(retention=[Retention.all(name="Upwelling")])
    pool.add_symbols("{R}{G}")
    assert pool.empty(Ending.TURN).lost == ()
    assert symbols(pool.lose_all().lost) == "{R}{G}"  # not "as steps and phases end"


def test_kruphix_applies_to_losing_mana_by_an_effect() -> None:
    pool = ManaPool(retention=[Retention.becomes_colorless(name="Kruphix")])
    pool.add_symbols("{R}{C}")
    result = pool.lose_all()
    assert result.lost == () and [(b.type, a.type) for b, a in result.converted] == [
        (ManaType.R, ManaType.C)
    ]
    assert str(pool) == "{C}{C}"


# -- 118.3, 118.3a: paying -------------------------------------------------------------------


def test_118_3_a_player_cant_pay_without_the_mana() -> None:
    pool, other = ManaPool(), ManaPool()
    (r,) = pool.add("R")
    (g,) = other.add("G")
    with pytest.raises(ManaNotInPool) as caught:
        pool.spend([r, g], INSTANT)
    assert caught.value.unit == g and "CR 118.3" in str(caught.value)
    assert pool.units == (r,)  # nothing changed
    with pytest.raises(ManaNotInPool, match="listed twice"):
        pool.spend([r, r], INSTANT)
    assert pool.units == (r,)
    pool.spend([r], INSTANT)
    with pytest.raises(ManaNotInPool):
        pool.spend([r], INSTANT)  # already spent


def test_118_3_a_forbidden_unit_among_allowed_ones_changes_nothing() -> None:
    pool = ManaPool()
    red = pool.add("R", 2)
    (g,) = pool.add("G", restriction=CREATURES_ONLY)
    events = record(pool)
    with pytest.raises(RestrictedManaError):
        pool.spend([*red, g], INSTANT)
    assert len(pool) == 3 and events == []


def test_118_3a_players_can_always_pay_0_mana() -> None:
    pool = ManaPool()
    assert pool.spend([], INSTANT) == ()


def test_118_3a_paying_removes_the_mana_and_reports_each_unit() -> None:
    pool = ManaPool()
    units = pool.add_symbols("{1}{R}")
    events = record(pool)
    assert pool.spend(units, INSTANT) == units
    assert len(pool) == 0
    assert events == [ManaSpent(u, INSTANT, ()) for u in units]


def test_spend_identifies_units_by_uid_and_returns_the_pools_units() -> None:
    pool = ManaPool(retention=[Retention.becomes_colorless()])
    (r,) = pool.add("R")
    pool.empty(Ending.STEP)  # r became colorless; the caller's object is stale
    (spent,) = pool.spend([r], INSTANT)
    assert spent.uid == r.uid and spent.type is ManaType.C


def test_x_mana_uses_the_paying_x_spend() -> None:
    # Rosheen Meanderer: "Spend this mana only on costs that contain {X}."
    pool = ManaPool()
    units = pool.add(
        "C", 4, restriction=parse_restriction("Spend this mana only on costs that contain {X}.")
    )
    fireball = Spend.spell("Sorcery", mana_cost="{X}{R}")
    with pytest.raises(RestrictedManaError):
        pool.spend(units[:1], INSTANT)
    assert pool.spend(units[:2], fireball.paying_x()) == units[:2]
    assert pool.spend(units[2:], fireball) == units[2:]  # any part of such a cost


def test_spend_needs_a_spend_description() -> None:
    pool = ManaPool()
    units = pool.add("R")
    with pytest.raises(MtgManaError, match="Spend"):
        pool.spend(units, "Lightning Bolt")  # type: ignore[arg-type]
    with pytest.raises(MtgManaError, match="not a unit"):
        pool.spend(["R"], INSTANT)  # type: ignore[list-item]
    assert len(pool) == 1


def test_a_custom_restriction_is_checked_before_anything_changes() -> None:
    expensive = register_custom(
        "test_pool.expensive", lambda s: s.mana_value >= 5, "only on spells with mana value 5+"
    )
    pool = ManaPool()
    units = pool.add("G", 2, restriction=expensive)
    with pytest.raises(RestrictedManaError, match="mana value 5"):
        pool.spend(units, CREATURE)
    assert pool.spend(units, Spend.spell("Creature", mana_cost="{5}{G}")) == units


# -- 119.3/119.4 and the 2007 glossary: the 2008 rules and mana burn ----------------------------


def test_glossary_2007_mana_pool_is_cleared_at_the_end_of_each_phase() -> None:
    # "The mana can be used immediately to pay a cost, or stored in the mana pool for
    # use later in the phase. The mana pool is cleared at the end of each phase."
    pool = ManaPool(rules=RULES_2008)
    pool.add_symbols("{G}{G}")
    assert pool.empty(Ending.STEP) == EmptyResult(ending=Ending.STEP)  # upkeep -> draw
    assert len(pool) == 2
    for ending in (Ending.PHASE, Ending.COMBAT, Ending.TURN):
        units = pool.add("G")
        assert pool.empty(ending).lost[-1:] == units


def test_glossary_2007_mana_burn() -> None:
    # "When a phase ends, any unused mana remaining in a player's mana pool is lost.
    # The player loses 1 life for each mana lost this way. This is called 'mana burn.'"
    pool = ManaPool(rules=RULES_2008)
    pool.add_symbols("{R}{R}{G}")
    events = record(pool)
    result = pool.empty(Ending.PHASE)
    assert len(result.lost) == 3 and result.life_lost == 3
    assert events == [ManaLost(result.lost, Ending.PHASE, 3)]
    assert pool.empty(Ending.PHASE).life_lost == 0  # nothing left to burn


def test_119_4_mana_burn_is_life_loss_not_a_payment_or_damage() -> None:
    # 119.4: a player may pay life only if their life total is at least the payment.
    # Mana burn is not a payment but loss of life (119.3), so it happens at any life
    # total; and it is not damage, so damage prevention can't stop it (seed 000:
    # "because it is loss of life, not damage, it can't be prevented").
    life = 1
    pool = ManaPool(rules=RULES_2008)
    pool.add("B", 3)
    result = pool.empty(Ending.PHASE)
    assert not life >= 3  # 3 life could not be *paid* (CR 119.4) ...
    assert result.life_lost == 3  # ... but 3 life is lost all the same
    life -= result.life_lost  # the engine applies it as life loss, not as damage
    assert life == -2
    assert not hasattr(result, "damage")


def test_mana_burn_alone_is_a_game_option() -> None:
    pool = ManaPool(rules=Rules(mana_burn=True))
    pool.add("U", 2)
    assert pool.empty(Ending.STEP).life_lost == 2  # current emptying, with burn
    assert str(Rules(mana_burn=True)) == "pool empties at the end of steps and phases, mana burn"
    assert str(RULES_2008) == "2008 rules" and str(CURRENT_RULES) == "current rules"
    assert Rules(mana_burn=True) == Rules(True, True, name="anything")
    with pytest.raises(MtgManaError):
        Rules(mana_burn="yes")  # type: ignore[arg-type]


def test_no_mana_burn_for_mana_kept_or_converted() -> None:
    pool = ManaPool(rules=RULES_2008, retention=[Retention.becomes_colorless()])
    pool.add("R", 2)
    result = pool.empty(Ending.PHASE)
    assert result.lost == () and result.life_lost == 0 and len(result.converted) == 2


# -- retention and durations -------------------------------------------------------------------


def test_upwelling_nothing_empties() -> None:
    pool = ManaPool(retention=[Retention.all(name="Upwelling")])
    pool.add_symbols("{W}{U}{C}")
    for ending in Ending:
        assert pool.empty(ending) == EmptyResult(ending=ending)
    assert len(pool) == 3


def test_omnath_and_leyline_tyrant_keep_one_type() -> None:
    omnath = Retention.type(ManaType.G, name="Omnath, Locus of Mana")
    tyrant = Retention.type("R", name="Leyline Tyrant")
    pool = ManaPool(retention=[omnath])
    pool.add_symbols("{R}{G}{G}{U}")
    assert symbols(pool.empty(Ending.STEP).lost) == "{U}{R}"
    pool.add_retention(tyrant)
    pool.add_symbols("{R}{B}")
    assert symbols(pool.empty(Ending.TURN).lost) == "{B}"
    assert str(pool) == "{R}{G}{G}"
    pool.remove_retention(omnath)  # Omnath leaves the battlefield
    assert symbols(pool.empty(Ending.STEP).lost) == "{G}{G}"
    with pytest.raises(MtgManaError, match="not applying"):
        pool.remove_retention(omnath)


def test_kruphix_and_horizon_stone_mana_becomes_colorless_instead() -> None:
    pool = ManaPool(retention=[Retention.becomes_colorless(name="Kruphix, God of Horizons")])
    (r,) = pool.add("R", source=MOUNTAIN, restriction=CREATURES_ONLY)
    (c,) = pool.add("C")
    events = record(pool)
    result = pool.empty(Ending.PHASE)
    assert result.lost == ()
    ((before, after),) = result.converted
    assert before is r and after.uid == r.uid and after.type is ManaType.C
    assert after.source == MOUNTAIN and after.restriction == CREATURES_ONLY  # kept
    assert pool.get(c.uid) is c  # colorless mana stays as it is
    assert events == [ManaConverted((r,), (after,), Ending.PHASE)]
    assert [u.uid for u in pool] == [r.uid, c.uid]  # same places in the pool


def test_omnath_locus_of_all_mana_becomes_black_instead() -> None:
    pool = ManaPool(retention=[Retention.becomes(ManaType.B, name="Omnath, Locus of All")])
    pool.add_symbols("{R}{B}")
    result = pool.empty(Ending.STEP)
    assert [(b.type, a.type) for b, a in result.converted] == [(ManaType.R, ManaType.B)]
    assert str(pool) == "{B}{B}"


def test_the_first_of_several_conversions_applies() -> None:
    pool = ManaPool(retention=[Retention.becomes(ManaType.B), Retention.becomes_colorless()])
    pool.add("R")
    pool.empty(Ending.STEP)
    assert str(pool) == "{B}"


def test_mana_that_lasts_until_end_of_turn() -> None:
    # "Until end of turn, you don't lose this mana as steps and phases end."
    pool = ManaPool()
    kept = pool.add("G", 2, duration=Duration.UNTIL_END_OF_TURN)
    pool.add("R")
    for ending in (Ending.STEP, Ending.PHASE, Ending.COMBAT):
        pool.empty(ending)
        assert pool.units == kept
    assert pool.empty(Ending.TURN).lost == kept  # cleanup ends (CR 514.2, 500.5)


def test_500_5a_mana_that_lasts_until_end_of_combat() -> None:
    pool = ManaPool()
    kept = pool.add("R", 3, duration=Duration.UNTIL_END_OF_COMBAT)
    pool.empty(Ending.STEP)  # declare attackers step ends
    pool.empty(Ending.PHASE)  # e.g. produced in the first main phase
    assert pool.units == kept
    assert pool.empty(Ending.COMBAT).lost == kept


def test_expired_durations_become_normal_when_mana_is_kept_anyway() -> None:
    upwelling = Retention.all(name="Upwelling")
    pool = ManaPool(retention=[upwelling])
    (g,) = pool.add("G", duration=Duration.UNTIL_END_OF_TURN)
    result = pool.empty(Ending.TURN)
    ((before, after),) = result.converted
    assert before is g and after.duration is Duration.NORMAL and after.uid == g.uid
    pool.remove_retention(upwelling)
    assert pool.empty(Ending.STEP).lost == (after,)  # next turn: lost like any mana


def test_retention_values() -> None:
    assert Retention.type("G") == Retention.type(ManaType.G, name="Omnath")
    assert repr(Retention.type(ManaType.G, name="Omnath")) == (
        "Retention.type(ManaType.G, name='Omnath')"
    )
    assert repr(Retention.all()) == "Retention.all()"
    assert repr(Retention.becomes_colorless()) == "Retention.becomes(ManaType.C)"
    assert str(Retention.all(name="Upwelling")) == (
        "Upwelling: no unspent mana is lost as steps and phases end"
    )
    assert str(Retention.becomes_colorless()) == (
        "mana that would be lost becomes colorless instead"
    )
    with pytest.raises(MtgManaError):
        Retention("type")
    with pytest.raises(MtgManaError):
        Retention("sometimes")  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        ManaPool(retention=["all"])  # type: ignore[list-item]
    with pytest.raises(MtgManaError):
        ManaPool(rules="2008")  # type: ignore[arg-type]


# -- adding: bad input ---------------------------------------------------------------------------


def test_add_rejects_bad_amounts_and_mixed_arguments() -> None:
    pool = ManaPool()
    for count in (-1, 1.5, True, "2"):
        with pytest.raises(MtgManaError, match="whole number"):
            pool.add("G", count)  # type: ignore[arg-type]
    kind = ManaKind(ManaType.G, FOREST)
    with pytest.raises(MtgManaError, match="either a ManaKind"):
        pool.add(kind, snow=True)
    with pytest.raises(MtgManaError):
        pool.add("purple")
    with pytest.raises(MtgManaError):
        pool.add("G", source="Forest")  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        pool.add("G", restriction="creature spells")  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        pool.add("G", riders=["draw"])  # type: ignore[list-item]
    with pytest.raises(MtgManaError):
        pool.add_symbols(3)  # type: ignore[arg-type]
    assert len(pool) == 0
    assert pool.add("G", 0) == ()
    assert [u.kind for u in pool.add(kind, 2)] == [kind, kind]


def test_add_units_rejects_units_already_there() -> None:
    pool = ManaPool()
    (g,) = pool.add("G")
    new = Mana.make("R")
    with pytest.raises(MtgManaError, match="already in this pool"):
        pool.add_units([new, g])
    with pytest.raises(MtgManaError, match="already in this pool"):
        pool.add_units([new, new])
    assert pool.units == (g,)
    assert pool.add_units([new]) == (new,)


# -- inspecting ----------------------------------------------------------------------------------


def test_inspection() -> None:
    pool = ManaPool()
    forest_mana = pool.add("G", 2, source=FOREST, snow=True)
    (r,) = pool.add("R", restriction=CREATURES_ONLY)
    assert len(pool) == 3 and list(pool) == [*forest_mana, r] and pool.units == (*forest_mana, r)
    assert r in pool and "R" not in pool and Mana.make("R") not in pool
    assert pool.count() == 3 and pool.count(ManaType.G) == 2 and pool.count("R") == 1
    assert pool.count(snow=True) == 2 and pool.count(restricted=True) == 1
    assert pool.count("G", snow=False) == 0
    assert pool.by_type() == {ManaType.R: 1, ManaType.G: 2}
    assert list(pool.by_type()) == [ManaType.R, ManaType.G]
    assert pool.by_source() == {FOREST: 2, None: 1}
    assert pool.by_kind() == {forest_mana[0].kind: 2, r.kind: 1}
    assert pool.units_of(r.kind) == (r,) and pool.units_of(ManaKind(ManaType.W)) == ()
    assert pool.get(r.uid) is r and pool.get(-1) is None
    assert pool.spendable(INSTANT) == forest_mana


# -- events ---------------------------------------------------------------------------------------


def test_subscribe_and_unsubscribe() -> None:
    pool = ManaPool()
    seen: list[ManaEvent] = []
    unsubscribe = pool.subscribe(seen.append)
    added = pool.add("G", ability="{T}: Add {G}.")
    assert seen == [ManaAdded(added, "{T}: Add {G}.")]
    unsubscribe()
    unsubscribe()  # twice is fine
    pool.add("G")
    assert len(seen) == 1
    with pytest.raises(MtgManaError):
        pool.subscribe("print")  # type: ignore[arg-type]


# -- JSON and repr ----------------------------------------------------------------------------


def full_pool() -> ManaPool:
    pool = ManaPool(rules=RULES_2008, retention=[Retention.type("G", name="Omnath")])
    pool.add_symbols("{R}{R}", source=MOUNTAIN)
    pool.add("G", snow=True, legendary=True, source=Source(7, "Snow Forest"))
    pool.add(
        "C",
        2,
        restriction=spells(types={"Artifact"}) | abilities(source_types={"Artifact"}),
        riders=(Rider("r", "text", True, (("n", 2), ("names", ("a", "b")))),),
        duration=Duration.UNTIL_END_OF_COMBAT,
    )
    pool.add("U", restriction=costs("cumulative upkeep"), duration=Duration.UNTIL_END_OF_TURN)
    return pool


def test_json_round_trip_keeps_everything() -> None:
    pool = full_pool()
    data = pool.to_json()
    json.dumps(data)  # JSON-friendly
    again = ManaPool.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data
    assert [(u.uid, u.kind) for u in again] == [(u.uid, u.kind) for u in pool]
    assert again.rules == pool.rules and again.retention == pool.retention
    assert str(again) == str(pool)


def test_json_keeps_the_wording_of_equal_restrictions() -> None:
    # Wording is not part of a restriction's equality, but it is what players read.
    plain = spells(types={"Creature"})
    worded = spells(types={"Creature"}, wording="only to cast creature spells (Food Chain)")
    pool = ManaPool()
    pool.add("G", restriction=plain)
    pool.add("G", restriction=worded)
    again = ManaPool.loads(pool.dumps())
    assert [u.restriction.text for u in again] == [u.restriction.text for u in pool]  # type: ignore[union-attr]
    assert again.to_json() == pool.to_json() and len(pool.to_json()["restrictions"]) == 2


def test_repr_rebuilds_the_pool() -> None:
    assert repr(ManaPool()) == "ManaPool()"
    pool = full_pool()
    rebuilt = eval(repr(pool), {"ManaPool": ManaPool})
    assert rebuilt.to_json() == pool.to_json()
    assert repr(ManaPool(rules=RULES_2008)).startswith("ManaPool.loads(")


def test_loading_reserves_uids_so_new_units_never_collide() -> None:
    data = ManaPool().to_json()
    data["kinds"] = [{"type": "G"}]
    data["units"] = [[10**9, 0]]
    pool = ManaPool.from_json(data)
    (new,) = pool.add("G")
    assert new.uid > 10**9 and len(pool) == 2


BAD_JSON: list[tuple[Any, str]] = [
    ([], "pool: expected an object"),
    ({"units": [], "extra": 1}, "pool: unknown key 'extra'"),
    ({"format": "chess"}, "format"),
    ({"version": 99}, "version"),
    ({"rules": {"mana_burn": "yes"}}, "rules.mana_burn"),
    ({"retention": [{"effect": "type"}]}, "retention[0].type: missing"),
    ({"retention": [{"effect": "all", "type": "G"}]}, "retention[0].type"),
    ({"retention": [{"effect": "maybe"}]}, "retention[0].effect"),
    ({"kinds": [{"type": "G"}, {"type": "P"}]}, "kinds[1].type: 'P' is not"),
    ({"kinds": [{"type": "G", "source": {"id": True}}]}, "kinds[0].source.id"),
    ({"restrictions": [{"ability": {}}, {"spell": {"typez": []}}]}, "restrictions[1]: bad"),
    ({"restrictions": [{"custom": "nope"}]}, "no custom restriction"),
    ({"restrictions": {}}, "restrictions: expected a list"),
    ({"kinds": [{"type": "G", "restriction": 0}]}, "kinds[0].restriction: no restriction 0"),
    ({"kinds": [{"type": "G", "riders": [{"text": "x"}]}]}, "kinds[0].riders[0].name: missing"),
    ({"kinds": [{"type": "G", "riders": [{"name": "x", "data": {"a": {}}}]}]}, "data.a"),
    ({"kinds": [{"type": "G", "duration": "forever"}]}, "kinds[0].duration"),
    ({"kinds": [{"type": "G"}], "units": [[1, 0], [2]]}, "units[1]: expected [uid, kind]"),
    ({"kinds": [{"type": "G"}], "units": [[1, 0], [0, 0]]}, "units[1]: uid"),
    ({"kinds": [{"type": "G"}], "units": [[1, 0], [2, 1]]}, "units[1]: no kind 1"),
    ({"kinds": [{"type": "G"}], "units": [[1, 0], [1, 0]]}, "units[1]: uid 1 appears twice"),
    ({"kinds": [{"type": "G"}], "units": [[1, True]]}, "units[0]: no kind True"),
]


@pytest.mark.parametrize(("data", "message"), BAD_JSON)
def test_bad_json_gives_a_clear_error(data: Any, message: str) -> None:
    with pytest.raises(MtgManaError) as caught:
        ManaPool.from_json(data)
    assert message in str(caught.value)


def test_bad_json_text() -> None:
    with pytest.raises(MtgManaError, match="must be JSON"):
        ManaPool.loads("{units: []")
    with pytest.raises(MtgManaError, match="must be JSON"):
        ManaPool.loads(None)  # type: ignore[arg-type]


def test_a_bad_unit_late_in_a_big_pool_fails_before_anything_is_built() -> None:
    pool = ManaPool()
    pool.add("G", 1000)
    data = pool.to_json()
    data["units"][-1][1] = 5
    built: list[ManaPool] = []
    original_init = ManaPool.__init__

    def spy(self: ManaPool, **kwargs: Any) -> None:
        built.append(self)
        original_init(self, **kwargs)

    ManaPool.__init__ = spy  # type: ignore[method-assign]
    try:
        with pytest.raises(MtgManaError, match=r"units\[999\]"):
            ManaPool.from_json(data)
    finally:
        ManaPool.__init__ = original_init  # type: ignore[method-assign]
    assert built == []


# -- speed (the benchmark in bench/ has the figures) ---------------------------------------


def big_pool(units: int = 10_000) -> ManaPool:
    pool = ManaPool(retention=[Retention.type("G")])
    restrictions = [None, CREATURES_ONLY, abilities(), costs("cumulative upkeep")]
    for i in range(units // 10):
        pool.add(
            list(ManaType)[i % 6],
            10,
            source=Source(i % 97, "Land"),
            restriction=restrictions[i % 4],
            snow=i % 5 == 0,
        )
    return pool


def test_a_big_pool_empties_announces_and_round_trips() -> None:
    """10,000 units of 24 kinds (their timings are in bench/bench_pool.py)."""
    pool = big_pool()
    announced = pool.announce()  # CR 106.4a: every unit, then "(680 {B} only to ...; ...)"
    symbols, _, special = announced.partition(" (")
    assert symbols.count("{") == len(pool)
    counts = [int(n) for n in re.findall(r"(\d+) \{", special)]
    assert sum(counts) == sum(1 for u in pool if u.kind.snow or u.kind.restriction)
    copy = ManaPool.loads(pool.dumps())
    assert copy.to_json() == pool.to_json() and copy.by_kind() == pool.by_kind()
    result = copy.empty(Ending.STEP)
    assert len(copy) == pool.count("G") == copy.count("G") > 0  # green is kept
    assert len(result.lost) == len(pool) - pool.count("G")
