"""Turn structure (CR 500-514), priority (CR 117) and resolving the stack (CR 608)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frozendict import frozendict

from . import characteristics as ch
from . import phasing, sba, triggers
from . import targets as tg
from .attack_costs import choose_enlist, pay_attack_costs
from .casting import has_x, spell_ability
from .context import Ctx, Decision
from .counter_rules import become_untapped
from .counters import enter_battlefield
from .effects import deal_damage, draw, gain_from_lifelink, put_wither
from .errors import IllegalAction
from .extra_phases import following
from .mana import empty_pools
from .protection import protected_from
from .refs import Res
from .registry import perform
from .sagas import add_lore_counters
from .state import STEPS, Attack, Game, Obj, StackItem, Target, replace
from .unearth import end_step_triggers
from .zones import move


def settle(ctx: Ctx) -> None:
    """CR 117.5, 704.3: before a player receives priority, state-based actions and then triggers,
    repeatedly; then that player receives priority."""
    for _ in range(1000):
        if sba.check(ctx):
            if ctx.game.over:
                # CR 104.1: the game ends immediately; nothing more goes on the stack, no one gets priority
                ctx.game = replace(ctx.game, pending_triggers=(), priority=None)
                return
            continue
        if ctx.game.pending_triggers:
            triggers.put_on_stack(ctx)
            continue
        break
    if ctx.game.priority is not None and ctx.game.pending is None:
        ctx.emit({"type": "priority", "player": ctx.game.priority})


def _next_player(game: Game, player: int) -> int:
    n = len(game.players)
    for k in range(1, n + 1):
        q = (player + k) % n
        if not game.players[q].lost:
            return q
    return player


def pass_priority(ctx: Ctx, player: int) -> None:
    """CR 117.3d-117.4: all players passing in succession resolves the top object or ends the step."""
    game = ctx.game
    if game.priority != player:
        raise IllegalAction("117.3d", f"{game.players[player].alias} does not have priority")
    passes = game.passes | {player}
    alive = {i for i, p in enumerate(game.players) if not p.lost}
    if passes >= alive:
        ctx.game = replace(game, passes=frozenset())
        if game.stack:
            resolve_top(ctx)
            ctx.game = replace(ctx.game, priority=ctx.game.active, passes=frozenset())  # 117.3b
        else:
            next_step(ctx)
    else:
        ctx.game = replace(game, passes=passes, priority=_next_player(game, player))
        ctx.emit({"type": "priority", "player": ctx.game.priority})


def resolve_top(ctx: Ctx) -> None:
    """CR 608.2: check targets (608.2b), follow the instructions, then the spell leaves the stack."""
    item = ctx.game.stack[-1]
    ctx.game = replace(ctx.game, stack=ctx.game.stack[:-1])
    game = ctx.game
    src: Obj = game.objects.get(item.source) or item.source_lki  # type: ignore[assignment]
    lki = item.source_lki or src
    if item.kind == "ability" and item.ability is not None and has_x(item.ability.get("cost", {})):
        lki = replace(lki, x=item.x)  # its targets' 'mana value X' is this ability's X (107.3a, 608.2b)
    specs = _target_specs(game, item)
    legal = tuple(tuple(tg.is_legal(game, specs[i]["filter"], t, lki, item.controller) for t in slot)
                  for i, slot in enumerate(item.targets))
    targeted = any(item.targets)
    if targeted and not any(ok for slot in legal for ok in slot):
        ctx.emit({"type": "did_not_resolve", "source": item.source, "kind": item.kind})
        if item.kind == "spell":
            _put_back(ctx, item, "graveyard")
        return
    res = Res(controller=item.controller, source=item.source, source_lki=lki, targets=item.targets,
              legal=legal, x=item.x, distribution=item.distribution, info=item.info, stack_id=item.id,
              events_from=len(ctx.events))
    if item.kind == "ability":
        if not triggers.condition_holds(game, item.ability.get("condition"), lki, item.info, item.controller):
            return  # CR 603.4: the intervening "if" is false on resolution
        perform(ctx, res, item.ability["effects"])
        ctx.emit({"type": "resolved", "source": item.source, "kind": "ability"})
        return
    cd = ch.card(game, src)
    if "Instant" in cd.types or "Sorcery" in cd.types:
        ab = item.ability or spell_ability(game, src)  # a modal spell: its chosen modes (700.2)
        perform(ctx, res, ab["effects"] if ab else ())
        ctx.emit({"type": "resolved", "source": item.source, "kind": "spell"})
        # 608.2n; 702.27a: a spell whose buyback cost was paid goes to its owner's hand instead
        _put_back(ctx, item, "hand" if item.info.get("buyback") else "graveyard")
        return
    ctx.game = _spell_object_to(ctx.game, item)
    # an Aura spell enters attached to its target (303.4f, 608.3c)
    host = int(item.targets[0][0][1]) if item.targets and item.targets[0] else None
    enter_battlefield(ctx, item.source, item.controller, x=item.x, cause="resolve", attached_to=host)  # 608.3
    ctx.emit({"type": "resolved", "source": item.source, "kind": "spell"})


def _spell_object_to(game: Game, item: StackItem) -> Game:
    return game


def _put_back(ctx: Ctx, item: StackItem, zone: str) -> None:
    o = ctx.game.objects.get(item.source)
    if o is not None and o.zone == "stack":
        move(ctx, item.source, zone)


def _target_specs(game: Game, item: StackItem) -> list[Mapping[str, Any]]:
    if item.ability is not None:  # an ability, or a modal spell's chosen modes
        return list(item.ability.get("targets", ()))
    o = item.source_lki or game.obj(item.source)
    ab = spell_ability(game, o)
    return list(ab.get("targets", ())) if ab else list(tg.aura_targets(game, o))


# --- steps ---------------------------------------------------------------------------------------

def next_step(ctx: Ctx) -> None:
    """End the current step (CR 500.4: mana empties) and begin the next one."""
    game = empty_pools(ctx.game)
    i = STEPS.index(game.step)
    if game.step == "declare_attackers" and not game.attacks:
        i = STEPS.index("end_of_combat") - 1  # 508.8: no attackers, skip blockers and damage
    if game.step == "end_of_combat":
        game = replace(game, attacks=(), blocks=(), removed_from_combat=frozenset(), first_strikers=None)
    if game.step == "cleanup" and game.priority is not None:  # 514.3a: players had priority in it
        ctx.game = replace(game, passes=frozenset())
        begin_step(ctx)
        return
    game, first, resume = following(game)  # CR 500.8-500.9: added phases and steps
    if first is not None:
        ctx.game = replace(game, step=first, passes=frozenset())
        begin_step(ctx)
        return
    if resume is not None:  # they have all been played: the turn goes on after the step they followed
        i = STEPS.index(resume)
    if i + 1 >= len(STEPS):
        ctx.game = game
        _new_turn(ctx)
        return
    if STEPS[i + 1] == "first_strike_damage" and not _first_strikers(game):
        i += 1  # CR 510.4: one combat damage step when no creature in combat has first or double strike
    if STEPS[i + 1] == "draw" and game.turn == 1 and len(game.players) == 2:
        i += 1  # CR 103.8a: in a two-player game the starting player skips their first draw step
    ctx.game = replace(game, step=STEPS[i + 1], passes=frozenset())
    begin_step(ctx)


def _new_turn(ctx: Ctx) -> None:
    game = ctx.game
    active = _next_player(game, game.active)
    players = tuple(replace(p, crimes=0, land_played=False) for p in game.players)
    objects = frozendict({oid: replace(o, loyalty_used=False) for oid, o in game.objects.items()})
    ctx.game = replace(game, players=players, objects=objects, active=active, turn=game.turn + 1,
                       step="untap", once_per_turn=frozenset(), passes=frozenset(),
                       extra_phases=(), resume_after=None, attacked_this_turn=frozenset())
    begin_step(ctx)


def _end_of_turn(o: Obj) -> Obj:
    """CR 514.2: damage wears off and "until end of turn" effects end, control-changing ones included
    (the previous controller hasn't controlled it continuously since their turn began: 302.6)."""
    o = replace(o, damage=0, deathtouched=False, mods=())
    if o.control_reverts_to is None:
        return o
    if o.control_reverts_to == o.controller:
        return replace(o, control_reverts_to=None)
    return replace(o, controller=o.control_reverts_to, control_reverts_to=None, sick=True)


def begin_step(ctx: Ctx) -> None:
    """Turn-based actions at the start of each step (CR 502-514), then priority (CR 117.3a)."""
    game = ctx.game
    ctx.emit({"type": "step", "step": game.step, "turn": game.turn})
    step = game.step
    if step == "untap":
        phasing.untap_step(ctx)  # 502.1: phasing first, so what phases in untaps too
        # 502.3 untap (a stun counter removed instead, 122.1d); 302.6: permanents the active player
        # controls are no longer summoning sick
        for oid in ctx.game.battlefield:
            o = ctx.game.obj(oid)
            if o.controller == game.active:
                untap = o.tapped and ch.untaps_normally(ctx.game, o) and not o.skip_untaps
                ctx.game = ctx.game.with_obj(replace(o, sick=False, skip_untaps=max(0, o.skip_untaps - 1)))
                if untap:
                    become_untapped(ctx, oid)
        ctx.game = replace(ctx.game, priority=None)
        next_step(ctx)
        return
    if step == "draw":
        draw(ctx, game.active)  # 504.1
    if step == "main1":
        add_lore_counters(ctx)  # 714.3c: as the precombat main phase begins
    if step == "end":
        end_step_triggers(ctx)  # 702.84a: unearth's delayed "exile it" (603.7)
    if step == "cleanup":
        # 514.2: damage is removed and "until end of turn" effects end
        objects = frozendict({oid: _end_of_turn(o) for oid, o in ctx.game.objects.items()})
        ctx.game = replace(ctx.game, objects=objects, priority=None, turn_effects=())
        # 514.3a: only if a state-based action was performed or a trigger waits does the active player
        # get priority (and, once all pass with an empty stack, another cleanup step begins)
        if not sba.check(ctx) and not ctx.game.pending_triggers:
            next_step(ctx)
            return
    if step == "declare_attackers":
        ctx.game = replace(ctx.game, priority=None, awaiting="attackers")
        return
    if step == "declare_blockers":
        if not {a.attacker for a in ctx.game.attacks} - ctx.game.removed_from_combat:
            ctx.game = replace(ctx.game, priority=ctx.game.active)
            return
        ctx.game = replace(ctx.game, priority=None, awaiting="blockers")
        return
    if step == "first_strike_damage":
        first = _first_strikers(ctx.game)
        ctx.game = replace(ctx.game, first_strikers=first)
        _deal_combat_damage(ctx, lambda o: o.id in first)
    if step == "combat_damage":
        combat_damage(ctx)
    ctx.game = replace(ctx.game, priority=ctx.game.active, passes=frozenset())


def declare_attackers(ctx: Ctx, player: int, attacks: list[Attack]) -> None:
    """CR 508.1: the active player declares attackers; tapping them (508.1f); costs to attack (508.1g-j)."""
    game = ctx.game
    if game.awaiting != "attackers" or player != game.active:
        raise IllegalAction("508.1", "attackers are declared by the active player at the start of "
                                     "the declare attackers step")
    for a in attacks:
        o = game.objects.get(a.attacker)
        if (o is None or o.zone != "battlefield" or o.phased_out or o.controller != player
                or not ch.is_type(game, o, "Creature")):  # 702.26b: a phased-out one doesn't exist
            raise IllegalAction("508.1a", "only untapped creatures you control can attack")
        if o.tapped:
            raise IllegalAction("508.1a", f"{o.alias or o.card} is tapped")
        if o.sick and not ch.has_keyword(game, o, "Haste"):
            raise IllegalAction("302.6", f"{o.alias or o.card} can't attack: "
                                         "it came under your control this turn")
        if ch.has_keyword(game, o, "Defender"):
            raise IllegalAction("702.3b", "a creature with defender can't attack")
    for a in attacks:
        o = ctx.game.obj(a.attacker)
        if not ch.has_keyword(ctx.game, o, "Vigilance"):
            ctx.game = ctx.game.with_obj(replace(o, tapped=True))
    choose_enlist(ctx, player, attacks)  # 508.1g: optional costs to attack
    pay_attack_costs(ctx, player, attacks)  # 508.1h-j
    attacked = {(a.attacker, ctx.game.obj(a.attacker).epoch) for a in attacks}
    ctx.game = replace(ctx.game, attacks=tuple(attacks), awaiting=None, priority=ctx.game.active,
                       passes=frozenset(), attacked_this_turn=ctx.game.attacked_this_turn | attacked)
    with ctx.simultaneously():  # declared at once: "whenever ... attacks" triggers see them all (508.3a)
        for a in attacks:
            ctx.emit({"type": "attacks", "object": a.attacker, "defending": a.defending})


def declare_blockers(ctx: Ctx, player: int, blocks: list[tuple[int, int]]) -> None:
    """CR 509.1: the defending player declares blockers."""
    game = ctx.game
    if game.awaiting != "blockers":
        raise IllegalAction("509.1", "blockers are declared at the start of the declare blockers step")
    attackers = {a.attacker for a in game.attacks} - game.removed_from_combat
    by_attacker: dict[int, list[int]] = {}
    for blocker, attacker in blocks:
        o = game.objects.get(blocker)
        if (o is None or o.zone != "battlefield" or o.phased_out or o.controller != player or o.tapped
                or not ch.is_type(game, o, "Creature") or attacker not in attackers):
            raise IllegalAction("509.1a", "each blocker must be an untapped creature you control "
                                          "blocking an attacker")
        if any(blocker in bs for bs in by_attacker.values()):
            raise IllegalAction("509.1a", f"{o.alias or o.card} can block only one attacker")
        if ch.has_keyword(game, game.obj(attacker), "Flying") and not (
                {"Flying", "Reach"} & set(ch.keywords(game, o))):
            raise IllegalAction("702.9b", "a creature with flying can't be blocked except by creatures "
                                          "with flying and/or reach")
        if protected_from(game, game.obj(attacker), o):
            raise IllegalAction("702.16f", "a creature with protection can't be blocked by creatures with "
                                           "the stated quality (from everything: by no creature, 702.16j)")
        by_attacker.setdefault(attacker, []).append(blocker)
    # an attacker removed from combat (506.4) that now blocks is a blocker only (Disharmony's ruling)
    rejoined = {b for b, _ in blocks} & game.removed_from_combat
    game = replace(game, attacks=tuple(a for a in game.attacks if a.attacker not in rejoined),
                   removed_from_combat=game.removed_from_combat - rejoined)
    for attacker, blockers in by_attacker.items():  # CR 509.1b: restrictions on the whole declaration
        if len(blockers) == 1 and ch.has_keyword(game, game.obj(attacker), "Menace"):
            raise IllegalAction("702.111b", "a creature with menace can't be blocked except by two or "
                                            "more creatures")
    ctx.game = replace(game, blocks=tuple(blocks), awaiting=None, priority=game.active, passes=frozenset())


def _lethal(game: Game, source: Obj, o: Obj) -> int:
    """CR 702.19c: lethal damage is the blocker's toughness minus damage already marked; with deathtouch
    any 1 damage is lethal (CR 702.2c)."""
    left = max(0, ch.toughness(game, o) - o.damage)
    return min(left, 1) if ch.has_keyword(game, source, "Deathtouch") else left


def _still_attacked(game: Game, defending: Target) -> bool:
    """CR 506.4c: a creature whose attacked planeswalker or battle was removed from combat (it left the
    battlefield) is attacking no player, planeswalker or battle, so trample has nowhere to assign excess
    damage (702.19b); without trample over planeswalkers none goes to the player (702.19f)."""
    if defending[0] == "player":
        return True
    d = game.objects.get(defending[1])
    return d is not None and d.epoch == defending[2] and d.zone == "battlefield" \
        and d.id not in game.removed_from_combat


def _assign_attacker(ctx: Ctx, o: Obj, blockers: list[Obj], defending: Target) -> list[tuple[Target, int]]:
    """CR 510.1c: a blocked creature's damage divided among its blockers as its controller chooses; with
    trample, what is beyond lethal damage to every blocker may go to the player or planeswalker it attacks
    (CR 702.19b). One blocker and no trample: all of it to that blocker."""
    game = ctx.game
    power = ch.power(game, o)
    trample = ch.has_keyword(game, o, "Trample") and _still_attacked(game, defending)
    targets: list[Target] = [("object", b.id, b.epoch) for b in blockers]
    if power <= 0:
        return []
    if len(blockers) == 1 and not trample:
        return [(targets[0], power)]
    options = (*targets, defending) if trample else tuple(targets)
    lethal = {t: _lethal(game, o, b) for t, b in zip(targets, blockers, strict=True)}
    forced = None
    if trample and len(blockers) == 1 and power <= lethal[targets[0]]:
        forced = (((targets[0], power),),)
    answer = ctx.choose(Decision("combat_damage", o.controller, o.id, options, len(options), len(options),
                                 frozendict({"total": power, "forced": forced})))
    try:
        pairs = [(t, int(n)) for t, n in answer]
    except (TypeError, ValueError) as exc:
        raise IllegalAction("510.1c", "combat damage is assigned as target and amount pairs") from exc
    if any(t not in options for t, _ in pairs) or any(n < 0 for _, n in pairs):
        raise IllegalAction("510.1c", "damage is assigned only among the creatures blocking it")
    if sum(n for _, n in pairs) != power:
        raise IllegalAction("510.1c", f"all {power} damage must be assigned")
    to_player = sum(n for t, n in pairs if t == defending)
    given = {t: n for t, n in pairs if t != defending}
    if to_player and any(given.get(t, 0) < lethal[t] for t in targets):
        raise IllegalAction("702.19b", "damage beyond lethal damage to every blocker may go to the player, "
                                       "not before")
    return [(t, n) for t, n in pairs if n > 0]


def _strikes_first(game: Game, o: Obj) -> bool:
    return ch.has_keyword(game, o, "First strike") or ch.has_keyword(game, o, "Double strike")


def _first_strikers(game: Game) -> frozenset[int]:
    out = game.removed_from_combat
    in_combat = [game.objects.get(a.attacker) for a in game.attacks if a.attacker not in out]
    in_combat += [game.objects.get(b) for b, _ in game.blocks if b not in out]
    return frozenset(o.id for o in in_combat if o is not None and o.zone == "battlefield"
                     and _strikes_first(game, o))


def combat_damage(ctx: Ctx) -> None:
    """CR 510: attackers and blockers deal damage equal to their power, simultaneously. After a first
    combat damage step (CR 510.4, 702.7b, 702.4b), only those that had neither first nor double strike
    as it began, and those that have double strike now (702.4c-d, 702.7c)."""
    first = ctx.game.first_strikers
    if first is None:
        _deal_combat_damage(ctx, lambda o: True)
        return
    _deal_combat_damage(ctx, lambda o: o.id not in first or ch.has_keyword(ctx.game, o, "Double strike"))


def _deal_combat_damage(ctx: Ctx, deals: Any) -> None:
    """One combat damage step: the creatures ``deals`` accepts assign and deal their damage."""
    game = ctx.game
    assignments: list[tuple[Obj, Target, int]] = []
    out = game.removed_from_combat
    for a in game.attacks:
        o = game.objects.get(a.attacker)
        if o is None or o.zone != "battlefield" or a.attacker in out:
            continue
        blockers = [game.obj(b) for b, att in game.blocks
                    if att == a.attacker and game.obj(b).zone == "battlefield" and b not in out]
        blocked = any(att == a.attacker for _, att in game.blocks)
        if deals(o):
            if blockers:
                assignments += [(o, t, n) for t, n in _assign_attacker(ctx, o, blockers, a.defending)]
            elif not blocked or ch.has_keyword(game, o, "Trample"):  # CR 702.19e: blockers all removed
                assignments.append((o, a.defending, ch.power(game, o)))
        for b in blockers:  # each blocker blocks only this attacker (CR 510.1d)
            if deals(b):
                assignments.append((b, ("object", o.id, o.epoch), ch.power(game, b)))
    dealt: dict[int, tuple[Obj, int]] = {}
    wither: dict[tuple[Target, int], int] = {}
    shielded: set[int] = set()  # one damage event: a shield counter prevents all of it (CR 122.1c)
    with ctx.simultaneously():  # CR 510.2: one event; triggers see all of it ("is dealt damage": once)
        for source, target, n in assignments:
            done = deal_damage(ctx, source, target, n, combat=True, lifelink=False, wither_into=wither,
                               shielded=shielded)
            prev = dealt.get(source.id, (source, 0))[1]
            dealt[source.id] = (source, prev + done)
        put_wither(ctx, wither)
        for source, n in dealt.values():  # one life gain per source (CR 702.15b)
            gain_from_lifelink(ctx, source, n)
