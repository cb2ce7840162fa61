"""Which mana the deck counting counts (mtgmana.analysis.roles._mana): the same
decisions the simulation takes when it compiles a source (simulation._sources),
checked card by card against it — energy (CR 107.14, 122.1), a graveyard, a card
exiled from the hand (CR 113.6m), counters, facts of the game (CR 602.5b), amounts
that read the battlefield (CR 700.5 devotion) and "each color among permanents you
control" (CR 105.2)."""

from __future__ import annotations

import pytest

from mtgmana.analysis.roles import SIM_ENERGY, SIM_FACTS, SIM_GRAVEYARD, role_of
from mtgmana.analysis.roles._mana import read_mana
from mtgmana.analysis.simulation._sources import compile_source, tapper_can_pay
from mtgmana.board import Board, Permanent
from mtgmana.cards import lookup
from mtgmana.costs import ManaCost
from mtgmana.restrictions import Spend

_BITS = "WUBRGC"

# Every source with a cost or condition the simulation decides on its own, and
# plain ones around them.
AGREEING = (
    "Forest", "Tundra", "Sol Ring", "Llanowar Elves", "Birds of Paradise", "Arcane Signet",
    "Aether Hub", "Servant of the Conduit", "Solar Transformer", "Conversion Apparatus",
    "Molt Tender", "Sunken Palace", "Elvish Spirit Guide", "Simian Spirit Guide",
    "Vivid Crag", "Vivid Meadow", "Gemstone Mine", "Peat Bog", "Pentad Prism",
    "Sphere of the Suns", "Tendo Ice Bridge", "Workhorse", "Channeler Initiate",
    "Gemstone Caverns", "Mirrex", "Honored Hierarch", "Muraganda Raceway",
    "Endrider Catalyzer", "Lavinia, Foil to Conspiracy", "Sarevok's Tome",
    "Undermountain Adventurer", "Glistening Sphere", "Mul Daya Channelers",
    "Ugin's Labyrinth", "Urza's Saga",
    "Tablet of Compleation", "Vivi Ornitier",
)  # fmt: skip


def _simulated(permanent: Permanent) -> set[str]:
    """The mana letters the simulation's auto-tapper makes with ``permanent``
    alone on one of its battlefields (your turn, no energy, no graveyard)."""
    board = Board((permanent,), energy=SIM_ENERGY, graveyard=SIM_GRAVEYARD, facts=SIM_FACTS)
    letters = set()
    for letter in _BITS:
        cost = ManaCost.parse("{" + letter + "}")
        if tapper_can_pay(cost, board, Spend.spell("Sorcery", mana_cost=cost)):
            letters.add(letter)
    return letters


def _counted(name: str) -> set[str]:
    role = role_of(lookup(name))
    return set().union(*role.options, *(o for o, _ in role.restricted))


@pytest.mark.parametrize("name", AGREEING)
def test_the_counts_make_the_mana_the_simulation_makes(name: str) -> None:
    role = role_of(lookup(name))
    assert role.permanent is not None
    assert _counted(name) == _simulated(role.permanent)


def test_resources_the_simulation_does_not_have() -> None:
    hub = read_mana(Permanent.named("Aether Hub"), text=lookup("Aether Hub").faces[0].oracle_text)
    assert hub.options == (frozenset("C"),)  # CR 122.1: no energy on its battlefields
    ((letters, why),) = hub.uncounted
    assert letters == frozenset("WUBRG") and "energy {E} (one from its enter trigger)" in why
    servant = role_of(lookup("Servant of the Conduit"))
    assert servant.options == () and "two from its enter trigger" in servant.uncounted[0][1]
    assert role_of(lookup("Molt Tender")).options == ()  # a card exiled from the graveyard
    assert "graveyard" in role_of(lookup("Molt Tender")).uncounted[0][1]
    assert role_of(lookup("Elvish Spirit Guide")).options == ()  # CR 113.6m: from a hand
    # CR 122.6: it enters with two charge counters, in the simulation too (each
    # question on its own: they aren't used up); Everflowing Chalice's depend on its
    # kicks, which aren't read.
    vivid = role_of(lookup("Vivid Crag"))
    assert vivid.permanent is not None and vivid.permanent.counters == 2
    assert vivid.options == (frozenset("R"), frozenset("WUBRG")) and not vivid.uncounted
    assert "2 charge counters it enters with" in vivid.assumed[0]
    assert role_of(lookup("Gemstone Mine")).permanent.counters == 3  # type: ignore[union-attr]
    # Everflowing Chalice's counters are its kicks (CR 702.33): kicked once by default.
    chalice = role_of(lookup("Everflowing Chalice"))
    assert chalice.options == (frozenset("C"),) and chalice.counters_cast == "kicks"
    assert chalice.permanent is not None and chalice.permanent.counters == 1
    # Discarding is paid: the simulation's auto-tapper has cards in hand.
    witch = role_of(lookup("Bog Witch"))
    assert witch.options == (frozenset("B"),) and "discarding" in witch.assumed[0]


def test_facts_of_the_game_hold_as_in_the_simulation() -> None:
    raceway = role_of(lookup("Muraganda Raceway"))  # "Max speed — {T}: Add {C}{C}"
    assert raceway.options == (frozenset("C"),)
    assert "max speed" in raceway.uncounted[0][1]
    catalyzer = role_of(lookup("Endrider Catalyzer"))
    assert catalyzer.options == () and "never have" in catalyzer.uncounted[0][1]
    # "Activate only during your turn": castability is asked on your own turn, in the
    # simulation (SIM_FACTS) as in the counts.
    vivi = role_of(lookup("Vivi Ornitier"))
    source = compile_source(Permanent.named("Vivi Ornitier"), commander_colors=None)
    assert source.modal is not None and source.modal.abilities  # the turn holds
    assert source.kind == "none"  # X is its power, 0: no mana (CR 106.5)
    stronger = compile_source(Permanent.named("Vivi Ornitier", power=2), commander_colors=None)
    assert stronger.kind == "simple" and stronger.units == (10, 10)  # {U}/{R} twice
    assert "amounts to its power" in vivi.uncounted[0][1]  # not the turn: its power, 0


def test_amounts_count_with_the_card_alone() -> None:
    for name, colors in (
        ("Axebane Guardian", "WUBRG"),  # it has defender itself: X is at least 1
        ("Overgrown Battlement", "G"),
        ("Karametra's Acolyte", "G"),  # CR 700.5: devotion to green 1 from itself
        ("Arbor Adherent", "WUBRG"),  # its other ability makes one of any color
    ):
        assert _counted(name) == set(colors), name
    assert "counted as 1" in role_of(lookup("Axebane Guardian")).assumed[0]
    cradle = role_of(lookup("Gaea's Cradle"))  # no creature: no mana (CR 106.5)
    assert cradle.options == () and "one per creature you control" in cradle.uncounted[0][1]
    assert role_of(lookup("Everflowing Chalice")).options == (frozenset("C"),)  # kicked once


def test_each_color_among_permanents_is_its_own_colors() -> None:
    # CR 105.2: it is a permanent you control of its own colors whenever it taps.
    assert role_of(lookup("Bloom Tender")).options == (frozenset("G"),)
    assert role_of(lookup("Faeburrow Elder")).options == (frozenset("WG"),)
    assert not role_of(lookup("Bloom Tender")).dynamic
    assert "its own (G) counted" in role_of(lookup("Bloom Tender")).assumed[0]
    vista = role_of(lookup("Tarnation Vista"))  # colorless: none of its own
    assert "none counted" in vista.assumed[0]
