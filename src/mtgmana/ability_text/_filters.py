"""Private: the permanents a mana ability's text refers to ("creature you control",
"basic Swamp you control", "Elf on the battlefield", "other Gates you control", "Urza's
land you control", "creatures you control with defender", "... that entered this
turn", "blue creature", "creature you control with a counter on it") and the cards in
a graveyard it counts ("black creature card", "permanent cards") as
:class:`~mtgmana.board.abilities.PermanentFilter` values (CR 109, 110.4a, 205: card types,
subtypes, supertypes; colors, CR 105)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final, Literal

from .._regex import Pattern, lazy
from ..board.abilities import CHOSEN_TYPE, PermanentFilter
from ..colors import Color
from ._words import CARD_TYPE_WORDS, COLOR_WORDS, FILTER_KEYWORDS, SUPERTYPE_WORDS, Unsupported

__all__: list[str] = []


_CONTROLLERS: Final = {
    " you control": "you",
    " on the battlefield": "any",
    " your opponents control": "opponent",
}


def permanent_filter(text: str, *, plural: bool) -> PermanentFilter:
    """ "creature you control", "basic Swamp you control", "Elf on the battlefield",
    "Allies you control", "other Gates you control", "creatures you control of the
    chosen type", "creature with power 4 or greater you control", "artifact you
    control named ~", "Urza's land you control"."""
    text, extra = _qualities(text)
    chosen_type = text.endswith(" of the chosen type")
    text = text.removesuffix(" of the chosen type")
    name = ""
    match = re.fullmatch(r"(?P<rest>.+) named (?P<name>.+)", text)
    if match:
        text, name = match["rest"], match["name"]
    suffix = next((s for s in _CONTROLLERS if text.endswith(s)), None)
    if suffix is None:
        raise Unsupported(f"amount: {text}")
    controller = _CONTROLLERS[suffix]
    text = text[: -len(suffix)]
    min_power = None
    match = re.fullmatch(r"(?P<rest>.+) with power (?P<n>\d+) or greater", text)
    if match:
        text, min_power = match["rest"], int(match["n"])
    other = text.startswith("other ")
    text = text.removeprefix("other ")
    words = text.split()
    supertypes: set[str] = set()
    excluded: set[str] = set()
    while words and (words[0] in SUPERTYPE_WORDS or words[0] == "nonbasic"):
        word = words.pop(0)
        if word == "nonbasic":
            excluded.add("Basic")
        else:
            supertypes.add(SUPERTYPE_WORDS[word])
    nouns = [w for w in re.split(r",? (?:and/or|or) |, ", " ".join(words)) if w]
    card_types: set[str] = set()
    subtypes: set[str] = set()
    all_subtypes: set[str] = set()
    if len(nouns) == 1 and " " in nouns[0]:
        # "Urza's Power-Plant" (both subtypes), "Urza's land" (a subtype and a type)
        *adjectives, last = nouns[0].split()
        if not all(_SUBTYPE_WORD.fullmatch(word) for word in adjectives):
            raise Unsupported(f"amount: {text}")
        all_subtypes.update(adjectives)
        nouns = [last]
    for noun in nouns:
        if " " in noun:
            raise Unsupported(f"amount: {text}")
        word = _singular(noun) if plural else noun
        if word in CARD_TYPE_WORDS:
            card_types.add(CARD_TYPE_WORDS[word])
        elif word == "permanent":
            pass
        elif _SUBTYPE_WORD.fullmatch(word):
            (all_subtypes if all_subtypes else subtypes).add(word)
        else:
            raise Unsupported(f"amount: {text}")
    if not nouns or (card_types and subtypes):
        raise Unsupported(f"amount: {text}")
    if chosen_type:
        if subtypes or all_subtypes:
            raise Unsupported(f"amount: {text} of the chosen type")
        subtypes.add(CHOSEN_TYPE)
    found = PermanentFilter(
        frozenset(card_types),
        frozenset(subtypes),
        frozenset(supertypes),
        controller,
        excluded_supertypes=frozenset(excluded),
        other=other,
        all_subtypes=frozenset(all_subtypes),
        name=name,
        min_power=min_power,
    )
    return _with(found, extra)


_SUBTYPE_WORD = lazy(r"[A-Z][a-z]*(?:['-][A-Za-z]+)*")
_KEYWORDS = "|".join(sorted(FILTER_KEYWORDS))
QualityKind = Literal["keyword", "entered_this_turn", "with_counters"]
"""What a filter word after the noun says ("with defender", "that entered this turn",
"with a counter on it")."""

_QUALITIES: Final[tuple[tuple[Pattern, QualityKind], ...]] = (
    (lazy(rf"(?P<rest>.+) with (?P<keyword>{_KEYWORDS})"), "keyword"),
    (lazy(r"(?P<rest>.+) that entered this turn"), "entered_this_turn"),
    (lazy(r"(?P<rest>.+) with an? (?:\+1/\+1 )?counters? on (?:it|them)"), "with_counters"),
)


def _qualities(text: str) -> tuple[str, PermanentFilter]:
    """A noun phrase without what it says after the noun ("with defender", "that
    entered this turn", "with a counter on it"), and those qualities as a filter.
    "With a +1/+1 counter on it" is read as any counter: a permanent's
    :attr:`~mtgmana.board.Permanent.counters` are the kind that matters."""
    found = PermanentFilter()
    changed = True
    while changed:
        changed = False
        for pattern, kind in _QUALITIES:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            text, changed = match["rest"], True
            if kind == "keyword":
                found = replace(found, keywords=found.keywords | {match["keyword"]})
            elif kind == "entered_this_turn":
                found = replace(found, entered_this_turn=True)
            else:
                found = replace(found, with_counters=True)
    return text, found


def _with(item: PermanentFilter, extra: PermanentFilter) -> PermanentFilter:
    return replace(
        item,
        keywords=item.keywords | extra.keywords,
        entered_this_turn=item.entered_this_turn or extra.entered_this_turn,
        with_counters=item.with_counters or extra.with_counters,
    )


_PERMANENT_TYPES: Final = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)


def graveyard_filter(text: str) -> PermanentFilter:
    """The cards in a graveyard "<text> card(s)" names: "black creature", "creature",
    "legendary creature", "permanent" (CR 110.4a: a card of a permanent type)."""
    card_types: set[str] = set()
    supertypes: set[str] = set()
    colors = None
    for word in text.split():
        if word in COLOR_WORDS:
            colors = (colors or Color(0)) | Color.parse(COLOR_WORDS[word])
        elif word in SUPERTYPE_WORDS:
            supertypes.add(SUPERTYPE_WORDS[word])
        elif word in CARD_TYPE_WORDS and not card_types:
            card_types.add(CARD_TYPE_WORDS[word])
        elif word == "permanent" and not card_types:
            card_types |= _PERMANENT_TYPES
        else:
            raise Unsupported(f"amount: {text} cards in your graveyard")
    return PermanentFilter(
        card_types=frozenset(card_types), supertypes=frozenset(supertypes), colors=colors
    )


def _singular(word: str) -> str:
    if word in ("Plains", "Elves", "Dwarves", "Wolves"):
        return {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf"}.get(word, word)
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    raise Unsupported(f"amount: {word}")


# -- the permanents a static ability or a cost names ----------------------------------

_SUBJECT_CONTROLLERS: Final = (
    (" you control", "you"),
    (" your opponents control", "opponent"),
    (" an opponent controls", "opponent"),
    (" on the battlefield", "any"),
)
_NON_TYPES: Final = {f"non{word}": name for word, name in CARD_TYPE_WORDS.items()}
_NON_SUPERTYPES: Final = {f"non{word}": name for word, name in SUPERTYPE_WORDS.items()}
_IRREGULAR: Final = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Fungi": "Fungus"}
_INVARIANT: Final = frozenset({"Plains", "Eldrazi", "Fungus", "Sphinx", "Processor"})


def subject_filter(text: str, *, plural: bool, controller: str = "you") -> PermanentFilter:
    """The permanents a static ability or a cost names (CR 109.2, 205): "lands",
    "nonbasic lands", "creature tokens", "Elves", "other legendary creatures",
    "Fungus and Saproling", "artifact or creature", "Human creatures", "nonland
    permanent", "Mountains", each with an optional "you control" / "your opponents
    control" (without one: ``controller``)."""
    text, extra = _qualities(text.strip())
    for suffix, who in _SUBJECT_CONTROLLERS:
        if text.endswith(suffix):
            text, controller = text[: -len(suffix)], who
            break
    if extra.entered_this_turn:
        raise Unsupported(f"the permanents: {text} that entered this turn")
    words = text.split()
    other = False
    colors: Color | None = None
    token: bool | None = None
    supertypes: set[str] = set()
    excluded: set[str] = set()
    excluded_types: set[str] = set()
    while words:
        word = words[0].lower()
        if word in ("other", "another"):
            other = True
        elif word in SUPERTYPE_WORDS:
            supertypes.add(SUPERTYPE_WORDS[word])
        elif word in _NON_SUPERTYPES:
            excluded.add(_NON_SUPERTYPES[word])
        elif word in _NON_TYPES:
            excluded_types.add(_NON_TYPES[word])
        elif word == "nontoken":
            token = False
        elif word in COLOR_WORDS:  # "an untapped blue creature" (Grand Architect)
            colors = (colors or Color(0)) | Color.parse(COLOR_WORDS[word])
        else:
            break
        words.pop(0)
    card_types: set[str] = set()
    subtypes: set[str] = set()
    alternatives = [a for a in re.split(r",? (?:and/or|and|or) |, ", " ".join(words)) if a]
    if not alternatives:
        raise Unsupported(f"the permanents: {text}")
    for alternative in alternatives:
        nouns = alternative.split()
        if nouns[-1].lower() in ("token", "tokens"):
            token = True
            nouns.pop()
            if not nouns:
                continue
        if (
            len(nouns) == 2
            and _SUBTYPE_WORD.fullmatch(nouns[0])
            and nouns[0].lower() not in CARD_TYPE_WORDS
        ):
            # "Human creatures", "Sliver creatures": a subtype and a card type
            subtypes.add(nouns.pop(0))
            if len(alternatives) > 1:
                raise Unsupported(f"the permanents: {text}")
        if len(nouns) != 1:
            raise Unsupported(f"the permanents: {text}")
        noun = nouns[0]
        single = _singular_noun(noun) if plural else noun
        if single.lower() in CARD_TYPE_WORDS:
            card_types.add(CARD_TYPE_WORDS[single.lower()])
        elif single.lower() == "permanent":
            pass
        elif _SUBTYPE_WORD.fullmatch(single):
            subtypes.add(single)
        else:
            raise Unsupported(f"the permanents: {text}")
    if card_types and subtypes and len(alternatives) > 1:
        raise Unsupported(f"the permanents: {text}")  # "Goblins or artifacts": not a filter
    found = PermanentFilter(
        frozenset(card_types),
        frozenset(subtypes),
        frozenset(supertypes),
        controller,
        excluded_supertypes=frozenset(excluded),
        other=other,
        excluded_card_types=frozenset(excluded_types),
        token=token,
        colors=colors,
    )
    return _with(found, extra)


def _singular_noun(word: str) -> str:
    """A plural noun of a type line in the singular ("Elves", "lands", "Sorceries")."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _INVARIANT:
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("xes", "ches", "shes", "sses")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
