"""Private tokenizer and parser for mana symbol text (CR 107.4).

Strict mode accepts exactly the canonical notation (``{2}{W/U}``). Lenient mode also
accepts lower case, white space, reversed halves (``{U/W}``), older Phyrexian text
(``{P/W}``, ``{PW}``, ``{WP}``) and the compact shorthand deckbuilders write
(``2WU``, ``1UU``, ``XRR``). Both run in linear time and raise only
:class:`~mtgmana.ManaSyntaxError`, whose position points at the failure.
"""

from __future__ import annotations

from .errors import ManaSyntaxError
from .symbols import _BY_TEXT, MAX_NUMERAL_DIGITS, NON_MANA_SYMBOLS, ManaSymbol, _numeral

__all__ = ["parse_symbols"]

# Lenient lookup: (set of halves other than P, has P) -> symbol.
_BY_HALVES: dict[tuple[frozenset[str], bool], ManaSymbol] = {}
for _symbol in _BY_TEXT.values():
    _parts = _symbol.halves
    _BY_HALVES[(frozenset(p for p in _parts if p != "P"), "P" in _parts)] = _symbol
# Bare letters that stand for one symbol in shorthand.
_SHORTHAND_LETTERS = frozenset("WUBRGCXYZSHL")


def parse_symbols(text: str, *, lenient: bool = False) -> list[ManaSymbol]:
    """Split ``text`` into mana symbols or raise :class:`ManaSyntaxError`."""
    if lenient:
        return _parse_lenient(text)
    return _parse_strict(text)


def _parse_strict(text: str) -> list[ManaSymbol]:
    symbols: list[ManaSymbol] = []
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
        append(_symbol_at(text, position, close))
        position = close + 1
    return symbols


def _symbol_at(text: str, start: int, close: int) -> ManaSymbol:
    """The strict symbol ``text[start:close + 1]`` (braces included)."""
    whole = text[start : close + 1]
    symbol = _BY_TEXT.get(whole)
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
        return _numeral(body)
    raise ManaSyntaxError(_unknown_message(whole), text, start)


def _unknown_message(whole: str) -> str:
    if whole in NON_MANA_SYMBOLS:
        return f"{whole!r} is {NON_MANA_SYMBOLS[whole]}, not a mana symbol"
    body = whole[1:-1]
    if not body:
        return "empty mana symbol '{}'"
    hint = ""
    try:
        alternative = _lenient_body(body)
    except _NotASymbol:
        alternative = None
    if alternative:
        written = "".join(s.text for s in alternative)
        if written != whole:
            hint = f"; did you mean {written!r}? (lenient=True accepts this notation)"
    parts = body.upper().split("/")
    if len(parts) > 1 and len(set(parts)) < len(parts):
        hint = "; the halves of a hybrid symbol must differ"
    return f"unknown mana symbol {whole!r}{hint}"


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


class _NotASymbol(Exception):
    pass


def _lenient_body(body: str) -> list[ManaSymbol]:
    """The symbols that a braced ``body`` stands for in lenient mode."""
    key = body.replace(" ", "").upper()
    symbol = _BY_TEXT.get("{" + key + "}")
    if symbol is not None:
        return [symbol]
    if key.isascii() and key.isdigit() and 0 < len(key) <= MAX_NUMERAL_DIGITS:
        return [_numeral(str(int(key)))]
    if key == "1/2":
        return [_BY_TEXT["{½}"]]
    parts = key.split("/")
    if len(parts) == 1 and len(key) == 2 and "P" in key and key != "PP":
        parts = list(key)  # {PW}, {WP}: older Phyrexian text
    if len(parts) > 1 and len(set(parts)) == len(parts):
        has_p = "P" in parts
        symbol = _BY_HALVES.get((frozenset(p for p in parts if p != "P"), has_p))
        if symbol is not None:
            return [symbol]
    if "/" not in key:
        return _shorthand(key)
    raise _NotASymbol


def _shorthand(key: str) -> list[ManaSymbol]:
    """Compact shorthand such as ``2WU``: a number, then single letters."""
    symbols: list[ManaSymbol] = []
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
            symbols.append(_numeral(str(int(digits))))
            index = end
        elif char in _SHORTHAND_LETTERS or char in "½∞":
            symbols.append(_BY_TEXT["{" + char + "}"])
            index += 1
        else:
            raise _NotASymbol
    if not symbols:
        raise _NotASymbol
    return symbols


def _parse_lenient(text: str) -> list[ManaSymbol]:
    symbols: list[ManaSymbol] = []
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
                    f"unterminated mana symbol: '{{' at position {position} has no closing '}}'",
                    text,
                    position,
                )
            whole = text[position : close + 1]
            try:
                symbols.extend(_lenient_body(whole[1:-1]))
            except _NotASymbol:
                raise ManaSyntaxError(_unknown_message(whole), text, position) from None
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
            symbols.extend(_bare_run(run.upper()))
        except _NotASymbol:
            raise ManaSyntaxError(
                f"cannot read {run!r} at position {position} as mana symbols", text, position
            ) from None
        position = end
    return symbols


def _bare_run(run: str) -> list[ManaSymbol]:
    """Shorthand without braces, allowing ``W/U``-style hybrids between letters."""
    symbols: list[ManaSymbol] = []
    index = 0
    while index < len(run):
        # A hybrid written bare: letter or digit, '/', letter, optionally '/P'.
        slash = run.find("/", index)
        if slash == index + 1 and slash + 1 < len(run):
            end = slash + 2
            if run.startswith("/P", end):
                end += 2
            symbols.extend(_lenient_body(run[index:end]))
            index = end
            continue
        stop = slash if slash != -1 else len(run)
        # Leave the character before a slash for the hybrid branch.
        chunk_end = stop - 1 if slash != -1 else stop
        if chunk_end <= index:
            raise _NotASymbol
        symbols.extend(_shorthand(run[index:chunk_end]))
        index = chunk_end
    return symbols
