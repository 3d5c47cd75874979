"""mtgc fuzz: campaigns from the command line, differential ones included (--engine)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conformance.cli import main

ADAPTERS = Path(__file__).parent / "data" / "adapters"
PLANTED = f"{sys.executable} {ADAPTERS / 'planted_proliferate.py'}"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["fuzz", "--area", "mana", "--engine", "x"], "replays the counters and targeting areas only"),
        (["fuzz", "--engine", "'unbalanced"], "bad --engine command"),
    ],
)
def test_bad_differential_arguments_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgc: ") and words in err


def test_a_differential_campaign_saves_the_disagreement(tmp_path: Path) -> None:
    argv = ["fuzz", "--area", "counters", "--examples", "60", "--workers", "1", "--engine", PLANTED,
            "--out", str(tmp_path)]
    assert main(argv) == 1
    found = [json.loads(p.read_text()) for p in tmp_path.glob("*.json")]
    assert found and all(c["origin"]["kind"] == "differential" for c in found)
