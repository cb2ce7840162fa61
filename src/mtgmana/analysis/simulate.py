"""A seeded Monte Carlo of a real deck's mana: London mulligans, land drops, lands
that enter tapped, fetch lands, mana dorks with summoning sickness and mana rocks,
with the exact auto-tapper (:func:`mtgmana.tapping.can_pay`) deciding each turn
which spells could be cast.

:func:`simulate` plays ``games`` games of a :class:`~mtgmana.analysis.deck.Deck`
and reports, for every spell, P(cast on curve) with a 95% Wilson interval and the
expected delay with a 95% normal-approximation interval (:class:`SpellOdds`).

**The question, per spell** (Karsten's): could this spell be cast on turn ``T`` if
it were the only thing you did that turn? It is asked of every spell of the deck in
every game, whether or not it was drawn — the question is about the mana. A spell is
*on curve* if it could be cast on turn ``M`` (its mana value, X = 0, at least 1);
its *delay* is the first turn it could be cast minus ``M``. Games where it could
not be cast by the last turn simulated (``turns``, default the largest mana value
+ 3) are *censored*: they count as a miss for P(on curve), and as a delay of
``turns - M + 1`` in the mean (so the mean delay is a lower bound when some games
are censored; the count is reported).

**A game** (on the play unless ``on_the_draw``; CR 103.8a):

1. *Mulligans* (London, CR 103.5), with Karsten's rule of thumb: keep 7 cards with
   2-5 lands; at 6 bottom a spell if more than 3 spells, else a land, keep 2-4 lands;
   at 5 and 4 as in :mod:`mtgmana.analysis.karsten`. The spells put on the bottom
   are the most expensive (mana sources last); the lands, the ones making the fewest
   of the deck's colors (taplands first). With Commander rules the first mulligan
   is free (a 7 kept with 3-5 lands) and there is a draw on turn 1.
2. *Each turn*: draw (not on turn 1 on the play); then the castability question is
   answered for every spell of mana value up to the turn not yet castable: it is
   castable if **some** land drop from the hand this turn (each land in hand, each
   face of a modal double-faced land, each land a fetch land in hand could find in
   the library) — or no land drop — gives a battlefield that pays its cost.
3. Then the player acts, by a simple policy that sees only the hand and the
   battlefield (never the library's order): **the land drop** — when a card in hand
   costs one more than the mana available, a land that enters untapped; otherwise a
   tapped land if there is one (taplands are played when they cost nothing); among
   those, the land that adds the most colors the hand needs and the battlefield
   lacks, then the one making the most of the deck's colors. A fetch land is cracked
   at once (paying its life, which is not tracked) for the land of the library that
   the same rule likes best; the library is then shuffled (cards a mulligan put on
   the bottom go back in). Then **one mana source**: the first dork or rock in hand
   (cheapest first) that the battlefield can pay for is cast. Dorks are summoning
   sick until the next turn (CR 302.6); rocks, cast after the spell checks, are used
   from the next turn too.
4. Lands enter tapped as :mod:`mtgmana.analysis.roles` decides (conservatively);
   shock lands are paid for; Thriving lands choose the deck color most needed.

Not simulated: spells other than dorks and rocks are never actually cast (the
question is hypothetical), so Treasure makers, rituals, land-search spells and card
draw don't help; life totals (fetches, shocks, painlands) stay at 20; fetches whose
ability costs mana are never cracked. A land that makes no mana (or a fetch land with
nothing left to find) is still played as a land drop.

**Speed**: the tapper costs ~50-500 µs a call, so its answers are cached by a
canonical key — the counts of permanents of each kind on the battlefield, the land
that just entered and whether it is tapped — and each key is answered once per spell
(and never when the battlefield can't make enough mana or lacks a color the cost
needs). When no permanent of the deck looks at other permanents (no "Activate only
if you control ...", no triggers, no board-dependent amounts), permanents with equal
mana abilities are one kind (a Forest and an untapped Llanowar Elves both make {G})
and a land that entered tapped is left out of the key. Games are played in chunks
of :data:`CHUNK` games, chunk ``i`` with its own generator seeded from ``(seed, i)``:
the result depends on the seed only, not on the number of processes (``jobs``).

>>> from mtgmana.analysis.deck import Deck
>>> deck = Deck.parse("4 Llanowar Elves\\n12 Grizzly Bears\\n8 Centaur Courser\\n12 Opt\\n"
...                   "14 Forest\\n10 Island")
>>> result = simulate(deck, games=200, seed=1)
>>> bears = result.spell("Grizzly Bears")
>>> bears.games, 0.8 < bears.p_on_curve <= 1.0, bears.ci_low <= bears.p_on_curve <= bears.ci_high
(200, True, True)
>>> simulate(deck, games=200, seed=1) == result            # deterministic for a seed
True
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from ..abilities import DynamicSlot
from ..battlefield import Board, Permanent
from ..colors import Color
from ..mana import ManaType
from ..restrictions import Spend
from ..symbols import SymbolKind
from ..tapping import can_pay
from .deck import COLOR_LETTERS, Deck, DeckError
from .karsten import HAND_SIZE, MAX_TURN, _bottom
from .roles import BASIC_TYPES, CardRole

__all__ = [
    "CHUNK",
    "MAX_GAMES",
    "Simulation",
    "SpellOdds",
    "simulate",
    "wilson",
]

CHUNK: Final = 1000
"""Games per chunk; each chunk has its own seeded generator."""

MAX_GAMES: Final = 10_000_000
"""The most games one call simulates."""

_Z: Final = 1.959963984540054  # the 97.5% quantile of the standard normal
_LONDON: Final = ((0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, HAND_SIZE))
_FREE_SEVEN: Final = (0, 3, 5)
_COLOR_BITS: Final = {c: 1 << i for i, c in enumerate(COLOR_LETTERS + "C")}


def wilson(successes: int, trials: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson(90, 100)
    >>> round(low, 4), round(high, 4)
    (0.8256, 0.9448)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class SpellOdds:
    """What the simulation found for one spell.

    ``delays[d]`` is the number of games where it could first be cast ``d`` turns
    after its curve turn ``turn``; ``censored`` the games where it couldn't be cast
    by the last turn simulated.
    """

    name: str
    mana_value: int
    turn: int
    games: int
    delays: tuple[int, ...]
    censored: int
    lands_hit: int = 0
    """Games with at least ``turn`` lands among the cards seen by ``turn``."""
    lands_hit_on_curve: int = 0
    """Those of them where the spell was castable on curve."""

    @property
    def p_on_curve_given_lands(self) -> float:
        """P(on curve | the land drops were made): Karsten's conditional question."""
        return self.lands_hit_on_curve / self.lands_hit if self.lands_hit else 0.0

    @property
    def ci_given_lands(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`p_on_curve_given_lands`."""
        return wilson(self.lands_hit_on_curve, self.lands_hit)

    @property
    def on_curve(self) -> int:
        return self.delays[0] if self.delays else 0

    @property
    def p_on_curve(self) -> float:
        return self.on_curve / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% Wilson interval of P(on curve)."""
        return wilson(self.on_curve, self.games)

    @property
    def ci_low(self) -> float:
        return self.ci[0]

    @property
    def ci_high(self) -> float:
        return self.ci[1]

    def _delay_moments(self) -> tuple[float, float]:
        n = self.games
        if not n:
            return 0.0, 0.0
        cap = len(self.delays)
        total = sum(d * k for d, k in enumerate(self.delays)) + cap * self.censored
        squares = sum(d * d * k for d, k in enumerate(self.delays)) + cap * cap * self.censored
        mean = total / n
        variance = max(0.0, squares / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        return mean, variance

    @property
    def mean_delay(self) -> float:
        """The expected delay in turns (censored games at ``turns - M + 1``)."""
        return self._delay_moments()[0]

    @property
    def delay_ci(self) -> tuple[float, float]:
        """The 95% normal-approximation interval of the mean delay."""
        mean, variance = self._delay_moments()
        half = _Z * math.sqrt(variance / self.games) if self.games else 0.0
        return max(0.0, mean - half), mean + half

    def p_by_turn(self, turn: int) -> float:
        """P(it could be cast on or before ``turn``)."""
        if not self.games or turn < self.turn:
            return 0.0
        return sum(self.delays[: turn - self.turn + 1]) / self.games


@dataclass(frozen=True)
class Simulation:
    """The result of :func:`simulate`. ``mulligans[k]`` counts the games kept after
    ``k`` mulligans. Two results are equal when their games are (the counters of
    the cache, the time and the number of processes aside). ``tapper_calls`` is
    the number of questions the auto-tapper answered, ``queries`` the number asked
    (the rest were cache hits or had too little mana to ask); ``elapsed`` the wall
    time in seconds."""

    games: int
    seed: int
    jobs: int = field(compare=False)
    turns: int
    on_the_draw: bool
    commander: bool
    spells: tuple[SpellOdds, ...]
    mulligans: tuple[int, ...]
    queries: int = field(compare=False)
    tapper_calls: int = field(compare=False)
    boards: int = field(compare=False)
    elapsed: float = field(default=0.0, compare=False)

    @property
    def hit_rate(self) -> float:
        """The share of castability questions answered without the tapper."""
        return 1 - self.tapper_calls / self.queries if self.queries else 1.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def spell(self, name: str) -> SpellOdds:
        key = name.casefold()
        for odds in self.spells:
            if odds.name.casefold() == key:
                return odds
        raise DeckError(f"{name!r} is not a spell of the deck")


# -- the compiled deck ---------------------------------------------------------------


def _required_colors(role: CardRole) -> int:
    """The types of mana a cost can't be paid without (its {W}, ..., {C} symbols)."""
    bits = 0
    if role.cost is not None:
        for symbol in role.cost:
            if symbol.kind in (SymbolKind.COLORED, SymbolKind.COLORLESS):
                bits |= _mask(symbol.halves)
    return bits


def _context_free(permanent: Permanent | None) -> bool:
    """Whether the permanent's mana doesn't depend on other permanents: no
    conditions, triggers, replacement effects, board-dependent amounts or slots,
    and no cost that taps or sacrifices another permanent."""
    if permanent is None:
        return True
    if permanent.triggers or permanent.replacements:
        return False
    for ability in permanent.abilities:
        cost = ability.cost
        if ability.condition is not None or cost.tap_other or cost.sacrifice:
            return False
        per = ability.production.per
        if per is not None and per.kind in ("permanents", "devotion", "greatest power"):
            return False
        for choice in ability.production.choices:
            for item in choice.slots:
                if isinstance(item, DynamicSlot) and item not in (
                    DynamicSlot.CHOSEN_COLOR,
                    DynamicSlot.CHOSEN_COLORS,
                    DynamicSlot.COMMANDER_COLORS,
                ):
                    return False
    return True


def _mask(letters: Iterable[str]) -> int:
    bits = 0
    for letter in letters:
        bits |= _COLOR_BITS.get(letter, 0)
    return bits


class _Engine:
    """A deck compiled for fast games: small integers for cards and source kinds,
    bit masks for spells, and the tapper's answers cached by battlefield."""

    def __init__(self, deck: Deck, on_the_draw: bool, turns: int) -> None:
        self.on_the_draw = on_the_draw
        self.commander = deck.commander_rules
        self.turns = turns
        identity = deck.commander_colors
        self.commander_colors: Color | None = identity
        kinds = list(deck.main)
        self.names = [item.name for item in kinds]
        roles = [item.role for item in kinds]
        self.roles = roles
        n = len(kinds)
        self.library: list[int] = [k for k, item in enumerate(kinds) for _ in range(item.count)]
        self.is_land = [role.is_land for role in roles]
        deck_colors = deck.colors
        # The spells whose castability is asked: main deck, commander, companion.
        spell_items = [item for item in deck.spells]
        self.spell_names = [item.name for item in spell_items]
        self.spell_values = [item.role.mana_value for item in spell_items]
        self.spell_turns = [max(v, 1) for v in self.spell_values]
        self.spell_costs = [item.role.cost for item in spell_items]
        self.spell_spends = [
            Spend.spell(
                item.card.faces[0].type_line,
                mana_cost=item.role.cost,
                colors=item.card.faces[0].colors,
                name=item.card.faces[0].name,
            )
            for item in spell_items
        ]
        self.spell_colors = [_required_colors(item.role) for item in spell_items]
        spell_index = {item.name: i for i, item in enumerate(spell_items)}
        self.spell_bit = [
            1 << spell_index[item.name] if not item.role.is_land else 0 for item in kinds
        ]
        self.due = [0] * (turns + 2)
        for i, t in enumerate(self.spell_turns):
            if t <= turns:
                self.due[t] |= 1 << i
        self.all_spells = (1 << len(spell_items)) - 1
        # Colors each card's cost needs (for the land policy).
        self.need_mask = [
            0 if role.cost is None else _mask({h for s in role.cost for h in s.halves})
            for role in roles
        ]
        self.mana_value = [role.mana_value for role in roles]
        # The turn a nonland card is cast on curve (0 for lands: never wanted).
        self.curve_turn = [0 if role.is_land else max(role.mana_value, 1) for role in roles]
        # Color weights: pips of each color in the deck, for the Thriving choice.
        weights = dict.fromkeys(COLOR_LETTERS, 0)
        for item in spell_items:
            if item.role.cost is not None:
                for symbol in item.role.cost:
                    for h in symbol.halves:
                        if h in weights:
                            weights[h] += item.count
        # Source classes: permanents that are identical for the tapper.
        self.context_free = all(
            _context_free(role.permanent) for role in roles if role.permanent is not None
        ) and all(_context_free(role.back) for role in roles if role.back is not None)
        self.templates: list[Permanent] = []
        self.class_keys: dict[Any, int] = {}
        # Faces a land card may enter as (both faces of a Pathway): class, basic?,
        # basic land types.
        self.face_class: list[int] = []
        self.face_basic: list[bool] = []
        self.face_types: list[frozenset[str]] = []
        self.class_colors: list[int] = []
        self.class_bound: list[int] = []
        # variants[k]: the faces a land card may enter as.
        self.variants: list[list[int]] = [[] for _ in range(n)]
        self.ramp_class = [-1] * n
        for k, role in enumerate(roles):
            permanent = role.permanent
            if permanent is None and role.is_land:
                # A land that makes no mana (a fetch land, Maze of Ith) is still a
                # land drop: a permanent with no mana abilities.
                front = role.card.faces[0]
                permanent = Permanent(front.name, type_line=front.type_line)
            if permanent is None:
                continue
            faces = [permanent] if role.back is None else [permanent, role.back]
            for face in faces:
                chosen = self._chosen(role, face, deck_colors, weights)
                if role.is_land:
                    self.variants[k].append(len(self.face_class))
                    self.face_class.append(self._class(chosen, role))
                    self.face_basic.append("Basic" in face.supertypes)
                    self.face_types.append(frozenset(t for t in face.subtypes if t in BASIC_TYPES))
                else:
                    self.ramp_class[k] = self._class(chosen, role)
        self.entry = [role.entry for role in roles]
        self.entry_constant: list[bool | None] = []
        for role in roles:
            kind = role.entry.kind
            self.entry_constant.append(
                True if kind in ("untapped", "pay life") else False if kind == "tapped" else None
            )
        self.subtypes = [role.subtypes for role in roles]
        # Fetch lands: the land cards of the deck each one finds.
        self.fetch_targets: list[list[int]] = [[] for _ in range(n)]
        for k, role in enumerate(roles):
            if role.fetch is not None and not role.cost:
                self.fetch_targets[k] = [
                    j
                    for j, other in enumerate(roles)
                    if other.is_land
                    and other.fetch is None
                    and self.variants[j]
                    and role.fetch.finds(other.card)
                ]
        self.fetch = [role.fetch if self.fetch_targets[k] else None for k, role in enumerate(roles)]
        # What a land is worth when choosing what to bottom.
        deck_mask = _mask(deck_colors)
        self.land_rank = []
        for k, role in enumerate(roles):
            colors = 0
            for f in self.variants[k]:
                colors |= self.class_colors[self.face_class[f]]
            for j in self.fetch_targets[k]:
                for f in self.variants[j]:
                    colors |= self.class_colors[self.face_class[f]]
            untapped = 1 if role.entry.kind in ("untapped", "pay life", "few lands") else 0
            self.land_rank.append((colors & deck_mask).bit_count() * 2 + untapped)
        self.spell_rank = [
            -1000 + self.mana_value[k] if role.kind in ("dork", "rock") else self.mana_value[k]
            for k, role in enumerate(roles)
        ]
        self.ramp_kinds = sorted(
            (k for k, role in enumerate(roles) if self.ramp_class[k] >= 0 and self.spell_bit[k]),
            key=lambda k: (self.mana_value[k], k),
        )
        # The cache: battlefield counts -> {land entering (class*2 + tapped) -> board}.
        self.cache: dict[tuple[int, ...], dict[int, int]] = {}
        self.known: list[int] = []
        self.castable: list[int] = []
        self.board_bound: list[int] = []
        self.board_colors: list[int] = []
        self.finals: dict[Any, int] = {}
        self.board_specs: list[tuple[tuple[int, ...], int]] = []
        self.queries = 0
        self.tapper_calls = 0
        self.steps = (_FREE_SEVEN, *_LONDON) if self.commander else _LONDON
        self.free_steps = 1 if self.commander else 0
        self.draws_first = on_the_draw or self.commander
        self.last_due = max((t for t in self.spell_turns if t <= turns), default=1)

    # -- compiling --

    def _chosen(
        self, role: CardRole, permanent: Permanent, deck_colors: str, weights: dict[str, int]
    ) -> Permanent:
        """A Thriving land's chosen color: the deck color it lacks that the deck's
        spells need most."""
        if DynamicSlot.CHOSEN_COLOR not in role.dynamic:
            return permanent
        own = role.options[0] if role.options else frozenset()
        choices = [c for c in deck_colors if c not in own] or [
            c for c in COLOR_LETTERS if c not in own
        ]
        best = max(choices, key=lambda c: (weights.get(c, 0), -COLOR_LETTERS.index(c)))
        return permanent.with_state(chosen_color=ManaType(best))

    def _class(self, permanent: Permanent, role: CardRole) -> int:
        if self.context_free:
            # Nothing on this battlefield looks at other permanents: two permanents
            # with the same abilities are the same to the tapper (a Forest and an
            # untapped Llanowar Elves from an earlier turn both make {G}).
            key: Any = (permanent.abilities, permanent.chosen_color, permanent.chosen_colors)
        else:
            key = (
                permanent.abilities,
                permanent.triggers,
                permanent.replacements,
                permanent.type_line,
                permanent.mana_cost,
                permanent.colors,
                permanent.chosen_color,
                permanent.name if role.dynamic else "",
            )
        found = self.class_keys.get(key)
        if found is not None:
            return found
        index = len(self.templates)
        self.class_keys[key] = index
        self.templates.append(permanent)
        colors = 0
        bound = 0
        for ability in permanent.abilities:
            size = ability.production.fixed_size
            bound = max(bound, 8 if size is None else size)
            for choice in ability.production.choices:
                for item in choice.slots:
                    if isinstance(item, frozenset):
                        colors |= _mask([t.value for t in item])
                    else:
                        colors |= _mask(COLOR_LETTERS)
        if permanent.chosen_color is not None:
            colors |= _COLOR_BITS[permanent.chosen_color.value]
        self.class_colors.append(colors)
        self.class_bound.append(bound)
        return index

    # -- the tapper, cached --

    def board(self, key: tuple[int, ...], code: int) -> int:
        """The id of the battlefield ``key`` (counts per class) plus the land
        ``code`` (class * 2 + tapped, or -1)."""
        entry = self.cache.get(key)
        if entry is None:
            entry = self.cache[key] = {}
        found = entry.get(code)
        if found is not None:
            return found
        if self.context_free:
            # A land that entered tapped adds nothing the tapper could use.
            counts = list(key)
            if code >= 0 and not code & 1:
                counts[code >> 1] += 1
            final: Any = tuple(counts)
            spec: tuple[tuple[int, ...], int] = (final, -1)
        else:
            final = spec = (key, code)
        index = self.finals.get(final)
        if index is None:
            index = self.finals[final] = len(self.known)
            counts_of, land = spec
            bound = colors = 0
            for c, n in enumerate(counts_of):
                if n:
                    bound += n * self.class_bound[c]
                    colors |= self.class_colors[c]
            if land >= 0 and not land & 1:
                bound += self.class_bound[land >> 1]
                colors |= self.class_colors[land >> 1]
            self.known.append(0)
            self.castable.append(0)
            self.board_bound.append(bound)
            self.board_colors.append(colors)
            self.board_specs.append(spec)
        entry[code] = index
        return index

    def answer(self, board: int, need: int) -> None:
        """Ask the tapper about the spells in ``need`` on ``board``."""
        key, code = self.board_specs[board]
        bound = self.board_bound[board]
        colors = self.board_colors[board]
        built: Board | None = None
        castable = 0
        remaining = need
        while remaining:
            low = remaining & -remaining
            remaining ^= low
            i = low.bit_length() - 1
            if self.spell_values[i] > bound or self.spell_colors[i] & ~colors:
                continue  # not enough mana, or a color no source makes
            if built is None:
                permanents: list[Permanent] = []
                for c, n in enumerate(key):
                    if n:
                        permanents.extend([self.templates[c]] * n)
                if code >= 0:
                    land = self.templates[code >> 1]
                    permanents.append(land.with_state(tapped=True) if code & 1 else land)
                built = Board(
                    tuple(permanents),
                    commander_colors=self.commander_colors,
                    land_played=code >= 0,
                )
            self.tapper_calls += 1
            cost = self.spell_costs[i]
            assert cost is not None
            if can_pay(built, cost, x=0 if cost.x_count else None, spend=self.spell_spends[i]):
                castable |= low
        self.known[board] |= need
        self.castable[board] |= castable

    # -- one game --

    def play(
        self,
        rng: random.Random,
        hist: list[list[int]],
        mulligans: list[int],
        lands_hit: list[int],
        lands_hit_on_curve: list[int],
    ) -> None:
        """Play one game, adding to ``hist[spell][delay]`` (the last slot: censored),
        to ``mulligans[k]``, and for the games that hit their land drops up to a
        spell's turn, to ``lands_hit[spell]`` (and ``lands_hit_on_curve[spell]`` if
        it was castable on curve)."""
        rand = rng.random
        is_land = self.is_land
        steps = self.steps
        # -- mulligans (CR 103.5) --
        last = len(steps) - 1
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
                if is_land[k]:
                    lands += 1
            if fewest <= lands <= most or step_index == last:
                break
        mulligans[step_index - self.free_steps if step_index >= self.free_steps else 0] += 1
        # -- turns --
        counts = [0] * len(self.templates)
        key = tuple(counts)
        n_lands = n_basics = n_ramp = 0
        land_types: dict[str, int] = {}
        have_colors = 0
        pending = done = eligible = on_curve = 0
        due = self.due
        cache_get = self.cache.get
        known = self.known
        castable = self.castable
        spell_turns = self.spell_turns
        last_due = self.last_due
        draws_first = self.draws_first
        ramp_kinds = self.ramp_kinds
        queries = 0
        for turn in range(1, self.turns + 1):
            if (turn > 1 or draws_first) and library:
                i = int(rand() * len(library))
                hand.append(library[i])
                library[i] = library[-1]
                library.pop()
            pending |= due[turn]
            options = self._options(hand, library, n_lands, n_basics, land_types, turn)
            if n_lands + (options[0][0] >= 0) >= turn:
                eligible |= due[turn]  # the land drops so far were all made
            if pending:
                entry = cache_get(key)
                found = 0
                for option in options:
                    code = option[0]
                    board = None if entry is None else entry.get(code)
                    if board is None:
                        board = self.board(key, code)
                        entry = cache_get(key)
                    queries += 1
                    need = pending & ~known[board]
                    if need:
                        self.answer(board, need)
                    found |= castable[board]
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
                        hist[s][turn - spell_turns[s]] += 1
            elif turn >= last_due:
                break
            if turn >= last_due and not pending:
                break
            # -- the land drop --
            played = self._choose(options, hand, n_lands + n_ramp, have_colors)
            real_code = -1
            changed = False
            if played is not None:
                real_code, card, face, target = played
                cls = self.face_class[face]
                hand.remove(card)
                if target >= 0:
                    library.remove(target)  # CR 701.23: then the library is shuffled
                    library.extend(bottomed)
                    bottomed = []
                counts[cls] += 1
                n_lands += 1
                if self.face_basic[face]:
                    n_basics += 1
                for t in self.face_types[face]:
                    land_types[t] = land_types.get(t, 0) + 1
                have_colors |= self.class_colors[cls]
                changed = True
            # -- one mana source --
            for ramp in ramp_kinds:
                if ramp in hand:
                    bit = self.spell_bit[ramp]
                    board = self.board(key, real_code)
                    if not known[board] & bit:
                        self.answer(board, bit)
                    if castable[board] & bit:
                        hand.remove(ramp)
                        rc = self.ramp_class[ramp]
                        counts[rc] += 1
                        n_ramp += 1
                        have_colors |= self.class_colors[rc]
                        changed = True
                        break
            if changed:
                key = tuple(counts)
        self.queries += queries
        missed = self.all_spells & ~done
        while missed:
            low = missed & -missed
            missed ^= low
            row = hist[low.bit_length() - 1]
            row[-1] += 1
        while eligible:
            low = eligible & -eligible
            eligible ^= low
            s = low.bit_length() - 1
            lands_hit[s] += 1
            if on_curve & low:
                lands_hit_on_curve[s] += 1

    def _bottom(self, hand: list[int], count: int) -> tuple[list[int], list[int]]:
        is_land = self.is_land
        spells = sorted((k for k in hand if not is_land[k]), key=lambda k: -self.spell_rank[k])
        lands = sorted((k for k in hand if is_land[k]), key=lambda k: self.land_rank[k])
        bottom_spells, bottom_lands = _bottom(len(spells), count)
        bottom_lands = min(bottom_lands, len(lands))
        bottom_spells = min(count - bottom_lands, len(spells))
        bottomed = spells[:bottom_spells] + lands[:bottom_lands]
        return spells[bottom_spells:] + lands[bottom_lands:], bottomed

    def _options(
        self,
        hand: list[int],
        library: list[int],
        n_lands: int,
        n_basics: int,
        land_types: dict[str, int],
        turn: int,
    ) -> list[tuple[int, int, int, int]]:
        """The land drops possible from ``hand``: (code, card, class, fetched card)."""
        is_land = self.is_land
        seen: set[int] = set()
        options: list[tuple[int, int, int, int]] = []
        hand_types: frozenset[str] | None = None
        for card in hand:
            if not is_land[card] or card in seen:
                continue
            seen.add(card)
            targets = self.fetch_targets[card]
            fetch = self.fetch[card]
            if fetch is not None and targets:
                fetched = len(options)
                for target in targets:
                    if target not in library:
                        continue
                    untapped = not fetch.tapped
                    if untapped:
                        constant = self.entry_constant[target]
                        if constant is None:
                            if hand_types is None:
                                hand_types = self._hand_types(hand)
                            untapped = self.entry[target].untapped(
                                other_lands=n_lands,
                                basics=n_basics,
                                land_types=land_types,
                                hand_types=hand_types,
                                turn=turn,
                            )
                        else:
                            untapped = constant
                    if fetch.untap_with_four and n_lands + 1 >= 4:
                        untapped = True
                    for face in self.variants[target]:
                        code = self.face_class[face] * 2 + (0 if untapped else 1)
                        options.append((code, card, face, target))
                if len(options) > fetched:
                    continue  # else nothing left to find: it is played as it is
            constant = self.entry_constant[card]
            if constant is None:
                if hand_types is None:
                    hand_types = self._hand_types(hand)
                untapped = self.entry[card].untapped(
                    other_lands=n_lands,
                    basics=n_basics,
                    land_types=land_types,
                    hand_types=hand_types - self.subtypes[card]
                    if hand.count(card) == 1
                    else hand_types,
                    turn=turn,
                )
            else:
                untapped = constant
            for face in self.variants[card]:
                options.append((self.face_class[face] * 2 + (0 if untapped else 1), card, face, -1))
        if not options:
            options.append((-1, -1, -1, -1))
        return options

    def _hand_types(self, hand: list[int]) -> frozenset[str]:
        types: set[str] = set()
        for card in hand:
            types |= self.subtypes[card]
        return frozenset(types)

    def _choose(
        self,
        options: list[tuple[int, int, int, int]],
        hand: list[int],
        usable: int,
        have_colors: int,
    ) -> tuple[int, int, int, int] | None:
        """The land drop the policy makes (see the module), or ``None``."""
        if options[0][0] < 0:
            return None
        if len(options) == 1:
            return options[0]
        need = 0
        wants_untapped = False
        need_mask = self.need_mask
        curve_turn = self.curve_turn
        for card in hand:
            need |= need_mask[card]  # 0 for lands
            if curve_turn[card] == usable + 1:
                wants_untapped = True
        best = None
        best_score: tuple[int, int, int, int] | None = None
        for option in options:
            code, card, face, _ = option
            tapped = code & 1
            colors = self.class_colors[code >> 1]
            score = (
                (1 - tapped) if wants_untapped else tapped,
                (colors & need & ~have_colors).bit_count(),
                (colors & need).bit_count(),
                -card * 64 - face,
            )
            if best_score is None or score > best_score:
                best, best_score = option, score
        return best


# -- running games -------------------------------------------------------------------

_Chunk = tuple[list[list[int]], list[int], list[int], list[int], int, int, int]
"""(histograms, mulligans, games hitting the land drops, those on curve, queries,
tapper calls, boards) of a chunk of games."""

_ENGINES: list[tuple[Deck, bool, int, _Engine]] = []
"""The engine of the deck last simulated in this process (kept between chunks and
calls: its cache stays warm). The deck is kept too, so that it is this deck."""


def _engine(deck: Deck, on_the_draw: bool, turns: int) -> _Engine:
    for known, draw, last, engine in _ENGINES:
        if known is deck and draw == on_the_draw and last == turns:
            return engine
    engine = _Engine(deck, on_the_draw, turns)
    _ENGINES[:] = [(deck, on_the_draw, turns, engine)]
    return engine


def _run_chunk(
    deck: Deck, on_the_draw: bool, turns: int, seed: int, index: int, games: int
) -> _Chunk:
    engine = _engine(deck, on_the_draw, turns)
    rng = random.Random(f"mtgmana-simulate:{seed}:{index}")
    hist = [[0] * (turns - t + 2) for t in engine.spell_turns]
    mulligans = [0, 0, 0, 0]
    hit = [0] * len(hist)
    hit_on_curve = [0] * len(hist)
    queries, calls = engine.queries, engine.tapper_calls
    play = engine.play
    for _ in range(games):
        play(rng, hist, mulligans, hit, hit_on_curve)
    return (
        hist,
        mulligans,
        hit,
        hit_on_curve,
        engine.queries - queries,
        engine.tapper_calls - calls,
        len(engine.known),
    )


_WORKER_DECK: list[Deck] = []


def _init_worker(deck: Deck) -> None:
    _WORKER_DECK[:] = [deck]


def _worker_chunk(on_the_draw: bool, turns: int, seed: int, index: int, games: int) -> _Chunk:
    return _run_chunk(_WORKER_DECK[0], on_the_draw, turns, seed, index, games)


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DeckError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise DeckError(f"{name} must be {low} to {high:,}, not {value:,}")
    return value


def simulate(
    deck: Deck,
    *,
    games: int = 10_000,
    seed: int = 0,
    jobs: int = 1,
    on_the_draw: bool = False,
    turns: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``games`` games of ``deck`` (see the module) and report every spell's
    P(on curve) and delay.

    ``seed`` makes the result reproducible (it doesn't depend on ``jobs``);
    ``jobs`` processes share the chunks (``0``: one per core); ``turns`` is the last
    turn played (default: the largest mana value + 3; at least the largest mana
    value); ``progress(done, games)`` is called after each chunk. Raises
    :class:`~mtgmana.analysis.deck.DeckError` for decks that can't be analyzed and
    bad arguments (turn 0, no games, ...).
    """
    if not isinstance(deck, Deck):
        raise DeckError(f"simulate needs a Deck, not {type(deck).__name__}")
    deck.check()
    games = _check_int("games", games, 1, MAX_GAMES)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DeckError(f"the seed must be a whole number, not {seed!r}")
    jobs = _check_int("jobs", jobs, 0, 256)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    spells = deck.spells
    latest = max((max(item.role.mana_value, 1) for item in spells), default=1)
    if turns is None:
        turns = min(latest + 3, MAX_TURN)
    else:
        if isinstance(turns, bool) or not isinstance(turns, int):
            raise DeckError(f"turns must be a whole number, not {turns!r}")
        if turns < 1:
            raise DeckError(f"turn {turns} does not exist: turns count from 1")
        if turns > MAX_TURN:
            raise DeckError(f"turn {turns} is beyond the limit of turn {MAX_TURN}")
        if turns < latest:
            slowest = max(spells, key=lambda item: item.role.mana_value)
            raise DeckError(
                f"the simulation must reach turn {latest} to cast {slowest.name} on curve "
                f"(turns={turns})"
            )
    if deck.size - HAND_SIZE < turns:
        raise DeckError(f"a {deck.size}-card deck runs out of cards before turn {turns}")
    chunks = [(i, min(CHUNK, games - i * CHUNK)) for i in range((games + CHUNK - 1) // CHUNK)]
    start = time.perf_counter()
    results: list[_Chunk] = []
    done = 0
    if jobs == 1 or len(chunks) == 1:
        for index, size in chunks:
            results.append(_run_chunk(deck, on_the_draw, turns, seed, index, size))
            done += size
            if progress is not None:
                progress(done, games)
    else:
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(chunks)), initializer=_init_worker, initargs=(deck,)
        ) as pool:
            futures = [
                pool.submit(_worker_chunk, on_the_draw, turns, seed, index, size)
                for index, size in chunks
            ]
            for future, (_, size) in zip(futures, chunks, strict=True):
                results.append(future.result())
                done += size
                if progress is not None:
                    progress(done, games)
    elapsed = time.perf_counter() - start
    engine = _engine(deck, on_the_draw, turns) if jobs == 1 else None
    names = [item.name for item in spells]
    values = [item.role.mana_value for item in spells]
    totals = [[0] * (turns - max(v, 1) + 2) for v in values]
    mulligans = [0, 0, 0, 0]
    hits = [0] * len(spells)
    hits_on_curve = [0] * len(spells)
    queries = calls = boards = 0
    for hist, mulls, hit, hit_on_curve, q, c, b in results:
        for row, add in zip(totals, hist, strict=True):
            for d, k in enumerate(add):
                row[d] += k
        for i in range(len(spells)):
            hits[i] += hit[i]
            hits_on_curve[i] += hit_on_curve[i]
        for k, m in enumerate(mulls):
            mulligans[k] += m
        queries += q
        calls += c
        boards = max(boards, b)
    if engine is not None:
        boards = len(engine.known)
    odds = tuple(
        SpellOdds(name, value, max(value, 1), games, tuple(row[:-1]), row[-1], hit, on_curve)
        for name, value, row, hit, on_curve in zip(
            names, values, totals, hits, hits_on_curve, strict=True
        )
    )
    return Simulation(
        games=games,
        seed=seed,
        jobs=jobs,
        turns=turns,
        on_the_draw=on_the_draw,
        commander=deck.commander_rules,
        spells=odds,
        mulligans=tuple(mulligans),
        queries=queries,
        tapper_calls=calls,
        boards=boards,
        elapsed=elapsed,
    )
