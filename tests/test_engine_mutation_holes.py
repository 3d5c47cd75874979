"""Behaviours mutation testing (issue 19, python -m tools.mutation) found no case or test checking:
illegal answers and actions the engine must refuse, what it offers, which decisions are forced, and
multiplayer bookkeeping. Each test names the surviving mutant it kills."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from engine_helpers import act, card, new_game, obj, target
from frozendict import frozendict

from engine import IllegalAction, apply, legal_actions
from engine import characteristics as ch
from engine import state as st
from engine.context import Decision, forced_answer
from engine.mana import pays
from engine.sba import leave_game


def test_x_of_minus_one_is_refused() -> None:
    """CR 107.1b: a negative number can't be chosen for X (casting.py ``x < 0`` -> ``x < -1``)."""
    hydra = {"alias": "hydra", "card": "Benevolent Hydra"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 2}, "hand": [hydra]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "hydra"}, -1)
    assert err.value.rule == "107.1b"
    step = act(g, refs, {"action": "cast", "player": "a", "card": "hydra"}, 0)
    assert obj(step.game, refs, "hydra").zone == "stack"


def test_a_card_in_an_opponents_hand_can_not_be_cast() -> None:
    """CR 601.2a: a player casts a spell from their own hand (casting.py ``or`` -> ``and``)."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 2}},
                        {"alias": "b", "hand": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "bears"})
    assert err.value.rule == "601.2"


def test_convoke_with_a_colorless_creature_and_generic_to_pay_is_a_real_choice() -> None:
    """CR 702.51a: a colorless creature can pay {1} of Stoke the Flames, so whether to tap it is a choice,
    not the forced "tap none" (casting.py ``generic > 0`` -> ``generic < 0``)."""
    stoke = {"alias": "stoke", "card": "Stoke the Flames"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 4}, "hand": [stoke],
                         "battlefield": [{"alias": "thopter", "card": "Ornithopter"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "stoke"})
    while step.pending is not None and step.pending.kind != "convoke":
        step = apply(step.game, {"action": "answer", "value": [target(g, refs, "b")]})
    assert step.pending is not None
    d = step.pending
    assert d.options == (target(g, refs, "thopter"),)
    assert forced_answer(d) is None


def test_convoke_pays_a_hybrid_symbol_when_no_exact_one_is_left() -> None:
    """CR 702.51a, 107.4e: a green creature tapped for convoke pays {G/W} (casting.py ``paid in rest`` ->
    ``not paid in rest``: the exact symbol looked up where there is none)."""
    spell = card("Hybrid Convoke Test", "Instant", [
        {"kind": "keyword", "keyword": "Convoke"},
        {"kind": "spell", "effects": [{"do": "gain_life", "amount": 1, "player": "controller"}]}],
        cost="{G/W}")
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "s", "card": "Hybrid Convoke Test"}],
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}, {"alias": "b"}],
                       extra=[spell])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"}, {target(g, refs, "bears"): "G"})
    assert obj(step.game, refs, "bears").tapped
    assert obj(step.game, refs, "s").zone == "stack"


def test_legal_actions_offer_blocks_only_while_blockers_are_awaited() -> None:
    """CR 509.1: the defending player declares blockers in the declare blockers step; at priority
    the actions are casting, activating and passing (CR 117.1; game.py ``==`` -> ``!=``)."""
    g, _ = new_game([{"alias": "a"}, {"alias": "b"}])
    actions = legal_actions(g)
    assert {a["action"] for a in actions} == {"pass"}
    blocking = legal_actions(dataclasses.replace(g, awaiting="blockers", priority=None))
    assert blocking == [{"action": "declare_blockers", "player": 1, "blockers": []}]


def _three_players(active: int, lost: int) -> st.Game:
    g, _ = new_game([{"alias": "a"}, {"alias": "b"}, {"alias": "c"}])
    players = tuple(dataclasses.replace(p, lost=True) if i == lost else p for i, p in enumerate(g.players))
    return dataclasses.replace(g, players=players, active=active)


def test_apnap_order_skips_only_the_player_who_left() -> None:
    """CR 101.4, 800.4a: APNAP order is the active player then the others in turn order, without those who
    have left (state.py ``active + k`` -> ``active - k`` in the lost check)."""
    assert _three_players(0, 2).apnap() == [0, 1]
    assert _three_players(0, 1).apnap() == [0, 2]
    assert _three_players(1, 0).apnap() == [1, 2]


@pytest.mark.parametrize(("leaver", "expected"), [(0, 1), (1, 2), (2, 0)])
def test_priority_passes_to_the_next_player_in_turn_order_when_its_holder_leaves(leaver: int,
                                                                                 expected: int) -> None:
    """CR 800.4a: "If the player who left the game had priority at the time they left, priority passes to
    the next player in turn order who's still in the game" (sba.py ``(player + k) % n`` mutants)."""
    from engine.context import Ctx

    g, _ = new_game([{"alias": "a"}, {"alias": "b"}, {"alias": "c"}])
    players = tuple(dataclasses.replace(p, lost=True) if i == leaver else p for i, p in enumerate(g.players))
    ctx = Ctx(dataclasses.replace(g, players=players, priority=leaver))
    leave_game(ctx, leaver)
    assert ctx.game.priority == expected


def test_the_game_state_classes_are_frozen() -> None:
    """Immutable state (engine/README.md): every dataclass of engine/state.py is frozen, so a state is
    never changed in place and is hashable where it is compared (state.py ``frozen=True`` -> ``False``)."""
    classes = [v for v in vars(st).values()
               if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == st.__name__]
    assert classes
    for cls in classes:
        assert cls.__dataclass_params__.frozen, cls.__name__  # type: ignore[attr-defined]


def test_a_card_from_outside_the_game_with_no_type_filter_offers_every_card() -> None:
    """CR 400.11: "a card you own from outside the game" with no type named may be any card there
    (effects.py ``not types or`` -> ``types or``: nothing but "none" offered)."""
    wish = card("Any Wish Test", "Sorcery", [{"kind": "spell", "effects": [{"do": "from_outside_game"}]}])
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "wish", "card": "Any Wish Test"}],
                         "sideboard": [{"alias": "bears", "card": "Grizzly Bears"}]}, {"alias": "b"}],
                       extra=[wish])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "wish"})
    step = apply(step.game, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "outside_game_card"
    assert target(g, refs, "bears") in step.pending.options
    step = apply(step.game, {"action": "answer", "value": target(g, refs, "bears")})
    assert obj(step.game, refs, "bears").zone == "hand"


def test_ordering_two_triggers_is_a_real_choice_and_one_is_forced() -> None:
    """CR 603.3b: the player chooses the order of their triggered abilities; with one there is nothing to
    order (context.py ``len(d.options) == 1`` -> ``== 2``)."""
    two = Decision("trigger_order", 0, None, (("object", 5, 0), ("object", 6, 0)), 2, 2)
    one = Decision("trigger_order", 0, None, (("object", 5, 0),), 1, 1)
    assert forced_answer(two) is None
    assert forced_answer(one) == ((("object", 5, 0),),)


def test_a_payment_read_from_json_may_pay_phyrexian_mana_with_life() -> None:
    """CR 107.4f: a Phyrexian symbol is paid with 2 life; the answer's "life" key comes from JSON, not an
    interned literal (mana.py ``t != "life"`` -> ``t is not "life"``)."""
    spent: dict[str, Any] = json.loads('{"R": 1, "life": 2}')
    assert pays(frozendict({"R": 1, "G": 3}), "{R}{R}", 0, spent, 20) is False
    assert pays(frozendict({"R": 1, "G": 3}), "{R}{G/P}", 0, spent, 20) is True


def test_a_no_counters_static_of_one_kind_leaves_the_other_kinds() -> None:
    """Blightbeetle: "Creatures your opponents control can't have +1/+1 counters put on them" stops that kind
    only: Grim Affliction's -1/-1 counter is put on Bob's Craw Wurm (CR 122.1; characteristics.py
    ``no != kind`` -> ``no > kind``: "+1/+1" sorts before "-1/-1")."""
    grim = {"alias": "grim", "card": "Grim Affliction"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 3}, "hand": [grim],
                         "battlefield": [{"alias": "beetle", "card": "Blightbeetle"}]},
                        {"alias": "b", "battlefield": [{"alias": "wurm", "card": "Craw Wurm"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "grim"}, [target(g, refs, "wurm")])
    step = act(step.game, refs, {"action": "resolve"}, [])  # proliferate: nothing
    assert obj(step.game, refs, "wurm").counters == {"-1/-1": 1}


def test_a_not_blocking_filter_excludes_blockers() -> None:
    """CR 509.1g, 506.4: a creature declared as a blocker is blocking; a filter for creatures that aren't
    blocking leaves it out (characteristics.py ``!= flt["blocking"]`` -> ``<``)."""
    g, refs, step = _attacked_and_blocked("Grizzly Bears", "Grizzly Bears")
    game = step.game
    assert [ch.matches(game, {"blocking": False}, obj(game, refs, a), None, 0) for a in ("att", "blk")] == \
        [True, False]
    assert [ch.matches(game, {"attacking": False}, obj(game, refs, a), None, 0) for a in ("att", "blk")] == \
        [False, True]


def test_an_attack_trigger_knows_the_player_its_creature_attacks() -> None:
    """CR 508.1m, 508.3a: "whenever this creature attacks, that player loses 1 life": the attacked player
    (triggers.py ``d[0] == "player"`` -> ``d[1] == "player"``: no player known)."""
    raider = card("Raider Test", "Creature", [
        {"kind": "triggered", "trigger": {"on": "attacks", "what": "self"},
         "effects": [{"do": "lose_life", "player": "that_player", "amount": 1}]}], power="2", toughness="2")
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "raider", "card": "Raider Test"}]},
                        {"alias": "b"}], extra=[raider])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["raider"], ("player", 1))]})
    step = apply(step.game, {"action": "resolve"})
    assert step.game.players[1].life == 19


def test_modes_that_may_repeat_are_forced_when_only_one_mode_can_be_chosen() -> None:
    """CR 700.2a, 700.2d: "choose two, you may choose the same mode more than once" with no artifact to
    target leaves one mode, chosen twice: forced (spec/README.md 1.4); with both modes legal it is a real
    choice (modes.py ``if repeat`` -> ``if not repeat``)."""
    spell = card("Repeat Modes Test", "Sorcery", [
        {"kind": "spell", "choose": {"min": 2, "max": 2, "repeat": True}, "effects": [], "modes": [
            {"effects": [{"do": "deal_damage", "to": "each_opponent", "amount": 1}]},
            {"targets": [{"filter": {"types": ["Artifact"]}}],
             "effects": [{"do": "destroy", "what": {"target": 0}}]}]}])
    hand = [{"alias": "s", "card": "Repeat Modes Test"}]
    g, refs = new_game([{"alias": "a", "hand": hand}, {"alias": "b"}], extra=[spell])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"})
    assert step.pending is not None and step.pending.kind == "modes"
    assert forced_answer(step.pending) == ((0, 0),)
    orni = {"alias": "orni", "card": "Ornithopter"}
    g, refs = new_game([{"alias": "a", "hand": hand}, {"alias": "b", "battlefield": [orni]}], extra=[spell])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"})
    assert step.pending is not None and step.pending.kind == "modes"
    assert forced_answer(step.pending) is None


@pytest.mark.parametrize("bears", [False, True])
def test_changing_the_target_is_forced_only_with_one_other_legal_target(bears: bool) -> None:
    """CR 115.7a: Swerve changes Shock's target (Bob) to another legal one: Alice is the only other when
    there is no creature (forced), a real choice with Grizzly Bears too (stack_effects.py
    ``len(options) == 1`` -> ``> 1``)."""
    field = [{"alias": "bears", "card": "Grizzly Bears"}] if bears else []
    swerve = {"alias": "swerve", "card": "Swerve"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}],
                         "battlefield": field},
                        {"alias": "b", "mana_pool": {"U": 1, "R": 1}, "hand": [swerve]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, [target(g, refs, "b")])
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "swerve"},
               [target(step.game, refs, "shock")])
    step = apply(step.game, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "new_targets"
    expected = {target(g, refs, "a"), *([target(g, refs, "bears")] if bears else [])}
    assert set(step.pending.options) == expected
    assert forced_answer(step.pending) == (None if bears else ((target(g, refs, "a"),),))


def test_a_dies_trigger_naming_its_zone_in_json_still_looks_back() -> None:
    """CR 603.10a: leaves-the-battlefield abilities look back in time: a creature that dies at the same
    time as another sees it die. Card data read from JSON may say ``"zone": "battlefield"``, a string
    CPython does not intern (triggers.py ``== "battlefield"`` -> ``is "battlefield"``: the ability of a
    permanent that left with the other would be lost)."""
    text = ('{"kind": "triggered", "trigger": {"on": "dies", "what": {"types": ["Creature"]},'
            ' "zone": "battlefield"}, "effects": [{"do": "gain_life", "player": "you", "amount": 1}]}')
    mourner = card("Json Mourner Test", "Creature", [json.loads(text)], power="1", toughness="1")
    fiery = {"alias": "fc", "card": "Fiery Confluence"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 4}, "hand": [fiery],
                         "battlefield": [{"alias": "m", "card": "Json Mourner Test"},
                                         {"alias": "bears", "card": "Grizzly Bears"}]}, {"alias": "b"}],
                       extra=[mourner])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fc"}, [0, 0, 0])
    step = apply(step.game, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "trigger_order"  # it saw both die
    step = apply(step.game, {"action": "answer", "value": list(step.pending.options)})
    assert obj(step.game, refs, "m").zone == "graveyard" and obj(step.game, refs, "bears").zone == "graveyard"
    step = apply(step.game, {"action": "resolve"})
    step = apply(step.game, {"action": "resolve"})
    assert step.game.players[0].life == 22


def test_another_target_in_a_later_mode_is_distinct_from_its_own_modes_target() -> None:
    """CR 700.2, 115.3: a mode's "another target" is distinct from that mode's other target, not from an
    earlier mode's, which may be the same object (modes.py ``i + offset`` -> ``i % offset``)."""
    spell = card("Two Modes Test", "Sorcery", [
        {"kind": "spell", "choose": {"min": 1, "max": 2}, "effects": [], "modes": [
            {"targets": [{"filter": {"types": ["Creature"]}}],
             "effects": [{"do": "deal_damage", "to": {"target": 0}, "amount": 1}]},
            {"targets": [{"filter": {"types": ["Creature"]}},
                         {"filter": {"types": ["Creature"]}, "distinct_from": [0]}],
             "effects": [{"do": "deal_damage", "to": {"target": 0}, "amount": 1},
                         {"do": "deal_damage", "to": {"target": 1}, "amount": 1}]}]}])
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "s", "card": "Two Modes Test"}]},
                        {"alias": "b", "battlefield": [{"alias": "b1", "card": "Craw Wurm"},
                                                       {"alias": "b2", "card": "Craw Wurm"}]}], extra=[spell])
    b1, b2 = target(g, refs, "b1"), target(g, refs, "b2")
    with pytest.raises(IllegalAction):  # the second mode's two targets are the same Wurm
        act(g, refs, {"action": "cast", "player": "a", "card": "s"}, [0, 1], [b2, b1, b1])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"}, [0, 1], [b1, b2, b1])
    step = apply(step.game, {"action": "resolve"})
    assert (obj(step.game, refs, "b1").damage, obj(step.game, refs, "b2").damage) == (2, 1)
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"}, [1], [b1, b2])
    step = apply(step.game, {"action": "resolve"})
    assert (obj(step.game, refs, "b1").damage, obj(step.game, refs, "b2").damage) == (1, 1)


def test_the_lowest_mana_value_of_a_graveyard_card_is_judged_among_graveyard_cards() -> None:
    """CR 202.3: "creature card with the lowest mana value in your graveyard" compares the cards there:
    Grizzly Bears (2), not Craw Wurm (6); the 0-mana Ornithopter on the battlefield is not in that zone
    (characteristics.py ``o.zone == "battlefield"`` -> ``>=``: the graveyard judged by the battlefield)."""
    from engine import targets as tg

    g, refs = new_game([{"alias": "a", "graveyard": [{"alias": "bears", "card": "Grizzly Bears"},
                                                     {"alias": "wurm", "card": "Craw Wurm"}],
                         "battlefield": [{"alias": "orni", "card": "Ornithopter"}]}, {"alias": "b"}])
    flt = {"zone": "graveyard", "types": ["Creature"], "lowest_mana_value": True}
    assert tg.candidates(g, flt, obj(g, refs, "orni"), 0) == [target(g, refs, "bears")]


def test_a_target_answered_with_json_text_is_still_the_object() -> None:
    """An answer may arrive as JSON (the protocol): ``["object", id, epoch]`` read there holds an "object"
    string CPython does not intern; Doom Blade still destroys that creature (refs.py ``t[0] == "object"``
    -> ``is "object"``: the target would be dropped as it resolves)."""
    blade = {"alias": "blade", "card": "Doom Blade"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 2}, "hand": [blade]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    answer = tuple(json.loads(json.dumps(list(target(g, refs, "bears")))))
    step = act(g, refs, {"action": "cast", "player": "a", "card": "blade"}, [answer])
    step = apply(step.game, {"action": "resolve"})
    assert obj(step.game, refs, "bears").zone == "graveyard"


def test_the_next_turn_skips_a_player_who_has_left_the_game() -> None:
    """CR 800.4a, 500.1: in a three-player game where Bob has left, Alice's turn is followed by Carol's
    (turn.py ``range(1, n + 1)`` -> ``range(1, n ^ 1)``: only Bob looked at, Alice takes another turn)."""
    g, refs = new_game([{"alias": "a"}, {"alias": "b"}, {"alias": "c"}])
    g = dataclasses.replace(g, players=tuple(dataclasses.replace(p, lost=True) if i == 1 else p
                                             for i, p in enumerate(g.players)))
    step = act(g, refs, {"action": "advance", "step": "upkeep"})
    assert (step.game.turn, step.game.active) == (2, 2)


def test_crimes_committed_count_from_zero_again_in_the_next_turn() -> None:
    """CR 700.13: crimes are counted per turn; Alice's Shock at Bob is one crime in her turn and none is
    left in Bob's (turn.py ``crimes=0`` -> ``crimes=-1`` at a new turn)."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, [target(g, refs, "b")])
    step = apply(step.game, {"action": "resolve"})
    assert step.game.players[0].crimes == 1
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})
    assert step.game.active == 1
    assert [p.crimes for p in step.game.players] == [0, 0]


def _attacked_and_blocked(attacker: str, blocker: str) -> tuple[Any, Any, Any]:
    """Alice's ``att`` attacks Bob and Bob's ``blk`` blocks it (CR 508.1, 509.1)."""
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "att", "card": attacker}]},
                        {"alias": "b", "battlefield": [{"alias": "blk", "card": blocker}]}])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["att"], ("player", 1))]})
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    step = apply(step.game, {"action": "declare_blockers", "player": 1,
                             "blockers": [(refs.by_alias["blk"], refs.by_alias["att"])]})
    return g, refs, step


def _trample_blocked_by(blocker: str) -> Any:
    g, refs, step = _attacked_and_blocked("Colossal Dreadmaw", blocker)
    step = act(step.game, refs, {"action": "advance", "step": "combat_damage"})
    assert step.pending is not None and step.pending.kind == "combat_damage"
    return step.pending, target(g, refs, "blk")


def test_a_trampler_with_no_more_than_lethal_damage_for_its_one_blocker_assigns_it_all_there() -> None:
    """CR 702.19b, 510.1c: Colossal Dreadmaw (6 power, trample) blocked by another Dreadmaw (toughness 6)
    has nothing beyond lethal damage: all 6 to the blocker is the one answer (forced); blocked by Grizzly
    Bears, the 4 beyond lethal may go to Bob: a real choice (turn.py ``len(blockers) == 1`` -> ``== 0``)."""
    pending, blk = _trample_blocked_by("Colossal Dreadmaw")
    assert forced_answer(pending) == (((blk, 6),),)
    pending, _ = _trample_blocked_by("Grizzly Bears")
    assert forced_answer(pending) is None


def test_an_opponent_with_more_than_the_number_of_lands_named_satisfies_or_more() -> None:
    """Tectonic Edge: "Activate only if an opponent controls four or more lands": five is four or more
    (CR 602.5b; restrictions.py ``>= n`` -> ``== n``)."""
    edge = {"alias": "edge", "card": "Tectonic Edge"}
    caves = [{"alias": f"c{i}", "card": "Cryptic Caves"} for i in range(5)]
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1}, "battlefield": [edge]},
                        {"alias": "b", "battlefield": caves}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "edge", "ability": 1},
               [target(g, refs, "c0")])
    assert len(step.game.stack) == 1


def test_a_copy_cast_without_paying_its_mana_cost_has_x_forced_to_zero() -> None:
    """CR 107.3b: a spell with {X} cast without paying its mana cost (Isochron Scepter's copy) can only
    have X = 0: the ``x`` decision is forced to 0 (cast_modifiers.py ``(0,)`` -> ``(1,)``)."""
    bolt = card("X Bolt Test", "Instant", [
        {"kind": "spell", "effects": [{"do": "gain_life", "amount": 1, "player": "controller"}]}],
        cost="{X}{R}")
    hand = [{"alias": "sc", "card": "Isochron Scepter"}, {"alias": "xb", "card": "X Bolt Test"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 4}, "hand": hand}, {"alias": "b"}], extra=[bolt])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "sc"}).game
    g = apply(g, {"action": "resolve"}).game
    xb = obj(g, refs, "xb")
    g = act(g, refs, {"action": "resolve"}, ("object", xb.id, xb.epoch)).game
    g = act(g, refs, {"action": "activate", "player": "a", "source": "sc", "ability": 0}).game
    step = act(g, refs, {"action": "resolve"}, True, True)
    assert step.pending is not None and step.pending.kind == "x"
    assert forced_answer(step.pending) == (0,)


def test_a_kind_of_counter_set_up_as_zero_is_no_counter_to_move() -> None:
    """CR 122.1: an object with zero counters of a kind has none of it; moving "a counter" from a
    creature with one +1/+1 counter and "charge: 0" moves the +1/+1 counter, no kind asked
    (counter_effects.py ``n > 0`` -> ``n > -1``: a ``counter_kind`` choice offering charge)."""
    mover = card("Counter Mover Test", "Sorcery", [
        {"kind": "spell", "targets": [{"filter": {"types": ["Creature"]}}] * 2,
         "effects": [{"do": "move_counter", "from": {"target": 0}, "to": {"target": 1}}]}])
    field = [{"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1, "charge": 0}},
             {"alias": "y", "card": "Grizzly Bears"}]
    hand = [{"alias": "m", "card": "Counter Mover Test"}]
    g, refs = new_game([{"alias": "a", "hand": hand, "battlefield": field}, {"alias": "b"}], extra=[mover])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "m"},
               [target(g, refs, "x"), target(g, refs, "y")])
    step = apply(step.game, {"action": "resolve"})
    assert step.pending is None
    assert dict(obj(step.game, refs, "y").counters) == {"+1/+1": 1}


def test_a_put_into_a_graveyard_trigger_ignores_a_return_to_hand() -> None:
    """CR 603.6c, 603.10a: Terrarion's "When this artifact is put into a graveyard from the battlefield"
    triggers on that zone change only; returned to Bob's hand by Cyclonic Rift, no card is drawn
    (triggers.py ``trig.get("to") == event["to"]`` -> ``<=``: "graveyard" <= "hand")."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 1, "C": 1},
                         "hand": [{"alias": "rift", "card": "Cyclonic Rift"}]},
                        {"alias": "b", "battlefield": [{"alias": "terr", "card": "Terrarion"}],
                         "library": [{"alias": "top", "card": "Forest"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "rift"}, None, [target(g, refs, "terr")])
    step = apply(step.game, {"action": "resolve"})
    assert obj(step.game, refs, "terr").zone == "hand"
    assert not step.game.stack and obj(step.game, refs, "top").zone == "library"


def test_an_illegal_target_is_refused_naming_the_player_or_the_objects_alias() -> None:
    """CR 601.2c: Giant Growth targets a creature: Bob or a land is refused with an IllegalAction naming
    them (targets.py ``players[t[1]]`` -> ``players[t[0]]``: a TypeError; ``o.alias or o.card`` ->
    ``and``: the card name instead of the alias)."""
    gg = {"alias": "gg", "card": "Giant Growth"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1}, "hand": [gg],
                         "battlefield": [{"alias": "forest", "card": "Forest"},
                                         {"alias": "bears", "card": "Grizzly Bears"}]}, {"alias": "b"}])
    for who, name in (("b", "b"), ("forest", "forest")):
        with pytest.raises(IllegalAction) as refused:
            act(g, refs, {"action": "cast", "player": "a", "card": "gg"}, [target(g, refs, who)])
        assert refused.value.rule == "601.2c"
        assert str(refused.value).startswith(f"{name} is not a legal target")


def test_hardened_scales_adds_to_the_plus_one_counters_and_leaves_another_kind_it_enters_with() -> None:
    """Hardened Scales (ruling: "it enters with that many plus one") modifies the +1/+1 counters a creature
    enters with; the flying counter it also enters with stays (CR 122.6, 614.1c; replacement.py
    ``b[0] == kind`` -> ``>=``: every kind sorting after "+1/+1" merged into them)."""
    flier = card("Two Kinds Test", "Creature", [
        {"kind": "replacement", "replacement": {"event": "enters", "counters": {"+1/+1": 1, "flying": 1}}}],
        cost="{1}", power="1", toughness="1")
    t = {"alias": "t", "card": "Two Kinds Test"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1}, "hand": [t],
                         "battlefield": [{"alias": "scales", "card": "Hardened Scales"}]}, {"alias": "b"}],
                       extra=[flier])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "t"})
    step = apply(step.game, {"action": "resolve"})
    assert dict(obj(step.game, refs, "t").counters) == {"+1/+1": 2, "flying": 1}


def test_a_cleanup_step_set_up_from_json_removes_damage_when_it_begins_again() -> None:
    """CR 514.3a, 514.2: players who get priority in the cleanup step are followed by another cleanup step,
    in which damage wears off; the step name may come from JSON, a string CPython does not intern
    (turn.py ``step == "cleanup"`` -> ``is``: no cleanup, priority again and again)."""
    bears = {"alias": "bears", "card": "Grizzly Bears", "damage": 1}
    g, refs = new_game([{"alias": "a", "battlefield": [bears]},
                        {"alias": "b"}], step=json.loads('"cleanup"'))
    step = act(g, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert obj(step.game, refs, "bears").damage == 0
    assert step.game.turn == 2


def test_a_player_target_answered_with_json_text_is_dealt_the_damage() -> None:
    """An answer may arrive as JSON: ``["player", 1]`` read there holds a "player" string CPython does not
    intern; Shock still deals 2 damage to Bob (CR 120.3a; effects.py ``target[0] == "player"`` -> ``is``)."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}]},
                        {"alias": "b"}])
    answer = tuple(json.loads('["player", 1]'))
    step = act(g, refs, {"action": "cast", "player": "a", "card": "shock"}, [answer])
    step = apply(step.game, {"action": "resolve"})
    assert step.game.players[1].life == 18


def test_a_token_with_no_definition_is_refused() -> None:
    """CR 111.10: a token is created from its definition; an effect naming a token the catalogue doesn't
    define is refused with an IllegalAction (effects.py ``copy is None`` -> ``is not None``: a KeyError)."""
    maker = card("Unknown Token Maker Test", "Sorcery", [
        {"kind": "spell", "effects": [{"do": "create_token", "token": "No Such Token Test"}]}])
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "m", "card": "Unknown Token Maker Test"}]},
                        {"alias": "b"}], extra=[maker])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "m"})
    with pytest.raises(IllegalAction) as refused:
        apply(step.game, {"action": "resolve"})
    assert refused.value.rule == "111.10"


def test_a_decision_is_frozen() -> None:
    """Immutable state (engine/README.md): a pending Decision is part of the state a caller may keep, so it
    is never changed in place and is hashable (context.py ``frozen=True`` -> ``False``)."""
    assert Decision.__dataclass_params__.frozen  # type: ignore[attr-defined]
    hash(Decision("may", 0, None, (True, False)))


def test_the_second_ability_of_a_creature_that_lost_all_abilities_is_refused_under_613_1f() -> None:
    """CR 613.1f: Devoted Druid turned into a Frog has lost both its activated abilities; activating its
    second is refused as a lost ability, as the first is (casting.py ``index >= 0`` -> ``index == 0``)."""
    frog = {"alias": "frog", "card": "Turn to Frog"}
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "druid", "card": "Devoted Druid"}]},
                        {"alias": "b", "mana_pool": {"U": 1, "C": 1}, "hand": [frog]}], active_player="b")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "frog"}, (target(g, refs, "druid"),))
    game = act(step.game, refs, {"action": "resolve"}).game
    for index in (0, 1):
        with pytest.raises(IllegalAction) as refused:
            act(game, refs, {"action": "activate", "player": "a", "source": "druid", "ability": index})
        assert refused.value.rule == "613.1f"


def test_a_find_query_tells_owners_and_tokens_apart() -> None:
    """A case's ``{"find": {...}}`` names exactly one object: Bob's Grizzly Bears, not Alice's; the token
    Bears, not the card (spec/README.md; projection.py owner check ``return False`` -> ``True``, ``o.token
    != q["token"]`` -> ``>=``)."""
    mine = [{"alias": "ab", "card": "Grizzly Bears"}, {"alias": "at", "card": "Grizzly Bears", "token": True}]
    g, refs = new_game([{"alias": "a", "battlefield": mine},
                        {"alias": "b", "battlefield": [{"alias": "bb", "card": "Grizzly Bears"}]}])
    bears = {"name": "Grizzly Bears"}
    assert refs.obj(g, {"find": {**bears, "owner": "b"}}) == refs.by_alias["bb"]
    assert refs.obj(g, {"find": {**bears, "owner": "a", "token": True}}) == refs.by_alias["at"]
    assert refs.obj(g, {"find": {**bears, "owner": "a", "token": False}}) == refs.by_alias["ab"]


@pytest.mark.parametrize(("spell", "insects"), [(False, 0), (True, 1)])
def test_becoming_the_target_of_an_ability_is_not_becoming_the_target_of_a_spell(spell: bool,
                                                                                  insects: int) -> None:
    """Swarm Shambler: "Whenever a creature you control with a +1/+1 counter on it becomes the target of a
    spell an opponent controls": Bob's Omnibian ability targeting Alice's Bears is no spell, no Insect;
    his Shock is (CR 115.1, 603.2; triggers.py ``of != "spell_or_ability"`` -> ``>``: "spell" sorts first,
    so the kind was never checked)."""
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "shambler", "card": "Swarm Shambler", "counters": {"+1/+1": 1}},
        {"alias": "bears", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}]},
        {"alias": "b", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}],
         "battlefield": [{"alias": "omni", "card": "Omnibian"}]}], active_player="b")
    bears = target(g, refs, "bears")
    if spell:
        step = act(g, refs, {"action": "cast", "player": "b", "card": "shock"}, [bears])
    else:
        step = act(g, refs, {"action": "activate", "player": "b", "source": "omni", "ability": 0}, [bears])
    assert len(step.game.stack) == 1 + insects
    while step.game.stack:
        step = apply(step.game, {"action": "resolve"})
    tokens = [o for o in step.game.objects.values() if o.token and o.zone == "battlefield"]
    assert len(tokens) == insects


def test_countering_a_spell_above_an_ability_counters_that_spell() -> None:
    """CR 701.6a: Bob's Cancel counters Alice's Shock, cast in response to her Omnibian ability, which is
    below it on the stack with a larger id (abilities get new ids, a spell keeps its card's): Shock goes to
    the graveyard, the ability stays (stack_effects.py ``s.id == oid`` -> ``>=``: the ability removed)."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}],
                         "battlefield": [{"alias": "omni", "card": "Omnibian"}]},
                        {"alias": "b", "mana_pool": {"U": 3}, "hand": [{"alias": "cancel", "card": "Cancel"}],
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    bears = target(g, refs, "bears")
    step = act(g, refs, {"action": "activate", "player": "a", "source": "omni", "ability": 0}, [bears])
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "shock"}, [target(g, refs, "b")])
    assert step.game.stack[0].id > refs.by_alias["shock"]
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "cancel"},
               [target(step.game, refs, "shock")])
    step = apply(step.game, {"action": "resolve"})
    assert obj(step.game, refs, "shock").zone == "graveyard"
    assert [s.kind for s in step.game.stack] == ["ability"]
    assert step.game.players[1].life == 20


def test_mana_of_the_one_chosen_color_is_added_without_a_question() -> None:
    """CR 605.3b, 106.1: Coldsteel Heart (green chosen) adds {G}: one type can be produced, so no
    ``mana_color`` decision is asked (mana_effects.py ``len(types) > 1`` -> ``> 0``)."""
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "heart", "card": "Coldsteel Heart"}]},
                        {"alias": "b"}])
    g = g.with_obj(dataclasses.replace(obj(g, refs, "heart"), chosen_color="G"))
    step = act(g, refs, {"action": "activate", "player": "a", "source": "heart", "ability": 0})
    assert step.pending is None
    assert dict(step.game.players[0].mana_pool) == {"G": 1}


def test_a_player_leaving_ends_only_their_control_effects_and_their_abilities_on_the_stack() -> None:
    """CR 800.4a: when Carol leaves, her Omnibian ability on the stack ceases to exist, but Alice keeps the
    Bears she took from Bob: only effects giving the player who left control end (sba.py ``o.controller ==
    player`` -> ``is not``; ``s.kind == "ability"`` -> ``is not``)."""
    from engine.context import Ctx

    taken = {"alias": "taken", "card": "Grizzly Bears"}
    g, refs = new_game([{"alias": "a"}, {"alias": "b", "battlefield": [taken]},
                        {"alias": "c", "battlefield": [{"alias": "omni", "card": "Omnibian"}]}],
                       active_player="c")
    g = g.with_obj(dataclasses.replace(obj(g, refs, "taken"), controller=0, control_reverts_to=1))
    step = act(g, refs, {"action": "activate", "player": "c", "source": "omni", "ability": 0},
               [target(g, refs, "taken")])
    assert [s.kind for s in step.game.stack] == ["ability"]
    players = tuple(dataclasses.replace(p, lost=True) if i == 2 else p
                    for i, p in enumerate(step.game.players))
    ctx = Ctx(dataclasses.replace(step.game, players=players))
    leave_game(ctx, 2)
    assert ctx.game.stack == ()
    assert obj(ctx.game, refs, "taken").controller == 0


def test_an_ability_target_with_a_large_id_read_from_json_is_still_that_ability() -> None:
    """CR 608.2b: Stifle's target, Alice's Omnibian ability, is still on the stack as Stifle resolves, so it
    is countered; in a long game its id is past CPython's small-int cache and the answer's id, read from
    JSON, is an equal but distinct int (targets.py ``s.id == t[1]`` -> ``is``: judged gone, Stifle
    fizzles)."""
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "omni", "card": "Omnibian"},
                                                        {"alias": "bears", "card": "Grizzly Bears"}]},
                        {"alias": "b", "mana_pool": {"U": 1},
                         "hand": [{"alias": "stifle", "card": "Stifle"}]}])
    g = dataclasses.replace(g, next_id=1000)
    step = act(g, refs, {"action": "activate", "player": "a", "source": "omni", "ability": 0},
               [target(g, refs, "bears")])
    assert step.game.stack[0].id == 1000
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    answer = tuple(json.loads('["stack", 1000]'))
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "stifle"}, [answer])
    step = apply(step.game, {"action": "resolve"})
    assert step.game.stack == ()
    assert obj(step.game, refs, "stifle").zone == "graveyard"


def test_a_loyalty_cost_the_counters_can_not_pay_is_refused_before_any_choice() -> None:
    """CR 606.6: a planeswalker with 6 loyalty can't activate its -8, so it is refused before targets or
    payment and is not among the legal actions (casting.py ``if n < 0 and ...`` -> ``if not n < 0 and
    ...``: only the later check, as the cost is paid, refused it)."""
    from engine.casting import check_costs_payable
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "chandra", "card": "Chandra Nalaar", "counters": {"loyalty": 6}}]}, {"alias": "b"}])
    chandra = obj(g, refs, "chandra")
    abilities = ch.activated(g, chandra)
    assert abilities[2]["cost"]["loyalty"] == -8
    with pytest.raises(IllegalAction) as err:
        check_costs_payable(g, 0, chandra, abilities[2])
    assert err.value.rule == "606.6"
    offered = {a["ability"] for a in legal_actions(g) if a["action"] == "activate"}
    assert offered == {0, 1}


def test_card_definitions_are_frozen_and_hashable() -> None:
    """Card definitions are loaded once and shared by every game (and by the forked workers of a run): one
    can't be changed in place, and it hashes like the other state values (cards.py ``frozen=True`` ->
    ``frozen=False``)."""
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    bears = ch.card(g, obj(g, refs, "bears"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        bears.name = "Grizzly Bears II"  # type: ignore[misc]
    assert hash(bears) == hash(ch.card(g, obj(g, refs, "bears")))


@pytest.mark.parametrize("x", [True, "2", 1.5])
def test_x_must_be_an_integer_answer(x: Any) -> None:
    """CR 107.1b, 107.3a: X is announced as a whole number; true, a string or a fraction is refused
    (casting.py ``not isinstance(x, int) or isinstance(x, bool) or x < 0`` -> ``... and ... or ...``)."""
    hydra = {"alias": "hydra", "card": "Benevolent Hydra"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 3}, "hand": [hydra]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "hydra"}, x)
    assert err.value.rule == "107.1b"


def test_enlist_asks_for_up_to_one_creature() -> None:
    """CR 702.154a: enlist taps up to one creature: the decision takes 0 or 1 of the offered creatures, so
    with two to choose from it is a real choice (attack_costs.py ``Decision(..., 0, 1)`` -> ``0, 0``)."""
    knight = {"alias": "knight", "card": "Coalition Skyknight"}
    others = [{"alias": "bears", "card": "Grizzly Bears"}, {"alias": "elves", "card": "Llanowar Elves"}]
    g, refs = new_game([{"alias": "a", "battlefield": [knight, *others]}, {"alias": "b"}])
    g = act(g, refs, {"action": "advance", "step": "declare_attackers"}).game
    step = act(g, refs, {"action": "declare_attackers", "player": "a",
                         "attackers": [(refs.by_alias["knight"], target(g, refs, "b"))]})
    d = step.pending
    assert d is not None and d.kind == "tap_cost"
    assert set(d.options) == {target(g, refs, "bears"), target(g, refs, "elves")}
    assert (d.low, d.high) == (0, 1)
    assert forced_answer(d) is None


def _chandra() -> tuple[st.Game, Any]:
    return new_game([{"alias": "a", "battlefield": [
        {"alias": "chandra", "card": "Chandra Nalaar", "counters": {"loyalty": 6}}]},
        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])


def test_a_minus_x_above_the_loyalty_is_refused_naming_the_planeswalker_by_its_alias() -> None:
    """CR 606.6 via 107.3a: Chandra Nalaar with 6 loyalty can't pay [-X] with X=7; the refusal names her as
    the case does, by alias (casting.py ``o.alias or o.card`` -> ``o.alias and o.card``)."""
    g, refs = _chandra()
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "chandra", "ability": 1},
            7, [target(g, refs, "bears")])
    assert err.value.rule == "606.6"
    assert err.value.reason == "X=7 is more loyalty than chandra has"


def test_an_ability_index_past_the_last_is_malformed_naming_the_source_by_its_alias() -> None:
    """An action naming an activated ability the object doesn't have is malformed (no rule refuses it: it
    names nothing); the message names the source by alias (casting.py ``o.alias or o.card`` -> ``and``)."""
    from engine import MalformedAction
    g, refs = _chandra()
    with pytest.raises(MalformedAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "chandra", "ability": 3})
    assert str(err.value) == "chandra has no activated ability #3"
