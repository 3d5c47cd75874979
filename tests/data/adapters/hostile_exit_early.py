"""Exits with status 2 before its handshake, with a word on stderr."""

import sys

sys.stdin.readline()
print("hostile_exit_early: no engine here", file=sys.stderr)
sys.exit(2)
