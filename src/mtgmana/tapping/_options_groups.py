"""Private: a compiled board as the groups :func:`mtgmana.tapping.options` takes the
frontier of — restricted mana kept out (CR 106.6: mana that may be spent only on
some spells never pays an activation's cost, and isn't "what the board can make"
for anything; it is listed apart), and "Tap an untapped creature you control"
(Springleaf Drum, CR 602.2b) as what it is: each activation takes a creature,
which then can't tap for its own mana. The frontier of a board with such costs is
the union of the frontiers of its *configurations*: how many activations of each
tapping option, and which creatures they take — creatures that make no mana (or
can't: summoning sickness, CR 302.6) first, then any choice of the others."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..board import Board
from ..board.queries import matches
from ..colors import ManaType
from ..costs import ManaCost
from ._compile import ORDER, Option, Source

__all__ = ["MAX_CONFIGURATIONS", "Restricted", "configurations", "restricted_mana"]

MAX_CONFIGURATIONS: Final = 256
"""At most this many configurations of tapping costs are taken (past it, the
frontier is incomplete)."""

Group = tuple[int, list[tuple[tuple[frozenset[ManaType], ...], ManaCost | None]]]


@dataclass(frozen=True)
class Restricted:
    """Mana a permanent can make that may be spent only as its restriction says."""

    permanent: int
    card: str
    slots: tuple[frozenset[ManaType], ...]
    only: str

    def to_json(self) -> dict[str, Any]:
        return {
            "permanent": self.permanent,
            "card": self.card,
            "mana": [sorted((t.value for t in slot), key=lambda v: ORDER[ManaType(v)])
                     for slot in self.slots],
            "only": self.only,
        }  # fmt: skip


def restricted_mana(board: Board, sources: Sequence[Source]) -> tuple[Restricted, ...]:
    """What the restricted options of the sources make, one entry per option."""
    found: list[Restricted] = []
    for source in sources:
        for option in (*source.simple, *source.complex):
            if option.restriction is not None:
                identifier = board.ids[source.indexes[0]]
                text = option.restriction.text
                found.append(Restricted(identifier, source.name, option.slots, text))
    return tuple(dict.fromkeys(found))


def _plain(options: Sequence[Option]) -> list[tuple[tuple[frozenset[ManaType], ...], Any]]:
    return [
        (o.slots, o.mana_cost)
        for o in options
        if o.restriction is None and o.taps is None and not o.budgeted and o.sacrifices is None
    ]


def _sacrifices_others(sources: Sequence[Source]) -> bool:
    """Whether a mana ability's cost sacrifices other permanents (Ashnod's Altar,
    Krark-Clan Ironworks; CR 602.2b, 701.21a). Which permanents it eats, and when —
    after their own activations (CR 602.2), its mana paying none of them (605.3a) —
    isn't a group of the frontier: the frontier leaves these abilities out, and says
    it isn't whole (the most of each type then comes from the exact tapper)."""
    return any(o.sacrifices is not None for s in sources for o in s.complex)


def _budgeted(board: Board, sources: Sequence[Source]) -> list[list[list[Group]]]:
    """Per permanent whose repeatable abilities remove its counters (Dreadship Reef,
    Pentad Prism; CR 602.2b), every way to spend them: a multiset of activation
    sizes (counters each) to which no more fits, as one copy per activation, whose
    options are those removing that many."""
    found: list[list[list[Group]]] = []
    for source in sources:
        options = [
            o for o in source.complex if o.budgeted and o.restriction is None and o.taps is None
        ]
        if not options:
            continue
        counters = board.permanents[source.indexes[0]].counters
        by_size: dict[int, list[tuple[tuple[frozenset[ManaType], ...], Any]]] = {}
        for o in options:
            by_size.setdefault(o.counters, []).append((o.slots, o.mana_cost))
        variants = [
            [(n, by_size[size]) for size, n in sorted(Counter(sizes).items())]
            for sizes in _fills(sorted(by_size), counters)
        ]
        found.append(variants)
    return found


def _fills(sizes: Sequence[int], budget: int) -> Iterator[tuple[int, ...]]:
    """The multisets of ``sizes`` whose sum is within ``budget`` and to which no
    size can be added."""

    def go(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(sizes):
            if not any(size <= left for size in sizes):
                yield ()
            return
        for n in range(left // sizes[i], -1, -1):
            for rest in go(i + 1, left - n * sizes[i]):
                yield (sizes[i],) * n + rest

    yield from go(0, budget)


def configurations(board: Board, sources: Sequence[Source]) -> tuple[list[list[Group]], bool]:
    """The groups of each configuration of the board's tapping costs (one, without
    them), and whether they are all there (at most :data:`MAX_CONFIGURATIONS`, and
    no cost that sacrifices other permanents: :func:`_sacrifices_others`).
    Raises :class:`~mtgmana.tapping.NotModelled` for tapping costs of different
    filters (which creature pays which is then a matching)."""
    tappers = [
        (g, o)
        for g, source in enumerate(sources)
        for o in (*source.simple, *source.complex)
        if o.taps is not None and o.restriction is None
    ]
    base = [(len(s.indexes), _plain((*s.simple, *s.complex))) for s in sources]
    variants = itertools.product(*_budgeted(board, sources))
    spends = [list(itertools.chain(*more)) for more in variants]
    whole = not _sacrifices_others(sources)
    if not tappers:
        plain = [[g for g in base if g[1]] + extra for extra in spends[:MAX_CONFIGURATIONS]]
        return plain, whole and len(spends) <= MAX_CONFIGURATIONS
    filters = {o.taps for _, o in tappers if o.taps is not None}
    if len(filters) > 1:
        from ._api import NotModelled

        why = "tapping costs of different kinds of creatures (which taps which)"
        raise NotModelled(
            tuple((board.ids[sources[g].indexes[0]], sources[g].name, why) for g, _ in tappers)
        )
    item, per = filters.pop()
    candidates = [
        i
        for i, p in enumerate(board.permanents)
        if p.controller == "you"
        and p.zone == "battlefield"
        and not p.tapped
        and matches(item, p, board.ids[i], None, "you", None)
    ]
    makers = _mana_groups(sources, candidates)
    free = len(candidates) - sum(makers.values())
    out: list[list[Group]] = []
    for counts in itertools.product(*(range(_most(sources[g], o, len(candidates), per) + 1)
                                      for g, o in tappers)):  # fmt: skip
        taken = per * sum(counts)
        by_source = Counter(g for (g, o), n in zip(tappers, counts, strict=True)
                            for _ in range(n) if not o.repeatable)  # fmt: skip
        if taken > len(candidates) or any(
            n > len(sources[g].indexes) for g, n in by_source.items()
        ):
            continue
        for used in _spread(max(0, taken - free), makers):
            for extra in spends:
                out.append(_groups(sources, base, tappers, counts, used) + extra)
                if len(out) >= MAX_CONFIGURATIONS:
                    return out, False
    return out, whole


def _most(source: Source, option: Option, creatures: int, per: int) -> int:
    if option.repeatable:
        return creatures // max(per, 1)
    return len(source.indexes)


def _mana_groups(sources: Sequence[Source], candidates: Sequence[int]) -> dict[int, int]:
    """Per source whose permanents tap for their own mana: how many of them are
    candidates of the tapping costs."""
    chosen = set(candidates)
    groups: dict[int, int] = {}
    for g, source in enumerate(sources):
        if any(o.taps_self for o in (*source.simple, *source.complex)):
            n = sum(1 for i in source.indexes if i in chosen)
            if n:
                groups[g] = n
    return groups


def _spread(extra: int, makers: dict[int, int]) -> Iterator[dict[int, int]]:
    """Every way to take ``extra`` creatures from the groups (at most their count)."""
    keys = list(makers)

    def go(k: int, left: int) -> Iterator[dict[int, int]]:
        if k == len(keys):
            if not left:
                yield {}
            return
        for n in range(min(left, makers[keys[k]]) + 1):
            for rest in go(k + 1, left - n):
                yield {keys[k]: n, **rest}

    yield from go(0, extra)


def _groups(
    sources: Sequence[Source],
    base: list[Group],
    tappers: list[tuple[int, Option]],
    counts: tuple[int, ...],
    used: dict[int, int],
) -> list[Group]:
    groups = [(copies - used.get(g, 0), options) for g, (copies, options) in enumerate(base)]
    for (g, option), n in zip(tappers, counts, strict=True):
        if not n:
            continue
        if not option.repeatable:
            copies, options = groups[g]
            groups[g] = (copies - n, options)
        groups.append((n, [(option.slots, option.mana_cost)]))
    return [(copies, options) for copies, options in groups if copies > 0 and options]
