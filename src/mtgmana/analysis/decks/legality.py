"""Deck legality as warnings that don't stop the analysis.

:func:`check_legality` gives one :class:`LegalityWarning` (a ``code``, a ``message``
and the ``cards`` at fault) per broken deckbuilding rule of the deck's format:

* **constructed** (CR 100.2a, 100.4a): at least 60 cards; at most four copies of a
  card, counting the main deck and the sideboard together; a sideboard of at most
  15 cards;
* **limited** (CR 100.2b): at least 40 cards (copies as the product gives them:
  not checked);
* **commander** (CR 903.3-903.5, 702.124): exactly 100 cards with the commander(s);
  one copy of each card; each card's color identity (CR 903.4, ``Card.color_identity``)
  within the commanders' combined identity (a Background's counts, CR 702.124c);
  a commander is a legendary creature (or Vehicle or Spacecraft) or says it can be
  your commander, and two commanders need a partner ability that pairs them
  (CR 702.124).

Basic lands are exempt from copy limits (CR 100.2a, 903.5b), and so are cards that
say "A deck can have any number of cards named ..."; "up to seven" (Seven Dwarves)
and "only one" (Once More with Feeling) set their own limits.

The format is inferred by :func:`infer_format` — a commander, or a 99- or 100-card
main deck, is Commander; fewer than 50 cards without a commander is Limited;
anything else is constructed — or given as one of :data:`FORMATS`.

>>> from mtgmana.analysis.decks import Deck
>>> deck = Deck.parse("Commander\\n1 Tatyova, Benthic Druid\\n\\n1 Vindicate\\n97 Forest")
>>> for warning in check_legality(deck):
...     print(warning.code, warning.cards)
deck-size ()
color-identity ('Vindicate',)
>>> check_legality(deck)[1].message
"outside the commander's color identity UG (CR 903.5c): Vindicate (WB)"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ...ability_text import read_number
from ...cards import Card
from ...colors import Color
from ...errors import MtgManaError
from ..decklists import can_be_commander

if TYPE_CHECKING:
    from ._deck import Deck

__all__ = [
    "COMMANDER_SIZE",
    "COPY_LIMIT",
    "FORMATS",
    "MAX_SIDEBOARD",
    "MIN_CONSTRUCTED",
    "MIN_LIMITED",
    "LegalityWarning",
    "check_legality",
    "copy_limit",
    "infer_format",
    "is_basic_land",
]

FORMATS: Final = ("constructed", "limited", "commander")
"""The formats whose deckbuilding rules are checked."""

MIN_CONSTRUCTED: Final = 60  # CR 100.2a
MIN_LIMITED: Final = 40  # CR 100.2b
COMMANDER_SIZE: Final = 100  # CR 903.5a
MAX_SIDEBOARD: Final = 15  # CR 100.4a
COPY_LIMIT: Final = 4  # CR 100.2a

_DECK_CAN_HAVE: Final = re.compile(
    r"deck can have (?:(?P<any>any number) of cards|up to (?P<up>\w+) cards|only (?P<only>\w+)"
    r" cards?) named",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class LegalityWarning:
    """A broken deckbuilding rule: a short ``code`` (``"deck-size"``,
    ``"sideboard-size"``, ``"copies"``, ``"singleton"``, ``"color-identity"``,
    ``"commander"``, ``"no-commander"``), a ``message`` citing the rule, and the
    ``cards`` at fault (by name; empty when the deck as a whole is at fault)."""

    code: str
    message: str
    cards: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "message": ..., "cards": [...]}``."""
        return {"code": self.code, "message": self.message, "cards": list(self.cards)}

    def __str__(self) -> str:
        return self.message


# -- cards -------------------------------------------------------------------------


def is_basic_land(card: Card) -> bool:
    """Whether ``card`` has the basic supertype (CR 205.4c) on its front face."""
    supertypes = card.faces[0].type_line.split("—")[0].split()
    return "Basic" in supertypes and "Land" in supertypes


def copy_limit(card: Card, format: str) -> int | None:
    """The most copies of ``card`` a deck of ``format`` may have (``None``: any
    number). Basic lands and "any number of cards named" cards have none; "up to
    seven cards named" and "only one card named" set their own.

    >>> from mtgmana.cards import lookup
    >>> [copy_limit(lookup(n), "constructed") for n in ("Opt", "Island", "Seven Dwarves")]
    [4, None, 7]
    >>> copy_limit(lookup("Relentless Rats"), "commander"), copy_limit(lookup("Opt"), "commander")
    (None, 1)
    """
    _format(format)
    if is_basic_land(card):
        return None
    for face in card.faces:
        match = _DECK_CAN_HAVE.search(face.oracle_text)
        if match is None:
            continue
        if match["any"]:
            return None
        word = (match["up"] or match["only"]).lower()
        number = _number(word)
        if number is not None:
            return number
    if format == "limited":
        return None  # CR 100.2b: as many as the product gives
    return 1 if format == "commander" else COPY_LIMIT


def _number(word: str) -> int | None:
    """The number "up to N" or "only N" names (digits or a word), else ``None``."""
    try:
        return read_number(word, articles=False)
    except MtgManaError:
        return None


def _partner_abilities(card: Card) -> set[str]:
    """The partner abilities of ``card`` (CR 702.124a), as keys that pair equal keys
    (``partner``, ``partner—friends forever``) or say what they pair with."""
    found: set[str] = set()
    for face in card.faces[:1]:
        for line in face.oracle_text.split("\n"):
            text = line.split("(")[0].strip()
            lower = text.lower()
            if lower == "partner":
                found.add("partner")
            elif lower.startswith("partner with "):
                found.add("with:" + text[len("partner with ") :].strip().casefold())
            elif lower.startswith(("partner—", "partner-")):
                found.add("partner—" + lower[len("partner—") :].strip())
            elif lower == "friends forever":
                found.add("partner—friends forever")
            elif lower == "choose a background":
                found.add("background")
            elif lower == "doctor's companion" or lower == "doctor’s companion":
                found.add("doctor")
    return found


def _is_background(card: Card) -> bool:
    line = card.faces[0].type_line
    return "Legendary" in line and "Background" in line.partition("—")[2].split()


def _is_lone_doctor(card: Card) -> bool:
    line = card.faces[0].type_line
    head, _, subtypes = line.partition("—")
    return (
        "Legendary" in head
        and "Creature" in head
        and subtypes.split() == ["Time", "Lord", "Doctor"]
    )


def _pair_allowed(first: Card, second: Card) -> bool:
    """CR 702.124: whether one partner ability designates both as commanders."""
    a, b = _partner_abilities(first), _partner_abilities(second)
    shared = {k for k in a & b if k == "partner" or k.startswith("partner—")}
    if shared:
        return True
    if f"with:{second.name.casefold()}" in a and f"with:{first.name.casefold()}" in b:
        return True
    for other, abilities in ((second, a), (first, b)):
        if "background" in abilities and _is_background(other):
            return True
        if "doctor" in abilities and _is_lone_doctor(other):
            return True
    return False


# -- the deck ------------------------------------------------------------------------


def infer_format(deck: Deck) -> str:
    """The deck's format by its shape (:attr:`~._deck.Deck.format`): a commander,
    or a 99- or 100-card main deck, is ``"commander"``; fewer than 50 cards is
    ``"limited"``; else ``"constructed"``."""
    return deck.format


def check_legality(deck: Deck, format: str | None = None) -> tuple[LegalityWarning, ...]:
    """The deckbuilding rules ``deck`` breaks in ``format`` (one of :data:`FORMATS`;
    inferred by :func:`infer_format` when ``None``), as warnings (see the module)."""
    fmt = infer_format(deck) if format is None else _format(format)
    if fmt == "commander":
        return tuple(_commander(deck))
    return tuple(_constructed(deck, fmt))


def _format(format: object) -> str:
    if not isinstance(format, str) or format.lower() not in FORMATS:
        raise MtgManaError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")
    return format.lower()


def _counts(items: Iterable[Any]) -> dict[str, tuple[Card, int]]:
    counts: dict[str, tuple[Card, int]] = {}
    for item in items:
        _, had = counts.get(item.card.name, (item.card, 0))
        counts[item.card.name] = (item.card, had + item.count)
    return counts


def _over_limit(counts: Mapping[str, tuple[Card, int]], format: str) -> list[tuple[str, int]]:
    over = []
    for name, (card, count) in counts.items():
        limit = copy_limit(card, format)
        if limit is not None and count > limit:
            over.append((name, count))
    return over


def _listing(cards: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{count} {name}" for name, count in cards)


def _constructed(deck: Deck, fmt: str) -> list[LegalityWarning]:
    warnings: list[LegalityWarning] = []
    size = deck.size
    if fmt == "limited":
        if size < MIN_LIMITED:
            warnings.append(
                LegalityWarning(
                    "deck-size",
                    f"a {size}-card deck: a Limited deck has at least {MIN_LIMITED} cards "
                    "(CR 100.2b)",
                )
            )
        return warnings
    if size < MIN_CONSTRUCTED:
        warnings.append(
            LegalityWarning(
                "deck-size",
                f"a {size}-card deck: a constructed deck has at least {MIN_CONSTRUCTED} cards "
                "(CR 100.2a)",
            )
        )
    # A companion is revealed from the sideboard (CR 702.139a); Arena lists it in both.
    side_names = {item.card.name for item in deck.sideboard}
    outside = [*deck.sideboard, *(c for c in deck.companion if c.card.name not in side_names)]
    side_size = sum(item.count for item in outside)
    if side_size > MAX_SIDEBOARD:
        warnings.append(
            LegalityWarning(
                "sideboard-size",
                f"a {side_size}-card sideboard: a constructed sideboard has at most "
                f"{MAX_SIDEBOARD} cards (CR 100.4a)",
            )
        )
    over = _over_limit(_counts([*deck.main, *outside]), fmt)
    if over:
        warnings.append(
            LegalityWarning(
                "copies",
                f"more copies than allowed ({COPY_LIMIT} of a card other than basic lands, the "
                f"main deck and sideboard together, CR 100.2a, 100.4a): {_listing(over)}",
                tuple(name for name, _ in over),
            )
        )
    return warnings


def _commander(deck: Deck) -> list[LegalityWarning]:
    """The breaches of the Commander deckbuilding rules (CR 903.3-903.5)."""
    warnings: list[LegalityWarning] = []
    commanders = [item.card for item in deck.commander for _ in range(item.count)]
    warnings.extend(_commander_size(deck, commanders))
    warnings.extend(_commanders(commanders))
    over = _over_limit(_counts([*deck.main, *deck.commander]), "commander")
    if over:
        warnings.append(
            LegalityWarning(
                "singleton",
                "more than one copy of a card other than a basic land (CR 903.5b): "
                + _listing(over),
                tuple(name for name, _ in over),
            )
        )
    warnings.extend(_color_identity(deck, commanders))
    return warnings


def _commander_size(deck: Deck, commanders: list[Card]) -> list[LegalityWarning]:
    """A warning when no commander is named, or when the deck with its commanders
    is not of :data:`COMMANDER_SIZE` cards (CR 903.5a)."""
    warnings: list[LegalityWarning] = []
    total = deck.size + len(commanders)
    if not commanders:
        warnings.append(
            LegalityWarning(
                "no-commander",
                f"a {deck.size}-card deck with no commander named, so color identity is not "
                "checked: put it in a 'Commander' section (or mark it *CMDR*)",
            )
        )
    elif total != COMMANDER_SIZE:
        warnings.append(
            LegalityWarning(
                "deck-size",
                f"a {total}-card deck ({deck.size} + {len(commanders)} commander"
                f"{'s' if len(commanders) > 1 else ''}): a Commander deck has exactly "
                f"{COMMANDER_SIZE} cards with its commander (CR 903.5a)",
            )
        )
    return warnings


def _color_identity(deck: Deck, commanders: list[Card]) -> list[LegalityWarning]:
    """A warning listing the main deck's cards outside the commanders' color
    identity (CR 903.5c), when commanders are named."""
    warnings: list[LegalityWarning] = []
    if not commanders:
        return warnings
    identity = Color(0)
    for card in commanders:
        identity |= card.color_identity  # CR 702.124c: partners' identities combine
    outside = [item.card for item in deck.main if item.card.color_identity & ~identity != Color(0)]
    if outside:
        shown = ", ".join(f"{card.name} ({card.color_identity})" for card in outside)
        warnings.append(
            LegalityWarning(
                "color-identity",
                f"outside the commander's color identity {identity or 'colorless'} "
                f"(CR 903.5c): {shown}",
                tuple(card.name for card in outside),
            )
        )
    return warnings


def _commanders(commanders: list[Card]) -> list[LegalityWarning]:
    warnings = []
    not_eligible = [card.name for card in commanders if not can_be_commander(card)]
    if not_eligible:
        warnings.append(
            LegalityWarning(
                "commander",
                "not a legendary creature and doesn't say it can be your commander "
                f"(CR 903.3): {', '.join(not_eligible)}",
                tuple(not_eligible),
            )
        )
    names = tuple(card.name for card in commanders)
    if len(commanders) > 2:
        warnings.append(
            LegalityWarning(
                "commander",
                f"{len(commanders)} commanders: a deck has one, or two with a partner ability "
                f"(CR 702.124g): {', '.join(names)}",
                names,
            )
        )
    elif len(commanders) == 2 and not _pair_allowed(*commanders):
        warnings.append(
            LegalityWarning(
                "commander",
                "two commanders need a partner ability that pairs them (partner, partner "
                "with, choose a Background, Doctor's companion; CR 702.124): "
                + " and ".join(names),
                names,
            )
        )
    elif len(commanders) == 1 and _is_background(commanders[0]):
        warnings.append(
            LegalityWarning(
                "commander",
                f"a Background is a commander only with a 'choose a Background' commander "
                f"(CR 702.124k): {names[0]}",
                names,
            )
        )
    return warnings
