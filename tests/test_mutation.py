"""The mutation command (issue 19, tools/mutation): a tiny run on a copy, its report's shape, a mutant
the proliferate cases must kill, and a reviewed equivalent left out of the score."""

from __future__ import annotations

import json
from pathlib import Path
from types import CodeType

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
        assert mutant["cases_run"] > 0  # judged by the proliferate cases that run the line
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


def test_a_mutant_is_judged_only_by_the_cases_that_run_its_statement(tmp_path: Path) -> None:
    from tools.mutation.coverage_map import CaseMap
    from tools.mutation.mutants import Mutant

    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "m.py").write_text(
        "import functools\n"          # 1: run at import, by every case
        "\n\n"
        "def f(x):\n"                 # 4
        "    if (x >\n"               # 5: a header over two lines
        "            1):\n"           # 6
        "        return g(x,\n"       # 7: a call over two lines
        "                 2)\n"       # 8
        "    return 0\n"              # 9: no case gets here
        "\n\n"
        "@functools.lru_cache\n"      # 12
        "def h(y):\n"                 # 13
        "    return y + 1\n",         # 14: cached: one case may compute what another reads
        encoding="utf-8")
    ran: dict[int, frozenset[int] | None] = {1: None, 4: None, 5: frozenset({0, 1}), 7: frozenset({1}),
                                             8: frozenset({2}), 14: frozenset({0})}
    cases = CaseMap(("a.json", "b.json", "c.json"), {"engine/m.py": ran})

    def at(line: int) -> tuple[str, ...] | None:
        return cases.for_mutant(tmp_path, Mutant("engine/m.py", line, 0, "NumberReplacer", 0, "", ""))

    assert at(6) == ("a.json", "b.json")  # the if's header, whichever of its lines was reported
    assert at(8) == ("b.json", "c.json")  # the whole statement
    assert at(9) == ()  # no case runs it: nothing can kill it
    assert at(1) is None and at(14) is None  # every case


def _module(source: str) -> CodeType:
    return compile(source, "m.py", "exec")


def test_a_mutation_in_a_function_body_swaps_that_function_and_its_live_closures() -> None:
    from tools.mutation.forkserver import changed_code

    before = "K = 1\ndef outer(x):\n    def inner(y):\n        return y > 0\n    return inner(x)\n"
    pairs = changed_code(_module(before), _module(before.replace("y > 0", "y >= 0")))
    assert pairs is not None
    assert [(o.co_qualname, outermost) for o, _, outermost in pairs] == [
        ("outer", True), ("outer.<locals>.inner", False)]


@pytest.mark.parametrize("change", [("K = 1", "K = 2"), ("def outer(x):", "def outer(x=1):"),
                                    ("class C:\n    n = 0", "class C:\n    n = 1")])
def test_a_mutation_of_a_module_or_class_body_is_left_to_a_fresh_process(change: tuple[str, str]) -> None:
    from tools.mutation.forkserver import changed_code

    before = ("K = 1\nclass C:\n    n = 0\n    def f(self):\n        return self.n\n"
              "def outer(x):\n    return x\n")
    assert changed_code(_module(before), _module(before.replace(*change))) is None


def test_the_forked_worker_judges_as_a_fresh_process_does(tmp_path: Path) -> None:
    """The same mutants, judged in the load-once worker's forked children and in fresh processes: the
    same verdicts, and the fork path is the one taken for function bodies."""
    args = ["--module", "counter_effects", "--sample", "12", "--seed", "3",
            "--cases", "suites/701.34-proliferate"]
    reports = []
    for extra, out in (([], tmp_path / "fork"), (["--fresh"], tmp_path / "fresh")):
        assert main([*args, *extra, "--out", str(out)]) == 0
        reports.append(json.loads((out / "report.json").read_text(encoding="utf-8")))
    fork, fresh = ({m["id"]: (m["status"], m["killed_by"]) for m in r["mutants"]} for r in reports)
    assert fork == fresh
    assert reports[0]["score"]["judged_in_fork"] > 0 and reports[1]["score"]["judged_in_fork"] == 0
    assert {s for s, _ in fork.values()} == {"killed", "survived"}  # both verdicts compared
