"""The phase adapter translates, both ways, what phase asks and holds that the case writes otherwise:
targets in sub-abilities, flat "up to" targets answers, colour combinations, several sacrifice answers
for one prompt, and a "you may cast from your hand" with nothing in hand (needs the ``phase`` extra)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("phase")

from engine_helpers import CATALOGUE  # noqa: E402

from conformance.adapters.phase import engine as phase_engine  # noqa: E402
from conformance.adapters.phase.target_slots import sort_into_slots  # noqa: E402


def _run(players: list[dict[str, Any]], script: list[dict[str, Any]],
         decisions: list[dict[str, Any]]) -> dict[str, Any]:
    case: Any = {"id": "adapter-translation", "title": "x", "rules": ["601.2c"], "features": [],
                 "level": "rules", "setup": {"players": players}, "script": script,
                 "decisions": decisions, "expect": {}}
    names = {o["card"] for p in players for zone in ("hand", "battlefield") for o in p.get(zone, [])}
    result: Any = phase_engine.run_case(case, {n: CATALOGUE[n] for n in names if n in CATALOGUE})
    assert result["status"] == "observed", result
    obs: dict[str, Any] = result["observation"]
    return obs


def _obj(obs: dict[str, Any], ref: str) -> dict[str, Any]:
    return next(o for o in obs["final"]["objects"] if o["ref"] == ref)


def test_a_spells_targets_held_in_its_sub_abilities_are_on_the_stack() -> None:
    """Serpentine Spike: phase holds each of its three targets in its own link of the ability chain."""
    obs = _run(
        [{"alias": "alice", "mana_pool": {"R": 7}, "hand": [{"alias": "spike", "card": "Serpentine Spike"}],
          "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]},
         {"alias": "bob", "battlefield": [{"alias": "giant", "card": "Hill Giant"},
                                          {"alias": "wurm", "card": "Craw Wurm"}]}],
        [{"action": "cast", "player": "alice", "card": "spike"}],
        [{"kind": "targets", "player": "alice", "source": "spike", "answer": ["bears", "giant", "wurm"]}])
    assert obs["steps"] == [{"outcome": "ok"}]
    assert obs["final"]["stack"][0]["targets"] == ["bears", "giant", "wurm"]


def test_a_flat_up_to_answer_leaves_the_slot_its_next_object_does_not_fit_empty() -> None:
    """Nissa, Genesis Mage's +2 ("up to two target creatures and up to two target lands") answered
    [bear, f1, f2]: the second creature slot is left empty, the lands go in the land slots."""
    obs = _run(
        [{"alias": "alice", "battlefield": [
            {"alias": "nissa", "card": "Nissa, Genesis Mage", "counters": {"loyalty": 5}},
            {"alias": "bear", "card": "Grizzly Bears", "tapped": True},
            {"alias": "giant", "card": "Hill Giant", "tapped": True},
            {"alias": "f1", "card": "Forest", "tapped": True},
            {"alias": "f2", "card": "Forest", "tapped": True}]},
         {"alias": "bob"}],
        [{"action": "activate", "player": "alice", "source": "nissa", "ability": 0}, {"action": "resolve"}],
        [{"kind": "targets", "player": "alice", "source": "nissa", "answer": ["bear", "f1", "f2"]}])
    assert obs["steps"] == [{"outcome": "ok"}, {"outcome": "ok"}]
    assert [_obj(obs, r)["tapped"] for r in ("bear", "giant", "f1", "f2")] == [False, True, False, False]


def test_sorting_into_slots_skips_only_an_optional_slot_a_later_one_fits() -> None:
    creature, land = {"Object": 1}, {"Object": 2}
    up_to = [{"legal_targets": [creature], "optional": True}, {"legal_targets": [land], "optional": True}]
    assert sort_into_slots(up_to, [land]) == [None, land]
    assert sort_into_slots(up_to, [creature, land]) is None  # in order: sent as it is
    required = [{"legal_targets": [creature], "optional": False}, *up_to[1:]]
    assert sort_into_slots(required, [land]) is None  # a required slot is not skipped: phase judges
    assert sort_into_slots(up_to, [{"Object": 3}]) is None  # fits no slot: sent where the order puts it


def _beacon(hand: str, pool: dict[str, int], colors: list[str]) -> dict[str, Any]:
    return _run(
        [{"alias": "alice", "mana_pool": pool, "hand": [{"alias": "spell", "card": hand}],
          "battlefield": [{"alias": "beacon", "card": "Interplanar Beacon"}]},
         {"alias": "bob"}],
        [{"action": "activate", "player": "alice", "source": "beacon", "ability": 1},
         {"action": "cast", "player": "alice", "card": "spell"}],
        [{"kind": "mana_color", "player": "alice", "source": "beacon", "answer": c} for c in colors])


def test_two_mana_color_answers_are_one_of_phases_colour_pairs() -> None:
    """Interplanar Beacon's "two mana of different colors": phase offers the ten pairs; the case's two
    answers (in either order) are the pair, and each decision's options are the colours it may be."""
    obs = _beacon("Ajani Steadfast", {"C": 3}, ["U", "W"])
    assert obs["steps"] == [{"outcome": "ok"}, {"outcome": "ok"}]
    first, second = obs["decisions"][:2]
    assert (first["answer"], first["options"]) == ("U", ["W", "U", "B", "R", "G"])
    assert (second["answer"], second["options"]) == ("W", ["W", "B", "R", "G"])
    assert (first["used"], second["used"]) == (0, 1)


def test_a_colour_pair_phase_does_not_offer_is_sent_for_phase_to_refuse() -> None:
    obs = _beacon("Ajani Steadfast", {"C": 3}, ["W", "W"])
    assert obs["steps"][0]["outcome"] == "rejected"


def test_each_mana_of_any_combination_of_colors_records_its_options() -> None:
    """Smokebraider's "two mana in any combination of colors": phase asks one prompt; both of the case's
    mana_color decisions report the colours phase offers (no colorless)."""
    obs = _run(
        [{"alias": "alice", "battlefield": [{"alias": "smoke", "card": "Smokebraider"}]}, {"alias": "bob"}],
        [{"action": "activate", "player": "alice", "source": "smoke", "ability": 0}],
        [{"kind": "mana_color", "player": "alice", "answer": "B"},
         {"kind": "mana_color", "player": "alice", "answer": "R"}])
    assert [(d["answer"], d["options"]) for d in obs["decisions"]] == [
        ("B", ["W", "U", "B", "R", "G"]), ("R", ["W", "U", "B", "R", "G"])]
    assert obs["final"]["players"]["alice"]["mana_pool"] == {"B": 1, "R": 1}


def test_two_sacrifice_answers_answer_phases_one_prompt_for_two() -> None:
    """Dead Drop: phase asks Bob one prompt choosing two creatures; the case answers one sacrifice
    decision per creature (as the reference engine asks them): both are sent together."""
    obs = _run(
        [{"alias": "alice", "mana_pool": {"B": 1, "C": 9}, "hand": [{"alias": "drop", "card": "Dead Drop"}]},
         {"alias": "bob", "battlefield": [{"alias": "bbears", "card": "Grizzly Bears"},
                                          {"alias": "belves", "card": "Llanowar Elves"},
                                          {"alias": "bgiant", "card": "Hill Giant"}]}],
        [{"action": "cast", "player": "alice", "card": "drop"}, {"action": "resolve"}],
        [{"kind": "targets", "player": "alice", "source": "drop", "answer": ["bob"]},
         {"kind": "sacrifice", "player": "bob", "answer": ["bbears"]},
         {"kind": "sacrifice", "player": "bob", "answer": ["belves"]}])
    assert obs["steps"] == [{"outcome": "ok"}, {"outcome": "ok"}]
    assert [_obj(obs, r)["zone"] for r in ("bbears", "belves", "bgiant")] == [
        "graveyard", "graveyard", "battlefield"]
    sacrifices = [d for d in obs["decisions"] if d["kind"] == "sacrifice"]
    assert [(d["answer"], d["used"]) for d in sacrifices] == [(["bbears"], 1), (["belves"], 2)]
    assert sacrifices[1]["options"] == ["belves", "bgiant"]


def test_you_may_cast_from_an_empty_hand_is_declined_by_the_adapter() -> None:
    """Kari Zev's Expertise with Alice's hand empty once it is cast: phase still asks its "you may cast a
    spell from your hand"; nothing can be cast, so the adapter declines it (auto) and the case, which
    does not answer it, is not left unanswered."""
    obs = _run(
        [{"alias": "alice", "mana_pool": {"R": 2, "C": 1},
          "hand": [{"alias": "expertise", "card": "Kari Zev's Expertise"}],
          "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]},
         {"alias": "bob", "battlefield": [{"alias": "giant", "card": "Hill Giant"}]}],
        [{"action": "cast", "player": "alice", "card": "expertise"}, {"action": "resolve"}],
        [{"kind": "targets", "player": "alice", "source": "expertise", "answer": ["giant"]}])
    assert obs["unanswered"] is None
    assert obs["steps"] == [{"outcome": "ok"}, {"outcome": "ok"}]
    may = [d for d in obs["decisions"] if d["kind"] == "may"]
    assert [(d["answer"], d["used"], d["auto"]) for d in may] == [(False, None, True)]
    assert _obj(obs, "giant")["controller"] == "alice"


def test_you_may_cast_from_a_hand_with_a_card_is_still_the_cases_to_answer() -> None:
    obs = _run(
        [{"alias": "alice", "mana_pool": {"R": 2, "C": 1},
          "hand": [{"alias": "expertise", "card": "Kari Zev's Expertise"},
                   {"alias": "shock", "card": "Shock"}],
          "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]},
         {"alias": "bob", "battlefield": [{"alias": "giant", "card": "Hill Giant"}]}],
        [{"action": "cast", "player": "alice", "card": "expertise"}, {"action": "resolve"}],
        [{"kind": "targets", "player": "alice", "source": "expertise", "answer": ["giant"]}])
    assert obs["unanswered"] is not None and obs["unanswered"]["kind"] == "may"
