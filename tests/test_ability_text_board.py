"""Reading the templates whose mana depends on more of the game than the permanents
(issue 12): costs that take energy (CR 107.14), cards from your hand (CR 701.9) or
graveyard, several permanents; amounts from your life total, graveyard, toughness,
domain, different powers, this turn's life gain and draws; conditions on facts of the
game (your turn, max speed, the initiative, a completed dungeon, corrupted), a total
power, an imprinted card, being modified (CR 700.9), a designation (CR 702.112b),
permanents with the same name; "for each color among ..." productions; filters on
colors, counters, defender and entering this turn — each checked on real cards."""

from __future__ import annotations

from functools import cache

import pytest

from mtgmana.ability_text import CardMana, mana_of, parse_mana
from mtgmana.board.abilities import (
    ANY_COLOR,
    ActivationCost,
    Amount,
    Choice,
    Condition,
    DynamicSlot,
    ManaAbility,
    PermanentFilter,
    Production,
    slot,
)
from mtgmana.board.effects import Layer
from mtgmana.cards import Card, CardDatabase
from mtgmana.colors import Color, ManaType
from mtgmana.costs import ManaCost

T = ActivationCost(tap=True)
WUBRG = "WUBRG"
CREATURES = frozenset({"Creature"})
PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)


@cache
def db() -> CardDatabase:
    return CardDatabase.bundled()


def card(name: str) -> Card:
    return db().lookup(name)


def read(name: str, face: int = 0) -> CardMana:
    result = mana_of(card(name), face)
    assert result.unsupported == (), result.unsupported
    return result


def ch(*slots: str | frozenset[ManaType] | DynamicSlot) -> Choice:
    return Choice(tuple(slot(s) if isinstance(s, str) else s for s in slots))


def one_color(n: int = 1) -> tuple[Choice, ...]:
    return tuple(ch(*(c * n)) for c in WUBRG)


def ab(
    cost: ActivationCost,
    *choices: Choice,
    per: Amount | None = None,
    once: bool = False,
    condition: Condition | None = None,
) -> ManaAbility:
    return ManaAbility(cost, Production(choices, per), None, once, condition=condition)


def mana(text: str) -> ManaCost:
    return ManaCost.parse(text)


# -- costs -------------------------------------------------------------------------------


def test_energy_costs() -> None:
    """CR 107.14: {E} is an energy counter; "Pay {E}{E}{E}" pays three."""
    assert read("Aether Hub").abilities == (
        ab(T, ch("C")),
        ab(ActivationCost(tap=True, energy=1), ch(ANY_COLOR)),
    )
    apparatus = read("Conversion Apparatus").abilities
    assert apparatus[1] == ab(
        ActivationCost(tap=True, energy=3), ch(ANY_COLOR, ANY_COLOR, ANY_COLOR)
    )
    assert apparatus[1].cost.resources == (3, 0, 0)
    assert str(apparatus[1].cost) == "{T}, Pay {E}{E}{E}"
    assert read("Servant of the Conduit").abilities[0].cost.energy == 1


def test_cards_from_your_hand() -> None:
    """Discarding (CR 701.9a) and exiling a card from your hand take a card from it."""
    (witch,) = read("Bog Witch").abilities
    assert witch == ab(ActivationCost(tap=True, mana=mana("{B}"), discard=1), ch("B", "B", "B"))
    (familiar,) = read("Skirge Familiar").abilities
    assert familiar == ab(ActivationCost(discard=1), ch("B"))
    (apprentice,) = read("Overeager Apprentice").abilities
    assert apprentice.cost == ActivationCost(sacrifice_self=True, discard=1)
    bloom = read("Cadaverous Bloom")
    (exile,) = bloom.abilities
    assert exile.cost.discard == 1 and str(exile.cost) == "Exile a card from your hand"
    assert exile.production.choices == (ch("B", "B"), ch("G", "G"))
    assert any("same as discarding" in note for note in bloom.notes)
    # "Discard your hand" (CR 701.9a): every card in it, however many; "Activate only
    # as an instant" (CR 602.5e): with priority only
    for name, tap in (("Lion's Eye Diamond", False), ("Diamond Lion", True)):
        (diamond,) = read(name).abilities
        assert diamond.cost == ActivationCost(tap=tap, sacrifice_self=True, discard_hand=True)
        assert diamond.only_as_instant and diamond.production.choices == one_color(3)
        assert diamond.cost.resources == (0, 0, 0)


def test_cards_from_your_graveyard() -> None:
    (molt,) = read("Molt Tender").abilities
    assert molt == ab(ActivationCost(tap=True, exile_graveyard=1), ch(ANY_COLOR))
    assert read("Titans' Nest").abilities[0].cost == ActivationCost(exile_graveyard=1)
    # the copy is a delayed trigger's: its targets aren't the mana ability's (CR 605.1a)
    palace = read("Sunken Palace").abilities
    assert palace[1].cost == ActivationCost(tap=True, mana=mana("{1}{U}"), exile_graveyard=7)


def test_a_delayed_triggers_targets_arent_the_abilitys() -> None:
    """CR 605.1a: "You may choose new targets for the copy" is the delayed triggered
    ability's (CR 603.7), so these are mana abilities; exiling itself as a cost is, for
    paying, sacrificing it."""
    (wellspring,) = read("Primal Amulet", 1).abilities  # Primal Wellspring
    assert wellspring.production == Production((ch(ANY_COLOR),))
    (ether,) = read("Ether").abilities
    assert ether.cost.sacrifice_self and str(ether.cost) == "{T}, Exile this artifact"
    assert any("exiles itself" in note for note in read("Ether").notes)
    assert parse_mana("{T}: Add {R}. Target creature gets +1/+0.").abilities == ()


def test_forage_is_two_ways_to_pay() -> None:
    """CR 701.61: exile three cards from your graveyard or sacrifice a Food."""
    forager = read("Thornvault Forager").abilities
    assert [a.cost.exile_graveyard for a in forager[1:]] == [3, 0]
    assert forager[2].cost.sacrifice == "Food" and forager[2].cost.tap
    assert all(a.production == Production((ch(ANY_COLOR, ANY_COLOR),)) for a in forager[1:])


def test_sacrificing_several() -> None:
    (ability,) = parse_mana("{T}, Sacrifice two Goats: Add {G}{G}{G}.").abilities
    assert ability.cost.sacrifice == "Goat" and ability.cost.sacrifice_count == 2
    assert str(ability.cost) == "{T}, Sacrifice two Goats"
    (ability,) = parse_mana("Sacrifice three artifacts: Add {C}{C}{C}{C}.").abilities
    assert (ability.cost.sacrifice, ability.cost.sacrifice_count) == ("artifact", 3)
    # X is a number the player chooses (Springjack Pasture): not modelled
    assert mana_of(card("Springjack Pasture")).unsupported[0][1] == (
        "cost: Sacrifice X Goats (X is a choice)"
    )


def test_tapping_a_creature_of_a_color() -> None:
    (architect,) = read("Grand Architect").abilities
    blue = PermanentFilter(card_types=CREATURES, colors=Color.U)
    assert architect.cost.tapped_others == (blue, 1)
    assert str(blue) == "blue creature you control"


# -- amounts -----------------------------------------------------------------------------


def test_amounts_from_life_toughness_and_this_turn() -> None:
    (sanctum,) = read("Azor's Gateway", 1).abilities  # Sanctum of the Sun
    assert sanctum == ab(T, *one_color(), per=Amount("life"))
    (vhal,) = read("Vhal, Candlekeep Researcher").abilities
    assert vhal.production == Production((ch("C"),), Amount("toughness"))
    assert vhal.restriction is not None  # "can't be spent to cast spells from your hand"
    adherent = read("Arbor Adherent").abilities[1]
    others = PermanentFilter(card_types=CREATURES, other=True)
    assert adherent.production.per == Amount("greatest toughness", others)
    alchemist = read("Accomplished Alchemist").abilities[1]
    assert alchemist.production.per == Amount("life gained this turn")
    (kydele,) = read("Kydele, Chosen of Kruphix").abilities
    assert kydele.production == Production((ch("C"),), Amount("cards drawn this turn"))


def test_amounts_from_your_graveyard() -> None:
    """The cards' characteristics in a graveyard (CR 110.4a: permanent cards)."""
    crypt = read("Crypt of Agadeem").abilities[1]
    black_creatures = PermanentFilter(card_types=CREATURES, colors=Color.B)
    assert crypt == ab(
        ActivationCost(tap=True, mana=mana("{2}")),
        ch("B"),
        per=Amount("graveyard", black_creatures),
    )
    assert str(crypt.production.per) == "black creature card in your graveyard"
    (ritualist,) = read("Deathbloom Ritualist").abilities
    assert ritualist.production.per == Amount("graveyard", PermanentFilter(card_types=CREATURES))
    (core,) = read("Matzalantli, the Great Door", 1).abilities  # The Core
    assert core.production.per == Amount("graveyard", PermanentFilter(card_types=PERMANENT_TYPES))


def test_domain_and_different_powers() -> None:
    (geoscope,) = read("Prismatic Geoscope").abilities
    lands = PermanentFilter(card_types=frozenset({"Land"}))
    assert geoscope.production.per == Amount("basic land types", lands)
    (selvala,) = read("Selvala, Eager Trailblazer").abilities
    assert selvala == ab(
        T, *one_color(), per=Amount("different powers", PermanentFilter(card_types=CREATURES))
    )


def test_filters_on_defender_and_entering_this_turn() -> None:
    defenders = PermanentFilter(card_types=CREATURES, keywords=frozenset({"defender"}))
    (axebane,) = read("Axebane Guardian").abilities
    assert axebane.production == Production(
        (ch(ANY_COLOR),), Amount("permanents", defenders), False
    )
    assert read("Axebane Guardian").keywords == frozenset({"defender"})
    (battlement,) = read("Overgrown Battlement").abilities
    assert battlement.production.per == Amount("permanents", defenders)
    (alena,) = read("Alena, Kessig Trapper").abilities
    fresh = PermanentFilter(card_types=CREATURES, entered_this_turn=True)
    assert alena.production.per == Amount("greatest power", fresh)
    # only the keywords filters ask about are recorded
    assert parse_mana("Flying, vigilance").keywords == frozenset()


# -- productions the board resolves ------------------------------------------------------


def _each(family: str) -> Choice:
    return Choice(tuple(DynamicSlot[f"EACH_{family}_{c}"] for c in WUBRG))


def test_for_each_color_among() -> None:
    """One slot per color, each that color if some such permanent has it (else no mana,
    CR 106.5)."""
    assert read("Bloom Tender").abilities == (ab(T, _each("PERMANENT")),)
    assert read("Faeburrow Elder").abilities == (ab(T, _each("PERMANENT")),)
    vista = read("Tarnation Vista").abilities
    assert vista[1] == ab(ActivationCost(tap=True, mana=mana("{1}")), _each("MONOCOLORED"))
    assert read("Sunbird Standard", 1).abilities == (ab(T, _each("CHOSEN")),)


def test_dynamic_slots_of_colors() -> None:
    (grafstone,) = read("Corrupted Grafstone").abilities
    assert grafstone == ab(T, ch(DynamicSlot.GRAVEYARD_COLORS))
    havens = read("The Grey Havens").abilities
    assert havens[0].production.choices[1] == ch(DynamicSlot.GRAVEYARD_LEGENDARY_CREATURE_COLORS)
    (effect,) = read("Katilda, Dawnhart Prime").statics
    assert effect.layer is Layer.ABILITY
    assert effect.affects == PermanentFilter(card_types=CREATURES, subtypes=frozenset({"Human"}))
    assert effect.grants[0].production.choices == (ch(DynamicSlot.OWN_COLORS),)


# -- conditions --------------------------------------------------------------------------

FACT_CONDITIONS = {
    "Lavinia, Foil to Conspiracy": (frozenset({"your turn"}), True, True),
    "Glistening Sphere": (frozenset({"corrupted"}), False, True),
    "Endrider Catalyzer": (frozenset({"max speed"}), False, False),  # CR 702.179
    "Howlsquad Heavy": (frozenset({"max speed"}), False, False),
    "Muraganda Raceway": (frozenset({"max speed"}), False, False),
}


@pytest.mark.parametrize("name", sorted(FACT_CONDITIONS))
def test_conditions_on_facts(name: str) -> None:
    facts, negated, activation = FACT_CONDITIONS[name]
    condition = read(name).abilities[-1].condition
    assert condition is not None
    assert (condition.facts, condition.negated, condition.activation) == (
        facts,
        negated,
        activation,
    )


def test_your_turn_and_once() -> None:
    (vivi,) = read("Vivi Ornitier").abilities
    assert vivi.once_per_turn and vivi.condition is not None
    assert vivi.condition.facts == frozenset({"your turn"}) and not vivi.condition.negated
    assert str(vivi.condition) == "it's your turn"
    (lavinia,) = read("Lavinia, Foil to Conspiracy").abilities
    assert str(lavinia.condition) == "it isn't your turn"


INSTEAD = {
    "Sarevok's Tome": ("initiative", "CC"),
    "Undermountain Adventurer": ("completed a dungeon", "GGGGGG"),
}


@pytest.mark.parametrize("name", sorted(INSTEAD))
def test_instead_on_facts(name: str) -> None:
    fact, letters = INSTEAD[name]
    without, with_it = read(name).abilities[:2]
    wanted = Condition(facts=frozenset({fact}), activation=False)
    assert with_it.condition == wanted and without.condition == wanted.negate()
    assert with_it.production == Production((ch(*letters),))


def test_imprint_total_power_same_name() -> None:
    labyrinth = read("Ugin's Labyrinth").abilities
    assert [a.condition for a in labyrinth[:2]] == [
        Condition(imprinted=True, activation=False, negated=True),
        Condition(imprinted=True, activation=False),
    ]
    (elders,) = read("Circle of Elders").abilities
    creatures = PermanentFilter(card_types=CREATURES)
    assert elders.condition == Condition(total_power=((creatures, 8),))
    sceptre = read("Sceptre of Eternal Glory").abilities[1]
    lands = PermanentFilter(card_types=frozenset({"Land"}))
    assert sceptre.condition == Condition(same_name=((lands, 3),))


def test_abilities_the_object_gives_itself() -> None:
    """ "As long as this creature is modified (CR 700.9) / renowned (CR 702.112b) / the
    top card of your library is a land card, it has "..."": its own ability, there
    while the condition holds (checked as it resolves)."""
    orochi = read("Orochi Merge-Keeper").abilities
    assert orochi[1] == ab(T, ch("G", "G"), condition=Condition(modified=True, activation=False))
    (hierarch,) = read("Honored Hierarch").abilities
    renowned = Condition(designations=frozenset({"renowned"}), activation=False)
    assert hierarch == ab(T, ch(ANY_COLOR), condition=renowned)
    (channelers,) = read("Mul Daya Channelers").abilities
    assert channelers.condition == Condition(
        facts=frozenset({"top card is a land"}), activation=False
    )
    assert channelers.production.choices == one_color(2)


def test_statics_on_creatures_with_counters() -> None:
    (jiang,) = read("Jiang Yanggu, Wildcrafter").statics
    assert jiang.affects == PermanentFilter(card_types=CREATURES, with_counters=True)
    (rishkar,) = read("Rishkar, Peema Renegade").statics
    assert rishkar.affects.with_counters and rishkar.grants == (ManaAbility.simple("G"),)


def test_a_mana_trigger_while_a_fact_holds() -> None:
    (trigger,) = read("Regal Behemoth").triggers
    assert trigger.condition == Condition(facts=frozenset({"monarch"}), activation=False)
    assert trigger.tapped == PermanentFilter(card_types=frozenset({"Land"}))


def test_three_mana_of_that_type_instead() -> None:
    """Incubation Druid: "one mana of any type that a land you control could produce"
    (CR 106.7), or with a +1/+1 counter on it, three mana of one such type — a
    choice per type, each slot that type if a land could produce it."""
    plain, adapted = read("Incubation Druid").abilities
    counter = Condition(counters=1, activation=False)
    assert plain == ab(T, ch(DynamicSlot.OWN_LAND_TYPES), condition=counter.negate())
    assert adapted == ab(
        T, *(ch(*[DynamicSlot[f"OWN_LAND_TYPE_{t}"]] * 3) for t in "WUBRGC"), condition=counter
    )
    (fixed,) = parse_mana(
        "{T}: Add {R} or {G}. If you control a Forest, add three mana of that type instead."
    ).abilities[1:]
    assert fixed.production.choices == (ch("R", "R", "R"), ch("G", "G", "G"))
    assert parse_mana(
        "{T}: Add {R}{G}. If you control a Forest, add three mana of that type instead."
    ).unsupported


def test_incubation_druid_pays_three_of_one_type_with_a_counter() -> None:
    """Checked against the brute force (tests/tapping_oracle.py)."""
    from mtgmana.board import Board, Permanent
    from mtgmana.tapping import can_pay, plan
    from tapping_oracle import check_plan, optimum

    for counters, cost, payable in (
        (1, "{W}{W}{W}{U}", True), (1, "{C}{C}{C}{C}", True), (1, "{W}{U}{C}{C}", False),
        (0, "{W}{W}{W}{U}", False), (0, "{W}{U}", True),
    ):  # fmt: skip
        where = Board((Permanent.named("Incubation Druid", counters=counters),
                       Permanent.named("Tundra"), Permanent.named("Wastes")))  # fmt: skip
        best = optimum(cost, where)
        assert can_pay(cost, where) == (best is not None) == payable, (counters, cost)
        if best is not None:
            assert check_plan(plan(cost, where), cost, where) == best
    alone = Board((Permanent.named("Incubation Druid", counters=3),))
    assert not can_pay("{1}", alone)  # no land: no type it could add (CR 106.7)


STILL_UNSUPPORTED = {
    "Manaforge Cinder": "activation condition: Activate no more than three times each turn.",
    "Gauntlet of Power": "a mana trigger with a condition",
    "Loot, the Pathfinder": "an exhaust ability can be activated only once",
    "Jack-o'-Lantern": "cost: Exile ~ from your graveyard",
}


@pytest.mark.parametrize("name", sorted(STILL_UNSUPPORTED))
def test_what_stays_unsupported(name: str) -> None:
    reasons = [reason for _, reason in mana_of(card(name)).unsupported]
    assert any(reason.startswith(STILL_UNSUPPORTED[name]) for reason in reasons), reasons
