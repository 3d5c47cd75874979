"""The one runner: run cases on an :class:`~conformance.interface.Engine` and judge each one.

``mtgc run``, ``mtgc certify``, ``mtgc explain``, the pytest plugin and the fuzzers' replay all go
through :func:`run_case` (and :func:`run_cases` for many): the reference engine in process and a
third-party engine behind its adapter are judged by the same code. One case never takes the run down:
whatever the engine raises becomes that case's ``crash`` (or ``timeout``).
"""

from __future__ import annotations

import contextlib
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypedDict

from conformance.cases.loader import CaseFile, Catalogue, cards_used, inline_cards
from conformance.documents import Card, Case
from conformance.interface import (
    BAD_OUTCOMES,
    OUTCOMES,
    Engine,
    EngineFailure,
    EngineInfo,
    RunResult,
    Verdict,
)
from conformance.run.breaker import GIVE_UP_AFTER, Breaker
from conformance.run.compare import MalformedObservation, compare, unofferable


def case_seeds(case: Case) -> tuple[str, ...]:
    """The founding seed a case is built on: its ruling's, or its rules-text origin's (common-…)."""
    seeds = []
    for key in ("ruling", "origin"):
        source = case.get(key) if isinstance(case, dict) else None
        seed = source.get("seed") if isinstance(source, dict) else None
        if isinstance(seed, str):
            seeds.append(seed)
    return tuple(seeds)


def gather_cards(case: Case, catalogue: Catalogue) -> dict[str, Card]:
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
        for token in _card_tokens(card):
            if token not in cards and token in catalogue.cards:
                cards[token] = catalogue.cards[token]
                todo.append(cards[token])
    return cards


_TOKENS: dict[int, tuple[object, tuple[str, ...]]] = {}  # by the identity of a card's ``abilities``


def _card_tokens(card: object) -> tuple[str, ...]:
    """The token names a card's abilities create, found once per card document: the catalogue's cards
    are the same documents for every case that uses them, so a run doesn't walk them case after case."""
    abilities = card.get("abilities") if isinstance(card, dict) else None
    hit = _TOKENS.get(id(abilities))
    if hit is not None and hit[0] is abilities:  # kept alive by the entry: its id is not reused
        return hit[1]
    names = tuple(_token_names(abilities))
    if len(_TOKENS) >= 4096:
        _TOKENS.clear()
    _TOKENS[id(abilities)] = (abilities, names)
    return names


def _token_names(node: object) -> list[str]:
    """Names of token definitions a card's ``abilities`` create (``create_token`` effects)."""
    found: list[str] = []
    if isinstance(node, dict):
        if node.get("do") == "create_token" and isinstance(token := node.get("token"), str):
            found.append(token)
        for value in node.values():
            found.extend(_token_names(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_token_names(value))
    return found


@dataclass(frozen=True)
class RunOptions:
    """What to run and how: ``skip`` (case ids, outcome ``skipped``), ``exclude_features`` (cases
    tagged with one are skipped), ``jobs`` (engines in parallel, one worker thread each),
    ``progress`` (called with each verdict as it is reached, from the worker's thread) and
    ``give_up_after`` (an adapter's failures in a row, counted over all the run's engines, after which
    the remaining cases are ``crash`` with ``gave_up`` at once; 0: never; :mod:`conformance.run.breaker`)."""

    exclude_features: frozenset[str] = frozenset()
    skip: frozenset[str] = frozenset()
    jobs: int = 1
    progress: Callable[[Verdict], None] | None = None
    give_up_after: int = GIVE_UP_AFTER


@dataclass
class Run:
    """The result of :func:`run_cases`: one verdict per case, in the order given.

    ``info`` is the engine's handshake (None when it failed: ``start_problem`` says why, and every
    case was still tried, so each gets its own outcome); ``stats`` sums the engines' start-up figures
    (adapter processes: starts, restarts, seconds spent starting)."""

    info: EngineInfo | None
    verdicts: list[Verdict]
    start_problem: str = ""
    stats: dict[str, float] = field(default_factory=dict)
    interrupted: str | None = None  # the signal that stopped the run: "SIGINT", "SIGTERM"


class Interrupted(KeyboardInterrupt):
    """A signal asked the run to stop (SIGTERM; SIGINT is Python's KeyboardInterrupt)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While it lasts, SIGTERM stops a run like Ctrl-C does (its report is still written)."""

    def terminate(signum: int, frame: object) -> None:
        raise Interrupted("SIGTERM")

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class Recording:
    """An engine that keeps its last answer: for a caller that shows the observation beside the
    verdict (``mtgc explain``) or checks more on it (the fuzzers' invariants)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.last: RunResult | None = None

    def info(self) -> EngineInfo:
        return self.engine.info()

    def run(self, case: Case, cards: Mapping[str, Card]) -> RunResult:
        self.last = None
        self.last = self.engine.run(case, cards)
        return self.last

    def close(self) -> object:
        return self.engine.close()


class _Facts(TypedDict):
    """What every verdict on a case says of it (keyword arguments of Verdict)."""

    case_id: str
    topic: str
    features: tuple[str, ...]
    seeds: tuple[str, ...]


class _TimedFacts(_Facts):
    seconds: float


def _facts(case: CaseFile) -> _Facts:
    data = case.data
    return {
        "case_id": case.case_id,
        "topic": case.topic,
        "features": tuple(data.get("features", ())),
        "seeds": case_seeds(data),
    }


def judge(case: CaseFile, result: RunResult, seconds: float) -> Verdict:
    """The verdict on the engine's answer: the one comparison every run path uses."""
    common: _TimedFacts = {**_facts(case), "seconds": seconds}
    if result.status == "unsupported":
        return Verdict(
            outcome="not_applicable", message=f"the engine does not support it: {result.reason}", **common
        )
    if result.status == "error":
        return Verdict(outcome="error", message=f"the engine reported an error: {result.reason}", **common)
    try:
        differences = compare(case.data, result.observation)
    except MalformedObservation as exc:
        return Verdict(outcome="error", message=f"malformed observation: {exc}", **common)
    why_not = unofferable(case.data, result.observation)
    if why_not is not None:
        return Verdict(outcome="not_applicable", message=why_not, **common)
    if differences:
        return Verdict(outcome="fail", differences=tuple(differences), **common)
    return Verdict(outcome="pass", **common)


def run_case(
    engine: Engine,
    info: EngineInfo | None,
    case: CaseFile,
    cards: Mapping[str, Card] | Catalogue,
    options: RunOptions | None = None,
) -> Verdict:
    """Run one case on ``engine`` and judge it: the one path ``mtgc run``, ``mtgc certify``, the
    pytest plugin and the fuzzers' replay share. ``cards`` is the catalogue (the case's cards are
    gathered from it) or the gathered cards themselves. Never raises for what the engine does."""
    options = options or RunOptions()
    common = _facts(case)
    features = common["features"]
    if case.case_id in options.skip:
        return Verdict(outcome="skipped", message="skipped with --skip", **common)
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
    if isinstance(cards, Catalogue):
        cards = gather_cards(case.data, cards)
    start = time.perf_counter()
    try:
        result = engine.run(case.data, cards)
    except EngineFailure as failure:  # the adapter broke down: this case's crash or timeout
        return Verdict(
            outcome=failure.outcome,
            message=failure.describe(),
            seconds=time.perf_counter() - start,
            stderr=failure.stderr,
            **common,
        )
    except Exception as exc:  # the engine's failure costs this case, not the run
        return Verdict(
            outcome="timeout" if isinstance(exc, TimeoutError) else "crash",
            message=f"{type(exc).__name__}: {exc}",
            seconds=time.perf_counter() - start,
            **common,
        )
    seconds = result.seconds or time.perf_counter() - start
    try:
        return judge(case, result, seconds)
    except Exception as exc:  # the harness's own bug is reported, and must not lose the run either
        return Verdict(
            outcome="error",
            message=f"harness error while judging: {type(exc).__name__}: {exc}",
            seconds=seconds,
            **common,
        )


def run_cases(
    engine: Engine,
    cases: Sequence[CaseFile],
    catalogue_for: Callable[[CaseFile], Catalogue | Mapping[str, Card]],
    options: RunOptions | None = None,
    info: EngineInfo | None = None,
    open_engine: Callable[[], Engine] | None = None,
) -> Run:
    """Run every case; a verdict for each, in order, whatever the engines do.

    ``engine`` is the caller's (it stays open); with ``options.jobs`` > 1 and ``open_engine``, that
    many more workers each get an engine of their own (closed here). An interrupt (Ctrl-C, or SIGTERM
    under :func:`stop_on_sigterm`) stops the workers after their current case; that case and those
    not reached are ``skipped`` ("not run: interrupted"), the results already computed are kept, and
    ``Run.interrupted`` names the signal. The engines that keep a :class:`Breaker` (adapter processes)
    share one for the run, so ``options.give_up_after`` failures in a row, whichever engine had them,
    stop every engine from starting its adapter again.
    """
    options = options or RunOptions()
    breaker = Breaker(options.give_up_after)
    share_breaker(engine, breaker)
    start_problem = ""
    if info is None:
        try:
            info = engine.info()
        except EngineFailure as failure:
            start_problem = failure.describe()
        except Exception as exc:
            start_problem = f"the engine failed its handshake: {type(exc).__name__}: {exc}"
    engines = [engine]
    if open_engine is not None:
        jobs = options.jobs if getattr(engine, "parallel", True) else 1  # in-process: one thread
        engines += [open_engine() for _ in range(max(1, jobs) - 1)]
        for extra in engines[1:]:
            share_breaker(extra, breaker)
    verdicts: dict[int, Verdict] = {}
    work: queue.Queue[int] = queue.Queue()
    for index in range(len(cases)):
        work.put(index)
    stop = threading.Event()

    def worker(mine: Engine) -> None:
        while not stop.is_set():
            try:
                index = work.get_nowait()
            except queue.Empty:
                return
            case = cases[index]
            verdict = run_case(mine, info, case, catalogue_for(case), options)
            if stop.is_set():  # the case under way when the run was stopped: its result is not one
                return
            if start_problem and verdict.outcome in BAD_OUTCOMES:
                verdict = replace(verdict, message=f"{verdict.message} (at start: {start_problem})")
            verdicts[index] = verdict
            if options.progress is not None:
                options.progress(verdict)

    threads = [threading.Thread(target=worker, args=(e,), daemon=True) for e in engines]
    for thread in threads:
        thread.start()
    interrupted: str | None = None
    try:
        for thread in threads:
            while thread.is_alive():
                thread.join(0.2)
    except KeyboardInterrupt as signalled:
        interrupted = signalled.name if isinstance(signalled, Interrupted) else "SIGINT"
        stop.set()
        for thread in threads:
            thread.join()
    finally:
        for extra in engines[1:]:
            with contextlib.suppress(Exception):
                extra.close()
    stats: dict[str, float] = {}
    for each in engines:
        figures = getattr(each, "stats", None)
        for key, value in (figures() if callable(figures) else {}).items():
            stats[key] = round(stats.get(key, 0) + value, 4)
    ordered = [
        verdicts.get(index)
        or Verdict(outcome="skipped", message="not run: interrupted", **_facts(case))
        for index, case in enumerate(cases)
    ]
    return Run(info, ordered, start_problem, stats, interrupted)


def share_breaker(engine: Engine, breaker: Breaker) -> None:
    """Make ``engine`` count its failures on ``breaker``, if it keeps one (an adapter process does)."""
    if isinstance(getattr(engine, "breaker", None), Breaker):
        engine.breaker = breaker  # type: ignore[attr-defined]


def summarize(verdicts: Iterable[Verdict]) -> dict[str, dict[str, int]]:
    """topic -> outcome -> count (every outcome present, 0 when none)."""
    table: dict[str, dict[str, int]] = {}
    for verdict in verdicts:
        row = table.setdefault(verdict.topic, dict.fromkeys(OUTCOMES, 0))
        row[verdict.outcome] += 1
    return dict(sorted(table.items()))


def seeds_covered(verdicts: Iterable[Verdict] | Iterable[Case]) -> set[str]:
    covered: set[str] = set()
    for item in verdicts:
        covered.update(item.seeds if isinstance(item, Verdict) else case_seeds(item))
    return covered
