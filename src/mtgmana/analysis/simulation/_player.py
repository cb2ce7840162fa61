"""The player's actions in a game of the simulation (:mod:`._game`): the land
drop — which lands could be played and how they enter (:class:`~mtgmana.analysis.roles.Entry`),
the policy's choice (see :mod:`mtgmana.analysis.simulation`), fetch lands — and ramp
(:class:`~mtgmana.analysis.roles.Ramp`): mana sources, land searches, Treasure, extra land drops.

The policy sees the hand and the battlefield through the packed integer ``H`` of
:mod:`._layout`: a land-drop decision is a function of ``H``'s policy bits
(:meth:`Player.decide`, cached under them), and so is a turn's ramp when every
ramp card of the hand is a mana source or makes Treasure (:meth:`Player.ramp_step`).
The rest — fetch lands, searches, extra land drops, Treasure spent — is played on a
:class:`Game`. The engine holds its player (:class:`Player`: composition, the
player's tables built once per compiled deck).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from ...ability_text import RampKind
from ..karsten import bottom_split
from ..roles import Fetch
from ._answers import Answers
from ._cards import CompiledDeck, EntryCode, LandFace, RampRecord
from ._choice import NO_LAND, Decision, Drop, LandChoice, LandDrop
from ._entry import EntryColors
from ._layout import EARLY, NO_MDFC, WANTS, Layout
from ._tables import Cards, DropSpec, drop_specs

__all__ = [
    "NO_LAND",
    "Decision",
    "Game",
    "LandDrop",
    "Player",
    "RampInfo",
    "RampStep",
    "pull",
    "shuffle",
    "take",
]

RampStep = tuple[int, int, int, int]
"""A turn's ramp as what it adds to ``H``, the key, the identity and the Treasures."""

RampInfo = tuple[int, bool, bool, bool]
"""A hand's ramp cards as :meth:`Player.ramp_info` reads them."""

_SIMPLE: Final = frozenset({RampKind.MANA_SOURCE, RampKind.TREASURE})
_READS_MORE: Final = frozenset({RampKind.LAND_SEARCH, RampKind.STATIC_EFFECT})
"""Ramp whose use reads the library, the lands or the permanents (:meth:`Player._useful`)."""


class Game:
    """One game's library and battlefield, for the actions the engine doesn't play
    inline (its hot loop keeps the same values in local variables)."""

    __slots__ = (
        "H", "bottomed", "extra", "field", "fresh_identity", "fresh_key", "identity", "key",
        "library", "treasures", "turn",
    )  # fmt: skip

    def __init__(self, library: list[int], bottomed: list[int], h: int, turn: int = 0) -> None:
        self.library = library
        self.bottomed = bottomed
        """The cards a mulligan put on the bottom (the library's; back in when it
        is shuffled)."""
        self.H = h
        self.key = 0
        self.identity = 0
        self.treasures = 0
        self.extra = 0
        """Extra land drops each turn."""
        self.field: list[LandFace] | None = None
        """The lands on the battlefield, when a ramp card sacrifices one."""
        self.fresh_key = 0
        self.fresh_identity = 0
        self.turn = turn


def _deck_flags(deck: CompiledDeck) -> tuple[bool, bool, bool]:
    """Whether the deck has modal double-faced spells with a land back, ramp that
    sacrifices a land, and cards played from the opening hand."""
    return (
        any(face is not None for face in deck.mdfc_face),
        any(r is not None and r.ramp.sacrifice_land for r in deck.ramp),
        any(c >= 0 for c in deck.opening),
    )


def _crack_pres(deck: CompiledDeck, layout: Layout, cards: Cards) -> int:
    """The presence bits of the lands waiting to be cracked: the pending fetch
    lands and the delayed lands that cycle from the hand."""
    return layout.pending_pres | sum(
        layout.top(layout.land_field[k]) for k in cards.delayed if _fetch(deck, k).cycling
    )


def _early(layout: Layout, turns: int) -> list[int]:
    """The policy's "early turn" bit by turn (turns 1-3, when the layout reads it)."""
    return [EARLY if layout.early and turn <= 3 else 0 for turn in range(turns + 2)]


def _ramp_fields(layout: Layout, ramp_order: Sequence[int]) -> tuple[int, list[tuple[int, int]]]:
    """The key bits of the ramp cards' fields, and each ramp card with its field's
    presence bit, in ramp order."""
    mask = 0
    for k in ramp_order:
        mask |= layout.field_mask << layout.ramp_field[k]
    return mask, [(k, layout.top(layout.ramp_field[k])) for k in ramp_order]


class Player:
    """The player of one compiled deck's games (see the module): its land-drop and
    ramp tables, built once, and its decisions, cached. ``answers`` tells which
    questions a battlefield pays; ``cards`` and ``due`` are the deck's tables."""

    def __init__(
        self,
        deck: CompiledDeck,
        answers: Answers,
        cards: Cards,
        last_due: int,
        turns: int,
    ) -> None:
        self.deck = deck
        self.payer = payer = deck.payer
        self.answers = answers
        self.castable: Callable[[int, int, int], int] = answers.castable
        self.extra_decision: Callable[[int, int, int, int], Decision] = self.decision
        """The decision an extra land drop of ramp makes (:mod:`._ramp_turn` records it)."""
        self.n = answers.n
        self.last_due = last_due
        self.inc = payer.increments
        classes = range(len(deck.classes))
        self.ident = [payer.identity(c) for c in classes]
        self.ident_tapped = [payer.identity_tapped(c) for c in classes]
        self.land_bit = payer.land_played
        self.tapped_mask = 0xFFFF << (8 * len(deck.classes))
        self.keep_land = cards.keep_land
        self.land_rank = cards.land_rank
        self.spell_rank = cards.spell_rank
        self.spell_order = [-rank for rank in cards.spell_rank]
        after = max(self.spell_order, default=0) - min(self.land_rank, default=0) + 1
        self.bottom_order = [
            after + self.land_rank[k] if land else self.spell_order[k]
            for k, land in enumerate(self.keep_land)
        ]
        """Each card's place when the mulligan bottoms: the spells (by ``spell_order``)
        before the lands (by ``land_rank``)."""
        self.ramp_order = cards.ramp_order
        self.delayed = cards.delayed
        self.ramp_bit = [0 if r is None else 1 << r.question for r in deck.ramp]
        self.has_mdfc, self.sacrifices, self.has_opening = _deck_flags(deck)
        specs = drop_specs(deck)
        self.layout = layout = _layout(deck, specs, cards, last_due)
        self.gy_key = payer.graveyard_key
        """What a card put into the graveyard adds to the key (0: no cost reads it)."""
        self.gy_ident = payer.graveyard if self.gy_key else 0
        self.crack_pres = _crack_pres(deck, layout, cards)
        self.drops = [tuple(self._drop(k, spec) for spec in specs[k]) for k in range(len(specs))]
        self.land_cards = {
            layout.top(offset): k for k, offset in enumerate(layout.land_field) if offset >= 0
        }
        faces = [f.source for found in specs for f, _, _, _ in found]
        self.entry = EntryColors(payer.classes, faces, payer.layout, payer.outside)
        self.entry_shift = layout.seen + 16
        """Where a decision's key keeps the entry thresholds (above ``H``'s bits)."""
        self.early = _early(layout, turns)
        self.ramp_mask, self.ramp_tops = _ramp_fields(layout, self.ramp_order)
        self.decisions: dict[int, Decision] = {}
        self._colors: dict[int, int] = {}  # WUBRG bits by presence bits of H
        entering = self._entering if self.entry else _as_it_is
        self.choice = LandChoice(
            layout,
            self.drops,
            self.land_cards,
            (self.entry_shift, frozenset(self.entry.abilities), entering),
            last_due,
            self._choice_bits,
        )
        self.ramp_infos: dict[int, RampInfo] = {}
        self.ramp_steps: dict[int, RampStep] = {}
        self.learned: dict[int, object] = {}
        """The ramp played on games and learned (:mod:`._ramp_turn`)."""
        self.ramp_turns: dict[tuple[int, int], RampStep | tuple[()]] = {}
        """A turn's ramp by the hand's ramp cards and the battlefield (:mod:`._ramp_turn`)."""

    def _drop(self, k: int, spec: DropSpec) -> Drop:
        """Card ``k``'s land drop ``spec`` as the decisions use it: (untapped,
        tapped, the key bit of its condition and the value for which it enters
        untapped, the card found, its "none left" bit)."""
        face, target, code, mdfc = spec
        layout = self.layout
        return (
            self._option(k, face, True, max(target, -1), mdfc),
            self._option(k, face, False, max(target, -1), mdfc),
            *self.condition(k, code, face.entry[1], face.entry[2]),
            target,
            layout.top(layout.out_field[target]) if target >= 0 else 0,
        )

    # -- land drops --

    def decision(self, h: int, turn: int, field: int, flags: int = 0) -> Decision:
        """The land-drop decision on ``H`` = ``h`` and the battlefield key ``field``
        (cached)."""
        key = self.decision_key(h, turn, field, flags)
        found = self.decisions.get(key)
        if found is None:
            found = self.decide(key)
        return found

    def decision_key(self, h: int, turn: int, field: int, flags: int = 0) -> int:
        """The key a land-drop decision is cached under (see :meth:`decision`)."""
        layout = self.layout
        usable = (h >> layout.usable) & layout.field_mask
        key = (h & layout.decide_mask) | ((h >> layout.wants[usable]) & WANTS) | self.early[turn]
        key |= flags
        if self.entry:
            key |= self.entry.bits(field) << self.entry_shift
        return key

    def decide(self, key: int) -> Decision:
        """The land drops of a hand and the one the policy makes, from the policy
        bits ``key`` of ``H`` (see :class:`~._layout.Layout`); cached."""
        decision = self.decisions[key] = self.choice.decide(key)
        return decision

    def _choice_bits(self, key: int) -> int:
        """What :meth:`_choose` reads of ``key`` beyond the options: whether an
        untapped land is wanted, the colors needed, those not made yet."""
        layout = self.layout
        need = self._colors.get(key & layout.need_pres)
        if need is None:
            need = self._colors[key & layout.need_pres] = layout.colors(key, layout.need_field)
        made = self._colors.get(key & layout.color_pres)
        if made is None:
            made = self._colors[key & layout.color_pres] = layout.colors(key, layout.color_field)
        return (key & WANTS) | need << 1 | (need & ~made) << 6

    def condition(self, card: int, code: int, count: int, types: int) -> tuple[int, bool]:
        """How a land drop of ``card`` enters (see :class:`~mtgmana.analysis.roles.Entry`) as a bit
        of a decision's key and the value for which it enters untapped when the
        bit is clear (``card``: the card in hand, not revealed for itself)."""
        layout = self.layout
        if code in (EntryCode.UNTAPPED, EntryCode.TAPPED):
            return 0, code == EntryCode.UNTAPPED
        if code == EntryCode.CONTROL:
            return layout.top(layout.types_field[(types, count)]), False
        if code == EntryCode.FEW_LANDS:
            return layout.top(layout.lands_field[count + 1]), True
        if code == EntryCode.MANY_LANDS:
            return layout.top(layout.lands_field[count]), False
        if code == EntryCode.BASICS:
            return layout.top(layout.basics_field[count]), False
        if code == EntryCode.REVEAL:
            own = bool(self.deck.subtypes[card] & types)
            return layout.top(layout.reveal_field[(types, own)]), False
        if code == EntryCode.EARLY:
            return EARLY, False
        return layout.top(layout.lands_field[3]), False  # FOUR_LANDS

    def _entering(self, option: LandDrop, bits: int) -> LandDrop:
        """A land drop with its colors as it makes them on entering (see
        :mod:`._entry`)."""
        face = option[6]
        colors = self.entry.colors(face.source, bits)
        if colors is None or colors == face.colors:
            return option
        layout = self.layout
        delta = option[9] - layout.colors_in(face.colors) + layout.colors_in(colors)
        return (*option[:6], replace(face, colors=colors), *option[7:9], delta)

    def _option(
        self, card: int, face: LandFace, untapped: bool, target: int, mdfc: bool
    ) -> LandDrop:
        c = face.source
        layout = self.layout
        delta = -layout.hand_in[card] + layout.land_in(face) + layout.colors_in(face.colors)
        if target >= 0:
            delta += 1 << layout.out_field[target]
        elif layout.pending_field[card] >= 0 and not mdfc:
            delta += 1 << layout.pending_field[card]  # to crack later
        played = self.payer.land_key  # "if you played a land this turn" (River of Tears)
        # A fetch land searched with goes to the graveyard (delve, CR 702.66).
        gy = self.payer.graveyard_key if target >= 0 else 0
        gy_ident = self.payer.graveyard if gy else 0
        inc, ident = self.inc[c] + gy, self.ident[c] + gy_ident
        if untapped:
            return (inc + played, ident | self.land_bit, inc, ident, card, 0, face, target, mdfc,
                    delta)  # fmt: skip
        # Tapped, it makes no mana this turn, but what it could produce counts (CR 106.7).
        types = (self.inc[c] & self.payer.types_mask) + gy
        return (types + played, self.ident_tapped[c] + gy_ident, inc, ident, card, 1, face,
                target, mdfc, delta)  # fmt: skip

    def play_land(
        self, game: Game, option: LandDrop, use_key: int, use_identity: int
    ) -> tuple[int, int]:
        """Play a land drop (a fetch land cracked at once); the battlefield for this
        turn's questions, ``use_key`` and ``use_identity``, updated."""
        now, now_identity, after, after_identity, _, _, face, target, _, delta = option
        game.H += delta
        if target >= 0:
            pull(game, target)  # CR 701.23: then the library is shuffled
            shuffle(game)
        game.key += after
        game.identity += after_identity
        if game.field is not None:
            game.field.append(face)
        land_bit = self.land_bit
        now_identity &= ~land_bit
        if now_identity & self.tapped_mask and use_identity & self.tapped_mask:
            now_identity = 0  # one land tapped this turn is shown to the tapper
        return use_key + now, (use_identity + now_identity) | land_bit

    def extra_drops(self, game: Game, use_key: int, use_identity: int) -> tuple[int, int]:
        """The extra land drops of each turn (after the first)."""
        for _ in range(game.extra):
            played = self.decision(game.H, game.turn, game.key)[1]
            if played is None:
                break
            use_key, use_identity = self.play_land(game, played, use_key, use_identity)
        return use_key, use_identity

    def enter(self, game: Game, face: LandFace, c: int) -> None:
        """A land enters the battlefield (not as the land drop) as class ``c``."""
        layout = self.layout
        game.H += layout.land_in(face) + layout.colors_in(self.deck.classes[c].colors)
        if game.field is not None:
            game.field.append(face)

    # -- ramp --

    def ramp_info(self, kinds: int) -> RampInfo:
        """The questions of the ramp cards of a hand (``kinds``: ``H``'s ramp
        fields), whether they all are mana sources or make Treasure, whether they
        are or give an extra land drop this turn (useless with no land in hand),
        and whether none searches for lands or has static effects (whether they
        are useful reads nothing beyond ``kinds`` and a land in hand); cached."""
        bits = 0
        simple = land_free = pure = True
        for card in self._ramp_cards(kinds):
            ramp = self.ramp_record(card).ramp
            bits |= self.ramp_bit[card]
            simple = simple and ramp.kind in _SIMPLE
            extra = ramp.kind is RampKind.EXTRA_LAND and not ramp.every_turn
            land_free = land_free and (ramp.kind in _SIMPLE or extra)
            pure = pure and ramp.kind not in _READS_MORE
        found = self.ramp_infos[kinds] = (bits, simple, land_free, pure)
        return found

    def ramp_record(self, card: int) -> RampRecord:
        record = self.deck.ramp[card]
        assert record is not None
        return record

    def _ramp_cards(self, h: int) -> list[int]:
        """The ramp cards of the hand, in the order the policy casts them."""
        return [card for card, top in self.ramp_tops if h & top]

    def ramp_step(self, step_key: int) -> RampStep:
        """A turn's ramp when the hand's ramp cards (``kinds``: ``H``'s ramp
        fields) are all mana sources or make Treasure — or give an extra land drop
        and the hand has no land — and none is held: what it adds, by the ramp
        questions the battlefield pays (``castable``); cached under ``step_key``
        (``kinds << n | castable``)."""
        kinds, castable = step_key >> self.n, step_key & ((1 << self.n) - 1)
        layout = self.layout
        # A hand of these ramp cards (the rest of H as it starts): only they are read.
        h = (layout.start & ~self.ramp_mask) | kinds
        for card in self.ramp_order:
            offset = layout.ramp_field[card]
            copies = layout.count(kinds, offset) - layout.count(layout.start, offset)
            h += copies * (layout.hand_in[card] - (1 << offset))
        game = Game([], [], h)
        self.ramp(game, 0, 0, castable)
        step = self.ramp_steps[step_key] = (game.H - h, game.key, game.identity, game.treasures)
        return step

    def ramp(self, game: Game, use_key: int, use_identity: int, castable: int) -> None:
        """Cast the first ramp card of the hand the battlefield pays for (Treasures
        last; ``castable``: the ramp questions the battlefield pays with them),
        then more paid by the mana that ramp added this turn."""
        deck = self.deck
        records = deck.ramp
        held = game.treasures
        t_inc = t_ident = 0
        game.fresh_key = game.fresh_identity = 0
        if held:
            treasure = deck.treasure
            t_inc, t_ident = self.inc[treasure], self.ident[treasure]
            use_key -= held * t_inc
            use_identity -= held * t_ident
            bits = self.ramp_info(game.H & self.ramp_mask)[0]
            castable = self.castable(use_key, use_identity, bits)
        for card in self._ramp_cards(game.H):
            record = records[card]
            assert record is not None
            bit = self.ramp_bit[card]
            spent = 0
            if not castable & bit:
                if not held:
                    continue
                spent = self._treasures_for(use_key, use_identity, bit, held, t_inc, t_ident)
                if spent < 0:
                    continue
            if not self._useful(record, game):
                continue
            if spent:
                game.treasures -= spent
                game.key -= spent * t_inc
                game.identity -= spent * t_ident
            self._resolve(card, record, game)
            self._ramp_more(game)
            return

    def _treasures_for(
        self, use_key: int, use_identity: int, bit: int, held: int, t_inc: int, t_ident: int
    ) -> int:
        """The fewest of the ``held`` Treasures that, sacrificed with the
        battlefield (``use_key``, ``use_identity``, without them), pay the ramp
        question ``bit`` (-1: not even all of them)."""
        for used in range(1, held + 1):
            if self.castable(use_key + used * t_inc, use_identity + used * t_ident, bit):
                return used
        return -1

    def _ramp_more(self, game: Game) -> None:
        """More ramp cards, each paid by the mana that the ramp before it added this
        turn (untapped mana sources, lands, Treasures)."""
        records = self.deck.ramp
        while game.fresh_key and game.H & self.layout.ramp_pres:
            key, identity = game.fresh_key, game.fresh_identity
            game.fresh_key = game.fresh_identity = 0
            for card in self._ramp_cards(game.H):
                record = records[card]
                assert record is not None
                if self._useful(record, game) and self.castable(key, identity, self.ramp_bit[card]):
                    self._resolve(card, record, game)
                    break

    def _useful(self, record: RampRecord, game: Game) -> bool:
        ramp = record.ramp
        layout = self.layout
        if ramp.kind is RampKind.LAND_SEARCH:
            if ramp.sacrifice_land and not game.field:
                return False
            return any(not game.H & layout.top(layout.out_field[t]) for t in record.targets)
        if ramp.kind is RampKind.EXTRA_LAND and not ramp.every_turn:
            return bool(game.H & layout.land_pres)
        if ramp.kind is RampKind.STATIC_EFFECT:  # a second copy adds nothing
            return (game.identity // self.ident[record.source]) & 255 == 0
        return True

    def _resolve(self, card: int, record: RampRecord, game: Game) -> None:
        """A ramp card resolves (its mana is there from now on)."""
        layout = self.layout
        game.H -= layout.hand_in[card]
        if self.deck.goes_to_graveyard[card]:
            self.to_graveyard(game)
        ramp = record.ramp
        inc, ident = self.inc, self.ident
        kind = ramp.kind
        if kind is RampKind.MANA_SOURCE:
            c = record.source
            game.key += inc[c]
            game.identity += ident[c]
            game.H += layout.source_in(self.deck.classes[c].colors)
            if not record.creature and not record.tapped:
                game.fresh_key += inc[c]
                game.fresh_identity += ident[c]
            return
        if record.source >= 0:
            # A permanent with static effects (CR 613): they apply from now on; it
            # adds no mana itself, so nothing more is cast with it this turn.
            c = record.source
            game.key += inc[c]
            game.identity += ident[c]
            game.H += layout.colors_in(self.deck.classes[c].colors)
        if kind is RampKind.STATIC_EFFECT:
            return
        if kind is RampKind.TREASURE:
            c = self.deck.treasure
            n = ramp.treasures
            game.treasures += n
            game.key += n * inc[c]
            game.identity += n * ident[c]
            game.fresh_key += n * inc[c]
            game.fresh_identity += n * ident[c]
        elif kind is RampKind.LAND_SEARCH:
            self._search(record, game)
        else:  # extra land drops
            self._extra_lands(record, game)

    def _search(self, record: RampRecord, game: Game) -> None:
        """A land search resolves (Rampant Growth, Cultivate, Harrow): the lands it
        finds enter (untapped ones add mana this turn), or go to the hand (CR 701.23)."""
        layout = self.layout
        ramp = record.ramp
        inc, ident = self.inc, self.ident
        if ramp.sacrifice_land:
            self._sacrifice(game)
        for found in range(ramp.lands + ramp.to_hand):
            target = self._find(record, game)
            if target < 0:
                break
            pull(game, target)
            game.H += 1 << layout.out_field[target]
            if found < ramp.lands:
                face = self.deck.land_faces[target][0]
                c = face.source
                game.key += inc[c]
                game.identity += ident[c]
                self.enter(game, face, c)
                if not ramp.tapped and face.entry[0] == EntryCode.UNTAPPED:
                    game.fresh_key += inc[c]
                    game.fresh_identity += ident[c]
            else:
                game.H += layout.hand_in[target]
        shuffle(game)

    def _extra_lands(self, record: RampRecord, game: Game) -> None:
        """A card that lets its controller play more lands resolves (Explore,
        Azusa): the extra land drops are made now (CR 305.2)."""
        ramp = record.ramp
        if ramp.every_turn:
            game.extra += ramp.extra_lands
        for _ in range(ramp.extra_lands):
            played = self.extra_decision(game.H, game.turn, game.key, NO_MDFC)[1]
            if played is None:
                break
            if ramp.from_hand and ramp.tapped and not played[5]:
                c = played[6].source
                types = self.inc[c] & self.payer.types_mask
                played = (types, self.ident_tapped[c], *played[2:5], 1, *played[6:])
            now_key, now_identity = self.play_land(game, played, 0, 0)
            game.fresh_key += now_key
            game.fresh_identity += now_identity & ~self.land_bit & ~self.tapped_mask

    def to_graveyard(self, game: Game) -> None:
        """A card goes to the graveyard (counted when a cost delves, CR 702.66)."""
        gy = self.payer.graveyard_key
        if gy:
            game.key += gy
            game.identity += self.payer.graveyard

    def _find(self, record: RampRecord, game: Game) -> int:
        """The land a search finds: the one that adds the most colors the hand
        needs and the battlefield lacks, then the most needed colors."""
        layout = self.layout
        h = game.H
        need = layout.colors(h, layout.need_field)
        have = layout.colors(h, layout.color_field)
        best = -1
        best_score: tuple[int, int, int, int] | None = None
        for target in record.targets:
            if h & layout.top(layout.out_field[target]):
                continue
            colors = self.deck.land_faces[target][0].colors
            score = (
                (colors & need & ~have).bit_count(),
                (colors & need).bit_count(),
                (colors & 31).bit_count(),
                -target,
            )
            if best_score is None or score > best_score:
                best, best_score = target, score
        return best

    def _sacrifice(self, game: Game) -> None:
        """Sacrifice the land that makes the fewest colors (Harrow's cost)."""
        field = game.field
        assert field is not None
        face = min(field, key=lambda f: ((f.colors & 31).bit_count(), f.source))
        field.remove(face)
        c = face.source
        game.key -= self.inc[c]
        game.identity -= self.ident[c]
        game.H -= self.layout.land_in(face)
        self.to_graveyard(game)
        layout = self.layout
        for k in self.delayed:  # a land whose search costs mana, sacrificed uncracked
            offset = layout.pending_field[k]
            if offset >= 0 and self.deck.land_faces[k][0].source == c:
                if layout.count(game.H, offset) > layout.count(layout.start, offset):
                    game.H -= 1 << offset
                break

    # -- the opening hand --

    def opening(self, game: Game, hand: list[int]) -> None:
        """Gemstone Caverns: not the starting player, begin the game with it on the
        battlefield with a luck counter and exile a card from the hand (the most
        expensive spell, else the least useful land)."""
        deck = self.deck
        hand_in = self.layout.hand_in
        for card in hand:
            c = deck.opening[card]
            if c < 0:
                continue
            hand.remove(card)
            game.H -= hand_in[card]
            self.enter(game, deck.land_faces[card][0], c)
            game.key += self.inc[c]
            game.identity += self.ident[c]
            if hand:
                spells = [k for k in hand if not self.keep_land[k]]
                if spells:
                    gone = max(spells, key=lambda k: (self.spell_rank[k], -k))
                else:
                    gone = min(hand, key=lambda k: (self.land_rank[k], k))
                hand.remove(gone)
                game.H -= hand_in[gone]
            return

    def bottom(self, hand: list[int], count: int) -> tuple[list[int], list[int]]:
        """The London mulligan's bottoming (CR 103.5; Karsten's rule, see
        :mod:`mtgmana.analysis.simulation`): ``count`` cards, the most expensive spells (ramp last),
        then the lands making the fewest colors (taplands first)."""
        # One stable sort: the spells by their order, then the lands by their rank.
        ordered = sorted(hand, key=self.bottom_order.__getitem__)
        split = len(hand) - sum(map(self.keep_land.__getitem__, hand))
        spells, lands = ordered[:split], ordered[split:]
        bottom_spells, bottom_lands = bottom_split(len(spells), count)
        bottom_lands = min(bottom_lands, len(lands))
        bottom_spells = min(count - bottom_lands, len(spells))
        bottomed = spells[:bottom_spells] + lands[:bottom_lands]
        return spells[bottom_spells:] + lands[bottom_lands:], bottomed


def _fetch(deck: CompiledDeck, k: int) -> Fetch:
    fetch = deck.items[k].role.fetch
    assert fetch is not None
    return fetch


def _layout(
    deck: CompiledDeck, specs: tuple[tuple[DropSpec, ...], ...], cards: Cards, last_due: int
) -> Layout:
    """The layout of ``H`` for the deck's land drops, ramp and searches."""
    targets = [t for found in specs for _, t, _, _ in found if t >= 0]
    targets += [t for r in deck.ramp if r is not None for t in r.targets]
    targets += [t for k in cards.delayed for t in deck.fetch_targets[k]]
    return Layout(
        deck,
        [[(code, f.entry[1], f.entry[2], t) for f, t, code, _ in found] for found in specs],
        cards.ramp_order,
        targets,
        last_due,
        [k for k in cards.delayed if not _fetch(deck, k).cycling],
    )


def _as_it_is(option: LandDrop, bits: int) -> LandDrop:
    return option


def pull(game: Game, card: int) -> None:
    """Take ``card`` out of the library (a search finds the cards a mulligan put on
    the bottom too, CR 701.23)."""
    try:  # one scan of the library (its first copy, as ``remove`` takes)
        game.library.remove(card)
    except ValueError:
        game.bottomed.remove(card)


def take(game: Game, card: int) -> None:
    """A card a search found leaves the library (:func:`pull`), which is then
    shuffled (CR 701.23)."""
    library, bottomed = game.library, game.bottomed
    try:
        library.remove(card)
    except ValueError:
        bottomed.remove(card)
    if bottomed:
        library.extend(bottomed)
        bottomed.clear()


def shuffle(game: Game) -> None:
    """The library is shuffled: the cards on its bottom can be drawn again."""
    if game.bottomed:
        game.library.extend(game.bottomed)
        game.bottomed.clear()
