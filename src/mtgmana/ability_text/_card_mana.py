"""Private: :class:`CardMana`, what a card's text says about mana (CR 605: its mana
abilities; CR 106.12b, 614: its replacement effects on mana production; CR 604, 613:
the continuous effects its static abilities generate), the result of
:func:`mtgmana.ability_text.parse_mana`."""

from __future__ import annotations

from dataclasses import dataclass

from ..board.abilities import ManaAbility, ManaReplacement, ManaTrigger, PoolDoubling
from ..board.effects import ContinuousEffect

__all__ = ["CardMana"]


@dataclass(frozen=True)
class CardMana:
    """What a card's text says about mana.

    ``abilities`` are its activated mana abilities (CR 605.1a), ``triggers`` its
    triggered mana abilities (CR 605.1b), ``replacements`` its replacement effects
    on mana production (CR 106.12b), ``statics`` the continuous effects of its
    static abilities that change what permanents are or which mana abilities they
    have (CR 604, 613: Chromatic Lantern, Urborg, Blood Moon). ``unsupported`` pairs
    the text of each mana ability — or mana-relevant static ability — that couldn't
    be modelled exactly with the reason; ``notes`` records what was read but isn't
    part of the model (effects after the mana is added, lines that add mana without
    being mana abilities).
    """

    abilities: tuple[ManaAbility, ...] = ()
    triggers: tuple[ManaTrigger, ...] = ()
    replacements: tuple[ManaReplacement, ...] = ()
    unsupported: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    statics: tuple[ContinuousEffect, ...] = ()
    keywords: frozenset[str] = frozenset()
    """The keyword abilities its text gives it on a line of their own that mana
    abilities ask about, in lower case ("defender": what "creatures you control with
    defender" counts)."""
    doublings: tuple[PoolDoubling, ...] = ()
    """Its activated mana abilities that double the mana in your pool (Doubling Cube:
    CR 605.1a, 701.10f)."""

    @property
    def supported(self) -> bool:
        """Whether every mana ability in the text was modelled."""
        return not self.unsupported

    @property
    def has_mana(self) -> bool:
        """Whether the text has any mana ability, mana replacement effect or
        mana-relevant static ability, modelled or not."""
        return bool(
            self.abilities
            or self.triggers
            or self.replacements
            or self.statics
            or self.unsupported
            or self.doublings
        )
