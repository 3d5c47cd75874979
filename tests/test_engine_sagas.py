"""Sagas (CR 714): lore counters, chapter abilities, the state-based action after the final chapter."""

from __future__ import annotations

from engine_helpers import act, card, new_game, obj, target

from engine import sagas

SAGA = "History of Benalia"
# puts two lore counters at once: both chapters I and II are reached by one event (CR 714.2b-c)
TWO_LORE = card(
    "Lore Burst",
    "Instant",
    [
        {
            "kind": "spell",
            "targets": [{"filter": {"subtypes": ["Saga"]}}],
            "effects": [{"do": "put_counters", "to": {"target": 0}, "counter": "lore", "amount": 2}],
        }
    ],
    cost="{U}",
)


def _history(lore: int) -> tuple:  # type: ignore[type-arg]
    saga = {"alias": "h", "card": SAGA, "counters": {"lore": lore}}
    return new_game(
        [
            {"alias": "a", "battlefield": [saga], "library": [{"alias": "top", "card": "Forest"}]},
            {"alias": "b"},
        ],
        turn=2,
        step="upkeep",
    )


def test_the_final_chapter_number_is_the_greatest_chapter() -> None:
    g, refs = _history(0)
    assert sagas.chapter_numbers(g, obj(g, refs, "h")) == [1, 2, 3]
    assert sagas.final_chapter(g, obj(g, refs, "h")) == 3


def test_the_precombat_main_phase_adds_a_lore_counter_and_its_chapter_triggers() -> None:
    g, refs = _history(1)
    step = act(g, refs, {"action": "advance", "step": "main1"})
    assert dict(obj(step.game, refs, "h").counters) == {"lore": 2}
    assert [s.source for s in step.game.stack] == [refs.by_alias["h"]]


def test_one_event_reaching_two_chapters_triggers_both() -> None:
    saga = {"alias": "h", "card": SAGA, "counters": {"lore": 0}}
    hand = [{"alias": "burst", "card": "Lore Burst"}]
    g2, refs = new_game(
        [{"alias": "a", "battlefield": [saga], "hand": hand, "mana_pool": {"U": 1}}, {"alias": "b"}],
        extra=[TWO_LORE],
    )
    step = act(g2, refs, {"action": "cast", "player": "a", "card": "burst"}, (target(g2, refs, "h"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "trigger_order"  # two instances of "I, II"
    step = act(step.game, refs, {"action": "answer", "value": step.pending.options})
    assert len([s for s in step.game.stack if s.source == refs.by_alias["h"]]) == 2


def test_the_saga_waits_for_its_final_chapter_to_leave_the_stack() -> None:
    g, refs = _history(2)
    step = act(g, refs, {"action": "advance", "step": "main1"})
    assert obj(step.game, refs, "h").zone == "battlefield"  # chapter III is on the stack
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "h").zone == "graveyard"
    assert any(e["type"] == "sacrificed" for e in step.events)


def test_a_saga_with_no_chapter_abilities_is_never_sacrificed_for_its_lore() -> None:
    bare = card("Bare Saga", "Enchantment", [], cost="{1}", subtypes=("Saga",))
    saga = {"alias": "s", "card": "Bare Saga", "counters": {"lore": 5}}
    g, refs = new_game([{"alias": "a", "battlefield": [saga]}, {"alias": "b"}], extra=[bare])
    assert sagas.final_chapter(g, obj(g, refs, "s")) == 0
    assert sagas.sagas_to_sacrifice(g) == []
