"""Linear in the size of a game (issue 15, item 8): the static abilities in play (CR 611.3a, 613) are
gathered once per game state, not again for each object whose characteristics are asked for. Counted,
not timed: a return to looking at every permanent for each permanent fails here on any machine."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import CATALOGUE, act, new_game, obj

from engine import characteristics as ch
from engine import run_case, triggers
from engine.state import Game, replace

LORDS = [{"alias": "marshal", "card": "Benalish Marshal"}, {"alias": "chieftain", "card": "Goblin Chieftain"}]


def board(n: int) -> tuple[Game, Any]:
    """Two lords and ``n`` vanilla creatures for Alice, Mirari's Wake and ``n`` Grizzly Bears for Bob."""
    alice = [*LORDS, *({"alias": f"a{i}", "card": "Grizzly Bears"} for i in range(n))]
    bob = [{"alias": "wake", "card": "Mirari's Wake"},
           *({"alias": f"b{i}", "card": "Grizzly Bears"} for i in range(n))]
    return new_game([{"alias": "alice", "battlefield": alice}, {"alias": "bob", "battlefield": bob}])


@pytest.fixture
def collected(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each time the static abilities in play are gathered (``InPlay``), the permanents looked at."""
    seen: list[int] = []

    class Counting(ch.InPlay):
        def __init__(self, game: Game) -> None:
            seen.extend(game.battlefield)
            super().__init__(game)

    monkeypatch.setattr(ch, "InPlay", Counting)
    return seen


@pytest.mark.parametrize("n", [10, 100, 400])
def test_every_characteristic_of_every_permanent_looks_at_each_permanent_once(
    n: int, collected: list[int]
) -> None:
    game, refs = board(n)
    pts = {oid: ch.power_toughness(game, game.obj(oid)) for oid in game.battlefield}
    for oid in game.battlefield:
        o = game.obj(oid)
        ch.keywords(game, o)
        ch.granted_abilities(game, o)
        ch.activated(game, o)
    assert sorted(collected) == sorted(game.battlefield)  # N permanents: N looks, not N x N
    by = refs.by_alias
    assert pts[by["a0"]] == (3, 3) and pts[by["b0"]] == (3, 3)  # Marshal / Wake (CR 613.4c)
    assert pts[by["marshal"]] == (3, 3) and pts[by["chieftain"]] == (3, 3)  # "other": not itself
    assert "Haste" in ch.keywords(game, game.obj(by["chieftain"]))


def sized_case(n: int) -> dict[str, Any]:
    """Alice casts Benalish Marshal beside Goblin Chieftain, then Bob Shocks her Grizzly Bears (Mirari's
    Wake on his side), with ``n`` more Grizzly Bears for each player."""
    bears = [{"alias": f"{p}{i}", "card": "Grizzly Bears"} for p in "ab" for i in range(n)]
    return {
        "level": "rules",
        "setup": {"players": [
            {"alias": "alice", "mana_pool": {"W": 3},
             "hand": [{"alias": "marshal", "card": "Benalish Marshal"}],
             "battlefield": [{"alias": "chieftain", "card": "Goblin Chieftain"},
                             {"alias": "bears", "card": "Grizzly Bears"}, *bears[:n]]},
            {"alias": "bob", "mana_pool": {"R": 1}, "hand": [{"alias": "shock", "card": "Shock"}],
             "battlefield": [{"alias": "wake", "card": "Mirari's Wake"}, *bears[n:]]}]},
        "script": [{"action": "cast", "player": "alice", "card": "marshal"}, {"action": "resolve"},
                   {"action": "observe", "label": "entered"}, {"action": "pass", "player": "alice"},
                   {"action": "cast", "player": "bob", "card": "shock"}, {"action": "resolve"}],
        "decisions": [{"kind": "targets", "player": "bob", "source": "shock", "answer": ["bears"]}],
    }


def test_a_case_looks_at_permanents_in_proportion_to_its_objects(collected: list[int]) -> None:
    """A whole case (casting, resolving, state-based actions, targets, observations) on a board 4 and 16
    times as large looks at permanents for statics 4 and 16 times as often (give or take a state), not
    16 and 256 times."""
    counts = {}
    for n in (25, 100, 400):
        collected.clear()
        observation = run_case(sized_case(n), CATALOGUE)
        assert all(step["outcome"] == "ok" for step in observation["steps"])
        seen = {o["ref"]: o for o in observation["snapshots"]["entered"]["objects"]}
        assert (seen["bears"]["power"], seen["a0"]["power"], seen["b0"]["power"]) == (3, 3, 3)
        assert {o["ref"]: o for o in observation["final"]["objects"]}["bears"]["damage"] == 2
        counts[n] = len(collected)
    assert counts[100] <= 4.5 * counts[25] and counts[400] <= 4.5 * counts[100], counts
    assert counts[400] <= 100 * (2 * 400 + 3), counts  # some states, each permanent looked at once in each


def test_a_new_state_has_its_own_statics_even_made_from_a_remembered_one() -> None:
    """The statics are remembered by the state's identity, never carried to a state made from it: the
    Marshal leaving the battlefield ends its effect (CR 611.3b) in the very next state."""
    game, refs = board(2)
    bears = refs.by_alias["a0"]
    assert ch.power_toughness(game, game.obj(bears)) == (3, 3)
    marshal = refs.by_alias["marshal"]
    gone = replace(game, battlefield=tuple(i for i in game.battlefield if i != marshal))
    assert ch.power_toughness(gone, gone.obj(bears)) == (2, 2)
    assert ch.power_toughness(game, game.obj(bears)) == (3, 3)


def test_only_the_latest_states_are_remembered() -> None:
    game, _ = board(1)
    states = [replace(game, turn=t) for t in range(3 * ch.IN_PLAY.size)]
    for g in states:
        ch.in_play(g)
    assert len(ch.IN_PLAY) <= ch.IN_PLAY.size
    assert all(ch.IN_PLAY.remembers(g) for g in states[-ch.IN_PLAY.size:])
    assert not any(ch.IN_PLAY.remembers(g) for g in states[:-ch.IN_PLAY.size])


@pytest.mark.parametrize("n", [50, 200, 800])
def test_creatures_dying_together_look_for_triggered_abilities_once_per_state(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N creatures with lethal damage die at once (CR 704.3, 704.5g): N zone changes, each checked for
    the abilities that could trigger, looking back for leaves-the-battlefield ones (CR 603.10a). The
    permanents' triggered abilities are looked for once per state, not once per permanent per event."""
    looked: list[int] = []
    original = triggers._triggered

    def counting(game: Game, o: Any) -> Any:
        looked.append(o.id)
        return original(game, o)

    monkeypatch.setattr(triggers, "_triggered", counting)
    game, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": f"b{i}", "card": "Grizzly Bears", "damage": 2} for i in range(n)]}, {"alias": "b"}])
    step = act(game, refs, {"action": "pass", "player": "a"})  # SBAs before Bob gets priority
    assert step.pending is None
    assert {obj(step.game, refs, f"b{i}").zone for i in range(n)} == {"graveyard"}
    assert sum(e["type"] == "zone_change" for e in step.events) == n
    assert len(looked) <= 4 * n, len(looked)
