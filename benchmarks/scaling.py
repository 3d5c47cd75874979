"""``python -m benchmarks.scaling``: one case at 100, 1,000 and 5,000 objects; the time should grow linearly.

The case is generated (:func:`case`) from catalogue cards (suites/cards/): Alice controls Goblin Chieftain
("Other Goblin creatures you control get +1/+1 and have haste") and Grizzly Bears, Bob Mirari's Wake
("Creatures you control get +1/+1"); the other objects are Grizzly Bears and Boggart Brutes for Alice,
Grizzly Bears and Mountains for Bob, in turn. Alice casts Benalish Marshal ("Other creatures you control
get +1/+1"), the Bears and the Chieftain are 3/3; Bob Shocks her Bears, which survive with 2 damage.
Each step computes every permanent's characteristics: state-based actions (CR 704.5f-g) look at every
creature's toughness, triggered abilities are looked for on every permanent (CR 603.2), Shock's targets
are every creature (CR 601.2c), and an observation shows every object. The statics of three lords apply
to each object (CR 611.3a, 613.4c).

The case runs in process on the reference engine through the runner (``mtgc run``'s path), and must
pass. Sizes are interleaved over the repetitions; each figure is the median CPU time of this process
(``time.process_time``: what other processes take of a busy machine is not counted). Linear work
gives time(5,000) / time(100) = 50 (less when a fixed cost per case weighs on the small one); work
that looks at every permanent for each permanent gives 2,500. The target (issue 15, item 8): a
5,000-object case runs in about the time of 100 five-object cases (``--small``: the same case with
only the five objects it names).

Measured (2-core machine, Python 3.11, CPU seconds for 5 / 100 / 1,000 / 5,000 objects):

- before (every permanent's statics gathered again for each object asked about): 0.003 / 0.12 /
  8.2 / 175 s; time(5,000) / time(100) = 1,400;
- after (engine/memo.py: the statics in play and the triggered abilities gathered once per state;
  the setup placed in one step): 0.002 / 0.011 / 0.093 / 0.47 s; time(5,000) / time(100) = 42, and
  the 5,000-object case takes the time of 250 five-object cases (target about 100): what is left is
  each object's characteristics worked out in each state that asks (state-based actions, targets,
  observations), a static ability's filter tested for each object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from conformance.cases.loader import CaseFile
from conformance.documents import Case
from conformance.engines.inprocess import ModuleEngine
from conformance.run.runner import run_case

ROOT = Path(__file__).resolve().parent.parent
SIZES = (100, 1000, 5000)
SMALL = 5  # the objects the case names (Marshal, Shock, Chieftain, Bears, Wake)
CARDS = (
    "Benalish Marshal",
    "Shock",
    "Goblin Chieftain",
    "Grizzly Bears",
    "Mirari's Wake",
    "Boggart Brute",
    "Mountain",
)
FILLER = (
    ("alice", "Grizzly Bears", "bears"),
    ("alice", "Boggart Brute", "brute"),
    ("bob", "Grizzly Bears", "bob-bears"),
    ("bob", "Mountain", "mountain"),
)


def catalogue() -> dict[str, Any]:
    """The case's cards, from the suite's catalogue."""
    cards: dict[str, Any] = {}
    for path in sorted((ROOT / "suites" / "cards").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("name") in CARDS:
            cards[data["name"]] = data
    missing = sorted(set(CARDS) - set(cards))
    if missing:
        raise SystemExit(f"not in suites/cards: {', '.join(missing)}")
    return cards


def case(objects: int) -> dict[str, Any]:
    """The case with ``objects`` objects in all (at least the five it names)."""
    if objects < SMALL:
        raise ValueError(f"the case has at least {SMALL} objects")
    battlefield: dict[str, list[dict[str, Any]]] = {
        "alice": [
            {"alias": "chieftain", "card": "Goblin Chieftain"},
            {"alias": "bears", "card": "Grizzly Bears"},
        ],
        "bob": [{"alias": "wake", "card": "Mirari's Wake"}],
    }
    for i in range(objects - SMALL):
        player, name, alias = FILLER[i % len(FILLER)]
        battlefield[player].append({"alias": f"{alias}-{i}", "card": name})
    expect_entered: dict[str, Any] = {
        "marshal": {"zone": "battlefield", "power": 3, "toughness": 3},
        "chieftain": {"power": 3, "toughness": 3},  # +1/+1 from the Marshal, not from itself
        "bears": {"power": 3, "toughness": 3},
    }
    if objects > SMALL + 1:
        expect_entered["brute-1"] = {"power": 5, "toughness": 4, "keywords": ["Menace", "Haste"]}
    if objects > SMALL + 2:
        expect_entered["bob-bears-2"] = {"power": 3, "toughness": 3}  # Mirari's Wake only
    return {
        "id": f"scaling-{objects}-objects",
        "title": f"Benalish Marshal joins two lords among {objects} objects; Shock on a 3/3",
        "rules": ["611.3a", "613.4c", "704.5g"],
        "features": ["targets", "damage", "state-based-actions"],
        "level": "rules",
        "setup": {
            "players": [
                {
                    "alias": "alice",
                    "mana_pool": {"W": 3},
                    "battlefield": battlefield["alice"],
                    "hand": [{"alias": "marshal", "card": "Benalish Marshal"}],
                },
                {
                    "alias": "bob",
                    "mana_pool": {"R": 1},
                    "battlefield": battlefield["bob"],
                    "hand": [{"alias": "shock", "card": "Shock"}],
                },
            ]
        },
        "script": [
            {"action": "cast", "player": "alice", "card": "marshal"},
            {"action": "resolve"},
            {"action": "observe", "label": "marshal-entered"},
            {"action": "pass", "player": "alice"},
            {"action": "cast", "player": "bob", "card": "shock"},
            {"action": "resolve"},
        ],
        "decisions": [{"kind": "targets", "player": "bob", "source": "shock", "answer": ["bears"]}],
        "expect": {
            "snapshots": {"marshal-entered": {"objects": expect_entered}},
            "objects": {"bears": {"zone": "battlefield", "damage": 2}, "shock": {"zone": "graveyard"}},
        },
    }


def measure(sizes: Sequence[int], repeat: int) -> dict[int, float]:
    """Median seconds of one run of the case at each size (in process, judged; each must pass)."""
    engine = ModuleEngine("engine")
    info = engine.info()
    cards = catalogue()
    files = {
        n: CaseFile(
            path=ROOT / "benchmarks" / f"scaling-{n}.json",
            topic="611-continuous-effects",
            data=cast(Case, case(n)),
        )
        for n in sizes
    }
    times: dict[int, list[float]] = {n: [] for n in sizes}
    for n in sizes:  # warm up (imports, card data), and the case must pass
        verdict = run_case(engine, info, files[n], cards)
        if verdict.outcome != "pass":
            raise SystemExit(f"the {n}-object case does not pass: {verdict.outcome}: {verdict.message}")
    for _ in range(repeat):
        for n in sizes:
            began = time.process_time()
            run_case(engine, info, files[n], cards)
            times[n].append(time.process_time() - began)
    return {n: statistics.median(t) for n, t in times.items()}


def report(seconds: dict[int, float]) -> dict[str, Any]:
    """Seconds per size, the ratio of the largest to the smallest against linear, and the largest
    against as many five-object cases as it has objects / 50 (when the five-object case was timed)."""
    sizes = sorted(n for n in seconds if n != SMALL) or sorted(seconds)
    low, high = sizes[0], sizes[-1]
    out: dict[str, Any] = {
        "seconds": {str(n): seconds[n] for n in sorted(seconds)},
        "ratio": seconds[high] / seconds[low],
        "linear_ratio": high / low,
        "sizes": [low, high],
    }
    if SMALL in seconds:
        out["small_cases_equivalent"] = seconds[high] / seconds[SMALL]  # how many 5-object cases it costs
        out["small_cases_target"] = high / 50  # 100 five-object cases for 5,000 objects
    return out


def describe(out: dict[str, Any]) -> str:
    low, high = out["sizes"]
    lines = [
        ", ".join(f"{int(n):,} objects {s:.3f} s" for n, s in out["seconds"].items()),
        f"time({high:,}) / time({low:,}) = {out['ratio']:.1f} (linear: {out['linear_ratio']:.0f})",
    ]
    if "small_cases_equivalent" in out:
        lines.append(
            f"{high:,} objects = {out['small_cases_equivalent']:.0f} five-object cases "
            f"(target: about {out['small_cases_target']:.0f})"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.scaling",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("sizes", nargs="*", type=int, help=f"objects in the case (default: {SIZES})")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved repetitions (median taken)")
    parser.add_argument("--small", action="store_true", help=f"also time the {SMALL}-object case")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    sizes = sorted(set(args.sizes or SIZES) | ({SMALL} if args.small else set()))
    out = report(measure(sizes, args.repeat))
    print(describe(out))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
