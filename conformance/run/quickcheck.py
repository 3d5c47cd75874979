"""A quick "is it valid?" in front of ``jsonschema``: the compiled validator of ``jsonschema-rs``.

``jsonschema`` walks an instance through generic machinery (a validator per node); for the
observation every answer carries, that cost more than running the reference engine. ``jsonschema-rs``
checks the whole of JSON Schema 2020-12 about 5 times faster than the hand-written subset checker it
replaces (conformance/fastschema.py; ``python -m benchmarks.schema_check``) and 45 times faster than
``jsonschema``. It only says whether the instance is valid: an invalid one is left to ``jsonschema``,
whose ``best_match`` words the message (so every message is unchanged). A schema it cannot compile
here (a ``$ref`` to another file, never fetched: ``offline``) gives ``None``: always ask ``jsonschema``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import jsonschema_rs

from conformance.documents import JSONObject

Check = Callable[[object], bool]


def compile_schema(schema: JSONObject | bool,
                   resources: Sequence[tuple[str, JSONObject | bool]] = ()) -> Check | None:
    """The validity check of ``schema``, or None when jsonschema-rs can't compile it offline;
    ``resources``: the other schemas its ``$ref`` may name, by URI (the case schema's cards)."""
    try:
        registry = jsonschema_rs.Registry(list(resources)) if resources else None
        return jsonschema_rs.Draft202012Validator(schema, registry=registry, offline=True).is_valid
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError, TypeError):
        return None


_COMPILED: dict[int, tuple[object, Check | None]] = {}


def quick_check(schema: JSONObject | bool) -> Check | None:
    """:func:`compile_schema`, cached per schema object."""
    entry = _COMPILED.get(id(schema))
    if entry is None or entry[0] is not schema:
        entry = (schema, compile_schema(schema))
        _COMPILED[id(schema)] = entry
    return entry[1]
