"""An engine name, version and messages holding ESC, newlines, NUL and a lone surrogate: no raw
control character reaches the terminal or any report file (issue: text from an adapter is untrusted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "data" / "certify"
HOSTILE = f"{sys.executable} {ROOT / 'tests' / 'data' / 'adapters' / 'hostile_name.py'}"
RAW = ("\x1b", "\x00", "\r", "\x07")


def mtgc(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "conformance.cli", *args], capture_output=True, cwd=ROOT,
                          timeout=120)


def test_no_raw_control_character_is_printed_or_written_anywhere(tmp_path: Path) -> None:
    outputs = []
    for args in (
        ("certify", "--engine", HOSTILE, "--out", str(tmp_path / "out"), str(SUITE)),
        ("smoke", "--engine", HOSTILE),
        ("run", "--engine", HOSTILE, str(SUITE)),
    ):
        proc = mtgc(*args)
        assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
        outputs.append((" ".join(args[:1]), proc.stdout + proc.stderr))
    for name in ("report.json", "summary.md", "index.html", "junit.xml", "badge.json"):
        outputs.append((name, (tmp_path / "out" / name).read_bytes()))
    for where, data in outputs:
        text = data.decode("utf-8")  # every byte written is valid UTF-8: no lone surrogate got through
        assert not any(raw in text for raw in RAW), where
        assert "797/797 passing (100.0%)\n" not in text, where  # the forged line never stands alone
    certify_output = outputs[0][1].decode("utf-8")
    assert "evil \\e[2J" in certify_output  # on one line, the escape shown
