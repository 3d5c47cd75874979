"""badge.json: a shields.io endpoint (https://shields.io/badges/endpoint-badge).

``https://img.shields.io/endpoint?url=<where badge.json is served>``. The percentage is passes over
all cases, so not applicable and skipped count against it.
"""

from __future__ import annotations

import json
from pathlib import Path

from conformance.documents import Badge, Report

COLORS = ((0.95, "brightgreen"), (0.8, "green"), (0.6, "yellowgreen"), (0.4, "yellow"), (0.2, "orange"))


def color(rate: float) -> str:
    return next((name for bound, name in COLORS if rate >= bound), "red")


def badge(report: Report) -> Badge:
    rate = float(report["totals"]["pass_rate"])
    return {
        "schemaVersion": 1,
        "label": f"MTG rules (CR {report['cr_date']})",
        "message": f"{int(rate * 100)}% passing",
        "color": color(rate),
    }


def write(report: Report, path: Path) -> None:
    path.write_text(json.dumps(badge(report)) + "\n", encoding="utf-8")
