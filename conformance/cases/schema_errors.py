"""Turn jsonschema's errors into one plain-words line each, with a JSON pointer.

``oneOf`` failures (a script action, a ref, a decision's answer) are narrowed to the branch the
instance was evidently meant to be (its ``action`` const matches, its type fits); failing that,
``jsonschema.exceptions.best_match`` picks the most relevant sub-error. So a wrong field in a
``cast`` action reads "unknown field", not nine failed alternatives. A branch with a ``title`` (the
card schema's ``effect.<kind>``, ``trigger.<kind>``, ``replacement.<kind>``) is named in its unknown
and missing field messages, with the rule its ``description`` cites; a discriminator that matches no
branch (an unknown ``do``) reads as the list of the kinds there are.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Iterator, Sequence

from jsonschema.exceptions import ValidationError, best_match  # type: ignore[import-untyped]

_TYPE_WORDS = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "null": "null",
}

# Patterns of the case schema, said in words.
_PATTERN_WORDS = {
    "^[a-z][a-z0-9_]*$": "an alias (lowercase letters, digits and _, starting with a letter)",
    "^[a-z0-9]+(-[a-z0-9]+)*$": "a slug (lowercase words joined by hyphens, e.g. proliferate-each-kind)",
    "^[1-9][0-9]{2}(\\.[0-9]+[a-z]?)?$": "a Comprehensive Rules number such as 704, 122.6 or 701.34a",
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}$": "a date written YYYY-MM-DD",
    "^([+-][0-9]+/[+-][0-9]+|[a-z][a-z -]*[a-z])$": "a counter kind as printed (+1/+1, poison, lore, ...)",
    "^-?[0-9]+$": (
        "a whole number as printed (a * defined by a characteristic-defining ability, CR 604.3 and "
        "208.2a, is not modelled)"
    ),
}


def pointer(path: Iterable[object]) -> str:
    """RFC 6901 JSON pointer for a path of keys and indexes."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


def _short(value: object, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _expected_type(spec: object) -> str:
    types = spec if isinstance(spec, list) else [spec]
    return " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in types)


def _choices(options: Sequence[object], got: object) -> str:
    words = [_short(o) for o in options]
    listed = ", ".join(words) if len(words) <= 12 else ", ".join(words[:12]) + f", … ({len(words)} in all)"
    hint = ""
    if isinstance(got, str):
        close = difflib.get_close_matches(got, [o for o in options if isinstance(o, str)], n=1)
        if close:
            hint = f"; did you mean {_short(close[0])}?"
    return f"{_short(got)} is not one of the allowed values ({listed}){hint}"


_CITED = re.compile(r"^CR [0-9]{3}(\.[0-9]+[a-z]?)?(, [0-9]{3}(\.[0-9]+[a-z]?)?)*")


def _in_branch(schema: object) -> str:
    """' for effect "unless" (CR 118.12a)': the branch's title and the rule its description cites."""
    if not isinstance(schema, dict):
        return ""
    title = schema.get("title")
    if not isinstance(title, str):
        return ""
    cited = _CITED.match(str(schema.get("description", "")))
    return f" for {title}" + (f" ({cited.group(0)})" if cited else "")


def _branches(error: ValidationError) -> dict[int, list[ValidationError]]:
    grouped: dict[int, list[ValidationError]] = {}
    for sub in error.context or []:
        index = sub.relative_schema_path[0] if sub.relative_schema_path else -1
        grouped.setdefault(int(index), []).append(sub)
    return grouped


def _disqualified(errors: list[ValidationError]) -> bool:
    """A branch the instance plainly is not: wrong type, or a discriminating const that differs."""
    for sub in errors:
        depth = len(sub.relative_path)
        if sub.validator == "type" and depth == 0:
            return True
        if sub.validator == "const" and depth <= 1:
            return True
        if sub.validator == "enum" and depth == 0:
            kinds = {_kind(option) for option in sub.validator_value}
            if _kind(sub.instance) not in kinds:  # an object is plainly not one of some strings
                return True
        nested = sub.validator in ("oneOf", "anyOf") and depth == 0 and bool(sub.context)
        if nested and all(_disqualified(errs) for errs in _branches(sub).values()):
            return True
    return False


def _one_of(error: ValidationError) -> Iterator[tuple[str, str]]:
    if not error.context:
        yield pointer(error.absolute_path), "matches more than one of the allowed forms; make it unambiguous"
        return
    branches = _branches(error)
    candidates = [errs for errs in branches.values() if not _disqualified(errs)]
    if len(candidates) == 1:
        yield from describe_all(candidates[0])
        return
    if not candidates:
        unknown = _unknown_discriminator(error, list(branches.values()))
        if unknown is not None:
            yield unknown
            return
    pool = [sub for errs in candidates for sub in errs] or list(error.context)
    best = best_match(pool)
    yield from describe(best)


def _unknown_discriminator(error: ValidationError,
                           branches: list[list[ValidationError]]) -> tuple[str, str] | None:
    """Every branch is ruled out by a ``const`` on the same field (``do``, ``on``, ``event``): the value
    is none of the kinds, so say which kinds there are (and the closest one)."""
    consts: list[object] = []
    field: tuple[str | int, ...] | None = None
    for errs in branches:
        found = [e for e in errs if e.validator == "const" and len(e.relative_path) == 1]
        if not found or (field is not None and tuple(found[0].relative_path) != field):
            return None
        field = tuple(found[0].relative_path)
        consts.append(found[0].validator_value)
    if field is None or not isinstance(error.instance, dict):
        return None
    return pointer([*error.absolute_path, *field]), _choices(consts, error.instance.get(field[0]))


def describe(error: ValidationError) -> Iterator[tuple[str, str]]:
    """(pointer, plain-words message) pairs for one jsonschema error."""
    where = pointer(error.absolute_path)
    kind = error.validator
    value = error.validator_value
    instance = error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}
    if kind in ("oneOf", "anyOf"):
        yield from _one_of(error)
    elif kind == "required":
        present = instance if isinstance(instance, dict) else {}
        for name in value:
            if name not in present:
                yield where, f"missing the required field {_short(name)}{_in_branch(schema)}"
    elif kind == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        for name in sorted(instance) if isinstance(instance, dict) else []:
            if name not in allowed:
                close = difflib.get_close_matches(name, allowed, n=1)
                hint = f"did you mean {_short(close[0])}? " if close else ""
                fields = ", ".join(allowed) if allowed else "none"
                yield (where + pointer([name]),
                       f"unknown field {_short(name)}{_in_branch(schema)}; {hint}allowed here: {fields}")
    elif kind == "type":
        shown = "" if instance is None or isinstance(instance, bool) else f" ({_short(instance)})"
        yield where, f"expected {_expected_type(value)}, found {_kind(instance)}{shown}"
    elif kind == "enum":
        yield where, _choices(list(value), instance)
    elif kind == "const":
        yield where, f"must be {_short(value)}, found {_short(instance)}"
    elif kind == "pattern":
        words = _PATTERN_WORDS.get(str(value), f"text matching /{value}/")
        yield where, f"{_short(instance)} is not {words}"
    elif kind == "minLength":
        yield where, f"too short: at least {value} characters, found {len(instance)}"
    elif kind == "maxLength":
        yield where, f"too long: at most {value} characters, found {len(instance)}"
    elif kind == "minItems":
        yield where, f"needs at least {value} item{'s' if value != 1 else ''}, found {len(instance)}"
    elif kind == "maxItems":
        yield where, f"allows at most {value} items, found {len(instance)}"
    elif kind == "uniqueItems":
        yield where, "lists the same item more than once"
    elif kind == "minimum":
        yield where, f"must be at least {value}, found {_short(instance)}"
    elif kind == "maximum":
        yield where, f"must be at most {value}, found {_short(instance)}"
    elif kind == "minProperties":
        yield where, f"needs at least {value} field{'s' if value != 1 else ''}"
    elif kind == "propertyNames":
        for sub in error.context or []:
            for _, message in describe(sub):
                yield (
                    where + pointer([sub.instance]),
                    f"the key {_short(sub.instance)} is not valid: {message}",
                )
    elif kind is False or kind == "false":
        yield where, "nothing is allowed here"
    else:
        yield where, error.message


def _path_key(error: ValidationError) -> list[tuple[int, int, str]]:
    return [(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in error.absolute_path]


def describe_all(errors: Iterable[ValidationError]) -> list[tuple[str, str]]:
    """Describe a batch of sibling errors; a failed ``oneOf`` beside a plainer error at the same
    place or below it (an unknown ``action`` fails its ``enum`` and every branch) is left out as noise."""
    errors = list(errors)
    plain_at = [tuple(e.absolute_path) for e in errors if e.validator not in ("oneOf", "anyOf")]
    out: list[tuple[str, str]] = []
    for error in sorted(errors, key=_path_key):
        here = tuple(error.absolute_path)
        if error.validator in ("oneOf", "anyOf") and any(p[: len(here)] == here for p in plain_at):
            continue
        for item in describe(error):
            if item not in out:
                out.append(item)
    return out
