"""Fuzzing copies of permanents with counters (CR 707.2, 707.5, 707.9e) and activated or triggered
abilities on the stack as targets (CR 113.7a, 701.6a, 700.13) on the reference engine
(conformance/fuzz/copies_and_stack.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from conformance.fuzz import props as fuzz_props
from conformance.fuzz.copies_and_stack import ability_target_cases, copy_with_counters_cases


@given(copy_with_counters_cases())
def test_a_copy_enters_without_the_originals_counters_707_2(case: dict[str, Any]) -> None:
    """CR 707.2: counters aren't copied (nor a keyword counter's keyword); the original keeps its own;
    CR 707.5, 614.1c: the copy enters with the counters of the copied card's "enters with" replacement,
    and Spark Double's additional +1/+1 counter (707.9e), annihilating with -1/-1 ones (704.5q)."""
    fuzz_props.check_expected(case)


@given(ability_target_cases())
def test_a_countered_ability_does_nothing_and_leaves_its_source_701_6a(case: dict[str, Any]) -> None:
    """CR 701.6a, 608.2b: Stifle, Disallow or Tale's End removes the targeted ability from the stack and
    its +1/+1 counter is never put; CR 113.7a: its source is left alone; CR 605.3b: a mana ability is
    no target; CR 700.13: targeting an opponent's ability is a crime, one's own isn't."""
    fuzz_props.check_expected(case)
