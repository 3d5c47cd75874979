"""Small helpers for the engine's unit tests: build a game from a case-shaped setup, act, answer."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine import apply, build
from engine.game import Step
from engine.state import Game

CARDS_DIR = Path(__file__).resolve().parent.parent / "suites" / "cards"


def catalogue() -> dict[str, dict[str, Any]]:
    out = {}
    for f in sorted(CARDS_DIR.glob("*.json")):
        d = json.loads(f.read_text(encoding="utf-8"))
        out[d["name"]] = d
    return out


CATALOGUE = catalogue()


def card(name: str, type_: str, abilities: list[dict[str, Any]], *, cost: str = "", power: str | None = None,
         toughness: str | None = None, subtypes: tuple[str, ...] = ()) -> dict[str, Any]:
    """An inline card definition (the case format's `cards`)."""
    return {"name": name, "manaCost": cost, "type": type_, "types": type_.split(), "subtypes": list(subtypes),
            "supertypes": [], "text": "", "layout": "normal", "power": power, "toughness": toughness,
            "abilities": abilities}


def new_game(players: list[dict[str, Any]], *, extra: Sequence[dict[str, Any]] = (),
             **setup: Any) -> tuple[Game, Any]:
    case = {"setup": {"players": players, **setup}, "cards": list(extra), "level": "rules"}
    return build(case, CATALOGUE)


def act(game: Game, refs: Any, action: dict[str, Any], *answers: Any) -> Step:
    """Apply an action given with aliases, then answer pending decisions in order with internal values."""
    a = dict(action)
    for key in ("card", "source"):
        if key in a and isinstance(a[key], str):
            a[key] = refs.by_alias[a[key]]
    if "player" in a:
        a["player"] = refs.player(a["player"])
    step = apply(game, a)
    for ans in answers:
        assert step.pending is not None, "no decision pending"
        step = apply(step.game, {"action": "answer", "value": ans})
    return step


def obj(game: Game, refs: Any, alias: str) -> Any:
    return game.obj(refs.by_alias[alias])


def target(game: Game, refs: Any, alias: str) -> tuple[Any, ...]:
    if alias in refs.players:
        return ("player", refs.players.index(alias))
    o = obj(game, refs, alias)
    return ("object", o.id, o.epoch)
