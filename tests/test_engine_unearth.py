"""Unearth (CR 702.84a): an ability activated from the graveyard as a sorcery; the card returns with
haste, is exiled at the next end step (a delayed trigger, once) and instead of leaving the battlefield."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, new_game, obj

from engine import apply
from engine.context import Ctx
from engine.effects import destroy
from engine.errors import IllegalAction


def _unearthed() -> tuple[Any, Any]:
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 1},
                         "graveyard": [{"alias": "z", "card": "Dregscape Zombie"}]}, {"alias": "b"}])
    g = act(g, refs, {"action": "activate", "player": "a", "source": "z", "ability": 0}).game
    return apply(g, {"action": "resolve"}).game, refs


def test_unearth_returns_the_card_marked_and_hasty() -> None:
    g, refs = _unearthed()
    z = obj(g, refs, "z")
    assert z.zone == "battlefield" and z.unearthed and any(m.keyword == "Haste" for m in z.mods)
    assert g.unearth_delayed == ((z.id, z.epoch, 0),)


def test_a_destroyed_unearthed_creature_is_exiled_instead() -> None:
    g, refs = _unearthed()
    ctx = Ctx(g)
    destroy(ctx, refs.by_alias["z"], by_effect=True)
    assert ctx.game.obj(refs.by_alias["z"]).zone == "exile"


def test_the_delayed_trigger_triggers_once() -> None:
    g, refs = _unearthed()
    g = apply(g, {"action": "advance", "step": "end"}).game
    assert len(g.stack) == 1 and g.unearth_delayed == ()


def test_unearth_is_not_activated_from_the_battlefield() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 1},
                         "battlefield": [{"alias": "z", "card": "Dregscape Zombie"}]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "activate", "player": "a", "source": "z", "ability": 0})
    assert err.value.rule == "602.2"
