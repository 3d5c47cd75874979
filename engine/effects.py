"""Effect primitives: one small function per kind, registered by name (engine/registry.py); mana and
counter primitives are in mana_effects.py and counter_effects.py.

Each primitive gets the resolving spell or ability (:class:`Res`) and its own parameters. CR 608.2b:
a primitive does nothing to an illegal target and makes no illegal target perform an action.
"""

from __future__ import annotations

from typing import Any

from frozendict import frozendict

from . import (  # noqa: F401  (they register their primitives)
    cast_modifiers,
    copies,
    counter_effects,
    extra_phases,
    linked,
    mana_effects,
    protection,
    replacement,
    stack_effects,
    unearth,
)
from . import characteristics as ch
from . import mana as mana_mod
from .cards import CardDef
from .context import Ctx, Decision
from .counter_rules import become_untapped, shield_prevents_damage, shield_replaces_destruction
from .counters import put_counters, put_entering_counters, remove_counters
from .errors import IllegalAction
from .linked import record_exiled_with
from .protection import cannot_enchant, equipment_cannot_equip
from .refs import Res, amount, it_last_known, last_known, objects, on_hand, players, recipients
from .registry import Params, effect, perform
from .state import COLORS, Mod, Obj, Target, TurnEffect, replace
from .zones import move, place

# --- damage, life, zone changes ------------------------------------------------------------------

def deal_damage(ctx: Ctx, source: Obj, target: Target, n: int, *, combat: bool = False,
                lifelink: bool = True, wither_into: dict[tuple[Target, int], int] | None = None,
                shielded: set[int] | None = None) -> int:
    """CR 120.3: damage to a player is life loss (infect: poison counters instead), to a planeswalker
    loses loyalty, to a creature is marked (wither and infect: -1/-1 counters instead). Only players and
    permanents still there are dealt damage: an object that left the battlefield is a new object (CR
    400.7). Returns the damage dealt.
    ``lifelink=False``: the caller gains the life once for all the damage the source deals at once
    (CR 702.15b, 510.2). ``wither_into``: the caller puts the -1/-1 counters of damage dealt at once as
    one event per permanent and player putting them (Vizier of Remedies' ruling), via put_wither.
    ``shielded``: the permanents whose shield counter already prevented damage of this same event
    (combat damage, dealt at once: one prevention, one counter; CR 122.1c, 510.2)."""
    if n <= 0:
        return 0
    game = ctx.game
    kws = ch.keywords(game, source)
    if target[0] == "player":
        p = game.players[target[1]]
        if p.lost or protection.prevented_by(game, source, target, combat):  # CR 615.6, 702.16e
            return 0
        if "Infect" in kws:  # CR 120.3b, 702.90b: poison counters from the source's controller, no life lost
            _wither_or_infect(ctx, ("player", target[1]), source.controller, n, wither_into)
        else:
            ctx.game = game.with_player(target[1], replace(p, life=p.life - n))
            ctx.emit({"type": "life_changed", "player": target[1], "amount": -n})
        toxic = ch.toxic_value(ctx.game, source) if combat else 0
        if toxic:  # CR 702.164c, 120.3g: combat damage to a player, poison counters in addition
            put_counters(ctx, ("player", target[1]), {"poison": toxic}, source.controller, damage=True)
    else:
        o = game.objects.get(target[1])
        if o is None or o.epoch != target[2] or o.zone != "battlefield":
            return 0
        if protection.prevented_by(game, source, target, combat):  # CR 702.16e, 615.6: never dealt
            return 0
        if shielded is not None and o.id in shielded:  # the same event, already prevented (CR 122.1c)
            return 0
        if shield_prevents_damage(ctx, o):  # CR 122.1c: prevented, a shield counter removed
            if shielded is not None:
                shielded.add(o.id)
            return 0
        if ch.is_type(game, o, "Planeswalker"):
            remove_counters(ctx, ("object", o.id, o.epoch), "loyalty", n)
        if ch.is_type(game, o, "Creature"):
            o = ctx.game.obj(o.id)
            if "Deathtouch" in kws:  # CR 704.5h, wither damage included
                o = replace(o, deathtouched=True)
                ctx.game = ctx.game.with_obj(o)
            if "Wither" in kws or "Infect" in kws:  # CR 120.3d, 702.90c
                _wither_or_infect(ctx, ("object", o.id, o.epoch), source.controller, n, wither_into)
            else:
                ctx.game = ctx.game.with_obj(replace(o, damage=o.damage + n))
    ctx.emit({"type": "damage_dealt", "source": source.id, "target": target, "amount": n, "combat": combat})
    if lifelink:
        gain_from_lifelink(ctx, source, n)
    return n


def _wither_or_infect(ctx: Ctx, t: Target, by: int, n: int,
                      batch: dict[tuple[Target, int], int] | None) -> None:
    """Counters because of damage, not put by an effect (614.16): -1/-1 on a creature, poison on a player;
    damage dealt at once is one event per recipient (``batch``, put by put_wither)."""
    if batch is not None:
        batch[(t, by)] = batch.get((t, by), 0) + n
    else:
        put_wither(ctx, {(t, by): n})


def put_wither(ctx: Ctx, batch: dict[tuple[Target, int], int]) -> None:
    for (t, by), n in batch.items():
        put_counters(ctx, t, {"poison" if t[0] == "player" else "-1/-1": n}, by, damage=True)


def gain_from_lifelink(ctx: Ctx, source: Obj, n: int) -> None:
    """CR 702.15b: damage dealt by a source with lifelink makes its controller gain that much life."""
    if n > 0 and "Lifelink" in ch.keywords(ctx.game, source):
        c = ctx.game.players[source.controller]
        ctx.game = ctx.game.with_player(source.controller, replace(c, life=c.life + n))
        ctx.emit({"type": "life_changed", "player": source.controller, "amount": n})


def _damage_source(ctx: Ctx, res: Res) -> Obj:
    """The spell or ability's source, as it is now or as it last existed (CR 113.7a, 608.2h)."""
    return last_known(ctx.game, res.source, res.source_lki.epoch) or res.source_lki


@effect("deal_damage")
def _deal_damage(ctx: Ctx, res: Res, p: Params) -> None:
    if "source" in p:
        found = objects(ctx, res, p["source"])
        lki = None if found else it_last_known(ctx, res, p["source"])
        if found:
            source = ctx.game.obj(found[0])
        elif lki is not None:  # "that creature deals damage": as it last existed (CR 608.2h)
            source = lki
        else:  # an illegal target performs no action (CR 608.2b; vivien-03)
            return
    else:
        source = _damage_source(ctx, res)
    n = amount(ctx, res, p.get("amount", 1))
    for t in recipients(ctx, res, p["to"]):
        deal_damage(ctx, source, t, n)


@effect("distribute_damage")
def _distribute_damage(ctx: Ctx, res: Res, p: Params) -> None:
    """Damage divided as announced (CR 601.2d); a target that became illegal is dealt none of it and
    the others keep their shares (CR 608.2b; Electrolyze and Arc Lightning rulings)."""
    legal = {t for slot, flags in zip(res.targets, res.legal, strict=True)
             for t, ok in zip(slot, flags, strict=True) if ok}
    source = _damage_source(ctx, res)
    dealt = sum(deal_damage(ctx, source, t, n, lifelink=False) for t, n in res.distribution if t in legal)
    gain_from_lifelink(ctx, source, dealt)  # one life gain for damage dealt at once (CR 702.15b)


@effect("fight")
def _fight(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.14a-b: each deals damage equal to its power to the other; if either is no longer a creature
    on the battlefield (the creature an Aura enchanted, bounced with the Aura's ability on the stack),
    neither fights or deals damage."""
    a = objects(ctx, res, p.get("source", "self"))
    b = objects(ctx, res, p["to"])
    if a and b:
        oa, ob = ctx.game.obj(a[0]), ctx.game.obj(b[0])
        if not (_creature_on_battlefield(ctx, oa) and _creature_on_battlefield(ctx, ob)):
            return
        deal_damage(ctx, oa, ("object", ob.id, ob.epoch), ch.power(ctx.game, oa))
        deal_damage(ctx, ob, ("object", oa.id, oa.epoch), ch.power(ctx.game, ob))


def _creature_on_battlefield(ctx: Ctx, o: Obj) -> bool:
    return o.zone == "battlefield" and "Creature" in ch.types(ctx.game, o)


@effect("gain_life")
def _gain_life(ctx: Ctx, res: Res, p: Params) -> None:
    n = amount(ctx, res, p.get("amount", 1))
    if n == 0:  # CR 119.9: gaining 0 life is no life gain event
        return
    for who in players(ctx, res, p.get("player", "you")):
        pl = ctx.game.players[who]
        ctx.game = ctx.game.with_player(who, replace(pl, life=pl.life + n))
        ctx.emit({"type": "life_changed", "player": who, "amount": n})


@effect("lose_life")
def _lose_life(ctx: Ctx, res: Res, p: Params) -> None:
    n = amount(ctx, res, p.get("amount", 1))
    if n == 0:  # likewise no life loss event (CR 119.3)
        return
    for who in players(ctx, res, p.get("player", "you")):
        pl = ctx.game.players[who]
        ctx.game = ctx.game.with_player(who, replace(pl, life=pl.life - n))
        ctx.emit({"type": "life_changed", "player": who, "amount": -n})


@effect("destroy")
def _destroy(ctx: Ctx, res: Res, p: Params) -> None:
    """"Destroy each ...": the permanents are destroyed at the same time, so an ability that triggers on one
    dying looks back and sees the others too (CR 603.10a; The Scorpion God's ruling)."""
    with ctx.simultaneously():
        for oid in objects(ctx, res, p["what"]):
            destroy(ctx, oid, by_effect=True)


def destroy(ctx: Ctx, oid: int, *, by_effect: bool = False) -> None:
    """CR 701.8: move to its owner's graveyard, unless it's indestructible (CR 702.12b: it can't be
    destroyed, so nothing would be destroyed to replace). ``by_effect``: destroyed as the result of an
    effect, which a shield counter replaces (CR 122.1c); a state-based action (704.5g-h) is not one."""
    o = ctx.game.obj(oid)
    if ch.has_keyword(ctx.game, o, "Indestructible"):
        return
    if by_effect and shield_replaces_destruction(ctx, o):
        return
    move(ctx, oid, "graveyard", cause="destroy")
    ctx.emit({"type": "destroyed", "object": oid})


@effect("return_to_hand")
def _return_to_hand(ctx: Ctx, res: Res, p: Params) -> None:
    for oid in objects(ctx, res, p["what"]):
        move(ctx, oid, "hand")


@effect("exile")
def _exile(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 406.2: to exile an object is to put it into the exile zone from whatever zone it is in.
    ``linked``: a linked ability of the same object refers to "the exiled card" (CR 607.2a)."""
    exiled = [move(ctx, oid, "exile") for oid in objects(ctx, res, p["what"])]
    if p.get("linked"):
        record_exiled_with(ctx, res, exiled)


def sacrifice(ctx: Ctx, oid: int) -> None:
    move(ctx, oid, "graveyard", cause="sacrifice")
    ctx.emit({"type": "sacrificed", "object": oid})


@effect("sacrifice")
def _sacrifice(ctx: Ctx, res: Res, p: Params) -> None:
    """The player chooses a permanent they control to sacrifice (CR 701.21); none: nothing happens.
    With ``what`` ("sacrifice this enchantment"): that permanent, if the player still controls it."""
    if "what" in p:
        for who in players(ctx, res, p.get("player", "you")):
            for oid in objects(ctx, res, p["what"]):
                o = ctx.game.obj(oid)
                if o.zone == "battlefield" and o.controller == who:  # CR 701.21a: only your permanents
                    sacrifice(ctx, oid)
        return
    flt = p.get("filter", {"types": ["Creature"]})
    for who in players(ctx, res, p.get("player", "that_player")):
        game = ctx.game
        mine = [("object", o.id, o.epoch) for o in (game.objects[i] for i in game.battlefield)
                if o.controller == who and ch.matches(game, {**flt, "controller": "any"}, o, None, who)]
        if not mine:
            continue
        answer = ctx.choose(Decision("sacrifice", who, res.source, tuple(mine), 1, 1,
                                     frozendict({"forced": ((mine[0],),) if len(mine) == 1 else None})))
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != 1 or chosen[0] not in mine:
            raise IllegalAction("701.21a", "the player must sacrifice one permanent they control "
                                           "that matches")
        sacrifice(ctx, int(chosen[0][1]))


@effect("create_token")
def _create_token(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 111.2: the player who creates it controls and owns it; Doubling Season may double (CR 614)."""
    n = amount(ctx, res, p.get("amount", 1))
    for who in players(ctx, res, p.get("player", "you")):
        event = replacement.run(ctx, {"kind": "create_tokens", "controller": who, "token": p["token"],
                                      "count": n})
        with ctx.simultaneously():  # the tokens enter at the same time and see each other (CR 603.6a)
            for _ in range(event["count"]):
                create_token(ctx, p["token"], who, tapped=bool(p.get("tapped")))


def create_token(ctx: Ctx, name: str, controller: int, *, tapped: bool = False,
                 copy: CardDef | None = None) -> Obj:
    """``copy``: a token that's a copy of an object has that object's copiable values (CR 707.2, 111.1)."""
    game = ctx.game
    if copy is None and name not in game.cards:
        raise IllegalAction("111.10", f"no token definition named {name!r} in the catalogue")
    oid = game.next_id
    nth = game.created.get(name, 0) + 1
    ts = game.timestamp + 1
    o = Obj(id=oid, card=name, owner=controller, controller=controller, zone="battlefield", token=True,
            tapped=tapped, sick=True, created=nth, timestamp=ts, copy=copy)
    ctx.game = replace(game, next_id=oid + 1, created=game.created.set(name, nth), timestamp=ts)
    cd = ch.card(ctx.game, o)
    loyalty = (("loyalty", cd.loyalty, controller),) if "Planeswalker" in cd.types and cd.loyalty else ()
    # CR 614.12, 111.1: a token entering is modified like any permanent ("creatures you control enter
    # with an additional +1/+1 counter"); a copy's copied "enters with" abilities apply (707.5), and a
    # planeswalker's printed loyalty (306.5b)
    entering = replacement.run(ctx, {"kind": "enters", "obj": o, "counters": loyalty, "x": 0})
    ctx.game = place(ctx.game, o)
    ctx.emit({"type": "token_created", "object": oid, "controller": controller})
    ctx.emit({"type": "zone_change", "object": oid, "from": None, "to": "battlefield", "lki": None,
              "cause": "token"})
    put_entering_counters(ctx, o, entering["counters"])
    return ctx.game.obj(oid)


@effect("create_token_copy")
def _create_token_copy(ctx: Ctx, res: Res, p: Params) -> None:
    """"Create a token that's a copy of [an object]" (CR 707.2, 111.2): the token has the object's
    copiable values (printed values and other copy effects; not its counters, status or other effects),
    with the effect's exceptions (707.9a-b); it enters like any token (its copied "enters with" abilities
    apply, 707.5), and replacement effects on creating tokens may create more (614.1a)."""
    for copied in _copied(ctx, res, p["what"]):
        original = copies.copiable_values(ctx.game, copied)
        values = copies.with_exceptions(original, p.get("except", {}))
        for who in players(ctx, res, p.get("player", "you")):
            event = replacement.run(ctx, {"kind": "create_tokens", "controller": who, "token": values.name,
                                          "count": 1})
            with ctx.simultaneously():
                for _ in range(event["count"]):
                    create_token(ctx, values.name, who, copy=values)


def _copied(ctx: Ctx, res: Res, ref: Any) -> list[Obj]:
    """The objects a token copies; a target an earlier instruction of the same effect moved (Supplant Form:
    "Return target creature to its owner's hand. You create a token that's a copy of that creature"), or
    a trigger's "that creature" gone before it resolves (Riku of Two Reflections), as it last existed on
    the battlefield (CR 608.2h, 707.2); a dies trigger's "that creature" is always the creature as it
    last existed, not the card it became in the graveyard or exile (CR 603.10a, 400.7: Nightmare Shepherd
    copies a Clone's copy effect, not the Clone card). So does an ability's copy of its own source that
    left (Jace, Cunning Castaway's -5 with 5 loyalty: he is gone before it resolves; 608.2h names "the
    source of the ability itself", and 111.12's "no token" excepts what uses last known information)."""
    here = [ctx.game.obj(oid) for oid in on_hand(ctx, res, ref)]
    if here or not (ref in ("it", "self") or (isinstance(ref, dict) and "target" in ref)):
        return here
    lki = it_last_known(ctx, res, ref)
    return [lki] if lki is not None else []


@effect("draw")
def _draw(ctx: Ctx, res: Res, p: Params) -> None:
    for who in players(ctx, res, p.get("player", "you")):
        for _ in range(amount(ctx, res, p.get("amount", 1))):
            draw(ctx, who)


def draw(ctx: Ctx, who: int) -> None:
    """CR 121.2; drawing from an empty library makes the player lose (CR 704.5b)."""
    pl = ctx.game.players[who]
    if not pl.library:
        ctx.game = ctx.game.with_player(who, replace(pl, drew_from_empty=True))
        return
    move(ctx, pl.library[0], "hand", cause="draw")


@effect("discard")
def _discard(ctx: Ctx, res: Res, p: Params) -> None:
    for who in players(ctx, res, p.get("player", "that_player")):
        hand = [("object", i, ctx.game.obj(i).epoch) for i in ctx.game.players[who].hand]
        n = min(len(hand), amount(ctx, res, p.get("amount", 1)))
        if n == 0:
            continue
        answer = ctx.choose(Decision("discard", who, res.source, tuple(hand), n, n,
                                     frozendict({"forced": (tuple(hand),) if len(hand) == n else None})))
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != n or any(t not in hand for t in chosen):
            raise IllegalAction("701.9a", f"choose {n} card(s) in that player's hand")
        for t in chosen:
            move(ctx, int(t[1]), "graveyard", cause="discard")


# --- continuous effects until end of turn (CR 611.2, 514.2) -----------------------------------------

def _add_mod(ctx: Ctx, oid: int, mod: Mod) -> None:
    """The effect gets a new timestamp (CR 613.7b), taken before the object is updated: the game the
    object is written into must be the one whose clock moved on."""
    timestamp = ctx.stamp()
    o = ctx.game.obj(oid)
    ctx.game = ctx.game.with_obj(replace(o, mods=(*o.mods, replace(mod, timestamp=timestamp))))


@effect("become_copy")
def _become_copy(ctx: Ctx, res: Res, p: Params) -> None:
    """"Choose a [creature] on the battlefield. Target creature becomes a copy of that creature until end
    of turn" (Cytoshape): the creature copied is chosen as the spell resolves, not targeted (a `copy_of`
    decision, CR 608.2d). The target gets its copiable values (CR 707.2: printed values and other copy
    effects; not counters, status or other effects) as a copy effect in layer 1 with a new timestamp
    (613.2a, 613.7b); its own counters and the effects already applying to it stay (Cytoshape's ruling),
    and it ends in the cleanup step (514.2). With `to`, the object copied is a target ("becomes a copy of
    target artifact ... until end of turn", Mirage Mirror): no choice; a later copy effect overwrites an
    earlier one (613.7), and all end together at cleanup."""
    what = objects(ctx, res, p["what"])
    game = ctx.game
    if "to" in p:  # "becomes a copy of target permanent" (Mirage Mirror): the target, no choice
        copied = objects(ctx, res, p["to"])
        if not what or not copied:
            return
        values = copies.copiable_values(game, game.obj(copied[0]))
        for oid in what:
            _add_mod(ctx, oid, Mod(copy=values))
        return
    options = tuple(("object", i, game.obj(i).epoch) for i in game.battlefield
                    if ch.matches(game, p.get("of", {"types": ["Creature"]}), game.obj(i), res.source_lki,
                                  res.controller))
    if not what or not options:
        return
    chosen = ctx.choose(Decision("copy_of", res.controller, res.source, options, 1, 1))
    if chosen not in options:
        raise IllegalAction("608.2d", "choose one of the permanents the spell allows")
    values = copies.copiable_values(game, game.obj(chosen[1]))
    for oid in what:
        _add_mod(ctx, oid, Mod(copy=values))


@effect("pump")
def _pump(ctx: Ctx, res: Res, p: Params) -> None:
    power = p.get("power", 0)  # +X/+0 where X is a creature's power (enlist, CR 702.154a)
    power = power if isinstance(power, int) else amount(ctx, res, power)
    for oid in objects(ctx, res, p["what"]):
        if p.get("double_power"):  # "double its power": +X/+0, X its power now, negative too (CR 701.10b-c)
            power = ch.power(ctx.game, ctx.game.obj(oid))
        _add_mod(ctx, oid, Mod(power=power, toughness=p.get("toughness", 0)))


@effect("become_creature")
def _become_creature(ctx: Ctx, res: Res, p: Params) -> None:
    """"[It] becomes an N/N [subtype] creature until end of turn. It's still a land." (Mutavault): adds
    the Creature type (layer 4) and sets its power and toughness (layer 7b); it keeps its other types
    and abilities, and it is as summoning sick as the permanent was (CR 302.6). Without a power and
    toughness, a Vehicle crewed: "becomes an artifact creature until end of turn" (CR 702.122a, 301.7b).
    ``artifact``: "becomes an artifact creature with base power and toughness 4/5" (Suit Up): the
    Artifact type too (layer 4)."""
    sets = "power" in p and "toughness" in p  # a Vehicle keeps its printed ones (CR 301.7b)
    types = ("Artifact", "Creature") if p.get("artifact") else ("Creature",)
    for oid in objects(ctx, res, p["what"]):
        _add_mod(ctx, oid, Mod(types=types, subtypes=tuple(p.get("subtypes", ())),
                               base_power=int(p["power"]) if sets else None,
                               base_toughness=int(p["toughness"]) if sets else None))


@effect("lose_all_abilities")
def _lose_all_abilities(ctx: Ctx, res: Res, p: Params) -> None:
    """"[It] loses all abilities until end of turn" (Turn to Frog): an ability-removing effect in layer 6
    (CR 613.1f). Applied in timestamp order (613.7): its printed abilities and those it gained before are
    gone (keyword counters included); abilities it gains afterwards stay (the Turn to Frog rulings)."""
    for oid in objects(ctx, res, p["what"]):
        _add_mod(ctx, oid, Mod(loses_abilities=True))


@effect("set_characteristics")
def _set_characteristics(ctx: Ctx, res: Res, p: Params) -> None:
    """"[It] becomes a blue Frog with base power and toughness 1/1 until end of turn" (Turn to Frog): its
    creature types set (layer 4, CR 613.1d: the other creature types are lost, card types and supertypes
    kept), its colors set (layer 5, 613.1e), its base power and toughness set (layer 7b, 613.4b: effects
    that modify them, and counters, still apply, 613.4c)."""
    sets_pt = "power" in p and "toughness" in p
    for oid in objects(ctx, res, p["what"]):
        _add_mod(ctx, oid, Mod(colors=tuple(p["colors"]) if "colors" in p else None,
                               creature_types=tuple(p["creature_types"]) if "creature_types" in p else None,
                               base_power=int(p["power"]) if sets_pt else None,
                               base_toughness=int(p["toughness"]) if sets_pt else None))


@effect("grant_keyword")
def _grant_keyword(ctx: Ctx, res: Res, p: Params) -> None:
    """Until end of turn; ward with its cost ("gains ward {3}": ``cost`` or ``life``)."""
    ability = ({"kind": "keyword", "keyword": "Ward", **{k: p[k] for k in ("cost", "life") if k in p}}
               if p["keyword"] == "Ward" else None)
    for oid in objects(ctx, res, p["what"]):
        _add_mod(ctx, oid, Mod(keyword=p["keyword"], ability=ability))


@effect("grant_protection")
def _grant_protection(ctx: Ctx, res: Res, p: Params) -> None:
    """Protection from the colour of the controller's choice (CR 702.16)."""
    found = objects(ctx, res, p["what"])
    if not found:
        return
    color = ctx.choose(Decision("color", res.controller, res.source, COLORS))
    if color not in COLORS:
        raise IllegalAction("105.1", f"{color!r} is not a colour")
    for oid in found:
        _add_mod(ctx, oid, Mod(protection=str(color)))


@effect("tap")
def _tap(ctx: Ctx, res: Res, p: Params) -> None:
    for oid in objects(ctx, res, p["what"]):
        ctx.game = ctx.game.with_obj(replace(ctx.game.obj(oid), tapped=True))


@effect("skip_next_untap")
def _skip_next_untap(ctx: Ctx, res: Res, p: Params) -> None:
    """"[It] doesn't untap during its controller's next untap step" (Vorinclex, Voice of Hunger; CR
    502.3): that untap step only, even if it isn't tapped now."""
    for oid in objects(ctx, res, p["what"]):
        o = ctx.game.obj(oid)  # several such effects use up the same untap step (Niblis of Frost's ruling)
        ctx.game = ctx.game.with_obj(replace(o, skip_untaps=1))


@effect("untap")
def _untap(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.26b; a stun counter is removed instead (CR 122.1d)."""
    for oid in objects(ctx, res, p["what"]):
        become_untapped(ctx, oid)


@effect("attach")
def _attach(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.3a-c: put an Equipment (or Aura) onto the permanent; not onto one it couldn't equip (a
    noncreature), and nothing if it is already attached there; a new timestamp when it moves. Equip
    (CR 702.6a): "Attach this permanent to target creature you control"."""
    me = objects(ctx, res, p.get("what", "self"))
    hosts = objects(ctx, res, p["to"])
    if not hosts:
        return
    for oid in me:  # "attach any number of target Equipment to it" (Armory Automaton): each in turn
        o, host = ctx.game.obj(oid), ctx.game.obj(hosts[0])
        if o.attached_to == host.id or host.id == o.id or not ch.is_type(ctx.game, host, "Creature"):
            continue
        if cannot_enchant(ctx.game, o, host) or equipment_cannot_equip(ctx.game, o):  # 701.3b: no move
            continue
        ctx.game = replace(ctx.game, timestamp=ctx.game.timestamp + 1)
        ctx.game = ctx.game.with_obj(replace(o, attached_to=host.id, attached_epoch=host.epoch))
        ctx.emit({"type": "attached", "object": o.id, "attached_to": host.id})


@effect("create_replacement")
def _create_replacement(ctx: Ctx, res: Res, p: Params) -> None:
    """"This turn, each creature you control enters with an additional +1/+1 counter on it" (Combine
    Guildmage): a replacement effect from a resolved ability, applying until the cleanup step (CR 514.2)
    to events after it was created only (CR 611.2a)."""
    g = ctx.game
    eff = TurnEffect(res.controller, res.source_lki, p["replacement"], g.timestamp)
    ctx.game = replace(g, turn_effects=(*g.turn_effects, eff), timestamp=g.timestamp + 1)


@effect("gain_control")
def _gain_control(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 613.1b (layer 2). With ``until: end_of_turn`` the effect ends in the cleanup step (514.2) and
    control returns to the player who had it; a later permanent change of control supersedes it.
    ``player``: who gains control ("target opponent gains control of this creature", Humble Defector);
    by default the ability's controller."""
    who = players(ctx, res, p["player"]) if "player" in p else [res.controller]
    if not who:
        return
    new_controller = who[0]
    for oid in objects(ctx, res, p["what"]):
        o = ctx.game.obj(oid)
        reverts = (o.control_reverts_to if o.control_reverts_to is not None else o.controller) \
            if p.get("until") == "end_of_turn" else None
        ctx.game = ctx.game.with_obj(replace(o, control_reverts_to=reverts))
        if o.controller != new_controller:
            _change_controller(ctx, oid, new_controller)


def _change_controller(ctx: Ctx, oid: int, new: int) -> None:
    """It has not been under its new controller's control since their turn began (302.6), and it is
    removed from combat (506.4)."""
    ctx.game = ctx.game.with_obj(replace(ctx.game.obj(oid), controller=new, sick=True))
    if oid in {a.attacker for a in ctx.game.attacks} | {b for b, _ in ctx.game.blocks}:
        ctx.game = replace(ctx.game, removed_from_combat=ctx.game.removed_from_combat | {oid})


@effect("exchange_control")
def _exchange_control(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.12a-b: exchange control of ``what`` and ``from``: all or nothing (one gone or an illegal
    target: nothing), and nothing if one player controls both; each gains the other's simultaneously."""
    a, b = objects(ctx, res, p["what"]), objects(ctx, res, p["from"])
    if not a or not b:
        return
    oa, ob = ctx.game.obj(a[0]), ctx.game.obj(b[0])
    if oa.controller == ob.controller:
        return
    for o, new in ((oa, ob.controller), (ob, oa.controller)):  # permanent effects
        ctx.game = ctx.game.with_obj(replace(ctx.game.obj(o.id), control_reverts_to=None))
        _change_controller(ctx, o.id, new)


# --- choices -------------------------------------------------------------------------------------

@effect("villainous_choice")
def _villainous_choice(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 701.55: each player, one at a time in APNAP order (701.55d), chooses A or B, then all actions in
    it are performed before the next choice (villainous-choice-02); an impossible option may be chosen
    and is performed as far as possible (701.55b); a replacement may add more times (701.55c)."""
    who_list = players(ctx, res, p.get("player", "each_opponent"))
    order = [i for i in ctx.game.apnap() if i in who_list]
    for who in order:
        event = replacement.run(ctx, {"kind": "face_villainous_choice", "player": who, "times": 1})
        for _ in range(event["times"]):
            option = ctx.choose(Decision("villainous_choice", who, res.source, ("A", "B")))
            if option not in ("A", "B"):
                raise IllegalAction("701.55a", "a villainous choice is option A or option B")
            ctx.emit({"type": "villainous_choice", "player": who, "option": option})
            perform(ctx, res.with_info(that_player=who), p["option_a"] if option == "A" else p["option_b"])


@effect("may")
def _may(ctx: Ctx, res: Res, p: Params) -> None:
    yes = ctx.choose(Decision("may", res.controller, res.source, (True, False)))
    if not isinstance(yes, bool):
        raise IllegalAction("608.2d", "answer a \"may\" with true or false")
    if yes:
        perform(ctx, res, p["effects"])


def _can_do(ctx: Ctx, res: Res, player: int, effects: Any) -> bool:
    """Whether ``player`` could do ``effects`` as an "unless" cost (CR 118.3: a cost can't be paid without
    the resources): a sacrifice needs a permanent of the filter's kind that they control; a payment, the
    mana in their pool (mana abilities are activated before, while they have priority) and the life."""
    game = ctx.game
    pl = game.players[player]
    for e in effects:
        if e["do"] == "sacrifice" and "what" not in e:
            flt = {**e.get("filter", {"types": ["Creature"]}), "controller": "any"}
            if not any(o.controller == player and ch.matches(game, flt, o, None, player)
                       for o in (game.objects[i] for i in game.battlefield)):
                return False
        unpayable = "cost" in e and not mana_mod.payments(pl.mana_pool, e["cost"], 0, life=pl.life)
        if e["do"] == "pay" and (unpayable or pl.life < int(e.get("life", 0))):
            return False
    return True


@effect("unless")
def _unless(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 118.12a: "[effects] unless [a player does something else]": that player (``player``, by default
    the controller) chooses on resolution whether to pay ``unless_cost`` (answered as "may"); if they
    don't, or can't, ``effects`` happen. Ward: "counter that spell or ability unless that player pays
    [cost]" (702.21a)."""
    who = players(ctx, res, p.get("player", "you"))
    if not who:
        return
    payer = who[0]
    options = (True, False) if _can_do(ctx, res, payer, p["unless_cost"]) else (False,)
    yes = ctx.choose(Decision("may", payer, res.source, options,
                              info=frozendict({"forced": (False,) if options == (False,) else None})))
    if yes not in options:
        costs = [e["cost"] for e in p["unless_cost"] if e["do"] == "pay" and "cost" in e]
        if yes is True and any(mana_mod.only_restricted_pays(ctx.game, payer, c) for c in costs):
            # the pool could pay it only with mana whose restriction doesn't allow this cost (CR 106.6)
            raise IllegalAction("106.6", "the only mana that could pay this cost can't be spent on it")
        raise IllegalAction("118.12", f"answer the \"unless\" with one of {list(options)}")
    perform(ctx, res, p["unless_cost"] if yes else p["effects"])


@effect("pay")
def _pay(ctx: Ctx, res: Res, p: Params) -> None:
    """A player pays a cost while the ability resolves (CR 118.12): mana from their pool (CR 601.2h), life
    (CR 119.4, not more than they have)."""
    for who in players(ctx, res, p.get("player", "you")):
        if "cost" in p:
            mana_mod.pay(ctx, who, p["cost"], 0, res.source)
        if "life" in p:
            pl = ctx.game.players[who]
            if pl.life < int(p["life"]):
                raise IllegalAction("119.4", f"{pl.alias} can't pay {p['life']} life with {pl.life}")
            ctx.game = ctx.game.with_player(who, replace(pl, life=pl.life - int(p["life"])))
            ctx.emit({"type": "life_changed", "player": who, "amount": -int(p["life"])})


@effect("pay_optional")
def _pay_optional(ctx: Ctx, res: Res, p: Params) -> None:
    """"You may pay {N}. If you do, ...": only a player who can pay may choose to (CR 118.3, 608.2d)."""
    can = _can_do(ctx, res, res.controller, [{"do": "pay", "cost": p["cost"]}])
    options = (True, False) if can else (False,)
    yes = ctx.choose(Decision("may", res.controller, res.source, options,
                              info=frozendict({"forced": (False,) if options == (False,) else None})))
    if yes not in options:
        raise IllegalAction("118.3", f"answer the \"may pay\" with one of {list(options)}")
    if yes is True:
        mana_mod.pay(ctx, res.controller, p["cost"], 0, res.source)
        perform(ctx, res, p["effects"])


@effect("from_outside_game")
def _from_outside_game(ctx: Ctx, res: Res, p: Params) -> None:
    """CR 400.11: in a tournament a card from outside the game comes from the sideboard; in a casual game
    from the player's collection (vivien-arkbow-ranger-01)."""
    game = ctx.game
    me = game.players[res.controller]
    pool = me.sideboard if game.tournament else (*me.sideboard, *me.collection)
    types = set(p.get("filter", {}).get("types", ()))
    options = [("object", i, game.obj(i).epoch) for i in pool
               if not types or types & set(ch.card(game, game.obj(i)).types)]
    answer = ctx.choose(Decision("outside_game_card", res.controller, res.source, (*options, None), 1, 1))
    if answer is None:
        return
    if answer not in options:
        raise IllegalAction("400.11", "that card is not a card you own outside the game "
                                      "that this can bring in")
    move(ctx, int(answer[1]), "hand", cause="outside_game")
