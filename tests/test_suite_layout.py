"""The suite's layout (suites/README.md): folders by Comprehensive Rules section, no batch numbers,
old ids resolved through suites/aliases.json, fuzz finds in staging/."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from harness_helpers import DATA, EXAMPLE

from conformance import paths
from conformance.cases import aliases
from conformance.cases.loader import discover, load_cases, topic_of
from conformance.cases.validate import validate
from conformance.cli import main
from conformance.fuzz.regressions import ENV_DIR, regressions_dir
from conformance.pytest_plugin import is_suite_case
from conformance.report.baseline import apply_baseline, load_baseline
from conformance.report.diff import diff_reports

ROOT = Path(__file__).resolve().parent.parent
SUITES = ROOT / "suites"
NOT_TAXONOMY = {paths.CARDS_DIR}  # the catalogue: not filed by rule

# A batch number: a token of one or two digits (``mana-3``, ``tap-symbols-2-foo``). Game values are
# words or carry a letter (``two-tokens``, ``x3``, ``minus5``), and a fuzz id's digest is ten characters.
BATCH = re.compile(r"(?:^|-)\d{1,2}(?=-|$)")
# A top-level folder: a CR section or rule, then its subject ("106-mana", "701.34-proliferate").
SECTION = re.compile(r"^(?P<cr>\d{3}(?:\.\d+)?)-(?P<subject>[a-z]+(?:-[a-z]+)*)$")
SUBJECT = re.compile(r"^[a-z]+(?:-[a-z]+)*$")


def carries_batch(name: str) -> bool:
    """``name`` (a case id, or a folder name without its CR number) carries a batch number."""
    return BATCH.search(name) is not None


def live_ids() -> dict[str, Path]:
    cases, _cards, problems = discover([SUITES])
    assert not problems
    loaded, problems = load_cases(cases)
    assert not problems
    return {case.case_id: case.path for case in loaded}


def case_folders() -> list[Path]:
    """Every folder of suites/ but the catalogue, at any depth."""
    folders = (d for d in SUITES.rglob("*") if d.is_dir())
    return sorted(d for d in folders if d.relative_to(SUITES).parts[0] not in NOT_TAXONOMY)


@cache
def refolder() -> ModuleType:
    """tools/refolder.py, the taxonomy and the tool that files the suite by it."""
    spec = importlib.util.spec_from_file_location("refolder", ROOT / "tools" / "refolder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


# -- batch numbers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["mana-3", "mana-9-exotic-orchard-offers-green", "tap-symbols-2-foo", "targets-illegal-4-shunt",
     "mana-and-targets-2-seeds-of-strength", "counter-replacements-8", "foo-12-bar"],
)
def test_the_batch_pattern_catches_batch_numbers(name: str) -> None:
    assert carries_batch(name)


@pytest.mark.parametrize(
    "name",
    ["exotic-orchard-offers-green", "walking-ballista-x3-costs-six-mana", "vivien-arkbow-ranger-minus5",
     "two-parallel-lives-create-four-times-as-many-tokens",
     "michelangelo-mutagen-ballista-x0-gets-no-counter",
     "diff-targeting-engines-agree-3995aad690", "fuzz-counters-invariant-0123456789", "could-produce"],
)
def test_the_batch_pattern_spares_game_values_and_digests(name: str) -> None:
    assert not carries_batch(name)


def test_no_case_id_carries_a_batch_number() -> None:
    assert [case_id for case_id in live_ids() if carries_batch(case_id)] == []


def test_no_folder_carries_a_batch_number_and_every_folder_is_named_by_the_cr() -> None:
    wrong = []
    for folder in case_folders():
        parts = folder.relative_to(SUITES).parts
        top = SECTION.match(parts[0])
        if parts[0] == paths.STAGING_DIR and len(parts) == 1:
            continue
        bad_subject = len(parts) == 2 and (not SUBJECT.match(parts[1]) or carries_batch(parts[1]))
        if top is None or carries_batch(top["subject"]) or bad_subject:
            wrong.append(str(folder.relative_to(SUITES)))
        elif len(parts) > 2:
            wrong.append(f"{folder.relative_to(SUITES)} (two levels at most)")
    assert wrong == []


def test_every_folder_with_cases_is_in_the_readme_table() -> None:
    readme = (SUITES / "README.md").read_text(encoding="utf-8").split("## The folders", 1)[1]
    listed = set(re.findall(r"^\| `([^`]+)/` \|", readme, flags=re.MULTILINE))
    folders = {path.parent.relative_to(SUITES).as_posix() for path in live_ids().values()}
    assert folders <= listed, sorted(folders - listed)
    assert {f.path for f in refolder().FOLDERS} == listed  # the table is tools/refolder.py's taxonomy


def test_each_case_file_is_named_by_its_id() -> None:
    assert [str(p.relative_to(SUITES)) for case_id, p in live_ids().items() if p.stem != case_id] == []


def test_the_suite_is_filed_as_tools_refolder_files_it() -> None:
    """A new case goes where the taxonomy puts it (or the script gets an override saying why)."""
    moves, renamed = refolder().plan()
    assert renamed == {}
    assert [(str(m.case.path.relative_to(SUITES)), str(m.target.relative_to(SUITES)))
            for m in moves if m.case.path != m.target] == []


# -- aliases -----------------------------------------------------------------------------------------


def test_every_old_id_resolves_to_a_live_case_in_one_step() -> None:
    table = json.loads(paths.aliases_path().read_text(encoding="utf-8"))
    live = live_ids()
    assert len(table) >= 480
    assert [old for old in table if old in live] == []
    assert [new for new in table.values() if new not in live] == []
    assert [new for new in table.values() if new in table] == []  # no chains
    assert all(carries_batch(old) for old in table)
    assert all(aliases.resolve(old) == new for old, new in table.items())
    current = "exotic-orchard-offers-green-alices-reflection-ignores-bobs-forest-adds-colorless"
    assert aliases.resolve(current) == current
    assert aliases.check(paths.aliases_path(), set(live)) == []


def test_aliases_json_is_sorted_and_written_the_project_way() -> None:
    text = paths.aliases_path().read_text(encoding="utf-8")
    table = json.loads(text)
    assert list(table) == sorted(table)
    assert text == json.dumps(table, indent=2, ensure_ascii=False) + "\n"


def test_a_baseline_written_with_old_ids_loads_with_the_new_ones(tmp_path: Path) -> None:
    old, new = next(iter(json.loads(paths.aliases_path().read_text(encoding="utf-8")).items()))
    current = next(case_id for case_id in live_ids() if case_id not in (old, new))
    path = tmp_path / "known-failures.json"
    entries = {old: {"outcome": "fail", "cause": "the engine does X where the ruling says Y"},
               current: {"outcome": "crash"}}
    path.write_text(json.dumps({"baseline_version": 1, "known_failures": entries}), encoding="utf-8")
    baseline = load_baseline(path)
    assert set(baseline["known_failures"]) == {new, current}
    assert baseline["known_failures"][new]["cause"].startswith("the engine does X")
    report: dict[str, Any] = {"cases": [{"id": new, "outcome": "fail"}, {"id": current, "outcome": "crash"}]}
    verdict = apply_baseline(report, baseline)
    assert verdict["ok"] and verdict["known_failures"] == [new, current] and verdict["baseline_missing"] == []


def test_a_baseline_listing_both_ids_keeps_the_entry_under_the_new_one(tmp_path: Path) -> None:
    old, new = next(iter(json.loads(paths.aliases_path().read_text(encoding="utf-8")).items()))
    path = tmp_path / "known-failures.json"
    entries = {old: {"outcome": "fail", "cause": "old"}, new: {"outcome": "fail", "cause": "new"}}
    path.write_text(json.dumps({"known_failures": entries}), encoding="utf-8")
    assert load_baseline(path)["known_failures"] == {new: {"outcome": "fail", "cause": "new"}}


def _report(cases: list[tuple[str, str, str]]) -> dict[str, Any]:
    return {
        "engine": {"name": "e", "version": "1"},
        "suite": {"hash": "sha256:x"},
        "started": "2026-01-01T00:00:00Z",
        "totals": {"pass_rate": 0.5},
        "cases": [{"id": i, "topic": t, "outcome": o} for i, t, o in cases],
    }


def test_diff_matches_an_old_report_through_the_aliases() -> None:
    old, new = next(iter(json.loads(paths.aliases_path().read_text(encoding="utf-8")).items()))
    before = _report([(old, "mana-9", "fail")])
    after = _report([(new, "106-mana/could-produce", "pass")])
    diff = diff_reports(before, after)
    assert diff["new"] == [] and diff["removed"] == []
    assert diff["fixed"] == [{"id": new, "topic": "106-mana/could-produce", "old": "fail", "new": "pass"}]


BAD_ALIASES = [
    ("[1, 2]", "", "must be one object"),
    ('{"old-id": 3}', "/old-id", "must be a case id"),
    ('{"old-id": "no-such-case"}', "/old-id", "is not the id of any case"),
    ('{"example-forest-taps-for-green": "example-fuzz-origin"}', "/example-forest-taps-for-green",
     "is the id of a case"),
    ('{"a-b": "c-d", "c-d": "example-forest-taps-for-green"}', "/a-b", "alias chain"),
]


@pytest.mark.parametrize(("text", "pointer", "message"), BAD_ALIASES)
def test_a_bad_aliases_file_is_a_problem_with_its_pointer(
    tmp_path: Path, text: str, pointer: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = small_suite(tmp_path)
    (suite / "aliases.json").write_text(text, encoding="utf-8")
    result = validate([suite])
    found = [p for p in result.problems if p.file.endswith("aliases.json")]
    assert [(p.pointer, message in p.message) for p in found] == [(pointer, True)], found
    assert main(["validate", str(suite)]) == 2
    assert f"aliases.json: {pointer or '/'}: " in capsys.readouterr().out


def test_an_aliases_file_that_is_not_json_is_a_problem_with_line_and_column(tmp_path: Path) -> None:
    suite = small_suite(tmp_path)
    (suite / "aliases.json").write_text('{"a-b": }', encoding="utf-8")
    (problem,) = [p for p in validate([suite]).problems if p.file.endswith("aliases.json")]
    assert problem.line == 1 and "not valid JSON" in problem.message
    assert aliases.resolve("a-b", aliases.load(suite / "aliases.json")) == "a-b"  # never raises


def test_a_part_of_a_suite_is_validated_without_its_aliases(tmp_path: Path) -> None:
    suite = small_suite(tmp_path)
    (suite / "aliases.json").write_text('{"old-id": "no-such-case"}', encoding="utf-8")
    assert validate([suite / "mana" / "could-produce"]).ok  # the aliases need the whole suite's ids


# -- the loader ----------------------------------------------------------------------------------------


def small_suite(tmp_path: Path) -> Path:
    """A suite with a catalogue, a case two levels down, one in staging/, seeds, aliases and READMEs."""
    suite = tmp_path / "suites"
    shutil.copytree(DATA / "cards", suite / "cards")
    (suite / "mana" / "could-produce").mkdir(parents=True)
    shutil.copy(EXAMPLE, suite / "mana" / "could-produce" / EXAMPLE.name)
    (suite / "staging").mkdir()
    shutil.copy(DATA / "examples" / "example-fuzz-origin.json", suite / "staging")
    (suite / "staging" / "README.md").write_text("fuzz finds\n", encoding="utf-8")
    (suite / "README.md").write_text("the suite\n", encoding="utf-8")
    (suite / "aliases.json").write_text('{"old-example": "example-forest-taps-for-green"}', encoding="utf-8")
    shutil.copy(SUITES / "seeds.json", suite / "seeds.json")
    return suite


def test_cases_are_found_at_any_depth_and_their_topic_is_their_folder_path(tmp_path: Path) -> None:
    suite = small_suite(tmp_path)
    cases, cards, problems = discover([suite])
    assert problems == [] and len(cards) == 2
    assert [c.relative_to(suite).as_posix() for c in cases] == [
        "mana/could-produce/example-forest-taps-for-green.json", "staging/example-fuzz-origin.json"]
    assert [topic_of(c) for c in cases] == ["mana/could-produce", "staging"]
    result = validate([suite])
    assert result.ok and result.case_count == 2, result.problems
    assert sorted(c.topic for c in result.cases) == ["mana/could-produce", "staging"]


def test_the_suite_topics_are_folder_paths() -> None:
    topics = {case.topic for case in validate(None).cases}
    assert {"106-mana/could-produce", "702.21-ward", "701.34-proliferate"} <= topics
    assert not any(carries_batch(topic.split("-", 1)[1]) for topic in topics)


def test_aliases_json_is_no_suite_case_for_pytest() -> None:
    assert not is_suite_case(SUITES / "aliases.json")
    assert not is_suite_case(SUITES / "seeds.json")
    assert is_suite_case(next((SUITES / "702.21-ward").glob("*.json")))


def test_fuzz_finds_land_in_staging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_DIR, raising=False)
    assert regressions_dir() == paths.staging_dir() == SUITES / "staging"
    assert (SUITES / "staging" / "README.md").exists()
