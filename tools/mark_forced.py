"""Mark the case decisions that are forced, as the reference engine judges them.

A decision is forced when the rules leave exactly one legal answer (spec/README.md 1.4): the only
creature Prey Upon can fight, the only colour a land can make. An engine may take a forced decision
without asking, so the entry that scripts its answer carries ``"forced": true`` and an engine that
never asks it is not failed for that. An entry that answers a forced decision with something else is
an illegal answer (a negative case): it also carries ``"illegal": true``. This tool runs every case on
the reference engine and sets both marks (removing stale ones); tests/test_forced_decisions.py checks
them the same way, so no case drifts.

    python tools/mark_forced.py [PATH ...]      # default: the whole suite; prints what it changed
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.context import Decision, forced_answer  # noqa: E402
from engine.scenario import Script, build  # noqa: E402


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
            self.marks[self.decisions[-1]["used"]] = Mark(
                forced is not None, forced is not None and not _same(entry["answer"], only), len(self.steps))
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


def main(argv: list[str]) -> int:
    from conformance.cases.validate import validate
    from conformance.run.runner import gather_cards

    result = validate([Path(a) for a in argv] or None)
    if result.problems:
        print("the suite has problems: run `mtgc validate` first", file=sys.stderr)
        return 2
    changed = 0
    for found in result.cases:
        case = found.data
        found_marks = marks(case, gather_cards(case, result.catalogue_for(found)))
        entries = case.get("decisions", [])
        new = [marked(e, found_marks.get(i)) for i, e in enumerate(entries)]
        if new != entries:
            case["decisions"] = new
            found.path.write_text(json.dumps(case, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            changed += 1
            print(f"{found.path.resolve().relative_to(ROOT)}: "
                  + ", ".join(f"#{i} {'illegal ' if m.illegal else ''}forced"
                              for i, m in sorted(found_marks.items()) if m.forced))
    print(f"{changed} case file(s) changed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
