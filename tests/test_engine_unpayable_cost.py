"""CR 118.6: an object with no mana cost has an unpayable cost; it can't be cast for its mana cost."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj

from engine import IllegalAction


def test_a_card_with_no_mana_cost_cannot_be_cast_normally() -> None:
    """Asmoranomardicadaistinaculdacar has no mana cost: casting it normally is refused under 118.6,
    however much mana its caster has, and it stays in hand."""
    card = {"alias": "asmo", "card": "Asmoranomardicadaistinaculdacar"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 2, "R": 2}, "hand": [card]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "asmo"})
    assert err.value.rule == "118.6"
    assert obj(g, refs, "asmo").zone == "hand"
