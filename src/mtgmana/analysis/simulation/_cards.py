"""A deck compiled for the simulation (:mod:`mtgmana.analysis.simulation`): each card
once into small integer records — the castability questions (one per castable
face; Phyrexian spells twice, with and without life), the land faces a card can be
played as (with how they enter), fetch targets, ramp — and the mana sources into
the classes of :mod:`mtgmana.analysis.simulation._sources`.

**Static effects** (Urborg, Tomb of Yawgmoth; Chromatic Lantern; CR 604, 613) come
from the core's continuous-effects model (:mod:`mtgmana.board.effects`): a permanent with
static abilities (``Permanent.statics``) compiles as a source the fast check doesn't
decide on a battlefield key (:mod:`._sources`); a battlefield with it is decided by
its identity, on every permanent as the effects make it
(:meth:`~._payer.Payer.static_answer`), the auto-tapper — which applies the effects
too — where that can't decide. Lands with static effects are played as any land; a
nonland card whose effects help the deck's mana
(:mod:`mtgmana.analysis.roles._deck_statics`: Cryptolith Rite, Prismatic Omen) is
ramp (``"static effect"``), a card that makes mana only under such an effect (a
creature under Cryptolith Rite) a mana source, and a ramp card of another kind with
such an effect (Dryad of the Ilysian Grove) stays on the battlefield with it; one
whose effect takes mana (Blood Moon) is never cast. A basic land type chosen as a
permanent enters (Multiversal Passage, Realmwright) is the one of the deck color
most needed. :func:`static_effects` is where effects that don't come from a
permanent of the deck would be given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Final

from ...ability_text import Casting, RampKind
from ...board import Permanent
from ...board.abilities import CHOSEN_TYPE, DynamicSlot
from ...colors import Color, ManaType
from ...costs import ManaCost
from ...errors import MtgManaError
from ...restrictions import Spend, parse_type_line
from ..counting import CastPlan, cast_plan, chosen_creature_type, x_for
from ..decks import Deck, DeckCard, deck_colors
from ..roles import BASIC_TYPES, CardRole, Entry, Ramp, deck_statics
from ._features import GRAVEYARD, Feature, Test
from ._payer import Payer
from ._sources import LIFE_LIMIT, SourceClass, compile_source
from ._units import ANY, Reducing, SpellCost, paid_with_mana

__all__ = [
    "ENTRY_CODES",
    "CompiledDeck",
    "EntryCode",
    "LandFace",
    "Question",
    "RampRecord",
    "static_effects",
]

_TYPE_ORDER: Final = tuple(BASIC_TYPES)
_TYPE_OF: Final = {letter: land_type for land_type, letter in BASIC_TYPES.items()}


class EntryCode(IntEnum):
    """How a land enters, as the land-drop policy reads it
    (:class:`~mtgmana.analysis.roles.Entry`)."""

    UNTAPPED = 0
    """Untapped ("pay life": the simulated player pays)."""
    TAPPED = 1
    CONTROL = 2
    """Untapped with lands of some basic land types (check lands, CR 305.7)."""
    FEW_LANDS = 3
    """Untapped with few other lands (fast lands)."""
    MANY_LANDS = 4
    """Untapped with enough other lands (slow lands)."""
    BASICS = 5
    """Untapped with enough basic lands."""
    REVEAL = 6
    """Untapped if a card of some land types is revealed from the hand."""
    EARLY = 7
    """Untapped on the first three turns."""
    FOUR_LANDS = 8
    """Fetched tapped, untapped with four or more lands (Fabled Passage)."""


ENTRY_CODES: Final = {
    "untapped": EntryCode.UNTAPPED, "pay life": EntryCode.UNTAPPED,
    "tapped": EntryCode.TAPPED, "control": EntryCode.CONTROL,
    "few lands": EntryCode.FEW_LANDS, "many lands": EntryCode.MANY_LANDS,
    "basics": EntryCode.BASICS, "reveal": EntryCode.REVEAL, "early": EntryCode.EARLY,
}  # fmt: skip
"""Each :class:`~mtgmana.analysis.roles.Entry` kind's code."""


def static_effects(deck: Deck) -> tuple[object, ...]:
    """Continuous effects on the games' battlefields that come from no permanent of
    the deck (CR 613): none — the deck's own (Urborg, Tomb of Yawgmoth, Chromatic
    Lantern) come with its permanents' statics (see the module)."""
    del deck
    return ()


def _type_bits(types: frozenset[str]) -> int:
    return sum(1 << i for i, t in enumerate(_TYPE_ORDER) if t in types)


@dataclass(frozen=True)
class Question:
    """A castability question: a face of a card, at X chosen, with or without life
    for its Phyrexian symbols (``shadow``: the index of the question it is the
    "without life" twin of, else -1)."""

    name: str
    card: str
    zone: str
    mana_value: int
    turn: int
    cost: ManaCost
    spend: Spend
    shadow: int = -1
    plan: CastPlan | None = None
    """How it is cast (alternative and reduced costs), for a spell's question."""
    hidden: bool = False
    """Not a spell's question: the cost of an action the policy takes (cracking a
    land whose search costs mana), asked of the battlefield, never reported."""


@dataclass(frozen=True)
class LandFace:
    """A face a card may be played as a land: its source class, how it enters
    (``entry``: code, count, type bits), whether it is basic, its basic land type
    bits, the colors it makes."""

    source: int
    entry: tuple[int, int, int]
    basic: bool
    types: int
    colors: int


@dataclass(frozen=True)
class RampRecord:
    """A ramp card compiled: its :class:`~mtgmana.analysis.roles.Ramp`, the question asking whether
    it can be cast, the class it becomes, whether that is a creature (summoning
    sick, CR 302.6) or enters tapped, and the cards of the deck a search can
    find."""

    ramp: Ramp
    question: int
    source: int = -1
    """The class it becomes on the battlefield: a mana source, a static effect, or
    ramp of another kind whose static effects stay (-1: none)."""
    creature: bool = False
    tapped: bool = False
    targets: tuple[int, ...] = ()


def _opponent(colors: str) -> tuple[Permanent, ...]:
    """The opponent's lands: a basic land of each of the deck's colors."""
    return tuple(
        Permanent.named(
            {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}[c],
            controller="opponent",
        )
        for c in colors
    )


def _goes_to_graveyard(item: DeckCard) -> bool:
    """Whether the card is an instant or a sorcery (CR 608.2n)."""
    return bool({"Instant", "Sorcery"} & parse_type_line(item.card.faces[0].type_line)[1])


def _colors_needed(item: DeckCard) -> int:
    """The WUBRG bits of the colors the spell's faces' mana costs ask for."""
    bits = 0
    for index in item.role.spell_faces or (0,):
        for symbol in item.card.faces[index].mana_cost:
            for half in symbol.halves:
                if half in "WUBRG":
                    bits |= 1 << "WUBRG".index(half)
    return bits


class CompiledDeck:
    """The deck's cards as records (see the module)."""

    def __init__(
        self, deck: Deck, x: Mapping[str, int] | None = None, *, fast: bool = True
    ) -> None:
        self.deck = deck
        self.x = x
        self.caches: dict[str, dict[int, Any]] = {}
        """The answers of the engines playing this deck, by battlefield key."""
        items = list(deck.main)
        self.items = items
        self.names = [item.name for item in items]
        self.colors = deck_colors(deck)
        identity = deck.commander_colors
        self.commander_colors: Color | None = identity
        self.opponent = _opponent(self.colors)
        self.chosen_type = chosen_creature_type(deck)
        self.weights = self._weights()
        self.effects = static_effects(deck)
        self.statics = deck_statics(item.card for item in items)
        # -- source classes (by the permanent, state included) --
        self.classes: list[SourceClass] = []
        self._class_of: dict[Permanent, int] = {}
        # -- questions --
        self.questions: list[Question] = []
        self._questions(x)
        # -- cards (the order of these steps is the order of the source classes) --
        self._lands()
        self.subtypes = [_type_bits(item.role.subtypes) for item in items]
        self.goes_to_graveyard = [_goes_to_graveyard(item) for item in items]
        """Whether a card cast goes to the graveyard as it resolves (CR 608.2n)."""
        self.basic = [item.role.is_basic for item in items]
        self._fetches()
        # Gemstone Caverns with a luck counter (CR 103.6 actions before the game).
        self.opening: list[int] = [self._opening(item) for item in items]
        self.treasure = self.source(Permanent.named("Treasure"))
        # Ramp.
        self.ramp: list[RampRecord | None] = [self._ramp(k, item) for k, item in enumerate(items)]
        # What each card asks of the mana, for the policy.
        self.need = [0 if item.role.is_land else _colors_needed(item) for item in items]
        self.curve = [0 if item.role.is_land else max(item.role.mana_value, 1) for item in items]
        self.payer = Payer(
            self.classes, self._costs(), identity, self.opponent, track_life=self._life(),
            fast=fast,
        )  # fmt: skip

    def _lands(self) -> None:
        """Each card's land faces (a land's front and back), its modal double-faced
        spell's land face, and whether it can be played as a land."""
        self.is_land = [item.role.is_land for item in self.items]
        self.land_faces: list[tuple[LandFace, ...]] = []
        self.mdfc_face: list[LandFace | None] = []
        for item in self.items:
            role = item.role
            if role.is_land:
                faces = [role.permanent] if role.back is None else [role.permanent, role.back]
                self.land_faces.append(tuple(self._face(role, face, role.entry) for face in faces))
                self.mdfc_face.append(None)
            else:
                self.land_faces.append(())
                back = role.land_back
                self.mdfc_face.append(
                    None if back is None else self._face(role, back, role.land_back_entry)
                )
        self.playable = [bool(f) or m is not None for f, m in
                         zip(self.land_faces, self.mdfc_face, strict=True)]  # fmt: skip

    def _fetches(self) -> None:
        """Fetch lands: the land cards of the deck each one finds, and the hidden
        question of a search that costs mana."""
        self.fetch_targets: list[tuple[int, ...]] = []
        self.crack: list[int] = []
        """For a land whose search costs mana (Warped Landscape, Ash Barrens'
        landcycling), the hidden question asking whether the battlefield pays it;
        else -1."""
        items = self.items
        for item in items:
            fetch = item.role.fetch
            self.crack.append(self._crack(item) if fetch is not None and fetch.delayed else -1)
            if fetch is None or item.role.cost:
                self.fetch_targets.append(())
                continue
            self.fetch_targets.append(
                tuple(
                    j
                    for j, other in enumerate(items)
                    if other.role.is_land and other.role.fetch is None and fetch.finds(other.card)
                )
            )

    def _opening(self, item: DeckCard) -> int:
        """The source class of a card beginning the game on the battlefield with a
        luck counter (Gemstone Caverns), else -1."""
        if item.role.opening_hand and item.role.permanent is not None:
            return self.source(item.role.permanent.with_state(counters=1))
        return -1

    def _life(self) -> bool:
        """Whether the life a payment could cost must be tracked: the deck's
        painful sources together and the most life a cost takes could reach the
        limit (else every payment is within it)."""
        most = 0
        for k, item in enumerate(self.items):
            worst = 0
            for face in self.land_faces[k]:
                worst = max(worst, self.classes[face.source].life)
            back = self.mdfc_face[k]
            if back is not None:
                worst = max(worst, self.classes[back.source].life)
            record = self.ramp[k]
            if record is not None and record.source >= 0:
                worst = max(worst, self.classes[record.source].life)
            most += worst * item.count
        most += max(
            (2 * sum(1 for s in q.cost if s.is_phyrexian) for q in self.questions), default=0
        )
        return most > LIFE_LIMIT

    # -- compiling --

    def _weights(self) -> dict[str, int]:
        """Pips of each color among the deck's spells (the Thriving lands' choice)."""
        weights = dict.fromkeys("WUBRG", 0)
        for item in self.deck.spells:
            for index in item.role.spell_faces or (0,):
                for symbol in item.card.faces[index].mana_cost:
                    for h in symbol.halves:
                        if h in weights:
                            weights[h] += item.count
        return weights

    def source(self, permanent: Permanent) -> int:
        """The class of a permanent (compiled once)."""
        found = self._class_of.get(permanent)
        if found is None:
            found = len(self.classes)
            self.classes.append(
                compile_source(
                    permanent, commander_colors=self.commander_colors, opponent=self.opponent
                )
            )
            self._class_of[permanent] = found
        return found

    def _state(self, role: CardRole, permanent: Permanent) -> Permanent:
        """The choices made as it enters: a Thriving land's color (the deck color it
        lacks that the spells need most), a basic land type (Multiversal Passage:
        that color's), Cavern of Souls' creature type."""
        land_type = any(CHOSEN_TYPE in effect.land_types for effect in permanent.statics)
        if (DynamicSlot.CHOSEN_COLOR in role.dynamic or land_type) and (
            permanent.chosen_type is None if land_type else permanent.chosen_color is None
        ):
            best = self._best_color(role)
            if land_type:
                permanent = permanent.with_state(chosen_type=_TYPE_OF[best])  # CR 305.6
            else:
                permanent = permanent.with_state(chosen_color=ManaType(best))
        if self.chosen_type is not None and any(
            ability.restriction is not None and "chosen type" in str(ability.restriction)
            for ability in permanent.abilities
        ):
            permanent = permanent.with_state(chosen_type=self.chosen_type)
        return permanent

    def _best_color(self, role: CardRole) -> str:
        """The color a permanent chooses as it enters: the deck color it doesn't
        make that the spells need most (any color, if it makes all of the deck's)."""
        own = role.options[0] if role.options else frozenset()
        choices = [c for c in self.colors if c not in own] or [c for c in "WUBRG" if c not in own]
        return max(choices, key=lambda c: (self.weights.get(c, 0), -"WUBRG".index(c)))

    def _face(self, role: CardRole, permanent: Permanent | None, entry: Entry) -> LandFace:
        if permanent is None:
            # A land that makes no mana (a fetch land, Urborg) is still a land drop.
            front = role.card.faces[0]
            permanent = Permanent(front.name, type_line=front.type_line)
        permanent = self._state(role, permanent)
        c = self.source(permanent)
        supertypes, _, subtypes = parse_type_line(permanent.type_line)
        return LandFace(
            source=c,
            entry=(
                ENTRY_CODES.get(entry.kind, EntryCode.TAPPED),
                entry.count,
                _type_bits(entry.types),
            ),
            basic="Basic" in supertypes,
            types=_type_bits(subtypes),
            colors=self.classes[c].colors & ANY,
        )

    def _questions(self, x: Mapping[str, int] | None) -> None:
        spells = [("main", c) for c in self.deck.main if not (c.role.is_land or c.role.is_unknown)]
        spells += [("commander", c) for c in self.deck.commander if not c.role.is_land]
        spells += [("companion", c) for c in self.deck.companion if not c.role.is_land]
        self.first_question: dict[int, int] = {}
        for zone, item in spells:
            faces = item.role.spell_faces or (0,)
            for face in faces:
                self._question(zone, item, face, len(faces) > 1, x)

    def _question(
        self, zone: str, item: DeckCard, face: int, halves: bool, x: Mapping[str, int] | None
    ) -> None:
        chosen = item.card.faces[face]
        printed = chosen.mana_cost
        plan = cast_plan(item, face, x)
        cost, turn, value = plan.cost, plan.turn, plan.mana_value
        casting = plan.casting
        keywords = [k for k in ("delve", "convoke", "improvise") if getattr(casting, k)]
        spend = Spend.spell(chosen.type_line, mana_cost=printed, cost=cost, name=chosen.name,
                            keywords=keywords)  # fmt: skip
        name = chosen.name if halves else item.name
        card = item.name if halves else ""
        index = len(self.questions)
        self.first_question.setdefault(id(item), index)
        self.questions.append(Question(name, card, zone, value, turn, cost, spend, plan=plan))
        if any(symbol.is_phyrexian for symbol in cost):
            mana = paid_with_mana(cost)
            self.questions.append(
                Question(name, card, zone, value, turn, mana, spend, shadow=index, plan=plan)
            )

    def _crack(self, item: DeckCard) -> int:
        """A hidden question: the mana of ``item``'s search (CR 602.2b: an
        activated ability of the land; landcycling, CR 702.29, from the hand)."""
        fetch = item.role.fetch
        assert fetch is not None and fetch.mana is not None
        front = item.card.faces[0]
        spend = Spend.ability(front.type_line, cost=fetch.mana, name=front.name)
        self.questions.append(
            Question(item.name, "", "ability", 0, 0, fetch.mana, spend, hidden=True)
        )
        return len(self.questions) - 1

    def _costs(self) -> list[SpellCost]:
        """One :class:`SpellCost` per question, with how the battlefield reduces it
        and what its convoke or improvise may tap (:mod:`mtgmana.analysis.counting._casting`)."""
        found = []
        for q in self.questions:
            plan = q.plan
            if plan is None or plan.suspended:  # suspending is a special action's cost
                found.append(SpellCost.of(q.cost, q.spend))
                continue
            casting = plan.casting
            taps = "convoke" if casting.convoke else "improvise" if casting.improvise else ""
            found.append(SpellCost.of(q.cost, q.spend, self._reducing(casting), taps))
        return found

    def _reducing(self, casting: Casting) -> tuple[Reducing, ...]:
        """How the battlefield reduces a spell's cost (CR 601.2f): delve by the
        graveyard (CR 702.66), affinity and "costs {N} less for each ..." by the
        permanents counted, "... if you control ..." once, "for each opponent" by the
        opponents (three in Commander, one otherwise)."""
        found = [Reducing(1, GRAVEYARD)] if casting.delve else []
        for reduction in casting.reductions:
            if reduction.filter is not None:
                found.append(Reducing(reduction.amount, Feature("match", reduction.filter)))
            elif reduction.condition is not None:
                needs = tuple((Feature("match", f), n) for f, n in reduction.condition.permanents)
                found.append(Reducing(reduction.amount, test=Test(needs)))
            else:
                opponents = 3 if self.deck.commander_rules else 1
                found.append(Reducing(reduction.amount * opponents))
        return tuple(found)

    def _ramp(self, k: int, item: DeckCard) -> RampRecord | None:
        role = item.role
        if role.is_land:
            return None
        ramp, permanent = role.ramp, role.permanent
        givers = self.statics.granted.get(item.name, ())
        if ramp is None and givers:
            # It makes mana only under another card's static effect (CR 613.1f).
            ramp = Ramp(RampKind.MANA_SOURCE, effect=" and ".join(givers))
            try:
                permanent = Permanent.from_card(item.card)
            except MtgManaError:  # pragma: no cover - every real card reads
                return None
        if ramp is None:
            return None
        question = self.first_question.get(id(item), -1)
        if question < 0:
            return None
        if ramp.kind in ("mana source", "static effect"):
            return self._source_ramp(item, ramp, permanent, question, granted=bool(givers))
        return self._other_ramp(item, ramp, permanent, question)

    def _source_ramp(
        self,
        item: DeckCard,
        ramp: Ramp,
        permanent: Permanent | None,
        question: int,
        *,
        granted: bool,
    ) -> RampRecord | None:
        """The record of ramp that is a mana source on the battlefield (or a static
        effect helping the deck's mana), ``granted``: by another card's effect."""
        role = item.role
        if permanent is None or (
            ramp.kind == "static effect" and not self.statics.helps(item.name)
        ):
            return None
        permanent = self._state(role, permanent)
        if role.counters_cast:  # its X or its kicks: as many counters (CR 122.6)
            permanent = permanent.with_state(counters=x_for(item, self.x, item.name))
        c = self.source(permanent)
        if self.classes[c].kind == "none" and not granted:
            return None
        creature = "Creature" in parse_type_line(permanent.type_line)[1]
        tapped = "enters tapped" in item.card.faces[0].oracle_text
        return RampRecord(ramp, question, c, creature, tapped)

    def _other_ramp(
        self, item: DeckCard, ramp: Ramp, permanent: Permanent | None, question: int
    ) -> RampRecord | None:
        """The record of ramp of another kind (a land search, an extra land drop), and
        the source it stays as with a static effect (Dryad of the Ilysian Grove)."""
        source = -1
        if permanent is not None and self.statics.helps(item.name):
            source = self.source(self._state(item.role, permanent))
        if ramp.kind == "land search":
            targets = tuple(
                j
                for j, other in enumerate(self.items)
                if other.role.is_land and ramp.finds(other.card)
            )
            if not targets:
                return None
            return RampRecord(ramp, question, source=source, targets=targets)
        return RampRecord(ramp, question, source=source)
