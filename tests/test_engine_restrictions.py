"""Filters (non-<color>, mana value, the lowest mana value; CR 105.2, 202.3), "activate only if" (CR 602.5b)
and split second (CR 702.61)."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj, target

from engine import IllegalAction
from engine import characteristics as ch
from engine.game import legal_actions
from engine.targets import any_number


def _matches(flt: dict, alias: str, bob: list[dict]) -> bool:  # type: ignore[type-arg]
    g, refs = new_game([{"alias": "a"}, {"alias": "b", "battlefield": bob}])
    return ch.matches(g, flt, obj(g, refs, alias), None, 0)


def test_nonblack_excludes_a_creature_that_is_black_and_another_color() -> None:
    bob = [{"alias": "vona", "card": "Vona, Butcher of Magan"}, {"alias": "bears", "card": "Grizzly Bears"},
           {"alias": "thopter", "card": "Ornithopter"}]
    assert not _matches({"not_colors": ["B"]}, "vona", bob)
    assert _matches({"not_colors": ["B"]}, "bears", bob)
    assert _matches({"not_colors": ["B", "W"]}, "thopter", bob)  # colorless is every non-color (105.2c)


def test_x_in_a_permanents_mana_cost_counts_as_zero() -> None:
    bob = [{"alias": "ballista", "card": "Walking Ballista", "counters": {"+1/+1": 4}}]
    assert _matches({"mana_value_at_most": 0}, "ballista", bob)


def test_a_token_that_is_not_a_copy_has_mana_value_zero() -> None:
    assert _matches({"mana_value_at_most": 0}, "d", [{"alias": "d", "card": "Dalek Token", "token": True}])


def test_the_lowest_mana_value_among_the_rest_of_the_filter_ties_included() -> None:
    bob = [{"alias": "b1", "card": "Grizzly Bears"}, {"alias": "b2", "card": "Grizzly Bears"},
           {"alias": "orc", "card": "Orc Sureshot"}, {"alias": "forest", "card": "Forest"}]
    lowest = {"not_types": ["Land"], "lowest_mana_value": True}
    assert _matches(lowest, "b1", bob) and _matches(lowest, "b2", bob)
    assert not _matches(lowest, "orc", bob)
    assert not _matches(lowest, "forest", bob)  # a land: not in the filter at all
    assert _matches({"lowest_mana_value": True}, "forest", bob)  # among all permanents the land's 0 is lowest


def _caves(forests: int, caves: int = 1) -> tuple:  # type: ignore[type-arg]
    bf = [{"alias": f"c{i}", "card": "Cryptic Caves"} for i in range(caves)]
    bf += [{"alias": f"f{i}", "card": "Forest"} for i in range(forests)]
    return new_game([{"alias": "a", "mana_pool": {"C": 2}, "battlefield": bf,
                      "library": [{"alias": "l1", "card": "Forest"}, {"alias": "l2", "card": "Forest"}]},
                     {"alias": "b"}])


def test_activate_only_if_you_control_five_lands_counts_the_source() -> None:
    g, refs = _caves(4)
    step = act(g, refs, {"action": "activate", "player": "a", "source": "c0", "ability": 1})
    assert step.pending is None and len(step.game.stack) == 1
    g, refs = _caves(3)
    with pytest.raises(IllegalAction) as refused:
        act(g, refs, {"action": "activate", "player": "a", "source": "c0", "ability": 1})
    assert refused.value.rule == "602.5b"


def test_an_activation_restriction_is_not_checked_again_on_resolution() -> None:
    g, refs = _caves(3, caves=2)
    step = act(g, refs, {"action": "activate", "player": "a", "source": "c0", "ability": 1})
    with pytest.raises(IllegalAction):  # four lands left once the first Caves is sacrificed
        act(step.game, refs, {"action": "activate", "player": "a", "source": "c1", "ability": 1})
    step = act(step.game, refs, {"action": "resolve"})
    assert len(step.game.players[0].hand) == 1


def test_legal_actions_leave_out_an_activation_whose_condition_is_false() -> None:
    g, refs = _caves(3)
    caves = refs.by_alias["c0"]
    assert not any(a.get("source") == caves and a.get("ability") == 1 for a in legal_actions(g))
    assert any(a.get("source") == caves and a.get("ability") == 0 for a in legal_actions(g))


def test_an_opponent_must_control_the_lands_alone() -> None:
    def game(bob: int, carol: int) -> tuple:  # type: ignore[type-arg]
        edge = {"alias": "edge", "card": "Tectonic Edge"}
        caves = [{"alias": f"b{i}", "card": "Cryptic Caves"} for i in range(bob)]
        forests = [{"alias": f"c{i}", "card": "Forest"} for i in range(carol)]
        return new_game([{"alias": "a", "mana_pool": {"C": 1}, "battlefield": [edge]},
                         {"alias": "b", "battlefield": caves}, {"alias": "c", "battlefield": forests}])
    g, refs = game(2, 2)  # four lands among the opponents, but no one opponent has four
    with pytest.raises(IllegalAction) as refused:
        act(g, refs, {"action": "activate", "player": "a", "source": "edge", "ability": 1})
    assert refused.value.rule == "602.5b"
    g, refs = game(4, 0)
    edge = {"action": "activate", "player": "a", "source": "edge", "ability": 1}
    step = act(g, refs, edge, [target(g, refs, "b0")])
    assert len(step.game.stack) == 1


def _split_second() -> tuple:  # type: ignore[type-arg]
    bob = [{"alias": "bears", "card": "Grizzly Bears"}, {"alias": "forest", "card": "Forest"},
           {"alias": "mother", "card": "Mother of Runes"}]
    alice = {"alias": "a", "mana_pool": {"R": 1, "C": 1}, "hand": [{"alias": "ss", "card": "Sudden Shock"}]}
    growth = [{"alias": "gg", "card": "Giant Growth"}]
    g, refs = new_game([alice, {"alias": "b", "hand": growth, "battlefield": bob}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "ss"}, [target(g, refs, "bears")])
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    return step.game, refs


def test_split_second_refuses_spells_and_non_mana_abilities_not_mana_abilities() -> None:
    g, refs = _split_second()
    with pytest.raises(IllegalAction) as refused:
        act(g, refs, {"action": "activate", "player": "b", "source": "mother", "ability": 0})
    assert refused.value.rule == "702.61a"
    step = act(g, refs, {"action": "activate", "player": "b", "source": "forest", "ability": 0})
    assert step.game.players[1].mana_pool.get("G") == 1
    with pytest.raises(IllegalAction) as refused:
        act(step.game, refs, {"action": "cast", "player": "b", "card": "gg"})
    assert refused.value.rule == "702.61a"


def test_legal_actions_under_split_second_are_passing_and_mana_abilities() -> None:
    g, refs = _split_second()
    kinds = {(a["action"], a.get("source")) for a in legal_actions(g)}
    assert kinds == {("pass", None), ("activate", refs.by_alias["forest"])}


def test_activate_only_if_this_creatures_power_is_checked_as_it_is_activated() -> None:
    def game(counters: int) -> tuple:  # type: ignore[type-arg]
        trainee = {"alias": "t", "card": "Greenhilt Trainee", "counters": {"+1/+1": counters}}
        return new_game([{"alias": "a", "battlefield": [trainee]}, {"alias": "b"}])
    g, refs = game(0)
    with pytest.raises(IllegalAction) as refused:
        act(g, refs, {"action": "activate", "player": "a", "source": "t", "ability": 0})
    assert refused.value.rule == "602.5b"
    g, refs = game(2)
    tap = {"action": "activate", "player": "a", "source": "t", "ability": 0}
    step = act(g, refs, tap, [target(g, refs, "t")])
    assert len(step.game.stack) == 1


def test_a_spells_mana_value_on_the_stack_counts_x() -> None:
    hangarback = {"alias": "h", "card": "Hangarback Walker"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 4}, "hand": [hangarback]}, {"alias": "b"}])
    assert ch.mana_value(g, obj(g, refs, "h")) == 0  # X is 0 off the stack (CR 202.3e)
    step = act(g, refs, {"action": "cast", "player": "a", "card": "h"}, 2)
    assert ch.mana_value(step.game, obj(step.game, refs, "h")) == 4


def test_any_number_of_targets_is_zero_up_to_every_legal_one() -> None:
    spec = {"filter": {"subtypes": ["Equipment"]}, "any_number": True}
    assert any_number(spec, 3) == {"filter": {"subtypes": ["Equipment"]}, "count": 3, "up_to": True}
    assert any_number({"filter": {}}, 3) == {"filter": {}}
    equipment = [{"alias": "s", "card": "Bonesplitter"}, {"alias": "w", "card": "Short Sword"}]
    automaton = [{"alias": "aa", "card": "Armory Automaton"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 3}, "hand": automaton, "battlefield": equipment},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "aa"})
    step = act(step.game, refs, {"action": "resolve"})
    decision = step.pending
    assert decision is not None and decision.kind == "targets"
    assert (decision.low, decision.high) == (0, 2)
