"""Fuzzing mana with a spending restriction (CR 106.6): "Spend this mana only to cast [spells] / activate
abilities of [objects]" (the card format's ``spend_only``, spec/card.schema.json ``mana_restriction``).

:func:`restricted_mana_cases` draws lands whose mana may be spent only on some spells or abilities
(artifact spells, creature spells, Elf creature spells, abilities of artifacts), lands without a
restriction, an unrestricted pool, and one thing to pay for: a spell in hand of some types and cost, or
an activated ability of an artifact or of an enchantment. alice taps some of her lands, then casts the
spell or activates the ability.

:func:`check_restricted_mana` checks, on every drawn state:

* CR 106.6: restricted mana is never spent on a spell or ability outside its restriction: the mana
  spent, by type, is at most the unrestricted mana plus the restricted mana whose restriction allows
  this spell or ability; a cast or activation that only the other restricted mana could pay is refused
  under CR 106.6, and the pool keeps all its mana;
* CR 106.6, 601.2h: restricted mana pays a spell or ability inside its restriction exactly as
  unrestricted mana would: the same case with those lands' restrictions removed has the same steps
  accepted and refused (for the same rule), the same final pool by type and the same zones.

The oracle is the rule, not the engine: which restrictions allow the thing paid for is read from the
drawn filters, and whether a cost can be paid is counted directly (:func:`can_pay`: the costs drawn
have generic, one-type and hybrid symbols).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Mapping, Sequence

from hypothesis import strategies as st

from conformance.documents import (
    Action,
    Card,
    Case,
    Expect,
    Feature,
    JSONObject,
    JSONValue,
    ObjectExpect,
    Permanent,
    SetupPlayer,
)
from conformance.fuzz.cardgen import card
from conformance.fuzz.regressions import report
from conformance.fuzz.roundtrip import Chooser, drive
from conformance.fuzz.strategies import MANA_LANDS, Draw, make_case
from engine.context import Decision
from engine.state import Game

# "Spend this mana only to ...": the restriction and its words
RESTRICTIONS: dict[str, tuple[JSONObject, str]] = {
    "artifact-spells": ({"cast": {"types": ["Artifact"]}}, "cast artifact spells"),
    "creature-spells": ({"cast": {"types": ["Creature"]}}, "cast creature spells"),
    "elf-spells": ({"cast": {"types": ["Creature"], "subtypes": ["Elf"]}}, "cast Elf creature spells"),
    "artifact-abilities": ({"activate": {"types": ["Artifact"]}}, "activate abilities of artifacts"),
    "artifacts": (
        {"cast": {"types": ["Artifact"]}, "activate": {"types": ["Artifact"]}},
        "cast artifact spells or activate abilities of artifacts",
    ),
}
RESTRICTED_MANA = ("{C}", "{C}{C}", "{R}", "{G}", "any color")  # "any color": add_mana_any_color
# what is paid for: (card types, subtypes), as a spell or as the source of an activated ability
SPELL_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "artifact": (("Artifact",), ()),
    "artifact-creature": (("Artifact", "Creature"), ("Golem",)),
    "elf": (("Creature",), ("Elf",)),
    "bear": (("Creature",), ("Bear",)),
    "sorcery": (("Sorcery",), ()),
    "enchantment": (("Enchantment",), ()),
}
SOURCE_KINDS = ("artifact", "enchantment")


def restricted_land(mana: str, key: str) -> Card:
    restriction, words = RESTRICTIONS[key]
    ability: JSONObject = {
        "kind": "activated",
        "cost": {"tap": True},
        "effects": [{"do": "add_mana_any_color", "spend_only": restriction} if mana == "any color" else
                    {"do": "add_mana", "mana": mana, "spend_only": restriction}],
    }
    c = card(f"Fuzz Restricted Land {mana.replace('{', '').replace('}', '')} {key}", ["Land"], [ability])
    c["text"] = f"{c['text']} Spend this mana only to {words}."
    return c


def _symbols(generic: int, coloured: Sequence[str]) -> str:
    return (f"{{{generic}}}" if generic or not coloured else "") + "".join(f"{{{t}}}" for t in coloured)


def _payee(kind: str, as_spell: bool, cost: str) -> Card:
    types, subtypes = SPELL_KINDS[kind]
    name = f"Fuzz {'Spell' if as_spell else 'Engine'} {kind} {cost}"
    if as_spell:
        creature = "Creature" in types
        spell_ability: list[JSONObject] = (
            [{"kind": "spell", "effects": [{"do": "proliferate"}]}] if "Sorcery" in types else []
        )
        return card(name, list(types), spell_ability, cost=cost, subtypes=subtypes,
                    power=1 if creature else None, toughness=1 if creature else None)
    ability: JSONObject = {
        "kind": "activated",
        "cost": {"mana": cost},
        "effects": [{"do": "put_counters", "counter": "charge", "amount": 1, "to": "self"}],
    }
    return card(name, list(types), [ability], cost="{1}")


@st.composite
def restricted_mana_cases(draw: Draw) -> tuple[Case, list[int]]:
    """A case (alice taps lands, then casts a spell or activates an ability) and the indices that answer
    its mana_payment decisions, in order (so a case and its unrestricted twin get the same answers)."""
    cards: dict[str, Card] = {}
    battlefield: list[Permanent] = []
    restricted: dict[str, tuple[str, str]] = {}  # alias -> (mana, restriction key)
    plain: dict[str, str] = {}  # alias -> mana
    for i in range(draw(st.integers(1, 3))):
        mana, key = draw(st.sampled_from(RESTRICTED_MANA)), draw(st.sampled_from(sorted(RESTRICTIONS)))
        c = restricted_land(mana, key)
        cards[c["name"]] = c
        battlefield.append({"alias": f"rland{i}", "card": c["name"]})
        restricted[f"rland{i}"] = (mana, key)
    for i, colour in enumerate(draw(st.lists(st.sampled_from("RGC"), max_size=2))):
        name = f"Fuzz Land {colour}"
        cards[name] = MANA_LANDS[name]
        battlefield.append({"alias": f"land{i}", "card": name})
        plain[f"land{i}"] = f"{{{colour}}}"
    as_spell = draw(st.booleans())
    kind = draw(st.sampled_from(sorted(SPELL_KINDS) if as_spell else SOURCE_KINDS))
    coloured = draw(st.lists(st.sampled_from(["R", "G", "C", "R/G", "2/R"]), max_size=2))
    cost = _symbols(draw(st.integers(0 if coloured else 1, 2)), coloured)
    payee = _payee(kind, as_spell, cost)
    cards[payee["name"]] = payee
    alice: SetupPlayer = {"alias": "alice"}
    if as_spell:
        alice["hand"] = [{"alias": "payee", "card": payee["name"]}]
    else:
        battlefield.append({"alias": "payee", "card": payee["name"]})
    alice["battlefield"] = battlefield
    pool = {t: draw(st.integers(1, 2)) for t in draw(st.lists(st.sampled_from("RGC"), max_size=1))}
    if pool:
        alice["mana_pool"] = pool
    lands = [*restricted, *plain]
    tapped = draw(st.lists(st.sampled_from(lands), unique=True, min_size=1))
    script: list[Action] = [
        {"action": "activate", "player": "alice", "source": a, "ability": 0} for a in tapped
    ]
    script.append(
        {"action": "cast", "player": "alice", "card": "payee"}
        if as_spell
        else {"action": "activate", "player": "alice", "source": "payee", "ability": 0}
    )
    features: list[Feature] = ["mana", "mana-abilities", "restricted-mana", "tap-symbol"]
    case = make_case(
        "mana",
        "restricted-mana-spent-only-as-allowed",
        ["106.6", "601.2h", "602.2b"],
        features,
        "Restricted mana pays only what its restriction allows, and pays that as unrestricted mana would",
        cards,
        [alice, {"alias": "bob"}],
        script,
        [],
        {},
        notes=f"paying for: {'a spell' if as_spell else 'an ability of an'} {kind} costing {cost}",
    )
    return case, draw(st.lists(st.integers(0, 7), max_size=3))


# -- the oracle ---------------------------------------------------------------------------------------
def _allows(restriction: Mapping[str, object], purpose: str, types: Sequence[str],
            subtypes: Sequence[str]) -> bool:
    """Whether "spend this mana only to ..." allows casting (or activating an ability of) this object."""
    flt = restriction.get(purpose)
    if not isinstance(flt, dict):
        return False
    want_types, want_subtypes = flt.get("types", []), flt.get("subtypes", [])
    return (not want_types or bool(set(want_types) & set(types))) and (
        not want_subtypes or bool(set(want_subtypes) & set(subtypes))
    )


def can_pay(pool: Mapping[str, int], cost: str) -> bool:
    """Whether ``pool`` pays a cost of generic, one-type and hybrid symbols ({2}{R}{C}, {R/G}: red or
    green; {2/R}: red or two generic), each hybrid one paid one of its ways (CR 601.2h, 107.4e)."""
    symbols = re.findall(r"\{([^}]+)\}", cost)
    ways: list[list[tuple[int, str | None]]] = []  # per symbol: (generic, type) alternatives
    for sym in symbols:
        parts = sym.split("/")
        ways.append([(int(p), None) if p.isdigit() else (0, p) for p in parts])
    for choice in itertools.product(*ways):
        need = Counter(t for _, t in choice if t is not None)
        generic = sum(n for n, _ in choice)
        if all(pool.get(t, 0) >= n for t, n in need.items()) and (
            sum(pool.values()) - sum(need.values()) >= generic
        ):
            return True
    return False


def _picking(picks: Sequence[int]) -> Chooser:
    """Answer mana_payment decisions with ``picks`` in order (a forced answer kept)."""
    queue = list(picks)

    def choose(game: Game, d: Decision) -> object:
        forced = d.info.get("forced") if d.info else None
        if forced is not None:
            return forced[0]
        opts = list(d.options)
        if not opts:
            return () if d.kind == "proliferate" else None
        if d.kind == "proliferate":
            return ()
        return opts[(queue.pop(0) if queue else 0) % len(opts)]

    return choose


def _mana_effect(c: Card) -> Mapping[str, JSONValue] | None:
    """The add_mana (or add_mana_any_color) effect of a generated land's first ability (None for any other
    card)."""
    abilities = c.get("abilities") or []
    effects = abilities[0].get("effects") if abilities and isinstance(abilities[0], dict) else None
    first = effects[0] if isinstance(effects, list) and effects else None
    adds = isinstance(first, dict) and first.get("do") in ("add_mana", "add_mana_any_color")
    return first if adds and isinstance(first, dict) else None


def _ability_cost(c: Card) -> JSONValue:
    """The mana cost of a generated card's first (activated) ability."""
    ability = (c.get("abilities") or [{}])[0]
    cost = ability.get("cost") if isinstance(ability, dict) else None
    return cost.get("mana") if isinstance(cost, dict) else None


def unrestricted_twin(case: Case, keys: set[str]) -> Case:
    """The same case with the restrictions named by ``keys`` removed from its lands' mana."""
    cards: list[Card] = []
    for c in case["cards"]:
        effect = _mana_effect(c) or {}
        key = next((k for k, (r, _) in RESTRICTIONS.items() if effect.get("spend_only") == r), None)
        if key in keys:
            add: JSONObject = {k: v for k, v in effect.items() if k != "spend_only"}
            tap: JSONObject = {"kind": "activated", "cost": {"tap": True}, "effects": [add]}
            cards.append(card(c["name"], ["Land"], [tap]))
        else:
            cards.append(c)
    return {**case, "cards": cards}


def _summary(obs: Mapping[str, object]) -> tuple[object, ...]:
    steps = [(s.get("outcome"), s.get("rule")) for s in obs["steps"]]  # type: ignore[attr-defined]
    final = obs["final"]
    pools = {a: p["mana_pool"] for a, p in final["players"].items()}  # type: ignore[index]
    zones = sorted((o["ref"], o["zone"], tuple(sorted(o["counters"].items())))
                   for o in final["objects"])  # type: ignore[index]
    return steps, pools, zones


def check_restricted_mana(drawn: tuple[Case, list[int]]) -> None:
    """CR 106.6: see the module docstring."""
    case, picks = drawn
    cards = {c["name"]: c for c in case["cards"]}
    alice = case["setup"]["players"][0]
    by_alias = {e["alias"]: cards[e["card"]] for e in alice.get("battlefield", [])}
    payee_step = case["script"][-1]
    as_spell = payee_step["action"] == "cast"
    payee = cards[next(e["card"] for e in [*alice.get("hand", []), *alice.get("battlefield", [])]
                       if e["alias"] == "payee")]
    purpose = "cast" if as_spell else "activate"
    cost = str(payee["manaCost"] if as_spell else _ability_cost(payee))
    unrestricted: Counter[str] = Counter(alice.get("mana_pool", {}))
    allowed: Counter[str] = Counter()
    others: Counter[str] = Counter()
    allowing: set[str] = set()
    played, obs, _ = drive(case, _picking(picks))
    for step in case["script"][:-1]:
        effect = _mana_effect(by_alias[str(step["source"])]) or {}
        produced: Counter[str] = Counter()  # as the land's mana ability reported it (a colour was chosen)
        for e in obs["events"]:
            if e["type"] == "mana_added" and e.get("source") == step["source"]:
                produced.update(e["mana"])
        restriction = effect.get("spend_only")
        if not isinstance(restriction, dict):
            unrestricted += produced
        elif _allows(restriction, purpose, payee["types"], payee.get("subtypes", [])):
            allowed += produced
            allowing |= {k for k, (r, _) in RESTRICTIONS.items() if r == restriction}
        else:
            others += produced
    total = unrestricted + allowed + others
    last = len(case["script"]) - 1
    problems = [f"step {i} (tapping a land) was rejected: {s.get('reason')}"
                for i, s in enumerate(obs["steps"][:-1]) if s["outcome"] != "ok"]
    outcome = obs["steps"][-1]
    final_pool = Counter(obs["final"]["players"]["alice"]["mana_pool"])
    payable = can_pay(unrestricted + allowed, cost)
    what = f"{'casting' if as_spell else 'activating an ability of'} {payee['name']} ({cost})"
    if payable and outcome["outcome"] != "ok":
        problems.append(f"{what} was refused ({outcome.get('rule')}: {outcome.get('reason')}), but the mana "
                        f"that may pay it, {dict(unrestricted + allowed)}, can (CR 106.6, 601.2h)")
    if not payable and outcome["outcome"] == "ok":
        problems.append(f"{what} was accepted, but the mana that may pay it, {dict(unrestricted + allowed)}, "
                        f"can't: restricted mana {dict(others)} was spent outside its restriction (CR 106.6)")
    refused_for = outcome.get("rule") if outcome["outcome"] == "rejected" else "106.6"
    if not payable and can_pay(total, cost) and refused_for != "106.6":
        problems.append(f"{what} could be paid only with restricted mana it may not be spent on: refused for "
                        f"rule {outcome.get('rule')}, not 106.6")
    spent = total - final_pool
    if outcome["outcome"] != "ok" and final_pool != +total:
        problems.append(f"{what} was refused, but the pool is {dict(final_pool)}, not {dict(+total)}")
    over = {t: n for t, n in spent.items() if n > (unrestricted + allowed)[t]}
    if outcome["outcome"] == "ok" and over:
        problems.append(f"{what} spent {dict(spent)}: more {sorted(over)} than the unrestricted and allowed "
                        f"mana {dict(unrestricted + allowed)}: restricted mana spent outside its restriction")
    if allowing and not problems:
        twin = unrestricted_twin(case, allowing)
        _, twin_obs, _ = drive(twin, _picking(picks))
        if _summary(obs) != _summary(twin_obs):
            problems.append(f"restricted mana that may pay for it paid differently from unrestricted mana: "
                            f"{_summary(obs)} with the restriction, {_summary(twin_obs)} without (CR 106.6)")
    expect: Expect = {}
    if not payable:
        expect["rejected"] = [{"step": last, "rule": "106.6" if can_pay(total, cost) else "601.2h"}]
        expect["players"] = {"alice": {"mana_pool": dict(+total)}}
    payee_view: ObjectExpect = {"zone": ("stack" if payable else "hand") if as_spell else "battlefield"}
    expect["objects"] = {"payee": payee_view}
    report(
        played,
        area="mana",
        invariant="restricted-mana-spent-only-as-allowed",
        rules=["106.6", "601.2h"],
        problems=problems,
        expect=expect,
    )
