"""``python -m benchmarks.schema_check``: checking engine observations against the protocol's schema.

The job is the one ``conformance.run.protocol`` does for every answer an adapter sends: is this observation
valid under ``spec/protocol/result.json``'s ``observation``? The batch is real: the reference engine's
observation of every case of the suite (about 800). Each checker validates the whole batch; the
repetitions are interleaved so a noisy machine slows them alike, and each figure is the median.

Checkers: ``jsonschema-rs`` (conformance/run/quickcheck.py, the quick check in front of jsonschema),
``jsonschema`` (``Draft202012Validator.is_valid``, the baseline) and, in a checkout that still has it,
``fastschema`` (conformance/fastschema.py, the hand-written subset checker that quickcheck replaced).
With ``--only NAME`` the script builds the batch and runs that one checker ``--loops`` times, for timing
whole processes from outside.

Measured when quickcheck replaced fastschema (797 observations, 2-core machine, median of 9 passes):
fastschema 64.7 ms a batch (81 µs an observation), jsonschema-rs 12.9 ms (16 µs; 0.20x), jsonschema
597 ms (749 µs; 9.2x). Whole processes (engine run on the suite, then 20 passes), A/B cpu median 1.29.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

JSON = Any
Check = Callable[[JSON], bool]


def observations() -> list[JSON]:
    """The reference engine's observation of every valid case of the suite."""
    import engine
    from conformance.cases.validate import validate
    from conformance.run.runner import gather_cards

    result = validate(None)
    out = []
    for case in result.cases:
        out.append(engine.run_case(case.data, gather_cards(case.data, result.catalogue_for(case))))
    return out


def observation_schema() -> JSON:
    from conformance.run.protocol import observation_validator

    return observation_validator().schema


def checkers(schema: JSON) -> dict[str, Callable[[], Check]]:
    """name -> a function that compiles the checker (compiling is timed apart)."""

    def fast() -> Check:
        check = importlib.import_module("conformance.fastschema").quick_check(schema)
        assert check is not None, "fastschema does not cover the observation schema"
        return check  # type: ignore[no-any-return]

    def rust() -> Check:
        from conformance.run.quickcheck import quick_check

        check = quick_check(schema)
        assert check is not None, "jsonschema-rs cannot compile the observation schema"
        return check

    def python() -> Check:
        from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

        return Draft202012Validator(schema).is_valid  # type: ignore[no-any-return]

    found: dict[str, Callable[[], Check]] = {"jsonschema-rs": rust, "jsonschema": python}
    try:
        importlib.import_module("conformance.fastschema")
        found["fastschema"] = fast
    except ImportError:
        pass  # replaced by quickcheck; in an older checkout it is compared too
    return found


def timed(check: Check, batch: list[JSON]) -> float:
    start = time.perf_counter()
    ok = all(check(o) for o in batch)
    seconds = time.perf_counter() - start
    assert ok, "an observation of the reference engine is invalid"
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=15, help="interleaved repetitions (default 15)")
    parser.add_argument("--only", help="run only this checker --loops times (for whole-process timing)")
    parser.add_argument("--loops", type=int, default=20, help="with --only: passes over the batch")
    args = parser.parse_args(argv)

    batch = observations()
    schema = observation_schema()
    found = checkers(schema)
    if args.only:
        check = found[args.only]()
        for _ in range(args.loops):
            timed(check, batch)
        return 0

    compile_ms: dict[str, float] = {}
    compiled: dict[str, Check] = {}
    for name, make in found.items():
        start = time.perf_counter()
        compiled[name] = make()
        compile_ms[name] = (time.perf_counter() - start) * 1000
    times: dict[str, list[float]] = {name: [] for name in compiled}
    for _ in range(args.repeat):
        for name, check in compiled.items():
            times[name].append(timed(check, batch))
    size = len(batch)
    print(f"{size} observations (the reference engine on the suite), "
          f"median of {args.repeat} interleaved passes")
    print(f"{'checker':<14} {'compile ms':>10} {'batch ms':>9} {'µs/obs':>8} {'vs jsonschema-rs':>17}")
    base = statistics.median(times["jsonschema-rs"])
    for name, values in times.items():
        med = statistics.median(values)
        print(f"{name:<14} {compile_ms[name]:>10.2f} {med * 1000:>9.2f} {med / size * 1e6:>8.1f} "
              f"{med / base:>16.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
