"""The adapter protocol, runner side: a third-party engine as an :class:`~conformance.interface.Engine`.

:class:`ProtocolEngine` spawns the adapter command (``shlex`` split, no shell), performs the
handshake, sends one ``run`` message per case and waits at most ``timeout`` seconds for its answer.
A reader thread feeds stdout lines into a queue, so nothing ever blocks forever. Any failure of the
adapter itself (it crashed, hung, broke the protocol) costs one case: the process group is killed,
:class:`AdapterFailure` is raised for that case, and the next case starts a fresh adapter.

The wire format is specified in ``spec/protocol.md`` and ``spec/protocol/*.json``.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Mapping
from functools import cache
from typing import IO, cast

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import best_match  # type: ignore[import-untyped]

from conformance.documents import Card, Case, Handshake, JSONValue, Observation, ResultMessage, RunMessage
from conformance.interface import EngineFailure, EngineInfo, Outcome, RunResult
from conformance.paths import spec_dir
from conformance.run.compare import MalformedObservation
from conformance.run.quickcheck import quick_check

PROTOCOL_VERSION = 1
MAX_LINE_BYTES = 64 * 1024 * 1024
SHOWN_LINE_CHARS = 300
STDERR_TAIL_LINES = 40
MAX_CONSECUTIVE_START_FAILURES = 3


def truncate(text: str, limit: int = SHOWN_LINE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


class AdapterFailure(EngineFailure):
    """The adapter, not the engine, failed. ``kind`` names what happened in a word or two.

    kinds: ``did_not_start`` (could not be spawned, or exited before the handshake), ``no_handshake``
    (no handshake within the start timeout), ``bad_json`` (a line that is not a JSON object),
    ``wrong_protocol``, ``wrong_seq``, ``bad_message`` (missing or wrong fields), ``crashed``
    (exited or closed stdout while a case ran), ``timeout``, ``gave_up`` (did not start several
    times in a row; the remaining cases are not tried).
    """

    outcome: Outcome = "crash"

    def __init__(self, kind: str, message: str, line: str | None = None, stderr: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.line = None if line is None else truncate(line)
        self.stderr = stderr

    @property
    def violation(self) -> bool:
        return self.kind in ("bad_json", "wrong_protocol", "wrong_seq", "bad_message")

    def describe(self) -> str:
        """One line for reports: what happened, and the offending line if there was one."""
        head = f"protocol violation ({self.kind}): " if self.violation else f"{self.kind}: "
        text = head + self.message
        if self.line is not None:
            text += f" | line: {self.line}"
        return text


class AdapterTimeout(AdapterFailure):
    outcome: Outcome = "timeout"


@cache
def message_validator(name: str) -> Draft202012Validator:
    """Validator for ``spec/protocol/<name>.json`` (handshake, result, …)."""
    schema = json.loads((spec_dir() / "protocol" / f"{name}.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


@cache
def observation_validator() -> Draft202012Validator:
    result = message_validator("result").schema
    schema = {"$defs": result["$defs"], **result["$defs"]["observation"]}
    return Draft202012Validator(schema)


def schema_problem(validator: Draft202012Validator, instance: object, where: str = "") -> str | None:
    """The most relevant schema error as one line, or None."""
    quick = quick_check(validator.schema)
    if quick is not None and quick(instance):
        return None  # certainly valid; jsonschema (below) words the error otherwise
    error = best_match(validator.iter_errors(instance))
    if error is None:
        return None
    path = where + "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return truncate(f"{path or 'message'}: {error.message}", 400)


def valid_observation(value: object) -> Observation:
    """``value`` once it matches the observation of protocol/result.json, as an adapter's must (for an
    engine run in process, such as the fuzzers' driver of the reference engine); MalformedObservation
    otherwise."""
    problem = schema_problem(observation_validator(), value, "observation")
    if problem:
        raise MalformedObservation(problem)
    return cast(Observation, value)  # it matched protocol/result.json $defs/observation just above


def check_handshake(message: JSONValue, line: str) -> EngineInfo:
    """The handshake as an EngineInfo, or AdapterFailure naming what is wrong with it."""
    return engine_info(valid_handshake(message, line))


def valid_handshake(message: JSONValue, line: str) -> Handshake:
    """The handshake, once it matches handshake.json; AdapterFailure naming what is wrong with it."""
    if not isinstance(message, dict):
        raise AdapterFailure("bad_json", "the handshake is not a JSON object", line)
    if "protocol" not in message:
        raise AdapterFailure("bad_message", "the handshake has no 'protocol' field", line)
    if message["protocol"] != PROTOCOL_VERSION:
        raise AdapterFailure(
            "wrong_protocol",
            f"the runner speaks protocol {PROTOCOL_VERSION}, the adapter answered {message['protocol']!r}",
            line,
        )
    missing = [k for k in ("engine", "adapter", "unsupported_features") if k not in message]
    if missing:
        raise AdapterFailure("bad_message", f"the handshake lacks {', '.join(missing)}", line)
    problem = schema_problem(message_validator("handshake"), message)
    if problem:
        raise AdapterFailure("bad_message", f"the handshake does not match handshake.json: {problem}", line)
    return cast(Handshake, message)  # it matched protocol/handshake.json just above


def engine_info(handshake: Handshake) -> EngineInfo:
    return EngineInfo(
        name=handshake["engine"]["name"],
        version=handshake["engine"]["version"],
        adapter_version=handshake["adapter"]["version"],
        unsupported_features=frozenset(handshake["unsupported_features"]),
        adapter_name=handshake["adapter"]["name"],
    )


def check_result(message: JSONValue, line: str, seq: int) -> RunResult:
    """The answer to ``run`` number ``seq`` as a RunResult, or AdapterFailure."""
    if not isinstance(message, dict):
        raise AdapterFailure("bad_json", f"expected a JSON object, got {type(message).__name__}", line)
    if "seq" not in message:
        raise AdapterFailure("bad_message", "the answer has no 'seq' field", line)
    if message["seq"] != seq:
        raise AdapterFailure("wrong_seq", f"expected seq {seq}, got {message['seq']!r}", line)
    kinds = [k for k in ("observation", "unsupported", "error") if k in message]
    if len(kinds) != 1:
        found = "none" if not kinds else " and ".join(kinds)
        raise AdapterFailure(
            "bad_message",
            f"the answer needs exactly one of observation, unsupported, error (found {found})",
            line,
        )
    if kinds == ["observation"]:
        observation = message["observation"]
        if isinstance(observation, dict) and "final" not in observation and not observation.get("unanswered"):
            raise AdapterFailure(
                "bad_message", "the observation has no 'final' (and no 'unanswered' decision)", line
            )
        problem = schema_problem(observation_validator(), observation, "observation")
    else:
        problem = schema_problem(message_validator("result"), message)
    if problem:
        raise AdapterFailure("bad_message", f"the answer does not match result.json: {problem}", line)
    # it matched protocol/result.json just above (an observation: its $defs/observation; seq: checked)
    result = cast(ResultMessage, message)
    if "observation" in result:
        return RunResult("observed", observation=result["observation"])
    if "unsupported" in result:
        return RunResult("unsupported", reason=result["unsupported"])
    reason = result["error"]
    if result.get("detail"):
        reason += "\n" + str(result["detail"])
    return RunResult("error", reason=reason)


def decode_line(raw: bytes) -> tuple[JSONValue, str]:
    """Parse one line of adapter output, or AdapterFailure(bad_json)."""
    text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
    if len(raw) >= MAX_LINE_BYTES and not raw.endswith(b"\n"):
        raise AdapterFailure("bad_json", f"a line longer than {MAX_LINE_BYTES} bytes", text)
    try:
        return json.loads(text), text
    except ValueError as error:
        what = "an empty line" if not text.strip() else f"not JSON ({error})"
        raise AdapterFailure("bad_json", f"the adapter wrote {what}", text) from None


class AdapterProcess:
    """One running adapter: its pipes, a stdout reader thread and a stderr tail."""

    def __init__(self, argv: list[str], env: Mapping[str, str] | None = None) -> None:
        self.argv = argv
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                env=None if env is None else dict(env),
            )
        except OSError as error:
            raise AdapterFailure(
                "did_not_start", f"cannot run {argv[0]!r}: {error.strerror or error}"
            ) from None
        assert self.proc.stdin is not None and self.proc.stdout is not None and self.proc.stderr is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        threading.Thread(target=self._read_stdout, args=(self.proc.stdout,), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self.proc.stderr,), daemon=True).start()

    def _read_stdout(self, stream: IO[bytes]) -> None:
        try:
            while line := stream.readline(MAX_LINE_BYTES):
                self.lines.put(line)
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            for line in stream:
                self.stderr_tail.append(line.decode("utf-8", errors="replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass

    def stderr(self) -> str:
        return "\n".join(self.stderr_tail)

    def send(self, message: Mapping[str, object], seconds: float = 5.0, what: str = "a message") -> None:
        """Write one line; a timeout if the adapter does not read it within ``seconds``.

        stdin is non-blocking, so an adapter that stops reading cannot block the runner on a full pipe.
        """
        data = memoryview(
            (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        )
        assert self.proc.stdin is not None
        try:
            fd = self.proc.stdin.fileno()
        except ValueError:
            raise self._exited("the adapter's stdin is closed") from None
        deadline = time.monotonic() + seconds
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_WRITE)
            while data:
                try:
                    data = data[os.write(fd, data) :]
                    continue
                except BlockingIOError:
                    pass
                except OSError:
                    raise self._exited("the adapter closed its stdin") from None
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not selector.select(remaining):
                    raise AdapterTimeout(
                        "timeout",
                        f"the adapter did not read {what} within {seconds:g} s",
                        stderr=self.stderr(),
                    )

    def receive(self, seconds: float, waiting_for: str, limit: float | None = None) -> tuple[JSONValue, str]:
        """The next line, parsed; waits ``seconds`` (``limit``: the total to report in a timeout)."""
        try:
            raw = self.lines.get(timeout=max(seconds, 0.0))
        except queue.Empty:
            raise AdapterTimeout(
                "timeout",
                f"no answer to {waiting_for} within {limit if limit is not None else seconds:g} s",
                stderr=self.stderr(),
            ) from None
        if raw is None:
            raise self._exited(f"the adapter closed stdout while the runner waited for {waiting_for}")
        return decode_line(raw)

    def _exited(self, what: str) -> AdapterFailure:
        try:
            code = self.proc.wait(timeout=1.0)
            status = f"exit status {code}" if code >= 0 else f"killed by signal {-code}"
        except subprocess.TimeoutExpired:
            status = "still running"
        time.sleep(0.05)  # let the stderr reader catch the last lines
        return AdapterFailure("crashed", f"{what} ({status})", stderr=self.stderr())

    def stop(self, grace: float = 2.0) -> int | None:
        """Send stop, close stdin, wait ``grace`` seconds, then kill. The exit status, None if killed."""
        if self.proc.poll() is None:
            try:
                self.send({"cmd": "stop"}, 1.0, "stop")
                assert self.proc.stdin is not None
                self.proc.stdin.close()
            except (AdapterFailure, OSError):
                pass
            try:
                return self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        else:
            return self.proc.returncode
        self.kill()
        return None

    def kill(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5.0)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def parse_command(command: str) -> list[str]:
    """``command`` split like a shell would, without a shell. ValueError when it is unusable."""
    argv = shlex.split(command)
    if not argv:
        raise ValueError("the engine command is empty")
    return argv


class ProtocolEngine:
    """An engine behind an adapter process that speaks ``spec/protocol.md``.

    A command starting with ``python`` (or ``python3``) runs in the interpreter mtgc runs in.
    ``timeout`` bounds each case; ``start_timeout`` (default ``max(20, timeout)``) the handshake.
    ``run`` raises :class:`AdapterFailure` (outcome ``crash``) or :class:`AdapterTimeout` (outcome
    ``timeout``) when the adapter fails; the next ``run`` restarts it. After
    ``MAX_CONSECUTIVE_START_FAILURES`` failed starts in a row, ``run`` fails at once with ``gave_up``.
    """

    def __init__(
        self,
        command: str,
        timeout: float = 10.0,
        start_timeout: float | None = None,
        env: Mapping[str, str] | None = None,
        first_seq: int = 0,
    ) -> None:
        self.command = command
        self.argv = parse_command(command)
        if self.argv[0] in ("python", "python3"):
            # `python -m my_adapter` means this interpreter (its venv has the adapter), not PATH's
            self.argv[0] = sys.executable
        self.timeout = timeout
        self.start_timeout = start_timeout if start_timeout is not None else max(20.0, timeout)
        self.env = env
        self.starts = 0
        self.restarts = 0
        self.start_seconds = 0.0
        self._failed_starts = 0
        self._last_start_failure: AdapterFailure | None = None
        self._process: AdapterProcess | None = None
        self._info: EngineInfo | None = None
        self._seq = first_seq
        self.handshake: Handshake | None = None

    # -- lifecycle -------------------------------------------------------------------------------

    def start(self) -> EngineInfo:
        """Spawn the adapter and shake hands (no-op when it runs). Raises AdapterFailure."""
        if self._process is not None:
            assert self._info is not None
            return self._info
        if self._failed_starts >= MAX_CONSECUTIVE_START_FAILURES:
            last = self._last_start_failure
            raise AdapterFailure(
                "gave_up",
                f"the adapter failed to start {self._failed_starts} times in a row; not tried again"
                + (f" (last: {last.describe()})" if last else ""),
                stderr=last.stderr if last else "",
            )
        began = time.perf_counter()
        try:
            process = AdapterProcess(self.argv, self.env)
        except AdapterFailure as failure:
            self._start_failed(failure)
            raise
        try:
            process.send(
                {"cmd": "start", "protocol": PROTOCOL_VERSION}, self.start_timeout, "the start message"
            )
            message, line = process.receive(self.start_timeout, "the start message (the handshake)")
            handshake = valid_handshake(message, line)
            info = engine_info(handshake)
        except AdapterFailure as failure:
            process.kill()
            if failure.kind == "crashed":
                failure = AdapterFailure(
                    "did_not_start",
                    f"the adapter exited before the handshake: {failure.message}",
                    stderr=process.stderr(),
                )
            elif failure.kind == "timeout":
                failure = AdapterTimeout("no_handshake", failure.message, stderr=process.stderr())
            else:
                failure.stderr = process.stderr()
            self._start_failed(failure)
            raise failure from None
        self.start_seconds += time.perf_counter() - began
        self.starts += 1
        if self.starts > 1:
            self.restarts += 1
        self._failed_starts = 0
        self._process = process
        self.handshake = handshake
        if self._info is None:
            self._info = info
        return self._info

    def _start_failed(self, failure: AdapterFailure) -> None:
        self._failed_starts += 1
        self._last_start_failure = failure

    def info(self) -> EngineInfo:
        if self._info is None:
            self.start()
        assert self._info is not None
        return self._info

    def close(self) -> int | None:
        """Stop the adapter. Its exit status; None when it had to be killed or was not running."""
        if self._process is None:
            return None
        status = self._process.stop()
        self._process = None
        return status

    def __enter__(self) -> ProtocolEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- cases -----------------------------------------------------------------------------------

    def run(self, case: Case, cards: Mapping[str, Card]) -> RunResult:
        self.start()
        process = self._process
        assert process is not None
        seq = self._seq
        self._seq += 1
        began = time.perf_counter()
        try:
            run: RunMessage = {"cmd": "run", "seq": seq, "case": case, "cards": dict(cards)}
            process.send(run, self.timeout, f"run seq {seq}")
            left = max(0.0, self.timeout - (time.perf_counter() - began))
            message, line = process.receive(left, f"run seq {seq}", self.timeout)
            result = check_result(message, line, seq)
        except AdapterFailure as failure:
            process.kill()
            self._process = None
            if not failure.stderr:
                failure.stderr = process.stderr()
            raise
        seconds = time.perf_counter() - began
        return RunResult(result.status, result.observation, result.reason, seconds)

    def stats(self) -> dict[str, float]:
        """How often the adapter was started, and the seconds spent starting it (for the report)."""
        return {"starts": self.starts, "restarts": self.restarts, "start_seconds": self.start_seconds}

    def stderr(self) -> str:
        """The last lines the current adapter wrote to stderr."""
        return self._process.stderr() if self._process is not None else ""


__all__ = [
    "PROTOCOL_VERSION",
    "AdapterFailure",
    "AdapterTimeout",
    "ProtocolEngine",
    "check_handshake",
    "check_result",
    "parse_command",
    "truncate",
]
