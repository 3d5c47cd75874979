"""Answers every second case with a line that is not JSON (and writes noise on stderr)."""

import sys

from _nothing import loop, observe, send


def on_run(message, n):
    print("garbage on stderr is fine", file=sys.stderr)
    if n % 2 == 0:
        sys.stdout.write("Traceback (most recent call last): this is not JSON {\n")
        sys.stdout.flush()
        return
    send({"seq": message["seq"], "observation": observe(message["case"])})


loop(on_run)
