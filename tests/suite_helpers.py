"""Shared by the tests that run the whole suite on the reference engine: the cases, loaded once."""

from __future__ import annotations

from functools import cache
from typing import Any

from conformance.cases.loader import CaseFile
from conformance.cases.validate import validate
from conformance.run.runner import gather_cards


@cache
def suite() -> tuple[tuple[CaseFile, dict[str, Any]], ...]:
    """Every case of the suite with the cards it uses (the suite must be valid)."""
    result = validate(None)
    assert not result.problems, result.problems[:5]
    return tuple((found, gather_cards(found.data, result.catalogue_for(found))) for found in result.cases)


def catalogue() -> dict[str, dict[str, Any]]:
    """Every card the suite's cases use, by name."""
    cards: dict[str, dict[str, Any]] = {}
    for _found, used in suite():
        cards.update(used)
    return cards
