"""A case in words, for ``mtgc explain``: provenance, cited rules, setup, script, decisions,
and expected vs observed."""

from __future__ import annotations

import json
from collections.abc import Mapping

from conformance.cases.loader import ZONES_IN_SETUP
from conformance.cases.rules import RuleIndex
from conformance.documents import Action, Case
from conformance.run.compare import OBJECT_FIELDS, PLAYER_FIELDS, nonzero, object_by_ref

_VERBS = {
    "cast": "{player} casts {card}",
    "activate": "{player} activates ability {ability} of {source}",
    "play_land": "{player} plays the land {card}",
    "pass": "{player} passes priority",
    "resolve": "all players pass; the top of the stack resolves",
    "advance": "players pass until the {step} step",
    "declare_attackers": "{player} declares attackers: {attackers}",
    "declare_blockers": "{player} declares blockers: {blockers}",
    "observe": 'snapshot the game as "{label}"',
}


def ref_words(ref: object) -> str:
    if isinstance(ref, dict) and "find" in ref:
        query = ref["find"]
        return "the " + " ".join(f"{k}={v}" for k, v in query.items()) + " object"
    return str(ref)


def amounts(values: object, times: str = "×") -> str:
    return ", ".join(f"{k}{times}{v}" for k, v in (values.items() if isinstance(values, Mapping) else ()))


def action_words(action: Action) -> str:
    fields = {k: ref_words(v) for k, v in action.items()}
    fields["attackers"] = ", ".join(
        f"{ref_words(a.get('attacker'))} → {ref_words(a.get('defending'))}"
        for a in action.get("attackers", [])
    )
    fields["blockers"] = ", ".join(
        f"{ref_words(b.get('blocker'))} blocks {ref_words(b.get('attacker'))}"
        for b in action.get("blockers", [])
    )
    template = _VERBS.get(str(action.get("action")), "{action}")
    try:
        text = template.format(**fields)
    except KeyError:
        text = json.dumps(dict(action))
    return text + (f"  ({action['note']})" if action.get("note") else "")


def setup_lines(case: Case) -> list[str]:
    setup = case.get("setup", {})
    players = setup.get("players", [])
    active = setup.get("active_player", players[0].get("alias") if players else None)
    lines = [f"turn {setup.get('turn', 1)}, {setup.get('step', 'main1')} step, {active} is the active player"]
    for player in players:
        facts = [f"life {player.get('life', 20)}"]
        if player.get("counters"):
            facts.append("counters " + amounts(player["counters"]))
        if player.get("mana_pool"):
            facts.append("mana pool " + amounts(player["mana_pool"], ""))
        lines.append(f"{player.get('alias')}: " + "; ".join(facts))
        for zone in ZONES_IN_SETUP:
            for listed in player.get(zone, []):
                obj: Mapping[str, object] = listed
                traits = []
                for key in ("token", "tapped", "summoning_sick", "loyalty_activated"):
                    if obj.get(key):
                        traits.append(key.replace("_", " "))
                if obj.get("counters"):
                    traits.append("counters " + amounts(obj["counters"]))
                if obj.get("damage"):
                    traits.append(f"damage {obj['damage']}")
                for key in ("owner", "attached_to"):
                    if obj.get(key):
                        traits.append(f"{key.replace('_', ' ')} {obj[key]}")
                extra = f" ({', '.join(traits)})" if traits else ""
                lines.append(f"  {zone}: {obj.get('alias')} = {obj.get('card')}{extra}")
    return lines


def script_lines(case: Case) -> list[str]:
    return [f"{i}. {action_words(action)}" for i, action in enumerate(case.get("script", []))]


def decision_lines(case: Case) -> list[str]:
    lines = []
    for i, entry in enumerate(case.get("decisions", [])):
        who = f" by {entry['player']}" if entry.get("player") else ""
        src = f" for {ref_words(entry['source'])}" if entry.get("source") else ""
        answer = entry.get("answer")
        shown = ", ".join(ref_words(a) for a in answer) if isinstance(answer, list) else json.dumps(answer)
        mark = ""
        if entry.get("forced") is True:  # spec/README.md 1.4
            illegal = entry.get("illegal") is True
            mark = (" (illegal: the only legal answer is another; the step is refused)" if illegal
                    else " (forced: the only legal answer; an engine may take it without asking)")
        lines.append(f"#{i} {entry.get('kind')}{who}{src}: {shown}{mark}")
    return lines


def rule_lines(case: Case, rules: RuleIndex | None) -> list[str]:
    out = []
    for number in case.get("rules", []):
        text = rules.get(number) if rules else None
        out.append(text if text else f"{number} (not found in the Comprehensive Rules)")
    return out


def expectation_rows(case: Case, observed: object) -> list[tuple[str, object, object, bool]]:
    """(where, expected, observed, holds) for every object and player field the case expects, on the
    engine's final projection (``observed``, read defensively)."""
    rows: list[tuple[str, object, object, bool]] = []
    expect = case.get("expect", {})
    final: dict[str, object] = observed if isinstance(observed, dict) else {}
    for alias, spec in expect.get("objects", {}).items():
        obj = object_by_ref(final, alias)
        if obj is None:
            rows.append(
                (
                    f"objects.{alias}",
                    "exists" if spec.get("exists", True) else "gone",
                    "gone",
                    spec.get("exists", True) is False,
                )
            )
            continue
        for key, want in spec.items():
            if key in OBJECT_FIELDS:
                rows.append((f"objects.{alias}.{key}", want, obj.get(key), obj.get(key) == want))
            elif key == "counters":
                got = nonzero(obj.get("counters"))
                rows.append((f"objects.{alias}.counters", nonzero(want), got, nonzero(want) == got))
    listed_players = final.get("players", {})
    players: dict[str, object] = listed_players if isinstance(listed_players, dict) else {}
    for alias, player_spec in expect.get("players", {}).items():
        listed_player = players.get(alias, {})
        player: dict[str, object] = listed_player if isinstance(listed_player, dict) else {}
        for key, want in player_spec.items():
            if key in PLAYER_FIELDS:
                rows.append((f"players.{alias}.{key}", want, player.get(key), player.get(key) == want))
            elif key in ("counters", "mana_pool"):
                got = nonzero(player.get(key))
                rows.append((f"players.{alias}.{key}", nonzero(want), got, nonzero(want) == got))
    return rows
