"""What the phase adapter's helpers (vocabulary, payment, observation) may use of a run in progress.

:class:`PhaseRunView` is the part of ``phase_engine.PhaseRun`` they read and call, as a protocol, so
they depend on this module and not on the module that drives the run (which imports them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from conformance.adapters.common import DecisionBook
from conformance.documents import Answer, Card, Event, Ref


class PhaseRunView(Protocol):
    """phase's own objects (its module, game, states, actions) are untyped JSON here (``Any``)."""

    engine: Any  # the phase module
    g: Any  # phase's game
    cards: dict[str, Card]  # the catalogue's cards by name
    players: list[str]  # player aliases by seat
    refs: dict[int, str]  # phase object id -> the case's ref
    book: DecisionBook  # the case's scripted answers
    recorded_controller: dict[int, int]
    paying: tuple[Mapping[str, object], int, dict[str, int]] | None  # an answer, the payer, the pool
    convoked: bool
    watch_mana: int | None
    context: int | None
    outside: dict[str, tuple[int, int, str]]  # sideboard alias -> (seat, index, card)
    attachments: dict[int, Any]
    attachables: list[int] | None
    activating: int | None  # the script's ability index of the activation under way
    stack_targeted: set[int]  # stack objects that had targets (CR 608.2b applies)

    def apply(self, actor: int, action: dict[str, Any]) -> Any: ...

    def waiting(self) -> dict[str, Any]: ...

    def take_more(self, kind: str, seat: Any, n: int,
                  options_of: Callable[[list[Answer]], Sequence[object] | None] | None = None
                  ) -> list[Answer]: ...

    def player_of(self, seat: Any) -> str | None: ...

    def ref_of(self, oid: Any, name: str | None = None) -> str | None: ...

    def target_ref(self, t: Any) -> str | None: ...

    def target_option(self, t: Any) -> Ref | None: ...

    def resolve_ref(self, ref: object) -> dict[str, Any]: ...

    def object_id(self, ref: object) -> int: ...

    def controller_now(self, oid: Any) -> str | None: ...

    # phase's events in the case's words (vocab.EVENTS)
    def resolved_event(self, d: dict[str, Any]) -> Event: ...

    def became_target_event(self, d: dict[str, Any]) -> Event | None: ...

    def pushed_event(self, d: dict[str, Any]) -> Event | None: ...

    def zone_changed_event(self, d: dict[str, Any]) -> Event: ...
