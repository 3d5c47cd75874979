"""CR 506.4, 400.7: an attacking creature that leaves the battlefield is removed from combat; if it returns,
it is a new object that was never declared as an attacker and deals no combat damage."""

from __future__ import annotations

from engine_helpers import act, new_game, target

from engine import apply


def _bob_life_after_combat(flicker: bool) -> int:
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "blink", "card": "Momentary Blink"}],
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                         {"alias": "p1", "card": "Plains"},
                                         {"alias": "p2", "card": "Plains"}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["bears"], ("player", 1))]})
    if flicker:
        step = act(step.game, refs, {"action": "activate", "player": "a", "source": "p1", "ability": 0})
        step = act(step.game, refs, {"action": "activate", "player": "a", "source": "p2", "ability": 0})
        step = act(step.game, refs, {"action": "cast", "player": "a", "card": "blink"},
                   [target(g, refs, "bears")])
        step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "advance", "step": "end_of_combat"})
    return int(step.game.players[1].life)


def test_an_attacker_that_left_and_returned_deals_no_combat_damage() -> None:
    assert _bob_life_after_combat(True) == 20


def test_an_attacker_that_stayed_deals_its_combat_damage() -> None:
    assert _bob_life_after_combat(False) == 18
