"""Private: a bound of the branch and bound on boards with restricted mana
(CR 106.6), by the plans' totals rather than their levels.

A flow prefers to spend restricted mana where it may be (preference 6): each
unit of it spent takes ``restricted_bonus`` off the flow's total (a tie-breaking
weight, ``_solver.transport.Weights``). So a plan's total, whose digits are its
levels 1-6 (``_problem.Scale``), is its levels' weights less that bonus per
restricted unit spent — at most :func:`restricted_slack` less — and the tree
bounds only preferences 1-4 on such boards, within a margin of one unit of waste
(``_Tree.margin``), which cuts almost nothing. With no future costs a plan's
value is the mixed-radix reading of its total (``_evaluate._solve_order``), so
values compare as totals; and each count of :meth:`_Tree.levels` (sacrifices,
damage and life, mana unused, flexibility) is a lower bound of that count in
every plan below a node, whatever the restrictions (they only narrow what may
pay). So every plan below has a total of at least the levels' weights less the
slack, and a node whose floor is at least the best plan's total holds no plan
that beats it (a tie keeps the plan found first): cut, exactly
(docs/tapper.md §4)."""

from __future__ import annotations

from typing import Any, Protocol

from ._network import shared
from ._problem import Candidate, Problem

__all__ = ["Floor"]


class _Tree(Protocol):
    """What a floor reads of the search's tree (``tapping._tree._Tree``; not
    imported: the tree's modules import this one)."""

    problem: Problem
    margin: int
    rows: list[Any]

    def levels(self, depth: int, sums: tuple[int, ...]) -> tuple[int, ...]: ...

    def leaf_levels(
        self, sums: tuple[int, ...], chosen: tuple[int, ...], *, led: bool = True
    ) -> tuple[int, ...]: ...


def restricted_slack(problem: Problem) -> int | None:
    """The most a plan's flows take off its total for the restricted mana they
    spend: the bonus per unit times the restricted units the board and the pool
    could make at most (each permanent of a group its option with the most
    restricted slots). None when that isn't bounded so (a repeatable option makes
    restricted mana) or when values aren't totals (future costs: level 3 isn't a
    digit of the total)."""
    if problem.future:
        return None
    units = sum(unit.restriction is not None for unit in problem.pool)
    for source in problem.sources:
        most = 0
        for option in (*source.simple, *source.complex):
            if option.restriction is None:
                continue
            if option.repeatable:
                return None
            most = max(most, len(option.slots))
        units += most * len(source.indexes)
    return shared(problem).weights.restricted_bonus * units


class Floor:
    """The floor of a node's plans' totals on a board with restricted mana: its
    counts of preferences 1-5 (:meth:`_Tree.levels`) weighed, less the slack."""

    def __init__(self, tree: _Tree, slack: int) -> None:
        scale = tree.problem.scale
        self.tree = tree
        self.slack = slack
        self.weights = (scale.sacrifice, scale.life, 0, scale.waste, scale.flex)

    def beaten(
        self, depth: int, sums: tuple[int, ...], chosen: tuple[int, ...], best: Candidate
    ) -> bool:
        """Whether no plan below the node (its rows ``chosen``; at a leaf, by
        :meth:`_Tree.leaf_levels`) beats ``best`` (its value is its total read in
        mixed radix: no future costs)."""
        tree = self.tree
        if depth == len(tree.rows):
            levels = tree.leaf_levels(sums, chosen)
        else:
            levels = tree.levels(depth, sums)
        floor = sum(w * n for w, n in zip(self.weights, levels, strict=True)) - self.slack
        return floor >= self.total(best)

    def total(self, candidate: Candidate) -> int:
        """A plan's total (:func:`total`)."""
        return total(candidate, self.tree.problem)


def floor_of(tree: _Tree) -> Floor | None:
    """The :class:`Floor` of a tree's nodes, when the values are exact only
    within a margin (restricted mana) and the slack is bounded."""
    if not tree.margin:
        return None
    slack = restricted_slack(tree.problem)
    return None if slack is None else Floor(tree, slack)


def total(candidate: Candidate, problem: Problem) -> int:
    """A plan's total, from its value (no future costs: level 3 is 0)."""
    sacrifice, life, kept, waste, flex, rest = candidate.value
    assert not kept
    scale = problem.scale
    return (
        sacrifice * scale.sacrifice + life * scale.life + waste * scale.waste
        + flex * scale.flex + rest
    )  # fmt: skip
