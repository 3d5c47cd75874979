"""Cutting a certification into shards (``mtgc certify --shard I/N``) that run on N machines.

Every shard plans the whole selection (same validation, same suite hash), then keeps its slice, so N
shards cut the same selection into N disjoint slices that cover it, whatever machine each runs on:

- with ``--timings REPORT.json`` (an earlier report of the engine), by recorded time: the cases are
  dealt longest first, each to the shard with the least time so far (ties: the lower shard; a case the
  earlier report lacks counts as the median of the recorded times). Shards then take about the same
  time even when a few cases take far longer than the rest;
- without, round-robin over the sorted case ids: shard sizes differ by at most one case.

Each slice keeps the plan's order (topic, then id), and the report says how it was cut (``shard``:
index, count, cases, balance, the timings' digest), so ``mtgc merge`` can check that its shard reports
were cut the same way (:mod:`conformance.report.merge`).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from conformance.cases import aliases
from conformance.documents import ReportShard
from conformance.report.baseline import BadInput, read_json_file

ROUND_ROBIN: Final = "round-robin"
TIMINGS: Final = "timings"


@dataclass(frozen=True)
class Timings:
    """Recorded seconds per case id (current ids: an old id counts for the case it became), the
    file they came from, and a digest of the figures (equal digests: the same cut)."""

    seconds: Mapping[str, float]
    source: str
    digest: str


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (1-based) of ``count``; ``timings`` balance it by recorded time."""

    index: int
    count: int
    timings: Timings | None = None

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(text: str) -> Shard:
    """``I/N`` with 1 <= I <= N (an argparse type: a bad value is argparse's error, exit 2)."""
    index, slash, count = text.partition("/")
    if not slash or not index.strip().isdigit() or not count.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not I/N (shard I of N, e.g. 2/4)")
    i, n = int(index), int(count)
    if n < 1 or not 1 <= i <= n:
        raise argparse.ArgumentTypeError(f"{text!r}: the shard I of N must have 1 <= I <= N")
    return Shard(i, n)


def load_timings(path: str | Path) -> Timings:
    """The per-case seconds of a report.json (``seconds`` of each case); BadInput when the file is
    missing, not JSON, or has no case with a time."""
    data = read_json_file(path, "the timings report")
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, list):
        raise BadInput(f"{str(path)!r} is not a report (no \"cases\" list): --timings takes a report.json")
    seconds: dict[str, float] = {}
    for position, case in enumerate(cases):
        if not isinstance(case, dict):
            raise BadInput(f"{str(path)!r} at /cases/{position}: a case must be an object")
        case_id, time = case.get("id"), case.get("seconds")
        if not isinstance(case_id, str) or isinstance(time, bool) or not isinstance(time, int | float):
            raise BadInput(f"{str(path)!r} at /cases/{position}: a case needs an \"id\" (string) and "
                           "\"seconds\" (number)")
        if time < 0:
            raise BadInput(f"{str(path)!r} at /cases/{position}/seconds: {time} is negative")
        seconds.setdefault(aliases.resolve(case_id), float(time))
    if not seconds:
        raise BadInput(f"{str(path)!r} has no case: it cannot balance shards")
    digest = hashlib.sha256("".join(f"{k}\0{v!r}\n" for k, v in sorted(seconds.items())).encode())
    return Timings(seconds, str(path), "sha256:" + digest.hexdigest())


def estimates(ids: Sequence[str], timings: Timings) -> list[float]:
    """Each case's expected seconds: recorded, or the median of the recorded times of ``ids``."""
    known = [timings.seconds[i] for i in ids if i in timings.seconds]
    fallback = statistics.median(known) if known else 1.0
    return [timings.seconds.get(i, fallback) for i in ids]


def partition(ids: Sequence[str], count: int, timings: Timings | None = None) -> list[list[int]]:
    """The positions in ``ids`` of each shard's cases (shard 1 first), each list in ``ids``' order.

    Deterministic: the same ids and timings give the same cut on every machine."""
    shards: list[list[int]] = [[] for _ in range(count)]
    if timings is None:
        for turn, position in enumerate(sorted(range(len(ids)), key=lambda p: ids[p])):
            shards[turn % count].append(position)
    else:
        times = estimates(ids, timings)
        load = [0.0] * count
        for position in sorted(range(len(ids)), key=lambda p: (-times[p], ids[p])):
            lightest = min(range(count), key=lambda s: (load[s], s))
            shards[lightest].append(position)
            load[lightest] += times[position]
    return [sorted(shard) for shard in shards]


def shard_positions(ids: Sequence[str], shard: Shard) -> list[int]:
    """The positions in ``ids`` that ``shard`` runs."""
    return partition(ids, shard.count, shard.timings)[shard.index - 1]


def describe(shard: Shard, ids: Sequence[str]) -> ReportShard:
    """The report's ``shard`` block for ``shard`` of the selection ``ids``."""
    positions = shard_positions(ids, shard)
    block: ReportShard = {
        "index": shard.index,
        "count": shard.count,
        "cases": len(positions),
        "balance": TIMINGS if shard.timings else ROUND_ROBIN,
    }
    if shard.timings:
        times = estimates(ids, shard.timings)
        block["timings"] = shard.timings.digest
        block["estimated_seconds"] = round(sum(times[p] for p in positions), 3)
    return block


def balance(ids: Sequence[str], count: int, timings: Timings, cut: Timings | None = None) -> list[float]:
    """The seconds ``timings`` gives each shard when ``ids`` are cut into ``count`` shards using
    ``cut`` (None: round-robin): how even a cut is, measured on recorded times."""
    times = estimates(ids, timings)
    return [round(sum(times[p] for p in shard), 3) for shard in partition(ids, count, cut)]
