"""The one table of number words in rules text (mtgmana._numbers; CR 107.1)."""

from __future__ import annotations

import pytest

from mtgmana._numbers import NUMBER_WORDS, number_word, word_number
from mtgmana.ability_text import read_number
from mtgmana.errors import MtgManaError


@pytest.mark.parametrize("n", range(13))
def test_words_read_back(n: int) -> None:
    assert word_number(number_word(n)) == (n if n else None)  # "zero" counts nothing
    assert read_number(str(n)) == n


def test_articles_count_one_unless_refused() -> None:
    assert word_number("a") == word_number("an") == 1
    assert word_number("a", articles=False) is None
    with pytest.raises(MtgManaError, match="not a number in rules text: 'an'"):
        read_number("an", articles=False)


def test_limits() -> None:
    assert word_number("eleven") == 11 and word_number("eleven", up_to=10) is None
    assert number_word(10, up_to=9) == "10" and number_word(-1) == "-1"
    assert word_number("X") is None and word_number("²") is None  # not a decimal digit
    assert NUMBER_WORDS[12] == "twelve"


def test_read_number_refuses_what_is_not_a_word() -> None:
    with pytest.raises(MtgManaError, match="read_number needs a word"):
        read_number(2)  # type: ignore[arg-type]
