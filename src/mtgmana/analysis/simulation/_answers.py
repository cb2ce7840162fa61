"""The simulation's answers, cached (:mod:`._game`): whether each castability
question is castable on a battlefield, by its key (:mod:`._keys`), decided by
the fast check (:class:`~._payer.Payer`) — the auto-tapper only where that
can't decide, cached by the battlefield's identity.

A cache entry holds, for a key, the questions answered and those found castable
(``known << n | castable``); answers only the tapper could give are cached by
identity, and so are those on boards with static effects (CR 613), which are
decided on the board as the effects make it — shared by the boards that are the
same under them (:meth:`~._payer.Payer.static_view`). Questions with the same
cost and spend (:func:`question_groups`) are answered together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._cards import Question
from ._payer import Payer
from ._view import MAX_VIEWS, View

__all__ = ["Answers", "Groups", "question_groups"]


@dataclass(frozen=True)
class Groups:
    """The questions grouped by cost and spend: each question's group
    (``of``), each group's questions as bits, and the question that stands for
    it."""

    of: tuple[int, ...]
    bits: tuple[int, ...]
    rep: tuple[int, ...]


def question_groups(questions: Sequence[Question]) -> Groups:
    """Questions with the same cost and spend are one group (answered together)."""
    found: dict[object, int] = {}
    of: list[int] = []
    bits: list[int] = []
    rep: list[int] = []
    for i, q in enumerate(questions):
        spend = q.spend
        key = (q.cost, spend.kind, spend.card_types, spend.subtypes, spend.colors, spend.zone)
        g = found.get(key)
        if g is None:
            g = found[key] = len(bits)
            bits.append(0)
            rep.append(i)
        of.append(g)
        bits[g] |= 1 << i
    return Groups(tuple(of), tuple(bits), tuple(rep))


class Answers:
    """The answers of one compiled deck's engines (see the module): ``caches`` is
    the compiled deck's, shared by its engines."""

    def __init__(self, payer: Payer, questions: Sequence[Question], caches: dict[str, Any]) -> None:
        self.payer = payer
        self.n = len(questions)
        self.all = (1 << self.n) - 1
        self.groups = question_groups(questions)
        self.cache: dict[int, int] = caches.setdefault("answers", {})
        self.views: dict[int, View] = caches.setdefault("views", {})
        self.identities: dict[int, int] = caches.setdefault("identities", {})
        layout = payer.layout
        self.keep = layout.keep
        self.reflect = layout.reflect
        self.canonical = layout.canonical
        self.canonical_types = layout.canonical_types
        self.queries = 0
        self.misses = 0
        self.tapper_calls = 0

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
            if len(self.views) >= MAX_VIEWS:
                self.views.clear()
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
        groups = self.groups
        while todo:
            low = todo & -todo
            g = groups.of[low.bit_length() - 1]
            bits = groups.bits[g]
            todo &= ~bits
            rep = groups.rep[g]
            answer = False if least[rep] > most else decide(view, rep)
            if answer is None:
                if self._tapper(identity, rep, bits, low):
                    extra |= bits
                continue
            known |= bits
            if answer:
                castable |= bits
        value = (known << n) | castable
        self.cache[key] = value
        return value | extra

    def _tapper(self, identity: int, rep: int, bits: int, low: int) -> bool:
        """The tapper's answer for question ``rep``'s group on the board an
        identity stands for (cached by identity)."""
        n = self.n
        entry = self.identities.get(identity, 0)
        if (entry >> n) & low:
            return bool(entry & low)
        self.tapper_calls += 1
        payer = self.payer
        paid = payer.tapper(payer.identity_board(identity), rep)
        self.identities[identity] = entry | (bits << n) | (bits if paid else 0)
        return paid

    def _fill_static(self, identity: int, need: int) -> int:
        """The questions of ``need`` castable on a board with static effects (CR
        613), answered by identity (:meth:`~._payer.Payer.static_answer`, the
        tapper where that can't decide)."""
        n = self.n
        payer = self.payer
        entry = self.identities.get(identity, 0)
        todo = need & ~(entry >> n)
        if not todo:
            return entry & self.all
        groups = self.groups
        found = payer.static_view(identity) if payer.fast else None
        known = 0
        if found is not None:
            # Boards the same under their effects share answers (by their key there).
            under, view, key = found
            known = under.answers.get(key, 0)
        value = known
        while todo:
            low = todo & -todo
            g = groups.of[low.bit_length() - 1]
            bits = groups.bits[g]
            todo &= ~bits
            if (known >> n) & low:
                entry |= (bits << n) | (known & bits)
                continue
            rep = groups.rep[g]
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
        if found is not None and value != known:
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
