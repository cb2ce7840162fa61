"""The static effects of a deck's own cards (CR 604.1, 611.3, 613) and what each does
to the deck's other permanents, for the simulation (:mod:`mtgmana.analysis.simulation._cards`: which
cards it casts for their effect, which creatures become mana sources) and for the
note saying how each card was counted (:mod:`mtgmana.analysis.counting`).

An effect is tried on a battlefield of two permanents — its source and each
permanent of the deck (each land face, each nonland permanent card, a Treasure
when the deck makes Treasure) — and the layers applied
(:attr:`~mtgmana.board.Board.effective`): it *gives* mana to a permanent
that gains a mana ability there (Urborg to a Forest, Cryptolith Rite to Grizzly
Bears, CR 305.6-305.7) and *takes* mana from one that loses one or whose land
types it sets (Blood Moon to a Tundra or an Evolving Wilds, CR 305.7). A
nonland card whose effects only add land types or grant abilities
(:func:`~mtgmana.analysis.roles.helps_mana`) and give some permanent of the deck mana is cast by
the simulation as ramp; a nonland permanent card that makes no mana of its own
but gains a mana ability from such a card is cast as a mana source
(:attr:`DeckStatics.granted`). Effects on an enchanted or equipped permanent
(Paradise Mantle) are not simulated: attaching isn't.

>>> from mtgmana.cards import lookup
>>> found = deck_statics((lookup("Cryptolith Rite"), lookup("Grizzly Bears"), lookup("Forest")))
>>> found.granted["Grizzly Bears"], found.helps("Cryptolith Rite")
(('Cryptolith Rite',), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ...ability_text import RampKind
from ...board import Board, Permanent
from ...board.abilities import CHOSEN_TYPE
from ...board.effects import BASIC_LAND_TYPES
from ...cards import Card
from ...errors import MtgManaError
from ...restrictions import parse_type_line
from ._role import CardRole, role_of

__all__ = ["DeckStatics", "deck_statics", "static_note"]

_PERMANENT_TYPES: Final = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)
_SHOWN: Final = 3


@dataclass(frozen=True)
class DeckStatics:
    """What the static effects of a deck's cards do to its permanents (see the
    module): ``gives[card]`` the names of the permanents its effects give a mana
    ability, ``takes[card]`` those they take one from (or set the land types of);
    ``granted[card]`` for a nonland card that makes no mana of its own, the cards
    whose effects give it a mana ability."""

    gives: Mapping[str, tuple[str, ...]]
    takes: Mapping[str, tuple[str, ...]]
    granted: Mapping[str, tuple[str, ...]]

    def helps(self, name: str) -> bool:
        """Whether the card's static effects give some permanent of the deck mana
        and take it from none (the simulation casts it for them)."""
        return bool(self.gives.get(name)) and not self.takes.get(name)


def deck_statics(cards: Iterable[Card]) -> DeckStatics:
    """The :class:`DeckStatics` of a deck's cards (its main deck; cached)."""
    return _deck_statics(frozenset(cards))


@lru_cache(maxsize=64)
def _deck_statics(cards: frozenset[Card]) -> DeckStatics:
    roles = [role_of(card) for card in sorted(cards, key=lambda card: card.name)]
    sources = [role for role in roles if role.permanent is not None and role.permanent.statics]
    if not sources:
        return DeckStatics({}, {}, {})
    # (name, whether it makes no mana of its own and is cast for none, permanent)
    candidates: list[tuple[str, bool, Permanent]] = []
    for role in roles:
        bare = not role.is_land and role.ramp is None and role.permanent is None
        candidates.extend((role.name, bare, permanent) for permanent in _permanents(role))
    if any(r.kind == "treasure" or (r.ramp is not None and r.ramp.kind is RampKind.TREASURE)
           for r in roles):  # fmt: skip
        candidates.append(("Treasure", False, Permanent.named("Treasure")))
    # Each as its own effects make it (Urborg is a Swamp already).
    alone = [Board((p,)).effective.permanents[0] for _, _, p in candidates]
    gives: dict[str, tuple[str, ...]] = {}
    takes: dict[str, tuple[str, ...]] = {}
    granted: dict[str, list[str]] = {}
    for source in sources:
        permanent = source.permanent
        assert permanent is not None
        destructive = any(e.set_types or e.removes_abilities for e in permanent.statics)
        given: list[str] = []
        taken: list[str] = []
        for (name, bare, other), before in zip(candidates, alone, strict=True):
            if name == source.name:
                continue
            # Either timestamp first (CR 613.7).
            for after in _after(permanent, other):
                if after == before:
                    continue
                if any(a not in before.abilities for a in after.abilities):
                    given.append(name)
                    if bare:
                        granted.setdefault(name, []).append(source.name)
                if destructive or any(a not in after.abilities for a in before.abilities):
                    taken.append(name)
        gives[source.name] = tuple(dict.fromkeys(given))
        takes[source.name] = tuple(dict.fromkeys(taken))
    return DeckStatics(gives, takes, {k: tuple(dict.fromkeys(v)) for k, v in granted.items()})


def _after(permanent: Permanent, other: Permanent) -> list[Permanent]:
    """``other`` as the effects of ``permanent`` make it, whichever has the earlier
    timestamp (CR 613.7), with each basic land type chosen when the effects give
    the chosen type (Realmwright; CR 305.6)."""
    chosen = [permanent]
    if any(CHOSEN_TYPE in effect.land_types for effect in permanent.statics):
        chosen = [permanent.with_state(chosen_type=t) for t in BASIC_LAND_TYPES]
    found = []
    for source in chosen:
        found.append(Board((source, other)).effective.permanents[1])
        found.append(Board((other, source)).effective.permanents[0])
    return found


def _permanents(role: CardRole) -> list[Permanent]:
    """The permanents a card of the deck can be on the battlefield as: its land
    faces, or itself if it is a permanent card."""
    card = role.card
    front = card.faces[0]
    found: list[Permanent] = []
    if role.is_land:
        found.append(role.permanent or Permanent(front.name, type_line=front.type_line))
        if role.back is not None:
            found.append(role.back)
    elif parse_type_line(front.type_line)[1] & _PERMANENT_TYPES:
        if role.permanent is not None:
            found.append(role.permanent)
        else:
            with suppress(MtgManaError):  # every real card reads
                found.append(Permanent.from_card(card))
    if role.land_back is not None:
        found.append(role.land_back)
    return found


def static_note(role: CardRole, statics: DeckStatics) -> str:
    """How the card's static effects (or another card's, on it) are simulated, for
    the note saying how it was counted ("" when none)."""
    name = role.name
    givers = statics.granted.get(name)
    if givers:
        return f"cast by the simulation as a mana source under {_join(givers)}'s static effect"
    if not role.statics:
        return ""
    text = " ".join(dict.fromkeys(str(e) for e in role.statics))  # one ability, one text
    permanent = role.permanent
    if permanent is None:
        why = "attaching isn't" if any(e.affects.attached for e in role.statics) else "a spell"
        return f"static effect not simulated ({why}): {text}"
    chosen = any(CHOSEN_TYPE in effect.land_types for effect in permanent.statics)
    chosen_note = " (the type chosen: that of the deck's color most needed)" if chosen else ""
    taken = statics.takes.get(name, ())
    if role.is_land or role.kind in ("dork", "rock"):
        note = f"static effect simulated: {text}{chosen_note}"
        return note + (f" It takes mana from {_some(taken)}" if taken else "")
    if role.ramp is not None and statics.helps(name):
        return f"static effect simulated when cast: {text}{chosen_note}"
    if taken:
        return (
            f"static effect not simulated: {text} It would take mana from "
            f"{_some(taken)}; the simulation casts what helps the mana only"
        )
    if not statics.gives.get(name):
        return f"static effect not simulated: {text} It gives no card of this deck mana"
    return f"static effect not simulated (the simulation casts ramp only): {text}"


def _some(names: tuple[str, ...]) -> str:
    shown = list(names[:_SHOWN]) + (["..."] if len(names) > _SHOWN else [])
    return ", ".join(shown)


def _join(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
