"""The published third-party certifications (docs/certification/): every failure explained in one line.

CI re-runs both engines against these baselines (.ci/run.d/20-adapters.sh); these checks need neither
engine installed. A published report may name cases by ids since renamed: loading its baseline maps
them to current ids (suites/aliases.json), so the report's ids are resolved the same way here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.cases.aliases import resolve
from conformance.interface import BAD_OUTCOMES as BAD
from conformance.report import json_report
from conformance.report.baseline import load_baseline
from conformance.report.markdown import cell

DOCS = Path(__file__).resolve().parent.parent / "docs" / "certification"
PUBLISHED = sorted(p for p in DOCS.iterdir() if (p / "report.json").exists())


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_both_engines_are_published() -> None:
    assert [p.name for p in PUBLISHED] == ["phase-0.103.0", "python-mtg-0.1.1"]


@pytest.mark.parametrize("folder", PUBLISHED, ids=lambda p: p.name)
def test_every_failure_has_a_one_line_cause(folder: Path) -> None:
    report = load(folder / "report.json")
    baseline = load_baseline(folder / "known-failures.json")  # also checks each cause is one line
    failing = {resolve(c["id"]) for c in report["cases"] if c["outcome"] in BAD}
    flaky = {k for k, v in baseline["known_failures"].items() if v.get("flaky")}
    assert failing | flaky == set(baseline["known_failures"])
    assert all(baseline["known_failures"][k].get("cause") for k in flaky)
    for case in report["cases"]:
        if case["outcome"] in BAD:
            cause = baseline["known_failures"][resolve(case["id"])]["cause"]
            assert case["cause"] == cause and len(cause) > 40


@pytest.mark.parametrize("folder", PUBLISHED, ids=lambda p: p.name)
def test_the_summary_shows_each_cause_and_each_not_applicable_reason(folder: Path) -> None:
    report = load(folder / "report.json")
    summary = (folder / "summary.md").read_text(encoding="utf-8")
    assert report["verdict"]["ok"] and report["suite"]["cases"] == len(report["cases"])
    for case in report["cases"]:
        if case["outcome"] in BAD:
            assert f"`{cell(case['id'])}` ({case['topic']}): {cell(case['cause'])} — observed: " in summary
        elif case["outcome"] == "not_applicable":
            assert f"- `{cell(case['id'])}` ({case['topic']}): " in summary


@pytest.mark.parametrize("folder", PUBLISHED, ids=lambda p: p.name)
def test_the_published_report_matches_the_report_schema(folder: Path) -> None:
    assert json_report.problem(load(folder / "report.json")) is None
