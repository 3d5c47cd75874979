"""The phase adapter's RetargetSpell translation (vocab._retarget): phase asks new targets for every
slot at once, and the case may answer one new_targets decision per target (CR 115.7d)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.adapters.common import DecisionBook, items  # noqa: E402
from conformance.adapters.phase import vocab  # noqa: E402
from conformance.adapters.phase.engine import PhaseRun  # noqa: E402


class _Run:
    """Just what _retarget reads of a PhaseRun: its book, players, take_more and resolve_ref."""

    take_more = PhaseRun.take_more
    player_of = PhaseRun.player_of

    def __init__(self, decisions: list[dict[str, Any]]) -> None:
        self.players = ["alice", "bob"]
        self.book = DecisionBook(decisions)  # type: ignore[arg-type]

    def resolve_ref(self, ref: object) -> dict[str, Any]:
        return {"Object": ref}


def _retarget(run: _Run, slots: int) -> dict[str, Any]:
    """The prompt's first answer is taken as PhaseRun.answer takes it (used, recorded), then _retarget."""
    first = run.book.match("new_targets", "alice", lambda ref: True)
    assert first is not None
    answer = run.book.entries[first]["answer"]
    run.book.record("new_targets", "alice", None, None, answer, first, False)
    prompt = {"player": 0, "slots": [{}] * slots}
    return vocab._retarget(run, prompt, answer)  # type: ignore[arg-type]


def test_the_next_answers_fill_the_slots() -> None:
    run = _Run([{"kind": "new_targets", "player": "alice", "answer": ["a"]},
                {"kind": "new_targets", "player": "alice", "answer": ["b"]}])
    action = _retarget(run, 2)
    assert action["data"]["new_targets"] == [{"Object": "a"}, {"Object": "b"}]
    assert run.book.used == {0, 1}


def test_fewer_answers_than_slots_consume_none_of_the_rest() -> None:
    """Three slots, two answers: the second can't fill the two slots left, so it stays unused (another
    prompt may be its decision) instead of being marked used and recorded without being sent."""
    run = _Run([{"kind": "new_targets", "player": "alice", "answer": ["a"]},
                {"kind": "new_targets", "player": "alice", "answer": ["b"]}])
    action = _retarget(run, 3)
    sent = action["data"]["new_targets"]
    used_answers = [x for i in sorted(run.book.used) for x in items(run.book.entries[i]["answer"])]
    assert [{"Object": x} for x in used_answers] == sent  # every answer used is an answer sent
    assert sent == [{"Object": "a"}]
    assert run.book.used == {0}
    assert len(run.book.asked) == 1
