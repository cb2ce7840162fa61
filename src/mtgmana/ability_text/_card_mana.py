"""Private: :class:`CardMana`, what a card's text says about mana (CR 605: its mana
abilities; CR 106.12b, 614: its replacement effects on mana production), the
result of :func:`mtgmana.ability_text.parse_mana`."""

from __future__ import annotations

from dataclasses import dataclass

from ..abilities import ManaAbility, ManaReplacement, ManaTrigger

__all__ = ["CardMana"]


@dataclass(frozen=True)
class CardMana:
    """What a card's text says about mana.

    ``abilities`` are its activated mana abilities (CR 605.1a), ``triggers`` its
    triggered mana abilities (CR 605.1b), ``replacements`` its replacement effects
    on mana production (CR 106.12b). ``unsupported`` pairs the text of each mana
    ability that couldn't be modelled exactly with the reason; ``notes`` records
    what was read but isn't part of the model (effects after the mana is added,
    lines that add mana without being mana abilities).
    """

    abilities: tuple[ManaAbility, ...] = ()
    triggers: tuple[ManaTrigger, ...] = ()
    replacements: tuple[ManaReplacement, ...] = ()
    unsupported: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def supported(self) -> bool:
        """Whether every mana ability in the text was modelled."""
        return not self.unsupported

    @property
    def has_mana(self) -> bool:
        """Whether the text has any mana ability or mana replacement effect,
        modelled or not."""
        return bool(self.abilities or self.triggers or self.replacements or self.unsupported)
