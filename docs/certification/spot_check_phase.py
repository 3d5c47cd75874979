"""Spot checks of phase-python 0.103.0, driven directly (not through conformance/adapters).

Run: /work/venv-3p/bin/python docs/certification/spot_check_phase.py [1|2|3]
Builds a game of Vivien, Arkbow Ranger + two Grizzly Bears (alice, seat 0) against Unsummon (bob, seat 1)
using phase's own Debug actions, then plays the steps of one failing case by hand.
"""
import json
import sys
from pathlib import Path

import phase

FIELDS = ("name", "manaCost", "manaValue", "type", "types", "subtypes", "supertypes", "keywords", "text",
          "power", "toughness", "loyalty", "colors", "colorIdentity", "layout")
CARDS = Path(__file__).resolve().parents[2] / "suites" / "cards"


def face(fn):
    c = {k: v for k, v in json.loads((CARDS / fn).read_text()).items() if k in FIELDS}
    c.setdefault("identifiers", {})
    for k in ("types", "subtypes", "supertypes", "colorIdentity"):
        c[k] = c.get(k) or []
    return phase.build_oracle_face(c, None)


eng = phase.Engine.from_json(json.dumps({
    n: face(f) for n, f in [("vivien, arkbow ranger", "vivien-arkbow-ranger.json"),
                            ("grizzly bears", "grizzly-bears.json"), ("unsummon", "unsummon.json"),
                            ("forest", "forest.json")]}))


def show(g, label):
    st = g.state()["state"]
    objs = {int(k): o for k, o in st["objects"].items()}
    print(f"-- {label}: phase={g.phase} waiting_for={g.waiting_for()['type']}",
          "priority:", g.waiting_for().get("data", {}).get("player"))
    print("   stack (as g.stack() lists it):",
          [(e["id"], e["kind"]["type"], objs[e["source_id"]]["name"]) for e in g.stack()])
    for k, o in objs.items():
        if o["zone"] in ("Battlefield", "Hand", "Graveyard") and o["name"] != "Forest":
            print(f"   {o['name']}#{k} {o['zone']} P/T={o.get('power')}/{o.get('toughness')} "
                  f"counters={o.get('counters')} loyalty={o.get('loyalty')} kw={o.get('keywords')}")


def act(g, seat, action, note):
    r = g.apply(seat, action)
    print(f">> seat {seat} {action['type']} ({note}): events",
          [e["type"] for e in r.events])
    return r


def new_game():
    g = eng.new_game(player=["Vivien, Arkbow Ranger", "Grizzly Bears", "Grizzly Bears"] + ["Forest"] * 37,
                     opponent=["Unsummon"] + ["Forest"] * 39, seed=0, first_player=0)
    st = g.state()
    s = st["state"]
    s["debug_mode"] = True
    s["debug_permitted"] = [0, 1]
    s["format_config"]["allow_debug_actions"] = True
    g = eng.load_game(st)
    while True:
        w = g.waiting_for()
        if w["type"] == "MulliganDecision":
            keep = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
            g.apply(w["data"]["pending"][0]["player"], keep)
        elif w["type"] == "Priority" and g.phase == "PreCombatMain":
            break
        else:
            g.apply(w["data"]["player"], {"type": "PassPriority"})
    objs = g.state()["state"]["objects"]
    ids = {}
    for k, o in sorted(objs.items(), key=lambda kv: int(kv[0])):
        if o["name"] != "Forest":
            ids.setdefault(o["name"], []).append(int(k))

    def dbg(t, d):
        return g.apply(0, {"type": "Debug", "data": {"type": t, "data": d}})

    viv, (b1, b2), uns = ids["Vivien, Arkbow Ranger"][0], ids["Grizzly Bears"], ids["Unsummon"][0]
    for oid in (viv, b1, b2):
        dbg("MoveToZone", {"object_id": oid, "to_zone": "Battlefield"})
        dbg("SetSummoningSickness", {"object_id": oid, "sick": False})
    dbg("MoveToZone", {"object_id": uns, "to_zone": "Hand"})
    dbg("AddMana", {"player_id": 1, "mana": ["Blue"]})
    print(f"ids: vivien={viv} bear1={b1} bear2={b2} unsummon={uns}")
    return g, viv, b1, b2, uns


def vivien_plus1(g, viv, targets):
    idx = [i for i, a in enumerate(g.object(viv)["abilities"]) if a.get("kind") == "Activated"][0]
    act(g, 0, {"type": "ActivateAbility", "data": {"source_id": viv, "ability_index": idx}}, "Vivien +1")
    w = g.waiting_for()
    print("   engine asks:", w["type"])
    select = {"type": "SelectTargets", "data": {"targets": [{"Object": t} for t in targets]}}
    act(g, 0, select, f"targets {targets}")
    w = g.waiting_for()
    print("   engine asks next:", w["type"], json.dumps(w.get("data"))[:300])


def check1():
    """Unsummon in response to Vivien +1: which end of g.stack() is the top?"""
    g, viv, b1, b2, uns = new_game()
    vivien_plus1(g, viv, [b1, b2])
    act(g, 0, {"type": "PassPriority"}, "alice passes")
    act(g, 1, {"type": "CastSpell", "data": {"object_id": uns, "card_id": g.object(uns).get("card_id", uns),
                                             "targets": [], "payment_mode": {"type": "Auto"}}},
        "cast Unsummon")
    w = g.waiting_for()
    print("   engine asks:", w["type"])
    if w["type"] != "Priority":
        act(g, 1, {"type": "SelectTargets", "data": {"targets": [{"Object": b2}]}}, "Unsummon -> bear2")
    show(g, "Unsummon cast above Vivien's +1")
    while g.stack():
        w = g.waiting_for()
        if w["type"] != "Priority":
            print("   engine asks", w["type"])
            break
        act(g, w["data"]["player"], {"type": "PassPriority"}, "pass")
        show(g, "after pass")


def check2():
    """Vivien +1 on two bears: is a division ever asked for, and where do the counters go?"""
    g, viv, b1, b2, uns = new_game()
    vivien_plus1(g, viv, [b1, b2])
    act(g, 0, {"type": "PassPriority"}, "alice passes")
    act(g, 1, {"type": "PassPriority"}, "bob passes")
    show(g, "after Vivien +1 resolved")


def check3():
    """Vivien +1 on two bears answered with {bear1: 2, bear2: 0} (601.2d: illegal division)."""
    g, viv, b1, b2, uns = new_game()
    vivien_plus1(g, viv, [b1, b2])
    try:
        distribution = [[{"Object": b1}, 2], [{"Object": b2}, 0]]
        act(g, 0, {"type": "DistributeAmong", "data": {"distribution": distribution}}, "distribution 2/0")
    except ValueError as exc:
        print("   phase refused DistributeAmong:", exc)
    show(g, "after trying to divide 2/0")


if __name__ == "__main__":
    for n in sys.argv[1:] or ["1", "2", "3"]:
        print(f"\n===== check {n}: {globals()['check' + n].__doc__}")
        globals()["check" + n]()
