"""Regression capture: a bug planted in the engine is caught, shrunk and written as a valid case that
fails on the planted engine and passes on the real one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from planted import REAL_PROLIFERATE, proliferate_twice, the_saved_case

import engine.registry as effects
from conformance.fuzz import props as fuzz_props
from conformance.fuzz.regressions import ENV_DIR
from conformance.fuzz.strategies import proliferate_cases
from conformance.run.compare import compare
from engine import run_case

real = REAL_PROLIFERATE


def test_planted_proliferate_bug_is_caught_and_saved(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setitem(effects.EFFECTS, "proliferate", proliferate_twice)

    @settings(
        max_examples=200,
        database=None,
        deadline=None,
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(proliferate_cases())
    def fuzz(case: dict[str, Any]) -> None:
        fuzz_props.check_expected(case)

    case = the_saved_case(fuzz, tmp_path)
    assert case["origin"]["kind"] == "fuzz" and case["origin"]["area"] == "counters"
    assert "701.34a" in case["rules"]
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"
    monkeypatch.setitem(effects.EFFECTS, "proliferate", real)
    assert compare(case, run_case(case, {})) == [], "the case must pass on the real engine"


def test_a_saved_case_marks_the_forced_decisions_it_scripts() -> None:
    """A finding's decision with one legal answer (the only creature to target) is marked forced when
    saved, so an engine that takes it without asking is not failed for that (spec/README.md 1.4)."""
    import json

    from conformance.fuzz.regressions import with_forced_marks

    folder = Path(__file__).parent.parent / "suites" / "614-replacement" / "counters"
    name = "your-plus-one-replacement-does-not-apply-to-an-opponents-creature.json"
    found = json.loads((folder / name).read_text())
    entries = [{k: v for k, v in d.items() if k != "forced"} for d in found["decisions"]]
    unmarked = {**found, "decisions": entries}
    assert [d.get("forced") for d in with_forced_marks(unmarked)["decisions"]] == [True]
    two_creatures = json.loads(json.dumps(unmarked))
    two_creatures["setup"]["players"][0].setdefault("battlefield", []).append(
        {"alias": "mine", "card": "Fuzz Creature 0-1"})
    assert [d.get("forced") for d in with_forced_marks(two_creatures)["decisions"]] == [None]
