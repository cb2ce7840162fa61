"""Private: what the deck analysis and its what-ifs share (an error, the basic
lands by the mana they make, CR 305.6)."""

from __future__ import annotations

from typing import Final

from ...errors import MtgManaError

__all__ = ["BASIC_LANDS", "DeckError"]

BASIC_LANDS: Final = {
    "W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes",
}  # fmt: skip
"""The basic land that makes each type of mana, for what-ifs."""


class DeckError(MtgManaError):
    """A deck that can't be analyzed (empty, no lands, too small, a bad what-if)."""
