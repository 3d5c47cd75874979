"""'Where X is that creature's power' in a dies trigger: the creature as it last existed (CR 608.2h)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target


def _kresh_murders_bears(counters: dict[str, int]) -> int:
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 2, "C": 1},
                         "hand": [{"alias": "murder", "card": "Murder"}],
                         "battlefield": [{"alias": "kresh", "card": "Kresh the Bloodbraided"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears",
                                                        "counters": counters}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "murder"}, [target(g, refs, "bears")])
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "resolve"}, True)  # Kresh's trigger: "you may" - yes
    return int(obj(step.game, refs, "kresh").counters.get("+1/+1", 0))


def test_dies_trigger_uses_the_power_the_creature_had_on_the_battlefield() -> None:
    # Kresh the Bloodbraided: the Bears died a 3/3 with a +1/+1 counter; the card in the graveyard is a 2/2
    assert _kresh_murders_bears({"+1/+1": 1}) == 3


def test_dies_trigger_power_without_counters_is_the_printed_power() -> None:
    assert _kresh_murders_bears({}) == 2


def _iron_apprentice_murdered(counters: dict[str, int]) -> dict[str, int]:
    # Iron Apprentice: "When this creature dies, if it had counters on it, put those counters on target
    # creature you control": the intervening "if" and "those counters" read it as it last existed (603.10a)
    g, refs = new_game([{"alias": "a", "battlefield": [
                            {"alias": "app", "card": "Iron Apprentice", "counters": counters},
                            {"alias": "bears", "card": "Grizzly Bears"}]},
                        {"alias": "b", "mana_pool": {"B": 3},
                         "hand": [{"alias": "murder", "card": "Murder"}]}])
    step = act(g, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "murder"}, [target(g, refs, "app")])
    step = act(step.game, refs, {"action": "resolve"})  # Murder: the trigger's target is asked as it is put
    if step.pending is not None:
        step = act(step.game, refs, {"action": "answer", "value": [target(g, refs, "bears")]})
    if step.game.stack:
        step = act(step.game, refs, {"action": "resolve"})
    return dict(obj(step.game, refs, "bears").counters)


def test_dies_trigger_if_it_had_counters_puts_those_it_had_on_the_battlefield() -> None:
    assert _iron_apprentice_murdered({"+1/+1": 3}) == {"+1/+1": 3}


def _morgue_burst(cremated: bool) -> int:
    # Morgue Burst: "deals damage ... equal to the power of the card returned this way" (CR 608.2c): the
    # card now in the hand; none returned (its target exiled in response, 608.2b) is 0
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 1, "R": 1, "C": 4},
                         "hand": [{"alias": "burst", "card": "Morgue Burst"}],
                         "graveyard": [{"alias": "giant", "card": "Hill Giant"}]},
                        {"alias": "b", "mana_pool": {"B": 1},
                         "hand": [{"alias": "cremate", "card": "Cremate"}],
                         "library": [{"alias": "card", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "burst"},
               [target(g, refs, "giant"), target(g, refs, "b")])
    if cremated:
        step = act(step.game, refs, {"action": "pass", "player": "a"})
        step = act(step.game, refs, {"action": "cast", "player": "b", "card": "cremate"},
                   [target(g, refs, "giant")])
        step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "resolve"})
    return int(step.game.players[1].life)


def test_power_of_the_card_returned_this_way_is_its_power_in_the_hand() -> None:
    assert _morgue_burst(False) == 17


def test_power_of_a_card_never_returned_is_zero() -> None:
    assert _morgue_burst(True) == 20


def _reyhan_sees_the_bears_die(counters: dict[str, int]) -> dict[str, int]:
    # Reyhan: "whenever a creature you control dies, if it had +1/+1 counters on it, you may put that many
    # +1/+1 counters on target creature": "that many" is read from the Bears as they last existed (603.10a)
    g, refs = new_game([{"alias": "a", "battlefield": [
                            {"alias": "reyhan", "card": "Reyhan, Last of the Abzan",
                             "counters": {"+1/+1": 3}},
                            {"alias": "bears", "card": "Grizzly Bears", "counters": counters}]},
                        {"alias": "b", "mana_pool": {"B": 3},
                         "hand": [{"alias": "murder", "card": "Murder"}]}])
    step = act(g, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "murder"},
               [target(g, refs, "bears")])
    step = act(step.game, refs, {"action": "resolve"})  # Murder: Reyhan's trigger targets Reyhan
    if step.pending is not None:
        step = act(step.game, refs, {"action": "answer", "value": [target(g, refs, "reyhan")]})
    if step.game.stack:
        step = act(step.game, refs, {"action": "resolve"}, True)  # "you may": yes
    return dict(obj(step.game, refs, "reyhan").counters)


def test_dies_trigger_that_many_counters_counts_them_as_it_last_existed() -> None:
    assert _reyhan_sees_the_bears_die({"+1/+1": 2}) == {"+1/+1": 5}
