"""'Whenever you gain life' (trigger `gains_life`, CR 603.2, 119.9): once per life gain event, whatever
the amount; only its controller's gains by default; put on the stack only after state-based actions
(603.3, 704.3), so too late to save a creature dealt lethal damage as the life was gained."""

from __future__ import annotations

from typing import Any

from engine_helpers import act, new_game, obj, target

from engine.game import Step


def _syphon(aim: str, *, pridemate_is_bobs: bool = False) -> tuple[Step, Any]:
    """Alice casts Agonizing Syphon (3 damage to any target, she gains 3 life) at `aim`, resolving all."""
    mate = {"alias": "mate", "card": "Ajani's Pridemate"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 1, "C": 3},
                         "hand": [{"alias": "syphon", "card": "Agonizing Syphon"}],
                         "battlefield": [] if pridemate_is_bobs else [mate]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       *([mate] if pridemate_is_bobs else [])]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "syphon"}, (target(g, refs, aim),))
    while step.game.stack:
        step = act(step.game, refs, {"action": "resolve"})
    return step, refs


def test_one_trigger_for_one_life_gain_event_of_three() -> None:
    step, refs = _syphon("bears")
    assert step.game.players[0].life == 23
    assert obj(step.game, refs, "mate").counters.get("+1/+1") == 1


def test_an_opponents_life_gain_does_not_trigger_whenever_you_gain_life() -> None:
    step, refs = _syphon("bears", pridemate_is_bobs=True)
    assert obj(step.game, refs, "mate").counters.get("+1/+1", 0) == 0


def test_the_counter_comes_too_late_for_a_pridemate_dealt_lethal_damage() -> None:
    step, refs = _syphon("mate")
    mate = obj(step.game, refs, "mate")
    assert mate.zone == "graveyard" and not mate.counters
    assert step.game.players[0].life == 23


def test_the_trigger_carries_the_life_gained_for_that_much() -> None:
    """Cradle of Vitality: 'for each 1 life you gained' is the amount of the one event (`that_much`)."""
    from engine import triggers

    step, refs = _syphon("bears")
    mate = obj(step.game, refs, "mate")
    info = triggers.matches(step.game, {"on": "gains_life"}, mate,
                            {"type": "life_changed", "player": 0, "amount": 3})
    assert info == {"that_player": 0, "amount": 3}
    assert triggers.matches(step.game, {"on": "gains_life"}, mate,
                            {"type": "life_changed", "player": 0, "amount": -2}) is None
