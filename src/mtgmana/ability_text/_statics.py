"""Private: static abilities that change what permanents are or which mana abilities
they have (CR 604, 611.3, 613), as :class:`~mtgmana.board.effects.ContinuousEffect` values:
granted mana abilities (layer 6: "Lands you control have "{T}: Add one mana of any
color.""), basic land types (layer 4, CR 305.7: "Each land is a Swamp in addition to
its other land types", "Nonbasic lands are Mountains"), card types added (layer 4),
colors (layer 5: "Each nonland permanent you control is all colors") and losing all
abilities (layer 6: "All creatures lose all abilities"). A sentence that changes
mana in a way the model can't say raises :class:`~._words.Unsupported`; one that
doesn't change which mana a board can make is left alone (the list is in the
package's docstring)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Final

from .._regex import lazy
from ..board.abilities import CHOSEN_TYPE, Condition, ManaAbility, PermanentFilter
from ..board.effects import BASIC_LAND_TYPES, CHOSEN_NAME, LAND_TYPES, ContinuousEffect, Layer
from ..colors import ALL_COLORS, COLORLESS, Color
from ._card_mana import CardMana
from ._conditions import control, fact_condition
from ._filters import subject_filter
from ._words import CARD_TYPE_WORDS, COLOR_WORDS, SENTENCE, NotMana, Unsupported

__all__: list[str] = []

QuotedReader = Callable[[str], CardMana]
"""Reads the text of a quoted ability (the reader of a face's lines)."""

_QUOTED = lazy(r'"([^"]*)"')
_INNER_QUOTE = lazy(r"(?<![A-Za-z])'([^']*)'(?![A-Za-z])")  # 'nested' quotes
_MARK = lazy(r"«(\d+)»")
_VERB = r"(?:has|have|gains?|gets?|is|are|loses?|lose|becomes?)"
_SUBJECT = lazy(rf"(?P<subject>.+?) (?P<rest>{_VERB}\b.*)")
_PREDICATES = lazy(rf",? and (?=(?:it |they )?{_VERB}\b)|, (?=(?:it |they )?{_VERB}\b)")
_IN_ADDITION = lazy(
    r" in addition to (?:its|their) other (?:colors and )?(?:(?:land|creature|card) )?types"
    r"|\b(?:in addition to (?:its|their) other colors)"
)
_CONDITION = lazy(r"(?P<when>As long as|During) (?P<condition>[^,]+), (?P<rest>.+)")
_COPY = lazy(r"You may have ~ enter as a copy\b")
_ATTACHED = lazy(r"(?:[Ee]nchanted|[Ee]quipped) (?:land|creature|permanent|artifact|[A-Z]\w+)")
_GRAVEYARD = lazy(r"(?:~|this card) is in your graveyard")
_ATTACHED_IS = lazy(
    r"enchanted (?:permanent|creature|land|artifact) is an? (?P<type>land|creature|artifact)"
)

# Mana-relevant sentences the model can't express (CR rule, what is missing).
_UNSUPPORTED: Final = [
    (lazy(r"\bas though it were (?:mana of any (?:color|type)|colorless mana)|"
                r"\bmana of any type can be spent"),
     "spending mana as though it were another type (CR 609.4b): not modelled"),
    (lazy(r"\b[Aa]ctivated abilities\b(?:(?! unless they're mana abilities).)*"
                r"\bcan't be activated(?! unless they're mana abilities)"),
     "activated abilities can't be activated: not modelled"),
    (lazy(r"\b[Mm]ana abilities of\b(?! ~ cost an additional \d+ life to activate$)"
                r"|\bmana abilities (?:cost|can't)\b"),
     "an effect on mana abilities: not modelled"),
    (lazy(r"\bcan't pay life\b(?!.*\bthat aren't mana abilities\b)|"
                r"\bcan't (?:pay life or )?sacrifice\b(?!.*\bthat aren't mana abilities\b)"),
     "a cost that can't be paid: not modelled"),
    (lazy(r"\b(?:has|have) all activated abilities\b(?!.*\bexcept mana abilities)"),
     "abilities copied from other permanents: not modelled"),
]  # fmt: skip
_MORE_LIFE = lazy(r"Mana abilities of ~ cost an additional (?P<n>\d+) life to activate")
_BLOOD_SUN = lazy(r"\blos(?:e|es) all (?:other )?abilities except mana abilities")
# Sentences about abilities that aren't mana abilities (Pithing Needle, Karn's Sylex).
_NOT_MANA_ABILITIES = lazy(
    r"\bunless they're mana abilities|\bthat aren't mana abilities|\bisn't a mana ability"
    r"|\bexcept mana abilities"
)
# Subjects that aren't permanents: cards in other zones, spells.
_NOT_PERMANENTS = lazy(r"^(?:Cards|cards|Spells|spells)\b|\bin (?:graveyards|exile)\b")
_CHAPTER = lazy(r"[IVX]+(?:, [IVX]+)* —")
_CHAPTER_GRANT = lazy(r"(?P<chapters>[IVX]+(?:, [IVX]+)*) — ~ gains (?P<what>«\d+»)")
_ROMAN: Final = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
_COLOR_NAMES: Final = {**COLOR_WORDS, "colorless": ""}


@dataclass
class Statics:
    """What the static abilities of a face say: effects on permanents, mana abilities
    the object gives itself (a Saga's chapter), notes."""

    effects: list[ContinuousEffect] = field(default_factory=list)
    own: list[ManaAbility] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def read_static(
    line: str, raw: str, read_quoted: QuotedReader, *, spell: bool, land: bool
) -> Statics:
    """The effects of a static ability's line (``line``: normalized, ``~`` for the
    object, a land if ``land``; ``raw``: as printed). A spell's "Until end of turn,
    <permanents> gain ..." is read as the effect it creates, with a note."""
    quotes: list[str] = []

    def mark(match: re.Match[str]) -> str:
        quotes.append(match[1])
        return f"«{len(quotes) - 1}»"

    bare = _QUOTED.sub(mark, line)
    found = Statics()
    if bare.startswith("•"):
        return found  # a mode of a spell or of a triggered ability: a one-shot effect
    chapter = _CHAPTER_GRANT.fullmatch(bare.removesuffix("."))
    if chapter:
        _chapter(found, chapter, quotes, read_quoted, raw)
        return found
    if _CHAPTER.match(bare):
        raise NotMana("a chapter ability, not a mana ability (CR 605.5a)")
    previous: list[str] = []  # the subject "It" refers to: the previous sentence's
    for sentence in SENTENCE.split(bare):
        sentence = sentence.strip().removesuffix(".")
        if not sentence:
            continue
        if spell:
            if not sentence.startswith("Until end of turn, ") or "target" in sentence:
                continue  # a spell's one-shot effect
            sentence = sentence.removeprefix("Until end of turn, ")
            sentence = sentence[:1].upper() + sentence[1:]
            found.notes.append(f"until end of turn (the effect of a spell): {raw}")
        found.effects.extend(
            _sentence(sentence, quotes, read_quoted, raw, found, land=land, previous=previous)
        )
    return found


def _chapter(
    found: Statics, match: re.Match[str], quotes: list[str], read_quoted: QuotedReader,
    raw: str,
) -> None:  # fmt: skip
    """ "I — This Saga gains "{T}: Add {C}."": from its first lore counter on, the Saga
    has the ability (CR 714.2b; the chapter ability's effect lasts)."""
    first = min(_ROMAN[c] for c in match["chapters"].split(", "))
    granted = _granted(quotes[int(match["what"][1:-1])], read_quoted)
    if not granted:
        raise NotMana("a chapter ability, not a mana ability (CR 605.5a)")
    lore = Condition(counters=first, activation=False, text=f"chapter {match['chapters']}")
    found.own.extend(replace(ability, condition=lore) for ability in granted)
    found.notes.append(
        f"the ability is there once the chapter ability has resolved (lore counters): {raw}"
    )


def _granted(text: str, read_quoted: QuotedReader) -> tuple[ManaAbility, ...]:
    """The mana abilities of a quoted ability ("{T}: Add one mana of any color.")."""
    text = _INNER_QUOTE.sub(r'"\1"', text).strip()
    if not re.search(r"\b[Aa]dds?\b", text):
        return ()
    text = text.rstrip(",") if text.endswith(",") else text
    if not text.endswith((".", '"')):
        text += "."  # "{T}: Add {C}" ends where the sentence quoting it goes on
    result = read_quoted(text)
    if result.unsupported:
        raise Unsupported("a granted mana ability: " + result.unsupported[0][1])
    if result.triggers or result.replacements or result.statics:
        raise Unsupported("a granted triggered ability or effect on mana: not modelled")
    return result.abilities


@dataclass
class _Change:
    """What the predicates of a sentence do to the permanents they name."""

    grants: list[ManaAbility] = field(default_factory=list)
    removes: bool = False
    land_types: frozenset[str] = frozenset()
    card_types: frozenset[str] = frozenset()
    colors: Color | None = None
    add_types: bool = False
    add_colors: bool = False
    chosen_type: bool = False
    chosen_color: bool = False
    subtypes: frozenset[str] = frozenset()  # other than land types ("a Treasure artifact")
    lose_land_types: bool = False  # "loses all land types" (Lithoform Blight)
    lose_card_types: bool = False  # "loses all other card types" (Imprisoned in the Moon)

    @property
    def relevant_besides_type(self) -> bool:
        return bool(
            self.grants or self.removes or self.land_types or self.card_types
            or self.colors is not None or self.lose_land_types or self.lose_card_types
        )  # fmt: skip

    @property
    def relevant(self) -> bool:
        return self.relevant_besides_type or self.chosen_type or self.chosen_color


def _sentence(
    sentence: str, quotes: list[str], read_quoted: QuotedReader, raw: str, found: Statics,
    *, land: bool, previous: list[str],
) -> list[ContinuousEffect]:  # fmt: skip
    """The effects of one sentence; ``previous`` holds the subject of the sentence
    before it in the line (what "It" is: "Enchanted creature can't block. It loses
    all abilities"). Abilities the object gives itself while a condition holds go to
    ``found.own``."""
    if not _screened(sentence):
        return []
    match = _MORE_LIFE.fullmatch(sentence)
    if match:  # Thran Portal: its mana abilities cost more (CR 602.2b, 601.2f)
        extra = int(match["n"])
        return [ContinuousEffect(PermanentFilter(itself=True), Layer.ABILITY, extra_life=extra,
                                 text=raw)]  # fmt: skip
    parts = _parts(sentence, previous)
    if parts is None:
        return []
    change = _Change()
    for predicate in _PREDICATES.split(parts.rest):
        _predicate(re.sub(r"^(?:it|they) ", "", predicate), quotes, read_quoted, change)
    if not change.relevant or _NOT_PERMANENTS.search(parts.subject):
        return []
    if _COPY.match(parts.sentence):
        raise Unsupported("a copy effect with an exception (CR 707.9): not modelled")
    if parts.condition is not None and _GRAVEYARD.fullmatch(parts.condition):
        found.notes.append(f"works only from a graveyard (CR 113.6b), not on a board: {raw}")
        return []
    if parts.on_itself:
        return _on_itself(parts, change, raw, found, land=land)
    return _on_others(parts, change, raw, found.notes)


def _screened(sentence: str) -> bool:
    """Whether the sentence may be read (``False``: it is about abilities that
    aren't mana abilities); :class:`Unsupported` for effects not modelled."""
    if _BLOOD_SUN.search(sentence):
        raise Unsupported("losing all abilities but mana abilities: not modelled")
    if _NOT_MANA_ABILITIES.search(sentence):
        return False
    for pattern, reason in _UNSUPPORTED:
        if pattern.search(sentence):
            raise Unsupported(reason)
    return True


@dataclass(frozen=True)
class _Parts:
    """A sentence read as "[As long as <condition>,] <subject> <rest>"."""

    sentence: str
    subject: str
    rest: str
    when: str = ""
    condition: str | None = None

    @property
    def on_itself(self) -> bool:
        """Whether it speaks of the object itself ("~", or "it" after a condition
        on it)."""
        return self.subject == "~" or (
            self.subject == "it" and self.condition is not None and "~" in self.condition
        )


def _parts(sentence: str, previous: list[str]) -> _Parts | None:
    """The condition, subject and rest of a sentence (``None``: no subject read;
    "Enchanted creature can't block." is remembered as what "It" is next)."""
    when, condition = "", None
    match = _CONDITION.fullmatch(sentence)
    if match:
        when, condition, sentence = match["when"], match["condition"], match["rest"]
    match = _SUBJECT.fullmatch(sentence)
    if match is None:
        attached = _ATTACHED.match(sentence)  # "Enchanted creature can't block."
        if attached:
            previous.append(attached[0])
        return None
    subject = match["subject"]
    if subject in ("It", "They") and condition is None:
        if not previous:
            return None  # a token the text creates, or the like: not a permanent here
        subject = previous[-1]
    previous.append(subject)
    return _Parts(sentence, subject, match["rest"], when, condition)


def _on_itself(
    parts: _Parts, change: _Change, raw: str, found: Statics, *, land: bool
) -> list[ContinuousEffect]:
    """The effects an object gives itself: a chosen basic land type (a land), or
    abilities while a condition holds (to ``found.own``)."""
    condition = parts.condition
    if change.chosen_type and land:
        return [_chosen_type(PermanentFilter(itself=True), change, raw)]
    if change.grants and not change.removes and condition is not None:
        # "As long as this creature is modified, it has "{T}: Add {G}{G}."": its own
        # ability, there while the condition holds (checked as it resolves)
        holds = _own_condition(condition, f"{parts.when} {condition}")
        if any(ability.condition is not None for ability in change.grants):
            raise Unsupported("a condition on an ability the object gives itself")
        found.own.extend(replace(ability, condition=holds) for ability in change.grants)
        found.notes.append(f"its ability is there only while the condition holds: {raw}")
        return []
    if change.grants or change.removes:
        raise Unsupported("an ability the object gives itself: not modelled")
    return []  # its own colors or types (CR 604.3; a creature type is no mana)


def _on_others(
    parts: _Parts, change: _Change, raw: str, notes: list[str]
) -> list[ContinuousEffect]:
    """The effects on the permanents the subject names."""
    if change.chosen_type and "land" not in parts.subject.lower():
        change.chosen_type = False  # a creature type (Xenograft): not mana-relevant
        if not change.relevant:
            return []
    affects, named = _subject(parts.subject, parts.condition)
    if change.chosen_color:
        raise Unsupported("the chosen color of an effect: not modelled")
    if change.chosen_type:
        if parts.condition is not None or change.relevant_besides_type:
            raise Unsupported("a chosen basic land type with another change: not modelled")
        return [_chosen_type(affects, change, raw)]
    grants = _conditional_grants(parts, change, affects)
    effects = _type_effects(affects, named, change, raw, notes)
    if change.colors is not None:
        effects.append(
            ContinuousEffect(
                affects, Layer.COLOR, colors=change.colors, add_colors=change.add_colors,
                text=raw,
            )
        )  # fmt: skip
    if grants or change.removes:
        effects.append(
            ContinuousEffect(
                affects, Layer.ABILITY, grants=grants, removes_abilities=change.removes,
                text=raw,
            )
        )  # fmt: skip
    return effects


def _conditional_grants(
    parts: _Parts, change: _Change, affects: PermanentFilter
) -> tuple[ManaAbility, ...]:
    """The abilities granted, with the sentence's condition on them: "As long as you
    control six or more lands, lands you control have ..." (checked as it resolves);
    another condition isn't modelled."""
    grants = tuple(change.grants)
    condition = parts.condition
    if condition is None or _ATTACHED_IS.fullmatch(condition):
        return grants
    if not condition.startswith("you control ") or affects.controller != "you" or (
        change.removes or change.land_types or change.card_types or change.colors is not None
    ):  # fmt: skip
        raise Unsupported(f"a condition on a static ability: {parts.when} {condition}")
    wanted = control(condition.removeprefix("you control "), parts.sentence)
    holds = Condition(wanted, activation=False, text=f"{parts.when} {condition}")
    return tuple(replace(ability, condition=holds) for ability in grants)


def _type_effects(
    affects: PermanentFilter, named: frozenset[str], change: _Change, raw: str, notes: list[str]
) -> list[ContinuousEffect]:
    """The type-changing effect (layer 4) of the change, if any."""
    setting = (
        not change.add_types
        and bool(change.card_types)
        and (change.card_types != named or change.lose_card_types)
    )
    if setting:
        return [_setting_types(affects, change, raw)]
    if change.lose_card_types:
        raise Unsupported("losing card types, without the ones it is: not modelled")
    if change.lose_land_types and not (change.land_types or change.card_types):
        return [ContinuousEffect(affects, Layer.TYPE, loses_land_types=True, text=raw)]
    if change.lose_land_types:
        raise Unsupported("losing land types and gaining types: not modelled")
    if not (change.land_types or change.card_types):
        return []
    if not change.add_types and change.card_types and not change.land_types:
        notes.append(f"its other card types would be lost (not modelled): {raw}")
        return []
    return [
        ContinuousEffect(
            affects,
            Layer.TYPE,
            change.land_types,
            set_types=not change.add_types and bool(change.land_types),
            card_types=change.card_types if change.add_types else frozenset(),
            text=raw,
        )
    ]


def _setting_types(affects: PermanentFilter, change: _Change, raw: str) -> ContinuousEffect:
    """ "is a colorless Forest land", "is a Treasure artifact", "is a colorless land
    ... and loses all other card types": its card types instead of its own, and the
    subtypes named instead of its own of their kind (CR 205.1a; a basic land type
    set, CR 305.7)."""
    if "Creature" in change.card_types:
        raise Unsupported(
            "setting card types: a creature's (CR 205.1b: an artifact creature keeps its "
            "others) with its power and toughness: not modelled"
        )
    if change.subtypes & LAND_TYPES:
        raise Unsupported("a land type that isn't basic an effect gives: not modelled")
    return ContinuousEffect(
        affects, Layer.TYPE, change.land_types, set_types=bool(change.land_types),
        card_types=change.card_types, set_card_types=True, subtypes=change.subtypes,
        loses_land_types=change.lose_land_types, text=raw,
    )  # fmt: skip


def _own_condition(condition: str, text: str) -> Condition:
    """The condition of "As long as <condition>, ~ has ..." on the object itself:
    being modified (CR 700.9) or a fact of the game (the top card of your library)."""
    if condition == "~ is modified":
        return Condition(modified=True, activation=False, text=text)
    match = re.fullmatch(r"~ is (?P<what>renowned|monstrous|suspected|saddled)", condition)
    if match:  # a designation (CR 702.112b, 701.37b, 701.60b, 702.171b)
        return Condition(designations=frozenset({match["what"]}), activation=False, text=text)
    found = fact_condition(condition, text, activation=False)
    if found is None:
        raise Unsupported(f"an ability the object gives itself while {condition}: not modelled")
    return found


def _chosen_type(affects: PermanentFilter, change: _Change, raw: str) -> ContinuousEffect:
    """ "Enchanted land is the chosen type", "This land is the chosen type in addition to
    its other types": the basic land type chosen for the source (CR 305.7), bound by
    :class:`~mtgmana.board.Permanent` from its ``chosen_type``."""
    land_types = frozenset({CHOSEN_TYPE})
    return ContinuousEffect(
        affects, Layer.TYPE, land_types, set_types=not change.add_types, text=raw
    )


def _subject(subject: str, condition: str | None) -> tuple[PermanentFilter, frozenset[str]]:
    """The permanents a sentence names — "Lands you control", "Each land", "All
    Slivers", "Nonbasic lands", "Enchanted land", "Equipped creature", "it" (the
    enchanted permanent of "As long as enchanted permanent is a land") — and the card
    types its noun names ("Enchanted creature": creatures)."""
    if subject in ("it", "they") and condition is not None:
        match = _ATTACHED_IS.fullmatch(condition)
        if match is None:
            raise Unsupported(f"the permanents: {subject} ({condition})")
        types = frozenset({CARD_TYPE_WORDS[match["type"]]})
        return PermanentFilter(card_types=types, attached=True), types
    if _ATTACHED.fullmatch(subject):
        noun = subject.split()[1].lower()
        types = frozenset({CARD_TYPE_WORDS[noun]} if noun in CARD_TYPE_WORDS else ())
        return PermanentFilter(attached=True), types  # CR 303.4, 301.5
    if subject.endswith(" with the chosen name"):  # Alpine Moon: bound to the permanent's
        found, types = _subject(subject.removesuffix(" with the chosen name"), condition)
        if found.name or found.attached or found.itself:
            raise Unsupported(f"the permanents: {subject}")
        return replace(found, name=CHOSEN_NAME), types
    match = re.fullmatch(r"(?P<each>Each|All) (?P<rest>.+)", subject)
    if match:
        found = subject_filter(match["rest"], plural=match["each"] == "All", controller="any")
    else:
        found = subject_filter(subject, plural=True, controller="any")
    return found, found.card_types


def _predicate(text: str, quotes: list[str], read_quoted: QuotedReader, change: _Change) -> None:
    """One predicate: "have "{T}: Add {G}."", "gets +1/+1", "lose all abilities",
    "is a Swamp in addition to its other land types", "are all colors"."""
    match = re.fullmatch(r"(?:has|have|gains?) (?P<what>.+)", text)
    if match:
        for number in _MARK.findall(match["what"]):
            change.grants.extend(_granted(quotes[int(number)], read_quoted))
        return
    match = re.fullmatch(r"loses? all (?:other )?(?P<what>.+)", text)
    if match:
        for lost in re.split(r",? and |, ", match["what"]):
            if lost == "abilities":
                change.removes = True
            elif lost == "land types":  # CR 205.1a
                change.lose_land_types = True
            elif lost == "card types" and text.startswith(("loses all other ", "lose all other ")):
                change.lose_card_types = True  # CR 205.1a: those it "is" stay
            elif lost in ("card types", "other card types"):
                raise Unsupported(f"losing {lost}: not modelled")
            elif lost not in ("creature types", "colors"):
                break  # another predicate: "and doesn't untap during ..."
        return
    match = re.fullmatch(r"(?:is|are|becomes?) (?P<what>.+)", text)
    if match:
        _types_and_colors(match["what"], quotes, read_quoted, change)


def _types_and_colors(
    text: str, quotes: list[str], read_quoted: QuotedReader, change: _Change
) -> None:
    """ "a Swamp in addition to its other land types", "Mountains", "every basic land
    type", "all colors", "a colorless Forest land", "Forest lands in addition to their
    other types", "an artifact in addition to its other types"."""
    add = bool(_IN_ADDITION.search(text))
    add_colors = "other colors" in text
    text = _IN_ADDITION.sub("", text).strip()
    match = re.fullmatch(r"(?P<what>.+?) with (?P<with>.+)", text)
    if match:
        text = match["what"]
        for number in _MARK.findall(match["with"]):  # "a land with "{T}: Add {C}""
            change.grants.extend(_granted(quotes[int(number)], read_quoted))
    if text in ("the chosen type", "the chosen basic land type"):
        change.chosen_type = True
        change.add_types = change.add_types or add
        return
    if text == "the chosen color":
        change.chosen_color = True
        return
    land_types: set[str] = set()
    card_types: set[str] = set()
    colors: Color | None = None
    if text.startswith("every basic land type"):
        land_types.update(BASIC_LAND_TYPES)
        text = text.removeprefix("every basic land type")
    if text == "all colors":
        colors, text = ALL_COLORS, ""
    supertypes = []
    subtypes: set[str] = set()
    for word in _words(text):
        if word in _COLOR_NAMES:
            letter = _COLOR_NAMES[word]
            colors = (colors or COLORLESS) | (Color.parse(letter) if letter else COLORLESS)
        elif _singular_type(word) in BASIC_LAND_TYPES:
            land_types.add(_singular_type(word))
        elif _singular_type(word).lower() in CARD_TYPE_WORDS:
            card_types.add(CARD_TYPE_WORDS[_singular_type(word).lower()])
        elif word in ("legendary", "basic", "snow"):
            supertypes.append(word)
        elif not _TYPE_WORD.fullmatch(word):
            return  # not a type line ("each equal to the number of lands you control")
        else:  # other subtypes: creature types, "Treasure" (kept when card types are set)
            subtypes.add(word)
    if supertypes and (land_types or card_types or colors is not None):
        raise Unsupported(f"a supertype an effect gives: {supertypes[0]}")
    change.land_types |= frozenset(land_types)
    change.card_types |= frozenset(card_types)
    change.subtypes |= frozenset(subtypes)
    change.add_types = change.add_types or add
    if colors is not None:
        change.colors = colors
        change.add_colors = add_colors


_TYPE_WORD = lazy(r"[A-Z][a-z]*(?:['-][A-Za-z]+)*s?")


def _words(text: str) -> Iterator[str]:
    for word in re.split(r"[\s,]+", text):
        if word and word not in ("a", "an", "and", "or"):
            yield word


def _singular_type(word: str) -> str:
    if word in ("Plains", "Islands", "Swamps", "Mountains", "Forests"):
        return "Plains" if word == "Plains" else word[:-1]
    if word.lower() in ("lands", "creatures", "artifacts", "enchantments"):
        return word[:-1]
    return word
