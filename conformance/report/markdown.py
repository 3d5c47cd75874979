"""summary.md: pass rates per topic and per feature, each failure in one line, per-case times."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from conformance.documents import Report, ReportCase
from conformance.report.common import (
    BAD,
    by_feature,
    by_topic,
    describe,
    failing,
    flat,
    percent,
    rate,
    tally,
)


def cell(text: object) -> str:
    """Safe inside a Markdown table cell (and inert as HTML when a renderer allows it)."""
    return (
        flat(str(text), 400)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("|", "\\|")
        .replace("`", "'")
    )


def rate_table(title: str, groups: dict[str, list[ReportCase]]) -> list[str]:
    lines = [
        f"## {title}",
        "",
        f"| {title.split()[-1].rstrip('s')} | pass rate | pass | fail | error | crash | "
        "timeout | n/a | skipped |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, members in groups.items():
        c = tally(members)
        lines.append(
            f"| {cell(name)} | {percent(rate(c))} ({c['pass']}/{c['total']}) | {c['pass']} | {c['fail']} | "
            f"{c['error']} | {c['crash']} | {c['timeout']} | {c['not_applicable']} | {c['skipped']} |"
        )
    return [*lines, ""]


def failure_lines(cases: Sequence[ReportCase]) -> list[str]:
    out = []
    for case in failing(cases):
        attribution = f", {case['attribution']}" if case.get("attribution") else ""
        known = f" (known failure{attribution})" if case.get("known_failure") else ""
        cause = f"{cell(case['cause'])} — observed: " if case.get("cause") else ""
        out.append(
            f"- **{case['outcome']}**{known} `{cell(case['id'])}` ({cell(case['topic'])}): "
            f"{cause}{cell(describe(case))}"
        )
    return out


def render(report: Report) -> str:
    t = report["totals"]
    counts: Mapping[str, object] = t
    verdict = report["verdict"]
    engine, adapter = report["engine"], report["adapter"]
    lines = [
        f"# Certification: {cell(engine['name'])} {cell(engine['version'])}",
        "",
        f"**{percent(t['pass_rate'])} passing** ({t['pass']} of {t['total']} cases; "
        f"{percent(t['applicable_pass_rate'])} of the {t['total'] - t['not_applicable'] - t['skipped']} "
        "cases the engine ran). " + ("**Run OK.**" if verdict["ok"] else "**Run FAILED.**"),
        "",
        "| | |",
        "|---|---|",
        f"| engine | {cell(engine['name'])} {cell(engine['version'])} |",
        f"| adapter | {cell(adapter['name'])} {cell(adapter['version'])} (`{cell(adapter['command'])}`) |",
        f"| suite | {cell(report['suite']['version'])}, {report['suite']['cases']} cases, "
        f"{report['suite']['hash']} |",
        f"| rules | Comprehensive Rules {report['cr_date']}; protocol {report['protocol']} |",
        f"| run | {report['started']}, {report['seconds']} s, timeout {report['settings']['timeout']} s, "
        f"{report['settings']['jobs']} job(s) |",
        "| outcomes | "
        + ", ".join(
            f"{k.replace('_', ' ')} {counts[k]}"
            for k in ("pass", "fail", "error", "crash", "timeout", "not_applicable", "skipped")
        )
        + " |",
    ]
    if report["unsupported_features"]:
        lines.append(f"| declared unsupported | {cell(', '.join(report['unsupported_features']))} |")
    if report.get("adapter_problem"):
        lines.append(f"| adapter problem | {cell(report['adapter_problem'])} |")
    lines.append("")
    if verdict.get("baseline"):
        lines += [
            "## Baseline",
            "",
            f"- failures outside the baseline: {len(verdict['unexpected_failures'])}",
            f"- known failures (in the baseline): {len(verdict['known_failures'])}",
            f"- listed in the baseline but now passing (remove them): {len(verdict['now_passing'])}",
        ]
        lines += [f"  - `{cell(i)}`" for i in verdict["now_passing"]]
        lines.append("")
    lines += rate_table("Per topic", by_topic(report["cases"]))
    lines += rate_table("Per feature", by_feature(report["cases"]))
    failures = failure_lines(report["cases"])
    lines += ["## Failures", "", *(failures or ["None."]), ""]
    not_applicable = [
        f"- `{cell(case['id'])}` ({cell(case['topic'])}): {cell(describe(case))}"
        for case in report["cases"]
        if case["outcome"] == "not_applicable"
    ]
    if not_applicable:
        lines += ["## Not applicable", "", "Cases the adapter could not set up in the engine, and why.", ""]
        lines += [*not_applicable, ""]
    lines += ["## Cases", "", "| case | topic | outcome | seconds |", "|---|---|---|---:|"]
    for case in sorted(report["cases"], key=lambda c: (c["topic"], c["id"])):
        mark = f"**{case['outcome']}**" if case["outcome"] in BAD else case["outcome"]
        lines.append(f"| `{cell(case['id'])}` | {cell(case['topic'])} | {mark} | {case['seconds']:.4f} |")
    return "\n".join(lines) + "\n"


def write(report: Report, path: Path) -> None:
    path.write_text(render(report), encoding="utf-8")
