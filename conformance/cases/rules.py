"""The Comprehensive Rules text and the founding seed rulings, as look-ups."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from conformance import paths

# A rule starts a line: "704. State-Based Actions", "122.6 Some ...", "701.34a To proliferate ...".
_RULE_LINE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)(?:\.|\s)")
RULE_NUMBER = re.compile(r"^[1-9][0-9]{2}(\.[0-9]+[a-z]?)?$")


@dataclass(frozen=True)
class RuleIndex:
    """Rule number -> the text of its line (the body's line, not the table of contents')."""

    text_of: dict[str, str] = field(default_factory=dict)

    def __contains__(self, number: object) -> bool:
        return number in self.text_of

    def get(self, number: str) -> str | None:
        return self.text_of.get(number)


def parse_rules(text: str) -> RuleIndex:
    found: dict[str, str] = {}
    for line in text.splitlines():
        match = _RULE_LINE.match(line)
        if match:
            found[match.group(1)] = line.strip()  # later lines (the body) win over the contents
    return RuleIndex(found)


@lru_cache(maxsize=4)
def load_rules(path: Path | None = None) -> RuleIndex:
    """Raises OSError / UnicodeDecodeError; callers report them."""
    source = path or paths.cr_path()
    return parse_rules(source.read_text(encoding="utf-8-sig"))


@dataclass(frozen=True)
class Seed:
    id: str
    topic: str
    text: str


@lru_cache(maxsize=4)
def load_seeds(path: Path | None = None) -> dict[str, Seed]:
    """The 36 founding rulings (``suites/seeds.json``). Raises OSError / ValueError."""
    source = path or paths.seeds_path()
    data = json.loads(source.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError("expected a list of rulings")
    return {
        str(item["id"]): Seed(str(item["id"]), str(item.get("topic", "")), str(item["text"]))
        for item in data
        if isinstance(item, dict) and "id" in item and "text" in item
    }


# A rule number as a cause cites it: "614", "614.1", "614.1a", and a range of them: "702.104a-b"
# (702.104a and 702.104b), "122.5-6" (122.5 and 122.6), "601.2b-601.2d".
_RANGE = r"(?:[-–](?:\d{3}\.\d+[a-z]?|\d+|[a-z])(?![\w.]))?"
_CITED = r"\d{3}(?:\.\d+[a-z]?)?" + _RANGE
# "CR 101.2; 614.1a", "CR 106.7, 616.1f", "CR 601.2h via 602.2b", "CR 608.3b/608.2b": a list led by "CR".
_CR_LIST = re.compile(rf"\bCR\s+({_CITED}(?:\s*(?:[,;/&]|\band\b|\bor\b|\bvia\b)\s*{_CITED})*)")
_ONE = re.compile(rf"(?<![\w.])({_CITED})(?![\w])")
_DOTTED = re.compile(r"(?<![\w.])(\d{3}\.\d+[a-z]?" + _RANGE + r")(?![\w])")


def _expand(cited: str) -> list[str]:
    """``702.104a-b`` -> 702.104a, 702.104b; ``122.5-6`` -> 122.5, 122.6; ``601.2b-601.2d`` -> b, c, d."""
    first, dash, last = ([*re.split(r"([-–])", cited, maxsplit=1), "", ""])[:3]
    if not dash:
        return [first]
    stem = re.match(r"^(\d{3}\.\d+)([a-z]?)$", first)
    if stem and re.fullmatch(r"\d{3}\.\d+[a-z]?", last):
        end = re.match(r"^(\d{3}\.\d+)([a-z]?)$", last)
        if end and end.group(1) == stem.group(1) and stem.group(2) and end.group(2):
            last = end.group(2)  # 601.2b-601.2d: the letters of one rule
        else:
            return [first, last]
    if stem and stem.group(2) and re.fullmatch(r"[a-z]", last) and last >= stem.group(2):
        return [stem.group(1) + chr(c) for c in range(ord(stem.group(2)), ord(last) + 1)]
    number = re.match(r"^(\d{3})\.(\d+)$", first)
    if number and last.isdigit() and int(last) >= int(number.group(2)):
        return [f"{number.group(1)}.{n}" for n in range(int(number.group(2)), int(last) + 1)]
    return [first, last]  # "614.1a-3": not a range we read; both ends are checked as they stand


def cited_rules(text: str) -> list[str]:
    """The CR rules a sentence cites, each once, in order: every rule of a list led by "CR" (bare
    section numbers such as "CR 405, 608" included), and every dotted rule number elsewhere
    ("(104.2a)", "701.14a:"), ranges expanded ("CR 702.104a-b" cites 702.104a and 702.104b)."""
    found: list[str] = []
    spans = []
    for listed in _CR_LIST.finditer(text):
        spans.append(listed.span(1))
        for one in _ONE.finditer(listed.group(1)):
            found.extend(_expand(one.group(1)))
    for dotted in _DOTTED.finditer(text):
        if not any(start <= dotted.start() < end for start, end in spans):
            found.extend(_expand(dotted.group(1)))
    return list(dict.fromkeys(found))
