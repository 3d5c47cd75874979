"""Fuzzing targets (CR 115, 608.2b), crimes (CR 700.13), protection and "hexproof from" (CR 702.16b,
702.11d), "any number of target" (CR 601.2c) and damage prevention (CR 702.16e, 615.1a) on the reference
engine."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from conformance.fuzz import props as fuzz_props
from conformance.fuzz.protection_targets import protected_targets_cases
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


@given(protected_targets_cases())
def test_protection_and_hexproof_from_bar_targets_702_16b_702_11d(case: dict[str, Any]) -> None:
    """CR 702.16b: no spell or ability targets an object with protection from one of its qualities (its
    colour); CR 702.11d: an opponent's can't target one with hexproof from its quality, the controller's
    own may; CR 601.2c, 115.3: "any number of target creatures" takes any number of different legal ones,
    none included; CR 702.16e: damage from a source of that colour to a protected creature is prevented,
    and CR 615.1a: so is damage a resolved prevention effect applies to."""
    fuzz_props.check_expected(case)
