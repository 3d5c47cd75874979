"""Compare two reports by stable case id: regressed, fixed, new, removed (and other changes).

Ids are compared as current ids: a report made before cases were renamed (an old ``report.json``)
is matched case by case through ``suites/aliases.json`` (:mod:`conformance.cases.aliases`).
"""

from __future__ import annotations

from conformance.cases import aliases
from conformance.documents import CaseChange, Report, ReportDiff, ReportLabel
from conformance.report.common import describe

GOOD = "pass"
LOST = frozenset({"fail", "error", "crash", "timeout", "not_applicable"})


def diff_reports(old: Report, new: Report) -> ReportDiff:
    """``regressed``: passed before, now fails, errors, crashes, times out or is not applicable.
    ``fixed``: did not pass before, passes now. ``new``/``removed``: in only one report.
    ``changed``: any other change of outcome (e.g. fail -> crash)."""
    before = {aliases.resolve(c["id"]): c for c in old["cases"]}
    after = {aliases.resolve(c["id"]): c for c in new["cases"]}
    regressed: list[CaseChange] = []
    fixed: list[CaseChange] = []
    changed: list[CaseChange] = []
    added: list[CaseChange] = []
    removed: list[CaseChange] = []
    for case_id in sorted(set(before) | set(after)):
        o, n = before.get(case_id), after.get(case_id)
        if o is None:
            assert n is not None
            added.append({"id": case_id, "topic": n["topic"], "outcome": n["outcome"]})
            continue
        if n is None:
            removed.append({"id": case_id, "topic": o["topic"], "outcome": o["outcome"]})
            continue
        entry: CaseChange = {"id": case_id, "topic": n["topic"], "old": o["outcome"], "new": n["outcome"]}
        if o["outcome"] == GOOD and n["outcome"] in LOST:
            regressed.append({**entry, "why": describe(n)})
        elif o["outcome"] != GOOD and n["outcome"] == GOOD:
            fixed.append(entry)
        elif o["outcome"] != n["outcome"]:
            changed.append(entry)
    return {
        "regressed": regressed,
        "fixed": fixed,
        "changed": changed,
        "new": added,
        "removed": removed,
        "old": _label(old),
        "new_report": _label(new),
    }


def _label(report: Report) -> ReportLabel:
    return {
        "engine": report["engine"],
        "suite_hash": report["suite"]["hash"],
        "started": report["started"],
        "pass_rate": report["totals"]["pass_rate"],
    }


def render(diff: ReportDiff) -> str:
    old, new = diff["old"], diff["new_report"]
    lines = [
        f"old: {old['engine']['name']} {old['engine']['version']} ({old['started']}, "
        f"{old['pass_rate'] * 100:.1f}% passing)",
        f"new: {new['engine']['name']} {new['engine']['version']} ({new['started']}, "
        f"{new['pass_rate'] * 100:.1f}% passing)",
    ]
    if old["suite_hash"] != new["suite_hash"]:
        lines.append("note: the two runs used different case files (suite hashes differ)")
    for items, title in (
        (diff["regressed"], "Regressed"),
        (diff["fixed"], "Fixed"),
        (diff["changed"], "Changed"),
        (diff["new"], "New cases"),
        (diff["removed"], "Removed cases"),
    ):
        lines.append(f"{title}: {len(items)}")
        for item in items:
            if "old" in item:
                why = f" — {item['why']}" if item.get("why") else ""
                lines.append(f"  {item['id']} ({item['topic']}): {item['old']} -> {item['new']}{why}")
            else:
                lines.append(f"  {item['id']} ({item['topic']}): {item['outcome']}")
    return "\n".join(lines) + "\n"
