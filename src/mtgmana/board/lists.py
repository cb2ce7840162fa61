"""Private: board lists as people write them (:meth:`mtgmana.board.Board.parse`):
comma-separated names with an optional count ("2 Tundra"), names that have commas
("Nykthos, Shrine to Nyx"), and each permanent's state in brackets after its name
("Utopia Sprawl [attached_to=0, chosen_color=U]", "Forest [tapped]")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from copy import copy
from typing import Any, Final, TypeVar

from .._regex import lazy
from ..cards import default_database
from ..errors import MtgManaError, UnknownCardError
from .tokens import TOKENS

__all__ = ["MAX_COPIES", "count_permanents", "parse_names"]

P = TypeVar("P")
MAX_COPIES: Final = 1000
"""The most copies of one card :meth:`~mtgmana.board.Board.parse` accepts in one
item."""

_ITEM = lazy(r"(?:(?P<n>\d+)\s*[x×]?\s+)?(?P<name>\S.*)", re.IGNORECASE)


_TOKEN_KEYS: Final = frozenset(name.casefold() for name in TOKENS)


def _known(name: str) -> bool:
    key = " ".join(name.split()).casefold().removesuffix(" token")
    return key in _TOKEN_KEYS or default_database().get(name) is not None


_TEXT_STATE: Final = ("chosen_color", "chosen_colors", "chosen_type", "chosen_name")
_INT_STATE: Final = ("attached_to", "counters", "power", "toughness", "timestamp")
MOST_COMMAS: Final = 2
"""The most commas in a card's name ("Borborygmos and Fblthp, ..." has none; "Urza,
Lord High Artificer" one; a test checks the bundled names): a name is looked for
in at most this many more items."""
_BOOL_STATE: Final = ("tapped", "summoning_sick", "entered_this_turn", "imprinted")


def _split_items(text: str) -> list[tuple[str, str | None]]:
    """The comma-separated items of ``text`` (commas inside a state's brackets
    don't separate), each as (name part, the text inside its brackets or None)."""
    items: list[tuple[str, str | None]] = []
    start = depth = 0
    for position, char in enumerate(text + ","):
        if char == "[":
            depth += 1
            if depth > 1:
                raise MtgManaError(f"board: '[' at position {position} inside a state's brackets")
        elif char == "]":
            depth -= 1
            if depth < 0:
                raise MtgManaError(f"board: ']' at position {position} closes nothing")
        elif char == "," and depth == 0:
            item = text[start:position].strip()
            state = None
            if "[" in item:
                head, _, rest = item.partition("[")
                if not rest.endswith("]"):
                    raise MtgManaError(f"board item {item!r}: the state in brackets comes last")
                item, state = head.strip(), rest[:-1]
            items.append((item, state))
            start = position + 1
    if depth:
        raise MtgManaError(f"board: '[' at position {text.rindex('[')} is never closed")
    return items


def _state_of(item: str, text: str) -> dict[str, Any]:
    """A permanent's state written in brackets: ``attached_to=0, chosen_color=G``,
    ``counters=2``, ``tapped`` (a flag alone is true), ``chosen_type=Elf``."""
    state: dict[str, Any] = {}
    for part in text.split(","):
        key, equals, value = (x.strip() for x in part.partition("="))
        if not key:
            continue
        if key in _BOOL_STATE:
            if equals and value.lower() not in ("true", "false"):
                raise MtgManaError(f"board item {item!r}: {key} is true or false, not {value!r}")
            state[key] = not equals or value.lower() == "true"
        elif key in _INT_STATE:
            if not value.isdigit() or len(value) > 6:
                raise MtgManaError(f"board item {item!r}: {key} is a number, not {value!r}")
            state[key] = int(value)
        elif key in _TEXT_STATE:
            if not value:
                raise MtgManaError(f"board item {item!r}: {key} needs a value ({key}=...)")
            state[key] = value
        else:
            known = ", ".join((*_INT_STATE, *_TEXT_STATE, *_BOOL_STATE))
            raise MtgManaError(f"board item {item!r}: unknown state {key!r} (one of {known})")
    return state


def _count(item: str, digits: str | None) -> int:
    """The count written before a name (1 when none); raises unless it is 1 to
    :data:`MAX_COPIES`."""
    count = 1 if digits is None else int(digits) if len(digits) < 7 else MAX_COPIES + 1
    if not 1 <= count <= MAX_COPIES:
        raise MtgManaError(f"board item {item!r}: a count must be 1 to {MAX_COPIES}")
    return count


def _name_end(items: Sequence[tuple[str, str | None]], i: int, name: str) -> int:
    """Where the name that starts at part ``i`` ends: names with commas ("Nykthos,
    Shrine to Nyx") take the longest that is known, ending at the first part with a
    state."""
    parts = [part for part, _ in items]
    last = next((k for k in range(i, len(parts)) if items[k][1] is not None), len(parts) - 1)
    last = min(last, i + MOST_COMMAS)
    return next(
        (j for j in range(last + 1, i + 1, -1) if _known(", ".join([name, *parts[i + 1 : j]]))),
        i + 1,
    )


def parse_names(text: str, controller: str, named: Callable[..., P]) -> list[P]:
    """The permanents of a comma-separated list of (counted) names, each with an
    optional state in brackets (``Utopia Sprawl [attached_to=0, chosen_color=G]``),
    made by ``named(name, controller=..., **state)``."""
    if not text.strip():
        return []
    items = _split_items(text)
    parts = [part for part, _ in items]
    result: list[P] = []
    i = 0
    while i < len(parts):
        item = parts[i]
        match = _ITEM.fullmatch(item)
        if match is None:
            raise MtgManaError(f"board item {item!r}: expected a card name, like '2 Forest'")
        count = _count(item, match["n"])
        end = _name_end(items, i, match["name"].strip())
        name = ", ".join([match["name"].strip(), *parts[i + 1 : end]])
        written = items[end - 1][1]
        state = {} if written is None else _state_of(item, written)
        try:
            permanent = named(name, controller=controller, **state)
        except UnknownCardError:
            raise
        except MtgManaError as error:
            raise MtgManaError(f"board item {item!r}: {error}") from None
        result.extend(copy(permanent) for _ in range(count))
        i = end
    return result


def count_permanents(text: str) -> int:
    """How many permanents a board list names (counts added up), without looking
    up the names: a cheap check before a list is read. Items that aren't a
    counted name count as one."""
    total = 0
    for item, _ in _split_items(text) if text.strip() else []:
        match = _ITEM.fullmatch(item)
        number = match["n"] if match is not None else None
        total += int(number) if number is not None and len(number) < 7 else 1
    return total
