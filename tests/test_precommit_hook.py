"""The pre-commit hook for repositories of cases (.pre-commit-hooks.yaml): a manifest pre-commit
accepts, whose entry passes a valid case, fails a broken one with its file and pointer (exit 2), and
whose file filter takes case and card files but not the suite's other data files."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from harness_helpers import BROKEN, EXAMPLE

clientlib = pytest.importorskip("pre_commit.clientlib", reason="pre-commit is in the test extra")
identify = pytest.importorskip("identify.identify", reason="pre-commit's identify is in the test extra")

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / ".pre-commit-hooks.yaml"


def hook() -> dict[str, Any]:
    hooks = clientlib.load_manifest(str(MANIFEST))  # pre-commit's own manifest schema
    assert [h["id"] for h in hooks] == ["mtgc-validate"]
    found: dict[str, Any] = hooks[0]
    return found


def run_entry(*files: Path) -> subprocess.CompletedProcess[str]:
    entry = shlex.split(hook()["entry"])
    assert entry[0] == "mtgc"
    argv = [sys.executable, "-m", "conformance.cli", *entry[1:], *map(str, files)]
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=300)


def selected(path: str) -> bool:
    """Whether pre-commit would pass ``path`` to the hook: its types, files and exclude patterns."""
    h = hook()
    tags = identify.tags_from_filename(path)
    return (set(h["types"]) <= tags and re.search(h["files"], path) is not None
            and re.search(h["exclude"], path) is None)


def test_the_manifest_is_one_python_hook_pre_commit_accepts() -> None:
    h = hook()
    assert h["language"] == "python" and h["pass_filenames"] is True


def test_the_hook_passes_a_valid_case() -> None:
    done = run_entry(EXAMPLE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_hook_fails_a_broken_case_naming_its_file_and_pointer() -> None:
    broken = BROKEN / "wrong-type.json"
    done = run_entry(EXAMPLE, broken)
    assert done.returncode == 2
    assert "wrong-type.json: /setup/players/1/life" in done.stdout + done.stderr


def test_the_hook_takes_cases_and_cards_but_not_the_suite_s_other_data_files() -> None:
    assert selected("suites/702.21-ward/ward-counters-the-spell.json")
    assert selected("suites/cards/abzan-charm.json")
    for data in ("aliases", "seeds", "ledger", "ledger-triage"):
        assert not selected(f"suites/{data}.json"), data
    assert not selected("suites/README.md")
