"""The land-drop policy's decision (see :mod:`mtgmana.analysis.simulation`) on a
hand that the decision cache of :mod:`._player` hasn't seen, assembled from each
land card's own options.

A decision key (``H``'s policy bits, :mod:`._layout`) holds every land card of the
hand and every count any land reads, so real decks meet thousands of distinct keys;
but each land card's options read only a few of those bits — its entry condition,
the copies left in the library of the lands it finds, the entry thresholds when its
mana depends on the battlefield (:mod:`._entry`). :class:`LandChoice` caches, per
card, its options under those bits (:class:`CardOptions`), and the best of them
under the few bits the choice reads (whether an untapped land is wanted, the colors
needed, those not made yet). A decision is then the hand's cards' options in order
and the best of their bests: the same options, in the same order, and the same
choice as scoring the whole list, because

* the list is ordered by whether an option enters tapped (a stable sort), modal
  double-faced spells last, so each card's options keep their own order within
  each part;
* an option's score (:func:`score`) has the tapped bit above every other part, so
  two options of equal score are in the same part, where the earlier card comes
  first: the first best of the whole list is the first best of the first card
  holding the best score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ._cards import LandFace
from ._layout import NO_MDFC, WANTS, Layout

__all__ = [
    "NO_LAND",
    "CardOptions",
    "Decision",
    "LandChoice",
    "LandDrop",
    "score",
]

LandDrop = tuple[int, int, int, int, int, int, LandFace, int, bool, int]
"""A land drop: (key added now, identity added now, key added from the next turn,
identity added from the next turn, card, whether it enters tapped, its face, the
card a fetch land finds or -1, whether it is a modal double-faced spell, what it
adds to ``H``)."""

Decision = tuple[tuple[tuple[int, int], ...], LandDrop | None]
"""The land drops the hand allows, as (key, identity) added now (one with nothing
added when there are none), and the one the policy makes."""

Drop = tuple[LandDrop, LandDrop, int, bool, int, int]
"""One land drop of a card: (untapped, tapped, the key bit of its condition and the
value for which it enters untapped, the card found, its "none left" bit)."""

NO_LAND: Final = ((0, 0),)
"""No land drop: the questions are asked of the battlefield as it is."""

Incs = tuple[tuple[int, int], ...]
_Hand = tuple[tuple[int, int, dict[int, "CardOptions"], bool], ...]


def score(option: LandDrop, bits: int) -> int:
    """The policy's score of a land drop (the highest is played; see
    :mod:`mtgmana.analysis.simulation`): untapped when a spell wants the mana
    (tapped otherwise), then the most colors needed and not made yet, the most
    colors needed, making mana here, and the card. ``bits``: whether an untapped
    land is wanted, the colors needed (<< 1), those not made yet (<< 6)."""
    colors = option[6].colors
    tapped = option[5]
    return (
        ((1 - tapped) if bits & WANTS else tapped) << 25
        | (colors & (bits >> 6)).bit_count() << 21
        | (colors & (bits >> 1) & 31).bit_count() << 17
        | bool(colors) << 16  # it makes mana here
        | 0xFFFF - option[4] * 64 - option[6].source
    )


class CardOptions:
    """One land card's options under its own bits of a decision key: the land
    drops in its order, what the untapped and the tapped ones add now, whether
    it is a modal double-faced spell, and its best option by the choice's bits
    (cached)."""

    __slots__ = ("best", "mdfc", "options", "tapped", "untapped")

    def __init__(self, options: Sequence[LandDrop], mdfc: bool) -> None:
        self.options = tuple(options)
        self.untapped: Incs = tuple((o[0], o[1]) for o in options if not o[5])
        self.tapped: Incs = tuple((o[0], o[1]) for o in options if o[5])
        self.mdfc = mdfc
        self.best: dict[int, tuple[int, LandDrop]] = {}

    def best_of(self, bits: int) -> tuple[int, LandDrop]:
        """The first of the options with the highest score, and that score."""
        options = self.options
        best = options[0]
        best_score = -1
        for option in options:
            value = score(option, bits)
            if value > best_score:
                best, best_score = option, value
        found = self.best[bits] = (best_score, best)
        return found


class LandChoice:
    """The decisions of one deck's player on a miss (see the module): ``drops``
    are each card's land drops (:data:`Drop`), ``land_cards`` the card of each
    land presence bit of ``H``, ``entering`` what an option makes as it enters
    (given the entry thresholds; ``entry_sources`` the classes whose mana
    depends on them, above ``entry_shift`` in a key), ``choice_bits`` what the
    choice reads of a key."""

    def __init__(
        self,
        layout: Layout,
        drops: Sequence[tuple[Drop, ...]],
        land_cards: dict[int, int],
        entry: tuple[int, frozenset[int], Callable[[LandDrop, int], LandDrop]],
        last_due: int,
        choice_bits: Callable[[int], int],
    ) -> None:
        self.layout = layout
        self.drops = drops
        self.land_cards = land_cards
        self.entry_shift, entry_sources, self.entering = entry
        self.choice_bits = choice_bits
        above = ~((1 << self.entry_shift) - 1)
        self.masks = [_card_mask(d, entry_sources, above) for d in drops]
        """The bits of a decision key each card's options read."""
        self.keep_mdfc = layout.top(layout.lands_field[last_due]) if layout.mdfc else 0
        """The bit of a key saying a modal double-faced spell is kept as a spell."""
        self.cards: list[dict[int, CardOptions]] = [{} for _ in drops]
        self.mdfc = [any(d[0][8] for d in card_drops) for card_drops in drops]
        self.land_pres = layout.land_pres
        self.hands: dict[int, _Hand] = {}
        self.by_card = [
            (bit, (card, self.masks[card], self.cards[card], self.mdfc[card]))
            for card, bit in sorted((card, bit) for bit, card in land_cards.items())
        ]
        """Each land card's presence bit of ``H`` and its entry in a hand, in order."""

    def clear(self) -> None:
        for cache in self.cards:
            cache.clear()
        self.hands.clear()

    def decide(self, key: int) -> Decision:
        """The land drops of the hand of ``key`` and the one the policy makes."""
        bits = self.choice_bits(key)
        up: Incs = ()
        down: Incs = ()
        later_up: Incs = ()
        later_down: Incs = ()
        best: LandDrop | None = None
        later: LandDrop | None = None
        best_score = later_score = -1
        hand = self.hands.get(key & self.land_pres) or self._hand(key & self.land_pres)
        for card, mask, cache, mdfc in hand:
            options = cache.get(key & mask) or self._options(card, key & mask)
            if not options.options or (mdfc and key & NO_MDFC):
                continue
            value, option = options.best.get(bits) or options.best_of(bits)
            if mdfc:
                later_up += options.untapped
                later_down += options.tapped
                if later is None or value > later_score:
                    later, later_score = option, value
            else:
                up += options.untapped
                down += options.tapped
                if best is None or value > best_score:
                    best, best_score = option, value
        if best is None and key & self.keep_mdfc:
            later = None  # a modal double-faced spell is kept as a spell
        return (up + down + later_up + later_down) or NO_LAND, best or later

    def _hand(self, present: int) -> _Hand:
        """The land cards of a hand (``present``: its land presence bits), in order,
        with the bits of a key each one reads, its options' cache, and whether it
        is a modal double-faced spell (cached)."""
        found = self.hands[present] = tuple(entry for bit, entry in self.by_card if present & bit)
        return found

    def _options(self, card: int, local: int) -> CardOptions:
        """Card ``card``'s options under its bits ``local`` of a key: each land a
        fetch land finds that is left in the library (the fetch land itself only
        when it finds nothing), tapped or untapped as its condition says, as it
        makes mana entering."""
        drops: list[LandDrop] = []
        for up, down, condition, when_clear, target, gone in self.drops[card]:
            if target >= 0:
                if local & gone:
                    continue  # none left in the library
            elif target == -2 and drops:
                break  # the fetch land itself only when it finds nothing
            drops.append(down if bool(local & condition) is when_clear else up)
        thresholds = local >> self.entry_shift
        made = CardOptions([self.entering(o, thresholds) for o in drops], any(o[8] for o in drops))
        self.cards[card][local] = made
        return made


def _card_mask(drops: Sequence[Drop], entry_sources: frozenset[int], above: int) -> int:
    """The bits of a decision key a card's options read: their entry conditions,
    the "none left" bits of the lands they find, the entry thresholds when one
    of them makes mana by the battlefield."""
    mask = 0
    for up, _, condition, _, _, gone in drops:
        mask |= condition | gone
        if up[6].source in entry_sources:
            mask |= above
    return mask
