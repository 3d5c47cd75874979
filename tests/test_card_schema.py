"""spec/card.schema.json is typed: one closed branch per effect, trigger and replacement kind, each citing
its rule and listing only the fields its kind reads; a schema error names the kind and the field.
Generated cards (the fuzzer's) are valid, and a ``*`` power is refused by name, never played as 0."""

from __future__ import annotations

import ast
import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.cases.loader import Problem
from conformance.cases.validate import load_schemas, schema_problems
from conformance.fuzz import strategies
from conformance.fuzz.copies_and_stack import ability_target_cases, copy_with_counters_cases
from conformance.fuzz.protection_targets import protected_targets_cases
from conformance.fuzz.restricted_mana import restricted_mana_cases
from engine.cards import card_from_json
from engine.errors import BadCardData
from engine.registry import EFFECTS

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "spec" / "card.schema.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
FAMILIES = {"effect": "do", "trigger": "on", "replacement": "event"}
SCHEMAS = load_schemas()

# A valid value for each field a required-field list can name (the minimal instance of each kind).
SAMPLES: dict[str, Any] = {
    "mana": "{G}", "what": "self", "to": "self", "from": "self", "counter": "+1/+1", "keyword": "Flying",
    "token": "Soldier Token", "cost": "{1}", "effects": [{"do": "proliferate"}],
    "option_a": [{"do": "draw"}], "option_b": [{"do": "gain_life", "amount": 2}],
    "unless_cost": [{"do": "pay", "cost": "{1}"}], "replacement": {"event": "enters", "tapped": True},
    "step": "upkeep", "chapters": [1],
}


def branches(family: str) -> dict[str, dict[str, Any]]:
    """kind -> its branch, in the order of the family's ``oneOf``."""
    out: dict[str, dict[str, Any]] = {}
    for ref in DEFS[family]["oneOf"]:
        branch = DEFS[ref["$ref"].removeprefix("#/$defs/")]
        out[branch["properties"][FAMILIES[family]]["const"]] = branch
    return out


def minimal(family: str, kind: str) -> dict[str, Any]:
    branch = branches(family)[kind]
    required = [*branch["required"], *branch.get("else", {}).get("required", ())]  # put_counters' counter
    return {name: copy.deepcopy(SAMPLES[name]) if name != FAMILIES[family] else kind for name in required}


def card_with(family: str, item: dict[str, Any]) -> dict[str, Any]:
    """A 2/2 creature card whose one ability carries ``item``."""
    ability: dict[str, Any] = {
        "effect": {"kind": "activated", "cost": {"tap": True}, "effects": [item]},
        "trigger": {"kind": "triggered", "trigger": item, "effects": [{"do": "proliferate"}]},
        "replacement": {"kind": "replacement", "replacement": item},
    }[family]
    return {"name": "Probe", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"],
            "subtypes": ["Bear"], "supertypes": [], "text": "", "layout": "normal", "power": "2",
            "toughness": "2", "abilities": [ability]}


def problems(card: dict[str, Any]) -> list[Problem]:
    return schema_problems(SCHEMAS.card, "probe.json", card)


WHERE = {"effect": "/abilities/0/effects/0", "trigger": "/abilities/0/trigger",
         "replacement": "/abilities/0/replacement"}
ALL_KINDS = [(family, kind) for family in FAMILIES for kind in branches(family)]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_kind_is_one_closed_branch_that_cites_its_rule(family: str) -> None:
    key = FAMILIES[family]
    assert DEFS[family]["required"] == [key]
    for kind, branch in branches(family).items():
        assert f"{family}.{kind}" in DEFS, kind
        assert branch["title"] == f'{family} "{kind}"'
        assert branch["additionalProperties"] is False and key in branch["required"]
        assert re.match(r"^CR [0-9]{3}(\.[0-9]+[a-z]?)?[ ,]", branch["description"]), branch["description"]
    defined = [k for k in DEFS if k.startswith(f"{family}.")]
    assert len(branches(family)) == len(DEFS[family]["oneOf"]) == len(defined), "two branches for a kind"


def _compared_with(path: Path, function: str, name: str) -> set[str]:
    """The strings that ``name`` is compared with (``==``, ``in (...)``) in ``function`` of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    fn = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function)
    found: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == name:
            for right in node.comparators:
                values = right.elts if isinstance(right, ast.Tuple) else [right]
                found |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return found


def test_the_trigger_and_replacement_kinds_are_those_the_engine_handles() -> None:
    assert set(branches("effect")) == set(EFFECTS)
    assert set(branches("trigger")) == _compared_with(ROOT / "engine" / "triggers.py", "matches", "on")
    applies = _compared_with(ROOT / "engine" / "replacement.py", "_applies", "kind")
    assert set(branches("replacement")) == applies


@pytest.mark.parametrize("family, kind", ALL_KINDS)
def test_the_minimal_instance_of_each_kind_is_valid(family: str, kind: str) -> None:
    assert problems(card_with(family, minimal(family, kind))) == []


@pytest.mark.parametrize("family, kind", ALL_KINDS)
def test_a_field_another_kind_uses_is_refused_naming_the_kind_and_the_field(family: str, kind: str) -> None:
    own = set(branches(family)[kind]["properties"])
    others = sorted({f for b in branches(family).values() for f in b["properties"]} - own)
    assert others, f"{family} {kind} uses every field of its family"
    foreign = others[0]
    item = {**minimal(family, kind), foreign: SAMPLES.get(foreign, 1)}
    found = [(p.pointer, p.message) for p in problems(card_with(family, item))]
    assert len(found) == 1, found
    pointer, message = found[0]
    assert pointer == f"{WHERE[family]}/{foreign}"
    assert message.startswith(f'unknown field "{foreign}" for {family} "{kind}" (CR ')
    assert "allowed here: " + ", ".join(sorted(own)) in message


def test_the_errors_read_plainly() -> None:
    villain = {"do": "villainous_choice", "player": "each_opponent", "a": [{"do": "draw"}],
               "option_b": [{"do": "gain_life", "amount": 2}]}
    assert [(p.pointer, p.message) for p in problems(card_with("effect", villain))] == [
        ("/abilities/0/effects/0/a", 'unknown field "a" for effect "villainous_choice" (CR 701.55a); '
                                     "allowed here: do, option_a, option_b, player"),
        ("/abilities/0/effects/0", 'missing the required field "option_a" for effect "villainous_choice" '
                                   "(CR 701.55a)"),
    ]
    # an effect nested in another effect's option is narrowed the same way
    villain = {"do": "villainous_choice", "option_a": [{"do": "draw", "what": "self"}], "option_b": []}
    assert [(p.pointer, p.message) for p in problems(card_with("effect", villain))] == [
        ("/abilities/0/effects/0/option_a/0/what",
         'unknown field "what" for effect "draw" (CR 121.1, 121.2); allowed here: amount, do, player')]
    typo = problems(card_with("effect", {"do": "prolifrate"}))
    assert [p.pointer for p in typo] == ["/abilities/0/effects/0/do"]
    assert typo[0].message.startswith('"prolifrate" is not one of the allowed values ("add_mana", ')
    assert typo[0].message.endswith(f'… ({len(EFFECTS)} in all)); did you mean "proliferate"?')
    trigger = problems(card_with("trigger", {"on": "enters", "step": "upkeep"}))
    assert [(p.pointer, p.message) for p in trigger] == [
        ("/abilities/0/trigger/step", 'unknown field "step" for trigger "enters" (CR 603.6a); '
                                      "allowed here: on, what, zone")]
    counters = problems(card_with("effect", {"do": "put_counters", "amount": 2}))
    assert [(p.pointer, p.message) for p in counters] == [
        ("/abilities/0/effects/0",
         'missing the required field "counter" for effect "put_counters" (CR 122.1)')]
    missing = problems(card_with("effect", {"draw": 1}))
    assert [(p.pointer, p.message) for p in missing] == [
        ("/abilities/0/effects/0", 'missing the required field "do"')]


def test_a_star_power_is_refused_by_the_schema_and_by_the_engine() -> None:
    card = {**card_with("effect", {"do": "proliferate"}), "name": "Tarmogoyf", "power": "*",
            "toughness": "1+*"}
    found = [(p.pointer, p.message) for p in problems(card)]
    assert [pointer for pointer, _ in found] == ["/power", "/toughness"]
    assert all("characteristic-defining ability, CR 604.3 and 208.2a, is not modelled" in m for _, m in found)
    refused = r"card 'Tarmogoyf': power '\*' is not a number; .*CR 604\.3, 208\.2a"
    with pytest.raises(BadCardData, match=refused):
        card_from_json(card)
    assert card_from_json({**card, "power": "-1", "toughness": None}).power == -1


CASES = st.one_of(strategies.proliferate_cases(), strategies.counter_event_cases(), strategies.mana_cases(),
                  strategies.targeting_cases(), protected_targets_cases(),
                  restricted_mana_cases().map(lambda drawn: drawn[0]), copy_with_counters_cases(),
                  ability_target_cases())


@given(CASES)
def test_the_fuzzers_generated_cards_are_valid(case: dict[str, Any]) -> None:
    cards = case.get("cards", [])
    for card in cards.values() if isinstance(cards, dict) else cards:
        assert problems(card) == [], card["name"]
