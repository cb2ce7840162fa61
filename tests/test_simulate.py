"""The Monte Carlo of a real deck (issue 6): deterministic with a seed (whatever the
number of processes), the London mulligan, land drops, taplands, fetch lands, dorks
with summoning sickness, rocks, the tapper's cache, intervals, and bad input. Few
games each, so the suite stays fast."""

from __future__ import annotations

import math

import pytest

from mtgmana.analysis import castability
from mtgmana.analysis.deck import Deck, DeckError
from mtgmana.analysis.simulate import CHUNK, SpellOdds, simulate, wilson

MONO = Deck.parse("24 Mountain\n12 Lightning Bolt\n12 Ash Zealot\n12 Thundermaw Hellkite")


def test_deterministic_for_a_seed_and_different_seeds_differ() -> None:
    first = simulate(MONO, games=300, seed=7)
    again = simulate(MONO, games=300, seed=7)
    other = simulate(MONO, games=300, seed=8)
    assert first == again
    assert first != other
    assert first.games == 300 and sum(first.mulligans) == 300


def test_the_same_result_with_any_number_of_processes() -> None:
    games = CHUNK + 200  # two chunks
    one = simulate(Deck.example(), games=games, seed=3, jobs=1)
    two = simulate(Deck.example(), games=games, seed=3, jobs=2)
    assert one == two
    assert two.jobs == 2 and one.jobs == 1


def test_a_basic_mono_color_deck_agrees_with_the_exact_model() -> None:
    result = simulate(MONO, games=800, seed=1)
    bolt = result.spell("Lightning Bolt")
    exact = float(castability(60, 24, 24, "{R}", conditional=False).exact)
    low, high = wilson(bolt.on_curve, bolt.games, z=3.5)
    assert low <= exact <= high
    # every land makes red: with the land drops made, the spells are castable
    for odds in result.spells:
        assert odds.p_on_curve_given_lands == 1.0
        assert odds.lands_hit >= odds.on_curve


def test_spell_odds_are_consistent() -> None:
    result = simulate(Deck.example(), games=400, seed=2)
    for odds in result.spells:
        assert sum(odds.delays) + odds.censored == odds.games == 400
        assert odds.ci_low <= odds.p_on_curve <= odds.ci_high
        low, high = odds.delay_ci
        assert low <= odds.mean_delay <= high
        assert odds.p_by_turn(odds.turn) == pytest.approx(odds.p_on_curve)
        assert odds.p_by_turn(odds.turn - 1) == 0.0
        by_turn = [odds.p_by_turn(t) for t in range(odds.turn, result.turns + 1)]
        assert by_turn == sorted(by_turn)
    assert result.turns == 7 + 3
    assert 0 < result.hit_rate <= 1 and result.tapper_calls < result.queries


def test_only_taplands_never_cast_a_one_drop_on_curve() -> None:
    deck = Deck.parse("24 Tranquil Cove\n36 Opt")
    result = simulate(deck, games=200, seed=1)
    opt = result.spell("Opt")
    assert opt.on_curve == 0
    assert opt.delays[1] > 150  # on turn 2 the turn-1 tapland is untapped


def test_taplands_are_played_when_they_cost_nothing() -> None:
    # With 2-drops only, a tapland on turn 1 costs nothing: the policy plays it then.
    deck = Deck.parse("12 Tranquil Cove\n12 Island\n36 Counterspell")
    result = simulate(deck, games=300, seed=4)
    all_taps = simulate(Deck.parse("24 Tranquil Cove\n36 Counterspell"), games=300, seed=4)
    assert result.spell("Counterspell").p_on_curve > 0.85
    assert result.spell("Counterspell").p_on_curve > all_taps.spell("Counterspell").p_on_curve


def test_fetch_lands_find_untapped_lands_and_evolving_wilds_finds_tapped_ones() -> None:
    strand = simulate(Deck.parse("16 Flooded Strand\n8 Island\n36 Opt"), games=300, seed=5)
    wilds = simulate(Deck.parse("16 Evolving Wilds\n8 Island\n36 Opt"), games=300, seed=5)
    assert strand.spell("Opt").p_on_curve > 0.85
    assert wilds.spell("Opt").p_on_curve < strand.spell("Opt").p_on_curve - 0.1


def test_dorks_help_later_turns_but_not_the_turn_they_are_cast() -> None:
    lands = "16 Forest\n"
    without = simulate(Deck.parse(lands + "44 Centaur Courser"), games=400, seed=6)
    dorks = simulate(Deck.parse(lands + "8 Llanowar Elves\n36 Centaur Courser"), games=400, seed=6)
    assert dorks.spell("Centaur Courser").p_on_curve > without.spell("Centaur Courser").p_on_curve
    # An Elf is castable on turn 1 only with a land: another Elf can't help (sickness).
    elves = dorks.spell("Llanowar Elves")
    assert elves.p_on_curve <= elves.p_on_curve_given_lands <= 1.0


def test_rocks_are_used_from_the_next_turn() -> None:
    base = "20 Island\n"
    without = simulate(Deck.parse(base + "40 Dissolve"), games=400, seed=9)
    rocks = simulate(Deck.parse(base + "8 Mind Stone\n32 Dissolve"), games=400, seed=9)
    assert rocks.spell("Dissolve").p_on_curve > without.spell("Dissolve").p_on_curve


def test_commander_decks_draw_on_turn_one_and_cast_the_commander() -> None:
    text = (
        "Commander\n1 Omnath, Locus of Mana\n\nDeck\n1 Command Tower\n37 Forest\n61 Grizzly Bears"
    )
    result = simulate(Deck.parse(text), games=200, seed=1)
    assert result.commander
    omnath = result.spell("Omnath, Locus of Mana")
    assert omnath.p_on_curve > 0.9


def test_censored_games_count_in_the_mean_delay_as_a_lower_bound() -> None:
    odds = SpellOdds("X", 3, 3, 10, (5, 3), 2)
    assert odds.p_on_curve == 0.5 and odds.censored == 2
    assert odds.mean_delay == pytest.approx((0 * 5 + 1 * 3 + 2 * 2) / 10)
    assert odds.p_by_turn(4) == 0.8


def test_wilson() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and 0.65 < low < 0.8
    assert wilson(5, 0) == (0.0, 1.0)
    low, high = wilson(500, 1000)
    assert math.isclose((low + high) / 2, 0.5)


def test_progress_is_reported_per_chunk() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        MONO, games=CHUNK + 10, seed=1, progress=lambda done, total: seen.append((done, total))
    )
    assert seen == [(CHUNK, CHUNK + 10), (CHUNK + 10, CHUNK + 10)]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"games": 0}, "games must be 1 to"),
        ({"games": -5}, "games must be 1 to"),
        ({"games": 10**9}, "games must be 1 to"),
        ({"turns": 0}, "turn 0 does not exist"),
        ({"turns": 2}, "must reach turn 5 to cast Thundermaw Hellkite"),
        ({"turns": 99}, "beyond the limit"),
        ({"jobs": -1}, "jobs must be"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"games": 1.5}, "games must be a whole number"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(DeckError, match=message):
        simulate(MONO, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text, message",
    [("", "the deck is empty"), ("60 Lightning Bolt", "no lands"), ("5 Mountain", "opening hand")],
)
def test_decks_that_cant_be_simulated(text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        simulate(Deck.parse(text), games=10)


def test_a_deck_too_small_for_the_turns() -> None:
    with pytest.raises(DeckError, match="runs out of cards"):
        simulate(Deck.parse("5 Mountain\n3 Thundermaw Hellkite"), games=10)


def test_conditional_mana_abilities_are_asked_of_the_whole_battlefield() -> None:
    # Gloomlake Verge: "{T}: Add {U}. {T}: Add {B}. Activate only if you control an
    # Island or a Swamp." Alone it never makes {B}; with an Island it does.
    alone = simulate(Deck.parse("24 Gloomlake Verge\n36 Duress"), games=150, seed=1)
    assert alone.spell("Duress").censored == 150
    mixed = simulate(Deck.parse("12 Gloomlake Verge\n12 Island\n36 Duress"), games=150, seed=1)
    duress = mixed.spell("Duress")
    assert duress.on_curve == 0  # turn 1: one land, the Verge needs another
    assert duress.delays[1] > 80
