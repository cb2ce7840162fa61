"""Private: what permanents on a board could produce and what their abilities ask of
the board, for :class:`mtgmana.board.Board` (whose methods of the same names
document them): the permanents a filter names (CR 109, 205), triggered mana
abilities and replacement effects that apply to a permanent tapped for mana (CR
106.12, 605.1b, 614), the types of mana each permanent could produce (CR 106.7, a
least fixed point), dynamic slots ("any color that a land you control could
produce"), conditions (CR 602.5b; facts of the game such as "your turn" or max
speed, a total power, an imprinted card, being modified, CR 700.9) and
board-dependent amounts (devotion, CR 700.5; power and toughness, CR 107.1b; your
life total; cards in your graveyard, with their characteristics there, CR 709.4,
712.8a, 715.4; basic land types among permanents, domain; different powers)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol, TypeVar

from ..cards import CardDatabase
from ..colors import COLORLESS, Color, ManaType
from ..errors import MtgManaError, UnknownCardError
from ..restrictions import parse_type_line
from .abilities import (
    Amount,
    AmountKind,
    Condition,
    DynamicSlot,
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PermanentFilter,
    ReplacementKind,
)
from .permanent import Permanent

__all__ = [
    "STARTING_LIFE",
    "BoardLike",
    "can_activate",
    "card_matches",
    "could_produce",
    "count",
    "graveyard_card",
    "holds",
    "matches",
    "replaced_types",
    "replacements_for",
    "resolve_slot",
    "trigger_sources",
    "triggers_for",
]

_COLORED: Final = frozenset(t for t in ManaType if t is not ManaType.C)


_B = TypeVar("_B", bound="BoardLike")


class BoardLike(Protocol):
    """What these functions read of a board: the fields of
    :class:`~mtgmana.board.Board` (a protocol, so that the module the Board's methods
    delegate to needn't import the Board's own)."""

    @property
    def permanents(self) -> tuple[Permanent, ...]: ...
    @property
    def ids(self) -> tuple[int, ...]: ...
    @property
    def effects(self) -> tuple[ManaTrigger | ManaReplacement, ...]: ...
    @property
    def commander_colors(self) -> Color | None: ...
    @property
    def opponent_commander_colors(self) -> Color | None: ...
    @property
    def land_played(self) -> bool: ...
    @property
    def opponent_land_played(self) -> bool: ...
    @property
    def graveyard_cards(self) -> tuple[str, ...]: ...
    @property
    def life(self) -> int | None: ...
    @property
    def facts(self) -> frozenset[str]: ...
    @property
    def life_gained(self) -> int: ...
    @property
    def cards_drawn(self) -> int: ...
    def with_state(self: _B, **changes: Any) -> _B:
        """The same board with other fields (``permanents=...``)."""
        ...


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
    return (
        _in_reach(item, permanent, index, source, owner, source_index)
        and _has_types(item, permanent)
        and _has_state(item, permanent)
    )


def _in_reach(
    item: PermanentFilter,
    permanent: Permanent,
    index: int,
    source: Permanent | None,
    owner: str,
    source_index: int | None,
) -> bool:
    """Whether ``permanent`` is on the battlefield and among those the filter can
    see: the one the source is attached to ("enchanted land"), or one of the
    controller the filter names ("you control", "an opponent controls")."""
    if permanent.zone != "battlefield":
        return False
    if item.attached:
        # "enchanted land": the permanent it is attached to, whoever controls it
        return source is not None and source.attached_to == index
    return _whose(item, permanent.controller, index, owner, source_index)


def _has_types(item: PermanentFilter, permanent: Permanent) -> bool:
    """Whether ``permanent`` has the token-ness, types, subtypes, supertypes and
    name the filter asks for (CR 205)."""
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
    if item.excluded_supertypes & permanent.supertypes:
        return False
    return not (item.name and item.name.casefold() != permanent.name.casefold())


def _has_state(item: PermanentFilter, permanent: Permanent) -> bool:
    """Whether ``permanent`` has the power, colors, keywords and state ("entered
    this turn", "with a counter on it") the filter asks for."""
    if item.min_power is not None and permanent.power < item.min_power:
        return False
    if item.colors is not None and not (item.colors & permanent.colors):
        return False
    if item.entered_this_turn and not permanent.entered_this_turn:
        return False
    if item.with_counters and not permanent.counters:
        return False
    return item.keywords <= permanent.keywords


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


def triggers_for(board: BoardLike, index: int) -> list[ManaTrigger]:
    """Triggered mana abilities that trigger when permanent ``index`` is tapped
    for mana (CR 106.12a, 605.1b)."""
    return [trigger for trigger, _ in trigger_sources(board, index)]


def trigger_sources(board: BoardLike, index: int) -> list[tuple[ManaTrigger, int | None]]:
    """:meth:`triggers_for` with the index of each trigger's permanent — the
    source of the mana it adds (CR 106.3) — or ``None`` for a board effect."""
    target = board.permanents[index]
    target_id = board.ids[index]
    found: list[tuple[ManaTrigger, int | None]] = []
    for where, source in enumerate(board.permanents):
        for trigger in source.triggers:
            if matches(trigger.tapped, target, target_id, source, source.controller) and (
                trigger.condition is None or holds(board, where, trigger.condition)
            ):
                found.append((trigger, where))
    for effect in board.effects:
        if isinstance(effect, ManaTrigger) and matches(
            effect.tapped, target, target_id, None, target.controller
        ):
            if effect.condition is not None:
                raise MtgManaError(
                    f"a board effect's mana trigger can't have a condition: {effect}"
                )
            found.append((effect, None))
    return found


def replacements_for(board: BoardLike, index: int) -> list[ManaReplacement]:
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


def replacement_sources(board: BoardLike, index: int) -> tuple[int, ...]:
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


def could_produce(board: BoardLike) -> list[frozenset[ManaType]]:
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


def _produce(
    board: BoardLike, index: int, known: Sequence[frozenset[ManaType]]
) -> frozenset[ManaType]:
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
        types |= _triggered_types(board, index, known)
    return frozenset(replaced_types(board, index, types))


def _triggered_types(
    board: BoardLike, index: int, known: Sequence[frozenset[ManaType]]
) -> set[ManaType]:
    """The types of mana that triggers on permanent ``index``'s mana abilities add
    (CR 605.1b; Utopia Sprawl, Wild Growth)."""
    types: set[ManaType] = set()
    for trigger, where in trigger_sources(board, index):
        if trigger.production is not None:  # its slots are its permanent's (Utopia Sprawl)
            owner = index if where is None else where
            for choice in trigger.production.choices:
                for item in choice.slots:
                    types |= resolve_slot(board, item, owner, known)
    return types


def _adds_some(board: BoardLike, index: int, per: Amount, made: set[ManaType]) -> bool:
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


def replaced_types(board: BoardLike, index: int, types: Iterable[ManaType]) -> set[ManaType]:
    """Types after "produces ... instead" replacements (Contamination, Pale Moon,
    Damping Sphere): what the permanent could produce (CR 106.7)."""
    result = set(types)
    for effect in replacements_for(board, index):
        if effect.kind is ReplacementKind.BECOMES and effect.becomes is not None and result:
            result = {effect.becomes}
    return result


def resolve_slot(
    board: BoardLike,
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
    if item in _OWN_SLOTS:
        return _own_slot(board, item, source)
    if item in _GRAVEYARD_SLOTS:
        return _graveyard_slot(board, item, source.controller)
    that_type = _THAT_TYPE.get(item)
    if that_type is not None:  # "three mana of that type" (Incubation Druid)
        return resolve_slot(board, DynamicSlot.OWN_LAND_TYPES, index, known) & {that_type}
    each = _EACH.get(item)
    if each is not None:
        return _each_color_slot(board, each, source)
    if item in _COLOR_SLOTS:
        return _colors_among(board, _COLOR_SLOTS[item], source.controller)
    if item in _GATE_OR_BASIC_SLOTS:
        return _gate_or_basic_slot(board, item, source.controller, known)
    return _land_slot(board, item, source.controller, known)


def _own_slot(board: BoardLike, item: DynamicSlot, source: Permanent) -> frozenset[ManaType]:
    """The colors chosen for the permanent, its commander's or its own."""
    if item is DynamicSlot.CHOSEN_COLOR:
        chosen = source.chosen_color
        return frozenset() if chosen is None else frozenset({chosen})
    if item is DynamicSlot.CHOSEN_COLORS:
        return source.chosen_colors
    if item is DynamicSlot.COMMANDER_COLORS:
        mine = source.controller == "you"
        identity = board.commander_colors if mine else board.opponent_commander_colors
        return frozenset() if identity is None else _mana_types(identity)
    return _mana_types(source.colors)  # OWN_COLORS


def _graveyard_slot(board: BoardLike, item: DynamicSlot, owner: str) -> frozenset[ManaType]:
    """The colors among the cards in your graveyard (that a filter names)."""
    if owner != "you":
        return frozenset()  # the board holds only your graveyard
    wanted_card = _GRAVEYARD_SLOTS[item]
    bits = COLORLESS
    for name in board.graveyard_cards:
        if wanted_card is None or card_matches(wanted_card, name):
            bits |= graveyard_card(name)[3]
    return _mana_types(bits)


def _each_color_slot(
    board: BoardLike, each: tuple[str, ManaType], source: Permanent
) -> frozenset[ManaType]:
    """ "For each color among ...": that color's slot, if some permanent has it."""
    family, color = each
    if family == "CHOSEN":
        return frozenset({color}) if color in source.chosen_colors else frozenset()
    wanted_color = Color.parse(color.value)
    for permanent in board.permanents:
        if permanent.controller != source.controller or permanent.zone != "battlefield":
            continue
        if family == "MONOCOLORED" and not permanent.colors.is_monocolored:
            continue
        if wanted_color in permanent.colors:
            return frozenset({color})
    return frozenset()


def _colors_among(
    board: BoardLike, wanted: Callable[[Permanent], bool], owner: str
) -> frozenset[ManaType]:
    """The colors among the permanents of ``owner`` that ``wanted`` picks."""
    bits = Color(0)
    for permanent in board.permanents:
        if permanent.controller == owner and wanted(permanent):
            bits |= permanent.colors
    return _mana_types(bits)


def _gate_or_basic_slot(
    board: BoardLike, item: DynamicSlot, owner: str, known: Sequence[frozenset[ManaType]]
) -> frozenset[ManaType]:
    """What ``owner``'s Gates (or basic lands) could produce: its types, or its colors."""
    basic = item is DynamicSlot.OWN_BASIC_COLORS
    found: set[ManaType] = set()
    for other_index, other in enumerate(board.permanents):
        if other.controller != owner:
            continue
        if basic and not (other.is_land and "Basic" in other.supertypes):
            continue
        if not basic and "Gate" not in other.subtypes:
            continue
        found |= known[other_index]
    if item is DynamicSlot.GATE_TYPES:
        return frozenset(found)
    return frozenset(found) & _COLORED


def _land_slot(
    board: BoardLike, item: DynamicSlot, owner: str, known: Sequence[frozenset[ManaType]]
) -> frozenset[ManaType]:
    """What the lands (or basic lands) of ``owner`` or of the opponents could produce:
    its types, or its colors (Reflecting Pool, Exotic Orchard, Fellwar Stone)."""
    want_opponent = item in _OPPONENT_LAND_SLOTS
    basic_only = item is DynamicSlot.OPPONENT_BASIC_COLORS
    found: set[ManaType] = set()
    for other_index, other in enumerate(board.permanents):
        if not other.is_land or (other.controller != owner) != want_opponent:
            continue
        if basic_only and "Basic" not in other.supertypes:
            continue
        found |= known[other_index]
    if item in (DynamicSlot.OPPONENT_LAND_TYPES, DynamicSlot.OWN_LAND_TYPES):
        return frozenset(found)
    return frozenset(found) & _COLORED


_OWN_SLOTS: Final = frozenset(
    {
        DynamicSlot.CHOSEN_COLOR,
        DynamicSlot.CHOSEN_COLORS,
        DynamicSlot.COMMANDER_COLORS,
        DynamicSlot.OWN_COLORS,
    }
)
_GATE_OR_BASIC_SLOTS: Final = frozenset(
    {DynamicSlot.GATE_COLORS, DynamicSlot.GATE_TYPES, DynamicSlot.OWN_BASIC_COLORS}
)
_OPPONENT_LAND_SLOTS: Final = frozenset(
    {
        DynamicSlot.OPPONENT_LAND_COLORS,
        DynamicSlot.OPPONENT_LAND_TYPES,
        DynamicSlot.OPPONENT_BASIC_COLORS,
    }
)


def can_activate(board: BoardLike, index: int, ability: ManaAbility) -> bool:
    """Whether permanent ``index``'s ability may be used on this board: its
    condition holds ("Activate only if you control a Swamp", CR 602.5b; or the
    condition of its half of an "instead" pair). Costs are not checked here."""
    condition = ability.condition
    return condition is None or holds(board, index, condition)


def holds(board: BoardLike, index: int, condition: Condition) -> bool:
    """Whether ``condition`` holds for permanent ``index`` (whose "you" is its
    controller)."""
    result = _own_state_holds(board, index, condition) and _counts_hold(board, index, condition)
    return result != condition.negated


def _own_state_holds(board: BoardLike, index: int, condition: Condition) -> bool:
    """The parts of ``condition`` about permanent ``index`` itself and its
    controller: counters, "entered this turn", a land played, facts, imprinted,
    modified (CR 700.9) and designations."""
    source = board.permanents[index]
    owner = source.controller
    if source.counters < condition.counters:
        return False
    if condition.entered_this_turn and not source.entered_this_turn:
        return False
    if condition.land_played and not (
        board.land_played if owner == "you" else board.opponent_land_played
    ):
        return False
    # the board's facts are yours; an opponent's permanent asks about its controller
    if condition.facts and not (owner == "you" and condition.facts <= board.facts):
        return False
    if condition.imprinted and not source.imprinted:
        return False
    if condition.modified and not _modified(board, index):
        return False
    return condition.designations <= source.designations


def _counts_hold(board: BoardLike, index: int, condition: Condition) -> bool:
    """The parts of ``condition`` that count permanents a filter names: how many
    ("you control three or more Gates"), their total power, and how many share a
    name."""
    source = board.permanents[index]
    owner = source.controller
    ids = board.ids

    def named(item: PermanentFilter) -> list[Permanent]:
        return [
            permanent
            for i, permanent in enumerate(board.permanents)
            if matches(item, permanent, ids[i], source, owner, ids[index])
        ]

    if not all(len(named(item)) >= n for item, n in condition.permanents):
        return False
    if not all(sum(max(0, p.power) for p in named(item)) >= n for item, n in condition.total_power):
        return False
    return all(
        max(Counter(p.name.casefold() for p in named(item)).values(), default=0) >= n
        for item, n in condition.same_name
    )


def _modified(board: BoardLike, index: int) -> bool:
    """CR 700.9: it has a counter on it, is equipped, or is enchanted by an Aura
    controlled by its controller."""
    permanent = board.permanents[index]
    if permanent.counters:
        return True
    target = board.ids[index]
    for other in board.permanents:
        if other.attached_to != target or other.zone != "battlefield":
            continue
        if "Equipment" in other.subtypes:
            return True
        if "Aura" in other.subtypes and other.controller == permanent.controller:
            return True
    return False


def count(
    board: BoardLike, index: int, amount_kind: AmountKind, item: PermanentFilter | None, colors: str
) -> int:
    """A board-dependent amount for permanent ``index``'s ability (Gaea's Cradle,
    Cabal Coffers: permanents; Nykthos: devotion, CR 700.5; counters on it; its
    power or toughness, or the greatest among permanents, never less than zero, CR
    107.1b; your life total, :data:`STARTING_LIFE` when the board doesn't say; cards in
    your graveyard; basic land types among permanents; different powers; the life you
    gained and the cards you've drawn this turn). Without an
    :class:`~mtgmana.board.abilities.Amount`'s ``plus``. The board holds only your life
    total, graveyard and turn: for an opponent's permanent, its controller's life is
    taken to be :data:`STARTING_LIFE`, its graveyard empty and its life gained and
    cards drawn this turn none (what it could produce, CR 106.7, is all that asks)."""
    source = board.permanents[index]
    if amount_kind in _OF_SOURCE:
        return _OF_SOURCE[amount_kind](board, source)
    if amount_kind == "graveyard":
        if source.controller != "you":
            return 0
        return sum(1 for name in board.graveyard_cards if item is None or card_matches(item, name))
    if amount_kind == "devotion":
        return _devotion(board, source.controller, colors)
    if item is None or amount_kind not in _OF_PERMANENTS:
        raise MtgManaError(f"can't count {amount_kind!r} on a board")
    ids = board.ids
    named = [
        p
        for i, p in enumerate(board.permanents)
        if matches(item, p, ids[i], source, source.controller, ids[index])
    ]
    return _OF_PERMANENTS[amount_kind](named)


def _devotion(board: BoardLike, owner: str, colors: str) -> int:
    """``owner``'s devotion to ``colors`` (CR 700.5): the mana symbols of those colors
    among the mana costs of the permanents ``owner`` controls."""
    wanted = set(colors)
    total = 0
    for permanent in board.permanents:
        if permanent.controller != owner:
            continue
        for symbol in permanent.mana_cost:
            if wanted & set(str(symbol.colors)):
                total += 1
    return total


def _life(board: BoardLike, source: Permanent) -> int:
    """Its controller's life total, at least zero (an opponent's: the starting one)."""
    life = board.life if source.controller == "you" and board.life is not None else STARTING_LIFE
    return max(0, life)


def _life_gained(board: BoardLike, source: Permanent) -> int:
    return board.life_gained if source.controller == "you" else 0  # the board holds only yours


def _cards_drawn(board: BoardLike, source: Permanent) -> int:
    return board.cards_drawn if source.controller == "you" else 0


def _counters(board: BoardLike, source: Permanent) -> int:
    return source.counters


def _power(board: BoardLike, source: Permanent) -> int:
    return max(0, source.power)


def _toughness(board: BoardLike, source: Permanent) -> int:
    return max(0, source.toughness)


_OF_SOURCE: Final[dict[str, Callable[[BoardLike, Permanent], int]]] = {
    "own counters": _counters,
    "counters": _counters,
    "power": _power,
    "toughness": _toughness,
    "life": _life,
    "life gained this turn": _life_gained,
    "cards drawn this turn": _cards_drawn,
}
"""The amounts read off the permanent itself or its controller."""


STARTING_LIFE: Final = 20
"""A new game's life total (CR 103.4): "your life total" when a board doesn't give it."""
_BASIC_LAND_TYPES: Final = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


def _greatest_power(named: list[Permanent]) -> int:
    return max([0, *(p.power for p in named)])


def _greatest_toughness(named: list[Permanent]) -> int:
    return max([0, *(p.toughness for p in named)])


def _basic_land_types(named: list[Permanent]) -> int:
    return len({t for p in named for t in p.subtypes if t in _BASIC_LAND_TYPES})


def _different_powers(named: list[Permanent]) -> int:
    return len({p.power for p in named})


_OF_PERMANENTS: Final[dict[str, Callable[[list[Permanent]], int]]] = {
    "permanents": len,
    "greatest power": _greatest_power,
    "greatest toughness": _greatest_toughness,
    "basic land types": _basic_land_types,
    "different powers": _different_powers,
}
"""The amounts read off the permanents a filter names."""


# -- cards in your graveyard -------------------------------------------------------------


def graveyard_card(name: str) -> tuple[frozenset[str], frozenset[str], frozenset[str], Color]:
    """A card's characteristics in a graveyard: (supertypes, card types, subtypes,
    colors) — a split card's halves combined (CR 709.4), the front face of a
    double-faced card (CR 712.8a), an adventurer's normal characteristics (CR 715.4).
    Raises :class:`~mtgmana.UnknownCardError` for a name the card database in
    use doesn't have."""
    from ..cards import default_database  # the database loads lazily

    return _graveyard_card(default_database(), name)


@functools.lru_cache(maxsize=4096)
def _graveyard_card(
    database: CardDatabase, name: str
) -> tuple[frozenset[str], frozenset[str], frozenset[str], Color]:
    from ..cards import Layout

    card = database.get(name)
    if card is None:
        raise UnknownCardError(name, database.suggest(name))
    faces = card.faces if card.layout is Layout.SPLIT else card.faces[:1]
    supertypes: set[str] = set()
    card_types: set[str] = set()
    subtypes: set[str] = set()
    for face in faces:
        found = parse_type_line(face.type_line)
        supertypes |= found[0]
        card_types |= found[1]
        subtypes |= found[2]
    return frozenset(supertypes), frozenset(card_types), frozenset(subtypes), card.colors


def card_matches(item: PermanentFilter, name: str) -> bool:
    """Whether the card called ``name``, in a graveyard, is one the filter names
    ("black creature card", "permanent card", "legendary creature card"): its card
    types, subtypes, supertypes and colors (what else the filter says is about
    permanents)."""
    supertypes, card_types, subtypes, card_colors = graveyard_card(name)
    if item.card_types and not (item.card_types & card_types):
        return False
    if item.excluded_card_types & card_types:
        return False
    if item.subtypes and not (item.subtypes & subtypes):
        return False
    if not item.all_subtypes <= subtypes or not item.supertypes <= supertypes:
        return False
    if item.excluded_supertypes & supertypes:
        return False
    return item.colors is None or bool(item.colors & card_colors)


def _mana_types(colors: Color) -> frozenset[ManaType]:
    return frozenset(ManaType(str(c)) for c in colors)


def _legendary_creature_or_planeswalker(permanent: Permanent) -> bool:
    return permanent.is_legendary and bool({"Creature", "Planeswalker"} & permanent.card_types)


_GRAVEYARD_SLOTS: Final[dict[DynamicSlot, PermanentFilter | None]] = {
    DynamicSlot.GRAVEYARD_COLORS: None,
    DynamicSlot.GRAVEYARD_LEGENDARY_CREATURE_COLORS: PermanentFilter(
        card_types=frozenset({"Creature"}), supertypes=frozenset({"Legendary"})
    ),
}
_EACH: Final[dict[DynamicSlot, tuple[str, ManaType]]] = {
    member: (member.name.split("_")[1], ManaType(member.name[-1]))
    for member in DynamicSlot
    if member.name.startswith("EACH_")
}

_THAT_TYPE: Final[dict[DynamicSlot, ManaType]] = {
    member: ManaType(member.name[-1])
    for member in DynamicSlot
    if member.name.startswith("OWN_LAND_TYPE_")
}

_COLOR_SLOTS: Final = {
    DynamicSlot.PERMANENT_COLORS: lambda permanent: True,
    DynamicSlot.LEGENDARY_COLORS: lambda permanent: permanent.is_legendary,
    DynamicSlot.LEGENDARY_CREATURE_PLANESWALKER_COLORS: _legendary_creature_or_planeswalker,
}
