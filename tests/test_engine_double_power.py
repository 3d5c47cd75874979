"""Double the power of target creature (Unleash Fury): +X/+0, X its power then, negative too (701.10b-c)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

from engine import characteristics as ch


def _unleash_fury(extra_bf: list[dict[str, object]]) -> int:
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 2},
                         "hand": [{"alias": "fury", "card": "Unleash Fury"}],
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]},
                        {"alias": "b", "battlefield": extra_bf}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fury"}, [target(g, refs, "bears")])
    step = act(step.game, refs, {"action": "resolve"})
    return ch.power(step.game, obj(step.game, refs, "bears"))


def test_doubling_a_positive_power_adds_that_power() -> None:
    assert _unleash_fury([]) == 4


def test_doubling_a_negative_power_subtracts_its_distance_below_zero() -> None:
    # Aether Meltdown's -4/-0 leaves the Bears at -2: doubled, -4 (701.10c), not -2 (107.1b's 0 is not used)
    assert _unleash_fury([{"alias": "melt", "card": "Aether Meltdown", "attached_to": "bears"}]) == -4
