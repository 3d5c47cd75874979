"""The filter 'with no counters on it' (Heartless Act: `with_counter: false`): any counter of any kind
disqualifies the object (CR 122.1), judged as it is targeted and again on resolution (608.2b)."""

from __future__ import annotations

from engine_helpers import new_game, obj

from engine import characteristics as ch
from engine.state import replace


def test_with_counter_false_matches_only_an_object_with_no_counters() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "maw", "card": "Colossal Dreadmaw"}]},
                        {"alias": "b"}])
    bears, maw = obj(g, refs, "bears"), obj(g, refs, "maw")
    assert ch.matches(g, {"with_counter": False}, bears, maw)
    for kind in ("+1/+1", "-1/-1", "stun"):
        countered = replace(bears, counters={kind: 1})
        assert not ch.matches(g.with_obj(countered), {"with_counter": False}, countered, maw)
    emptied = replace(bears, counters={"+1/+1": 0})  # a kind whose count went back to 0 is no counter
    assert ch.matches(g.with_obj(emptied), {"with_counter": False}, emptied, maw)


def test_without_counter_of_a_kind_ignores_other_kinds() -> None:
    """Coiling Stalker: 'a creature that doesn't have a +1/+1 counter on it'."""
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "maw", "card": "Colossal Dreadmaw"}]},
                        {"alias": "b"}])
    bears, maw = obj(g, refs, "bears"), obj(g, refs, "maw")
    flt = {"without_counter": "+1/+1"}
    assert ch.matches(g, flt, bears, maw)
    minus = replace(bears, counters={"-1/-1": 1})
    assert ch.matches(g.with_obj(minus), flt, minus, maw)
    plus = replace(bears, counters={"+1/+1": 1})
    assert not ch.matches(g.with_obj(plus), flt, plus, maw)
