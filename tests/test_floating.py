"""Floating mana written as mana symbols (mtgmana.floating; CR 106.3, 106.8-106.11)."""

from __future__ import annotations

import pytest

from mtgmana.colors import ManaType
from mtgmana.errors import LimitError, MtgManaError
from mtgmana.floating import MAX_MANA, floating_mana


def test_symbols_and_letters_are_floating_mana() -> None:
    assert [u.type for u in floating_mana("{W}{U}")] == [ManaType.W, ManaType.U]
    assert [u.type for u in floating_mana("WU")] == [ManaType.W, ManaType.U]
    assert [str(u) for u in floating_mana("{2}{S}")] == ["{C}"] * 3  # CR 106.10, 106.11
    assert all(u.snow for u in floating_mana("GG", snow=True))
    assert floating_mana("") == []


def test_each_call_makes_new_units() -> None:
    """CR 106.3: each unit of mana is its own (a new uid each time)."""
    first, second = floating_mana("G"), floating_mana("G")
    assert first[0].uid != second[0].uid and first[0].kind == second[0].kind


def test_what_isnt_floating_mana_is_refused() -> None:
    with pytest.raises(MtgManaError, match=r"\{W/U\} can't be floating mana"):  # CR 106.8
        floating_mana("{W/U}")
    with pytest.raises(MtgManaError):
        floating_mana("{G")
    with pytest.raises(LimitError, match="at most 1,000 mana"):
        floating_mana("{" + str(MAX_MANA + 1) + "}")
    with pytest.raises(TypeError, match="written as mana symbols"):
        floating_mana(3)  # type: ignore[arg-type]
