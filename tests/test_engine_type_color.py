"""Type-changing and color-changing effects of static abilities (layers 4 and 5, CR 613.1d-e): card types
added "in addition to" the others (205.1b), dependency between them (613.8), base power and toughness
from mana value (613.4b, 613.6), colors set or added in timestamp order (613.7, 105.3)."""

from __future__ import annotations

from engine_helpers import act, new_game, obj, target

from engine import characteristics as ch
from engine.state import Mod, replace


def test_lattice_makes_permanents_artifacts_but_not_cards_in_hand_or_their_colors_stay_in_layer_4() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "lattice", "card": "Mycosynth Lattice"},
                                                       {"alias": "rats", "card": "Typhoid Rats"}],
                         "hand": [{"alias": "bears", "card": "Grizzly Bears"}]}, {"alias": "b"}])
    rats, bears = obj(g, refs, "rats"), obj(g, refs, "bears")
    assert ch.types(g, rats) == ("Creature", "Artifact")  # CR 205.1b: in addition
    assert ch.types(g, bears) == ("Creature",)  # a card in hand is no permanent
    assert ch.colors(g, rats) == () and ch.colors(g, bears) == ()  # colorless in every zone


def test_march_depends_on_lattice_whatever_their_timestamps() -> None:
    """CR 613.8a-b: March of the Machines (earlier) applies to the Forest only once Lattice has made it an
    artifact; the Forest is then a 0/0 creature (its mana value, layer 7b)."""
    g, refs = new_game([{"alias": "a", "battlefield": [{"alias": "march", "card": "March of the Machines"},
                                                       {"alias": "lattice", "card": "Mycosynth Lattice"},
                                                       {"alias": "forest", "card": "Forest"}]},
                        {"alias": "b"}])
    g = g.with_obj(replace(obj(g, refs, "march"), timestamp=1))
    g = g.with_obj(replace(obj(g, refs, "lattice"), timestamp=2))
    forest = obj(g, refs, "forest")
    assert set(ch.types(g, forest)) == {"Land", "Artifact", "Creature"}
    assert ch.power_toughness(g, forest) == (0, 0)


def test_march_base_power_and_toughness_with_counters_and_a_later_setting_effect() -> None:
    g, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "march", "card": "March of the Machines"},
        {"alias": "seat", "card": "Seat of the Synod", "counters": {"+1/+1": 2}}]}, {"alias": "b"}])
    seat = obj(g, refs, "seat")
    assert ch.power_toughness(g, seat) == (2, 2)  # 0/0 (7b) and two counters (7c)
    later = replace(seat, mods=(Mod(base_power=5, base_toughness=5, timestamp=g.timestamp + 1),))
    assert ch.power_toughness(g.with_obj(later), later) == (7, 7)  # CR 613.7: the later 7b effect wins
    earlier = replace(seat, mods=(Mod(base_power=5, base_toughness=5, timestamp=0),))
    assert ch.power_toughness(g.with_obj(earlier), earlier) == (2, 2)


def test_opalescence_animates_other_enchantments_only() -> None:
    one = [{"alias": "o1", "card": "Opalescence"}]
    g, refs = new_game([{"alias": "a", "battlefield": one}, {"alias": "b"}])
    assert not ch.is_type(g, obj(g, refs, "o1"), "Creature")
    two = [*one, {"alias": "o2", "card": "Opalescence"}]
    g, refs = new_game([{"alias": "a", "battlefield": two}, {"alias": "b"}])
    assert ch.power_toughness(g, obj(g, refs, "o1")) == (4, 4)
    assert ch.power_toughness(g, obj(g, refs, "o2")) == (4, 4)


def test_painters_servant_adds_its_color_and_a_later_color_setting_effect_overwrites_it() -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 2},
                         "hand": [{"alias": "servant", "card": "Painter's Servant"}],
                         "battlefield": [{"alias": "rats", "card": "Typhoid Rats"},
                                         {"alias": "thopter", "card": "Ornithopter"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "servant"})
    step = act(step.game, refs, {"action": "resolve"}, "U")
    g = step.game
    assert ch.colors(g, obj(g, refs, "rats")) == ("B", "U")  # CR 105.3: in addition
    assert ch.colors(g, obj(g, refs, "thopter")) == ("U",)  # colorless: only the new color
    rats = obj(g, refs, "rats")
    later = replace(rats, mods=(Mod(colors=("G",), timestamp=g.timestamp + 1),))
    assert ch.colors(g.with_obj(later), later) == ("G",)  # CR 613.7: set later, overwrites
    earlier = replace(rats, mods=(Mod(colors=("G",), timestamp=0),))
    assert ch.colors(g.with_obj(earlier), earlier) == ("G", "U")


def test_without_type_or_color_statics_the_layers_cost_nothing_more() -> None:
    rats = [{"alias": "rats", "card": "Typhoid Rats"}]
    g, refs = new_game([{"alias": "a", "battlefield": rats}, {"alias": "b"}])
    assert ch.in_play(g).types == () and ch.in_play(g).colors == ()
    assert ch.colors(g, obj(g, refs, "rats")) == ("B",)


def test_suit_up_makes_a_creature_an_artifact_creature_with_base_four_five() -> None:
    # "becomes an artifact creature with base power and toughness 4/5": Artifact added (layer 4, CR 613.1d),
    # base set (layer 7b), the +1/+1 counter still counts (613.4c)
    g, refs = new_game([{"alias": "a", "mana_pool": {"U": 1, "C": 2},
                         "library": [{"alias": "top", "card": "Island"}],
                         "hand": [{"alias": "suit", "card": "Suit Up"}],
                         "battlefield": [{"alias": "bears", "card": "Grizzly Bears",
                                          "counters": {"+1/+1": 1}}]},
                        {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "suit"}, (target(g, refs, "bears"),))
    step = act(step.game, refs, {"action": "resolve"})
    bears = obj(step.game, refs, "bears")
    assert set(ch.types(step.game, bears)) == {"Creature", "Artifact"}
    assert (ch.power(step.game, bears), ch.toughness(step.game, bears)) == (5, 6)
