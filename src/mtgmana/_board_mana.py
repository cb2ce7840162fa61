"""Private: what permanents on a board could produce and what their abilities ask of
the board, for :class:`mtgmana.battlefield.Board` (whose methods of the same names
document them): the permanents a filter names (CR 109, 205), triggered mana
abilities and replacement effects that apply to a permanent tapped for mana (CR
106.12, 605.1b, 614), the types of mana each permanent could produce (CR 106.7, a
least fixed point), dynamic slots ("any color that a land you control could
produce"), conditions (CR 602.5b) and board-dependent amounts (devotion, CR 700.5;
power, CR 107.1b)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from .abilities import (
    Amount,
    Condition,
    DynamicSlot,
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PermanentFilter,
    ReplacementKind,
)
from .colors import Color
from .errors import MtgManaError
from .mana import ManaType

if TYPE_CHECKING:
    from .battlefield import Board, Permanent

__all__ = [
    "can_activate",
    "could_produce",
    "count",
    "holds",
    "matches",
    "replaced_types",
    "replacements_for",
    "resolve_slot",
    "trigger_sources",
    "triggers_for",
]

_COLORED: Final = frozenset(t for t in ManaType if t is not ManaType.C)


def matches(
    item: PermanentFilter,
    permanent: Permanent,
    index: int,
    source: Permanent | None,
    owner: str,
    source_index: int | None = None,
) -> bool:
    """Whether ``permanent`` (whose id on the board is ``index``) is one the filter
    names, seen from the controller ``owner`` of the effect (whose "you" it is);
    ``source_index`` is the id of the effect's own permanent ("other Gates" excludes
    it). Only permanents on the battlefield are permanents (a card in a hand is
    none, CR 110.1)."""
    if permanent.zone != "battlefield":
        return False
    if item.attached:
        # "enchanted land": the permanent it is attached to, whoever controls it
        if source is None or source.attached_to != index:
            return False
    elif not _whose(item, permanent.controller, index, owner, source_index):
        return False
    if item.token is not None and permanent.token != item.token:
        return False
    if item.excluded_card_types & permanent.card_types:
        return False
    if item.card_types and not (item.card_types & permanent.card_types):
        return False
    if item.subtypes and not (item.subtypes & permanent.subtypes):
        return False
    if not item.all_subtypes <= permanent.subtypes:
        return False
    if not item.supertypes <= permanent.supertypes:
        return False
    if item.name and item.name.casefold() != permanent.name.casefold():
        return False
    if item.min_power is not None and permanent.power < item.min_power:
        return False
    return not (item.excluded_supertypes & permanent.supertypes)


def _whose(
    item: PermanentFilter, controller: str, index: int, owner: str, source_index: int | None
) -> bool:
    """Whether a permanent (its controller, its id) is one the filter's "this", "other"
    and "you control" / "an opponent controls" allow."""
    if item.itself:
        return index == source_index
    if item.other and index == source_index:
        return False
    if item.controller == "you":
        return controller == owner
    return item.controller != "opponent" or controller != owner


def triggers_for(board: Board, index: int) -> list[ManaTrigger]:
    """Triggered mana abilities that trigger when permanent ``index`` is tapped
    for mana (CR 106.12a, 605.1b)."""
    return [trigger for trigger, _ in trigger_sources(board, index)]


def trigger_sources(board: Board, index: int) -> list[tuple[ManaTrigger, int | None]]:
    """:meth:`triggers_for` with the index of each trigger's permanent — the
    source of the mana it adds (CR 106.3) — or ``None`` for a board effect."""
    target = board.permanents[index]
    target_id = board.ids[index]
    found: list[tuple[ManaTrigger, int | None]] = []
    for where, source in enumerate(board.permanents):
        for trigger in source.triggers:
            if matches(trigger.tapped, target, target_id, source, source.controller):
                found.append((trigger, where))
    for effect in board.effects:
        if isinstance(effect, ManaTrigger) and matches(
            effect.tapped, target, target_id, None, target.controller
        ):
            found.append((effect, None))
    return found


def replacements_for(board: Board, index: int) -> list[ManaReplacement]:
    """Replacement effects that apply when permanent ``index`` is tapped for mana
    (CR 106.12b, 614)."""
    target = board.permanents[index]
    found: list[ManaReplacement] = []
    for source in board.permanents:
        for effect in source.replacements:
            # "If you tap a permanent for mana" (Mana Reflection) is its controller's.
            if matches(effect.applies_to, target, board.ids[index], source, source.controller):
                found.append(effect)
    for extra in board.effects:
        if isinstance(extra, ManaReplacement) and matches(
            extra.applies_to, target, board.ids[index], None, target.controller
        ):
            found.append(extra)
    return found


def replacement_sources(board: Board, index: int) -> tuple[int, ...]:
    """The indexes of the permanents whose replacement effects apply when permanent
    ``index`` is tapped for mana (as :func:`replacements_for` finds them)."""
    target = board.permanents[index]
    return tuple(
        where
        for where, source in enumerate(board.permanents)
        if any(
            matches(effect.applies_to, target, board.ids[index], source, source.controller)
            for effect in source.replacements
        )
    )


def could_produce(board: Board) -> list[frozenset[ManaType]]:
    """For each permanent, the types of mana it could produce (CR 106.7):
    what its abilities would produce if they resolved now, with replacement
    effects, ignoring whether costs could be paid. "Could produce" abilities
    (Exotic Orchard, Reflecting Pool) are resolved as a least fixed point."""
    current: list[frozenset[ManaType]] = [frozenset() for _ in board.permanents]
    while True:
        updated = [_produce(board, i, current) for i in range(len(board.permanents))]
        if updated == current:
            return current
        current = updated


def _produce(board: Board, index: int, known: Sequence[frozenset[ManaType]]) -> frozenset[ManaType]:
    permanent = board.permanents[index]
    types: set[ManaType] = set()
    for ability in permanent.abilities:
        condition = ability.condition
        if (
            condition is not None
            and not condition.activation
            and not holds(board, index, condition)
        ):
            continue  # the other half of an "instead" is the one that resolves
        per = ability.production.per
        for choice in ability.production.choices:
            made: set[ManaType] = set()
            for item in choice.slots:
                made |= resolve_slot(board, item, index, known)
            if per is None or _adds_some(board, index, per, made):
                types |= made
    if any(permanent.abilities):
        for trigger in triggers_for(board, index):
            if trigger.production is not None:
                for choice in trigger.production.choices:
                    for item in choice.slots:
                        types |= resolve_slot(board, item, index, known)
    return frozenset(replaced_types(board, index, types))


def _adds_some(board: Board, index: int, per: Amount, made: set[ManaType]) -> bool:
    """Whether an amount isn't zero (CR 106.7: "if that permanent wouldn't
    produce any mana ..."); counters removed as a cost are a cost, ignored."""
    if per.plus or per.kind == "counters":
        return True
    if per.kind == "fixed":
        return per.value > 0
    colors = per.colors
    if per.kind == "devotion" and not colors:
        colors = "".join(t.value for t in made if t is not ManaType.C)
    return count(board, index, per.kind, per.filter, colors) > 0


def replaced_types(board: Board, index: int, types: Iterable[ManaType]) -> set[ManaType]:
    """Types after "produces ... instead" replacements (Contamination, Pale Moon,
    Damping Sphere): what the permanent could produce (CR 106.7)."""
    result = set(types)
    for effect in replacements_for(board, index):
        if effect.kind is ReplacementKind.BECOMES and effect.becomes is not None and result:
            result = {effect.becomes}
    return result


def resolve_slot(
    board: Board,
    item: frozenset[ManaType] | DynamicSlot,
    index: int,
    known: Sequence[frozenset[ManaType]] | None = None,
) -> frozenset[ManaType]:
    """The types a slot of permanent ``index``'s ability may be, on this board."""
    if not isinstance(item, DynamicSlot):
        return item
    if known is None:
        known = could_produce(board)
    source = board.permanents[index]
    owner = source.controller
    if item is DynamicSlot.CHOSEN_COLOR:
        chosen = source.chosen_color
        return frozenset() if chosen is None else frozenset({chosen})
    if item is DynamicSlot.CHOSEN_COLORS:
        return source.chosen_colors
    if item is DynamicSlot.COMMANDER_COLORS:
        identity = board.commander_colors if owner == "you" else board.opponent_commander_colors
        return frozenset() if identity is None else _mana_types(identity)
    if item in _COLOR_SLOTS:
        wanted = _COLOR_SLOTS[item]
        bits = Color(0)
        for permanent in board.permanents:
            if permanent.controller == owner and wanted(permanent):
                bits |= permanent.colors
        return _mana_types(bits)
    if item in (DynamicSlot.GATE_COLORS, DynamicSlot.GATE_TYPES, DynamicSlot.OWN_BASIC_COLORS):
        found_types: set[ManaType] = set()
        for other_index, other in enumerate(board.permanents):
            if other.controller != owner:
                continue
            if item is DynamicSlot.OWN_BASIC_COLORS:
                if not other.is_land or "Basic" not in other.supertypes:
                    continue
            elif "Gate" not in other.subtypes:
                continue
            found_types |= known[other_index]
        if item is DynamicSlot.GATE_TYPES:
            return frozenset(found_types)
        return frozenset(found_types) & _COLORED
    want_opponent = item in (
        DynamicSlot.OPPONENT_LAND_COLORS,
        DynamicSlot.OPPONENT_LAND_TYPES,
        DynamicSlot.OPPONENT_BASIC_COLORS,
    )
    found: set[ManaType] = set()
    for other_index, other in enumerate(board.permanents):
        if not other.is_land or (other.controller != owner) != want_opponent:
            continue
        if item is DynamicSlot.OPPONENT_BASIC_COLORS and "Basic" not in other.supertypes:
            continue
        found |= known[other_index]
    if item in (DynamicSlot.OPPONENT_LAND_TYPES, DynamicSlot.OWN_LAND_TYPES):
        return frozenset(found)
    return frozenset(found) & _COLORED


def can_activate(board: Board, index: int, ability: ManaAbility) -> bool:
    """Whether permanent ``index``'s ability may be used on this board: its
    condition holds ("Activate only if you control a Swamp", CR 602.5b; or the
    condition of its half of an "instead" pair). Costs are not checked here."""
    condition = ability.condition
    return condition is None or holds(board, index, condition)


def holds(board: Board, index: int, condition: Condition) -> bool:
    """Whether ``condition`` holds for permanent ``index`` (whose "you" is its
    controller)."""
    source = board.permanents[index]
    owner = source.controller
    ids = board.ids
    result = all(
        sum(
            1
            for i, permanent in enumerate(board.permanents)
            if matches(item, permanent, ids[i], source, owner, ids[index])
        )
        >= n
        for item, n in condition.permanents
    )
    result = result and source.counters >= condition.counters
    if condition.entered_this_turn:
        result = result and source.entered_this_turn
    if condition.land_played:
        result = result and (board.land_played if owner == "you" else board.opponent_land_played)
    return result != condition.negated


def count(
    board: Board, index: int, amount_kind: str, item: PermanentFilter | None, colors: str
) -> int:
    """A board-dependent amount for permanent ``index``'s ability (Gaea's Cradle,
    Cabal Coffers: permanents; Nykthos: devotion, CR 700.5; counters on it; its
    power or the greatest power, never less than zero, CR 107.1b). Without an
    :class:`~mtgmana.abilities.Amount`'s ``plus``."""
    source = board.permanents[index]
    owner = source.controller
    ids = board.ids
    if amount_kind == "permanents" and item is not None:
        return sum(
            1
            for i, p in enumerate(board.permanents)
            if matches(item, p, ids[i], source, owner, ids[index])
        )
    if amount_kind in ("own counters", "counters"):
        return source.counters
    if amount_kind == "power":
        return max(0, source.power)
    if amount_kind == "greatest power" and item is not None:
        powers = [
            p.power
            for i, p in enumerate(board.permanents)
            if matches(item, p, ids[i], source, owner, ids[index])
        ]
        return max([0, *powers])
    if amount_kind == "devotion":
        wanted = set(colors)
        total = 0
        for permanent in board.permanents:
            if permanent.controller != owner:
                continue
            for symbol in permanent.mana_cost:
                if wanted & set(str(symbol.colors)):
                    total += 1
        return total
    raise MtgManaError(f"can't count {amount_kind!r} on a board")


def _mana_types(colors: Color) -> frozenset[ManaType]:
    return frozenset(ManaType(str(c)) for c in colors)


def _legendary_creature_or_planeswalker(permanent: Permanent) -> bool:
    return permanent.is_legendary and bool({"Creature", "Planeswalker"} & permanent.card_types)


_COLOR_SLOTS: Final = {
    DynamicSlot.PERMANENT_COLORS: lambda permanent: True,
    DynamicSlot.LEGENDARY_COLORS: lambda permanent: permanent.is_legendary,
    DynamicSlot.LEGENDARY_CREATURE_PLANESWALKER_COLORS: _legendary_creature_or_planeswalker,
}
