"""Read by ``mypy --strict`` (pyproject's ``files``; ``tests/test_project.py`` runs
it), never by pytest: each tag type compared with a typo must be a type error
(``comparison-overlap``). Strict mode warns of an unused ``type: ignore``, so were a
tag type loosened back to ``str``, the ignore would go unused and mypy would fail."""

from __future__ import annotations

from mtgmana.ability_text._costs import CostStepKind
from mtgmana.ability_text._filters import QualityKind
from mtgmana.analysis.counting import SpellReport
from mtgmana.analysis.decks.legality import LegalityCode, LegalityWarning
from mtgmana.analysis.reports.svg import Dash, LegendMark
from mtgmana.analysis.roles import CardRole, RoleKind
from mtgmana.analysis.roles._mana import CountersCast
from mtgmana.board.abilities import Amount, AmountKind
from mtgmana.cards.files import CardFileKind
from mtgmana.cards.store import CardData
from mtgmana.cli._progress import Mode
from mtgmana.cli._serve_schema import ErrorCode, FieldSpec, RequestError
from mtgmana.errors import LimitCode, LimitError, UnknownCardError
from mtgmana.payment import Alternative

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
    cost_step: CostStepKind,
    quality: QualityKind,
    role_kind: RoleKind,
    role: CardRole,
    counters_cast: CountersCast,
    spell: SpellReport,
    legality_code: LegalityCode,
    legality: LegalityWarning,
    dash: Dash,
    mark: LegendMark,
    alternative: Alternative,
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
        cost_step == "sacrifice_other",  # type: ignore[comparison-overlap]
        quality == "with_counter",  # type: ignore[comparison-overlap]
        role_kind == "creature",  # type: ignore[comparison-overlap]
        role.kind == "lands",  # type: ignore[comparison-overlap]
        counters_cast == "kicked",  # type: ignore[comparison-overlap]
        role.counters_cast == "x",  # type: ignore[comparison-overlap]
        spell.kind == "instant",  # type: ignore[comparison-overlap]
        legality_code == "deck_size",  # type: ignore[comparison-overlap]
        legality.code == "colour-identity",  # type: ignore[comparison-overlap]
        dash == "6 2",  # type: ignore[comparison-overlap]
        mark == "line:6 3",  # type: ignore[comparison-overlap]
        alternative.kind == "convoked",  # type: ignore[comparison-overlap]
    ]
