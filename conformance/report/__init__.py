"""Report writers, one module per format, all rendering the report.json document."""

from __future__ import annotations

from pathlib import Path

from conformance.interface import JSON
from conformance.report import badge, html, json_report, junit, markdown
from conformance.report.baseline import BadInput, read_json_file

WRITERS = {
    "report.json": json_report.write,
    "junit.xml": junit.write,
    "summary.md": markdown.write,
    "index.html": html.write,
    "badge.json": badge.write,
}


def write_all(report: JSON, out: Path) -> list[Path]:
    """Write every format into ``out`` (created if needed); returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, writer in WRITERS.items():
        writer(report, out / name)
        written.append(out / name)
    return written


def load_report(path: str | Path) -> JSON:
    """A report.json, checked against spec/report.schema.json; BadInput when it is not one."""
    data = read_json_file(path, "the report")
    problem = json_report.problem(data)
    if problem:
        raise BadInput(f"{str(path)!r} is not an mtgc report (spec/report.schema.json): {problem}")
    return data
