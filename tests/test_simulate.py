"""The Monte Carlo of a real deck (issues 6 and 13): deterministic with a seed
(whatever the number of processes), the London mulligan, land drops, taplands,
fetch lands, dorks with summoning sickness, rocks, ramp (land searches, Treasure),
modal double-faced lands, Phyrexian, split, adventurer and X spells, restricted
mana, Gemstone Caverns, Exotic Orchard, the cache's real hit rate, intervals, and
bad input. Few games each, so the suite stays fast."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from mtgmana.analysis import castability
from mtgmana.analysis.decks import Deck, DeckError
from mtgmana.analysis.simulation import CHUNK, SpellOdds, simulate, wilson
from mtgmana.cli import main

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


# -- modern mana (issue 13) ------------------------------------------------------------


def test_phyrexian_symbols_are_paid_with_life_and_the_other_figure_with_mana() -> None:
    # Dismember {1}{B/P}{B/P} in mono-red (CR 107.4f): castable with life, never with mana.
    result = simulate(Deck.parse("24 Mountain\n4 Dismember\n32 Lightning Bolt"), games=300)
    dismember = result.spell("Dismember")
    assert dismember.p_on_curve > 0.8
    assert dismember.without_life is not None and dismember.without_life.p_on_curve == 0.0
    assert result.spell("Lightning Bolt").without_life is None


def test_both_halves_of_split_and_adventure_cards_are_asked() -> None:
    deck = Deck.parse("12 Island\n12 Mountain\n4 Fire // Ice\n4 Bonecrusher Giant\n28 Opt")
    result = simulate(deck, games=200, seed=2)
    names = {odds.name: odds for odds in result.spells}
    assert {"Fire", "Ice", "Bonecrusher Giant", "Stomp"} <= set(names)
    assert names["Ice"].card == "Fire // Ice" and names["Stomp"].turn == 2
    assert result.spell("Fire // Ice").name == "Fire"  # the card's name finds its first half


def test_x_is_one_by_default_and_can_be_set_per_card() -> None:
    deck = Deck.parse("24 Mountain\n36 Fireball")
    assert simulate(deck, games=100).spell("Fireball").turn == 2  # {X}{R}, X = 1
    assert simulate(deck, games=100, x={"Fireball": 3}).spell("Fireball").turn == 4
    with pytest.raises(DeckError, match="X for Fireball"):
        simulate(deck, games=10, x={"Fireball": -1})


def test_modal_double_faced_lands_are_played_when_lands_are_short() -> None:
    # Sea Gate Restoration // Sea Gate, Reborn: a spell whose back is an Island-like land.
    base = "12 Island\n40 Divination\n"
    without = simulate(Deck.parse(base + "8 Opt"), games=400, seed=3)
    mdfc = simulate(Deck.parse(base + "8 Sea Gate Restoration"), games=400, seed=3)
    assert mdfc.spell("Divination").p_on_curve > without.spell("Divination").p_on_curve + 0.05


def test_ramp_is_cast_and_its_lands_come_from_the_library() -> None:
    base = "16 Forest\n4 Island\n28 Krosan Tusker\n"
    without = simulate(Deck.parse(base + "12 Grizzly Bears"), games=500, seed=4)
    ramp = simulate(Deck.parse(base + "12 Rampant Growth"), games=500, seed=4)
    assert ramp.spell("Krosan Tusker").p_by_turn(7) > without.spell("Krosan Tusker").p_by_turn(7)
    assert dict(ramp.ramp) == {"Rampant Growth": "puts 1 basic land onto the battlefield tapped"}
    assert not without.ramp


def test_treasure_and_rocks_cast_as_ramp() -> None:
    base = "16 Mountain\n32 Shivan Dragon\n"  # {4}{R}{R}
    plain = simulate(Deck.parse(base + "12 Shock"), games=400, seed=5)
    treasure = simulate(Deck.parse(base + "12 Seize the Spoils"), games=400, seed=5)
    rocks = simulate(Deck.parse(base + "12 Mind Stone"), games=400, seed=5)
    dragon = plain.spell("Shivan Dragon").p_by_turn(8)
    assert treasure.spell("Shivan Dragon").p_by_turn(8) > dragon
    assert rocks.spell("Shivan Dragon").p_by_turn(8) > dragon
    assert dict(treasure.ramp)["Seize the Spoils"] == "creates 1 Treasure token"


def test_restricted_mana_pays_only_the_spells_it_may_pay() -> None:
    # Ancient Ziggurat: any color, only for creature spells (CR 106.6).
    result = simulate(Deck.parse("24 Ancient Ziggurat\n18 Grizzly Bears\n18 Divination"),
                      games=200)  # fmt: skip
    assert result.spell("Grizzly Bears").p_by_turn(4) > 0.8
    assert result.spell("Divination").censored == 200


def test_gemstone_caverns_begins_on_the_battlefield_on_the_draw() -> None:
    # With a luck counter it makes any color; otherwise {C}.
    deck = Deck.parse("4 Gemstone Caverns\n20 Mountain\n36 Divination")
    play = simulate(deck, games=400, seed=6)
    draw = simulate(deck, games=400, seed=6, on_the_draw=True)
    assert play.spell("Divination").censored == 400
    assert draw.spell("Divination").p_by_turn(draw.turns) > 0.2


def test_exotic_orchard_assumes_an_opponent_with_the_decks_colors() -> None:
    result = simulate(Deck.parse("24 Exotic Orchard\n36 Lightning Bolt"), games=200)
    assert result.spell("Lightning Bolt").p_on_curve > 0.8


def test_the_hit_rate_is_a_real_rate() -> None:
    result = simulate(Deck.example(), games=300, seed=8)
    assert 0.0 <= result.hit_rate <= 1.0 and result.cache_misses <= result.queries
    assert 0.0 <= result.tapper_rate <= 1.0


def test_the_command_line_sets_x(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("24 Mountain\n36 Fireball\n", encoding="utf-8")
    status = main(["deck", str(deck), "--games", "50", "--x", "Fireball=3", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    fireball = next(spell for spell in data["spells"] if spell["name"] == "Fireball")
    assert fireball["turn"] == 4
    assert main(["deck", str(deck), "--games", "0", "--x", "Fireball"]) == 2
    assert "NAME=X" in capsys.readouterr().err


# -- the engine (issue 13, part 4) ------------------------------------------------------


def test_cached_decisions_and_answers_change_no_result() -> None:
    # Land drops, ramp steps and answers are cached by what they read: a cache warmed by
    # other games (another seed, on the draw) gives what a cold one gives.
    from mtgmana.analysis.simulation import _simulate as simulation

    deck = Deck.example()
    simulate(deck, games=700, seed=11)
    simulate(deck, games=300, seed=12, on_the_draw=True)
    warm = simulate(deck, games=500, seed=13)
    simulation._ENGINES.clear()
    simulation._COMPILED.clear()
    assert simulate(deck, games=500, seed=13) == warm


def test_ramp_uses_only_the_mana_ramp_added_this_turn() -> None:
    # Two Mind Stones in hand, one castable: the {C} of the first doesn't pay the
    # second ({2}); a Sol Ring cast on an earlier turn is no mana "added this turn".
    from mtgmana.analysis.simulation._cards import CompiledDeck
    from mtgmana.analysis.simulation._game import Engine
    from mtgmana.analysis.simulation._player import Game

    engine = Engine(CompiledDeck(Deck.parse("20 Island\n4 Mind Stone\n4 Sol Ring\n32 Dissolve")),
                    False, 6)  # fmt: skip
    layout = engine.player.layout
    stone = engine.deck.names.index("Mind Stone")
    ring = engine.deck.ramp[engine.deck.names.index("Sol Ring")]
    assert ring is not None
    game = Game([], [], layout.start + 2 * layout.hand_in[stone])
    game.fresh_key, game.fresh_identity = (
        engine.player.inc[ring.source],
        engine.player.ident[ring.source],
    )
    engine.player.ramp(game, 0, 0, engine.player.ramp_bit[stone])
    field = layout.ramp_field[stone]
    assert layout.count(game.H, field) - layout.count(layout.start, field) == 1
    assert game.key == engine.player.inc[engine.deck.ramp[stone].source]  # type: ignore[union-attr]


def test_a_land_that_entered_tapped_still_counts_for_could_produce() -> None:
    # CR 106.7: Reflecting Pool makes a type a land you control could produce, even a
    # tapped one: with an Island and Thornwood Falls played tapped, it makes {G}.
    from mtgmana.analysis.simulation._cards import CompiledDeck
    from mtgmana.analysis.simulation._game import Engine

    deck = Deck.parse("8 Reflecting Pool\n8 Island\n8 Thornwood Falls\n36 Growth Spiral")
    engine = Engine(CompiledDeck(deck), False, 4)
    names = engine.deck.names
    key = identity = 0
    for name in ("Reflecting Pool", "Island"):
        c = engine.deck.land_faces[names.index(name)][0].source
        key += engine.player.inc[c]
        identity += engine.player.ident[c]
    _, down, *_ = engine.player.drops[names.index("Thornwood Falls")][0]
    assert down[5] == 1  # it enters tapped
    spiral = engine.player.ramp_bit[names.index("Growth Spiral")]
    assert engine.answers.castable(key + down[0], identity + down[1], spiral) == spiral
    assert engine.answers.castable(key, identity, spiral) == 0  # without it, {U} only
