"""A permanent on the battlefield, as far as mana is concerned (CR 110, 106.7, 605):
its mana abilities, triggered mana abilities and replacement effects (read from its
card by :func:`~mtgmana.ability_text.mana_of`, or a token's, :mod:`mtgmana.board.tokens`),
the continuous effects its static abilities generate, and its state (tapped,
summoning sick, counters, power, chosen color or creature type, controller).

>>> from mtgmana.board import Permanent
>>> forest = Permanent.named("Forest", tapped=True)
>>> forest, [str(a) for a in forest.abilities]
(Permanent.named('Forest', tapped=True), ['{T}: Add {G}.'])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Final

from .._repr import compact_repr
from ..ability_text import mana_of
from ..cards import Card, default_database
from ..cards.default import when_changed
from ..colors import COLORLESS, Color, ManaType
from ..costs import NO_MANA_COST, ManaCost
from ..errors import MAX_NAME_LENGTH, MtgManaError, NameTooLong, UnknownCardError
from ..restrictions import parse_type_line
from .abilities import (
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PoolDoubling,
    bind_chosen_type,
)
from .effects import (
    CHOSEN_NAME,
    ContinuousEffect,
    bind_chosen_name,
    names_chosen,
)
from .tokens import known_token, token_suggestions

__all__ = ["Permanent"]

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
    Souls: its abilities' :data:`~mtgmana.board.abilities.CHOSEN_TYPE` becomes that type; a
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
    doublings: tuple[PoolDoubling, ...] = ()
    """Its mana abilities that double the mana in your pool (Doubling Cube: CR
    605.1a, 701.10f). In a plan's steps and ``activate``, their ability indexes come
    after :attr:`abilities`: the first is ``len(abilities)``."""
    origin: str = field(default="", repr=False, compare=False, kw_only=True)
    """The name :meth:`named` built it from ("" otherwise): its ``repr`` rebuilds it
    with that name when its abilities are still the card's."""
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        self._check_state()
        self._normalize_words()
        self._normalize_chosen_colors()
        object.__setattr__(
            self, "_unbound", (self.abilities, self.triggers, self.replacements, self.statics)
        )
        object.__setattr__(self, "_hash", 0)
        self._bind_chosen_name()
        self._bind_chosen_type()

    def _check_state(self) -> None:
        """Its zone, controller, counters, power and toughness are values it can have."""
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

    def _normalize_words(self) -> None:
        """Keywords (in lower case) and designations as frozensets of strings."""
        keywords: Any = self.keywords
        if isinstance(keywords, str) or not all(isinstance(k, str) for k in keywords):
            raise MtgManaError(f"keywords must be a set of strings, not {keywords!r}")
        object.__setattr__(self, "keywords", frozenset(k.lower() for k in keywords))
        designations: Any = self.designations
        if isinstance(designations, str) or not all(isinstance(d, str) for d in designations):
            raise MtgManaError(f"designations must be a set of strings, not {designations!r}")
        object.__setattr__(self, "designations", frozenset(designations))

    def _normalize_chosen_colors(self) -> None:
        """The chosen color(s) as mana types, from their letters when given so."""
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

    def _bind_chosen_name(self) -> None:
        """Its statics bound to the name chosen for it; without one, those that need
        it listed as unsupported (anew: ``unsupported`` drops the previous ones)."""
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

    def _bind_chosen_type(self) -> None:
        """Its abilities and effects bound to the creature type chosen for it."""
        if self.chosen_type is None:
            return
        if not isinstance(self.chosen_type, str) or not self.chosen_type.strip():
            raise MtgManaError(f"the chosen type must be a creature type, not {self.chosen_type!r}")
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
            doublings=mana.doublings,
            unsupported=tuple(f"{text} ({reason})" for text, reason in mana.unsupported),
            origin=card.name if face_index == 0 else "",
            **state,
        )

    @classmethod
    def named(cls, name: str, **state: Any) -> Permanent:
        """The permanent called ``name``: a mana token (:mod:`mtgmana.board.tokens`:
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
        item = known_token(name)
        if item is None:
            card = database.get(name)
            if card is None:
                suggestions = token_suggestions(name) + database.suggest(name)
                raise UnknownCardError(name, list(dict.fromkeys(suggestions)))
            faces = [f.name.lower() for f in card.faces]
            named = name.strip().lower()
            if named != card.name.lower() and named in faces[1:]:  # a back face (CR 712)
                return replace(cls.from_card(card, face=faces.index(named), **state), origin=name)
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
    "designations", "chosen_name", "doublings",
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
