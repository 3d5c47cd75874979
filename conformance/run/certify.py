"""Certify an engine: run every case and build the report (``report.json``).

The engine is named like everywhere else (``--engine phase``, ``reference``, an adapter command; see
:mod:`conformance.engines`), ``-j N`` of them run in parallel, and the cases go through
:func:`conformance.run.runner.run_cases`, the runner ``mtgc run`` and the pytest plugin use: the
reference engine is judged exactly like a third-party engine. Whatever the adapter does, every case
gets an outcome and the report is complete.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Final

from conformance import CR_DATE, SUITE_VERSION
from conformance.cases.loader import CaseFile, suite_root_of
from conformance.cases.selection import Selection, select
from conformance.cases.validate import validate
from conformance.documents import (
    AdapterSoftware,
    Baseline,
    Card,
    Case,
    DiffEntry,
    Report,
    ReportCase,
    Software,
    Totals,
)
from conformance.engines import get_engine
from conformance.engines.inprocess import ModuleEngine
from conformance.interface import OUTCOMES, Difference, Engine, Verdict
from conformance.paths import spec_dir
from conformance.report.baseline import apply_baseline
from conformance.run.breaker import GIVE_UP_AFTER
from conformance.run.protocol import PROTOCOL_VERSION, ProtocolEngine
from conformance.run.runner import Run, RunOptions, gather_cards, run_cases
from conformance.run.shard import Shard, describe, shard_positions

REPORT_VERSION: Final = 1
UNKNOWN: Software = {"name": "unknown", "version": "unknown"}


@dataclass(frozen=True)
class Planned:
    """One case to run: the loaded file and the cards it uses."""

    file: CaseFile
    cards: Mapping[str, Card]

    @property
    def case(self) -> Case:
        return self.file.data

    @property
    def case_id(self) -> str:
        return self.file.case_id

    @property
    def topic(self) -> str:
        return self.file.topic


class SuiteProblem(Exception):
    """The cases cannot be certified (bad paths, invalid case files). The CLI exits with 2."""


def plan(targets: Sequence[Path], selection: Selection | None = None) -> tuple[list[Planned], str]:
    """Valid cases under ``targets`` that ``selection`` picks, with their cards, and the content hash
    of those case files.

    Raises SuiteProblem listing every problem when a case or card file is invalid: certifying
    against a broken suite would certify nothing.
    """

    result = validate(list(targets) or None)
    if result.problems:
        lines = "\n".join(f"  {problem}" for problem in result.problems[:40])
        more = len(result.problems) - 40
        raise SuiteProblem(
            f"the suite has problems (run `mtgc validate`):\n{lines}"
            + (f"\n  … and {more} more" if more > 0 else "")
        )
    where = ", ".join(str(t) for t in targets) if targets else "suites/"
    if not result.cases:
        raise SuiteProblem(f"no case files found under {where}")
    chosen = select(result.cases, selection)
    if not chosen:
        raise SuiteProblem(f"no case under {where} matches {selection.describe() if selection else ''}")
    planned: list[Planned] = []
    digest = hashlib.sha256()
    for found in chosen:
        planned.append(Planned(found, gather_cards(found.data, result.catalogue_for(found))))
        digest.update(f"{found.topic}/{found.path.name}\0".encode())
        digest.update(hashlib.sha256(found.path.read_bytes()).hexdigest().encode() + b"\n")
    return planned, "sha256:" + digest.hexdigest()


# -- running ------------------------------------------------------------------------------------


@dataclass
class Settings:
    """``engine``: a name (``reference``, ``phase``, an entry point) or an adapter command line;
    ``give_up_after``: the adapter's failures in a row after which the rest of the run is ``gave_up``
    (0: never; :mod:`conformance.run.breaker`); ``shard``: run only that slice of the selection
    (:mod:`conformance.run.shard`)."""

    engine: str
    timeout: float = 10.0
    jobs: int = 1
    skip: frozenset[str] = frozenset()
    progress: Callable[[Verdict], None] | None = None
    selection: Selection = Selection()
    give_up_after: int = GIVE_UP_AFTER
    shard: Shard | None = None


def suite_path(path: Path) -> str:
    """Where a case (or a folder of them) is, from its suite's folder
    (``suites/106-mana/could-produce/x.json``): the same on every machine, so a report names no home
    directory."""
    root = suite_root_of(path)
    try:
        return (Path(root.name) / path.resolve().relative_to(root.resolve())).as_posix()
    except ValueError:
        return path.name


def run_planned(items: Sequence[Planned], settings: Settings) -> tuple[Run, str]:
    """Run every item through :func:`conformance.run.runner.run_cases` (``jobs`` engines in parallel);
    the run, and how the engine was run (:func:`engine_command`).

    Raises :class:`~conformance.engines.EngineUnavailable` when the engine cannot even be made (an
    unknown name, a bad command); an engine that starts and then fails costs cases, not the run."""
    cards = {item.file.path: item.cards for item in items}
    options = RunOptions(
        skip=settings.skip,
        jobs=settings.jobs,
        progress=settings.progress,
        give_up_after=settings.give_up_after,
    )
    engine = get_engine(settings.engine, settings.timeout)
    try:
        run = run_cases(
            engine,
            [item.file for item in items],
            lambda case: cards[case.path],
            options,
            open_engine=lambda: get_engine(settings.engine, settings.timeout),
        )
        return run, engine_command(engine, settings.engine)
    finally:
        with contextlib.suppress(Exception):
            engine.close()


def engine_command(engine: Engine, spec: str) -> str:
    """How the report names the way ``engine`` (made from ``--engine spec``) was run: its adapter
    command, or in process."""
    if isinstance(engine, ProtocolEngine):
        return engine.command
    if isinstance(engine, ModuleEngine):
        return f"in process: {engine.module_name}"
    return spec


@cache
def known_features() -> frozenset[str]:
    """The feature tags of case.schema.json."""
    schema = json.loads((spec_dir() / "case.schema.json").read_text(encoding="utf-8"))
    return frozenset(schema["$defs"]["feature"]["enum"])


# -- the report ----------------------------------------------------------------------------------


def totals(cases: Sequence[ReportCase]) -> Totals:
    """Counts per outcome and the pass rates.

    ``pass_rate`` = passes / all cases: not applicable and skipped count against it, so declaring
    features unsupported cannot raise the headline number. ``applicable_pass_rate`` = passes / cases
    the engine ran (not not_applicable, not skipped).
    """
    counts = {outcome: 0 for outcome in OUTCOMES}
    for case in cases:
        counts[case["outcome"]] += 1
    total = len(cases)
    applicable = total - counts["not_applicable"] - counts["skipped"]
    return {
        "total": total,
        "pass": counts["pass"],
        "fail": counts["fail"],
        "error": counts["error"],
        "crash": counts["crash"],
        "timeout": counts["timeout"],
        "not_applicable": counts["not_applicable"],
        "skipped": counts["skipped"],
        "pass_rate": round(counts["pass"] / total, 4) if total else 0.0,
        "applicable_pass_rate": round(counts["pass"] / applicable, 4) if applicable else 0.0,
    }


def _diff_entry(difference: Difference) -> DiffEntry:
    return {
        "where": difference.where,
        "expected": difference.expected,
        "observed": difference.observed,
        "message": difference.message,
    }


def build_report(
    items: Sequence[Planned],
    run: Run,
    settings: Settings,
    suite_hash: str,
    started: datetime,
    finished: datetime,
    baseline: Baseline | None = None,
    baseline_file: str | None = None,
    paths: Sequence[str] = (),
    command: str = "",
    selected: int | None = None,
) -> Report:
    """The report.json document (spec/report.schema.json); ``command``: how the engine was run
    (default: ``--engine`` as given); ``selected``: how many cases the whole selection has, when
    ``items`` are one shard of it (``suite_hash`` is then the whole selection's)."""
    cases: list[ReportCase] = []
    for item, verdict in zip(items, run.verdicts, strict=True):
        entry: ReportCase = {
            "id": item.case_id,
            "title": item.case.get("title", ""),
            "topic": item.topic,
            "path": suite_path(item.file.path),
            "features": list(item.case.get("features", ())),
            "rules": list(item.case.get("rules", ())),
            "outcome": verdict.outcome,
            "seconds": round(verdict.seconds, 4),
            "message": verdict.message,
            "diff": [_diff_entry(d) for d in verdict.differences],
        }
        if verdict.stderr:
            entry["stderr"] = verdict.stderr[-4000:]
        cases.append(entry)
    info = run.info
    declared = sorted(info.unsupported_features) if info else []
    command = command or settings.engine
    adapter: AdapterSoftware = (
        {"name": info.adapter_name, "version": info.adapter_version, "command": command}
        if info
        else {**UNKNOWN, "command": command}
    )
    case_totals = totals(cases)
    outcome = apply_baseline({"cases": cases}, baseline)  # marks the known failures on the cases
    report: Report = {
        "report_version": REPORT_VERSION,
        "harness": {"name": "mtgc", "version": SUITE_VERSION},
        "suite": {
            "version": SUITE_VERSION,
            "hash": suite_hash,
            "cases": len(items) if selected is None else selected,
            "paths": list(paths),
        },
        "protocol": info.protocol if info and info.protocol else PROTOCOL_VERSION,  # the adapter's
        "cr_date": CR_DATE,
        "engine": {"name": info.name, "version": info.version} if info else UNKNOWN,
        "adapter": adapter,
        "unsupported_features": declared,
        "unknown_features": [f for f in declared if f not in known_features()],
        "adapter_problem": run.start_problem,
        "interrupted": run.interrupted,
        "adapter_stats": run.stats,
        "started": started.isoformat(timespec="seconds"),
        "finished": finished.isoformat(timespec="seconds"),
        "seconds": round((finished - started).total_seconds(), 3),
        "settings": {
            "engine": settings.engine,
            "timeout": settings.timeout,
            "jobs": settings.jobs,
            "give_up_after": settings.give_up_after,
            "skip": sorted(settings.skip),
            "baseline": baseline_file,
        },
        "totals": case_totals,
        "cases": cases,
        "verdict": outcome,
    }
    return report


def certify(
    targets: Sequence[Path],
    settings: Settings,
    baseline: Baseline | None = None,
    baseline_file: str | None = None,
) -> Report:
    """Plan, run and report. Raises SuiteProblem for a broken suite and EngineUnavailable for an
    engine that cannot be made; never for an engine that breaks down while running."""
    items, suite_hash = plan(targets, settings.selection)
    selected = len(items)
    shard = settings.shard
    if shard is not None:  # the hash is the whole selection's: every shard of it has the same one
        if shard.count > selected:
            raise SuiteProblem(f"the selection has {selected} case(s): it cannot be cut into {shard.count} "
                               "shards (use fewer shards)")
        ids = [item.case_id for item in items]
        items = [items[p] for p in shard_positions(ids, shard)]
        block = describe(shard, ids)
    started = datetime.now(UTC)
    run, command = run_planned(items, settings)
    finished = datetime.now(UTC)
    paths = [suite_path(t) for t in targets]
    report = build_report(
        items, run, settings, suite_hash, started, finished, baseline, baseline_file, paths, command,
        selected,
    )
    if shard is not None:
        report["shard"] = block
    return report
