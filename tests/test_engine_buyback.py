"""Buyback (CR 702.27a): an optional additional cost announced as the spell is cast (601.2b); paid, the
spell goes to its owner's hand as it resolves, and only then."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, new_game, obj, target

from engine import apply
from engine.errors import IllegalAction


def _fury(pool: dict[str, int]) -> tuple[Any, Any]:
    return new_game([{"alias": "a", "mana_pool": pool, "hand": [{"alias": "fury", "card": "Elvish Fury"}],
                      "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}, {"alias": "b"}])


def test_buyback_is_offered_only_when_the_total_cost_can_be_paid() -> None:
    g, refs = _fury({"G": 1, "C": 3})  # {G} + {4} needs five mana
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fury"})
    assert step.pending is not None and step.pending.kind == "buyback"
    assert step.pending.options == (False,)
    with pytest.raises(IllegalAction) as err:
        apply(step.game, {"action": "answer", "value": True})
    assert err.value.rule == "601.2h"


def test_paid_buyback_adds_its_mana_and_returns_the_resolved_spell_to_hand() -> None:
    g, refs = _fury({"G": 1, "C": 4})
    g = act(g, refs, {"action": "cast", "player": "a", "card": "fury"}, True, [target(g, refs, "bears")]).game
    assert dict(g.players[0].mana_pool) == {}
    g = apply(g, {"action": "resolve"}).game
    assert obj(g, refs, "fury").zone == "hand"


def test_declined_buyback_costs_nothing_more_and_the_spell_goes_to_the_graveyard() -> None:
    g, refs = _fury({"G": 1, "C": 4})
    cast = {"action": "cast", "player": "a", "card": "fury"}
    g = act(g, refs, cast, False, [target(g, refs, "bears")]).game
    assert dict(g.players[0].mana_pool) == {"C": 4}
    g = apply(g, {"action": "resolve"}).game
    assert obj(g, refs, "fury").zone == "graveyard"


def test_life_buyback_needs_that_much_life() -> None:
    """CR 119.4: Slaughter's "Pay 4 life" can't be paid with 3 life."""
    g, refs = new_game([{"alias": "a", "life": 3, "mana_pool": {"B": 2, "C": 2},
                         "hand": [{"alias": "s", "card": "Slaughter"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"})
    assert step.pending is not None and step.pending.options == (False,)
    with pytest.raises(IllegalAction) as err:
        apply(step.game, {"action": "answer", "value": True})
    assert err.value.rule == "119.4"


@pytest.mark.parametrize("answer", [1, 0, "yes"])
def test_buyback_is_answered_true_or_false_only(answer: object) -> None:
    """CR 702.27a, 601.2b: whether buyback is paid is announced, true or false; 1 or 0 (equal to true
    and false in Python) is no answer and is refused, not taken as declining."""
    g, refs = _fury({"G": 1, "C": 4})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fury"})
    assert step.pending is not None and step.pending.options == (False, True)
    with pytest.raises(IllegalAction) as err:
        apply(step.game, {"action": "answer", "value": answer})
    assert err.value.rule == "601.2b"
