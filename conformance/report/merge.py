"""``mtgc merge``: shard reports (``mtgc certify --shard I/N``) joined into the report one run gives.

The merged report has the unsharded run's cases in its order (topic, then id: the plan's order), its
totals, its baseline verdict (rebuilt case by case, so its lists keep that order), its suite block and
settings. What cannot be the same, because N machines ran instead of one (:data:`VOLATILE`):

- ``started``: the earliest shard's start; ``finished``: the latest shard's finish;
- ``seconds``: the shards' seconds summed (the machine time the run took, not the wall time);
- ``adapter_stats``: the shards' figures summed (each shard starts its own adapters);
- ``settings.jobs``: the largest of the shards' ``-j``;
- each case's ``seconds``: as its shard measured it.

:func:`comparable` drops exactly these, and a test compares an unsharded run with three shards merged
on everything else. Shard reports that don't belong together are refused (:class:`BadInput`, exit 2):
another engine or adapter, another suite or selection (its hash), other settings that decide outcomes
(timeout, give-up-after, skip, baseline), shards cut differently (count, balance, timings), a shard
given twice, a missing shard, a case in two shards, a report that is not a shard.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Final

from conformance.documents import JSONValue, Report, ReportShard, ReportVerdict
from conformance.report.baseline import BadInput
from conformance.run.certify import totals

#: Top-level fields a merged report cannot share with an unsharded run of the same cases.
VOLATILE: Final = ("started", "finished", "seconds", "adapter_stats")
#: Settings that may differ between shards (and so between the merge and one run).
VOLATILE_SETTINGS: Final = ("jobs",)

#: What shard reports must agree on, each with the words the refusal uses.
_SAME: Final[tuple[tuple[str, Callable[[Report], object]], ...]] = (
    ("engine", lambda r: (r["engine"].get("name"), r["engine"].get("version"))),
    ("adapter", lambda r: [r["adapter"].get(k) for k in ("name", "version", "command")]),
    ("suite (version, content hash of the selected cases, paths)",
     lambda r: (r["suite"]["version"], r["suite"]["hash"], r["suite"]["cases"], r["suite"].get("paths"))),
    ("harness", lambda r: (r["harness"].get("name"), r["harness"].get("version"))),
    ("protocol and Comprehensive Rules date", lambda r: (r["protocol"], r["cr_date"])),
    ("declared unsupported features", lambda r: r["unsupported_features"]),
    ("settings (engine, timeout, give-up-after, skip, baseline)",
     lambda r: [r["settings"].get(k) for k in ("engine", "timeout", "give_up_after", "skip", "baseline")]),
    ("baseline use", lambda r: r["verdict"]["baseline"]),
    ("shard count and balance (shards cut differently don't fit together)",
     lambda r: [r.get("shard", {}).get(k) for k in ("count", "balance", "timings")]),
)


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:159] + "…"


def check(reports: Sequence[tuple[str, Report]]) -> None:
    """Raise BadInput unless ``reports`` (file name, report) are the N shards of one run."""
    if not reports:
        raise BadInput("no report to merge")
    blocks: list[tuple[str, ReportShard]] = []
    for name, report in reports:
        block = report.get("shard")
        if block is None:
            raise BadInput(f"{name!r} is not a shard report (it has no \"shard\" block): merge joins the "
                           "reports of `mtgc certify --shard I/N`")
        blocks.append((name, block))
    first_name, first = reports[0]
    for name, report in reports[1:]:
        for what, key in _SAME:
            if key(report) != key(first):
                raise BadInput(f"{name!r} and {first_name!r} are not shards of one run: different {what}: "
                               f"{_describe(key(report))} against {_describe(key(first))}")
    count = blocks[0][1]["count"]
    by_index: dict[int, str] = {}
    for (name, report), (_, block) in zip(reports, blocks, strict=True):
        if block["index"] in by_index:
            raise BadInput(f"shard {block['index']}/{count} is given twice: {by_index[block['index']]!r} "
                           f"and {name!r} (overlapping shards)")
        by_index[block["index"]] = name
        if block["cases"] != len(report["cases"]):
            raise BadInput(f"{name!r}: its shard block says {block['cases']} cases, it has "
                           f"{len(report['cases'])}")
    missing = [f"{i}/{count}" for i in range(1, count + 1) if i not in by_index]
    if missing:
        given = ", ".join(f"{by_index[i]!r} ({i}/{count})" for i in sorted(by_index))
        raise BadInput(f"shard(s) {', '.join(missing)} missing: merge needs all {count} shards' reports; "
                       f"given {given}")
    seen: dict[str, str] = {}
    for name, report in reports:
        for case in report["cases"]:
            if case["id"] in seen:
                raise BadInput(f"case {case['id']!r} is in two shards, {seen[case['id']]!r} and {name!r} "
                               "(overlapping shards)")
            seen[case["id"]] = name
    expected = first["suite"]["cases"]
    if len(seen) != expected:
        raise BadInput(f"the shards have {len(seen)} cases between them, the selection {expected}")


def _verdict(report: Report, verdicts: Sequence[ReportVerdict]) -> ReportVerdict:
    """The baseline verdict one run would give: the per-case lists in the merged order, the baseline
    entries no shard ran (``baseline_missing``) those missing from every shard."""
    def union(key: str) -> set[str]:
        found: set[str] = set()
        for verdict in verdicts:
            listed = verdict.get(key, [])
            found.update(listed if isinstance(listed, list) else [])
        return found

    def in_order(key: str) -> list[str]:
        wanted = union(key)
        return [case["id"] for case in report["cases"] if case["id"] in wanted]

    unexpected, now_passing = in_order("unexpected_failures"), in_order("now_passing")
    missing = set.intersection(*(set(v.get("baseline_missing", [])) for v in verdicts))
    return {
        "ok": not unexpected and not now_passing,
        "baseline": verdicts[0]["baseline"],
        "unexpected_failures": unexpected,
        "known_failures": in_order("known_failures"),
        "now_passing": now_passing,
        "flaky_passed": in_order("flaky_passed"),
        "baseline_not_run": in_order("baseline_not_run"),
        "baseline_missing": sorted(missing),
    }


def merge(reports: Sequence[tuple[str, Report]]) -> Report:
    """The report of the whole run from its shards' reports (:func:`check` first)."""
    check(reports)
    ordered = sorted(reports, key=lambda item: item[1].get("shard", {}).get("index", 0))
    first = copy.deepcopy(ordered[0][1])
    cases = sorted((case for _, r in ordered for case in r["cases"]), key=lambda c: (c["topic"], c["id"]))
    stats: dict[str, float] = {}
    for _, report in ordered:
        for key, value in report.get("adapter_stats", {}).items():
            stats[key] = round(stats.get(key, 0) + value, 4)
    merged: Report = {
        "report_version": first["report_version"],
        "harness": first["harness"],
        "suite": first["suite"],
        "protocol": first["protocol"],
        "cr_date": first["cr_date"],
        "engine": first["engine"],
        "adapter": first["adapter"],
        "unsupported_features": first["unsupported_features"],
        "unknown_features": first.get("unknown_features", []),
        "adapter_problem": next((r["adapter_problem"] for _, r in ordered if r.get("adapter_problem")), ""),
        "interrupted": next((r["interrupted"] for _, r in ordered if r.get("interrupted")), None),
        "adapter_stats": stats,
        "started": min(r["started"] for _, r in ordered),
        "finished": max(r["finished"] for _, r in ordered),
        "seconds": round(sum(r["seconds"] for _, r in ordered), 3),
        "settings": {**first["settings"], "jobs": max(r["settings"].get("jobs", 1) for _, r in ordered)},
        "totals": totals(cases),
        "cases": copy.deepcopy(cases),
        "verdict": first["verdict"],
    }
    merged["verdict"] = _verdict(merged, [r["verdict"] for _, r in ordered])
    return merged


def comparable(report: Report) -> dict[str, JSONValue]:
    """``report`` without what a merge cannot share with one run (:data:`VOLATILE`, each case's
    ``seconds``, :data:`VOLATILE_SETTINGS`): equal for a run and its shards merged."""
    data: dict[str, JSONValue] = copy.deepcopy(dict(report))  # type: ignore[arg-type]
    for key in VOLATILE:
        data.pop(key, None)
    settings = data.get("settings")
    if isinstance(settings, dict):
        for key in VOLATILE_SETTINGS:
            settings.pop(key, None)
    for case in data.get("cases", []) if isinstance(data.get("cases"), list) else []:  # type: ignore[union-attr]
        if isinstance(case, dict):
            case.pop("seconds", None)
    return data
