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
