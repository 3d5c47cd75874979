"""The effect registry: each primitive is one small function registered by name (CR 608.2).

``EFFECTS`` and the ``effect.<kind>`` branches of spec/card.schema.json name the same kinds, one branch
each (a test checks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .context import Ctx
from .refs import Res

Params = Mapping[str, Any]
Effect = Callable[[Ctx, Res, Params], None]
EFFECTS: dict[str, Effect] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn
    return register


def perform(ctx: Ctx, res: Res, effects: Any) -> None:
    for eff in effects:
        EFFECTS[eff["do"]](ctx, res, eff)
