"""Print the README's per-topic table (pass rate per topic, side by side) from certification reports.

    python tools/topic_table.py REFERENCE.json docs/certification/*/report.json

A not-applicable case counts as not passing, as in the reports' headline rate. Each case is counted
under its folder in the suite as it is now (suites/README.md), found by its id (an old id through
suites/aliases.json), so reports made before the suite was refiled line up with new ones; a case no
longer in the suite keeps the topic its report gives.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance import paths  # noqa: E402
from conformance.cases.aliases import resolve  # noqa: E402
from conformance.cases.loader import discover, load_cases  # noqa: E402


def current_topics() -> dict[str, str]:
    """case id -> its folder in the suite now."""
    cases, _cards, _problems = discover([paths.suites_dir()])
    loaded, _problems = load_cases(cases)
    return {case.case_id: case.topic for case in loaded}


def cell(passed: int, total: int) -> str:
    return f"{round(100 * passed / total) if total else 0}% ({passed}/{total})"


def main(files: list[str]) -> int:
    if not files:
        print(__doc__, file=sys.stderr)
        return 2
    reports = [json.loads(Path(p).read_text(encoding="utf-8")) for p in files]
    now = current_topics()
    for report in reports:
        for case in report["cases"]:
            case["topic"] = now.get(resolve(case["id"]), case["topic"])
    topics = sorted({c["topic"] for r in reports for c in r["cases"]})
    names = [f"{r['engine']['name'].split(' (')[0]} {r['engine']['version']}" for r in reports]
    print("| topic | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(reports))
    for topic in [*topics, None]:
        row = []
        for r in reports:
            cases = [c for c in r["cases"] if topic is None or c["topic"] == topic]
            row.append(cell(sum(c["outcome"] == "pass" for c in cases), len(cases)))
        print(f"| {topic or '**all**'} | " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
