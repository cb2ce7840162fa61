"""Restrictions on how mana may be spent (CR 106.6), over a described spend.

A :class:`Spend` describes what mana is being spent on: a spell (with its types,
colors, mana value, the zone it is cast from, ...), an activated ability (with its
source's types), or another cost (cumulative upkeep, unlocking a door, turning a
permanent face up). A :class:`Restriction` is a predicate over spends; restrictions
compose with ``|``, ``&`` and ``~``, print in the words cards use, and round-trip
through JSON. Users write their own with :func:`custom`.

>>> from mtgmana.restrictions import Spend, spells, abilities
>>> creature_only = spells(types={"Creature"})
>>> creature_only.allows(Spend.spell("Creature — Elf Druid"))
True
>>> creature_only.allows(Spend.spell("Instant"))
False
>>> myr = spells(subtypes={"Myr"}) | abilities(source_subtypes={"Myr"})
>>> myr.allows(Spend.ability("Artifact Creature — Myr")), str(myr)
(True, 'only to cast Myr spells or activate abilities of Myr sources')
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ._memo import by_identity
from ._repr import compact_repr, enum_repr
from .colors import COLORLESS, Color
from .costs import ManaCost
from .errors import MtgManaError

__all__ = [
    "DESIGNATIONS",
    "MULTIWORD_SUBTYPES",
    "AbilityRestriction",
    "AllOf",
    "AnyOf",
    "CostContains",
    "CostRestriction",
    "Custom",
    "Not",
    "Restriction",
    "SpellRestriction",
    "Spend",
    "SpendKind",
    "abilities",
    "cost_contains",
    "costs",
    "custom",
    "parse_type_line",
    "register_custom",
    "spell_paying",
    "spells",
]

SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
CARD_TYPES = frozenset(
    {
        "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
        "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery",
        "Tribal", "Vanguard",
    }
)  # fmt: skip


MULTIWORD_SUBTYPES = frozenset({"Time Lord"})
"""Subtypes of more than one word (CR 205.3m: "One creature type is two words long")."""


def parse_type_line(type_line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """``(supertypes, card types, subtypes)`` of a type line (CR 205).

    >>> supertypes, card_types, subtypes = parse_type_line("Legendary Creature — Elf Druid")
    >>> sorted(supertypes), sorted(card_types), sorted(subtypes)
    (['Legendary'], ['Creature'], ['Druid', 'Elf'])
    >>> sorted(parse_type_line("Legendary Creature — Time Lord Doctor")[2])
    ['Doctor', 'Time Lord']
    """
    head, _, tail = type_line.replace(" - ", " — ").partition("—")
    words = head.split()
    supertypes = frozenset(w for w in words if w in SUPERTYPES)
    card_types = frozenset(w for w in words if w in CARD_TYPES)
    subtypes = tail.split()
    for name in MULTIWORD_SUBTYPES:  # CR 205.3m: "Time Lord" is one creature type
        if name in tail:
            first, second = name.split()
            for i in range(len(subtypes) - 1):
                if subtypes[i] == first and subtypes[i + 1] == second:
                    subtypes[i : i + 2] = [name]
                    break
    return supertypes, card_types, frozenset(subtypes)


class SpendKind(enum.Enum):
    """What mana is spent on."""

    __repr__ = enum_repr

    SPELL = "spell"  # casting a spell (CR 601.2g-h)
    ABILITY = "ability"  # activating an activated ability (CR 602.2b)
    COST = "cost"  # another cost: cumulative upkeep, unlock, turn face up, ...


def _frozen(items: Iterable[str] | str | None) -> frozenset[str]:
    if items is None:
        return frozenset()
    if isinstance(items, str):
        return frozenset({items})
    return frozenset(items)


@dataclass(frozen=True)
class Spend:
    """A description of what mana is being spent on.

    ``card_types``, ``subtypes``, ``supertypes`` and ``colors`` are the spell's, or
    the source's for an ability. ``cost`` is the total cost being paid (for "costs
    that contain {X}"); ``mana_cost`` is the spell's mana cost. ``component`` is
    ``"X"`` while the payment solver asks about mana that would pay for X.
    """

    kind: SpendKind
    card_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: Color = COLORLESS
    mana_value: float = 0
    mana_cost: ManaCost | None = None
    cost: ManaCost | None = None
    action: str = ""
    """For COST: "cumulative upkeep", "unlock", "turn face up", "foretell", "morph",
    ...; for ABILITY, a keyword ability's name such as "equip"."""
    zone: str = ""
    """Where a spell is cast from: "hand", "graveyard", "exile", "command", ..."""
    keywords: frozenset[str] = frozenset()
    """Keywords and designations: "kicked", "flashback", "devoid", "face-down", ..."""
    name: str = ""
    component: str = ""

    def __repr__(self) -> str:
        return compact_repr(self, positional=("kind",))

    @classmethod
    def spell(
        cls,
        type_line: str = "",
        *,
        colors: Color | str = COLORLESS,
        mana_cost: ManaCost | str | None = None,
        mana_value: float | None = None,
        cost: ManaCost | str | None = None,
        zone: str = "hand",
        keywords: Iterable[str] = (),
        name: str = "",
    ) -> Spend:
        """Casting a spell with this type line. Colors and mana value default to
        those of ``mana_cost`` (CR 202.2, 202.3)."""
        supertypes, card_types, subtypes = parse_type_line(type_line)
        if isinstance(mana_cost, str):
            mana_cost = ManaCost.parse(mana_cost)
        if isinstance(cost, str):
            cost = ManaCost.parse(cost)
        if isinstance(colors, str):
            colors = Color.parse(colors)
        if mana_cost is not None:
            colors = colors | mana_cost.colors
            if mana_value is None:
                mana_value = mana_cost.mana_value
        return cls(
            SpendKind.SPELL, card_types, subtypes, supertypes, colors, mana_value or 0,
            mana_cost, cost if cost is not None else mana_cost, "", zone,
            _frozen(keywords), name,
        )  # fmt: skip

    @classmethod
    def ability(
        cls,
        source_type_line: str = "",
        *,
        colors: Color | str = COLORLESS,
        cost: ManaCost | str | None = None,
        action: str = "",
        name: str = "",
        keywords: Iterable[str] = (),
    ) -> Spend:
        """Activating an ability of a source with this type line (``action`` names a
        keyword ability such as "equip"; ``keywords`` what the ability does, such as
        "makes tokens")."""
        supertypes, card_types, subtypes = parse_type_line(source_type_line)
        if isinstance(cost, str):
            cost = ManaCost.parse(cost)
        if isinstance(colors, str):
            colors = Color.parse(colors)
        return cls(SpendKind.ABILITY, card_types, subtypes, supertypes, colors,
                   cost=cost, action=action, name=name, keywords=_frozen(keywords))  # fmt: skip

    @classmethod
    def other_cost(cls, action: str, *, cost: ManaCost | str | None = None) -> Spend:
        """Paying another cost, such as "cumulative upkeep" or "unlock"."""
        if isinstance(cost, str):
            cost = ManaCost.parse(cost)
        return cls(SpendKind.COST, cost=cost, action=action)

    def paying_x(self) -> Spend:
        """The same spend, for mana that pays for X."""
        return replace(self, component="X")


_SPELL_FIELDS: dict[str, Any] = {}
"""A spell with every default (``Spend(SpendKind.SPELL)``): its fields, in order."""


@by_identity(256)
def spell_paying(cost: ManaCost | None) -> Spend:
    """``Spend(SpendKind.SPELL, cost=cost)`` — the spend of a request that names
    none — built without the frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` per field: a good part of a request to the tapper) and
    remembered for the last costs (a ``Spend`` and a cost are immutable)."""
    if not _SPELL_FIELDS:
        _SPELL_FIELDS.update(Spend(SpendKind.SPELL).__dict__)
    spend = object.__new__(Spend)
    fields = spend.__dict__
    fields.update(_SPELL_FIELDS)
    fields["cost"] = cost
    return spend


# -- restrictions ------------------------------------------------------------------

_CUSTOM: dict[str, tuple[Callable[[Spend], bool], str]] = {}


class Restriction(abc.ABC):
    """A predicate over :class:`Spend`: may this mana be spent on that?"""

    __slots__ = ()
    _tag: ClassVar[str] = ""

    @abc.abstractmethod
    def allows(self, spend: Spend) -> bool:
        """Whether mana with this restriction may be spent on ``spend``."""

    @property
    @abc.abstractmethod
    def text(self) -> str:
        """The restriction in the words cards use, after "Spend this mana"."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-friendly value that :meth:`from_json` reads back."""

    @staticmethod
    def from_json(data: Any) -> Restriction:
        """The restriction a :meth:`to_json` value describes; raises
        :class:`~mtgmana.MtgManaError` for anything else."""
        if not isinstance(data, Mapping) or len(data) != 1:
            raise MtgManaError(f"not a restriction: {data!r}")
        ((tag, body),) = data.items()
        reader = _READERS.get(tag)
        if reader is None:
            raise MtgManaError(f"unknown restriction {tag!r}")
        try:
            return reader(body)
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            raise MtgManaError(f"bad {tag!r} restriction {body!r}: {error}") from None

    def __str__(self) -> str:
        return self.text

    def __or__(self, other: Restriction) -> Restriction:
        return AnyOf(_flatten(AnyOf, (self, other)))

    def __and__(self, other: Restriction) -> Restriction:
        return AllOf(_flatten(AllOf, (self, other)))

    def __invert__(self) -> Restriction:
        return Not(self)


def _flatten(
    kind: type[AnyOf] | type[AllOf], parts: Iterable[Restriction]
) -> tuple[Restriction, ...]:
    flat: list[Restriction] = []
    for part in parts:
        flat.extend(part.parts if isinstance(part, kind) else (part,))
    return tuple(flat)


DESIGNATIONS = frozenset({"kicked", "face-down", "foretold", "bargained", "copied"})
"""Spend keywords that describe how a spell is cast rather than an ability it has;
they read before "spells" ("kicked spells"), the others after ("spells with devoid")."""

# Zones as the caster says them (Spend.zone is from the caster's point of view).
_ZONE_WORDS = {
    "hand": "your hand",
    "graveyard": "your graveyard",
    "library": "your library",
    "command": "the command zone",
}


def _or_words(words: Iterable[str]) -> str:
    items = sorted(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" or " if len(items) == 2 else ", or ") + items[-1]


@dataclass(frozen=True)
class SpellRestriction(Restriction):
    """Only to cast spells that match every given condition (each set is "any of").

    ``types`` any of the card types; ``excluded_types`` none of them ("noncreature");
    ``subtypes`` any of them; ``supertypes`` all of them; ``colorless`` /
    ``multicolored`` / ``color_count`` on the spell's colors; ``min_mana_value``;
    ``zones`` cast from one of these zones; ``keywords`` any of these;
    ``mana_cost_contains`` a symbol in the spell's mana cost.
    """

    types: frozenset[str] = frozenset()
    excluded_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colorless: bool | None = None
    multicolored: bool | None = None
    color_count: int | None = None
    min_mana_value: int | None = None
    zones: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    mana_cost_contains: str = ""
    wording: str = field(default="", compare=False)
    _tag: ClassVar[str] = "spell"

    def allows(self, spend: Spend) -> bool:
        return (
            spend.kind is SpendKind.SPELL
            and self._types_allow(spend)
            and self._colors_allow(spend)
            and self._rest_allows(spend)
        )

    def _types_allow(self, spend: Spend) -> bool:
        """Whether the spell has one of the types, none of the excluded types, one
        of the subtypes and all the supertypes named (CR 205)."""
        if self.types and not (self.types & spend.card_types):
            return False
        if self.excluded_types & spend.card_types:
            return False
        if self.subtypes and not (self.subtypes & spend.subtypes):
            return False
        return self.supertypes <= spend.supertypes

    def _colors_allow(self, spend: Spend) -> bool:
        """Whether the spell is colorless, multicolored or has as many colors as
        named (CR 105.2)."""
        if self.colorless is not None and self.colorless != (not spend.colors):
            return False
        if self.multicolored is not None and self.multicolored != spend.colors.is_multicolored:
            return False
        return self.color_count is None or self.color_count == len(spend.colors)

    def _rest_allows(self, spend: Spend) -> bool:
        """Whether the spell has the mana value, zone, keywords and mana-cost
        symbol named."""
        if self.min_mana_value is not None and spend.mana_value < self.min_mana_value:
            return False
        if self.zones and spend.zone not in self.zones:
            return False
        if self.keywords and not (self.keywords & spend.keywords):
            return False
        if self.mana_cost_contains:
            cost = spend.mana_cost
            return cost is not None and self.mana_cost_contains in cost
        return True

    @property
    def text(self) -> str:
        if self.wording:
            return self.wording
        designations = sorted(k for k in self.keywords if k in DESIGNATIONS)
        words = [*self._color_words(), *self._type_words(designations), "spells"]
        return "only to cast " + " ".join(words) + self._qualifiers(designations)

    def _color_words(self) -> list[str]:
        """ "colorless", "colored", "multicolored", "monocolored": the adjectives of
        color before the types."""
        words = []
        if self.colorless is not None:
            words.append("colorless" if self.colorless else "colored")
        if self.multicolored:
            words.append("multicolored")
        if self.color_count == 1:
            words.append("monocolored")
        return words

    def _type_words(self, designations: list[str]) -> list[str]:
        """The designations ("kicked"), supertypes, excluded types ("noncreature"),
        subtypes and types before "spells"."""
        words = []
        if designations and len(designations) == len(self.keywords):
            words.append(_or_words(designations))  # "kicked spells", "face-down spells"
        words.extend(s.lower() for s in sorted(self.supertypes))
        words.extend("non" + t.lower() for t in sorted(self.excluded_types))
        if self.subtypes:
            words.append(_or_words(self.subtypes))
        if self.types:
            words.append(_or_words(t.lower() for t in self.types))
        return words

    def _qualifiers(self, designations: list[str]) -> str:
        """The phrases after "spells": exact colors, mana value, a symbol in the
        mana cost, keywords and zones."""
        phrase = ""
        if self.color_count is not None and self.color_count != 1:
            phrase += f" with exactly {self.color_count} colors"
        if self.min_mana_value is not None:
            phrase += f" with mana value {self.min_mana_value} or greater"
        if self.mana_cost_contains:
            phrase += f" with {self.mana_cost_contains} in their mana costs"
        if self.keywords and not designations:
            phrase += " with " + _or_words(self.keywords)  # "spells with flashback"
        elif self.keywords and len(designations) != len(self.keywords):
            phrase += " that are " + _or_words(self.keywords)
        if self.zones:
            phrase += " from " + _or_words(_ZONE_WORDS.get(z, z) for z in self.zones)
        return phrase

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {}
        for name in ("types", "excluded_types", "subtypes", "supertypes", "zones", "keywords"):
            value = getattr(self, name)
            if value:
                body[name] = sorted(value)
        for name in ("colorless", "multicolored", "color_count", "min_mana_value"):
            if getattr(self, name) is not None:
                body[name] = getattr(self, name)
        if self.mana_cost_contains:
            body["mana_cost_contains"] = self.mana_cost_contains
        if self.wording:
            body["wording"] = self.wording
        return {"spell": body}


@dataclass(frozen=True)
class AbilityRestriction(Restriction):
    """Only to activate abilities (of sources with any of ``source_types`` /
    ``source_subtypes``, colorless sources, or keyword abilities in ``actions``)."""

    source_types: frozenset[str] = frozenset()
    source_subtypes: frozenset[str] = frozenset()
    colorless: bool | None = None
    actions: frozenset[str] = frozenset()
    wording: str = field(default="", compare=False)
    keywords: frozenset[str] = frozenset()
    """Any of these :attr:`Spend.keywords` (``"makes tokens"``: an ability that puts
    tokens onto the battlefield)."""
    _tag: ClassVar[str] = "ability"

    def allows(self, spend: Spend) -> bool:
        if spend.kind is not SpendKind.ABILITY:
            return False
        if self.source_types and not (self.source_types & spend.card_types):
            return False
        if self.source_subtypes and not (self.source_subtypes & spend.subtypes):
            return False
        if self.colorless is not None and self.colorless != (not spend.colors):
            return False
        if self.keywords and not (self.keywords & spend.keywords):
            return False
        return not (self.actions and spend.action not in self.actions)

    @property
    def text(self) -> str:
        if self.wording:
            return self.wording
        if self.actions:
            return "only to activate " + _or_words(a + " abilities" for a in self.actions)
        words = ["colorless"] if self.colorless else []
        if self.source_subtypes:
            words.append(_or_words(self.source_subtypes))
        if self.source_types:
            words.append(_or_words(t.lower() for t in self.source_types))
        if not words:
            return "only to activate abilities"
        return "only to activate abilities of " + " ".join([*words, "sources"])

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {}
        for name in ("source_types", "source_subtypes", "actions", "keywords"):
            value = getattr(self, name)
            if value:
                body[name] = sorted(value)
        if self.colorless is not None:
            body["colorless"] = self.colorless
        if self.wording:
            body["wording"] = self.wording
        return {"ability": body}


@dataclass(frozen=True)
class CostRestriction(Restriction):
    """Only to pay other costs: any of ``actions`` ("cumulative upkeep", "unlock",
    "turn face up", "foretell", ...)."""

    actions: frozenset[str]
    wording: str = field(default="", compare=False)
    _tag: ClassVar[str] = "cost"

    def allows(self, spend: Spend) -> bool:
        return spend.action in self.actions

    @property
    def text(self) -> str:
        return self.wording or "only to pay " + _or_words(a + " costs" for a in self.actions)

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"actions": sorted(self.actions)}
        if self.wording:
            body["wording"] = self.wording
        return {"cost": body}


@dataclass(frozen=True)
class CostContains(Restriction):
    """Only on costs that contain a symbol, e.g. ``{X}`` (Rosheen Meanderer)."""

    symbol: str = "{X}"
    _tag: ClassVar[str] = "cost_contains"

    def allows(self, spend: Spend) -> bool:
        return spend.cost is not None and self.symbol in spend.cost

    @property
    def text(self) -> str:
        return f"only on costs that contain {self.symbol}"

    def to_json(self) -> dict[str, Any]:
        return {"cost_contains": self.symbol}


@dataclass(frozen=True)
class AnyOf(Restriction):
    """Allowed if any part allows it ("... or ...")."""

    parts: tuple[Restriction, ...]
    _tag: ClassVar[str] = "any_of"

    def allows(self, spend: Spend) -> bool:
        return any(part.allows(spend) for part in self.parts)

    @property
    def text(self) -> str:
        texts = [p.text for p in self.parts]
        merged = [texts[0]] + [t.removeprefix("only ").removeprefix("to ") for t in texts[1:]]
        return " or ".join(merged)

    def to_json(self) -> dict[str, Any]:
        return {"any_of": [p.to_json() for p in self.parts]}


@dataclass(frozen=True)
class AllOf(Restriction):
    """Allowed only if every part allows it (two restrictions on the same mana)."""

    parts: tuple[Restriction, ...]
    _tag: ClassVar[str] = "all_of"

    def allows(self, spend: Spend) -> bool:
        return all(part.allows(spend) for part in self.parts)

    @property
    def text(self) -> str:
        return " and ".join(p.text for p in self.parts)

    def to_json(self) -> dict[str, Any]:
        return {"all_of": [p.to_json() for p in self.parts]}


@dataclass(frozen=True)
class Not(Restriction):
    """Allowed where the part is not."""

    part: Restriction
    _tag: ClassVar[str] = "not"

    def allows(self, spend: Spend) -> bool:
        return not self.part.allows(spend)

    @property
    def text(self) -> str:
        # "not to cast nonartifact spells" (the part reads "only to cast ...")
        return "not " + self.part.text.removeprefix("only ")

    def to_json(self) -> dict[str, Any]:
        return {"not": self.part.to_json()}


@dataclass(frozen=True)
class Custom(Restriction):
    """A user's own restriction, registered by name with :func:`register_custom` so
    that it survives a JSON round trip."""

    name: str
    _tag: ClassVar[str] = "custom"

    def allows(self, spend: Spend) -> bool:
        return _CUSTOM[self.name][0](spend)

    @property
    def text(self) -> str:
        return _CUSTOM[self.name][1]

    def to_json(self) -> dict[str, Any]:
        return {"custom": self.name}


def register_custom(name: str, predicate: Callable[[Spend], bool], text: str) -> Custom:
    """Register a predicate under ``name`` and return its restriction."""
    if not callable(predicate):
        raise MtgManaError(f"a restriction needs a callable predicate, not {predicate!r}")
    _CUSTOM[name] = (predicate, text)
    return Custom(name)


def custom(name: str) -> Custom:
    """The registered restriction called ``name``."""
    if name not in _CUSTOM:
        raise MtgManaError(f"no custom restriction is registered as {name!r}")
    return Custom(name)


def spells(
    *,
    types: Iterable[str] | str | None = None,
    excluded_types: Iterable[str] | str | None = None,
    subtypes: Iterable[str] | str | None = None,
    supertypes: Iterable[str] | str | None = None,
    colorless: bool | None = None,
    multicolored: bool | None = None,
    color_count: int | None = None,
    min_mana_value: int | None = None,
    zones: Iterable[str] | str | None = None,
    keywords: Iterable[str] | str | None = None,
    mana_cost_contains: str = "",
    wording: str = "",
) -> SpellRestriction:
    """ "Spend this mana only to cast ... spells" (see :class:`SpellRestriction`)."""
    return SpellRestriction(
        _frozen(types), _frozen(excluded_types), _frozen(subtypes), _frozen(supertypes),
        colorless, multicolored, color_count, min_mana_value, _frozen(zones),
        _frozen(keywords), mana_cost_contains, wording,
    )  # fmt: skip


def abilities(
    *,
    source_types: Iterable[str] | str | None = None,
    source_subtypes: Iterable[str] | str | None = None,
    colorless: bool | None = None,
    actions: Iterable[str] | str | None = None,
    wording: str = "",
    keywords: Iterable[str] | str | None = None,
) -> AbilityRestriction:
    """ "Spend this mana only to activate abilities (of ...)"."""
    return AbilityRestriction(
        _frozen(source_types), _frozen(source_subtypes), colorless, _frozen(actions), wording,
        _frozen(keywords),
    )  # fmt: skip


def costs(*actions: str, wording: str = "") -> CostRestriction:
    """ "Spend this mana only to pay cumulative upkeep costs" and the like."""
    return CostRestriction(frozenset(actions), wording)


def cost_contains(symbol: str = "{X}") -> CostContains:
    """ "Spend this mana only on costs that contain {X}"."""
    return CostContains(symbol)


def _read_spell(body: Mapping[str, Any]) -> Restriction:
    return spells(**body)


def _read_ability(body: Mapping[str, Any]) -> Restriction:
    return abilities(**body)


def _read_cost(body: Mapping[str, Any]) -> Restriction:
    return costs(*body["actions"], wording=body.get("wording", ""))


def _read_parts(body: Any) -> tuple[Restriction, ...]:
    if not isinstance(body, list) or not body:
        raise ValueError("expected a non-empty list")
    return tuple(Restriction.from_json(part) for part in body)


def _read_custom(body: Any) -> Restriction:
    if not isinstance(body, str):
        raise ValueError("expected a name")
    return custom(body)


def _read_symbol(body: Any) -> Restriction:
    if not isinstance(body, str):
        raise ValueError("expected a symbol")
    return cost_contains(body)


_READERS: dict[str, Callable[[Any], Restriction]] = {
    "spell": _read_spell,
    "ability": _read_ability,
    "cost": _read_cost,
    "cost_contains": _read_symbol,
    "any_of": lambda body: AnyOf(_read_parts(body)),
    "all_of": lambda body: AllOf(_read_parts(body)),
    "not": lambda body: Not(Restriction.from_json(body)),
    "custom": _read_custom,
}
