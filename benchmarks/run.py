"""``python -m benchmarks``: the suite, the protocol, the fuzzer and phase-python, side by side; one
case at 100, 1,000 and 5,000 objects (benchmarks/scaling.py), whose time should grow linearly; and a
generated suite of 1,000 and 10,000 cases (benchmarks/scale.py), whose cost per case should not grow.
``--markdown`` prints the table as the README has it, with the date, the load and the case count.

Repetitions are interleaved (in process, protocol 2, protocol 1, phase, validate; then fuzz 1 worker,
2 workers) so a noisy machine slows every variant alike; each figure is the median over repetitions.
The suite is looped (``passes``) until one in-process repetition lasts ``--min-seconds``, so a small
suite still gives stable numbers. The protocol is also measured in CPU seconds (the runner's and the
adapter's), which what other processes take of a loaded machine does not inflate. phase-python runs
an even sample of ``--phase-cases`` cases (it is two orders of magnitude slower). Nothing here is
part of the pytest run.
"""

from __future__ import annotations

import argparse
import datetime
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

from benchmarks import scale, scaling
from conformance.cases.selection import select
from conformance.cases.validate import validate
from conformance.engines.inprocess import ModuleEngine
from conformance.interface import Engine
from conformance.run.protocol import ProtocolEngine
from conformance.run.runner import run_cases

ROOT = Path(__file__).resolve().parent.parent
AREAS = ("counters", "mana", "targeting")
TARGETS = {  # issue 20
    "inprocess_cases_per_s": 2500.0,
    "validate_ms_per_case": 0.3,
    "protocol_ratio": 1.3,
    "fuzz_examples_per_s": 500.0,
    "fuzz_two_worker_ratio": 1.85,
    "peak_memory_mb": 100.0,  # at 10,000 cases (benchmarks/scale.py); the committed suite's too
    "scale_ratio": scale.TARGET_RATIO,
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


def cpu_seconds(engine: Engine) -> float:
    """CPU seconds so far of this process and, for an adapter, of its running process (Linux)."""
    total = time.process_time()
    process = getattr(engine, "_process", None)
    if process is not None:
        try:
            stat = Path(f"/proc/{process.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
        except (OSError, IndexError, ValueError):
            pass
    return total


def one_pass(
    engine: Engine, cases: list[Any], catalogue_for: Callable[..., Any], passes: int
) -> tuple[float, dict[str, int], float]:
    """Seconds for ``passes`` runs of every case, the outcomes of the last pass, and CPU seconds
    (:func:`cpu_seconds`)."""
    info = engine.info()
    cpu = cpu_seconds(engine)
    began = time.perf_counter()
    verdicts: list[Any] = []
    for _ in range(passes):
        verdicts = run_cases(engine, cases, catalogue_for, info=info).verdicts
    seconds = time.perf_counter() - began
    cpu = cpu_seconds(engine) - cpu
    outcomes: dict[str, int] = {}
    for v in verdicts:
        outcomes[v.outcome] = outcomes.get(v.outcome, 0) + 1
    return seconds, outcomes, cpu


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
    return float(sum(r["examples"] for r in reports) / span)


# -- the run ---------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("paths", nargs="*", help="case files or directories (default: suites/)")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved repetitions (median taken)")
    parser.add_argument("--min-seconds", type=float, default=0.3, help="length of one in-process repetition")
    parser.add_argument("--fuzz-examples", type=int, default=300, help="examples per area (fuzz budget)")
    parser.add_argument("--fuzz-repeat", type=int, default=2)
    parser.add_argument("--phase-python", help="interpreter with phase-python installed")
    parser.add_argument("--phase-cases", type=int, default=60, help="phase-python's budget: an even sample")
    parser.add_argument("--no-phase", action="store_true")
    parser.add_argument("--no-fuzz", action="store_true")
    parser.add_argument("--no-scaling", action="store_true", help="skip the 100/1,000/5,000-object case")
    parser.add_argument("--scaling-repeat", type=int, default=3)
    parser.add_argument("--no-scale", action="store_true", help="skip the generated 1,000/10,000-case suite")
    parser.add_argument(
        "--scale-sizes", default=",".join(map(str, scale.SIZES)), help="case counts of the generated suite"
    )
    parser.add_argument("--markdown", action="store_true", help="print the table as the README has it")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    try:
        scale_sizes = [int(w.replace("_", "")) for w in args.scale_sizes.split(",") if w.strip()]
    except ValueError:
        parser.error(f"--scale-sizes: case counts separated by commas, got {args.scale_sizes!r}")
    if args.repeat < 1 or args.phase_cases < 1 or not scale_sizes or min(scale_sizes) < 1:
        parser.error("--repeat, --phase-cases and --scale-sizes must be positive")
    targets = [Path(p) for p in args.paths] or None
    out: dict[str, Any] = {
        "load_before": [round(x, 2) for x in os.getloadavg()],
        "date": datetime.date.today().isoformat(),
        "cpus": os.cpu_count(),
    }
    print(f"load average before the run: {out['load_before']} on {out['cpus']} CPU(s)", file=sys.stderr)

    validation = validate(targets)
    cases = select(validation.cases)
    if not cases:
        print("no cases to run", file=sys.stderr)
        return 2
    reference = ModuleEngine("engine")
    one_pass(reference, cases, validation.catalogue_for, 1)  # warm up
    passes = 1
    while True:
        seconds, _, _ = one_pass(reference, cases, validation.catalogue_for, passes)
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
    protocol_1 = ProtocolEngine(REFERENCE_ADAPTER, timeout=30, protocols=(1,))  # as before protocol 2
    one_pass(protocol_1, cases, validation.catalogue_for, 1)
    phase = None
    phase_py = None if args.no_phase else phase_python(args.phase_python)
    phase_cases = cases[:: max(1, len(cases) // args.phase_cases)][: args.phase_cases]
    if phase_py:
        phase = ProtocolEngine(
            f"{shlex.quote(phase_py)} -m conformance.adapters.serve conformance.adapters.phase.engine",
            timeout=60,
        )
        _, phase_outcomes, _ = one_pass(phase, phase_cases, validation.catalogue_for, 1)  # warm up
        out["phase_outcomes"] = phase_outcomes

    t_in: list[float] = []
    cpu_in: list[float] = []
    t_proto: dict[int, list[float]] = {2: [], 1: []}
    cpu_proto: dict[int, list[float]] = {2: [], 1: []}
    t_phase: list[float] = []
    t_validate: list[float] = []
    outcomes: dict[str, int] = {}
    proto_outcomes: dict[str, int] = {}
    runs = passes * len(cases)
    for _ in range(args.repeat):
        seconds, outcomes, cpu = one_pass(reference, cases, validation.catalogue_for, passes)
        t_in.append(seconds / runs)
        cpu_in.append(cpu / runs)
        for version, engine in ((2, protocol), (1, protocol_1)):
            seconds, proto_outcomes, cpu = one_pass(engine, cases, validation.catalogue_for, passes)
            t_proto[version].append(seconds / runs)
            cpu_proto[version].append(cpu / runs)
        if phase is not None:
            seconds, _, _ = one_pass(phase, phase_cases, validation.catalogue_for, 1)
            t_phase.append(seconds / len(phase_cases))
        began = time.perf_counter()
        validate(targets)
        t_validate.append(time.perf_counter() - began)
    versions = {2: protocol.protocol, 1: protocol_1.protocol}
    protocol.close()
    protocol_1.close()
    if phase is not None:
        phase.close()
    out.update(
        cases=len(cases),
        passes=passes,
        outcomes=outcomes,
        protocol_outcomes=proto_outcomes,
        inprocess_s_per_case=median(t_in),
        inprocess_cpu_s_per_case=median(cpu_in),
        protocol_s_per_case=median(t_proto[2]),
        protocol_cpu_s_per_case=median(cpu_proto[2]),
        protocol_1_s_per_case=median(t_proto[1]),
        protocol_1_cpu_s_per_case=median(cpu_proto[1]),
        protocol_versions=versions,
        adapter_start_s=adapter_start,
        validate_s=median(t_validate),
        phase_s_per_case=median(t_phase) if t_phase else None,
        phase_cases=len(phase_cases) if phase is not None else 0,
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

    if not args.no_scale:
        print(f"generating and running {max(scale_sizes):,} cases (benchmarks/scale.py)", file=sys.stderr)
        out["scale"] = scale.scale(scale_sizes)

    if not args.no_fuzz:
        out["fuzz"] = fuzz(args)

    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.markdown:
        print_markdown(out)
    else:
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


Row = tuple[str, str, str, str]


def protocol_rows(out: dict[str, Any]) -> list[Row]:
    inproc, cpu_in = out["inprocess_s_per_case"], out["inprocess_cpu_s_per_case"]
    rows: list[Row] = []
    for version, key in ((2, "protocol"), (1, "protocol_1")):
        wall, cpu = out[f"{key}_s_per_case"], out[f"{key}_cpu_s_per_case"]
        ratio = wall / inproc
        spoke = out["protocol_versions"].get(version, version)
        rows.append(
            (
                f"suite via protocol {spoke} (reference adapter)"
                + ("" if version == 2 else ", as before protocol 2"),
                f"{wall * 1e3:.3f} ms/case = {ratio:.2f}x in process; CPU (runner + adapter) "
                f"{cpu * 1e3:.3f} ms/case = {cpu / cpu_in:.2f}x"
                + (f" (+{out['adapter_start_s']:.2f} s adapter start)" if version == 2 else ""),
                "<= 1.3x" if version == 2 else "-",
                verdict(ratio, TARGETS["protocol_ratio"], False) if version == 2 else "-",
            )
        )
    return rows


def scale_rows(grown: dict[str, Any]) -> list[Row]:
    figures = {int(n): f for n, f in grown["sizes"].items()}
    sizes = sorted(figures)
    high = sizes[-1]
    counts = " / ".join(f"{n:,}" for n in sizes)
    cpu = " / ".join(f"{figures[n]['per_case']['cpu_ms']:.2f}" for n in sizes)
    peaks = " / ".join(f"{figures[n]['maxrss_mb']:.0f}" for n in sizes)
    growth = " / ".join(f"{figures[n]['per_case']['memory_kb']:.1f}" for n in sizes)
    rows: list[Row] = [
        (
            f"generated suite, {counts} cases: load, validate, run",
            f"{cpu} ms CPU/case: {grown['ratio']:.2f}x at {high:,} "
            f"(validate {grown['load_ratio']:.2f}x, run {grown['run_ratio']:.2f}x)",
            f"<= {TARGETS['scale_ratio']}x",
            verdict(grown["ratio"], TARGETS["scale_ratio"], False),
        ),
        (
            f"peak memory, generated suite of {counts} cases",
            f"{peaks} MB ({growth} kB/case held by the loaded suite and verdicts; "
            f"the imports' peak {figures[high]['baseline_mb']:.0f} MB)",
            f"<= {TARGETS['peak_memory_mb']:.0f} MB at {high:,}",
            verdict(figures[high]["maxrss_mb"], TARGETS["peak_memory_mb"], False),
        ),
    ]
    wrong = {n: f["outcomes"] for n, f in figures.items() if set(f["outcomes"]) - {"pass"} or f["invalid"]}
    if wrong:
        rows.append(
            ("generated suite: every case valid and passing", f"not so: {wrong}", "all pass", "MISSED")
        )
    return rows


def table_rows(out: dict[str, Any]) -> list[Row]:
    """The measures, each as (measure, value, target, status)."""
    rows: list[Row] = []
    inproc = out["inprocess_s_per_case"]
    rate = 1 / inproc
    rows.append(
        (
            "suite in process (1 core)",
            f"{rate:,.0f} cases/s ({inproc * 1e3:.3f} ms/case; CPU "
            f"{out['inprocess_cpu_s_per_case'] * 1e3:.3f})",
            ">= 2,500 cases/s",
            verdict(rate, TARGETS["inprocess_cases_per_s"], True),
        )
    )
    per_case = out["validate_s"] * 1e3 / out["cases"]
    rows.append(
        (
            "validate the suite (mtgc validate)",
            f"{out['validate_s'] * 1e3:.0f} ms for {out['cases']} case(s) ({per_case:.2f} ms/case)",
            "<= 0.3 ms/case",
            verdict(per_case, TARGETS["validate_ms_per_case"], False),
        )
    )
    rows += protocol_rows(out)
    fuzz = out.get("fuzz")
    if fuzz:
        for area in AREAS:
            value = fuzz["per_area"].get(area)
            rows.append(
                (
                    f"fuzz {area} (1 worker)",
                    f"{value:,.0f} examples/s" if value else "n/a",
                    ">= 500 examples/s",
                    verdict(value, TARGETS["fuzz_examples_per_s"], True),
                )
            )
        two = fuzz["two_worker_ratio"]
        rows.append(
            (
                "fuzz 2 workers vs 1",
                f"{two:.2f}x",
                ">= 1.85x",
                verdict(two, TARGETS["fuzz_two_worker_ratio"], True),
            )
        )
    if out.get("phase_s_per_case") is not None:
        phase = out["phase_s_per_case"]
        rows.append(
            (
                f"phase-python via adapter ({out['phase_cases']} cases)",
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
                "<= 100 MB",
                verdict(memory["maxrss_mb"], TARGETS["peak_memory_mb"], False),
            )
        )
    if out.get("scale"):
        rows += scale_rows(out["scale"])
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
    return rows


def outcomes_line(out: dict[str, Any]) -> str:
    return (
        f"{out['cases']} case(s) x {out['passes']} passes; outcomes in process {out['outcomes']}, "
        f"via protocol {out['protocol_outcomes']}"
        + (f", phase {out['phase_outcomes']}" if out.get("phase_outcomes") else "")
    )


def print_table(out: dict[str, Any]) -> None:
    rows = table_rows(out)
    widths = [max(len(r[i]) for r in rows + [("measure", "value", "target", "status")]) for i in range(4)]
    line = "| " + " | ".join(f"{{:<{w}}}" for w in widths) + " |"
    print(
        f"\nload average before the run {out['load_before']}, after {out['load_after']}"
        f" on {out['cpus']} CPU(s)"
    )
    print(outcomes_line(out))
    if out.get("fuzz"):
        print(f"fuzz source: {out['fuzz']['source']}")
    print(line.format("measure", "value", "target", "status"))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(line.format(*row))


#: The sentence that opens the README's table: tests/test_readme.py reads the case count in it.
MARKDOWN_HEAD = (
    "Measured {date} by `python -m benchmarks --markdown` on {cpus} CPU(s), load average {load} before the "
    "run ({after} after), on {cases:,} cases:"
)


def print_markdown(out: dict[str, Any]) -> None:
    """The table as the README has it (its Performance section): date, load and case count first."""
    print(
        MARKDOWN_HEAD.format(
            date=out["date"],
            cpus=out["cpus"],
            load=out["load_before"][0],
            after=out["load_after"][0],
            cases=out["cases"],
        )
    )
    print()
    print("| measure | value | target | status |")
    print("|---|---|---|---|")
    for row in table_rows(out):
        print("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    print()
    print(outcomes_line(out) + ".")
