"""The small strategies the fuzz strategies draw from over and over, each built once.

A ``@st.composite`` strategy that writes ``draw(st.sampled_from([...]))`` builds a new strategy for every
draw, and Hypothesis then validates it and works out its properties (emptiness, cacheability, label)
again; for the fuzzers' many small draws that cost as much as drawing (issue 20). These return the same
strategy object for the same arguments, so the work is done once per process.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

BOOLEANS: st.SearchStrategy[bool] = st.booleans()

_INTEGERS: dict[tuple[int, int], st.SearchStrategy[int]] = {}
_SAMPLED: dict[tuple[object, ...], st.SearchStrategy[Any]] = {}
_SUBSETS: dict[tuple[tuple[object, ...], int, int | None], st.SearchStrategy[Any]] = {}


def integers(low: int, high: int) -> st.SearchStrategy[int]:
    """``st.integers(low, high)``."""
    key = (low, high)
    if key not in _INTEGERS:
        _INTEGERS[key] = st.integers(low, high)
    return _INTEGERS[key]


def sampled(options: Sequence[T]) -> st.SearchStrategy[T]:
    """``st.sampled_from(options)`` (options hashable)."""
    key = tuple(options)
    if key not in _SAMPLED:
        _SAMPLED[key] = st.sampled_from(key)
    return _SAMPLED[key]  # type: ignore[no-any-return]


def subsets(options: Sequence[T], min_size: int = 0,
            max_size: int | None = None) -> st.SearchStrategy[list[T]]:
    """``st.lists(st.sampled_from(options), unique=True, min_size=..., max_size=...)``."""
    key = (tuple(options), min_size, max_size)
    if key not in _SUBSETS:
        _SUBSETS[key] = st.lists(sampled(options), unique=True, min_size=min_size, max_size=max_size)
    return _SUBSETS[key]  # type: ignore[no-any-return]
