"""What a card's static effects (CR 604.1, 611.3, 613) do for its role in a mana
base (:mod:`mtgmana.analysis.roles`): the mana abilities it has as they make it on a battlefield of
its own, and whether they only ever give mana."""

from __future__ import annotations

from collections.abc import Sequence

from ...board import Board, Permanent
from ...board.abilities import ManaAbility
from ...board.effects import ContinuousEffect, Layer

__all__ = ["alone_abilities", "helps_mana", "takes_types"]


def alone_abilities(permanent: Permanent) -> tuple[ManaAbility, ...]:
    """Its mana abilities as its static effects make it on a battlefield of its own
    (CR 613: Urborg is a Swamp, CR 305.6), those they grant only while a condition
    holds there (The World Tree's six lands)."""
    board = Board((permanent,)).effective
    printed = permanent.abilities
    return tuple(
        ability
        for ability in board.permanents[0].abilities
        if ability in printed or ability.condition is None or board.holds(0, ability.condition)
    )


def helps_mana(effects: Sequence[ContinuousEffect]) -> bool:
    """Whether static effects only ever give mana: each adds land types or grants
    mana abilities (CR 305.7, 613.1d, 613.1f) — none sets land types or removes
    abilities (Blood Moon, Humility) or affects only an attached permanent.

    >>> from mtgmana.board import Permanent
    >>> helps_mana(Permanent.named("Prismatic Omen").statics)
    True
    >>> helps_mana(Permanent.named("Blood Moon").statics)
    False
    """
    found = False
    for effect in effects:
        if effect.affects.attached or effect.set_types or effect.removes_abilities:
            return False
        if takes_types(effect):
            return False
        if effect.layer is Layer.ABILITY or (effect.layer is Layer.TYPE and effect.land_types):
            found = True
    return found


def takes_types(effect: ContinuousEffect) -> bool:
    """Whether a layer-4 effect sets card types or subtypes instead of theirs or
    removes land types (CR 205.1a: Song of the Dryads, Lithoform Blight)."""
    return bool(
        getattr(effect, "set_card_types", False)
        or getattr(effect, "subtypes", ())
        or getattr(effect, "loses_land_types", False)
    )
