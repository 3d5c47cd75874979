"""CR 608.2h: "that creature's mana value" read after the same effect moved the creature to a hidden zone
uses its last known information (Aether Mutation)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

from engine import apply


def test_mana_value_of_a_creature_returned_to_hand_is_its_last_known() -> None:
    """Aether Mutation returns Grizzly Bears (mana value 2) to a hand, then creates that many Saprolings:
    the hand is hidden, so the value is the Bears' as they last existed on the battlefield (CR 608.2h)."""
    mutation = {"alias": "mut", "card": "Aether Mutation"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1, "U": 1, "C": 3}, "hand": [mutation]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "mut"}, [target(g, refs, "bears")])
    step = apply(step.game, {"action": "resolve"})
    assert obj(step.game, refs, "bears").zone == "hand"
    saprolings = [o for o in step.game.objects.values()
                  if o.zone == "battlefield" and step.game.cards[o.card].name == "Saproling Token"]
    assert len(saprolings) == 2
