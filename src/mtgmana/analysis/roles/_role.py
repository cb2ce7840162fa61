"""What each card does for a mana base: lands and how they enter, fetch lands, mana
dorks, mana rocks, Treasure makers, and the cost a spell is cast for.

:func:`role_of` reads a :class:`~mtgmana.cards.Card` once (its type line, its mana
abilities through :func:`~mtgmana.ability_text.mana_of`, and its rules text) into a
:class:`CardRole`. The deck report (:mod:`mtgmana.analysis.counting`) counts sources
from it the way Karsten counts them, and the Monte Carlo
(:mod:`mtgmana.analysis.simulation`) plays lands and mana sources by it.

**Lands entering tapped** (CR 614.1c, 305.7) are read from the text, each case an
:class:`Entry`, decided *conservatively*: a condition mtgmana does not evaluate makes
the land enter tapped.

* "This land enters tapped." (with or without counters): ``tapped``.
* "As this land enters, you may pay N life. If you don't, it enters tapped." (shock
  lands): ``pay life``: the simulated player pays and it enters untapped.
* "... unless you control a Plains or an Island" (check lands), "... three or more
  other Islands": ``control`` that many lands of those basic land types.
* "... unless you control two or fewer other lands" (fast lands): ``few lands``;
  "... two or more other lands" (slow lands): ``many lands``; "... two or more basic
  lands": ``basics``; "If you control two or more other lands, this land enters
  tapped": ``few lands`` with a limit of 1.
* "As this land enters, you may reveal a Forest or Plains card from your hand"
  (reveal lands, snarls): ``reveal``: untapped if another card in hand has one of
  those types (land or creature subtypes).
* "... unless it's your first, second, or third turn of the game": ``early``.
* Anything else ("unless you have two or more opponents", "unless a player has 13 or
  less life", "unless you control a legendary creature", ...): ``tapped``.

**Fetch lands**: an ability "[{T},] [Pay N life,] Sacrifice this land: Search your
library for a Plains or Island card / a basic land card / a basic Forest, Island, or
Mountain card, put it onto the battlefield [tapped], then shuffle" with no mana in
its cost is a :class:`Fetch`. Fabled Passage's "Then if you control four or more
lands, untap that land" is read too. Fetches whose ability costs mana (Panoramas,
Krosan Verge) and other searches are not: those lands count as the mana abilities
they have.

**Mana sources that aren't lands**: a creature with a modelled mana ability is a
*dork*, an artifact one a *rock* (CR 605.1a; :class:`~mtgmana.board.Permanent`
gives the tapper their abilities). A nonland card whose text creates Treasure tokens
(CR 111.10a) and costs at most 3 is a *Treasure maker*. A card is a **land** if its
front face is one (CR 712.14: a modal double-faced card is cast or played front face
up); a modal double-faced card with a land back (Emeria's Call) is a spell that may
be played as a land (see below).

**Static effects** (CR 604.1, 611.3, 613): a permanent card whose static abilities
change what permanents are or which mana abilities they have
(:attr:`~mtgmana.board.Permanent.statics`: Urborg, Tomb of Yawgmoth;
Chromatic Lantern; Cryptolith Rite; Prismatic Omen; Blood Moon) has a
``permanent`` too, and its ``options`` are what it makes *as the effects make it on
a battlefield of its own*: Urborg is a Swamp and makes {B} (CR 305.6-305.7);
Cryptolith Rite and Prismatic Omen make nothing by themselves. Multiversal
Passage's basic land type, chosen as it enters, counts as a chosen color (CR
305.6). A nonland card whose effects only give mana abilities or land types
(layers 4 and 6) is ramp the simulation casts (``"static effect"``); one that
sets land types or removes abilities (Blood Moon, Humility) is not. Effects on the
enchanted or equipped permanent (Paradise Mantle, Convincing Mirage) are not
simulated: those cards get no ``permanent`` (``statics`` keeps them).

**The cost a spell is cast for** is its front face's (for a split card, the first
half's; for an adventurer card, the creature's), with X = 0 (CR 107.3b, 202.3e);
:attr:`CardRole.spell_faces` lists every face that can be cast (both halves of a
split card, CR 709.3; an adventurer card's creature and Adventure, CR 715.3; both
faces of a modal double-faced card whose back is not a land, CR 712.12).

**Modal double-faced cards with a land back** (Emeria's Call // Emeria, Shattered
Skyclave) are spells that may be played as a land (CR 712.12):
:attr:`CardRole.land_back` is the land face as a mana source, with its entry.

**Restricted mana** (CR 106.6: Cavern of Souls, Ancient Ziggurat, Pillar of the
Paruns) is kept apart: :attr:`CardRole.restricted` pairs the mana letters with the
restriction, and :attr:`CardRole.options` has the unrestricted mana only.

**Which mana is counted** is decided as the simulation decides it
(:mod:`._mana`): no mana from an ability that pays energy, exiles cards from
your graveyard or the card from your hand, or removes counters the permanent
doesn't enter with (Gemstone Caverns' luck counter, except from an opening hand;
Vivid Crag enters with two charge counters, CR 122.6, and is counted with them);
conditions on facts of the game hold only as on the simulation's battlefields; an
amount counts when it is at least 1 with the card alone (not Gaea's Cradle's); "for
each color among permanents you control" is the card's own colors. The mana left out
and why is :attr:`CardRole.uncounted`.

**Ramp** (:class:`Ramp`, read from the Oracle text, not a list of names): mana
dorks and rocks; "search your library for ... land card(s) ... put ... onto the
battlefield" as a spell's effect, an enters trigger or a free sacrifice ability
(Cultivate, Rampant Growth, Farseek, Three Visits, Wood Elves, Sakura-Tribe Elder,
Harrow); "create N Treasure tokens" as a spell's effect or an enters trigger;
"you may play an additional land" and "put a land card from your hand onto the
battlefield" (Explore, Growth Spiral, Oracle of Mul Daya). Searches that cost mana
to activate (Burnished Hart), conditional ones (Loyal Warhound) and Treasure
triggers on attacks or combat damage are not ramp the simulation casts.

**Cheap card draw and ramp**, for Karsten's land-count formula: a nonland card of
mana value at most 2 that is a dork, a rock or a Treasure maker, searches the
library for a land card, or draws a card ("draw a card", "draw two cards", "draws a
card"). Scry and surveil alone don't count.

>>> from mtgmana.cards import lookup
>>> entry = role_of(lookup("Glacial Fortress")).entry
>>> entry.kind, sorted(entry.types), entry.count
('control', ['Island', 'Plains'], 1)
>>> fetch = role_of(lookup("Flooded Strand")).fetch
>>> sorted(fetch.types), fetch.basic_only, fetch.tapped
(['Island', 'Plains'], False, False)
>>> role_of(lookup("Llanowar Elves")).kind, role_of(lookup("Opt")).cheap_draw_or_ramp
('dork', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ...ability_text import mana_of
from ...board import Board, Permanent
from ...board.abilities import CHOSEN_TYPE, DynamicSlot, ManaAbility
from ...board.effects import ContinuousEffect
from ...cards import Card, Layout
from ...costs import ManaCost
from ...errors import MtgManaError
from ...restrictions import Restriction, parse_type_line
from ._fetch import Fetch, fetch_of
from ._mana import ManaRead, cast_counters, entering_counters, read_mana, unsupported_note
from ._statics import alone_abilities, helps_mana

__all__ = [
    "BASIC_TYPES",
    "CardRole",
    "Entry",
    "Ramp",
    "role_of",
    "spell_faces",
    "unknown_role",
]

BASIC_TYPES: Final = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""The basic land types and the color each one's intrinsic ability makes (CR 305.6)."""

_PERMANENT_TYPES: Final = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)
"""The card types of permanents (CR 110.4)."""
_TYPE_WORD = r"(?:Plains|Island|Swamp|Mountain|Forest)"
_NUMBER_WORDS: Final = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TAPPED = re.compile(r"\benters tapped\b|\bIf you don't, (?:this land|it) enters tapped\b")
_PAY_LIFE = re.compile(r"you may pay \d+ life\. If you don't, (?:this land|it) enters tapped")
_CONTROL = re.compile(
    rf"enters tapped unless you control (?P<n>a|an|two|three|four) (?:or more )?(?P<other>other )?"
    rf"(?P<types>{_TYPE_WORD}s?(?:,? (?:or )?(?:a |an )?{_TYPE_WORD}s?)*)\."
)
_FAST = re.compile(r"enters tapped unless you control (?P<n>two|three) or fewer other lands\.")
_SLOW = re.compile(r"enters tapped unless you control (?P<n>two|three) or more other lands\.")
_BASICS = re.compile(r"enters tapped unless you control (?P<n>two|three) or more basic lands\.")
_ANTI_FAST = re.compile(
    r"If you control (?P<n>two|three) or more other lands, (?:this land|it) enters tapped\."
)
_REVEAL = re.compile(
    r"you may reveal an? (?P<types>[A-Z][a-z]+(?: or (?:an? )?[A-Z][a-z]+)?) card from your hand\. "
    r"If you don't, (?:this land|it) enters tapped\."
)
_EARLY = re.compile(r"enters tapped unless it's your first, second, or third turn of the game\.")
_TREASURE = re.compile(
    r"\bcreates? (?:a|an|one|two|three|X) (?:tapped )?Treasure tokens?\b", re.IGNORECASE
)
_DRAW = re.compile(r"\bdraws? (?:a|an|one|two|three|X) cards?\b", re.IGNORECASE)
_LAND_SEARCH = re.compile(r"Search your library for [^.]*\bland cards?\b")
_REMINDER = re.compile(r"\([^()]*\)")
_SEARCH = re.compile(
    r"[Ss]earch your library for (?P<what>(?:up to )?(?:a|an|one|two|three) [^.]*?) cards?"
    r"(?: and/or (?P<also>[A-Z][a-z]+) cards)?, (?:reveal (?:it|them|those cards), )?"
    r"put (?P<put>[^.]*?), then shuffle"
)
_SEARCH_ETB = re.compile(
    r"When (?:this [a-z]+|~|[^,.]+) enters(?: the battlefield)?, (?:you may )?"
    r"(?P<sac>sacrifice a land\. If you do, )?(?:you may )?"
)
_FREE_SACRIFICE = re.compile(r"Sacrifice (?:this [a-z]+|~): ")
_TREASURE_NOW = re.compile(
    r"\bcreate (?P<n>a|an|one|two|three|four|five) (?P<tapped>tapped )?Treasure tokens?\b"
)
_EXTRA_LAND = re.compile(
    r"You may play (?P<n>an|one|two) additional lands? (?P<when>this turn|on each of your turns)"
)
_LAND_FROM_HAND = re.compile(
    r"(?:^|\. |, )(?:you may )?put a land card from your hand onto the battlefield"
    r"(?P<tapped> tapped)?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Entry:
    """How a land enters the battlefield: ``kind`` is ``"untapped"``, ``"tapped"``,
    ``"pay life"``, ``"control"`` (``count`` lands of one of ``types``, other lands
    only), ``"few lands"`` (at most ``count`` other lands), ``"many lands"`` (at least
    ``count`` other lands), ``"basics"`` (at least ``count`` basic lands),
    ``"reveal"`` (a card of one of ``types`` in hand) or ``"early"`` (turns 1-3)."""

    kind: str = "untapped"
    types: frozenset[str] = frozenset()
    count: int = 0

    @property
    def always_tapped(self) -> bool:
        return self.kind == "tapped"

    def untapped_on_turn_one(self) -> bool:
        """Whether it can enter untapped as the first land (Karsten: taplands don't
        count for turn-1 spells); reveal lands are counted as tapped here."""
        if self.kind in ("untapped", "pay life", "early"):
            return True
        return self.kind == "few lands"

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
        if kind in ("untapped", "pay life"):
            return True
        if kind == "tapped":
            return False
        if kind == "control":
            return sum(land_types.get(t, 0) for t in self.types) >= self.count
        if kind == "few lands":
            return other_lands <= self.count
        if kind == "many lands":
            return other_lands >= self.count
        if kind == "basics":
            return basics >= self.count
        if kind == "reveal":
            return bool(self.types & hand_types)
        if kind == "early":
            return turn <= 3
        return False  # pragma: no cover - every kind is handled above


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
    >>> role_of(lookup("Cultivate")).ramp.description
    'puts 1 basic land onto the battlefield tapped (and 1 into the hand)'
    >>> role_of(lookup("Three Visits")).ramp.description
    'puts 1 Forest land onto the battlefield'
    """

    kind: str
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
        if self.kind == "mana source" and self.effect:
            return f"a mana source under {self.effect}'s static effect, used from the next turn"
        if self.kind == "mana source":
            return "a mana source, used from the next turn (creatures) or at once (artifacts)"
        if self.kind == "static effect":
            return f"a static effect: {self.effect}"
        if self.kind == "treasure":
            n = self.treasures
            return f"creates {n} Treasure token{'s' if n > 1 else ''}"
        if self.kind == "extra land":
            if self.from_hand:
                return "puts a land card from the hand onto the battlefield" + (
                    " tapped" if self.tapped else ""
                )
            when = "each turn" if self.every_turn else "this turn"
            return f"{self.extra_lands} more land drop{'s' if self.extra_lands > 1 else ''} {when}"
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


@dataclass(frozen=True)
class CardRole:
    """What a card does for the mana base (see the module's documentation).

    ``kind`` is ``"land"``, ``"dork"``, ``"rock"``, ``"treasure"`` (a Treasure
    maker), ``"spell"`` or ``"unknown"`` (a card the card database doesn't know, kept
    in the deck by ``skip_unknown``: :func:`unknown_role`). ``cost`` and
    ``mana_value`` are the spell's (X = 0; lands have no cost and mana value 0).
    ``options`` are the sets of mana type letters the card's mana abilities can
    make, one set per way to choose ("WU" for a dual, one option per chosen color
    for a Thriving land; fetch lands have none here: they make what they find);
    each activation may choose any of them.
    ``permanent`` is the card as a mana source for
    the auto-tapper (``None`` when it makes no mana the model can use and has no
    static effect on mana); ``options`` are read from it as its static effects make
    it on a battlefield of its own (Urborg: {B}).
    """

    card: Card
    kind: str
    cost: ManaCost | None
    mana_value: int
    options: tuple[frozenset[str], ...]
    dynamic: frozenset[DynamicSlot]
    entry: Entry
    fetch: Fetch | None
    permanent: Permanent | None
    cheap_draw_or_ramp: bool
    notes: tuple[str, ...] = ()
    back: Permanent | None = None
    """The back face of a modal double-faced land whose both faces are lands
    (Pathways): it may be played either way up (CR 712.12)."""
    back_options: tuple[frozenset[str], ...] = ()
    """The back face's ``options``."""
    restricted: tuple[tuple[frozenset[str], Restriction], ...] = ()
    """Mana that may be spent only as a restriction allows (CR 106.6): the letters
    each restricted choice makes, with the restriction."""
    ramp: Ramp | None = None
    """How the simulation casts it to ramp (``None``: it doesn't)."""
    spell_faces: tuple[int, ...] = ()
    """The faces that can be cast as spells (indexes into ``card.faces``)."""
    land_back: Permanent | None = None
    """The land back face of a modal double-faced spell (Emeria's Call), as a mana
    source (``None`` otherwise, or when it makes no mana the model reads)."""
    land_back_entry: Entry = Entry()
    """How that land back face enters."""
    land_back_options: tuple[frozenset[str], ...] = ()
    """The land back face's ``options``."""
    opening_hand: bool = False
    """Gemstone Caverns: not the starting player, it may begin the game on the
    battlefield with a luck counter (then a card of the hand is exiled)."""
    statics: tuple[ContinuousEffect, ...] = ()
    """The continuous effects its static abilities generate (CR 604.1, 611.3), those
    on an enchanted or equipped permanent included."""
    uncounted: tuple[tuple[frozenset[str], str], ...] = ()
    """Mana its abilities make that the counts leave out, as the simulation does
    (:mod:`._mana`: energy, a graveyard, a fact of the game, an amount of 0
    with it alone): the letters and why."""
    assumed: tuple[str, ...] = ()
    """How counted mana was decided where the card's text leaves it open (its own
    colors for "each color among permanents you control", an amount with it alone,
    discarding)."""
    counters_cast: str = ""
    """``"X"`` or ``"kicks"`` when the counters it enters with are its X or the times
    it was kicked (Astral Cornucopia, Everflowing Chalice: see
    :func:`._mana.cast_counters`); the analysis's X (default 1) says how many."""
    kicker: ManaCost | None = None
    """Its multikicker cost when ``counters_cast`` is ``"kicks"`` (paid X times)."""

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_unknown(self) -> bool:
        """A card the card database doesn't know (:func:`unknown_role`)."""
        return self.kind == "unknown"

    @property
    def is_mana_source(self) -> bool:
        """A land, dork or rock the simulation can tap for mana."""
        return self.permanent is not None and (self.is_land or self.kind in ("dork", "rock"))

    @property
    def produces(self) -> frozenset[str]:
        """Every type of mana letter it can make, either face, restricted mana
        included, without dynamic slots."""
        result: frozenset[str] = frozenset()
        for option in (*self.options, *self.back_options, *(o for o, _ in self.restricted)):
            result |= option
        return result

    @property
    def is_mdfc_land(self) -> bool:
        """A modal double-faced spell with a land back face (CR 712.12)."""
        return self.land_back is not None or (
            not self.is_land
            and self.card.layout is Layout.MODAL_DFC
            and len(self.card.faces) > 1
            and "Land" in parse_type_line(self.card.faces[1].type_line)[1]
        )

    @property
    def subtypes(self) -> frozenset[str]:
        return parse_type_line(self.card.faces[0].type_line)[2]

    @property
    def is_basic(self) -> bool:
        return "Basic" in parse_type_line(self.card.faces[0].type_line)[0]


def _cast_note(cast: tuple[str, ManaCost | None] | None) -> tuple[str, ...]:
    if cast is None:
        return ()
    kind, kicker = cast
    if kind == "X":
        return ("cast with X = 1 unless --x sets it: it enters with X counters",)
    return (f"kicked once, for {kicker} more, unless --x sets how many times: it enters with a"
            " counter for each kick",)  # fmt: skip


def unknown_role(name: str) -> CardRole:
    """The role of a card the card database doesn't know, called ``name`` as the
    decklist writes it: a nonland card of unknown cost (kind ``"unknown"``). It takes
    its place in the library, makes no mana and is never cast; it is no spell of the
    report, and adds nothing to the curve or the average mana value.

    >>> role = unknown_role("Doctor Doom, King of Latveria")
    >>> role.kind, role.is_land, role.is_unknown, role.cost, role.permanent
    ('unknown', False, True, None, None)
    """
    card = Card.from_scryfall({"name": name, "layout": "normal"})
    note = f"{name}: an unknown card, counted as a nonland card of unknown cost"
    return CardRole(card, "unknown", None, 0, (), frozenset(), Entry(), None, None, False, (note,))


def role_of(card: Card) -> CardRole:
    """The :class:`CardRole` of ``card`` (cached per card)."""
    if not isinstance(card, Card):
        raise MtgManaError(f"role_of needs a Card, not {card!r}")
    return _role(card)


@lru_cache(maxsize=4096)
def _role(card: Card) -> CardRole:
    face = card.faces[0]
    _, card_types, _ = parse_type_line(face.type_line)
    text = _REMINDER.sub("", face.oracle_text)
    notes: list[str] = []
    is_land = "Land" in card_types
    if is_land:
        cost, value = None, 0
    else:
        cost = face.mana_cost
        raw_value = face.mana_cost.mana_value
        value = int(raw_value) if isinstance(raw_value, int) else 0
        if not isinstance(raw_value, int):
            notes.append(f"{face.name}'s mana value {raw_value} is not a whole number")
    try:
        mana = mana_of(card)
    except MtgManaError as error:  # pragma: no cover - mana_of reads every real card
        mana = None
        notes.append(str(error))
    abilities: tuple[ManaAbility, ...] = () if mana is None else mana.abilities
    statics: tuple[ContinuousEffect, ...] = () if mana is None else mana.statics
    if mana is not None:
        found = (unsupported_note(face.name, raw, why) for raw, why in mana.unsupported)
        notes.extend(note for note in found if note is not None)
    permanent: Permanent | None = None
    cast: tuple[str, ManaCost | None] | None = None
    own_statics = any(not effect.affects.attached for effect in statics)
    if (abilities and (is_land or card_types & {"Creature", "Artifact"})) or (
        own_statics and card_types & _PERMANENT_TYPES
    ):
        try:
            permanent = Permanent.from_card(card)
            cast = cast_counters(permanent, text)
            # X = 1, kicked once: the analysis's default (--x); else what the text says.
            counters = 1 if cast is not None else entering_counters(permanent, text)
            if counters:  # CR 122.6: Vivid Crag, Gemstone Mine
                permanent = permanent.with_state(counters=counters)
        except MtgManaError as error:
            notes.append(str(error))
    context = permanent
    if permanent is not None and permanent.statics:
        abilities = alone_abilities(permanent)
        context = Board((permanent,)).effective.permanents[0].with_state(statics=())
    read = read_mana(context, abilities, text=text)
    options, dynamic, restricted = read.options, read.dynamic, read.restricted
    if permanent is not None and any(
        CHOSEN_TYPE in e.land_types and e.affects.itself for e in permanent.statics
    ):
        dynamic |= {DynamicSlot.CHOSEN_COLOR}  # Multiversal Passage (CR 305.6)
    fetch = fetch_of(text) if is_land else None
    back: Permanent | None = None
    back_options: tuple[frozenset[str], ...] = ()
    land_back: Permanent | None = None
    land_back_entry = Entry()
    land_back_options: tuple[frozenset[str], ...] = ()
    if len(card.faces) == 2 and card.layout.is_double_faced:
        back_face = card.faces[1]
        if "Land" in parse_type_line(back_face.type_line)[1] and (is_land or permanent is None):
            try:
                back_mana = mana_of(card, 1)
                made = Permanent.from_card(card, face=1)
            except MtgManaError as error:
                notes.append(str(error))
            else:
                back_text = _REMINDER.sub("", back_face.oracle_text)
                more = read_mana(made, back_mana.abilities, text=back_text)
                if is_land and permanent is not None:
                    back, back_options = made, more.options
                    dynamic = dynamic | more.dynamic
                    read = _merged(read, more)
                elif not is_land and card.layout is Layout.MODAL_DFC:
                    land_back, land_back_options = made, more.options
                    land_back_entry = _entry(back_text)
                    dynamic = dynamic | more.dynamic
                    read = _merged(read, more)
    if is_land:
        kind = "land"
    elif permanent is not None and abilities and "Creature" in card_types:
        kind = "dork"
    elif permanent is not None and abilities and "Artifact" in card_types:
        kind = "rock"
    elif _TREASURE.search(text) and value <= 3:
        kind = "treasure"
    else:
        kind = "spell"
    if permanent is not None and not is_land and kind != "dork" and kind != "rock":
        permanent = permanent if permanent.statics else None
    cheap = (
        not is_land
        and value <= 2
        and (
            kind in ("dork", "rock", "treasure")
            or bool(_DRAW.search(text))
            or bool(_LAND_SEARCH.search(text))
        )
    )
    return CardRole(
        card=card,
        kind=kind,
        cost=cost,
        mana_value=value,
        options=options,
        dynamic=dynamic,
        entry=_entry(text) if is_land else Entry(),
        fetch=fetch,
        permanent=permanent,
        cheap_draw_or_ramp=cheap,
        notes=tuple(notes),
        back=back,
        back_options=back_options,
        restricted=restricted,
        ramp=None if is_land else _ramp(text, card_types, kind, permanent),
        spell_faces=() if is_land else spell_faces(card),
        land_back=land_back,
        land_back_entry=land_back_entry,
        land_back_options=land_back_options,
        opening_hand=is_land and "you may begin the game with" in text,
        statics=statics,
        uncounted=read.uncounted,
        assumed=read.assumed + _cast_note(cast),
        counters_cast="" if cast is None else cast[0],
        kicker=None if cast is None else cast[1],
    )


def _merged(front: ManaRead, back: ManaRead) -> ManaRead:
    """The notes of both faces' mana (the options stay each face's)."""
    return ManaRead(
        front.options,
        front.dynamic,
        front.restricted,
        front.uncounted + back.uncounted,
        tuple(dict.fromkeys(front.assumed + back.assumed)),
    )


def spell_faces(card: Card) -> tuple[int, ...]:
    """The faces of ``card`` that can be cast: both halves of a split card (CR
    709.3), an adventurer card's creature and Adventure (CR 715.3), both faces of a
    modal double-faced card unless a face is a land (CR 712.12); else the front.

    >>> from mtgmana.cards import lookup
    >>> spell_faces(lookup("Fire // Ice")), spell_faces(lookup("Emeria's Call"))
    ((0, 1), (0,))
    """
    faces = card.faces
    if "Land" in parse_type_line(faces[0].type_line)[1]:
        return ()
    if len(faces) < 2:
        return (0,)
    layout = card.layout
    both = layout in (Layout.SPLIT, Layout.ADVENTURE) or (
        layout is Layout.MODAL_DFC and "Land" not in parse_type_line(faces[1].type_line)[1]
    )
    if both and faces[1].mana_cost.has_mana_cost:
        return (0, 1)
    return (0,)


def _ramp(
    text: str, card_types: frozenset[str], kind: str, permanent: Permanent | None = None
) -> Ramp | None:
    """How the card ramps (see the module), read from its rules text, else from its
    static effects."""
    if kind in ("dork", "rock"):
        return Ramp("mana source")
    found = _ramp_text(text, card_types)
    if found is None and permanent is not None and helps_mana(permanent.statics):
        return Ramp("static effect", effect=" ".join(str(e) for e in permanent.statics))
    return found


def _ramp_text(text: str, card_types: frozenset[str]) -> Ramp | None:
    one_shot = bool(card_types & {"Instant", "Sorcery"})
    additional_sacrifice = "As an additional cost to cast this spell, sacrifice a land" in text
    for line in text.split("\n"):
        match = _SEARCH.search(line)
        if match is not None:
            prefix = line[: match.start()]
            etb = _SEARCH_ETB.fullmatch(prefix)
            if (one_shot and not prefix) or etb is not None or _FREE_SACRIFICE.fullmatch(prefix):
                found = _search(match, sacrifice=additional_sacrifice or bool(etb and etb["sac"]))
                if found is not None:
                    return found
        match = _TREASURE_NOW.search(line)
        if match is not None:
            prefix = line[: match.start()]
            plain = one_shot and not re.search(r"\b(?:When|Whenever|At|If|if|For each)\b", prefix)
            if plain or _SEARCH_ETB.fullmatch(prefix):
                return Ramp("treasure", treasures=_count(match["n"]))
        match = _EXTRA_LAND.search(line)
        if match is not None and (one_shot or match["when"] != "this turn"):
            return Ramp(
                "extra land",
                extra_lands=_count(match["n"]),
                every_turn=match["when"] != "this turn",
            )
        match = _LAND_FROM_HAND.search(line)
        if match is not None:
            prefix = line[: match.start() + (match.group(0)[0] in ".,")]
            if (one_shot and not re.search(r"\b(?:When|Whenever|At)\b", prefix)) or (
                _SEARCH_ETB.match(line) is not None
            ):
                return Ramp(
                    "extra land", extra_lands=1, from_hand=True, tapped=match["tapped"] is not None
                )
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
        "land search",
        lands=1 if split else count,
        to_hand=count - 1 if split else 0,
        basic_only="basic" in what,
        types=frozenset(words),
        tapped=" tapped" in put.split(" and ")[0],
        sacrifice_land=sacrifice,
        also=also,
    )


def _count(word: str) -> int:
    return _NUMBER_WORDS.get(word.lower(), 1)


def _entry(text: str) -> Entry:
    """How a land with this rules text enters (see the module's documentation)."""
    if not _TAPPED.search(text):
        return Entry()
    if _PAY_LIFE.search(text):
        return Entry("pay life")
    match = _REVEAL.search(text)
    if match is not None:
        types = frozenset(re.findall(r"[A-Z][a-z]+", match["types"]))
        return Entry("reveal", types, 1)
    match = _CONTROL.search(text)
    if match is not None:
        types = frozenset(
            t if t in BASIC_TYPES else t[:-1]
            for t in re.findall(rf"{_TYPE_WORD}s?", match["types"])
        )
        return Entry("control", types, _count(match["n"]))
    for pattern, kind in ((_FAST, "few lands"), (_SLOW, "many lands"), (_BASICS, "basics")):
        match = pattern.search(text)
        if match is not None:
            return Entry(kind, frozenset(), _count(match["n"]))
    match = _ANTI_FAST.search(text)
    if match is not None:
        return Entry("few lands", frozenset(), _count(match["n"]) - 1)
    if _EARLY.search(text):
        return Entry("early")
    return Entry("tapped")
