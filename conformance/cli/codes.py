"""mtgc's exit codes, the same for every command."""

import signal

EXIT_OK = 0  # everything valid and passing
EXIT_FAILED = 1  # a case failed, errored, crashed or timed out; a regression; an unhealthy adapter
EXIT_INVALID = 2  # invalid input: a case or card file, an unknown id or engine, a selection of nothing


def exit_for_signal(name: str) -> int:
    """128 + the signal's number, as shells report it: 130 for SIGINT, 143 for SIGTERM."""
    return 128 + int(signal.Signals[name]) if name in signal.Signals.__members__ else 130
