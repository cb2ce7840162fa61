"""Decklists as people paste them: Arena / MTGO exports, plain lists, sections,
line numbers, names resolved with suggestions, and bad input (issue 6)."""

from __future__ import annotations

import time

import pytest

from mtgmana import MtgManaError
from mtgmana.analysis.decklist import (
    MAX_COPIES,
    MAX_LINE,
    MAX_TEXT,
    SECTIONS,
    DeckEntry,
    Decklist,
    DecklistError,
)

ARENA = """About
Name Mono-Red Aggro

Commander
1 Krenko, Mob Boss (M13) 139

Companion
1 Lurrus of the Dream-Den (IKO) 226

Deck
4 Lightning Bolt (M11) 149
20 Mountain (ZNR) 381 *F*

Sideboard
2 Smash to Smithereens (ORI) 163
"""


def rows(decklist: Decklist) -> list[tuple[int, str, str, int]]:
    return [(e.count, e.name, e.section, e.line) for e in decklist.entries]


def test_arena_export_with_sections_set_codes_and_about_block() -> None:
    deck = Decklist.parse(ARENA)
    assert deck.name == "Mono-Red Aggro"
    assert rows(deck) == [
        (1, "Krenko, Mob Boss", "commander", 5),
        (1, "Lurrus of the Dream-Den", "companion", 8),
        (4, "Lightning Bolt", "main", 11),
        (20, "Mountain", "main", 12),
        (2, "Smash to Smithereens", "sideboard", 15),
    ]
    bolt = deck.entries[2]
    assert (bolt.set_code, bolt.collector_number) == ("M11", "149")
    assert deck.count("main") == 24 and deck.count() == 28
    assert [e.name for e in deck.section("sideboard")] == ["Smash to Smithereens"]


def test_mtgo_blank_line_sideboard() -> None:
    deck = Decklist.parse("4 Lightning Bolt\n20 Mountain\n\n\n3 Duress\n1 Negate\n")
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Lightning Bolt", "main"),
        ("Mountain", "main"),
        ("Duress", "sideboard"),
        ("Negate", "sideboard"),
    ]


def test_arena_deck_header_then_blank_line_sideboard() -> None:
    deck = Decklist.parse("Deck\n4 Opt\n\n2 Negate")
    assert [e.section for e in deck.entries] == ["main", "sideboard"]


def test_blank_lines_before_the_first_card_and_after_headers_change_nothing() -> None:
    deck = Decklist.parse("\n\nDeck\n\n4 Opt\n20 Island\n")
    assert [e.section for e in deck.entries] == ["main", "main"]


def test_commander_then_blank_line_then_the_deck() -> None:
    deck = Decklist.parse("Commander\n1 Atraxa, Praetors' Voice\n\n99 Forest")
    assert [e.section for e in deck.entries] == ["commander", "main"]


def test_plain_lists_x_counts_bare_names_comments_and_sb_prefix() -> None:
    text = "# my deck\n// a comment\n4x Opt\n4 x Consider\n3X Negate\nIsland\nSB: 2 Duress\n"
    deck = Decklist.parse(text)
    assert rows(deck) == [
        (4, "Opt", "main", 3),
        (4, "Consider", "main", 4),
        (3, "Negate", "main", 5),
        (1, "Island", "main", 6),
        (2, "Duress", "sideboard", 7),
    ]


@pytest.mark.parametrize(
    "header, section",
    [("Deck", "main"), ("MAINBOARD:", "main"), ("Sideboard", "sideboard"),
     ("Companion", "companion"), ("Maybeboard", "maybeboard"), ("commander", "commander"),
     ("Sideboard (15)", "sideboard")],
)  # fmt: skip
def test_section_headers_any_case_with_colon_or_count(header: str, section: str) -> None:
    deck = Decklist.parse(f"{header}\n1 Opt")
    assert deck.entries[0].section == section
    assert section in SECTIONS


def test_windows_line_endings_and_a_byte_order_mark() -> None:
    deck = Decklist.parse("\ufeff4 Opt\r\n20 Island\r\n")
    assert rows(deck) == [(4, "Opt", "main", 1), (20, "Island", "main", 2)]


def test_str_is_arena_format_and_round_trips() -> None:
    deck = Decklist.parse(ARENA)
    again = Decklist.parse(str(deck))
    assert sorted((e.count, e.name, e.section) for e in again.entries) == sorted(
        (e.count, e.name, e.section) for e in deck.entries
    )
    assert str(again).startswith("Deck\n4 Lightning Bolt\n20 Mountain\n\nSideboard")
    assert str(DeckEntry(4, "Opt", "main", 1)) == "4 Opt"


def test_names_resolve_through_the_database() -> None:
    resolved = Decklist.parse(
        "4 lightning bolt\n2 Fire/Ice\n1 Fire // Ice\n1 Brazen Borrower"
    ).resolve()
    assert [r.name for r in resolved] == [
        "Lightning Bolt",
        "Fire // Ice",
        "Fire // Ice",
        "Brazen Borrower // Petty Theft",
    ]
    assert resolved[0].count == 4


def test_unknown_card_names_the_line_and_suggests() -> None:
    with pytest.raises(DecklistError) as caught:
        Decklist.parse("20 Mountain\n4 Lightening Bolt\n").resolve()
    error = caught.value
    assert error.line == 2
    assert "Lightning Bolt" in error.suggestions
    assert str(error).startswith("line 2: unknown card name 'Lightening Bolt'; did you mean")
    assert isinstance(error, MtgManaError) and isinstance(error, ValueError)


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("4 Opt\n4x", 2, "has a count but no card name"),
        ("4 Opt\n0 Island", 2, "a count must be at least 1"),
        (f"{MAX_COPIES + 1} Island", 1, "at most"),
        ("9999999 Island", 1, "too many"),
        ("4 Opt\n1234", 2, "has a count but no card name"),
        ("4 Opt\n" + "x" * (MAX_LINE + 1), 2, "characters long"),
        ("4 Opt\n!!! ???", 2, "expected a count and a card name"),
    ],
)
def test_unreadable_lines_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(DecklistError) as caught:
        Decklist.parse(text)
    assert caught.value.line == line
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"line {line}: ")


def test_too_many_cards_in_all() -> None:
    with pytest.raises(DecklistError, match="more than 1,000 cards"):
        Decklist.parse("600 Island\n600 Forest")


def test_a_10_mb_paste_fails_fast_with_a_clear_error() -> None:
    paste = "4 Lightning Bolt\n" * (10 * 1024 * 1024 // 17)
    start = time.perf_counter()
    with pytest.raises(DecklistError, match="the limit is 1,000,000") as caught:
        Decklist.parse(paste)
    assert time.perf_counter() - start < 0.5
    assert caught.value.line is None


def test_a_long_list_within_the_limit_parses_in_linear_time() -> None:
    text = "# padding comment line\n" * (MAX_TEXT // 24) + "4 Opt\n"
    start = time.perf_counter()
    deck = Decklist.parse(text)
    assert time.perf_counter() - start < 2.0
    assert deck.count() == 4


def test_empty_text_is_no_entries() -> None:
    assert Decklist.parse("").entries == ()
    assert Decklist.parse("\n# nothing\n\n").entries == ()


def test_not_text() -> None:
    with pytest.raises(DecklistError, match="a decklist is text"):
        Decklist.parse(b"4 Opt")  # type: ignore[arg-type]


def test_unknown_section_name() -> None:
    with pytest.raises(DecklistError, match="unknown section"):
        Decklist.parse("4 Opt").section("graveyard")
