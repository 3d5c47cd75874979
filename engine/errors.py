"""Typed errors of the engine's one entry point."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class MalformedAction(EngineError):
    """The action is not well formed (unknown kind, missing field, unknown object)."""


class IllegalAction(EngineError):
    """The action is well formed but the rules forbid it; ``rule`` names the CR rule that does."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} (CR {rule})")
        self.rule = rule
        self.reason = message


class BadCardData(EngineError):
    """A card definition is not usable by the engine."""
