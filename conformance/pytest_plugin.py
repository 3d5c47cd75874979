"""pytest plugin (entry point ``pytest11``): ``pytest suites/`` runs every case as one test.

Only JSON files inside a directory named ``suites`` are collected (never ``suites/cards/*.json`` nor
``suites/seeds.json``), so ``pytest tests/`` is unaffected. Each file is one item named by its case
id; collection is sorted by path, hence identical on every xdist worker (``pytest -n 2``). The engine
is ``--mtg-engine`` (default ``reference``); a failure shows the readable diff.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conformance.cases.loader import SUITE_FILES, CaseFile, Problem, is_card_file, read_json, suite_root_of
from conformance.cases.validate import Validation, validate
from conformance.engines import EngineUnavailable, get_engine
from conformance.interface import Engine, EngineInfo
from conformance.run.runner import run_case

_VALIDATIONS = pytest.StashKey[dict[Path, "_Suite"]]()
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


@dataclass
class _Suite:
    """One suite root validated once per worker, with its cases and problems by resolved path (an
    item looks its own up; scanning every case per item made a 800-case run quadratic)."""

    validation: Validation
    cases: dict[Path, CaseFile] = field(default_factory=dict)
    problems: dict[Path, list[Problem]] = field(default_factory=dict)


def _suite_for(config: pytest.Config, path: Path) -> _Suite:
    cache = config.stash.setdefault(_VALIDATIONS, {})
    root = suite_root_of(path).resolve()
    if root not in cache:
        validation = validate([root])
        suite = _Suite(validation, {c.path.resolve(): c for c in validation.cases})
        for problem in validation.problems:
            suite.problems.setdefault(Path(problem.file).resolve(), []).append(problem)
        cache[root] = suite
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

        suite = _suite_for(self.config, self.path)
        here = self.path.resolve()
        problems = suite.problems.get(here)
        if problems:
            raise CaseFailed("invalid case file:\n" + "\n".join(f"  {p}" for p in problems))
        case = suite.cases.get(here)
        validation = suite.validation
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
