"""Card records shared by the card tests: a few real cards as Scryfall-like objects
(a normal card, accents, a transforming card, a split card, a meld pair and its
result), the seven meld pairs of CR 712.5, and the bundled database's records."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "src" / "mtgmana" / "data" / "cards.jsonl.gz"

# CR 712.5a-g: "There are seven specific meld pairs."
MELD_PAIRS = {
    "Chittering Host": ("Graf Rats", "Midnight Scavengers"),
    "Hanweir, the Writhing Township": ("Hanweir Battlements", "Hanweir Garrison"),
    "Brisela, Voice of Nightmares": ("Bruna, the Fading Light", "Gisela, the Broken Blade"),
    "Mishra, Lost to Phyrexia": ("Mishra, Claimed by Gix", "Phyrexian Dragon Engine"),
    "Urza, Planeswalker": ("The Mightstone and Weakstone", "Urza, Lord Protector"),
    "Titania, Gaea Incarnate": ("Argoth, Sanctum of Nature", "Titania, Voice of Gaea"),
    "Ragnarok, Divine Deliverance": ("Fang, Fearless l'Cie", "Vanille, Cheerful l'Cie"),
}


# -- small records ------------------------------------------------------------------

BOLT = {
    "name": "Lightning Bolt",
    "layout": "normal",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "oracle_text": "Lightning Bolt deals 3 damage to any target.",
}
VAULT = {
    "name": "Lim-Dûl's Vault",
    "layout": "normal",
    "mana_cost": "{U}{B}",
    "type_line": "Instant",
    "oracle_text": "Look at the top five cards of your library. ...",
}
HUNTMASTER = {
    "name": "Huntmaster of the Fells // Ravager of the Fells",
    "layout": "transform",
    "type_line": "Creature — Human Werewolf // Creature — Werewolf",
    "card_faces": [
        {
            "name": "Huntmaster of the Fells",
            "mana_cost": "{2}{R}{G}",
            "colors": ["G", "R"],
            "type_line": "Creature — Human Werewolf",
            "oracle_text": "At the beginning of each upkeep, ... transform this creature.",
        },
        {
            "name": "Ravager of the Fells",
            "mana_cost": "",
            "colors": ["G", "R"],
            "type_line": "Creature — Werewolf",
            "oracle_text": "Trample\nAt the beginning of each upkeep, ... transform it.",
        },
    ],
}
ALIVE_WELL = {
    "name": "Alive // Well",
    "layout": "split",
    "mana_cost": "{3}{G} // {W}",
    "type_line": "Sorcery // Sorcery",
    "card_faces": [
        {"name": "Alive", "mana_cost": "{3}{G}", "type_line": "Sorcery", "oracle_text": "..."},
        {"name": "Well", "mana_cost": "{W}", "type_line": "Sorcery", "oracle_text": "..."},
    ],
}
BRUNA = {
    "name": "Bruna, the Fading Light",
    "layout": "meld",
    "mana_cost": "{5}{W}{W}",
    "type_line": "Legendary Creature — Angel Horror",
    "oracle_text": "Flying, vigilance\n(Melds with Gisela, the Broken Blade.)",
}
GISELA = {
    "name": "Gisela, the Broken Blade",
    "layout": "meld",
    "mana_cost": "{2}{W}{W}",
    "type_line": "Legendary Creature — Angel Horror",
    "oracle_text": (
        "Flying, first strike, lifelink\nAt the beginning of your end step, if you both own "
        "and control Gisela and a creature named Bruna, the Fading Light, exile them, then "
        "meld them into Brisela, Voice of Nightmares."
    ),
}
BRISELA = {
    "name": "Brisela, Voice of Nightmares",
    "layout": "meld",
    "mana_cost": "",
    "type_line": "Legendary Creature — Eldrazi Angel",
    "oracle_text": "Flying, first strike, vigilance, lifelink",
}
SMALL: list[dict[str, Any]] = [BOLT, VAULT, HUNTMASTER, ALIVE_WELL, BRUNA, GISELA, BRISELA]


def bundled_records() -> list[dict[str, Any]]:
    """The records of the bundled database, read with the standard library."""
    with gzip.open(BUNDLED, "rt", encoding="ascii") as handle:
        return [json.loads(line) for line in handle]
