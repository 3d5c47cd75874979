"""Counters with rules of their own (CR 122.1c-d): stun and shield counters."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

from engine import apply


def _bear(**status: object) -> dict:  # type: ignore[type-arg]
    return {"alias": "x", "card": "Grizzly Bears", **status}


def _untap_step(bear: dict) -> tuple:  # type: ignore[type-arg]
    g, refs = new_game([{"alias": "a"}, {"alias": "b", "battlefield": [bear]}])
    step = act(g, refs, {"action": "advance", "step": "upkeep"})
    return step, refs


def test_a_stun_counter_is_removed_instead_of_the_untap_step_untapping_it() -> None:
    step, refs = _untap_step(_bear(tapped=True, counters={"stun": 2}))
    x = obj(step.game, refs, "x")
    assert x.tapped and dict(x.counters) == {"stun": 1}
    assert not any(e["type"] == "untapped" for e in step.events)


def test_an_untapped_permanent_keeps_its_stun_counter_through_the_untap_step() -> None:
    step, refs = _untap_step(_bear(counters={"stun": 1}))
    assert dict(obj(step.game, refs, "x").counters) == {"stun": 1}


def test_an_untap_effect_on_a_stunned_permanent_removes_a_counter_instead() -> None:
    faerie = {"alias": "f", "card": "Sleep-Cursed Faerie", "tapped": True, "counters": {"stun": 1}}
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 4}, "battlefield": [faerie]}, {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "f", "ability": 0})
    step = act(step.game, refs, {"action": "resolve"})
    f = obj(step.game, refs, "f")
    assert f.tapped and dict(f.counters) == {}
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "f", "ability": 0})
    step = act(step.game, refs, {"action": "resolve"})
    assert not obj(step.game, refs, "f").tapped  # no stun counter left: it untaps


def test_sleep_cursed_faerie_enters_tapped_with_three_stun_counters() -> None:
    hand = [{"alias": "f", "card": "Sleep-Cursed Faerie"}]
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 1}, "hand": hand}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "f"})
    step = act(step.game, refs, {"action": "resolve"})
    f = obj(step.game, refs, "f")
    assert f.zone == "battlefield" and f.tapped and dict(f.counters) == {"stun": 3}


def _shock(counters: dict[str, int]) -> tuple:  # type: ignore[type-arg]
    g, refs = new_game(
        [
            {"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "s", "card": "Shock"}]},
            {"alias": "b", "battlefield": [_bear(counters=counters)]},
        ]
    )
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"}, (target(g, refs, "x"),))
    return act(step.game, refs, {"action": "resolve"}), refs


def test_a_shield_counter_prevents_all_the_damage_of_one_event_and_is_removed() -> None:
    step, refs = _shock({"shield": 2})
    x = obj(step.game, refs, "x")
    assert x.damage == 0 and dict(x.counters) == {"shield": 1}
    assert not any(e["type"] == "damage_dealt" for e in step.events)


def test_without_a_shield_counter_the_damage_is_dealt() -> None:
    step, refs = _shock({})
    assert obj(step.game, refs, "x").zone == "graveyard"


def test_a_shield_counter_replaces_destruction_by_an_effect_only() -> None:
    g, refs = new_game(
        [
            {"alias": "a", "mana_pool": {"B": 3}, "hand": [{"alias": "m", "card": "Murder"}]},
            {"alias": "b", "battlefield": [_bear(counters={"shield": 1})]},
        ]
    )
    step = act(g, refs, {"action": "cast", "player": "a", "card": "m"}, (target(g, refs, "x"),))
    step = act(step.game, refs, {"action": "resolve"})
    x = obj(step.game, refs, "x")
    assert x.zone == "battlefield" and dict(x.counters) == {}
    # a second Murder finds no shield counter: destroyed
    g2, refs2 = new_game(
        [
            {"alias": "a", "mana_pool": {"B": 3}, "hand": [{"alias": "m", "card": "Murder"}]},
            {"alias": "b", "battlefield": [_bear()]},
        ]
    )
    step = act(g2, refs2, {"action": "cast", "player": "a", "card": "m"}, (target(g2, refs2, "x"),))
    step = act(step.game, refs2, {"action": "resolve"})
    assert obj(step.game, refs2, "x").zone == "graveyard"


def test_combat_damage_from_two_blockers_is_one_event_for_a_shield_counter() -> None:
    g, refs = new_game(
        [
            {
                "alias": "a",
                "battlefield": [{"alias": "att", "card": "Grizzly Bears", "counters": {"shield": 2}}],
            },
            {
                "alias": "b",
                "battlefield": [
                    {"alias": "x", "card": "Grizzly Bears"},
                    {"alias": "y", "card": "Grizzly Bears"},
                ],
            },
        ]
    )
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    game = apply(
        step.game,
        {"action": "declare_attackers", "player": 0, "attackers": [(refs.by_alias["att"], ("player", 1))]},
    ).game
    game = act(game, refs, {"action": "advance", "step": "declare_blockers"}).game
    game = apply(
        game,
        {
            "action": "declare_blockers",
            "player": 1,
            "blockers": [
                (refs.by_alias["x"], refs.by_alias["att"]),
                (refs.by_alias["y"], refs.by_alias["att"]),
            ],
        },
    ).game
    split = ((target(game, refs, "x"), 2), (target(game, refs, "y"), 0))
    step = act(game, refs, {"action": "advance", "step": "combat_damage"}, split)
    att = obj(step.game, refs, "att")
    assert att.damage == 0 and dict(att.counters) == {"shield": 1}  # 4 damage at once: one counter
    assert obj(step.game, refs, "x").zone == "graveyard"
