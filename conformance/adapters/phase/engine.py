"""Adapter core for phase.rs through PyPI ``phase-python`` (import ``phase``).

``run_case(case, cards)`` puts phase into the case's setup (decks and sideboards made of the case's
cards, FreeForAll for more than 2 players, debug mode turned on by editing the exported state, Debug
actions to place objects), plays the script,
answers every prompt from the case's decisions (spec/README.md 1.4) and returns the observation
(spec/README.md 2). It never compares and never corrects the engine: what phase does is the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.adapters.common import (
    BASIC_LANDS,
    Rejected,
    Unanswered,
    Unsupported,
    guarded_run,
    items,
    observation,
    query_matches,
    rule_in,
    setup_objects,
)
from conformance.adapters.phase import cards as phase_cards
from conformance.adapters.phase import events, free_cast, imprint, observe, payment, target_slots
from conformance.adapters.phase.setup import MAX_PASSES, SERDE_ERRORS, PhaseSetup
from conformance.adapters.phase.vocab import (
    PHASE_OF_STEP,
    PROMPTS,
    PromptHandler,
    attachments,
    copy_branch,
    crew_flags,
    decision_events,
    is_buyback,
    phase_ability_position,
    prompt_key,
    prompt_source,
)
from conformance.documents import (
    Action,
    Answer,
    Card,
    Case,
    EngineAnswer,
    Event,
    Projection,
    Ref,
    StepResult,
)

ENGINE_NAME = "phase.rs (phase-python)"
ENGINE_VERSION = phase_cards.ENGINE_VERSION  # part of the adapter module interface (serve.py)
ADAPTER_NAME = "mtgc-phase"
ADAPTER_VERSION = "0.11.0"
# Each case is tried and refused (unsupported) only when its setup cannot be built in phase. Costs to
# attack (CR 508.1g-j) are translated in attack_costs.py (phase asks them as CombatTaxPayment after the
# declaration and pays them by itself); a case it cannot translate is not applicable there, with why.
# Every feature is tried (issue 17's included): imprint's `card_from_hand` decision is translated in
# imprint.py, buyback's in vocab (OptionalCostChoice:Buyback); additional phases (phase's AdditionalPhase:
# advance and the step events follow phase's PhaseChanged) and unearth (ActivateAbility of a card in a
# graveyard, as any activation) need nothing more (docs/adapters-notes.md, adapter 0.10.0).
UNSUPPORTED_FEATURES: frozenset[str] = frozenset()
# Phasing (CR 702.26) is translated: a phased-out permanent of the setup is given phase's PhaseStatus
# (engine._edit_state), PermanentPhasedOut/In are phased_out/phased_in events, and object views say
# phased_out (observe.py).

PRE_ATTACK = ("BeginCombat", "PreCombatMain")


@dataclass(frozen=True)
class _Prompt:
    """A phase prompt being answered, as the case's decision it stands for."""

    kind_type: str  # phase's prompt type
    key: str  # the PROMPTS key
    data: dict[str, Any]
    seat: int
    player: str | None
    source_id: int | None
    kind: str  # the case's decision kind
    options: Any


class _AdapterError(Exception):
    """The adapter itself sent phase something it could not parse: an adapter bug, reported as error."""


class PhaseRun(PhaseSetup):
    """One case on phase. phase's own objects (its module, game, states, actions, events) are untyped
    JSON here (``Any``); the case and the observation are the documents'."""

    # ------------------------------------------------------------ low level

    def apply(self, actor: int, action: dict[str, Any]) -> Any:
        before = self._remember_stack()
        self.attachments = attachments(self)
        counters = events.battlefield_counters(self)
        try:
            result = self.g.apply(actor, action)
            self.log.append((actor, action))
        except ValueError as exc:
            msg = str(exc)
            if any(s in msg for s in SERDE_ERRORS):
                raise _AdapterError(f"{action.get('type')}: {msg}") from exc
            raise Rejected(msg, rule_in(msg)) from exc
        after = self._remember_stack()
        if self.watch_mana is not None:
            payment.refuse_auto_tapping(self, result.events)
        self._map_events(result.events)
        self.events.extend(events.derived_counters(self, counters, list(result.events or [])))
        # phase 0.103.0 does not always report a StackPushed for a triggered ability (e.g. a trigger
        # put on the stack as a spell becomes cast): a trigger that is on the stack now and was not
        # before was put there by this action (CR 603.3), so it is reported after the action's events.
        for sid in after - before - self.triggers_reported:
            event = self.pushed_event({"object_id": sid})
            if event is not None:
                self.events.append(event)
        return result

    def take_more(self, kind: str, seat: Any, n: int,
                  options_of: Callable[[list[Answer]], Sequence[object] | None] | None = None
                  ) -> list[Answer]:
        """The answers of the next ``n`` unused entries of ``kind`` for this player, marked used and
        recorded as asked: one phase prompt that answers several of the case's decisions at once. With
        fewer than ``n``, none is taken (Rejected): an answer marked used must be one sent to phase.
        ``options_of(the answers taken before it)`` gives each one's options, when phase lists them."""
        player = self.player_of(seat)
        found: list[int] = []
        for _ in range(max(0, n)):
            index = self.book.match(kind, player, lambda ref: True)
            if index is None:
                self.book.used -= set(found)
                raise Rejected(f"{kind}: the case answers fewer of these choices than phase asks at once")
            self.book.used.add(index)
            found.append(index)
        out: list[Answer] = []
        for index in found:
            answer = self.book.entries[index]["answer"]
            options = options_of(list(out)) if options_of is not None else None
            self.book.record(kind, player, None, options, answer, index, False)
            out.append(answer)
        return out

    def player_of(self, seat: Any) -> str | None:
        return self.players[seat] if isinstance(seat, int) and 0 <= seat < len(self.players) else None

    def ref_of(self, oid: Any, name: str | None = None) -> str | None:
        """The case alias of a phase object, or ``Name#n`` for one the case didn't name (a token); ``name``
        from an event's record serves when the object is already gone (a 0/0 token)."""
        if not isinstance(oid, int):
            return None
        if oid not in self.refs:
            try:
                name = self.g.object(oid)["name"]
            except ValueError:
                name = name or self.batch_names.get(oid) or "Unknown"
            n = self.seen_names.get(name, 0) + 1
            self.seen_names[name] = n
            self.refs[oid] = f"{name}#{n}"
        return self.refs[oid]

    def target_option(self, t: Any) -> Ref | None:
        """A target phase lists or holds, as a case ref: an ability on the stack (Stifle's target) is
        named by its source, {"ability_of": ref}; anything else as ``target_ref``."""
        ability = self._stack_ability_source(t["Object"]) if isinstance(t, dict) and "Object" in t else None
        if ability is not None:
            return {"ability_of": self.ref_of(ability) or f"#{ability}"}
        return self.target_ref(t)

    def target_ref(self, t: Any) -> str | None:
        if isinstance(t, dict) and "Object" in t:
            return self.ref_of(t["Object"])
        if isinstance(t, dict) and "Player" in t:
            return self.player_of(t["Player"])
        return None

    def _stack_ability_source(self, oid: Any) -> int | None:
        """The source of the activated or triggered ability that is phase's stack entry ``oid`` (phase
        targets one as {"Object": its stack entry id}); None for a spell or anything else."""
        if not isinstance(oid, int):
            return None
        if oid not in self.stack_info:
            self._remember_stack()
        source, kind, _ = self.stack_info.get(oid, (None, "Spell", 0))
        return None if kind == "Spell" else source

    def resolve_ref(self, ref: object) -> dict[str, Any]:
        """A case ref -> phase target ({"Object": id} or {"Player": seat}); an ability on the stack,
        {"ability_of": its source}, is phase's {"Object": its stack entry id}."""
        if isinstance(ref, dict) and "ability_of" in ref:
            source = self.object_id(ref["ability_of"])
            found = [e["id"] for e in self.g.stack()
                     if e["source_id"] == source and e["kind"]["type"] != "Spell"]
            if len(found) != 1:
                raise Rejected(f"ref {ref} matches {len(found)} abilities on the stack")
            return {"Object": found[0]}
        if isinstance(ref, str):
            if ref in self.seat:
                return {"Player": self.seat[ref]}
            if ref in self.ids:
                return {"Object": self.ids[ref]}
            raise Rejected(f"unknown ref {ref!r}")
        if not isinstance(ref, dict):  # a ref is an alias or {"find": query}
            raise TypeError(f"{type(ref).__name__!r} object is not subscriptable")
        query = ref["find"]
        hits = [o for o in self.project()["objects"] if query_matches(o, query)]
        if len(hits) != 1:
            raise Rejected(f"ref {ref} matches {len(hits)} objects")
        oid = next(i for i, r in self.refs.items() if r == hits[0]["ref"])
        return {"Object": oid}

    def object_id(self, ref: object) -> int:
        t = self.resolve_ref(ref)
        if "Object" not in t:
            raise Rejected(f"{ref!r} is a player, not an object")
        return int(t["Object"])

    def _remember_stack(self) -> set[int]:
        """Note what each stack object is (phase's events name only its id); the ids on the stack."""
        ids = set()
        for e in self.g.stack():
            kind = e["kind"]["type"]
            if kind == "KeywordAction":  # crew: {"action": {"type": "Crew", ...}}, an activated ability
                kind = f"KeywordAction:{((e['kind'].get('data') or {}).get('action') or {}).get('type')}"
            self.stack_info[e["id"]] = (e["source_id"], kind, e["controller"])
            if events.chain_has_targets((e["kind"].get("data") or {}).get("ability")):
                self.stack_targeted.add(e["id"])
            ids.add(e["id"])
        return ids

    # ------------------------------------------------------------ script

    def run_script(self) -> tuple[list[StepResult], dict[str, Projection]]:
        steps: list[StepResult] = []
        snapshots: dict[str, Projection] = {}
        for step in self.case["script"]:
            if step["action"] == "observe":
                snapshots[step["label"]] = self.project()
                steps.append({"outcome": "ok"})
                continue
            saved = self.g.state()
            marks = (len(self.events), set(self.triggers_reported), len(self.log))
            try:
                self.do(step)
                steps.append({"outcome": "ok"})
            except Rejected as exc:
                self.g = self._rewind(marks[2], saved)
                # CR 733: the step is reversed, but the decisions asked during it were asked and the
                # answers given stay used (spec/README.md 1.4: an illegal answer rejects its step)
                del self.events[marks[0]:]
                self.triggers_reported = marks[1]
                steps.append({"outcome": "rejected", "rule": exc.rule, "reason": exc.reason})
            except Unanswered:
                break  # spec 2: the run stops; the step gets no entry, ``unanswered`` says why
        return steps, snapshots

    def _rewind(self, accepted: int, saved: Any) -> Any:
        """The game as it was before a rejected step. load_game(saved) alone is not it: phase's loader drops
        what it counts per permanent (loyalty_activations_this_turn, CR 606.3), so the actions accepted
        before the step are replayed on the script's starting state; the saved state is loaded instead if
        the replay does not give the same state."""
        del self.log[accepted:]
        g = self.engine.load_game(self.start)
        try:
            for actor, action in self.log:
                g.apply(actor, action)
        except ValueError:
            return self.engine.load_game(saved)
        # (precast_shortcut_runtime, outside the game state, counts the loads: it is not compared)
        return g if g.state()["state"] == saved["state"] else self.engine.load_game(saved)

    def do(self, step: Action) -> None:
        act = step["action"]
        self.attack_costs.check_idle(act)
        if act == "cast":
            oid = self.object_id(step["card"])
            seat = self.seat[step["player"]]
            self.context = oid
            card_id = self.g.object(oid).get("card_id", oid)
            # Manual (phase asks ManaPayment, answered from the pool only: payment.pay_mana) when the case
            # says how to pay this spell; else Auto, refused if phase taps a source for mana
            # (payment.refuse_auto_tapping)
            # convoke (CR 702.51a) is offered only in phase's manual payment
            manual = payment.scripted_payment(self, seat, oid) or payment.has_convoke(self, oid)
            self.paying = None
            self.convoked = False
            self.watch_mana = None if manual else oid
            try:
                self.apply(seat, {"type": "CastSpell", "data": {
                    "object_id": oid, "card_id": card_id, "targets": [],
                    "payment_mode": {"type": "Manual" if manual else "Auto"}}})
                self.settle()
            finally:
                self.watch_mana = None
        elif act == "activate":
            oid = self.object_id(step["source"])
            self.context = oid
            n = self.activating = int(step["ability"])
            crew = crew_flags(self, oid)  # phase's activated abilities leave out crew
            if n < len(crew) and crew[n]:
                # crew (CR 702.122a) is phase's CrewVehicle action; it then asks which creatures to tap
                self.apply(self.seat[step["player"]], {"type": "CrewVehicle", "data": {
                    "vehicle_id": oid, "creature_ids": []}})
                self.settle()
                return
            index = self.ability_index(oid, n - sum(crew[:n]))
            later = self.case["script"][next(i for i, s in enumerate(self.case["script"]) if s is step) + 1:]
            if self.attack_costs.hold(self, self.seat[step["player"]], oid, index, later):
                return  # activated when phase asks the cost to attack (attack_costs.py)
            # phase pays an activation's cost by itself (ActivateAbility has no payment mode): refused
            # if it taps a source other than this one for mana (payment.refuse_auto_tapping)
            self.watch_mana = oid
            try:
                self.apply(self.seat[step["player"]], {"type": "ActivateAbility", "data": {
                    "source_id": oid, "ability_index": index}})
                self.settle()
            finally:
                self.watch_mana = None
        elif act == "play_land":
            oid = self.object_id(step["card"])
            card_id = self.g.object(oid).get("card_id", oid)
            self.apply(self.seat[step["player"]], {"type": "PlayLand", "data": {
                "object_id": oid, "card_id": card_id}})
            self.settle()
        elif act == "pass":
            self.context = self._top_source()
            self.apply(self.seat[step["player"]], {"type": "PassPriority"})
            self.settle()
        elif act == "resolve":
            self.resolve_top()
        elif act == "advance":
            self.advance(step["step"])
        elif act == "declare_attackers":
            self.declare_attackers(step)
        elif act == "declare_blockers":
            self.declare_blockers(step)
        else:
            raise Rejected(f"the phase adapter does not drive {act!r}")

    def ability_index(self, oid: int, n: int) -> int:
        abilities = self.g.object(oid).get("abilities") or []
        activated = [i for i, a in enumerate(abilities) if a.get("kind") == "Activated"]
        n = phase_ability_position(self, oid, n, [abilities[i] for i in activated])
        if n >= len(activated):
            raise Rejected(f"object has {len(activated)} activated abilities in phase, no index {n}")
        return activated[n]

    def _top_source(self) -> int | None:
        stack = self.g.stack()  # phase lists the stack bottom first: the top is the last entry
        return stack[-1]["source_id"] if stack else None

    def resolve_top(self) -> None:
        stack = self.g.stack()
        if not stack:
            raise Rejected("resolve: the stack is empty")
        top = stack[-1]["id"]  # g.stack() is bottom first (docs/certification/spot-checks.md, check 1)
        self.context = stack[-1]["source_id"]
        for _ in range(MAX_PASSES):
            if top not in {e["id"] for e in self.g.stack()}:
                self.settle()
                return
            w = self.waiting()
            if w["type"] != "Priority":
                if w["type"] == "GameOver":
                    return
                self.answer(w)
                continue
            self.apply(w["data"]["player"], {"type": "PassPriority"})
        raise Rejected("resolve: the top of the stack did not resolve")

    def advance(self, step: str) -> None:
        target = PHASE_OF_STEP[step]
        start = (self.g.turn, self.g.phase)
        order = list(PHASE_OF_STEP.values())
        later_this_turn = order.index(target) > order.index(start[1]) if start[1] in order else False
        # the turn in which the step is next: this one, or the next one (spec: advance to the next time
        # the step begins)
        due = start[0] if later_this_turn else start[0] + 1
        for _ in range(MAX_PASSES):
            w = self.waiting()
            here = (self.g.turn, self.g.phase)
            if here[0] > due or (here[0] == due and here[1] in order
                                 and order.index(here[1]) > order.index(target)):
                # phase went past the step without anyone getting priority in it (e.g. no declare
                # attackers step when no creature can attack): the step the script names never began
                raise Rejected(f"advance: phase skipped the {step} step (now in {here[1]})")
            if w["type"] == "Priority":
                if here != start and self.g.phase == target:
                    return
                if self.g.stack():
                    raise Rejected(f"advance: the stack is not empty in {self.g.phase}")
                self.apply(w["data"]["player"], {"type": "PassPriority"})
            elif w["type"] in ("DeclareAttackers", "DeclareBlockers") and self.g.phase == target:
                return  # the step has begun; its declaration is the script's next step (spec 1.3)
            elif w["type"] == "DeclareAttackers":
                self.apply(w["data"]["player"], {"type": "DeclareAttackers",
                                                 "data": {"attacks": [], "bands": []}})
            elif w["type"] == "DeclareBlockers":
                self.apply(w["data"]["player"], {"type": "DeclareBlockers", "data": {"assignments": []}})
            elif w["type"] == "GameOver":
                raise Rejected("advance: the game is over")
            else:
                self.answer(w)
        raise Rejected(f"advance: {step} was not reached")

    def declare_attackers(self, step: Action) -> None:
        for _ in range(MAX_PASSES):
            w = self.waiting()
            if w["type"] == "DeclareAttackers":
                break
            if w["type"] != "Priority" or self.g.stack() or self.g.phase not in PRE_ATTACK:
                raise Rejected(f"declare_attackers: phase is in {self.g.phase} waiting for {w['type']}")
            self.apply(w["data"]["player"], {"type": "PassPriority"})
        attacks = [[self.object_id(a["attacker"]), self._attack_target(a["defending"])]
                   for a in step["attackers"]]
        self.apply(self.seat[step["player"]], {"type": "DeclareAttackers",
                                               "data": {"attacks": attacks, "bands": []}})
        self.settle()
        self.attack_costs.release(self)

    def _attack_target(self, ref: Ref) -> dict[str, Any]:
        # phase's AttackTarget is internally tagged, like Debug::Attach's target
        t = self.resolve_ref(ref)
        return ({"type": "Player", "data": t["Player"]} if "Player" in t
                else {"type": "Planeswalker", "data": t["Object"]})

    def declare_blockers(self, step: Action) -> None:
        """Pass until phase asks DeclareBlockers, then declare [blocker, attacker] pairs (CR 509.1)."""
        for _ in range(MAX_PASSES):
            w = self.waiting()
            if w["type"] == "DeclareBlockers":
                break
            after_blocks = ("DeclareBlockers", "FirstStrikeDamage", "CombatDamage", "EndCombat")
            if w["type"] == "Priority" and self.g.phase in after_blocks:
                # phase asked no declaration: no creature could block (or no attacker); "no blockers"
                # is what happened, anything else can't be declared
                if not step["blockers"]:
                    return
                raise Rejected(f"declare_blockers: phase asked for no blockers (now in {self.g.phase})")
            if w["type"] != "Priority" or self.g.stack():
                raise Rejected(f"declare_blockers: phase is in {self.g.phase} waiting for {w['type']}")
            self.apply(w["data"]["player"], {"type": "PassPriority"})
        pairs = [[self.object_id(b["blocker"]), self.object_id(b["attacker"])] for b in step["blockers"]]
        self.apply(self.seat[step["player"]], {"type": "DeclareBlockers", "data": {"assignments": pairs}})
        self.settle()

    # ------------------------------------------------------------ decisions

    def settle(self) -> None:
        """Answer prompts until a player has priority (or the game is over)."""
        for _ in range(MAX_PASSES):
            w = self.waiting()
            if w["type"] in ("Priority", "GameOver"):
                return
            self.answer(w)
        raise Rejected("phase kept prompting")

    def answer(self, w: dict[str, Any]) -> None:
        """Answer one phase prompt: a payment, a prompt that continues an answer already given, or a
        decision answered from the case's entries (or, with none, the one action phase allows)."""
        kind_type = w["type"]
        data = w.get("data") or {}
        seat = data.get("player", self.g.priority_player())
        if self._pay(kind_type, data, seat):
            return
        source_id = self._decision_source(kind_type, data)
        key = self._prompt_key(kind_type, data)
        if self._continue_answer(key, data, seat):
            return
        handler = PROMPTS.get(key)
        kind = handler[0] if handler else f"phase:{key}"
        options = handler[1](self, data) if handler else None
        if key == "CopyTargetChoice" and self.copy_declinable and options is not None:
            options = [*options, None]  # declining was offered at the prompt before (CR 707.5: "you may")
            self.copy_declinable = False
        prompt = _Prompt(kind_type, key, data, seat, self.player_of(seat), source_id, kind, options)
        if handler and self._answer_from_entry(prompt, handler):
            return
        self._answer_without_entry(prompt, handler)

    def _pay(self, kind_type: str, data: dict[str, Any], seat: int) -> bool:
        """Mana, a cost to attack, the Phyrexian part of a payment: answered from the payment being made."""
        if kind_type == "ManaPayment":
            if data.get("convoke_mode") == "Convoke" and not self.convoked:
                payment.convoke(self, seat)
            payment.pay_mana(self, seat)
            return True
        if kind_type == "CombatTaxPayment":  # a cost to attack (CR 508.1h-j): attack_costs.py
            self.attack_costs.pay(self, seat, data)
            return True
        if kind_type == "PhyrexianPayment" and self.paying is not None:
            # the Phyrexian symbols' part of the payment chosen at ManaPayment (spec: one mana_payment)
            action = PROMPTS["PhyrexianPayment"][2](self, data, self.paying[0])
            payment.check_paid(self, self.apply(seat, action))
            return True
        return False

    def _decision_source(self, kind_type: str, data: dict[str, Any]) -> int | None:
        source_id = prompt_source(self, data)
        if kind_type == "TriggerTargetSelection":
            self.trigger_source = source_id
        elif kind_type == "DistributeAmong" and self.trigger_source is not None:
            # phase asks a trigger's division (CR 603.3d, 601.2d) right after its targets, naming no
            # source (what resolves, e.g. the Murder that killed Gang of Devils, is not it)
            source_id, self.trigger_source = self.trigger_source, None
        else:
            self.trigger_source = None
        return source_id

    def _prompt_key(self, kind_type: str, data: dict[str, Any]) -> str:
        """The PROMPTS key: phase's prompt type, told apart where one type asks different decisions."""
        key = prompt_key(kind_type, data)
        if key == "OptionalCostChoice" and is_buyback(self, data):
            return "OptionalCostChoice:Buyback"
        if key == "OptionalEffectChoice" and imprint.exiles_from_hand(self, data):
            return "OptionalEffectChoice:CardFromHand"  # "you may exile a card from your hand"
        return key

    def _continue_answer(self, key: str, data: dict[str, Any], seat: int) -> bool:
        """A prompt phase asks for the rest of an answer already given (one case decision, two prompts)."""
        if key == "EffectZoneChoice:ExileFromHand" and self.card_from_hand is not None:
            # which card: the one accepted at the "you may" just before (one card_from_hand decision)
            chosen, self.card_from_hand = self.card_from_hand, None
            self.apply(seat, imprint.select(self, data, chosen))
            return True
        if key == "CopyRetarget:Choose" and self.copy_targets:
            # the next target of the targets answer given at this copy's first slot (one decision)
            target = self.resolve_ref(self.copy_targets.pop(0))
            self.apply(seat, {"type": "ChooseTarget", "data": {"target": target}})
            return True
        return False

    def _source_matches(self, source_id: int | None) -> Callable[[Ref], bool]:
        def matches(ref: Ref) -> bool:
            try:
                return source_id is not None and self.resolve_ref(ref) == {"Object": source_id}
            except Rejected:
                return False
        return matches

    def _answer_from_entry(self, p: _Prompt, handler: PromptHandler) -> bool:
        """Answer from the case's first unused entry for this decision; False when none matches."""
        index = self.book.match(p.kind, p.player, self._source_matches(p.source_id), p.options)
        if index is None:
            return False
        source = self.ref_of(p.source_id) if p.source_id is not None else None
        answer = self.book.entries[index]["answer"]
        if p.key == "ReplacementChoice:Copy" and answer:
            # accept the copy effect; the CopyTargetChoice phase asks next takes the copy_of answer
            self.apply(p.seat, {"type": "ChooseReplacement", "data": {"index": copy_branch(p.data, True)}})
            self.copy_declinable = True
            return True
        # recorded first: an answer phase cannot be sent (not among what it offers) rejects the step
        # and stays used, like one phase refuses (spec/README.md 1.4)
        self.book.record(p.kind, p.player, source, p.options, answer, index, False)
        # a flat targets answer that leaves an "up to" slot empty goes slot by slot (target_slots.py)
        per_slot = target_slots.slot_actions(self, p.data, answer) if p.key in target_slots.SLOT_PROMPTS \
            else None
        action = handler[2](self, p.data, answer) if per_slot is None else per_slot[0]
        mark = len(self.events)
        before = self._object_ids() if p.kind_type == "OutsideGameChoice" else None
        entering = self.entering_choice if p.source_id == self.entering_choice else None
        self.apply(p.seat, action)
        for more in (per_slot or [])[1:]:
            if self.waiting().get("type") != p.kind_type:
                break  # phase asks no more slots
            self.apply(p.seat, more)
        # the choice is made before its result is performed (e.g. CR 701.55a), so its event goes
        # before the events phase reports for answering the prompt
        self.events[mark:mark] = decision_events(self, p.key, p.data, p.player, answer, entering)
        if before is not None:
            self._brought_in(before, answer)
        if p.key == "OptionalEffectChoice:CardFromHand" and answer is not None \
                and self.waiting().get("type") == "EffectZoneChoice":
            self.card_from_hand = answer
        if p.key == "CopyRetarget:Choose" and self.waiting().get("type") == "CopyRetarget":
            self.copy_targets = list(items(answer or []))[1:]
        return True

    def _answer_without_entry(self, p: _Prompt, handler: PromptHandler | None) -> None:
        """No entry answers the prompt: a decision with one legal answer is taken (spec 1.4), a prompt
        that is part of one the case answers elsewhere is accepted; anything else stops as unanswered."""
        source = self.ref_of(p.source_id) if p.source_id is not None else None
        if p.key == "OptionalEffectChoice:CardFromHand" and p.options == [None]:
            # no card qualifies (phase's accepting would exile none): declining is the one legal answer
            self.book.record(p.kind, p.player, source, p.options, None, None, True)
            self.apply(p.seat, imprint.decide(self, p.data, None))
            return
        if p.key == "OptionalEffectChoice" and free_cast.casts_from_empty_hand(self, p.data):
            # "you may cast a spell from your hand" with an empty hand: moot, declined (free_cast.py)
            self.book.record(p.kind, p.player, source, p.options, False, None, True)
            self.apply(p.seat, free_cast.DECLINE)
            return
        if (p.key == "OptionalEffectChoice"
                and "choose new targets" in str(p.data.get("description", "")).lower()
                and self.book.match("new_targets", p.player, self._source_matches(p.source_id)) is not None):
            # phase asks Redirect's "you may choose new targets" as a yes/no before the targets; the
            # case's one new_targets decision answers both (keeping a target is a choice, CR 115.7d)
            self.apply(p.seat, {"type": "DecideOptionalEffect", "data": {"accept": True}})
            return
        if p.kind == "new_targets" and p.options and len(p.options) == 1 and handler:
            # a copy's only possible target is its current one: one legal answer (spec 1.4), auto
            self.book.record(p.kind, p.player, source, p.options, p.options, None, True)
            self.apply(p.seat, handler[2](self, p.data, p.options))
            return
        legal = [a for a in self.g.actions() if a.kind != "CancelCast"]
        if len(legal) == 1:
            action = legal[0].to_dict()
            self.book.record(p.kind, p.player, source, p.options, action.get("data"), None, True)
            self.apply(p.seat, action)
            return
        self.book.stop(p.kind, p.player, source, p.options)
        raise Unanswered(p.kind)

    def _object_ids(self) -> set[int]:
        return {int(k) for k in self.g.state()["state"]["objects"]}

    def _brought_in(self, before: set[int], answer: Answer) -> None:
        """phase makes a card brought in from outside the game a new object and reports it only as
        CardsRevealed (when revealed): the new object of that card's name is the answer's alias, and its
        arrival is a zone_change from null (spec/README.md 2.2)."""
        if not isinstance(answer, str) or answer not in self.outside:
            return
        seat, _, card = self.outside[answer]
        for oid in sorted(self._object_ids() - before):
            o = self.g.object(oid)
            if o.get("name") == card and o.get("owner") == seat:
                self.ids[answer] = oid
                self.refs[oid] = answer
                self.events.append({"type": "zone_change", "object": answer, "from": None,
                                    "to": self._zone(o.get("zone"))})
                return

    def project(self) -> Projection:
        return observe.project(self)

    # ------------------------------------------------------------ events

    def _map_events(self, raw: Any) -> None:
        raw = list(raw or [])
        # an object gone by the end of the batch (a token that died as a 0/0) is named by its records in
        # the batch, even where an earlier event of the batch names it only by id
        self.batch_names = events.names(raw)
        mapped, self.entering_choice = events.translate(self, raw)
        self.events.extend(mapped)

    def controller_now(self, oid: Any) -> str | None:
        """The controller of an object (phase's TokenCreated event does not say): as its ZoneChanged record
        said, else as it is now."""
        if oid in self.recorded_controller:
            return self.player_of(self.recorded_controller[oid])
        try:
            return self.player_of(self.g.object(oid).get("controller")) if isinstance(oid, int) else None
        except ValueError:
            return None

    def _zone(self, z: Any) -> str | None:
        return str(z).lower() if z else None

    def zone_changed_event(self, d: dict[str, Any]) -> Event:
        record = d.get("record") or {}
        oid = d.get("object_id")
        if isinstance(oid, int) and isinstance(record.get("controller"), int):
            self.recorded_controller[oid] = record["controller"]
        return {"type": "zone_change", "object": self.ref_of(oid, record.get("name")),
                "from": self._zone(d.get("from")), "to": self._zone(d.get("to"))}

    def resolved_event(self, d: dict[str, Any]) -> Event:
        source, kind, _ = self.stack_info.get(d.get("object_id", -1), (d.get("object_id"), "Spell", 0))
        return {"type": "resolved", "source": self.ref_of(source),
                "kind": "spell" if kind == "Spell" else "ability"}

    def became_target_event(self, d: dict[str, Any]) -> Event | None:
        """phase's BecomesTarget {target: {"Object": id}, source_id, source_controller} (CR 115.7)."""
        t = d.get("target")
        if not (isinstance(t, dict) and "Object" in t):
            return None  # a player: the case's became_target is about objects
        return {"type": "became_target", "object": self.ref_of(t["Object"]),
                "player": self.player_of(d.get("source_controller")),
                "source": self.ref_of(d.get("source_id"))}

    def pushed_event(self, d: dict[str, Any]) -> Event | None:
        info = self.stack_info.get(d.get("object_id", -1))
        if info and info[1] not in ("Spell", "ActivatedAbility", "KeywordAction:Crew"):
            self.triggers_reported.add(d["object_id"])
            return {"type": "ability_triggered", "controller": self.player_of(info[2]),
                    "source": self.ref_of(info[0])}
        return None


# ---------------------------------------------------------------- entry point



def run_case(case: Case, cards: dict[str, Card]) -> EngineAnswer:
    """Run one case on phase; see the module docstring. Adds ``seconds`` (wall time of the case)."""

    def body() -> EngineAnswer:
        all_cards = dict(cards)
        for c in case.get("cards", []):
            all_cards[c["name"]] = c
        missing = sorted({o.card for o in setup_objects(case)} - set(all_cards) - set(BASIC_LANDS))
        if missing:
            return {"status": "error", "reason": f"cards missing from the catalogue: {missing}"}
        engine, broken = phase_cards.engine_for(all_cards)
        names = {o.card.lower() for o in setup_objects(case)}
        used_broken = {n: why for n, why in broken.items() if n in names}
        if used_broken:
            raise Unsupported(f"phase could not build cards: {used_broken}")
        run = PhaseRun(engine, case, all_cards)
        try:
            run.setup()
            steps, snapshots = run.run_script()
        except _AdapterError as exc:
            return {"status": "error", "reason": f"adapter sent phase an unreadable action: {exc}"}
        return {"status": "observed",
                "observation": observation(steps, run.project(), snapshots, run.events, run.book)}

    return guarded_run(case, engine="phase-python", module="phase", unsupported_features=UNSUPPORTED_FEATURES,
                       body=body)
