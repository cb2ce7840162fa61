"""Every public value's ``repr`` rebuilds it: ``eval(repr(x)) == x`` for an example of
each public class of the core (every module outside ``analysis``, ``cli`` and ``web``
without a private part in its path), found by walking the modules' ``__all__``. A new
public class needs an example here, or a reason in NOT_VALUES."""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import mtgmana

# Public classes that aren't immutable values, with the reason.
NOT_VALUES: dict[str, str] = {
    "CardDatabase": "a database (millions of bytes), not a value",
    "CardData": "where card data is stored: a path and its files",
    "ManaPool": "the one mutable object (docs/api.md); ManaPool.to_json saves it",
    "PoolLike": "a protocol",
    "BoardLike": "a protocol",
    "Restriction": "abstract: its subclasses are the values",
    "Card": "a card of the card data (a Scryfall object builds it): cards.lookup(name) "
    "finds it again (checked below)",
    "Face": "a face of a card: card.faces[i] (checked below)",
    "Activated": "what an activation did, with the ManaPool after it (mutable)",
    "Update": "what mtgmana cards update installed: the CardData now in use",
}


def _examples() -> dict[str, Callable[[], Any]]:
    """An example of each public value class, by class name (built when asked)."""
    from mtgmana import ManaCost, ManaSymbol, cards
    from mtgmana import ability_text as facts
    from mtgmana.ability_text import casting_of, parse_mana, spend_of
    from mtgmana.board import Board, Permanent, token
    from mtgmana.board import abilities as ab
    from mtgmana.board.effects import ContinuousEffect, Layer
    from mtgmana.colors import Color, ManaType
    from mtgmana.mana import Duration, Mana, ManaKind, Rider, Source
    from mtgmana.payment import Alternative, Paid, SymbolPayment, plan_payment
    from mtgmana.pool import ManaPool
    from mtgmana.pool.emptying import CURRENT_RULES, Ending, Retention
    from mtgmana.request import PaymentRequest, Prefer
    from mtgmana.restrictions import Spend, SpendKind, abilities, cost_contains, costs, spells
    from mtgmana.symbol_payment import ways_to_pay
    from mtgmana.symbols import SymbolKind
    from mtgmana.tapping import options, plan

    forest = Source(3, "Forest")
    lands = ab.PermanentFilter(card_types=frozenset({"Land"}))
    pool = ManaPool()
    events: list[Any] = []
    pool.subscribe(events.append)
    added = pool.add("G", 2, source=forest)
    pool.spend(added[:1], Spend.spell("Creature — Elf"))
    ruins = Board.parse("Island, Sunken Ruins", commander="U")
    return {
        "Color": lambda: Color.W | Color.G,
        "ManaType": lambda: ManaType.C,
        "ManaSymbol": lambda: ManaSymbol.parse("{G/U/P}"),
        "SymbolKind": lambda: SymbolKind.HYBRID,
        "Entry": lambda: facts.read_entry("This land enters tapped unless you control a Forest."),
        "EntryKind": lambda: facts.EntryKind.FEW_LANDS,
        "Fetch": lambda: facts.read_fetch(
            "{1}, {T}, Sacrifice this land: Search your library for a basic land card, put it"
            " onto the battlefield tapped, then shuffle."
        ),
        "Ramp": lambda: facts.read_ramp(
            "Search your library for a basic land card, put it onto the battlefield tapped,"
            " then shuffle.",
            one_shot=True,
        ),
        "RampKind": lambda: facts.RampKind.TREASURE,
        "SpellText": lambda: facts.read_spell_text("Draw a card."),
        "EnteringCounters": lambda: facts.read_counters(
            "Multikicker {2}\nThis artifact enters with a charge counter on it for each time"
            " it was kicked."
        ),
        "Unread": lambda: facts.Unread.MANA_EFFECT,
        "ManaCost": lambda: ManaCost.parse("{X}{2}{W/U}"),
        "WaysToPay": lambda: ways_to_pay(ManaSymbol.parse("{2/W}")),
        "Layout": lambda: cards.lookup("Fire // Ice").layout,
        "Source": lambda: forest,
        "Duration": lambda: Duration.UNTIL_END_OF_TURN,
        "Rider": lambda: Rider("uncounterable", "that spell can't be countered"),
        "ManaKind": lambda: ManaKind(ManaType.G, source=forest, snow=True),
        "Mana": lambda: Mana.make("R", source=forest),
        "Spend": lambda: spend_of("Stoke the Flames"),
        "SpendKind": lambda: SpendKind.COST,
        "SpellRestriction": lambda: spells(types={"Creature"}, subtypes={"Elf"}),
        "AbilityRestriction": lambda: abilities(source_subtypes={"Myr"}),
        "CostRestriction": lambda: costs("cumulative upkeep"),
        "CostContains": lambda: cost_contains("{X}"),
        "AnyOf": lambda: spells(types={"Creature"}) | abilities(),
        "AllOf": lambda: spells(types={"Creature"}) & spells(subtypes={"Elf"}),
        "Not": lambda: ~spells(types={"Instant"}),
        "Custom": lambda: _custom(),
        "Ending": lambda: Ending.PHASE,
        "Rules": lambda: CURRENT_RULES,
        "Retention": lambda: Retention.type("G", name="Omnath, Locus of Mana"),
        "EmptyResult": lambda: pool.copy().empty(Ending.STEP),
        "ManaAdded": lambda: events[0],
        "ManaSpent": lambda: events[-1],
        "ManaLost": lambda: _lost(),
        "ManaConverted": lambda: _converted(),
        "Prefer": lambda: Prefer.LIFE,
        "PaymentRequest": lambda: PaymentRequest.of(
            "{X}{B}", x=2, x_mana="B", spend=Spend.spell("Sorcery"), future=["{G}"], life=7
        ),
        "Paid": lambda: Paid((Mana.make("G"),), 2),
        "Alternative": lambda: Alternative("convoke", 3),
        "SymbolPayment": lambda: SymbolPayment(ManaSymbol.parse("{B/P}"), life=2),
        "Payment": lambda: plan_payment("{1}{G}", [Mana.make("G"), Mana.make("U")]),
        "Condition": lambda: ab.Condition(((lands, 2),)),
        "PermanentFilter": lambda: lands,
        "ActivationCost": lambda: ab.ActivationCost(tap=True, life=1),
        "Amount": lambda: (
            parse_mana("{T}: Add {G} for each Elf you control.").abilities[0].production.per
        ),
        "Choice": lambda: ab.ManaAbility.pain("C", "WU").production.choices[1],
        "Production": lambda: ab.ManaAbility.simple("WU").production,
        "ManaAbility": lambda: ab.ManaAbility.simple("G"),
        "DynamicSlot": lambda: ab.DynamicSlot.COMMANDER_COLORS,
        "ManaTrigger": lambda: (
            Permanent.named("Mana Reflection").replacements[0]
            if not Permanent.named("Utopia Sprawl").triggers
            else Permanent.named("Utopia Sprawl").triggers[0]
        ),
        "ManaReplacement": lambda: Permanent.named("Mana Reflection").replacements[0],
        "PoolDoubling": lambda: Permanent.named("Doubling Cube").doublings[0],
        "ReplacementKind": lambda: Permanent.named("Mana Reflection").replacements[0].kind,
        "ContinuousEffect": lambda: ContinuousEffect(lands, Layer.TYPE, frozenset({"Swamp"})),
        "Layer": lambda: Layer.ABILITY,
        "CardMana": lambda: parse_mana("{T}: Add {C}."),
        "Casting": lambda: casting_of("Convoke\nDraw a card."),
        "Reduction": lambda: casting_of("Affinity for artifacts").reductions[0],
        "Token": lambda: token("Treasure"),
        "Permanent": lambda: Permanent.named("Llanowar Elves", summoning_sick=True),
        "Board": lambda: ruins,
        "Plan": lambda: plan("{U}{U}", ruins),
        "Step": lambda: plan("{U}{U}", ruins).steps[0],
        "Replay": lambda: plan("{U}{U}", ruins).steps[1].activate,
        "Options": lambda: options(Board.parse("Forest, Island")),
    }


def _custom() -> Any:
    from mtgmana.restrictions import register_custom

    return register_custom("test-reprs", lambda spend: True, "for this test")


def _last_event(retention: tuple[Any, ...] = ()) -> Any:
    from mtgmana.pool import ManaPool
    from mtgmana.pool.emptying import Ending

    pool = ManaPool(retention=retention)
    events: list[Any] = []
    pool.subscribe(events.append)
    pool.add("G")
    pool.empty(Ending.PHASE)
    return events[-1]


def _lost() -> Any:
    return _last_event()


def _converted() -> Any:
    from mtgmana.pool.emptying import Retention

    return _last_event((Retention.becomes_colorless(name="Kruphix, God of Horizons"),))


def _public_modules() -> list[str]:
    found = ["mtgmana"]
    for info in pkgutil.walk_packages(mtgmana.__path__, "mtgmana."):
        parts = info.name.split(".")[1:]
        if any(p.startswith("_") for p in parts) or parts[0] in ("analysis", "cli", "web"):
            continue
        found.append(info.name)
    return found


def _public_classes() -> dict[str, type]:
    found: dict[str, type] = {}
    for name in _public_modules():
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", ()):
            value = getattr(module, attribute)
            if inspect.isclass(value) and not issubclass(value, BaseException):
                found[value.__name__] = value
    return found


def _namespace() -> dict[str, Any]:
    """Every public name of the core, as ``eval`` sees them."""
    names: dict[str, Any] = {}
    for name in _public_modules():
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", ()):
            names.setdefault(attribute, getattr(module, attribute))
    return names


def test_every_public_class_has_an_example_or_a_reason() -> None:
    classes = set(_public_classes())
    assert classes - set(_examples()) - set(NOT_VALUES) == set(), "add an example"
    assert set(_examples()) - classes == set(), "not a public class (any more)"
    assert set(NOT_VALUES) <= classes


@pytest.mark.parametrize("name", sorted(_examples()))
def test_the_repr_rebuilds_the_value(name: str) -> None:
    value = _examples()[name]()
    assert type(value).__name__ == name or isinstance(value, _public_classes()[name])
    text = repr(value)
    rebuilt = eval(text, _namespace())
    assert rebuilt == value, text


def test_cards_and_faces_are_found_again_by_name() -> None:
    from mtgmana import cards

    card = cards.lookup("Fire // Ice")
    assert cards.lookup(card.name) == card and repr(card).startswith("<Card 'Fire // Ice' ")
    assert card.faces[card.face_index("Ice")] == card.faces[1]
    assert isinstance(card.faces[1], _public_classes()["Face"])


def test_values_are_immutable() -> None:
    for name, make in _examples().items():
        cls = type(make())
        if dataclasses.is_dataclass(cls):
            params = getattr(cls, "__dataclass_params__", None)
            assert params is not None and params.frozen, f"{name} is a mutable dataclass"
        else:
            assert issubclass(cls, enum.Enum) or not hasattr(cls, "__dict__") or name in {
                "ManaCost", "ManaSymbol", "Mana"
            }, name  # fmt: skip
