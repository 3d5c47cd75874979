"""Forced decisions (spec/README.md 1.4): one legal answer, which an engine may take without asking.

The suite marks each entry that answers one (``forced``), and each that answers one illegally
(``illegal``, a negative case). These tests hold the marks to the reference engine's judgement and
show the verdicts they lead to: an engine that never asks a forced decision loses no case for it; an
engine that takes a real choice for the player still fails.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from conformance.interface import RunResult
from conformance.run.runner import judge
from engine.context import LIST_ANSWERS, SET_ANSWERS, Decision, forced_answer
from engine.errors import MalformedAction
from engine.scenario import Script, build, run_case
from tests.suite_helpers import catalogue, suite

ROOT = Path(__file__).resolve().parent.parent


def _mark_forced() -> Any:
    spec = importlib.util.spec_from_file_location("mark_forced", ROOT / "tools" / "mark_forced.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mark_forced"] = module
    spec.loader.exec_module(module)
    return module


def test_every_forced_and_illegal_mark_agrees_with_the_reference_engine() -> None:
    tool = _mark_forced()
    wrong = []
    for found, cards in suite():
        marks = tool.marks(found.data, cards)
        for i, entry in enumerate(found.data.get("decisions", [])):
            mark = marks.get(i)
            want = (bool(mark and mark.forced), bool(mark and mark.illegal))
            have = (entry.get("forced") is True, entry.get("illegal") is True)
            if want != have:
                wrong.append(f"{found.case_id} decisions[{i}]: marked {have}, the engine judges {want}")
    assert not wrong, "run `python tools/mark_forced.py`:\n" + "\n".join(wrong[:20])


def test_an_illegal_answer_is_given_in_a_step_the_case_expects_refused() -> None:
    tool = _mark_forced()
    for found, cards in suite():
        refused = {r["step"] for r in found.data["expect"].get("rejected", [])}
        for i, mark in tool.marks(found.data, cards).items():
            assert not mark.illegal or mark.step in refused, f"{found.case_id} decisions[{i}]"


def _verdict(found: Any, observation: Mapping[str, Any]) -> Any:
    return judge(found, RunResult("observed", observation), 0.0)


def test_an_engine_that_never_asks_a_forced_decision_loses_no_case_for_it() -> None:
    # phase, MTGO and Arena take a choice with one legal answer without prompting (spec 1.4)
    outcomes: dict[str, list[str]] = {}
    for found, cards in suite():
        verdict = _verdict(found, run_case(found.data, cards, prompt_forced=False))
        outcomes.setdefault(verdict.outcome, []).append(found.case_id)
        illegal_forced = any(e.get("illegal") and e.get("forced") for e in found.data.get("decisions", []))
        if verdict.outcome == "not_applicable":
            assert illegal_forced, found.case_id
            assert "illegal answer to a forced decision" in verdict.message
        else:
            assert verdict.outcome == "pass", (found.case_id, verdict.differences[:3])
    assert len(outcomes["pass"]) > 700


class _TakesChoices(Script):
    """A planted engine that takes every decision with options itself (the first option), whether or
    not the rules leave the player a choice: what an engine that skips prompts wrongly would do."""

    took_a_real_choice = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.taken: list[tuple[str, str | None]] = []  # (kind, player) of each choice it took

    def _answer(self, d: Decision) -> Any:
        structured = d.kind in SET_ANSWERS and d.kind != "targets"  # divisions, X, proliferate, convoke
        if forced_answer(d) is not None or not d.options or structured:
            return super()._answer(d)
        first = d.options[0]
        answer = (first,) if d.kind in LIST_ANSWERS or d.kind == "targets" else first
        self.decisions.append({"kind": d.kind, "player": self.refs.player_alias(d.player), "source": None,
                               "options": [], "answer": None, "used": None, "auto": True})
        self.took_a_real_choice = True
        self.taken.append((d.kind, self.refs.player_alias(d.player)))
        return answer


def test_an_engine_that_takes_a_real_choice_for_the_player_still_fails() -> None:
    taken = 0
    for found, cards in suite():
        game, refs = build(found.data, cards)
        script = _TakesChoices(found.data, game, refs, prompt_forced=False)
        try:
            observation = script.run()
        except MalformedAction:  # the choice it took leaves a later step naming nothing: no pass either
            assert script.took_a_real_choice, found.case_id
            taken += 1
            continue
        # a choice the case marks moot (spec 1.4: no answer changes the game) may be taken without asking
        moot = {(e["kind"], e.get("player")) for e in found.data.get("decisions", []) if e.get("moot")}
        if not [t for t in script.taken if t not in moot and (t[0], None) not in moot]:
            continue
        taken += 1
        verdict = _verdict(found, observation)
        assert verdict.outcome != "pass", found.case_id
        if verdict.outcome == "fail" and any(d.where.startswith("decisions[") for d in verdict.differences):
            message = next(d.message for d in verdict.differences if d.where.startswith("decisions["))
            assert "It is not a forced choice" in message
    assert taken > 300


def _case(decisions: list[dict[str, Any]]) -> dict[str, Any]:
    # Prey Upon twice: the first fight is forced (one creature each), the second is a real choice
    return {
        "id": "forced-entry-test", "title": "a forced entry never answers a real choice", "rules": ["601.2c"],
        "features": ["targets"], "level": "rules",
        "setup": {"players": [
            {"alias": "alice", "mana_pool": {"G": 2},
             "hand": [{"alias": "p1", "card": "Prey Upon"}, {"alias": "p2", "card": "Prey Upon"}],
             "battlefield": [{"alias": "wurm", "card": "Craw Wurm"}]},
            {"alias": "bob", "battlefield": [{"alias": "bear", "card": "Grizzly Bears"}]}]},
        "script": [{"action": "cast", "player": "alice", "card": "p1"}],
        "decisions": decisions, "expect": {},
    }


def test_a_forced_entry_is_skipped_for_a_decision_with_several_answers() -> None:
    cards = {name: catalogue()[name] for name in ("Prey Upon", "Craw Wurm", "Grizzly Bears")}
    base = _case([])
    base["setup"]["players"][1]["battlefield"].append({"alias": "elf", "card": "Grizzly Bears"})
    # two creatures of Bob's: the targets decision is a real choice; the forced entry must not answer it
    base["decisions"] = [{"kind": "targets", "forced": True, "answer": ["wurm", "bear"]},
                         {"kind": "targets", "answer": ["wurm", "elf"]}]
    observation = run_case(base, cards)
    assert observation["decisions"][0]["used"] == 1
    assert observation["decisions"][0]["forced"] is False
