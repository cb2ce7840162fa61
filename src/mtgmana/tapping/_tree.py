"""Private: the branch and bound's view of a problem (:class:`_Tree`): the
board's :class:`~mtgmana.tapping._skeleton._Skeleton` and what the cost and the
floating mana add, and the bounds a node is cut by (CR 106.1, 601.2g-h, 605.3a;
see docs/tapper.md for why they are valid)."""

from __future__ import annotations

from collections import Counter
from itertools import accumulate
from typing import Any

from ._compile import ORDER
from ._hall import SNOW_BIT, cost_view, counted, hall, hall_counted, matched
from ._problem import Problem
from ._skeleton import _joined, _lead_units, _plus, _skeleton

__all__: list[str] = []


class _Tree:
    """The branch and bound's view of a problem: the board's :class:`_Skeleton`
    and what the cost and the floating mana add (Hall's demands, the bounds'
    start)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        skeleton = _skeleton(problem)
        # Restricted mana makes the level counts of a candidate exact only to
        # within one unit of waste: then only preferences 1-3 bound, with that margin.
        pool = problem.pool
        self.margin = int(
            skeleton.restricted or bool(pool and any(unit.restriction is not None for unit in pool))
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
        # Empty counts, made without ``Counter.__init__`` (Python code, a request's).
        self.start_supply: Counter[int] = Counter.__new__(Counter)
        demands = view.demands
        self.hall = demands is not None
        self.cost_need: Counter[int] = Counter.__new__(Counter)
        self.pool_supply: Counter[int] = Counter.__new__(Counter)
        self.cost_total = 0
        self.cost_most: tuple[Counter[int], int] | None = None
        self._lead_cost: Counter[int] = Counter.__new__(Counter)
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
        self.fixed_supply: Counter[int] = Counter.__new__(Counter)
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
        self._lone_weights = list(accumulate(self.lone, initial=0))

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
