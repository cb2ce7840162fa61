"""The X values asked for a deck's cards (mtgmana.analysis.decks._x): a name the deck
doesn't hold, or a card whose X the analysis never chooses, is an error naming it
(through analyze, simulate and ``mtgmana deck --x``); the cards that take an X — a
spell with X in its mana cost (CR 107.3), Astral Cornucopia's X charge counters,
Everflowing Chalice's kicks (CR 702.33) — are accepted."""

from __future__ import annotations

import pytest

from cli_helpers import run, run_json
from conftest import precon
from mtgmana.analysis.decks import MAX_X, Deck, DeckError, chosen_x
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.summary import analyze

TEXT = (
    "4 Fireball\n4 Everflowing Chalice\n2 Astral Cornucopia\n4 Lightning Bolt\n"
    "1 Fire // Ice\n20 Mountain\n25 Shock"
)


@pytest.fixture(scope="module")
def deck() -> Deck:
    return Deck.parse(TEXT)


def test_cards_that_take_an_x_are_accepted(deck: Deck) -> None:
    x = {"Fireball": 3, "everflowing chalice": 2, "Astral Cornucopia": 2}
    assert chosen_x(deck, x) == (
        ("Astral Cornucopia", 2),
        ("Fireball", 3),
        ("everflowing chalice", 2),
    )
    assert chosen_x(deck, None) == () and chosen_x(deck, {}) == ()
    summary = analyze(deck, what_ifs=0, x=x)
    fireball = summary.spell("Fireball")
    assert (fireball.x, fireball.mana_value) == (3, 4)  # X = 3, CR 107.3
    assert summary.spell("Everflowing Chalice").cost == "{2}{2}"  # kicked twice
    assert summary.spell("Astral Cornucopia").counted_as.startswith("X=2;")


@pytest.mark.parametrize(
    ("x", "message"),
    [
        (
            {"Firebal": 3},
            "X for 'Firebal': no card of that name in the deck; did you mean 'Fireball'?",
        ),
        ({"Counterspell": 1}, "X for 'Counterspell': no card of that name in the deck"),
        ({"Lightning Bolt": 2}, "Lightning Bolt ({R}) has no X to choose"),
        ({"Ice": 2}, "Fire // Ice ({1}{R}) has no X to choose"),  # a face's name: the card
        ({"Mountain": 2}, "Mountain (no cost) has no X to choose"),
        ({"Fireball": 2, "FIREBALL": 3}, "X for 'FIREBALL' is given twice"),
        ({"Fireball": -1}, "X for Fireball must be 0 to 1,000, not -1"),
        ({"Fireball": MAX_X + 1}, "X for Fireball must be 0 to 1,000"),
        ({"Fireball": 2.5}, "X for Fireball must be a whole number"),
        ({"Fireball": True}, "X for Fireball must be a whole number"),
        ({3: 3}, "x must map card names to X"),
        ([("Fireball", 3)], "x must map card names to X"),
    ],
)
def test_bad_x_is_an_error_naming_the_card(deck: Deck, x: object, message: str) -> None:
    for call in (
        lambda: analyze(deck, what_ifs=0, x=x),  # type: ignore[arg-type]
        lambda: simulate(deck, games=10, x=x),  # type: ignore[arg-type]
    ):
        with pytest.raises(DeckError) as caught:
            call()
        assert message in str(caught.value)


def test_no_x_card_in_the_deck_says_so() -> None:
    deck = Deck.parse("20 Mountain\n40 Shock")
    with pytest.raises(DeckError, match=r"Shock .* no card of this deck takes an X"):
        analyze(deck, what_ifs=0, x={"Shock": 1})


def test_cli_x_on_a_real_precon(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(precon("family-matters-blc.dck"))
    base = ("deck", path, "--games", "20", "--what-ifs", "0")
    status, data = run_json(capsys, *base, "--x", "Martial Coup=5")
    assert status == 0
    assert data["spells"][[s["name"] for s in data["spells"]].index("Martial Coup")]["x"] == 5
    status, data = run_json(capsys, *base, "--x", "Sol Ring=2")
    assert status == 2 and "X for 'Sol Ring': Sol Ring ({1}) has no X" in data["error"]
    assert "Martial Coup" in data["error"]  # the cards that do take an X
    status, _, err = run(capsys, *base, "--x", "Martial Cup=5")
    assert status == 2
    assert "no card of that name in the deck; did you mean 'Martial Coup'?" in err
    status, _, err = run(capsys, *base, "--x", "Martial Coup=5", "--x", "martial coup=3")
    assert status == 2 and "--x gives X for 'martial coup' twice" in err
