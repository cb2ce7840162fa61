"""Which mana a card's mana abilities make for the deck counting (:mod:`mtgmana.analysis.roles`,
:mod:`mtgmana.analysis.counting`): the decisions the simulation takes when it compiles a source
(:func:`mtgmana.analysis.simulation._sources.compile_source`), so that the model's sources and the
simulation's battlefields agree; each decision is said in the card's note.

* **Resources the simulation doesn't have** (:data:`mtgmana.analysis.roles.SIM_ENERGY`,
  :data:`mtgmana.analysis.roles.SIM_GRAVEYARD`): an ability that pays energy (CR 107.14,
  122.1: Aether Hub's "{T}, Pay {E}"), exiles cards from your graveyard (Molt
  Tender), exiles the card from your hand (CR 113.6m: Elvish Spirit Guide) or
  removes counters the permanent doesn't enter with (Everflowing Chalice's depend
  on its kicks) makes no mana for the counts. Counters it enters with by its text
  (CR 122.6: Vivid Crag's two charge counters, Gemstone Mine's three mining
  counters, :func:`entering_counters`) are on it, in the simulation too, and not
  used up there: each spell's castability is asked on its own. Discarding is
  paid: the simulation's auto-tapper has cards in hand
  (:attr:`~mtgmana.board.Board.hand`).
* **Conditions** (CR 602.5b): one on other permanents (you control a Swamp, you
  played a land) counts as holding; any other — a fact of the game (``"your turn"``,
  ``"max speed"``, ``"monarch"``, :data:`mtgmana.board.conditions.FACTS`), counters, "it
  entered this turn", renowned, modified — holds only if it holds for the card
  alone on a battlefield like the simulation's (on your turn,
  :data:`~._assumptions.SIM_FACTS`: no other fact of the game; only the counters it
  enters with).
* **Amounts** ("{G} for each creature you control", devotion, CR 700.5): counted
  when the amount is at least 1 with the card alone on the battlefield (Axebane
  Guardian and Overgrown Battlement have defender, Karametra's Acolyte's devotion
  to green is 1); not counted when it is 0 (Gaea's Cradle, Everflowing Chalice
  without counters). An amount whose ability costs mana (Nykthos) is left out.
* **Text the model can't read** (:attr:`~mtgmana.ability_text.CardMana.unsupported`)
  is said in the deck's notes only when it really affects mana
  (:func:`unsupported_note`).
* **Per-color slots** ("For each color among permanents you control, add one mana
  of that color", Bloom Tender): the card's own colors (CR 105.2: a permanent you
  control of that color is there whenever it taps); the others depend on the rest
  of the battlefield, which the simulation reads.

>>> from mtgmana.board import Permanent
>>> hub = read_mana(Permanent.named("Aether Hub"))
>>> hub.options
(frozenset({'C'}),)
>>> hub.uncounted[0][1]
"needs energy {E}, which the analysis doesn't track"
>>> read_mana(Permanent.named("Faeburrow Elder")).options == (frozenset("WG"),)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...ability_text import energy_on_entering, number_word, read_counters, read_unread
from ...board import Board, Permanent
from ...board.abilities import ANY_COLOR, DynamicSlot, ManaAbility
from ...board.conditions import Condition
from ...costs import ManaCost
from ...errors import MtgManaError
from ...restrictions import Restriction
from ._assumptions import SIM_ENERGY, SIM_FACTS, SIM_GRAVEYARD

__all__ = ["ManaRead", "cast_counters", "entering_counters", "read_mana", "unsupported_note"]

_LETTERS: Final = "WUBRG"
_EACH: Final = frozenset(
    slot for slot in DynamicSlot if slot.name.startswith(("EACH_PERMANENT_", "EACH_MONOCOLORED_"))
)
"""The per-color slots resolved with the card alone (see the module)."""


def entering_counters(permanent: Permanent, text: str) -> int:
    """The counters ``permanent`` enters with, by its rules ``text`` ("Vivid Crag
    enters tapped with two charge counters on it", CR 122.6), when a mana ability
    of it removes counters from it; else 0. A number that depends on how it was
    cast (Everflowing Chalice's kicks, X) isn't read.

    >>> crag = Permanent.named("Vivid Crag")
    >>> entering_counters(crag, "Vivid Crag enters tapped with two charge counters on it.")
    2
    """
    if not _uses_counters(permanent):
        return 0
    return read_counters(text).number


def cast_counters(permanent: Permanent, text: str) -> tuple[str, ManaCost | None] | None:
    """How the counters ``permanent`` enters with depend on how it was cast, when a
    mana ability of it uses them: ``("X", None)`` for "enters with X charge counters"
    (Astral Cornucopia, Mana Bloom), ``("kicks", cost)`` for "a charge counter for
    each time it was kicked" with its multikicker cost (Everflowing Chalice, CR
    702.33); else ``None``.

    >>> chalice = Permanent.named("Everflowing Chalice")
    >>> cast_counters(chalice, "Multikicker {2}\\nThis artifact enters with a charge counter"
    ...               " on it for each time it was kicked.")
    ('kicks', ManaCost.parse('{2}'))
    """
    if not _uses_counters(permanent):
        return None
    counters = read_counters(text)
    if counters.x:
        return "X", None
    if counters.kicker is not None:
        return "kicks", counters.kicker
    return None


def _uses_counters(permanent: Permanent) -> bool:
    """Whether a mana ability of ``permanent`` removes counters from it or makes
    mana by the counters on it."""
    for ability in permanent.abilities:
        per = ability.production.per
        if ability.cost.remove_counters or (per is not None and per.kind == "own counters"):
            return True
    return False


@dataclass(frozen=True)
class ManaRead:
    """What a card's mana abilities make for the counts: ``options`` (one set of
    mana letters per way to choose), the ``dynamic`` slots left to the deck,
    ``restricted`` mana (CR 106.6), and, for the notes, the mana not counted
    (``uncounted``: letters and why) and how counted mana was assumed
    (``assumed``)."""

    options: tuple[frozenset[str], ...] = ()
    dynamic: frozenset[DynamicSlot] = frozenset()
    restricted: tuple[tuple[frozenset[str], Restriction], ...] = ()
    uncounted: tuple[tuple[frozenset[str], str], ...] = ()
    assumed: tuple[str, ...] = ()


def read_mana(
    permanent: Permanent | None,
    abilities: tuple[ManaAbility, ...] | None = None,
    *,
    text: str = "",
) -> ManaRead:
    """The mana ``abilities`` (by default the ``permanent``'s) make for the counts
    (see the module), ``permanent`` alone on a battlefield like the simulation's
    (``None``: a card that isn't one; its conditions are taken on a fresh
    permanent). ``text``: its rules text, for energy its enter trigger gives."""
    if abilities is None:
        abilities = () if permanent is None else permanent.abilities
    board = None if permanent is None else Board((permanent,), facts=SIM_FACTS)
    options: list[frozenset[str]] = []
    dynamic: set[DynamicSlot] = set()
    restricted: list[tuple[frozenset[str], Restriction]] = []
    uncounted: list[tuple[frozenset[str], str]] = []
    assumed: list[str] = []
    for ability in abilities:
        production = ability.production
        if production.per is not None and _costs_mana(ability):
            continue  # Nykthos: an amount that needs other permanents, for mana
        why = _not_counted(ability, board, text)
        if not why and production.per is not None:
            found = _amount(ability, board)
            if found == 0:
                why = f"amounts to {_per_words(ability)}: none with it alone on the battlefield"
            elif found is not None:
                assumed.append(
                    f"its mana ({_per_words(ability)}) counted as {found}, with it alone on"
                    " the battlefield"
                )
        if why:
            uncounted.append((_letters(ability), why))
            continue
        how = _assumed(ability, board)
        if how:
            assumed.append(how)
        for choice in production.choices:
            letters: set[str] = set()
            each = False
            for item in choice.slots:
                if isinstance(item, DynamicSlot):
                    if item in _EACH and board is not None:
                        each = True
                        letters |= {t.value for t in board.resolve_slot(item, 0)}
                    else:
                        dynamic.add(item)
                elif item == ANY_COLOR:
                    letters |= set(_LETTERS)
                else:
                    letters |= {t.value for t in item}
            if each:
                assumed.append(_each_note(ability, letters))
            if letters:
                option = frozenset(letters)
                if ability.restriction is not None:
                    restricted.append((option, ability.restriction))
                elif option not in options:
                    options.append(option)
    # A single ability "Add {W} or {U}" is one option {W, U}: both at once.
    return ManaRead(
        tuple(options),
        frozenset(dynamic),
        tuple(restricted),
        tuple(uncounted),
        tuple(dict.fromkeys(assumed)),
    )


def _costs_mana(ability: ManaAbility) -> bool:
    """Whether activating ``ability`` costs mana (a mana value above 0)."""
    mana = ability.cost.mana
    return mana is not None and mana.has_mana_cost and bool(mana.mana_value)


def _not_counted(ability: ManaAbility, board: Board | None, text: str) -> str:
    """Why the simulation makes no mana with ``ability`` ("" when it does)."""
    cost = ability.cost
    condition = ability.condition
    if condition is not None and not _holds(condition, board):
        if condition.facts:
            return f"needs {condition}, which the simulation's battlefields never have"
        return f"needs {condition}, which never holds in the simulation"
    if cost.energy > SIM_ENERGY:
        n = energy_on_entering(text)
        given = f" ({number_word(n, up_to=4)} from its enter trigger)" if n else ""
        return f"needs energy {'{E}' * cost.energy}{given}, which the analysis doesn't track"
    if cost.exile_graveyard > SIM_GRAVEYARD:
        n = cost.exile_graveyard
        cards = "a card" if n == 1 else f"{n} cards"
        return f"needs {cards} exiled from your graveyard, which the analysis doesn't track"
    if cost.exile_from_hand:
        return "works only from your hand (CR 113.6m), which the analysis doesn't play"
    if board is not None and cost.remove_counters > board.permanents[0].counters:
        n = cost.remove_counters
        kind = f"{cost.counter} " if cost.counter else ""
        what = f"a {kind}counter" if n == 1 else f"{n} {kind}counters"
        return (
            f"needs {what} removed from it, and it doesn't enter with them here (a number"
            " that depends on how it was cast isn't read)"
        )
    return ""


def _holds(condition: Condition, board: Board | None) -> bool:
    """The simulation's decision
    (:func:`mtgmana.analysis.simulation._sources.compile_source`): conditions
    on other permanents are left to its battlefields (here: holding); the others
    are checked on a battlefield with the card alone, on your turn."""
    if condition.permanents or condition.land_played or condition.total_power:
        return True
    if condition.same_name:
        return True
    if board is not None:
        return board.holds(0, condition)
    fresh = not (
        condition.counters or condition.entered_this_turn or condition.facts - SIM_FACTS
        or condition.imprinted or condition.modified or condition.designations
    )  # fmt: skip
    return fresh != condition.negated


def _assumed(ability: ManaAbility, board: Board | None) -> str:
    cost = ability.cost
    condition = ability.condition
    if cost.remove_counters and board is not None:
        n = board.permanents[0].counters
        kind = f"{cost.counter} " if cost.counter else ""
        return (
            f"counted with the {n} {kind}counter{'s' if n != 1 else ''} it enters with"
            " (CR 122.6), not used up: each spell's castability is asked on its own"
        )
    if cost.discard or cost.discard_hand:
        return "discarding counted as paid, as the simulation's auto-tapper has cards in hand"
    if condition is not None and "your turn" in condition.facts:
        return f"counted as when {condition}: castability is asked on your own turn"
    return ""


def _letters(ability: ManaAbility) -> frozenset[str]:
    """Every mana letter ``ability`` can make, without other dynamic slots."""
    letters: set[str] = set()
    for choice in ability.production.choices:
        for item in choice.slots:
            if isinstance(item, DynamicSlot):
                if item in _EACH:
                    letters.add(item.name[-1])
            else:
                letters |= {t.value for t in item}
    return frozenset(letters)


def _amount(ability: ManaAbility, board: Board | None) -> int | None:
    """The amount of ``ability`` with its permanent alone on the battlefield, as
    the simulation counts it (``None``: unknown)."""
    per = ability.production.per
    if per is None or board is None:
        return None
    colors = per.colors
    if per.kind == "devotion" and not colors:
        colors = "".join(c for c in _LETTERS if c in _letters(ability))
    if per.kind == "fixed":
        return per.value + per.plus
    try:
        return board.count(0, per.kind, per.filter, colors) + per.plus
    except MtgManaError:  # pragma: no cover - every amount of a real card is counted
        return None


def _per_words(ability: ManaAbility) -> str:
    """The amount of ``ability`` in words: "one per creature you control"."""
    per = ability.production.per
    assert per is not None
    if per.kind == "permanents":
        return f"one per {per}"
    if per.kind == "own counters":
        return "one per counter on it" + (f" plus {per.plus}" if per.plus else "")
    if per.kind in ("power", "toughness", "devotion"):
        return f"{'your' if per.kind == 'devotion' else 'its'} {per}"
    if per.kind == "counters":  # storage lands, Mana Batteries
        return "the counters removed from it" + (f" plus {per.plus}" if per.plus else "")
    return str(per)


def _each_note(ability: ManaAbility, letters: set[str]) -> str:
    monocolored = any(
        isinstance(item, DynamicSlot) and item.name.startswith("EACH_MONOCOLORED_")
        for choice in ability.production.choices
        for item in choice.slots
    )
    family = "monocolored permanents" if monocolored else "permanents"
    own = "".join(c for c in _LETTERS if c in letters)
    counted = f"its own ({own}) counted (CR 105.2)" if own else "none counted (it has no color)"
    return f"each color among {family} you control: {counted}, the others left to the simulation"


def unsupported_note(face: str, text: str, why: str) -> str | None:
    """The deck note for a line of ``face``'s text the model can't read (``why``):
    an unsupported mana ability when it adds mana; an effect on mana not modelled
    when it speaks of mana (Haldan's "spend mana as though ...") or of the abilities
    of your permanents (Null Rod: your rocks' mana abilities can't be activated;
    Titania's Song); ``None`` when it doesn't affect the deck's mana — an Aura's or
    Equipment's effect on the permanent it is attached to (Prison Term, Darksteel
    Mutation), an effect on opponents' permanents, types set (The Flesh Is Weak).

    >>> unsupported_note("Selvala", "{T}: Each player reveals ... add {G}", "x")
    'Selvala: unsupported mana ability (x)'
    >>> unsupported_note("Null Rod", "Activated abilities of artifacts can't be activated.", "y")
    'Null Rod: effect on mana not modelled (y)'
    >>> print(unsupported_note("Arrest", "Enchanted creature can't attack or block, and its "
    ...                        "activated abilities can't be activated.", "z"))
    None
    """
    unread = read_unread(text)
    return None if unread is None else f"{face}: {unread.value} ({why})"
