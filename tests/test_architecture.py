"""The code's shape: no import cycles among the product's modules, and the engine stands alone."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGES = ("engine", "conformance")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def top_level_imports(path: Path, known: set[str]) -> Iterator[str]:
    """Product modules ``path`` imports when it is imported: module-level statements, including those
    under ``if TYPE_CHECKING:`` (a cycle for the type checker is a cycle in the design); imports inside
    functions are deferred on purpose and not counted."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    this = module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]

    def visit(nodes: list[ast.stmt]) -> Iterator[str]:
        for node in nodes:
            if isinstance(node, ast.If | ast.Try):
                yield from visit(node.body)
                yield from visit(node.orelse)
            elif isinstance(node, ast.Import):
                yield from (alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                for alias in node.names:  # a submodule by its name, else a name from the module
                    yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base

    for name in visit(tree.body):
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != this:
            yield name


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    # A module's package __init__ runs first, but only names taken from it make it a dependency: a
    # package that re-exports its modules is a facade, not a cycle.
    return {name: set(top_level_imports(path, known)) for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_no_module_of_the_product_imports_itself_through_others() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_planted_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_engine_never_imports_the_harness() -> None:
    graph = import_graph()
    assert {m: sorted(i for i in deps if i.startswith("conformance")) for m, deps in graph.items()
            if m.startswith("engine") and any(i.startswith("conformance") for i in deps)} == {}
