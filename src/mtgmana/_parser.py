"""Private tokenizer and parser for mana symbol text (CR 107.4).

Strict mode accepts exactly the canonical notation (``{2}{W/U}``). Lenient mode also
accepts lower case, white space, reversed halves (``{U/W}``), older Phyrexian text
(``{P/W}``, ``{PW}``, ``{WP}``) and the compact shorthand deckbuilders write
(``2WU``, ``1UU``, ``XRR``). Both run in linear time and raise only
:class:`~mtgmana.ManaSyntaxError`, whose position points at the failure.

The parser knows the notation, not the symbols: :mod:`mtgmana.symbols` hands it the
table of canonical symbol texts and a maker of numerals (:class:`SymbolReader`), so
imports flow one way (symbols -> parser -> errors).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, Generic, TypeVar

from .errors import ManaSyntaxError

__all__ = ["MAX_NUMERAL_DIGITS", "NON_MANA_SYMBOLS", "SymbolReader"]

MAX_NUMERAL_DIGITS: Final = 100
"""Generic numerals may have at most this many digits (far beyond ``{1000000}``)."""

NON_MANA_SYMBOLS: Final[dict[str, str]] = {
    "{T}": "the tap symbol (CR 107.5)",
    "{Q}": "the untap symbol (CR 107.6)",
    "{E}": "the energy symbol (CR 107.14)",
    "{P}": "the pawprint symbol (CR 107.18)",
    "{PW}": "the Planeswalker symbol (CR 107.11)",
    "{CHAOS}": "the chaos symbol (CR 107.12)",
    "{A}": "the acorn counter symbol",
    "{TK}": "the ticket symbol (CR 107.17)",
}
"""Symbols of card text that are not mana symbols, with what they are."""

# Bare letters that stand for one symbol in shorthand.
_SHORTHAND_LETTERS = frozenset("WUBRGCXYZSHL")

S = TypeVar("S")


class _NotASymbol(Exception):
    pass


class SymbolReader(Generic[S]):
    """Reads mana symbol text into the symbols of ``by_text`` (every symbol with a
    fixed text, by its canonical text); ``numeral(digits)`` makes the other generic
    symbols (``"25"`` -> ``{25}``). ``str()`` of a symbol is its canonical text."""

    def __init__(self, by_text: Mapping[str, S], numeral: Callable[[str], S]) -> None:
        self._by_text = by_text
        self._numeral = numeral
        # Lenient lookup: (set of halves other than P, has P) -> symbol.
        by_halves: dict[tuple[frozenset[str], bool], S] = {}
        for text, symbol in by_text.items():
            parts = text[1:-1].split("/")
            by_halves[(frozenset(p for p in parts if p != "P"), "P" in parts)] = symbol
        self._by_halves = by_halves

    def parse(self, text: str, *, lenient: bool = False) -> list[S]:
        """Split ``text`` into mana symbols or raise :class:`ManaSyntaxError`."""
        if lenient:
            return self._parse_lenient(text)
        return self._parse_strict(text)

    # -- strict ------------------------------------------------------------------

    def _parse_strict(self, text: str) -> list[S]:
        symbols: list[S] = []
        append = symbols.append
        position = 0
        length = len(text)
        while position < length:
            if text[position] != "{":
                raise _stray(text, position)
            close = text.find("}", position + 1)
            reopen = text.find("{", position + 1, close if close != -1 else length)
            if close == -1 or reopen != -1:
                raise ManaSyntaxError(
                    f"unterminated mana symbol: '{{' at position {position} has no closing '}}'",
                    text,
                    position,
                )
            append(self._symbol_at(text, position, close))
            position = close + 1
        return symbols

    def _symbol_at(self, text: str, start: int, close: int) -> S:
        """The strict symbol ``text[start:close + 1]`` (braces included)."""
        whole = text[start : close + 1]
        symbol = self._by_text.get(whole)
        if symbol is not None:
            return symbol
        body = whole[1:-1]
        if body.isascii() and body.isdigit():
            if len(body) > 1 and body[0] == "0":
                raise ManaSyntaxError(
                    f"generic mana symbol {whole!r} has a leading zero; write '{{{int(body)}}}'",
                    text,
                    start,
                )
            if len(body) > MAX_NUMERAL_DIGITS:
                raise ManaSyntaxError(
                    f"generic mana symbol at position {start} has {len(body)} digits; "
                    f"at most {MAX_NUMERAL_DIGITS} are allowed",
                    text,
                    start,
                )
            return self._numeral(body)
        raise ManaSyntaxError(self._unknown_message(whole), text, start)

    def _unknown_message(self, whole: str) -> str:
        if whole in NON_MANA_SYMBOLS:
            return f"{whole!r} is {NON_MANA_SYMBOLS[whole]}, not a mana symbol"
        body = whole[1:-1]
        if not body:
            return "empty mana symbol '{}'"
        hint = ""
        try:
            alternative = self._lenient_body(body)
        except _NotASymbol:
            alternative = None
        if alternative:
            written = "".join(str(s) for s in alternative)
            if written != whole:
                hint = f"; did you mean {written!r}? (lenient=True accepts this notation)"
        parts = body.upper().split("/")
        if len(parts) > 1 and len(set(parts)) < len(parts):
            hint = "; the halves of a hybrid symbol must differ"
        return f"unknown mana symbol {whole!r}{hint}"

    # -- lenient -----------------------------------------------------------------

    def _lenient_body(self, body: str) -> list[S]:
        """The symbols that a braced ``body`` stands for in lenient mode."""
        key = body.replace(" ", "").upper()
        symbol = self._by_text.get("{" + key + "}")
        if symbol is not None:
            return [symbol]
        if key.isascii() and key.isdigit() and 0 < len(key) <= MAX_NUMERAL_DIGITS:
            return [self._numeral(str(int(key)))]
        if key == "1/2":
            return [self._by_text["{½}"]]
        symbol = self._by_parts(key)
        if symbol is not None:
            return [symbol]
        if "/" not in key:
            return self._shorthand(key)
        raise _NotASymbol

    def _by_parts(self, key: str) -> S | None:
        """The hybrid or Phyrexian symbol whose halves ``key`` lists in any order
        (``W/U``, ``U/W``, ``W/P``; ``PW`` and ``WP`` in older Phyrexian text), or
        ``None``."""
        parts = key.split("/")
        if len(parts) == 1 and len(key) == 2 and "P" in key and key != "PP":
            parts = list(key)  # {PW}, {WP}: older Phyrexian text
        if len(parts) > 1 and len(set(parts)) == len(parts):
            has_p = "P" in parts
            return self._by_halves.get((frozenset(p for p in parts if p != "P"), has_p))
        return None

    def _shorthand(self, key: str) -> list[S]:
        """Compact shorthand such as ``2WU``: a number, then single letters."""
        symbols: list[S] = []
        index = 0
        while index < len(key):
            char = key[index]
            if char.isascii() and char.isdigit():
                end = index
                while end < len(key) and key[end].isascii() and key[end].isdigit():
                    end += 1
                digits = key[index:end]
                if end - index > MAX_NUMERAL_DIGITS:
                    raise _NotASymbol
                symbols.append(self._numeral(str(int(digits))))
                index = end
            elif char in _SHORTHAND_LETTERS or char in "½∞":
                symbols.append(self._by_text["{" + char + "}"])
                index += 1
            else:
                raise _NotASymbol
        if not symbols:
            raise _NotASymbol
        return symbols

    def _parse_lenient(self, text: str) -> list[S]:
        symbols: list[S] = []
        position = 0
        length = len(text)
        while position < length:
            char = text[position]
            if char.isspace():
                position += 1
                continue
            if char == "{":
                close = text.find("}", position + 1)
                reopen = text.find("{", position + 1, close if close != -1 else length)
                if close == -1 or reopen != -1:
                    raise ManaSyntaxError(
                        f"unterminated mana symbol: '{{' at position {position} has no "
                        "closing '}'",
                        text,
                        position,
                    )
                whole = text[position : close + 1]
                try:
                    symbols.extend(self._lenient_body(whole[1:-1]))
                except _NotASymbol:
                    raise ManaSyntaxError(self._unknown_message(whole), text, position) from None
                position = close + 1
                continue
            # Bare shorthand: a run of non-space, non-brace characters.
            end = position
            while end < length and text[end] not in "{} \t\r\n" and not text[end].isspace():
                end += 1
            if end == position:
                raise _stray(text, position)
            run = text[position:end]
            try:
                symbols.extend(self._bare_run(run.upper()))
            except _NotASymbol:
                raise ManaSyntaxError(
                    f"cannot read {run!r} at position {position} as mana symbols", text, position
                ) from None
            position = end
        return symbols

    def _bare_run(self, run: str) -> list[S]:
        """Shorthand without braces, allowing ``W/U``-style hybrids between letters."""
        symbols: list[S] = []
        index = 0
        while index < len(run):
            # A hybrid written bare: letter or digit, '/', letter, optionally '/P'.
            slash = run.find("/", index)
            if slash == index + 1 and slash + 1 < len(run):
                end = slash + 2
                if run.startswith("/P", end):
                    end += 2
                symbols.extend(self._lenient_body(run[index:end]))
                index = end
                continue
            stop = slash if slash != -1 else len(run)
            # Leave the character before a slash for the hybrid branch.
            chunk_end = stop - 1 if slash != -1 else stop
            if chunk_end <= index:
                raise _NotASymbol
            symbols.extend(self._shorthand(run[index:chunk_end]))
            index = chunk_end
        return symbols


def _stray(text: str, position: int) -> ManaSyntaxError:
    char = text[position]
    if char == "}":
        return ManaSyntaxError(
            f"unexpected '}}' at position {position} with no opening '{{'", text, position
        )
    if text.startswith(" // ", position):
        return ManaSyntaxError(
            "' // ' separates the halves of a split card, not mana symbols; parse each "
            "half, or use Card.from_scryfall for the whole card",
            text,
            position,
        )
    hint = ""
    if char.isalnum():
        hint = "; mana symbols are written in braces, like '{2}{W}' (lenient=True reads '2W')"
    return ManaSyntaxError(f"unexpected {char!r} at position {position}{hint}", text, position)
