"""Which cases can kill a mutant: those that run its line (mutmut's "which tests cover this line").

A case runs the reference engine deterministically, so a mutant on a line that a case never executes
leaves that case's run unchanged: only the cases covering the mutated statement need running. The map
is measured once per run, on the unmutated copy, with coverage.py: each case in its own dynamic context
(``switch_context``), run as ``mtgc run`` runs it. Two kinds of line count as covered by every case:
those run outside any case (imports, module and class bodies, validation), and those of functions whose
result is cached across cases (``cached_property``, ``lru_cache``, ``cache``), whose mutated value one
case can compute and another read.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .mutants import Mutant

#: Run in the copy (PYTHONPATH=copy): the cases of argv[2:] (default: the suite), validated and run one
#: by one on the in-process reference engine as ``mtgc run`` does, each under its own context.
_TRACE = r"""
import json, sys
from pathlib import Path
import coverage
copy, out, targets = Path(sys.argv[1]), Path(sys.argv[2]), [Path(p) for p in sys.argv[3:]]
cov = coverage.Coverage(data_file=None, source=[str(copy / "engine")], branch=False)
cov.start()
from conformance.cases.validate import validate
from conformance.engines import get_engine
from conformance.run.runner import RunOptions, run_case
validation = validate(targets or None)
engine = get_engine("reference", 10.0)
info = engine.info()
names = []
for case in validation.cases:
    names.append(str(case.path))
    cov.switch_context(str(len(names) - 1))
    run_case(engine, info, case, validation.catalogue_for(case), RunOptions())
cov.switch_context("")
cov.stop()
data = cov.get_data()
lines = {}
for file in data.measured_files():
    rel = Path(file).resolve().relative_to(copy.resolve()).as_posix()
    lines[rel] = {str(n): sorted({-1 if c == "" else int(c) for c in ctx})
                  for n, ctx in data.contexts_by_lineno(file).items()}
out.write_text(json.dumps({"cases": names, "lines": lines}))
"""

_CACHING = {"cached_property", "lru_cache", "cache"}


@dataclass(frozen=True)
class CaseMap:
    """Case files (as the trace named them) and, per engine file and line, the cases that ran it
    (``None``: every case)."""

    cases: tuple[str, ...]
    lines: dict[str, dict[int, frozenset[int] | None]] = field(default_factory=dict)

    def for_mutant(self, root: Path, mutant: Mutant) -> tuple[str, ...] | None:
        """The case files that can kill ``mutant`` (every line of its statement counted); ``None``
        when every case can; ``()`` when no case runs it."""
        ran = self.lines.get(mutant.file, {})
        if mutant.line in _cached_lines(root / mutant.file):
            return None
        chosen: set[int] = set()
        for line in _statement_lines(root / mutant.file, mutant.line):
            cases = ran.get(line, frozenset())
            if cases is None:
                return None
            chosen |= cases
        return tuple(self.cases[i] for i in sorted(chosen))


def trace(copy: Path, cases: tuple[str, ...]) -> CaseMap:
    """Measure the map on the unmutated copy (about three times one ``mtgc run``)."""
    with tempfile.TemporaryDirectory(prefix="mtgc-trace-") as tmp:
        out = Path(tmp) / "map.json"
        targets = [str(copy / c) if not Path(c).is_absolute() else c for c in cases]
        done = subprocess.run([sys.executable, "-P", "-c", _TRACE, str(copy), str(out), *targets],
                              capture_output=True, text=True, check=False,
                              env={**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"})
        if done.returncode != 0:
            raise RuntimeError(f"tracing the cases failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
        raw = json.loads(out.read_text(encoding="utf-8"))
    lines: dict[str, dict[int, frozenset[int] | None]] = {}
    for file, by_line in raw["lines"].items():
        lines[file] = {int(n): None if -1 in ids else frozenset(ids) for n, ids in by_line.items()}
    names = tuple(Path(c).resolve().relative_to(copy.resolve()).as_posix() for c in raw["cases"])
    return CaseMap(names, lines)


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def _cached_lines(path: Path) -> frozenset[int]:
    """Lines of functions decorated with a cache: one case may compute what another reads."""
    lines: set[int] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                _name(d) in _CACHING for d in node.decorator_list):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(lines)


def _name(decorator: ast.expr) -> str:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")


def _statement_lines(path: Path, line: int) -> range:
    """The lines of the innermost statement at ``line`` (of a compound statement, its header): the
    tracer may report any of them for a mutation on one. A line no statement holds (a decorator, an
    ``except`` clause) is itself."""
    best: tuple[int, int] | None = None
    for node in ast.walk(_tree(path)):
        if not isinstance(node, ast.stmt):
            continue
        start, end = node.lineno, node.end_lineno or node.lineno
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            inner = body[0]
            first = min([inner.lineno, *(d.lineno for d in getattr(inner, "decorator_list", []))])
            end = max(start, first - 1)
        if start <= line <= end and (best is None or start >= best[0]):
            best = (start, end)
    return range(best[0], best[1] + 1) if best else range(line, line + 1)
