#!/usr/bin/env bash
# CI hook: third-party engine adapters (phase-python, python-mtg). Runs inside .ci/run's venv (active).
# Installs the extras, runs the adapters' tests, a smoke case through phase, and certifies phase on
# five stable cases against its known failures (.ci/phase-baseline.json, made with `mtgc baseline`):
# the run fails only when that set changes (a new failure, or a listed case that now passes).
set -euo pipefail
cd "$(dirname "$0")/../.."

pip install --quiet -e '.[phase,mtg]'
pytest -q -p no:cacheprovider tests/test_adapter_phase.py tests/test_adapter_mtg.py

PHASE='python -m conformance.adapters.serve conformance.adapters.phase_engine'
mtgc smoke --engine "$PHASE"
out="$(mktemp -d)"
mtgc certify --engine "$PHASE" --out "$out" -q --baseline .ci/phase-baseline.json \
  suites/vivien-arkbow-ranger/vivien-arkbow-ranger-minus3-both-legal-damage-equals-power.json \
  suites/vivien-arkbow-ranger/vivien-arkbow-ranger-plus1-two-targets-one-counter-each.json \
  suites/vivien-arkbow-ranger/vivien-arkbow-ranger-loyalty-ability-not-in-combat.json \
  suites/proliferate/proliferate-chosen-only.json \
  suites/crime-and-proliferate/crime-and-proliferate-shock-opponent-is-a-crime.json
