"""``mtgc validate``: every problem in case files and card files, not just the first.

Checks, in order: the file reads as UTF-8 JSON (``file:line:column: message``); it matches its
schema (``file: /pointer: message``, in plain words); then the cross-file checks of
:mod:`conformance.cases.checks` (rulings against ``spec/rulings/official.json`` included) and, across the
files given, that case ids are unique, and (when a whole suite is validated) that its ``aliases.json``
leads each old id to a live one (:func:`conformance.cases.aliases.check`). Warnings (``file: /pointer:
warning: message``: a cited rule that seems off the case's topic, :mod:`conformance.cases.provenance`)
never make a file invalid.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast
from urllib.parse import urljoin

import jsonschema_rs
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import SchemaError  # type: ignore[import-untyped]
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from conformance import paths
from conformance.cases import aliases
from conformance.cases.checks import check_case
from conformance.cases.loader import (
    CaseFile,
    Catalogue,
    ParsedCase,
    Problem,
    catalogue_files,
    discover,
    display,
    load_cases,
    read_json,
    suite_root_of,
)
from conformance.cases.provenance import OfficialRulings, load_official, topic_warnings
from conformance.cases.rules import RuleIndex, Seed, load_rules, load_seeds
from conformance.cases.schema_errors import describe_all, pointer
from conformance.documents import Card, Case, JSONValue
from conformance.run.quickcheck import compile_schema

# Used until spec/card.schema.json exists: a card is an object with a name.
PLACEHOLDER_CARD_SCHEMA: dict[str, JSONValue] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["name"],
    "properties": {"name": {"type": "string", "minLength": 1}},
}


class SchemaProblem(Exception):
    """A schema file itself is missing or broken: nothing can be validated."""


@dataclass
class Schemas:
    """Each schema twice: ``jsonschema`` words the problems of an invalid file; ``jsonschema-rs``, about a
    thousand times faster here, says whether a file is valid at all (most are), so only the invalid
    ones pay for the words (the same split as :mod:`conformance.run.quickcheck`)."""

    case: Draft202012Validator
    card: Draft202012Validator
    case_is_valid: Callable[[object], bool] | None = None
    card_is_valid: Callable[[object], bool] | None = None


def load_schemas(spec_dir: Path | None = None) -> Schemas:
    """Both schemas in one ``referencing.Registry`` (the case schema's inline ``cards`` refer to
    ``card.schema.json``). Raises :class:`SchemaProblem`."""
    spec = spec_dir or paths.spec_dir()
    case_schema, problem = read_json(spec / paths.CASE_SCHEMA)
    if problem is not None:
        raise SchemaProblem(str(problem))
    card_path = spec / paths.CARD_SCHEMA
    card_schema: JSONValue = PLACEHOLDER_CARD_SCHEMA
    if card_path.exists():
        card_schema, problem = read_json(card_path)
        if problem is not None:
            raise SchemaProblem(str(problem))
    for path, schema in ((spec / paths.CASE_SCHEMA, case_schema), (card_path, card_schema)):
        try:
            if _meta_valid(schema):  # the quick yes; jsonschema words a no
                continue
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            raise SchemaProblem(f"{display(path)}: not a valid JSON Schema: {exc.message}") from exc
    default_id = "urn:mtgc:case.schema.json"
    case_id = str(case_schema.get("$id", default_id)) if isinstance(case_schema, dict) else default_id
    card_uri = urljoin(case_id, paths.CARD_SCHEMA)
    card_resource = Resource.from_contents(card_schema, default_specification=DRAFT202012)
    pairs = [
        (case_id, Resource.from_contents(case_schema, default_specification=DRAFT202012)),
        (card_uri, card_resource),
    ]
    own_id = card_schema.get("$id") if isinstance(card_schema, dict) else None
    if isinstance(own_id, str) and own_id != card_uri:
        pairs.append((own_id, card_resource))
    registry: Registry[JSONValue] = Registry().with_resources(pairs)
    quick = _quick_checks(case_schema, [(uri, r.contents) for uri, r in pairs])
    return Schemas(
        case=Draft202012Validator(case_schema, registry=registry),
        card=Draft202012Validator(card_schema, registry=registry),
        case_is_valid=quick[0] if quick else None,
        card_is_valid=quick[1] if quick else None,
    )


def _meta_valid(schema: JSONValue) -> bool:
    """Whether ``jsonschema-rs`` finds ``schema`` valid against its meta-schema (False: ask jsonschema)."""
    if not isinstance(schema, (dict, bool)):
        return False
    try:
        return bool(jsonschema_rs.meta.is_valid(schema))
    except (jsonschema_rs.ReferencingError, ValueError, TypeError):
        return False


def _quick_checks(case_schema: JSONValue, resources: list[tuple[str, JSONValue]]
                  ) -> tuple[Callable[[object], bool], Callable[[object], bool]] | None:
    """``jsonschema-rs`` validity checks of the case and the card schema (the card schema is the second
    resource), offline (:func:`conformance.run.quickcheck.compile_schema`); None when it can't compile
    them (then ``jsonschema`` answers alone)."""
    schemas = [(uri, s) for uri, s in resources if isinstance(s, (dict, bool))]
    card_schema = resources[1][1]
    if not isinstance(case_schema, (dict, bool)) or not isinstance(card_schema, (dict, bool)):
        return None
    case, card = compile_schema(case_schema, schemas), compile_schema(card_schema, schemas)
    return (case, card) if case and card else None


def schema_problems(validator: Draft202012Validator, file: str, data: object,
                    is_valid: Callable[[object], bool] | None = None) -> list[Problem]:
    """The schema's problems with ``data``, worded by ``jsonschema``; none at once when ``is_valid``
    (the quick check) accepts it."""
    try:
        if is_valid is not None and is_valid(data):
            return []
        errors = list(validator.iter_errors(data))
    except RecursionError:
        return [Problem(file, "nested too deeply to validate", pointer="")]
    return [Problem(file, message, pointer=where) for where, message in describe_all(errors)]


@dataclass
class Validation:
    """What ``validate`` found: the valid cases (ready to run), their catalogues, every problem."""

    cases: list[CaseFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    catalogues: dict[Path, Catalogue] = field(default_factory=dict)
    root_of: dict[Path, Path] = field(default_factory=dict)
    invalid_files: set[str] = field(default_factory=set)
    card_count: int = 0
    case_count: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def catalogue_for(self, case: CaseFile) -> Catalogue:
        root = self.root_of.get(case.path)
        return self.catalogues.get(root, Catalogue()) if root is not None else Catalogue()

    def add(self, problems: Sequence[Problem]) -> None:
        """Problems make their files invalid; warnings (``Problem.warning``) are only shown."""
        self.warnings.extend(p for p in problems if p.warning)
        errors = [p for p in problems if not p.warning]
        self.problems.extend(errors)
        self.invalid_files.update(p.file for p in errors)


def load_catalogue(root: Path, schemas: Schemas, result: Validation) -> Catalogue:
    catalogue = Catalogue()
    for path in catalogue_files(root):
        result.card_count += 1
        name = display(path)
        data, problem = read_json(path)
        if problem is not None:
            result.add([problem])
            continue
        problems = schema_problems(schemas.card, name, data, schemas.card_is_valid)
        result.add(problems)
        card_name = data.get("name") if isinstance(data, dict) else None
        if not isinstance(card_name, str):
            if not problems:
                result.add([Problem(name, 'a card file holds one card object with a "name"', pointer="")])
            continue
        if card_name in catalogue.cards:
            result.add(
                [
                    Problem(
                        name,
                        f"the card {json.dumps(card_name)} is already defined in "
                        f"{display(catalogue.files[card_name])}",
                        pointer="/name",
                    )
                ]
            )
            continue
        if not problems:
            # valid: it matched the card schema (schema_problems above)
            catalogue.cards[card_name] = cast(Card, data)
            catalogue.files[card_name] = path
    return catalogue


def validate(
    targets: Sequence[Path] | None = None,
    *,
    spec_dir: Path | None = None,
    rules: RuleIndex | None = None,
    seeds: dict[str, Seed] | None = None,
    official: OfficialRulings | None = None,
) -> Validation:
    """Validate case and card files under ``targets`` (default: the installed ``suites/``)."""
    result = Validation()
    targets = list(targets) if targets else [paths.suites_dir()]
    case_paths, card_paths, problems = discover(targets)
    result.add(problems)
    try:
        schemas = load_schemas(spec_dir)
    except SchemaProblem as exc:
        result.add([Problem("schema", str(exc))])
        return result
    if rules is None:
        try:
            rules = load_rules()
        except (OSError, UnicodeDecodeError) as exc:
            result.add([Problem(display(paths.cr_path()), f"cannot read the Comprehensive Rules: {exc}")])
    if seeds is None:
        try:
            seeds = load_seeds()
        except (OSError, ValueError, KeyError) as exc:
            result.add([Problem(display(paths.seeds_path()), f"cannot read the seed rulings: {exc}")])
    if official is None:
        try:
            official = load_official()
        except (OSError, ValueError, KeyError, TypeError) as exc:
            where = display(paths.official_rulings_path())
            result.add([Problem(where, f"cannot read the official rulings: {exc}")])

    by_folder: dict[Path, Path] = {}  # finding a folder's suite root walks up the tree: once a folder
    for path in case_paths:
        if path.parent not in by_folder:
            by_folder[path.parent] = suite_root_of(path)
    roots = {path: by_folder[path.parent] for path in case_paths}
    result.root_of = roots
    for root in sorted({*roots.values(), *(p.parent.parent for p in card_paths)}):
        result.catalogues[root] = load_catalogue(root, schemas, result)

    loaded, problems = load_cases(case_paths)
    result.add(problems)
    result.case_count = len(case_paths)
    owners: dict[str, list[ParsedCase]] = {}
    for case in loaded:
        if isinstance(case.data, dict) and isinstance(own_id := case.data.get("id"), str):
            owners.setdefault(own_id, []).append(case)
    for case in loaded:
        name = display(case.path)
        found = schema_problems(schemas.case, name, case.data, schemas.case_is_valid)
        if isinstance(case.data, dict):
            catalogue = result.catalogues.get(roots[case.path], Catalogue())
            try:
                checked = list(check_case(name, case.data, catalogue, rules, seeds, official))
                warned = [(pointer(p), m) for p, m in topic_warnings(case.data, rules, catalogue)]
            except Exception as exc:  # a check must never take the whole run down
                checked = [("", f"internal error while checking: {type(exc).__name__}: {exc}")]
                warned = []
            found += [Problem(name, message, pointer=where) for where, message in checked]
            result.warnings += [Problem(name, m, pointer=where, warning=True) for where, m in warned]
            others = [o for o in owners.get(case.case_id, []) if o is not case]
            if others and isinstance(case.data.get("id"), str):
                found.append(
                    Problem(
                        name,
                        f"duplicate case id {json.dumps(case.case_id)}: also used by "
                        + ", ".join(display(o.path) for o in others),
                        pointer="/id",
                    )
                )
        result.add(found)
        if not found:
            # valid: it matched the case schema (schema_problems above) and passed the checks
            result.cases.append(CaseFile(case.path, case.topic, cast(Case, case.data)))
    result.add(_alias_problems(targets, loaded))
    result.problems.sort(key=lambda p: (p.file, p.line or 0, p.pointer or ""))
    result.warnings.sort(key=lambda p: (p.file, p.pointer or ""))
    return result


def _alias_problems(targets: Sequence[Path], loaded: Sequence[ParsedCase]) -> list[Problem]:
    """The problems of the ``aliases.json`` of each whole suite among ``targets`` (a directory with
    ``cards/``): checked against the ids of all that suite's cases, so never for a part of a suite."""
    found: list[Problem] = []
    for target in targets:
        file = target / paths.ALIASES_FILE
        if not (target.is_dir() and (target / paths.CARDS_DIR).is_dir() and file.exists()):
            continue
        root = target.resolve()
        under: dict[Path, bool] = {}  # by folder: resolving each case's path is the slow part
        for case in loaded:
            if case.path.parent not in under:
                under[case.path.parent] = root in case.path.resolve().parents
        live = {case.case_id for case in loaded if under[case.path.parent]}
        found += aliases.check(file, live)
    return found
