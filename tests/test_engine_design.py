"""The engine's architecture holds: the primitive registry matches the schema, no harness imports,
module size, determinism."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from engine_helpers import CATALOGUE

from engine import run_case
from engine.effects import EFFECTS

ROOT = Path(__file__).resolve().parent.parent


def test_effect_registry_and_card_schema_list_the_same_primitives() -> None:
    schema = json.loads((ROOT / "spec" / "card.schema.json").read_text(encoding="utf-8"))
    assert set(EFFECTS) == set(schema["$defs"]["effect_kind"]["enum"])


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
    path = ROOT / "suites" / "proliferate" / "proliferate-chosen-only.json"
    case = json.loads(path.read_text(encoding="utf-8"))
    assert run_case(case, CATALOGUE) == run_case(case, CATALOGUE)
