"""Writes lines of ``MB`` megabytes (argv[1], default 100) to stderr before answering each case, in
1 MiB writes, and "done N" after each; then answers correctly. For the runner's memory: it keeps a
bounded tail of stderr whatever an adapter writes there."""

import sys

from _nothing import loop, observe, send

MB = int(sys.argv[1]) if len(sys.argv) > 1 else 100
CHUNK = b"e" * (1 << 20)


def on_run(message, n):
    for _ in range(MB):
        sys.stderr.buffer.write(CHUNK)
    sys.stderr.buffer.write(f"\ndone {n}\n".encode())
    sys.stderr.flush()
    send({"seq": message["seq"], "observation": observe(message["case"])})


loop(on_run)
