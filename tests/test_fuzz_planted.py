"""Bugs planted in the reference engine are caught by the fuzz properties of the newer primitives: mana
with a spending restriction (CR 106.6, conformance/fuzz/restricted_mana.py) and protection, "hexproof
from", "any number of target" and damage prevention (CR 702.16b, 702.11d, 601.2c, 615.1a,
conformance/fuzz/protection_targets.py), copies of permanents with counters and abilities on the stack as
targets (CR 707.2, 707.9e, 701.6a, 700.13, conformance/fuzz/copies_and_stack.py). Each shrunk case is
valid, fails on the planted engine and passes on the real one. (Kept out of tests/test_fuzz_<area>.py,
whose examples/s the fuzz benchmark measures.)"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from planted import the_saved_case

import engine.copies
import engine.mana
import engine.protection
import engine.registry
import engine.targets
from conformance.fuzz import props as fuzz_props
from conformance.fuzz.copies_and_stack import ability_target_cases, copy_with_counters_cases
from conformance.fuzz.protection_targets import protected_targets_cases
from conformance.fuzz.regressions import ENV_DIR, with_forced_marks
from conformance.fuzz.restricted_mana import check_restricted_mana, restricted_mana_cases
from conformance.run.compare import compare
from engine import run_case

REAL_SPENDABLE = engine.mana.spendable


def _planted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, spendable: Any) -> dict[str, Any]:
    """Plant ``spendable`` in the engine's mana payment; the case the restricted-mana fuzz saves."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setattr(engine.mana, "spendable", spendable)

    @settings(max_examples=300, database=None, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck))
    @given(restricted_mana_cases())
    def fuzz(drawn: tuple[dict[str, Any], list[int]]) -> None:
        check_restricted_mana(drawn)  # type: ignore[arg-type]

    return the_saved_case(fuzz, tmp_path)


def test_a_planted_engine_spending_restricted_mana_on_anything_is_caught(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An engine that ignores "spend this mana only to ..." (every restricted mana pays everything) is
    caught, and the shrunk case expects the cast refused under CR 106.6; it passes on the real engine."""
    def every_restricted_mana(game: Any, player: int, purpose: Any, source: Any) -> list[int]:
        return list(range(len(game.players[player].restricted_mana)))

    case = _planted(monkeypatch, tmp_path, every_restricted_mana)
    assert case["origin"]["invariant"] == "restricted-mana-spent-only-as-allowed"
    assert [r["rule"] for r in case["expect"]["rejected"]] == ["106.6"]
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"
    monkeypatch.setattr(engine.mana, "spendable", REAL_SPENDABLE)
    assert compare(case, run_case(case, {})) == [], "the case must pass on the real engine"


def test_a_planted_engine_whose_restricted_mana_pays_nothing_is_caught(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The converse: restricted mana that never pays, even what it may (Cavern of Souls' mana refused for
    a creature spell of the chosen type), is caught too."""
    case = _planted(monkeypatch, tmp_path, lambda game, player, purpose, source: [])
    assert "rejected" not in case["expect"]
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"


def _caught(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: Any, name: str,
            planted: Callable[..., Any]) -> dict[str, Any]:
    """Plant ``planted`` as ``module.name``; the case the protection fuzz saves, failing on the plant."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    monkeypatch.setattr(module, name, planted)

    @settings(max_examples=300, database=None, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck))
    @given(protected_targets_cases())
    def fuzz(case: dict[str, Any]) -> None:
        fuzz_props.check_expected(case)

    case = the_saved_case(fuzz, tmp_path)
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"  # type: ignore[arg-type]
    return case


REAL = {
    "protected_from": engine.protection.protected_from,
    "hexproof_from": engine.protection.hexproof_from,
    "any_number": engine.targets.any_number,
    "_prevention_applies": engine.protection._prevention_applies,
}


@pytest.mark.parametrize(
    ("module", "name", "planted"),
    [
        # protection from a colour ignored when targeting and for damage (CR 702.16b, 702.16e)
        (engine.protection, "protected_from", lambda game, o, source: False),
        # hexproof from a colour that stops its controller's own spells too (CR 702.11d)
        (engine.protection, "hexproof_from",
         lambda game, o, source, controller: REAL["hexproof_from"](game, o, source, o.controller + 1)),
        # "any number of target" read as "one target" (CR 601.2c)
        (engine.targets, "any_number",
         lambda spec, legal: {k: v for k, v in spec.items() if k != "any_number"}),
        # "prevent all damage that would be dealt to creatures you control this turn" ignored (CR 615.1a)
        (engine.protection, "_prevention_applies", lambda game, spec, t, target, combat: False),
    ],
    ids=["protection-ignored", "hexproof-from-own-spells", "any-number-as-one", "prevention-ignored"],
)
def test_a_planted_targeting_bug_is_caught(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, module: Any,
                                           name: str, planted: Callable[..., Any]) -> None:
    """Each planted engine is caught by the protection fuzz, and its shrunk case passes on the real one
    (its forced marks judged again by the real engine, as triage does with tools/mark_forced.py: the
    planted engine may see one legal target where the rules leave two)."""
    case = _caught(monkeypatch, tmp_path, module, name, planted)
    assert case["origin"]["invariant"] == "protection-and-hexproof-from-targets"
    monkeypatch.setattr(module, name, REAL[name])
    case = with_forced_marks(case)
    assert compare(case, run_case(case, {})) == [], "the case must pass on the real engine"  # type: ignore[arg-type]


# Copies of permanents with counters (CR 707.2, 707.5, 707.9e) and abilities on the stack as targets (CR
# 113.7a, 701.6a, 700.13): conformance/fuzz/copies_and_stack.py

REAL_EXTRA = engine.copies._extra_counters
REAL_COPIABLE = engine.copies.copiable_values
REAL_IS_CRIME = engine.targets.is_crime
REAL_COUNTER = engine.registry.EFFECTS["counter_spell"]


def _copying_counters(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose "enter as a copy" copies the original's counters too (CR 707.2 says they aren't)."""
    copied: list[Any] = []

    def recording(game: Any, o: Any) -> Any:
        copied.append(o)
        return REAL_COPIABLE(game, o)

    def with_originals(exceptions: Any, values: Any, controller: int, x: int) -> list[tuple[str, int, int]]:
        return REAL_EXTRA(exceptions, values, controller, x) + [
            (k, n, controller) for k, n in copied[-1].counters.items()]

    monkeypatch.setattr(engine.copies, "copiable_values", recording)
    monkeypatch.setattr(engine.copies, "_extra_counters", with_originals)


def _no_copied_enters_with(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose copy enters without the copied card's "enters with" replacement (CR 707.5 applies
    it: the copy is the copied card as it enters)."""
    real = engine.copies.with_exceptions

    def without_replacements(values: Any, exceptions: Any) -> Any:
        out = real(values, exceptions)
        kept = tuple(a for a in out.abilities if a["kind"] != "replacement")
        return dataclasses.replace(out, abilities=kept)

    monkeypatch.setattr(engine.copies, "with_exceptions", without_replacements)


def _no_crime_on_abilities(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that judges a crime on the targets that are players and objects only, not abilities."""
    monkeypatch.setattr(engine.targets, "is_crime", lambda game, player, slots: REAL_IS_CRIME(
        game, player, [[t for t in slot if t[0] != "stack"] for slot in slots]))


def _ignoring_abilities(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose "counter target ... ability" leaves the ability on the stack (CR 701.6a)."""
    def spells_only(ctx: Any, res: Any, p: Any) -> None:
        if not any(s.kind == "ability" for s in ctx.game.stack):
            REAL_COUNTER(ctx, res, p)

    monkeypatch.setitem(engine.registry.EFFECTS, "counter_spell", spells_only)


@pytest.mark.parametrize(
    ("strategy", "plant", "invariant"),
    [
        (copy_with_counters_cases, _copying_counters, "copies-enter-without-the-originals-counters"),
        # Spark Double's additional +1/+1 counter forgotten (CR 707.9e)
        (copy_with_counters_cases,
         lambda mp: mp.setattr(engine.copies, "_extra_counters", lambda *a: []),
         "copies-enter-without-the-originals-counters"),
        (copy_with_counters_cases, _no_copied_enters_with, "copies-enter-without-the-originals-counters"),
        (ability_target_cases, _no_crime_on_abilities, "countered-ability-does-nothing-its-source-stays"),
        (ability_target_cases, _ignoring_abilities, "countered-ability-does-nothing-its-source-stays"),
    ],
    ids=["copy-takes-counters", "spark-double-extra-counter-lost", "copied-enters-with-ignored",
         "no-crime-targeting-abilities",
         "countering-abilities-does-nothing"],
)
def test_a_planted_copy_or_stack_ability_bug_is_caught(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, strategy: Any,
    plant: Callable[[pytest.MonkeyPatch], None], invariant: str,
) -> None:
    """Each planted engine is caught by the copies-and-stack fuzz; its shrunk case passes on the real one."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    plant(monkeypatch)

    @settings(max_examples=300, database=None, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck))
    @given(strategy())
    def fuzz(case: dict[str, Any]) -> None:
        fuzz_props.check_expected(case)  # type: ignore[arg-type]

    case = the_saved_case(fuzz, tmp_path)
    assert case["origin"]["invariant"] == invariant
    assert compare(case, run_case(case, {})), "the case must fail on the planted engine"  # type: ignore[arg-type]
    monkeypatch.undo()
    case = with_forced_marks(case)
    assert compare(case, run_case(case, {})) == [], "the case must pass on the real engine"  # type: ignore[arg-type]
