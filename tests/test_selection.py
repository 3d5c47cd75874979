"""Selection by meaning: --rule (a rule and its subrules), --feature, --card, -k; bad filters exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from suite_helpers import suite

from conformance.cases.loader import CaseFile
from conformance.cases.selection import Selection, cites, select
from conformance.cli import main


@pytest.mark.parametrize(
    ("rule", "wanted", "covered"),
    [
        ("614.16", "614.16", True),
        ("614.16a", "614.16", True),
        ("614.1a", "614.1", True),
        ("614.10", "614.1", False),
        ("614.16", "614.1", False),
        ("614.1", "614", True),
        ("6140.1", "614", False),
        ("702.21b", "7", True),
        ("614.16a", "614.16a", True),
        ("614.16b", "614.16a", False),
    ],
)
def test_a_rule_covers_itself_and_its_subrules_only(rule: str, wanted: str, covered: bool) -> None:
    assert cites(rule, wanted) is covered


def citing_614_16() -> set[str]:
    return {
        found.case_id
        for found, _ in suite()
        if any(re.fullmatch(r"614\.16[a-z]?", rule) for rule in found.data.get("rules", ()))
    }


def test_rule_selects_exactly_the_cases_citing_the_rule_or_its_subrules() -> None:
    expected = citing_614_16()
    assert expected, "the suite has cases about CR 614.16"
    chosen = select([found for found, _ in suite()], Selection(rules=("614.16",)))
    assert {c.case_id for c in chosen} == expected


def test_certify_rule_runs_exactly_those_cases(tmp_path: Path) -> None:
    out = tmp_path / "r"
    assert main(["certify", "--engine", "reference", "--rule", "614.16", "--out", str(out), "-q"]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert {case["id"] for case in report["cases"]} == citing_614_16()


def test_card_and_feature_narrow_each_other_and_k_still_works() -> None:
    cases = [found for found, _ in suite()]
    scales = select(cases, Selection(cards=("hardened scales",)))

    def uses(case: CaseFile) -> bool:
        return "Hardened Scales" in json.dumps([case.data.get("setup"), case.data.get("cards", [])])

    assert scales and all(uses(c) for c in scales)
    both = select(cases, Selection(cards=("Hardened Scales",), features=("proliferate",)))
    assert both and set(map(id, both)) < set(map(id, scales))
    assert all("proliferate" in c.data["features"] for c in both)
    assert select(cases, Selection(keyword="no such words anywhere")) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rule", "61x"], "not a rule number: '61x'"),
        (["--feature", "no-such-feature"], "unknown feature(s) 'no-such-feature'"),
        (["--card", "No Such Card Anywhere"], "matches --card 'No Such Card Anywhere'"),
    ],
)
def test_a_filter_that_cannot_select_exits_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", *args]) == 2
    assert message in capsys.readouterr().out
