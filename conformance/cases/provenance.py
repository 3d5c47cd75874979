"""Where a case comes from, checked: its ruling is an official one, verbatim, with its card and date;
its rules-text origin is the rule it names; each rule it cites is about its subject.

**Rulings** (errors). ``ruling.text`` must be, character for character, an official ruling of
``spec/rulings/official.json`` (see :mod:`tools.build_official_rulings`) or the text of the founding
seed the case links (``ruling.seed``; the seeds are official rulings, some of them too new for the
rulings data). When the rulings data has the text, ``ruling.card`` must be a card it was published
for and ``ruling.date`` that card's date for it. A seed's text is also looked up with its quotation
marks made straight (the argentum data writes ``'`` where the seeds write ``’``), for its card and
date only. Comprehensive Rules text is not a ruling: a case built on it has
``origin: {kind: rules, rule, seed?}``, and the seeds that quote the CR (``common-…``) are linked
there.

**Topics** (warnings, never errors). A cited rule should be about the case. The rule's text, with its
subrules (``732`` is 732.1 to 732.6; ``702.4`` is 702.4a, 702.4b, …), and the case's subject (title,
features, ruling text or the text of the rule its origin is built on, notes, and the names, types,
subtypes, supertypes and keywords of the cards it uses) are cut into words, each reduced to a crude
stem (``tapped``/``taps`` -> ``tap``, ``counters`` -> ``counter``). Stopwords (English function
words and vague ones such as "get" or "first") and words that more than half of the CR's sections
use ("player", "ability", "turn", …) don't count. A rule that shares no remaining word with the
subject is reported.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from conformance import paths
from conformance.cases.loader import ZONES_IN_SETUP, Catalogue, inline_card_data
from conformance.cases.rules import RuleIndex, Seed
from conformance.documents import JSONValue

Finding = tuple[list[str | int], str]  # (JSON path, message)

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def q(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def straight_quotes(text: str) -> str:
    return text.translate(_QUOTES)


# -- the official rulings ------------------------------------------------------------------------
@dataclass(frozen=True)
class OfficialRuling:
    cards: tuple[str, ...]
    date: str
    text: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class OfficialRulings:
    """``spec/rulings/official.json`` as look-ups by exact text and by text with straight quotes."""

    rulings: tuple[OfficialRuling, ...] = ()
    by_text: dict[str, list[OfficialRuling]] = field(default_factory=dict)
    by_straight_text: dict[str, list[OfficialRuling]] = field(default_factory=dict)

    @classmethod
    def of(cls, rulings: Iterable[OfficialRuling]) -> OfficialRulings:
        kept = tuple(rulings)
        by_text: dict[str, list[OfficialRuling]] = {}
        by_straight: dict[str, list[OfficialRuling]] = {}
        for ruling in kept:
            by_text.setdefault(ruling.text, []).append(ruling)
            by_straight.setdefault(straight_quotes(ruling.text), []).append(ruling)
        return cls(kept, by_text, by_straight)

    def of_card(self, card: str) -> list[OfficialRuling]:
        return [r for r in self.rulings if card in r.cards]


def parse_official(data: JSONValue) -> OfficialRulings:
    """Raises ValueError / KeyError / TypeError on a file of the wrong shape."""
    if not isinstance(data, dict) or not isinstance(rulings := data.get("rulings"), list):
        raise ValueError('expected an object with a "rulings" list')
    return OfficialRulings.of(
        OfficialRuling(
            tuple(str(c) for c in _iterate(_fields(item)["cards"])),
            str(_fields(item)["date"]),
            str(_fields(item)["text"]),
            tuple(str(s) for s in _iterate(_fields(item).get("sources", []))),
        )
        for item in rulings
    )


def _fields(value: JSONValue) -> dict[str, JSONValue]:
    """``value`` read as an object: TypeError (as indexing it would raise) when it is not one."""
    if not isinstance(value, dict):
        raise TypeError(f"{type(value).__name__!r} object is not subscriptable by field name")
    return value


def _iterate(value: JSONValue) -> list[JSONValue] | dict[str, JSONValue] | str:
    """``value`` to iterate over: TypeError (as iterating over it would raise) when it can't be."""
    if not isinstance(value, list | dict | str):
        raise TypeError(f"{type(value).__name__!r} object is not iterable")
    return value


@lru_cache(maxsize=4)
def load_official(path: Path | None = None) -> OfficialRulings:
    """Raises OSError / ValueError (JSON errors included) / KeyError / TypeError; callers report them."""
    source = path or paths.official_rulings_path()
    return parse_official(json.loads(source.read_text(encoding="utf-8")))


# -- Comprehensive Rules text --------------------------------------------------------------------
# Look-ups built once per RuleIndex (which is not hashable): id -> (the index, kept alive, and value).
_BODIES: dict[int, tuple[RuleIndex, dict[str, str]]] = {}


_QUOTED: dict[int, tuple[RuleIndex, dict[str, str | None]]] = {}


def _bodies(rules: RuleIndex) -> dict[str, str]:
    """Rule text without its number -> rule number."""
    cached = _BODIES.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_BODIES) > 8:
            _BODIES.clear()
        cached = _BODIES[id(rules)] = (
            rules,
            {_RULE_PREFIX.sub("", line): number for number, line in rules.text_of.items()},
        )
    return cached[1]


_RULE_PREFIX = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?\.?\s+")
_MIN_QUOTE = 30  # shorter texts are not taken for a quotation of the rules


def rule_quoted(text: str, rules: RuleIndex | None) -> str | None:
    """The number of the rule whose text ``text`` is (or is part of), if any."""
    if rules is None or len(text) < _MIN_QUOTE:
        return None
    exact = _bodies(rules).get(text)
    if exact is not None:
        return exact
    known = _QUOTED.get(id(rules))
    if known is None or known[0] is not rules:
        if len(_QUOTED) > 8:
            _QUOTED.clear()
        known = _QUOTED[id(rules)] = (rules, {})
    if text not in known[1]:  # a scan of every rule's text: once per text (seeds recur in many cases)
        known[1][text] = next((number for number, line in rules.text_of.items() if text in line), None)
    return known[1][text]


def is_rules_seed(seed: Seed, rules: RuleIndex | None) -> bool:
    return rule_quoted(seed.text, rules) is not None


# -- the checks on ruling and origin -------------------------------------------------------------
def _first_difference(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def _differ(label: str, text: str, other: str) -> str:
    at = _first_difference(text, other)
    return f"they differ at character {at} (case: {q(text[at : at + 30])}, {label}: {q(other[at : at + 30])})"


def _cards_phrase(cards: Iterable[str], limit: int = 4) -> str:
    names = sorted(set(cards))
    shown = ", ".join(q(n) for n in names[:limit])
    return shown + (f" and {len(names) - limit} other card(s)" if len(names) > limit else "")


def _not_found(text: str, card: JSONValue, official: OfficialRulings) -> str:
    pool = official.of_card(card) if isinstance(card, str) else []
    texts = [r.text for r in pool] or list(official.by_text)
    close = difflib.get_close_matches(text, texts, n=1, cutoff=0.75)
    if not close and pool:
        close = difflib.get_close_matches(text, list(official.by_text), n=1, cutoff=0.75)
    if not close:
        return (
            "is not an official ruling: no ruling in spec/rulings/official.json and no founding seed "
            "has this text (quote the ruling verbatim, or rebuild the data with "
            "tools/build_official_rulings.py if the card is new)"
        )
    nearest = official.by_text[close[0]][0]
    whose = q(card) if isinstance(card, str) and card in nearest.cards else _cards_phrase(nearest.cards)
    return (
        f"is not an official ruling verbatim: the closest is the ruling of {whose} dated {nearest.date}; "
        + _differ("official", text, nearest.text)
    )


def ruling_problems(
    case: JSONValue,
    official: OfficialRulings | None,
    seeds: Mapping[str, Seed] | None,
    rules: RuleIndex | None,
) -> list[Finding]:
    """Everything wrong with ``case["ruling"]``: unknown or rules-text seed, text not verbatim, CR
    text, wrong card, wrong date."""
    ruling = case.get("ruling") if isinstance(case, dict) else None
    if not isinstance(ruling, dict):
        return []
    text, card, date = ruling.get("text"), ruling.get("card"), ruling.get("date")
    seed: Seed | None = None
    if "seed" in ruling and seeds is not None:
        seed_id = ruling["seed"]
        seed = seeds.get(seed_id) if isinstance(seed_id, str) else None
        if seed is None:
            close = difflib.get_close_matches(str(seed_id), list(seeds), n=1)
            hint = f"; did you mean {q(close[0])}?" if close else ""
            return [(["ruling", "seed"], f"unknown seed ruling {q(seed_id)} (see suites/seeds.json){hint}")]
        rule = rule_quoted(seed.text, rules)
        if rule is not None:
            return [
                (
                    ["ruling", "seed"],
                    f"seed {q(seed.id)} is Comprehensive Rules text (CR {rule}), not a ruling: a case built "
                    f'on it has "origin": {{"kind": "rules", "rule": "{rule}", "seed": "{seed.id}"}} '
                    'instead of "ruling"',
                )
            ]
        if isinstance(text, str) and text != seed.text:
            return [
                (
                    ["ruling", "text"],
                    f"is not the text of seed {q(seed.id)} verbatim: " + _differ("seed", text, seed.text),
                )
            ]
    if not isinstance(text, str):
        return []
    if official is None:
        return []
    matches = official.by_text.get(text)
    if not matches:
        rule = rule_quoted(text, rules)
        if rule is not None:
            return [
                (
                    ["ruling", "text"],
                    f"is Comprehensive Rules text (CR {rule}), not an official ruling: cite {rule} in "
                    f'"rules" and give "origin": {{"kind": "rules", "rule": "{rule}"}} instead of "ruling"',
                )
            ]
        seed_texts = {s.text for s in (seeds or {}).values()}
        if text not in seed_texts:
            return [(["ruling", "text"], _not_found(text, card, official))]
        # A founding seed: its card and date are known only if the data has it with other quotes.
        matches = official.by_straight_text.get(straight_quotes(text))
        if not matches:
            return []
    dates: dict[str, set[str]] = {}
    for match in matches:
        for name in match.cards:
            dates.setdefault(name, set()).add(match.date)
    if not isinstance(card, str):
        return [
            (
                ["ruling"],
                f'names no card: add "card", the card the ruling was published for ({_cards_phrase(dates)})',
            )
        ]
    if card not in dates:
        return [
            (
                ["ruling", "card"],
                f"this ruling was not published for {q(card)}: it was published for {_cards_phrase(dates)}",
            )
        ]
    if isinstance(date, str) and date not in dates[card]:
        return [
            (
                ["ruling", "date"],
                f"the ruling of {q(card)} with this text is dated "
                f"{', '.join(sorted(dates[card]))}, not {date}",
            )
        ]
    return []


def origin_problems(
    case: JSONValue, seeds: Mapping[str, Seed] | None, rules: RuleIndex | None
) -> list[Finding]:
    """An ``origin`` of kind ``rules``: its rule exists and is cited, its seed is that rule's text."""
    origin = case.get("origin") if isinstance(case, dict) else None
    if not isinstance(origin, dict) or origin.get("kind") != "rules":
        return []
    found: list[Finding] = []
    rule = origin.get("rule")
    if isinstance(rule, str):
        if rules is not None and rule not in rules:
            found.append((["origin", "rule"], f"rule {rule} does not exist in the Comprehensive Rules"))
        cited = case.get("rules") if isinstance(case, dict) else None
        if isinstance(cited, list) and rule not in cited:
            found.append((["origin", "rule"], f'rule {rule} is not among the rules the case cites ("rules")'))
    seed_id = origin.get("seed")
    if seed_id is None or seeds is None:
        return found
    seed = seeds.get(seed_id) if isinstance(seed_id, str) else None
    if seed is None:
        close = difflib.get_close_matches(str(seed_id), list(seeds), n=1)
        hint = f"; did you mean {q(close[0])}?" if close else ""
        found.append((["origin", "seed"], f"unknown seed ruling {q(seed_id)} (see suites/seeds.json){hint}"))
        return found
    if rules is None:
        return found
    quoted = rule_quoted(seed.text, rules)
    if quoted is None:
        found.append(
            (
                ["origin", "seed"],
                f'seed {q(seed.id)} is an official ruling, not rules text: link it in "ruling" '
                f'({{"text": <the seed\'s text>, "seed": "{seed.id}", …}})',
            )
        )
    elif isinstance(rule, str) and quoted != rule:
        found.append((["origin", "seed"], f"seed {q(seed.id)} is the text of CR {quoted}, not of CR {rule}"))
    return found


# -- topics: does a cited rule talk about the case? ----------------------------------------------
_STOPWORDS = """
    a an the and or but if then than that this these those there their them they it its of to in on at by
    for from with without as is are was were be been being not no nor any each all some one two three four
    five six seven eight nine ten zero more most less least other another such same only also can may must
    would could should will shall do does did done has have had having which who whom whose what when where
    while how whether into onto out up down over under again further once here you your yours he she his
    her him we our us me my so just very too own instead rather even still yet get gets got getting many
    much now next first second third last make makes made making happen happens happened new old way ways
    thing things example also always never ever both either neither every several few lot like unlike
    since because though although however therefore thus otherwise already per via upon within among
    between through during before after above below call called say says said see seen look looks use
    used uses using need needs want wants come comes came go goes went give gives given keep keeps kept let
    lets way include includes included including based choose chooses chose chosen choosing
"""
STOPWORDS = frozenset(_STOPWORDS.split())
GENERIC_SHARE = 0.5  # a word used by more than this share of the CR's sections says nothing of a topic
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


@lru_cache(maxsize=65536)  # the same few thousand words recur in every case's rulings and rules
def stem(word: str) -> str:
    """A crude stem: lower case, no possessive, one plural / -ing / -ed ending, no final e, no double
    final consonant. ``tapped``, ``taps``, ``tapping`` -> ``tap``; ``counters`` -> ``counter``."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'")
    for suffix, replacement in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not (suffix == "s" and w.endswith("ss")):
            w = w[: -len(suffix)] + replacement
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2]:
        w = w[:-1]
    return w


def words(text: str) -> set[str]:
    """The stems of the words of ``text`` that are not stopwords (and have 3 letters or more)."""
    return {stem(w) for w in _WORD.findall(text) if len(w) >= 3 and w.lower() not in STOPWORDS}


@dataclass
class RuleTopics:
    """Per rule number, the meaningful stems of its text and its subrules'."""

    rules: RuleIndex
    generic: frozenset[str]
    children: dict[str, list[str]]
    _words: dict[str, set[str]] = field(default_factory=dict)

    def text(self, number: str) -> str:
        return " ".join(self.rules.text_of[n] for n in [number, *self.children.get(number, [])])

    def words(self, number: str) -> set[str]:
        if number not in self._words:
            self._words[number] = words(self.text(number)) - self.generic
        return self._words[number]

    def label(self, number: str) -> str:
        """``732 (Taking Shortcuts …)``: the number and the start of its text."""
        line = _RULE_PREFIX.sub("", self.rules.text_of.get(number, ""))
        short = " ".join(line.split()[:6])
        return f"{number} ({short}{' …' if len(line.split()) > 6 else ''})"


def _parent(number: str) -> str | None:
    """702.4b -> 702.4; 702.4 -> 702; 702 -> None."""
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".")[0]
    return None


_TOPICS: dict[int, RuleTopics] = {}


def rule_topics(rules: RuleIndex) -> RuleTopics:
    """Built once per RuleIndex."""
    cached = _TOPICS.get(id(rules))
    if cached is not None and cached.rules is rules:
        return cached
    if len(_TOPICS) > 8:
        _TOPICS.clear()
    _TOPICS[id(rules)] = topics = _build_topics(rules)
    return topics


def _build_topics(rules: RuleIndex) -> RuleTopics:
    children: dict[str, list[str]] = {}
    sections: dict[str, list[str]] = {}
    for number, line in rules.text_of.items():
        sections.setdefault(number.split(".")[0], []).append(line)
        parent = _parent(number)
        while parent is not None:
            children.setdefault(parent, []).append(number)
            parent = _parent(parent)
    counts: dict[str, int] = {}
    for lines in sections.values():
        for word in words(" ".join(lines)):
            counts[word] = counts.get(word, 0) + 1
    generic = frozenset(w for w, n in counts.items() if n > GENERIC_SHARE * len(sections))
    return RuleTopics(rules, generic, children)


def subject_text(case: JSONValue, catalogue: Catalogue, rules: RuleIndex | None = None) -> str:
    """What the case is about, as text: title, features, ruling text (or the text of the rule its
    ``origin`` is built on), notes, and its cards' names, types, subtypes, supertypes and keywords."""
    if not isinstance(case, dict):
        return ""
    parts = [str(case.get("title", "")), str(case.get("notes", ""))]
    features = case.get("features")
    parts += [str(f).replace("-", " ") for f in features] if isinstance(features, list) else []
    origin = case.get("origin")
    if rules is not None and isinstance(origin, dict) and isinstance(rule := origin.get("rule"), str):
        parts.append(rules.get(rule) or "")
    ruling = case.get("ruling")
    names: list[str] = []
    if isinstance(ruling, dict):
        parts.append(str(ruling.get("text", "")))
        if isinstance(ruled := ruling.get("card"), str):
            names.append(ruled)
    setup = case.get("setup")
    players = setup.get("players") if isinstance(setup, dict) else None
    for player in players if isinstance(players, list) else []:
        for zone in ZONES_IN_SETUP:
            objects = player.get(zone) if isinstance(player, dict) else None
            for obj in objects if isinstance(objects, list) else []:
                if isinstance(obj, dict) and isinstance(name := obj.get("card"), str):
                    names.append(name)
    own = inline_card_data(case)
    for name in dict.fromkeys(names):
        parts.append(name)
        card = own.get(name) or catalogue.cards.get(name)
        if isinstance(card, dict):
            for key in ("types", "subtypes", "supertypes", "keywords"):
                values = card.get(key)
                parts += [str(v) for v in values] if isinstance(values, list) else []
    return " ".join(parts)


def topic_warnings(case: JSONValue, rules: RuleIndex | None, catalogue: Catalogue) -> list[Finding]:
    """A warning for each cited rule that shares no meaningful word with the case's subject."""
    cited = case.get("rules") if isinstance(case, dict) else None
    if rules is None or not isinstance(cited, list):
        return []
    topics = rule_topics(rules)
    subject = words(subject_text(case, catalogue, rules)) - topics.generic
    found: list[Finding] = []
    for i, number in enumerate(cited):
        if not isinstance(number, str) or number not in rules:
            continue
        if not topics.words(number) & subject:
            found.append(
                (
                    ["rules", i],
                    f"CR {topics.label(number)} does not mention the case's subject: its text shares no "
                    "meaningful word with the title, features, ruling, notes or cards",
                )
            )
    return found
