"""The games of the simulation (:mod:`mtgmana.analysis.simulation`): the London
mulligan (CR 103.5), draws, and the castability questions each turn, on a
:class:`~._cards.CompiledDeck`.

An :class:`Engine` is composed of its deck's tables (:mod:`._tables`), its
answers (:class:`~._answers.Answers`: the fast check's, cached by battlefield
key) and its player (:class:`~._player.Player`: land drops, ramp, lands whose
search costs mana). A battlefield is two integers: its *key* (:mod:`._keys`)
and its *identity* (the count of each source class, for the tapper); the hand and
the counters the policy reads are one more, ``H`` (:mod:`._layout`).

:meth:`Engine.run` plays a chunk of games and tallies their outcomes (the questions
newly castable each turn, Karsten's condition) by bit set, expanded into
per-question counts once per chunk (:class:`_Tally`).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from math import floor
from typing import Final

from ..karsten import COMMANDER_LONDON, HAND_SIZE, LONDON
from ._answers import Answers
from ._cards import CompiledDeck
from ._fetch import crack
from ._layout import WANTS
from ._player import NO_LAND, Game, LandDrop, Player, take
from ._ramp_turn import turn_ramp
from ._tables import cards_of, schedule

__all__ = ["Engine", "Outcome"]

_MAX_DECISIONS: Final = 1 << 17
"""Cached land-drop decisions and ramp steps kept at most (then the cache restarts)."""

Outcome = tuple[list[list[int]], list[int], list[int], list[int]]
"""``hist[question][delay]`` (the last slot: censored), ``mulligans[k]``, and per
question the games meeting Karsten's condition and those of them on curve."""


class _Tally:
    """A chunk's outcomes by bit set (see the module)."""

    def __init__(self, turns: int) -> None:
        self.newly_by_turn: list[defaultdict[int, int]] = [
            defaultdict(int) for _ in range(turns + 1)
        ]
        self.finished: dict[int, int] = {}
        self.missed: dict[int, int] = {}
        self.karsten: dict[int, int] = {}
        self.mulligans = [0, 0, 0, 0]


class Engine:
    """A compiled deck ready to play games (see the module)."""

    def __init__(self, deck: CompiledDeck, on_the_draw: bool, turns: int) -> None:
        self.deck = deck
        self.payer = payer = deck.payer
        self.on_the_draw = on_the_draw
        self.turns = turns
        self.schedule = schedule(deck.questions, turns)
        self.answers = Answers(payer, deck.questions, deck.caches)
        self.cards = cards = cards_of(deck)
        self.player = player = Player(deck, self.answers, cards, self.schedule.last_due, turns)
        commander = deck.deck.commander_rules
        self.steps = COMMANDER_LONDON if commander else LONDON
        self.free_steps = 1 if commander else 0
        self.draws_first = on_the_draw or commander
        layout = player.layout
        self.drawn, self.h_start, self.seen = layout.drawn, layout.start, layout.seen
        size = len(cards.library)
        self.sizes = tuple(range(size, size - HAND_SIZE, -1))
        """The library's size as each card of a hand is drawn."""
        self.last_step = len(self.steps) - 1
        # Whether a battlefield can lose permanents (a land sacrificed to ramp, a land
        # cracked for a basic; a Treasure spent, checked in the game), or hostile
        # effects may take mana: then no game stops early.
        self.shrinks = player.sacrifices or payer.hostile or _cracks_colorless(deck)

    # -- what the engine did, for reports and benchmarks --

    @property
    def queries(self) -> int:
        return self.answers.queries

    @property
    def misses(self) -> int:
        return self.answers.misses

    @property
    def tapper_calls(self) -> int:
        return self.answers.tapper_calls

    @property
    def cache(self) -> dict[int, int]:
        return self.answers.cache

    @property
    def decisions(self) -> dict[int, tuple[tuple[tuple[int, int], ...], LandDrop | None]]:
        return self.player.decisions

    # -- games --

    def run(self, rng: random.Random, games: int) -> Outcome:
        """Play ``games`` games (see :mod:`._simulate`) and return their outcome."""
        player = self.player
        if len(player.decisions) > _MAX_DECISIONS:
            player.decisions.clear()
            player.choice.clear()
        if len(player.ramp_steps) > _MAX_DECISIONS:
            player.ramp_steps.clear()
        if len(player.learned) > _MAX_DECISIONS:
            player.learned.clear()
        if len(player.ramp_turns) > _MAX_DECISIONS:
            player.ramp_turns.clear()
        tally = _Tally(self.turns)
        rand = rng.random
        game = self._games()
        for _ in range(games):
            game(rand, tally)
        return self._outcome(tally)

    def _games(self) -> Callable[[Callable[[], float], _Tally], None]:
        """The function that plays one game and tallies its outcome: the deck's
        tables bound once (a game reads them as locals; the rare steps are
        methods)."""
        player, answers, sched = self.player, self.answers, self.schedule
        layout = player.layout
        due, last_due, turns = sched.due, sched.last_due, self.turns
        seen, drawn, land_pres = layout.seen, layout.drawn, layout.land_pres
        decide_mask, wants, usable = layout.decide_mask, layout.wants, layout.usable
        field_mask, early, entry = layout.field_mask, player.early, player.entry
        has_entry = bool(entry)
        decisions_get, cache_get = player.decisions.get, answers.cache.get
        n, keep, reflect = answers.n, answers.keep, answers.reflect
        canonical, canonical_types = answers.canonical, answers.canonical_types
        plain_keys = not keep and not reflect  # then every key is cut to `canonical`
        acts = layout.ramp_pres | player.crack_pres
        gy_key, draws_first = player.gy_key, self.draws_first
        shrinks, special = self.shrinks, answers.payer.layout.special
        # The key's units (the reach of a generic demand) at least the last curve turn.
        units_field = 255 << answers.payer.units_offset
        units_least = sched.top_turn << answers.payer.units_offset
        plain = not player.sacrifices
        ramp_turn, ramp_pres, crack_pres = turn_ramp(player), layout.ramp_pres, player.crack_pres
        gy_ident, entry_shift = player.gy_ident, player.entry_shift
        # Per turn: its number, the questions due, the policy's "early" bit, Karsten's
        # lands (in H), whether a card is drawn, what the graveyard adds to the key.
        plan = [
            (t, due[t], early[t], t << seen, t > 1 or draws_first, gy_key if t > 1 else 0)
            for t in range(1, turns + 1)
        ]

        start_ = self._starts()

        def game_(rand: Callable[[], float], tally: _Tally) -> None:
            game = start_(rand, tally)
            library = game.library
            h, key, identity = game.H, game.key, game.identity  # written back for methods
            newly_by_turn = tally.newly_by_turn
            pending = done = eligible = on_curve = queries = 0
            for turn, due_now, early_now, lands_now, draws, gy_now in plan:
                if gy_now:  # one card a turn after the first (._casting)
                    key += gy_now
                    identity += gy_ident
                if draws and library:
                    i = floor(
                        rand() * len(library)
                    )  # a lazy shuffle: it swaps places with the last card
                    h += drawn[library[i]]
                    library[i] = library[-1]
                    library.pop()
                pending |= due_now
                if lands_now <= h:
                    eligible |= due_now  # Karsten's condition: `turn` lands seen
                # The land drops the hand allows, and the one the policy makes.
                incs: tuple[tuple[int, int], ...] = NO_LAND
                played: LandDrop | None = None
                if h & land_pres:
                    usable_now = (h >> usable) & field_mask
                    choice = (h & decide_mask) | (((h >> wants[usable_now]) & WANTS) | early_now)
                    if has_entry:
                        choice |= entry.bits(key) << entry_shift
                    incs, played = decisions_get(choice) or player.decide(choice)
                if pending:  # the questions castable this turn with some land drop
                    found = 0
                    for key_now, identity_now in incs:
                        k = key + key_now
                        if plain_keys:
                            k &= canonical
                        elif not k & keep:
                            k &= canonical_types if k & reflect else canonical
                        queries += 1
                        value = cache_get(k)
                        if value is None or pending & ~(value >> n):
                            value = answers.fill(k, identity + identity_now, pending)
                        found |= value
                        if found & pending == pending:
                            break
                    newly = found & pending
                    if newly:
                        pending ^= newly
                        done |= newly
                        on_curve |= newly & due_now
                        newly_by_turn[turn][newly] += 1
                if turn >= last_due and not pending:
                    break
                use_key, use_identity = key, identity
                if played is not None:
                    if plain and not game.extra:
                        use_key += played[0]
                        use_identity += played[1]
                        key += played[2]
                        identity += played[3]
                        h += played[9]
                        if played[7] >= 0:  # a fetch land: the land found leaves the library
                            take(game, played[7])
                    else:  # extra land drops, lands to sacrifice later
                        game.H, game.key, game.identity, game.turn = h, key, identity, turn
                        use_key, use_identity = self._land_drop(game, played)
                        h, key, identity = game.H, game.key, game.identity
                if turn < last_due and h & acts:
                    if h & ramp_pres:
                        game.turn = turn
                        queries += 1  # the ramp's question (see _ramp_turn)
                        step = ramp_turn(game, h, key, identity, use_key, use_identity)
                        if step is not None:
                            h += step[0]
                            key += step[1]
                            identity += step[2]
                    if crack_pres and h & crack_pres:
                        game.H, game.key, game.identity = h, key, identity
                        crack(player, game, use_key, use_identity, played)
                        h, key, identity = game.H, game.key, game.identity
                if (
                    not pending
                    and not (game.treasures or shrinks)
                    and ((special and key & special) or key & units_field >= units_least)
                    and self._finished(key, identity, done, tally)
                ):
                    rest = sched.reported & ~done
                    eligible = self._draw_on(rest, turn, library, h >> seen, rand, eligible)
                    on_curve |= rest
                    done |= rest
                    break
            answers.queries += queries
            self._tally(tally, done, eligible, on_curve)

        return game_

    def _starts(self) -> Callable[[Callable[[], float], _Tally], Game]:
        """The function that deals a game's start: the mulligans (CR 103.5; tallied)
        and the opening hand's actions, the tables bound once."""
        player = self.player
        drawn, start, seen = self.drawn, self.h_start, self.seen
        library0, sizes, rest = self.cards.library, self.sizes, self.sizes[-1] - 1
        bottom_of = player.bottom
        steps = tuple(enumerate(self.steps))
        last_step, sacrifices = self.last_step, player.sacrifices
        opening = self.on_the_draw and player.has_opening
        # The slot of the mulligans' tally by hands drawn (Commander's first is free).
        slots = [max(index - self.free_steps, 0) for index in range(len(self.steps))]

        def start_(rand: Callable[[], float], tally: _Tally) -> Game:
            for index, (bottom, fewest, most) in steps:
                library = list(library0)
                hand = []
                h = start
                for size in sizes:  # each card drawn swaps places with the last one
                    i = floor(rand() * size)
                    card = library[i]
                    hand.append(card)
                    h += drawn[card]
                    library[i] = library[size - 1]
                bottomed: list[int] = []
                if bottom:
                    hand, bottomed = bottom_of(hand, bottom)
                    for card in bottomed:
                        h -= drawn[card]
                if fewest <= h >> seen <= most or index == last_step:
                    break
            del library[rest:]
            tally.mulligans[slots[index]] += 1
            game = Game(library, bottomed, h)
            if sacrifices:
                game.field = []
            if opening:
                player.opening(game, hand)
            return game

        return start_

    def _tally(self, tally: _Tally, done: int, eligible: int, on_curve: int) -> None:
        """A game's outcome tallied: the questions never cast, Karsten's condition."""
        sched = self.schedule
        missed = sched.reported & ~done
        if missed:
            tally.missed[missed] = tally.missed.get(missed, 0) + 1
        outcome = eligible << sched.n | (eligible & on_curve)
        tally.karsten[outcome] = tally.karsten.get(outcome, 0) + 1

    def _land_drop(self, game: Game, played: LandDrop) -> tuple[int, int]:
        """Play the land drop (and the turn's extra ones); the battlefield for this
        turn's actions (a land entering tapped makes no mana this turn)."""
        now, identity_now, after, identity_after, _, _, face, target, _, delta = played
        use_key = game.key + now
        use_identity = game.identity + identity_now
        game.key += after
        game.identity += identity_after
        game.H += delta
        if target >= 0:
            take(game, target)
        if game.field is not None:
            game.field.append(face)
        if game.extra:
            use_key, use_identity = self.player.extra_drops(game, use_key, use_identity)
        return use_key, use_identity

    def _finished(self, key: int, identity: int, done: int, tally: _Tally) -> bool:
        """Whether every question left is castable on the battlefield already: then
        it will be from now on (more permanents never make a cost unpayable), and
        the game stops (tallied as finished). Asked only of a battlefield that
        can't shrink and has as many units as the last curve turn's spells cost
        (or special sources)."""
        answers = self.answers
        rest = self.schedule.reported & ~done
        top = rest & self.schedule.top_bits
        if not top:
            return False
        # The last curve turn's questions first: they fail most.
        if answers.castable(key, identity, top) != top:
            return False
        if answers.castable(key, identity, rest) != rest:
            return False
        tally.finished[rest] = tally.finished.get(rest, 0) + 1
        return True

    def _draw_on(
        self,
        rest: int,
        turn: int,
        library: list[int],
        lands_seen: int,
        rand: Callable[[], float],
        eligible: int,
    ) -> int:
        """The questions of ``rest`` (all due after ``turn``, castable on the
        battlefield already) are cast on curve: draw on to find Karsten's
        condition for them. Returns ``eligible`` updated."""
        keep_land = self.cards.keep_land
        due = self.schedule.due
        for later in range(turn + 1, self.schedule.last_due + 1):
            if library:  # a card drawn, as in the game loop
                i = floor(rand() * len(library))
                lands_seen += keep_land[library[i]]
                library[i] = library[-1]
                library.pop()
            if lands_seen >= later:
                eligible |= due[later]
        return eligible

    def _outcome(self, tally: _Tally) -> Outcome:
        """The tallies of :meth:`run` as per-question counts: each bit set is
        spread into one counter per question (:func:`_spread`), the counters
        summed, then read once."""
        sched = self.schedule
        n = sched.n
        turn_of = sched.turn_of
        hist = [[0] * (self.turns - t + 2) for t in turn_of]
        for turn, counts in enumerate(tally.newly_by_turn):
            for s, count in enumerate(_counts(counts, n)):
                if count:
                    hist[s][turn - turn_of[s]] += count
        for s, count in enumerate(_counts(tally.finished, n)):
            hist[s][0] += count
        for s, count in enumerate(_counts(tally.missed, n)):
            hist[s][-1] += count
        every = sched.every
        karsten = tally.karsten
        hit = _counts([(packed >> n, count) for packed, count in karsten.items()], n)
        on_curve = _counts([(packed & every, count) for packed, count in karsten.items()], n)
        return hist, tally.mulligans, hit, on_curve


def _cracks_colorless(deck: CompiledDeck) -> bool:
    """Whether cracking a land whose search costs mana may take mana a question
    needs: {C} (CR 107.4c), which the basic land found doesn't make."""
    cracks = False
    for k, item in enumerate(deck.items):
        fetch = item.role.fetch
        cracks = cracks or (deck.crack[k] >= 0 and fetch is not None and not fetch.cycling)
    return cracks and any(
        "C" in symbol.halves for q in deck.questions if not q.hidden for symbol in q.cost
    )


_FIELD: Final = 40
"""Bits of a question's counter in a spread bit set (a chunk counts far fewer games)."""
_SPREAD: Final = [sum(1 << (_FIELD * i) for i in range(8) if byte >> i & 1) for byte in range(256)]


def _spread(bits: int) -> int:
    """The bit set as one counter per question, set to 1 for its questions."""
    total = shift = 0
    while bits:
        total += _SPREAD[bits & 255] << shift
        bits >>= 8
        shift += 8 * _FIELD
    return total


def _counts(tally: Mapping[int, int] | Iterable[tuple[int, int]], n: int) -> list[int]:
    """Per question, the games of ``tally`` ((bit set, games) pairs) whose set has it."""
    total = 0
    for bits, count in tally.items() if isinstance(tally, Mapping) else tally:
        total += _spread(bits) * count
    mask = (1 << _FIELD) - 1
    return [(total >> (_FIELD * s)) & mask for s in range(n)]
