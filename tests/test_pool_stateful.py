"""Conservation of mana, tested with long random sequences of pool operations.

Two pools (each under a randomly chosen rules variant) go through add / add_symbols /
spend / empty / lose_all / double / transfer / retention changes / JSON round trips.
A simple per-unit reference model predicts every outcome. After every step:
mana added = mana spent + mana lost + mana in the pools (conversions keep the count),
no unit is in two places, no count is negative, each pool's events add up to its
contents, and a failed operation changes nothing (CR 106.4, 106.13, 118.3a)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from mtgmana.colors import ManaType
from mtgmana.errors import MtgManaError
from mtgmana.mana import Duration, Mana, Source
from mtgmana.pool import (
    RULES_2008,
    Ending,
    ManaAdded,
    ManaEvent,
    ManaLost,
    ManaNotInPool,
    ManaPool,
    ManaSpent,
    RestrictedManaError,
    Retention,
    Rules,
)
from mtgmana.restriction_text import parse_restriction
from mtgmana.restrictions import Restriction, Spend, abilities, costs, spells

RULES = [Rules(name="current"), RULES_2008, Rules(mana_burn=True)]
RESTRICTIONS: list[Restriction | None] = [
    None,
    None,
    spells(types={"Creature"}),
    abilities(),
    costs("cumulative upkeep"),
    parse_restriction("Spend this mana only on costs that contain {X}."),
]
SPENDS = [
    Spend.spell("Creature — Elf", mana_cost="{1}{G}"),
    Spend.spell("Instant", mana_cost="{R}"),
    Spend.ability("Land"),
    Spend.other_cost("cumulative upkeep"),
    Spend.spell("Sorcery", mana_cost="{X}{R}").paying_x(),
]
SYMBOLS = {  # text -> how many units it adds with the default choices
    "{R}{R}{G}": 3,
    "{2/W}": 1,
    "{W/U}{B/P}": 2,
    "{3}": 3,
    "{S}{C}": 2,
    "{G/U/P}{0}": 1,
    "": 0,
}
RETENTIONS = [
    Retention.all(name="Upwelling"),
    Retention.type(ManaType.G, name="Omnath"),
    Retention.type(ManaType.R, name="Leyline Tyrant"),
    Retention.becomes_colorless(name="Kruphix"),
    Retention.becomes(ManaType.B, name="Omnath, Locus of All"),
]
POOLS = st.sampled_from(["A", "B"])


@dataclass
class Unit:
    """What the reference model knows about a unit in a pool."""

    type: ManaType
    duration: Duration
    restriction: Restriction | None


class Ledger:
    """Counts a pool's events."""

    def __init__(self, start: int = 0) -> None:
        self.added = start
        self.spent = 0
        self.lost = 0

    def __call__(self, event: ManaEvent) -> None:
        if isinstance(event, ManaAdded):
            self.added += len(event.units)
        elif isinstance(event, ManaSpent):
            self.spent += 1
        elif isinstance(event, ManaLost):
            self.lost += len(event.units)


def expected_fate(
    unit: Unit, ending: Ending | None, pool: ManaPool
) -> tuple[str, ManaType, Duration]:
    """("keep" | "lose", type after, duration after), decided unit by unit."""
    retention = pool.retention
    if ending is not None:
        if not pool.rules.empties_at_end_of_steps and ending is Ending.STEP:
            return "keep", unit.type, unit.duration
        if unit.duration is Duration.UNTIL_END_OF_TURN and ending is not Ending.TURN:
            return "keep", unit.type, unit.duration
        if unit.duration is Duration.UNTIL_END_OF_COMBAT and ending not in (
            Ending.COMBAT,
            Ending.TURN,
        ):
            return "keep", unit.type, unit.duration
        for r in retention:
            if r.effect == "all" or (r.effect == "type" and r.mana_type is unit.type):
                return "keep", unit.type, Duration.NORMAL
        duration = Duration.NORMAL
    else:
        duration = unit.duration
    for r in retention:
        if r.effect == "becomes":
            assert r.mana_type is not None
            return "keep", r.mana_type, duration
    return "lose", unit.type, unit.duration


class PoolMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.pools: dict[str, ManaPool] = {}
        self.ledgers: dict[str, Ledger] = {}
        self.model: dict[str, dict[int, Unit]] = {"A": {}, "B": {}}
        self.gone: set[int] = set()  # spent or lost
        self.added = self.spent = self.lost = 0

    @initialize(a=st.sampled_from(RULES), b=st.sampled_from(RULES))
    def start(self, a: Rules, b: Rules) -> None:
        for name, rules in (("A", a), ("B", b)):
            self.pools[name] = ManaPool(rules=rules)
            self.watch(name, 0)

    def watch(self, name: str, start: int) -> None:
        self.ledgers[name] = Ledger(start)
        self.pools[name].subscribe(self.ledgers[name])

    def snapshot(self, name: str) -> list[tuple[int, Any]]:
        return [(u.uid, u.kind) for u in self.pools[name]]

    # -- adding ---------------------------------------------------------------------

    @rule(
        name=POOLS,
        mana_type=st.sampled_from(list(ManaType)),
        count=st.integers(0, 4),
        multiplier=st.integers(1, 2),
        restriction=st.sampled_from(RESTRICTIONS),
        snow=st.booleans(),
        duration=st.sampled_from(list(Duration)),
    )
    def add(
        self,
        name: str,
        mana_type: ManaType,
        count: int,
        multiplier: int,
        restriction: Restriction | None,
        snow: bool,
        duration: Duration,
    ) -> None:
        units = self.pools[name].add(
            mana_type, count, source=Source(count, "Land"), snow=snow,
            restriction=restriction, duration=duration, multiplier=multiplier,
        )  # fmt: skip
        assert len(units) == count * multiplier
        for u in units:
            assert u.type is mana_type and u.restriction == restriction and u.snow == snow
            self.model[name][u.uid] = Unit(mana_type, duration, restriction)
        self.added += len(units)

    @rule(name=POOLS, text=st.sampled_from(sorted(SYMBOLS)), generic=st.booleans())
    def add_symbols(self, name: str, text: str, generic: bool) -> None:
        choose = {"{2/W}": "2"} if generic else None
        units = self.pools[name].add_symbols(text, choose=choose)
        expected = SYMBOLS[text] + (1 if generic and text == "{2/W}" else 0)
        assert len(units) == expected
        for u in units:
            self.model[name][u.uid] = Unit(u.type, Duration.NORMAL, None)
        self.added += len(units)

    @precondition(lambda self: sum(len(p) for p in self.pools.values()) < 200)  # grows fast
    @rule(name=POOLS)
    def double(self, name: str) -> None:
        before = Counter(u.type for u in self.pools[name])
        units = self.pools[name].double()
        assert Counter(u.type for u in units) == before
        for u in units:
            assert u.restriction is None and u.duration is Duration.NORMAL
            self.model[name][u.uid] = Unit(u.type, Duration.NORMAL, None)
        self.added += len(units)

    # -- spending ---------------------------------------------------------------------

    @precondition(lambda self: any(len(p) for p in self.pools.values()))
    @rule(data=st.data(), spend=st.sampled_from(SPENDS))
    def spend(self, data: st.DataObject, spend: Spend) -> None:
        name = data.draw(st.sampled_from([n for n, p in self.pools.items() if len(p)]))
        pool = self.pools[name]
        chosen = data.draw(st.lists(st.sampled_from(pool.units), unique=True, max_size=6))
        allowed = all(
            self.model[name][u.uid].restriction is None
            or self.model[name][u.uid].restriction.allows(spend)  # type: ignore[union-attr]
            for u in chosen
        )
        before = self.snapshot(name)
        try:
            spent = pool.spend(chosen, spend)
        except RestrictedManaError:
            assert not allowed
            assert self.snapshot(name) == before  # nothing changed
            return
        assert allowed and [u.uid for u in spent] == [u.uid for u in chosen]
        for u in spent:
            del self.model[name][u.uid]
            self.gone.add(u.uid)
        self.spent += len(spent)

    @rule(data=st.data(), name=POOLS)
    def spend_what_is_not_there(self, data: st.DataObject, name: str) -> None:
        pool = self.pools[name]
        other = self.pools["B" if name == "A" else "A"]
        strangers = [*other.units, Mana.make("G")]
        stranger = data.draw(st.sampled_from(strangers))
        mine = data.draw(st.lists(st.sampled_from(pool.units), max_size=3)) if len(pool) else []
        before = self.snapshot(name)
        try:
            pool.spend([*mine, stranger], SPENDS[0])
        except (ManaNotInPool, RestrictedManaError):
            pass
        else:
            raise AssertionError("spent a unit that is not in the pool")
        assert self.snapshot(name) == before

    # -- losing and moving ------------------------------------------------------------

    def apply_fates(self, name: str, ending: Ending | None) -> tuple[set[int], dict[int, Unit]]:
        lost: set[int] = set()
        after: dict[int, Unit] = {}
        for uid, unit in self.model[name].items():
            fate, mana_type, duration = expected_fate(unit, ending, self.pools[name])
            if fate == "lose":
                lost.add(uid)
            else:
                after[uid] = Unit(mana_type, duration, unit.restriction)
        return lost, after

    @rule(name=POOLS, ending=st.sampled_from(list(Ending)))
    def empty(self, name: str, ending: Ending) -> None:
        pool = self.pools[name]
        lost, after = self.apply_fates(name, ending)
        result = pool.empty(ending)
        assert {u.uid for u in result.lost} == lost
        assert result.life_lost == (len(lost) if pool.rules.mana_burn else 0)
        for before, now in result.converted:
            assert before.uid == now.uid and now.uid in after
        self.model[name] = after
        self.gone |= lost
        self.lost += len(lost)

    @rule(name=POOLS)
    def lose_all(self, name: str) -> None:
        lost, after = self.apply_fates(name, None)
        result = self.pools[name].lose_all()
        assert {u.uid for u in result.lost} == lost and result.life_lost == 0
        self.model[name] = after
        self.gone |= lost
        self.lost += len(lost)

    @rule(giver=POOLS, taker=POOLS)
    def transfer(self, giver: str, taker: str) -> None:
        # Drain Power (CR 106.13); giver and taker may be the same player.
        moved_ids, kept = self.apply_fates(giver, None)
        moving = {uid: self.model[giver][uid] for uid in moved_ids}
        moved = self.pools[giver].transfer_to(self.pools[taker])
        assert {u.uid for u in moved} == moved_ids
        self.model[giver] = kept
        self.model[taker].update(moving)

    # -- settings -----------------------------------------------------------------------

    @rule(name=POOLS, retention=st.sampled_from(RETENTIONS))
    def start_retaining(self, name: str, retention: Retention) -> None:
        self.pools[name].add_retention(retention)

    @precondition(lambda self: any(p.retention for p in self.pools.values()))
    @rule(data=st.data())
    def stop_retaining(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from([n for n, p in self.pools.items() if p.retention]))
        retention = data.draw(st.sampled_from(self.pools[name].retention))
        self.pools[name].remove_retention(retention)

    @rule(name=POOLS)
    def save_and_load(self, name: str) -> None:
        pool = self.pools[name]
        text = pool.dumps()
        loaded = ManaPool.loads(text)
        assert loaded.to_json() == pool.to_json()
        assert self.snapshot(name) == [(u.uid, u.kind) for u in loaded]
        self.pools[name] = loaded
        self.watch(name, len(loaded))

    @rule(name=POOLS, uid=st.integers(-5, 5))
    def bad_json_changes_nothing(self, name: str, uid: int) -> None:
        data = self.pools[name].to_json()
        data["units"] = [*data["units"], [uid, len(data["kinds"])]]  # no such kind
        try:
            ManaPool.from_json(data)
        except MtgManaError:
            return
        raise AssertionError("loaded a unit of a kind that doesn't exist")

    # -- invariants -----------------------------------------------------------------------

    @invariant()
    def conservation(self) -> None:
        in_pools = sum(len(p) for p in self.pools.values())
        assert self.added == self.spent + self.lost + in_pools

    @invariant()
    def no_unit_in_two_places(self) -> None:
        if not self.pools:
            return
        a = {u.uid for u in self.pools["A"]}
        b = {u.uid for u in self.pools["B"]}
        assert not a & b and not (a | b) & self.gone
        assert len(a) == len(self.pools["A"]) and len(b) == len(self.pools["B"])

    @invariant()
    def pools_match_the_model(self) -> None:
        for name, pool in self.pools.items():
            assert {u.uid: u.type for u in pool} == {
                uid: unit.type for uid, unit in self.model[name].items()
            }
            assert {u.uid: u.duration for u in pool} == {
                uid: unit.duration for uid, unit in self.model[name].items()
            }

    @invariant()
    def counts_are_never_negative_and_add_up(self) -> None:
        for pool in self.pools.values():
            by_type = pool.by_type()
            assert all(n > 0 for n in by_type.values())
            assert sum(by_type.values()) == len(pool) == pool.count()
            assert sum(pool.by_kind().values()) == len(pool)
            assert sum(pool.by_source().values()) == len(pool)
            assert pool.count(restricted=True) + pool.count(restricted=False) == len(pool)

    @invariant()
    def events_add_up(self) -> None:
        for name, pool in self.pools.items():
            ledger = self.ledgers[name]
            assert ledger.added - ledger.spent - ledger.lost == len(pool)


PoolMachine.TestCase.settings = settings(
    max_examples=max(1, settings().max_examples // 2),  # 50 steps each: half the profile
    stateful_step_count=50,
    deadline=None,
)
test_pool_conservation = PoolMachine.TestCase
