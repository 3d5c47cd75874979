"""Fuzzing mana (CR 106) on the reference engine: mana abilities, could-produce, replacement effects."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from conformance.fuzz import props as fuzz_props
from conformance.fuzz.strategies import extra_lands, mana_cases


@given(mana_cases(), st.data())
def test_mana_produced_is_mana_added_106_12(case: dict[str, Any], data: st.DataObject) -> None:
    """CR 106.3, 106.12: the pool grows by exactly the mana produced, of types the source could produce;
    CR 106.7: an ability that would produce an undefined type produces nothing."""
    fuzz_props.check_mana(case, data)


@given(mana_cases(), extra_lands())
def test_could_produce_terminates_and_is_monotone_106_7(case: dict[str, Any], extra: tuple[str, str]) -> None:
    """CR 106.7: could-produce terminates (Reflecting-Pool loops included) and adding a land never
    removes a type a permanent could produce."""
    fuzz_props.check_could_produce(case, extra)
