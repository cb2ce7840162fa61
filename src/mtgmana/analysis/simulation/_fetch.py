"""Lands whose search costs mana, in the simulation (:mod:`._game`; CR 701.23):
Warped Landscape, Terminal Moraine, the Panoramas, Myriad Landscape, Krosan Verge,
Blighted Woodland — played as a land (its own mana, {C}), then cracked after the
turn's questions and ramp, the first turn the *other* permanents pay its search
({T} is part of the cost, so it can't pay itself, CR 602.2b): the lands it finds
come from the library, tapped, for the next turns. Basic landcycling (Ash Barrens,
CR 702.29) is used from the hand once a land was played this turn and the
battlefield pays it: the basic land found goes to the hand.

The lands found are those the land-drop policy would like best: the most colors
the hand needs and the battlefield lacks, then the most needed colors (two of one
land type for Myriad Landscape; one of each type for Krosan Verge). At most one
land is cracked or cycled a turn (the mana of one search).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..roles import Fetch
from ._player import Game, LandDrop, Player, pull, shuffle

__all__ = ["crack"]


def crack(
    engine: Player, game: Game, use_key: int, use_identity: int, played: LandDrop | None
) -> None:
    """Crack (or cycle) one land whose search costs mana, if the battlefield this
    turn (``use_key``, ``use_identity``) pays it (see the module)."""
    deck = engine.deck
    layout = engine.layout
    for k in engine.delayed:
        fetch = deck.items[k].role.fetch
        assert fetch is not None
        bit = 1 << deck.crack[k]
        if fetch.cycling:
            if played is None or not game.H & layout.top(layout.land_field[k]):
                continue
            found = _found(engine, game, k)
            if not found or not engine.castable(use_key, use_identity, bit):
                continue
            _cycle(engine, game, k, found)
            return
        offset = layout.pending_field[k]
        pending = layout.count(game.H, offset) - layout.count(layout.start, offset)
        face = deck.land_faces[k][0]
        c = face.source
        # Copies untapped now (one that entered tapped this turn can't pay {T}).
        untapped = (use_identity // engine.ident[c]) & 255
        if pending <= 0 or not untapped:
            continue
        found = _found(engine, game, k)
        if not found:
            continue  # nothing left to find: it stays a land
        if not engine.castable(use_key - engine.inc[c], use_identity - engine.ident[c], bit):
            continue
        _sacrifice(engine, game, k, found)
        return


def _cycle(engine: Player, game: Game, k: int, found: list[int]) -> None:
    """Cycle land ``k`` from the hand: the basic lands ``found`` go to the hand
    (CR 702.29a)."""
    layout = engine.layout
    game.H -= layout.hand_in[k]  # discarded (CR 702.29a)
    engine.to_graveyard(game)
    for target in found:
        pull(game, target)
        game.H += layout.hand_in[target] + (1 << layout.out_field[target])
    shuffle(game)


def _sacrifice(engine: Player, game: Game, k: int, found: list[int]) -> None:
    """Crack land ``k``: it is sacrificed, and the lands ``found`` enter tapped
    (CR 701.23)."""
    deck = engine.deck
    layout = engine.layout
    offset = layout.pending_field[k]
    face = deck.land_faces[k][0]
    c = face.source
    game.H -= (1 << offset) + layout.land_in(face)  # sacrificed
    game.key -= engine.inc[c]
    game.identity -= engine.ident[c]
    engine.to_graveyard(game)
    if game.field is not None:
        game.field.remove(next(f for f in game.field if f.source == c))
    for target in found:
        pull(game, target)
        game.H += 1 << layout.out_field[target]
        land = deck.land_faces[target][0]
        game.key += engine.inc[land.source]  # tapped now, untapped next turn
        game.identity += engine.ident[land.source]
        engine.enter(game, land, land.source)
    shuffle(game)


def _found(engine: Player, game: Game, k: int) -> list[int]:
    """The land cards ``k``'s search takes from the library (see the module)."""
    deck = engine.deck
    layout = engine.layout
    fetch = deck.items[k].role.fetch
    assert fetch is not None
    h = game.H
    need = layout.colors(h, layout.need_field)
    have = layout.colors(h, layout.color_field)
    left = {t: game.library.count(t) + game.bottomed.count(t) for t in deck.fetch_targets[k]}

    def score(t: int) -> tuple[int, int, int, int]:
        colors = deck.land_faces[t][0].colors
        return (
            (colors & need & ~have).bit_count(),
            (colors & need).bit_count(),
            (colors & 31).bit_count(),
            -t,
        )

    found: list[int] = []
    for _ in range(fetch.lands):
        candidates = _candidates(fetch, deck.subtypes, left, found)
        if not candidates:
            break
        best = max(candidates, key=score)
        found.append(best)
        left[best] -= 1
    return found


def _candidates(
    fetch: Fetch, subtypes: Sequence[int], left: dict[int, int], found: list[int]
) -> list[int]:
    """The lands a search may still take: those left in the library, of a type
    not found yet (one of each type) or of the first one's type (two sharing a
    type)."""
    candidates = [t for t, n in left.items() if n > 0]
    if fetch.each and found:
        taken = subtypes[found[0]]
        candidates = [t for t in candidates if subtypes[t] & ~taken]
    if fetch.share_type and found:
        candidates = [t for t in candidates if subtypes[t] & subtypes[found[0]]]
    return candidates
