"""Regression capture: a bug planted in the engine is caught, shrunk and written as a valid case that
fails on the planted engine and passes on the real one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import engine.effects as effects
from conformance import fuzz_props
from conformance.compare import compare
from conformance.regressions import ENV_DIR, InvariantFailed, case_problems
from conformance.strategies import proliferate_cases
from engine import run_case
from engine.counters import put_counters


def _proliferate_twice(ctx: Any, res: Any, p: Any) -> None:
    """The planted bug: proliferate adds two counters of each kind instead of one."""
    before = len(ctx.events)
    real(ctx, res, p)
    for e in [e for e in ctx.events[before:] if e["type"] == "counters_put"]:
        target = (
            ("player", e["player"])
            if "player" in e
            else ("object", e["object"], ctx.game.obj(e["object"]).epoch)
        )
        put_counters(ctx, target, {e["counter"]: 1}, res.controller)


real = effects.EFFECTS["proliferate"]


def test_planted_proliferate_bug_is_caught_and_saved(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setitem(effects.EFFECTS, "proliferate", _proliferate_twice)

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

    with pytest.raises(InvariantFailed):
        fuzz()
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 1
    case = json.loads(files[0].read_text())
    assert case_problems(case) == []
    assert case["origin"]["kind"] == "fuzz" and case["origin"]["area"] == "counters"
    assert "701.34a" in case["rules"]
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"
    monkeypatch.setitem(effects.EFFECTS, "proliferate", real)
    assert compare(case, run_case(case, {})) == [], "the case must pass on the real engine"
