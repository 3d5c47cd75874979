"""``mtgc site``: a static site comparing engines, from their reports.

``index.html`` has the engines, a matrix of topics (the suite's CR folders) x engines with pass rates,
and every case with a client-side filter (outcome, topic, rule, text); ``cases/<id>.html`` has a case's
ruling, its CR rules and each engine's outcome, with the diff of a failure collapsed (``<details>``).
An old case id (``suites/aliases.json``) gets a page that points to the case it became, so links stay
good. Nothing is loaded from the network, no script but the index's own, and every string from a
report is escaped (conformance/site/pages.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from conformance.site.model import build
from conformance.site.pages import case_page, index, page_name, redirect_page

__all__ = ["build_site"]


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def build_site(reports: Sequence[Path], out: Path, suite: Path | None = None) -> list[Path]:
    """Write the site for ``reports`` into ``out``; the files written. A page of an earlier build
    that this one has not written (a case no report has now) is removed from ``out/cases/``.

    Raises :class:`~conformance.report.baseline.BadInput` for a file that is not a report, OSError
    when ``out`` cannot be written."""
    site = build(reports, suite)
    pages = out / "cases"
    pages.mkdir(parents=True, exist_ok=True)
    written = [out / "index.html"]
    _write(written[0], index(site))
    names: set[str] = set()
    for case in site.cases:
        name = page_name(case.id)
        names.add(name)
        written.append(pages / name)
        _write(pages / name, case_page(site, case))
    for case in site.cases:
        for old in case.old_ids:
            name = page_name(old)
            if name not in names:
                names.add(name)
                written.append(pages / name)
                _write(pages / name, redirect_page(old, case))
    for stale in pages.glob("*.html"):
        if stale.name not in names:
            stale.unlink()
    return written
