"""The phase adapter's translation of costs to attack (CR 508.1g-j, attack_costs.py) on the suite's
attack-costs cases: phase pays them itself at its CombatTaxPayment prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.adapters.phase import engine as phase_engine  # noqa: E402
from conformance.cases.validate import validate  # noqa: E402
from conformance.run.runner import gather_cards  # noqa: E402

COMBAT = Path(__file__).parent.parent / "suites" / "506-combat"


def run(name: str) -> dict[str, Any]:
    result = validate([COMBAT / f"{name}.json"])
    assert not result.problems, result.problems[:3]
    found = result.cases[0]
    return dict(phase_engine.run_case(found.data, gather_cards(found.data, result.catalogue_for(found))))


def test_attack_costs_are_tried() -> None:
    assert "attack-costs" not in phase_engine.UNSUPPORTED_FEATURES


def test_unpayable_cost_is_phases_rejection_of_the_declaration() -> None:
    result = run("ghostly-prison-does-not-tax-an-attack-on-a-planeswalker")
    steps = result["observation"]["steps"]
    assert steps[1]["outcome"] == "rejected" and "Cannot pay mana cost" in steps[1]["reason"]
    assert [s["outcome"] for s in steps[2:]] == ["ok", "ok"]


def test_phase_pays_life_for_phyrexian_white_with_no_white_source() -> None:
    result = run("norns-annex-taxes-an-attack-on-bobs-planeswalker")
    assert result["observation"]["final"]["players"]["alice"]["life"] == 18


def test_a_source_the_player_did_not_activate_is_not_applicable() -> None:
    result = run("two-propagandas-cost-four-to-attack-with-one-creature")
    assert result["status"] == "unsupported" and "['f4']" in result["reason"]


def test_a_chosen_payment_is_not_applicable() -> None:
    result = run("norns-annex-attacker-pays-two-life-as-attackers-are-declared")
    assert result["status"] == "unsupported" and "mana_payment" in result["reason"]
