"""A stand-in fuzzer used by the benchmark until the project's own fuzz tests exist.

Per area (counters, mana, targeting) a Hypothesis strategy draws a small game around catalogue cards
(random counters and a proliferate choice; random mana sources activated in a random order; Shock
aimed at a random player or creature), runs it on the reference engine and checks the one invariant
every fuzz test shares: the engine answers with an observation. It measures what a fuzz example
costs (generation + engine + observation); when ``tests/test_fuzz_*.py`` exist the benchmark times
those instead.

    python -m benchmarks.fuzz_fallback AREA EXAMPLES [--wait]   # prints {"area", "examples", "start", "end"}
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import engine
from conformance.cases.loader import Catalogue
from conformance.cases.validate import validate
from conformance.run.runner import gather_cards

AREAS = ("counters", "mana", "targeting")
SOURCES = ("Forest", "Island", "Mountain", "Llanowar Elves", "Fellwar Stone")


@st.composite
def counters_case(draw: Any) -> dict[str, Any]:
    bears = draw(st.integers(1, 4))
    mine = [
        {
            "alias": f"b{i}",
            "card": "Grizzly Bears",
            "counters": {
                k: v for k, v in (("+1/+1", draw(st.integers(0, 3))), ("-1/-1", draw(st.integers(0, 1)))) if v
            },
        }
        for i in range(bears)
    ]
    poison = draw(st.integers(0, 9))
    with_counters = [o["alias"] for o in mine if o["counters"]] + (["bob"] if poison else [])
    chosen = draw(st.lists(st.sampled_from(with_counters), unique=True)) if with_counters else []
    return {
        "id": "fuzz-counters",
        "setup": {
            "players": [
                {
                    "alias": "alice",
                    "mana_pool": {"U": 2},
                    "battlefield": mine,
                    "hand": [{"alias": "plan", "card": "Contentious Plan"}],
                    "library": [{"alias": "l1", "card": "Forest"}],
                },
                {"alias": "bob", "counters": {"poison": poison} if poison else {}},
            ]
        },
        "script": [{"action": "cast", "player": "alice", "card": "plan"}, {"action": "resolve"}],
        "decisions": [{"kind": "proliferate", "player": "alice", "answer": chosen}],
        "expect": {},
    }


@st.composite
def mana_case(draw: Any) -> dict[str, Any]:
    sources = draw(st.lists(st.sampled_from(SOURCES), min_size=1, max_size=6))
    field = [
        {
            "alias": f"s{i}",
            "card": c,
            "summoning_sick": draw(st.booleans()) if c == "Llanowar Elves" else False,
        }
        for i, c in enumerate(sources)
    ]
    order = draw(st.permutations([o["alias"] for o in field]))
    pool = draw(st.dictionaries(st.sampled_from("WUBRGC"), st.integers(0, 3), max_size=3))
    colors = [
        {"kind": "mana_color", "player": "alice", "answer": draw(st.sampled_from("WUBRG"))}
        for o in field
        if o["card"] == "Fellwar Stone"
    ]
    return {
        "id": "fuzz-mana",
        "setup": {
            "players": [
                {"alias": "alice", "mana_pool": {k: v for k, v in pool.items() if v}, "battlefield": field},
                {"alias": "bob", "battlefield": [{"alias": "island", "card": "Island"}]},
            ]
        },
        "script": [{"action": "activate", "player": "alice", "source": a, "ability": 0} for a in order],
        "decisions": colors,
        "expect": {},
    }


@st.composite
def targeting_case(draw: Any) -> dict[str, Any]:
    mine = [{"alias": f"m{i}", "card": "Grizzly Bears"} for i in range(draw(st.integers(0, 2)))]
    theirs = [
        {"alias": f"t{i}", "card": "Grizzly Bears", "damage": draw(st.integers(0, 1))}
        for i in range(draw(st.integers(0, 2)))
    ]
    target = draw(st.sampled_from(["alice", "bob"] + [o["alias"] for o in mine + theirs]))
    return {
        "id": "fuzz-targeting",
        "setup": {
            "players": [
                {
                    "alias": "alice",
                    "mana_pool": {"R": 1},
                    "hand": [{"alias": "shock", "card": "Shock"}],
                    "battlefield": mine,
                },
                {"alias": "bob", "life": draw(st.integers(1, 20)), "battlefield": theirs},
            ]
        },
        "script": [{"action": "cast", "player": "alice", "card": "shock"}, {"action": "resolve"}],
        "decisions": [{"kind": "targets", "player": "alice", "answer": [target]}],
        "expect": {},
    }


STRATEGIES = {"counters": counters_case, "mana": mana_case, "targeting": targeting_case}


def catalogue() -> Catalogue:
    validation = validate()
    return next(iter(validation.catalogues.values()))


def run(area: str, examples: int, cat: Catalogue | None = None, seed: int = 0) -> int:
    """Run ``examples`` examples of ``area``; the number actually run."""
    cat = cat or catalogue()
    count = 0

    @settings(
        max_examples=examples,
        database=None,
        derandomize=True,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(STRATEGIES[area]())
    def check(case: dict[str, Any]) -> None:
        nonlocal count
        count += 1
        observation = engine.run_case(case, gather_cards(case, cat))
        assert isinstance(observation, dict) and "final" in observation

    check()
    return count


def main(argv: list[str]) -> int:
    area, examples = argv[0], int(argv[1])
    cat = catalogue()
    run(area, 5, cat)  # warm up imports and caches
    if len(argv) > 2 and argv[2] == "--wait":  # start together with the other workers
        print("ready", flush=True)
        sys.stdin.readline()
    start = time.time()
    done = run(area, examples, cat)
    print(json.dumps({"area": area, "examples": done, "start": start, "end": time.time()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
