"""Filters on toughness ('with toughness N or less/greater') and on missing keywords ('without flying'):
judged on the object's current characteristics (CR 608.2b: again as the spell or ability resolves)."""

from __future__ import annotations

from engine_helpers import new_game, obj

from engine import characteristics as ch
from engine.state import Mod, replace


def test_toughness_filters_read_the_current_toughness() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "maw", "card": "Colossal Dreadmaw"}]},
                        {"alias": "b"}])
    bears, maw = obj(g, refs, "bears"), obj(g, refs, "maw")
    assert ch.matches(g, {"toughness_at_most": 2}, bears, maw)
    assert not ch.matches(g, {"toughness_at_most": 2}, maw, bears)
    assert ch.matches(g, {"toughness_at_least": 3}, maw, bears)
    assert not ch.matches(g, {"toughness_at_least": 3}, bears, maw)
    grown = replace(bears, mods=(Mod(power=3, toughness=3, timestamp=1),))  # Giant Growth: 5/5
    g2 = g.with_obj(grown)
    assert not ch.matches(g2, {"toughness_at_most": 2}, grown, maw)
    assert ch.matches(g2, {"toughness_at_least": 3}, grown, maw)


def test_not_keywords_excludes_a_creature_with_the_keyword() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "drake", "card": "Wind Drake"}]},
                        {"alias": "b"}])
    bears, drake = obj(g, refs, "bears"), obj(g, refs, "drake")
    assert ch.matches(g, {"not_keywords": ["Flying"]}, bears, drake)
    assert not ch.matches(g, {"not_keywords": ["Flying"]}, drake, bears)
    assert ch.matches(g, {"keywords": ["Flying"]}, drake, bears)
