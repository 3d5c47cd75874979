"""Counters on permanents and players (CR 122), and entering the battlefield with them (CR 614.1c).

Every placement goes through the replacement pipeline, including counters an object enters with
(CR 122.6) and counters put on players (Winding Constrictor's second ability).
"""

from __future__ import annotations

from typing import Any

from . import characteristics as ch
from . import replacement
from .context import Ctx
from .state import Obj, Target, counters_add, replace
from .zones import move


def put_counters(ctx: Ctx, target: Target, counters: dict[str, int], by: int, *,
                 entering: bool = False, cost: bool = False, damage: bool = False) -> None:
    """Put counters on an object or player, after replacement effects (CR 614, 616). ``cost``: they are
    put to pay a cost (a +N loyalty ability, CR 606.4), which "if an effect would put" doesn't replace
    until another replacement effect has modified the event (CR 614.16).
    ``entering``: the counters it entered with, already replaced as it entered (enter_battlefield).
    ``damage``: -1/-1 counters because of wither damage (CR 120.3d), which "if an effect would put"
    doesn't replace either (Selesnya Loft Gardens' ruling)."""
    if not any(n > 0 for n in counters.values()):
        return
    event: dict[str, Any] = {"kind": "put_counters", "target": target, "counters": dict(counters), "by": by,
                             "cost": cost, "damage": damage}
    if not entering:
        event = replacement.run(ctx, event)
    # One event, reported per kind; "part" numbers the kinds so that a "one or more counters"
    # trigger fires once for the event (CR 603.2c; Generous Patron ruling 2018-06-08)
    part = 0
    for kind, n in event["counters"].items():
        if n <= 0 or not ch.can_get_counter(ctx.game, target, kind):  # "can't" (Solemnity, CR 101.2)
            continue
        if target[0] == "player":
            p = ctx.game.players[target[1]]
            ctx.game = ctx.game.with_player(target[1], replace(p, counters=counters_add(p.counters, kind, n)))
            ctx.emit({"type": "counters_put", "player": target[1], "counter": kind, "amount": n, "by": by,
                      "part": part})
        else:
            o = ctx.game.obj(target[1])
            total = counters_add(o.counters, kind, n)
            ctx.game = ctx.game.with_obj(replace(o, counters=total))
            # "total": how many of that kind it has now (a Saga's chapters, CR 714.2b); not reported
            ev = {"type": "counters_put", "object": o.id, "counter": kind, "amount": n, "by": by,
                  "part": part, "total": total.get(kind, 0)}
            if entering:
                ev["entering"] = True
            ctx.emit(ev)
        part += 1


def remove_counters(ctx: Ctx, target: Target, kind: str, amount: int) -> int:
    """Remove up to ``amount`` counters of a kind; returns how many were removed."""
    if target[0] == "player":
        p = ctx.game.players[target[1]]
        n = min(amount, p.counters.get(kind, 0))
        ctx.game = ctx.game.with_player(target[1], replace(p, counters=counters_add(p.counters, kind, -n)))
        if n:
            ctx.emit({"type": "counters_removed", "player": target[1], "counter": kind, "amount": n})
        return n
    o = ctx.game.obj(target[1])
    n = min(amount, o.counters.get(kind, 0))
    ctx.game = ctx.game.with_obj(replace(o, counters=counters_add(o.counters, kind, -n)))
    if n:
        ctx.emit({"type": "counters_removed", "object": o.id, "counter": kind, "amount": n})
    return n


def enter_battlefield(ctx: Ctx, oid: int, controller: int, *, x: int = 0, tapped: bool = False,
                      cause: str | None = None, attached_to: int | None = None,
                      with_counters: tuple[tuple[str, int, int], ...] = ()) -> Obj:
    """Put an object onto the battlefield, applying "enters with" effects first.

    CR 614.12: replacement effects that modify how a permanent enters apply before it enters, to the
    permanent as it would exist on the battlefield. Counters it enters with are put on it by the
    player each effect names (CR 122.6a; tribute-06), as it enters (tribute-05). The value of X
    for its enters abilities is the spell's X (CR 107.3m). ``with_counters``: (kind, n, by) the effect
    putting it onto the battlefield says it enters with ("return it ... with a -1/-1 counter on it":
    a replacement-like modification of how it enters, CR 614.1c, put as it enters, 122.6).
    """
    o = ctx.game.obj(oid)
    prospective = replace(o, zone="battlefield", controller=controller)
    counters: tuple[tuple[str, int, int], ...] = ()
    cd = ch.card(ctx.game, o)
    if "Planeswalker" in cd.types and cd.loyalty:
        counters = (("loyalty", cd.loyalty, controller),)  # CR 306.5b
    if "Saga" in cd.subtypes:  # CR 714.3a: "This Saga enters with a lore counter on it" (no read ahead)
        counters = (*counters, ("lore", 1, controller))
    counters = (*counters, *with_counters)
    event = replacement.run(ctx, {"kind": "enters", "obj": prospective, "counters": counters, "x": x})
    entering: dict[str, Any] = {"x": x, "tribute_paid": event.get("tribute_paid"),
                                "chosen_color": event.get("chosen_color"),
                                "chosen_type": event.get("chosen_type"),
                                "chosen_name": event.get("chosen_name"), "copy": event["obj"].copy}
    if event["obj"].mods:  # a copy effect "until end of turn" it entered with (Cursed Mirror, CR 707.5)
        entering["mods"] = event["obj"].mods
    if attached_to is not None:  # an Aura spell enters attached (CR 303.4f, 608.3c): its triggers see it so
        entering["attached_to"] = attached_to
        entering["attached_epoch"] = ctx.game.obj(attached_to).epoch
    # it enters with its counters (CR 614.1c): enters triggers see them (their "if" included: evolve)
    with ctx.simultaneously():
        new = move(ctx, oid, "battlefield", controller=controller, tapped=tapped or bool(event.get("tapped")),
                   cause=cause, entering=entering)
        put_entering_counters(ctx, new, event["counters"])
        if attached_to is not None:  # an Aura spell enters attached to its target (CR 303.4f, 701.3)
            ctx.emit({"type": "attached", "object": oid, "attached_to": attached_to})
    return ctx.game.obj(oid)


def put_entering_counters(ctx: Ctx, o: Obj, bundles: tuple[tuple[str, int, int], ...]) -> None:
    """The counters a permanent entered with, as one event per player putting them (CR 122.6a)."""
    by_player: dict[int, dict[str, int]] = {}
    for kind, n, by in bundles:
        kinds = by_player.setdefault(by, {})
        kinds[kind] = kinds.get(kind, 0) + n
    for by, kinds in by_player.items():
        put_counters(ctx, ("object", o.id, o.epoch), kinds, by, entering=True)
