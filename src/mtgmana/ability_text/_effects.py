"""Private: the effect of an activated mana ability, sentence by sentence (CR 605.1a):
the mana added, then a spending restriction (CR 106.6), damage to you, an activation
condition (CR 602.5b), a condition that changes the mana ("instead"), effects kept
as notes, and effects when the mana is spent (CR 106.6, 603.7)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

from .._regex import lazy
from ..board.abilities import (
    CHOSEN_TYPE,
    Choice,
    Condition,
    DynamicSlot,
    ManaAbility,
    Production,
    sorted_types,
)
from ..errors import MtgManaError
from ..restrictions import Restriction
from ._conditions import activation_condition, control, during, instead_condition
from ._costs import CostText
from ._production import read_production, with_damage
from ._words import SENTENCE, Unsupported, count_word

__all__: list[str] = []


_REPRESENT: Final = lazy(r"Use \w+ to represent the tokens\.")
"""Mishra's Toy Workshop's "Use toys to represent the tokens.": no rules meaning."""
_NOTES: Final = [
    lazy(r"~ doesn't untap during your next untap step\."),
    lazy(r"Draw a card(?: at the beginning of the next turn's upkeep)?\."),
    lazy(r"(?:You|Each player|Each opponent|An opponent) gains? \d+ life\."),
    lazy(r"Put an? \S+ counter on ~\."),
    lazy(r"Remove an? \S+ counter from ~\."),
    lazy(r"If there are no \S+ counters on ~, sacrifice it\."),
    lazy(r"An opponent gains control of ~ at the beginning of the next end step\."),
    lazy(r"During your next untap step, as you untap your permanents, return ~ .+"),
    lazy(r"Roll a d\d+\."),
    lazy(r"If you control .+, you gain \d+ life\."),
    lazy(
        r"If this ability has been activated \w+ or more times this turn, sacrifice ~ at "
        r"the beginning of the next end step\."
    ),
]
# Effects when the mana is spent, and other delayed triggered abilities (CR 106.6,
# 603.7): the sentences after one of these belong to it.
_DELAYED: Final = [
    lazy(r"(?:If|When|Whenever) (?:that|this) mana is spent .+"),
    lazy(r"When(?:ever)? you (?:next )?spend this mana .+"),
    lazy(r"If you spend this mana .+"),
    lazy(r"When you next cast .+"),
    lazy(r"When you do, .+"),
]
_ACTIVATE_IF = lazy(r"Activate only if (?P<what>.+)\.")
_INSTEAD: Final = [
    lazy(r"If (?P<if>[^,]+), add (?P<mana>.+) instead\."),
    lazy(
        r"If (?P<if>~ has an? \S+ counter on it), "
        r"(?:instead add (?P<mana>.+)|add (?P<mana2>.+) instead)\."
    ),
]
_DAMAGE_UNLESS = lazy(r"~ deals (?P<n>\d+) damage to you if you don't control (?P<what>.+)\.")
_PUT_COUNTER = lazy(r"Put an? (?P<kind>\S+) counter on ~\.")
_CONDITIONS: Final = [
    (lazy(r"Activate only once each turn\."), ""),
    (lazy(r"Activate (?:only|no more).*"), "activation condition"),
    (lazy(r".*\b(?:lose|loses) \d+ life\."), "life loss (not damage)"),
    (lazy(r".*\binstead\b.*"), "a condition changes the mana"),
    (lazy(r".*\bunless\b.*"), "a condition changes the mana"),
]  # fmt: skip
_DAMAGE = lazy(r"~ deals (?P<n>\d+) damage to you\.")
_AS_INSTANT = "Activate only as an instant."
_ONCE_DURING = lazy(r"Activate only (?P<during>during .+) and only once each turn\.")
_EACH_COLOR = lazy(r"For each color among (?P<what>.+), add one mana of that color\.")
_EACH_FAMILY: Final = {
    "permanents you control": "PERMANENT",
    "monocolored permanents you control": "MONOCOLORED",
    # Sunbird Effigy: the colors of the cards exiled to craft it are chosen as it is
    # crafted, as Chrome Mox's exiled card's: the permanent's chosen colors
    "the exiled cards used to craft ~": "CHOSEN",
}

_RIDER = ", and that spell can't be countered"
_THAT_TYPE = lazy(r"(?P<n>two|three|four|five) mana of that type")
_THAT_TYPE_SLOTS: Final = {DynamicSlot.OWN_LAND_TYPES: "OWN_LAND_TYPE"}


def _of_that_type(production: Production, n: int, text: str) -> Production:
    """ "N mana of that type", the type of the one mana ``production`` adds: a choice
    per type, N slots of it ("one mana of any type that a land you control could
    produce": each slot that type if a land could produce it, CR 106.7)."""
    choices = production.choices
    only = choices[0].slots[0] if len(choices) == 1 and len(choices[0].slots) == 1 else None
    if production.per is not None or only is None or choices[0].damage:
        raise Unsupported(f"mana: {text}")
    if isinstance(only, DynamicSlot):
        family = _THAT_TYPE_SLOTS.get(only)
        if family is None:
            raise Unsupported(f"mana: {text}")
        return Production(tuple(Choice((DynamicSlot[f"{family}_{t}"],) * n) for t in "WUBRGC"))
    return Production(tuple(Choice((frozenset({t}),) * n) for t in sorted_types(only)))


def read_ability(raw: str, cost: CostText, effect: str) -> tuple[list[ManaAbility], list[str]]:
    """The abilities a line is: one, or two with complementary conditions when a
    condition changes the mana ("If you control ..., add {C}{C} instead")."""
    if '"' in effect:
        raise Unsupported("quoted text in the effect")
    sentences = [s for s in SENTENCE.split(effect.strip()) if s]
    riders = _Riders(raw)
    put_counter = False
    if len(sentences) > 1 and _PUT_COUNTER.fullmatch(sentences[0]):
        # Empowered Autogenerator: the counter is there when the mana is counted
        put_counter = True
        riders.notes.append(f"{sentences.pop(0).removesuffix('.')} (not modelled): {raw}")
    chosen = _chosen(sentences)
    production = _added(sentences, cost, chosen)
    if put_counter:
        production = _plus_counter(production)
    for sentence in sentences:
        riders.read(sentence, production, chosen)
    return riders.abilities(cost, production), riders.notes


def _chosen(sentences: list[str]) -> str:
    """The color chosen first ("Choose a color."), taken off ``sentences``: "color",
    "permanent" (of a permanent you control), "graveyard" (of a card there) or ""."""
    chosen = ""
    while sentences and sentences[0].startswith("Choose "):
        first = sentences.pop(0)
        if first == "Choose a color.":
            chosen = "color"
        elif first == "Choose a color of a permanent you control.":
            chosen = "permanent"
        elif first == "Choose a color of a card in your graveyard.":
            chosen = "graveyard"  # Corrupted Grafstone
        else:
            raise Unsupported(f"choice: {first}")
    return chosen


def _added(sentences: list[str], cost: CostText, chosen: str) -> Production:
    """The mana the first sentence adds, taken off ``sentences``."""
    each = _EACH_COLOR.fullmatch(sentences[0]) if sentences and not chosen else None
    if each is not None and each["what"] in _EACH_FAMILY:
        # "For each color among permanents you control, add one mana of that color"
        family = _EACH_FAMILY[each["what"]]
        slots = tuple(DynamicSlot[f"EACH_{family}_{c}"] for c in "WUBRG")
        production = Production((Choice(slots),))
    elif not sentences or not sentences[0].startswith("Add "):
        raise Unsupported("the mana isn't added first")
    else:
        production = read_production(
            sentences[0][4:].removesuffix(".").removesuffix(" to your mana pool"), cost, chosen
        )
    sentences.pop(0)
    return production


def _plus_counter(production: Production) -> Production:
    """One more mana for the counter put on first (Empowered Autogenerator)."""
    per = production.per
    if per is None or per.kind != "own counters":
        raise Unsupported("the mana isn't added first")
    return replace(production, per=replace(per, plus=per.plus + 1))


@dataclass
class _Riders:
    """What the sentences after the mana say of it, read one by one: a spending
    restriction, "once each turn", "as an instant", damage, an activation condition,
    a condition that changes the mana ("instead": the condition, what is added then,
    its damage), effects later (``delayed``), and the notes."""

    raw: str
    notes: list[str] = field(default_factory=list)
    restriction: Restriction | None = None
    once: bool = False
    as_instant: bool = False
    damage: int = 0
    delayed: bool = False
    condition: Condition | None = None
    instead: tuple[Condition, Production | None, int] | None = None

    def read(self, sentence: str, production: Production, chosen: str) -> None:
        """Read one sentence; :class:`Unsupported` for one not modelled."""
        if (
            self._restriction(sentence)
            or self._damage_or_instant(sentence)
            or self._activation(sentence)
            or self._instead(sentence, production, chosen)
            or self._noted(sentence)
        ):
            return
        for pattern, reason in _CONDITIONS:
            if pattern.fullmatch(sentence):
                if not reason:
                    self.once = True
                    return
                raise Unsupported(f"{reason}: {sentence}")
        if not self.delayed:
            raise Unsupported(f"unrecognized effect: {sentence}")

    def _restriction(self, sentence: str) -> bool:
        if not sentence.startswith(("Spend this mana", "This mana can't be spent")):
            return False
        if self.restriction is not None:
            raise Unsupported("two restrictions")
        self.restriction = _restriction(sentence)
        if sentence.rstrip(".").endswith(_RIDER):
            self.notes.append(f"that spell can't be countered (a rider, CR 106.6): {self.raw}")
        return True

    def _damage_or_instant(self, sentence: str) -> bool:
        match = _DAMAGE.fullmatch(sentence)
        if match:
            self.damage = int(match["n"])
            return True
        if sentence == _AS_INSTANT and not self.as_instant:
            # CR 602.5e: with priority only, not while paying a cost (605.3a)
            self.as_instant = True
            self.notes.append(
                "activate only as an instant (CR 602.5e): only while you have priority, "
                f"before a spell is cast or a cost paid, its mana floating: {self.raw}"
            )
            return True
        return False

    def _activation(self, sentence: str) -> bool:
        """An activation condition (CR 602.5b) or timing ("Activate only during your
        turn"; Vivi Ornitier: "only during your turn and only once each turn")."""
        match = _ACTIVATE_IF.fullmatch(sentence)
        if match and self.condition is None:
            self.condition = activation_condition(match["what"], sentence)
            return True
        timing = during(sentence)
        match = _ONCE_DURING.fullmatch(sentence)
        if match:
            timing = during(f"Activate only {match['during']}.")
        if timing is not None and self.condition is None:
            self.condition = replace(timing, text=sentence)
            self.once = self.once or match is not None
            return True
        return False

    def _instead(self, sentence: str, production: Production, chosen: str) -> bool:
        """A condition that changes the mana ("If you control ..., add {C}{C}
        instead"), or the damage (Tomb of Urami: unless you control an Ogre)."""
        if self.instead is not None:
            return False
        match = next((m for p in _INSTEAD if (m := p.fullmatch(sentence))), None)
        if match:
            mana = match["mana"] if "mana2" not in match.groupdict() else (
                match["mana"] or match["mana2"]
            )  # fmt: skip
            if chosen:
                raise Unsupported(f"a condition changes the mana: {sentence}")
            that = _THAT_TYPE.fullmatch(mana)
            if that:  # "add three mana of that type instead" (Incubation Druid)
                alternative = _of_that_type(production, count_word(that["n"]), mana)
            else:
                alternative = read_production(mana, CostText(), "")
            self.instead = (instead_condition(match["if"], sentence), alternative, 0)
            return True
        match = _DAMAGE_UNLESS.fullmatch(sentence)
        if match:
            wanted = control(match["what"], sentence)
            requirement = Condition(wanted, activation=False, text=sentence)
            self.instead = (requirement.negate(), None, int(match["n"]))
            return True
        return False

    def _noted(self, sentence: str) -> bool:
        """How tokens look, effects not modelled (noted), effects later."""
        if _REPRESENT.fullmatch(sentence):
            return True  # how to show the tokens at the table, not a rule
        if any(pattern.fullmatch(sentence) for pattern in _NOTES):
            self.notes.append(f"{sentence.removesuffix('.')} (not modelled): {self.raw}")
            return True
        if any(pattern.fullmatch(sentence) for pattern in _DELAYED):
            self.delayed = True
            self.notes.append(
                f"an effect when the mana is spent or later (not modelled): {self.raw}"
            )
            return True
        return False

    def abilities(self, cost: CostText, production: Production) -> list[ManaAbility]:
        """The ability, or the two with complementary conditions when a condition
        changes the mana."""
        if self.damage:
            production = with_damage(production, self.damage)
        built = cost.build()
        if built.tap and built.untap:
            raise Unsupported("a cost with both {T} and {Q}")
        rest = (self.restriction, self.once, self.raw)
        if self.instead is None:
            return [ManaAbility(built, production, *rest, self.condition, self.as_instant)]
        if self.condition is not None:
            raise Unsupported("an activation condition and a condition that changes the mana")
        when, instead_adds, extra_damage = self.instead
        # without an alternative: the same mana, with damage (Tomb of Urami)
        alternative = instead_adds or with_damage(production, extra_damage)
        return [
            ManaAbility(built, production, *rest, when.negate(), self.as_instant),
            ManaAbility(built, alternative, *rest, when, self.as_instant),
        ]


def _restriction(sentence: str) -> Restriction:
    """A spending restriction; "the chosen type" is :data:`CHOSEN_TYPE` until bound."""
    from ..restriction_text import parse_restriction  # only for text that restricts

    try:
        return parse_restriction(sentence.replace("~", "this"), chosen_type=CHOSEN_TYPE)
    except MtgManaError as error:
        reason = getattr(error, "reason", str(error))
        raise Unsupported(f"restriction: {reason}") from None
