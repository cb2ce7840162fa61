"""Whether a card can be a commander (CR 903.3, 702.124): what a Commander deck's
legality checks, and what tells a commander in the sideboard of an MTGO export.

>>> from mtgmana.cards import lookup
>>> can_be_commander(lookup("Tatyova, Benthic Druid")), can_be_commander(lookup("Opt"))
(True, False)
"""

from __future__ import annotations

import re

from ...cards import Card

__all__ = ["can_be_commander"]


def can_be_commander(card: Card) -> bool:
    """Whether ``card`` can be a commander (CR 903.3: a legendary creature, Vehicle
    or Spacecraft; CR 903.3a: it says it can be your commander) or the second of
    two with "choose a Background" (a legendary Background, CR 702.124k)."""
    front = card.faces[0]
    types = front.type_line.split("—")[0].split()
    if "Legendary" in types:
        if "Creature" in types or "Background" in front.type_line:
            return True
        subtypes = front.type_line.partition("—")[2].split()
        if "Vehicle" in subtypes or "Spacecraft" in subtypes:
            return True
    text = " ".join(face.oracle_text for face in card.faces)
    if "Legendary" in types and re.search(r"isn't on the battlefield, it's a [^.]*creature", text):
        return True  # Grist, the Hunger Tide: a creature card in the command zone
    return "can be your commander" in text
