"""Print the README's per-topic table (pass rate per topic, side by side) from certification reports.

    python tools/topic_table.py REFERENCE.json docs/certification/*/report.json

A not-applicable case counts as not passing, as in the reports' headline rate.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def cell(passed: int, total: int) -> str:
    return f"{round(100 * passed / total) if total else 0}% ({passed}/{total})"


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    reports = [json.loads(Path(p).read_text(encoding="utf-8")) for p in paths]
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
