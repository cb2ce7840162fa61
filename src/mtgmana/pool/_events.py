"""Private: what a mana pool reports, re-exported by :mod:`mtgmana.pool`: its two
errors (a unit that isn't in the pool, CR 118.3; a unit whose restriction forbids
the spend, CR 106.6) and its events (mana added, CR 106.4 and "tapped for mana",
106.12a; spent with its riders, 106.6a; lost; converted)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from ..errors import MtgManaError
from ..mana import Mana, Rider
from ..restrictions import Spend, SpendKind
from .emptying import Ending

__all__ = [
    "ManaAdded",
    "ManaConverted",
    "ManaEvent",
    "ManaLost",
    "ManaNotInPool",
    "ManaSpent",
    "RestrictedManaError",
    "describe_spend",
]


class ManaNotInPool(MtgManaError, LookupError):
    """A unit to spend or move that is not in the pool (or is listed twice). Nothing
    was changed (CR 118.3: a player can't pay without the resources)."""

    def __init__(self, message: str, unit: Mana) -> None:
        super().__init__(message)
        self.unit = unit


class RestrictedManaError(MtgManaError):
    """A unit whose restriction forbids the described spend (CR 106.6). Nothing was
    changed."""

    def __init__(self, message: str, unit: Mana, spend: Spend) -> None:
        super().__init__(message)
        self.unit = unit
        self.spend = spend


@dataclass(frozen=True)
class ManaAdded:
    """Mana was added to the pool, by the ability described by ``ability`` (the
    engine's text, e.g. ``"{T}: Add {G}."``)."""

    units: tuple[Mana, ...]
    ability: str | None = None

    @property
    def tapped_for_mana(self) -> bool:
        """Whether the ability's cost includes ``{T}`` (CR 106.12: "tapped for mana"),
        so "whenever a permanent is tapped for mana" triggers (106.12a)."""
        if not self.ability or ":" not in self.ability:
            return False
        return "{T}" in self.ability.split(":", 1)[0]


@dataclass(frozen=True)
class ManaSpent:
    """One unit was spent on ``spend``; ``riders`` are its additional effects and
    delayed triggers (CR 106.6, 106.6a: one per unit) for the engine to apply."""

    unit: Mana
    spend: Spend
    riders: tuple[Rider, ...]


@dataclass(frozen=True)
class ManaLost:
    """Units left the pool unspent: as ``ending`` ended, or by an effect (``None``)."""

    units: tuple[Mana, ...]
    ending: Ending | None = None
    life_lost: int = 0


@dataclass(frozen=True)
class ManaConverted:
    """Units stayed in the pool but changed (``before[i]`` became ``after[i]``)."""

    before: tuple[Mana, ...]
    after: tuple[Mana, ...]
    ending: Ending | None = None


ManaEvent: TypeAlias = ManaAdded | ManaSpent | ManaLost | ManaConverted


def describe_spend(spend: Spend) -> str:
    """Words for what mana is spent on, for error messages."""
    if spend.kind is SpendKind.SPELL:
        words = [t.lower() for t in sorted(spend.card_types)] or [""]
        what = " ".join([*sorted(spend.subtypes), *words, "spell"]).replace("  ", " ").strip()
        article = "an" if what[0] in "aeiou" else "a"
        return f"{article} {what}"
    if spend.kind is SpendKind.ABILITY:
        return f"an {spend.action} ability" if spend.action else "an activated ability"
    return f"a {spend.action} cost" if spend.action else "a cost"
