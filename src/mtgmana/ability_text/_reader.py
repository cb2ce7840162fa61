"""Private: reading a face's rules text line by line (CR 113: each line an ability):
basic land types' intrinsic abilities (CR 305.6), ability words, chapter, level,
station and die-roll lines, activated mana abilities, mana triggers and replacement
effects, lines that add mana without being mana abilities (CR 605.5); then the
abilities that only differ in their mana are merged into one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from .._regex import lazy
from ..board.abilities import (
    ActivationCost,
    Choice,
    Condition,
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PoolDoubling,
    Production,
    slot,
    sorted_types,
)
from ..board.effects import ContinuousEffect
from ._card_mana import CardMana
from ._conditions import with_own_name
from ._costs import read_cost
from ._effects import read_ability
from ._production import with_damage
from ._statics import read_static
from ._triggers import REPLACEMENT_HINT, read_replacement, read_trigger
from ._words import FILTER_KEYWORDS, NotMana, Unsupported

__all__: list[str] = []


_REMINDER = lazy(r"\s*\([^()]*\)")  # reminder text (CR 207.2)
_BASIC_TYPES: Final = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_SELF_NOUNS: Final = (
    "land|creature|artifact|enchantment|permanent|token|card|Vehicle|Saga|Equipment|Aura|"
    "Spacecraft|Planet"
)
_SELF = lazy(rf"\b[Tt]his (?:{_SELF_NOUNS})\b")
_LOYALTY = lazy(r"[+\-−]?(?:\d+|X)")
_ACTIVATED = lazy(r"(?P<cost>[^:\"]+?): (?P<effect>.+)")
_ABILITY_WORD = lazy(r"(?P<word>[^—:\"{}]+?) — (?P<rest>.+)")
_DICE_RESULT = lazy(r"\d+(?:[-–]\d+)?(?: \||\s*—)")
_CHAPTER = lazy(r"[IVX]+(?:, [IVX]+)* —")
_LEVEL = lazy(r"LEVEL \d")
_STATION = lazy(r"STATION (?P<n>\d+)\+")
_ADDS_MANA = lazy(r"\b[Aa]dds?\b[^.]*(?:\{[^}]+\}|\bmana\b)")
_DOUBLES_MANA = lazy(r"\b[Dd]ouble the amount of\b[^.]*\bmana\b")
"""Doubling Cube: an ability that could add mana (CR 605.1a) by doubling what is in
the pool (CR 701.10f)."""
_DOUBLING = lazy(
    r"Double the amount of each type of (?:unspent mana you have|mana in your mana pool)\."
)
"""The doubling :class:`~mtgmana.board.abilities.PoolDoubling` models (Doubling Cube,
today's wording and the one before 2016)."""
_TAP_DAMAGE = lazy(r"Whenever ~ becomes tapped, it deals (?P<n>\d+) damage to you\.")
_TICKETS = lazy(r"(?:\{TK\})+")
_STICKER = lazy(r"(?P<tickets>(?:\{TK\})+) — (?P<rest>.+)")
_GRANTS_MANA = lazy(r'"[^"]*\b[Aa]dds?\b[^"]*"')
_CREATES_TOKENS = lazy(r"\b[Cc]reates?\b|\btoken named\b|\btokens? on the battlefield\b")
_TRIGGERED = lazy(r"(?:When|Whenever|At)\b")
_SPELL_TYPES: Final = frozenset({"Instant", "Sorcery"})
# Keyword abilities (CR 702) a line of their own may list ("Flying, vigilance").
_KEYWORD = (
    r"(?:deathtouch|defender|double strike|first strike|flash|flying|haste|hexproof|"
    r"indestructible|intimidate|lifelink|menace|reach|shroud|trample|vigilance|changeling|"
    r"devoid|fear|infect|wither|prowess|skulk|shadow|horsemanship|banding|flanking)"
)
_KEYWORD_LINE = lazy(rf"{_KEYWORD}(?:, {_KEYWORD})*", re.IGNORECASE)
# "Max speed — [ability]": "As long as you have max speed, this object has [ability]"
# (CR 702.179): the ability exists only then.
_MAX_SPEED: Final = Condition(
    facts=frozenset({"max speed"}), activation=False, text="Max speed (CR 702.179)"
)
# Sentences from which an effect is a delayed triggered ability's (CR 603.7): their
# targets aren't the mana ability's (CR 605.1a).
_DELAYED_START = lazy(
    r"(?:(?:If|When|Whenever) (?:that|this) mana is spent|When(?:ever)? you (?:next )?spend "
    r"this mana|If you spend this mana|When you next cast|When you do)\b"
)
# Forage (CR 701.61): exile three cards from your graveyard or sacrifice a Food.
_FORAGE = ("Exile three cards from your graveyard", "Sacrifice a Food")

# Ability words and keywords before an em dash that make the ability conditional.
_CONDITION_PREFIXES: Final = {
    "exhaust": "an exhaust ability can be activated only once (CR 702.177)",
    "channel": "activated from the hand",
    "boast": "activated only if the creature attacked this turn",
    "forecast": "activated from the hand during upkeep",
}


def read(text: str, name: str, type_line: str) -> CardMana:
    """What the rules text ``text`` of a face named ``name`` says about mana."""
    reader = _Reader(name, type_line)
    card_types = set(type_line.split("—")[0].split())
    reader.spell, reader.land = bool(_SPELL_TYPES & card_types), "Land" in card_types
    reader.intrinsic(type_line)
    for raw in text.splitlines():
        line = _REMINDER.sub("", raw).strip()
        if line:
            reader.line(line)
    return reader.result()


@dataclass
class _Parsed:
    ability: ManaAbility
    notes: list[str]


class _Reader:
    def __init__(self, name: str, type_line: str) -> None:
        self.name = name.split(" // ")[0].strip()
        self.names = _self_names(name, "Legendary" in type_line.split("—")[0])
        self.parsed: list[_Parsed] = []
        self.triggers: list[ManaTrigger] = []
        self.replacements: list[ManaReplacement] = []
        self.unsupported: list[tuple[str, str]] = []
        self.notes: list[str] = []
        self.level = False
        self.station = 0
        self.tap_damage = 0
        self.spell = False
        self.land = False
        self.statics: list[ContinuousEffect] = []
        self.keywords: set[str] = set()
        self.doublings: list[PoolDoubling] = []

    def result(self) -> CardMana:
        if self.tap_damage:  # City of Brass: tapping it for mana deals the damage
            for item in self.parsed:
                ability = item.ability
                if ability.cost.tap:
                    production = with_damage(ability.production, self.tap_damage)
                    item.ability = replace(ability, production=production)
        abilities = _merge(self.parsed)
        notes = [note for parsed in self.parsed for note in parsed.notes] + self.notes
        return CardMana(
            tuple(abilities),
            tuple(self.triggers),
            tuple(self.replacements),
            tuple(self.unsupported),
            tuple(dict.fromkeys(notes)),
            tuple(self.statics),
            frozenset(self.keywords),
            tuple(self.doublings),
        )

    def normalize(self, line: str) -> str:
        line = line.replace("’", "'")
        for name in self.names:
            if name in line:
                line = re.sub(rf"(?<![\w'-]){re.escape(name)}(?![\w-])", "~", line)
        return _SELF.sub("~", line)

    def intrinsic(self, type_line: str) -> None:
        """CR 305.6: a land with basic land types has "{T}: Add [symbol]" for each."""
        head, _, tail = type_line.replace(" - ", " — ").partition("—")
        if "Land" not in head.split():
            return
        letters = "".join(_BASIC_TYPES[w] for w in tail.split() if w in _BASIC_TYPES)
        if letters:
            ordered = "".join(t.value for t in sorted_types(slot(letters)))
            text = "{T}: Add " + " or ".join("{" + c + "}" for c in ordered) + "."
            self.parsed.append(_Parsed(ManaAbility.simple(ordered, text=text), []))

    # -- one line ----------------------------------------------------------------------

    def line(self, raw: str) -> None:
        if _LEVEL.match(raw):
            self.level = True  # CR 711: what follows exists only at some levels
            return
        match = _STATION.fullmatch(raw)
        if match:
            self.station = int(match["n"])  # CR 721.2a: only with N charge counters
            return
        if _KEYWORD_LINE.fullmatch(raw):
            self.keywords.update(w.lower() for w in raw.split(", ") if w.lower() in FILTER_KEYWORDS)
            return
        line = self.normalize(raw)
        try:
            self.classify(raw, line)
        except Unsupported as problem:
            self.unsupported.append((raw, problem.reason))
        except NotMana as problem:
            self.notes.append(f"{problem.reason}: {raw}")

    def classify(self, raw: str, line: str) -> None:
        quoted = re.sub(r'"[^"]*"', '""', line)
        grants = bool(_GRANTS_MANA.search(line))
        if grants and _CREATES_TOKENS.search(quoted):
            raise NotMana("creates tokens with a mana ability (see mtgmana.board.tokens)")
        if _CHAPTER.match(line):
            if grants:
                self.add_statics(raw, line)
            elif _ADDS_MANA.search(quoted):
                raise NotMana("a chapter ability, not a mana ability (CR 605.5a)")
            return
        if _DICE_RESULT.match(line):
            if _ADDS_MANA.search(quoted):
                raise Unsupported("a die roll decides the mana")
            return
        match = _TAP_DAMAGE.fullmatch(line)
        if match:
            self.tap_damage += int(match["n"])
            self.notes.append(f"its damage is part of each {{T}} mana ability: {raw}")
            return
        prefix = ""
        match = _ABILITY_WORD.fullmatch(line)
        if match and not match["word"].startswith(("Whenever", "When", "At", "If", "Until")):
            prefix, line = match["word"], match["rest"]
        match = _STICKER.fullmatch(line)
        if match:  # an ability sticker (CR 123.3c)
            prefix, line = match["tickets"], match["rest"]
        match = _ACTIVATED.fullmatch(line)
        if match and not re.match(r"(?:Whenever|When|At|If|As|Until)\b", match["cost"]):
            effect = match["effect"]
            if re.fullmatch(r"Level \d+\.?", effect):
                self.level = True  # a Class (CR 716): what follows needs that level
                return
            if _ADDS_MANA.search(re.sub(r'"[^"]*"', '""', effect)):
                self.activated(raw, prefix, match["cost"], effect)
            elif _DOUBLES_MANA.search(effect):
                self.doubling(raw, prefix, match["cost"], effect)
            elif REPLACEMENT_HINT.search(effect):
                raise Unsupported("an activated ability that makes a replacement effect")
            elif grants:
                raise NotMana(_EFFECT_GRANTS)
            return
        if REPLACEMENT_HINT.search(quoted):
            if self.station:
                raise Unsupported("a replacement effect a station symbol gives")
            replacement = read_replacement(raw, line)
            if line.startswith("Until end of turn"):
                self.notes.append(f"until end of turn (the effect of a spell): {raw}")
            self.replacements.append(replacement)
            return
        if re.match(r"(?:Until end of turn, )?[Ww]henever\b.*\bfor mana\b", quoted):
            if not _ADDS_MANA.search(quoted):  # Manabarbs, Vorinclex: not a mana ability
                raise NotMana("a trigger on tapping for mana that adds no mana (not modelled)")
            if self.station:
                raise Unsupported("a mana trigger a station symbol gives")
            trigger, notes = read_trigger(raw, line)
            self.notes.extend(notes)
            if line.startswith("Until end of turn"):
                self.notes.append(f"until end of turn (the effect of a spell): {raw}")
            self.triggers.append(trigger)
            return
        if _ADDS_MANA.search(quoted):
            if _TRIGGERED.match(line):
                raise NotMana("a triggered ability that isn't a mana ability (CR 605.5a)")
            raise NotMana("not a mana ability (CR 605.5b: a spell or a static effect)")
        if _TRIGGERED.match(line):
            if grants:
                raise NotMana(_EFFECT_GRANTS)
            return
        self.add_statics(raw, line)

    def add_statics(self, raw: str, line: str) -> None:
        """A static ability's effects (CR 604), or a Saga's chapter giving it an
        ability; a spell's "Until end of turn, ..." effect."""
        found = read_static(line, raw, _read_quoted, spell=self.spell, land=self.land)
        if (found.own or found.effects) and self.level:
            raise Unsupported("only at some levels (CR 711 leveler, CR 716 Class)")
        if (found.own or found.effects) and self.station:
            raise Unsupported("an effect a station symbol gives")
        self.statics.extend(found.effects)
        self.parsed.extend(_Parsed(ability, [f"{n}" for n in found.notes]) for ability in found.own)
        if not found.own:
            self.notes.extend(found.notes)

    def activated(self, raw: str, prefix: str, cost_text: str, effect: str) -> None:
        if _LOYALTY.fullmatch(cost_text.strip()):
            raise NotMana("a loyalty ability, not a mana ability (CR 605.1a)")
        own_effect = _DELAYED_START.split(effect, maxsplit=1)[0]
        if re.search(r"\btargets?\b", own_effect, re.IGNORECASE):
            raise NotMana("an ability with a target, not a mana ability (CR 605.5a)")
        if self.level:
            raise Unsupported("only at some levels (CR 711 leveler, CR 716 Class)")
        sticker = False
        max_speed = prefix.lower() == "max speed"
        if prefix and not max_speed:
            reason = _CONDITION_PREFIXES.get(prefix.lower())
            if reason is not None:
                raise Unsupported(reason)
            sticker = bool(_TICKETS.fullmatch(prefix))
            if "{" in prefix and not sticker:
                raise Unsupported(f"a condition before the ability: {prefix}")
        parts = [p.strip() for p in cost_text.split(",")]
        if "Forage" in parts:  # two ways to pay: two abilities (CR 701.61)
            abilities, notes = [], []
            for way in _FORAGE:
                text = ", ".join(way if p == "Forage" else p for p in parts)
                cost = read_cost(text)
                cost.text, cost.noted = text, True
                found, found_notes = read_ability(raw, cost, effect)
                abilities += found
                notes += [f"{n}: {raw}" for n in cost.notes] + found_notes
            notes.append(f"forage: one ability per way to pay it: {raw}")
        else:
            cost = read_cost(cost_text)
            cost.text = (raw.split(" — ", 1)[1] if prefix else raw).partition(": ")[0]
            abilities, notes = read_ability(raw, cost, effect)
            notes = [f"{n}: {raw}" for n in cost.notes] + notes
        if max_speed:
            if any(ability.condition is not None for ability in abilities):
                raise Unsupported("a condition on an ability max speed gives")
            abilities = [replace(ability, condition=_MAX_SPEED) for ability in abilities]
        if sticker:
            notes.append(
                "an ability sticker: a permanent it is put on has the ability, its ticket cost "
                f"paid as the sticker is put on (CR 123.3c): {raw}"
            )
        if self.station:
            # CR 721.2a: "As long as this permanent has N or more charge counters on it,
            # it has [abilities]" (its counters are the charge counters)
            if any(ability.condition is not None for ability in abilities):
                raise Unsupported("a condition on an ability a station symbol gives")
            station = Condition(counters=self.station, activation=False,
                                text=f"STATION {self.station}+")  # fmt: skip
            abilities = [replace(ability, condition=station) for ability in abilities]
        for ability in abilities:
            self.parsed.append(_Parsed(with_own_name(ability, self.name), notes))

    def doubling(self, raw: str, prefix: str, cost_text: str, effect: str) -> None:
        """Doubling Cube's "Double the amount of each type of unspent mana you have"
        (CR 605.1a, 701.10f; "... of mana in your mana pool" before 2016): a mana
        ability the tapper plans, when its cost is mana and {T} alone."""
        if not _DOUBLING.fullmatch(effect) or prefix or self.level or self.station:
            raise Unsupported(f"doubling the mana in your pool (CR 701.10f) so: {effect}")
        read = read_cost(cost_text)
        cost = read.build()
        if not cost.tap or replace(cost, tap=False, mana=None) != ActivationCost() or read.notes:
            raise Unsupported(f"doubling the mana in your pool (CR 701.10f) for: {cost_text}")
        self.doublings.append(PoolDoubling(cost, text=raw))


_EFFECT_GRANTS = (
    "the effect of a triggered or activated ability grants a mana ability (not a static "
    "ability: give the board its effect)"
)


def _read_quoted(text: str) -> CardMana:
    """A quoted ability an effect grants: read like a line of its own (CR 113.1a);
    "this creature" is the object that has it."""
    return read(text, "", "")


def _self_names(name: str, legendary: bool) -> list[str]:
    """The names the text may use for the object: its name and, for a legendary one,
    the part before a comma or else its first word ("Rasputin")."""
    names = []
    for part in name.split(" // "):
        part = part.strip()
        if part:
            names.append(part)
            short = part.split(",")[0].strip()
            if short == part and legendary and " " in part:
                short = part.split()[0]
                if short in ("The", "A", "An") or not short[:1].isupper():
                    short = part
            if short != part and len(short) > 2:
                names.append(short)
    return sorted(set(names), key=len, reverse=True)


def _merge(parsed: Sequence[_Parsed]) -> list[ManaAbility]:
    """Abilities with the same cost and nothing else that tells them apart become one
    ability with their choices in order."""
    merged: list[ManaAbility] = []
    open_: list[bool] = []  # whether merged[i] may take more choices
    for item in parsed:
        ability = item.ability
        mergeable = _mergeable(item)
        if mergeable:
            for index, earlier in enumerate(merged):
                if open_[index] and earlier.cost == ability.cost:
                    choices = _stamped(earlier) + _stamped(ability)
                    text = f"{earlier.text}\n{ability.text}"
                    merged[index] = ManaAbility(earlier.cost, Production(choices), text=text)
                    break
            else:
                merged.append(ability)
                open_.append(True)
        else:
            merged.append(ability)
            open_.append(False)
    return merged


def _stamped(ability: ManaAbility) -> tuple[Choice, ...]:
    """The ability's choices, each knowing the printed line it comes from."""
    return tuple(
        choice if choice.text else replace(choice, text=ability.text)
        for choice in ability.production.choices
    )


def _mergeable(item: _Parsed) -> bool:
    return not item.notes and _mergeable_ability(item.ability)


def _mergeable_ability(ability: ManaAbility) -> bool:
    return (
        not any(choice.damage for choice in ability.production.choices)  # CR 113.2c
        and ability.condition is None
        and ability.restriction is None
        and not ability.once_per_turn
        and ability.production.per is None
        and ability.cost.text == ""
    )
