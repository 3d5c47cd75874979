"""The circuit breaker: stop restarting an adapter that fails case after case.

An adapter that hangs on every case would cost ``--timeout`` seconds and a restart per case (797
cases, 10 s each: more than two hours for nothing). A :class:`Breaker` counts the adapter's failures
in a row (it could not be started, it crashed, broke the protocol or timed out); an answer of any
kind (an observation, unsupported, an engine error) resets the count. After ``limit`` failures in a
row it trips: the engine then fails every case at once with ``gave_up`` and starts no adapter again,
so the report is complete within about ``limit`` times the timeout.

:class:`~conformance.run.protocol.ProtocolEngine` keeps one; :func:`~conformance.run.runner.run_cases`
gives all the engines of a run (``-j N``) the same one, so their failures count together.
"""

from __future__ import annotations

import threading

from conformance.interface import EngineFailure

#: Failures in a row after which the run gives up on the adapter (``mtgc certify --give-up-after``).
GIVE_UP_AFTER = 5


class Breaker:
    """Counts consecutive failures; ``limit`` of them trip it (0: never). Thread-safe."""

    def __init__(self, limit: int = GIVE_UP_AFTER) -> None:
        if limit < 0:
            raise ValueError(f"the number of failures to give up after must be 0 or more, not {limit}")
        self.limit = limit
        self._lock = threading.Lock()
        self._kinds: list[str] = []
        self._last: EngineFailure | None = None
        self._tripped: str | None = None

    def failed(self, failure: EngineFailure) -> None:
        """The adapter failed (``failure`` says how); may trip the breaker."""
        with self._lock:
            if self._tripped is not None:
                return
            self._kinds.append(str(getattr(failure, "kind", failure.outcome)))
            self._last = failure
            if self.limit and len(self._kinds) >= self.limit:
                kinds = ", ".join(self._kinds)
                self._tripped = (
                    f"the adapter failed {len(self._kinds)} times in a row ({kinds}); it is not started "
                    f"again (the last: {failure.describe()})"
                )

    def succeeded(self) -> None:
        """The adapter answered: the count starts again (a tripped breaker stays tripped)."""
        with self._lock:
            if self._tripped is None:
                self._kinds.clear()
                self._last = None

    @property
    def reason(self) -> str | None:
        """Why the run gave up on the adapter; None while it has not."""
        with self._lock:
            return self._tripped

    @property
    def last(self) -> EngineFailure | None:
        """The last failure counted."""
        with self._lock:
            return self._last


__all__ = ["GIVE_UP_AFTER", "Breaker"]
