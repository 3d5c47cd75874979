"""Generated cases are schema-valid, and state -> case JSON -> state is the identity."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from conformance.fuzz import props as fuzz_props
from conformance.fuzz.regressions import case_problems
from conformance.fuzz.strategies import counter_event_cases, mana_cases, proliferate_cases, targeting_cases

ANY_CASE = st.one_of(proliferate_cases(), counter_event_cases(), mana_cases(), targeting_cases())


@given(ANY_CASE)
def test_generated_cases_are_valid(case: dict[str, Any]) -> None:
    """Every generated case validates against spec/case.schema.json and the cross-file checks."""
    assert case_problems(case) == []


@given(ANY_CASE)
def test_build_matches_setup_and_round_trips_400_1(case: dict[str, Any]) -> None:
    """build() gives the setup; build(case_from_game(build(case))) equals build(case)."""
    fuzz_props.check_roundtrip(case)


def test_generated_cards_have_oracle_text() -> None:
    from conformance.fuzz.strategies import MANA_LANDS, MANA_OTHERS

    texts = {c["name"]: c["text"] for c in [*MANA_LANDS.values(), *MANA_OTHERS.values()]}
    assert texts["Fuzz Pool"] == "{T}: Add one mana of any type that a land you control could produce."
    assert texts["Fuzz Land CC"] == "{T}: Add {C}{C}."
    assert "twice as much" in texts["Fuzz Reflection"]
