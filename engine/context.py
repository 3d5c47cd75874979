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

from frozendict import frozendict

from .state import Game, replace

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
    info: frozendict[str, Any] = field(default_factory=frozendict)


# The rule that gives the player each kind of choice (spec/README.md 1.4): an illegal answer is refused
# under it, and an engine that takes the choice for the player when several answers were legal breaks it.
DECISION_RULES: dict[str, str] = {
    "targets": "601.2c", "distribute": "601.2d", "combat_damage": "510.1c", "x": "601.2b",
    "modes": "700.2a", "mana_payment": "601.2h", "proliferate": "701.34a", "replacement_effect": "616.1",
    "trigger_order": "603.3b", "choose_player": "608.2d", "tribute": "702.104a",
    "villainous_choice": "701.55a", "may": "608.2d", "mana_color": "608.2d", "sacrifice": "701.21a",
    "discard": "701.9b", "counter_kind": "122.5", "tap_cost": "601.2h", "convoke": "702.51a",
    "outside_game_card": "400.11", "legend_rule": "704.5j", "new_targets": "115.7", "color": "608.2d",
    "alternative_cost": "601.2b", "creature_type": "614.12a", "copy_of": "707.5",
    "card_from_hand": "608.2d", "buyback": "601.2b", "card_name": "201.4",
}

# Kinds whose answer is a set or an amount: forced only where the code that asks says so (``info``).
SET_ANSWERS = frozenset({"targets", "distribute", "x", "proliferate", "convoke"})
# Kinds whose answer may be other than the options listed (any card name, CR 201.4): never forced.
OPEN_ANSWERS = frozenset({"card_name"})
# Kinds whose answer is a list of options: forced when every option must be taken (low == high == all).
LIST_ANSWERS = frozenset({"sacrifice", "discard", "trigger_order", "new_targets", "tap_cost", "modes"})


def forced_answer(decision: Decision) -> tuple[Any] | None:
    """The one legal answer of a decision, as a 1-tuple, or None when the player has a real choice.

    A decision is *forced* when the rules leave exactly one legal answer (spec/README.md 1.4): the
    engine's own ``info["forced"]`` where the code that asks knows it (targets, divisions, costs), else
    a single option (for list answers: as many options as must be chosen, and one order at most).
    """
    d = decision
    forced: tuple[Any] | None = d.info.get("forced") if d.info else None
    if forced is not None:
        return forced
    if d.info and d.info.get("repeat"):  # modes that may be chosen more than once (700.2d): a real choice
        return None
    if d.kind in SET_ANSWERS or d.kind in OPEN_ANSWERS:
        return None
    if d.kind in LIST_ANSWERS:
        every = len(d.options) == d.low == d.high
        ordered = d.kind == "trigger_order"
        return (tuple(d.options),) if every and (not ordered or len(d.options) == 1) else None
    return (d.options[0],) if len(d.options) == 1 else None


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
        self._group: list[Event] = []  # the simultaneous group whose triggers are being checked

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
            self._group = held
            try:
                for event in held:
                    self._on_event(self, event, before)
            finally:
                self._group = []

    def together(self, event: Event) -> list[Event]:
        """The events that happened at the same time as ``event`` (itself included), while triggers on
        them are checked: one damage event of several sources (combat damage, CR 510.2, 120.3)."""
        return self._group if any(e is event for e in self._group) else [event]

    def entered_together(self) -> frozenset[int]:
        """The objects an event of the current simultaneous group has already put onto the battlefield:
        they enter at the same time as the next one, so their abilities don't apply to its entering yet
        (CR 614.12, 113.6; Grumgully's ruling)."""
        return frozenset(int(e["object"]) for e in self._held or ()
                         if e["type"] == "zone_change" and e["to"] == "battlefield")

    def choose(self, decision: Decision) -> Any:
        if self._next < len(self._answers):
            answer = self._answers[self._next]
            self._next += 1
            return answer
        raise NeedDecision(decision)

    def stamp(self) -> int:
        self.game = replace(self.game, timestamp=self.game.timestamp + 1)
        return self.game.timestamp
