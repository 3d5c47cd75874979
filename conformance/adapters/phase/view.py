"""What the phase adapter's helpers (vocabulary, payment, observation) may use of a run in progress.

:class:`PhaseRunView` is the part of ``phase_engine.PhaseRun`` they read and call, as a protocol, so
they depend on this module and not on the module that drives the run (which imports them).
"""

from __future__ import annotations

from typing import Any, Protocol

from conformance.adapters.common import DecisionBook


class PhaseRunView(Protocol):
    engine: Any  # the phase module
    g: Any  # phase's game
    cards: dict[str, Any]  # the catalogue's cards by name
    players: list[str]  # player aliases by seat
    refs: dict[int, str]  # phase object id -> the case's ref
    book: DecisionBook  # the case's scripted answers
    recorded_controller: dict[int, int]
    paying: tuple[dict[str, int], int, dict[str, int]] | None
    convoked: bool
    watch_mana: int | None
    context: int | None
    outside: dict[str, tuple[int, int, str]]  # sideboard alias -> (seat, index, card)
    attachments: dict[int, Any]
    attachables: list[int] | None
    activating: int | None  # the script's ability index of the activation under way

    def apply(self, actor: int, action: dict[str, Any]) -> Any: ...

    def waiting(self) -> dict[str, Any]: ...

    def take_more(self, kind: str, seat: Any, n: int) -> list[Any]: ...

    def player_of(self, seat: Any) -> str | None: ...

    def ref_of(self, oid: Any, name: str | None = None) -> str | None: ...

    def target_ref(self, t: Any) -> Any: ...

    def resolve_ref(self, ref: Any) -> dict[str, Any]: ...

    def object_id(self, ref: Any) -> int: ...

    def controller_now(self, oid: Any) -> str | None: ...

    # phase's events in the case's words (vocab.EVENTS)
    def resolved_event(self, d: dict[str, Any]) -> dict[str, Any]: ...

    def became_target_event(self, d: dict[str, Any]) -> dict[str, Any] | None: ...

    def pushed_event(self, d: dict[str, Any]) -> dict[str, Any] | None: ...

    def zone_changed_event(self, d: dict[str, Any]) -> dict[str, Any]: ...
