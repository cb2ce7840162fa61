"""Private: the branch and bound over combinations of multi-mana and mana-costing
activations, group by group of identical permanents, best bound first (see
docs/tapper.md for why its bounds are valid)."""

from __future__ import annotations

import heapq
import itertools
import time
from operator import add
from typing import Any

from .._solver.flow import DEADLINE, OutOfTime
from ..errors import LimitError
from ._evaluate import Candidate, Pending, evaluate, instances_of, resume
from ._hall import alternative_supply
from ._least_waste import waste_cut_of
from ._problem import MAX_COMBINATIONS, MAX_NODES, Problem
from ._restricted import floor_of
from ._skeleton import _plus
from ._tree import _Tree

__all__ = ["SearchTooLong"]


def search(problem: Problem, *, shortcuts: bool = True, first: bool = False) -> Candidate | None:
    """:func:`_search` within the problem's time: past ``deadline`` (the best
    plan's search) the best plan found so far; past ``decide_by`` (``first``)
    :class:`SearchTooLong`."""
    deadline = problem.decide_by if first else problem.deadline
    if deadline is None:
        return _search(problem, shortcuts, first, [None])
    found: list[Candidate | None] = [None]
    token = DEADLINE.set(deadline)
    try:
        return _search(problem, shortcuts, first, found)
    except OutOfTime:
        if first:
            _check_time(-1.0)
        problem.solves = MAX_COMBINATIONS
        return found[0]
    finally:
        DEADLINE.reset(token)


def _search(
    problem: Problem, shortcuts: bool, first: bool, found: list[Candidate | None]
) -> Candidate | None:
    """The best combination of complex activations, by branch and bound over the
    groups of identical permanents: a branch is cut when a lower bound of every
    plan in it can't beat the best plan found, or when even with the most mana the
    undecided permanents could make, Hall's condition says the cost can't be paid.
    ``first``: the first payable combination found (for :func:`can_pay`). Without
    ``shortcuts``, every combination and order is solved (the tests' reference)."""
    if first and shortcuts:
        alone = _one_mana_alone(problem)
        if alone is not None:
            return alone
    tree = _Tree(problem)
    # (counts never negative: _plus, as Counter's + without its checks)
    tree.start_supply = _plus(
        _plus(tree.pool_supply, alternative_supply(problem)), tree.fixed_supply
    )
    if first:
        return _depth_first(problem, tree, shortcuts, found)
    return _best_first(problem, tree, shortcuts, found)


def _one_mana_alone(problem: Problem) -> Candidate | None:
    """The plan of the one-mana sources alone, if they pay (they often do): tried
    first when looking for any payable combination."""
    nothing = [[0] * len(source.complex) for source in problem.sources]
    alone = evaluate(problem, *instances_of(problem, nothing), problem.future)
    assert not isinstance(alone, Pending)  # no activation: nothing pending
    return alone


# A node of the search: its bound's sums, Hall's units and demands (depth first;
# best first: the number of units, the counts made at a leaf,
# :meth:`_Tree.hall_counts`), the units needed, the rows chosen, whether its bound
# was sharpened (1, 2; 3: its orders are pending) and the pending orders.
_Node = tuple[tuple[int, ...], Any, Any, int, tuple[int, ...], int, Pending | None]


def _depth_first(
    problem: Problem, tree: _Tree, shortcuts: bool, found: list[Candidate | None]
) -> Candidate | None:
    """The first payable combination (:func:`can_pay`), depth first: no activation
    first, then the rows that make the most mana; a branch is cut when Hall's
    condition says even the most mana it could make can't pay."""
    start: _Node = (tree.start, tree.start_supply, tree.cost_need, tree.cost_total, (), 0, None)
    stack: list[tuple[int, _Node]] = [(0, start)]
    leaves, nodes = len(tree.rows), 0
    while stack:
        nodes += 1
        if problem.decide_by is not None and not nodes & 63:
            _check_time(problem.decide_by)
        depth, node = stack.pop()
        _, supply, need, total, _, _, _ = node
        if shortcuts and tree.hopeless(depth, supply, need, total, True):
            continue
        if depth < leaves:
            stack.extend(
                (depth + 1, child) for child in reversed(_first_children(tree, depth, node))
            )
            continue
        result = _solve_leaf(problem, tree, node, None, shortcuts, defer=False)
        assert not isinstance(result, Pending)  # not deferred
        if result is not None:
            found[0] = result
            return result
    return None


def _first_children(tree: _Tree, depth: int, node: _Node) -> list[_Node]:
    """A node's children, depth first: with Hall's units and demands of each row
    added."""
    sums, supply, need, total, chosen, _, _ = node
    children: list[_Node] = []
    summaries = tree.summaries[depth]
    for r in tree.order[depth]:
        more_supply, more_need, more_total = tree.hall_rows[depth][r]
        child_sums = tuple(map(add, sums, summaries[r]))
        child_supply = _plus(supply, more_supply) if more_supply else supply
        child_need = _plus(need, more_need) if more_need else need
        children.append(
            (child_sums, child_supply, child_need, total + more_total, (*chosen, r), 0, None)
        )
    return children


def _solve_leaf(
    problem: Problem,
    tree: _Tree,
    node: _Node,
    beat: tuple[int, ...] | None,
    shortcuts: bool,
    defer: bool,
    beat_total: int | None = None,
) -> Candidate | Pending | None:
    """The best plan of a leaf's combination (its pending orders resumed, if any)."""
    pending = node[6]
    if pending is not None:
        return resume(problem, pending, beat, beat_total)
    instances, simple_counts = tree.skeleton.instances(problem, node[4])
    return evaluate(
        problem, instances, simple_counts, problem.future, beat, shortcuts, defer, beat_total
    )


class _Heap:
    """The best-first queue: nodes by bound, deeper first on ties (to reach plans
    sooner), then in the order pushed; a leaf whose orders are pending comes after
    the plans of the same bound that are cheaper to solve. A node sent back that
    would be the next one popped is held aside instead (:meth:`requeue`): the same
    order, without the heap's work."""

    def __init__(self, start: _Node) -> None:
        self.items: list[tuple[Any, ...]] = [((), 0, 0, start)]
        self.counter = itertools.count(1)
        self.held: tuple[Any, int, _Node] | None = None

    def __bool__(self) -> bool:
        return bool(self.items) or self.held is not None

    def push(self, bound: Any, depth: int, node: _Node) -> None:
        heapq.heappush(self.items, (bound, -depth, next(self.counter), node))

    def push_all(self, depth: int, nodes: list[tuple[Any, _Node]]) -> None:
        """:meth:`push` nodes of one depth (bound, node), in order, the first of the
        least bound held aside when it comes before every node queued (the heap's
        items are then as if it had been pushed and popped)."""
        if nodes:
            first = 0
            for i in range(1, len(nodes)):
                if nodes[i][0] < nodes[first][0]:
                    first = i
            bound = nodes[first][0]
            if self._next(bound, depth):
                self.held = (bound, depth, nodes.pop(first)[1])
        for bound, node in nodes:
            self.push(bound, depth, node)

    def requeue(self, bound: Any, depth: int, node: _Node) -> None:
        """:meth:`push` a node popped last, before anything else is pushed: held
        aside when it comes before every node queued (it would be popped next)."""
        if self._next(bound, depth):
            self.held = (bound, depth, node)
        else:
            self.push(bound, depth, node)

    def _next(self, bound: Any, depth: int) -> bool:
        """Whether a node of this bound and depth, pushed now, would be popped next:
        before every node queued (on a tie, those were pushed before it)."""
        items = self.items
        return not items or (bound, -depth) < items[0][:2]

    def pop(self, leaves: int) -> tuple[Any, int, _Node]:
        """The next node: its key (its bound, or none yet), its depth, the node."""
        held = self.held
        if held is not None:
            self.held = None
            return held
        key, negative_depth, _, node = heapq.heappop(self.items)
        depth = -negative_depth if negative_depth <= 0 else leaves  # 1: a leaf pending
        return key, depth, node

    def push_pending(self, node: _Node, pending: Pending) -> None:
        heapq.heappush(self.items, (pending.floor, 1, next(self.counter), (*node[:5], 3, pending)))


def _best_first(
    problem: Problem, tree: _Tree, shortcuts: bool, found: list[Candidate | None]
) -> Candidate | None:
    """The best combination, best bound first: a node is cut when its bound can't
    beat the best plan found or Hall's condition says it can't pay; a sharper
    bound sends a node back to wait its turn."""
    start: _Node = (tree.start, tree.start_supply.total(), None, tree.cost_total, (), 0, None)
    heap = _Heap(start)
    best: Candidate | None = None
    leaves, nodes = len(tree.rows), 0
    defer = shortcuts and not tree.margin
    floor = floor_of(tree) if shortcuts else None  # restricted mana: by totals
    waste = waste_cut_of(tree)  # the mana unused, by subset sums
    while heap and (not shortcuts or not problem.spent):
        nodes += 1
        if nodes > MAX_NODES and shortcuts:
            problem.solves = MAX_COMBINATIONS  # the budget is spent on nodes
            break
        key, depth, node = heap.pop(leaves)
        if shortcuts:
            bound = key or tree.bound(depth, node[0])  # a node's key is its bound
            if best is not None and tree.worse(bound, best.value):
                break  # every node left has a bound at least as high
            if floor and best and floor.beaten(depth, node[0], node[4], best):
                continue  # no plan below beats the best plan's total (_restricted)
            if _cut_or_sharpened(heap, tree, depth, node, bound):
                continue
            if waste and node[2] is None:
                sharper = waste(node[4], bound, best)
                if sharper is not None:  # sharper by subset sums (_least_waste)
                    if sharper:
                        heap.requeue(sharper, depth, (node[0], node[1], True, *node[3:]))
                    continue
        if depth < leaves:
            _push_children(heap, tree, depth, node, shortcuts)
            continue
        beat_total = floor.total(best) if floor is not None and best is not None else None
        result = _solve_leaf(
            problem, tree, node, _beat(tree, best, shortcuts), shortcuts, defer, beat_total
        )
        if isinstance(result, Pending):
            heap.push_pending(node, result)  # its orders wait their turn with their bound
        else:
            best = found[0] = _better(best, result)
    return best


def _beat(tree: _Tree, best: Candidate | None, shortcuts: bool) -> tuple[int, ...] | None:
    """What a leaf's plan must beat: the best plan's value, unless restricted
    mana makes the values exact only within a margin (or without shortcuts)."""
    return None if best is None or not shortcuts or tree.margin else best.value[:5]


def _better(best: Candidate | None, candidate: Candidate | None) -> Candidate | None:
    """The better of two plans (the first on a tie)."""
    if candidate is not None and (best is None or candidate.value < best.value):
        return candidate
    return best


def _cut_or_sharpened(
    heap: _Heap, tree: _Tree, depth: int, node: _Node, bound: tuple[int, ...]
) -> bool:
    """Whether a node leaves the queue now: cut by Hall's condition, or sent
    back with a sharper bound to wait its turn again."""
    if _pruned(tree, depth, node):
        return True
    sharpened = _sharpened(tree, depth, node, bound)
    if sharpened is None:
        return False
    sharper, level = sharpened
    heap.requeue(sharper, depth, (*node[:5], level, None))
    return True


def _pruned(tree: _Tree, depth: int, node: _Node) -> bool:
    """Whether Hall's condition cuts a node, best first: only the count at inner
    nodes (cheaper), the units and demands at a leaf (met again: checked the first
    time)."""
    _, supply, _, total, chosen, refined, _ = node
    if depth < len(tree.rows):
        return tree.hall and supply + tree.optimistic_total[depth] < total
    return not refined and tree.leaf_hopeless(chosen, total)


def _sharpened(
    tree: _Tree, depth: int, node: _Node, bound: tuple[int, ...]
) -> tuple[tuple[int, ...], int] | None:
    """A sharper bound of a node and its new level, or None. An inner node whose
    last row made mana: what it and the others can pay, colors counted (level 1).
    A leaf: what the made mana can pay, colors counted (level 1), then the same
    whichever activation comes first (level 2, dearer: only if it is met again)."""
    sums, _, _, _, chosen, refined, _ = node
    if depth < len(tree.rows):
        if refined or not chosen or not tree.made_rows[depth - 1][chosen[-1]][0]:
            return None
        sharper = tree.colored_waste(depth, chosen, bound)
        return (sharper, 1) if sharper > bound else None
    if refined >= 2:
        return None
    level, sharper = refined, bound
    while level < 2 and sharper <= bound:
        level += 1
        sharper = tree.leaf_bound(sums, chosen, led=level == 2)
    return (sharper, level) if sharper > bound else None


def _push_children(heap: _Heap, tree: _Tree, depth: int, node: _Node, shortcuts: bool) -> None:
    """A node's children, best first: with the count of Hall's units of each row
    added, each with its bound."""
    sums, supply, _, total, chosen, _, _ = node
    hall_rows, summaries = tree.hall_rows[depth], tree.summaries[depth]
    supply_totals, idle = tree.supply_totals[depth], tree.skeleton.idle[depth]
    bound = tree.bound
    children: list[tuple[Any, _Node]] = []
    for r in tree.order[depth]:
        child_sums = sums if idle[r] else tuple(map(add, sums, summaries[r]))
        child: _Node = (
            child_sums, supply + supply_totals[r], None, total + hall_rows[r][2], (*chosen, r), 0,
            None,
        )  # fmt: skip
        children.append((bound(depth + 1, child_sums) if shortcuts else (), child))
    heap.push_all(depth + 1, children)


def _check_time(decide_by: float) -> None:
    if time.process_time() > decide_by:
        raise SearchTooLong("search_budget", "no answer within the search's time: the board "
                            "has too many sources whose abilities cost mana to decide whether "
                            "it pays (an exact answer or none)", 0)  # fmt: skip


class SearchTooLong(LimitError):
    """The search for any payable plan ran past its time limit: whether the cost
    can be paid is not known (never guessed)."""
