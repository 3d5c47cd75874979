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


def test_mana_value_of_a_countered_x_spell_counts_its_x() -> None:
    """Draining Whelk counters Heat Ray cast with X=3 and gets counters equal to its mana value: the spell
    is in the graveyard by then, so its value is the one it last had on the stack, X included (CR 608.2h,
    202.3e): four, not the card's printed one."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 2, "C": 4},
                         "hand": [{"alias": "whelk", "card": "Draining Whelk"}]},
                        {"alias": "b", "mana_pool": {"R": 1, "C": 3},
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}],
                         "hand": [{"alias": "ray", "card": "Heat Ray"}]}])
    step = act(g, refs, {"action": "pass", "player": "a"})
    bears = target(g, refs, "bears")
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "ray"}, 3, [bears])
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "whelk"})
    step = act(step.game, refs, {"action": "resolve"}, [target(step.game, refs, "ray")])
    step = apply(step.game, {"action": "resolve"})
    assert obj(step.game, refs, "ray").zone == "graveyard"
    assert obj(step.game, refs, "whelk").counters.get("+1/+1") == 4


def test_mana_value_of_a_card_returned_from_a_graveyard_to_a_hand_is_its_printed_one() -> None:
    """Razor Hippogriff returns Myr Retriever ({2}) from Alice's graveyard to her hand, then she gains life
    equal to that card's mana value: the card as it last existed in the graveyard, 2 (CR 608.2h, 202.3)."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"W": 2, "C": 3},
                         "hand": [{"alias": "hippo", "card": "Razor Hippogriff"}],
                         "graveyard": [{"alias": "retr", "card": "Myr Retriever"}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "hippo"})
    step = act(step.game, refs, {"action": "resolve"}, [target(step.game, refs, "retr")])
    step = act(step.game, refs, {"action": "resolve"})
    assert obj(step.game, refs, "retr").zone == "hand"
    assert step.game.players[0].life == 22
