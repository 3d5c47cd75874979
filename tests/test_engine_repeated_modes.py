"""'Choose three. You may choose the same mode more than once.' (CR 700.2d; Fiery Confluence)."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj, target
from frozendict import frozendict

from engine import IllegalAction, apply
from engine.context import Decision, forced_answer
from engine.modes import flatten

FC = {"alias": "fc", "card": "Fiery Confluence"}


def _game(bob: list[dict]) -> tuple:  # type: ignore[type-arg]
    return new_game(
        [{"alias": "a", "mana_pool": {"R": 2, "C": 2}, "hand": [FC]}, {"alias": "b", "battlefield": bob}]
    )


def test_a_mode_chosen_twice_appears_twice_with_a_target_of_its_own() -> None:
    ability = {
        "modes": [
            {"effects": [{"do": "draw"}]},
            {
                "targets": [{"filter": {"types": ["Artifact"]}}],
                "effects": [{"do": "destroy", "what": {"target": 0}}],
            },
        ]
    }
    flat = flatten(ability, [0, 1, 1])
    assert len(flat["targets"]) == 2
    assert [e.get("what") for e in flat["effects"]] == [None, {"target": 0}, {"target": 1}]


def test_the_same_mode_three_times_deals_its_damage_three_times() -> None:
    g, refs = _game([])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fc"}, (1, 1, 1))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[1].life == 14
    assert sum(1 for e in step.events if e["type"] == "damage_dealt") == 3


def test_a_mode_whose_target_cant_be_chosen_is_refused_even_with_repeats() -> None:
    g, refs = _game([{"alias": "x", "card": "Grizzly Bears"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fc"})
    assert step.pending is not None and step.pending.options == (0, 1)
    with pytest.raises(IllegalAction) as refused:
        apply(step.game, {"action": "answer", "value": (2, 1, 1)})
    assert refused.value.rule == "700.2a"


def test_the_same_target_may_be_chosen_for_each_repetition() -> None:
    g, refs = _game([{"alias": "m", "card": "Bastion Mastodon"}])
    t = target(g, refs, "m")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fc"}, (2, 2, 1), (t, t))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "m").zone == "graveyard" and step.game.players[1].life == 18


def test_repeatable_modes_are_a_real_choice_unless_one_mode_can_be_chosen() -> None:
    many = Decision("modes", 0, None, (0, 1, 2), 3, 3, frozendict({"forced": None, "repeat": True}))
    assert forced_answer(many) is None  # not "all three once": (1, 1, 1) is as legal
    once_each = Decision("modes", 0, None, (0, 1, 2), 3, 3)
    assert forced_answer(once_each) == ((0, 1, 2),)
