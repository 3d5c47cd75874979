"""Old case ids and the ids they became (``suites/aliases.json``).

When the suite was refiled by Comprehensive Rules section (tools/refolder.py), the case ids that
carried a generation batch number were renamed (``mana-9-exotic-orchard-…`` -> ``exotic-orchard-…``).
``aliases.json`` maps each old id to its new one, so what was written with the old ids keeps working:
baselines (``known-failures.json``), skip lists, published reports compared with ``mtgc diff``.

``resolve(case_id)`` gives the new id for an old one and the id itself otherwise; it never raises (a
broken ``aliases.json`` resolves nothing, and ``mtgc validate`` says what is wrong with it, see
:func:`check`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from functools import cache
from pathlib import Path

from conformance import paths
from conformance.cases.loader import Problem, display, read_json


def pointer(key: str) -> str:
    """The JSON pointer of a key of the top-level object."""
    return "/" + key.replace("~", "~0").replace("/", "~1")


def parse(path: Path) -> tuple[dict[str, str], list[Problem]]:
    """The aliases in ``path`` (``{}`` when there is no such file) and what is wrong with its form.

    Entries that are not ``"old-id": "new-id"`` strings are left out (and reported)."""
    if not path.exists():
        return {}, []
    data, problem = read_json(path)
    if problem is not None:
        return {}, [problem]
    name = display(path)
    if not isinstance(data, dict):
        return {}, [Problem(name, 'must be one object {"old-id": "new-id", ...}', pointer="")]
    aliases: dict[str, str] = {}
    problems: list[Problem] = []
    for old, new in data.items():
        if not isinstance(new, str) or not new:
            problems.append(Problem(name, f"the new id for {json.dumps(old)} must be a case id (a string), "
                                          f"not {json.dumps(new)}", pointer=pointer(old)))
        elif new == old:
            problems.append(Problem(name, f"{json.dumps(old)} is an alias of itself", pointer=pointer(old)))
        else:
            aliases[old] = new
    return aliases, problems


def check(path: Path, live_ids: Collection[str]) -> list[Problem]:
    """Every problem of an aliases file against the ids of the suite's cases (``live_ids``).

    Each alias must lead to a live case id in one step: its target is a live id, its key is not (an id
    that still names a case is no alias), and its target is not itself an alias (no chains)."""
    aliases, problems = parse(path)
    name = display(path)
    for old, new in sorted(aliases.items()):
        where = pointer(old)
        if old in live_ids:
            problems.append(Problem(name, f"{json.dumps(old)} is the id of a case, so it can't be an alias",
                                    pointer=where))
        if new in aliases:
            problems.append(Problem(name, f"alias chain: {json.dumps(new)} is itself an alias (of "
                                          f"{json.dumps(aliases[new])}); point {json.dumps(old)} at the "
                                          "final id", pointer=where))
        elif new not in live_ids:
            problems.append(Problem(name, f"{json.dumps(new)} is not the id of any case of the suite",
                                    pointer=where))
    return problems


@cache
def _load(path: Path) -> Mapping[str, str]:
    aliases, _problems = parse(path)
    return aliases


def load(path: Path | None = None) -> Mapping[str, str]:
    """The aliases of the suite (``suites/aliases.json``), or of the file ``path``; read once."""
    return _load((path or paths.aliases_path()).resolve())


def resolve(case_id: str, aliases: Mapping[str, str] | None = None) -> str:
    """The current id of ``case_id``: its new id when it is an old one, else ``case_id`` itself."""
    return (load() if aliases is None else aliases).get(case_id, case_id)


def resolve_all(case_ids: Iterable[str], aliases: Mapping[str, str] | None = None) -> list[str]:
    """``resolve`` for each id, in order (for ``--skip`` lists and the like)."""
    table = load() if aliases is None else aliases
    return [table.get(case_id, case_id) for case_id in case_ids]
