"""Private: regular expressions compiled when first used.

The modules that read Oracle text (CR 113: each line an ability) hold a few hundred
patterns; compiling them all at import took a sixth of ``mtgmana tap``'s start-up,
though reading a handful of cards uses a few dozen. A :class:`Pattern` compiles on its
first match, then puts the compiled pattern's own methods on itself, so later calls
cost what :class:`re.Pattern`'s do.

>>> from mtgmana._regex import lazy
>>> tap = lazy(r"\\{T\\}")
>>> tap.pattern, tap.search("{T}: Add {G}.") is not None, tap.sub("tap", "{T}: Add {G}.")
('\\\\{T\\\\}', True, 'tap: Add {G}.')
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["Pattern", "lazy"]

_METHODS = ("match", "fullmatch", "search", "sub", "split", "findall", "finditer")


class Pattern:
    """A regular expression (of ``str``) compiled when first used; it matches as
    ``re.compile(pattern, flags)`` does."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}{f', {self.flags}' if self.flags else ''})"

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled once; its methods then replace this
        object's on the instance)."""
        compiled = re.compile(self.pattern, self.flags)
        for name in _METHODS:
            setattr(self, name, getattr(compiled, name))
        return compiled

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """:meth:`re.Pattern.match`."""
        return self.compiled().match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        """:meth:`re.Pattern.fullmatch`."""
        return self.compiled().fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """:meth:`re.Pattern.search`."""
        return self.compiled().search(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        """:meth:`re.Pattern.sub`."""
        return self.compiled().sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        """:meth:`re.Pattern.split`."""
        return self.compiled().split(string, maxsplit)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        """:meth:`re.Pattern.findall`."""
        return self.compiled().findall(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """:meth:`re.Pattern.finditer`."""
        return self.compiled().finditer(string, pos, endpos)


def lazy(pattern: str, flags: int = 0) -> Pattern:
    """The regular expression ``pattern``, compiled when first used."""
    return Pattern(pattern, flags)
