"""Private: what may pay besides mana (CR 602.2b, 702.51a, 702.66a, 702.126a):
permanents tapped as an activation's cost ("Tap two untapped Elves you control"),
creatures tapped for a spell's convoke, artifacts for its improvise, cards exiled
from a graveyard for its delve.

Each is a *unit* of the transport problem that is not mana: it carries labels
(:attr:`mtgmana._solver.transport.Supply.alt`) saying which demands it may meet — a
creature of the spell's colors "convoke:G", any creature "convoke" (generic mana),
an artifact "improvise", a graveyard card "delve", a permanent matching the k-th
"Tap ... you control" filter "tap:k". A permanent taps once: for its own mana
ability, for a cost, or for convoke — the flow chooses (a unit of a group that also
makes mana carries both its types and its labels).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, Permanent
from ..board.abilities import PermanentFilter
from ..board.queries import matches
from ..restrictions import Spend, SpendKind
from ._compile import Option, Source

__all__: list[str] = []


@dataclass(frozen=True)
class AltGroup:
    """Interchangeable non-mana units: the board indexes of the permanents (none for
    graveyard cards), their labels, the bits of the mana types whose symbols they
    may pay (convoke: the creature's colors), and the compiled group they belong to
    (its one-mana units are the same permanents) or ``None``."""

    indexes: tuple[int, ...]
    labels: frozenset[str]
    bits: int
    group: int | None
    count: int
    added: int = 0
    """Graveyard cards: how many more the activations may put there before delve
    exiles (cards discarded, nontoken permanents sacrificing themselves)."""


_NO_KEYWORDS: frozenset[str] = frozenset()


def spell_keywords(spend: Spend) -> frozenset[str]:
    """The spell's ways to pay besides mana: convoke, improvise, delve."""
    if spend.kind is not SpendKind.SPELL or not spend.keywords:
        return _NO_KEYWORDS
    return frozenset(k.lower() for k in spend.keywords) & {"convoke", "improvise", "delve"}


def generic_labels(keywords: frozenset[str]) -> frozenset[str]:
    """What may pay a spell's generic mana and X."""
    return frozenset(keywords)


def tap_filters(sources: list[Source]) -> list[PermanentFilter]:
    """The distinct "Tap ... you control" filters of the board's options."""
    found: list[PermanentFilter] = []
    for source in sources:
        for option in (*source.simple, *source.complex):
            if option.taps is not None and option.taps[0] not in found:
                found.append(option.taps[0])
    return found


def labels_of(
    board: Board, index: int, keywords: frozenset[str], filters: list[PermanentFilter]
) -> tuple[frozenset[str], int]:
    """A permanent's labels and convoke bits (untapped permanents you control on
    the battlefield only: what can be tapped)."""
    permanent: Permanent = board.permanents[index]
    if permanent.controller != "you" or permanent.zone != "battlefield" or permanent.tapped:
        return frozenset(), 0
    labels: set[str] = set()
    bits = 0
    if "convoke" in keywords and permanent.is_creature:
        labels.add("convoke")
        for letter in permanent.colors.letters:
            labels.add(f"convoke:{letter}")
            bits |= 1 << "WUBRG".index(letter)
    if "improvise" in keywords and "Artifact" in permanent.card_types:
        labels.add("improvise")
    identifier = board.ids[index]
    for k, item in enumerate(filters):
        if matches(item, permanent, identifier, permanent, "you", None):
            labels.add(f"tap:{k}")
    return frozenset(labels), bits


def alternative_groups(
    board: Board, sources: list[Source], spend: Spend, filters: list[PermanentFilter]
) -> list[AltGroup]:
    """The non-mana units of a problem, grouped."""
    keywords = spell_keywords(spend)
    if not keywords and not filters:
        return []
    groups = _tapped_groups(board, sources, keywords, filters)
    if "delve" in keywords:
        delve = _delve_group(board, sources)
        if delve is not None:
            groups.append(delve)
    return groups


def _tapped_groups(
    board: Board, sources: list[Source], keywords: frozenset[str], filters: list[PermanentFilter]
) -> list[AltGroup]:
    """The permanents that can be tapped for convoke, improvise or a cost's "Tap an
    untapped ...", grouped by their labels, convoke bits and source group."""
    group_of = {i: g for g, source in enumerate(sources) for i in source.indexes}
    grouped: dict[tuple[frozenset[str], int, int | None], list[int]] = {}
    for index in range(len(board.permanents)):
        labels, bits = labels_of(board, index, keywords, filters)
        if labels:
            grouped.setdefault((labels, bits, group_of.get(index)), []).append(index)
    return [
        AltGroup(tuple(indexes), labels, bits, group, len(indexes))
        for (labels, bits, group), indexes in grouped.items()
    ]


def _delve_group(board: Board, sources: list[Source]) -> AltGroup | None:
    """Delve's cards (CR 702.66a): those in the graveyard, and how many more
    activations can put there (sacrificed, discarded: no more than the hand
    holds); None when there are none."""
    options = [(s, o) for s in sources for o in (*s.simple, *s.complex)]
    added = sum(
        len(s.indexes) for s in sources if any(buried(s, o) for o in (*s.simple, *s.complex))
    )
    if any(o.resources[1] or o.discards_hand for _, o in options):
        added += board.hand  # no more discarded than the hand holds
    if board.graveyard or added:
        return AltGroup((), frozenset({"delve"}), 0, None, board.graveyard, added)
    return None


def buried(source: Source, option: Option) -> int:
    """The cards an activation puts into your graveyard (CR 701.9a discard, 701.21a
    sacrifice; a token isn't a card, CR 111.7), each one more for delve."""
    if option.exiles:  # "Exile this", "Exile a card from your hand": not buried
        return 0
    itself = option.sacrifice_self and not option.from_hand and not source.token
    return option.resources[1] + (1 if itself else 0)


def tap_only(labels: frozenset[str]) -> frozenset[str]:
    """The labels a permanent keeps once an activation sacrificed it during CR
    601.2g: it can still have been tapped for an earlier cost, not for convoke."""
    return frozenset(label for label in labels if label.startswith("tap:"))
