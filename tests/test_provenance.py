"""Provenance: every ruling is an official one, verbatim, with its card and date; CR text is an origin,
not a ruling; a cited rule that seems off the case's topic is a warning."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from harness_helpers import DATA, example_case
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from conformance import paths
from conformance.cases.loader import Catalogue, cards_used, discover
from conformance.cases.provenance import (
    load_official,
    origin_problems,
    rule_topics,
    ruling_problems,
    stem,
    topic_warnings,
)
from conformance.cases.rules import load_rules, load_seeds
from conformance.cases.validate import validate
from conformance.cli import main

ROOT = Path(__file__).parent.parent
SHARED = ROOT.parent / "shared" / "rules"
VIVIEN_03 = (
    "If either target is an illegal target as Vivien’s second ability tries to resolve, "
    "the creature you control won’t deal damage."
)
SPLIT_DAMAGE = (  # Arc Lightning's ruling (MTGJSON 2022-04-25), quoted by no seed
    "If some of the creatures are illegal targets as Arc Lightning tries to resolve, the original division "
    "of damage still applies but no damage is dealt to the illegal targets. If all targets are illegal, "
    "Arc Lightning doesn’t resolve."
)


def suite_cases() -> list[tuple[str, dict[str, Any]]]:
    cases, _cards, _problems = discover([paths.suites_dir()])
    return [(str(path.relative_to(ROOT)), json.loads(path.read_text(encoding="utf-8"))) for path in cases]


def problems(case: dict[str, Any]) -> list[tuple[list[Any], str]]:
    return ruling_problems(case, load_official(), load_seeds(), load_rules())


def with_ruling(**ruling: Any) -> dict[str, Any]:
    case = example_case()
    case.pop("origin", None)
    case["ruling"] = ruling
    return case


# -- the suite ------------------------------------------------------------------------------------
def test_every_case_ruling_is_an_official_ruling_verbatim_with_its_card_and_date() -> None:
    wrong = [
        f"{name}: /{'/'.join(map(str, where))}: {message}"
        for name, case in suite_cases()
        for where, message in [*problems(case), *origin_problems(case, load_seeds(), load_rules())]
    ]
    assert wrong == []


def test_no_case_cites_taking_shortcuts_for_an_illegal_action() -> None:
    citing = [name for name, case in suite_cases() if {"732", "732.1"} & set(case.get("rules", []))]
    assert citing == []
    assert load_rules().get("733").startswith("733. Handling Illegal Actions")  # type: ignore[union-attr]


def test_no_ruling_holds_comprehensive_rules_text() -> None:
    rules = load_rules()
    bodies = [line.split(" ", 1)[1] for line in rules.text_of.values() if " " in line]
    quoting = [
        name
        for name, case in suite_cases()
        if isinstance(case.get("ruling"), dict)
        and len(case["ruling"]["text"]) > 30
        and any(case["ruling"]["text"] in body for body in bodies)
    ]
    assert quoting == []


def test_every_case_built_on_a_rules_seed_still_counts_for_seed_coverage() -> None:
    from conformance.run.runner import case_seeds

    covered = {seed for _, case in suite_cases() for seed in case_seeds(case)}
    assert covered == set(load_seeds())


# -- the rulings data -----------------------------------------------------------------------------
def test_official_rulings_match_their_schema_and_cover_every_card_the_suite_uses() -> None:
    data = json.loads(paths.official_rulings_path().read_text(encoding="utf-8"))
    schema = json.loads((paths.spec_dir() / "rulings.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    catalogue = {json.loads(p.read_text(encoding="utf-8"))["name"] for p in paths.cards_dir().glob("*.json")}
    named = {case["ruling"]["card"] for _, case in suite_cases() if "card" in case.get("ruling", {})}
    assert catalogue | named <= set(data["cards"])


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared rules data (../shared/rules) is not here")
def test_official_rulings_are_what_the_tool_builds_from_the_shared_rules_data() -> None:
    """Every ruling text the suite quotes is checked against this file, so it must be a faithful copy
    of the sources: rebuilding it from ../shared/rules gives the same rulings."""
    spec = importlib.util.spec_from_file_location(
        "build_official_rulings", ROOT / "tools" / "build_official_rulings.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    rebuilt = tool.build(SHARED, ROOT)
    stored = json.loads(paths.official_rulings_path().read_text(encoding="utf-8"))
    assert rebuilt["rulings"] == stored["rulings"]
    assert rebuilt["cards"] == stored["cards"]


# -- rulings --------------------------------------------------------------------------------------
def test_an_official_ruling_with_its_card_and_date_passes() -> None:
    assert problems(with_ruling(text=SPLIT_DAMAGE, date="2014-09-20", card="Arc Lightning")) == []


def test_a_ruling_edited_by_one_character_fails_saying_where() -> None:
    edited = SPLIT_DAMAGE.replace("original division", "original divison")
    ((where, message),) = problems(with_ruling(text=edited, date="2014-09-20", card="Arc Lightning"))
    assert where == ["ruling", "text"]
    at = next(i for i, (a, b) in enumerate(zip(edited, SPLIT_DAMAGE, strict=True)) if a != b)
    assert message.startswith(
        'is not an official ruling verbatim: the closest is the ruling of "Arc Lightning"'
    )
    assert f"they differ at character {at}" in message


def test_a_seed_ruling_edited_by_one_character_fails() -> None:
    edited = VIVIEN_03.replace("won’t", "won't")
    case = with_ruling(
        text=edited, date="2019-07-12", card="Vivien, Arkbow Ranger", seed="vivien-arkbow-ranger-03"
    )
    ((where, message),) = problems(case)
    assert where == ["ruling", "text"]
    assert 'is not the text of seed "vivien-arkbow-ranger-03" verbatim' in message


def test_a_text_that_is_no_ruling_at_all_is_reported() -> None:
    ((where, message),) = problems(with_ruling(text="Bears are green and friendly.", date="2020-01-01"))
    assert where == ["ruling", "text"]
    assert message.startswith("is not an official ruling: no ruling in spec/rulings/official.json")


def test_a_wrong_card_is_reported_with_the_right_card_named() -> None:
    ((where, message),) = problems(with_ruling(text=VIVIEN_03, date="2019-07-12", card="Grizzly Bears"))
    assert where == ["ruling", "card"]
    assert message == (
        'this ruling was not published for "Grizzly Bears": it was published for "Vivien, Arkbow Ranger"'
    )


def test_a_wrong_date_is_reported_with_the_right_date() -> None:
    ((where, message),) = problems(
        with_ruling(text=VIVIEN_03, date="2019-07-13", card="Vivien, Arkbow Ranger")
    )
    assert where == ["ruling", "date"]
    assert "is dated 2019-07-12, not 2019-07-13" in message


def test_a_ruling_without_its_card_is_told_which_card_published_it() -> None:
    ((where, message),) = problems(with_ruling(text=VIVIEN_03, date="2019-07-12"))
    assert where == ["ruling"]
    assert "names no card" in message and '"Vivien, Arkbow Ranger"' in message


def test_a_seed_quoted_with_other_quotation_marks_in_the_data_is_checked_for_its_card() -> None:
    """crime-and-proliferate-01 is in the data only with straight apostrophes (argentum): its card and
    date are still checked."""
    seed = load_seeds()["crime-and-proliferate-01"]
    ok = with_ruling(text=seed.text, date="2024-04-12", card="Forsaken Miner", seed=seed.id)
    assert problems(ok) == []
    wrong = copy.deepcopy(ok)
    wrong["ruling"]["card"] = "Patrolling Peacemaker"
    ((where, message),) = problems(wrong)
    assert where == ["ruling", "card"] and '"Forsaken Miner"' in message


def test_comprehensive_rules_text_in_ruling_text_is_reported() -> None:
    text = load_seeds()["common-02"].text  # CR 106.7
    ((where, message),) = problems(with_ruling(text=text, date="2026-06-19"))
    assert where == ["ruling", "text"]
    assert message.startswith("is Comprehensive Rules text (CR 106.7), not an official ruling")
    assert '"origin": {"kind": "rules", "rule": "106.7"}' in message


def test_a_rules_text_seed_in_ruling_is_reported() -> None:
    text = load_seeds()["common-02"].text
    ((where, message),) = problems(with_ruling(text=text, date="2026-06-19", seed="common-02"))
    assert where == ["ruling", "seed"]
    assert 'seed "common-02" is Comprehensive Rules text (CR 106.7), not a ruling' in message


# -- origin kind rules ----------------------------------------------------------------------------
def test_a_rules_origin_must_cite_its_rule_and_quote_the_seed_of_that_rule() -> None:
    case = example_case()
    assert case["origin"] == {"kind": "rules", "rule": "106.12", "seed": "common-03"}
    assert origin_problems(case, load_seeds(), load_rules()) == []
    case["rules"].remove("106.12")
    case["origin"]["seed"] = "common-02"
    found = dict((tuple(w), m) for w, m in origin_problems(case, load_seeds(), load_rules()))
    assert found[("origin", "rule")] == 'rule 106.12 is not among the rules the case cites ("rules")'
    assert found[("origin", "seed")] == 'seed "common-02" is the text of CR 106.7, not of CR 106.12'


def test_an_official_ruling_seed_is_not_a_rules_origin() -> None:
    case = example_case()
    case["origin"]["seed"] = "vivien-arkbow-ranger-03"
    ((where, message),) = origin_problems(case, load_seeds(), load_rules())
    assert where == ["origin", "seed"] and "is an official ruling, not rules text" in message


def test_validate_reports_ruling_problems_at_their_pointer(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    (suite / "t").mkdir(parents=True)
    (suite / "cards").symlink_to(DATA / "cards", target_is_directory=True)
    case = with_ruling(text=VIVIEN_03, date="2019-07-12", card="Grizzly Bears")
    (suite / "t" / "c.json").write_text(json.dumps(case, ensure_ascii=False), encoding="utf-8")
    (problem,) = validate([suite]).problems
    assert str(problem).endswith(
        '/ruling/card: this ruling was not published for "Grizzly Bears": '
        'it was published for "Vivien, Arkbow Ranger"'
    )


# -- topics ---------------------------------------------------------------------------------------
def test_stems_fold_plurals_and_verb_endings() -> None:
    assert {stem(w) for w in ("tap", "taps", "tapped", "tapping")} == {"tap"}
    assert stem("counters") == stem("counter") == stem("countered")
    assert stem("proliferate") == stem("proliferates") == stem("proliferated")


def test_words_every_rule_uses_say_nothing_of_a_topic() -> None:
    generic = rule_topics(load_rules()).generic
    assert {"player", "ability", "turn"} <= generic
    assert not {"counter", "proliferat", "mana", "target"} & generic


def test_topic_warning_fires_on_an_off_topic_citation_and_not_on_an_on_topic_one() -> None:
    case = example_case()  # tapping a Forest for mana
    case["rules"] = ["106.12", "732"]
    catalogue = Catalogue()
    ((where, message),) = topic_warnings(case, load_rules(), catalogue)
    assert where == ["rules", 1]
    assert message.startswith("CR 732 (Taking Shortcuts) does not mention the case's subject")


def test_topic_warning_sees_the_cards_types_and_keywords() -> None:
    """702.19 (Trample) is on topic for a case whose only mention of trample is a card's keyword."""
    rules = load_rules()
    case = example_case()
    case["title"] = "A Forest keeps what it is"
    case["notes"] = ""
    case["rules"] = ["702.19"]
    plain = Catalogue()
    trampler = Catalogue(cards={"Forest": {"name": "Forest", "types": ["Creature"], "keywords": ["Trample"]}})
    assert [w for w, _ in topic_warnings(case, rules, plain)] == [["rules", 0]]
    assert topic_warnings(case, rules, trampler) == []
    assert "Forest" in cards_used(case)


def test_validate_prints_topic_warnings_and_still_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = tmp_path / "suite"
    (suite / "t").mkdir(parents=True)
    (suite / "cards").symlink_to(DATA / "cards", target_is_directory=True)
    case = example_case()
    case["rules"] = ["106.12", "605.1a", "732"]
    (suite / "t" / "c.json").write_text(json.dumps(case, ensure_ascii=False), encoding="utf-8")
    result = validate([suite])
    assert result.ok and len(result.warnings) == 1
    index = 2
    assert f"c.json: /rules/{index}: warning: CR 732 (Taking Shortcuts) does not mention" in str(
        result.warnings[0]
    )
    assert main(["validate", str(suite)]) == 0
    out = capsys.readouterr().out
    assert f"/rules/{index}: warning: CR 732 (Taking Shortcuts)" in out
    assert "1 warning(s) in 1 file(s)" in out and "all valid" in out
