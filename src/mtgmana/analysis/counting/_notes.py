"""The notes saying how each spell and each land of a deck was counted (the
``counted_as`` of :class:`~._counting.SpellReport` and :class:`~._counting.LandReport`;
the rules of the counting are in :mod:`._counting`)."""

from __future__ import annotations

from typing import Final

from ...ability_text import RampKind
from ...board.abilities import Amount, DynamicSlot, ManaAbility
from ...symbols import SymbolKind
from ..decks import DeckCard
from ..roles import CardRole, DeckStatics, deck_statics, static_note
from ._counter import MDFC_LAND, SourceCounter

__all__ = ["land_note", "mana_notes", "spell_note"]

_OPPONENT_NOTE: Final = "assumes an opponent whose lands make the deck's colors"


def spell_note(
    item: DeckCard, face: int, x: int | None, without: float | None, statics: DeckStatics
) -> str:
    """How a face of a spell was counted (``x``: the X it is judged at; ``without``:
    its probability paying Phyrexian symbols with mana)."""
    notes: list[str] = []
    faces = item.role.spell_faces
    if len(faces) > 1:
        notes.append(f"{'first' if face == 0 else 'second'} half of {item.name}")
    if x is not None:
        notes.append(f"X={x}")
    notes.extend(_symbol_notes(item, face, without))
    role = item.role
    notes.extend(_source_notes(role))
    if role.ramp is not None and role.ramp.kind is not RampKind.STATIC_EFFECT:
        what = "" if role.ramp.kind is RampKind.MANA_SOURCE else f": {role.ramp.description}"
        notes.append(f"ramp the simulation casts{what}")
    notes.append(static_note(role, statics))
    if role.land_back is not None:
        notes.append(f"{MDFC_LAND:g} land: its back face is a land")
    return "; ".join(dict.fromkeys(note for note in notes if note))  # each note once


def _symbol_notes(item: DeckCard, face: int, without: float | None) -> list[str]:
    """How the face's unusual mana symbols were counted: hybrid, {2/C}, Phyrexian
    (``without``: its probability paying them with mana) and snow."""
    notes: list[str] = []
    kinds = {symbol.kind for symbol in item.card.faces[face].mana_cost}
    if kinds & {SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID}:
        notes.append("hybrid: sources of either color count")
    if SymbolKind.MONOCOLORED_HYBRID in kinds:
        notes.append("{2/C} counted as {2}")
    if kinds & {SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN, SymbolKind.GENERIC_PHYREXIAN}:
        shown = "" if without is None else f" ({without:.0%} paying them with mana)"
        notes.append("Phyrexian symbols paid with 2 life each" + shown)
    if SymbolKind.SNOW in kinds:
        notes.append("{S} counted as generic")
    return notes


def _source_notes(role: CardRole) -> list[str]:
    """How a spell that is itself a mana source (a dork, a rock, a Treasure maker)
    was counted for the other spells."""
    notes: list[str] = []
    counted = bool(role.options or role.dynamic or role.restricted)
    if role.kind in ("dork", "rock") and not counted:
        notes.append(f"mana {role.kind}: counted as no source")
    elif role.kind == "dork":
        notes.append("mana dork: 0.5 source for spells of mana value 2 or more")
    elif role.kind == "rock":
        notes.append("mana rock: 0.75 source for spells of mana value 3 or more")
    if role.kind in ("dork", "rock"):
        notes.extend(mana_notes(role))
    elif role.kind == "treasure":
        notes.append("Treasure maker: 0.25 source of any color for mana value 2 or more")
    return notes


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _amount(value: float) -> str:
    if abs(value - 2 / 3) < 1e-6:
        return "2/3"
    return f"{value:.2f}".rstrip("0").rstrip(".")


def land_note(counter: SourceCounter, item: DeckCard, sources: dict[str, float], back: bool) -> str:
    """How a land (``back``: a modal double-faced spell's land face) was counted:
    its value as a source of each color, ``sources``, and what else matters."""
    role = item.role
    by_value: dict[float, list[str]] = {}
    for color, value in sources.items():
        if value:
            by_value.setdefault(round(value, 6), []).append(color)
    notes: list[str] = []
    if back:
        notes.append(f"{MDFC_LAND:g} land (a modal double-faced spell; played as a land "
                     "when no other land is in hand)")  # fmt: skip
    notes.extend(_value_notes(counter, role, by_value, back))
    notes.extend(_assumption_notes(counter, role))
    notes.extend(_amount_notes(role))
    if role.fetch is not None and not back:
        notes.append(_fetch_note(counter, role))
    if by_value and not counter.turn_one(role, back=back):
        notes.append("not for turn-1 spells")
    if role.statics and not back:
        notes.append(static_note(role, deck_statics(other.card for other in counter.deck.main)))
    return "; ".join(dict.fromkeys(note for note in notes if note))  # each note once


def _value_notes(
    counter: SourceCounter, role: CardRole, by_value: dict[float, list[str]], back: bool
) -> list[str]:
    """The land's value as a source of each color (``by_value``: the colors by
    value), or why it is none, then its mana abilities' notes."""
    mana = mana_notes(role)
    parts = [
        f"{_amount(value)} source of {_join(colors)}"
        for value, colors in sorted(by_value.items(), reverse=True)
    ]
    notes: list[str] = []
    if parts:
        notes.append("; ".join(parts))
    else:
        first = "colorless only" if "C" in counter.produces(role, back=back) else ""
        first = first or "no source of the deck's colors"
        if mana:
            first += ": " + mana.pop(0)
        notes.append(first)
    notes.extend(mana)
    if any(v == counter.choice_value and v < 1 for v in by_value):
        notes.append("a choice")
    return notes


def _assumption_notes(counter: SourceCounter, role: CardRole) -> list[str]:
    """What the land's count assumes: an opponent's lands, a commander, the spells
    its restricted mana may pay, beginning the game on the battlefield."""
    notes: list[str] = []
    dynamic = role.dynamic
    if any(slot.name.startswith("OPPONENT") for slot in dynamic):
        notes.append(_OPPONENT_NOTE)
    if DynamicSlot.COMMANDER_COLORS in dynamic and counter.deck.commander_colors is None:
        notes.append("no commander: it makes no colored mana")
    if role.restricted:
        words = "; ".join(str(r) for _, r in role.restricted)
        chosen = counter.chosen_type
        if chosen is not None and "chosen type" in words:
            words = words.replace("the chosen type", chosen).replace("chosen type", chosen)
        notes.append(f"restricted mana counted only for the spells it may pay ({words})")
    if role.opening_hand:
        notes.append(
            "any color only if it begins the game on the battlefield (not the starting player;"
            " the simulation does so on the draw)"
        )
    return notes


def _fetch_note(counter: SourceCounter, role: CardRole) -> str:
    """What the land's search finds in the deck (the first three lands by name)."""
    fetch = role.fetch
    assert fetch is not None
    found = sorted(
        other.name
        for other in counter.deck.main
        if other.role.is_land and other.role.fetch is None and fetch.finds(other.card)
    )
    if not found:
        return "finds no land of this deck"
    shown = found[:3] + (["..."] if len(found) > 3 else [])
    return f"finds {fetch.description}: {', '.join(shown)}"


def _amount_notes(role: CardRole) -> dict[str, None]:
    """The notes (each once) for the mana in amounts that cost mana."""
    return dict.fromkeys(
        _amount_note(a.production.per)
        for a in _abilities(role)
        if a.production.per is not None and a.cost.mana
    )


def _amount_note(per: Amount) -> str:
    """The note for mana in an amount that costs mana (not counted,
    :mod:`mtgmana.analysis.roles._mana`): storage lands' counters (Dreadship Reef),
    devotion (Nykthos), the others by name."""
    if per.kind == "counters":
        return "its mana for the counters removed from it not counted"
    if per.kind == "devotion":
        return f"its mana for your {per} not counted"
    if per.kind in ("permanents", "graveyard") and not per.plus:
        return f"its mana for each {per} not counted"
    return f"its mana for an amount ({per}) not counted"


def mana_notes(role: CardRole) -> list[str]:
    """How the card's mana abilities were counted where the simulation decides
    (:mod:`mtgmana.analysis.roles._mana`): the mana left out and why, when no other ability makes
    it, and what was assumed."""
    made = role.produces
    notes = []
    for letters, why in role.uncounted:
        missing = letters - made
        if not missing or (role.opening_hand and "counter" in why):
            continue  # another ability makes it; Gemstone Caverns says it its own way
        notes.append(f"{_what(missing)} {why}")
    notes.extend(role.assumed)
    return list(dict.fromkeys(notes))


def _what(letters: frozenset[str]) -> str:
    if letters >= frozenset("WUBRG"):
        return "its mana of any color"
    return "its " + " or ".join("{" + c + "}" for c in "WUBRGC" if c in letters)


def _abilities(role: CardRole) -> tuple[ManaAbility, ...]:
    permanent = role.permanent
    return () if permanent is None else permanent.abilities
