"""Line-by-line decklists: plain lists, Arena, MTGO ``.txt``, Moxfield, Archidekt,
TappedOut and Forge ``.dck`` (see :mod:`mtgmana.analysis.decklists` for what is read).

One pass reads each line as a header, a comment, a metadata line or an entry; a
second pass gives the main deck's blank-line groups their sections (MTGO's
sideboard, a commander written first, a list grouped by blank lines).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from ._entry import MAX_CARDS, MAX_COPIES, MAX_LINE, DeckEntry, DecklistError

__all__ = ["read_lines"]

_MAX_SIDEBOARD: Final = 15  # CR 100.4a
_DECK_SIZES: Final = (40, 60, 99, 100)  # CR 100.2b, 100.2a, 903.5a
_COMMANDER_DECK: Final = 100  # CR 903.5a

_HEADERS: Final = {
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main",
    "mainboard": "main", "main board": "main", "library": "main",
    "sideboard": "sideboard", "side": "sideboard", "side board": "sideboard",
    "commander": "commander", "commanders": "commander", "command zone": "commander",
    "companion": "companion", "companions": "companion",
    "maybeboard": "maybeboard", "maybe board": "maybeboard", "maybe": "maybeboard",
    "considering": "maybeboard", "wishlist": "maybeboard",
    "about": "about", "metadata": "metadata",
    # Not part of the deck (Forge, Moxfield): skipped.
    "tokens": "skip", "attractions": "skip", "stickers": "skip", "contraptions": "skip",
    "planes": "skip", "schemes": "skip", "avatar": "skip", "conspiracy": "skip",
    "dungeon": "skip",
}  # fmt: skip
# Card-type groups of the main deck (MTGGoldfish, Moxfield, TappedOut).
_GROUPS: Final = frozenset(
    {
        "creature", "creatures", "instant", "instants", "sorcery", "sorceries", "artifact",
        "artifacts", "enchantment", "enchantments", "planeswalker", "planeswalkers", "land",
        "lands", "battle", "battles", "spell", "spells", "kindred", "tribal", "other",
        "others", "nonland",
    }
)  # fmt: skip

_HEADER: Final = re.compile(
    r"(?:\[(?P<bracket>[A-Za-z ]+)\]|(?P<word>[A-Za-z][A-Za-z ]*?))\s*(?:\(\d+\))?\s*:?\s*\d*"
)
_COUNT: Final = re.compile(r"(?P<count>\d+)(?:\s*[xX×](?=\s|$))?\s*")
_SIDEBOARD_PREFIX: Final = re.compile(r"SB:\s*", re.IGNORECASE)
_SET: Final = re.compile(r"[A-Z0-9]{2,6}|[a-z0-9]{2,6}")
_MARKER: Final = re.compile(r"[A-Za-z][A-Za-z-]*")
_NUMBER: Final = re.compile(r"[^\s()\[\]*^<>]+")
_FLAGS: Final = re.compile(r"\{[^{}]*\}")


def read_lines(text: str) -> tuple[list[DeckEntry], str | None]:
    """The entries of a line-by-line decklist and the deck's name, if given."""
    reader = _Lines()
    for number, raw in enumerate(text.splitlines(), start=1):
        reader.read(number, raw)
    _place_groups(reader.entries, reader.groups, reader.by_blank, reader.explicit_side)
    return reader.entries, reader.deck_name


class _Lines:
    """The first pass: the state of a decklist read line by line."""

    def __init__(self) -> None:
        self.entries: list[DeckEntry] = []
        self.section = "main"
        self.deck_name: str | None = None
        self.blank = False  # a blank line after cards of the current section
        self.seen = False  # cards since the last header
        # The main deck's groups (entries placed by the section, not by a marker):
        # entry indexes, and whether a blank line (not a header) began the group.
        self.groups: list[list[int]] = []
        self.by_blank: list[bool] = []
        self.new_group, self.new_by_blank = True, False
        self.explicit_side = False
        self.total = 0

    def read(self, number: int, raw: str) -> None:
        """Read line ``number``: a blank line, a header, a comment, a metadata line
        or an entry."""
        line = raw.strip().lstrip("\ufeff").strip()
        if len(line) > MAX_LINE:
            raise DecklistError(
                f"the line is {len(line):,} characters long; a decklist line has at "
                f"most {MAX_LINE}",
                line=number,
            )
        if not line:
            self.blank = self.blank or self.seen
            return
        comment = line.startswith(("#", "//"))
        header = _header(line[2:].strip() if line.startswith("//") else line)
        if header is not None and (not comment or line.startswith("//")):
            self.section, self.blank, self.seen = header, False, False
            self.new_group, self.new_by_blank = True, False
            self.explicit_side = self.explicit_side or header == "sideboard"
            return
        if comment:
            return
        if self.section in ("about", "metadata", "skip") and self._metadata(line):
            return
        self._card(number, line)

    def _metadata(self, line: str) -> bool:
        """Read a line of a section that isn't the deck's (Forge's metadata, an
        About block, a skipped section): whether it was one (else the deck has
        begun)."""
        section = self.section
        if section == "skip":
            return True
        key, equals, value = line.partition("=")
        if section == "metadata" and equals:
            if key.strip().lower() == "name":
                self.deck_name = value.strip() or None
            return True
        if section == "about" and line.lower().startswith("name "):
            self.deck_name = line[5:].strip() or None
            return True
        self.section = "main"  # a card after the About block: the deck has begun
        return False

    def _card(self, number: int, line: str) -> None:
        """Read an entry: its section (a sideboard prefix, a blank line ending the
        commander), the total, and the main deck's group it belongs to."""
        match = _SIDEBOARD_PREFIX.match(line)
        marked: str | None = None
        if match is not None:
            line = line[match.end() :]
            marked = "sideboard"
            self.explicit_side = True
        elif self.blank:
            self._after_blank()
        self.blank, self.seen = False, True
        section = self.section
        entry = _entry(line, number, marked or section)
        if entry.section == "sideboard" and marked is None and section != "sideboard":
            self.explicit_side = True  # Archidekt's [Sideboard]
        self.total += entry.count
        if self.total > MAX_CARDS:
            raise DecklistError(
                f"the decklist has more than {MAX_CARDS:,} cards by this line", line=number
            )
        if entry.section == "main" and section == "main" and marked is None:
            self._group(len(self.entries))
        self.entries.append(entry)

    def _after_blank(self) -> None:
        """An entry after a blank line: a new group of the main deck."""
        if self.section in ("commander", "companion"):
            self.section = "main"  # Arena: the commander, a blank line, the deck
            self.new_group, self.new_by_blank = True, False
        elif self.section == "main":
            self.new_group, self.new_by_blank = True, True

    def _group(self, index: int) -> None:
        """Entry ``index`` in the main deck's current group."""
        if self.new_group:
            self.groups.append([])
            self.by_blank.append(self.new_by_blank and len(self.groups) > 1)
            self.new_group = False
        self.groups[-1].append(index)


def _header(line: str) -> str | None:
    match = _HEADER.fullmatch(line)
    if match is None:
        return None
    word = " ".join((match["bracket"] or match["word"]).lower().split())
    if word in _GROUPS:
        return "main"
    return _HEADERS.get(word)


def _place_groups(
    entries: list[DeckEntry], groups: list[list[int]], by_blank: list[bool], explicit_side: bool
) -> None:
    """Give the main deck's blank-line groups their sections (see the module)."""
    if len(groups) < 2:
        return
    sizes = [sum(entries[i].count for i in group) for group in groups]
    commanders = sum(e.count for e in entries if e.section == "commander")
    last = len(groups) - 1
    side = by_blank[last] and not explicit_side  # the last group may be a sideboard
    sections = ["main"] * len(groups)
    if not commanders and by_blank[1] and sizes[0] <= 2:
        _commander_first(sizes, sections, side=side)
    if sections[0] == "main" and side and _sideboard_last(sizes, commanders):
        sections[last] = "sideboard"
    _set_sections(entries, groups, sections)


def _set_sections(entries: list[DeckEntry], groups: list[list[int]], sections: list[str]) -> None:
    """Put each group's entries in its section."""
    for group, name in zip(groups, sections, strict=True):
        if name != "main":
            for i in group:
                entries[i] = replace(entries[i], section=name)


def _commander_first(sizes: list[int], sections: list[str], *, side: bool) -> None:
    """A commander, a blank line, the deck: 100 cards (and maybe a sideboard, the
    last group if ``side``). ``sizes``: the groups' cards."""
    last = len(sizes) - 1
    rest = sum(sizes[1:])
    if sizes[0] + rest == _COMMANDER_DECK:
        sections[0] = "commander"
    elif (
        last >= 2
        and side
        and sizes[last] <= _MAX_SIDEBOARD
        and sizes[0] + rest - sizes[last] == _COMMANDER_DECK
    ):
        sections[0], sections[last] = "commander", "sideboard"


def _sideboard_last(sizes: list[int], commanders: int) -> bool:
    """Whether the last group (after a blank line) is a sideboard: MTGO's deck, a
    blank line, the sideboard; not a few cards before a big group, nor two groups
    of one 99- or 100-card deck; or a small group after a deck of a legal size."""
    last = len(sizes) - 1
    small = sizes[last] <= _MAX_SIDEBOARD
    before = sum(sizes[:last])
    if last == 1 and not commanders:
        return small or (before >= _DECK_SIZES[0] and before + sizes[last] not in (99, 100))
    return small and before + commanders in _DECK_SIZES


def _entry(line: str, number: int, section: str) -> DeckEntry:
    count_match = _COUNT.match(line)
    count_text = None if count_match is None else count_match["count"]
    rest = line if count_match is None else line[count_match.end() :]
    set_code: str | None = None
    collector_number: str | None = None
    if "|" in rest:
        rest, set_code, collector_number, section = _forge(rest, section)
    else:
        rest, set_code, collector_number, section = _strip_tail(rest, section)
    name = rest.strip()
    if not name:
        if count_text is not None:
            raise DecklistError(f"{line!r} has a count but no card name", line=number)
        raise DecklistError(f"can't read {line!r}: expected a count and a name", line=number)
    if not any(ch.isalpha() for ch in name):
        raise DecklistError(
            f"can't read {line!r}: expected a count and a card name, like '4 Lightning Bolt'",
            line=number,
        )
    count = 1
    if count_text is not None:
        if len(count_text) > 6:
            raise DecklistError(f"{count_text} copies is too many", line=number)
        count = int(count_text)
        if count == 0:
            raise DecklistError(f"{line!r}: a count must be at least 1", line=number)
        if count > MAX_COPIES:
            raise DecklistError(
                f"{count:,} copies of {name!r}: at most {MAX_COPIES:,} a line", line=number
            )
    return DeckEntry(count, name, section, number, set_code, collector_number)


def _forge(rest: str, section: str) -> tuple[str, str | None, str | None, str]:
    """Forge's printings: ``Name|SET|art``, ``Name|SET|art|[123]`` (the collector
    number in brackets) and ``Name [SET]|art``; a name ending in ``+`` is a foil
    printing. The name, the set, the collector number and the section."""
    head, *fields = (field.strip() for field in rest.split("|"))
    name, set_code, number, section = _strip_tail(head, section)
    if set_code is None and fields:
        set_code = fields.pop(0) or None
    for field in fields:
        if len(field) > 2 and field[0] == "[" and field[-1] == "]":
            number = field[1:-1].strip() or number
    return name.removesuffix("+").rstrip(), set_code, number, section


def _strip_tail(rest: str, section: str) -> tuple[str, str | None, str | None, str]:
    """The name less what is written after it — ``*F*`` and ``*CMDR*`` marks,
    Archidekt's ``[categories]`` and ``^labels^``, ``<variants>``, the printing
    ``(SET) 123`` — with the printing, and the section the marks put the card in.
    Each step strips a token found by ``rfind`` (linear in the line)."""
    set_code: str | None = None
    number: str | None = None
    marks: set[str] = set()
    rest = rest.rstrip()
    while rest:
        end = rest[-1]
        start = -1
        if end in "]^>*":
            start = rest.rfind({"]": "[", "^": "^", ">": "<", "*": "*"}[end], 0, len(rest) - 1)
        if start > 0:
            inside = rest[start + 1 : -1]
            if end == "*":
                if _MARKER.fullmatch(inside) is None:
                    break
                if inside.upper() in ("CMDR", "COMMANDER"):
                    marks.add("commander")
            elif end == "]":
                marks |= _category(inside)
                if set_code is None and _SET.fullmatch(inside.strip()):
                    set_code = inside.strip()
            rest = rest[:start].rstrip()
            continue
        printing = _printing(rest)
        if printing is None:
            break
        rest, set_code, number = printing
    for name in ("commander", "sideboard", "maybeboard"):
        if name in marks:
            return rest, set_code, number, name
    return rest, set_code, number, section


def _printing(rest: str) -> tuple[str, str, str | None] | None:
    """``Name (SET) 123`` or ``Name (SET)``: the name, the set, the number."""
    head, number = rest, None
    if not rest.endswith(")"):
        head, _, number = rest.rpartition(" ")
        head = head.rstrip()
        if not head.endswith(")") or _NUMBER.fullmatch(number) is None:
            return None
    start = head.rfind("(")
    if start <= 0 or _SET.fullmatch(head[start + 1 : -1]) is None:
        return None
    return head[:start].rstrip(), head[start + 1 : -1], number


def _category(text: str) -> set[str]:
    """The sections an Archidekt category puts a card in: Commander, Sideboard,
    Maybeboard, or (any category marked ``{noDeck}``) out of the deck."""
    flags = {f.lower() for f in _FLAGS.findall(text)}
    words = {w.strip().lower() for w in _FLAGS.sub("", text).split(",")}
    marks = words & {"commander", "sideboard", "maybeboard"}
    if "{nodeck}" in flags:
        marks.add("maybeboard")
    return marks
