"""Which mutants: Cosmic Ray's, in engine/, minus those in annotations, sampled, equivalents set aside."""

from __future__ import annotations

import ast
import json
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cosmic_ray.commands.init import init
from cosmic_ray.mutating import mutate_code
from cosmic_ray.plugins import get_operator
from cosmic_ray.work_db import use_db
from cosmic_ray.work_item import MutationSpec


@dataclass(frozen=True)
class Mutant:
    file: str  # relative to the checkout: engine/counters.py
    line: int
    column: int
    operator: str  # Cosmic Ray's name without "core/": ReplaceComparisonOperator_Lt_LtE
    occurrence: int
    original: str  # the source line, stripped
    mutated: str  # the same line mutated, stripped ("" when the mutation spans lines)

    @property
    def family(self) -> str:
        return self.operator.split("_")[0]

    @property
    def module(self) -> str:
        return self.file

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}:{self.column}:{self.operator}"

    def spec(self, root: Path) -> MutationSpec:
        return MutationSpec(
            module_path=root / self.file, operator_name=f"core/{self.operator}", occurrence=self.occurrence,
            start_pos=(self.line, self.column), end_pos=(self.line, self.column + 1),
        )


@dataclass(frozen=True)
class Equivalent:
    file: str
    operator: str
    original: str
    mutated: str
    reason: str

    def matches(self, mutant: Mutant) -> bool:
        return (self.file, self.operator, self.original, self.mutated) == (
            mutant.file, mutant.operator, mutant.original, mutant.mutated)


def load_equivalents(path: Path) -> list[Equivalent]:
    """The reviewed list: ``{"equivalent": [{file, operator, original, mutated, reason}, ...]}``."""
    if not path.is_file():
        return []
    entries = json.loads(path.read_text(encoding="utf-8"))["equivalent"]
    found = [Equivalent(**entry) for entry in entries]
    unexplained = [e for e in found if not e.reason.strip()]
    if unexplained:
        raise ValueError(f"{path}: an equivalent mutant without a reason: {unexplained[0]}")
    return found


def _annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Spans of annotations and ``if TYPE_CHECKING:`` blocks: never evaluated (the engine's modules
    say ``from __future__ import annotations``), so a mutation there is equivalent by construction."""
    spans = []
    for node in ast.walk(ast.parse(source)):
        parts: list[ast.expr | ast.stmt | None] = []
        if isinstance(node, ast.arg | ast.AnnAssign):
            parts.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            parts.append(node.returns)
        elif isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            parts.append(node)
        for part in parts:
            if part is not None and part.end_lineno is not None and part.end_col_offset is not None:
                spans.append(((part.lineno, part.col_offset), (part.end_lineno, part.end_col_offset)))
    return spans


def _mutated_line(source: str, operator: str, occurrence: int, line: int) -> str:
    mutated: str | None = mutate_code(source, get_operator(f"core/{operator}")(), occurrence)
    if mutated is None:
        return ""
    before, after = source.splitlines(), mutated.splitlines()
    if len(before) != len(after):
        return ""
    return after[line - 1].strip()


def enumerate_mutants(root: Path, files: list[str]) -> list[Mutant]:
    """Every mutant Cosmic Ray's core operators make in ``files`` (relative to ``root``), those in
    annotations left out; the mutated line is not computed yet (see ``describe``)."""
    found: list[Mutant] = []
    with tempfile.TemporaryDirectory(prefix="mtgc-mutants-") as tmp, use_db(Path(tmp) / "s.sqlite") as db:
        init([root / f for f in files], db, {})
        sources = {f: (root / f).read_text(encoding="utf-8") for f in files}
        spans = {f: _annotation_spans(s) for f, s in sources.items()}
        for item in db.work_items:
            for spec in item.mutations:
                file = Path(spec.module_path).resolve().relative_to(root.resolve()).as_posix()
                start = tuple(spec.start_pos)
                if any(a <= start < b for a, b in spans[file]):
                    continue
                line, column = spec.start_pos
                found.append(Mutant(file, line, column, spec.operator_name.removeprefix("core/"),
                                    spec.occurrence, sources[file].splitlines()[line - 1].strip(), ""))
    return sorted(found, key=lambda m: (m.file, m.line, m.column, m.operator))


def describe(root: Path, mutants: list[Mutant]) -> list[Mutant]:
    """The mutants with their mutated line filled in (one parse per mutant: done for the sample only)."""
    sources: dict[str, str] = {}
    described = []
    for m in mutants:
        source = sources.setdefault(m.file, (root / m.file).read_text(encoding="utf-8"))
        described.append(Mutant(m.file, m.line, m.column, m.operator, m.occurrence, m.original,
                                _mutated_line(source, m.operator, m.occurrence, m.line)))
    return described


def select(mutants: list[Mutant], *, lines: list[str], operators: list[str], sample: int | None,
           seed: int) -> list[Mutant]:
    """Narrowed to ``FILE:LINE``s and operator names (substrings), then ``sample`` drawn with ``seed``."""
    chosen = [m for m in mutants if not lines or f"{m.file}:{m.line}" in lines]
    chosen = [m for m in chosen if not operators or any(o in m.operator for o in operators)]
    if sample is not None and sample < len(chosen):
        chosen = sorted(random.Random(seed).sample(chosen, sample),
                        key=lambda m: (m.file, m.line, m.column, m.operator))
    return chosen
