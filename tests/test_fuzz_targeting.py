"""Fuzzing targets (CR 115, 608.2b) and crimes (CR 700.13) on the reference engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from planted import the_saved_case

import engine.protection
import engine.targets
from conformance.fuzz import props as fuzz_props
from conformance.fuzz.protection_targets import protected_targets_cases
from conformance.fuzz.regressions import ENV_DIR, with_forced_marks
from conformance.fuzz.strategies import targeting_cases
from conformance.run.compare import compare
from engine import run_case


@given(targeting_cases())
def test_only_legal_targets_are_affected_608_2b(case: dict[str, Any]) -> None:
    """CR 608.2b: a spell whose targets are all illegal doesn't resolve; with some illegal, only the
    legal ones are affected. CR 700.13: at most one crime per spell or ability, and only when its
    initial targets include an opponent or something an opponent controls. No card is lost or
    duplicated across zones (CR 400)."""
    fuzz_props.check_expected(case)


@given(targeting_cases())
def test_targeting_is_deterministic(case: dict[str, Any]) -> None:
    """Same state + same decisions = same result."""
    fuzz_props.check_deterministic(case)


@given(protected_targets_cases())
def test_protection_and_hexproof_from_bar_targets_702_16b_702_11d(case: dict[str, Any]) -> None:
    """CR 702.16b: no spell or ability targets an object with protection from one of its qualities (its
    colour); CR 702.11d: an opponent's can't target one with hexproof from its quality, the controller's
    own may; CR 601.2c, 115.3: "any number of target creatures" takes any number of different legal ones,
    none included; CR 702.16e: damage from a source of that colour to a protected creature is prevented,
    and CR 615.1a: so is damage a resolved prevention effect applies to."""
    fuzz_props.check_expected(case)


def _caught(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: Any, name: str,
            planted: Callable[..., Any]) -> dict[str, Any]:
    """Plant ``planted`` as ``module.name``; the case the protection fuzz saves, failing on the plant."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setattr(module, name, planted)

    @settings(max_examples=300, database=None, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck))
    @given(protected_targets_cases())
    def fuzz(case: dict[str, Any]) -> None:
        fuzz_props.check_expected(case)

    case = the_saved_case(fuzz, tmp_path)
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"  # type: ignore[arg-type]
    return case


REAL = {
    "protected_from": engine.protection.protected_from,
    "hexproof_from": engine.protection.hexproof_from,
    "any_number": engine.targets.any_number,
    "_prevention_applies": engine.protection._prevention_applies,
}


@pytest.mark.parametrize(
    ("module", "name", "planted"),
    [
        # protection from a colour ignored when targeting and for damage (CR 702.16b, 702.16e)
        (engine.protection, "protected_from", lambda game, o, source: False),
        # hexproof from a colour that stops its controller's own spells too (CR 702.11d)
        (engine.protection, "hexproof_from",
         lambda game, o, source, controller: REAL["hexproof_from"](game, o, source, o.controller + 1)),
        # "any number of target" read as "one target" (CR 601.2c)
        (engine.targets, "any_number",
         lambda spec, legal: {k: v for k, v in spec.items() if k != "any_number"}),
        # "prevent all damage that would be dealt to creatures you control this turn" ignored (CR 615.1a)
        (engine.protection, "_prevention_applies", lambda game, spec, t, target, combat: False),
    ],
    ids=["protection-ignored", "hexproof-from-own-spells", "any-number-as-one", "prevention-ignored"],
)
def test_a_planted_targeting_bug_is_caught(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: Any,
                                           name: str, planted: Callable[..., Any]) -> None:
    """Each planted engine is caught by the protection fuzz, and its shrunk case passes on the real one
    (its forced marks judged again by the real engine, as triage does with tools/mark_forced.py: the
    planted engine may see one legal target where the rules leave two)."""
    case = _caught(monkeypatch, tmp_path, module, name, planted)
    assert case["origin"]["invariant"] == "protection-and-hexproof-from-targets"
    monkeypatch.setattr(module, name, REAL[name])
    case = with_forced_marks(case)
    assert compare(case, run_case(case, {})) == [], "the case must pass on the real engine"  # type: ignore[arg-type]
