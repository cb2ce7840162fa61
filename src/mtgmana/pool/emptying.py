"""When unspent mana empties (CR 106.4, 500.5, 500.5a, 514.2), the rules of 2008
(the 2007 glossary's "Mana Pool" and "Mana Burn"), and the effects that keep or
change unspent mana.

:class:`Ending` says what is ending, :class:`Rules` which rules apply (the current
rules, :data:`RULES_2008`, or mana burn on its own), :class:`Retention` the effects an
engine puts on a pool (Upwelling, Omnath, Kruphix), and :class:`EmptyResult` what
emptying did. :meth:`ManaPool.empty <mtgmana.pool.ManaPool.empty>` uses them.

>>> from mtgmana.pool.emptying import CURRENT_RULES, RULES_2008, Ending, Retention, Rules
>>> CURRENT_RULES.empties_at(Ending.STEP), RULES_2008.empties_at(Ending.STEP)
(True, False)
>>> RULES_2008.mana_burn, Rules(mana_burn=True).empties_at(Ending.STEP)
(True, True)
>>> print(Retention.type("G", name="Omnath, Locus of Mana"))
Omnath, Locus of Mana: unspent green mana isn't lost as steps and phases end
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias

from ..colors import ManaType
from ..errors import MtgManaError
from ..mana import Mana

__all__ = ["CURRENT_RULES", "RULES_2008", "EmptyResult", "Ending", "Retention", "Rules"]


class Ending(enum.Enum):
    """What is ending when the pool empties (CR 500.5). Use the broadest one:

    ``STEP`` a step ends and its phase goes on; ``PHASE`` a phase ends (the last step
    of a phase, or a main phase); ``COMBAT`` the combat phase ends (CR 500.5a: "until
    end of combat" ends here); ``TURN`` the cleanup step ends, so the ending phase and
    the turn end too ("until end of turn" effects ended during cleanup, CR 514.2).
    """

    STEP = "step"
    PHASE = "phase"
    COMBAT = "combat"
    TURN = "turn"

    @property
    def ends_phase(self) -> bool:
        return self is not Ending.STEP

    def __repr__(self) -> str:
        return f"Ending.{self.name}"


@dataclass(frozen=True)
class Rules:
    """Which rules about unspent mana apply.

    ``empties_at_end_of_steps``: the pool empties at the end of each step and phase
    (CR 106.4, current) or only at the end of each phase (2007 glossary, "Mana Pool").
    ``mana_burn``: a player loses 1 life for each mana lost as the pool empties
    (2007 glossary, "Mana Burn"); life loss, not damage, so damage prevention doesn't
    apply. Mana burn on its own is ``Rules(mana_burn=True)``.
    """

    empties_at_end_of_steps: bool = True
    mana_burn: bool = False
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        for attribute in ("empties_at_end_of_steps", "mana_burn"):
            if not isinstance(getattr(self, attribute), bool):
                raise MtgManaError(f"Rules.{attribute} must be True or False")
        if not isinstance(self.name, str):
            raise MtgManaError("Rules.name must be a string")

    def empties_at(self, ending: Ending) -> bool:
        """Whether unspent mana empties as ``ending`` ends."""
        return self.empties_at_end_of_steps or ending.ends_phase

    def __str__(self) -> str:
        if self.name:
            return f"{self.name} rules"
        steps = "steps and phases" if self.empties_at_end_of_steps else "phases"
        return f"pool empties at the end of {steps}" + (", mana burn" if self.mana_burn else "")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "empties_at_end_of_steps": self.empties_at_end_of_steps,
            "mana_burn": self.mana_burn,
        }
        if self.name:
            data["name"] = self.name
        return data


CURRENT_RULES: Final = Rules(name="current")
"""CR 106.4: the pool empties at the end of each step and phase; no mana burn."""

RULES_2008: Final = Rules(empties_at_end_of_steps=False, mana_burn=True, name="2008")
"""The 2007 glossary and 2008 rulings: the pool empties at the end of each phase and
each mana lost that way costs 1 life (mana burn; removed with Magic 2010)."""

RetentionEffect: TypeAlias = Literal["all", "type", "becomes"]


@dataclass(frozen=True)
class Retention:
    """An effect on unspent mana that would be lost, supplied by the engine while the
    permanent that makes it is around. Build with the class methods:

    - :meth:`all` — "Players don't lose unspent mana as steps and phases end" (Upwelling);
    - :meth:`type` — "You don't lose unspent green mana as steps and phases end" (Omnath,
      Locus of Mana; Leyline Tyrant for red);
    - :meth:`becomes` / :meth:`becomes_colorless` — "If you would lose unspent mana, that
      mana becomes colorless instead" (Kruphix, Horizon Stone; Omnath, Locus of All:
      black). This applies to any loss, also by effects such as Mana Short.

    ``name`` is for people (the card's name) and doesn't take part in equality.
    """

    effect: RetentionEffect
    mana_type: ManaType | None = None
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.effect == "all":
            if self.mana_type is not None:
                raise MtgManaError("Retention.all() takes no type of mana")
        elif self.effect in ("type", "becomes"):
            if not isinstance(self.mana_type, ManaType):
                raise MtgManaError(f"Retention.{self.effect}() needs a ManaType")
        else:
            raise MtgManaError(f"unknown retention effect {self.effect!r}")
        if not isinstance(self.name, str):
            raise MtgManaError("Retention.name must be a string")

    @classmethod
    def all(cls, *, name: str = "") -> Retention:
        """No unspent mana is lost as steps and phases end (Upwelling)."""
        return cls("all", None, name)

    @classmethod
    def type(cls, mana_type: ManaType | str, *, name: str = "") -> Retention:
        """Unspent mana of this type isn't lost as steps and phases end (Omnath)."""
        return cls("type", _mana_type(mana_type), name)

    @classmethod
    def becomes(cls, mana_type: ManaType | str, *, name: str = "") -> Retention:
        """Mana that would be lost becomes this type instead (Omnath, Locus of All)."""
        return cls("becomes", _mana_type(mana_type), name)

    @classmethod
    def becomes_colorless(cls, *, name: str = "") -> Retention:
        """Mana that would be lost becomes colorless instead (Kruphix, Horizon Stone)."""
        return cls("becomes", ManaType.C, name)

    def __repr__(self) -> str:
        name = f"name={self.name!r}" if self.name else ""
        if self.effect == "all":
            return f"Retention.all({name})"
        args = ", ".join(a for a in (repr(self.mana_type), name) if a)
        return f"Retention.{self.effect}({args})"

    def __str__(self) -> str:
        what = {
            "all": "no unspent mana is lost as steps and phases end",
            "type": f"unspent {_full(self.mana_type)} mana isn't lost as steps and phases end",
            "becomes": f"mana that would be lost becomes {_full(self.mana_type)} instead",
        }[self.effect]
        return f"{self.name}: {what}" if self.name else what

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"effect": self.effect}
        if self.mana_type is not None:
            data["type"] = self.mana_type.value
        if self.name:
            data["name"] = self.name
        return data


def _full(mana_type: ManaType | None) -> str:
    return mana_type.full_name if mana_type is not None else ""


def _mana_type(value: ManaType | str) -> ManaType:
    if isinstance(value, ManaType):
        return value
    if isinstance(value, str):
        return ManaType.parse(value)
    raise MtgManaError(f"not a type of mana: {value!r}")


@dataclass(frozen=True)
class EmptyResult:
    """What emptying the pool (or losing its mana) did.

    ``lost`` the units that left the pool; ``converted`` pairs ``(before, after)`` of
    units that stayed but changed (same ``uid``): turned into another type by a
    :meth:`Retention.becomes` effect, or kept past the end of their "until end of
    turn/combat" effect (their duration is normal from then on); ``life_lost`` mana
    burn, 1 life per mana lost (loss of life, CR 119.3, not damage: it is never
    prevented, and unlike paying life (CR 119.4) it happens whatever the life total).
    """

    lost: tuple[Mana, ...] = ()
    converted: tuple[tuple[Mana, Mana], ...] = ()
    life_lost: int = 0
    ending: Ending | None = None
