"""Answers every case with the wrong seq."""

from _nothing import loop, observe, send

loop(lambda message, n: send({"seq": message["seq"] + 1000, "observation": observe(message["case"])}))
