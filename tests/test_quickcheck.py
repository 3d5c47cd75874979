"""conformance.run.quickcheck (jsonschema-rs in front of jsonschema): it must agree with jsonschema, both
ways, and leave the wording of every error to jsonschema."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.run.protocol import message_validator, observation_validator, schema_problem
from conformance.run.quickcheck import compile_schema, quick_check

KEYS = ["steps", "final", "unanswered", "outcome", "rule", "reason", "events", "type", "kind", "decisions"]
KEYS += ["snapshots", "players", "objects", "stack", "seq", "observation", "error", "unsupported", "detail"]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=False, width=16)
    | st.sampled_from(["", "ok", "rejected", "x", "final", "steps"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(KEYS),
            inner,
            max_size=5,
        )
    ),
    max_leaves=12,
)

OBSERVATION = {
    "steps": [{"outcome": "ok"}, {"outcome": "rejected", "rule": "302.6", "reason": "sick"}],
    "final": {"players": {"alice": {"life": 20}}, "objects": [{"alias": "bear"}], "stack": []},
    "snapshots": {"after": {"players": {}, "objects": [], "stack": []}},
    "events": [{"type": "spell_cast"}],
    "decisions": [{"kind": "targets"}],
    "unanswered": None,
}


def agrees(validator: Any, instance: Any) -> bool:
    quick = quick_check(validator.schema)
    assert quick is not None
    return bool(quick(instance)) == bool(validator.is_valid(instance))


def test_a_real_observation_takes_the_quick_path() -> None:
    validator = observation_validator()
    quick = quick_check(validator.schema)
    assert quick is not None and quick(OBSERVATION) and validator.is_valid(OBSERVATION)
    assert schema_problem(validator, OBSERVATION) is None


def test_invalid_observations_are_worded_by_jsonschema() -> None:
    validator = observation_validator()
    quick = quick_check(validator.schema)
    assert quick is not None
    for bad in (
        {},
        {"steps": [{"outcome": "maybe"}], "final": {}},
        {"steps": [], "final": {"objects": {}}},
        {"steps": [{"outcome": True}], "final": {}},
        {"steps": [], "unanswered": 3},
        [],
        None,
    ):
        assert not quick(bad) and not validator.is_valid(bad)
    problem = schema_problem(validator, {"steps": [{"outcome": "maybe"}], "final": {}}, "observation")
    assert problem == "observation.steps[0].outcome: 'maybe' is not one of ['ok', 'rejected']"


@settings(max_examples=300, deadline=None, database=None)
@given(json_values)
def test_quick_agrees_with_jsonschema_on_observations(instance: Any) -> None:
    assert agrees(observation_validator(), instance)


@settings(max_examples=300, deadline=None, database=None)
@given(json_values)
def test_quick_agrees_with_jsonschema_on_results(instance: Any) -> None:
    assert agrees(message_validator("result"), instance)


def test_a_schema_referring_to_another_file_is_left_to_jsonschema_and_nothing_is_fetched() -> None:
    run = message_validator("run").schema  # "$ref": ".../spec/v1/case.schema.json": offline or not at all
    assert compile_schema(run) is None
    assert compile_schema({"$ref": "https://example.com/x"}) is None
    assert compile_schema({"type": 5}) is None  # not a schema


def test_json_scalars_are_not_confused() -> None:
    check = compile_schema({"enum": [1, "a"], "type": ["integer", "string"]})
    assert check is not None and check(1) and check("a") and not check(True) and check(1.0)
