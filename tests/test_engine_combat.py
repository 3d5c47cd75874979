"""Combat (CR 506-511): who may block (509.1, flying 702.9b, menace 702.111b) and how combat damage is
assigned (510.1c-d, trample 702.19)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, card, new_game, obj, target

from engine import IllegalAction, apply


def _combat(attacker: str, blockers: list[str]) -> tuple[Any, Any]:
    """Alice attacks Bob with ``attacker``; Bob has ``blockers`` (Grizzly Bears unless named)."""
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "att", "card": attacker}]},
        {"alias": "b", "hand": [{"alias": "uns", "card": "Unsummon"}],
         "battlefield": [{"alias": "isl", "card": "Island"},
                         *({"alias": name, "card": "Grizzly Bears"} for name in blockers)]}])
    step = _attack(g, refs, "att")
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    return step.game, refs


def _attack(game: Any, refs: Any, attacker: str) -> Any:
    """Alice's one attacker at Bob, declared in her declare attackers step."""
    step = act(game, refs, {"action": "advance", "step": "declare_attackers"})
    return apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias[attacker], ("player", 1))]})


def _block(game: Any, refs: Any, pairs: list[tuple[str, str]]) -> Any:
    return apply(game, {"action": "declare_blockers", "player": 1,
                        "blockers": [(refs.by_alias[b], refs.by_alias[a]) for b, a in pairs]})


def test_a_creature_with_menace_cant_be_blocked_by_just_one_creature() -> None:
    g, refs = _combat("Boggart Brute", ["x", "y"])
    with pytest.raises(IllegalAction) as err:
        _block(g, refs, [("x", "att")])
    assert err.value.rule == "702.111b"
    _block(g, refs, [("x", "att"), ("y", "att")])  # two blockers: legal


def test_a_creature_with_flying_cant_be_blocked_by_one_without_flying_or_reach() -> None:
    g, refs = _combat("Shrike Harpy", ["x"])
    with pytest.raises(IllegalAction) as err:
        _block(g, refs, [("x", "att")])
    assert err.value.rule == "702.9b"


def test_one_creature_cant_block_two_attackers_or_block_twice() -> None:
    g, refs = _combat("Boggart Brute", ["x", "y"])
    with pytest.raises(IllegalAction) as err:
        _block(g, refs, [("x", "att"), ("x", "att")])
    assert err.value.rule == "509.1a"


def test_damage_of_a_creature_blocked_by_two_is_divided_as_its_controller_chooses() -> None:
    g, refs = _combat("Boggart Brute", ["x", "y"])
    step = _block(g, refs, [("x", "att"), ("y", "att")])
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    assert step.pending is not None and step.pending.kind == "combat_damage"
    tx, ty = target(g, refs, "x"), target(g, refs, "y")
    with pytest.raises(IllegalAction) as err:  # 3 damage must all be assigned
        apply(step.game, {"action": "answer", "value": ((tx, 1), (ty, 1))})
    assert err.value.rule == "510.1c"
    step = apply(step.game, {"action": "answer", "value": ((tx, 3), (ty, 0))})
    assert obj(step.game, refs, "x").zone == "graveyard" and obj(step.game, refs, "y").damage == 0
    assert step.game.players[1].life == 20


def test_a_negative_share_of_combat_damage_is_refused() -> None:
    # CR 510.1c: damage divided among the blockers; 4 and -1 adds up to the power 3 but is no division
    g, refs = _combat("Boggart Brute", ["x", "y"])
    step = _block(g, refs, [("x", "att"), ("y", "att")])
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    tx, ty = target(g, refs, "x"), target(g, refs, "y")
    with pytest.raises(IllegalAction) as err:
        apply(step.game, {"action": "answer", "value": ((tx, 4), (ty, -1))})
    assert err.value.rule == "510.1c"


def test_trample_assigns_lethal_damage_to_blockers_before_the_player() -> None:
    g, refs = _combat("Verdurous Gearhulk", ["x"])
    step = _block(g, refs, [("x", "att")])
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    tx = target(g, refs, "x")
    with pytest.raises(IllegalAction) as err:  # only 1 to the 2/2 blocker: not lethal
        apply(step.game, {"action": "answer", "value": ((tx, 1), (("player", 1), 3))})
    assert err.value.rule == "702.19b"
    step = apply(step.game, {"action": "answer", "value": ((tx, 2), (("player", 1), 2))})
    assert step.game.players[1].life == 18


@pytest.mark.parametrize(("shocked", "asked"), [(True, False), (False, True)])
def test_trample_has_nowhere_to_go_once_the_attacked_planeswalker_left(shocked: bool, asked: bool) -> None:
    # CR 506.4c: attacking no planeswalker any more, so all the damage goes to the one blocker (702.19b);
    # while Vivien is there, the excess may go to her: a choice
    g, refs = new_game([
        {"alias": "a", "hand": [{"alias": "shock", "card": "Shock"}],
         "battlefield": [{"alias": "att", "card": "Verdurous Gearhulk"},
                         {"alias": "mtn", "card": "Mountain"}]},
        {"alias": "b", "battlefield": [
            {"alias": "viv", "card": "Vivien, Arkbow Ranger", "counters": {"loyalty": 2}},
            {"alias": "x", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["att"], target(g, refs, "viv"))]})
    if shocked:
        step = act(step.game, refs, {"action": "activate", "player": "a", "source": "mtn", "ability": 0})
        step = act(step.game, refs, {"action": "cast", "player": "a", "card": "shock"},
                   (target(g, refs, "viv"),))
        step = act(step.game, refs, {"action": "resolve"})
        assert obj(step.game, refs, "viv").zone == "graveyard"
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    step = _block(step.game, refs, [("x", "att")])
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    assert (step.pending is not None) == asked
    if not asked:
        assert obj(step.game, refs, "x").zone == "graveyard" and step.game.players[1].life == 20


@pytest.mark.parametrize(("attacker", "life"), [("Grizzly Bears", 20), ("Verdurous Gearhulk", 16)])
def test_a_creature_whose_blocker_left_stays_blocked_and_only_trample_reaches_the_player(
    attacker: str, life: int
) -> None:
    # Hollowhenge Spirit ruling (2011-01-22): removing the blocker doesn't make it unblocked; CR 702.19e
    g, refs = _combat(attacker, ["x"])
    step = _block(g, refs, [("x", "att")])
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "activate", "player": "b", "source": "isl", "ability": 0})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "uns"}, (target(g, refs, "x"),))
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    assert step.game.players[1].life == life


def test_protection_from_a_colour_stops_blocks_by_and_damage_from_that_colour() -> None:
    from engine.context import Ctx
    from engine.effects import deal_damage
    from engine.state import Mod, replace

    g, refs = _combat("Grizzly Bears", ["x"])
    att = obj(g, refs, "att")
    g = g.with_obj(replace(att, mods=(Mod(protection="G"),)))  # as if it gained protection from green
    with pytest.raises(IllegalAction) as err:
        _block(g, refs, [("x", "att")])  # Grizzly Bears are green
    assert err.value.rule == "702.16f"
    ctx = Ctx(g)
    assert deal_damage(ctx, obj(g, refs, "x"), target(g, refs, "att"), 2) == 0  # prevented (702.16e)


def test_an_attacker_whose_controller_changes_is_removed_from_combat_and_deals_no_damage() -> None:
    steal = card("Steal", "Instant", [{"kind": "spell", "targets": [{"filter": {"types": ["Creature"]}}],
                                       "effects": [{"do": "gain_control", "what": {"target": 0}}]}])
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "att", "card": "Craw Wurm"}]},
                        {"alias": "b", "hand": [{"alias": "steal", "card": "Steal"}]}], extra=[steal])
    step = _attack(g, refs, "att")
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "steal"}, (target(g, refs, "att"),))
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    assert obj(step.game, refs, "att").controller == 1 and obj(step.game, refs, "att").tapped
    assert step.game.players[1].life == 20  # CR 506.4: removed from combat


def test_an_attack_trigger_doubles_counters_on_each_creature_its_controller_controls() -> None:
    # Kalonian Hydra: "whenever this creature attacks" (CR 508.3a); "each creature you control"
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "hydra", "card": "Kalonian Hydra", "counters": {"+1/+1": 4}},
        {"alias": "bear", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}]},
        {"alias": "b", "battlefield": [{"alias": "bbear", "card": "Grizzly Bears",
                                        "counters": {"+1/+1": 1}}]}])
    step = _attack(g, refs, "hydra")
    assert len(step.game.stack) == 1
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "hydra").counters["+1/+1"] == 8
    assert obj(step.game, refs, "bear").counters["+1/+1"] == 2
    assert obj(step.game, refs, "bbear").counters["+1/+1"] == 1  # not "you control"


@pytest.mark.parametrize(("others", "put"), [(("Vizier of Remedies",), 3), (("Doubling Season",), 4),
                                             (("Vizier of Remedies", "Doubling Season"), 6)])
def test_wither_damage_dealt_at_once_is_one_counter_event_and_not_an_effects_counters(
        others: tuple[str, ...], put: int) -> None:
    # Vizier of Remedies' ruling: two wither blockers, one counter fewer in all (2 + 2 - 1); Selesnya Loft
    # Gardens' ruling: "if an effect would put" (Doubling Season) doesn't double wither's counters (4);
    # CR 614.16: once Vizier's replacement effect puts them, Doubling Season applies too ((4 - 1) x 2)
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "att", "card": "Craw Wurm"},
                                       *({"alias": f"o{i}", "card": c} for i, c in enumerate(others))]},
        {"alias": "b", "battlefield": [{"alias": "r1", "card": "Sickle Ripper"},
                                       {"alias": "r2", "card": "Sickle Ripper"}]}])
    step = _attack(g, refs, "att")
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    step = apply(step.game, {"action": "declare_blockers", "player": 1,
                             "blockers": [(refs.by_alias["r1"], refs.by_alias["att"]),
                                          (refs.by_alias["r2"], refs.by_alias["att"])]})
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"},
               ((target(g, refs, "r1"), 3), (target(g, refs, "r2"), 3)))
    att = refs.by_alias["att"]
    assert [e["amount"] for e in step.events
            if e["type"] == "counters_put" and e.get("object") == att] == [put]  # one event


def test_a_first_strike_blocker_kills_the_attacker_before_it_deals_damage() -> None:
    # CR 702.7b, 510.4: two combat damage steps; the Bears die before the regular step
    g2, refs2 = new_game([{"alias": "a", "battlefield": [{"alias": "att", "card": "Grizzly Bears"}]},
                          {"alias": "b", "battlefield": [{"alias": "hex", "card": "Vampire Hexmage"}]}])
    step = _attack(g2, refs2, "att")
    step = act(step.game, refs2, {"action": "advance", "step": "declare_blockers"})
    step = _block(step.game, refs2, [("hex", "att")])
    step = act(step.game, refs2, {"action": "advance", "step": "end_of_combat"})
    assert obj(step.game, refs2, "att").zone == "graveyard" and obj(step.game, refs2, "hex").damage == 0


def test_players_get_priority_between_the_first_strike_and_the_regular_combat_damage_steps() -> None:
    # CR 510.4: a first combat damage step, then priority, then a second one: the attacker, dealt 2 by the
    # first-striking Hexmage, Shocks it in between, so the Hexmage is gone before the regular step
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "shock", "card": "Shock"}],
                         "battlefield": [{"alias": "att", "card": "Rimeshield Frost Giant"},
                                         {"alias": "m", "card": "Mountain"}]},
                        {"alias": "b", "battlefield": [{"alias": "hex", "card": "Vampire Hexmage"}]}])
    step = _attack(g, refs, "att")
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    step = _block(step.game, refs, [("hex", "att")])
    step = act(step.game, refs, {"action": "advance", "step": "first_strike_damage"})
    assert step.game.step == "first_strike_damage" and step.game.priority == 0
    assert obj(step.game, refs, "att").damage == 2 and obj(step.game, refs, "hex").damage == 0
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "m", "ability": 0})
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "shock"},
               (target(step.game, refs, "hex"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "hex").zone == "graveyard"
    step = act(step.game, refs, {"action": "advance", "step": "end_of_combat"})
    assert step.game.players[1].life == 20  # blocked: no damage to the player without trample (509.1h)


def test_without_first_or_double_strike_there_is_no_first_strike_damage_step() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "att", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    step = _attack(g, refs, "att")
    step = act(step.game, refs, {"action": "advance", "step": "end_of_combat"})
    steps = [e["step"] for e in step.events if e["type"] == "step"]
    assert "first_strike_damage" not in steps and "combat_damage" in steps


def test_an_attacking_or_blocking_filter_matches_only_creatures_in_combat() -> None:
    from engine import characteristics as ch
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "att", "card": "Grizzly Bears"},
                                                       {"alias": "home", "card": "Grizzly Bears"}]},
                        {"alias": "b", "battlefield": [{"alias": "blk", "card": "Grizzly Bears"}]}])
    step = _attack(g, refs, "att")
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    step = _block(step.game, refs, [("blk", "att")])
    flt = {"any_of": [{"attacking": True}, {"blocking": True}]}
    game = step.game
    assert [ch.matches(game, flt, obj(game, refs, a), None, 0) for a in ("att", "blk", "home")] == \
        [True, True, False]
