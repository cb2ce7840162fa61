"""Private: how a land enters the battlefield (CR 614.1c, 305.7) and a land's search
for lands (CR 701.23), read from its rules text as typed facts (:class:`Entry`,
:class:`Fetch`) for the deck analysis (:mod:`mtgmana.analysis.roles` states the
cases read)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .._numbers import word_number
from .._regex import lazy
from ..cards import Card
from ..costs import ManaCost
from ..restrictions import parse_type_line
from ._words import Words

__all__ = ["BASIC_TYPES", "Entry", "EntryKind", "Fetch", "read_entry", "read_fetch"]

BASIC_TYPES: Final = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""The basic land types and the color each one's intrinsic ability makes (CR 305.6)."""


class EntryKind(Words):
    """How a land enters: untapped, tapped, or tapped unless a condition holds (the
    values are the words the deck notes use)."""

    UNTAPPED = "untapped"
    TAPPED = "tapped"
    PAY_LIFE = "pay life"  # shock lands
    CONTROL = "control"  # check lands
    FEW_LANDS = "few lands"  # fast lands
    MANY_LANDS = "many lands"  # slow lands
    BASICS = "basics"
    REVEAL = "reveal"  # reveal lands, snarls
    EARLY = "early"  # "your first, second, or third turn of the game"


_TYPE_WORD = r"(?:Plains|Island|Swamp|Mountain|Forest)"
_TAPPED = lazy(r"\benters tapped\b|\bIf you don't, (?:this land|it) enters tapped\b")
_PAY_LIFE = lazy(r"you may pay \d+ life\. If you don't, (?:this land|it) enters tapped")
_CONTROL = lazy(
    rf"enters tapped unless you control (?P<n>a|an|two|three|four) (?:or more )?(?P<other>other )?"
    rf"(?P<types>{_TYPE_WORD}s?(?:,? (?:or )?(?:a |an )?{_TYPE_WORD}s?)*)\."
)
_FAST = lazy(r"enters tapped unless you control (?P<n>two|three) or fewer other lands\.")
_SLOW = lazy(r"enters tapped unless you control (?P<n>two|three) or more other lands\.")
_BASICS = lazy(r"enters tapped unless you control (?P<n>two|three) or more basic lands\.")
_ANTI_FAST = lazy(
    r"If you control (?P<n>two|three) or more other lands, (?:this land|it) enters tapped\."
)
_REVEAL = lazy(
    r"you may reveal an? (?P<types>[A-Z][a-z]+(?: or (?:an? )?[A-Z][a-z]+)?) card from your hand\. "
    r"If you don't, (?:this land|it) enters tapped\."
)
_EARLY = lazy(r"enters tapped unless it's your first, second, or third turn of the game\.")
_COUNTED: Final = (
    (_FAST, EntryKind.FEW_LANDS),
    (_SLOW, EntryKind.MANY_LANDS),
    (_BASICS, EntryKind.BASICS),
)


@dataclass(frozen=True)
class Entry:
    """How a land enters the battlefield: ``kind`` is ``"untapped"``, ``"tapped"``,
    ``"pay life"``, ``"control"`` (``count`` lands of one of ``types``, other lands
    only), ``"few lands"`` (at most ``count`` other lands), ``"many lands"`` (at least
    ``count`` other lands), ``"basics"`` (at least ``count`` basic lands),
    ``"reveal"`` (a card of one of ``types`` in hand) or ``"early"`` (turns 1-3):
    an :class:`EntryKind` (a string given is read as one)."""

    kind: EntryKind = EntryKind.UNTAPPED
    types: frozenset[str] = frozenset()
    count: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", EntryKind(self.kind))

    @property
    def always_tapped(self) -> bool:
        return self.kind is EntryKind.TAPPED

    def untapped_on_turn_one(self) -> bool:
        """Whether it can enter untapped as the first land (Karsten: taplands don't
        count for turn-1 spells); reveal lands are counted as tapped here."""
        return self.kind in _FIRST_LAND

    def untapped(
        self,
        *,
        other_lands: int,
        basics: int,
        land_types: dict[str, int],
        hand_types: frozenset[str],
        turn: int,
    ) -> bool:
        """Whether the land enters untapped: ``other_lands`` you control, ``basics``
        of them basic, ``land_types`` the count of your lands of each basic land
        type, ``hand_types`` the subtypes among the other cards in your hand."""
        kind = self.kind
        if kind in (EntryKind.UNTAPPED, EntryKind.PAY_LIFE, EntryKind.TAPPED):
            return kind is not EntryKind.TAPPED
        if kind is EntryKind.CONTROL:
            return sum(land_types.get(t, 0) for t in self.types) >= self.count
        if kind is EntryKind.REVEAL:
            return bool(self.types & hand_types)
        if kind is EntryKind.EARLY:
            return turn <= 3
        return _counted(kind, self.count, other_lands=other_lands, basics=basics)


_FIRST_LAND: Final = frozenset(
    {EntryKind.UNTAPPED, EntryKind.PAY_LIFE, EntryKind.EARLY, EntryKind.FEW_LANDS}
)


def _counted(kind: EntryKind, count: int, *, other_lands: int, basics: int) -> bool:
    """Whether a land counting lands enters untapped (fast, slow, basics)."""
    if kind is EntryKind.FEW_LANDS:
        return other_lands <= count
    if kind is EntryKind.MANY_LANDS:
        return other_lands >= count
    return basics >= count


def read_entry(text: str) -> Entry:
    """How a land with this rules text (reminder text removed) enters (see
    :mod:`mtgmana.analysis.roles`): a condition not read makes it enter tapped.

    >>> entry = read_entry("This land enters tapped unless you control a Plains or an Island.")
    >>> entry.kind, sorted(entry.types), entry.count
    (EntryKind.CONTROL, ['Island', 'Plains'], 1)
    """
    if not _TAPPED.search(text):
        return Entry()
    if _PAY_LIFE.search(text):
        return Entry(EntryKind.PAY_LIFE)
    match = _REVEAL.search(text)
    if match is not None:
        return Entry(EntryKind.REVEAL, frozenset(re.findall(r"[A-Z][a-z]+", match["types"])), 1)
    match = _CONTROL.search(text)
    if match is not None:
        types = frozenset(
            t if t in BASIC_TYPES else t[:-1]
            for t in re.findall(rf"{_TYPE_WORD}s?", match["types"])
        )
        return Entry(EntryKind.CONTROL, types, _number(match["n"]))
    return _counting_entry(text)


def _counting_entry(text: str) -> Entry:
    """The entries that count lands (fast, slow, basics, the reverse of fast lands),
    the early one, else tapped."""
    for pattern, kind in _COUNTED:
        match = pattern.search(text)
        if match is not None:
            return Entry(kind, frozenset(), _number(match["n"]))
    match = _ANTI_FAST.search(text)
    if match is not None:
        return Entry(EntryKind.FEW_LANDS, frozenset(), _number(match["n"]) - 1)
    if _EARLY.search(text):
        return Entry(EntryKind.EARLY)
    return Entry(EntryKind.TAPPED)


def _number(word: str) -> int:
    """A count the patterns matched ("a" to "five"; one if none)."""
    return word_number(word.lower()) or 1


_FETCH = lazy(
    r"^(?P<cost>(?P<mana>(?:\{[0-9WUBRGC]\})+, )?(?:\{T\}, )?(?:Pay (?P<life>\d+) life, )?"
    r"Sacrifice [^:]+): Search your library for (?P<what>"
    r"an? (?:basic land|land|(?:basic )?[A-Z][a-z]+(?:,? (?:or )?[A-Z][a-z]+)*) card"
    r"|up to two basic land cards(?P<share> that share a land type)?"
    r"|an? [A-Z][a-z]+ card and an? [A-Z][a-z]+ card"
    r"), put (?:it|them|that card) onto the battlefield(?P<tapped> tapped)?, then shuffle\."
    r"(?P<untap> Then if you control four or more lands, untap that land\.)?",
    re.MULTILINE,
)
_ENTERS_FETCH = lazy(
    r"^When this land enters, sacrifice it\. When you do, search your library for (?P<what>"
    r"an? (?:basic land|(?:basic )?[A-Z][a-z]+(?:,? (?:or )?[A-Z][a-z]+)*) card"
    r"), put it onto the battlefield(?P<tapped> tapped)?, then shuffle",
    re.MULTILINE,
)
_LANDCYCLING = lazy(r"^Basic landcycling (?P<mana>(?:\{[0-9WUBRGC]\})+)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Fetch:
    """A land's search for lands (CR 701.23): ``lands`` land cards (one of each of
    ``types`` if ``each``; sharing a land type if ``share_type``) with one of
    ``types`` (any land card if empty), basic only if ``basic_only``; they enter
    ``tapped``, untapped again if ``untap_with_four`` and you control four or more
    lands. Its ability costs ``life`` and ``mana`` (a land whose search costs mana
    is played as a land and cracked later, when the others pay for it: Warped
    Landscape, the Panoramas, Myriad Landscape); ``cycling``: "Basic landcycling"
    from the hand (Ash Barrens), the land found goes to the hand."""

    types: frozenset[str]
    basic_only: bool
    tapped: bool
    untap_with_four: bool = False
    life: int = 0
    mana: ManaCost | None = None
    lands: int = 1
    share_type: bool = False
    each: bool = False
    cycling: bool = False

    @property
    def delayed(self) -> bool:
        """Whether it isn't a land drop of the land it finds: its search costs mana
        (it is played itself and cracked later) or cycles it from the hand."""
        return self.mana is not None or self.cycling

    def finds(self, card: Card) -> bool:
        """Whether the search can find ``card`` (CR 701.23: a land card with the
        named types)."""
        face = card.faces[0]
        supertypes, card_types, subtypes = parse_type_line(face.type_line)
        if "Land" not in card_types:
            return False
        if self.basic_only and "Basic" not in supertypes:
            return False
        return not self.types or bool(self.types & subtypes)

    @property
    def description(self) -> str:
        """What it finds and how, in a few words ("a basic land tapped, a turn
        after it is played ({2} to crack it)")."""
        what = "/".join(sorted(self.types)) or "land"
        if self.basic_only:
            what = "basic " + what
        if self.each:
            what = " and ".join(f"a {t}" for t in sorted(self.types))
        elif self.lands > 1:
            what = f"two {what}s" + (" sharing a land type" if self.share_type else "")
        else:
            what = ("an " if what[0] in "AEIOU" else "a ") + what
        if self.cycling:
            return f"{what} into the hand (landcycling for {self.mana})"
        how = " tapped" if self.tapped else ""
        if self.mana is not None:
            how += f", a turn after it is played ({self.mana} to crack it)"
        return f"{what}{how}"


def read_fetch(text: str) -> Fetch | None:
    """The search for lands in a land's rules ``text`` (reminder text removed), or
    ``None``: fetch lands ("{T}, Pay 1 life, Sacrifice this land: Search your library
    for a Plains or Island card, put it onto the battlefield, then shuffle."), lands
    sacrificed as they enter for a basic land (Cabaretti Courtyard), lands whose
    search costs mana (Warped Landscape, the Panoramas, Myriad Landscape) and basic
    landcycling (Ash Barrens, CR 702.29).

    >>> from mtgmana.cards import lookup
    >>> read_fetch(lookup("Myriad Landscape").faces[0].oracle_text).description
    'two basic lands sharing a land type tapped, a turn after it is played ({2} to crack it)'
    """
    match = _FETCH.search(text) or _ENTERS_FETCH.search(text)
    if match is None:
        cycling = _LANDCYCLING.search(text)
        if cycling is None:
            return None
        price = ManaCost.parse(cycling["mana"])
        return Fetch(frozenset(), basic_only=True, tapped=False, mana=price, cycling=True)
    what = match["what"]
    groups = match.groupdict()
    words = re.findall(r"[A-Z][a-z]+", what)
    types = frozenset(w for w in words if w in BASIC_TYPES)
    if words and not types:
        return None  # "a Gate card" and the like: not a land search mtgmana follows
    mana = groups.get("mana")
    each = " and " in what
    return Fetch(
        types=types,
        basic_only="basic" in what,
        tapped=match["tapped"] is not None,
        untap_with_four=groups.get("untap") is not None,
        life=int(groups.get("life") or 0),
        mana=ManaCost.parse(mana.rstrip(", ")) if mana else None,
        lands=2 if each or what.startswith("up to two") else 1,
        share_type=groups.get("share") is not None,
        each=each,
    )
