"""compare: an observation against a case's expect, as Differences that read well."""

from __future__ import annotations

import copy
from typing import Any

from harness_helpers import example_case, good_observation

from conformance.run.compare import compare, render


def wheres(case: dict[str, Any], obs: dict[str, Any]) -> list[str]:
    return [d.where for d in compare(case, obs)]


def test_a_correct_observation_has_no_differences() -> None:
    assert compare(example_case(), good_observation()) == []


def test_an_unanswered_decision_fails_naming_kind_player_source_and_options() -> None:
    obs = good_observation()
    obs["unanswered"] = {"kind": "targets", "player": "alice", "source": "shock", "options": ["bear", "bob"]}
    (diff,) = compare(example_case(), obs)
    assert diff.where == "decisions"
    for words in ("kind targets", "player alice", "source shock", '["bear", "bob"]'):
        assert words in diff.message


def test_a_scripted_answer_never_used_fails_with_its_index_and_kind() -> None:
    case = example_case()
    case["decisions"] = [{"kind": "mana_color", "answer": "G"}, {"kind": "may", "answer": True}]
    obs = good_observation()
    obs["decisions"] = [
        {"kind": "mana_color", "player": "alice", "source": "forest", "answer": "G", "used": 0, "auto": False}
    ]
    (diff,) = compare(case, obs)
    assert diff.where == "decisions[1]"
    assert "scripted answer #1 (kind may" in diff.message and "was never asked for" in diff.message


def test_a_moot_entry_may_go_unused_but_answers_when_asked() -> None:
    """spec/README.md 1.4: a choice no answer of which changes the game may be asked or not."""
    case = example_case()
    case["decisions"] = [{"kind": "mana_color", "answer": "G"},
                         {"kind": "may", "moot": True, "answer": False}]
    obs = good_observation()
    obs["decisions"] = [
        {"kind": "mana_color", "player": "alice", "source": "forest", "answer": "G", "used": 0, "auto": False}
    ]
    assert compare(case, obs) == []
    obs["decisions"].append(
        {"kind": "may", "player": "alice", "source": "forest", "answer": False, "used": 1, "auto": False})
    assert compare(case, obs) == []


def test_an_auto_answered_decision_does_not_count_as_using_an_entry() -> None:
    case = example_case()
    case["decisions"] = [{"kind": "mana_color", "answer": "G"}]
    obs = good_observation()
    obs["decisions"] = [{"kind": "mana_color", "player": "alice", "answer": "G", "used": None, "auto": True}]
    assert wheres(case, obs) == ["decisions[0]"]


def _asked_with(options: Any, **entry: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    case = example_case()
    case["decisions"] = [{"kind": "proliferate", "player": "alice", "answer": ["bear"], **entry}]
    obs = good_observation()
    obs["decisions"] = [{"kind": "proliferate", "player": "alice", "source": "plan", "options": options,
                         "answer": ["bear"], "used": 0, "auto": False}]
    return case, obs


def test_offered_must_be_exactly_the_engines_options_in_any_order() -> None:
    assert compare(*_asked_with(["bob", "bear"], offered=["bear", "bob"])) == []
    (diff,) = compare(*_asked_with(["bear", "gbear"], offered=["bear", "bob"]))
    assert diff.where == "decisions[0].options"
    assert 'missing ["bob"], not allowed ["gbear"]' in diff.message


def test_not_offered_fails_when_the_engine_offers_it() -> None:
    assert compare(*_asked_with(["bear"], not_offered=["gbear"])) == []
    (diff,) = compare(*_asked_with(["bear", "gbear"], not_offered=["gbear"]))
    assert diff.where == "decisions[0].not_offered"
    assert 'the engine offered ["gbear"], which the rules do not allow' in diff.message


def test_offered_fails_when_the_engine_reports_no_options() -> None:
    (diff,) = compare(*_asked_with(None, offered=["bear"]))
    assert "did not report the options" in diff.message


def test_an_unexpected_rejection_fails_with_the_engines_reason() -> None:
    obs = good_observation()
    obs["steps"][1] = {"outcome": "rejected", "rule": "302.6", "reason": "summoning sick"}
    diff = next(d for d in compare(example_case(), obs) if d.where == "steps[1]")
    assert "was rejected: summoning sick (rule 302.6)" in diff.message
    assert "activate" in diff.message


def test_a_step_the_case_expects_refused_but_accepted_fails() -> None:
    case = example_case()
    case["expect"] = {"rejected": [{"step": 1, "rule": "302.6", "why": "summoning sick"}]}
    (diff,) = compare(case, good_observation())
    assert diff.where == "steps[1]"
    assert "was accepted but the case expects it to be refused (CR 302.6 summoning sick)" in diff.message


def test_an_expected_rejection_that_happens_passes() -> None:
    case = example_case()
    case["expect"] = {"rejected": [{"step": 1}]}
    obs = good_observation()
    obs["steps"][1] = {"outcome": "rejected", "reason": "no"}
    assert compare(case, obs) == []


def test_counters_are_exact_and_a_missing_kind_counts_as_zero() -> None:
    case = example_case()
    case["expect"]["objects"]["forest"]["counters"] = {"+1/+1": 2, "lore": 0}
    obs = good_observation()
    obs["final"]["objects"][0]["counters"] = {"+1/+1": 2}
    assert compare(case, obs) == []
    obs["final"]["objects"][0]["counters"] = {"+1/+1": 2, "flying": 1}
    (diff,) = compare(case, obs)
    assert diff.where == "objects.forest.counters"
    assert "flying: expected 0, observed 1" in diff.message


def test_mana_pool_is_exact() -> None:
    obs = good_observation()
    obs["final"]["players"]["alice"]["mana_pool"] = {"G": 1, "C": 1}
    (diff,) = compare(example_case(), obs)
    assert (diff.where, diff.expected, diff.observed) == (
        "players.alice.mana_pool",
        {"G": 1},
        {"G": 1, "C": 1},
    )


def test_an_absent_object_passes_exists_false_and_fails_anything_else() -> None:
    case = example_case()
    obs = good_observation()
    obs["final"]["objects"] = [o for o in obs["final"]["objects"] if o["ref"] != "forest"]
    (diff,) = compare(case, obs)
    assert diff.where == "objects.forest" and "object no longer exists" in diff.message
    case["expect"]["objects"]["forest"] = {"exists": False}
    assert compare(case, obs) == []


def test_exists_false_fails_when_the_object_is_still_there() -> None:
    case = example_case()
    case["expect"]["objects"]["forest"] = {"exists": False}
    assert wheres(case, good_observation()) == ["objects.forest.exists"]


def test_find_queries_match_by_name_controller_zone_and_token() -> None:
    case = example_case()
    case["expect"]["find"] = [
        {
            "query": {"name": "Forest", "controller": "alice", "zone": "battlefield", "token": False},
            "count": 1,
            "each": {"tapped": True},
        },
        {"query": {"name": "Forest", "token": True}, "count": 0},
    ]
    assert compare(case, good_observation()) == []
    case["expect"]["find"][1]["count"] = 2
    (diff,) = compare(case, good_observation())
    assert (diff.where, diff.expected, diff.observed) == ("find[1].count", 2, 0)


def test_stack_refs_may_be_find_queries() -> None:
    case = example_case()
    obs = good_observation()
    obs["final"]["objects"].append(
        {
            "ref": "Servo#1",
            "name": "Servo",
            "zone": "battlefield",
            "token": True,
            "controller": "alice",
            "owner": "alice",
        }
    )
    obs["final"]["stack"] = [
        {"kind": "ability", "source": "Servo#1", "controller": "alice", "targets": ["forest"]}
    ]
    case["expect"]["stack"] = [
        {"kind": "ability", "source": {"find": {"name": "Servo"}}, "targets": ["forest"]}
    ]
    assert compare(case, obs) == []
    case["expect"]["stack"][0]["targets"] = ["scales"]
    assert wheres(case, obs) == ["stack[0].targets"]


def test_events_include_exclude_ordered_and_count() -> None:
    case = example_case()
    case["expect"]["events"] = {
        "include": [{"type": "mana_added", "mana": {"G": 1}}],
        "exclude": [{"type": "mana_added", "mana": {"C": 1}}],
        "ordered": [{"type": "ability_activated"}, {"type": "mana_added"}],
        "count": [{"pattern": {"type": "mana_added"}, "count": 1}],
    }
    assert compare(case, good_observation()) == []
    case["expect"]["events"] = {
        "include": [{"type": "mana_added", "player": "bob"}],
        "exclude": [{"type": "mana_added"}],
        "ordered": [{"type": "mana_added"}, {"type": "ability_activated"}],
        "count": [{"pattern": {"type": "mana_added"}, "count": 2}],
    }
    diffs = {d.where: d.message for d in compare(case, good_observation())}
    assert sorted(diffs) == ["events.count[0]", "events.exclude[0]", "events.include[0]", "events.ordered[1]"]
    assert "out of order" in diffs["events.ordered[1]"]


def test_snapshots_are_compared_with_their_own_view() -> None:
    obs = good_observation()
    obs["snapshots"]["before"]["objects"][0]["tapped"] = True
    assert wheres(example_case(), obs) == ["snapshots.before.objects.forest.tapped"]
    del obs["snapshots"]["before"]
    assert wheres(example_case(), obs) == ["snapshots.before"]


def test_the_rendered_diff_groups_fields_under_their_object_and_player() -> None:
    obs = good_observation()
    obs["final"]["objects"][0]["tapped"] = False
    obs["final"]["objects"][0]["zone"] = "graveyard"
    obs["final"]["players"]["bob"]["life"] = 17
    text = render(compare(example_case(), copy.deepcopy(obs)))
    assert text.splitlines()[:3] == [
        "objects.forest",
        '  zone: expected "battlefield", observed "graveyard"',
        "  tapped: expected true, observed false",
    ]
    assert "players.bob\n  life: expected 20, observed 17" in text
