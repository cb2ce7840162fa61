"""What the deck's conditional lands make on the battlefield they enter, for the
simulation's land-drop policy (:mod:`._player`): Temple of the False God
makes nothing below five lands, a Tainted land only {C} without a Swamp, Spire of
Industry only {C} without an artifact (CR 602.5b), River of Tears {B} on the turn
it is played (its "instead", CR 106.7).

A condition on the battlefield is a :class:`~._features.Test` on the counts a
battlefield key keeps (:mod:`._keys`); on entering, the land counts itself (it
is one of "five or more lands") and a land was played. :meth:`EntryColors.bits`
reads, from the key of the battlefield before the land drop, which of the deck's
entry thresholds hold — a few bits the policy's decisions are cached under — and
:meth:`EntryColors.colors` what a land makes by them. An amount read from the
battlefield makes its types when it is at least 1 (Gaea's Cradle with a creature,
Nykthos with devotion to a color); what an ability costs is left aside.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._features import LAND_PLAYED, Feature
from ._keys import KeyLayout
from ._modal import ModalSource
from ._sources import SourceClass

__all__ = ["EntryColors"]

_Entry = tuple[int, tuple[int, ...], bool, tuple[int, ...]]
"""One way an ability makes mana, as the policy reads it: its types, the
thresholds its condition needs (bit indexes; -1: always), whether the condition is
negated, and the thresholds its amount needs to be at least 1."""


class EntryColors:
    """The deck's lands whose mana depends on the battlefield (see the module):
    ``lands`` are the classes of its land faces."""

    def __init__(
        self,
        classes: Sequence[SourceClass],
        lands: Sequence[int],
        layout: KeyLayout,
        outside: dict[Feature, int],
    ) -> None:
        self.specs: list[tuple[int, int]] = []
        """(key offset, the least value before the land drop) of each threshold."""
        self._layout = layout
        self._outside = outside
        self.abilities: dict[int, tuple[_Entry, ...]] = {}
        for c in dict.fromkeys(lands):
            source = classes[c]
            modal = source.modal
            if source.kind != "modal" or modal is None or not modal.features:
                continue
            self.abilities[c] = self._entries(source, modal)

    def _entries(self, source: SourceClass, modal: ModalSource) -> tuple[_Entry, ...]:
        """The entries of one land whose mana depends on the battlefield: per part of
        each of its abilities, the types it makes, the thresholds its condition needs,
        whether the condition is negated, and the thresholds its amount needs."""
        found: list[_Entry] = []
        for ability in modal.abilities:
            test = ability.test
            needs = [self._spec(source, f, n) for f, n in (test.needs if test else ())]
            negated = test is not None and test.negated
            for part in ability.parts:
                amount = []
                count = part.count
                if count is not None and count.kind == "count":
                    feature = count.features[0][0]
                    amount.append(self._spec(source, feature, 1 - count.plus))
                for slot in part.slots:
                    if isinstance(slot, int):
                        found.append((slot, tuple(needs), negated, tuple(amount)))
                        continue
                    for feature, bits in slot:  # "for each color among ..."
                        more = (*amount, self._spec(source, feature, 1))
                        found.append((bits, tuple(needs), negated, more))
        return tuple(found)

    def _spec(self, source: SourceClass, feature: Feature, n: int) -> int:
        """The bit index of "``feature`` is at least ``n`` once ``source`` entered"
        (-1: always)."""
        modal = source.modal
        assert modal is not None
        # On entry it counts itself (less its "other" weight) and was played.
        weight = 1 if feature is LAND_PLAYED else feature.weight(source.template)
        least = n - weight + dict(modal.own).get(feature, 0) - self._outside.get(feature, 0)
        if least <= 0:
            return -1
        spec = (self._layout.feature_offset[feature], least)
        if spec not in self.specs:
            self.specs.append(spec)
        return self.specs.index(spec)

    def __bool__(self) -> bool:
        return bool(self.abilities)

    def bits(self, key: int) -> int:
        """Which thresholds hold on the battlefield ``key`` (before the land drop)."""
        found = 0
        for i, (offset, least) in enumerate(self.specs):
            if (key >> offset) & 255 >= least:
                found |= 1 << i
        return found

    def colors(self, c: int, bits: int) -> int | None:
        """The types class ``c`` makes entering a battlefield whose thresholds are
        ``bits`` (``None``: it doesn't depend on the battlefield)."""
        entries = self.abilities.get(c)
        if entries is None:
            return None
        made = 0
        for types, needs, negated, amount in entries:
            if all(i < 0 or bits >> i & 1 for i in needs) == negated:
                continue  # its condition doesn't hold (CR 602.5b)
            if all(i < 0 or bits >> i & 1 for i in amount):
                made |= types
        return made
