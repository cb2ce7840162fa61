"""The packed state of a game of the simulation (:mod:`._game`): the hand, the
counters the policy reads and Karsten's land count, all in **one integer** ``H`` of
fixed-width fields, so that drawing a card, playing a land or casting a mana
source is one addition of a precomputed delta, and the land-drop policy's inputs
are one mask of ``H`` (its decisions are cached under it).

Fields, from the lowest (each :attr:`Layout.width` bits; ``HALF`` is its top bit):

* a reserved field, zero in ``H`` (keys put flags there: :data:`WANTS`,
  :data:`EARLY`, :data:`NO_MDFC`);
* *presence* counters, started at ``HALF - 1`` so that their top bit says "at
  least one": each land card of the hand (modal double-faced spells too), each
  ramp card of the hand (in the order the policy casts them), the spells of the
  hand by curve slot, by color they need (W U B R G), the hand cards of each
  basic land type a reveal land asks for; the colors the battlefield makes; each
  land on the battlefield whose search costs mana, not cracked yet;
* *threshold* counters, started at ``HALF - t`` so that their top bit says "at
  least ``t``": lands (fast lands, slow lands, Fabled Passage, the modal
  double-faced rule), basic lands, land types (check lands: CR 305.7 counts a
  dual twice, as the policy does); and, per land a search can find, its copies
  gone from the library (the top bit: none left);
* raw counts: lands, lands and mana sources (the mana the policy counts), and at
  the top, the land cards seen (Karsten's condition is ``H >= turn << seen``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

from ._cards import CompiledDeck, EntryCode, LandFace

__all__ = ["EARLY", "NO_MDFC", "WANTS", "Layout"]

WANTS: Final = 1
"""A key's flag: a spell of the hand costs one more than the mana available."""
EARLY: Final = 2
"""A key's flag: it is the first, second or third turn."""
NO_MDFC: Final = 4
"""A key's flag: modal double-faced spells are not land drops (ramp's extra land)."""
_COLORS: Final = 5
_K = TypeVar("_K")
_CONTROL: Final = EntryCode.CONTROL


class Layout:
    """The fields of ``H`` for one compiled deck (see the module).

    ``drops[k]`` are card ``k``'s land drops as the engine lists them (entry code,
    count, type bits, the card a fetch finds); ``ramp_order`` the ramp cards in
    the order the policy casts them; ``targets`` the land cards a fetch or a
    search may take from the library; ``last_due`` the last curve turn.
    """

    def __init__(
        self,
        deck: CompiledDeck,
        drops: Sequence[Sequence[tuple[int, int, int, int]]],
        ramp_order: Sequence[int],
        targets: Sequence[int],
        last_due: int,
        pending: Sequence[int] = (),
    ) -> None:
        n = len(deck.items)
        self.width = width = _width(deck, drops)
        self.half = 1 << (width - 1)
        self.field_mask = (1 << width) - 1
        self._next = width  # the reserved field
        self.start = 0
        self._hand_fields(deck, drops, ramp_order)
        # -- the library: copies of each land a search can find gone from it --
        self.out_field = [-1] * n
        for j in sorted(set(targets)):
            self.out_field[j] = self._field(self.half - deck.items[j].count)
        self._battlefield_fields(deck, drops, last_due, pending)
        self.seen = self._next
        self._masks(drops)
        # -- deltas --
        self.hand_in = [self._hand_in(deck, k) for k in range(n)]
        """What card ``k`` adds to ``H`` entering the hand (minus: leaving it)."""
        self.drawn = [self._drawn(deck, k) for k in range(n)]
        """What card ``k`` adds to ``H`` drawn from the library."""

    def _hand_fields(
        self,
        deck: CompiledDeck,
        drops: Sequence[Sequence[tuple[int, int, int, int]]],
        ramp_order: Sequence[int],
    ) -> None:
        """The hand's presence fields: land cards, ramp cards, curve slots, colors
        needed, and the basic land types a reveal land asks for."""
        n = len(deck.items)
        top = self.half - 1
        self.land_field = [self._field(top) if deck.playable[k] else -1 for k in range(n)]
        self.ramp_field = [-1] * n
        for k in ramp_order:
            self.ramp_field[k] = self._field(top)
        self.slots = max(deck.curve, default=0) + 2
        self.curve_field = [self._field(top) for _ in range(self.slots)]
        self.need_field = [self._field(top) for _ in range(_COLORS)]
        # Reveal lands: (types, whether the land in hand has them) -> field.
        self.reveal_field: dict[tuple[int, bool], int] = {}
        for k in range(n):
            for code, _, types, _ in drops[k]:
                if code == EntryCode.REVEAL:
                    own = bool(deck.subtypes[k] & types)
                    if (types, own) not in self.reveal_field:
                        self.reveal_field[(types, own)] = self._field(top - own)

    def _battlefield_fields(
        self,
        deck: CompiledDeck,
        drops: Sequence[Sequence[tuple[int, int, int, int]]],
        last_due: int,
        pending: Sequence[int],
    ) -> None:
        """The battlefield's fields: the colors made, the searches not cracked yet,
        the thresholds the land drops read, and the raw counts."""
        n = len(deck.items)
        self.color_field = [self._field(self.half - 1) for _ in range(_COLORS)]
        self.pending_field = [-1] * n
        """Per land whose search costs mana (Warped Landscape), its copies on the
        battlefield not cracked yet (a presence counter)."""
        for k in pending:
            self.pending_field[k] = self._field(self.half - 1)
        self.lands_field: dict[int, int] = {}
        self.basics_field: dict[int, int] = {}
        self.types_field: dict[tuple[int, int], int] = {}
        self.early = False
        for k in range(n):
            for code, count, types, _ in drops[k]:
                self._threshold_of(code, count, types)
        self.mdfc = any(face is not None for face in deck.mdfc_face)
        if self.mdfc:
            self._threshold(self.lands_field, last_due, last_due)
        self.n_lands = self._field(0)
        self.usable = self._field(0)

    def _threshold_of(self, code: int, count: int, types: int) -> None:
        """The threshold field a land drop with entry ``code`` reads (if any)."""
        if code == EntryCode.CONTROL:
            self._threshold(self.types_field, (types, count), count)
        elif code == EntryCode.FEW_LANDS:
            self._threshold(self.lands_field, count + 1, count + 1)
        elif code == EntryCode.MANY_LANDS:
            self._threshold(self.lands_field, count, count)
        elif code == EntryCode.BASICS:
            self._threshold(self.basics_field, count, count)
        elif code == EntryCode.EARLY:
            self.early = True
        elif code == EntryCode.FOUR_LANDS:
            self._threshold(self.lands_field, 3, 3)

    def _masks(self, drops: Sequence[Sequence[tuple[int, int, int, int]]]) -> None:
        """The presence masks, the land-drop policy's mask and the ``wants`` bits."""
        self.land_pres = self._tops(self.land_field)
        self.ramp_pres = self._tops(self.ramp_field)
        self.pending_pres = self._tops(self.pending_field)
        self.need_pres = self._tops(self.need_field)
        self.color_pres = self._tops(self.color_field)
        n = len(self.land_field)
        fetched = [j for k in range(n) for _, _, _, j in drops[k] if j >= 0]
        self.decide_mask = (
            self.land_pres
            | self.need_pres
            | self.color_pres
            | self._tops(self.reveal_field.values())
            | self._tops(self.lands_field.values())
            | self._tops(self.basics_field.values())
            | self._tops(self.types_field.values())
            | self._tops(self.out_field[j] for j in fetched)
        )
        """The bits of ``H`` the land-drop policy reads."""
        # The bit saying a spell costs one more than ``usable`` mana: (H >> wants[u]) & 1.
        slots, width = self.slots, self.width
        self.wants = [
            self.curve_field[u + 1] + width - 1 if u + 1 < slots else 0 for u in range(1 << width)
        ]

    def _field(self, start: int) -> int:
        offset = self._next
        self._next += self.width
        self.start += start << offset
        return offset

    def _threshold(self, fields: dict[_K, int], key: _K, at_least: int) -> None:
        if key not in fields:
            fields[key] = self._field(max(self.half - at_least, 0))

    def _tops(self, offsets: Iterable[int]) -> int:
        bits = 0
        for offset in offsets:
            if offset >= 0:
                bits |= 1 << (offset + self.width - 1)
        return bits

    def top(self, offset: int) -> int:
        """The top bit of the field at ``offset``."""
        return 1 << (offset + self.width - 1)

    def _hand_in(self, deck: CompiledDeck, k: int) -> int:
        delta = 0
        if self.land_field[k] >= 0:
            delta += 1 << self.land_field[k]
        else:
            delta += 1 << self.curve_field[deck.curve[k]]
            for color in range(_COLORS):
                if deck.need[k] >> color & 1:
                    delta += 1 << self.need_field[color]
            if self.ramp_field[k] >= 0:
                delta += 1 << self.ramp_field[k]
        for (types, _), offset in self.reveal_field.items():
            if deck.subtypes[k] & types:
                delta += 1 << offset
        return delta

    def _drawn(self, deck: CompiledDeck, k: int) -> int:
        """What card ``k`` adds to ``H`` drawn from the library: its hand delta, a
        land card seen, one copy fewer in the library."""
        delta = self.hand_in[k]
        if deck.playable[k]:
            delta += 1 << self.seen
        if self.out_field[k] >= 0:
            delta += 1 << self.out_field[k]
        return delta

    # -- the battlefield --

    def colors_in(self, colors: int) -> int:
        """What a permanent making ``colors`` adds to ``H``."""
        delta = 0
        for color in range(_COLORS):
            if colors >> color & 1:
                delta += 1 << self.color_field[color]
        return delta

    def land_in(self, face: LandFace) -> int:
        """What a land entering the battlefield adds to ``H``, its colors aside
        (minus: the land leaving it; the colors the battlefield made stay)."""
        delta = (1 << self.n_lands) + (1 << self.usable)
        for offset in self.lands_field.values():
            delta += 1 << offset
        if face.basic:
            for offset in self.basics_field.values():
                delta += 1 << offset
        for (types, _), offset in self.types_field.items():
            delta += (face.types & types).bit_count() << offset
        return delta

    def source_in(self, colors: int) -> int:
        """What a mana source (not a land) entering the battlefield adds to ``H``."""
        return (1 << self.usable) + self.colors_in(colors)

    # -- reading H --

    def count(self, h: int, offset: int) -> int:
        """The raw value of a field."""
        return (h >> offset) & self.field_mask

    def colors(self, bits: int, fields: Sequence[int]) -> int:
        """The WUBRG bits whose presence fields are set in ``bits``."""
        found = 0
        for color, offset in enumerate(fields):
            if bits >> (offset + self.width - 1) & 1:
                found |= 1 << color
        return found


def _width(deck: CompiledDeck, drops: Sequence[Sequence[tuple[int, int, int, int]]]) -> int:
    """The fields' width: enough bits for the widest count, the deck's cards or a
    check land's land types (a dual counts twice)."""
    n = len(deck.items)
    counts = [item.count for item in deck.items]
    bound = sum(counts)
    checks = {types for k in range(n) for code, _, types, _ in drops[k] if code == _CONTROL}
    for types in checks:
        bound = max(bound, sum(
            counts[k] * max((f.types & types).bit_count() for f in _faces(deck, k))
            for k in range(n) if _faces(deck, k)
        ))  # fmt: skip
    return 8 if bound < 127 else 16 if bound < 32767 else 32


def _faces(deck: CompiledDeck, k: int) -> tuple[LandFace, ...]:
    back = deck.mdfc_face[k]
    return deck.land_faces[k] or (() if back is None else (back,))
