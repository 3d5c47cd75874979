"""Counters with rules of their own (CR 122.1c-d): stun counters stop a permanent from untapping, shield
counters protect a permanent from destruction by effects and from damage.

Each kind makes a *single* effect however many such counters there are: one event removes one counter.
"""

from __future__ import annotations

from .context import Ctx
from .counters import remove_counters
from .state import Obj, replace


def become_untapped(ctx: Ctx, oid: int) -> bool:
    """Untap a permanent; True if it became untapped.

    CR 122.1d: "One or more stun counters on a permanent create a single replacement effect that stops
    the permanent from untapping. That effect is 'If a permanent with a stun counter on it would become
    untapped, instead remove a stun counter from it.'" An untapped permanent doesn't "become untapped",
    so its stun counters stay (the untap step, an untap effect alike)."""
    o = ctx.game.obj(oid)
    if not o.tapped:
        return False
    if o.counters.get("stun", 0) > 0:
        remove_counters(ctx, ("object", o.id, o.epoch), "stun", 1)
        return False
    ctx.game = ctx.game.with_obj(replace(o, tapped=False))
    ctx.emit({"type": "untapped", "object": oid})
    return True


def shield_replaces_destruction(ctx: Ctx, o: Obj) -> bool:
    """CR 122.1c: "If this permanent would be destroyed as the result of an effect, instead remove a
    shield counter from it." True if a shield counter was removed instead (the caller destroys nothing).
    Only destruction by an effect: not a state-based action (CR 704.5g-h), not a sacrifice (701.21)."""
    return _remove_a_shield(ctx, o)


def shield_prevents_damage(ctx: Ctx, o: Obj) -> bool:
    """CR 122.1c: "If damage would be dealt to this permanent, prevent that damage and remove a shield
    counter from it." True if the damage is prevented (none of it is dealt: no lifelink, no deathtouch,
    CR 615). One damage event removes one counter, however much damage it was."""
    return _remove_a_shield(ctx, o)


def _remove_a_shield(ctx: Ctx, o: Obj) -> bool:
    """The shield counters' single effect (122.1c) replaces one event: one counter removed, if it has any."""
    if o.counters.get("shield", 0) <= 0:
        return False
    remove_counters(ctx, ("object", o.id, o.epoch), "shield", 1)
    return True
