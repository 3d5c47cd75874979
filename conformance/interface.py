"""The one interface the harness uses to talk to any engine.

The reference engine (in process) and third-party engines (through the adapter protocol) both
implement :class:`Engine`. An engine runs one case and returns what it observed; it never compares.
The runner compares the observation with the case's ``expect`` (see ``spec/README.md`` section 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

JSON = Any


@dataclass(frozen=True)
class EngineInfo:
    """What the handshake tells: who the engine is and what it declares unsupported."""

    name: str
    version: str
    adapter_version: str = ""
    unsupported_features: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class RunResult:
    """The engine's answer for one case.

    ``observed``: ``observation`` holds the observation (spec/README.md section 2).
    ``unsupported``: the engine cannot be put into this case (``reason`` says why).
    ``error``: the engine reported an error (``reason``).
    """

    status: Literal["observed", "unsupported", "error"]
    observation: JSON = None
    reason: str = ""
    seconds: float = 0.0


class Engine(Protocol):
    """An engine the harness can certify."""

    def info(self) -> EngineInfo: ...

    def run(self, case: JSON, cards: Mapping[str, JSON]) -> RunResult:
        """Run one case. ``cards`` maps every card name the case uses to its catalogue entry."""
        ...

    def close(self) -> None: ...


Outcome = Literal["pass", "fail", "error", "crash", "timeout", "not_applicable", "skipped"]


@dataclass(frozen=True)
class Difference:
    """One way the observation differs from the case's expectation.

    ``where`` names the thing compared in the case's own words (``objects.bear.counters``,
    ``players.alice.life``, ``steps[2]``, ``decisions``); ``expected``/``observed`` are JSON values.
    """

    where: str
    expected: JSON
    observed: JSON
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
