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
    entries: list[DeckEntry] = []
    section = "main"
    deck_name: str | None = None
    blank = False  # a blank line after cards of the current section
    seen = False  # cards since the last header
    # The main deck's groups (entries placed by the section, not by a marker):
    # entry indexes, and whether a blank line (not a header) began the group.
    groups: list[list[int]] = []
    by_blank: list[bool] = []
    new_group, new_by_blank = True, False
    explicit_side = False
    total = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff").strip()
        if len(line) > MAX_LINE:
            raise DecklistError(
                f"the line is {len(line):,} characters long; a decklist line has at "
                f"most {MAX_LINE}",
                line=number,
            )
        if not line:
            blank = blank or seen
            continue
        comment = line.startswith(("#", "//"))
        header = _header(line[2:].strip() if line.startswith("//") else line)
        if header is not None and (not comment or line.startswith("//")):
            section, blank, seen = header, False, False
            new_group, new_by_blank = True, False
            explicit_side = explicit_side or header == "sideboard"
            continue
        if comment:
            continue
        if section in ("about", "metadata", "skip"):
            if section == "skip":
                continue
            key, equals, value = line.partition("=")
            if section == "metadata" and equals:
                if key.strip().lower() == "name":
                    deck_name = value.strip() or None
                continue
            if section == "about" and line.lower().startswith("name "):
                deck_name = line[5:].strip() or None
                continue
            section = "main"  # a card after the About block: the deck has begun
        match = _SIDEBOARD_PREFIX.match(line)
        marked: str | None = None
        if match is not None:
            line = line[match.end() :]
            marked = "sideboard"
            explicit_side = True
        elif blank:
            if section in ("commander", "companion"):
                section = "main"  # Arena: the commander, a blank line, the deck
                new_group, new_by_blank = True, False
            elif section == "main":
                new_group, new_by_blank = True, True
        blank, seen = False, True
        entry = _entry(line, number, marked or section)
        if entry.section == "sideboard" and marked is None and section != "sideboard":
            explicit_side = True  # Archidekt's [Sideboard]
        total += entry.count
        if total > MAX_CARDS:
            raise DecklistError(
                f"the decklist has more than {MAX_CARDS:,} cards by this line", line=number
            )
        if entry.section == "main" and section == "main" and marked is None:
            if new_group:
                groups.append([])
                by_blank.append(new_by_blank and len(groups) > 1)
                new_group = False
            groups[-1].append(len(entries))
        entries.append(entry)
    _place_groups(entries, groups, by_blank, explicit_side)
    return entries, deck_name


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
    sections = ["main"] * len(groups)
    commanders = sum(e.count for e in entries if e.section == "commander")
    last = len(groups) - 1
    side = by_blank[last] and not explicit_side  # the last group may be a sideboard
    small = sizes[last] <= _MAX_SIDEBOARD
    rest = sum(sizes[1:])
    if not commanders and by_blank[1] and sizes[0] <= 2:
        # A commander, a blank line, the deck: 100 cards (and maybe a sideboard).
        if sizes[0] + rest == _COMMANDER_DECK:
            sections[0] = "commander"
        elif last >= 2 and side and small and sizes[0] + rest - sizes[last] == _COMMANDER_DECK:
            sections[0], sections[last] = "commander", "sideboard"
    if sections[0] == "main" and side:
        before = sum(sizes[:last])
        if last == 1 and not commanders:
            # MTGO: the deck, a blank line, the sideboard; not a few cards before a
            # big group, nor two groups of one 99- or 100-card deck.
            if small or (before >= _DECK_SIZES[0] and before + sizes[last] not in (99, 100)):
                sections[last] = "sideboard"
        elif small and before + commanders in _DECK_SIZES:
            sections[last] = "sideboard"
    for group, name in zip(groups, sections, strict=True):
        if name != "main":
            for i in group:
                entries[i] = replace(entries[i], section=name)


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
