"""Copies of permanents (CR 707): entering as a copy (707.5), copiable values (707.2, 707.3), exceptions
(707.9), copy effects chosen first (616.1c)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, new_game, obj, target

from engine import characteristics as ch
from engine.errors import IllegalAction
from engine.game import Step
from engine.state import Game, replace


def _cast_and_resolve(g: Game, refs: Any, alias: str, *answers: Any) -> Step:
    step = act(g, refs, {"action": "cast", "player": "a", "card": alias})
    return act(step.game, refs, {"action": "resolve"}, *answers)


def test_clone_gets_the_printed_values_not_counters_or_status() -> None:
    """CR 707.2: counters and status are not copied; the name, power and toughness are."""
    bears = {"alias": "bears", "card": "Grizzly Bears", "tapped": True, "counters": {"+1/+1": 2}}
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 4}, "hand": [{"alias": "clone", "card": "Clone"}]},
                        {"alias": "b", "battlefield": [bears]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "clone"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "copy_of"
    assert set(step.pending.options) == {target(step.game, refs, "bears"), None}
    step = act(step.game, refs, {"action": "answer", "value": target(step.game, refs, "bears")})
    clone = obj(step.game, refs, "clone")
    assert clone.zone == "battlefield" and not clone.tapped and not any(clone.counters.values())
    assert ch.card(step.game, clone).name == "Grizzly Bears"
    assert ch.power_toughness(step.game, clone) == (2, 2)
    assert clone.card == "Clone"  # still the Clone card: the copy effect sets its characteristics (layer 1)


def test_copying_nothing_leaves_the_printed_clone() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 4}, "hand": [{"alias": "clone", "card": "Clone"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = _cast_and_resolve(g, refs, "clone", None)
    clone = obj(step.game, refs, "clone")
    assert clone.copy is None and clone.zone == "graveyard"  # a 0/0 (CR 704.5f)


def test_a_copy_of_a_copy_copies_what_it_copied() -> None:
    """CR 707.3: the copy's copiable values are the copied information."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 8}, "hand": [{"alias": "c1", "card": "Clone"},
                                                                       {"alias": "c2", "card": "Clone"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = _cast_and_resolve(g, refs, "c1", target(g, refs, "bears"))
    step = _cast_and_resolve(step.game, refs, "c2", target(step.game, refs, "c1"))
    c2 = obj(step.game, refs, "c2")
    assert c2.zone == "battlefield" and ch.card(step.game, c2).name == "Grizzly Bears"


def test_a_permanent_the_card_does_not_allow_is_refused_under_707_5() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 4},
                         "hand": [{"alias": "imp", "card": "Clever Impersonator"}]},
                        {"alias": "b", "battlefield": [{"alias": "forest", "card": "Forest"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "imp"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and target(step.game, refs, "forest") not in step.pending.options
    with pytest.raises(IllegalAction) as refused:
        act(step.game, refs, {"action": "answer", "value": target(step.game, refs, "forest")})
    assert refused.value.rule == "707.5"


def test_a_copied_planeswalker_enters_with_its_printed_loyalty_and_spark_doubles_extra_one() -> None:
    """CR 306.5b, 707.5; Spark Double's exceptions (707.9b, 707.9e): not legendary, one more loyalty."""
    ajani = {"alias": "ajani", "card": "Ajani Goldmane", "counters": {"loyalty": 2}}
    double = {"alias": "double", "card": "Spark Double"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 4}, "hand": [double], "battlefield": [ajani]},
                        {"alias": "b"}])
    step = _cast_and_resolve(g, refs, "double", target(g, refs, "ajani"))
    double = obj(step.game, refs, "double")
    assert double.counters.get("loyalty") == 5 and not double.counters.get("+1/+1")
    assert "Legendary" not in ch.card(step.game, double).supertypes
    assert obj(step.game, refs, "ajani").zone == "battlefield"


def test_a_copy_leaves_its_copy_effect_behind_when_it_changes_zones() -> None:
    """CR 400.7: a new object; the copy effect applied as it entered (707.5) is gone."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 4}, "hand": [{"alias": "clone", "card": "Clone"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = _cast_and_resolve(g, refs, "clone", target(g, refs, "bears"))
    clone = obj(step.game, refs, "clone")
    assert clone.copy is not None and clone.moved("graveyard").copy is None


def test_a_token_copy_has_the_copiable_values_and_the_copied_enters_with_counters() -> None:
    """CR 707.2, 707.5, 111.2: create_token_copy; the token is named as what it copies."""
    hatchling = {"alias": "hatchling", "card": "Belligerent Hatchling", "tapped": True}
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 3}, "battlefield": [hatchling],
                         "hand": [{"alias": "cc", "card": "Cackling Counterpart"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "cc"}, (target(g, refs, "hatchling"),))
    step = act(step.game, refs, {"action": "resolve"})
    tokens = [o for o in step.game.objects.values() if o.token and o.zone == "battlefield"]
    assert len(tokens) == 1
    token = tokens[0]
    assert token.card == "Belligerent Hatchling" and not token.tapped
    assert dict(token.counters) == {"-1/-1": 4} and ch.power_toughness(step.game, token) == (2, 2)


def test_exceptions_set_power_toughness_color_and_creature_types_only() -> None:
    """CR 707.9b: "except it's a 1/1 green Frog": those values replace the copied ones; the name and
    abilities are copied, and subtypes that aren't creature types would stay (205.3m)."""
    brute = {"alias": "brute", "card": "Boggart Brute", "tapped": True}
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1, "G": 1, "U": 1}, "battlefield": [brute],
                         "hand": [{"alias": "croak", "card": "Croaking Counterpart"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "croak"}, (target(g, refs, "brute"),))
    step = act(step.game, refs, {"action": "resolve"})
    token = next(o for o in step.game.objects.values() if o.token and o.zone == "battlefield")
    values = ch.card(step.game, token)
    assert (values.name, values.power, values.toughness, values.colors) == ("Boggart Brute", 1, 1, ("G",))
    assert ch.subtypes(step.game, token) == ("Frog",) and ch.has_keyword(step.game, token, "Menace")


def test_becoming_a_copy_until_end_of_turn_keeps_counters_and_ends_at_cleanup() -> None:
    """Cytoshape: a layer 1 copy effect (CR 613.2a) as a modification until end of turn (514.2)."""
    bears = {"alias": "bears", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1, "G": 1, "U": 1}, "battlefield": [bears],
                         "hand": [{"alias": "cyto", "card": "Cytoshape"}]},
                        {"alias": "b", "battlefield": [{"alias": "maw", "card": "Colossal Dreadmaw"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "cyto"}, (target(g, refs, "bears"),))
    step = act(step.game, refs, {"action": "resolve"}, target(step.game, refs, "maw"))
    o = obj(step.game, refs, "bears")
    assert ch.is_copy(o) and ch.card(step.game, o).name == "Colossal Dreadmaw"
    assert ch.power_toughness(step.game, o) == (7, 7)
    after = step.game.with_obj(replace(o, mods=()))  # as the cleanup step ends it (514.2)
    assert ch.card(after, after.obj(o.id)).name == "Grizzly Bears"


def test_entering_as_a_copy_until_end_of_turn_is_a_modification_of_the_new_object() -> None:
    """Cursed Mirror (CR 707.5, 514.2): the copy effect it enters with is a modification, not its own
    copiable values, so it ends with the turn."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 2, "R": 1},
                         "hand": [{"alias": "mirror", "card": "Cursed Mirror"}]},
                        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]}])
    step = _cast_and_resolve(g, refs, "mirror", target(g, refs, "bears"))
    mirror = obj(step.game, refs, "mirror")
    assert mirror.copy is None and [m.copy is not None for m in mirror.mods] == [True]
    assert ch.card(step.game, mirror).name == "Grizzly Bears" and ch.has_keyword(step.game, mirror, "Haste")


def test_vesuva_enters_tapped_as_a_copy_and_untapped_as_itself() -> None:
    """CR 614.1c: 'enter tapped as a copy' is one replacement; the copy doesn't drop its 'tapped'."""
    for answer, tapped in ((True, True), (False, False)):
        g, refs = new_game([{"alias": "a", "hand": [{"alias": "ves", "card": "Vesuva"}],
                             "battlefield": [{"alias": "forest", "card": "Forest"}]}, {"alias": "b"}])
        step = act(g, refs, {"action": "play_land", "player": "a", "card": "ves"})
        assert step.pending is not None and step.pending.kind == "copy_of"
        value = target(step.game, refs, "forest") if answer else None
        step = act(step.game, refs, {"action": "answer", "value": value})
        ves = obj(step.game, refs, "ves")
        assert ves.zone == "battlefield" and ves.tapped is tapped


def test_add_creature_types_keeps_the_copied_ones_and_adds_the_new_one() -> None:
    """Nightmare Shepherd: 'except it's 1/1 and it's a Nightmare in addition to its other types' (CR
    707.9a-b): the copied creature types stay, Nightmare is added; creature_types would replace them."""
    from engine.cards import card_from_json
    from engine.copies import with_exceptions

    bears = card_from_json({"name": "Grizzly Bears", "manaCost": "{1}{G}", "types": ["Creature"],
                            "subtypes": ["Bear"], "supertypes": [], "power": "2", "toughness": "2",
                            "colors": ["G"], "abilities": []})
    added = with_exceptions(bears, {"power": 1, "toughness": 1, "add_creature_types": ["Nightmare"]})
    assert added.subtypes == ("Bear", "Nightmare") and (added.power, added.toughness) == (1, 1)
    assert with_exceptions(bears, {"creature_types": ["Nightmare"]}).subtypes == ("Nightmare",)


def test_a_dies_triggers_token_copy_of_a_clone_copies_what_the_clone_copied() -> None:
    """Nightmare Shepherd: 'a copy of that creature' in a dies trigger is the creature as it last existed
    (CR 603.10a, 608.2h, 707.3): a Clone that copied Hill Giant gives a Hill Giant token, not a Clone (the
    card in exile has only Clone's printed values)."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 4, "B": 3},
                         "hand": [{"alias": "clone", "card": "Clone"}, {"alias": "murder", "card": "Murder"}],
                         "battlefield": [{"alias": "shepherd", "card": "Nightmare Shepherd"}]},
                        {"alias": "b", "battlefield": [{"alias": "giant", "card": "Hill Giant"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "clone"}, {"U": 4})
    step = act(step.game, refs, {"action": "resolve"}, target(step.game, refs, "giant"))
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "murder"},
               [target(step.game, refs, "clone")])
    step = act(step.game, refs, {"action": "resolve"})
    step = act(step.game, refs, {"action": "resolve"}, True)
    tokens = [o for o in step.game.objects.values() if o.token and o.zone == "battlefield"]
    assert [ch.card(step.game, t).name for t in tokens] == ["Hill Giant"]
    assert ch.power_toughness(step.game, tokens[0]) == (1, 1)
    assert "Nightmare" in ch.card(step.game, tokens[0]).subtypes
