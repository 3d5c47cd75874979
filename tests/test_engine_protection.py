"""Protection from a quality (CR 702.16), hexproof from a quality (702.11d), prevention effects (615)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, card, new_game, obj, target

from engine import apply, protection
from engine import characteristics as ch
from engine.errors import IllegalAction


def _shock_at(victim: dict[str, Any], *, caster_has: list[dict[str, Any]] | None = None) -> tuple[Any, Any]:
    return new_game([
        {"alias": "a", "battlefield": [victim]},
        {"alias": "b", "mana_pool": {"R": 1}, "hand": [{"alias": "s", "card": "Shock"}],
         "battlefield": caster_has or []},
    ], active_player="b")


def _target_options(game: Any, refs: Any, action: dict[str, Any]) -> tuple[Any, ...]:
    step = act(game, refs, action)
    assert step.pending is not None
    return tuple(step.pending.options)


def test_hexproof_from_black_stops_an_opponents_black_spell_only() -> None:
    """CR 702.11d: Murder (black, Bob's) can't choose Knight of Grace; Shock (red) can."""
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "k", "card": "Knight of Grace"},
                                       {"alias": "x", "card": "Grizzly Bears"}]},
        {"alias": "b", "mana_pool": {"B": 2, "C": 1, "R": 1},
         "hand": [{"alias": "m", "card": "Murder"}, {"alias": "s", "card": "Shock"}]},
    ], active_player="b")
    murder = _target_options(g, refs, {"action": "cast", "player": "b", "card": "m"})
    shock = _target_options(g, refs, {"action": "cast", "player": "b", "card": "s"})
    assert target(g, refs, "k") not in murder and target(g, refs, "x") in murder
    assert target(g, refs, "k") in shock


def test_hexproof_from_black_is_not_hexproof() -> None:
    """A "hexproof from" ability is not the keyword Hexproof itself (CR 702.11d): no blanket hexproof."""
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "k", "card": "Knight of Grace"}]},
                        {"alias": "b"}])
    assert "Hexproof" not in ch.keywords(g, obj(g, refs, "k"))


def test_the_controllers_own_black_spell_may_target_hexproof_from_black() -> None:
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"B": 2, "C": 1}, "hand": [{"alias": "m", "card": "Murder"}],
         "battlefield": [{"alias": "k", "card": "Knight of Grace"}]},
        {"alias": "b"},
    ])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "m"}, (target(g, refs, "k"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "k").zone == "graveyard"


def test_protection_from_everything_cant_be_targeted_even_by_its_controller() -> None:
    """CR 702.16j: no spell or ability can target it; Giant Growth has no legal target at all."""
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"G": 1}, "hand": [{"alias": "gg", "card": "Giant Growth"}],
         "battlefield": [{"alias": "p", "card": "Progenitus"}]},
        {"alias": "b"},
    ])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "gg"})
    assert err.value.rule == "601.2c"


def test_protection_from_everything_cant_be_blocked() -> None:
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "p", "card": "Progenitus"}]},
        {"alias": "b", "battlefield": [{"alias": "x", "card": "Grizzly Bears"}]},
    ])
    step = act(g, refs, {"action": "advance", "step": "declare_attackers"})
    step = apply(step.game, {"action": "declare_attackers", "player": 0,
                             "attackers": [(refs.by_alias["p"], ("player", 1))]})
    step = act(step.game, refs, {"action": "advance", "step": "declare_blockers"})
    with pytest.raises(IllegalAction) as err:
        apply(step.game, {"action": "declare_blockers", "player": 1,
                          "blockers": [(refs.by_alias["x"], refs.by_alias["p"])]})
    assert err.value.rule == "702.16f"


def test_protection_from_creatures_prevents_a_creatures_damage_not_a_spells() -> None:
    """CR 702.16a, 702.16e: the quality is a card type; Shock (an instant) is not a creature."""
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "c", "card": "Beloved Chaplain"}]},
        {"alias": "b", "battlefield": [{"alias": "x", "card": "Grizzly Bears"}],
         "hand": [{"alias": "s", "card": "Shock"}]},
    ])
    chaplain, bears = obj(g, refs, "c"), obj(g, refs, "x")
    assert protection.prevented_by(g, bears, target(g, refs, "c"), combat=True) == "702.16e"
    assert protection.prevented_by(g, obj(g, refs, "s"), target(g, refs, "c"), combat=False) is None
    assert not protection.protected_from(g, bears, chaplain)


def test_lost_abilities_take_printed_protection_with_them() -> None:
    """CR 613.1f: a permanent that lost all abilities has no protection ability."""
    from engine.state import Mod, replace
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "c", "card": "Beloved Chaplain"}]},
                        {"alias": "b", "battlefield": [{"alias": "x", "card": "Grizzly Bears"}]}])
    c = obj(g, refs, "c")
    g = g.with_obj(replace(c, mods=(Mod(loses_abilities=True, timestamp=1),)))
    assert not protection.protected_from(g, obj(g, refs, "c"), obj(g, refs, "x"))


def test_a_player_with_protection_from_opponents_cant_be_targeted_by_them() -> None:
    """CR 702.16k, 702.16b: Absolute Virtue; the player's own Shock still may target them."""
    g, refs = _shock_at({"alias": "v", "card": "Absolute Virtue"})
    options = _target_options(g, refs, {"action": "cast", "player": "b", "card": "s"})
    assert ("player", 0) not in options and ("player", 1) in options and target(g, refs, "v") in options
    g2, refs2 = new_game([
        {"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "s", "card": "Shock"}],
         "battlefield": [{"alias": "v", "card": "Absolute Virtue"}]},
        {"alias": "b"},
    ])
    assert ("player", 0) in _target_options(g2, refs2, {"action": "cast", "player": "a", "card": "s"})


def test_fog_prevents_combat_damage_only() -> None:
    """CR 615.1a: "Prevent all combat damage that would be dealt this turn"."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1}, "hand": [{"alias": "f", "card": "Fog"}],
                         "battlefield": [{"alias": "x", "card": "Grizzly Bears"}]},
                        {"alias": "b", "hand": [{"alias": "s", "card": "Shock"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "f"})
    step = act(step.game, refs, {"action": "resolve"})
    game, shock, bears = step.game, obj(step.game, refs, "s"), target(step.game, refs, "x")
    assert protection.prevented_by(game, shock, bears, combat=True) == "615.1a"
    assert protection.prevented_by(game, shock, bears, combat=False) is None
    assert protection.prevented_by(g, shock, bears, combat=True) is None  # not before it exists (615.4)


def test_safe_passage_prevents_damage_to_you_and_your_creatures_not_your_planeswalkers() -> None:
    ajani = {"alias": "aj", "card": "Ajani Goldmane", "counters": {"loyalty": 4}}
    g, refs = new_game([{"alias": "a", "mana_pool": {"W": 1, "C": 2},
                         "hand": [{"alias": "sp", "card": "Safe Passage"}],
                         "battlefield": [{"alias": "x", "card": "Grizzly Bears"}, ajani]},
                        {"alias": "b", "hand": [{"alias": "s", "card": "Shock"}],
                         "battlefield": [{"alias": "y", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "sp"})
    game = act(step.game, refs, {"action": "resolve"}).game
    shock = obj(game, refs, "s")
    assert protection.prevented_by(game, shock, ("player", 0), combat=False) == "615.1a"
    assert protection.prevented_by(game, shock, target(game, refs, "x"), combat=False) == "615.1a"
    assert protection.prevented_by(game, shock, target(game, refs, "aj"), combat=False) is None
    assert protection.prevented_by(game, shock, target(game, refs, "y"), combat=False) is None
    assert protection.prevented_by(game, shock, ("player", 1), combat=False) is None


def test_a_prevention_effect_ends_in_the_cleanup_step() -> None:
    """CR 514.2: "this turn" effects end as the cleanup step's actions happen."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1}, "hand": [{"alias": "f", "card": "Fog"}],
                         "library": [{"alias": "l1", "card": "Forest"}]},
                        {"alias": "b", "library": [{"alias": "l2", "card": "Forest"}],
                         "battlefield": [{"alias": "x", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "f"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.game.turn_effects
    step = act(step.game, refs, {"action": "advance", "step": "upkeep"})
    assert not step.game.turn_effects


def test_inline_protection_from_a_colour_prevents_that_colours_damage() -> None:
    """A protection ability written as data ({"colors": [...]}, CR 702.16a) with the quality checked in any
    zone: a red instant on the stack is a red source."""
    pro_red = {"kind": "keyword", "keyword": "Protection", "from": {"colors": ["R"]}}
    knight = card("Test Knight", "Creature", [pro_red], cost="{W}", power="2", toughness="2")
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "k", "card": "Test Knight"}]},
                        {"alias": "b", "mana_pool": {"R": 1}, "hand": [{"alias": "s", "card": "Shock"}]}],
                       extra=[knight], active_player="b")
    options = _target_options(g, refs, {"action": "cast", "player": "b", "card": "s"})
    assert target(g, refs, "k") not in options
