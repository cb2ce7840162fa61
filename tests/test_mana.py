"""Units of mana (CR 106.1-106.3, 106.6; seed rulings 203.Ruling.3-5 on snow)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from mtgmana.colors import COLORLESS, MANA_TYPES, Color, ManaType
from mtgmana.errors import MtgManaError
from mtgmana.mana import Duration, Mana, ManaKind, Rider, Source, reserve_uids, units
from mtgmana.restrictions import spells


def test_106_1b_six_types_in_wubrgc_order() -> None:
    assert [t.value for t in MANA_TYPES] == ["W", "U", "B", "R", "G", "C"]
    assert len(ManaType) == 6


def test_106_1a_five_of_the_types_are_colors() -> None:
    assert [t for t in ManaType if t.is_colored] == list(MANA_TYPES[:5])
    assert [t.color for t in MANA_TYPES[:5]] == [Color.W, Color.U, Color.B, Color.R, Color.G]
    assert ManaType.C.color == COLORLESS  # colorless is not a color (203.Ruling.5)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("G", ManaType.G), ("{g}", ManaType.G), (" green ", ManaType.G), ("Colorless", ManaType.C),
     ("{C}", ManaType.C), ("u", ManaType.U), ("BLACK", ManaType.B)],
)  # fmt: skip
def test_mana_type_parse(text: str, expected: ManaType) -> None:
    assert ManaType.parse(text) is expected


@pytest.mark.parametrize("text", ["", "S", "{S}", "snow", "purple", "{W/U}", "1"])
def test_mana_type_parse_rejects_what_is_not_a_type(text: str) -> None:
    # 203.Ruling.4: "snow mana" is not a type of mana.
    with pytest.raises(MtgManaError, match="not a type of mana"):
        ManaType.parse(text)


def test_mana_type_values() -> None:
    assert ManaType.of_color(Color.R) is ManaType.R
    with pytest.raises(MtgManaError):
        ManaType.of_color(Color.R | Color.G)
    with pytest.raises(MtgManaError):
        ManaType.of_color(COLORLESS)
    assert str(ManaType.W) == ManaType.W.symbol == "{W}"  # CR 106.2
    assert repr(ManaType.C) == "ManaType.C"
    assert ManaType.B.full_name == "black" and ManaType.C.full_name == "colorless"


def test_106_3_sources_are_identified_by_the_engine() -> None:
    assert Source("p1", "Forest") != Source("p2", "Forest")  # two Forests, two sources
    assert Source(7, "Forest") == Source(7, "Forest")
    assert str(Source("p1", "Forest")) == "Forest" and str(Source(3)) == "3"
    with pytest.raises(dataclasses.FrozenInstanceError):
        Source("p1").name = "x"  # type: ignore[misc]


def test_106_6_riders_describe_additional_effects_and_delayed_triggers() -> None:
    effect = Rider("uncounterable", "that spell can't be countered")
    trigger = Rider("draw", "When that mana is spent, draw a card.", trigger=True)
    assert str(effect) == "that spell can't be countered" and not effect.trigger
    assert trigger.trigger and str(Rider("bare")) == "bare"
    assert hash(Rider("x", data=(("n", 1),))) == hash(Rider("x", data=(("n", 1),)))


def test_durations() -> None:
    assert [d.value for d in Duration] == ["normal", "until end of combat", "until end of turn"]


def test_mana_kind_is_an_immutable_hashable_value() -> None:
    creature = spells(types={"Creature"})
    a = ManaKind(ManaType.G, Source(1, "Forest"), snow=True, restriction=creature)
    b = ManaKind(ManaType.G, Source(1, "Forest"), snow=True, restriction=spells(types="Creature"))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.restricted and not ManaKind(ManaType.G).restricted
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.snow = False  # type: ignore[misc]
    with pytest.raises(MtgManaError):
        ManaKind("G")  # type: ignore[arg-type]


def test_106_6_a_restriction_does_not_change_the_type() -> None:
    kind = ManaKind(ManaType.R, restriction=spells(types={"Creature"}))
    assert kind.type is ManaType.R


def test_with_type_keeps_everything_else() -> None:
    rider = Rider("r")
    kind = ManaKind(ManaType.R, Source(1, "Mountain"), True, True, spells(), (rider,),
                    Duration.UNTIL_END_OF_TURN)  # fmt: skip
    colorless = kind.with_type(ManaType.C)
    assert colorless.type is ManaType.C
    assert dataclasses.replace(colorless, type=ManaType.R) == kind


def test_unrestricted_is_plain_mana_from_the_same_source() -> None:
    # CR 106.6 example (Doubling Cube): the new mana "can be spent on anything".
    kind = ManaKind(ManaType.R, Source(1), True, False, spells(), (Rider("r"),),
                    Duration.UNTIL_END_OF_COMBAT)  # fmt: skip
    plain = kind.unrestricted()
    assert plain == ManaKind(ManaType.R, Source(1), True, False)


def test_seed_ruling_203_3_snow_is_recorded_when_the_mana_is_produced() -> None:
    # "it matters only if the permanents that produced the mana had supertype snow at
    # the time the mana was produced." The unit keeps what it was given.
    land = Source("l1", "Snow-Covered Forest")
    before = Mana.make("G", source=land, snow=True)
    after = Mana.make("G", source=land, snow=False)  # the land stopped being snow
    assert before.snow and not after.snow and before.source == after.source


def test_mana_units_have_unique_ids() -> None:
    kind = ManaKind(ManaType.G)
    made = list(units(kind, 100))
    assert len({m.uid for m in made}) == 100
    assert all(m.kind is kind for m in made)
    assert made[0] != made[1] and made[0] == Mana(kind, made[0].uid)


def test_mana_is_immutable() -> None:
    unit = Mana.make(ManaType.U)
    with pytest.raises(AttributeError):
        unit.uid = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del unit.kind
    with pytest.raises(MtgManaError):
        Mana("U")  # type: ignore[arg-type]


def test_mana_shortcuts_repr_str_pickle() -> None:
    creature = spells(types={"Creature"})
    rider = Rider("r")
    unit = Mana.make("R", source=Source(2, "Mountain"), snow=True, legendary=True,
                     restriction=creature, riders=(rider,),
                     duration=Duration.UNTIL_END_OF_TURN)  # fmt: skip
    assert (unit.type, unit.color, unit.source, unit.snow, unit.legendary) == (
        ManaType.R, Color.R, Source(2, "Mountain"), True, True)  # fmt: skip
    assert unit.restriction == creature and unit.riders == (rider,)
    assert unit.duration is Duration.UNTIL_END_OF_TURN
    assert str(unit) == "{R}"
    assert repr(unit).startswith("Mana(ManaKind(ManaType.R, source=Source(2, 'Mountain')")
    assert f"uid={unit.uid}" in repr(unit) and "\n" not in repr(unit)
    import mtgmana.mana as mana_module
    import mtgmana.restrictions as restrictions_module

    names = {**vars(mana_module), **vars(restrictions_module)}
    assert eval(repr(unit.kind), names) == unit.kind  # the repr rebuilds the value
    again = pickle.loads(pickle.dumps(unit))
    assert again == unit and again.kind == unit.kind
    assert copy.deepcopy(unit) == unit


def test_reserve_uids() -> None:
    reserve_uids(10**12)
    assert Mana.make("G").uid > 10**12
    reserve_uids(5)  # never goes back
    assert Mana.make("G").uid > 10**12
