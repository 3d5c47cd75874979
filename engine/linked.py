"""Zone changes with a duration and cards put back onto the battlefield (CR 610.3, 400.7, 614.1c).

"Exile target creature an opponent controls until this creature leaves the battlefield" (Banisher
Priest) is one ability that creates two one-shot effects: one exiles the creature as it resolves, the
other returns the exiled card immediately after the source leaves the battlefield (CR 610.3; the card's
rulings). "Exile ..., then return that card to the battlefield" (Cloudshift) and persist put a card back
as a new object (CR 400.7), with no memory of the one it was: its counters are gone, and what it enters
with applies again (614.1c).
"""

from __future__ import annotations

from . import characteristics as ch
from .context import Ctx, Decision
from .counters import enter_battlefield
from .errors import IllegalAction
from .refs import Res, exiled_this_way, exiled_with_this, objects
from .registry import Params, effect
from .state import Obj, replace
from .zones import move


@effect("exile_until_leaves")
def _exile_until_leaves(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 610.3: exile ``what`` until the source leaves the battlefield. If the source has already left
    (after the ability triggered, 610.3b, or the spell or ability was put on the stack, 610.3a), nothing
    is exiled: the source that came back is a new object (400.7), not the one the duration is about."""
    src = ctx.game.objects.get(res.source)
    if src is None or src.zone != "battlefield" or src.epoch != res.source_lki.epoch:
        return
    key = (src.id, src.epoch)
    exiled: list[tuple[int, int]] = []
    for oid in objects(ctx, res, p["what"]):
        new = move(ctx, oid, "exile", cause="exile")
        exiled.append((new.id, new.epoch))
    until = ctx.game.exiled_until
    ctx.game = replace(ctx.game, exiled_until=until.set(key, (*until.get(key, ()), *exiled)))


def return_exiled_until(ctx: Ctx, left: Obj) -> None:
    """CR 610.3: immediately after the permanent ``left`` (as it last existed) leaves the battlefield, the
    cards exiled until then return to the battlefield, under their owners' control (610.3c), all at once
    (610.3d). Nothing happens in between, not even state-based actions (the rulings). A card that has
    left exile since is a new object (400.7) and stays where it is; a token ceased to exist (704.5d)."""
    key = (left.id, left.epoch)
    cards = ctx.game.exiled_until.get(key)
    if cards is None:
        return
    ctx.game = replace(ctx.game, exiled_until=ctx.game.exiled_until.delete(key))
    with ctx.simultaneously():
        for oid, epoch in cards:
            o = ctx.game.objects.get(oid)
            if o is not None and o.zone == "exile" and o.epoch == epoch and not o.token:
                enter_battlefield(ctx, oid, o.owner, cause="return")


def record_exiled_with(ctx: Ctx, res: Res, exiled: list[Obj]) -> None:
    """CR 607.2a: "exile ..." in an ability linked to another that refers to "the exiled card": remember the
    cards this object's ability exiled, under the object as it was when the ability was put on the stack (a
    source that has left since is a new object, 400.7: a later object's linked ability can't find them)."""
    key = (res.source, res.source_lki.epoch)
    cards = (*ctx.game.exiled_with.get(key, ()), *((o.id, o.epoch) for o in exiled))
    ctx.game = replace(ctx.game, exiled_with=ctx.game.exiled_with.set(key, cards))


@effect("return_to_battlefield")
def _return_to_battlefield(ctx: Ctx, res: Res, p: Params) -> None:
    """Put ``what`` (cards in exile or a graveyard) onto the battlefield: each a new object (CR 400.7),
    under the control of ``under`` ("you": the effect's controller; by default its owner, 110.2), entering
    with ``counters`` ("with a -1/-1 counter on it": how it enters, CR 614.1c, put by the effect's
    controller as it enters, 122.6), ``tapped`` when it says "return it ... tapped" (Eldrazi Displacer,
    614.1c). "Enters with" effects apply to it again (614.12). "Return those cards" (Ghostly Flicker) is
    one event: they enter at the same time, and one's "enter with" effect doesn't apply to the other
    (614.12; Grumgully's ruling)."""
    extra = tuple((kind, int(n), res.controller) for kind, n in p.get("counters", {}).items())
    with ctx.simultaneously():
        for oid in objects(ctx, res, p["what"]):
            o = ctx.game.obj(oid)
            if o.zone not in ("exile", "graveyard"):
                continue
            who = res.controller if p.get("under") == "you" else o.owner
            enter_battlefield(ctx, oid, who, cause="return", with_counters=extra,
                              tapped=bool(p.get("tapped")))


@effect("exile_from_hand")
def _exile_from_hand(ctx: Ctx, res: Res, p: Params) -> None:
    """"[You may] exile a [filter] card from your hand" (imprint, Chrome Mox; CR 607.2a): the controller
    chooses one card in their hand matching ``filter`` as the effect is applied (a `card_from_hand`
    decision, 608.2d), or none when ``optional`` ("you may") or when none matches. ``linked``: the card is
    "the exiled card" of this object's other abilities (607.2a)."""
    hand = ctx.game.players[res.controller].hand
    flt = {**p.get("filter", {}), "zone": "hand"}
    cards = tuple(("object", i, ctx.game.obj(i).epoch) for i in hand
                  if ch.matches(ctx.game, flt, ctx.game.obj(i), res.source_lki, res.controller))
    if not cards:
        return
    options = (*cards, None) if p.get("optional") else cards
    answer = ctx.choose(Decision("card_from_hand", res.controller, res.source, options, 1, 1))
    if answer not in options:
        raise IllegalAction("608.2d", "that is not a card in your hand that the effect allows")
    if answer is None:
        return
    exiled = move(ctx, int(answer[1]), "exile")
    if p.get("linked"):
        record_exiled_with(ctx, res, [exiled])


@effect("return_other_exiled")
def _return_other_exiled(ctx: Ctx, res: Res, p: Params) -> None:
    """"If you do, return each other card exiled with this artifact to its owner's graveyard" (Mimic Vat's
    imprint): only if an earlier instruction of this resolution exiled a card (CR 608.2c); then the other
    cards this object's linked ability exiled, still in exile, go to their owners' graveyards (607.2a,
    400.3)."""
    kept = exiled_this_way(ctx, res)
    if not kept:
        return
    for oid in exiled_with_this(ctx.game, res):
        if oid not in kept:
            move(ctx, oid, "graveyard")
