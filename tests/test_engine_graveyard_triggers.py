"""A card's graveyard triggered ability and leaves-the-battlefield events (CR 603.10a): looking back in
time, a card that died together with another creature was a permanent then, and its graveyard ability
did not exist yet; a card already in the graveyard sees the creature die."""

from __future__ import annotations

from engine_helpers import act, card, new_game

_WATCHER = card("Grave Watcher", "Creature", [
    {"kind": "triggered", "trigger": {"on": "dies", "what": {"types": ["Creature"]}, "zone": "graveyard"},
     "effects": [{"do": "gain_life", "player": "you", "amount": 1}],
     "text": "Whenever a creature dies, if Grave Watcher is in your graveyard, you gain 1 life."}],
    cost="{1}{B}", power="1", toughness="1")


def _electrickery_overloaded_on(bob: dict[str, object]) -> int:
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1, "C": 1},
                         "hand": [{"alias": "e", "card": "Electrickery"}]}, bob], extra=[_WATCHER])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "e"}, "overload")
    while step.game.stack or step.game.pending_triggers:
        step = act(step.game, refs, {"action": "resolve"})
    return step.game.players[1].life


def test_a_graveyard_dies_trigger_on_a_card_that_died_at_the_same_time_does_not_trigger() -> None:
    life = _electrickery_overloaded_on({"alias": "b", "battlefield": [
        {"alias": "w", "card": "Grave Watcher"}, {"alias": "elf", "card": "Llanowar Elves"}]})
    assert life == 20


def test_a_graveyard_dies_trigger_on_a_card_already_there_triggers() -> None:
    life = _electrickery_overloaded_on({"alias": "b", "graveyard": [{"alias": "w", "card": "Grave Watcher"}],
                                        "battlefield": [{"alias": "elf", "card": "Llanowar Elves"}]})
    assert life == 21
