"""Reading the spending restrictions that cards print (CR 106.6).

:func:`parse_restriction` turns "Spend this mana only ..." (and "This mana can't be
spent ...") sentences into :class:`~mtgmana.restrictions.Restriction` values. It
reads a small grammar — casting spells of some types, subtypes, colors, mana values
or zones; activating abilities of some sources; paying some costs — and raises
:class:`RestrictionTextError` for anything it can't model exactly, never a guess.
It also reads back what ``Restriction.text`` prints.

>>> from mtgmana.restriction_text import parse_restriction
>>> from mtgmana.restrictions import Spend
>>> r = parse_restriction(
...     "Spend this mana only to cast artifact spells or activate abilities of artifacts."
... )
>>> r.text
'only to cast artifact spells or activate abilities of artifact sources'
>>> r.allows(Spend.ability("Artifact — Equipment")), r.allows(Spend.spell("Sorcery"))
(True, False)
>>> parse_restriction("Spend this mana only to cast a creature spell of the chosen type.",
...                   chosen_type="Elf").text
'only to cast Elf creature spells'

Conventions for the engine's :class:`~mtgmana.restrictions.Spend`: ``zone`` is from
the caster's point of view ("graveyard" is the caster's graveyard); ``keywords``
hold the spell's keyword abilities ("devoid", "flashback", "foretell",
"freerunning"), how it is cast ("kicked", "face-down", "disturb" when cast for
its disturb cost) and "makes tokens" for a spell or ability that puts tokens onto
the battlefield; other costs and keyword actions use these ``action`` names:
"cumulative upkeep", "unlock" (a door), "foretell", "morph", "megamorph", "disguise",
"manifest" and "cloak" (turning a face-down permanent face up by paying that cost),
"equip" and "class level" (abilities).
"""

from __future__ import annotations

from typing import Any, Final

from ._numbers import word_number
from ._regex import lazy
from .errors import MtgManaError
from .restrictions import (
    CARD_TYPES,
    MULTIWORD_SUBTYPES,
    Restriction,
    abilities,
    cost_contains,
    costs,
    spells,
)

__all__ = ["OUTLAW_TYPES", "RestrictionTextError", "parse_restriction"]

OUTLAW_TYPES: Final = frozenset({"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"})
"""CR 700.12: an outlaw has any of these creature types."""


class RestrictionTextError(MtgManaError):
    """A sentence that is not a spending restriction this library can model exactly.
    ``sentence`` is the input and ``reason`` says what is missing."""

    def __init__(self, sentence: str, reason: str) -> None:
        super().__init__(f"can't read the restriction {sentence!r}: {reason}")
        self.sentence = sentence
        self.reason = reason


# Phrases whose meaning needs facts a Spend doesn't describe.
UNSUPPORTED: Final = {
    "with no abilities": "a Spend doesn't describe a spell's abilities",
    "watermark": "a Spend doesn't describe watermarks",
    "you don't own": "a Spend doesn't describe who owns the spell",
    "exiled with": "a Spend doesn't identify the card being cast",
    "of that color": "a spell restriction can't require one particular color",
    "generic mana costs": "a restriction can't see which part of a cost mana pays",
}

_FACE_UP = costs(
    "cloak", "disguise", "manifest", "megamorph", "morph", wording="only to turn permanents face up"
)
_MANIFEST = costs(
    "manifest", wording="only to pay a mana cost to turn a manifested creature face up"
)
_UNLOCK = costs("unlock", wording="only to unlock doors")
_FORETELL = costs("foretell", wording="only to foretell cards")
_CLASS_LEVEL = abilities(actions={"class level"}, wording="only to gain a Class level")
_DISTURB = spells(keywords={"disturb"}, wording="only to pay disturb costs")

# Words after "to", each with the phrases it can start and what they mean.
_TOKEN_SPELLS = spells(
    keywords={"makes tokens"}, wording="only to cast spells that put tokens onto the battlefield"
)
_TOKEN_ABILITIES = abilities(
    keywords={"makes tokens"},
    wording="only to activate abilities that put tokens onto the battlefield",
)
_FIXED: Final[dict[str, Restriction]] = {
    # Mishra's Toy Workshop: what the spell or ability does, as Spend.keywords says it.
    "on spells and abilities that put tokens onto the battlefield": _TOKEN_SPELLS
    | _TOKEN_ABILITIES,
    "cast spells that put tokens onto the battlefield": _TOKEN_SPELLS,
    "activate abilities that put tokens onto the battlefield": _TOKEN_ABILITIES,
    "unlock a door": _UNLOCK,
    "unlock doors": _UNLOCK,
    "turn a permanent face up": _FACE_UP,
    "turn permanents face up": _FACE_UP,
    "turn creatures face up": _FACE_UP,
    "foretell a card from your hand": _FORETELL,
    "foretell cards": _FORETELL,
    "gain a class level": _CLASS_LEVEL,
    "pay a disturb cost": _DISTURB,
    "pay disturb costs": _DISTURB,
    "pay a mana cost to turn a manifested creature face up": _MANIFEST,
    "pay a morph cost": costs("morph"),
    "pay morph costs": costs("morph"),
}

_TYPE_WORDS = {t.lower(): t for t in CARD_TYPES}
_PLURAL_TYPES = {t.lower() + "s": t for t in CARD_TYPES} | {"sorceries": "Sorcery"}
_SUPERTYPE_WORDS = {"legendary": "Legendary", "snow": "Snow", "basic": "Basic"}
_DESIGNATION_WORDS = {"kicked", "face-down"}
_KEYWORDS = {"devoid", "flashback", "foretell", "freerunning", "disturb", "kicker", "convoke"}
_IRREGULAR = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Mice": "Mouse"}
_ZONES = {
    "from your graveyard": "graveyard",
    "from a graveyard": "graveyard",
    "from exile": "exile",
    "from your hand": "hand",
    "from your library": "library",
    "from the top of your library": "library",
    "from the command zone": "command",
}
_VERBS = {"cast", "activate", "pay", "unlock", "turn", "foretell", "gain", "to", "on"}
_SEPARATORS = {",", "or", "and", "and/or"}
_TOKEN = lazy(r"\{[^}]*\}|[\w'/-]+|,")
_RIDER = ", and that spell can't be countered"


def parse_restriction(sentence: str, *, chosen_type: str | None = None) -> Restriction:
    """The restriction a card's sentence states.

    Accepts "Spend this mana only ...", "This mana can't be spent ..." and what
    ``Restriction.text`` prints ("only to cast creature spells"). ``chosen_type`` is
    the creature type chosen for "... of the chosen type". A trailing ", and that
    spell can't be countered" is an additional effect (CR 106.6), not a restriction:
    it is accepted here and should be given to the mana as a
    :class:`~mtgmana.mana.Rider`. Raises :class:`RestrictionTextError` for anything
    else.

    >>> parse_restriction("Spend this mana only on costs that contain {X}.")
    CostContains(symbol='{X}')
    >>> print(parse_restriction("This mana can't be spent to cast a nonartifact spell."))
    not to cast nonartifact spells
    >>> try:
    ...     parse_restriction("Spend this mana only to cast spells with watermarks.")
    ... except RestrictionTextError as error:
    ...     print(error.reason)
    a Spend doesn't describe watermarks
    """
    if not isinstance(sentence, str):
        raise MtgManaError(f"a restriction sentence must be a string, not {sentence!r}")
    if chosen_type is not None and (not isinstance(chosen_type, str) or not chosen_type.strip()):
        raise MtgManaError(f"the chosen type must be a creature type, not {chosen_type!r}")
    parser = _Parser(sentence, chosen_type.strip() if chosen_type else None)
    return parser.sentence()


def _descriptor(word: str) -> tuple[str, Any] | None:
    """The condition one adjective sets, as ``(SpellRestriction field, value)``:
    "creature", "noncreature", "colorless", "legendary", "kicked", "Elf"; ``None``
    for a word that is none of these."""
    lower = word.lower()
    if lower in _TYPE_WORDS:
        return "types", frozenset({_TYPE_WORDS[lower]})
    if lower.startswith("non") and lower[3:].lstrip("-") in _TYPE_WORDS:
        return "excluded_types", frozenset({_TYPE_WORDS[lower[3:].lstrip("-")]})
    if lower in ("colorless", "colored"):
        return "colorless", lower == "colorless"
    if lower == "multicolored":
        return "multicolored", True
    if lower == "monocolored":
        return "color_count", 1
    if lower in _SUPERTYPE_WORDS:
        return "supertypes", frozenset({_SUPERTYPE_WORDS[lower]})
    if lower in _DESIGNATION_WORDS:
        return "keywords", frozenset({lower})
    if lower == "outlaw":
        return "subtypes", OUTLAW_TYPES
    if word[:1].isupper():
        return "subtypes", frozenset({word})
    return None


class _Parser:
    def __init__(self, sentence: str, chosen_type: str | None) -> None:
        self.original = sentence
        self.chosen_type = chosen_type
        self.tokens: list[str] = []
        self.pos = 0

    def fail(self, reason: str) -> RestrictionTextError:
        return RestrictionTextError(self.original, reason)

    # -- the sentence ------------------------------------------------------------

    def sentence(self) -> Restriction:
        text = " ".join(self.original.replace("’", "'").split()).rstrip(".").strip()
        lowered = text[:1].lower() + text[1:]
        for phrase, reason in UNSUPPORTED.items():
            if phrase in lowered:
                raise self.fail(reason)
        if lowered.endswith(_RIDER):
            lowered = lowered[: -len(_RIDER)]
        negated = False
        for prefix in ("spend this mana only ", "spend that mana only ", "only "):
            if lowered.startswith(prefix):
                body = lowered[len(prefix) :]
                break
        else:
            for prefix in ("this mana can't be spent ", "that mana can't be spent ", "not "):
                if lowered.startswith(prefix):
                    body = lowered[len(prefix) :]
                    negated = True
                    break
            else:
                raise self.fail(
                    'expected "Spend this mana only ..." or "This mana can\'t be spent"'
                )
        restriction = self.conjunction(body)
        return ~restriction if negated else restriction

    def conjunction(self, body: str) -> Restriction:
        # What Restriction.text prints for AllOf / Not parts: "A and not B", "A and only B".
        for joint, negate in ((" and not ", True), (" and only ", False)):
            if joint in body:
                left, right = body.split(joint, 1)
                second = self.conjunction(right)
                return self.body(left) & (~second if negate else second)
        return self.body(body)

    def body(self, body: str) -> Restriction:
        self.tokens = _TOKEN.findall(body)
        self.pos = 0
        if "".join(self.tokens).replace(",", "") != body.replace(" ", "").replace(",", ""):
            raise self.fail(f"unexpected characters in {body!r}")
        parts = [self.clause()]
        while not self.done():
            self.separators()
            parts.append(self.clause())
        result = parts[0]
        for part in parts[1:]:
            result = result | part
        return result

    # -- tokens ------------------------------------------------------------------

    def done(self) -> bool:
        return self.pos >= len(self.tokens)

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.tokens[index] if index < len(self.tokens) else ""

    def take(self) -> str:
        token = self.peek()
        if not token:
            raise self.fail("the sentence ends too early")
        self.pos += 1
        return token

    def expect(self, *words: str) -> None:
        for word in words:
            token = self.take()
            if token.lower() != word:
                raise self.fail(f"expected {word!r}, found {token!r}")

    def accept(self, *words: str) -> bool:
        """Consume ``words`` if they come next."""
        if all(self.peek(i).lower() == w for i, w in enumerate(words)):
            self.pos += len(words)
            return True
        return False

    def article(self) -> bool:
        return self.accept("a") or self.accept("an")

    def separators(self) -> None:
        if self.peek() not in _SEPARATORS:
            raise self.fail(f"expected ',', 'or' or 'and', found {self.peek()!r}")
        while self.peek() in _SEPARATORS:
            self.pos += 1

    def rest(self) -> str:
        """The words up to the next clause (for fixed phrases)."""
        end = self.pos
        while end < len(self.tokens):
            if self.tokens[end] in _SEPARATORS and self._clause_starts(end + 1):
                break
            end += 1
        return " ".join(self.tokens[self.pos : end]).lower()

    def _clause_starts(self, index: int) -> bool:
        while index < len(self.tokens) and self.tokens[index] in _SEPARATORS:
            index += 1
        return index < len(self.tokens) and self.tokens[index].lower() in _VERBS

    # -- clauses -------------------------------------------------------------------

    def clause(self) -> Restriction:
        self.accept("to")
        phrase = self.rest()
        fixed = _FIXED.get(phrase)
        if fixed is not None:
            self.pos += len(phrase.split())
            return fixed
        verb = self.take().lower()
        if verb == "cast":
            return self.cast()
        if verb == "activate":
            return self.activate()
        if verb == "pay":
            return self.pay()
        if verb == "on":
            self.expect("costs", "that", "contain")
            return cost_contains(self.symbol())
        raise self.fail(f"can't read {verb!r} {phrase!r}")

    def symbol(self) -> str:
        token = self.take()
        if not (token.startswith("{") and token.endswith("}")):
            raise self.fail(f"expected a mana symbol, found {token!r}")
        return token.upper()

    def pay(self) -> Restriction:
        if self.accept("a", "cost", "that", "contains") or self.accept("costs", "that", "contain"):
            return cost_contains(self.symbol())
        self.article()
        words: list[str] = []
        while not self.done() and self.peek().lower() not in ("cost", "costs"):
            words.append(self.take().lower())
        if self.done() or not words:
            raise self.fail("expected '... costs' after 'pay'")
        self.take()
        return costs(" ".join(words))

    # -- spells --------------------------------------------------------------------

    def cast(self) -> Restriction:
        result = self.spell_phrase()
        # "a Dragon spell or an Omen spell": more spells unless a new verb follows.
        while self.peek() in _SEPARATORS and not self._clause_starts(self.pos):
            self.separators()
            result = result | self.spell_phrase()
        return result

    def spell_phrase(self) -> Restriction:
        self.article()
        alternatives: list[list[str]] = [[]]
        while self.peek().lower() not in ("spell", "spells"):
            token = self.take()
            if token in _SEPARATORS:
                if alternatives[-1]:
                    alternatives.append([])
                continue
            if token.lower() in _VERBS:
                raise self.fail(f"expected a spell, found {token!r}")
            alternatives[-1].append(token)
        self.take()
        if not alternatives[-1]:
            alternatives.pop()
        specs = _merge([self.words(words, "spell") for words in alternatives]) or [{}]
        exclusions: list[dict[str, Any]] = []
        while not self.done() and self.peek() not in _SEPARATORS:
            self.spell_modifier(specs, exclusions)
        result: Restriction | None = None
        for spec in specs:
            restriction = _spells(spec)
            result = restriction if result is None else result | restriction
        assert result is not None
        for excluded in exclusions:
            result = result & ~_spells(excluded)
        return result

    def spell_modifier(self, specs: list[dict[str, Any]], exclusions: list[dict[str, Any]]) -> None:
        if self.accept("with", "mana", "value"):
            value = self.number()
            self.expect("or", "greater")
            self._each(specs, "min_mana_value", value)
        elif self.accept("with", "exactly"):
            self._each(specs, "color_count", self.number())
            self.expect("colors")
        elif self.peek().lower() in ("with", "without") and self.peek(1).startswith("{"):
            self._cost_symbol(specs, exclusions)
        elif self._keyword(specs):
            pass
        elif self.accept("that's", "one", "or", "more", "colors") or self.accept(
            "that", "are", "one", "or", "more", "colors"
        ):
            self._each(specs, "colorless", False)
        elif self.accept("of", "the", "chosen", "type"):
            if self.chosen_type is None:
                raise self.fail("pass chosen_type= for 'of the chosen type'")
            self._each(specs, "subtypes", frozenset({self.chosen_type}))
        elif self.peek().lower() == "from":
            self._zone(specs, exclusions)
        else:
            raise self.fail(f"can't read {self.rest()!r}")

    def _keyword(self, specs: list[dict[str, Any]]) -> bool:
        """Read "with flashback", "that has convoke" into every spec's keywords;
        whether it did (the words "with", "that has" or "that have" are taken even
        when no keyword follows)."""
        if (
            self.accept("with") or self.accept("that", "has") or self.accept("that", "have")
        ) and self.peek().lower() in _KEYWORDS:
            keyword = self.take().lower()
            for spec in specs:
                spec["keywords"] = spec.get("keywords", frozenset()) | {keyword}
            return True
        return False

    def _each(self, specs: list[dict[str, Any]], key: str, value: Any) -> None:
        """The condition ``key`` set to ``value`` in every alternative."""
        for spec in specs:
            if key in spec and spec[key] != value:
                raise self.fail(f"two conditions on {key}")
            spec[key] = value

    def _cost_symbol(self, specs: list[dict[str, Any]], exclusions: list[dict[str, Any]]) -> None:
        """ "With {X} in their mana costs", or "without" it (an exclusion)."""
        without = self.take().lower() == "without"
        symbol = self.symbol()
        self.expect("in")
        if not (self.accept("their", "mana", "costs") or self.accept("its", "mana", "cost")):
            raise self.fail("expected 'in their mana costs'")
        if without:
            exclusions.append({"mana_cost_contains": symbol})
        else:
            self._each(specs, "mana_cost_contains", symbol)

    def _zone(self, specs: list[dict[str, Any]], exclusions: list[dict[str, Any]]) -> None:
        """ "From your graveyard", ...; "from anywhere other than your hand" (an exclusion)."""
        if self.accept("from", "anywhere", "other", "than", "your", "hand"):
            exclusions.append({"zones": frozenset({"hand"})})
            return
        for phrase, zone in _ZONES.items():
            if self.accept(*phrase.split()):
                self._each(specs, "zones", frozenset({zone}))
                return
        raise self.fail(f"unknown zone in {self.rest()!r}")

    def number(self) -> int:
        token = self.take().lower()
        number = word_number(token, articles=False)
        if number is not None:
            return number
        raise self.fail(f"expected a number, found {token!r}")

    # -- abilities -------------------------------------------------------------------

    def activate(self) -> Restriction:
        self.article()
        actions = self._ability_actions()
        if actions:
            return abilities(actions={" ".join(actions)})
        if not self.accept("of"):
            return abilities()
        specs = self._ability_sources()
        if self.accept("of", "the", "chosen", "type"):
            self._put_chosen_type(specs)
        if not self.done() and self.peek() not in _SEPARATORS:
            raise self.fail(f"can't read {self.rest()!r}")
        result: Restriction | None = None
        for spec in specs:
            if set(spec) - {"types", "subtypes", "colorless"}:
                raise self.fail(f"can't restrict abilities by {', '.join(sorted(spec))}")
            restriction = abilities(
                source_types=spec.get("types"),
                source_subtypes=spec.get("subtypes"),
                colorless=spec.get("colorless"),
            )
            result = restriction if result is None else result | restriction
        assert result is not None
        return result

    def _ability_actions(self) -> list[str]:
        """The words before "abilities" ("mana abilities", "loyalty abilities"), and
        "abilities" taken."""
        actions: list[str] = []
        while self.peek().lower() not in ("ability", "abilities"):
            token = self.take()
            if token in _SEPARATORS or token.lower() in _VERBS:
                raise self.fail(f"expected 'abilities', found {token!r}")
            actions.append(token.lower())
        self.take()
        return actions

    def _ability_sources(self) -> list[dict[str, Any]]:
        """After "abilities of": the conditions on the sources, one per alternative
        ("artifacts or creatures")."""
        article = self.article()
        alternatives, noun = self._source_words()
        if not alternatives and not noun:
            raise self.fail("expected what has the abilities after 'of'")
        if not article and not noun:  # "abilities of artifacts", "of Dragons": plurals
            alternatives = [[*words[:-1], _singular(words[-1])] for words in alternatives]
        return _merge([self.words(words, "source") for words in alternatives]) or [{}]

    def _source_words(self) -> tuple[list[list[str]], bool]:
        """The runs of words naming the sources, separated by "or" and commas, and
        whether a noun ("sources", "permanent") ended them: the words before it are
        adjectives."""
        alternatives: list[list[str]] = [[]]
        while not self.done():
            token = self.peek()
            if token in _SEPARATORS and self._clause_starts(self.pos):
                break
            if token.lower() in ("source", "sources", "permanent", "permanents"):
                self.take()
                return [words for words in alternatives if words], True
            if token.lower() == "of":  # "of a creature source of the chosen type"
                break
            self.take()
            if token not in _SEPARATORS:
                alternatives[-1].append(token)
            elif alternatives[-1]:
                alternatives.append([])
        return [words for words in alternatives if words], False

    def _put_chosen_type(self, specs: list[dict[str, Any]]) -> None:
        """ "Of the chosen type": the type chosen for the permanent, in each condition."""
        if self.chosen_type is None:
            raise self.fail("pass chosen_type= for 'of the chosen type'")
        for spec in specs:
            if "subtypes" in spec:
                raise self.fail("two conditions on subtypes")
            spec["subtypes"] = frozenset({self.chosen_type})

    # -- descriptors -----------------------------------------------------------------

    def words(self, words: list[str], noun: str) -> dict[str, Any]:
        """The conditions one run of adjectives sets ("legendary creature",
        "colorless Eldrazi", "Time Lord")."""
        spec: dict[str, Any] = {}

        def put(key: str, value: Any) -> None:
            if key in spec:
                raise self.fail(f"a {noun} with two {key} ({' '.join(words)!r}) isn't supported")
            spec[key] = value

        joined = " ".join(words)
        for name in MULTIWORD_SUBTYPES:
            if name in joined:
                words = [*joined.replace(name, "\0").split()]
                words = [name if w == "\0" else w for w in words]
        for word in words:
            found = _descriptor(word)
            if found is None:
                raise self.fail(f"unknown word {word!r}")
            put(*found)
        return spec


def _singular(word: str) -> str:
    if word.lower() in _PLURAL_TYPES:
        return _PLURAL_TYPES[word.lower()].lower()
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word[:1].isupper() and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _merge(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Alternatives that each name only a card type (or only a subtype) are one
    condition: "artifact or creature", "Aura and/or Equipment"; "instant, sorcery,
    Demon, and Spirit" is two."""
    if len(specs) < 2:
        return specs
    merged: list[dict[str, Any]] = []
    by_key: dict[str, dict[str, Any]] = {}
    for spec in specs:
        if len(spec) == 1 and next(iter(spec)) in ("types", "subtypes"):
            key = next(iter(spec))
            if key in by_key:
                by_key[key][key] = by_key[key][key] | spec[key]
                continue
            by_key[key] = dict(spec)
            merged.append(by_key[key])
        else:
            merged.append(dict(spec))
    return merged


def _spells(spec: dict[str, Any]) -> Restriction:
    return spells(**spec)
