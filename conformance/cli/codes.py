"""mtgc's exit codes, the same for every command."""

EXIT_OK = 0  # everything valid and passing
EXIT_FAILED = 1  # a case failed, errored, crashed or timed out; a regression; an unhealthy adapter
EXIT_INVALID = 2  # invalid input: a case or card file, an unknown id or engine, a selection of nothing
