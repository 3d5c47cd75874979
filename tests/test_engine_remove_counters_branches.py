"""remove_counters' 'If you do' branches (CR 608.2c): `if_removed` runs only when the instruction removed
at least one counter, `if_none_removed` only when it removed none (Bounty of the Luxa)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

from engine.game import apply


def _bounty(flood: int) -> tuple[object, object]:
    g, refs = new_game([{"alias": "a", "library": [{"alias": "c1", "card": "Forest"}],
                         "battlefield": [{"alias": "bounty", "card": "Bounty of the Luxa",
                                          **({"counters": {"flood": flood}} if flood else {})}]},
                        {"alias": "b", "library": [{"alias": "c2", "card": "Plains"}]}], step="draw")
    step = act(g, refs, {"action": "advance", "step": "main1"})
    step = act(step.game, refs, {"action": "resolve"})
    return step.game, refs


def test_counters_removed_take_the_if_removed_branch_once() -> None:
    game, refs = _bounty(2)
    assert not obj(game, refs, "bounty").counters.get("flood")
    assert dict(game.players[0].mana_pool) == {"C": 1, "G": 1, "U": 1}
    assert obj(game, refs, "c1").zone == "library"


def test_no_counter_removed_takes_the_other_branch() -> None:
    game, refs = _bounty(0)
    assert obj(game, refs, "bounty").counters.get("flood") == 1
    assert obj(game, refs, "c1").zone == "hand"
    assert not any(game.players[0].mana_pool.values())


def _parasite_on(counters: dict[str, int]) -> tuple[object, object]:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "parasite", "card": "Spinal Parasite",
                                                        "counters": {"+1/+1": 4}}]},
                        {"alias": "b", "battlefield": [{"alias": "giant", "card": "Hill Giant",
                                                        "counters": counters}]}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "parasite", "ability": 0},
               (target(g, refs, "giant"),))
    return act(step.game, refs, {"action": "resolve"}), refs


def test_remove_a_counter_asks_the_kind_among_those_the_permanent_has_and_removes_one() -> None:
    # Spinal Parasite: "Remove a counter from target permanent" (CR 608.2d: chosen as it resolves)
    step, refs = _parasite_on({"+1/+1": 2, "stun": 1})
    assert step.pending is not None and step.pending.kind == "counter_kind"
    assert set(step.pending.options) == {"+1/+1", "stun"}
    done = apply(step.game, {"action": "answer", "value": "stun"})
    assert dict(obj(done.game, refs, "giant").counters) == {"+1/+1": 2}


def test_remove_a_counter_with_one_kind_removes_one_of_it_without_asking() -> None:
    step, refs = _parasite_on({"+1/+1": 2})
    assert step.pending is None
    assert dict(obj(step.game, refs, "giant").counters) == {"+1/+1": 1}
