"""Shared fuzzing: fuzz processes pointed at one Redis server share what they find.

Against a real ``redis-server``: the one ``.ci/run`` starts (``$MTGC_REDIS_URL``), or one this module
starts on a free local port. Skipped, with the reason, where neither is possible.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis.database import DirectoryBasedExampleDatabase

from conformance.fuzz.database import DatabaseUnavailable, SharedDatabase, redis_database

redis = pytest.importorskip("redis", reason="the redis package is in the test extra: pip install -e '.[test]'")  # noqa: E501

ADAPTERS = Path(__file__).parent / "data" / "adapters"
PLANTED = f"{sys.executable} {ADAPTERS / 'planted_proliferate.py'}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no redis-server on this machine (.ci/run installs Debian's redis-server)")
    port = free_port()
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(tmp)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    for _ in range(100):
        try:
            client.ping()
            return server, url
        except redis.exceptions.ConnectionError:
            time.sleep(0.05)
    server.kill()
    pytest.skip(f"redis-server did not answer on port {port}")


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A Redis database nobody else uses: a spare number on CI's server, or a server of our own."""
    given = os.environ.get("MTGC_REDIS_URL")
    if given:
        base = given.rsplit("/", 1)[0] if given.count("/") > 2 else given
        number = 1 + int.from_bytes(os.urandom(1), "big") % 15  # 0 is left to whoever else uses it
        url = f"{base}/{number}"
        redis.Redis.from_url(url).flushdb()
        yield url
        redis.Redis.from_url(url).flushdb()
        return
    server, url = start_server(tmp_path)
    try:
        yield url
    finally:
        server.kill()
        server.wait()


def fuzz(url: str, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "conformance.cli", "fuzz", "--area", "counters", "--workers", "1",
            "--engine", PLANTED, "--database", url, "--out", str(out), *extra]
    env = {**os.environ, "MTGC_HYPOTHESIS_DB": str(out / "local-db")}
    return subprocess.run(argv, capture_output=True, text=True, timeout=600, env=env)


def other_database(url: str) -> str:
    base, number = url.rsplit("/", 1)
    return f"{base}/{int(number) % 15 + 1}"  # another of 1-15: 0 is left to whoever else uses the server


def test_a_second_fuzz_process_replays_the_failure_the_first_saved(redis_url: str, tmp_path: Path) -> None:
    first = fuzz(redis_url, tmp_path / "first", "--examples", "60")
    assert first.returncode == 1, first.stdout + first.stderr
    assert list((tmp_path / "first").glob("*.json")), "the first process saves its finding as a case"
    # The regression profile only replays saved examples (phases explicit and reuse: it generates
    # nothing), so the second process can fail only by replaying what the first saved on the server.
    second = fuzz(redis_url, tmp_path / "second", "--examples", "60", "--profile", "regression")
    assert second.returncode == 1, second.stdout + second.stderr
    found = [json.loads(p.read_text()) for p in (tmp_path / "second").glob("*.json")]
    assert found and all(c["origin"]["kind"] == "differential" for c in found)
    # The control: the same replay against an empty database finds nothing.
    empty = other_database(redis_url)
    redis.Redis.from_url(empty).flushdb()
    control = fuzz(empty, tmp_path / "control", "--examples", "60", "--profile", "regression")
    assert control.returncode == 0, control.stdout + control.stderr
    assert not list((tmp_path / "control").glob("*.json"))


def test_a_server_that_does_not_answer_at_the_start_is_exit_2(tmp_path: Path) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    result = fuzz(url, tmp_path / "out", "--examples", "1")
    assert result.returncode == 2
    assert result.stderr.startswith("mtgc: --database: ") and url in result.stderr
    assert "Traceback" not in result.stderr


def test_a_server_that_goes_away_mid_run_leaves_the_run_on_the_local_copy(tmp_path: Path) -> None:
    server, url = start_server(tmp_path)
    said: list[str] = []
    try:
        db = redis_database(url, DirectoryBasedExampleDatabase(tmp_path / "local"), said.append)
        assert isinstance(db, SharedDatabase)
        db.save(b"key", b"before")
        assert set(db.shared.fetch(b"key")) == {b"before"}, "saved to the server while it answers"
    finally:
        server.kill()
        server.wait()
    db.save(b"key", b"after")  # the server is gone: no exception, the local copy takes it
    assert set(db.fetch(b"key")) == {b"before", b"after"}
    assert db.failed and len(said) == 1 and url in said[0] and "goes on with the local database" in said[0]
    db.save(b"key", b"later")
    assert len(said) == 1, "said once, not at every save"


def test_a_missing_server_is_named_in_the_error(tmp_path: Path) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    with pytest.raises(DatabaseUnavailable, match="does not answer"):
        redis_database(url, DirectoryBasedExampleDatabase(tmp_path))
