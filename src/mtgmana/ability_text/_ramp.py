"""Private: how a card ramps, read from its rules text as a typed fact (:class:`Ramp`:
lands searched for and put onto the battlefield, CR 701.23; Treasure tokens, CR
111.10a; additional land drops, CR 305.2; a land put from the hand), and the other
facts of a card's text the deck analysis counts (:class:`SpellText`: whether it
draws cards, creates Treasure, searches for a land). :mod:`mtgmana.analysis.roles`
states the cases read."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .._numbers import word_number
from .._regex import lazy
from ..cards import Card
from ..restrictions import parse_type_line
from ._words import Words

__all__ = ["Ramp", "RampKind", "SpellText", "read_ramp", "read_spell_text", "without_reminder"]


class RampKind(Words):
    """What a card does to ramp (the values are the words the deck notes use)."""

    MANA_SOURCE = "mana source"  # a dork or a rock
    LAND_SEARCH = "land search"
    TREASURE = "treasure"
    EXTRA_LAND = "extra land"
    STATIC_EFFECT = "static effect"


_REMINDER = lazy(r"\([^()]*\)")
_TREASURE = lazy(
    r"\bcreates? (?:a|an|one|two|three|X) (?:tapped )?Treasure tokens?\b", re.IGNORECASE
)
_DRAW = lazy(r"\bdraws? (?:a|an|one|two|three|X) cards?\b", re.IGNORECASE)
_LAND_SEARCH_START = "Search your library for "
_LAND_CARDS = lazy(r"\bland cards?\b")
_SEARCH = lazy(
    r"[Ss]earch your library for (?P<what>(?:up to )?(?:a|an|one|two|three) [^.]*?) cards?"
    r"(?: and/or (?P<also>[A-Z][a-z]+) cards)?, (?:reveal (?:it|them|those cards), )?"
    r"put (?P<put>[^.]*?), then shuffle"
)
_SEARCH_ETB = lazy(
    r"When (?:this [a-z]+|~|[^,.]+) enters(?: the battlefield)?, (?:you may )?"
    r"(?P<sac>sacrifice a land\. If you do, )?(?:you may )?"
)
_FREE_SACRIFICE = lazy(r"Sacrifice (?:this [a-z]+|~): ")
_TREASURE_NOW = lazy(
    r"\bcreate (?P<n>a|an|one|two|three|four|five) (?P<tapped>tapped )?Treasure tokens?\b"
)
_EXTRA_LAND = lazy(
    r"You may play (?P<n>an|one|two) additional lands? (?P<when>this turn|on each of your turns)"
)
_LAND_FROM_HAND = lazy(
    r"(?:^|\. |, )(?:you may )?put a land card from your hand onto the battlefield"
    r"(?P<tapped> tapped)?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Ramp:
    """What a card does to ramp, as the simulation casts it.

    ``kind`` is ``"mana source"`` (a dork or rock), ``"land search"`` (``lands``
    land cards with one of ``types`` — any land if empty, basic only if
    ``basic_only`` — put onto the battlefield, ``tapped`` or not, and ``to_hand``
    more into the hand; ``sacrifice_land``: a land is sacrificed first),
    ``"treasure"`` (``treasures`` Treasure tokens, CR 111.10a), ``"extra land"``
    (``extra_lands`` more land drops, this turn or ``every_turn``; ``from_hand``:
    a land card put from the hand onto the battlefield, ``tapped`` or not) or
    ``"static effect"`` (a permanent whose static abilities give permanents mana
    abilities or land types, CR 613: ``effect`` is their text).

    >>> from mtgmana.cards import lookup
    >>> read_ramp(lookup("Cultivate").faces[0].oracle_text, one_shot=True).description
    'puts 1 basic land onto the battlefield tapped (and 1 into the hand)'
    >>> read_ramp(lookup("Three Visits").faces[0].oracle_text, one_shot=True).description
    'puts 1 Forest land onto the battlefield'
    """

    kind: RampKind
    lands: int = 0
    to_hand: int = 0
    basic_only: bool = False
    types: frozenset[str] = frozenset()
    tapped: bool = False
    sacrifice_land: bool = False
    treasures: int = 0
    extra_lands: int = 0
    every_turn: bool = False
    from_hand: bool = False
    also: frozenset[str] = frozenset()
    """Land types found besides (Map the Frontier's "and/or Desert cards")."""
    effect: str = ""
    """A ``"static effect"``'s text; for a ``"mana source"`` that makes mana only
    under another card's static effect (a creature under Cryptolith Rite), that
    card's name."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", RampKind(self.kind))

    def finds(self, card: Card) -> bool:
        """Whether the search can find ``card`` (CR 701.23)."""
        supertypes, card_types, subtypes = parse_type_line(card.faces[0].type_line)
        if "Land" not in card_types:
            return False
        if self.also & subtypes:
            return True
        if self.basic_only and "Basic" not in supertypes:
            return False
        return not self.types or bool(self.types & subtypes)

    @property
    def description(self) -> str:
        """What it does, in a few words."""
        if self.kind is RampKind.MANA_SOURCE:
            if self.effect:
                return f"a mana source under {self.effect}'s static effect, used from the next turn"
            return "a mana source, used from the next turn (creatures) or at once (artifacts)"
        if self.kind is RampKind.STATIC_EFFECT:
            return f"a static effect: {self.effect}"
        if self.kind is RampKind.TREASURE:
            n = self.treasures
            return f"creates {n} Treasure token{'s' if n > 1 else ''}"
        if self.kind is RampKind.EXTRA_LAND:
            return self._extra_land_words()
        return self._search_words()

    def _extra_land_words(self) -> str:
        if self.from_hand:
            tapped = " tapped" if self.tapped else ""
            return "puts a land card from the hand onto the battlefield" + tapped
        when = "each turn" if self.every_turn else "this turn"
        return f"{self.extra_lands} more land drop{'s' if self.extra_lands > 1 else ''} {when}"

    def _search_words(self) -> str:
        what = "/".join(sorted(self.types))
        if self.basic_only:
            what = ("basic " + what).strip()
        if self.also:
            what = (what + " or " if what else "") + "/".join(sorted(self.also))
        text = f"puts {self.lands} {what + ' ' if what else ''}land{'s' if self.lands > 1 else ''}"
        text += " onto the battlefield" + (" tapped" if self.tapped else "")
        if self.to_hand:
            text += f" (and {self.to_hand} into the hand)"
        if self.sacrifice_land:
            text = "sacrifices a land and " + text
        return text


def read_ramp(text: str, *, one_shot: bool) -> Ramp | None:
    """How a card with this rules text (reminder text removed) ramps, read from its
    text (see :mod:`mtgmana.analysis.roles`): ``one_shot`` for an instant or a
    sorcery, whose effects happen as it resolves."""
    sacrifice = "As an additional cost to cast this spell, sacrifice a land" in text
    for line in text.split("\n"):
        found = (
            _land_search(line, one_shot=one_shot, sacrifice=sacrifice)
            or _treasure(line, one_shot=one_shot)
            or _extra_land(line, one_shot=one_shot)
            or _land_from_hand(line, one_shot=one_shot)
        )
        if found is not None:
            return found
    return None


def _land_search(line: str, *, one_shot: bool, sacrifice: bool) -> Ramp | None:
    """A search for land cards put onto the battlefield: a spell's effect, an enters
    trigger or a free sacrifice ability (CR 701.23)."""
    match = _SEARCH.search(line)
    if match is None:
        return None
    prefix = line[: match.start()]
    etb = _SEARCH_ETB.fullmatch(prefix)
    if (one_shot and not prefix) or etb is not None or _FREE_SACRIFICE.fullmatch(prefix):
        return _search(match, sacrifice=sacrifice or bool(etb and etb["sac"]))
    return None


def _treasure(line: str, *, one_shot: bool) -> Ramp | None:
    """Treasure tokens created by a spell's effect or an enters trigger (CR 111.10a)."""
    match = _TREASURE_NOW.search(line)
    if match is None:
        return None
    prefix = line[: match.start()]
    plain = one_shot and not re.search(r"\b(?:When|Whenever|At|If|if|For each)\b", prefix)
    if plain or _SEARCH_ETB.fullmatch(prefix):
        return Ramp(RampKind.TREASURE, treasures=_count(match["n"]))
    return None


def _extra_land(line: str, *, one_shot: bool) -> Ramp | None:
    """ "You may play an additional land this turn / on each of your turns" (CR 305.2)."""
    match = _EXTRA_LAND.search(line)
    if match is None or not (one_shot or match["when"] != "this turn"):
        return None
    every_turn = match["when"] != "this turn"
    return Ramp(RampKind.EXTRA_LAND, extra_lands=_count(match["n"]), every_turn=every_turn)


def _land_from_hand(line: str, *, one_shot: bool) -> Ramp | None:
    """ "Put a land card from your hand onto the battlefield" as a spell's effect or an
    enters trigger."""
    match = _LAND_FROM_HAND.search(line)
    if match is None:
        return None
    prefix = line[: match.start() + (match.group(0)[0] in ".,")]
    if (one_shot and not re.search(r"\b(?:When|Whenever|At)\b", prefix)) or (
        _SEARCH_ETB.match(line) is not None
    ):
        tapped = match["tapped"] is not None
        return Ramp(RampKind.EXTRA_LAND, extra_lands=1, from_hand=True, tapped=tapped)
    return None


def _search(match: re.Match[str], *, sacrifice: bool) -> Ramp | None:
    what = match["what"]
    put = match["put"]
    count = _count(re.sub(r"^up to ", "", what).split()[0])
    words = re.findall(r"[A-Z][a-z]+", what)
    known = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Cave"}
    if any(w not in known for w in words) or not ("land" in what or words):
        return None  # "a creature card", "a card with mana value 3", ...
    if "onto the battlefield" not in put:
        return None
    split = re.match(
        r"one onto the battlefield(?P<tapped> tapped)? and the other into your hand", put
    )
    if sacrifice and count <= 1:
        return None  # a land for a land (Crop Rotation): fixing, not ramp
    also = frozenset({match["also"]}) if match["also"] else frozenset()
    return Ramp(
        RampKind.LAND_SEARCH,
        lands=1 if split else count,
        to_hand=count - 1 if split else 0,
        basic_only="basic" in what,
        types=frozenset(words),
        tapped=" tapped" in put.split(" and ")[0],
        sacrifice_land=sacrifice,
        also=also,
    )


def _count(word: str) -> int:
    return word_number(word.lower()) or 1


@dataclass(frozen=True)
class SpellText:
    """The facts of a card's rules text the deck counting reads besides its
    abilities: it creates Treasure tokens (CR 111.10a), draws cards, searches the
    library for a land card, or may begin the game on the battlefield (Gemstone
    Caverns)."""

    creates_treasure: bool = False
    draws_cards: bool = False
    searches_for_land: bool = False
    begins_on_battlefield: bool = False


def read_spell_text(text: str) -> SpellText:
    """The :class:`SpellText` of rules text (reminder text removed).

    >>> read_spell_text("Draw two cards.")
    SpellText(creates_treasure=False, draws_cards=True, searches_for_land=False, \
begins_on_battlefield=False)
    """
    return SpellText(
        creates_treasure=_TREASURE.search(text) is not None,
        draws_cards=_DRAW.search(text) is not None,
        searches_for_land=_searches_for_land(text),
        begins_on_battlefield="you may begin the game with" in text,
    )


def _searches_for_land(text: str) -> bool:
    """Whether a sentence says "Search your library for ... land card(s)". Only
    the first "Search your library for" of a sentence is tried: a later one finds
    nothing the first doesn't, and trying each made long text take quadratic time."""
    for sentence in text.split("."):
        start = sentence.find(_LAND_SEARCH_START)
        if start >= 0 and _LAND_CARDS.search(sentence, start + len(_LAND_SEARCH_START)):
            return True
    return False


def without_reminder(text: str) -> str:
    """Rules text without its reminder text (in parentheses, CR 207.2)."""
    return _REMINDER.sub("", text)
