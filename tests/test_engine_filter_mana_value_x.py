"""Filter `mana_value_x`: "with mana value X", the X announced for the spell before its targets (CR 601.2b-c);
a spell's own {X} counts in its mana value on the stack (202.3e)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_helpers import act, new_game, target

from engine import characteristics as ch


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
