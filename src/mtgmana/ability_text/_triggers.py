"""Private: triggered mana abilities ("Whenever you tap a Forest for mana, add an
additional {G}", CR 605.1b) and replacement effects on mana production ("If you tap
a land for mana, it produces colorless mana instead", CR 106.12b, 614) as
:class:`~mtgmana.board.abilities.ManaTrigger` /
:class:`~mtgmana.board.abilities.ManaReplacement`."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from .._regex import lazy
from ..board.abilities import ManaReplacement, ManaTrigger, PermanentFilter, ReplacementKind
from ..colors import ManaType
from ._conditions import fact_condition
from ._costs import CostText
from ._filters import permanent_filter, subject_filter
from ._production import read_production
from ._words import SENTENCE, SYMBOL, Unsupported

__all__: list[str] = []


_TRIGGER = lazy(
    r"(?:Until end of turn, w|W)henever (?:(?P<player>you|a player|an opponent) taps? "
    r"(?P<tapped>.+?)|(?P<subject>.+?) is tapped) for mana(?: while (?P<while>[^,]+))?, "
    r"(?P<effect>.+?)\.?"
)
_TRIGGER_EFFECT = lazy(
    r"(?:its controller adds|that player adds|add) (?:(?P<same>one mana of any type that "
    r"(?:land|permanent|artifact token|creature) produced)|an additional (?P<mana>.+))"
)
REPLACEMENT_HINT = lazy(r"\bfor (?:two or more )?mana\b.*\bproduces?\b")
_REPLACEMENT = lazy(
    r"(?:Until end of turn, i|I)f (?:(?P<player>you|a player) taps? (?P<tapped>.+?)|"
    r"(?P<subject>.+?) is tapped) for (?P<amount>mana|two or more mana), it produces "
    r"(?P<how>.+?) instead(?P<tail> of any other type(?: and amount)?)?\.?"
)
_TRIGGER_NOTE = lazy(r"That land doesn't untap during its controller's next untap step")
_PLAYERS: Final = {"you": "you", "a player": "any", "an opponent": "opponent"}


def read_trigger(raw: str, line: str) -> tuple[ManaTrigger, list[str]]:
    match = _TRIGGER.fullmatch(line)
    if match is None:
        raise Unsupported("a mana trigger with a condition")
    tapped = _tapped(match)
    first, *others = SENTENCE.split(match["effect"])
    effect = _TRIGGER_EFFECT.fullmatch(first.removesuffix("."))
    if effect is None:
        raise Unsupported(f"a mana trigger's effect: {match['effect']}")
    notes = []
    for sentence in others:
        if not _TRIGGER_NOTE.fullmatch(sentence.removesuffix(".")):
            raise Unsupported(f"a mana trigger's effect: {sentence}")
        notes.append(f"{sentence.removesuffix('.')} (not modelled): {raw}")
    condition = None
    if match["while"]:  # Regal Behemoth: "while you're the monarch"
        condition = fact_condition(match["while"], raw, activation=False)
        if condition is None:
            raise Unsupported(f"a mana trigger with a condition: while {match['while']}")
    if effect["same"]:
        return ManaTrigger(tapped, same_type=True, text=raw, condition=condition), notes
    production = read_production(effect["mana"], CostText(), "")
    return ManaTrigger(tapped, production, text=raw, condition=condition), notes


def read_replacement(raw: str, line: str) -> ManaReplacement:
    match = _REPLACEMENT.fullmatch(line)
    if match is None:
        raise Unsupported("a replacement effect on mana this model can't express")
    applies = _tapped(match)
    how, tail, amount = match["how"], match["tail"] or "", match["amount"]
    multiple = re.fullmatch(r"(?P<n>twice|three times) as much of that mana", how)
    if multiple and not tail and amount == "mana":
        factor = 2 if multiple["n"] == "twice" else 3
        return ManaReplacement(ReplacementKind.MULTIPLY, applies, factor=factor, text=raw)
    symbol = re.fullmatch(SYMBOL, how)
    becomes = ManaType.C if how == "colorless mana" else (ManaType.parse(how) if symbol else None)
    if becomes is not None and tail:
        if amount == "two or more mana":
            if becomes is ManaType.C and tail.endswith("and amount"):
                return ManaReplacement(ReplacementKind.DAMPING, applies, text=raw)
        else:
            one = 1 if tail.endswith("and amount") else None
            return ManaReplacement(
                ReplacementKind.BECOMES, applies, becomes=becomes, amount=one, text=raw
            )
    raise Unsupported(f"a replacement effect on mana: {how}")


def _tapped(match: re.Match[str]) -> PermanentFilter:
    """The permanents a trigger or replacement effect watches."""
    if match["subject"] is not None:
        subject = match["subject"]
        if subject.startswith("enchanted "):
            if not re.fullmatch(r"enchanted (?:land|permanent|creature|[A-Z]\w+)", subject):
                raise Unsupported(f"tapped permanent: {subject}")
            return PermanentFilter(attached=True)
        if subject.startswith("a land's ability"):
            raise Unsupported(f"tapped permanent: {subject}")
        words = re.fullmatch(r"(?:an?|each) (?P<what>.+?)(?P<yours> you control)?", subject)
        if words is None:
            raise Unsupported(f"tapped permanent: {subject}")
        controller = "you" if words["yours"] else "any"
        return replace(_noun(words["what"]), controller=controller)
    words = re.fullmatch(r"(?:an?) (?P<what>.+?)(?P<yours> you control)?", match["tapped"])
    if words is None:
        raise Unsupported(f"tapped permanent: {match['tapped']}")
    return replace(_noun(words["what"]), controller=_PLAYERS[match["player"]])


def _noun(text: str) -> PermanentFilter:
    """ "Forest", "basic land", "nonland permanent" (Kinnan), "artifact token" (Roxanne)."""
    try:
        return permanent_filter(text + " on the battlefield", plural=False)
    except Unsupported:
        return subject_filter(text, plural=False, controller="any")
