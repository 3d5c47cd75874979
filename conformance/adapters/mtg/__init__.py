"""The adapter for python-mtg: ``python -m conformance.adapters.serve conformance.adapters.mtg.engine``
(``--engine python-mtg``)."""
