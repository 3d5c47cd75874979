"""Engines by name: ``--engine reference``, ``--engine phase``, ``--engine python-mtg``, or any engine
an installed package registers in the entry-point group ``mtgc.engines``; or a command line.

``get_engine(spec)`` is the one place ``mtgc run``/``certify``/``explain``, the pytest plugin and the
fuzzers turn ``--engine`` into an :class:`~conformance.interface.Engine`:

- a name: the built-in ones below, then the entry points of the group ``mtgc.engines``. An engine
  author's package makes its adapter available by name with, in its ``pyproject.toml``::

      [project.entry-points."mtgc.engines"]
      my-engine = "my_adapter:MTGC_ENGINE"

  where ``MTGC_ENGINE`` is either an adapter command line (a string, run like ``--engine 'CMD'``) or
  a callable ``(timeout: float) -> Engine``.
- anything with a space or a path separator: an adapter command speaking spec/protocol.md.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from importlib.util import find_spec

from conformance.interface import Engine

EngineFactory = Callable[[float], Engine]
ENTRY_POINT_GROUP = "mtgc.engines"

#: The third-party engines this project ships adapters for, served as separate processes.
PHASE = "python -m conformance.adapters.serve conformance.adapters.phase.engine"
PYTHON_MTG = "python -m conformance.adapters.serve conformance.adapters.mtg.engine"


class EngineUnavailable(Exception):
    """The engine named cannot be used (unknown name, not installed, failed to start)."""


def _reference(timeout: float) -> Engine:
    from conformance.engines.inprocess import ModuleEngine

    return ModuleEngine("engine")


def _shipped(command: str, package: str, extra: str) -> EngineFactory:
    """An adapter shipped here for a third-party engine the ``extra`` installs (import ``package``)."""

    def open_command(timeout: float) -> Engine:
        if find_spec(package) is None:
            raise EngineUnavailable(
                f"its engine is not installed (Python package {package!r}): pip install -e '.[{extra}]'"
            )
        return command_engine(command, timeout)

    return open_command


BUILTIN: dict[str, EngineFactory] = {
    "reference": _reference,
    "phase": _shipped(PHASE, "phase", "phase"),
    "python-mtg": _shipped(PYTHON_MTG, "mtg", "mtg"),
}
_REGISTERED: dict[str, EngineFactory] = {}


def register_engine(name: str, factory: EngineFactory) -> None:
    """Make an engine available by name in this process (tests, embedding)."""
    _REGISTERED[name] = factory


def unregister_engine(name: str) -> None:
    _REGISTERED.pop(name, None)


def _entry_point_engines() -> dict[str, object]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def known_engines() -> list[str]:
    """Every engine name ``--engine`` accepts here."""
    return sorted({*BUILTIN, *_REGISTERED, *_entry_point_engines()})


def is_command(spec: str) -> bool:
    return any(ch in spec for ch in " /\\")


def command_engine(command: str, timeout: float = 10.0) -> Engine:
    """An adapter process speaking spec/protocol.md (started lazily, on first use)."""
    from conformance.run.protocol import ProtocolEngine

    try:
        return ProtocolEngine(command, timeout=timeout)
    except ValueError as exc:
        raise EngineUnavailable(f"cannot use the engine command {command!r}: {exc}") from exc


def _from_entry_point(name: str, entry: object, timeout: float) -> Engine:
    try:
        target = entry.load()  # type: ignore[attr-defined]
    except Exception as exc:  # a broken third-party package is reported, never a traceback
        raise EngineUnavailable(f"the engine {name!r} (entry point {entry}) cannot be loaded: {exc}") from exc
    if isinstance(target, str):
        return command_engine(target, timeout)
    if callable(target):
        engine: Engine = target(timeout)
        return engine
    raise EngineUnavailable(
        f"the entry point of engine {name!r} gives a {type(target).__name__}: it must be a command "
        "line (str) or a callable (timeout) -> Engine"
    )


def get_engine(spec: str = "reference", timeout: float = 10.0) -> Engine:
    """The engine ``spec`` names. Raises :class:`EngineUnavailable` with a message for the user."""
    if spec in _REGISTERED:
        return _REGISTERED[spec](timeout)
    if spec in BUILTIN:
        return BUILTIN[spec](timeout)
    if is_command(spec):
        return command_engine(spec, timeout)
    entries = _entry_point_engines()
    if spec in entries:
        return _from_entry_point(spec, entries[spec], timeout)
    known = ", ".join(known_engines())
    raise EngineUnavailable(f"unknown engine {spec!r}; known engines: {known} (or give an adapter command)")
