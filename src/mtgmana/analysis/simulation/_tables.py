"""The simulation's tables for one compiled deck (:mod:`._game`), each built by a
pure function into a frozen value: the questions' schedule (:class:`Schedule`:
which are due each turn, CR 202.3 mana values), the cards (:class:`Cards`: the
library, the ranks the mulligan and the policy use, the ramp order), and every land
drop each card allows (:func:`drop_specs`: its faces, a fetch land's targets, how
each enters)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ._cards import CompiledDeck, EntryCode, LandFace, Question

__all__ = ["Cards", "DropSpec", "Schedule", "cards_of", "drop_specs", "schedule"]

_RAMP_ORDER: Final = {"mana source": 0, "static effect": 0, "land search": 1, "extra land": 2,
                      "treasure": 3}  # fmt: skip


@dataclass(frozen=True)
class Schedule:
    """When each question is asked: ``due[turn]`` the questions whose curve turn it
    is, the last such turn, the latest curve turn's questions (``top_bits``, they
    fail most), the spells' questions (``reported``: not the hidden ones), all of
    them as bits (``every``)."""

    n: int
    every: int
    reported: int
    turn_of: tuple[int, ...]
    due: tuple[int, ...]
    last_due: int
    top_turn: int
    top_bits: int


def schedule(questions: Sequence[Question], turns: int) -> Schedule:
    """The schedule of ``questions`` over ``turns`` turns."""
    due = [0] * (turns + 2)
    for i, q in enumerate(questions):
        if q.turn <= turns:
            due[q.turn] |= 1 << i
    turn_of = tuple(q.turn for q in questions)
    top = max(turn_of, default=1)
    return Schedule(
        n=len(questions),
        every=(1 << len(questions)) - 1,
        reported=sum(1 << i for i, q in enumerate(questions) if not q.hidden),
        turn_of=turn_of,
        due=tuple(due),
        last_due=max((q.turn for q in questions if q.turn <= turns), default=1),
        top_turn=top,
        top_bits=sum(1 << i for i, t in enumerate(turn_of) if t == top),
    )


@dataclass(frozen=True)
class Cards:
    """The deck's cards as the games use them: the ``library`` (a card index per
    copy), which are lands for the mulligan (``keep_land``), the lands' rank (the
    fewest colors, tapped first: bottomed first), the spells' rank (ramp first,
    then cheapest), the ramp cards in the order the policy casts them."""

    library: tuple[int, ...]
    keep_land: tuple[bool, ...]
    land_rank: tuple[int, ...]
    spell_rank: tuple[int, ...]
    ramp_order: tuple[int, ...]
    delayed: tuple[int, ...]
    """Lands whose search costs mana: cracked later, or cycled from the hand."""


def _land_rank(deck: CompiledDeck, k: int) -> int:
    """How good a land card ``k`` is to keep: twice the colors it makes (those of
    the lands it finds too), plus one when its first face may enter untapped."""
    colors = 0
    for face in deck.land_faces[k]:
        colors |= face.colors
    for j in deck.fetch_targets[k]:
        for face in deck.land_faces[j]:
            colors |= face.colors
    face0 = deck.land_faces[k][0] if deck.land_faces[k] else deck.mdfc_face[k]
    untapped = face0 is not None and face0.entry[0] in (EntryCode.UNTAPPED, EntryCode.FEW_LANDS)
    return (colors & 31).bit_count() * 2 + untapped


def cards_of(deck: CompiledDeck) -> Cards:
    """The :class:`Cards` of a compiled deck."""
    n = len(deck.items)
    ranks = [_land_rank(deck, k) for k in range(n)]
    ramp = deck.ramp

    def order(k: int) -> tuple[int, int, int]:
        record = ramp[k]
        assert record is not None
        return (_RAMP_ORDER[record.ramp.kind], deck.curve[k], k)

    return Cards(
        library=tuple(k for k, item in enumerate(deck.items) for _ in range(item.count)),
        keep_land=tuple(deck.playable),
        land_rank=tuple(ranks),
        spell_rank=tuple(
            -1000 + deck.curve[k] if ramp[k] is not None else deck.curve[k] for k in range(n)
        ),
        ramp_order=tuple(sorted((k for k in range(n) if ramp[k] is not None), key=order)),
        delayed=tuple(k for k in range(n) if deck.crack[k] >= 0),
    )


DropSpec = tuple[LandFace, int, int, bool]
"""A land drop a card allows: the face played, the card a fetch land finds (-1:
none; -2: the fetch land itself, when it finds nothing), how it enters (its
:class:`~._cards.EntryCode`), whether it is a modal double-faced spell."""


def drop_specs(deck: CompiledDeck) -> tuple[tuple[DropSpec, ...], ...]:
    """Every land drop of each card (see :data:`DropSpec`): a fetch land played is
    the land it finds (cracked at once, CR 701.23), tapped if its search says so; a
    land whose search costs mana is played itself (cracked later)."""
    found: list[tuple[DropSpec, ...]] = []
    for k in range(len(deck.items)):
        specs: list[DropSpec] = []
        fetch = deck.items[k].role.fetch
        if deck.fetch_targets[k] and fetch is not None and not fetch.delayed:
            for target in deck.fetch_targets[k]:
                for f in deck.land_faces[target]:
                    code = f.entry[0]
                    if fetch.tapped:
                        code = EntryCode.FOUR_LANDS if fetch.untap_with_four else EntryCode.TAPPED
                    specs.append((f, target, code, False))
            for f in deck.land_faces[k]:
                specs.append((f, -2, f.entry[0], False))
        else:
            back = deck.mdfc_face[k]
            for f in deck.land_faces[k] or (() if back is None else (back,)):
                specs.append((f, -1, f.entry[0], not deck.land_faces[k]))
        found.append(tuple(specs))
    return tuple(found)
