"""Serve any Python engine module over the adapter protocol (``spec/protocol.md``).

    python -m conformance.adapters.serve MODULE

``MODULE`` (importable, e.g. ``engine`` or ``conformance.adapters.phase.engine``) exposes
``run_case(case, cards)`` and ``ENGINE_NAME``, ``ENGINE_VERSION``; optionally ``ADAPTER_NAME``,
``ADAPTER_VERSION`` and ``UNSUPPORTED_FEATURES``. ``run_case`` returns either an observation
(spec/README.md section 2) or ``{"status": "observed"|"unsupported"|"error", "observation"|"reason": …}``;
an exception it raises becomes an ``error`` answer with the traceback as ``detail``. The module is run
by :class:`~conformance.engines.inprocess.ModuleEngine`, the wrapper ``--engine reference`` uses in
process: a module answers the same through its adapter as in process.

It speaks protocols 2 and 1 (the newest the runner offers): in protocol 2 it keeps the cards it is sent
for the life of the process (:class:`~conformance.run.cardstore.CardStore`), in protocol 1 it takes
them from each run message.

Anything the engine prints (Python or native code) goes to stderr: file descriptor 1 is redirected
to 2 and the protocol is written on a private duplicate of the original stdout.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Iterable, Mapping
from typing import IO

from conformance.documents import Handshake
from conformance.engines import EngineUnavailable
from conformance.engines.inprocess import ModuleEngine
from conformance.interface import RunResult
from conformance.run.cardstore import CardStore
from conformance.run.protocol import PROTOCOL_VERSION, PROTOCOL_VERSIONS


def chosen_protocol(start: Mapping[str, object]) -> int:
    """The version to answer a start message with: the newest this adapter speaks among those the
    runner offers (``protocols``; a runner from before protocol 2 sent only ``protocol``: 1). When
    none is, the newest this adapter speaks (the runner will say it does not speak it)."""
    offered = start.get("protocols")
    if not isinstance(offered, list):
        offered = [start.get("protocol")]
    versions = {v for v in offered if type(v) is int}  # neither true nor 2.0 is a version
    common = [v for v in PROTOCOL_VERSIONS if v in versions]
    if not common:
        print(
            f"serve: the runner offers protocol(s) {offered!r}, this adapter speaks "
            f"{', '.join(map(str, PROTOCOL_VERSIONS))}",
            file=sys.stderr,
        )
    return common[0] if common else PROTOCOL_VERSION


def handshake(engine: ModuleEngine, protocol: int = PROTOCOL_VERSION) -> Handshake:
    """The handshake message: what the module says about itself, in protocol ``protocol``."""
    info = engine.info()
    return {
        "protocol": protocol,
        "engine": {"name": info.name, "version": info.version},
        "adapter": {"name": info.adapter_name, "version": info.adapter_version},
        "unsupported_features": sorted(info.unsupported_features),
    }


def answer(seq: object, result: RunResult) -> dict[str, object]:
    """The result message for one run (protocol/result.json; the runner checks it): observation,
    unsupported, or error (first line) + detail. ``seq`` is echoed as the run message had it."""
    if result.status == "observed":
        return {"seq": seq, "observation": result.observation}
    if result.status == "unsupported":
        return {"seq": seq, "unsupported": result.reason}
    head, _, detail = result.reason.partition("\n")
    return {"seq": seq, "error": head, **({"detail": detail} if detail else {})}


def serve(engine: ModuleEngine, lines: Iterable[str], out: IO[str]) -> int:
    """Answer protocol messages read from ``lines`` on ``out`` until stop or end of input."""

    def send(message: Mapping[str, object]) -> None:
        out.write(json.dumps(message, ensure_ascii=False, separators=(",", ":"), default=str) + "\n")
        out.flush()

    protocol = PROTOCOL_VERSION
    store = CardStore()
    for line in lines:
        if not line.strip():
            continue
        message = json.loads(line)
        cmd = message.get("cmd")
        if cmd == "start":
            protocol = chosen_protocol(message)
            store = CardStore()
            send(handshake(engine, protocol))
        elif cmd == "run":
            seq = message.get("seq")
            if protocol == 1:
                cards = message.get("cards") or {}
            else:
                try:
                    cards = store.cards_for(message.get("new_cards"), message.get("card_names"))
                except ValueError as problem:  # the runner's mistake: this case's error, not a crash
                    send({"seq": seq, "error": f"bad run message: {problem}"})
                    continue
            send(answer(seq, engine.run(message.get("case"), cards)))
        elif cmd == "stop":
            return 0
        else:
            print(f"serve: unknown command {cmd!r} ignored", file=sys.stderr)
    return 0


def protocol_stdout() -> IO[str]:
    """A private stream on the original stdout; fd 1 (and sys.stdout) then point at stderr."""
    sys.stdout.flush()
    private = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(private, "w", encoding="utf-8", buffering=1)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m conformance.adapters.serve MODULE", file=sys.stderr)
        return 2
    out = protocol_stdout()
    engine = ModuleEngine(args[0])
    try:
        engine.module()
    except EngineUnavailable as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    except Exception:  # importing the module ran its code, which failed
        print(f"serve: cannot import {args[0]!r}:\n{traceback.format_exc()}", file=sys.stderr)
        return 1
    with open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False) as stdin:
        return serve(engine, stdin, out)


if __name__ == "__main__":
    sys.exit(main())
