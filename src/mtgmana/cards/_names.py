"""Card names as they are looked up: case, accents, apostrophes and spacing do not
matter (:func:`normalize`), and close spellings are found for "did you mean"
suggestions (:class:`SuggestionIndex`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from .._regex import lazy
from ..errors import MtgManaError

__all__ = ["SuggestionIndex", "name_index", "normalize"]

_FOLD: Final = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2013": "-",
        "\u2014": "-",
        "æ": "ae",
        "œ": "oe",
        "ø": "o",
        "đ": "d",
        "ł": "l",
    }
)
_SLASHES: Final = lazy(r"\s*/{1,2}\s*")


def normalize(name: str) -> str:
    """The form of a name used to look it up: case, accents, apostrophes and spacing
    do not matter. ``"Fire/Ice"`` and ``"fire // ice"`` are the same."""
    if name.isascii():
        key = " ".join(name.lower().split())
    else:
        decomposed = unicodedata.normalize("NFKD", name.casefold()).translate(_FOLD)
        key = " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())
    if "/" in key:
        key = _SLASHES.sub(" // ", key)
    return key


def name_index(records: Sequence[Mapping[str, Any]]) -> tuple[dict[str, int], dict[str, str]]:
    """The names ``records`` are found by: each normalized name's record number, and
    the name as printed.

    Full names and face names (CR 708-715) are found; the first of several records
    with the same name wins, and full names win over face names ("Fire" the face never
    hides a card "Fire"). Raises :class:`~mtgmana.errors.MtgManaError` for a record
    without a name.
    """
    index: dict[str, int] = {}
    printed: dict[str, str] = {}
    faces: list[tuple[str, str, int]] = []
    for number, record in enumerate(records):
        name = record.get("name") if isinstance(record, Mapping) else None
        if not isinstance(name, str):
            raise MtgManaError(f"card record {number} has no name: {record!r:.200}")
        key = normalize(name)
        if key not in index:
            index[key] = number
            printed[key] = name
        for face in record.get("card_faces") or ():
            face_name = face.get("name") if isinstance(face, Mapping) else None
            if isinstance(face_name, str) and face_name:
                faces.append((normalize(face_name), face_name, number))
    for key, face_name, number in faces:
        if key not in index:
            index[key] = number
            printed[key] = face_name
    return index, printed


def _grams(key: str) -> set[str]:
    """The trigrams of a normalized name; a newline marks its start and its end."""
    padded = f"\n{key}\n"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class SuggestionIndex:
    """Finds close spellings without comparing the query with every name (which
    difflib alone would do, at ~1 s a query): names sharing the most trigrams with
    the query are ranked with difflib.

    The names are kept sorted (so the answer doesn't depend on the order they came
    in) as one newline-separated text; the names holding a trigram are found with
    ``str.find`` the first time that trigram is asked for, so the index costs almost
    nothing to build. Names too short to reach the cutoff are never ranked (difflib's
    ratio is at most ``2 * len(name) / (len(query) + len(name))``): a long query (a
    line of junk) is compared with the few names long enough, all of them, without
    the trigram prefilter (difflib's quick ratios rule most out at once).
    """

    _CANDIDATES: Final = 60  # names ranked by difflib after the trigram prefilter
    _COMMON: Final = 1500  # a trigram found more often than this does not pick names
    _DIRECT: Final = 1000  # as few names long enough to reach the cutoff: rank them all

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = sorted(keys)
        self.text = "\n" + "\n".join(self.keys) + "\n"
        self.starts: list[int] = []
        start = 1
        for key in self.keys:
            self.starts.append(start)
            start += len(key) + 1
        # The names' numbers from the shortest name to the longest, and their lengths.
        self.by_length = sorted(range(len(self.keys)), key=lambda number: len(self.keys[number]))
        self.lengths = [len(self.keys[number]) for number in self.by_length]
        self.postings: dict[str, list[int] | None] = {}  # None: a common trigram

    def posting(self, gram: str, common: bool = False) -> list[int] | None:
        """The numbers of the names holding ``gram``, each once; ``None`` if the
        gram occurs more than :attr:`_COMMON` times, unless ``common`` asks for the
        whole list even then."""
        found = self.postings.get(gram)
        if gram not in self.postings or (found is None and common):
            if len(self.postings) > 20_000:
                self.postings.clear()
            found = self.postings[gram] = self._find(gram, None if common else self._COMMON)
        return found

    def _find(self, gram: str, limit: int | None) -> list[int] | None:
        """The names holding ``gram``; ``None`` if it occurs more than ``limit`` times."""
        import bisect

        starts, find = self.starts, self.text.find
        found: list[int] = []
        last = -1
        at = find(gram)
        occurrences = 0
        while at != -1:
            occurrences += 1
            if limit is not None and occurrences > limit:
                return None
            number = bisect.bisect_right(starts, at) - 1
            if number != last:
                found.append(number)
                last = number
            at = find(gram, at + 1)
        return found

    def search(self, query: str, n: int, cutoff: float) -> list[str]:
        """Up to ``n`` names (normalized) like ``query`` with a difflib ratio of at
        least ``cutoff``, the closest first."""
        import bisect
        import math

        if not query or n <= 0:
            return []
        # Shorter names can't reach the cutoff: ratio <= 2 * len(name) / (len(query) + len(name)).
        shortest = math.ceil(cutoff * len(query) / (2 - cutoff) - 1e-9)
        first = bisect.bisect_left(self.lengths, shortest)
        if len(self.lengths) - first <= self._DIRECT:
            numbers = self.by_length[first:]
        else:
            numbers = self._candidates(query, shortest)
        return self._ranked(query, numbers, n, cutoff)

    def _candidates(self, query: str, shortest: int) -> list[int]:
        """The names at least ``shortest`` long sharing the most trigrams with ``query``."""
        import heapq
        from collections import Counter

        grams = _grams(query)
        found = [self.posting(gram) for gram in grams]
        rare = [posting for posting in found if posting is not None]
        if not rare:  # only common trigrams: every name holding one
            rare = [self.posting(gram, common=True) or [] for gram in grams]
        counts: Counter[int] = Counter()
        for posting in rare:
            counts.update(posting)
        keys = self.keys
        size = len(grams)

        # Dice coefficient on trigrams, a cheap stand-in for the difflib ratio; ties
        # go to the first name in order (the answer doesn't depend on hashing).
        def dice(item: tuple[int, int]) -> tuple[float, int]:
            return 2 * item[1] / (size + len(keys[item[0]]) + 1), -item[0]

        viable = (item for item in counts.items() if len(keys[item[0]]) >= shortest)
        return [number for number, _ in heapq.nlargest(self._CANDIDATES, viable, key=dice)]

    def _ranked(self, query: str, numbers: Iterable[int], n: int, cutoff: float) -> list[str]:
        """The ``n`` names of ``numbers`` closest to ``query`` by difflib's ratio (a
        name that begins with a query of 4 or more characters is close enough)."""
        import difflib

        keys = self.keys
        matcher = difflib.SequenceMatcher(b=query, autojunk=False)
        scored: list[tuple[float, str]] = []
        for number in numbers:
            key = keys[number]
            matcher.set_seq1(key)
            if len(query) >= 4 and key.startswith(query):
                score = max(matcher.ratio(), cutoff + (1 - cutoff) * len(query) / len(key))
            elif matcher.real_quick_ratio() < cutoff or matcher.quick_ratio() < cutoff:
                continue  # upper bounds of the ratio (difflib's own shortcut)
            else:
                score = matcher.ratio()
            if score >= cutoff:
                scored.append((score, key))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [key for _, key in scored[:n]]
