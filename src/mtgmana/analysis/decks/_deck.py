"""A real deck: a decklist resolved against the card database.

:class:`Deck` is a decklist (:mod:`mtgmana.analysis.decklists`) resolved against the card database,
with the :class:`~mtgmana.analysis.roles.CardRole` of each card (:class:`DeckCard`):
the main deck, the sideboard, the commander(s) and a companion. It knows its shape
(size, lands, the format it suggests, CR 903.5a), the colors its spells need
(:func:`deck_colors`) and its commanders' color identity (CR 903.4); what the
analysis finds about it is :func:`mtgmana.analysis.summary.analyze`'s.

>>> deck = Deck.parse("4 Llanowar Elves\\n4 Growth Spiral\\n16 Forest\\n8 Island\\n28 Opt")
>>> deck.size, deck.lands, deck.colors, deck.format
(60, 24, 'UG', 'constructed')
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from ...cards import Card, CardDatabase, Layout, default_database
from ...colors import Color
from ...errors import NEWER_CARDS, unknown_card_message
from ...symbols import SymbolKind
from ..decklists import Decklist, SkippedCard
from ..karsten import HAND_SIZE, MAX_DECK_SIZE
from ..roles import CardRole, role_of, unknown_role
from ._base import DeckError

__all__ = [
    "COLOR_LETTERS",
    "Deck",
    "DeckCard",
    "deck_colors",
    "example_text",
    "skipped_note",
    "spell_items",
]

COLOR_LETTERS: Final = "WUBRG"
_EXAMPLE: Final = "example-deck.txt"
_COMMANDER_DECK: Final = 100  # CR 903.5a
_LIMITED_BELOW: Final = 50


# -- the deck ----------------------------------------------------------------------


@dataclass(frozen=True)
class DeckCard:
    """A card of a deck section with its number of copies, its role and the lines
    of the decklist that list it."""

    card: Card
    count: int
    role: CardRole
    lines: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        return self.card.name


@dataclass(frozen=True)
class Deck:
    """A resolved deck: the main deck (the library, CR 103.1), the sideboard, the
    commander(s) (in the command zone, CR 903.6) and a companion (outside the game,
    CR 702.139)."""

    main: tuple[DeckCard, ...]
    sideboard: tuple[DeckCard, ...] = ()
    commander: tuple[DeckCard, ...] = ()
    companion: tuple[DeckCard, ...] = ()
    name: str | None = None
    skipped: tuple[SkippedCard, ...] = ()
    """Decklist lines whose card the database doesn't know, left out of the analysis
    by ``skip_unknown`` (the main deck's stay in :attr:`main` as nonland cards of
    unknown cost: :func:`~mtgmana.analysis.roles.unknown_role`)."""

    @classmethod
    def parse(
        cls, text: str, *, database: CardDatabase | None = None, skip_unknown: bool = False
    ) -> Deck:
        """Read and resolve a decklist (:meth:`Decklist.parse`,
        :meth:`Decklist.resolve`; see :meth:`from_decklist` for ``skip_unknown``)."""
        return cls.from_decklist(Decklist.parse(text), database=database, skip_unknown=skip_unknown)

    @classmethod
    def from_decklist(
        cls,
        decklist: Decklist,
        *,
        database: CardDatabase | None = None,
        skip_unknown: bool = False,
    ) -> Deck:
        """Resolve a :class:`Decklist`; copies of a card on several lines merge. A
        commander listed in the main deck too, in a list that has 100 cards without
        that copy, is the commander only (CR 903.5a).

        Unknown card names raise a :class:`~mtgmana.analysis.decklists.DecklistError`
        naming them all, unless ``skip_unknown``: they are then listed in
        :attr:`skipped`, and those of
        the main deck count as nonland cards of unknown cost (in the library, never
        cast, in no spell's report, curve or average mana value).

        >>> deck = Deck.parse("Commander\\n1 Tatyova, Benthic Druid\\n\\n1 Tatyova, Benthic Druid"
        ...                   "\\n40 Forest\\n59 Opt")
        >>> deck.size, deck.deck_size, [c.name for c in deck.commander]
        (99, 100, ['Tatyova, Benthic Druid'])
        >>> deck = Deck.parse("20 Forest\\n38 Opt\\n2 Doctor Doooom", skip_unknown=True)
        >>> deck.size, [(s.name, s.count) for s in deck.skipped], [s.name for s in deck.spells]
        (60, [('Doctor Doooom', 2)], ['Opt'])
        """
        if skip_unknown:
            resolved, skipped = decklist.resolve_known(database)
        else:
            resolved, skipped = decklist.resolve(database), ()
        sections: dict[str, dict[str, DeckCard]] = {}
        for item in resolved:
            cards = sections.setdefault(item.entry.section, {})
            old = cards.get(item.card.name)
            if old is None:
                cards[item.card.name] = DeckCard(
                    item.card, item.count, role_of(item.card), (item.entry.line,)
                )
            else:
                cards[item.card.name] = replace(
                    old, count=old.count + item.count, lines=(*old.lines, item.entry.line)
                )

        main, commanders = sections.setdefault("main", {}), sections.get("commander", {})
        _add_unknown(main, skipped)
        listed = sum(c.count for c in main.values()) + sum(c.count for c in commanders.values())
        twice = [name for name in commanders if name in main]
        if twice and listed - len(twice) == _COMMANDER_DECK:
            for name in twice:
                old = main[name]
                if old.count == 1:
                    del main[name]
                else:
                    main[name] = replace(old, count=old.count - 1)

        def part(name: str) -> tuple[DeckCard, ...]:
            return tuple(sections.get(name, {}).values())

        return cls(
            part("main"),
            part("sideboard"),
            part("commander"),
            part("companion"),
            decklist.name,
            skipped,
        )

    @classmethod
    def example(cls) -> Deck:
        """The example deck shipped with mtgmana (a Simic ramp deck: duals, a fetch
        land, taplands, two kinds of mana dorks and a rock)."""
        return cls.parse(example_text())

    @property
    def size(self) -> int:
        """Cards in the main deck: the library at the start of the game."""
        return sum(c.count for c in self.main)

    @property
    def deck_size(self) -> int:
        """The deck's size as its format counts it: the main deck and the commander(s)
        (a Commander deck is exactly 100 cards, its commander included, CR 903.5a).
        The companion is outside the deck (CR 702.139a); :attr:`size` is the library.

        >>> Deck.parse("Commander\\n1 Tatyova, Benthic Druid\\n\\n40 Forest\\n59 Opt").deck_size
        100
        """
        return self.size + sum(c.count for c in self.commander)

    @property
    def lands(self) -> int:
        """Cards in the main deck whose front face is a land."""
        return sum(c.count for c in self.main if c.role.is_land)

    @property
    def mdfc_lands(self) -> int:
        """Main-deck modal double-faced cards with a spell front and a land back
        (CR 712.3, e.g. Emeria's Call // Emeria, Shattered Skyclave): not in
        :attr:`lands`, playable as one.

        >>> Deck.parse("2 Emeria's Call\\n20 Plains\\n38 Savannah Lions").mdfc_lands
        2
        """
        return sum(
            c.count
            for c in self.main
            if not c.role.is_land
            and c.card.layout is Layout.MODAL_DFC
            and any("Land" in face.type_line.split("—")[0] for face in c.card.faces[1:])
        )

    @property
    def format(self) -> str:
        """The format the deck's shape suggests: a commander, or a 99- or 100-card
        main deck, is ``"commander"`` (CR 903.5a); fewer than 50 cards is
        ``"limited"``; else ``"constructed"``."""
        if self.commander or self.size in (_COMMANDER_DECK - 1, _COMMANDER_DECK):
            return "commander"
        return "limited" if self.size < _LIMITED_BELOW else "constructed"

    @property
    def spells(self) -> tuple[DeckCard, ...]:
        """The nonland cards whose castability is reported: the main deck's, then
        the commander's and the companion's (cast from outside the library)."""
        return tuple(
            c
            for c in (*self.main, *self.commander, *self.companion)
            if not c.role.is_land and not c.role.is_unknown
        )

    @property
    def colors(self) -> str:
        """The colors the deck's spells need, in WUBRG order
        (:func:`deck_colors`: hybrid, Phyrexian and {2/W} symbols add
        none on their own)."""
        return deck_colors(self)

    @property
    def commander_colors(self) -> Color | None:
        """The commanders' color identity (CR 903.4), ``None`` without a commander."""
        if not self.commander:
            return None
        identity = Color(0)
        for item in self.commander:
            identity |= item.card.color_identity
        return identity

    @property
    def commander_rules(self) -> bool:
        """Commander rules for the models: a commander, or a 99- or 100-card deck."""
        return bool(self.commander) or self.size in (99, 100)

    def card(self, name: str) -> DeckCard:
        """The main-deck card called ``name``."""
        key = name.casefold()
        for item in (*self.main, *self.commander, *self.companion):
            if item.name.casefold() == key:
                return item
        raise DeckError(f"{name!r} is not in the deck")

    def with_changes(
        self, changes: Mapping[str, int], *, database: CardDatabase | None = None
    ) -> Deck:
        """The deck with cards added (positive) or removed (negative) from the main
        deck, by name.

        >>> deck = Deck.parse("20 Forest\\n40 Grizzly Bears")
        >>> deck.with_changes({"Forest": -1, "Island": 1}).lands
        20
        """
        db = default_database() if database is None else database
        cards = {c.name: c for c in self.main}
        for name, delta in changes.items():
            card = db.get(name)
            if card is None:
                message = unknown_card_message(name, db.suggest(name, 3))
                raise DeckError(f"{message} ({NEWER_CARDS})")
            old = cards.get(card.name)
            count = (0 if old is None else old.count) + delta
            if count < 0:
                have = 0 if old is None else old.count
                raise DeckError(f"can't remove {-delta} {card.name}: the deck has {have}")
            if count == 0:
                cards.pop(card.name, None)
            elif old is None:
                cards[card.name] = DeckCard(card, count, role_of(card))
            else:
                cards[card.name] = replace(old, count=count)
        return replace(self, main=tuple(cards.values()))

    def check(self) -> None:
        """Raise :class:`DeckError` unless the deck can be analyzed: cards in the
        main deck, at least 7 (an opening hand), at most
        :data:`~mtgmana.analysis.karsten.MAX_DECK_SIZE`, some lands."""
        size, lands = self.size, self.lands
        if size == 0:
            raise DeckError(
                "the deck is empty: no cards in the main deck (a line such as '4 Lightning "
                "Bolt' adds four)"
            )
        if size < HAND_SIZE:
            raise DeckError(
                f"a {size}-card deck can't draw an opening hand of {HAND_SIZE} (CR 103.5)"
            )
        if size > MAX_DECK_SIZE:
            raise DeckError(f"a {size}-card deck is beyond the limit of {MAX_DECK_SIZE}")
        if lands == 0:
            raise DeckError(
                f"the deck has no lands ({size} cards, none of them a land): Karsten's model "
                "and the simulation need lands to make mana"
            )


def skipped_note(skipped: Iterable[SkippedCard]) -> str:
    """What the analysis did with the unknown cards it left out, in one sentence.

    >>> print(skipped_note([SkippedCard(3, "Doctor Doom", 1, "main")]))
    1 unknown card left out (newer cards come with `mtgmana cards update`): the main deck's 1 ...
    """
    found = tuple(skipped)
    copies = sum(u.count for u in found)
    main = sum(u.count for u in found if u.section == "main")
    text = f"{copies} unknown card{'s' if copies != 1 else ''} left out ({NEWER_CARDS})"
    if main:
        text += (
            f": the main deck's {main} count as nonland cards of unknown cost (in the library, "
            "never cast, not in the curve or the average mana value)"
        )
    return text


def _add_unknown(main: dict[str, DeckCard], skipped: Iterable[SkippedCard]) -> None:
    """The main deck's unknown cards, as nonland cards of unknown cost (copies of a
    name on several lines merge)."""
    for unknown in skipped:
        if unknown.section != "main":
            continue
        key = "\0" + unknown.name.casefold()  # never a known card's name
        old = main.get(key)
        if old is None:
            role = unknown_role(unknown.name)
            main[key] = DeckCard(role.card, unknown.count, role, (unknown.line,))
        else:
            lines = (*old.lines, unknown.line)
            main[key] = replace(old, count=old.count + unknown.count, lines=lines)


def example_text() -> str:
    """The text of the example decklist shipped with mtgmana."""
    resource = importlib.resources.files("mtgmana") / "data" / _EXAMPLE
    return resource.read_text(encoding="utf-8")


def spell_items(deck: Deck) -> list[tuple[str, DeckCard]]:
    """The deck's nonland cards of known cost, each with its zone (``"main"``,
    ``"commander"``, ``"companion"``), in the deck's order."""
    zones = [("main", c) for c in deck.main if not c.role.is_land]
    zones += [("commander", c) for c in deck.commander if not c.role.is_land]
    zones += [("companion", c) for c in deck.companion if not c.role.is_land]
    return [(zone, c) for zone, c in zones if not c.role.is_unknown]  # no cost to judge


def deck_colors(deck: Deck) -> str:
    """The colors the deck's spells need, in WUBRG order: those of their colored
    symbols; a hybrid symbol adds its colors only when the deck has no other color
    (CR 107.4e: either color pays it); Phyrexian and monocolored hybrid symbols add
    none (life or generic mana pays them).

    >>> deck_colors(Deck.parse("12 Mountain\\n12 Plains\\n4 Kitchen Finks\\n4 Dismember\\n"
    ...                        "28 Lightning Helix"))
    'WR'
    """
    hard: set[str] = set()
    hybrid: set[str] = set()
    for _, item in spell_items(deck):
        for index in item.role.spell_faces or (0,):
            for symbol in item.card.faces[index].mana_cost:
                kind = symbol.kind
                if kind is SymbolKind.COLORED:
                    hard |= set(symbol.halves)
                elif kind in (SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID):
                    hybrid |= {h for h in symbol.halves if h in COLOR_LETTERS}
    found = hard or hybrid
    return "".join(c for c in COLOR_LETTERS if c in found)
