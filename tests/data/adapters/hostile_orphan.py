"""Starts a child (``sleep 3600``) that inherits its stdin, stdout and stderr, and says its pid on
stderr ("child pid N"). ``exit``: exits with status 3 on the second case, leaving the child holding
stdout; ``crash``: the same with an uncaught exception; ``answer`` (default): answers every case and
exits cleanly on stop, leaving the child behind. The runner must not wait for the child in any case."""

import subprocess
import sys

from _nothing import loop, observe, send

MODE = sys.argv[1] if len(sys.argv) > 1 else "answer"
child = subprocess.Popen(["sleep", "3600"])  # inherits stdin, stdout and stderr
print(f"child pid {child.pid}", file=sys.stderr, flush=True)


def on_run(message, n):
    if n == 2 and MODE == "exit":
        sys.exit(3)
    if n == 2 and MODE == "crash":
        raise RuntimeError("hostile_orphan: crashed mid-case")
    send({"seq": message["seq"], "observation": observe(message["case"])})


loop(on_run)
