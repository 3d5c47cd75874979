"""Abilities on the stack as targets (CR 113.1c, 115.1, 605.3b, 608.2b, 701.6a) and crimes committed by
targeting an opponent's ability (CR 700.13): Stifle, Disallow, Tale's End."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, new_game, obj

from engine import IllegalAction, MalformedAction
from engine import targets as tg
from engine.game import Step


def _finks_trigger(caster: str = "a", counter: str = "Stifle",
                   pool: dict[str, int] | None = None) -> tuple[Step, Any]:
    """Kitchen Finks (cast by ``caster``) has resolved; its enters trigger is on the stack."""
    finks = {"alias": "finks", "card": "Kitchen Finks"}
    spells = [{"alias": "s1", "card": counter}, {"alias": "s2", "card": counter}]
    blue: dict[str, int] = pool or {"U": 3}
    a: dict[str, Any] = {"alias": "a", "mana_pool": {"G": 3}, "hand": [finks]}
    b: dict[str, Any] = {"alias": "b", "mana_pool": blue, "hand": spells}
    if caster == "b":
        a, b = {"alias": "a"}, {"alias": "b", "mana_pool": {"G": 3, **blue}, "hand": [finks, *spells]}
    g, refs = new_game([a, b], active_player=caster)
    step = act(g, refs, {"action": "cast", "player": caster, "card": "finks"})
    while step.pending is not None:  # a payment choice when the pool holds blue too
        step = act(step.game, refs, {"action": "answer", "value": {"G": 3}})
    step = act(step.game, refs, {"action": "resolve"})
    assert [s.kind for s in step.game.stack] == ["ability"]
    if caster == "a":
        step = act(step.game, refs, {"action": "pass", "player": "a"})
    return step, refs


def _ability_target(step: Step) -> tuple[Any, ...]:
    return ("stack", step.game.stack[-1].id)


def test_stifle_is_offered_the_trigger_not_its_source_and_counters_only_the_ability() -> None:
    step, refs = _finks_trigger()
    asked = act(step.game, refs, {"action": "cast", "player": "b", "card": "s1"})
    assert asked.pending is not None
    assert asked.pending.options == (_ability_target(step),)  # not the Finks permanent
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "s1"}, (_ability_target(step),))
    step = act(step.game, refs, {"action": "resolve"})
    assert {"type": "countered", "source": refs.by_alias["finks"], "kind": "ability"} in step.events
    assert step.game.stack == ()
    assert obj(step.game, refs, "finks").zone == "battlefield"  # CR 113.7a: the source is untouched
    assert step.game.players[0].life == 20


def test_a_creature_spell_is_no_ability_stifle_has_no_target() -> None:
    finks = {"alias": "finks", "card": "Kitchen Finks"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 3}, "hand": [finks]},
                        {"alias": "b", "mana_pool": {"U": 1}, "hand": [{"alias": "s1", "card": "Stifle"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "finks"})
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "cast", "player": "b", "card": "s1"})
    assert err.value.rule == "601.2c"


def test_disallow_is_offered_a_spell_and_an_ability_on_the_stack() -> None:
    step, refs = _finks_trigger(counter="Disallow", pool={"U": 6})
    aim = _ability_target(step)
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "s1"}, (aim,))
    s1 = obj(step.game, refs, "s1")
    asked = act(step.game, refs, {"action": "cast", "player": "b", "card": "s2"})
    assert asked.pending is not None
    assert set(asked.pending.options) == {("object", s1.id, s1.epoch), aim}


def test_a_mana_ability_never_is_on_the_stack_so_it_cant_be_targeted() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "elves", "card": "Llanowar Elves"}]},
                        {"alias": "b", "mana_pool": {"U": 2},
                         "hand": [{"alias": "te", "card": "Tale's End"}]}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "elves", "ability": 0})
    assert step.game.stack == () and step.game.players[0].mana_pool == {"G": 1}  # CR 605.3b
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    with pytest.raises(IllegalAction) as err:
        act(step.game, refs, {"action": "cast", "player": "b", "card": "te"})
    assert err.value.rule == "601.2c"


def test_a_countered_ability_makes_a_second_counter_aimed_at_it_not_resolve() -> None:
    step, refs = _finks_trigger()
    aim = _ability_target(step)
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "s1"}, (aim,))
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "s2"}, (aim,))
    step = act(step.game, refs, {"action": "resolve"})  # the second Stifle counters the trigger
    assert tg.is_legal(step.game, {"what": "ability"}, aim, obj(step.game, refs, "s1"), 1) is False
    step = act(step.game, refs, {"action": "resolve"})  # CR 608.2b: its only target left the stack
    assert {"type": "did_not_resolve", "source": refs.by_alias["s1"], "kind": "spell"} in step.events
    assert obj(step.game, refs, "s1").zone == "graveyard"


@pytest.mark.parametrize(("caster", "crimes"), [("a", 1), ("b", 0)])
def test_targeting_an_opponents_ability_is_a_crime_and_your_own_is_not(caster: str, crimes: int) -> None:
    step, refs = _finks_trigger(caster=caster, pool={"U": 1})
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "s1"}, (_ability_target(step),))
    assert step.game.players[1].crimes == crimes  # CR 700.13: an ability an opponent controls
    assert [e["type"] for e in step.events].count("crime_committed") == crimes


@pytest.mark.parametrize(("flt", "mine", "theirs"), [
    ({"what": "ability"}, True, True),
    ({"what": "ability", "controller": "opponent"}, False, True),  # "you don't control"
    ({"what": "ability", "controller": "you"}, True, False),
    ({"what": "spell"}, False, False),
    ({"what": "ability", "types": ["Creature"]}, False, False),  # an ability has no card types
    ({"what": "spell_or_ability",
      "any_of": [{"what": "ability"}, {"what": "spell", "supertypes": ["Legendary"]}]},  # Tale's End
     True, True),
])
def test_an_ability_filter_reads_only_what_an_ability_has(flt: dict[str, Any], mine: bool,
                                                         theirs: bool) -> None:
    step, _ = _finks_trigger()
    item = step.game.stack[-1]  # controlled by player 0
    assert tg.can_target_ability(step.game, flt, item, 0) is mine
    assert tg.can_target_ability(step.game, flt, item, 1) is theirs


def test_the_projection_names_an_ability_by_its_source_and_reads_that_ref_back() -> None:
    step, refs = _finks_trigger()
    aim = _ability_target(step)
    assert refs.target_out(step.game, aim) == {"ability_of": "finks"}
    assert refs.target(step.game, {"ability_of": "finks"}) == aim
    with pytest.raises(MalformedAction):
        refs.target(step.game, {"ability_of": "s1"})  # no ability of that object is on the stack
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "s1"}, (aim,))
    step = act(step.game, refs, {"action": "resolve"})
    assert refs.target_out(step.game, aim) == {"ability_of": "finks"}  # remembered once gone
