"""Private: the permanents that "Sacrifice N ..." costs take (CR 602.2b, 701.21a:
Ashnod's Altar's creature, Krark-Clan Ironworks' artifact), and the order they
impose on the activations.

A permanent sacrificed to pay a cost is gone: its own activations come before (CR
602.2), and since mana made by an activation pays only later ones (CR 605.3a),
the mana made by sacrificing an Azorius Signet can't have paid that Signet's {1}.
So in a given order of the activations, an activation may sacrifice a permanent
only when every other activation of that permanent comes earlier
(:func:`assign_victims` with ``ordered``); with the order relaxed (any order, a
lower bound), only the pairs a branch ruled out are refused, and the victims
become edges of the precedence graph (:func:`victim_edges`) in which a cycle is
branched on like a cycle of mana (:mod:`mtgmana.tapping._evaluate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._solver import transport as T
from .._solver.flow import min_cost_transport
from ..board.queries import matches
from ._problem import Candidate, Instance, Problem

__all__: list[str] = []


def place(problem: Problem, inst: Instance) -> int:
    """The board index of the permanent an activation is of (a repeatable one: its
    group's first, as the plan names it)."""
    return problem.sources[inst.source].indexes[inst.copy]


def _fits(problem: Problem, item: Any) -> tuple[int, ...]:
    """The board indexes of your permanents on the battlefield a "Sacrifice ..."
    filter takes (remembered per problem)."""
    found = problem.fits.get(item)
    if found is None:
        board = problem.board
        found = problem.fits[item] = tuple(
            index
            for index, (identifier, p) in enumerate(zip(board.ids, board.permanents, strict=True))
            if p.controller == "you"
            and p.zone == "battlefield"
            and matches(item, p, identifier, None, "you", None)
        )
    return found


def victims_cost(
    problem: Problem, instances: Sequence[Instance], self_sacrificed: set[int]
) -> int | None:
    """The least weight of the permanents the activations' "Sacrifice N ..." costs
    take (tokens first, noncreatures before creatures), each once and never one
    that sacrifices itself, in any order; None when there aren't enough. Exact: a
    min-cost assignment of permanents to the costs (:mod:`mtgmana._solver.flow`)."""
    found = assign_victims(problem, instances, self_sacrificed, ordered=False)
    return None if found is None else found[0]


def assign_victims(
    problem: Problem,
    order: Sequence[Instance],
    self_sacrificed: set[int],
    *,
    ordered: bool,
    banned: frozenset[tuple[int, int]] = frozenset(),
) -> tuple[int, dict[int, tuple[int, ...]]] | None:
    """The least weight of the victims of the activations in ``order`` that
    sacrifice other permanents, and per such activation's position its victims;
    None when there aren't enough. ``ordered``: the activations come in this order,
    so a permanent with an activation after one can't be its victim; ``banned``
    (position, board index) pairs are refused either way."""
    wanted = [
        (position, inst.option.sacrifices)
        for position, inst in enumerate(order)
        if inst.option.sacrifices is not None
    ]
    if not wanted:
        return 0, {}
    last: dict[int, int] = {}  # board index -> the position of its latest activation
    if ordered:
        for position, inst in enumerate(order):
            last[place(problem, inst)] = position
    scale = problem.scale
    board = problem.board
    # Interchangeable permanents: same weight, same costs they may pay.
    kinds: dict[tuple[int, tuple[bool, ...]], list[int]] = {}
    candidates = sorted({i for _, (item, _) in wanted for i in _fits(problem, item)})
    for index in candidates:
        if index in self_sacrificed:
            continue
        p = board.permanents[index]
        allowed = tuple(
            index in _fits(problem, item)
            and last.get(index, -1) <= position
            and (position, index) not in banned
            for position, (item, _) in wanted
        )
        if any(allowed):
            key = (scale.sacrifice_weight(p.token, p.is_creature), allowed)
            kinds.setdefault(key, []).append(index)
    supplies = list(kinds)
    edges = [
        (s, d, weight)
        for s, (weight, allowed) in enumerate(supplies)
        for d in range(len(wanted))
        if allowed[d]
    ]
    found = min_cost_transport(
        [len(kinds[k]) for k in supplies], [n for _, (_, n) in wanted], edges
    )
    if found is None:
        return None
    taken = [0] * len(supplies)
    victims: dict[int, list[int]] = {}
    for (s, d), amount in sorted(found[1].items()):
        members = kinds[supplies[s]]
        victims.setdefault(wanted[d][0], []).extend(members[taken[s] : taken[s] + amount])
        taken[s] += amount
    return found[0], {position: tuple(chosen) for position, chosen in victims.items()}


def victim_edges(candidate: Candidate) -> list[tuple[int, int]]:
    """(p, s): the activation at position p comes before the one at s, which
    sacrifices p's permanent (p's own mana need not pay s)."""
    edges = []
    for s, chosen in candidate.victims.items():
        for p, where in enumerate(candidate.permanents):
            if p != s and where in chosen:
                edges.append((p, s))
    return edges


def arranged(problem: Problem, instances: Sequence[Instance]) -> list[Instance]:
    """The activations whose order matters: those that cost mana, and those that
    sacrifice permanents that another kind of activation of the combination — one
    that costs mana or sacrifices too — is of (it must come first, CR 602.2)."""
    ordered = [inst for inst in instances if inst.option.mana_cost is not None]
    busy: dict[int, set[tuple[int, int]]] = {}  # board index -> kinds of its activations
    for inst in instances:
        if inst.option.mana_cost is not None or inst.option.sacrifices is not None:
            busy.setdefault(place(problem, inst), set()).add((inst.source, id(inst.option)))
    for inst in instances:
        option = inst.option
        if option.mana_cost is not None or option.sacrifices is None:
            continue
        kind = (inst.source, id(option))
        if any(busy.get(i, set()) - {kind} for i in _fits(problem, option.sacrifices[0])):
            ordered.append(inst)
    return ordered


def victims_left(
    problem: Problem, order: list[Instance], solution: T.Solution, supplies: list[T.Supply]
) -> bool:
    """Whether "Sacrifice a creature" still has its creatures when convoke taps some
    (a creature sacrificed during CR 601.2g can't be tapped in 601.2h)."""
    victims = sum(inst.option.sacrifices[1] for inst in order if inst.option.sacrifices)
    if not victims or "convoke" not in problem.keywords:
        return True
    convoked = sum(
        amount
        for (s, d), amount in solution.assignment.items()
        if solution.demands[d].owner < 0
        and not supplies[s].types & solution.demands[d].types
        and any(label.startswith("convoke") for label in supplies[s].alt)
    )
    sacrificing = sum(
        1 for inst in order if inst.option.sacrifice_self and problem.sources[inst.source].creature
    )
    return victims <= problem.creatures - sacrificing - convoked
