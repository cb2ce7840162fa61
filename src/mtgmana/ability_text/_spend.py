"""Private: what casting a card is spent on (a :class:`~mtgmana.restrictions.Spend`,
CR 106.6, 601.2g-h), read from the card — its type line, colors, mana cost and name,
and from its rules text the keywords that change how it's paid (convoke, improvise,
delve: CR 702.51, 702.126, 702.66), whether it creates tokens (CR 111.2), devoid
(CR 702.114a) and changeling (CR 702.73a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from .._regex import lazy
from ..cards import Card, lookup
from ..colors import COLORLESS
from ..creature_types import CREATURE_TYPES
from ..errors import MtgManaError
from ..restrictions import Spend

__all__ = ["spend_of"]

_KEYWORD_LINE: Final = lazy(r"^(?P<words>[A-Za-z ,]+?)(?: \(|$)")
_PAYMENT_KEYWORDS: Final = ("convoke", "improvise", "delve")
_CREATES_TOKENS: Final = lazy(r"\b[Cc]reates? (?:[^.]*? )?tokens?\b")


def spend_of(card: Card | str, *, face: int | str = 0, zone: str = "hand") -> Spend:
    """Casting a card's face (a :class:`~mtgmana.cards.Card` or its name, looked up in
    the card database in use) from ``zone``: its type line, colors, mana cost and
    name, and the keywords that change how it's paid — convoke, improvise, delve
    (CR 702.51, 702.126, 702.66) — read from its rules text.

    >>> spend = spend_of("Stoke the Flames")
    >>> str(spend.mana_cost), sorted(spend.keywords), sorted(spend.card_types)
    ('{2}{R}{R}', ['convoke'], ['Instant'])

    Devoid makes it colorless (CR 702.114a), changeling every creature type
    (CR 702.73a):

    >>> outcast = spend_of("Changeling Outcast")
    >>> spend_of("Eldrazi Obligator").colors, "Elf" in outcast.subtypes
    (Color(0), True)
    """
    if not isinstance(card, (Card, str)):
        raise MtgManaError(f"spend_of needs a Card or a card's name, not {card!r}")
    found = card if isinstance(card, Card) else lookup(card)
    chosen = found.faces[found.face_index(face)]
    text = chosen.oracle_text
    spend = Spend.spell(
        chosen.type_line,
        colors=chosen.colors,
        mana_cost=chosen.mana_cost,
        zone=zone,
        keywords=_payment_keywords(text) + _makes_tokens(text),
        name=chosen.name,
    )
    own = {line.split("(")[0].strip().lower() for line in text.splitlines()}
    if "devoid" in own:  # CR 702.114a: "This object is colorless."
        spend = replace(spend, colors=COLORLESS)
    if "changeling" in own:  # CR 702.73a: "This object is every creature type."
        spend = replace(spend, subtypes=spend.subtypes | CREATURE_TYPES)
    return spend


def _payment_keywords(text: str) -> tuple[str, ...]:
    """The keywords of a rules text that change how a spell is paid: a keyword line
    ("Flying, convoke") names them (CR 702.1)."""
    found: list[str] = []
    for line in text.splitlines():
        match = _KEYWORD_LINE.match(line.strip())
        if match is None:
            continue
        words = {w.strip().lower() for w in match["words"].split(",")}
        found.extend(k for k in _PAYMENT_KEYWORDS if k in words and k not in found)
    return tuple(found)


def _makes_tokens(text: str) -> tuple[str, ...]:
    """``("makes tokens",)`` when a rules text creates tokens (CR 111.2: "create" puts
    tokens onto the battlefield; Mishra's Toy Workshop's restriction asks it)."""
    return ("makes tokens",) if _CREATES_TOKENS.search(text) else ()
