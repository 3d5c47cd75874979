"""The comparison site and the single-run report in a real browser: headless Chromium, driven by
Playwright, from the system's packages (``.ci/run`` installs Debian's chromium). The filter must
narrow the rows, a case page must show an engine's diff once opened, and each page is screenshotted
(into ``$MTGC_SCREENSHOTS`` when set, else the test's temporary directory).

Skipped, with the reason, where Playwright or a Chromium is not installed."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.cli import main

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is in the test extra: pip install -e '.[test]'"
)

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = ROOT / "tests" / "data" / "adapters"
SMALL = ROOT / "tests" / "data" / "certify"
PUBLISHED = ROOT / "docs" / "site"
# No connections out: this machine's network is closed, and a test must not depend on one.
QUIET = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium() -> str:
    for name in (os.environ.get("MTGC_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name) if name else None
        if found:
            return found
    pytest.skip("no Chromium on this machine (.ci/run installs Debian's chromium; or set MTGC_CHROMIUM)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium()
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=QUIET)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small suite certified on the reference engine and on the do-nothing adapter (which fails
    a case), and the site of both."""
    where = tmp_path_factory.mktemp("browser")
    nothing = f"{sys.executable} {ADAPTERS / 'well_behaved.py'}"
    for name, engine in (("reference", "reference"), ("well", nothing)):
        assert main(["certify", "--engine", engine, "-q", "--out", str(where / name), str(SMALL)]) in (0, 1)
    reports = [str(where / name / "report.json") for name in ("reference", "well")]
    assert main(["site", *reports, "--out", str(where / "site"), "--suite", str(SMALL)]) == 0
    return where


def screenshot(page: Any, name: str, fallback: Path) -> Path:
    folder = Path(os.environ.get("MTGC_SCREENSHOTS") or fallback)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return path


def shown(page: Any) -> tuple[int, int]:
    words = page.locator("#shown").text_content().split()  # "N of M cases shown"
    return int(words[0]), int(words[2])


def visible_rows(page: Any) -> int:
    return int(page.locator("#cases tbody tr:not([hidden])").count())


def test_the_filter_narrows_the_rows_and_the_address_keeps_it(browser: Any, built: Path) -> None:
    page = browser.new_page()
    page.goto((built / "site" / "index.html").as_uri())
    everything = shown(page)
    assert everything[0] == everything[1] == visible_rows(page) > 1
    page.select_option("select[name=engine]", label="nothing 1.0")
    page.select_option("select[name=outcome]", "fail")
    narrowed = shown(page)
    assert 0 < narrowed[0] < everything[0] and visible_rows(page) == narrowed[0]
    assert "certify-life-wrong" in page.locator("#cases tbody tr:not([hidden])").first.text_content()
    assert "outcome=fail" in page.url
    screenshot(page, "site-index-filtered", built)
    page.fill("input[name=text]", "no such case at all")
    assert shown(page)[0] == 0 == visible_rows(page)
    # A link into a filtered view is stable: the address alone restores the filter.
    fresh = browser.new_page()
    fresh.goto((built / "site" / "index.html").as_uri() + "#outcome=fail&engine=1")
    assert shown(fresh) == narrowed


def test_a_case_page_shows_the_failing_engine_s_diff_once_opened(browser: Any, built: Path) -> None:
    page = browser.new_page()
    page.goto((built / "site" / "cases" / "certify-life-wrong.html").as_uri())
    failing = page.locator("details#engine-2")
    assert failing.count() == 1 and not failing.evaluate("d => d.open"), "a failure is collapsed at first"
    diff = failing.locator("table")
    assert not diff.is_visible()
    failing.locator("summary").click()
    assert diff.is_visible() and "expected" in diff.text_content()
    assert "life" in diff.text_content()
    screenshot(page, "site-case-diff", built)


def test_the_single_run_report_shows_a_failure_s_diff(browser: Any, built: Path) -> None:
    page = browser.new_page()
    page.goto((built / "well" / "index.html").as_uri())
    failure = page.locator("details#case-certify-life-wrong")
    assert failure.count() == 1 and failure.locator("table").is_visible()
    assert "observed" in failure.locator("table").text_content()
    screenshot(page, "single-run-report", built)


def test_the_published_site_filters_by_topic_in_the_browser(browser: Any, tmp_path: Path) -> None:
    index = PUBLISHED / "index.html"
    if not index.exists():
        pytest.skip("docs/site is not built in this checkout")
    page = browser.new_page()
    page.goto(index.as_uri())
    total = shown(page)[1]
    page.select_option("select[name=topic]", "702.21-ward")
    ward = shown(page)[0]
    assert 0 < ward < total and visible_rows(page) == ward
    rows = page.locator("#cases tbody tr:not([hidden])")
    assert all(rows.nth(i).get_attribute("data-topic") == "702.21-ward" for i in range(ward))
    screenshot(page, "published-site-ward", tmp_path)
