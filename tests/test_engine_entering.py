"""Permanents entering at the same time (CR 614.12, 113.6): one's "enters with" effect doesn't apply to
another entering with it (Grumgully, the Generous' ruling)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

from engine import apply


def _flicker(*aliases: str) -> dict[str, int]:
    """Ghostly Flicker on two of Alice's creatures beside Grumgully; the +1/+1 counters each then has."""
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"U": 1, "C": 2}, "hand": [{"alias": "fl", "card": "Ghostly Flicker"}],
         "battlefield": [{"alias": "grum", "card": "Grumgully, the Generous"},
                         {"alias": "bears", "card": "Grizzly Bears"},
                         {"alias": "elves", "card": "Llanowar Elves"}]},
        {"alias": "b"},
    ])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fl"},
               [target(g, refs, a) for a in aliases])
    step = apply(step.game, {"action": "resolve"})
    assert step.pending is None
    return {a: obj(step.game, refs, a).counters.get("+1/+1", 0) for a in ("grum", "bears", "elves")}


def test_a_creature_entering_with_grumgully_gets_no_counter_from_it() -> None:
    assert _flicker("grum", "bears") == {"grum": 0, "bears": 0, "elves": 0}


def test_creatures_entering_together_under_grumgully_each_get_a_counter() -> None:
    assert _flicker("bears", "elves") == {"grum": 0, "bears": 1, "elves": 1}
