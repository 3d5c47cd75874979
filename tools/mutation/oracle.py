"""The oracle, run on each mutant in a temporary copy of the checkout: the case suite (``mtgc run``;
the mutant survives when it exits 0), then, with ``cases+tests``, the unit and fuzz tests."""

from __future__ import annotations

import compileall
import os
import py_compile
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from cosmic_ray.mutating import mutate_and_test, mutate_code
from cosmic_ray.plugins import get_operator
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

from .forkserver import Worker
from .mutants import Mutant

#: What a copy holds: the engine, the harness and what they read (the cases, the spec, the tests).
COPIED = ("engine", "conformance", "spec", "suites", "tests", "pyproject.toml")
#: The tests of ``cases+tests``: the engine's unit tests and the fuzz invariants (CI's Hypothesis profile).
DEFAULT_TESTS = ("tests/test_engine_*.py", "tests/test_fuzz_counters.py", "tests/test_fuzz_mana.py",
                 "tests/test_fuzz_targeting.py")
KILLED_BY = "MTGC-MUTATION-KILLED-BY="


@dataclass(frozen=True)
class Oracle:
    cases: tuple[str, ...]  # case files or folders, relative to the checkout; () the whole suite
    tests: tuple[str, ...] | None  # test files (globs) relative to the checkout; None: cases only

    @property
    def name(self) -> str:
        return "cases" if self.tests is None else "cases+tests"


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    status: str  # killed | survived | error (the mutation could not be made)
    killed_by: str  # cases | tests | timeout | ""
    seconds: float
    cases_run: int | None = None  # how many cases the oracle ran (None: all of them)
    forked: bool = False  # judged in the load-once worker's forked child, not in a fresh process


def make_copy(root: Path, where: Path) -> Path:
    """A copy of the checkout's engine, harness, cases and tests, compiled with hash-checked .pyc files
    (a mutated module is recompiled whatever its timestamp; the oracle writes no .pyc)."""
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", "*.pyc")
    for name in COPIED:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, where / name, ignore=ignore)
        elif source.is_file():
            shutil.copy2(source, where / name)
    for package in ("engine", "conformance"):
        compileall.compile_dir(where / package, quiet=1,
                               invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    return where


def _inside(copy: Path, paths: tuple[str, ...]) -> list[str]:
    return [str(copy / p) if not Path(p).is_absolute() else p for p in paths]


#: The cases a mutant is judged by, one path a line, in the copy (one judge at a time uses a copy).
CASE_LIST = ".mutation-cases"


def command(copy: Path, oracle: Oracle, cases: tuple[str, ...] | None = None) -> str:
    """One shell command: the cases (the oracle's, or those of the copy's CASE_LIST when ``cases`` is
    given: none when empty), then the tests if asked; a line on stdout says which killed."""
    python = shlex.quote(sys.executable)
    where = shlex.quote(str(copy))
    if cases is None:
        run = f"{python} -P " + shlex.join(["-m", "conformance.cli", "run", *_inside(copy, oracle.cases)])
    else:  # the list may be long: sh -c takes one argument of at most 128 KiB, so xargs reads a file
        run = f"xargs -a {CASE_LIST} -d '\\n' {python} -P -m conformance.cli run"
    script = f"cd {where} && " + (
        "true" if cases == () else f"{{ {run} || {{ echo {KILLED_BY}cases; exit 1; }}; }}")
    if oracle.tests is not None:
        tests = [str(p) for pattern in oracle.tests for p in sorted(copy.glob(pattern))]
        pytest = shlex.join(["-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                             *tests])
        script += f" && {{ {python} -P {pytest} || {{ echo {KILLED_BY}tests; exit 1; }}; }}"
    staging = copy / ".mutation-staging"
    env = [f"PYTHONPATH={copy}", f"MTGC_REGRESSIONS_DIR={staging}", "MTGC_HYPOTHESIS_PROFILE=ci",
           f"MTGC_HYPOTHESIS_DB={copy / '.hypothesis'}"]
    return shlex.join(["env", *env, "sh", "-c", f"rm -rf {shlex.quote(str(staging))}; {script}"])


def select_cases(copy: Path, cases: tuple[str, ...] | None) -> None:
    """Write the copy's CASE_LIST (paths relative to the copy) for ``command``."""
    if cases:
        (copy / CASE_LIST).write_text("\n".join(cases) + "\n", encoding="utf-8")


def baseline(copy: Path, oracle: Oracle, cases: tuple[str, ...] | None = None) -> float:
    """Seconds the oracle takes on the unmutated copy (on ``cases`` when given, to check the path a
    selection takes); raises if it fails there (nothing to measure)."""
    started = time.monotonic()
    select_cases(copy, cases)
    done = subprocess.run(shlex.split(command(copy, oracle, cases)), capture_output=True, text=True,
                          check=False, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    if done.returncode != 0:
        raise RuntimeError(f"the oracle fails on the unmutated engine (exit {done.returncode}):\n"
                           f"{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return time.monotonic() - started


def judge(copy: Path, oracle: Oracle, mutant: Mutant, timeout: float,
          cases: tuple[str, ...] | None = None, worker: Worker | None = None) -> Outcome:
    """Apply the mutant to the copy, run the oracle (on ``cases`` only, when given: those that run
    the mutated line), restore the file (Cosmic Ray's mutate_and_test). With a ``worker``, a mutant
    of function bodies run only by ``cases`` is judged in the worker's forked child instead (the same
    ``mtgc run`` on the same cases, without a fresh start; the tests of ``cases+tests`` then run the
    fresh way on a mutant the cases let through); any other goes the fresh way."""
    started = time.monotonic()
    ran = None if cases is None else len(cases)
    if worker is not None and cases:
        source = (copy / mutant.file).read_text(encoding="utf-8")
        mutated = mutate_code(source, get_operator(f"core/{mutant.operator}")(), mutant.occurrence)
        if mutated is None:
            return Outcome(mutant, "error", "", round(time.monotonic() - started, 2), ran)
        verdict, _ = worker.judge(mutant.file, mutated, cases, timeout)
        if verdict in ("killed", "timeout"):
            by = "timeout" if verdict == "timeout" else "cases"
            return Outcome(mutant, "killed", by, round(time.monotonic() - started, 2), ran, forked=True)
        if verdict == "survived" and oracle.tests is None:
            return Outcome(mutant, "survived", "", round(time.monotonic() - started, 2), ran, forked=True)
        if verdict == "survived":  # the cases passed it: the tests, on the mutated file, the fresh way
            result = mutate_and_test([mutant.spec(copy)], command(copy, oracle, ()), timeout)
            return _outcome(mutant, result, round(time.monotonic() - started, 2), ran, forked=True)
    select_cases(copy, cases)
    result = mutate_and_test([mutant.spec(copy)], command(copy, oracle, cases), timeout)
    return _outcome(mutant, result, round(time.monotonic() - started, 2), ran)


def _outcome(mutant: Mutant, result: WorkResult, seconds: float, ran: int | None,
             forked: bool = False) -> Outcome:
    """Cosmic Ray's result of a run as the mutant's outcome (which part of the oracle killed it)."""
    if result.worker_outcome != WorkerOutcome.NORMAL:
        return Outcome(mutant, "error", "", seconds, ran, forked)
    if result.test_outcome == TestOutcome.SURVIVED:
        return Outcome(mutant, "survived", "", seconds, ran, forked)
    output = result.output or ""
    by = "timeout" if output == "timeout" else next(
        (line.removeprefix(KILLED_BY) for line in output.splitlines() if line.startswith(KILLED_BY)), "cases")
    return Outcome(mutant, "killed", by, seconds, ran, forked)
