"""Write suites/ledger.json, the rulings ledger: every official ruling on counters, mana or targeting.

Development tool, not part of the product: ``mtgc coverage`` reads only suites/ledger.json and
suites/ledger-triage.json. Two ways to run it:

    python tools/build_ledger.py            # the whole ledger, from ../shared/rules
    python tools/build_ledger.py --refresh  # only the statuses, from the ledger in place

Both also rewrite the headline of ``mtgc coverage`` in README.md (between its coverage markers).
``--refresh`` needs no ../shared: run it after adding cases or triage decisions. It stops (exit 1)
when a case quotes a ruling the ledger lacks: that needs the whole build.

The whole build reads the three rulings sources (as tools/build_official_rulings.py does: verbatim
entries only) and ``oracle-cards.json``, and keeps one entry per ruling text (quotation marks made
straight and white space made one space; the exact texts are kept as ``text`` and ``variants``),
listing every card, date and source it was published with. An entry is kept when its text has a
subject of conformance/cases/ledger_topics.py, or when a case quotes it (topic ``other``). Its status
is merged as conformance/cases/ledger.py says; the rules that triage by themselves (an entry's
``auto``, ``by: rule:<name>``), each mechanical:

- ``rule:keyword-named`` (blocked): every card the ruling was published for has the Oracle keyword K,
  K is a keyword ability of CR 702 (the title of a 702.N rule, or "Hexproof from"), the card format
  can't express K, and the ruling's text names K (K's root: ``kick`` for Kicker, ``phas`` for Phasing,
  ``evok`` for Evoke). The card format expresses K when the card schema (spec/card.schema.json) names
  it, or a catalogue card (suites/cards/) encodes an ability written with it (``Equip {1}``,
  ``Crew 2``). Mechanic: issue 17's row for K (overload, enlist, buyback, phasing, split second,
  hexproof from), else ``unsupported-keyword`` with ``keywords: [K]``.
- ``rule:saga-named`` (blocked, sagas): every card is a Saga, the card schema never says "chapter",
  and the ruling's text names a chapter, lore counters or Sagas.

Nothing is put out of scope by a rule: those are a reader's decisions (the triage file).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_official_rulings import SHARED, SOURCES, read, shared_rulings  # noqa: E402

from conformance.cases import ledger  # noqa: E402
from conformance.cases.ledger_topics import (  # noqa: E402
    OTHER,
    SUBJECTS,
    TOPIC_RULES,
    TOPICS,
    counter_kinds,
    matched_subjects,
    topics_of,
)
from conformance.cases.rules import load_rules  # noqa: E402

OUT = ROOT / "suites" / "ledger.json"
TRIAGE = ROOT / "suites" / "ledger-triage.json"
README = ROOT / "README.md"
CARD_SCHEMA = ROOT / "spec" / "card.schema.json"
SOURCE_ORDER = ("mtgjson", "cards", "argentum")  # whose wording is an entry's text
KEYWORD_MECHANICS = {
    "Overload": "overload",
    "Enlist": "enlist",
    "Buyback": "buyback",
    "Phasing": "phasing",
    "Split second": "split-second",
    "Hexproof from": "hexproof-from",
}
MARK_START, MARK_END = "<!-- mtgc coverage: start -->", "<!-- mtgc coverage: end -->"


# -- reading the sources -------------------------------------------------------------------------
def grouped_rulings(shared: Path) -> dict[str, dict[str, Any]]:
    """Normalised text -> {texts: exact text -> sources, cards, dates, sources}."""
    groups: dict[str, dict[str, Any]] = {}
    for card, date, text, source in shared_rulings(shared):
        group = groups.setdefault(
            ledger.normalised(text), {"texts": {}, "cards": set(), "dates": set(), "sources": set()}
        )
        group["texts"].setdefault(text, set()).add(source)
        group["cards"].add(card)
        group["dates"].add(date)
        group["sources"].add(source)
    return groups


def first_wording(texts: Mapping[str, set[str]]) -> str:
    return min(texts, key=lambda t: (min(SOURCE_ORDER.index(s) for s in texts[t]), t))


class Oracle:
    """The Oracle cards by name, a face's name (``Delver of Secrets``) finding its whole card."""

    def __init__(self, cards: list[dict[str, Any]]) -> None:
        self.by_name: dict[str, dict[str, Any]] = {}
        for card in cards:
            self.by_name[card["name"]] = card
            for face in card["name"].split(" // "):
                self.by_name.setdefault(face, card)

    def keywords(self, name: str) -> set[str]:
        return set(self.by_name.get(name, {}).get("keywords") or [])

    def subtypes(self, name: str) -> set[str]:
        return set(self.by_name.get(name, {}).get("subtypes") or [])


# -- the rules that triage by themselves ---------------------------------------------------------
def keyword_abilities() -> set[str]:
    """The titles of CR 702's keyword abilities (``702.96. Overload``), and "Hexproof from"."""
    titles = set()
    for number, line in load_rules().text_of.items():
        match = re.fullmatch(r"702\.\d+\.? (.+)", line) if re.fullmatch(r"702\.\d+", number) else None
        if match and len(match[1]) < 40 and not match[1].endswith("."):
            titles.add(match[1])
    return titles | {"Hexproof from"}


def unnamed_keywords(abilities: Iterable[str], schema_text: str, catalogue: Path) -> set[str]:
    """The keyword abilities neither the card schema names nor a catalogue card's ability is written with."""
    lowered = schema_text.lower()
    written = [
        str(ability.get("text", "")).lower()
        for path in sorted(catalogue.glob("*.json"))
        for ability in read(path).get("abilities") or []
    ]
    return {
        k
        for k in abilities
        if not re.search(rf"\b{re.escape(k.lower())}\b", lowered)
        and not any(re.match(rf"{re.escape(k.lower())}\b", text) for text in written)
    }


def keyword_root(keyword: str) -> str:
    """What a ruling that names the keyword has: ``kick`` (kicker, kicked), ``phas``, ``evok``."""
    word = keyword.lower()
    for ending in ("ing", "er", "e"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def card_keywords(oracle: Oracle, cards: list[str]) -> set[str]:
    """The Oracle keywords every one of the cards has (normalised to the CR's capitalisation)."""
    common: set[str] | None = None
    for card in cards:
        mine = {k[0].upper() + k[1:].lower() for k in oracle.keywords(card)}
        common = mine if common is None else common & mine
    return common or set()


def auto_triage(
    text: str, cards: list[str], oracle: Oracle, unnamed: set[str], sagas_named: bool
) -> dict[str, Any] | None:
    named = sorted(
        k
        for k in card_keywords(oracle, cards) & unnamed
        if re.search(rf"\b{re.escape(keyword_root(k))}", text, re.IGNORECASE)
    )
    if named:
        mechanics = sorted({KEYWORD_MECHANICS.get(k, "unsupported-keyword") for k in named})
        decision: dict[str, Any] = {"status": "blocked", "mechanics": mechanics}
        if "unsupported-keyword" in mechanics:
            decision["keywords"] = [k for k in named if k not in KEYWORD_MECHANICS]
        return {**decision, "by": "rule:keyword-named"}
    if (
        not sagas_named
        and all("Saga" in oracle.subtypes(c) for c in cards)
        and re.search(r"\bchapter|\blore counter|\bSagas?\b", text)
    ):
        return {"status": "blocked", "mechanics": ["sagas"], "by": "rule:saga-named"}
    return None


# -- the whole build -----------------------------------------------------------------------------
def build(shared: Path, root: Path) -> dict[str, Any]:
    oracle_cards = read(shared / "oracle-cards.json")
    oracle = Oracle(oracle_cards)
    kinds = counter_kinds(str(c.get("text") or "") for c in oracle_cards)
    schema_text = CARD_SCHEMA.read_text(encoding="utf-8")
    unnamed = {
        k[0].upper() + k[1:].lower()
        for k in unnamed_keywords(keyword_abilities(), schema_text, root / "suites" / "cards")
    }
    sagas_named = bool(re.search(r"\bchapter", schema_text, re.IGNORECASE))
    quotes = ledger.suite_quotes(root / "suites")
    entries = []
    for norm, group in grouped_rulings(shared).items():
        subjects = matched_subjects(norm, kinds)
        if not subjects and norm not in quotes:
            continue
        text = first_wording(group["texts"])
        cards = sorted(group["cards"])
        entry: dict[str, Any] = {"id": ledger.ruling_id(text), "text": text}
        if len(group["texts"]) > 1:
            entry["variants"] = sorted(t for t in group["texts"] if t != text)
        entry |= {
            "cards": cards,
            "dates": sorted(group["dates"]),
            "sources": sorted(group["sources"]),
            "topics": topics_of(subjects) or [OTHER],
            "subjects": subjects,
        }
        auto = auto_triage(norm, cards, oracle, unnamed, sagas_named)
        if auto is not None:
            entry["auto"] = auto
        entries.append(entry)
    ids = [e["id"] for e in entries]
    if len(set(ids)) != len(ids):
        raise SystemExit("two ruling texts share an id: lengthen ledger.ruling_id's digest")
    entries.sort(key=lambda e: (e["cards"][0], ledger.normalised(e["text"])))
    subjects_rules = {f"{t}:cr": ", ".join(TOPIC_RULES[t]) for t in TOPICS}
    subjects_rules["counters:counter"] = "122"
    subjects_rules |= {s.key: s.rules for s in SUBJECTS}
    data = {
        "$schema": "../spec/ledger.schema.json",
        "description": "Every official ruling on counters, mana or targeting (and every other ruling a "
        "case quotes), one entry per text, with its status. Generated by tools/build_ledger.py; statuses "
        "decided by a person go in ledger-triage.json. Selection: suites/README.md, 'The rulings ledger'.",
        "sources": {key: {"file": file, "what": what} for key, (file, what) in SOURCES.items()},
        "selection": {
            "counter_kinds": sorted(kinds),
            "subjects": dict(sorted(subjects_rules.items())),
            "keyword_rule": {"unnamed_keywords": sorted(unnamed)},
        },
        "rulings": entries,
    }
    return with_statuses(data, quotes)


def with_statuses(data: dict[str, Any], quotes: Mapping[str, list[str]]) -> dict[str, Any]:
    decisions, problems = ledger.load_triage(TRIAGE, [e["id"] for e in data["rulings"]])
    if problems:
        raise SystemExit("\n".join(str(p) for p in problems))
    return ledger.refresh(data, quotes, decisions)


# -- the README's headline -----------------------------------------------------------------------
def write_headline(readme: Path, lines: list[str]) -> bool:
    """Put ``lines`` between the coverage markers of the README; False when it has no markers."""
    text = readme.read_text(encoding="utf-8")
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start < 0 or end < start:
        return False
    block = MARK_START + "\n" + "\n".join(lines) + "\n"
    readme.write_text(text[:start] + block + text[end:], encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED, help="the shared rules data (../shared/rules)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--readme", type=Path, default=README, help="the README whose headline to rewrite")
    parser.add_argument("--refresh", action="store_true", help="only the statuses, from the ledger in place")
    args = parser.parse_args(argv)
    quotes = ledger.suite_quotes(ROOT / "suites")
    if args.refresh:
        current, problems = ledger.load_ledger(args.out)
        if current is None:
            print("\n".join(str(p) for p in problems), file=sys.stderr)
            return 1
        seeds = ledger.seed_texts(json.loads((ROOT / "suites" / "seeds.json").read_text(encoding="utf-8")))
        missing = ledger.unlisted_quotes(current, quotes, seeds)
        if missing:
            for text, cases in sorted(missing.items()):
                print(f"not in the ledger: {', '.join(cases)} quote {text[:80]!r}", file=sys.stderr)
            print(
                "run the whole build (python tools/build_ledger.py, needs ../shared/rules)", file=sys.stderr
            )
            return 1
        data = with_statuses(current.data, quotes)
    else:
        data = build(args.shared, ROOT)
    args.out.write_text(ledger.dumps(data), encoding="utf-8")
    from conformance.report.coverage import headline, of_suite

    decisions, _ = ledger.load_triage(TRIAGE)
    report = of_suite(data, decisions or {}, ROOT / "suites")
    if not write_headline(args.readme, headline(report)):
        print(f"{args.readme}: no coverage markers, headline not written", file=sys.stderr)
    by: dict[str, int] = {}
    for entry in data["rulings"]:
        by[entry.get("by", "untriaged")] = by.get(entry.get("by", "untriaged"), 0) + 1
    print(
        f"{args.out}: {len(data['rulings'])} rulings; status decided by "
        + ", ".join(f"{k} {v}" for k, v in sorted(by.items())),
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
