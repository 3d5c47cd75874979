"""The fuzz strategies' small draws (conformance/fuzz/choices.py): built once, the same as Hypothesis's."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from conformance.fuzz.choices import BOOLEANS, integers, sampled, subsets


def test_the_same_arguments_give_the_same_strategy_object() -> None:
    # issue 20: a strategy built anew for every draw is validated again every time
    assert integers(1, 3) is integers(1, 3) and integers(1, 3) is not integers(1, 4)
    assert sampled(["alice", "bob"]) is sampled(("alice", "bob"))
    assert subsets("WUBRGC", max_size=2) is subsets(tuple("WUBRGC"), max_size=2)
    assert subsets("WUBRGC", max_size=2) is not subsets("WUBRGC", min_size=1, max_size=2)


@given(st.data())
def test_draws_stay_within_what_was_asked(data: st.DataObject) -> None:
    assert 1 <= data.draw(integers(1, 3)) <= 3
    assert data.draw(sampled("RG")) in ("R", "G")
    picked = data.draw(subsets(["a", "b", "c"], min_size=1, max_size=2))
    assert 1 <= len(picked) <= 2 and len(set(picked)) == len(picked) and set(picked) <= {"a", "b", "c"}
    assert data.draw(BOOLEANS) in (True, False)
