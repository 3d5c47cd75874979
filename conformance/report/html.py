"""index.html: one static page (no script, no network): the per-topic matrix and every failure's diff.

Everything that comes from the engine, the adapter or the case files is HTML-escaped; the page's
Content-Security-Policy forbids scripts and remote loads as a second line of defence.
"""

from __future__ import annotations

import html
from pathlib import Path

from conformance.documents import Report, ReportCase
from conformance.report.common import (
    BAD,
    OUTCOMES,
    by_feature,
    by_topic,
    describe,
    failing,
    percent,
    rate,
    show,
    tally,
)

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222}
h1{font-size:1.6em;margin-bottom:.2em} table{border-collapse:collapse;margin:.5em 0 1.5em}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
td.n{text-align:right} .meta td:first-child{font-weight:bold}
.cell{display:inline-block;width:1em;height:1em;margin:1px;border-radius:2px;text-decoration:none}
.pass{background:#2e9e44}.fail{background:#d23c3c}.error{background:#e08a1e}.crash{background:#7b2d8e}
.timeout{background:#3c66d2}.not_applicable{background:#bbb}.skipped{background:#e6e6e6}
.known{outline:2px dashed #333}
.badge{font-weight:bold;padding:.1em .5em;border-radius:3px;color:#fff}
pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:20em;white-space:pre-wrap}
details{margin:.5em 0;border-left:4px solid #ccc;padding-left:.6em} summary{cursor:pointer}
code{background:#f2f2f2;padding:0 .2em}
"""
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def e(value: object) -> str:
    return html.escape(str(value), quote=True)


def anchor(case_id: str) -> str:
    return "case-" + "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in case_id)


def matrix(groups: dict[str, list[ReportCase]], what: str) -> str:
    rows = [
        f"<table><tr><th>{e(what)}</th><th>pass rate</th>"
        + "".join(f"<th>{e(o.replace('_', ' '))}</th>" for o in OUTCOMES)
        + "<th>cases</th></tr>"
    ]
    for name, members in groups.items():
        c = tally(members)
        cells = "".join(
            f'<a class="cell {e(m["outcome"])}{" known" if m.get("known_failure") else ""}" '
            f'href="#{e(anchor(m["id"]))}" title="{e(m["id"])}: {e(m["outcome"])}"></a>'
            for m in sorted(members, key=lambda m: m["id"])
        )
        rows.append(
            f"<tr><td>{e(name)}</td><td class=n>{percent(rate(c))} ({c['pass']}/{c['total']})</td>"
            + "".join(f"<td class=n>{c[o] or ''}</td>" for o in OUTCOMES)
            + f"<td>{cells}</td></tr>"
        )
    return "".join(rows) + "</table>"


def diff_table(case: ReportCase) -> str:
    if not case.get("diff"):
        return ""
    rows = "".join(
        f"<tr><td><code>{e(d['where'])}</code></td>"
        f"<td><code>{e(show(d['expected'], 2000))}</code></td>"
        f"<td><code>{e(show(d['observed'], 2000))}</code></td><td>{e(d.get('message', ''))}</td></tr>"
        for d in case["diff"]
    )
    return f"<table><tr><th>where</th><th>expected</th><th>observed</th><th>note</th></tr>{rows}</table>"


def failure_block(case: ReportCase) -> str:
    known = " (known failure, in the baseline)" if case.get("known_failure") else ""
    parts = [
        f'<details open id="{e(anchor(case["id"]))}"><summary><span class="badge {e(case["outcome"])}">'
        f"{e(case['outcome'])}</span> <code>{e(case['id'])}</code>{e(known)}: {e(case.get('title', ''))}"
        "</summary>",
        f"<p>topic {e(case['topic'])}; features {e(', '.join(case.get('features', [])))}; "
        f"rules {e(', '.join(case.get('rules', [])))}; {case['seconds']:.4f} s; file <code>"
        f"{e(case.get('path', ''))}</code></p>",
    ]
    parts += failure_details(case)
    return "".join(parts) + "</details>"


def failure_details(case: ReportCase, cause_label: str = "cause") -> list[str]:
    """A failing case's cause (with its attribution), message, diff and the adapter's last stderr lines,
    escaped: the body of its folded entry here and on the comparison site."""
    parts = []
    if case.get("cause"):
        whose = f" ({e(case['attribution'])})" if case.get("attribution") else ""
        parts.append(f"<p><strong>{cause_label}{whose}:</strong> {e(case['cause'])}</p>")
    if case.get("message"):
        parts.append(f"<pre>{e(case['message'])}</pre>")
    parts.append(diff_table(case))
    if case.get("stderr"):
        parts.append(f"<p>adapter stderr (last lines):</p><pre>{e(case['stderr'])}</pre>")
    return parts


def render(report: Report) -> str:
    t, v = report["totals"], report["verdict"]
    engine, adapter = report["engine"], report["adapter"]
    suite, settings = report["suite"], report["settings"]
    meta = [
        ("engine", f"{engine['name']} {engine['version']}"),
        ("adapter", f"{adapter['name']} {adapter['version']} — {adapter['command']}"),
        ("suite", f"{suite['version']}, {suite['cases']} cases, {suite['hash']}"),
        ("rules", f"Comprehensive Rules {report['cr_date']}; adapter protocol {report['protocol']}"),
        (
            "run",
            f"{report['started']} — {report['seconds']} s, timeout {settings['timeout']} s, "
            f"{settings['jobs']} job(s)",
        ),
        ("declared unsupported", ", ".join(report["unsupported_features"]) or "nothing"),
    ]
    if report.get("adapter_problem"):
        meta.append(("adapter problem", report["adapter_problem"]))
    if v.get("baseline"):
        stale = ", ".join(v["now_passing"]) or "none"
        known, outside = len(v["known_failures"]), len(v["unexpected_failures"])
        meta.append(
            ("baseline", f"{known} known failures; {outside} outside it; now passing (stale): {stale}")
        )
    failures = failing(report["cases"])
    others = [c for c in report["cases"] if c["outcome"] not in BAD]
    title = f"{engine['name']} {engine['version']}: {percent(t['pass_rate'])} passing"
    return "".join(
        [
            "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>",
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
            f"<title>{e(title)}</title><style>{CSS}</style></head><body>",
            f"<h1>{e(engine['name'])} {e(engine['version'])}</h1>",
            f"<p><b>{percent(t['pass_rate'])} passing</b> ({t['pass']} of {t['total']} cases; "
            f"{percent(t['applicable_pass_rate'])} of the cases the engine ran). "
            + ("Run OK." if v["ok"] else "<b>Run failed.</b>")
            + "</p>",
            "<table class=meta>",
            *(f"<tr><td>{e(k)}</td><td>{e(val)}</td></tr>" for k, val in meta),
            "</table>",
            "<h2>Per topic</h2>",
            matrix(by_topic(report["cases"]), "topic"),
            "<h2>Per feature</h2>",
            matrix(by_feature(report["cases"]), "feature"),
            f"<h2>Failures ({len(failures)})</h2>",
            *([failure_block(c) for c in failures] or ["<p>None.</p>"]),
            "<h2>Other cases</h2><table><tr><th>case</th><th>topic</th><th>outcome</th>",
            "<th>seconds</th><th>note</th></tr>",
            *(
                f'<tr id="{e(anchor(c["id"]))}"><td><code>{e(c["id"])}</code></td><td>{e(c["topic"])}</td>'
                f'<td><span class="badge {e(c["outcome"])}">{e(c["outcome"])}</span></td>'
                f"<td class=n>{c['seconds']:.4f}</td>"
                f"<td>{e(describe(c) if c['outcome'] != 'pass' else '')}</td></tr>"
                for c in sorted(others, key=lambda c: (c["topic"], c["id"]))
            ),
            "</table></body></html>\n",
        ]
    )


def write(report: Report, path: Path) -> None:
    path.write_text(render(report), encoding="utf-8")
