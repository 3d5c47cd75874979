"""Decisions as pending state, answered by replay.

An action runs against a :class:`Ctx`. Whenever the rules give a player a choice, the code calls
``ctx.choose(decision)``. If an answer for it is already known it is returned; otherwise
:class:`NeedDecision` unwinds the action and the game is returned *unchanged* with a
:class:`Pending` decision. Answering it re-runs the same action from the same state with one more
answer. Because the state is immutable and all randomness lives in it, the re-run takes the same path
up to the new choice: no callbacks, no hidden continuation, and snapshots, replay and shrinking come
free.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .state import FMap, Game, replace

Event = dict[str, Any]


@dataclass(frozen=True)
class Decision:
    """A choice a player must make, with its legal options.

    ``kind`` is from the case vocabulary (spec/README.md 1.4). ``options`` lists what may be chosen
    (targets, players, effects, ...); for ``distribute`` and ``x`` they describe the range instead.
    ``low``/``high`` bound how many options a multi-choice answer takes.
    """

    kind: str
    player: int
    source: int | None = None
    options: tuple[Any, ...] = ()
    low: int = 1
    high: int = 1
    info: FMap[str, Any] = field(default_factory=FMap)


class NeedDecision(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.kind)
        self.decision = decision


@dataclass(frozen=True)
class Pending:
    decision: Decision
    base: Game
    action: Any
    answers: tuple[Any, ...]


class Ctx:
    """The working context of one action: the current game value, the events, the known answers."""

    def __init__(self, game: Game, answers: tuple[Any, ...] = (),
                 on_event: Callable[[Ctx, Event, Game | None], None] | None = None) -> None:
        self.game = game
        self.events: list[Event] = []
        self._on_event = on_event
        self._answers = answers
        self._next = 0
        self._held: list[Event] | None = None

    def emit(self, event: Event) -> None:
        self.events.append(event)
        if self._held is not None:
            self._held.append(event)
        elif self._on_event is not None:
            self._on_event(self, event, None)

    @contextmanager
    def simultaneously(self) -> Iterator[None]:
        """Events that happen at the same time (state-based actions, CR 704.3; tokens created together):
        triggers are checked once all of them have happened, and leaves-the-battlefield abilities look
        back to the game as it was just before them (CR 603.10a)."""
        if self._held is not None:  # already inside a simultaneous group
            yield
            return
        before = self.game
        self._held = []
        try:
            yield
            held = self._held
        finally:
            self._held = None
        if self._on_event is not None:
            for event in held:
                self._on_event(self, event, before)

    def choose(self, decision: Decision) -> Any:
        if self._next < len(self._answers):
            answer = self._answers[self._next]
            self._next += 1
            return answer
        raise NeedDecision(decision)

    def stamp(self) -> int:
        self.game = replace(self.game, timestamp=self.game.timestamp + 1)
        return self.game.timestamp
