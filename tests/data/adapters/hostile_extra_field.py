"""Answers every case with a correct observation and a top-level field the protocol does not define."""

from _nothing import loop, observe, send


def on_run(message, n):
    send({"seq": message["seq"], "observation": observe(message["case"]), "colour": "blue"})


loop(on_run)
