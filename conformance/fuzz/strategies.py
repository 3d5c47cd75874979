"""Hypothesis strategies for rules-legal conformance CASES (spec/case.schema.json), for fuzzing engines.

Public: engine authors can reuse them. Each strategy draws a complete case: ``cards`` (generated,
with Oracle-like text), ``setup``, ``script``, ``decisions`` and, where the invariant decides the
outcome, an ``expect`` computed by a small independent oracle (so the case is a permanent conformance
case as it stands). Areas:

* counters: :func:`proliferate_cases` (CR 701.34a), :func:`counter_event_cases` (+N / xN / "enters
  with" replacement effects controlled by either player in a chosen order, CR 616.1; +1/+1 vs -1/-1,
  CR 704.5q; X costs, CR 107.3);
* mana: :func:`mana_cases` (mana abilities of every kind, could-produce chains and loops, undefined
  types, produce-mana replacement effects and tapped-for-mana triggers; decisions are left to the
  driver, :func:`conformance.fuzz.roundtrip.drive`), :func:`extra_lands` for the monotonicity of CR 106.7;
* targeting: :func:`targeting_cases` (one to several targets, "up to", distribution; targets made
  illegal in response by bounce, sacrifice, protection or hexproof, CR 608.2b; crimes, CR 700.13).
"""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import strategies as st

from conformance.documents import (
    Action,
    Card,
    Case,
    DecisionEntry,
    EventPattern,
    Expect,
    Feature,
    FuzzArea,
    JSONObject,
    JSONValue,
    ObjectExpect,
    Permanent,
    PlayerExpect,
    SetupPlayer,
    Zone,
)
from conformance.fuzz.cardgen import card
from conformance.fuzz.choices import BOOLEANS, integers, sampled, subsets

PLAYERS = ("alice", "bob", "carol")
OBJECT_KINDS = ("charge", "oil", "lore", "flying")
PLAYER_KINDS = ("poison", "energy", "experience")
Draw = st.DrawFn


def make_case(
    area: FuzzArea,
    invariant: str,
    rules: list[str],
    features: list[Feature],
    title: str,
    cards: Mapping[str, Card],
    players: list[SetupPlayer],
    script: list[Action],
    decisions: list[DecisionEntry],
    expect: Expect,
    notes: str | None = None,
) -> Case:
    case: Case = {
        "id": f"fuzz-{area}-{invariant}",
        "title": title,
        "origin": {"kind": "fuzz", "area": area, "invariant": invariant},
        "rules": rules,
        "features": sorted(set(features)),
        "level": "rules",
        "cards": [cards[n] for n in sorted(cards)],
        "setup": {"players": players},
        "script": script,
        "decisions": decisions,
        "expect": expect,
    }
    if notes:
        case["notes"] = notes
    return case


def creature(p: int, t: int) -> Card:
    return card(f"Fuzz Creature {p}-{t}", ["Creature"], [], cost="{1}", power=p, toughness=t)


def relic() -> Card:
    return card("Fuzz Relic", ["Artifact"], [], cost="{1}")


def _object_counters(draw: Draw, toughness: int | None) -> dict[str, int]:
    out: dict[str, int] = {}
    pt = draw(sampled(["", "+1/+1", "-1/-1"]))
    if pt == "-1/-1" and toughness is not None and toughness <= 1:
        pt = ""
    if pt:
        top = 3 if pt == "+1/+1" or toughness is None else min(3, toughness - 1)
        out[pt] = draw(integers(1, top))
    for kind in draw(subsets(OBJECT_KINDS, max_size=2)):
        out[kind] = draw(integers(1, 3))
    return out


def annihilate(counters: dict[str, int]) -> dict[str, int]:
    """CR 704.5q."""
    out = dict(counters)
    n = min(out.get("+1/+1", 0), out.get("-1/-1", 0))
    for k in ("+1/+1", "-1/-1"):
        if n:
            out[k] -= n
        if out.get(k) == 0:
            del out[k]
    return out


def pt_of(base: int, counters: Mapping[str, int]) -> int:
    return base + counters.get("+1/+1", 0) - counters.get("-1/-1", 0)


def _on_battlefield_view(counters: dict[str, int], toughness: int | None) -> ObjectExpect:
    """The expected object view after SBAs: a creature with toughness 0 or less dies (CR 704.5f)."""
    counters = annihilate(counters)
    if toughness is not None and pt_of(toughness, counters) <= 0:
        return {"zone": "graveyard", "counters": {}}
    return {"zone": "battlefield", "counters": counters}


# -- counters --------------------------------------------------------------------------------------
@st.composite
def proliferate_cases(draw: Draw) -> Case:
    """Permanents and players with several counter kinds; alice proliferates, choosing a subset."""
    n_players = draw(integers(2, 3))
    cards: dict[str, Card] = {}
    players: list[SetupPlayer] = []
    options: list[str] = []
    after: dict[str, tuple[dict[str, int], int | None]] = {}
    player_after: dict[str, dict[str, int]] = {}
    for pi in range(n_players):
        alias = PLAYERS[pi]
        pc = {
            k: draw(integers(1, 3))
            for k in draw(subsets(PLAYER_KINDS, max_size=2))
        }
        p: SetupPlayer = {"alias": alias}
        if pc:
            p["counters"] = pc
            options.append(alias)
        player_after[alias] = pc
        battlefield: list[Permanent] = []
        for k in range(draw(integers(0, 3))):
            a = f"{alias[0]}{k}"
            if draw(BOOLEANS):
                pw, t = draw(integers(0, 4)), draw(integers(1, 4))
                c = creature(pw, t)
                tough: int | None = t
            else:
                c, tough = relic(), None
            cards[c["name"]] = c
            counters = _object_counters(draw, tough)
            entry: Permanent = {"alias": a, "card": c["name"]}
            if counters:
                entry["counters"] = counters
                options.append(a)
            battlefield.append(entry)
            after[a] = (counters, tough)
        if battlefield:
            p["battlefield"] = battlefield
        players.append(p)
    spell = card(
        "Fuzz Proliferate", ["Sorcery"], [{"kind": "spell", "effects": [{"do": "proliferate"}]}], cost="{U}"
    )
    cards[spell["name"]] = spell
    players[0]["hand"] = [{"alias": "prolif", "card": spell["name"]}]
    players[0]["mana_pool"] = {"U": 1}
    chosen = draw(subsets(options)) if options else []
    objects: dict[str, ObjectExpect] = {"prolif": {"zone": "graveyard"}}
    for a, (counters, tough) in after.items():
        new = {k: n + 1 for k, n in counters.items()} if a in chosen else dict(counters)
        objects[a] = _on_battlefield_view(new, tough)
    expect_players: dict[str, PlayerExpect] = {
        a: {"counters": ({k: n + 1 for k, n in c.items()} if a in chosen else c)}
        for a, c in player_after.items()
    }
    decisions: list[DecisionEntry] = (
        [{"kind": "proliferate", "player": "alice", "answer": chosen}] if options else []
    )
    return make_case(
        "counters",
        "proliferate-one-more-of-each-kind",
        ["701.34a", "704.5q"],
        ["proliferate", "counters", "player-counters", "state-based-actions"],
        "Proliferate gives each chosen permanent and player one more counter of each kind it has",
        cards,
        players,
        [{"action": "cast", "player": "alice", "card": "prolif"}, {"action": "resolve"}],
        decisions,
        {"objects": objects, "players": expect_players},
    )


def _relation_ok(rel: str, controller: str, affected: str) -> bool:
    return rel == "any" or (rel == "you") == (controller == affected)


@st.composite
def counter_event_cases(draw: Draw) -> Case:
    """Counters put on one creature (by a spell, X or fixed, or as it enters) through several counter
    replacement effects controlled by either player, applied in a drawn order (CR 616.1)."""
    mode = draw(sampled(["spell", "enters"]))
    kind = draw(sampled(["+1/+1", "-1/-1", "charge"]))
    t = draw(integers(1, 4))
    power = draw(integers(0, 3))
    body = creature(power, t)
    cards: dict[str, Card] = {}
    alice: SetupPlayer = {"alias": "alice"}
    bob: SetupPlayer = {"alias": "bob"}
    by_alias = {"alice": alice, "bob": bob}
    script: list[Action] = []
    decisions: list[DecisionEntry] = []
    features: list[Feature] = [
        "counters", "counter-replacement", "replacement-effects", "state-based-actions"
    ]
    if mode == "spell":
        owner = draw(sampled(["alice", "bob"]))
        start = _object_counters(draw, t)
        cards[body["name"]] = body
        entry: Permanent = {"alias": "target", "card": body["name"]}
        if start:
            entry["counters"] = start
        by_alias[owner].setdefault("battlefield", []).append(entry)
        use_x = draw(BOOLEANS)
        amount: int | str = "X" if use_x else draw(integers(1, 3))
        spell = card(
            f"Fuzz Growth {kind}",
            ["Instant"],
            [
                {
                    "kind": "spell",
                    "targets": [{"filter": {"types": ["Creature"]}}],
                    "effects": [
                        {"do": "put_counters", "counter": kind, "amount": amount, "to": {"target": 0}}
                    ],
                }
            ],
            cost="{X}{G}" if use_x else "{G}",
        )
        cards[spell["name"]] = spell
        alice["hand"] = [{"alias": "growth", "card": spell["name"]}]
        if use_x:
            x_value = draw(integers(0, 3))
            alice["mana_pool"] = {"G": 1, **({"C": x_value} if x_value else {})}
            decisions.append({"kind": "x", "player": "alice", "answer": x_value})
            features.append("x-costs")
            n = x_value
        else:
            alice["mana_pool"] = {"G": 1}
            n = int(amount)
        decisions.append({"kind": "targets", "player": "alice", "source": "growth", "answer": ["target"]})
        script = [{"action": "cast", "player": "alice", "card": "growth"}, {"action": "resolve"}]
        affected = owner
        features.append("targets")
        if owner == "bob":
            features.append("crime")
    else:
        n = draw(integers(1, 3))
        entering = card(
            f"Fuzz Entering {kind}",
            ["Creature"],
            [{"kind": "replacement", "replacement": {"event": "enters", "counters": {kind: n}}}],
            cost="{G}",
            power=power,
            toughness=t,
        )
        cards[entering["name"]] = entering
        alice["hand"] = [{"alias": "target", "card": entering["name"]}]
        alice["mana_pool"] = {"G": 1}
        script = [{"action": "cast", "player": "alice", "card": "target"}, {"action": "resolve"}]
        start = {}
        affected = "alice"
        features.append("enters-with-counters")
    # each applicable effect: its alias, and what it does to n: (times, plus, half)
    applicable: list[tuple[str, tuple[int, int, bool]]] = []
    for i in range(draw(integers(0, 4))):
        controller = draw(sampled(["alice", "bob"]))
        rel = draw(sampled(["you", "opponent", "any"]))
        only = draw(sampled([None, "+1/+1", kind]))
        spec: JSONObject = {
            "event": "put_counters",
            "affects": {"types": ["Creature"], "controller": rel},
        }
        if only:
            spec["counter"] = only
        how = draw(sampled(["plus", "times", "half"]))
        times, plus, half = 1, 0, False
        if how == "plus":
            plus = spec["plus"] = draw(integers(1, 2))
        elif how == "times":
            times = spec["times"] = draw(integers(2, 3))
        else:
            half = spec["half"] = True
        by = draw(sampled([None, "you", "opponent"]))  # "if you / an opponent would put" (122.6a)
        if by:
            spec["by"] = by
        ench = card(
            f"Fuzz Scales {i}", ["Enchantment"], [{"kind": "replacement", "replacement": spec}], cost="{G}"
        )
        cards[ench["name"]] = ench
        by_alias[controller].setdefault("battlefield", []).append(
            {"alias": f"scales{i}", "card": ench["name"]}
        )
        putter = "alice"  # her spell, or the controller of the entering creature (CR 122.6a)
        if (_relation_ok(rel, controller, affected) and only in (None, kind)
                and (by is None or _relation_ok(by, controller, putter))):
            applicable.append((f"scales{i}", (times, plus, half)))
    order = draw(st.permutations(applicable))
    # CR 616.1: the affected player picks among the effects that still apply; once none would be put
    # (half of one, rounded down), none applies any more
    for step, (alias, (times, plus, half)) in enumerate(order):
        if n <= 0:
            break
        if len(order) - step > 1:
            decisions.append({"kind": "replacement_effect", "player": affected, "answer": alias})
        n = n * times + plus
        n = n // 2 if half else n
    final = dict(start)
    if n > 0:
        final[kind] = final.get(kind, 0) + n
    expect: Expect = {
        "objects": {"target": _on_battlefield_view(final, t)},
        "players": {"alice": {"crimes_committed": 1 if affected == "bob" and mode == "spell" else 0}},
    }
    return make_case(
        "counters",
        "counter-replacement-order",
        ["616.1", "704.5q", "122.6"],
        features,
        "Counter replacement effects apply in the order the affected player chooses",
        cards,
        [alice, bob],
        script,
        decisions,
        expect,
        notes=f"order chosen: {[a for a, _ in order]}",
    )


# -- mana ------------------------------------------------------------------------------------------
def _tap_ability(effect: JSONValue) -> JSONObject:
    return {"kind": "activated", "cost": {"tap": True}, "effects": [effect]}


MANA_LANDS: dict[str, Card] = {
    **{
        f"Fuzz Land {c}": card(
            f"Fuzz Land {c}", ["Land"], [_tap_ability({"do": "add_mana", "mana": f"{{{c}}}"})]
        )
        for c in "WUBRGC"
    },
    "Fuzz Land CC": card("Fuzz Land CC", ["Land"], [_tap_ability({"do": "add_mana", "mana": "{C}{C}"})]),
    "Fuzz Prism": card("Fuzz Prism", ["Land"], [_tap_ability({"do": "add_mana_any_color"})]),
    "Fuzz Pool": card(
        "Fuzz Pool", ["Land"], [_tap_ability({"do": "add_mana_could_produce", "lands": "you"})]
    ),
    "Fuzz Orchard": card(
        "Fuzz Orchard",
        ["Land"],
        [_tap_ability({"do": "add_mana_could_produce", "lands": "opponents", "of": "color"})],
    ),
}
MANA_OTHERS: dict[str, Card] = {
    "Fuzz Reflection": card(
        "Fuzz Reflection",
        ["Enchantment"],
        [{"kind": "replacement", "replacement": {"event": "produce_mana", "times": 2, "tapped_by": "you"}}],
        cost="{G}",
    ),
    "Fuzz Drain": card(
        "Fuzz Drain",
        ["Enchantment"],
        [
            {
                "kind": "replacement",
                "replacement": {"event": "produce_mana", "produce": "C", "affects": {"types": ["Land"]}},
            }
        ],
        cost="{B}",
    ),
    "Fuzz Heartbeat": card(
        "Fuzz Heartbeat",
        ["Enchantment"],
        [
            {
                "kind": "triggered",
                "trigger": {"on": "tapped_for_mana", "what": {"types": ["Land"]}},
                "effects": [{"do": "add_mana_produced_type", "player": "that_player"}],
            }
        ],
        cost="{G}",
    ),
}
LAND_NAMES = sorted(MANA_LANDS)
COULD_PRODUCE_LANDS = ("Fuzz Pool", "Fuzz Orchard")


@st.composite
def mana_cases(draw: Draw) -> Case:
    """Lands (fixed, any colour, could-produce chains and loops) for both players, maybe produce-mana
    replacement effects and tapped-for-mana triggers; alice taps a subset of her lands in some order.
    Decisions (mana_color) are answered by the driver, so the case has none yet."""
    land = sampled(LAND_NAMES)
    weighted = st.one_of(land, sampled(COULD_PRODUCE_LANDS))
    cards: dict[str, Card] = {}
    players: list[SetupPlayer] = []
    for alias in ("alice", "bob"):
        names = draw(
            st.lists(weighted, min_size=0 if alias == "bob" else 1, max_size=4 if alias == "alice" else 3)
        )
        bf: list[Permanent] = [{"alias": f"{alias[0]}land{i}", "card": n} for i, n in enumerate(names)]
        for n in names:
            cards[n] = MANA_LANDS[n]
        for other in draw(subsets(sorted(MANA_OTHERS), max_size=2)):
            cards[other] = MANA_OTHERS[other]
            bf.append({"alias": f"{alias[0]}{other.split()[-1].lower()}", "card": other})
        p: SetupPlayer = {"alias": alias, "battlefield": bf}
        pool = {
            c: draw(integers(0, 2))
            for c in draw(subsets("WUBRGC", max_size=2))
        }
        if any(pool.values()):
            p["mana_pool"] = {k: v for k, v in pool.items() if v}
        players.append(p)
    alice_lands = [e["alias"] for e in players[0]["battlefield"] if e["card"] in MANA_LANDS]
    tapped = draw(subsets(alice_lands, min_size=1)) if alice_lands else []
    script: list[Action] = [
        {"action": "activate", "player": "alice", "source": a, "ability": 0} for a in tapped
    ]
    features: list[Feature] = ["mana", "mana-abilities", "could-produce", "tap-symbol"]
    if any(n in cards for n in MANA_OTHERS):
        features += ["replacement-effects", "tapped-for-mana", "triggered-abilities"]
    return make_case(
        "mana",
        "mana-produced-equals-mana-added",
        ["106.1", "106.3", "106.7", "106.12"],
        features,
        "Mana abilities add exactly the mana they produce, of types they could produce",
        cards,
        players,
        script,
        [],
        {},
    )


def extra_lands() -> st.SearchStrategy[tuple[str, str]]:
    """(player alias, land card name) to add to a mana case's board (CR 106.7 monotonicity)."""
    return st.tuples(sampled(["alice", "bob"]), sampled(LAND_NAMES))


# -- targeting -------------------------------------------------------------------------------------
RESPONSES = ("bounce", "sacrifice", "protection", "hexproof", "none")


@st.composite
def targeting_cases(draw: Draw) -> Case:
    """alice casts a red spell with one to three target slots (creatures or players, maybe "up to",
    maybe a distribution); a player may respond by making one of its targets illegal (CR 608.2b)."""
    cards: dict[str, Card] = {}
    players: list[SetupPlayer] = [{"alias": "alice"}, {"alias": "bob"}]
    creatures: list[tuple[str, str]] = []  # (alias, controller)
    toughness_of: dict[str, int] = {}
    for p in players:
        bf: list[Permanent] = []
        for k in range(draw(integers(0 if p["alias"] == "alice" else 1, 3))):
            power, toughness = draw(integers(1, 3)), draw(integers(1, 3))
            c = creature(power, toughness)
            cards[c["name"]] = c
            a = f"{p['alias'][0]}c{k}"
            bf.append({"alias": a, "card": c["name"]})
            creatures.append((a, p["alias"]))
            toughness_of[a] = toughness
        p["battlefield"] = bf
    creature_aliases = [a for a, _ in creatures]
    distribute = draw(BOOLEANS) and len(creatures) >= 1
    damage = distribute and draw(BOOLEANS)  # "deals N damage divided as you choose" (CR 601.2d)
    specs: list[JSONValue] = []
    effects: list[JSONValue] = []
    amounts: list[int] = []  # the amount of each effect of a spell without distribution
    chosen: list[list[str]] = []
    if distribute:
        count = draw(integers(1, 3))
        picked = draw(subsets(creature_aliases, min_size=1, max_size=count))
        total = draw(integers(len(picked), len(picked) + 3))
        specs.append({"filter": {"types": ["Creature"]}, "count": count, "up_to": True})
        effects.append({"do": "distribute_damage", "amount": total} if damage else
                       {"do": "distribute_counters", "counter": "+1/+1", "amount": total})
        chosen.append(picked)
        shares = draw(st.lists(integers(1, total), min_size=len(picked), max_size=len(picked)))
        split = [1] * len(picked)
        for i in range(total - len(picked)):
            split[shares[i % len(shares)] % len(picked)] += 1
        share_of = dict(zip(picked, split, strict=True))
    else:
        n_slots = draw(integers(1, 3))
        for i in range(n_slots):
            is_player = draw(BOOLEANS) or not creatures
            last = i == n_slots - 1
            up_to = last and draw(BOOLEANS)
            pool = list(PLAYERS[:2]) if is_player else creature_aliases
            count = draw(integers(1, min(2, len(pool)))) if up_to else 1
            flt: JSONObject = {"what": "player"} if is_player else {"types": ["Creature"]}
            spec: JSONObject = {"filter": flt}
            if up_to:
                spec.update(count=count, up_to=True)
            specs.append(spec)
            amounts.append(draw(integers(1, 2)))
            effects.append(
                {
                    "do": "put_counters",
                    "counter": "poison" if is_player else "+1/+1",
                    "amount": amounts[-1],
                    "to": {"target": i},
                }
            )
            chosen.append(
                draw(subsets(pool, min_size=0 if up_to else 1, max_size=count))
            )
        share_of = {}
    spell = card(
        "Fuzz Bolt", ["Instant"], [{"kind": "spell", "targets": specs, "effects": effects}], cost="{R}"
    )
    cards[spell["name"]] = spell
    players[0]["hand"] = [{"alias": "bolt", "card": spell["name"]}]
    pools: dict[str, dict[str, int]] = {"alice": {"R": 1}, "bob": {}}
    flat = [a for slot in chosen for a in slot]
    decisions: list[DecisionEntry] = [
        {"kind": "targets", "player": "alice", "source": "bolt", "answer": flat}
    ]
    if distribute:
        decisions.append({"kind": "distribute", "player": "alice", "answer": share_of})
    script: list[Action] = [{"action": "cast", "player": "alice", "card": "bolt"}]
    crimes = {"alice": int(any(a == "bob" or dict(creatures).get(a) == "bob" for a in flat)), "bob": 0}
    targeted_creatures = [a for a in flat if a in creature_aliases]
    response = draw(sampled(RESPONSES)) if targeted_creatures else "none"
    illegal: set[str] = set()
    gone: dict[str, Zone] = {}
    if response != "none":
        victim = draw(sampled(targeted_creatures))
        owner = dict(creatures)[victim]
        responder = (
            owner if response in ("sacrifice", "protection") else draw(sampled(["alice", "bob"]))
        )
        target_spec: list[JSONValue] = [
            {"filter": {"types": ["Creature"], **({"controller": "you"} if response == "protection" else {})}}
        ]
        response_effects: dict[str, JSONObject] = {
            "bounce": {"do": "return_to_hand", "what": {"target": 0}},
            "sacrifice": {"do": "sacrifice", "player": "you"},
            "protection": {"do": "grant_protection", "what": {"target": 0}},
            "hexproof": {"do": "grant_keyword", "what": {"target": 0}, "keyword": "Hexproof"},
        }
        ability: JSONObject = {"kind": "spell", "effects": [response_effects[response]]}
        if response != "sacrifice":
            ability["targets"] = target_spec
        resp = card(f"Fuzz Response {response}", ["Instant"], [ability], cost="{W}")
        cards[resp["name"]] = resp
        by = next(p for p in players if p["alias"] == responder)
        by.setdefault("hand", []).append({"alias": "response", "card": resp["name"]})
        pools[responder]["W"] = 1
        if responder == "bob":
            script.append({"action": "pass", "player": "alice"})
        script.append({"action": "cast", "player": responder, "card": "response"})
        if response == "sacrifice":
            decisions.append({"kind": "sacrifice", "player": responder, "answer": [victim]})
        else:
            decisions.append(
                {"kind": "targets", "player": responder, "source": "response", "answer": [victim]}
            )
            if owner != responder:
                crimes[responder] += 1
        if response == "protection":
            color = draw(sampled("RG"))
            decisions.append({"kind": "color", "player": responder, "answer": color})
            if color == "R":
                illegal.add(victim)
        elif response == "hexproof":
            if owner != "alice":
                illegal.add(victim)
        else:
            illegal.add(victim)
            gone[victim] = "hand" if response == "bounce" else "graveyard"
        script.append({"action": "resolve"})
    script.append({"action": "resolve"})
    for p in players:
        if pools[p["alias"]]:
            p["mana_pool"] = pools[p["alias"]]
    all_illegal = bool(flat) and all(a in illegal for a in flat)
    counters: dict[str, dict[str, int]] = {a: {} for a in [*creature_aliases, "alice", "bob"]}
    dealt: dict[str, int] = {}
    if not all_illegal:
        for i, slot in enumerate(chosen):
            for a in slot:
                if a in illegal:
                    continue
                if damage:  # marked damage; lethal damage destroys it (CR 120.3e, 704.5g)
                    dealt[a] = share_of[a]
                    continue
                kind = "+1/+1" if a in creature_aliases else "poison"
                n = share_of[a] if distribute else amounts[i]
                counters[a][kind] = counters[a].get(kind, 0) + n
    objects: dict[str, ObjectExpect] = {}
    for a in creature_aliases:
        if a in gone:
            objects[a] = {"zone": gone[a], "counters": {}}
        elif dealt.get(a, 0) >= toughness_of[a]:
            objects[a] = {"zone": "graveyard"}
        else:
            objects[a] = {"zone": "battlefield", "counters": counters[a], "damage": dealt.get(a, 0)}
    objects["bolt"] = {"zone": "graveyard"}
    expect: Expect = {
        "objects": objects,
        "players": {a: {"counters": counters[a], "crimes_committed": crimes[a]} for a in ("alice", "bob")},
    }
    unresolved: EventPattern = {"type": "did_not_resolve", "source": "bolt"}
    expect["events"] = {"include": [unresolved]} if all_illegal else {"exclude": [unresolved]}
    features: list[Feature] = ["targets", "target-legality", "crime", "counters", "player-counters"]
    features += ["distribute"] if distribute else []
    features += ["damage"] if damage else []
    features += ["up-to-targets"] if any(isinstance(s, dict) and s.get("up_to") for s in specs) else []
    by_response: dict[str, list[Feature]] = {"protection": ["protection"], "sacrifice": ["sacrifice"]}
    features += by_response.get(response, [])
    return make_case(
        "targeting",
        "illegal-targets-unaffected",
        ["608.2b", "700.13", "115.1"],
        features,
        "A spell affects only its targets that are still legal, and none if all are illegal",
        cards,
        players,
        script,
        decisions,
        expect,
        notes=f"response: {response}",
    )


CASES: dict[str, list[st.SearchStrategy[Case]]] = {
    "counters": [proliferate_cases(), counter_event_cases()],
    "mana": [mana_cases()],
    "targeting": [targeting_cases()],
}
