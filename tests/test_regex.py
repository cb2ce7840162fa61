"""mtgmana._regex: a lazily compiled pattern matches exactly as ``re.compile`` does,
compiles once, and reading a card compiles only the patterns it needs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import mtgmana
from mtgmana._regex import Pattern, lazy

_PATTERNS = [
    (r"\{T\}", 0),
    (r"(?P<cost>[^:\"]+?): (?P<effect>.+)", 0),
    (r"(?:deathtouch|flying)(?:, (?:deathtouch|flying))*", re.IGNORECASE),
    (r"(?m)^Fuse\b", 0),
    (r"(?<=\.)\s+", 0),
    (r"\b[Aa]dds?\b[^.]*(?:\{[^}]+\}|\bmana\b)", 0),
]
_TEXT = st.text(alphabet="{}TGaddsAd: .,\nFuseflyingFlying(x)", max_size=40)


def _same(left: object, right: object) -> bool:
    """Whether two results of a pattern method are equal (matches by span and groups)."""
    if isinstance(left, re.Match) and isinstance(right, re.Match):
        return (left.span(), left.groups(), left.groupdict()) == (
            right.span(),
            right.groups(),
            right.groupdict(),
        )
    return left == right


@given(text=_TEXT)
def test_every_method_answers_as_re_compile(text: str) -> None:
    for source, flags in _PATTERNS:
        eager, pattern = re.compile(source, flags), lazy(source, flags)
        for name in ("match", "fullmatch", "search"):
            assert _same(getattr(pattern, name)(text), getattr(eager, name)(text)), name
            assert _same(getattr(pattern, name)(text, 1, 9), getattr(eager, name)(text, 1, 9))
        assert pattern.findall(text) == eager.findall(text)
        assert pattern.split(text) == eager.split(text)
        assert pattern.sub("-", text) == eager.sub("-", text)
        assert pattern.sub(lambda m: m.group(0).upper(), text, 1) == eager.sub(
            lambda m: m.group(0).upper(), text, 1
        )
        mine, theirs = list(pattern.finditer(text)), list(eager.finditer(text))
        assert len(mine) == len(theirs) and all(map(_same, mine, theirs))


def test_each_first_call_compiles_then_the_compiled_methods_take_over() -> None:
    for name in ("match", "fullmatch", "search", "sub", "split", "findall", "finditer"):
        pattern = lazy(r"a+")
        assert name not in vars(pattern)  # nothing compiled yet
        arguments = ("b", "caab") if name == "sub" else ("caab",)
        getattr(pattern, name)(*arguments)
        compiled = re.compile(r"a+")  # re's cache: the very pattern lazy() compiled
        for method in ("match", "fullmatch", "search", "sub", "split", "findall", "finditer"):
            assert vars(pattern)[method] == getattr(compiled, method), (name, method)
    assert isinstance(lazy("x"), Pattern) and lazy("x").pattern == "x"
    assert (
        repr(lazy(r"\d", re.IGNORECASE)) == r"lazy('\\d', re.IGNORECASE)"
        and repr(lazy("x")) == "lazy('x')"
    )


def test_a_bad_pattern_fails_when_first_used_as_re_compile_would() -> None:
    pattern = lazy("(unclosed")
    try:
        pattern.search("x")
    except re.error as error:
        assert "missing )" in str(error)
    else:  # pragma: no cover - the assertion below says what went wrong
        raise AssertionError("no re.error")


def test_reading_a_forest_compiles_few_patterns() -> None:
    """Start-up (bench/bench_startup.py): the text modules' patterns wait for a use."""
    code = (
        "import gc, json, re; from mtgmana._regex import Pattern;"
        "from mtgmana.board import Permanent; Permanent.named('Forest');"
        "ps = [o for o in gc.get_objects() if isinstance(o, Pattern)];"
        "print(json.dumps([len(ps), sum('match' in vars(p) for p in ps)]))"
    )
    env = dict(os.environ)
    root = str(Path(mtgmana.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    made, compiled = json.loads(out.strip().splitlines()[-1])
    assert made > 100 and compiled < made // 4
