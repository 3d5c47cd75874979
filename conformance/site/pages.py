"""The site's pages: ``index.html`` (the engines, the topic x engine matrix, every case with a filter)
and ``cases/<id>.html`` (the ruling, the CR rules, each engine's outcome and diff).

Every string that reaches a page goes through :func:`conformance.report.html.e` (HTML escaping,
quotes included) after the reports were scrubbed (:mod:`conformance.site.model`); the index's only
script is the fixed :data:`conformance.site.assets.SCRIPT`, allowed by its hash in the page's
Content-Security-Policy, and case pages have none.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from conformance.documents import CaseChange, JSONValue, ReportCase
from conformance.report.common import BAD, describe, percent, show
from conformance.report.diff import diff_reports
from conformance.report.html import e, failure_details
from conformance.site.assets import CSS, PAGE_CSP, PAGE_CSS, SCRIPT, index_csp
from conformance.site.model import Case, Engine, Site

ABSENT = "absent"  # the case is not in that engine's report (a newer case, or another selection)
OUTCOME_ORDER = ("pass", "fail", "error", "crash", "timeout", "not_applicable", "skipped", ABSENT)


def page_name(case_id: str) -> str:
    """The file of a case's page: its id when that is a plain slug (they are), else a safe form of it
    with a digest of the id (so two odd ids never share a page, and no id leaves ``cases/``)."""
    safe = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "_" for ch in case_id)[:120]
    if safe != case_id or not safe:
        safe = f"{safe}-{hashlib.sha256(case_id.encode('utf-8', 'surrogatepass')).hexdigest()[:10]}"
    return safe + ".html"


def head(title: str, csp: str, css: str = PAGE_CSS, extra: str = "") -> str:
    return (
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">{extra}'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)}</title>" + (f"<style>{css}</style>" if css else "") + "</head><body>"
    )


def outcome_of(entry: ReportCase | None) -> str:
    return entry["outcome"] if entry is not None else ABSENT


def badge(outcome: str, known: bool = False) -> str:
    label = "not in report" if outcome == ABSENT else outcome.replace("_", " ")
    mark = " known" if known else ""
    return f'<span class="badge {e(outcome)}{mark}">{e(label)}</span>'


def rate_cell(entries: Sequence[ReportCase | None]) -> str:
    ran = [entry for entry in entries if entry is not None]
    if not ran:
        return '<td class="rate absent">—</td>'
    passed = sum(1 for entry in ran if entry["outcome"] == "pass")
    rate = passed / len(ran)
    return (f'<td class=rate style="background:hsl({round(rate * 120)},60%,85%)">'
            f"{percent(rate)} ({passed}/{len(ran)})</td>")


# -- the index ------------------------------------------------------------------------------------
def engines_table(site: Site) -> str:
    rows = []
    for number, engine in enumerate(site.engines):
        report, totals = engine.report, engine.report["totals"]
        adapter = report["adapter"]
        rows.append(
            f"<tr><td>{number + 1}</td><td><b>{e(engine.label)}</b></td>"
            f"<td>{e(adapter['name'])} {e(adapter['version'])}</td>"
            f"<td class=rate>{percent(totals['pass_rate'])} ({totals['pass']}/{totals['total']})</td>"
            f"<td>{e(report['finished'][:10])}</td><td>{e(report['suite']['version'])}, "
            f"<code>{e(report['suite']['hash'][:15])}…</code></td><td>{e(report['cr_date'])}</td>"
            f"<td><code>{e(engine.source)}</code></td></tr>"
        )
    return ("<table><tr><th>#</th><th>engine</th><th>adapter</th><th>passing</th><th>run</th>"
            "<th>suite</th><th>CR</th><th>report</th></tr>" + "".join(rows) + "</table>")


def matrix(site: Site) -> str:
    header = "".join(f"<th>{e(engine.label)}</th>" for engine in site.engines)
    rows = []
    for topic in [*site.topics(), ""]:
        members = [case for case in site.cases if not topic or case.topic == topic]
        name = (f'<a href="#topic={e(topic)}">{e(topic)}</a>' if topic else "<b>all</b>")
        cells = "".join(rate_cell([site.outcomes[case.id][n] for case in members])
                        for n in range(len(site.engines)))
        rows.append(f"<tr><td>{name}</td><td class=rate>{len(members)}</td>{cells}</tr>")
    return (f"<table class=matrix><tr><th>topic</th><th>cases</th>{header}</tr>" + "".join(rows)
            + "</table>")


def filter_form(site: Site) -> str:
    engines = "".join(f'<option value="{n}">{e(engine.label)}</option>'
                      for n, engine in enumerate(site.engines))
    outcomes = "".join(f'<option value="{e(o)}">{e(o.replace("_", " ") if o != ABSENT else "not in report")}'
                       "</option>" for o in OUTCOME_ORDER)
    sections = sorted({topic.split("/")[0] for topic in site.topics()} | set(site.topics()))
    topics = "".join(f'<option value="{e(t)}">{e(t)}</option>' for t in sections)
    return (
        '<form id=filter class=filter autocomplete=off>'
        f'<label>engine<select name=engine><option value="">any engine</option>{engines}</select></label>'
        f'<label>outcome<select name=outcome><option value="">any outcome</option>{outcomes}</select></label>'
        f'<label>topic<select name=topic><option value="">every topic</option>{topics}</select></label>'
        '<label>rule<input name=rule size=9 placeholder="614.16"></label>'
        '<label>text<input name=text size=24 placeholder="id or title"></label>'
        '<button type=reset>clear</button> <span id=shown></span></form>'
    )


def case_rows(site: Site) -> str:
    rows = []
    for case in site.cases:
        entries = site.outcomes[case.id]
        outcomes = [outcome_of(entry) for entry in entries]
        badges = "".join(
            f"<td class=o>{badge(o, bool(entry and entry.get('known_failure')))}</td>"
            for o, entry in zip(outcomes, entries, strict=True)
        )
        old = f' data-old="{e(" ".join(case.old_ids))}"' if case.old_ids else ""
        rows.append(
            f'<tr data-topic="{e(case.topic)}" data-outcomes="{e(" ".join(outcomes))}" '
            f'data-rules="{e(" ".join(case.rules))}"{old}>'
            f'<td><a href="cases/{e(page_name(case.id))}">{e(case.id)}</a> <br>{e(case.title)}</td>'
            f"<td>{e(case.topic)}</td><td>{e(', '.join(case.rules))}</td>{badges}</tr>"
        )
    header = "".join(f"<th>{e(engine.label)}</th>" for engine in site.engines)
    return (f"<table id=cases><thead><tr><th>case</th><th>topic</th><th>rules</th>{header}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def releases(site: Site) -> list[tuple[Engine, Engine]]:
    """Consecutive reports of one engine (the same name, another version), in the order given: the
    pairs whose regression diff (``mtgc diff``) the index shows."""
    pairs = []
    last: dict[str, Engine] = {}
    for engine in site.engines:
        name = engine.report["engine"]["name"]
        before = last.get(name)
        if before is not None and before.report["engine"]["version"] != engine.report["engine"]["version"]:
            pairs.append((before, engine))
        last[name] = engine
    return pairs


def change_list(changes: Sequence[CaseChange], title: str) -> str:
    if not changes:
        return f"<p>{e(title)}: none</p>"
    items = "".join(
        f'<li><a href="cases/{e(page_name(c["id"]))}">{e(c["id"])}</a> ({e(c["topic"])}): '
        f"{e(c.get('old', ''))} → {e(c.get('new', ''))}</li>"
        for c in changes
    )
    return f"<details><summary>{e(title)}: {len(changes)}</summary><ul>{items}</ul></details>"


def history(site: Site) -> str:
    """Each engine's releases side by side: what changed from one version to the next (regressed,
    fixed, changed; the same classes as ``mtgc diff``)."""
    blocks = []
    for old, new in releases(site):
        diff = diff_reports(old.report, new.report)
        same = old.report["suite"]["hash"] == new.report["suite"]["hash"]
        blocks.append(
            f"<h3>{e(old.label)} → {e(new.report['engine']['version'])}</h3>"
            f"<p>{percent(old.report['totals']['pass_rate'])} → {percent(new.report['totals']['pass_rate'])}"
            f" passing; {len(diff['regressed'])} regressed, {len(diff['fixed'])} fixed, "
            f"{len(diff['changed'])} changed"
            + ("" if same else " (the two runs used different case files)") + "</p>"
            + change_list(diff["regressed"], "regressed") + change_list(diff["fixed"], "fixed")
            + change_list(diff["changed"], "changed")
        )
    if not blocks:
        return ""
    return ("<h2>Releases</h2><p>Consecutive versions of one engine certified on the same suite: the "
            "regression run an engine's CI would do (<code>mtgc diff OLD NEW</code>).</p>" + "".join(blocks))


def index(site: Site) -> str:
    labels = ", ".join(engine.label for engine in site.engines)
    return "".join([
        head(f"MTG rules engines compared: {labels}", index_csp(), CSS),
        "<h1>Magic: The Gathering rules engines, case by case</h1>",
        f"<p>{len(site.cases)} cases of the conformance suite, each an official ruling or a rule of the "
        "Comprehensive Rules, run on each engine below (<code>mtgc certify</code>); a case's page shows "
        "its ruling, the rules it cites, and what each engine did. A pass rate counts passes over the "
        "cases in that engine's report (not applicable and skipped count against it); <i>not in "
        "report</i>: the case is newer than the report, or was not selected.</p>",
        "<h2>Engines</h2>", engines_table(site),
        history(site),
        "<h2>Per topic</h2>", matrix(site),
        "<h2>Cases</h2>", filter_form(site), case_rows(site),
        f"<script>{SCRIPT}</script></body></html>\n",
    ])


# -- a case's page --------------------------------------------------------------------------------
def _text(value: JSONValue) -> str:
    return value if isinstance(value, str) else show(value, 400) if value is not None else ""


def source_block(case: Case) -> str:
    ruling, origin = case.data.get("ruling"), case.data.get("origin")
    if isinstance(ruling, dict):
        facts = ", ".join(f"{e(key)} {e(_text(ruling[key]))}" for key in ("card", "date", "seed")
                          if ruling.get(key))
        return f"<h2>Ruling</h2><blockquote>{e(_text(ruling.get('text')))}</blockquote><p>{facts}</p>"
    if isinstance(origin, dict):
        facts = ", ".join(f"{e(key)} {e(_text(value))}" for key, value in origin.items())
        return f"<h2>Origin</h2><p>{facts}</p>"
    if not case.data:
        return "<p>This case is not in the suite any more: what is shown comes from the reports.</p>"
    return ""


def rules_block(site: Site, case: Case) -> str:
    missing = "(not in the Comprehensive Rules text)"
    items = "".join(
        f"<li><b>{e(rule)}</b> {e((site.rules.get(rule) or missing).removeprefix(rule).lstrip('. '))}</li>"
        for rule in case.rules
    )
    return f"<h2>Comprehensive Rules</h2><ul>{items or '<li>none cited</li>'}</ul>"


def engine_block(number: int, engine: Engine, entry: ReportCase | None) -> str:
    outcome = outcome_of(entry)
    title = f"{badge(outcome, bool(entry and entry.get('known_failure')))} {e(engine.label)}"
    if entry is None:
        return f"<p id=engine-{number + 1}>{title}: this case is not in the engine's report.</p>"
    seconds = f" <small>({entry['seconds']:.3f} s)</small>"
    if outcome == "pass":
        return f"<p id=engine-{number + 1}>{title}{seconds}</p>"
    summary = f"{title}{seconds}: {e(describe(entry, 200))}"
    parts = [f"<details id=engine-{number + 1}><summary>{summary}</summary>"]
    parts += failure_details(entry, "known failure, cause")
    return "".join(parts) + "</details>"


def case_page(site: Site, case: Case) -> str:
    entries = site.outcomes[case.id]
    level, notes = case.data.get("level"), case.data.get("notes")
    facts = [f"<code>{e(case.id)}</code>", f'topic <a href="../index.html#topic={e(case.topic)}">'
             f"{e(case.topic)}</a>"]
    if level is not None:
        facts.append(f"level {e(_text(level))}")
    if case.features:
        facts.append(f"features {e(', '.join(case.features))}")
    if case.old_ids:
        facts.append(f"formerly {e(', '.join(case.old_ids))}")
    bad = sum(1 for entry in entries if entry is not None and entry["outcome"] in BAD)
    return "".join([
        head(f"{case.id}: {case.title}", PAGE_CSP),
        '<nav><a href="../index.html">all cases</a></nav>',
        f"<h1>{e(case.title)}</h1><p>{' · '.join(facts)}</p>",
        source_block(case),
        f"<h2>Notes</h2><p>{e(_text(notes))}</p>" if notes else "",
        rules_block(site, case),
        f"<h2>Engines</h2><p>{bad} of {len(entries)} engines fail it; open an engine's line for its diff "
        "(expected by the case against what the engine did).</p>",
        *(engine_block(n, engine, entry) for n, (engine, entry) in enumerate(zip(site.engines, entries,
                                                                                  strict=True))),
        "</body></html>\n",
    ])


def redirect_page(old_id: str, case: Case) -> str:
    """The page of an old id (``suites/aliases.json``): a pointer to the case it became."""
    target = e(page_name(case.id))
    refresh = f'<meta http-equiv="refresh" content="0; url={target}">'
    return (head(f"{old_id} is now {case.id}", PAGE_CSP, "", refresh)
            + f'<p><code>{e(old_id)}</code> is now <a href="{target}">{e(case.id)}</a>.</p></body></html>\n')
