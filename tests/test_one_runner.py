"""One run path: `mtgc run`, `mtgc certify` and the pytest plugin judge a case through the same runner,
and engines are named the same way everywhere (built-in names, entry points, command lines)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness_helpers import DATA, EXAMPLE, FakeEngine, good_observation, observing

from conformance import engines
from conformance.cli import main
from conformance.engines import (
    EngineUnavailable,
    get_engine,
    known_engines,
    register_engine,
    unregister_engine,
)
from conformance.engines.inprocess import ModuleEngine
from conformance.interface import RunResult
from conformance.run.protocol import ProtocolEngine

ROOT = Path(__file__).parent.parent
TESTS = Path(__file__).parent
WRONG = """
wrong = good_observation()
wrong["final"]["players"]["alice"]["mana_pool"] = {}
"""


def wrong_observation() -> dict[str, Any]:
    namespace: dict[str, Any] = {"good_observation": good_observation}
    exec(WRONG, namespace)
    return dict(namespace["wrong"])


@pytest.fixture()
def fake_wrong() -> Iterator[None]:
    register_engine("fake-wrong", lambda timeout: FakeEngine(observing(wrong_observation())))
    yield
    unregister_engine("fake-wrong")


def plugin_verdict(tmp_path: Path) -> str:
    """The pytest plugin's report of the example case on fake-wrong (a pytest run in a subprocess)."""
    suites = tmp_path / "project" / "suites"
    shutil.copytree(DATA / "cards", suites / "cards")
    shutil.copy(ROOT / "suites" / "seeds.json", suites / "seeds.json")
    (suites / "examples").mkdir()
    shutil.copy(EXAMPLE, suites / "examples" / EXAMPLE.name)
    conftest = (
        f"import sys\nsys.path.insert(0, {str(TESTS)!r})\n"
        "from harness_helpers import FakeEngine, good_observation, observing\n"
        "from conformance.engines import register_engine\n"
        + WRONG
        + 'register_engine("fake-wrong", lambda timeout: FakeEngine(observing(wrong)))\n'
    )
    (tmp_path / "project" / "conftest.py").write_text(conftest, encoding="utf-8")
    (tmp_path / "project" / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    args = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "suites/", "--mtg-engine", "fake-wrong"]
    proc = subprocess.run(args, capture_output=True, text=True, cwd=tmp_path / "project", timeout=120)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    return proc.stdout


def test_run_certify_explain_and_the_pytest_plugin_give_one_case_the_same_verdict(
    fake_wrong: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    difference = 'mana_pool: expected {"G": 1}, observed {}'

    assert main(["run", str(EXAMPLE), "--engine", "fake-wrong"]) == 1
    run_output = capsys.readouterr().out
    assert f"FAIL {EXAMPLE.stem}" in run_output and difference in run_output

    assert main(["certify", str(EXAMPLE), "--engine", "fake-wrong", "--out", str(tmp_path / "c"), "-q"]) == 1
    report = json.loads((tmp_path / "c" / "report.json").read_text(encoding="utf-8"))
    [case] = report["cases"]
    assert (case["id"], case["outcome"]) == (EXAMPLE.stem, "fail")
    assert [d["where"] for d in case["diff"]] == ["players.alice.mana_pool"]
    assert report["settings"]["engine"] == "fake-wrong"

    assert main(["explain", EXAMPLE.stem, "--suite", str(EXAMPLE), "--engine", "fake-wrong"]) == 1
    explain_output = capsys.readouterr().out
    assert "FAIL on fake 1.0" in explain_output and difference in explain_output

    plugin_output = plugin_verdict(tmp_path)
    assert "FAIL on fake 1.0" in plugin_output and difference in plugin_output


def test_certify_runs_the_reference_engine_in_process_by_name(tmp_path: Path) -> None:
    out = str(tmp_path / "r")
    assert main(["certify", str(EXAMPLE), "--engine", "reference", "--out", out, "-q"]) in (0, 1)
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert report["adapter"]["command"] == "in process: engine"
    assert report["engine"]["name"] != "unknown"


def test_the_built_in_names_are_the_reference_engine_and_the_shipped_adapters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engines, "find_spec", lambda name: object())  # as if the phase extra were installed
    assert {"reference", "phase", "python-mtg"} <= set(known_engines())
    assert isinstance(get_engine("reference"), ModuleEngine)
    phase = get_engine("phase")
    assert isinstance(phase, ProtocolEngine)
    assert phase.command == engines.PHASE
    assert phase.argv[0] == sys.executable  # `python` is the interpreter mtgc runs in


class _EntryPoint:
    def __init__(self, name: str, target: object) -> None:
        self.name, self.target = name, target

    def load(self) -> object:
        if isinstance(self.target, Exception):
            raise self.target
        return self.target


def test_an_installed_package_makes_its_engine_available_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    published = [
        _EntryPoint("as-command", "python -m some_adapter"),
        _EntryPoint("as-factory", lambda timeout: FakeEngine(lambda c, k: RunResult("error", reason="x"))),
        _EntryPoint("broken", ImportError("no module named some_adapter")),
        _EntryPoint("neither", 42),
    ]
    monkeypatch.setattr(engines, "entry_points", lambda group: published if group == "mtgc.engines" else [])
    assert {"as-command", "as-factory", "broken"} <= set(known_engines())
    command = get_engine("as-command")
    assert isinstance(command, ProtocolEngine) and command.command == "python -m some_adapter"
    assert isinstance(get_engine("as-factory"), FakeEngine)
    with pytest.raises(EngineUnavailable, match="cannot be loaded: no module named some_adapter"):
        get_engine("broken")
    with pytest.raises(EngineUnavailable, match="must be a command line"):
        get_engine("neither")


def test_an_unknown_engine_name_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", str(EXAMPLE), "--engine", "no-such-engine", "--out", "/nonexistent"]) == 2
    assert "known engines: " in capsys.readouterr().err


def test_a_shipped_adapter_whose_engine_is_not_installed_says_which_pip_line_installs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engines, "find_spec", lambda name: None)
    with pytest.raises(EngineUnavailable, match=r"pip install -e '\.\[phase\]'"):
        get_engine("phase")
    with pytest.raises(EngineUnavailable, match=r"pip install -e '\.\[mtg\]'"):
        get_engine("python-mtg")


def test_fuzz_without_hypothesis_says_which_pip_line_installs_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from conformance.fuzz import campaign as fuzz

    monkeypatch.setattr(fuzz, "find_spec", lambda name: None)
    assert main(["fuzz", "--examples", "1"]) == 2
    assert "pip install -e '.[test]'" in capsys.readouterr().err
