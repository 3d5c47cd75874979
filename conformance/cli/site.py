"""``mtgc site``: a static comparison site from several engines' reports (conformance/site/).

Exit codes: 0 the site is written, 2 a report cannot be read or is not a report, or the site cannot be
written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from conformance.cli.codes import EXIT_INVALID, EXIT_OK


def cmd_site(args: argparse.Namespace) -> int:
    from conformance.report.baseline import BadInput
    from conformance.site import build_site

    try:
        suite = Path(args.suite) if args.suite else None
        if suite is not None and not suite.is_dir():
            raise BadInput(f"--suite {args.suite!r} is not a directory")
        written = build_site([Path(p) for p in args.reports], Path(args.out), suite)
    except BadInput as error:
        print(f"mtgc: {error}", file=sys.stderr)
        return EXIT_INVALID
    except OSError as error:
        print(f"mtgc: cannot write the site into {str(args.out)!r}: {error}", file=sys.stderr)
        return EXIT_INVALID
    size = sum(path.stat().st_size for path in written)
    print(f"site: {args.out}/index.html ({len(written)} files, {size / 1e6:.1f} MB)")
    return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add site to an argparse subparsers object."""
    p = sub.add_parser(
        "site", help="build a static site comparing engines: topic x engine matrix, a page per case"
    )
    p.add_argument("reports", nargs="+", metavar="REPORT.json", help="reports of engines (mtgc certify)")
    p.add_argument("--out", required=True, metavar="DIR", help="where to write the site")
    p.add_argument("--suite", metavar="DIR",
                   help="where the cases' rulings and rules are read from (default: the suite)")
    p.set_defaults(func=cmd_site)
