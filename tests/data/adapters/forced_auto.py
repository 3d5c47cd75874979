"""The reference engine behind the adapter protocol, taking every forced decision itself without asking
(spec/README.md 1.4 allows it): the other engine of the differential test on illegal forced answers."""

import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT)]

import engine  # noqa: E402
from conformance.adapters.serve import main  # noqa: E402
from engine.scenario import run_case  # noqa: E402

engine.run_case = partial(run_case, prompt_forced=False)  # type: ignore[assignment]
engine.ENGINE_NAME = "forced-auto"  # type: ignore[attr-defined]
sys.exit(main(["engine"]))
