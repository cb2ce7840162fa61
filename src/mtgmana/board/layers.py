"""Applying continuous effects in layer order (CR 613): :func:`apply_layers` gives each
permanent's characteristics after every :class:`~mtgmana.board.effects.ContinuousEffect`
on a board — in layer order, by timestamp within a layer (CR 613.7), by dependency
when one effect changes whether another exists or what it applies to (CR 613.8:
Blood Moon and Urborg), an effect that started to apply in one layer going on in the
later ones to the same permanents (CR 613.6). That is what the tapper sees
(:attr:`Board.effective <mtgmana.board.Board.effective>`).

>>> from dataclasses import replace
>>> from mtgmana.board import Board, Permanent
>>> from mtgmana.board.conditions import PermanentFilter
>>> from mtgmana.board.effects import ContinuousEffect, Layer
>>> nonbasic = PermanentFilter(card_types=frozenset({"Land"}), controller="any",
...                            excluded_supertypes=frozenset({"Basic"}))
>>> moon = ContinuousEffect(nonbasic, Layer.TYPE, frozenset({"Mountain"}), set_types=True,
...                         text="Nonbasic lands are Mountains.")
>>> blood_moon = replace(Permanent.named("Blood Moon", controller="opponent"), statics=(moon,))
>>> board = Board((Permanent.named("Island"), Permanent.named("Tundra"), blood_moon))
>>> [p.type_line for p in apply_layers(board).permanents[:2]]   # 305.7: a Mountain
['Basic Land — Island', 'Land — Mountain']
>>> [str(a) for a in apply_layers(board).permanents[1].abilities]
['{T}: Add {R}.']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from ..colors import Color, ManaType
from ..errors import MtgManaError
from ..restrictions import CARD_TYPES, SUPERTYPES
from .abilities import ActivationCost, ManaAbility
from .effects import (
    _TYPE_COLOR,
    BASIC_LAND_TYPES,
    LAND_TYPES,
    ContinuousEffect,
    Layer,
    intrinsic_ability,
)
from .permanent import Permanent
from .queries import BoardLike, matches

__all__ = ["apply_layers"]

B = TypeVar("B", bound=BoardLike)
"""A board (the type of what :func:`apply_layers` returns)."""

_Key = tuple[int, int]
"""An effect on a board: (index of its source permanent, or -1 - its index among the
board's effects; its place among the source's statics)."""
_Group = tuple[int, object]
"""The effects of one static ability: its source's index and its text (the place of
the effect when it has none): the parts, in their layers, of one effect (CR 613.6)."""


@dataclass
class _State:
    """The characteristics being computed, per permanent."""

    supertypes: list[frozenset[str]]
    card_types: list[frozenset[str]]
    subtypes: list[frozenset[str]]
    colors: list[Color]
    abilities: list[tuple[ManaAbility, ...]]
    statics: list[tuple[ContinuousEffect, ...]]
    lost: list[bool]  # lost its rules text's abilities (CR 305.7, "loses all abilities")
    stale: list[bool]  # lost basic land types; its abilities may still hold theirs
    started: dict[_Group, tuple[int, ...]] = field(default_factory=dict)
    """The effects that started to apply, and to which permanents (CR 613.6)."""

    def copy(self) -> _State:
        return _State(
            list(self.supertypes), list(self.card_types), list(self.subtypes),
            list(self.colors), list(self.abilities), list(self.statics), list(self.lost),
            list(self.stale), dict(self.started),
        )  # fmt: skip


def apply_layers(board: B) -> B:
    """The board with every permanent's characteristics after the continuous
    effects on it (CR 613): type line, colors, abilities; triggered mana abilities,
    replacement effects and statics of permanents that lost their abilities (CR
    305.7) are gone. The board itself when nothing applies.

    Raises :class:`~mtgmana.MtgManaError` when a land loses a basic land type and
    keeps an ability that may be the one that type gave it (CR 305.6) — merged with
    its printed abilities, so the model can't tell them apart — unless an effect
    then removes its abilities (as every real card that makes lands lose land types
    does)."""
    effects = [e for e in board.effects if isinstance(e, ContinuousEffect)]
    if not effects and not any(p.statics for p in board.permanents):
        return board
    permanents = board.permanents
    state = _State(
        [p.supertypes for p in permanents],
        [p.card_types for p in permanents],
        [p.subtypes for p in permanents],
        [p.colors for p in permanents],
        [p.abilities for p in permanents],
        [p.statics for p in permanents],
        [False] * len(permanents),
        [False] * len(permanents),
    )
    for layer in (Layer.TYPE, Layer.COLOR, Layer.ABILITY):
        state = _apply_layer(board, state, layer, effects)
    _raise_costs(board, state, effects)
    changed = [_after_layers(permanent, state, i) for i, permanent in enumerate(permanents)]
    return board.with_state(permanents=tuple(changed))


def _type_line(
    supertypes: frozenset[str], card_types: frozenset[str], subtypes: frozenset[str]
) -> str:
    head = sorted(supertypes, key=lambda t: (_SUPER_ORDER.get(t, 99), t)) + sorted(
        card_types, key=lambda t: (_TYPE_ORDER.get(t, 99), t)
    )
    land: list[str] = [t for t in BASIC_LAND_TYPES if t in subtypes]
    rest = sorted(subtypes - set(BASIC_LAND_TYPES))
    tail = " ".join(rest + land)
    return " ".join(head) + (f" — {tail}" if tail else "")


def _group(key: _Key, effect: ContinuousEffect) -> _Group:
    return (key[0], effect.text or key[1])


def _alive(
    board: BoardLike, state: _State, layer: Layer, loose: Sequence[ContinuousEffect]
) -> dict[_Key, tuple[ContinuousEffect, int, int]]:
    """The effects of this layer that exist now: (effect, its source's index or -1,
    its timestamp). A permanent's effect exists while it has its static abilities
    (an effect whose source lost them no longer does), or once the effect started
    to apply in an earlier layer (CR 613.6)."""
    found: dict[_Key, tuple[ContinuousEffect, int, int]] = {}
    for k, effect in enumerate(loose):
        if effect.layer is layer:
            found[(-1 - k, 0)] = (effect, -1, -1 - len(loose) + k)  # before every permanent
    for i, permanent in enumerate(board.permanents):
        if not permanent.statics:
            continue
        has = bool(state.statics[i])
        stamp = permanent.timestamp if permanent.timestamp is not None else board.ids[i]
        for j, effect in enumerate(permanent.statics):
            if effect.layer is layer and (has or _group((i, j), effect) in state.started):
                found[(i, j)] = (effect, i, stamp)
    return found


def _applies_to(
    board: BoardLike, state: _State, effect: ContinuousEffect, source: int, group: _Group
) -> list[int]:
    """The indexes of the permanents the effect applies to, by their current
    characteristics — or those it started to apply to in an earlier layer (CR
    613.6)."""
    started = state.started.get(group)
    if started is not None:
        return list(started)
    owner = board.permanents[source].controller if source >= 0 else "you"
    holder = board.permanents[source] if source >= 0 else None
    found = []
    for i, permanent in enumerate(board.permanents):
        current = _current(permanent, state, i)
        if matches(
            effect.affects,
            current,
            board.ids[i],
            holder,
            owner,
            board.ids[source] if source >= 0 else None,
        ):
            found.append(i)
    return found


def _current(permanent: Permanent, state: _State, i: int) -> Permanent:
    """A stand-in with the permanent's current types and colors (what filters look at)."""
    return _Stand(  # type: ignore[return-value]
        permanent, state.supertypes[i], state.card_types[i], state.subtypes[i], state.colors[i]
    )


class _Stand:
    """Quacks like a :class:`~mtgmana.board.Permanent` for
    :func:`~mtgmana.board.matches`, with the types and colors computed so far."""

    def __init__(self, permanent: Any, supertypes: frozenset[str], card_types: frozenset[str],
                 subtypes: frozenset[str], colors: Color) -> None:  # fmt: skip
        self._permanent = permanent
        self.supertypes = supertypes
        self.card_types = card_types
        self.subtypes = subtypes
        self.colors = colors

    def __getattr__(self, name: str) -> Any:
        return getattr(self._permanent, name)


def _apply_one(state: _State, effect: ContinuousEffect, targets: Sequence[int]) -> _State:
    result = state.copy()
    for i in targets:
        if effect.layer is Layer.TYPE:
            _apply_type(result, effect, i)
        elif effect.layer is Layer.COLOR and effect.colors is not None:
            result.colors[i] = (
                (result.colors[i] | effect.colors) if effect.add_colors else effect.colors
            )
        elif effect.layer is Layer.ABILITY:
            if effect.removes_abilities:
                result.abilities[i] = ()
                result.statics[i] = ()
                result.lost[i] = True
                result.stale[i] = False
            result.abilities[i] = result.abilities[i] + tuple(
                a for a in effect.grants if a not in result.abilities[i]
            )
    return result


def _after_layers(permanent: Permanent, state: _State, i: int) -> Permanent:
    """Permanent ``i`` with the characteristics the layers gave it (the permanent
    itself when none changed); raises :class:`~mtgmana.MtgManaError` for a land
    that lost basic land types but keeps abilities that may be theirs (CR 305.6)."""
    if state.stale[i]:
        raise MtgManaError(
            f"{permanent.name} loses basic land types but keeps abilities that may be "
            "theirs (CR 305.6): not modelled"
        )
    type_line = _type_line(state.supertypes[i], state.card_types[i], state.subtypes[i])
    same = type_line == permanent.type_line or (
        state.supertypes[i],
        state.card_types[i],
        state.subtypes[i],
    ) == (permanent.supertypes, permanent.card_types, permanent.subtypes)
    lost = state.lost[i]
    if (
        same
        and state.colors[i] == permanent.colors
        and state.abilities[i] == permanent.abilities
        and not lost
    ):
        return permanent
    return replace(
        permanent,
        type_line=permanent.type_line if same else type_line,
        colors=state.colors[i],
        abilities=state.abilities[i],
        triggers=() if lost else permanent.triggers,
        replacements=() if lost else permanent.replacements,
        doublings=() if lost else permanent.doublings,
        statics=state.statics[i],
    )


def _apply_type(result: _State, effect: ContinuousEffect, i: int) -> None:
    """A layer 4 effect on permanent ``i`` (CR 205.1a, 305.6-305.7)."""
    before = _basic_types(result.card_types[i], result.subtypes[i])
    card_types, subtypes = _new_types(result.card_types[i], result.subtypes[i], effect)
    result.card_types[i] = card_types
    if effect.set_types and effect.land_types:  # CR 305.7
        result.subtypes[i] = (subtypes - LAND_TYPES) | effect.land_types
        result.abilities[i] = tuple(
            intrinsic_ability(t) for t in BASIC_LAND_TYPES if t in effect.land_types
        )
        result.statics[i] = ()
        result.lost[i] = True
        result.stale[i] = False
        return
    new = [t for t in BASIC_LAND_TYPES if t in effect.land_types and t not in subtypes]
    result.subtypes[i] = subtypes | effect.land_types
    gone = before - _basic_types(card_types, result.subtypes[i])
    if gone:  # CR 305.6: it no longer has their intrinsic abilities
        result.abilities[i] = _without_intrinsic(result.abilities[i], gone, before)
        result.stale[i] = result.stale[i] or _may_hold(result.abilities[i], gone)
    result.abilities[i] = result.abilities[i] + tuple(intrinsic_ability(t) for t in new)


def _new_types(
    card_types: frozenset[str], subtypes: frozenset[str], effect: ContinuousEffect
) -> tuple[frozenset[str], frozenset[str]]:
    """The card types and subtypes a layer 4 effect leaves (before its land types):
    added, or instead of the old ones (CR 205.1a), less land types it removes."""
    new_card_types = card_types | effect.card_types
    if effect.set_card_types:  # CR 205.1a: instead of its card types (an instant stays one)
        new_card_types = effect.card_types | (card_types & {"Instant", "Sorcery"})
        subtypes = frozenset(s for s in subtypes if _kind(s) & new_card_types)
    if effect.subtypes:  # CR 205.1a: instead of its subtypes of the same kind
        kinds = {_kind(s) for s in effect.subtypes}
        subtypes = frozenset(s for s in subtypes if _kind(s) not in kinds) | effect.subtypes
    if effect.loses_land_types:
        subtypes = subtypes - LAND_TYPES
    return new_card_types, subtypes


def _basic_types(card_types: frozenset[str], subtypes: frozenset[str]) -> frozenset[str]:
    """The basic land types that give a permanent an intrinsic ability (CR 305.6: a
    land's)."""
    return frozenset(subtypes & _BASIC) if "Land" in card_types else frozenset()


def _without_intrinsic(
    abilities: tuple[ManaAbility, ...], gone: frozenset[str], before: frozenset[str]
) -> tuple[ManaAbility, ...]:
    """The abilities without those of the basic land types ``gone``, where they are
    apart: "{T}: Add {G}" of a Forest, "{T}: Add {W} or {U}" of a Plains Island
    whose both types are gone (the reader merges a land's intrinsic abilities)."""
    intrinsic = {intrinsic_ability(t) for t in gone}
    if before <= gone and len(before) > 1:
        intrinsic.add(ManaAbility.simple("".join(_TYPE_COLOR[t] for t in sorted(before))))
    return tuple(a for a in abilities if a not in intrinsic)


def _may_hold(abilities: tuple[ManaAbility, ...], gone: frozenset[str]) -> bool:
    """Whether an ability may hold the intrinsic ability of a basic land type
    ``gone`` (merged with a printed one): "{T}" alone, making that type's mana."""
    colors = {ManaType(_TYPE_COLOR[t]) for t in gone}
    return any(
        a.cost == _TAP and a.condition is None and any(
            isinstance(s, frozenset) and s & colors for c in a.production.choices
            for s in c.slots
        )
        for a in abilities
    )  # fmt: skip


def _raise_costs(board: BoardLike, state: _State, loose: Sequence[ContinuousEffect]) -> None:
    """Costs raised by the effects that exist once the layers are applied, on every
    mana ability the permanents then have ("Mana abilities of this land cost an
    additional 1 life", CR 602.2b, 601.2f)."""
    for key, (effect, source, _) in _alive(board, state, Layer.ABILITY, loose).items():
        if not effect.extra_life:
            continue
        for i in _applies_to(board, state, effect, source, _group(key, effect)):
            state.abilities[i] = tuple(
                replace(a, cost=_more_life(a.cost, effect.extra_life)) for a in state.abilities[i]
            )


def _more_life(cost: ActivationCost, life: int) -> ActivationCost:
    text = f"{cost.text}, Pay {life} life" if cost.text else ""
    return replace(cost, life=cost.life + life, text=text)


def _apply_layer(
    board: BoardLike, state: _State, layer: Layer, loose: Sequence[ContinuousEffect]
) -> _State:
    """Apply the layer's effects one at a time (CR 613.8b-c): of those that exist
    and don't depend on another not yet applied — or, in a dependency loop, of all
    of them — the earliest by timestamp; then look again."""
    applied: set[_Key] = set()
    while True:
        alive = {k: v for k, v in _alive(board, state, layer, loose).items() if k not in applied}
        if not alive:
            return state
        free = [
            k
            for k in alive
            if not any(_depends(board, state, layer, loose, alive, k, o) for o in alive if o != k)
        ]
        pool = free or list(alive)
        key = min(pool, key=lambda k: (alive[k][2], k))
        effect, source, _ = alive[key]
        group = _group(key, effect)
        targets = _applies_to(board, state, effect, source, group)
        state = _apply_one(state, effect, targets)
        state.started.setdefault(group, tuple(targets))
        applied.add(key)


def _depends(
    board: BoardLike,
    state: _State,
    layer: Layer,
    loose: Sequence[ContinuousEffect],
    alive: dict[_Key, tuple[ContinuousEffect, int, int]],
    key: _Key,
    other: _Key,
) -> bool:
    """Whether effect ``key`` depends on ``other`` (CR 613.8a): applying ``other``
    would change whether ``key`` exists or what it applies to."""
    effect, source, _ = alive[key]
    theirs, their_source, _ = alive[other]
    their_group = _group(other, theirs)
    targets = _applies_to(board, state, theirs, their_source, their_group)
    after = _apply_one(state, theirs, targets)
    after.started.setdefault(their_group, tuple(targets))
    if key not in _alive(board, after, layer, loose):
        return True
    group = _group(key, effect)
    return _applies_to(board, after, effect, source, group) != _applies_to(
        board, state, effect, source, group
    )


_SUPER_ORDER: Final = {
    t: i for i, t in enumerate(("Basic", "Legendary", "Ongoing", "Snow", "World"))
}
_TYPE_ORDER: Final = {
    t: i
    for i, t in enumerate(
        ("Kindred", "Tribal", "Enchantment", "Artifact", "Land", "Creature", "Planeswalker",
         "Battle", "Instant", "Sorcery")
    )
}  # fmt: skip
assert set(_SUPER_ORDER) <= SUPERTYPES and set(_TYPE_ORDER) - {"Tribal"} <= CARD_TYPES | {"Kindred"}

_BASIC: Final = frozenset(BASIC_LAND_TYPES)
_ARTIFACT_TYPES: Final = frozenset(
    {"Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food",
     "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone",
     "Spacecraft", "Stone", "Treasure", "Vehicle"}
)  # fmt: skip
"""CR 205.3g."""
_ENCHANTMENT_TYPES: Final = frozenset(
    {"Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune",
     "Saga", "Shard", "Shrine"}
)  # fmt: skip
"""CR 205.3h."""
_SPELL_TYPES: Final = frozenset({"Adventure", "Arcane", "Lesson", "Omen", "Trap"})  # 205.3k
_TAP: Final = ManaAbility.simple("C").cost


def _kind(subtype: str) -> frozenset[str]:
    """The card types whose subtype it is (CR 205.3g-m, 205.3q); creature and
    planeswalker types are told apart by neither."""
    if subtype in LAND_TYPES:
        return frozenset({"Land"})
    if subtype in _ARTIFACT_TYPES:
        return frozenset({"Artifact"})
    if subtype in _ENCHANTMENT_TYPES:
        return frozenset({"Enchantment"})
    if subtype in _SPELL_TYPES:
        return frozenset({"Instant", "Sorcery"})
    if subtype == "Siege":
        return frozenset({"Battle"})
    return frozenset({"Creature", "Kindred", "Tribal", "Planeswalker"})
