"""Fuzzing mana (CR 106) on the reference engine: mana abilities, could-produce, replacement effects,
mana with a spending restriction (CR 106.6)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from conformance.fuzz import props as fuzz_props
from conformance.fuzz.restricted_mana import can_pay, check_restricted_mana, restricted_mana_cases
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


@given(restricted_mana_cases())
def test_restricted_mana_is_spent_only_as_allowed_106_6(drawn: tuple[dict[str, Any], list[int]]) -> None:
    """CR 106.6: mana that may be spent only on some spells or abilities never pays anything else (a cost
    only it could pay is refused under 106.6 and the pool keeps it), and pays what it may exactly as
    unrestricted mana of the same types would."""
    check_restricted_mana(drawn)  # type: ignore[arg-type]


def test_the_restricted_mana_oracle_pays_hybrid_symbols_either_way_107_4e() -> None:
    assert can_pay({"R": 1}, "{R/G}") and can_pay({"G": 1}, "{R/G}") and not can_pay({"C": 1}, "{R/G}")
    assert can_pay({"C": 2}, "{2/R}") and can_pay({"R": 1}, "{2/R}") and not can_pay({"C": 1}, "{2/R}")
    assert can_pay({"C": 2, "R": 1}, "{1}{R}{C}") and not can_pay({"C": 1}, "{1}{C}")
