"""Never answers the second case it is sent (sleeps for an hour)."""

import time

from _nothing import loop, observe, send


def on_run(message, n):
    if n == 2:
        time.sleep(3600)
    send({"seq": message["seq"], "observation": observe(message["case"])})


loop(on_run)
