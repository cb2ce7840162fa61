"""The facts ability_text reads for the deck analysis (mtgmana.ability_text._lands,
_ramp, _entering): how a land enters (CR 614.1c, 305.7), land searches (CR 701.23),
ramp (CR 111.10a, 305.2), counters a permanent enters with (CR 122.6, 702.33)."""

from __future__ import annotations

import json

import pytest

from mtgmana.ability_text import (
    Entry,
    EntryKind,
    Ramp,
    RampKind,
    Unread,
    energy_on_entering,
    read_counters,
    read_entry,
    read_fetch,
    read_ramp,
    read_spell_text,
    read_unread,
    without_reminder,
)
from mtgmana.costs import ManaCost


@pytest.mark.parametrize(
    ("text", "kind", "count"),
    [
        ("This land enters tapped.", EntryKind.TAPPED, 0),
        ("As this land enters, you may pay 2 life. If you don't, it enters tapped.",
         EntryKind.PAY_LIFE, 0),
        ("This land enters tapped unless you control two or fewer other lands.",
         EntryKind.FEW_LANDS, 2),
        ("This land enters tapped unless you control two or more other lands.",
         EntryKind.MANY_LANDS, 2),
        ("This land enters tapped unless you control two or more basic lands.",
         EntryKind.BASICS, 2),
        ("If you control two or more other lands, this land enters tapped.",
         EntryKind.FEW_LANDS, 1),
        ("This land enters tapped unless it's your first, second, or third turn of the game.",
         EntryKind.EARLY, 0),
        ("This land enters tapped unless you have two or more opponents.", EntryKind.TAPPED, 0),
        ("{T}: Add {G}.", EntryKind.UNTAPPED, 0),
    ],
)  # fmt: skip
def test_entries(text: str, kind: EntryKind, count: int) -> None:
    entry = read_entry(text)
    assert (entry.kind, entry.count) == (kind, count)


def test_entry_kinds_are_the_words_and_rebuild() -> None:
    entry = Entry("control", frozenset({"Island"}), 1)  # a string is read as the kind
    assert entry.kind is EntryKind.CONTROL and entry.kind == "control"
    assert f"{entry.kind}" == str(entry.kind) == "control" and json.dumps(entry.kind) == '"control"'
    assert eval(repr(entry)) == entry
    with pytest.raises(ValueError, match="tapp"):
        Entry("tapp")  # a typo is an error


def test_reveal_and_check_lands() -> None:
    reveal = read_entry(
        "As this land enters, you may reveal a Forest or Plains card from your hand. If you"
        " don't, this land enters tapped."
    )
    assert reveal == Entry(EntryKind.REVEAL, frozenset({"Forest", "Plains"}), 1)
    assert reveal.untapped(other_lands=0, basics=0, land_types={}, hand_types=frozenset({"Forest"}),
                           turn=1)  # fmt: skip
    check = read_entry("This land enters tapped unless you control a Swamp or a Mountain.")
    assert not check.untapped(other_lands=1, basics=1, land_types={"Island": 1},
                              hand_types=frozenset(), turn=2)  # fmt: skip


def test_fetches() -> None:
    fetch = read_fetch(
        "{T}, Pay 1 life, Sacrifice this land: Search your library for a Plains or Island card,"
        " put it onto the battlefield, then shuffle."
    )
    assert fetch is not None and fetch.types == {"Plains", "Island"} and fetch.life == 1
    cycling = read_fetch("Basic landcycling {1}")
    assert cycling is not None and cycling.cycling and cycling.mana == ManaCost.parse("{1}")
    assert read_fetch("{T}: Add {C}.") is None


def test_ramp() -> None:
    cultivate = read_ramp(
        "Search your library for up to two basic land cards, reveal those cards, put one onto"
        " the battlefield tapped and the other into your hand, then shuffle.",
        one_shot=True,
    )
    assert cultivate == Ramp(RampKind.LAND_SEARCH, lands=1, to_hand=1, basic_only=True, tapped=True)
    assert read_ramp("Draw a card, then create two Treasure tokens.", one_shot=True) == Ramp(
        RampKind.TREASURE, treasures=2
    )
    # A creature's "create a Treasure" when it attacks is no ramp the simulation casts.
    assert (
        read_ramp("Whenever this creature attacks, create a Treasure token.", one_shot=False)
        is None
    )
    explore = read_ramp("You may play an additional land this turn.\nDraw a card.", one_shot=True)
    assert explore is not None and explore.description == "1 more land drop this turn"
    assert read_ramp("You may play an additional land this turn.", one_shot=False) is None


def test_spell_text_and_reminders() -> None:
    facts = read_spell_text(without_reminder("Create a Treasure token. (It's an artifact.)"))
    assert facts.creates_treasure and not facts.draws_cards and not facts.searches_for_land
    assert read_spell_text("Draw two cards.").draws_cards


def test_counters_energy_and_unread() -> None:
    assert read_counters("This land enters tapped with two charge counters on it.").number == 2
    assert read_counters("This artifact enters with X charge counters on it.").x
    assert read_counters("{T}: Add {C}.") == read_counters("")
    assert energy_on_entering("When this land enters, you get {E}{E}.") == 2
    assert energy_on_entering("{T}: Add {C}.") == 0
    assert read_unread("{T}: Each player adds {G}.") is Unread.MANA_ABILITY
    assert read_unread("Spend mana as though it were mana of any color.") is Unread.MANA_EFFECT
    assert read_unread("Enchanted creature's activated abilities can't be activated.") is None


def test_a_land_search_is_read_sentence_by_sentence() -> None:
    search = "Search your library for "
    assert read_spell_text(search + "a basic land card, put it into your hand").searches_for_land
    assert read_spell_text(search + "up to two land cards.").searches_for_land
    assert not read_spell_text(search + "a card. Put a land card into your hand.").searches_for_land
    assert not read_spell_text(search + "an Island card.").searches_for_land
    # Hostile text (a card file's): many searches in one long sentence are read in
    # one pass, the answer the same as for short text.
    assert not read_spell_text(search * 5000).searches_for_land
    assert read_spell_text(search * 5000 + "a land card").searches_for_land
