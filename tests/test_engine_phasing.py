"""Phasing (CR 702.26): a phased-out permanent is treated as though it doesn't exist (702.26b) but stays on
the battlefield as the same object (702.26d); what is attached to it phases out and in with it (702.26g);
permanents phase in during their controller's untap step, before untapping (502.1)."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj, target

from engine import apply
from engine.context import Ctx
from engine.errors import IllegalAction
from engine.phasing import phase_in, phase_out
from engine.state import Attack, Mod, replace


def _bear_with_splitter() -> tuple[object, object]:
    return new_game([
        {"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                                       {"alias": "splitter", "card": "Bonesplitter", "attached_to": "bear"},
                                       {"alias": "marshal", "card": "Benalish Marshal"}]},
        {"alias": "b"}])


def test_phasing_out_is_no_zone_change_and_takes_what_is_attached_indirectly() -> None:
    g, refs = _bear_with_splitter()
    bear = obj(g, refs, "bear")
    ctx = Ctx(g)
    phase_out(ctx, [bear.id])
    out = ctx.game.obj(bear.id)
    assert out.zone == "battlefield" and out.epoch == bear.epoch  # 702.26d: the same object, not moved
    assert out.counters == {"+1/+1": 1}
    assert out.phased_out == "directly"
    assert obj(ctx.game, refs, "splitter").phased_out == "indirectly"  # 702.26g
    assert bear.id not in ctx.game.battlefield and ctx.game.phased_out[bear.id] == 0
    assert {e["type"] for e in ctx.events} == {"phased_out"} and len(ctx.events) == 2
    assert not any(e["type"] == "zone_change" for e in ctx.events)


def test_phasing_in_brings_back_what_phased_out_with_it_still_attached() -> None:
    g, refs = _bear_with_splitter()
    bear = obj(g, refs, "bear")
    ctx = Ctx(g)
    phase_out(ctx, [bear.id])
    phase_in(ctx, [bear.id])
    assert obj(ctx.game, refs, "bear").phased_out is None
    assert obj(ctx.game, refs, "splitter").phased_out is None
    assert obj(ctx.game, refs, "splitter").attached_to == bear.id
    assert not ctx.game.phased_out


def test_an_indirectly_phased_out_permanent_does_not_phase_in_by_itself() -> None:
    g, refs = _bear_with_splitter()
    ctx = Ctx(g)
    phase_out(ctx, [obj(g, refs, "bear").id])
    phase_in(ctx, [obj(g, refs, "splitter").id])  # CR 702.26g: only with its host
    assert obj(ctx.game, refs, "splitter").phased_out == "indirectly"


def test_a_phased_out_permanent_has_no_static_effect_and_gets_none() -> None:
    # 702.26b: the phased-out marshal's "other creatures you control get +1/+1" stops applying
    from engine import characteristics as ch
    g, refs = _bear_with_splitter()
    assert ch.power_toughness(g, obj(g, refs, "bear")) == (2 + 1 + 1 + 2, 2 + 1 + 1)
    ctx = Ctx(g)
    phase_out(ctx, [obj(g, refs, "marshal").id])
    assert ch.power_toughness(ctx.game, obj(ctx.game, refs, "bear")) == (2 + 1 + 2, 2 + 1)
    ctx = Ctx(g)
    phase_out(ctx, [obj(g, refs, "bear").id])  # nor does it affect the phased-out bear (its own counter does)
    assert ch.power_toughness(ctx.game, obj(ctx.game, refs, "bear")) == (2 + 1, 2 + 1)


def test_destroy_all_does_not_destroy_a_phased_out_creature() -> None:
    # the second example of CR 702.26b: "Destroy all creatures." The phased-out creature is not destroyed.
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "gone", "card": "Grizzly Bears", "phased_out": True},
                                       {"alias": "here", "card": "Grizzly Bears"}]},
        {"alias": "b", "mana_pool": {"W": 2, "C": 5},
         "hand": [{"alias": "calcify", "card": "Mass Calcify"}]}],
        active_player="b")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "calcify"})
    while step.game.stack:
        step = apply(step.game, {"action": "pass", "player": step.game.priority})
    assert obj(step.game, refs, "here").zone == "graveyard"
    gone = obj(step.game, refs, "gone")
    assert gone.zone == "battlefield" and gone.phased_out == "directly"


def test_a_phased_out_target_is_illegal_on_resolution() -> None:
    from engine import targets as tg
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    t = target(g, refs, "bear")
    flt = {"types": ["Creature"]}
    src = obj(g, refs, "bear")
    assert tg.is_legal(g, flt, t, src, 1)
    ctx = Ctx(g)
    phase_out(ctx, [t[1]])
    assert not tg.is_legal(ctx.game, flt, t, src, 1)  # CR 702.26b, 608.2b
    assert t not in tg.candidates(ctx.game, flt, src, 1)


def test_an_ability_of_a_phased_out_permanent_cannot_be_activated() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "elves", "card": "Llanowar Elves",
                                                        "phased_out": True}]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as refused:
        act(g, refs, {"action": "activate", "player": "a", "source": "elves", "ability": 0})
    assert refused.value.rule == "702.26b"


def test_untap_step_phases_in_before_untapping_and_phasing_phases_out() -> None:
    # CR 502.1: the elves (phased out, tapped) phase in and then untap; Breezekeeper (phasing, tapped)
    # phases out instead of untapping; both at once, so a permanent phasing in doesn't phase out again
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "elves", "card": "Llanowar Elves", "tapped": True,
                                        "phased_out": True},
                                       {"alias": "keeper", "card": "Breezekeeper", "tapped": True},
                                       {"alias": "keeper2", "card": "Breezekeeper", "phased_out": True}],
         "library": [{"alias": "l1", "card": "Island"}]},
        {"alias": "b", "library": [{"alias": "l2", "card": "Island"}]}], active_player="b", step="end")
    step = act(g, refs, {"action": "advance", "step": "upkeep"})
    elves, keeper, keeper2 = (obj(step.game, refs, a) for a in ("elves", "keeper", "keeper2"))
    assert elves.phased_out is None and not elves.tapped
    assert keeper.phased_out == "directly" and keeper.tapped
    assert keeper2.phased_out is None


def test_a_phased_out_permanent_only_phases_in_in_the_untap_step_of_who_controlled_it() -> None:
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears", "phased_out": True}],
         "library": [{"alias": "l1", "card": "Island"}]},
        {"alias": "b", "library": [{"alias": "l2", "card": "Island"}]}], step="end")
    step = act(g, refs, {"action": "advance", "step": "upkeep"})  # Bob's untap step
    assert obj(step.game, refs, "bear").phased_out == "directly"


def test_cleanup_removes_damage_and_ends_effects_on_a_phased_out_permanent() -> None:
    # CR 514.2: "all damage marked on permanents (including phased-out permanents) is removed"; 702.26f
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears", "damage": 1}],
         "library": [{"alias": "l1", "card": "Island"}]},
        {"alias": "b", "library": [{"alias": "l2", "card": "Island"}]}])
    bear = obj(g, refs, "bear")
    g = g.with_obj(replace(bear, mods=(Mod(power=3),)))
    ctx = Ctx(g)
    phase_out(ctx, [bear.id])
    step = act(ctx.game, refs, {"action": "advance", "step": "upkeep"})  # through the cleanup step
    out = obj(step.game, refs, "bear")
    assert out.phased_out == "directly" and out.damage == 0 and out.mods == ()


def test_a_creature_that_phases_out_is_removed_from_combat() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    bear = obj(g, refs, "bear")
    g = replace(g, attacks=(Attack(bear.id, ("player", 1)),))
    ctx = Ctx(g)
    phase_out(ctx, [bear.id])
    assert bear.id in ctx.game.removed_from_combat  # CR 506.4
