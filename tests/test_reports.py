"""The report writers: escaped HTML, well-formed JUnit, Markdown summary, shields.io badge."""

from __future__ import annotations

import copy
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.report import badge, html, junit, markdown

ROOT = Path(__file__).resolve().parent.parent
SUITE = str(ROOT / "tests" / "data" / "certify")
SCRIPT = "<script>alert('x')</script>"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hostile")
    command = f"{sys.executable} {ROOT / 'tests' / 'data' / 'adapters' / 'hostile_script.py'}"
    main(["certify", "--engine", command, "--out", str(out), "-q", SUITE])
    return out


@pytest.fixture(scope="module")
def report(hostile: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((hostile / "report.json").read_text(encoding="utf-8"))
    return data


def test_the_hostile_strings_reach_the_report(report: dict[str, object]) -> None:
    text = json.dumps(report)
    assert SCRIPT in report["engine"]["name"]  # type: ignore[index]
    assert text.count("<script>") >= 5  # name, version, error, unsupported reason, diffs, stderr


def test_html_escapes_everything_the_engine_sent(hostile: Path) -> None:
    page = (hostile / "index.html").read_text(encoding="utf-8")
    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert page.count("&lt;script&gt;") >= 5


def test_html_is_one_static_file_without_scripts_or_network(hostile: Path) -> None:
    page = (hostile / "index.html").read_text(encoding="utf-8")
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    for needle in ("http://", "https://", "<link", "src=", "<img", "<iframe", "<object", "@import"):
        assert needle not in page.lower()


def test_html_has_the_topic_matrix_and_each_failure_with_its_diff(report: dict[str, object]) -> None:
    page = html.render(report)
    assert "<h2>Per topic</h2>" in page and "<h2>Per feature</h2>" in page
    for topic in ("counters", "life", "turn"):
        assert f"<td>{topic}</td>" in page
    assert page.count("<details open") == 5  # 2 fail, 2 error, 1 crash
    assert "players.alice.counters" in page  # a diff row


def test_markdown_summary_has_rates_one_line_per_failure_and_case_times(report: dict[str, object]) -> None:
    text = markdown.render(report)
    assert "## Per topic" in text and "## Per feature" in text and "## Cases" in text
    failure_lines = [line for line in text.splitlines() if line.startswith("- **")]
    assert len(failure_lines) == 5
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "| `certify-life-wrong` | life | **fail** |" in text


def test_markdown_summary_lists_each_not_applicable_case_with_its_reason(report: dict[str, object]) -> None:
    text = markdown.render(report)
    cases = report["cases"]  # type: ignore[index]
    not_applicable = [c for c in cases if c["outcome"] == "not_applicable"]  # type: ignore[attr-defined]
    assert not_applicable
    section = text.split("## Not applicable", 1)[1].split("## Cases", 1)[0]
    for case in not_applicable:
        assert f"- `{case['id']}`" in section


def test_junit_is_well_formed_with_one_suite_per_topic(hostile: Path) -> None:
    root = ET.parse(hostile / "junit.xml").getroot()
    assert root.tag == "testsuites" and root.get("tests") == "6"
    assert sorted(s.get("name") for s in root) == ["counters", "life", "turn"]  # type: ignore[type-var]
    kinds = {case.get("name"): [child.tag for child in case] for case in root.iter("testcase")}
    assert kinds["certify-life-wrong"] == ["failure"]
    assert kinds["certify-life-starting"] == ["error"]
    assert kinds["certify-life-set"] == ["skipped"]
    assert kinds["certify-counters-proliferate"] == ["error"]


def test_junit_survives_control_characters(report: dict[str, object], tmp_path: Path) -> None:
    noisy = copy.deepcopy(report)
    noisy["cases"][0]["message"] = "bell \x07 nul \x00 esc \x1b"  # type: ignore[index]
    junit.write(noisy, tmp_path / "junit.xml")
    ET.parse(tmp_path / "junit.xml")


def test_known_failures_are_skipped_in_junit(report: dict[str, object]) -> None:
    marked = copy.deepcopy(report)
    for case in marked["cases"]:  # type: ignore[attr-defined]
        case["known_failure"] = case["outcome"] in ("fail", "error", "crash", "timeout")
    tags = {c.get("name"): [x.tag for x in c] for c in junit.tree(marked).iter("testcase")}
    assert tags["certify-life-wrong"] == ["skipped"]


def test_badge_is_a_shields_endpoint(hostile: Path) -> None:
    data = json.loads((hostile / "badge.json").read_text(encoding="utf-8"))
    assert data == {
        "schemaVersion": 1,
        "label": "MTG rules (CR 2026-06-19)",
        "message": "0% passing",
        "color": "red",
    }


@pytest.mark.parametrize(
    ("rate", "color", "message"),
    [
        (1.0, "brightgreen", "100% passing"),
        (0.999, "brightgreen", "99% passing"),
        (0.85, "green", "85% passing"),
        (0.5, "yellow", "50% passing"),
        (0.1, "red", "10% passing"),
    ],
)
def test_badge_colour_and_message_follow_the_pass_rate(rate: float, color: str, message: str) -> None:
    data = badge.badge({"totals": {"pass_rate": rate}, "cr_date": "2026-06-19"})
    assert (data["color"], data["message"]) == (color, message)


def test_a_report_with_escapes_and_lone_surrogates_is_written_whole_and_shows_them(
    report: dict[str, object], tmp_path: Path
) -> None:
    from conformance.report import write_all

    forged = copy.deepcopy(report)
    forged["engine"] = {"name": "evil\n\x1b[32m797/797 passing\ud800", "version": "1\x00"}
    write_all(forged, tmp_path)
    for name in ("report.json", "summary.md", "index.html", "junit.xml", "badge.json"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert "\x1b" not in text and "\x00" not in text, name
    assert json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["engine"]["name"] == (
        "evil\n\\e[32m797/797 passing\\ud800"
    )


def test_a_failed_write_leaves_the_previous_report_as_it_was(
    report: dict[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conformance import report as writers

    writers.write_all(report, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def broken(document: object, path: Path) -> None:
        raise OSError("disk full")

    newer = copy.deepcopy(report)
    newer["engine"] = {"name": "newer", "version": "2"}
    monkeypatch.setitem(writers.WRITERS, "index.html", broken)
    with pytest.raises(OSError, match="disk full"):
        writers.write_all(newer, tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_an_unwritable_out_is_refused_before_any_case_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", encoding="utf-8")
    command = f"{sys.executable} {ROOT / 'tests' / 'data' / 'adapters' / 'hostile_script.py'}"
    assert main(["certify", "--engine", command, "--out", str(blocker / "out"), SUITE]) == 2
    captured = capsys.readouterr()
    assert "cannot write the report into" in captured.err
    assert "passing" not in captured.out  # nothing ran
