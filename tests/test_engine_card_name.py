"""Choosing a card name as a permanent enters (CR 614.12a, 201.4) and the prohibition on activated abilities
of sources with that name (Pithing Needle, CR 602.5): not mana abilities (605.1a), loyalty abilities
included (606.2), only while the prohibiting permanent is on the battlefield (611.3a)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, new_game, obj

from engine.context import Decision, forced_answer
from engine.errors import IllegalAction
from engine.game import Step
from engine.state import Game


def _needle(name: str, pool: dict[str, int] | None = None) -> tuple[Step, Any]:
    battlefield = [{"alias": "vault", "card": "Mutavault"},
                   {"alias": "slinger", "card": "Goblin Fireslinger"}]
    g, refs = new_game([{"alias": "a", "mana_pool": pool or {"C": 1}, "battlefield": battlefield,
                         "hand": [{"alias": "needle", "card": "Pithing Needle"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "needle"})
    step = act(step.game, refs, {"action": "resolve"})
    assert step.pending is not None and step.pending.kind == "card_name"
    return act(step.game, refs, {"action": "answer", "value": name}), refs


def _activate(g: Game, refs: Any, alias: str, index: int, *answers: Any) -> Step:
    return act(g, refs, {"action": "activate", "player": "a", "source": alias, "ability": index}, *answers)


def test_the_chosen_name_is_kept_and_its_non_mana_activated_abilities_are_prohibited() -> None:
    step, refs = _needle("Mutavault", {"C": 2})
    assert obj(step.game, refs, "needle").chosen_name == "Mutavault"
    with pytest.raises(IllegalAction) as refused:
        _activate(step.game, refs, "vault", 1)
    assert refused.value.rule == "602.5"
    tapped = _activate(step.game, refs, "vault", 0)  # CR 605.1a: its mana ability is not prohibited
    assert obj(tapped.game, refs, "vault").tapped


def test_another_name_prohibits_nothing_and_any_name_may_be_chosen() -> None:
    step, refs = _needle("Black Lotus")  # CR 201.4: any card name, in the game or not
    done = _activate(step.game, refs, "slinger", 0, [("player", 1)])
    assert done.game.stack  # the Fireslinger's ability is on the stack


@pytest.mark.parametrize("answer", ["", 3, None])
def test_a_non_name_is_refused_under_201_4(answer: object) -> None:
    g, refs = new_game([{"alias": "a", "mana_pool": {"C": 1},
                         "hand": [{"alias": "needle", "card": "Pithing Needle"}]}, {"alias": "b"}])
    step = act(g, refs, {"action": "cast", "player": "a", "card": "needle"})
    step = act(step.game, refs, {"action": "resolve"})
    with pytest.raises(IllegalAction) as refused:
        act(step.game, refs, {"action": "answer", "value": answer})
    assert refused.value.rule == "201.4"


def test_a_card_name_decision_is_never_forced() -> None:
    assert forced_answer(Decision("card_name", 0, None, ("Pithing Needle",))) is None


def test_the_chosen_name_is_forgotten_when_the_needle_changes_zones() -> None:
    step, refs = _needle("Goblin Fireslinger")
    needle = obj(step.game, refs, "needle")
    assert needle.moved("graveyard").chosen_name is None  # CR 400.7: a new object
