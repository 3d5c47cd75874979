"""Known-failure baselines that cannot go stale.

``mtgc baseline REPORT > known-failures.json`` lists every case that did not pass. With
``mtgc certify --baseline known-failures.json`` those cases don't fail the run, but a listed case
that now **passes** does (toml-test's ``-skip-must-err``): remove it from the baseline, so the
baseline only ever shrinks as the engine improves.

An entry may carry ``"flaky": true`` for an engine that decides a case differently from run to run
(phase orders some simultaneous changes by hash): it is a known failure when it fails, and its
passing is reported but doesn't make the baseline stale; it is kept when the baseline is re-made.

An entry may carry a ``cause``: one line, written by a person, saying what the engine did against
what the ruling says. Reports show it next to the failure, and ``mtgc baseline REPORT --causes OLD``
carries the causes of an earlier baseline over to the cases that still fail, so a published
certification (docs/certification/) keeps every failure explained as it is re-run.

An entry may carry an ``attribution``, whose failure it is: ``"engine"`` (the engine's behaviour
breaks the rules: the cause cites the CR rule it breaks), ``"adapter"`` (the adapter can't put the
case to the engine or read its answer back) or ``"suite"`` (the case itself is wrong). It is carried
over with the cause, and reports show it next to the cause.

A baseline written before a case was renamed keeps working: loading it maps each old id to the
case's current id through ``suites/aliases.json`` (:mod:`conformance.cases.aliases`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypedDict

from conformance.cases import aliases
from conformance.documents import (
    ATTRIBUTIONS,
    Attribution,
    Baseline,
    BaselineEntry,
    JSONValue,
    Report,
    ReportCase,
    ReportVerdict,
)
from conformance.interface import BAD_OUTCOMES

BASELINE_VERSION = 1


class BadInput(Exception):
    """A file the user named is missing or not what it should be. The CLI exits with 2."""


class ReportCases(TypedDict):
    """What of a report a baseline is applied to: its cases (a whole :class:`Report` is one)."""

    cases: list[ReportCase]


def read_json_file(path: str | Path, what: str) -> JSONValue:
    """Parse ``path`` or raise BadInput saying why, in plain words."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise BadInput(f"{what} {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read {what} {str(path)!r}: {error}") from None
    try:
        data: JSONValue = json.loads(text)
        return data
    except ValueError as error:
        raise BadInput(f"{what} {str(path)!r} is not JSON: {error}") from None


def make_baseline(report: Report, previous: Baseline | None = None) -> Baseline:
    """A baseline listing every case of ``report`` that failed, errored, crashed or timed out.

    ``previous`` (an earlier baseline) gives the ``cause`` of each case that is still failing."""
    earlier = (previous.get("known_failures") if previous else None) or {}
    before = {case_id: entry for case_id, entry in earlier.items() if isinstance(entry, dict)}
    causes = {case_id: entry["cause"] for case_id, entry in before.items() if entry.get("cause")}
    attributions = {case_id: entry["attribution"] for case_id, entry in before.items()
                    if "attribution" in entry}
    ran = {case["id"] for case in report["cases"]}
    baseline: Baseline = {
        "baseline_version": BASELINE_VERSION,
        "engine": report.get("engine", {}),
        "from_report": {
            "finished": report.get("finished"),
            "suite_hash": report.get("suite", {}).get("hash"),
        },
        "known_failures": {
            case["id"]: {"outcome": case["outcome"], "message": str(case.get("message", ""))[:200]}
            for case in report["cases"]
            if case["outcome"] in BAD_OUTCOMES
        },
    }
    for case_id, entry in before.items():  # a flaky entry stays, whatever this run did
        if entry.get("flaky") is True and case_id in ran and case_id not in baseline["known_failures"]:
            baseline["known_failures"][case_id] = {"outcome": entry.get("outcome", "fail"),
                                                   "message": str(entry.get("message", ""))[:200]}
    for case_id, entry in baseline["known_failures"].items():
        if before.get(case_id, {}).get("flaky") is True:
            entry["flaky"] = True
        if case_id in causes:
            entry["cause"] = causes[case_id]
        if case_id in attributions:
            entry["attribution"] = attributions[case_id]
    return baseline


def load_baseline(path: str | Path) -> Baseline:
    """A baseline file, each entry checked (``cause`` one line, ``attribution`` engine, adapter or
    suite, ``flaky`` true or false) and keyed by its case's current id."""
    data = read_json_file(path, "the baseline")
    listed = data.get("known_failures") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(listed, dict):
        raise BadInput(
            f'{str(path)!r} is not a baseline (no "known_failures" object; make one with '
            "`mtgc baseline REPORT > known-failures.json`)"
        )
    entries: dict[str, BaselineEntry] = {}
    for case_id, entry in listed.items():
        pointer = f"/known_failures/{case_id.replace('~', '~0').replace('/', '~1')}"
        if not isinstance(entry, dict):
            raise BadInput(f"{str(path)!r} at {pointer}: an entry must be an object, not {entry!r}")
        cause = entry.get("cause")
        if cause is not None and (not isinstance(cause, str) or not cause.strip() or "\n" in cause):
            raise BadInput(f"{str(path)!r} at {pointer}/cause: a cause must be one non-empty line of text")
        flaky = entry.get("flaky")
        if "flaky" in entry and not isinstance(flaky, bool):
            raise BadInput(f"{str(path)!r} at {pointer}/flaky: must be true or false")
        attribution = entry.get("attribution")
        if "attribution" in entry and attribution not in ATTRIBUTIONS:
            raise BadInput(f"{str(path)!r} at {pointer}/attribution: must be one of "
                           + ", ".join(ATTRIBUTIONS))
        out = _entry(entry, cause, flaky if isinstance(flaky, bool) else None)
        for known in ATTRIBUTIONS:  # the checked value, typed
            if attribution == known:
                out["attribution"] = known
        entries[case_id] = out
    baseline: Baseline = {"known_failures": current_ids(entries)}
    if isinstance(version := data.get("baseline_version"), int):
        baseline["baseline_version"] = version
    if isinstance(engine := data.get("engine"), dict):
        baseline["engine"] = engine
    if isinstance(source := data.get("from_report"), dict):
        baseline["from_report"] = source
    return baseline


def _entry(entry: dict[str, JSONValue], cause: str | None, flaky: bool | None) -> BaselineEntry:
    """A known failure as the file lists it (``cause`` and ``flaky`` checked; ``attribution`` is added
    by the caller)."""
    out: BaselineEntry = {}
    if "outcome" in entry:
        out["outcome"] = entry["outcome"]
    if "message" in entry:
        out["message"] = entry["message"]
    if flaky is not None:
        out["flaky"] = flaky
    if cause is not None:
        out["cause"] = cause
    return out


def current_ids(entries: dict[str, BaselineEntry]) -> dict[str, BaselineEntry]:
    """``entries`` keyed by current case ids: an old id (``suites/aliases.json``) becomes its new id;
    when a baseline lists both, the entry under the current id wins."""
    out: dict[str, BaselineEntry] = {}
    for case_id, entry in entries.items():
        new = aliases.resolve(case_id)
        if new == case_id or new not in entries:
            out.setdefault(new, entry)
    return out


def apply_baseline(report: ReportCases, baseline: Baseline | None = None) -> ReportVerdict:
    """The run's verdict; marks ``known_failure`` on the report's cases.

    ok: no failure outside the baseline, and no baseline entry that now passes.
    """
    listed: dict[str, BaselineEntry] = dict(baseline["known_failures"]) if baseline else {}
    unexpected: list[str] = []
    known: list[str] = []
    now_passing: list[str] = []
    flaky_passed: list[str] = []
    not_run: list[str] = []
    seen = set()
    for case in report["cases"]:
        seen.add(case["id"])
        in_baseline = case["id"] in listed
        case["known_failure"] = in_baseline and case["outcome"] in BAD_OUTCOMES
        entry = listed.get(case["id"])
        cause = entry.get("cause") if isinstance(entry, dict) else None
        if case["known_failure"] and cause:
            case["cause"] = cause
        attribution: Attribution | None = entry.get("attribution") if isinstance(entry, dict) else None
        if case["known_failure"] and attribution:
            case["attribution"] = attribution
        if case["outcome"] in BAD_OUTCOMES:
            (known if in_baseline else unexpected).append(case["id"])
        elif in_baseline and case["outcome"] == "pass":
            flaky = isinstance(entry, dict) and entry.get("flaky") is True
            (flaky_passed if flaky else now_passing).append(case["id"])
        elif in_baseline:
            not_run.append(case["id"])
    return {
        "ok": not unexpected and not now_passing,
        "baseline": baseline is not None,
        "unexpected_failures": unexpected,
        "known_failures": known,
        "now_passing": now_passing,
        "flaky_passed": flaky_passed,
        "baseline_not_run": not_run,
        "baseline_missing": sorted(set(listed) - seen),
    }
