"""Run cases on an :class:`~conformance.interface.Engine` and judge each one.

One case never takes the run down: whatever the engine raises becomes that case's ``crash``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.compare import MalformedObservation, compare, unofferable
from conformance.interface import Engine, EngineInfo, Outcome, RunResult, Verdict
from conformance.loader import CaseFile, Catalogue, cards_used, inline_cards

JSON = Any
OUTCOMES = ("pass", "fail", "error", "crash", "timeout", "skipped", "not_applicable")


def case_seeds(case: JSON) -> tuple[str, ...]:
    """The founding seed a case is built on: its ruling's, or its rules-text origin's (common-…)."""
    seeds = []
    for key in ("ruling", "origin"):
        source = case.get(key) if isinstance(case, dict) else None
        seed = source.get("seed") if isinstance(source, dict) else None
        if isinstance(seed, str):
            seeds.append(seed)
    return tuple(seeds)


def select(cases: Iterable[CaseFile], keyword: str | None = None) -> list[CaseFile]:
    """Cases whose id or title contains ``keyword`` (case-insensitive), in id order."""
    chosen = []
    needle = (keyword or "").casefold()
    for case in cases:
        title = str(case.data.get("title", "")) if isinstance(case.data, dict) else ""
        if not needle or needle in case.case_id.casefold() or needle in title.casefold():
            chosen.append(case)
    return sorted(chosen, key=lambda c: (c.topic, c.case_id))


def gather_cards(case: JSON, catalogue: Catalogue) -> dict[str, JSON]:
    """Every card the case uses: the setup's cards from the catalogue, names its ``find`` queries
    mention that the catalogue has (tokens made during the case), and its own inline ``cards``."""
    names = list(cards_used(case))
    expect = case.get("expect", {}) if isinstance(case, dict) else {}
    views = [expect, *(expect.get("snapshots", {}) or {}).values()] if isinstance(expect, dict) else []
    for view in views:
        for item in view.get("find", []) if isinstance(view, dict) else []:
            name = item.get("query", {}).get("name") if isinstance(item, dict) else None
            if isinstance(name, str) and name not in names:
                names.append(name)
    cards = {name: catalogue.cards[name] for name in names if name in catalogue.cards}
    cards.update(inline_cards(case))
    # Tokens the cards' abilities create (CR 111.10) are definitions the engine needs too.
    todo = list(cards.values())
    while todo:
        card = todo.pop()
        for token in _token_names(card.get("abilities") if isinstance(card, dict) else None):
            if token not in cards and token in catalogue.cards:
                cards[token] = catalogue.cards[token]
                todo.append(cards[token])
    return cards


def _token_names(node: Any) -> list[str]:
    """Names of token definitions a card's ``abilities`` create (``create_token`` effects)."""
    found: list[str] = []
    if isinstance(node, dict):
        if node.get("do") == "create_token" and isinstance(node.get("token"), str):
            found.append(node["token"])
        for value in node.values():
            found.extend(_token_names(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_token_names(value))
    return found


@dataclass
class RunOptions:
    exclude_features: frozenset[str] = frozenset()


def _outcome_for_exception(exc: BaseException) -> Outcome:
    if isinstance(exc, TimeoutError) or "Timeout" in type(exc).__name__:
        return "timeout"
    return "crash"


def judge(case: CaseFile, result: RunResult, seconds: float) -> Verdict:
    data = case.data
    common: dict[str, Any] = {
        "case_id": case.case_id,
        "topic": case.topic,
        "seconds": seconds,
        "features": tuple(data.get("features", ())),
        "seeds": case_seeds(data),
    }
    if result.status == "unsupported":
        return Verdict(
            outcome="not_applicable", message=f"the engine does not support it: {result.reason}", **common
        )
    if result.status == "error":
        return Verdict(outcome="error", message=f"the engine reported an error: {result.reason}", **common)
    try:
        differences = compare(data, result.observation)
    except MalformedObservation as exc:
        return Verdict(outcome="error", message=f"malformed observation: {exc}", **common)
    why_not = unofferable(data, result.observation)
    if why_not is not None:
        return Verdict(outcome="not_applicable", message=why_not, **common)
    if differences:
        return Verdict(outcome="fail", differences=tuple(differences), **common)
    return Verdict(outcome="pass", **common)


def run_case(
    engine: Engine,
    info: EngineInfo | None,
    case: CaseFile,
    catalogue: Catalogue,
    options: RunOptions | None = None,
) -> Verdict:
    options = options or RunOptions()
    data = case.data
    features = tuple(data.get("features", ()))
    common: dict[str, Any] = {
        "case_id": case.case_id,
        "topic": case.topic,
        "features": features,
        "seeds": case_seeds(data),
    }
    excluded = sorted(set(features) & options.exclude_features)
    if excluded:
        return Verdict(outcome="skipped", message=f"excluded feature(s): {', '.join(excluded)}", **common)
    unsupported = sorted(set(features) & set(info.unsupported_features)) if info else []
    if unsupported:
        return Verdict(
            outcome="not_applicable",
            message=f"the engine declares unsupported: {', '.join(unsupported)}",
            **common,
        )
    start = time.perf_counter()
    try:
        result = engine.run(data, gather_cards(data, catalogue))
    except Exception as exc:  # the engine's failure costs this case, not the run
        outcome = _outcome_for_exception(exc)
        return Verdict(
            outcome=outcome,
            message=f"{type(exc).__name__}: {exc}",
            seconds=time.perf_counter() - start,
            **common,
        )
    return judge(case, result, time.perf_counter() - start)


def run_cases(
    engine: Engine,
    cases: Sequence[CaseFile],
    catalogue_for: Callable[[CaseFile], Catalogue],
    options: RunOptions | None = None,
    on_verdict: Callable[[Verdict], None] | None = None,
    info: EngineInfo | None = None,
) -> tuple[EngineInfo | None, list[Verdict]]:
    """Run every case in order. ``engine.info()`` failing is reported as a crash of every case."""
    try:
        info = info or engine.info()
    except Exception as exc:
        message = f"the engine failed its handshake: {type(exc).__name__}: {exc}"
        verdicts = [
            Verdict(
                case.case_id,
                case.topic,
                "crash",
                message=message,
                features=tuple(case.data.get("features", ())),
                seeds=case_seeds(case.data),
            )
            for case in cases
        ]
        for verdict in verdicts:
            if on_verdict:
                on_verdict(verdict)
        return None, verdicts
    verdicts = []
    for case in cases:
        verdict = run_case(engine, info, case, catalogue_for(case), options)
        verdicts.append(verdict)
        if on_verdict:
            on_verdict(verdict)
    return info, verdicts


def summarize(verdicts: Iterable[Verdict]) -> dict[str, dict[str, int]]:
    """topic -> outcome -> count (every outcome present, 0 when none)."""
    table: dict[str, dict[str, int]] = {}
    for verdict in verdicts:
        row = table.setdefault(verdict.topic, dict.fromkeys(OUTCOMES, 0))
        row[verdict.outcome] += 1
    return dict(sorted(table.items()))


def seeds_covered(verdicts: Iterable[Verdict] | Iterable[Mapping[str, JSON]]) -> set[str]:
    covered: set[str] = set()
    for item in verdicts:
        covered.update(item.seeds if isinstance(item, Verdict) else case_seeds(item))
    return covered
