"""``python -m benchmarks``: the suite, the protocol, the fuzzer and phase-python, side by side; and one
case at 100, 1,000 and 5,000 objects (benchmarks/scaling.py), whose time should grow linearly.

Repetitions are interleaved (in process, protocol, phase, validate; then fuzz 1 worker, 2 workers)
so a noisy machine slows every variant alike; each figure is the median over repetitions. The suite
is looped (``passes``) until one in-process repetition lasts ``--min-seconds``, so a small suite still
gives stable numbers. Nothing here is part of the pytest run.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks import scaling
from conformance.cases.selection import select
from conformance.cases.validate import validate
from conformance.engines.inprocess import ModuleEngine
from conformance.interface import Engine
from conformance.run.protocol import ProtocolEngine
from conformance.run.runner import run_cases

ROOT = Path(__file__).resolve().parent.parent
AREAS = ("counters", "mana", "targeting")
TARGETS = {
    "inprocess_cases_per_s": 1000.0,
    "protocol_ratio": 1.5,
    "fuzz_examples_per_s": 300.0,
    "fuzz_two_worker_ratio": 1.8,
    "peak_memory_mb": 200.0,
    "scaling_ratio": 50.0,  # time(5,000 objects) / time(100 objects): linear
    "scaling_small_cases": 100.0,  # a 5,000-object case in the time of 100 five-object cases
}
REFERENCE_ADAPTER = f"{shlex.quote(sys.executable)} -m conformance.adapters.reference"


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def phase_python(explicit: str | None) -> str | None:
    """An interpreter that can import ``phase`` and ``conformance``: --phase-python, $MTGC_PHASE_PYTHON,
    this one, or a ``venv-3p`` next to this virtual environment."""
    candidates = [
        explicit,
        os.environ.get("MTGC_PHASE_PYTHON"),
        sys.executable,
        str(Path(sys.prefix).parent / "venv-3p" / "bin" / "python"),
    ]
    for python in candidates:
        if not python or not Path(python).exists():
            continue
        probe = subprocess.run(
            [python, "-c", "import phase, conformance.adapters.phase.engine"], capture_output=True, cwd=ROOT
        )
        if probe.returncode == 0:
            return python
    return None


def one_pass(
    engine: Engine, cases: list[Any], catalogue_for: Callable[..., Any], passes: int
) -> tuple[float, dict[str, int]]:
    """Seconds for ``passes`` runs of every case, and the outcomes of the last pass."""
    info = engine.info()
    began = time.perf_counter()
    verdicts: list[Any] = []
    for _ in range(passes):
        verdicts = run_cases(engine, cases, catalogue_for, info=info).verdicts
    seconds = time.perf_counter() - began
    outcomes: dict[str, int] = {}
    for v in verdicts:
        outcomes[v.outcome] = outcomes.get(v.outcome, 0) + 1
    return seconds, outcomes


# -- fuzzing ---------------------------------------------------------------------------------------


def fuzz_tests() -> list[str]:
    """The project's fuzz tests of the three areas (tests/test_fuzz_counters.py, …), when they exist."""
    return sorted(
        p for p in glob.glob(str(ROOT / "tests" / "test_fuzz_*.py")) if area_of(Path(p).name) != "other"
    )


STATS_HEAD = re.compile(r"^(\S+\.py)::(\S+):\s*$")
STATS_GENERATE = re.compile(r"during generate phase \(([\d.]+) seconds\)")
STATS_PASSING = re.compile(r"(\d+) passing(?: examples?)?, (\d+) failing")


def area_of(name: str) -> str:
    for area in AREAS:
        if area in name or (area == "targeting" and "target" in name):
            return area
    return "other"


def parse_statistics(text: str) -> dict[str, tuple[int, float]]:
    """area -> (examples, generate-phase seconds) from ``--hypothesis-show-statistics`` output."""
    per_area: dict[str, tuple[int, float]] = {}
    current = None
    seconds = 0.0
    for line in text.splitlines():
        head = STATS_HEAD.match(line.strip())
        if head:
            current = area_of(head.group(1) + "::" + head.group(2))
            continue
        gen = STATS_GENERATE.search(line)
        if gen:
            seconds = float(gen.group(1))
            continue
        passing = STATS_PASSING.search(line)
        if passing and current:
            n = sum(int(g) for g in passing.groups())
            examples, total = per_area.get(current, (0, 0.0))
            per_area[current] = (examples + n, total + seconds)
            seconds = 0.0
    return per_area


def fuzz_pytest(workers: int, examples: int) -> tuple[float, dict[str, tuple[int, float]]]:
    """Wall seconds of the fuzz tests under ``-n workers`` with a fixed budget, and per-area statistics."""
    env = dict(os.environ, MTGC_BENCH_EXAMPLES=str(examples))
    argv = [
        sys.executable,
        "-m",
        "pytest",
        *fuzz_tests(),
        "-q",
        "-n",
        str(workers),
        "-p",
        "benchmarks.hypothesis_budget",
        "--hypothesis-profile=mtgc-bench",
        "--hypothesis-show-statistics",
        "-p",
        "no:cacheprovider",
    ]
    began = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=env)
    seconds = time.perf_counter() - began
    return seconds, parse_statistics(done.stdout)


def fuzz_fallback(area: str, workers: int, examples: int) -> float:
    """Examples per second (wall clock, all workers) of the stand-in fuzzer."""
    argv = [sys.executable, "-m", "benchmarks.fuzz_fallback", area, str(examples), "--wait"]
    procs = [
        subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        for _ in range(workers)
    ]
    for p in procs:  # every worker has imported and warmed up: start them together
        assert p.stdout is not None
        p.stdout.readline()
    reports = [json.loads(p.communicate("go\n")[0].strip().splitlines()[-1]) for p in procs]
    span = max(r["end"] for r in reports) - min(r["start"] for r in reports)
    return sum(r["examples"] for r in reports) / span


# -- the run ---------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("paths", nargs="*", help="case files or directories (default: suites/)")
    parser.add_argument("--repeat", type=int, default=7, help="interleaved repetitions (median taken)")
    parser.add_argument("--min-seconds", type=float, default=0.3, help="length of one in-process repetition")
    parser.add_argument("--fuzz-examples", type=int, default=300, help="examples per area (fuzz budget)")
    parser.add_argument("--fuzz-repeat", type=int, default=3)
    parser.add_argument("--phase-python", help="interpreter with phase-python installed")
    parser.add_argument("--no-phase", action="store_true")
    parser.add_argument("--no-fuzz", action="store_true")
    parser.add_argument("--no-scaling", action="store_true", help="skip the 100/1,000/5,000-object case")
    parser.add_argument("--scaling-repeat", type=int, default=3)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    targets = [Path(p) for p in args.paths] or None
    out: dict[str, Any] = {"load_before": [round(x, 2) for x in os.getloadavg()]}

    validation = validate(targets)
    cases = select(validation.cases)
    if not cases:
        print("no cases to run", file=sys.stderr)
        return 2
    reference = ModuleEngine("engine")
    one_pass(reference, cases, validation.catalogue_for, 1)  # warm up
    passes = 1
    while True:
        seconds, _ = one_pass(reference, cases, validation.catalogue_for, passes)
        if seconds >= args.min_seconds / 4 or passes >= 100_000:
            break
        passes *= 2
    passes = max(1, round(passes * args.min_seconds / max(seconds, 1e-9)))
    print(
        f"{len(cases)} case(s), {passes} pass(es) per repetition, {args.repeat} repetitions", file=sys.stderr
    )

    protocol = ProtocolEngine(REFERENCE_ADAPTER, timeout=30)
    began = time.perf_counter()
    protocol.start()
    adapter_start = time.perf_counter() - began
    one_pass(protocol, cases, validation.catalogue_for, 1)
    phase = None
    phase_py = None if args.no_phase else phase_python(args.phase_python)
    phase_cases = cases
    if phase_py:
        phase = ProtocolEngine(
            f"{shlex.quote(phase_py)} -m conformance.adapters.serve conformance.adapters.phase.engine",
            timeout=60,
        )
        _, phase_outcomes = one_pass(phase, cases, validation.catalogue_for, 1)  # warm up (card-data cache)
        out["phase_outcomes"] = phase_outcomes

    t_in: list[float] = []
    t_proto: list[float] = []
    t_phase: list[float] = []
    t_validate: list[float] = []
    outcomes: dict[str, int] = {}
    for _ in range(args.repeat):
        seconds, outcomes = one_pass(reference, cases, validation.catalogue_for, passes)
        t_in.append(seconds / (passes * len(cases)))
        seconds, proto_outcomes = one_pass(protocol, cases, validation.catalogue_for, passes)
        t_proto.append(seconds / (passes * len(cases)))
        if phase is not None:
            seconds, _ = one_pass(phase, phase_cases, validation.catalogue_for, 1)
            t_phase.append(seconds / len(phase_cases))
        began = time.perf_counter()
        validate(targets)
        t_validate.append(time.perf_counter() - began)
    protocol.close()
    if phase is not None:
        phase.close()
    out.update(
        cases=len(cases),
        passes=passes,
        outcomes=outcomes,
        protocol_outcomes=proto_outcomes,
        inprocess_s_per_case=median(t_in),
        protocol_s_per_case=median(t_proto),
        adapter_start_s=adapter_start,
        validate_s=median(t_validate),
        phase_s_per_case=median(t_phase) if t_phase else None,
        phase_python=phase_py,
    )

    memory = subprocess.run(
        [sys.executable, "-m", "benchmarks.memory", str(max(1, passes // 4))],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    out["memory"] = json.loads(memory.stdout.strip().splitlines()[-1]) if memory.returncode == 0 else None

    if not args.no_scaling:
        sizes = sorted({scaling.SMALL, *scaling.SIZES})
        out["scaling"] = scaling.report(scaling.measure(sizes, args.scaling_repeat))

    if not args.no_fuzz:
        out["fuzz"] = fuzz(args)

    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print_table(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    return 0


def fuzz(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {}
    if fuzz_tests():
        # Wall time of pytest -n 1 / -n 2 at the full budget minus at a 1-example budget: startup,
        # collection and xdist's own cost cancel out, what is left is the examples' work.
        result["source"] = "pytest " + " ".join(Path(p).name for p in fuzz_tests())
        rates: dict[str, list[float]] = {}
        throughput: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.fuzz_repeat):
            for workers in (1, 2):
                base, base_stats = fuzz_pytest(workers, 1)
                full, stats = fuzz_pytest(workers, args.fuzz_examples)
                done = sum(n for n, _ in stats.values()) - sum(n for n, _ in base_stats.values())
                if full > base and done > 0:
                    throughput[workers].append(done / (full - base))
                if workers == 1:
                    for area, (n, seconds) in stats.items():
                        if seconds > 0:
                            rates.setdefault(area, []).append(n / seconds)
        result["per_area"] = {area: median(v) for area, v in rates.items()}
        result["throughput"] = {w: median(v) for w, v in throughput.items()}
        result["two_worker_ratio"] = median(throughput[2]) / median(throughput[1])
        return result
    result["source"] = "benchmarks/fuzz_fallback.py (no tests/test_fuzz_*.py yet)"
    one: dict[str, list[float]] = {a: [] for a in AREAS}
    two: dict[str, list[float]] = {a: [] for a in AREAS}
    for _ in range(args.fuzz_repeat):
        for area in AREAS:
            one[area].append(fuzz_fallback(area, 1, args.fuzz_examples))
            two[area].append(fuzz_fallback(area, 2, args.fuzz_examples))
    result["per_area"] = {a: median(one[a]) for a in AREAS}
    result["two_worker_per_area"] = {a: median(two[a]) for a in AREAS}
    result["two_worker_ratio"] = median([median(two[a]) / median(one[a]) for a in AREAS])
    return result


def verdict(value: float | None, target: float, higher_is_better: bool) -> str:
    if value is None or value != value:
        return "n/a"
    if higher_is_better:
        ok, margin = value >= target, value / target
    else:
        ok, margin = value <= target, target / value
    return (
        f"{'met' if ok else 'MISSED'} ({margin:.2f}x {'of' if higher_is_better else 'under'} target)"
        if ok
        else f"MISSED (at {margin:.2f}x of target)"
    )


def print_table(out: dict[str, Any]) -> None:
    rows: list[tuple[str, str, str, str]] = []
    inproc = out["inprocess_s_per_case"]
    rate = 1 / inproc
    rows.append(
        (
            "suite in process (1 core)",
            f"{rate:,.0f} cases/s ({inproc * 1e3:.3f} ms/case)",
            ">= 1,000 cases/s",
            verdict(rate, TARGETS["inprocess_cases_per_s"], True),
        )
    )
    rows.append(
        (
            "validate the suite (mtgc validate)",
            f"{out['validate_s'] * 1e3:.0f} ms for {out['cases']} case(s)",
            "-",
            "-",
        )
    )
    ratio = out["protocol_s_per_case"] / inproc
    rows.append(
        (
            "suite via protocol (reference adapter)",
            f"{out['protocol_s_per_case'] * 1e3:.3f} ms/case = {ratio:.2f}x in process "
            f"(+{out['adapter_start_s']:.2f} s adapter start)",
            "<= 1.5x",
            verdict(ratio, TARGETS["protocol_ratio"], False),
        )
    )
    fuzz = out.get("fuzz")
    if fuzz:
        for area in AREAS:
            value = fuzz["per_area"].get(area)
            rows.append(
                (
                    f"fuzz {area} (1 worker)",
                    f"{value:,.0f} examples/s" if value else "n/a",
                    ">= 300 examples/s",
                    verdict(value, TARGETS["fuzz_examples_per_s"], True),
                )
            )
        two = fuzz["two_worker_ratio"]
        rows.append(
            (
                "fuzz 2 workers vs 1",
                f"{two:.2f}x",
                ">= 1.8x",
                verdict(two, TARGETS["fuzz_two_worker_ratio"], True),
            )
        )
    if out.get("phase_s_per_case") is not None:
        phase = out["phase_s_per_case"]
        rows.append(
            (
                "phase-python via adapter",
                f"{phase * 1e3:.2f} ms/case = {phase / inproc:.1f}x reference in process, "
                f"{phase / out['protocol_s_per_case']:.1f}x reference via protocol",
                "-",
                "-",
            )
        )
    else:
        rows.append(("phase-python via adapter", "not installed (--phase-python)", "-", "-"))
    memory = out.get("memory")
    if memory:
        rows.append(
            (
                "peak memory, whole-suite run",
                f"{memory['maxrss_mb']:.0f} MB (imports alone {memory['baseline_mb']:.0f} MB)",
                "< 200 MB",
                verdict(memory["maxrss_mb"], TARGETS["peak_memory_mb"], False),
            )
        )
    grown = out.get("scaling")
    if grown:
        low, high = grown["sizes"]
        shown = {int(n): s for n, s in grown["seconds"].items() if int(n) != scaling.SMALL}
        rows.append(
            (
                f"one case, {' / '.join(f'{n:,}' for n in shown)} objects",
                " / ".join(f"{s:.3f}" for s in shown.values())
                + f" s: time({high:,}) = {grown['ratio']:.1f}x time({low:,})",
                f"<= {grown['linear_ratio']:.0f}x (linear)",
                verdict(grown["ratio"], TARGETS["scaling_ratio"], False),
            )
        )
        if "small_cases_equivalent" in grown:
            rows.append(
                (
                    f"{high:,}-object case vs {scaling.SMALL}-object cases",
                    f"the time of {grown['small_cases_equivalent']:.0f} "
                    f"({grown['seconds'][str(scaling.SMALL)] * 1e3:.2f} ms each)",
                    f"about {grown['small_cases_target']:.0f}",
                    verdict(grown["small_cases_equivalent"], TARGETS["scaling_small_cases"], False),
                )
            )
    widths = [max(len(r[i]) for r in rows + [("measure", "value", "target", "status")]) for i in range(4)]
    line = "| " + " | ".join(f"{{:<{w}}}" for w in widths) + " |"
    print(
        f"\nload average before the run {out['load_before']}, after {out['load_after']}"
        f" on {os.cpu_count()} CPU(s)"
    )
    print(
        f"{out['cases']} case(s) x {out['passes']} passes; outcomes in process {out['outcomes']}, "
        f"via protocol {out['protocol_outcomes']}"
        + (f", phase {out['phase_outcomes']}" if out.get("phase_outcomes") else "")
    )
    if fuzz:
        print(f"fuzz source: {fuzz['source']}")
    print(line.format("measure", "value", "target", "status"))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(line.format(*row))
