"""Protocol versions: the runner offers 2 and 1 and speaks what the adapter answers; protocol 2 sends
each card definition once per adapter process, and again whenever it differs from the one sent."""

from __future__ import annotations

import copy
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.adapters.serve import chosen_protocol, serve
from conformance.cases.selection import select
from conformance.cases.validate import validate
from conformance.engines.inprocess import ModuleEngine
from conformance.run.cardstore import CardsSent, CardStore, UnknownCard
from conformance.run.protocol import AdapterFailure, ProtocolEngine, message_validator, start_message
from conformance.run.runner import gather_cards

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = ROOT / "tests" / "data" / "adapters"
REFERENCE = f"{sys.executable} -m conformance.adapters.reference"
ECHO_SERVED = f"{sys.executable} -m conformance.adapters.serve echo_cards_engine"
ECHO_ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ADAPTERS), str(ROOT)])}
CASE = json.loads(next((ROOT / "tests" / "data" / "certify").glob("*/*.json")).read_text(encoding="utf-8"))
BEAR: dict[str, Any] = {"name": "Bear", "types": ["Creature"], "power": 2, "toughness": 2}
BIG_BEAR: dict[str, Any] = {**BEAR, "power": 5}
FOREST: dict[str, Any] = {"name": "Forest", "types": ["Land"], "subtypes": ["Forest"]}


def adapter(name: str) -> str:
    return f"{sys.executable} {ADAPTERS / name}.py"


def observed(engine: ProtocolEngine, cards: dict[str, Any]) -> dict[str, Any]:
    result = engine.run(CASE, cards)
    assert result.status == "observed" and result.observation is not None, result.reason
    return dict(result.observation)


# -- negotiation -------------------------------------------------------------------------------------


def test_the_runner_offers_2_and_1_and_speaks_2_with_an_adapter_that_answers_2() -> None:
    with ProtocolEngine(adapter("echo_messages")) as engine:
        seen = observed(engine, {"Bear": BEAR})
        assert engine.protocol == 2 and engine.info().protocol == 2
    assert seen["start"] == {"cmd": "start", "protocol": 2, "protocols": [2, 1]}
    assert seen["received"] == {"cmd": "run", "seq": 0, "new_cards": {"Bear": BEAR}, "card_names": ["Bear"]}
    assert message_validator("start").is_valid(seen["start"])


def test_the_runner_falls_back_to_1_with_an_adapter_that_answers_1() -> None:
    with ProtocolEngine(adapter("echo_messages"), protocols=(1,)) as engine:  # the adapter sees only 1
        seen = observed(engine, {"Bear": BEAR})
        again = observed(engine, {"Bear": BEAR})
        assert engine.protocol == 1
    assert seen["start"] == {"cmd": "start", "protocol": 1}  # exactly what a protocol 1 runner sent
    assert seen["received"] == {"cmd": "run", "seq": 0, "cards": {"Bear": BEAR}}
    assert again["received"]["cards"] == {"Bear": BEAR}  # protocol 1: every card with every case


def test_an_adapter_that_only_speaks_protocol_1_still_works() -> None:
    # well_behaved answers protocol 1 whatever it is offered, like an adapter written before protocol 2
    with ProtocolEngine(adapter("well_behaved")) as engine:
        results = [engine.run(CASE, {"Bear": BEAR}) for _ in range(3)]
        assert engine.protocol == 1 and engine.info().protocol == 1
    assert [r.status for r in results] == ["observed"] * 3


def test_a_protocol_1_runner_refuses_a_protocol_2_handshake_as_it_always_did() -> None:
    with (
        ProtocolEngine(adapter("hostile_protocol_3"), protocols=(1,)) as engine,
        pytest.raises(AdapterFailure) as raised,
    ):
        engine.run(CASE, {})
    assert raised.value.kind == "wrong_protocol"
    assert "the runner speaks protocol 1, the adapter answered 3" in raised.value.message


@pytest.mark.parametrize("protocols", [(), (3,), (2, 2), (1, 0)])
def test_the_runner_only_offers_versions_it_speaks(protocols: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="protocols"):
        ProtocolEngine(adapter("well_behaved"), protocols=protocols)


def test_every_start_message_the_runner_sends_matches_its_versions_schema() -> None:
    for versions, schema in [((2, 1), message_validator("start")), ((1,), message_validator("start", 1))]:
        assert schema.is_valid(start_message(versions))
    assert not message_validator("start", 1).is_valid(start_message((2, 1)))  # v1's start had no list


@pytest.mark.parametrize(
    ("start", "version"),
    [
        ({"cmd": "start", "protocol": 2, "protocols": [2, 1]}, 2),
        ({"cmd": "start", "protocol": 1}, 1),  # a runner from before protocol 2
        ({"cmd": "start", "protocol": 1, "protocols": [1]}, 1),
        ({"cmd": "start", "protocol": 3, "protocols": [3, 2]}, 2),
        ({"cmd": "start", "protocol": 3, "protocols": [3]}, 2),  # none in common: the runner will say so
        ({"cmd": "start", "protocol": True}, 2),
    ],
)
def test_serve_answers_with_the_newest_version_it_shares_with_the_runner(
    start: dict[str, Any], version: int
) -> None:
    assert chosen_protocol(start) == version


# -- protocol 2's card store ---------------------------------------------------------------------------


def test_protocol_2_sends_each_card_once_per_adapter_process() -> None:
    with ProtocolEngine(adapter("echo_messages")) as engine:
        first = observed(engine, {"Bear": BEAR, "Forest": FOREST})
        second = observed(engine, {"Forest": FOREST})
        third = observed(engine, {"Forest": copy.deepcopy(FOREST), "Bear": BEAR})
    assert first["received"]["new_cards"] == {"Bear": BEAR, "Forest": FOREST}
    assert second["received"]["new_cards"] == {} and second["cards"] == {"Forest": FOREST}
    assert third["received"]["new_cards"] == {}  # an equal definition from elsewhere is not sent again
    assert third["cards"] == {"Forest": FOREST, "Bear": BEAR}
    assert third["received"]["card_names"] == ["Forest", "Bear"]


def test_a_card_redefined_between_cases_is_sent_again_each_time_it_differs() -> None:
    # a case's own cards override the catalogue's entry of that name for that case only
    with ProtocolEngine(adapter("echo_messages")) as engine:
        seen = [observed(engine, {"Bear": card}) for card in (BEAR, BIG_BEAR, BIG_BEAR, BEAR)]
    assert [s["received"]["new_cards"] for s in seen] == [
        {"Bear": BEAR},
        {"Bear": BIG_BEAR},
        {},
        {"Bear": BEAR},
    ]
    assert [s["cards"]["Bear"]["power"] for s in seen] == [2, 5, 5, 2]


def test_a_card_changed_in_place_after_it_was_sent_is_sent_again() -> None:
    bear = copy.deepcopy(BEAR)
    with ProtocolEngine(adapter("echo_messages")) as engine:
        observed(engine, {"Bear": bear})
        bear["power"] = 7
        seen = observed(engine, {"Bear": bear})
    assert seen["received"]["new_cards"] == {"Bear": bear} and seen["cards"]["Bear"]["power"] == 7


def test_a_restarted_adapter_is_sent_every_card_again() -> None:
    with ProtocolEngine(adapter("echo_messages")) as engine:
        observed(engine, {"Bear": BEAR})
        engine.close()
        seen = observed(engine, {"Bear": BEAR})
        assert engine.starts == 2
    assert seen["received"]["new_cards"] == {"Bear": BEAR}


def test_serve_gives_the_engine_each_cases_own_cards_in_both_protocols() -> None:
    for protocols in ((2, 1), (1,)):
        with ProtocolEngine(ECHO_SERVED, env=ECHO_ENV, protocols=protocols) as engine:
            seen = [
                observed(engine, cards) for cards in ({"Bear": BEAR}, {"Bear": BIG_BEAR}, {"Bear": BEAR}, {})
            ]
            assert engine.protocol == protocols[0]
        assert [s["cards"] for s in seen] == [{"Bear": BEAR}, {"Bear": BIG_BEAR}, {"Bear": BEAR}, {}]


def serve_lines(*messages: dict[str, Any]) -> list[dict[str, Any]]:
    out = io.StringIO()
    sys.path.insert(0, str(ADAPTERS))
    try:
        serve(ModuleEngine("echo_cards_engine"), [json.dumps(m) for m in messages], out)
    finally:
        sys.path.remove(str(ADAPTERS))
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_answers_a_card_it_was_never_sent_with_an_error_for_that_case() -> None:
    start = start_message((2, 1))
    run = {"cmd": "run", "seq": 4, "case": CASE, "new_cards": {}, "card_names": ["Bear"]}
    bad = {"cmd": "run", "seq": 5, "case": CASE, "cards": {"Bear": BEAR}}  # protocol 1's form
    handshake, unknown, malformed = serve_lines(start, run, bad)
    assert handshake["protocol"] == 2
    assert unknown == {
        "seq": 4,
        "error": "bad run message: card(s) never sent to this adapter process: 'Bear'",
    }
    assert malformed["seq"] == 5 and "new_cards must be an object" in malformed["error"]


def test_the_card_store_sides_agree_on_what_an_adapter_holds() -> None:
    sent, store = CardsSent(), CardStore()
    for cards in ({"Bear": BEAR, "Forest": FOREST}, {"Bear": BIG_BEAR}, {"Forest": FOREST}, {"Bear": BEAR}):
        new = sent.new_cards(cards)
        assert store.cards_for(new, list(cards)) == cards
        sent.sent(new)
    assert len(sent) == 2
    with pytest.raises(UnknownCard):
        store.cards_for({}, ["Island"])


def test_the_suite_gives_the_same_observations_through_protocol_2_1_and_in_process() -> None:
    validation = validate([ROOT / "suites"])
    cases = select(validation.cases)
    inline = [c for c in cases if c.data.get("cards")][:10]
    chosen = inline + cases[:: max(1, len(cases) // 30)]  # cases with their own cards, and a spread
    by_way: dict[str, list[Any]] = {}
    in_process = ModuleEngine("engine")
    by_way["in process"] = [
        in_process.run(c.data, gather_cards(c.data, validation.catalogue_for(c))) for c in chosen
    ]
    for protocols in ((2, 1), (1,)):
        with ProtocolEngine(REFERENCE, timeout=30, protocols=protocols) as engine:
            runs = [engine.run(c.data, gather_cards(c.data, validation.catalogue_for(c))) for c in chosen]
            by_way[f"protocol {engine.protocol}"] = runs
    assert set(by_way) == {"in process", "protocol 2", "protocol 1"}
    expected = [(r.status, r.observation) for r in by_way["in process"]]
    for way in ("protocol 2", "protocol 1"):
        assert [(r.status, json.loads(json.dumps(r.observation))) for r in by_way[way]] == [
            (s, json.loads(json.dumps(o))) for s, o in expected
        ], way
