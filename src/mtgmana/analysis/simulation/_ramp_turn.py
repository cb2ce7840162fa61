"""A turn's ramp in the game loop (:mod:`._game`), cached: the ramp cards of the
hand (a mask of ``H``, :mod:`._layout`) and the ramp questions the battlefield
pays decide what the ramp adds, whenever nothing else is read.

* When the hand's ramp cards all are mana sources or make Treasure (or give an
  extra land drop and the hand has no land) and no Treasure is held, the step is
  computed once on a hand of those cards alone (:meth:`~._player.Player.ramp_step`).
* Otherwise the ramp is played on the game (:meth:`~._player.Player.ramp`), and
  *learned*: when no ramp card of the hand reads the library, the lands or the
  permanents (a land search, a static effect), no Treasure is held and only mana
  sources and Treasure makers resolved, what it added is the same on every game
  with the same ramp cards, the same answer and a land in hand or not (the one
  more thing an extra land drop's use reads). It is replayed from then on, and so
  are the castability questions its play asked — the same questions in the same
  order, so the answers' counters are those of playing it. A play that resolved
  anything else is marked and played on the game each time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...ability_text import RampKind
from ._player import Game, Player, RampStep

__all__ = ["RampTurn", "turn_ramp"]

RampTurn = Callable[[Game, int, int, int, int, int], "RampStep | None"]
"""A turn's ramp: (the game, its ``H``, key and identity — the engine keeps them in
locals —, the battlefield this turn's key and identity) -> what it added to ``H``,
the key and the identity (``None``: nothing). It asks one castability question
as :meth:`~._answers.Answers.castable` does, which the caller counts."""

_Question = tuple[int, int, int]
_Learned = tuple[RampStep, tuple[_Question, ...]]
_PLAYED: Final[_Learned] = ((0, 0, 0, 0), ())
"""A learned ramp that must be played on the game each time."""
_SIMPLE: Final = frozenset({RampKind.MANA_SOURCE, RampKind.TREASURE})


def turn_ramp(player: Player) -> RampTurn:
    """The function that plays a turn's ramp of ``player``'s games (the engine
    calls it when the hand holds a ramp card; see the module). The tables are
    bound once, and the question is asked as
    :meth:`~._answers.Answers.castable` does.

    With no Treasure held, the ramp cards of the hand, a land in hand or not and
    the battlefield's canonical key decide the whole turn's ramp when it is
    computed or learned without questions: it is kept under them (``turns``),
    and the question's answer, cached when it was kept, is not read again."""
    answers = player.answers
    infos_get, steps_get = player.ramp_infos.get, player.ramp_steps.get
    learned_get, cache_get = player.learned.get, answers.cache.get
    turns: dict[tuple[int, int], RampStep | tuple[()]] = player.ramp_turns
    turns_get = turns.get
    ramp_mask, land_pres, n = player.ramp_mask, player.layout.land_pres, answers.n
    keep, reflect = answers.keep, answers.reflect
    canonical, canonical_types = answers.canonical, answers.canonical_types
    plain_keys = not keep and not reflect
    static = answers.payer.static_mask

    def ramp_turn(
        game: Game, h: int, key: int, identity: int, use_key: int, use_identity: int
    ) -> RampStep | None:
        k = use_key  # the caller counted this question
        if plain_keys:
            k &= canonical
        elif not k & keep:
            k &= canonical_types if k & reflect else canonical
        # A land in hand: the reserved bit 0 of H (never a ramp field's).
        kinds = h & ramp_mask | (h & land_pres > 0)
        if game.treasures:
            return play(game, h, key, identity, use_key, use_identity, k, kinds)
        step = turns_get((kinds, k))
        if step is None:
            return play(game, h, key, identity, use_key, use_identity, k, kinds)
        if step and step[3]:
            game.treasures += step[3]
        return step or None

    def play(
        game: Game, h: int, key: int, identity: int, use_key: int, use_identity: int, k: int,
        kinds: int,
    ) -> RampStep | None:  # fmt: skip
        """The turn's ramp the first time (or with Treasure held); kept when the
        answer is kept by the key (not on a board with static effects, which is
        decided anew each time: :meth:`~._answers.Answers.fill`)."""
        cards = kinds & ~1
        board = (kinds, k) if not k & static else None
        bits, simple, land_free, pure = infos_get(cards) or player.ramp_info(cards)
        value = cache_get(k)
        if value is None or bits & ~(value >> n):
            value = answers.fill(k, use_identity, bits)
        castable = value & bits
        held = game.treasures
        if held:
            pure = False
        elif simple or (land_free and not kinds & 1):
            if not castable:
                if board:
                    turns[board] = ()
                return None
            step = steps_get(cards << n | castable) or player.ramp_step(cards << n | castable)
            if board:
                turns[board] = step
            if step[3]:
                game.treasures += step[3]
            return step
        elif not castable:
            if board:
                turns[board] = ()
            return None
        learned: _Learned | None = None
        if pure:
            learned = learned_get(kinds << n | castable)
            if learned is not None and learned is not _PLAYED:
                for question in learned[1]:
                    answers.castable(*question)
                step = learned[0]
                if board and not learned[1]:
                    turns[board] = step
                if step[3]:
                    game.treasures += step[3]
                return step
        game.H, game.key, game.identity = h, key, identity
        if learned is None and pure:
            _learn(player, game, use_key, use_identity, castable, kinds << n | castable)
        else:
            player.ramp(game, use_key, use_identity, castable)
        return game.H - h, game.key - key, game.identity - identity, 0

    return ramp_turn


def _learn(
    player: Player, game: Game, use_key: int, use_identity: int, castable: int, step_key: int
) -> None:
    """Play the ramp on the game (no Treasure held), asking its questions through
    a recorder, and learn it under ``step_key`` (see the module)."""
    h, key, identity = game.H, game.key, game.identity
    ask = player.castable
    asked: list[_Question] = []

    def recorded(key: int, identity: int, need: int) -> int:
        asked.append((key, identity, need))
        return ask(key, identity, need)

    player.castable = recorded
    try:
        player.ramp(game, use_key, use_identity, castable)
    finally:
        player.castable = ask
    layout = player.layout
    for card in player.ramp_order:
        offset = layout.ramp_field[card]
        resolved = layout.count(h, offset) != layout.count(game.H, offset)
        if resolved and player.ramp_record(card).ramp.kind not in _SIMPLE:
            player.learned[step_key] = _PLAYED
            return
    step = (game.H - h, game.key - key, game.identity - identity, game.treasures)
    player.learned[step_key] = (step, tuple(asked))
