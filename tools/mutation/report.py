"""The report: JSON (every mutant's outcome) and a short markdown summary, per module and per operator."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .mutants import Equivalent, Mutant
from .oracle import Outcome


def _rate(killed: int, total: int) -> str:
    return f"{100 * killed / total:.0f}%" if total else "-"


def _code(text: str) -> str:
    return "`" + text.replace("|", "\\|") + "`" if text else "(several lines)"


def _table(outcomes: list[Outcome], key: Callable[[Mutant], str]) -> dict[str, dict[str, int]]:
    rows: dict[str, Counter[str]] = {}
    for o in outcomes:
        rows.setdefault(key(o.mutant), Counter())[o.status] += 1
    return {name: {"killed": c["killed"], "survived": c["survived"], "error": c["error"],
                   "total": c["killed"] + c["survived"]} for name, c in sorted(rows.items())}


def _mutant(m: Mutant) -> dict[str, Any]:
    return {"id": m.id, "file": m.file, "line": m.line, "operator": m.operator, "original": m.original,
            "mutated": m.mutated}


def _ran(o: Outcome) -> dict[str, Any]:
    """How many cases judged it, when only those that run its line did (0: no case runs it)."""
    return {} if o.cases_run is None else {"cases_run": o.cases_run}


def build(*, settings: dict[str, Any], outcomes: list[Outcome], equivalent: list[tuple[Mutant, Equivalent]],
          not_run: list[Mutant], seconds: float) -> dict[str, Any]:
    killed = sum(o.status == "killed" for o in outcomes)
    total = sum(o.status in ("killed", "survived") for o in outcomes)
    return {
        "settings": settings,
        "seconds": round(seconds, 1),
        "score": {"killed": killed, "total": total, "rate": round(killed / total, 4) if total else None,
                  "equivalent_excluded": len(equivalent),
                  "errors": sum(o.status == "error" for o in outcomes), "not_run": len(not_run),
                  "judged_in_fork": sum(o.forked for o in outcomes),
                  "mean_seconds_per_mutant": round(sum(o.seconds for o in outcomes) / len(outcomes), 2)
                  if outcomes else None},
        "per_module": _table(outcomes, lambda m: m.file),
        "per_operator": _table(outcomes, lambda m: m.family),
        "survivors": [{**_mutant(o.mutant), **_ran(o)} for o in outcomes if o.status == "survived"],
        "mutants": [{**_mutant(o.mutant), "status": o.status, "killed_by": o.killed_by, "seconds": o.seconds,
                     **_ran(o), **({"forked": True} if o.forked else {})} for o in outcomes],
        "equivalent": [{**_mutant(m), "reason": e.reason} for m, e in equivalent],
        "not_run": [m.id for m in not_run],
    }


def markdown(report: dict[str, Any]) -> str:
    s, score = report["settings"], report["score"]
    lines = [
        "# Mutation testing of engine/",
        "",
        f"`{s['command']}`: {s['mutants_in_engine']:,} mutants in engine/ (Cosmic Ray's core operators, "
        f"annotations left out); {s['selected']} selected (sample seed {s['seed']}), oracle `{s['oracle']}`, "
        f"{report['seconds']:.0f} s ({score['mean_seconds_per_mutant']} s per mutant).",
        "",
        f"**Score: {score['killed']} killed of {score['total']} "
        f"({_rate(score['killed'], score['total'])})**, "
        f"excluding {score['equivalent_excluded']} reviewed equivalent mutant(s) "
        f"(tools/mutation-equivalent.json); {score['errors']} not applicable, {score['not_run']} not run "
        "(time budget)." + (
            " Each mutant is judged by the cases that run its line (a coverage map of the unmutated "
            "engine); `cases run` 0 is a line no case runs." if s.get("select") == "coverage" else "") + (
            f" {score['judged_in_fork']} mutant(s) of function bodies were judged in a forked child of a "
            "load-once worker, the rest in a fresh `mtgc run`." if score.get("judged_in_fork") else ""),
        "",
    ]
    for title, table in (("module", report["per_module"]), ("operator", report["per_operator"])):
        lines += [f"| {title} | killed | survived | score |", "|---|---:|---:|---:|"]
        lines += [f"| {name} | {row['killed']} | {row['survived']} | {_rate(row['killed'], row['total'])} |"
                  for name, row in table.items()]
        lines.append("")
    lines += ["## Survivors", "", "| where | operator | line | mutated | cases run |",
              "|---|---|---|---|---:|"]
    lines += [f"| {m['file']}:{m['line']} | {m['operator']} | {_code(m['original'])} | "
              f"{_code(m['mutated'])} | {m.get('cases_run', 'all')} |" for m in report["survivors"]]
    return "\n".join(lines) + "\n"


def write(report: dict[str, Any], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (out / "summary.md").write_text(markdown(report), encoding="utf-8")
