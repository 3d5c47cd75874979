"""The rulings ledger (``suites/ledger.json``): every official ruling on the suite's topics, and what
became of it: encoded by cases, blocked by a mechanic the suite can't express yet, out of scope, or
untriaged.

The ledger is built by ``tools/build_ledger.py`` (from ``../shared/rules``, the selection of
:mod:`conformance.cases.ledger_topics`). A status comes, first match wins, from:

1. the suite (``encoded``): the cases whose ``ruling.text`` is the ruling's text (quotation marks made
   straight, runs of white space made one space: the argentum data writes ``'`` where MTGJSON writes
   ``’``, and a seed may be quoted in either); never written by hand;
2. the triage file (``suites/ledger-triage.json``, hand-edited: ``by: hand``);
3. a mechanical rule of the build tool (the entry's ``auto``, ``by: rule:<name>``);
4. otherwise ``untriaged``.

This module holds what the product and the tests need without ``../shared``: reading and checking
both files, the id of a text, the quotes of a suite, and the merge of 1-4 (``refresh``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from conformance import paths
from conformance.cases.ledger_topics import straight
from conformance.cases.loader import Problem, discover, display, read_json
from conformance.cases.schema_errors import describe_all
from conformance.documents import JSONValue

STATUSES = ("encoded", "blocked", "out-of-scope", "untriaged")

#: The mechanics a ruling can be blocked by: the rows of issue 17 (what the card format, case format
#: or reference engine can't express yet), each with the CR rules to follow; mechanics that recurred in
#: the triage of the counters rulings (keyword actions, energy payments, cost reductions,
#: characteristic-defining abilities) and that the notes of ``other-mechanic`` kept naming (library
#: actions, delayed and reflexive triggers, double-faced cards ...); ``other-mechanic`` for one the list
#: lacks (the note names it);
#: and ``unsupported-keyword`` for a CR 702 keyword ability the card format doesn't name (the entry's
#: ``keywords`` say which).
#: spec/ledger.schema.json holds the same list as an enum (a test checks they agree).
MECHANICS: dict[str, str] = {
    "earlier-part-of-effect": "608.2c, 609.3: an effect that refers to an earlier part of itself",
    "overload": "702.96: overload",
    "linked-abilities": "607, 610.3: linked abilities, exile and return, imprint",
    "return-with-modifications": "400.7, 614.1c: moving a card from graveyard or exile to the battlefield",
    "cast-or-enter-modifiers": "601.2f, 614.1c: effects on how a spell is cast or how a permanent enters",
    "sagas": "714: Sagas, lore counters and chapter abilities",
    "choose-as-enters": "614.12, 700.2: choosing a creature type, colour or card name as it enters",
    "abilities-as-targets": "115.1, 115.4: targeting abilities on the stack",
    "mana-spending-restrictions": "106.6: mana with spending restrictions or riders",
    "x-removing-counters": "107.3, 601.2b, 602.2b: X in costs that remove counters",
    "copies-of-permanents": "706, 707: copies of permanents, entering as a copy",
    "enlist": "702.154: enlist",
    "phasing": "702.26: phasing",
    "damage-prevention": "615, 702.16e: damage prevention, protection from damage",
    "layer-4-5-type-color": "613.1d-e: type- and colour-changing effects",
    "event-triggers": "603.2, 506.2, 508.1m: triggers on damage, becoming the target, untapping, attacks",
    "choose-same-mode-twice": "700.2d: choosing the same mode more than once",
    "object-filters": "105, 202.3, 115.1d: non-<colour>, lowest mana value, any number of targets",
    "buyback": "702.27: buyback",
    "extra-phases": "500.8: extra steps and phases",
    "stun-counters": "122.1d: stun counters",
    "shield-counters": "122.1c: shield counters",
    "hexproof-from": "702.11d: hexproof from a quality",
    "protection-from-everything": "702.16j-k: protection from everything, protection on players",
    "loses-all-abilities": "613.1f: loses all abilities",
    "additional-costs": "118.8, 601.2f, 508.1g-h: additional costs of spells, costs to attack",
    "activation-restrictions": "602.5b: activate only if ...",
    "split-second": "702.61: split second",
    "keyword-actions": "701: a keyword action the card format has no effect for (adapt, amass, bolster, "
                       "goad, investigate, manifest, monstrosity, support ...; the note names it)",
    "energy-payments": "107.14: paying {E} (removing energy counters from a player) as a cost",
    "cost-reductions": "601.2f: cost reductions and increases ('costs {1} less', affinity)",
    "characteristic-defining": "604.3: characteristic-defining abilities (a * power or toughness)",
    "library-actions": "701.17, 701.20, 701.22-701.25: searching, milling, scrying, surveiling, "
                       "revealing or looking at library cards",
    "untargeted-choices": "608.2d: a player choosing objects or cards on resolution without "
                          "targeting (from a hand, a graveyard, the battlefield)",
    "combat-requirements": "508.1c-d, 509.1b-c: attack and block requirements and restrictions, "
                           "'can't be blocked' evasion",
    "delayed-triggers": "603.7: delayed triggered abilities ('at the beginning of the next end "
                        "step')",
    "reflexive-triggers": "603.12: reflexive triggered abilities ('when you do')",
    "modal-triggers": "700.2b: modal triggered abilities",
    "double-faced-cards": "712, 701.27: double-faced cards and transforming",
    "devotion": "700.5: devotion to a colour",
    "cast-from-other-zones": "601.3, 118.9: playing or casting cards from exile, a graveyard or "
                             "a library, or without paying their mana cost",
    "control-changing": "613.1b, 108.4: gaining or exchanging control of permanents",
    "designations": "114, 725, 726, 731, 702.131: emblems, the monarch, the initiative, day and night, "
                    "the city's blessing",
    "spell-copies": "707.10: copying spells and abilities on the stack",
    "split-and-adventure-cards": "709, 715: split cards, fuse, aftermath and Adventures",
    "face-down": "708: face-down spells and permanents (morph, manifest, disguise)",
    "game-history": "what happened earlier in the turn or game ('if you gained life this turn', "
                    "creatures that died this turn, spells cast)",
    "mana-spent": "601.2h: the colours or amount of mana spent to cast a spell (converge, "
                  "sunburst, snow mana spent)",
    "chance": "705, 706: coin flips and die rolls",
    "extra-turns": "500.7: extra turns",
    "trigger-modifiers": "603.2d: abilities that make triggers happen again or not at "
                         "all (Panharmonicon, Torpor Orb)",
    "variable-amounts": "608.2h, 107.3: amounts counted as the effect applies: +X/+X for a count, a "
                        "power or toughness, 'for each', X/X tokens, 'enters with X counters'",
    "effect-conditions": "603.4, 608.2c: conditions inside an effect or a static ('if you control "
                         "...', 'as long as ...') beyond the counters ones",
    "activation-costs": "602.1a, 118.1: costs other than mana, tapping, sacrificing one and "
                        "removing counters: discarding, exiling from a graveyard or hand, "
                        "returning to hand, sacrificing several",
    "damage-replacements": "614.1a, 614.2, 120.3: damage increased, doubled, redirected or turned into "
                           "counters, excess damage",
    "zone-change-replacements": "614.1a: 'if it would die, exile it instead' and other "
                                "replacements of a move to a zone",
    "granted-triggers": "613.1f: triggered abilities granted by an Aura, an Equipment, a counter or "
                        "an effect",
    "durations": "611.2a-b: durations other than until end of turn ('until your next turn', 'for as "
                 "long as', indefinitely)",
    "aura-attachment": "303.4f, 303.4b: Auras put onto the battlefield without being cast, Auras "
                       "that enchant players",
    "other-mechanic": "a mechanic this list lacks (the note names it)",
    "unsupported-keyword": "702: a keyword ability the card format does not name (see the entry's keywords)",
}

#: Why a ruling is out of the suite's scope (spec/ledger.schema.json has the same enum).
REASONS: dict[str, str] = {
    "digital-only": "about a digital-only card or mechanic (MTG Arena's Alchemy: perpetually, seek, conjure)",
    "tournament-rules": "a tournament-rules question, not a game-rules one",
    "not-a-rules-statement": "says nothing an engine could get wrong (a reminder, a restatement of the card)",
    "duplicate-of": "the same ruling as another entry in other words (duplicate_of names it)",
    "off-topic-after-review": "selected by the words it uses, but not about counters, mana or targeting",
    "casual-variant": "about a casual variant's rules (Commander, Planechase, Archenemy)",
    "un-card": "about a silver-bordered or acorn card, outside the game's rules",
    "superseded": "the current Comprehensive Rules decide otherwise (the rules changed since; "
                  "the note cites the rule)",
}

_QUOTE_SPACES = str.maketrans({"\u00a0": " "})


def normalised(text: str) -> str:
    """The text as the ledger compares it: quotation marks straight, white space one space."""
    return " ".join(straight(text).translate(_QUOTE_SPACES).split())


def ruling_id(text: str) -> str:
    """A ruling's stable id: ``r-`` and the first 12 hex digits of the SHA-256 of its normalised text
    (so adding rulings never renumbers the others)."""
    return "r-" + hashlib.sha256(normalised(text).encode("utf-8")).hexdigest()[:12]


# -- the files -----------------------------------------------------------------------------------
LEDGER_SCHEMA = "ledger.schema.json"
TRIAGE_SCHEMA = "ledger-triage.schema.json"


@lru_cache(maxsize=4)
def _validator(schema: Path) -> Draft202012Validator:
    """The schema's validator; the two ledger schemas beside it are its registry (the triage file's
    decisions are the ledger's ``$defs``)."""
    resources = []
    for name in (LEDGER_SCHEMA, TRIAGE_SCHEMA):
        contents = json.loads((schema.parent / name).read_text(encoding="utf-8"))
        resources.append(
            (contents["$id"], Resource.from_contents(contents, default_specification=DRAFT202012))
        )
    registry: Registry[Any] = Registry().with_resources(resources)
    return Draft202012Validator(json.loads(schema.read_text(encoding="utf-8")), registry=registry)


def read_checked(path: Path, schema_name: str, spec_dir: Path | None = None) -> tuple[Any, list[Problem]]:
    """The file's data and every problem (syntax with line and column, schema with a JSON pointer)."""
    data, problem = read_json(path)
    if problem is not None:
        return None, [problem]
    schema = (spec_dir or paths.spec_dir()) / schema_name
    try:
        validator = _validator(schema)
    except (OSError, ValueError, KeyError) as exc:
        return None, [Problem(display(schema), f"cannot read the schema: {exc}")]
    found = [Problem(display(path), m, pointer=p) for p, m in describe_all(validator.iter_errors(data))]
    return (None if found else data), found


@dataclass
class Ledger:
    """``suites/ledger.json`` read and checked: the entries by id, and the file's header."""

    path: Path
    data: dict[str, Any]
    by_id: dict[str, dict[str, Any]] = field(default_factory=dict)
    by_text: dict[str, str] = field(default_factory=dict)  # normalised text -> id

    @property
    def entries(self) -> list[dict[str, Any]]:
        rulings: list[dict[str, Any]] = self.data["rulings"]
        return rulings


def load_ledger(path: Path | None = None) -> tuple[Ledger | None, list[Problem]]:
    """The ledger, or the problems that make it unusable: schema errors, an id that is not its text's,
    an id or a text twice."""
    where = path or paths.ledger_path()
    data, problems = read_checked(where, LEDGER_SCHEMA)
    if data is None:
        return None, problems
    ledger = Ledger(where, data)
    name = display(where)
    for i, entry in enumerate(ledger.entries):
        here = f"/rulings/{i}"
        if entry["id"] != ruling_id(entry["text"]):
            problems.append(Problem(name, f"the id of this text is {ruling_id(entry['text'])}", f"{here}/id"))
        if entry["id"] in ledger.by_id:
            problems.append(Problem(name, f"the id {entry['id']} is listed twice", f"{here}/id"))
        for text in [entry["text"], *entry.get("variants", [])]:
            if normalised(text) != normalised(entry["text"]):
                problems.append(
                    Problem(name, "a variant must be the same text up to quotes and spaces", here)
                )
        if (known := ledger.by_text.get(normalised(entry["text"]))) and known != entry["id"]:
            problems.append(Problem(name, f"the same text as {known}", f"{here}/text"))
        ledger.by_id[entry["id"]] = entry
        ledger.by_text[normalised(entry["text"])] = entry["id"]
    return (None if problems else ledger), problems


def load_triage(path: Path | None = None, ids: Iterable[str] | None = None) -> tuple[Any, list[Problem]]:
    """The triage file's decisions (id -> decision); with ``ids``, a decision for an id the ledger
    doesn't list is a problem (a rebuild dropped the ruling, or the id was mistyped)."""
    where = path or paths.ledger_triage_path()
    data, problems = read_checked(where, TRIAGE_SCHEMA)
    if data is None:
        return None, problems
    decisions: dict[str, Any] = data["triage"]
    known = set(ids) if ids is not None else None
    for rid, decision in decisions.items():
        pointer = "/triage/" + rid
        if known is not None and rid not in known:
            problems.append(Problem(display(where), "no ruling of the ledger has this id", pointer))
        other = decision.get("duplicate_of")
        if known is not None and isinstance(other, str) and other not in known:
            problems.append(Problem(display(where), f"duplicate_of {other}: not in the ledger", pointer))
    return (None if problems else decisions), problems


# -- the suite's quotes --------------------------------------------------------------------------
def suite_quotes(suite: Path | None = None) -> dict[str, list[str]]:
    """Normalised ``ruling.text`` -> the ids of the cases that quote it, for every case under ``suite``
    (files that don't read as JSON are skipped: ``mtgc validate`` reports them)."""
    cases, _, _ = discover([suite or paths.suites_dir()])
    quotes: dict[str, set[str]] = {}
    for path in cases:
        data, problem = read_json(path)
        if problem is not None or not isinstance(data, dict):
            continue
        ruling = data.get("ruling")
        if isinstance(ruling, dict) and isinstance(text := ruling.get("text"), str):
            quotes.setdefault(normalised(text), set()).add(str(data.get("id", path.stem)))
    return {text: sorted(ids) for text, ids in quotes.items()}


def seed_texts(seeds: Iterable[Mapping[str, JSONValue]]) -> set[str]:
    return {normalised(str(seed["text"])) for seed in seeds if isinstance(seed.get("text"), str)}


# -- the merge -----------------------------------------------------------------------------------
_DECISION_FIELDS = ("mechanics", "keywords", "reason", "duplicate_of", "note")


def status_of(entry: Mapping[str, Any], cases: list[str], triage: Mapping[str, Any] | None) -> dict[str, Any]:
    """The status fields of an entry: encoded by ``cases``, else the hand decision, else its ``auto``."""
    if cases:
        return {"status": "encoded", "cases": cases, "by": "suite"}
    decision = triage or entry.get("auto")
    if decision is None:
        return {"status": "untriaged"}
    fields = {"status": decision["status"]}
    fields.update({k: decision[k] for k in _DECISION_FIELDS if k in decision})
    fields["by"] = "hand" if triage else decision["by"]
    return fields


_STATUS_FIELDS = ("status", "cases", *_DECISION_FIELDS, "by")


def with_status(
    entry: Mapping[str, Any], quotes: Mapping[str, list[str]], triage: Mapping[str, Any]
) -> dict[str, Any]:
    """The entry with its status recomputed (fields in the ledger's order, ``auto`` kept last)."""
    kept = {k: v for k, v in entry.items() if k not in _STATUS_FIELDS and k != "auto"}
    cases = quotes.get(normalised(entry["text"]), [])
    kept.update(status_of(entry, cases, triage.get(entry["id"])))
    if "auto" in entry:
        kept["auto"] = entry["auto"]
    return kept


def refresh(
    data: Mapping[str, Any], quotes: Mapping[str, list[str]], triage: Mapping[str, Any]
) -> dict[str, Any]:
    """The ledger with every status recomputed from the suite's quotes and the triage file; entries
    kept only because a case quoted them (topic ``other``) go when no case quotes them any more."""
    entries = [with_status(e, quotes, triage) for e in data["rulings"]]
    entries = [
        e for e in entries if e["topics"] != ["other"] or e["status"] == "encoded" or e["id"] in triage
    ]
    return {**data, "rulings": entries}


def unlisted_quotes(ledger: Ledger, quotes: Mapping[str, list[str]], seeds: set[str]) -> dict[str, list[str]]:
    """The quoted texts (and their cases) the ledger lacks, founding seeds' texts aside."""
    return {t: ids for t, ids in quotes.items() if t not in ledger.by_text and t not in seeds}


def dumps(data: Mapping[str, Any]) -> str:
    """Indented JSON with one ruling per line (diffs stay readable, the file stays small)."""
    head = json.dumps({k: v for k, v in data.items() if k != "rulings"}, indent=1, ensure_ascii=False)
    lines = [json.dumps(entry, ensure_ascii=False) for entry in data["rulings"]]
    return head[:-2] + ',\n "rulings": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"
