"""A correct adapter whose engine name, version and messages carry newlines, terminal escapes, NUL
and a lone surrogate: a forged '797/797 passing' line and a cleared screen if printed raw."""

from _nothing import loop, observe, send

FORGED = "evil\n\x1b[2J\x1b[32mnothing 1.0: 797/797 passing (100.0%)\x1b[0m\r\x00\ud800"


def on_run(message, n):
    if n == 1:
        send({"seq": message["seq"], "error": FORGED, "detail": "\x1b]0;owned\x07" + FORGED})
    elif n == 2:
        send({"seq": message["seq"], "unsupported": FORGED})
    else:
        send({"seq": message["seq"], "observation": observe(message["case"])})


loop(on_run, name=FORGED)
