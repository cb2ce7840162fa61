"""Mana: the units in a mana pool (CR 106).

A unit of mana has a type — white, blue, black, red, green or colorless (CR 106.1b) —
and remembers what the rules track about it: its source (106.3), whether that source
was snow or legendary *when the mana was produced* (CR 107.4h; seed ruling
203.Ruling.3: later changes don't matter), a spending restriction, additional effects
on what it is spent on and delayed triggers when it is spent (106.6), and how long
it lasts.

Units that were produced together share one immutable :class:`ManaKind`; each unit
has its own ``uid``, so no unit can be in two places.

>>> from mtgmana.colors import ManaType
>>> from mtgmana.mana import Mana, Source
>>> forest = Source("p7", "Forest")
>>> g = Mana.make(ManaType.G, source=forest)
>>> g.type, g.source.name, g.snow, str(g)
(ManaType.G, 'Forest', False, '{G}')
>>> ManaType.parse("{C}").color
Color(0)
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ._repr import compact_repr
from .colors import Color, ManaType
from .errors import MtgManaError
from .restrictions import Restriction

__all__ = [
    "Duration",
    "Mana",
    "ManaKind",
    "Rider",
    "Source",
    "reserve_uids",
    "units",
]


@dataclass(frozen=True, slots=True)
class Source:
    """The source of mana (CR 106.3): an object the engine identifies by ``id``.

    ``name`` is for people (announcements, errors). ``id`` is the engine's own
    identifier (a string or an int), so two Forests are two sources.
    """

    id: str | int
    name: str = ""

    def __str__(self) -> str:
        return self.name or str(self.id)

    def __repr__(self) -> str:
        return f"Source({self.id!r}, {self.name!r})" if self.name else f"Source({self.id!r})"


class Duration(enum.Enum):
    """How long unspent mana stays in a pool (CR 106.4 and the effects that change it)."""

    NORMAL = "normal"
    """Lost as steps and phases end (CR 106.4)."""
    UNTIL_END_OF_COMBAT = "until end of combat"
    """Not lost as steps and phases end until the end of combat."""
    UNTIL_END_OF_TURN = "until end of turn"
    """Not lost as steps and phases end until the end of the turn."""

    def __repr__(self) -> str:
        return f"Duration.{self.name}"


@dataclass(frozen=True, slots=True)
class Rider:
    """Something attached to mana by the effect that produced it (CR 106.6): an
    additional effect on the spell or ability it is spent on, or a delayed trigger
    when it is spent (CR 603.7a).

    ``name`` identifies it to the engine that handles the "mana spent" event;
    ``text`` is the card's words; ``data`` holds JSON-friendly parameters.
    """

    name: str
    text: str = ""
    trigger: bool = False
    """True for a delayed triggered ability ("when that mana is spent ...")."""
    data: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.text or self.name


@dataclass(frozen=True, slots=True)
class ManaKind:
    """Everything about a unit of mana but its identity. Units produced by one event
    usually share a kind, so pools group and announce by kind quickly."""

    type: ManaType
    source: Source | None = None
    snow: bool = False
    """The source was a snow permanent when the mana was produced (CR 107.4h)."""
    legendary: bool = False
    """The source was legendary when the mana was produced (for ``{L}``)."""
    restriction: Restriction | None = None
    """How the mana may be spent (CR 106.6); ``None`` means on anything."""
    riders: tuple[Rider, ...] = ()
    """Additional effects and delayed triggers when spent (CR 106.6, 106.6a)."""
    duration: Duration = Duration.NORMAL
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        if not isinstance(self.type, ManaType):
            raise MtgManaError(f"not a type of mana: {self.type!r}")
        object.__setattr__(
            self,
            "_hash",
            hash((self.type, self.source, self.snow, self.legendary, self.restriction,
                  self.riders, self.duration)),
        )  # fmt: skip

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return compact_repr(self, positional=("type",))

    @property
    def restricted(self) -> bool:
        return self.restriction is not None

    def with_type(self, mana_type: ManaType) -> ManaKind:
        """The same kind of mana of another type (e.g. Kruphix: becomes colorless)."""
        return ManaKind(mana_type, self.source, self.snow, self.legendary,
                        self.restriction, self.riders, self.duration)  # fmt: skip

    def unrestricted(self) -> ManaKind:
        """Plain mana of this type from this source: no restriction, riders or
        special duration (the new mana of Doubling Cube, CR 106.6 example)."""
        return ManaKind(self.type, self.source, self.snow, self.legendary)


_uids = itertools.count(1)
_next_uid = _uids.__next__


def reserve_uids(highest: int) -> None:
    """Make every unit created from now on get a ``uid`` above ``highest``.

    Loading saved units (``ManaPool.from_json``) calls this, so a new unit never
    shares a ``uid`` with a loaded one.
    """
    global _uids, _next_uid
    start = max(next(_uids), highest + 1)
    _uids = itertools.count(start)
    _next_uid = _uids.__next__


class Mana:
    """One unit of mana: a :class:`ManaKind` and a unique ``uid``.

    Equality is identity of the unit (its ``uid``); compare ``.kind`` to ask whether
    two units are alike.
    """

    __slots__ = ("kind", "uid")

    uid: int
    kind: ManaKind

    def __init__(self, kind: ManaKind, uid: int | None = None) -> None:
        if not isinstance(kind, ManaKind):
            raise MtgManaError(f"not a kind of mana: {kind!r}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "uid", _next_uid() if uid is None else uid)

    @classmethod
    def make(
        cls,
        mana_type: ManaType | str,
        *,
        source: Source | None = None,
        snow: bool = False,
        legendary: bool = False,
        restriction: Restriction | None = None,
        riders: tuple[Rider, ...] = (),
        duration: Duration = Duration.NORMAL,
    ) -> Mana:
        """One new unit of mana."""
        if isinstance(mana_type, str):
            mana_type = ManaType.parse(mana_type)
        kind = ManaKind(mana_type, source, snow, legendary, restriction, riders, duration)
        return cls(kind)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Mana is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Mana is immutable")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mana):
            return self.uid == other.uid
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.uid)

    def __reduce__(self) -> tuple[object, tuple[ManaKind, int]]:
        return (Mana, (self.kind, self.uid))

    def __repr__(self) -> str:
        return f"Mana({self.kind!r}, uid={self.uid})"

    def to_json(self) -> dict[str, Any]:
        """The unit as plans and payments show it: its type, its source's id (CR
        106.3) when it has one, ``snow`` when it came from a snow source (CR 107.4h),
        ``legendary`` likewise, and the restriction on spending it (CR 106.6).

        >>> Mana.make("G", source=Source(3, "Snow-Covered Forest"), snow=True).to_json()
        {'type': 'G', 'source': 3, 'snow': True}
        """
        kind = self.kind
        data: dict[str, Any] = {"type": kind.type._value_}  # (not the property: hot)
        if kind.source is not None:
            data["source"] = kind.source.id
        if kind.snow:
            data["snow"] = True
        if kind.legendary:
            data["legendary"] = True
        if kind.restriction is not None:
            data["restriction"] = str(kind.restriction)
        return data

    def __str__(self) -> str:
        return self.kind.type.symbol

    # Shortcuts to the kind.
    @property
    def type(self) -> ManaType:
        return self.kind.type

    @property
    def color(self) -> Color:
        return self.kind.type.color

    @property
    def source(self) -> Source | None:
        return self.kind.source

    @property
    def snow(self) -> bool:
        return self.kind.snow

    @property
    def legendary(self) -> bool:
        return self.kind.legendary

    @property
    def restriction(self) -> Restriction | None:
        return self.kind.restriction

    @property
    def riders(self) -> tuple[Rider, ...]:
        return self.kind.riders

    @property
    def duration(self) -> Duration:
        return self.kind.duration


def units(kind: ManaKind, count: int) -> Iterator[Mana]:
    """``count`` new units of one kind."""
    return (Mana(kind) for _ in range(count))
