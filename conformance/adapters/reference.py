"""The reference engine as a separate adapter process, exactly like a third-party engine:

    mtgc certify --engine 'python -m conformance.adapters.reference'

It serves the ``engine`` package (``engine.run_case``, ``ENGINE_NAME``, ``ENGINE_VERSION``) through
:mod:`conformance.adapters.serve`.
"""

from __future__ import annotations

import sys

from conformance.adapters.serve import main

if __name__ == "__main__":
    sys.exit(main(["engine"]))
