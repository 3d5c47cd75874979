"""`{"each": filter}` with `"zone": "graveyard"`: "return each creature card with mana value X from your
graveyard" (Immortal Servitude) walks the graveyards, not the battlefield; the filter's owner says whose
(CR 608.2c, 202.3e: a card's {X} is 0 in the graveyard)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj


def _servitude(x: int) -> tuple[object, object]:
    g, refs = new_game([{"alias": "a", "mana_pool": {"W": 3, "C": x},
                         "hand": [{"alias": "is", "card": "Immortal Servitude"}],
                         "graveyard": [{"alias": "serpent", "card": "Lightning Serpent"},
                                       {"alias": "bears", "card": "Grizzly Bears"}]},
                        {"alias": "b", "graveyard": [{"alias": "belf", "card": "Llanowar Elves"}]}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "is"}, x)
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    step = act(step.game, refs, {"action": "pass", "player": "b"})
    return step.game, refs


def test_each_card_in_your_graveyard_with_mana_value_x_returns() -> None:
    game, refs = _servitude(1)
    assert obj(game, refs, "serpent").zone == "battlefield"  # {X}{R}: mana value 1 in the graveyard
    assert obj(game, refs, "bears").zone == "graveyard"
    assert obj(game, refs, "belf").zone == "graveyard"  # mana value 1, but in Bob's graveyard


def test_each_in_graveyard_matches_by_the_spells_x() -> None:
    game, refs = _servitude(2)
    assert obj(game, refs, "bears").zone == "battlefield"
    assert obj(game, refs, "serpent").zone == "graveyard"
