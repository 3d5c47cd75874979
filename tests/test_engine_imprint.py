"""Imprint (CR 607.2a linked abilities): Chrome Mox exiles a card from its controller's hand and adds mana
of that card's colors only (105.2c, 106.5, 106.7)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, new_game, obj, target

from engine import apply
from engine.errors import IllegalAction
from engine.mana import could_produce
from engine.state import Game


def _mox(hand: list[str], *answers: Any) -> tuple[Game, Any]:
    """Alice casts Chrome Mox and resolves it and its imprint ability with these answers."""
    g, refs = new_game([
        {"alias": "a", "hand": [{"alias": "mox", "card": "Chrome Mox"},
                                *({"alias": c.split()[0].lower(), "card": c} for c in hand)]},
        {"alias": "b"},
    ])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "mox"}).game
    g = apply(g, {"action": "resolve"}).game
    g = act(g, refs, {"action": "resolve"}, *answers).game
    return g, refs


def test_the_imprint_choice_offers_only_nonartifact_nonland_cards_and_none() -> None:
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "mox", "card": "Chrome Mox"},
                                                 {"alias": "bears", "card": "Grizzly Bears"},
                                                 {"alias": "forest", "card": "Forest"}]}, {"alias": "b"}])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "mox"}).game
    g = apply(g, {"action": "resolve"}).game
    step = apply(g, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "card_from_hand"
    assert step.pending.options == (target(g, refs, "bears"), None)
    with pytest.raises(IllegalAction) as err:
        apply(step.game, {"action": "answer", "value": target(g, refs, "forest")})
    assert err.value.rule == "608.2d"


def test_nothing_to_exile_asks_nothing_and_the_mox_could_produce_nothing() -> None:
    g, refs = _mox(["Forest"])
    assert obj(g, refs, "forest").zone == "hand"
    assert could_produce(g, refs.by_alias["mox"]) == set()
    step = act(g, refs, {"action": "activate", "player": "a", "source": "mox", "ability": 0})
    assert step.pending is None and dict(step.game.players[0].mana_pool) == {}


def test_a_multicolored_card_gives_a_choice_of_its_colors_and_could_produce_both() -> None:
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "mox", "card": "Chrome Mox"},
                                                 {"alias": "grum", "card": "Grumgully, the Generous"}]},
                        {"alias": "b"}])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "mox"}).game
    g = apply(g, {"action": "resolve"}).game
    g = act(g, refs, {"action": "resolve"}, target(g, refs, "grum")).game
    assert obj(g, refs, "grum").zone == "exile"
    assert could_produce(g, refs.by_alias["mox"]) == {"R", "G"}
    step = act(g, refs, {"action": "activate", "player": "a", "source": "mox", "ability": 0})
    assert step.pending is not None and step.pending.kind == "mana_color"
    assert set(step.pending.options) == {"R", "G"}
    done = apply(step.game, {"action": "answer", "value": "G"}).game
    assert dict(done.players[0].mana_pool).get("G") == 1


def test_a_colorless_card_exiled_gives_no_mana_not_colorless() -> None:
    g, refs = new_game([{"alias": "a", "hand": [{"alias": "mox", "card": "Chrome Mox"},
                                                 {"alias": "m", "card": "Matter Reshaper"}]}, {"alias": "b"}])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "mox"}).game
    g = apply(g, {"action": "resolve"}).game
    g = act(g, refs, {"action": "resolve"}, target(g, refs, "m")).game
    assert obj(g, refs, "m").zone == "exile" and could_produce(g, refs.by_alias["mox"]) == set()
    step = act(g, refs, {"action": "activate", "player": "a", "source": "mox", "ability": 0})
    assert step.pending is None and dict(step.game.players[0].mana_pool) == {}


def test_mimic_vat_keeps_one_card_exiled_the_other_returns_to_its_owners_graveyard() -> None:
    """Mimic Vat: exiling a new card returns the one exiled before to its owner's graveyard (CR 607.2a);
    declining leaves it exiled."""
    g, refs = new_game([
        {"alias": "a", "mana_pool": {"R": 2},
         "hand": [{"alias": "s1", "card": "Shock"}, {"alias": "s2", "card": "Shock"}],
         "battlefield": [{"alias": "vat", "card": "Mimic Vat"},
                         {"alias": "elves", "card": "Llanowar Elves"}]},
        {"alias": "b", "battlefield": [{"alias": "bears", "card": "Grizzly Bears"}]},
    ])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "s1"}, [target(g, refs, "bears")]).game
    g = apply(g, {"action": "resolve"}).game
    g = act(g, refs, {"action": "resolve"}, True).game
    assert obj(g, refs, "bears").zone == "exile"
    g = act(g, refs, {"action": "cast", "player": "a", "card": "s2"}, [target(g, refs, "elves")]).game
    g = apply(g, {"action": "resolve"}).game
    declined = act(g, refs, {"action": "resolve"}, False).game
    assert obj(declined, refs, "bears").zone == "exile" and obj(declined, refs, "elves").zone == "graveyard"
    taken = act(g, refs, {"action": "resolve"}, True).game
    assert obj(taken, refs, "elves").zone == "exile" and obj(taken, refs, "bears").zone == "graveyard"
    assert obj(taken, refs, "bears").owner == refs.player("b")
