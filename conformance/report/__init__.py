"""Report writers, one module per format, all rendering the report.json document."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import cast

from conformance import untrusted
from conformance.documents import Report
from conformance.report import badge, html, json_report, junit, markdown
from conformance.report.baseline import BadInput, read_json_file

WRITERS = {
    "report.json": json_report.write,
    "junit.xml": junit.write,
    "summary.md": markdown.write,
    "index.html": html.write,
    "badge.json": badge.write,
}


def write_all(report: Report, out: Path) -> list[Path]:
    """Write every format into ``out`` (created if needed); returns the files written.

    Whole or not at all: every file is written into a temporary directory beside them first, and
    only when all five are written are they renamed into place (each rename atomic), so a failed
    write leaves the previous report as it was. Text from the engine is scrubbed first
    (:func:`conformance.untrusted.scrub`): no writer can fail on it or pass an escape through."""
    out.mkdir(parents=True, exist_ok=True)
    safe = cast(Report, untrusted.scrub(report))  # the same document: scrub rewrites only its strings
    staging = Path(tempfile.mkdtemp(prefix=".mtgc-report-", dir=out))
    try:
        for name, writer in WRITERS.items():
            writer(safe, staging / name)
        for name in WRITERS:
            os.replace(staging / name, out / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [out / name for name in WRITERS]


def check_writable(out: Path) -> str | None:
    """Why reports could not be written into ``out``, or None: checked before a run, not after it."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out, prefix=".mtgc-check-"):
            pass
    except OSError as error:
        return f"cannot write the report into {str(out)!r}: {error}"
    return None


def load_report(path: str | Path) -> Report:
    """A report.json, checked against spec/report.schema.json; BadInput when it is not one."""
    data = read_json_file(path, "the report")
    problem = json_report.problem(data)
    if problem:
        raise BadInput(f"{str(path)!r} is not an mtgc report (spec/report.schema.json): {problem}")
    return cast(Report, data)  # it matched report.schema.json just above
