"""Control-changing effects (CR 613.1b): summoning sickness after a change (302.6), haste (702.10c),
and 'until end of turn' control ending in the cleanup step (514.2)."""

from __future__ import annotations

import pytest
from engine_helpers import act, card, new_game, obj, target

from engine import IllegalAction, apply
from engine import characteristics as ch


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


def test_an_attacker_whose_controller_changes_may_then_block_for_its_new_controller() -> None:
    # CR 506.4, 509.1a (Disharmony's ruling): Mowu (vigilance) attacks, b takes it, it blocks a's bear
    steal = card("Steal", "Instant", [{"kind": "spell", "targets": [{"filter": {"types": ["Creature"]}}],
                                       "effects": [{"do": "gain_control", "what": {"target": 0}}]}])
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "mowu", "card": "Mowu, Loyal Companion"},
                                                       {"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b", "hand": [{"alias": "steal", "card": "Steal"}]}], extra=[steal])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0, "attackers": [
        (refs.by_alias["mowu"], ("player", 1)), (refs.by_alias["bear"], ("player", 1))]})
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "steal"},
               (target(g, refs, "mowu"),))
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    step = apply(step.game, {"action": "declare_blockers", "player": 1,
                             "blockers": [(refs.by_alias["mowu"], refs.by_alias["bear"])]})
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    assert obj(step.game, refs, "bear").zone == "graveyard" and obj(step.game, refs, "mowu").damage == 2
    assert step.game.players[1].life == 20


def test_a_land_that_becomes_a_creature_is_summoning_sick_if_it_came_this_turn() -> None:
    # Mutavault's ruling (2008-08-01), CR 302.6: the land's {T} ability, fine before, is refused once
    # it is a creature; layer 4 adds the type, layer 7b sets 2/2 (CR 613.4b)
    vault_card = {"alias": "vault", "card": "Mutavault"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1}, "hand": [vault_card]}, {"alias": "b"}])
    step = act(g, refs, {"action": "play_land", "player": "a", "card": "vault"})
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "vault", "ability": 1})
    step = act(step.game, refs, {"action": "resolve"})
    vault = obj(step.game, refs, "vault")
    assert ch.is_type(step.game, vault, "Creature") and ch.power_toughness(step.game, vault) == (2, 2)
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "activate", "player": "a", "source": "vault", "ability": 0})
    assert err.value.rule == "302.6"


def _caravan_game(*crew: dict[str, object], sick: bool = False) -> tuple:  # type: ignore[type-arg]
    caravan = {"alias": "caravan", "card": "Cultivator's Caravan", "summoning_sick": sick}
    return new_game([{"alias": "a", "battlefield": [caravan, *crew]}, {"alias": "b"}])


def test_crew_taps_summoning_sick_creatures_and_the_vehicle_gets_its_printed_power_and_toughness() -> None:
    # CR 702.122a, 301.7b; Caravan's ruling 2017-09-29: any untapped creature, even one that just came
    g, refs = _caravan_game({"alias": "ox", "card": "Grizzly Bears", "summoning_sick": True},
                            {"alias": "elf", "card": "Llanowar Elves", "summoning_sick": True})
    step = act(g, refs, {"action": "activate", "player": "a", "source": "caravan", "ability": 1},
               (target(g, refs, "ox"), target(g, refs, "elf")))
    step = act(step.game, refs, {"action": "resolve"})
    caravan = obj(step.game, refs, "caravan")
    assert ch.types(step.game, caravan) == ("Artifact", "Creature")
    assert ch.power_toughness(step.game, caravan) == (5, 5)
    assert obj(step.game, refs, "ox").tapped and obj(step.game, refs, "elf").tapped
    assert [e["type"] for e in step.events].count("crewed") == 0  # crewed as the cost was paid, before


def test_crew_with_too_little_total_power_is_refused() -> None:
    g, refs = _caravan_game({"alias": "ox", "card": "Grizzly Bears"},
                            {"alias": "elf", "card": "Llanowar Elves"})
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "caravan", "ability": 1},
            (target(g, refs, "ox"),))
    assert err.value.rule == "702.122a"
    g, refs = _caravan_game({"alias": "elf", "card": "Llanowar Elves"})
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "caravan", "ability": 1})
    assert err.value.rule == "118.3"


def test_a_crewed_vehicle_that_came_this_turn_cannot_tap_for_mana() -> None:
    # Caravan's ruling 2016-09-20: "As long as Cultivator's Caravan isn't an artifact creature, its {T}
    # ability can be activated if it came under your control this turn."
    g, refs = _caravan_game({"alias": "ox", "card": "Grizzly Bears"},
                            {"alias": "elf", "card": "Llanowar Elves"}, sick=True)
    crewed = act(g, refs, {"action": "activate", "player": "a", "source": "caravan", "ability": 1},
                 (target(g, refs, "ox"), target(g, refs, "elf")))
    crewed = act(crewed.game, refs, {"action": "resolve"})
    with pytest.raises(IllegalAction) as err:
        act(crewed.game, refs, {"action": "activate", "player": "a", "source": "caravan", "ability": 0})
    assert err.value.rule == "302.6"
    step = act(g, refs, {"action": "activate", "player": "a", "source": "caravan", "ability": 0}, "G")
    assert step.game.players[0].mana_pool == {"G": 1}


def test_a_creature_with_negative_power_does_not_stop_others_from_crewing() -> None:
    # CR 702.122a, 107.1b: the Elves alone (1) crew; a -1-power creature only lowers a total it's part of
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "ship", "card": "Sleek Schooner"}, {"alias": "elf", "card": "Llanowar Elves"},
        {"alias": "wall", "card": "Wall of Wood", "counters": {"-1/-1": 1}}]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "ship", "ability": 0},
            (target(g, refs, "elf"), target(g, refs, "wall")))
    assert err.value.rule == "702.122a"
    step = act(g, refs, {"action": "activate", "player": "a", "source": "ship", "ability": 0},
               (target(g, refs, "elf"),))
    assert obj(step.game, refs, "elf").tapped


def test_equip_attaches_to_a_creature_you_control_and_it_stays_when_the_creature_dies() -> None:
    # CR 702.6a (as a sorcery, target creature you control), 301.5 "equipped creature", 704.5n
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1, "B": 3},
                         "hand": [{"alias": "murder", "card": "Murder"}],
                         "battlefield": [{"alias": "split", "card": "Bonesplitter"},
                                         {"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b", "battlefield": [{"alias": "theirs", "card": "Grizzly Bears"}]}])
    with pytest.raises(IllegalAction):
        act(g, refs, {"action": "activate", "player": "a", "source": "split", "ability": 0},
            (target(g, refs, "theirs"),))
    step = act(g, refs, {"action": "activate", "player": "a", "source": "split", "ability": 0},
               (target(g, refs, "bear"),), {"C": 1})
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "split").attached_to == refs.by_alias["bear"]
    assert ch.power_toughness(step.game, obj(step.game, refs, "bear")) == (4, 2)
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "murder"},
               (target(step.game, refs, "bear"),))
    step = act(step.game, refs, {"action": "resolve"})
    split = obj(step.game, refs, "split")
    assert split.zone == "battlefield" and split.attached_to is None


def test_a_state_based_action_in_cleanup_gives_priority_then_another_cleanup_step() -> None:
    # CR 514.3a: Mutavault stops being a creature (514.2), so its Bonesplitter becomes unattached (704.5n,
    # a state-based action): the active player gets priority in cleanup, and then a new cleanup step begins
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 2}, "battlefield": [
        {"alias": "vault", "card": "Mutavault"}, {"alias": "split", "card": "Bonesplitter"}]},
        {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "vault", "ability": 1})
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "split", "ability": 0},
               (target(step.game, refs, "vault"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "split").attached_to == refs.by_alias["vault"]
    step = act(step.game, refs, {"action": "advance", "step": "cleanup"})
    assert step.game.step == "cleanup" and step.game.priority == 0
    assert obj(step.game, refs, "split").attached_to is None
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})
    cleanups = [e for e in step.events if e["type"] == "step" and e["step"] == "cleanup"]
    assert len(cleanups) == 1 and step.game.turn == 2  # the second cleanup step, then the next turn


def test_an_ability_activated_only_during_your_turn_is_refused_on_an_opponents_turn() -> None:
    # CR 602.5b: "Activate only during your turn"
    gain = [{"do": "gain_life", "player": "you", "amount": 1}]
    pinger = card("Test Turn Pinger", "Artifact",
                  [{"kind": "activated", "cost": {}, "timing": "your_turn", "effects": gain}])
    g, refs = new_game([{"alias": "a"},
                        {"alias": "b", "battlefield": [{"alias": "p", "card": "Test Turn Pinger"}]}],
                       extra=[pinger])
    step = act(g, refs, {"action": "pass", "player": "a"})
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "activate", "player": "b", "source": "p", "ability": 0})
    assert err.value.rule == "602.5b"


def test_a_permanent_that_doesnt_untap_during_its_next_untap_step_untaps_in_the_one_after() -> None:
    # Vorinclex, Voice of Hunger's "that land doesn't untap during its controller's next untap step"
    library = [{"alias": f"l{i}", "card": "Forest"} for i in range(3)]  # nobody draws from an empty library
    g, refs = new_game([{"alias": "a", "library": library[:1]},
                        {"alias": "b", "library": library[1:],
                         "battlefield": [{"alias": "f", "card": "Forest", "tapped": True}]}])
    from frozendict import frozendict

    from engine.context import Ctx
    from engine.refs import Res
    from engine.registry import EFFECTS
    ctx = Ctx(g)
    res = Res(controller=0, source=refs.by_alias["f"], source_lki=obj(g, refs, "f"),
              info=frozendict({"it": refs.by_alias["f"]}))
    for _ in range(2):  # two such effects use up the same untap step (Niblis of Frost's ruling)
        EFFECTS["skip_next_untap"](ctx, res, {"what": "it"})
    step = act(ctx.game, refs, {"action": "advance", "step": "upkeep"})  # Bob's turn 2
    assert step.game.active == 1 and obj(step.game, refs, "f").tapped
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})  # Alice's turn 3
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})  # Bob's turn 4
    assert not obj(step.game, refs, "f").tapped


def test_an_ability_can_give_control_of_its_source_to_a_target_opponent() -> None:
    # Humble Defector: "Target opponent gains control of Humble Defector" (CR 613.1b)
    opponent = [{"filter": {"what": "player", "controller": "opponent"}}]
    give = [{"do": "gain_control", "what": "self", "player": {"target": 0}}]
    defector = card("Test Defector", "Creature",
                    [{"kind": "activated", "cost": {"tap": True}, "targets": opponent, "effects": give}],
                    power="2", toughness="1")
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "d", "card": "Test Defector"}]},
                        {"alias": "b"}], extra=[defector])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "d", "ability": 0}, (("player", 1),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "d").controller == 1 and obj(step.game, refs, "d").sick


def test_an_exchange_of_control_is_all_or_nothing() -> None:
    # CR 701.12a: one of the two permanents gone, the other doesn't change hands; 701.12b: both swap
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 3}, "hand": [
        {"alias": "pt", "card": "Political Trickery"}], "battlefield": [{"alias": "mine", "card": "Forest"}]},
        {"alias": "b", "battlefield": [{"alias": "theirs", "card": "Island"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "pt"},
               (target(g, refs, "mine"), target(g, refs, "theirs")))
    swapped = act(step.game, refs, {"action": "resolve"})
    assert obj(swapped.game, refs, "mine").controller == 1
    assert obj(swapped.game, refs, "theirs").controller == 0
    from engine.context import Ctx
    from engine.zones import move
    ctx = Ctx(step.game)
    move(ctx, refs.by_alias["theirs"], "hand")  # gone before it resolves
    done = act(ctx.game, refs, {"action": "resolve"})
    assert obj(done.game, refs, "mine").controller == 0
