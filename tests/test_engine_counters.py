"""Counters (CR 122), their replacement effects (CR 614, 616) and 704.5q."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj, target

from engine import apply
from engine import characteristics as ch


def _plan_game(battlefield: list[dict]) -> tuple:  # type: ignore[type-arg]
    return new_game([{"alias": "a", "mana_pool": {"U": 2}, "battlefield": battlefield,
                      "hand": [{"alias": "plan", "card": "Contentious Plan"}],
                      "library": [{"alias": "top", "card": "Forest"}]}, {"alias": "b"}])


def test_proliferate_adds_one_of_each_kind_to_chosen_objects_only() -> None:
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1, "flying": 1}},
                          {"alias": "y", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert dict(obj(step.game, refs, "x").counters) == {"+1/+1": 2, "flying": 2}
    assert dict(obj(step.game, refs, "y").counters) == {"+1/+1": 1}


def test_two_counter_modifiers_ask_the_affected_controller_for_the_order() -> None:
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                          {"alias": "scales", "card": "Hardened Scales"},
                          {"alias": "menace", "card": "Corpsejack Menace"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert step.pending is not None and step.pending.kind == "replacement_effect"
    assert step.pending.player == 0
    by_source = {o.source: o for o in step.pending.options}
    plus_then_double = apply(step.game, {"action": "answer", "value": by_source[refs.by_alias["scales"]]})
    double_then_plus = apply(step.game, {"action": "answer", "value": by_source[refs.by_alias["menace"]]})
    assert obj(plus_then_double.game, refs, "x").counters["+1/+1"] == 1 + (1 + 1) * 2
    assert obj(double_then_plus.game, refs, "x").counters["+1/+1"] == 1 + 1 * 2 + 1


def test_plus_one_and_minus_one_counters_annihilate() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 2}, "battlefield": [
        {"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 2, "-1/-1": 1}}],
        "hand": [{"alias": "plan", "card": "Contentious Plan"}],
        "library": [{"alias": "top", "card": "Forest"}]},
        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    assert dict(obj(step.game, refs, "x").counters) == {"+1/+1": 1}  # 704.5q before priority


def test_enters_with_counters_are_put_by_the_controller_and_modified() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"W": 1, "C": 2}, "battlefield": [
        {"alias": "scales", "card": "Hardened Scales"}],
        "hand": [{"alias": "pm", "card": "Patrolling Peacemaker"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "pm"})
    step = act(step.game, refs, {"action": "resolve"})
    assert dict(obj(step.game, refs, "pm").counters) == {"+1/+1": 3}
    put = [e for e in step.events if e["type"] == "counters_put"]
    assert put and put[0]["by"] == 0 and put[0].get("entering") is True


@pytest.mark.parametrize(("n", "granted"), [(3, []), (4, ["Menace", "Lifelink"])])
def test_a_static_ability_applies_only_as_long_as_its_condition_holds(n: int, granted: list[str]) -> None:
    # Vadmir: "As long as Vadmir has four or more +1/+1 counters on it, it has menace and lifelink" (611.3a)
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "vadmir", "card": "Vadmir, New Blood", "counters": {"+1/+1": n}},
        {"alias": "bear", "card": "Grizzly Bears", "counters": {"+1/+1": 4}}]}, {"alias": "b"}])
    assert ch.keywords(g, obj(g, refs, "vadmir")) == granted
    assert ch.keywords(g, obj(g, refs, "bear")) == []  # "it": Vadmir itself, not other creatures
