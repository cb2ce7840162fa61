"""Private: the branch and bound's view of a problem (:class:`_Tree`): per group
of identical permanents the rows of its complex activations and what each adds
to the bounds and to Hall's condition, remembered per compiled board
(:class:`_Skeleton`), and the bounds a node is cut by (see docs/tapper.md for
why they are valid)."""

from __future__ import annotations

import operator
from collections import Counter
from typing import Any

from ..costs import ManaCost
from ..symbol_payment import ways_to_pay
from ._compile import ORDER, Option, Source
from ._evaluate import choice_rows
from ._hall import (
    LEAD,
    SNOW_BIT,
    bits_of,
    cost_view,
    counted,
    hall,
    hall_counted,
    matched,
    most_demands,
    symbol_masks,
)
from ._problem import Problem

__all__ = ["least_mana"]


class _Skeleton:
    """What the branch and bound needs of a compiled board, whatever the cost:
    per group its rows (how many copies use each complex option), their summaries,
    what each adds to Hall's supply and demand and to the made mana, optimistic sums
    over the groups after, the depth-first order. Remembered per compiled board
    (:func:`_skeleton`): a board asked many costs computes it once."""

    def __init__(self, problem: Problem) -> None:
        self.restricted = any(
            o.restriction is not None for s in problem.sources for o in (*s.simple, *s.complex)
        )
        every = choice_rows(problem)
        self.repeatable = tuple(
            g for g, s in enumerate(problem.sources) if any(o.repeatable for o in s.complex)
        )
        # Groups with one row (no complex option: one-mana units only) are decided:
        # they join the root, and the tree branches on the others only.
        self.groups = sorted(
            (g for g, rows in enumerate(every) if len(rows) > 1),
            key=lambda g: _group_rank(problem.sources[g]),
        )
        self.fixed = [g for g, rows in enumerate(every) if len(rows) == 1]
        self.every = every
        self.rows = [every[g] for g in self.groups]
        self.summaries = [[_row_summary(problem, g, row) for row in every[g]] for g in self.groups]
        self.fixed_supply: Counter[int] = Counter()
        self.fixed_need: Counter[int] = Counter()
        self.fixed_total = 0
        # Optimistic sums over groups depth.. : the least sacrifice and life, the
        # most mana absorbed (made - most), the most mana gained (made - least).
        n = len(self.rows)
        self.low_sacrifice = [0] * (n + 1)
        self.low_life = [0] * (n + 1)
        self.low_net = [0] * (n + 1)
        self.high_net = [0] * (n + 1)
        self.high_take = [0] * (n + 1)  # the most mana the groups' costs take
        # Whether a group from here on has an activation that needs no mana (Sol
        # Ring, Springleaf Drum): else the first activation is paid by other mana.
        self.free_left = [False] * (n + 1)
        # Whether a group from here on taps permanents for mana (Springleaf Drum).
        self.taps_left = [False] * (n + 1)
        self.made_bits = 0  # what complex activations' mana could pay, none tapped
        for g in range(n - 1, -1, -1):
            rows = self.summaries[g]
            self.high_take[g] = self.high_take[g + 1] + max(r[3] for r in rows)
            self.low_sacrifice[g] = self.low_sacrifice[g + 1] + min(r[0] + r[5] for r in rows)
            self.low_life[g] = self.low_life[g + 1] + min(r[1] for r in rows)
            self.low_net[g] = self.low_net[g + 1] + min(r[2] - r[3] for r in rows)
            self.high_net[g] = self.high_net[g + 1] + max(r[2] - r[4] for r in rows)
            self.free_left[g] = self.free_left[g + 1] or any(r[7] for r in rows)
            self.taps_left[g] = self.taps_left[g + 1] or any(r[8] for r in rows)
        # Depth first (``first``): no activation first — the one-mana sources
        # often pay alone — then the rows that gain the most mana.
        self.order = [
            _depth_first_order(summaries, rows)
            for summaries, rows in zip(self.summaries, self.rows, strict=True)
        ]
        self.no_hall_rows: list[list[tuple[Counter[int], Counter[int], int]]] = [
            [(Counter(), Counter(), 0) for _ in rows] for rows in self.rows
        ]
        self.made_rows: list[list[tuple[Counter[int], Counter[int], int, int, int]]] = []
        self.lead_rows: list[list[_LeadRow]] = []
        self.hall_rows: list[list[tuple[Counter[int], Counter[int], int]]] = []
        self.optimistic: list[Counter[int]] = [Counter() for _ in range(len(self.rows) + 1)]
        for depth in range(len(self.rows) - 1, -1, -1):
            self._group(problem, depth, self.groups[depth], every[self.groups[depth]])
        self.optimistic_total = [c.total() for c in self.optimistic]
        self.left_takes = _left_takes(self.made_rows)
        self._summed: dict[tuple[int, ...], _Summed] = {}
        self.supply_totals = [[row[0].total() for row in rows] for rows in self.hall_rows]
        # What each one-mana source weighs for preference 5 (the types it can make)
        # and the mana it can pay; the least weight per demand, remembered.
        self.flex_units: list[tuple[int, int]] = []
        for source in problem.sources:
            if source.simple:
                types: set[Any] = set()
                for option in source.simple:
                    types.update(option.slots[0])
                bits = bits_of(frozenset(types)) | (SNOW_BIT if source.snow else 0)
                self.flex_units.append((bits, len(types)))
        self.flex_weights: dict[int, int] = {}
        for g in self.fixed:
            scratch = _Skeleton.__new__(_Skeleton)
            scratch.optimistic = [Counter(), Counter()]
            scratch.made_bits = 0
            scratch.hall_rows, scratch.made_rows, scratch.lead_rows = [], [], []
            _Skeleton._group(scratch, problem, 0, g, every[g])
            supply, need, total = scratch.hall_rows[0][0]
            self.fixed_supply.update(supply)
            self.fixed_need.update(need)
            self.fixed_total += total
        self.fixed_need_key = (counted(self.fixed_need), len(self.fixed_need))

    def summed(self, chosen: tuple[int, ...]) -> _Summed:
        """What the rows chosen add up to, whatever the cost (remembered: the
        board's problems meet the same combinations again)."""
        found = self._summed.get(chosen)
        if found is None:
            if len(self._summed) >= 4096:
                self._summed.clear()
            found = self._summed[chosen] = _Summed(self, chosen)
        return found

    def picks(self, chosen: tuple[int, ...]) -> list[list[int]]:
        """Every group's row, from the rows chosen for the tree's groups."""
        picks = [rows[0] for rows in self.every]
        for depth, r in enumerate(chosen):
            picks[self.groups[depth]] = self.rows[depth][r]
        return picks

    def _group(self, problem: Problem, depth: int, g: int, rows: list[list[int]]) -> None:
        source = problem.sources[g]
        snow = SNOW_BIT if source.snow else 0
        simple_bits = snow
        for option in source.simple:
            simple_bits |= bits_of(option.slots[0])
        per_row = []
        best_bits = snow
        for option in (*source.simple, *source.complex):
            for slot_types in option.slots:
                best_bits |= bits_of(slot_types)
        most = problem.most_slots(source)
        self.optimistic[depth] = self.optimistic[depth + 1].copy()
        self.optimistic[depth][best_bits] += most * len(source.indexes)
        made_rows = []
        lead_rows = []
        for option in source.complex:
            if option.taps is None:  # mana for which no permanent is tapped
                for slot_types in option.slots:
                    self.made_bits |= bits_of(slot_types) | snow
        for row in rows:
            lead_rows.append(_lead_row(source, row, snow))
            supply: Counter[int] = Counter()
            need: Counter[int] = Counter()
            total = copies = 0
            made: Counter[int] = Counter()
            most_need: Counter[int] = Counter()
            generic = made_by_costing = 0
            root = _NO_ROOT  # the least mana one of its activations' costs takes
            for option, count in zip(source.complex, row, strict=True):
                if not count:
                    continue
                copies += 0 if option.repeatable else count
                for slot_types in option.slots:
                    supply[bits_of(slot_types) | snow] += count
                    made[bits_of(slot_types) | snow] += count
                if option.mana_cost is not None:
                    made_by_costing += count * len(option.slots)
                    root = min(root, _spent(option.mana_cost, 0, most=False))
                    more, more_generic = most_demands(option.mana_cost, 0)
                    for mask, k in more.items():
                        most_need[mask] += k * count
                    generic += more_generic * count
                    found = symbol_masks(option.mana_cost, 0, relaxed=True)
                    if found is not None:  # else: a relaxation, nothing needed
                        for mask, k in found[0].items():
                            need[mask] += k * count
                        total += found[1] * count
            if source.simple and len(source.indexes) > copies:
                supply[simple_bits] += len(source.indexes) - copies
            per_row.append((supply, need, total))
            made_rows.append((made, most_need, generic, made_by_costing, root))
        self.hall_rows.insert(0, per_row)
        self.made_rows.insert(0, made_rows)
        self.lead_rows.insert(0, lead_rows)


class _Summed:
    """The rows chosen for the first groups, added up: the mana they make (by the
    bits of what it can pay), the most demands of their costs and the generic ones,
    the mana made by mana-costing activations and the least mana one of those costs
    takes (:meth:`_Tree._gathered`); Hall's units and demands and the units their
    costs need (:meth:`_Tree.hall_counts`, :meth:`_Tree._flex_bound`); the root and
    later mana and the mana-costing options (:meth:`_Tree._led_spent`)."""

    def __init__(self, skeleton: _Skeleton, chosen: tuple[int, ...]) -> None:
        self.made: Counter[int] = Counter()
        self.most_need: Counter[int] = Counter()
        self.generic = self.by_costing = 0
        self.root = _NO_ROOT
        self.hall_supply: Counter[int] = Counter()
        self.hall_need: Counter[int] = Counter()
        self.hall_total = 0
        lead_root: Counter[int] = Counter()
        lead_later: Counter[int] = Counter()
        self.acts: dict[int, tuple[int, Counter[int], int]] = {}
        for g, r in enumerate(chosen):
            made, most, more, more_by_costing, row_root = skeleton.made_rows[g][r]
            _add_to(self.made, made)
            _add_to(self.most_need, most)
            self.generic += more
            self.by_costing += more_by_costing
            self.root = min(self.root, row_root)
            supply, need, total = skeleton.hall_rows[g][r]
            _add_to(self.hall_supply, supply)
            _add_to(self.hall_need, need)
            self.hall_total += total
            made_root, made_later, costing = skeleton.lead_rows[g][r]
            _add_to(lead_root, made_root)
            _add_to(lead_later, made_later)
            for key, count, need_of, generic in costing:
                self.acts[key] = (count, need_of, generic)
        self.made_total = self.made.total()
        self.made_key = counted(self.made)  # for max_match, with no floating mana
        # What the tree's demands of these rows are remembered by (the counts and
        # how many kinds: rows of the same costs share them).
        self.most_need_key = (counted(self.most_need), len(self.most_need))
        self.hall_need_key = (counted(self.hall_need), len(self.hall_need))
        self.lead_root = lead_root
        self.lead_later = lead_later
        # With no floating mana: the units of _Tree._led_spent, once.
        self.lead_units = _lead_units(lead_root, lead_later)
        self.lead_key = counted(self.lead_units)
        self._leads: list[tuple[Counter[int], int, Any]] | None = None
        self._units: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = {}
        self.reach = 0  # the bits of what the made mana can pay
        for mask in self.made:
            self.reach |= mask

    def hall_units(
        self, start_key: tuple[tuple[int, int], ...], start: Counter[int]
    ) -> tuple[tuple[int, int], ...]:
        """Hall's units of these rows with the tree's ``start`` units (``counted``:
        ``start_key``), ``counted`` (remembered per start: the floating mana and
        what pays otherwise)."""
        found = self._units.get(start_key)
        if found is None:
            if len(self._units) >= 16:
                self._units.clear()
            found = self._units[start_key] = counted(_plus(start, self.hall_supply))
        return found

    def leads(self) -> list[tuple[Counter[int], int, Any]]:
        """For :meth:`_Tree._led_spent`, per mana-costing kind that may come first:
        the demands of the activations' costs (the first one's taking only root
        units: bits ``_LEAD`` higher), their generic ones, the cost's aside, and what
        a tree remembers these demands by (``counted``, and how many kinds)."""
        if self._leads is None:
            self._leads = []
            for first in self.acts:
                demands: Counter[int] = Counter()
                generic = 0
                for key, (count, need, more) in self.acts.items():
                    free = count - (key == first)
                    for mask, k in need.items():
                        demands[mask | mask << _LEAD] += k * free
                    generic += more * free
                _, need, more = self.acts[first]
                for mask, k in need.items():
                    demands[mask << _LEAD] += k
                if more:
                    demands[_ANY << _LEAD] += more
                self._leads.append((demands, generic, (counted(demands), len(demands))))
        return self._leads


def _left_takes(
    made_rows: list[list[tuple[Counter[int], Counter[int], int, int, int]]],
) -> list[tuple[Counter[int], int, tuple[tuple[int, int], ...]]]:
    """Per depth, the most the costs of the groups from there on take: per group,
    of each kind of demand (and of generic ones) the most any of its rows takes,
    added up over the groups (every completion's demands are among them)."""
    takes: list[tuple[Counter[int], int, tuple[tuple[int, int], ...]]] = [(Counter(), 0, ())]
    for rows in reversed(made_rows):
        need, generic, _ = takes[0]
        upper: Counter[int] = Counter()
        for _, most_need, _, _, _ in rows:
            for mask, k in most_need.items():
                if k > upper[mask]:
                    upper[mask] = k
        more = _plus(need, upper)
        takes.insert(0, (more, generic + max(row[2] for row in rows), counted(more)))
    return takes


def _lead_units(root: Counter[int], later: Counter[int]) -> Counter[int]:
    """Units for :meth:`_Tree._led_spent`: root units' bits copied ``_LEAD`` higher."""
    units: Counter[int] = Counter(later)
    for mask, k in root.items():
        units[mask | mask << _LEAD] += k
    return units


_SKELETONS: dict[tuple[int, ...], tuple[tuple[Source, ...], tuple[int, ...], _Skeleton]] = {}


def _skeleton(problem: Problem) -> _Skeleton:
    """:class:`_Skeleton`, remembered for the compiled boards last used (the entry
    holds the sources, so their ids can't be reused while it is cached), with how
    often the repeatable options are tried (the board's facts decide it)."""
    sources = tuple(problem.sources)
    key = tuple(map(id, sources))
    hit = _SKELETONS.get(key)
    if hit is not None and all(map(operator.is_, hit[0], sources)):
        skeleton = hit[2]
        if _repeats(problem, skeleton.repeatable) == hit[1]:
            return skeleton
    skeleton = _Skeleton(problem)
    if len(_SKELETONS) >= 64:
        _SKELETONS.clear()
    _SKELETONS[key] = (sources, _repeats(problem, skeleton.repeatable), skeleton)
    return skeleton


def _repeats(problem: Problem, repeatable: tuple[int, ...]) -> tuple[int, ...]:
    """How often the groups with a repeatable option try it (:meth:`Problem.repeats`)."""
    sources = problem.sources
    return tuple(problem.repeats(sources[g]) for g in repeatable)


class _Tree:
    """The branch and bound's view of a problem: the board's :class:`_Skeleton`
    and what the cost and the floating mana add (Hall's demands, the bounds'
    start)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        skeleton = _skeleton(problem)
        # Restricted mana makes the level counts of a candidate exact only to
        # within one unit of waste: then only preferences 1-3 bound, with that margin.
        self.margin = int(
            skeleton.restricted or any(unit.restriction is not None for unit in problem.pool)
        )
        if not self.margin:
            self.bound = self.levels  # type: ignore[method-assign]  # no margin: the same
        self.rows = skeleton.rows
        self.summaries = skeleton.summaries
        view = cost_view(problem.cost, problem.x)
        self.start = (0, 0, 0, view.most, view.least, 0, 0, 0, 0)
        self.low_sacrifice = skeleton.low_sacrifice
        self.low_life = skeleton.low_life
        self.low_net = skeleton.low_net
        self.high_net = skeleton.high_net
        self.order = skeleton.order
        self.made_rows = skeleton.made_rows
        self.high_take = skeleton.high_take
        self.free_left = skeleton.free_left
        self.taps_left = skeleton.taps_left
        self.optimistic = skeleton.optimistic
        self.optimistic_total = skeleton.optimistic_total
        self.supply_totals = skeleton.supply_totals
        self.start_supply: Counter[int] = Counter()
        demands = view.demands
        self.hall = demands is not None
        self.cost_need: Counter[int] = Counter()
        self.pool_supply: Counter[int] = Counter()
        self.cost_total = 0
        self.cost_most: tuple[Counter[int], int] | None = None
        self._lead_cost: Counter[int] = Counter()
        self.lone: list[int] = []
        self._lone_weights = [0]  # per k, the k lightest of ``lone`` added up
        self._floating = len(problem.pool)
        self._kept = -len(problem.future)  # at best every future cost is kept
        # Per leaf (rows chosen), what its bound reads of the matchings before
        # which activation leads is asked (:meth:`leaf_bound`, asked twice).
        self._leaves: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        # Per rows' demands (their ``counted`` key), Hall's demands with the cost's
        # (:meth:`_hall_need`) and the most demands (:meth:`_gathered`), ``counted``.
        self._needs: dict[Any, tuple[Counter[int], tuple[tuple[int, int], ...]]] = {}
        self._most_needs: dict[Any, tuple[Counter[int], tuple[tuple[int, int], ...]]] = {}
        self._lead_needs: dict[Any, tuple[Counter[int], tuple[tuple[int, int], ...]]] = {}
        self._start_key: tuple[tuple[int, int], ...] | None = None
        self.fixed_supply: Counter[int] = Counter()
        self.skeleton = skeleton
        if demands is None:
            self.hall_rows = skeleton.no_hall_rows
            return
        self.hall_rows = skeleton.hall_rows
        self.cost_need, key = _joined(
            demands[0], view.demands_key, skeleton.fixed_need, skeleton.fixed_need_key
        )
        self.cost_total = demands[1] + skeleton.fixed_total
        self.fixed_supply = skeleton.fixed_supply
        self.cost_most = (view.most_need, view.generic)
        self.cost_most_key = view.most_key
        self._cost_most_total = view.most_need.total() + view.generic
        # The cost's symbols in :meth:`_led_spent`: paid by root or later units.
        self._lead_cost, self._lead_cost_key = view.lead, view.lead_key
        # What the cost's demands are remembered by (:func:`_joined`), their kinds too.
        self._cost_need_key = (key, len(self.cost_need))
        self._cost_most_kinds = (self.cost_most_key, len(view.most_need))
        for unit in problem.pool:
            self.pool_supply[(1 << ORDER[unit.type]) | (SNOW_BIT if unit.snow else 0)] += 1
        # Preference 5 at a leaf (:meth:`_flex_bound`), when nothing else (convoke,
        # improvise, delve, restricted mana) pays symbols: permanents tapped for an
        # activation's cost ("tap:k" units) pay no symbol.
        use_flex = not self.margin and not problem.keywords
        self.flex_units = skeleton.flex_units if use_flex else None
        self._weights = skeleton.flex_weights
        self.lone = self._lone(demands[0], skeleton.made_bits)
        self._lone_weights = [sum(self.lone[:k]) for k in range(len(self.lone) + 1)]

    def _lone(self, need: Counter[int], made_bits: int) -> list[int]:
        """The cost's symbols that neither the floating mana nor the mana of complex
        activations tapping no permanent could pay: one-mana sources pay them, or
        mana for which a permanent is tapped (Springleaf Drum). Each one's least
        weight on preference 5, least first (none when it isn't bounded)."""
        if self.flex_units is None:
            return []
        reach = made_bits
        for mask in self.pool_supply:
            reach |= mask
        weights = [
            self._weight(mask) for mask, k in need.items() if not mask & reach for _ in range(k)
        ]
        return sorted(w for w in weights if w)

    def bound(self, depth: int, sums: tuple[int, ...]) -> tuple[int, ...]:
        """A lower bound of the value of every plan below a node, from the rows
        chosen so far and the most favourable row of each group left: what they
        sacrifice (a creature token at the least for "Sacrifice a creature"), the
        damage and life they cost, the mana left over when every cost takes the
        most it can, every future cost kept, and the one-mana sources that must be
        tapped for what the made and floating mana can't pay. With restricted
        mana (``margin``), preferences 1-4 only, the waste less the margin."""
        levels = self.levels(depth, sums)
        if self.margin:
            return (*levels[:3], levels[3] - self.margin)
        return levels

    def levels(self, depth: int, sums: tuple[int, ...]) -> tuple[int, ...]:
        """:meth:`bound`'s counts of preferences 1-5, each a lower bound of that
        count in every plan below the node (with restricted mana too: restrictions
        only narrow what pays, none of the counts)."""
        sacrifice, life, made, most, least, victims, taps, free, tap_made = sums
        floating = self._floating + made
        waste = floating - most + self.low_net[depth]
        sacrifice += victims + self.low_sacrifice[depth]  # a victim weighs 1 at least
        life += self.low_life[depth]
        # Each permanent an activation's cost taps is a unit of its own, at least 1;
        # the made and floating mana pays the rest, or one-mana sources.
        flex = least - floating - self.high_net[depth]
        # Preference 5 of the one-mana sources the plans below tap at least: one for
        # each symbol :meth:`_lone` lists (its weight, unless a permanent tapped for
        # mana pays it: those are counted with the node's taps, the most such mana
        # paying the heaviest, or may still be), and with no floating mana and no
        # activation needing none, one for the first activation's cost or another
        # symbol (CR 605.3a: a mana-costing activation can't pay for itself).
        lone = self._lone_weights
        left = len(lone) - 1 - tap_made
        weight = 0 if left <= 0 else left if self.taps_left[depth] else lone[left]
        if least > len(lone) - 1 and not (self._floating or free or self.free_left[depth]):
            weight += 1  # the root's source
        # (conditional expressions: cheaper than max() in this hot path)
        return (
            sacrifice, life, self._kept, waste if waste > 0 else 0,
            (flex if flex > weight else weight) + taps,
        )  # fmt: skip

    def colored_waste(
        self, depth: int, chosen: tuple[int, ...], bound: tuple[int, ...]
    ) -> tuple[int, ...]:
        """:meth:`bound` of a node sharpened by the types of mana: of the floating
        mana and the mana the rows chosen make, at most a maximum matching with the
        symbols of the cost and of their costs, and of what the groups left could
        take with their costs (per group, the most of each kind of demand any of its
        rows has), is spent (the groups left add mana but can't make these units
        spendable otherwise)."""
        if self.cost_most is None:
            return bound
        units, units_key, need, need_key, generic, _, _ = self._gathered(chosen)
        left_need, left_generic, left_key = self.skeleton.left_takes[depth]
        if left_need:
            found = _joined(need, (need_key, len(need)), left_need, left_key)
            if len(found[1]) <= 8:  # else matched() counts no deficiency: as generic
                need, need_key = found
                generic += left_generic
            else:
                generic += self.high_take[depth]
        else:
            generic += left_generic
        waste = units.total() - matched(units_key, need_key, need, generic) - self.margin
        if waste <= bound[3]:
            return bound
        return (*bound[:3], waste, *bound[4:])

    def _gathered(
        self, chosen: tuple[int, ...]
    ) -> tuple[
        Counter[int],
        tuple[tuple[int, int], ...],
        Counter[int],
        tuple[tuple[int, int], ...],
        int,
        int,
        int,
    ]:
        """For the rows chosen: the floating and made mana (by the bits of what it
        can pay; and ``counted``), the most demands of the cost and the activations'
        costs (and ``counted``; remembered per tree by the rows' demands), the generic
        ones, the mana made by activations that cost mana, and the least mana one of
        those costs takes."""
        assert self.cost_most is not None
        summed = self.skeleton.summed(chosen)
        if self.pool_supply:
            units = _plus(self.pool_supply, summed.made)
            units_key = counted(units)
        else:
            units, units_key = summed.made, summed.made_key
        found = self._most_needs.get(summed.most_need_key)
        if found is None:
            found = self._most_needs[summed.most_need_key] = _joined(
                self.cost_most[0], self._cost_most_kinds, summed.most_need, summed.most_need_key
            )
        generic = self.cost_most[1] + summed.generic
        return units, units_key, *found, generic, summed.by_costing, summed.root

    def leaf_bound(
        self, sums: tuple[int, ...], chosen: tuple[int, ...], *, led: bool = True
    ) -> tuple[int, ...]:
        """:meth:`bound` of a whole combination, sharpened by the types of mana: the
        made and floating mana spent is at most what can pay the costs' symbols
        (``led``: also whichever mana-costing activation comes first)."""
        levels = self.leaf_levels(sums, chosen, led=led)
        if self.margin:
            return (*levels[:3], levels[3] - self.margin)
        return levels

    def leaf_levels(
        self, sums: tuple[int, ...], chosen: tuple[int, ...], *, led: bool = True
    ) -> tuple[int, ...]:
        """:meth:`leaf_bound`'s counts of preferences 1-5 (as :meth:`levels`)."""
        bound = self.levels(len(self.rows), sums)
        if self.cost_most is None:
            return bound
        known = self._leaves.get(chosen)
        if known is None:
            known = self._leaves[chosen] = self._leaf_spent(chosen)
        spent, flex_bound, floating, by_costing = known
        if by_costing and led:
            spent = min(spent, self._led_spent(chosen))
        waste = max(bound[3], floating - spent)
        taps = sums[6]
        flex = max(bound[4], sums[4] - spent + taps, flex_bound + taps)
        return (*bound[:3], waste, flex)

    def _leaf_spent(self, chosen: tuple[int, ...]) -> tuple[int, int, int, int]:
        """What :meth:`leaf_levels` reads of a leaf before which activation leads is
        asked (remembered per leaf: asked twice): the most made and floating mana
        spent, the least preference 5 (:meth:`_flex_bound`), the made and floating
        mana, and the mana made by mana-costing activations."""
        assert self.cost_most is not None
        units, units_key, need, need_key, generic, by_costing, root = self._gathered(chosen)
        floating = units.total()
        spent = matched(units_key, need_key, need, generic)
        if by_costing:
            # In any order, the first mana-costing activation's cost is paid by
            # other mana than theirs (CR 605.3a): of the activations' demands, the
            # mana they make pays at most all but that cost's least; the cost's own
            # symbols take at most what matches them.
            demanded = need.total() + generic
            spent = min(spent, floating - by_costing + min(by_costing, demanded - root))
            acts = demanded - self._cost_most_total
            cost_only = matched(units_key, self.cost_most_key, *self.cost_most)
            spent = min(spent, cost_only + min(acts, acts - root + floating - by_costing))
        flex_bound = 0 if self.margin else self._flex_bound(units, units_key, chosen)
        return spent, flex_bound, floating, by_costing

    def _led_spent(self, chosen: tuple[int, ...]) -> int:
        """The most made and floating mana a combination's plans spend, colors
        counted, whichever mana-costing activation comes first: in any order, the
        first one's cost is paid by none of their mana (CR 605.3a) — only by floating
        mana, mana of activations that cost none, or one-mana sources (not counted
        here). Per kind that could be first, a maximum matching in which that one's
        symbols take only such "root" units (their bits copied ``_LEAD`` higher, the
        others' symbols and the cost's taking either), and the most of these."""
        assert self.cost_most is not None
        summed = self.skeleton.summed(chosen)
        units, units_key = summed.lead_units, summed.lead_key
        if self.pool_supply:
            units = _lead_units(_plus(summed.lead_root, self.pool_supply), summed.lead_later)
            units_key = counted(units)
        cost_generic = self.cost_most[1]
        most = 0
        for acts_need, acts_generic, acts_key in summed.leads():
            found = self._lead_needs.get(acts_key)
            if found is None:
                found = self._lead_needs[acts_key] = _joined(
                    self._lead_cost, self._lead_cost_key, acts_need, acts_key
                )
            demands, demands_key = found
            generic = cost_generic + acts_generic
            most = max(most, matched(units_key, demands_key, demands, generic, kinds=10))
        return most

    def _flex_bound(
        self, units: Counter[int], units_key: tuple[tuple[int, int], ...], chosen: tuple[int, ...]
    ) -> int:
        """A lower bound of preference 5 for a whole combination: every symbol of
        the cost and of the activations' costs (Phyrexian ones paid with life, {2/W}
        as one) that the made and floating mana (``units``) doesn't pay is paid by a
        one-mana source, which weighs at least the fewest types of one that can pay
        it; the made and floating mana pays at most a maximum matching of them
        (König), and none of those it can't pay at all."""
        if self.flex_units is None:
            return 0
        summed = self.skeleton.summed(chosen)
        need, need_key = self._hall_need(chosen)
        total = self.cost_total + summed.hall_total
        generic = total - need.total()
        payable = matched(units_key, need_key, need, generic)
        certain = 0
        weights: list[int] = []
        reach = summed.reach
        for mask in self.pool_supply:
            reach |= mask
        known = self._weights
        for mask, k in need.items():
            if k:
                weight = known.get(mask)
                if weight is None:
                    weight = self._weight(mask)
                if mask & reach:
                    weights.extend([weight] * k)
                else:
                    certain += weight * k
        if generic > 0:
            weight = self._weight(-1)
            if reach:
                weights.extend([weight] * generic)
            else:
                certain += weight * generic
        left = len(weights) - payable
        if left > 0:
            weights.sort()
            certain += sum(weights[:left])
        return certain

    def _weight(self, mask: int) -> int:
        """The fewest types a one-mana source that can pay demand ``mask`` makes
        (-1: any demand; 0 when none can: the bound claims nothing)."""
        found = self._weights.get(mask)
        if found is None:
            assert self.flex_units is not None
            found = min((n for bits, n in self.flex_units if bits & mask), default=0)
            self._weights[mask] = found
        return found

    def worse(self, bound: tuple[int, ...], value: tuple[int, ...]) -> bool:
        """Whether no plan with this bound can beat ``value`` (on preferences 1-5;
        ties on them are broken by the order of the search)."""
        if self.margin:
            return bound > value[:4]
        return bound >= value[:5]

    def _hall_need(
        self, chosen: tuple[int, ...]
    ) -> tuple[Counter[int], tuple[tuple[int, int], ...]]:
        """Hall's demands of a leaf (the cost's and its activations' costs') and
        their ``counted`` form, remembered per tree by the rows' demands."""
        summed = self.skeleton.summed(chosen)
        key = summed.hall_need_key
        found = self._needs.get(key)
        if found is None:
            found = self._needs[key] = _joined(
                self.cost_need, self._cost_need_key, summed.hall_need, key
            )
        return found

    def leaf_hopeless(self, chosen: tuple[int, ...], total: int) -> bool:
        """:meth:`hopeless` of a leaf (every group decided), whole: Hall's condition
        fails for its units and demands (:meth:`hall_counts`)."""
        if not self.hall:
            return False
        if self._start_key is None:
            self._start_key = counted(self.start_supply)
        units = self.skeleton.summed(chosen).hall_units(self._start_key, self.start_supply)
        need, need_key = self._hall_need(chosen)
        if len(need) > 8:
            return sum(k for _, k in units) < total
        return not hall_counted(need, total, units, need_key)

    def hall_counts(self, chosen: tuple[int, ...]) -> tuple[Counter[int], Counter[int]]:
        """Hall's units and demands of the rows chosen (a leaf's), with the floating
        mana, the non-mana units, the cost and the groups decided at the root."""
        summed = self.skeleton.summed(chosen)
        return _plus(self.start_supply, summed.hall_supply), _plus(self.cost_need, summed.hall_need)

    def hopeless(
        self, depth: int, supply: Counter[int], need: Counter[int], total: int, whole: bool
    ) -> bool:
        """Hall's condition (``whole``; else only its count of units) fails even
        with the most mana the groups from ``depth`` on could make, free: no plan
        below this node pays."""
        if not self.hall:
            return False
        if not whole or len(need) > 8:
            return supply.total() + self.optimistic[depth].total() < total
        optimistic = self.optimistic[depth]
        return not hall(need, total, _plus(supply, optimistic) if optimistic else supply)


_EMPTY: Counter[int] = Counter()


def _plus(a: Counter[int], b: Counter[int]) -> Counter[int]:
    """``a + b`` for counts that are never negative (faster than Counter's)."""
    c: Counter[int] = Counter.__new__(Counter)  # no __init__: empty, then a's counts
    dict.update(c, a)
    _add_to(c, b)
    return c


def _add_to(a: Counter[int], b: Counter[int]) -> None:
    """``a.update(b)``, faster than Counter's."""
    get = a.get
    for k, v in b.items():
        a[k] = get(k, 0) + v


_JOINED: dict[tuple[Any, Any], tuple[Counter[int], tuple[tuple[int, int], ...]]] = {}


def _joined(
    a: Counter[int], a_key: Any, b: Counter[int], b_key: Any
) -> tuple[Counter[int], tuple[tuple[int, int], ...]]:
    """Demands ``a + b`` and their ``counted`` form, remembered by the keys of the
    two (their ``counted`` form and how many kinds: a function of them only; the
    cost's demands and a combination's meet again from one request to the next).
    Never changed by the callers."""
    key = (a_key, b_key)
    found = _JOINED.get(key)
    if found is None:
        if len(_JOINED) >= 8192:
            _JOINED.clear()
        joined = _plus(a, b)
        found = _JOINED[key] = (joined, counted(joined))
    return found


_NO_ROOT = 1 << 30
_LEAD = LEAD  # root units' bits are copied this much higher (_Tree._led_spent)
_ANY = (1 << 7) - 1  # every type's bit and the snow bit

_LeadRow = tuple[Counter[int], Counter[int], tuple[tuple[int, int, Counter[int], int], ...]]


def _lead_row(source: Source, row: list[int], snow: int) -> _LeadRow:
    """A group's row for :meth:`_Tree._led_spent`: the mana its activations that
    cost no mana make, the mana its mana-costing ones make, and per mana-costing
    option (by identity) how many, the most units each one's cost takes by the bits
    of what pays them, and its generic ones."""
    root: Counter[int] = Counter()
    later: Counter[int] = Counter()
    costing = []
    for option, count in zip(source.complex, row, strict=True):
        if not count:
            continue
        made = later if option.mana_cost is not None else root
        for slot_types in option.slots:
            made[bits_of(slot_types) | snow] += count
        if option.mana_cost is not None:
            need, generic = most_demands(option.mana_cost, 0)
            costing.append((id(option), count, need, generic))
    return root, later, tuple(costing)


def _group_rank(source: Source) -> int:
    """Where a group goes in the tree: those whose activations cost more than mana
    (a sacrifice, life, a tapped permanent: they raise the bound of every plan that
    uses them) first, so a bound can cut them near the root, then those with an
    activation that needs no mana (Sol Ring: below them, :meth:`_Tree.bound` knows
    whether one is used), then in the board's order (any order is exact)."""
    costly = any(
        o.sacrifice_self or o.sacrifices or o.taps or o.life or o.damage or any(o.resources)
        for o in source.complex
    )
    return 0 if costly else 1 if any(_needs_no_mana(o) for o in source.complex) else 2


def _needs_no_mana(option: Option) -> bool:
    """Whether an activation makes mana without paying any (CR 605.3a: then it can
    be the first of a plan's activations)."""
    return bool(option.slots) and (
        option.mana_cost is None or _spent(option.mana_cost, 0, most=False) == 0
    )


def _depth_first_order(summaries: list[tuple[int, ...]], rows: list[list[int]]) -> list[int]:
    """Row numbers: no activation first, then by the most mana gained (made less
    the least its costs take)."""
    return sorted(
        range(len(rows)),
        key=lambda r: (any(rows[r]), summaries[r][4] - summaries[r][2], r),
    )


def _row_summary(problem: Problem, g: int, row: list[int]) -> tuple[int, ...]:
    """What a group's choice adds to a combination's bound: sacrifices, damage and
    life (and energy), mana made, the most and least mana its activation costs take,
    permanents sacrificed to other permanents' costs (cards discarded or exiled
    count with sacrifices), permanents tapped for them, the activations that need
    no mana (:func:`_needs_no_mana`) and the mana made by those that tap
    permanents (Springleaf Drum)."""
    source = problem.sources[g]
    sacrifice = life = made = most = least = victims = taps = free = tap_made = 0
    for option, n in zip(source.complex, row, strict=True):
        if not n:
            continue
        if option.sacrifice_self:
            sacrifice += n * (1 + (0 if source.token else 2) + (1 if source.creature else 0))
        if option.sacrifices is not None:
            victims += n * option.sacrifices[1]
        if option.taps is not None:
            taps += n * option.taps[1]
            tap_made += n * len(option.slots)
        energy, discarded, exiled = option.resources
        sacrifice += n * (3 * discarded + exiled)
        life += n * (option.damage + option.life + energy)
        made += n * len(option.slots)
        free += n * _needs_no_mana(option)
        if option.mana_cost is not None:
            most += n * _spent(option.mana_cost, 0, most=True)
            least += n * _spent(option.mana_cost, 0, most=False)
    return sacrifice, life, made, most, least, victims, taps, free, tap_made


def _spent(cost: ManaCost, x: int, *, most: bool) -> int:
    """The most (or least) mana that paying ``cost`` can take: {2/W} two or one,
    X its value, a Phyrexian symbol one or none (life, CR 107.4f-g)."""
    if most:
        return sum(ways_to_pay(symbol).most_mana(x) for symbol in cost)
    return sum(ways_to_pay(symbol).least_mana(x) for symbol in cost)


def least_mana(cost: ManaCost, x: int) -> int:
    """The least mana paying ``cost`` takes ({2/W} one, Phyrexian symbols none)."""
    return _spent(cost, x, most=False)
