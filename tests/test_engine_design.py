"""The engine's architecture holds: the primitive registry matches the schema, no harness imports,
module size, determinism."""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import CATALOGUE, new_game

from engine import run_case, state
from engine.registry import EFFECTS

ROOT = Path(__file__).resolve().parent.parent


def test_each_registered_effect_has_exactly_one_schema_branch_and_each_branch_an_effect() -> None:
    """Cards are data, effects are code: ``$defs/effect`` is a ``oneOf`` of one branch per kind, and the
    kinds those branches name (their ``do`` const) are exactly the registered primitives, each once."""
    schema = json.loads((ROOT / "spec" / "card.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    branches = [defs[ref["$ref"].removeprefix("#/$defs/")] for ref in defs["effect"]["oneOf"]]
    kinds = [branch["properties"]["do"]["const"] for branch in branches]
    assert sorted(kinds) == sorted(set(kinds)), "a kind with two schema branches"
    assert set(kinds) == set(EFFECTS)
    assert {k.removeprefix("effect.") for k in defs if k.startswith("effect.")} == set(EFFECTS)


def test_engine_never_imports_the_harness() -> None:
    for path in (ROOT / "engine").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] == "conformance" for n in names), path


def test_engine_modules_stay_small() -> None:
    for path in (ROOT / "engine").glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 800, path


def test_same_case_and_decisions_give_the_same_observation() -> None:
    path = ROOT / "suites" / "701.34-proliferate" / "proliferate-chosen-only-smoke.json"
    case = json.loads(path.read_text(encoding="utf-8"))
    assert run_case(case, CATALOGUE) == run_case(case, CATALOGUE)


def test_the_fast_replace_equals_dataclasses_replace_for_every_state_class() -> None:
    game, _ = new_game([{"alias": "a", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]},
                        {"alias": "b"}])
    samples = [game, game.players[0], next(iter(game.objects.values()))]
    for value in samples:
        for f in dataclasses.fields(value):
            changed = {f.name: getattr(value, f.name)}
            assert state.replace(value, **changed) == dataclasses.replace(value, **changed)
        assert state.replace(value) == value and state.replace(value) is not value
        with pytest.raises(TypeError):
            state.replace(value, no_such_field=1)
    obj = samples[2]
    assert state.replace(obj, tapped=not obj.tapped) == dataclasses.replace(obj, tapped=not obj.tapped)


def test_state_maps_are_immutable_hashable_and_keep_insertion_order() -> None:
    """Counters, mana pools, infos and the object store are frozendicts: a change makes a new map, a map
    equals the dict of its items, a state holding one hashes, and iteration follows insertion."""
    game, refs = new_game([{"alias": "a", "battlefield": [
        {"alias": "bear", "card": "Grizzly Bears", "counters": {"flying": 1, "+1/+1": 2}}]}, {"alias": "b"}])
    bear = game.obj(refs.by_alias["bear"])
    with pytest.raises(TypeError):
        bear.counters["+1/+1"] = 3  # type: ignore[index]
    more = state.counters_add(bear.counters, "-1/-1", 1)
    assert list(more) == ["flying", "+1/+1", "-1/-1"] and bear.counters == {"flying": 1, "+1/+1": 2}
    assert state.counters_add(more, "flying", -5) == {"+1/+1": 2, "-1/-1": 1}
    assert state.counters_add(more, "shield", 0) is more  # removing a kind it hasn't: the same map
    moved = state.replace(bear, counters=state.counters_add(bear.counters, "flying", 0))
    assert moved == bear and hash(moved) == hash(bear) and len({moved, bear, game.players[0]}) == 2


def test_the_order_of_counters_never_follows_the_hash_seed() -> None:
    """Vivien carries two kinds of counters; the Hexmage removes them kind by kind. The events come in
    the same order in every process: a hash-ordered map (immutables, pyrsistent, rpds) would order
    them by PYTHONHASHSEED (benchmarks/maps.py)."""
    path = ROOT / "suites" / "602-activated-abilities" / (
        "vampire-hexmage-removes-every-counter-a-planeswalker-with-none-dies.json")
    script = ("import json, pathlib; from engine import run_case; from engine_helpers import CATALOGUE; "
              f"print(json.dumps(run_case(json.loads(pathlib.Path({str(path)!r}).read_text()), CATALOGUE)))")
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           cwd=ROOT / "tests", env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3")]
    assert "counters_removed" in runs[0] and runs[0] == runs[1] == runs[2]
