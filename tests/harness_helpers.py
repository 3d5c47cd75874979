"""Shared by the harness tests: the example case, an observation that satisfies it, fake engines."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from conformance.interface import EngineInfo, RunResult

DATA = Path(__file__).parent / "data" / "harness"
EXAMPLES = DATA / "examples"
BROKEN = DATA / "broken"
EXAMPLE = EXAMPLES / "example-forest-taps-for-green.json"


def example_case() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def _player(**changes: Any) -> dict[str, Any]:
    base = {
        "life": 20,
        "counters": {},
        "mana_pool": {},
        "crimes_committed": 0,
        "hand_size": 0,
        "library_size": 0,
        "graveyard_size": 0,
        "lost": False,
    }
    return {**base, **changes}


def _object(ref: str, name: str, zone: str, **changes: Any) -> dict[str, Any]:
    base = {
        "ref": ref,
        "name": name,
        "zone": zone,
        "owner": "alice",
        "controller": "alice",
        "token": False,
        "tapped": False,
        "counters": {},
        "power": None,
        "toughness": None,
        "loyalty": None,
        "damage": 0,
        "keywords": [],
    }
    return {**base, **changes}


def good_observation() -> dict[str, Any]:
    """What a correct engine returns for the example case."""
    final = {
        "turn": 1,
        "active_player": "alice",
        "step": "main1",
        "priority": "alice",
        "players": {"alice": _player(mana_pool={"G": 1}, hand_size=1), "bob": _player()},
        "objects": [
            _object("forest", "Forest", "battlefield", tapped=True),
            _object("scales", "Hardened Scales", "hand"),
        ],
        "stack": [],
    }
    before = copy.deepcopy(final)
    before["players"]["alice"]["mana_pool"] = {}
    before["objects"][0]["tapped"] = False
    return {
        "steps": [{"outcome": "ok"}, {"outcome": "ok"}],
        "final": final,
        "snapshots": {"before": before},
        "events": [
            {"type": "ability_activated", "player": "alice", "source": "forest", "ability": 0},
            {"type": "mana_added", "player": "alice", "mana": {"G": 1}, "source": "forest"},
        ],
        "decisions": [],
        "unanswered": None,
    }


class FakeEngine:
    """An engine whose answer is computed by ``answer(case, cards)``; counts its calls."""

    def __init__(
        self,
        answer: Callable[[Any, Mapping[str, Any]], RunResult],
        unsupported: frozenset[str] = frozenset(),
        name: str = "fake",
    ) -> None:
        self.answer = answer
        self.unsupported = unsupported
        self.name = name
        self.calls: list[tuple[str, list[str]]] = []
        self.closed = False

    def info(self) -> EngineInfo:
        return EngineInfo(self.name, "1.0", unsupported_features=self.unsupported)

    def run(self, case: Any, cards: Mapping[str, Any]) -> RunResult:
        self.calls.append((case["id"], sorted(cards)))
        return self.answer(case, cards)

    def close(self) -> None:
        self.closed = True


def observing(observation: Any) -> Callable[[Any, Mapping[str, Any]], RunResult]:
    return lambda case, cards: RunResult("observed", copy.deepcopy(observation))
