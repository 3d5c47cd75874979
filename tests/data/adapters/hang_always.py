"""Shakes hands, then never answers a case (sleeps for an hour on each)."""

import time

from _nothing import loop

loop(lambda message, n: time.sleep(3600))
