"""The games of the simulation (:mod:`mtgmana.analysis.simulate`): the London
mulligan, draws and the castability questions, on a
:class:`~._sim_cards.CompiledDeck`, with the answers of
:class:`~._sim_payer.Payer` cached by battlefield key; the player's actions (land
drops, ramp) are in :mod:`._sim_actions`.

A battlefield is two integers: its *key* (:mod:`._sim_payer`: the reach of its
sources, counts of the other sources) and its *identity* (the count of each source
class, for the tapper). A cache entry holds, for a key, the questions answered and
those found castable (``known << n | castable``); answers only the tapper could
give are cached by identity, and so are those on boards with static effects (CR
613), which are decided on the board as the effects make it — shared by the boards
that are the same under them (:meth:`~._sim_payer.Payer.static_view`). The hand
and the counters the policy reads are one more integer, ``H``
(:mod:`._sim_layout`); the policy's land drops are cached under ``H``'s policy
bits, a turn's ramp (mana sources, Treasure) under its ramp
cards and the ramp questions the battlefield pays.

:meth:`Engine.run` plays a chunk of games in one loop and tallies their outcomes
(the questions newly castable each turn, Karsten's condition) by bit set, expanded
into per-question counts once per chunk.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Final

from ._sim_actions import NO_LAND, Actions, Decision, Game, LandDrop, RampStep
from ._sim_cards import CompiledDeck, LandFace
from ._sim_entry import EntryColors
from ._sim_fetch import crack
from ._sim_layout import EARLY, WANTS, Layout
from ._sim_view import View
from .karsten import HAND_SIZE, _bottom
from .roles import Fetch

__all__ = ["Engine", "Outcome"]

_LONDON: Final = ((0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, HAND_SIZE))
_FREE_SEVEN: Final = (0, 3, 5)
_RAMP_ORDER: Final = {"mana source": 0, "static effect": 0, "land search": 1, "extra land": 2,
                      "treasure": 3}  # fmt: skip
_MAX_DECISIONS: Final = 1 << 17
"""Cached land-drop decisions and ramp steps kept at most (then the cache restarts)."""

Outcome = tuple[list[list[int]], list[int], list[int], list[int]]
"""``hist[question][delay]`` (the last slot: censored), ``mulligans[k]``, and per
question the games meeting Karsten's condition and those of them on curve."""


class Engine(Actions):
    """A compiled deck ready to play games (see the module)."""

    def __init__(self, deck: CompiledDeck, on_the_draw: bool, turns: int) -> None:
        self.deck = deck
        self.payer = payer = deck.payer
        self.on_the_draw = on_the_draw
        self.turns = turns
        questions = deck.questions
        self.n = len(questions)
        self.all = (1 << self.n) - 1
        self.reported = sum(1 << i for i, q in enumerate(questions) if not q.hidden)
        """The spells' questions (not the hidden ones of the policy's actions)."""
        self.turn_of = [q.turn for q in questions]
        self.due = [0] * (turns + 2)
        for i, q in enumerate(questions):
            if q.turn <= turns:
                self.due[q.turn] |= 1 << i
        self.last_due = max((q.turn for q in questions if q.turn <= turns), default=1)
        # Questions with the same cost and spend are answered together.
        groups: dict[object, int] = {}
        self.group_of: list[int] = []
        self.group_bits: list[int] = []
        self.group_rep: list[int] = []
        for i, q in enumerate(questions):
            key = (q.cost, q.spend.kind, q.spend.card_types, q.spend.subtypes, q.spend.colors,
                   q.spend.zone)  # fmt: skip
            g = groups.get(key)
            if g is None:
                g = groups[key] = len(self.group_bits)
                self.group_bits.append(0)
                self.group_rep.append(i)
            self.group_of.append(g)
            self.group_bits[g] |= 1 << i
        # Answers depend on the compiled deck only: engines of one deck share them.
        self.cache: dict[int, int] = deck.caches.setdefault("answers", {})
        self.views: dict[int, View] = deck.caches.setdefault("views", {})
        self.identities: dict[int, int] = deck.caches.setdefault("identities", {})
        self.queries = 0
        self.misses = 0
        self.tapper_calls = 0
        # Increments of each class.
        self.inc = payer.increments
        self.special = payer.special
        self.keep = payer.keep
        self.reflect = payer.reflect
        self.canonical = payer.canonical
        self.canonical_types = payer.canonical_types
        self.ident = [payer.identity(c) for c in range(len(deck.classes))]
        commander = deck.deck.commander_rules
        self.steps = (_FREE_SEVEN, *_LONDON) if commander else _LONDON
        self.free_steps = 1 if commander else 0
        self.draws_first = on_the_draw or commander
        n = len(deck.items)
        self.library = [k for k, item in enumerate(deck.items) for _ in range(item.count)]
        self.keep_land = [deck.playable[k] for k in range(n)]
        ranks = []
        for k in range(n):
            colors = 0
            for face in deck.land_faces[k]:
                colors |= face.colors
            for j in deck.fetch_targets[k]:
                for face in deck.land_faces[j]:
                    colors |= face.colors
            face0 = deck.land_faces[k][0] if deck.land_faces[k] else deck.mdfc_face[k]
            untapped = 1 if face0 is not None and face0.entry[0] in (0, 3) else 0
            ranks.append((colors & 31).bit_count() * 2 + untapped)
        self.land_rank = ranks
        self.spell_rank = [
            -1000 + deck.curve[k] if deck.ramp[k] is not None else deck.curve[k] for k in range(n)
        ]
        self.spell_order = [-rank for rank in self.spell_rank]
        self.ramp_order = sorted(
            (k for k in range(n) if deck.ramp[k] is not None),
            key=lambda k: (_RAMP_ORDER[deck.ramp[k].ramp.kind], deck.curve[k], k),  # type: ignore[union-attr]
        )
        # Whether a battlefield can lose permanents (a land sacrificed to ramp; a
        # Treasure spent, checked in the game); hostile effects may hurt.
        self.sacrifices = any(r is not None and r.ramp.sacrifice_land for r in deck.ramp)
        self.shrinks = self.sacrifices or payer.hostile or _cracks_colorless(deck)
        self.has_opening = any(c >= 0 for c in deck.opening)
        self.land_bit = payer.land_played
        self.ident_tapped = [payer.identity_tapped(c) for c in range(len(deck.classes))]
        self.tapped_mask = 0xFFFF << (8 * len(deck.classes))
        self.has_mdfc = any(face is not None for face in deck.mdfc_face)
        self.ramp_bit = [0 if r is None else 1 << r.question for r in deck.ramp]
        self.units_offset = payer.units_offset
        self.top_turn = max(self.turn_of, default=1)
        self.top_bits = sum(1 << i for i, t in enumerate(self.turn_of) if t == self.top_turn)
        # Every land drop of each card: (entry code, count, types, the card a fetch
        # finds: -1 none, -2 the fetch itself), then the layout of H, then the drops
        # as (option untapped, option tapped, code, count, types, target).
        specs: list[list[tuple[LandFace, int, int, bool]]] = []
        for k in range(n):
            found: list[tuple[LandFace, int, int, bool]] = []
            fetch = deck.items[k].role.fetch
            if deck.fetch_targets[k] and fetch is not None and not fetch.delayed:
                for target in deck.fetch_targets[k]:
                    for f in deck.land_faces[target]:
                        code = f.entry[0]
                        if fetch.tapped:
                            code = 8 if fetch.untap_with_four else 1
                        found.append((f, target, code, False))
                for f in deck.land_faces[k]:
                    found.append((f, -2, f.entry[0], False))
            else:
                back = deck.mdfc_face[k]
                for f in deck.land_faces[k] or (() if back is None else (back,)):
                    found.append((f, -1, f.entry[0], not deck.land_faces[k]))
            specs.append(found)
        targets = [t for k in range(n) for _, t, _, _ in specs[k] if t >= 0]
        targets += [t for r in deck.ramp if r is not None for t in r.targets]
        # Lands whose search costs mana: cracked later (Warped Landscape), or cycled
        # from the hand (Ash Barrens).
        self.delayed = [k for k in range(n) if deck.crack[k] >= 0]
        targets += [t for k in self.delayed for t in deck.fetch_targets[k]]
        self.layout = layout = Layout(
            deck,
            [[(code, f.entry[1], f.entry[2], t) for f, t, code, _ in specs[k]] for k in range(n)],
            self.ramp_order,
            targets,
            self.last_due,
            [k for k in self.delayed if not _fetch_of(deck, k).cycling],
        )
        self.gy_key = payer.graveyard_key
        """What a card put into the graveyard adds to the key (0: no cost reads it)."""
        self.gy_ident = payer.graveyard if self.gy_key else 0
        self.crack_pres = layout.pending_pres | sum(
            layout.top(layout.land_field[k]) for k in self.delayed if _fetch_of(deck, k).cycling
        )
        self.drops: list[tuple[tuple[LandDrop, LandDrop, int, bool, int, int], ...]] = [
            tuple(
                (
                    self._option(k, f, True, max(t, -1), mdfc),
                    self._option(k, f, False, max(t, -1), mdfc),
                    *self.condition(k, code, f.entry[1], f.entry[2]),
                    t,
                    layout.top(layout.out_field[t]) if t >= 0 else 0,
                )
                for f, t, code, mdfc in specs[k]
            )
            for k in range(n)
        ]
        self.land_cards = {
            layout.top(offset): k for k, offset in enumerate(layout.land_field) if offset >= 0
        }
        faces = [f.source for k in range(n) for f, _, _, _ in specs[k]]
        self.entry = EntryColors(payer.classes, faces, payer.layout, payer.outside)
        self.entry_shift = layout.seen + 16
        """Where a decision's key keeps the entry thresholds (above ``H``'s bits)."""
        self.early = [EARLY if layout.early and turn <= 3 else 0 for turn in range(turns + 2)]
        self.ramp_mask = 0
        for k in self.ramp_order:
            self.ramp_mask |= layout.field_mask << layout.ramp_field[k]
        self.ramp_tops = [(k, layout.top(layout.ramp_field[k])) for k in self.ramp_order]
        self.decisions: dict[int, Decision] = {}
        self.ramp_infos: dict[int, tuple[int, bool, bool]] = {}
        self.ramp_steps: dict[int, RampStep] = {}

    # -- answers --

    def fill(self, key: int, identity: int, need: int) -> int:
        """The cache entry of board ``key`` with the questions of ``need``
        answered (and those only the tapper answered, castable, in the low
        bits)."""
        payer = self.payer
        self.misses += 1
        if key & payer.static_mask:
            plain = payer.without_statics(key, identity)
            if plain is None:
                return self._fill_static(identity, need)
            key, identity = plain
            value = self.cache.get(key)
            if value is not None and not need & ~(value >> self.n):
                return value
        view = self.views.get(key)
        if view is None:
            view = self.views[key] = payer.view(key)
        n = self.n
        value = self.cache.get(key, 0)
        known = value >> n
        castable = value & self.all
        todo = need & ~known
        extra = 0
        decide = payer.decide
        least = payer.least_units
        most = view.most if payer.fast and not view.static else 255
        group_of = self.group_of
        group_bits = self.group_bits
        group_rep = self.group_rep
        while todo:
            low = todo & -todo
            g = group_of[low.bit_length() - 1]
            bits = group_bits[g]
            todo &= ~bits
            rep = group_rep[g]
            answer = False if least[rep] > most else decide(view, rep)
            if answer is None:
                entry = self.identities.get(identity, 0)
                if (entry >> n) & low:
                    if entry & low:
                        extra |= bits
                    continue
                self.tapper_calls += 1
                paid = payer.tapper(payer.identity_board(identity), rep)
                self.identities[identity] = entry | (bits << n) | (bits if paid else 0)
                if paid:
                    extra |= bits
                continue
            known |= bits
            if answer:
                castable |= bits
        value = (known << n) | castable
        self.cache[key] = value
        return value | extra

    def _fill_static(self, identity: int, need: int) -> int:
        """The questions of ``need`` castable on a board with static effects (CR
        613), answered by identity (:meth:`~._sim_payer.Payer.static_answer`, the
        tapper where that can't decide)."""
        n = self.n
        payer = self.payer
        entry = self.identities.get(identity, 0)
        todo = need & ~(entry >> n)
        if todo:
            group_of = self.group_of
            group_bits = self.group_bits
            found = payer.static_view(identity) if payer.fast else None
            known = 0
            if found is not None:
                # Boards the same under their effects share answers (by their key there).
                under, view, key = found
                known = under.answers.get(key, 0)
            value = known
            while todo:
                low = todo & -todo
                g = group_of[low.bit_length() - 1]
                bits = group_bits[g]
                todo &= ~bits
                if (known >> n) & low:
                    entry |= (bits << n) | (known & bits)
                    continue
                rep = self.group_rep[g]
                paid: bool | None = None
                if found is not None:
                    paid = False if under.least_units[rep] > view.most else under.decide(view, rep)
                    if paid is not None:
                        value |= (bits << n) | (bits if paid else 0)
                if paid is None:
                    self.tapper_calls += 1
                    paid = payer.tapper(payer.identity_board(identity), rep)
                entry |= (bits << n) | (bits if paid else 0)
            self.identities[identity] = entry
            if value != known:
                under.answers[key] = value
        return entry & self.all

    def castable(self, key: int, identity: int, need: int) -> int:
        """The questions of ``need`` castable on a board."""
        self.queries += 1
        if not key & self.keep:
            key &= self.canonical_types if key & self.reflect else self.canonical
        value = self.cache.get(key)
        if value is None or need & ~(value >> self.n):
            value = self.fill(key, identity, need)
        return value & need

    # -- games --

    def run(self, rng: random.Random, games: int) -> Outcome:
        """Play ``games`` games (see :mod:`.simulate`) and return their outcome."""
        if len(self.decisions) > _MAX_DECISIONS:
            self.decisions.clear()
        if len(self.ramp_steps) > _MAX_DECISIONS:
            self.ramp_steps.clear()
        turns = self.turns
        # Tallies: per turn, the questions newly castable; those recorded on curve
        # when the game stops early; those never castable; Karsten's condition.
        newly_by_turn: list[defaultdict[int, int]] = [defaultdict(int) for _ in range(turns + 1)]
        finished: dict[int, int] = {}
        missed_games: dict[int, int] = {}
        karsten: dict[int, int] = {}
        mulligans = [0, 0, 0, 0]
        rand = rng.random
        layout = self.layout
        # -- tables, as locals --
        n = self.n
        every = self.reported
        due = self.due
        last_due = self.last_due
        steps = tuple(enumerate(self.steps))
        last_step = len(self.steps) - 1
        free_steps = self.free_steps
        library0 = self.library
        drawn = layout.drawn
        drawn_get = drawn.__getitem__
        start = layout.start
        seen = layout.seen
        seen_at = [turn << seen for turn in range(turns + 2)]
        draws = [turn > 1 or self.draws_first for turn in range(turns + 2)]
        land_pres = layout.land_pres
        decide_mask = layout.decide_mask
        usable_offset = layout.usable
        field_mask = layout.field_mask
        wants = layout.wants
        early = self.early
        decisions_get = self.decisions.get
        decide = self.decide
        ramp_pres = layout.ramp_pres
        ramp_mask = self.ramp_mask
        ramp_infos_get = self.ramp_infos.get
        ramp_steps_get = self.ramp_steps.get
        cache_get = self.cache.get
        fill = self.fill
        keep = self.keep
        reflect = self.reflect
        canonical = self.canonical
        canonical_types = self.canonical_types
        special = self.special
        units_offset = self.units_offset
        entry = self.entry.bits if self.entry else None
        entry_shift = self.entry_shift
        top_turn = self.top_turn
        top_bits = self.top_bits
        finish_early = not self.shrinks
        crack_pres = self.crack_pres
        gy_key, gy_ident = self.gy_key, self.gy_ident
        sacrifices = self.sacrifices
        opening = self.on_the_draw and self.has_opening
        bottom_cards = self._bottom
        finish = self._finish
        turn_range = range(1, turns + 1)
        seven = range(HAND_SIZE)
        deck_size = len(library0)
        queries = 0
        for _ in range(games):
            # -- mulligans (CR 103.5) --
            for step_index, (bottom, fewest, most) in steps:
                library = library0[:]
                hand = []
                size = deck_size
                for _ in seven:  # each card drawn swaps places with the last one
                    i = int(rand() * size)
                    size -= 1
                    hand.append(library[i])
                    library[i] = library[size]
                del library[size:]
                if bottom:
                    hand, bottomed = bottom_cards(hand, bottom)
                else:
                    bottomed = []
                H = sum(map(drawn_get, hand), start)
                if fewest <= H >> seen <= most or step_index == last_step:
                    break
            mulligans[step_index - free_steps if step_index >= free_steps else 0] += 1
            key = identity = treasures = extra = 0
            field: list[LandFace] | None = [] if sacrifices else None
            if opening:
                game = Game(library, bottomed, H)
                game.field = field
                self.opening(game, hand)
                H, key, identity = game.H, game.key, game.identity
            pending = done = eligible = on_curve = 0
            # -- turns --
            for turn in turn_range:
                if gy_key and turn > 1:  # one card a turn after the first (._casting)
                    key += gy_key
                    identity += gy_ident
                if library and draws[turn]:
                    i = int(rand() * len(library))
                    card = library[i]
                    library[i] = library[-1]
                    library.pop()
                    H += drawn[card]
                pending |= due[turn]
                if seen_at[turn] <= H:
                    eligible |= due[turn]  # Karsten's condition: `turn` lands seen
                if H & land_pres:
                    choice = (
                        (H & decide_mask)
                        | ((H >> wants[(H >> usable_offset) & field_mask]) & WANTS)
                        | early[turn]
                    )
                    if entry is not None:
                        choice |= entry(key) << entry_shift
                    decision = decisions_get(choice)
                    if decision is None:
                        decision = decide(choice)
                    incs, played = decision
                else:
                    incs = NO_LAND
                    played = None
                if pending:
                    found = 0
                    for key_now, identity_now in incs:
                        k = key + key_now
                        if not k & keep:
                            k &= canonical_types if k & reflect else canonical
                        queries += 1
                        value = cache_get(k)
                        if value is None or pending & ~(value >> n):
                            value = fill(k, identity + identity_now, pending)
                        found |= value
                        if found & pending == pending:
                            break
                    newly = found & pending
                    if newly:
                        pending ^= newly
                        done |= newly
                        on_curve |= newly & due[turn]
                        newly_by_turn[turn][newly] += 1
                if turn >= last_due and not pending:
                    break
                # -- the land drop --
                if played is not None:
                    now, identity_now, after, identity_after, _, _, face, target, _, delta = played
                    use_key = key + now
                    use_identity = identity + identity_now
                    key += after
                    identity += identity_after
                    H += delta
                    if target >= 0:
                        if target in library:  # CR 701.23: then the library is shuffled
                            library.remove(target)
                        else:
                            bottomed.remove(target)
                        if bottomed:
                            library.extend(bottomed)
                            bottomed.clear()
                    if field is not None:
                        field.append(face)
                    if extra:
                        game = Game(library, bottomed, H, turn)
                        game.key, game.identity, game.extra, game.field = (
                            key, identity, extra, field
                        )  # fmt: skip
                        use_key, use_identity = self.extra_drops(game, use_key, use_identity)
                        H, key, identity = game.H, game.key, game.identity
                else:
                    use_key = key
                    use_identity = identity
                # -- ramp --
                if H & ramp_pres and turn < last_due:
                    kinds = H & ramp_mask
                    info = ramp_infos_get(kinds)
                    if info is None:
                        info = self.ramp_infos[kinds] = self.ramp_info(kinds)
                    bits, simple, land_free = info
                    k = use_key
                    if not k & keep:
                        k &= canonical_types if k & reflect else canonical
                    queries += 1
                    value = cache_get(k)
                    if value is None or bits & ~(value >> n):
                        value = fill(k, use_identity, bits)
                    castable = value & bits
                    if (simple or (land_free and not H & land_pres)) and not treasures:
                        if castable:
                            step_key = kinds << n | castable
                            step = ramp_steps_get(step_key)
                            if step is None:
                                step = self.ramp_steps[step_key] = self.ramp_step(kinds, castable)
                            H += step[0]
                            key += step[1]
                            identity += step[2]
                            treasures += step[3]
                    elif castable or treasures:
                        game = Game(library, bottomed, H, turn)
                        game.key, game.identity, game.treasures = key, identity, treasures
                        game.extra, game.field = extra, field
                        self.ramp(game, use_key, use_identity, castable)
                        H, key, identity = game.H, game.key, game.identity
                        treasures, extra = game.treasures, game.extra
                # -- lands whose search costs mana: cracked (or cycled) when paid for --
                if H & crack_pres and turn < last_due:
                    game = Game(library, bottomed, H, turn)
                    game.key, game.identity, game.field = key, identity, field
                    crack(self, game, use_key, use_identity, played)
                    H, key, identity = game.H, game.key, game.identity
                # -- every question left castable from now on: the rest is known --
                if (
                    not pending
                    and not treasures
                    and finish_early
                    and (key & special or (key >> units_offset) & 255 >= top_turn)
                ):
                    rest = every & ~done
                    top = rest & top_bits
                    if top:
                        k = key
                        if not k & keep:
                            k &= canonical_types if k & reflect else canonical
                        queries += 1
                        value = cache_get(k)
                        if value is None or top & ~(value >> n):
                            value = fill(k, identity, top)
                        if value & top == top:  # the last curve turn's first: it fails most
                            value = cache_get(k)
                            if value is None or rest & ~(value >> n):
                                value = fill(k, identity, rest)
                        if value & rest == rest:
                            finished[rest] = finished.get(rest, 0) + 1
                            eligible = finish(rest, turn, library, H >> seen, rand, eligible)
                            on_curve |= rest
                            done |= rest
                            break
            missed = every & ~done
            if missed:
                missed_games[missed] = missed_games.get(missed, 0) + 1
            outcome = eligible << n | (eligible & on_curve)
            karsten[outcome] = karsten.get(outcome, 0) + 1
        self.queries += queries
        return self._outcome(newly_by_turn, finished, missed_games, karsten, mulligans)

    def _outcome(
        self,
        newly_by_turn: list[defaultdict[int, int]],
        finished: dict[int, int],
        missed_games: dict[int, int],
        karsten: dict[int, int],
        mulligans: list[int],
    ) -> Outcome:
        """The tallies of :meth:`run` as per-question counts: each bit set is
        spread into one counter per question (:func:`_spread`), the counters
        summed, then read once."""
        n = self.n
        turn_of = self.turn_of
        hist = [[0] * (self.turns - t + 2) for t in turn_of]
        for turn, tally in enumerate(newly_by_turn):
            for s, count in enumerate(_counts(tally, n)):
                if count:
                    hist[s][turn - turn_of[s]] += count
        for s, count in enumerate(_counts(finished, n)):
            hist[s][0] += count
        for s, count in enumerate(_counts(missed_games, n)):
            hist[s][-1] += count
        every = self.all
        hit = _counts([(packed >> n, count) for packed, count in karsten.items()], n)
        on_curve = _counts([(packed & every, count) for packed, count in karsten.items()], n)
        return hist, mulligans, hit, on_curve

    def _finish(
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
        keep_land = self.keep_land
        due = self.due
        for later in range(turn + 1, self.last_due + 1):
            if library:
                i = int(rand() * len(library))
                card = library[i]
                library[i] = library[-1]
                library.pop()
                if keep_land[card]:
                    lands_seen += 1
            if lands_seen >= later:
                eligible |= due[later]
        return eligible

    # -- the opening hand --

    def _bottom(self, hand: list[int], count: int) -> tuple[list[int], list[int]]:
        keep_land = self.keep_land
        spells = sorted((k for k in hand if not keep_land[k]), key=self.spell_order.__getitem__)
        lands = sorted((k for k in hand if keep_land[k]), key=self.land_rank.__getitem__)
        bottom_spells, bottom_lands = _bottom(len(spells), count)
        bottom_lands = min(bottom_lands, len(lands))
        bottom_spells = min(count - bottom_lands, len(spells))
        bottomed = spells[:bottom_spells] + lands[:bottom_lands]
        return spells[bottom_spells:] + lands[bottom_lands:], bottomed


def _fetch_of(deck: CompiledDeck, k: int) -> Fetch:
    fetch = deck.items[k].role.fetch
    assert fetch is not None
    return fetch


def _cracks_colorless(deck: CompiledDeck) -> bool:
    """Whether cracking a land whose search costs mana may take mana a question
    needs: {C} (CR 107.4c), which the basic land found doesn't make."""
    cracks = any(
        deck.crack[k] >= 0 and not _fetch_of(deck, k).cycling for k in range(len(deck.items))
    )
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
