"""Damage (CR 120): who can be dealt it, lifelink (702.15), deathtouch (702.2, 704.5h) and last known
information about its source (CR 608.2h)."""

from __future__ import annotations

from engine_helpers import new_game, obj, target

from engine import characteristics as ch
from engine import sba
from engine.context import Ctx
from engine.effects import deal_damage
from engine.state import Mod, replace
from engine.zones import move


def test_an_object_that_left_the_battlefield_is_not_dealt_damage() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "src", "card": "Grizzly Bears"},
                                                       {"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    stale = target(g, refs, "bear")
    ctx = Ctx(g)
    move(ctx, refs.by_alias["bear"], "hand")  # a new object (CR 400.7)
    assert deal_damage(ctx, obj(g, refs, "src"), stale, 2) == 0
    assert obj(ctx.game, refs, "bear").damage == 0
    assert not [e for e in ctx.events if e["type"] == "damage_dealt"]


def test_deathtouch_damage_counts_only_until_state_based_actions_are_next_checked() -> None:
    # CR 704.5h ("since the last time state-based actions were checked"): an indestructible bear survives
    # 1 deathtouch damage; when it later loses indestructible, that old damage doesn't destroy it
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "rats", "card": "Typhoid Rats"},
                                                       {"alias": "bear", "card": "Grizzly Bears"},
                                                       {"alias": "avacyn", "card": "Avacyn, Angel of Hope"}]},
                        {"alias": "b"}])
    ctx = Ctx(g)
    deal_damage(ctx, obj(g, refs, "rats"), target(g, refs, "bear"), 1)
    sba.check(ctx)
    assert obj(ctx.game, refs, "bear").zone == "battlefield"  # indestructible (Avacyn)
    move(ctx, refs.by_alias["avacyn"], "hand")
    sba.check(ctx)
    bear = obj(ctx.game, refs, "bear")
    assert (bear.zone, bear.damage) == ("battlefield", 1)


def test_last_known_information_remembers_a_permanent_as_it_last_existed() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears",
                                                        "counters": {"+1/+1": 2}}]}, {"alias": "b"}])
    before = obj(g, refs, "bear")
    ctx = Ctx(g)
    move(ctx, before.id, "hand")
    lk = ctx.game.last_known.get(before.id)
    assert lk is not None and lk.epoch == before.epoch and lk.counters == before.counters


def test_infect_damage_gives_poison_counters_to_players_and_minus_counters_to_creatures() -> None:
    # CR 120.3b, 120.3d, 702.90b-c: no life is lost and no damage is marked; under Solemnity, nothing
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "elf", "card": "Glistener Elf"}]},
                        {"alias": "b", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}])
    ctx = Ctx(g)
    elf = obj(g, refs, "elf")
    assert deal_damage(ctx, elf, ("player", 1), 1) == 1
    assert deal_damage(ctx, elf, target(g, refs, "bear"), 1) == 1
    assert ctx.game.players[1].life == 20 and ctx.game.players[1].counters == {"poison": 1}
    bear = obj(ctx.game, refs, "bear")
    assert bear.damage == 0 and dict(bear.counters) == {"-1/-1": 1}
    g2, refs2 = new_game([{"alias": "a", "battlefield": [{"alias": "elf", "card": "Glistener Elf"},
                                                         {"alias": "sol", "card": "Solemnity"}]},
                          {"alias": "b"}])
    ctx2 = Ctx(g2)
    deal_damage(ctx2, obj(g2, refs2, "elf"), ("player", 1), 1)
    assert ctx2.game.players[1].life == 20 and not ctx2.game.players[1].counters  # Solemnity's ruling


def test_an_opponents_melira_makes_infect_creatures_lose_infect() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "elf", "card": "Glistener Elf"}]},
                        {"alias": "b",
                         "battlefield": [{"alias": "melira", "card": "Melira, Sylvok Outcast"}]}])
    ctx = Ctx(g)
    deal_damage(ctx, obj(g, refs, "elf"), ("player", 1), 1)
    assert ctx.game.players[1].life == 19 and not ctx.game.players[1].counters


def test_deathtouch_destroys_a_creature_dealt_infect_damage_though_none_is_marked() -> None:
    # CR 704.5h ("dealt damage ... by a source with deathtouch"), 702.90c: the counters, not marked damage
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "rats", "card": "Typhoid Rats"},
                                                       {"alias": "wurm", "card": "Craw Wurm"}]},
                        {"alias": "b"}])
    game = g.with_obj(replace(obj(g, refs, "rats"), mods=(Mod(keyword="Infect", timestamp=1),)))
    ctx = Ctx(game)
    deal_damage(ctx, obj(game, refs, "rats"), target(game, refs, "wurm"), 1)
    sba.check(ctx)
    assert obj(ctx.game, refs, "wurm").zone == "graveyard"


def test_a_keyword_granted_after_a_lose_keyword_effect_is_kept() -> None:
    # Melira's ruling 2011-06-01: the effects apply in timestamp order, the most recent winning (CR 613.7)
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b",
                         "battlefield": [{"alias": "melira", "card": "Melira, Sylvok Outcast"}]}])
    later = g.with_obj(replace(obj(g, refs, "bear"), mods=(Mod(keyword="Infect", timestamp=5),)))
    assert ch.has_keyword(later, obj(later, refs, "bear"), "Infect")
    melira_later = later.with_obj(replace(obj(later, refs, "melira"), timestamp=9))
    assert not ch.has_keyword(melira_later, obj(melira_later, refs, "bear"), "Infect")


def test_a_source_that_left_the_battlefield_deals_damage_with_the_lifelink_its_own_static_gave_it() -> None:
    # CR 608.2h, 702.15b: Sorin, Vengeful Bloodlord gives himself lifelink during his controller's turn;
    # as he last existed he had it, so his damage after he left still gains life
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "sorin", "card": "Sorin, Vengeful Bloodlord",
                                                        "counters": {"loyalty": 4}}]},
                        {"alias": "b"}])
    assert "Lifelink" in ch.keywords(g, obj(g, refs, "sorin"))
    ctx = Ctx(g)
    move(ctx, refs.by_alias["sorin"], "hand")
    lki = ctx.game.last_known[refs.by_alias["sorin"]]
    assert lki.zone == "battlefield" and "Lifelink" in ch.keywords(ctx.game, lki)
    assert deal_damage(ctx, lki, ("player", 1), 1) == 1
    assert ctx.game.players[0].life == 21 and ctx.game.players[1].life == 19
