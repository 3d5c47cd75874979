"""Certify an engine: run every case through its adapter and build the report (``report.json``).

The adapter is a :class:`~conformance.protocol.ProtocolEngine` (``-j N`` of them, one per worker
thread). Whatever the adapter does, every case gets an outcome and the report is complete. The
comparison is :func:`conformance.runner.judge`, the same one the in-process run uses: the reference
engine behind its adapter is judged exactly like a third-party engine.
"""

from __future__ import annotations

import hashlib
import json
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from conformance import CR_DATE, SUITE_VERSION
from conformance.baseline import apply_baseline
from conformance.interface import JSON, Difference, EngineInfo, Outcome, Verdict
from conformance.loader import CaseFile, display
from conformance.protocol import PROTOCOL_VERSION, AdapterFailure, ProtocolEngine, spec_dir
from conformance.runner import gather_cards, judge
from conformance.validate import validate

REPORT_VERSION = 1
OUTCOMES: tuple[Outcome, ...] = ("pass", "fail", "error", "crash", "timeout", "not_applicable", "skipped")
BAD_OUTCOMES = frozenset({"fail", "error", "crash", "timeout"})


@dataclass(frozen=True)
class Planned:
    """One case to run: the loaded file and the cards it uses."""

    file: CaseFile
    cards: Mapping[str, JSON]

    @property
    def case(self) -> JSON:
        return self.file.data

    @property
    def case_id(self) -> str:
        return self.file.case_id

    @property
    def topic(self) -> str:
        return self.file.topic


@dataclass
class Outcomes:
    """Per-case verdicts plus what only the protocol knows (the adapter's stderr tail)."""

    verdicts: dict[int, Verdict] = field(default_factory=dict)
    stderr: dict[int, str] = field(default_factory=dict)


class SuiteProblem(Exception):
    """The cases cannot be certified (bad paths, invalid case files). The CLI exits with 2."""


def plan(targets: Sequence[Path]) -> tuple[list[Planned], str]:
    """Valid cases under ``targets`` with their cards, and the suite's content hash.

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
    if not result.cases:
        where = ", ".join(str(t) for t in targets) if targets else "suites/"
        raise SuiteProblem(f"no case files found under {where}")
    planned: list[Planned] = []
    digest = hashlib.sha256()
    for found in sorted(result.cases, key=lambda c: (c.topic, c.case_id)):
        planned.append(Planned(found, gather_cards(found.data, result.catalogue_for(found))))
        digest.update(f"{found.topic}/{found.path.name}\0".encode())
        digest.update(hashlib.sha256(found.path.read_bytes()).hexdigest().encode() + b"\n")
    return planned, "sha256:" + digest.hexdigest()


# -- running -------------------------------------------------------------------------------------


@dataclass
class Settings:
    command: str
    timeout: float = 10.0
    jobs: int = 1
    skip: frozenset[str] = frozenset()
    progress: Callable[[Verdict], None] | None = None


def _failure_verdict(item: Planned, failure: AdapterFailure, seconds: float) -> Verdict:
    return Verdict(
        item.case_id,
        item.topic,
        failure.outcome,
        message=failure.describe(),
        seconds=seconds,
        features=tuple(item.case.get("features", ())),
    )


def _worker(
    engine: ProtocolEngine,
    work: queue.Queue[int],
    items: Sequence[Planned],
    unsupported: frozenset[str],
    outcomes: Outcomes,
    settings: Settings,
    stop: threading.Event,
    lock: threading.Lock,
) -> None:
    while not stop.is_set():
        try:
            index = work.get_nowait()
        except queue.Empty:
            return
        item = items[index]
        began = time.perf_counter()
        stderr = ""
        declared = sorted(set(item.case.get("features", ())) & unsupported)
        if item.case_id in settings.skip:
            verdict = Verdict(
                item.case_id,
                item.topic,
                "skipped",
                message="skipped with --skip",
                features=tuple(item.case.get("features", ())),
            )
        elif declared:
            verdict = Verdict(
                item.case_id,
                item.topic,
                "not_applicable",
                message="declared unsupported: " + ", ".join(declared),
                features=tuple(item.case.get("features", ())),
            )
        else:
            try:
                result = engine.run(item.case, item.cards)
                verdict = judge(item.file, result, result.seconds)
            except AdapterFailure as failure:
                verdict = _failure_verdict(item, failure, time.perf_counter() - began)
                stderr = failure.stderr
            except Exception as error:  # the harness's own bug must not lose the run either
                verdict = Verdict(
                    item.case_id,
                    item.topic,
                    "error",
                    message=f"harness error while judging: {type(error).__name__}: {error}",
                    seconds=time.perf_counter() - began,
                    features=tuple(item.case.get("features", ())),
                )
        with lock:
            outcomes.verdicts[index] = verdict
            if stderr:
                outcomes.stderr[index] = stderr
        if settings.progress is not None:
            settings.progress(verdict)


def run_cases(items: Sequence[Planned], settings: Settings) -> tuple[Outcomes, JSON]:
    """Run every item; returns the outcomes and what the adapter said about itself."""
    engines = [ProtocolEngine(settings.command, settings.timeout) for _ in range(max(1, settings.jobs))]
    info: EngineInfo | None = None
    start_problem = ""
    try:
        info = engines[0].info()
    except AdapterFailure as failure:
        start_problem = failure.describe()
    unsupported = info.unsupported_features if info else frozenset()
    work: queue.Queue[int] = queue.Queue()
    for index in range(len(items)):
        work.put(index)
    outcomes = Outcomes()
    stop = threading.Event()
    lock = threading.Lock()
    threads = [
        threading.Thread(
            target=_worker,
            args=(engine, work, items, unsupported, outcomes, settings, stop, lock),
            daemon=True,
        )
        for engine in engines
    ]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            while thread.is_alive():
                thread.join(0.2)
    except KeyboardInterrupt:
        stop.set()
        for thread in threads:
            thread.join(settings.timeout + 5)
    for index, item in enumerate(items):
        if index not in outcomes.verdicts:
            outcomes.verdicts[index] = Verdict(
                item.case_id,
                item.topic,
                "skipped",
                message="not run: interrupted",
                features=tuple(item.case.get("features", ())),
            )
    stats = {
        "starts": sum(e.starts for e in engines),
        "restarts": sum(e.restarts for e in engines),
        "start_seconds": round(sum(e.start_seconds for e in engines), 4),
    }
    for engine in engines:
        engine.close()
    return outcomes, {"handshake": engines[0].handshake, "start_problem": start_problem, "stats": stats}


@cache
def known_features() -> frozenset[str]:
    """The feature tags of case.schema.json."""
    schema = json.loads((spec_dir() / "case.schema.json").read_text(encoding="utf-8"))
    return frozenset(schema["$defs"]["feature"]["enum"])


# -- the report ----------------------------------------------------------------------------------


def totals(cases: Sequence[JSON]) -> JSON:
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
        **counts,
        "pass_rate": round(counts["pass"] / total, 4) if total else 0.0,
        "applicable_pass_rate": round(counts["pass"] / applicable, 4) if applicable else 0.0,
    }


def _diff_entry(difference: Difference) -> JSON:
    return {
        "where": difference.where,
        "expected": difference.expected,
        "observed": difference.observed,
        "message": difference.message,
    }


def build_report(
    items: Sequence[Planned],
    outcomes: Outcomes,
    adapter: JSON,
    settings: Settings,
    suite_hash: str,
    started: datetime,
    finished: datetime,
    baseline: JSON = None,
    baseline_file: str | None = None,
    paths: Sequence[str] = (),
) -> JSON:
    """The report.json document (spec/report.schema.json)."""
    cases: list[JSON] = []
    for index, item in enumerate(items):
        verdict = outcomes.verdicts[index]
        entry: JSON = {
            "id": item.case_id,
            "title": item.case.get("title", ""),
            "topic": item.topic,
            "path": display(item.file.path),
            "features": list(item.case.get("features", ())),
            "rules": list(item.case.get("rules", ())),
            "outcome": verdict.outcome,
            "seconds": round(verdict.seconds, 4),
            "message": verdict.message,
            "diff": [_diff_entry(d) for d in verdict.differences],
        }
        if index in outcomes.stderr:
            entry["stderr"] = outcomes.stderr[index][-4000:]
        cases.append(entry)
    handshake = adapter.get("handshake") or {}
    declared = sorted(handshake.get("unsupported_features", []))
    report: JSON = {
        "report_version": REPORT_VERSION,
        "harness": {"name": "mtgc", "version": SUITE_VERSION},
        "suite": {"version": SUITE_VERSION, "hash": suite_hash, "cases": len(items), "paths": list(paths)},
        "protocol": PROTOCOL_VERSION,
        "cr_date": CR_DATE,
        "engine": handshake.get("engine") or {"name": "unknown", "version": "unknown"},
        "adapter": {
            **(handshake.get("adapter") or {"name": "unknown", "version": "unknown"}),
            "command": settings.command,
        },
        "unsupported_features": declared,
        "unknown_features": [f for f in declared if f not in known_features()],
        "adapter_problem": adapter.get("start_problem", ""),
        "adapter_stats": adapter.get("stats", {}),
        "started": started.isoformat(timespec="seconds"),
        "finished": finished.isoformat(timespec="seconds"),
        "seconds": round((finished - started).total_seconds(), 3),
        "settings": {
            "timeout": settings.timeout,
            "jobs": settings.jobs,
            "skip": sorted(settings.skip),
            "baseline": baseline_file,
        },
        "totals": totals(cases),
        "cases": cases,
    }
    report["verdict"] = apply_baseline(report, baseline)
    return report


def certify(
    targets: Sequence[Path], settings: Settings, baseline: JSON = None, baseline_file: str | None = None
) -> JSON:
    """Plan, run and report. Raises SuiteProblem for a broken suite; never for a broken adapter."""
    items, suite_hash = plan(targets)
    started = datetime.now(UTC)
    outcomes, adapter = run_cases(items, settings)
    finished = datetime.now(UTC)
    return build_report(
        items,
        outcomes,
        adapter,
        settings,
        suite_hash,
        started,
        finished,
        baseline,
        baseline_file,
        [str(t) for t in targets],
    )
