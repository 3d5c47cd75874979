"""A verdict means what it says: a crash is never a rejection, a negative case checks why the step
was refused (the rule), and the reference engine fails loudly."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engine
from conformance.engines.inprocess import ModuleEngine
from conformance.run.compare import compare, rule_accepted
from conformance.run.runner import judge
from engine import mana, replacement, targets
from tests.suite_helpers import suite


def _negative_cases() -> list[Any]:
    return [(found, cards) for found, cards in suite() if found.data["expect"].get("rejected")]


PLANTS = [(targets, "candidates"), (mana, "pay"), (replacement, "_candidates")]


@pytest.mark.parametrize("module, name", PLANTS)
def test_a_planted_crash_turns_every_case_that_reaches_it_into_an_error(
        monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
    calls = [0]

    def planted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        raise KeyError("planted")

    monkeypatch.setattr(module, name, planted)
    reference = ModuleEngine("engine")
    reached = 0
    for found, cards in suite():
        calls[0] = 0
        verdict = judge(found, reference.run(found.data, cards), 0.0)
        if calls[0]:
            reached += 1
            assert verdict.outcome == "error", (found.case_id, verdict.outcome)
            assert "KeyError" in verdict.message and "planted" in verdict.message
    assert reached > 50


def test_the_reference_engine_refuses_every_negative_step_under_a_rule_the_case_names() -> None:
    checked = 0
    for found, cards in _negative_cases():
        steps = engine.run_case(found.data, cards)["steps"]
        for entry in found.data["expect"]["rejected"]:
            step = steps[entry["step"]]
            assert step["outcome"] == "rejected" and step["rule"], (found.case_id, step)
            assert rule_accepted(step["rule"], entry["rule"]), (found.case_id, step, entry)
            checked += 1
    assert checked >= 140


def test_a_refusal_under_another_rule_fails_the_negative_case() -> None:
    found, cards = _negative_cases()[0]
    observation = engine.run_case(found.data, cards)
    assert compare(found.data, observation) == []
    index = found.data["expect"]["rejected"][0]["step"]
    other = copy.deepcopy(observation)
    other["steps"][index] = {"outcome": "rejected", "rule": "117.1", "reason": "not your priority"}
    differences = compare(found.data, other)
    assert [d.where for d in differences] == [f"steps[{index}].rule"]
    assert "CR 117.1 (not your priority)" in differences[0].message
    assert "a refusal for another reason does not decide this ruling" in differences[0].message


def test_an_engine_that_reports_no_rule_is_judged_on_the_refusal_alone() -> None:
    found, cards = _negative_cases()[0]
    observation = engine.run_case(found.data, cards)
    index = found.data["expect"]["rejected"][0]["step"]
    observation["steps"][index] = {"outcome": "rejected", "reason": "refused"}
    assert compare(found.data, observation) == []


@pytest.mark.parametrize("reported, expected, accepted", [
    ("601.2c", "601.2c", True), ("601.2c", "601.2", True), ("601.2", "601.2c", True),
    ("601.21", "601.2", False), ("601", "601.2c", False), ("117.1", ["605.3a", "117.1"], True),
    ("117.1", "605.3a", False), ("400.11", "400.11a", True),
])
def test_a_reported_rule_matches_the_rule_its_subrules_or_its_numbered_parent(
        reported: str, expected: Any, accepted: bool) -> None:
    assert rule_accepted(reported, expected) is accepted


def test_a_malformed_action_reaches_the_caller_as_an_engine_error() -> None:
    found, cards = suite()[0]
    game, _refs = engine.build(found.data, cards)
    with pytest.raises(engine.MalformedAction):
        engine.apply(game, {"action": "no-such-action"})
    with pytest.raises(KeyError):
        engine.apply(game, {"action": "cast", "player": 0})  # no card: the engine fails, it doesn't refuse
