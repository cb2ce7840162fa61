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
(EntryKind.CONTROL, ['Island', 'Plains'], 1)
>>> fetch = role_of(lookup("Flooded Strand")).fetch
>>> sorted(fetch.types), fetch.basic_only, fetch.tapped
(['Island', 'Plains'], False, False)
>>> role_of(lookup("Llanowar Elves")).kind, role_of(lookup("Opt")).cheap_draw_or_ramp
('dork', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, Literal

from ...ability_text import (
    BASIC_TYPES,
    CardMana,
    Entry,
    Fetch,
    Ramp,
    RampKind,
    SpellText,
    mana_of,
    read_entry,
    read_fetch,
    read_ramp,
    read_spell_text,
    without_reminder,
)
from ...board import Board, Permanent
from ...board.abilities import CHOSEN_TYPE, DynamicSlot, ManaAbility
from ...board.effects import ContinuousEffect
from ...cards import Card, Face, Layout
from ...costs import ManaCost
from ...errors import MtgManaError
from ...restrictions import Restriction, parse_type_line
from ._mana import (
    CountersCast,
    ManaRead,
    cast_counters,
    entering_counters,
    read_mana,
    unsupported_note,
)
from ._statics import alone_abilities, helps_mana

__all__ = [
    "BASIC_TYPES",
    "CardRole",
    "Entry",
    "Ramp",
    "RoleKind",
    "role_of",
    "spell_faces",
    "unknown_role",
]

_PERMANENT_TYPES: Final = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)
"""The card types of permanents (CR 110.4)."""


RoleKind = Literal["land", "dork", "rock", "treasure", "spell", "unknown"]
"""What a card is for the mana base (see :class:`CardRole`)."""


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
    kind: RoleKind
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
    land_back_entry: Entry = field(default_factory=Entry)
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
    counters_cast: CountersCast | Literal[""] = ""
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


def _cast_note(cast: tuple[CountersCast, ManaCost | None] | None) -> tuple[str, ...]:
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
    text = without_reminder(face.oracle_text)
    notes: list[str] = []
    is_land = "Land" in card_types
    cost, value = _cost(face, is_land, notes)
    mana = _mana(card, notes)
    abilities: tuple[ManaAbility, ...] = () if mana is None else mana.abilities
    statics: tuple[ContinuousEffect, ...] = () if mana is None else mana.statics
    permanent, cast = _permanent(card, card_types, abilities, statics, text, notes)
    abilities, read = _front_mana(permanent, abilities, text)
    dynamic = read.dynamic | _chosen_color(permanent)
    backs = _back_faces(card, is_land, permanent, notes)
    if backs.read is not None:
        dynamic |= backs.read.dynamic
    spell_text = read_spell_text(text)
    kind = _kind(card_types, permanent, abilities, spell_text, value)
    if permanent is not None and kind in ("spell", "treasure") and not permanent.statics:
        permanent = None
    assumed = _merged(read, backs.read).assumed + _cast_note(cast)
    return CardRole(
        card=card,
        kind=kind,
        cost=cost,
        mana_value=value,
        options=read.options,
        dynamic=dynamic,
        entry=read_entry(text) if is_land else Entry(),
        fetch=read_fetch(text) if is_land else None,
        permanent=permanent,
        cheap_draw_or_ramp=_cheap(kind, value, spell_text),
        notes=tuple(notes),
        back=backs.back,
        back_options=backs.back_options,
        restricted=read.restricted,
        ramp=None if is_land else _ramp(text, card_types, kind, permanent),
        spell_faces=spell_faces(card),
        land_back=backs.land_back,
        land_back_entry=backs.land_back_entry,
        land_back_options=backs.land_back_options,
        opening_hand=is_land and spell_text.begins_on_battlefield,
        statics=statics,
        uncounted=_merged(read, backs.read).uncounted,
        assumed=assumed,
        counters_cast=cast[0] if cast else "",
        kicker=cast[1] if cast else None,
    )


def _cost(face: Face, is_land: bool, notes: list[str]) -> tuple[ManaCost | None, int]:
    """The cost a spell is cast for and its mana value (X = 0, CR 107.3b); a land
    has none (mana value 0)."""
    if is_land:
        return None, 0
    raw_value = face.mana_cost.mana_value
    if not isinstance(raw_value, int):
        notes.append(f"{face.name}'s mana value {raw_value} is not a whole number")
        return face.mana_cost, 0
    return face.mana_cost, int(raw_value)


def _mana(card: Card, notes: list[str]) -> CardMana | None:
    """The front face's mana abilities, with a note for each line not read that
    affects mana."""
    try:
        mana = mana_of(card)
    except MtgManaError as error:  # pragma: no cover - mana_of reads every real card
        notes.append(str(error))
        return None
    name = card.faces[0].name
    found = (unsupported_note(name, raw, why) for raw, why in mana.unsupported)
    notes.extend(note for note in found if note is not None)
    notes.extend(
        f"{name}: doubling the mana in your pool isn't counted by the deck analysis (only "
        f"the tapper plans it, CR 701.10f): {doubling}"
        for doubling in mana.doublings
    )
    return mana


def _permanent(
    card: Card,
    card_types: frozenset[str],
    abilities: tuple[ManaAbility, ...],
    statics: tuple[ContinuousEffect, ...],
    text: str,
    notes: list[str],
) -> tuple[Permanent | None, tuple[CountersCast, ManaCost | None] | None]:
    """The card as a permanent when it makes mana the model uses or has static
    effects of its own, with the counters it enters with (CR 122.6), and how those
    depend on how it was cast (X, kicks)."""
    makes_mana = abilities and ("Land" in card_types or card_types & {"Creature", "Artifact"})
    own_statics = any(not effect.affects.attached for effect in statics)
    if not (makes_mana or (own_statics and card_types & _PERMANENT_TYPES)):
        return None, None
    permanent: Permanent | None = None
    cast: tuple[CountersCast, ManaCost | None] | None = None
    try:
        permanent = Permanent.from_card(card)
        cast = cast_counters(permanent, text)
        # X = 1, kicked once: the analysis's default (--x); else what the text says.
        counters = 1 if cast is not None else entering_counters(permanent, text)
        if counters:  # CR 122.6: Vivid Crag, Gemstone Mine
            permanent = permanent.with_state(counters=counters)
    except MtgManaError as error:
        notes.append(str(error))
    return permanent, cast


def _front_mana(
    permanent: Permanent | None, abilities: tuple[ManaAbility, ...], text: str
) -> tuple[tuple[ManaAbility, ...], ManaRead]:
    """The front face's mana abilities and what they make for the counts, as its
    own static effects make it on a battlefield of its own (Urborg: {B})."""
    context = permanent
    if permanent is not None and permanent.statics:
        abilities = alone_abilities(permanent)
        context = Board((permanent,)).effective.permanents[0].with_state(statics=())
    return abilities, read_mana(context, abilities, text=text)


def _chosen_color(permanent: Permanent | None) -> frozenset[DynamicSlot]:
    """The chosen color of a land whose basic land type is chosen as it enters
    (Multiversal Passage, CR 305.6)."""
    if permanent is not None and any(
        CHOSEN_TYPE in e.land_types and e.affects.itself for e in permanent.statics
    ):
        return frozenset({DynamicSlot.CHOSEN_COLOR})
    return frozenset()


@dataclass(frozen=True)
class _BackFaces:
    """A double-faced card's land back face: ``back`` for a land whose both faces
    are lands (Pathways), ``land_back`` for a modal double-faced spell (Emeria's
    Call); ``read``: the back face's mana for the counts (``None``: neither)."""

    back: Permanent | None = None
    back_options: tuple[frozenset[str], ...] = ()
    land_back: Permanent | None = None
    land_back_entry: Entry = field(default_factory=Entry)
    land_back_options: tuple[frozenset[str], ...] = ()
    read: ManaRead | None = None


def _back_faces(
    card: Card, is_land: bool, permanent: Permanent | None, notes: list[str]
) -> _BackFaces:
    """The land back face of a double-faced card (CR 712.12), as a mana source."""
    if len(card.faces) != 2 or not card.layout.is_double_faced:
        return _BackFaces()
    back_face = card.faces[1]
    if "Land" not in parse_type_line(back_face.type_line)[1] or not (is_land or permanent is None):
        return _BackFaces()
    try:
        back_mana = mana_of(card, 1)
        made = Permanent.from_card(card, face=1)
    except MtgManaError as error:
        notes.append(str(error))
        return _BackFaces()
    back_text = without_reminder(back_face.oracle_text)
    more = read_mana(made, back_mana.abilities, text=back_text)
    if is_land and permanent is not None:
        return _BackFaces(back=made, back_options=more.options, read=more)
    if not is_land and card.layout is Layout.MODAL_DFC:
        entry = read_entry(back_text)
        return _BackFaces(
            land_back=made, land_back_entry=entry, land_back_options=more.options, read=more
        )
    return _BackFaces()


def _kind(
    card_types: frozenset[str],
    permanent: Permanent | None,
    abilities: tuple[ManaAbility, ...],
    spell_text: SpellText,
    value: int,
) -> RoleKind:
    """``"land"``, ``"dork"``, ``"rock"``, ``"treasure"`` or ``"spell"`` (see
    :class:`CardRole`)."""
    if "Land" in card_types:
        return "land"
    if permanent is not None and abilities and "Creature" in card_types:
        return "dork"
    if permanent is not None and abilities and "Artifact" in card_types:
        return "rock"
    if spell_text.creates_treasure and value <= 3:
        return "treasure"
    return "spell"


def _cheap(kind: RoleKind, value: int, spell_text: SpellText) -> bool:
    """Cheap card draw or ramp for Karsten's land count: a nonland card of mana
    value at most 2 that makes mana, draws or searches for a land."""
    if kind == "land" or value > 2:
        return False
    if kind in ("dork", "rock", "treasure"):
        return True
    return spell_text.draws_cards or spell_text.searches_for_land


def _merged(front: ManaRead, back: ManaRead | None) -> ManaRead:
    """The notes of both faces' mana (the options stay each face's)."""
    if back is None:
        return front
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
    text: str, card_types: frozenset[str], kind: RoleKind, permanent: Permanent | None = None
) -> Ramp | None:
    """How the card ramps (see the module), read from its rules text, else from its
    static effects."""
    if kind in ("dork", "rock"):
        return Ramp(RampKind.MANA_SOURCE)
    found = read_ramp(text, one_shot=bool(card_types & {"Instant", "Sorcery"}))
    if found is None and permanent is not None and helps_mana(permanent.statics):
        effect = " ".join(str(e) for e in permanent.statics)
        return Ramp(RampKind.STATIC_EFFECT, effect=effect)
    return found
