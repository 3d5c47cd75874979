"""Serve any Python engine module over the adapter protocol (``spec/protocol.md``).

    python -m conformance.adapters.serve MODULE

``MODULE`` (importable, e.g. ``engine`` or ``conformance.adapters.phase_engine``) exposes
``run_case(case, cards)`` and ``ENGINE_NAME``, ``ENGINE_VERSION``; optionally ``ADAPTER_NAME``,
``ADAPTER_VERSION`` and ``UNSUPPORTED_FEATURES``. ``run_case`` returns either an observation
(spec/README.md section 2) or ``{"status": "observed"|"unsupported"|"error", "observation"|"reason": …}``;
an exception it raises becomes an ``error`` answer with the traceback as ``detail``.

Anything the engine prints (Python or native code) goes to stderr: file descriptor 1 is redirected
to 2 and the protocol is written on a private duplicate of the original stdout.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import IO, Any

from conformance import SUITE_VERSION

PROTOCOL_VERSION = 1
JSON = Any


def handshake(module: ModuleType) -> JSON:
    """The handshake message for ``module``."""
    return {
        "protocol": PROTOCOL_VERSION,
        "engine": {"name": str(module.ENGINE_NAME), "version": str(module.ENGINE_VERSION)},
        "adapter": {
            "name": str(getattr(module, "ADAPTER_NAME", f"mtgc-serve:{module.__name__}")),
            "version": str(getattr(module, "ADAPTER_VERSION", SUITE_VERSION)),
        },
        "unsupported_features": sorted(set(getattr(module, "UNSUPPORTED_FEATURES", ()))),
    }


def answer(run_case: Callable[[JSON, JSON], JSON], seq: JSON, case: JSON, cards: JSON) -> JSON:
    """The result message for one run: observation, unsupported or error. Never raises."""
    try:
        result = run_case(case, cards)
    except Exception as error:  # the engine's failure is an answer, not the adapter's
        return {
            "seq": seq,
            "error": f"{type(error).__name__}: {error}"[:2000],
            "detail": traceback.format_exc(),
        }
    if isinstance(result, dict) and result.get("status") in ("observed", "unsupported", "error"):
        if result["status"] == "observed":
            return {"seq": seq, "observation": result.get("observation")}
        reason = str(result.get("reason") or result["status"])
        return {"seq": seq, result["status"]: reason}
    return {"seq": seq, "observation": result}


def serve(module: ModuleType, lines: Iterable[str], out: IO[str]) -> int:
    """Answer protocol messages read from ``lines`` on ``out`` until stop or end of input."""

    def send(message: JSON) -> None:
        out.write(json.dumps(message, ensure_ascii=False, separators=(",", ":"), default=str) + "\n")
        out.flush()

    for line in lines:
        if not line.strip():
            continue
        message = json.loads(line)
        cmd = message.get("cmd")
        if cmd == "start":
            if message.get("protocol") != PROTOCOL_VERSION:
                print(f"serve: runner asks for protocol {message.get('protocol')!r}", file=sys.stderr)
            send(handshake(module))
        elif cmd == "run":
            send(answer(module.run_case, message.get("seq"), message.get("case"), message.get("cards", {})))
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
    try:
        module = importlib.import_module(args[0])
    except Exception:
        print(f"serve: cannot import {args[0]!r}:\n{traceback.format_exc()}", file=sys.stderr)
        return 1
    missing = [name for name in ("run_case", "ENGINE_NAME", "ENGINE_VERSION") if not hasattr(module, name)]
    if missing:
        print(f"serve: module {args[0]!r} lacks {', '.join(missing)}", file=sys.stderr)
        return 1
    with open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False) as stdin:
        return serve(module, stdin, out)


if __name__ == "__main__":
    sys.exit(main())
