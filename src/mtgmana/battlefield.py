"""Permanents and boards: the mana sources a player has (CR 106.7, 106.12, 110, 302.6,
605).

A :class:`Permanent` is a mana source on the battlefield with its mana abilities and
state (tapped, summoning sick, counters, power, chosen color or creature type,
whether it entered this turn, controller). A :class:`Board` holds everyone's
permanents, the effects that change mana production and the state of the game that
abilities ask about (the commander's color identity, CR 903.4f; whether a land was
played this turn). It works out what each permanent "could produce" (CR 106.7, a
least fixed point: the Exotic Orchard example), whether an ability's conditions hold
(CR 602.5b) and the amounts abilities add; that work is done in
``mtgmana._board_mana`` (with :func:`matches`), the Board's methods being its API.

>>> from mtgmana.battlefield import Board, Permanent
>>> from mtgmana.abilities import ManaAbility, DynamicSlot, Choice, Production, ActivationCost
>>> orchard = ManaAbility(ActivationCost(tap=True),
...                       Production((Choice((DynamicSlot.OPPONENT_LAND_COLORS,)),)))
>>> board = Board((
...     Permanent("Forest", (ManaAbility.simple("G"),), type_line="Basic Land — Forest"),
...     Permanent("Exotic Orchard", (orchard,), type_line="Land"),
...     Permanent("Exotic Orchard", (orchard,), type_line="Land", controller="opponent"),
... ))
>>> [sorted(t.value for t in types) for types in board.could_produce()]
[['G'], ['G'], ['G']]

Permanents are usually built from card names (tokens first, then the card database
in use, :func:`mtgmana.cards.default_database`), and boards from a list of them:

>>> board = Board.parse("Swamp, 2 Tainted Field, Nykthos, Shrine to Nyx")
>>> [p.name for p in board.permanents]
['Swamp', 'Tainted Field', 'Tainted Field', 'Nykthos, Shrine to Nyx']
>>> field = board.permanents[1]
>>> [board.can_activate(1, ability) for ability in field.abilities]   # "if you control a Swamp"
[True, True]
>>> Board.parse("Tainted Field").can_activate(0, field.abilities[1])
False
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Final

from . import _board_mana
from ._board_mana import matches
from ._board_text import parse_names
from ._repr import compact_repr
from .abilities import (
    Condition,
    DynamicSlot,
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PermanentFilter,
    bind_chosen_type,
)
from .ability_text import mana_of
from .cards import Card, default_database
from .cards.default import when_changed
from .colors import COLORLESS, Color
from .costs import NO_MANA_COST, ManaCost
from .effects import (
    CHOSEN_NAME,
    ContinuousEffect,
    apply_layers,
    bind_chosen_name,
    names_chosen,
)
from .errors import MAX_NAME_LENGTH, MtgManaError, NameTooLong, UnknownCardError
from .mana import ManaType
from .restrictions import parse_type_line
from .tokens import token

__all__ = ["Board", "Permanent", "matches"]

_COLORED = frozenset(t for t in ManaType if t is not ManaType.C)
_STATE: Final = frozenset(
    {
        "controller", "tapped", "summoning_sick", "counters", "chosen_color", "attached_to",
        "power", "entered_this_turn", "chosen_type", "chosen_colors", "notes", "timestamp",
        "zone", "toughness", "imprinted", "keywords", "designations", "chosen_name",
    }
)  # fmt: skip
"""The fields :meth:`Permanent.from_card` and :meth:`Permanent.named` take as state."""
_UNNAMED: Final = " (the name chosen for it isn't given: chosen_name)"


@dataclass(frozen=True)
class Permanent:
    """A permanent on the battlefield, as far as mana is concerned.

    ``abilities`` are its activated mana abilities; ``triggers`` and
    ``replacements`` the triggered mana abilities (CR 605.1b) and replacement
    effects (CR 106.12b, 614) it has, which apply to the permanents they name.
    ``counters`` is the number of counters of the kind its abilities use (storage,
    charge, luck, ...); ``power`` its power (a creature's; the card data has none,
    so give it); ``chosen_type`` the creature type chosen as it entered (Cavern of
    Souls: its abilities' :data:`~mtgmana.abilities.CHOSEN_TYPE` becomes that type; a
    basic land type chosen for Multiversal Passage or Convincing Mirage becomes the
    type its static ability gives);
    ``chosen_colors`` the colors chosen for it (Cryptic Spires' circled colors;
    ``"WU"`` is accepted). ``entered_this_turn`` is independent of
    ``summoning_sick`` (a creature with haste).
    """

    name: str
    abilities: tuple[ManaAbility, ...] = ()
    type_line: str = ""
    mana_cost: ManaCost = NO_MANA_COST
    colors: Color = COLORLESS
    controller: str = "you"
    tapped: bool = False
    summoning_sick: bool = False
    counters: int = 0
    chosen_color: ManaType | None = None
    attached_to: int | None = None
    """The id on the board (see :attr:`Board.ids`; the index, for a board built in
    order) of the permanent this Aura or Equipment is attached to (Wild Growth)."""
    token: bool = False
    triggers: tuple[ManaTrigger, ...] = ()
    replacements: tuple[ManaReplacement, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)
    power: int = 0
    entered_this_turn: bool = False
    chosen_type: str | None = None
    chosen_colors: frozenset[ManaType] = frozenset()
    _unbound: tuple[Any, ...] = field(init=False, repr=False, compare=False)
    """The abilities, triggers and replacements before the chosen type was bound."""
    statics: tuple[ContinuousEffect, ...] = ()
    """The continuous effects its static abilities generate (CR 604, 611.3, 613):
    Urborg's "each land is a Swamp", Chromatic Lantern's granted ability."""
    timestamp: int | None = None
    """Its timestamp (CR 613.7): when it entered the battlefield, relative to the
    others; ``None``: its id on the board (the order the board lists them in)."""
    zone: str = "battlefield"
    """Where it is: ``"battlefield"``, or ``"hand"`` for a card whose mana ability
    works from a hand (Simian Spirit Guide: "Exile this card from your hand")."""
    unsupported: tuple[str, ...] = field(default=(), compare=False)
    """What on it changes mana and isn't modelled (its text and why): a board with
    such a permanent is refused by the tapper unless the answer may be partial."""
    toughness: int = 0
    """Its toughness (a creature's; the card data has none, so give it): Vhal."""
    imprinted: bool = False
    """Whether a card is exiled with it (Ugin's Labyrinth's imprint)."""
    keywords: frozenset[str] = frozenset()
    """Its keyword abilities that abilities ask about, in lower case ("defender":
    Axebane Guardian counts creatures with defender); :meth:`from_card` reads its
    card's."""
    designations: frozenset[str] = frozenset()
    """The designations it has that abilities ask about ("renowned", CR 702.112b)."""
    chosen_name: str | None = None
    """The card name chosen for it as it entered (Alpine Moon: its effect applies to
    the lands with that name; without one, the permanent says it isn't modelled)."""
    origin: str = field(default="", repr=False, compare=False, kw_only=True)
    """The name :meth:`named` built it from ("" otherwise): its ``repr`` rebuilds it
    with that name when its abilities are still the card's."""
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        if self.zone not in ("battlefield", "hand"):
            raise MtgManaError(f"zone must be 'battlefield' or 'hand', not {self.zone!r}")
        if self.controller not in ("you", "opponent"):
            raise MtgManaError(f"controller must be 'you' or 'opponent', not {self.controller!r}")
        if not isinstance(self.counters, int) or self.counters < 0:
            raise MtgManaError("a permanent can't have a negative number of counters")
        for name in ("power", "toughness"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise MtgManaError(f"{name} must be a whole number, not {value!r}")
        keywords: Any = self.keywords
        if isinstance(keywords, str) or not all(isinstance(k, str) for k in keywords):
            raise MtgManaError(f"keywords must be a set of strings, not {keywords!r}")
        object.__setattr__(self, "keywords", frozenset(k.lower() for k in keywords))
        designations: Any = self.designations
        if isinstance(designations, str) or not all(isinstance(d, str) for d in designations):
            raise MtgManaError(f"designations must be a set of strings, not {designations!r}")
        object.__setattr__(self, "designations", frozenset(designations))
        chosen_color: Any = self.chosen_color
        if isinstance(chosen_color, str):  # "W": the letter of the color chosen
            try:
                chosen_color = ManaType.parse(chosen_color)
            except ValueError as error:
                raise MtgManaError(f"bad chosen color {self.chosen_color!r}: {error}") from None
            object.__setattr__(self, "chosen_color", chosen_color)
        if chosen_color is not None and chosen_color not in _COLORED:
            raise MtgManaError(f"the chosen color must be a color, not {self.chosen_color!r}")
        chosen_colors: Any = self.chosen_colors
        if isinstance(chosen_colors, str):
            try:
                chosen_colors = frozenset(ManaType.parse(c) for c in chosen_colors)
            except ValueError as error:
                raise MtgManaError(f"bad chosen colors {self.chosen_colors!r}: {error}") from None
            object.__setattr__(self, "chosen_colors", chosen_colors)
        if not isinstance(chosen_colors, frozenset) or not chosen_colors <= _COLORED:
            raise MtgManaError(f"chosen colors must be colors, not {self.chosen_colors!r}")
        object.__setattr__(
            self, "_unbound", (self.abilities, self.triggers, self.replacements, self.statics)
        )
        object.__setattr__(self, "_hash", 0)
        unsupported = tuple(u for u in self.unsupported if not u.endswith(_UNNAMED))
        if self.chosen_name is not None:
            if not isinstance(self.chosen_name, str) or not self.chosen_name.strip():
                raise MtgManaError(f"the chosen name must be a card name, not {self.chosen_name!r}")
            object.__setattr__(self, "statics", bind_chosen_name(self.statics, self.chosen_name))
        elif names_chosen(self.statics):
            unsupported += tuple(
                dict.fromkeys(
                    (e.text or repr(e)) + _UNNAMED
                    for e in self.statics
                    if e.affects.name == CHOSEN_NAME
                )
            )
        object.__setattr__(self, "unsupported", unsupported)
        if self.chosen_type is not None:
            if not isinstance(self.chosen_type, str) or not self.chosen_type.strip():
                raise MtgManaError(
                    f"the chosen type must be a creature type, not {self.chosen_type!r}"
                )
            for name in ("abilities", "triggers", "replacements", "statics"):
                value = getattr(self, name)
                object.__setattr__(self, name, bind_chosen_type(value, self.chosen_type))

    @classmethod
    def from_card(cls, card: Card, *, face: int | str = 0, **state: Any) -> Permanent:
        """The permanent a card's face (the front by default, CR 712.14) is: its
        mana abilities read by :func:`~mtgmana.ability_text.mana_of`, type line,
        mana cost and colors, and the given ``state`` (``tapped=True``,
        ``counters=3``, ``chosen_type="Elf"``, ``power=2``, ...). Abilities that
        can't be modelled are listed in ``notes`` and ``unsupported``: the tapper
        then refuses a board holding it, unless a partial answer is asked for.

        >>> from mtgmana.cards import lookup
        >>> chalice = Permanent.from_card(lookup("Everflowing Chalice"), counters=2)
        >>> str(chalice.abilities[0].production)
        '{C} for each of own counters'
        >>> Permanent.from_card(lookup("Food Chain")).unsupported
        ("Exile a creature you control: Add X mana of any one color, where X is 1 plus ...
        """
        if not isinstance(card, Card):
            raise MtgManaError(f"from_card needs a Card, not {card!r}")
        _check_state(state)
        face_index = card.face_index(face)
        chosen = card.faces[face_index]
        mana = mana_of(card, face)
        statics = mana.statics
        notes = mana.notes + tuple(
            f"unsupported mana ability ({reason}): {text}" for text, reason in mana.unsupported
        )
        state["notes"] = notes + tuple(state.get("notes", ()))
        state.setdefault("keywords", mana.keywords)
        return cls(
            chosen.name,
            mana.abilities,
            type_line=chosen.type_line,
            mana_cost=chosen.mana_cost,
            colors=chosen.colors,
            triggers=mana.triggers,
            replacements=mana.replacements,
            statics=statics,
            unsupported=tuple(f"{text} ({reason})" for text, reason in mana.unsupported),
            origin=card.name if face_index == 0 else "",
            **state,
        )

    @classmethod
    def named(cls, name: str, **state: Any) -> Permanent:
        """The permanent called ``name``: a mana token (:mod:`mtgmana.tokens`:
        Treasure, Gold, Powerstone, Eldrazi Spawn and Scion) or else a card of the
        card database in use (:func:`~mtgmana.cards.default_database`; see
        :meth:`from_card`), with the given ``state``. Raises
        :class:`~mtgmana.UnknownCardError` with suggestions for unknown names.

        >>> treasure = Permanent.named("Treasure")
        >>> treasure.token, treasure.type_line
        (True, 'Token Artifact — Treasure')
        >>> Permanent.named("Llanowar Elves", summoning_sick=True).summoning_sick
        True
        >>> Permanent.named("Forrest")
        Traceback (most recent call last):
        ...
        mtgmana.errors.UnknownCardError: unknown card name 'Forrest'; did you mean 'Forest'...
        """
        if not isinstance(name, str):
            raise UnknownCardError(repr(name), [])
        database = default_database()
        if len(name) > MAX_NAME_LENGTH and database.get(name) is None:
            raise NameTooLong(name)  # not matched for suggestions: too slow and no use
        try:
            item = token(name)
        except UnknownCardError as missing:
            card = database.get(name)
            if card is None:
                suggestions = list(dict.fromkeys(missing.suggestions + database.suggest(name)))
                raise UnknownCardError(name, suggestions) from None
            return cls.from_card(card, **state)
        _check_state(state)
        power, _, toughness = item.power_toughness.partition("/")
        state.setdefault("power", int(power) if power.isdigit() else 0)
        state.setdefault("toughness", int(toughness) if toughness.isdigit() else 0)
        state["notes"] = item.mana.notes + tuple(state.get("notes", ()))
        return cls(
            item.name,
            item.mana.abilities,
            type_line=item.type_line,
            token=True,
            triggers=item.mana.triggers,
            replacements=item.mana.replacements,
            origin=name,
            **state,
        )

    @cached_property
    def _types(self) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        return parse_type_line(self.type_line)

    @property
    def supertypes(self) -> frozenset[str]:
        return self._types[0]

    @property
    def card_types(self) -> frozenset[str]:
        return self._types[1]

    @property
    def subtypes(self) -> frozenset[str]:
        return self._types[2]

    @property
    def is_snow(self) -> bool:
        """Snow permanents make snow mana (CR 107.4h)."""
        return "Snow" in self.supertypes

    @property
    def is_legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.card_types

    @property
    def is_land(self) -> bool:
        return "Land" in self.card_types

    def with_state(self, **changes: object) -> Permanent:
        """The same permanent with other state (``tapped=True``, ...); a new
        ``chosen_type`` replaces the old one in its abilities.

        >>> cavern = Permanent.named("Cavern of Souls", chosen_type="Elf")
        >>> cavern.with_state(chosen_type="Goblin").abilities[1].restriction.text
        'only to cast Goblin creature spells'
        """
        if {"chosen_type", "chosen_name"} & set(changes) and not {
            "abilities", "triggers", "replacements", "statics"
        } & set(changes):  # fmt: skip
            abilities, triggers, replacements, statics = self._unbound
            unbound = dict(
                abilities=abilities, triggers=triggers, replacements=replacements, statics=statics
            )
            changes = unbound | changes
        return replace(self, **changes)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return self.name

    def __hash__(self) -> int:
        # Computed once: boards are compiled by permanent, so this is hashed often.
        if not self._hash:
            value = hash(
                (
                    self.name,
                    self.abilities,
                    self.type_line,
                    self.mana_cost,
                    self.colors,
                    *(getattr(self, name) for name in _HASHED_STATE),
                )
            )
            object.__setattr__(self, "_hash", value or 1)
        return self._hash

    def __repr__(self) -> str:
        """One line that rebuilds the permanent: ``Permanent.named('Forest',
        tapped=True)`` for one made from a card's name, else its constructor call
        with the fields that aren't their defaults."""
        if self.origin:
            default = _named_default(self.origin)
            if default is not None and default._unbound == self._unbound:
                state = [
                    f"{name}={getattr(self, name)!r}"
                    for name in sorted(_STATE - {"notes"})
                    if getattr(self, name) != getattr(default, name)
                ]
                return f"Permanent.named({', '.join([repr(self.origin), *state])})"
        return compact_repr(self, positional=("name",))


_HASHED_STATE: Final = (
    "controller", "tapped", "summoning_sick", "counters", "chosen_color", "attached_to",
    "token", "triggers", "replacements", "power", "entered_this_turn", "chosen_type",
    "chosen_colors", "statics", "timestamp", "zone", "toughness", "imprinted", "keywords",
    "designations", "chosen_name",
)  # fmt: skip


@functools.lru_cache(maxsize=512)
def _named_default(name: str) -> Permanent | None:
    try:
        return Permanent.named(name)
    except MtgManaError:
        return None


when_changed(_named_default.cache_clear)  # found by name in the card database in use


def _check_state(state: dict[str, Any]) -> None:
    unknown = sorted(set(state) - _STATE)
    if unknown:
        raise MtgManaError(
            f"not a permanent's state: {', '.join(unknown)} (use {', '.join(sorted(_STATE))})"
        )


@dataclass(frozen=True)
class Board:
    """Everyone's permanents, effects not tied to a permanent (Pale Moon), and the
    state of the game abilities ask about: each player's commander's color identity
    (``None``: no commander, so "a color in your commander's color identity" is
    undefined and the ability adds no mana, CR 903.4f, 106.5) and whether they
    played a land this turn (River of Tears)."""

    permanents: tuple[Permanent, ...]
    effects: tuple[ManaTrigger | ManaReplacement, ...] = ()
    commander_colors: Color | None = None
    land_played: bool = False
    opponent_commander_colors: Color | None = None
    opponent_land_played: bool = False
    graveyard: int = 0
    """How many cards are in your graveyard (what a spell's delve may exile, CR
    702.66a, and costs that exile from it); at least ``graveyard_cards``."""
    graveyard_cards: tuple[str, ...] = ()
    """The names of the cards in your graveyard, when amounts look at them (Crypt of
    Agadeem: black creature cards)."""
    energy: int = 0
    """Your energy counters (CR 122.1): what {E} costs may pay."""
    hand: int = 7
    """How many cards are in your hand (what discarding costs may discard)."""
    life: int | None = None
    """Your life total, when amounts or conditions look at it (the tapper's
    ``life=`` is what it may pay; this one defaults to it)."""
    facts: frozenset[str] = frozenset()
    """Other facts of the game that abilities ask about: "your turn", "max speed",
    "monarch", "initiative", "city's blessing"... (:data:`mtgmana.abilities.FACTS`)."""
    life_gained: int = 0
    """How much life you gained this turn (Accomplished Alchemist)."""
    cards_drawn: int = 0
    """How many cards you've drawn this turn (Kydele, Chosen of Kruphix)."""
    ids: tuple[int, ...] = ()
    """Each permanent's id: what plans, mana sources (CR 106.3) and the board's
    changes (:meth:`tap`, :meth:`remove`, ...) name it by. By default its index, so a
    board built from a list names each permanent by its place in that list; ids stay
    when other permanents leave (``()``: the indexes)."""
    next_id: int = field(default=0, repr=False, compare=False)
    """The id :meth:`add` gives next: more than every id the board has had, so an id
    is never given again after its permanent left (at least one more than the
    largest id)."""
    _index: dict[int, int] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        permanents = self.permanents
        if not isinstance(permanents, tuple):
            object.__setattr__(self, "permanents", tuple(permanents))
            permanents = self.permanents
        for index, permanent in enumerate(permanents):
            if not isinstance(permanent, Permanent):
                raise MtgManaError(f"board entry {index} is not a Permanent: {permanent!r}")
        if not self.ids:
            object.__setattr__(self, "ids", tuple(range(len(permanents))))
        ids = self.ids
        if len(ids) != len(permanents) or any(
            not isinstance(i, int) or isinstance(i, bool) or i < 0 for i in ids
        ):
            raise MtgManaError("a board needs one id (a whole number 0 or more) per permanent")
        by_id = {identifier: i for i, identifier in enumerate(ids)}
        if len(by_id) != len(ids):
            raise MtgManaError("two permanents on a board can't share an id")
        object.__setattr__(self, "_index", by_id)
        if ids and self.next_id <= max(ids):
            object.__setattr__(self, "next_id", max(ids) + 1)
        for permanent in permanents:
            target = permanent.attached_to
            if target is not None and target not in by_id:
                raise MtgManaError(f"{permanent.name} is attached to no permanent ({target})")
        for name in ("graveyard", "energy", "hand", "life_gained", "cards_drawn"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise MtgManaError(f"{name} must be a whole number 0 or more, not {value!r}")
        if len(self.graveyard_cards) > self.graveyard:
            object.__setattr__(self, "graveyard", len(self.graveyard_cards))
        for name in ("commander_colors", "opponent_commander_colors"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Color):
                raise MtgManaError(f"{name} must be a Color or None, not {value!r}")

    def __repr__(self) -> str:
        text = compact_repr(self, positional=("permanents",))
        if self.ids == tuple(range(len(self.ids))):
            text = text.replace(f", ids={self.ids!r}", "")
        return text

    # -- ids and changes -----------------------------------------------------------

    def index_of(self, identifier: int) -> int:
        """The index in :attr:`permanents` of the permanent with this id."""
        found = self._index.get(identifier) if isinstance(identifier, int) else None
        if found is None:
            raise MtgManaError(f"no permanent with id {identifier!r} on the board")
        return found

    def permanent(self, identifier: int) -> Permanent:
        """The permanent with this id."""
        return self.permanents[self.index_of(identifier)]

    def add(self, permanent: Permanent) -> Board:
        """The board with ``permanent`` added, under a new id (:attr:`next_id`: never
        one a permanent had before); :attr:`ids` ``[-1]`` of the result is its id.

        >>> board = Board.parse("Forest, Sol Ring").remove(1).add(Permanent.named("Island"))
        >>> board.ids, [p.name for p in board.permanents]
        ((0, 2), ['Forest', 'Island'])
        """
        if not isinstance(permanent, Permanent):
            raise MtgManaError(f"not a Permanent: {permanent!r}")
        new_id = self.next_id
        return replace(
            self,
            permanents=(*self.permanents, permanent),
            ids=(*self.ids, new_id),
            next_id=new_id + 1,
        )

    def remove(self, identifier: int) -> Board:
        """The board without the permanent with this id (it left the battlefield);
        the others keep their ids, and what was attached to it is no longer."""
        index = self.index_of(identifier)
        permanents = [
            p.with_state(attached_to=None) if p.attached_to == identifier else p
            for i, p in enumerate(self.permanents)
            if i != index
        ]
        ids = self.ids[:index] + self.ids[index + 1 :]
        return replace(self, permanents=tuple(permanents), ids=ids)

    def changed(self, identifier: int, **state: object) -> Board:
        """The board with the permanent of this id in another state (``tapped=True``,
        ``counters=2``, ...; see :meth:`Permanent.with_state`)."""
        index = self.index_of(identifier)
        permanents = list(self.permanents)
        permanents[index] = permanents[index].with_state(**state)
        return replace(self, permanents=tuple(permanents))

    def tap(self, identifier: int) -> Board:
        """The board with the permanent of this id tapped."""
        return self.changed(identifier, tapped=True)

    def untap(self, identifier: int) -> Board:
        """The board with the permanent of this id untapped."""
        return self.changed(identifier, tapped=False)

    @cached_property
    def has_mana_effects(self) -> bool:
        """Whether anything on the board changes other permanents' mana: triggered
        mana abilities (CR 605.1b), replacement effects (CR 106.12b), board effects."""
        return bool(self.effects) or any(p.triggers or p.replacements for p in self.permanents)

    @cached_property
    def effective(self) -> Board:
        """The board with every continuous effect applied (CR 613: Urborg's Swamps,
        Blood Moon's Mountains, Chromatic Lantern's granted ability; see
        :mod:`mtgmana.effects`): what the permanents are and can do now. The board
        itself when no continuous effect is on it.

        >>> from mtgmana.abilities import ANY_COLOR, Choice, Production, ActivationCost
        >>> from mtgmana.effects import ContinuousEffect, Layer
        >>> any_color = ManaAbility(ActivationCost(tap=True), Production((Choice((ANY_COLOR,)),)),
        ...                         text="{T}: Add one mana of any color.")
        >>> lands = PermanentFilter(card_types=frozenset({"Land"}))
        >>> lantern = Permanent.named("Chromatic Lantern").with_state(
        ...     statics=(ContinuousEffect(lands, Layer.ABILITY, grants=(any_color,)),))
        >>> board = Board((Permanent.named("Plains"), lantern))
        >>> [str(a) for a in board.effective.permanents[0].abilities]
        ['{T}: Add {W}.', '{T}: Add one mana of any color.']
        """
        return apply_layers(self)

    @cached_property
    def unsupported(self) -> tuple[tuple[int, str, str], ...]:
        """The permanents whose mana-relevant text isn't modelled: (id, name, what
        and why), for every player (an opponent's Blood Moon matters too)."""
        return tuple(
            (identifier, p.name, reason)
            for identifier, p in zip(self.ids, self.permanents, strict=True)
            for reason in p.unsupported
        )

    @classmethod
    def parse(cls, text: str, *, opponent: str = "", **state: Any) -> Board:
        """A board from lists of names: ``text`` your permanents, ``opponent`` an
        opponent's, each a comma-separated list of names with an optional count
        ("Forest, 2 Tundra, Llanowar Elves"; "2x Tundra" too). Names are resolved by
        :meth:`Permanent.named`; a name with a comma ("Nykthos, Shrine to Nyx") is
        read whole. Each copy is a separate permanent. A permanent's own state goes in
        brackets after its name, as :meth:`Permanent.named` takes it (``attached_to``
        an id, ``counters``, ``power``, ``toughness``, ``chosen_color``,
        ``chosen_colors``, ``chosen_type``, ``chosen_name``; flags such as ``tapped``
        alone). ``state`` sets the board's other fields (``commander_colors=Color.G``,
        ``land_played=True``).

        >>> sprawl = Board.parse("Forest, Utopia Sprawl [attached_to=0, chosen_color=U]")
        >>> sprawl.permanents[1].attached_to, sprawl.permanents[1].chosen_color
        (0, ManaType.U)

        >>> [p.controller for p in Board.parse("Forest", opponent="2 Island").permanents]
        ['you', 'opponent', 'opponent']
        >>> Board.parse("Forest, 0 Island")
        Traceback (most recent call last):
        ...
        mtgmana.errors.MtgManaError: board item '0 Island': a count must be 1 to 1000
        """
        for value, what in ((text, "board"), (opponent, "opponent's board")):
            if not isinstance(value, str):
                raise MtgManaError(f"the {what} must be a string of names, not {value!r}")
        permanents = parse_names(text, "you", Permanent.named) + parse_names(
            opponent, "opponent", Permanent.named
        )
        try:
            return cls(tuple(permanents), **state)
        except TypeError as error:
            raise MtgManaError(f"bad board state: {error}") from None

    def with_state(self, **changes: object) -> Board:
        """The same board with other state (``land_played=True``, ...)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def of(cls, *permanents: Permanent | Iterable[Permanent]) -> Board:
        """A board of these permanents (iterables are flattened)."""
        items: list[Permanent] = []
        for item in permanents:
            if isinstance(item, Permanent):
                items.append(item)
            else:
                items.extend(item)
        return cls(tuple(items))

    def yours(self) -> list[tuple[int, Permanent]]:
        """Your permanents with their indexes."""
        return [(i, p) for i, p in enumerate(self.permanents) if p.controller == "you"]

    # -- what permanents could produce (CR 106.7) -----------------------------------

    def triggers_for(self, index: int) -> list[ManaTrigger]:
        """Triggered mana abilities that trigger when permanent ``index`` is tapped
        for mana (CR 106.12a, 605.1b)."""
        return _board_mana.triggers_for(self, index)

    def trigger_sources(self, index: int) -> list[tuple[ManaTrigger, int | None]]:
        """:meth:`triggers_for` with the index of each trigger's permanent — the
        source of the mana it adds (CR 106.3) — or ``None`` for a board effect."""
        return _board_mana.trigger_sources(self, index)

    def replacements_for(self, index: int) -> list[ManaReplacement]:
        """Replacement effects that apply when permanent ``index`` is tapped for mana
        (CR 106.12b, 614)."""
        return _board_mana.replacements_for(self, index)

    def could_produce(self) -> list[frozenset[ManaType]]:
        """For each permanent, the types of mana it could produce (CR 106.7):
        what its abilities would produce if they resolved now, with replacement
        effects, ignoring whether costs could be paid. "Could produce" abilities
        (Exotic Orchard, Reflecting Pool) are resolved as a least fixed point."""
        return _board_mana.could_produce(self)

    def replaced_types(self, index: int, types: Iterable[ManaType]) -> set[ManaType]:
        """Types after "produces ... instead" replacements (Contamination, Pale Moon,
        Damping Sphere): what the permanent could produce (CR 106.7)."""
        return _board_mana.replaced_types(self, index, types)

    def resolve_slot(
        self,
        item: frozenset[ManaType] | DynamicSlot,
        index: int,
        known: Sequence[frozenset[ManaType]] | None = None,
    ) -> frozenset[ManaType]:
        """The types a slot of permanent ``index``'s ability may be, on this board."""
        return _board_mana.resolve_slot(self, item, index, known)

    def can_activate(self, index: int, ability: ManaAbility) -> bool:
        """Whether permanent ``index``'s ability may be used on this board: its
        condition holds ("Activate only if you control a Swamp", CR 602.5b; or the
        condition of its half of an "instead" pair). Costs are not checked here."""
        return _board_mana.can_activate(self, index, ability)

    def holds(self, index: int, condition: Condition) -> bool:
        """Whether ``condition`` holds for permanent ``index`` (whose "you" is its
        controller)."""
        return _board_mana.holds(self, index, condition)

    def count(self, index: int, amount_kind: str, item: PermanentFilter | None, colors: str) -> int:
        """A board-dependent amount for permanent ``index``'s ability (Gaea's Cradle,
        Cabal Coffers: permanents; Nykthos: devotion, CR 700.5; counters on it; its
        power or the greatest power, never less than zero, CR 107.1b). Without an
        :class:`~mtgmana.abilities.Amount`'s ``plus``."""
        return _board_mana.count(self, index, amount_kind, item, colors)
