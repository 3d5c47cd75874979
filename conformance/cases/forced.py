"""Which decision entries of a case answer a forced decision, as the reference engine judges them.

A decision is forced when the rules leave exactly one legal answer (spec/README.md 1.4). The entry
that scripts it carries ``"forced": true``; one that answers it with something else is an illegal
answer and also carries ``"illegal": true``. Used by ``tools/mark_forced.py`` (the whole suite), by the
fuzzers when they save a case, and by tests/test_forced_decisions.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.context import Decision, forced_answer
from engine.scenario import Script, build


@dataclass(frozen=True)
class Mark:
    """How the reference engine used one decision entry."""

    forced: bool  # it answered a decision with exactly one legal answer
    illegal: bool  # ... and its answer was not that one
    step: int  # the script step it was asked during


class _Recording(Script):
    """The reference engine's script player, noting for each entry it uses whether it was forced."""

    def __init__(self, case: Mapping[str, Any], cards: Mapping[str, Any]) -> None:
        game, refs = build(case, cards)
        super().__init__(case, game, refs)
        self.marks: dict[int, Mark] = {}

    def _answer(self, d: Decision) -> Any:
        before = len(self.decisions)
        answer = super()._answer(d)
        if len(self.decisions) > before and self.decisions[-1].get("used") is not None:
            forced = forced_answer(d)
            only = None if forced is None else self.refs.answer_out(self.game, d, forced[0])
            entry = self.entries[self.decisions[-1]["used"]]
            # the forced answer, however the entry names it (an alias or a ``find`` query: compared as
            # the engine took it, and as the case would write it)
            other = forced is not None and answer != forced[0] and not _same(entry["answer"], only)
            self.marks[self.decisions[-1]["used"]] = Mark(forced is not None, other, len(self.steps))
        return answer


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def marks(case: Mapping[str, Any], cards: Mapping[str, Any]) -> dict[int, Mark]:
    """entry index -> how the reference engine used it (entries it never used are absent)."""
    script = _Recording(case, cards)
    script.run()
    return script.marks


def marked(entry: Mapping[str, Any], mark: Mark | None) -> dict[str, Any]:
    """The entry with its ``forced`` / ``illegal`` marks set (placed before ``answer``) or removed."""
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key in ("forced", "illegal"):
            continue
        if key == "answer" and mark is not None and mark.forced:
            out["forced"] = True
            if mark.illegal:
                out["illegal"] = True
        out[key] = value
    return out


def with_marks(case: Mapping[str, Any], cards: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The case's decision entries with their ``forced`` / ``illegal`` marks as the engine judges them."""
    found = marks(case, cards)
    return [marked(e, found.get(i)) for i, e in enumerate(case.get("decisions", []))]
