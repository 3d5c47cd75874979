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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance.cases.forced import Mark, marked, marks  # noqa: E402

__all__ = ["Mark", "main", "marked", "marks"]


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
