"""A quick "certainly valid" check for simple JSON Schemas, in front of ``jsonschema``.

``jsonschema`` walks an instance through generic machinery (a validator per node); for the
observation every answer carries, that cost more than running the reference engine. :func:`quick_check`
compiles a schema that uses only a small set of keywords (``type``, ``properties``, ``required``,
``additionalProperties``, ``items``, ``enum``, ``const``, ``anyOf``, ``oneOf``, ``allOf``,
``minLength``, ``maxLength``, ``minimum``, ``maximum``, local ``$ref``; annotations) into plain
closures. It is conservative: ``True`` only when ``jsonschema`` would find no error; anything it is
unsure about is ``False`` and the caller asks ``jsonschema`` as before, so every message is
unchanged. A schema with any other keyword compiles to ``None`` (always ask ``jsonschema``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any], bool]
ANNOTATIONS = frozenset(
    {
        "description",
        "title",
        "$id",
        "$schema",
        "$comment",
        "examples",
        "default",
        "$defs",
        "definitions",
        "deprecated",
        "readOnly",
        "writeOnly",
    }
)
_TYPES: dict[str, Check] = {
    "object": lambda v: type(v) is dict,
    "array": lambda v: type(v) is list,
    "string": lambda v: type(v) is str,
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) in (int, float),
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}
_SCALARS = (str, int, float, bool, type(None))


class Unsupported(Exception):
    pass


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON scalars (True is not 1); containers are left to jsonschema."""
    return type(a) is type(b) and type(a) in _SCALARS and a == b


class _Compiler:
    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, ref: str) -> Check:
        if ref not in self.refs:
            parts = ref.split("/")
            if parts[0] != "#" or any("~" in p or "%" in p for p in parts):
                raise Unsupported(ref)
            target: Any = self.root
            for part in parts[1:]:
                if not isinstance(target, Mapping) or part not in target:
                    raise Unsupported(ref)
                target = target[part]
            slot: list[Check] = []
            self.refs[ref] = lambda v: slot[0](v)  # recursive schemas
            slot.append(self.compile(target))
        return self.refs[ref]

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return lambda v: True
        if schema is False:
            return lambda v: False
        if not isinstance(schema, Mapping):
            raise Unsupported(repr(schema))
        if "$id" in schema and schema is not self.root:
            raise Unsupported("$id")  # a new base URI for the refs below it
        checks: list[Check] = []
        for key, value in schema.items():
            if key in ANNOTATIONS:
                continue
            checks.append(self.keyword(key, value, schema))
        if not checks:
            return lambda v: True
        if len(checks) == 1:
            return checks[0]
        return lambda v: all(c(v) for c in checks)

    def keyword(self, key: str, value: Any, schema: Mapping[str, Any]) -> Check:
        if key == "type":
            names = [value] if isinstance(value, str) else list(value)
            if any(n not in _TYPES for n in names):
                raise Unsupported(key)
            tests = [_TYPES[n] for n in names]
            return tests[0] if len(tests) == 1 else (lambda v: any(t(v) for t in tests))
        if key == "properties":
            props = {name: self.compile(sub) for name, sub in value.items()}
            return lambda v: type(v) is not dict or all(props[k](v[k]) for k in props if k in v)
        if key == "required":
            names = list(value)
            return lambda v: type(v) is not dict or all(k in v for k in names)
        if key == "additionalProperties":
            if "patternProperties" in schema:
                raise Unsupported(key)
            known = frozenset(schema.get("properties", {}))
            extra = self.compile(value)
            return lambda v: type(v) is not dict or all(extra(x) for k, x in v.items() if k not in known)
        if key == "items":
            if "prefixItems" in schema or not isinstance(value, (Mapping, bool)):
                raise Unsupported(key)
            item = self.compile(value)
            return lambda v: type(v) is not list or all(item(x) for x in v)
        if key == "enum":
            options = list(value)
            return lambda v: any(_same(v, o) for o in options)
        if key == "const":
            return lambda v: _same(v, value)
        if key in ("anyOf", "oneOf", "allOf"):
            subs = [self.compile(sub) for sub in value]
            if key == "anyOf":
                return lambda v: any(s(v) for s in subs)
            if key == "allOf":
                return lambda v: all(s(v) for s in subs)
            return lambda v: sum(1 for s in subs if s(v)) == 1
        if key in ("minLength", "maxLength") and type(value) is int:
            if key == "minLength":
                return lambda v: type(v) is not str or len(v) >= value
            return lambda v: type(v) is not str or len(v) <= value
        if key in ("minimum", "maximum") and type(value) in (int, float):
            if key == "minimum":
                return lambda v: type(v) not in (int, float) or v >= value
            return lambda v: type(v) not in (int, float) or v <= value
        if key == "$ref" and isinstance(value, str):
            return self.ref(value)
        raise Unsupported(key)


def compile_schema(schema: Any) -> Check | None:
    """A conservative validity check for ``schema``, or None when it uses anything not covered."""
    try:
        return _Compiler(schema if isinstance(schema, Mapping) else {}).compile(schema)
    except (Unsupported, TypeError, AttributeError):
        return None


_COMPILED: dict[int, tuple[Any, Check | None]] = {}


def quick_check(schema: Any) -> Check | None:
    """:func:`compile_schema`, cached per schema object."""
    entry = _COMPILED.get(id(schema))
    if entry is None or entry[0] is not schema:
        entry = (schema, compile_schema(schema))
        _COMPILED[id(schema)] = entry
    return entry[1]
