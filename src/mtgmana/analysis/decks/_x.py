"""Private: the X values asked for a deck's cards (``analyze(..., x=...)``,
``simulate(..., x=...)``, ``mtgmana deck --x NAME=X``), checked against the deck.

The analysis chooses X for two kinds of card, and a name must be one of them:

* a spell with X in its mana cost (CR 107.3: X is chosen as it is cast), Fireball or
  Astral Cornucopia (whose charge counters are its X);
* a permanent that enters with a counter for each time it was kicked (multikicker,
  CR 702.33: Everflowing Chalice), where X is the number of kicks.

A name that is not a card of the deck (its main deck, commander or companion; a
face's name will do), or a card of neither kind, is an error naming it: a typo
would otherwise leave X at its default of 1 without a word.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from ._base import DeckError

if TYPE_CHECKING:
    from ._deck import Deck, DeckCard

__all__ = ["MAX_X", "chosen_x"]

MAX_X: Final = 1000
"""The largest X that may be asked for."""


def _takes_x(item: DeckCard) -> bool:
    """Whether the analysis chooses an X for ``item`` (see the module)."""
    role = item.role
    if role.is_land:
        return False
    if role.kicker is not None or role.counters_cast:
        return True
    faces = role.spell_faces or (0,)
    return any(item.card.faces[face].mana_cost.x_count for face in faces)


def _names(item: DeckCard) -> set[str]:
    return {item.name.casefold(), *(face.name.casefold() for face in item.card.faces)}


def chosen_x(deck: Deck, x: Mapping[str, int] | None) -> tuple[tuple[str, int], ...]:
    """``x`` (X by card name) as sorted pairs, after checking each name and value
    against ``deck``; raises :class:`~mtgmana.analysis.decks.DeckError` naming the
    first bad one."""
    if x is None:
        return ()
    if not isinstance(x, Mapping):
        raise DeckError(f"x must map card names to X, like {{'Fireball': 3}}, not {x!r}")
    items = (*deck.main, *deck.commander, *deck.companion)
    taking = [item for item in items if _takes_x(item)]
    seen: dict[str, str] = {}
    for name, value in x.items():
        _check_value(name, value)
        key = name.casefold()
        if key in seen:
            raise DeckError(f"X for {name!r} is given twice (as {seen[key]!r} too)")
        seen[key] = name
        _check_card(name, key, items, taking)
    return tuple(sorted(x.items()))


def _check_value(name: object, value: object) -> None:
    """Raise :class:`DeckError` unless ``name`` is a name and ``value`` an X that
    may be asked for."""
    if not isinstance(name, str):
        raise DeckError(f"x must map card names to X, not {name!r}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise DeckError(f"X for {name} must be a whole number, not {value!r}")
    if not 0 <= value <= MAX_X:
        raise DeckError(f"X for {name} must be 0 to {MAX_X:,}, not {value:,}")


def _check_card(name: str, key: str, items: tuple[DeckCard, ...], taking: list[DeckCard]) -> None:
    """Raise :class:`DeckError` unless the card ``name`` (casefolded: ``key``) is
    one of ``items`` that takes an X (``taking``: those that do)."""
    found = next((item for item in items if key in _names(item)), None)
    if found is None:
        raise DeckError(f"X for {name!r}: no card of that name in the deck{_hint(name, items)}")
    if not _takes_x(found):
        raise DeckError(
            f"X for {name!r}: {found.name} ({found.card.faces[0].mana_cost or 'no cost'}) "
            "has no X to choose: X is chosen for spells with X in their mana cost "
            f"(CR 107.3) and for multikicker's kicks (CR 702.33){_listing(taking)}"
        )


def _hint(name: str, items: tuple[DeckCard, ...]) -> str:
    folded = {item.name.casefold(): item.name for item in items}
    close = [folded[n] for n in difflib.get_close_matches(name.casefold(), sorted(folded), 3)]
    return "; did you mean " + ", ".join(map(repr, close)) + "?" if close else ""


def _listing(taking: list[DeckCard]) -> str:
    if not taking:
        return "; no card of this deck takes an X"
    return "; the deck's cards that do: " + ", ".join(sorted({item.name for item in taking}))
