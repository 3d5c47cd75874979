"""Counters (CR 122), their replacement effects (CR 614, 616) and 704.5q."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, card, new_game, obj, target

from engine import IllegalAction, apply
from engine import characteristics as ch


def _plan_game(battlefield: list[dict]) -> tuple:  # type: ignore[type-arg]
    return new_game([{"alias": "a", "mana_pool": {"U": 2}, "battlefield": battlefield,
                      "hand": [{"alias": "plan", "card": "Contentious Plan"}],
                      "library": [{"alias": "top", "card": "Forest"}]}, {"alias": "b"}])


def test_proliferate_adds_one_of_each_kind_to_chosen_objects_only() -> None:
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1, "flying": 1}},
                          {"alias": "y", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert dict(obj(step.game, refs, "x").counters) == {"+1/+1": 2, "flying": 2}
    assert dict(obj(step.game, refs, "y").counters) == {"+1/+1": 1}


def test_two_counter_modifiers_ask_the_affected_controller_for_the_order() -> None:
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                          {"alias": "scales", "card": "Hardened Scales"},
                          {"alias": "menace", "card": "Corpsejack Menace"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert step.pending is not None and step.pending.kind == "replacement_effect"
    assert step.pending.player == 0
    by_source = {o.source: o for o in step.pending.options}
    plus_then_double = apply(step.game, {"action": "answer", "value": by_source[refs.by_alias["scales"]]})
    double_then_plus = apply(step.game, {"action": "answer", "value": by_source[refs.by_alias["menace"]]})
    assert obj(plus_then_double.game, refs, "x").counters["+1/+1"] == 1 + (1 + 1) * 2
    assert obj(double_then_plus.game, refs, "x").counters["+1/+1"] == 1 + 1 * 2 + 1


def test_plus_one_and_minus_one_counters_annihilate() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 2}, "battlefield": [
        {"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 2, "-1/-1": 1}}],
        "hand": [{"alias": "plan", "card": "Contentious Plan"}],
        "library": [{"alias": "top", "card": "Forest"}]},
        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    assert dict(obj(step.game, refs, "x").counters) == {"+1/+1": 1}  # 704.5q before priority


def test_enters_with_counters_are_put_by_the_controller_and_modified() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"W": 1, "C": 2}, "battlefield": [
        {"alias": "scales", "card": "Hardened Scales"}],
        "hand": [{"alias": "pm", "card": "Patrolling Peacemaker"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "pm"})
    step = act(step.game, refs, {"action": "resolve"})
    assert dict(obj(step.game, refs, "pm").counters) == {"+1/+1": 3}
    put = [e for e in step.events if e["type"] == "counters_put"]
    assert put and put[0]["by"] == 0 and put[0].get("entering") is True


@pytest.mark.parametrize(("n", "granted"), [(3, []), (4, ["Menace", "Lifelink"])])
def test_a_static_ability_applies_only_as_long_as_its_condition_holds(n: int, granted: list[str]) -> None:
    # Vadmir: "As long as Vadmir has four or more +1/+1 counters on it, it has menace and lifelink" (611.3a)
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "vadmir", "card": "Vadmir, New Blood", "counters": {"+1/+1": n}},
        {"alias": "bear", "card": "Grizzly Bears", "counters": {"+1/+1": 4}}]}, {"alias": "b"}])
    assert ch.keywords(g, obj(g, refs, "vadmir")) == granted
    assert ch.keywords(g, obj(g, refs, "bear")) == []  # "it": Vadmir itself, not other creatures


def test_counters_put_to_pay_a_cost_are_not_replaced_by_if_an_effect_would_put() -> None:
    # Doubling Season (ruling 2020-08-07): the +1 loyalty cost is not doubled (CR 606.4 is a cost)
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "viv", "card": "Vivien, Arkbow Ranger", "counters": {"loyalty": 4}},
        {"alias": "season", "card": "Doubling Season"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "viv", "ability": 0}, ())
    assert obj(step.game, refs, "viv").counters["loyalty"] == 5


def test_doubling_season_applies_to_a_cost_pir_has_modified_cr_614_16() -> None:
    # CR 614.16: "if an effect would put" also applies once another replacement effect puts the
    # counters; only Pir applies to the +1 cost itself (no order asked), then Doubling Season: (1 + 1) x 2
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "viv", "card": "Vivien, Arkbow Ranger", "counters": {"loyalty": 4}},
        {"alias": "pir", "card": "Pir, Imaginative Rascal"},
        {"alias": "season", "card": "Doubling Season"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "viv", "ability": 0}, ())
    assert step.pending is None
    assert obj(step.game, refs, "viv").counters["loyalty"] == 4 + 4


def test_doubling_one_kind_of_counter_leaves_the_other_kinds() -> None:
    # Biogenic Upgrade doubles +1/+1 counters only (CR 701.10e)
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 6},
                         "hand": [{"alias": "up", "card": "Biogenic Upgrade"}],
                         "battlefield": [{"alias": "bear", "card": "Grizzly Bears",
                                          "counters": {"+1/+1": 1, "flying": 1}}]}, {"alias": "b"}])
    t = target(g, refs, "bear")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "up"}, (t,), ((t, 3),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "bear").counters == {"+1/+1": 8, "flying": 1}  # (1 + 3) x 2


def test_a_triggered_distribute_asks_the_division_as_it_is_put_on_the_stack() -> None:
    # CR 603.3d: the division of Verdurous Gearhulk's trigger is announced with its targets (601.2d)
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 5},
                         "hand": [{"alias": "hulk", "card": "Verdurous Gearhulk"}],
                         "battlefield": [{"alias": "x", "card": "Grizzly Bears"},
                                         {"alias": "y", "card": "Grizzly Bears"}]}, {"alias": "b"}])
    tx, ty = target(g, refs, "x"), target(g, refs, "y")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "hulk"})
    step = act(step.game, refs, {"action": "resolve"}, (tx, ty))
    assert step.pending is not None and step.pending.kind == "distribute"
    step = apply(step.game, {"action": "answer", "value": ((tx, 3), (ty, 1))})
    assert step.game.stack[-1].distribution == ((tx, 3), (ty, 1))
    step = act(step.game, refs, {"action": "resolve"})
    counters = (obj(step.game, refs, "x").counters, obj(step.game, refs, "y").counters)
    assert counters == ({"+1/+1": 3}, {"+1/+1": 1})


def test_a_may_distribute_trigger_announces_its_division_with_its_targets() -> None:
    # CR 601.2d, 603.3d, 608.2d: Jugan's "you may distribute five +1/+1 counters among any number of target
    # creatures": the division is announced as the trigger is put on the stack, the "may" on resolution
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "jugan", "card": "Jugan, the Rising Star"},
                                                       {"alias": "x", "card": "Grizzly Bears"},
                                                       {"alias": "y", "card": "Grizzly Bears"}]},
                        {"alias": "b", "mana_pool": {"B": 2, "C": 1},
                         "hand": [{"alias": "m", "card": "Murder"}]}],
                       active_player="b")
    tx, ty = target(g, refs, "x"), target(g, refs, "y")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "m"}, (target(g, refs, "jugan"),))
    step = act(step.game, refs, {"action": "resolve"}, (tx, ty))
    assert step.pending is not None and step.pending.kind == "distribute"
    step = apply(step.game, {"action": "answer", "value": ((tx, 4), (ty, 1))})
    assert step.game.stack[-1].distribution == ((tx, 4), (ty, 1))
    step = act(step.game, refs, {"action": "resolve"}, True)
    counters = (obj(step.game, refs, "x").counters, obj(step.game, refs, "y").counters)
    assert counters == ({"+1/+1": 4}, {"+1/+1": 1})


def test_a_static_filtering_on_a_keyword_does_not_recurse() -> None:
    # Stalwart Shield-Bearers: "Other creatures you control with defender get +0/+2"
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "sb", "card": "Stalwart Shield-Bearers"},
                                                       {"alias": "wall", "card": "Wall of Wood"},
                                                       {"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    assert ch.keywords(g, obj(g, refs, "wall")) == ["Defender"]
    assert ch.toughness(g, obj(g, refs, "wall")) == 5  # 0/3 with defender: +0/+2
    assert ch.toughness(g, obj(g, refs, "bear")) == 2  # no defender


PATRON = {"kind": "triggered", "effects": [{"do": "gain_life", "player": "you", "amount": 1}],
          "trigger": {"on": "counters_put", "by": "you",
                      "what": {"types": ["Creature"], "controller": "opponent"}}}


def _patron_triggers(proliferator: str) -> int:
    """How many 'whenever you put one or more counters on a creature you don't control' triggers
    (Generous Patron) a's watcher gets when ``proliferator`` proliferates b's bear (two kinds)."""
    watcher = card("Patron Watcher", "Enchantment", [PATRON])
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 2},
                         "battlefield": [{"alias": "w", "card": "Patron Watcher"}],
                         "hand": [{"alias": "plan_a", "card": "Contentious Plan"}],
                         "library": [{"alias": "top_a", "card": "Forest"}]},
                        {"alias": "b", "mana_pool": {"U": 2},
                         "battlefield": [{"alias": "x", "card": "Grizzly Bears",
                                          "counters": {"+1/+1": 1, "flying": 1}}],
                         "hand": [{"alias": "plan_b", "card": "Contentious Plan"}],
                         "library": [{"alias": "top_b", "card": "Forest"}]}],
                       extra=[watcher], active_player=proliferator)
    step = act(g, refs, {"action": "cast", "player": proliferator, "card": f"plan_{proliferator}"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert dict(obj(step.game, refs, "x").counters) == {"+1/+1": 2, "flying": 2}
    return sum(1 for item in step.game.stack if item.source == refs.by_alias["w"])


def test_a_one_or_more_counters_trigger_fires_once_for_several_kinds_put_at_once() -> None:
    assert _patron_triggers("a") == 1  # CR 603.2c; Generous Patron ruling 2018-06-08


def test_a_whenever_you_put_counters_trigger_ignores_counters_an_opponent_puts() -> None:
    assert _patron_triggers("b") == 0  # b put them (CR 701.34a, 122.6a)


def _enter_under_tromell(entering: str, cost: dict[str, int], *others: str) -> Any:
    g, refs = new_game([{"alias": "a", "mana_pool": cost, "hand": [{"alias": "new", "card": entering}],
                         "battlefield": [{"alias": "tromell", "card": "Tromell, Seymour's Butler"},
                                         *({"alias": f"o{i}", "card": c} for i, c in enumerate(others))]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "new"})
    step = act(step.game, refs, {"action": "resolve"})
    return step, refs


def test_an_other_permanents_enters_with_effect_gives_an_entering_creature_a_counter() -> None:
    step, refs = _enter_under_tromell("Grizzly Bears", {"G": 2})  # CR 614.1d, 614.12
    assert dict(obj(step.game, refs, "new").counters) == {"+1/+1": 1}


def test_an_entering_permanents_general_counter_effect_does_not_apply_to_itself() -> None:
    step, refs = _enter_under_tromell("Conclave Mentor", {"G": 1, "W": 1})  # Conclave Mentor ruling
    assert dict(obj(step.game, refs, "new").counters) == {"+1/+1": 1}


def test_an_entering_permanents_effect_on_itself_alone_applies_as_it_enters() -> None:
    step, refs = _enter_under_tromell("Mowu, Loyal Companion", {"G": 4})  # Mowu ruling, CR 614.12
    assert dict(obj(step.game, refs, "new").counters) == {"+1/+1": 2}


def test_the_counters_a_permanent_enters_with_are_one_event_for_a_plus_one_effect() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 2},
                         "hand": [{"alias": "new", "card": "Walking Ballista"}],
                         "battlefield": [{"alias": "tromell", "card": "Tromell, Seymour's Butler"},
                                         {"alias": "scales", "card": "Hardened Scales"}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "new"}, 1)  # X = 1
    step = act(step.game, refs, {"action": "resolve"})
    while step.pending is not None:  # the order of the replacement effects doesn't change the result here
        step = apply(step.game, {"action": "answer", "value": step.pending.options[0]})
    assert dict(obj(step.game, refs, "new").counters) == {"+1/+1": 3}  # 1 + 1 (Tromell) + 1 (Scales, once)


@pytest.mark.parametrize(("who", "added"), [("a", 0), ("b", 2)])
def test_a_replacement_can_depend_on_who_puts_the_counters(who: str, added: int) -> None:
    # Vorinclex, Monstrous Raider (b's): a player's own counters twice, an opponent's half, rounded down
    def player(alias: str) -> dict[str, Any]:
        return {"alias": alias, "mana_pool": {"U": 2},
                "hand": [{"alias": f"plan_{alias}", "card": "Contentious Plan"}],
                "library": [{"alias": f"top_{alias}", "card": "Forest"}]}
    bear = {"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}
    vorinclex = {"alias": "vor", "card": "Vorinclex, Monstrous Raider"}
    g, refs = new_game([{**player("a"), "battlefield": [bear]}, {**player("b"), "battlefield": [vorinclex]}],
                       active_player=who)
    step = act(g, refs, {"action": "cast", "player": who, "card": f"plan_{who}"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert obj(step.game, refs, "x").counters.get("+1/+1", 0) == 1 + added


def test_removing_all_counters_removes_every_kind_and_zero_loyalty_is_a_state_based_action() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "hex", "card": "Vampire Hexmage"}]},
                        {"alias": "b", "battlefield": [{"alias": "viv", "card": "Vivien, Arkbow Ranger",
                                                        "counters": {"loyalty": 5, "+1/+1": 1}}]}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "hex", "ability": 0},
               (target(g, refs, "viv"),))
    step = act(step.game, refs, {"action": "resolve"})
    removed = {e["counter"]: e["amount"] for e in step.events if e["type"] == "counters_removed"}
    assert removed == {"loyalty": 5, "+1/+1": 1}
    assert obj(step.game, refs, "viv").zone == "graveyard"  # CR 704.5i


@pytest.mark.parametrize(("counters", "triggers"), [({"flying": 1}, 0), ({"flying": 1, "+1/+1": 1}, 1)])
def test_a_one_or_more_counters_of_a_kind_trigger_needs_that_kind(counters: dict[str, int],
                                                                   triggers: int) -> None:
    # Enduring Scalelord: "whenever one or more +1/+1 counters are put on ..."
    watcher = card("Kind Watcher", "Enchantment", [{
        "kind": "triggered", "effects": [{"do": "gain_life", "player": "you", "amount": 1}],
        "trigger": {"on": "counters_put", "counter": "+1/+1", "what": {"types": ["Creature"]}}}])
    plan = {"alias": "plan", "card": "Contentious Plan"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 2}, "hand": [plan],
                         "library": [{"alias": "top", "card": "Forest"}],
                         "battlefield": [{"alias": "w", "card": "Kind Watcher"},
                                         {"alias": "x", "card": "Grizzly Bears", "counters": counters}]},
                        {"alias": "b"}], extra=[watcher])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert sum(1 for item in step.game.stack if item.source == refs.by_alias["w"]) == triggers


@pytest.mark.parametrize(("counters", "moved"), [({"+1/+1": 1}, True), ({"-1/-1": 1}, False), ({}, False)])
def test_moving_a_counter_of_a_kind_the_object_lacks_does_nothing(counters: dict[str, int],
                                                                  moved: bool) -> None:
    # CR 122.5 (Combine Guildmage's ruling): Daghatar moves a +1/+1 counter only if there is one
    mover = card("Mover", "Sorcery", [{"kind": "spell", "targets": [{"filter": {"types": ["Creature"]}},
                                                                    {"filter": {"types": ["Creature"]},
                                                                     "distinct_from": 0}],
                                       "effects": [{"do": "move_counter", "from": {"target": 0},
                                                    "to": {"target": 1}, "counter": "+1/+1"}]}])
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "m", "card": "Mover"}],
                         "battlefield": [{"alias": "x", "card": "Grizzly Bears", "counters": counters},
                                         {"alias": "y", "card": "Grizzly Bears"}]}, {"alias": "b"}],
                       extra=[mover])
    chosen = (target(g, refs, "x"), target(g, refs, "y"))
    step = act(g, refs, {"action": "cast", "player": "a", "card": "m"}, chosen)
    step = act(step.game, refs, {"action": "resolve"})
    assert dict(obj(step.game, refs, "y").counters) == ({"+1/+1": 1} if moved else {})
    assert dict(obj(step.game, refs, "x").counters) == ({} if moved else counters)


def test_a_whenever_a_counter_is_put_trigger_fires_once_per_counter() -> None:
    # Bloodcrazed Hoplite's ruling: two +1/+1 counters put at once, two triggers
    watcher = card("Per Counter", "Enchantment", [{
        "kind": "triggered", "effects": [{"do": "gain_life", "player": "you", "amount": 1}],
        "trigger": {"on": "counters_put", "counter": "+1/+1", "each_counter": True,
                    "what": {"types": ["Creature"]}}}])
    battlefield = [{"alias": "w", "card": "Per Counter"},
                   {"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                   {"alias": "scales", "card": "Hardened Scales"}]
    hand = [{"alias": "plan", "card": "Contentious Plan"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 2}, "hand": hand,
                         "library": [{"alias": "top", "card": "Forest"}], "battlefield": battlefield},
                        {"alias": "b"}], extra=[watcher])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert step.pending is not None and step.pending.kind == "trigger_order"
    assert len(step.pending.options) == 2


def test_a_cant_effect_stops_counters_after_replacement_effects_modified_them() -> None:
    # Solemnity (CR 101.2; its rulings 2017-07-14): the creature and the player get nothing, even with
    # Hardened Scales; a planeswalker isn't listed and still gets its loyalty counter
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                          {"alias": "pw", "card": "Vivien, Arkbow Ranger", "counters": {"loyalty": 4}},
                          {"alias": "scales", "card": "Hardened Scales"},
                          {"alias": "sol", "card": "Solemnity"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"},
               (target(step.game, refs, "x"), target(step.game, refs, "pw")))
    assert dict(obj(step.game, refs, "x").counters) == {"+1/+1": 1}  # not removed either
    assert dict(obj(step.game, refs, "pw").counters) == {"loyalty": 5}
    assert not any(e["type"] == "counters_put" and e.get("object") == refs.by_alias["x"] for e in step.events)


def test_a_cant_effect_on_one_kind_lets_other_kinds_be_put() -> None:
    # Melira: "Creatures you control can't have -1/-1 counters put on them"; +1/+1 counters still are
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1, "-1/-1": 0}},
                          {"alias": "melira", "card": "Melira, Sylvok Outcast"}])
    assert ch.can_get_counter(g, ("object", refs.by_alias["x"]), "+1/+1")
    assert not ch.can_get_counter(g, ("object", refs.by_alias["x"]), "-1/-1")
    assert not ch.can_get_counter(g, ("player", 0), "poison")
    assert ch.can_get_counter(g, ("player", 1), "poison")  # "you": only Melira's controller


def test_proliferate_twice_instead_asks_each_proliferation_after_the_last_and_triggers_twice() -> None:
    # Tekuthal: "If you would proliferate, proliferate twice instead" (CR 614.1a); Ezuri: "Whenever you
    # proliferate, draw a card" triggers for each (CR 701.34a)
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                          {"alias": "tek", "card": "Tekuthal, Inquiry Dominus"},
                          {"alias": "ezuri", "card": "Ezuri, Stalker of Spheres"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert step.pending is not None and step.pending.kind == "proliferate"  # the second one
    step = apply(step.game, {"action": "answer", "value": ()})
    assert step.pending is not None and step.pending.kind == "trigger_order"  # two Ezuri triggers
    step = apply(step.game, {"action": "answer", "value": step.pending.options})
    assert obj(step.game, refs, "x").counters["+1/+1"] == 2
    assert [e["type"] for e in step.events].count("proliferated") == 2
    assert len(step.game.stack) == 2


def test_proliferate_twice_applies_only_to_its_controllers_proliferating() -> None:
    g2, refs2 = new_game([{"alias": "a", "mana_pool": {"U": 2},
                           "hand": [{"alias": "plan", "card": "Contentious Plan"}],
                           "battlefield": [{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}],
                           "library": [{"alias": "top", "card": "Forest"}]},
                          {"alias": "b",
                           "battlefield": [{"alias": "tek", "card": "Tekuthal, Inquiry Dominus"}]}])
    step = act(g2, refs2, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs2, {"action": "resolve"}, (target(step.game, refs2, "x"),))
    assert step.pending is None and obj(step.game, refs2, "x").counters["+1/+1"] == 2


def test_a_counter_that_cant_be_put_is_not_moved_and_not_removed() -> None:
    # CR 122.5: "If either of these actions isn't possible ... no counter is removed from or put onto
    # anything" (Weapon Rack's ruling 2019-10-04: under Solemnity, Weapon Rack keeps its counter)
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1}, "battlefield": [
        {"alias": "rack", "card": "Weapon Rack", "counters": {"+1/+1": 3}},
        {"alias": "bear", "card": "Grizzly Bears"}, {"alias": "sol", "card": "Solemnity"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "rack", "ability": 0},
               (target(g, refs, "bear"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert dict(obj(step.game, refs, "rack").counters) == {"+1/+1": 3}
    assert dict(obj(step.game, refs, "bear").counters) == {}


def test_counters_that_cant_be_put_are_not_modified_by_replacement_effects() -> None:
    # CR 614.17c: an event that can't happen can't be modified: no order to choose between two effects
    g, refs = _plan_game([{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                          {"alias": "scales", "card": "Hardened Scales"},
                          {"alias": "season", "card": "Doubling Season"},
                          {"alias": "sol", "card": "Solemnity"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "plan"})
    step = act(step.game, refs, {"action": "resolve"}, (target(step.game, refs, "x"),))
    assert step.pending is None and dict(obj(step.game, refs, "x").counters) == {"+1/+1": 1}


def _druid_game(*others: str) -> tuple:  # type: ignore[type-arg]
    druid = {"alias": "druid", "card": "Devoted Druid", "tapped": True}
    rest = [{"alias": f"o{i}", "card": c} for i, c in enumerate(others)]
    return new_game([{"alias": "a", "battlefield": [druid, *rest]}, {"alias": "b"}])


@pytest.mark.parametrize(("others", "counters"), [((), {"-1/-1": 1}), (("Vizier of Remedies",), {})])
def test_a_cost_that_puts_counters_is_modified_by_replacement_effects(others: tuple[str, ...],
                                                                      counters: dict[str, int]) -> None:
    # Devoted Druid's ruling 2018-12-07: with Vizier of Remedies no counter is put, and it still untaps
    g, refs = _druid_game(*others)
    step = act(g, refs, {"action": "activate", "player": "a", "source": "druid", "ability": 1})
    assert dict(obj(step.game, refs, "druid").counters) == counters  # paid at activation (601.2h)
    step = act(step.game, refs, {"action": "resolve"})
    assert not obj(step.game, refs, "druid").tapped


def test_a_cost_that_puts_counters_that_cant_be_put_cant_be_paid() -> None:
    # CR 614.17b; Devoted Druid's ruling: under Solemnity its second ability can't be activated
    g, refs = _druid_game("Melira, Sylvok Outcast")
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "druid", "ability": 1})
    assert err.value.rule == "614.17b"


def test_a_creature_leaving_gives_the_ozolith_the_counters_it_had_and_they_move_on_at_combat() -> None:
    # The Ozolith's rulings 2020-04-17: it puts counters of each kind the creature had (as it last existed,
    # CR 603.10a); at the beginning of combat "you may move all counters" onto target creature
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 3}, "hand": [{"alias": "murder", "card": "Murder"}],
                         "battlefield": [{"alias": "oz", "card": "The Ozolith"},
                                         {"alias": "x", "card": "Grizzly Bears",
                                          "counters": {"+1/+1": 2, "flying": 1}},
                                         {"alias": "y", "card": "Grizzly Bears"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "murder"}, (target(g, refs, "x"),))
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "resolve"})  # the Ozolith's trigger
    assert dict(obj(step.game, refs, "oz").counters) == {"+1/+1": 2, "flying": 1}
    step = act(step.game, refs, {"action": "advance", "step": "beginning_of_combat"},
               (target(step.game, refs, "y"),))
    step = act(step.game, refs, {"action": "resolve"}, True)
    assert dict(obj(step.game, refs, "oz").counters) == {}
    assert dict(obj(step.game, refs, "y").counters) == {"+1/+1": 2, "flying": 1}


def test_a_creature_without_counters_leaving_does_not_trigger_the_ozolith() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 3}, "hand": [{"alias": "murder", "card": "Murder"}],
                         "battlefield": [{"alias": "oz", "card": "The Ozolith"},
                                         {"alias": "x", "card": "Grizzly Bears"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "murder"}, (target(g, refs, "x"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.stack == () and step.game.pending_triggers == ()


def test_a_this_turn_enters_with_effect_from_a_resolved_ability_applies_until_cleanup() -> None:
    # Combine Guildmage (ruling 2019-01-25): a creature that would enter with no counters gets one; the
    # effect is a replacement effect from a resolved ability and ends in the cleanup step (CR 514.2)
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 4},
                         "hand": [{"alias": "bear", "card": "Grizzly Bears"}],
                         "battlefield": [{"alias": "guild", "card": "Combine Guildmage"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "guild", "ability": 0})
    step = act(step.game, refs, {"action": "resolve"})
    assert len(step.game.turn_effects) == 1
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "bear"})
    step = act(step.game, refs, {"action": "resolve"})
    assert dict(obj(step.game, refs, "bear").counters) == {"+1/+1": 1}
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})  # the next turn
    assert step.game.turn_effects == () and step.game.turn == 2


def test_evolve_puts_a_counter_when_a_bigger_creature_enters_and_not_for_a_smaller_one() -> None:
    # CR 702.100a, with Hardened Scales the evolve counter is two
    evolver = card("Test Evolver", "Creature", [{"kind": "keyword", "keyword": "Evolve"}], power="1",
                   toughness="1")
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 4}, "hand": [
        {"alias": "bear", "card": "Grizzly Bears"}, {"alias": "elf", "card": "Llanowar Elves"}],
        "battlefield": [{"alias": "ev", "card": "Test Evolver"},
                        {"alias": "scales", "card": "Hardened Scales"}]},
        {"alias": "b"}], extra=[evolver])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "bear"})
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "resolve"})  # the evolve trigger
    assert dict(obj(step.game, refs, "ev").counters) == {"+1/+1": 2}  # 3/3 now
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "elf"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.stack == ()  # a 1/1 entering: no trigger


def test_toxic_combat_damage_gives_poison_counters_in_addition() -> None:
    # CR 702.164c: 2 damage and 1 poison counter
    toxic = card("Test Toxic", "Creature", [{"kind": "keyword", "keyword": "Toxic", "n": 1}], power="2",
                 toughness="2")
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "t", "card": "Test Toxic"}]},
                        {"alias": "b"}], extra=[toxic])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["t"], ("player", 1))]})
    step = act(step.game, refs, {"action": "advance", "step": "end_of_combat"})
    assert step.game.players[1].life == 18 and step.game.players[1].counters == {"poison": 1}
