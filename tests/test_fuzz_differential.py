"""Differential fuzzing: generated cases replayed on the reference engine and on another engine; a
disagreement shrinks into a case that fails on the other engine and passes on the reference one."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from planted import the_saved_case

from conformance.fuzz import differential
from conformance.fuzz.regressions import ENV_DIR
from conformance.fuzz.strategies import proliferate_cases
from conformance.interface import RunResult
from conformance.run.compare import compare
from conformance.run.protocol import ProtocolEngine
from engine import run_case

ADAPTERS = Path(__file__).parent / "data" / "adapters"
PLANTED = f"{sys.executable} {ADAPTERS / 'planted_proliferate.py'}"
REFERENCE = f"{sys.executable} -m conformance.adapters.reference"
CASE: dict[str, Any] = {"setup": {"players": [
    {"alias": "alice", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}, {"alias": "bob"}]}}


def observed(final: dict[str, Any], steps: list[str]) -> RunResult:
    return RunResult("observed", {"steps": [{"outcome": s} for s in steps], "final": final})


def test_facts_cover_setup_objects_and_players_and_ignore_zero_counters() -> None:
    final = {"objects": [{"ref": "bear", "zone": "battlefield", "counters": {"+1/+1": 1, "oil": 0},
                          "power": 3, "toughness": 3, "damage": 0, "tapped": False},
                         {"ref": "Token#1", "zone": "battlefield"}],
             "players": {"alice": {"life": 20, "counters": {"poison": 0}, "mana_pool": {}}}}
    facts = differential.facts(CASE, observed(final, ["ok"]))
    assert facts["objects.bear.counters"] == {"+1/+1": 1} and facts["players.alice.counters"] == {}
    assert facts["steps"] == ["ok"] and not any("Token" in k for k in facts)


def test_disagreements_name_each_field_with_both_values() -> None:
    a = {"objects.bear.counters": {"+1/+1": 1}, "steps": ["ok"]}
    b = {"objects.bear.counters": {"+1/+1": 2}, "steps": ["ok"]}
    assert differential.disagreements(a, b) == [
        "objects.bear.counters: reference {'+1/+1': 1}, other engine {'+1/+1': 2}"]
    expect = differential.expect_from({"expect": {"players": {"bob": {"life": 20}}}}, a,
                                      ["objects.bear.counters"])
    assert expect == {"players": {"bob": {"life": 20}}, "objects": {"bear": {"counters": {"+1/+1": 1}}}}


def test_an_engine_that_agrees_gives_no_finding() -> None:
    @settings(max_examples=15, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(proliferate_cases())
    def fuzz(case: dict[str, Any]) -> None:
        differential.check_agree(case, REFERENCE, "counters")

    fuzz()


def test_a_disagreeing_engine_is_caught_shrunk_and_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))

    @settings(max_examples=200, database=None, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck))
    @given(proliferate_cases())
    def fuzz(case: dict[str, Any]) -> None:
        differential.check_agree(case, PLANTED, "counters")

    case = the_saved_case(fuzz, tmp_path)
    origin = case["origin"]
    assert (origin["kind"], origin["area"]) == ("differential", "counters")
    assert origin["invariant"] == "engines-agree"
    assert origin["engine"].startswith("planted-proliferate")
    assert compare(case, run_case(case, {})) == [], "the case must pass on the reference engine"
    with ProtocolEngine(PLANTED) as planted:
        result = planted.run(case, {})
    assert compare(case, result.observation), "the case must fail on the disagreeing engine"


def test_a_step_the_reference_engine_refused_is_expected_refused_for_its_rule() -> None:
    from conformance.fuzz.differential import expect_from
    from conformance.interface import RunResult

    observed = RunResult(
        "observed",
        {"steps": [{"outcome": "ok"}, {"outcome": "rejected", "rule": "602.5a", "reason": "tapped"}]},
    )
    expect = expect_from({"expect": {}}, {"steps": ["ok", "rejected"]}, ["steps"], observed)
    assert expect["rejected"] == [{"step": 1, "rule": "602.5a"}]  # rule is required by case.schema.json


def test_an_illegal_answer_to_a_decision_the_other_engine_takes_itself_is_no_finding() -> None:
    """A generated case that answers a forced decision illegally ("any number of target creatures" with
    only an opponent's hexproof creature: the one legal choice is none, the case picks it) is not
    applicable to an engine that takes forced decisions itself (spec/README.md 1.4): its activation with
    no target is no disagreement. An engine that asks is still compared (the reference adapter agrees)."""
    from hypothesis import find

    from conformance.fuzz.protection_targets import protected_targets_cases

    def illegal_forced(case: dict[str, Any]) -> bool:
        creatures = [e for p in case["setup"]["players"] for e in p.get("battlefield", [])
                     if e["alias"] != "source"]
        return bool("rejected" in case["expect"] and case["decisions"] and len(creatures) == 1)

    budget = settings(database=None, max_examples=2000)
    case = find(protected_targets_cases(), illegal_forced, settings=budget)
    differential.check_agree(case, f"{sys.executable} {ADAPTERS / 'forced_auto.py'}", "targeting")
    differential.check_agree(case, REFERENCE, "targeting")
