"""The mutation command (issue 19, tools/mutation): a tiny run on a copy, its report's shape, a mutant
the proliferate cases must kill, and a reviewed equivalent left out of the score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("cosmic_ray")

from tools.mutation.__main__ import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PROLIFERATE = "put_counters(ctx, t, {k: 1 for k, n in have.items() if n > 0}, res.controller)"


def proliferate_line() -> str:
    lines = (ROOT / "engine" / "counter_effects.py").read_text(encoding="utf-8").splitlines()
    return f"engine/counter_effects.py:{[line.strip() for line in lines].index(PROLIFERATE) + 1}"


def test_a_tiny_run_kills_what_the_cases_must_catch_and_leaves_out_the_equivalent(tmp_path: Path) -> None:
    before = (ROOT / "engine" / "counter_effects.py").read_text(encoding="utf-8")
    equivalent = tmp_path / "equivalent.json"
    equivalent.write_text(json.dumps({"equivalent": [{
        "file": "engine/counter_effects.py", "operator": "NumberReplacer", "original": PROLIFERATE,
        "mutated": PROLIFERATE.replace("n > 0", "n > -1"), "reason": "for the test",
    }]}), encoding="utf-8")
    out = tmp_path / "report"
    code = main(["--module", "counter_effects", "--line", proliferate_line(), "--operator", "NumberReplacer",
                 "--cases", "suites/701.34-proliferate",
                 "--equivalent", str(equivalent), "--out", str(out)])
    assert code == 0
    assert (ROOT / "engine" / "counter_effects.py").read_text(encoding="utf-8") == before  # a copy mutated
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert set(report) >= {"settings", "score", "per_module", "per_operator", "survivors", "mutants",
                           "equivalent", "not_run"}
    mutated = {m["mutated"]: m for m in report["mutants"]}
    # proliferate putting two counters, or none, of each kind: the proliferate cases must catch both
    for wrong in ("{k: 2 for", "{k: 0 for"):
        (mutant,) = [m for text, m in mutated.items() if wrong in text]
        assert (mutant["status"], mutant["killed_by"]) == ("killed", "cases")
    assert PROLIFERATE.replace("n > 0", "n > -1") not in mutated  # the equivalent one is not run
    score = report["score"]
    assert score["equivalent_excluded"] == len(report["equivalent"]) <= 1
    assert score["total"] == len(report["mutants"]) == score["killed"] + len(report["survivors"])
    assert report["per_module"]["engine/counter_effects.py"]["total"] == score["total"]
    assert set(report["per_operator"]) == {"NumberReplacer"}
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert summary.startswith("# Mutation testing of engine/") and "**Score:" in summary


def test_the_reviewed_equivalents_each_give_a_reason() -> None:
    from tools.mutation.mutants import load_equivalents

    for entry in load_equivalents(ROOT / "tools" / "mutation-equivalent.json"):
        assert entry.reason.strip() and entry.file.startswith("engine/")
