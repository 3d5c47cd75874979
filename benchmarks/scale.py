"""``python -m benchmarks.scale``: the suite made 10,000 cases long, and what a case costs at 1,000 and
at 10,000 (issue 20, item 5): does the cost per case stay flat as the suite grows?

The generated suite (:func:`generate`, written to a temporary directory and deleted after, never
checked in) is the committed suite's cases in turn, each copy after the first with every alias
renamed (``bear`` -> ``bear_v3``: players, objects, and every reference to them in the script and the
expectations) under an id of its own, beside a copy of the catalogue (``cards/``). The 1,000-case suite
is every tenth file of the 10,000-case one, so both have the same mix of cases.

Each size runs in a fresh process (:func:`child`), the way ``mtgc run`` does: load and validate the
suite, then run every case in process on the reference engine and judge it. Time is CPU seconds of
that process (``time.process_time``: what other processes take of a busy machine is not counted),
wall seconds beside it; memory is its peak RSS, and per case the resident memory the loaded suite and
its verdicts hold at the end of the run (above what the imports left). The figures per case
at both sizes, and their ratio (target: time per case at 10,000 within 1.2x of 1,000; peak memory
<= 100 MB at 10,000 cases).
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.memory import maxrss_mb

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1_000, 10_000)
TARGET_RATIO = 1.2  # time per case at 10,000 / at 1,000
TARGET_MEMORY_MB = 100.0  # peak RSS of a 10,000-case run
ID_LENGTH = 96  # case.schema.json: the longest id
#: a case's fields that never name a player or an object (text, rules, card definitions, provenance)
KEPT = frozenset(
    {"$schema", "id", "title", "notes", "ruling", "rules", "features", "level", "cards", "origin"}
)


def aliases(case: dict[str, Any]) -> list[str]:
    """Every alias the case's setup defines (players and objects in every zone)."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            alias = node.get("alias")
            if isinstance(alias, str):
                found.append(alias)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(case.get("setup"))
    return found


def renamed(node: object, names: dict[str, str]) -> Any:
    """``node`` with every string (value or key) that is an alias replaced by its new name."""
    if isinstance(node, str):
        return names.get(node, node)
    if isinstance(node, list):
        return [renamed(item, names) for item in node]
    if isinstance(node, dict):
        return {names.get(k, k): renamed(v, names) for k, v in node.items()}
    return node


def variant(case: dict[str, Any], copy: int, rename: bool = True) -> dict[str, Any]:
    """Copy number ``copy`` of ``case`` (0: the case itself): aliases renamed (unless not ``rename``),
    an id of its own.

    Everything that refers to players and objects is renamed (setup, script, decisions,
    expectations); the text and the references to the rules (``KEPT``) keep their words, even one
    that happens to be an alias."""
    if copy == 0:
        return case
    suffix = f"v{copy}"  # an alias and a slug both: a snapshot's label may be an alias too
    names = {a: (a if len(a) + len(suffix) <= 40 else f"x{i}") + suffix for i, a in enumerate(aliases(case))}
    names = names if rename else {}
    out = {key: value if key in KEPT else renamed(value, names) for key, value in case.items()}
    tail = f"-v{copy}"
    out["id"] = case["id"][: ID_LENGTH - len(tail)].rstrip("-") + tail
    return out


def write(case: dict[str, Any], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{case['id']}.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    return path


def generate(source: Path, dest: Path, count: int) -> list[Path]:
    """Write ``count`` cases generated from the suite at ``source`` under ``dest`` (with its catalogue);
    their paths, in generation order. Only the suite's valid, selected cases are used. A case whose
    renamed copy is not valid (an alias that is also a field's name, say: ``zone``) is copied under
    new ids only."""
    from conformance.cases.loader import display
    from conformance.cases.selection import select
    from conformance.cases.validate import validate

    validation = validate([source])
    cases = select(validation.cases)
    if not cases:
        raise ValueError(f"no valid case under {source}")
    shutil.copytree(source / "cards", dest / "cards")
    probe = dest / "probe"  # each case's first renamed copy, validated once
    shutil.copytree(source / "cards", probe / "cards")
    tried = {write(variant(dict(c.data), 1), probe / "cases"): c.case_id for c in cases}
    probed = validate([probe])
    invalid = probed.invalid_files
    keep_aliases = {case_id for path, case_id in tried.items() if display(path) in invalid}
    # An alias that is also a value of the vocabulary ("spell", an event's kind) is renamed there too:
    # valid, but no longer the same case. A renamed copy must pass as its original does.
    from conformance.engines.inprocess import ModuleEngine
    from conformance.run.runner import run_cases

    renamed_ok = select(probed.cases)
    run = run_cases(ModuleEngine("engine"), renamed_ok, probed.catalogue_for)
    verdicts = zip(renamed_ok, run.verdicts, strict=True)
    keep_aliases |= {tried[c.path] for c, v in verdicts if v.outcome != "pass" and c.path in tried}
    shutil.rmtree(probe)
    written: list[Path] = []
    for n in range(count):
        original = cases[n % len(cases)]
        copy = n // len(cases)
        case = variant(dict(original.data), copy, rename=original.case_id not in keep_aliases)
        written.append(write(case, dest / original.path.parent.name))
    return written




def rss_mb() -> float:
    """Resident memory now (Linux; the peak elsewhere): what the run holds, not what it once took."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return maxrss_mb()
    return pages * resource.getpagesize() / 2**20


def child(suite: Path) -> dict[str, Any]:
    """Validate and run the suite at ``suite`` in this process: the figures of :func:`measure`."""
    import engine  # noqa: F401  (the imports are the baseline)
    from conformance.cases.selection import select
    from conformance.cases.validate import validate
    from conformance.engines.inprocess import ModuleEngine
    from conformance.run.runner import run_cases

    baseline, held = maxrss_mb(), rss_mb()
    cpu, wall = time.process_time(), time.perf_counter()
    validation = validate([suite])
    cases = select(validation.cases)
    cpu_load, wall_load = time.process_time() - cpu, time.perf_counter() - wall
    cpu, wall = time.process_time(), time.perf_counter()
    run = run_cases(ModuleEngine("engine"), cases, validation.catalogue_for)
    cpu_run, wall_run = time.process_time() - cpu, time.perf_counter() - wall
    held = rss_mb() - held  # the suite, its verdicts: held until the run ends
    outcomes: dict[str, int] = {}
    for verdict in run.verdicts:
        outcomes[verdict.outcome] = outcomes.get(verdict.outcome, 0) + 1
    return {
        "cases": len(cases),
        "invalid": len(validation.invalid_files),
        "outcomes": outcomes,
        "load_cpu_s": cpu_load,
        "run_cpu_s": cpu_run,
        "load_wall_s": wall_load,
        "run_wall_s": wall_run,
        "maxrss_mb": maxrss_mb(),
        "baseline_mb": baseline,
        "held_mb": held,
    }


def measure(suite: Path) -> dict[str, Any]:
    """:func:`child` in a fresh process (its memory is the run's alone)."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.scale", "--child", str(suite)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the {suite} run failed:\n{done.stderr[-2000:]}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def per_case(figures: dict[str, Any]) -> dict[str, float]:
    n = max(1, figures["cases"])
    return {
        "cpu_ms": (figures["load_cpu_s"] + figures["run_cpu_s"]) / n * 1e3,
        "load_cpu_ms": figures["load_cpu_s"] / n * 1e3,
        "run_cpu_ms": figures["run_cpu_s"] / n * 1e3,
        "wall_ms": (figures["load_wall_s"] + figures["run_wall_s"]) / n * 1e3,
        "memory_kb": figures["held_mb"] * 1024 / n,
    }


def scale(sizes: Sequence[int] = SIZES, source: Path = ROOT / "suites") -> dict[str, Any]:
    """Generate ``max(sizes)`` cases, run every size (the smaller ones: an even sample of the largest)
    and report each size's figures and per-case costs, and the largest size's time per case over the
    smallest's."""
    sizes = sorted(set(sizes))
    if not sizes or sizes[0] < 1:
        raise ValueError(f"sizes must be positive case counts, got {list(sizes)}")
    result: dict[str, Any] = {"sizes": {}}
    with tempfile.TemporaryDirectory(prefix="mtgc-scale-") as tmp:
        largest = Path(tmp) / f"suite-{sizes[-1]}"
        files = generate(source, largest, sizes[-1])
        for size in sizes:
            if size == sizes[-1]:
                suite = largest
            else:  # an even sample of the largest suite: the same mix of cases
                suite = Path(tmp) / f"suite-{size}"
                shutil.copytree(largest / "cards", suite / "cards")
                step = len(files) / size
                for i in range(size):
                    path = files[int(i * step)]
                    (suite / path.parent.name).mkdir(exist_ok=True)
                    shutil.copyfile(path, suite / path.parent.name / path.name)
            figures = measure(suite)
            result["sizes"][str(size)] = {**figures, "per_case": per_case(figures)}
    low, high = (result["sizes"][str(s)]["per_case"] for s in (sizes[0], sizes[-1]))
    result["ratio"] = high["cpu_ms"] / low["cpu_ms"] if low["cpu_ms"] else float("nan")
    result["run_ratio"] = high["run_cpu_ms"] / low["run_cpu_ms"] if low["run_cpu_ms"] else float("nan")
    result["load_ratio"] = high["load_cpu_ms"] / low["load_cpu_ms"] if low["load_cpu_ms"] else float("nan")
    return result


def describe(result: dict[str, Any]) -> list[str]:
    """Lines for a person: each size's cost per case, and the growth."""
    lines = []
    for size, figures in result["sizes"].items():
        each = figures["per_case"]
        lines.append(
            f"{int(size):>6,} cases: {each['cpu_ms']:.2f} ms CPU/case "
            f"(load+validate {each['load_cpu_ms']:.2f}, run {each['run_cpu_ms']:.2f}), "
            f"{each['wall_ms']:.2f} ms wall/case, "
            f"{each['memory_kb']:.1f} kB/case held (peak {figures['maxrss_mb']:.0f} MB, imports "
            f"{figures['baseline_mb']:.0f} MB); outcomes {figures['outcomes']}"
        )
    lines.append(
        f"time per case, largest / smallest: {result['ratio']:.2f}x "
        f"(load+validate {result['load_ratio']:.2f}x, run {result['run_ratio']:.2f}x; "
        f"target <= {TARGET_RATIO}x)"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scale", description=__doc__)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="case counts, comma-separated")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # one measured run, in its own process
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(Path(args.child))))
        return 0
    try:
        sizes = [int(word.replace("_", "")) for word in args.sizes.split(",") if word.strip()]
        result = scale(sizes)
    except ValueError as problem:
        print(f"python -m benchmarks.scale: {problem}", file=sys.stderr)
        return 2
    for line in describe(result):
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
