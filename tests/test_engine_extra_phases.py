"""Additional phases (CR 500.8, 505.1a): added directly after the current main phase, the most recent
first; the turn goes on after that main phase once they are over."""

from __future__ import annotations

from engine_helpers import act, new_game

from engine import apply
from engine.extra_phases import add
from engine.state import replace


def _steps(events: list[dict[str, object]]) -> list[object]:
    return [e["step"] for e in events if e["type"] == "step"]


def test_phases_added_in_the_first_main_phase_come_before_the_regular_combat() -> None:
    g, _ = new_game([{"alias": "a"}, {"alias": "b"}])
    g = replace(g, turn=2, extra_phases=())
    g = add(g, ("combat", "main"))
    step = apply(g, {"action": "advance", "step": "end"})
    steps = _steps(list(step.events))
    assert steps.count("beginning_of_combat") == 2 and steps.count("main2") == 2
    assert steps[-1] == "end"


def test_the_most_recently_added_phase_comes_first() -> None:
    g, _ = new_game([{"alias": "a"}, {"alias": "b"}])
    g = add(add(g, ("combat",)), ("main",))
    assert g.extra_phases == ("main", "combat")


def test_relentless_assault_outside_a_main_phase_adds_nothing() -> None:
    """Its ruling: "It only creates an additional combat and main phase if it resolves during a main
    phase"."""
    g, refs = new_game([{"alias": "a", "mana_pool": {"R": 2, "C": 2},
                         "hand": [{"alias": "ra", "card": "Relentless Assault"}]}, {"alias": "b"}])
    g = act(g, refs, {"action": "cast", "player": "a", "card": "ra"}).game
    g = replace(g, step="end")  # as though it had been cast at instant speed
    g = apply(g, {"action": "resolve"}).game
    assert g.extra_phases == () and g.resume_after is None


def test_an_additional_main_phase_in_the_middle_is_advanced_through() -> None:
    """advance to main2 from an added main2 stops at the next main2, not the same step a turn later."""
    g, _ = new_game([{"alias": "a"}, {"alias": "b"}])
    g = replace(add(g, ("combat", "main")), turn=2)
    g = apply(g, {"action": "advance", "step": "main2"}).game
    assert g.step == "main2" and g.turn == 2 and g.resume_after == "main1"
    g = apply(g, {"action": "advance", "step": "main2"}).game
    assert g.step == "main2" and g.turn == 2 and g.resume_after is None
