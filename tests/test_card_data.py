"""No card data the validator accepts crashes the reference engine (spec/card.schema.json).

Every catalogue card is built and put on the battlefield; every kind of amount the schema allows is
tried in every place an amount is written (effects, "enters with" counters, divisions): either the
validator rejects it with file, pointer and reason, or the engine runs it, accepting or refusing the
step under a rule, and never raising.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine
from conformance.cases.validate import validate
from conformance.paths import spec_dir
from engine.cards import card_from_json
from tests.suite_helpers import catalogue


def _case(card: dict[str, Any], script: list[dict[str, Any]], *, hand: bool = False) -> dict[str, Any]:
    probe = {"alias": "probe", "card": card["name"]}
    bear = {"alias": "bear", "card": "Grizzly Bears"}
    alice: dict[str, Any] = {"alias": "alice", "mana_pool": {"G": 4}, "hand": [probe] if hand else [],
                             "battlefield": [bear] if hand else [probe, bear]}
    return {
        "id": "card-data-probe", "title": "card data the validator accepts runs on the engine",
        "origin": {"kind": "rules", "rule": "113.1"}, "rules": ["113.1"], "features": ["counters"],
        "level": "rules", "cards": [card],
        "setup": {"players": [alice, {"alias": "bob",
                                      "battlefield": [{"alias": "bbear", "card": "Grizzly Bears"}]}]},
        "script": script, "decisions": [], "expect": {},
    }


def test_every_catalogue_card_builds_and_sits_on_the_battlefield() -> None:
    cards = catalogue()
    assert len(cards) > 250
    for name, data in cards.items():
        card_from_json(data)
        case = _case(data, [{"action": "observe", "label": "there"}])
        case["cards"] = []
        observation = engine.run_case(case, {**cards, name: data})
        assert observation["steps"] == [{"outcome": "ok"}], name


def _amount_samples() -> list[tuple[str, Any]]:
    """One value for each branch of the schema's ``amount`` (new branches are picked up here)."""
    schema = json.loads((spec_dir() / "card.schema.json").read_text(encoding="utf-8"))
    samples: list[tuple[str, Any]] = []
    for branch in schema["$defs"]["amount"]["oneOf"]:
        if branch.get("type") == "integer":
            samples.append(("number", 2))
        elif "enum" in branch:
            samples += [(f"{v}", v) for v in branch["enum"]]
        else:
            key = branch["required"][0]
            value = {"count": {"types": ["Creature"]}}.get(key, "self")
            samples.append((key, {key: value}))
    return samples


# Where an amount is written: the ability that carries it, on a 2/2 creature card "Probe".
PLACES: dict[str, dict[str, Any]] = {
    "put_counters": {"kind": "activated", "cost": {}, "effects": [
        {"do": "put_counters", "to": "self", "counter": "+1/+1", "amount": None}]},
    "deal_damage": {"kind": "activated", "cost": {}, "effects": [
        {"do": "deal_damage", "to": "self", "amount": None}]},
    "gain_life": {"kind": "activated", "cost": {}, "effects": [
        {"do": "gain_life", "player": "you", "amount": None}]},
    "draw": {"kind": "activated", "cost": {}, "effects": [{"do": "draw", "player": "you", "amount": None}]},
    "add_mana": {"kind": "activated", "cost": {}, "effects": [
        {"do": "add_mana", "mana": "{G}", "amount": None}]},
    "distribute_counters": {"kind": "activated", "cost": {}, "targets": [
        {"filter": {"types": ["Creature"]}, "count": 2, "up_to": True}],
        "effects": [{"do": "distribute_counters", "counter": "+1/+1", "amount": None}]},
    "distribute_damage": {"kind": "activated", "cost": {}, "targets": [
        {"filter": {"types": ["Creature"]}, "count": 2, "up_to": True}],
        "effects": [{"do": "distribute_damage", "amount": None}]},
    "enters_with": {"kind": "replacement", "replacement": {"event": "enters", "counters": {"+1/+1": None}}},
}


def _probe(place: str, value: Any) -> dict[str, Any]:
    ability = json.loads(json.dumps(PLACES[place]))
    if place == "enters_with":
        ability["replacement"]["counters"]["+1/+1"] = value
    else:
        ability["effects"][0]["amount"] = value
    bears = dict(catalogue()["Grizzly Bears"])  # a 2/2 creature card for {1}{G}, with every field
    return {**bears, "name": "Probe", "text": ability.get("text", ""), "abilities": [ability]}


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("label, value", _amount_samples())
def test_every_amount_kind_the_schema_allows_runs_or_is_rejected_by_the_validator(
        tmp_path: Path, place: str, label: str, value: Any) -> None:
    card = _probe(place, value)
    cast = place == "enters_with"
    script = ([{"action": "cast", "player": "alice", "card": "probe"}, {"action": "resolve"}] if cast
              else [{"action": "activate", "player": "alice", "source": "probe", "ability": 0}])
    case = _case(card, script, hand=cast)
    if place.startswith("distribute"):
        case["decisions"] = [{"kind": "targets", "answer": ["bear", "bbear"]},
                             {"kind": "distribute", "answer": {"bear": 1, "bbear": 1}}]
    if cast or value == "X":
        case["decisions"].append({"kind": "x", "answer": 0})
    path = tmp_path / "probe.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    result = validate([path])
    if result.problems:
        problem = result.problems[0]
        assert problem.file.endswith("probe.json") and problem.pointer.startswith("/cards/0/abilities/0")
        assert problem.message
        return
    bears = {"Grizzly Bears": catalogue()["Grizzly Bears"]}
    observation = engine.run_case(case, bears)  # must not raise
    for step in observation["steps"]:
        assert step["outcome"] == "ok" or (step["outcome"] == "rejected" and step["rule"]), step


_BASIC_MANA = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}", "Forest": "{G}"}


def test_a_land_with_basic_land_types_has_one_intrinsic_mana_ability_per_type() -> None:
    """CR 305.6: a land with a basic land type has the intrinsic '{T}: Add [mana symbol]' of that type,
    one ability per type, in the order of its types (so an adapter's ability 1 of Underground Sea is
    the Swamp's {B}). One ability with a colour choice would ask a question the rules don't."""
    for name, data in catalogue().items():
        types = [t for t in data.get("subtypes") or [] if t in _BASIC_MANA]
        if "Land" not in data.get("types", []) or not types:
            continue
        intrinsic = [a["effects"][0]["mana"] for a in data.get("abilities", [])
                     if a.get("kind") == "activated" and a.get("cost") == {"tap": True}
                     and [e.get("do") for e in a["effects"]] == ["add_mana"]]
        assert intrinsic[:len(types)] == [_BASIC_MANA[t] for t in types], name
