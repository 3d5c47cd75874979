"""The rulings ledger (suites/ledger.json), its selection, its statuses and ``mtgc coverage`` (issue 18).

Without ../shared/rules: the ledger is valid, agrees with the suite both ways (every quoted ruling is
in it, every ``encoded`` entry's cases quote it), its statuses and topics are what the build tool
would compute from the suite and the triage file, and the README shows what ``mtgc coverage``
prints. With ../shared/rules beside the checkout, the whole build reproduces the file.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance import paths
from conformance.cases import ledger
from conformance.cases.ledger_topics import counter_nouns, matched_subjects, topics_of
from conformance.cli import main
from conformance.report import coverage

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules"
KINDS = frozenset({"loyalty", "stun", "oil", "poison"})


@pytest.fixture(scope="module")
def book() -> ledger.Ledger:
    loaded, problems = ledger.load_ledger()
    assert loaded is not None, "\n".join(map(str, problems))
    return loaded


@pytest.fixture(scope="module")
def triage(book: ledger.Ledger) -> dict[str, Any]:
    decisions, problems = ledger.load_triage(ids=book.by_id)
    assert decisions is not None, "\n".join(map(str, problems))
    return dict(decisions)


@pytest.fixture(scope="module")
def quotes() -> dict[str, list[str]]:
    return ledger.suite_quotes()


def _schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "spec" / name).read_text(encoding="utf-8"))
    return data


# -- the files -----------------------------------------------------------------------------------
def test_the_mechanics_and_reasons_are_the_schemas_enums() -> None:
    defs = _schema("ledger.schema.json")["$defs"]
    assert defs["mechanic"]["enum"] == list(ledger.MECHANICS)
    assert defs["reason"]["enum"] == list(ledger.REASONS)


def test_every_quoted_ruling_is_in_the_ledger_or_is_a_founding_seed(
    book: ledger.Ledger, quotes: dict[str, list[str]]
) -> None:
    seeds = ledger.seed_texts(json.loads(paths.seeds_path().read_text(encoding="utf-8")))
    missing = ledger.unlisted_quotes(book, quotes, seeds)
    assert missing == {}, "quoted but not in the ledger: rebuild it, python tools/build_ledger.py"


def test_every_encoded_entry_names_cases_that_quote_it(
    book: ledger.Ledger, quotes: dict[str, list[str]]
) -> None:
    quoting: dict[str, set[str]] = {}
    for text, ids in quotes.items():
        for case_id in ids:
            quoting.setdefault(case_id, set()).add(text)
    wrong = [
        (entry["id"], case_id)
        for entry in book.entries
        if entry["status"] == "encoded"
        for case_id in entry["cases"]
        if ledger.normalised(entry["text"]) not in quoting.get(case_id, set())
    ]
    assert wrong == []
    assert all(e["status"] != "encoded" or e["cases"] for e in book.entries)


def test_the_statuses_are_those_the_build_tool_computes_from_the_suite_and_triage(
    book: ledger.Ledger, quotes: dict[str, list[str]], triage: dict[str, Any]
) -> None:
    fresh = ledger.refresh(book.data, quotes, triage)
    changed = [e["id"] for e, f in zip(book.entries, fresh["rulings"], strict=False) if e != f]
    assert len(fresh["rulings"]) == len(book.entries) and changed == [], (
        f"{len(changed)} entries out of date: python tools/build_ledger.py --refresh"
    )


def test_topics_and_subjects_are_those_of_the_selection(book: ledger.Ledger) -> None:
    kinds = frozenset(book.data["selection"]["counter_kinds"])
    wrong = []
    for entry in book.entries:
        subjects = matched_subjects(entry["text"], kinds)
        if entry["subjects"] != subjects or entry["topics"] != (topics_of(subjects) or ["other"]):
            wrong.append(entry["id"])
    assert wrong == []


def test_rules_decide_only_what_they_can_and_say_so(book: ledger.Ledger) -> None:
    for entry in book.entries:
        if "auto" in entry:
            assert entry["auto"]["by"] in ("rule:keyword-named", "rule:saga-named"), entry["id"]
        if entry["status"] in ("blocked", "out-of-scope") and entry["by"].startswith("rule:"):
            assert entry["by"] == entry["auto"]["by"]
    unnamed = set(book.data["selection"]["keyword_rule"]["unnamed_keywords"])
    for entry in book.entries:
        assert set(entry.get("auto", {}).get("keywords", [])) <= unnamed


# -- the selection -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "topics"),
    [
        ("Put a +1/+1 counter on target creature.", ["counters", "targeting"]),
        ("If Vivien has no loyalty counters, it's put into its owner's graveyard.", ["counters"]),
        ("Stun counters stay on an untapped permanent.", ["counters"]),
        ("A spell or ability that counters spells can still target Toski.", ["targeting"]),
        ("Cancel can't counter a spell that can't be countered.", []),
        ("Trickbind can be used to counter the flanking triggered ability.", []),
        ("The counter is put on it as the ability resolves.", ["counters"]),
        ("Its mana value is 3.", []),
        ("You may tap an untapped land for mana.", ["mana"]),
        ("X can be 0.", ["mana"]),
        ("You divide the damage among the creatures as you cast it.", ["targeting"]),
        ("Divide the cards into two piles.", []),
        ("See rule 702.21 for ward.", ["targeting"]),
    ],
)
def test_the_selection(text: str, topics: list[str]) -> None:
    assert topics_of(matched_subjects(text, KINDS)) == topics


def test_a_counter_noun_is_told_from_the_verb() -> None:
    assert counter_nouns("Remove a stun counter from it.", KINDS) == ["kind"]
    assert counter_nouns("Mana Leak counters it unless you pay.", KINDS) == []
    assert counter_nouns("It has no counters.", KINDS) == ["plural"]


def test_an_id_is_the_text_up_to_quotes_and_spaces() -> None:
    assert ledger.ruling_id("Vivien’s ability") == ledger.ruling_id("Vivien's  ability")
    assert ledger.ruling_id("a") != ledger.ruling_id("b")
    assert re.fullmatch(r"r-[0-9a-f]{12}", ledger.ruling_id("a"))


# -- the merge -----------------------------------------------------------------------------------
def _entry(text: str, **more: Any) -> dict[str, Any]:
    return {
        "id": ledger.ruling_id(text),
        "text": text,
        "cards": ["Card"],
        "dates": ["2020-01-01"],
        "sources": ["mtgjson"],
        "topics": ["targeting"],
        "subjects": ["targeting:target"],
        "status": "untriaged",
        **more,
    }


AUTO = {"status": "blocked", "mechanics": ["overload"], "by": "rule:keyword-named"}


def test_a_case_beats_a_person_who_beats_a_rule() -> None:
    entry = _entry("Target it.", auto=AUTO)
    hand = {entry["id"]: {"status": "out-of-scope", "reason": "not-a-rules-statement", "note": "n"}}
    data = {"rulings": [entry]}
    assert ledger.refresh(data, {}, {})["rulings"][0]["by"] == "rule:keyword-named"
    by_hand = ledger.refresh(data, {}, hand)["rulings"][0]
    assert (by_hand["status"], by_hand["by"], by_hand["auto"]) == ("out-of-scope", "hand", AUTO)
    encoded = ledger.refresh(data, {"Target it.": ["c1"]}, hand)["rulings"][0]
    assert (encoded["status"], encoded["cases"], encoded["by"]) == ("encoded", ["c1"], "suite")
    assert "reason" not in encoded


def test_an_other_entry_no_case_quotes_any_more_goes() -> None:
    data = {"rulings": [_entry("Draw.", topics=["other"], subjects=[])]}
    assert ledger.refresh(data, {}, {})["rulings"] == []
    assert len(ledger.refresh(data, {"Draw.": ["c"]}, {})["rulings"]) == 1


def test_a_triage_decision_is_checked(tmp_path: Path) -> None:
    rid = ledger.ruling_id("x")
    file = tmp_path / "ledger-triage.json"
    file.write_text(json.dumps({"triage": {rid: {"status": "blocked", "note": "n"}}}), encoding="utf-8")
    decisions, problems = ledger.load_triage(file, [rid])
    assert decisions is None and [p.pointer for p in problems] == [f"/triage/{rid}"]
    assert "mechanics" in problems[0].message
    file.write_text(
        json.dumps({"triage": {rid: {"status": "blocked", "mechanics": ["phasing"], "note": "n"}}}),
        encoding="utf-8",
    )
    assert ledger.load_triage(file, [rid])[0] == {
        rid: {"status": "blocked", "mechanics": ["phasing"], "note": "n"}
    }
    decisions, problems = ledger.load_triage(file, [])
    assert decisions is None and "no ruling of the ledger has this id" in problems[0].message


# -- mtgc coverage -------------------------------------------------------------------------------
def _suite(tmp: Path, text: str = "Put a +1/+1 counter on target creature.") -> Path:
    suite = tmp / "suite"
    (suite / "cards").mkdir(parents=True)
    (suite / "122-counters").mkdir()
    (suite / "seeds.json").write_text("[]", encoding="utf-8")
    case = {"id": "c1", "ruling": {"text": text}, "rules": ["122.1", "115.1a"]}
    (suite / "122-counters" / "c1.json").write_text(json.dumps(case), encoding="utf-8")
    quoted = _entry(text, topics=["counters", "targeting"], subjects=["counters:counter", "targeting:target"])
    blocked = _entry(
        "<b>Overload</b> it, {T}.", auto=AUTO, topics=["mana"], subjects=["mana:tap-untap-symbols"]
    )
    data = {
        "sources": {},
        "selection": {"counter_kinds": [], "subjects": {}, "keyword_rule": {"unnamed_keywords": []}},
    }
    data["rulings"] = ledger.refresh({"rulings": [quoted, blocked]}, {ledger.normalised(text): ["c1"]}, {})[
        "rulings"
    ]
    (suite / "ledger.json").write_text(ledger.dumps(data), encoding="utf-8")
    (suite / "ledger-triage.json").write_text('{"triage": {}}', encoding="utf-8")
    return suite


def test_coverage_counts_statuses_mechanics_and_cited_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = _suite(tmp_path)
    assert main(["coverage", "--suite", str(suite), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["totals"] == {"encoded": 1, "blocked": 1, "out-of-scope": 0, "untriaged": 0}
    assert report["by_topic"]["counters"]["encoded"] == 1 and report["by_topic"]["mana"]["blocked"] == 1
    assert report["mechanics"] == {"overload": 1} and report["cases_quoting"] == 1 and report["stale"] == 0
    sections = {s["section"]: s for s in report["sections"]}
    assert sections["122"]["cited"] == 2  # 122.1 and 122 (a subrule of it is cited)
    assert sections["115"]["cited"] == 3  # 115.1a, 115.1, 115
    assert sections["609"]["cited"] == 0


def test_coverage_says_when_the_ledger_is_out_of_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = _suite(tmp_path)
    case = suite / "122-counters" / "c1.json"
    case.write_text(json.dumps({"id": "c1", "ruling": {"text": "Not in the ledger."}}), encoding="utf-8")
    assert main(["coverage", "--suite", str(suite)]) == 0
    err = capsys.readouterr().err
    assert "1 quoted ruling text(s) are not in the ledger (cases c1)" in err
    assert "out of date: 1 entr(y/ies)" in err


def test_coverage_html_is_one_escaped_page(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    report = coverage.of_suite(json.loads((suite / "ledger.json").read_text(encoding="utf-8")), {}, suite)
    report.mechanics["<script>alert(1)</script>"] = 1
    page = coverage.render_html(report)
    assert "<script>" not in page and "&lt;script&gt;" in page and "Content-Security-Policy" in page
    out = tmp_path / "coverage.html"
    assert main(["coverage", "--suite", str(suite), "--html", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"rulings": [', "ledger.json:1:"),
        ('{"sources": {}, "rulings": []}', 'ledger.json: /: missing the required field "selection"'),
    ],
)
def test_a_bad_ledger_is_an_input_error_with_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, expected: str
) -> None:
    suite = _suite(tmp_path)
    (suite / "ledger.json").write_text(content, encoding="utf-8")
    assert main(["coverage", "--suite", str(suite)]) == 2
    captured = capsys.readouterr()
    assert expected in captured.err and "Traceback" not in captured.err + captured.out


def test_a_bad_entry_is_reported_by_its_pointer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = _suite(tmp_path)
    data = json.loads((suite / "ledger.json").read_text(encoding="utf-8"))
    data["rulings"][1]["mechanics"] = ["flying"]
    data["rulings"][0]["id"] = "r-000000000000"
    (suite / "ledger.json").write_text(json.dumps(data), encoding="utf-8")
    assert main(["coverage", "--suite", str(suite)]) == 2
    err = capsys.readouterr().err
    assert "ledger.json: /rulings/1/mechanics/0:" in err


def test_the_readme_shows_what_mtgc_coverage_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage"]) == 0
    printed = capsys.readouterr().out.splitlines()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- mtgc coverage: start -->\n", 1)[1].split("<!-- mtgc coverage: end -->", 1)[0]
    assert block.splitlines() == printed[: len(block.splitlines())], (
        "the README's coverage figures are stale: python tools/build_ledger.py --refresh"
    )
    assert len(block.splitlines()) == 4


# -- the whole build, where the rulings data is ----------------------------------------------------
@pytest.mark.skipif(
    not SHARED.is_dir(), reason="needs ../shared/rules beside the checkout (the rulings data)"
)
def test_the_whole_build_reproduces_the_ledger(book: ledger.Ledger) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_ledger  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "tools"))
    built = build_ledger.build(SHARED, ROOT)
    assert built["selection"] == book.data["selection"]
    assert [e["id"] for e in built["rulings"]] == [e["id"] for e in book.entries]
    assert built == book.data, "python tools/build_ledger.py"
