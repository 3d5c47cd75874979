"""Filters on toughness ('with toughness N or less/greater') and on missing keywords ('without flying'):
judged on the object's current characteristics (CR 608.2b: again as the spell or ability resolves)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

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


def test_become_copy_of_a_target_takes_its_copiable_values_and_the_last_one_wins() -> None:
    """Mirage Mirror: 'becomes a copy of target permanent until end of turn' (CR 707.2, 613.7: the
    later copy effect overwrites the earlier one)."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 4},
                         "battlefield": [{"alias": "mirror", "card": "Mirage Mirror"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                                       {"alias": "maw", "card": "Colossal Dreadmaw"}]}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "mirror", "ability": 0},
               (target(g, refs, "maw"),))
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "mirror", "ability": 0},
               (target(g, refs, "bears"),))
    step = act(step.game, refs, {"action": "resolve"})
    assert ch.power_toughness(step.game, obj(step.game, refs, "mirror")) == (2, 2)
    step = act(step.game, refs, {"action": "resolve"})
    mirror = obj(step.game, refs, "mirror")
    assert ch.power_toughness(step.game, mirror) == (6, 6)
    assert ch.card(step.game, mirror).name == "Colossal Dreadmaw"
