"""Mana (CR 106), the tap and untap symbols (CR 107.5-107.6) and summoning sickness (CR 302.6)."""

from __future__ import annotations

import pytest
from engine_helpers import act, card, new_game, obj, target

from engine import IllegalAction, apply
from engine.mana import could_produce, payments, pays

POOL = card("Test Pool", "Land", [{"kind": "activated", "cost": {"tap": True},
                                   "effects": [{"do": "add_mana_could_produce", "lands": "you",
                                                "of": "type"}]}])
CONTAMINATION = card("Test Contamination", "Enchantment", [{"kind": "replacement", "replacement": {
    "event": "produce_mana", "affects": {"types": ["Land"]}, "produce": "B"}}])


def test_two_reflecting_pools_could_produce_nothing_and_the_question_terminates() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "p1", "card": "Test Pool"},
                                                         {"alias": "p2", "card": "Test Pool"}]},
                        {"alias": "b"}], extra=[POOL])
    assert could_produce(g, refs.by_alias["p1"]) == set()


def test_reflecting_pool_could_produce_what_another_land_could() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "pool", "card": "Test Pool"},
                                                         {"alias": "f", "card": "Forest", "tapped": True}]},
                        {"alias": "b"}], extra=[POOL])
    # costs are ignored (CR 106.7): the tapped Forest still could produce G
    assert could_produce(g, refs.by_alias["pool"]) == {"G"}


def test_contamination_changes_what_a_land_could_produce() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "f", "card": "Forest"},
                                                         {"alias": "c", "card": "Test Contamination"}]},
                        {"alias": "b"}], extra=[CONTAMINATION])
    assert could_produce(g, refs.by_alias["f"]) == {"B"}


def test_undefined_type_produces_no_mana_and_no_mana_event() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "pool", "card": "Test Pool"}]},
                        {"alias": "b"}], extra=[POOL])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "pool", "ability": 0})
    assert step.pending is None
    assert not step.game.players[0].mana_pool
    assert not [e for e in step.events if e["type"] == "mana_added"]
    assert obj(step.game, refs, "pool").tapped


def test_summoning_sick_creature_cannot_tap_for_mana() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "elf", "card": "Llanowar Elves",
                                                         "summoning_sick": True}]},
                        {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "elf", "ability": 0})
    assert err.value.rule == "302.6"


def test_tapped_permanent_cannot_pay_the_tap_symbol() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "f", "card": "Forest", "tapped": True}]},
                        {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "f", "ability": 0})
    assert err.value.rule == "107.5"


def test_forest_tapped_for_mana_adds_green_to_the_pool() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "f", "card": "Forest"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "f", "ability": 0})
    assert dict(step.game.players[0].mana_pool) == {"G": 1}
    assert step.game.stack == ()  # mana abilities don't use the stack (CR 605.3b)


def test_generic_cost_payable_two_ways_lists_both_payments() -> None:
    assert payments({"U": 2, "G": 1}, "{1}{U}", 0) == [{"G": 1, "U": 1}, {"U": 2}]
    assert payments({"U": 1}, "{1}{U}", 0) == []


def test_an_aura_on_an_opponents_land_gives_the_extra_mana_to_the_lands_controller() -> None:
    # Wild Growth: "its controller adds an additional {G}" (CR 106.12a, 605.1b)
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "wg", "card": "Wild Growth",
                                                          "attached_to": "f"}]},
                        {"alias": "b", "battlefield": [{"alias": "f", "card": "Forest"}]}], active_player="b")
    step = act(g, refs, {"action": "activate", "player": "b", "source": "f", "ability": 0})
    assert (step.game.players[1].mana_pool.get("G"), step.game.players[0].mana_pool.get("G", 0)) == (2, 0)


def test_whenever_you_tap_ignores_an_opponent_tapping() -> None:
    # Mirari's Wake: "Whenever you tap a land for mana" (CR 109.5: "you" is its controller)
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "wake", "card": "Mirari's Wake"}]},
                        {"alias": "b", "battlefield": [{"alias": "f", "card": "Forest"}]}], active_player="b")
    step = act(g, refs, {"action": "activate", "player": "b", "source": "f", "ability": 0})
    assert step.game.players[0].mana_pool.get("G", 0) == 0 and step.game.players[1].mana_pool.get("G") == 1


def test_a_land_sacrificed_as_it_is_tapped_for_mana_was_still_tapped_for_mana() -> None:
    # Crystal Vein ({T}, sacrifice: add {C}{C}) with Manabarbs: the trigger still happens (CR 106.12)
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "vein", "card": "Crystal Vein"},
                                                         {"alias": "barbs", "card": "Manabarbs"}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "vein", "ability": 1})
    assert obj(step.game, refs, "vein").zone == "graveyard"
    assert any(e["type"] == "ability_triggered" for e in step.events)


def test_a_monocoloured_hybrid_symbol_is_paid_with_its_colour_or_two_generic() -> None:
    # CR 107.4e: {2/W} is paid with {W} or with two mana of any type (Spectral Procession)
    assert payments({"C": 6}, "{2/W}{2/W}{2/W}", 0) == [{"C": 6}]
    assert payments({"W": 3}, "{2/W}{2/W}{2/W}", 0) == [{"W": 3}]
    both = payments({"W": 1, "C": 6}, "{2/W}{2/W}{2/W}", 0)
    assert {"C": 6} in both and {"W": 1, "C": 4} in both
    assert payments({"C": 5}, "{2/W}{2/W}{2/W}", 0) == []


def test_tapping_another_creature_as_a_cost_ignores_summoning_sickness_but_needs_it_untapped() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "drum", "card": "Springleaf Drum"},
        {"alias": "elves", "card": "Llanowar Elves", "summoning_sick": True},
        {"alias": "bears", "card": "Grizzly Bears", "tapped": True}]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "elves", "ability": 0})
    assert err.value.rule == "302.6"  # the Elves' own {T}
    step = act(g, refs, {"action": "activate", "player": "a", "source": "drum", "ability": 0})
    assert step.pending is not None and step.pending.kind == "tap_cost"
    assert step.pending.options == (target(g, refs, "elves"),)  # not the tapped Bears
    step = apply(step.game, {"action": "answer", "value": (target(g, refs, "elves"),)})
    step = apply(step.game, {"action": "answer", "value": "G"})
    assert obj(step.game, refs, "elves").tapped and step.game.players[0].mana_pool.get("G") == 1


def test_mana_of_a_type_the_sacrificed_land_could_produce_is_judged_as_it_last_existed() -> None:
    # Squandered Resources (CR 106.7, 608.2h): the Pool, sacrificed, could produce what the Forest could
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "sr", "card": "Squandered Resources"}, {"alias": "pool", "card": "Reflecting Pool"},
        {"alias": "forest", "card": "Forest"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "sr", "ability": 0},
               (target(g, refs, "pool"),))
    assert step.pending is not None and step.pending.options == ("G",)  # not the Pool's "any type"
    step = apply(step.game, {"action": "answer", "value": "G"})
    assert obj(step.game, refs, "pool").zone == "graveyard"
    assert dict(step.game.players[0].mana_pool) == {"G": 1}


def test_a_phyrexian_symbol_is_paid_with_its_colour_or_two_life_if_the_player_has_it() -> None:
    # CR 107.4f, 119.4
    assert payments({"U": 1, "C": 3}, "{3}{U/P}", 0, life=20) == [
        {"C": 2, "U": 1, "life": 2}, {"C": 3, "U": 1}, {"C": 3, "life": 2}]
    assert payments({"C": 3}, "{3}{U/P}", 0, life=20) == [{"C": 3, "life": 2}]
    assert payments({"C": 3}, "{3}{U/P}", 0, life=1) == []


def test_a_hybrid_phyrexian_symbol_is_paid_with_either_colour_or_two_life() -> None:
    # CR 107.4f: {G/W/P}
    assert payments({"W": 1}, "{G/W/P}", 0, life=20) == [{"W": 1}, {"life": 2}]
    assert payments({"G": 1}, "{G/W/P}", 0, life=1) == [{"G": 1}]


def test_any_legal_payment_is_accepted_even_beyond_the_listed_options() -> None:
    # CR 601.2h: the player chooses; a pool of 15 mana pays {X}{X} with X=5 in 101 ways
    pool = {c: 3 for c in "WUBRG"}
    assert pays(pool, "{X}{X}", 5, {"W": 3, "U": 3, "R": 3, "G": 1}, 20)
    assert not pays(pool, "{X}{X}", 5, {"W": 3, "U": 3, "R": 3}, 20)  # 9: too little
    assert not pays(pool, "{X}{X}", 5, {"W": 4, "U": 3, "R": 3}, 20)  # more {W} than the pool has


def test_activating_a_mana_ability_is_an_action_so_earlier_passes_no_longer_count() -> None:
    # CR 117.3c, 117.4: a passes, b taps a Forest and passes: a gets priority again in the same step
    forest = {"alias": "forest", "card": "Forest"}
    g, refs = new_game([{"alias": "a"}, {"alias": "b", "battlefield": [forest]}], step="upkeep", turn=2)
    step = act(g, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "activate", "player": "b", "source": "forest", "ability": 0})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert step.game.step == "upkeep" and step.game.priority == 0
    assert dict(step.game.players[1].mana_pool) == {"G": 1}


@pytest.mark.parametrize(("replacer", "pool"), [("Ritual of Subdual", {"C": 2}), ("Contamination", {"B": 1})])
def test_a_mana_type_replacement_keeps_the_amount_only_if_it_says_so(replacer: str,
                                                                     pool: dict[str, int]) -> None:
    # Ritual of Subdual's ruling: {G}{W} becomes {C}{C}; Contamination: "{B} instead of any other type
    # and amount"
    lands = [{"alias": "r", "card": replacer}, {"alias": "s", "card": "Selesnya Sanctuary"}]
    g, refs = new_game([{"alias": "a", "battlefield": lands}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "s", "ability": 0})
    assert dict(step.game.players[0].mana_pool) == pool


def test_a_static_ability_can_give_lands_a_mana_ability_they_keep_their_own() -> None:
    # Chromatic Lantern (layer 6, CR 613.1f): the Forest could now produce any colour (106.7)
    lands = [{"alias": "lantern", "card": "Chromatic Lantern"}, {"alias": "forest", "card": "Forest"}]
    g, refs = new_game([{"alias": "a", "battlefield": lands}, {"alias": "b"}])
    assert could_produce(g, refs.by_alias["forest"]) == {"W", "U", "B", "R", "G"}
    step = act(g, refs, {"action": "activate", "player": "a", "source": "forest", "ability": 0})
    assert dict(step.game.players[0].mana_pool) == {"G": 1}  # its own ability is still there


@pytest.mark.parametrize(("land", "pool"), [("Forest", {"G": 1}), ("Selesnya Sanctuary", {"C": 1})])
def test_a_mana_replacement_may_need_two_or_more_mana(land: str, pool: dict[str, int]) -> None:
    # Damping Sphere: "If a land is tapped for two or more mana, it produces {C} instead"
    lands = [{"alias": "sphere", "card": "Damping Sphere"}, {"alias": "land", "card": land}]
    g, refs = new_game([{"alias": "a", "battlefield": lands}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "land", "ability": 0})
    assert dict(step.game.players[0].mana_pool) == pool


def test_several_mana_of_any_colors_is_one_production_event() -> None:
    # CR 106.12b: "Add two mana in any combination of colors" under Damping Sphere is one event of two
    prism = card("Prism Land", "Land", [{"kind": "activated", "cost": {"tap": True},
                                          "effects": [{"do": "add_mana_any_color", "amount": 2}]}])
    lands = [{"alias": "sphere", "card": "Damping Sphere"}, {"alias": "prism", "card": "Prism Land"}]
    g, refs = new_game([{"alias": "a", "battlefield": lands}, {"alias": "b"}], extra=[prism])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "prism", "ability": 0}, "W", "U")
    assert dict(step.game.players[0].mana_pool) == {"C": 1}
    assert could_produce(g, refs.by_alias["prism"]) == {"C"}  # CR 106.7: replacements included


def test_a_trigger_on_a_land_sacrificed_for_mana_finds_no_land_to_return() -> None:
    # Storm Cauldron: "return it to its owner's hand" - the sacrificed Crystal Vein is a new object (400.7)
    lands = [{"alias": "cauldron", "card": "Storm Cauldron"}, {"alias": "vein", "card": "Crystal Vein"}]
    g, refs = new_game([{"alias": "a", "battlefield": lands}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "vein", "ability": 1})
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "vein").zone == "graveyard"


def test_a_color_chosen_as_a_permanent_enters_is_the_mana_it_adds_and_could_produce() -> None:
    # Coldsteel Heart: "This artifact enters tapped. As this artifact enters, choose a color. {T}: Add one
    # mana of the chosen color." (CR 614.1c, 614.12; order of the two effects doesn't matter, not asked)
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 2},
                         "hand": [{"alias": "heart", "card": "Coldsteel Heart"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "heart"})
    step = act(step.game, refs, {"action": "resolve"}, "U")
    heart = obj(step.game, refs, "heart")
    assert heart.tapped and heart.chosen_color == "U"
    assert could_produce(step.game, heart.id) == {"U"}
    assert {"type": "color_chosen", "object": heart.id, "color": "U"} in step.events


def test_an_aura_adds_an_additional_mana_of_the_color_chosen_as_it_entered() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1},
                         "hand": [{"alias": "sprawl", "card": "Utopia Sprawl"}],
                         "battlefield": [{"alias": "forest", "card": "Forest"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "sprawl"}, (target(g, refs, "forest"),))
    step = act(step.game, refs, {"action": "resolve"}, "R")
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "forest", "ability": 0})
    assert step.game.players[0].mana_pool == {"G": 1, "R": 1}


def test_a_may_pay_is_offered_only_to_a_player_who_can_pay() -> None:
    # Ezuri: "you may pay {3}. If you do, proliferate twice." with no mana left: only "no" (CR 118.3)
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 2, "U": 2},
                         "hand": [{"alias": "ezuri", "card": "Ezuri, Stalker of Spheres"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "ezuri"})
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.options == (False,)


def _stoke_game(pool: dict[str, int]) -> tuple:  # type: ignore[type-arg]
    return new_game([{"alias": "a", "mana_pool": pool,
                      "hand": [{"alias": "stoke", "card": "Stoke the Flames"}],
                      "battlefield": [{"alias": "gob", "card": "Goblin Fireslinger", "summoning_sick": True},
                                      {"alias": "elf", "card": "Llanowar Elves"}]}, {"alias": "b"}])


def test_convoke_taps_summoning_sick_creatures_for_generic_or_their_color() -> None:
    # CR 702.51a; Stoke the Flames' ruling 2014-07-18: "Tapping a creature ... is simply another way to pay"
    g, refs = _stoke_game({"R": 1, "C": 1})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "stoke"}, (("player", 1),),
               ((target(g, refs, "gob"), "R"), (target(g, refs, "elf"), "generic")))
    assert obj(step.game, refs, "gob").tapped and obj(step.game, refs, "elf").tapped
    assert step.game.players[0].mana_pool == {}
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[1].life == 16


def test_convoke_cannot_pay_a_color_the_creature_does_not_have() -> None:
    g, refs = _stoke_game({"R": 2, "C": 1})
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "stoke"}, (("player", 1),),
            ((target(g, refs, "elf"), "R"),))
    assert err.value.rule == "702.51a"


def test_convoke_is_asked_even_with_one_creature_and_forced_to_none_when_it_could_pay_nothing() -> None:
    # an Ornithopter (colorless) can pay Stoke's generic mana: the player chooses; Worldsoul Colossus with
    # X=0 costs {G}{W}: nothing it could pay, so tapping none is the only answer (CR 702.51a)
    def first_decision(card: str, pool: dict[str, int], *answers: object) -> object:
        g, refs = new_game([{"alias": "a", "mana_pool": pool, "hand": [{"alias": "spell", "card": card}],
                             "battlefield": [{"alias": "orni", "card": "Ornithopter"}]}, {"alias": "b"}])
        step = act(g, refs, {"action": "cast", "player": "a", "card": "spell"}, *answers)
        assert step.pending is not None and step.pending.kind == "convoke"
        return step.pending.info.get("forced")

    assert first_decision("Stoke the Flames", {"R": 2, "C": 2}, (("player", 1),)) is None
    assert first_decision("Worldsoul Colossus", {"G": 1, "W": 1}, 0) == ((),)


HERITAGE = card("Test Heritage Druid", "Creature", [
    {"kind": "activated", "cost": {"tap_other": {"types": ["Creature"], "subtypes": ["Elf"]}, "tap_count": 3},
     "effects": [{"do": "add_mana", "mana": "{G}{G}{G}"}]}], cost="{G}", power="1", toughness="1",
    subtypes=("Elf",))


def test_a_cost_that_taps_several_creatures_may_tap_summoning_sick_ones_and_needs_enough() -> None:
    # Heritage Druid: "Tap three untapped Elves you control: Add {G}{G}{G}." - not {T}: sickness doesn't
    # matter (CR 302.6), the Druid itself may be one of them; with two Elves it can't be paid (118.3)
    elves = [{"alias": f"e{i}", "card": "Llanowar Elves", "summoning_sick": True} for i in range(2)]
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "druid", "card": "Test Heritage Druid", "summoning_sick": True}, *elves]}, {"alias": "b"}],
        extra=[HERITAGE])
    three = (target(g, refs, "druid"), target(g, refs, "e0"), target(g, refs, "e1"))
    step = act(g, refs, {"action": "activate", "player": "a", "source": "druid", "ability": 0}, three)
    assert step.game.players[0].mana_pool == {"G": 3}
    assert all(obj(step.game, refs, a).tapped for a in ("druid", "e0", "e1"))
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "druid", "ability": 0}, three[:2])
    assert err.value.rule == "118.3"


ELIXIR = card("Test Elixir", "Artifact", [{"kind": "static", "static": {
    "affects": {"types": ["Creature"], "controller": "you"}, "abilities_as_though_haste": True}}])


def test_abilities_may_be_activated_as_though_the_creature_had_haste() -> None:
    # Thousand-Year Elixir (CR 302.6): a summoning-sick Llanowar Elves may tap for mana
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "elf", "card": "Llanowar Elves", "summoning_sick": True},
        {"alias": "elixir", "card": "Test Elixir"}]}, {"alias": "b"}], extra=[ELIXIR])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "elf", "ability": 0})
    assert step.game.players[0].mana_pool == {"G": 1}


def test_mana_for_each_permanent_matching_counts_them_as_the_ability_resolves() -> None:
    # Elvish Archdruid: "{T}: Add {G} for each Elf you control." (the Archdruid counts itself)
    archdruid = card("Test Archdruid", "Creature", [{"kind": "activated", "cost": {"tap": True}, "effects": [
        {"do": "add_mana", "mana": "{G}", "amount": {"count": {"types": ["Creature"], "subtypes": ["Elf"],
                                                                "controller": "you"}}}]}],
                     power="2", toughness="2", subtypes=("Elf",))
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "arch", "card": "Test Archdruid"}, {"alias": "elf", "card": "Llanowar Elves"},
        {"alias": "bear", "card": "Grizzly Bears"}]},
        {"alias": "b", "battlefield": [{"alias": "their_elf", "card": "Llanowar Elves"}]}], extra=[archdruid])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "arch", "ability": 0})
    assert step.game.players[0].mana_pool == {"G": 2}
    assert [e["type"] for e in step.events].count("mana_added") == 1


def test_filters_for_non_subtypes_supertypes_and_mana_value() -> None:
    from engine import characteristics as ch
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "f", "card": "Forest"},
                                                       {"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    forest, bear = obj(g, refs, "f"), obj(g, refs, "bear")
    assert ch.matches(g, {"types": ["Land"], "supertypes": ["Basic"]}, forest, None, 0)
    assert not ch.matches(g, {"supertypes": ["Basic"]}, bear, None, 0)
    assert ch.matches(g, {"types": ["Creature"], "not_subtypes": ["Human"]}, bear, None, 0)
    assert not ch.matches(g, {"types": ["Creature"], "not_subtypes": ["Bear"]}, bear, None, 0)
    assert ch.matches(g, {"mana_value_at_most": 2}, bear, None, 0)
    assert not ch.matches(g, {"mana_value_at_least": 3}, bear, None, 0)
    assert not ch.matches(g, {"attacking": True}, bear, None, 0)


def test_mana_of_a_color_a_basic_land_you_control_could_produce() -> None:
    # Star Compass: "{T}: Add one mana of any color a basic land you control could produce." (CR 106.7)
    compass = card("Test Compass", "Artifact", [{"kind": "activated", "cost": {"tap": True}, "effects": [
        {"do": "add_mana_could_produce", "of": "color",
         "could_produce_of": {"types": ["Land"], "supertypes": ["Basic"], "controller": "you"}}]}])
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "c", "card": "Test Compass"}, {"alias": "f", "card": "Forest"},
        {"alias": "w", "card": "Wastes"}]},
        {"alias": "b", "battlefield": [{"alias": "i", "card": "Island"}]}], extra=[compass])
    assert could_produce(g, refs.by_alias["c"]) == {"G"}  # Wastes' {C} is no color; Bob's Island isn't hers


def test_a_land_that_would_produce_no_mana_now_could_produce_no_type() -> None:
    # CR 106.7: Gaea's Cradle ("Add {G} for each creature you control") with no creature
    cradle = card("Test Cradle", "Land", [{"kind": "activated", "cost": {"tap": True}, "effects": [
        {"do": "add_mana", "mana": "{G}",
         "amount": {"count": {"types": ["Creature"], "controller": "you"}}}]}])
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "c", "card": "Test Cradle"}]},
                        {"alias": "b"}], extra=[cradle])
    assert could_produce(g, refs.by_alias["c"]) == set()
    g2, refs2 = new_game([{"alias": "a", "battlefield": [{"alias": "c", "card": "Test Cradle"},
                                                         {"alias": "bear", "card": "Grizzly Bears"}]},
                          {"alias": "b"}], extra=[cradle])
    assert could_produce(g2, refs2.by_alias["c"]) == {"G"}


def test_a_could_produce_ability_counts_its_own_permanents_other_mana_abilities() -> None:
    # Gond Gate is itself "a Gate you control": its {T}: Add {C} counts for its own last ability (106.7)
    gate = card("Test Gate", "Land", [
        {"kind": "activated", "cost": {"tap": True}, "effects": [{"do": "add_mana", "mana": "{C}"}]},
        {"kind": "activated", "cost": {"tap": True}, "effects": [
            {"do": "add_mana_could_produce",
             "could_produce_of": {"subtypes": ["Gate"], "controller": "you"}}]}],
        subtypes=("Gate",))
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "g", "card": "Test Gate"}]},
                        {"alias": "b"}], extra=[gate])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "g", "ability": 1})
    assert step.pending is not None and step.pending.options == ("C",)


def test_mana_of_one_of_two_colors_could_produce_just_those() -> None:
    # "{T}: Add {G} or {W}." (Selesnya Guildgate): one choice among the two (CR 106.7)
    gate = card("Test Guildgate", "Land", [{"kind": "activated", "cost": {"tap": True},
                                            "effects": [{"do": "add_mana_any_color", "among": "{G}{W}"}]}])
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "g", "card": "Test Guildgate"}]},
                        {"alias": "b"}], extra=[gate])
    assert could_produce(g, refs.by_alias["g"]) == {"G", "W"}
    step = act(g, refs, {"action": "activate", "player": "a", "source": "g", "ability": 0})
    assert step.pending is not None and set(step.pending.options) == {"G", "W"}


def test_could_produce_rechecks_which_replacements_apply_after_each_one() -> None:
    # CR 616.1e-f, 106.7 (Damping Sphere's ruling 2018-04-27): a Forest under Mana Reflection and Damping
    # Sphere: Reflection makes {G}{G}, then Damping Sphere applies: it could produce only {C}
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "f", "card": "Forest"}, {"alias": "mr", "card": "Mana Reflection"},
        {"alias": "ds", "card": "Damping Sphere"}]}, {"alias": "b"}])
    assert could_produce(g, refs.by_alias["f"]) == {"C"}
