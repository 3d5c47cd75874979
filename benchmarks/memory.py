"""Peak memory of a whole-suite run, measured in a fresh process.

    python -m benchmarks.memory [PASSES]   # prints {"maxrss_mb", "baseline_mb", "cases"}

``baseline_mb`` is the peak after the imports alone (interpreter + harness + engine).
"""

from __future__ import annotations

import json
import resource
import sys
from pathlib import Path


def maxrss_mb() -> float:
    """This process's peak resident memory. Linux's VmHWM, which starts afresh at exec; ru_maxrss does
    not (it keeps the peak of the forked parent, so a benchmark started from a big process reported
    the parent's size as its own "imports alone" figure). ru_maxrss where /proc is missing."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024  # kB
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def main(argv: list[str]) -> int:
    passes = int(argv[0]) if argv else 1
    import engine  # noqa: F401
    from conformance.cases.selection import select
    from conformance.cases.validate import validate
    from conformance.engines.inprocess import ModuleEngine
    from conformance.run.runner import run_cases

    baseline = maxrss_mb()
    validation = validate()
    cases = select(validation.cases)
    reference = ModuleEngine("engine")
    for _ in range(passes):
        run_cases(reference, cases, validation.catalogue_for)
    print(json.dumps({"maxrss_mb": maxrss_mb(), "baseline_mb": baseline, "cases": len(cases) * passes}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
