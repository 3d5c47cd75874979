"""Every command the documents give is run (issue 15, item 9).

README.md, CONTRIBUTING.md and INTERPRETING.md: each line of a fenced block without a language (or
``sh``/``bash``/``shell``/``console``) is a command (``\\`` continues it on the next line, ``# ...``
is a comment, ``a && b`` is two commands), and each command is checked by the rule for its program:

- ``mtgc``: run in process through ``conformance.cli.main`` (``mtgc fuzz`` as a subprocess: it
  starts worker processes), from the checkout, with the exit code the documents imply (README, "Exit
  codes"): 1 where an engine that fails cases runs without a baseline, else 0;
- ``pytest``: a subprocess, exit 0, narrowed where the command as written runs a whole suite;
- ``python`` (in blocks, and in the prose's code spans): a rule per script or module
  (PYTHON_RULES): run (exit 0), ``--help`` for what takes minutes, a copy for a tool that writes into
  the checkout, ``mtgc smoke`` for an adapter command;
- ``pip install``: the extras it names exist (pyproject.toml) and CI installs them (.ci/);
- ``ruff``/``mypy``: CI's lint hook runs the same command, and the tool is installed.

Placeholders (``'python3 my_adapter.py'``, ``CASE-ID``, ``certification/``, ...) are replaced from the
table PLACEHOLDERS; a command that would take minutes gets a bounding argument appended
(``bound_mtgc``, ``bound_pytest``), and its failure message says so. The rest of each command is run
as written, so a renamed option or a wrong path in a document fails here. A command line of a
program no rule knows fails, naming the line: a new command can't go unchecked.
"""

from __future__ import annotations

import glob
import io
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

import pytest

import conformance.cli as cli
import conformance.run.certify as certify_module
from conformance.cases.validate import Validation, validate
from conformance.engines import command_engine, register_engine, unregister_engine

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ("README.md", "CONTRIBUTING.md", "INTERPRETING.md")
SHELL_FENCES = {"", "sh", "bash", "shell", "console"}
#: Unlabelled blocks that show output, not commands: (document, the block's first line).
NOT_COMMANDS = {("INTERPRETING.md", "objects.bbear")}  # a failure's diff, from phase's report

#: A correct adapter around a do-nothing engine (tests/data/adapters/_nothing.py): it reports the setup
#: as the final state, so it fails most cases (certify without a baseline exits 1).
WELL_BEHAVED = f"python3 {shlex.quote(str(ROOT / 'tests' / 'data' / 'adapters' / 'well_behaved.py'))}"
#: A case of the folder CONTRIBUTING.md's example is filed under; the do-nothing engine fails it.
CASE_ID = "counter-replacements-two-doubling-seasons-put-four-times-as-many"
CASE_FILE = f"suites/614-replacement/counters/{CASE_ID}.json"
REFERENCE_ENGINES = {"reference", "python -m conformance.adapters.reference"}
SLOW_ENGINES = {"phase", "python-mtg"}  # ~60 ms a case: ~50 s for the whole suite
#: The third-party engines and the package each needs (their extras; .ci/run's first pytest lacks them).
THIRD_PARTY = {"phase": "phase", "python-mtg": "mtg"}
BOUNDING_RULE = "702.21"  # 25 cases


@dataclass(frozen=True)
class Placeholder:
    value: str | tuple[str, ...]  # what the test runs instead; {tmp}: the test's temporary directory
    needs: str | None = None  # a file an earlier command makes, made first (Workspace.make)


PLACEHOLDERS: dict[str, Placeholder] = {
    # "your adapter": the well-behaved test adapter
    "python3 my_adapter.py": Placeholder(WELL_BEHAVED),
    "…": Placeholder(WELL_BEHAVED),
    # "the rest of the command above" (`mtgc certify --engine my-engine ...`): its report directory
    "...": Placeholder(("--out", "{tmp}/my-engine")),
    # a case id, and a case file, of the suite
    "CASE-ID": Placeholder(CASE_ID),
    "my-case": Placeholder(CASE_ID),
    "suites/614-replacement/counters/my-case.json": Placeholder(CASE_FILE),
    # report directories and files: in the temporary directory, never in the checkout
    "certification/": Placeholder("{tmp}/certification"),
    "certification/report.json": Placeholder("{tmp}/certification/report.json", needs="certification"),
    "old/report.json": Placeholder("{tmp}/old/report.json", needs="old"),
    "known-failures.json": Placeholder("{tmp}/known-failures.json", needs="known-failures"),
    "new.json": Placeholder("{tmp}/new.json"),
    "/tmp/phase": Placeholder("{tmp}/phase"),
    "/tmp/phase/report.json": Placeholder("{tmp}/phase/report.json", needs="phase"),
    "/tmp/c": Placeholder("{tmp}/c"),
    # sharded certification and the comparison site
    "/tmp/shard-1": Placeholder("{tmp}/shard-1"),
    "/tmp/shard-2": Placeholder("{tmp}/shard-2"),
    "/tmp/shard-1/report.json": Placeholder("{tmp}/shard-1/report.json", needs="shard-1"),
    "/tmp/shard-2/report.json": Placeholder("{tmp}/shard-2/report.json", needs="shard-2"),
    "/tmp/merged": Placeholder("{tmp}/merged"),
    "/tmp/site": Placeholder("{tmp}/site"),
    # the reference engine's report, first argument of tools/topic_table.py
    "REFERENCE.json": Placeholder("{tmp}/reference/report.json", needs="reference"),
}
# `my-engine` is not replaced: the workspace registers an engine of that name (the do-nothing adapter's
# command, as an entry point of the group mtgc.engines may give).

#: A quick test module: what a whole-project `pytest` runs here.
QUICK_TESTS = "tests/test_untrusted.py"
#: tests/test_fuzz_*.py modules that are not the invariants (README: "the invariants").
FUZZ_NOT_INVARIANTS = ("cli", "stateful", "differential", "capture")
SUBPROCESS_TIMEOUT = 240.0


# -- finding the commands ------------------------------------------------------------------------
@dataclass(frozen=True)
class Command:
    document: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.document}:{self.line}: {self.text}"


def _outside_quotes(text: str) -> Iterator[tuple[int, str]]:
    """(index, character) of every character of ``text`` outside shell quotes."""
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        else:
            yield i, ch


def strip_comment(text: str) -> str:
    for i, ch in _outside_quotes(text):
        if ch == "#" and (i == 0 or text[i - 1].isspace()):
            return text[:i].rstrip()
    return text.rstrip()


def split_and(text: str) -> list[str]:
    cuts = [i for i, ch in _outside_quotes(text) if ch == "&" and text[i : i + 2] == "&&"]
    parts, start = [], 0
    for cut in cuts:
        parts.append(text[start:cut])
        start = cut + 2
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def block_commands(document: str, block: list[tuple[int, str]]) -> list[Command]:
    lines = [(number, line.strip()) for number, line in block if line.strip()]
    if not lines or (document, lines[0][1]) in NOT_COMMANDS:
        return []
    commands: list[Command] = []
    start, joined = 0, ""
    for number, text in lines:
        if not joined and text.startswith("#"):
            continue  # a comment carried on from the line above
        if not joined:
            start = number
        if text.endswith("\\"):
            joined += text[:-1].strip() + " "
            continue
        whole, joined = strip_comment(joined + text), ""
        commands += [Command(document, start, part) for part in split_and(whole)]
    if joined:
        commands.append(Command(document, start, strip_comment(joined)))
    return commands


def commands_in(document: str) -> list[Command]:
    found: list[Command] = []
    fence: str | None = None
    block: list[tuple[int, str]] = []
    for number, line in enumerate((ROOT / document).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip().startswith("```"):
            if fence is None:
                fence, block = line.strip()[3:].strip().lower(), []
            else:
                if fence in SHELL_FENCES:
                    found += block_commands(document, block)
                fence = None
        elif fence is not None:
            block.append((number, line))
    return found


def inline_python(document: str) -> list[Command]:
    """`python ...` in the prose (tools, benchmarks, adapters): commands too, checked the same way."""
    lines = (ROOT / document).read_text(encoding="utf-8").splitlines()
    inside = False
    for number, line in enumerate(lines):  # fenced blocks blanked, line numbers kept
        fence = line.strip().startswith("```")
        lines[number] = "" if inside or fence else line
        inside = inside != fence
    text = "\n".join(lines)
    found = []
    for span in re.finditer(r"`([^`]+)`", text):
        words = " ".join(span.group(1).split())
        if "\n\n" not in span.group(1) and re.match(r"python3? \S", words):
            found.append(Command(document, text.count("\n", 0, span.start()) + 1, words))
    return found


COMMANDS = [command for document in DOCUMENTS for command in commands_in(document) + inline_python(document)]


# -- where the commands run ----------------------------------------------------------------------
def require_engine(name: str | None) -> None:
    package = THIRD_PARTY.get(name or "")
    if package and find_spec(package) is None:
        pytest.skip(f"the {name} engine is not installed here (pip install -e '.[{package}]')")


@contextmanager
def at_root() -> Iterator[None]:
    """The documents' commands run from the checkout (their paths are relative to it)."""
    before = os.getcwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(before)


def mtgc(argv: list[str]) -> tuple[int, str, str]:
    """``mtgc ARGV`` in process: exit code, stdout, stderr (an argparse error is exit 2)."""
    out, err = io.StringIO(), io.StringIO()
    with at_root(), redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def program(name: str) -> list[str]:
    """A program of this interpreter's environment (a console script), as the documents run it."""
    script = Path(sys.executable).parent / name
    return [str(script)] if script.exists() else [sys.executable, "-m", name]


class Workspace:
    """A temporary directory for what the commands write, and the files the commands read that an
    earlier command in the documents makes (made here the way the documents make them)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.made: set[str] = set()

    def fill(self, text: str) -> str:
        return text.replace("{tmp}", str(self.tmp))

    def substitute(self, words: list[str], make: bool = True) -> list[str]:
        result: list[str] = []
        for word in words:
            placeholder = PLACEHOLDERS.get(word)
            if placeholder is None:
                result.append(word)
                continue
            if make and placeholder.needs:
                self.make(placeholder.needs)
            values = (placeholder.value,) if isinstance(placeholder.value, str) else placeholder.value
            result += [self.fill(value) for value in values]
        return result

    def produce(self, argv: list[str], expected: int) -> str:
        code, out, err = mtgc([self.fill(word) for word in argv])
        made = f"making a file for the commands: mtgc {shlex.join(argv)}"
        assert code == expected, f"{made}\n{show(code, out, err)}"
        return out

    def make(self, name: str) -> None:
        """Make what ``name`` is, unless an earlier command (or call) made it."""
        if name in self.made or (self.tmp / name / "report.json").is_file():
            return
        certify = ["certify", "-q", "--out"]
        if name == "certification":  # `mtgc certify --engine 'python3 my_adapter.py' --out certification/`
            self.produce([*certify, "{tmp}/certification", "--engine", WELL_BEHAVED], 1)
        elif name == "old":  # an earlier report of the same adapter (the do-nothing engine is deterministic)
            self.make("certification")
            shutil.copytree(self.tmp / "certification", self.tmp / "old")
        elif name == "known-failures":  # `mtgc baseline certification/report.json > known-failures.json`
            self.make("certification")
            out = self.produce(["baseline", "{tmp}/certification/report.json"], 0)
            (self.tmp / "known-failures.json").write_text(out, encoding="utf-8")
        elif name == "phase":  # `mtgc certify --engine phase --out /tmp/phase`, one rule's cases
            require_engine("phase")
            self.produce([*certify, "{tmp}/phase", "--engine", "phase", "--rule", BOUNDING_RULE], 1)
        elif name == "reference":
            self.produce([*certify, "{tmp}/reference", "--engine", "reference"], 0)
        elif name in ("shard-1", "shard-2"):  # `mtgc certify --engine reference --shard I/2 --timings ...`
            self.make("reference")
            self.produce([*certify, "{tmp}/" + name, "--engine", "reference", "--shard", f"{name[-1]}/2",
                          "--timings", "{tmp}/reference/report.json"], 0)
        else:
            raise AssertionError(f"no way to make {name!r}")
        self.made.add(name)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}  # not an xdist worker
        env["MTGC_REGRESSIONS_DIR"] = str(self.tmp / "staging")  # a fuzz finding: here, not suites/staging/
        env["MTGC_HYPOTHESIS_DB"] = str(self.tmp / "hypothesis")
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        return env

    def run(self, argv: list[str], timeout: float = SUBPROCESS_TIMEOUT) -> tuple[int, str, str]:
        try:
            done = subprocess.run(
                argv, cwd=ROOT, env=self.env(), capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired as expired:
            pytest.fail(f"{shlex.join(argv)} took more than {timeout} s\n{expired.stdout}{expired.stderr}")
        return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    register_engine("my-engine", lambda timeout: command_engine(WELL_BEHAVED, timeout))
    try:
        yield Workspace(tmp_path_factory.mktemp("readme"))
    finally:
        unregister_engine("my-engine")


@pytest.fixture(scope="module", autouse=True)
def validated_once() -> Iterator[None]:
    """Every mtgc command validates the files it is given, seconds for the whole suite; the same files
    give the same result, so in this process a command reuses what an earlier one found."""
    found: dict[tuple[str, ...], Validation] = {}

    def cached(targets: object = None, **options: object) -> Validation:
        if options:
            return validate(targets, **options)  # type: ignore[arg-type]
        key = (os.getcwd(), *(str(target) for target in targets or ()))  # type: ignore[attr-defined]
        if key not in found:
            found[key] = validate(targets)  # type: ignore[arg-type]
        return found[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "validate", cached)
        patch.setattr(certify_module, "validate", cached)
        yield


# -- the rules, one per program ------------------------------------------------------------------
def option(words: list[str], name: str) -> str | None:
    return words[words.index(name) + 1] if name in words[:-1] else None


def bound_mtgc(words: list[str], workspace: Workspace) -> tuple[list[str], list[str]]:
    """The command made to finish in seconds, and why, for each change."""
    words, why = list(words), []
    engine = option(words, "--engine")
    selects = any(flag in words for flag in ("--rule", "--feature", "--card", "-k")) or any(
        word.startswith("suites") for word in words
    )
    if words[0] in ("run", "certify") and engine in SLOW_ENGINES and not selects:
        words += ["--rule", BOUNDING_RULE]
        why.append(f"--rule {BOUNDING_RULE} appended: {engine} on the whole suite takes about a minute")
    if words[0] == "certify" and "--out" not in words:
        words += ["--out", tempfile.mkdtemp(dir=workspace.tmp)]
        why.append("--out TMP appended: the default, certification/, is in the checkout")
    database = option(words, "--database") if words[0] == "fuzz" else None
    if database and database.startswith("redis://"):
        server = os.environ.get("MTGC_REDIS_URL")
        if not server:
            pytest.skip("no Redis server for shared fuzzing (.ci/run starts one: $MTGC_REDIS_URL)")
        words[words.index("--database") + 1] = f"{server.rsplit('/', 1)[0]}/{database.rsplit('/', 1)[1]}"
        why.append(f"--database: CI's redis-server ({server}) for the documented host")
    if words[0] == "fuzz" and option(words, "--minutes"):
        at = words.index("--minutes") + 1
        words[at] = "0.05"
        why.append("--minutes 0.05 instead of the documented budget: 3 s of fuzzing, not minutes")
    return words, why


def expected_exit(words: list[str]) -> tuple[int, str]:
    """The exit code the documents imply for ``mtgc WORDS`` (placeholders replaced)."""
    engine = option(words, "--engine") or "reference"
    if words[0] in ("run", "certify", "explain"):
        if engine in REFERENCE_ENGINES:
            return 0, "the reference engine passes every case"
        if "--baseline" in words:
            return 0, "its failures are the baseline's known failures"
        return 1, f"{engine} fails cases and there is no baseline (README: exit codes)"
    if words[0] == "fuzz" and "--engine" in words:
        return 1, "the do-nothing engine disagrees with the reference engine: a finding"
    return 0, "nothing failed"


def show(code: int, out: str, err: str) -> str:
    return f"exit {code}\n--- stdout\n{out[-4000:]}\n--- stderr\n{err[-4000:]}"


def check_mtgc(command: Command, words: list[str], workspace: Workspace) -> None:
    target = None
    if ">" in words:  # `mtgc baseline REPORT > FILE`: stdout into FILE
        at = words.index(">")
        assert at == len(words) - 2, f"{command}: a redirection the test does not know how to run"
        target = Path(workspace.substitute([words[at + 1]], make=False)[0])
        words = words[:at]
    require_engine(option(words, "--engine"))
    words, why = bound_mtgc(workspace.substitute(words), workspace)
    expected, reason = expected_exit(words)
    if words[0] == "fuzz":  # worker processes: run apart from the test process
        code, out, err = workspace.run([*program("mtgc"), *words])
    else:
        code, out, err = mtgc(words)
    ran = f"{command}\nran: mtgc {shlex.join(words)}" + "".join(f"\n  ({reason})" for reason in why)
    assert code == expected, f"{ran}\nexpected exit {expected}: {reason}\n{show(code, out, err)}"
    if target is not None:
        target.write_text(out, encoding="utf-8")
    if words[0] == "certify":
        assert (Path(option(words, "--out") or "") / "report.json").is_file(), f"{ran}: no report.json"
    if words[0] == "baseline":
        assert "known_failures" in json.loads(out), f"{ran}: not a baseline\n{out[:2000]}"
    if words[0] == "fuzz" and "--engine" in words:
        assert list((workspace.tmp / "staging").glob("*.json")), f"{ran}: the disagreement was not saved"


def expand(words: list[str]) -> list[str]:
    """Shell globbing, from the checkout (a pattern that matches nothing stays as written)."""
    result: list[str] = []
    for word in words:
        matches = sorted(glob.glob(word, root_dir=ROOT)) if "*" in word else []
        result += matches or [word]
    return result


PYTEST_VALUE_OPTIONS = {"-n", "-k", "-m", "-p", "--mtg-engine", "--hypothesis-profile"}


def bound_pytest(words: list[str]) -> tuple[list[str], list[str]]:
    positional = [
        word
        for before, word in zip(["", *words], words, strict=False)
        if not word.startswith("-") and before not in PYTEST_VALUE_OPTIONS
    ]
    words, why = list(words), []
    if not positional:
        words.append(QUICK_TESTS)
        why.append(f"{QUICK_TESTS} appended: the project's whole test run takes minutes, and runs this file")
    elif any(path.rstrip("/") == "suites" for path in positional) and "-k" not in words:
        words += ["-k", CASE_ID]
        why.append("-k CASE appended: the whole suite as pytest items takes about a minute")
    elif any("test_fuzz_" in path for path in positional) and "-k" not in words:
        words += ["-k", " and ".join(f"not test_fuzz_{name}" for name in FUZZ_NOT_INVARIANTS)]
        why.append("-k appended: the invariants only; the campaign, stateful, differential and capture "
                   "tests take 15 s more (the project's own run has them)")
    words += ["-p", "no:cacheprovider"]  # no .pytest_cache written by the run
    return words, why


def check_pytest(command: Command, words: list[str], workspace: Workspace) -> None:
    words, why = bound_pytest(expand(words))
    code, out, err = workspace.run([*program("pytest"), *words])
    ran = f"{command}\nran: pytest {shlex.join(words)}" + "".join(f"\n  ({reason})" for reason in why)
    assert code == 0, f"{ran}\n{show(code, out, err)}"


def run_python(command: Command, words: list[str], workspace: Workspace, why: list[str]) -> tuple[str, str]:
    """``python WORDS``, which must exit 0: its stdout and stderr."""
    code, out, err = workspace.run([sys.executable, *words])
    ran = f"{command}\nran: python {shlex.join(words)}" + "".join(f"\n  ({reason})" for reason in why)
    assert code == 0, f"{ran}\n{show(code, out, err)}"
    return out, err


def as_written(command: Command, words: list[str], workspace: Workspace) -> None:
    out, err = run_python(command, expand(workspace.substitute(words)), workspace, [])
    assert out.strip(), f"{command}: printed nothing\n{err}"


def help_only(command: Command, words: list[str], workspace: Workspace) -> None:
    """A benchmark run takes minutes: its options are checked."""
    out, _ = run_python(command, [*words, "--help"], workspace, ["--help appended: a run takes minutes"])
    assert "usage:" in out


def mark_forced(command: Command, words: list[str], workspace: Workspace) -> None:
    """On a copy of a case: the tool rewrites the case files whose marks it changes (the whole suite
    when no PATH is given), and tests/test_forced_decisions.py checks the suite's marks."""
    copy = workspace.tmp / "mark-forced" / Path(CASE_FILE).name
    copy.parent.mkdir(exist_ok=True)
    shutil.copyfile(ROOT / CASE_FILE, copy)
    paths = [word for word in words[1:] if word != "PATH"]
    assert not paths, f"{command}: a path the test does not know"
    why = ["PATH: a copy of a case" if "PATH" in words else "a copy of a case appended (no PATH: the suite)"]
    _, err = run_python(command, [words[0], str(copy)], workspace, why)
    assert "0 case file(s) changed" in err, f"{command}: the marks of {CASE_FILE} are not the tool's\n{err}"


def import_cards(command: Command, words: list[str], workspace: Workspace) -> None:
    """It writes suites/cards/ beside the script from ../shared/rules beside the checkout: run here as a
    copy in a checkout of its own (its catalogue empty, the data the real one's), on a real card."""
    shared = ROOT.parent / "shared" / "rules"
    if not shared.is_dir():
        pytest.skip(f"{command}: no card data beside the checkout ({shared})")
    home = workspace.tmp / "import-cards"
    (home / "checkout" / "tools").mkdir(parents=True, exist_ok=True)
    (home / "checkout" / "suites" / "cards").mkdir(parents=True, exist_ok=True)
    if not (home / "shared").exists():
        (home / "shared").symlink_to(ROOT.parent / "shared")
    script = home / "checkout" / words[0]
    shutil.copyfile(ROOT / words[0], script)
    names = ["Doubling Season" if word == "Card Name" else word for word in words[1:]]
    run_python(command, [str(script), *names], workspace, ['"Card Name": Doubling Season, in a copy'])
    assert (home / "checkout" / "suites" / "cards" / "doubling-season.json").is_file()


def adapter(command: Command, words: list[str], workspace: Workspace) -> None:
    """An adapter command: it speaks the protocol (`mtgc smoke`); `your_module`: the reference engine's."""
    served = shlex.join(["python", *["engine" if word == "your_module" else word for word in words]])
    code, out, err = mtgc(["smoke", "--engine", served])
    assert code == 0, f"{command}\nran: mtgc smoke --engine {served!r}\n{show(code, out, err)}"


#: python commands, by script (its stem) or module: each needs a rule.
PYTHON_RULES: dict[str, Callable[[Command, list[str], Workspace], None]] = {
    "topic_table": as_written,
    "benchmarks": help_only,
    "tools.mutation": help_only,
    "mark_forced": mark_forced,
    "import_cards": import_cards,
    "conformance.adapters.reference": adapter,
    "conformance.adapters.serve": adapter,
}


def check_python(command: Command, words: list[str], workspace: Workspace) -> None:
    name = words[1] if words[:1] == ["-m"] and len(words) > 1 else Path(words[0]).stem if words else ""
    rule = PYTHON_RULES.get(name)
    if rule is None:
        pytest.fail(f"{command}: no rule for the python command {name!r} (PYTHON_RULES in this file)")
    rule(command, words, workspace)


def extras(spec: str) -> list[str]:
    found = re.fullmatch(r"\.(?:\[([\w,\s-]*)\])?", spec)
    assert found, f"not an install of this checkout: {spec!r}"
    return [extra.strip() for extra in (found.group(1) or "").split(",") if extra.strip()]


def optional_dependencies() -> set[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return set(tomllib.load(file)["project"]["optional-dependencies"])


def ci_scripts() -> dict[str, str]:
    scripts = [ROOT / ".ci" / "run", *sorted((ROOT / ".ci" / "run.d").glob("*.sh"))]
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in scripts}


def check_pip(command: Command, words: list[str], workspace: Workspace) -> None:
    """pip is not run here: .ci/run installs the checkout as the README says, in a fresh environment."""
    assert words[:2] == ["install", "-e"] and len(words) == 3, f"{command}: expected `pip install -e SPEC`"
    named = extras(words[2])
    unknown = set(named) - optional_dependencies()
    assert not unknown, f"{command}: no extra {sorted(unknown)} in pyproject.toml's optional-dependencies"
    scripts = ci_scripts()
    assert "pip install -e '.[test]'" in scripts[".ci/run"], ".ci/run no longer installs as the README says"
    installed = {e for text in scripts.values() for spec in re.findall(r"pip install .*?-e '(\.[^']*)'", text)
                 for e in extras(spec)}
    assert set(named) <= installed, f"{command}: CI never installs {sorted(set(named) - installed)}"


def check_lint(command: Command, words: list[str], workspace: Workspace) -> None:
    """CI's lint hook runs the same command on the whole tree (a lint run is no README check); the test
    checks that, and that the tool is installed."""
    lines = {line.strip() for line in ci_scripts()[".ci/run.d/10-lint.sh"].splitlines()}
    assert command.text in lines, f"{command}: .ci/run.d/10-lint.sh does not run this command"
    tool = command.text.split()[0]
    if find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed here (the dev extra; CI's lint hook installs it)")
    code, out, err = workspace.run([*program(tool), "--version"], timeout=60)
    assert code == 0, f"{command}: {tool} does not run\n{show(code, out, err)}"


def check_redis_server(command: Command, words: list[str], workspace: Workspace) -> None:
    """The documented server line starts a server that answers (on a free port instead of its own)."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed here (.ci/run installs Debian's)")
    redis = pytest.importorskip("redis", reason="the redis package is in the test extra")
    words = list(words)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = str(s.getsockname()[1])
    words[words.index("--port") + 1] = port
    if "--bind" in words:
        words[words.index("--bind") + 1] = "127.0.0.1"  # the test's server answers no other host
    server = subprocess.Popen([binary, *words], cwd=workspace.tmp, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        client = redis.Redis(port=int(port))
        for _ in range(100):
            try:
                assert client.ping()
                return
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        pytest.fail(f"{command}: the server did not answer on port {port}")
    finally:
        server.kill()
        server.wait()


CHECKS: dict[str, Callable[[Command, list[str], Workspace], None]] = {
    "redis-server": check_redis_server,
    "mtgc": check_mtgc,
    "pytest": check_pytest,
    "python": check_python,
    "python3": check_python,
    "pip": check_pip,
    "ruff": check_lint,
    "mypy": check_lint,
}


# -- the tests -----------------------------------------------------------------------------------
@pytest.mark.parametrize("command", COMMANDS, ids=[f"{c.document}:{c.line}:{c.text}" for c in COMMANDS])
def test_documented_command(command: Command, workspace: Workspace) -> None:
    try:
        words = shlex.split(command.text)
    except ValueError as error:
        pytest.fail(f"{command}: not a shell command line ({error})")
    check = CHECKS.get(words[0])
    if check is None:
        pytest.fail(
            f"{command}: tests/test_readme.py does not know how to check a {words[0]!r} command; give it "
            "a rule (CHECKS), or, if the block shows output, a language on its fence (```text)"
        )
    check(command, words[1:], workspace)


def test_the_commands_are_found() -> None:
    """Continuations are joined, comments and comment lines dropped, `&&` splits, output is skipped."""
    texts = {command.text for command in COMMANDS}
    assert "mtgc run --rule 614.16" in texts
    assert (
        "mtgc certify --engine phase --out /tmp/phase -j 2 "
        "--baseline docs/certification/phase-0.103.0/known-failures.json"
    ) in texts
    assert {"pip install -e .", "mtgc run", "ruff check .", "mypy engine conformance"} <= texts
    assert not [text for text in texts if "#" in text or text.startswith(("objects.", "power:"))]
    assert {command.document for command in COMMANDS} == set(DOCUMENTS)


def test_every_extra_the_documents_name_exists() -> None:
    """`pip install -e '.[X]'` in prose and comments too (e.g. the phase extra)."""
    known = optional_dependencies()
    for document in DOCUMENTS:
        text = (ROOT / document).read_text(encoding="utf-8")
        for spec in re.findall(r"pip install -e '(\.\[[^']*\])'", text):
            assert set(extras(spec)) <= known, f"{document}: {spec} names an extra pyproject.toml lacks"


#: The sentence python -m benchmarks --markdown opens the README's Performance table with.
MEASURED = re.compile(
    r"Measured (\d{4}-\d{2}-\d{2}) by `python -m benchmarks --markdown` on \d+ CPU\(s\), "
    r"load average [\d.]+ before the run \([\d.]+ after\), on ([\d,]+) cases:\n\n\| measure \| value \|"
)


def test_the_performance_table_was_measured_on_the_suite_as_it_is_within_ten_percent() -> None:
    """The README's table is `python -m benchmarks --markdown` output: regenerate it when the suite has
    grown or shrunk by more than 10% since (tests/test_benchmarks.py checks the generator's sentence)."""
    from conformance.cases.loader import discover

    found = MEASURED.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(found) == 1, "README.md: no table from `python -m benchmarks --markdown` (or more than one)"
    measured = int(found[0][1].replace(",", ""))
    cases, _, _ = discover([ROOT / "suites"])
    assert abs(measured - len(cases)) <= 0.1 * len(cases), (
        f"README.md's Performance table was measured on {measured:,} cases, the suite has {len(cases):,}: "
        "regenerate it with `python -m benchmarks --markdown`"
    )
