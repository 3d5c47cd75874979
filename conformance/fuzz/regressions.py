"""Regression capture: a property's shrunk counterexample becomes a permanent, schema-valid case.

When an invariant fails, :func:`report` puts the case in the Hypothesis report (``note``) and, on the
final (shrunk) replay only, writes it to ``suites/staging/`` (or ``$MTGC_REGRESSIONS_DIR``) with
``origin: {kind: fuzz, area, invariant}``, the CR rules in ``rules`` and the invariant's correct
outcome as ``expect``, so every engine runs it from then on. The file is validated (schema and the
cross-file checks) before it is written. A find stays in ``staging/`` (it runs like any case) until
someone triages it into the folder of the rule that decides it (``suites/README.md``).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import cast

from hypothesis import note
from hypothesis.control import current_build_context
from hypothesis.errors import InvalidArgument

from conformance import paths
from conformance.cases.checks import check_case
from conformance.cases.loader import Catalogue
from conformance.cases.validate import Schemas, load_schemas, schema_problems
from conformance.documents import Case

ENV_DIR = "MTGC_REGRESSIONS_DIR"
_SCHEMAS: list[Schemas] = []


class InvariantFailed(AssertionError):
    """A fuzz invariant does not hold; ``path`` is the regression case written for it, if any."""

    def __init__(self, message: str, path: Path | None) -> None:
        super().__init__(message + (f"\nregression case written to {path}" if path else ""))
        self.path = path


def regressions_dir() -> Path:
    """Where new finds are written: ``$MTGC_REGRESSIONS_DIR``, else ``suites/staging/``."""
    return Path(os.environ.get(ENV_DIR) or paths.staging_dir())


def is_final() -> bool:
    """True on Hypothesis's final replay of the minimal example, and outside any Hypothesis test."""
    try:
        return bool(current_build_context().is_final)
    except InvalidArgument:
        return True


def schemas() -> Schemas:
    if not _SCHEMAS:
        _SCHEMAS.append(load_schemas())
    return _SCHEMAS[0]


def case_problems(case: Mapping[str, object]) -> list[str]:
    """Schema and semantic problems of a case that only uses inline cards (empty: it is valid)."""
    from conformance.cases.rules import load_rules

    found = [str(p) for p in schema_problems(schemas().case, "case", case)]
    found += [
        f"{where}: {message}" for where, message in check_case("case", case, Catalogue(), load_rules(), None)
    ]
    return found


def regression_case(
    case: Case,
    *,
    area: str,
    invariant: str,
    rules: Sequence[str],
    expect: Mapping[str, object] | None = None,
    message: str = "",
    engine: str | None = None,
) -> dict[str, object]:
    """The regression case for a failing example (a case, checked by :func:`case_problems` before it is
    saved). ``engine`` (differential fuzzing): the other engine, which disagreed with the reference
    engine; the case then has ``origin.kind`` ``differential``."""
    body = {k: v for k, v in case.items() if k not in ("id", "origin", "rules", "expect", "title")}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:10]
    kind = "differential" if engine else "fuzz"
    origin: dict[str, str] = {"kind": kind, "area": area, "invariant": invariant}
    if engine:
        origin["engine"] = engine
    origin["found"] = datetime.date.today().isoformat()
    out: dict[str, object] = {
        "id": f"{'diff' if engine else 'fuzz'}-{area}-{invariant}-{digest}",
        "title": (f"Engines disagree ({area}): {engine}" if engine
                  else f"Fuzzer finding ({area}): {invariant.replace('-', ' ')}")[:160],
        "origin": origin,
        "rules": list(dict.fromkeys(rules)),
    }
    out.update(body)
    out["expect"] = case.get("expect", {}) if expect is None else expect
    notes = [case.get("notes", ""), f"Found by the fuzzer: {message}" if message else ""]
    out["notes"] = " ".join(n for n in notes if n).strip() or "Found by the fuzzer."
    order = [
        "id",
        "title",
        "origin",
        "rules",
        "features",
        "level",
        "notes",
        "cards",
        "setup",
        "script",
        "decisions",
        "expect",
    ]
    return {k: out[k] for k in order if k in out}


def with_forced_marks(case: dict[str, object]) -> dict[str, object]:
    """The case with its forced decisions marked as the reference engine judges them (spec/README.md
    1.4), so an engine that takes a forced decision itself is not failed for not asking it."""
    from conformance.cases.forced import with_marks
    from conformance.cases.loader import inline_cards

    if not case.get("decisions"):
        return case
    return {**case, "decisions": with_marks(case, inline_cards(cast(Case, case)))}


def save(case: Mapping[str, object], directory: Path | None = None) -> Path:
    directory = directory or regressions_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{case['id']}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(case, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def report(
    case: Case,
    *,
    area: str,
    invariant: str,
    rules: Sequence[str],
    problems: Sequence[str],
    expect: Mapping[str, object] | None = None,
    engine: str | None = None,
) -> None:
    """Raise :class:`InvariantFailed` for ``problems`` (if any), writing the regression case when final."""
    if not problems:
        return
    message = "; ".join(problems)[:2000]
    reg = regression_case(
        case, area=area, invariant=invariant, rules=rules, expect=expect, message=message, engine=engine
    )
    note(json.dumps(reg, ensure_ascii=False))
    path = None
    if is_final():
        reg = with_forced_marks(reg)
        invalid = case_problems(reg)
        if invalid:
            raise InvariantFailed(
                f"{message}\n(the regression case is not valid, not written: {invalid})", None
            )
        path = save(reg)
    raise InvariantFailed(f"[{area}/{invariant}, CR {', '.join(rules)}] {message}", path)
