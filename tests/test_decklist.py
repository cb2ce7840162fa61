"""Decklists as people paste them: Arena / MTGO exports, plain lists, sections,
line numbers, names resolved with suggestions, and bad input (issue 6)."""

from __future__ import annotations

import pytest

from mtgmana import MtgManaError
from mtgmana.analysis.decklists import (
    MAX_COPIES,
    MAX_LINE,
    MAX_SUGGESTED,
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
    with pytest.raises(DecklistError, match="the limit is 1,000,000") as caught:
        Decklist.parse(paste)
    assert caught.value.line is None  # refused by its length, before any line is read


def test_a_long_list_within_the_limit_parses_in_linear_time() -> None:
    text = "# padding comment line\n" * (MAX_TEXT // 24) + "4 Opt\n"
    deck = Decklist.parse(text)  # how fast: bench/bench_decklist.py
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


# -- exports (issue 13) ---------------------------------------------------------------------


def sections(decklist: Decklist) -> dict[str, int]:
    found: dict[str, int] = {}
    for e in decklist.entries:
        found[e.section] = found.get(e.section, 0) + e.count
    return found


FORGE = """[metadata]
Name=Arcane Maelstrom [C20] [2020]
[commander]
1 Kalamax, the Stormsire+|C20
[main]
1 Arcane Signet|C20|1
1 Heaven // Earth|OTC|1
30 Island|IKO
[Sideboard]
2 Negate|M20
[Planes]
1 Some Plane Forge Knows|PCA
"""


def test_forge_dck_metadata_sections_printings_and_foils() -> None:
    deck = Decklist.parse(FORGE)
    assert deck.name == "Arcane Maelstrom [C20] [2020]"
    assert rows(deck) == [
        (1, "Kalamax, the Stormsire", "commander", 4),
        (1, "Arcane Signet", "main", 6),
        (1, "Heaven // Earth", "main", 7),
        (30, "Island", "main", 8),
        (2, "Negate", "sideboard", 10),
    ]  # [Planes] is not part of the deck
    assert (deck.entries[1].set_code, deck.entries[1].collector_number) == ("C20", None)
    assert [r.name for r in deck.resolve()][:3] == [
        "Kalamax, the Stormsire",
        "Arcane Signet",
        "Heaven // Earth",
    ]


@pytest.mark.parametrize(
    "line",
    [
        "1 Ixhel, Scion of Atraxa [ONC]|1",  # Forge's Name [SET]|art
        "Ixhel, Scion of Atraxa [ONC]|1",
        "1 Ixhel, Scion of Atraxa|ONC|1",  # Name|SET|art
        "Ixhel, Scion of Atraxa|ONC|1",
        "1 Ixhel, Scion of Atraxa+|ONC|1",  # a foil
        "1 Ixhel, Scion of Atraxa [ONC]",
    ],
)
def test_forge_printing_variants(line: str) -> None:
    deck = Decklist.parse(f"[commander]\n{line}\n[main]\n99 Plains")
    first = deck.entries[0]
    assert (first.count, first.name, first.section, first.set_code) == (
        1,
        "Ixhel, Scion of Atraxa",
        "commander",
        "ONC",
    )
    assert deck.resolve()[0].name == "Ixhel, Scion of Atraxa"


def test_forge_collector_numbers_in_brackets() -> None:
    # Forge's newer precons (Calling All Angels, FDC) write the collector number in
    # brackets: 'Name|SET|[number]'.
    deck = Decklist.parse("1 Arcane Signet|FDC|[245]\n16 Plains|FDN|[272]\n1 Sol Ring|FDC|1|[286]")
    assert [(e.name, e.set_code, e.collector_number) for e in deck.entries] == [
        ("Arcane Signet", "FDC", "245"),
        ("Plains", "FDN", "272"),
        ("Sol Ring", "FDC", "286"),
    ]


DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="2" Quantity="20" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="3" Quantity="2" Sideboard="true" Name="Fire/Ice" Annotation="0" />
  <Cards CatID="4" Quantity="1" Sideboard="false" Commander="true" Name="Krenko, Mob Boss" />
</Deck>
"""


def test_mtgo_dek_xml() -> None:
    deck = Decklist.parse(DEK)
    assert rows(deck) == [
        (4, "Lightning Bolt", "main", 5),
        (20, "Mountain", "main", 6),
        (2, "Fire/Ice", "sideboard", 7),
        (1, "Krenko, Mob Boss", "commander", 8),
    ]
    assert deck.resolve()[2].name == "Fire // Ice"


def test_cockatrice_cod_xml() -> None:
    cod = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        "  <deckname>Burn</deckname>\n"
        '  <zone name="main">\n    <card number="4" name="Lightning Bolt"/>\n'
        '    <card number="20" name="Mountain"/>\n  </zone>\n'
        '  <zone name="side">\n    <card number="2" name="Negate"/>\n  </zone>\n'
        '  <zone name="tokens">\n    <card number="1" name="Goblin"/>\n  </zone>\n'
        "</cockatrice_deck>\n"
    )
    deck = Decklist.parse(cod)
    assert deck.name == "Burn"
    assert rows(deck) == [
        (4, "Lightning Bolt", "main", 5),
        (20, "Mountain", "main", 6),
        (2, "Negate", "sideboard", 9),
    ]


@pytest.mark.parametrize(
    "text, line, message",
    [
        ('<Deck>\n  <Cards Quantity="4" Name="Opt">\n</Deck>', 3, "can't read the XML decklist"),
        ('<Deck>\n<Cards Quantity="four" Name="Opt" /></Deck>', 2, "is not a count"),
        ('<Deck>\n<Cards Quantity="0" Name="Opt" /></Deck>', 2, "at least 1"),
        ('<Deck>\n<Cards Quantity="4" Name="" /></Deck>', 2, "without a name"),
        ('<Deck><Cards Quantity="1001" Name="Opt" /></Deck>', 1, "at most 1,000"),
    ],
)
def test_bad_xml_decklists_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(DecklistError, match=message) as caught:
        Decklist.parse(text)
    assert caught.value.line == line


def test_xml_entities_are_refused() -> None:
    bomb = '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaa">]>\n<Deck></Deck>'
    with pytest.raises(DecklistError, match="document type"):
        Decklist.parse(bomb)


def test_archidekt_categories_labels_and_printings() -> None:
    text = (
        "1x Atraxa, Praetors' Voice (2x2) 190 *F* [Commander{top}]\n"
        "1x Sol Ring (c21) 263 [Ramp,Artifact] ^Have,#37d67a^\n"
        "1x Forest (znr) 381 [Land]\n"
        "1x Negate (m20) 69 [Sideboard]\n"
        "1x Opt (xln) 65 [Maybeboard{noDeck}{noPrice}]\n"
        "1x Ponder (m12) 73 [Considering{noDeck}]\n"
        "1x Brainstorm [ICE]\n"
    )
    deck = Decklist.parse(text)
    assert [(e.name, e.section, e.set_code, e.collector_number) for e in deck.entries] == [
        ("Atraxa, Praetors' Voice", "commander", "2x2", "190"),
        ("Sol Ring", "main", "c21", "263"),
        ("Forest", "main", "znr", "381"),
        ("Negate", "sideboard", "m20", "69"),
        ("Opt", "maybeboard", "xln", "65"),
        ("Ponder", "maybeboard", "m12", "73"),
        ("Brainstorm", "main", "ICE", None),
    ]


def test_tappedout_commander_marks_and_foils() -> None:
    text = "1x Kalamax, the Stormsire (C20) *F* *CMDR*\n1x Arcane Signet\n1x Sol Ring *f*\n"
    deck = Decklist.parse(text)
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Kalamax, the Stormsire", "commander"),
        ("Arcane Signet", "main"),
        ("Sol Ring", "main"),
    ]


def test_moxfield_commander_first_then_the_deck_and_a_maybeboard() -> None:
    text = "1 Kalamax, the Stormsire (C20) 8 *F*\n\n98 Island (IKO) 264\n1 Opt (XLN) 65\n\n"
    text += "SIDEBOARD:\n1 Negate (M20) 69\n\nMAYBEBOARD:\n1 Ponder (M12) 73\n"
    deck = Decklist.parse(text)
    assert sections(deck) == {"commander": 1, "main": 99, "sideboard": 1, "maybeboard": 1}


def test_names_that_look_like_printings_are_kept() -> None:
    deck = Decklist.parse("1 Hazmat Suit (Used)\n1 B.F.M. (Big Furry Monster)\n2 Opt (XLN) 65")
    assert [e.name for e in deck.entries] == [
        "Hazmat Suit (Used)",
        "B.F.M. (Big Furry Monster)",
        "Opt",
    ]
    assert [r.name for r in deck.resolve()][:2] == [
        "Hazmat Suit (Used)",
        "B.F.M. (Big Furry Monster)",
    ]


def test_type_groups_and_comment_headers() -> None:
    text = "Creatures (20)\n20 Grizzly Bears\n\nLands (24)\n24 Forest\n\nSpells\n16 Giant Growth\n"
    text += "//Sideboard\n2 Negate\n"
    assert sections(Decklist.parse(text)) == {"main": 60, "sideboard": 2}


@pytest.mark.parametrize(
    "groups, expected",
    [
        ([60, 15], {"main": 60, "sideboard": 15}),  # MTGO
        ([40, 45], {"main": 40, "sideboard": 45}),  # a sealed pool
        ([1, 59], {"main": 60}),  # a few cards before a big group: one deck
        ([23, 17], {"main": 40}),
        ([60, 40], {"main": 100}),  # two groups of one 100-card deck
        ([99, 1], {"main": 99, "sideboard": 1}),  # MTGO's commander: see resolve
        ([1, 99], {"commander": 1, "main": 99}),  # a commander first
        ([2, 98], {"commander": 2, "main": 98}),  # partners first
        ([1, 60, 39, 3], {"commander": 1, "main": 99, "sideboard": 3}),
        ([20, 16, 24], {"main": 60}),  # grouped by type
        ([20, 16, 24, 15], {"main": 60, "sideboard": 15}),
        ([20, 16, 21, 3], {"main": 60}),  # 57 before the last group: not a deck
    ],
)
def test_blank_line_groups(groups: list[int], expected: dict[str, int]) -> None:
    names = iter(["Opt", "Island", "Forest", "Negate", "Swamp"])
    text = "\n\n".join(f"{n} {next(names)}" for n in groups)
    assert sections(Decklist.parse(text)) == expected


def test_every_unknown_card_is_named_at_once() -> None:
    text = "4 Lightening Bolt\n20 Mountain\n4 Counterspel\n1 Xyzzy Qwerty\n4 Lightening Bolt"
    with pytest.raises(DecklistError) as caught:
        Decklist.parse(text).resolve()
    error = caught.value
    assert [(p.line, p.name) for p in error.problems] == [
        (1, "Lightening Bolt"),
        (3, "Counterspel"),
        (4, "Xyzzy Qwerty"),
        (5, "Lightening Bolt"),
    ]
    assert error.problems[0].suggestions[0] == "Lightning Bolt"
    assert error.problems[2].suggestions == ()
    assert error.line == 1 and error.suggestions[0] == "Lightning Bolt"
    message = str(error)
    assert message.startswith(
        "4 unknown card names (newer cards come with `mtgmana cards update`):\n"
        "  line 1: 'Lightening Bolt'; did you mean"
    )
    assert "line 3: 'Counterspel'; did you mean 'Counterspell'" in message
    line, name, suggestions = error.problems[1]  # a (line, name, suggestions) tuple
    assert (line, name, suggestions[0]) == (3, "Counterspel", "Counterspell")


def junk_lines(count: int) -> list[str]:
    """``count`` lines of made-up card names, none of them close to a real one."""
    syllables = ("zor", "qua", "plix", "vend", "trum", "okk", "glo", "brev")
    return [
        f"1 {syllables[i % 8].title()}{syllables[i // 8 % 8]} {syllables[i // 64 % 8]}x{i}"
        for i in range(count)
    ]


def test_past_20_unknown_names_no_close_spellings_are_looked_for() -> None:
    # A file that is not a decklist (500 lines of junk took 66 s) is refused at once:
    # close names are looked for among the first MAX_SUGGESTED unknown names only.
    lines = junk_lines(500)
    lines[0] = "4 Lightening Bolt"
    lines[30] = "4 Counterspel"  # a typo past the 20th unknown name: not looked at
    lines[40] = "4 Lightening Bolt"  # the same name as line 1: its suggestions again
    lines[50] = "20 Mountain"  # a real card
    with pytest.raises(DecklistError) as caught:
        Decklist.parse("\n".join(lines)).resolve()
    error = caught.value
    assert MAX_SUGGESTED == 20 and len(error.problems) == 499  # every unknown name
    by_line = {p.line: p for p in error.problems}
    assert by_line[1].suggestions[0] == by_line[41].suggestions[0] == "Lightning Bolt"
    assert by_line[31].suggestions == ()
    listed = str(error).splitlines()
    assert listed[0] == "499 unknown card names (newer cards come with `mtgmana cards update`):"
    assert [line.split(":")[0] for line in listed[1:-1]] == [f"  line {n}" for n in range(1, 21)]
    assert listed[-1] == (
        "  ... and 479 more, up to line 500 (close names are looked for in the first 20 only)"
    )


def test_one_unknown_card_keeps_the_single_message() -> None:
    with pytest.raises(DecklistError) as caught:
        Decklist.parse("4 Opt\n2 Brainstrom").resolve()
    assert str(caught.value).startswith("line 2: unknown card name 'Brainstrom'; did you mean")
    assert len(caught.value.problems) == 1


def test_unknown_card_errors_say_newer_cards_come_with_cards_update() -> None:
    with pytest.raises(DecklistError) as caught:
        Decklist.parse("4 Opt\n2 Doctor Doom, King of Latveria").resolve()
    assert str(caught.value).endswith("(newer cards come with `mtgmana cards update`)")


def test_resolve_known_keeps_the_known_and_lists_the_rest() -> None:
    text = "Commander\n1 Kalamax, the Stormsire\n\n4 Opt\n2 Springleaf Parade\n"
    text += "Sideboard\n1 Doctor Doom, King of Latveria\n1 Negate"
    known, unknown = Decklist.parse(text).resolve_known()
    assert [r.name for r in known] == ["Kalamax, the Stormsire", "Opt", "Negate"]
    assert [(u.line, u.name, u.count, u.section) for u in unknown] == [
        (5, "Springleaf Parade", 2, "main"),
        (7, "Doctor Doom, King of Latveria", 1, "sideboard"),
    ]
    assert Decklist.parse("4 Opt").resolve_known()[1] == ()
    # MTGO's commander in the sideboard: the unknown main-deck cards count to the 100.
    mtgo = "58 Island\n39 Opt\n2 Springleaf Parade\n\n1 Kalamax, the Stormsire"
    known, unknown = Decklist.parse(mtgo).resolve_known()
    assert known[-1].entry.section == "commander" and unknown[0].count == 2


def test_mtgo_puts_the_commander_in_the_sideboard() -> None:
    resolved = Decklist.parse("60 Island\n39 Opt\n\n1 Kalamax, the Stormsire").resolve()
    assert [(r.name, r.entry.section) for r in resolved][-1] == (
        "Kalamax, the Stormsire",
        "commander",
    )
    partners = Decklist.parse("98 Island\n\n1 Tymna the Weaver\n1 Kraum, Ludevic's Opus").resolve()
    assert [r.entry.section for r in partners] == ["main", "commander", "commander"]
    # Not a commander: a sideboard card that can't be one, or a 60-card deck.
    negate = Decklist.parse("99 Island\n\n1 Negate").resolve()
    assert negate[-1].entry.section == "sideboard"
    sixty = Decklist.parse("59 Island\n\n1 Kalamax, the Stormsire").resolve()
    assert sixty[-1].entry.section == "sideboard"


def test_names_any_case_accents_and_split_card_slashes() -> None:
    resolved = Decklist.parse(
        "1 LIGHTNING BOLT\n1 nazgul\n1 Fire /// Ice\n1 Kalamax, the Stormsire+\n1 Emeria's Call"
    ).resolve()
    assert [r.name for r in resolved] == [
        "Lightning Bolt",
        "Nazgûl",
        "Fire // Ice",
        "Kalamax, the Stormsire",
        "Emeria's Call // Emeria, Shattered Skyclave",
    ]
