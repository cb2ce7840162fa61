"""Private: a board compiled into the tapper's sources (CR 106.7, 106.12, 302.6,
602.5b, 605, 616.1).

Each of your permanents becomes its *options*: one per way to activate one of its
mana abilities, after its choices, the amounts the board gives, triggered mana
abilities (CR 605.1b) and replacement effects (CR 106.12b, 616.1). Identical
permanents are grouped. A permanent whose options depend only on itself — no
"could produce", no condition, no board-dependent amount, and no trigger or
replacement effect on the board — is compiled once and remembered by value, so a
board that changes one permanent at a time (tap, untap, add, remove) is recompiled
from what was compiled before.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ..board import Board, Permanent
from ..board import queries as _board_mana
from ..board.abilities import DynamicSlot, ManaAbility, PermanentFilter, ReplacementKind
from ..colors import ManaType
from ..costs import ManaCost
from ..restrictions import Restriction

__all__: list[str] = []

ORDER: Final = {t: i for i, t in enumerate(ManaType)}
SELF: Final = -1
"""An option's slot made by the permanent itself (else: the board index of the
permanent whose triggered ability makes it, CR 106.3)."""
EFFECT: Final = -2
"""A slot made by a board effect with no permanent."""


@dataclass(frozen=True)
class Option:
    """One way to activate one ability of a permanent, after choices, triggers and
    replacement effects: the mana it makes and what it costs."""

    ability: ManaAbility
    slots: tuple[frozenset[ManaType], ...]
    damage: int
    life: int
    mana_cost: ManaCost | None
    sacrifice_self: bool
    sacrifices: tuple[PermanentFilter, int] | None
    """"Sacrifice N ... you control" besides itself (Ashnod's Altar: a creature;
    Krark-Clan Ironworks: an artifact): what, and how many (chosen with the mana)."""
    taps: tuple[PermanentFilter, int] | None
    """"Tap N untapped ... you control" (Springleaf Drum, Birchlore Rangers): what,
    and how many (the permanents are chosen with the mana, CR 602.2b)."""
    restriction: Restriction | None
    repeatable: bool = False
    """No {T}, {Q} or "Sacrifice this" in the cost (Ashnod's Altar, a storage land's
    "{1}, Remove X storage counters"): the ability can be activated again and again
    (CR 602.2, 605.3) — while the permanent has counters for it, when it removes
    some (:attr:`budgeted`)."""
    taps_self: bool = False
    """{T} or {Q} in the cost."""
    ability_index: int = 0
    """Which of the permanent's abilities."""
    text: str = ""
    """The printed ability used (for merged abilities, the line of this choice)."""
    origins: tuple[int, ...] = ()
    """Per slot, who makes that mana: :data:`SELF`, or a triggered mana ability's
    permanent (its index), or :data:`EFFECT`. Empty: all :data:`SELF`."""
    counters: int = 0
    """Counters removed as the cost."""
    untaps: bool = False
    """{Q} in the cost (the permanent untaps)."""
    from_hand: bool = False
    """The card is exiled from a hand as the cost (Simian Spirit Guide): lost like a
    sacrificed permanent (``sacrifice_self`` is set too)."""
    modified_by: tuple[int, ...] = ()
    """The board indexes of the permanents whose replacement effects changed the
    mana (CR 106.12b)."""
    resources: tuple[int, int, int] = (0, 0, 0)
    """Energy paid, cards discarded, cards exiled from the graveyard."""
    exiles: bool = False
    """What it sacrifices of itself or discards is exiled instead (not buried)."""
    discards_hand: bool = False
    """"Discard your hand": every card in it (``resources`` counts none), once."""
    only_as_instant: bool = False
    """"Activate only as an instant" (CR 602.5e): with priority, before a spell is
    cast or a cost paid (see ``tapping._api``)."""

    @property
    def simple(self) -> bool:
        return (
            len(self.slots) == 1
            and self.mana_cost is None
            and not self.life
            and self.sacrifices is None
            and self.taps is None
            and not self.origins
            and not any(self.resources)
            and not self.discards_hand
            and not self.only_as_instant
        )

    @property
    def budgeted(self) -> bool:
        """A repeatable ability that removes counters (Dreadship Reef, Pentad Prism):
        its activations share the permanent's counters."""
        return self.repeatable and self.counters > 0

    @property
    def tap_creature(self) -> bool:
        return self.taps is not None

    @property
    def sacrifice_creature(self) -> bool:
        """Whether it sacrifices other permanents (of any kind, despite the name)."""
        return self.sacrifices is not None

    def origin(self, slot: int) -> int:
        return self.origins[slot] if self.origins else SELF


@dataclass(frozen=True)
class Source:
    """A group of identical permanents compiled: their options, split into one-mana
    ones (a flow unit) and the others (enumerated)."""

    indexes: tuple[int, ...]
    name: str
    simple: tuple[Option, ...]
    complex: tuple[Option, ...]
    snow: bool
    legendary: bool
    token: bool
    creature: bool

    @functools.cached_property
    def timed(self) -> bool:
        """Whether an option is activated only as an instant or discards your hand
        (CR 602.5e, 701.9a: ``_api._with_priority``), computed once."""
        return any(o.only_as_instant or o.discards_hand for o in (*self.simple, *self.complex))

    @functools.cached_property
    def sacrifices_others(self) -> bool:
        """Whether a complex option's cost sacrifices other permanents (CR 602.2),
        computed once."""
        return any(o.sacrifices is not None for o in self.complex)


def _independent(permanent: Permanent) -> bool:
    """Whether the permanent's options depend on nothing but itself (on a board
    without triggered mana abilities or replacement effects)."""
    return all(_ability_independent(ability) for ability in permanent.abilities)


@functools.lru_cache(maxsize=4096)
def _ability_independent(ability: ManaAbility) -> bool:
    production = ability.production
    return (
        ability.condition is None
        and (
            production.per is None
            or production.per.kind in ("fixed", "counters", "own counters", "power")
        )
        and not any(isinstance(s, DynamicSlot) for c in production.choices for s in c.slots)
    )


_BY_VALUE: dict[Permanent, tuple[Option, ...]] = {}
_BY_VALUE_MAX: Final = 4096


def options_of(
    board: Board,
    index: int,
    known: Any,
    relevant: frozenset[ManaType] | None = None,
) -> tuple[Option, ...]:
    """The options of permanent ``index``; ``known`` is the board's "could produce"
    (CR 106.7) or a function that computes it when first needed."""
    permanent = board.permanents[index]
    if permanent.controller != "you" or not permanent.abilities:
        return ()
    if not board.has_mana_effects and _independent(permanent):
        found = _BY_VALUE.get(permanent)
        if found is None:
            if len(_BY_VALUE) >= _BY_VALUE_MAX:
                _BY_VALUE.clear()
            found = _BY_VALUE[permanent] = tuple(_options(board, index, known, relevant))
        return found
    return tuple(_options(board, index, known, relevant))


@dataclass(frozen=True)
class _Context:
    """What the board does to one permanent's mana abilities: the replacement
    effects on the mana it is tapped for (and their permanents, CR 106.12b), and
    the triggered mana abilities with the permanent that makes their mana (CR
    106.3; :data:`EFFECT` for a board effect)."""

    replacements: list[Any]
    modifiers: tuple[int, ...]
    triggers: list[tuple[Any, int]]

    @staticmethod
    def of(board: Board, index: int) -> _Context:
        if not board.has_mana_effects:
            return _Context([], (), [])
        replacements = board.replacements_for(index)
        modifiers = _board_mana.replacement_sources(board, index) if replacements else ()
        triggers = [
            (trigger, EFFECT if where is None else where)
            for trigger, where in board.trigger_sources(index)
        ]
        return _Context(replacements, modifiers, triggers)


def _options(
    board: Board,
    index: int,
    known: Any,
    relevant: frozenset[ManaType] | None = None,
) -> list[Option]:
    """Every way to activate each mana ability of permanent ``index`` now (the
    options of :func:`options_of`), mixes of one ability merged."""
    permanent = board.permanents[index]
    context = _Context.of(board, index)
    found: list[Option] = []
    for ability_index, ability in enumerate(permanent.abilities):
        if not _activatable(board, index, ability):
            continue
        cost = ability.cost
        replacements = context.replacements if cost.tap else []
        for slots, damage, removed, text in _productions(board, index, ability, known):
            for final in _replaced(slots, replacements, relevant):
                if not any(final):
                    continue  # no mana: nothing is "tapped for mana" (CR 106.7, 106.12a)
                # "tapped for mana" (CR 106.12a)
                extra = _triggered_mana(board, index, known, context, final) if cost.tap else []
                modified_by = context.modifiers if cost.tap and final != slots else ()
                made = (damage, removed, text)
                option = _option(ability, ability_index, final, extra, made, modified_by)
                if option is not None:
                    found.append(option)
    return _merge_mixes(found)


def _activatable(board: Board, index: int, ability: ManaAbility) -> bool:
    """Whether the ability's cost can be paid and the ability activated now."""
    permanent = board.permanents[index]
    cost = ability.cost
    if cost.exile_from_hand != (permanent.zone == "hand"):
        return False  # a hand's card has only its "exile this from your hand" abilities
    if (cost.tap and permanent.tapped) or (cost.untap and not permanent.tapped):
        return False
    if (cost.tap or cost.untap) and permanent.is_creature and permanent.summoning_sick:
        return False  # CR 302.6
    if cost.remove_counters and permanent.counters < cost.remove_counters:
        return False
    return board.can_activate(index, ability)  # "Activate only if ..." (CR 602.5b)


def _triggered_mana(
    board: Board,
    index: int,
    known: Any,
    context: _Context,
    final: tuple[frozenset[ManaType], ...],
) -> list[tuple[frozenset[ManaType], int]]:
    """The mana the triggered mana abilities add when the permanent is tapped for
    ``final`` (CR 106.12a, 605.1b), with who makes it."""
    extra: list[tuple[frozenset[ManaType], int]] = []
    for trigger, where in context.triggers:
        if trigger.same_type:
            extra.append((frozenset(t for s in final for t in s), where))
        elif trigger.production is not None:
            choice = trigger.production.choices[0]
            # "The chosen color" is the trigger's permanent's (Utopia Sprawl)
            owner = index if where == EFFECT else where
            extra.extend((board.resolve_slot(s, owner, _known(known)), where) for s in choice.slots)
    return extra


def _option(
    ability: ManaAbility,
    ability_index: int,
    final: tuple[frozenset[ManaType], ...],
    extra: list[tuple[frozenset[ManaType], int]],
    made: tuple[int, int, str],
    modified_by: tuple[int, ...],
) -> Option | None:
    """The option of one production (``made``: its damage, counters removed and
    printed line) after replacements (``final``, changed by the permanents
    ``modified_by``) and triggers (``extra``); None
    when it makes no mana of a defined type (CR 106.5)."""
    cost = ability.cost
    damage, removed, text = made
    own = [s for s in final if s]
    triggered = [(s, where) for s, where in extra if s]
    all_slots = tuple(own) + tuple(s for s, _ in triggered)
    if not all_slots:
        return None  # an undefined type: no mana (CR 106.5)
    origins = (SELF,) * len(own) + tuple(w for _, w in triggered) if triggered else ()
    return Option(
        ability,
        all_slots,
        damage,
        cost.life,
        cost.mana,
        cost.sacrifice_self or cost.exile_from_hand,
        cost.sacrificed_others,
        cost.tapped_others,
        ability.restriction,
        _repeatable(ability),
        cost.tap or cost.untap,
        ability_index,
        text or ability.text or str(ability),
        origins,
        removed,
        cost.untap,
        cost.exile_from_hand,
        modified_by,
        cost.resources,
        cost.exiles,
        cost.discard_hand,
        ability.only_as_instant,
    )


def _repeatable(ability: ManaAbility) -> bool:
    """Without {T}, {Q} or "Sacrifice this" an ability can be activated again and
    again (CR 602.2, 605.3): one that removes counters as long as the permanent
    has them (the search keeps their total within its counters)."""
    cost = ability.cost
    return not (
        cost.tap or cost.untap or cost.sacrifice_self or cost.exile_from_hand
        or ability.once_per_turn
    )  # fmt: skip


def _known(known: Any) -> Sequence[frozenset[ManaType]]:
    return known() if callable(known) else known  # type: ignore[no-any-return]


def _merge_mixes(options: list[Option]) -> list[Option]:
    """Options of one ability that differ only in their one-type slots and together
    make every mix of ``n`` mana of some types ("{U}{U}, {U}{B}, or {B}{B}") become
    one option whose ``n`` slots may each be any of those types: the same choices,
    and fewer combinations to search."""
    families: dict[tuple[Any, ...], list[Option]] = {}
    for option in options:
        if option.origins:
            continue
        key = (id(option.ability), len(option.slots), replace(option, slots=()))
        families.setdefault(key, []).append(option)
    merged: dict[int, Option] = {}
    for family in families.values():
        if len(family) < 2 or any(len(s) != 1 for o in family for s in o.slots):
            continue
        mixes = [Counter(next(iter(s)) for s in o.slots) for o in family]
        common = functools.reduce(lambda a, b: a & b, mixes)
        rests = {frozenset((mix - common).items()) for mix in mixes}
        n = len(family[0].slots) - sum(common.values())
        types = frozenset(t for mix in mixes for t in mix - common)
        if len(rests) != len(family) or len(family) != math.comb(len(types) + n - 1, n):
            continue
        slots = tuple(frozenset({t}) for t in sorted(common.elements(), key=ORDER.__getitem__))
        merged[id(family[0])] = replace(family[0], slots=slots + (types,) * n)
        merged.update((id(o), merged[id(family[0])]) for o in family[1:])
    result: list[Option] = []
    for option in options:
        chosen = merged.get(id(option), option)
        if chosen not in result:
            result.append(chosen)
    return result


def _productions(
    board: Board, index: int, ability: ManaAbility, known: Any
) -> Iterator[tuple[tuple[frozenset[ManaType], ...], int, int, str]]:
    """Each way the ability can add mana: (slots, damage, counters removed, the
    printed line of the choice)."""
    production = ability.production
    per = production.per
    for choice in production.choices:
        dynamic = any(isinstance(s, DynamicSlot) for s in choice.slots)
        slots = tuple(
            board.resolve_slot(s, index, _known(known) if dynamic else None)
            if isinstance(s, DynamicSlot)
            else s
            for s in choice.slots
        )
        text = choice.text
        if per is None:
            yield slots, choice.damage, ability.cost.remove_counters, text
            continue
        if per.kind == "counters":
            for n in range(0 if per.plus else 1, board.permanents[index].counters + 1):
                yield slots * (n + per.plus), choice.damage, n, text
            continue
        colors = per.colors
        if per.kind == "devotion" and not colors:
            colors = "".join(t.value for s in slots for t in s if t is not ManaType.C)
        n = board.count(index, per.kind, per.filter, colors) if per.kind != "fixed" else per.value
        n += per.plus
        if n:
            yield slots * n, choice.damage, ability.cost.remove_counters, text


def _replaced(
    slots: tuple[frozenset[ManaType], ...],
    replacements: Sequence[Any],
    relevant: frozenset[ManaType] | None = None,
) -> list[tuple[frozenset[ManaType], ...]]:
    """The mana after replacement effects, in every order the player may apply them
    (CR 616.1); a slot that must keep its type (doubling) is split per type."""
    if not replacements:
        return [slots]
    results: set[tuple[frozenset[ManaType], ...]] = set()
    for order in itertools.permutations(replacements):
        for fixed in _fix_types(slots, relevant) if _needs_fixing(order) else [slots]:
            current = fixed
            for effect in order:
                if effect.kind is ReplacementKind.BECOMES and effect.becomes is not None:
                    n = len(current) if effect.amount is None or not current else effect.amount
                    current = tuple(frozenset({effect.becomes}) for _ in range(n))
                elif effect.kind is ReplacementKind.DAMPING and len(current) >= 2:
                    current = (frozenset({ManaType.C}),)
                elif effect.kind is ReplacementKind.MULTIPLY:
                    current = tuple(s for s in current for _ in range(effect.factor))
            # The order of the mana doesn't matter: {W}{U} and {U}{W} are one option
            # (five "any color" mana doubled are 126 options, not 3,125).
            results.add(tuple(sorted(current, key=lambda s: sorted(ORDER[t] for t in s))))
    return sorted(results, key=lambda r: [sorted(ORDER[t] for t in s) for s in r])


def _needs_fixing(order: Sequence[Any]) -> bool:
    return any(effect.kind is ReplacementKind.MULTIPLY for effect in order)


def _fix_types(
    slots: tuple[frozenset[ManaType], ...], relevant: frozenset[ManaType] | None = None
) -> list[tuple[frozenset[ManaType], ...]]:
    """Each way to give every slot one type. With ``relevant`` (the colors some
    demand names), the other colors are interchangeable — every demand accepts all
    of them or none — so each slot keeps only one of them, its first in WUBRG order:
    an exact reduction (five doubled "any color" mana for {G}: 6 typings, not 126)."""
    choices = []
    for item in slots:
        if relevant is None:
            kept = sorted(item, key=ORDER.__getitem__)
        else:
            others: list[ManaType] = sorted(
                (t for t in item if t is not ManaType.C and t not in relevant),
                key=ORDER.__getitem__,
            )
            kept = [t for t in item if t is ManaType.C or t in relevant] + others[:1]
        choices.append(kept)
    return [tuple(frozenset({t}) for t in combo) for combo in itertools.product(*choices)]


def compile_board(
    board: Board,
    *,
    painful: bool = False,
    relevant: frozenset[ManaType] | None = None,
    delve: bool = False,
) -> list[Source]:
    """Your permanents as sources, identical ones grouped.

    One-mana options are flow units, except: with ``painful``, options that deal
    damage are enumerated, so that the damage is known before Phyrexian symbols
    are paid with life (CR 601.2g-h, 119.4); when something sacrifices a creature
    (Ashnod's Altar) or another permanent, "Sacrifice this" options are
    enumerated, so that no permanent is sacrificed twice; with ``delve``, nontoken
    permanents' "Sacrifice this" options are enumerated, so the cards they put into
    the graveyard are counted (CR 601.2g before 601.2h)."""
    cache: list[Sequence[frozenset[ManaType]]] = []

    def known() -> Sequence[frozenset[ManaType]]:
        if not cache:
            cache.append(board.could_produce())
        return cache[0]

    groups, compiled = _identical(board, known, relevant)
    sources = []
    # "Sacrifice a creature / an artifact" (Ashnod's Altar, Krark-Clan Ironworks):
    # "Sacrifice this" options are enumerated, so no permanent is sacrificed twice.
    altar = any(o.sacrifices is not None for options, _ in compiled.values() for o in options)
    # "Tap an untapped creature": a creature may be tapped so, then sacrifice itself
    # for mana (Eldrazi Spawn); enumerated, the permanent is both (CR 602.2b).
    drum = any(o.taps is not None for options, _ in compiled.values() for o in options)
    enumerated = (painful, altar, delve, drum)
    for key, indexes in groups.items():
        options, permanent = compiled[key]
        simple = _flow_units(options, permanent, enumerated)
        rest = [o for o in options if o not in simple]
        sources.append(
            Source(
                tuple(indexes),
                permanent.name,
                tuple(simple),
                tuple(rest),
                permanent.is_snow,
                permanent.is_legendary,
                permanent.token,
                permanent.is_creature and permanent.zone == "battlefield",
            )
        )
    return sources


_Key = tuple[Any, ...]


def _identical(
    board: Board, known: Any, relevant: frozenset[ManaType] | None
) -> tuple[dict[_Key, list[int]], dict[_Key, tuple[tuple[Option, ...], Permanent]]]:
    """Your permanents with options, grouped when identical (the indexes per
    group, and a group's options and first permanent)."""
    groups: dict[_Key, list[int]] = {}
    compiled: dict[_Key, tuple[tuple[Option, ...], Permanent]] = {}
    for index, permanent in enumerate(board.permanents):
        options = options_of(board, index, known, relevant)
        if not options:
            continue
        key = _group_key(index, permanent, options)
        found = groups.get(key)
        if found is None:
            groups[key] = [index]
            compiled[key] = (options, permanent)
        else:
            found.append(index)
    return groups, compiled


def _group_key(index: int, permanent: Permanent, options: tuple[Option, ...]) -> _Key:
    """What identical permanents share (their options, and all a cost or the
    search can ask of them)."""
    creature = permanent.is_creature and permanent.zone == "battlefield"
    return (
        # Counters are the permanent's own: one whose activations share them is
        # a group of its own (its rows count them, _evaluate.choice_rows).
        index if any(o.budgeted for o in options) else -1,
        permanent.name,
        options,
        permanent.is_snow,
        permanent.is_legendary,
        permanent.token,
        creature,
        permanent.tapped,
        permanent.colors,
        permanent.card_types,
    )


def _flow_units(
    options: tuple[Option, ...], permanent: Permanent, enumerated: tuple[bool, bool, bool, bool]
) -> list[Option]:
    """The one-mana options that stay flow units (see :func:`compile_board`;
    ``enumerated``: painful, an altar, delve, a drum); none when they have different
    restrictions."""
    painful, altar, delve, drum = enumerated
    budget = any(o.budgeted for o in options)
    sacrifice_enumerated = _sacrifice_enumerated(permanent, altar, delve, drum)
    simple = [
        o
        for o in options
        if o.simple
        and not (budget and o.counters)  # counted against the permanent's counters
        and not (painful and o.damage)
        and not (sacrifice_enumerated and o.sacrifice_self)
    ]
    restrictions = {o.restriction for o in simple}
    if len(restrictions) > 1:  # one-mana abilities with different restrictions
        return []
    return simple


def _sacrifice_enumerated(permanent: Permanent, altar: bool, delve: bool, drum: bool) -> bool:
    """Whether the permanent's "Sacrifice this" options are enumerated (see
    :func:`compile_board`)."""
    return altar or (delve and not permanent.token) or (drum and permanent.is_creature)


def relevant_colors(board: Board, costs: Sequence[ManaCost]) -> frozenset[ManaType] | None:
    """The colors that some demand names on its own: in the costs, and in the mana
    costs of your permanents' abilities (what filter lands and Signets pay). A demand
    that accepts every color (generic, {H}, {S}) doesn't single any out. ``None``
    when nothing on the board multiplies mana (the only use of it)."""
    if not board.has_mana_effects:
        return None
    found: set[ManaType] = set()
    every = [
        c
        for c in (
            *costs,
            *(a.cost.mana for p in board.permanents if p.controller == "you" for a in p.abilities),
        )
        if c is not None
    ]
    for cost in every:
        for symbol in cost:
            colors = set(str(symbol.colors))
            if colors and len(colors) < 5:
                found.update(ManaType(letter) for letter in colors)
    return frozenset(found)


_COMPILED: dict[tuple[int, bool, Any, bool], tuple[Board, list[Source]]] = {}
_COMPILED_MAX: Final = 16


def compiled(
    board: Board,
    *,
    painful: bool = False,
    relevant: frozenset[ManaType] | None = None,
    delve: bool = False,
) -> list[Source]:
    """:func:`compile_board`, remembered for the last few boards (a board is
    immutable; the entry holds the board, so its ``id`` can't be reused while it is
    cached)."""
    key = (id(board), painful, relevant, delve)
    hit = _COMPILED.get(key)
    if hit is not None and hit[0] is board:
        return list(hit[1])
    sources = compile_board(board, painful=painful, relevant=relevant, delve=delve)
    if len(_COMPILED) >= _COMPILED_MAX:
        _COMPILED.clear()
    _COMPILED[key] = (board, sources)
    return list(sources)
