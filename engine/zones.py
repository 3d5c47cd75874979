"""Zones and moving objects between them (CR 400).

Libraries, hands and graveyards belong to players; the battlefield, the stack and exile are shared
(CR 400.1). Sideboards and collections are outside the game (CR 400.11) and are kept with the player.
"""

from __future__ import annotations

from collections.abc import Mapping

from .context import Ctx
from .state import Game, Obj, replace

PLAYER_ZONES = ("library", "hand", "graveyard", "sideboard", "collection")
SHARED_ZONES = ("battlefield", "exile")


def _remove(game: Game, o: Obj) -> Game:
    if o.zone in PLAYER_ZONES:
        p = game.players[o.owner]
        rest = tuple(i for i in getattr(p, o.zone) if i != o.id)
        return game.with_player(o.owner, replace(p, **{o.zone: rest}))
    if o.zone in SHARED_ZONES:
        return replace(game, **{o.zone: tuple(i for i in getattr(game, o.zone) if i != o.id)})
    if o.zone == "stack":
        return replace(game, stack=tuple(s for s in game.stack if not (s.kind == "spell" and s.id == o.id)))
    return game


def _add(game: Game, o: Obj, top: bool) -> Game:
    if o.zone in PLAYER_ZONES:
        p = game.players[o.owner]
        cur = getattr(p, o.zone)
        new = (o.id, *cur) if (top and o.zone == "library") else (*cur, o.id)
        return game.with_player(o.owner, replace(p, **{o.zone: new}))
    if o.zone in SHARED_ZONES:
        return replace(game, **{o.zone: (*getattr(game, o.zone), o.id)})
    return game  # the stack is managed by casting (a StackItem carries the spell)


def place(game: Game, o: Obj, top: bool = False) -> Game:
    """Put a new object into its zone (setup, tokens)."""
    return _add(game.with_obj(o), o, top)


def move(ctx: Ctx, oid: int, to: str, *, controller: int | None = None, tapped: bool = False,
         top: bool = True, cause: str | None = None, entering: Mapping[str, object] | None = None) -> Obj:
    """Move an object to another zone; it becomes a new object (CR 400.7).

    Cards go to their owner's library, hand or graveyard (CR 400.3). A permanent put onto the
    battlefield is summoning sick (CR 302.6) and under ``controller`` (default: its owner).
    ``entering``: what was decided as it entered (CR 614.12a: before it enters, e.g. whether tribute
    was paid, CR 702.104a), set before the zone change is seen by triggers (CR 603.2, 603.4).
    """
    game = ctx.game
    old = game.obj(oid)
    if old.zone in ("battlefield", "stack"):  # last known information (CR 608.2h, 113.7a): a permanent,
        game = replace(game, last_known=game.last_known.set(oid, old))  # or a spell (its controller)
    game = _remove(game, old)
    changes: dict[str, object] = {}
    if to == "battlefield":
        changes["controller"] = old.owner if controller is None else controller
        changes["sick"] = True
        changes["tapped"] = tapped
        changes.update(entering or {})
    else:
        changes["controller"] = old.owner
    new = old.moved(to)
    new = replace(new, **changes)
    if to == "battlefield":
        ts = game.timestamp + 1
        game = replace(game, timestamp=ts)
        new = replace(new, timestamp=ts)
    game = _add(game.with_obj(new), new, top)
    ctx.game = game
    ctx.emit({"type": "zone_change", "object": oid, "from": old.zone, "to": to, "lki": old, "cause": cause})
    return new


def zone_of(game: Game, oid: int) -> str:
    return game.obj(oid).zone
