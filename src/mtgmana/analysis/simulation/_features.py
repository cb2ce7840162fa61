"""What the simulation's battlefield keys count for sources whose mana depends on
the battlefield (:mod:`._modal`): :class:`Feature` (a count, each permanent
adding its weight), :class:`Test` (a condition on counts, CR 602.5b) and
:class:`Pool` (the permanents a cost taps or sacrifices, CR 601.2h, 605.3a).

A battlefield's key is a sum of what each permanent adds (:mod:`._keys`), so
every feature is a sum of weights: the permanents a filter names ("five or more
lands", "a Swamp"), devotion to some colors (CR 700.5), permanents of a power or
toughness (for "the greatest power among ..."), of each color (CR 105.2), of each
basic land type, their total power (formidable), and whether a land was played
this turn (the engine adds that one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from ...board import Permanent
from ...board.abilities import PermanentFilter
from ...board.queries import matches
from ...colors import Color

__all__ = [
    "CONVOKE",
    "GRAVEYARD",
    "IMPROVISE",
    "LAND_PLAYED",
    "Feature",
    "FeatureKind",
    "Pool",
    "Test",
]

FeatureKind = Literal[
    "match", "devotion", "power", "toughness", "color", "monocolored", "land type",
    "total power", "land played", "graveyard",
]  # fmt: skip


@dataclass(frozen=True)
class Feature:
    """A count a battlefield key keeps: ``kind`` is ``"match"`` (permanents
    ``filter`` names), ``"devotion"`` (mana symbols of ``key``'s colors in your
    permanents' mana costs, CR 700.5), ``"power"`` or ``"toughness"`` (permanents
    ``filter`` names with that much: ``value``), ``"color"`` (your permanents of
    color ``key``), ``"monocolored"`` (your monocolored permanents of color
    ``key``), ``"land type"`` (permanents ``filter`` names with basic land type
    ``key``), ``"total power"`` (the power of the permanents ``filter`` names, CR
    107.1b: none below zero), ``"land played"`` (1 when you played a land this
    turn: the engine adds it with the land drop) or ``"graveyard"`` (the cards in
    your graveyard, as the engine assumes them: :data:`GRAVEYARD`)."""

    kind: FeatureKind
    filter: PermanentFilter | None = None
    key: str = ""
    value: int = 0

    def weight(self, permanent: Permanent) -> int:
        """What one permanent adds to the count (as a permanent other than the
        source: "other" is the source's own adjustment)."""
        kind = self.kind
        if kind in ("land played", "graveyard"):
            return 0
        if kind in ("devotion", "color", "monocolored"):
            return self._colored(permanent)
        assert self.filter is not None
        if not matches(self.filter, permanent, 1, None, "you", 0):
            return 0
        if kind == "match":
            return 1
        if kind == "power":
            return 1 if permanent.power == self.value else 0
        if kind == "toughness":
            return 1 if permanent.toughness == self.value else 0
        if kind == "total power":
            return max(0, permanent.power)
        return 1 if self.key in permanent.subtypes else 0  # "land type"

    def _colored(self, permanent: Permanent) -> int:
        if permanent.controller != "you":
            return 0
        if self.kind == "devotion":  # CR 700.5, as mtgmana.board.Board.count reads it
            wanted = set(self.key)
            return sum(1 for symbol in permanent.mana_cost if wanted & set(str(symbol.colors)))
        if permanent.zone != "battlefield":
            return 0
        if self.kind == "monocolored" and not permanent.colors.is_monocolored:
            return 0
        return 1 if Color.parse(self.key) in permanent.colors else 0


LAND_PLAYED: Final = Feature("land played")
"""1 on a battlefield where you played a land this turn (River of Tears)."""
GRAVEYARD: Final = Feature("graveyard")
"""The cards in your graveyard (delve, CR 702.66): the simulation assumes one a turn
after the first, besides those it puts there itself (lands searched with,
sacrificed or cycled; ramp instants and sorceries cast)."""


@dataclass(frozen=True)
class Test:
    """A condition on a battlefield's counts: each of ``needs`` (a feature and the
    least it must be) holds — or, if ``negated``, not all of them (CR 602.5b; the
    other half of an "instead", CR 106.7)."""

    needs: tuple[tuple[Feature, int], ...]
    negated: bool = False

    def holds(self, values: Mapping[Feature, int]) -> bool:
        return all(values[f] >= n for f, n in self.needs) != self.negated


@dataclass(frozen=True)
class Pool:
    """The permanents a cost takes besides its own: ``kind`` ``"tap"`` (untapped
    ones you control, CR 302.6 aside: Springleaf Drum, Jaspera Sentinel) or
    ``"sacrifice"`` (Ashnod's Altar, The Golden Throne), those ``filter`` names."""

    kind: Literal["tap", "sacrifice"]
    filter: PermanentFilter

    def admits(self, permanent: Permanent) -> bool:
        """Whether ``permanent`` (yours, on the battlefield) is one it may take."""
        return permanent.controller == "you" and matches(self.filter, permanent, 1, None, "you", 0)


CONVOKE: Final = Pool("tap", PermanentFilter(card_types=frozenset({"Creature"})))
"""The creatures a convoke spell may tap (CR 702.51a)."""
IMPROVISE: Final = Pool("tap", PermanentFilter(card_types=frozenset({"Artifact"})))
"""The artifacts an improvise spell may tap (CR 702.126a)."""
