"""The phase.rs adapter translates an ability on the stack as a target (case ref {"ability_of": source},
phase's {"Object": stack entry id}; CR 113.1c) both ways (needs the ``phase`` extra)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("phase")

from engine_helpers import CATALOGUE  # noqa: E402

from conformance.adapters.phase import engine as phase_engine  # noqa: E402


def _two_fireslingers_and_tales_end(answer: Any) -> dict[str, Any]:
    return {
        "id": "adapter-tales-end-two-abilities", "title": "x", "rules": ["701.6a"],
        "features": ["target-abilities"], "level": "rules",
        "setup": {"players": [
            {"alias": "alice", "battlefield": [{"alias": "s1", "card": "Goblin Fireslinger"},
                                               {"alias": "s2", "card": "Goblin Fireslinger"}]},
            {"alias": "bob", "mana_pool": {"U": 2}, "hand": [{"alias": "tales", "card": "Tale's End"}]}]},
        "script": [{"action": "activate", "player": "alice", "source": "s1", "ability": 0},
                   {"action": "activate", "player": "alice", "source": "s2", "ability": 0},
                   {"action": "pass", "player": "alice"},
                   {"action": "cast", "player": "bob", "card": "tales"}],
        "decisions": [{"kind": "targets", "player": "alice", "source": "s1", "answer": ["bob"]},
                      {"kind": "targets", "player": "alice", "source": "s2", "answer": ["bob"]},
                      {"kind": "targets", "player": "bob", "source": "tales", "answer": [answer]}],
        "expect": {}}


def _run(case: dict[str, Any]) -> dict[str, Any]:
    cards = {n: CATALOGUE[n] for n in ("Goblin Fireslinger", "Tale's End")}
    result: Any = phase_engine.run_case(case, cards)  # type: ignore[arg-type]
    assert result["status"] == "observed", result
    obs: dict[str, Any] = result["observation"]
    return obs


def test_abilities_on_the_stack_are_offered_and_answered_by_their_source() -> None:
    obs = _run(_two_fireslingers_and_tales_end({"ability_of": "s1"}))
    asked = obs["decisions"][-1]
    assert asked["options"] == [{"ability_of": "s1"}, {"ability_of": "s2"}]
    assert asked["answer"] == [{"ability_of": "s1"}]
    top = obs["final"]["stack"][0]
    assert top["source"] == "tales" and top["targets"] == [{"ability_of": "s1"}]


def test_an_ability_ref_that_matches_no_ability_rejects_the_step_not_the_run() -> None:
    obs = _run(_two_fireslingers_and_tales_end({"ability_of": "tales"}))
    assert obs["steps"][3]["outcome"] == "rejected"


def test_a_partially_modelled_planeswalkers_ability_is_phases_ability_with_that_loyalty_cost() -> None:
    """Domri, Anarch of Bolas's catalogue card models only its [-2] (the case's ability 0); phase builds
    the [+1] too, as its first activated ability. Activating ability 0 must be the fight, not the mana."""
    case: Any = {
        "id": "adapter-domri-minus-two", "title": "x", "rules": ["606.4"], "features": ["fight"],
        "level": "rules",
        "setup": {"players": [
            {"alias": "alice", "battlefield": [
                {"alias": "domri", "card": "Domri, Anarch of Bolas", "counters": {"loyalty": 3}},
                {"alias": "bears", "card": "Grizzly Bears"}]},
            {"alias": "bob", "battlefield": [{"alias": "elves", "card": "Llanowar Elves"}]}]},
        "script": [{"action": "activate", "player": "alice", "source": "domri", "ability": 0}],
        "decisions": [{"kind": "targets", "player": "alice", "source": "domri",
                       "answer": ["bears", "elves"]}],
        "expect": {}}
    cards = {n: CATALOGUE[n] for n in ("Domri, Anarch of Bolas", "Grizzly Bears", "Llanowar Elves")}
    result: Any = phase_engine.run_case(case, cards)
    assert result["status"] == "observed", result
    obs = result["observation"]
    assert obs["steps"][0]["outcome"] == "ok"
    assert obs["final"]["stack"] == [{"kind": "ability", "source": "domri", "controller": "alice",
                                      "targets": ["bears", "elves"]}]
    domri = next(o for o in obs["final"]["objects"] if o["ref"] == "domri")
    assert domri["counters"] == {"loyalty": 1}  # 3 - 2: the [-2], not the [+1]
