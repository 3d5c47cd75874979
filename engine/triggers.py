"""Triggered abilities (CR 603).

Every event is checked against the trigger conditions of the abilities that could see it (CR 603.2).
Abilities that triggered wait until a player would receive priority, then each player in APNAP order
puts theirs on the stack in the order they choose (CR 603.3b); targets are chosen then (CR 603.3d).
Triggered mana abilities resolve at once (CR 605.4a). An intervening "if" is checked when the ability
triggers and again when it resolves (CR 603.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from frozendict import frozendict

from . import characteristics as ch
from . import sagas
from . import targets as tg
from .context import Ctx, Decision, Event
from .errors import BadCardData, IllegalAction
from .memo import PartsMemo, StateMemo
from .refs import Res, last_known
from .registry import perform
from .state import Game, Obj, StackItem, TriggerInstance, replace


def condition_holds(game: Game, cond: Mapping[str, Any] | None, source: Obj, info: Mapping[str, Any],
                    controller: int) -> bool:
    if not cond:
        return True
    if cond.get("tribute_not_paid"):
        # CR 702.104b: a fact of how the creature entered; if it has left the battlefield since, its last
        # known information (the source as it triggered) still answers it (seed tribute-02, CR 608.2h).
        it = info.get("it")
        subject = game.objects.get(it) if it is not None else source
        if subject is not None and subject.id == source.id and subject.epoch != source.epoch:
            subject = source
        if subject is None or subject.tribute_paid is not False:
            return False
    if cond.get("evolve"):  # CR 702.100a: the entering creature's power or toughness greater than this one's
        it_id = info.get("it")  # as it last existed if it has left (the evolve rulings)
        it = last_known(game, int(it_id), int(info.get("it_epoch", 0))) if it_id is not None else None
        me = game.objects.get(source.id)
        if it is None or me is None or me.zone != "battlefield" or not ch.is_type(game, me, "Creature"):
            return False
        (p1, t1), (p2, t2) = ch.power_toughness(game, it), ch.power_toughness(game, me)
        if not ((p1 or 0) > (p2 or 0) or (t1 or 0) > (t2 or 0)):
            return False
    if cond.get("it_had_counters"):  # The Ozolith: "if it had counters on it" (its last known information)
        it = info.get("it")
        lk = last_known(game, int(it), _it_epoch(info)) if it is not None else None
        if lk is None or not any(n > 0 for n in lk.counters.values()):
            return False
    if "it_had_no_counter" in cond:  # persist: "if it had no -1/-1 counters on it" (as it last existed,
        it = info.get("it")  # CR 702.79a, 603.10a)
        lk = last_known(game, int(it), _it_epoch(info)) if it is not None else None
        if lk is None or lk.counters.get(str(cond["it_had_no_counter"]), 0) > 0:
            return False
    if cond.get("self_has_counters"):  # "if [this] has counters on it"
        me = game.objects.get(source.id)
        if me is None or me.epoch != source.epoch or not any(n > 0 for n in me.counters.values()):
            return False
    return not (cond.get("crime_committed_this_turn") and game.players[controller].crimes == 0)


def _it_epoch(info: Mapping[str, Any]) -> int:
    """The epoch of "it" as it last existed: a dies trigger's "it" is the card now in the graveyard, so its
    battlefield information is under it_lki_epoch (Iron Apprentice: "if it had counters on it", 603.10a)."""
    return int(info.get("it_epoch", info.get("it_lki_epoch", -1)))


Watcher = tuple[Obj, int, Mapping[str, Any]]  # (source, ability index, ability)


def _watchers(game: Game, event: Event,
              lookback: Game | None = None) -> Iterable[Watcher]:
    """(source, ability index, ability) for every triggered ability that could see the event.

    Leaves-the-battlefield abilities look back in time (CR 603.10a): the object that left, and, for
    events that happened together with others (``lookback``: the game just before them), every
    permanent that left with it, trigger as the permanents they were. What is found in the game alone
    (and in the game and ``lookback``) is found once per state: N events that happen together (N
    creatures dying at once) look at the N permanents once, not N times (while no ability triggers:
    a triggered ability waiting to be put on the stack makes a new state)."""
    if not (event.get("type") == "zone_change" and event.get("from") == "battlefield"):
        yield from WATCHING.get(_watching, game)
        return
    lki = event.get("lki")
    left = lki if isinstance(lki, Obj) and lki.zone == "battlefield" else None
    if left is not None:
        for i, a in _triggered(game, left):
            if a["trigger"].get("zone", "battlefield") == "battlefield":
                yield left, i, a
    if lookback is not None:
        for s, i, a in LEFT_WITH.get(_left_with, game, lookback):
            if left is None or s.id != left.id:
                yield s, i, a
    # looking back in time (603.10a), a card that left the battlefield with this event (or together with
    # it) was a permanent then: its graveyard abilities did not exist yet, and see neither departure
    before = lookback.battlefield if lookback is not None else ()
    for s, i, a in WATCHING.get(_watching, game):
        if s.zone == "battlefield" or not (s.id == event.get("object") or s.id in before):
            yield s, i, a


def _watching(game: Game) -> tuple[Watcher, ...]:
    """The triggered abilities of the permanents and of the cards in graveyards. A card that left is
    here in its new zone: only that zone's abilities trigger."""
    current: list[Obj] = [game.objects[i] for i in game.battlefield]
    for p in game.players:
        current += [game.objects[i] for i in p.graveyard]

    def build() -> tuple[Watcher, ...]:
        return tuple((s, i, a) for s in current for i, a in _triggered(game, s)
                     if s.zone == a["trigger"].get("zone", "battlefield"))

    def shared() -> tuple[Watcher, ...] | None:
        # None: a static gives abilities (in_play reads only the cards and the permanents, which are
        # among the parts), and whether it applies to an object depends on the rest of the state
        return None if ch.in_play(game).abilities else build()
    # they are read from the cards and the objects alone: states that kept both share them
    found = BY_OBJECTS.get((game.cards, *current), shared)
    return build() if found is None else found


def _left_with(game: Game, lookback: Game) -> tuple[Watcher, ...]:
    """The battlefield abilities of the permanents of ``lookback`` that have left since, as they were."""
    still = {*game.battlefield, *game.phased_out}  # phasing out is no zone change (CR 702.26d)
    gone = [lookback.objects[oid] for oid in lookback.battlefield if oid not in still]
    return tuple((s, i, a) for s in gone for i, a in _triggered(game, s)
                 if a["trigger"].get("zone", "battlefield") == "battlefield")


WATCHING: StateMemo[tuple[Watcher, ...]] = StateMemo()
LEFT_WITH: StateMemo[tuple[Watcher, ...]] = StateMemo()
BY_OBJECTS: PartsMemo[tuple[Watcher, ...] | None] = PartsMemo()


def _triggered(game: Game, o: Obj) -> Iterable[tuple[int, Mapping[str, Any]]]:
    """Its triggered abilities by index, keywords that are triggered abilities (ward) as what they mean;
    those it was given have negative indexes (each instance triggers separately, CR 702.21)."""
    for i, a in enumerate(ch.abilities(game, o)):  # none once it lost all abilities (CR 613.1f)
        t = ch.as_triggered(a)
        if t is not None:
            yield i, t
    if o.zone == "battlefield":
        for k, a in enumerate(ch.granted_abilities(game, o)):
            t = ch.as_triggered(a)
            if t is not None:
                yield -1 - k, t


def _rel(rel: str | None, who: int, me: int) -> bool:
    """``by``: any player (None, "any"), ``you`` (the controller) or ``opponent`` (anyone else)."""
    return rel in (None, "any") or (rel == "you") == (who == me)


def _what(game: Game, what: Any, o: Obj, src: Obj) -> bool:
    if what in (None, "self"):
        return o.id == src.id
    if what == "enchanted":
        return src.attached_to == o.id
    return ch.matches(game, {**what, "zone": None} if "zone" not in what else what, o, src)


def _it_card(game: Game, event: Event) -> dict[str, Any]:
    """The new object the object became in the zone it moved to, which the ability can find (CR 400.7e)."""
    o = game.objects.get(event["object"])
    return {"it_card_epoch": o.epoch} if o is not None and o.zone == event["to"] else {}


def matches(game: Game, trig: Mapping[str, Any], src: Obj, event: Event) -> dict[str, Any] | None:
    """If the event satisfies the trigger condition, the info the ability will need; else None."""
    on = trig["on"]
    t = event["type"]
    me = src.controller
    if on == "enters" and t == "zone_change" and event["to"] == "battlefield":
        o = game.objects.get(event["object"])
        if o is not None and _what(game, trig.get("what"), o, src):
            return {"it": o.id, "it_epoch": o.epoch}  # "that creature": this object only (CR 400.7)
    elif (on == "leaves" and t == "zone_change" and event["from"] == "battlefield"
          and trig.get("to", event["to"]) == event["to"]):  # "is put into a graveyard from the battlefield"
        lki = event["lki"]  # as it last existed on the battlefield (CR 603.10a)
        if _what(game, trig.get("what"), lki, src):
            return {"it": lki.id, "it_epoch": lki.epoch, **_it_card(game, event)}
    elif (on == "dies" and t == "zone_change" and event["from"] == "battlefield"
          and event["to"] == "graveyard"):
        lki = event["lki"]
        if ch.is_type(game, lki, "Creature") and _what(game, trig.get("what"), lki, src):
            # "it" is the card now in the graveyard; its information as it last existed on the
            # battlefield ("where X is that creature's power", CR 608.2h, 603.10a) is it_lki_epoch's
            return {"it": lki.id, "it_lki_epoch": lki.epoch, **_it_card(game, event)}
    elif on == "cast" and t == "spell_cast" and _rel(trig.get("by"), event["player"], me):
        spell = game.obj(event["card"])
        if trig.get("spell") and not ch.matches(game, {**trig["spell"], "zone": "stack"}, spell, src):
            return None
        if trig.get("targets_self") and not any(
                tt[0] == "object" and tt[1] == src.id for slot in event["targets"] for tt in slot):
            return None
        return {"it": spell.id, "that_player": event["player"]}
    elif (on == "sacrifices" and t == "zone_change" and event["from"] == "battlefield"
          and event.get("cause") == "sacrifice"):
        # CR 701.21a: its controller sacrifices it; 603.10a: the permanent as it last existed (itself too)
        lki = event["lki"]
        if (_rel(trig.get("by"), lki.controller, me)
                and ch.matches(game, {**trig.get("what", {}), "zone": None}, lki, src)):
            return {"it": lki.id, "it_lki_epoch": lki.epoch, "that_player": lki.controller,
                    **_it_card(game, event)}
    elif (on == "draws" and t == "zone_change" and event.get("cause") == "draw"
          and _rel(trig.get("by"), event["lki"].owner, me)):
        return {"that_player": event["lki"].owner}  # CR 121.1: a player draws from their own library
    elif (on == "dealt_damage" and t == "damage_dealt" and event["target"][0] == "object"
          and (trig.get("per_source") or event.get("part", 0) == 0)):
        o = game.objects.get(event["target"][1])  # still on the battlefield: state-based actions come later
        if o is not None and o.epoch == event["target"][2] and _what(game, trig.get("what"), o, src):
            total = event["amount"] if trig.get("per_source") or "total" not in event else event["total"]
            return {"it": o.id, "it_epoch": o.epoch, "amount": int(total),
                    "that_player": _source_controller(game, event["source"])}
    elif on == "deals_damage" and t == "damage_dealt" and (event.get("combat") or not trig.get("combat")):
        return _deals_damage(game, trig, src, event)
    elif (on == "countered" and t == "countered" and event["kind"] == "spell"
          and _rel(trig.get("caster"), event["controller"], me) and _rel(trig.get("by"), event["by"], me)):
        # CR 701.6a: only a spell countered; one that doesn't resolve for illegal targets isn't (608.2b)
        return {"it": event["source"], "that_player": event["controller"]}
    elif (on == "discards" and t == "zone_change" and event.get("cause") == "discard"
          and _rel(trig.get("by"), event["lki"].owner, me)):
        return {"that_player": event["lki"].owner}  # CR 701.9a: once for each card discarded
    elif on == "commit_crime" and t == "crime_committed" and _rel(trig.get("by"), event["player"], me):
        return {"that_player": event["player"]}
    elif on == "tapped_for_mana" and t == "mana_added" and event.get("tapped"):
        # "whenever you tap": the player who tapped it is the one who activated the mana ability (CR 106.12)
        o = game.objects.get(event["source"])  # maybe no longer on the battlefield ({T}, sacrifice it)
        if (o is not None and _rel(trig.get("by"), event["player"], me)
                and _what(game, trig.get("what"), o, src)
                and (trig.get("mana") is None or trig["mana"] in event["mana"])):
            # "it" is the permanent tapped: once sacrificed for the mana, a new object it no longer is
            lk = game.last_known.get(o.id) if o.zone != "battlefield" else None
            epoch = lk.epoch if lk is not None else o.epoch
            return {"it": o.id, "it_epoch": epoch, "that_player": event["player"],
                    "produced": tuple(event["mana"])}
    elif on == "step_begins" and t == "step" and event["step"] == trig.get("step"):
        if trig.get("whose", "your") == "each" or game.active == me:
            return {"that_player": game.active}
    elif (on == "deals_combat_damage_to_player" and t == "damage_dealt" and event.get("combat")
          and event["target"][0] == "player"):
        # the creature as the damage is dealt (CR 603.2): "with a +1/+1 counter on it" then, not later;
        # "that many" / "that much" is the damage it dealt that player (Necropolis Regent)
        o = game.objects.get(event["source"])
        if o is not None and _what(game, trig.get("what"), o, src):
            return {"it": o.id, "it_epoch": o.epoch, "that_player": event["target"][1],
                    "amount": int(event["amount"])}
    elif on == "attacks" and t == "attacks":  # CR 508.1m, 508.3a: as attackers are declared
        o = game.objects.get(event["object"])
        if o is not None and _what(game, trig.get("what"), o, src):
            d = event["defending"]
            return {"it": o.id, "it_epoch": o.epoch, "defending_player": defending_player(game, d),
                    **({"that_player": d[1]} if d[0] == "player" else {})}
    elif on == "becomes_target" and t == "became_target" and _rel(trig.get("by"), event["player"], me):
        return _became_target(game, trig, src, event)
    elif on == "chapter" and t == "counters_put":  # a Saga's chapter ability (CR 714.2b)
        n = sagas.chapters_reached(trig, src, event)
        if n:
            return {"times": n} if n > 1 else {}
    elif on == "proliferates" and t == "proliferated" and _rel(trig.get("by", "you"), event["player"], me):
        return {"that_player": event["player"]}
    elif (on == "gains_life" and t == "life_changed" and event["amount"] > 0
          and _rel(trig.get("by", "you"), event["player"], me)):
        # CR 603.2, 119.9: once per life gain event (lifelink: each source's damage dealt at once is one
        # event, 702.15b), however much ("that much": the life gained); it waits for state-based actions
        return {"that_player": event["player"], "amount": int(event["amount"])}  # (603.3, 704.3)
    elif (on == "loses_life" and t == "life_changed" and event["amount"] < 0
          and _rel(trig.get("by", "you"), event["player"], me)):
        # CR 119.3, 603.2: once per life loss event (paying life, 119.4, and damage, 120.3a, included);
        # "that many": the life lost
        return {"that_player": event["player"], "amount": -int(event["amount"])}
    elif on == "enlists" and t == "enlisted" and event["source"] == src.id:
        # CR 702.154a: X is the power of the creature it enlisted ("it"), as it is now or last existed
        tapped = game.obj(event["object"])
        return {"it": tapped.id, "it_epoch": tapped.epoch}
    elif on == "becomes_untapped" and t == "untapped" and event["object"] == src.id:
        return {}
    elif (on == "counters_put" and t == "counters_put" and "object" in event
          # once per event: its first kind, or the kind named ("one or more +1/+1 counters")
          and (event["counter"] == trig["counter"] if "counter" in trig
               else trig.get("each_counter") or event.get("part", 0) == 0)
          and _rel(trig.get("by"), event["by"], me)):  # "whenever you put": who put them (CR 122.6a)
        o = game.objects.get(event["object"])
        if o is not None and _what(game, trig.get("what"), o, src):
            # "whenever a counter is put": once for each counter (Bloodcrazed Hoplite's ruling)
            return {"it": o.id, **({"times": int(event["amount"])} if trig.get("each_counter") else {})}
    return None


def _source_controller(game: Game, source: int) -> int:
    """The controller of a source of damage (a permanent, or a spell: CR 120.1, 110.2), as it last existed."""
    o = game.objects.get(source)
    if o is not None and o.zone in ("battlefield", "stack"):
        return o.controller
    lk = game.last_known.get(source)
    return lk.controller if lk is not None else (o.owner if o is not None else 0)


def _deals_damage(game: Game, trig: Mapping[str, Any], src: Obj, event: Event) -> dict[str, Any] | None:
    """CR 120.1, 603.2 'whenever [a source] deals [combat] damage to [an opponent / a creature]': the source
    is the spell or permanent that dealt it (a spell deals its own damage, 120.2), each source once."""
    source = game.objects.get(event["source"]) or game.last_known.get(event["source"])
    if source is None or not _rel(trig.get("by"), _source_controller(game, event["source"]), src.controller):
        return None
    if "what" in trig and not _what(game, trig["what"], source, src):
        return None
    target = event["target"]
    if target[0] == "player":
        if trig.get("to", "player") not in ("player", "opponent"):
            return None
        if trig.get("to") == "opponent" and target[1] == src.controller:
            return None
        return {"that_player": target[1]}
    o = game.objects.get(target[1])
    if trig.get("to") != "creature" or o is None or o.epoch != target[2]:
        return None
    if not ch.is_type(game, o, "Creature"):
        return None
    return {"it": o.id, "it_epoch": o.epoch}


def _became_target(game: Game, trig: Mapping[str, Any], src: Obj, event: Event) -> dict[str, Any] | None:
    """CR 115.7, 603.2: the object as it becomes the target ("a creature you control with a +1/+1 counter
    on it" then: a counter put on it afterwards doesn't make it trigger), of a spell or of an ability
    (``of``; a copy of a spell is a spell, CR 707.10). One event per spell or ability however many of
    its targets chose the object (tg.became_targets), so one trigger."""
    o = game.objects.get(event["object"])
    if o is None or not _what(game, trig.get("what"), o, src):
        return None
    of = trig.get("of", "spell_or_ability")
    if of != "spell_or_ability":
        item = next((s for s in game.stack if s.id == event["item"]), None)
        if item is None:
            raise BadCardData(f"became_target of {event['item']}, not on the stack: spell or ability?")
        if item.kind != of:
            return None
    # "that spell or ability": the stack object, found by its id while it is on the stack
    return {"it": event["item"], "that_player": event["player"]}


def defending_player(game: Game, defending: Any) -> int:
    """CR 508.5: the defending player of an attacking creature is the player it attacks, or the controller
    of the planeswalker it attacks (as it is declared; 508.5a: one player, in a multiplayer game)."""
    if defending[0] == "player":
        return int(defending[1])
    return game.obj(int(defending[1])).controller


def for_defending_player(ability: Mapping[str, Any], info: Mapping[str, Any]) -> Mapping[str, Any]:
    """"Target creature defending player controls" (Master of Diversion): the filter's ``defending_player``
    becomes that one player as the ability is put on the stack (CR 508.5, 508.5a), kept while it waits to
    resolve (the player the creature was attacking, even once removed from combat)."""
    specs = ability.get("targets", ())
    if not any(s["filter"].get("controller") == "defending_player" for s in specs):
        return ability
    if "defending_player" not in info:
        raise BadCardData("'defending player' in an ability that didn't trigger on an attack (CR 508.5)")
    d = int(info["defending_player"])
    return {**ability, "targets": [{**s, "filter": {**s["filter"], "controller": d}}
                                   if s["filter"].get("controller") == "defending_player" else s
                                   for s in specs]}


def is_mana_trigger(ability: Mapping[str, Any]) -> bool:
    """CR 605.1b: no target, triggers from a mana ability, could add mana."""
    return (ability["trigger"]["on"] == "tapped_for_mana" and not ability.get("targets")
            and any(e["do"].startswith("add_mana") for e in ability["effects"]))


def on_event(ctx: Ctx, event: Event, lookback: Game | None = None) -> None:
    """Check one event against every trigger condition (CR 603.2); ``lookback``: see _watchers."""
    game = ctx.game
    if event["type"] == "damage_dealt":  # "is dealt damage": once per object per event, that much in all
        same = [e for e in ctx.together(event)
                if e["type"] == "damage_dealt" and e["target"] == event["target"]]
        event = {**event, "part": next(i for i, e in enumerate(same) if e is event),
                 "total": sum(int(e["amount"]) for e in same)}
    for src, index, ability in list(_watchers(game, event, lookback)):
        info = matches(game, ability["trigger"], src, event)
        if info is None:
            continue
        if ability.get("once_per_turn") and (src.id, src.epoch, index) in game.once_per_turn:
            continue
        if not condition_holds(game, ability.get("condition"), src, info, src.controller):
            continue
        if ability.get("once_per_turn"):
            game = replace(game, once_per_turn=game.once_per_turn | {(src.id, src.epoch, index)})
            ctx.game = game
        times = int(info.pop("times", 1))  # "whenever a counter is put": once per counter
        for _ in range(times):
            inst = TriggerInstance(src.controller, src.id, index, frozendict(info), src,
                                   ability if index < 0 else None)
            if is_mana_trigger(ability):
                resolve_mana_trigger(ctx, inst, ability)
            else:
                ctx.game = replace(ctx.game, pending_triggers=(*ctx.game.pending_triggers, inst))
        game = ctx.game


def resolve_mana_trigger(ctx: Ctx, inst: TriggerInstance, ability: Mapping[str, Any]) -> None:
    """CR 605.4a: resolves immediately after the mana ability that triggered it."""
    lki = inst.source_lki or ctx.game.obj(inst.source)
    res = Res(controller=inst.controller, source=inst.source, source_lki=lki, info=inst.info)
    perform(ctx, res, ability["effects"])


def put_on_stack(ctx: Ctx) -> None:
    """CR 603.3b: APNAP order; each player orders their own simultaneous triggers."""
    pending = ctx.game.pending_triggers
    ctx.game = replace(ctx.game, pending_triggers=())
    for player in ctx.game.apnap():
        mine = [t for t in pending if t.controller == player]
        if len(mine) > 1:
            answer = ctx.choose(Decision("trigger_order", player, None, tuple(mine), len(mine), len(mine)))
            order = list(answer) if isinstance(answer, (list, tuple)) else []
            if len(order) != len(mine) or any(order.count(t) != mine.count(t) for t in mine):
                raise IllegalAction("603.3b", "the order must list each of the player's triggered "
                                              "abilities once")
            mine = order
        for inst in mine:
            _put_one(ctx, inst)


def _put_one(ctx: Ctx, inst: TriggerInstance) -> None:
    game = ctx.game
    src = game.objects.get(inst.source) or inst.source_lki
    assert src is not None
    if src.epoch != (inst.source_lki.epoch if inst.source_lki else src.epoch):
        src = inst.source_lki or src
    ability = inst.ability or ch.as_triggered(ch.card(game, src).abilities[inst.index])
    assert ability is not None
    ability = for_defending_player(ability, inst.info)
    specs = ability.get("targets", ())
    # an ETB ability of the permanent itself uses the X paid for the spell it was (CR 107.3m)
    x = src.x if ability["trigger"]["on"] == "enters" and inst.info.get("it") == src.id else 0
    try:
        slots = tg.choose(ctx, inst.controller, src, specs, rule="603.3d",
                          at_most=tg.division_total(ability["effects"], x))
    except IllegalAction as exc:
        if exc.rule == "603.3d" and "not enough legal targets" in exc.reason:
            return  # no legal choice: removed from the stack (CR 603.3d)
        raise
    division = tg.announce_division(ctx, inst.controller, src, ability["effects"], slots, x)  # 603.3d
    item = StackItem(id=ctx.game.next_id, kind="ability", source=src.id, controller=inst.controller,
                     ability=ability, targets=slots, distribution=division, x=x, info=inst.info,
                     source_lki=inst.source_lki or src)
    ctx.game = replace(ctx.game, next_id=ctx.game.next_id + 1, stack=(*ctx.game.stack, item))
    ctx.emit({"type": "ability_triggered", "controller": inst.controller, "source": src.id})
    tg.became_targets(ctx, item.id, inst.controller, src.id, slots)
    commit_crime_if(ctx, inst.controller, src.id, slots)


def commit_crime_if(ctx: Ctx, player: int, source: int, slots: Any) -> None:
    """CR 700.13: one crime per spell or ability, judged on its initial targets."""
    if tg.is_crime(ctx.game, player, slots):
        p = ctx.game.players[player]
        ctx.game = ctx.game.with_player(player, replace(p, crimes=p.crimes + 1))
        ctx.emit({"type": "crime_committed", "player": player, "source": source})
