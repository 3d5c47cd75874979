"""SIGINT or SIGTERM during a certification: the report is written, the cases not run are skipped,
and mtgc exits 130 or 143."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "data" / "certify"
SLOW = f"{sys.executable} {ROOT / 'tests' / 'data' / 'adapters' / 'slow.py'}"


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_midway_writes_the_report_with_the_unrun_cases_skipped(
    tmp_path: Path, signum: int, code: int
) -> None:
    out = tmp_path / "out"
    answered = tmp_path / "answered"
    proc = subprocess.Popen(
        [sys.executable, "-m", "conformance.cli", "certify", "--engine", SLOW, "--out", str(out), str(SUITE)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "MTGC_TEST_ANSWERED": str(answered)},
    )

    def answers() -> int:
        return len(answered.read_text(encoding="utf-8").split()) if answered.exists() else 0

    deadline = time.monotonic() + 60
    while answers() < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    proc.send_signal(signum)  # two cases answered, the others not yet
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, stdout + stderr
    assert "Traceback" not in stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    outcomes = [case["outcome"] for case in report["cases"]]
    assert "pass" in outcomes and "skipped" in outcomes, outcomes
    # none crashed: the case under way when the signal came is skipped too
    assert set(outcomes) <= {"pass", "fail", "not_applicable", "skipped"}
    skipped = [case for case in report["cases"] if case["outcome"] == "skipped"]
    assert all(case["message"] == "not run: interrupted" for case in skipped)
    assert report["interrupted"] == signal.Signals(signum).name
