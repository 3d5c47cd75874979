"""'Enchanted creature' in an Aura's triggered ability: the permanent it enchants as the ability resolves,
or, once the Aura has left the battlefield, the one it enchanted as it last existed (CR 608.2h)."""

from __future__ import annotations

from typing import Any

from engine_helpers import act, new_game, obj, target


def _forced_adaptation(response: str) -> tuple[int, int]:
    """Forced Adaptation on the Bears; in response to its upkeep trigger the Aura is moved to the Elves
    (Alice's Aura Finesse) or destroyed (Bob's Naturalize). The +1/+1 counters on (Bears, Elves)."""
    g, refs = new_game([{"alias": "a", "battlefield": [
                            {"alias": "bears", "card": "Grizzly Bears"},
                            {"alias": "adapt", "card": "Forced Adaptation", "attached_to": "bears"},
                            {"alias": "elves", "card": "Llanowar Elves"}, {"alias": "isl", "card": "Island"}],
                         "hand": [{"alias": "finesse", "card": "Aura Finesse"}],
                         "library": [{"alias": "l1", "card": "Island"}, {"alias": "l2", "card": "Island"}]},
                        {"alias": "b", "battlefield": [{"alias": "f1", "card": "Forest"},
                                                       {"alias": "f2", "card": "Forest"}],
                         "hand": [{"alias": "natur", "card": "Naturalize"}]}], active_player="b", step="end")
    step = act(g, refs, {"action": "advance", "step": "upkeep"})  # Alice's upkeep: the trigger
    actions: list[tuple[dict[str, Any], list[Any]]]
    if response == "finesse":
        actions = [({"action": "activate", "player": "a", "source": "isl", "ability": 0}, []),
                   ({"action": "cast", "player": "a", "card": "finesse"},
                    [[target(g, refs, "adapt"), target(g, refs, "elves")]])]
    else:
        actions = [({"action": "pass", "player": "a"}, []),
                   ({"action": "activate", "player": "b", "source": "f1", "ability": 0}, []),
                   ({"action": "activate", "player": "b", "source": "f2", "ability": 0}, []),
                   ({"action": "cast", "player": "b", "card": "natur"}, [[target(g, refs, "adapt")]])]
    for action, answers in [*actions, ({"action": "resolve"}, []), ({"action": "resolve"}, [])]:
        step = act(step.game, refs, action, *answers)
    return (int(obj(step.game, refs, "bears").counters.get("+1/+1", 0)),
            int(obj(step.game, refs, "elves").counters.get("+1/+1", 0)))


def test_the_creature_enchanted_as_the_ability_resolves_gets_the_counter() -> None:
    assert _forced_adaptation("finesse") == (0, 1)


def test_the_aura_gone_the_creature_it_enchanted_as_it_left_gets_the_counter() -> None:
    assert _forced_adaptation("naturalize") == (1, 0)
