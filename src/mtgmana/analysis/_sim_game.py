"""One game of the simulation (:mod:`mtgmana.analysis.simulate`): the London
mulligan, draws and the castability questions, on a
:class:`~._sim_cards.CompiledDeck`, with the answers of
:class:`~._sim_payer.Payer` cached by battlefield key; the player's actions (land
drops, ramp) are in :mod:`._sim_actions`.

A battlefield is two integers: its *key* (:mod:`._sim_payer`: the reach of its
sources, counts of the other sources) and its *identity* (the count of each source
class, for the tapper). A cache entry holds, for a key, the questions answered and
those found castable (``known << n | castable``); answers only the tapper could
give are cached by identity.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ._sim_actions import Actions, LandDrop, State, mdfc_last
from ._sim_cards import CompiledDeck, LandFace
from ._sim_payer import View
from .karsten import HAND_SIZE, _bottom

__all__ = ["Engine"]

_LONDON: Final = ((0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, HAND_SIZE))
_FREE_SEVEN: Final = (0, 3, 5)
_RAMP_ORDER: Final = {"mana source": 0, "land search": 1, "extra land": 2, "treasure": 3}


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
            key = (q.cost, q.spend.card_types, q.spend.subtypes, q.spend.colors, q.spend.zone)
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
        self.counts = [item.count for item in deck.items]
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
        self.ramp_cards = sorted(
            (k for k in range(n) if deck.ramp[k] is not None),
            key=lambda k: (_RAMP_ORDER[deck.ramp[k].ramp.kind], deck.curve[k], k),  # type: ignore[union-attr]
        )
        self.is_ramp = [deck.ramp[k] is not None for k in range(n)]
        # Whether a battlefield can lose permanents (a land sacrificed to ramp; a
        # Treasure spent, checked in the game); hostile effects may hurt.
        self.shrinks = (
            any(r is not None and r.ramp.sacrifice_land for r in deck.ramp) or payer.hostile
        )
        self.has_opening = any(c >= 0 for c in deck.opening)
        self.fetches = [item.role.fetch for item in deck.items]
        self.land_bit = payer.land_played
        self.ident_tapped = [payer.identity_tapped(c) for c in range(len(deck.classes))]
        self.tapped_mask = 0xFFFF << (8 * len(deck.classes))
        self.has_mdfc = any(face is not None for face in deck.mdfc_face)
        self.curve_slots = max(deck.curve, default=0) + 2
        self.ramp_bit = [0 if r is None else 1 << r.question for r in deck.ramp]
        self.ramp_rank = [0] * n
        for rank, k in enumerate(self.ramp_cards):
            self.ramp_rank[k] = rank
        self.units_offset = payer.units_offset
        self.restricted = bool(payer.restricted)
        self.need_of = deck.need
        self.curve_of = deck.curve
        self.top_turn = max(self.turn_of, default=1)
        self.top_bits = sum(1 << i for i, t in enumerate(self.turn_of) if t == self.top_turn)
        self.track_types = any(
            face.entry[0] == 2 for faces in deck.land_faces for face in faces
        ) or any(face is not None and face.entry[0] == 2 for face in deck.mdfc_face)
        # Land drops that don't depend on the game (a basic land, a tapland).
        self.static_options: list[tuple[LandDrop, ...] | None] = []
        for k in range(n):
            back = deck.mdfc_face[k]
            faces: tuple[LandFace, ...] = deck.land_faces[k] or (() if back is None else (back,))
            if faces and not deck.fetch_targets[k] and all(f.entry[0] in (0, 1) for f in faces):
                mdfc = not deck.land_faces[k]
                self.static_options.append(
                    tuple(self._option(k, f, f.entry[0] == 0, -1, mdfc) for f in faces)
                )
            else:
                self.static_options.append(None)
        # Every land drop of each card: (option untapped, option tapped, entry code,
        # count, types, the card a fetch finds: -1 none, -2 the fetch itself).
        self.drops: list[tuple[tuple[LandDrop, LandDrop, int, int, int, int], ...]] = []
        for k in range(n):
            found: list[tuple[LandDrop, LandDrop, int, int, int, int]] = []
            fetch = self.fetches[k]
            if deck.fetch_targets[k] and fetch is not None:
                for target in deck.fetch_targets[k]:
                    for f in deck.land_faces[target]:
                        code = f.entry[0]
                        if fetch.tapped:
                            code = 8 if fetch.untap_with_four else 1
                        found.append(self._drop(k, f, target, code))
                for f in deck.land_faces[k]:
                    found.append(self._drop(k, f, -2, f.entry[0]))
            else:
                back = deck.mdfc_face[k]
                for f in deck.land_faces[k] or (() if back is None else (back,)):
                    found.append(self._drop(k, f, -1, f.entry[0], mdfc=not deck.land_faces[k]))
            self.drops.append(tuple(found))
        self.all_static = all(
            options is not None or not self.keep_land[k]
            for k, options in enumerate(self.static_options)
        )

    # -- answers --

    def fill(self, key: int, identity: int, need: int) -> int:
        """The cache entry of board ``key`` with the questions of ``need``
        answered (and those only the tapper answered, castable, in the low
        bits)."""
        n = self.n
        value = self.cache.get(key, 0)
        known = value >> n
        castable = value & self.all
        todo = need & ~known
        extra = 0
        payer = self.payer
        self.misses += 1
        view = self.views.get(key)
        if view is None:
            view = self.views[key] = payer.view(key)
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

    def castable(self, key: int, identity: int, need: int) -> int:
        """The questions of ``need`` castable on a board."""
        self.queries += 1
        if not key & self.keep:
            key &= self.canonical_types if key & self.reflect else self.canonical
        value = self.cache.get(key)
        if value is None or need & ~(value >> self.n):
            value = self.fill(key, identity, need)
        return value & need

    # -- one game --

    def play(
        self,
        rng: random.Random,
        hist: list[list[int]],
        mulligans: list[int],
        lands_hit: list[int],
        lands_hit_on_curve: list[int],
    ) -> None:
        """Play one game, adding to ``hist[question][delay]`` (the last slot:
        censored), ``mulligans[k]``, and for the games with at least ``turn``
        lands among the cards seen by a question's turn, to ``lands_hit`` (and
        ``lands_hit_on_curve`` when it was castable on curve)."""
        rand = rng.random
        landish = self.keep_land
        steps = self.steps
        last = len(steps) - 1
        # -- mulligans (CR 103.5) --
        for step_index, (bottom, fewest, most) in enumerate(steps):
            library = self.library[:]
            hand = []
            for _ in range(HAND_SIZE):
                i = int(rand() * len(library))
                hand.append(library[i])
                library[i] = library[-1]
                library.pop()
            bottomed: list[int] = []
            if bottom:
                hand, bottomed = self._bottom(hand, bottom)
            lands = 0
            for k in hand:
                if landish[k]:
                    lands += 1
            if fewest <= lands <= most or step_index == last:
                break
        mulligans[step_index - self.free_steps if step_index >= self.free_steps else 0] += 1
        lib_count = self.counts[:]  # the library, the cards on its bottom too
        for k in hand:
            lib_count[k] -= 1
        state = State(bottomed, self.curve_slots)
        state.hand = hand
        for k in hand:
            if landish[k]:
                state.lands.append(k)
            else:
                state.need |= self.need_of[k]
                state.curves[self.curve_of[k]] += 1
                if self.is_ramp[k]:
                    state.ramp.append(k)
                    state.ramp_bits |= self.ramp_bit[k]
        if len(state.ramp) > 1:
            state.ramp.sort(key=self.ramp_rank.__getitem__)
        lands_seen = lands
        if self.on_the_draw and self.has_opening:
            self._opening(state)
        # -- turns --
        hand = state.hand
        hand_lands = state.lands
        curves = state.curves
        ramp_cards = state.ramp
        field = state.field
        need_of = self.need_of
        curve_of = self.curve_of
        is_ramp = self.is_ramp
        due = self.due
        cache_get = self.cache.get
        n = self.n
        turn_of = self.turn_of
        last_due = self.last_due
        draws_first = self.draws_first
        special = self.special
        keep = self.keep
        reflect = self.reflect
        canonical = self.canonical
        canonical_types = self.canonical_types
        fill = self.fill
        static = self.static_options
        options_of = self._options
        choose = self._choose
        play_land = self._play_land
        finish_early = not self.shrinks
        top_turn = self.top_turn
        units_offset = self.units_offset
        land_bit = self.land_bit
        tapped_mask = self.tapped_mask
        track_types = self.track_types
        all_static = self.all_static
        has_mdfc = self.has_mdfc
        ramp_bit = self.ramp_bit
        pending = done = eligible = on_curve = 0
        queries = 0
        no_land = ((0, 0, 0, 0, -1, 0, None, -1, False),)
        for turn in range(1, self.turns + 1):
            if (turn > 1 or draws_first) and library:
                i = int(rand() * len(library))
                card = library[i]
                library[i] = library[-1]
                library.pop()
                lib_count[card] -= 1
                hand.append(card)
                if landish[card]:
                    hand_lands.append(card)
                    lands_seen += 1
                else:
                    state.need |= need_of[card]
                    curves[curve_of[card]] += 1
                    if is_ramp[card]:
                        ramp_cards.append(card)
                        state.ramp_bits |= ramp_bit[card]
                        if len(ramp_cards) > 1:
                            ramp_cards.sort(key=self.ramp_rank.__getitem__)
            pending |= due[turn]
            if lands_seen >= turn:
                eligible |= due[turn]  # Karsten's condition: `turn` lands seen
            if not hand_lands:
                options: list[LandDrop] | tuple[LandDrop, ...] = ()
            elif len(hand_lands) == 1:
                fixed = static[hand_lands[0]]
                options = options_of(state, lib_count, turn) if fixed is None else fixed
            elif all_static:
                options = []
                for c in dict.fromkeys(hand_lands):
                    options += static[c]  # type: ignore[arg-type]
                if has_mdfc:
                    options.sort(key=mdfc_last)
            else:
                options = options_of(state, lib_count, turn)
            key = state.key
            identity = state.identity
            if pending:
                found = 0
                for option in options or no_land:
                    k = key + option[0]
                    if not k & keep:
                        k &= canonical_types if k & reflect else canonical
                    queries += 1
                    value = cache_get(k)
                    if value is None or pending & ~(value >> n):
                        value = fill(k, identity + option[1], pending)
                    found |= value
                    if found & pending == pending:
                        break
                newly = found & pending
                if newly:
                    pending ^= newly
                    done |= newly
                    on_curve |= newly & due[turn]
                    while newly:
                        low = newly & -newly
                        newly ^= low
                        s = low.bit_length() - 1
                        hist[s][turn - turn_of[s]] += 1
            if turn >= last_due and not pending:
                break
            # -- land drops --
            use_key = key
            use_identity = identity
            if options:
                played = (
                    options[0]
                    if len(options) == 1 and not options[0][8]
                    else choose(options, state)  # type: ignore[arg-type]
                )
                if played is not None:
                    now, now_identity, after, after_identity, card, _, face, target, mdfc = played
                    if target < 0 and not mdfc:
                        hand.remove(card)
                        hand_lands.remove(card)
                        state.key = key + after
                        state.identity = identity + after_identity
                        state.n_lands += 1
                        if face.basic:
                            state.n_basics += 1
                        if track_types and face.types:
                            land_types = state.land_types
                            for t in range(5):
                                if face.types >> t & 1:
                                    land_types[t] += 1
                        state.colors |= face.colors
                        field.append(face)
                        use_key = key + now
                        now_identity &= ~land_bit
                        if not (now_identity & tapped_mask and identity & tapped_mask):
                            use_identity = identity + now_identity
                        use_identity |= land_bit
                    else:
                        use_key, use_identity = play_land(
                            played, library, lib_count, state, use_key, use_identity
                        )
                    for _ in range(state.extra_every_turn):
                        more = options_of(state, lib_count, turn)
                        played = choose(more, state) if more else None
                        if played is None:
                            break
                        use_key, use_identity = play_land(
                            played, library, lib_count, state, use_key, use_identity
                        )
            # -- ramp --
            if ramp_cards and turn < last_due:
                bits = state.ramp_bits
                k = use_key
                if not k & keep:
                    k &= canonical_types if k & reflect else canonical
                queries += 1
                value = cache_get(k)
                if value is None or bits & ~(value >> n):
                    value = fill(k, use_identity, bits)
                if value & bits or state.treasures:
                    self._ramp(library, lib_count, state, use_key, use_identity, turn, value & bits)
            # -- every question left castable from now on: the rest is known --
            if finish_early and not pending and not state.treasures:
                key = state.key
                if key & special or (key >> units_offset) & 255 >= top_turn:
                    rest = self.all & ~done
                    top = self.top_bits & rest
                    if (
                        top
                        and self.castable(key, state.identity, top) == top
                        and self.castable(key, state.identity, rest) == rest
                    ):
                        eligible = self._finish(
                            rest, turn, hist, library, lands_seen, rand, eligible
                        )
                        on_curve |= rest
                        done |= rest
                        break
        self.queries += queries
        missed = self.all & ~done
        while missed:
            low = missed & -missed
            missed ^= low
            hist[low.bit_length() - 1][-1] += 1
        while eligible:
            low = eligible & -eligible
            eligible ^= low
            s = low.bit_length() - 1
            lands_hit[s] += 1
            if on_curve & low:
                lands_hit_on_curve[s] += 1

    def _finish(
        self,
        rest: int,
        turn: int,
        hist: list[list[int]],
        library: list[int],
        lands_seen: int,
        rand: Callable[[], float],
        eligible: int,
    ) -> int:
        """Record the questions of ``rest`` (all due after ``turn``, castable on the
        battlefield already) as cast on curve; draw on to find Karsten's condition
        for them. Returns ``eligible`` updated."""
        bits = rest
        while bits:
            low = bits & -bits
            bits ^= low
            hist[low.bit_length() - 1][0] += 1
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
        spells = sorted((k for k in hand if not keep_land[k]), key=lambda k: -self.spell_rank[k])
        lands = sorted((k for k in hand if keep_land[k]), key=lambda k: self.land_rank[k])
        bottom_spells, bottom_lands = _bottom(len(spells), count)
        bottom_lands = min(bottom_lands, len(lands))
        bottom_spells = min(count - bottom_lands, len(spells))
        bottomed = spells[:bottom_spells] + lands[:bottom_lands]
        return spells[bottom_spells:] + lands[bottom_lands:], bottomed

    def _opening(self, state: State) -> None:
        """Gemstone Caverns: not the starting player, begin the game with it on the
        battlefield with a luck counter and exile a card from the hand (the most
        expensive spell, else the least useful land)."""
        deck = self.deck
        hand = state.hand
        for card in hand:
            c = deck.opening[card]
            if c < 0:
                continue
            self._take(state, card)
            self._enter(deck.land_faces[card][0], c, state)
            state.key += self.inc[c]
            state.identity += self.ident[c]
            if hand:
                spells = [k for k in hand if not self.keep_land[k]]
                if spells:
                    gone = max(spells, key=lambda k: (self.spell_rank[k], -k))
                else:
                    gone = min(hand, key=lambda k: (self.land_rank[k], k))
                self._take(state, gone)
            return
