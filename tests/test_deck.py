"""The deck summary (issue 6): pips, Karsten's requirements, the deck's sources by
his counting rules, the exact-model probability, the curve, the land count against
his 2022 formula, what-ifs, card roles, and bad input."""

from __future__ import annotations

import pytest

from mtgmana import MtgManaError
from mtgmana.analysis import castability, sources_needed
from mtgmana.analysis.decklists import DecklistError
from mtgmana.analysis.decks import Deck, DeckError, example_text
from mtgmana.analysis.roles import Entry, role_of
from mtgmana.analysis.summary import analyze
from mtgmana.cards import lookup


def need(summary_spell: object, colors: str) -> object:
    for item in summary_spell.needs:  # type: ignore[attr-defined]
        if item.colors == colors:
            return item
    raise AssertionError(colors)


# -- the example deck ----------------------------------------------------------------


def test_the_example_deck_is_a_real_two_color_60_card_deck() -> None:
    deck = Deck.example()
    assert (deck.size, deck.lands, deck.colors) == (60, 23, "UG")
    kinds = {item.name: item.role for item in deck.main}
    assert kinds["Llanowar Elves"].kind == kinds["Elvish Mystic"].kind == "dork"
    assert kinds["Mind Stone"].kind == "rock"
    assert kinds["Misty Rainforest"].fetch is not None
    assert kinds["Thornwood Falls"].entry.always_tapped
    assert kinds["Breeding Pool"].entry.kind == "pay life"
    assert kinds["Hinterland Harbor"].entry.kind == "control"
    assert len(deck.sideboard) == 3 and deck.name == "Simic Ramp (example)"
    assert example_text().startswith("About")


def test_example_spell_reports_use_karstens_requirements_and_counting() -> None:
    summary = analyze(Deck.example(), what_ifs=0)
    opt = summary.spell("Opt")
    blue = need(opt, "U")
    # 18 blue lands, of which Thornwood Falls (2), Temple of Mystery (1) and
    # Hinterland Harbor (3, a check land: tapped as the first land) miss turn 1.
    assert blue.land_sources == 12 and blue.sources == 12  # type: ignore[attr-defined]
    assert blue.required == sources_needed(60, 23, "{U}").sources  # type: ignore[attr-defined]
    expected = float(castability(60, 23, 12, "{U}").exact)
    assert opt.probability == pytest.approx(expected)
    assert not opt.meets
    # Growth Spiral: gold, +1 to each color's requirement; dorks count 0.5 for green.
    spiral = summary.spell("Growth Spiral")
    assert spiral.gold
    green = need(spiral, "G")
    assert green.required == sources_needed(60, 23, "{1}{G}").sources + 1  # type: ignore[attr-defined]
    assert green.sources == 19 + 8 * 0.5  # type: ignore[attr-defined]
    # Memory Deluge (MV 4): Mind Stone is colorless, so blue sources are lands only.
    assert need(summary.spell("Memory Deluge"), "U").sources == 18  # type: ignore[attr-defined]
    worst = summary.worst
    assert worst is not None and worst.name == "Opt"


def test_curve_colors_and_land_count_of_the_example() -> None:
    summary = analyze(Deck.example(), what_ifs=0)
    curve = {bar.mana_value: bar for bar in summary.curve}
    assert curve[1].cards == 12 and curve[1].by_color == {"G": 8, "U": 4}
    assert curve[2].by_color == {"G": 4, "M": 4, "C": 2}
    assert curve[7].cards == 2  # Hullbreaker Horror, in the 7+ bucket
    assert sum(bar.cards for bar in summary.curve) == 37
    colors = {c.color: c for c in summary.color_sources}
    assert colors["U"].pips == 35 and colors["G"].pips == 30  # Petty Theft too
    assert colors["U"].land_sources == 18 and colors["G"].land_sources == 19
    assert colors["G"].other_sources == 4.0  # 8 dorks at 0.5; Mind Stone makes {C}
    land = summary.land_count
    assert land.lands == 23 and land.cheap_draw_or_ramp == 18  # Elves, Stone, Opt, Spiral
    assert land.average_mana_value == pytest.approx(98 / 37, abs=1e-3)
    assert land.recommended == pytest.approx(19.59 + 1.90 * 98 / 37 - 0.28 * 18, abs=0.01)
    assert not land.extrapolated


# -- Karsten's counting rules ----------------------------------------------------------


def test_a_mono_color_deck_matches_the_exact_model() -> None:
    summary = analyze(Deck.parse("24 Mountain\n36 Lightning Bolt"), what_ifs=0)
    bolt = summary.spell("Lightning Bolt")
    assert bolt.probability == pytest.approx(float(castability(60, 24, 24, "{R}").exact))
    assert need(bolt, "R").required == 14  # type: ignore[attr-defined]


def test_taplands_do_not_count_for_one_drops_but_do_for_two_drops() -> None:
    summary = analyze(
        Deck.parse("4 Tranquil Cove\n10 Plains\n10 Island\n18 Opt\n18 Counterspell"), what_ifs=0
    )
    assert need(summary.spell("Opt"), "U").sources == 10  # type: ignore[attr-defined]
    assert need(summary.spell("Counterspell"), "U").sources == 14  # type: ignore[attr-defined]


def test_dorks_rocks_and_treasure_makers_count_fractionally() -> None:
    text = (
        "4 Birds of Paradise\n4 Mind Stone\n4 Talisman of Progress\n4 Strike It Rich\n"
        "12 Forest\n12 Island\n4 Counterspell\n4 Cancel\n12 Dissolve"
    )
    summary = analyze(Deck.parse(text), what_ifs=0)
    # Counterspell (MV 2): Birds 0.5 each, any color; Treasure makers (MV 1) 0.25.
    assert need(summary.spell("Counterspell"), "U").sources == 12 + 4 * 0.5 + 4 * 0.25  # type: ignore[attr-defined]
    # Cancel (MV 3): + Talisman of Progress (W or U) at 0.75; Mind Stone is colorless.
    assert need(summary.spell("Cancel"), "U").sources == 12 + 2 + 3 + 1  # type: ignore[attr-defined]
    # Birds for Birds: a dork doesn't help cast itself (nor a 1-drop).
    assert need(summary.spell("Birds of Paradise"), "G").sources == 12  # type: ignore[attr-defined]


def test_choice_lands_and_fetches_by_what_they_find() -> None:
    two = analyze(
        Deck.parse("4 Fabled Passage\n4 Hengegate Pathway\n8 Plains\n8 Island\n36 Divination"),
        what_ifs=0,
    )
    # Two colors: a choice land is a full source (Fabled Passage finds basics).
    assert need(two.spell("Divination"), "U").sources == 16  # type: ignore[attr-defined]
    three = analyze(
        Deck.parse(
            "4 Fabled Passage\n4 Hengegate Pathway\n6 Plains\n6 Island\n4 Swamp\n"
            "12 Divination\n12 Doom Blade\n12 Pacifism"
        ),
        what_ifs=0,
    )
    # Three colors: 2/3 of a source.
    assert need(three.spell("Divination"), "U").sources == pytest.approx(6 + 8 * 2 / 3, abs=1e-3)  # type: ignore[attr-defined]
    # A fetch that finds a dual is a full source of both colors.
    dual = analyze(
        Deck.parse("4 Flooded Strand\n4 Hallowed Fountain\n8 Plains\n8 Island\n36 Dovin's Veto"),
        what_ifs=0,
    )
    veto = dual.spell("Dovin's Veto")
    assert need(veto, "W").sources == 16 and need(veto, "U").sources == 16  # type: ignore[attr-defined]


def test_hybrid_pips_count_sources_of_either_color() -> None:
    summary = analyze(Deck.parse("12 Plains\n12 Forest\n36 Kitchen Finks"), what_ifs=0)
    finks = summary.spell("Kitchen Finks")  # {1}{G/W}{G/W}
    assert [(n.colors, n.pips, n.sources) for n in finks.needs] == [("WG", 2, 24)]
    assert finks.pips == {"W": 2, "G": 2} and not finks.gold


def test_commander_decks_use_commander_rules_and_the_99_card_formula() -> None:
    text = (
        "Commander\n1 Omnath, Locus of Mana\n\nDeck\n1 Command Tower\n1 Arcane Signet\n"
        "37 Forest\n60 Grizzly Bears"
    )
    deck = Deck.parse(text)
    assert deck.size == 99 and deck.commander_rules
    summary = analyze(deck, what_ifs=0)
    assert summary.commander
    assert summary.land_count.formula.startswith("31.42")
    assert summary.spell("Omnath, Locus of Mana").zone == "commander"
    # Command Tower makes the commander's colors: a green source.
    assert need(summary.spell("Grizzly Bears"), "G").land_sources == 38  # type: ignore[attr-defined]


def test_other_deck_sizes_extrapolate_the_formula_and_a_companion_adds() -> None:
    limited = analyze(Deck.parse("17 Forest\n23 Grizzly Bears"), what_ifs=0).land_count
    assert limited.extrapolated
    assert limited.recommended == pytest.approx((19.59 + 1.90 * 2) * 40 / 60, abs=0.01)
    companion = analyze(
        Deck.parse("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n24 Plains\n36 Savannah Lions"),
        what_ifs=0,
    ).land_count
    assert companion.companion
    assert companion.recommended == pytest.approx(19.59 + 1.90 * 1 + 0.27, abs=0.01)


# -- the deck ------------------------------------------------------------------------


def test_mdfc_lands_and_the_format_of_a_deck() -> None:
    deck = Deck.parse("2 Emeria's Call\n3 Shatterskull Smashing\n20 Plains\n35 Savannah Lions")
    assert (deck.lands, deck.mdfc_lands, deck.format) == (20, 5, "constructed")
    assert Deck.parse("1 Valakut Awakening\n17 Island\n22 Opt").mdfc_lands == 1
    assert Deck.parse("17 Island\n4 Hengegate Pathway\n19 Opt").mdfc_lands == 0  # land fronts


# -- bad decks -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the deck is empty"),
        ("Sideboard\n4 Negate", "the deck is empty"),
        ("4 Island", "can't draw an opening hand"),
        ("60 Lightning Bolt", "the deck has no lands"),
    ],
)
def test_decks_that_cant_be_analyzed(text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        analyze(Deck.parse(text))


def test_unknown_cards_and_bad_lines_name_the_line() -> None:
    with pytest.raises(DecklistError, match="line 2: unknown card name"):
        Deck.parse("20 Island\n4 Counterspel")
    with pytest.raises(MtgManaError, match="line 1"):
        Deck.parse("4x")


def test_bad_arguments() -> None:
    with pytest.raises(DeckError, match="what_ifs"):
        analyze(Deck.example(), what_ifs=-1)
    with pytest.raises(DeckError, match="needs a Deck"):
        analyze("4 Opt")  # type: ignore[arg-type]


def test_lands_counted_are_never_more_than_the_deck() -> None:
    summary = analyze(Deck.parse("40 Forest\n20 Llanowar Elves"), what_ifs=0)
    elves = summary.spell("Llanowar Elves")
    assert elves.probability <= 1.0 and need(elves, "G").land_sources == 40  # type: ignore[attr-defined]


# -- card roles ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, kind, types, count",
    [
        ("Forest", "untapped", (), 0),
        ("Temple of Mystery", "tapped", (), 0),
        ("Breeding Pool", "pay life", (), 0),
        ("Hinterland Harbor", "control", ("Forest", "Island"), 1),
        ("Mystic Sanctuary", "control", ("Island",), 3),
        ("Botanical Sanctum", "few lands", (), 2),
        ("Deserted Beach", "many lands", (), 2),
        ("Canopy Vista", "basics", (), 2),
        ("Choked Estuary", "reveal", ("Island", "Swamp"), 1),
        ("Cave of the Frost Dragon", "few lands", (), 1),
        ("Starting Town", "early", (), 0),
        ("Bountiful Promenade", "tapped", (), 0),  # two or more opponents: not in 1v1
    ],
)
def test_how_lands_enter(name: str, kind: str, types: tuple[str, ...], count: int) -> None:
    entry = role_of(lookup(name)).entry
    assert (entry.kind, entry.types, entry.count) == (kind, frozenset(types), count)


def test_entry_conditions() -> None:
    check = Entry("control", frozenset({"Forest", "Island"}), 1)
    state = {"other_lands": 1, "basics": 1, "hand_types": frozenset(), "turn": 2}
    assert check.untapped(land_types={"Forest": 1}, **state)  # type: ignore[arg-type]
    assert not check.untapped(land_types={"Swamp": 1}, **state)  # type: ignore[arg-type]
    fast = Entry("few lands", frozenset(), 2)
    assert fast.untapped(other_lands=2, basics=0, land_types={}, hand_types=frozenset(), turn=3)
    assert not fast.untapped(other_lands=3, basics=0, land_types={}, hand_types=frozenset(), turn=4)
    assert not Entry("tapped").untapped_on_turn_one() and Entry("pay life").untapped_on_turn_one()


def test_fetch_lands() -> None:
    strand = role_of(lookup("Flooded Strand")).fetch
    assert strand is not None and strand.life == 1 and not strand.tapped
    assert strand.finds(lookup("Hallowed Fountain")) and strand.finds(lookup("Island"))
    assert not strand.finds(lookup("Forest")) and not strand.finds(lookup("Opt"))
    passage = role_of(lookup("Fabled Passage")).fetch
    assert passage is not None and passage.basic_only and passage.tapped and passage.untap_with_four
    assert not passage.finds(lookup("Hallowed Fountain"))
    # CR 701.23: searches that cost mana are cracked later, when the other lands pay.
    panorama = role_of(lookup("Bant Panorama")).fetch
    assert panorama is not None and str(panorama.mana) == "{1}" and panorama.delayed
    assert panorama.types == {"Forest", "Plains", "Island"} and panorama.basic_only
    verge = role_of(lookup("Krosan Verge")).fetch
    assert verge is not None and verge.each and verge.lands == 2 and not verge.basic_only
    myriad = role_of(lookup("Myriad Landscape")).fetch
    assert myriad is not None and myriad.share_type and myriad.lands == 2
    courtyard = role_of(lookup("Cabaretti Courtyard")).fetch  # sacrificed as it enters
    assert courtyard is not None and courtyard.tapped and not courtyard.delayed
    barrens = role_of(lookup("Ash Barrens")).fetch  # basic landcycling, CR 702.29
    assert barrens is not None and barrens.cycling and str(barrens.mana) == "{1}"
    assert role_of(lookup("Maze's End")).fetch is None  # Gates: not a mana-base search


def test_spell_costs_and_roles() -> None:
    assert str(role_of(lookup("Fire // Ice")).cost) == "{1}{R}"  # the first half
    krasis = role_of(lookup("Hydroid Krasis"))
    assert krasis.mana_value == 2 and str(krasis.cost) == "{X}{G}{U}"
    assert role_of(lookup("Emeria's Call")).kind == "spell"  # an MDFC with a land back
    pathway = role_of(lookup("Hengegate Pathway"))
    assert pathway.is_land and pathway.back is not None
    assert pathway.options == (frozenset("W"),) and pathway.back_options == (frozenset("U"),)
    assert role_of(lookup("Dockside Extortionist")).kind == "treasure"
    assert role_of(lookup("Rampant Growth")).cheap_draw_or_ramp
    assert not role_of(lookup("Lightning Bolt")).cheap_draw_or_ramp
    with pytest.raises(MtgManaError):
        role_of("Opt")  # type: ignore[arg-type]


# -- unknown cards left out (skip_unknown) ------------------------------------------------


def test_skip_unknown_counts_the_main_decks_as_nonland_cards_of_unknown_cost() -> None:
    from mtgmana.analysis.simulation import simulate

    text = "20 Forest\n4 Llanowar Elves\n32 Grizzly Bears\n4 Springleaf Parade\n"
    text += "Sideboard\n2 Doctor Doom, King of Latveria"
    with pytest.raises(DecklistError, match="2 unknown card names"):
        Deck.parse(text)
    deck = Deck.parse(text, skip_unknown=True)
    assert (deck.size, deck.lands) == (60, 20)  # four nonland cards more
    assert [(s.name, s.count, s.section) for s in deck.skipped] == [
        ("Springleaf Parade", 4, "main"),
        ("Doctor Doom, King of Latveria", 2, "sideboard"),
    ]
    unknown = next(item for item in deck.main if item.role.is_unknown)
    assert (unknown.name, unknown.count, unknown.lines, unknown.role.kind) == (
        "Springleaf Parade", 4, (4,), "unknown")  # fmt: skip
    assert deck.sideboard == ()  # the sideboard's unknown card is only listed
    summary = analyze(deck, what_ifs=0)
    assert summary.skipped == deck.skipped
    assert [s.name for s in summary.spells] == ["Llanowar Elves", "Grizzly Bears"]
    assert summary.land_count.average_mana_value == round((4 * 1 + 32 * 2) / 36, 3)
    assert sum(bar.cards for bar in summary.curve) == 36
    assert any(note.startswith("6 unknown cards left out") for note in summary.notes)
    # The model sees a 60-card deck of 20 lands, as without the unknown cards' names.
    same = analyze(Deck.parse("20 Forest\n4 Llanowar Elves\n32 Grizzly Bears\n4 Opt"), what_ifs=0)
    assert summary.spell("Grizzly Bears").probability == same.spell("Grizzly Bears").probability
    simulation = simulate(deck, games=200, seed=3)
    assert [odds.name for odds in simulation.spells] == ["Llanowar Elves", "Grizzly Bears"]


def test_skip_unknown_with_copies_on_several_lines() -> None:
    deck = Deck.parse("20 Island\n2 Xyzzy Qwerty\n36 Opt\n2 xyzzy qwerty", skip_unknown=True)
    (unknown,) = [item for item in deck.main if item.role.is_unknown]
    assert (unknown.count, unknown.lines, deck.size) == (4, (2, 4), 60)
