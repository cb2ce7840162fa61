"""The simulation's land-drop policy plays a land by what it makes on the battlefield
it enters (mtgmana.analysis.simulation._entry; CR 602.5b, 106.7): Temple of the False God
makes nothing below five lands, a Tainted land only {C} without a Swamp, River of
Tears {B} on the turn it is played."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mtgmana.analysis.decks import Deck
from mtgmana.analysis.simulation._cards import CompiledDeck
from mtgmana.analysis.simulation._entry import EntryColors
from mtgmana.analysis.simulation._game import Engine

DECKS = Path(__file__).parent / "data" / "decks"


def _on_curve(deck: Deck, games: int) -> list[int]:
    """Per question, the games it was castable on curve; game ``g`` played with its
    own generator seeded ``g`` (the same draws for two decks of the same cards
    until their policies differ)."""
    engine = Engine(CompiledDeck(deck), False, 9)
    totals = [0] * len(engine.deck.questions)
    for g in range(games):
        hist, *_ = engine.run(random.Random(g), 1)
        for i, row in enumerate(hist):
            totals[i] += row[0]
    return totals


@pytest.mark.parametrize("name", ["merciless-rage-c19.dck", "veloci-ramp-tor-lcc.dck"])
def test_temple_is_never_worse_than_a_land_that_makes_no_mana(name: str) -> None:
    text = (DECKS / name).read_text(encoding="utf-8")
    assert "Temple of the False God" in text
    temple = _on_curve(Deck.parse(text), 300)
    maze = _on_curve(Deck.parse(text.replace("Temple of the False God", "Maze of Ith")), 300)
    assert all(t >= m for t, m in zip(temple, maze, strict=True))
    assert sum(temple) > sum(maze)  # with five lands it makes {C}{C}


def _entry(lands: str) -> tuple[CompiledDeck, EntryColors, Engine]:
    deck = Deck.parse(lands + "\n60 Grizzly Bears")
    compiled = CompiledDeck(deck)
    engine = Engine(compiled, False, 5)
    return compiled, engine.player.entry, engine


def _class(compiled: CompiledDeck, name: str) -> int:
    return next(c for c, source in enumerate(compiled.classes) if source.template.name == name)


def test_what_a_conditional_land_makes_as_it_enters() -> None:
    compiled, entry, engine = _entry(
        "1 Temple of the False God\n1 Tainted Peak\n1 River of Tears\n10 Swamp\n10 Forest"
    )
    payer = compiled.payer
    names = ("Temple of the False God", "Tainted Peak", "River of Tears")
    temple, peak, river = (_class(compiled, n) for n in names)
    swamp, forest = _class(compiled, "Swamp"), _class(compiled, "Forest")
    empty = entry.bits(0)
    assert entry.colors(temple, empty) == 0  # CR 602.5b: five or more lands
    four = entry.bits(4 * payer.increments[forest])
    assert entry.colors(temple, four) == 32  # the fifth land: {C}{C}
    assert entry.colors(peak, empty) == 32  # no Swamp: {C} only
    assert entry.colors(peak, entry.bits(payer.increments[swamp])) == 32 | 4 | 8
    assert entry.colors(river, empty) == 4  # played this turn: {B} instead (CR 106.7)
    assert entry.colors(swamp, empty) is None  # a basic doesn't depend on the battlefield
    assert engine.player.entry_shift > 0


def _by_turn(text: str, spell: str, turn: int, games: int = 1500) -> float:
    from mtgmana.analysis.simulation import simulate

    return simulate(Deck.parse(text), games=games, seed=2).spell(spell).p_by_turn(turn)


def test_lands_whose_search_costs_mana_fetch_from_the_library() -> None:
    # CR 701.23: Warped Landscape and Myriad Landscape are played, then cracked for
    # the basic lands the hand needs, from the library, when the others pay for it:
    # not in time for a turn-2 spell, but for {G}{G}{W}{W} later.
    rest = "6 Forest\n6 Plains\n12 Grizzly Bears\n12 Savannah Lions\n"
    rest += "12 Trostani, Selesnya's Voice"
    trostani = "Trostani, Selesnya's Voice"
    fetchers = _by_turn(f"6 Warped Landscape\n6 Myriad Landscape\n{rest}", trostani, 6)
    wastes = _by_turn(f"12 Wastes\n{rest}", trostani, 6)
    assert fetchers > wastes + 0.03
    # Ash Barrens (basic landcycling {1}, CR 702.29) finds a basic land too.
    barrens = _by_turn(f"12 Ash Barrens\n{rest}", trostani, 6)
    assert barrens > wastes + 0.03


def test_fetching_lands_count_as_the_sources_they_find() -> None:
    from mtgmana.analysis.summary import analyze

    deck = Deck.parse("4 Myriad Landscape\n8 Forest\n8 Plains\n20 Watchwolf\n20 Grizzly Bears")
    rows = {row.name: row for row in analyze(deck, what_ifs=0).land_rows}
    note = rows["Myriad Landscape"].counted_as
    assert "source of W and G" in note and "{2} to crack it" in note
