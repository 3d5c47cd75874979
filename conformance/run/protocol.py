"""The adapter protocol, runner side: a third-party engine as an :class:`~conformance.interface.Engine`.

:class:`ProtocolEngine` spawns the adapter command (``shlex`` split, no shell), performs the
handshake, sends one ``run`` message per case and waits at most ``timeout`` seconds for its answer.
The adapter runs in a process group of its own; a reader thread takes its stdout lines and a bounded
tail of its stderr, and waiting for an answer watches the adapter too, so nothing ever blocks past the
timeout, whatever the adapter or its children do. Any failure of the adapter itself (it crashed,
hung, broke the protocol) costs one case: the process group is killed, :class:`AdapterFailure` is
raised for that case, and the next case starts a fresh adapter. After ``give_up_after`` failures in a
row (:mod:`conformance.run.breaker`) every further case fails at once with ``gave_up``.

The wire format is specified in ``spec/protocol.md`` and ``spec/protocol/*.json`` (protocol 2;
``spec/protocol/v1/``: protocol 1). The runner offers both in its start message and speaks the one the
adapter answers with; in protocol 2 it sends each card definition once per adapter process
(:class:`CardsSent`), in protocol 1 every card with every case.
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
from collections.abc import Mapping, Sequence
from functools import cache
from typing import cast

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import best_match  # type: ignore[import-untyped]

from conformance.documents import (
    Card,
    Case,
    Handshake,
    JSONValue,
    Observation,
    ResultMessage,
    RunMessage,
    RunMessageV1,
)
from conformance.interface import EngineFailure, EngineInfo, Outcome, RunResult
from conformance.paths import spec_dir
from conformance.run.breaker import GIVE_UP_AFTER, Breaker
from conformance.run.cardstore import CardsSent
from conformance.run.compare import MalformedObservation
from conformance.run.quickcheck import quick_check

PROTOCOL_VERSION = 2  # the newest protocol version this runner speaks
PROTOCOL_VERSIONS = (2, 1)  # every version it speaks, newest first: offered in the start message
MAX_LINE_BYTES = 64 * 1024 * 1024  # a longer line on stdout is a violation (bad_json)
SHOWN_LINE_CHARS = 300  # of an offending line, in a report
STDERR_TAIL_LINES = 40  # the last lines of stderr kept (shown when the adapter fails)…
STDERR_LINE_CHARS = 2000  # …each cut to this many characters: the tail is bounded whatever is written
READ_CHUNK = 64 * 1024  # bytes read from a pipe at a time: no line is ever read whole from stderr
POLL_SECONDS = 0.05  # how often waiting for an answer checks that the adapter is still alive
EXIT_DRAIN_SECONDS = 0.2  # an adapter that exited: how long what it wrote before may take to arrive
STOP_GRACE_SECONDS = 2.0  # after stop, before the process group is killed


def truncate(text: str, limit: int = SHOWN_LINE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


class AdapterFailure(EngineFailure):
    """The adapter, not the engine, failed. ``kind`` names what happened in a word or two.

    kinds: ``did_not_start`` (could not be spawned, or exited before the handshake), ``no_handshake``
    (no handshake within the start timeout: a crash, not a timeout), ``bad_json`` (a line that is not a
    JSON object), ``wrong_protocol``, ``wrong_seq``, ``bad_message`` (missing, unknown or wrong
    fields), ``crashed`` (exited or closed stdout while a case ran), ``timeout`` (outcome ``timeout``:
    :class:`AdapterTimeout`), ``gave_up`` (failed ``give_up_after`` times in a row; the remaining
    cases are not tried).
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
def message_validator(name: str, version: int = PROTOCOL_VERSION) -> Draft202012Validator:
    """Validator for ``spec/protocol/<name>.json`` (handshake, result, …) of protocol ``version``
    (an older one's schemas are in ``spec/protocol/v<version>/``)."""
    folder = spec_dir() / "protocol"
    if version != PROTOCOL_VERSION:
        folder = folder / f"v{version}"
    schema = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def spoken(versions: Sequence[int]) -> str:
    """``(2, 1)`` as "protocol 2 or 1", for messages."""
    return "protocol " + " or ".join(map(str, versions))


def start_message(versions: Sequence[int]) -> dict[str, object]:
    """The start message offering ``versions`` (newest first). Offering protocol 1 alone, it is
    protocol 1's start message exactly, as a runner from before protocol 2 sent it."""
    if tuple(versions) == (1,):
        return {"cmd": "start", "protocol": 1}
    return {"cmd": "start", "protocol": versions[0], "protocols": list(versions)}


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


def check_handshake(message: JSONValue, line: str, versions: Sequence[int] = PROTOCOL_VERSIONS) -> EngineInfo:
    """The handshake as an EngineInfo, or AdapterFailure naming what is wrong with it."""
    return engine_info(valid_handshake(message, line, versions))


def valid_handshake(message: JSONValue, line: str, versions: Sequence[int] = PROTOCOL_VERSIONS) -> Handshake:
    """The handshake, once it names one of the protocol ``versions`` offered and matches that
    version's handshake.json; AdapterFailure naming what is wrong with it."""
    if not isinstance(message, dict):
        raise AdapterFailure("bad_json", "the handshake is not a JSON object", line)
    if "protocol" not in message:
        raise AdapterFailure("bad_message", "the handshake has no 'protocol' field", line)
    version = message["protocol"]
    if type(version) is not int or version not in versions:  # neither true nor 2.0 is a version
        raise AdapterFailure(
            "wrong_protocol", f"the runner speaks {spoken(versions)}, the adapter answered {version!r}", line
        )
    missing = [k for k in ("engine", "adapter", "unsupported_features") if k not in message]
    if missing:
        raise AdapterFailure("bad_message", f"the handshake lacks {', '.join(missing)}", line)
    problem = schema_problem(message_validator("handshake", version), message)
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
        protocol=handshake["protocol"],
    )


#: The fields of each kind of answer (protocol/result.json): no other is allowed.
ANSWER_FIELDS: Mapping[str, frozenset[str]] = {
    "observation": frozenset({"seq", "observation"}),
    "unsupported": frozenset({"seq", "unsupported"}),
    "error": frozenset({"seq", "error", "detail"}),
}


def check_result(message: JSONValue, line: str, seq: int) -> RunResult:
    """The answer to ``run`` number ``seq`` as a RunResult, or AdapterFailure."""
    if not isinstance(message, dict):
        raise AdapterFailure("bad_json", f"expected a JSON object, got {type(message).__name__}", line)
    if "seq" not in message:
        raise AdapterFailure("bad_message", "the answer has no 'seq' field", line)
    answered = message["seq"]
    if type(answered) is not int or answered != seq:  # neither true nor 1.0 is the seq 1
        raise AdapterFailure("wrong_seq", f"expected seq {seq}, got {answered!r}", line)
    kinds = [k for k in ANSWER_FIELDS if k in message]
    if len(kinds) != 1:
        found = "none" if not kinds else " and ".join(kinds)
        raise AdapterFailure(
            "bad_message",
            f"the answer needs exactly one of observation, unsupported, error (found {found})",
            line,
        )
    unknown = sorted(set(message) - ANSWER_FIELDS[kinds[0]])
    if unknown:  # (inside an observation, other fields are ignored; around it, none is allowed)
        raise AdapterFailure(
            "bad_message",
            f"the answer has a field the protocol does not define: {', '.join(map(repr, unknown))} "
            f"(an {kinds[0]} answer has {', '.join(sorted(ANSWER_FIELDS[kinds[0]]))})",
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
    try:
        return json.loads(text), text
    except ValueError as error:
        what = "an empty line" if not text.strip() else f"not JSON ({error})"
        raise AdapterFailure("bad_json", f"the adapter wrote {what}", text) from None


class StderrTail:
    """The last ``lines`` lines an adapter wrote to stderr, each cut to its first ``chars`` characters.

    Fed in chunks as they are read, it never holds more than ``lines`` × ``chars`` characters and the
    start of the line being written: a 100 MB line costs ``chars`` characters, not 100 MB. Thread-safe
    (the reader thread feeds it, the runner reads it).
    """

    def __init__(self, lines: int = STDERR_TAIL_LINES, chars: int = STDERR_LINE_CHARS) -> None:
        self.chars = chars
        self._keep = 4 * chars  # bytes of a line kept: enough for ``chars`` characters of UTF-8
        self._lines: deque[str] = deque(maxlen=lines)
        self._current = bytearray()
        self._dropped = 0  # bytes of the current line beyond ``_keep``
        self._cr = False  # it ends in \r so far
        self._lock = threading.Lock()

    def feed(self, chunk: bytes) -> None:
        with self._lock:
            start = 0
            while True:
                end = chunk.find(b"\n", start)
                stop = len(chunk) if end < 0 else end
                room = self._keep - len(self._current)
                if room > 0:
                    self._current += chunk[start : min(stop, start + room)]
                self._dropped += max(0, stop - start - max(room, 0))
                if stop > start:
                    self._cr = chunk[stop - 1] == 0x0D
                if end < 0:
                    return
                if self._cr and self._dropped:  # a CRLF line's \r is not one of its characters
                    self._dropped -= 1
                self._lines.append(self._render())
                self._current.clear()
                self._dropped, self._cr = 0, False
                start = end + 1

    def _render(self) -> str:
        text = self._current.decode("utf-8", errors="replace").rstrip("\r")
        if len(text) <= self.chars and not self._dropped:
            return text
        more = self._dropped + len(text[self.chars :].encode("utf-8"))
        return f"{text[: self.chars]}… ({more} more bytes)"

    def text(self) -> str:
        """The tail, oldest line first (with the line being written, if any)."""
        with self._lock:
            lines = list(self._lines)
            if self._current or self._dropped:
                lines.append(self._render())
        return "\n".join(lines)


class AdapterProcess:
    """One running adapter: its process group, its pipes, a reader thread and a stderr tail.

    The adapter runs in a session (and process group) of its own, so that everything it starts can be
    killed with it. One daemon thread reads stdout and stderr in chunks (stdout lines into a queue,
    stderr into a :class:`StderrTail`); it owns both pipes, closes them when it ends, and ends when
    both are closed or :meth:`kill` wakes it. Nothing here waits for a pipe to close or takes a lock a
    reader holds, so a child that keeps the adapter's stdout open (or a process that escaped the group)
    can never block the runner: waiting for an answer also watches the adapter itself, and an adapter
    that exited is a crash at once, whoever still holds its pipes.
    """

    def __init__(self, argv: list[str], env: Mapping[str, str] | None = None) -> None:
        self.argv = argv
        self.lines: queue.Queue[bytes | AdapterFailure | None] = queue.Queue()
        self.tail = StderrTail()
        self._stderr_closed = threading.Event()
        self._killed = False
        out_r, out_w = os.pipe()  # not inherited: each adapter gets only its own pipes
        err_r, err_w = os.pipe()
        wake_r, self._wake_w = os.pipe()  # closed by kill() to wake the reader
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=out_w,
                stderr=err_w,
                start_new_session=True,  # its own session and process group: killed as a whole
                env=None if env is None else dict(env),
            )
        except OSError as error:
            for fd in (out_r, err_r, wake_r, self._wake_w):
                os.close(fd)
            raise AdapterFailure(
                "did_not_start", f"cannot run {argv[0]!r}: {error.strerror or error}"
            ) from None
        finally:
            os.close(out_w)
            os.close(err_w)
        assert self.proc.stdin is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        for fd in (out_r, err_r, wake_r):
            os.set_blocking(fd, False)
        threading.Thread(
            target=self._read, args=(out_r, err_r, wake_r), daemon=True, name=f"adapter-{self.proc.pid}"
        ).start()

    # -- the reader thread -----------------------------------------------------------------------

    def _read(self, out_fd: int, err_fd: int, wake_fd: int) -> None:
        pending = bytearray()  # the start of the stdout line being read
        skipping = False  # inside a line too long to keep (already reported)

        def take(fd: int, chunk: bytes) -> None:
            nonlocal skipping
            if fd == err_fd:
                self.tail.feed(chunk)
                return
            start = 0
            while start < len(chunk):
                end = chunk.find(b"\n", start)
                stop = len(chunk) if end < 0 else end + 1
                if not skipping:
                    pending.extend(chunk[start:stop])
                    if len(pending) > MAX_LINE_BYTES:
                        head = bytes(pending[: SHOWN_LINE_CHARS * 4]).decode("utf-8", errors="replace")
                        self.lines.put(
                            AdapterFailure("bad_json", f"a line longer than {MAX_LINE_BYTES} bytes", head)
                        )
                        pending.clear()
                        skipping = end < 0
                    elif end >= 0:
                        self.lines.put(bytes(pending))
                        pending.clear()
                elif end >= 0:
                    skipping = False
                start = stop

        def ended(fd: int) -> None:
            if fd == out_fd:
                if pending and not skipping:
                    self.lines.put(bytes(pending))
                self.lines.put(None)
            else:
                self._stderr_closed.set()

        open_fds = {out_fd, err_fd}
        selector = selectors.DefaultSelector()
        try:
            for fd in (out_fd, err_fd, wake_fd):
                selector.register(fd, selectors.EVENT_READ)
            while open_fds:
                for key, _ in selector.select():
                    fd = key.fd
                    if fd == wake_fd:  # killed: keep what is already in the pipes, then end
                        for each in sorted(open_fds):
                            for _ in range(16):  # at most 1 MiB each: a writer may still be alive
                                chunk = self._chunk(each)
                                if not chunk:
                                    break
                                take(each, chunk)
                        return
                    if fd not in open_fds:
                        continue
                    chunk = self._chunk(fd)
                    if chunk is None:
                        continue
                    if not chunk:
                        selector.unregister(fd)
                        open_fds.discard(fd)
                        ended(fd)
                        continue
                    take(fd, chunk)
        except Exception:  # never let the reader die silently with the runner waiting on it
            pass
        finally:
            selector.close()
            for fd in open_fds:
                ended(fd)
            for fd in (out_fd, err_fd, wake_fd):
                with contextlib.suppress(OSError):
                    os.close(fd)

    @staticmethod
    def _chunk(fd: int) -> bytes | None:
        """Up to READ_CHUNK bytes from ``fd``; b"" at the end, None when there is nothing yet."""
        try:
            return os.read(fd, READ_CHUNK)
        except BlockingIOError:
            return None
        except OSError:
            return b""

    # -- the runner's side -----------------------------------------------------------------------

    def stderr(self) -> str:
        return self.tail.text()

    def exited(self) -> bool:
        return self.proc.poll() is not None

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
                if self.exited():  # whoever still holds its stdin, the adapter itself is gone
                    raise self._exited(f"the adapter exited before reading {what}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AdapterTimeout(
                        "timeout",
                        f"the adapter did not read {what} within {seconds:g} s",
                        stderr=self.stderr(),
                    )
                selector.select(min(remaining, POLL_SECONDS))

    def receive(self, seconds: float, waiting_for: str, limit: float | None = None) -> tuple[JSONValue, str]:
        """The next line, parsed; waits ``seconds`` (``limit``: the total to report in a timeout).

        Watches the adapter while it waits: once it has exited, what it wrote before is still taken
        (for EXIT_DRAIN_SECONDS), then it is a crash, even if a child of it keeps stdout open.
        """
        deadline = time.monotonic() + max(seconds, 0.0)
        exited_at: float | None = None
        while True:
            until = deadline if exited_at is None else exited_at + EXIT_DRAIN_SECONDS
            wait = min(until - time.monotonic(), POLL_SECONDS)
            try:
                item = self.lines.get(timeout=wait) if wait > 0 else self.lines.get_nowait()
                break
            except queue.Empty:
                pass
            now = time.monotonic()
            if exited_at is None and self.exited():
                exited_at = now
            elif exited_at is not None:
                if now >= exited_at + EXIT_DRAIN_SECONDS:
                    raise self._exited(f"the adapter exited while the runner waited for {waiting_for}")
            elif now >= deadline:
                raise AdapterTimeout(
                    "timeout",
                    f"no answer to {waiting_for} within {limit if limit is not None else seconds:g} s",
                    stderr=self.stderr(),
                )
        if item is None:
            raise self._exited(f"the adapter closed stdout while the runner waited for {waiting_for}")
        if isinstance(item, AdapterFailure):
            raise item
        return decode_line(item)

    def _exited(self, what: str) -> AdapterFailure:
        try:
            code = self.proc.wait(timeout=1.0)
            status = f"exit status {code}" if code >= 0 else f"killed by signal {-code}"
        except subprocess.TimeoutExpired:
            status = "still running"
        self._stderr_closed.wait(0.2)  # its last lines, unless a child holds stderr open
        return AdapterFailure("crashed", f"{what} ({status})", stderr=self.stderr())

    def stop(self, grace: float = STOP_GRACE_SECONDS) -> int | None:
        """Send stop, close stdin, wait ``grace`` seconds for the adapter to exit, then kill its process
        group (whatever it left running too). The adapter's exit status; None if it had to be killed."""
        status: int | None = self.proc.poll()
        if status is None and not self._killed:
            with contextlib.suppress(AdapterFailure, OSError):
                self.send({"cmd": "stop"}, 1.0, "stop")
            with contextlib.suppress(OSError):
                assert self.proc.stdin is not None
                self.proc.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self.proc.wait(timeout=grace)
        self.kill()
        return status

    def kill(self) -> None:
        """Kill the adapter's whole process group, reap the adapter and wake the reader: the pipes
        close behind it. Never waits on a pipe; returns at once, whatever is left holding them."""
        if not self._killed:  # once: the group's number is free for reuse once it is dead
            self._killed = True
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # the group outlives its leader: kill it anyway
            except ProcessLookupError:
                pass  # nothing left in the group
            except PermissionError:
                with contextlib.suppress(OSError):
                    self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5.0)
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()
        if self._wake_w >= 0:
            with contextlib.suppress(OSError):
                os.close(self._wake_w)
            self._wake_w = -1


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
    ``timeout``) when the adapter fails; the next ``run`` restarts it. ``breaker`` counts the
    adapter's failures in a row (failed starts, crashes, violations, timeouts); after ``give_up_after``
    of them (0: never), ``run`` fails at once with ``gave_up`` and starts no adapter again.
    :func:`~conformance.run.runner.run_cases` gives the engines of a run one breaker to share.

    ``protocols``: the versions offered in the start message, newest first (default: every one this
    runner speaks); ``protocol`` is the one the running adapter answered with. In protocol 2 each card
    definition goes to an adapter process once (:class:`~conformance.run.cardstore.CardsSent`).
    """

    def __init__(
        self,
        command: str,
        timeout: float = 10.0,
        start_timeout: float | None = None,
        env: Mapping[str, str] | None = None,
        first_seq: int = 0,
        give_up_after: int = GIVE_UP_AFTER,
        protocols: Sequence[int] = PROTOCOL_VERSIONS,
    ) -> None:
        self.command = command
        if not protocols or len(set(protocols)) != len(protocols) or set(protocols) - set(PROTOCOL_VERSIONS):
            raise ValueError(
                f"protocols: distinct versions among {spoken(PROTOCOL_VERSIONS)}, got {protocols!r}"
            )
        self.protocols = tuple(protocols)
        self.protocol: int | None = None  # the version the running adapter speaks
        self._cards = CardsSent()  # protocol 2: the cards the running adapter holds
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
        self.breaker = Breaker(give_up_after)
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
        self._give_up_if_tripped()
        began = time.perf_counter()
        try:
            process = AdapterProcess(self.argv, self.env)
        except AdapterFailure as failure:
            self.breaker.failed(failure)
            raise
        try:
            process.send(start_message(self.protocols), self.start_timeout, "the start message")
            message, line = process.receive(self.start_timeout, "the start message (the handshake)")
            handshake = valid_handshake(message, line, self.protocols)
            info = engine_info(handshake)
        except AdapterFailure as failure:
            process.kill()
            if failure.kind == "crashed":
                failure = AdapterFailure(
                    "did_not_start",
                    f"the adapter exited before the handshake: {failure.message}",
                    stderr=process.stderr(),
                )
            elif failure.kind == "timeout":  # a crash, not a timeout: no case was running yet
                failure = AdapterFailure("no_handshake", failure.message, stderr=process.stderr())
            else:
                failure.stderr = process.stderr()
            self.breaker.failed(failure)
            raise failure from None
        except BaseException:  # an interrupt while starting: leave nothing running
            process.kill()
            raise
        self.start_seconds += time.perf_counter() - began
        self.starts += 1
        if self.starts > 1:
            self.restarts += 1
        self._process = process
        self.handshake = handshake
        self.protocol = handshake["protocol"]
        self._cards = CardsSent()  # a new process holds no card yet
        if self._info is None:
            self._info = info
        return self._info

    def _give_up_if_tripped(self) -> None:
        """AdapterFailure(gave_up) once the breaker has tripped (the running adapter is stopped)."""
        reason = self.breaker.reason
        if reason is None:
            return
        self.close()
        last = self.breaker.last
        raise AdapterFailure("gave_up", reason, stderr=last.stderr if last else "")

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
        self._give_up_if_tripped()
        self.start()
        process = self._process
        assert process is not None
        seq = self._seq
        self._seq += 1
        began = time.perf_counter()
        try:
            if self.protocol == 1:
                old: RunMessageV1 = {"cmd": "run", "seq": seq, "case": case, "cards": dict(cards)}
                process.send(old, self.timeout, f"run seq {seq}")
            else:
                new_cards = self._cards.new_cards(cards)
                run: RunMessage = {
                    "cmd": "run",
                    "seq": seq,
                    "case": case,
                    "new_cards": new_cards,
                    "card_names": list(cards),
                }
                process.send(run, self.timeout, f"run seq {seq}")
                self._cards.sent(new_cards)
            left = max(0.0, self.timeout - (time.perf_counter() - began))
            message, line = process.receive(left, f"run seq {seq}", self.timeout)
            result = check_result(message, line, seq)
        except AdapterFailure as failure:
            process.kill()
            self._process = None
            if not failure.stderr:
                failure.stderr = process.stderr()
            self.breaker.failed(failure)
            raise
        except BaseException:  # an interrupt mid-case: the adapter's state is unknown
            process.kill()
            self._process = None
            raise
        self.breaker.succeeded()
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
    "PROTOCOL_VERSIONS",
    "AdapterFailure",
    "AdapterTimeout",
    "ProtocolEngine",
    "check_handshake",
    "check_result",
    "spoken",
    "start_message",
    "parse_command",
    "truncate",
]
