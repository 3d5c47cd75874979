"""The benchmarks' own machinery (a run takes minutes, so it is not run here): the generated suite of
benchmarks/scale.py, and the Markdown table the README's Performance section is."""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stdout
from pathlib import Path

from benchmarks import scale
from benchmarks.run import print_markdown
from conformance.cases.selection import select
from conformance.cases.validate import validate
from conformance.engines.inprocess import ModuleEngine
from conformance.run.runner import run_cases
from tests.test_readme import MEASURED

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [  # cases whose aliases are referred to from the script, decisions and expectations
    "101-golden-rules/cant-have-counters-bobs-melira-shields-his-bears-from-splendid-agony-carols-constrictor-adds-one.json",
    "702.21-ward/ward-cryptic-command-bouncing-honor-guard-countered-its-counter-mode-too.json",
    "601-casting/cyclonic-rift-overload-cost-is-paid-instead-of-its-mana-cost.json",
]


def small_suite(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    shutil.copytree(ROOT / "suites" / "cards", source / "cards")
    for name in SOURCES:
        if (ROOT / "suites" / name).is_file():
            (source / Path(name).parent).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / "suites" / name, source / name)
    return source


def test_the_generated_suite_is_the_cases_again_under_new_aliases_and_ids_and_passes(tmp_path: Path) -> None:
    source = small_suite(tmp_path)
    count = 3 * len(list(source.glob("*/*.json")))
    files = scale.generate(source, tmp_path / "generated", count)
    assert len(files) == count and len({f.name for f in files}) == count
    validation = validate([tmp_path / "generated"])
    assert not validation.problems, validation.problems[:3]
    cases = select(validation.cases)
    assert len(cases) == count
    copies = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    renamed = [c for c in copies if c["id"].endswith("-v2")]
    assert renamed and all(
        scale.aliases(c) and all(a.endswith("v2") for a in scale.aliases(c)) for c in renamed
    )
    run = run_cases(ModuleEngine("engine"), cases, validation.catalogue_for)
    assert {v.outcome for v in run.verdicts} == {"pass"}


def test_a_renamed_copy_keeps_its_text_and_renames_every_reference() -> None:
    case = {
        "id": "x",
        "title": "bear",
        "setup": {
            "players": [{"alias": "alice", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}]
        },
        "script": [{"action": "cast", "player": "alice", "targets": ["bear"]}],
        "expect": {"objects": {"bear": {"zone": "graveyard"}}},
    }
    copy = scale.variant(case, 4)
    assert copy["id"] == "x-v4" and copy["title"] == "bear"
    assert copy["script"] == [{"action": "cast", "player": "alicev4", "targets": ["bearv4"]}]
    assert copy["expect"] == {"objects": {"bearv4": {"zone": "graveyard"}}}
    assert scale.variant(case, 0) is case
    assert scale.variant(case, 4, rename=False)["script"] == case["script"]


def test_the_markdown_table_opens_with_the_sentence_the_readme_test_reads() -> None:
    out = {
        "date": "2026-12-01",
        "cpus": 2,
        "load_before": [5.5, 6.0, 6.1],
        "load_after": [6.2, 6.0, 6.1],
        "cases": 1234,
        "passes": 1,
        "outcomes": {"pass": 1234},
        "protocol_outcomes": {"pass": 1234},
        "inprocess_s_per_case": 0.001,
        "inprocess_cpu_s_per_case": 0.0009,
        "protocol_s_per_case": 0.0012,
        "protocol_cpu_s_per_case": 0.0015,
        "protocol_1_s_per_case": 0.0013,
        "protocol_1_cpu_s_per_case": 0.0016,
        "protocol_versions": {2: 2, 1: 1},
        "adapter_start_s": 0.5,
        "validate_s": 0.4,
    }
    printed = io.StringIO()
    with redirect_stdout(printed):
        print_markdown(out)
    found = MEASURED.findall(printed.getvalue())
    assert found == [("2026-12-01", "1,234")]
    assert (
        "| suite via protocol 2 (reference adapter) | 1.200 ms/case = 1.20x in process" in printed.getvalue()
    )
