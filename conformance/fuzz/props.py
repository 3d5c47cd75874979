"""The fuzz invariants, as plain functions of a generated case (and a Hypothesis ``data`` for random
decisions), shared by the test-suite (tests/test_fuzz_*.py) and ``mtgc fuzz``.

Each check runs the case on the reference engine and calls :func:`conformance.fuzz.regressions.report`
with what went wrong, which raises and, on the final replay, saves the case as a regression.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from hypothesis import strategies as st

from conformance.cases.loader import CaseFile
from conformance.documents import Case, Expect, Observation
from conformance.engines.inprocess import ModuleEngine
from conformance.fuzz.regressions import report
from conformance.fuzz.roundtrip import (
    Chooser,
    case_from_game,
    case_setup_view,
    drive,
    setup_view,
    zone_census,
)
from conformance.interface import Verdict
from conformance.run.runner import Recording
from conformance.run.runner import run_case as run_and_judge
from engine import build, run_case
from engine.context import Decision
from engine.mana import could_produce
from engine.state import MANA_TYPES, Game


# -- random answers to pending decisions ---------------------------------------------------------
def chooser(data: st.DataObject) -> Chooser:
    """Answer a decision with a random legal-looking choice from its options (forced answers kept)."""

    def choose(game: Game, d: Decision) -> object:
        forced = d.info.get("forced") if d.info else None
        if forced is not None:
            return forced[0]
        opts = list(d.options)
        if d.kind == "x":
            return data.draw(st.integers(0, 3), label="x")
        if d.kind == "targets":
            slots = d.info.get("slots", ()) if d.info else ()
            return tuple(data.draw(st.sampled_from(s), label="target") for s in slots if s)
        if d.kind in ("proliferate", "sacrifice", "discard", "new_targets"):
            if not opts:
                return ()
            size = st.integers(d.low, max(d.low, min(d.high, len(opts))))
            n = data.draw(size, label="how many")
            return tuple(data.draw(st.permutations(opts), label=d.kind)[:n])
        if d.kind == "trigger_order":
            return tuple(data.draw(st.permutations(opts), label="order"))
        if d.kind == "distribute":
            total = int(d.info.get("total", len(opts)))
            split = [1] * len(opts)
            for _ in range(total - len(opts)):
                split[data.draw(st.integers(0, len(opts) - 1), label="share")] += 1
            return tuple(zip(opts, split, strict=True))
        if not opts:
            return None
        return data.draw(st.sampled_from(opts), label=d.kind)

    return choose


def _counts_ok(obs: Observation) -> list[str]:
    """CR 122: no counter count is negative (and 0 is not reported)."""
    final = obs.get("final") or {}
    bad = [
        f"{o['ref']} has {n} {k} counters"
        for o in final.get("objects", ())
        for k, n in o["counters"].items()
        if n <= 0
    ]
    bad += [
        f"{a} has {n} {k} counters"
        for a, p in final.get("players", {}).items()
        for k, n in p["counters"].items()
        if n <= 0
    ]
    return bad


def _both_pt(obs: Observation) -> list[str]:
    """CR 704.5q: no permanent keeps both +1/+1 and -1/-1 counters."""
    return [
        f"{o['ref']} has both +1/+1 and -1/-1 counters: {o['counters']}"
        for o in (obs.get("final") or {}).get("objects", ())
        if o["zone"] == "battlefield" and o["counters"].get("+1/+1") and o["counters"].get("-1/-1")
    ]


def _crimes(case: Case, obs: Observation) -> list[str]:
    """CR 700.13: at most one crime per spell or ability."""
    seen = Counter(
        (e.get("player"), e.get("source")) for e in obs["events"] if e["type"] == "crime_committed"
    )
    return [f"{p} committed {n} crimes for {s}" for (p, s), n in seen.items() if n > 1]


def _census(case: Case) -> list[str]:
    from engine.scenario import Script

    game, refs = build(case, {})
    script = Script(case, game, refs)
    script.run()
    return zone_census(script.game)


_REFERENCE = Recording(ModuleEngine("engine"))


def replay(case: Case) -> tuple[Verdict, Observation | None]:
    """The generated case run and judged on the reference engine by the runner every run path uses
    (:func:`conformance.run.runner.run_case`); the verdict and the observation (None if there is none)."""
    verdict = run_and_judge(_REFERENCE, None, CaseFile(Path("<generated>"), "fuzz", case), {})
    return verdict, _REFERENCE.last.observation if _REFERENCE.last is not None else None


def check_expected(case: Case) -> dict[str, object]:
    """The case's oracle ``expect`` holds on the engine, plus the invariants every run must keep."""
    origin = case["origin"]
    verdict, obs = replay(case)
    problems = [
        d.message or f"{d.where}: expected {d.expected!r}, got {d.observed!r}" for d in verdict.differences
    ]
    if verdict.outcome not in ("pass", "fail"):
        problems.append(f"{verdict.outcome}: {verdict.message}")
    if obs is not None:
        problems += _counts_ok(obs) + _both_pt(obs) + _crimes(case, obs) + _census(case)
    report(case, area=origin["area"], invariant=origin["invariant"], rules=case["rules"], problems=problems)
    assert obs is not None  # a pass or a fail has an observation; any other outcome was reported above
    return dict(obs)


def check_deterministic(case: Case) -> None:
    """Same state + same decisions = same result (the engine is a function of the case)."""
    first, second = run_case(case, {}), run_case(case, {})
    problems = [] if first == second else ["two runs of the same case gave different observations"]
    report(case, area=case["origin"]["area"], invariant="deterministic", rules=["100.1"], problems=problems)


def check_roundtrip(case: Case) -> None:
    """build() matches the setup, and state -> case JSON -> state is the identity (CR 400: zones)."""
    game, refs = build(case, {})
    view = setup_view(game, refs)
    problems = [] if view == case_setup_view(case) else [f"build() does not match the setup: {view}"]
    again, refs2 = build({**case, **case_from_game(game, refs, case.get("cards", ()))}, {})
    if setup_view(again, refs2) != view:
        problems.append("build(case_from_game(build(case))) differs from build(case)")
    problems += zone_census(game)
    report(
        case,
        area=case["origin"]["area"],
        invariant="roundtrip",
        rules=["400.1"],
        problems=problems,
        expect={},
    )


# -- mana --------------------------------------------------------------------------------------------
def check_mana(case: Case, data: st.DataObject) -> None:
    """CR 106.3/106.12: the mana added to the pool is the mana produced, of types the source could
    produce (CR 106.7); a source that could produce no type produces nothing."""
    game, refs = build(case, {})
    could = {oid: could_produce(game, oid) for oid in game.battlefield}
    played, obs, script = drive(case, chooser(data))
    problems = [
        f"step {i} was rejected: {s.get('reason')}"
        for i, s in enumerate(obs["steps"])
        if s["outcome"] != "ok"
    ]
    start = {p["alias"]: p.get("mana_pool", {}) for p in case["setup"]["players"]}
    added: dict[str, Counter[str]] = {a: Counter(pool) for a, pool in start.items()}
    tapped = {
        step["source"]
        for step in case["script"]
        if step["action"] == "activate" and isinstance(step["source"], str)  # a mana case's are aliases
    }
    for e in obs["events"]:
        if e["type"] != "mana_added":
            continue
        player = e["player"]
        assert player is not None, f"mana added to no player: {e}"
        added[player].update(e["mana"])
        if any(n <= 0 for n in e["mana"].values()) or not set(e["mana"]) <= set(MANA_TYPES):
            problems.append(f"bad mana event {e}")
        if e["source"] in tapped:
            types = could[refs.by_alias[e["source"]]]
            if not set(e["mana"]) <= types:
                problems.append(f"{e['source']} added {e['mana']}, but could produce only {sorted(types)}")
    for alias, pool in obs["final"]["players"].items():
        if Counter(pool["mana_pool"]) != +added[alias]:
            problems.append(
                f"{alias}'s pool is {pool['mana_pool']}, but the mana added was {dict(+added[alias])}"
            )
    for alias in tapped:
        if not could[refs.by_alias[alias]] and any(
            e["type"] == "mana_added" and e["source"] == alias for e in obs["events"]
        ):
            problems.append(f"{alias} could produce no type of mana but produced some (CR 106.7)")
    expect: Expect = {"players": {a: {"mana_pool": dict(+c)} for a, c in added.items()}}
    report(
        played,
        area="mana",
        invariant="mana-produced-equals-mana-added",
        rules=["106.3", "106.7", "106.12"],
        problems=problems + zone_census(script.game),
        expect=expect,
    )


def check_could_produce(case: Case, extra: tuple[str, str], budget: float = 2.0) -> None:
    """CR 106.7: could-produce terminates (within a time budget) and is monotone: adding a land never
    removes a type any permanent could produce."""
    from conformance.fuzz.strategies import MANA_LANDS

    game, refs = build(case, {})
    start = time.perf_counter()
    before = {refs.alias_of[oid]: could_produce(game, oid) for oid in game.battlefield}
    elapsed = time.perf_counter() - start
    who, land = extra
    players = [p.copy() for p in case["setup"]["players"]]
    for p in players:
        if p["alias"] == who:
            p["battlefield"] = [*p.get("battlefield", ()), {"alias": "added_land", "card": land}]
    bigger: Case = {
        **case,
        "setup": {**case["setup"], "players": players},
        "cards": [*[c for c in case["cards"] if c["name"] != land], MANA_LANDS[land]],
    }
    game2, refs2 = build(bigger, {})
    after = {refs2.alias_of[oid]: could_produce(game2, oid) for oid in game2.battlefield}
    problems = [f"could-produce took {elapsed:.2f}s"] if elapsed > budget else []
    problems += [
        f"object {oid}: {sorted(types)} became {sorted(after[oid])} when a {land} was added for {who}"
        for oid, types in before.items()
        if not types <= after[oid]
    ]
    problems += [
        f"object {oid} could produce {types}" for oid, types in after.items() if not types <= set(MANA_TYPES)
    ]
    report(
        bigger, area="mana", invariant="could-produce-monotone", rules=["106.7"], problems=problems, expect={}
    )
