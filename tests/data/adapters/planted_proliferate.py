"""The reference engine with a planted bug, behind the adapter protocol: proliferate adds two counters
of each kind instead of one (tests/planted.py). The other engine of the differential fuzzing test."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from planted import proliferate_twice  # noqa: E402

import engine  # noqa: E402
import engine.registry as effects  # noqa: E402
from conformance.adapters.serve import main  # noqa: E402

effects.EFFECTS["proliferate"] = proliferate_twice
engine.ENGINE_NAME = "planted-proliferate"  # type: ignore[attr-defined]
sys.exit(main(["engine"]))
