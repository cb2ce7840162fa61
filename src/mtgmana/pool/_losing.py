"""Private: what becomes of unspent mana as a step or phase ends (CR 106.4, 500.5:
lost, unless it lasts longer or a retention effect keeps it) or when an effect makes
a player lose it (conversion effects: "that mana becomes colorless instead"),
applied to a pool's units kind by kind."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from ..colors import ManaType
from ..mana import Duration, Mana, ManaKind
from ._json import trusted_units
from .emptying import EmptyResult, Ending, Retention

__all__ = ["LOSE", "Fate", "fate_at", "fate_by_effect", "lose"]


class _Lose(enum.Enum):
    LOSE = "lose"


LOSE: Final = _Lose.LOSE
Fate: TypeAlias = "tuple[ManaType, Duration] | _Lose | None"
"""What emptying does to mana of one type and duration: ``None`` nothing, ``LOSE``
lose it, or ``(type, duration)`` change it to that."""


def fate_at(
    retention: Sequence[Retention], mana_type: ManaType, duration: Duration, ending: Ending
) -> Fate:
    """What happens to unspent mana of this type and duration as ``ending`` ends."""
    if duration is Duration.UNTIL_END_OF_TURN and ending is not Ending.TURN:
        return None
    if duration is Duration.UNTIL_END_OF_COMBAT and ending not in (Ending.COMBAT, Ending.TURN):
        return None
    # Any "until end of ..." effect has ended now (CR 500.5, 514.2).
    for effect in retention:
        if effect.effect == "all" or (effect.effect == "type" and effect.mana_type is mana_type):
            return (mana_type, Duration.NORMAL)
    return fate_by_effect(retention, mana_type, Duration.NORMAL)


def fate_by_effect(retention: Sequence[Retention], mana_type: ManaType, duration: Duration) -> Fate:
    """What an effect that makes the player lose unspent mana does to this mana: a
    conversion effect changes it instead ("that mana becomes colorless instead")."""
    for effect in retention:
        if effect.effect == "becomes":
            assert effect.mana_type is not None
            return (effect.mana_type, duration)
    return LOSE


def lose(
    by_uid: dict[int, Mana],
    by_kind: dict[ManaKind, dict[int, Mana]],
    fate_of: Callable[[ManaType, Duration], Fate],
    ending: Ending | None,
) -> tuple[EmptyResult, dict[ManaKind, dict[int, Mana]]]:
    """Apply ``fate_of`` (decided once per type and duration) to every unit of a
    pool's units by uid (changed in place) and by kind; the result, and the units by
    kind afterwards."""
    if not by_kind:
        return EmptyResult(ending=ending), by_kind
    decided, fates = _fates(by_kind, fate_of)
    if all(fate is LOSE for fate in decided.values()):
        everything = tuple(by_uid.values())
        by_uid.clear()
        by_kind.clear()
        return EmptyResult(everything, (), 0, ending), by_kind
    lost = _remove_lost(by_uid, fates)
    converted, remaining = _convert(by_uid, fates)
    return EmptyResult(lost, tuple(converted), 0, ending), remaining


def _fates(
    by_kind: dict[ManaKind, dict[int, Mana]], fate_of: Callable[[ManaType, Duration], Fate]
) -> tuple[dict[tuple[ManaType, Duration], Fate], list[tuple[ManaKind, dict[int, Mana], Fate]]]:
    """The fate of each type and duration (decided once each), and of each kind's
    units (``None``: unchanged)."""
    decided: dict[tuple[ManaType, Duration], Fate] = {}
    fates: list[tuple[ManaKind, dict[int, Mana], Fate]] = []
    for kind, bucket in by_kind.items():
        key = (kind.type, kind.duration)
        if key in decided:
            fate = decided[key]
        else:
            fate = decided[key] = fate_of(*key)
        if fate is not None and fate is not LOSE and fate == key:
            fate = None  # unchanged
        fates.append((kind, bucket, fate))
    return decided, fates


def _remove_lost(
    by_uid: dict[int, Mana], fates: list[tuple[ManaKind, dict[int, Mana], Fate]]
) -> tuple[Mana, ...]:
    """Remove the units that are lost from ``by_uid``; return them in pool order."""
    lost_uids: set[int] = set()
    for _, bucket, fate in fates:
        if fate is LOSE:
            lost_uids.update(bucket)
    if not lost_uids:
        return ()
    lost = tuple([u for uid, u in by_uid.items() if uid in lost_uids])
    for uid in lost_uids:
        del by_uid[uid]
    return lost


def _convert(
    by_uid: dict[int, Mana], fates: list[tuple[ManaKind, dict[int, Mana], Fate]]
) -> tuple[list[tuple[Mana, Mana]], dict[ManaKind, dict[int, Mana]]]:
    """Change the units whose fate is another type or duration (in place in
    ``by_uid``, each keeping its place); the changes, and the units kept by kind."""
    converted: list[tuple[Mana, Mana]] = []
    remaining: dict[ManaKind, dict[int, Mana]] = {}
    for kind, bucket, fate in fates:
        if fate is LOSE:
            continue
        if fate is None:
            target = remaining.get(kind)
            if target is None:
                remaining[kind] = bucket
            else:
                target.update(bucket)
            continue
        assert isinstance(fate, tuple)
        new_kind = ManaKind(fate[0], kind.source, kind.snow, kind.legendary,
                            kind.restriction, kind.riders, fate[1])  # fmt: skip
        changed = trusted_units(new_kind, bucket)  # same uids
        moved = dict(zip(bucket, changed, strict=True))
        by_uid.update(moved)  # same keys: each keeps its place in the pool
        remaining.setdefault(new_kind, {}).update(moved)
        converted.extend(zip(bucket.values(), changed, strict=True))
    return converted, remaining
