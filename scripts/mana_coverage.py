"""How much of the bundled card database :mod:`mtgmana.ability_text` models.

A card *has a mana ability* (CR 605.1) when, with reminder text removed, one of its
faces has a basic land type on a land (CR 305.6), an activated ability whose effect
adds mana — not a loyalty ability, no target (CR 605.1a) — or a triggered ability
on a permanent being tapped for mana that adds mana (CR 605.1b). This detector is a
few plain regular expressions, independent of the parser, so that the parser can't
hide a mana ability by not recognizing it. A card is *parsed* when every face's
:func:`~mtgmana.ability_text.parse_mana` has at least one ability or trigger and
nothing unsupported.

Categories: a card is a land if any face is a land, else a creature, else an
artifact, else "other". The report also counts the parsed cards that use each
board-dependent feature of the model (conditions, dynamic slots, amounts, the
chosen creature type). Run ``python scripts/mana_coverage.py``: it prints a
markdown report and writes it to ``docs/mana-coverage.md``.
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from mtgmana.abilities import CHOSEN_TYPE, DynamicSlot, ManaAbility  # noqa: E402
from mtgmana.ability_text import CardMana, parse_mana  # noqa: E402
from mtgmana.cards import Card, CardDatabase  # noqa: E402

__all__ = ["Coverage", "coverage", "features", "has_mana_ability", "main", "report"]

CATEGORIES = ("land", "creature", "artifact", "other")
_REMINDER = re.compile(r"\([^()]*\)")
_QUOTED = re.compile(r'"[^"]*"')
_BASIC = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
_ACTIVATED = re.compile(r"(?:[^:—]* — )?(?P<cost>[^:]+): (?P<effect>.*)")
_ADD = re.compile(r"\b[Aa]dd\b")
_LOYALTY = re.compile(r"[+\-−]?(?:\d+|X)")
_TRIGGER = re.compile(r"(?:Until end of turn, )?[Ww]henever\b.*\bfor mana\b.*\badds?\b")
_REPLACEMENT = re.compile(r"\bfor (?:two or more )?mana\b.*\bproduces?\b")
_GRANT = re.compile(r'"[^"]*: Add\b')
_CREATES = re.compile(r"\b[Cc]reates?\b|\btoken named\b")
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
            if not _LOYALTY.fullmatch(cost) and "target" not in match["effect"].lower():
                return True
        if _TRIGGER.match(line):
            return True
    return False


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


def features(ability: ManaAbility) -> list[str]:
    """The board-dependent features of the model an ability uses."""
    found: list[str] = []
    condition = ability.condition
    if condition is not None:
        if condition.activation:
            found.append("activation condition (CR 602.5b)")
        elif condition.counters and not condition.negated and condition.text.startswith("STATION"):
            found.append("station: only with N charge counters (CR 721.2a)")
        else:
            found.append('"instead": two abilities with complementary conditions')
    for choice in ability.production.choices:
        for item in choice.slots:
            if isinstance(item, DynamicSlot):
                found.append(f"slot: {item.value}")
    per = ability.production.per
    if per is not None:
        found.append(f"amount: {per.kind}" + (" plus a constant" if per.plus else ""))
        if per.filter is not None and per.filter.other:
            found.append("amount: other permanents")
    if CHOSEN_TYPE in repr(ability):
        found.append("the chosen creature type")
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
    granting_cards: int = 0
    seconds: float = 0.0

    def rate(self, category: str | None = None) -> float:
        if category is None:
            total = sum(self.candidates.values())
            return sum(self.parsed.values()) / total if total else 1.0
        count = self.candidates[category]
        return self.parsed[category] / count if count else 1.0


def coverage(db: CardDatabase | None = None) -> Coverage:
    """Run the parser over every card of ``db`` (the bundled database by default)."""
    db = db or CardDatabase.bundled()
    result = Coverage()
    start = time.perf_counter()
    for card in db:
        results: list[CardMana] = []
        candidate = False
        for face in card.faces:
            mana = parse_mana(face.oracle_text, type_line=face.type_line, name=face.name)
            results.append(mana)
            candidate = candidate or has_mana_ability(face.oracle_text, face.type_line)
            if mana.replacements or any("replacement" in r for _, r in mana.unsupported):
                result.replacement_cards["parsed" if mana.supported else "unsupported"] += 1
            if any(_GRANT.search(line) and not _CREATES.search(line)
                   for line in _REMINDER.sub("", face.oracle_text).splitlines()):  # fmt: skip
                result.granting_cards += 1
        if not candidate:
            continue
        category = _category(card)
        result.candidates[category] += 1
        modelled = any(mana.abilities or mana.triggers for mana in results)
        unsupported = [entry for mana in results for entry in mana.unsupported]
        if modelled and not unsupported:
            result.parsed[category] += 1
            used = {f for mana in results for a in mana.abilities for f in features(a)}
            for feature in sorted(used):
                result.features[feature] += 1
                result.feature_example.setdefault(feature, card.name)
            continue
        if not modelled and not unsupported:
            result.empty_cards.append(card.name)
        if modelled:
            result.partly[category] += 1
        result.unsupported_cards.append(card.name)
        for kind in sorted({_reason_kind(reason) for _, reason in unsupported}):
            result.reasons[kind] += 1
            result.reason_example.setdefault(kind, card.name)
        for text, reason in unsupported:
            template = _template(text, card.faces[0].name)
            result.templates[template] += 1
            result.template_example.setdefault(template, (card.name, reason))
    result.seconds = time.perf_counter() - start
    return result


def report(result: Coverage) -> str:
    """The markdown report."""
    lines = [
        "# Mana ability coverage",
        "",
        "Generated by `python scripts/mana_coverage.py` from the bundled card database:",
        "how many cards with a mana ability (CR 605.1; basic land types, CR 305.6)",
        "`mtgmana.ability_text.parse_mana` models completely. A card counts as parsed",
        "only if every mana ability on every face is modelled; *partly* cards have some",
        "abilities modelled and at least one unsupported (counted as unsupported).",
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
    replaced = result.replacement_cards
    lines += [
        "",
        f"Not counted above: {replaced['parsed']} faces with a modelled replacement effect"
        f" on mana (CR 106.12b) and {replaced['unsupported']} with an unsupported one;"
        f" {result.granting_cards} faces grant a mana ability to other objects"
        ' ("Lands you control have ...": unsupported, the model has no granted abilities).',
        "",
        "## Board-dependent templates modelled",
        "",
        "Parsed cards whose model uses each feature that the board resolves (a card",
        "with several counts in each): `mtgmana.battlefield.Board.can_activate`,",
        "`resolve_slot` and `count` evaluate them.",
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
        "something the model doesn't have: costs other than mana, {T}, {Q}, life,",
        "sacrifice, tapping one permanent and removing counters (energy, discarding,",
        "milling, exiling, tapping several creatures); amounts from the graveyard, life,",
        "toughness or mana values; conditions on other game state (poison counters, the",
        'initiative, "during your turn"); mana added after another effect; granted',
        "abilities.",
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
    lines += ["", f"Parsing every face of every card took {result.seconds:.1f} s.", ""]
    return "\n".join(lines)


def main() -> None:
    text = report(coverage())
    print(text)
    (ROOT / "docs").mkdir(exist_ok=True)
    (ROOT / "docs" / "mana-coverage.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
