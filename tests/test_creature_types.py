"""The creature types (CR 205.3m) are the rules' own list."""

from __future__ import annotations

import re

from conftest import VENDORED, shared_path
from mtgmana.creature_types import CREATURE_TYPES

EXCERPT = VENDORED / "comprules-excerpt.txt"
"""The rules the tests read, copied from ../shared/data/comprules.txt."""


def test_the_creature_types_are_those_of_cr_205_3m() -> None:
    rule = re.search(r"^205\.3m (.*)$", EXCERPT.read_text(encoding="utf-8"), re.M)
    assert rule is not None
    listed = rule.group(1).split("one word long:")[1].split(".")[0]
    names = {re.sub(r"^and ", "", item.strip()) for item in listed.split(",")}
    assert names | {"Time Lord"} == CREATURE_TYPES


def test_the_excerpt_is_the_rules_own_text() -> None:
    rules = shared_path("data", "comprules.txt").read_text(encoding="utf-8").splitlines()
    excerpt = [line for line in EXCERPT.read_text(encoding="utf-8").splitlines() if line]
    assert excerpt and set(excerpt) <= set(rules)
