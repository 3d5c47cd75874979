"""Building a case's starting state in phase: the decks, the game, and every object the setup names
(permanents with their counters, hands, graveyards, exile, sideboards), with phase's Debug actions and
an edited saved state where no action sets what the case needs. :class:`PhaseRun` (engine.py) plays the
script on top."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.adapters.common import (
    DecisionBook,
    SetupObject,
    Unsupported,
    counter_from_case,
    setup_objects,
)
from conformance.adapters.phase.attack_costs import AttackCosts
from conformance.adapters.phase.phasing import phased_out_setup
from conformance.adapters.phase.vocab import (
    COLOR_OF_SYMBOL,
    PHASE_OF_STEP,
    ZONE_TO_PHASE,
)
from conformance.documents import (
    Answer,
    Card,
    Case,
    Event,
)

DECK_SIZE = 40
MAX_PASSES = 400
SERDE_ERRORS = ("missing field", "unknown variant", "invalid type", "unknown field", "expected struct")


class PhaseSetup:
    """One case on phase. phase's own objects (its module, game, states, actions, events) are untyped
    JSON here (``Any``); the case and the observation are the documents'."""

    def __init__(self, engine: Any, case: Case, cards: dict[str, Card] | None = None) -> None:
        self.engine = engine
        self.case = case
        self.cards = cards or {}  # the catalogue's cards by name (their abilities: which one is crew)
        self.players: list[str] = [p["alias"] for p in case["setup"]["players"]]
        self.seat = {a: i for i, a in enumerate(self.players)}
        self.ids: dict[str, int] = {}
        self.refs: dict[int, str] = {}
        self.seen_names: dict[str, int] = {}
        self.book = DecisionBook(list(case.get("decisions", [])))
        self.events: list[Event] = []
        self.stack_info: dict[int, tuple[int, str, int]] = {}
        self.stack_targeted: set[int] = set()  # stack objects that had targets (CR 608.2b applies)
        self.triggers_reported: set[int] = set()
        self.recorded_controller: dict[int, int] = {}  # from ZoneChanged records
        self.activating: int | None = None  # the script's ability index of the activation under way
        # the payment chosen at phase's ManaPayment prompt, until phase has taken it: (answer, seat,
        # the payer's pool before it, by symbol)
        self.paying: tuple[Mapping[str, object], int, dict[str, int]] | None = None
        self.convoked = False  # the convoke decision of the spell being cast was made (payment.convoke)
        # the spell or ability being cast or activated while phase pays it by itself (Auto)
        self.watch_mana: int | None = None
        self.context: int | None = None
        self.g: Any = None
        self.start: Any = None  # phase's state when the script starts
        self.log: list[tuple[int, Any]] = []  # every action phase accepted since then
        self.outside: dict[str, tuple[int, int, str]] = {}  # sideboard alias -> (seat, index, card)
        self.entering_choice: int | None = None  # a permanent phase asks a choice for as it enters
        self.copy_declinable = False  # the copy effect was accepted at phase's apply-or-decline prompt
        self.trigger_source: int | None = None  # the trigger whose targets phase asked last
        self.batch_names: dict[int, str] = {}  # names the event batch being read gives its objects
        self.attachments: dict[int, Any] = {}  # Equipment and Auras: attached_to before the action
        self.attachables: list[int] | None = None  # the Equipment and Auras (vocab.attachments)
        self.attack_costs = AttackCosts()  # mana abilities held for a cost to attack (CR 508.1i)
        self.card_from_hand: Answer | None = None  # accepted at phase's "you may exile" (imprint.py)
        self.copy_targets: list[object] = []  # the rest of a cast copy's targets answer, slot by slot


    def dbg(self, kind: str, data: Any) -> None:
        try:
            self.g.apply(0, {"type": "Debug", "data": {"type": kind, "data": data}})
        except ValueError as exc:
            raise Unsupported(f"phase refused setup Debug::{kind} {data}: {exc}") from exc

    def waiting(self) -> dict[str, Any]:
        return dict(self.g.waiting_for())

    # ------------------------------------------------------------ setup

    def setup(self) -> None:
        case = self.case
        setup = case["setup"]
        objs = list(setup_objects(case))
        if any(o.spec.get("loyalty_activated") for o in objs):
            # phase counts CR 606.3 activations per permanent (GameObject.loyalty_activations_this_turn):
            # no Debug action sets it and load_game drops it (docs/adapters-notes.md)
            raise Unsupported("phase cannot be given a loyalty ability activated earlier this turn: no Debug "
                              "action sets an object's loyalty_activations_this_turn and load_game drops it")
        collection = [o.alias for o in objs if o.zone == "collection"]
        if collection:
            # leaving the collection out would make the case's point (sideboard, not collection, CR 400.11)
            # the adapter's doing rather than phase's: the setup cannot be built, so not applicable
            raise Unsupported(
                f"phase has no collection ({collection}): it brings cards in from outside the game only "
                "from the sideboard (OutsideGameChoice: Sideboard, FaceUpExile, BoosterPack)")
        # a sideboard is part of phase's deck list
        for alias in self.players:
            for i, o in enumerate(o for o in objs if o.zone == "sideboard" and o.owner == alias):
                self.outside[o.alias] = (self.seat[alias], i, o.card)
        objs = [o for o in objs if o.zone not in ("sideboard", "collection")]
        active = self.seat[setup.get("active_player", self.players[0])]
        decks: list[Any] = []
        for alias in self.players:
            own = [o.card for o in objs if o.owner == alias]
            main = own + ["Forest"] * max(0, DECK_SIZE - len(own))
            side = [card for a, (seat, _, card) in self.outside.items() if seat == self.seat[alias]]
            decks.append({"main_deck": main, "sideboard": side} if side else main)
        extra = decks[2:] or None
        # Standard seats exactly 2 players; FreeForAll (2-6 seats, 20 life, no commander, no range of
        # influence) is phase's format for a multiplayer game. Life is set below from the case anyway.
        fmt = "Standard" if len(self.players) == 2 else "FreeForAll"
        try:
            g = self.engine.new_game(player=decks[0], opponent=decks[1], extra_players=extra,
                                     seed=int(setup.get("seed", 0)), first_player=active, format=fmt)
        except ValueError as exc:
            raise Unsupported(f"phase refused the decks: {exc}") from exc
        st = g.state()
        s = st["state"]
        s["debug_mode"] = True
        s["debug_permitted"] = list(range(len(self.players)))
        s["format_config"]["allow_debug_actions"] = True
        # alias -> object id, by card name and owner
        free: dict[tuple[str, int], list[int]] = {}
        for k, o in sorted(s["objects"].items(), key=lambda kv: int(kv[0])):
            free.setdefault((o["name"], o["owner"]), []).append(int(k))
        for o in objs:
            pool = free.get((o.card, self.seat[o.owner]), [])
            if not pool:
                raise Unsupported(f"card {o.card!r} did not become an object in phase")
            oid = pool.pop(0)
            self.ids[o.alias] = oid
            self.refs[oid] = o.alias
        self.g = self.engine.load_game(st)
        self._start_game()
        for ids in free.values():
            for oid in ids:
                self.dbg("RemoveObject", {"object_id": oid})
        for o in objs:
            oid = self.ids[o.alias]
            if o.zone != "library" or self.g.object(oid).get("zone") != "Library":
                self.dbg("MoveToZone", {"object_id": oid, "to_zone": ZONE_TO_PHASE[o.zone]})
        for o in objs:
            if o.zone == "battlefield":
                self._setup_permanent(o)
            elif o.spec.get("counters"):
                self._setup_counters(o)
        step = setup.get("step", "main1")
        if step != "main1":
            self.dbg("SetPhase", {"phase": PHASE_OF_STEP[step], "active_player": active})
        for p in setup["players"]:
            seat = self.seat[p["alias"]]
            if self.g.player(seat)["life"] != p.get("life", 20):  # the format's starting life may differ
                self.dbg("SetLife", {"player_id": seat, "life": p.get("life", 20)})
            for kind, n in (p.get("counters") or {}).items():
                if n and kind == "energy":  # phase keeps energy apart: player.energy, Debug ModifyEnergy
                    self.dbg("ModifyEnergy", {"player_id": seat, "delta": n})
                elif n:
                    self.dbg("ModifyPlayerCounters", {
                        "player_id": seat, "counter_kind": kind.capitalize(), "delta": n})
            mana = [COLOR_OF_SYMBOL[sym] for sym, n in (p.get("mana_pool") or {}).items() for _ in range(n)]
            if mana:
                self.dbg("AddMana", {"player_id": seat, "mana": mana})
        self._edit_state(objs)
        w = self.waiting()
        if w.get("type") != "Priority" or w["data"].get("player") != active:
            raise Unsupported(
                f"after setup phase is waiting for {w.get('type')}, not the active player's priority")
        self.stack_info.clear()
        self.start = self.g.state()

    def _start_game(self) -> None:
        for _ in range(MAX_PASSES):
            w = self.waiting()
            if w["type"] == "MulliganDecision":
                seat = w["data"]["pending"][0]["player"]
                self.g.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
            elif w["type"] == "Priority" and self.g.phase == "PreCombatMain":
                return
            elif w["type"] == "Priority":
                self.g.apply(w["data"]["player"], {"type": "PassPriority"})
            else:
                raise Unsupported(f"phase asked {w['type']} before the first main phase")
        raise Unsupported("phase did not reach the first main phase")

    def _setup_permanent(self, o: SetupObject) -> None:
        spec, oid = o.spec, self.ids[o.alias]
        if o.player != o.owner:
            self.dbg("SetController", {"object_id": oid, "controller": self.seat[o.player]})
        self.dbg("SetSummoningSickness", {"object_id": oid, "sick": bool(spec.get("summoning_sick", False))})
        if spec.get("tapped"):
            self.dbg("SetTapped", {"object_id": oid, "tapped": True})
        self._setup_counters(o)
        host = spec.get("attached_to")
        if isinstance(host, str) and host:  # an alias
            # Debug::Attach's target is internally tagged, unlike the {"Object": id} targets of actions
            target = ({"type": "Player", "data": self.seat[host]} if host in self.seat
                      else {"type": "Object", "data": self.ids[host]})
            self.dbg("Attach", {"object_id": oid, "target": target})

    def _setup_counters(self, o: SetupObject) -> None:
        counters = o.spec.get("counters") or {}
        for kind, n in counters.items() if isinstance(counters, dict) else ():
            if n:
                self.dbg("ModifyCounters", {
                    "object_id": self.ids[o.alias], "counter_type": counter_from_case(kind), "delta": n})

    def _edit_state(self, objs: list[SetupObject]) -> None:
        """What no Debug action does: library order, tokens, damage, turn number, phased-out permanents,
        and permanents that were there before the turn."""
        setup = self.case["setup"]
        libraries = {a: [self.ids[o.alias] for o in objs if o.zone == "library" and o.owner == a]
                     for a in self.players}
        tokens = [self.ids[o.alias] for o in objs if o.spec.get("token")]
        damage = {self.ids[o.alias]: o.spec["damage"] for o in objs if o.spec.get("damage")}
        phased = phased_out_setup(objs)
        turn = int(setup.get("turn", 1))
        st = self.g.state()
        s = st["state"]
        # a case's setup is the state the turn starts from: its permanents did not enter this turn (a
        # trap's "had two or more creatures enter this turn" must not count them), but the Debug
        # MoveToZone that put them there recorded an entry this turn
        s["battlefield_entries_this_turn"] = []
        for o in objs:
            if o.zone == "battlefield" and not o.spec.get("summoning_sick"):
                s["objects"][str(self.ids[o.alias])]["entered_battlefield_turn"] = turn - 1
        for alias, order in libraries.items():
            if order:
                s["players"][self.seat[alias]]["library"] = order
        for oid in tokens:
            s["objects"][str(oid)]["is_token"] = True
        for oid, n in damage.items():
            s["objects"][str(oid)]["damage_marked"] = n
        for alias, cause in phased.items():
            # phase's GameObject.phase_status (CR 702.26b; absent = phased in), as its phasing sets it
            s["objects"][str(self.ids[alias])]["phase_status"] = {"status": "PhasedOut", "cause": cause}
        s["turn_number"] = turn
        try:
            self.g = self.engine.load_game(st)
        except ValueError as exc:
            raise Unsupported(f"phase refused the edited state: {exc}") from exc
