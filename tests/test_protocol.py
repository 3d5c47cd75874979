"""The adapter protocol, runner side: handshake, seq, timeouts, crashes, violations, restarts."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conformance.run.breaker import Breaker
from conformance.run.protocol import (
    STDERR_LINE_CHARS,
    STDERR_TAIL_LINES,
    AdapterFailure,
    AdapterTimeout,
    ProtocolEngine,
    StderrTail,
    check_handshake,
    check_result,
    message_validator,
)
from conformance.run.smoke import smoke

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = ROOT / "tests" / "data" / "adapters"
CASES = sorted((ROOT / "tests" / "data" / "certify").glob("*/*.json"))


def adapter(name: str) -> str:
    return f"{sys.executable} {ADAPTERS / name}.py"


def python_adapter(tmp_path: Path, source: str) -> str:
    script = tmp_path / "adapter.py"
    script.write_text(source, encoding="utf-8")
    return f"{sys.executable} {script}"


def cases() -> list[dict[str, object]]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in CASES]


def outcomes(command: str, timeout: float = 5.0) -> list[str]:
    """Each case's status ('observed', …) or the AdapterFailure kind."""
    found = []
    with ProtocolEngine(command, timeout=timeout) as engine:
        for case in cases():
            try:
                found.append(engine.run(case, {}).status)
            except AdapterFailure as failure:
                found.append(failure.kind)
    return found


def test_every_protocol_schema_is_a_valid_2020_12_schema_with_a_versioned_id() -> None:
    folders = {2: ROOT / "spec" / "protocol", 1: ROOT / "spec" / "protocol" / "v1"}
    for version, folder in folders.items():
        paths = sorted(folder.glob("*.json"))
        names = ["handshake.json", "result.json", "run.json", "start.json", "stop.json"]
        assert [p.name for p in paths] == names
        for path in paths:
            schema = json.loads(path.read_text(encoding="utf-8"))
            Draft202012Validator.check_schema(schema)
            assert schema["$id"] == f"https://mtg-conformance.dev/spec/v{version}/protocol/{path.name}"


@pytest.mark.parametrize("name", ["result", "stop"])
def test_the_messages_protocol_2_left_alone_have_the_same_schema_in_both_versions(name: str) -> None:
    two, one = (message_validator(name, version).schema for version in (2, 1))
    assert {**two, "$id": None} == {**one, "$id": None}


def test_handshake_gives_engine_adapter_and_unsupported_features() -> None:
    with ProtocolEngine(adapter("well_behaved")) as engine:
        info = engine.info()
    assert (info.name, info.version) == ("nothing", "1.0")
    assert (info.adapter_name, info.adapter_version) == ("nothing-adapter", "0.1")
    assert info.unsupported_features == {"proliferate"}


def test_a_well_behaved_adapter_answers_every_case_in_one_process() -> None:
    with ProtocolEngine(adapter("well_behaved")) as engine:
        results = [engine.run(case, {}) for case in cases()]
        assert engine.starts == 1 and engine.restarts == 0
    assert all(r.status == "observed" and r.observation["final"]["players"] for r in results)


def test_a_crash_costs_one_case_and_the_adapter_is_restarted() -> None:
    assert outcomes(adapter("hostile_crash")) == ["observed", "observed", "crashed"] * 2


def test_a_crash_report_carries_the_exit_status_and_stderr() -> None:
    with ProtocolEngine(adapter("hostile_crash")) as engine:
        engine.run(cases()[0], {})
        engine.run(cases()[1], {})
        with pytest.raises(AdapterFailure) as raised:
            engine.run(cases()[2], {})
    assert raised.value.outcome == "crash"
    assert "exit status 3" in raised.value.message
    assert "boom on the third case" in raised.value.stderr


def test_a_hang_is_a_timeout_after_the_per_case_limit_and_never_blocks() -> None:
    began = time.perf_counter()
    found = outcomes(adapter("hostile_hang"), timeout=0.5)
    assert found == ["observed", "timeout"] * 3
    assert time.perf_counter() - began < 6


def test_timeout_failures_have_the_timeout_outcome() -> None:
    with ProtocolEngine(adapter("hostile_hang"), timeout=0.3) as engine:
        engine.run(cases()[0], {})
        with pytest.raises(AdapterTimeout) as raised:
            engine.run(cases()[1], {})
    assert raised.value.outcome == "timeout"


def test_garbage_on_stdout_is_a_violation_quoting_the_line() -> None:
    with ProtocolEngine(adapter("hostile_garbage")) as engine:
        engine.run(cases()[0], {})
        with pytest.raises(AdapterFailure) as raised:
            engine.run(cases()[1], {})
    assert raised.value.kind == "bad_json" and raised.value.violation
    assert "this is not JSON" in (raised.value.line or "")
    assert raised.value.describe().startswith("protocol violation (bad_json)")


def test_a_wrong_seq_is_a_violation_for_every_case_until_the_runner_gives_up() -> None:
    assert outcomes(adapter("hostile_wrong_seq")) == ["wrong_seq"] * 5 + ["gave_up"]


def test_the_offending_line_is_truncated() -> None:
    line = json.dumps({"seq": 9, "observation": {"steps": [], "final": {"x": "y" * 5000}}})
    with pytest.raises(AdapterFailure) as raised:
        check_result(json.loads(line), line, 0)
    assert raised.value.line is not None and len(raised.value.line) < 400
    assert "more characters" in raised.value.line


@pytest.mark.parametrize(
    ("message", "kind", "words"),
    [
        ([1, 2], "bad_json", "JSON object"),
        ({"observation": {}}, "bad_message", "no 'seq'"),
        ({"seq": 0}, "bad_message", "exactly one of"),
        ({"seq": 0, "error": "x", "unsupported": "y"}, "bad_message", "unsupported and error"),
        ({"seq": 0, "observation": {"final": {}}}, "bad_message", "steps"),
        ({"seq": 0, "observation": {"steps": []}}, "bad_message", "final"),
        ({"seq": 0, "observation": {"steps": [{"outcome": "no"}], "final": {}}}, "bad_message", "steps[0]"),
        ({"seq": 0, "error": ""}, "bad_message", "result.json"),
        ({"seq": 0, "error": "x", "colour": 1}, "bad_message", "'colour'"),
        ({"seq": 0, "observation": {"steps": [], "final": {}}, "colour": 1}, "bad_message", "'colour'"),
        ({"seq": 0, "unsupported": "no", "detail": "x"}, "bad_message", "'detail'"),
        ({"seq": False, "error": "x"}, "wrong_seq", "got False"),
        ({"seq": 0.0, "error": "x"}, "wrong_seq", "got 0.0"),
    ],
)
def test_malformed_answers_are_violations_naming_the_problem(message: object, kind: str, words: str) -> None:
    with pytest.raises(AdapterFailure) as raised:
        check_result(message, json.dumps(message), 0)
    assert raised.value.kind == kind
    assert words in raised.value.message


def test_answers_map_to_run_results() -> None:
    assert check_result({"seq": 3, "unsupported": "no"}, "", 3).status == "unsupported"
    error = check_result({"seq": 3, "error": "boom", "detail": "Traceback"}, "", 3)
    assert error.status == "error" and "boom" in error.reason and "Traceback" in error.reason
    observed = check_result({"seq": 3, "observation": {"steps": [], "final": {}}}, "", 3)
    assert observed.status == "observed"


@pytest.mark.parametrize(
    ("handshake", "kind"),
    [
        ({"protocol": 3, "engine": {"name": "e", "version": "1"}}, "wrong_protocol"),
        ({"protocol": True, "engine": {"name": "e", "version": "1"}}, "wrong_protocol"),
        ({"engine": {"name": "e", "version": "1"}}, "bad_message"),
        (
            {
                "protocol": 1,
                "engine": {"name": "e", "version": "1"},
                "adapter": {"name": "a", "version": "1"},
            },
            "bad_message",
        ),
        (
            {
                "protocol": 1,
                "engine": {"name": "e"},
                "adapter": {"name": "a", "version": "1"},
                "unsupported_features": [],
            },
            "bad_message",
        ),
    ],
)
def test_bad_handshakes_are_violations(handshake: object, kind: str) -> None:
    with pytest.raises(AdapterFailure) as raised:
        check_handshake(handshake, json.dumps(handshake))
    assert raised.value.kind == kind


def test_a_command_that_does_not_exist_did_not_start() -> None:
    engine = ProtocolEngine("/nonexistent/adapter --flag")
    with pytest.raises(AdapterFailure) as raised:
        engine.info()
    assert raised.value.kind == "did_not_start"


@pytest.mark.parametrize("give_up_after", [3, 5])
def test_after_n_failed_starts_the_engine_gives_up_at_once(tmp_path: Path, give_up_after: int) -> None:
    engine = ProtocolEngine(python_adapter(tmp_path, "import sys; sys.exit(1)"), give_up_after=give_up_after)
    kinds = []
    for case in cases() + cases():
        try:
            engine.run(case, {})
        except AdapterFailure as failure:
            kinds.append(failure.kind)
    assert kinds == ["did_not_start"] * give_up_after + ["gave_up"] * (12 - give_up_after)


def test_a_silent_adapter_has_no_handshake_and_that_is_a_crash() -> None:
    engine = ProtocolEngine(adapter("hostile_silent"), start_timeout=0.5)
    with pytest.raises(AdapterFailure) as raised:
        engine.info()
    assert raised.value.kind == "no_handshake" and raised.value.outcome == "crash"
    assert not isinstance(raised.value, AdapterTimeout)


def test_an_empty_command_is_refused() -> None:
    with pytest.raises(ValueError):
        ProtocolEngine("   ")


def test_serve_keeps_engine_prints_off_the_protocol_stream(tmp_path: Path) -> None:
    module = tmp_path / "noisy_engine.py"
    module.write_text(
        "import os\nENGINE_NAME = 'noisy'\nENGINE_VERSION = '1'\nUNSUPPORTED_FEATURES = ['tribute']\n"
        "def run_case(case, cards):\n"
        "    print('debug output from the engine')\n"
        "    os.write(1, b'native code writes to fd 1\\n')\n"
        "    if case['id'].endswith('wrong'):\n"
        "        raise KeyError('boom')\n"
        "    if case['id'].endswith('set'):\n"
        "        return {'status': 'unsupported', 'reason': 'no'}\n"
        "    return {'steps': [], 'final': {'players': {}}}\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}
    with ProtocolEngine(f"{sys.executable} -m conformance.adapters.serve noisy_engine", env=env) as engine:
        info = engine.info()
        results = {case["id"]: engine.run(case, {}) for case in cases()}
    assert info.name == "noisy" and info.unsupported_features == {"tribute"}
    assert (
        results["certify-life-wrong"].status == "error" and "KeyError" in results["certify-life-wrong"].reason
    )
    assert results["certify-life-set"].status == "unsupported"
    assert results["certify-turn-step"].status == "observed"


def test_the_minimal_adapter_in_protocol_md_is_healthy(tmp_path: Path) -> None:
    page = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", page, re.S)
    assert code is not None
    assert len(code.group(1).splitlines()) <= 45
    lines: list[str] = []
    assert smoke(python_adapter(tmp_path, code.group(1)), 10.0, lines.append) == 0, "\n".join(lines)
    assert lines[-1].startswith("Healthy")


def test_smoke_tells_a_broken_adapter_in_plain_words(tmp_path: Path) -> None:
    lines: list[str] = []
    assert smoke(adapter("hostile_wrong_seq"), 5.0, lines.append) == 1
    assert any("answered with the wrong seq" in line for line in lines)
    assert any("adapter is broken" in line for line in lines)
    lines.clear()
    noisy = python_adapter(tmp_path, "print('hello, I am starting up')\nimport time; time.sleep(5)")
    assert smoke(noisy, 5.0, lines.append) == 1
    assert any("not a JSON message" in line for line in lines)


def test_smoke_says_the_engine_not_the_adapter_is_wrong(tmp_path: Path) -> None:
    source = (ADAPTERS / "_nothing.py").read_text(encoding="utf-8") + (
        "\ndef wrong(m, n):\n"
        "    observation = observe(m['case'])\n"
        "    observation['final']['players']['alice']['life'] = 3\n"
        "    send({'seq': m['seq'], 'observation': observation})\n"
        "\nloop(wrong)\n"
    )
    lines: list[str] = []
    assert smoke(python_adapter(tmp_path, source), 5.0, lines.append) == 0
    assert any("the adapter works, the engine's answer differs" in line for line in lines)


def test_result_schema_accepts_what_the_reference_adapter_sends() -> None:
    validator = message_validator("result")
    assert validator.is_valid({"seq": 1, "observation": {"steps": [{"outcome": "ok"}], "final": {}}})
    stopped = {"steps": [], "unanswered": {"kind": "targets", "player": "alice", "options": []}}
    assert validator.is_valid({"seq": 1, "observation": stopped})
    assert not validator.is_valid({"seq": 1})


def test_an_adapter_that_stops_reading_cannot_block_the_runner(tmp_path: Path) -> None:
    source = (ADAPTERS / "_nothing.py").read_text(encoding="utf-8") + (
        "\nline = sys.stdin.readline()\nsend(handshake())\nimport time\ntime.sleep(60)\n"
    )
    big = {**cases()[0], "notes": "x" * 4_000_000}  # far more than a pipe buffer holds
    began = time.perf_counter()
    engine = ProtocolEngine(python_adapter(tmp_path, source), timeout=0.5)
    with engine, pytest.raises(AdapterTimeout) as raised:
        engine.run(big, {})
    assert "did not read run seq 0" in raised.value.message
    assert time.perf_counter() - began < 5


# -- the adapter's processes -----------------------------------------------------------------------


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped by its new parent, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def gone(pid: int, within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def child_pid(engine: ProtocolEngine) -> int:
    """The pid the adapter says its child has ("child pid N" on stderr)."""
    deadline = time.monotonic() + 3
    while not (found := re.search(r"child pid (\d+)", engine.stderr())):
        assert time.monotonic() < deadline, engine.stderr()
        time.sleep(0.02)
    return int(found.group(1))


@pytest.mark.parametrize("mode", ["exit", "crash"])
def test_an_adapter_that_dies_mid_case_leaving_a_child_on_its_stdout_costs_one_case(mode: str) -> None:
    with ProtocolEngine(f"{adapter('hostile_orphan')} {mode}", timeout=5) as engine:
        assert engine.run(cases()[0], {}).status == "observed"
        child = child_pid(engine)
        began = time.monotonic()
        with pytest.raises(AdapterFailure) as raised:
            engine.run(cases()[1], {})
        assert time.monotonic() - began < 2  # neither the child's hour nor even the case's 5 s
        assert raised.value.kind == "crashed" and "exit status" in raised.value.message
        assert gone(child), "the adapter's child outlived it"
        assert engine.run(cases()[2], {}).status == "observed"  # the run goes on with a new adapter
        second = child_pid(engine)
        assert second != child and alive(second)
    assert gone(second)


def test_a_clean_stop_leaves_nothing_of_the_adapters_process_group() -> None:
    engine = ProtocolEngine(f"{adapter('hostile_orphan')} answer", timeout=5)
    assert engine.run(cases()[0], {}).status == "observed"
    child = child_pid(engine)
    began = time.monotonic()
    assert engine.close() == 0  # the adapter itself exited cleanly on stop…
    assert time.monotonic() - began < 2
    assert gone(child)  # …and what it left running was killed with its group


def test_a_timeout_kills_the_adapters_whole_group(tmp_path: Path) -> None:
    source = (ADAPTERS / "_nothing.py").read_text(encoding="utf-8") + (
        "\nimport subprocess, time\nchild = subprocess.Popen(['sleep', '3600'])\n"
        "print(f'child pid {child.pid}', file=sys.stderr, flush=True)\n"
        "loop(lambda message, n: time.sleep(3600))\n"
    )
    with ProtocolEngine(python_adapter(tmp_path, source), timeout=0.5) as engine:
        with pytest.raises(AdapterTimeout) as raised:
            engine.run(cases()[0], {})
        assert gone(child_pid_in(raised.value))


def child_pid_in(failure: object) -> int:
    found = re.search(r"child pid (\d+)", getattr(failure, "stderr", ""))
    assert found, failure
    return int(found.group(1))


# -- stderr ----------------------------------------------------------------------------------------


def test_the_stderr_tail_keeps_the_last_lines_each_cut_short() -> None:
    tail = StderrTail(lines=3, chars=5)
    tail.feed(b"one\ntwo\nthree\nfour\n")
    assert tail.text() == "two\nthree\nfour"
    for piece in (b"x" * 7, b"x" * 13, b"\r\nabc"):  # a long line in pieces, then a line being written
        tail.feed(piece)
    assert tail.text() == "three\nfour\nxxxxx… (15 more bytes)\nabc"
    tail = StderrTail(lines=2, chars=3)
    for byte in "ééééé\n".encode():  # characters split across reads
        tail.feed(bytes([byte]))
    assert tail.text() == "ééé… (4 more bytes)"


def test_the_stderr_tail_constants_are_the_documented_ones() -> None:
    page = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    assert (STDERR_TAIL_LINES, STDERR_LINE_CHARS) == (40, 2000)
    assert "last 40 lines, each cut to its first\n  2,000 characters" in page


RSS = """
import json, sys
from pathlib import Path
from conformance.run.protocol import ProtocolEngine

def peak_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM"):
            return int(line.split()[1]) / 1024

command, case = sys.argv[1], json.loads(Path(sys.argv[2]).read_text())
with ProtocolEngine(command + " 0", timeout=60) as engine:  # imports, schemas, threads: all warmed up
    engine.run(case, {})
before = peak_mb()
with ProtocolEngine(command + " 100", timeout=60) as engine:  # two lines of 100 MB each
    engine.run(case, {})
    engine.run(case, {})
    tail = engine.stderr()
print(json.dumps({"before": before, "after": peak_mb(), "tail": tail}))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
def test_a_100_mb_stderr_line_costs_the_runner_a_few_mb_at_most() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RSS, adapter("hostile_stderr_flood"), str(CASES[0])],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    found = json.loads(done.stdout)
    assert found["after"] - found["before"] < 8, found  # it was 450 MB more (whole lines kept)
    lines = found["tail"].splitlines()
    assert lines[-1] == "done 2" and lines[0].endswith("… (104855600 more bytes)")
    assert max(len(line) for line in lines) < STDERR_LINE_CHARS + 30


# -- spec/protocol.md §3, row by row ---------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """An adapter that does what a row of the protocol's error table says, and what is recorded."""

    command: str
    outcome: str
    message: str  # a regular expression the whole recorded message matches
    stderr: str = ""  # words the stderr tail kept with it has
    options: dict[str, float] = field(default_factory=dict)


ROWS: dict[str, list[Row]] = {
    "no answer within the per-case timeout": [
        Row(
            adapter("hostile_hang"),
            "timeout",
            r"timeout: no answer to run seq 1 within 0\.5 s",
            "",
            {"timeout": 0.5},
        ),
    ],
    "the adapter exited or closed stdout during a case": [
        Row(
            adapter("hostile_crash"),
            "crash",
            r"crashed: the adapter (closed stdout|exited) while the runner waited for run seq 2"
            r" \(exit status 3\)",
            "boom on the third case",
        ),
        Row(
            f"{adapter('hostile_orphan')} exit",
            "crash",
            r"crashed: the adapter exited while the runner waited for run seq 1 \(exit status 3\)",
            "child pid",
        ),
    ],
    "a line that is not JSON": [
        Row(
            adapter("hostile_garbage"),
            "crash",
            r"protocol violation \(bad_json\): the adapter wrote not JSON \(.*\)"
            r" \| line: Traceback .*this is not JSON \{",
            "garbage on stderr is fine",
        ),
    ],
    "`seq` is not the one sent": [
        Row(
            adapter("hostile_wrong_seq"),
            "crash",
            r"protocol violation \(wrong_seq\): expected seq 0, got 1000"
            r' \| line: \{"seq": 1000, "observation".*',
        ),
    ],
    "missing or extra fields": [
        Row(
            adapter("hostile_extra_field"),
            "crash",
            r"protocol violation \(bad_message\): the answer has a field the protocol does not define:"
            r" 'colour' \(an observation answer has observation, seq\) \| line: \{\"seq\": 0, .*",
        ),
    ],
    "a handshake naming a protocol version the runner did not offer": [
        Row(
            adapter("hostile_protocol_3"),
            "crash",
            r"protocol violation \(wrong_protocol\): the runner speaks protocol 2 or 1,"
            r" the adapter answered 3 \| line: .*",
        ),
    ],
    "the adapter cannot be started, or dies or stays silent before its handshake": [
        Row("/nonexistent/adapter --flag", "crash", r"did_not_start: cannot run '/nonexistent/adapter': .*"),
        Row(
            adapter("hostile_exit_early"),
            "crash",
            r"did_not_start: the adapter exited before the handshake:"
            r" the adapter (closed stdout|exited) while the runner waited for the start message"
            r" \(the handshake\) \(exit status 2\)",
            "no engine here",
        ),
        Row(
            adapter("hostile_silent"),
            "crash",
            r"no_handshake: no answer to the start message \(the handshake\) within 0\.5 s",
            "",
            {"start_timeout": 0.5},
        ),
    ],
}


def error_table() -> list[str]:
    """The first column of each row of spec/protocol.md's table of what the runner records."""
    page = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    table = page.split("| what happened | outcome | recorded as |", 1)[1].split("\n\n", 1)[0]
    return [line.split("|")[1].strip() for line in table.strip().splitlines()[1:]]


def test_every_row_of_the_protocols_error_table_has_a_test() -> None:
    rows = error_table()
    assert len(rows) == len(ROWS) == 7
    for row in rows:
        assert [key for key in ROWS if row.startswith(key)], f"no test for the row {row!r}"


def first_failure(row: Row) -> AdapterFailure:
    options = {"timeout": 5.0, **row.options}
    with ProtocolEngine(row.command, **options) as engine:  # type: ignore[arg-type]
        for case in cases():
            try:
                engine.run(case, {})
            except AdapterFailure as failure:
                return failure
    raise AssertionError(f"{row.command} answered every case")


@pytest.mark.parametrize(
    "row",
    [pytest.param(row, id=f"{key[:30]}-{i}") for key, rows in ROWS.items() for i, row in enumerate(rows)],
)
def test_each_row_of_the_error_table_is_recorded_as_it_says(row: Row) -> None:
    failure = first_failure(row)
    assert failure.outcome == row.outcome
    assert re.fullmatch(row.message, failure.describe()), failure.describe()
    assert row.stderr in failure.stderr


def test_another_protocol_version_costs_every_case() -> None:
    found = outcomes(adapter("hostile_protocol_3"))
    assert found == ["wrong_protocol"] * 5 + ["gave_up"]


# -- giving up -------------------------------------------------------------------------------------


def test_the_breaker_counts_failures_in_a_row() -> None:
    hang = AdapterTimeout("timeout", "no answer")
    breaker = Breaker(3)
    for _ in range(2):
        breaker.failed(hang)
    breaker.succeeded()  # an answer: the count starts again
    breaker.failed(AdapterFailure("crashed", "exit 1"))
    breaker.failed(hang)
    assert breaker.reason is None
    breaker.failed(hang)
    assert breaker.reason is not None and breaker.reason.startswith(
        "the adapter failed 3 times in a row (crashed, timeout, timeout); it is not started again"
    )
    breaker.succeeded()
    assert breaker.reason is not None  # tripped for good
    never = Breaker(0)
    for _ in range(100):
        never.failed(hang)
    assert never.reason is None
    with pytest.raises(ValueError):
        Breaker(-1)


def test_an_adapter_that_hangs_on_every_case_is_given_up_without_restarting_it() -> None:
    began = time.monotonic()
    with ProtocolEngine(adapter("hang_always"), timeout=0.3, give_up_after=3) as engine:
        failures = []
        for case in cases():
            with pytest.raises(AdapterFailure) as raised:
                engine.run(case, {})
            failures.append(raised.value)
        assert engine.starts == 3
    assert [f.kind for f in failures] == ["timeout"] * 3 + ["gave_up"] * 3
    assert all(f.outcome == "crash" and f.describe().startswith("gave_up: ") for f in failures[3:])
    assert "(timeout, timeout, timeout)" in failures[3].describe()
    assert time.monotonic() - began < 3


def test_answers_between_failures_keep_the_breaker_closed() -> None:
    assert outcomes(adapter("hostile_hang"), timeout=0.3) == ["observed", "timeout"] * 3  # default: 5
    with ProtocolEngine(adapter("hostile_hang"), timeout=0.3, give_up_after=1) as engine:
        assert engine.run(cases()[0], {}).status == "observed"
        with pytest.raises(AdapterTimeout):
            engine.run(cases()[1], {})
        with pytest.raises(AdapterFailure) as raised:
            engine.run(cases()[2], {})
    assert raised.value.kind == "gave_up"
