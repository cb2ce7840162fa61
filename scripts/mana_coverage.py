"""How much of the bundled card database :mod:`mtgmana.ability_text` models.

A card *has a mana ability* (CR 605.1) when, with reminder text removed, one of its
faces has a basic land type on a land (CR 305.6), an activated ability whose effect
adds mana — not a loyalty ability, no target but a delayed trigger's (CR 605.1a) — or
a triggered ability on a permanent being tapped for mana that adds mana (CR 605.1b). A card *changes
mana abilities* when a face of a permanent has a static ability that grants a mana
ability ("Lands you control have "{T}: Add ...""; a Saga's chapter giving it one)
or changes basic land types (CR 305.7: "Each land is a Swamp ...", "Nonbasic lands
are Mountains", "... is the chosen type"). These detectors are a few plain regular
expressions, independent of the parser, so that the parser can't hide a mana
ability by not recognizing it. Both kinds of cards are counted; a card is *parsed*
when every face's :func:`~mtgmana.ability_text.parse_mana` has at least one
ability, trigger or continuous effect and nothing unsupported.

Categories: a card is a land if any face is a land, else a creature, else an
artifact, else "other". Cards of the Un-sets (silver-bordered or acorn cards, meant
for casual play and with features the rules don't cover: CR 100.7) are counted
apart and left out of the percentages: :func:`un_card` recognizes them by a "funny"
symbol in their cost
or text ({HR}, {∞}, {½}: :attr:`mtgmana.symbols.ManaSymbol.is_funny`), the Stickers
type (Unfinity sticker sheets), a watermark mechanic (Unstable), or by name
(:data:`UN_CARDS`). The report also counts the parsed cards that use each
board-dependent feature of the model (conditions, dynamic slots, amounts, the
chosen creature type, costs besides mana). Run ``python scripts/mana_coverage.py``:
it prints a markdown report and writes it to ``docs/mana-coverage.md``.

The cards are those of the card data in use (:func:`mtgmana.cards.default_database`:
the bundled data, or the data ``mtgmana cards update`` installed) or of ``--cards
FILE``. For data other than the bundled data the report says which, and is written
next to that data (``mana-coverage.md`` in the card data directory; ``--out`` chooses
another file, ``--out -`` none), so the coverage of updated data stays in step with it.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from mtgmana.ability_text import CardMana, parse_mana  # noqa: E402
from mtgmana.board.abilities import (  # noqa: E402
    CHOSEN_TYPE,
    FACTS,
    Condition,
    DynamicSlot,
    ManaAbility,
    ManaTrigger,
)
from mtgmana.board.effects import CHOSEN_NAME, ContinuousEffect, Layer  # noqa: E402
from mtgmana.cards import Card, CardDatabase, data_in_use, default_database, use  # noqa: E402
from mtgmana.cards.store import CardData  # noqa: E402
from mtgmana.errors import MtgManaError  # noqa: E402
from mtgmana.symbols import parse_symbols  # noqa: E402

__all__ = [
    "UN_CARDS",
    "Coverage",
    "changes_land_types",
    "coverage",
    "features",
    "grants_mana_ability",
    "has_mana_ability",
    "main",
    "report",
    "static_features",
    "un_card",
]

UN_CARDS = frozenset(
    {"Blacker Lotus", "City of Ass", "Everythingamajig", "Mana Screw", "R&D's Secret Lair"}
)
"""Silver-bordered Un-set cards with a mana ability that no marker of :func:`un_card`
finds."""

CATEGORIES = ("land", "creature", "artifact", "other")
_REMINDER = re.compile(r"\([^()]*\)")
_QUOTED = re.compile(r'"[^"]*"')
_BASIC = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
_ACTIVATED = re.compile(r"(?:[^:—]* — )?(?P<cost>[^:]+): (?P<effect>.*)")
_ADD = re.compile(
    r"\b[Aa]dd\b|\b[Aa]dds\b[^.]*(?:\{[^}]+\}|\bmana\b)|\b[Dd]ouble the amount of\b.*\bmana\b"
)
"""Adds mana: "Add", "Each player adds {B}{R}{G}", or doubles it (Doubling Cube, CR
701.10f)."""
# Where a delayed triggered ability's text starts (CR 603.7): its targets aren't the
# mana ability's (CR 605.1a: Primal Wellspring).
_DELAYED = re.compile(
    r"\b(?:When|Whenever|If) (?:that|this) mana is spent|\bWhen(?:ever)? you (?:next )?"
    r"(?:spend this mana|cast)|\bIf you spend this mana|\bWhen you do\b"
)
_LOYALTY = re.compile(r"[+\-−]?(?:\d+|X)")
_TRIGGER = re.compile(r"(?:Until end of turn, )?[Ww]henever\b.*\bfor mana\b.*\badds?\b")
_REPLACEMENT = re.compile(r"\bfor (?:two or more )?mana\b.*\bproduces?\b")
_GRANT = re.compile(r'"[^"]*: Add\b')
_CREATES = re.compile(r"\b[Cc]reates?\b|\btoken named\b|\btokens? on the battlefield\b")
_NOT_STATIC = re.compile(r"(?:When|Whenever|At|Until|If)\b|•")
_ABILITY_WORD = re.compile(r"[^—\"]+ — ")
_CHAPTER = re.compile(r"[IVX]+(?:, [IVX]+)* — (?!Until)")
_BASIC_NOUN = r"(?:Plains|Island|Swamp|Mountain|Forest)s?"
_LAND_TYPES = re.compile(
    rf"\b(?:is|are)(?: an?)?(?: colorless)? (?:every basic land type|{_BASIC_NOUN}(?:,? (?:and )?"
    rf"{_BASIC_NOUN})*(?: lands?)?)(?= in addition\b|\.)|\b[Ll]ands?\b[^.]* (?:is|are) the chosen "
    r"(?:basic land )?type\b|\blose all land types\b|\bloses all land types\b"
)
_SPELL = re.compile(r"\b(?:Instant|Sorcery)\b")
_SYMBOL = re.compile(r"\{(?:[WUBRGCS]|[WUBRG2]/[WUBRGP])(?:/P)?\}")


def has_mana_ability(text: str, type_line: str) -> bool:
    """Whether a face has a mana ability (see the module docstring)."""
    head, _, tail = type_line.partition("—")
    if "Land" in head.split() and _BASIC & set(tail.split()):
        return True
    for line in _REMINDER.sub("", text).splitlines():
        line = _QUOTED.sub('""', line).strip()
        match = _ACTIVATED.fullmatch(line)
        if match and _ADD.search(match["effect"]):
            cost = match["cost"].strip()
            own = _DELAYED.split(match["effect"], maxsplit=1)[0]
            if not _LOYALTY.fullmatch(cost) and "target" not in own.lower():
                return True
        if _TRIGGER.match(line):
            return True
    return False


def _static_lines(text: str, type_line: str) -> list[str]:
    """The lines of a permanent's face that may be static abilities (not activated or
    triggered abilities, not modes; Saga chapters kept), quoted text kept."""
    if _SPELL.search(type_line.partition("—")[0]):
        return []
    found = []
    for line in _REMINDER.sub("", text).splitlines():
        line = line.strip()
        bare = _QUOTED.sub('""', line)
        chapter = _CHAPTER.match(line)
        if not line or _CREATES.search(bare) or (not chapter and ":" in bare):
            continue
        rest = line[chapter.end() :] if chapter else _ABILITY_WORD.sub("", line, count=1)
        if _NOT_STATIC.match(rest) or (chapter and " gains " not in rest):
            continue
        found.append(line)
    return found


def grants_mana_ability(text: str, type_line: str) -> bool:
    """Whether a face's static ability (or a Saga's chapter) grants a mana ability."""
    return any(_GRANT.search(line) for line in _static_lines(text, type_line))


def changes_land_types(text: str, type_line: str) -> bool:
    """Whether a face's static ability changes basic land types (CR 305.7)."""
    lines = _static_lines(text, type_line)
    return any(_LAND_TYPES.search(_QUOTED.sub('""', line)) for line in lines)


_BRACED = re.compile(r"\{[^{}]+\}")


def un_card(card: Card) -> str:
    """Why ``card`` is an Un-set card (see the module docstring), or ``""``."""
    if card.name in UN_CARDS:
        return "a silver-bordered Un-set card"
    for face in card.faces:
        if "Stickers" in face.type_line.split():
            return "an Unfinity sticker sheet (not a card, CR 123.2)"
        if "watermark" in face.oracle_text.lower():
            return "a watermark mechanic (Unstable)"
        for token in _BRACED.findall(f"{face.mana_cost} {face.oracle_text}"):
            try:
                symbols = parse_symbols(token)
            except MtgManaError:
                continue  # {T}, {E}, {TK}: not mana symbols
            if any(symbol.is_funny for symbol in symbols):
                return f"a funny symbol, {token} (Un-sets)"
    return ""


def _category(card: Card) -> str:
    types = " ".join(face.type_line for face in card.faces)
    for category in CATEGORIES[:3]:
        if category.capitalize() in types:
            return category
    return "other"


def _template(text: str, name: str) -> str:
    for part in sorted({name, name.split(",")[0]}, key=len, reverse=True):
        if len(part) > 2:
            text = text.replace(part, "CARDNAME")
    text = re.sub(r"\b[Tt]his (land|creature|artifact|enchantment|permanent)\b", "CARDNAME", text)
    text = re.sub(r"\ban? (?:Plains|Island|Swamp|Mountain|Forest)\b", "a LANDTYPE", text)
    text = _SYMBOL.sub("{M}", text)
    return re.sub(r"\{\d+\}", "{N}", text)


_EACH_AMONG = {
    "PERMANENT": "permanents you control",
    "MONOCOLORED": "monocolored permanents you control",
    "CHOSEN": "the chosen colors",
}


def features(ability: ManaAbility) -> list[str]:
    """The board-dependent features of the model an ability uses."""
    found: list[str] = []
    condition = ability.condition
    if condition is not None:
        if condition.activation:
            found.append("activation condition (CR 602.5b)")
        elif condition.counters and not condition.negated and condition.text.startswith("STATION"):
            found.append("station: only with N charge counters (CR 721.2a)")
        elif condition.text.startswith("chapter"):
            found.append("a Saga's chapter: from its lore counter on (CR 714.2b)")
        elif condition.facts == {"max speed"} and not condition.negated:
            pass  # "condition: you have max speed" says it
        elif condition.text.startswith("As long as"):
            found.append("its own ability, while a condition holds")
        else:
            found.append('"instead": two abilities with complementary conditions')
    for choice in ability.production.choices:
        for item in choice.slots:
            if isinstance(item, DynamicSlot) and item.name.startswith("EACH_"):
                among = _EACH_AMONG[item.name.split("_")[1]]
                found.append(f"production: one mana of each color among {among}")
            elif isinstance(item, DynamicSlot) and item.name.startswith("OWN_LAND_TYPE_"):
                found.append("production: N mana of one type that a land you control could produce")
            elif isinstance(item, DynamicSlot):
                found.append(f"slot: {item.value}")
    per = ability.production.per
    if per is not None:
        found.append(f"amount: {per.kind}" + (" plus a constant" if per.plus else ""))
        if per.filter is not None and per.filter.other:
            found.append("amount: other permanents")
    if CHOSEN_TYPE in repr(ability):
        found.append("the chosen creature type")
    cost = ability.cost
    if cost.tapped_others is not None:
        found.append("cost: tap N untapped permanents you control (CR 602.2b)")
    if cost.exile_from_hand:
        found.append("cost: exile it from your hand (CR 113.6m)")
    if cost.energy:
        found.append("cost: energy (CR 107.14)")
    if cost.discard:
        found.append("cost: cards from your hand (discard, CR 701.9; or exile)")
    if cost.discard_hand:
        found.append("cost: discard your hand (CR 701.9a)")
    if ability.only_as_instant:
        found.append("activate only as an instant (CR 602.5e)")
    if cost.exile_graveyard:
        found.append("cost: exile cards from your graveyard")
    if cost.sacrifice_count > 1:
        found.append("cost: sacrifice several permanents")
    if condition is not None:
        found.extend(condition_features(condition))
    return found


def condition_features(condition: Condition) -> list[str]:
    """What a condition asks the board besides permanents and counters."""
    found = [f"condition: {FACTS[fact]}" for fact in sorted(condition.facts) if fact in FACTS]
    if condition.total_power:
        found.append("condition: total power (formidable)")
    if condition.imprinted:
        found.append("condition: a card exiled with it (imprint)")
    if condition.modified:
        found.append("condition: it is modified (CR 700.9)")
    if condition.designations:
        found.append("condition: a designation (renowned, CR 702.112b)")
    if condition.same_name:
        found.append("condition: permanents with the same name")
    return found


def trigger_features(trigger: ManaTrigger) -> list[str]:
    """The board-dependent features of a mana trigger."""
    if trigger.condition is None:
        return []
    return ["a mana trigger with a condition", *condition_features(trigger.condition)]


def static_features(effect: ContinuousEffect) -> list[str]:
    """The layers and filters a continuous effect uses."""
    found: list[str] = []
    if effect.layer is Layer.TYPE:
        if CHOSEN_TYPE in effect.land_types:
            found.append("layer 4: the chosen basic land type")
        elif effect.land_types:
            how = "instead of their land types" if effect.set_types else "in addition"
            found.append(f"layer 4: basic land types, {how} (CR 305.7)")
        if effect.card_types and effect.set_card_types:
            found.append("layer 4: card types set (CR 205.1a)")
        elif effect.card_types:
            found.append("layer 4: card types added")
        if effect.loses_land_types:
            found.append("layer 4: land types lost (CR 205.1a)")
    elif effect.layer is Layer.COLOR:
        found.append("layer 5: colors")
    else:
        if effect.grants:
            found.append("layer 6: granted mana abilities")
        if any(ability.condition is not None for ability in effect.grants):
            found.append("layer 6: granted while a condition holds")
        if effect.removes_abilities:
            found.append("layer 6: losing all abilities")
        if effect.extra_life:
            found.append("its mana abilities cost more life (CR 602.2b)")
    if effect.affects.attached:
        found.append("effect on the enchanted or equipped permanent")
    affects = effect.affects
    if affects.with_counters or affects.colors is not None or affects.keywords:
        found.append("the permanents: with a counter, a color or a keyword")
    if affects.name == CHOSEN_NAME:
        found.append("the permanents: with the chosen name")
    for ability in effect.grants:
        granted = features(replace(ability, condition=None))
        found.extend(f"granted: {feature}" for feature in granted)
    return found


def _reason_kind(reason: str) -> str:
    """The kind of a reason: "cost", "amount", "activation condition", ..."""
    kind = reason.split(":")[0].split(" (")[0]
    if kind == "amount" and ("power" in reason or "toughness" in reason):
        return "amount: power or toughness"
    if kind == "amount" and " counter" in reason and " on " in reason:
        return "amount: counters on the permanent"
    if "commander" in reason:
        return "commander's color identity"
    return kind


@dataclass
class Coverage:
    """Counts per category, and what was left unsupported."""

    candidates: Counter[str] = field(default_factory=Counter)
    parsed: Counter[str] = field(default_factory=Counter)
    partly: Counter[str] = field(default_factory=Counter)
    templates: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    reason_example: dict[str, str] = field(default_factory=dict)
    template_example: dict[str, tuple[str, str]] = field(default_factory=dict)
    unsupported_cards: list[str] = field(default_factory=list)
    empty_cards: list[str] = field(default_factory=list)
    replacement_cards: Counter[str] = field(default_factory=Counter)
    features: Counter[str] = field(default_factory=Counter)
    feature_example: dict[str, str] = field(default_factory=dict)
    granting_cards: Counter[str] = field(default_factory=Counter)
    type_changing_cards: Counter[str] = field(default_factory=Counter)
    unsupported_reasons: dict[str, list[str]] = field(default_factory=dict)
    unsupported_categories: dict[str, str] = field(default_factory=dict)
    un_cards: list[tuple[str, str, str, str, str]] = field(default_factory=list)
    """Un-set cards left out of the counts: (name, category, parsed or unsupported,
    why it is one, what isn't modelled and why)."""
    seconds: float = 0.0

    def rate(self, category: str | None = None) -> float:
        if category is None:
            total = sum(self.candidates.values())
            return sum(self.parsed.values()) / total if total else 1.0
        count = self.candidates[category]
        return self.parsed[category] / count if count else 1.0


def coverage(db: CardDatabase | None = None) -> Coverage:
    """Run the parser over every card of ``db`` (the card data in use by default)."""
    db = db or default_database()
    result = Coverage()
    start = time.perf_counter()
    for card in db:
        results: list[CardMana] = []
        candidate = False
        grants = changes = False
        for face in card.faces:
            mana = parse_mana(face.oracle_text, type_line=face.type_line, name=face.name)
            results.append(mana)
            candidate = candidate or has_mana_ability(face.oracle_text, face.type_line)
            if mana.replacements or any("replacement" in r for _, r in mana.unsupported):
                result.replacement_cards["parsed" if mana.supported else "unsupported"] += 1
            grants = grants or grants_mana_ability(face.oracle_text, face.type_line)
            changes = changes or changes_land_types(face.oracle_text, face.type_line)
        if not (candidate or grants or changes):
            continue
        category = _category(card)
        modelled = any(
            mana.abilities or mana.triggers or mana.statics or mana.doublings for mana in results
        )
        unsupported = [entry for mana in results for entry in mana.unsupported]
        status = "parsed" if modelled and not unsupported else "unsupported"
        why_un = un_card(card)
        if why_un:
            why = "; ".join(dict.fromkeys(reason for _, reason in unsupported))
            result.un_cards.append((card.name, category, status, why_un, why))
            continue
        result.candidates[category] += 1
        if grants:
            result.granting_cards[status] += 1
        if changes:
            result.type_changing_cards[status] += 1
        if modelled and not unsupported:
            result.parsed[category] += 1
            used = {f for mana in results for a in mana.abilities for f in features(a)}
            used |= {f for mana in results for e in mana.statics for f in static_features(e)}
            used |= {f for mana in results for t in mana.triggers for f in trigger_features(t)}
            for feature in sorted(used):
                result.features[feature] += 1
                result.feature_example.setdefault(feature, card.name)
            continue
        if not modelled and not unsupported:
            result.empty_cards.append(card.name)
        if modelled:
            result.partly[category] += 1
        result.unsupported_cards.append(card.name)
        result.unsupported_categories[card.name] = category
        result.unsupported_reasons[card.name] = list(
            dict.fromkeys(reason for _, reason in unsupported)
        ) or ["no mana ability read"]
        for kind in sorted({_reason_kind(reason) for _, reason in unsupported}):
            result.reasons[kind] += 1
            result.reason_example.setdefault(kind, card.name)
        for text, reason in unsupported:
            template = _template(text, card.faces[0].name)
            result.templates[template] += 1
            result.template_example.setdefault(template, (card.name, reason))
    result.seconds = time.perf_counter() - start
    return result


def _data_text(data: CardData | None) -> str:
    """Which card data the report is of (the bundled database's words as before)."""
    if data is None or data.kind == "bundled":
        return "the bundled card database:"
    return f"\n{data.kind} card data ({data.cards:,} cards of {data.date}, {data.source}):"


def report(result: Coverage, data: CardData | None = None) -> str:
    """The markdown report (of the card data ``data`` describes; bundled if None)."""
    lines = [
        "# Mana ability coverage",
        "",
        f"Generated by `python scripts/mana_coverage.py` from {_data_text(data)}",
        "how many cards with a mana ability (CR 605.1; basic land types, CR 305.6), or",
        "a static ability that grants mana abilities or changes basic land types (CR",
        "305.7, 613), `mtgmana.ability_text.parse_mana` models completely. A card",
        "counts as parsed only if every mana ability and every mana-relevant static",
        "ability on every face is modelled; *partly* cards have some modelled and at",
        "least one unsupported (counted as unsupported). Cards of the Un-sets are",
        "left out of the percentages (a row of their own, listed at the end): CR 100.7",
        "says they are meant for casual play and have features the rules don't cover",
        "(silver-bordered cards, Unfinity's acorn cards; its sticker sheets aren't even",
        "cards, CR 123.2). They are recognized by a funny symbol ({HR}, {∞}), the",
        "Stickers type, a watermark mechanic (Unstable), or by name.",
        "",
        "| Category | Cards | Parsed | Unsupported | (of which partly) | Parsed % |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for category in (*CATEGORIES, None):
        if category is None:
            cards = sum(result.candidates.values())
            parsed = sum(result.parsed.values())
            partly = sum(result.partly.values())
            label = "**all**"
        else:
            cards, parsed = result.candidates[category], result.parsed[category]
            partly, label = result.partly[category], category
        lines.append(
            f"| {label} | {cards} | {parsed} | {cards - parsed} | {partly} "
            f"| {100 * result.rate(category):.1f}% |"
        )
    un_parsed = sum(1 for _, _, status, _, _ in result.un_cards if status == "parsed")
    lines.append(
        f"| Un-set cards (not counted) | {len(result.un_cards)} | {un_parsed} "
        f"| {len(result.un_cards) - un_parsed} | | |"
    )
    replaced = result.replacement_cards
    granting, changing = result.granting_cards, result.type_changing_cards
    lines += [
        "",
        f"Counted above: {sum(granting.values())} cards whose static abilities grant mana"
        f" abilities ({granting['parsed']} parsed: layer 6, CR 613.1f) and"
        f" {sum(changing.values())} that change basic land types ({changing['parsed']}"
        " parsed: layer 4, CR 305.7). Not counted above: "
        f"{replaced['parsed']} faces with a modelled replacement effect"
        f" on mana (CR 106.12b) and {replaced['unsupported']} with an unsupported one.",
        "",
        "## Board-dependent templates modelled",
        "",
        "Parsed cards whose model uses each feature that the board resolves (a card",
        "with several counts in each): `mtgmana.board.Board.can_activate`,",
        "`resolve_slot` and `count` evaluate them, `Board.effective` applies the",
        "continuous effects in layers (`mtgmana.board.effects`, CR 613).",
        "",
        "| Cards | Feature | Example |",
        "|---:|---|---|",
        *(
            f"| {count} | {feature} | {result.feature_example[feature]} |"
            for feature, count in sorted(result.features.items(), key=lambda x: (-x[1], x[0]))
        ),
        "",
        "## Why cards are unsupported",
        "",
        "Cards per kind of reason (a card with several kinds counts in each). They need",
        "something the model doesn't have: costs the tapper can't weigh (X chosen by",
        'the player: "Sacrifice X Goats", "{X}"; returning or exiling a permanent;',
        "collect evidence); amounts from the sacrificed permanent's mana value or a",
        "noted type; mana added after another effect (a coin flip, revealed cards);",
        '"no more than three times each turn", exhaust (the tapper knows once a',
        "turn); spending restrictions a Spend can't describe; static abilities the",
        'layers can\'t say ("can\'t be activated", spending mana "as though it were',
        "mana of any color\", levels of a Class or a leveler, setting a creature's",
        "card types with its power). The last section lists every unsupported card",
        "with its reasons.",
        "",
        "| Cards | Reason | Example |",
        "|---:|---|---|",
        *(
            f"| {count} | {kind} | {result.reason_example[kind]} |"
            for kind, count in result.reasons.most_common()
        ),
        "",
        "## Top 20 unsupported templates",
        "",
        "Mana symbols are written `{M}`, generic mana `{N}`, a basic land type `LANDTYPE`,"
        " the card itself `CARDNAME`.",
        "",
        "| Count | Template | Reason (first card) |",
        "|---:|---|---|",
    ]
    for template, count in result.templates.most_common(20):
        card, reason = result.template_example[template]
        cell = template.replace("|", "\\|")
        lines.append(f"| {count} | {cell} | {reason} ({card}) |")
    lines += [
        "",
        "## Every unsupported card",
        "",
        "| Card | Category | Why |",
        "|---|---|---|",
    ]
    for name in sorted(result.unsupported_cards):
        why = "; ".join(result.unsupported_reasons.get(name, ())).replace("|", "\\|")
        lines.append(f"| {name} | {result.unsupported_categories.get(name, '')} | {why} |")
    lines += [
        "",
        "## Un-set cards (not counted)",
        "",
        "| Card | Category | Status | Why it is one | Why unsupported |",
        "|---|---|---|---|---|",
        *(
            f"| {name} | {category} | {status} | {un} | {why.replace('|', chr(92) + '|')} |"
            for name, category, status, un, why in sorted(result.un_cards)
        ),
    ]
    lines += ["", f"Parsing every face of every card took {result.seconds:.1f} s.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", metavar="FILE", help="a card file (default: the data in use)")
    parser.add_argument("--out", metavar="PATH", help="where the report goes ('-': nowhere)")
    args = parser.parse_args(argv)
    data = use(args.cards, chosen_by="--cards") if args.cards else data_in_use()
    text = report(coverage(), data)
    print(text)
    if args.out == "-":
        return 0
    if args.out:
        out = Path(args.out)
    elif data.kind == "bundled":
        out = ROOT / "docs" / "mana-coverage.md"
    elif data.path is not None and Path(data.path).is_dir():
        out = Path(data.path) / "mana-coverage.md"
    else:
        parser.error("give --out PATH: the card data has no directory to write the report in")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
