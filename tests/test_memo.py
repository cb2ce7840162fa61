"""mtgmana._memo: a one-argument function remembered by its argument's identity."""

from __future__ import annotations

from mtgmana._memo import by_identity


def test_an_argument_asked_again_gets_the_value_remembered() -> None:
    calls: list[object] = []

    @by_identity(2)
    def boxed(value: object) -> list[object]:
        calls.append(value)
        return [value]

    a, b = object(), object()
    first = boxed(a)
    assert boxed(a) is first and calls == [a]
    boxed(b)
    assert calls == [a, b]


def test_equal_but_distinct_arguments_are_not_confused() -> None:
    @by_identity(4)
    def boxed(value: list[int]) -> list[list[int]]:
        return [value]

    x, y = [1], [1]
    assert boxed(x)[0] is x
    assert boxed(y)[0] is y  # equal, not the same: found by identity


def test_the_memo_forgets_everything_when_full() -> None:
    calls: list[object] = []

    @by_identity(2)
    def boxed(value: object) -> object:
        calls.append(value)
        return value

    a, b, c = object(), object(), object()
    boxed(a), boxed(b), boxed(c)  # full at c: a and b forgotten
    boxed(a)
    assert calls == [a, b, c, a]
    assert boxed.__name__ == "boxed"
