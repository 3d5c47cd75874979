"""Destroying several permanents with one instruction (CR 701.8a): they are destroyed at the same time, so
abilities that trigger on one of them dying look back and see all of them (603.10a)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj

from engine import apply


def test_scorpion_god_sees_every_creature_mass_calcify_destroys_with_it() -> None:
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"W": 2, "C": 5}, "hand": [{"alias": "mc", "card": "Mass Calcify"}],
         "library": [{"alias": "l0", "card": "Island"}, {"alias": "l1", "card": "Island"}],
         "battlefield": [{"alias": "god", "card": "The Scorpion God", "counters": {"-1/-1": 1}},
                         {"alias": "bears", "card": "Grizzly Bears", "counters": {"-1/-1": 1}}]},
        {"alias": "b"},
    ])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "mc"}).game
    step = act(g, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "trigger_order"  # two triggers, one source
    step = apply(step.game, {"action": "answer", "value": step.pending.options})
    assert obj(step.game, refs, "god").zone == "graveyard"
    assert obj(step.game, refs, "bears").zone == "graveyard"
    assert len(step.game.stack) == 3  # for the God and the Bears (-1/-1 counters), and its own dies trigger
