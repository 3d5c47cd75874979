"""Spot checks of phase-python 0.103.0, driven directly (not through conformance/adapters).

Run (with the phase extra installed: pip install -e '.[phase]'):
    python docs/certification/spot_check_phase.py [1|2|3|4|5|6|7]
Checks 1-3 build a game of Vivien, Arkbow Ranger + two Grizzly Bears (alice, seat 0) against Unsummon
(bob, seat 1); checks 4-6 put other cards in alice's hand. Each uses phase's own Debug actions, then
plays the steps of one failing case by hand.
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
                            ("forest", "forest.json"),
                            ("snake of the golden grove", "snake-of-the-golden-grove.json"),
                            ("shock", "shock.json"),
                            ("mutant chain reaction", "mutant-chain-reaction.json"),
                            ("vampire hexmage", "vampire-hexmage.json")]}))


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


def debug_game(player, opponent):
    """A new game with Debug actions allowed, both hands kept, in alice's first main phase."""
    g = eng.new_game(player=player, opponent=opponent, seed=0, first_player=0)
    st = g.state()
    s = st["state"]
    s["debug_mode"] = True
    s["debug_permitted"] = [0, 1]
    s["format_config"]["allow_debug_actions"] = True
    g = eng.load_game(st)
    while not (g.waiting_for()["type"] == "Priority" and g.phase == "PreCombatMain"):
        w = g.waiting_for()
        if w["type"] == "MulliganDecision":
            keep = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
            g.apply(w["data"]["pending"][0]["player"], keep)
        else:
            g.apply(w["data"]["player"], {"type": "PassPriority"})
    return g


def new_game():
    g = debug_game(["Vivien, Arkbow Ranger", "Grizzly Bears", "Grizzly Bears"] + ["Forest"] * 37,
                   ["Unsummon"] + ["Forest"] * 39)
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


def hand_game(cards, mana):
    """A game in alice's first main phase with ``cards`` moved to her hand and ``mana`` in her pool."""
    g = debug_game(cards + ["Forest"] * (40 - len(cards)), ["Forest"] * 40)
    ids = []
    for k, o in sorted(g.state()["state"]["objects"].items(), key=lambda kv: int(kv[0])):
        if o["name"] != "Forest" and o["owner"] == 0:
            ids.append(int(k))
            g.apply(0, {"type": "Debug", "data": {"type": "MoveToZone", "data": {
                "object_id": int(k), "to_zone": "Hand"}}})
    g.apply(0, {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": mana}}})
    return g, ids


def cast(g, oid, note):
    card_id = g.object(oid).get("card_id", oid)
    act(g, 0, {"type": "CastSpell", "data": {"object_id": oid, "card_id": card_id, "targets": [],
                                             "payment_mode": {"type": "Auto"}}}, note)


def check4():
    """Snake of the Golden Grove, tribute not paid: does "if tribute wasn't paid, gain 4 life" trigger?"""
    g, (snake,) = hand_game(["Snake of the Golden Grove"], ["Green"] * 5)
    cast(g, snake, "cast Snake of the Golden Grove")
    for _ in range(10):
        w = g.waiting_for()
        print("   engine asks:", w["type"], json.dumps(w.get("data"))[:160])
        if w["type"] == "NamedChoice":
            act(g, 0, {"type": "ChooseOption", "data": {"choice": "1"}}, "alice chooses bob")
        elif w["type"] == "TributeChoice":
            act(g, 1, {"type": "DecideOptionalEffect", "data": {"accept": False}}, "bob declines tribute")
            break
        else:
            act(g, w["data"]["player"], {"type": "PassPriority"}, "pass")
    show(g, "after tribute declined")
    print("   alice's life:", g.state()["state"]["players"][0]["life"])


def check5():
    """Two Shocks at bob: two crimes. What is crimes_committed_this_turn?"""
    g, (s1, s2) = hand_game(["Shock", "Shock"], ["Red", "Red"])
    crimes = 0
    for oid in (s1, s2):
        cast(g, oid, "cast Shock")
        r = act(g, 0, {"type": "SelectTargets", "data": {"targets": [{"Player": 1}]}}, "Shock -> bob")
        crimes += sum(e["type"] == "CrimeCommitted" for e in r.events)
        while g.stack():
            act(g, g.waiting_for()["data"]["player"], {"type": "PassPriority"}, "pass")
    p = g.state()["state"]["players"]
    print(f"   CrimeCommitted events: {crimes}; crimes_committed_this_turn: "
          f"{p[0].get('crimes_committed_this_turn')}; bob's life: {p[1]['life']}")


def check6():
    """Mutant Chain Reaction with no target: what is the created Mutagen token called?"""
    g, (reaction,) = hand_game(["Mutant Chain Reaction"], ["Green"] * 3)
    cast(g, reaction, "cast Mutant Chain Reaction")
    if g.waiting_for()["type"] != "Priority":
        act(g, 0, {"type": "SelectTargets", "data": {"targets": []}}, "no target")
    while g.stack():
        act(g, g.waiting_for()["data"]["player"], {"type": "PassPriority"}, "pass")
    for k, o in g.state()["state"]["objects"].items():
        if o.get("is_token"):
            subtypes = o["card_types"].get("subtypes")
            print(f"   token #{k}: name={o['name']!r} subtypes={subtypes} zone={o['zone']}")


def check7():
    """Vampire Hexmage removes all counters from Vivien (5 loyalty, one +1/+1): does she always die?"""
    outcomes = []
    for _ in range(12):  # fresh games in one process: phase's hash maps are seeded anew each time
        g = debug_game(["Vampire Hexmage"] + ["Forest"] * 39, ["Vivien, Arkbow Ranger"] + ["Forest"] * 39)
        objs = g.state()["state"]["objects"]
        hexmage = next(int(k) for k, o in objs.items() if o["name"] == "Vampire Hexmage")
        viv = next(int(k) for k, o in objs.items() if o["name"] == "Vivien, Arkbow Ranger")

        def dbg(t, d, g=g):
            g.apply(0, {"type": "Debug", "data": {"type": t, "data": d}})
        for oid in (hexmage, viv):
            dbg("MoveToZone", {"object_id": oid, "to_zone": "Battlefield"})
            dbg("SetSummoningSickness", {"object_id": oid, "sick": False})
        dbg("SetController", {"object_id": viv, "controller": 1})
        # the counters as the adapter sets the case up
        dbg("ModifyCounters", {"object_id": viv, "counter_type": "loyalty", "delta": 5})
        dbg("ModifyCounters", {"object_id": viv, "counter_type": "P1P1", "delta": 1})
        idx = [i for i, a in enumerate(g.object(hexmage)["abilities"]) if a.get("kind") == "Activated"][0]
        g.apply(0, {"type": "ActivateAbility", "data": {"source_id": hexmage, "ability_index": idx}})
        if g.waiting_for()["type"] != "Priority":
            g.apply(0, {"type": "SelectTargets", "data": {"targets": [{"Object": viv}]}})
        removed = []
        while g.stack():
            r = g.apply(g.waiting_for()["data"]["player"], {"type": "PassPriority"})
            removed += [str(e.get("data", {}).get("counter_type")) for e in r.events
                        if e["type"] == "CounterRemoved"]
        o = g.state()["state"]["objects"][str(viv)]
        outcomes.append((o["zone"], tuple(removed)))
    for (zone, removed), n in sorted({x: outcomes.count(x) for x in outcomes}.items()):
        print(f"   {n:2d} of {len(outcomes)}: counters removed in the order {removed}; Vivien ends in {zone}")


if __name__ == "__main__":
    for n in sys.argv[1:] or ["1", "2", "3", "4", "5", "6", "7"]:
        print(f"\n===== check {n}: {globals()['check' + n].__doc__}")
        globals()["check" + n]()
