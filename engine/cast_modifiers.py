"""Effects that modify a spell after it was cast (CR 107.3, 601.2f): Unbound Flourishing's "double the
value of X" for a permanent spell on the stack."""

from __future__ import annotations

from .context import Ctx
from .refs import Res, objects
from .registry import Params, effect
from .state import replace


@effect("double_x")
def _double_x(ctx: Ctx, res: Res, p: Params) -> None:
    """"Double the value of X" of ``what``, a spell on the stack (Unbound Flourishing's cast trigger). The
    spell's costs were locked in and paid as it was cast (CR 601.2f-h): nothing more is paid. The new X is
    the spell's X from now on, so a permanent that "enters with X counters" uses it (107.3m); a spell that
    has left the stack is not found, and 0 doubled is 0."""
    ids = set(objects(ctx, res, p["what"]))
    ctx.game = replace(ctx.game, stack=tuple(replace(s, x=s.x * 2) if s.kind == "spell" and s.id in ids else s
                                             for s in ctx.game.stack))
