"""``mtgc``: validate, run, list and explain conformance cases.

Exit codes: 0 everything valid and passing; 1 a case failed, errored, crashed or timed out;
2 invalid input (a case or card file, an unknown case id, an unusable engine).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from conformance import CR_DATE, SUITE_VERSION, untrusted
from conformance.cases import aliases
from conformance.cases.loader import CaseFile, display
from conformance.cases.rules import RuleIndex, load_rules, load_seeds
from conformance.cases.selection import Selection, add_arguments, from_arguments, select
from conformance.cases.validate import Validation, validate
from conformance.cli.arguments import non_negative_int, positive_float, positive_int
from conformance.cli.codes import EXIT_FAILED, EXIT_INVALID, EXIT_OK, exit_for_signal
from conformance.cli.explain import decision_lines, expectation_rows, rule_lines, script_lines, setup_lines
from conformance.engines import EngineUnavailable, get_engine
from conformance.interface import BAD_OUTCOMES, OUTCOMES, Engine, EngineInfo, Verdict
from conformance.run.breaker import GIVE_UP_AFTER
from conformance.run.certify import known_features
from conformance.run.compare import render, show
from conformance.run.runner import (
    Recording,
    RunOptions,
    run_case,
    run_cases,
    seeds_covered,
    stop_on_sigterm,
    summarize,
)

PROGRESS_THRESHOLD = 10
_LABELS = {"pass": "passed", "fail": "failed", "not_applicable": "not applicable"}
_STYLES = {
    "pass": "green",
    "fail": "red",
    "error": "red",
    "crash": "red",
    "timeout": "red",
    "skipped": "yellow",
    "not_applicable": "dim",
}


def console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def say(out: Console, text: str, style: str = "") -> None:
    out.print(Text(text, style=style))


def report_problems(out: Console, validation: Validation) -> None:
    for problem in validation.problems:
        say(out, str(problem), "red")
    files = len(validation.invalid_files)
    say(out, f"{len(validation.problems)} problem(s) in {files} file(s)", "bold red")


def targets(args: argparse.Namespace) -> list[Path]:
    return [Path(p) for p in args.paths]


def _where(args: argparse.Namespace) -> str:
    return ", ".join(str(p) for p in args.paths) or "suites/"


# -- validate ------------------------------------------------------------------------------------
def cmd_validate(args: argparse.Namespace) -> int:
    out = console()
    validation = validate(targets(args))
    for warning in validation.warnings:
        say(out, str(warning), "yellow")
    if validation.warnings:
        files = len({w.file for w in validation.warnings})
        count = len(validation.warnings)
        say(out, f"{count} warning(s) in {files} file(s) (warnings do not fail the run)", "yellow")
    if not validation.ok:
        report_problems(out, validation)
        return EXIT_INVALID
    if validation.case_count == 0:  # a typo in a path must not give a green run
        say(out, f"no case file found under {_where(args)}", "bold red")
        return EXIT_INVALID
    say(out, f"{validation.case_count} case(s) and {validation.card_count} card(s): all valid", "green")
    return EXIT_OK


# -- run -----------------------------------------------------------------------------------------
def open_engine(out: Console, spec: str, timeout: float = 10.0) -> tuple[Engine, EngineInfo] | None:
    try:
        engine = get_engine(spec, timeout)
        return engine, engine.info()
    except EngineUnavailable as exc:
        say(out, f"engine {spec!r} is not available: {exc}", "bold red")
    except Exception as exc:  # a broken engine is reported, never a traceback
        say(out, f"engine {spec!r} failed to start: {type(exc).__name__}: {exc}", "bold red")
    return None


def summary_table(verdicts: Sequence[Verdict]) -> Table:
    rows = summarize(verdicts)
    shown = [
        o
        for o in OUTCOMES
        if o in ("pass", "fail", "error", "skipped", "not_applicable") or any(row[o] for row in rows.values())
    ]
    table = Table(title="Results per topic")
    table.add_column("topic")
    for outcome in shown:
        table.add_column(_LABELS.get(outcome, outcome), justify="right")
    totals = dict.fromkeys(shown, 0)
    for topic, row in rows.items():
        table.add_row(topic, *[Text(str(row[o]), style=_STYLES[o] if row[o] else "") for o in shown])
        for o in shown:
            totals[o] += row[o]
    table.add_row(Text("total", style="bold"), *[Text(str(totals[o]), style="bold") for o in shown])
    return table


def failure_report(verdict: Verdict, case: CaseFile | None) -> str:
    title = str(case.data.get("title", "")) if case else ""
    head = f"{verdict.outcome.upper()} {verdict.case_id} ({verdict.topic})" + (f": {title}" if title else "")
    body = untrusted.lines(render(list(verdict.differences)) if verdict.differences else verdict.message)
    where = f"\n  file: {display(case.path)}" if case else ""
    return head + where + "\n" + "\n".join("  " + line for line in body.splitlines())


def cmd_run(args: argparse.Namespace) -> int:
    out = console()
    validation = validate(targets(args))
    if not validation.ok:
        report_problems(out, validation)
        say(out, "invalid files are not run", "yellow")
    unknown = sorted(set(args.exclude_feature or ()) - known_features())
    if unknown:
        say(out, f"unknown feature(s) {', '.join(map(repr, unknown))}: the features are those of "
                 "spec/case.schema.json ($defs/feature)", "bold red")
        return EXIT_INVALID
    selection = selection_or_none(out, args)
    if selection is None:
        return EXIT_INVALID
    cases = select(validation.cases, selection)
    if not cases:  # nothing selected is a mistake, never a green run
        why = f"no case under {_where(args)}" + (f" matches {selection.describe()}" if selection else "")
        say(out, why if validation.ok else "no valid case to run", "bold red")
        return EXIT_INVALID
    opened = open_engine(out, args.engine, args.timeout)
    if opened is None:
        return EXIT_INVALID
    engine, info = opened
    excluded = frozenset(args.exclude_feature or ())
    options = RunOptions(exclude_features=excluded, jobs=args.jobs, give_up_after=args.give_up_after)
    engine_name = untrusted.named(info.name, info.version)
    say(out, f"mtgc {SUITE_VERSION} (CR {CR_DATE}): {len(cases)} case(s) on {engine_name}")

    def more_engines() -> Engine:
        return get_engine(args.engine, args.timeout)

    try:
        if sys.stdout.isatty() and len(cases) >= PROGRESS_THRESHOLD:
            columns = (
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
            )
            with Progress(*columns, console=out, transient=True) as progress:
                task = progress.add_task("running", total=len(cases))
                options = replace(options, progress=lambda v: progress.advance(task))
                with stop_on_sigterm():
                    run = run_cases(engine, cases, validation.catalogue_for, options, info, more_engines)
        else:
            with stop_on_sigterm():
                run = run_cases(engine, cases, validation.catalogue_for, options, info, more_engines)
    finally:
        try:
            engine.close()
        except Exception as exc:
            say(out, f"closing the engine failed: {exc}", "yellow")
    verdicts = run.verdicts
    out.print(summary_table(verdicts))
    by_id = {case.case_id: case for case in cases}
    bad = [v for v in verdicts if v.outcome in BAD_OUTCOMES]
    for verdict in bad:
        out.print()
        say(out, failure_report(verdict, by_id.get(verdict.case_id)), _STYLES[verdict.outcome])
    try:
        total_seeds = len(load_seeds())
    except (OSError, ValueError):
        total_seeds = 0
    ran = [v for v in verdicts if v.outcome not in ("skipped",)]
    say(out, f"seed rulings covered: {len(seeds_covered(ran))}/{total_seeds}")
    if not validation.ok:
        return EXIT_INVALID
    if run.interrupted:
        say(out, f"interrupted by {run.interrupted}: the cases not run are shown as skipped", "yellow")
        return exit_for_signal(run.interrupted)
    return EXIT_FAILED if bad else EXIT_OK


def selection_or_none(out: Console, args: argparse.Namespace) -> Selection | None:
    try:
        return from_arguments(args, known_features())
    except ValueError as exc:
        say(out, str(exc), "bold red")
        return None


# -- list ----------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    """The selected cases: a table on a terminal, one tab-separated line per case (id, topic, title)
    when piped, or ``--json`` (every case's id, topic, title, path, rules and features)."""
    out = console()
    validation = validate(targets(args))
    selection = selection_or_none(out, args)
    if selection is None:
        return EXIT_INVALID
    chosen = select(validation.cases, selection)
    if args.json:
        rows = [
            {
                "id": case.case_id,
                "topic": case.topic,
                "title": str(case.data.get("title", "")),
                "path": display(case.path),
                "rules": list(case.data.get("rules", [])),
                "features": list(case.data.get("features", [])),
            }
            for case in chosen
        ]
        sys.stdout.write(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
    elif sys.stdout.isatty():
        table = Table()
        for column in ("id", "topic", "title"):
            table.add_column(column, overflow="fold")
        for case in chosen:
            table.add_row(case.case_id, case.topic, str(case.data.get("title", "")))
        out.print(table)
    else:  # whole ids, never cut at a terminal's width
        for case in chosen:
            print(f"{case.case_id}\t{case.topic}\t{' '.join(str(case.data.get('title', '')).split())}")
    if not validation.ok:
        report_problems(Console(stderr=True, highlight=False) if args.json else out, validation)
        return EXIT_INVALID
    return EXIT_OK


# -- explain -------------------------------------------------------------------------------------
def section(out: Console, title: str, lines: Sequence[str]) -> None:
    out.print()
    say(out, title, "bold")
    for line in lines or ["(none)"]:
        say(out, "  " + line)


def cmd_explain(args: argparse.Namespace) -> int:
    out = console()
    validation = validate(targets(args))
    wanted = aliases.resolve(args.id)  # an old id (suites/aliases.json) finds the case it became
    if wanted != args.id:
        say(out, f"{args.id} is an old id of {wanted}", "yellow")
    matches = [c for c in validation.cases if c.case_id == wanted]
    if not matches:
        invalid = [p for p in validation.problems if args.id in p.file]
        say(out, f"no valid case has the id {args.id!r}", "bold red")
        for problem in invalid:
            say(out, str(problem), "red")
        return EXIT_INVALID
    case = matches[0]
    data = case.data
    rules: RuleIndex | None
    try:
        rules = load_rules()
    except (OSError, UnicodeDecodeError):
        rules = None
    say(out, f"{case.case_id}: {data.get('title')}", "bold")
    say(
        out,
        f"topic {case.topic}, level {data.get('level')}, features {', '.join(data.get('features', []))}; "
        f"file {display(case.path)}",
    )
    ruling = data.get("ruling")
    if ruling:
        facts = ", ".join(f"{k} {ruling[k]}" for k in ("card", "date", "seed", "source") if ruling.get(k))
        section(out, "Ruling", [ruling.get("text", ""), f"({facts})"])
    if data.get("origin"):
        section(out, "Origin", [json.dumps(data["origin"])])
    section(out, "Comprehensive Rules", rule_lines(data, rules))
    if data.get("notes"):
        section(out, "Notes", [data["notes"]])
    section(out, "Setup", setup_lines(data))
    section(out, "Script", script_lines(data))
    section(out, "Decisions", decision_lines(data))
    section(out, "Expected", json.dumps(data.get("expect", {}), indent=2, ensure_ascii=False).splitlines())
    opened = open_engine(out, args.engine)
    if opened is None:
        return EXIT_INVALID
    engine, info = opened
    recording = Recording(engine)
    try:  # judged by the runner every run path uses; the observation kept for the table below
        verdict = run_case(recording, info, case, validation.catalogue_for(case))
    finally:
        engine.close()
    out.print()
    result = recording.last
    if result is not None and result.status == "observed" and isinstance(result.observation, dict):
        table = Table(title=f"Expected vs observed on {untrusted.named(info.name, info.version)}")
        for column in ("where", "expected", "observed", ""):
            table.add_column(column)
        for where, want, got, holds in expectation_rows(data, result.observation.get("final")):
            table.add_row(
                where,
                show(want),
                show(got),
                Text("ok" if holds else "DIFFERS", style="green" if holds else "red"),
            )
        out.print(table)
    if verdict.outcome in ("not_applicable", "skipped"):
        say(out, f"{verdict.outcome.replace('_', ' ').upper()} on {untrusted.line(info.name)}: "
                 f"{untrusted.line(verdict.message)}", "yellow")
        return EXIT_OK
    if verdict.outcome != "pass":
        say(out, f"{verdict.outcome.upper()} on {untrusted.named(info.name, info.version)}", "bold red")
        body = render(list(verdict.differences)) if verdict.differences else verdict.message
        say(out, untrusted.lines(body), "red")
        return EXIT_FAILED
    say(out, "PASS: every expectation holds", "bold green")
    return EXIT_OK


# -- entry point ---------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtgc", description="Conformance suite for Magic: The Gathering rules engines."
    )
    parser.add_argument("--version", action="version", version=f"mtgc {SUITE_VERSION} (CR {CR_DATE})")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def paths_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "paths", nargs="*", metavar="PATH", help="case files or directories (default: the suite)"
        )

    p = sub.add_parser("validate", help="check case and card files; report every problem")
    paths_arg(p)
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("run", help="run cases on an engine and compare")
    paths_arg(p)
    p.add_argument(
        "--engine", default="reference", help="engine name (default: reference) or adapter command"
    )
    p.add_argument("-j", "--jobs", type=positive_int, default=1, metavar="N", help="engines in parallel")
    p.add_argument(
        "--timeout", type=positive_float, default=10.0, metavar="S",
        help="seconds per case for an adapter process (default 10)",
    )
    p.add_argument(
        "--give-up-after", type=non_negative_int, default=GIVE_UP_AFTER, metavar="N",
        help=f"an adapter's failures in a row after which the rest of the run is gave_up "
        f"(default {GIVE_UP_AFTER}; 0: never)",
    )
    add_arguments(p)
    p.add_argument("--exclude-feature", action="append", metavar="F", help="skip cases tagged with feature F")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("list", help="list cases: id, topic, title (tab-separated when piped)")
    paths_arg(p)
    add_arguments(p)
    p.add_argument("--json", action="store_true", help="JSON: id, topic, title, path, rules, features")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("explain", help="a case in words, and what an engine does with it")
    p.add_argument("id", help="the case id")
    p.add_argument(
        "--engine", default="reference", help="engine name (default: reference) or adapter command"
    )
    p.add_argument(
        "--suite",
        dest="paths",
        action="append",
        default=[],
        metavar="PATH",
        help="where to look for the case (default: the suite)",
    )
    p.set_defaults(func=cmd_explain)

    from conformance.cli.certify import register  # certify, smoke, diff, baseline

    register(sub)
    from conformance.fuzz.campaign import register as register_fuzz  # fuzz

    register_fuzz(sub)
    from conformance.cli.merge import register as register_merge  # merge
    from conformance.cli.site import register as register_site  # site

    register_merge(sub)
    register_site(sub)
    from conformance.cli.coverage import register as register_coverage  # coverage

    register_coverage(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help (0) or a bad argument (2, argparse said why): a code, not an exit
        return exit_.code if isinstance(exit_.code, int) else EXIT_INVALID
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return code
