"""Filter `multicolored` (CR 105.2b): two or more colors; a hybrid card is each of its symbols' colors
(202.2c)."""

from __future__ import annotations

import pytest
from engine_helpers import new_game, obj

from engine import characteristics as ch


@pytest.mark.parametrize(("card", "multicolored"), [
    ("Kitchen Finks", True),  # {1}{G/W}{G/W}: green and white
    ("Gruul Ragebeast", True),
    ("Grizzly Bears", False),
    ("Ornithopter", False),  # colorless (CR 105.2c)
])
def test_multicolored(card: str, multicolored: bool) -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "x", "card": card}]}, {"alias": "b"}])
    o = obj(g, refs, "x")
    assert ch.matches(g, {"multicolored": True}, o, None, 0) is multicolored
    assert ch.matches(g, {"multicolored": False}, o, None, 0) is not multicolored
