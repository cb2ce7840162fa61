"""Permanents and boards: activation conditions (CR 602.5b), "could produce" (CR
106.7), undefined types (CR 106.5), the commander's color identity (CR 903.4f),
board-dependent amounts, building permanents from card names and boards from lists
of names, and end-to-end checks with the tapper."""

from __future__ import annotations

import re

import pytest

from mtgmana import Color, MtgManaError, UnknownCardError
from mtgmana.board import Board, Permanent
from mtgmana.board.abilities import (
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
from mtgmana.board.queries import matches
from mtgmana.colors import COLORLESS, ManaType
from mtgmana.costs import ManaCost
from mtgmana.tapping import NotModelled, can_pay, plan

W, U, B, R, G, C = (ManaType(letter) for letter in "WUBRGC")
T = ActivationCost(tap=True)


def dynamic(item: DynamicSlot) -> ManaAbility:
    return ManaAbility(T, Production((Choice((item,)),)))


def forest(**state: object) -> Permanent:
    return Permanent.named("Forest", **state)


def creature(name: str = "Bear", power: int = 2, **state: object) -> Permanent:
    return Permanent(name, type_line="Creature — Bear", power=power, **state)  # type: ignore[arg-type]


SWAMP_OR_MOUNTAIN = Condition(((PermanentFilter(subtypes=frozenset({"Swamp", "Mountain"})), 1),))


# -- conditions (CR 602.5b) ----------------------------------------------------------------


def test_verge_with_and_without_the_land_type() -> None:
    verge = Permanent.named("Blazemire Verge")
    free, conditional = verge.abilities
    assert conditional.condition == SWAMP_OR_MOUNTAIN
    alone = Board((verge,))
    assert alone.can_activate(0, free)
    assert not alone.can_activate(0, conditional)
    for other in ("Swamp", "Mountain", "Badlands"):  # Badlands is a Swamp Mountain
        board = Board((verge, Permanent.named(other)))
        assert board.can_activate(0, conditional), other
    assert not Board((verge, Permanent.named("Island"))).can_activate(0, conditional)
    # an opponent's Swamp isn't one you control
    theirs = Board((verge, Permanent.named("Swamp", controller="opponent")))
    assert not theirs.can_activate(0, conditional)


def test_verge_pays_with_the_real_card() -> None:
    """Floodfarm Verge: "{T}: Add {W}." and "{T}: Add {U}. Activate only if you control
    a Plains or an Island." """
    assert can_pay("{W}", Board.parse("Floodfarm Verge"))
    assert not can_pay("{U}", Board.parse("Floodfarm Verge"))
    assert can_pay("{U}{U}", Board.parse("Floodfarm Verge, Island"))
    assert can_pay("{U}{W}", Board.parse("Floodfarm Verge, Plains"))
    assert not can_pay("{U}{G}", Board.parse("Floodfarm Verge, Forest"))
    # a tapped Island still counts: the condition is about control, not untapped lands
    tapped = Board((Permanent.named("Floodfarm Verge"), Permanent.named("Island", tapped=True)))
    assert can_pay("{U}", tapped)


def test_the_condition_is_the_controllers() -> None:
    """ "You" in an opponent's Tainted Field is the opponent (CR 109.5)."""
    field_ = Permanent.named("Tainted Field", controller="opponent")
    board = Board((field_, Permanent.named("Swamp")))
    assert not board.can_activate(0, field_.abilities[1])
    board = Board((field_, Permanent.named("Swamp", controller="opponent")))
    assert board.can_activate(0, field_.abilities[1])


def test_counts_in_conditions() -> None:
    temple = Permanent.named("Temple of the False God")
    (ability,) = temple.abilities
    four = Board((temple, *Board.parse("3 Forest").permanents))
    assert not four.can_activate(0, ability)  # it counts itself: four lands
    assert not can_pay("{5}", four)
    five = Board((temple, *Board.parse("4 Forest").permanents))
    assert five.can_activate(0, ability)
    assert can_pay("{C}{C}", five)
    opal = Permanent.named("Mox Opal")
    assert not Board((opal, Permanent.named("Sol Ring"))).can_activate(0, opal.abilities[0])
    metalcraft = Board((opal, *Board.parse("2 Sol Ring").permanents))
    assert metalcraft.can_activate(0, opal.abilities[0])


def test_state_conditions() -> None:
    mirrex = Permanent.named("Mirrex")
    assert not Board((mirrex,)).can_activate(0, mirrex.abilities[1])
    assert Board((mirrex.with_state(entered_this_turn=True),)).can_activate(0, mirrex.abilities[1])
    pyramid = Permanent.named("Pyramid of the Pantheon", counters=2)
    assert not Board((pyramid,)).can_activate(0, pyramid.abilities[1])
    assert Board((pyramid.with_state(counters=3),)).can_activate(0, pyramid.abilities[1])
    river = Board.parse("River of Tears")
    assert not can_pay("{B}", river)
    assert can_pay("{B}", river.with_state(land_played=True))
    assert not can_pay("{U}", river.with_state(land_played=True))
    # an opponent's River of Tears (for Exotic Orchard) uses their land drop
    theirs = Board.parse("Exotic Orchard", opponent="River of Tears")
    assert theirs.could_produce()[0] == frozenset({U})
    assert theirs.with_state(opponent_land_played=True).could_produce()[0] == frozenset({B})


def test_negated_conditions_and_damage() -> None:
    """Tomb of Urami deals 1 damage to you if you don't control an Ogre."""
    assert plan("{B}", Board.parse("Tomb of Urami")).damage == 1
    ogre = Permanent("Ogre", type_line="Creature — Ogre")
    assert plan("{B}", Board((Permanent.named("Tomb of Urami"), ogre))).damage == 0


def test_conditions_must_check_something() -> None:
    with pytest.raises(MtgManaError):
        Condition()
    with pytest.raises(MtgManaError):
        Condition(((PermanentFilter(), 0),))


# -- could produce (CR 106.7) and undefined types (CR 106.5) ---------------------------------


def test_exotic_orchard_example() -> None:
    """CR 106.7's example, with the real cards."""
    assert Board.parse("Exotic Orchard").could_produce() == [frozenset()]
    assert not can_pay("{1}", Board.parse("Exotic Orchard"))  # no opponent lands
    only_orchards = Board.parse("Exotic Orchard", opponent="Exotic Orchard")
    assert only_orchards.could_produce() == [frozenset(), frozenset()]
    board = Board.parse("Forest, Exotic Orchard", opponent="Exotic Orchard")
    assert board.could_produce() == [frozenset({G})] * 3
    assert can_pay("{G}{G}", board)  # the Forest and your Orchard
    assert not can_pay("{G}{G}{G}", board)  # the opponent's Orchard isn't yours


def test_could_produce_ignores_activation_conditions() -> None:
    """CR 106.7: what the ability would produce if it resolved, whatever its costs and
    activation restrictions; but an "instead" decides what it produces."""
    board = Board.parse("Reflecting Pool, Blazemire Verge")
    assert board.could_produce()[0] == frozenset({B, R})
    assert can_pay("{R}", board)  # the Pool
    assert not can_pay("{R}{R}", board)  # the Verge itself still can't be activated for {R}
    tower = Board.parse("Reflecting Pool, Gemstone Caverns")
    assert tower.could_produce()[0] == frozenset({C})
    lucky = Board(
        (Permanent.named("Reflecting Pool"), Permanent.named("Gemstone Caverns", counters=1))
    )
    assert lucky.could_produce()[0] == frozenset({W, U, B, R, G})


def test_amounts_of_zero_produce_nothing() -> None:
    """CR 106.7: "If that permanent wouldn't produce any mana ..." (Gaea's Cradle with no
    creatures); counters removed as a cost are a cost, which is ignored."""
    cradle = Board.parse("Reflecting Pool, Gaea's Cradle")
    assert cradle.could_produce() == [frozenset(), frozenset()]
    with_elf = Board.parse("Reflecting Pool, Gaea's Cradle, Llanowar Elves")
    assert with_elf.could_produce()[:2] == [frozenset({G}), frozenset({G})]
    assert Board.parse("Bottomless Vault").could_produce() == [frozenset({B})]


def test_meteor_crater_without_colored_permanents() -> None:
    """CR 106.5's example: no colored permanents, no mana."""
    crater = Board.parse("Meteor Crater, Wastes")
    assert crater.could_produce()[0] == frozenset()
    assert not can_pay("{2}", crater)
    assert can_pay("{1}", crater)  # Wastes
    elves = Board.parse("Meteor Crater, Llanowar Elves")
    assert elves.could_produce()[0] == frozenset({G})
    assert can_pay("{G}{G}", elves)


def test_commander_colors() -> None:
    tower = Permanent.named("Command Tower")
    assert Board((tower,)).resolve_slot(DynamicSlot.COMMANDER_COLORS, 0) == frozenset()
    esper = Board((tower,), commander_colors=Color.parse("WUB"))
    assert esper.resolve_slot(DynamicSlot.COMMANDER_COLORS, 0) == frozenset({W, U, B})
    assert can_pay("{U}", esper) and not can_pay("{R}", esper)
    assert not can_pay("{1}", Board((tower,), commander_colors=COLORLESS))
    # an opponent's Command Tower follows their commander (seen by Exotic Orchard)
    board = Board.parse("Exotic Orchard", opponent="Command Tower")
    assert board.could_produce()[0] == frozenset()
    red = board.with_state(opponent_commander_colors=Color.R, commander_colors=Color.G)
    assert red.could_produce() == [frozenset({R}), frozenset({R})]
    with pytest.raises(MtgManaError):
        Board((tower,), commander_colors="WU")  # type: ignore[arg-type]


def test_dynamic_slots() -> None:
    spires = Permanent.named("Cryptic Spires", chosen_colors=frozenset({W, G}))
    assert Board((spires,)).could_produce() == [frozenset({W, G})]
    assert Permanent.named("Cryptic Spires", chosen_colors="gw") == spires
    with pytest.raises(MtgManaError):
        Permanent.named("Cryptic Spires", chosen_colors="WC")  # {C} isn't a color
    plaza = Permanent.named("Plaza of Heroes")
    isamaru = Permanent.named("Isamaru, Hound of Konda")  # legendary, white
    elves = Permanent.named("Llanowar Elves")
    board = Board((plaza, isamaru, elves))
    assert board.resolve_slot(DynamicSlot.LEGENDARY_COLORS, 0) == frozenset({W})
    amber = Board((Permanent.named("Mox Amber"), isamaru, Permanent.named("Mox Opal")))
    assert amber.could_produce()[0] == frozenset({W})
    gates = Board.parse("Plaza of Harmony, Gond Gate, Izzet Guildgate, Forest")
    assert gates.could_produce()[0] == frozenset({C, U, R})  # not the Forest's {G}
    compass = Board.parse("Star Compass, Forest, Tundra")  # Tundra isn't basic
    assert compass.could_produce()[0] == frozenset({G})


# -- amounts -------------------------------------------------------------------------------


def test_counts() -> None:
    cradle = Permanent.named("Gaea's Cradle")
    board = Board(
        (
            cradle,
            creature("Bear", 2),
            creature("Giant", 5),
            creature("Theirs", 7, controller="opponent"),
            Permanent.named("Forest"),
        )
    )
    creatures = PermanentFilter(card_types=frozenset({"Creature"}))
    assert board.count(0, "permanents", creatures, "") == 2
    assert board.count(0, "greatest power", creatures, "") == 5
    strong = PermanentFilter(card_types=frozenset({"Creature"}), min_power=4)
    assert board.count(0, "permanents", strong, "") == 1
    lands = PermanentFilter(card_types=frozenset({"Land"}))
    other_lands = PermanentFilter(card_types=frozenset({"Land"}), other=True)
    assert board.count(0, "permanents", lands, "") == 2
    assert board.count(0, "permanents", other_lands, "") == 1
    named = PermanentFilter(name="forest")
    assert board.count(0, "permanents", named, "") == 1
    assert board.count(1, "power", None, "") == 2
    assert Board((creature(power=-2),)).count(0, "power", None, "") == 0  # CR 107.1b
    assert Board((creature(power=-2),)).count(0, "greatest power", creatures, "") == 0
    chalice = Board((Permanent.named("Everflowing Chalice", counters=3),))
    assert chalice.count(0, "own counters", None, "") == 3
    assert can_pay("{3}", chalice) and not can_pay("{4}", chalice)
    with pytest.raises(MtgManaError):
        board.count(0, "poison", None, "")


def test_devotion_counts_mana_costs() -> None:
    """CR 700.5: the mana symbols in the mana costs of permanents you control."""
    board = Board.parse("Karametra's Acolyte, Llanowar Elves, Forest")
    assert board.count(0, "devotion", None, "G") == 2  # {3}{G} and {G}
    assert can_pay("{G}{G}{G}{G}", board)  # 2 + Elves + Forest
    assert not can_pay("{G}{G}{G}{G}{G}", board)


def test_other_gates() -> None:
    baldur = Board.parse("Baldur's Gate, Gond Gate, Izzet Guildgate")
    gates = PermanentFilter(subtypes=frozenset({"Gate"}), other=True)
    assert baldur.count(0, "permanents", gates, "") == 2
    assert baldur.count(1, "permanents", gates, "") == 2
    # the same object twice on a board is two permanents: "other" is by position
    gate = Permanent.named("Izzet Guildgate")
    assert Board((gate, gate)).count(0, "permanents", gates, "") == 1


def test_matches_by_position() -> None:
    gate = Permanent.named("Izzet Guildgate")
    others = PermanentFilter(subtypes=frozenset({"Gate"}), other=True)
    assert not matches(others, gate, 0, gate, "you", 0)
    assert matches(others, gate, 1, gate, "you", 0)
    tron = PermanentFilter(all_subtypes=frozenset({"Urza's", "Tower"}))
    assert matches(tron, Permanent.named("Urza's Tower"), 0, None, "you")
    assert not matches(tron, Permanent.named("Urza's Mine"), 0, None, "you")


def test_amount_validation() -> None:
    with pytest.raises(MtgManaError):
        Amount("mana value")
    with pytest.raises(MtgManaError):
        Amount("permanents")  # needs a filter
    with pytest.raises(MtgManaError):
        Amount("counters", plus=-1)
    assert str(Amount("counters", plus=1)) == "counters plus 1"


# -- permanents from names -----------------------------------------------------------------


def test_named_real_cards() -> None:
    elves = Permanent.named("Llanowar Elves", summoning_sick=True)
    assert elves.abilities == (ManaAbility.simple("G"),)
    assert elves.type_line == "Creature — Elf Druid"
    assert elves.mana_cost == ManaCost.parse("{G}")
    assert elves.colors == Color.G
    assert elves.is_creature and elves.summoning_sick and not elves.token
    assert not can_pay("{G}", Board((elves,)))  # CR 302.6
    tundra = Permanent.named("tundra")  # any case
    assert tundra.name == "Tundra" and tundra.abilities == (ManaAbility.simple("WU"),)
    nykthos = Permanent.named("Nykthos, Shrine to Nyx")
    assert nykthos.is_legendary and nykthos.colors == COLORLESS
    opponent = Permanent.named("Forest", controller="opponent", tapped=True)
    assert opponent.controller == "opponent" and opponent.tapped


def test_named_tokens() -> None:
    treasure = Permanent.named("Treasure")
    assert treasure.token and treasure.type_line == "Token Artifact — Treasure"
    assert treasure.abilities[0].cost == ActivationCost(tap=True, sacrifice_self=True)
    assert can_pay("{R}", Board((treasure,)))
    assert plan("{R}", Board((treasure,))).sacrificed == (0,)  # its id
    assert Permanent.named("eldrazi spawn token").power == 0
    assert Permanent.named("Eldrazi Scion").power == 1
    assert Permanent.named("Eldrazi Scion", power=3).power == 3
    powerstone = Board((Permanent.named("Powerstone"),))
    assert not can_pay("{1}", powerstone)  # a nonartifact spell
    from mtgmana.restrictions import Spend

    artifact = Spend.spell("Artifact", cost=ManaCost.parse("{1}"))
    assert can_pay("{1}", powerstone, spend=artifact)


def test_named_unknown_and_unsupported() -> None:
    with pytest.raises(UnknownCardError) as error:
        Permanent.named("Llanowar Elfs")
    assert "Llanowar Elves" in error.value.suggestions
    with pytest.raises(UnknownCardError) as error:
        Permanent.named("Tresure")
    assert error.value.suggestions[0] == "Treasure"
    # Never silently wrong: built, with what isn't modelled recorded, and refused by
    # the tapper unless a partial answer is asked for.
    chain = Permanent.named("Food Chain")
    assert chain.unsupported and "Exile a creature" in chain.unsupported[0]
    with pytest.raises(NotModelled, match="Food Chain"):
        can_pay("{1}", Board((chain,)))
    assert not can_pay("{1}", Board((chain,)), partial=True)
    with pytest.raises(MtgManaError, match="state"):
        Permanent.named("Forest", flying=True)
    with pytest.raises(MtgManaError):
        Permanent.named("Forest", controller="me")
    with pytest.raises(MtgManaError):
        Permanent.named("Cavern of Souls", chosen_type=" ")
    with pytest.raises(MtgManaError):
        Permanent.named(None)  # type: ignore[arg-type]


def test_notes_keep_unsupported_abilities() -> None:
    pasture = Permanent.named("Springjack Pasture")  # "Sacrifice X Goats": X is a choice
    assert pasture.abilities == (ManaAbility.simple("C"),)
    assert any(note.startswith("unsupported") and "Goats" in note for note in pasture.notes)
    assert any("Goats" in reason for reason in pasture.unsupported)
    # no mana ability at all: a plain permanent (it still counts for Gaea's Cradle)
    bears = Permanent.named("Grizzly Bears")
    assert bears.abilities == () and bears.is_creature


def test_from_card_faces() -> None:
    from mtgmana.cards import lookup

    card = lookup("Bala Ged Recovery // Bala Ged Sanctuary")
    sanctuary = Permanent.from_card(card, face=1)
    assert sanctuary.name == "Bala Ged Sanctuary" and sanctuary.is_land
    assert sanctuary.abilities == (ManaAbility.simple("G"),)
    assert Permanent.from_card(card).abilities == ()  # the front face, a sorcery
    with pytest.raises(MtgManaError):
        Permanent.from_card("Forest")  # type: ignore[arg-type]


def test_chosen_type_is_bound_and_rebound() -> None:
    from mtgmana.restrictions import Spend

    elf = Spend.spell("Creature — Elf", cost=ManaCost.parse("{G}"))
    goblin = Spend.spell("Creature — Goblin", cost=ManaCost.parse("{R}"))
    cavern = Permanent.named("Cavern of Souls", chosen_type="Elf")
    board = Board((cavern,))
    assert can_pay("{G}", board, spend=elf)
    assert not can_pay("{R}", board, spend=goblin)
    goblins = Board((cavern.with_state(chosen_type="Goblin"),))
    assert can_pay("{R}", goblins, spend=goblin) and not can_pay("{G}", goblins, spend=elf)
    unchosen = Board((cavern.with_state(chosen_type=None),))
    assert not can_pay("{G}", unchosen, spend=elf)  # nothing is of the chosen type
    assert can_pay("{1}", unchosen, spend=elf)  # {C} still


# -- boards from lists of names ------------------------------------------------------------


def test_board_parse_counts() -> None:
    board = Board.parse("Forest, 2 Tundra, Llanowar Elves")
    assert [p.name for p in board.permanents] == ["Forest", "Tundra", "Tundra", "Llanowar Elves"]
    assert board.permanents[1] == board.permanents[2]
    assert board.permanents[1] is not board.permanents[2]  # separate permanents
    assert all(p.controller == "you" for p in board.permanents)
    assert can_pay("{W}{U}{G}{G}", board)
    assert [p.name for p in Board.parse("3x Island, 2 X Treasure").permanents] == [
        "Island",
        "Island",
        "Island",
        "Treasure",
        "Treasure",
    ]
    assert Board.parse("").permanents == ()
    assert Board.parse("  ", opponent="Forest").permanents[0].controller == "opponent"


def test_board_parse_names_with_commas() -> None:
    board = Board.parse("Nykthos, Shrine to Nyx, 2 Boseiju, Who Shelters All, Forest")
    assert [p.name for p in board.permanents] == [
        "Nykthos, Shrine to Nyx",
        "Boseiju, Who Shelters All",
        "Boseiju, Who Shelters All",
        "Forest",
    ]


def test_board_parse_state() -> None:
    board = Board.parse("Command Tower", commander_colors=Color.G, land_played=True)
    assert board.commander_colors == Color.G and board.land_played
    assert can_pay("{G}", board)
    with pytest.raises(MtgManaError, match="bad board state"):
        Board.parse("Forest", mana_burn=True)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Forest, 0 Island", "0 Island"),
        ("Forest,, Island", "''"),
        ("Forest, 1001 Island", "1001 Island"),
        ("Forest, Forrest", "Forrest"),
        ("2", "2"),
    ],
)
def test_board_parse_bad_input_names_the_item(text: str, named: str) -> None:
    with pytest.raises(MtgManaError) as error:
        Board.parse(text)
    assert named in str(error.value)


def test_board_parse_unknown_names_suggest() -> None:
    with pytest.raises(UnknownCardError) as error:
        Board.parse("Forest, 2 Tundr")
    assert "Tundra" in error.value.suggestions
    with pytest.raises(MtgManaError):
        Board.parse(None)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        Board.parse("Forest", opponent=3)  # type: ignore[arg-type]


# -- the tapper with the new templates -----------------------------------------------------


def test_contamination_makes_exactly_one_black() -> None:
    """Contamination: "If a land is tapped for mana, it produces {B} instead of any
    other type and amount" (ManaReplacement.amount=1)."""
    board = Board.parse("Ancient Tomb, Contamination")
    assert can_pay("{B}", board)
    assert not can_pay("{B}{B}", board)
    assert not can_pay("{2}", board)
    assert not can_pay("{C}", Board.parse("Ancient Tomb, Contamination"))


def test_end_to_end_templates() -> None:
    assert can_pay("{W}{B}", Board.parse("Tainted Field, Swamp"))
    assert not can_pay("{W}{W}", Board.parse("Tainted Field, Plains"))
    tron = Board.parse("Urza's Tower, Urza's Mine, Urza's Power Plant")
    assert can_pay("{7}", tron) and not can_pay("{8}", tron)
    workshop = Board.parse("Urza's Workshop, Urza's Tower, 3 Sol Ring")
    # metalcraft: {C} for each of the two Urza's lands, the Tower's {C} (no Tron), 6
    assert can_pay("{9}", workshop) and not can_pay("{10}", workshop)
    sphere = Board((Permanent.named("Black Mana Battery", counters=3),))
    assert can_pay("{B}{B}{B}{B}", sphere) and not can_pay("{B}{B}{B}{B}{B}", sphere)
    clearcutter = Permanent.named("Cradle Clearcutter", power=1)
    assert can_pay("{G}", Board((clearcutter,)))
    assert not can_pay("{G}{G}", Board((clearcutter,)))


def test_permanent_validation() -> None:
    with pytest.raises(MtgManaError):
        Permanent("X", power=1.5)  # type: ignore[arg-type]
    with pytest.raises(MtgManaError):
        Permanent("X", counters=-1)
    with pytest.raises(MtgManaError):
        Permanent("X", chosen_colors=frozenset({"W"}))  # type: ignore[arg-type]
    assert Permanent("X", abilities=(ManaAbility.simple("G"),)).abilities[0].production.choices[
        0
    ].slots == (slot("G"),)


# -- a permanent's state written in a board list --------------------------------------


def test_board_lists_take_each_permanents_state_in_brackets() -> None:
    board = Board.parse(
        "Forest, Utopia Sprawl [attached_to=0, chosen_color=U], Nykthos, Shrine to Nyx "
        "[tapped], 2 Gemstone Caverns [counters=1], Cavern of Souls [chosen_type=Elf]"
    )
    sprawl, nykthos, caverns, _, cavern = board.permanents[1:]
    assert (sprawl.attached_to, sprawl.chosen_color) == (0, ManaType.U)
    assert nykthos.name == "Nykthos, Shrine to Nyx" and nykthos.tapped
    assert caverns.counters == 1 and board.permanents[4].counters == 1
    assert cavern.chosen_type == "Elf"
    # CR 605.1b: Utopia Sprawl's trigger adds the chosen color when the enchanted
    # Forest is tapped for mana; Wild Growth the same with {G}.
    assert can_pay("{G}{U}", Board(board.permanents[:2]))
    assert not can_pay("{G}{U}", Board.parse("Forest, Utopia Sprawl [chosen_color=U]"))
    assert can_pay("{G}{G}", Board.parse("Forest, Wild Growth [attached_to=0]"))
    # Equipment grants its ability to the equipped creature only (CR 301.5).
    assert can_pay("{U}", Board.parse("Grizzly Bears, Paradise Mantle [attached_to=0]"))
    assert not can_pay("{U}", Board.parse("Grizzly Bears, Paradise Mantle"))
    # Chrome Mox: the exiled card's colors; nothing imprinted, no mana.
    assert can_pay("{W}", Board.parse("Chrome Mox [chosen_colors=WU]"))
    assert not can_pay("{W}", Board.parse("Chrome Mox"))
    assert Board.parse("Llanowar Elves [summoning_sick, power=1]").permanents[0].summoning_sick
    assert not Board.parse("Forest [tapped=false]").permanents[0].tapped


@pytest.mark.parametrize(
    "text, message",
    [
        ("Forest [colour=G]", "unknown state 'colour'"),
        ("Forest [tapped", "'[' at position 7 is never closed"),
        ("Forest ]", "']' at position 7 closes nothing"),
        ("Forest [counters=two]", "counters is a number, not 'two'"),
        ("Forest [tapped=maybe]", "tapped is true or false"),
        ("Forest [chosen_type=]", "chosen_type needs a value"),
        ("Forest [tapped] x", "the state in brackets comes last"),
        ("Forest [[tapped]]", "'[' at position 8 inside"),
        ("Thriving Isle [chosen_color=Q]", "Thriving Isle"),
    ],
)
def test_bad_states_in_board_lists_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(MtgManaError, match=re.escape(message)):
        Board.parse(text)


# -- Board.parse: the commander as the CLI takes it, permanent cards only -------------------


def test_parse_takes_the_commanders_color_identity_as_letters_or_a_color() -> None:
    """CR 903.4f: Command Tower adds a color of the commander's identity; the letters
    are what ``mtgmana tap --commander BRG`` takes."""
    letters = Board.parse("Command Tower", commander="BRG")
    assert letters.commander_colors == Color.B | Color.R | Color.G
    assert letters == Board.parse("Command Tower", commander=Color.parse("RGB"))
    assert letters.could_produce()[0] == {B, R, G}
    assert Board.parse("Command Tower").commander_colors is None  # no commander
    assert can_pay("{R}", letters) and not can_pay("{W}", letters)
    for bad in ("BRX", 3):
        with pytest.raises(MtgManaError, match="commander takes color letters"):
            Board.parse("Command Tower", commander=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Lightning Bolt", "an instant"),
        ("Demonic Tutor", "a sorcery"),
        ("Fire // Ice", "an instant"),  # a split card's halves are instants
        ("Crib Swap", "a kindred instant"),
    ],
)
def test_parse_refuses_cards_that_cant_be_permanents(name: str, kind: str) -> None:
    """CR 110.4: instants and sorceries can't be permanents (304.4, 307.4)."""
    with pytest.raises(MtgManaError, match=f"{re.escape(name)} is {kind}, not a permanent"):
        Board.parse(f"Forest, {name}")
    with pytest.raises(MtgManaError, match=r"CR 110\.4"):
        Board.parse("Forest", opponent=name)


def test_parse_takes_every_permanent_card_and_the_land_face_of_a_modal_card() -> None:
    """CR 110.4a: artifact, battle, creature, enchantment, land, planeswalker (and
    kindred permanents); a modal double-faced card named by its land face enters
    with that face up (CR 712.3, 712.12)."""
    board = Board.parse(
        "Sol Ring, Llanowar Elves, Forest, Bitterblossom, Nissa, Who Shakes the World"
    )
    assert [p.name for p in board.permanents][-1] == "Nissa, Who Shakes the World"
    emeria = Board.parse("Emeria, Shattered Skyclave").permanents[0]
    assert emeria.name == "Emeria, Shattered Skyclave" and emeria.is_land
    assert repr(emeria) == "Permanent.named('Emeria, Shattered Skyclave')"
    with pytest.raises(MtgManaError, match="Emeria's Call is a sorcery"):
        Board.parse("Emeria's Call")
