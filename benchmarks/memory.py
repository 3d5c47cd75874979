"""Peak memory of a whole-suite run, measured in a fresh process.

    python -m benchmarks.memory [PASSES]   # prints {"maxrss_mb", "baseline_mb", "cases"}

``baseline_mb`` is the peak after the imports alone (interpreter + harness + engine).
"""

from __future__ import annotations

import json
import resource
import sys


def maxrss_mb() -> float:
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
