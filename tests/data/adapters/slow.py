"""Answers every case correctly, one second after being asked (for interrupting a run midway)."""

import time

from _nothing import loop, observe, send


def on_run(message, n):
    time.sleep(1)
    send({"seq": message["seq"], "observation": observe(message["case"])})


loop(on_run)
