#!/usr/bin/env bash
# CI hook: lint and types (the dev extra). ruff on the whole tree; mypy --strict (pyproject) on the
# product code: engine/ and conformance/ (tests are not typed).
set -euo pipefail
cd "$(dirname "$0")/../.."

pip install --quiet -e '.[dev]'
ruff check .
mypy engine conformance
