"""State-based actions (CR 704): checked whenever a player would receive priority (CR 704.3)."""

from __future__ import annotations

from frozendict import frozendict

from . import characteristics as ch
from .context import Ctx, Decision
from .counters import remove_counters
from .effects import destroy, sacrifice
from .errors import IllegalAction
from .protection import cannot_enchant, equipment_cannot_equip
from .sagas import sagas_to_sacrifice
from .state import Game, Obj, replace
from .zones import move


def same_host(o: Obj, host: Obj) -> bool:
    """CR 400.7: the permanent ``o`` was attached to, not a new object that card or token became since
    (flickered within one resolution: Eldrazi Displacer's ruling)."""
    return o.attached_epoch is None or o.attached_epoch == host.epoch


def _aura_illegally_attached(game: Game, aura: Obj) -> bool:
    """CR 704.5m: attached to an object that has left, or that its enchant ability no longer allows
    (303.4c: "enchant creature you control" after a control change), or that has protection from it
    (702.16c: can't be enchanted by Auras of that colour)."""
    host = game.objects.get(aura.attached_to) if aura.attached_to is not None else None
    if host is None or host.zone != "battlefield" or not same_host(aura, host):
        return True
    return cannot_enchant(game, aura, host)  # not an Aura (Equipment, 704.5n): False


def leave_game(ctx: Ctx, player: int) -> None:
    """CR 800.4a: the objects the player owns leave the game; effects giving them control of objects end;
    their abilities on the stack cease to exist; what they still control is exiled; priority passes on."""
    for o in list(ctx.game.objects.values()):
        if o.owner == player and o.zone not in ("sideboard", "collection", "left_game"):
            move(ctx, o.id, "left_game", cause="left_game")
    for o in list(ctx.game.objects.values()):
        if o.controller == player and o.zone == "battlefield" and o.control_reverts_to is not None:
            ctx.game = ctx.game.with_obj(replace(o, controller=o.control_reverts_to, control_reverts_to=None))
    ctx.game = replace(ctx.game, stack=tuple(s for s in ctx.game.stack
                                             if not (s.kind == "ability" and s.controller == player)))
    for o in list(ctx.game.objects.values()):
        if o.controller == player and o.zone in ("battlefield", "stack"):
            move(ctx, o.id, "exile", cause="left_game")
    if ctx.game.priority == player:
        alive = [q for q in ctx.game.apnap() if q != player]
        n = len(ctx.game.players)
        ctx.game = replace(ctx.game, priority=next((q for k in range(1, n) for q in [(player + k) % n]
                                                    if q in alive), None))


def check(ctx: Ctx) -> bool:
    """Perform every applicable state-based action, all at once (CR 704.3): each is found in the same
    state, the legend rule's choices included, then they happen simultaneously, and triggers see them
    together (a creature dying with others sees them die, CR 603.10a). True if any was performed."""
    game = ctx.game
    losers = [i for i, p in enumerate(game.players) if not p.lost and (
        p.life <= 0 or p.drew_from_empty or p.counters.get("poison", 0) >= 10)]  # 704.5a-c
    tokens = [oid for oid, o in game.objects.items()
              if (o.token and o.zone != "battlefield") or (o.spell_copy and o.zone != "stack")]  # 704.5d-e
    to_graveyard: list[int] = []
    to_destroy: list[int] = []
    annihilate: list[tuple[int, int]] = []
    unattach: list[int] = []
    for oid in game.battlefield:
        o = game.obj(oid)
        types = ch.types(game, o)
        if "Creature" in types:
            _, t = ch.power_toughness(game, o)
            if t is not None and t <= 0:  # 704.5f
                to_graveyard.append(oid)
            # 704.5h: dealt damage by a deathtouch source, marked or not (wither, infect: 702.90c)
            elif (t is not None and ((o.damage > 0 and o.damage >= t) or o.deathtouched)  # 704.5g-h
                  and not ch.has_keyword(game, o, "Indestructible")):  # 702.12b: not destroyed
                to_destroy.append(oid)
        if "Planeswalker" in types and o.counters.get("loyalty", 0) <= 0:  # 704.5i
            to_graveyard.append(oid)
        if o.attached_to is not None and "Equipment" in ch.subtypes(game, o):
            host = game.objects.get(o.attached_to)
            if (host is None or host.zone != "battlefield" or not same_host(o, host)
                    or not ch.is_type(game, host, "Creature") or equipment_cannot_equip(game, o)):
                unattach.append(oid)  # 704.5n: it stays on the battlefield
        elif o.attached_to is not None and _aura_illegally_attached(game, o):  # 704.5m
            to_graveyard.append(oid)
        elif o.attached_to is None and "Enchant" in ch.card(game, o).keywords:
            to_graveyard.append(oid)  # 704.5m: an Aura attached to nothing
        n = min(o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0))  # 704.5q
        if n:
            annihilate.append((oid, n))
    to_sacrifice = sagas_to_sacrifice(game)  # CR 714.4: read its final chapter, sacrificed
    to_graveyard += _legend_rule(ctx)  # its choices are made in this same state (704.5j)
    # 704.5h counts deathtouch damage "since the last time state-based actions were checked"
    for oid in game.battlefield:
        o = ctx.game.obj(oid)
        if o.deathtouched:
            ctx.game = ctx.game.with_obj(replace(o, deathtouched=False))
    if not (losers or tokens or to_graveyard or to_destroy or annihilate or unattach or to_sacrifice):
        return False
    with ctx.simultaneously():
        for i in losers:
            ctx.game = ctx.game.with_player(i, replace(ctx.game.players[i], lost=True))
        if len(ctx.game.apnap()) >= 2:  # a multiplayer game goes on without them (CR 104.5, 800.4)
            for i in losers:
                leave_game(ctx, i)
        for oid in tokens:
            _drop_token(ctx, oid)
        for oid in unattach:
            ctx.game = ctx.game.with_obj(replace(ctx.game.obj(oid), attached_to=None))
        for oid in dict.fromkeys(to_graveyard):
            if ctx.game.obj(oid).zone == "battlefield":
                move(ctx, oid, "graveyard", cause="sba")
        for oid in dict.fromkeys(to_destroy):
            if ctx.game.obj(oid).zone == "battlefield":
                destroy(ctx, oid)
        for oid in to_sacrifice:
            if ctx.game.obj(oid).zone == "battlefield":
                sacrifice(ctx, oid)
        for oid, n in annihilate:
            o = ctx.game.obj(oid)
            if o.zone == "battlefield":
                remove_counters(ctx, ("object", oid, o.epoch), "+1/+1", n)
                remove_counters(ctx, ("object", oid, o.epoch), "-1/-1", n)
    return True


def _drop_token(ctx: Ctx, oid: int) -> None:
    o = ctx.game.obj(oid)
    game = ctx.game
    if o.zone in ("hand", "graveyard", "library"):
        p = game.players[o.owner]
        rest = tuple(i for i in getattr(p, o.zone) if i != oid)
        game = game.with_player(o.owner, replace(p, **{o.zone: rest}))
    elif o.zone == "exile":
        game = replace(game, exile=tuple(i for i in game.exile if i != oid))
    ctx.game = replace(game, objects=game.objects.delete(oid))


def _legend_rule(ctx: Ctx) -> list[int]:
    """CR 704.5j: a player with two or more legendary permanents with the same name keeps one; the
    others (returned) go to their owners' graveyards with the other state-based actions."""
    out: list[int] = []
    game = ctx.game
    by_name: dict[tuple[int, str], list[int]] = {}  # (controller, name): a copy's name (707.2)
    for oid in game.battlefield:
        o = game.obj(oid)
        c = ch.card(game, o)
        if "Legendary" in c.supertypes:
            by_name.setdefault((o.controller, c.name), []).append(oid)
    if all(len(same) < 2 for same in by_name.values()):
        return out
    if any(a["kind"] == "static" and a["static"].get("no_legend_rule")
           for i in game.battlefield for a in ch.abilities(game, game.obj(i))):
        return out  # an effect says the legend rule doesn't apply (Mirror Gallery)
    for player in game.apnap():
        for (controller, _), same in by_name.items():
            if controller != player or len(same) < 2:
                continue
            options = tuple(("object", i, game.obj(i).epoch) for i in same)
            keep = ctx.choose(Decision("legend_rule", player, None, options, 1, 1,
                                       frozendict({"forced": None})))
            if keep not in options:
                raise IllegalAction("704.5j", "keep one of the legendary permanents with that name")
            out += [int(t[1]) for t in options if t != keep]
    return out
