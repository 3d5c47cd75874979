"""Stateful fuzzing: one RuleBasedStateMachine per area drives ``engine.apply`` through
``engine.legal_actions`` with random decisions, checking invariants after every step."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from conformance.fuzz.props import chooser
from conformance.fuzz.roundtrip import zone_census
from conformance.fuzz.strategies import counter_event_cases, mana_cases, proliferate_cases, targeting_cases
from engine import EngineError, apply, build, legal_actions
from engine.projection import project
from engine.state import Game


class EngineMachine(RuleBasedStateMachine):
    """Random play from a generated case; subclasses choose the area's case strategy."""

    cases: st.SearchStrategy[dict[str, Any]] = st.nothing()

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.start: Game | None = None
        self.history: list[dict[str, Any]] = []

    def setup(self, case: dict[str, Any]) -> None:
        self.game, self.refs = build(case, {})
        self.start = self.game

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        assert self.game is not None
        if self.game.pending is not None:
            action: dict[str, Any] = {
                "action": "answer",
                "value": chooser(data)(self.game, self.game.pending.decision),
            }
        else:
            actions = legal_actions(self.game)
            if not actions:
                return
            action = data.draw(st.sampled_from(actions), label="action")
        try:
            self.game = apply(self.game, action).game
        except EngineError:
            return  # rejected (CR 733): the game value is unchanged
        self.history.append(action)

    @invariant()
    def zones_are_consistent(self) -> None:
        """CR 400: no card lost or duplicated across zones."""
        if self.game is not None:
            assert zone_census(self.game) == []

    @invariant()
    def counters_and_mana_are_never_negative(self) -> None:
        """CR 122, 106.4: counts of counters and mana are positive when present."""
        if self.game is None:
            return
        for o in self.game.objects.values():
            assert all(n > 0 for n in o.counters.values()), o
        for p in self.game.players:
            assert all(n > 0 for n in p.counters.values()) and all(n >= 0 for n in p.mana_pool.values()), p

    @invariant()
    def no_plus_and_minus_counters_when_a_player_has_priority(self) -> None:
        """CR 704.5q: SBAs are checked before a player receives priority."""
        g = self.game
        if g is None or g.pending is not None or g.priority is None:
            return
        for oid in g.battlefield:
            c = g.obj(oid).counters
            assert not (c.get("+1/+1") and c.get("-1/-1")), (oid, c)

    @invariant()
    def at_most_one_crime_per_spell_or_ability(self) -> None:
        """CR 700.13: a player commits at most one crime per spell or ability they put on the stack."""
        g = self.game
        if g is None:
            return
        put = sum(1 for a in self.history if a.get("action") in ("cast", "activate"))
        assert sum(p.crimes for p in g.players) <= put + len(g.stack)

    def teardown(self) -> None:
        """Same state + same decisions = same result: replaying the accepted actions gives the same game."""
        if self.start is None or self.game is None:
            return
        game = self.start
        for action in self.history:
            game = apply(game, action).game
        assert project(game, self.refs) == project(self.game, self.refs)


class CountersMachine(EngineMachine):
    @initialize(case=st.one_of(proliferate_cases(), counter_event_cases()))
    def init(self, case: dict[str, Any]) -> None:
        self.setup(case)


class ManaMachine(EngineMachine):
    @initialize(case=mana_cases())
    def init(self, case: dict[str, Any]) -> None:
        self.setup(case)


class TargetingMachine(EngineMachine):
    @initialize(case=targeting_cases())
    def init(self, case: dict[str, Any]) -> None:
        self.setup(case)


TestCountersMachine = CountersMachine.TestCase
TestManaMachine = ManaMachine.TestCase
TestTargetingMachine = TargetingMachine.TestCase
