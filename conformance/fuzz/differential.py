"""Differential fuzzing: the same generated cases replayed on the reference engine and on another engine.

The strategies of :mod:`conformance.fuzz.strategies` draw complete cases (setup, script, decisions). Each is
run on the reference engine (in process) and on the other engine (through its adapter, like
``mtgc certify``), and the two observations are compared on what the rules decide: every setup
object's zone, counters, power and toughness, damage and tapped state; every player's life, counters
and mana pool; which script steps were accepted; whether a decision was left unanswered. Created
tokens and the order of events are not compared (engines name tokens differently, and order what
happens at the same moment differently). A disagreement is a failing example: Hypothesis shrinks it
and the smallest one is written as a case (``origin.kind: differential``) whose ``expect`` is the
reference engine's result on the points of disagreement (on top of the case's own oracle ``expect``), so
it fails on the other engine and passes on the reference one until someone decides otherwise.

Cases the other engine reports as unsupported are skipped. The mana area is not replayed: its cases
leave their decisions to a driver that answers them from the reference engine's own state.
"""

from __future__ import annotations

import atexit
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from conformance.documents import Case, Observation, SetupZone
from conformance.engines.inprocess import ModuleEngine
from conformance.fuzz.regressions import report, with_forced_marks
from conformance.interface import RunResult
from conformance.run.compare import unofferable

if TYPE_CHECKING:
    from conformance.run.protocol import ProtocolEngine

AREAS = ("counters", "targeting")
OBJECT_FIELDS = ("zone", "counters", "power", "toughness", "damage", "tapped")
PLAYER_FIELDS = ("life", "counters", "mana_pool")

_reference = ModuleEngine("engine")
_others: dict[tuple[int, str], ProtocolEngine] = {}


def other_engine(command: str, timeout: float = 10.0) -> ProtocolEngine:
    """One adapter process per command in this (worker) process, stopped at exit. Keyed by process id: a
    forked worker must start its own adapter, not talk to its parent's pipes (whose reader thread it
    doesn't have)."""
    key = (os.getpid(), command)
    if key not in _others:
        from conformance.engines import get_engine
        from conformance.run.protocol import ProtocolEngine

        engine = get_engine(command, timeout)  # a name (phase) or a command, as for mtgc certify
        if not isinstance(engine, ProtocolEngine):
            raise ValueError(f"{command!r} runs in process: the differential replay needs an adapter")
        engine.start()
        atexit.register(engine.close)
        _others[key] = engine
    return _others[key]


SETUP_ZONES: tuple[SetupZone, ...] = ("battlefield", "hand", "graveyard", "library", "exile")


def _setup_aliases(case: Case) -> list[str]:
    out = []
    for player in case["setup"]["players"]:
        for zone in SETUP_ZONES:
            out += [o["alias"] for o in player.get(zone, [])]
    return out


def _nonzero(amounts: object) -> dict[str, object]:
    counts = amounts or {}
    if not isinstance(counts, dict):
        raise AttributeError(f"{type(counts).__name__!r} object has no attribute 'items'")
    return {k: v for k, v in counts.items() if v}


def facts(case: Case, result: RunResult) -> dict[str, object]:
    """What the comparison looks at, keyed ``objects.<alias>.<field>`` / ``players.<alias>.<field>``."""
    if result.status != "observed":
        return {"result": f"{result.status}: {result.reason}"[:300]}
    obs: Observation = result.observation or {"steps": []}
    out: dict[str, object] = {"steps": [s.get("outcome") for s in obs.get("steps") or []]}
    unanswered = obs.get("unanswered")
    if unanswered:
        out["unanswered"] = f"{unanswered.get('kind')} for {unanswered.get('player')}"
        return out
    final = obs.get("final") or {}
    objects = {o.get("ref"): o for o in final.get("objects") or []}
    for alias in _setup_aliases(case):
        o = objects.get(alias)
        for field in OBJECT_FIELDS:
            value = None if o is None else o.get(field)
            out[f"objects.{alias}.{field}"] = _nonzero(value) if field == "counters" else value
    for alias, p in (final.get("players") or {}).items():
        for field in PLAYER_FIELDS:
            value = p.get(field)
            out[f"players.{alias}.{field}"] = _nonzero(value) if field != "life" else value
    return out


def disagreements(reference: Mapping[str, object], other: Mapping[str, object]) -> list[str]:
    """The points where the two engines' facts differ, in words."""
    return [
        f"{key}: reference {reference.get(key)!r}, other engine {other.get(key)!r}"
        for key in sorted(set(reference) | set(other))
        if reference.get(key) != other.get(key)
    ]


def _object_in(mapping: dict[str, object], key: str) -> dict[str, object]:
    """``mapping[key]``, an object (set to an empty one when missing)."""
    value = mapping.setdefault(key, {})
    if not isinstance(value, dict):
        raise TypeError(f"{key!r} is {type(value).__name__}, not an object")
    return value


def expect_from(
    case: Case, reference: Mapping[str, object], keys: list[str], observed: RunResult | None = None
) -> dict[str, object]:
    """The case's own ``expect`` plus the reference engine's result on the disagreeing ``keys``
    (checked with the rest of the regression case before it is written). A step the reference
    engine refused is expected refused for the rule it gave (``observed``: its answer)."""
    expect: dict[str, object] = {k: v for k, v in (case.get("expect") or {}).items()}
    for key in keys:
        parts = key.split(".")
        if len(parts) == 3 and parts[0] in ("objects", "players"):
            section, alias, field = parts
            value = reference.get(key)
            if section == "objects" and field in ("power", "toughness", "damage", "tapped") and value is None:
                continue  # not a creature / not on the battlefield: the zone says it
            view = _object_in(_object_in(expect, section), alias)
            view.setdefault(field, value)
        elif key == "steps":
            steps = reference.get("steps") or []
            rejected = [i for i, s in enumerate(steps if isinstance(steps, list) else []) if s == "rejected"]
            expect.setdefault("rejected", [{"step": i, "rule": _rule_of(observed, i)} for i in rejected])
    return expect


def _rule_of(observed: RunResult | None, step: int) -> str:
    """The rule the reference engine gave for refusing script step ``step`` (CR 100.1 if none)."""
    observation = observed.observation if observed is not None else None
    steps = list(observation.get("steps") or []) if observation else []
    rule = steps[step].get("rule") if step < len(steps) else None
    return rule if isinstance(rule, str) and rule else "100.1"


def check_agree(case: Case, command: str, area: str) -> None:
    """The reference engine and the engine behind ``command`` agree on ``case`` (else a regression case)."""
    from conformance.run.protocol import AdapterFailure

    other = other_engine(command)
    info = other.info()
    if set(case.get("features") or ()) & info.unsupported_features:
        return
    try:
        result = other.run(case, {})
    except AdapterFailure as failure:  # a crash or a hang is a disagreement too; the adapter restarts
        result = RunResult("error", reason=f"the adapter failed ({failure.kind}): {failure.message}")
    if result.status == "unsupported":
        return
    reference = _reference.run(case, {})
    ref = facts(case, reference)
    mine = facts(case, result)
    problems = disagreements(ref, mine)
    if not problems:
        return
    marked = cast(Case, with_forced_marks(dict(case)))
    if result.status == "observed" and unofferable(marked, result.observation):
        return  # an illegal answer to a forced decision the engine took itself: not applicable (spec 1.4)
    keys = [p.split(":", 1)[0] for p in problems]
    report(
        case,
        area=area,
        invariant="engines-agree",
        rules=case.get("rules") or ["100.1"],
        problems=problems,
        expect=expect_from(case, ref, keys, reference),
        engine=f"{info.name} {info.version}",
    )


def props(area: str, command: str) -> list[Callable[[], None]]:
    """Hypothesis tests for ``area`` that replay generated cases on both engines."""
    from hypothesis import given
    from hypothesis import strategies as st

    from conformance.fuzz import strategies as gen
    from conformance.fuzz.copies_and_stack import ability_target_cases, copy_with_counters_cases
    from conformance.fuzz.protection_targets import protected_targets_cases

    if area == "counters":
        cases = st.one_of(gen.proliferate_cases(), gen.counter_event_cases(), copy_with_counters_cases())
    elif area == "targeting":
        cases = st.one_of(gen.targeting_cases(), protected_targets_cases(), ability_target_cases())
    else:
        raise ValueError(f"differential fuzzing has no area {area!r} (areas: {', '.join(AREAS)})")

    def agree(case: Case) -> None:
        check_agree(case, command, area)

    return [given(cases)(agree)]
