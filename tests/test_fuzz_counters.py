"""Fuzzing counters (CR 122) on the reference engine: generated cases, their oracle outcome, invariants."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from conformance.fuzz import props as fuzz_props
from conformance.fuzz.strategies import counter_event_cases, proliferate_cases


@given(proliferate_cases())
def test_proliferate_gives_exactly_one_more_of_each_kind_701_34a(case: dict[str, Any]) -> None:
    """CR 701.34a: each chosen permanent or player gets one more counter of each kind it already has;
    nothing else changes (every object and player is in the expectation, counters exact)."""
    fuzz_props.check_expected(case)


@given(counter_event_cases())
def test_counter_replacements_apply_in_the_chosen_order_616_1(case: dict[str, Any]) -> None:
    """CR 616.1: the result is the effects applied in the order the affected player chose, and every
    order can be chosen (the drawn permutation is accepted); CR 704.5q leaves only one of +1/+1 and
    -1/-1; no counter count is negative (CR 122)."""
    fuzz_props.check_expected(case)


@given(counter_event_cases())
def test_same_state_and_decisions_give_the_same_result(case: dict[str, Any]) -> None:
    """Replaying a case gives an identical observation (the engine is a function of the case)."""
    fuzz_props.check_deterministic(case)
