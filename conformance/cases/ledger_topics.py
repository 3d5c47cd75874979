"""Which official rulings are on the suite's topics: counters, mana and targeting.

The selection of the rulings ledger (``suites/ledger.json``, see ``suites/README.md``, "The rulings
ledger"). A ruling is on a topic when its text has one of that topic's *subjects*: a word or phrase
of the vocabulary of the CR section that defines it, or a citation of one of the topic's CR rules.
Each subject is named ``<topic>:<name>``; a ledger entry lists the subjects its text matched, so
every selection can be traced to the pattern that made it. Matching is on the text with its quotation
marks made straight; it is case-sensitive where the rules' vocabulary is ({T}, X).

"Counter" is both a noun (a counter on a permanent or player, CR 122) and a verb (to counter a spell,
CR 701.6). Only the noun is a counters subject: ``counter`` preceded by a kind (``+1/+1``, ``-0/-1``,
or a word the Oracle texts use as a kind: ``loyalty``, ``poison``, ``stun`` ...), ``counters`` not
followed by what is countered (``target``, ``spells``, ``abilities``, ``it``, ``the``, ``that
spell`` ...), and ``counter`` after an article or quantifier (``a``, ``the``, ``each``, ``no`` ...)
unless what follows is what is countered. "Countered", "countering" and "counterspell" are never
counters subjects. A ruling about countering a spell is on topic only through another subject (its
targets, its costs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from conformance.cases.rules import cited_rules

TOPICS = ("counters", "mana", "targeting")
#: The topic of a ruling kept only because a case quotes it (its text has none of the subjects).
OTHER = "other"

#: CR sections and rules of each topic: a ruling that cites one of them (``See rule 702.21``) is on
#: that topic. These also name, in ``mtgc coverage``, the rules a topic's cases should reach.
TOPIC_RULES: dict[str, tuple[str, ...]] = {
    "counters": ("122", "606", "701.10", "701.34", "704.5q", "704.5c", "704.5i"),
    "mana": ("106", "107.3", "107.4", "107.5", "107.6", "118", "601.2f", "601.2g", "601.2h", "605"),
    "targeting": ("115", "601.2c", "601.2d", "608.2b", "700.13", "702.11", "702.18", "702.21"),
}

_PT = r"[+-][0-9X]+/[+-][0-9X]+"
# What follows the verb "counter(s)": the spell or ability countered.
_COUNTERED = re.compile(
    r"\s+(?:target\b|spells?\b|abilit|it\b|the\b|a\b|an\b|all\b|each\b|up to\b|one\b|any\b|"
    r"(?:that|this|those|these) (?:\w+ )?(?:spell|abilit|creature spell))"
)
_NOUN_BEFORE = re.compile(
    r"^(?:a|an|one|no|any|the|each|that|this|another|single|extra|additional|last|first|same|its|"
    r"their|your|of|per|X|\d+)$",
    re.IGNORECASE,
)
_PLACED = re.compile(r"\s+(?:on|from|onto|is|was|placed|being|removed|put)\b")
#: Words before "counter" in Oracle texts that are articles, numbers or verbs, not kinds of counter
#: ("would counter target spell", "then counter it", "has counters on it", "the moved counter").
_NOT_KINDS = """a an of and another each more those all with had its the no have may instead two three
    five six that get additional token control everything as art would then has many moved s different
    to"""
NOT_KINDS = frozenset(_NOT_KINDS.split())


def counter_kinds(oracle_texts: Iterable[str]) -> frozenset[str]:
    """Every word the Oracle texts put before "counter(s)" as its kind (``lore``, ``oil`` ...)."""
    found = {
        m.group(1) for text in oracle_texts for m in re.finditer(r"\b([a-z][a-z-]*!?) counters?\b", text)
    }
    return frozenset(found - NOT_KINDS)


def counter_nouns(text: str, kinds: frozenset[str]) -> list[str]:
    """How each mention of "counter(s)" as a noun was told from the verb: ``kind``, ``plural``,
    ``article`` or ``placed`` (``counter on``, ``counter is put``); the verb mentions are left out."""
    found: list[str] = []
    for match in re.finditer(r"\bcounters?\b", text):
        before = re.search(r"(\S+)\s*$", text[: match.start()])
        previous = before.group(1).strip("\"'(") if before else ""
        after = text[match.end() :]
        if re.fullmatch(_PT, previous) or previous.lower() in kinds:
            found.append("kind")
        elif match.group() == "counters":
            if not _COUNTERED.match(after):
                found.append("plural")
        elif _NOUN_BEFORE.match(previous) and not _COUNTERED.match(after):
            found.append("article")
        elif _PLACED.match(after):
            found.append("placed")
    return found


@dataclass(frozen=True)
class Subject:
    topic: str
    name: str
    pattern: re.Pattern[str]
    rules: str  # the CR rules whose vocabulary it is

    @property
    def key(self) -> str:
        return f"{self.topic}:{self.name}"


def _s(topic: str, name: str, pattern: str, rules: str, flags: int = re.IGNORECASE) -> Subject:
    return Subject(topic, name, re.compile(pattern, flags), rules)


#: The word subjects, besides counter nouns (``counters:counter``) and CR citations (``<topic>:cr``).
SUBJECTS: tuple[Subject, ...] = (
    _s("counters", "loyalty", r"\bloyalty\b", "122.1e, 306.5, 606"),
    _s("counters", "poison", r"\bpoison\b|\binfect\b|\btoxic\b", "122.1f, 702.90, 702.164, 704.5c"),
    _s("counters", "proliferate", r"\bproliferat", "701.34"),
    _s("mana", "mana", r"\bmana\b(?! value)", "106, 605", re.IGNORECASE),
    _s("mana", "x", r"\{X\}|\bX\b", "107.3", 0),
    _s("mana", "tap-untap-symbols", r"\{[TQ]\}|\b(?:tap|untap) symbol", "107.5, 107.6", 0),
    _s("mana", "costs", r"\bcost(?:s|ing)?\b|\bpa(?:y|ys|id|ying)\b", "118, 601.2f-h, 602.2b"),
    _s("targeting", "target", r"\btarget", "115, 601.2c, 608.2b"),
    _s("targeting", "hexproof-shroud", r"\bhexproof\b|\bshroud\b", "702.11, 702.18"),
    _s("targeting", "ward", r"\bward\b", "702.21"),
    _s("targeting", "crime", r"\bcrimes?\b", "700.13"),
    _s("targeting", "divided", r"\b(?:divid|distribut)\w*\b[^.]*\bamong\b", "601.2d"),
)


def _under(rule: str, prefix: str) -> bool:
    """``601.2c`` is under ``601.2c``, ``601.2`` and ``601``; ``601.20`` is not under ``601.2``."""
    if rule == prefix or rule.startswith(prefix + "."):
        return True
    return "." in prefix and rule.startswith(prefix) and rule[len(prefix) :].isalpha()


def cited_topics(text: str) -> list[str]:
    """The topics whose CR rules the text cites (``rule 702.21b``, ``CR 122``)."""
    cited = cited_rules(text) + re.findall(r"\brules? (\d{3}(?:\.\d+[a-z]?)?)\b", text)
    return [t for t in TOPICS if any(_under(r, p) for r in cited for p in TOPIC_RULES[t])]


_STRAIGHT = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def straight(text: str) -> str:
    return text.translate(_STRAIGHT)


def matched_subjects(text: str, kinds: frozenset[str]) -> list[str]:
    """The subjects (``topic:name``) the ruling's text has, in the order of :data:`SUBJECTS`."""
    plain = straight(text)
    found = [f"{t}:cr" for t in cited_topics(plain)]
    if counter_nouns(plain, kinds):
        found.append("counters:counter")
    found += [s.key for s in SUBJECTS if s.pattern.search(plain)]
    order = {t: i for i, t in enumerate(TOPICS)}
    return sorted(dict.fromkeys(found), key=lambda k: (order[k.split(":")[0]], k))


def topics_of(subjects: Iterable[str]) -> list[str]:
    seen = {s.split(":")[0] for s in subjects}
    return [t for t in TOPICS if t in seen]
