"""What abilities ask about the game (CR 602.5b, 605.1a, 613): which permanents
(:class:`PermanentFilter`: "a Swamp you control", "other Gates", "an untapped
Elf"), and whether an ability can be used now (:class:`Condition`: "Activate only
if you control a Swamp", "if it's your turn", :data:`FACTS`).

>>> swamp = PermanentFilter(subtypes=frozenset({"Swamp"}))
>>> str(Condition(((swamp, 1),)))
'you control a Swamp'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .._numbers import number_word
from ..colors import Color
from ..errors import MtgManaError

__all__ = ["FACTS", "Condition", "PermanentFilter"]


_COLOR_NAMES: Final = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_CARD_TYPE_WORDS: Final = {
    "creature": "Creature", "creatures": "Creature", "artifact": "Artifact",
    "artifacts": "Artifact", "land": "Land", "lands": "Land", "enchantment": "Enchantment",
    "permanent": "", "permanents": "",
}  # fmt: skip
_PLURALS: Final = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf"}


@functools.lru_cache(maxsize=256)
def _words_filter(words: str) -> PermanentFilter:
    """ "creature" -> creatures; "Elf"/"Elves" -> Elves; "artifact creature" -> both."""
    card_types: set[str] = set()
    subtypes: set[str] = set()
    for word in words.split():
        if word.lower() in _CARD_TYPE_WORDS:
            if _CARD_TYPE_WORDS[word.lower()]:
                card_types.add(_CARD_TYPE_WORDS[word.lower()])
        elif word[:1].isupper():
            subtypes.add(_PLURALS.get(word, word[:-1] if word.endswith("s") else word))
    return PermanentFilter(card_types=frozenset(card_types), subtypes=frozenset(subtypes))


FACTS: Final = {
    "your turn": "it's your turn",
    "max speed": "you have max speed (CR 702.179)",
    "monarch": "you're the monarch (CR 724)",
    "initiative": "you have the initiative (CR 725)",
    "city's blessing": "you have the city's blessing (CR 702.131)",
    "completed a dungeon": "you've completed a dungeon (CR 309.7)",
    "corrupted": "an opponent has three or more poison counters",
    "top card is a land": "the top card of your library is a land card",
}
"""The facts of the game a :class:`Condition` asks about, and what each means: a
board's :attr:`~mtgmana.board.Board.facts` holds those that are true (from its
controller's point of view: "your turn" is that player's turn)."""


def _count_words(n: int) -> str:
    """``n`` as a condition says it: "no", "a", "two" to "nine", digits above."""
    return ("no", "a")[n] if 0 <= n < 2 else number_word(n, up_to=9)


_NOT_FACTS: Final = {"your turn": "it isn't your turn"}


@dataclass(frozen=True)
class Condition:
    """When an ability can be used: you control at least ``n`` permanents matching
    each filter of ``permanents`` (all of them), the permanent has at least
    ``counters`` counters, it ``entered_this_turn``, you played a land this turn
    (``land_played``), each of ``facts`` is a fact of the game (:data:`FACTS`:
    "your turn", "max speed", "initiative", ...; on the board's
    :attr:`~mtgmana.board.Board.facts`), the permanents each filter of
    ``total_power`` names have a total power of at least ``n`` (formidable: Circle of
    Elders), a card is exiled with it (``imprinted``: Ugin's Labyrinth), it is
    ``modified`` (CR 700.9: it has a counter on it, is equipped, or is enchanted by an
    Aura its controller controls), it has each of ``designations`` (CR 702.112b:
    "renowned"; :attr:`~mtgmana.board.Permanent.designations`), you control at
    least ``n`` permanents with the same name matching each filter of ``same_name``
    (Sceptre of Eternal Glory) — all that holds, or, if ``negated``, not all of it.

    ``activation`` conditions restrict activating the ability ("Activate only if you
    control a Swamp", CR 602.5b); they don't change what the permanent *could
    produce* (CR 106.7 looks at what the ability would produce if it resolved). The
    others (``activation=False``) decide whether the ability adds this mana at all,
    so they count for "could produce" too: "{T}: Add {C}. If you control an Urza's
    Mine and an Urza's Power-Plant, add {C}{C}{C} instead" is two abilities, one with
    the condition and one with its negation, checked as the ability resolves (mana
    abilities resolve at once, CR 605.3a, so the board doesn't change in between);
    "STATION 12+" gives the abilities after it only while the permanent has 12 or
    more charge counters (CR 721.2a).
    """

    permanents: tuple[tuple[PermanentFilter, int], ...] = ()
    counters: int = 0
    entered_this_turn: bool = False
    land_played: bool = False
    negated: bool = False
    activation: bool = True
    text: str = field(default="", compare=False)
    facts: frozenset[str] = frozenset()
    total_power: tuple[tuple[PermanentFilter, int], ...] = ()
    imprinted: bool = False
    modified: bool = False
    designations: frozenset[str] = frozenset()
    same_name: tuple[tuple[PermanentFilter, int], ...] = ()

    def __post_init__(self) -> None:
        for item, n in (*self.permanents, *self.total_power, *self.same_name):
            if not isinstance(item, PermanentFilter) or not isinstance(n, int) or n < 1:
                raise MtgManaError(f"a condition needs a filter and a count of 1 or more: {n!r}")
        if self.counters < 0:
            raise MtgManaError("a condition can't ask for a negative number of counters")
        facts: Any = self.facts
        if isinstance(facts, str) or not all(isinstance(f, str) for f in facts):
            raise MtgManaError(f"a condition's facts are a set of strings, not {facts!r}")
        object.__setattr__(self, "facts", frozenset(facts))
        checks = (
            self.permanents, self.counters, self.entered_this_turn, self.land_played,
            self.facts, self.total_power, self.imprinted, self.modified,
            self.designations, self.same_name,
        )  # fmt: skip
        if not any(checks):
            raise MtgManaError("a condition needs something to check")

    def negate(self) -> Condition:
        """The complementary condition (the other half of an "instead")."""
        return replace(self, negated=not self.negated)

    def __str__(self) -> str:
        wanted = self._wanted()
        pairs = []
        if wanted:
            pairs.append(
                ("you control " + " and ".join(wanted), "you don't control " + " and ".join(wanted))
            )
        pairs += self._own_phrases()
        pairs += self._more_phrases()
        parts = [positive for positive, _ in pairs]
        if not self.negated:
            return " and ".join(parts)
        if len(parts) == 1 and len(wanted) <= 1:
            return pairs[0][1]
        return "not (" + " and ".join(parts) + ")"

    def _wanted(self) -> list[str]:
        """The permanents it asks you to control: "a Swamp", "three or more Gates"."""
        wanted = []
        for item, n in self.permanents:
            if n == 1:
                noun = item.noun()
                wanted.append(("an " if noun[:1].lower() in "aeiou" else "a ") + noun)
            else:
                count = _count_words(n)
                wanted.append(f"{count} or more {item.plural()}")
        return wanted

    def _own_phrases(self) -> list[tuple[str, str]]:
        """The phrase and its negation for counters, "entered this turn", a land
        played and facts."""
        pairs = []
        if self.counters == 1:
            pairs.append(("it has a counter on it", "it has no counters on it"))
        elif self.counters:
            pairs.append(
                (
                    f"it has {self.counters} or more counters on it",
                    f"it has fewer than {self.counters} counters on it",
                )
            )
        if self.entered_this_turn:
            pairs.append(("it entered this turn", "it didn't enter this turn"))
        if self.land_played:
            pairs.append(("you played a land this turn", "you didn't play a land this turn"))
        for fact in sorted(self.facts):
            positive = FACTS.get(fact, fact).split(" (CR")[0]
            pairs.append((positive, _NOT_FACTS.get(fact, f"not ({positive})")))
        return pairs

    def _more_phrases(self) -> list[tuple[str, str]]:
        """The phrase and its negation for total power, imprinted, modified,
        designations and permanents with the same name."""
        pairs = []
        for item, n in self.total_power:
            pairs.append(
                (
                    f"{item.plural()} you control have total power {n} or greater",
                    f"{item.plural()} you control have total power less than {n}",
                )
            )
        if self.imprinted:
            pairs.append(("a card is exiled with it", "no card is exiled with it"))
        if self.modified:
            pairs.append(("it is modified", "it isn't modified"))
        for designation in sorted(self.designations):
            pairs.append((f"it is {designation}", f"it isn't {designation}"))
        for item, n in self.same_name:
            count = _count_words(n)
            same = f"{count} or more {item.plural()} with the same name"
            pairs.append((f"you control {same}", f"you don't control {same}"))
        return pairs


@dataclass(frozen=True)
class PermanentFilter:
    """Which permanents something applies to or counts: card types (any of),
    subtypes (any of), ``all_subtypes`` (all of: "an Urza's Mine"), supertypes (all
    of), excluded supertypes, ``name``, ``min_power`` ("a creature with power 4 or
    greater"), and whose (``"you"``, ``"opponent"``, ``"any"``). ``attached`` means
    "enchanted/equipped permanent" (Wild Growth; its other fields, but not
    ``controller``, still apply: "as long as enchanted permanent is a land"); ``other``
    excludes the permanent whose ability it is ("other Gates you control").
    ``excluded_card_types`` are card types it must not have ("nonland permanents");
    ``token`` is ``True`` for tokens only ("creature tokens"), ``False`` for nontoken
    permanents only, ``None`` for both (CR 111.1)."""

    card_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    controller: str = "you"
    attached: bool = False
    excluded_supertypes: frozenset[str] = frozenset()
    other: bool = False
    all_subtypes: frozenset[str] = frozenset()
    name: str = ""
    min_power: int | None = None
    excluded_card_types: frozenset[str] = frozenset()
    token: bool | None = None
    itself: bool = False
    """Only the permanent whose ability it is ("This land is the chosen type")."""
    colors: Color | None = None
    """Colors it must have one of ("a blue creature": Grand Architect; "black creature
    card": Crypt of Agadeem); ``None``: any or none."""
    entered_this_turn: bool = False
    """Only permanents that entered this turn (Alena, Kessig Trapper)."""
    with_counters: bool = False
    """Only permanents with a counter on them (Rishkar, Jiang Yanggu: their
    :attr:`~mtgmana.board.Permanent.counters`, the kind that matters)."""
    keywords: frozenset[str] = frozenset()
    """Keyword abilities it must have, in lower case ("defender": Axebane Guardian;
    :attr:`~mtgmana.board.Permanent.keywords`)."""

    def noun(self) -> str:
        """The filter as a noun phrase without its controller: "basic Swamp"."""
        if self.itself:
            return "this permanent"
        text = " ".join(w for w in self._adjectives() if w) or "permanent"
        return text + self._qualifiers()

    def _adjectives(self) -> list[str]:
        """The words of the noun phrase before and including its types: "other
        basic nontoken Swamp"."""
        words = ["other"] if self.other else []
        words += [s.lower() for s in sorted(self.supertypes)]
        if self.colors is not None:
            words.append(" or ".join(_COLOR_NAMES[str(c)] for c in self.colors))
        words += ["non" + s.lower() for s in sorted(self.excluded_supertypes)]
        words += ["non" + s.lower() for s in sorted(self.excluded_card_types)]
        if self.token is False:
            words.append("nontoken")
        words += sorted(self.all_subtypes, key=lambda w: (not w.endswith("'s"), w))
        words.append(" or ".join(sorted(self.subtypes)) if self.subtypes else "")
        words.append(" or ".join(t.lower() for t in sorted(self.card_types)))
        if self.token:
            words.append("token")
        return words

    def _qualifiers(self) -> str:
        """The phrases after the noun: name, power, keywords, counters, "that
        entered this turn"."""
        text = ""
        if self.name:
            text += f" named {self.name}"
        if self.min_power is not None:
            text += f" with power {self.min_power} or greater"
        if self.keywords:
            text += " with " + " and ".join(sorted(self.keywords))
        if self.with_counters:
            text += " with a counter on it"
        if self.entered_this_turn:
            text += " that entered this turn"
        return text

    def plural(self) -> str:
        """The noun phrase in the plural ("lands"), roughly."""
        text = self.noun()
        for word in (" named ", " with ", " that entered"):
            head, sep, tail = text.partition(word)
            if sep:
                tail = tail.replace("a counter on it", "counters on them")
                break
        head = head if head.endswith(("s", "Plains")) else head + "s"
        return head + (sep + tail if sep else "")

    def __str__(self) -> str:
        if self.attached:
            return "the enchanted permanent"
        if self.itself:
            return "this permanent"
        owner = {"you": " you control", "opponent": " an opponent controls"}.get(
            self.controller, ""
        )
        return self.noun() + owner
