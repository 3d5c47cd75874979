"""mtgc: exit codes 0 / 1 / 2, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness_helpers import BROKEN, EXAMPLE, EXAMPLES, FakeEngine, good_observation, observing

from conformance.cases.validate import validate
from conformance.cli import main
from conformance.engines import register_engine, unregister_engine

ROOT = Path(__file__).parent.parent


@pytest.fixture()
def fake_engines() -> Iterator[None]:
    wrong = good_observation()
    wrong["final"]["objects"][0]["tapped"] = False

    def crashing(case: object, cards: object) -> object:
        raise ValueError("engine exploded")

    register_engine("fake-right", lambda timeout: FakeEngine(observing(good_observation())))
    register_engine("fake-wrong", lambda timeout: FakeEngine(observing(wrong)))
    register_engine("fake-crash", lambda timeout: FakeEngine(crashing))  # type: ignore[arg-type]
    yield
    for name in ("fake-right", "fake-wrong", "fake-crash"):
        unregister_engine(name)


def test_validate_exits_0_on_valid_files_and_2_on_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(EXAMPLES)]) == 0
    assert main(["validate", str(BROKEN / "wrong-type.json"), str(EXAMPLE)]) == 2
    assert "/setup/players/1/life: expected an integer" in capsys.readouterr().out


def test_run_exits_0_when_every_case_passes(fake_engines: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(EXAMPLES), "--engine", "fake-right"]) == 0
    out = capsys.readouterr().out
    assert "seed rulings covered: 1/36" in out
    assert "examples" in out


def test_run_exits_1_on_a_failure_and_prints_its_diff(
    fake_engines: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", str(EXAMPLE), "--engine", "fake-wrong"]) == 1
    out = capsys.readouterr().out
    assert "FAIL example-forest-taps-for-green" in out
    assert "tapped: expected true, observed false" in out


def test_run_exits_1_on_a_crash(fake_engines: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(EXAMPLE), "--engine", "fake-crash"]) == 1
    assert "ValueError: engine exploded" in capsys.readouterr().out


def test_run_exits_2_on_invalid_input_and_still_runs_the_valid_cases(
    fake_engines: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", str(BROKEN / "unknown-card.json"), str(EXAMPLE), "--engine", "fake-right"]) == 2
    out = capsys.readouterr().out
    assert 'unknown card "Grizzly Bears"' in out
    assert "invalid files are not run" in out


def test_run_exits_2_for_an_unknown_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(EXAMPLE), "--engine", "nonesuch"]) == 2
    assert "unknown engine 'nonesuch'" in capsys.readouterr().out


def test_k_and_exclude_feature_narrow_the_run(fake_engines: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(EXAMPLES), "--engine", "fake-wrong", "-k", "forest-taps"]) == 1
    assert "1 case(s)" in capsys.readouterr().out
    assert main(["run", str(EXAMPLES), "--engine", "fake-wrong", "--exclude-feature", "mana"]) == 0


def test_list_shows_id_topic_and_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", str(EXAMPLES)]) == 0
    out = capsys.readouterr().out
    assert "example-fuzz-origin" in out and "examples" in out


def test_list_piped_prints_whole_ids_one_per_line_and_json_for_scripts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    long_id = max((c.case_id for c in validate([EXAMPLES]).cases), key=len)
    assert main(["list", str(EXAMPLES)]) == 0  # capsys: not a terminal
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[:2] for line in lines] == [
        ["example-forest-taps-for-green", "examples"],
        ["example-fuzz-origin", "examples"],
    ]
    assert any(line.startswith(long_id + "\t") for line in lines)
    assert main(["list", str(EXAMPLES), "--json", "-k", "green"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["id"] == "example-forest-taps-for-green" and row["topic"] == "examples" and row["rules"]


def test_explain_shows_rules_text_setup_and_script_in_words(
    fake_engines: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["explain", "example-forest-taps-for-green", "--suite", str(EXAMPLES), "--engine", "fake-right"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "701.34a To proliferate means" in out
    assert "battlefield: forest = Forest" in out
    assert "1. alice activates ability 0 of forest" in out
    assert "PASS" in out


def test_explain_exits_2_for_an_unknown_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "no-such-case", "--suite", str(EXAMPLES)]) == 2


def test_the_console_script_reports_bad_input_without_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "conformance.cli", "validate", str(BROKEN)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "not-json.json:4:1: not valid JSON" in proc.stdout


@pytest.mark.parametrize("argv, says", [
    (["run", str(EXAMPLES), "-k", "zzz-no-such-case"], "matches -k 'zzz-no-such-case'"),
    (["run", "{empty}"], "no case under"),
    (["validate", "{empty}"], "no case file found under"),
    (["run", str(EXAMPLES), "--exclude-feature", "nosuch"], "unknown feature(s) 'nosuch'"),
])
def test_a_selection_that_runs_nothing_exits_2_never_green(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    argv = [str(tmp_path) if a == "{empty}" else a for a in argv]
    assert main(argv) == 2
    assert says in capsys.readouterr().out


def test_an_old_case_id_still_names_its_case_in_explain_and_skip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from conformance.cases import aliases

    old, new = next(iter(sorted(aliases.load().items())))
    assert main(["explain", old]) == 0
    assert f"{old} is an old id of {new}" in capsys.readouterr().out
    out = tmp_path / "r"
    assert main(["certify", "--engine", "reference", "-k", new, "--skip", old, "--out", str(out), "-q"]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert [(c["id"], c["outcome"]) for c in report["cases"]] == [(new, "skipped")]
