"""``mtgc coverage``: what became of the official rulings on the suite's topics, and which Comprehensive
Rules the cases cite, from the rulings ledger (:mod:`conformance.cases.ledger`) and the suite.

Statuses are those of the ledger merged again with the suite as it is now (``encoded`` is always
computed, :func:`conformance.cases.ledger.refresh`); when that differs from what the ledger file
says, :attr:`Coverage.stale` says how, and ``tools/build_ledger.py --refresh`` brings the file up
to date. A rule of a topic section counts as cited when a case cites it or one of its subrules
(``rules``, and the rule its ``origin`` is built on).
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from conformance import paths
from conformance.cases import ledger
from conformance.cases.ledger_topics import OTHER, TOPICS
from conformance.cases.loader import discover, read_json
from conformance.cases.rules import RuleIndex
from conformance.report.html import CSP, CSS

#: The CR sections whose rules the topics' cases should reach (issue 18).
TOPIC_SECTIONS = (
    "106", "107", "115", "117", "118", "122",
    *(str(n) for n in range(601, 617)),
    "700", "701", "702",
)  # fmt: skip


def _parent(number: str) -> str | None:
    """702.4b -> 702.4 -> 702 -> None."""
    if number[-1].isalpha():
        return number[:-1]
    return number.split(".")[0] if "." in number else None


@dataclass
class SectionRules:
    section: str
    title: str
    rules: int
    cited: int

    @property
    def share(self) -> float:
        return self.cited / self.rules if self.rules else 0.0


@dataclass
class Coverage:
    rulings: int = 0  # entries of the ledger
    on_topic: int = 0  # entries on counters, mana or targeting (not kept only because a case quotes them)
    by_topic: dict[str, dict[str, int]] = field(default_factory=dict)  # topic -> status -> entries
    totals: dict[str, int] = field(default_factory=dict)  # status -> entries on topic
    decided_by: dict[str, int] = field(default_factory=dict)  # suite / hand / rule:<name> -> entries
    mechanics: dict[str, int] = field(default_factory=dict)  # blocking mechanic -> entries, most first
    keywords: dict[str, int] = field(default_factory=dict)  # unsupported keyword -> entries, most first
    reasons: dict[str, int] = field(default_factory=dict)  # out-of-scope reason -> entries
    cases_quoting: int = 0  # cases whose ruling is a ledger entry
    seed_only_quotes: int = 0  # quoted texts that are founding seeds' and not in the rulings data
    unlisted: dict[str, list[str]] = field(default_factory=dict)  # quoted text the ledger lacks -> cases
    stale: int = 0  # entries whose status in the file differs from the recomputed one
    sections: list[SectionRules] = field(default_factory=list)

    @property
    def rules_total(self) -> int:
        return sum(s.rules for s in self.sections)

    @property
    def rules_cited(self) -> int:
        return sum(s.cited for s in self.sections)

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["sections"] = [{**asdict(s), "share": round(s.share, 4)} for s in self.sections]
        data["rules"] = {"total": self.rules_total, "cited": self.rules_cited}
        return data


def _count(values: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(values).items(), key=lambda kv: (-kv[1], kv[0])))


def cited_by_cases(cases: Iterable[Mapping[str, Any]]) -> set[str]:
    found: set[str] = set()
    for case in cases:
        rules = case.get("rules")
        found.update(r for r in rules if isinstance(r, str)) if isinstance(rules, list) else None
        origin = case.get("origin")
        if isinstance(origin, dict) and isinstance(origin.get("rule"), str):
            found.add(origin["rule"])
    return found


def section_rules(rules: RuleIndex, cited: set[str]) -> list[SectionRules]:
    reached = set()
    for number in cited:
        here: str | None = number
        while here is not None:
            reached.add(here)
            here = _parent(here)
    rows = []
    for section in TOPIC_SECTIONS:
        members = [n for n in rules.text_of if n.split(".")[0] == section]
        title = rules.text_of.get(section, section).split(" ", 1)[-1]
        rows.append(SectionRules(section, title, len(members), sum(1 for n in members if n in reached)))
    return rows


def compute(
    data: Mapping[str, Any],
    cases: Sequence[Mapping[str, Any]],
    rules: RuleIndex,
    triage: Mapping[str, Any],
    seeds: set[str],
) -> Coverage:
    """The coverage of the ledger ``data`` by ``cases`` (each case's JSON), against ``rules``."""
    quotes: dict[str, set[str]] = {}
    for case in cases:
        ruling = case.get("ruling")
        if isinstance(ruling, dict) and isinstance(ruling.get("text"), str):
            quotes.setdefault(ledger.normalised(ruling["text"]), set()).add(str(case.get("id")))
    sorted_quotes = {t: sorted(ids) for t, ids in quotes.items()}
    stored = {e["id"]: e for e in data["rulings"]}
    current = ledger.refresh(data, sorted_quotes, triage)["rulings"]
    texts = {ledger.normalised(e["text"]) for e in current}
    report = Coverage(rulings=len(current))
    report.stale = sum(1 for e in current if stored.get(e["id"]) != e) + len(
        stored.keys() - {e["id"] for e in current}
    )
    for topic in (*TOPICS, OTHER):
        members = [e for e in current if topic in e["topics"]]
        if members:
            counts = Counter(e["status"] for e in members)
            report.by_topic[topic] = {s: counts.get(s, 0) for s in ledger.STATUSES}
    on_topic = [e for e in current if e["topics"] != [OTHER]]
    report.on_topic = len(on_topic)
    counts = Counter(e["status"] for e in on_topic)
    report.totals = {s: counts.get(s, 0) for s in ledger.STATUSES}
    report.decided_by = _count(e.get("by", "untriaged") for e in current)
    blocked = [e for e in current if e["status"] == "blocked"]
    report.mechanics = _count(m for e in blocked for m in e["mechanics"])
    report.keywords = _count(k for e in blocked for k in e.get("keywords", []))
    report.reasons = _count(e["reason"] for e in current if e["status"] == "out-of-scope")
    report.cases_quoting = len({c for t, ids in quotes.items() if t in texts for c in ids})
    report.seed_only_quotes = sum(1 for t in quotes if t not in texts and t in seeds)
    report.unlisted = {t: ids for t, ids in sorted_quotes.items() if t not in texts and t not in seeds}
    report.sections = section_rules(rules, cited_by_cases(cases))
    return report


def suite_cases(suite: Path | None = None) -> list[dict[str, Any]]:
    """Every case of the suite that reads as a JSON object (``mtgc validate`` reports the others)."""
    found, _, _ = discover([suite or paths.suites_dir()])
    cases = []
    for path in found:
        data, problem = read_json(path)
        if problem is None and isinstance(data, dict):
            cases.append(data)
    return cases


# -- output --------------------------------------------------------------------------------------
def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "0.0%"


def headline(report: Coverage) -> list[str]:
    """The figures the README shows (tools/build_ledger.py writes them there)."""
    t = report.totals
    other = sum(report.by_topic.get(OTHER, {}).values())
    top = ", ".join(f"{m} {n:,}" for m, n in list(report.mechanics.items())[:3]) or "none yet"
    return [
        f"- **{report.on_topic:,} official rulings on counters, mana and targeting**: {t['encoded']:,} "
        f"encoded ({percent(t['encoded'], report.on_topic)}), {t['blocked']:,} blocked, "
        f"{t['out-of-scope']:,} out of scope, {t['untriaged']:,} untriaged.",
        "- Per topic, encoded of rulings (a ruling can be on two): "
        + "; ".join(
            f"{topic} {row['encoded']:,} of {sum(row.values()):,}"
            for topic, row in report.by_topic.items()
            if topic != OTHER
        )
        + f". Besides, {other:,} rulings on other subjects are quoted by cases.",
        f"- Top blocking mechanics: {top}.",
        f"- CR rules of the topic sections cited by cases: {report.rules_cited:,} of {report.rules_total:,} "
        f"({percent(report.rules_cited, report.rules_total)}).",
    ]


def _table(head: list[str], rows: list[list[object]]) -> list[str]:
    cells = [head, *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(head))]

    def line(row: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )

    return [line(cells[0]), line(["-" * w for w in widths]), *(line(r) for r in cells[1:])]


def status_rows(report: Coverage) -> list[list[object]]:
    rows: list[list[object]] = [
        [t, *row.values(), sum(row.values())] for t, row in report.by_topic.items() if t != OTHER
    ]
    rows.append(["on topic (each ruling once)", *report.totals.values(), report.on_topic])
    if OTHER in report.by_topic:  # after the total: these are not on the topics
        rows.append([OTHER, *report.by_topic[OTHER].values(), sum(report.by_topic[OTHER].values())])
    return rows


def render_text(report: Coverage, top: int = 10) -> str:
    out = [*headline(report), ""]
    out += _table(["topic", *ledger.STATUSES, "rulings"], status_rows(report)) + [""]
    out.append("status decided by: " + ", ".join(f"{k} {v:,}" for k, v in report.decided_by.items()))
    out.append(
        f"cases quoting a ledger ruling: {report.cases_quoting:,}; founding seeds quoted that are not in the "
        f"rulings data: {report.seed_only_quotes}"
    )
    if report.mechanics:
        out += ["", f"blocking mechanics (top {top}):"]
        out += _table(["mechanic", "rulings"], [[m, n] for m, n in list(report.mechanics.items())[:top]])
    if report.keywords:
        out += ["", f"unsupported keywords (top {top}):"]
        out += _table(["keyword", "rulings"], [[k, n] for k, n in list(report.keywords.items())[:top]])
    if report.reasons:
        out += ["", "out of scope:"] + _table(
            ["reason", "rulings"], [[r, n] for r, n in report.reasons.items()]
        )
    out += ["", "CR rules of the topic sections cited by cases (a rule or one of its subrules):"]
    out += _table(
        ["section", "rules", "cited", "share"],
        [[f"{s.section} {s.title}", s.rules, s.cited, percent(s.cited, s.rules)] for s in report.sections]
        + [
            ["total", report.rules_total, report.rules_cited, percent(report.rules_cited, report.rules_total)]
        ],
    )
    return "\n".join(out) + "\n"


def warnings(report: Coverage) -> list[str]:
    found = []
    if report.unlisted:
        cases = sorted(c for ids in report.unlisted.values() for c in ids)
        found.append(
            f"{len(report.unlisted)} quoted ruling text(s) are not in the ledger "
            f"(cases {', '.join(cases[:5])}"
            + (" ..." if len(cases) > 5 else "")
            + "): rebuild it, python tools/build_ledger.py (needs ../shared/rules)"
        )
    if report.stale:
        found.append(
            f"suites/ledger.json is out of date: {report.stale} entr(y/ies) would change with the suite "
            "and the triage file as they are; python tools/build_ledger.py --refresh"
        )
    return found


def e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _html_table(head: list[str], rows: list[list[object]]) -> str:
    cells = "".join(
        "<tr>" + "".join(f"<td{' class=n' if i else ''}>{e(c)}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    return "<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + f"</tr>{cells}</table>"


def render_html(report: Coverage) -> str:
    """One static page (no script, no network), every value escaped."""
    items = "".join(f"<li>{e(line.removeprefix('- ').replace('**', ''))}</li>" for line in headline(report))
    parts = [
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>",
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        f"<title>Rulings coverage</title><style>{CSS}</style></head><body>",
        "<h1>Rulings coverage</h1>",
        f"<ul>{items}</ul>",
        *(f"<p><b>warning:</b> {e(w)}</p>" for w in warnings(report)),
        "<h2>Per topic</h2>",
        _html_table(["topic", *ledger.STATUSES, "rulings"], status_rows(report)),
        "<h2>Decided by</h2>",
        _html_table(["by", "rulings"], [[k, v] for k, v in report.decided_by.items()]),
        "<h2>Blocking mechanics</h2>",
        _html_table(
            ["mechanic", "what", "rulings"],
            [[m, ledger.MECHANICS.get(m, ""), n] for m, n in report.mechanics.items()],
        ),
        "<h2>Unsupported keywords</h2>",
        _html_table(["keyword", "rulings"], [[k, n] for k, n in report.keywords.items()]),
        "<h2>Out of scope</h2>",
        _html_table(
            ["reason", "what", "rulings"],
            [[r, ledger.REASONS.get(r, ""), n] for r, n in report.reasons.items()],
        ),
        "<h2>CR rules cited by cases</h2>",
        _html_table(
            ["section", "rules", "cited", "share"],
            [
                [f"{s.section} {s.title}", s.rules, s.cited, percent(s.cited, s.rules)]
                for s in report.sections
            ],
        ),
        "</body></html>\n",
    ]
    return "".join(parts)


def render_json(report: Coverage) -> str:
    return json.dumps(report.as_json(), indent=1, ensure_ascii=False) + "\n"


def of_suite(data: Mapping[str, Any], triage: Mapping[str, Any], suite: Path | None = None) -> Coverage:
    """The coverage of the ledger ``data`` by the suite under ``suite`` (default: the installed one).
    Raises OSError / UnicodeDecodeError (the CR text) and ValueError (the seeds); callers report them."""
    from conformance.cases.rules import load_rules

    root = suite or paths.suites_dir()
    seeds_file = root / paths.SEEDS_FILE
    seeds = json.loads(seeds_file.read_text(encoding="utf-8")) if seeds_file.exists() else []
    if not isinstance(seeds, list):
        raise ValueError(f"{seeds_file}: expected a list of rulings")
    texts = ledger.seed_texts(s for s in seeds if isinstance(s, dict))
    return compute(data, suite_cases(root), load_rules(), triage, texts)
