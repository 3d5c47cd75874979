"""``mtgc fuzz``: a fuzzing campaign outside the test suite.

Workers (processes) run batches of the fuzz invariants of :mod:`conformance.fuzz.props` per area with
fresh random seeds until the example budget (``--examples``) or the time budget (``--minutes``) is
spent; a live display shows examples run and failures found; failures are saved as regression cases
(``--out``, default ``suites/staging/``). The summary reports examples per second per area.

``--database redis://HOST:PORT/N`` shares the examples between workers on many machines
(:mod:`conformance.fuzz.database`): every batch first replays the failures any worker saved. Each
property has a fixed database key (its area, its place and its source), so a failure found by one
process is the one every other process replays.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
import unittest
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from importlib.util import find_spec

AREAS = ("counters", "mana", "targeting")
BATCH = 25
PLAIN_EVERY = 10.0  # seconds between progress lines when the output is not a terminal


def _props(area: str, engine: str | None = None) -> list[Callable[[], None]]:
    if engine:
        from conformance.fuzz.differential import props

        return props(area, engine)
    from hypothesis import given
    from hypothesis import strategies as st

    from conformance.documents import Case
    from conformance.fuzz import copies_and_stack as copies
    from conformance.fuzz import props as fp
    from conformance.fuzz import protection_targets as protection
    from conformance.fuzz import restricted_mana as restricted
    from conformance.fuzz import strategies as gen

    def expected(case: Case) -> None:
        fp.check_expected(case)

    def expected_and_deterministic(case: Case) -> None:
        fp.check_expected(case)
        fp.check_deterministic(case)

    if area == "counters":
        cases = st.one_of(gen.proliferate_cases(), gen.counter_event_cases())
        return [given(cases)(expected_and_deterministic), given(copies.copy_with_counters_cases())(expected)]
    if area == "mana":
        return [
            given(gen.mana_cases(), st.data())(fp.check_mana),
            given(gen.mana_cases(), gen.extra_lands())(
                lambda case, extra: fp.check_could_produce(case, extra)
            ),
            given(restricted.restricted_mana_cases())(restricted.check_restricted_mana),
        ]
    return [
        given(gen.targeting_cases())(expected_and_deterministic),
        given(protection.protected_targets_cases())(expected),
        given(copies.ability_target_cases())(expected),
    ]


def database_key(area: str, index: int, inner: Callable[..., object]) -> bytes:
    """A property's key in the example database: stable across processes and machines.

    Hypothesis would key the test by the source of its inner function, which :func:`run_batch`
    replaces with a counting wrapper (one source for every property); the key is fixed first.
    """
    from hypothesis.internal.reflection import function_digest

    return f"mtgc-fuzz:{area}:{index}:".encode() + function_digest(inner)


def run_batch(
    area: str,
    examples: int,
    seed: int,
    profile: str,
    out: str | None,
    engine: str | None = None,
    database: str | None = None,
) -> tuple[str, int, int, float, str, str]:
    """One batch in a worker: (area, examples run, failures, seconds, failure message, database note)."""
    from hypothesis import HealthCheck, settings
    from hypothesis import seed as fix_seed

    from conformance.fuzz import profiles as hypothesis_profiles
    from conformance.fuzz.database import ENV_DB, SharedDatabase
    from conformance.fuzz.regressions import ENV_DIR

    if out:
        os.environ[ENV_DIR] = out
    if database:
        os.environ[ENV_DB] = database
    hypothesis_profiles.load(profile)
    count = [0]
    start = time.perf_counter()
    failures, message = 0, ""
    for index, prop in enumerate(_props(area, engine)):
        inner = prop.hypothesis.inner_test  # type: ignore[attr-defined]
        prop._hypothesis_internal_database_key = database_key(area, index, inner)  # type: ignore[attr-defined]

        def counted(*args: object, _inner: Callable[..., object] = inner, **kwargs: object) -> None:
            count[0] += 1
            _inner(*args, **kwargs)

        prop.hypothesis.inner_test = counted  # type: ignore[attr-defined]
        test = settings(
            max_examples=examples,
            deadline=None,
            report_multiple_bugs=False,
            suppress_health_check=list(HealthCheck),
        )(fix_seed(seed)(prop))
        try:
            test()
        except unittest.SkipTest:
            pass  # a replay-only profile (regression) with nothing saved for this property: not a failure
        except Exception as exc:
            failures += 1
            message = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    db = settings().database  # the loaded profile's
    note = f"{db.name} went away ({db.failed}); went on with {db.local!r}" if (
        isinstance(db, SharedDatabase) and db.failed) else ""
    return area, count[0], failures, time.perf_counter() - start, message, note


def cmd_fuzz(args: argparse.Namespace) -> int:
    if find_spec("hypothesis") is None:
        print("mtgc: fuzz needs Hypothesis, in the test extra: pip install -e '.[test]'", file=sys.stderr)
        return 2
    from rich.console import Console
    from rich.live import Live
    from rich.table import Table

    from conformance.fuzz.differential import AREAS as DIFFERENTIAL_AREAS

    out_console = Console(highlight=False)
    if args.engine and args.area not in (*DIFFERENTIAL_AREAS, "all"):
        print(f"mtgc: --engine replays the {' and '.join(DIFFERENTIAL_AREAS)} areas only: the "
              f"{args.area} cases leave their decisions to the reference engine's driver", file=sys.stderr)
        return 2
    if args.engine:
        from conformance.run.protocol import parse_command

        try:
            parse_command(args.engine)
        except ValueError as error:
            print(f"mtgc: bad --engine command {args.engine!r}: {error}", file=sys.stderr)
            return 2
    if args.database:
        from conformance.fuzz.database import DatabaseUnavailable, example_database

        try:
            example_database(args.database)
        except DatabaseUnavailable as error:
            print(f"mtgc: --database: {error}", file=sys.stderr)
            return 2
    areas = (DIFFERENTIAL_AREAS if args.engine else AREAS) if args.area == "all" else (args.area,)
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else None
    budget = None if deadline else args.examples
    stats = {a: {"examples": 0, "failures": 0, "seconds": 0.0, "batches": 0} for a in areas}
    messages: list[str] = []
    notes: set[str] = set()
    rng = random.Random()
    started = time.monotonic()

    def table() -> Table:
        t = Table(title=f"mtgc fuzz ({time.monotonic() - started:.0f}s)")
        for col in ("area", "examples", "failures", "examples/s"):
            t.add_column(col, justify="right" if col != "area" else "left")
        for a, s in stats.items():
            rate = s["examples"] / s["seconds"] if s["seconds"] else 0.0
            t.add_row(
                a, str(s["examples"]), str(s["failures"]), f"{rate:.1f}", style="red" if s["failures"] else ""
            )
        return t

    def line() -> str:
        """The progress as one plain line: what a CI log (no terminal) shows every PLAIN_EVERY s."""
        parts = [f"{a} {s['examples']:.0f} examples, {s['failures']:.0f} failures" for a, s in stats.items()]
        return f"mtgc fuzz {time.monotonic() - started:.0f}s: " + "; ".join(parts)

    pending: dict[Future[tuple[str, int, int, float, str, str]], str] = {}
    queued = dict.fromkeys(areas, 0)
    live = Live(table(), console=out_console) if out_console.is_terminal else None
    last_line = time.monotonic()
    with ProcessPoolExecutor(max_workers=args.workers) as pool, live or contextlib.nullcontext():

        def submit() -> None:
            while len(pending) < args.workers * 2:
                open_areas = [
                    a
                    for a in areas
                    if deadline is None
                    and queued[a] < (budget or 0)
                    or deadline is not None
                    and time.monotonic() < deadline
                ]
                if not open_areas:
                    return
                area = min(open_areas, key=lambda a: queued[a])  # round robin by examples queued
                n = BATCH if deadline is not None else min(BATCH, (budget or 0) - queued[area])
                queued[area] += n
                batch = (area, n, rng.getrandbits(32), args.profile, args.out, args.engine, args.database)
                pending[pool.submit(run_batch, *batch)] = area

        submit()
        while pending:
            done, _ = wait(list(pending), timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in done:
                pending.pop(fut)
                area, n, failures, seconds, message, note = fut.result()
                if note:
                    notes.add(note)
                s = stats[area]
                s["examples"] += n
                s["failures"] += failures
                s["seconds"] += seconds
                s["batches"] += 1
                if message:
                    messages.append(f"{area}: {message}")
            submit()
            if live is not None:
                live.update(table())
            elif time.monotonic() - last_line >= PLAIN_EVERY:
                print(line(), flush=True)
                last_line = time.monotonic()
    if live is None:
        out_console.print(table())
    for m in messages:
        out_console.print(m, style="red")
    for note in sorted(notes):
        out_console.print(f"shared example database: {note}", style="yellow")
    total = sum(int(s["failures"]) for s in stats.values())
    out_console.print(
        f"{total} failure(s); regression cases in {args.out or 'suites/staging/'}"
        if total
        else "no failures"
    )
    return 1 if total else 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fuzz`` to an argparse subparsers object (conformance/cli/__init__.py)."""
    p = sub.add_parser(
        "fuzz", help="run a fuzzing campaign on the reference engine (or against another engine: --engine); "
        "save failures as cases"
    )
    p.add_argument("--area", choices=[*AREAS, "all"], default="all")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument(
        "--examples", type=int, default=200, metavar="N", help="examples per area (default 200)"
    )
    budget.add_argument("--minutes", type=float, metavar="M", help="run for M minutes instead")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="N")
    p.add_argument("--profile", default="dev", help="Hypothesis profile (dev, ci, nightly)")
    p.add_argument("--out", metavar="DIR", help="where failures are saved (default suites/staging/)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="the example database: a directory, or redis://HOST:PORT/N shared by workers on many machines "
        "(every batch replays the failures saved there first; default $MTGC_HYPOTHESIS_DB or "
        ".hypothesis/examples)",
    )
    p.add_argument(
        "--engine",
        metavar="COMMAND",
        help="differential: replay each generated case on this adapter too (as mtgc certify --engine) "
        "and save the cases where it disagrees with the reference engine",
    )
    p.set_defaults(func=cmd_fuzz)
