"""Private: the lines of ``mtgmana serve`` — read as bytes, at most
``LIMITS["line"]`` a line (a longer one is skipped to its end and answered
``line_too_long``), decoded as strict UTF-8 and strict JSON (no ``NaN``, no
``Infinity``, no number out of range, no lone surrogate, any nesting), and the
answers written as UTF-8 JSON, one a line."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import IO, Any, Final

from .._json_text import TEXT
from ._serve_schema import LIMITS, RequestError

__all__ = ["Encoded", "decode", "encode", "encode_with_id", "read_lines"]

_CHUNK: Final = 1 << 16
_SURROGATE: Final = re.compile(r"\\u[dD][89a-fA-F]")


def read_lines(stream: IO[bytes]) -> Iterator[bytes | None]:
    """Each line of ``stream`` (bytes, without its end), or ``None`` for a line
    longer than the limit (read to its end and dropped, never held whole)."""
    limit = LIMITS["line"]
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:  # skip the rest of the line
                rest = stream.readline(_CHUNK)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield line.rstrip(b"\r\n")


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > 30:
        raise ValueError(f"the number {text[:40]}... has more than 30 digits")
    return int(text)


_DECODER: Final = json.JSONDecoder(
    parse_constant=_constant, parse_float=_number, parse_int=_integer
)


def decode(line: bytes | str) -> dict[str, Any]:
    """The request object of one line; :class:`RequestError` ``bad_json`` when
    the line isn't UTF-8, isn't strict JSON or isn't an object."""
    if isinstance(line, bytes):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RequestError(
                "bad_json", f"not UTF-8 text: byte {error.start} is {line[error.start]:#04x}"
            ) from None
    else:
        text = line
        if not _valid_text(text):
            raise RequestError("bad_json", "not UTF-8 text (a lone surrogate)")
    if not text.strip():
        raise RequestError(
            "bad_json", 'an empty line: a request is a JSON object, like {"op": "ping"}'
        )
    try:
        request = _DECODER.decode(text)
    except RecursionError:
        raise RequestError("bad_json", "not a JSON object: nested too deeply") from None
    except ValueError as error:
        raise RequestError("bad_json", f"not a JSON object: {error}") from None
    if not isinstance(request, dict):
        raise RequestError("bad_json", 'a request is a JSON object, like {"op": "ping"}')
    if _SURROGATE.search(text) and not _valid(request):
        raise RequestError("bad_json", "a string holds a lone surrogate (\\ud800-\\udfff)")
    return request


def _valid_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _valid(value: Any) -> bool:
    """Whether every string in ``value`` (keys too) is valid Unicode text."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not _valid_text(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class Encoded(str):
    """An answer already written as JSON text: an object, without its ``id`` (the
    handlers of the busiest ops write theirs straight, ``mtgmana._json_text``)."""

    __slots__ = ()


_ENCODER: Final = TEXT


def encode(answer: dict[str, Any]) -> bytes:
    """One answer line (with its newline) as UTF-8 JSON."""
    try:
        text = _ENCODER.encode(answer)
        return text.encode("utf-8") + b"\n"
    except (ValueError, TypeError, RecursionError):
        return _NOT_JSON


def encode_with_id(identifier: Any, answer: Encoded) -> bytes:
    """One answer line of an answer already written as JSON, its ``id`` first:
    ``encode({"id": identifier, **json.loads(answer)})``."""
    try:
        text = _ENCODER.encode(identifier)
        if answer == "{}":
            return f'{{"id": {text}}}\n'.encode()
        return f'{{"id": {text}, {answer[1:]}\n'.encode()
    except (ValueError, TypeError, RecursionError):
        return _NOT_JSON


_NOT_JSON: Final = (
    json.dumps(
        {"id": None, "error": {"code": "internal", "message": "an answer that isn't JSON"},
         "status": 2}
    ).encode("utf-8") + b"\n"
)  # fmt: skip
"""Never expected (requests are checked): said so rather than bad JSON written."""
