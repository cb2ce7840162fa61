"""Boards: the mana sources the players have (CR 106.7, 106.12, 110, 302.6, 605).

A :class:`Board` holds everyone's :class:`~mtgmana.board.Permanent` values, the
effects that change mana production and the state of the game that abilities ask
about (the commander's color identity, CR 903.4f; whether a land was played this
turn). It works out what each permanent "could produce" (CR 106.7, a
least fixed point: the Exotic Orchard example), whether an ability's conditions hold
(CR 602.5b) and the amounts abilities add; that work is done in
:mod:`mtgmana.board.queries` (with :func:`~mtgmana.board.queries.matches`), the
Board's methods being its API.

>>> from mtgmana.board import Board, Permanent
>>> from mtgmana.board.abilities import ManaAbility, DynamicSlot, Choice, Production, ActivationCost
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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Final

from .._repr import compact_repr
from ..colors import Color, ManaType
from ..errors import MtgManaError
from . import queries
from .abilities import (
    AmountKind,
    Condition,
    DynamicSlot,
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PermanentFilter,
)
from .layers import apply_layers
from .lists import parse_names
from .permanent import Permanent

__all__ = ["Board"]


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
    "monarch", "initiative", "city's blessing"... (:data:`mtgmana.board.abilities.FACTS`)."""
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
        self._check_permanents()
        self._index_ids()
        for permanent in self.permanents:
            target = permanent.attached_to
            if target is not None and target not in self._index:
                raise MtgManaError(f"{permanent.name} is attached to no permanent ({target})")
        self._check_counts()

    def _check_permanents(self) -> None:
        """The permanents as a tuple of :class:`Permanent`."""
        if not isinstance(self.permanents, tuple):
            object.__setattr__(self, "permanents", tuple(self.permanents))
        for index, permanent in enumerate(self.permanents):
            if not isinstance(permanent, Permanent):
                raise MtgManaError(f"board entry {index} is not a Permanent: {permanent!r}")

    def _index_ids(self) -> None:
        """One id per permanent (their indexes by default), all different, and the
        index of each; :attr:`next_id` past them all."""
        if not self.ids:
            object.__setattr__(self, "ids", tuple(range(len(self.permanents))))
        ids = self.ids
        if len(ids) != len(self.permanents) or any(
            not isinstance(i, int) or isinstance(i, bool) or i < 0 for i in ids
        ):
            raise MtgManaError("a board needs one id (a whole number 0 or more) per permanent")
        by_id = {identifier: i for i, identifier in enumerate(ids)}
        if len(by_id) != len(ids):
            raise MtgManaError("two permanents on a board can't share an id")
        object.__setattr__(self, "_index", by_id)
        if ids and self.next_id <= max(ids):
            object.__setattr__(self, "next_id", max(ids) + 1)

    def _check_counts(self) -> None:
        """The counts are whole numbers 0 or more (the graveyard at least the cards
        named in it), the commanders' colors colors."""
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
        :mod:`mtgmana.board.effects`): what the permanents are and can do now. The board
        itself when no continuous effect is on it.

        >>> from mtgmana.board.abilities import ANY_COLOR, Choice, Production, ActivationCost
        >>> from mtgmana.board.effects import ContinuousEffect, Layer
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
    def parse(
        cls, text: str, *, opponent: str = "", commander: Color | str | None = None, **state: Any
    ) -> Board:
        """A board from lists of names: ``text`` your permanents, ``opponent`` an
        opponent's, each a comma-separated list of names with an optional count
        ("Forest, 2 Tundra, Llanowar Elves"; "2x Tundra" too). Names are resolved by
        :meth:`Permanent.named`; a name with a comma ("Nykthos, Shrine to Nyx") is
        read whole. Each copy is a separate permanent. A permanent's own state goes in
        brackets after its name, as :meth:`Permanent.named` takes it (``attached_to``
        an id, ``counters``, ``power``, ``toughness``, ``chosen_color``,
        ``chosen_colors``, ``chosen_type``, ``chosen_name``; flags such as ``tapped``
        alone). ``commander`` is your commander's color identity (CR 903.4), as a
        :class:`~mtgmana.Color` or its letters (``"BRG"``, as ``--commander`` takes
        it); ``state`` sets the board's other fields (``land_played=True``). A name
        that isn't a permanent card (CR 110.4a: an instant or a sorcery can't be a
        permanent, CR 110.4) is refused.

        >>> sprawl = Board.parse("Forest, Utopia Sprawl [attached_to=0, chosen_color=U]")
        >>> sprawl.permanents[1].attached_to, sprawl.permanents[1].chosen_color
        (0, ManaType.U)

        >>> [p.controller for p in Board.parse("Forest", opponent="2 Island").permanents]
        ['you', 'opponent', 'opponent']
        >>> Board.parse("Command Tower", commander="BRG").could_produce()[0] == {
        ...     ManaType.B, ManaType.R, ManaType.G}
        True
        >>> Board.parse("Forest, 0 Island")
        Traceback (most recent call last):
        ...
        mtgmana.errors.MtgManaError: board item '0 Island': a count must be 1 to 1000
        >>> Board.parse("Lightning Bolt")
        Traceback (most recent call last):
        ...
        mtgmana.errors.MtgManaError: board item 'Lightning Bolt': Lightning Bolt is an instant, ...
        """
        for value, what in ((text, "board"), (opponent, "opponent's board")):
            if not isinstance(value, str):
                raise MtgManaError(f"the {what} must be a string of names, not {value!r}")
        if commander is not None:
            state["commander_colors"] = _identity(commander)
        permanents = parse_names(text, "you", _permanent) + parse_names(
            opponent, "opponent", _permanent
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
        return queries.triggers_for(self, index)

    def trigger_sources(self, index: int) -> list[tuple[ManaTrigger, int | None]]:
        """:meth:`triggers_for` with the index of each trigger's permanent — the
        source of the mana it adds (CR 106.3) — or ``None`` for a board effect."""
        return queries.trigger_sources(self, index)

    def replacements_for(self, index: int) -> list[ManaReplacement]:
        """Replacement effects that apply when permanent ``index`` is tapped for mana
        (CR 106.12b, 614)."""
        return queries.replacements_for(self, index)

    def could_produce(self) -> list[frozenset[ManaType]]:
        """For each permanent, the types of mana it could produce (CR 106.7):
        what its abilities would produce if they resolved now, with replacement
        effects, ignoring whether costs could be paid. "Could produce" abilities
        (Exotic Orchard, Reflecting Pool) are resolved as a least fixed point."""
        return queries.could_produce(self)

    def replaced_types(self, index: int, types: Iterable[ManaType]) -> set[ManaType]:
        """Types after "produces ... instead" replacements (Contamination, Pale Moon,
        Damping Sphere): what the permanent could produce (CR 106.7)."""
        return queries.replaced_types(self, index, types)

    def resolve_slot(
        self,
        item: frozenset[ManaType] | DynamicSlot,
        index: int,
        known: Sequence[frozenset[ManaType]] | None = None,
    ) -> frozenset[ManaType]:
        """The types a slot of permanent ``index``'s ability may be, on this board."""
        return queries.resolve_slot(self, item, index, known)

    def can_activate(self, index: int, ability: ManaAbility) -> bool:
        """Whether permanent ``index``'s ability may be used on this board: its
        condition holds ("Activate only if you control a Swamp", CR 602.5b; or the
        condition of its half of an "instead" pair). Costs are not checked here."""
        return queries.can_activate(self, index, ability)

    def holds(self, index: int, condition: Condition) -> bool:
        """Whether ``condition`` holds for permanent ``index`` (whose "you" is its
        controller)."""
        return queries.holds(self, index, condition)

    def count(
        self, index: int, amount_kind: AmountKind, item: PermanentFilter | None, colors: str
    ) -> int:
        """A board-dependent amount for permanent ``index``'s ability (Gaea's Cradle,
        Cabal Coffers: permanents; Nykthos: devotion, CR 700.5; counters on it; its
        power or the greatest power, never less than zero, CR 107.1b). Without an
        :class:`~mtgmana.board.abilities.Amount`'s ``plus``."""
        return queries.count(self, index, amount_kind, item, colors)


_PERMANENT_TYPES: Final = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)
"""The permanent types (CR 110.4)."""


def _permanent(name: str, **state: Any) -> Permanent:
    """:meth:`Permanent.named`, for a permanent card only (CR 110.4a)."""
    permanent = Permanent.named(name, **state)
    if not permanent.card_types & _PERMANENT_TYPES:
        kinds = permanent.type_line.partition("—")[0].strip().lower() or "card without a type"
        article = "an" if kinds[0] in "aeiou" else "a"
        raise MtgManaError(
            f"{name} is {article} {kinds}, not a permanent card (CR 110.4: instants "
            "and sorceries can't be permanents)"
        )
    return permanent


def _identity(commander: Color | str) -> Color:
    """A commander's color identity, given as a :class:`Color` or its letters."""
    if isinstance(commander, Color):
        return commander
    if not isinstance(commander, str):
        raise MtgManaError(f"commander takes color letters, e.g. 'WUB', not {commander!r}")
    try:
        return Color.parse(commander)
    except ValueError as error:
        raise MtgManaError(f"commander takes color letters, e.g. 'WUB': {error}") from None
