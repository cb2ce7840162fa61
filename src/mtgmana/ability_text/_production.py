"""Private: what "Add ..." adds (CR 106, 605.1a) as a
:class:`~mtgmana.board.abilities.Production`: fixed mana, choices, "N mana of any one
color", "in any combination of colors", the dynamic slots ("any color that a land
you control could produce", CR 106.7), and board-dependent amounts
(:class:`~mtgmana.board.abilities.Amount`: "for each", "equal to", counters removed)."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from typing import Final

from .._regex import lazy
from ..board.abilities import (
    ANY_COLOR,
    ANY_TYPE,
    Amount,
    Choice,
    DynamicSlot,
    Production,
    slot,
    sorted_types,
)
from ._costs import CostText
from ._filters import graveyard_filter, permanent_filter
from ._words import COLOR_WORDS, SYMBOL, SYMBOLS, Unsupported, count_word

__all__: list[str] = []


def with_damage(production: Production, damage: int) -> Production:
    """Each choice deals ``damage`` more; a choice of one mana among some types is
    listed type by type, as ``ManaAbility.pain`` does."""
    choices: list[Choice] = []
    for choice in production.choices:
        only = choice.slots[0] if len(choice.slots) == 1 else None
        total = choice.damage + damage
        if isinstance(only, frozenset) and len(only) > 1 and only not in (ANY_COLOR, ANY_TYPE):
            choices.extend(Choice((frozenset({t}),), total) for t in sorted_types(only))
        else:
            choices.append(Choice(choice.slots, total))
    return replace(production, choices=tuple(choices))


_EACH = lazy(r"(?P<what>.+?) for each (?P<each>.+)")
_EQUAL = lazy(r"an amount of (?P<what>\{[WUBRGC]\}|mana of that color) equal to (?P<eq>.+)")
_X = lazy(
    r"X (?P<what>mana of any one color|mana in any combination of .+?)(?:, where X is (?P<x>.+))?"
)
_DYNAMIC: Final = {
    "any color that a land an opponent controls could produce": DynamicSlot.OPPONENT_LAND_COLORS,
    "any type that a land an opponent controls could produce": DynamicSlot.OPPONENT_LAND_TYPES,
    "any color that a land you control could produce": DynamicSlot.OWN_LAND_COLORS,
    "any type that a land you control could produce": DynamicSlot.OWN_LAND_TYPES,
    "any color that a basic land an opponent controls could produce": (
        DynamicSlot.OPPONENT_BASIC_COLORS
    ),
    "the chosen color": DynamicSlot.CHOSEN_COLOR,
    "either of the circled colors": DynamicSlot.CHOSEN_COLORS,
    # the colors of the cards exiled with it (Chrome Mox, Pit of Offerings) or chosen
    # while drafting (Paliano): the permanent's chosen colors, given with it
    "any of the exiled card's colors": DynamicSlot.CHOSEN_COLORS,
    "any of the exiled cards' colors": DynamicSlot.CHOSEN_COLORS,
    "any color chosen as you drafted cards named ~": DynamicSlot.CHOSEN_COLORS,
    "any color in your commander's color identity": DynamicSlot.COMMANDER_COLORS,
    "any color that a Gate you control could produce": DynamicSlot.GATE_COLORS,
    "any type that a Gate you control could produce": DynamicSlot.GATE_TYPES,
    "any color that a basic land you control could produce": DynamicSlot.OWN_BASIC_COLORS,
    "any color among legendary permanents you control": DynamicSlot.LEGENDARY_COLORS,
    "any color among legendary creatures and planeswalkers you control": (
        DynamicSlot.LEGENDARY_CREATURE_PLANESWALKER_COLORS
    ),
    "any of ~'s colors": DynamicSlot.OWN_COLORS,  # Katilda: "any of this creature's colors"
    "any color among legendary creature cards in your graveyard": (
        DynamicSlot.GRAVEYARD_LEGENDARY_CREATURE_COLORS  # The Grey Havens
    ),
}


def read_production(body: str, cost: CostText, chosen: str) -> Production:
    """What "Add <body>" adds."""
    if cost.variable_counters:
        return _counter_production(body, cost)
    match = _EACH.fullmatch(body)
    if match:
        per = _per_each(match["each"])
        if chosen == "color" and match["what"] == "one mana of that color":
            # one color for every repetition: five choices, not ANY_COLOR each time
            return Production(tuple(Choice((slot(c),)) for c in "WUBRG"), per=per)
        if chosen:
            raise Unsupported(f"mana of the chosen color: {body}")
        return Production(tuple(_phrase(match["what"], chosen)), per=per)
    match = _EQUAL.fullmatch(body)
    if match:
        if match["what"] == "mana of that color":
            if chosen != "color":
                raise Unsupported(f"amount: {match['eq']}")
            choices = tuple(Choice((slot(c),)) for c in "WUBRG")
            if match["eq"] == "your devotion to that color":
                return Production(choices, per=Amount("devotion"))
            return Production(choices, per=_per_number(match["eq"]))
        if chosen:
            raise Unsupported(f"mana of the chosen color: {body}")
        return Production(tuple(_phrase(match["what"], chosen)), per=_per_equal(match["eq"]))
    match = _X.fullmatch(body)
    if match:
        if chosen:
            raise Unsupported(f"mana of the chosen color: {body}")
        if match["x"] is None:
            raise Unsupported("X mana, where X is a choice")
        choices, same = _x_choices(match["what"])
        return Production(choices, per=_per_number(match["x"]), same_choice=same)
    if chosen == "color" and body != "one mana of that color":
        raise Unsupported(f"mana of the chosen color: {body}")
    return Production(tuple(_phrase(body, chosen)))


def _counter_production(body: str, cost: CostText) -> Production:
    """Counters removed as a cost: "Add X mana ...", "Add {C} for each storage counter
    removed this way", "Add that much {C}"."""
    counters = Amount("counters")
    match = _X.fullmatch(body)
    if match and match["x"] is None:
        choices, same = _x_choices(match["what"])
        return Production(choices, per=counters, same_choice=same)
    # Mana Battery: "{B}, then add an additional {B} for each charge counter removed"
    match = re.fullmatch(
        r"(?P<first>\{[WUBRGC]\}), then add an additional (?P<what>\{[WUBRGC]\}) for each "
        r"(?P<each>.+)",
        body,
    )
    if (
        match
        and match["first"] == match["what"]
        and match["each"] == f"{cost.counter} counter removed this way".lstrip()
    ):
        return Production(tuple(_phrase(match["what"], "")), per=replace(counters, plus=1))
    match = _EACH.fullmatch(body)
    if match and match["each"] == f"{cost.counter} counter removed this way".lstrip():
        return Production(tuple(_phrase(match["what"], "")), per=counters)
    match = re.fullmatch(r"that much (?P<what>\{[WUBRGC]\})", body)
    if match:
        return Production(tuple(_phrase(match["what"], "")), per=counters)
    # Kyren Toy: "Remove X ... counters: Add an amount of {C} equal to X plus one"
    match = re.fullmatch(r"an amount of (?P<what>\{[WUBRGC]\}) equal to X plus one", body)
    if match:
        return Production(tuple(_phrase(match["what"], "")), per=replace(counters, plus=1))
    raise Unsupported(f"an amount of counters: {body}")


def _x_choices(what: str) -> tuple[tuple[Choice, ...], bool]:
    if what == "mana of any one color":
        return tuple(Choice((slot(c),)) for c in "WUBRG"), True
    (choice,) = _phrase("one " + what, "")
    return (choice,), False


def _phrase(text: str, chosen: str) -> list[Choice]:
    """The choices of a fixed amount of mana."""
    match = re.fullmatch(
        r"(?P<n>\w+) mana (?:of any one color|in any combination of (?P<of>.+)|"
        r"of different colors|of the chosen color)",
        text,
    )
    if match:
        n = count_word(match["n"])
        if text.endswith("of any one color"):
            return [Choice((slot(c),) * n) for c in "WUBRG"]
        if text.endswith("of different colors"):
            return [
                Choice(tuple(slot(c) for c in pair)) for pair in itertools.combinations("WUBRG", n)
            ]
        if text.endswith("of the chosen color"):
            return [Choice((DynamicSlot.CHOSEN_COLOR,) * n)]
        of = match["of"]
        if of == "colors":
            return [Choice((ANY_COLOR,) * n)]
        symbols = re.fullmatch(rf"({SYMBOL})(?:, ({SYMBOL}))*,? and/or ({SYMBOL})", of)
        if symbols is None:
            raise Unsupported(f"mana: {text}")
        letters = "".join(re.findall(r"\{(\w)\}", of))
        return [Choice((slot(letters),) * n)]
    match = re.fullmatch(r"(?P<n>\w+) (?P<symbol>\{[WUBRGC]\})", text)
    if match and match["n"] not in ("a", "an"):
        return [Choice((slot(match["symbol"][1]),) * count_word(match["n"]))]
    alternatives = re.split(r",? or |, ", text)
    if not all(alternatives):
        raise Unsupported(f"mana: {text}")
    if all(re.fullmatch(SYMBOL, a) for a in alternatives):
        return [Choice((slot("".join(a[1] for a in alternatives)),))]
    choices: list[Choice] = []
    for alternative in alternatives:
        choices.extend(_one_alternative(alternative, chosen))
    return choices


def _one_alternative(text: str, chosen: str) -> list[Choice]:
    if SYMBOLS.fullmatch(text):
        return [Choice(tuple(slot(letter) for letter in re.findall(r"\{(\w)\}", text)))]
    if text == "one mana of any color":
        return [Choice((ANY_COLOR,))]
    if text == "one mana of that color":
        if chosen == "color":
            return [Choice((ANY_COLOR,))]
        if chosen == "permanent":
            return [Choice((DynamicSlot.PERMANENT_COLORS,))]
        if chosen == "graveyard":
            return [Choice((DynamicSlot.GRAVEYARD_COLORS,))]
    match = re.fullmatch(r"one mana of (?P<what>.+)", text)
    if match and match["what"] in _DYNAMIC:
        return [Choice((_DYNAMIC[match["what"]],))]
    raise Unsupported(f"mana: {text}")


_OWN_COUNTERS = lazy(r"(?:the number of )?(?:(?:\S+ )?counters?) on ~")


_GRAVEYARD = lazy(r"(?P<what>.+?) cards? in your graveyard")


def _per_each(text: str) -> Amount:
    """ "for each <text>"."""
    if _OWN_COUNTERS.fullmatch(text) and not text.startswith("the number"):
        return Amount("own counters")  # "for each charge counter on this artifact"
    if text == "card you've drawn this turn":  # Kydele, Chosen of Kruphix
        return Amount("cards drawn this turn")
    match = _GRAVEYARD.fullmatch(text)
    if match:  # Crypt of Agadeem: "for each black creature card in your graveyard"
        return Amount("graveyard", graveyard_filter(match["what"]))
    match = re.fullmatch(r"different power among (?P<what>.+)", text)
    if match:  # Selvala, Eager Trailblazer
        return Amount("different powers", permanent_filter(match["what"], plural=True))
    return Amount("permanents", permanent_filter(text, plural=False))


def _per_equal(text: str) -> Amount:
    """ "an amount ... equal to <text>"."""
    match = re.fullmatch(r"your devotion to (?P<color>\w+)", text)
    if match and match["color"] in COLOR_WORDS:
        return Amount("devotion", colors=COLOR_WORDS[match["color"]])
    return _per_number(text)


def _per_number(text: str) -> Amount:
    """ "X is <text>" or "equal to <text>"."""
    if text == "~'s power":
        return Amount("power")
    if text == "~'s toughness":
        return Amount("toughness")
    if text == "your life total":  # Sanctum of the Sun
        return Amount("life")
    if text == "the amount of life you gained this turn":  # Accomplished Alchemist
        return Amount("life gained this turn")
    match = re.fullmatch(r"the number of (?P<what>.+?) cards? in your graveyard", text)
    if match:  # Deathbloom Ritualist, The Core
        return Amount("graveyard", graveyard_filter(match["what"]))
    match = re.fullmatch(r"the number of basic land types among (?P<what>.+)", text)
    if match:  # domain (Prismatic Geoscope)
        return Amount("basic land types", permanent_filter(match["what"], plural=True))
    match = re.fullmatch(r"the greatest toughness among (?P<what>.+)", text)
    if match:  # Arbor Adherent
        return Amount("greatest toughness", permanent_filter(match["what"], plural=True))
    if text.startswith("the number of ") and _OWN_COUNTERS.fullmatch(text):
        return Amount("own counters")  # "the number of charge counters on this artifact"
    match = re.fullmatch(r"the greatest power among (?P<what>.+)", text)
    if match:
        return Amount("greatest power", permanent_filter(match["what"], plural=True))
    match = re.fullmatch(r"the number of (?P<what>.+)", text)
    if match:
        return Amount("permanents", permanent_filter(match["what"], plural=True))
    raise Unsupported(f"amount: {text}")
