"""Lands that search for lands (CR 701.23), read from their rules text for the
deck analysis (:mod:`mtgmana.analysis.roles`): fetch lands ("{T}, Pay 1 life, Sacrifice this land:
Search your library for a Plains or Island card, put it onto the battlefield, then
shuffle."), lands sacrificed as they enter for a basic land (Cabaretti Courtyard),
lands whose search costs mana (Warped Landscape, the Panoramas, Myriad Landscape,
Krosan Verge, Blighted Woodland) and basic landcycling (Ash Barrens, CR 702.29).

>>> from mtgmana.cards import lookup
>>> fetch_of(lookup("Myriad Landscape").faces[0].oracle_text).description
'two basic lands sharing a land type tapped, a turn after it is played ({2} to crack it)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...cards import Card
from ...costs import ManaCost
from ...restrictions import parse_type_line

__all__ = ["Fetch", "fetch_of"]

_BASIC_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
"""The basic land types (CR 305.6)."""

_FETCH = re.compile(
    r"^(?P<cost>(?P<mana>(?:\{[0-9WUBRGC]\})+, )?(?:\{T\}, )?(?:Pay (?P<life>\d+) life, )?"
    r"Sacrifice [^:]+): Search your library for (?P<what>"
    r"an? (?:basic land|land|(?:basic )?[A-Z][a-z]+(?:,? (?:or )?[A-Z][a-z]+)*) card"
    r"|up to two basic land cards(?P<share> that share a land type)?"
    r"|an? [A-Z][a-z]+ card and an? [A-Z][a-z]+ card"
    r"), put (?:it|them|that card) onto the battlefield(?P<tapped> tapped)?, then shuffle\."
    r"(?P<untap> Then if you control four or more lands, untap that land\.)?",
    re.MULTILINE,
)
_ENTERS_FETCH = re.compile(
    r"^When this land enters, sacrifice it\. When you do, search your library for (?P<what>"
    r"an? (?:basic land|(?:basic )?[A-Z][a-z]+(?:,? (?:or )?[A-Z][a-z]+)*) card"
    r"), put it onto the battlefield(?P<tapped> tapped)?, then shuffle",
    re.MULTILINE,
)
_LANDCYCLING = re.compile(r"^Basic landcycling (?P<mana>(?:\{[0-9WUBRGC]\})+)\s*$", re.MULTILINE)


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


def fetch_of(text: str) -> Fetch | None:
    """The search for lands in a land's rules ``text`` (reminder text removed), or
    ``None``."""
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
    types = frozenset(w for w in words if w in _BASIC_TYPES)
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
