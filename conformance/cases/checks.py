"""Checks the schema cannot express: aliases and refs resolve, cards exist, cited rules exist,
rulings are official and quoted verbatim (:mod:`conformance.cases.provenance`), rejected steps and
snapshot labels point at real script steps.

Every check is defensive about shape (it also runs on cases that failed the schema) and reports
:class:`~conformance.cases.loader.Problem`s; none raises.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from conformance.cases.loader import ZONES_IN_SETUP, Catalogue, inline_card_data
from conformance.cases.provenance import OfficialRulings, origin_problems, ruling_problems
from conformance.cases.rules import RULE_NUMBER, RuleIndex, Seed
from conformance.cases.schema_errors import pointer
from conformance.documents import JSONValue

Path = list[str | int]  # where in the case: keys and indexes
Want = Literal["player", "object", "any"]
def q(value: object) -> str:
    """A value quoted as JSON, non-ASCII kept (ruling text has curly quotes)."""
    return json.dumps(value, ensure_ascii=False)


ALIAS = re.compile(r"^[a-z][a-z0-9_]*$")

# Fields of script actions, by what they name.
_ACTION_REFS: dict[str, Want] = {"player": "player", "card": "object", "source": "object"}
_LIST_ANSWERS = {"targets", "proliferate", "sacrifice", "discard", "trigger_order", "new_targets"}
_ONE_REF_ANSWERS: dict[str, Want] = {
    "replacement_effect": "any",
    "choose_player": "player",
    "outside_game_card": "object",
    "card_from_hand": "object",
    "legend_rule": "object",
}
# Fields of events that name players / objects (section 2.2).
_EVENT_REFS: dict[str, Want] = {
    "player": "player",
    "controller": "player",
    "by": "player",
    "object": "any",
    "source": "any",
    "target": "any",
    "card": "any",
}


@dataclass
class Aliases:
    players: dict[str, str]
    objects: dict[str, str]

    def known(self, want: Want) -> dict[str, str]:
        if want == "player":
            return self.players
        if want == "object":
            return self.objects
        return {**self.players, **self.objects}


def _list(value: JSONValue) -> list[JSONValue]:
    return value if isinstance(value, list) else []


def _dict(value: JSONValue) -> dict[str, JSONValue]:
    return value if isinstance(value, dict) else {}


class CaseChecker:
    """Runs every semantic check on one parsed case (``case``: any JSON value, valid or not)."""

    def __init__(
        self,
        file: str,
        case: object,
        catalogue: Catalogue,
        rules: RuleIndex | None,
        seeds: dict[str, Seed] | None,
        official: OfficialRulings | None = None,
    ) -> None:
        self.file = file
        self.case: dict[str, JSONValue] = case if isinstance(case, dict) else {}
        self.catalogue = catalogue
        self.rules = rules
        self.seeds = seeds
        self.official = official
        self.problems: list[tuple[str, str]] = []
        self.aliases = Aliases({}, {})

    def problem(self, path: Path, message: str) -> None:
        self.problems.append((pointer(path), message))

    def run(self) -> list[tuple[str, str]]:
        self.collect_aliases()
        self.check_provenance()
        self.check_rules()
        self.check_cards()
        self.check_setup_refs()
        self.check_script()
        self.check_decisions()
        expect = _dict(self.case.get("expect"))
        self.check_view(expect, ["expect"])
        self.check_expect_extras(expect)
        return self.problems

    # -- aliases ---------------------------------------------------------------------------------
    def collect_aliases(self) -> None:
        seen: dict[str, str] = {}
        for pi, player in enumerate(_list(_dict(self.case.get("setup")).get("players"))):
            entries: list[tuple[Path, JSONValue, bool]] = [
                (["setup", "players", pi, "alias"], _dict(player).get("alias"), True)
            ]
            for zone in ZONES_IN_SETUP:
                for oi, obj in enumerate(_list(_dict(player).get(zone))):
                    entries.append(
                        (["setup", "players", pi, zone, oi, "alias"], _dict(obj).get("alias"), False)
                    )
            for path, alias, is_player in entries:
                if not isinstance(alias, str):
                    continue
                if alias in seen:
                    self.problem(
                        path,
                        f"the alias {q(alias)} is already used at {seen[alias]}; "
                        "aliases must be unique in a case",
                    )
                    continue
                seen[alias] = where = pointer(path)
                (self.aliases.players if is_player else self.aliases.objects)[alias] = where

    def ref(self, value: JSONValue, path: Path, want: Want) -> None:
        """A ref is an alias of the right sort, or a {"find": query} whose players resolve."""
        if isinstance(value, str):
            known = self.aliases.known(want)
            if value in known:
                return
            sort = {"player": "player", "object": "object", "any": "player or object"}[want]
            other = self.aliases.known("object" if want == "player" else "player")
            if want != "any" and value in other:
                self.problem(
                    path,
                    f"{q(value)} is not a {sort} alias (it names a "
                    f"{'object' if want == 'player' else 'player'} in the setup)",
                )
                return
            close = difflib.get_close_matches(value, list(known), n=1)
            hint = f"; did you mean {q(close[0])}?" if close else ""
            self.problem(path, f"unknown alias {q(value)}: no {sort} in the setup has it{hint}")
        elif isinstance(value, dict) and isinstance(value.get("find"), dict):
            self.query(value["find"], [*path, "find"])
        elif isinstance(value, dict) and "ability_of" in value:  # an ability on the stack: its source
            self.ref(value["ability_of"], [*path, "ability_of"], "object")

    def query(self, query: JSONValue, path: Path) -> None:
        fields = _dict(query)
        for key in ("controller", "owner"):
            if key in fields:
                self.ref(fields[key], [*path, key], "player")

    # -- provenance ------------------------------------------------------------------------------
    def check_provenance(self) -> None:
        if "ruling" not in self.case and "origin" not in self.case:
            self.problem([], 'has neither "ruling" nor "origin": every case says where it comes from')
        if "ruling" in self.case and "origin" in self.case:
            self.problem([], 'has both "ruling" and "origin": a case comes from one or the other')
        for path, message in ruling_problems(self.case, self.official, self.seeds, self.rules):
            self.problem(path, message)
        for path, message in origin_problems(self.case, self.seeds, self.rules):
            self.problem(path, message)

    def check_rules(self) -> None:
        if self.rules is None:
            return
        for i, number in enumerate(_list(self.case.get("rules"))):
            if isinstance(number, str) and RULE_NUMBER.match(number) and number not in self.rules:
                self.problem(["rules", i], f"rule {number} does not exist in the Comprehensive Rules")
        for i, item in enumerate(_list(_dict(self.case.get("expect")).get("rejected"))):
            numbers = _dict(item).get("rule")
            listed = isinstance(numbers, list)
            for j, number in enumerate(numbers if isinstance(numbers, list) else [numbers]):
                if isinstance(number, str) and RULE_NUMBER.match(number) and number not in self.rules:
                    self.problem(
                        ["expect", "rejected", i, "rule", *([j] if listed else [])],
                        f"rule {number} does not exist in the Comprehensive Rules",
                    )

    def check_cards(self) -> None:
        own = inline_card_data(self.case)
        for pi, player in enumerate(_list(_dict(self.case.get("setup")).get("players"))):
            for zone in ZONES_IN_SETUP:
                for oi, obj in enumerate(_list(_dict(player).get(zone))):
                    name = _dict(obj).get("card")
                    if isinstance(name, str) and name not in self.catalogue and name not in own:
                        close = difflib.get_close_matches(name, [*self.catalogue.cards, *own], n=1)
                        hint = f"; did you mean {q(close[0])}?" if close else ""
                        self.problem(
                            ["setup", "players", pi, zone, oi, "card"],
                            f"unknown card {q(name)}: not in the card catalogue "
                            f'nor in this case\'s "cards"{hint}',
                        )

    def check_setup_refs(self) -> None:
        setup = _dict(self.case.get("setup"))
        if "active_player" in setup:
            self.ref(setup["active_player"], ["setup", "active_player"], "player")
        for pi, player in enumerate(_list(setup.get("players"))):
            for oi, obj in enumerate(_list(_dict(player).get("battlefield"))):
                base: Path = ["setup", "players", pi, "battlefield", oi]
                permanent = _dict(obj)
                if "owner" in permanent:
                    self.ref(permanent["owner"], [*base, "owner"], "player")
                if "attached_to" in permanent:
                    self.ref(permanent["attached_to"], [*base, "attached_to"], "any")

    # -- script and decisions --------------------------------------------------------------------
    def observe_labels(self) -> dict[str, int]:
        labels: dict[str, int] = {}
        for i, action in enumerate(_list(self.case.get("script"))):
            label = _dict(action).get("label")
            if _dict(action).get("action") == "observe" and isinstance(label, str):
                if label in labels:
                    self.problem(
                        ["script", i, "label"],
                        f"the label {q(label)} is already used by step {labels[label]}",
                    )
                else:
                    labels[label] = i
        return labels

    def check_script(self) -> None:
        for i, action in enumerate(_list(self.case.get("script"))):
            action = _dict(action)
            for key, want in _ACTION_REFS.items():
                if key in action:
                    self.ref(action[key], ["script", i, key], want)
            for j, attack in enumerate(_list(action.get("attackers"))):
                pair = _dict(attack)
                if "attacker" in pair:
                    self.ref(pair["attacker"], ["script", i, "attackers", j, "attacker"], "object")
                if "defending" in pair:
                    self.ref(pair["defending"], ["script", i, "attackers", j, "defending"], "any")
            for j, block in enumerate(_list(action.get("blockers"))):
                pair = _dict(block)
                for key in ("blocker", "attacker"):
                    if key in pair:
                        self.ref(pair[key], ["script", i, "blockers", j, key], "object")

    def check_decisions(self) -> None:
        for i, decision in enumerate(_list(self.case.get("decisions"))):
            decision = _dict(decision)
            base: Path = ["decisions", i]
            if "player" in decision:
                self.ref(decision["player"], [*base, "player"], "player")
            if "source" in decision:
                self.ref(decision["source"], [*base, "source"], "any")
            kind, answer = decision.get("kind"), decision.get("answer")
            if kind in _LIST_ANSWERS:
                for j, item in enumerate(_list(answer)):
                    if not isinstance(item, int):
                        self.ref(item, [*base, "answer", j], "any")
            elif kind in ("distribute", "combat_damage", "convoke"):
                for key in _dict(answer):
                    self.ref(key, [*base, "answer", key], "any")
            elif isinstance(kind, str) and kind in _ONE_REF_ANSWERS and answer is not None:
                self.ref(answer, [*base, "answer"], _ONE_REF_ANSWERS[kind])
            takes_refs = kind in (*_LIST_ANSWERS, *_ONE_REF_ANSWERS, "distribute", "combat_damage", "convoke")
            for key in ("offered", "not_offered"):
                for j, item in enumerate(_list(decision.get(key))):
                    if takes_refs and isinstance(item, str):
                        self.ref(item, [*base, key, j], "any")

    # -- expectations ----------------------------------------------------------------------------
    def object_expect(self, spec: JSONValue, path: Path) -> None:
        fields = _dict(spec)
        for key in ("controller", "owner"):
            if key in fields:
                self.ref(fields[key], [*path, key], "player")

    def check_view(self, view: dict[str, JSONValue], base: Path) -> None:
        for alias, spec in _dict(view.get("objects")).items():
            self.ref(alias, [*base, "objects", alias], "object")
            self.object_expect(spec, [*base, "objects", alias])
        for alias in _dict(view.get("players")):
            self.ref(alias, [*base, "players", alias], "player")
        for i, item in enumerate(_list(view.get("find"))):
            self.query(_dict(item).get("query"), [*base, "find", i, "query"])
            self.object_expect(_dict(item).get("each"), [*base, "find", i, "each"])
        for i, item in enumerate(_list(view.get("stack"))):
            item = _dict(item)
            if "source" in item:
                self.ref(item["source"], [*base, "stack", i, "source"], "any")
            if "controller" in item:
                self.ref(item["controller"], [*base, "stack", i, "controller"], "player")
            for j, target in enumerate(_list(item.get("targets"))):
                self.ref(target, [*base, "stack", i, "targets", j], "any")
        for key in ("active_player", "priority"):
            if key in view:
                self.ref(view[key], [*base, key], "player")

    def check_expect_extras(self, expect: dict[str, JSONValue]) -> None:
        script = _list(self.case.get("script"))
        seen_steps: set[int] = set()
        for i, item in enumerate(_list(expect.get("rejected"))):
            step = _dict(item).get("step")
            if isinstance(step, int) and not isinstance(step, bool):
                if step >= len(script):
                    self.problem(
                        ["expect", "rejected", i, "step"],
                        f"step {step} does not exist: the script has {len(script)} steps (0-based)",
                    )
                elif step in seen_steps:
                    self.problem(["expect", "rejected", i, "step"], f"step {step} is listed twice")
                seen_steps.add(step)
        labels = self.observe_labels()
        for label, view in _dict(expect.get("snapshots")).items():
            if label not in labels:
                known = ", ".join(sorted(labels)) or "none"
                self.problem(
                    ["expect", "snapshots", label],
                    f"no script step observes {q(label)} (observe labels: {known})",
                )
            self.check_view(_dict(view), ["expect", "snapshots", label])
        events = _dict(expect.get("events"))
        for group in ("include", "exclude", "ordered"):
            for i, pattern in enumerate(_list(events.get(group))):
                self.event_pattern(pattern, ["expect", "events", group, i])
        for i, item in enumerate(_list(events.get("count"))):
            self.event_pattern(_dict(item).get("pattern"), ["expect", "events", "count", i, "pattern"])

    def event_pattern(self, pattern: JSONValue, path: Path) -> None:
        for key, value in _dict(pattern).items():
            want = _EVENT_REFS.get(key)
            if want is None:
                continue
            if isinstance(value, str) and ALIAS.match(value) or isinstance(value, dict):
                self.ref(value, [*path, key], want)


def check_case(
    file: str,
    case: object,
    catalogue: Catalogue,
    rules: RuleIndex | None,
    seeds: dict[str, Seed] | None,
    official: OfficialRulings | None = None,
) -> Iterator[tuple[str, str]]:
    """Every problem of one case, as (JSON pointer, message). ``official`` None: rulings are checked
    against the seeds only."""
    yield from CaseChecker(file, case, catalogue, rules, seeds, official).run()
