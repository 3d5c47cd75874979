"""The engine-neutral projection of a game (spec/README.md 2.1) and the mapping between refs and ids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import characteristics as ch
from .context import Decision
from .errors import MalformedAction
from .mana import pool_by_type
from .state import MANA_TYPES, Game, Obj, TriggerInstance

OUTSIDE = ("sideboard", "collection", "left_game")  # outside the game (CR 400.11, 800.4a)


class Refs:
    """Aliases <-> internal ids for one case."""

    def __init__(self, game: Game, by_alias: Mapping[str, int]) -> None:
        self.players = [p.alias for p in game.players]
        self.by_alias = dict(by_alias)
        self.alias_of = {v: k for k, v in by_alias.items()}
        self.ability_sources: dict[int, int] = {}  # an ability's stack id -> its source, once seen

    # case -> engine
    def player(self, alias: str) -> int:
        if alias not in self.players:
            raise MalformedAction(f"unknown player {alias!r}")
        return self.players.index(alias)

    def obj(self, game: Game, ref: Any) -> int:
        if isinstance(ref, str):
            if ref in self.by_alias:
                return self.by_alias[ref]
            raise MalformedAction(f"unknown object {ref!r}")
        if isinstance(ref, Mapping) and "find" in ref:
            found = [o.id for o in game.objects.values() if self._matches(game, o, ref["find"])]
            if len(found) != 1:
                raise MalformedAction(f"{ref!r} matches {len(found)} objects, not exactly one")
            return found[0]
        raise MalformedAction(f"bad ref {ref!r}")

    def _matches(self, game: Game, o: Obj, q: Mapping[str, Any]) -> bool:
        if o.zone in OUTSIDE:
            return False
        if "name" in q and ch.card(game, o).name != q["name"]:  # a copy has the name it copied (707.2)
            return False
        if "controller" in q and self.players[o.controller] != q["controller"]:
            return False
        if "owner" in q and self.players[o.owner] != q["owner"]:
            return False
        if "zone" in q and o.zone != q["zone"]:
            return False
        return not ("token" in q and o.token != q["token"])

    def target(self, game: Game, ref: Any) -> tuple[Any, ...]:
        if isinstance(ref, str) and ref in self.players:
            return ("player", self.players.index(ref))
        if isinstance(ref, Mapping) and "ability_of" in ref:  # an ability on the stack (CR 113.1c)
            source = self.obj(game, ref["ability_of"])
            found = [s.id for s in game.stack if s.kind == "ability" and s.source == source]
            if len(found) != 1:
                raise MalformedAction(f"{ref!r} matches {len(found)} abilities on the stack, not exactly one")
            return ("stack", found[0])
        oid = self.obj(game, ref)
        return ("object", oid, game.obj(oid).epoch)

    def _option_for(self, game: Game, d: Decision, ref: Any) -> Any:
        """The option of ``d`` a ref names (options carry the right epochs)."""
        is_player = isinstance(ref, str) and ref in self.players
        want = self.target(game, ref) if not is_player else ("player", self.players.index(ref))
        for o in d.options:
            if isinstance(o, tuple) and o[:2] == want[:2]:
                return o
            if isinstance(o, TriggerInstance) and want[0] == "object" and o.source == want[1]:
                return o
            if (hasattr(o, "source") and not isinstance(o, TriggerInstance) and want[0] == "object"
                    and o.source == want[1]):
                return o
        return want

    def answer_in(self, game: Game, d: Decision, answer: Any) -> Any:
        kind = d.kind
        if kind in ("targets", "proliferate", "sacrifice", "discard", "new_targets", "tap_cost"):
            return tuple(self._option_for(game, d, r) for r in answer)
        if kind == "trigger_order":
            taken: list[int] = []  # by position: two waiting triggers may be identical
            for r in answer:
                want = self.target(game, r)
                match = next((i for i, o in enumerate(d.options) if o.source == want[1] and i not in taken),
                             None)
                if match is None:
                    raise MalformedAction(f"no triggered ability from {r!r} is waiting")
                taken.append(match)
            return tuple(d.options[i] for i in taken)
        if kind in ("distribute", "combat_damage", "convoke"):
            return tuple((self._option_for(game, d, k), v) for k, v in answer.items())
        if kind in ("replacement_effect",):
            want = self.target(game, answer)
            match = next((o for o in d.options if o.source == want[1]), None)
            if match is None:
                raise MalformedAction(f"no applicable replacement effect from {answer!r}")
            return match
        if kind in ("choose_player", "legend_rule", "outside_game_card", "copy_of", "card_from_hand"):
            return None if answer is None else self._option_for(game, d, answer)
        if kind == "mana_payment":
            return {k: v for k, v in answer.items() if v}
        return answer

    # engine -> case
    def player_alias(self, index: int) -> str:
        return self.players[index]

    def ref_of(self, game: Game, oid: int | None) -> str | None:
        if oid is None:
            return None
        if oid in self.alias_of:
            return self.alias_of[oid]
        # an object gone since (a token or a copy of a spell ceased to exist, CR 704.5d-e): as it last was
        o = game.objects.get(oid) or game.last_known.get(oid)
        return f"{o.card}#{o.created}" if o is not None else f"#{oid}"

    def target_out(self, game: Game, t: Any) -> Any:
        if isinstance(t, tuple) and t and t[0] == "player":
            return self.players[t[1]]
        if isinstance(t, tuple) and t and t[0] == "stack":  # an ability: {"ability_of": its source}
            item = next((s for s in game.stack if s.id == t[1]), None)
            if item is not None:
                self.ability_sources[int(t[1])] = item.source
            source = self.ability_sources.get(int(t[1]))
            return {"ability_of": self.ref_of(game, source)} if source is not None else f"#{t[1]}"
        if isinstance(t, tuple) and t and t[0] == "object":
            return self.ref_of(game, t[1])
        return t

    def option_out(self, game: Game, o: Any) -> Any:
        if isinstance(o, tuple):
            return self.target_out(game, o)
        if hasattr(o, "source"):
            return self.ref_of(game, o.source)
        return o

    def answer_out(self, game: Game, d: Decision, answer: Any) -> Any:
        if (isinstance(answer, tuple) and answer and isinstance(answer[0], tuple)
                and d.kind in ("distribute", "combat_damage", "convoke")):
            return {self.target_out(game, t): n for t, n in answer}
        if isinstance(answer, tuple) and (not answer or isinstance(answer[0], (tuple, TriggerInstance))):
            return [self.option_out(game, a) for a in answer]
        return self.option_out(game, answer)


def _object_view(game: Game, o: Obj, refs: Refs) -> dict[str, Any]:
    p, t = ch.power_toughness(game, o)
    cd = ch.card(game, o)
    return {
        "ref": refs.ref_of(game, o.id), "name": cd.name, "zone": o.zone,
        "owner": refs.players[o.owner], "controller": refs.players[o.controller], "token": o.token,
        "tapped": o.tapped if o.zone == "battlefield" else False,
        "counters": {k: n for k, n in o.counters.items() if n},
        "power": p if o.zone == "battlefield" else (cd.power if p is not None else None),
        "toughness": t if o.zone == "battlefield" else (cd.toughness if t is not None else None),
        "loyalty": (o.counters.get("loyalty", 0)
                    if "Planeswalker" in cd.types and o.zone == "battlefield" else None),
        "damage": o.damage,
        "attached_to": refs.ref_of(game, o.attached_to) if o.zone == "battlefield" else None,
        "keywords": ch.keywords(game, o) if o.zone == "battlefield" else list(cd.keywords),
        "phased_out": o.phased_out is not None,  # CR 702.26b
    }


def project(game: Game, refs: Refs) -> dict[str, Any]:
    players = {}
    for p in game.players:
        pool = pool_by_type(p)  # restricted mana too: CR 106.6 doesn't change its type
        players[p.alias] = {
            "life": p.life, "counters": {k: n for k, n in p.counters.items() if n},
            "mana_pool": {t: pool[t] for t in MANA_TYPES if pool.get(t)},
            "crimes_committed": p.crimes, "hand_size": len(p.hand), "library_size": len(p.library),
            "graveyard_size": len(p.graveyard), "lost": p.lost,
        }
    objects = [_object_view(game, o, refs) for o in game.objects.values() if o.zone not in OUTSIDE]
    stack = [{"kind": s.kind, "source": refs.ref_of(game, s.source), "controller": refs.players[s.controller],
              "targets": [refs.target_out(game, t) for slot in s.targets for t in slot]}
             for s in reversed(game.stack)]
    return {"turn": game.turn, "active_player": refs.players[game.active], "step": game.step,
            "priority": refs.players[game.priority] if game.priority is not None else None,
            "players": players, "objects": objects, "stack": stack}


OBJECT_KEYS = ("object", "source", "card", "attached_to")
PLAYER_KEYS = ("player", "controller", "by")
DROP = ("lki", "cause", "targets", "part", "item", "total")


def event_out(e: Mapping[str, Any], game: Game, refs: Refs) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in e.items():
        if k in DROP:
            continue
        if k in OBJECT_KEYS and isinstance(v, int):
            out[k] = refs.ref_of(game, v)
        elif k in PLAYER_KEYS and isinstance(v, int) and not isinstance(v, bool):
            out[k] = refs.players[v]
        elif k in ("target", "defending"):
            out[k] = refs.target_out(game, v)
        elif k in ("from", "to") and v in OUTSIDE:
            out[k] = None  # outside the game is not a zone (CR 400.11; spec/README.md 2.2)
        else:
            out[k] = v
    return out
