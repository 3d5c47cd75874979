"""State -> case JSON -> state: the serializer the fuzzer relies on, and a driver that answers decisions.

* :func:`case_from_game` writes a game (with an empty stack) back as a case ``setup``;
  :func:`setup_view` is the canonical view of the fields that matter, so
  ``setup_view(build(case_from_game(build(case))))`` must equal ``setup_view(build(case))``, and
  :func:`case_setup_view` computes the same view from a case's JSON alone (the projection matches the
  setup).
* :class:`DrivenScript` plays a case on the reference engine, answering every decision with a chooser
  (random, from the decision's options) and recording each answer as a case ``decisions`` entry, so
  the run can be replayed as a plain case (same state + same decisions = same result).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.context import Decision
from engine.projection import Refs
from engine.scenario import Script, build
from engine.state import MANA_TYPES, Game, Obj

JSON = Any
PLAYER_ZONES = ("library", "hand", "graveyard", "sideboard", "collection")
Chooser = Callable[[Game, Decision], Any]


def _alias(refs: Refs, oid: int) -> str:
    return refs.alias_of.get(oid, f"o{oid}")


def _permanent(game: Game, refs: Refs, o: Obj) -> dict[str, JSON]:
    out: dict[str, JSON] = {"alias": _alias(refs, o.id), "card": o.card}
    if o.owner != o.controller:
        out["owner"] = game.players[o.owner].alias
    for key, value, default in (
        ("token", o.token, False),
        ("tapped", o.tapped, False),
        ("summoning_sick", o.sick, False),
        ("damage", o.damage, 0),
        ("loyalty_activated", o.loyalty_used, False),
    ):
        if value != default:
            out[key] = value
    if o.counters:
        out["counters"] = {k: n for k, n in o.counters.items() if n}
    if o.attached_to is not None:
        out["attached_to"] = _alias(refs, o.attached_to)
    return out


def case_from_game(game: Game, refs: Refs, cards: Sequence[JSON] = ()) -> dict[str, JSON]:
    """A case (``setup`` + the given inline ``cards``) that builds this game. The stack must be empty."""
    if game.stack:
        raise ValueError("a game with a non-empty stack has no case setup")
    players: list[JSON] = []
    for i, p in enumerate(game.players):
        entry: dict[str, JSON] = {"alias": p.alias, "life": p.life}
        if p.counters:
            entry["counters"] = {k: n for k, n in p.counters.items() if n}
        if p.mana_pool:
            entry["mana_pool"] = {t: p.mana_pool[t] for t in MANA_TYPES if p.mana_pool.get(t)}
        battlefield = [
            _permanent(game, refs, game.obj(oid)) for oid in game.battlefield if game.obj(oid).controller == i
        ]
        if battlefield:
            entry["battlefield"] = battlefield
        for zone in PLAYER_ZONES:
            ids = getattr(p, zone)
            if ids:
                entry[zone] = [{"alias": _alias(refs, oid), "card": game.obj(oid).card} for oid in ids]
        exiled = [oid for oid in game.exile if game.obj(oid).owner == i]
        if exiled:
            entry["exile"] = [{"alias": _alias(refs, oid), "card": game.obj(oid).card} for oid in exiled]
        players.append(entry)
    return {
        "cards": list(cards),
        "setup": {
            "players": players,
            "active_player": game.players[game.active].alias,
            "turn": game.turn,
            "step": game.step,
            "seed": game.seed,
        },
    }


def setup_view(game: Game, refs: Refs) -> dict[str, JSON]:
    """The fields of a game that a case setup fixes, keyed by alias (ids and orders of creation ignored)."""
    players = {}
    for i, p in enumerate(game.players):
        view: dict[str, JSON] = {
            "life": p.life,
            "counters": {k: n for k, n in p.counters.items() if n},
            "mana_pool": {t: n for t, n in p.mana_pool.items() if n},
            "exile": sorted(_alias(refs, oid) for oid in game.exile if game.obj(oid).owner == i),
        }
        for zone in PLAYER_ZONES:
            view[zone] = [_alias(refs, oid) for oid in getattr(p, zone)]
        players[p.alias] = view
    battlefield = {}
    for oid in game.battlefield:
        o = game.obj(oid)
        perm = _permanent(game, refs, o)
        perm.setdefault("owner", game.players[o.owner].alias)
        perm["controller"] = game.players[o.controller].alias
        battlefield[perm.pop("alias")] = perm
    return {
        "players": players,
        "battlefield": battlefield,
        "active": game.players[game.active].alias,
        "turn": game.turn,
        "step": game.step,
    }


def case_setup_view(case: Mapping[str, JSON]) -> dict[str, JSON]:
    """:func:`setup_view` computed from the case JSON alone, with the schema's defaults."""
    setup = case["setup"]
    players = {}
    battlefield = {}
    for p in setup["players"]:
        view: dict[str, JSON] = {
            "life": p.get("life", 20),
            "counters": {k: n for k, n in p.get("counters", {}).items() if n},
            "mana_pool": {k: n for k, n in p.get("mana_pool", {}).items() if n},
            "exile": sorted(e["alias"] for e in p.get("exile", ())),
        }
        for zone in PLAYER_ZONES:
            view[zone] = [e["alias"] for e in p.get(zone, ())]
        players[p["alias"]] = view
        for e in p.get("battlefield", ()):
            perm = {k: v for k, v in e.items() if k != "alias"}
            for key, default in (
                ("token", False),
                ("tapped", False),
                ("summoning_sick", False),
                ("damage", 0),
                ("loyalty_activated", False),
            ):
                if perm.get(key, default) == default:
                    perm.pop(key, None)
            if not perm.get("counters"):
                perm.pop("counters", None)
            perm["counters"] = {k: n for k, n in perm.get("counters", {}).items() if n} or None
            if perm["counters"] is None:
                del perm["counters"]
            perm.setdefault("owner", p["alias"])
            perm["controller"] = p["alias"]
            battlefield[e["alias"]] = perm
    first = setup["players"][0]["alias"]
    return {
        "players": players,
        "battlefield": battlefield,
        "active": setup.get("active_player", first),
        "turn": setup.get("turn", 1),
        "step": setup.get("step", "main1"),
    }


def zone_census(game: Game) -> list[str]:
    """CR 400: every object is in exactly one zone, the one it says (no card lost or duplicated)."""
    seen: dict[int, list[str]] = {}
    for p in game.players:
        for zone in PLAYER_ZONES:
            for oid in getattr(p, zone):
                seen.setdefault(oid, []).append(zone)
    for zone in ("battlefield", "exile"):
        for oid in getattr(game, zone):
            seen.setdefault(oid, []).append(zone)
    for item in game.stack:
        if item.kind == "spell":
            seen.setdefault(item.id, []).append("stack")
    problems = []
    for oid, o in game.objects.items():
        zones = seen.get(oid, [])
        if zones != ([] if o.zone == "left_game" else [o.zone]):  # gone with its owner (CR 800.4a): nowhere
            problems.append(f"object {oid} ({o.card}) says zone {o.zone} but is listed in {zones}")
    problems += [
        f"id {oid} is listed in {z} but is no object" for oid, z in seen.items() if oid not in game.objects
    ]
    return problems


class DrivenScript(Script):
    """Plays a case, answering every decision with ``choose`` and recording the answers."""

    def __init__(self, case: Mapping[str, JSON], choose: Chooser) -> None:
        game, refs = build(case, {})
        super().__init__(case, game, refs)
        self.choose = choose
        self.recorded: list[JSON] = []

    def _answer(self, d: Decision) -> Any:
        answer = self.choose(self.game, d)
        out = self.refs.answer_out(self.game, d, answer)
        entry = {"kind": d.kind, "player": self.refs.player_alias(d.player), "answer": out}
        self.recorded.append(entry)
        self.entries.append(entry)
        self.used.add(len(self.entries) - 1)
        self.decisions.append(
            {
                **entry,
                "source": self.refs.ref_of(self.game, d.source),
                "options": [],
                "used": len(self.entries) - 1,
                "auto": False,
            }
        )
        return answer


def drive(case: Mapping[str, JSON], choose: Chooser) -> tuple[dict[str, JSON], dict[str, JSON], DrivenScript]:
    """Run ``case`` answering decisions with ``choose``: (case with its decisions, observation, script)."""
    script = DrivenScript({**case, "decisions": []}, choose)
    observation = script.run()
    return {**case, "decisions": script.recorded}, observation, script
