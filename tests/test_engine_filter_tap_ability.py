"""Filter `tap_ability`: "that has an activated ability with {T} in its cost"."""

from __future__ import annotations

import pytest
from engine_helpers import new_game, obj

from engine import characteristics as ch


@pytest.mark.parametrize(("card", "expected"), [
    ("Llanowar Elves", True),  # {T}: Add {G}, a mana ability, counts
    ("Heritage Druid", False),  # "Tap three untapped Elves you control" is no {T}
    ("Grizzly Bears", False),
])
def test_tap_ability(card: str, expected: bool) -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "x", "card": card}]}, {"alias": "b"}])
    assert ch.matches(g, {"tap_ability": True}, obj(g, refs, "x"), None, 0) is expected
