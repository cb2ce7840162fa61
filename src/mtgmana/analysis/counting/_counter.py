"""Karsten's counting of a deck's sources (the rules are in :mod:`mtgmana.analysis.counting`):
how much of a source of a color each land, dork, rock and Treasure maker is, for
a spell of a mana value (:class:`SourceCounter`), and the creature type the deck's
Cavern of Souls names (:func:`chosen_creature_type`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...board.abilities import DynamicSlot, bind_chosen_type
from ...restrictions import Restriction, Spend, parse_type_line
from ..decks import Deck, deck_colors, spell_items
from ..roles import CardRole

__all__ = ["MDFC_LAND", "SourceCounter", "chosen_creature_type"]

MDFC_LAND: Final = 0.5
"""How much of a land (and of a source) a modal double-faced spell with a land back
is counted as."""
_CHOICE_MANY_COLORS: Final = 2 / 3
_DORK: Final = 0.5
_ROCK: Final = 0.75
_TREASURE: Final = 0.25


def chosen_creature_type(deck: Deck) -> str | None:
    """The creature type most creature spells of the deck share (copies counted;
    ties: alphabetical): what Cavern of Souls names."""
    counts: dict[str, int] = {}
    for _, item in spell_items(deck):
        _, card_types, subtypes = parse_type_line(item.card.faces[0].type_line)
        if "Creature" in card_types:
            for subtype in subtypes:
                counts[subtype] = counts.get(subtype, 0) + item.count
    if not counts:
        return None
    return min(counts, key=lambda t: (-counts[t], t))


def _dynamic_option(
    slot: DynamicSlot,
    colors: frozenset[str],
    commander: frozenset[str],
    land_colors: frozenset[str],
) -> tuple[frozenset[str], ...]:
    """The colors a dynamic slot of a source may stand for, in a deck of ``colors``
    whose commander's identity is ``commander`` and whose lands make ``land_colors``."""
    if slot is DynamicSlot.COMMANDER_COLORS:
        return (commander,) if commander else ()
    if slot.name.startswith("OPPONENT"):
        return (colors,) if colors else ()
    if slot.name.startswith(("OWN", "GATE")):
        return (land_colors,) if land_colors else ()
    if slot.name.startswith(("EACH_PERMANENT", "EACH_MONOCOLORED")):
        return ()  # its own colors, read by .roles; the others: the simulation
    # chosen colors, colors of permanents: a choice among the deck's colors
    return tuple(frozenset(c) for c in sorted(colors))


def _dynamic_options(
    deck: Deck, colors: frozenset[str], commander: frozenset[str]
) -> dict[DynamicSlot, tuple[frozenset[str], ...]]:
    """Each dynamic slot's colors in ``deck`` (see :func:`_dynamic_option`)."""
    land_colors: frozenset[str] = frozenset()
    for item in deck.main:
        if item.role.is_land:
            land_colors |= item.role.produces
    return {slot: _dynamic_option(slot, colors, commander, land_colors) for slot in DynamicSlot}


def _each_type(
    types: Iterable[str], made: list[tuple[frozenset[str], frozenset[str]]]
) -> frozenset[str]:
    """The mana of the lands a fetch land finds one of each of ``types`` among
    (``made``: each findable land's letters and subtypes)."""
    both: frozenset[str] = frozenset()
    for land_type in types:
        for letters, subtypes in made:
            if land_type in subtypes:
                both |= letters
    return both


class SourceCounter:
    """Karsten's counting of a deck's sources (see the module)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.colors = frozenset(deck_colors(deck))
        identity = deck.commander_colors
        commander = frozenset(str(identity)) if identity else frozenset()
        self.choice_value = 1.0 if len(self.colors) <= 2 else _CHOICE_MANY_COLORS
        self.chosen_type = chosen_creature_type(deck)
        self.dynamic_options = _dynamic_options(deck, self.colors, commander)
        self._options: dict[tuple[str, bool], tuple[frozenset[str], ...]] = {}
        self._restricted = any(item.role.restricted for item in deck.main)
        self._sources: dict[tuple[object, ...], tuple[float, int, float]] = {}

    def _every(self, role: CardRole, back: bool) -> tuple[frozenset[str], bool]:
        options = role.land_back_options if back else role.options
        every: frozenset[str] = frozenset().union(*options)
        chosen = False
        for slot in role.dynamic:
            if slot in (DynamicSlot.CHOSEN_COLOR, DynamicSlot.CHOSEN_COLORS):
                chosen = True
                continue
            for option in self.dynamic_options[slot]:
                every |= option
        return every, chosen

    def options(self, role: CardRole, *, back: bool = False) -> tuple[frozenset[str], ...]:
        """The choices a source's controller makes *once* (which face of a Pathway
        to play, what a fetch land finds, a Thriving land's color), each the set of
        mana letters the permanent can then make on every activation; dynamic
        slots resolved; restricted mana left out. ``back``: a modal double-faced
        spell's land back face."""
        found = self._options.get((role.name, back))
        if found is not None:
            return found
        every, chosen = self._every(role, back)
        choices = self._choices(role, back, every, chosen)
        result = tuple(c for c in choices if c)
        self._options[(role.name, back)] = result
        return result

    def _choices(
        self, role: CardRole, back: bool, every: frozenset[str], chosen: bool
    ) -> list[frozenset[str]]:
        """The once-made choices of :meth:`options` (empty ones included), from the
        letters ``every`` the source can make and whether it chooses a color."""
        if chosen:
            extra = [c for c in sorted(self.colors) if c not in every]
            return [every | {c} for c in extra] or [every]
        if role.back is not None and not back:
            other: frozenset[str] = frozenset().union(*role.back_options)
            return [every, other]
        if role.fetch is not None and not back:
            choices: list[frozenset[str]] = []
            for option in self._found(role):
                if option and option not in choices:
                    choices.append(option)
            return choices
        return [every] if every else []

    def _found(self, role: CardRole) -> list[frozenset[str]]:
        """What a fetch land may give the deck: the mana of each land it can find
        here (Karsten counts a fetch land as a source of each color it finds); of
        the pair it finds (Krosan Verge: a Forest and a Plains; Blighted Woodland:
        any two basic lands)."""
        fetch = role.fetch
        assert fetch is not None
        made = [
            (self.produces(item.role), item.role.subtypes)
            for item in self.deck.main
            if item.role.is_land and item.role.fetch is None and fetch.finds(item.card)
        ]
        if fetch.each:  # one of each type at once
            return [_each_type(fetch.types, made)]
        if fetch.lands > 1 and not fetch.share_type:
            return [a | b for i, (a, _) in enumerate(made) for b, _ in made[i:]] or []
        return [letters for letters, _ in made]

    def produces(self, role: CardRole, *, back: bool = False) -> frozenset[str]:
        result: frozenset[str] = frozenset()
        for option in self.options(role, back=back):
            result |= option
        return result

    def restricted(self, role: CardRole, spend: Spend | None) -> frozenset[str]:
        """The restricted mana letters ``role`` may spend on ``spend`` (CR 106.6)."""
        letters: frozenset[str] = frozenset()
        if spend is None:
            return letters
        for option, restriction in role.restricted:
            if self._allows(restriction, spend):
                letters |= option
        return letters

    def _allows(self, restriction: Restriction, spend: Spend) -> bool:
        if self.chosen_type is not None:
            restriction = bind_chosen_type(restriction, self.chosen_type)
        return restriction.allows(spend)

    def value(
        self,
        role: CardRole,
        group: frozenset[str],
        spend: Spend | None = None,
        *,
        back: bool = False,
    ) -> float:
        """How much of a source of ``group`` one copy of a source is (for the
        spell ``spend`` describes, when restricted mana matters)."""
        extra = self.restricted(role, spend) if not back else frozenset()
        options = self.options(role, back=back)
        if extra:
            options = tuple(o | extra for o in options) or (extra,)
        if not options:
            return 0.0
        hits = [bool(option & group) for option in options]
        if all(hits):
            return 1.0
        if not any(hits):
            return 0.0
        if role.fetch is not None and not role.fetch.basic_only and not back:
            return 1.0  # it finds the land with the color when it is cracked
        union = frozenset().union(*options) & (self.colors | {"C"})
        if any(option >= union for option in options):
            return 1.0
        return self.choice_value

    def turn_one(self, role: CardRole, *, back: bool = False) -> bool:
        entry = role.land_back_entry if back else role.entry
        if not entry.untapped_on_turn_one():
            return False
        fetch = role.fetch
        return back or fetch is None or not (fetch.tapped or fetch.delayed)

    def sources(
        self, group: frozenset[str], mana_value: int, spend: Spend | None = None
    ) -> tuple[float, int, float]:
        """(land sources, lands counted, other sources) of ``group`` for a spell of
        ``mana_value`` (``spend``: the spell, for restricted mana), cached (the spell
        matters only when some source's mana is restricted)."""
        key = (group, mana_value, spend if self._restricted else None)
        found = self._sources.get(key)
        if found is None:
            found = self._sources[key] = self._count(group, mana_value, spend)
        return found

    def _count(
        self, group: frozenset[str], mana_value: int, spend: Spend | None
    ) -> tuple[float, int, float]:
        lands = other = 0.0
        counted = 0
        for item in self.deck.main:
            role = item.role
            if role.is_land:
                value = self._land_value(role, group, mana_value, spend)
                if value:
                    lands += value * item.count
                    counted += item.count
                continue
            lands += self._back_value(role, group, mana_value) * item.count
            other += self._other_value(role, group, mana_value, spend) * item.count
        return lands, counted, other

    def _land_value(
        self, role: CardRole, group: frozenset[str], mana_value: int, spend: Spend | None
    ) -> float:
        """How much of a source of ``group`` a land is for a spell of ``mana_value``
        (none, for a one-drop, when it can't tap on turn one)."""
        if mana_value <= 1 and not self.turn_one(role):
            return 0.0
        return self.value(role, group, spend)

    def _back_value(self, role: CardRole, group: frozenset[str], mana_value: int) -> float:
        """How much of a land source of ``group`` a spell's land back face is."""
        if role.land_back is None or not (mana_value > 1 or self.turn_one(role, back=True)):
            return 0.0
        value = self.value(role, group, back=True)
        return MDFC_LAND * value if value else 0.0

    def _other_value(
        self, role: CardRole, group: frozenset[str], mana_value: int, spend: Spend | None
    ) -> float:
        """How much of a nonland source of ``group`` a dork, rock or Treasure maker
        is for a spell of ``mana_value`` (it must be cheaper than the spell)."""
        if role.kind not in ("dork", "rock", "treasure") or mana_value <= role.mana_value:
            return 0.0
        if role.kind == "dork" and mana_value >= 2:
            weight = _DORK
        elif role.kind == "rock" and mana_value >= 3:
            weight = _ROCK
        elif role.kind == "treasure" and mana_value >= 2:
            return _TREASURE  # any color
        else:
            return 0.0
        return weight * self.value(role, group, spend)
