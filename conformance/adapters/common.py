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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

JSON = Any

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

# Basic lands in MTGJSON AtomicCard shape, used to pad decks when the catalogue lacks them.
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


def content_hash(value: JSON) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:24]


_COLOR_OF = {"W": "W", "U": "U", "B": "B", "R": "R", "G": "G"}


MTGJSON_FIELDS = (
    "name", "manaCost", "manaValue", "type", "types", "subtypes", "supertypes", "keywords", "text",
    "power", "toughness", "loyalty", "defense", "colors", "colorIdentity", "layout", "identifiers",
    "faceName", "side",
)


def mtgjson_card(entry: dict[str, Any]) -> dict[str, Any]:
    """The MTGJSON AtomicCard fields of a catalogue entry, with the ones engines require filled in.

    Other catalogue fields (the reference engine's ``abilities``, ``source``) are dropped.
    """
    card = {k: entry[k] for k in MTGJSON_FIELDS if k in entry}
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
    zone: str
    player: str  # the player whose zone lists it (controller for permanents)
    owner: str
    spec: dict[str, Any]


def setup_players(case: dict[str, Any]) -> list[dict[str, Any]]:
    return list(case["setup"]["players"])


def setup_objects(case: dict[str, Any]) -> Iterator[SetupObject]:
    for p in case["setup"]["players"]:
        for zone in SETUP_ZONES + ("sideboard", "collection"):
            for spec in p.get(zone, []):
                owner = spec.get("owner", p["alias"]) if zone == "battlefield" else p["alias"]
                yield SetupObject(spec["alias"], spec["card"], zone, p["alias"], owner, spec)


def case_card_names(case: dict[str, Any]) -> set[str]:
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


def keyword_name(raw: Any) -> str:
    """'FirstStrike' -> 'First strike'; {'Tribute': 1} -> 'Tribute'."""
    if isinstance(raw, dict):
        raw = next(iter(raw), "")
    text = str(raw)
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).split(" ")
    return " ".join([words[0].capitalize()] + [w.lower() for w in words[1:]]) if words else text


@dataclass
class DecisionBook:
    """The case's decisions and the record of every decision the engine asked (spec 1.4, 2)."""

    entries: list[dict[str, Any]]
    used: set[int] = field(default_factory=set)
    asked: list[dict[str, Any]] = field(default_factory=list)
    unanswered: dict[str, Any] | None = None

    def match(self, kind: str, player: str | None, source_matches: Any, options: Any = None) -> int | None:
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
        source: str | None,
        options: Any,
        answer: Any,
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

    def stop(self, kind: str, player: str | None, source: str | None, options: Any) -> None:
        self.unanswered = {"kind": kind, "player": player, "source": source, "options": options}


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
    steps: list[dict[str, Any]],
    final: JSON,
    snapshots: dict[str, JSON],
    events: list[JSON],
    book: DecisionBook,
) -> dict[str, Any]:
    return {
        "steps": steps,
        "final": final,
        "snapshots": snapshots,
        "events": events,
        "decisions": book.asked,
        "unanswered": book.unanswered,
    }


def query_matches(obj: dict[str, Any], query: dict[str, Any]) -> bool:
    return all(obj.get(k) == v for k, v in query.items())


class Unsupported(Exception):
    """The engine cannot be put into the case's setup: the case is not applicable (with this reason)."""


def guarded_run(
    case: dict[str, Any],
    *,
    engine: str,
    module: str,
    unsupported_features: frozenset[str],
    body: Callable[[], dict[str, Any]],
) -> dict[str, Any]:
    """Run ``body`` (which returns an adapter result) for one case, the same way for every adapter.

    Declared-unsupported features and a missing engine package are answered without running; an
    ``Unsupported`` raised by ``body`` makes the case not applicable, any other exception is the
    engine's error (its type and message). Adds ``seconds``, the case's wall time."""
    t0 = time.perf_counter()

    def timed(result: dict[str, Any]) -> dict[str, Any]:
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
