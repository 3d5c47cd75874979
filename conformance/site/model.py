"""What the comparison site shows: several engines' reports joined case by case, with each case's
ruling and rules from the suite.

Reports are read with :func:`conformance.report.load_report` (checked against report.schema.json) and
scrubbed (:func:`conformance.untrusted.scrub`) before anything is taken from them: every string an
adapter or engine put in a report is shown, never obeyed. A case is named by its current id (an old
id in an older report finds the case it became, ``suites/aliases.json``) and filed under its folder
in the suite; a case the suite no longer has keeps the topic its report gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from conformance import untrusted
from conformance.cases import aliases
from conformance.cases.loader import discover, load_cases
from conformance.cases.rules import RuleIndex, load_rules
from conformance.documents import JSONValue, Report, ReportCase
from conformance.paths import suites_dir
from conformance.report import load_report
from conformance.report.baseline import BadInput


@dataclass(frozen=True)
class Engine:
    """One report: the engine it certified, as a column of the site; ``cases`` by current id."""

    label: str  # name and version, unique among the site's engines
    report: Report
    source: str  # the report file, as given
    cases: dict[str, ReportCase] = field(default_factory=dict)


@dataclass
class Case:
    """A case of any report: its id, folder and what the suite says of it (empty when the suite
    no longer has it)."""

    id: str
    topic: str
    title: str
    rules: list[str]
    features: list[str]
    data: dict[str, JSONValue] = field(default_factory=dict)
    old_ids: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Site:
    engines: list[Engine]
    cases: list[Case]  # in topic, then id order
    outcomes: dict[str, list[ReportCase | None]]  # case id -> each engine's entry (None: not in its report)
    rules: RuleIndex

    def topics(self) -> list[str]:
        return sorted({case.topic for case in self.cases})


def read_reports(paths: Sequence[Path]) -> list[Engine]:
    """The reports, scrubbed, each labelled by its engine (``name version``; a second report of the
    same engine and version gets `` #2``). BadInput names a file that is not a report."""
    engines: list[Engine] = []
    seen: dict[str, int] = {}
    for path in paths:
        report = cast(Report, untrusted.scrub(load_report(path)))
        label = untrusted.named(report["engine"]["name"], report["engine"]["version"])
        seen[label] = seen.get(label, 0) + 1
        by_id = {aliases.resolve(case["id"]): case for case in report["cases"]}
        name = label if seen[label] == 1 else f"{label} #{seen[label]}"
        engines.append(Engine(name, report, str(path), by_id))
    if not engines:
        raise BadInput("no report given")
    return engines


def suite_cases(root: Path | None = None) -> dict[str, tuple[str, dict[str, JSONValue]]]:
    """The suite's cases by id: (folder, the case file's data). Unreadable files are left out (the
    site shows what the reports say of those cases)."""
    files, _, _ = discover([root or suites_dir()])
    loaded, _ = load_cases(files)
    found: dict[str, tuple[str, dict[str, JSONValue]]] = {}
    for parsed in loaded:
        data = parsed.data
        if isinstance(data, dict) and isinstance(data.get("id"), str) and parsed.topic != "staging":
            found[str(data["id"])] = (parsed.topic, data)
    return found


def _strings(value: JSONValue) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def build(paths: Sequence[Path], suite: Path | None = None) -> Site:
    """Join the reports at ``paths`` with the suite (default: the installed suite)."""
    engines = read_reports(paths)
    known = suite_cases(suite)
    cases: dict[str, Case] = {}
    for engine in engines:
        for case_id, entry in engine.cases.items():
            if case_id in cases:
                continue
            if case_id in known:
                topic, data = known[case_id]
                cases[case_id] = Case(case_id, topic, str(data.get("title", "")), _strings(data.get("rules")),
                                      _strings(data.get("features")), data)
            else:
                cases[case_id] = Case(case_id, entry["topic"], entry.get("title", ""),
                                      list(entry.get("rules", [])), list(entry["features"]))
    for old, new in sorted(aliases.load().items()):
        if new in cases:
            cases[new].old_ids.append(old)
    ordered = sorted(cases.values(), key=lambda c: (c.topic, c.id))
    outcomes = {case.id: [engine.cases.get(case.id) for engine in engines] for case in ordered}
    try:
        rules = load_rules()
    except (OSError, UnicodeDecodeError):
        rules = RuleIndex()
    return Site(engines, ordered, outcomes, rules)
