"""What-ifs (issues 6 and 13): changes asked for and generated swaps of one land for
another that keep the deck's size and legality (CR 100.2a, 903.5b, 903.5c), ranked
by the worst spell's probability and the deck's average castability."""

from __future__ import annotations

import pytest

from mtgmana.analysis.decks import Deck, DeckError
from mtgmana.analysis.summary import analyze
from mtgmana.analysis.what_ifs import WhatIf, parse_changes


def test_what_ifs_are_swaps_ranked_by_the_worst_spell_and_the_average() -> None:
    summary = analyze(Deck.example())
    assert 0 < len(summary.what_ifs) <= 5  # five by default
    scores = [w.score for w in summary.what_ifs]
    assert scores == sorted(scores, reverse=True) and scores[-1] > 0  # improvements only
    for w in summary.what_ifs:
        assert w.score == pytest.approx(w.delta + w.average_delta)
        assert (w.deck_size, w.lands) == (60, 23)  # a land for a land: never a smaller deck
        assert sorted(w.changes.values()) == [-1, 1] and w.warnings == ()
    best = summary.what_ifs[0]
    assert best.worst_before == pytest.approx(summary.spell("Opt").probability)
    copies = sum(s.count for s in summary.spells)
    average = sum(s.probability * s.count for s in summary.spells) / copies
    assert best.average_before == pytest.approx(average)


def test_asked_what_ifs_come_first() -> None:
    summary = analyze(Deck.example(), what_ifs=2, changes=["+1 Island", "-1 Forest, +1 Island"])
    assert [w.change for w in summary.what_ifs[:2]] == ["+1 Island", "-1 Forest, +1 Island"]
    plus = summary.what_ifs[0]
    assert (plus.deck_size, plus.lands) == (61, 24)
    assert len(summary.what_ifs) == 4


def test_parse_changes() -> None:
    assert parse_changes("+1 Island") == {"Island": 1}
    assert parse_changes("-2 Forest +2 Breeding Pool") == {"Forest": -2, "Breeding Pool": 2}
    assert parse_changes("-1 Nykthos, Shrine to Nyx, +1 Swamp") == {
        "Nykthos, Shrine to Nyx": -1,
        "Swamp": 1,
    }
    for bad in ("Island", "+0 Island", "1 Island", ""):
        with pytest.raises(DeckError):
            parse_changes(bad)


@pytest.mark.parametrize(
    "change, message",
    [
        ("-5 Thornwood Falls", "can't remove 5 Thornwood Falls: the deck has 2"),
        ("+1 Islnd", "unknown card name 'Islnd'; did you mean 'Island'"),
        ("-1 Plains", "can't remove 1 Plains: the deck has 0"),
    ],
)
def test_bad_what_ifs(change: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        analyze(Deck.example(), what_ifs=0, changes=[change])


def test_what_ifs_keep_a_constructed_deck_legal() -> None:
    text = "4 Breeding Pool\n4 Hinterland Harbor\n8 Forest\n8 Island\n20 Opt\n16 Growth Spiral"
    text += "\n\n3 Yavimaya Coast"
    summary = analyze(Deck.parse(text), what_ifs=50)
    added = {name for w in summary.what_ifs for name, n in w.changes.items() if n > 0}
    assert summary.what_ifs and added <= {"Forest", "Island", "Yavimaya Coast"}  # no 5th copy
    # Yavimaya Coast: 3 in the sideboard, so one more is the fourth; two more are not asked.
    assert all(w.deck_size == 60 for w in summary.what_ifs)


def test_what_ifs_keep_a_commander_deck_legal() -> None:
    text = (
        "Commander\n1 Tatyova, Benthic Druid\n\nDeck\n1 Breeding Pool\n1 Command Tower\n"
        "1 Caves of Koilos\n20 Forest\n10 Island\n33 Opt\n33 Growth Spiral"
    )
    deck = Deck.parse(text)
    summary = analyze(deck, what_ifs=50)
    assert summary.warnings[0].code == "singleton"  # 33 Opt: already a problem
    assert summary.what_ifs
    for w in summary.what_ifs:
        assert w.deck_size == 100 and w.warnings == ()  # 99 + Tatyova, CR 903.5a
        (added,) = [name for name, n in w.changes.items() if n > 0]
        assert added in ("Forest", "Island")  # basics of the identity; no 2nd Breeding Pool


def test_asked_what_ifs_say_what_legality_they_break() -> None:
    deck = Deck.parse("Commander\n1 Tatyova, Benthic Druid\n\nDeck\n40 Forest\n59 Opt")
    summary = analyze(deck, what_ifs=0, changes=["+1 Island", "-1 Forest, +1 Lightning Bolt"])
    plus, bolt = summary.what_ifs
    assert [w.code for w in plus.warnings] == ["deck-size"]
    assert [(w.code, w.cards) for w in bolt.warnings] == [("color-identity", ("Lightning Bolt",))]
    assert summary.warnings[0].code == "singleton"  # the deck's own, not the what-ifs'


def test_the_list_shows_different_lands_first() -> None:
    summary = analyze(Deck.example(), what_ifs=3)
    assert all(isinstance(w, WhatIf) for w in summary.what_ifs)
    added = [next(name for name, n in w.changes.items() if n > 0) for w in summary.what_ifs]
    assert len(added) == 3 and len(set(added)) == 3  # one per land added while others remain
    everything = analyze(Deck.example(), what_ifs=100).what_ifs
    assert [w.score for w in everything] == sorted((w.score for w in everything), reverse=True)
    assert len({w.change for w in everything}) == len(everything) > 3
