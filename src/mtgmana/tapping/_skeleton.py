"""Private: what the tapper's branch and bound needs of a compiled board, whatever
the cost (:class:`_Skeleton`, remembered per compiled board): per group of
identical permanents the rows of its complex activations (CR 605.1a, 602.2) and
what each adds to the bounds and to Hall's condition (CR 106.1, 601.2g-h), what
rows chosen add up to (:class:`_Summed`), and the counts the bounds are made of
(see docs/tapper.md for why they are valid)."""

from __future__ import annotations

import operator
from collections import Counter
from typing import Any

from ..costs import ManaCost
from ..symbol_payment import ways_to_pay
from ._compile import Option, Source
from ._evaluate import choice_rows, instances_of
from ._hall import LEAD, SNOW_BIT, bits_of, counted, most_demands, symbol_masks
from ._problem import Instance, Problem

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
        # Rows that add nothing to a node's sums (no activation): its sums, kept.
        self.idle = [[not any(summary) for summary in rows] for rows in self.summaries]
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
        self._instances: dict[tuple[int, ...], tuple[list[Instance], list[int]]] = {}
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

    def instances(
        self, problem: Problem, chosen: tuple[int, ...]
    ) -> tuple[list[Instance], list[int]]:
        """:func:`instances_of` the rows chosen (remembered: a function of the board's
        sources; the activations are never changed, the lists are copies)."""
        found = self._instances.get(chosen)
        if found is None:
            if len(self._instances) >= 4096:
                self._instances.clear()
            found = self._instances[chosen] = instances_of(problem, self.picks(chosen))
        return list(found[0]), list(found[1])

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
    key = problem.source_ids
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
