"""The saved form of a mana pool (what ``ManaPool.to_json`` writes and
``ManaPool.from_json`` reads): checked completely before anything is built, with
the path of the first problem in the error (``kinds[3].type``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Final

from ..colors import MANA_TYPES, ManaType
from ..errors import MtgManaError
from ..mana import Duration, Mana, ManaKind, Rider, Source, reserve_uids
from ..restrictions import Restriction
from .emptying import CURRENT_RULES, Retention, Rules

__all__ = ["FORMAT", "VERSION", "read", "trusted_unit", "trusted_units", "write"]

FORMAT: Final = "mtgmana.pool"
VERSION: Final = 1
_LETTERS = {t.value: t for t in MANA_TYPES}


def write(
    rules: Rules, retention: Iterable[Retention], units: Iterable[tuple[int, Mana]]
) -> dict[str, Any]:
    """The saved form: each restriction once, each kind once (numbered as first met,
    so the form is canonical), each unit as ``[uid, kind number]`` in pool order."""
    writer = _Writer()
    # Keyed by kind and restriction number: equal kinds whose restrictions are worded
    # differently (wording isn't part of equality) are written apart, words kept.
    index: dict[tuple[ManaKind, int], int] = {}
    kinds: list[dict[str, Any]] = []
    numbered: list[list[int]] = []
    last: ManaKind | None = None
    number = 0
    for uid, unit in units:
        kind = unit.kind
        if kind is not last:  # units made together share their kind: decide once
            restriction = kind.restriction
            key = (kind, -1 if restriction is None else writer.restriction(restriction))
            found = index.get(key)
            if found is None:
                found = index[key] = len(kinds)
                kinds.append(writer.kind(kind))
            number, last = found, kind
        numbered.append([uid, number])
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.to_json(),
        "retention": [r.to_json() for r in retention],
        "restrictions": writer.restrictions,
        "kinds": kinds,
        "units": numbered,
    }


def read(data: Any) -> tuple[Rules, list[Retention], list[Mana]]:
    """The rules, retention effects and units of a saved pool; raises
    :class:`~mtgmana.MtgManaError` naming the first problem. New units made after
    this get uids above the loaded ones."""
    return _Reader().pool(data)


def trusted_unit(kind: ManaKind, uid: int) -> Mana:
    """A unit without the checks of ``Mana()`` (for units the pool already had)."""
    unit = _new_mana(Mana)
    _set_kind(unit, kind)
    _set_uid(unit, uid)
    return unit


def trusted_units(kind: ManaKind, uids: Iterable[int]) -> list[Mana]:
    """Units of one kind with these uids, made in one tight loop."""
    new, set_kind, set_uid = _new_mana, _set_kind, _set_uid
    made = []
    for uid in uids:
        unit = new(Mana)
        set_kind(unit, kind)
        set_uid(unit, uid)
        made.append(unit)
    return made


_new_mana = object.__new__
_set_kind: Callable[[Mana, ManaKind], None] = Mana.__dict__["kind"].__set__
_set_uid: Callable[[Mana, int], None] = Mana.__dict__["uid"].__set__


class _Writer:
    """Writes kinds, numbering restrictions in a table (each written once)."""

    def __init__(self) -> None:
        self.restrictions: list[Any] = []
        self.numbers: dict[str, int] = {}  # by JSON text: same JSON, same number
        self.by_id: dict[int, int] = {}  # by object, so each object is written once
        self.riders: dict[int, list[dict[str, Any]]] = {}

    def restriction(self, restriction: Restriction) -> int:
        number = self.by_id.get(id(restriction))
        if number is None:
            data = restriction.to_json()
            text = json.dumps(data, sort_keys=True)
            number = self.numbers.get(text)
            if number is None:
                number = self.numbers[text] = len(self.restrictions)
                self.restrictions.append(data)
            self.by_id[id(restriction)] = number
        return number

    def kind(self, kind: ManaKind) -> dict[str, Any]:
        data: dict[str, Any] = {"type": kind.type.value}
        if kind.source is not None:
            data["source"] = {"id": kind.source.id, "name": kind.source.name}
        if kind.snow:
            data["snow"] = True
        if kind.legendary:
            data["legendary"] = True
        restriction, riders = kind.restriction, kind.riders
        if restriction is not None:
            data["restriction"] = self.restriction(restriction)
        if riders:
            found = self.riders.get(id(riders))
            if found is None:
                found = self.riders[id(riders)] = [_rider_to_json(r) for r in riders]
            data["riders"] = found
        if kind.duration is not Duration.NORMAL:
            data["duration"] = kind.duration.value
        return data


def _rider_to_json(rider: Rider) -> dict[str, Any]:
    data: dict[str, Any] = {"name": rider.name}
    if rider.text:
        data["text"] = rider.text
    if rider.trigger:
        data["trigger"] = True
    if rider.data:
        data["data"] = {key: _plain(value) for key, value in rider.data}
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


_DURATIONS = {d.value: d for d in Duration}
_POOL_KEYS = frozenset(
    {"format", "version", "rules", "retention", "restrictions", "kinds", "units"}
)
_RULES_KEYS = frozenset({"empties_at_end_of_steps", "mana_burn", "name"})
_RETENTION_KEYS = frozenset({"effect", "type", "name"})
_KIND_KEYS = frozenset({"type", "source", "snow", "legendary", "restriction", "riders", "duration"})
_SOURCE_KEYS = frozenset({"id", "name"})
_RIDER_KEYS = frozenset({"name", "text", "trigger", "data"})


class _Reader:
    """Checks a saved pool, naming the path of the first problem."""

    def __init__(self) -> None:
        self.restrictions: list[Restriction] = []
        # Equal sources are read once and shared.
        self.sources: dict[tuple[type, str | int, str], Source] = {}

    def fail(self, path: str, message: str) -> MtgManaError:
        return MtgManaError(f"bad saved mana pool: {path}: {message}")

    def mapping(self, value: Any, path: str, allowed: frozenset[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, not {_short(value)}")
        if not value.keys() <= allowed:
            extra = sorted(set(value) - allowed)
            raise self.fail(path, f"unknown key {extra[0]!r}")
        return value

    def boolean(self, data: dict[str, Any], key: str, path: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(f"{path}.{key}", f"expected true or false, not {_short(value)}")
        return value

    def text(self, data: dict[str, Any], key: str, path: str, default: str | None) -> str:
        value = data.get(key, default)
        if value is None:
            raise self.fail(f"{path}.{key}", "missing")
        if not isinstance(value, str):
            raise self.fail(f"{path}.{key}", f"expected a string, not {_short(value)}")
        return value

    def mana_type(self, data: dict[str, Any], key: str, path: str) -> ManaType:
        value = self.text(data, key, path, None)
        found = _LETTERS.get(value)
        if found is None:
            raise self.fail(f"{path}.{key}", f"{value!r} is not W, U, B, R, G or C")
        return found

    def pool(self, data: Any) -> tuple[Rules, list[Retention], list[Mana]]:
        top = self.mapping(data, "pool", _POOL_KEYS)
        if top.get("format", FORMAT) != FORMAT:
            raise self.fail("format", f"expected {FORMAT!r}, not {_short(top['format'])}")
        if top.get("version", VERSION) != VERSION:
            raise self.fail("version", f"can't read version {_short(top['version'])}")
        rules = self.rules(top.get("rules", CURRENT_RULES.to_json()))
        retention = [
            self.retention(r, f"retention[{i}]")
            for i, r in enumerate(self.listed(top, "retention"))
        ]
        for i, item in enumerate(self.listed(top, "restrictions")):
            try:
                self.restrictions.append(Restriction.from_json(item))
            except MtgManaError as error:
                raise self.fail(f"restrictions[{i}]", str(error)) from None
        kinds = [self.kind(k, f"kinds[{i}]") for i, k in enumerate(self.listed(top, "kinds"))]
        return rules, retention, self.units(self.listed(top, "units"), kinds)

    def listed(self, top: dict[str, Any], key: str) -> list[Any]:
        """The list at ``top[key]`` (empty when absent)."""
        data = top.get(key, [])
        if not isinstance(data, list):
            raise self.fail(key, "expected a list")
        return data

    def units(self, units_data: list[Any], kinds: list[ManaKind]) -> list[Mana]:
        """The units, each ``[uid, kind index]``, with distinct uids (reserved, so
        that new units get others)."""
        units: list[Mana] = []
        seen: set[int] = set()
        count = len(kinds)
        for i, item in enumerate(units_data):
            if type(item) is not list or len(item) != 2:
                raise self.fail(f"units[{i}]", f"expected [uid, kind], not {_short(item)}")
            uid, k = item
            if type(uid) is not int or uid < 1:
                raise self.fail(f"units[{i}]", f"uid must be a whole number 1 or more: {uid!r}")
            if type(k) is not int or not 0 <= k < count:
                raise self.fail(f"units[{i}]", f"no kind {k!r} (there are {count})")
            if uid in seen:
                raise self.fail(f"units[{i}]", f"uid {uid} appears twice")
            seen.add(uid)
            units.append(trusted_unit(kinds[k], uid))
        if seen:
            reserve_uids(max(seen))
        return units

    def rules(self, data: Any) -> Rules:
        body = self.mapping(data, "rules", _RULES_KEYS)
        return Rules(
            self.boolean(body, "empties_at_end_of_steps", "rules", True),
            self.boolean(body, "mana_burn", "rules", False),
            self.text(body, "name", "rules", ""),
        )

    def retention(self, data: Any, path: str) -> Retention:
        body = self.mapping(data, path, _RETENTION_KEYS)
        effect = self.text(body, "effect", path, None)
        name = self.text(body, "name", path, "")
        if effect == "all":
            if "type" in body:
                raise self.fail(f"{path}.type", "an 'all' retention has no type")
            return Retention.all(name=name)
        if effect in ("type", "becomes"):
            mana_type = self.mana_type(body, "type", path)
            return Retention(effect, mana_type, name)  # type: ignore[arg-type]
        raise self.fail(f"{path}.effect", f"expected 'all', 'type' or 'becomes', not {effect!r}")

    def kind(self, data: Any, path: str) -> ManaKind:
        body = self.mapping(data, path, _KIND_KEYS)
        mana_type = self.mana_type(body, "type", path)
        source = None
        if "source" in body:
            source_data = self.mapping(body["source"], f"{path}.source", _SOURCE_KEYS)
            source_id = source_data.get("id")
            if not isinstance(source_id, (str, int)) or isinstance(source_id, bool):
                raise self.fail(
                    f"{path}.source.id", f"expected a string or an integer, not {_short(source_id)}"
                )
            name = self.text(source_data, "name", f"{path}.source", "")
            key = (type(source_id), source_id, name)
            source = self.sources.get(key)
            if source is None:
                source = self.sources[key] = Source(source_id, name)
        restriction = None
        if "restriction" in body:
            number = body["restriction"]
            count = len(self.restrictions)
            if type(number) is not int or not 0 <= number < count:
                raise self.fail(
                    f"{path}.restriction", f"no restriction {_short(number)} (there are {count})"
                )
            restriction = self.restrictions[number]
        riders_data = body.get("riders", [])
        if not isinstance(riders_data, list):
            raise self.fail(f"{path}.riders", "expected a list")
        riders = tuple(self.rider(r, f"{path}.riders[{i}]") for i, r in enumerate(riders_data))
        duration_text = self.text(body, "duration", path, Duration.NORMAL.value)
        duration = _DURATIONS.get(duration_text)
        if duration is None:
            raise self.fail(f"{path}.duration", f"unknown duration {duration_text!r}")
        return ManaKind(
            mana_type, source, self.boolean(body, "snow", path, False),
            self.boolean(body, "legendary", path, False), restriction, riders, duration,
        )  # fmt: skip

    def rider(self, data: Any, path: str) -> Rider:
        body = self.mapping(data, path, _RIDER_KEYS)
        values = body.get("data", {})
        if not isinstance(values, dict):
            raise self.fail(f"{path}.data", "expected an object")
        pairs = tuple((key, self.value(v, f"{path}.data.{key}")) for key, v in values.items())
        return Rider(
            self.text(body, "name", path, None), self.text(body, "text", path, ""),
            self.boolean(body, "trigger", path, False), pairs,
        )  # fmt: skip

    def value(self, value: Any, path: str) -> Any:
        if value is None or isinstance(value, (str, int, float, bool)):
            return value
        if isinstance(value, list):
            return tuple(self.value(v, f"{path}[{i}]") for i, v in enumerate(value))
        raise self.fail(path, "rider data values are strings, numbers, booleans, null or lists")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
