"""Zones and moving objects between them (CR 400).

Libraries, hands and graveyards belong to players; the battlefield, the stack and exile are shared
(CR 400.1). Sideboards and collections are outside the game (CR 400.11) and are kept with the player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from frozendict import frozendict

from . import characteristics as ch
from .context import Ctx
from .state import Game, Obj, replace

PLAYER_ZONES = ("library", "hand", "graveyard", "sideboard", "collection")
SHARED_ZONES = ("battlefield", "exile")


def _without(ids: tuple[int, ...], oid: int) -> tuple[int, ...]:
    """The zone without the object: found and sliced out in C when it is there once (always, in a zone),
    not compared with each id in Python (N creatures leaving together: N x N comparisons)."""
    if ids.count(oid) == 1:
        k = ids.index(oid)
        return ids[:k] + ids[k + 1:]
    return tuple(i for i in ids if i != oid)


def _remove(game: Game, o: Obj) -> Game:
    if o.zone in PLAYER_ZONES:
        p = game.players[o.owner]
        return game.with_player(o.owner, replace(p, **{o.zone: _without(getattr(p, o.zone), o.id)}))
    if o.zone in SHARED_ZONES:
        return replace(game, **{o.zone: _without(getattr(game, o.zone), o.id)})
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


def place_all(game: Game, objs: Sequence[Obj]) -> Game:
    """``place`` each object in turn (at the bottom of a library), in one new state: a game set up with N
    objects costs N, not N copies of an ever larger map and zones."""
    added: dict[tuple[int | None, str], list[int]] = {}
    for o in objs:
        added.setdefault((o.owner if o.zone in PLAYER_ZONES else None, o.zone), []).append(o.id)
    players = list(game.players)
    for (owner, zone), ids in added.items():
        if owner is not None:
            players[owner] = replace(players[owner], **{zone: (*getattr(players[owner], zone), *ids)})
    shared = {z: (*getattr(game, z), *added[(None, z)]) for z in SHARED_ZONES if (None, z) in added}
    objects = frozendict({**game.objects, **{o.id: o for o in objs}})
    return replace(game, objects=objects, players=tuple(players), **shared)


def last_known_info(game: Game, old: Obj) -> Obj:
    """The object as it last existed (CR 608.2h, 113.7a), kept as it leaves the battlefield or the stack.
    A permanent keeps the keywords it had then, static abilities' grants included, its own too (Sorin,
    Vengeful Bloodlord's ruling: his damage after he left still has the lifelink he gave himself)."""
    if old.zone != "battlefield":
        return old
    return replace(old, last_keywords=tuple(ch.keywords(game, old)))


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
    if old.zone == "battlefield" and old.unearthed and to != "exile":
        to = "exile"  # CR 702.84a, 614.1a: exiled instead of put anywhere else
    if old.zone in ("battlefield", "stack"):  # last known information (CR 608.2h, 113.7a): a permanent,
        game = replace(game, last_known=game.last_known.set(oid, last_known_info(game, old)))  # or a spell
    game = _remove(game, old)
    if old.zone == "battlefield" and (any(a.attacker == oid for a in game.attacks)
                                      or any(b == oid for b, _ in game.blocks)):
        # CR 506.4: a permanent that leaves the battlefield is removed from combat; back, it is a new object
        # that was never declared (400.7: Illusionist's Stratagem's ruling)
        game = replace(game, removed_from_combat=game.removed_from_combat | {oid})
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
    if old.zone == "battlefield" and (oid, old.epoch) in ctx.game.exiled_until:
        from .linked import return_exiled_until  # CR 610.3: linked.py puts cards onto the battlefield

        return_exiled_until(ctx, old)
    return new


def zone_of(game: Game, oid: int) -> str:
    return game.obj(oid).zone
