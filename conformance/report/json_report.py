"""report.json: the machine-readable report (spec/report.schema.json), input of diff and baseline."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from conformance.documents import Report
from conformance.paths import spec_dir
from conformance.run.protocol import schema_problem


@cache
def validator() -> Draft202012Validator:
    schema = json.loads((spec_dir() / "report.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def problem(report: object) -> str | None:
    """Why ``report`` does not match report.schema.json, or None."""
    return schema_problem(validator(), report, "report")


def write(report: Report, path: Path) -> None:
    path.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
