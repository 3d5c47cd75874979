"""Engines by name. ``reference`` is the in-process reference engine.

``get_engine(spec)`` is the one place the CLI and the pytest plugin turn ``--engine`` into an
:class:`~conformance.interface.Engine`: a registered name, or (anything with a space or a path
separator) a command line for an adapter process speaking spec/protocol.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from conformance.interface import Engine

EngineFactory = Callable[[], Engine]


class EngineUnavailable(Exception):
    """The engine named cannot be used (unknown name, not installed, failed to start)."""


def _reference() -> Engine:
    from conformance.engines.reference import ReferenceEngine

    return ReferenceEngine()


ENGINES: dict[str, EngineFactory] = {"reference": _reference}


def register_engine(name: str, factory: EngineFactory) -> None:
    ENGINES[name] = factory


def is_command(spec: str) -> bool:
    return any(ch in spec for ch in " /\\")


def get_engine(spec: str = "reference") -> Engine:
    """Raises :class:`EngineUnavailable` with a message for the user."""
    if spec in ENGINES:
        return ENGINES[spec]()
    if is_command(spec):
        # Seam for adapter processes (spec/protocol.md): `--engine 'python -m my_adapter'`.
        try:
            from conformance.protocol import ProtocolEngine
        except ImportError as exc:
            raise EngineUnavailable(f"adapter processes are not available in this build: {exc}") from exc
        try:
            engine = cast(Engine, ProtocolEngine(spec))  # its close() returns the exit status
        except ValueError as exc:
            raise EngineUnavailable(f"cannot use the engine command {spec!r}: {exc}") from exc
        return engine
    known = ", ".join(sorted(ENGINES))
    raise EngineUnavailable(f"unknown engine {spec!r}; known engines: {known} (or give an adapter command)")
