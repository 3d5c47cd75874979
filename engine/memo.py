"""What the engine works out from one game state, remembered for the latest states.

The state is immutable (engine/state.py), so what is worked out from it alone (the static abilities in
play, the triggered abilities that could see an event) is the same each time it is asked for in that
state: work done once per state, not once per object that asks, keeps a game of N objects linear.
States are told apart by identity, never by equality (hashing a state is a walk over all of it); an
entry keeps its states alive, so their ids can't be reused while it is remembered, and a state made
from a remembered one (``replace``) is a new object with nothing remembered.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class StateMemo(Generic[V]):
    """``build(state)`` (or ``build(state, also)``) for the latest ``size`` states (or pairs of states)."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._kept: dict[Any, tuple[object, object, V]] = {}
        self._lock = threading.Lock()  # cases may run in threads of one process (mtgc run --jobs)

    def get(self, build: Callable[..., V], state: object, also: object = None) -> V:
        key = id(state) if also is None else (id(state), id(also))
        hit = self._kept.get(key)
        if hit is not None:  # the same ids of live objects (the kept ones and these): the same objects
            return hit[2]
        value = build(state) if also is None else build(state, also)
        with self._lock:
            while self._kept and len(self._kept) >= self.size:
                del self._kept[next(iter(self._kept))]  # the oldest
            if self.size > 0:
                self._kept[key] = (state, also, value)
        return value

    def remembers(self, state: object, also: object = None) -> bool:
        hit = self._kept.get(id(state) if also is None else (id(state), id(also)))
        return hit is not None and hit[0] is state and hit[1] is also

    def __len__(self) -> int:
        return len(self._kept)


class PartsMemo(Generic[V]):
    """``build()`` for the latest ``size`` tuples of parts, told apart by identity: for what depends on a
    few parts of a state only (the cards and the permanents), so that the many states that keep those
    parts (a player's life changed, a spell was put on the stack) share one value. Keeps its parts alive,
    so their ids can't be reused while it is remembered."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._kept: dict[tuple[int, ...], tuple[tuple[object, ...], V]] = {}
        self._lock = threading.Lock()

    def get(self, parts: tuple[object, ...], build: Callable[[], V]) -> V:
        key = tuple(map(id, parts))
        hit = self._kept.get(key)
        if hit is not None:  # the same ids of live objects (the kept parts and these): the same objects
            return hit[1]
        value = build()
        with self._lock:
            while self._kept and len(self._kept) >= self.size:
                del self._kept[next(iter(self._kept))]  # the oldest
            if self.size > 0:
                self._kept[key] = (parts, value)
        return value

    def __len__(self) -> int:
        return len(self._kept)
