"""Fuzzing copies of permanents with counters (CR 707) and abilities on the stack as targets (CR 113.7a,
701.6a).

:func:`copy_with_counters_cases` draws creatures for both players, each with random counters (+1/+1 or
-1/-1, maybe a keyword counter) and maybe "This creature enters with N +1/+1 (or -1/-1) counters on it",
and a copy card of the catalogue cast by either player: Clone ("enter as a copy of any creature"),
Spark Double ("... of a creature you control, except it enters with an additional +1/+1 counter") or
Cackling Counterpart ("create a token that's a copy of target creature you control"). Expected, worked
out here from the rules:

* CR 707.2: counters are not copiable values: the copy has none of the original's counters (nor the
  keyword a keyword counter gives it, 122.1b), and the original keeps all of its own;
* CR 707.5, 614.1c: the copy enters with the counters of the copied card's "enters with" replacement
  (a token copy too, 111.4); CR 707.9e: Spark Double's additional +1/+1 counter; CR 704.5q: +1/+1 and
  -1/-1 counters on it annihilate; its power and toughness are the printed ones plus its counters.

:func:`ability_target_cases` draws a permanent of either player whose ability puts a +1/+1 counter: a
creature's "When this creature enters" trigger (it is cast), or an artifact's "{T}[, Sacrifice this
artifact]: Put a +1/+1 counter on target creature" (the source maybe gone as a cost); the player with
priority may first activate a mana ability; then Stifle, Disallow or Tale's End of either player
targets the ability ({"ability_of": source}). Expected:

* CR 113.1c, 115.1: an activated or triggered ability on the stack is a legal target; CR 605.3b: a
  mana ability never is (not offered);
* CR 701.6a, 608.2b: the countered ability is removed from the stack and its effect doesn't happen;
  CR 113.7a: its source is left alone (and it didn't need it);
* CR 700.13: casting the counterspell is a crime iff the ability's controller is an opponent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

from hypothesis import strategies as st

from conformance.documents import (
    Action,
    Card,
    Case,
    DecisionEntry,
    Expect,
    Feature,
    FindExpect,
    JSONObject,
    ObjectExpect,
    Permanent,
    PlayerExpect,
    SetupPlayer,
)
from conformance.fuzz.cardgen import card
from conformance.fuzz.choices import BOOLEANS, integers, sampled
from conformance.fuzz.strategies import Draw, make_case

CARDS_DIR = Path(__file__).resolve().parents[2] / "suites" / "cards"
COPIERS = {"clone": "Clone", "double": "Spark Double", "counterpart": "Cackling Counterpart"}
COUNTERS = {"stifle": "Stifle", "disallow": "Disallow", "tales": "Tale's End"}
KEYWORD_COUNTERS = {"flying": "Flying", "deathtouch": "Deathtouch", "vigilance": "Vigilance"}
WORDS = {1: "a", 2: "two", 3: "three"}


def catalogue(name: str) -> Card:
    """A card of the catalogue (suites/cards), embedded in the case as it stands."""
    slug = name.lower().replace("'", "").replace(" ", "-")
    return cast(Card, json.loads((CARDS_DIR / f"{slug}.json").read_text()))


def counter_creature(power: int, toughness: int, kind: str, n: int) -> Card:
    """A creature, maybe with "This creature enters with n <kind> counters on it" (CR 614.1c)."""
    name = f"Fuzz Creature {power}-{toughness}"
    if not n:
        return card(name, ["Creature"], [], cost="{1}", power=power, toughness=toughness)
    ability: JSONObject = {"kind": "replacement", "replacement": {"event": "enters", "counters": {kind: n}}}
    c = card(f"{name} enters with {n} {kind}", ["Creature"], [ability], cost="{1}", power=power,
             toughness=toughness)
    c["text"] = f"This creature enters with {WORDS[n]} {kind} counter{'s' if n > 1 else ''} on it."
    return c


def net(counters: dict[str, int]) -> dict[str, int]:
    """CR 704.5q: +1/+1 and -1/-1 counters on one permanent annihilate; kinds at 0 aren't listed."""
    out = dict(counters)
    gone = min(out.get("+1/+1", 0), out.get("-1/-1", 0))
    for k in ("+1/+1", "-1/-1"):
        if k in out:
            out[k] -= gone
    return {k: v for k, v in out.items() if v}


def pt(power: int, toughness: int, counters: dict[str, int]) -> tuple[int, int]:
    """CR 613.4c: printed power and toughness plus its +1/+1 and minus its -1/-1 counters."""
    d = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
    return power + d, toughness + d


@st.composite
def copy_with_counters_cases(draw: Draw) -> Case:
    """See the module docstring."""
    cards: dict[str, Card] = {}
    players: list[SetupPlayer] = [{"alias": "alice"}, {"alias": "bob"}]
    # alias -> (controller, card, power, toughness, its counters, its "enters with" counters)
    creatures: dict[str, tuple[str, Card, int, int, dict[str, int], dict[str, int]]] = {}
    for p in players:
        bf: list[Permanent] = []
        for k in range(draw(integers(0 if p["alias"] == "bob" else 1, 2))):
            power, toughness = draw(integers(0, 3)), draw(integers(1, 4))
            kind = draw(sampled(["+1/+1", "-1/-1"]))
            # its own counters (setup): +1/+1 or -1/-1 short of killing it, maybe a keyword counter
            n = draw(integers(0, 3 if kind == "+1/+1" else toughness - 1))
            have = {kind: n} if n else {}
            if draw(BOOLEANS):
                have[draw(sampled(sorted(KEYWORD_COUNTERS)))] = 1
            ekind = draw(sampled(["+1/+1", "-1/-1"]))
            en = draw(integers(0, 2 if ekind == "+1/+1" else min(2, toughness)))  # a copy may die
            c = counter_creature(power, toughness, ekind, en)
            cards[c["name"]] = c
            alias = f"{p['alias'][0]}c{k}"
            entry: Permanent = {"alias": alias, "card": c["name"]}
            if have:
                entry["counters"] = have
            bf.append(entry)
            creatures[alias] = (p["alias"], c, power, toughness, have, {ekind: en} if en else {})
        p["battlefield"] = bf
    original = draw(sampled(sorted(creatures)))
    owner, copied, power, toughness, have, entering = creatures[original]
    copier = draw(sampled(sorted(COPIERS)))
    # Spark Double and Cackling Counterpart copy only a creature you control: cast by its controller
    caster = draw(sampled(["alice", "bob"])) if copier == "clone" else owner
    source = catalogue(COPIERS[copier])
    cards[source["name"]] = source
    who = next(p for p in players if p["alias"] == caster)
    who["hand"] = [{"alias": "copier", "card": source["name"]}]
    who["mana_pool"] = {"U": 4}
    # a creature spell is cast in its controller's own main phase (CR 307.1): the caster's turn
    script: list[Action] = [{"action": "cast", "player": caster, "card": "copier"}, {"action": "resolve"}]
    choice: DecisionEntry = {"kind": "copy_of", "player": caster, "source": "copier", "answer": original}
    if copier == "counterpart":  # it targets (CR 115.1); Clone and Spark Double choose (707.5)
        choice = {"kind": "targets", "player": caster, "source": "copier", "answer": [original]}
    decisions: list[DecisionEntry] = [choice]
    extra = {"+1/+1": 1} if copier == "double" else {}  # CR 707.9e: it's a creature
    got = net({k: entering.get(k, 0) + extra.get(k, 0) for k in {*entering, *extra}})
    cp, ct = pt(power, toughness, got)
    objects: dict[str, ObjectExpect] = {}
    # the original: unchanged (its counters aren't taken, CR 707.2)
    op, ot = pt(power, toughness, have)
    mine: ObjectExpect = {"zone": "battlefield", "counters": have, "power": op, "toughness": ot}
    keywords = [KEYWORD_COUNTERS[k] for k in have if k in KEYWORD_COUNTERS]
    if keywords:
        mine["keywords"] = keywords
    objects[original] = mine
    alive = ct > 0  # CR 704.5f
    copy_expect: ObjectExpect = (
        {"zone": "battlefield", "counters": got, "power": cp, "toughness": ct, "controller": caster,
         "not_keywords": sorted(KEYWORD_COUNTERS.values())} if alive else {"zone": "graveyard"})
    expect: Expect = {"objects": objects}
    if copier == "counterpart":
        objects["copier"] = {"zone": "graveyard"}
        # a token that dies ceases to exist (CR 704.5d, 111.7): none is found
        find: FindExpect = {"query": {"name": copied["name"], "token": True}, "count": 1 if alive else 0}
        if alive:
            find["each"] = copy_expect
        expect["find"] = [find]
    else:
        objects["copier"] = copy_expect
    case = make_case(
        "counters",
        "copies-enter-without-the-originals-counters",
        ["707.2", "707.5", "614.1c", "707.9e", "704.5q"],
        ["enter-as-copy", "counters", "enters-with-counters", "replacement-effects"],
        "A copy has none of the original's counters, which keeps them; it enters with those of the copied "
        "card's 'enters with' ability and the copy's exceptions",
        cards,
        players,
        script,
        decisions,
        expect,
        notes=f"{caster}'s {COPIERS[copier]} copies {owner}'s {original} with counters {have}",
    )
    case["setup"]["active_player"] = caster
    return case


def _ability_source(kind: str) -> Card:
    """A permanent whose ability puts a +1/+1 counter: an enters trigger, or a {T} ability."""
    put: JSONObject = {"do": "put_counters", "counter": "+1/+1", "amount": 1}
    if kind == "trigger":
        c = card("Fuzz Sprout", ["Creature"], [], cost="{G}", power=1, toughness=1)
        c["abilities"] = [{"kind": "triggered", "trigger": {"on": "enters", "what": "self"},
                           "effects": [{**put, "to": "self"}]}]
        c["text"] = "When this creature enters, put a +1/+1 counter on it."
        return c
    sac = kind == "sacrifice"
    c = card(f"Fuzz Totem{' sacrifice' if sac else ''}", ["Artifact"], [], cost="{1}")
    cost: JSONObject = {"tap": True, "sacrifice_self": True} if sac else {"tap": True}
    c["abilities"] = [{"kind": "activated", "cost": cost, "targets": [{"filter": {"types": ["Creature"]}}],
                       "effects": [{**put, "to": {"target": 0}}]}]
    c["text"] = f"{{T}}{', Sacrifice this artifact' if sac else ''}: Put a +1/+1 counter on target creature."
    return c


@st.composite
def ability_target_cases(draw: Draw) -> Case:
    """See the module docstring."""
    cards: dict[str, Card] = {}
    players: list[SetupPlayer] = [{"alias": "alice"}, {"alias": "bob"}]
    controller = draw(sampled(["alice", "bob"]))  # the ability's
    kind = draw(sampled(["trigger", "tap", "sacrifice"]))
    counter = draw(sampled(sorted(COUNTERS)))
    caster = draw(sampled(["alice", "bob"]))  # the counterspell's
    src = _ability_source(kind)
    mate = card("Fuzz Creature 2-2", ["Creature"], [], cost="{1}", power=2, toughness=2)
    spell = catalogue(COUNTERS[counter])
    for c in (src, mate, spell):
        cards[c["name"]] = c
    ctl = next(p for p in players if p["alias"] == controller)
    opp = next(p for p in players if p["alias"] != controller)
    ctl["battlefield"] = [{"alias": "mate", "card": mate["name"]}]
    opp["battlefield"] = [{"alias": "other", "card": mate["name"]}]
    target = draw(sampled(["mate", "other"]))  # the activated ability's target
    script: list[Action] = []  # in the ability's controller's turn (a creature is cast at sorcery speed)
    decisions: list[DecisionEntry] = []
    if kind == "trigger":
        ctl["hand"] = [{"alias": "source", "card": src["name"]}]
        ctl["mana_pool"] = {"G": 1}
        script += [{"action": "cast", "player": controller, "card": "source"}, {"action": "resolve"}]
        holder = controller  # the active player receives priority after a resolution (CR 117.3b)
    else:
        ctl["battlefield"].append({"alias": "source", "card": src["name"]})
        script.append({"action": "activate", "player": controller, "source": "source", "ability": 0})
        decisions.append({"kind": "targets", "player": controller, "source": "source", "answer": [target]})
        holder = controller  # who activates keeps priority (CR 117.3c)
    rock = draw(BOOLEANS)  # a mana ability activated now: never on the stack (CR 605.3b)
    if rock:
        stone = card("Fuzz Stone", ["Artifact"], [], cost="{1}")
        stone["abilities"] = [{"kind": "activated", "cost": {"tap": True},
                               "effects": [{"do": "add_mana", "mana": "{C}"}]}]
        stone["text"] = "{T}: Add {C}."
        cards[stone["name"]] = stone
        next(p for p in players if p["alias"] == holder)["battlefield"].append(
            {"alias": "stone", "card": stone["name"]})
        script.append({"action": "activate", "player": holder, "source": "stone", "ability": 0})
    script += [{"action": "pass", "player": holder}] if caster != holder else []
    who = next(p for p in players if p["alias"] == caster)
    who.setdefault("hand", []).append({"alias": "counter", "card": spell["name"]})
    # exactly its cost, the stone's {C} paying its generic {1} if it's the caster's: no payment to choose
    by_stone = counter != "stifle" and rock and holder == caster
    blue = {"stifle": 1, "tales": 2, "disallow": 3}[counter] - by_stone
    who["mana_pool"] = {**who.get("mana_pool", {}), "U": blue}
    script += [{"action": "cast", "player": caster, "card": "counter"}, {"action": "resolve"}]
    choice: DecisionEntry = {"kind": "targets", "player": caster, "source": "counter",
                             "answer": [{"ability_of": "source"}]}
    if rock:
        choice["not_offered"] = [{"ability_of": "stone"}]
    decisions.append(choice)
    # CR 700.13: a crime each, targeting an ability an opponent controls, or an opponent's creature
    crimes = {"alice": 0, "bob": 0}
    crimes[caster] += caster != controller
    crimes[controller] += kind != "trigger" and target == "other"
    objects: dict[str, ObjectExpect] = {
        "mate": {"zone": "battlefield", "counters": {}},
        "other": {"zone": "battlefield", "counters": {}},
        "counter": {"zone": "graveyard"},
        # CR 113.7a: its source is left alone (a sacrificed one was paid as a cost, 602.2b)
        "source": ({"zone": "graveyard"} if kind == "sacrifice" else
                   {"zone": "battlefield", "counters": {}, "tapped": kind == "tap"}),
    }
    players_expect: dict[str, PlayerExpect] = {p: {"crimes_committed": n} for p, n in crimes.items()}
    expect: Expect = {
        "objects": objects,
        "players": players_expect,
        "stack": [],
        "events": {"include": [{"type": "countered", "source": "source", "kind": "ability"}],
                   "exclude": [{"type": "counters_put", "counter": "+1/+1"}]},
    }
    features: list[Feature] = ["target-abilities", "targets", "crime", "counters"]
    features += ["triggered-abilities"] if kind == "trigger" else []
    features += ["sacrifice"] if kind == "sacrifice" else []
    features += ["mana-abilities"] if rock else []
    case = make_case(
        "targeting",
        "countered-ability-does-nothing-its-source-stays",
        ["113.7a", "701.6a", "608.2b", "605.3b", "700.13"],
        features,
        "A countered activated or triggered ability does nothing and leaves its source alone; a mana "
        "ability is no target; targeting an opponent's ability is a crime",
        cards,
        players,
        script,
        decisions,
        expect,
        notes=f"{caster}'s {COUNTERS[counter]} counters {controller}'s {kind} ability",
    )
    case["setup"]["active_player"] = controller
    return case
