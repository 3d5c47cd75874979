"""CR 118.6: an object with no mana cost has an unpayable cost; it can't be cast for its mana cost.
CR 701.3b: an Aura isn't attached to an object it can't legally enchant; it doesn't move."""

from __future__ import annotations

import pytest
from engine_helpers import act, new_game, obj

from engine import IllegalAction


def test_a_card_with_no_mana_cost_cannot_be_cast_normally() -> None:
    """Asmoranomardicadaistinaculdacar has no mana cost: casting it normally is refused under 118.6,
    however much mana its caster has, and it stays in hand."""
    card = {"alias": "asmo", "card": "Asmoranomardicadaistinaculdacar"}
    g, refs = new_game([{"alias": "a", "mana_pool": {"B": 2, "R": 2}, "hand": [card]}, {"alias": "b"}])
    with pytest.raises(IllegalAction) as err:
        act(g, refs, {"action": "cast", "player": "a", "card": "asmo"})
    assert err.value.rule == "118.6"
    assert obj(g, refs, "asmo").zone == "hand"


PRO_WHITE = {"name": "Pro-White Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"],
             "subtypes": ["Bear"], "supertypes": [], "keywords": ["Protection"],
             "text": "Protection from white",
             "layout": "normal", "colors": ["G"], "colorIdentity": ["G"], "power": "2", "toughness": "2",
             "loyalty": None, "source": "generated for this test",
             "abilities": [{"kind": "keyword", "keyword": "Protection", "from": {"colors": ["W"]}}]}


def test_an_aura_is_not_attached_to_a_creature_with_protection_from_it() -> None:
    """CR 701.3b, 702.16c: Aura Finesse moving the white Angelic Gift to a creature with protection from
    white does nothing; the Aura stays on the Bears and Aura Finesse still draws a card."""
    from engine_helpers import target

    from engine import apply

    g, refs = new_game([
        {"alias": "a", "mana_pool": {"U": 1}, "hand": [{"alias": "fin", "card": "Aura Finesse"}],
         "battlefield": [{"alias": "bear", "card": "Grizzly Bears"},
                         {"alias": "gift", "card": "Angelic Gift", "attached_to": "bear"}],
         "library": [{"alias": "l1", "card": "Island"}]},
        {"alias": "b", "battlefield": [{"alias": "knight", "card": "Pro-White Bear"}]}], extra=[PRO_WHITE])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "fin"},
               [target(g, refs, "gift"), target(g, refs, "knight")])
    step = apply(step.game, {"action": "resolve"})
    assert obj(step.game, refs, "gift").attached_to == obj(step.game, refs, "bear").id
    assert obj(step.game, refs, "l1").zone == "hand"


@pytest.mark.parametrize(("life", "legal"), [(1, False), (2, True)])
def test_a_pay_life_cost_needs_a_life_total_at_least_the_payment(life: int, legal: bool) -> None:
    """CR 119.4: Bloodtracker's "{B}, Pay 2 life" can be paid at 2 life (down to 0), not at 1."""
    g, refs = new_game([{"alias": "a", "life": life, "mana_pool": {"B": 1},
                         "battlefield": [{"alias": "t", "card": "Bloodtracker"}]}, {"alias": "b"}])
    action = {"action": "activate", "player": "a", "source": "t", "ability": 0}
    if legal:
        assert act(g, refs, action).game.players[0].life == 0
        return
    with pytest.raises(IllegalAction) as err:
        act(g, refs, action)
    assert err.value.rule == "119.4"
