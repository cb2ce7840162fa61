"""Private: whether a board has a Doubling Cube to activate (CR 605.1a, 701.10f) —
asked of every board, so kept apart from the Cube search (``_doubling``, imported
only when there is one: ``mtgmana tap`` starts faster)."""

from __future__ import annotations

from ..board import Board

__all__ = ["can_double", "cube_usable"]


def cube_usable(board: Board) -> bool:
    """Whether a permanent of yours can activate a pool-doubling ability now."""
    if not any(p.doublings for p in board.permanents):  # none: effects grant none
        return False
    effective = board.effective
    return any(can_double(effective, i) for i in range(len(effective.permanents)))


def can_double(board: Board, index: int) -> bool:
    """Whether the permanent at ``index`` can activate its pool-doubling ability now
    (untapped, yours, on the battlefield, not a summoning-sick creature: CR 302.6)."""
    p = board.permanents[index]
    return bool(
        p.doublings
        and p.controller == "you"
        and p.zone == "battlefield"
        and not p.tapped
        and not (p.is_creature and p.summoning_sick)
    )
