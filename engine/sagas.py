"""Sagas (CR 714): lore counters and chapter abilities.

A chapter ability is a triggered ability (CR 714.2): in card data ``{"kind": "triggered", "trigger":
{"on": "chapter", "chapters": [1, 2]}, ...}`` ("I, II — [effect]", 714.2c). A Saga enters with a lore
counter (714.3a, counters.enter_battlefield), gets another as its controller's precombat main phase
begins (714.3c), and is sacrificed once its lore counters reach its final chapter number and no
chapter ability of it waits to leave the stack (714.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import characteristics as ch
from .context import Ctx, Event
from .counters import put_counters
from .state import Game, Obj


def chapter_numbers(game: Game, o: Obj) -> list[int]:
    """The chapter numbers of its chapter abilities (CR 714.2a), in Oracle order."""
    return [int(n) for a in ch.abilities(game, o)
            if a["kind"] == "triggered" and a["trigger"]["on"] == "chapter" for n in a["trigger"]["chapters"]]


def final_chapter(game: Game, o: Obj) -> int:
    """CR 714.2d: the greatest value among its chapter abilities; 0 if it somehow has none."""
    return max(chapter_numbers(game, o), default=0)


def is_saga(game: Game, o: Obj) -> bool:
    return "Saga" in ch.subtypes(game, o)


def chapters_reached(trig: Mapping[str, Any], src: Obj, event: Event) -> int:
    """CR 714.2b: "{rN}—[Effect]" means "When one or more lore counters are put onto this Saga, if the
    number of lore counters on it was less than N and became at least N, [effect]." How many of the
    ability's chapters this event reaches (two lore counters at once reach I and II: 714.2c, two
    abilities). ``total`` is the number of lore counters the event left on it."""
    if event.get("object") != src.id or event.get("counter") != "lore" or "total" not in event:
        return 0
    after = int(event["total"])
    before = after - int(event["amount"])
    return sum(1 for n in trig["chapters"] if before < int(n) <= after)


def add_lore_counters(ctx: Ctx) -> None:
    """CR 714.3c: "As a player's precombat main phase begins, that player puts a lore counter on each
    Saga they control with one or more chapter abilities. This turn-based action doesn't use the stack.\""""
    game = ctx.game
    sagas = [o for o in (game.objects[i] for i in game.battlefield)
             if o.controller == game.active and is_saga(game, o) and chapter_numbers(game, o)]
    with ctx.simultaneously():
        for o in sagas:
            put_counters(ctx, ("object", o.id, o.epoch), {"lore": 1}, game.active)


def _chapter_waiting(game: Game, o: Obj) -> bool:
    """The source of a chapter ability that has triggered but not yet left the stack (CR 714.4)."""
    def chapter(ability: Any) -> bool:
        return isinstance(ability, Mapping) and ability.get("trigger", {}).get("on") == "chapter"
    abilities = ch.card(game, o).abilities
    for t in game.pending_triggers:
        ability = t.ability if t.ability is not None else ch.as_triggered(abilities[t.index])
        if t.source == o.id and chapter(ability):
            return True
    return any(s.kind == "ability" and s.source == o.id and chapter(s.ability) for s in game.stack)


def sagas_to_sacrifice(game: Game) -> list[int]:
    """CR 714.4: "If the number of lore counters on a Saga permanent with one or more chapter abilities is
    greater than or equal to its final chapter number, and it isn't the source of a chapter ability that
    has triggered but not yet left the stack, that Saga's controller sacrifices it." (a state-based
    action)"""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if not is_saga(game, o) or not chapter_numbers(game, o):
            continue
        if o.counters.get("lore", 0) >= final_chapter(game, o) and not _chapter_waiting(game, o):
            out.append(oid)
    return out
