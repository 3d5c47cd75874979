"""A bug planted in the reference engine for the fuzzers' capture tests: proliferate adds two counters
of each kind instead of one (CR 701.34a says one)."""

from __future__ import annotations

from typing import Any

import engine.registry as effects
from engine.counters import put_counters

REAL_PROLIFERATE = effects.EFFECTS["proliferate"]


def proliferate_twice(ctx: Any, res: Any, p: Any) -> None:
    before = len(ctx.events)
    REAL_PROLIFERATE(ctx, res, p)
    for e in [e for e in ctx.events[before:] if e["type"] == "counters_put"]:
        target = (
            ("player", e["player"])
            if "player" in e
            else ("object", e["object"], ctx.game.obj(e["object"]).epoch)
        )
        put_counters(ctx, target, {e["counter"]: 1}, res.controller)


def the_saved_case(fuzz: Any, directory: Any) -> dict[str, Any]:
    """Run a fuzz test that must fail; the one regression case it saved in ``directory``, checked valid."""
    import json

    import pytest

    from conformance.fuzz.regressions import InvariantFailed, case_problems

    with pytest.raises(InvariantFailed):
        fuzz()
    files = sorted(directory.glob("*.json"))
    assert len(files) == 1
    case: dict[str, Any] = json.loads(files[0].read_text())
    assert case_problems(case) == []
    return case
