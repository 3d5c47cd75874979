"""Hypothesis settings profiles for the fuzz suite: ``dev`` (quick), ``ci``, ``nightly``.

Selected by ``--hypothesis-profile=NAME`` or, when that is not given, by ``$MTGC_HYPOTHESIS_PROFILE``
(default ``dev``; ``.ci/run`` sets ``ci``). Hypothesis's own ``ci`` profile (auto-loaded when ``CI`` is
set) has ``database=None``; ours overrides that name and keeps the example database, a
:class:`~hypothesis.database.DirectoryBasedExampleDatabase` that pytest-xdist workers share safely
(``$MTGC_HYPOTHESIS_DB``, default ``.hypothesis/examples`` in the repository), or a Redis server that
workers on many machines share (``$MTGC_HYPOTHESIS_DB=redis://HOST:PORT/N``; see
:mod:`conformance.fuzz.database`).

Hypothesis refuses ``derandomize=True`` together with a database (it implies ``database=None``), so
``ci`` derandomizes differently: :func:`derandomize` gives every test a fixed ``@seed`` derived from
its pytest node id (tests/conftest.py applies it), which keeps generation reproducible while the
database still replays and records failures.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from datetime import timedelta
from typing import TypedDict

from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.database import ExampleDatabase

from conformance.fuzz.database import example_database

ENV_PROFILE = "MTGC_HYPOTHESIS_PROFILE"
PROFILES = ("dev", "ci", "nightly", "regression")
SEEDED = ("ci", "regression")


class _Common(TypedDict):
    """Settings shared by every profile."""

    database: ExampleDatabase
    suppress_health_check: list[HealthCheck]


def register() -> None:
    common: _Common = {
        "database": example_database(),
        "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    }
    settings.register_profile("dev", max_examples=30, deadline=timedelta(seconds=2), **common)
    settings.register_profile(
        "ci", max_examples=60, deadline=None, print_blob=True, stateful_step_count=25, **common
    )
    settings.register_profile("nightly", max_examples=5000, deadline=None, stateful_step_count=200, **common)
    settings.register_profile("regression", phases=[Phase.explicit, Phase.reuse], deadline=None, **common)


def load(name: str | None = None) -> str:
    """Load ``name`` (or the one ``$MTGC_HYPOTHESIS_PROFILE`` names, default ``dev``); returns it."""
    register()
    chosen = name or os.environ.get(ENV_PROFILE) or "dev"
    settings.load_profile(chosen)
    return chosen


def derandomize(test: Callable[..., object], key: str) -> None:
    """Fix the seed of a Hypothesis test from ``key`` when the current profile is a seeded one."""
    if settings.get_current_profile_name() in SEEDED and getattr(test, "is_hypothesis_test", False):
        test = getattr(test, "__func__", test)  # a bound method (stateful TestCase): seed the function
        seed(int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big"))(test)
