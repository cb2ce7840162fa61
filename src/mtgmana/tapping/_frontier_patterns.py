"""A board read as units and choices, and each choice of every copy (a *pattern*)
as the rank functions whose bases are what it leaves, for
:mod:`mtgmana.tapping._frontier_lazy` (CR 106.1, 601.2g-h, 605.3a).

**Reading.** An option is its slots (masks, :mod:`mtgmana.tapping._frontier_rank`) and the
masks its cost's symbols accept. A copy's free one-slot options are one unit (a
painland: one unit {W, U, C}); an option is dropped when another one of the copy
always does at least as well (its symbols can be paid by what pays the other's, one
for one, and it makes at least the other's slots, one for one) — so "not activating"
goes when there is a free option. A copy left with one free option is units (Sol
Ring: two {C}); the others are *choosing* groups, and a pattern says how many copies
of each group take each choice.

**Orders.** What a pattern leaves is the union, over the orders of its mana-costing
activations, of the bases of each order's rank (CR 605.3a: mana pays only later
activations; free units and floating mana come first: they pay anything). Orders
matter only between activations whose mana can pay each other: the strongly
connected parts of "can pay" between options, taken in a topological order (so no
order between parts is lost), copies of one option one after the other (identical
copies are interchangeable). When no part has two options, that one order is all.
Else the rank of a chosen order is compared with the *relaxed* rank (every order at
once: no activation pays for itself, any other may) — above every order's rank; when
they are equal, that order alone gives everything (its bases are all the others');
else every order is tried (at most :data:`MAX_ORDERS`) and the ranks no other one is
above are kept.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from typing import Final

from ..colors import ManaType
from ..costs import ManaCost
from ..symbol_payment import plain_colors, ways_to_pay
from ._frontier_rank import ANY, FULL, inside, matching, normalised, rank

__all__ = ["MAX_ORDERS", "Board", "Choice", "Option", "Pattern", "Slots", "TooTangled"]

Slots = tuple[frozenset[ManaType], ...]
"""What one activation makes: one mana of one of the types of each slot."""
Option = tuple[Slots, "ManaCost | None"]
"""One way to activate a permanent, and its activation mana cost (None: none)."""
Choice = tuple[tuple[int, ...], tuple[int, ...]]
"""An option read: sorted slot masks, sorted masks its cost's symbols accept."""
_Key = tuple[int, int]
"""A class of identical activations: (choosing group, choice)."""

MAX_ORDERS: Final = 720
"""At most this many orders of one pattern's activations are tried."""

_BIT: Final = {t: 1 << i for i, t in enumerate(ManaType)}
_ANY_BIT: Final = 1 << ANY
_NONE: Final[Choice] = ((), ())


class TooTangled(Exception):
    """Too many orders to try."""


def symbols(cost: ManaCost | None) -> tuple[int, ...] | None:
    """What each symbol of the cost accepts (a mask): generic any kind, {C} only C
    ("any" is one mana of any *color*), colored and hybrid their colors or "any";
    None when a symbol is not paid here ({X}, Phyrexian, snow...)."""
    if cost is None:
        return ()
    found: list[int] = []
    for symbol in cost:
        ways = ways_to_pay(symbol)
        if symbol.is_numeral:
            found.extend([FULL] * ways.generic)
        elif ways.plain is ManaType.C:
            found.append(_BIT[ManaType.C])
        elif plain_colors(ways):
            found.append(sum(_BIT[t] for t in ways.types) | _ANY_BIT)
        else:
            return None
    return tuple(sorted(found))


def mask(slot: frozenset[ManaType]) -> int:
    """A slot's mask, five colors read as "any"."""
    return normalised(sum(_BIT[t] for t in slot))


def _covers(small: Sequence[int], big: Sequence[int], inside: bool) -> bool:
    """Whether each of ``small`` can have its own of ``big`` whose mask holds it
    (``inside``) or is held by it."""
    if len(small) > len(big):
        return False
    allowed = [
        sum(1 << j for j, b in enumerate(big) if not (s & ~b if inside else b & ~s)) for s in small
    ]
    return matching(allowed, [1] * len(big)) == len(small)


def _dominates(a: Choice, b: Choice) -> bool:
    """Whether option ``a`` does at least as well as ``b`` wherever ``b`` is taken:
    each of its symbols paid by what paid one of ``b``'s (accepting no less), and it
    makes at least ``b``'s slots."""
    return _covers(b[0], a[0], True) and _covers(a[1], b[1], False)


def choices(options: Sequence[Option]) -> list[Choice]:
    """A copy's options read (with "not activating"), free one-slot ones merged, the
    dominated ones dropped (of equivalent ones, the first is kept)."""
    unique = list(dict.fromkeys(_read(options)))
    return [
        c
        for i, c in enumerate(unique)
        if not any(
            j != i and _dominates(d, c) and (j < i or not _dominates(c, d))
            for j, d in enumerate(unique)
        )
    ]


def _read(options: Sequence[Option]) -> list[Choice]:
    """Each option read as a choice, in order (those whose costs aren't paid here, or
    that make nothing, left out), then the free one-slot ones merged into one unit of
    all their types, then "not activating"."""
    single = 0
    found: list[Choice] = []
    for slots, cost in options:
        accepts = symbols(cost)
        masks = tuple(sorted(m for m in map(mask, slots) if m))
        if accepts is None or not masks:
            continue
        if not accepts and len(masks) == 1:
            single |= sum(_BIT[t] for s in slots for t in s)
        else:
            found.append((masks, accepts))
    if single:
        found.append(((normalised(single),), ()))
    found.append(_NONE)
    return found


def _multisets(copies: int, count: int) -> list[tuple[int, ...]]:
    """How many copies take each of ``count`` choices, every way."""
    return [
        tuple(combo.count(i) for i in range(count))
        for combo in itertools.combinations_with_replacement(range(count), copies)
    ]


class Board:
    """Groups of identical permanents read: free units (by mask) and the choosing
    groups."""

    def __init__(self, groups: Sequence[tuple[int, Sequence[Option]]], base: Sequence[int]) -> None:
        self.units: dict[int, int] = {}
        for kind, count in enumerate(base):
            if count:
                self._add(1 << kind, count)
        self.choosing: list[tuple[int, list[Choice]]] = []
        for copies, options in groups:
            if copies < 1:
                continue
            read = choices(options)
            if len(read) == 1:
                for m in read[0][0]:
                    self._add(m, copies)
            else:
                self.choosing.append((copies, read))
        self.patterns = math.prod(
            math.comb(copies + len(read) - 1, copies) for copies, read in self.choosing
        )
        """How many patterns."""

    def _add(self, m: int, count: int) -> None:
        self.units[m] = self.units.get(m, 0) + count

    def most(self) -> int:
        """A bound on every count: all mana made, none spent."""
        return sum(self.units.values()) + sum(
            copies * max(len(slots) for slots, _ in read) for copies, read in self.choosing
        )

    def patterns_by_total(self) -> list[tuple[int, tuple[tuple[int, ...], ...]]]:
        """Every pattern (per choosing group, how many copies take each choice) and its
        total if its costs are paid, largest totals first."""
        free = sum(self.units.values())
        per_group = [
            [
                (
                    sum(n * (len(c[0]) - len(c[1])) for n, c in zip(counts, read, strict=True)),
                    counts,
                )
                for counts in _multisets(copies, len(read))
            ]
            for copies, read in self.choosing
        ]
        found = [
            (free + sum(t for t, _ in combo), tuple(counts for _, counts in combo))
            for combo in itertools.product(*per_group)
        ]
        found.sort(key=lambda item: -item[0])
        return found

    def bounds(
        self, sets: Sequence[int]
    ) -> list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]:
        """Every pattern with an upper bound on what it leaves in each of ``sets``: the
        units meeting the set, at most its total (cheaper than :meth:`Pattern.bound`:
        summed per group)."""
        free = sum(self.units.values())
        meeting = [sum(n for m, n in self.units.items() if m & a) for a in sets]
        per_group = [_group_bounds(copies, read, sets) for copies, read in self.choosing]
        found = []
        for combo in itertools.product(*per_group):
            total = free + sum(t for t, _, _ in combo)
            meets = [sum(column) for column in zip(meeting, *(m for _, m, _ in combo), strict=True)]
            found.append((tuple(min(m, total) for m in meets), tuple(c for _, _, c in combo)))
        return found

    def pattern(self, counts: tuple[tuple[int, ...], ...]) -> Pattern:
        units = dict(self.units)
        active: list[tuple[_Key, Choice]] = []  # (class, option), one per activation
        for g, (per_choice, (_, read)) in enumerate(zip(counts, self.choosing, strict=True)):
            for c, (n, choice) in enumerate(zip(per_choice, read, strict=True)):
                if n and choice[1]:
                    active.extend([((g, c), choice)] * n)
                elif n:
                    for m in choice[0]:
                        units[m] = units.get(m, 0) + n
        return Pattern(units, active)


class Pattern:
    """An option (or none) for each copy: free units and mana-costing activations."""

    def __init__(self, units: dict[int, int], active: list[tuple[_Key, Choice]]) -> None:
        self.free = [(m, count, -1) for m, count in units.items()]
        self.active = active
        every = dict(units)
        for _, (slots, _) in active:
            for m in slots:
                every[m] = every.get(m, 0) + 1
        self.h = inside(every)
        self.total = self.h[FULL] - sum(len(c[1]) for _, c in active)
        """The total of what it leaves, if its costs can be paid."""
        self.computed = 0
        """How many rank functions were computed."""

    def bound(self) -> list[int]:
        """A rank function above the pattern's: the units meeting each set of kinds,
        at most the total."""
        h = self.h
        n = h[FULL]
        total = self.total
        return [min(n - h[FULL ^ a], total) for a in range(FULL + 1)]

    def ranks(self) -> list[list[int]]:
        """Rank functions the union of whose bases is what the pattern leaves (none
        when its costs can't be paid in any order); :class:`TooTangled` past
        :data:`MAX_ORDERS` orders."""
        active = self.active
        if len(active) <= 1:
            return self._found(self._rank([c for _, c in active])[0])
        classes = dict(active)
        counts = {k: sum(1 for j, _ in active if j == k) for k in classes}
        parts = _strong_parts(classes)
        found, same = self._rank(_guessed_order(classes, counts, parts))
        if same or all(len(part) == 1 for part in parts):
            return self._found(found)
        relaxed = self._rank([c for _, c in active], relaxed=True)[0]
        if relaxed is None:
            return []
        if _orders(parts, counts) > MAX_ORDERS:
            raise TooTangled
        return self._every_order(classes, counts, parts, relaxed)

    def _every_order(
        self,
        classes: dict[_Key, Choice],
        counts: dict[_Key, int],
        parts: list[list[_Key]],
        relaxed: list[int],
    ) -> list[list[int]]:
        """The ranks of every order (the parts in their order, every arrangement
        within each) no other one is above; it stops at one equal to the ``relaxed``
        rank (above them all)."""
        kept: list[list[int]] = []
        for combo in itertools.product(*(_arrangements(part, counts) for part in parts)):
            g = self._rank([classes[k] for arrangement in combo for k in arrangement])[0]
            if g is None or any(_below(g, other) for other in kept):
                continue
            kept = [other for other in kept if not _below(other, g)]
            kept.append(g)
            if g == relaxed:
                break
        return kept

    def _found(self, g: list[int] | None) -> list[list[int]]:
        return [] if g is None else [g]

    def _rank(
        self, order: Sequence[Choice], *, relaxed: bool = False
    ) -> tuple[list[int] | None, bool]:
        """The rank with the activations in this order (or every order at once), and
        whether it is the relaxed rank."""
        self.computed += 1
        units = list(self.free)
        paid: list[tuple[int, int]] = []
        for position, (slots, accepts) in enumerate(order):
            made: dict[int, int] = {}
            for m in slots:
                made[m] = made.get(m, 0) + 1
            units.extend((m, count, position) for m, count in made.items())
            paid.extend((accepted, position) for accepted in accepts)
        return rank(units, paid, self.h, relaxed=relaxed)


def _group_bounds(
    copies: int, read: list[Choice], sets: Sequence[int]
) -> list[tuple[int, list[int], tuple[int, ...]]]:
    """For each way the copies of a choosing group take its choices: the total
    they add, how many of their slots meet each of ``sets``, and the counts."""
    return [
        (
            sum(n * (len(c[0]) - len(c[1])) for n, c in zip(counts, read, strict=True)),
            [
                sum(n * sum(1 for m in c[0] if m & a) for n, c in zip(counts, read, strict=True))
                for a in sets
            ],
            counts,
        )
        for counts in _multisets(copies, len(read))
    ]


def _guessed_order(
    classes: dict[_Key, Choice], counts: dict[_Key, int], parts: list[list[_Key]]
) -> list[Choice]:
    """The activations in one order: the parts in their order, and within a part big
    net makers first (a guess at the best order), copies of a class together."""
    return [
        classes[k]
        for part in parts
        for k in sorted(part, key=lambda k: (len(classes[k][1]) - len(classes[k][0]), k))
        for _ in range(counts[k])
    ]


def _orders(parts: list[list[_Key]], counts: dict[_Key, int]) -> int:
    """How many distinct orders of the activations keep the parts in their order."""
    return math.prod(
        math.factorial(sum(counts[k] for k in part))
        // math.prod(math.factorial(counts[k]) for k in part)
        for part in parts
    )


def _below(a: list[int], b: list[int]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True))


def _feeds(a: Choice, b: Choice) -> bool:
    """Whether mana of option ``a`` can pay a symbol of option ``b``."""
    return any(s & accepted for s in a[0] for accepted in b[1])


def _strong_parts(classes: dict[_Key, Choice]) -> list[list[_Key]]:
    """The strongly connected parts of "can pay" between classes (Tarjan), ordered
    so that it never goes from a part to an earlier one."""
    keys = sorted(classes)
    index: dict[_Key, int] = {}
    low: dict[_Key, int] = {}
    stack: list[_Key] = []
    on: set[_Key] = set()
    parts: list[list[_Key]] = []

    def visit(v: _Key) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in keys:
            if w == v or not _feeds(classes[v], classes[w]):
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part: list[_Key] = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            parts.append(sorted(part))

    for v in keys:
        if v not in index:
            visit(v)
    return parts[::-1]


def _arrangements(part: Sequence[_Key], counts: dict[_Key, int]) -> Iterator[tuple[_Key, ...]]:
    """Every distinct order of a part's activations (copies of a class alike)."""
    left = {k: counts[k] for k in part}
    size = sum(left.values())
    prefix: list[_Key] = []

    def walk() -> Iterator[tuple[_Key, ...]]:
        if len(prefix) == size:
            yield tuple(prefix)
            return
        for k in part:
            if left[k]:
                left[k] -= 1
                prefix.append(k)
                yield from walk()
                prefix.pop()
                left[k] += 1

    return walk()
