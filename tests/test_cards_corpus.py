"""The card model against Scryfall, on every record of ../shared/data/cards.jsonl.gz.

For every record: our mana value (CR 202.3) equals Scryfall's ``cmc`` where the record
has one; our colors (CR 202.2, 204, 604.3) equal Scryfall's top-level ``colors`` (as
sets) where it has them; our color identity (CR 903.4) equals Scryfall's
``color_identity`` on every record. Meld results get their two fronts (CR 712.4,
202.3c), found in the corpus from the fronts' "Melds with X" / "meld them into Y" text.

Disagreements that the rules explain are listed below, each with its reason. The
lists are exact: a new disagreement fails, and so does a listed one that starts
agreeing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from conftest import corpus_records
from mtgmana.cards.model import Card, Layout
from mtgmana.colors import Color

# name -> why Scryfall's value differs from the rules' (and ours).
MANA_VALUE_EXCEPTIONS: dict[str, str] = {
    "Goblin War Party": ("Scryfall's cmc 2 contradicts its own mana cost {3}{R}; CR 202.3 gives 4"),
}
COLORS_EXCEPTIONS: dict[str, str] = {}
COLOR_IDENTITY_EXCEPTIONS: dict[str, str] = {
    "Rograkh, Son of Rohgahh": (
        "the printed card has a red color indicator (CR 204, 903.4), which the record "
        "lacks (no color_indicator, no colors): from its data alone, {0} and no colored "
        "symbols make the identity colorless"
    ),
    # Vanguard cards (CR 902) are nontraditional; Scryfall gives all of them an empty
    # identity. CR 903.4 counts the mana symbols in any card's rules text.
    "Eladamri, Lord of Leaves Avatar": "Scryfall: vanguard, empty; CR 903.4: {G}{G} in text",
    "Elvish Champion Avatar": "Scryfall: vanguard, empty; CR 903.4: {G} in text",
    "Etched Oracle Avatar": "Scryfall: vanguard, empty; CR 903.4: {W}{U}{B}{R}{G} in text",
    "Master of the Wild Hunt Avatar": "Scryfall: vanguard, empty; CR 903.4: {2}{G}{G} in text",
    "Nekrataal Avatar": "Scryfall: vanguard, empty; CR 903.4: {B} in text",
}

_MELD_INTO = re.compile(r"meld them into ([^.]+)\.")
_MELDS_WITH = re.compile(r"\(Melds with ([^.]+)\.\)")


@cache
def records() -> tuple[dict[str, Any], ...]:
    return tuple(corpus_records())  # skipped without ../shared, saying how to get it


@cache
def meld_fronts() -> dict[str, tuple[str, str]]:
    """Meld result name -> its two fronts: the card that says "meld them into Y" and
    the card that says "(Melds with <that card>.)" (CR 712.5)."""
    partner_of: dict[str, str] = {}  # "Melds with X" card -> X
    into: dict[str, str] = {}  # result -> the card that melds them into it
    for record in records():
        text = record.get("oracle_text", "")
        if (match := _MELDS_WITH.search(text)) is not None:
            partner_of[match.group(1)] = record["name"]
        if (match := _MELD_INTO.search(text)) is not None:
            into[match.group(1)] = record["name"]
    return {result: (melder, partner_of[melder]) for result, melder in into.items()}


@cache
def cards() -> tuple[Card, ...]:
    recs = records()
    built = [Card.from_scryfall(record) for record in recs]
    by_name = {card.name: card for card in built}
    fronts_by_result = meld_fronts()
    for index, record in enumerate(recs):
        fronts = fronts_by_result.get(record["name"])
        if fronts is not None:
            built[index] = Card.from_scryfall(
                record, meld_fronts=(by_name[fronts[0]], by_name[fronts[1]])
            )
    return tuple(built)


def _disagreements(
    want: Callable[[dict[str, Any]], object | None], got: Callable[[Card], object]
) -> tuple[int, dict[str, tuple[object, object]]]:
    compared = 0
    found: dict[str, tuple[object, object]] = {}
    for record, card in zip(records(), cards(), strict=True):
        expected = want(record)
        if expected is None:
            continue
        compared += 1
        actual = got(card)
        if actual != expected:
            found[record["name"]] = (actual, expected)
    return compared, found


def _check(
    what: str,
    compared: int,
    found: dict[str, tuple[object, object]],
    exceptions: dict[str, str],
) -> None:
    new = {name: found[name] for name in sorted(found.keys() - exceptions.keys())}
    fixed = sorted(exceptions.keys() - found.keys())
    assert not new, f"{what}: {len(new)} of {compared} records disagree (ours, Scryfall's): {new}"
    assert not fixed, f"{what}: listed exceptions now agree; remove them: {fixed}"


def test_corpus_is_complete() -> None:
    assert len(records()) == 30422


def test_meld_results_get_their_fronts_cr_712_5() -> None:
    fronts = meld_fronts()
    assert fronts["Brisela, Voice of Nightmares"] == (
        "Gisela, the Broken Blade",
        "Bruna, the Fading Light",
    )
    assert len(fronts) == 7  # CR 712.5a-g
    by_name = {card.name: card for card in cards()}
    assert fronts.keys() <= by_name.keys()  # all seven results are in the corpus
    expected = {
        "Brisela, Voice of Nightmares": 11,  # 7 + 4 (Scryfall's cmc too)
        "Chittering Host": 7,  # 5 + 2 (Scryfall's cmc too)
        "Hanweir, the Writhing Township": 3,  # 3 + 0 (Scryfall's cmc too)
        "Mishra, Lost to Phyrexia": 7,  # 4 + 3
        "Urza, Planeswalker": 8,  # 3 + 5
        "Titania, Gaea Incarnate": 3,  # 3 + 0
        "Ragnarok, Divine Deliverance": 7,  # 4 + 3
    }
    assert {name: by_name[name].mana_value for name in fronts} == expected
    for name in fronts:
        result = by_name[name]
        assert result.layout is Layout.MELD and len(result.meld_fronts) == 2
        assert result.faces[0].is_back and result.faces[0].copy_mana_value == 0


def test_mana_value_equals_scryfall_cmc_cr_202_3() -> None:
    compared, found = _disagreements(lambda r: r.get("cmc"), lambda c: c.mana_value)
    assert compared == 19888
    _check("mana value", compared, found, MANA_VALUE_EXCEPTIONS)


def test_colors_equal_scryfall_colors_cr_202_2_204() -> None:
    compared, found = _disagreements(
        lambda r: Color.from_scryfall(r["colors"]) if "colors" in r else None,
        lambda c: c.colors,
    )
    assert compared == 19793
    _check("colors", compared, found, COLORS_EXCEPTIONS)


def test_color_identity_equals_scryfall_on_every_record_cr_903_4() -> None:
    compared, found = _disagreements(
        lambda r: Color.from_scryfall(r["color_identity"]), lambda c: c.color_identity
    )
    assert compared == 30422
    _check("color identity", compared, found, COLOR_IDENTITY_EXCEPTIONS)


def test_listed_exceptions_are_real_records() -> None:
    names = {record["name"] for record in records()}
    for exceptions in (MANA_VALUE_EXCEPTIONS, COLORS_EXCEPTIONS, COLOR_IDENTITY_EXCEPTIONS):
        assert exceptions.keys() <= names
    vanguards = {r["name"] for r in records() if r.get("layout") == "vanguard"}
    assert {n for n in COLOR_IDENTITY_EXCEPTIONS if n.endswith("Avatar")} <= vanguards


def test_every_record_builds_and_inferred_layouts_match_scryfall() -> None:
    """Where Scryfall gives a layout, inferring it from the structure gives the same,
    except for meld results, which only their fronts identify."""
    mismatched = []
    for record in records():
        if "layout" not in record:
            continue
        without = {key: value for key, value in record.items() if key != "layout"}
        inferred = Card.from_scryfall(without).layout
        if inferred.value != record["layout"]:
            mismatched.append(record["name"])
    with_layout = {r["name"] for r in records() if "layout" in r}
    assert sorted(mismatched) == sorted(meld_fronts().keys() & with_layout)
