"""Costs: X in costs that remove counters (CR 107.3a, 118.3, 606.6), additional costs of spells (118.8,
601.2f-h) and costs to attack (508.1g-j)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, new_game, obj, target

from engine import IllegalAction
from engine import characteristics as ch
from engine.state import Game


def _marath(counters: int, pool: dict[str, int]) -> tuple[Game, Any]:
    return new_game([{"alias": "a", "mana_pool": pool, "battlefield": [
        {"alias": "marath", "card": "Marath, Will of the Wild", "counters": {"+1/+1": counters}}]},
        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])


def test_remove_x_counters_removes_the_announced_x() -> None:
    g, refs = _marath(3, {"G": 2})
    step = act(g, refs, {"action": "activate", "player": "a", "source": "marath", "ability": 0},
               [1], 2, [target(g, refs, "bears")])
    assert obj(step.game, refs, "marath").counters == {"+1/+1": 1}
    assert step.game.players[0].mana_pool == {}


def test_x_can_not_be_more_than_the_counters_there_are() -> None:
    g, refs = _marath(2, {"G": 3})
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "marath", "ability": 0},
            [1], 3, [target(g, refs, "bears")])
    assert err.value.rule == "118.3"


def test_x_cant_be_0_is_refused() -> None:
    g, refs = _marath(2, {"G": 3})
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "marath", "ability": 0}, [1], 0)
    assert err.value.rule == "107.3a"


def test_minus_x_loyalty_up_to_the_loyalty_there_is() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "chandra", "card": "Chandra Nalaar", "counters": {"loyalty": 6}}]},
        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "chandra", "ability": 1}, 7,
            [target(g, refs, "bears")])
    assert err.value.rule == "606.6"
    step = act(g, refs, {"action": "activate", "player": "a", "source": "chandra", "ability": 1}, 0,
               [target(g, refs, "bears")])
    assert obj(step.game, refs, "chandra").counters == {"loyalty": 6}


def test_a_spell_with_a_sacrifice_cost_needs_something_to_sacrifice() -> None:
    rites = {"alias": "rites", "card": "Village Rites"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 1}, "hand": [rites]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "rites"})
    assert err.value.rule == "118.3"


def test_fling_uses_the_sacrificed_creatures_last_known_power() -> None:
    bears = {"alias": "bears", "card": "Grizzly Bears", "counters": {"+1/+1": 2}}
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 2}, "hand": [{"alias": "fling", "card": "Fling"}],
                         "battlefield": [bears]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fling"}, [target(g, refs, "b")],
               [target(g, refs, "bears")])
    assert obj(step.game, refs, "bears").zone == "graveyard"
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.players[1].life == 16


def _attack(prison: str, pool_lands: int, life: int = 20) -> tuple[Game, Any]:
    lands = [{"alias": f"plains{i}", "card": "Plains"} for i in range(pool_lands)]
    g, refs = new_game([{"alias": "a", "life": life, "battlefield": [
        {"alias": "bears", "card": "Grizzly Bears"}, *lands]},
        {"alias": "b", "battlefield": [{"alias": "prison", "card": prison}]}], step="beginning_of_combat")
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    return step.game, refs


def test_a_cost_to_attack_that_cant_be_paid_makes_the_declaration_illegal() -> None:
    g, refs = _attack("Ghostly Prison", 1)
    step = act(g, refs, {"action": "activate", "player": "a", "source": "plains0", "ability": 0})
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "declare_attackers", "player": "a",
                              "attackers": [(refs.by_alias["bears"], target(g, refs, "b"))]})
    assert err.value.rule == "508.1h"


def test_mana_abilities_while_declaring_attackers_pay_the_cost_to_attack() -> None:
    g, refs = _attack("Ghostly Prison", 2)
    for land in ("plains0", "plains1"):
        g = act(g, refs, {"action": "activate", "player": "a", "source": land, "ability": 0}).game
    step = act(g, refs, {"action": "declare_attackers", "player": "a",
                         "attackers": [(refs.by_alias["bears"], target(g, refs, "b"))]})
    assert step.game.players[0].mana_pool == {}
    assert [a.attacker for a in step.game.attacks] == [refs.by_alias["bears"]]


def test_only_mana_abilities_while_declaring_attackers() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "chandra", "card": "Chandra Nalaar", "counters": {"loyalty": 6}}]}, {"alias": "b"}],
        step="beginning_of_combat")
    g = act(g, refs, {"action": "advance", "step": "declare_attackers"}).game
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "chandra", "ability": 0})
    assert err.value.rule == "508.1"


def test_phyrexian_cost_to_attack_paid_with_life() -> None:
    g, refs = _attack("Norn's Annex", 0)
    step = act(g, refs, {"action": "declare_attackers", "player": "a",
                         "attackers": [(refs.by_alias["bears"], target(g, refs, "b"))]})
    assert step.game.players[0].life == 18
    g, refs = _attack("Norn's Annex", 0, life=1)
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "declare_attackers", "player": "a",
                      "attackers": [(refs.by_alias["bears"], target(g, refs, "b"))]})
    assert err.value.rule == "508.1h"


def _skyknight(*others: dict[str, Any]) -> tuple[Game, Any]:
    knight = {"alias": "knight", "card": "Coalition Skyknight"}
    g, refs = new_game([{"alias": "a", "battlefield": [knight, *others]}, {"alias": "b"}])
    return act(g, refs, {"action": "advance", "step": "declare_attackers"}).game, refs


def test_enlist_taps_a_nonattacking_creature_and_its_trigger_adds_its_power() -> None:
    g, refs = _skyknight({"alias": "bears", "card": "Grizzly Bears"})
    attackers = [(refs.by_alias["knight"], target(g, refs, "b"))]
    step = act(g, refs, {"action": "declare_attackers", "player": "a", "attackers": attackers},
               [target(g, refs, "bears")])
    assert obj(step.game, refs, "bears").tapped
    assert len(step.game.stack) == 1  # "When you do" (CR 702.154a)
    step = act(step.game, refs, {"action": "resolve"})
    assert ch.power(step.game, obj(step.game, refs, "knight")) == 4


def test_enlist_refuses_a_summoning_sick_creature_without_haste() -> None:
    g, refs = _skyknight({"alias": "elves", "card": "Llanowar Elves", "summoning_sick": True},
                         {"alias": "bears", "card": "Grizzly Bears"})
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "declare_attackers", "player": "a",
                      "attackers": [(refs.by_alias["knight"], target(g, refs, "b"))]},
            [target(g, refs, "elves")])
    assert err.value.rule == "702.154a"


def test_remove_all_counters_with_none_there_is_paid_and_x_is_0() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "catti", "card": "Catti-brie of Mithral Hall"}, {"alias": "forest", "card": "Forest"}]},
        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}],
        active_player="b", step="beginning_of_combat")
    g = act(g, refs, {"action": "advance", "step": "declare_attackers"}).game
    g = act(g, refs, {"action": "declare_attackers", "player": "b",
                      "attackers": [(refs.by_alias["bears"], target(g, refs, "a"))]}).game
    g = act(g, refs, {"action": "pass", "player": "b"}).game
    g = act(g, refs, {"action": "activate", "player": "a", "source": "forest", "ability": 0}).game
    step = act(g, refs, {"action": "activate", "player": "a", "source": "catti", "ability": 0},
               [target(g, refs, "bears")])
    ability = next(s for s in step.game.stack if s.source == refs.by_alias["catti"])
    assert ability.x == 0 and ability.targets
