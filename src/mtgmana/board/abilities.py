"""Mana abilities (CR 605, 106.7, 106.12): what a source costs to activate and what
mana it adds.

A :class:`ManaAbility` has an :class:`ActivationCost` (``{T}``, ``{Q}``, mana, life,
sacrificing or tapping a permanent, removing counters) and a :class:`Production`:
one or more :class:`Choice` values — the ways the ability can add mana — each a
tuple of *slots*, one mana each, a slot being the set of types that mana may have.

>>> from mtgmana.board.abilities import ManaAbility
>>> str(ManaAbility.simple("WU"))
'{T}: Add {W} or {U}.'
>>> adarkar = ManaAbility.pain("C", "WU")            # Adarkar Wastes
>>> [(str(choice), choice.damage) for choice in adarkar.production.choices]
[('{C}', 0), ('{W}', 1), ('{U}', 1)]

"Could produce" (CR 106.7: Exotic Orchard, Reflecting Pool, Fellwar Stone, Gond
Gate), "the chosen color", the colors of legendary permanents (Plaza of Heroes) and
the commander's color identity (Command Tower, CR 903.4f) are :class:`DynamicSlot`
values, resolved against a board; an amount that depends on the board (Gaea's
Cradle, Cabal Coffers, devotion, counters on the permanent, its power) is an
:class:`Amount`. "Activate only if you control a Swamp" (CR 602.5b) is a
:class:`Condition` on the ability; "If ..., add ... instead" is two abilities with
complementary conditions, checked as the ability resolves (Urza's Tower, Gemstone
Caverns, River of Tears):

>>> from mtgmana.board.abilities import Condition, PermanentFilter
>>> swamp = PermanentFilter(subtypes=frozenset({"Swamp"}))
>>> str(Condition(((swamp, 1),)))
'you control a Swamp'
>>> str(Condition(((PermanentFilter(card_types=frozenset({"Land"})), 5),), negated=True))
"you don't control five or more lands"

"The chosen type" (Cavern of Souls) is the subtype :data:`CHOSEN_TYPE` until a
creature type is chosen: no real object has it, so before the choice nothing of "a
creature spell of the chosen type" is allowed; :func:`bind_chosen_type` puts the
chosen type in its place. Triggered mana abilities (CR 605.1b: Wild Growth, Crypt Ghast, Mana
Flare) are :class:`ManaTrigger` values and replacement effects on mana production
(CR 106.12b, 106.6a, 614: Mana Reflection, Contamination, Damping Sphere, Pale Moon)
are :class:`ManaReplacement` values.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Literal, TypeAlias, TypeVar, get_args

from .._repr import compact_repr, enum_repr
from ..colors import ManaType
from ..costs import ManaCost
from ..errors import MtgManaError
from ..restrictions import Restriction
from .conditions import FACTS, Condition, PermanentFilter, _words_filter

__all__ = [
    "ANY_COLOR",
    "ANY_TYPE",
    "CHOSEN_TYPE",
    "FACTS",
    "ActivationCost",
    "Amount",
    "AmountKind",
    "Choice",
    "Condition",
    "DynamicSlot",
    "ManaAbility",
    "ManaReplacement",
    "ManaTrigger",
    "PermanentFilter",
    "PoolDoubling",
    "Production",
    "ReplacementKind",
    "Slot",
    "bind_chosen_type",
    "slot",
    "sorted_types",
]

_ORDER = {t: i for i, t in enumerate(ManaType)}

Slot = frozenset[ManaType]
"""One mana, of one of these types."""

ANY_COLOR: Slot = frozenset(t for t in ManaType if t is not ManaType.C)
"""One mana of any color."""
ANY_TYPE: Slot = frozenset(ManaType)
"""One mana of any type (colorless included)."""


def slot(letters: str) -> Slot:
    """A slot from type letters: ``slot("WU")`` is "{W} or {U}"."""
    if not letters:
        raise MtgManaError("a slot needs at least one type of mana")
    return frozenset(ManaType.parse(letter) for letter in letters)


def sorted_types(types: Iterable[ManaType]) -> list[ManaType]:
    """Types in WUBRGC order."""
    return sorted(types, key=_ORDER.__getitem__)


class DynamicSlot(enum.Enum):
    """A slot whose types depend on the board (resolved by the tapper)."""

    __repr__ = enum_repr

    OPPONENT_LAND_COLORS = "a color that a land an opponent controls could produce"
    OPPONENT_LAND_TYPES = "a type that a land an opponent controls could produce"
    OWN_LAND_COLORS = "a color that a land you control could produce"
    OWN_LAND_TYPES = "a type that a land you control could produce"  # Reflecting Pool
    OPPONENT_BASIC_COLORS = "a color that a basic land an opponent controls could produce"
    CHOSEN_COLOR = "the chosen color"
    CHOSEN_COLORS = "one of the chosen colors"  # Cryptic Spires: "the circled colors"
    PERMANENT_COLORS = "a color of a permanent you control"  # Meteor Crater (CR 106.5)
    COMMANDER_COLORS = "a color in your commander's color identity"  # CR 903.4f
    GATE_COLORS = "a color that a Gate you control could produce"  # Gond Gate
    GATE_TYPES = "a type that a Gate you control could produce"  # Plaza of Harmony
    OWN_BASIC_COLORS = "a color that a basic land you control could produce"  # Star Compass
    LEGENDARY_COLORS = "a color among legendary permanents you control"  # Plaza of Heroes
    LEGENDARY_CREATURE_PLANESWALKER_COLORS = (
        "a color among legendary creatures and planeswalkers you control"  # Mox Amber
    )
    OWN_COLORS = "a color of this permanent"  # Katilda: "any of this creature's colors"
    GRAVEYARD_COLORS = "a color of a card in your graveyard"  # Corrupted Grafstone
    GRAVEYARD_LEGENDARY_CREATURE_COLORS = (
        "a color among legendary creature cards in your graveyard"  # The Grey Havens
    )
    # "For each color among permanents you control, add one mana of that color" (Bloom
    # Tender): a slot per color, that color if such a permanent has it, else no mana.
    EACH_PERMANENT_W = "{W}, if a permanent you control is white"
    EACH_PERMANENT_U = "{U}, if a permanent you control is blue"
    EACH_PERMANENT_B = "{B}, if a permanent you control is black"
    EACH_PERMANENT_R = "{R}, if a permanent you control is red"
    EACH_PERMANENT_G = "{G}, if a permanent you control is green"
    # Tarnation Vista: "... among monocolored permanents you control ..."
    EACH_MONOCOLORED_W = "{W}, if a monocolored permanent you control is white"
    EACH_MONOCOLORED_U = "{U}, if a monocolored permanent you control is blue"
    EACH_MONOCOLORED_B = "{B}, if a monocolored permanent you control is black"
    EACH_MONOCOLORED_R = "{R}, if a monocolored permanent you control is red"
    EACH_MONOCOLORED_G = "{G}, if a monocolored permanent you control is green"
    # Sunbird Effigy's crafted cards: the permanent's chosen colors (like Chrome Mox's)
    EACH_CHOSEN_W = "{W}, if white is one of the chosen colors"
    EACH_CHOSEN_U = "{U}, if blue is one of the chosen colors"
    EACH_CHOSEN_B = "{B}, if black is one of the chosen colors"
    EACH_CHOSEN_R = "{R}, if red is one of the chosen colors"
    EACH_CHOSEN_G = "{G}, if green is one of the chosen colors"
    # Incubation Druid's "three mana of that type" (a type a land you control could
    # produce): a choice per type, each slot that type if a land could produce it
    OWN_LAND_TYPE_W = "{W}, if a land you control could produce it"
    OWN_LAND_TYPE_U = "{U}, if a land you control could produce it"
    OWN_LAND_TYPE_B = "{B}, if a land you control could produce it"
    OWN_LAND_TYPE_R = "{R}, if a land you control could produce it"
    OWN_LAND_TYPE_G = "{G}, if a land you control could produce it"
    OWN_LAND_TYPE_C = "{C}, if a land you control could produce it"


@dataclass(frozen=True)
class Choice:
    """One way an ability can add mana: ``slots`` (one mana each) and the damage the
    source deals to you if you choose it (painlands, CR 106.12)."""

    slots: tuple[Slot | DynamicSlot, ...]
    damage: int = 0
    text: str = field(default="", compare=False)
    """The printed ability this choice comes from, when several printed abilities
    were merged into one (a painland's ``{T}: Add {C}.`` and ``{T}: Add {W} or
    {U}. ...``): what a plan shows for the mana it makes."""

    def __str__(self) -> str:
        if len(self.slots) == 1:
            (only,) = self.slots
            if only == ANY_COLOR:
                return "one mana of any color"
            if isinstance(only, frozenset):
                return " or ".join(t.symbol for t in sorted_types(only))
        return "".join(_slot_text(s) for s in self.slots)


def _slot_text(item: Slot | DynamicSlot) -> str:
    if isinstance(item, DynamicSlot):
        return f"[{item.value}]"
    types = sorted_types(item)
    if len(types) == 1:
        return types[0].symbol
    if item == ANY_COLOR:
        return "[any color]"
    return "[" + "/".join(t.symbol for t in types) + "]"


AmountKind: TypeAlias = Literal[
    "permanents", "devotion", "counters", "own counters", "power", "greatest power",
    "fixed", "toughness", "greatest toughness", "life", "graveyard", "basic land types",
    "different powers", "life gained this turn", "cards drawn this turn",
]  # fmt: skip
"""What an :class:`Amount` counts (its ``kind``): a typo is a type error."""
AMOUNT_KINDS: frozenset[AmountKind] = frozenset(get_args(AmountKind))
_FILTERED_KINDS: frozenset[AmountKind] = frozenset(
    {"permanents", "greatest power", "greatest toughness", "basic land types", "different powers"}
)


@dataclass(frozen=True)
class Amount:
    """A board-dependent number (Gaea's Cradle: creatures you control; Cabal Coffers:
    Swamps you control; Nykthos: devotion; storage lands: counters removed; City of
    Shadows: counters on it; Cradle Clearcutter: its power), plus ``plus``."""

    kind: AmountKind
    """``"permanents"`` (matching ``filter``), ``"devotion"`` (to ``colors``),
    ``"counters"`` (removed as a cost: the caller chooses how many, up to those
    present — none at all when ``plus`` makes that worth it: Mana Battery),
    ``"own counters"`` (on the permanent itself: Everflowing Chalice), ``"power"``
    (the permanent's power, CR 107.1b: never less than zero), ``"greatest power"``
    (among permanents matching ``filter``, at least zero), ``"toughness"`` and
    ``"greatest toughness"`` likewise (Vhal, Arbor Adherent), ``"life"`` (your life
    total, at least zero: Sanctum of the Sun), ``"graveyard"`` (the cards in your
    graveyard that ``filter`` names — its card types, supertypes, subtypes and colors;
    all of them without one: Crypt of Agadeem, Deathbloom Ritualist), ``"basic land
    types"`` (how many basic land types are among the permanents ``filter`` names:
    domain, Prismatic Geoscope), ``"different powers"`` (how many different powers
    they have: Selvala, Eager Trailblazer), ``"life gained this turn"`` and ``"cards
    drawn this turn"`` (yours: :attr:`~mtgmana.board.Board.life_gained`,
    :attr:`~mtgmana.board.Board.cards_drawn`) or ``"fixed"`` (``value``)."""
    filter: PermanentFilter | None = None
    colors: str = ""
    value: int = 0
    plus: int = 0
    """Added to the amount: "Add {B}, then add an additional {B} for each charge
    counter removed this way" is ``Amount("counters", plus=1)``."""

    def __post_init__(self) -> None:
        if self.kind not in AMOUNT_KINDS:
            raise MtgManaError(f"unknown kind of amount {self.kind!r}")
        if self.kind in _FILTERED_KINDS and self.filter is None:
            raise MtgManaError(f"an amount of {self.kind!r} needs a filter")
        if self.plus < 0 or self.value < 0:
            raise MtgManaError("an amount can't be negative")

    def __str__(self) -> str:
        text = self._words()
        return f"{text} plus {self.plus}" if self.plus else text

    def _words(self) -> str:
        """What the amount counts, without its "plus"."""
        if self.kind == "devotion":
            return f"devotion to {self.colors}" if self.colors else "devotion to that color"
        if self.filter is not None and self.kind in _FILTERED_KINDS:
            return self._among(self.filter)
        if self.kind == "graveyard":
            noun = "card" if self.filter is None else self.filter.noun() + " card"
            return f"{noun} in your graveyard"
        if self.kind == "life":
            return "your life total"
        if self.kind == "fixed":
            return str(self.value)
        return self.kind

    def _among(self, item: PermanentFilter) -> str:
        """What an amount of the permanents ``item`` names counts: "Forests you
        control", "the greatest power among creatures you control"."""
        if self.kind == "permanents":
            return str(item)
        if self.kind in ("greatest power", "greatest toughness"):
            return f"the {self.kind} among {item}"
        return f"{self.kind} among {item.plural()}"  # basic land types, different powers


@dataclass(frozen=True)
class Production:
    """What one activation adds: one of the ``choices`` — repeated ``per`` times when
    the amount depends on the board (each repetition chooses on its own unless
    ``same_choice``)."""

    choices: tuple[Choice, ...]
    per: Amount | None = None
    same_choice: bool = True

    def __post_init__(self) -> None:
        if not self.choices:
            raise MtgManaError("a mana ability adds mana: it needs at least one choice")

    @property
    def fixed_size(self) -> int | None:
        """How many mana an activation adds, when that doesn't depend on the board
        or the choice."""
        sizes = {len(choice.slots) for choice in self.choices}
        if self.per is not None or len(sizes) != 1:
            return None
        return sizes.pop()

    def __str__(self) -> str:
        text = " or ".join(str(choice) for choice in self.choices)
        if self.per is not None:
            text += f" for each of {self.per}"
        return text


@dataclass(frozen=True)
class ActivationCost:
    """The cost of a mana ability (CR 602.1, 605.3): everything before the colon."""

    tap: bool = False
    untap: bool = False
    mana: ManaCost | None = None
    life: int = 0
    sacrifice_self: bool = False
    sacrifice: str = ""
    """Another permanent to sacrifice, e.g. "creature" (Ashnod's Altar)."""
    tap_other: str = ""
    """Untapped permanents you control to tap, in words: "creature" (Springleaf
    Drum), "Elves" (Birchlore Rangers, with ``tap_count=2``)."""
    remove_counters: int = 0
    counter: str = ""
    text: str = ""
    tap_filter: PermanentFilter | None = None
    """The permanents ``tap_other`` names, as a filter (by default read from its
    words: a card type or a subtype)."""
    tap_count: int = 1
    """How many untapped permanents ``tap_other`` taps ("Tap two untapped Elves")."""
    exile_from_hand: bool = False
    """"Exile this card from your hand" (Simian Spirit Guide): the ability works from
    a hand (CR 113.6m) and costs the card."""
    energy: int = 0
    """Energy counters paid ({E}, CR 107.14, 122.1): Aether Hub."""
    discard: int = 0
    """Cards discarded from your hand as the cost."""
    exile_graveyard: int = 0
    """Cards exiled from your graveyard as the cost."""
    sacrifice_count: int = 1
    """How many permanents ``sacrifice`` sacrifices ("Sacrifice two Goats")."""
    exiles: bool = False
    """What ``sacrifice_self`` and ``discard`` take is exiled instead ("Exile this
    artifact", "Exile a card from your hand"): it doesn't reach the graveyard, where a
    spell's delve could exile it (CR 702.66a)."""
    discard_hand: bool = False
    """"Discard your hand" (Lion's Eye Diamond): every card in it, however many —
    none is a legal cost too (CR 701.9a; :attr:`~mtgmana.board.Board.hand`)."""

    def __post_init__(self) -> None:
        if not isinstance(self.tap_count, int) or self.tap_count < 1:
            raise MtgManaError(f"tap_count must be 1 or more, not {self.tap_count!r}")
        for name in ("energy", "discard", "exile_graveyard"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise MtgManaError(f"{name} must be a whole number 0 or more, not {value!r}")
        if not isinstance(self.sacrifice_count, int) or self.sacrifice_count < 1:
            raise MtgManaError(f"sacrifice_count must be 1 or more, not {self.sacrifice_count!r}")

    @property
    def sacrificed_others(self) -> tuple[PermanentFilter, int] | None:
        """What "Sacrifice N ... " sacrifices besides the permanent itself: (filter,
        N), or ``None`` ("creature": Ashnod's Altar; "artifact": Krark-Clan
        Ironworks)."""
        if not self.sacrifice:
            return None
        words = self.sacrifice.removeprefix("another ").removeprefix("other ")
        return _words_filter(words), self.sacrifice_count

    @property
    def resources(self) -> tuple[int, int, int]:
        """What the cost takes from you besides permanents and life: (energy, cards
        discarded, cards exiled from your graveyard)."""
        return self.energy, self.discard, self.exile_graveyard

    @property
    def tapped_others(self) -> tuple[PermanentFilter, int] | None:
        """What "Tap N untapped ... you control" taps: (filter, N), or ``None``."""
        if self.tap_filter is not None:
            return self.tap_filter, self.tap_count
        if not self.tap_other:
            return None
        return _words_filter(self.tap_other), self.tap_count

    def __str__(self) -> str:
        if self.text:
            return self.text
        return ", ".join([*self._tap_parts(), *self._sacrifice_parts()])

    def _tap_parts(self) -> list[str]:
        """The cost's mana, {T}, {Q}, tapping others, exiling this card, life and
        energy, in the order Oracle text writes them."""
        parts = []
        if self.mana is not None:
            parts.append(str(self.mana))
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        if self.tap_other:
            what = (
                f"an untapped {self.tap_other}"
                if self.tap_count == 1
                else (f"{self.tap_count} untapped {self.tap_other}")
            )
            parts.append(f"Tap {what} you control")
        if self.exile_from_hand:
            parts.append("Exile this card from your hand")
        if self.life:
            parts.append(f"Pay {self.life} life")
        if self.energy:
            parts.append("Pay " + "{E}" * self.energy)
        return parts

    def _sacrifice_parts(self) -> list[str]:
        """The cost's sacrifices, discards, exiles from the graveyard and removed
        counters."""
        parts = []
        if self.sacrifice_self:
            parts.append("Sacrifice this")
        if self.sacrifice:
            if self.sacrifice_count == 1:
                parts.append(f"Sacrifice a {self.sacrifice}")
            else:
                parts.append(f"Sacrifice {self.sacrifice_count} {self.sacrifice}(s)")
        if self.discard:
            parts.append("Discard a card" if self.discard == 1 else f"Discard {self.discard} cards")
        if self.discard_hand:
            parts.append("Discard your hand")
        if self.exile_graveyard:
            n = self.exile_graveyard
            what = "a card" if n == 1 else f"{n} cards"
            parts.append(f"Exile {what} from your graveyard")
        if self.remove_counters:
            parts.append(f"Remove {self.remove_counters} {self.counter} counter(s)")
        return parts


@dataclass(frozen=True)
class ManaAbility:
    """An activated mana ability (CR 605.1a): a cost and what it adds."""

    cost: ActivationCost
    production: Production
    restriction: Restriction | None = None
    """How the mana may be spent (CR 106.6)."""
    once_per_turn: bool = False
    text: str = field(default="", compare=False)
    condition: Condition | None = None
    """When the ability can be activated (CR 602.5b), or when it is the one that
    applies of an "instead" pair; ``None``: always."""
    only_as_instant: bool = False
    """"Activate only as an instant" (CR 602.5e): only while you have priority — not
    in the middle of casting a spell or paying a cost (CR 605.3a), so for a spell its
    mana is made before the spell is cast, and floats."""

    @classmethod
    def simple(cls, letters: str, *, text: str = "") -> ManaAbility:
        """``{T}: Add`` one mana of one of these types: ``simple("G")`` is a Forest,
        ``simple("WU")`` a Tundra."""
        return cls(ActivationCost(tap=True), Production((Choice((slot(letters),)),)), text=text)

    @classmethod
    def fixed(cls, letters: str, *, text: str = "") -> ManaAbility:
        """``{T}: Add`` exactly these mana: ``fixed("CC")`` is Sol Ring."""
        slots = tuple(slot(letter) for letter in letters)
        return cls(ActivationCost(tap=True), Production((Choice(slots),)), text=text)

    @classmethod
    def pain(cls, free: str, painful: str, damage: int = 1, *, text: str = "") -> ManaAbility:
        """A painland: ``{T}: Add`` one of ``free`` (no damage) or one of ``painful``
        (the source deals ``damage`` to you)."""
        choices = [Choice((slot(letter),)) for letter in free]
        choices += [Choice((slot(letter),), damage) for letter in painful]
        return cls(ActivationCost(tap=True), Production(tuple(choices)), text=text)

    def __post_init__(self) -> None:
        if self.cost.tap and self.cost.untap:
            raise MtgManaError("a cost can't have both {T} and {Q}")

    @property
    def taps(self) -> bool:
        """Whether the ability has {T} in its cost (CR 106.12: "tapped for mana")."""
        return self.cost.tap

    def __str__(self) -> str:
        if self.text:
            return self.text
        text = f"{self.cost}: Add {self.production}."
        if self.condition is not None:
            text += f" Only if {self.condition}."
        return text


@dataclass(frozen=True)
class PoolDoubling:
    """An activated mana ability that doubles the mana you have (CR 605.1a, 701.10f):
    Doubling Cube's "{3}, {T}: Double the amount of each type of unspent mana you
    have." For each type of mana in your pool it adds as much of that type as is there
    (CR 701.10f). The mana it adds is its own (CR 106.3): no restriction of the mana
    doubled applies to it (CR 106.6's example), and it is snow only if its source is."""

    cost: ActivationCost
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text or f"{self.cost}: Double the amount of each type of unspent mana you have."


@dataclass(frozen=True)
class ManaTrigger:
    """A triggered mana ability (CR 605.1b): whenever a permanent matching
    ``tapped`` is tapped for mana (CR 106.12a), its controller adds ``production``
    — or, if ``same_type`` (Mana Flare, Zendikar Resurgent), one more mana of a type
    that permanent produced."""

    tapped: PermanentFilter
    production: Production | None = None
    same_type: bool = False
    text: str = field(default="", compare=False)
    condition: Condition | None = None
    """When it triggers, besides the tapping (of its permanent, as the mana ability
    resolves): "while you're the monarch" (Regal Behemoth); ``None``: always."""

    def __post_init__(self) -> None:
        if (self.production is None) == (not self.same_type):
            raise MtgManaError("a mana trigger adds either given mana or the same type")


class ReplacementKind(enum.Enum):
    """How a replacement effect changes mana production (CR 106.12b, 614)."""

    __repr__ = enum_repr

    MULTIPLY = "multiply"  # Mana Reflection (twice), Nyxbloom Ancient (three times)
    BECOMES = "becomes"  # Contamination ({B} instead), Pale Moon (colorless instead)
    DAMPING = "damping"  # Damping Sphere: two or more mana -> one {C}


@dataclass(frozen=True)
class ManaReplacement:
    """A replacement effect on mana production by permanents matching ``applies_to``
    when they are tapped for mana."""

    kind: ReplacementKind
    applies_to: PermanentFilter
    factor: int = 2
    becomes: ManaType | None = None
    text: str = field(default="", compare=False)
    amount: int | None = None
    """For ``BECOMES``: how many mana the permanent produces instead, when the effect
    replaces the amount too (Contamination: "{B} instead of any other type and
    amount" is one {B}); ``None`` keeps the amount (Pale Moon, Infernal Darkness)."""


# -- the chosen creature type ----------------------------------------------------------

CHOSEN_TYPE = "the chosen type"
"""The subtype that stands for "the chosen type" until a creature type is chosen
(Cavern of Souls, Three Tree City). It has a space, so no type line has it: before
the choice, "a creature spell of the chosen type" matches nothing (exactly: there is
no such spell) and "creatures you control of the chosen type" counts none."""

_T = TypeVar("_T")


def bind_chosen_type(item: _T, creature_type: str) -> _T:
    """``item`` (an ability, a restriction, a filter, ...) with :data:`CHOSEN_TYPE`
    replaced by ``creature_type`` wherever it appears.

    >>> from mtgmana.restrictions import spells, Spend
    >>> ability = ManaAbility(ActivationCost(tap=True), Production((Choice((ANY_COLOR,)),)),
    ...                       spells(types="Creature", subtypes=CHOSEN_TYPE))
    >>> ability.restriction.allows(Spend.spell("Creature — Elf Druid"))
    False
    >>> bind_chosen_type(ability, "Elf").restriction.allows(Spend.spell("Creature — Elf Druid"))
    True
    """
    if not isinstance(creature_type, str) or not creature_type.strip():
        raise MtgManaError(f"the chosen type must be a creature type, not {creature_type!r}")
    result: _T = _bind(item, creature_type.strip())
    return result


def _bind(item: Any, chosen: str) -> Any:
    if isinstance(item, frozenset):
        if CHOSEN_TYPE in item:
            return (item - {CHOSEN_TYPE}) | {chosen}
        return item
    if isinstance(item, tuple):
        bound = tuple(_bind(part, chosen) for part in item)
        return item if all(a is b for a, b in zip(bound, item, strict=True)) else bound
    if is_dataclass(item) and not isinstance(item, type):
        changes = {}
        for spec in fields(item):
            if not spec.init:
                continue
            value = getattr(item, spec.name)
            bound = _bind(value, chosen)
            if bound is not value:
                changes[spec.name] = bound
        return replace(item, **changes) if changes else item
    return item


def _one_line_repr(positional: tuple[str, ...]) -> Any:
    def __repr__(self: Any) -> str:
        return compact_repr(self, positional=positional)

    return __repr__


# One-line reprs that rebuild the value (defaults left out).
for _cls, _positional in (
    (Choice, ("slots",)),
    (Amount, ("kind",)),
    (Production, ("choices",)),
    (ActivationCost, ()),
    (Condition, ()),
    (ManaAbility, ("cost", "production")),
    (PermanentFilter, ()),
    (ManaTrigger, ("tapped",)),
    (ManaReplacement, ("kind", "applies_to")),
):
    setattr(_cls, "__repr__", _one_line_repr(_positional))  # noqa: B010 (mypy: a method)
