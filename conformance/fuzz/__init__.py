"""Fuzzing: Hypothesis strategies that draw rules-legal cases (strategies, cardgen), the invariants
they are checked against (props, roundtrip), differential replay on a second engine (differential),
shrunk failures saved as cases (regressions), the profiles (profiles) and ``mtgc fuzz`` (campaign).
Needs the test extra (Hypothesis)."""
