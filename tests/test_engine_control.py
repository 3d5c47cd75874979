"""Control-changing effects (CR 613.1b): summoning sickness after a change (302.6), haste (702.10c),
and 'until end of turn' control ending in the cleanup step (514.2)."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj, target

from engine import IllegalAction


def test_control_until_end_of_turn_returns_in_cleanup_and_the_owner_can_tap_it_next_turn() -> None:
    elves = {"alias": "elves", "card": "Llanowar Elves", "tapped": True}
    act_of_treason = {"alias": "act", "card": "Act of Treason"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 3}, "hand": [act_of_treason]},
                        {"alias": "b", "battlefield": [elves]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "act"}, (target(g, refs, "elves"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "elves").controller == 0 and not obj(step.game, refs, "elves").tapped
    # haste lets a use the {T} ability (CR 702.10c)
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "elves", "ability": 0})
    step = act(step.game, refs, {"action": "advance", "step": "end"})
    assert obj(step.game, refs, "elves").controller == 0  # not before the cleanup step
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})  # b's turn
    assert obj(step.game, refs, "elves").controller == 1
    act(step.game, refs, {"action": "activate", "player": "b", "source": "elves", "ability": 0})


def test_a_creature_gained_this_turn_without_haste_cannot_use_its_tap_ability() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "elves", "card": "Llanowar Elves",
                                                        "summoning_sick": True}]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "elves", "ability": 0})
    assert err.value.rule == "302.6"
