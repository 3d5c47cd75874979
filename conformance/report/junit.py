"""junit.xml: one <testsuite> per topic, one <testcase> per case (CI systems read this).

fail -> <failure>; error, crash, timeout -> <error type="…">; not_applicable, skipped and
baseline-listed failures -> <skipped>. Text the engine sent is stripped of characters XML forbids.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from conformance.documents import Report, ReportCase
from conformance.report.common import by_topic, describe, show, tally

_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def clean(text: object) -> str:
    return _NOT_XML.sub("\ufffd", str(text))


def details(case: ReportCase) -> str:
    lines = [
        f"{d['where']}: expected {show(d['expected'])}, observed {show(d['observed'])}"
        + (f" ({d['message']})" if d.get("message") else "")
        for d in case.get("diff", [])
    ]
    if case.get("message"):
        lines.insert(0, case["message"])
    if case.get("stderr"):
        lines += ["", "adapter stderr (last lines):", case["stderr"]]
    return clean("\n".join(lines))


def tree(report: Report) -> ET.Element:
    cases = report["cases"]
    counts = tally(cases)
    root = ET.Element(
        "testsuites",
        {
            "name": clean(f"mtgc certify {report['engine']['name']} {report['engine']['version']}"),
            "tests": str(counts["total"]),
            "failures": str(counts["fail"]),
            "errors": str(counts["error"] + counts["crash"] + counts["timeout"]),
            "skipped": str(counts["not_applicable"] + counts["skipped"]),
            "time": f"{report['seconds']:.3f}",
            "timestamp": report["started"],
        },
    )
    for topic, members in by_topic(cases).items():
        c = tally(members)
        suite = ET.SubElement(
            root,
            "testsuite",
            {
                "name": clean(topic),
                "tests": str(c["total"]),
                "failures": str(c["fail"]),
                "errors": str(c["error"] + c["crash"] + c["timeout"]),
                "skipped": str(c["not_applicable"] + c["skipped"]),
                "time": f"{sum(m['seconds'] for m in members):.4f}",
                "timestamp": report["started"],
            },
        )
        props = ET.SubElement(suite, "properties")
        for name, value in (
            ("suite_version", report["suite"]["version"]),
            ("suite_hash", report["suite"]["hash"]),
            ("protocol", report["protocol"]),
            ("cr_date", report["cr_date"]),
            ("engine", f"{report['engine']['name']} {report['engine']['version']}"),
            ("adapter", f"{report['adapter']['name']} {report['adapter']['version']}"),
        ):
            ET.SubElement(props, "property", {"name": name, "value": clean(value)})
        for case in members:
            element = ET.SubElement(
                suite,
                "testcase",
                {"classname": clean(topic), "name": clean(case["id"]), "time": f"{case['seconds']:.4f}"},
            )
            outcome = case["outcome"]
            why = case.get("cause") or describe(case)
            if case.get("known_failure"):
                ET.SubElement(
                    element,
                    "skipped",
                    {"message": clean(f"known failure ({outcome}, in the baseline): " + why)},
                ).text = details(case)
            elif outcome == "fail":
                ET.SubElement(
                    element, "failure", {"message": clean(describe(case)), "type": "fail"}
                ).text = details(case)
            elif outcome in ("error", "crash", "timeout"):
                ET.SubElement(
                    element, "error", {"message": clean(describe(case)), "type": outcome}
                ).text = details(case)
            elif outcome in ("not_applicable", "skipped"):
                ET.SubElement(element, "skipped", {"message": clean(f"{outcome}: {case.get('message', '')}")})
    return root


def write(report: Report, path: Path) -> None:
    root = tree(report)
    ET.indent(root)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
