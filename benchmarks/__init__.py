"""Benchmarks: how fast the suite, the protocol and the fuzzer are. Run ``python -m benchmarks``."""
