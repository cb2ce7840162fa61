"""The player's actions in a game of the simulation (:mod:`._sim_game`): the land
drop — which lands could be played and how they enter (:class:`~.roles.Entry`),
the policy's choice (see :mod:`mtgmana.analysis.simulate`), fetch lands — and ramp
(:class:`~.roles.Ramp`): mana sources, land searches, Treasure, extra land drops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ._sim_cards import CompiledDeck, LandFace, RampRecord
from .roles import Fetch

if TYPE_CHECKING:
    from ._sim_payer import Payer

__all__ = ["Actions", "LandDrop", "State", "mdfc_last"]

LandDrop = tuple[int, int, int, int, int, int, LandFace, int, bool]
"""A land drop: (key added now, identity added now, key added from the next turn,
identity added from the next turn, card, whether it enters tapped, its face, the
card a fetch land finds or -1, whether it is a modal double-faced spell)."""


def mdfc_last(option: LandDrop) -> bool:
    """Sort key: modal double-faced spells after lands."""
    return option[8]


class Actions:
    """The actions of :class:`~._sim_game.Engine` (a mixin: the engine holds the
    compiled deck and these tables)."""

    deck: CompiledDeck
    payer: Payer
    inc: list[int]
    ident: list[int]
    ident_tapped: list[int]
    land_bit: int
    tapped_mask: int
    keep_land: list[bool]
    is_ramp: list[bool]
    ramp_rank: list[int]
    ramp_bit: list[int]
    static_options: list[tuple[LandDrop, ...] | None]
    drops: list[tuple[tuple[LandDrop, LandDrop, int, int, int, int], ...]]
    fetches: list[Fetch | None]
    has_mdfc: bool
    last_due: int
    castable: Callable[[int, int, int], int]

    def _give(self, state: State, card: int) -> None:
        """A card enters the hand."""
        state.hand.append(card)
        if self.keep_land[card]:
            state.lands.append(card)
        else:
            state.need |= self.deck.need[card]
            state.curves[self.deck.curve[card]] += 1
            if self.is_ramp[card]:
                state.ramp.append(card)
                state.ramp_bits |= self.ramp_bit[card]
                if len(state.ramp) > 1:
                    state.ramp.sort(key=self.ramp_rank.__getitem__)

    def _take(self, state: State, card: int) -> None:
        """A card leaves the hand."""
        state.hand.remove(card)
        if self.keep_land[card]:
            state.lands.remove(card)
            return
        state.curves[self.deck.curve[card]] -= 1
        if self.is_ramp[card]:
            state.ramp.remove(card)
            bits = 0
            for other in state.ramp:
                bits |= self.ramp_bit[other]
            state.ramp_bits = bits
        need = 0
        for other in state.hand:
            need |= self.deck.need[other]
        state.need = need

    # -- land drops --

    def _untapped(self, face: LandFace, card: int, state: State, turn: int) -> bool:
        """Whether a land enters untapped (see :class:`~.roles.Entry`); ``card`` is
        the card in hand being played (not revealed for itself)."""
        code, count, types = face.entry
        if code == 0:
            return True
        if code == 1:
            return False
        if code == 2:
            lands = state.land_types
            return sum(lands[i] for i in range(5) if types >> i & 1) >= count
        if code == 3:
            return state.n_lands <= count
        if code == 4:
            return state.n_lands >= count
        if code == 5:
            return state.n_basics >= count
        if code == 6:
            subtypes = self.deck.subtypes
            skipped = False
            for other in state.hand:
                if other == card and not skipped:
                    skipped = True
                    continue
                if subtypes[other] & types:
                    return True
            return False
        return turn <= 3

    def _drop(
        self, card: int, face: LandFace, target: int, code: int, *, mdfc: bool = False
    ) -> tuple[LandDrop, LandDrop, int, int, int, int]:
        where = max(target, -1)
        return (
            self._option(card, face, True, where, mdfc),
            self._option(card, face, False, where, mdfc),
            code,
            face.entry[1],
            face.entry[2],
            target,
        )

    def _option(
        self, card: int, face: LandFace, untapped: bool, target: int, mdfc: bool
    ) -> LandDrop:
        c = face.source
        if untapped:
            return (self.inc[c], self.ident[c] | self.land_bit, self.inc[c], self.ident[c],
                    card, 0, face, target, mdfc)  # fmt: skip
        return (0, self.ident_tapped[c], self.inc[c], self.ident[c], card, 1, face, target, mdfc)

    def _options(self, state: State, lib_count: list[int], turn: int) -> list[LandDrop]:
        """The land drops possible from the hand (modal double-faced spells last)."""
        static = self.static_options
        drops = self.drops
        options: list[LandDrop] = []
        later: list[LandDrop] = []
        seen: list[int] = []
        n_lands = state.n_lands
        for card in state.lands:
            if card in seen:
                continue
            seen.append(card)
            fixed = static[card]
            if fixed is not None:
                if fixed[0][8]:
                    later.extend(fixed)
                else:
                    options.extend(fixed)
                continue
            found = False
            for up, down, code, count, types, target in drops[card]:
                if target >= 0:
                    if not lib_count[target]:
                        continue
                elif target == -2 and found:
                    break  # the fetch land itself only when it finds nothing
                found = True
                if code == 0:
                    untapped = True
                elif code == 1:
                    untapped = False
                elif code == 2:
                    lands = state.land_types
                    untapped = sum(lands[i] for i in range(5) if types >> i & 1) >= count
                elif code == 3:
                    untapped = n_lands <= count
                elif code == 4:
                    untapped = n_lands >= count
                elif code == 5:
                    untapped = state.n_basics >= count
                elif code == 6:
                    untapped = self._reveals(card, types, state)
                elif code == 7:
                    untapped = turn <= 3
                else:  # 8: Fabled Passage's "if you control four or more lands"
                    untapped = n_lands + 1 >= 4
                option = up if untapped else down
                (later if option[8] else options).append(option)
        return options + later if later else options

    def _reveals(self, card: int, types: int, state: State) -> bool:
        """Whether the hand has another card of one of ``types`` to reveal."""
        subtypes = self.deck.subtypes
        skipped = False
        for other in state.hand:
            if other == card and not skipped:
                skipped = True
                continue
            if subtypes[other] & types:
                return True
        return False

    def _choose(self, options: list[LandDrop], state: State) -> LandDrop | None:
        """The land drop the policy makes (see :mod:`.simulate`), or ``None``."""
        if not options[0][8]:
            candidates = [o for o in options if not o[8]] if self.has_mdfc else options
        elif state.n_lands >= self.last_due:
            return None  # a modal double-faced spell is kept as a spell
        else:
            candidates = options
        if len(candidates) == 1:
            return candidates[0]
        usable = state.n_lands + state.n_sources
        curves = state.curves
        wants_untapped = usable + 1 < len(curves) and curves[usable + 1] > 0
        need = state.need
        fresh = need & ~state.colors
        best = candidates[0]
        best_score = -1
        for option in candidates:
            colors = option[6].colors
            score = (
                ((1 - option[5]) if wants_untapped else option[5]) << 24
                | (colors & fresh).bit_count() << 20
                | (colors & need).bit_count() << 16
                | 0xFFFF - option[4] * 64 - option[6].source
            )
            if score > best_score:
                best, best_score = option, score
        return best

    def _enter(self, face: LandFace, c: int, state: State) -> None:
        state.n_lands += 1
        if face.basic:
            state.n_basics += 1
        types = face.types
        if types:
            lands = state.land_types
            for i in range(5):
                if types >> i & 1:
                    lands[i] += 1
        state.colors |= self.deck.classes[c].colors & 63
        state.field.append(face)

    def _play_land(
        self,
        option: LandDrop,
        library: list[int],
        lib_count: list[int],
        state: State,
        use_key: int,
        use_identity: int,
    ) -> tuple[int, int]:
        now, now_identity, after, after_identity, card, _, face, target, _ = option
        self._take(state, card)
        if target >= 0:
            _pull(library, target, state)  # CR 701.23: then the library is shuffled
            lib_count[target] -= 1
            self._shuffle(library, state)
        state.key += after
        state.identity += after_identity
        self._enter(face, face.source, state)
        land_bit = self.land_bit
        now_identity &= ~land_bit
        if now_identity & self.tapped_mask and use_identity & self.tapped_mask:
            now_identity = 0  # one land tapped this turn is shown to the tapper
        return use_key + now, (use_identity + now_identity) | land_bit

    def _shuffle(self, library: list[int], state: State) -> None:
        """The library is shuffled: the cards on its bottom can be drawn again."""
        if state.bottomed:
            library.extend(state.bottomed)
            state.bottomed = []

    # -- ramp --

    def _useful(self, record: RampRecord, card: int, lib_count: list[int], state: State) -> bool:
        ramp = record.ramp
        if ramp.kind == "land search":
            if ramp.sacrifice_land and not state.field:
                return False
            return any(lib_count[t] for t in record.targets)
        if ramp.kind == "extra land" and not ramp.every_turn:
            return bool(state.lands)
        return True

    def _ramp(
        self,
        library: list[int],
        lib_count: list[int],
        state: State,
        use_key: int,
        use_identity: int,
        turn: int,
        castable: int,
    ) -> None:
        """Cast the first ramp card of the hand the battlefield pays for (Treasures
        last; ``castable``: the ramp questions the battlefield pays with them), then
        more paid by the mana that ramp added this turn."""
        deck = self.deck
        records = deck.ramp
        held = state.treasures
        if held:
            treasure = deck.treasure
            t_inc, t_ident = self.inc[treasure], self.ident[treasure]
            use_key -= held * t_inc
            use_identity -= held * t_ident
        if held:
            castable = self.castable(use_key, use_identity, state.ramp_bits)
        for card in state.ramp:
            record = records[card]
            assert record is not None
            bit = self.ramp_bit[card]
            spent = 0
            if not castable & bit:
                if not held:
                    continue
                spent = -1
                for used in range(1, held + 1):
                    if self.castable(use_key + used * t_inc, use_identity + used * t_ident, bit):
                        spent = used
                        break
                if spent < 0:
                    continue
            if not self._useful(record, card, lib_count, state):
                continue
            if spent:
                state.treasures -= spent
                state.key -= spent * t_inc
                state.identity -= spent * t_ident
            self._resolve(card, record, library, lib_count, state, turn)
            break
        else:
            return
        while state.fresh_key and state.ramp:
            key, identity = state.fresh_key, state.fresh_identity
            state.fresh_key = state.fresh_identity = 0
            for card in state.ramp:
                record = deck.ramp[card]
                assert record is not None
                if self._useful(record, card, lib_count, state) and self.castable(
                    key, identity, 1 << record.question
                ):
                    self._resolve(card, record, library, lib_count, state, turn)
                    break

    def _resolve(
        self,
        card: int,
        record: RampRecord,
        library: list[int],
        lib_count: list[int],
        state: State,
        turn: int,
    ) -> None:
        """A ramp card resolves (its mana is there from now on)."""
        self._take(state, card)
        ramp = record.ramp
        inc, ident = self.inc, self.ident
        kind = ramp.kind
        if kind == "mana source":
            c = record.source
            state.key += inc[c]
            state.identity += ident[c]
            state.n_sources += 1
            state.colors |= self.deck.classes[c].colors
            if not record.creature and not record.tapped:
                state.fresh_key += inc[c]
                state.fresh_identity += ident[c]
        elif kind == "treasure":
            c = self.deck.treasure
            n = ramp.treasures
            state.treasures += n
            state.key += n * inc[c]
            state.identity += n * ident[c]
            state.fresh_key += n * inc[c]
            state.fresh_identity += n * ident[c]
        elif kind == "land search":
            if ramp.sacrifice_land:
                self._sacrifice(state)
            for found in range(ramp.lands + ramp.to_hand):
                target = self._find(record, lib_count, state)
                if target < 0:
                    break
                _pull(library, target, state)
                lib_count[target] -= 1
                if found < ramp.lands:
                    face = self.deck.land_faces[target][0]
                    c = face.source
                    state.key += inc[c]
                    state.identity += ident[c]
                    self._enter(face, c, state)
                    if not ramp.tapped and face.entry[0] == 0:
                        state.fresh_key += inc[c]
                        state.fresh_identity += ident[c]
                else:
                    self._give(state, target)
            self._shuffle(library, state)
        else:  # extra land drops
            if ramp.every_turn:
                state.extra_every_turn += ramp.extra_lands
            for _ in range(ramp.extra_lands):
                options = [o for o in self._options(state, lib_count, turn) if not o[8]]
                played = self._choose(options, state) if options else None
                if played is None:
                    break
                if ramp.from_hand and ramp.tapped and not played[5]:
                    c = played[6].source
                    played = (0, self.ident_tapped[c], *played[2:5], 1, *played[6:])
                now_key, now_identity = self._play_land(played, library, lib_count, state, 0, 0)
                state.fresh_key += now_key
                state.fresh_identity += now_identity & ~self.land_bit & ~self.tapped_mask

    def _find(self, record: RampRecord, lib_count: list[int], state: State) -> int:
        """The land a search finds: the one that adds the most colors the hand
        needs and the battlefield lacks, then the most needed colors."""
        deck = self.deck
        need = state.need
        have = state.colors
        best = -1
        best_score: tuple[int, int, int, int] | None = None
        for target in record.targets:
            if not lib_count[target]:
                continue
            colors = deck.land_faces[target][0].colors
            score = (
                (colors & need & ~have).bit_count(),
                (colors & need).bit_count(),
                (colors & 31).bit_count(),
                -target,
            )
            if best_score is None or score > best_score:
                best, best_score = target, score
        return best

    def _sacrifice(self, state: State) -> None:
        """Sacrifice the land that makes the fewest colors (Harrow's cost)."""
        field = state.field
        face = min(field, key=lambda f: ((f.colors & 31).bit_count(), f.source))
        field.remove(face)
        c = face.source
        state.key -= self.inc[c]
        state.identity -= self.ident[c]
        state.n_lands -= 1
        if face.basic:
            state.n_basics -= 1
        for i in range(5):
            if face.types >> i & 1:
                state.land_types[i] -= 1


def _pull(library: list[int], card: int, state: State) -> None:
    """Take ``card`` out of the library (a search finds the cards a mulligan put on
    the bottom too, CR 701.23)."""
    if card in library:
        library.remove(card)
    else:
        state.bottomed.remove(card)


class State:
    """One game's hand, battlefield and counters."""

    __slots__ = (
        "bottomed", "colors", "curves", "extra_every_turn", "field", "fresh_identity",
        "fresh_key", "hand", "identity", "key", "land_types", "lands", "n_basics", "n_lands",
        "n_sources", "need", "ramp", "ramp_bits", "treasures",
    )  # fmt: skip

    def __init__(self, bottomed: list[int], curve_slots: int) -> None:
        self.bottomed = bottomed
        self.hand: list[int] = []
        self.lands: list[int] = []
        """The cards of the hand that can be played as lands."""
        self.ramp: list[int] = []
        """The ramp cards of the hand, in the order the policy casts them."""
        self.ramp_bits = 0
        """The questions of the ramp cards of the hand."""
        self.need = 0
        self.curves = [0] * curve_slots
        self.key = 0
        self.identity = 0
        self.n_lands = 0
        self.n_basics = 0
        self.n_sources = 0
        self.land_types = [0, 0, 0, 0, 0]
        self.field: list[LandFace] = []
        """The lands on the battlefield."""
        self.colors = 0
        self.treasures = 0
        self.extra_every_turn = 0
        self.fresh_key = 0
        self.fresh_identity = 0
