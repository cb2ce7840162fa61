"""The mana cost parser: strict errors with positions, the lenient notations, and
hostile input (never another exception, never super-linear time)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mtgmana
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


# Hostile inputs of about n characters (k repetitions of a pattern).
HOSTILE: dict[str, Callable[[int], str]] = {
    "valid": lambda k: "{W}" * k,
    "valid hybrid": lambda k: "{W/U}{2}" * k,
    "unclosed": lambda k: "{" + "W" * k,
    "stray close": lambda k: "{W}" * k + "}",
    "opens": lambda k: "{" * k,
    "closes": lambda k: "}" * k,
    "bare": lambda k: "W" * k,
    "long hybrid": lambda k: "{" + "W/" * k + "}",
    "reopened": lambda k: "{W}{" * k,
}
# What a megabyte of each parses to: its number of symbols, or where it fails.
MEGABYTE = {
    "valid": (350_000, (350_000, 350_000)),  # (k, (symbols strict, lenient))
    "valid hybrid": (120_000, (240_000, 240_000)),
    "unclosed": (1_000_000, (0, 0)),  # 0: fails at position 0
    "stray close": (300_000, (900_000, 900_000)),  # fails at the stray '}'
    "opens": (1_000_000, (0, 0)),
    "closes": (1_000_000, (0, 0)),
    "bare": (1_000_000, (0, 1_000_000)),
    "long hybrid": (500_000, (0, 0)),
    "reopened": (250_000, (3, 3)),  # fails at the first '{' with no '}' before the next
}


def _outcome(text: str, lenient: bool) -> int:
    """How many symbols ``text`` parses to, or the position where it fails."""
    try:
        return len(P(text, lenient=lenient))
    except ManaSyntaxError as error:
        return error.position


def _python_lines(text: str, lenient: bool) -> int:
    """The lines of the package's Python code that parsing ``text`` runs."""
    count = 0
    package = str(Path(mtgmana.__file__).parent)

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += event == "line"
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename.startswith(package) else None

    previous = sys.gettrace()  # coverage's tracer, when it runs: put back after
    sys.settrace(calls)
    try:
        _outcome(text, lenient)
    finally:
        sys.settrace(previous)
    return count


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("lenient", [False, True])
def test_a_megabyte_parses_or_fails_where_it_should(name: str, lenient: bool) -> None:
    k, outcomes = MEGABYTE[name]
    assert _outcome(HOSTILE[name](k), lenient) == outcomes[lenient]


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("lenient", [False, True])
def test_parsing_work_grows_linearly(name: str, lenient: bool) -> None:
    """Twice the text, at most about twice the work (lines of Python run); the
    timings of a megabyte are in bench/bench_parse.py."""
    small, large = (_python_lines(HOSTILE[name](k), lenient) for k in (1_000, 2_000))
    assert large <= 2.1 * small + 50, (small, large)


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
