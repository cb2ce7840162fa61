"""Private: a :class:`~mtgmana.tapping.Plan` written straight as JSON text, the
text ``mtgmana serve`` writes for :meth:`Plan.to_json` (CR 605.3a: the steps in
order, each with what it paid and made; CR 601.2g-h: the cost's symbols paid) —
without the dicts and lists in between (``mtgmana._json_text``: exactly what the
encoder writes; a step out of the ordinary goes through the encoder itself)."""

from __future__ import annotations

import weakref
from typing import Final

from .._json_text import TEXT, UNIT_TEXTS, parts_text, string, unit_text, units_text
from ..colors import ManaType
from ..tapping.plans import Plan, Step

__all__ = ["plan_text"]

_SYMBOLS: Final = {t: t.symbol for t in ManaType}


def plan_text(plan: Plan) -> str:
    """``TEXT.encode(plan.to_json())``, made faster; a plan asked again (the tapper
    remembers its plans, ``tapping._api._PLANS``) written once (a plan is
    immutable). The entry holds a weak reference, not the plan: plans kept alive
    here would make every garbage collection of the server slower."""
    hit = _TEXTS.get(id(plan))
    if hit is not None and hit[0]() is plan:
        return hit[1]
    text = _plan_text(plan)
    if len(_TEXTS) >= _TEXTS_MAX:
        del _TEXTS[next(iter(_TEXTS))]  # the oldest
    _TEXTS[id(plan)] = (weakref.ref(plan), text)
    return text


_TEXTS: dict[int, tuple[weakref.ref[Plan], str]] = {}
_TEXTS_MAX: Final = 256


def _plan_text(plan: Plan) -> str:
    """:func:`plan_text` (the totals added up on the way through the steps, as the
    plan's properties add them up)."""
    texts = []
    life = damage = 0
    tapped: list[int] = []
    sacrificed: list[int] = []
    for step in plan.steps:
        texts.append(step_text(step))
        life += step.paid_with.life
        damage += step.damage
        if step.tapped:
            tapped += step.tapped
        if step.sacrificed:
            sacrificed += step.sacrificed
    payment = plan.payment
    exiled = 0
    if any(part.instead for part in payment.assignment):  # convoke, improvise, delve
        tapped, exiled = list(plan.tapped), plan.exiled
    text = (
        f'{{"payable": true, "cost": {string(str(plan.cost))}, "steps": [{", ".join(texts)}], '
        f'"life_paid": {payment.life_paid + life}, "damage": {damage}, '
        f'"tapped": {tapped}, "sacrificed": {sacrificed}, '
        + (f'"exiled": {exiled}, ' if exiled else "")
        + f'"floating_after": {units_text(payment.remaining)}, '
        f'"cut_short": {"true" if plan.cut_short else "false"}, '
        f'"assignment": {parts_text(payment.assignment)}'
    )
    if plan.ignored:
        ignored = [{"permanent": i, "card": n, "why": w} for i, n, w in plan.ignored]
        text += f', "ignored": {TEXT.encode(ignored)}'
    return text + "}"


def step_text(step: Step) -> str:
    """``TEXT.encode(step.to_json())``, made faster: a step of the usual shape
    written in one go (its ids and counts are ints, its texts strings)."""
    paid = step.paid_with
    replay = step.activate
    if (
        step.untapped or step.counters or step.exiled or step.modified_by or step.trigger
        or paid.tapped or paid.exiled or paid.energy or paid.discarded or replay is None
    ):  # fmt: skip
        return TEXT.encode(step.to_json())
    known = UNIT_TEXTS.get
    mana = paid.mana
    paid_mana = (
        "[" + ", ".join([known(u.kind) or unit_text(u) for u in mana]) + "]" if mana else "[]"
    )
    made = step.produces
    produces = (
        "[" + ", ".join([known(u.kind) or unit_text(u) for u in made]) + "]" if made else "[]"
    )
    tapped, sacrificed = step.tapped, step.sacrificed
    damage = f', "damage": {step.damage}' if step.damage else ""
    pay = paid_mana if replay.pay is mana else units_text(replay.pay)
    tap, sacrifice = replay.tap, replay.sacrifice
    return (
        f'{{"permanent": {step.permanent}, "card": {string(step.card)}, '
        f'"ability": {string(step.ability)}, "ability_index": {step.ability_index}, '
        f'"paid_with": {{"mana": {paid_mana}, "life": {paid.life}}}, "produces": {produces}, '
        f'"tapped": {list(tapped) if tapped else "[]"}, '
        f'"sacrificed": {list(sacrificed) if sacrificed else "[]"}{damage}, '
        f'"activate": {{"permanent": {replay.permanent}, "ability": {replay.ability}, '
        f'"produce": "{"".join([_SYMBOLS[t] for t in replay.produce])}", "pay": {pay}, '
        f'"tap": {list(tap) if tap else "[]"}, '
        f'"sacrifice": {list(sacrifice) if sacrifice else "[]"}, '
        f'"counters": {replay.counters}}}}}'
    )
