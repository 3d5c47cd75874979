"""Never shakes hands: reads the start message and sleeps for an hour."""

import sys
import time

sys.stdin.readline()
time.sleep(3600)
