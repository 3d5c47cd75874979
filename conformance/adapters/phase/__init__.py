"""The adapter for phase.rs through phase-python: ``python -m conformance.adapters.serve
conformance.adapters.phase.engine`` (``--engine phase``). engine drives a case, vocab translates the
case's words to phase's and back, payment answers mana payments, observe projects phase's state, cards
turns catalogue cards into phase's card data, view is what the helpers may use of a run."""
