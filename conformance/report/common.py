"""Helpers the report writers share: grouping, rates, one-line descriptions."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from conformance.documents import ReportCase
from conformance.interface import BAD_OUTCOMES as BAD
from conformance.interface import OUTCOMES

__all__ = ["BAD", "OUTCOMES"]


def show(value: object, limit: int = 200) -> str:
    """A JSON value in one line, cut to ``limit`` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def flat(text: str, limit: int = 300) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def describe(case: ReportCase, limit: int = 300) -> str:
    """Why a case did not pass, in one line: the message, else the first differences."""
    if case.get("message"):
        return flat(case["message"], limit)
    parts = []
    for diff in case.get("diff", [])[:3]:
        parts.append(
            diff.get("message")
            or f"{diff['where']}: expected {show(diff['expected'], 60)}, "
            f"observed {show(diff['observed'], 60)}"
        )
    more = len(case.get("diff", [])) - 3
    return flat("; ".join(parts) + (f" (+{more} more)" if more > 0 else ""), limit)


def percent(rate: float) -> str:
    return f"{rate * 100:.0f}%" if rate in (0, 1) else f"{rate * 100:.1f}%"


def tally(cases: Iterable[ReportCase]) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(OUTCOMES, 0)
    for case in cases:
        counts[case["outcome"]] += 1
    counts["total"] = sum(counts[o] for o in OUTCOMES)
    return counts


def rate(counts: dict[str, int]) -> float:
    """Passes over all cases (not applicable and skipped count against)."""
    return counts["pass"] / counts["total"] if counts["total"] else 0.0


def by_topic(cases: Sequence[ReportCase]) -> dict[str, list[ReportCase]]:
    groups: dict[str, list[ReportCase]] = {}
    for case in cases:
        groups.setdefault(case["topic"], []).append(case)
    return dict(sorted(groups.items()))


def by_feature(cases: Sequence[ReportCase]) -> dict[str, list[ReportCase]]:
    groups: dict[str, list[ReportCase]] = {}
    for case in cases:
        for feature in case.get("features", []):
            groups.setdefault(feature, []).append(case)
    return dict(sorted(groups.items()))


def failing(cases: Sequence[ReportCase]) -> list[ReportCase]:
    return [case for case in cases if case["outcome"] in BAD]
