"""runner: outcomes per case on a (fake) engine; one case never takes the run down."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from harness_helpers import EXAMPLES, FakeEngine, good_observation, observing

from conformance.cases.selection import select
from conformance.cases.validate import Validation, validate
from conformance.engines import EngineUnavailable, get_engine
from conformance.interface import RunResult
from conformance.run.runner import RunOptions, run_cases, seeds_covered, summarize


@pytest.fixture()
def examples() -> Validation:
    result = validate([EXAMPLES])
    assert result.ok
    return result


def outcomes(engine: FakeEngine, examples: Validation, **options: Any) -> dict[str, str]:
    verdicts = run_cases(engine, examples.cases, examples.catalogue_for, RunOptions(**options)).verdicts
    return {v.case_id: v.outcome for v in verdicts}


def test_a_correct_engine_passes_every_case_and_gets_the_cards_it_uses(examples: Validation) -> None:
    engine = FakeEngine(observing(good_observation()))
    assert set(outcomes(engine, examples).values()) == {"pass"}
    assert engine.calls[0][1] == ["Forest", "Hardened Scales"]


def test_a_wrong_observation_fails_with_differences(examples: Validation) -> None:
    obs = good_observation()
    obs["final"]["players"]["bob"]["life"] = 3
    verdicts = run_cases(FakeEngine(observing(obs)), examples.cases, examples.catalogue_for).verdicts
    assert {v.outcome for v in verdicts} == {"fail"}
    assert [d.where for d in verdicts[0].differences] == ["players.bob.life"]


def test_an_engine_that_raises_crashes_one_case_and_the_run_goes_on(examples: Validation) -> None:
    def answer(case: Any, cards: Mapping[str, Any]) -> RunResult:
        if case["id"] == "example-fuzz-origin":
            raise RuntimeError("boom")
        return RunResult("observed", good_observation())

    verdicts = run_cases(FakeEngine(answer), examples.cases, examples.catalogue_for).verdicts
    by_id = {v.case_id: v for v in verdicts}
    assert by_id["example-fuzz-origin"].outcome == "crash"
    assert by_id["example-fuzz-origin"].message == "RuntimeError: boom"
    assert by_id["example-forest-taps-for-green"].outcome == "pass"


def test_unsupported_and_error_results_map_to_not_applicable_and_error(examples: Validation) -> None:
    unsupported = FakeEngine(lambda case, cards: RunResult("unsupported", reason="no mana abilities"))
    assert set(outcomes(unsupported, examples).values()) == {"not_applicable"}
    error = FakeEngine(lambda case, cards: RunResult("error", reason="bad card data"))
    assert set(outcomes(error, examples).values()) == {"error"}


def test_a_malformed_observation_is_an_error_not_a_crash(examples: Validation) -> None:
    assert set(outcomes(FakeEngine(observing({"final": {}})), examples).values()) == {"error"}


def test_declared_unsupported_features_make_cases_not_applicable_without_running(
    examples: Validation,
) -> None:
    engine = FakeEngine(observing(good_observation()), unsupported=frozenset({"tap-symbol"}))
    assert set(outcomes(engine, examples).values()) == {"not_applicable"}
    assert engine.calls == []


def test_excluded_features_are_skipped(examples: Validation) -> None:
    engine = FakeEngine(observing(good_observation()))
    assert set(outcomes(engine, examples, exclude_features=frozenset({"mana"})).values()) == {"skipped"}


def test_k_selects_by_substring_of_id_or_title(examples: Validation) -> None:
    assert [c.case_id for c in select(examples.cases, "FUZZ")] == ["example-fuzz-origin"]
    assert [c.case_id for c in select(examples.cases, "green mana")] == ["example-forest-taps-for-green"]
    assert select(examples.cases, "no such words") == []


def test_summary_counts_outcomes_per_topic_and_seeds_covered(examples: Validation) -> None:
    engine = FakeEngine(observing(good_observation()))
    verdicts = run_cases(engine, examples.cases, examples.catalogue_for).verdicts
    assert summarize(verdicts)["examples"]["pass"] == 2
    assert seeds_covered(verdicts) == {"common-03"}


def test_unknown_engine_names_are_refused_with_the_known_ones() -> None:
    with pytest.raises(EngineUnavailable, match="known engines: .*reference"):
        get_engine("no-such-engine")
