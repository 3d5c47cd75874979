"""``mtgc merge``: join shard reports (``mtgc certify --shard I/N``) into one report.

Exit codes as ``mtgc certify``'s for the run the shards make up: 0 the merged run is OK (against its
baseline), 1 it is not, 2 the reports are not the shards of one run (:mod:`conformance.report.merge`
says why) or cannot be read or written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from conformance import untrusted
from conformance.cli.codes import EXIT_FAILED, EXIT_INVALID, EXIT_OK, exit_for_signal
from conformance.documents import Report
from conformance.report import load_report, write_all
from conformance.report.baseline import BadInput
from conformance.report.merge import merge


def cmd_merge(args: argparse.Namespace) -> int:
    try:
        reports: list[tuple[str, Report]] = [(path, load_report(path)) for path in args.reports]
        merged = merge(reports)
    except BadInput as error:
        print(f"mtgc: {error}", file=sys.stderr)
        return EXIT_INVALID
    out = Path(args.out)
    try:
        write_all(merged, out)
    except OSError as error:
        print(f"mtgc: cannot write the report into {str(out)!r}: {error}", file=sys.stderr)
        return EXIT_INVALID
    t, verdict = merged["totals"], merged["verdict"]
    print(
        f"{untrusted.named(merged['engine']['name'], merged['engine']['version'])}: {t['pass']}/{t['total']} "
        f"passing ({t['pass_rate'] * 100:.1f}%) from {len(reports)} shard(s); fail {t['fail']}, error "
        f"{t['error']}, crash {t['crash']}, timeout {t['timeout']}, not applicable {t['not_applicable']}, "
        f"skipped {t['skipped']}"
    )
    if verdict["baseline"]:
        print(f"baseline: {len(verdict['known_failures'])} known failure(s), "
              f"{len(verdict['unexpected_failures'])} new failure(s)")
        for case_id in verdict["now_passing"]:
            print(f"baseline is stale: {case_id} now passes")
    print(f"report: {out}/index.html (also report.json, junit.xml, summary.md, badge.json)")
    if merged.get("interrupted"):
        return exit_for_signal(str(merged["interrupted"]))
    return EXIT_OK if verdict["ok"] else EXIT_FAILED


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add merge to an argparse subparsers object."""
    p = sub.add_parser(
        "merge", help="join the reports of `mtgc certify --shard I/N` into one (exit as certify's)"
    )
    p.add_argument("reports", nargs="+", metavar="REPORT.json", help="every shard's report.json")
    p.add_argument("--out", required=True, metavar="DIR", help="where to write the merged report")
    p.set_defaults(func=cmd_merge)
