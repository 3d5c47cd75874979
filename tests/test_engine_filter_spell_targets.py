"""Filter `targets`: "a spell that targets [a creature / a player / you]" (CR 115.1, 700.2): at least one of
the spell's targets matches, among the targets of the modes chosen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from engine_helpers import act, new_game, target

from engine import characteristics as ch


def _arc_trail(first: str, second: str) -> tuple[Any, Any, Any]:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "elves", "card": "Llanowar Elves"}]},
                        {"alias": "b", "mana_pool": {"R": 2},
                         "hand": [{"alias": "trail", "card": "Arc Trail"}]}],
                       active_player="b")
    step = act(g, refs, {"action": "cast", "player": "b", "card": "trail"},
               [target(g, refs, first), target(g, refs, second)])
    return step.game, refs, step.game.obj(refs.by_alias["trail"])


@pytest.mark.parametrize(("flt", "first", "second", "expected"), [
    ({"what": "player"}, "bears", "a", True),  # one player among its targets is enough
    ({"what": "player"}, "bears", "elves", False),
    ({"types": ["Creature"]}, "bears", "a", True),
    ({"what": "player", "controller": "you"}, "bears", "b", False),  # a player, but not "you" (Alice)
    ({"what": "player", "controller": "you"}, "bears", "a", True),
])
def test_a_spell_that_targets(flt: dict[str, Any], first: str, second: str, expected: bool) -> None:
    game, _, spell = _arc_trail(first, second)
    assert ch.matches(game, {"what": "spell", "targets": flt}, spell, None, 0) is expected


def test_a_target_that_changed_zones_no_longer_counts() -> None:
    # CR 400.7: the Bears put into a graveyard are a new object, no longer the one the spell targets
    game, refs, spell = _arc_trail("bears", "elves")
    bears = game.obj(refs.by_alias["bears"])
    moved = game.with_obj(replace(bears, epoch=bears.epoch + 1))
    assert ch.matches(moved, {"what": "spell", "targets": {"types": ["Creature"]}}, spell, None, 0)
    both = moved.with_obj(replace(moved.obj(refs.by_alias["elves"]), epoch=bears.epoch + 5))
    assert not ch.matches(both, {"what": "spell", "targets": {"types": ["Creature"]}}, spell, None, 0)
