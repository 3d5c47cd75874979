"""Overload (CR 702.96): an alternative cost announced as the spell is cast (601.2b) that changes
"target" to "each"."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj, target

from engine import IllegalAction, apply
from engine.overload import overloaded

RIFT = {"alias": "rift", "card": "Cyclonic Rift"}


def _game(mana: dict[str, int]) -> tuple:  # type: ignore[type-arg]
    bob = [{"alias": "x", "card": "Grizzly Bears"}, {"alias": "hex", "card": "Gladecover Scout"}]
    return new_game([{"alias": "a", "mana_pool": mana, "hand": [RIFT]}, {"alias": "b", "battlefield": bob}])


def test_overload_rewrites_each_target_into_each_and_drops_the_targets() -> None:
    ability = {
        "kind": "spell",
        "targets": [{"filter": {"types": ["Creature"]}}],
        "effects": [{"do": "deal_damage", "to": {"target": 0}, "amount": 2}],
    }
    changed = overloaded(ability)
    assert changed["targets"] == []
    assert changed["effects"] == [{"do": "deal_damage", "to": {"each": {"types": ["Creature"]}}, "amount": 2}]
    assert ability["targets"]  # the printed ability is unchanged


def test_the_overloaded_spell_pays_its_overload_cost_and_affects_each_matching_permanent() -> None:
    g, refs = _game({"U": 1, "C": 6})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "rift"}, "overload")
    assert step.game.stack[-1].targets == ()
    assert dict(step.game.players[0].mana_pool) == {}
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "x").zone == "hand" and obj(step.game, refs, "hex").zone == "hand"


def test_without_overload_the_mana_cost_is_paid_and_one_target_chosen() -> None:
    g, refs = _game({"U": 1, "C": 6})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "rift"}, None, (target(g, refs, "x"),))
    assert dict(step.game.players[0].mana_pool) == {"C": 5}
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "x").zone == "hand" and obj(step.game, refs, "hex").zone == "battlefield"


def test_an_answer_that_is_no_alternative_cost_of_the_spell_is_refused() -> None:
    g, refs = _game({"U": 1, "C": 6})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "rift"})
    assert step.pending is not None and step.pending.kind == "alternative_cost"
    with pytest.raises(IllegalAction) as refused:
        apply(step.game, {"action": "answer", "value": "flashback"})
    assert refused.value.rule == "601.2b"


def test_a_spell_without_an_alternative_cost_is_not_asked() -> None:
    g, refs = new_game(
        [{"alias": "a", "mana_pool": {"R": 1}, "hand": [{"alias": "s", "card": "Shock"}]}, {"alias": "b"}]
    )
    step = act(g, refs, {"action": "cast", "player": "a", "card": "s"})
    assert step.pending is not None and step.pending.kind == "targets"


def test_this_way_refers_to_the_creatures_an_earlier_instruction_put_counters_on() -> None:
    mine = [
        {"alias": "x", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
        {"alias": "y", "card": "Grizzly Bears", "counters": {"+1/+1": 3}},
    ]
    g, refs = new_game(
        [
            {
                "alias": "a",
                "mana_pool": {"G": 1, "C": 1},
                "hand": [{"alias": "f", "card": "Fangs of Kalonia"}],
                "battlefield": mine,
            },
            {"alias": "b"},
        ]
    )
    step = act(g, refs, {"action": "cast", "player": "a", "card": "f"}, None, (target(g, refs, "x"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert dict(obj(step.game, refs, "x").counters) == {"+1/+1": 4}
    assert dict(obj(step.game, refs, "y").counters) == {"+1/+1": 3}  # no counter put on it this way


def test_an_overload_cost_the_pool_cant_pay_is_not_offered() -> None:
    g, refs = _game({"U": 1, "C": 5})
    step = act(g, refs, {"action": "cast", "player": "a", "card": "rift"})
    assert step.pending is not None and step.pending.kind == "alternative_cost"
    assert step.pending.options == (None,)  # forced: the mana cost
    with pytest.raises(IllegalAction) as refused:
        apply(step.game, {"action": "answer", "value": "overload"})
    assert refused.value.rule == "601.2h"
