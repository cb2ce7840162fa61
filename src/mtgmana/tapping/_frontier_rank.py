"""Polymatroids of mana, for :mod:`mtgmana.tapping._frontier_lazy` (CR 106.1, 601.2g-h,
605.3a).

Seven *kinds* of mana: W, U, B, R, G, C and "any" (one mana of any color), bit ``i``
of a *mask* for kind ``i``; ``K`` is all seven. A *unit* is one mana to be made, of
one kind of its mask (a Tundra: {W, U}). A slot of all five colors is the unit {any}
(with C: {any, C}): "any" pays and covers whatever a color does, so nothing is lost.

**Units alone.** The count vectors ``x`` that ``n`` units can be given are exactly the
integer ``x >= 0`` with ``x(K) = n`` and ``x(A) <= g(A)`` for every set of kinds ``A``,
``g(A)`` the number of units whose mask meets ``A`` (Hall's theorem for units and
``x(k)`` places of kind ``k``): the *bases* of the polymatroid of rank ``g``.

**Units that pay costs.** Some units pay cost symbols (each accepts a mask: generic
all seven kinds, {C} only C, {W} W or "any", {W/U} W, U or "any"); an activation's
symbols are paid by free units (and floating mana) or by the mana of activations
before it (CR 605.3a; never by its own). The vectors left are the bases of the rank
``g(A) = n - h(B) - d(B)``, ``B = K - A``, ``h(B)`` the units whose mask lies inside
``B``, ``d(B)`` how many symbols those units can't pay (a matching's deficiency): the
most units left in ``A`` is all units meeting ``A`` but those that must pay what the
others can't. (Bases of a transversal polymatroid over kinds and symbols, the
symbols' coordinates fixed at 1: a contraction, still a polymatroid.) ``d`` only falls
as ``B`` grows, so it is computed where no ``B`` minus one kind has ``d = 0``.

**Enumeration.** A prefix ``x`` over the first kinds ``P`` (the rest ``Q``) extends to
a base exactly when ``x(A) <= g(A)`` and ``x(P - A) >= g(K) - g(A | Q)`` for every
``A`` inside ``P`` (what the rest can take is the contraction by ``x``, an integral
polymatroid): each next coordinate ranges over an interval, so :func:`bases` lists
the bases in decreasing (W, U, B, R, G, C, any) order with no dead end (the last
coordinate is the total's rest; C's bounds, split by whether a set holds G, cost
O(1) per value of G). :func:`union_bases` does the same over several polymatroids at
once, a value kept where any of them allows it: each vector once.

**Matching dominance.** ``a`` dominates ``b`` when "any" in ``a`` can be made colors
so that it is ``>= b`` everywhere. Between bases (one total), ``a != b`` dominates
``b`` only with as much C, no more of each color and more "any"; by strong base
exchange ``b + any - c`` is then a base for some color ``c`` of ``b``, which happens
unless a tight set (``x(S) = g(S)``) holds "any" but not ``c``. Let ``S`` be the
smallest tight set holding "any": ``b`` is undominated iff ``S`` holds no color of
``b``, and then ``S`` minus its colors is tight too — {any} or {any, C}. So the
undominated bases are those of the two faces where {any} or {any, C} is tight
(:func:`faces`, polymatroids themselves), and none of them dominates another.

Across polymatroids, :class:`Dominance`: the vectors under some base are the
polymatroid of rank ``q(A) = g(A + any)`` if ``A`` holds a color, else ``g(A)``
("any" serves colors; an induced polymatroid), so ``v`` is under a base iff
``v(A) <= q(A)`` for the sets closed under "colors need any" (the others follow).
``v`` is strictly under a base of a larger total iff ``v + k`` is under one for a kind
``k`` in W..C — no tight set holds ``k``; under a base of its own total with more
"any" iff ``v + any - c`` is, for a color ``c`` of ``v`` — every tight set holding
"any" holds ``c``. Tested on integers, one bit field per set."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import add, sub

from .._solver.flow import check_deadline

__all__ = [
    "ANY",
    "FULL",
    "KINDS",
    "Dominance",
    "bases",
    "faces",
    "inside",
    "matching",
    "normalised",
    "rank",
    "union_bases",
]

KINDS = 7
FULL = (1 << KINDS) - 1
ANY = 6
_ANY_BIT = 1 << ANY
_C_BIT = 1 << 5
_COLORS = 0b11111

Vector = tuple[int, ...]


def normalised(mask: int) -> int:
    """A slot of all five colors is "any" (keeping C)."""
    if mask & _COLORS == _COLORS:
        return (mask & ~_COLORS) | _ANY_BIT
    return mask


_SUPERSETS = [[b for b in range(FULL + 1) if b & m == m] for m in range(FULL + 1)]
_BY_SIZE = sorted(range(1, FULL + 1), key=int.bit_count)
_SMALLER = [[b ^ (1 << i) for i in range(KINDS) if b >> i & 1] for b in range(FULL + 1)]


def inside(counts: dict[int, int]) -> list[int]:
    """``h[B]``: how many units (``counts`` by mask) have their mask inside ``B``, for
    every ``B``."""
    h = [0] * (FULL + 1)
    for mask, count in counts.items():
        for b in _SUPERSETS[mask]:
            h[b] += count
    return h


def rank(
    units: Sequence[tuple[int, int, int]],
    symbols: Sequence[tuple[int, int]],
    h: list[int] | None = None,
    *,
    relaxed: bool = False,
) -> tuple[list[int] | None, bool]:
    """The rank function (a list indexed by masks) of what is left when ``symbols``
    are paid, or None when they can't all be.

    ``units`` are (mask, count, origin), origin -1 for free mana, else the position
    of the activation that makes it; ``symbols`` are (accepted mask, position of their
    activation), one each. An activation's mana pays only the symbols of later ones
    (CR 605.3a) — or, with ``relaxed``, of any other one (every order at once: a rank
    above every order's). ``h``, if given, is :func:`inside` of the units. Also
    returned: whether the rank is the relaxed one (a deficiency that mana of later
    activations could lower is computed again with it)."""
    if h is None:
        counts: dict[int, int] = {}
        for mask, count, _ in units:
            counts[mask] = counts.get(mask, 0) + count
        h = inside(counts)
    n = h[FULL]
    if not symbols:
        return [n - h[FULL ^ a] for a in range(FULL + 1)], True
    earlier, later = _payers(units, symbols, relaxed)
    caps = [count for _, count, _ in units]
    deficiency, same = _deficiency(_inside_bits(units), earlier, later, caps)
    if deficiency[FULL]:
        return None, same
    return [n - h[FULL ^ a] - deficiency[FULL ^ a] for a in range(FULL + 1)], same


def _payers(
    units: Sequence[tuple[int, int, int]], symbols: Sequence[tuple[int, int]], relaxed: bool
) -> tuple[list[int], list[int]]:
    """Per symbol, the unit classes (bits) that may pay it — free, or made by an
    earlier activation (with ``relaxed``, any other one) — and those that could, were
    the order different (made by a later activation)."""
    earlier: list[int] = []
    later: list[int] = []
    for accepted, activation in symbols:
        check_deadline()
        may = could = 0
        for u, (mask, _, origin) in enumerate(units):
            if mask & accepted and origin != activation:
                if origin < activation or relaxed:
                    may |= 1 << u
                else:
                    could |= 1 << u
        earlier.append(may)
        later.append(could)
    return earlier, later


def _inside_bits(units: Sequence[tuple[int, int, int]]) -> list[int]:
    """Per set of kinds ``B``, the unit classes (bits) whose mask lies inside it."""
    inside_bits = [0] * (FULL + 1)
    for u, (mask, _, _) in enumerate(units):
        bit = 1 << u
        for b in _SUPERSETS[mask]:
            inside_bits[b] |= bit
    return inside_bits


def _deficiency(
    inside_bits: list[int], earlier: list[int], later: list[int], caps: list[int]
) -> tuple[list[int], bool]:
    """``d(B)`` for every ``B``: how many symbols the units inside ``B`` can't pay
    (computed where no ``B`` minus one kind has ``d = 0``: it only falls as ``B``
    grows), and whether no ``d`` that later activations' mana could lower does."""
    size = len(earlier)
    deficiency = [0] * (FULL + 1)
    deficiency[0] = size
    get = deficiency.__getitem__
    same = True
    for b in _BY_SIZE:
        if not min(map(get, _SMALLER[b])):
            continue
        check_deadline()
        there = inside_bits[b]
        allowed = [e & there for e in earlier]
        found = size - matching(allowed, caps) if any(allowed) else size
        if found and same and any(c & there for c in later):
            wider = size - matching(
                [(e | c) & there for e, c in zip(earlier, later, strict=True)], caps
            )
            same = wider == found
        deficiency[b] = found
    return deficiency, same


def matching(allowed: list[int], caps: list[int]) -> int:
    """The most symbols matched to units (``allowed[s]``: the bits of the unit
    classes that may pay symbol ``s``; ``caps``: how many units each class has):
    greedily, then augmenting paths."""
    left = list(caps)
    holders: list[list[int]] = [[] for _ in caps]
    full = 0
    waiting: list[int] = []
    for s, ways in enumerate(allowed):
        free = ways & ~full
        if not free:
            waiting.append(s)
            continue
        u = (free & -free).bit_length() - 1
        holders[u].append(s)
        left[u] -= 1
        if not left[u]:
            full |= 1 << u
    if not waiting:
        return len(allowed)
    matched = len(allowed) - len(waiting)
    seen = 0

    def augment(root: int) -> bool:
        """An augmenting path from symbol ``root`` (depth first, with a stack of
        its own: a thousand symbols don't reach Python's recursion limit)."""
        nonlocal seen, full
        frames = [[root, allowed[root] & ~seen, -1, 0]]  # symbol, ways, unit, next holder
        while frames:
            frame = frames[-1]
            u = frame[2]
            if u >= 0:
                held = holders[u]
                if frame[3] < len(held):
                    t = held[frame[3]]
                    frame[3] += 1
                    frames.append([t, allowed[t] & ~seen, -1, 0])
                    continue
                frame[2] = -1
            ways = frame[1]
            if not ways:
                frames.pop()
                continue
            low = ways & -ways
            frame[1] = ways ^ low
            seen |= low
            u = low.bit_length() - 1
            if left[u]:
                holders[u].append(frame[0])
                left[u] -= 1
                if not left[u]:
                    full |= low
                frames.pop()
                for parent in frames:  # each moved symbol's place goes to its parent
                    holders[parent[2]][parent[3] - 1] = parent[0]
                return True
            frame[2], frame[3] = u, 0
        return False

    for s in waiting:
        seen = 0
        if allowed[s] and augment(s):
            matched += 1
    return matched


def faces(g: list[int]) -> list[list[int]]:
    """The rank functions of the faces where {any} and where {any, C} is tight: their
    bases are the undominated bases of ``g`` (one face when one holds the other)."""
    found: list[list[int]] = []
    for s in (_ANY_BIT, _ANY_BIT | _C_BIT):
        gs = g[s]
        face = [g[a & s] + g[a | s] - gs for a in range(FULL + 1)]
        if any(all(x <= y for x, y in zip(face, other, strict=True)) for other in found):
            continue
        found = [o for o in found if not all(x <= y for x, y in zip(o, face, strict=True))]
        found.append(face)
    return found


def bases(g: list[int]) -> Iterator[Vector]:
    """The bases of the polymatroid of rank ``g``, in decreasing (W, U, B, R, G, C,
    any) order."""
    total = g[FULL]
    # The last free coordinate (C) in O(1) per value of the one before (G): its
    # bounds split by whether a set holds G, each half a reduction over x4.
    up, low, u5a, u5b, l5a, l5b = _tables(g)
    u0, u1, u2, u3, u4, _ = up
    l0, l1, l2, l3, l4, _ = low
    x0 = [0]
    for w in _values(u0, l0, x0):
        x1 = x0 + [s + w for s in x0]
        for u in _values(u1, l1, x1):
            x2 = x1 + [s + u for s in x1]
            for b in _values(u2, l2, x2):
                x3 = x2 + [s + b for s in x2]
                for r in _values(u3, l3, x3):
                    x4 = x3 + [s + r for s in x3]
                    hi = min(map(sub, u4, x4))
                    before = x4[-1]
                    lo = max(max(map(add, l4, x4)) - before, 0)
                    if hi < lo:
                        continue
                    m1 = min(map(sub, u5a, x4))
                    m2 = min(map(sub, u5b, x4))
                    n1 = max(map(add, l5a, x4))
                    n2 = max(map(add, l5b, x4))
                    for gr in range(hi, lo - 1, -1):
                        made = before + gr
                        left = total - made
                        top = min(m1, m2 - gr)
                        bottom = max(max(n1, n2 + gr) - made, 0)
                        for c in range(top, bottom - 1, -1):
                            yield (w, u, b, r, gr, c, left - c)


def _values(up: list[int], low: list[int], xs: list[int]) -> range:
    """The next coordinate's values, largest first."""
    hi = min(map(sub, up, xs))
    lo = max(max(map(add, low, xs)) - xs[-1], 0)
    return range(hi, lo - 1, -1)


class Dominance:
    """Whether a vector is dominated by a base of a polymatroid of rank ``g`` (of a
    larger total, or of the same total), tested on integers with one bit field per
    set of kinds that is closed under "colors need any" (the others' constraints
    follow): the "down-set" of the bases under matching dominance is the polymatroid
    of rank ``q(A) = g(A + any)`` when ``A`` holds a color (induced through "any
    serves colors"), so ``v`` is under a base iff ``v(A) <= q(A)`` for these sets."""

    def __init__(self, width: int) -> None:
        self.width = width
        closed = [a for a in range(1, FULL + 1) if not a & _COLORS or a & _ANY_BIT]
        self.closed = closed
        shifts = [i * width for i in range(len(closed))]
        top = 1 << (width - 1)
        self.guard = sum(top << s for s in shifts)
        self.low = sum(1 << s for s in shifts)
        self.per_kind = [_fields(closed, shifts, 1, 1 << k) for k in range(KINDS)]
        # Fields of sets holding kind k (v + k is under a base when none is tight), and
        # of sets holding "any" but not color c (v + any - c: when none is tight).
        self.holding = [_fields(closed, shifts, top, 1 << k) for k in range(KINDS - 1)]
        self.without = [_fields(closed, shifts, top, _ANY_BIT, 1 << c) for c in range(5)]
        self.shifts = shifts

    def code(self, g: list[int]) -> int:
        """The coded down-set bounds of rank ``g``, guard bits set."""
        return self.guard + sum(
            g[a | _ANY_BIT if a & _COLORS else a] << s
            for a, s in zip(self.closed, self.shifts, strict=True)
        )

    def sums(self, v: Vector) -> int:
        """``v(A)`` in each field."""
        pk = self.per_kind
        return (
            v[0] * pk[0]
            + v[1] * pk[1]
            + v[2] * pk[2]
            + v[3] * pk[3]
            + v[4] * pk[4]
            + v[5] * pk[5]
            + v[6] * pk[6]
        )

    def tight(self, bound: int, sums: int) -> int | None:
        """The guard bits of the fields where ``v`` meets the bound; None when ``v``
        is not under the bases at all."""
        diff = bound - sums
        guard = self.guard
        if diff & guard != guard:
            return None
        rest = diff ^ guard
        return guard ^ (((rest | guard) - self.low) & guard)

    def above(self, tight: int) -> bool:
        """Whether a base of a larger total dominates ``v`` (given its tight fields):
        ``v + k`` is under a base for some kind W..C."""
        return any(not tight & mask for mask in self.holding)

    def beside(self, tight: int, v: Vector) -> bool:
        """Whether a base of the same total dominates ``v``: ``v + any - c`` is under
        a base for some color ``c`` of ``v``."""
        return any(v[c] and not tight & mask for c, mask in enumerate(self.without))


def _fields(
    closed: list[int], shifts: list[int], value: int, holding: int, lacking: int = 0
) -> int:
    """``value`` in the field of each of the ``closed`` sets that holds the kinds of
    ``holding`` and none of ``lacking``."""
    return sum(
        value << s
        for a, s in zip(closed, shifts, strict=True)
        if a & holding == holding and not a & lacking
    )


_Tables = tuple[list[list[int]], list[list[int]], list[int], list[int], list[int], list[int]]


def _tables(g: list[int]) -> _Tables:
    """Per coordinate W..G, the bounds' terms over the sets of earlier kinds; for C,
    its two halves (sets without G, with G)."""
    total = g[FULL]
    up: list[list[int]] = []
    low: list[list[int]] = []
    for i in range(KINDS - 1):
        bit = 1 << i
        later = FULL & ~((bit << 1) - 1)
        up.append([g[a | bit] for a in range(bit)])
        low.append([total - g[a | later] for a in range(bit)])
    return up, low, up[5][:16], up[5][16:], low[5][:16], low[5][16:]


def _branch(
    alive: Sequence[int], tables: list[_Tables], depth: int, xs: list[int]
) -> list[tuple[int, tuple[int, ...]]]:
    """The next coordinate's values in any of the ``alive`` polymatroids (largest
    first), each with those it is possible in."""
    last = xs[-1]
    found: list[tuple[int, int, int]] = []
    for s in alive:
        up, low = tables[s][0][depth], tables[s][1][depth]
        hi = min(map(sub, up, xs))
        lo = max(max(map(add, low, xs)) - last, 0)
        if hi >= lo:
            found.append((s, lo, hi))
    if len(found) == 1:
        s, lo, hi = found[0]
        one = (s,)
        return [(v, one) for v in range(hi, lo - 1, -1)]
    if not found:
        return []
    top = max(hi for _, _, hi in found)
    bottom = min(lo for _, lo, _ in found)
    return [
        (v, those)
        for v in range(top, bottom - 1, -1)
        if (those := tuple(s for s, lo, hi in found if lo <= v <= hi))
    ]


def union_bases(gs: Sequence[list[int]]) -> Iterator[Vector]:
    """The bases of any of the polymatroids of ranks ``gs`` (of one total), each once,
    in decreasing (W, U, B, R, G, C, any) order: one search over the coordinates, each
    value taken where any of them allows it."""
    if len(gs) == 1:
        yield from bases(gs[0])
        return
    total = gs[0][FULL]
    tables = [_tables(g) for g in gs]
    for (w, u, b, r), x4, alive in _prefixes(tables):
        for gr, left, top, bottom in _tail_spans(_last_ways(alive, tables, x4), x4[-1], total):
            for c in range(top, bottom - 1, -1):
                yield (w, u, b, r, gr, c, left - c)


def _prefixes(
    tables: list[_Tables],
) -> Iterator[tuple[tuple[int, int, int, int], list[int], tuple[int, ...]]]:
    """Every prefix (W, U, B, R) some polymatroid allows, in decreasing order, with
    its subset sums (over the sets of those kinds) and the polymatroids allowing it."""
    x0 = [0]
    for w, alive1 in _branch(range(len(tables)), tables, 0, x0):
        x1 = x0 + [s + w for s in x0]
        for u, alive2 in _branch(alive1, tables, 1, x1):
            x2 = x1 + [s + u for s in x1]
            for b, alive3 in _branch(alive2, tables, 2, x2):
                x3 = x2 + [s + b for s in x2]
                for r, alive4 in _branch(alive3, tables, 3, x3):
                    yield (w, u, b, r), x3 + [s + r for s in x3], alive4


_Way = tuple[int, int, int, int, int, int]
"""A polymatroid's bounds after a prefix: G's highest and lowest values, and the
terms of C's (the two halves' upper, then lower bounds)."""


def _last_ways(alive: Sequence[int], tables: list[_Tables], x4: list[int]) -> list[_Way]:
    """The bounds on G and C of each ``alive`` polymatroid that allows a value of G
    after the prefix whose subset sums are ``x4`` (alike ones once)."""
    before = x4[-1]
    ways: list[_Way] = []
    for s in alive:
        up, low, u5a, u5b, l5a, l5b = tables[s]
        hi = min(map(sub, up[4], x4))
        lo = max(max(map(add, low[4], x4)) - before, 0)
        if hi >= lo:
            ways.append((
                hi,
                lo,
                min(map(sub, u5a, x4)),
                min(map(sub, u5b, x4)),
                max(map(add, l5a, x4)),
                max(map(add, l5b, x4)),
            ))  # fmt: skip
    if len(ways) > 1:
        ways = list(set(ways))  # polymatroids alike here
    return ways


def _tail_spans(ways: Sequence[_Way], before: int, total: int) -> list[tuple[int, int, int, int]]:
    """After a prefix making ``before`` mana, G's values (largest first) and for each
    the ranges of C's (top, bottom: largest first) that any of the ``ways`` allows,
    as ranges that don't overlap: (G, what is left for C and "any", top, bottom)."""
    if not ways:
        return []
    found: list[tuple[int, int, int, int]] = []
    for gr in range(max(way[0] for way in ways), min(way[1] for way in ways) - 1, -1):
        made = before + gr
        left = total - made
        spans = {
            (min(m1, m2 - gr), max(max(n1, n2 + gr) - made, 0))
            for hi, lo, m1, m2, n1, n2 in ways
            if lo <= gr <= hi
        }
        if len(spans) == 1:
            top, bottom = spans.pop()
            found.append((gr, left, top, bottom))
            continue
        below = None  # the union of the spans, largest first
        for top, bottom in sorted(spans, reverse=True):
            found.append((gr, left, top if below is None else min(top, below - 1), bottom))
            below = bottom if below is None else min(below, bottom)
    return found
