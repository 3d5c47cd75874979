"""Replacement effects: one pipeline for every replaceable event (CR 614, 616).

Events that can be replaced here: putting counters on a permanent or player (CR 122.6), a permanent
entering the battlefield (CR 614.1c, 614.12), producing mana (CR 106.12b), creating tokens and facing a
villainous choice (CR 701.55c). The affected object's controller, or the affected player, chooses which
applicable effect to apply next (CR 616.1), whoever controls the effects' sources; each effect applies
at most once to an event (CR 614.5); the loop repeats until none is left (CR 616.1f).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import characteristics as ch
from .context import Ctx, Decision
from .errors import IllegalAction
from .state import Game, Obj, replace

REvent = dict[str, Any]


@dataclass(frozen=True)
class Repl:
    source: int
    index: int  # ability index in the source's definition; -1 for a keyword (tribute)
    spec: Mapping[str, Any]
    controller: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.source, self.index)


def _candidates(game: Game, event: REvent) -> list[Repl]:
    out: list[Repl] = []
    kind = event["kind"]
    for sid in game.battlefield:
        s = game.objects[sid]
        for i, a in enumerate(ch.card(game, s).abilities):
            if a["kind"] == "replacement" and a["replacement"]["event"] == kind and kind != "enters":
                out.append(Repl(sid, i, a["replacement"], s.controller))
    if kind == "enters":
        o: Obj = event["obj"]
        for i, a in enumerate(ch.card(game, o).abilities):
            if a["kind"] == "replacement" and a["replacement"]["event"] == "enters":
                out.append(Repl(o.id, i, a["replacement"], o.controller))
            if a["kind"] == "keyword" and a["keyword"] == "Tribute":
                out.append(Repl(o.id, i, {"event": "enters", "tribute": int(a.get("n", 0))}, o.controller))
    return out


def affected_player(game: Game, event: REvent) -> int:
    """CR 616.1: the affected object's controller or the affected player makes the choice."""
    kind = event["kind"]
    if kind == "put_counters":
        t = event["target"]
        if t[0] == "player":
            return int(t[1])
        o = event.get("entering") or game.obj(t[1])
        return o.controller
    if kind == "enters":
        return int(event["obj"].controller)
    if kind == "produce_mana":
        return int(event["player"])
    if kind == "create_tokens":
        return int(event["controller"])
    return int(event["player"])


def _applies(game: Game, r: Repl, event: REvent) -> bool:
    spec = r.spec
    src = game.objects[r.source]
    kind = event["kind"]
    if kind == "put_counters":
        counters: Mapping[str, int] = event["counters"]
        wanted = spec.get("counter")
        if not any(n > 0 and (wanted is None or k == wanted) for k, n in counters.items()):
            return False
        if spec.get("by_effect") and event.get("cost"):  # "if an effect would put": not a cost's counters
            return False
        t = event["target"]
        flt = spec.get("affects", {})
        if t[0] == "player":
            return ch.matches_player(game, flt, int(t[1]), r.controller)
        o = event.get("entering") or game.obj(t[1])
        return flt.get("what") != "player" and ch.matches(game, flt, o, src, r.controller)
    if kind == "enters":
        return True
    if kind == "produce_mana":
        if not event["tapped"] or not any(event["mana"].values()):
            return False
        if spec.get("tapped_by") == "you" and event["player"] != r.controller:
            return False
        flt = spec.get("affects")
        return flt is None or ch.matches(game, flt, game.obj(event["source"]), src, r.controller)
    if kind == "create_tokens":
        return bool(event["count"]) and (
            spec.get("affects") is None
            or ch.matches_player(game, spec["affects"], event["controller"], r.controller))
    if kind == "face_villainous_choice":
        return ch.matches_player(game, spec.get("affects", {"what": "player"}), event["player"], r.controller)
    return False


def _modify(ctx: Ctx, r: Repl, event: REvent) -> REvent:
    spec = r.spec
    kind = event["kind"]
    if kind == "put_counters":
        wanted = spec.get("counter")
        new = {}
        for k, n in event["counters"].items():
            if n > 0 and (wanted is None or k == wanted):
                n = n * spec.get("times", 1) + spec.get("plus", 0)
            new[k] = n
        return {**event, "counters": new}
    if kind == "enters":
        if "tribute" in spec:
            return _tribute(ctx, r, event)
        o: Obj = event["obj"]
        bundles = list(event["counters"])
        for k, amount in spec.get("counters", {}).items():
            n = event["x"] if amount == "X" else int(amount)
            bundles.append((k, n, o.controller))
        return {**event, "counters": tuple(bundles)}
    if kind == "produce_mana":
        if "produce" in spec:
            return {**event, "mana": {spec["produce"]: 1}}
        return {**event, "mana": {t: n * spec.get("times", 1) for t, n in event["mana"].items()}}
    if kind == "create_tokens":
        return {**event, "count": event["count"] * spec.get("times", 1)}
    if kind == "face_villainous_choice":
        return {**event, "times": event["times"] + spec.get("additional", 0)}
    return event


def _tribute(ctx: Ctx, r: Repl, event: REvent) -> REvent:
    """CR 702.104a: as it enters, its controller chooses an opponent, who may put N +1/+1 counters on it.

    Both choices are made while the creature is entering: no player receives priority in between
    (seed rulings tribute-01, tribute-04). The chosen opponent puts the counters (tribute-06).
    """
    o: Obj = event["obj"]
    opponents = ctx.game.opponents(o.controller)
    if not opponents:
        return event
    options = tuple(("player", p) for p in opponents)
    chosen = ctx.choose(Decision("choose_player", o.controller, o.id, options))
    if not (isinstance(chosen, tuple) and chosen[0] == "player" and chosen[1] in opponents):
        raise IllegalAction("702.104a", "tribute: the chosen player must be an opponent")
    payer = int(chosen[1])
    paid = ctx.choose(Decision("tribute", payer, o.id, (True, False)))
    if not isinstance(paid, bool):
        raise IllegalAction("702.104a", "tribute: answer must be true or false")
    ctx.emit({"type": "tribute", "player": payer, "paid": paid, "object": o.id})
    bundles = list(event["counters"])
    if paid:
        bundles.append(("+1/+1", r.spec["tribute"], payer))
    return {**event, "counters": tuple(bundles), "tribute_paid": paid}


def run(ctx: Ctx, event: REvent) -> REvent:
    """Apply every applicable replacement effect to ``event``, in the affected player's order."""
    done: set[tuple[int, int]] = set()
    while True:
        cands = [r for r in _candidates(ctx.game, event)
                 if r.key not in done and _applies(ctx.game, r, event)]
        if not cands:
            return event
        if len(cands) == 1:
            chosen = cands[0]
        else:
            who = affected_player(ctx.game, event)
            answer = ctx.choose(Decision("replacement_effect", who, None, tuple(cands)))
            if answer not in cands:
                raise IllegalAction("616.1", "that replacement effect does not apply to this event")
            chosen = answer
        done.add(chosen.key)
        event = _modify(ctx, chosen, event)


def with_entering(o: Obj) -> Obj:
    """CR 614.12: an entering permanent is checked as it would exist on the battlefield."""
    return replace(o, zone="battlefield")
