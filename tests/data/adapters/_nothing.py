"""A do-nothing engine shared by the test adapters: it reports the setup as the final state.

Not an adapter itself. Each adapter in this directory is a separate program run with
``sys.executable``, exactly like a third-party adapter.
"""

import json
import sys


def observe(case):
    setup = case["setup"]
    players = {
        p["alias"]: {
            "life": p.get("life", 20),
            "counters": p.get("counters", {}),
            "mana_pool": p.get("mana_pool", {}),
            "crimes_committed": 0,
            "lost": False,
        }
        for p in setup["players"]
    }
    objects = [
        {
            "ref": o["alias"],
            "name": o["card"],
            "zone": "battlefield",
            "owner": p["alias"],
            "controller": p["alias"],
            "counters": o.get("counters", {}),
            "tapped": o.get("tapped", False),
        }
        for p in setup["players"]
        for o in p.get("battlefield", [])
    ]
    first = setup["players"][0]["alias"]
    final = {
        "turn": setup.get("turn", 1),
        "active_player": setup.get("active_player", first),
        "step": setup.get("step", "main1"),
        "priority": setup.get("active_player", first),
        "players": players,
        "objects": objects,
        "stack": [],
    }
    return {
        "steps": [{"outcome": "ok"} for _ in case["script"]],
        "final": final,
        "snapshots": {},
        "events": [],
        "decisions": [],
        "unanswered": None,
    }


def handshake(name="nothing", unsupported=("proliferate",)):
    return {
        "protocol": 1,
        "engine": {"name": name, "version": "1.0"},
        "adapter": {"name": f"{name}-adapter", "version": "0.1"},
        "unsupported_features": list(unsupported),
    }


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def loop(on_run, name="nothing"):
    """Read messages; answer start with a handshake and run with ``on_run(message, count)``."""
    count = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "start":
            send(handshake(name))
        elif message["cmd"] == "run":
            count += 1
            on_run(message, count)
        elif message["cmd"] == "stop":
            return
