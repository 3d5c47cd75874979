"""The conformance harness: load and validate cases, run them on an engine, compare, report."""

SUITE_VERSION = "0.1.0"
CR_DATE = "2026-06-19"
