"""An engine module for ``python -m conformance.adapters.serve echo_cards_engine`` (with this directory
on PYTHONPATH): the do-nothing engine, whose observation also carries the cards ``run_case`` was
given (an observation's other fields are ignored by the runner)."""

from _nothing import observe

ENGINE_NAME = "echo-cards"
ENGINE_VERSION = "1.0"


def run_case(case, cards):
    return {**observe(case), "cards": cards}
