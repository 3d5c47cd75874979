"""Engine-neutral helpers shared by the third-party adapters.

Nothing here knows an engine: the case's setup walked object by object, decision matching
(spec/README.md section 1.4), the observation's record of decisions and steps, and refs.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from conformance.documents import (
    Card,
    Case,
    DecisionEntry,
    EngineAnswer,
    Event,
    Observation,
    ObservedDecision,
    Projection,
    Ref,
    SetupPlayer,
    SetupZone,
    StepResult,
)
from conformance.documents import (
    Unanswered as UnansweredDecision,
)

STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
)
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
SETUP_ZONES = ("battlefield", "hand", "library", "graveyard", "exile")
MANA_SYMBOLS = ("W", "U", "B", "R", "G", "C")

# Basic lands in MTGJSON AtomicCard shape (the engines' own card format, untyped here), used to pad
# decks when the catalogue lacks them.
BASIC_LANDS: dict[str, dict[str, Any]] = {
    name: {
        "name": name,
        "manaCost": None,
        "type": f"Basic Land \u2014 {name}",
        "types": ["Land"],
        "subtypes": [name],
        "supertypes": ["Basic"],
        "keywords": None,
        "power": None,
        "toughness": None,
        "loyalty": None,
        "text": f"({{T}}: Add {{{sym}}}.)",
        "layout": "normal",
        "colors": [],
        "colorIdentity": [sym],
        "manaValue": 0,
        "identifiers": {},
    }
    for name, sym in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G"))
}


def cache_dir(engine: str) -> Path:
    """Where generated engine card data is cached: $MTGC_CACHE_DIR, else $XDG_CACHE_HOME/mtgc."""
    root = os.environ.get("MTGC_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "mtgc"
    )
    path = Path(root) / engine
    path.mkdir(parents=True, exist_ok=True)
    return path


def content_hash(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:24]


_COLOR_OF = {"W": "W", "U": "U", "B": "B", "R": "R", "G": "G"}


MTGJSON_FIELDS = (
    "name", "manaCost", "manaValue", "type", "types", "subtypes", "supertypes", "keywords", "text",
    "power", "toughness", "loyalty", "defense", "colors", "colorIdentity", "layout", "identifiers",
    "faceName", "side",
)


def mtgjson_card(entry: Card) -> dict[str, Any]:
    """The MTGJSON AtomicCard fields of a catalogue entry, with the ones engines require filled in
    (an engine's card data, untyped here).

    Other catalogue fields (the reference engine's ``abilities``, ``source``) are dropped.
    """
    fields: Mapping[str, object] = entry
    card: dict[str, Any] = {k: fields[k] for k in MTGJSON_FIELDS if k in fields}
    cost = card.get("manaCost") or ""
    symbols = re.findall(r"\{([^}]+)\}", cost)
    if not card.get("colors"):
        card["colors"] = sorted(
            {c for s in symbols for c in s.split("/") if c in _COLOR_OF}, key="WUBRG".index
        )
    if card.get("manaValue") is None:
        mv = 0
        for s in symbols:
            if s.isdigit():
                mv += int(s)
            elif s not in ("X", "Y", "Z"):
                mv += 2 if s.startswith("2/") else 1
        card["manaValue"] = mv
    card.setdefault("colorIdentity", card["colors"])
    card["colorIdentity"] = card.get("colorIdentity") or []
    card.setdefault("layout", "normal")
    card.setdefault("identifiers", {})
    card["identifiers"] = card.get("identifiers") or {}
    for key in ("types", "subtypes", "supertypes"):
        card[key] = card.get(key) or []
    return card


@dataclass
class SetupObject:
    alias: str
    card: str
    zone: SetupZone
    player: str  # the player whose zone lists it (controller for permanents)
    owner: str
    spec: Mapping[str, object]  # the case's entry: a permanent, a card, an exiled card


def setup_players(case: Case) -> list[SetupPlayer]:
    return list(case["setup"]["players"])


_NOT_BATTLEFIELD: tuple[SetupZone, ...] = tuple(z for z in get_args(SetupZone) if z != "battlefield")


def setup_objects(case: Case) -> Iterator[SetupObject]:
    """Every object of the setup, player by player, zone by zone (battlefield first)."""
    for p in case["setup"]["players"]:
        for permanent in p.get("battlefield", []):
            owner = permanent.get("owner", p["alias"])
            yield SetupObject(
                permanent["alias"], permanent["card"], "battlefield", p["alias"], owner, permanent
            )
        for zone in _NOT_BATTLEFIELD:
            for spec in p.get(zone, []):
                yield SetupObject(spec["alias"], spec["card"], zone, p["alias"], p["alias"], spec)


def case_card_names(case: Case) -> set[str]:
    return {o.card for o in setup_objects(case)}


def counter_to_case(kind: str) -> str:
    """Counter kind as the case writes it, from a P1P1-style engine name."""
    m = re.fullmatch(r"([PM])(\d+)([PM])(\d+)", kind)
    if m:
        return f"{'+' if m[1] == 'P' else '-'}{m[2]}/{'+' if m[3] == 'P' else '-'}{m[4]}"
    return kind.lower()


def counter_from_case(kind: str) -> str:
    m = re.fullmatch(r"([+-])(\d+)/([+-])(\d+)", kind)
    if m:
        return f"{'P' if m[1] == '+' else 'M'}{m[2]}{'P' if m[3] == '+' else 'M'}{m[4]}"
    return kind


def keyword_name(raw: object) -> str:
    """'FirstStrike' -> 'First strike'; {'Tribute': 1} -> 'Tribute'."""
    if isinstance(raw, dict):
        raw = next(iter(raw), "")
    text = str(raw)
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).split(" ")
    return " ".join([words[0].capitalize()] + [w.lower() for w in words[1:]]) if words else text


@dataclass
class DecisionBook:
    """The case's decisions and the record of every decision the engine asked (spec 1.4, 2)."""

    entries: list[DecisionEntry]
    used: set[int] = field(default_factory=set)
    asked: list[ObservedDecision] = field(default_factory=list)
    unanswered: UnansweredDecision | None = None

    def match(
        self,
        kind: str,
        player: str | None,
        source_matches: Callable[[Ref], bool],
        options: object = None,
    ) -> int | None:
        """Index of the first unused entry of this kind for this player and source, else None.

        ``source_matches(ref) -> bool`` says whether an entry's ``source`` ref names the decision's source.
        ``options``, when the engine lists them: with several, the decision is a real choice to the
        engine, so an entry not marked ``forced`` (spec/README.md 1.4) is preferred: an earlier forced
        decision the engine took itself must not take a later real choice's answer.
        """
        several = isinstance(options, list) and len(options) > 1
        candidates = [i for i, e in enumerate(self.entries) if i not in self.used and e["kind"] == kind
                      and (e.get("player") is None or e["player"] == player)
                      and (e.get("source") is None or source_matches(e["source"]))]
        if several:
            real = [i for i in candidates if self.entries[i].get("forced") is not True]
            candidates = real or candidates
        return candidates[0] if candidates else None

    def record(
        self,
        kind: str,
        player: str | None,
        source: Ref | None,
        options: Sequence[object] | None,
        answer: object,
        used: int | None,
        auto: bool,
    ) -> None:
        if used is not None:
            self.used.add(used)
        self.asked.append(
            {
                "kind": kind,
                "player": player,
                "source": source,
                "options": options,
                "answer": answer,
                "used": used,
                "auto": auto,
            }
        )

    def stop(
        self, kind: str, player: str | None, source: Ref | None, options: Sequence[object] | None
    ) -> None:
        self.unanswered = {"kind": kind, "player": player, "source": source, "options": options}


# -- reading an answer -------------------------------------------------------------------------------
# An answer (the case's, or one the adapter takes) has the form its decision's kind gives it (spec/README.md
# 1.4), and an adapter reads it so; one of another form raises TypeError or AttributeError, as reading it
# that way does.
def items(answer: object) -> list[object]:
    """A list answer (targets, proliferate, modes, ...), item by item."""
    if not isinstance(answer, Iterable):
        raise TypeError(f"{type(answer).__name__!r} object is not iterable")
    return list(answer)


def by_alias(answer: object) -> Mapping[str, object]:
    """An answer by alias (distribute, combat_damage, convoke, mana_payment)."""
    if not isinstance(answer, Mapping):
        raise AttributeError(f"{type(answer).__name__!r} object has no attribute 'items'")
    return answer


def whole(answer: object) -> int:
    """A number answer (x, an amount)."""
    if not isinstance(answer, int | float | str):
        raise TypeError("int() argument must be a string, a bytes-like object or a real number, not "
                        f"{type(answer).__name__!r}")
    return int(answer)


class Unanswered(Exception):
    """The engine asked a decision the case does not answer; the run stops (spec 1.4)."""


class Rejected(Exception):
    """The engine refused a script step; the message is the engine's own."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


def rule_in(message: str) -> str | None:
    m = re.search(r"CR (\d{3}(?:\.\d+[a-z]?)?)", message)
    return m[1] if m else None


def observation(
    steps: list[StepResult],
    final: Projection,
    snapshots: dict[str, Projection],
    events: list[Event],
    book: DecisionBook,
) -> Observation:
    return {
        "steps": steps,
        "final": final,
        "snapshots": snapshots,
        "events": events,
        "decisions": book.asked,
        "unanswered": book.unanswered,
    }


def query_matches(obj: Mapping[str, object], query: Mapping[str, object]) -> bool:
    return all(obj.get(k) == v for k, v in query.items())


class Unsupported(Exception):
    """The engine cannot be put into the case's setup: the case is not applicable (with this reason)."""


def guarded_run(
    case: Case,
    *,
    engine: str,
    module: str,
    unsupported_features: frozenset[str],
    body: Callable[[], EngineAnswer],
) -> EngineAnswer:
    """Run ``body`` (which returns an adapter result) for one case, the same way for every adapter.

    Declared-unsupported features and a missing engine package are answered without running; an
    ``Unsupported`` raised by ``body`` makes the case not applicable, any other exception is the
    engine's error (its type and message). Adds ``seconds``, the case's wall time."""
    t0 = time.perf_counter()

    def timed(result: EngineAnswer) -> EngineAnswer:
        result["seconds"] = round(time.perf_counter() - t0, 4)
        return result

    blocked = sorted(set(case.get("features", [])) & unsupported_features)
    if blocked:
        return timed({"status": "unsupported", "reason": f"features unsupported by {engine}: {blocked}"})
    try:
        importlib.import_module(module)
    except ImportError as exc:
        return timed({"status": "error", "reason": f"{engine} is not installed: {exc}"})
    try:
        return timed(body())
    except Unsupported as exc:
        return timed({"status": "unsupported", "reason": str(exc)})
    except Exception as exc:  # the engine crashed or returned something unexpected
        return timed({"status": "error", "reason": f"{type(exc).__name__}: {exc}"})
