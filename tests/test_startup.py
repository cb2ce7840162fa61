"""Start-up stays cheap: ``import mtgmana`` imports its names when first used, the
command-line tool's parser is built without the heavy modules, and a card is found
through the bundled index without decoding every card. (Timings: bench/bench_startup.py.)
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mtgmana
from mtgmana.cli import pool as pool_command
from mtgmana.pool.emptying import Ending

PACKAGE = Path(mtgmana.__file__).resolve().parent


def _fresh(code: str) -> object:
    """The JSON value a fresh interpreter prints after running ``code``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE.parent), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


_LOADED = "import json, sys; print(json.dumps(sorted(m for m in sys.modules if 'mtgmana' in m)))"


def test_import_mtgmana_imports_nothing_else() -> None:
    assert _fresh(f"import mtgmana; {_LOADED}") == ["mtgmana"]
    loaded = _fresh(f"from mtgmana import ManaCost; {_LOADED}")
    assert isinstance(loaded, list) and "mtgmana.costs" in loaded
    assert not [m for m in loaded if m.startswith(("mtgmana.cards", "mtgmana.payment"))]


def test_dir_shows_the_public_names_only() -> None:
    """``dir()`` of the lazy facades lists ``__all__``, not their machinery."""
    import mtgmana.ability_text
    import mtgmana.board
    import mtgmana.tapping

    for module in (mtgmana, mtgmana.ability_text, mtgmana.board, mtgmana.tapping):
        assert dir(module) == sorted(module.__all__), module.__name__


def test_every_re_exported_name_is_there() -> None:
    assert set(mtgmana.__all__) == set(mtgmana._HOMES)
    for name, home in mtgmana._HOMES.items():
        module = importlib.import_module(f"mtgmana.{home}")
        assert getattr(mtgmana, name) is getattr(module, name), name
    assert set(mtgmana.__all__) <= set(dir(mtgmana))
    with pytest.raises(AttributeError, match="no attribute 'ManaCots'"):
        _ = mtgmana.ManaCots
    from mtgmana import ManaCost, cards

    assert ManaCost.parse("{1}").mana_value == 1
    assert cards.load_scryfall_bulk.__module__ == "mtgmana.cards.loaders"
    with pytest.raises(AttributeError, match="no attribute 'load_mtgjson'"):
        _ = cards.load_mtgjson


_COMMANDS = [
    "_analysis",
    "_output",
    "_serve_command",
    "card",
    "castability",
    "cost",
    "deck",
    "pay",
    "pool",
    "sources_needed",
    "sources_table",
    "tap",
]
_LIGHT = {"__future__", "argparse", "collections.abc", "math", "sys", "typing"}


@pytest.mark.parametrize("module", _COMMANDS)
def test_command_modules_import_only_light_modules_when_the_parser_is_built(
    module: str,
) -> None:
    tree = ast.parse((PACKAGE / "cli" / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:  # top level only: `if TYPE_CHECKING:` blocks don't run
        if isinstance(node, ast.Import):
            assert {alias.name for alias in node.names} <= _LIGHT, ast.unparse(node)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: only the CLI's own light helpers
                assert node.module in ("_output", "_analysis"), ast.unparse(node)
            else:
                assert node.module in _LIGHT, ast.unparse(node)


def test_building_the_parser_imports_only_the_command_modules() -> None:
    loaded = _fresh(f"from mtgmana.cli import build_parser; build_parser(); {_LOADED}")
    assert isinstance(loaded, list)
    assert [m for m in loaded if not m.startswith("mtgmana.cli")] == ["mtgmana"]


def test_pool_choices_are_the_endings() -> None:
    assert tuple(ending.value for ending in Ending) == pool_command._ENDINGS


def test_a_lookup_decodes_one_block_of_cards() -> None:
    code = (
        "import json; from mtgmana.cards import CardDatabase, lookup; "
        "card = lookup('Lightning Bolt'); db = CardDatabase.bundled(); "
        "print(json.dumps([card.mana_value, type(db._store).__name__, len(db._store._blocks)]))"
    )
    assert _fresh(code) == [1, "CardIndex", 1]


def test_a_card_found_by_name_asks_for_no_suggestions() -> None:
    """Only an unknown name is matched against the tokens' and cards' names (difflib)."""
    code = (
        "import json, sys; from mtgmana.board import Permanent; Permanent.named('Forest');"
        "Permanent.named('Treasure'); print(json.dumps('difflib' in sys.modules))"
    )
    assert _fresh(code) is False
    from mtgmana.board import Permanent
    from mtgmana.errors import UnknownCardError

    with pytest.raises(UnknownCardError) as raised:
        Permanent.named("Tresure")
    assert raised.value.suggestions[0] == "Treasure"


def test_reading_a_cards_mana_imports_only_the_mana_reader() -> None:
    """``mtgmana tap`` reads cards' mana: not their casting, entering, ramp or spending;
    and it makes a plan without the mana pool (needed to replay one: Plan.apply)."""
    code = (
        "import json, sys; from mtgmana.cli import main;"
        "main(['tap', '{G}', '--sources', "
        "'Forest, Azorius Signet, Mystic Gate, Springleaf Drum, Llanowar Elves']);"
        f"{_LOADED}"
    )
    loaded = _fresh(code)
    assert isinstance(loaded, list) and "mtgmana.ability_text._reader" in loaded
    assert "mtgmana.tapping.plans" in loaded
    lazy = {"_casting", "_entering", "_lands", "_ramp", "_spend"}
    assert not lazy & {m.removeprefix("mtgmana.ability_text.") for m in loaded}
    assert "mtgmana.pool" not in loaded and "mtgmana.creature_types" not in loaded


def test_every_name_of_the_text_reader_is_there() -> None:
    import mtgmana.ability_text as text

    assert set(text._HOMES) < set(text.__all__)
    for name in text.__all__:
        home = text._HOMES.get(name)
        value = getattr(text, name)
        if home is not None:
            assert value is getattr(importlib.import_module(f"mtgmana.ability_text.{home}"), name)
    with pytest.raises(AttributeError, match="no attribute 'spend_off'"):
        _ = text.spend_off
    from mtgmana.ability_text import Entry, spend_of

    assert spend_of("Llanowar Elves").mana_value == 1 and Entry.__module__.endswith("_lands")
