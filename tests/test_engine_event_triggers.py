"""Triggers on game events (CR 603.2): becoming the target of a spell or of an ability (115.7), combat
damage dealt to a player by a creature matching a filter (510.2), and "target creature defending player
controls" in an attack trigger (508.5, 508.5a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from engine_helpers import act, card, new_game, obj, target
from frozendict import frozendict

from engine import apply
from engine.errors import BadCardData

# "{T}: This creature deals 1 damage to target creature." An ability, not a spell.
PINGER = card("Test Pinger", "Creature", [
    {"kind": "activated", "cost": {"tap": True}, "targets": [{"filter": {"types": ["Creature"]}}],
     "effects": [{"do": "deal_damage", "to": {"target": 0}, "amount": 1}]}], power="1", toughness="1")


def _shambler_game(bob_hand: str | None = None) -> tuple[Any, Any]:
    bob: dict[str, Any] = {"alias": "b", "mana_pool": {"R": 1},
                           "battlefield": [{"alias": "pinger", "card": "Test Pinger"}]}
    if bob_hand:
        bob["hand"] = [{"alias": "spell", "card": bob_hand}]
    return new_game([{"alias": "a", "battlefield": [
        {"alias": "shambler", "card": "Swarm Shambler", "counters": {"+1/+1": 1}},
        {"alias": "bears", "card": "Grizzly Bears", "counters": {"+1/+1": 2}}]}, bob],
        extra=[PINGER], active_player="b")


def _triggered(step: Any, source: int) -> int:
    return sum(1 for e in step.events if e["type"] == "ability_triggered" and e["source"] == source)


def test_becoming_the_target_of_a_spell_an_opponent_controls_triggers_for_a_creature_matching_the_filter(
) -> None:
    # Swarm Shambler: "a creature you control with a +1/+1 counter on it": the Bears too, not only itself
    g, refs = _shambler_game("Shock")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "spell"}, [target(g, refs, "bears")])
    assert _triggered(step, refs.by_alias["shambler"]) == 1
    assert step.game.stack[-1].kind == "ability"  # above Shock (CR 603.3)


def test_becoming_the_target_of_an_ability_doesnt_trigger_of_a_spell() -> None:
    # "becomes the target of a spell": an activated ability targeting it is no such event (CR 603.2)
    g, refs = _shambler_game()
    step = act(g, refs, {"action": "activate", "player": "b", "source": "pinger", "ability": 0},
               [target(g, refs, "bears")])
    assert any(e["type"] == "became_target" for e in step.events)
    assert _triggered(step, refs.by_alias["shambler"]) == 0


def test_a_spell_an_opponent_controls_must_be_an_opponents() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1},
                         "hand": [{"alias": "gg", "card": "Giant Growth"}],
                         "battlefield": [{"alias": "shambler", "card": "Swarm Shambler",
                                          "counters": {"+1/+1": 1}}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "gg"}, [target(g, refs, "shambler")])
    assert _triggered(step, refs.by_alias["shambler"]) == 0


def _bred_attack(counters: dict[str, int]) -> Any:
    g, refs = new_game([{"alias": "a", "library": [{"alias": "top", "card": "Grizzly Bears"}],
                         "battlefield": [
        {"alias": "bred", "card": "Bred for the Hunt"},
        {"alias": "bears", "card": "Grizzly Bears", "counters": counters}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["bears"], ("player", 1))]})
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    return step, refs


@pytest.mark.parametrize(("counters", "triggers"), [({"+1/+1": 1}, 1), ({}, 0)])
def test_combat_damage_trigger_judges_the_creature_as_the_damage_is_dealt(counters: dict[str, int],
                                                                          triggers: int) -> None:
    # Bred for the Hunt (CR 510.2, 603.2): only a creature with a +1/+1 counter then
    step, refs = _bred_attack(counters)
    assert step.game.players[1].life == 20 - 2 - sum(counters.values())
    assert len(step.game.stack) == triggers


def _diversion(defending: Any) -> tuple[Any, Any]:
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "master", "card": "Master of Diversion"}]},
        {"alias": "b", "battlefield": [{"alias": "bob1", "card": "Grizzly Bears"},
                                       {"alias": "viv", "card": "Vivien, Arkbow Ranger",
                                        "counters": {"loyalty": 3}}]},
        {"alias": "c", "battlefield": [{"alias": "carol1", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    d = defending(step.game, refs)
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["master"], d)]})
    return step, refs


def test_defending_player_of_an_attack_on_a_planeswalker_is_its_controller() -> None:
    # CR 508.5: "the controller of the planeswalker that creature is attacking": Bob's Bears, forced
    step, refs = _diversion(lambda g, refs: target(g, refs, "viv"))
    assert step.pending is not None and step.pending.options == (target(step.game, refs, "bob1"),)
    step = apply(step.game, {"action": "answer", "value": [target(step.game, refs, "bob1")]})
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "bob1").tapped and not obj(step.game, refs, "carol1").tapped


def test_defending_player_is_the_one_the_creature_attacks() -> None:
    step, refs = _diversion(lambda g, refs: ("player", 2))
    assert step.pending is not None and step.pending.options == (target(step.game, refs, "carol1"),)
    step = apply(step.game, {"action": "answer", "value": [target(step.game, refs, "carol1")]})
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "carol1").tapped and not obj(step.game, refs, "bob1").tapped


def test_defending_player_outside_an_attack_trigger_is_refused_as_bad_card_data() -> None:
    etb = card("Test Diverter", "Creature", [
        {"kind": "triggered", "trigger": {"on": "enters", "what": "self"},
         "targets": [{"filter": {"types": ["Creature"], "controller": "defending_player"}}],
         "effects": [{"do": "tap", "what": {"target": 0}}]}], cost="{0}", power="1", toughness="1")
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "d", "card": "Test Diverter"}]},
                        {"alias": "b", "battlefield": [{"alias": "bob1", "card": "Grizzly Bears"}]}],
                       extra=[etb])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "d"})
    with pytest.raises(BadCardData, match="508.5"):
        act(step.game, refs, {"action": "resolve"})


def _fling_game(sacrificed: str, watcher: str) -> tuple[Any, Any]:
    return new_game([{"alias": "a", "mana_pool": {"R": 2}, "hand": [{"alias": "fling", "card": "Fling"}],
                      "library": [{"alias": "top", "card": "Grizzly Bears"}],
                      "battlefield": [{"alias": "w", "card": watcher},
                                      {"alias": "bears", "card": "Grizzly Bears"}]}, {"alias": "b"}])


def test_sacrificing_a_permanent_for_a_cost_triggers_above_the_spell() -> None:
    # CR 701.21a, 603.3: Fling's additional cost; the trigger goes on the stack above Fling
    g, refs = _fling_game("bears", "Mayhem Devil")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fling"},
               [("player", 1)], [target(g, refs, "bears")], [("player", 1)])
    assert _triggered(step, refs.by_alias["w"]) == 1
    assert step.game.stack[-1].kind == "ability"


def test_a_sacrifice_trigger_looks_back_at_its_own_source() -> None:
    # CR 603.10a: Korvold sacrificed triggers its own "whenever you sacrifice a permanent"
    g, refs = _fling_game("w", "Korvold, Fae-Cursed King")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fling"},
               [("player", 1)], [target(g, refs, "w")])
    assert _triggered(step, refs.by_alias["w"]) == 1


def test_whenever_you_sacrifice_ignores_an_opponents_sacrifice() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "w", "card": "Ruthless Deathfang"}]},
                        {"alias": "b", "mana_pool": {"R": 2}, "hand": [{"alias": "fling", "card": "Fling"}],
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}], active_player="b")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "fling"},
               [("player", 0)], [target(g, refs, "bears")])
    assert any(e["type"] == "sacrificed" for e in step.events)
    assert _triggered(step, refs.by_alias["w"]) == 0


def _divination(watcher: str) -> tuple[Any, Any]:
    library = [{"alias": f"c{i}", "card": "Grizzly Bears"} for i in range(2)]
    return new_game([{"alias": "a", "mana_pool": {"U": 1, "C": 2}, "library": library,
                      "hand": [{"alias": "div", "card": "Divination"}],
                      "battlefield": [{"alias": "w", "card": watcher}]}, {"alias": "b"}])


def test_each_card_drawn_triggers_once_after_the_spell_has_resolved() -> None:
    # CR 121.2: "draw two cards" is two draws; 603.3: both triggers wait until Divination has resolved
    g, refs = _divination("Toothy, Imaginary Friend")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "div"})
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert step.pending is not None and step.pending.kind == "trigger_order"
    assert len(step.pending.options) == 2


def test_whenever_an_opponent_draws_ignores_your_own_draws() -> None:
    g, refs = _divination("Smothering Tithe")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "div"})
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert _triggered(step, refs.by_alias["w"]) == 0 and len(step.game.players[0].hand) == 2


def test_dealt_damage_by_two_blockers_at_once_triggers_once_for_the_total() -> None:
    # CR 510.2: combat damage is one event; "is dealt damage" triggers once, "that much" is all of it
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "w", "card": "Spitemare"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "elves", "card": "Llanowar Elves"}]}])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["w"], ("player", 1))]})
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    step = apply(step.game, {"action": "declare_blockers", "player": 1,
                             "blockers": [(refs.by_alias["bears"], refs.by_alias["w"]),
                                          (refs.by_alias["elves"], refs.by_alias["w"])]})
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"},
               [(target(g, refs, "bears"), 2), (target(g, refs, "elves"), 1)], [("player", 1)])
    assert _triggered(step, refs.by_alias["w"]) == 1
    assert step.game.stack[-1].info["amount"] == 3


@pytest.mark.parametrize(("response", "triggers"), [("Cancel", 1), ("Unsummon", 0)])
def test_a_spell_countered_triggers_one_that_fizzles_doesnt(response: str, triggers: int) -> None:
    # CR 701.6a: countered; 608.2b: a spell whose targets are all illegal doesn't resolve, isn't countered
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}],
                         "battlefield": [{"alias": "w", "card": "Multani's Presence"}]},
                        {"alias": "b", "mana_pool": {"U": 2, "C": 1},
                         "hand": [{"alias": "r", "card": response}],
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, [target(g, refs, "bears")])
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    answer = [target(step.game, refs, "shock" if response == "Cancel" else "bears")]
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "r"}, answer)
    seen = 0
    for _ in range(4):  # both players pass twice: the response resolves, then Shock (or nothing)
        step = apply(step.game, {"action": "pass", "player": step.game.priority})
        seen += _triggered(step, refs.by_alias["w"])
    assert seen == triggers


@pytest.mark.parametrize(("aim", "triggers"), [("b", 1), ("bears", 0)])
def test_a_spell_is_the_source_of_its_damage_to_an_opponent(aim: str, triggers: int) -> None:
    # CR 120.2: Shock deals its own damage; "a source you control deals damage to an opponent"
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}],
                         "battlefield": [{"alias": "w", "card": "Quest for Pure Flame"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, [target(g, refs, aim)])
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert _triggered(step, refs.by_alias["w"]) == triggers


def test_per_source_damage_trigger_names_the_source_controller() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "w", "card": "Reaper of Sheoldred"}]},
                        {"alias": "b", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}]}],
                       active_player="b")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "shock"}, [target(g, refs, "w")])
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    assert _triggered(step, refs.by_alias["w"]) == 1
    assert step.game.stack[-1].info["that_player"] == 1 and step.game.stack[-1].info["amount"] == 2


def test_each_card_discarded_triggers_once() -> None:
    # CR 701.9a: Kolaghan's Command makes Bob discard one card: one trigger
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 1, "R": 1, "C": 1},
                         "hand": [{"alias": "cmd", "card": "Kolaghan's Command"}],
                         "battlefield": [{"alias": "w", "card": "Spirit Cairn"}]},
                        {"alias": "b", "hand": [{"alias": f"b{i}", "card": "Island"} for i in range(2)]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "cmd"},
               [1, 3], [("player", 1), ("player", 1)])
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"}, [target(g, refs, "b0")])
    assert _triggered(step, refs.by_alias["w"]) == 1


def test_a_may_pay_cost_can_be_hybrid() -> None:
    # Kels: "you may pay {U/B}" paid with {B} (CR 107.4e)
    g, refs = _fling_game("bears", "Kels, Fight Fixer")
    g = g.with_player(0, replace(g.players[0], mana_pool=frozendict({"R": 2, "B": 1})))
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fling"},
               [("player", 1)], {"R": 2}, [target(g, refs, "bears")])
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"}, True)
    assert len(step.game.players[0].hand) == 1 and not step.game.players[0].mana_pool.get("B")


def test_paying_life_is_losing_it_that_many() -> None:
    # CR 119.4: paying 2 life for Vilis's ability triggers "whenever you lose life" (2), above the ability
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 1}, "battlefield": [
        {"alias": "w", "card": "Vilis, Broker of Blood"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "w", "ability": 0},
               [target(g, refs, "w")])
    assert _triggered(step, refs.by_alias["w"]) == 1
    assert step.game.stack[-1].info["amount"] == 2 and step.game.stack[0].kind == "ability"


def test_combat_damage_to_a_player_trigger_carries_that_many() -> None:
    """Necropolis Regent: 'put that many +1/+1 counters on it' is the combat damage dealt to the player
    by that creature (CR 603.2, 510.2): the trigger info carries the amount for `that_much`."""
    from engine_helpers import new_game, obj

    from engine import triggers

    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "regent", "card": "Necropolis Regent"},
                                                       {"alias": "bears", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    regent, bears = obj(g, refs, "regent"), obj(g, refs, "bears")
    trig = {"on": "deals_combat_damage_to_player", "what": {"types": ["Creature"], "controller": "you"}}
    event = {"type": "damage_dealt", "source": bears.id, "target": ("player", 1), "amount": 2,
             "combat": True}
    info = triggers.matches(g, trig, regent, event)
    assert info is not None and info["amount"] == 2 and info["it"] == bears.id
    assert triggers.matches(g, trig, regent, {**event, "combat": False}) is None
