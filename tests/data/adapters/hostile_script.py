"""Puts <script> into every string it returns: names, versions, reasons, observed values."""

import json
import sys

from _nothing import observe, send

X = "<script>alert('x')</script>"


n = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["cmd"] == "start":
        send(
            {
                "protocol": 1,
                "engine": {"name": "evil" + X, "version": "6.6" + X},
                "adapter": {"name": "evil-adapter" + X, "version": X},
                "unsupported_features": [],
            }
        )
        print("stderr says " + X, file=sys.stderr)
    elif message["cmd"] == "run":
        n += 1
        if n == 2:
            send({"seq": message["seq"], "error": "engine exploded " + X, "detail": X})
        elif n == 3:
            send({"seq": message["seq"], "unsupported": "cannot build " + X})
        elif n == 4:
            sys.stdout.write(X + "\n")
            sys.stdout.flush()
        else:
            observation = observe(message["case"])
            final = observation["final"]
            final["step"] = X
            for player in final["players"].values():
                player["counters"] = {X: 1}
            observation["steps"] = [{"outcome": "rejected", "reason": X} for _ in observation["steps"]]
            send({"seq": message["seq"], "observation": observation})
    elif message["cmd"] == "stop":
        break
