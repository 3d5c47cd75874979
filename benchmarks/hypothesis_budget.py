"""pytest plugin (``-p benchmarks.hypothesis_budget``): a fixed, derandomized Hypothesis budget.

``MTGC_BENCH_EXAMPLES`` examples per test, no database, no shrinking, no deadline, so the timing of
``pytest tests/test_fuzz_*.py -n 1`` and ``-n 2`` compares the same work.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "mtgc-bench",
    max_examples=int(os.environ.get("MTGC_BENCH_EXAMPLES", "300")),
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
settings.load_profile("mtgc-bench")
