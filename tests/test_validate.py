"""mtgc validate: plain-words problems with file and JSON pointer, every problem reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from harness_helpers import BROKEN, DATA, EXAMPLE, EXAMPLES

from conformance.cases.loader import Problem
from conformance.cases.validate import validate

ROOT = Path(__file__).parent.parent

# broken file -> (JSON pointer, words the message must contain); each file has exactly this problem.
EXPECTED = {
    "wrong-type.json": ("/setup/players/1/life", 'expected an integer, found a string ("twenty")'),
    "unknown-property.json": ("/script/1/target", 'unknown field "target"; allowed here: ability, action'),
    "unknown-alias.json": ("/script/1/source", 'unknown alias "forrest": no object in the setup has it'),
    "unknown-offered-alias.json": ("/decisions/1/not_offered/0", 'unknown alias "forrest"'),
    "unknown-card.json": ("/setup/players/0/hand/0/card", 'unknown card "Grizzly Bears"'),
    "nonexistent-rule.json": ("/rules/3", "rule 701.99z does not exist in the Comprehensive Rules"),
    "seed-text-not-verbatim.json": ("/ruling/text", 'is not the text of seed "vivien-arkbow-ranger-03"'),
    "unknown-seed.json": ("/ruling/seed", 'unknown seed ruling "common-99"'),
    "rejected-step-out-of-range.json": ("/expect/rejected/0/step", "step 5 does not exist"),
    "unknown-snapshot-label.json": ("/expect/snapshots/after", 'no script step observes "after"'),
    "no-provenance.json": ("", 'has neither "ruling" nor "origin"'),
    "unknown-action.json": ("/script/1/action", '"tap" is not one of the allowed values'),
    "missing-required.json": ("", 'missing the required field "expect"'),
}


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Problems name files relative to the working directory."""
    monkeypatch.chdir(Path(__file__).parent.parent)


def problems_of(*paths: Path) -> list[Problem]:
    return validate(list(paths)).problems


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_broken_case_reports_its_one_error_at_its_pointer(name: str) -> None:
    pointer, words = EXPECTED[name]
    problems = problems_of(BROKEN / name)
    assert len(problems) == 1, [str(p) for p in problems]
    assert problems[0].pointer == pointer
    assert words in problems[0].message
    assert str(problems[0]).startswith(f"tests/data/harness/broken/{name}: {pointer or '/'}: ")


def test_not_json_reports_file_line_column() -> None:
    (problem,) = problems_of(BROKEN / "not-json.json")
    assert (problem.line, problem.column) == (4, 1)
    assert str(problem).startswith("tests/data/harness/broken/not-json.json:4:1: not valid JSON")


def test_duplicate_id_is_reported_on_both_files() -> None:
    problems = problems_of(BROKEN / "duplicate-id.json", EXAMPLE)
    assert sorted((Path(p.file).name, p.pointer) for p in problems) == [
        ("duplicate-id.json", "/id"),
        ("example-forest-taps-for-green.json", "/id"),
    ]
    assert all('duplicate case id "example-forest-taps-for-green"' in p.message for p in problems)


def test_duplicate_alias_names_where_it_was_first_used() -> None:
    problems = problems_of(BROKEN / "duplicate-alias.json")
    messages = {p.pointer: p.message for p in problems}
    assert "already used at /setup/players/0/battlefield/0/alias" in messages["/setup/players/1/alias"]


def test_valid_examples_have_no_problems_and_are_loaded() -> None:
    result = validate([EXAMPLES])
    assert result.ok, [str(p) for p in result.problems]
    assert sorted(c.case_id for c in result.cases) == ["example-forest-taps-for-green", "example-fuzz-origin"]
    assert sorted(result.catalogue_for(result.cases[0]).cards) == ["Forest", "Hardened Scales"]


def test_every_problem_in_a_file_is_reported_not_just_the_first(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(DATA / "cards", suite / "cards")
    case = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    case["setup"]["players"][1]["life"] = "twenty"
    case["script"][1]["source"] = "nowhere"
    case["rules"].append("999.9")
    case["level"] = "casualish"
    (suite / "topic").mkdir()
    (suite / "topic" / "many.json").write_text(json.dumps(case), encoding="utf-8")
    pointers = sorted(p.pointer or "" for p in validate([suite]).problems)
    last = f"/rules/{len(case['rules']) - 1}"  # the 999.9 appended
    assert pointers == ["/level", last, "/script/1/source", "/setup/players/1/life"]


def test_unreadable_and_non_utf8_files_are_problems_not_tracebacks(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"title": "caf\xe9"}')
    missing = tmp_path / "missing.json"
    problems = problems_of(bad, missing)
    text = "\n".join(str(p) for p in problems)
    assert "not UTF-8" in text
    assert "no such file or directory" in text


CARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://mtg-conformance.dev/spec/v1/card.schema.json",
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "type"],
    "properties": {"name": {"type": "string"}, "type": {"type": "string"}},
}


def small_suite(tmp_path: Path) -> tuple[Path, Path]:
    """A spec dir with the real case schema and a tiny card schema, and a suite with two cards."""
    spec = tmp_path / "spec"
    spec.mkdir()
    shutil.copy(ROOT / "spec" / "case.schema.json", spec / "case.schema.json")
    (spec / "card.schema.json").write_text(json.dumps(CARD_SCHEMA), encoding="utf-8")
    suite = tmp_path / "suite"
    (suite / "cards").mkdir(parents=True)
    for name in ("Forest", "Hardened Scales"):
        card = {"name": name, "type": "Land"}
        (suite / "cards" / f"{name}.json").write_text(json.dumps(card), encoding="utf-8")
    return spec, suite


def test_card_files_are_checked_against_the_card_schema(tmp_path: Path) -> None:
    spec, suite = small_suite(tmp_path)
    (suite / "cards" / "broken.json").write_text('{"name": "Nameless", "colour": "green"}', encoding="utf-8")
    problems = validate([suite], spec_dir=spec).problems
    assert problems, "a card with an unknown field and missing fields must be invalid"
    assert all(Path(p.file).name == "broken.json" for p in problems)
    assert any('unknown field "colour"' in p.message for p in problems)


def test_inline_cards_are_validated_through_the_registry(tmp_path: Path) -> None:
    spec, suite = small_suite(tmp_path)
    case = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    case["cards"] = [{"name": "Homemade"}]
    case["setup"]["players"][0]["hand"][0]["card"] = "Homemade"
    (suite / "t").mkdir()
    (suite / "t" / "inline.json").write_text(json.dumps(case), encoding="utf-8")
    problems = validate([suite], spec_dir=spec).problems
    assert [(p.pointer, p.message) for p in problems] == [("/cards/0", 'missing the required field "type"')]
    case["cards"] = [{"name": "Homemade", "type": "Creature"}]
    (suite / "t" / "inline.json").write_text(json.dumps(case), encoding="utf-8")
    problems = validate([suite], spec_dir=spec).problems
    assert problems == []


def test_a_find_query_needs_no_alias_but_its_players_must_exist(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(DATA / "cards", suite / "cards")
    case = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    case["expect"]["stack"] = [{"source": {"find": {"name": "Forest", "controller": "carol"}}}]
    case["expect"]["find"] = [{"query": {"name": "Servo", "token": True}, "count": 0}]
    (suite / "t").mkdir()
    (suite / "t" / "find.json").write_text(json.dumps(case), encoding="utf-8")
    problems = validate([suite]).problems
    assert [(p.pointer, "carol" in p.message) for p in problems] == [
        ("/expect/stack/0/source/find/controller", True)
    ]


def test_a_bad_decision_answer_reports_the_branch_it_was_meant_to_be(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(DATA / "cards", suite / "cards")
    case = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    case["decisions"] = [{"kind": "targets", "answer": ["Forest"]}, {"kind": "mana_color", "answer": "G"}]
    (suite / "t").mkdir()
    (suite / "t" / "answer.json").write_text(json.dumps(case), encoding="utf-8")
    problems = validate([suite]).problems
    assert {p.pointer for p in problems} == {"/decisions/0/answer/0"}
    alias_words = '"Forest" is not an alias (lowercase letters, digits and _, starting with a letter)'
    assert alias_words in [p.message for p in problems]


def test_symbolic_link_loops_are_reported_and_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from conformance.cli import main

    topic = tmp_path / "suites" / "topic"
    topic.mkdir(parents=True)
    (topic / "a.json").symlink_to(topic / "b.json")
    (topic / "b.json").symlink_to(topic / "a.json")
    (topic / "up").symlink_to(tmp_path / "suites", target_is_directory=True)  # walking it would never end
    result = validate([tmp_path / "suites"])
    assert sorted((Path(p.file).name, p.message) for p in result.problems) == [
        ("a.json", "a symbolic link that leads nowhere (or in a loop)"),
        ("b.json", "a symbolic link that leads nowhere (or in a loop)"),
    ]
    assert [(Path(w.file).name, w.message) for w in result.warnings] == [
        ("up", "a symbolic link to a folder already read (a loop, or a second way in): not followed")
    ]
    assert main(["validate", str(tmp_path / "suites")]) == 2
    assert main(["run", str(tmp_path / "suites")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def _mutants(document: dict[str, object]) -> list[object]:
    """Broken variants of a valid document: each top-level field dropped, set to a wrong type, and an
    unknown field added."""
    out: list[object] = [{**document, "no_such_field": 1}, [], "case"]
    for key in document:
        out.append({k: v for k, v in document.items() if k != key})
        out.append({**document, key: 12345})
    return out


def test_the_quick_check_and_jsonschema_agree_on_valid_and_broken_files() -> None:
    """jsonschema-rs answers "is it valid?" and jsonschema words the problems: they must never disagree,
    or a broken file would pass (or a valid one be reported with no words)."""
    from conformance.cases.validate import load_schemas

    schemas = load_schemas()
    assert schemas.case_is_valid is not None and schemas.card_is_valid is not None
    cards = sorted((ROOT / "suites" / "cards").glob("*.json"))[::40]
    cases = sorted(p for p in (ROOT / "suites").rglob("*.json") if "cards" not in p.parts
                   and p.parent.name != "suites")[::100]
    checked = 0
    for paths, validator, quick in ((cards, schemas.card, schemas.card_is_valid),
                                    (cases, schemas.case, schemas.case_is_valid)):
        for path in paths:
            document = json.loads(path.read_text(encoding="utf-8"))
            for data in [document, *_mutants(document)]:
                words = list(validator.iter_errors(data))
                shown = sorted(data) if isinstance(data, dict) else data
                assert quick(data) == (not words), (path, shown)
                checked += 1
    assert checked > 150
