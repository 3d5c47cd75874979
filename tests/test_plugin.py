"""The pytest plugin: `pytest suites/` collects one item per case, named by its id."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from harness_helpers import DATA, EXAMPLES

ROOT = Path(__file__).parent.parent
TESTS = Path(__file__).parent

CONFTEST = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from harness_helpers import FakeEngine, good_observation, observing
from conformance.engines import register_engine

wrong = good_observation()
wrong["final"]["players"]["alice"]["mana_pool"] = {{}}
register_engine("fake-right", lambda timeout: FakeEngine(observing(good_observation())))
register_engine("fake-wrong", lambda timeout: FakeEngine(observing(wrong)))
"""


def pytest_args(*args: str) -> list[str]:
    installed = any(ep.name == "mtg_conformance" for ep in entry_points(group="pytest11"))
    plugin = [] if installed else ["-p", "conformance.pytest_plugin"]
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly", *plugin, *args]


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A project with a suites/ directory: cards, seeds.json, one topic with the two example cases."""
    suites = tmp_path / "suites"
    shutil.copytree(DATA / "cards", suites / "cards")
    shutil.copy(ROOT / "suites" / "seeds.json", suites / "seeds.json")
    shutil.copytree(EXAMPLES, suites / "examples")
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    return tmp_path


def run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(pytest_args(*args), capture_output=True, text=True, cwd=project, timeout=120)


def test_collects_one_item_per_case_named_by_id_and_skips_cards_and_seeds(project: Path) -> None:
    proc = run(project, "--collect-only", "-q", "suites/")
    items = [line for line in proc.stdout.splitlines() if "::" in line]
    assert items == [
        "suites/examples/example-forest-taps-for-green.json::example-forest-taps-for-green",
        "suites/examples/example-fuzz-origin.json::example-fuzz-origin",
    ], proc.stdout + proc.stderr


def test_a_failing_case_fails_with_the_readable_diff(project: Path) -> None:
    proc = run(project, "suites/", "--mtg-engine", "fake-wrong", "-k", "green")
    assert proc.returncode == 1, proc.stdout
    assert "FAIL on fake 1.0" in proc.stdout
    assert "players.alice" in proc.stdout and 'mana_pool: expected {"G": 1}, observed {}' in proc.stdout


def test_cases_pass_under_xdist_with_two_workers(project: Path) -> None:
    proc = run(project, "suites/", "--mtg-engine", "fake-right", "-n", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 passed" in proc.stdout


def test_json_files_outside_suites_are_not_collected() -> None:
    proc = subprocess.run(
        pytest_args("--collect-only", "-q", "tests/data/harness"),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 5, proc.stdout  # no tests collected
    assert "::" not in proc.stdout
