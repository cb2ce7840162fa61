"""Colors (CR 105, 106.1a, 202.2) and the printed order of color combinations."""

from __future__ import annotations

import pytest

from mtgmana.colors import ALL_COLORS, COLORLESS, Color, printed_order


def test_five_colors_in_wheel_order_cr_105_1() -> None:
    assert [c.name for c in ALL_COLORS] == ["W", "U", "B", "R", "G"]
    assert [c.full_name for c in ALL_COLORS] == ["white", "blue", "black", "red", "green"]


def test_colorless_is_not_a_color_seed_ruling_203_5() -> None:
    assert Color(0) == COLORLESS
    assert len(COLORLESS) == 0 and list(COLORLESS) == []
    assert not COLORLESS.is_monocolored and not COLORLESS.is_multicolored
    assert str(COLORLESS) == "" and COLORLESS.full_name == "colorless"


def test_multicolored_is_not_a_color_seed_ruling_203_2d() -> None:
    # "Multicolored" is a quality of a set of colors, not a member of it.
    assert (Color.W | Color.B).is_multicolored
    assert all(len(c) == 1 for c in ALL_COLORS)


@pytest.mark.parametrize("letters", ["WU", "uw", "GRBUW", "", "g"])
def test_parse_round_trip(letters: str) -> None:
    colors = Color.parse(letters)
    assert Color.parse(str(colors)) == colors
    assert eval(repr(colors), {"Color": Color}) == colors


def test_parse_rejects_non_color_letters_with_position() -> None:
    with pytest.raises(ValueError, match="'C' at position 1"):
        Color.parse("WC")


def test_contains_and_scryfall_lists() -> None:
    colors = Color.from_scryfall(["G", "W"])
    assert Color.W in colors and Color.U not in colors
    assert (Color.W | Color.G) in colors
    assert colors.letters == ["W", "G"]


@pytest.mark.parametrize(
    ("letters", "printed"),
    [("UW", "WU"), ("WG", "GW"), ("WR", "RW"), ("UG", "GU"), ("WUG", "GWU"),
     ("WBG", "WBG"), ("URW", "URW"), ("BGU", "BGU"), ("RWB", "RWB"), ("GUR", "GUR"),
     ("UBRG", "UBRG"), ("WBRG", "BRGW"), ("WURG", "RGWU"), ("WUBG", "GWUB"), ("", "")],
)  # fmt: skip
def test_printed_order_of_combinations(letters: str, printed: str) -> None:
    assert printed_order(Color.parse(letters)) == printed


def test_every_combination_has_a_printed_order() -> None:
    for value in range(32):
        order = printed_order(Color(value))
        assert Color.parse(order) == Color(value) and len(order) == len(Color(value))
