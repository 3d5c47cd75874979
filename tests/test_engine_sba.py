"""State-based actions (CR 704): found in one state and performed at the same time (704.3), with
leaves-the-battlefield triggers looking back in time (603.10a)."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj, target

from engine import apply, legal_actions, sba
from engine.context import Ctx
from engine.errors import IllegalAction
from engine.state import replace


def test_state_based_actions_happen_together_and_a_dying_creature_sees_the_others_die() -> None:
    # Blood Artist (ruling 2016-06-08) and Llanowar Elves both have lethal damage: they die at the same
    # time, so the Artist's "this creature or another creature dies" triggers twice (CR 603.10a)
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "artist", "card": "Blood Artist", "damage": 1},
                                       {"alias": "elves", "card": "Llanowar Elves", "damage": 1}]},
        {"alias": "b"}])
    step = act(g, refs, {"action": "pass", "player": "a"})  # SBAs are checked before Bob gets priority
    assert step.pending is not None and step.pending.kind == "trigger_order"
    assert len(step.pending.options) == 2
    step = apply(step.game, {"action": "answer", "value": step.pending.options})
    while step.pending is not None and step.pending.kind == "targets":  # each drains Bob
        step = apply(step.game, {"action": "answer", "value": (("player", 1),)})
    assert obj(step.game, refs, "artist").zone == obj(step.game, refs, "elves").zone == "graveyard"
    assert len(step.game.stack) == 2


def test_the_legend_rule_choice_is_made_in_the_same_state_as_lethal_damage() -> None:
    # Kaervek (ruling 2020-06-23): two Kaerveks; the damaged one kept by the legend rule is destroyed too
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "k1", "card": "Kaervek, the Spiteful", "damage": 1},
        {"alias": "k2", "card": "Kaervek, the Spiteful"}]}, {"alias": "b"}])
    # each makes the other 2/1: k1 (1 damage) has lethal damage; the legend rule asks which one to keep
    step = act(g, refs, {"action": "advance", "step": "beginning_of_combat"})
    assert step.pending is not None and step.pending.kind == "legend_rule"
    step = apply(step.game, {"action": "answer", "value": target(g, refs, "k1")})
    assert obj(step.game, refs, "k1").zone == obj(step.game, refs, "k2").zone == "graveyard"


def test_an_indestructible_creature_with_lethal_damage_is_no_state_based_action() -> None:
    # CR 702.12b: not destroyed; the check must report no action, or triggers would never be put on the
    # stack (the engine looped while such a creature existed)
    from engine import sba
    from engine.context import Ctx

    myr = {"alias": "myr", "card": "Darksteel Myr", "damage": 1}
    g, refs = new_game([{"alias": "a", "battlefield": [myr]}, {"alias": "b"}])
    ctx = Ctx(g)
    assert sba.check(ctx) is False
    assert obj(ctx.game, refs, "myr").zone == "battlefield"


def test_an_aura_its_enchant_ability_no_longer_allows_goes_to_the_graveyard() -> None:
    # CR 303.4c, 704.5m: "enchant creature you control" on a creature another player controls
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "inv", "card": "Murder Investigation",
                                                        "attached_to": "bears"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "pass", "player": "a"})
    assert obj(step.game, refs, "inv").zone == "graveyard"


def test_an_aura_on_a_permanent_with_protection_from_its_colour_goes_to_the_graveyard() -> None:
    from engine.state import Mod, replace

    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "forest", "card": "Forest"},
                                                       {"alias": "wg", "card": "Wild Growth",
                                                        "attached_to": "forest"}]}, {"alias": "b"}])
    kept = act(g, refs, {"action": "pass", "player": "a"})
    assert obj(kept.game, refs, "wg").zone == "battlefield"
    g = g.with_obj(replace(obj(g, refs, "forest"), mods=(Mod(protection="G"),)))  # 702.16c
    step = act(g, refs, {"action": "pass", "player": "a"})
    assert obj(step.game, refs, "wg").zone == "graveyard"


def test_a_player_who_loses_a_multiplayer_game_leaves_it_with_everything_they_own() -> None:
    # CR 104.5, 800.4a: Carol's Bears leave the game with her (no graveyard), the creature she took from
    # Bob until end of turn goes back to him, and the game goes on for Alice and Bob
    shock = [{"alias": "shock", "card": "Shock"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": shock},
                        {"alias": "b", "battlefield": [{"alias": "bbear", "card": "Grizzly Bears"}]},
                        {"alias": "c", "life": 2,
                         "battlefield": [{"alias": "cbear", "card": "Grizzly Bears"}]}])
    game = g.with_obj(replace(obj(g, refs, "bbear"), controller=2, control_reverts_to=1))
    step = act(game, refs, {"action": "cast", "player": "a", "card": "shock"}, (("player", 2),))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[2].lost and not step.game.players[1].lost
    assert obj(step.game, refs, "cbear").zone == "left_game" and not step.game.players[2].graveyard
    bbear = obj(step.game, refs, "bbear")
    assert bbear.controller == 1 and bbear.zone == "battlefield"


def test_in_a_two_player_game_the_loser_keeps_their_permanents_the_game_is_over() -> None:
    shock = [{"alias": "shock", "card": "Shock"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": shock},
                        {"alias": "b", "life": 2,
                         "battlefield": [{"alias": "bbear", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (("player", 1),))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[1].lost and obj(step.game, refs, "bbear").zone == "battlefield"


def test_a_two_player_game_ends_when_a_player_loses_nothing_more_can_be_done() -> None:
    # CR 104.1, 104.2a: the game ends immediately; no one receives priority, no action is taken after
    shock = [{"alias": "shock", "card": "Shock"}, {"alias": "shock2", "card": "Shock"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 2}, "hand": shock},
                        {"alias": "b", "life": 2}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (("player", 1),))
    assert not step.game.over and legal_actions(step.game)
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.over and step.game.priority is None and legal_actions(step.game) == []
    with pytest.raises(IllegalAction) as refused:
        act(step.game, refs, {"action": "cast", "player": "a", "card": "shock2"}, (("player", 1),))
    assert refused.value.rule == "104.1"


def test_a_multiplayer_game_goes_on_after_one_player_loses() -> None:
    shock = [{"alias": "shock", "card": "Shock"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": shock}, {"alias": "b"},
                        {"alias": "c", "life": 2}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (("player", 2),))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[2].lost and not step.game.over and legal_actions(step.game)


def test_an_aura_attached_to_nothing_goes_to_the_graveyard() -> None:
    # CR 704.5m: "... or is not attached to an object or player"
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "wg", "card": "Wild Growth"},
                                                       {"alias": "f", "card": "Forest"}]}, {"alias": "b"}])
    ctx = Ctx(g)
    sba.check(ctx)
    assert obj(ctx.game, refs, "wg").zone == "graveyard"


def test_an_equipment_that_becomes_a_creature_is_unattached_and_equip_does_not_attach_it() -> None:
    # CR 301.5c, 704.5n, 701.3b: The Antiquities War's chapter III makes Bonesplitter a 5/5 artifact creature
    g, refs = new_game([{"alias": "a", "library": [{"alias": "top", "card": "Island"}],
                         "battlefield": [{"alias": "war", "card": "The Antiquities War",
                                          "counters": {"lore": 2}},
                                         {"alias": "bears", "card": "Grizzly Bears"},
                                         {"alias": "split", "card": "Bonesplitter", "attached_to": "bears"},
                                         {"alias": "mountain", "card": "Mountain"}]},
                        {"alias": "b"}], step="draw", turn=2)
    step = act(g, refs, {"action": "advance", "step": "main1"})
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "split").attached_to is None
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "mountain", "ability": 0})
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "split", "ability": 0},
               (target(step.game, refs, "bears"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "split").attached_to is None
