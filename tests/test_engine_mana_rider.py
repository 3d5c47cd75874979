"""Mana with a rider and no spending restriction (CR 106.6): Boseiju, Who Shelters All."""

from __future__ import annotations

from engine_helpers import act, card, new_game, obj, target

RIDER_LAND = card("Test Rider Land", "Land", [
    {"kind": "activated", "cost": {"tap": True},
     "effects": [{"do": "add_mana", "mana": "{C}", "spend_only": {"spell_uncounterable": True}}]}])


def _with_rider_mana(pool: dict[str, int], hand: str) -> tuple[object, object]:
    g, refs = new_game([{"alias": "a", "mana_pool": pool,
                         "battlefield": [{"alias": "land", "card": "Test Rider Land"}],
                         "hand": [{"alias": "spell", "card": hand}]},
                        {"alias": "b", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}],
                       extra=[RIDER_LAND])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "land", "ability": 0})
    return step.game, refs


def test_rider_only_mana_pays_a_creature_spell() -> None:
    """CR 106.6: a rider ('that spell can't be countered') restricts nothing: the {C} pays Grizzly
    Bears' generic mana."""
    g, refs = _with_rider_mana({"G": 1}, "Grizzly Bears")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "spell"})
    assert [s.kind for s in step.game.stack] == ["spell"]
    assert not step.game.players[0].mana_pool and not step.game.players[0].restricted_mana


def test_the_spell_the_rider_mana_paid_for_cant_be_countered() -> None:
    g, refs = _with_rider_mana({"R": 1}, "Lightning Strike")
    step = act(g, refs, {"action": "cast", "player": "a", "card": "spell"}, (target(g, refs, "bear"),))
    assert step.game.stack[-1].info.get("uncounterable") is True
    assert obj(step.game, refs, "spell").zone == "stack"


def test_a_copy_doesnt_keep_the_rider_of_the_mana_spent_on_the_original() -> None:
    """Boseiju's ruling (CR 707.10): a copy of the spell is not a spell the mana was spent on; it can be
    countered."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 1, "U": 2},
                         "battlefield": [{"alias": "land", "card": "Test Rider Land"}],
                         "hand": [{"alias": "spell", "card": "Lightning Strike"},
                                  {"alias": "twin", "card": "Twincast"}]},
                        {"alias": "b", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}],
                       extra=[RIDER_LAND])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "land", "ability": 0})
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "spell"},
               (target(g, refs, "bear"),), {"C": 1, "R": 1})
    strike = step.game.stack[-1]
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "twin"},
               (("object", strike.source, obj(step.game, refs, "spell").epoch),))
    step = act(step.game, refs, {"action": "resolve"}, (target(g, refs, "bear"),))
    original, copy = step.game.stack
    assert original.info.get("uncounterable") is True
    assert "uncounterable" not in copy.info
