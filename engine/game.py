"""The engine's one entry point: ``apply(game, action) -> Step`` and ``legal_actions(game)``.

Actions are dicts with internal ids (players are indexes, objects are ids):
``{"action": "cast", "player": 0, "card": 12}``, ``{"action": "activate", "player": 0, "source": 7,
"ability": 0}``, ``{"action": "play_land", ...}``, ``{"action": "pass", "player": 0}``,
``{"action": "resolve"}``, ``{"action": "advance", "step": "end"}``,
``{"action": "declare_attackers", "player": 0, "attackers": [(id, target)]}``,
``{"action": "declare_blockers", "player": 1, "blockers": [(blocker, attacker)]}`` and, while a
decision is pending, ``{"action": "answer", "value": ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import characteristics as ch
from . import turn
from .casting import activate, cast, check_costs_payable, play_land, sorcery_timing
from .context import Ctx, Decision, Event, NeedDecision, Pending
from .errors import IllegalAction, MalformedAction
from .restrictions import split_second_spell
from .state import STEPS, Attack, Game, replace
from .triggers import on_event


@dataclass(frozen=True)
class Step:
    """The result of one action: the new game, what happened, and the decision it waits for, if any."""

    game: Game
    events: tuple[Event, ...]
    pending: Decision | None


def apply(game: Game, action: Mapping[str, Any]) -> Step:
    kind = action.get("action")
    if kind == "answer":
        pending: Pending | None = game.pending
        if pending is None:
            raise MalformedAction("there is no pending decision to answer")
        return _run(pending.base, pending.action, (*pending.answers, action.get("value")))
    if game.pending is not None:
        raise IllegalAction("117.1", "a decision is pending; answer it first")
    if game.over:
        raise IllegalAction("104.1", "the game has ended")
    return _run(game, action, ())


def _run(base: Game, action: Mapping[str, Any], answers: tuple[Any, ...]) -> Step:
    ctx = Ctx(base, answers, on_event=on_event)
    try:
        _perform(ctx, action)
        turn.settle(ctx)
    except NeedDecision as need:
        return Step(replace(base, pending=Pending(need.decision, base, action, answers)), (), need.decision)
    # Nothing else is caught: only an IllegalAction is the rules refusing the action; any other exception
    # is the engine failing, and must reach the caller as such (never disguised as a rejection).
    return Step(ctx.game, tuple(ctx.events), None)


def _perform(ctx: Ctx, action: Mapping[str, Any]) -> None:
    kind = action.get("action")
    # CR 508.1i: while declaring attackers the active player may activate mana abilities (to pay costs
    # to attack); ``activate`` refuses any other ability then
    paying = kind == "activate" and ctx.game.awaiting == "attackers"
    if ctx.game.awaiting and kind not in ("declare_attackers", "declare_blockers", "advance") and not paying:
        raise IllegalAction("508.1" if ctx.game.awaiting == "attackers" else "509.1",
                            f"{ctx.game.awaiting} must be declared first")
    if kind == "cast":
        cast(ctx, action["player"], action["card"])
    elif kind == "activate":
        activate(ctx, action["player"], action["source"], action["ability"])
    elif kind == "play_land":
        play_land(ctx, action["player"], action["card"])
    elif kind == "pass":
        turn.pass_priority(ctx, action["player"])
    elif kind == "resolve":
        _resolve(ctx)
    elif kind == "advance":
        _advance(ctx, action["step"])
    elif kind == "declare_attackers":
        turn.declare_attackers(ctx, action["player"], [Attack(a, d) for a, d in action["attackers"]])
    elif kind == "declare_blockers":
        turn.declare_blockers(ctx, action["player"], [(b, a) for b, a in action["blockers"]])
    else:
        raise MalformedAction(f"unknown action {kind!r}")


def _resolve(ctx: Ctx) -> None:
    """Every player passes in succession from the priority holder: the top of the stack resolves."""
    if not ctx.game.stack:
        raise IllegalAction("117.4", "the stack is empty: there is nothing to resolve")
    top = ctx.game.stack[-1].id
    for _ in range(len(ctx.game.players)):
        holder = ctx.game.priority
        if holder is None or all(s.id != top for s in ctx.game.stack):
            break
        turn.pass_priority(ctx, holder)


def _advance(ctx: Ctx, target: str) -> None:
    """Pass with an empty stack until ``target`` begins and a player receives priority in it."""
    if target not in STEPS:
        raise MalformedAction(f"unknown step {target!r}")
    events = len(ctx.events)  # a step has begun since: the same step again may be an added one (500.8)
    for _ in range(200):
        g = ctx.game
        if _stepped(ctx, events) and g.step == target and (g.priority is not None or g.awaiting):
            return
        if g.awaiting == "attackers":
            turn.declare_attackers(ctx, g.active, [])
            continue
        if g.awaiting == "blockers":
            ctx.game = replace(g, awaiting=None, priority=g.active)
            continue
        turn.settle(ctx)
        g = ctx.game
        if g.stack:
            raise IllegalAction("117.4", "advance: the stack is not empty; resolve it first")
        if _stepped(ctx, events) and g.step == target and g.priority is not None:
            return
        if g.priority is None:
            turn.next_step(ctx)
            continue
        turn.pass_priority(ctx, g.priority)
    raise IllegalAction("500.1", f"could not reach step {target}")


def _stepped(ctx: Ctx, since: int) -> bool:
    return any(e["type"] == "step" for e in ctx.events[since:])


def legal_actions(game: Game) -> list[dict[str, Any]]:
    """Actions the player with priority may try (passing is always legal, CR 117.3d).

    Candidate casts and activations pass the checks made before any choice; a choice made later
    (targets, payment) may still make one illegal. While a decision is pending this lists nothing:
    answer it (its options are on ``game.pending.decision``).
    """
    if game.pending is not None or game.over:
        return []
    if game.awaiting == "attackers":
        return [{"action": "declare_attackers", "player": game.active, "attackers": []}]
    if game.awaiting == "blockers":
        defender = (game.active + 1) % len(game.players)
        return [{"action": "declare_blockers", "player": defender, "blockers": []}]
    p = game.priority
    if p is None:
        return []
    out: list[dict[str, Any]] = [{"action": "pass", "player": p}]
    for oid in game.players[p].hand:
        o = game.obj(oid)
        cd = ch.card(game, o)
        if "Land" in cd.types:
            if sorcery_timing(game, p) and not game.players[p].land_played:
                out.append({"action": "play_land", "player": p, "card": oid})
        elif split_second_spell(game) is None and ("Instant" in cd.types or sorcery_timing(game, p)):
            out.append({"action": "cast", "player": p, "card": oid})
    for oid in game.battlefield:
        o = game.obj(oid)
        if o.controller != p:
            continue
        for i, ability in enumerate(ch.activated(game, o)):
            try:
                check_costs_payable(game, p, o, ability)
            except IllegalAction:
                continue
            out.append({"action": "activate", "player": p, "source": oid, "ability": i})
    return out
