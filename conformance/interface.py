"""The one interface the harness uses to talk to any engine.

The reference engine (in process) and third-party engines (through the adapter protocol) both
implement :class:`Engine`. An engine runs one case and returns what it observed; it never compares.
The runner compares the observation with the case's ``expect`` (see ``spec/README.md`` section 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

from conformance.documents import Card, Case, Observation, Outcome

__all__ = [
    "BAD_OUTCOMES",
    "OUTCOMES",
    "Difference",
    "Engine",
    "EngineFailure",
    "EngineInfo",
    "Outcome",
    "RunResult",
    "Verdict",
]

#: Every outcome, in the order reports show them.
OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)
#: The outcomes that make a run fail: the engine broke a rule, or it (or its adapter) broke down.
BAD_OUTCOMES: frozenset[Outcome] = frozenset({"fail", "error", "crash", "timeout"})


@dataclass(frozen=True)
class EngineInfo:
    """What the handshake tells: who the engine is and what it declares unsupported."""

    name: str
    version: str
    adapter_version: str = ""
    unsupported_features: frozenset[str] = field(default_factory=frozenset)
    adapter_name: str = ""
    protocol: int | None = None  # the adapter protocol version it spoke (None: run in process)


@dataclass(frozen=True)
class RunResult:
    """The engine's answer for one case.

    ``observed``: ``observation`` holds the observation (spec/README.md section 2).
    ``unsupported``: the engine cannot be put into this case (``reason`` says why).
    ``error``: the engine reported an error (``reason``).
    """

    status: Literal["observed", "unsupported", "error"]
    observation: Observation | None = None
    reason: str = ""
    seconds: float = 0.0


class Engine(Protocol):
    """An engine the harness can certify."""

    def info(self) -> EngineInfo: ...

    def run(self, case: Case, cards: Mapping[str, Card]) -> RunResult:
        """Run one case. ``cards`` maps every card name the case uses to its catalogue entry."""
        ...

    def close(self) -> object: ...


class EngineFailure(Exception):
    """The engine (or the adapter around it) broke down while running a case: not an answer.

    The runner turns it into the case's ``outcome`` (``crash`` or ``timeout``) with ``describe()`` as
    the message and ``stderr`` (what the adapter process wrote last) kept in the report. Any other
    exception an engine raises is a ``crash`` too.
    """

    outcome: Outcome = "crash"
    stderr: str = ""

    def describe(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Difference:
    """One way the observation differs from the case's expectation.

    ``where`` names the thing compared in the case's own words (``objects.bear.counters``,
    ``players.alice.life``, ``steps[2]``, ``decisions``); ``expected``/``observed`` are JSON values (of
    the case, of the observation: any shape, shown as JSON).
    """

    where: str
    expected: object
    observed: object
    message: str = ""


@dataclass(frozen=True)
class Verdict:
    """The runner's judgement of one case on one engine."""

    case_id: str
    topic: str
    outcome: Outcome
    differences: tuple[Difference, ...] = ()
    message: str = ""
    seconds: float = 0.0
    features: tuple[str, ...] = ()
    seeds: tuple[str, ...] = ()
    stderr: str = ""  # the adapter's last stderr lines when it broke down
