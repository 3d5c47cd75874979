"""``mtgc certify``, ``mtgc smoke``, ``mtgc diff``, ``mtgc baseline``.

``register(subparsers)`` adds them to the ``mtgc`` parser (conformance/cli/__init__.py). Exit codes: 0 ok,
1 failures (outside the baseline) / regressions / an unhealthy adapter, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from conformance import untrusted
from conformance.cases import aliases
from conformance.cases.selection import add_arguments, from_arguments
from conformance.cli.arguments import non_negative_int, positive_float, positive_int
from conformance.cli.codes import EXIT_FAILED, EXIT_INVALID, EXIT_OK, exit_for_signal
from conformance.engines import EngineUnavailable, get_engine, is_command, known_engines
from conformance.interface import BAD_OUTCOMES, OUTCOMES, Verdict
from conformance.report import check_writable, json_report, load_report, write_all
from conformance.report.baseline import BadInput, load_baseline, make_baseline
from conformance.report.common import describe, show
from conformance.report.diff import diff_reports, render
from conformance.run.breaker import GIVE_UP_AFTER
from conformance.run.certify import Settings, SuiteProblem, certify, known_features
from conformance.run.protocol import ProtocolEngine, parse_command
from conformance.run.runner import stop_on_sigterm
from conformance.run.shard import load_timings, parse_shard


def _bad(message: str) -> int:
    print(f"mtgc: {message}", file=sys.stderr)
    return EXIT_INVALID


def reason(verdict: Verdict) -> str:
    """Why a case did not pass: its message, else its first differences."""
    if verdict.message:
        return verdict.message
    parts = [d.message or f"{d.where}: expected {show(d.expected, 60)}, observed {show(d.observed, 60)}"
             for d in verdict.differences[:2]]
    more = len(verdict.differences) - 2
    return "; ".join(parts) + (f" (+{more} more)" if more > 0 else "")


def _check_command(command: str) -> str | None:
    if not is_command(command):
        return None  # a name: get_engine says whether it is known
    try:
        parse_command(command)
    except ValueError as error:
        return f"bad --engine command {command!r}: {error}"
    return None


def cmd_certify(args: argparse.Namespace) -> int:
    problem = _check_command(args.engine)
    if problem:
        return _bad(problem)
    if args.timings and not args.shard:
        return _bad("--timings balances shards by recorded time: give --shard I/N too")
    shard = args.shard
    try:
        baseline = load_baseline(args.baseline) if args.baseline else None
        if shard is not None and args.timings:
            shard = replace(shard, timings=load_timings(args.timings))
    except BadInput as error:
        return _bad(str(error))

    tally: Counter[str] = Counter()

    def progress(verdict: Verdict) -> None:
        """A line per case that did not pass, with its reason; a count every 100 cases (the plain
        lines a CI log keeps). Everything from the engine is shown, never obeyed (untrusted.line)."""
        tally[verdict.outcome] += 1
        if args.quiet:
            return
        if verdict.outcome in BAD_OUTCOMES:
            print(f"  {verdict.outcome:<8} {verdict.case_id}: {untrusted.line(reason(verdict), 200)}",
                  file=sys.stderr)
        done = sum(tally.values())
        if done % 100 == 0:
            counts = ", ".join(f"{o.replace('_', ' ')} {tally[o]}" for o in OUTCOMES if tally[o])
            print(f"  … {done} cases: {counts}", file=sys.stderr)

    try:
        selection = from_arguments(args, known_features())
    except ValueError as error:
        return _bad(str(error))
    skip = frozenset(aliases.resolve_all(args.skip or ()))  # an old id skips the case it became
    settings = Settings(args.engine, args.timeout, args.jobs, skip, progress, selection, args.give_up_after,
                        shard)
    out = Path(args.out)
    unwritable = check_writable(out)
    if unwritable:  # found before the first case runs, not after the last
        return _bad(unwritable)
    try:
        with stop_on_sigterm():
            report = certify([Path(p) for p in args.paths], settings, baseline, args.baseline)
    except SuiteProblem as error:
        return _bad(str(error))
    except EngineUnavailable as error:
        return _bad(f"engine {args.engine!r} is not available: {error}")
    try:
        write_all(report, out)
    except OSError as error:
        return _bad(f"cannot write the report into {str(out)!r}: {error}")
    problem = json_report.problem(report)
    if problem:
        print(f"mtgc: warning: the report does not match spec/report.schema.json: {problem}", file=sys.stderr)
    t, verdict = report["totals"], report["verdict"]
    engine_name = untrusted.named(report["engine"]["name"], report["engine"]["version"])
    print(
        f"{engine_name}: {t['pass']}/{t['total']} passing "
        f"({t['pass_rate'] * 100:.1f}%); fail {t['fail']}, error {t['error']}, crash {t['crash']}, "
        f"timeout {t['timeout']}, not applicable {t['not_applicable']}, skipped {t['skipped']} "
        f"in {report['seconds']} s"
    )
    if report.get("adapter_problem"):
        print(f"adapter problem: {untrusted.line(report['adapter_problem'])} (try `mtgc smoke --engine ...`)")
    if verdict["baseline"]:
        print(
            f"baseline: {len(verdict['known_failures'])} known failure(s), "
            f"{len(verdict['unexpected_failures'])} new failure(s)"
        )
        for case_id in verdict["now_passing"]:
            print(f"baseline is stale: {case_id} now passes; remove it from {args.baseline}")
        for case_id in verdict.get("flaky_passed", []):
            print(f"flaky: {case_id} (listed as flaky) passed this time")
    if report.get("shard"):
        block = report["shard"]
        print(f"shard {block['index']}/{block['count']}: {block['cases']} of {report['suite']['cases']} "
              f"cases (balanced {block['balance']}); join the shards' reports with `mtgc merge`")
    print(f"report: {out}/index.html (also report.json, junit.xml, summary.md, badge.json)")
    if report.get("interrupted"):
        print(f"interrupted by {report['interrupted']}: the cases not run are skipped in the report")
        return exit_for_signal(str(report["interrupted"]))
    return EXIT_OK if verdict["ok"] else EXIT_FAILED


def cmd_smoke(args: argparse.Namespace) -> int:
    from conformance.run.smoke import smoke

    problem = _check_command(args.engine)
    if problem:
        return _bad(problem)
    try:
        engine = get_engine(args.engine, args.timeout)
    except EngineUnavailable as error:
        return _bad(f"engine {args.engine!r} is not available: {error}")
    if not isinstance(engine, ProtocolEngine):
        return _bad(f"engine {args.engine!r} runs in process: smoke checks an adapter process")
    return smoke(engine.command, args.timeout)


def cmd_diff(args: argparse.Namespace) -> int:
    try:
        old, new = load_report(args.old), load_report(args.new)
    except BadInput as error:
        return _bad(str(error))
    diff = diff_reports(old, new)
    sys.stdout.write(json.dumps(diff, indent=1) + "\n" if args.json else render(diff))
    return EXIT_FAILED if diff["regressed"] else EXIT_OK


def cmd_baseline(args: argparse.Namespace) -> int:
    try:
        report = load_report(args.report)
        previous = load_baseline(args.causes) if args.causes else None
    except BadInput as error:
        return _bad(str(error))
    baseline = make_baseline(report, previous)
    sys.stdout.write(json.dumps(baseline, indent=1, ensure_ascii=False) + "\n")
    failures = baseline["known_failures"]
    if previous is not None:
        unexplained = [i for i, entry in failures.items() if not entry.get("cause")]
        print(
            f"{len(unexplained)} failure(s) without a cause in {args.causes}"
            + (": " + ", ".join(unexplained) if unexplained else ""),
            file=sys.stderr,
        )
    print(
        f"{len(failures)} known failure(s): "
        + "; ".join(f"{c['id']} ({describe(c, 60)})" for c in report["cases"] if c["id"] in failures)[:400]
        if failures
        else "0 known failures",
        file=sys.stderr,
    )
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add certify, smoke, diff and baseline to an argparse subparsers object."""
    p = sub.add_parser("certify", help="certify an engine; write the report")
    p.add_argument("paths", nargs="*", metavar="PATH", help="case files or directories (default: the suite)")
    p.add_argument(
        "--engine",
        required=True,
        metavar="ENGINE",
        help=f"an engine name ({', '.join(known_engines())}) or an adapter command (spec/protocol.md), "
        "e.g. 'python -m conformance.adapters.reference'",
    )
    p.add_argument(
        "--out", default="certification", metavar="DIR", help="report directory (default: certification/)"
    )
    p.add_argument(
        "--baseline",
        metavar="FILE",
        help="known failures (mtgc baseline); listed failures don't fail "
        "the run, listed cases that now pass do",
    )
    p.add_argument("--timeout", type=positive_float, default=10.0, metavar="S",
                   help="seconds per case (default 10)")
    p.add_argument("-j", "--jobs", type=positive_int, default=1, metavar="N",
                   help="adapter processes in parallel")
    p.add_argument(
        "--give-up-after",
        type=non_negative_int,
        default=GIVE_UP_AFTER,
        metavar="N",
        help=f"after N failures of the adapter in a row (crashes, timeouts, failed starts), record the "
        f"remaining cases as crash (gave_up) without running them; 0: never (default {GIVE_UP_AFTER})",
    )
    p.add_argument(
        "--skip", action="append", metavar="ID", help="don't run this case (outcome skipped); repeatable"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no line per failing case while running")
    p.add_argument(
        "--shard", type=parse_shard, metavar="I/N",
        help="run only shard I of N of the selected cases (deterministic; `mtgc merge` joins the N "
        "reports into one)",
    )
    p.add_argument(
        "--timings", metavar="REPORT.json",
        help="with --shard: balance the shards by the per-case times of an earlier report "
        "(default: round-robin over the sorted case ids)",
    )
    add_arguments(p)
    p.set_defaults(func=cmd_certify)

    p = sub.add_parser("smoke", help="check that an adapter speaks the protocol (one trivial case)")
    p.add_argument("--engine", required=True, metavar="ENGINE", help="an adapter's engine name or command")
    p.add_argument(
        "--timeout", type=positive_float, default=10.0, metavar="S", help="seconds for the case (default 10)"
    )
    p.set_defaults(func=cmd_smoke)

    p = sub.add_parser(
        "diff", help="compare two reports: regressed, fixed, new, removed (exit 1 on regressions)"
    )
    p.add_argument("old", metavar="OLD.json")
    p.add_argument("new", metavar="NEW.json")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_diff)

    p = sub.add_parser("baseline", help="print a known-failures baseline from a report")
    p.add_argument("report", metavar="REPORT", help="a report.json")
    p.add_argument(
        "--causes",
        metavar="BASELINE",
        help="an earlier baseline whose causes (one line per failure) carry over to cases still failing",
    )
    p.set_defaults(func=cmd_baseline)
