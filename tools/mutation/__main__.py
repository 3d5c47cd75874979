"""``python -m tools.mutation``: mutate engine/ in a temporary copy, judge each mutant by the case suite
(and the tests), write report.json and summary.md."""

from __future__ import annotations

import argparse
import json
import queue
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import report
from .coverage_map import CaseMap, trace
from .forkserver import Worker
from .mutants import Equivalent, Mutant, describe, enumerate_mutants, load_equivalents, select
from .oracle import DEFAULT_TESTS, Oracle, Outcome, baseline, judge, make_copy

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENTS = ROOT / "tools" / "mutation-equivalent.json"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tools.mutation", description=__doc__)
    p.add_argument("--sample", type=int, metavar="N", help="N mutants drawn at random (default: all)")
    p.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    p.add_argument("--module", action="append", default=[], metavar="NAME",
                   help="only engine/NAME.py (repeatable; default: every module of engine/)")
    p.add_argument("--line", action="append", default=[], metavar="FILE:LINE",
                   help="only the mutants of this line (engine/counters.py:40; repeatable)")
    p.add_argument("--operator", action="append", default=[], metavar="TEXT",
                   help="only operators whose name contains TEXT (NumberReplacer; repeatable)")
    p.add_argument("--oracle", choices=("cases", "cases+tests"), default="cases",
                   help="what must fail for a mutant to be killed (default: cases, i.e. `mtgc run`)")
    p.add_argument("--cases", action="append", default=[], metavar="PATH",
                   help="case files or folders of the oracle (default: the whole suite)")
    p.add_argument("--tests", action="append", default=[], metavar="GLOB",
                   help=f"test files of cases+tests (default: {' '.join(DEFAULT_TESTS)})")
    p.add_argument("--select", choices=("coverage", "all"), default="coverage",
                   help="judge each mutant by the cases that run its line (default, measured once with "
                        "coverage.py) or by all of them")
    p.add_argument("--fresh", action="store_true",
                   help="judge every mutant in a fresh `mtgc run` process (default with --select coverage: "
                        "a load-once worker per copy runs a function-body mutant's cases in a forked child)")
    p.add_argument("--budget", type=float, metavar="MINUTES",
                   help="start no mutant after this many minutes (the rest is reported not run)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="mutants judged in parallel, a copy each")
    p.add_argument("--equivalent", type=Path, default=EQUIVALENTS,
                   help="the reviewed equivalent mutants (default: tools/mutation-equivalent.json)")
    p.add_argument("--rescore", type=Path, metavar="REPORT.json",
                   help="run nothing: apply the reviewed equivalents to an earlier report, written to --out")
    p.add_argument("--out", type=Path, default=Path("mutation-report"),
                   help="where report.json and summary.md go (default: ./mutation-report)")
    return p


def engine_files(modules: list[str]) -> list[str]:
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py"))
    if modules:
        files = [f for f in files if Path(f).stem in modules]
        if not files:
            raise SystemExit(f"no engine module named {modules}")
    return files


def judge_all(copies: queue.Queue[Path], oracle: Oracle, mutants: list[Mutant], timeout: float,
              deadline: float | None, jobs: int, case_map: CaseMap | None,
              workers: dict[Path, Worker]) -> tuple[list[Outcome], list[Mutant]]:
    outcomes: list[Outcome] = []
    not_run: list[Mutant] = []
    lock = threading.Lock()

    def one(mutant: Mutant) -> None:
        if deadline is not None and time.monotonic() > deadline:
            with lock:
                not_run.append(mutant)
            return
        copy = copies.get()
        try:
            cases = None if case_map is None else case_map.for_mutant(ROOT, mutant)
            outcome = judge(copy, oracle, mutant, timeout, cases, workers.get(copy))
        finally:
            copies.put(copy)
        with lock:
            outcomes.append(outcome)
            print(f"[{len(outcomes)}/{len(mutants)}] {outcome.status:8} {mutant.id}  {mutant.mutated}",
                  file=sys.stderr, flush=True)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, mutants))
    order = {m.id: i for i, m in enumerate(mutants)}
    return sorted(outcomes, key=lambda o: order[o.mutant.id]), not_run


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.rescore is not None:
        return rescore(args.rescore, load_equivalents(args.equivalent), args.out)
    started = time.monotonic()
    oracle = Oracle(tuple(args.cases), None if args.oracle == "cases" else tuple(args.tests or DEFAULT_TESTS))
    files = engine_files(args.module)
    every = enumerate_mutants(ROOT, files)
    chosen = describe(ROOT, select(every, lines=args.line, operators=args.operator, sample=args.sample,
                                   seed=args.seed))
    reviewed = load_equivalents(args.equivalent)
    equivalent = [(m, e) for m in chosen for e in reviewed if e.matches(m)]
    skipped = {m.id for m, _ in equivalent}
    to_run = [m for m in chosen if m.id not in skipped]
    print(f"{len(every)} mutants in {len(files)} module(s); {len(chosen)} selected, {len(equivalent)} "
          f"reviewed equivalent; oracle {oracle.name}", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="mtgc-mutation-") as tmp:
        copies: queue.Queue[Path] = queue.Queue()
        for i in range(max(1, args.jobs)):
            copies.put(make_copy(ROOT, Path(tmp) / f"copy-{i}"))
        took = baseline(copies.queue[0], oracle)
        print(f"the oracle passes on the unmutated engine in {took:.1f} s", file=sys.stderr)
        case_map = None
        if args.select == "coverage":
            traced = time.monotonic()
            case_map = trace(copies.queue[0], oracle.cases)
            print(f"{len(case_map.cases)} cases traced in {time.monotonic() - traced:.1f} s", file=sys.stderr)
            # the selection's own path (a list file, xargs) passes unmutated; the copies are identical
            baseline(copies.queue[0], oracle, case_map.cases)
        deadline = started + 60 * args.budget if args.budget is not None else None
        workers = {} if case_map is None or args.fresh else {c: Worker(c, ROOT) for c in list(copies.queue)}
        try:
            outcomes, not_run = judge_all(copies, oracle, to_run, 10 + 5 * took, deadline, max(1, args.jobs),
                                          case_map, workers)
        finally:
            for worker in workers.values():
                worker.close()
    settings = {
        "command": " ".join(["python -m tools.mutation", *(argv if argv is not None else sys.argv[1:])]),
        "oracle": oracle.name, "cases": list(oracle.cases) or ["suites/"], "tests": list(oracle.tests or []),
        "modules": files, "mutants_in_engine": len(every), "selected": len(chosen), "sample": args.sample,
        "seed": args.seed, "jobs": args.jobs, "budget_minutes": args.budget, "select": args.select,
        "fresh": args.fresh,
        "baseline_seconds": round(took, 2),
        "tool": "cosmic-ray " + _version("cosmic-ray"),
    }
    result = report.build(settings=settings, outcomes=outcomes, equivalent=equivalent, not_run=not_run,
                          seconds=time.monotonic() - started)
    report.write(result, args.out)
    score = result["score"]
    print(f"killed {score['killed']} of {score['total']}; report in {args.out}/", file=sys.stderr)
    return 0


def rescore(path: Path, reviewed: list[Equivalent], out: Path) -> int:
    """An earlier report with the equivalents reviewed since set aside (the score without a new run)."""
    old = json.loads(path.read_text(encoding="utf-8"))
    outcomes, equivalent = [], []
    for entry in [*old["mutants"], *old["equivalent"]]:
        file, line, column, operator = entry["id"].rsplit(":", 3)
        mutant = Mutant(file, int(line), int(column), operator, -1, entry["original"], entry["mutated"])
        match = next((e for e in reviewed if e.matches(mutant)), None)
        if match is not None:
            equivalent.append((mutant, match))
        elif "status" in entry:
            outcomes.append(Outcome(mutant, entry["status"], entry["killed_by"], entry["seconds"],
                                    entry.get("cases_run"), bool(entry.get("forked"))))
    not_run = [Mutant(i, 0, 0, "", -1, "", "") for i in old["not_run"]]  # their ids are kept below
    result = report.build(settings=old["settings"], outcomes=outcomes, equivalent=equivalent, not_run=not_run,
                          seconds=old["seconds"])
    result["not_run"] = old["not_run"]
    report.write(result, out)
    return 0


def _version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


if __name__ == "__main__":
    sys.exit(main())
