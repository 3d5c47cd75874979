"""``python -m benchmarks.maps``: the engine's immutable maps against the persistent maps on PyPI.

The state's maps (counters, mana pools, infos, the object store) are ``frozendict``s. Until it came in
they were ``FMap``, a hand-written wrapper around a dict; a copy of it is kept here as the baseline.

1. Counts: the suite runs once on the reference engine with the engine's map operations counted, each by
   the size of the map (mostly ``m[k]`` on maps of 2 to 10 entries; ``m.get(k)`` on empty ones).
2. Operations: each is timed for each implementation at sizes 0, 4 and 16 (``timeit``; repetitions
   interleaved across implementations, the median taken), int keys as in ``Game.objects``.
3. The mix: the counts times the times at the nearest size, summed: map seconds per suite run, and the
   ratio of each implementation to FMap (below 1: faster on the engine's mix).

Candidates: ``frozendict`` (the engine's), ``immutabledict``, ``immutables.Map``, ``pyrsistent.pmap``
and ``rpds.HashTrieMap`` (rpds-py comes with jsonschema); one not installed is left out. Each is called
through its own method names (``set``/``insert``; ``delete``/``discard``/``without``), so no adapter's
cost is counted. "order" says whether a map iterates in insertion order: one that doesn't (a hash
array mapped trie) makes the engine's events and choices follow PYTHONHASHSEED wherever it iterates a
map of strings (counters, mana), unless every such place sorts. The last line is the figures as JSON.

Measured when frozendict replaced FMap (797 cases, 2-core machine, Python 3.11; the operation mix
per suite run: 0.90 M ``m[k]``, 68 k ``get``, 32 k constructions, 25 k ``items()``, 10 k ``set``):

- the mix: immutables.Map 0.37x FMap, frozendict 0.79x, immutabledict 1.11x, rpds 2.4x, pyrsistent
  4.5x (FMap 0.137 s per suite run, about a tenth of the engine's time);
- whole processes, the suite run 4 times in one process (``python -m benchmarks.memory 4``), A/B cpu
  median of 8-10 pairs: immutables 0.95 (min 0.81, max 1.05), frozendict 0.97 (0.92-1.06),
  immutabledict 0.98 (0.91-1.20), rpds 1.14 (1.07-1.29), pyrsistent 1.26 (0.97-1.45); immutables with
  the 11 sorts that make its output independent of the hash seed again 0.97 (0.88-1.11);
- ``mtgc run`` (validation included), A/B cpu median of 10 pairs: frozendict 1.02 (0.87-1.10),
  immutables 0.98 (0.79-1.30), rpds 1.08, pyrsistent 1.04: within the machine's noise;
- on the change itself (the tree with frozendict against the tree before it, A/B cpu median): four
  suite passes 0.99 (0.88-1.14, 10 pairs); ``mtgc run`` 0.99 (0.91-1.17, 12 pairs; a noisier call of
  8 pairs gave 1.11, 0.84-1.25);
- peak memory of the whole-suite run: 41.1-41.9 MB for every one (FMap 41.2 MB);
- output: frozendict and immutabledict give FMap's observations byte for byte under any hash seed;
  immutables, pyrsistent and rpds order counters by hash, so 17 of the 797 observations (event order,
  counter order) changed from one PYTHONHASHSEED to another.
"""

from __future__ import annotations

import argparse
import collections
import importlib
import json
import statistics
import sys
import timeit
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FMap(Mapping[K, V], Generic[K, V]):
    """The hand-written map the engine had (engine/state.py before frozendict): the baseline."""

    __slots__ = ("_d",)

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._d: dict[K, V] = dict(items or {})

    def __getitem__(self, key: K) -> V:
        return self._d[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FMap):
            return self._d == other._d
        if isinstance(other, Mapping):
            return self._d == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._d.items()))

    def set(self, key: K, value: V) -> FMap[K, V]:
        d = dict(self._d)
        d[key] = value
        return FMap(d)

    def without(self, key: K) -> FMap[K, V]:
        d = dict(self._d)
        d.pop(key, None)
        return FMap(d)


SIZES = (0, 4, 16)
# operation -> statement; {set} and {delete} are the candidate's method names
OPS: dict[str, str] = {
    "construct": "M(d)",
    "getitem": "m[k]",
    "get": "m.get(k)",
    "contains": "k in m",
    "len": "len(m)",
    "iter": "for _ in m: pass",
    "items": "for _ in m.items(): pass",
    "keys": "for _ in m.keys(): pass",
    "values": "for _ in m.values(): pass",
    "set": "m.{set}(k2, 1)",
    "delete": "m.{delete}(k)",
    "eq": "m == m2",
    "hash": "hash(m)",
}
# frozendict's method behind each operation
COUNTED = {
    "__new__": "construct",
    "__getitem__": "getitem",
    "get": "get",
    "__contains__": "contains",
    "__len__": "len",
    "__iter__": "iter",
    "items": "items",
    "keys": "keys",
    "values": "values",
    "set": "set",
    "delete": "delete",
    "__eq__": "eq",
    "__hash__": "hash",
}
Impl = tuple[Callable[..., Any], dict[str, str]]


def candidates() -> dict[str, Impl]:
    """name -> (constructor from a dict, method names); FMap first."""
    found: dict[str, Impl] = {"FMap": (FMap, {"set": "set", "delete": "without"})}
    for name, module, attr, names in (
        ("frozendict", "frozendict", "frozendict", {"set": "set", "delete": "delete"}),
        ("immutabledict", "immutabledict", "immutabledict", {"set": "set", "delete": "discard"}),
        ("immutables.Map", "immutables", "Map", {"set": "set", "delete": "delete"}),
        ("pyrsistent.pmap", "pyrsistent", "pmap", {"set": "set", "delete": "discard"}),
        ("rpds.HashTrieMap", "rpds", "HashTrieMap", {"set": "insert", "delete": "discard"}),
    ):
        try:
            found[name] = (getattr(importlib.import_module(module), attr), names)
        except ImportError:
            print(f"{name}: not installed, left out", file=sys.stderr)
    return found


def keeps_order(make: Callable[..., Any]) -> bool:
    keys = ["poison", "+1/+1", "loyalty", "-1/-1", "flying", "shield", "oil", "lore"]
    return list(make({k: 1 for k in keys})) == keys


def size_class(n: int) -> int:
    return min(SIZES, key=lambda s: abs(s - n))


def count_operations() -> tuple[dict[str, dict[int, int]], int]:
    """op -> size class -> the engine's calls in one run of the suite; and the case count. frozendict's
    methods are wrapped for the run (its pure-Python class, the one Python 3.11 and later get); a call
    made inside another (``set`` copying the dict) is not counted."""
    from frozendict import frozendict

    from conformance.cases.selection import select
    from conformance.cases.validate import validate
    from conformance.engines.inprocess import ModuleEngine
    from conformance.run.runner import run_cases

    counts: dict[str, dict[int, int]] = {op: collections.Counter() for op in OPS}
    own = {m: frozendict.__dict__[m] for m in COUNTED if m in frozendict.__dict__}
    depth = [0]

    def counted(method: str, op: str) -> Any:
        original = getattr(frozendict if method in own else dict, method)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if depth[0] == 0:
                if method == "__new__":
                    size = len(args[1]) if len(args) > 1 and hasattr(args[1], "__len__") else len(kwargs)
                else:
                    size = dict.__len__(args[0])
                counts[op][size_class(size)] += 1
            depth[0] += 1
            try:
                return original(*args, **kwargs)
            finally:
                depth[0] -= 1

        return staticmethod(wrapper) if method == "__new__" else wrapper

    validation = validate()
    cases = select(validation.cases)
    try:
        for method, op in COUNTED.items():
            setattr(frozendict, method, counted(method, op))
    except TypeError:
        sys.exit("operation counts need frozendict's pure-Python class (this one is its C extension)")
    try:
        run_cases(ModuleEngine("engine"), cases, validation.catalogue_for)
    finally:
        for method in COUNTED:
            if method in own:
                setattr(frozendict, method, own[method])
            else:
                delattr(frozendict, method)
    return {op: dict(c) for op, c in counts.items()}, len(cases)


def namespace(make: Callable[..., Any], size: int) -> dict[str, Any]:
    d = {i: i for i in range(1, size + 1)}
    return {"M": make, "d": d, "m": make(d), "m2": make(dict(d)), "k": max(1, size // 2), "k2": size + 1}


def time_operations(
    impls: dict[str, Impl], repeat: int, target_s: float = 0.004
) -> dict[str, dict[str, dict[int, float]]]:
    """impl -> op -> size -> median nanoseconds a call (none where the engine never makes that call:
    ``m[k]`` and ``delete`` of a key an empty map lacks). Each timing lasts about ``target_s``."""
    samples: dict[str, dict[str, dict[int, list[float]]]] = {name: {op: {} for op in OPS} for name in impls}
    timers: dict[tuple[str, str, int], tuple[timeit.Timer, int]] = {}
    for name, (make, names) in impls.items():
        for op in OPS:
            for size in SIZES:
                if size == 0 and op in ("getitem", "delete"):
                    continue
                timer = timeit.Timer(OPS[op].format(**names), globals=namespace(make, size))
                once = timer.timeit(200) / 200
                timers[(name, op, size)] = (timer, max(1, int(target_s / max(once, 1e-9))))
                samples[name][op][size] = []
    for _ in range(repeat):
        for (name, op, size), (timer, number) in timers.items():
            samples[name][op][size].append(timer.timeit(number) / number * 1e9)
    return {
        name: {op: {s: statistics.median(v) for s, v in by_size.items()} for op, by_size in ops.items()}
        for name, ops in samples.items()
    }


def nearest_timed(by_size: dict[int, float], size: int) -> float:
    return by_size[min(by_size, key=lambda s: (abs(s - size), s))]


def measure(repeat: int = 5) -> dict[str, Any]:
    counts, cases = count_operations()
    impls = candidates()
    times = time_operations(impls, repeat)
    mix = {
        name: sum(
            n * nearest_timed(times[name][op], size)
            for op, by_size in counts.items()
            for size, n in by_size.items()
        )
        / 1e9
        for name in impls
    }
    return {
        "cases": cases,
        "counts": counts,
        "ns": times,
        "insertion_order": {name: keeps_order(make) for name, (make, _) in impls.items()},
        "mix_s": mix,
        "mix_ratio": {name: mix[name] / mix["FMap"] for name in impls},
    }


def rows(out: dict[str, Any]) -> Iterator[str]:
    names = list(out["ns"])
    yield (f"The engine's map operations in one run of the suite ({out['cases']} cases), by map size; "
           "FMap's ns a call (median), the others' as a ratio to it")
    head = f"{'operation':<10} {'size':>4} {'calls':>8} {'FMap ns':>8}"
    yield head + "".join(f" {n:>16}" for n in names[1:])
    for op in OPS:
        for size in SIZES:
            if size not in out["ns"]["FMap"][op]:
                continue
            base = out["ns"]["FMap"][op][size]
            cells = "".join(f" {out['ns'][n][op][size] / base:>15.2f}x" for n in names[1:])
            yield f"{op:<10} {size:>4} {out['counts'][op].get(size, 0):>8} {base:>8.0f}{cells}"
    yield "The suite's mix (calls x ns at the nearest size, summed): map seconds per suite run"
    for name in names:
        order = "insertion order" if out["insertion_order"][name] else "hash order"
        yield f"  {name:<17} {out['mix_s'][name]:.3f} s = {out['mix_ratio'][name]:.2f}x FMap  ({order})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5, help="interleaved repetitions (median taken)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    out = measure(args.repeat)
    for line in rows(out):
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps({"mix_ratio": out["mix_ratio"], "insertion_order": out["insertion_order"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
