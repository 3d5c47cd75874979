"""``mtgc smoke``: is the adapter healthy? Handshake, one trivial case, stop, in plain words.

Tells "my adapter is broken" (it does not start, says nothing, writes something that is not the
protocol, hangs, crashes) apart from "my engine is wrong" (the adapter works, the engine's answer
differs from the expectation: that is what ``mtgc certify`` measures).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conformance import untrusted
from conformance.cases.loader import CaseFile
from conformance.documents import Case
from conformance.run.protocol import PROTOCOL_VERSIONS, AdapterFailure, ProtocolEngine, spoken
from conformance.run.runner import judge

SMOKE_SEQ = 41  # not 0, so an adapter that always answers seq 0 is caught

TRIVIAL_CASE: Case = {
    "id": "smoke-two-players-nothing-happens",
    "title": "Two players at 20 life; nothing happens",
    "origin": {"kind": "rules", "rule": "119.1"},
    "rules": ["119.1"],
    "features": ["life"],
    "level": "rules",
    "setup": {"players": [{"alias": "alice"}, {"alias": "bob"}]},
    "script": [],
    "expect": {"players": {"alice": {"life": 20}, "bob": {"life": 20}}},
}

HINTS = {
    "did_not_start": "Check the command: it is run without a shell (no pipes, no &&, no $VARS), from the "
    "current directory. Its stderr is below.",
    "no_handshake": 'The adapter is running but did not answer {"cmd":"start"}. Does it read stdin line by '
    "line, and flush stdout after each line it writes?",
    "bad_json": "Only protocol messages may go to stdout, one JSON object per line. Send logs and "
    "debugging output to stderr.",
    "wrong_protocol": f"This runner speaks {spoken(PROTOCOL_VERSIONS)}: answer the start message with one of "
    "its protocols (spec/protocol.md).",
    "bad_message": "Compare the message with spec/protocol/*.json (the path above says which field).",
    "wrong_seq": "Echo the seq of each run message unchanged (the runner does not start at 0).",
    "crashed": "The adapter process exited while it should have been answering. Its stderr is below.",
    "timeout": "The adapter (or the engine) hangs on a two-player case with no actions.",
    "gave_up": "The adapter does not start.",
}


def _failure(say: Callable[[str], None], stage: str, failure: AdapterFailure) -> int:
    words = {
        "did_not_start": "did not start",
        "no_handshake": "sent no handshake",
        "bad_json": "wrote something that is not a JSON message",
        "wrong_protocol": "speaks another protocol version",
        "bad_message": "sent a malformed message",
        "wrong_seq": "answered with the wrong seq",
        "crashed": "crashed",
        "timeout": "timed out",
        "gave_up": "did not start",
    }.get(failure.kind, failure.kind)
    say(f"FAIL  {stage}: the adapter {words}.")
    say(f"      {failure.describe()}")
    if failure.kind in HINTS:
        say(f"      {HINTS[failure.kind]}")
    if failure.stderr:
        say("      adapter stderr (last lines):")
        for line in failure.stderr.splitlines()[-15:]:
            say(f"      | {line}")
    say("Your adapter is broken (this is not about your engine's rules).")
    return 1


def smoke(command: str, timeout: float = 10.0, write: Callable[[str], None] = print) -> int:
    """Exit status: 0 the adapter is healthy, 1 it is not. ValueError for an unusable command.

    Each line is written through :func:`conformance.untrusted.visible`: what the adapter sent (its
    names, messages, stderr) is shown, never obeyed."""

    def say(text: str) -> None:
        write(untrusted.visible(text))

    engine = ProtocolEngine(command, timeout=timeout, first_seq=SMOKE_SEQ)
    try:
        info = engine.start()
    except AdapterFailure as failure:
        return _failure(say, "start", failure)
    handshake = engine.handshake
    assert handshake is not None  # start() succeeded: the adapter shook hands
    say(
        f"ok    handshake: engine {info.name} {info.version}, adapter {handshake['adapter']['name']} "
        f"{handshake['adapter']['version']}, protocol {handshake['protocol']}; declared unsupported: "
        + (", ".join(sorted(info.unsupported_features)) or "nothing")
    )
    try:
        result = engine.run(TRIVIAL_CASE, {})
    except AdapterFailure as failure:
        engine.close()
        return _failure(say, "trivial case", failure)
    healthy = True
    if result.status == "observed":
        verdict = judge(CaseFile(Path("<smoke>"), "smoke", TRIVIAL_CASE), result, result.seconds)
        say(f"ok    trivial case answered in {result.seconds * 1000:.1f} ms with a well-formed observation")
        if verdict.outcome == "pass":
            say("ok    ...and it matches the expectation (both players at 20 life)")
        else:
            say(
                "note  ...but it does not match the expectation; the adapter works, "
                "the engine's answer differs:"
            )
            for difference in verdict.differences[:5]:
                say(
                    f"      {difference.where}: expected {difference.expected!r}, "
                    f"observed {difference.observed!r}"
                )
    elif result.status == "unsupported":
        say(f"note  the engine says it cannot run a two-player case with no actions: {result.reason}")
    else:
        healthy = False
        say(
            "FAIL  the protocol works, but the engine (or the adapter's own code) reported an error on the "
            f"simplest case: {result.reason.splitlines()[0] if result.reason else ''}"
        )
        say("      Every case will be an error until this is fixed.")
    status = engine.close()
    if status is None:
        healthy = False
        say('FAIL  stop: the adapter did not exit within 2 s of {"cmd":"stop"} (it was killed).')
    elif status != 0:
        healthy = False
        say(f"FAIL  stop: the adapter exited with status {status} after stop (expected 0).")
    else:
        say("ok    stop: the adapter exited with status 0")
    say("Healthy: the adapter speaks the protocol." if healthy else "Not healthy: see above.")
    return 0 if healthy else 1
