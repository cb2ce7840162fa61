"""Reading mana abilities from rules text (CR 605, 106.6, 106.7, 106.12, 305.6, 614).

:func:`parse_mana` reads a card's Oracle text and returns a :class:`CardMana`: its
activated mana abilities (CR 605.1a) as :class:`~mtgmana.abilities.ManaAbility`
values, its triggered mana abilities (CR 605.1b) as
:class:`~mtgmana.abilities.ManaTrigger` values, the replacement effects it makes on
mana production (CR 106.12b, 614) as :class:`~mtgmana.abilities.ManaReplacement`
values, and — never a guess — the abilities it can't model exactly, each with the
reason. :func:`mana_of` does the same for a :class:`~mtgmana.cards.Card`.

>>> from mtgmana.ability_text import parse_mana
>>> from mtgmana.abilities import ManaAbility
>>> parse_mana("", type_line="Basic Land — Forest").abilities == (ManaAbility.simple("G"),)
True
>>> wastes = parse_mana("{T}: Add {C}.\\n{T}: Add {W} or {U}. This land deals 1 damage to you.")
>>> wastes.abilities == (ManaAbility.pain("C", "WU"),)
True
>>> coffers = parse_mana("{2}, {T}: Add {B} for each Swamp you control.").abilities[0]
>>> str(coffers.cost), str(coffers.production)
('{2}, {T}', '{B} for each of Swamp you control')
>>> verge = parse_mana("{T}: Add {G}. Activate only if you control a Forest or an Island.")
>>> str(verge.abilities[0].condition)
'you control a Forest or Island'
>>> tower = parse_mana("{T}: Add {C}. If you control an Urza's Mine and an Urza's "
...                    "Power-Plant, add {C}{C}{C} instead.").abilities
>>> [(str(a.production), str(a.condition)) for a in tower]     # doctest: +NORMALIZE_WHITESPACE
[('{C}', "not (you control an Urza's Mine and an Urza's Power-Plant)"),
 ('{C}{C}{C}', "you control an Urza's Mine and an Urza's Power-Plant")]
>>> parse_mana("{T}: Add {G}. Activate only during your turn.").unsupported[0][1]
'activation condition: Activate only during your turn.'

**What is read.** Reminder text (in parentheses) is ignored; a land's basic land
types give it "{T}: Add [symbol]" (CR 305.6) whatever its text box says. "This
land", "this creature", "this artifact" (and so on), the card's name and a
legendary card's short name all mean the object itself. Each line of rules text is
one ability. A line is read as:

* an activated mana ability: ``cost: effect`` whose effect adds mana, has no target
  and whose cost has no loyalty symbol (CR 605.1a);
* a triggered mana ability: "Whenever ... is tapped for mana" / "Whenever you tap
  ... for mana", adding mana (CR 605.1b, 106.12a);
* a replacement effect: "If ... is tapped for mana, it produces ... instead"
  (CR 106.12b): twice or three times as much (``MULTIPLY``), another type
  (``BECOMES``; "instead of any other type and amount" also sets ``amount=1``), or
  {C} for two or more mana (``DAMPING``).

An instant's "Until end of turn, ..." effect (Pale Moon, High Tide) is read as the
trigger or replacement effect it creates, with a note. "Whenever this land becomes
tapped, it deals N damage to you" (City of Brass) is damage on each of its {T}
mana abilities' choices. Lines that add mana but aren't mana abilities — spells
(CR 605.5b), loyalty abilities, abilities with a target, triggered abilities that
don't trigger on mana abilities (CR 605.5a), tokens a card creates — and triggers on
tapping for mana that add no mana (Manabarbs) are listed in ``notes``.

**Costs and choices.** Each way an ability can add mana is a
:class:`~mtgmana.abilities.Choice`. "Add {W} or {U}" is one choice of one mana that
is {W} or {U} (``ManaAbility.simple("WU")``); "Add {U}{U}, {U}{B}, or {B}{B}" is
three choices; "N mana of any one color" is five choices of N equal slots; "N mana
in any combination of colors" is one choice of N ``ANY_COLOR`` slots; "two mana of
different colors" is the ten pairs. When the ability deals damage to you
(painlands, CR 106.12), a choice of one mana among several types is listed type by
type, as :meth:`~mtgmana.abilities.ManaAbility.pain` does. Abilities of one object
with the same cost, no spending restriction, no "once each turn" limit, no
board-dependent amount and no notes are merged into one ability whose choices are
theirs in order: Adarkar Wastes' "{T}: Add {C}" and "{T}: Add {W} or {U}. This land
deals 1 damage to you" are ``ManaAbility.pain("C", "WU")``.

Board-dependent amounts are an :class:`~mtgmana.abilities.Amount`: "for each
creature you control" counts permanents; "equal to your devotion to green" is
devotion to ``"G"``; counters removed as a cost ("Remove X storage counters",
"Remove any number of ...", "... one or more ...") are ``Amount("counters")`` with
``ActivationCost.counter`` naming the counter and ``remove_counters`` 0. Nykthos,
Shrine to Nyx ("Choose a color. Add an amount of mana of that color equal to your
devotion to that color") is five one-mana choices, ``same_choice=True``, repeated
``Amount("devotion")`` times — no ``colors``: the devotion is to the color of the
choice made ("... equal to the number of creatures you control of the chosen type"
likewise). Counters on the object itself ("for each charge counter on this
artifact", "X is the number of petal counters on ~") are ``Amount("own counters")``
(:attr:`~mtgmana.battlefield.Permanent.counters`); "Put a charge counter on this
artifact. Add X ..., where X is the number of charge counters" adds ``plus=1``, and
so does "Add {B}, then add an additional {B} for each charge counter removed this
way" (Mana Battery) to ``Amount("counters")``. "This creature's power" is
``Amount("power")``, "the greatest power among creatures you control"
``Amount("greatest power")``; "other Gates you control" is a
:class:`~mtgmana.abilities.PermanentFilter` with ``other=True``, "artifact you control
named ~" one with the object's ``name``. "Sacrifice a creature" and "Tap an untapped
creature you control" keep their noun phrase as printed (``"creature"``,
``"Forest"``, ``"artifact or creature"``, ``"another creature"``).

**Conditions and dynamic types.** "Activate only if you control a Swamp or a
Mountain" / "... five or more lands" / "... a creature with power 4 or greater",
"Activate only if this land entered this turn" and "Activate only if there are three
or more brick counters on ~" are a :class:`~mtgmana.abilities.Condition` (CR 602.5b).
A condition that changes the mana — "If you control ..., add ... instead", "If ~ has
a luck counter on it, instead add ...", "If you played a land this turn, add {B}
instead", "~ deals 1 damage to you if you don't control an Ogre" — makes two
abilities with complementary conditions (``activation=False``). Abilities after
"STATION N+" get the condition of having N charge counters (CR 721.2a). "One mana of
any color in your commander's color identity", "... that a Gate you control could
produce", "... among legendary permanents you control", "either of the circled
colors" are :class:`~mtgmana.abilities.DynamicSlot` values. "The chosen type" is
:data:`~mtgmana.abilities.CHOSEN_TYPE` (or ``chosen_type`` when given).

**Unsupported or noted.** Anything the model can't say makes the ability
unsupported, with the reason: costs other than mana, {T}, {Q}, life, sacrificing,
tapping one other permanent and removing counters (discarding, exiling, energy,
milling, ...); conditions on activating it other than the ones above ("Activate
only if an opponent has three or more poison counters", "only during your turn",
"only as a sorcery", "only as an instant", which needs priority and so can't be used
while paying a cost, CR 602.5e; leveler and "max speed" abilities; exhaust);
amounts or types that depend on something else (toughness, life gained, cards in a
graveyard, exiled cards, other "instead" conditions: the initiative, a completed
dungeon); life loss (which isn't damage); abilities granted to other objects
("Lands you control have ..."). What happens
*after* the mana is added — drawing a card, gaining life, putting a counter on it,
"doesn't untap during your next untap step", an effect when the mana is spent, "that
spell can't be countered" — doesn't change which mana can pay a cost, so the
ability is modelled and the effect kept in ``notes``. So are two always-payable
costs with such effects: exerting the object (CR 701.43) and putting a counter on
it (Wall of Roots); their ``ActivationCost`` then carries the printed cost as
``text``.

Spending restrictions are read by
:func:`mtgmana.restriction_text.parse_restriction`; one it can't read makes the
ability unsupported with its reason.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from .abilities import (
    ANY_COLOR,
    ANY_TYPE,
    CHOSEN_TYPE,
    ActivationCost,
    Amount,
    Choice,
    Condition,
    DynamicSlot,
    ManaAbility,
    ManaReplacement,
    ManaTrigger,
    PermanentFilter,
    Production,
    ReplacementKind,
    bind_chosen_type,
    slot,
    sorted_types,
)
from .cards import Card
from .costs import ManaCost
from .errors import MtgManaError
from .mana import ManaType
from .restriction_text import parse_restriction
from .restrictions import Restriction

__all__ = ["CardMana", "mana_of", "parse_mana"]


@dataclass(frozen=True)
class CardMana:
    """What a card's text says about mana.

    ``abilities`` are its activated mana abilities (CR 605.1a), ``triggers`` its
    triggered mana abilities (CR 605.1b), ``replacements`` its replacement effects
    on mana production (CR 106.12b). ``unsupported`` pairs the text of each mana
    ability that couldn't be modelled exactly with the reason; ``notes`` records
    what was read but isn't part of the model (effects after the mana is added,
    lines that add mana without being mana abilities).
    """

    abilities: tuple[ManaAbility, ...] = ()
    triggers: tuple[ManaTrigger, ...] = ()
    replacements: tuple[ManaReplacement, ...] = ()
    unsupported: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def supported(self) -> bool:
        """Whether every mana ability in the text was modelled."""
        return not self.unsupported

    @property
    def has_mana(self) -> bool:
        """Whether the text has any mana ability or mana replacement effect,
        modelled or not."""
        return bool(self.abilities or self.triggers or self.replacements or self.unsupported)


# -- errors that stay inside this module ----------------------------------------------


class _Unsupported(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _NotMana(Exception):
    """A line that adds mana but isn't a mana ability."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- words ---------------------------------------------------------------------------

_NUMBERS: Final = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_COLOR_WORDS: Final = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_BASIC_TYPES: Final = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_CARD_TYPE_WORDS: Final = {
    "artifact": "Artifact", "battle": "Battle", "creature": "Creature",
    "enchantment": "Enchantment", "land": "Land", "planeswalker": "Planeswalker",
}  # fmt: skip
_SUPERTYPE_WORDS: Final = {"basic": "Basic", "snow": "Snow", "legendary": "Legendary"}
_SELF_NOUNS: Final = (
    "land|creature|artifact|enchantment|permanent|token|card|Vehicle|Saga|Equipment|Aura|"
    "Spacecraft|Planet"
)

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF = re.compile(rf"\b[Tt]his (?:{_SELF_NOUNS})\b")
_SYMBOL = r"\{[WUBRGC]\}"
_SYMBOLS = re.compile(rf"(?:{_SYMBOL})+")
_LOYALTY = re.compile(r"[+\-−]?(?:\d+|X)")
_ACTIVATED = re.compile(r"(?P<cost>[^:\"]+?): (?P<effect>.+)")
_ABILITY_WORD = re.compile(r"(?P<word>[^—:\"{}]+?) — (?P<rest>.+)")
_DICE_RESULT = re.compile(r"\d+(?:[-–]\d+)?(?: \||\s*—)")
_CHAPTER = re.compile(r"[IVX]+(?:, [IVX]+)* —")
_LEVEL = re.compile(r"LEVEL \d")
_STATION = re.compile(r"STATION (?P<n>\d+)\+")
_ADDS_MANA = re.compile(r"\b[Aa]dds?\b[^.]*(?:\{[^}]+\}|\bmana\b)")
_TAP_DAMAGE = re.compile(r"Whenever ~ becomes tapped, it deals (?P<n>\d+) damage to you\.")
_SENTENCE = re.compile(r"(?<=\.)\s+")

# Ability words and keywords before an em dash that make the ability conditional.
_CONDITION_PREFIXES: Final = {
    "max speed": "only with max speed (CR 702.179)",
    "exhaust": "an exhaust ability can be activated only once (CR 702.177)",
    "channel": "activated from the hand",
    "boast": "activated only if the creature attacked this turn",
    "forecast": "activated from the hand during upkeep",
}


# -- the entry points ------------------------------------------------------------------


def parse_mana(
    text: str, *, type_line: str = "", name: str = "", chosen_type: str | None = None
) -> CardMana:
    """The mana abilities, mana triggers and mana replacement effects in ``text``,
    the Oracle text of one face.

    ``type_line`` gives basic land types their intrinsic ability (CR 305.6) and
    ``name`` lets the text refer to the object by name. ``chosen_type`` is the
    creature type chosen for the permanent (Cavern of Souls: "Spend this mana only to
    cast a creature spell of the chosen type"); without it "the chosen type" is the
    placeholder :data:`~mtgmana.abilities.CHOSEN_TYPE`, which no object has
    (:class:`~mtgmana.battlefield.Permanent` binds it to its ``chosen_type``). Text
    that has nothing to do
    with mana, or garbage, gives an empty :class:`CardMana`; text that isn't a
    string raises :class:`~mtgmana.MtgManaError`.

    >>> lotus = parse_mana("{T}, Sacrifice Black Lotus: Add three mana of any one color.",
    ...                    name="Black Lotus").abilities[0]
    >>> lotus.cost.sacrifice_self, [str(choice) for choice in lotus.production.choices]
    (True, ['{W}{W}{W}', '{U}{U}{U}', '{B}{B}{B}', '{R}{R}{R}', '{G}{G}{G}'])
    >>> parse_mana("Flying").has_mana, parse_mana("Add {R}{R}{R}.").notes
    (False, ('not a mana ability (CR 605.5b: a spell or a static effect): Add {R}{R}{R}.',))
    """
    for value, what in ((text, "text"), (type_line, "type line"), (name, "name")):
        if not isinstance(value, str):
            raise MtgManaError(f"the {what} of a card must be a string, not {value!r}")
    if chosen_type is not None and (not isinstance(chosen_type, str) or not chosen_type.strip()):
        raise MtgManaError(f"the chosen type must be a creature type, not {chosen_type!r}")
    reader = _Reader(name, type_line)
    reader.intrinsic(type_line)
    for raw in text.splitlines():
        line = _REMINDER.sub("", raw).strip()
        if line:
            reader.line(line)
    result = reader.result()
    return result if chosen_type is None else bind_chosen_type(result, chosen_type)


def mana_of(card: Card, face: int | str = 0, *, chosen_type: str | None = None) -> CardMana:
    """:func:`parse_mana` of one face of ``card`` (by index or name; the front face
    by default — a double-faced card enters the battlefield front face up unless an
    effect says otherwise, CR 712.14).

    >>> from mtgmana.cards import lookup
    >>> mana_of(lookup("Sol Ring")).abilities[0] == ManaAbility.fixed("CC")
    True
    """
    if not isinstance(card, Card):
        raise MtgManaError(f"mana_of needs a Card, not {card!r}")
    chosen = card.faces[card.face_index(face)]
    return parse_mana(
        chosen.oracle_text, type_line=chosen.type_line, name=chosen.name, chosen_type=chosen_type
    )


# -- reading -------------------------------------------------------------------------


@dataclass
class _Cost:
    tap: bool = False
    untap: bool = False
    mana: str = ""
    life: int = 0
    sacrifice_self: bool = False
    sacrifice: str = ""
    tap_other: str = ""
    remove_counters: int = 0
    counter: str = ""
    variable_counters: bool = False
    noted: bool = False
    notes: list[str] = field(default_factory=list)
    text: str = ""

    def build(self) -> ActivationCost:
        mana = ManaCost.parse(self.mana) if self.mana else None
        return ActivationCost(
            tap=self.tap, untap=self.untap, mana=mana, life=self.life,
            sacrifice_self=self.sacrifice_self, sacrifice=self.sacrifice,
            tap_other=self.tap_other, remove_counters=self.remove_counters,
            counter=self.counter, text=self.text if self.noted else "",
        )  # fmt: skip


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

    def result(self) -> CardMana:
        if self.tap_damage:  # City of Brass: tapping it for mana deals the damage
            for item in self.parsed:
                ability = item.ability
                if ability.cost.tap:
                    production = _with_damage(ability.production, self.tap_damage)
                    item.ability = replace(ability, production=production)
        abilities = _merge(self.parsed)
        notes = [note for parsed in self.parsed for note in parsed.notes] + self.notes
        return CardMana(
            tuple(abilities),
            tuple(self.triggers),
            tuple(self.replacements),
            tuple(self.unsupported),
            tuple(dict.fromkeys(notes)),
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
        line = self.normalize(raw)
        try:
            self.classify(raw, line)
        except _Unsupported as problem:
            self.unsupported.append((raw, problem.reason))
        except _NotMana as problem:
            self.notes.append(f"{problem.reason}: {raw}")

    def classify(self, raw: str, line: str) -> None:
        quoted = re.sub(r'"[^"]*"', '""', line)
        if '"' in line and _ADDS_MANA.search(line) and not _ADDS_MANA.search(quoted):
            if re.search(r"\b[Cc]reates?\b|\btoken named\b", quoted):
                raise _NotMana("creates tokens with a mana ability (see mtgmana.tokens)")
            raise _Unsupported("a granted mana ability: the model has no granted abilities")
        if _CHAPTER.match(line):
            if _ADDS_MANA.search(quoted):
                raise _NotMana("a chapter ability, not a mana ability (CR 605.5a)")
            return
        if _DICE_RESULT.match(line):
            if _ADDS_MANA.search(quoted):
                raise _Unsupported("a die roll decides the mana")
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
        match = _ACTIVATED.fullmatch(line)
        if match and not re.match(r"(?:Whenever|When|At|If|As|Until)\b", match["cost"]):
            effect = match["effect"]
            if re.fullmatch(r"Level \d+\.?", effect):
                self.level = True  # a Class (CR 716): what follows needs that level
                return
            if _ADDS_MANA.search(re.sub(r'"[^"]*"', '""', effect)):
                self.activated(raw, prefix, match["cost"], effect)
            elif _REPLACEMENT_HINT.search(effect):
                raise _Unsupported("an activated ability that makes a replacement effect")
            return
        if _REPLACEMENT_HINT.search(quoted):
            if self.station:
                raise _Unsupported("a replacement effect a station symbol gives")
            replacement = _replacement(raw, line)
            if line.startswith("Until end of turn"):
                self.notes.append(f"until end of turn (the effect of a spell): {raw}")
            self.replacements.append(replacement)
            return
        if re.match(r"(?:Until end of turn, )?[Ww]henever\b.*\bfor mana\b", quoted):
            if not _ADDS_MANA.search(quoted):  # Manabarbs, Vorinclex: not a mana ability
                raise _NotMana("a trigger on tapping for mana that adds no mana (not modelled)")
            if self.station:
                raise _Unsupported("a mana trigger a station symbol gives")
            trigger, notes = _trigger(raw, line)
            self.notes.extend(notes)
            if line.startswith("Until end of turn"):
                self.notes.append(f"until end of turn (the effect of a spell): {raw}")
            self.triggers.append(trigger)
            return
        if _ADDS_MANA.search(quoted):
            if re.match(r"(?:When|Whenever|At)\b", line):
                raise _NotMana("a triggered ability that isn't a mana ability (CR 605.5a)")
            raise _NotMana("not a mana ability (CR 605.5b: a spell or a static effect)")

    def activated(self, raw: str, prefix: str, cost_text: str, effect: str) -> None:
        if _LOYALTY.fullmatch(cost_text.strip()):
            raise _NotMana("a loyalty ability, not a mana ability (CR 605.1a)")
        if re.search(r"\btargets?\b", effect, re.IGNORECASE):
            raise _NotMana("an ability with a target, not a mana ability (CR 605.5a)")
        if self.level:
            raise _Unsupported("only at some levels (CR 711 leveler, CR 716 Class)")
        if prefix:
            reason = _CONDITION_PREFIXES.get(prefix.lower())
            if reason is not None:
                raise _Unsupported(reason)
            if "{" in prefix:
                raise _Unsupported(f"a condition before the ability: {prefix}")
        cost = _cost(cost_text)
        cost.text = (raw.split(" — ", 1)[1] if prefix else raw).partition(": ")[0]
        abilities, notes = _ability(raw, cost, effect)
        notes = [f"{n}: {raw}" for n in cost.notes] + notes
        if self.station:
            # CR 721.2a: "As long as this permanent has N or more charge counters on it,
            # it has [abilities]" (its counters are the charge counters)
            if any(ability.condition is not None for ability in abilities):
                raise _Unsupported("a condition on an ability a station symbol gives")
            station = Condition(counters=self.station, activation=False,
                                text=f"STATION {self.station}+")  # fmt: skip
            abilities = [replace(ability, condition=station) for ability in abilities]
        for ability in abilities:
            self.parsed.append(_Parsed(_named(ability, self.name), notes))


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


# -- costs ----------------------------------------------------------------------------

_COST_PARTS: Final = [
    (re.compile(r"\{T\}"), "tap"),
    (re.compile(r"\{Q\}"), "untap"),
    (re.compile(r"(?:\{[^}]+\})+"), "mana"),
    (re.compile(r"Pay (?P<n>\d+) life"), "life"),
    (re.compile(r"Pay (?:\{E\})+"), "energy"),
    (re.compile(r"Sacrifice ~"), "sacrifice_self"),
    (re.compile(r"Sacrifice (?P<article>an?|another) (?P<what>[^,]+)"), "sacrifice"),
    (re.compile(r"Tap an untapped (?P<what>.+) you control"), "tap_other"),
    (
        re.compile(
            r"Remove (?P<n>an?|one|two|three|four|five|\d+) (?:(?P<kind>\S+) )?counters? from ~"
        ),
        "remove",
    ),
    (
        re.compile(r"Remove (?P<n>X|any number of|one or more) (?:(?P<kind>\S+) )?counters from ~"),
        "remove_variable",
    ),
    (re.compile(r"Exert ~"), "exert"),
    (re.compile(r"Put an? (?P<kind>\S+) counter on ~"), "put_counter"),
]


def _cost(text: str) -> _Cost:
    cost = _Cost(text=text)
    for part in (p.strip() for p in text.split(",")):
        found = next(((m, k) for p, k in _COST_PARTS if (m := p.fullmatch(part)) is not None), None)
        if found is None:
            raise _Unsupported(f"cost: {part}")
        match, kind = found
        if kind == "energy":
            raise _Unsupported(f"cost: energy ({part})")
        if kind == "tap":
            cost.tap = True
        elif kind == "untap":
            cost.untap = True
        elif kind == "mana":
            if "{E}" in part:
                raise _Unsupported("cost: energy")
            if "X" in part:
                raise _Unsupported("cost: {X} (an amount the player chooses)")
            cost.mana += part
        elif kind == "life":
            cost.life += int(match["n"])
        elif kind == "sacrifice_self":
            cost.sacrifice_self = True
        elif kind == "sacrifice":
            what = match["what"]
            cost.sacrifice = f"another {what}" if match["article"] == "another" else what
        elif kind == "tap_other":
            cost.tap_other = match["what"]
        elif kind == "remove":
            cost.remove_counters = _NUMBERS.get(match["n"]) or int(match["n"])
            cost.counter = match["kind"] or ""
        elif kind == "remove_variable":
            cost.variable_counters = True
            cost.counter = match["kind"] or ""
        elif kind == "exert":
            cost.noted = True
            cost.notes.append("exerted: doesn't untap during your next untap step (CR 701.43)")
        else:  # put_counter
            cost.noted = True
            cost.notes.append(f"puts a {match['kind']} counter on itself as a cost")
    if cost.mana:
        try:
            ManaCost.parse(cost.mana)
        except MtgManaError as error:
            raise _Unsupported(f"cost: {cost.mana} ({error})") from None
    return cost


# -- effects -------------------------------------------------------------------------

_NOTES: Final = [
    re.compile(r"~ doesn't untap during your next untap step\."),
    re.compile(r"Draw a card(?: at the beginning of the next turn's upkeep)?\."),
    re.compile(r"(?:You|Each player|Each opponent|An opponent) gains? \d+ life\."),
    re.compile(r"Put an? \S+ counter on ~\."),
    re.compile(r"Remove an? \S+ counter from ~\."),
    re.compile(r"If there are no \S+ counters on ~, sacrifice it\."),
    re.compile(r"An opponent gains control of ~ at the beginning of the next end step\."),
    re.compile(r"During your next untap step, as you untap your permanents, return ~ .+"),
    re.compile(r"Roll a d\d+\."),
    re.compile(r"If you control .+, you gain \d+ life\."),
    re.compile(
        r"If this ability has been activated \w+ or more times this turn, sacrifice ~ at "
        r"the beginning of the next end step\."
    ),
]
# Effects when the mana is spent, and other delayed triggered abilities (CR 106.6,
# 603.7): the sentences after one of these belong to it.
_DELAYED: Final = [
    re.compile(r"(?:If|When|Whenever) (?:that|this) mana is spent .+"),
    re.compile(r"When(?:ever)? you (?:next )?spend this mana .+"),
    re.compile(r"If you spend this mana .+"),
    re.compile(r"When you next cast .+"),
    re.compile(r"When you do, .+"),
]
_ACTIVATE_IF = re.compile(r"Activate only if (?P<what>.+)\.")
_INSTEAD: Final = [
    re.compile(r"If (?P<if>you control .+), add (?P<mana>.+) instead\."),
    re.compile(r"If (?P<if>you played a land this turn), add (?P<mana>.+) instead\."),
    re.compile(
        r"If (?P<if>~ has an? \S+ counter on it), "
        r"(?:instead add (?P<mana>.+)|add (?P<mana2>.+) instead)\."
    ),
]
_DAMAGE_UNLESS = re.compile(r"~ deals (?P<n>\d+) damage to you if you don't control (?P<what>.+)\.")
_PUT_COUNTER = re.compile(r"Put an? (?P<kind>\S+) counter on ~\.")
_CONDITIONS: Final = [
    (re.compile(r"Activate only once each turn\."), ""),
    (re.compile(r"Activate only as an instant\."),
     "activate only as an instant: it needs priority, so it can't be activated "
     "while paying a cost (CR 602.5e)"),
    (re.compile(r"Activate (?:only|no more).*"), "activation condition"),
    (re.compile(r".*\b(?:lose|loses) \d+ life\."), "life loss (not damage)"),
    (re.compile(r".*\binstead\b.*"), "a condition changes the mana"),
    (re.compile(r".*\bunless\b.*"), "a condition changes the mana"),
]  # fmt: skip
_DAMAGE = re.compile(r"~ deals (?P<n>\d+) damage to you\.")
_RIDER = ", and that spell can't be countered"


def _ability(raw: str, cost: _Cost, effect: str) -> tuple[list[ManaAbility], list[str]]:
    """The abilities a line is: one, or two with complementary conditions when a
    condition changes the mana ("If you control ..., add {C}{C} instead")."""
    if '"' in effect:
        raise _Unsupported("quoted text in the effect")
    sentences = [s for s in _SENTENCE.split(effect.strip()) if s]
    notes: list[str] = []
    put_counter = False
    if len(sentences) > 1 and _PUT_COUNTER.fullmatch(sentences[0]):
        # Empowered Autogenerator: the counter is there when the mana is counted
        put_counter = True
        notes.append(f"{sentences.pop(0).removesuffix('.')} (not modelled): {raw}")
    chosen = ""
    while sentences and sentences[0].startswith("Choose "):
        first = sentences.pop(0)
        if first == "Choose a color.":
            chosen = "color"
        elif first == "Choose a color of a permanent you control.":
            chosen = "permanent"
        else:
            raise _Unsupported(f"choice: {first}")
    if not sentences or not sentences[0].startswith("Add "):
        raise _Unsupported("the mana isn't added first")
    add = sentences.pop(0)
    production = _production(
        add[4:].removesuffix(".").removesuffix(" to your mana pool"), cost, chosen
    )
    if put_counter:
        per = production.per
        if per is None or per.kind != "own counters":
            raise _Unsupported("the mana isn't added first")
        production = replace(production, per=replace(per, plus=per.plus + 1))
    restriction: Restriction | None = None
    once = False
    damage = 0
    delayed = False
    condition: Condition | None = None
    # "instead": (the condition, what is added then, its damage)
    instead: tuple[Condition, Production | None, int] | None = None
    for sentence in sentences:
        if sentence.startswith(("Spend this mana", "This mana can't be spent")):
            if restriction is not None:
                raise _Unsupported("two restrictions")
            restriction = _restriction(sentence)
            if sentence.rstrip(".").endswith(_RIDER):
                notes.append(f"that spell can't be countered (a rider, CR 106.6): {raw}")
            continue
        match = _DAMAGE.fullmatch(sentence)
        if match:
            damage = int(match["n"])
            continue
        match = _ACTIVATE_IF.fullmatch(sentence)
        if match and condition is None:
            condition = _activation_condition(match["what"], sentence)
            continue
        match = next((m for p in _INSTEAD if (m := p.fullmatch(sentence))), None)
        if match and instead is None:
            mana = (
                match["mana"]
                if "mana2" not in match.groupdict()
                else (match["mana"] or match["mana2"])
            )
            if chosen:
                raise _Unsupported(f"a condition changes the mana: {sentence}")
            alternative = _production(mana, _Cost(), "")
            instead = (_condition(match["if"], sentence), alternative, 0)
            continue
        match = _DAMAGE_UNLESS.fullmatch(sentence)
        if match and instead is None:
            # Tomb of Urami: the damage comes with the mana unless you control an Ogre
            wanted = _control(match["what"], sentence)
            requirement = Condition(wanted, activation=False, text=sentence)
            instead = (requirement.negate(), None, int(match["n"]))
            continue
        if any(pattern.fullmatch(sentence) for pattern in _NOTES):
            notes.append(f"{sentence.removesuffix('.')} (not modelled): {raw}")
            continue
        if any(pattern.fullmatch(sentence) for pattern in _DELAYED):
            delayed = True
            notes.append(f"an effect when the mana is spent or later (not modelled): {raw}")
            continue
        for pattern, reason in _CONDITIONS:
            if pattern.fullmatch(sentence):
                if not reason:
                    once = True
                    break
                raise _Unsupported(f"{reason}: {sentence}")
        else:
            if not delayed:
                raise _Unsupported(f"unrecognized effect: {sentence}")
    if damage:
        production = _with_damage(production, damage)
    built = cost.build()
    if built.tap and built.untap:
        raise _Unsupported("a cost with both {T} and {Q}")
    if instead is None:
        return [ManaAbility(built, production, restriction, once, raw, condition)], notes
    if condition is not None:
        raise _Unsupported("an activation condition and a condition that changes the mana")
    when, instead_adds, extra_damage = instead
    # without an alternative: the same mana, with damage (Tomb of Urami)
    alternative = instead_adds or _with_damage(production, extra_damage)
    abilities = [
        ManaAbility(built, production, restriction, once, raw, when.negate()),
        ManaAbility(built, alternative, restriction, once, raw, when),
    ]
    return abilities, notes


def _restriction(sentence: str) -> Restriction:
    """A spending restriction; "the chosen type" is :data:`CHOSEN_TYPE` until bound."""
    try:
        return parse_restriction(sentence.replace("~", "this"), chosen_type=CHOSEN_TYPE)
    except MtgManaError as error:
        reason = getattr(error, "reason", str(error))
        raise _Unsupported(f"restriction: {reason}") from None


# -- conditions --------------------------------------------------------------------------

_AT_LEAST = re.compile(r"(?P<n>\w+) or more (?P<what>.+)")
_ARTICLE = re.compile(r"(?:an?|one) (?P<what>.+)")


def _activation_condition(what: str, sentence: str) -> Condition:
    """ "Activate only if <what>." (CR 602.5b)."""
    if what.startswith("you control "):
        return Condition(_control(what.removeprefix("you control "), sentence), text=sentence)
    if what == "~ entered this turn":
        return Condition(entered_this_turn=True, text=sentence)
    match = re.fullmatch(
        r"(?:there are (?P<a>\w+) or more \S+ counters on ~|~ has (?P<b>\w+) or more \S+ "
        r"counters on it)",
        what,
    )
    if match:
        return Condition(counters=_count(match["a"] or match["b"]), text=sentence)
    raise _Unsupported(f"activation condition: {sentence}")


def _condition(what: str, sentence: str) -> Condition:
    """The condition of an "instead" (checked as the ability resolves)."""
    if what.startswith("you control "):
        wanted = _control(what.removeprefix("you control "), sentence)
        return Condition(wanted, activation=False, text=sentence)
    if what == "you played a land this turn":
        return Condition(land_played=True, activation=False, text=sentence)
    match = re.fullmatch(r"~ has an? \S+ counter on it", what)
    if match:
        return Condition(counters=1, activation=False, text=sentence)
    raise _Unsupported(f"a condition changes the mana: {sentence}")


def _control(text: str, sentence: str) -> tuple[tuple[PermanentFilter, int], ...]:
    """What "you control <text>" asks for: "a Swamp or a Mountain", "five or more
    lands", "an Urza's Mine and an Urza's Power-Plant", "a creature with power 4 or
    greater", "creatures named Mine Worker and Power Plant Worker"."""
    try:
        return _wanted(text)
    except _Unsupported:
        kind = (
            "activation condition"
            if sentence.startswith("Activate")
            else ("a condition changes the mana")
        )
        raise _Unsupported(f"{kind}: {sentence}") from None


def _wanted(text: str) -> tuple[tuple[PermanentFilter, int], ...]:
    named = re.fullmatch(r"(?P<what>\w+) named (?P<a>.+) and (?P<b>.+)", text)
    if named:
        kind = _filter(named["what"] + " you control", plural=True)
        return tuple((replace(kind, name=named[key]), 1) for key in ("a", "b"))
    wanted: list[tuple[PermanentFilter, int]] = []
    for part in text.split(" and "):
        match = _AT_LEAST.fullmatch(part)
        if match:
            wanted.append(
                (_filter(match["what"] + " you control", plural=True), _count(match["n"]))
            )
            continue
        match = _ARTICLE.fullmatch(part)
        if match is None:
            raise _Unsupported(f"you control {text}")
        alternatives = re.split(r",? or an? |, an? ", match["what"])
        wanted.append((_filter(" or ".join(alternatives) + " you control", plural=False), 1))
    return tuple(wanted)


def _named(ability: ManaAbility, name: str) -> ManaAbility:
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


def _with_damage(production: Production, damage: int) -> Production:
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


# -- what is added ----------------------------------------------------------------------

_EACH = re.compile(r"(?P<what>.+?) for each (?P<each>.+)")
_EQUAL = re.compile(r"an amount of (?P<what>\{[WUBRGC]\}|mana of that color) equal to (?P<eq>.+)")
_X = re.compile(
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
    "any color in your commander's color identity": DynamicSlot.COMMANDER_COLORS,
    "any color that a Gate you control could produce": DynamicSlot.GATE_COLORS,
    "any type that a Gate you control could produce": DynamicSlot.GATE_TYPES,
    "any color that a basic land you control could produce": DynamicSlot.OWN_BASIC_COLORS,
    "any color among legendary permanents you control": DynamicSlot.LEGENDARY_COLORS,
    "any color among legendary creatures and planeswalkers you control": (
        DynamicSlot.LEGENDARY_CREATURE_PLANESWALKER_COLORS
    ),
}


def _production(body: str, cost: _Cost, chosen: str) -> Production:
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
            raise _Unsupported(f"mana of the chosen color: {body}")
        return Production(tuple(_phrase(match["what"], chosen)), per=per)
    match = _EQUAL.fullmatch(body)
    if match:
        if match["what"] == "mana of that color":
            if chosen != "color":
                raise _Unsupported(f"amount: {match['eq']}")
            choices = tuple(Choice((slot(c),)) for c in "WUBRG")
            if match["eq"] == "your devotion to that color":
                return Production(choices, per=Amount("devotion"))
            return Production(choices, per=_per_number(match["eq"]))
        if chosen:
            raise _Unsupported(f"mana of the chosen color: {body}")
        return Production(tuple(_phrase(match["what"], chosen)), per=_per_equal(match["eq"]))
    match = _X.fullmatch(body)
    if match:
        if chosen:
            raise _Unsupported(f"mana of the chosen color: {body}")
        if match["x"] is None:
            raise _Unsupported("X mana, where X is a choice")
        choices, same = _x_choices(match["what"])
        return Production(choices, per=_per_number(match["x"]), same_choice=same)
    if chosen == "color" and body != "one mana of that color":
        raise _Unsupported(f"mana of the chosen color: {body}")
    return Production(tuple(_phrase(body, chosen)))


def _counter_production(body: str, cost: _Cost) -> Production:
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
    raise _Unsupported(f"an amount of counters: {body}")


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
        n = _count(match["n"])
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
        symbols = re.fullmatch(rf"({_SYMBOL})(?:, ({_SYMBOL}))*,? and/or ({_SYMBOL})", of)
        if symbols is None:
            raise _Unsupported(f"mana: {text}")
        letters = "".join(re.findall(r"\{(\w)\}", of))
        return [Choice((slot(letters),) * n)]
    match = re.fullmatch(r"(?P<n>\w+) (?P<symbol>\{[WUBRGC]\})", text)
    if match and match["n"] not in ("a", "an"):
        return [Choice((slot(match["symbol"][1]),) * _count(match["n"]))]
    alternatives = re.split(r",? or |, ", text)
    if not all(alternatives):
        raise _Unsupported(f"mana: {text}")
    if all(re.fullmatch(_SYMBOL, a) for a in alternatives):
        return [Choice((slot("".join(a[1] for a in alternatives)),))]
    choices: list[Choice] = []
    for alternative in alternatives:
        choices.extend(_one_alternative(alternative, chosen))
    return choices


def _one_alternative(text: str, chosen: str) -> list[Choice]:
    if _SYMBOLS.fullmatch(text):
        return [Choice(tuple(slot(letter) for letter in re.findall(r"\{(\w)\}", text)))]
    if text == "one mana of any color":
        return [Choice((ANY_COLOR,))]
    if text == "one mana of that color":
        if chosen == "color":
            return [Choice((ANY_COLOR,))]
        if chosen == "permanent":
            return [Choice((DynamicSlot.PERMANENT_COLORS,))]
    match = re.fullmatch(r"one mana of (?P<what>.+)", text)
    if match and match["what"] in _DYNAMIC:
        return [Choice((_DYNAMIC[match["what"]],))]
    raise _Unsupported(f"mana: {text}")


def _count(word: str) -> int:
    if word.isdigit():
        return int(word)
    if word in _NUMBERS:
        return _NUMBERS[word]
    raise _Unsupported(f"an amount of mana: {word}")


# -- amounts ---------------------------------------------------------------------------


_OWN_COUNTERS = re.compile(r"(?:the number of )?(?:(?:\S+ )?counters?) on ~")


def _per_each(text: str) -> Amount:
    """ "for each <text>"."""
    if _OWN_COUNTERS.fullmatch(text) and not text.startswith("the number"):
        return Amount("own counters")  # "for each charge counter on this artifact"
    return Amount("permanents", _filter(text, plural=False))


def _per_equal(text: str) -> Amount:
    """ "an amount ... equal to <text>"."""
    match = re.fullmatch(r"your devotion to (?P<color>\w+)", text)
    if match and match["color"] in _COLOR_WORDS:
        return Amount("devotion", colors=_COLOR_WORDS[match["color"]])
    return _per_number(text)


def _per_number(text: str) -> Amount:
    """ "X is <text>" or "equal to <text>"."""
    if text == "~'s power":
        return Amount("power")
    if text.startswith("the number of ") and _OWN_COUNTERS.fullmatch(text):
        return Amount("own counters")  # "the number of charge counters on this artifact"
    match = re.fullmatch(r"the greatest power among (?P<what>.+)", text)
    if match:
        return Amount("greatest power", _filter(match["what"], plural=True))
    match = re.fullmatch(r"the number of (?P<what>.+)", text)
    if match:
        return Amount("permanents", _filter(match["what"], plural=True))
    raise _Unsupported(f"amount: {text}")


_CONTROLLERS: Final = {
    " you control": "you",
    " on the battlefield": "any",
    " your opponents control": "opponent",
}


def _filter(text: str, *, plural: bool) -> PermanentFilter:
    """ "creature you control", "basic Swamp you control", "Elf on the battlefield",
    "Allies you control", "other Gates you control", "creatures you control of the
    chosen type", "creature with power 4 or greater you control", "artifact you
    control named ~", "Urza's land you control"."""
    chosen_type = text.endswith(" of the chosen type")
    text = text.removesuffix(" of the chosen type")
    name = ""
    match = re.fullmatch(r"(?P<rest>.+) named (?P<name>.+)", text)
    if match:
        text, name = match["rest"], match["name"]
    suffix = next((s for s in _CONTROLLERS if text.endswith(s)), None)
    if suffix is None:
        raise _Unsupported(f"amount: {text}")
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
    while words and (words[0] in _SUPERTYPE_WORDS or words[0] == "nonbasic"):
        word = words.pop(0)
        if word == "nonbasic":
            excluded.add("Basic")
        else:
            supertypes.add(_SUPERTYPE_WORDS[word])
    nouns = [w for w in re.split(r",? (?:and/or|or) |, ", " ".join(words)) if w]
    card_types: set[str] = set()
    subtypes: set[str] = set()
    all_subtypes: set[str] = set()
    if len(nouns) == 1 and " " in nouns[0]:
        # "Urza's Power-Plant" (both subtypes), "Urza's land" (a subtype and a type)
        *adjectives, last = nouns[0].split()
        if not all(_SUBTYPE_WORD.fullmatch(word) for word in adjectives):
            raise _Unsupported(f"amount: {text}")
        all_subtypes.update(adjectives)
        nouns = [last]
    for noun in nouns:
        if " " in noun:
            raise _Unsupported(f"amount: {text}")
        word = _singular(noun) if plural else noun
        if word in _CARD_TYPE_WORDS:
            card_types.add(_CARD_TYPE_WORDS[word])
        elif word == "permanent":
            pass
        elif _SUBTYPE_WORD.fullmatch(word):
            (all_subtypes if all_subtypes else subtypes).add(word)
        else:
            raise _Unsupported(f"amount: {text}")
    if not nouns or (card_types and subtypes):
        raise _Unsupported(f"amount: {text}")
    if chosen_type:
        if subtypes or all_subtypes:
            raise _Unsupported(f"amount: {text} of the chosen type")
        subtypes.add(CHOSEN_TYPE)
    return PermanentFilter(
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


_SUBTYPE_WORD = re.compile(r"[A-Z][a-z]*(?:['-][A-Za-z]+)*")


def _singular(word: str) -> str:
    if word in ("Plains", "Elves", "Dwarves", "Wolves"):
        return {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf"}.get(word, word)
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    raise _Unsupported(f"amount: {word}")


# -- triggers and replacements ------------------------------------------------------------

_TRIGGER = re.compile(
    r"(?:Until end of turn, w|W)henever (?:(?P<player>you|a player|an opponent) taps? "
    r"(?P<tapped>.+?)|(?P<subject>.+?) is tapped) for mana, (?P<effect>.+?)\.?"
)
_TRIGGER_EFFECT = re.compile(
    r"(?:its controller adds|that player adds|add) (?:(?P<same>one mana of any type that "
    r"(?:land|permanent) produced)|an additional (?P<mana>.+))"
)
_REPLACEMENT_HINT = re.compile(r"\bfor (?:two or more )?mana\b.*\bproduces?\b")
_REPLACEMENT = re.compile(
    r"(?:Until end of turn, i|I)f (?:(?P<player>you|a player) taps? (?P<tapped>.+?)|"
    r"(?P<subject>.+?) is tapped) for (?P<amount>mana|two or more mana), it produces "
    r"(?P<how>.+?) instead(?P<tail> of any other type(?: and amount)?)?\.?"
)
_TRIGGER_NOTE = re.compile(r"That land doesn't untap during its controller's next untap step")
_PLAYERS: Final = {"you": "you", "a player": "any", "an opponent": "opponent"}


def _trigger(raw: str, line: str) -> tuple[ManaTrigger, list[str]]:
    match = _TRIGGER.fullmatch(line)
    if match is None:
        raise _Unsupported("a mana trigger with a condition")
    tapped = _tapped(match)
    first, *others = _SENTENCE.split(match["effect"])
    effect = _TRIGGER_EFFECT.fullmatch(first.removesuffix("."))
    if effect is None:
        raise _Unsupported(f"a mana trigger's effect: {match['effect']}")
    notes = []
    for sentence in others:
        if not _TRIGGER_NOTE.fullmatch(sentence.removesuffix(".")):
            raise _Unsupported(f"a mana trigger's effect: {sentence}")
        notes.append(f"{sentence.removesuffix('.')} (not modelled): {raw}")
    if effect["same"]:
        return ManaTrigger(tapped, same_type=True, text=raw), notes
    production = _production(effect["mana"], _Cost(), "")
    return ManaTrigger(tapped, production, text=raw), notes


def _replacement(raw: str, line: str) -> ManaReplacement:
    match = _REPLACEMENT.fullmatch(line)
    if match is None:
        raise _Unsupported("a replacement effect on mana this model can't express")
    applies = _tapped(match)
    how, tail, amount = match["how"], match["tail"] or "", match["amount"]
    multiple = re.fullmatch(r"(?P<n>twice|three times) as much of that mana", how)
    if multiple and not tail and amount == "mana":
        factor = 2 if multiple["n"] == "twice" else 3
        return ManaReplacement(ReplacementKind.MULTIPLY, applies, factor=factor, text=raw)
    symbol = re.fullmatch(_SYMBOL, how)
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
    raise _Unsupported(f"a replacement effect on mana: {how}")


def _tapped(match: re.Match[str]) -> PermanentFilter:
    """The permanents a trigger or replacement effect watches."""
    if match["subject"] is not None:
        subject = match["subject"]
        if subject.startswith("enchanted "):
            if not re.fullmatch(r"enchanted (?:land|permanent|creature|[A-Z]\w+)", subject):
                raise _Unsupported(f"tapped permanent: {subject}")
            return PermanentFilter(attached=True)
        if subject.startswith("a land's ability"):
            raise _Unsupported(f"tapped permanent: {subject}")
        words = re.fullmatch(r"(?:an?|each) (?P<what>.+?)(?P<yours> you control)?", subject)
        if words is None:
            raise _Unsupported(f"tapped permanent: {subject}")
        controller = "you" if words["yours"] else "any"
        return replace(_filter(words["what"] + " on the battlefield", plural=False),
                       controller=controller)  # fmt: skip
    words = re.fullmatch(r"(?:an?) (?P<what>.+?)(?P<yours> you control)?", match["tapped"])
    if words is None:
        raise _Unsupported(f"tapped permanent: {match['tapped']}")
    found = _filter(words["what"] + " on the battlefield", plural=False)
    return replace(found, controller=_PLAYERS[match["player"]])


# -- merging ----------------------------------------------------------------------------


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
        ability.condition is None
        and ability.restriction is None
        and not ability.once_per_turn
        and ability.production.per is None
        and ability.cost.text == ""
    )
