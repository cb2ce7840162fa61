"""Private: the conditions of mana abilities (CR 602.5b: "Activate only if you control
...", "... only during your turn", "... if creatures you control have total power 8
or greater"; an "instead" checked as the ability resolves: "If you control ..., add
... instead", "If you have the initiative, ..."; a static ability's "As long as the
top card of your library is a land card") as :class:`~mtgmana.board.abilities.Condition`
values, facts of the game being :data:`~mtgmana.board.abilities.FACTS`; and "named ~" as
the object's own name."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from .._regex import lazy
from ..board.abilities import Condition, ManaAbility, PermanentFilter
from ._filters import permanent_filter
from ._words import Unsupported, count_word

__all__: list[str] = []


_AT_LEAST = lazy(r"(?P<n>\w+) or more (?P<what>.+)")
_ARTICLE = lazy(r"(?:an?|one) (?P<what>.+)")
# What "if <what>" / "as long as <what>" says about the game (CR 309.7, 702.131, 724,
# 725; corrupted: CR 207.2c), as a fact of abilities.FACTS.
_FACT_WORDS: Final = {
    "an opponent has three or more poison counters": "corrupted",
    "you have the initiative": "initiative",
    "you've completed a dungeon": "completed a dungeon",
    "you have the city's blessing": "city's blessing",
    "you're the monarch": "monarch",
    "you have max speed": "max speed",
    "the top card of your library is a land card": "top card is a land",
}
_DURING: Final = {
    "Activate only during your turn.": Condition(facts=frozenset({"your turn"})),
    "Activate only during an opponent's turn.": Condition(
        facts=frozenset({"your turn"}), negated=True
    ),
}
_TOTAL_POWER = lazy(r"(?P<what>.+) have total power (?P<n>\w+) or greater")


def activation_condition(what: str, sentence: str) -> Condition:
    """ "Activate only if <what>." (CR 602.5b)."""
    match = re.fullmatch(r"you control (?P<n>\w+) or more (?P<what>.+) with the same name", what)
    if match:  # Sceptre of Eternal Glory
        try:
            wanted = permanent_filter(match["what"] + " you control", plural=True)
            same = ((wanted, count_word(match["n"])),)
        except Unsupported:
            raise Unsupported(f"activation condition: {sentence}") from None
        return Condition(same_name=same, text=sentence)
    if what.startswith("you control "):
        return Condition(control(what.removeprefix("you control "), sentence), text=sentence)
    if what == "~ entered this turn":
        return Condition(entered_this_turn=True, text=sentence)
    match = re.fullmatch(r"~ is an? (?P<type>artifact|creature|land|enchantment)", what)
    if match:  # Flywheel Racer: "Activate only if this permanent is a creature."
        itself = PermanentFilter(card_types=frozenset({match["type"].capitalize()}), itself=True)
        return Condition(((itself, 1),), text=sentence)
    match = re.fullmatch(
        r"(?:there are (?P<a>\w+) or more \S+ counters on ~|~ has (?P<b>\w+) or more \S+ "
        r"counters on it)",
        what,
    )
    if match:
        return Condition(counters=count_word(match["a"] or match["b"]), text=sentence)
    if what in _FACT_WORDS:
        return Condition(facts=frozenset({_FACT_WORDS[what]}), text=sentence)
    match = _TOTAL_POWER.fullmatch(what)
    if match and match["what"].endswith(" you control"):
        # formidable (Circle of Elders): the total power of the creatures you control
        try:
            wanted = permanent_filter(match["what"], plural=True)
            total = ((wanted, count_word(match["n"])),)
        except Unsupported:
            raise Unsupported(f"activation condition: {sentence}") from None
        return Condition(total_power=total, text=sentence)
    raise Unsupported(f"activation condition: {sentence}")


def during(sentence: str) -> Condition | None:
    """ "Activate only during your turn." / "... an opponent's turn." (CR 602.5b): a
    condition on the fact "your turn" (an opponent's turn is any turn not yours)."""
    found = _DURING.get(sentence)
    return None if found is None else replace(found, text=sentence)


def fact_condition(what: str, sentence: str, *, activation: bool) -> Condition | None:
    """The condition "<what>" on a fact of the game ("you have the initiative"), or
    ``None``."""
    fact = _FACT_WORDS.get(what)
    if fact is None:
        return None
    return Condition(facts=frozenset({fact}), activation=activation, text=sentence)


def instead_condition(what: str, sentence: str) -> Condition:
    """The condition of an "instead" (checked as the ability resolves)."""
    if what.startswith("you control "):
        wanted = control(what.removeprefix("you control "), sentence)
        return Condition(wanted, activation=False, text=sentence)
    if what == "you played a land this turn":
        return Condition(land_played=True, activation=False, text=sentence)
    match = re.fullmatch(r"~ has an? \S+ counter on it", what)
    if match:
        return Condition(counters=1, activation=False, text=sentence)
    if what == "a card is exiled with ~":  # imprint (Ugin's Labyrinth)
        return Condition(imprinted=True, activation=False, text=sentence)
    found = fact_condition(what, sentence, activation=False)
    if found is not None:
        return found
    raise Unsupported(f"a condition changes the mana: {sentence}")


def control(text: str, sentence: str) -> tuple[tuple[PermanentFilter, int], ...]:
    """What "you control <text>" asks for: "a Swamp or a Mountain", "five or more
    lands", "an Urza's Mine and an Urza's Power-Plant", "a creature with power 4 or
    greater", "creatures named Mine Worker and Power Plant Worker"."""
    try:
        return _wanted(text)
    except Unsupported:
        kind = (
            "activation condition"
            if sentence.startswith("Activate")
            else ("a condition changes the mana")
        )
        raise Unsupported(f"{kind}: {sentence}") from None


def _wanted(text: str) -> tuple[tuple[PermanentFilter, int], ...]:
    named = re.fullmatch(r"(?P<what>\w+) named (?P<a>.+) and (?P<b>.+)", text)
    if named:
        kind = permanent_filter(named["what"] + " you control", plural=True)
        return tuple((replace(kind, name=named[key]), 1) for key in ("a", "b"))
    wanted: list[tuple[PermanentFilter, int]] = []
    for part in text.split(" and "):
        match = _AT_LEAST.fullmatch(part)
        if match:
            wanted.append(
                (
                    permanent_filter(match["what"] + " you control", plural=True),
                    count_word(match["n"]),
                )
            )
            continue
        match = _ARTICLE.fullmatch(part)
        if match is None:
            raise Unsupported(f"you control {text}")
        alternatives = re.split(r",? or an? |, an? ", match["what"])
        wanted.append(
            (permanent_filter(" or ".join(alternatives) + " you control", plural=False), 1)
        )
    return tuple(wanted)


def with_own_name(ability: ManaAbility, name: str) -> ManaAbility:
    """ "named ~" in an ability's filters is the object's own name."""

    def fix(item: PermanentFilter) -> PermanentFilter:
        return replace(item, name=name) if item.name == "~" else item

    per = ability.production.per
    if per is not None and per.filter is not None and per.filter.name == "~":
        production = replace(ability.production, per=replace(per, filter=fix(per.filter)))
        ability = replace(ability, production=production)
    condition = ability.condition
    if condition is not None and any(item.name == "~" for item, _ in condition.permanents):
        permanents = tuple((fix(item), n) for item, n in condition.permanents)
        ability = replace(ability, condition=replace(condition, permanents=permanents))
    return ability
