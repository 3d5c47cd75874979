"""Answers every case correctly, one second after being asked (for interrupting a run midway).

With ``MTGC_TEST_ANSWERED`` set, it appends a line to that file after each answer, so a test can
wait until some cases are done instead of guessing how long that takes on a busy machine."""

import os
import time

from _nothing import loop, observe, send


def on_run(message, n):
    time.sleep(1)
    send({"seq": message["seq"], "observation": observe(message["case"])})
    marker = os.environ.get("MTGC_TEST_ANSWERED")
    if marker:
        with open(marker, "a", encoding="utf-8") as answered:
            answered.write(f"{message['seq']}\n")


loop(on_run)
