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
  order, so the answers' counters are those of playing it.
* A play that made one extra land drop (Growth Spiral, Explore: not every turn)
  is the same up to that land drop, whose decision reads ``H`` and the key as
  they are then (:meth:`~._player.Player.decision`), and after it depends only on
  the land drop made (with one such card in hand: another one's use would read
  whether a land is left in hand). It is learned as a *branch*: what the ramp
  added up to the decision (to make it again) and, by the land drop made, what it
  added in all, its questions and the land a fetch land found (taken from the
  library, which is shuffled). A deck whose ramp sacrifices lands keeps them in a
  list, so it isn't learned.
* A play that resolved anything else is marked and played on the game each time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...ability_text import RampKind
from ._player import Decision, Game, LandDrop, Player, RampStep, take

__all__ = ["RampTurn", "turn_ramp"]

RampTurn = Callable[[Game, int, int, int, int, int], "RampStep | None"]
"""A turn's ramp: (the game, its ``H``, key and identity — the engine keeps them in
locals —, the battlefield this turn's key and identity) -> what it added to ``H``,
the key and the identity (``None``: nothing). It asks one castability question
as :meth:`~._answers.Answers.castable` does, which the caller counts."""

_Question = tuple[int, int, int]
_Board = tuple[int, int]
_DropKey = tuple[int, ...]
"""What a land drop does to a game (:func:`_drop_key`)."""
_Learned = tuple[RampStep, tuple[_Question, ...]]
_PLAYED: Final[_Learned] = ((0, 0, 0, 0), ())
"""A learned ramp that must be played on the game each time."""
_SIMPLE: Final = frozenset({RampKind.MANA_SOURCE, RampKind.TREASURE})
_UNLEARNED: Final[_Board] = (-1, -1)
"""A ramp that may not be learned (a search or static effect in hand, Treasure held)."""
_BRANCHED: Final = _SIMPLE | {RampKind.EXTRA_LAND}
_After = tuple[RampStep, tuple[_Question, ...], int]
_PLAYED_AFTER: Final[_After] = ((0, 0, 0, 0), (), -1)
"""A branch's decision after which the ramp is played on the game each time."""


class _Branch:
    """A learned ramp with one extra land drop (see the module): what it added to
    ``H`` and the key before the drop's decision, the decision's flags, and by the
    land drop made (:func:`_drop_key`), what it added in all, its questions and
    the land a fetch land found."""

    __slots__ = ("after", "field", "flags", "h")

    def __init__(self, h: int, field: int, flags: int) -> None:
        self.h = h
        self.field = field
        self.flags = flags
        self.after: dict[_DropKey, _After] = {}


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
    turns: dict[_Board, RampStep | tuple[()]] = player.ramp_turns
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
        answer is kept by the key (not on a board with static effects, nor an
        answer only the tapper gave: those are asked anew each time,
        :meth:`~._answers.Answers.fill`)."""
        cards = kinds & ~1
        bits, simple, land_free, pure = infos_get(cards) or player.ramp_info(cards)
        value = cache_get(k)
        if value is None or bits & ~(value >> n):
            value = answers.fill(k, use_identity, bits)
        castable = value & bits
        kept = cache_get(k)
        board: _Board | None = None
        if kept is not None and not bits & ~(kept >> n) and not k & static:
            board = (kinds, k)
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
        state = (h, key, identity, use_key, use_identity)
        return learned_play(game, state, castable, kinds, board if pure else _UNLEARNED)

    def learned_play(
        game: Game, state: tuple[int, int, int, int, int], castable: int, kinds: int,
        board: _Board | None,
    ) -> RampStep:  # fmt: skip
        """The ramp replayed as learned, or played on the game (and learned when it
        may be: ``board`` is :data:`_UNLEARNED` when it may not; else where it is
        kept, or ``None``): ``state`` is ``H``, the key, the identity, and the
        battlefield this turn's key and identity."""
        h, key, identity, use_key, use_identity = state
        learned = learned_get(kinds << n | castable) if board is not _UNLEARNED else _PLAYED
        if isinstance(learned, _Branch):
            made = player.decision(h + learned.h, game.turn, key + learned.field, learned.flags)
            found = learned.after.get(_drop_key(made[1]))
            if found is not None and found is not _PLAYED_AFTER:
                step, questions, target = found
                if target >= 0:  # a fetch land's find (CR 701.23)
                    take(game, target)
                return replay(game, step, questions, None)
            learned = None if found is None else _PLAYED
        elif isinstance(learned, tuple) and learned is not _PLAYED:
            return replay(game, learned[0], learned[1], board)
        game.H, game.key, game.identity = h, key, identity
        if learned is None:
            _learn(player, game, use_key, use_identity, castable, kinds << n | castable)
        else:
            player.ramp(game, use_key, use_identity, castable)
        return game.H - h, game.key - key, game.identity - identity, 0

    def replay(
        game: Game, step: RampStep, questions: tuple[_Question, ...], board: _Board | None
    ) -> RampStep:
        """A learned ramp replayed: its questions asked again (kept under ``board``
        when it asks none)."""
        for question in questions:
            answers.castable(*question)
        if board and not questions:
            turns[board] = step
        if step[3]:
            game.treasures += step[3]
        return step

    return ramp_turn


def _learn(
    player: Player, game: Game, use_key: int, use_identity: int, castable: int, step_key: int
) -> None:
    """Play the ramp on the game (no Treasure held), asking its questions and
    making its extra land drop's decision through recorders, and learn it under
    ``step_key`` (see the module)."""
    h, key, identity, extra = game.H, game.key, game.identity, game.extra
    ask, decision = player.castable, player.extra_decision
    asked: list[_Question] = []
    decided: list[tuple[_DropKey, int, int, int, int]] = []

    def recorded(key_now: int, identity_now: int, need: int) -> int:
        asked.append((key_now, identity_now, need))
        return ask(key_now, identity_now, need)

    def recorded_decision(h_now: int, turn: int, field: int, flags: int) -> Decision:
        found = decision(h_now, turn, field, flags)
        target = -1 if found[1] is None else found[1][7]
        decided.append((_drop_key(found[1]), h_now - h, field - key, flags, target))
        return found

    player.castable, player.extra_decision = recorded, recorded_decision
    try:
        player.ramp(game, use_key, use_identity, castable)
    finally:
        player.castable, player.extra_decision = ask, decision
    step = (game.H - h, game.key - key, game.identity - identity, game.treasures)
    kinds = _resolved(player, h, game.H)
    learned = player.learned
    if not decided:
        learned[step_key] = (step, tuple(asked)) if kinds <= _SIMPLE else _PLAYED
        return
    after, h_before, field_before, flags, target = decided[0]
    branch = learned.get(step_key)
    if not isinstance(branch, _Branch):
        branch = learned[step_key] = _Branch(h_before, field_before, flags)
    if (branch.h, branch.field, branch.flags) != (h_before, field_before, flags):
        learned[step_key] = _PLAYED  # pragma: no cover - the part before is the same
    elif len(decided) == 1 and _branches(player, h, game, extra) and kinds <= _BRANCHED:
        branch.after[after] = (step, tuple(asked), target)
    else:
        branch.after[after] = _PLAYED_AFTER


def _branches(player: Player, h: int, game: Game, extra: int) -> bool:
    """Whether a play with one extra land drop, from ``H`` = ``h``, is learned: no
    land drop every turn came (``extra``: the game's before), the lands aren't kept
    in a list, and the hand held one card giving an extra land drop (another
    one's use would read whether a land is left in hand after the drop, which the
    decision's key doesn't hold)."""
    if game.extra != extra or game.field is not None:
        return False
    layout = player.layout
    copies = 0
    for card in player.ramp_order:
        if player.ramp_record(card).ramp.kind is RampKind.EXTRA_LAND:
            offset = layout.ramp_field[card]
            copies += layout.count(h, offset) - layout.count(layout.start, offset)
    return copies == 1


def _drop_key(played: LandDrop | None) -> _DropKey:
    """What the land drop ``played`` does to a game, as :meth:`~._player.Player.play_land`
    and an extra land drop of ramp read it (``()``: none)."""
    if played is None:
        return ()
    now, now_identity, after, after_identity, _, tapped, face, target, _, delta = played
    return (now, now_identity, after, after_identity, tapped, face.source, target, delta)


def _resolved(player: Player, before: int, after: int) -> set[RampKind]:
    """The kinds of ramp that resolved between ``H`` = ``before`` and ``after``."""
    layout = player.layout
    found = set()
    for card in player.ramp_order:
        offset = layout.ramp_field[card]
        if layout.count(before, offset) != layout.count(after, offset):
            found.add(player.ramp_record(card).ramp.kind)
    return found
