"""Running a conformance case on the engine: setup -> game, script -> actions, scripted decisions.

This is the reference engine's side of the case format (spec/README.md): it builds the game from
``setup``, turns aliases and refs into internal ids, answers each pending decision from the case's
``decisions`` (first unused entry with the same kind, player and source; a decision with exactly one
legal answer is answered automatically when no entry matches), and returns the observation. Pure: no
I/O, and nothing from the harness.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frozendict import frozendict

from .cards import card_from_json
from .context import DECISION_RULES, Decision, forced_answer
from .errors import IllegalAction, MalformedAction
from .game import apply
from .phasing import with_phased_out
from .projection import Refs, event_out, project
from .state import Game, Obj, Player, replace
from .zones import place_all

JSON = Any
NOT_FOUND = object()


def build(case: Mapping[str, Any], cards: Mapping[str, Mapping[str, Any]]) -> tuple[Game, Refs]:
    setup = case["setup"]
    defs = {name: card_from_json(c) for name, c in cards.items()}
    for c in case.get("cards", ()):
        defs[c["name"]] = card_from_json(c)
    players = tuple(Player(alias=p["alias"], life=p.get("life", 20),
                           counters=frozendict(p.get("counters", {})),
                           mana_pool=frozendict({k: v for k, v in p.get("mana_pool", {}).items() if v}))
                    for p in setup["players"])
    aliases = [p["alias"] for p in setup["players"]]
    active = aliases.index(setup.get("active_player", aliases[0]))
    game = Game(players=players, cards=frozendict(defs), turn=setup.get("turn", 1), active=active,
                step=setup.get("step", "main1"), priority=active, seed=setup.get("seed", 0),
                tournament=case.get("level") != "casual")
    oid = 1
    by_alias: dict[str, int] = {}
    attach: list[tuple[int, str]] = []
    placed: list[Obj] = []
    for pi, p in enumerate(setup["players"]):
        for zone in ("library", "hand", "graveyard", "exile", "sideboard", "collection", "battlefield"):
            for entry in p.get(zone, ()):
                if entry["card"] not in defs:
                    raise MalformedAction(f"card {entry['card']!r} is not in the catalogue")
                owner = aliases.index(entry.get("owner", p["alias"])) if zone == "battlefield" else pi
                o = Obj(id=oid, card=entry["card"], owner=owner, controller=pi, zone=zone,
                        alias=entry["alias"])
                if zone == "battlefield":
                    o = replace(o, token=entry.get("token", False), tapped=entry.get("tapped", False),
                                sick=entry.get("summoning_sick", False),
                                counters=frozendict(entry.get("counters", {})),
                                damage=entry.get("damage", 0),
                                loyalty_used=entry.get("loyalty_activated", False))
                    if "attached_to" in entry:
                        attach.append((oid, entry["attached_to"]))
                elif entry.get("counters"):  # cards in exile may have counters (CR 122.1, 702.62a)
                    o = replace(o, counters=frozendict(entry["counters"]))
                placed.append(o)
                by_alias[entry["alias"]] = oid
                oid += 1
    game = place_all(game, placed)
    for child, host in attach:
        game = game.with_obj(replace(game.obj(child), attached_to=by_alias[host],
                                     attached_epoch=game.obj(by_alias[host]).epoch))
    # a permanent that starts phased out (CR 702.26b), what is attached to it with it (702.26g)
    game = with_phased_out(game, [by_alias[e["alias"]] for p in setup["players"]
                                  for e in p.get("battlefield", ()) if e.get("phased_out")])
    game = replace(game, next_id=oid + 1000)
    return game, Refs(game, by_alias)


class Script:
    """Plays the script, answering decisions from the case, recording what the observation needs."""

    def __init__(self, case: Mapping[str, Any], game: Game, refs: Refs, *,
                 prompt_forced: bool = True) -> None:
        self.case = case
        self.prompt_forced = prompt_forced
        self.game = game
        self.refs = refs
        self.entries: list[Mapping[str, Any]] = list(case.get("decisions", ()))
        self.used: set[int] = set()
        self.events: list[dict[str, Any]] = []
        self.decisions: list[dict[str, Any]] = []
        self.steps: list[dict[str, Any]] = []
        self.snapshots: dict[str, Any] = {}
        self.unanswered: dict[str, Any] | None = None

    def run(self) -> dict[str, Any]:
        for step in self.case.get("script", ()):
            if step["action"] == "observe":
                self.snapshots[step["label"]] = project(self.game, self.refs)
                self.steps.append({"outcome": "ok"})
                continue
            outcome = self._step(step)
            if self.unanswered is not None:
                break  # spec/README.md 2: the run stops; the step gets no entry, ``unanswered`` says why
            self.steps.append(outcome)
        return {"steps": self.steps, "final": project(self.game, self.refs), "snapshots": self.snapshots,
                "events": self.events, "decisions": self.decisions, "unanswered": self.unanswered}

    def _step(self, step: Mapping[str, Any]) -> dict[str, Any]:
        before = self.game
        try:
            action = self._action(step)
            result = apply(self.game, action)
            while result.pending is not None:
                answer = self._answer(result.pending)
                if answer is NOT_FOUND:
                    self.game = before
                    return {"outcome": "unanswered"}
                result = apply(result.game, {"action": "answer", "value": answer})
        except IllegalAction as exc:
            # CR 733.1: the illegal action is reversed; answers given stay used. Only a rule the engine
            # checked is a rejection: any other exception is the engine failing and propagates.
            self.game = before
            return {"outcome": "rejected", "rule": exc.rule, "reason": exc.reason}
        self.game = result.game
        self.events.extend(event_out(e, self.game, self.refs) for e in result.events)
        return {"outcome": "ok"}

    def _action(self, step: Mapping[str, Any]) -> dict[str, Any]:
        r = self.refs
        kind = step["action"]
        out: dict[str, Any] = {"action": kind}
        if "player" in step:
            out["player"] = r.player(step["player"])
        if kind in ("cast", "play_land"):
            out["card"] = r.obj(self.game, step["card"])
        elif kind == "activate":
            out["source"] = r.obj(self.game, step["source"])
            out["ability"] = step["ability"]
        elif kind == "advance":
            out["step"] = step["step"]
        elif kind == "declare_attackers":
            out["attackers"] = [(r.obj(self.game, a["attacker"]), r.target(self.game, a["defending"]))
                                for a in step["attackers"]]
        elif kind == "declare_blockers":
            out["blockers"] = [(r.obj(self.game, b["blocker"]), r.obj(self.game, b["attacker"]))
                               for b in step["blockers"]]
        return out

    def _answer(self, d: Decision) -> Any:
        game = self.game
        forced = forced_answer(d)
        record: dict[str, Any] = {"kind": d.kind, "player": self.refs.player_alias(d.player),
                                  "source": (self.refs.ref_of(game, d.source)
                                             if d.source is not None else None),
                                  "options": [self.refs.option_out(game, o) for o in d.options],
                                  "forced": forced is not None}
        if forced is not None and not self.prompt_forced:
            return self._auto(record, d, forced)
        index = self._match(d, record, forced is not None)
        if index is not None:
            entry = self.entries[index]
            self.used.add(index)
            record.update(answer=entry["answer"], used=index, auto=False)
            self.decisions.append(record)
            try:
                return self.refs.answer_in(game, d, entry["answer"])
            except MalformedAction as exc:  # the answer names no option: an illegal choice
                raise IllegalAction(DECISION_RULES.get(d.kind, "608.2d"),
                                    f"answer {entry['answer']!r}: {exc}") from exc
        if forced is not None:
            return self._auto(record, d, forced)
        self.unanswered = {k: record[k] for k in ("kind", "player", "source", "options")}
        return NOT_FOUND

    def _match(self, d: Decision, record: Mapping[str, Any], is_forced: bool) -> int | None:
        """The first unused entry with this kind, player and source (spec/README.md 1.4). An entry marked
        ``forced`` answers only a forced decision: an engine that took an earlier forced decision itself
        must not have that entry answer a later real choice."""
        for i, entry in enumerate(self.entries):
            if i in self.used or entry["kind"] != d.kind or (entry.get("forced") and not is_forced):
                continue
            if "player" in entry and entry["player"] != record["player"]:
                continue
            if "source" in entry and d.source is not None:
                try:
                    if self.refs.obj(self.game, entry["source"]) != d.source:
                        continue
                except MalformedAction:
                    continue
            return i
        return None

    def _auto(self, record: dict[str, Any], d: Decision, forced: tuple[Any]) -> Any:
        """A forced decision taken without the script: its one legal answer (spec/README.md 1.4)."""
        record.update(answer=self.refs.answer_out(self.game, d, forced[0]), used=None, auto=True)
        self.decisions.append(record)
        return forced[0]


def run_case(case: Mapping[str, Any], cards: Mapping[str, Mapping[str, Any]], *,
             prompt_forced: bool = True) -> dict[str, Any]:
    """Run one case (spec/README.md) and return the observation (section 2).

    ``prompt_forced=False`` plays like an engine that never asks a forced decision (one legal answer,
    spec/README.md 1.4) and takes it itself, as MTGO and Arena do: the suite's own tests use it to show
    that no case depends on a forced decision being asked.
    """
    game, refs = build(case, cards)
    return Script(case, game, refs, prompt_forced=prompt_forced).run()
