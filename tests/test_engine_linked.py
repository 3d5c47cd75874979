"""Zone changes with a duration and cards put back onto the battlefield (CR 610.3, 400.7, 702.79a)."""

from __future__ import annotations

from typing import Any

from engine_helpers import act, new_game, obj, target
from frozendict import frozendict

from engine import apply
from engine.refs import Res, it_card
from engine.state import Game


def _pending(step: Any) -> Any:
    """The step once every pending decision, each forced here, is answered with its one legal answer."""
    while step.pending is not None:
        forced = step.pending.info.get("forced")
        assert forced, step.pending
        step = apply(step.game, {"action": "answer", "value": forced[0]})
    return step


def _priest_game() -> tuple[Game, Any]:
    return new_game([
        {"alias": "a", "mana_pool": {"W": 3}, "hand": [{"alias": "priest", "card": "Banisher Priest"}]},
        {"alias": "b", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}],
         "battlefield": [{"alias": "bears", "card": "Grizzly Bears", "counters": {"+1/+1": 1}}]},
    ])


def _resolve(game: Game, refs: Any) -> Game:
    done: Game = _pending(act(game, refs, {"action": "resolve"})).game
    return done


def test_exile_until_the_source_leaves_records_the_card_and_returns_it_as_a_new_object() -> None:
    g, refs = _priest_game()
    g = _pending(act(g, refs, {"action": "cast", "player": "a", "card": "priest"})).game
    g = _resolve(g, refs)  # the Priest enters, its ability triggers
    g = _resolve(g, refs)  # the ability: the Bears are exiled until the Priest leaves (CR 610.3)
    bears, priest = obj(g, refs, "bears"), obj(g, refs, "priest")
    assert bears.zone == "exile" and dict(bears.counters) == {}
    assert g.exiled_until == {(priest.id, priest.epoch): ((bears.id, bears.epoch),)}
    g = act(g, refs, {"action": "pass", "player": "a"}).game
    g = act(g, refs, {"action": "cast", "player": "b", "card": "shock"}, [target(g, refs, "priest")]).game
    g = _resolve(g, refs)  # the Priest dies: the Bears return at once, under their owner's control (610.3c)
    bears = obj(g, refs, "bears")
    assert obj(g, refs, "priest").zone == "graveyard"
    assert bears.zone == "battlefield" and bears.controller == refs.player("b") and dict(bears.counters) == {}
    assert g.exiled_until == {}


def test_nothing_is_exiled_when_the_source_left_before_the_ability_resolved() -> None:
    g, refs = _priest_game()
    g = _pending(act(g, refs, {"action": "cast", "player": "a", "card": "priest"})).game
    g = _resolve(g, refs)
    g = act(g, refs, {"action": "pass", "player": "a"}).game
    g = act(g, refs, {"action": "cast", "player": "b", "card": "shock"}, [target(g, refs, "priest")]).game
    g = _resolve(g, refs)  # Shock: the Priest dies
    g = _resolve(g, refs)  # the ability: the Priest has left (CR 610.3b)
    assert obj(g, refs, "bears").zone == "battlefield"
    assert dict(obj(g, refs, "bears").counters) == {"+1/+1": 1}
    assert g.exiled_until == {}


def test_cloudshift_returns_the_card_it_exiled_under_its_controllers_control() -> None:
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"W": 1}, "hand": [{"alias": "cs", "card": "Cloudshift"}],
         "battlefield": [{"alias": "bears", "card": "Grizzly Bears", "owner": "b",
                          "counters": {"+1/+1": 2}}]},
        {"alias": "b"},
    ])
    before = obj(g, refs, "bears")
    g = act(g, refs, {"action": "cast", "player": "a", "card": "cs"}, [target(g, refs, "bears")]).game
    g = _resolve(g, refs)
    bears = obj(g, refs, "bears")
    assert bears.zone == "battlefield" and bears.controller == refs.player("a")  # "under your control"
    assert dict(bears.counters) == {} and bears.epoch == before.epoch + 2  # exiled, then returned (400.7)


def test_it_card_is_the_new_object_in_the_zone_it_moved_to_only_while_it_is_still_that_object() -> None:
    finks_card = {"alias": "finks", "card": "Kitchen Finks"}
    g, refs = new_game([{"alias": "a", "graveyard": [finks_card]}, {"alias": "b"}])
    finks = obj(g, refs, "finks")
    res = Res(controller=0, source=finks.id, source_lki=finks,
              info=frozendict({"it": finks.id, "it_card_epoch": finks.epoch}))
    assert it_card(g, res) == [finks.id]  # CR 400.7e
    moved = res.with_info(it_card_epoch=finks.epoch - 1)  # it has left that zone since: a new object
    assert it_card(g, moved) == []
    assert it_card(g, Res(controller=0, source=finks.id, source_lki=finks)) == []


def test_persist_returns_a_creature_that_had_no_minus_counter_with_one() -> None:
    g, refs = new_game([
        {"alias": "a", "battlefield": [{"alias": "finks", "card": "Kitchen Finks",
                                        "counters": {"+1/+1": 1}}]},
        {"alias": "b", "mana_pool": {"B": 3}, "hand": [{"alias": "murder", "card": "Murder"}]},
    ], active_player="b")
    g = act(g, refs, {"action": "cast", "player": "b", "card": "murder"}, [target(g, refs, "finks")]).game
    g = _resolve(g, refs)  # Murder: persist triggers (CR 702.79a: it had no -1/-1 counter, 603.10a)
    assert obj(g, refs, "finks").zone == "graveyard" and len(g.stack) == 1
    g = _resolve(g, refs)  # persist
    finks = obj(g, refs, "finks")
    assert finks.zone == "battlefield" and dict(finks.counters) == {"-1/-1": 1}


def test_reanimate_finds_the_card_it_moved_and_loses_life_equal_to_its_mana_value() -> None:
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"B": 1}, "hand": [{"alias": "rean", "card": "Reanimate"}]},
        {"alias": "b", "graveyard": [{"alias": "bears", "card": "Grizzly Bears"},
                                     {"alias": "ballista", "card": "Walking Ballista"}]},
    ])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "rean"}, [target(g, refs, "bears")])
    g2 = _resolve(step.game, refs)  # CR 400.7j: "that card's mana value" is found on the battlefield
    assert obj(g2, refs, "bears").zone == "battlefield" and obj(g2, refs, "bears").controller == 0
    assert g2.players[0].life == 18
    step = act(g, refs, {"action": "cast", "player": "a", "card": "rean"}, [target(g, refs, "ballista")])
    g3 = _resolve(step.game, refs)  # X is 0 off the stack (CR 202.3e)
    assert g3.players[0].life == 20


def test_the_exiled_card_of_a_linked_ability_is_only_what_its_own_exile_ability_exiled() -> None:
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"W": 3}, "hand": [{"alias": "ring", "card": "Oblivion Ring"}]},
        {"alias": "b", "mana_pool": {"G": 2}, "hand": [{"alias": "nat", "card": "Naturalize"}],
         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}],
         "exile": [{"alias": "other", "card": "Forest"}]},
    ])
    g = _pending(act(g, refs, {"action": "cast", "player": "a", "card": "ring"})).game
    g = _resolve(g, refs)
    g = _resolve(g, refs)  # exiles the Bears and remembers them for the Ring (CR 607.2a)
    ring, bears = obj(g, refs, "ring"), obj(g, refs, "bears")
    assert g.exiled_with == {(ring.id, ring.epoch): ((bears.id, bears.epoch),)}
    g = act(g, refs, {"action": "pass", "player": "a"}).game
    g = act(g, refs, {"action": "cast", "player": "b", "card": "nat"}, [target(g, refs, "ring")]).game
    g = _resolve(g, refs)  # the Ring is destroyed; its leaves ability triggers
    g = _resolve(g, refs)  # "return the exiled card": the Bears, not the Forest already in exile
    assert obj(g, refs, "bears").zone == "battlefield" and obj(g, refs, "other").zone == "exile"


def test_a_flickered_creature_returns_tapped_without_its_equipment() -> None:
    """Eldrazi Displacer's "return it to the battlefield tapped" (CR 614.1c); the Bonesplitter attached to
    the old object is attached to nothing and stays on the battlefield (400.7, 704.5n)."""
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"C": 3}, "battlefield": [{"alias": "dis", "card": "Eldrazi Displacer"}]},
        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                                       {"alias": "eq", "card": "Bonesplitter", "attached_to": "bears"}]},
    ])
    g = _pending(act(g, refs, {"action": "activate", "player": "a", "source": "dis", "ability": 0})).game
    g = _resolve(g, refs)
    bears, eq = obj(g, refs, "bears"), obj(g, refs, "eq")
    assert bears.zone == "battlefield" and bears.tapped
    assert eq.zone == "battlefield" and eq.attached_to is None


def test_an_aura_on_a_flickered_creature_is_put_into_the_graveyard() -> None:
    """Cloudshift returns the Bears as a new object (CR 400.7): the Claustrophobia attached to the old one
    is attached to nothing legal and goes to its owner's graveyard (704.5m)."""
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"W": 1}, "hand": [{"alias": "cs", "card": "Cloudshift"}],
         "battlefield": [{"alias": "bears", "card": "Grizzly Bears"},
                         {"alias": "aura", "card": "Claustrophobia", "attached_to": "bears"}]},
        {"alias": "b"},
    ])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "cs"}, [target(g, refs, "bears")]).game
    g = _resolve(g, refs)
    assert obj(g, refs, "bears").zone == "battlefield"
    assert obj(g, refs, "aura").zone == "graveyard"
