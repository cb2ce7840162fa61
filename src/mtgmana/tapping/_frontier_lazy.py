"""The exact frontier of what a board can produce, listed lazily, for
:func:`mtgmana.tapping.options` (CR 106.1, 106.7, 601.2g-h, 605.3a).

**Contract.** :func:`frontier` takes ``groups`` — a sequence of (copies, options):
identical permanents and the options of one of them, each option (slots, activation
mana cost or None), each slot a ``frozenset`` of :class:`~mtgmana.mana.ManaType` (one
mana of one of those types) — and ``base``, the floating mana as counts over (W, U,
B, R, G, C, any). Each copy is activated at most once, with one option, in any order;
an option's cost is paid out of the floating mana and the mana of the activations
before it (CR 605.3a: never its own); generic by any mana, {C} by C, a colored or
hybrid symbol by one of its colors or "any"; an option whose cost has other symbols
({X}, Phyrexian, snow...) is left out. What is left is counted over (W, U, B, R, G,
C, any), a slot of all five colors making "any" (with C: "any" or C).

It returns the reachable vectors no other one dominates — ``a`` dominates ``b`` when
"any" in ``a`` can be made colors so that it is at least ``b`` everywhere:
``a.C >= b.C`` and ``a.any - b.any >= sum over colors of max(0, b_c - a_c)`` — in
canonical order (decreasing total, then decreasing (W, U, B, R, G, C, any)), the
first ``limit`` of them; how many there are; and whether that count is exact. The
listed vectors are exact (but for the fallback, below); the count is a lower
bound when ``budget`` ran out — a measure of work: each candidate examined counts
for one (and one more per :data:`FACES_PER_WORK` polymatroids searched with it), each
pattern read for :data:`PATTERN_WORK`, each rank function computed for
:data:`RANK_WORK` — once ``limit`` vectors are found.
:func:`most` gives the exact largest count of each kind (and total) over the
frontier.

**How.** :mod:`mtgmana.tapping._frontier_patterns` reads the board into free units and choices
and each pattern (a choice for every copy) into rank functions of polymatroids
(:mod:`mtgmana.tapping._frontier_rank`) whose bases are what it leaves. Patterns are taken by
decreasing total, a level of one total at a time. Each rank function is a *stream*;
with ``q(A) = g(A + any)`` for sets holding a color (else ``g(A)``), the vectors under
a stream's bases by matching dominance are those with ``v(A) <= q(A)`` for all ``A``.
A pattern whose cheap upper bound (units meeting each set, at most its total) is
already under a stream's ``q`` is skipped, and so is a stream under another's: all
they leave is another stream's or dominated. The undominated bases of a level's
streams (two faces each) are listed once each, in canonical order, by one search
(:func:`~mtgmana.tapping._frontier_rank.union_bases`); a vector is kept unless a stream of a
larger total has it strictly under its bases (``v + k`` under them for a kind W..C)
or one of the same total with more "any" (``v + any - c`` under them): each base of
one stream being undominated within it, that is exactly domination.

**Fallback.** Past :data:`MAX_PATTERNS` patterns, :data:`MAX_LEVEL` of one total or
:data:`~mtgmana.tapping._frontier_patterns.MAX_ORDERS` orders for one pattern (boards of many
filter lands and Signets), the integer-coded search of :mod:`mtgmana.tapping._frontier`,
filtered by matching dominance (exact on what it found). It keeps the vectors of the
largest totals, twice ``limit`` of them (more, up to ``budget``, while fewer than
``limit`` are left), and takes the mana-costing sources in the order given when
there are too many to try every order: then ``complete`` is False and the list is
an approximation.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from .._solver.flow import OutOfTime
from ..costs import ManaCost
from . import _frontier
from ._frontier_patterns import Board, Option, Slots, TooTangled, mask
from ._frontier_rank import ANY, FULL, KINDS, Dominance, faces, union_bases

__all__ = [
    "FACES_PER_WORK",
    "MAX_LEVEL",
    "MAX_PATTERNS",
    "PATTERN_WORK",
    "RANK_WORK",
    "Group",
    "Option",
    "Slots",
    "Vector",
    "frontier",
    "most",
]

Vector = tuple[int, ...]
"""Seven counts: W U B R G C any."""
Group = tuple[int, Sequence[Option]]
"""How many identical permanents, and the options of one of them."""

MAX_PATTERNS: Final = 4096
"""At most this many patterns are searched; beyond, the fallback."""
MAX_LEVEL: Final = 256
"""At most this many patterns of one total (all are needed to list its vectors);
beyond, the fallback."""
PATTERN_WORK: Final = 4
"""What reading one pattern counts for in the budget."""
RANK_WORK: Final = 50
"""What computing one rank function counts for in the budget (about as long as
examining this many candidates)."""
FACES_PER_WORK: Final = 16
"""A candidate counts for one more in the budget per this many polymatroids searched
at once (each makes listing a vector slower)."""

_ANY_BIT: Final = 1 << ANY
_ANY_C: Final = _ANY_BIT | 1 << 5


class _Stream:
    """One rank function of a pattern: its total and coded down-set bounds."""

    def __init__(self, g: list[int], dominance: Dominance) -> None:
        self.g = g
        self.code = dominance.code(g)
        self.raw = self.code - dominance.guard
        self.any = g[_ANY_BIT]
        self.any_c = g[_ANY_C]

    def under(self, other: _Stream, guard: int) -> bool:
        """Whether every vector under this stream's bases is under the other's."""
        return (other.code - self.raw) & guard == guard


def frontier(
    groups: Sequence[Group], base: Vector, limit: int, budget: int, deadline: float | None = None
) -> tuple[list[Vector], int, bool]:
    """The first ``limit`` vectors of the frontier in canonical order, how many there
    are and whether that count is exact (see the module docstring).

    >>> from mtgmana.colors import ManaType
    >>> sphere = ((frozenset(ManaType) - {ManaType.C},), ManaCost.parse("{1}"))
    >>> forest = ((frozenset({ManaType.G}),), None)
    >>> frontier([(1, [sphere]), (1, [forest])], (0,) * 7, 10, 100)  # {any} covers {G}
    ([(0, 0, 0, 0, 0, 0, 1)], 1, True)
    """
    board = Board(groups, base)
    if board.patterns <= MAX_PATTERNS:
        try:
            return _search(board, limit, budget, deadline)
        except TooTangled:
            pass
    return _fallback(groups, base, limit, budget, deadline)


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.process_time() > deadline


@dataclass
class _Listing:
    """The search's tally: the vectors ``found`` (at most ``limit``), how many were
    counted, and the ``work`` done (against ``budget``, see the module docstring)."""

    limit: int
    budget: int
    found: list[Vector] = field(default_factory=list)
    count: int = 0
    work: int = 0

    def spent(self) -> bool:
        """Whether the budget ran out with ``limit`` vectors found."""
        return self.work >= self.budget and len(self.found) >= self.limit

    def result(self, exact: bool) -> tuple[list[Vector], int, bool]:
        """What :func:`frontier` returns: the vectors, the count, whether it is exact."""
        return self.found, self.count, exact


def _search(
    board: Board, limit: int, budget: int, deadline: float | None = None
) -> tuple[list[Vector], int, bool]:
    """The frontier by patterns, a level of one total at a time (see the module
    docstring); raises :class:`TooTangled` past :data:`MAX_LEVEL` patterns of one
    total or too many orders."""
    width = max(board.most(), 1).bit_length() + 2
    dominance = Dominance(width)
    listing = _Listing(limit, budget)
    above: list[_Stream] = []
    for _, grouped in itertools.groupby(board.patterns_by_total(), key=lambda p: p[0]):
        if listing.spent():
            return listing.result(False)
        same_total = list(grouped)
        if len(same_total) > MAX_LEVEL:
            raise TooTangled
        level = _level(board, same_total, above, dominance, listing, deadline)
        if level is None:
            return listing.result(False)  # out of time: what was found
        if level and not _list_level(level, above, dominance, width, listing):
            return listing.result(False)
        above.extend(level)
    return listing.result(True)


def _level(
    board: Board,
    same_total: Sequence[tuple[int, tuple[tuple[int, ...], ...]]],
    above: Sequence[_Stream],
    dominance: Dominance,
    listing: _Listing,
    deadline: float | None,
) -> list[_Stream] | None:
    """The streams of one total's patterns under no other stream (of a larger total,
    ``above``, or this one), the work counted; None past ``deadline``. A pattern whose
    bound is under a stream is skipped without computing its ranks."""
    guard = dominance.guard
    level: list[_Stream] = []
    for _, counts in same_total:
        if _late(deadline):
            return None
        listing.work += PATTERN_WORK
        pattern = board.pattern(counts)
        bound = dominance.code(pattern.bound()) - guard
        if any((s.code - bound) & guard == guard for s in itertools.chain(above, level)):
            continue  # all it leaves is under a stream's bases
        try:
            ranks = pattern.ranks()
        except OutOfTime:
            return None
        listing.work += RANK_WORK * pattern.computed
        level = _with_streams(level, ranks, above, dominance)
    return level


def _with_streams(
    level: list[_Stream], ranks: list[list[int]], above: Sequence[_Stream], dominance: Dominance
) -> list[_Stream]:
    """``level`` with a stream for each rank function not under another stream, less
    the streams under the new ones."""
    guard = dominance.guard
    for g in ranks:
        stream = _Stream(g, dominance)
        if any(stream.under(s, guard) for s in itertools.chain(above, level)):
            continue
        level = [s for s in level if not s.under(stream, guard)]
        level.append(stream)
    return level


def _list_level(
    level: list[_Stream],
    above: Sequence[_Stream],
    dominance: Dominance,
    width: int,
    listing: _Listing,
) -> bool:
    """Count and list the undominated bases of a level's streams, in canonical order;
    False when the budget ran out on the way."""
    searched = _highest([f for s in level for f in faces(s.g)], width)
    each = 1 + len(searched) // FACES_PER_WORK
    found, limit, budget = listing.found, listing.limit, listing.budget
    work, count = listing.work, listing.count
    finished = True
    for v in union_bases(searched):
        if work >= budget and len(found) >= limit:
            finished = False
            break
        work += each
        if _dominated(v, above, level, dominance):
            continue
        count += 1
        if len(found) < limit:
            found.append(v)
    listing.work, listing.count = work, count
    return finished


def _highest(ranks: list[list[int]], width: int) -> list[list[int]]:
    """The rank functions (of one total) no other one is above — the others' bases
    are among theirs — the first of equal ones; compared on integers."""
    shifts = range(0, width * (FULL + 1), width)
    guard = sum(1 << (s + width - 1) for s in shifts)
    coded = [sum(v << s for v, s in zip(g, shifts, strict=True)) for g in ranks]
    kept: list[int] = []
    for i, code in enumerate(coded):
        if any(((coded[j] | guard) - code) & guard == guard for j in kept):
            continue
        kept = [j for j in kept if ((code | guard) - coded[j]) & guard != guard]
        kept.append(i)
    return [ranks[i] for i in kept]


def _dominated(
    v: Vector, above: Sequence[_Stream], level: Sequence[_Stream], dominance: Dominance
) -> bool:
    """Whether a stream of a larger total has ``v`` strictly under its bases, or one
    of the same total has ``v`` under a base with more "any" (the quick tests: "any",
    and "any" and C together, at most what the stream can make)."""
    a = v[ANY]
    ac = a + v[5]
    sums: int | None = None
    for s in above:
        if s.any < a or s.any_c < ac:
            continue
        if sums is None:
            sums = dominance.sums(v)
        tight = dominance.tight(s.code, sums)
        if tight is not None and dominance.above(tight):
            return True
    if len(level) > 1:
        for s in level:
            if s.any <= a or s.any_c <= ac:
                continue
            if sums is None:
                sums = dominance.sums(v)
            tight = dominance.tight(s.code, sums)
            if tight is not None and dominance.beside(tight, v):
                return True
    return False


_MOST_SETS: Final = (*(1 << k | _ANY_BIT for k in range(5)), 1 << 5, _ANY_BIT, FULL)


def most(
    groups: Sequence[Group], base: Vector, deadline: float | None = None
) -> tuple[int, ...] | None:
    """The most of each color (counting "any"), of C, of "any", and in all, over the
    frontier: the largest ``v(A)`` of its bases is its rank ``g(A)``, and a vector
    under another one has no more of these. Patterns are taken by decreasing upper
    bound of each, until no bound beats the best found. None past the caps
    (:data:`MAX_PATTERNS`, :data:`MAX_LEVEL` patterns' ranks computed, or too many
    orders), or past ``deadline``.

    >>> from mtgmana.colors import ManaType
    >>> wastes = (3, [((frozenset({ManaType.W, ManaType.U, ManaType.C}),), None)])
    >>> most([wastes], (0,) * 7)  # W U B R G, C, any, total
    (3, 3, 0, 0, 0, 3, 0, 3)
    """
    board = Board(groups, base)
    if board.patterns > MAX_PATTERNS:
        return None
    bounded = board.bounds(_MOST_SETS)
    ranks: dict[int, list[list[int]]] = {}
    found: list[int] = []
    for j, a in enumerate(_MOST_SETS):
        best = 0
        for i in sorted(range(len(bounded)), key=lambda i: -bounded[i][0][j]):
            if bounded[i][0][j] <= best:
                break
            if i not in ranks:
                if len(ranks) >= MAX_LEVEL or _late(deadline):
                    return None
                try:
                    ranks[i] = board.pattern(bounded[i][1]).ranks()
                except TooTangled:
                    return None
            best = max([best, *(g[a] for g in ranks[i])])
        found.append(best)
    return tuple(found)


# -- the fallback ------------------------------------------------------------------


def _fallback(
    groups: Sequence[Group], base: Vector, limit: int, budget: int, deadline: float | None
) -> tuple[list[Vector], int, bool]:
    """The integer-coded search over count vectors (each slot's types, five colors
    as "any"), filtered by matching dominance; it keeps twice ``limit`` vectors (the
    largest totals), more while fewer than ``limit`` are left, up to ``budget``."""
    coded: list[_frontier.Group] = []
    for copies, options in groups:
        vectors: set[tuple[Vector, ManaCost | None]] = set()
        for slots, cost in options:
            kinds = [[k for k in range(KINDS) if mask(s) >> k & 1] for s in slots]
            for combo in itertools.product(*kinds):
                vectors.add((tuple(combo.count(k) for k in range(KINDS)), cost))
        coded.append((copies, sorted(vectors, key=lambda item: item[0])))
    size = 2 * max(limit, 1)  # vectors kept by the search, doubled while too few are left
    while True:
        found, truncated = _frontier.frontier(coded, base, size, deadline)
        kept = _frontier.matching_maximal(found)
        late = deadline is not None and time.process_time() > deadline
        if not truncated or len(kept) >= limit or size >= budget or late:
            return kept[:limit], len(kept), not truncated
        size *= 2
