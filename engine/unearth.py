"""Unearth (CR 702.84a).

"Unearth [cost]" means "[Cost]: Return this card from your graveyard to the battlefield. It gains
haste. Exile it at the beginning of the next end step. If it would leave the battlefield, exile it
instead of putting it anywhere else. Activate only as a sorcery." The keyword stands for an activated
ability that works from the graveyard (``UNEARTH``, built by ``cards.CardDef.activated``); it isn't a
spell (its rulings: Essence Scatter can't target it). Neither exile is an ability of the creature
(its rulings: one that loses all its abilities is still exiled): the replacement is the object's
``unearthed`` mark (read by ``zones.move``), and the end-step exile a delayed triggered ability (603.7)
the turn puts on the stack as the next end step begins (``Game.unearth_delayed``), once only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frozendict import frozendict

from .context import Ctx
from .counters import enter_battlefield
from .refs import Res
from .registry import Params, effect
from .state import Mod, Obj, TriggerInstance, replace
from .zones import move

# the delayed triggered ability "exile it at the beginning of the next end step" (CR 603.7, 702.84a)
EXILE_AT_END: Mapping[str, Any] = frozendict({
    "kind": "triggered", "trigger": frozendict({"on": "step_begins", "step": "end"}),
    "effects": (frozendict({"do": "unearth_exile"}),),
    "text": "Exile it at the beginning of the next end step.",
})


def ability(cost: str) -> dict[str, Any]:
    """The activated ability "Unearth [cost]" stands for (CR 702.84a)."""
    return {"kind": "activated", "cost": {"mana": cost}, "timing": "sorcery", "zone": "graveyard",
            "effects": [{"do": "unearth"}], "text": f"Unearth {cost}"}


def leaves_to(o: Obj, to: str) -> str:
    """CR 702.84a, 614.1a: an unearthed permanent that would leave the battlefield is exiled instead of
    put anywhere else (an effect exiling it just exiles it)."""
    return "exile" if o.zone == "battlefield" and o.unearthed and to != "exile" else to


@effect("unearth")
def _unearth(ctx: Ctx, res: Res, p: Params) -> None:
    """Return this card from the graveyard to the battlefield under its owner's control, with haste;
    nothing if it has left the graveyard since the ability was activated (a new object, 400.7; its
    rulings: "that unearth ability will resolve and do nothing")."""
    o = ctx.game.objects.get(res.source)
    if o is None or o.zone != "graveyard" or o.epoch != res.source_lki.epoch:
        return
    enter_battlefield(ctx, o.id, res.controller, cause="return")
    new = ctx.game.obj(o.id)
    if new.zone != "battlefield":
        return
    stamp = ctx.stamp()
    new = ctx.game.obj(o.id)
    ctx.game = ctx.game.with_obj(replace(new, unearthed=True,
                                         mods=(*new.mods, Mod(keyword="Haste", timestamp=stamp))))
    ctx.game = replace(ctx.game, unearth_delayed=(*ctx.game.unearth_delayed,
                                                   (new.id, new.epoch, res.controller)))


def end_step_triggers(ctx: Ctx) -> None:
    """CR 603.7, 702.84a: as the next end step begins, each waiting "exile it" triggers, once."""
    waiting = ctx.game.unearth_delayed
    if not waiting:
        return
    triggered = tuple(TriggerInstance(controller=who, source=oid, index=-1,
                                      info=frozendict({"unearthed": (oid, epoch)}),
                                      source_lki=ctx.game.objects.get(oid), ability=EXILE_AT_END)
                      for oid, epoch, who in waiting)
    ctx.game = replace(ctx.game, unearth_delayed=(),
                       pending_triggers=(*ctx.game.pending_triggers, *triggered))


@effect("unearth_exile")
def _unearth_exile(ctx: Ctx, res: Res, p: Params) -> None:
    """Exile the unearthed permanent if it is still the same object on the battlefield (CR 400.7)."""
    oid, epoch = res.info["unearthed"]
    o = ctx.game.objects.get(oid)
    if o is not None and o.zone == "battlefield" and o.epoch == epoch:
        move(ctx, oid, "exile")
