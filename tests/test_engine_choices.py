"""Choices made as a permanent enters (CR 614.12: a creature type, 205.3m), what refers to them (607.2d),
and mana with a spending restriction or a rider (CR 106.6)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import CARDS_DIR, act, card, new_game, obj, target

from engine import characteristics as ch
from engine.creature_types import CREATURE_TYPES, is_creature_type
from engine.errors import IllegalAction
from engine.game import Step
from engine.mana import empty_pools, pool_by_type, spendable
from engine.state import Game, replace

RULES = CARDS_DIR.parent.parent / "spec" / "rules" / "comprehensive-rules-2026-06-19.txt"


def test_the_creature_types_are_those_of_rule_205_3m() -> None:
    line = next(x for x in RULES.read_text(encoding="utf-8-sig").splitlines() if x.startswith("205.3m"))
    listed = line.split("All other creature types are one word long: ")[1].rstrip(".").split(", ")
    assert set(CREATURE_TYPES) == {t.removeprefix("and ") for t in listed} | {"Time Lord"}
    assert is_creature_type("Elf") and is_creature_type("Time Lord")
    for wrong in ("Artifact", "Vehicle", "Treasure", "Jace", "Cat Warrior", "elf", 3):
        assert not is_creature_type(wrong)


def _mimic_game(pool: dict[str, int] | None = None) -> tuple[Game, Any]:
    return new_game([{"alias": "a", "mana_pool": pool or {"C": 2},
                      "hand": [{"alias": "mimic", "card": "Metallic Mimic"}]}, {"alias": "b"}])


def test_a_creature_type_is_chosen_as_metallic_mimic_enters_and_it_is_that_type_too() -> None:
    g, refs = _mimic_game()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "mimic"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "creature_type"
    assert set(step.pending.options) == set(CREATURE_TYPES)
    step = act(step.game, refs, {"action": "answer", "value": "Elf"})
    mimic = obj(step.game, refs, "mimic")
    assert mimic.zone == "battlefield" and mimic.chosen_type == "Elf"
    assert set(ch.subtypes(step.game, mimic)) == {"Shapeshifter", "Elf"}  # CR 613.1d: in addition
    assert {"type": "creature_type_chosen", "object": mimic.id, "creature_type": "Elf"} in step.events


@pytest.mark.parametrize("answer", ["Artifact", "Vehicle", "Cat Warrior"])
def test_something_that_is_not_one_creature_type_is_refused_under_205_3m(answer: str) -> None:
    g, refs = _mimic_game()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "mimic"})
    step = act(step.game, refs, {"action": "resolve"})
    with pytest.raises(IllegalAction) as refused:
        act(step.game, refs, {"action": "answer", "value": answer})
    assert refused.value.rule == "205.3m"


def test_the_chosen_type_is_forgotten_when_the_permanent_changes_zones() -> None:
    g, refs = _mimic_game()
    step = act(g, refs, {"action": "cast", "player": "a", "card": "mimic"})
    step = act(step.game, refs, {"action": "resolve"}, "Elf")
    mimic = obj(step.game, refs, "mimic")
    assert mimic.moved("graveyard").chosen_type is None  # CR 400.7: a new object


def test_a_filter_of_the_chosen_type_matches_nothing_when_none_was_chosen() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "auto", "card": "Adaptive Automaton"},
                                                       {"alias": "elves", "card": "Llanowar Elves"}]},
                        {"alias": "b"}])
    auto, elves = obj(g, refs, "auto"), obj(g, refs, "elves")
    assert not ch.matches(g, {"chosen_type": True}, elves, auto)
    assert ch.power(g, elves) == 1 and ch.subtypes(g, auto) == ("Construct",)


def _courtyard_mana(played: bool) -> tuple[Step, Any]:
    """Alice's Secluded Courtyard (played choosing Elf, or set on the battlefield with no choice) tapped for
    {G}: mana it restricts (CR 106.6)."""
    spells = [{"alias": "elves", "card": "Llanowar Elves"}, {"alias": "bears", "card": "Grizzly Bears"}]
    court = [{"alias": "court", "card": "Secluded Courtyard"}]
    alice: dict[str, Any] = ({"alias": "a", "hand": court + spells} if played
                             else {"alias": "a", "battlefield": court, "hand": spells})
    g, refs = new_game([alice, {"alias": "b"}])
    if played:
        g = act(g, refs, {"action": "play_land", "player": "a", "card": "court"}, "Elf").game
    return act(g, refs, {"action": "activate", "player": "a", "source": "court", "ability": 1}, "G"), refs


def test_restricted_mana_stays_restricted_in_the_pool_and_counts_as_its_type() -> None:
    step, refs = _courtyard_mana(played=True)
    alice = step.game.players[0]
    assert dict(alice.mana_pool) == {} and [m.type for m in alice.restricted_mana] == ["G"]
    assert pool_by_type(alice) == {"G": 1}  # CR 106.6: "This doesn't affect the mana's type"
    cast = act(step.game, refs, {"action": "cast", "player": "a", "card": "elves"})
    assert obj(cast.game, refs, "elves").zone == "stack" and not cast.game.players[0].restricted_mana


def test_restricted_mana_is_refused_under_106_6_for_a_spell_it_cannot_pay() -> None:
    step, refs = _courtyard_mana(played=True)
    alice = step.game.players[0]
    game = step.game.with_player(0, replace(alice, mana_pool=alice.mana_pool.set("C", 1)))
    with pytest.raises(IllegalAction) as refused:  # Grizzly Bears is no Elf
        act(game, refs, {"action": "cast", "player": "a", "card": "bears"})
    assert refused.value.rule == "106.6"


def test_mana_of_a_source_with_no_chosen_type_can_be_spent_on_nothing() -> None:
    step, refs = _courtyard_mana(played=False)
    with pytest.raises(IllegalAction) as refused:
        act(step.game, refs, {"action": "cast", "player": "a", "card": "elves"})
    assert refused.value.rule == "106.6"


def test_restricted_mana_empties_from_the_pool_like_any_mana() -> None:
    step, _ = _courtyard_mana(played=True)
    assert empty_pools(step.game).players[0].restricted_mana == ()  # CR 106.4


def test_cavern_of_souls_rider_makes_the_spell_uncounterable() -> None:
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "cavern", "card": "Cavern of Souls"},
                                                {"alias": "elves", "card": "Llanowar Elves"}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "play_land", "player": "a", "card": "cavern"}, "Elf")
    step = act(step.game, refs, {"action": "activate", "player": "a", "source": "cavern", "ability": 1}, "G")
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "elves"})
    assert step.game.stack[-1].info.get("uncounterable") is True


ELDRAZI = card("Test Eldrazi", "Creature", [], cost="{2}", power="2", toughness="2", subtypes=("Eldrazi",))
GREEN_ELDRAZI = card("Test Green Eldrazi", "Creature", [], cost="{1}{G}", power="2", toughness="2",
                     subtypes=("Eldrazi",))


def test_eldrazi_temple_mana_casts_a_colorless_eldrazi_but_not_a_colored_one() -> None:
    GREEN_ELDRAZI["colors"] = ["G"]
    g, refs = new_game([{"alias": "a", "mana_pool": {"G": 1},
                         "battlefield": [{"alias": "temple", "card": "Eldrazi Temple"}],
                         "hand": [{"alias": "colorless", "card": "Test Eldrazi"},
                                  {"alias": "green", "card": "Test Green Eldrazi"}]}, {"alias": "b"}],
                       extra=[ELDRAZI, GREEN_ELDRAZI])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "temple", "ability": 1})
    with pytest.raises(IllegalAction) as refused:  # green: not a colorless Eldrazi spell
        act(step.game, refs, {"action": "cast", "player": "a", "card": "green"})
    assert refused.value.rule == "106.6"
    cast = act(step.game, refs, {"action": "cast", "player": "a", "card": "colorless"}, {"C": 2})
    assert obj(cast.game, refs, "colorless").zone == "stack"
    assert dict(cast.game.players[0].mana_pool) == {"G": 1}  # the Temple's {C}{C} paid it, not the {G}


def test_a_second_mimic_naming_the_first_ones_type_is_that_type_as_it_enters_and_gets_the_counter() -> None:
    # CR 614.12: the entering permanent is checked "taking into account replacement effects that have
    # already modified how it enters": once its own choice is made (Elf), the first Mimic's effect applies
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 4},
                         "hand": [{"alias": "first", "card": "Metallic Mimic"},
                                  {"alias": "second", "card": "Metallic Mimic"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "first"})
    step = act(step.game, refs, {"action": "resolve"}, "Elf")
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "second"})
    named_elf = act(step.game, refs, {"action": "resolve"}, "Elf")
    assert named_elf.pending is None
    assert dict(obj(named_elf.game, refs, "second").counters) == {"+1/+1": 1}
    named_goblin = act(step.game, refs, {"action": "resolve"}, "Goblin")
    assert dict(obj(named_goblin.game, refs, "second").counters) == {}


def test_an_unless_cost_only_restricted_mana_could_pay_is_refused_under_106_6() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "shop", "card": "Mishra's Workshop"}],
                         "hand": [{"alias": "overseer", "card": "Steel Overseer"}]},
                        {"alias": "b", "mana_pool": {"U": 1},
                         "hand": [{"alias": "spike", "card": "Force Spike"}]}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "shop", "ability": 0})
    step = act(step.game, refs, {"action": "cast", "player": "a", "card": "overseer"})
    assert [m.type for m in step.game.players[0].restricted_mana] == ["C"]
    step = act(step.game, refs, {"action": "pass", "player": "a"})
    spell = target(step.game, refs, "overseer")
    step = act(step.game, refs, {"action": "cast", "player": "b", "card": "spike"}, (spell,))
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "may" and step.pending.options == (False,)
    with pytest.raises(IllegalAction) as refused:
        act(step.game, refs, {"action": "answer", "value": True})
    assert refused.value.rule == "106.6"


def _braider_game(braider: str) -> tuple[Game, Any]:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "braider", "card": braider},
                                                       {"alias": "hulk", "card": "Creeperhulk"}],
                         "graveyard": [{"alias": "hellspark", "card": "Hellspark Elemental"}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "activate", "player": "a", "source": "braider", "ability": 0}, "R", "R")
    return step.game, refs


def test_mana_for_abilities_of_elementals_pays_only_an_elemental_permanents_abilities() -> None:
    # CR 109.2: "Elementals" without 'card' or 'source' are Elemental permanents (Smokebraider's ruling)
    game, refs = _braider_game("Smokebraider")
    assert spendable(game, 0, "activate", obj(game, refs, "hulk").id) == [0, 1]
    assert spendable(game, 0, "activate", obj(game, refs, "hellspark").id) == []
    with pytest.raises(IllegalAction) as refused:  # unearth from the graveyard
        act(game, refs, {"action": "activate", "player": "a", "source": "hellspark", "ability": 0})
    assert refused.value.rule == "106.6"


def test_mana_for_abilities_of_elemental_sources_pays_one_of_a_card_in_the_graveyard() -> None:
    game, refs = _braider_game("Flamebraider")  # "Elemental sources": any zone
    assert spendable(game, 0, "activate", obj(game, refs, "hellspark").id) == [0, 1]
