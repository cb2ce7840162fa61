"""The battlefield as far as mana is concerned: permanents, boards, and what their
abilities can do (CR 106.7, 106.12, 110, 111.10, 605, 613).

:class:`Board` and :class:`Permanent` are the values the tapper
(:mod:`mtgmana.tapping`) works on; :class:`Token` and :func:`token` the mana tokens
the card data doesn't list (Treasure, Gold, ...).

>>> from mtgmana.board import Board
>>> board = Board.parse("Forest, 2 Island, Sol Ring")
>>> [p.name for p in board.permanents], board.permanents[3].abilities[0].text
(['Forest', 'Island', 'Island', 'Sol Ring'], '{T}: Add {C}{C}.')

The package, one concept a module — the vocabulary first, which
:mod:`mtgmana.ability_text` reads Oracle text into:

* :mod:`~mtgmana.board.conditions`: the permanents abilities name and the
  conditions they ask about (CR 602.5b);
* :mod:`~mtgmana.board.abilities`: mana abilities, triggered mana abilities and
  replacement effects (CR 605, 106.12);
* :mod:`~mtgmana.board.effects`: continuous effects (CR 611.3, 613);

then what is built from it:

* :mod:`~mtgmana.board.tokens`: the mana tokens (CR 111.10);
* :mod:`~mtgmana.board.permanent`: :class:`Permanent`;
* :mod:`~mtgmana.board.queries`: what permanents could produce and what their
  abilities ask of the board (CR 106.7);
* :mod:`~mtgmana.board.layers`: continuous effects applied (CR 613);
* :mod:`~mtgmana.board.lists`: boards as people write them ("Forest, 2 Tundra");
* :mod:`~mtgmana.board.battlefield`: :class:`Board`.

The names here are imported when first used (PEP 562), so importing a module of the
vocabulary doesn't build the rest.
"""

from __future__ import annotations

from .._lazy import lazy_names

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from .battlefield import Board
    from .permanent import Permanent
    from .tokens import TOKENS, Token, token

__all__ = ["TOKENS", "Board", "Permanent", "Token", "token"]

_HOMES = {
    "Board": "battlefield",
    "Permanent": "permanent",
    "TOKENS": "tokens",
    "Token": "tokens",
    "token": "tokens",
}


__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals(), __all__)
