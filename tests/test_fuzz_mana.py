"""Fuzzing mana (CR 106) on the reference engine: mana abilities, could-produce, replacement effects,
mana with a spending restriction (CR 106.6)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from planted import the_saved_case

import engine.mana
from conformance.fuzz import props as fuzz_props
from conformance.fuzz.regressions import ENV_DIR
from conformance.fuzz.restricted_mana import can_pay, check_restricted_mana, restricted_mana_cases
from conformance.fuzz.strategies import extra_lands, mana_cases
from conformance.run.compare import compare
from engine import run_case

REAL_SPENDABLE = engine.mana.spendable


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


def _planted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, spendable: Any) -> dict[str, Any]:
    """Plant ``spendable`` in the engine's mana payment; the case the restricted-mana fuzz saves."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setattr(engine.mana, "spendable", spendable)

    @settings(max_examples=300, database=None, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck))
    @given(restricted_mana_cases())
    def fuzz(drawn: tuple[dict[str, Any], list[int]]) -> None:
        check_restricted_mana(drawn)  # type: ignore[arg-type]

    return the_saved_case(fuzz, tmp_path)


def test_a_planted_engine_spending_restricted_mana_on_anything_is_caught(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An engine that ignores "spend this mana only to ..." (every restricted mana pays everything) is
    caught, and the shrunk case expects the cast refused under CR 106.6; it passes on the real engine."""
    def every_restricted_mana(game: Any, player: int, purpose: Any, source: Any) -> list[int]:
        return list(range(len(game.players[player].restricted_mana)))

    case = _planted(monkeypatch, tmp_path, every_restricted_mana)
    assert case["origin"]["invariant"] == "restricted-mana-spent-only-as-allowed"
    assert [r["rule"] for r in case["expect"]["rejected"]] == ["106.6"]
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"
    monkeypatch.setattr(engine.mana, "spendable", REAL_SPENDABLE)
    assert compare(case, run_case(case, {})) == [], "the case must pass on the real engine"


def test_a_planted_engine_whose_restricted_mana_pays_nothing_is_caught(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The converse: restricted mana that never pays, even what it may (Cavern of Souls' mana refused for
    a creature spell of the chosen type), is caught too."""
    case = _planted(monkeypatch, tmp_path, lambda game, player, purpose, source: [])
    assert "rejected" not in case["expect"]
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"


def test_the_restricted_mana_oracle_pays_hybrid_symbols_either_way_107_4e() -> None:
    assert can_pay({"R": 1}, "{R/G}") and can_pay({"G": 1}, "{R/G}") and not can_pay({"C": 1}, "{R/G}")
    assert can_pay({"C": 2}, "{2/R}") and can_pay({"R": 1}, "{2/R}") and not can_pay({"C": 1}, "{2/R}")
    assert can_pay({"C": 2, "R": 1}, "{1}{R}{C}") and not can_pay({"C": 1}, "{1}{C}")
