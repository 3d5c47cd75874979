"""Which cases to run, by meaning: ``-k TEXT``, ``--rule 614.16``, ``--feature F``, ``--card NAME``.

Filters of different kinds narrow each other (a case must pass every kind given); several values of
one kind widen (``--rule 614.16 --rule 701.34``: either). Used alike by ``mtgc run``, ``list`` and
``certify``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from conformance.cases.loader import CaseFile, cards_used, inline_cards
from conformance.cases.rules import RULE_NUMBER


def cites(rule: str, wanted: str) -> bool:
    """True when ``rule`` is ``wanted`` or one of its subrules, in the CR's numbering: ``7`` (a
    section) covers ``702.21b``; ``614`` covers ``614.1`` and ``614.16a``; ``614.1`` covers ``614.1a``
    but not ``614.10``; ``614.16a`` only itself."""
    if rule == wanted:
        return True
    if not rule.startswith(wanted):
        return False
    following = rule[len(wanted)]
    if "." not in wanted:
        return following == "." or (len(wanted) == 1 and following.isdigit())  # 7 covers 702.21
    return wanted[-1].isdigit() and following.isalpha()


@dataclass(frozen=True)
class Selection:
    keyword: str | None = None
    rules: Sequence[str] = ()
    features: Sequence[str] = ()
    cards: Sequence[str] = ()

    def __bool__(self) -> bool:
        return bool(self.keyword or self.rules or self.features or self.cards)

    def describe(self) -> str:
        """The filters in the words of the command line, for "nothing matches" messages."""
        parts = [f"-k {self.keyword!r}"] if self.keyword else []
        parts += [f"--rule {r}" for r in self.rules] + [f"--feature {f}" for f in self.features]
        parts += [f"--card {c!r}" for c in self.cards]
        return " ".join(parts)

    def matches(self, case: CaseFile) -> bool:
        data = case.data if isinstance(case.data, dict) else {}
        if self.keyword:
            needle = self.keyword.casefold()
            title = str(data.get("title", ""))
            if needle not in case.case_id.casefold() and needle not in title.casefold():
                return False
        if self.rules:
            cited = [r for r in data.get("rules", ()) if isinstance(r, str)]
            if not any(cites(rule, wanted) for rule in cited for wanted in self.rules):
                return False
        if self.features and not set(self.features) & set(data.get("features", ())):
            return False
        if self.cards:
            used = {name.casefold() for name in [*cards_used(data), *inline_cards(data)]}
            if not any(card.casefold() in used for card in self.cards):
                return False
        return True


def select(cases: Iterable[CaseFile], selection: Selection | str | None = None) -> list[CaseFile]:
    """The cases ``selection`` matches (a plain string is ``-k``), in topic then id order."""
    if not isinstance(selection, Selection):
        selection = Selection(keyword=selection)
    chosen = [case for case in cases if selection.matches(case)]
    return sorted(chosen, key=lambda c: (c.topic, c.case_id))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``-k``, ``--rule``, ``--feature``, ``--card`` on a subcommand."""
    add = parser.add_argument
    add("-k", dest="keyword", metavar="TEXT", help="only cases whose id or title contains TEXT")
    add("--rule", action="append", default=[], metavar="N",
        help="only cases citing CR rule N or one of its subrules (614.16 covers 614.16a); repeatable")
    add("--feature", action="append", default=[], metavar="F", help="only cases tagged with F; repeatable")
    add("--card", action="append", default=[], metavar="NAME", help="only cases using card NAME; repeatable")


def from_arguments(args: argparse.Namespace, features: Iterable[str]) -> Selection:
    """The selection the command line asks for. Raises ValueError (for exit 2) on a rule number that
    is not one, or a feature the case schema does not have: a typo must not select nothing quietly."""
    rules = list(getattr(args, "rule", None) or [])
    bad = [r for r in rules if not RULE_NUMBER.match(r) and not re.fullmatch(r"[1-9]", r)]
    if bad:
        raise ValueError(f"not a rule number: {', '.join(map(repr, bad))} (e.g. --rule 614.16, --rule 702)")
    wanted = list(getattr(args, "feature", None) or [])
    unknown = sorted(set(wanted) - set(features))
    if unknown:
        raise ValueError(
            f"unknown feature(s) {', '.join(map(repr, unknown))}: the features are those of "
            "spec/case.schema.json ($defs/feature)"
        )
    return Selection(getattr(args, "keyword", None), tuple(rules), tuple(wanted), tuple(args.card or ()))
