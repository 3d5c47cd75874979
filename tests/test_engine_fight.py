"""Fight (CR 701.14): a fighter no longer on the battlefield deals and is dealt no damage (701.14b)."""

from __future__ import annotations

from typing import Any

from engine_helpers import act, new_game, obj, target


def _cartouche_on_the_stack(extra_hand: list[dict[str, Any]], mana: dict[str, int]) -> tuple[Any, Any]:
    g, refs = new_game([{"alias": "a", "mana_pool": mana,
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}],
                         "hand": [{"alias": "cartouche", "card": "Cartouche of Strength"}, *extra_hand]},
                        {"alias": "b", "battlefield": [{"alias": "giant", "card": "Hill Giant"}]}])
    paid = ({"G": 1, "C": 2},) if "U" in mana else ()  # which mana pays {2}{G}, when there is a choice
    step = act(g, refs, {"action": "cast", "player": "a", "card": "cartouche"}, (target(g, refs, "bears"),),
               *paid)
    step = act(step.game, refs, {"action": "resolve"}, (target(g, refs, "giant"),))
    assert [s.kind for s in step.game.stack] == ["ability"]
    return step, refs


def test_the_creature_an_aura_enchanted_fights_as_it_last_existed_on_the_battlefield() -> None:
    step, refs = _cartouche_on_the_stack([], {"G": 1, "C": 2})
    step = act(step.game, refs, {"action": "resolve"}, True)
    assert obj(step.game, refs, "giant").zone == "graveyard"  # the 3/3 Bears dealt it 3


def test_a_fighter_that_left_the_battlefield_deals_and_is_dealt_no_damage() -> None:
    unsummon = {"alias": "unsummon", "card": "Unsummon"}
    step, refs = _cartouche_on_the_stack([unsummon], {"G": 1, "C": 2, "U": 1})
    g = step.game
    step = act(g, refs, {"action": "cast", "player": "a", "card": "unsummon"}, (target(g, refs, "bears"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "bears").zone == "hand"
    step = act(step.game, refs, {"action": "resolve"}, True)
    assert obj(step.game, refs, "giant").damage == 0
    assert not [e for e in step.events if e["type"] == "damage_dealt"]
