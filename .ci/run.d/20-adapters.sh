#!/usr/bin/env bash
# CI hook: third-party engine adapters (phase-python, python-mtg). Runs inside .ci/run's venv (active).
# Installs the extras, runs the adapters' tests and a smoke case through phase, then re-certifies both
# engines on the whole suite against their published baselines (docs/certification/*/known-failures.json):
# the run fails when the result drifts from the published one (a new failure, or a listed case that
# now passes). Each certification takes a few seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."

pip install --quiet -e '.[phase,mtg]'
pytest -q -p no:cacheprovider -n 2 tests/test_adapter_phase.py tests/test_adapter_mtg.py tests/test_readme.py  # the README commands that need phase, too

# the engines by name (conformance/engines): each is its adapter served in a separate process
mtgc smoke --engine phase
out="$(mktemp -d)"
mtgc certify --engine phase --out "$out/phase" -q -j 2 \
  --baseline docs/certification/phase-0.103.0/known-failures.json
mtgc certify --engine python-mtg --out "$out/python-mtg" -q -j 2 \
  --baseline docs/certification/python-mtg-0.1.1/known-failures.json
