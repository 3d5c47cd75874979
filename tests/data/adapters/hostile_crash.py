"""Crashes (exits with status 3, a traceback-ish line on stderr) on the third case it is sent."""

import sys

from _nothing import loop, observe, send


def on_run(message, n):
    if n == 3:
        print("hostile_crash: boom on the third case", file=sys.stderr)
        sys.stderr.flush()
        sys.exit(3)
    send({"seq": message["seq"], "observation": observe(message["case"])})


loop(on_run)
