"""``mtgc coverage``: the rulings ledger's statuses per topic and mechanic, and the CR rules the cases
cite (:mod:`conformance.report.coverage`). Text by default, ``--json``, ``--html FILE``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from conformance import paths
from conformance.cases import ledger
from conformance.cli.codes import EXIT_INVALID, EXIT_OK
from conformance.report import coverage


def _err(line: str) -> None:
    print(line, file=sys.stderr)


def cmd_coverage(args: argparse.Namespace) -> int:
    suite: Path = args.suite or paths.suites_dir()
    ledger_file: Path = args.ledger or suite / paths.LEDGER_FILE
    triage_file: Path = args.triage or ledger_file.with_name(paths.LEDGER_TRIAGE_FILE)
    loaded, problems = ledger.load_ledger(ledger_file)
    decisions = None
    if loaded is not None:
        decisions, problems = ledger.load_triage(triage_file, loaded.by_id)
    if loaded is None or decisions is None:
        for problem in problems:
            _err(str(problem))
        _err(f"{len(problems)} problem(s): no coverage without a valid ledger and triage file")
        return EXIT_INVALID
    try:
        report = coverage.of_suite(loaded.data, decisions, suite)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        _err(f"cannot compute the coverage: {exc}")
        return EXIT_INVALID
    for warning in coverage.warnings(report):
        _err("warning: " + warning)
    if args.html:
        try:
            Path(args.html).write_text(coverage.render_html(report), encoding="utf-8")
        except OSError as exc:
            _err(f"{args.html}: cannot write the page: {exc.strerror or exc}")
            return EXIT_INVALID
    sys.stdout.write(coverage.render_json(report) if args.json else coverage.render_text(report))
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("coverage", help="the rulings ledger: encoded, blocked, out of scope, untriaged")
    p.add_argument("--suite", type=Path, metavar="DIR", help="the suite whose cases count (default: suites/)")
    p.add_argument(
        "--ledger", type=Path, metavar="FILE", help="the ledger (default: the suite's ledger.json)"
    )
    p.add_argument("--triage", type=Path, metavar="FILE", help="the triage file (default: beside the ledger)")
    p.add_argument("--json", action="store_true", help="the figures as JSON")
    p.add_argument("--html", metavar="FILE", help="also write a self-contained HTML page")
    p.set_defaults(func=cmd_coverage)
