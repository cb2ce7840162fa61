"""A seeded Monte Carlo of a real deck's mana: London mulligans, land drops, lands
that enter tapped, fetch lands, modal double-faced lands, mana dorks with summoning
sickness, mana rocks and ramp — land searches, Treasure, extra land drops — with
every castability question answered exactly (:mod:`._sources`: Hall's theorem
on the battlefield's reach, the auto-tapper :func:`mtgmana.tapping.can_pay` where
that can't decide).

:func:`simulate` plays ``games`` games of a :class:`~mtgmana.analysis.decks.Deck`
and reports, for every spell, P(cast on curve) with a 95% Wilson interval and the
expected delay with a 95% normal-approximation interval (:class:`SpellOdds`).

**The question, per spell** (Karsten's): could this spell be cast on turn ``T`` if
it were the only thing you did that turn? It is asked of every castable face of
every spell of the deck in every game, whether or not it was drawn — the question
is about the mana: both halves of split and adventurer cards, X spells at X = 1
(``x={"Fireball": 3}`` sets X per card), Phyrexian symbols paid with life (and,
as ``without_life``, with mana), restricted mana only for the spells it may pay.
A spell is *on curve* if it could be cast on turn ``M`` (its mana value with X
chosen, at least 1); its *delay* is the first turn it could be cast minus ``M``.
Games where it could not be cast by the last turn simulated (``turns``, default
the largest mana value + 3) are *censored*: they count as a miss for P(on curve),
and as a delay of ``turns - M + 1`` in the mean (so the mean delay is a lower bound
when some games are censored; the count is reported).

**A game** (on the play unless ``on_the_draw``; CR 103.8a):

1. *Mulligans* (London, CR 103.5), with Karsten's rule of thumb: keep 7 cards with
   2-5 lands; at 6 bottom a spell if more than 3 spells, else a land, keep 2-4 lands;
   at 5 and 4 as in :mod:`mtgmana.analysis.karsten` (modal double-faced spells with
   a land back count as lands here). The spells put on the bottom are the most
   expensive (ramp last); the lands, the ones making the fewest colors (taplands
   first). With Commander rules the first mulligan is free (a 7 kept with 3-5
   lands) and there is a draw on turn 1. Not the starting player, Gemstone Caverns
   in the opening hand begins the game on the battlefield with a luck counter, a
   card of the hand exiled (the most expensive spell).
2. *Each turn*: draw (not on turn 1 on the play); then the question is answered
   for every spell of mana value up to the turn not yet castable: it is castable
   if **some** land drop from the hand this turn (each land in hand, each face of
   a modal double-faced land, each land a fetch land in hand could find in the
   library, the land face of a modal double-faced spell) — or none — gives a
   battlefield that pays its cost.
3. Then the player acts, by a simple policy that sees only the hand and the
   battlefield (never the library's order): **the land drop** — when a card in hand
   costs one more than the mana available, a land that enters untapped; otherwise a
   tapped land if there is one (taplands are played when they cost nothing); among
   those, the land that adds the most colors the hand's spells need (modal
   double-faced cards with a land back count as lands) and the battlefield lacks,
   then the one making the most of them. A modal double-faced spell is
   played as a land only with no other land in hand, while the lands are fewer
   than the last curve turn. A fetch land is cracked at once (its life is not
   tracked) for the land of the library the same rule likes best; the library is
   then shuffled (cards a mulligan put on the bottom go back in). Then **ramp**:
   the first ramp card of the hand (mana sources, then land searches, extra land
   drops, Treasure makers; cheapest first) that is useful (a land left to find, a
   land in hand to put) and that the battlefield pays for — Treasures spent last —
   is cast (:class:`~mtgmana.analysis.roles.Ramp`); then more ramp paid by the
   mana that ramp added this turn (Sol Ring, then Arcane Signet). Dorks are
   summoning sick until the next turn (CR 302.6); everything else ramp adds is
   there for the next turn's questions.
4. Lands enter tapped as :mod:`mtgmana.analysis.roles` decides (conservatively);
   shock lands are paid for; Thriving lands choose the deck color most needed;
   Cavern of Souls names the deck's most common creature type; "could produce"
   of an opponent's lands (Exotic Orchard, Fellwar Stone) assumes an opponent
   whose lands make the deck's colors.

**Static effects** of the deck's own cards (CR 604.1, 611.3, 613;
:mod:`mtgmana.analysis.roles._deck_statics`) apply while their permanent is on the
battlefield: Urborg, Tomb of Yawgmoth and Yavimaya, Cradle of Growth as lands;
Chromatic Lantern as a rock; Cryptolith Rite, Prismatic Omen and Joiner Adept are
ramp, cast when the battlefield pays for them (one copy) — and the deck's creatures
that make no mana of their own are then mana sources too, cast as dorks (summoning
sick until the next turn, CR 302.6). A card whose effect takes mana from the deck's
own lands (Blood Moon on its nonbasic lands) or gives none is not cast, and effects
on an enchanted or equipped permanent (Paradise Mantle) are not simulated.

Not simulated: spells other than ramp are never actually cast (the question is
hypothetical), so rituals and card draw don't help; life totals stay at 20;
fetches whose ability costs mana are never cracked, and ramp that costs mana to
activate (Burnished Hart) or depends on the opponents (Dockside Extortionist) is
not cast.
Once every question left is castable on the battlefield, the game stops (more
permanents never make a cost unpayable) and only the draws for Karsten's
condition go on.

**Speed** (pure Python, one core, caches cold, on a 2-core machine: the
60-card lists of tests/data/decks at about 50,000-107,000 games/s, the 34 Commander
precons at a median of 11,000 and 2,200 at the slowest; ``python
bench/bench_deck.py``): each card is
compiled once; a battlefield is an integer key, answers are cached by key (boards
with the same reach share them) for the whole process, so later calls with the
same deck start warm; questions with the same cost are answered together; boards
with static effects (CR 613) are decided on what the effects make their
permanents. The hand and the counters the policy reads are one more integer
(:mod:`._layout`): a draw or a land drop is one addition, and the policy's land
drops and a turn's ramp are cached under the bits they read (docs/simulation.md,
§12). The
library is drawn from lazily (a partial Fisher-Yates shuffle: only the cards a
game looks at). Games are played in chunks of :data:`CHUNK` games, chunk ``i``
with its own generator seeded from ``(seed, i)``: the result depends on the seed
only, not on the number of processes (``jobs``).

>>> from mtgmana.analysis.decks import Deck
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
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Final

from ..decks import Deck, DeckError, chosen_x
from ..karsten import HAND_SIZE, MAX_TURN
from ._cards import CompiledDeck, Question
from ._game import Engine

__all__ = [
    "CHUNK",
    "MAX_GAMES",
    "WHAT_IF_GAMES",
    "Simulation",
    "SpellOdds",
    "average_on_curve",
    "simulate",
    "wilson",
]

CHUNK: Final = 1000
"""Games per chunk; each chunk has its own seeded generator."""

MAX_GAMES: Final = 10_000_000
"""The most games one call simulates."""

_Z: Final = 1.959963984540054  # the 97.5% quantile of the standard normal


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
    by the last turn simulated. ``lands_hit`` counts the games with at least
    ``turn`` lands among the cards seen by ``turn`` (Karsten's condition).
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
    card: str = ""
    """The card's name when this is one half of it (split, adventurer cards)."""
    without_life: SpellOdds | None = None
    """The same question paying its Phyrexian symbols with mana only."""

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
    ``k`` mulligans; ``ramp`` the cards the simulation casts as ramp, with what
    they do. Two results are equal when their games are (the counters, the time
    and the number of processes aside). ``queries`` is the number of castability
    lookups, ``cache_misses`` those the cache couldn't answer, ``tapper_calls``
    those only the auto-tapper could answer, ``boards`` the battlefields cached;
    ``elapsed`` the wall time in seconds."""

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
    cache_misses: int = field(default=0, compare=False)
    ramp: tuple[tuple[str, str], ...] = ()

    @property
    def hit_rate(self) -> float:
        """The share of castability lookups the cache answered (0 to 1)."""
        return 1 - self.cache_misses / self.queries if self.queries else 1.0

    @property
    def tapper_rate(self) -> float:
        """The share of castability lookups that needed the auto-tapper."""
        return self.tapper_calls / self.queries if self.queries else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def spell(self, name: str) -> SpellOdds:
        """The spell (or the first half of the card) called ``name``."""
        key = name.casefold()
        for odds in self.spells:
            if key in (odds.name.casefold(), odds.card.casefold()):
                return odds
        raise DeckError(f"{name!r} is not a spell of the deck")


# -- running games -------------------------------------------------------------------

_Chunk = tuple[list[list[int]], list[int], list[int], list[int], int, int, int, int]
"""(histograms, mulligans, games meeting Karsten's condition, those on curve,
queries, cache misses, tapper calls, boards) of a chunk of games."""

_ENGINES: list[tuple[Deck, bool, int, tuple[tuple[str, int], ...], Engine]] = []
"""The engines of the decks last simulated in this process (kept between chunks and
calls: their caches stay warm). The deck is kept too, so that it is this deck."""
_COMPILED: list[tuple[Deck, tuple[tuple[str, int], ...], CompiledDeck]] = []
_KEEP: Final = 4


def _compiled(deck: Deck, x: tuple[tuple[str, int], ...]) -> CompiledDeck:
    for known, chosen, compiled in _COMPILED:
        if known is deck and chosen == x:
            return compiled
    compiled = CompiledDeck(deck, dict(x))
    _COMPILED.insert(0, (deck, x, compiled))
    del _COMPILED[_KEEP:]
    return compiled


def _engine(deck: Deck, on_the_draw: bool, turns: int, x: tuple[tuple[str, int], ...]) -> Engine:
    for known, draw, last, chosen, engine in _ENGINES:
        if known is deck and draw == on_the_draw and last == turns and chosen == x:
            return engine
    engine = Engine(_compiled(deck, x), on_the_draw, turns)
    _ENGINES.insert(0, (deck, on_the_draw, turns, x, engine))
    del _ENGINES[_KEEP:]
    return engine


def _run_chunk(
    deck: Deck,
    on_the_draw: bool,
    turns: int,
    x: tuple[tuple[str, int], ...],
    seed: int,
    index: int,
    games: int,
) -> _Chunk:
    engine = _engine(deck, on_the_draw, turns, x)
    rng = random.Random(f"mtgmana-simulate:{seed}:{index}")
    queries, misses, calls = engine.queries, engine.misses, engine.tapper_calls
    hist, mulligans, hit, hit_on_curve = engine.run(rng, games)
    return (
        hist,
        mulligans,
        hit,
        hit_on_curve,
        engine.queries - queries,
        engine.misses - misses,
        engine.tapper_calls - calls,
        len(engine.cache),
    )


_WORKER_DECK: list[Deck] = []


def _init_worker(deck: Deck) -> None:
    _WORKER_DECK[:] = [deck]


def _worker_chunk(
    on_the_draw: bool, turns: int, x: tuple[tuple[str, int], ...], seed: int, index: int,
    games: int,
) -> _Chunk:  # fmt: skip
    return _run_chunk(_WORKER_DECK[0], on_the_draw, turns, x, seed, index, games)


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
    x: Mapping[str, int] | None = None,
) -> Simulation:
    """Play ``games`` games of ``deck`` (see the module) and report every spell's
    P(on curve) and delay.

    ``seed`` makes the result reproducible (it doesn't depend on ``jobs``);
    ``jobs`` processes share the chunks (``0``: one per core); ``turns`` is the last
    turn played (default: the largest mana value + 3; at least the largest mana
    value); ``progress(done, games)`` is called after each chunk; ``x`` sets X by
    card name (default 1; see :func:`~mtgmana.analysis.summary.analyze`). Raises
    :class:`~mtgmana.analysis.decks.DeckError` for decks that can't be analyzed and
    bad arguments (turn 0, no games, an X for a card that has none, ...).
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
    chosen = chosen_x(deck, x)
    compiled = _compiled(deck, chosen)
    turns = _turns(deck, compiled.questions, turns)
    chunks = [(i, min(CHUNK, games - i * CHUNK)) for i in range((games + CHUNK - 1) // CHUNK)]
    start = time.perf_counter()
    results = _play(deck, chunks, jobs, progress, (on_the_draw, turns, chosen, seed))
    elapsed = time.perf_counter() - start
    return _result(deck, compiled, games, seed, jobs, turns, on_the_draw, results, elapsed)


def _turns(deck: Deck, questions: Sequence[Question], turns: int | None) -> int:
    """The last turn played: ``turns``, checked (the on-curve turn of every spell
    reached, cards left to draw), or by default the largest mana value + 3."""
    latest = max((q.turn for q in questions if not q.hidden), default=1)
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
            slowest = max((q for q in questions if not q.hidden), key=lambda q: q.turn)
            raise DeckError(
                f"the simulation must reach turn {latest} to cast {slowest.name} on curve "
                f"(turns={turns})"
            )
    if deck.size - HAND_SIZE < turns:
        raise DeckError(f"a {deck.size}-card deck runs out of cards before turn {turns}")
    return turns


def _play(
    deck: Deck,
    chunks: list[tuple[int, int]],
    jobs: int,
    progress: Callable[[int, int], None] | None,
    setting: tuple[bool, int, tuple[tuple[str, int], ...], int],
) -> list[_Chunk]:
    """Play the chunks of games, in this process or in ``jobs`` processes, calling
    ``progress`` after each; ``setting``: on the draw, turns, X chosen, seed."""
    games = sum(size for _, size in chunks)
    results: list[_Chunk] = []
    done = 0
    if jobs == 1 or len(chunks) == 1:
        for index, size in chunks:
            results.append(_run_chunk(deck, *setting, index, size))
            done += size
            if progress is not None:
                progress(done, games)
        return results
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(chunks)), initializer=_init_worker, initargs=(deck,)
    ) as pool:
        futures = [pool.submit(_worker_chunk, *setting, index, size) for index, size in chunks]
        for future, (_, size) in zip(futures, chunks, strict=True):
            results.append(future.result())
            done += size
            if progress is not None:
                progress(done, games)
    return results


def _sums(
    results: list[_Chunk], questions: Sequence[Question], turns: int
) -> tuple[list[list[int]], list[int], list[int], list[int], tuple[int, int, int, int]]:
    """The chunks' counts added up: per question the games by turn cast (the last:
    never), the hits and the hits on curve; the mulligans; and the queries, cache
    misses, tapper calls and the most boards."""
    totals = [[0] * (turns - q.turn + 2) for q in questions]
    mulligans = [0, 0, 0, 0]
    hits = [0] * len(questions)
    hits_on_curve = [0] * len(questions)
    queries = misses = calls = boards = 0
    for hist, mulls, hit, hit_on_curve, asked, m, c, b in results:
        for row, add in zip(totals, hist, strict=True):
            for d, k in enumerate(add):
                row[d] += k
        for i in range(len(questions)):
            hits[i] += hit[i]
            hits_on_curve[i] += hit_on_curve[i]
        for k, n in enumerate(mulls):
            mulligans[k] += n
        queries += asked
        misses += m
        calls += c
        boards = max(boards, b)
    return totals, hits, hits_on_curve, mulligans, (queries, misses, calls, boards)


def _result(
    deck: Deck,
    compiled: CompiledDeck,
    games: int,
    seed: int,
    jobs: int,
    turns: int,
    on_the_draw: bool,
    results: list[_Chunk],
    elapsed: float,
) -> Simulation:
    questions = compiled.questions
    totals, hits, hits_on_curve, mulligans, counters = _sums(results, questions, turns)
    queries, misses, calls, boards = counters
    odds: list[SpellOdds | None] = [
        SpellOdds(
            q.name,
            q.mana_value,
            q.turn,
            games,
            tuple(totals[i][:-1]),
            totals[i][-1],
            hits[i],
            hits_on_curve[i],
            card=q.card,
        )
        for i, q in enumerate(questions)
    ]
    for i, q in enumerate(questions):
        if q.shadow >= 0:
            main = odds[q.shadow]
            assert main is not None
            odds[q.shadow] = _with(main, without_life=odds[i])
    spells = tuple(
        o for o, q in zip(odds, questions, strict=True) if q.shadow < 0 and not q.hidden and o
    )
    ramp = tuple(
        (compiled.names[k], record.ramp.description)
        for k, record in enumerate(compiled.ramp)
        if record is not None
    )
    return Simulation(
        games=games,
        seed=seed,
        jobs=jobs,
        turns=turns,
        on_the_draw=on_the_draw,
        commander=deck.commander_rules,
        spells=spells,
        mulligans=tuple(mulligans),
        queries=queries,
        tapper_calls=calls,
        boards=boards,
        elapsed=elapsed,
        cache_misses=misses,
        ramp=ramp,
    )


WHAT_IF_GAMES: Final = 2000
"""Games of :func:`average_on_curve` by default (what-ifs: the same seed for the
deck and the changed deck)."""


def average_on_curve(
    deck: Deck,
    *,
    games: int = WHAT_IF_GAMES,
    seed: int = 0,
    on_the_draw: bool = False,
    x: Mapping[str, int] | None = None,
) -> float:
    """The deck's average P(on curve) over its spells' copies in a seeded
    simulation (what :func:`mtgmana.analysis.summary.analyze` confirms a what-if by)."""
    result = simulate(deck, games=games, seed=seed, on_the_draw=on_the_draw, x=x)
    copies = {item.name: item.count for item in (*deck.main, *deck.commander)}
    total = weight = 0.0
    for odds in result.spells:
        n = copies.get(odds.card or odds.name, 1)
        total += odds.p_on_curve * n
        weight += n
    return total / weight if weight else 1.0


def _with(odds: SpellOdds, **changes: object) -> SpellOdds:
    return replace(odds, **changes)  # type: ignore[arg-type]
