"""File every case of ``suites/`` in the folder of the Comprehensive Rules section that decides it.

The taxonomy is :data:`FOLDERS` (path, rules, what belongs there): ``suites/README.md`` prints it as
a table (``--table``). A case goes by **the rule that decides it**, found in this order:

1. :data:`OVERRIDES`: a few cases whose first cited rule is not what decides them, each with its
   reason;
2. :data:`SUBJECTS`: a rule that makes a case belong to a subject wherever the case cites it (ward:
   any case that triggers ward is a ward case, whichever rule it cites first);
3. otherwise the case's first cited rule (``rules[0]``), looked up in :data:`FOLDERS`: the longest
   prefix wins (``106.12a`` -> ``106.12`` -> ``106``).

Case ids that carry a generation batch number (``mana-9-exotic-orchard-...``) lose it
(``exotic-orchard-...``); when two would collide a word of the title tells them apart. Every file is
named ``<id>.json``. The old ids are kept in ``suites/aliases.json`` so baselines, skip lists and
published reports keep working. ``suites/cards/``, ``seeds.json``, ``aliases.json`` and
``staging/`` (fuzz finds awaiting triage) are left alone.

    python tools/refolder.py            # the plan: what would move and be renamed (changes nothing)
    python tools/refolder.py --apply    # do it: git mv (history follows), rewrite ids, aliases.json
    python tools/refolder.py --table    # the taxonomy as the markdown table of suites/README.md

Running it again changes nothing (idempotent); the result depends only on the cases (deterministic).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SUITES = ROOT / "suites"
ALIASES = "aliases.json"
NOT_CASES = {"cards", "staging"}  # folders of the suite root that are never refiled

JSON = Any


@dataclass(frozen=True)
class Folder:
    path: str  # relative to suites/: "<section>-<name>" or "<section>-<name>/<subject>"
    rules: tuple[str, ...]  # the rule prefixes whose cases go here (rules[0] of the case)
    what: str  # what belongs there, in words (suites/README.md)
    cr: str = ""  # the rules as the README shows them, when not just the prefixes


# The taxonomy, by CR number. A top-level folder is a CR section ("106-mana"), or a single rule when
# that rule is a subject of its own: a keyword action or ability (701.N, 702.N) or one of the rules
# of chapter 7 that define a whole mechanic (700.2 modal, 700.13 crime, 707.10 copies). A keyword
# that only changes what damage or combat does is filed with damage or combat.
FOLDERS: tuple[Folder, ...] = (
    Folder("101-golden-rules", ("101", "614.17"),
           "an effect says something can't happen and that wins (Solemnity, Melira: can't have counters)",
           "101.2, 614.17 (cited anywhere)"),
    Folder("103-starting-the-game", ("103",),
           "starting the game: who skips the draw step of their first turn (two players, multiplayer)"),
    Folder("104-ending-the-game", ("104",),
           "ending the game: a two-player game is over when a player loses; nothing is done after it"),
    Folder("105-colors", ("105", "202.2"),
           "colors: monocolored and multicolored objects, the colors of hybrid mana symbols (202.2c)"),
    Folder("106-mana/mana-pool", ("106.4",), "mana in the pool: when it empties, what it can still pay"),
    Folder("106-mana/spending-restrictions", ("106.6",),
           "mana that can be spent only on some things, or with a rider on what it's spent on (Cavern of "
           "Souls, Mishra's Workshop)"),
    Folder("106-mana/could-produce", ("106.5", "106.7"),
           "the mana a permanent could produce (Reflecting Pool, Fellwar Stone, Exotic Orchard); "
           "mana of an undefined type"),
    Folder("106-mana/tapped-for-mana", ("106.12",),
           "tapping a permanent for mana: triggers that add mana (Kinnan, Heartbeat of Spring) and "
           "replacement effects on that mana (Contamination, Mana Reflection)"),
    Folder("107-numbers-and-symbols/numbers", ("107.1",), "negative and fractional values"),
    Folder("107-numbers-and-symbols/x", ("107.3",), "X in costs and effects"),
    Folder("107-numbers-and-symbols/mana-symbols", ("107.4",),
           "hybrid, Phyrexian and colorless mana symbols: what can pay them"),
    Folder("107-numbers-and-symbols/tap-and-untap", ("107.5", "107.6"),
           "the tap {T} and untap {Q} symbols in costs"),
    Folder("111-tokens", ("111",), "tokens, predefined tokens (Treasure, Mutagen)"),
    Folder("113-abilities", ("113",),
           "where an ability works; an ability on the stack is independent of its source"),
    Folder("115-targets/choosing-targets", ("115", "601.2c"),
           "choosing targets: the same object for several instances of 'target', zero targets, "
           "what can't be targeted"),
    Folder("115-targets/changing-targets", ("115.7",), "changing targets (Shunt, Redirect)"),
    Folder("115-targets/illegal-targets", ("608.2b", "608.3b"),
           "a target illegal as the spell or ability resolves (and its legal counterpart)"),
    Folder("117-priority", ("117",), "timing and priority"),
    Folder("118-costs", ("118",), "paying costs: what can't be paid, 'you may pay'"),
    Folder("120-damage", ("120", "702.2", "702.15", "702.80", "702.90", "702.164"),
           "what damage does: -1/-1 counters (wither, infect), poison (infect, toxic), loyalty, "
           "deathtouch, lifelink"),
    Folder("122-counters", ("122",), "counters: kinds, moving counters, +1/+1 and -1/-1 counters"),
    Folder("202-mana-value", ("202.3",),
           "mana value: X is 0 off the stack and the value chosen on it (202.3e), an alternative cost "
           "doesn't change it"),
    Folder("205-type-line/creature-types", ("205.3m",),
           "what is a creature type: choosing one (Metallic Mimic, Cavern of Souls)"),
    Folder("301-artifacts/equipment", ("301.5", "702.6", "701.3", "704.5n"),
           "Equipment: equip, attaching, unattaching",
           "301.5, 701.3, 704.5n; 301.5d and 702.6 cited anywhere"),
    Folder("302-creatures/summoning-sickness", ("302.6", "702.10"),
           "a creature's {T} and {Q} abilities and attacks the turn it comes under control; haste"),
    Folder("303-enchantments/auras", ("303.4",), "Auras: what they enchant, when they fall off"),
    Folder("305-lands", ("305",), "lands: playing a land, the land play (a land creature too)"),
    Folder("400-zones", ("400",), "zones: a new object after a zone change; outside the game"),
    Folder("500-turn-structure", ("500",),
           "turn structure: additional phases and steps (an additional combat and main phase, upkeep)"),
    Folder("502-untap-step", ("502",), "the untap step"),
    Folder("506-combat", ("506", "508", "509", "510", "511", "702.3", "702.4", "702.7", "702.9",
                          "702.17", "702.19", "702.20", "702.111"),
           "combat: attacking, blocking, removal from combat, combat damage; the combat keywords "
           "(defender, double strike, first strike, reach, trample, vigilance, menace)",
           "506–511; 702.3, 702.4, 702.7, 702.9, 702.17, 702.19, 702.20, 702.111"),
    Folder("601-casting", ("601",), "casting a spell: announcing and dividing an effect among targets"),
    Folder("602-activated-abilities", ("602",), "activating abilities: costs, timing, restrictions"),
    Folder("603-triggered-abilities", ("603",),
           "triggered abilities: when they trigger, putting them on the stack, ordering (APNAP)"),
    Folder("605-mana-abilities", ("605",),
           "mana abilities: which abilities are, resolving without the stack"),
    Folder("606-loyalty-abilities", ("606", "306.5"), "planeswalkers' loyalty and loyalty abilities"),
    Folder("607-linked-abilities", ("607",),
           "linked abilities: 'the chosen type' refers only to the choice its linked ability made"),
    Folder("608-resolution", ("608",),
           "resolving spells and abilities: instructions in order, values from last known information"),
    Folder("610-one-shot-effects", ("610",),
           "one-shot effects: a zone change 'until' an event (Banisher Priest), the card's return (610.3)"),
    Folder("611-continuous-effects", ("611", "613"),
           "continuous effects: how long they last, whom they affect, layers and timestamps"),
    Folder("614-replacement/counters", ("614",),
           "replacement effects on counters being put (Hardened Scales, Doubling Season, Vorinclex)",
           "614.1a, 614.5, 614.6, the rest of 614"),
    Folder("614-replacement/entering", ("614.1c", "614.1d", "614.12"),
           "replacement effects on how a permanent enters: with counters, tapped, with a choice"),
    Folder("614-replacement/tokens", (),
           "replacement effects on tokens being created (Primal Vigor, Parallel Lives)", "614.1a (tokens)"),
    Folder("615-prevention", ("615",),
           "prevention effects: damage that would be dealt is prevented and never happens (Fog, Safe "
           "Passage); protection's prevention is filed under 702"),
    Folder("616-replacement-interaction", ("616",),
           "several replacement effects on one event: who orders them and in which order"),
    Folder("700.2-modal", ("700.2",), "modal spells and abilities"),
    Folder("700.9-modified", ("700.9",),
           "modified permanents: counters, Equipment, Auras their controller controls"),
    Folder("700.13-crime", ("700.13",), "committing a crime"),
    Folder("701-keyword-actions", ("701",),
           "a keyword action without a folder of its own (fight, exchange, support)"),
    Folder("701.10-double", ("701.10",), "doubling counters"),
    Folder("701.34-proliferate", ("701.34",), "proliferate"),
    Folder("701.55-villainous-choice", ("701.55",), "villainous choice"),
    Folder("702-keyword-abilities", ("702",),
           "a keyword ability without a folder of its own, not a damage or combat keyword "
           "(flash, hexproof, indestructible, protection, shroud)"),
    Folder("702.21-ward", ("702.21",), "ward", "702.21 (cited anywhere)"),
    Folder("702.26-phasing", ("702.26",),
           "phasing: a phased-out permanent treated as though it doesn't exist, phasing in during the untap "
           "step (502.1), what phases out with it", "702.26 (cited anywhere)"),
    Folder("702.27-buyback", ("702.27",),
           "buyback: an optional additional cost; the spell goes to its owner's hand only as it resolves"),
    Folder("702.51-convoke", ("702.51",), "convoke"),
    Folder("702.61-split-second", ("702.61",),
           "split second: no spells or non-mana abilities while it is on the stack; mana abilities and "
           "triggered abilities still work"),
    Folder("702.79-persist", ("702.79",), "persist: returning with a -1/-1 counter, as a new object"),
    Folder("702.84-unearth", ("702.84",),
           "unearth: back from a graveyard with haste, exiled at the next end step or instead of leaving"),
    Folder("702.100-evolve", ("702.100",), "evolve"),
    Folder("702.104-tribute", ("702.104",), "tribute"),
    Folder("702.122-crew", ("702.122", "301.7"), "crew, Vehicles"),
    Folder("702.154-enlist", ("702.154",),
           "enlist: an optional cost to attack, tapping a nonattacking creature to add its power"),
    Folder("704-state-based-actions", ("704",), "state-based actions, the legend rule"),
    Folder("707-copying-objects", ("707",),
           "copies of permanents: entering as a copy (Clone, Spark Double), copiable values, exceptions"),
    Folder("707.10-copies", ("707.10",), "copies of spells and abilities"),
    Folder("714-sagas", ("714",),
           "Sagas: lore counters, chapter abilities, sacrificing a Saga after its final chapter"),
    Folder("800-multiplayer", ("800", "104"), "multiplayer: a player who leaves the game", "104.5, 800"),
    Folder("staging", (), "fuzz finds not yet triaged (mtgc fuzz writes here); they run like any case",
           "any"),
)

# A rule that makes a case belong to a subject wherever the case cites it (checked before rules[0]).
SUBJECTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("702.21",), "702.21-ward"),  # ward triggered: the case is about ward
    (("702.26",), "702.26-phasing"),  # something phased out or in: the case is about phasing
    (("101.2", "614.17"), "101-golden-rules"),  # "can't" wins (Solemnity, Melira)
    (("301.5d", "702.6"), "301-artifacts/equipment"),  # who controls and equips an Equipment; equip
)

# Cases whose first cited rule is not the one that decides them (new ids), with the reason.
OVERRIDES: dict[str, tuple[str, str]] = {
    "mother-of-runes-offers-only-colors-icy-manipulator-still-taps": (
        "702-keyword-abilities", "protection from a color: colorless is no color (105.2), Mother gives none"),
    "bobs-tekuthal-and-ezuri-ignore-alices-contentious-plan": (
        "701.34-proliferate", "whose Tekuthal doubles a proliferate (109.5 'you')"),
    "bobs-tekuthal-and-tide-proliferate-alices-bear-four-times-her-scales-adds-one-each": (
        "701.34-proliferate", "whose Tekuthal doubles a proliferate (109.5 'you')"),
    "karns-bastion-played-triggers-two-evolution-sages-then-taps-to-proliferate": (
        "701.34-proliferate", "proliferate triggers ordered; playing the land (305.1) is the setup"),
    "reckless-rage-alices-mother-protects-herself-bobs-wurm-still-dealt-four": (
        "115-targets/illegal-targets", "one target illegal on resolution (608.2b); 117.3c is the setup"),
    "tokens-and-triggers-grim-bounty-creates-a-treasure-that-ceases-to-exist-when-sacrificed": (
        "111-tokens", "the Treasure token and its ceasing to exist (111.7, 111.10a)"),
    "tokens-and-triggers-opponents-primal-vigor-doubles-your-tokens-opponents-parallel-lives-does-not": (
        "614-replacement/tokens", "replacement effects on tokens created (614.1a)"),
    "tokens-and-triggers-two-parallel-lives-create-four-times-as-many-tokens": (
        "614-replacement/tokens", "replacement effects on tokens created (614.1a)"),
    "alices-and-bobs-primal-vigor-raise-the-alarm-makes-eight-soldiers": (
        "614-replacement/tokens", "replacement effects on tokens created (614.1a)"),
    "adrix-and-nev-shadow-summoning-four-spirits-all-tapped": (
        "614-replacement/tokens", "replacement effects on tokens created (614.1a)"),
    "adrix-and-nev-raise-the-alarm-four-soldiers-all-untapped": (
        "614-replacement/tokens", "replacement effects on tokens created (614.1a)"),
    "inspired-sprite-flashed-in-on-bobs-turn-blocks-but-taps-only-on-alices-turn": (
        "302-creatures/summoning-sickness", "flash (702.8) is the setup; 302.6 decides when it can tap"),
    "samut-flashed-in-blocks-then-taps-to-untap-alices-new-elves": (
        "302-creatures/summoning-sickness", "flash (702.8) is the setup; haste and 302.6 decide the taps"),
    "devoted-druid-cost-doubled-by-vorinclex-dies-before-its-ability-resolves": (
        "614-replacement/counters",
        "Vorinclex doubles the -1/-1 counter a cost puts (614.1a); 601.2h is the setup"),
}


# -- batch numbers in ids -------------------------------------------------------------------------

# A batch number: a token of one or two digits after the leading words of an id or folder name
# ("mana-9-...", "tap-symbols-2-...", "mana-and-targets-2-..."). Game values are spelled as words or
# carry a letter ("x3", "minus5", "two-tokens"); fuzz ids end with a ten-character digest.
BATCH = re.compile(r"^(?P<words>[a-z]+(?:-[a-z]+)*)-(?P<batch>\d{1,2})(?:-(?P<rest>[a-z0-9-]+))?$")
STOP = {"a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "by", "for", "with", "is", "it", "its",
        "s", "not", "no", "but", "from", "as", "be"}


def batch_of(name: str) -> str | None:
    """The batch number a case id or folder name carries, if any."""
    found = BATCH.match(name)
    return found["batch"] if found else None


def without_batch(case_id: str) -> str:
    found = BATCH.match(case_id)
    return found["rest"] if found and found["rest"] else case_id


def title_words(title: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", title.lower().replace("'", "")) if w not in STOP]


# -- the cases ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    path: Path  # where it is now
    data: JSON

    @property
    def case_id(self) -> str:
        return str(self.data["id"])


def load_cases(root: Path) -> list[Case]:
    cases = []
    for path in sorted(root.rglob("*.json")):
        relative = path.relative_to(root)
        if relative.parts[0] in NOT_CASES or len(relative.parts) == 1:  # cards/, staging/, seeds, aliases
            continue
        cases.append(Case(path, json.loads(path.read_text(encoding="utf-8-sig"))))
    return cases


def under(rule: str, prefix: str) -> bool:
    """``106.12a`` is under ``106.12`` and ``106``; ``106.120`` is not under ``106.12``."""
    if rule == prefix or rule.startswith(prefix + "."):
        return True
    return "." in prefix and rule.startswith(prefix) and rule[len(prefix):].isalpha()


def folder_for_rule(rule: str) -> str | None:
    """The folder whose longest rule prefix covers ``rule``."""
    best: tuple[int, str] | None = None
    for folder in FOLDERS:
        for prefix in folder.rules:
            if under(rule, prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), folder.path)
    return best[1] if best else None


def classify(case_id: str, data: JSON) -> tuple[str, str]:
    """(folder, why) for one case (by its new id)."""
    if case_id in OVERRIDES:
        folder, reason = OVERRIDES[case_id]
        return folder, f"override: {reason}"
    cited = [str(r) for r in data.get("rules", [])]
    for prefixes, folder in SUBJECTS:
        hit = next((r for r in cited if any(under(r, p) for p in prefixes)), None)
        if hit:
            return folder, f"cites {hit}"
    first = cited[0] if cited else ""
    found = folder_for_rule(first)
    if found is None:
        raise SystemExit(f"{case_id}: no folder for its first rule {first!r}; add it to FOLDERS")
    return found, f"first rule {first}"


# -- the plan -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    case: Case
    new_id: str
    target: Path
    why: str


def new_ids(cases: Iterable[Case], taken: Iterable[str] = ()) -> dict[str, str]:
    """old id -> new id for every case whose id carries a batch number (collisions get a title word)."""
    cases = sorted(cases, key=lambda c: c.case_id)
    kept = {c.case_id for c in cases if batch_of(c.case_id) is None} | set(taken)
    out: dict[str, str] = {}
    wanted = Counter(without_batch(c.case_id) for c in cases if batch_of(c.case_id) is not None)
    for case in cases:
        if batch_of(case.case_id) is None:
            continue
        new = without_batch(case.case_id)
        if new in kept or wanted[new] > 1 or len(new) < 3:
            words = [w for w in title_words(str(case.data.get("title", ""))) if w not in new.split("-")]
            for word in words:
                candidate = f"{new}-{word}"[:96].rstrip("-")
                if candidate not in kept and candidate not in out.values():
                    new = candidate
                    break
            else:
                raise SystemExit(f"{case.case_id}: no free id for {new!r}")
        out[case.case_id] = new
        kept.add(new)
    return out


def plan(root: Path = SUITES) -> tuple[list[Move], dict[str, str]]:
    cases = load_cases(root)
    renamed = new_ids(cases, taken=_staging_ids(root))
    moves = []
    for case in cases:
        new_id = renamed.get(case.case_id, case.case_id)
        folder, why = classify(new_id, case.data)
        moves.append(Move(case, new_id, root / folder / f"{new_id}.json", why))
    known = {folder.path for folder in FOLDERS}
    stray = sorted({m.target.parent.relative_to(root).as_posix() for m in moves} - known)
    unused = sorted(set(OVERRIDES) - {m.new_id for m in moves})
    if stray or unused:
        raise SystemExit(f"folders missing from FOLDERS: {stray}; overrides of no case: {unused}")
    return moves, renamed


def _staging_ids(root: Path) -> set[str]:
    found = set()
    for path in sorted((root / "staging").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8-sig"))
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            found.add(data["id"])
    return found


# -- doing it -------------------------------------------------------------------------------------


def rewrite_ids(value: JSON, renamed: Mapping[str, str], pattern: re.Pattern[str] | None) -> JSON:
    """``value`` with every mention of an old id (in any string) replaced by its new id."""
    if pattern is None:
        return value
    if isinstance(value, str):
        return pattern.sub(lambda m: renamed[m.group(0)], value)
    if isinstance(value, list):
        return [rewrite_ids(v, renamed, pattern) for v in value]
    if isinstance(value, dict):
        return {k: rewrite_ids(v, renamed, pattern) for k, v in value.items()}
    return value


def id_pattern(renamed: Mapping[str, str]) -> re.Pattern[str] | None:
    if not renamed:
        return None
    alternatives = "|".join(re.escape(old) for old in sorted(renamed, key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9-])(?:{alternatives})(?![a-z0-9-])")


def dump(data: JSON) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def merged_aliases(root: Path, renamed: Mapping[str, str]) -> dict[str, str]:
    """The aliases already recorded plus the new renames, with no chain (old -> final id)."""
    path = root / ALIASES
    aliases: dict[str, str] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    aliases.update(renamed)
    for old in aliases:
        seen = {old}
        while aliases[old] in aliases and aliases[old] not in seen:
            seen.add(aliases[old])
            aliases[old] = aliases[aliases[old]]
    return dict(sorted(aliases.items()))


def git(*args: str) -> None:
    subprocess.run(["git", *args], cwd=ROOT, check=True)


def apply(moves: list[Move], renamed: Mapping[str, str], root: Path = SUITES) -> int:
    pattern = id_pattern(merged_aliases(root, renamed))
    everything = merged_aliases(root, renamed)
    changed = 0
    for move in moves:
        source = move.case.path
        if source != move.target:
            if move.target.exists():
                raise SystemExit(f"{move.target} exists already")
            move.target.parent.mkdir(parents=True, exist_ok=True)
            git("mv", str(source.relative_to(ROOT)), str(move.target.relative_to(ROOT)))
            changed += 1
        data = rewrite_ids(move.case.data, everything, pattern)
        data["id"] = move.new_id
        if data != move.case.data:
            move.target.write_text(dump(data), encoding="utf-8")
            changed += 1
    for directory in sorted((d for d in root.rglob("*") if d.is_dir()), key=lambda d: -len(d.parts)):
        if directory.name not in NOT_CASES and not any(directory.iterdir()):
            directory.rmdir()
    aliases = root / ALIASES
    text = dump(everything)
    if everything and (not aliases.exists() or aliases.read_text(encoding="utf-8") != text):
        aliases.write_text(text, encoding="utf-8")
        git("add", str(aliases.relative_to(ROOT)))
        changed += 1
    return changed


def table() -> str:
    lines = ["| folder | CR | what belongs there |", "|---|---|---|"]
    for folder in FOLDERS:
        rules = folder.cr or ", ".join(folder.rules)
        lines.append(f"| `{folder.path}/` | {rules} | {folder.what} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apply", action="store_true", help="move and rename (git mv), write aliases.json")
    parser.add_argument("--table", action="store_true", help="print the taxonomy table (suites/README.md)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every case and why it goes there")
    args = parser.parse_args(argv)
    if args.table:
        sys.stdout.write(table())
        return 0
    moves, renamed = plan()
    counts = Counter(str(m.target.parent.relative_to(SUITES)) for m in moves)
    for folder, count in sorted(counts.items()):
        print(f"{count:4d}  {folder}")
    pending = [m for m in moves if m.case.path != m.target]
    print(f"{len(moves)} cases in {len(counts)} folders; "
          f"{len(pending)} to move, {len(renamed)} ids to rename")
    if args.verbose:
        for move in sorted(moves, key=lambda m: (str(m.target), m.new_id)):
            old = move.case.path.relative_to(SUITES)
            print(f"{move.target.relative_to(SUITES)}  <- {old}  ({move.why})")
    if args.apply:
        print(f"{apply(moves, renamed)} change(s) made")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
