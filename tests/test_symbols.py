"""Mana symbols (CR 107.3, 107.4) against the rules and Scryfall's symbol catalogue."""

from __future__ import annotations

import copy
import json
import math
import pickle
from typing import Any

import pytest

from conftest import VENDORED, shared_path
from mtgmana import Color, ManaSymbol, ManaSyntaxError, SymbolKind
from mtgmana.symbols import NON_MANA_SYMBOLS


def _catalogue() -> list[dict[str, Any]]:
    with (VENDORED / "scryfall_symbology.json").open(encoding="utf-8") as handle:
        data: list[dict[str, Any]] = json.load(handle)["data"]
    return data


def test_the_catalogue_is_the_shared_one() -> None:
    shared = shared_path("data", "scryfall_symbology.json")
    assert (VENDORED / "scryfall_symbology.json").read_bytes() == shared.read_bytes()


def test_catalogue_walk_every_mana_symbol_matches() -> None:
    """Every catalogue symbol that is mana or appears in costs parses and agrees on
    mana value, colors and the hybrid / Phyrexian / snow / variable / generic flags."""
    checked = 0
    for entry in _catalogue():
        text = entry["symbol"]
        if not (entry["represents_mana"] or entry["appears_in_mana_costs"]):
            continue
        symbol = ManaSymbol.parse(text)
        english = entry["english"]
        expected_value = math.inf if entry["mana_value"] is None else entry["mana_value"]
        assert symbol.mana_value == expected_value, text
        assert symbol.colors == Color.from_scryfall(entry["colors"]), text
        assert symbol.is_hybrid == entry["hybrid"], text
        assert symbol.is_phyrexian == entry["phyrexian"], text
        assert symbol.is_funny == entry["funny"], text
        assert symbol.represents_mana == entry["represents_mana"], text
        # Scryfall's English for {0} is "zero mana"; CR 107.4b makes every numerical
        # symbol generic, and {0} is one (107.4d). For {2/W} the English names the
        # generic half; the symbol itself is colored (107.4e) with a generic half.
        generic_half = symbol.kind is SymbolKind.MONOCOLORED_HYBRID
        says_generic = "generic mana" in english or text == "{0}"
        assert symbol.is_generic == (says_generic and not generic_half), text
        assert (symbol.generic_amount == 2) == generic_half or symbol.kind is SymbolKind.GENERIC
        assert symbol.is_snow == ("snow mana" in english), text
        assert symbol.is_variable == (text in ("{X}", "{Y}", "{Z}")), text
        assert symbol.is_colorless == (english == "one colorless mana"), text
        assert str(symbol) == text and ManaSymbol.parse(str(symbol)) is symbol
        checked += 1
    assert checked == 76


def test_catalogue_non_mana_symbols_are_rejected_in_costs() -> None:
    rejected = [e["symbol"] for e in _catalogue()
                if not (e["represents_mana"] or e["appears_in_mana_costs"])]  # fmt: skip
    assert sorted(rejected) == sorted(NON_MANA_SYMBOLS)
    for text in rejected:
        with pytest.raises(ManaSyntaxError, match="not a mana symbol") as info:
            ManaSymbol.parse(text)
        assert info.value.position == 0


def test_cr_107_4_lists_these_mana_symbols() -> None:
    listed = (
        "{W} {U} {B} {R} {G} {C} {0} {1} {2} {3} {4} {X} "
        "{W/U} {W/B} {U/B} {U/R} {B/R} {B/G} {R/G} {R/W} {G/W} {G/U} "
        "{2/W} {2/U} {2/B} {2/R} {2/G} {C/W} {C/U} {C/B} {C/R} {C/G} "
        "{W/P} {U/P} {B/P} {R/P} {G/P} "
        "{W/U/P} {W/B/P} {U/B/P} {U/R/P} {B/R/P} {B/G/P} {R/G/P} {R/W/P} {G/W/P} {G/U/P} {S}"
    )
    for text in listed.split():
        assert str(ManaSymbol.parse(text)) == text


def test_cr_107_4a_primary_colored_symbols() -> None:
    for letter, color in zip("WUBRG", Color.parse("WUBRG"), strict=True):
        symbol = ManaSymbol.parse("{" + letter + "}")
        assert symbol.colors == color and symbol.kind is SymbolKind.COLORED
        assert symbol.is_colored and symbol.mana_value == 1


def test_cr_107_4b_numerals_and_variables_are_generic() -> None:
    for text in ("{0}", "{1}", "{16}", "{1000000}", "{X}", "{Y}", "{Z}"):
        symbol = ManaSymbol.parse(text)
        assert symbol.is_generic and not symbol.colors
    assert ManaSymbol.parse("{16}").generic_amount == 16
    assert ManaSymbol.parse("{1000000}").mana_value == 1_000_000
    big = "{" + "9" * 40 + "}"
    assert ManaSymbol.parse(big).mana_value == int("9" * 40)


def test_cr_107_4c_colorless_symbol_is_not_generic() -> None:
    symbol = ManaSymbol.parse("{C}")
    assert symbol.is_colorless and not symbol.is_generic and not symbol.colors


def test_cr_107_4d_zero() -> None:
    assert ManaSymbol.parse("{0}").mana_value == 0
    assert ManaSymbol.generic(0) is ManaSymbol.parse("{0}")


def test_cr_107_4e_hybrid_symbols_are_colored_and_all_their_colors() -> None:
    assert ManaSymbol.parse("{W/U}").colors == Color.W | Color.U
    assert ManaSymbol.parse("{2/B}").colors == Color.B
    assert ManaSymbol.parse("{2/B}").is_colored  # "even if one of its components is colorless"
    assert ManaSymbol.parse("{C/W}").is_colored and ManaSymbol.parse("{C/W}").colors == Color.W
    assert ManaSymbol.parse("{2/W}").halves == ("2", "W")
    assert ManaSymbol.parse("{2/W}").generic_amount == 2


def test_cr_107_4f_phyrexian_and_hybrid_phyrexian() -> None:
    phyrexian = ManaSymbol.parse("{W/P}")
    assert phyrexian.is_phyrexian and phyrexian.colors == Color.W and not phyrexian.is_hybrid
    hybrid = ManaSymbol.parse("{W/U/P}")
    assert hybrid.is_phyrexian and hybrid.is_hybrid and hybrid.colors == Color.W | Color.U


def test_cr_107_4g_generic_phyrexian_h() -> None:
    symbol = ManaSymbol.parse("{H}")
    assert symbol.is_phyrexian and symbol.kind is SymbolKind.GENERIC_PHYREXIAN
    assert not symbol.colors


def test_cr_107_4h_snow_is_neither_color_nor_type() -> None:
    snow = ManaSymbol.parse("{S}")
    assert snow.is_snow and not snow.colors and not snow.is_generic and snow.mana_value == 1


def test_half_infinite_legendary_and_land_drop_symbols() -> None:
    assert ManaSymbol.parse("{HW}").mana_value == 0.5
    assert ManaSymbol.parse("{HR}").colors == Color.R
    assert ManaSymbol.parse("{½}").is_half and ManaSymbol.parse("{½}").is_generic
    assert ManaSymbol.parse("{∞}").mana_value == math.inf
    assert ManaSymbol.parse("{L}").kind is SymbolKind.LEGENDARY
    assert not ManaSymbol.parse("{D}").represents_mana


def test_values_are_interned_hashable_and_rebuild_from_repr() -> None:
    symbol = ManaSymbol.parse("{G/W/P}")
    assert ManaSymbol.parse("{G/W/P}") is symbol
    assert eval(repr(symbol), {"ManaSymbol": ManaSymbol}) is symbol
    assert pickle.loads(pickle.dumps(symbol)) is symbol
    assert copy.deepcopy(symbol) is symbol
    assert {symbol: 1}[ManaSymbol.parse("{G/W/P}")] == 1
    with pytest.raises(TypeError):
        ManaSymbol()
    with pytest.raises(AttributeError):
        symbol.foo = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["{W}{U}", "", "W", "{w}", "{W/W}", "{2W}", "{T}", "{01}"])
def test_bad_symbols(text: str) -> None:
    with pytest.raises(ManaSyntaxError):
        ManaSymbol.parse(text)


def test_lenient_symbol() -> None:
    assert ManaSymbol.parse("{u/w}", lenient=True) is ManaSymbol.parse("{W/U}")
    assert ManaSymbol.parse("{PW}", lenient=True) is ManaSymbol.parse("{W/P}")


@pytest.mark.parametrize("amount", [-1, 1.5, True, "3"])
def test_generic_rejects_non_whole_numbers(amount: Any) -> None:
    with pytest.raises(ValueError):
        ManaSymbol.generic(amount)
