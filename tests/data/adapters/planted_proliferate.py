"""The reference engine with a planted bug, behind the adapter protocol: proliferate adds two counters
of each kind instead of one. The other engine of the differential fuzzing test."""

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import engine  # noqa: E402
import engine.effects as effects  # noqa: E402
from conformance.adapters.serve import main  # noqa: E402
from engine.counters import put_counters  # noqa: E402

real = effects.EFFECTS["proliferate"]


def proliferate_twice(ctx: Any, res: Any, p: Any) -> None:
    before = len(ctx.events)
    real(ctx, res, p)
    for e in [e for e in ctx.events[before:] if e["type"] == "counters_put"]:
        target = (
            ("player", e["player"])
            if "player" in e
            else ("object", e["object"], ctx.game.obj(e["object"]).epoch)
        )
        put_counters(ctx, target, {e["counter"]: 1}, res.controller)


effects.EFFECTS["proliferate"] = proliferate_twice
engine.ENGINE_NAME = "planted-proliferate"  # type: ignore[attr-defined]
sys.exit(main(["engine"]))
