"""pytest plugin (entry point ``pytest11``): ``pytest suites/`` runs every case as one test.

Only JSON files inside a directory named ``suites`` are collected (never ``suites/cards/*.json`` nor
``suites/seeds.json``), so ``pytest tests/`` is unaffected. Each file is one item named by its case
id; collection is sorted by path, hence identical on every xdist worker (``pytest -n 2``). The engine
is ``--mtg-engine`` (default ``reference``); a failure shows the readable diff.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance.cases.loader import SUITE_FILES, is_card_file, read_json, suite_root_of
from conformance.cases.validate import Validation, validate
from conformance.engines import EngineUnavailable, get_engine
from conformance.interface import Engine, EngineInfo
from conformance.run.runner import run_case

_VALIDATIONS = pytest.StashKey[dict[Path, Validation]]()
_ENGINE = pytest.StashKey[tuple[Engine, EngineInfo] | str]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance")
    group.addoption(
        "--mtg-engine",
        default="reference",
        help="engine to run suite cases on: a registered name (default: reference) or an adapter command",
    )


def is_suite_case(path: Path, rootdir: Path | None = None) -> bool:
    """A ``*.json`` case under a ``suites`` directory (counted from ``rootdir`` when inside it)."""
    if path.suffix != ".json" or is_card_file(path) or path.name in SUITE_FILES:
        return False
    parts = path.parts
    if rootdir is not None:
        with contextlib.suppress(ValueError):
            parts = path.resolve().relative_to(rootdir.resolve()).parts
    return "suites" in parts[:-1]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if is_suite_case(file_path, parent.config.rootpath):
        return CaseJsonFile.from_parent(parent, path=file_path)
    return None


def pytest_unconfigure(config: pytest.Config) -> None:
    held = config.stash.get(_ENGINE, None)
    if isinstance(held, tuple):
        with contextlib.suppress(Exception):
            held[0].close()


class CaseFailed(Exception):
    """A case did not pass; the message is the readable report."""


def _validation_for(config: pytest.Config, path: Path) -> Validation:
    cache = config.stash.setdefault(_VALIDATIONS, {})
    root = suite_root_of(path).resolve()
    if root not in cache:
        cache[root] = validate([root])
    return cache[root]


def _engine(config: pytest.Config) -> tuple[Engine, EngineInfo]:
    held = config.stash.get(_ENGINE, None)
    if held is None:
        spec = str(config.getoption("--mtg-engine"))
        try:
            engine = get_engine(spec)
            held = (engine, engine.info())
        except EngineUnavailable as exc:
            held = f"engine {spec!r} is not available: {exc}"
        except Exception as exc:
            held = f"engine {spec!r} failed to start: {type(exc).__name__}: {exc}"
        config.stash[_ENGINE] = held
    if isinstance(held, str):
        raise CaseFailed(held)
    return held


class CaseJsonFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        data, _ = read_json(self.path)
        case_id = data.get("id") if isinstance(data, dict) else None
        name = case_id if isinstance(case_id, str) and case_id else self.path.stem
        yield CaseItem.from_parent(self, name=name)


class CaseItem(pytest.Item):
    def runtest(self) -> None:
        from conformance.run.compare import render

        validation = _validation_for(self.config, self.path)
        here = self.path.resolve()
        problems = [p for p in validation.problems if Path(p.file).resolve() == here]
        if problems:
            raise CaseFailed("invalid case file:\n" + "\n".join(f"  {p}" for p in problems))
        case = next((c for c in validation.cases if c.path.resolve() == here), None)
        if case is None:
            raise CaseFailed("the case was not loaded (see `mtgc validate`)")
        engine, info = _engine(self.config)
        verdict = run_case(engine, info, case, validation.catalogue_for(case))
        if verdict.outcome in ("skipped", "not_applicable"):
            pytest.skip(f"{verdict.outcome.replace('_', ' ')}: {verdict.message}")
        if verdict.outcome != "pass":
            title = str(case.data.get("title", ""))
            body = render(list(verdict.differences)) if verdict.differences else verdict.message
            raise CaseFailed(f"{verdict.outcome.upper()} on {info.name} {info.version}: {title}\n{body}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: object = None) -> str:
        if isinstance(excinfo.value, CaseFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"case {self.name}"
