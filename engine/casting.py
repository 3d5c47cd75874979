"""Casting spells (CR 601), activating abilities (CR 602, 605, 606) and playing lands (CR 305)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frozendict import frozendict

from . import characteristics as ch
from . import mana, modes
from . import targets as tg
from .buyback import choose_buyback, pay_buyback_life
from .cards import Ability
from .context import Ctx, Decision
from .counters import enter_battlefield, put_counters, remove_counters
from .effects import sacrifice
from .errors import IllegalAction, MalformedAction
from .overload import choose_alternative_cost, overload_cost, overloaded
from .refs import Res
from .registry import perform
from .restrictions import check_activation_restriction, check_named_prohibition, check_split_second
from .state import COLORS, Game, Obj, StackItem, Target, replace
from .triggers import commit_crime_if
from .zones import move

MAIN_STEPS = ("main1", "main2")


def _check_priority(game: Game, player: int) -> None:
    if game.priority != player:
        raise IllegalAction("117.1", f"{game.players[player].alias} does not have priority")


def sorcery_timing(game: Game, player: int) -> bool:
    """CR 307.1: own main phase, empty stack, priority."""
    return game.active == player and game.step in MAIN_STEPS and not game.stack and game.priority == player


def spell_ability(game: Game, o: Obj) -> Ability | None:
    for a in ch.card(game, o).abilities:
        if a["kind"] == "spell":
            return a
    return None


def has_x(cost: Mapping[str, Any]) -> bool:
    """CR 107.3a: an activation cost with {X}, [-X] or X in it ("{X}, {T}, Remove X +1/+1 counters",
    "Remove X +1/+1 counters", a loyalty cost of -X)."""
    rc = cost.get("remove_counters")
    return ("{X}" in cost.get("mana", "") or cost.get("loyalty") == "-X"
            or (rc is not None and rc["amount"] == "X"))


def _choose_x(ctx: Ctx, player: int, source: int, cost: str, *, variable: bool = False) -> int:
    """CR 107.3a, 601.2b: the value of X is announced as the spell is cast or the ability activated; every
    X in the cost then has that value. CR 107.1b: a negative number can't be chosen."""
    if "{X}" not in cost and not variable:
        return 0
    x = ctx.choose(Decision("x", player, source, (), 0, 0))
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise IllegalAction("107.1b", "X must be a whole number: a negative number can't be chosen")
    return x


def cast(ctx: Ctx, player: int, oid: int) -> None:
    """CR 601.2: announce (a), modes and X (b), targets (c), division (d), pay (g-h), become cast (i)."""
    game = ctx.game
    _check_priority(game, player)
    o = game.objects.get(oid)
    if o is None:
        raise MalformedAction(f"no object {oid}")
    if o.zone != "hand" or o.owner != player:
        raise IllegalAction("601.2", f"{o.alias or o.card} is not in {game.players[player].alias}'s hand")
    cd = ch.card(game, o)
    if "Land" in cd.types:
        raise IllegalAction("305.9", "a land can't be cast")
    check_split_second(game, "cast a spell")  # CR 702.61a
    flash = "Flash" in cd.keywords  # CR 702.8a
    if "Instant" not in cd.types and not flash and not sorcery_timing(game, player):
        raise IllegalAction("307.1", "this spell can be cast only in its controller's main phase "
                                     "with an empty stack")
    ab = spell_ability(game, o)
    move(ctx, oid, "stack", cause="cast")  # 601.2a
    src = ctx.game.obj(oid)
    chosen = modes.choose(ctx, player, src, ab) if ab and "modes" in ab else None  # 601.2b, 700.2a
    if chosen is not None:
        ab = chosen
    alternative = choose_alternative_cost(ctx, player, oid, cd)  # 601.2b
    if alternative is None and cd.no_mana_cost:  # 118.6: no mana cost is an unpayable cost; only an
        # alternative cost (or "without paying its mana cost", another path) lets it be cast
        raise IllegalAction("118.6", f"{cd.name} has no mana cost: it can't be cast for its mana cost")
    if alternative == "overload" and ab is not None:  # 702.96a: "target" becomes "each"
        chosen = ab = overloaded(ab)
    specs = list(ab.get("targets", ())) if ab else tg.aura_targets(game, o)
    x = _choose_x(ctx, player, oid, cd.mana_cost)  # 601.2b
    if x:  # announced before targets (601.2b-c): "target spell with mana value X" reads it
        ctx.game = ctx.game.with_obj(replace(ctx.game.obj(oid), x=x))
        src = ctx.game.obj(oid)
    base = overload_cost(cd) if alternative == "overload" else cd.mana_cost  # 601.2f: the cost paid
    bb = choose_buyback(ctx, player, oid, cd, base or "", x)  # 601.2b, 702.27a
    effects = ab["effects"] if ab else ()
    slots = tg.choose(ctx, player, src, specs, at_most=tg.division_total(effects, x))  # 601.2c
    division = tg.announce_division(ctx, player, src, effects, slots, x)  # 601.2d
    item = StackItem(id=oid, kind="spell", source=oid, controller=player, ability=chosen, targets=slots,
                     distribution=division, x=x, source_lki=src,
                     info=frozendict({"buyback": True}) if bb else frozendict())
    ctx.game = replace(ctx.game, stack=(*ctx.game.stack, item))
    convoke = "Convoke" in cd.keywords
    base = (base or "") + (bb.mana if bb else "")  # 601.2f: the total cost includes buyback's
    cost, x_left = (_convoke(ctx, player, src, base, x), 0) if convoke else (base, x)
    mana.pay(ctx, player, cost, x_left, oid, purpose="cast")  # 601.2g-h
    pay_buyback_life(ctx, player, bb)  # 601.2h, 119.4
    pay_additional_cost(ctx, player, src, item.id, spell_ability(game, o))  # 601.2h, 118.8
    ctx.game = replace(ctx.game, passes=frozenset(), priority=player)  # 117.3c
    ctx.emit({"type": "spell_cast", "player": player, "card": oid, "targets": slots})  # 601.2i
    tg.became_targets(ctx, oid, player, oid, slots)
    commit_crime_if(ctx, player, oid, slots)


def pay_additional_cost(ctx: Ctx, player: int, src: Obj, item_id: int, ab: Ability | None) -> None:
    """CR 118.8, 601.2f-h: "As an additional cost to cast this spell, sacrifice a creature" is paid with
    the mana cost, exactly once (Harrow's ruling: it can't be paid more than once); the spell can't be
    cast if it can't be paid (118.3). The permanent sacrificed is kept, as it last existed, for the
    spell's "the sacrificed creature" (Fling, 608.2h)."""
    extra = (ab or {}).get("additional_cost")
    if not extra:
        return
    if "sacrifice" in extra:
        sacrificed = sacrifice_cost(ctx, player, src, extra["sacrifice"], "601.2h")
        ctx.game = replace(ctx.game, stack=tuple(replace(s, info=s.info.set("sacrificed", sacrificed))
                                                 if s.id == item_id else s for s in ctx.game.stack))


def _convoke(ctx: Ctx, player: int, src: Obj, cost: str, x: int) -> str:
    """CR 702.51a: for each generic mana of the total cost the player may tap an untapped creature they
    control rather than pay it, and for each colored mana a creature of that color. Not {T}: summoning
    sickness doesn't matter (302.6). Answered {creature: "generic" or a color}; returns what's left to pay."""
    symbols = mana.parse_cost(cost)
    generic = sum(int(s) for s in symbols if s.isdigit()) + x * symbols.count("X")
    rest = [s for s in symbols if not s.isdigit() and s != "X"]
    colored = {c for s in rest for c in s.split("/")}
    creatures = [c for c in (ctx.game.obj(i) for i in ctx.game.battlefield)
                 if c.controller == player and not c.tapped and ch.is_type(ctx.game, c, "Creature")]
    options = tuple(("object", c.id, c.epoch) for c in creatures)
    # when none could pay any of it (a colorless creature, no generic mana), tapping none is the only answer
    useful = any(generic > 0 or colored & set(ch.card(ctx.game, c).colors) for c in creatures)
    answer = ctx.choose(Decision("convoke", player, src.id, options, 0, len(options),
                                 frozendict({"forced": None if useful else ((),)}))) if options else ()
    pairs = list(answer.items()) if isinstance(answer, Mapping) else list(answer or ())
    tapped: list[int] = []
    for t, paid in pairs:
        if t not in options or t[1] in tapped:
            raise IllegalAction("702.51a", "convoke taps untapped creatures you control, each once")
        creature = ctx.game.obj(int(t[1]))
        if paid == "generic" and generic > 0:
            generic -= 1
        elif paid in COLORS and paid in ch.card(ctx.game, creature).colors and any(
                paid in s.split("/") for s in rest):
            # an exact {G} first, else a hybrid or Phyrexian symbol that {G} pays
            i = (rest.index(paid) if paid in rest
                 else next(i for i, s in enumerate(rest) if paid in s.split("/")))
            rest.pop(i)
        else:
            raise IllegalAction("702.51a", f"{creature.alias or creature.card} can't pay {paid!r} of {cost}")
        tapped.append(creature.id)
    for oid in tapped:
        ctx.game = ctx.game.with_obj(replace(ctx.game.obj(oid), tapped=True))
    return (f"{{{generic}}}" if generic else "") + "".join(f"{{{s}}}" for s in rest)


def _pay_nonmana_costs(ctx: Ctx, player: int, o: Obj, cost: Mapping[str, Any], x: int = 0) -> Obj | None:
    """CR 601.2h via 602.2b: {T}, {Q}, loyalty, sacrifice, counters, life (X: its announced value,
    107.3a, all paid at once: 118.3 no more counters than there are). Returns the permanent
    sacrificed for a "sacrifice a ..." cost as it last existed (the ability may refer to it)."""
    game = ctx.game
    sacrificed: Obj | None = None
    if cost.get("tap"):
        ctx.game = game.with_obj(replace(game.obj(o.id), tapped=True))
    if "tap_other" in cost:  # "tap an untapped creature you control": any such, sick or not (302.6)
        # "Tap three untapped Elves you control" (Heritage Druid): ``tap_count`` of them, each once
        n = int(cost.get("tap_count", 1))
        options = _tap_other_options(ctx.game, player, o, cost)
        answer = ctx.choose(Decision("tap_cost", player, o.id, options, n, n))
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != n or len(set(chosen)) != n or any(c not in options for c in chosen):
            raise IllegalAction("118.3", f"tap {n} untapped permanent(s) you control that the cost allows")
        for c in chosen:
            ctx.game = ctx.game.with_obj(replace(ctx.game.obj(int(c[1])), tapped=True))
    if "crew" in cost:
        _crew(ctx, player, o, int(cost["crew"]))
    if cost.get("untap"):
        ctx.game = ctx.game.with_obj(replace(ctx.game.obj(o.id), tapped=False))
        ctx.emit({"type": "untapped", "object": o.id})
    if "loyalty" in cost:
        n = -x if cost["loyalty"] == "-X" else int(cost["loyalty"])
        if n < 0 and ctx.game.obj(o.id).counters.get("loyalty", 0) < -n:  # [-X]: X no more than its loyalty
            raise IllegalAction("606.6", f"X={x} is more loyalty than {o.alias or o.card} has")
        target = ("object", o.id, ctx.game.obj(o.id).epoch)
        if n > 0:
            put_counters(ctx, target, {"loyalty": n}, player, cost=True)
        elif n < 0:
            remove_counters(ctx, target, "loyalty", -n)
        ctx.game = ctx.game.with_obj(replace(ctx.game.obj(o.id), loyalty_used=True))
    if "put_counters" in cost:  # Devoted Druid: a cost, so "if an effect would put" doesn't apply
        pc = cost["put_counters"]
        put_counters(ctx, ("object", o.id, ctx.game.obj(o.id).epoch), {pc["counter"]: pc["amount"]}, player,
                     cost=True)
    if "remove_counters" in cost:
        rc = cost["remove_counters"]
        # "Remove all" (Catti-brie): however many there are, 0 too; X is that number (107.3a)
        n = (x if rc["amount"] == "X" else ctx.game.obj(o.id).counters.get(rc["counter"], 0)
             if rc["amount"] == "all" else int(rc["amount"]))
        if ctx.game.obj(o.id).counters.get(rc["counter"], 0) < n:  # "Remove X": no more than there are
            raise IllegalAction("118.3", f"{o.alias or o.card} has fewer than {n} {rc['counter']} counters "
                                         "to remove")
        remove_counters(ctx, ("object", o.id, ctx.game.obj(o.id).epoch), rc["counter"], n)
    if "pay_life" in cost:
        p = ctx.game.players[player]
        ctx.game = ctx.game.with_player(player, replace(p, life=p.life - cost["pay_life"]))
        ctx.emit({"type": "life_changed", "player": player, "amount": -cost["pay_life"]})
    if "sacrifice" in cost:
        sacrificed = sacrifice_cost(ctx, player, o, cost["sacrifice"], "602.2b")
    if cost.get("sacrifice_self"):
        sacrifice(ctx, o.id)
    return sacrificed


def sacrifice_options(game: Game, player: int, o: Obj, flt: Mapping[str, Any]) -> tuple[Target, ...]:
    return tuple(("object", c.id, c.epoch) for c in (game.obj(i) for i in game.battlefield)
                 if c.controller == player and ch.matches(game, flt, c, o, player))


def sacrifice_cost(ctx: Ctx, player: int, o: Obj, flt: Mapping[str, Any], rule: str) -> Obj:
    """"Sacrifice a [permanent]" as a cost (CR 118.3, 601.2h): exactly one permanent the player controls
    that matches; returns it as it last existed (the spell or ability may refer to it, 608.2h)."""
    options = sacrifice_options(ctx.game, player, o, flt)
    if not options:
        raise IllegalAction("118.3", "no permanent you control can be sacrificed to pay this cost")
    answer = ctx.choose(Decision("sacrifice", player, o.id, options, 1, 1,
                                 frozendict({"forced": ((options[0],),) if len(options) == 1 else None})))
    chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
    if len(chosen) != 1 or chosen[0] not in options:
        raise IllegalAction(rule, "sacrifice exactly one permanent you control that the cost allows")
    sacrificed = ctx.game.obj(int(chosen[0][1]))
    sacrifice(ctx, sacrificed.id)
    return sacrificed


def _crew(ctx: Ctx, player: int, o: Obj, n: int) -> None:
    """CR 702.122a: "Tap any number of other untapped creatures you control with total power N or
    greater". Not {T}: summoning-sick creatures may crew (CR 302.6); power as the cost is paid."""
    options = _crew_options(ctx.game, player, o)
    # total power N >= 1 takes at least one creature: with one able to crew, tapping it is forced
    answer = ctx.choose(Decision("tap_cost", player, o.id, options, 1 if n > 0 else 0, len(options)))
    chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
    if any(c not in options for c in chosen) or len(set(chosen)) != len(chosen):
        raise IllegalAction("702.122a", "crew taps other untapped creatures you control, each once")
    if sum(ch.power(ctx.game, ctx.game.obj(int(c[1]))) for c in chosen) < n:
        raise IllegalAction("702.122a", f"the creatures tapped to crew must have total power {n} or greater")
    for c in chosen:
        ctx.game = ctx.game.with_obj(replace(ctx.game.obj(int(c[1])), tapped=True))
        ctx.emit({"type": "crewed", "object": c[1], "source": o.id})  # it "crews" the Vehicle (702.122b)


def _crew_options(game: Game, player: int, o: Obj) -> tuple[Target, ...]:
    return tuple(("object", c.id, c.epoch) for c in (game.obj(i) for i in game.battlefield)
                 if c.id != o.id and c.controller == player and not c.tapped
                 and ch.is_type(game, c, "Creature"))


def _tap_other_options(game: Game, player: int, o: Obj, cost: Mapping[str, Any]) -> tuple[Target, ...]:
    """What "tap an untapped [creature] you control" can tap: the source too (Galecaster Colossus), unless
    the cost's {T} taps it already (Springleaf Drum)."""
    return tuple(("object", c.id, c.epoch) for c in (game.obj(i) for i in game.battlefield)
                 if not (c.id == o.id and cost.get("tap")) and c.controller == player and not c.tapped
                 and ch.matches(game, cost["tap_other"], c, o, player))


def check_costs_payable(game: Game, player: int, o: Obj, ability: Ability) -> None:
    """What makes an activation illegal before any choice is made (CR 602.5, 107.5, 107.6, 302.6, 606),
    split second (702.61a-b: mana abilities are not stopped) and "activate only if" (602.5b) first."""
    if not mana.is_mana_ability(ability):
        check_split_second(game, "activate an ability that isn't a mana ability")
    check_activation_restriction(game, player, o, ability)
    check_named_prohibition(game, o, ability, mana.is_mana_ability(ability))
    cost = ability.get("cost", {})
    is_creature = ch.is_type(game, o, "Creature")
    taps = cost.get("tap") or cost.get("untap")
    hasty = ch.has_keyword(game, o, "Haste") or ch.as_though_haste(game, o)
    if taps and is_creature and o.sick and not hasty:
        raise IllegalAction("302.6", f"{o.alias or o.card} has not been under its controller's control "
                                     "continuously since their most recent turn began")
    if cost.get("tap") and o.tapped:
        raise IllegalAction("107.5", "a tapped permanent can't be tapped again to pay a cost")
    if cost.get("untap") and not o.tapped:
        raise IllegalAction("107.6", "an untapped permanent can't be untapped again to pay a cost")
    if "loyalty" in cost:
        if not sorcery_timing(game, player):
            raise IllegalAction("606.3", "loyalty abilities: own main phase, empty stack")
        if o.loyalty_used:
            raise IllegalAction("606.3", "a loyalty ability of this permanent was already activated "
                                         "this turn")
        n = 0 if cost["loyalty"] == "-X" else int(cost["loyalty"])  # [-X]: checked once X is announced
        if n < 0 and o.counters.get("loyalty", 0) < -n:
            raise IllegalAction("606.6", "not enough loyalty to pay this cost")
    if ability.get("timing") == "sorcery" and not sorcery_timing(game, player):
        raise IllegalAction("602.5d", "this ability can be activated only as a sorcery")
    if ability.get("timing") == "your_turn" and game.active != player:
        raise IllegalAction("602.5b", "this ability can be activated only during your turn")
    if "tap_other" in cost and len(_tap_other_options(game, player, o, cost)) < cost.get("tap_count", 1):
        raise IllegalAction("118.3", "not enough untapped permanents you control to tap for this cost")
    # the best the player could tap: every creature with positive power (a negative one only lowers a total)
    if "crew" in cost and sum(max(0, ch.power(game, game.obj(int(c[1]))))
                              for c in _crew_options(game, player, o)) < cost["crew"]:
        raise IllegalAction("118.3", f"your other untapped creatures have less than {cost['crew']} power")
    if "pay_life" in cost and game.players[player].life < cost["pay_life"]:
        # CR 119.4: a player can pay life only if their life total is greater than or equal to the payment
        raise IllegalAction("119.4", f"paying {cost['pay_life']} life with a life total of "
                                     f"{game.players[player].life}")
    pc = cost.get("put_counters")
    if pc and not ch.can_get_counter(game, ("object", o.id), pc["counter"]):
        # CR 614.17b: a cost that includes an event that can't happen can't be paid (Devoted Druid's ruling)
        raise IllegalAction("614.17b", f"{pc['counter']} counters can't be put on {o.alias or o.card}")
    rc = cost.get("remove_counters")
    if rc and rc["amount"] not in ("X", "all") and o.counters.get(rc["counter"], 0) < rc["amount"]:
        raise IllegalAction("602.2b", f"not enough {rc['counter']} counters to remove")


def activate(ctx: Ctx, player: int, oid: int, index: int) -> None:
    """CR 602.2; mana abilities resolve at once (CR 605.3b); tapping one for mana (CR 106.12)."""
    game = ctx.game
    o = game.objects.get(oid)
    if o is None:
        raise MalformedAction(f"no object {oid}")
    abilities = ch.activated(game, o)
    if not 0 <= index < len(abilities) and ch.lost_abilities_at(o) is not None and index >= 0:
        # it had that ability, but lost all its abilities (layer 6): there is none to activate
        raise IllegalAction("613.1f", f"{o.alias or o.card} has lost all its abilities")
    if not 0 <= index < len(abilities):
        raise MalformedAction(f"{o.alias or o.card} has no activated ability #{index}")
    ability = abilities[index]
    if o.zone != ability.get("zone", "battlefield"):  # unearth: from the graveyard (702.84a)
        raise IllegalAction("602.2", f"{o.alias or o.card} is not in the zone this ability works in")
    if o.phased_out:
        raise IllegalAction("702.26b", f"{o.alias or o.card} is phased out (as though it doesn't exist)")
    if o.controller != player:
        raise IllegalAction("602.2", "only a permanent's controller can activate its abilities")
    declaring = game.awaiting == "attackers" and player == game.active  # 508.1i: mana to pay costs to attack
    if game.awaiting and not (declaring and mana.is_mana_ability(ability)):
        raise IllegalAction("508.1", "attackers must be declared first")
    if mana.is_mana_ability(ability) and game.priority != player and not declaring:
        # CR 605.3a: a mana ability with priority, or while paying (not asked of the script)
        raise IllegalAction("605.3a", f"{game.players[player].alias} does not have priority")
    if not declaring:
        _check_priority(game, player)
    check_costs_payable(game, player, o, ability)
    cost = ability.get("cost", {})
    if mana.is_mana_ability(ability):
        x = _choose_x(ctx, player, oid, cost.get("mana", ""), variable=has_x(cost))
        mana.pay(ctx, player, cost.get("mana", ""), x, oid, purpose="activate")
        lki = ctx.game.obj(oid)
        sacrificed = _pay_nonmana_costs(ctx, player, o, cost, x)
        ctx.emit({"type": "ability_activated", "player": player, "source": oid, "ability": index,
                  "mana": True})
        res = Res(controller=player, source=oid, source_lki=lki, x=x, tapped_for_mana=bool(cost.get("tap")),
                  info=frozendict({"sacrificed": sacrificed} if sacrificed else {}))
        perform(ctx, res, ability["effects"])
        # an action: the passes so far no longer count, and the player keeps priority (CR 117.3c, 117.4)
        if not declaring:
            ctx.game = replace(ctx.game, passes=frozenset(), priority=player)
        return
    src = ctx.game.obj(oid)
    if "modes" in ability:  # a modal activated ability: modes announced first (602.2b, 601.2b, 700.2a)
        ability = modes.choose(ctx, player, src, ability)
    x = _choose_x(ctx, player, oid, cost.get("mana", ""), variable=has_x(cost))  # 107.3a, 601.2b
    rc = cost.get("remove_counters")
    if rc is not None and rc["amount"] == "all":  # "where X is the number of counters removed this way"
        x = src.counters.get(rc["counter"], 0)  # what paying the cost, next, removes
    if x < int(ability.get("x_min", 0)):  # "X can't be 0" (Marath)
        raise IllegalAction("107.3a", f"X can't be less than {ability['x_min']} for this ability")
    # 'with mana value X' in its targets means the X announced for this ability (107.3a, 601.2b-c
    # via 602.2b; Deepfire Elemental), not the X its source was cast with
    tsrc = replace(src, x=x) if has_x(cost) else src
    slots = tg.choose(ctx, player, tsrc, ability.get("targets", ()),
                      at_most=tg.division_total(ability["effects"], x))
    division = tg.announce_division(ctx, player, src, ability["effects"], slots, x)
    item = StackItem(id=ctx.game.next_id, kind="ability", source=oid, controller=player, ability=ability,
                     targets=slots, distribution=division, x=x, source_lki=src)
    ctx.game = replace(ctx.game, next_id=ctx.game.next_id + 1, stack=(*ctx.game.stack, item))
    mana.pay(ctx, player, cost.get("mana", ""), x, oid, purpose="activate")
    sacrificed = _pay_nonmana_costs(ctx, player, src, cost, x)
    if sacrificed is not None:
        ctx.game = replace(ctx.game, stack=tuple(replace(s, info=s.info.set("sacrificed", sacrificed))
                                                 if s.id == item.id else s for s in ctx.game.stack))
    ctx.game = replace(ctx.game, passes=frozenset(), priority=player)
    ctx.emit({"type": "ability_activated", "player": player, "source": oid, "ability": index})
    tg.became_targets(ctx, item.id, player, oid, slots)
    commit_crime_if(ctx, player, oid, slots)


def play_land(ctx: Ctx, player: int, oid: int) -> None:
    """CR 305.1-305.2: a special action, once per turn, own main phase, empty stack."""
    game = ctx.game
    o = game.objects.get(oid)
    if o is None:
        raise MalformedAction(f"no object {oid}")
    if o.zone != "hand" or o.owner != player or not ch.is_type(game, o, "Land"):
        raise IllegalAction("305.1", "only a land card in your hand can be played")
    if not sorcery_timing(game, player):  # CR 305.1, 116.2a: with priority, own main phase, empty stack
        raise IllegalAction("305.1", "a land can be played only with priority in your main phase with an "
                                     "empty stack")
    if game.players[player].land_played:
        raise IllegalAction("305.2", "you already played a land this turn")
    ctx.game = game.with_player(player, replace(game.players[player], land_played=True))
    enter_battlefield(ctx, oid, player)
