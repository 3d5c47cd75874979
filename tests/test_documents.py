"""conformance/documents.py stays the shape of the schemas: each TypedDict has the fields its schema
object has (and requires what it requires), each Literal the values of its schema's enum."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest

from conformance import documents as d
from conformance.paths import spec_dir


def schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((spec_dir() / name).read_text(encoding="utf-8"))
    return loaded


CASE = schema("case.schema.json")
CARD = schema("card.schema.json")
REPORT = schema("report.schema.json")
RESULT = schema("protocol/result.json")
DEFS = CASE["$defs"]


def fields(node: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(every property, the required ones) of a schema object, over its oneOf forms when it has them."""
    forms = node.get("oneOf") or [node]
    keys = {k for form in forms for k in form.get("properties", {})} | set(node.get("properties", {}))
    required = set.intersection(*(set(form.get("required", ())) for form in forms))
    return keys - {"$schema"}, required | set(node.get("required", ()))


SHAPES = [
    (d.Case, CASE),
    (d.Card, CARD),
    (d.Ruling, DEFS["ruling"]),
    (d.Origin, DEFS["origin"]),  # two forms in one TypedDict: kind is required in both
    (d.Query, DEFS["query"]),
    (d.CardObject, DEFS["card_object"]),
    (d.ExiledCard, DEFS["exiled_card"]),
    (d.Permanent, DEFS["permanent"]),
    (d.SetupPlayer, DEFS["player"]),
    (d.Setup, DEFS["setup"]),
    (d.Action, DEFS["action"]),  # nine forms in one TypedDict: action is required in all
    (d.DecisionEntry, DEFS["decision"]),
    (d.ObjectExpect, DEFS["object_expect"]),
    (d.PlayerExpect, DEFS["player_expect"]),
    (d.StackItemExpect, DEFS["stack_item_expect"]),
    (d.FindExpect, DEFS["find_expect"]),
    (d.View, DEFS["view"]),
    (d.Expect, DEFS["expect"]),
    (d.Rejection, DEFS["expect"]["properties"]["rejected"]["items"]),
    (d.EventsExpect, DEFS["expect"]["properties"]["events"]),
    (d.EventCount, DEFS["expect"]["properties"]["events"]["properties"]["count"]["items"]),
    (d.Report, REPORT),
    (d.ReportCase, REPORT["$defs"]["case"]),
    (d.DiffEntry, REPORT["$defs"]["case"]["properties"]["diff"]["items"]),
    (d.SuiteInfo, REPORT["properties"]["suite"]),
    (d.ReportSettings, REPORT["properties"]["settings"]),
    (d.Totals, REPORT["properties"]["totals"]),
    (d.ReportVerdict, REPORT["properties"]["verdict"]),
    (d.Software, REPORT["$defs"]["software"]),
    (d.AdapterSoftware, REPORT["properties"]["adapter"]),
    (d.Handshake, schema("protocol/handshake.json")),
    (d.Handshake, schema("protocol/v1/handshake.json")),
    (d.RunMessage, schema("protocol/run.json")),
    (d.RunMessageV1, schema("protocol/v1/run.json")),
    (d.ResultMessage, RESULT),
    (d.Observation, RESULT["$defs"]["observation"]),
    (d.StepResult, RESULT["$defs"]["observation"]["properties"]["steps"]["items"]),
]


@pytest.mark.parametrize(("shape", "node"), SHAPES, ids=[shape.__name__ for shape, _ in SHAPES])
def test_typed_dicts_have_the_fields_of_their_schema(shape: Any, node: dict[str, Any]) -> None:
    keys, required = fields(node)
    assert set(shape.__annotations__) == keys
    assert set(shape.__required_keys__) == required


def test_the_projection_has_at_least_the_fields_the_protocol_checks() -> None:
    assert set(RESULT["$defs"]["projection"]["properties"]) <= set(d.Projection.__annotations__)


def test_the_setup_zones_are_the_zones_of_a_setup_player() -> None:
    zones = set(DEFS["player"]["properties"]) - {"alias", "life", "counters", "mana_pool"}
    assert set(get_args(d.SetupZone)) == zones


def test_an_event_pattern_names_the_fields_of_an_event() -> None:
    # "derived" says who reported an event (the adapter, from the engine's state), not what happened:
    # the comparison ignores it, so a case's pattern cannot ask for it
    assert set(d.EventPattern.__annotations__) == set(d.Event.__annotations__) - {"derived"}


LITERALS = [
    (d.Level, CASE["properties"]["level"]["enum"]),
    (d.Step, DEFS["step"]["enum"]),
    (d.Zone, DEFS["zone"]["enum"]),
    (d.Feature, DEFS["feature"]["enum"]),
    (d.ActionKind, DEFS["action"]["properties"]["action"]["enum"]),
    (d.DecisionKind, DEFS["decision_kind"]["enum"]),
    (d.EventType, DEFS["event_type"]["enum"]),
    (d.Outcome, REPORT["$defs"]["outcome"]["enum"]),
    (d.FuzzArea, DEFS["origin"]["oneOf"][0]["properties"]["area"]["enum"]),
]


@pytest.mark.parametrize(("literal", "enum"), LITERALS)
def test_literals_are_the_enums_of_the_schemas(literal: Any, enum: list[str]) -> None:
    assert list(get_args(literal)) == enum
