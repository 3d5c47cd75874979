"""A correct adapter around the do-nothing engine."""

from _nothing import loop, observe, send

loop(lambda message, n: send({"seq": message["seq"], "observation": observe(message["case"])}))
