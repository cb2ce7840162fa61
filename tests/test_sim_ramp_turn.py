"""A turn's ramp, cached (mtgmana.analysis.simulation._ramp_turn): learned when
only the hand's ramp cards, the answer and a land in hand decide it, learned as a
branch when it makes one extra land drop (CR 305.2: Growth Spiral, Explore; a fetch
land found leaves the library, CR 701.23), kept by the battlefield's key. Games
played with every ramp played on the game must come out the same — the figures
and the answers' counters too (the questions asked, the cache misses, the tapper's
calls, the boards kept)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mtgmana.analysis.decks import Deck, example_text
from mtgmana.analysis.simulation import _ramp_turn
from mtgmana.analysis.simulation._cards import CompiledDeck
from mtgmana.analysis.simulation._game import Engine, Outcome
from mtgmana.analysis.simulation._player import Game, Player

DECKS = Path(__file__).parent / "data" / "decks"
EXTRA_LANDS = (
    "4 Explore\n4 Growth Spiral\n4 Misty Rainforest\n4 Wooded Foothills\n6 Forest\n"
    "6 Island\n2 Mountain\n4 Llanowar Elves\n4 Mind Stone\n4 Big Score\n4 Jewel Thief\n"
    "4 Brazen Borrower\n4 Hullbreaker Horror\n2 Bonecrusher Giant\n4 Cultivate"
)


class _Forgets(dict[tuple[int, int], object]):
    """A cache that keeps nothing."""

    def __setitem__(self, key: tuple[int, int], value: object) -> None:
        pass


def _played(player: Player, game: Game, use_key: int, use_identity: int, castable: int,
            step_key: int) -> None:  # fmt: skip
    player.ramp(game, use_key, use_identity, castable)


def _games(text: str, games: int, learn: bool, draw: bool) -> tuple[Outcome, tuple[int, ...]]:
    engine = Engine(CompiledDeck(Deck.parse(text)), draw, 9)
    if not learn:
        engine.player.ramp_turns = _Forgets()  # type: ignore[assignment]
    outcome = engine.run(random.Random(11), games)
    answers = engine.answers
    counters = (answers.queries, answers.misses, answers.tapper_calls, len(answers.cache))
    return outcome, counters


@pytest.mark.parametrize(
    ("text", "draw"),
    [
        (example_text(), False),
        (EXTRA_LANDS, True),
        ((DECKS / "veloci-ramp-tor-lcc.dck").read_text(encoding="utf-8"), False),
    ],
    ids=["example", "extra-lands", "veloci-ramp"],
)
def test_a_learned_ramp_plays_as_the_ramp_played(
    text: str, draw: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    learned = _games(text, 1500, True, draw)
    monkeypatch.setattr(_ramp_turn, "_learn", _played)
    assert _games(text, 1500, False, draw) == learned


def test_extra_land_drops_are_learned_as_branches() -> None:
    engine = Engine(CompiledDeck(Deck.parse(EXTRA_LANDS)), False, 9)
    engine.run(random.Random(3), 1500)
    branches = [b for b in engine.player.learned.values() if isinstance(b, _ramp_turn._Branch)]
    assert branches
    after = [a for b in branches for a in b.after.values() if a is not _ramp_turn._PLAYED_AFTER]
    assert any(target >= 0 for _, _, target in after)  # a fetch land found a land
    assert any(questions for _, questions, _ in after)  # and more ramp was asked about
    assert engine.player.ramp_turns
