"""The phase adapter's projection (spec/README.md 2.1): phase's state in the spec's terms."""

from __future__ import annotations

from typing import Any

from conformance.adapters.common import counter_to_case, keyword_name
from conformance.adapters.phase.events import chain_targets, in_symbol_order
from conformance.adapters.phase.view import PhaseRunView
from conformance.adapters.phase.vocab import STEP_OF_PHASE, SYMBOL_OF_COLOR, attached_to
from conformance.documents import ObjectView, PlayerView, Projection, StackItem


def project(run: PhaseRunView) -> Projection:
    s = run.g.state()["state"]
    objects: list[ObjectView] = []
    for k in sorted(s["objects"], key=int):
        o = s["objects"][k]
        oid = int(k)
        zone = str(o.get("zone", "")).lower()
        if oid not in run.refs and zone in ("library", ""):
            continue
        objects.append(project_object(run, oid, o, zone))
    players: dict[str, PlayerView] = {}
    for seat, alias in enumerate(run.players):
        p = s["players"][seat]
        counters = {"poison": p.get("poison_counters", 0), "energy": p.get("energy", 0)}
        for kind, n in (p.get("player_counters") or {}).items():
            counters[str(kind).lower()] = n
        pool: dict[str, int] = {}
        for unit in p["mana_pool"]["mana"]:
            sym = SYMBOL_OF_COLOR.get(unit.get("color"), "C")
            pool[sym] = pool.get(sym, 0) + 1
        players[alias] = {
            "life": p["life"], "counters": {k: v for k, v in counters.items() if v},
            "mana_pool": in_symbol_order(pool), "crimes_committed": p.get("crimes_committed_this_turn", 0),
            "hand_size": len(p["hand"]), "library_size": len(p["library"]),
            "graveyard_size": len(p["graveyard"]),
            "lost": bool(p.get("is_eliminated"))
            or p.get("status", {}).get("type") not in (None, "Active"),
        }
    stack: list[StackItem] = []
    for e in reversed(run.g.stack()):  # spec: top first; phase lists bottom first
        ability = (e["kind"].get("data") or {}).get("ability") or {}
        stack.append({
            "kind": "spell" if e["kind"]["type"] == "Spell" else "ability",
            "source": run.ref_of(e["source_id"]), "controller": run.player_of(e["controller"]),
            "targets": [run.target_option(t) for t in chain_targets(ability)],
        })
    w = run.waiting()
    prio = w["data"].get("player") if w.get("type") == "Priority" else None
    return {
        "turn": s["turn_number"], "active_player": run.player_of(s["active_player"]),
        "step": STEP_OF_PHASE.get(s["phase"], str(s["phase"])), "priority": run.player_of(prio),
        "players": players, "objects": objects, "stack": stack,
    }

def project_object(run: PhaseRunView, oid: int, o: dict[str, Any], zone: str) -> ObjectView:
    counters = {counter_to_case(str(k)): n for k, n in (o.get("counters") or {}).items() if n}
    creature = "Creature" in ((o.get("card_types") or {}).get("core_types") or [])
    loyalty = o.get("loyalty")
    if loyalty is None and "loyalty" in counters and zone == "battlefield":
        loyalty = counters["loyalty"]
    return {
        "ref": run.ref_of(oid), "name": o.get("name"), "zone": zone,
        "owner": run.player_of(o.get("owner")), "controller": run.player_of(o.get("controller")),
        "token": bool(o.get("is_token", False)), "tapped": bool(o.get("tapped", False)),
        "counters": counters,
        "power": o.get("power") if creature else None,
        "toughness": o.get("toughness") if creature else None,
        "loyalty": loyalty, "damage": o.get("damage_marked", 0) if zone == "battlefield" else 0,
        "attached_to": attached_to(run, o) if zone == "battlefield" else None,
        "keywords": [keyword_name(k) for k in o.get("keywords") or []],
        # phase's PhaseStatus (CR 702.26b): absent or PhasedIn, or {"status": "PhasedOut", "cause": ...}
        "phased_out": zone == "battlefield" and (o.get("phase_status") or {}).get("status") == "PhasedOut",
    }
