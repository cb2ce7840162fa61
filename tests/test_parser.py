"""The mana cost parser: strict errors with positions, the lenient notations, and
hostile input (never another exception, never super-linear time)."""

from __future__ import annotations

import contextlib
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgmana import ManaCost, ManaSyntaxError

P = ManaCost.parse


@pytest.mark.parametrize(
    ("text", "position", "says"),
    [
        ("{W", 0, "unterminated"),
        ("{2}{W", 3, "unterminated"),
        ("{2W}", 0, "did you mean '{2}{W}'"),
        ("{W/W}", 0, "halves of a hybrid symbol must differ"),
        ("2W", 0, "written in braces"),
        ("{2}x", 3, "unexpected 'x'"),
        ("{2} {W}", 3, "unexpected ' '"),
        ("{U/W}", 0, "did you mean '{W/U}'"),
        ("{w}", 0, "did you mean '{W}'"),
        ("{T}", 0, "tap symbol"),
        ("{1}{Q}", 3, "untap symbol"),
        ("{E}", 0, "energy symbol"),
        ("{2}}", 3, "no opening"),
        ("{}", 0, "empty mana symbol"),
        ("{{W}}", 0, "unterminated"),
        ("{3}{G} // {W}", 6, "split card"),
        ("{01}", 0, "leading zero"),
        ("{P/W}", 0, "did you mean '{W/P}'"),
        ("{W/U/B}", 0, "unknown mana symbol"),
        ("{W}\n", 3, "unexpected"),
    ],
)
def test_strict_errors_name_the_position(text: str, position: int, says: str) -> None:
    with pytest.raises(ManaSyntaxError) as info:
        P(text)
    error = info.value
    assert error.position == position and error.text == text
    assert says in str(error)
    assert isinstance(error, ValueError)
    caret_line = str(error).splitlines()[-1]
    assert caret_line.index("^") == 4 + position  # the caret is under the failure


def test_error_display_of_a_long_input_is_short() -> None:
    text = "{W}" * 1000 + "{Q}" + "{W}" * 1000
    with pytest.raises(ManaSyntaxError) as info:
        P(text)
    assert info.value.position == 3000
    shown = str(info.value).splitlines()
    assert len(shown[1]) < 80 and shown[1][shown[2].index("^")] == "{"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("2WU", "{2}{W}{U}"),
        ("1UU", "{1}{U}{U}"),
        ("XRR", "{X}{R}{R}"),
        ("{2}{w}", "{2}{W}"),
        ("{u/w}", "{W/U}"),
        ("{G/R}", "{R/G}"),
        ("{W/2}", "{2/W}"),
        ("{W/C}", "{C/W}"),
        ("{P/W}", "{W/P}"),
        ("{PW}", "{W/P}"),
        ("{bp}", "{B/P}"),
        ("{U/W/P}", "{W/U/P}"),
        ("{P/G/W}", "{G/W/P}"),
        ("{1/2}", "{½}"),
        (" {2} {G} ", "{2}{G}"),
        ("2W/U", "{2}{W/U}"),
        ("{2WU}", "{2}{W}{U}"),
        ("16", "{16}"),
        ("", ""),
    ],
)
def test_lenient_notations(text: str, canonical: str) -> None:
    cost = P(text, lenient=True)
    assert str(cost) == canonical
    with pytest.raises(ManaSyntaxError):  # strict mode refuses all but the canonical
        if text != canonical:
            P(text)
        else:
            raise ManaSyntaxError("canonical", text, 0)


@pytest.mark.parametrize(
    ("text", "position"), [("2WQ", 0), ("{2}{T}", 3), ("{W", 0), ("W}", 1), ("{W/W}", 0)]
)
def test_lenient_errors(text: str, position: int) -> None:
    with pytest.raises(ManaSyntaxError) as info:
        P(text, lenient=True)
    assert info.value.position == position


def test_non_strings_are_type_errors() -> None:
    for bad in (None, 3, b"{W}", ["{W}"]):
        with pytest.raises(TypeError):
            P(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            P(bad, lenient=True)  # type: ignore[arg-type]


def test_huge_numerals_are_refused_not_converted() -> None:
    # int() of a huge digit string raises (or takes quadratic time): refuse first.
    with pytest.raises(ManaSyntaxError, match="digits"):
        P("{" + "7" * 5000 + "}")
    with pytest.raises(ManaSyntaxError):
        P("7" * 5000, lenient=True)


@pytest.mark.parametrize(
    "text",
    [
        "{W}" * 350_000,  # a 1 MB valid cost
        "{W/U}{2}" * 120_000,
        "{" + "W" * 1_000_000,
        "{W}" * 300_000 + "}",
        "{" * 1_000_000,
        "}" * 1_000_000,
        "W" * 1_000_000,
        "{" + "W/" * 500_000 + "}",
        "{W}{" * 250_000,
    ],
)
@pytest.mark.parametrize("lenient", [False, True])
def test_a_megabyte_parses_or_fails_in_well_under_a_second(text: str, lenient: bool) -> None:
    start = time.perf_counter()
    with contextlib.suppress(ManaSyntaxError):
        P(text, lenient=lenient)
    assert time.perf_counter() - start < 1.0


@given(st.text())
def test_any_text_parses_or_raises_mana_syntax_error(text: str) -> None:
    for lenient in (False, True):
        try:
            cost = P(text, lenient=lenient)
        except ManaSyntaxError as error:
            assert 0 <= error.position <= len(text)
            str(error)
        else:
            assert P(str(cost)) == cost


@given(st.binary())
def test_random_bytes_never_raise_anything_else(data: bytes) -> None:
    text = data.decode("utf-8", errors="surrogateescape")
    for lenient in (False, True):
        with contextlib.suppress(ManaSyntaxError):
            P(text, lenient=lenient)


symbolish = st.text(alphabet="{}/WUBRGCXYZSPHL0123456789½∞ wubrgp", max_size=30)


@given(symbolish)
def test_symbol_like_text_parses_or_raises_mana_syntax_error(text: str) -> None:
    for lenient in (False, True):
        try:
            cost = P(text, lenient=lenient)
        except ManaSyntaxError as error:
            assert 0 <= error.position < max(1, len(text))
        else:
            assert P(str(cost)) == cost
