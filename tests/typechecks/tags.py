"""Read by ``mypy --strict`` (pyproject's ``files``; ``tests/test_project.py`` runs
it), never by pytest: each tag type compared with a typo must be a type error
(``comparison-overlap``). Strict mode warns of an unused ``type: ignore``, so were a
tag type loosened back to ``str``, the ignore would go unused and mypy would fail."""

from __future__ import annotations

from mtgmana.board.abilities import Amount, AmountKind
from mtgmana.cards.files import CardFileKind
from mtgmana.cards.store import CardData
from mtgmana.cli._progress import Mode
from mtgmana.cli._serve_schema import ErrorCode, FieldSpec, RequestError
from mtgmana.errors import LimitCode, LimitError, UnknownCardError

__all__ = ["typos"]


def typos(
    amount: Amount,
    amount_kind: AmountKind,
    card_file: CardFileKind,
    card_data: CardData,
    mode: Mode,
    error_code: ErrorCode,
    field: FieldSpec,
    request: RequestError,
    limit_code: LimitCode,
    limit: LimitError,
    unknown: UnknownCardError,
) -> list[bool]:
    """Each comparison holds a typo that mypy must refuse."""
    return [
        amount.kind == "devotoin",  # type: ignore[comparison-overlap]
        amount_kind == "permanent",  # type: ignore[comparison-overlap]
        card_file == "json-lines",  # type: ignore[comparison-overlap]
        card_data.kind == "bundle",  # type: ignore[comparison-overlap]
        mode == "of",  # type: ignore[comparison-overlap]
        error_code == "bad_requests",  # type: ignore[comparison-overlap]
        field.kind == "boolean",  # type: ignore[comparison-overlap]
        field.limit_code == "too_many_game",  # type: ignore[comparison-overlap]
        request.code == "unknown_cards",  # type: ignore[comparison-overlap]
        limit_code == "too_much",  # type: ignore[comparison-overlap]
        limit.code == "search_budgets",  # type: ignore[comparison-overlap]
        unknown.code == "name_too_lon",  # type: ignore[comparison-overlap]
    ]
