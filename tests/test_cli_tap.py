"""``mtgmana tap`` and ``mtgmana options``: the documented JSON and bad input."""

from __future__ import annotations

import pytest

from cli_helpers import run, run_json


def test_tap_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "tap", "{G}", "--sources", "Forest")
    assert status == 0
    assert {
        k: data[k]
        for k in ("payable", "steps", "life_paid", "damage", "sacrificed", "floating_after")
    } == {
        "payable": True,
        "steps": [
            {
                "permanent": 0,
                "card": "Forest",
                "ability": "{T}: Add {G}.",
                "ability_index": 0,
                "paid_with": {"mana": [], "life": 0},
                "produces": [{"type": "G", "source": 0}],
                "tapped": [0],
                "sacrificed": [],
                "activate": {
                    "permanent": 0,
                    "ability": 0,
                    "produce": "{G}",
                    "pay": [],
                    "tap": [],
                    "sacrifice": [],
                    "counters": 0,
                },
            }
        ],
        "life_paid": 0,
        "damage": 0,
        "sacrificed": [],
        "floating_after": [],
    }
    assert data["assignment"] == [
        {"symbol": "{G}", "paid_with": {"mana": [{"type": "G", "source": 0}], "life": 0}}
    ]


def test_tap_names_permanents_by_their_place_in_sources(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two Forests are two permanents: ids 0 and 1 (counts expanded in order)."""
    status, data = run_json(capsys, "tap", "{G}{G}{C}", "--sources", "2 Forest, Sol Ring")
    assert status == 0
    assert sorted(step["permanent"] for step in data["steps"]) == [0, 1, 2]
    assert data["floating_after"] == [{"type": "C", "source": 2}]


def test_tap_life_before_damage_cr_119_4(capsys: pytest.CaptureFixture[str]) -> None:
    """At 1 life, Mana Confluence's 1 life is paid before Adarkar Wastes' damage."""
    status, data = run_json(
        capsys, "tap", "{W}{U}", "--sources", "Mana Confluence, Adarkar Wastes", "--life", "1"
    )
    assert status == 0
    assert [step["card"] for step in data["steps"]] == ["Mana Confluence", "Adarkar Wastes"]
    assert data["steps"][0]["paid_with"]["life"] == 1


def test_tap_shows_the_ability_used(capsys: pytest.CaptureFixture[str]) -> None:
    """Tarnished Citadel's {W} comes from its second ability, which deals 3 damage."""
    status, data = run_json(capsys, "tap", "{W}", "--sources", "Tarnished Citadel")
    assert status == 0
    (step,) = data["steps"]
    assert step["ability"].startswith("{T}: Add one mana of any color.")
    assert step["damage"] == 3


def test_tap_snow_mana_is_marked(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "tap", "{S}", "--sources", "Snow-Covered Forest")
    assert status == 0
    assert data["steps"][0]["produces"] == [{"type": "G", "source": 0, "snow": True}]


def test_tap_counts_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "{1}{U}{W}", "--sources", "Forest, 2 Tundra, Llanowar Elves"
    )
    assert status == 0
    assert sorted(a["card"] for a in data["steps"]) == ["Forest", "Tundra", "Tundra"]


def test_tap_filter_land_and_swamp(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "tap", "{U}{U}", "--sources", "Sunken Ruins, Swamp")
    assert status == 0
    ruins = next(a for a in data["steps"] if a["card"] == "Sunken Ruins")
    assert [unit["type"] for unit in ruins["produces"]] == ["U", "U"]
    assert ruins["paid_with"] == {"mana": [{"type": "B", "source": 1}], "life": 0}
    assert [step["permanent"] for step in data["steps"]] == [1, 0]  # the Swamp first


def test_tap_summoning_sick_dork_and_not_payable(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "{G}{G}", "--sources", "Forest, Llanowar Elves", "--sick", "Llanowar Elves"
    )
    assert status == 1 and data["payable"] is False
    status, data = run_json(capsys, "tap", "{G}{G}", "--sources", "Forest, Llanowar Elves")
    assert status == 0


def test_tap_keeps_the_hand_castable(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "{1}", "--sources", "Plains, Island, Island", "--hand", "{U}{U}"
    )
    assert status == 0 and data["steps"][0]["card"] == "Plains"


def test_options_three_adarkar_wastes_and_three_forests(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, data = run_json(capsys, "options", "--sources", "3 Adarkar Wastes")
    assert status == 0 and data["count"] == 10 and len(data["options"]) == 10
    assert set(data["options"][0]) == {"W", "U", "B", "R", "G", "C", "any"}
    status, data = run_json(capsys, "options", "--sources", "3 Forest")
    assert data["count"] == 1 and data["options"][0]["G"] == 3


def test_text_outputs(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "tap", "{U}{U}", "--sources", "Sunken Ruins, Swamp")
    assert status == 0 and "Sunken Ruins" in out
    status, out, _ = run(capsys, "options", "--sources", "2 Tundra")
    assert status == 0 and "3 options" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["tap", "{G", "--sources", "Forest"],
        ["tap", "{G}", "--sources", "Forrest"],
        ["tap", "{G}", "--sources", "0 Forest"],
        ["tap", "{G}", "--sources", "Forest", "--tapped", "Island"],
        ["tap", "{G}", "--sources", "Forest", "--life", "-1"],
        ["options", "--sources", "Forest", "--limit", "0"],
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, data = run_json(capsys, *argv)
    assert status == 2 and data["error"]


# -- issue 12: continuous effects, the spell paid for, cards in hand, the graveyard --------


def test_tap_chromatic_lantern_gives_lands_any_color_cr_613_1f(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, data = run_json(capsys, "tap", "{1}{B}{B}", "--sources", "Chromatic Lantern, 2 Plains")
    assert status == 0
    made = [unit["type"] for step in data["steps"] for unit in step["produces"]]
    assert made.count("B") >= 2


def test_tap_an_opponents_blood_moon_ends_urborg_cr_613_8(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Blood Moon makes Urborg a Mountain (CR 305.7), so Urborg's effect, which
    depends on it, is gone: no land makes {B}."""
    sources = ("--sources", "Urborg, Tomb of Yawgmoth, Plains")
    status, _ = run_json(capsys, "tap", "{B}{B}", *sources)
    assert status == 0
    status, data = run_json(capsys, "tap", "{B}", *sources, "--opponent", "Blood Moon")
    assert status == 1 and data["payable"] is False
    status, _ = run_json(capsys, "tap", "{R}{W}", *sources, "--opponent", "Blood Moon")
    assert status == 0


def test_tap_for_a_spell_delves_the_graveyard_cr_702_66a(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No COST: the spell's mana cost ({7}{U}); --graveyard cards pay its generic."""
    args = ("tap", "--for", "Treasure Cruise", "--sources", "Island")
    status, data = run_json(capsys, *args, "--graveyard", "7")
    assert status == 0 and data["cost"] == "{7}{U}"
    assert data["assignment"][0]["paid_with"]["exiled"] == 7
    status, _ = run_json(capsys, *args, "--graveyard", "6")
    assert status == 1


def test_tap_for_a_spell_convokes_cr_702_51a(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "--for", "Chord of Calling", "--x", "2",
        "--sources", "Forest, 4 Llanowar Elves",
    )  # fmt: skip
    assert status == 0
    tapped = [i for part in data["assignment"] for i in part["paid_with"].get("tapped", [])]
    steps = [i for step in data["steps"] for i in step["tapped"]]
    assert len(tapped) + len(steps) == 5 and not set(tapped) & set(steps)


def test_tap_for_a_spell_applies_its_restrictions_cr_106_6(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Eldrazi Temple's {C}{C} only for colorless Eldrazi spells."""
    sources = ("--sources", "Eldrazi Temple, Wastes")
    status, _ = run_json(capsys, "tap", "{2}{C}", "--for", "Matter Reshaper", *sources)
    assert status == 0
    status, _ = run_json(capsys, "tap", "{2}{C}", *sources)
    assert status == 1


def test_tap_a_spirit_guide_in_hand_cr_605_1a(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(
        capsys, "tap", "{R}{G}", "--sources", "Forest", "--in-hand", "Simian Spirit Guide"
    )
    assert status == 0
    guide = [s for s in data["steps"] if s["card"] == "Simian Spirit Guide"]
    assert guide and guide[0]["exiled"] == [guide[0]["permanent"]]


def test_tap_trigger_mana_is_its_own_step_cr_106_3(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "tap", "{G}{G}", "--sources", "Forest, Mana Flare")
    assert status == 0
    assert [(s["card"], bool(s.get("trigger"))) for s in data["steps"]] == [
        ("Forest", False),
        ("Mana Flare", True),
    ]
    assert data["steps"][1]["produces"] == [{"type": "G", "source": 1}]


def test_tap_refuses_what_it_does_not_model_unless_partial(
    capsys: pytest.CaptureFixture[str],
) -> None:
    sources = ("--sources", "Forest, Cursed Totem")
    assert run(capsys, "tap", "{G}", *sources)[0] == 2
    status, data = run_json(capsys, "tap", "{G}", *sources, "--partial")
    assert status == 0
    assert [item["card"] for item in data["ignored"]] == ["Cursed Totem"]


def test_tap_pays_energy_the_board_has_cr_107_14(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run_json(capsys, "tap", "{W}", "--sources", "Aether Hub", "--energy", "1")
    assert status == 0 and data["steps"][0]["paid_with"]["energy"] == 1
    assert run_json(capsys, "tap", "{W}", "--sources", "Aether Hub")[0] == 1  # no energy
    assert run(capsys, "tap", "{W}", "--sources", "Aether Hub", "--energy", "-1")[0] == 2


def test_tap_reads_each_permanents_state_in_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    """Auras and Equipment by what they are attached to, chosen colors and types,
    counters (CR 303.4, 301.5, 605.1b): the state goes in brackets after the name."""
    status, data = run_json(
        capsys,
        "tap",
        "{G}{U}",
        "--sources",
        "Forest, Utopia Sprawl [attached_to=0, chosen_color=U]",
    )
    assert status == 0
    assert [(s["permanent"], s["produces"]) for s in data["steps"]] == [
        (0, [{"type": "G", "source": 0}]),
        (1, [{"type": "U", "source": 1}]),  # the trigger's own permanent (CR 106.3)
    ]
    for sources, cost in (
        ("Grizzly Bears, Paradise Mantle [attached_to=0]", "{U}"),
        ("Chrome Mox [chosen_colors=WU]", "{W}"),
        ("Gemstone Caverns [counters=1]", "{B}"),
        ("Nykthos, Shrine to Nyx [tapped], Forest", "{G}"),
    ):
        status, data = run_json(capsys, "tap", cost, "--sources", sources)
        assert (status, data["payable"]) == (0, True), sources
    status, data = run_json(capsys, "tap", "{W}", "--sources", "Cavern of Souls [chosen_type=Elf]",
                            "--for", "Llanowar Elves")  # fmt: skip
    assert data["payable"] is True
    status, _, err = run(capsys, "tap", "{G}", "--sources", "Forest [colour=G]")
    assert status == 2 and "unknown state 'colour'" in err


def test_tap_takes_the_commanders_color_identity(capsys: pytest.CaptureFixture[str]) -> None:
    """Command Tower and Arcane Signet make mana of the commander's color identity
    (CR 903.4); without a commander, none (CR 903.4f, 106.5)."""
    sources = "Command Tower, Arcane Signet"
    status, data = run_json(capsys, "tap", "{W}{B}", "--sources", sources, "--commander", "WB")
    assert (status, data["payable"]) == (0, True)
    status, data = run_json(capsys, "tap", "{W}", "--sources", sources)
    assert (status, data["payable"]) == (1, False)
    status, data = run_json(capsys, "tap", "{G}", "--sources", sources, "--commander", "WB")
    assert (status, data["payable"]) == (1, False)
    status, _, err = run(capsys, "tap", "{W}", "--sources", sources, "--commander", "WQ")
    assert status == 2 and "--commander takes color letters" in err and "position 1" in err


@pytest.mark.parametrize(
    ("argv", "status", "lines"),
    [
        (["{B}", "--sources", "Urborg, Tomb of Yawgmoth, Plains", "--opponent", "Blood Moon"],
         1, ["not payable: can't pay {B}: the sources can't make the right types of mana"]),
        (["{B}", "--sources", "Mana Confluence"], 0,  # CR 119.4: life paid as a cost
         ["1  Mana Confluence (0)  {T}, Pay 1 life: Add one mana of any color.  1 life  {B}",
          "life paid: 1"]),
        (["--for", "Treasure Cruise", "--sources", "Island", "--graveyard", "7"], 0,
         ["{7} paid by exiling 7 from the graveyard"]),  # CR 702.66a
        (["--for", "Stoke the Flames", "--sources", "2 Mountain, 2 Llanowar Elves"], 0,
         ["{2} paid by tapping Llanowar Elves (2), Llanowar Elves (3)"]),  # CR 702.51a
        (["{G}", "--sources", "Forest, Food Chain", "--partial"], 0,
         ["not modelled, left out: Food Chain (1): Exile a creature you control: Add X mana "
          "of any one color, where X is 1 plus the exiled creature's mana value. Spend this "
          "mana only to cast creature spells. (cost: Exile a creature you control)"]),
        (["{8}", "--sources", "7 Forest, Doubling Cube"], 0,  # CR 701.10f: 7 - 3 = 4, doubled
         ["8  Doubling Cube (7)  {3}, {T}: Double the amount of each type of…  {G}{G}{G}  "
          "{G}{G}{G}{G}", "floating after: nothing"]),
    ],
)  # fmt: skip
def test_tap_text_says_what_was_paid_and_how(
    capsys: pytest.CaptureFixture[str], argv: list[str], status: int, lines: list[str]
) -> None:
    code, out, err = run(capsys, "tap", *argv)
    assert (code, err) == (status, "")
    printed = [line.rstrip() for line in out.splitlines()]
    for line in lines:
        assert line in printed, out
