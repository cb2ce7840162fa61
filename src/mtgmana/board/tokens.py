"""Tokens that make mana, which the card data doesn't list as cards (CR 111.10).

Treasure, Gold and Powerstone are predefined tokens (CR 111.10a, 111.10c, 111.10h);
Eldrazi Spawn and Eldrazi Scion are the 0/1 and 1/1 colorless creature tokens that
many cards create with "Sacrifice this token: Add {C}." Each :class:`Token` has its
type line, its rules text and its mana as a
:class:`~mtgmana.ability_text.CardMana`, built here by hand (the tests check that
:func:`~mtgmana.ability_text.parse_mana` reads the text the same way).

>>> from mtgmana.board.tokens import token
>>> treasure = token("Treasure")
>>> treasure.type_line
'Token Artifact — Treasure'
>>> ability = treasure.mana.abilities[0]
>>> ability.cost.tap, ability.cost.sacrifice_self, str(ability.production)
(True, True, 'one mana of any color')
>>> from mtgmana.restrictions import Spend
>>> powerstone = token("powerstone").mana.abilities[0].restriction
>>> powerstone.allows(Spend.spell("Artifact")), powerstone.allows(Spend.spell("Instant"))
(True, False)
>>> powerstone.allows(Spend.ability("Creature — Elf"))   # abilities are fine
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..ability_text import CardMana
from ..errors import UnknownCardError
from ..restrictions import spells
from .abilities import ANY_COLOR, ActivationCost, Choice, ManaAbility, Production, slot

__all__ = ["TOKENS", "Token", "known_token", "token", "token_suggestions"]


@dataclass(frozen=True)
class Token:
    """A token as far as mana is concerned: its name, type line, rules text and the
    mana abilities that text gives it. ``power_toughness`` is ``""`` for
    noncreatures."""

    name: str
    type_line: str
    oracle_text: str
    mana: CardMana
    power_toughness: str = ""


def _one(cost: ActivationCost, production: Production, text: str) -> CardMana:
    return CardMana(abilities=(ManaAbility(cost, production, text=text),))


_ANY_COLOR = Production((Choice((ANY_COLOR,)),))
_COLORLESS = Production((Choice((slot("C"),)),))
_SPAWN_TEXT = "Sacrifice this token: Add {C}."
_POWERSTONE_TEXT = "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."
_TREASURE_TEXT = "{T}, Sacrifice this token: Add one mana of any color."
_GOLD_TEXT = "Sacrifice this token: Add one mana of any color."

TOKENS: Mapping[str, Token] = MappingProxyType(
    {
        "Treasure": Token(
            "Treasure",
            "Token Artifact — Treasure",
            _TREASURE_TEXT,
            _one(ActivationCost(tap=True, sacrifice_self=True), _ANY_COLOR, _TREASURE_TEXT),
        ),
        "Gold": Token(
            "Gold",
            "Token Artifact — Gold",
            _GOLD_TEXT,
            _one(ActivationCost(sacrifice_self=True), _ANY_COLOR, _GOLD_TEXT),
        ),
        "Powerstone": Token(
            "Powerstone",
            "Token Artifact — Powerstone",
            _POWERSTONE_TEXT,
            # "can't be spent to cast a nonartifact spell": artifact spells, abilities
            # and other costs are all fine (CR 106.6, 111.10h).
            CardMana(
                abilities=(
                    ManaAbility(
                        ActivationCost(tap=True),
                        _COLORLESS,
                        ~spells(excluded_types="Artifact"),
                        text=_POWERSTONE_TEXT,
                    ),
                )
            ),
        ),
        "Eldrazi Spawn": Token(
            "Eldrazi Spawn",
            "Token Creature — Eldrazi Spawn",
            _SPAWN_TEXT,
            _one(ActivationCost(sacrifice_self=True), _COLORLESS, _SPAWN_TEXT),
            "0/1",
        ),
        "Eldrazi Scion": Token(
            "Eldrazi Scion",
            "Token Creature — Eldrazi Scion",
            _SPAWN_TEXT,
            _one(ActivationCost(sacrifice_self=True), _COLORLESS, _SPAWN_TEXT),
            "1/1",
        ),
    }
)
"""The mana tokens by name."""

_BY_KEY = {name.casefold(): item for name, item in TOKENS.items()}


def token(name: str) -> Token:
    """The token called ``name`` (any case; a trailing " token" is ignored).
    Raises :class:`~mtgmana.UnknownCardError`, with suggestions, for other names.

    >>> token("eldrazi spawn token").power_toughness
    '0/1'
    >>> token("Tresure")
    Traceback (most recent call last):
    ...
    mtgmana.errors.UnknownCardError: unknown card name 'Tresure'; did you mean 'Treasure'?
    """
    if not isinstance(name, str):
        raise UnknownCardError(repr(name), [], newer=False)
    found = known_token(name)
    if found is None:
        raise UnknownCardError(name, token_suggestions(name), newer=False)
    return found


def _key(name: str) -> str:
    return " ".join(name.split()).casefold().removesuffix(" token")


def known_token(name: str) -> Token | None:
    """The token called ``name`` as :func:`token` finds it, or None.

    >>> known_token("Treasure Token").name, known_token("Forest")
    ('Treasure', None)
    """
    return _BY_KEY.get(_key(name))


def token_suggestions(name: str) -> list[str]:
    """The names of up to three tokens like ``name`` (difflib's ratio 0.6 or more).

    >>> token_suggestions("Tresure")
    ['Treasure']
    """
    import difflib  # only to suggest names (start-up: bench/bench_startup.py)

    close = difflib.get_close_matches(_key(name), list(_BY_KEY), n=3, cutoff=0.6)
    return [_BY_KEY[c].name for c in close]
