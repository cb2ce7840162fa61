"""What a board counts and checks for the abilities that look past the permanents
(issue 12): cards in your graveyard with their characteristics there (CR 709.4,
712.8a, 110.4a), your life total (CR 103.4 when not given), this turn's life gain and
draws, toughness (CR 107.1b), domain, different powers; facts of the game, a total
power, an imprinted card, being modified (CR 700.9), designations (CR 702.112b),
permanents with the same name; the colors "for each color among ..." adds, a
permanent's own colors, the colors of cards in your graveyard; filters on colors,
counters, defender and entering this turn; a mana trigger's condition — on real cards
and, through the tapper, what they can pay."""

from __future__ import annotations

import pytest

from mtgmana import MtgManaError, UnknownCardError
from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import (
    FACTS,
    ActivationCost,
    Choice,
    Condition,
    DynamicSlot,
    ManaTrigger,
    PermanentFilter,
    Production,
    slot,
)
from mtgmana.cards import lookup
from mtgmana.colors import Color, ManaType
from mtgmana.costs import ManaCost
from mtgmana.tapping import can_pay

CREATURES = PermanentFilter(card_types=frozenset({"Creature"}))
LANDS = PermanentFilter(card_types=frozenset({"Land"}))


def creature(name: str = "Bear", power: int = 2, toughness: int = 2, **state: object) -> Permanent:
    return Permanent(
        name,
        type_line="Creature — Bear",
        power=power,
        toughness=toughness,
        **state,  # type: ignore[arg-type]
    )


# -- amounts -----------------------------------------------------------------------------


def test_graveyard_cards_with_their_characteristics_there() -> None:
    """A split card has both halves' types and colors (CR 709.4), a double-faced card
    its front face's (CR 712.8a); "permanent card" is one of a permanent type (CR
    110.4a)."""
    graveyard = ("Llanowar Elves", "Gravecrawler", "Fire // Ice", "Delver of Secrets", "Swamp")
    board = Board((Permanent.named("Crypt of Agadeem"),), graveyard_cards=graveyard)
    assert board.graveyard == 5  # at least the cards it names
    black_creatures = PermanentFilter(card_types=frozenset({"Creature"}), colors=Color.B)
    assert board.count(0, "graveyard", black_creatures, "") == 1
    assert board.count(0, "graveyard", CREATURES, "") == 3
    permanent_types = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land"})
    permanents = PermanentFilter(card_types=permanent_types | {"Planeswalker"})
    assert board.count(0, "graveyard", permanents, "") == 4
    red = PermanentFilter(colors=Color.R)
    assert board.count(0, "graveyard", red, "") == 1  # Fire // Ice is red and blue
    assert board.count(0, "graveyard", None, "") == 5
    with pytest.raises(UnknownCardError):
        Board((Permanent.named("Crypt of Agadeem"),), graveyard_cards=("Forrest",)).count(
            0, "graveyard", CREATURES, ""
        )


def test_crypt_of_agadeem_pays_with_the_graveyard() -> None:
    board = Board(
        (Permanent.named("Crypt of Agadeem"), Permanent.named("Sol Ring")),
        graveyard_cards=("Gravecrawler", "Gravecrawler", "Llanowar Elves"),
    )
    assert can_pay("{B}{B}", board) and not can_pay("{B}{B}{B}", board)
    assert not can_pay("{B}{B}", Board(board.permanents))


def test_life_total() -> None:
    """Sanctum of the Sun: X is your life total (20 when the board doesn't say, CR
    103.4; never less than zero)."""
    sanctum = Permanent.from_card(lookup("Azor's Gateway"), face=1)
    assert Board((sanctum,)).count(0, "life", None, "") == 20
    assert Board((sanctum,), life=-3).count(0, "life", None, "") == 0
    assert can_pay("{W}{W}{W}", Board((sanctum,), life=3))
    assert not can_pay("{W}{W}{W}{W}", Board((sanctum,), life=3))
    # an opponent's: the board holds only your life, so a new game's
    theirs = sanctum.with_state(controller="opponent")
    assert Board((theirs,), life=3).count(0, "life", None, "") == 20


def test_this_turns_life_gain_and_draws() -> None:
    alchemist = Permanent.named("Accomplished Alchemist")
    board = Board((alchemist,), life_gained=3, cards_drawn=2)
    assert board.count(0, "life gained this turn", None, "") == 3
    assert board.count(0, "cards drawn this turn", None, "") == 2
    assert can_pay("{G}{G}{G}", board) and not can_pay("{G}{G}{G}", Board((alchemist,)))
    kydele = Board((Permanent.named("Kydele, Chosen of Kruphix"),), cards_drawn=4)
    assert can_pay("{4}", kydele) and not can_pay("{5}", kydele)
    with pytest.raises(MtgManaError):
        Board((alchemist,), cards_drawn=-1)


def test_toughness_domain_and_different_powers() -> None:
    """CR 107.1b: a negative toughness counts as zero."""
    board = Board(
        (
            creature("Wall", power=0, toughness=5),
            creature("Bear", power=2, toughness=2),
            creature("Cub", power=2, toughness=-1),
            Permanent.named("Breeding Pool"),
            Permanent.named("Forest"),
        )
    )
    assert board.count(0, "toughness", None, "") == 5
    assert board.count(2, "toughness", None, "") == 0
    others = PermanentFilter(card_types=frozenset({"Creature"}), other=True)
    assert board.count(0, "greatest toughness", others, "") == 2
    assert board.count(0, "basic land types", LANDS, "") == 2  # Forest and Island
    assert board.count(0, "different powers", CREATURES, "") == 2
    vhal = Permanent.named("Vhal, Candlekeep Researcher", toughness=4)
    assert can_pay("{4}", Board((vhal,))) and not can_pay("{5}", Board((vhal,)))
    with pytest.raises(MtgManaError):
        creature(toughness="3")  # type: ignore[arg-type]


def test_filters_on_colors_counters_keywords_and_entering() -> None:
    board = Board(
        (
            creature("Blue", colors=Color.U),
            creature("Fresh", power=4, entered_this_turn=True),
            creature("Grown", counters=1),
            Permanent.named("Overgrown Battlement"),
        )
    )
    assert board.permanents[3].keywords == frozenset({"defender"})  # read from its card
    count = board.count
    assert count(0, "permanents", PermanentFilter(colors=Color.U | Color.B), "") == 1
    assert count(0, "permanents", PermanentFilter(with_counters=True), "") == 1
    defenders = PermanentFilter(
        card_types=frozenset({"Creature"}), keywords=frozenset({"defender"})
    )
    assert count(0, "permanents", defenders, "") == 1
    fresh = PermanentFilter(card_types=frozenset({"Creature"}), entered_this_turn=True)
    assert count(0, "greatest power", fresh, "") == 4
    assert str(defenders) == "creature with defender you control"
    assert defenders.plural() == "creatures with defender"


# -- slots -------------------------------------------------------------------------------


def test_for_each_color_among_permanents() -> None:
    """Bloom Tender adds one mana of each color among permanents you control; an
    opponent's permanents and colorless ones add none."""
    tender = Permanent.named("Bloom Tender")
    board = Board(
        (tender, creature("Blue", colors=Color.U), Permanent.named("Sol Ring")),
    )
    resolved = [board.resolve_slot(s, 0) for s in tender.abilities[0].production.choices[0].slots]
    assert resolved == [frozenset(), {ManaType.U}, frozenset(), frozenset(), {ManaType.G}]
    assert can_pay("{G}{U}", board) and not can_pay("{G}{G}", board)
    mirror = Board((tender, creature("Red", colors=Color.R, controller="opponent")))
    assert not can_pay("{R}", mirror)


def test_for_each_color_among_monocolored_permanents() -> None:
    """Tarnation Vista: a multicolored permanent adds none of its colors."""
    vista = Permanent.named("Tarnation Vista", chosen_color=ManaType.R)
    board = Board((vista, Permanent.named("Llanowar Elves"), Permanent.named("Faeburrow Elder")))
    assert board.could_produce()[0] == {ManaType.R, ManaType.G}
    with_ring = Board((*board.permanents, Permanent.named("Sol Ring")))
    assert can_pay("{G}{G}{G}{W}", with_ring) and not can_pay("{G}{G}{W}{W}", with_ring)


def test_for_each_chosen_color() -> None:
    """Sunbird Effigy: the colors of the cards exiled to craft it, its chosen colors."""
    effigy = Permanent.from_card(lookup("Sunbird Standard"), face=1, chosen_colors="WU")
    assert can_pay("{W}{U}", Board((effigy,))) and not can_pay("{W}{W}", Board((effigy,)))
    assert not can_pay("{W}", Board((effigy.with_state(chosen_colors=frozenset()),)))


def test_own_colors_and_graveyard_colors() -> None:
    katilda = Permanent.named("Katilda, Dawnhart Prime")
    human = Permanent("Human", type_line="Creature — Human", colors=Color.parse("UR"))
    board = Board((katilda, human))
    assert board.effective.resolve_slot(DynamicSlot.OWN_COLORS, 1) == {ManaType.U, ManaType.R}
    assert can_pay("{U}{G}", board) and not can_pay("{G}{W}", board)
    havens = Permanent.named("The Grey Havens")
    board = Board((havens,), graveyard_cards=("Isamaru, Hound of Konda", "Llanowar Elves"))
    slot_ = DynamicSlot.GRAVEYARD_LEGENDARY_CREATURE_COLORS
    assert board.resolve_slot(slot_, 0) == {ManaType.W}
    assert board.resolve_slot(DynamicSlot.GRAVEYARD_COLORS, 0) == {ManaType.W, ManaType.G}
    assert can_pay("{W}", board) and not can_pay("{G}", board)
    grafstone = Board((Permanent.named("Corrupted Grafstone"),), graveyard_cards=("Fire // Ice",))
    assert can_pay("{U}", grafstone) and not can_pay("{G}", grafstone)


# -- conditions --------------------------------------------------------------------------


def test_facts_of_the_game() -> None:
    """Max speed (CR 702.179), your turn or an opponent's, the initiative (CR 725)."""
    raceway = Permanent.named("Muraganda Raceway")
    assert can_pay("{2}", Board((raceway,), facts=frozenset({"max speed"})))
    assert not can_pay("{2}", Board((raceway,)))
    lavinia = Permanent.named("Lavinia, Foil to Conspiracy")
    assert can_pay("{2}", Board((lavinia,)))
    assert not can_pay("{2}", Board((lavinia,), facts=frozenset({"your turn"})))
    tome = Permanent.named("Sarevok's Tome")
    assert can_pay("{2}", Board((tome,), facts=frozenset({"initiative"})))
    assert not can_pay("{2}", Board((tome,)))
    # the facts are yours: an opponent's permanent doesn't have them
    theirs = Board((tome.with_state(controller="opponent"),), facts=frozenset({"initiative"}))
    assert not theirs.holds(0, Condition(facts=frozenset({"initiative"})))
    assert set(FACTS) >= {"your turn", "max speed", "monarch", "initiative", "corrupted"}


def test_total_power_and_same_name() -> None:
    """Formidable (Circle of Elders); Sceptre of Eternal Glory."""
    elders = Permanent.named("Circle of Elders", power=2)
    assert not can_pay("{3}", Board((elders, creature(power=5))))
    assert can_pay("{3}", Board((elders, creature(power=6))))
    assert not can_pay("{3}", Board((elders, creature(power=6, controller="opponent"))))
    sceptre = Permanent.named("Sceptre of Eternal Glory")
    islands = [Permanent.named("Island") for _ in range(3)]
    assert can_pay("{G}{G}{G}", Board((sceptre, *islands)))
    mixed = [Permanent.named("Island"), Permanent.named("Island"), Permanent.named("Forest")]
    assert not can_pay("{G}{G}{G}", Board((sceptre, *mixed)))


def test_imprinted_modified_and_designations() -> None:
    """Ugin's Labyrinth's imprint; Orochi Merge-Keeper modified (CR 700.9: a counter,
    an Equipment, or an Aura its controller controls); Honored Hierarch renowned."""
    assert can_pay("{2}", Board((Permanent.named("Ugin's Labyrinth", imprinted=True),)))
    assert not can_pay("{2}", Board((Permanent.named("Ugin's Labyrinth"),)))
    orochi = Permanent.named("Orochi Merge-Keeper")
    modified = Condition(modified=True)
    assert not Board((orochi,)).holds(0, modified)
    assert Board((orochi.with_state(counters=1),)).holds(0, modified)
    equipment = Permanent("Bonesplitter", type_line="Artifact — Equipment", attached_to=0)
    assert Board((orochi, equipment)).holds(0, modified)
    aura = Permanent("Rancor", type_line="Enchantment — Aura", attached_to=0)
    assert Board((orochi, aura)).holds(0, modified)
    assert not Board((orochi, aura.with_state(controller="opponent"))).holds(0, modified)
    assert can_pay("{G}{G}", Board((orochi, equipment)))
    hierarch = Permanent.named("Honored Hierarch")
    assert not can_pay("{G}", Board((hierarch,)))
    assert can_pay("{G}", Board((hierarch.with_state(designations=frozenset({"renowned"})),)))


def test_condition_text_and_checks() -> None:
    condition = Condition(total_power=((CREATURES, 8),))
    assert str(condition) == "creatures you control have total power 8 or greater"
    assert str(condition.negate()) == "creatures you control have total power less than 8"
    assert str(Condition(facts=frozenset({"corrupted"}))) == (
        "an opponent has three or more poison counters"
    )
    with pytest.raises(MtgManaError):
        Condition(facts="your turn")  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        Condition(same_name=((LANDS, 0),))


def test_a_mana_trigger_with_a_condition() -> None:
    """Regal Behemoth: "Whenever you tap a land for mana while you're the monarch"."""
    behemoth = Permanent.named("Regal Behemoth")
    monarch = Board((behemoth, Permanent.named("Forest")), facts=frozenset({"monarch"}))
    assert can_pay("{G}{R}", monarch)
    assert not can_pay("{G}{R}", Board(monarch.permanents))
    # a board effect's trigger has no permanent to ask: refused, not guessed
    trigger = ManaTrigger(
        LANDS,
        Production((Choice((slot("R"),)),)),
        condition=Condition(facts=frozenset({"monarch"})),
    )
    with pytest.raises(MtgManaError, match="condition"):
        Board((Permanent.named("Forest"),), effects=(trigger,)).triggers_for(0)


def test_energy_and_cards_costs_are_read() -> None:
    """The reader's part: what the costs take (the tapper weighs them)."""
    hub = Permanent.named("Aether Hub")
    assert hub.abilities[1].cost == ActivationCost(tap=True, energy=1)
    assert Permanent.named("Molt Tender").abilities[0].cost.resources == (0, 0, 1)


def test_wording_of_amounts() -> None:
    """Each kind of amount says what it counts (CR 700.5 devotion, 107.1b power)."""
    from mtgmana.board.abilities import Amount

    assert str(Amount("counters", plus=2)) == "counters plus 2"
    assert str(Amount("permanents", CREATURES, plus=1)) == "creature you control plus 1"
    assert str(Amount("greatest power", CREATURES)) == (
        "the greatest power among creature you control"
    )
    assert str(Amount("basic land types", LANDS)) == "basic land types among lands"
    assert str(Amount("different powers", CREATURES)) == "different powers among creatures"
    assert str(Amount("graveyard")) == "card in your graveyard"
    assert str(Amount("graveyard", CREATURES)) == "creature card in your graveyard"
    assert str(Amount("devotion")) == "devotion to that color"
    assert str(Amount("devotion", colors="G")) == "devotion to G"
    assert str(Amount("life")) == "your life total"
    assert str(Amount("fixed", value=3)) == "3"
    assert str(Amount("counters")) == "counters"


def test_wording_of_a_filter_with_every_field() -> None:
    lands = PermanentFilter(
        card_types=frozenset({"Land"}), subtypes=frozenset({"Forest"}),
        supertypes=frozenset({"Basic"}), other=True, colors=Color.parse("G"),
        excluded_supertypes=frozenset({"Snow"}), token=False, name="X", min_power=2,
        keywords=frozenset({"defender"}), with_counters=True, entered_this_turn=True,
    )  # fmt: skip
    assert lands.noun() == (
        "other basic green nonsnow nontoken Forest land named X with power 2 or greater "
        "with defender with a counter on it that entered this turn"
    )
    mines = PermanentFilter(
        card_types=frozenset({"Creature"}), token=True, all_subtypes=frozenset({"Urza's", "Mine"})
    )
    assert mines.noun() == "Urza's Mine creature token"


@pytest.mark.parametrize(
    ("condition", "text", "negated"),
    [
        (Condition(counters=1), "it has a counter on it", "it has no counters on it"),
        (
            Condition(counters=2),
            "it has 2 or more counters on it",
            "it has fewer than 2 counters on it",
        ),
        (Condition(entered_this_turn=True), "it entered this turn", "it didn't enter this turn"),
        (
            Condition(land_played=True),
            "you played a land this turn",
            "you didn't play a land this turn",
        ),
        (Condition(imprinted=True), "a card is exiled with it", "no card is exiled with it"),
        (Condition(modified=True), "it is modified", "it isn't modified"),
        (Condition(designations=frozenset({"renowned"})), "it is renowned", "it isn't renowned"),
        (
            Condition(same_name=((CREATURES, 2),)),
            "you control two or more creatures with the same name",
            "you don't control two or more creatures with the same name",
        ),
        (
            Condition(permanents=((CREATURES, 3),)),
            "you control three or more creatures",
            "you don't control three or more creatures",
        ),
        (
            Condition(permanents=((CREATURES, 1), (LANDS, 2))),
            "you control a creature and two or more lands",
            "not (you control a creature and two or more lands)",
        ),
        (Condition(facts=frozenset({"zz"})), "zz", "not (zz)"),
    ],
)
def test_wording_of_each_condition_and_its_negation(
    condition: Condition, text: str, negated: str
) -> None:
    """A condition and the other half of its "instead" (CR 614.1a)."""
    assert str(condition) == text
    assert str(condition.negate()) == negated


def test_wording_of_a_condition_of_several_parts() -> None:
    condition = Condition(
        permanents=((CREATURES, 1),), counters=2, entered_this_turn=True, land_played=True,
        total_power=((CREATURES, 5),), imprinted=True, modified=True,
        designations=frozenset({"renowned"}), same_name=((CREATURES, 3),),
    )  # fmt: skip
    text = (
        "you control a creature and it has 2 or more counters on it and it entered this "
        "turn and you played a land this turn and creatures you control have total power "
        "5 or greater and a card is exiled with it and it is modified and it is renowned "
        "and you control three or more creatures with the same name"
    )
    assert str(condition) == text
    assert str(condition.negate()) == f"not ({text})"


def test_wording_of_a_cost_of_every_part() -> None:
    """Costs in the order Oracle text writes them (CR 118, 602.1)."""
    every = ActivationCost(
        tap=True, untap=True, mana=ManaCost.parse("{1}"), tap_other="Elf", tap_count=2,
        exile_from_hand=True, life=2, energy=2, sacrifice_self=True, sacrifice="artifact",
        sacrifice_count=2, discard=2, discard_hand=True, exile_graveyard=1, remove_counters=1,
        counter="charge",
    )  # fmt: skip
    assert str(every) == (
        "{1}, {T}, {Q}, Tap 2 untapped Elf you control, Exile this card from your hand, "
        "Pay 2 life, Pay {E}{E}, Sacrifice this, Sacrifice 2 artifact(s), Discard 2 cards, "
        "Discard your hand, Exile a card from your graveyard, Remove 1 charge counter(s)"
    )
    few = ActivationCost(tap_other="Elf", sacrifice="creature", discard=1, exile_graveyard=2)
    assert str(few) == (
        "Tap an untapped Elf you control, Sacrifice a creature, Discard a card, "
        "Exile 2 cards from your graveyard"
    )
