"""The packed game state of the simulation (mtgmana.analysis.simulation._layout): random
games of draws, land drops (every way a land enters, CR 305.7 and 614.1c: check,
fast, slow, battle, reveal, "early" lands, Fabled Passage, a modal double-faced
land, CR 712.12) and mana sources cast, with the hand and the battlefield also
kept plainly; every count the policy reads from ``H`` must match the plain one."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mtgmana.analysis.decks import Deck
from mtgmana.analysis.simulation import simulate
from mtgmana.analysis.simulation._cards import CompiledDeck, LandFace
from mtgmana.analysis.simulation._game import Engine
from mtgmana.analysis.simulation._layout import EARLY

EVERY_ENTRY = Deck.parse(
    "4 Glacial Fortress\n4 Botanical Sanctum\n4 Deserted Beach\n4 Prairie Stream\n"
    "4 Port Town\n4 Fabled Passage\n4 Starting Town\n2 Tundra\n4 Island\n4 Plains\n"
    "4 Forest\n4 Sea Gate Restoration\n4 Llanowar Elves\n4 Mind Stone\n2 Counterspell\n"
    "4 Wrath of God"
)


class Plain:
    """The state kept the plain way."""

    def __init__(self, engine: Engine) -> None:
        self.deck = engine.deck
        self.hand: Counter[int] = Counter()
        self.library: Counter[int] = Counter()
        self.n_lands = self.n_basics = self.n_sources = self.seen = 0
        self.types = [0] * 5
        self.colors = 0

    def enter(self, face: LandFace) -> None:
        self.n_lands += 1
        self.n_basics += face.basic
        for t in range(5):
            self.types[t] += face.types >> t & 1
        self.colors |= face.colors & 31

    def untapped(self, card: int, code: int, count: int, types: int, turn: int) -> bool:
        """How the old engine decided it (mtgmana.analysis.roles.Entry)."""
        if code in (0, 1):
            return code == 0
        if code == 2:
            return sum(self.types[t] for t in range(5) if types >> t & 1) >= count
        if code == 3:
            return self.n_lands <= count
        if code == 4:
            return self.n_lands >= count
        if code == 5:
            return self.n_basics >= count
        if code == 6:
            others = self.hand.copy()
            others[card] -= 1
            return any(n and self.deck.subtypes[k] & types for k, n in others.items())
        if code == 7:
            return turn <= 3
        return self.n_lands + 1 >= 4


def _drops(engine: Engine, card: int) -> list[tuple[LandFace, int, int]]:
    """(face, target, entry code) of each land drop of ``card``."""
    deck = engine.deck
    fetch = deck.items[card].role.fetch
    if deck.fetch_targets[card] and fetch is not None:
        found = [
            (face, target, (8 if fetch.untap_with_four else 1) if fetch.tapped else face.entry[0])
            for target in deck.fetch_targets[card]
            for face in deck.land_faces[target]
        ]
        return found + [(face, -2, face.entry[0]) for face in deck.land_faces[card]]
    back = deck.mdfc_face[card]
    faces = deck.land_faces[card] or (() if back is None else (back,))
    return [(face, -1, face.entry[0]) for face in faces]


def _check(engine: Engine, plain: Plain, h: int, turn: int) -> None:
    layout = engine.player.layout
    deck = engine.deck
    for k, offset in enumerate(layout.land_field):
        if offset >= 0:
            assert bool(h & layout.top(offset)) == (plain.hand[k] > 0), deck.names[k]
    need = 0
    curves = Counter()
    for k, n in plain.hand.items():
        if n and not deck.playable[k]:
            need |= deck.need[k]
            curves[deck.curve[k]] += n
    assert layout.colors(h, layout.need_field) == need
    assert layout.colors(h, layout.color_field) == plain.colors
    usable = plain.n_lands + plain.n_sources
    assert layout.count(h, layout.usable) == usable
    assert layout.count(h, layout.n_lands) == plain.n_lands
    assert (h >> layout.wants[usable]) & 1 == (curves[usable + 1] > 0)
    assert h >> layout.seen == plain.seen
    for k, offset in enumerate(layout.out_field):
        if offset >= 0:
            assert bool(h & layout.top(offset)) == (plain.library[k] == 0), deck.names[k]
    key = h | engine.player.early[turn]
    for card, n in plain.hand.items():
        if not n or not deck.playable[card]:
            continue
        for face, _, code in _drops(engine, card):
            count, types = face.entry[1], face.entry[2]
            bit, when_clear = engine.player.condition(card, code, count, types)
            fast = bool(key & bit) is not when_clear
            assert fast == plain.untapped(card, code, count, types, turn), (deck.names[card], code)


@pytest.mark.parametrize("seed", range(6))
def test_every_count_the_policy_reads_matches_the_plain_state(seed: int) -> None:
    engine = Engine(CompiledDeck(EVERY_ENTRY), False, 15)
    layout = engine.player.layout
    deck = engine.deck
    rng = random.Random(seed)
    for _ in range(40):
        library = list(engine.cards.library)
        rng.shuffle(library)
        plain = Plain(engine)
        plain.library.update(library)
        h = layout.start
        for turn in range(1, 16):
            roll = rng.random()
            lands = [k for k, n in plain.hand.items() if n and deck.playable[k]]
            sources = [
                k
                for k, n in plain.hand.items()
                if n and deck.ramp[k] is not None and deck.ramp[k].ramp.kind == "mana source"
            ]
            if roll < 0.5 and library:
                card = library.pop()
                h += layout.drawn[card]
                plain.hand[card] += 1
                plain.library[card] -= 1
                plain.seen += deck.playable[card]
            elif roll < 0.85 and lands:
                card = rng.choice(lands)
                up, down, _, _, target, _ = rng.choice(
                    [d for d in engine.player.drops[card] if d[4] < 0 or plain.library[d[4]]]
                )
                option = rng.choice((up, down))
                h += option[9]
                plain.hand[card] -= 1
                if target >= 0:
                    library.remove(target)
                    plain.library[target] -= 1
                plain.enter(option[6])
            elif sources:
                card = rng.choice(sources)
                record = deck.ramp[card]
                assert record is not None
                colors = deck.classes[record.source].colors
                h += layout.source_in(colors) - layout.hand_in[card]
                plain.hand[card] -= 1
                plain.n_sources += 1
                plain.colors |= colors & 31
            _check(engine, plain, h, turn)
            assert not h & EARLY  # the flags' field stays clear


def test_wide_decks_get_wide_fields() -> None:
    small = Engine(CompiledDeck(EVERY_ENTRY), False, 10).player.layout
    assert small.width == 8
    big = Deck.parse("150 Forest\n100 Grizzly Bears")
    assert Engine(CompiledDeck(big), False, 5).player.layout.width == 16
    result = simulate(big, games=200, seed=1)
    assert result.spell("Grizzly Bears").p_on_curve > 0.9
