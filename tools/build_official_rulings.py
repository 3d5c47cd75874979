"""Write spec/rulings/official.json: the official rulings of the cards the suite uses, from ../shared/rules.

Development tool, not part of the product: the product reads only spec/rulings/official.json. Re-run
it after adding cards to the catalogue or new rulings to cases:

    python tools/build_official_rulings.py

Rulings kept: every ruling of every card of the catalogue (suites/cards/) and of every card a case
names in ``ruling.card``, and every ruling some case or founding seed quotes. Each lists every card
it was published for on that date (so a case that names the wrong card can be told the right one).
Sources, in ../shared/rules:

- ``cards.json`` ``rulings`` (entries marked ``"verbatim": false`` are paraphrases and are skipped;
  so is ``rulings_supplement``, which holds only paraphrases);
- ``rulings-mtgjson-20220425.json`` (MTGJSON v5.2.0 set files, as of 2022-04-25);
- ``rulings-argentum-2026.json`` (the argentum engine's card data, dated up to 2026).

Texts are copied unchanged. Dates written M/D/YYYY in the argentum data become YYYY-MM-DD. A ruling
published for several cards on the same date with the same text is one entry listing the cards; the
same (card, date, text) from several sources is one entry listing the sources.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules"
OUT = ROOT / "spec" / "rulings" / "official.json"

SOURCES = {
    "cards": (
        "cards.json",
        "the rulings of the 67 cards the founding seeds are about, each with its source "
        "(MTGJSON 2022-04-25 or the argentum engine); only entries marked verbatim",
    ),
    "mtgjson": (
        "rulings-mtgjson-20220425.json",
        "MTGJSON v5.2.0+20220425 set files, official rulings as of 2022-04-25",
    ),
    "argentum": (
        "rulings-argentum-2026.json",
        "the argentum engine's card data (github.com/wingedsheep/argentum-engine @ 24c27f10), "
        "official rulings dated up to 2026, a curated subset",
    ),
}

_US_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def iso(date: str) -> str:
    match = _US_DATE.match(date)
    return f"{match[3]}-{int(match[1]):02d}-{int(match[2]):02d}" if match else date


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def shared_rulings(shared: Path) -> Iterator[tuple[str, str, str, str]]:
    """(card, date, text, source key) for every verbatim ruling in the three sources."""
    for card in read(shared / SOURCES["cards"][0]):
        for ruling in card.get("rulings") or []:
            if ruling.get("verbatim") is False:
                continue
            yield card["name"], iso(ruling["date"]), ruling["text"], "cards"
    for key in ("mtgjson", "argentum"):
        for card in read(shared / SOURCES[key][0])["cards"]:
            for ruling in card["rulings"]:
                yield card["name"], iso(ruling["date"]), ruling["text"], key


def case_files(root: Path) -> Iterable[Path]:
    """Every case of suites/, at any depth (not the cards, nor seeds.json and aliases.json at its root)."""
    suites = root / "suites"
    for path in sorted(suites.rglob("*.json")):
        if path.parent != suites and path.relative_to(suites).parts[0] != "cards":
            yield path


def wanted(root: Path) -> tuple[set[str], set[str]]:
    """The cards whose rulings are all kept, and the texts (quotes made straight) cases and seeds quote."""
    names = {read(p)["name"] for p in (root / "suites" / "cards").glob("*.json")}
    quoted: set[str] = set()
    for path in case_files(root):
        ruling = read(path).get("ruling")
        if isinstance(ruling, dict):
            if isinstance(ruling.get("card"), str):
                names.add(ruling["card"])
            if isinstance(ruling.get("text"), str):
                quoted.add(ruling["text"].translate(_QUOTES))
    quoted.update(str(seed["text"]).translate(_QUOTES) for seed in read(root / "suites" / "seeds.json"))
    return names, quoted


def build(shared: Path, root: Path) -> dict[str, Any]:
    cards, quoted = wanted(root)
    # (date, text) -> card -> sources
    grouped: dict[tuple[str, str], dict[str, set[str]]] = {}
    for card, date, text, source in shared_rulings(shared):
        grouped.setdefault((date, text), {}).setdefault(card, set()).add(source)
    entries = []
    for (date, text), by_card in grouped.items():
        if cards.isdisjoint(by_card) and text.translate(_QUOTES) not in quoted:
            continue
        sources = sorted({s for found in by_card.values() for s in found})
        entries.append({"cards": sorted(by_card), "date": date, "text": text, "sources": sources})
    entries.sort(key=lambda e: (e["cards"][0], e["date"], e["text"]))
    return {
        "$schema": "../rulings.schema.json",
        "description": "Official card rulings (verbatim text, date, the cards they were published for "
        "on that date) of every card the suite uses, and every ruling a case quotes. Generated by "
        "tools/build_official_rulings.py from ../shared/rules; do not edit.",
        "sources": {key: {"file": file, "what": what} for key, (file, what) in SOURCES.items()},
        "cards": sorted(cards),
        "rulings": entries,
    }


def dumps(data: dict[str, Any]) -> str:
    """Indented JSON with one ruling per line (diffs stay readable, the file stays small)."""
    head = json.dumps({k: v for k, v in data.items() if k != "rulings"}, indent=1, ensure_ascii=False)
    lines = [json.dumps(entry, ensure_ascii=False) for entry in data["rulings"]]
    return head[:-2] + ',\n "rulings": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED, help="the shared rules data (../shared/rules)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    data = build(args.shared, ROOT)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dumps(data), encoding="utf-8")
    with_rulings = len(set(data["cards"]).intersection(c for e in data["rulings"] for c in e["cards"]))
    print(
        f"{args.out}: {len(data['rulings'])} rulings; {len(data['cards'])} cards covered, "
        f"{with_rulings} of them with rulings",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
