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

from collections.abc import Callable, Sequence
from typing import Literal, TypedDict, get_args

from conformance.documents import (
    Card,
    CardObject,
    Case,
    DecisionEntry,
    DecisionKind,
    Observation,
    Permanent,
    Setup,
    SetupPlayer,
    Step,
)
from conformance.run.protocol import valid_observation
from engine.context import Decision
from engine.projection import Refs
from engine.scenario import Script, build
from engine.state import MANA_TYPES, Game, Obj

PlayerZone = Literal["library", "hand", "graveyard", "sideboard", "collection"]
PLAYER_ZONES: tuple[PlayerZone, ...] = get_args(PlayerZone)
#: Answers a decision with a value of the engine's own (an option of the decision).
Chooser = Callable[[Game, Decision], object]
# The engine's names of steps and decision kinds are the spec's (spec/README.md 1.2, 1.4).
_STEPS: dict[str, Step] = {name: name for name in get_args(Step)}
_DECISION_KINDS: dict[str, DecisionKind] = {name: name for name in get_args(DecisionKind)}


class CaseSetup(TypedDict):
    """The part of a case that builds a game: its inline cards and its setup."""

    cards: list[Card]
    setup: Setup


def _alias(refs: Refs, oid: int) -> str:
    return refs.alias_of.get(oid, f"o{oid}")


def _permanent(game: Game, refs: Refs, o: Obj) -> Permanent:
    out: Permanent = {"alias": _alias(refs, o.id), "card": o.card}
    if o.owner != o.controller:
        out["owner"] = game.players[o.owner].alias
    # each one only when it is not its default (False, 0)
    if o.token:
        out["token"] = o.token
    if o.tapped:
        out["tapped"] = o.tapped
    if o.sick:
        out["summoning_sick"] = o.sick
    if o.damage != 0:
        out["damage"] = o.damage
    if o.loyalty_used:
        out["loyalty_activated"] = o.loyalty_used
    if o.counters:
        out["counters"] = {k: n for k, n in o.counters.items() if n}
    if o.attached_to is not None:
        out["attached_to"] = _alias(refs, o.attached_to)
    return out


def case_from_game(game: Game, refs: Refs, cards: Sequence[Card] = ()) -> CaseSetup:
    """A case (``setup`` + the given inline ``cards``) that builds this game. The stack must be empty."""
    if game.stack:
        raise ValueError("a game with a non-empty stack has no case setup")
    players: list[SetupPlayer] = []
    for i, p in enumerate(game.players):
        entry: SetupPlayer = {"alias": p.alias, "life": p.life}
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
            "step": _STEPS[game.step],
            "seed": game.seed,
        },
    }


def setup_view(game: Game, refs: Refs) -> dict[str, object]:
    """The fields of a game that a case setup fixes, keyed by alias (ids and orders of creation ignored)."""
    players = {}
    for i, p in enumerate(game.players):
        view: dict[str, object] = {
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
        perm: dict[str, object] = dict(_permanent(game, refs, o))
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


def case_setup_view(case: Case) -> dict[str, object]:
    """:func:`setup_view` computed from the case JSON alone, with the schema's defaults."""
    setup = case["setup"]
    players = {}
    battlefield = {}
    for p in setup["players"]:
        view: dict[str, object] = {
            "life": p.get("life", 20),
            "counters": {k: n for k, n in p.get("counters", {}).items() if n},
            "mana_pool": {k: n for k, n in p.get("mana_pool", {}).items() if n},
            "exile": sorted(e["alias"] for e in p.get("exile", ())),
        }
        for zone in PLAYER_ZONES:
            objects: list[CardObject] = p.get(zone, [])
            view[zone] = [e["alias"] for e in objects]
        players[p["alias"]] = view
        for e in p.get("battlefield", ()):
            perm: dict[str, object] = {k: v for k, v in e.items() if k != "alias"}
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
            counters = perm.get("counters", {})
            counters = counters if isinstance(counters, dict) else {}
            perm["counters"] = {k: n for k, n in counters.items() if n} or None
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
    for game_zone in ("battlefield", "exile"):
        for oid in getattr(game, game_zone):
            seen.setdefault(oid, []).append(game_zone)
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

    def __init__(self, case: Case, choose: Chooser) -> None:
        game, refs = build(case, {})
        super().__init__(case, game, refs)
        self.choose = choose
        self.recorded: list[DecisionEntry] = []

    def _answer(self, d: Decision) -> object:
        answer = self.choose(self.game, d)
        out = self.refs.answer_out(self.game, d, answer)
        entry: DecisionEntry = {
            "kind": _DECISION_KINDS[d.kind], "player": self.refs.player_alias(d.player), "answer": out
        }
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


def drive(case: Case, choose: Chooser) -> tuple[Case, Observation, DrivenScript]:
    """Run ``case`` answering decisions with ``choose``: (case with its decisions, observation, script)."""
    script = DrivenScript({**case, "decisions": []}, choose)
    observation = valid_observation(script.run())
    return {**case, "decisions": script.recorded}, observation, script
