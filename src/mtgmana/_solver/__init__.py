"""Private: the solvers behind paying costs and tapping sources.

``flow`` (minimum-cost flow on small transport networks), ``transport`` (a payment
as a transport problem: classes of interchangeable mana supply classes of symbols,
with integer costs that encode the preference order) and ``small`` (the best
payment of a small cost found directly, without a flow). Used by
:mod:`mtgmana.payment` and :mod:`mtgmana.tapping`.
"""

__all__: list[str] = []
