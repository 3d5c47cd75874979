"""The phase adapter's translation of phasing (CR 702.26: a phased-out permanent in a setup, the
phased_out / phased_in events, phased_out in object views) and of the card_from_hand decision (imprint:
Chrome Mox's "you may exile a nonartifact, nonland card from your hand", imprint.py)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.adapters.common import setup_objects  # noqa: E402
from conformance.adapters.phase import engine as phase_engine  # noqa: E402
from conformance.adapters.phase.phasing import phased_out_setup  # noqa: E402
from conformance.cases.validate import validate  # noqa: E402
from conformance.documents import Case  # noqa: E402
from conformance.run.runner import gather_cards  # noqa: E402

SUITES = Path(__file__).parent.parent / "suites"
PHASING = SUITES / "702.26-phasing"
MOX = SUITES / "106-mana" / "could-produce"


def run(path: Path, edit: Any = None) -> dict[str, Any]:
    result = validate([path])
    assert not result.problems, result.problems[:3]
    found = result.cases[0]
    case: Case = copy.deepcopy(found.data)
    if edit is not None:
        edit(case)
    cards = gather_cards(found.data, result.catalogue_for(found))
    if edit is not None:  # cards the edit added
        cards.update(gather_cards(case, result.catalogue_for(found)))
    return dict(phase_engine.run_case(case, cards))


def view(result: dict[str, Any], ref: str, where: str = "final") -> dict[str, Any]:
    return next(o for o in result["observation"][where]["objects"] if o["ref"] == ref)


def test_phasing_and_imprint_are_tried() -> None:
    assert not {"phasing", "imprint"} & phase_engine.UNSUPPORTED_FEATURES


def test_a_setup_phased_out_bear_is_phased_out_in_phase() -> None:
    result = run(PHASING / "phased-out-bear-is-not-offered-as-a-target-for-bobs-shock.json")
    assert result["status"] == "observed"
    assert view(result, "bear")["phased_out"] is True
    # phase's own target options leave it out (CR 702.26b)
    asked = result["observation"]["decisions"][0]
    assert asked["kind"] == "targets" and "bear" not in asked["options"]


def test_phasing_out_and_in_are_events_and_views() -> None:
    result = run(PHASING / ("teferis-protection-bear-phases-out-with-two-counters-and-phases-in-"
                            "with-them.json"))
    events = result["observation"]["events"]
    assert {"type": "phased_out", "object": "bear"} in events
    assert {"type": "phased_in", "object": "bear"} in events
    bear = next(o for o in result["observation"]["snapshots"]["bobs-turn"]["objects"] if o["ref"] == "bear")
    assert bear["phased_out"] is True
    assert view(result, "bear")["phased_out"] is False


def test_an_aura_on_a_setup_phased_out_bear_phases_out_indirectly() -> None:
    path = PHASING / "phased-out-bear-is-not-offered-as-a-target-for-bobs-shock.json"

    def edit(case: Case) -> None:
        alice = case["setup"]["players"][0]
        alice["battlefield"].append({"alias": "aura", "card": "Hydra's Growth", "attached_to": "bear"})

    case = copy.deepcopy(validate([path]).cases[0].data)
    edit(case)
    assert phased_out_setup(list(setup_objects(case))) == {"bear": "Directly",
                                                                         "aura": "Indirectly"}
    result = run(path, edit)
    assert view(result, "aura")["phased_out"] is True
    assert view(result, "aura")["attached_to"] == "bear"


def test_card_from_hand_accept_with_one_card_that_qualifies() -> None:
    result = run(MOX / "chrome-mox-bears-exiled-taps-for-green.json")
    asked = [d for d in result["observation"]["decisions"] if d["kind"] == "card_from_hand"]
    assert asked == [{"kind": "card_from_hand", "player": "alice", "source": "mox",
                      "options": ["bears", None], "answer": "bears", "used": 0, "auto": False}]
    assert view(result, "bears")["zone"] == "exile"


def test_card_from_hand_decline() -> None:
    result = run(MOX / "chrome-mox-nothing-exiled-taps-for-no-mana.json")
    asked = [d for d in result["observation"]["decisions"] if d["kind"] == "card_from_hand"]
    assert len(asked) == 1 and asked[0]["answer"] is None and asked[0]["used"] == 0


def test_card_from_hand_with_none_that_qualifies_is_auto() -> None:
    result = run(MOX / "chrome-mox-only-land-and-artifact-in-hand-nothing-imprinted-no-mana.json")
    asked = [d for d in result["observation"]["decisions"] if d["kind"] == "card_from_hand"]
    assert len(asked) == 1 and asked[0]["options"] == [None] and asked[0]["auto"] is True
    assert result["observation"].get("unanswered") is None


def test_card_from_hand_with_two_cards_answers_phases_second_prompt_from_the_same_entry() -> None:
    def edit(case: Case) -> None:
        case["setup"]["players"][0]["hand"].append({"alias": "shock", "card": "Shock"})

    result = run(MOX / "chrome-mox-bears-exiled-taps-for-green.json", edit)
    asked = [d for d in result["observation"]["decisions"] if d["kind"] == "card_from_hand"]
    assert len(asked) == 1 and sorted(map(str, asked[0]["options"])) == ["None", "bears", "shock"]
    assert view(result, "bears")["zone"] == "exile"
    assert view(result, "shock")["zone"] == "hand"


def test_card_from_hand_a_card_phase_does_not_offer_rejects_the_step() -> None:
    def edit(case: Case) -> None:
        case["setup"]["players"][0]["hand"].append({"alias": "land", "card": "Forest"})
        case["decisions"][0]["answer"] = "land"

    result = run(MOX / "chrome-mox-bears-exiled-taps-for-green.json", edit)
    steps = result["observation"]["steps"]
    assert steps[2]["outcome"] == "rejected" and "not among the cards phase lets exile" in steps[2]["reason"]
    assert view(result, "land")["zone"] == "hand"


def test_a_cast_copys_targets_are_the_targets_decision() -> None:
    """Isochron Scepter's copy is cast (CR 707.12): phase asks its target as a CopyRetarget slot with no
    current target, which is choosing targets (601.2c), not changing them."""
    result = run(SUITES / "707.10-copies" / ("isochron-scepter-cast-copy-of-shock-deals-two-then-ceases-"
                                             "to-exist.json"))
    asked = [d for d in result["observation"]["decisions"] if d["kind"] in ("targets", "new_targets")]
    assert [(d["kind"], d["options"], d["answer"]) for d in asked] == [("targets", ["alice", "bob"], ["bob"])]
    assert result["observation"]["final"]["players"]["bob"]["life"] == 18


def test_a_step_event_has_the_turn_it_began_in_when_a_batch_crosses_turns() -> None:
    """Passing in the end step runs cleanup and the next turn's first steps in one batch: cleanup is
    the earlier turn's, whatever the game's turn is once the batch is read."""
    from conformance.adapters.phase.events import turn_at

    raw = [{"type": "PhaseChanged", "data": {"phase": "Cleanup"}},
           {"type": "TurnStarted", "data": {"player_id": 1, "turn_number": 2}},
           {"type": "PhaseChanged", "data": {"phase": "Untap"}}]
    assert [turn_at(raw, i, 2) for i in range(3)] == [1, 2, 2]
    assert turn_at(raw[:1], 0, 1) == 1


def test_buyback_is_phases_optional_cost_choice() -> None:
    """phase asks a spell's buyback (CR 702.27a) as OptionalCostChoice for its Buyback keyword's cost."""
    assert "buyback" not in phase_engine.UNSUPPORTED_FEATURES
    result = run(SUITES / "702.27-buyback" / "slaughter-buyback-paid-at-four-life-alice-loses.json")
    asked = [d for d in result["observation"]["decisions"] if d["kind"] == "buyback"]
    assert [(d["options"], d["answer"]) for d in asked] == [([False, True], True)]
    assert result["observation"]["final"]["players"]["alice"]["life"] == 0


def test_unearth_is_an_activation_from_the_graveyard() -> None:
    """Unearth (CR 702.84a) needs no translation of its own: ActivateAbility of the card in the graveyard."""
    assert "unearth" not in phase_engine.UNSUPPORTED_FEATURES
    result = run(SUITES / "702.84-unearth" / "dregscape-zombie-unearth-resolves-zombie-returns.json")
    assert [s["outcome"] for s in result["observation"]["steps"]] == ["ok", "ok"]
    assert view(result, "zombie")["zone"] == "battlefield"


def test_an_additional_combat_phase_is_phases_and_reported_as_steps() -> None:
    """Seize the Day (CR 500.8): phase's AdditionalPhase; its combat's steps are step events of turn 1."""
    assert "extra-phases" not in phase_engine.UNSUPPORTED_FEATURES
    result = run(SUITES / "500-turn-structure" / "seize-the-day-target-legal-additional-combat-and-main.json")
    combats = [e for e in result["observation"]["events"]
               if e["type"] == "step" and e["step"] == "beginning_of_combat" and e["turn"] == 1]
    assert len(combats) == 2
