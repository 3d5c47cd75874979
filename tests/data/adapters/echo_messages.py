"""Speaks protocol 2 when the runner offers it (1 otherwise), like a third-party adapter written from
spec/protocol.md, and reports what it received in its observation (whose other fields are ignored):
``start``, the start message; ``received``, the run message without its case; ``cards``, the case's
cards as the adapter rebuilt them from its store (protocol 2) or the message (protocol 1)."""

import json
import sys

from _nothing import handshake, observe, send

version = 1
start = None
store = {}
for line in sys.stdin:
    message = json.loads(line)
    if message["cmd"] == "start":
        start = message
        version = 2 if 2 in message.get("protocols", [message["protocol"]]) else 1
        send({**handshake(), "protocol": version})
    elif message["cmd"] == "run":
        if version == 2:
            store.update(message["new_cards"])
            cards = {name: store[name] for name in message["card_names"]}
        else:
            cards = message["cards"]
        received = {key: value for key, value in message.items() if key != "case"}
        observation = {**observe(message["case"]), "start": start, "received": received, "cards": cards}
        send({"seq": message["seq"], "observation": observation})
    elif message["cmd"] == "stop":
        break
