"""Casting, priority, the stack and target legality on resolution (CR 117, 601, 606, 608.2b, 700.13)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, card, new_game, obj, target

from engine import IllegalAction, apply, legal_actions
from engine import characteristics as ch
from engine.context import forced_answer


def _shock_game() -> tuple:  # type: ignore[type-arg]
    return new_game([
        {"alias": "a", "mana_pool": {"R": 1, "U": 1},
         "hand": [{"alias": "shock", "card": "Shock"}, {"alias": "plan", "card": "Contentious Plan"}],
         "battlefield": [{"alias": "mine", "card": "Grizzly Bears"}]},
        {"alias": "b", "mana_pool": {"U": 1}, "hand": [{"alias": "uns", "card": "Unsummon"}],
         "battlefield": [{"alias": "theirs", "card": "Grizzly Bears"}]}])


def test_a_spell_whose_only_target_is_gone_does_not_resolve() -> None:
    g, refs = _shock_game()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "theirs"),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "uns"},
               (target(step.game, refs, "theirs"),))
    step = act(step.game, refs, {"action": "resolve"})  # Unsummon resolves
    assert obj(step.game, refs, "theirs").zone == "hand"
    step = act(step.game, refs, {"action": "resolve"})  # Shock: its target left the battlefield
    assert any(e["type"] == "did_not_resolve" for e in step.events)
    assert obj(step.game, refs, "shock").zone == "graveyard"


def test_targeting_an_opponents_creature_is_a_crime_once() -> None:
    g, refs = _shock_game()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "theirs"),))
    assert step.game.players[0].crimes == 1
    assert [e["type"] for e in step.events].count("crime_committed") == 1


def test_targeting_your_own_creature_is_no_crime() -> None:
    g, refs = _shock_game()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "mine"),))
    assert step.game.players[0].crimes == 0


def test_a_sorcery_cannot_be_cast_while_the_stack_is_not_empty() -> None:
    g, refs = _shock_game()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "theirs"),))
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "cast", "player": "a", "card": "plan"})
    assert err.value.rule == "307.1"


def test_only_the_player_with_priority_may_act() -> None:
    g, refs = _shock_game()
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "b", "card": "uns"})
    assert err.value.rule == "117.1"


def test_passing_is_always_among_the_legal_actions() -> None:
    g, refs = _shock_game()
    assert {"action": "pass", "player": 0} in legal_actions(g)


def test_a_second_loyalty_ability_in_one_turn_is_rejected() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "viv", "card": "Vivien, Arkbow Ranger", "counters": {"loyalty": 4}}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "viv", "ability": 0}, ())
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "viv").counters["loyalty"] == 5
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "activate", "player": "a", "source": "viv", "ability": 0})
    assert err.value.rule == "606.3"


def test_an_unequal_division_among_two_targets_with_a_zero_is_illegal() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "viv", "card": "Vivien, Arkbow Ranger", "counters": {"loyalty": 4}},
        {"alias": "x", "card": "Grizzly Bears"}, {"alias": "y", "card": "Grizzly Bears"}]}, {"alias": "b"}])
    tx, ty = target(g, refs, "x"), target(g, refs, "y")
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "viv", "ability": 0},
            (tx, ty), ((tx, 2), (ty, 0)))
    assert err.value.rule == "601.2d"


def _arc_trail_and_shunt() -> tuple:  # type: ignore[type-arg]
    return new_game([
        {"alias": "a", "mana_pool": {"R": 3}, "hand": [{"alias": "arc", "card": "Arc Trail"},
                                                      {"alias": "shock", "card": "Shock"}]},
        {"alias": "b", "mana_pool": {"R": 3}, "hand": [{"alias": "shunt", "card": "Shunt"}],
         "battlefield": [{"alias": "theirs", "card": "Grizzly Bears"}]}])


def test_a_spell_with_two_targets_is_not_a_spell_with_a_single_target() -> None:
    g, refs = _arc_trail_and_shunt()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "arc"},
               (target(g, refs, "theirs"), ("player", 1)))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "cast", "player": "b", "card": "shunt"})
    assert err.value.rule == "601.2c"


def test_a_spell_with_one_target_can_be_shunted() -> None:
    g, refs = _arc_trail_and_shunt()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "theirs"),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "shunt"})
    assert step.pending is not None and step.pending.kind == "targets"
    assert [t[1] for t in step.pending.options] == [refs.by_alias["shock"]]


def _arc_lightning_against(alias: str, response: str, mana: dict[str, int]) -> tuple:  # type: ignore[type-arg]
    """a holds Arc Lightning; b has Grizzly Bears and ``response`` in hand with ``mana``."""
    return new_game([
        {"alias": "a", "mana_pool": {"R": 3}, "hand": [{"alias": "arc", "card": "Arc Lightning"}]},
        {"alias": "b", "mana_pool": mana, "hand": [{"alias": alias, "card": response}],
         "battlefield": [{"alias": "theirs", "card": "Grizzly Bears"}]}])


def test_divided_damage_for_a_target_that_became_illegal_is_not_dealt() -> None:
    # Arc Lightning (ruling 2014-09-20): the original division applies, the illegal target's share is lost
    g, refs = _arc_lightning_against("uns", "Unsummon", {"U": 1})
    t = target(g, refs, "theirs")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "arc"}, (t, ("player", 1)),
               ((t, 2), (("player", 1), 1)))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "uns"}, (t,))
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[1].life == 19
    assert [e["amount"] for e in step.events if e["type"] == "damage_dealt"] == [1]


def test_the_chosen_modes_become_one_ability_in_printed_order_with_renumbered_targets() -> None:
    from engine.modes import flatten

    creature = {"filter": {"types": ["Creature"]}}
    ability = {"kind": "spell", "effects": [], "modes": [
        {"targets": [{"filter": {"what": "player"}}], "effects": [{"do": "draw", "player": {"target": 0}}]},
        {"targets": [{"filter": {"types": ["Artifact"]}}],
         "effects": [{"do": "destroy", "what": {"target": 0}}]},
        {"targets": [creature, {**creature, "distinct_from": 0}],
         "effects": [{"do": "fight", "source": {"target": 0}, "to": {"target": 1}}]}]}
    flat = flatten(ability, [0, 2])
    assert [t["filter"] for t in flat["targets"]] == [{"what": "player"}, {"types": ["Creature"]},
                                                      {"types": ["Creature"]}]
    assert flat["targets"][2]["distinct_from"] == 1
    assert flat["effects"] == [{"do": "draw", "player": {"target": 0}},
                               {"do": "fight", "source": {"target": 1}, "to": {"target": 2}}]


def test_an_object_chosen_for_two_target_words_is_destroyed_once() -> None:
    # CR 115.3 (the same object for each "target"), 400.7: once destroyed it is a new object (Decimate)
    twice = card("Twice", "Sorcery", [{"kind": "spell",
                                       "targets": [{"filter": {"types": ["Artifact"]}},
                                                   {"filter": {"types": ["Creature"]}}],
                                       "effects": [{"do": "destroy", "what": {"target": 0}},
                                                   {"do": "destroy", "what": {"target": 1}}]}])
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "twice", "card": "Twice"}],
                         "battlefield": [{"alias": "thopter", "card": "Ornithopter"}]}, {"alias": "b"}],
                       extra=[twice])
    t = target(g, refs, "thopter")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "twice"}, (t, t))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "thopter").zone == "graveyard"
    assert sum(1 for e in step.events if e["type"] == "zone_change" and e["object"] == t[1]) == 1


def test_the_starting_player_skips_the_draw_step_of_the_first_turn_in_a_two_player_game() -> None:
    players = [{"alias": "a", "library": [{"alias": "top", "card": "Forest"}]}, {"alias": "b"}]
    g, refs = new_game(players, step="upkeep")  # turn 1
    step = act(g, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert step.game.step == "main1" and obj(step.game, refs, "top").zone == "library"  # CR 103.8a
    g, refs = new_game(players, step="upkeep", turn=2)
    step = act(g, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert step.game.step == "draw" and obj(step.game, refs, "top").zone == "hand"


def test_a_power_limit_on_a_target_is_checked_as_targets_are_chosen() -> None:
    # Last Breath: "target creature with power 2 or less"; "its controller" as it last existed (608.2h)
    last_breath = {"alias": "lb", "card": "Last Breath"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"W": 4}, "hand": [last_breath]},
                        {"alias": "b", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"},
                                                       {"alias": "wurm", "card": "Craw Wurm"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "lb"})
    assert step.pending is not None and target(g, refs, "wurm") not in step.pending.options
    step = apply(step.game, {"action": "answer", "value": (target(g, refs, "bear"),)})
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "bear").zone == "exile" and step.game.players[1].life == 24


def test_a_changed_target_takes_the_old_targets_share_of_the_division() -> None:
    # CR 115.7f: the division can't change; Shunt moves Arc Lightning's 3 damage to the new target
    g, refs = _arc_lightning_against("shunt", "Shunt", {"R": 3})
    theirs = target(g, refs, "theirs")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "arc"}, (theirs,), ((theirs, 3),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "shunt"},
               (("object", refs.by_alias["arc"], obj(step.game, refs, "arc").epoch),))
    step = act(step.game, refs, {"action": "resolve"}, (("player", 0),))  # Shunt: the new target is a
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[0].life == 17 and obj(step.game, refs, "theirs").damage == 0


def test_a_spell_cannot_target_itself() -> None:
    # CR 115.5
    g, refs = _arc_trail_and_shunt()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "theirs"),))
    shock = obj(step.game, refs, "shock")
    from engine.targets import can_target_object
    assert not can_target_object(step.game, {"what": "spell"}, shock, shock, 0)


def test_an_aura_spell_enters_attached_so_its_enters_trigger_sees_the_enchanted_creature() -> None:
    # CR 303.4f, 608.3c: Runner's Bane's "When this Aura enters, tap enchanted creature"
    bane = {"alias": "bane", "card": "Runner's Bane"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 2}, "hand": [bane]},
                        {"alias": "b", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "bane"}, (target(g, refs, "bear"),))
    step = act(step.game, refs, {"action": "resolve"})  # the Aura
    assert obj(step.game, refs, "bane").attached_to == refs.by_alias["bear"]
    step = act(step.game, refs, {"action": "resolve"})  # its enters trigger
    assert obj(step.game, refs, "bear").tapped


def test_a_negative_amount_counts_as_zero_and_gaining_zero_life_is_no_event() -> None:
    # CR 107.1b, 119.9: Swords to Plowshares on a -1/2 Wall of Wood (Kaervek gives Bob's creatures -2/-0)
    swords = {"alias": "stp", "card": "Swords to Plowshares"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"W": 1}, "hand": [swords],
                         "battlefield": [{"alias": "kaervek", "card": "Kaervek, the Spiteful"}]},
                        {"alias": "b", "battlefield": [{"alias": "wall", "card": "Wall of Wood"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "stp"}, (target(g, refs, "wall"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "wall").zone == "exile" and step.game.players[1].life == 20
    assert not [e for e in step.events if e["type"] == "life_changed"]


def test_a_third_target_must_differ_from_both_earlier_ones() -> None:
    # Incremental Growth: "another target creature, and a third target creature" (CR 115.3)
    inc = {"alias": "inc", "card": "Incremental Growth"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 5}, "hand": [inc],
                         "battlefield": [{"alias": "x", "card": "Grizzly Bears"},
                                         {"alias": "y", "card": "Grizzly Bears"}]}, {"alias": "b"}])
    x, y = target(g, refs, "x"), target(g, refs, "y")
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "inc"}, (x, y, x))
    assert err.value.rule == "115.3"


def _ward_game(pool: dict[str, int], guard: str = "Tomakul Honor Guard") -> tuple:  # type: ignore[type-arg]
    return new_game([
        {"alias": "a", "mana_pool": pool, "hand": [{"alias": "shock", "card": "Shock"}],
         "battlefield": [{"alias": "mine", "card": "Grizzly Bears"}]},
        {"alias": "b", "battlefield": [{"alias": "guard", "card": guard}]}])


@pytest.mark.parametrize(("pays", "guard_zone"), [(True, "graveyard"), (False, "battlefield")])
def test_ward_counters_the_spell_unless_its_controller_pays(pays: bool, guard_zone: str) -> None:
    # CR 702.21a: the ward trigger goes on the stack above Shock; Shock's controller decides
    g, refs = _ward_game({"R": 1, "C": 2})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "guard"),))
    assert [s.kind for s in step.game.stack] == ["spell", "ability"]
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "may" and step.pending.player == 0
    step = apply(step.game, {"action": "answer", "value": pays})
    assert ("countered" in [e["type"] for e in step.events]) is not pays
    step = act(step.game, refs, {"action": "resolve"}) if step.game.stack else step
    assert obj(step.game, refs, "guard").zone == guard_zone
    assert obj(step.game, refs, "shock").zone == "graveyard"


def test_ward_cannot_be_paid_without_the_mana_and_does_not_trigger_for_its_controller() -> None:
    g, refs = _ward_game({"R": 1})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "guard"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.options == (False,)
    g2, refs2 = new_game([{"alias": "a", "mana_pool": {"R": 1},
                           "hand": [{"alias": "shock", "card": "Shock"}],
                           "battlefield": [{"alias": "guard", "card": "Tomakul Honor Guard"}]},
                          {"alias": "b"}])
    step = act(g2, refs2, {"action": "cast", "player": "a", "card": "shock"}, (target(g2, refs2, "guard"),))
    assert [s.kind for s in step.game.stack] == ["spell"]


def test_ward_can_be_paid_with_life() -> None:
    # Owlin Shieldmage: "Ward—Pay 3 life." (CR 119.4: paying life is losing it)
    g, refs = _ward_game({"R": 1}, guard="Owlin Shieldmage")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "guard"),))
    step = act(step.game, refs, {"action": "resolve"}, True)
    assert step.game.players[0].life == 17
    assert [s.kind for s in step.game.stack] == ["spell"]


def test_ward_counters_an_activated_ability_by_removing_it_from_the_stack() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1},
                         "battlefield": [{"alias": "icy", "card": "Icy Manipulator"}]},
                        {"alias": "b", "battlefield": [{"alias": "guard", "card": "Tomakul Honor Guard"}]}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "icy", "ability": 0},
               (target(g, refs, "guard"),))
    assert [s.kind for s in step.game.stack] == ["ability", "ability"]
    step = act(step.game, refs, {"action": "resolve"}, False)  # CR 701.6a
    assert step.game.stack == () and not obj(step.game, refs, "guard").tapped
    assert {"type": "countered", "source": refs.by_alias["icy"], "kind": "ability"} in step.events


def test_a_copy_of_a_spell_is_not_cast_may_get_new_targets_and_ceases_to_exist_after_resolving() -> None:
    # CR 707.10, 707.10c; Twincast's rulings 2009-10-01: not "cast"; the same targets unless new ones
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}]},
                        {"alias": "b", "mana_pool": {"U": 2}, "hand": [{"alias": "twin", "card": "Twincast"}],
                         "battlefield": [{"alias": "bbear", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "bbear"),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "twin"},
               (target(step.game, refs, "shock"),))
    step = act(step.game, refs, {"action": "resolve"}, (("player", 0),))  # the copy: new target, Alice
    copy = step.game.stack[-1]
    assert copy.controller == 1 and copy.targets == ((("player", 0),),)
    assert not any(e["type"] == "spell_cast" for e in step.events)
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[0].life == 18
    assert copy.id not in step.game.objects  # CR 704.5e
    assert refs.ref_of(step.game, copy.id) == "Shock#1"  # its events still name it (spec 2.2)


def test_a_copys_new_target_must_not_make_an_unchanged_target_illegal() -> None:
    # CR 115.7d-e: Arc Trail's "any other target" judged on the copy's final set of targets
    arc = [{"alias": "arc", "card": "Arc Trail"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 2}, "hand": arc},
                        {"alias": "b", "mana_pool": {"U": 2}, "hand": [{"alias": "twin", "card": "Twincast"}],
                         "battlefield": [{"alias": "bbear", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "arc"},
               (target(g, refs, "bbear"), ("player", 1)))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "twin"},
               (target(step.game, refs, "arc"),))
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "resolve"}, (("player", 1),), (("player", 1),))
    assert err.value.rule == "115.7d"
    done = act(step.game, refs, {"action": "resolve"}, (("player", 0),), (("player", 1),))
    assert done.game.stack[-1].targets == ((("player", 0),), (("player", 1),))


def test_a_creature_with_flash_can_be_cast_any_time_an_instant_could() -> None:
    # CR 702.8a: with a spell on the stack, a flash creature may be cast; a plain one may not (307.1)
    flash = card("Test Flash Bear", "Creature", [{"kind": "keyword", "keyword": "Flash"}], cost="{G}",
                 power="2", toughness="2")
    hand = [{"alias": "shock", "card": "Shock"}, {"alias": "fb", "card": "Test Flash Bear"},
            {"alias": "bear", "card": "Grizzly Bears"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1, "G": 2}, "hand": hand}, {"alias": "b"}],
                       extra=[flash])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (("player", 1),))
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "cast", "player": "a", "card": "bear"})
    assert err.value.rule == "307.1"
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "fb"})
    assert [s.kind for s in step.game.stack] == ["spell", "spell"]


def test_ward_given_by_a_static_ability_triggers_as_well_as_the_creatures_own() -> None:
    # Leather Armor's and Plate Armor's rulings (2021-07-23): a second ward means both abilities trigger
    lord = card("Test Ward Lord", "Enchantment", [{"kind": "static", "static": {
        "affects": {"types": ["Creature"], "controller": "you"},
        "abilities": [{"kind": "keyword", "keyword": "Ward", "cost": "{1}"}]}}])
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}]},
                        {"alias": "b", "battlefield": [{"alias": "guard", "card": "Tomakul Honor Guard"},
                                                       {"alias": "lord", "card": "Test Ward Lord"}]}],
                       extra=[lord])
    assert "Ward" in ch.keywords(g, obj(g, refs, "guard"))
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "guard"),))
    assert step.pending is not None and step.pending.kind == "trigger_order"  # Bob orders his two wards
    step = apply(step.game, {"action": "answer", "value": step.pending.options})
    assert [s.kind for s in step.game.stack] == ["spell", "ability", "ability"]


def test_ward_gained_until_end_of_turn_triggers_only_for_later_targeting() -> None:
    # Hall of Storm Giants' ruling (2021-07-23): gained after becoming the target, it doesn't trigger
    grant = card("Test Warding", "Instant", [{"kind": "spell", "targets": [
        {"filter": {"types": ["Creature"], "controller": "you"}}], "effects": [
        {"do": "grant_keyword", "what": {"target": 0}, "keyword": "Ward", "cost": "{3}"}]}], cost="{U}")
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 2}, "hand": [{"alias": "s1", "card": "Shock"},
                                                                       {"alias": "s2", "card": "Shock"}]},
                        {"alias": "b", "mana_pool": {"U": 1},
                         "hand": [{"alias": "w", "card": "Test Warding"}],
                         "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}], extra=[grant])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s1"}, (target(g, refs, "bear"),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    bear = target(step.game, refs, "bear")
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "w"}, (bear,))
    step = act(step.game, refs, {"action": "resolve"})  # the bear gains ward {3}: Shock already targets it
    assert [s.kind for s in step.game.stack] == ["spell"]
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "s2"}, (bear,))
    assert [s.kind for s in step.game.stack] == ["spell", "spell", "ability"]


def test_choosing_new_targets_for_a_spell_keeps_its_controller_and_division() -> None:
    # Redirect (CR 115.7d-f): Bob moves Alice's Shock from his bear to Alice; still Alice's spell
    redirect = card("Test Redirect", "Instant", [{"kind": "spell", "targets": [
        {"filter": {"what": "spell"}}], "effects": [{"do": "choose_new_targets", "what": {"target": 0}}]}],
        cost="{U}{U}")
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}]},
                        {"alias": "b", "mana_pool": {"U": 2},
                         "hand": [{"alias": "r", "card": "Test Redirect"}],
                         "battlefield": [{"alias": "bbear", "card": "Grizzly Bears"}]}], extra=[redirect])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "bbear"),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    the_shock = target(step.game, refs, "shock")
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "r"}, (the_shock,))
    step = act(step.game, refs, {"action": "resolve"}, (("player", 0),))
    shock = step.game.stack[-1]
    assert shock.controller == 0 and shock.targets == ((("player", 0),),)
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[0].life == 18 and obj(step.game, refs, "bbear").damage == 0


def test_a_target_can_be_changed_to_the_permanent_whose_ability_does_it() -> None:
    # Spellskite: "Change the target of target spell or ability to Spellskite." (its rulings 2020-08-07)
    skite = card("Test Skite", "Artifact Creature", [{"kind": "activated", "cost": {"mana": "{U}"},
                  "targets": [{"filter": {"what": "spell_or_ability"}}],
                  "effects": [{"do": "change_target", "what": {"target": 0}, "to": "self"}]}],
                 power="0", toughness="4")
    bobs = [{"alias": "skite", "card": "Test Skite"}, {"alias": "bbear", "card": "Grizzly Bears"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}]},
                        {"alias": "b", "mana_pool": {"U": 1}, "battlefield": bobs}], extra=[skite])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, (target(g, refs, "bbear"),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    the_shock = target(step.game, refs, "shock")
    step = act(step.game, refs, {"action": "activate", "player": "b", "source": "skite", "ability": 0},
               (the_shock,))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.stack[-1].targets == ((target(step.game, refs, "skite"),),)
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "skite").damage == 2 and obj(step.game, refs, "bbear").damage == 0


def test_an_aura_spells_target_can_be_changed_and_it_enters_attached_to_the_new_one() -> None:
    # CR 303.4a (an Aura spell targets what it can enchant), 115.7a (Shunt), 608.3b
    forests = [{"alias": "f1", "card": "Forest"}, {"alias": "f2", "card": "Forest"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1},
                         "hand": [{"alias": "wg", "card": "Wild Growth"}], "battlefield": forests},
                        {"alias": "b", "mana_pool": {"R": 3}, "hand": [{"alias": "shunt", "card": "Shunt"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "wg"}, (target(g, refs, "f1"),))
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    spell = target(step.game, refs, "wg")
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "shunt"}, (spell,))
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "f2"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "wg").attached_to == refs.by_alias["f2"]


def test_a_spell_that_cant_be_countered_stays_on_the_stack_when_ward_isnt_paid() -> None:
    # Out Cold / Carnage Tyrant: "This spell can't be countered" (CR 101.2); ward's counter does nothing
    bolt = card("Test Sure Shock", "Instant", [
        {"kind": "static", "static": {"uncounterable": True}},
        {"kind": "spell", "targets": [{"filter": {"types": ["Creature"]}}],
         "effects": [{"do": "deal_damage", "to": {"target": 0}, "amount": 2}]}], cost="{R}")
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1},
                         "hand": [{"alias": "s", "card": "Test Sure Shock"}]},
                        {"alias": "b", "battlefield": [{"alias": "guard", "card": "Tomakul Honor Guard"}]}],
                       extra=[bolt])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"}, (target(g, refs, "guard"),))
    step = act(step.game, refs, {"action": "resolve"}, False)  # ward: not paid, but it can't be countered
    assert [s.kind for s in step.game.stack] == ["spell"]
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "guard").zone == "graveyard"


def _pending_targets(pool: dict[str, int], hand: str, creatures: list[str], *answers: Any) -> Any:
    g, refs = new_game([
        {"alias": "a", "mana_pool": pool, "hand": [{"alias": "spell", "card": hand}],
         "battlefield": [{"alias": c, "card": "Grizzly Bears"} for c in creatures]},
        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "spell"}, *answers)
    assert step.pending is not None and step.pending.kind == "targets"
    return step.pending, g, refs


def test_one_two_or_three_targets_with_one_creature_is_a_forced_choice_of_it() -> None:
    """CR 601.2c: Biogenic Upgrade with one creature has one legal choice of targets (spec/README.md 1.4)."""
    pending, g, refs = _pending_targets({"G": 6}, "Biogenic Upgrade", ["bear"])
    assert forced_answer(pending) == ((target(g, refs, "bear"),),)


def test_one_two_or_three_targets_with_two_creatures_is_a_real_choice() -> None:
    pending, _, _ = _pending_targets({"G": 6}, "Biogenic Upgrade", ["bear", "other"])
    assert forced_answer(pending) is None


def test_divided_damage_with_x_zero_allows_no_target_and_refuses_one() -> None:
    """CR 601.2d: each target is assigned at least one, so X=0 leaves no target as the only choice."""
    pending, g, refs = _pending_targets({"R": 2}, "Rolling Thunder", ["bear"], 0)
    assert forced_answer(pending) == ((),)
    with pytest.raises(IllegalAction) as refused:
        act(g, refs, {"action": "cast", "player": "a", "card": "spell"}, 0, (target(g, refs, "bear"),))
    assert refused.value.rule == "601.2d"


def test_divided_damage_with_x_one_may_target_any_one_or_none() -> None:
    pending, _, _ = _pending_targets({"R": 3}, "Rolling Thunder", ["bear"], 1)
    assert forced_answer(pending) is None


def test_spellskite_changing_one_of_three_targets_on_one_creature_asks_nothing() -> None:
    # CR 115.7b (Spellskite's rulings 2020-08-07): one target changes; Seeds of Strength aimed thrice at one
    # creature offers one answer, that creature, so nothing is asked, and only one +1/+1 moves to Spellskite
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "skite", "card": "Spellskite"}]},
                        {"alias": "b", "mana_pool": {"G": 1, "W": 1},
                         "hand": [{"alias": "seeds", "card": "Seeds of Strength"}],
                         "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}], active_player="b")
    bear = target(g, refs, "bear")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "seeds"}, (bear, bear, bear))
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    seeds = ("object", refs.by_alias["seeds"], obj(step.game, refs, "seeds").epoch)
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "skite", "ability": 0},
               (seeds,))
    assert step.pending is None and step.game.players[0].life == 18  # {U/P} paid with 2 life
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is None
    step = act(step.game, refs, {"action": "resolve"})
    assert ch.power_toughness(step.game, obj(step.game, refs, "skite")) == (1, 5)
    assert ch.power_toughness(step.game, obj(step.game, refs, "bear")) == (4, 4)


def test_another_target_with_a_single_creature_cannot_be_chosen() -> None:
    # Rookie Mistake: "target creature ... and another target creature"; one creature in play: no legal
    # set of different targets, so the spell can't be cast (CR 601.2c, 115.3): no target choice is asked
    rookie = {"alias": "r", "card": "Rookie Mistake"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 1}, "hand": [rookie]},
                        {"alias": "b", "battlefield": [{"alias": "w", "card": "Craw Wurm"}]}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "r"})
    assert err.value.rule == "115.3"
