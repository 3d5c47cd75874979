"""Shared test configuration: the Hypothesis profiles of the fuzz suite (conformance/fuzz/profiles.py).

``--hypothesis-profile=NAME`` wins; otherwise ``$MTGC_HYPOTHESIS_PROFILE`` (default ``dev``).
"""

from __future__ import annotations

import pytest

from conformance.fuzz import profiles as hypothesis_profiles

hypothesis_profiles.register()


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption("hypothesis_profile", default=None):
        hypothesis_profiles.load()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        test = getattr(item, "obj", None)
        if test is not None:
            hypothesis_profiles.derandomize(test, item.nodeid)
