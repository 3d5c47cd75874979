"""Where fuzzing keeps its examples: a local directory, or a Redis server that many workers share.

``$MTGC_HYPOTHESIS_DB`` (or ``mtgc fuzz --database``) names it: a path, or a ``redis://HOST:PORT/N``
(``rediss://``, ``unix://``) URL. With Redis, every worker on every machine saves the failures it
finds to the server and, because Hypothesis replays a test's saved examples before generating new
ones (its *reuse* phase), replays every failure any worker saved.

The shared store is Hypothesis's own :class:`~hypothesis.extra.redis.RedisExampleDatabase`, wrapped
in :class:`SharedDatabase`, which also writes a copy to the local directory and, when the server goes
away mid-run, goes on with that local directory and says so (once per process) instead of ending the
run: a fuzzing campaign of hours should not die with its server.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

from hypothesis.database import DirectoryBasedExampleDatabase, ExampleDatabase

from conformance import paths

ENV_DB = "MTGC_HYPOTHESIS_DB"
SCHEMES = ("redis://", "rediss://", "unix://")
KEY_PREFIX = b"mtgc-example:"
EXPIRE_AFTER = timedelta(days=30)  # a failure nobody replayed for a month is allowed to expire
T = TypeVar("T")


class DatabaseUnavailable(Exception):
    """The shared database named at the start of a run can't be reached."""


def is_shared(location: str) -> bool:
    return location.startswith(SCHEMES)


def default_dir() -> Path:
    """The local example directory when no path is named (also the copy beside a shared database)."""
    return paths.data_root() / ".hypothesis" / "examples"


def warn_stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


class SharedDatabase(ExampleDatabase):
    """A shared example database with a local copy that takes over when the shared one goes away.

    While the shared database answers, saves and deletes go to both and fetches come from the shared
    one (it holds every worker's examples). The first error from it switches this process to the local
    database for the rest of the run, with one message naming both.
    """

    def __init__(
        self,
        shared: ExampleDatabase,
        local: ExampleDatabase,
        name: str,
        errors: tuple[type[BaseException], ...],
        warn: Callable[[str], None] = warn_stderr,
    ) -> None:
        super().__init__()
        self.shared, self.local, self.name = shared, local, name
        self._errors = errors
        self._warn = warn
        self.failed: str | None = None

    def __repr__(self) -> str:
        return f"SharedDatabase({self.name}, local={self.local!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SharedDatabase) and (self.shared, self.local) == (other.shared, other.local)

    def __hash__(self) -> int:
        return hash((self.name, repr(self.local)))

    def _shared(self, op: Callable[[ExampleDatabase], T]) -> tuple[bool, T | None]:
        """Run ``op`` on the shared database: (True, its result), or (False, None) once it has failed."""
        if self.failed is None:
            try:
                return True, op(self.shared)
            except self._errors as error:
                self.failed = f"{type(error).__name__}: {error}"
                self._warn(
                    f"mtgc: the shared example database {self.name} went away ({self.failed}); "
                    f"the run goes on with the local database {self.local!r}, which has a copy of what "
                    "this process saved"
                )
        return False, None

    def fetch(self, key: bytes) -> Iterable[bytes]:
        ok, values = self._shared(lambda db: list(db.fetch(key)))
        return values if ok and values is not None else self.local.fetch(key)

    def save(self, key: bytes, value: bytes) -> None:
        self.local.save(key, value)
        self._shared(lambda db: db.save(key, value))

    def delete(self, key: bytes, value: bytes) -> None:
        self.local.delete(key, value)
        self._shared(lambda db: db.delete(key, value))

    def move(self, src: bytes, dest: bytes, value: bytes) -> None:
        self.local.move(src, dest, value)
        self._shared(lambda db: db.move(src, dest, value))


def redis_database(
    url: str, local: ExampleDatabase, warn: Callable[[str], None] = warn_stderr
) -> SharedDatabase:
    """Hypothesis's Redis example database at ``url``, checked to answer now, with ``local`` beside it.

    Raises :class:`DatabaseUnavailable` (with the reason) when the ``redis`` package is missing or
    the server does not answer a PING: at the start of a run that is the user's mistake to hear of.
    """
    try:
        import redis
        from hypothesis.extra.redis import RedisExampleDatabase
    except ImportError as error:  # the test extra installs it
        raise DatabaseUnavailable(f"a Redis example database needs the redis package ({error})") from error
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=10)
        client.ping()
    except (redis.exceptions.RedisError, ValueError, OSError) as error:
        raise DatabaseUnavailable(f"{url} does not answer: {error}") from error
    shared = RedisExampleDatabase(client, expire_after=EXPIRE_AFTER, key_prefix=KEY_PREFIX)
    return SharedDatabase(shared, local, url, (redis.exceptions.RedisError, OSError), warn)


def example_database(location: str | None = None) -> ExampleDatabase:
    """The example database ``location`` (default ``$MTGC_HYPOTHESIS_DB``) names."""
    location = location if location is not None else os.environ.get(ENV_DB, "")
    if location and is_shared(location):
        return redis_database(location, DirectoryBasedExampleDatabase(default_dir()))
    return DirectoryBasedExampleDatabase(Path(location) if location else default_dir())
