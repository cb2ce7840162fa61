"""The land-drop decision on a cache miss (mtgmana.analysis.simulation._choice):
assembled from each land card's own options, it must be the decision of the whole
list — every land drop of the hand, untapped first and modal double-faced spells
last (CR 712.12), the policy's best by its score — on every decision key real games
meet: fetch lands (CR 701.23), lands that enter tapped by a condition (CR 305.7,
614.1c), lands whose mana depends on the battlefield (CR 602.5b), modal
double-faced spells with and without the flag that keeps them spells."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mtgmana.analysis.decks import Deck
from mtgmana.analysis.simulation._cards import CompiledDeck
from mtgmana.analysis.simulation._choice import NO_LAND, Decision, LandDrop
from mtgmana.analysis.simulation._game import Engine
from mtgmana.analysis.simulation._layout import NO_MDFC, WANTS
from mtgmana.analysis.simulation._player import Player

DECKS = Path(__file__).parent / "data" / "decks"
EVERY_ENTRY = (
    "4 Glacial Fortress\n4 Botanical Sanctum\n4 Deserted Beach\n4 Prairie Stream\n"
    "4 Port Town\n4 Fabled Passage\n4 Starting Town\n2 Tundra\n4 Island\n4 Plains\n"
    "4 Forest\n4 Sea Gate Restoration\n4 Emeria's Call\n4 Llanowar Elves\n"
    "2 Counterspell\n4 Wrath of God"
)


def _whole_list(player: Player, key: int) -> Decision:
    """The decision as the whole list makes it (the reference)."""
    layout = player.layout
    options: list[LandDrop] = []
    later: list[LandDrop] = []
    present = key & layout.land_pres
    for card in sorted(c for bit, c in player.land_cards.items() if present & bit):
        drops: list[LandDrop] = []
        for up, down, condition, when_clear, target, gone in player.drops[card]:
            if target >= 0 and key & gone:
                continue
            if target == -2 and drops:
                break
            drops.append(down if bool(key & condition) is when_clear else up)
        for option in drops:
            (later if option[8] else options).append(option)
    options = sorted(options, key=lambda o: o[5]) + sorted(later, key=lambda o: o[5])
    if key & NO_MDFC:
        options = [o for o in options if not o[8]]
    if player.entry:
        options = [player._entering(o, key >> player.entry_shift) for o in options]
    incs = tuple((o[0], o[1]) for o in options) or NO_LAND
    if not options:
        return incs, None
    if not options[0][8]:
        candidates = [o for o in options if not o[8]]
    elif key & layout.top(layout.lands_field[player.last_due]):
        return incs, None  # a modal double-faced spell is kept as a spell
    else:
        candidates = options
    bits = player._choice_bits(key)
    need, fresh = (bits >> 1) & 31, bits >> 6

    def score(option: LandDrop) -> int:
        colors = option[6].colors
        return (
            ((1 - option[5]) if bits & WANTS else option[5]) << 25
            | (colors & fresh).bit_count() << 21
            | (colors & need).bit_count() << 17
            | bool(colors) << 16
            | 0xFFFF - option[4] * 64 - option[6].source
        )

    best = max(range(len(candidates)), key=lambda i: (score(candidates[i]), -i))
    return incs, candidates[best]


def _keys(text: str, games: int, least: int = 50) -> tuple[Engine, list[int]]:
    """An engine of the deck and the decision keys its games met, with the flags
    flipped (an untapped land wanted, modal double-faced spells not land drops)."""
    engine = Engine(CompiledDeck(Deck.parse(text)), False, 9)
    engine.run(random.Random(7), games)
    keys = list(engine.player.decisions)
    assert len(keys) >= least
    layout = engine.player.layout
    more = [k ^ WANTS for k in keys] + [k | NO_MDFC for k in keys]
    if layout.mdfc:
        more += [k | layout.top(layout.lands_field[engine.player.last_due]) for k in keys]
    return engine, keys + more


@pytest.mark.parametrize(
    "text",
    [
        EVERY_ENTRY,
        (DECKS / "modern-jund.arena.txt").read_text(encoding="utf-8"),
        (DECKS / "merciless-rage-c19.dck").read_text(encoding="utf-8"),
    ],
    ids=["every-entry", "modern-jund", "merciless-rage"],
)
def test_a_decision_assembled_by_card_is_the_whole_lists(text: str) -> None:
    engine, keys = _keys(text, 400)
    choice = engine.player.choice
    for key in keys:
        choice.clear()  # the cards' caches cold and warm
        assert choice.decide(key) == _whole_list(engine.player, key), hex(key)
        assert choice.decide(key) == _whole_list(engine.player, key), hex(key)
