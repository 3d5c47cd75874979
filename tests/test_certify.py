"""mtgc certify / diff / baseline: every case gets the right outcome whatever the adapter does."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.report import json_report

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = ROOT / "tests" / "data" / "adapters"
SUITE = str(ROOT / "tests" / "data" / "certify")


def adapter(name: str) -> str:
    return f"{sys.executable} {ADAPTERS / name}.py"


def certify(
    tmp_path: Path, name: str, *extra: str, out: str = "out", suite: str = SUITE, args: str = ""
) -> tuple[int, dict[str, object]]:
    engine = f"{adapter(name)} {args}".strip()
    code = main(["certify", "--engine", engine, "--out", str(tmp_path / out), "-q", *extra, suite])
    report = json.loads((tmp_path / out / "report.json").read_text(encoding="utf-8"))
    return code, report


def outcome_by_id(report: dict[str, object]) -> dict[str, str]:
    return {case["id"]: case["outcome"] for case in report["cases"]}  # type: ignore[index,union-attr]


WELL = {
    "certify-counters-poison": "pass",
    "certify-counters-proliferate": "not_applicable",
    "certify-life-set": "pass",
    "certify-life-starting": "pass",
    "certify-life-wrong": "fail",
    "certify-turn-step": "pass",
}


def test_a_well_behaved_adapter_gets_pass_fail_and_not_applicable(tmp_path: Path) -> None:
    code, report = certify(tmp_path, "well_behaved")
    assert outcome_by_id(report) == WELL
    assert code == 1  # a failure outside any baseline fails the run
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "badge.json",
        "index.html",
        "junit.xml",
        "report.json",
        "summary.md",
    ]


def test_the_report_records_versions_hash_and_matches_its_schema(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "well_behaved")
    assert json_report.problem(report) is None
    assert report["protocol"] == 1 and report["cr_date"] == "2026-06-19"
    assert report["engine"] == {"name": "nothing", "version": "1.0"}
    assert report["adapter"]["version"] == "0.1"  # type: ignore[index]
    assert str(report["suite"]["hash"]).startswith("sha256:")  # type: ignore[index]
    wrong = next(c for c in report["cases"] if c["id"] == "certify-life-wrong")  # type: ignore[union-attr]
    assert wrong["diff"] == [{"where": "players.alice.life", "expected": 17, "observed": 20, "message": ""}]
    assert wrong["topic"] == "life" and wrong["features"] == ["life"] and wrong["seconds"] >= 0


def test_the_suite_hash_is_stable_between_runs(tmp_path: Path) -> None:
    _, first = certify(tmp_path, "well_behaved", out="a")
    _, second = certify(tmp_path, "well_behaved", out="b")
    assert first["suite"] == second["suite"]


def test_a_crashing_adapter_costs_only_the_case_it_crashed_on(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "hostile_crash")
    assert outcome_by_id(report) == {**WELL, "certify-life-starting": "crash"}
    crashed = next(c for c in report["cases"] if c["outcome"] == "crash")  # type: ignore[union-attr]
    assert "exit status 3" in crashed["message"] and "boom" in crashed["stderr"]
    assert report["adapter_stats"]["restarts"] == 1  # type: ignore[index]


def test_a_hanging_adapter_times_out_per_case_and_the_run_completes(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "hostile_hang", "--timeout", "0.5")
    assert outcome_by_id(report) == {**WELL, "certify-life-set": "timeout", "certify-life-wrong": "timeout"}
    assert report["seconds"] < 10  # type: ignore[operator]


def test_garbage_is_a_crash_with_the_offending_line(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "hostile_garbage")
    assert outcome_by_id(report) == {**WELL, "certify-life-set": "crash", "certify-life-wrong": "crash"}
    garbage = next(c for c in report["cases"] if c["id"] == "certify-life-set")  # type: ignore[union-attr]
    assert (
        garbage["message"].startswith("protocol violation (bad_json)")
        and "this is not JSON" in garbage["message"]
    )


def test_a_wrong_seq_is_a_crash_for_every_case_it_answers(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "hostile_wrong_seq")
    expected = {case: ("not_applicable" if o == "not_applicable" else "crash") for case, o in WELL.items()}
    assert outcome_by_id(report) == expected
    assert all("wrong_seq" in c["message"] for c in report["cases"] if c["outcome"] == "crash")  # type: ignore


def test_engine_errors_and_unsupported_answers_are_error_and_not_applicable(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "hostile_script")
    assert outcome_by_id(report) == {
        "certify-counters-poison": "fail",  # observation with <script> values
        "certify-counters-proliferate": "error",
        "certify-life-set": "not_applicable",
        "certify-life-starting": "crash",  # a bare <script> line
        "certify-life-wrong": "fail",
        "certify-turn-step": "error",
    }


def test_parallel_jobs_give_the_same_outcomes(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "well_behaved", "-j", "3")
    assert outcome_by_id(report) == WELL
    assert report["settings"]["jobs"] == 3  # type: ignore[index]


def test_an_adapter_that_never_starts_still_gets_a_complete_report(tmp_path: Path) -> None:
    code = main(["certify", "--engine", "/nonexistent/adapter", "--out", str(tmp_path / "o"), "-q", SUITE])
    report = json.loads((tmp_path / "o" / "report.json").read_text(encoding="utf-8"))
    assert code == 1
    assert set(outcome_by_id(report).values()) == {"crash"}
    assert "did_not_start" in report["adapter_problem"]
    assert any("gave_up" in c["message"] for c in report["cases"])


def ten_cases(tmp_path: Path) -> str:
    """A suite of ten cases (copies of one) in ``tmp_path``."""
    suite = tmp_path / "ten"
    (suite / "cards").mkdir(parents=True)
    (suite / "life").mkdir()
    case = json.loads((ROOT / "tests" / "data" / "certify" / "life" / "certify-life-set.json").read_text())
    for n in range(10):
        case["id"] = f"certify-hang-{n:02}"
        (suite / "life" / f"certify-hang-{n:02}.json").write_text(json.dumps(case), encoding="utf-8")
    return str(suite)


def test_an_adapter_that_hangs_on_every_case_is_given_up_after_five(tmp_path: Path) -> None:
    code, report = certify(tmp_path, "hang_always", "--timeout", "1", suite=ten_cases(tmp_path))
    found = [(c["outcome"], c["message"].split(":")[0]) for c in report["cases"]]  # type: ignore[union-attr]
    assert code == 1
    assert found == [("timeout", "timeout")] * 5 + [("crash", "gave_up")] * 5
    assert report["adapter_stats"]["starts"] == 5  # type: ignore[index]  # none after giving up
    assert report["settings"]["give_up_after"] == 5 and json_report.problem(report) is None  # type: ignore[index]
    # the run's seconds (checking the suite before it takes a second or two): five timeouts, not ten
    assert 5 <= report["seconds"] < 8, report["seconds"]  # type: ignore[operator]


def test_the_engines_of_a_parallel_run_give_up_together(tmp_path: Path) -> None:
    extra = ("-j", "2", "--timeout", "1", "--give-up-after", "4")
    _, report = certify(tmp_path, "hang_always", *extra, suite=ten_cases(tmp_path))
    outcomes = [c["outcome"] for c in report["cases"]]  # type: ignore[union-attr]
    assert outcomes.count("timeout") in (4, 5)  # (a case under way when the other engine gave up)
    assert outcomes.count("crash") == 10 - outcomes.count("timeout")
    gave_up = [c["message"] for c in report["cases"] if c["outcome"] == "crash"]  # type: ignore[union-attr]
    assert all(m.startswith("gave_up: the adapter failed 4 times in a row") for m in gave_up)
    # two rounds of two timeouts (and perhaps a third), not five
    assert 2 <= report["seconds"] < 4.5, report["seconds"]  # type: ignore[operator]


def test_give_up_after_0_never_gives_up(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "hang_always", "--timeout", "0.3", "--give-up-after", "0")
    assert sorted(outcome_by_id(report).values()) == ["not_applicable"] + ["timeout"] * 5


def test_an_adapter_that_dies_leaving_a_child_on_its_stdout_costs_one_case(tmp_path: Path) -> None:
    code, report = certify(tmp_path, "hostile_orphan", "--timeout", "5", args="exit")
    assert code == 1
    # each adapter exits on the second case it is sent: the run goes on with a new one each time
    assert outcome_by_id(report) == {**WELL, "certify-life-set": "crash", "certify-life-wrong": "crash"}
    assert report["seconds"] < 4  # type: ignore[operator]  # not the child's hour, nor the 5 s timeout


def test_skip_marks_cases_skipped(tmp_path: Path) -> None:
    _, report = certify(tmp_path, "well_behaved", "--skip", "certify-life-wrong")
    assert outcome_by_id(report)["certify-life-wrong"] == "skipped"


def test_a_baseline_absorbs_known_failures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    certify(tmp_path, "well_behaved")
    capsys.readouterr()
    assert main(["baseline", str(tmp_path / "out" / "report.json")]) == 0
    baseline = json.loads(capsys.readouterr().out)
    assert list(baseline["known_failures"]) == ["certify-life-wrong"]
    path = tmp_path / "known-failures.json"
    path.write_text(json.dumps(baseline), encoding="utf-8")
    code, report = certify(tmp_path, "well_behaved", "--baseline", str(path), out="again")
    assert code == 0
    assert report["verdict"]["known_failures"] == ["certify-life-wrong"]  # type: ignore[index]


def test_baseline_causes_carry_over_and_reach_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    certify(tmp_path, "well_behaved")
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"known_failures": {
        "certify-life-wrong": {"outcome": "fail", "cause": "the engine sets life to 7, the ruling says 3",
                               "attribution": "engine"},
        "certify-gone": {"outcome": "fail", "cause": "a case that no longer fails", "attribution": "suite"},
    }}), encoding="utf-8")
    capsys.readouterr()
    assert main(["baseline", str(tmp_path / "out" / "report.json"), "--causes", str(old)]) == 0
    captured = capsys.readouterr()
    baseline = json.loads(captured.out)
    assert baseline["known_failures"] == {"certify-life-wrong": {
        "outcome": "fail", "message": baseline["known_failures"]["certify-life-wrong"]["message"],
        "cause": "the engine sets life to 7, the ruling says 3", "attribution": "engine"}}
    assert "0 failure(s) without a cause" in captured.err
    path = tmp_path / "known-failures.json"
    path.write_text(json.dumps(baseline), encoding="utf-8")
    code, report = certify(tmp_path, "well_behaved", "--baseline", str(path), out="again")
    assert code == 0
    case = next(c for c in report["cases"] if c["id"] == "certify-life-wrong")  # type: ignore[union-attr]
    assert case["cause"] == "the engine sets life to 7, the ruling says 3"
    assert case["attribution"] == "engine"
    summary = (tmp_path / "again" / "summary.md").read_text(encoding="utf-8")
    line = "(known failure, engine) `certify-life-wrong` (life): the engine sets life to 7, the ruling says 3"
    assert line + " — observed: " in summary
    html = (tmp_path / "again" / "index.html").read_text(encoding="utf-8")
    assert "<strong>cause (engine):</strong>" in html


def test_a_baseline_attribution_is_engine_adapter_or_suite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "known-failures.json"
    path.write_text(json.dumps({"known_failures": {"x": {"outcome": "fail", "cause": "one line",
                                                         "attribution": "harness"}}}))
    assert main(["certify", "--engine", "x", "--baseline", str(path), SUITE]) == 2
    assert "/known_failures/x/attribution: must be one of engine, adapter, suite" in capsys.readouterr().err


def test_a_baseline_cause_must_be_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "known-failures.json"
    path.write_text(json.dumps({"known_failures": {"x": {"outcome": "fail", "cause": "two\nlines"}}}))
    assert main(["certify", "--engine", "x", "--baseline", str(path), SUITE]) == 2
    assert "/known_failures/x/cause: a cause must be one non-empty line" in capsys.readouterr().err


def test_a_baseline_entry_that_now_passes_fails_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "known-failures.json"
    path.write_text(
        json.dumps(
            {
                "known_failures": {
                    "certify-life-wrong": {"outcome": "fail"},
                    "certify-life-set": {"outcome": "fail"},
                }
            }
        ),
        encoding="utf-8",
    )
    code, report = certify(tmp_path, "well_behaved", "--baseline", str(path))
    assert code == 1
    assert report["verdict"]["now_passing"] == ["certify-life-set"]  # type: ignore[index]
    assert "baseline is stale: certify-life-set now passes" in capsys.readouterr().out


def test_diff_reports_regressed_fixed_new_removed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, old = certify(tmp_path, "well_behaved", out="old")
    _, new = certify(tmp_path, "hostile_crash", out="new")
    new["cases"] = [c for c in new["cases"] if c["id"] != "certify-turn-step"]  # type: ignore[union-attr]
    new["cases"].append({**new["cases"][0], "id": "brand-new-case"})  # type: ignore[union-attr]
    wrong = next(c for c in new["cases"] if c["id"] == "certify-life-wrong")  # type: ignore[union-attr]
    wrong.update(outcome="pass", diff=[])
    (tmp_path / "new.json").write_text(json.dumps(new), encoding="utf-8")
    capsys.readouterr()
    code = main(["diff", str(tmp_path / "old" / "report.json"), str(tmp_path / "new.json"), "--json"])
    diff = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [d["id"] for d in diff["regressed"]] == ["certify-life-starting"]
    assert [d["id"] for d in diff["fixed"]] == ["certify-life-wrong"]
    assert [d["id"] for d in diff["new"]] == ["brand-new-case"]
    assert [d["id"] for d in diff["removed"]] == ["certify-turn-step"]
    assert main(["diff", str(tmp_path / "old" / "report.json"), str(tmp_path / "old" / "report.json")]) == 0
    assert "Regressed: 0" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["diff", "missing-old.json", "missing-new.json"],
        ["baseline", "missing.json"],
        ["certify", "--engine", "'unbalanced", SUITE],
        ["certify", "--engine", "x", "--baseline", "missing.json", SUITE],
        ["certify", "--engine", "x", "no/such/dir"],
        ["smoke", "--engine", ""],
    ],
)
def test_bad_input_exits_2_with_a_message(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgc: ") and "Traceback" not in err


@pytest.mark.parametrize("command", ["run", "certify"])
@pytest.mark.parametrize(("option", "value", "why"), [
    ("--give-up-after", "-1", "must be 0 (never) or more"),
    ("-j", "0", "must be at least 1"),
    ("--timeout", "0", "must be more than 0"),
])
def test_run_and_certify_refuse_a_bad_number_alike(command: str, option: str, value: str, why: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--engine", "x", option, value, SUITE]) == 2
    err = capsys.readouterr().err
    assert f"mtgc {command}: error: argument {option}" in err and why in err and "Traceback" not in err


def test_a_report_that_is_not_json_or_not_a_report_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "other.json").write_text('{"hello": 1}', encoding="utf-8")
    assert main(["baseline", str(tmp_path / "bad.json")]) == 2
    assert "is not JSON" in capsys.readouterr().err
    assert main(["diff", str(tmp_path / "other.json"), str(tmp_path / "other.json")]) == 2
    assert "not an mtgc report" in capsys.readouterr().err


def test_an_invalid_case_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "topic").mkdir()
    (tmp_path / "topic" / "broken.json").write_text('{"id": "broken-case"}', encoding="utf-8")
    assert (
        main(["certify", "--engine", adapter("well_behaved"), "--out", str(tmp_path / "o"), str(tmp_path)])
        == 2
    )
    assert "the suite has problems" in capsys.readouterr().err


def test_the_reference_engine_behind_its_adapter_is_judged_exactly_as_in_process(tmp_path: Path) -> None:
    """Same cases, same comparison: the protocol must not change a single outcome."""
    from conformance.cases.validate import validate
    from conformance.engines import EngineUnavailable
    from conformance.engines.inprocess import ModuleEngine
    from conformance.run.runner import run_cases

    validation = validate(None)
    if not validation.cases:
        pytest.skip("the suite has no valid cases yet")
    try:
        run = run_cases(ModuleEngine("engine"), validation.cases, validation.catalogue_for)
        info, verdicts = run.info, run.verdicts
    except EngineUnavailable as error:
        pytest.skip(str(error))
    command = f"{sys.executable} -m conformance.adapters.reference"
    main(["certify", "--engine", command, "--out", str(tmp_path / "ref"), "-q", "-j", "2"])
    report = json.loads((tmp_path / "ref" / "report.json").read_text(encoding="utf-8"))
    if info is not None:
        assert report["engine"]["name"] == info.name
    assert outcome_by_id(report) == {v.case_id: v.outcome for v in verdicts}


def test_an_exception_in_the_reference_engine_is_an_error_in_process_as_through_the_adapter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import engine
    from conformance.engines.inprocess import ModuleEngine

    def broken(case: object, cards: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(engine, "run_case", broken)
    result = ModuleEngine("engine").run({"id": "x"}, {})
    assert result.status == "error" and "RecursionError" in result.reason


def test_a_flaky_baseline_entry_that_passes_is_reported_not_stale_and_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "known-failures.json"
    entry = {"outcome": "fail", "flaky": True, "cause": "the engine decides this by hash order, run to run"}
    path.write_text(json.dumps({"known_failures": {"certify-life-set": entry}}), encoding="utf-8")
    code, report = certify(tmp_path, "well_behaved", "--baseline", str(path))
    verdict = report["verdict"]
    assert verdict["now_passing"] == [] and verdict["flaky_passed"] == ["certify-life-set"]  # type: ignore[index]
    assert code == 1  # certify-life-wrong is a new failure; the flaky pass is not
    assert "flaky: certify-life-set (listed as flaky) passed this time" in capsys.readouterr().out
    assert main(["baseline", str(tmp_path / "out" / "report.json"), "--causes", str(path)]) == 0
    kept = json.loads(capsys.readouterr().out)["known_failures"]
    assert kept["certify-life-set"]["flaky"] is True and kept["certify-life-set"]["cause"] == entry["cause"]
    assert "flaky" not in kept["certify-life-wrong"]


def test_a_baseline_flaky_flag_must_be_a_boolean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "known-failures.json"
    path.write_text(json.dumps({"known_failures": {"x": {"outcome": "fail", "flaky": "yes"}}}))
    assert main(["certify", "--engine", "x", "--baseline", str(path), SUITE]) == 2
    assert "/known_failures/x/flaky: must be true or false" in capsys.readouterr().err


def test_a_report_names_cases_from_their_suite_folder_never_the_machine_s_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conformance.cli import main as mtgc

    monkeypatch.chdir(tmp_path)  # run from elsewhere, the suite given by its absolute path
    ward = Path(__file__).resolve().parent.parent / "suites" / "702.21-ward"
    assert mtgc(["certify", "--engine", "reference", str(ward), "--out", "out", "-q"]) == 0
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert report["suite"]["paths"] == ["suites/702.21-ward"]
    assert all(case["path"].startswith("suites/702.21-ward/") for case in report["cases"])
    assert str(tmp_path) not in json.dumps(report) and str(ward.parent.parent) not in json.dumps(report)
