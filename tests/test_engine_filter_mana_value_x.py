"""Filter `mana_value_x`: "with mana value X", the X announced for the spell before its targets (CR 601.2b-c);
a spell's own {X} counts in its mana value on the stack (202.3e)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from engine_helpers import act, new_game, target

from engine import characteristics as ch
from engine.errors import IllegalAction


@pytest.mark.parametrize(("x", "expected"), [(3, True), (1, False), (0, False)])
def test_mana_value_x_reads_the_source_x(x: int, expected: bool) -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "sb", "card": "Grizzly Bears"}]},
                        {"alias": "b", "mana_pool": {"R": 3},
                         "hand": [{"alias": "ray", "card": "Heat Ray"}]}],
                       active_player="b")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "ray"}, 2, [target(g, refs, "bears")])
    game = step.game
    src = replace(game.obj(refs.by_alias["sb"]), x=x)  # a source whose X was announced as x
    ray = game.obj(refs.by_alias["ray"])  # {X}{R} cast with X=2: mana value 3 on the stack
    assert ch.matches(game, {"what": "spell", "mana_value_x": True}, ray, src) is expected


def _deepfire() -> tuple[Any, Any]:
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 9},
                         "battlefield": [{"alias": "deep", "card": "Deepfire Elemental"}]},
                        {"alias": "b", "battlefield": [{"alias": "giant", "card": "Hill Giant"},
                                                       {"alias": "myr", "card": "Darksteel Myr"}]}])
    return g, refs


def test_activated_ability_x_is_the_x_its_targets_compare_with() -> None:
    """Deepfire Elemental '{X}{X}{1}: destroy target ... with mana value X': the X announced for the
    ability (CR 107.3a, 601.2b-c via 602.2b), not its source's own X (0 for a permanent)."""
    g, refs = _deepfire()
    step = act(g, refs, {"action": "activate", "player": "a", "source": "deep", "ability": 0},
               4, [target(g, refs, "giant")])
    assert step.game.stack and step.game.stack[-1].x == 4
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    assert step.game.obj(refs.by_alias["giant"]).zone == "graveyard"  # still legal on resolution (608.2b)


def test_activated_ability_x3_cant_target_mana_value_4() -> None:
    g, refs = _deepfire()
    with pytest.raises(IllegalAction):
        act(g, refs, {"action": "activate", "player": "a", "source": "deep", "ability": 0},
            3, [target(g, refs, "giant")])
