"""Fuzzing targets (CR 115, 608.2b) and crimes (CR 700.13) on the reference engine."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from conformance.fuzz import props as fuzz_props
from conformance.fuzz.strategies import targeting_cases


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
