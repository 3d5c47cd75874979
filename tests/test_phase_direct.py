"""Five phase failures checked by hand (issue 16): phase-python driven directly, without the adapter.

The five are ``random.Random(20261202).sample(sorted(engine-attributed ids), 5)`` over
docs/certification/phase-0.103.0/known-failures.json; docs/certification/phase-0.103.0/hand-check.md
gives the verdicts. Each test sets up the case's board with phase's own Debug actions, takes the case's
actions, answers phase's prompts itself and asserts what phase does today (the engine's failure): if
phase changes, the test fails and the known failure should be re-checked. Card data is the catalogue
entry (suites/cards) turned into MTGJSON fields as the adapter's cards.py does, parsed by phase.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

phase = pytest.importorskip("phase")

from conformance.adapters.common import BASIC_LANDS, mtgjson_card  # noqa: E402

CARDS = Path(__file__).resolve().parent.parent / "suites" / "cards"
Json = dict[str, Any]
ALICE, BOB = 0, 1


def _entry(name: str) -> Json:
    """The catalogue card as MTGJSON fields (the conversion cards.py uses)."""
    if name in BASIC_LANDS:
        return BASIC_LANDS[name]
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")
    card = json.loads((CARDS / f"{stem}.json").read_text())
    assert card["name"] == name
    return mtgjson_card(card)


def face(name: str) -> Json:
    """phase's card face for a catalogue card, from phase's own Oracle parser."""
    result: Json = phase.build_oracle_face(_entry(name), None)
    return result


@cache
def _engine(names: frozenset[str]) -> Any:
    return phase.Engine.from_json(json.dumps({n.lower(): face(n) for n in names | {"Island"}}))


class Table:
    """A two-player phase game in Alice's turn 1 precombat main phase, debug actions allowed, hands
    empty; each seat's cards wait in its library (padded with Islands) until ``place`` moves them."""

    def __init__(self, alice: list[str], bob: list[str]) -> None:
        engine = _engine(frozenset(alice + bob))
        decks = [d + ["Island"] * (40 - len(d)) for d in (alice, bob)]
        game = engine.new_game(player=decks[0], opponent=decks[1], seed=1, first_player=ALICE)
        exported = game.state()
        state = exported["state"]
        state["debug_mode"] = True
        state["debug_permitted"] = [ALICE, BOB]
        state["format_config"]["allow_debug_actions"] = True
        self.g: Any = engine.load_game(exported)
        keep = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
        self.g.apply(ALICE, keep)
        self.g.apply(BOB, keep)
        self.debug("SetPhase", {"phase": "PreCombatMain", "active_player": ALICE})
        for seat in (ALICE, BOB):
            for oid in list(self.g.player(seat)["hand"]):
                self.debug("MoveToZone", {"object_id": oid, "to_zone": "Library"})
        self.placed: set[int] = set()

    def debug(self, kind: str, data: object) -> None:
        self.g.apply(ALICE, {"type": "Debug", "data": {"type": kind, "data": data}})

    def place(self, seat: int, name: str, zone: str = "Battlefield", **counters: int) -> int:
        """Move one of ``seat``'s cards called ``name`` to ``zone`` (untapped, not summoning sick)."""
        library = sorted(self.g.player(seat)["library"])
        oid: int = next(i for i in library if i not in self.placed and self.g.object(i)["name"] == name)
        self.placed.add(oid)
        self.debug("MoveToZone", {"object_id": oid, "to_zone": zone})
        if zone == "Battlefield":
            self.debug("SetSummoningSickness", {"object_id": oid, "sick": False})
        for kind, n in counters.items():
            self.debug("ModifyCounters", {"object_id": oid, "counter_type": kind, "delta": n})
        return oid

    def act(self, seat: int, kind: str, **data: Any) -> list[Json]:
        """Apply one action; its events."""
        action: Json = {"type": kind, "data": data} if data else {"type": kind}
        events: list[Json] = self.g.apply(seat, action).events
        return events

    def cast(self, seat: int, oid: int) -> list[Json]:
        auto = {"type": "Auto"}
        return self.act(seat, "CastSpell", object_id=oid, card_id=oid, targets=[], payment_mode=auto)

    def pass_both(self) -> list[Json]:
        """Priority passed by the holder, then by the other player (the top of the stack resolves)."""
        first = self.g.priority_player()
        self.act(first, "PassPriority")
        return self.act(1 - first, "PassPriority")

    def waiting(self) -> str:
        kind: str = self.g.waiting_for()["type"]
        return kind

    def attack_bob_with(self, *attackers: int) -> list[Json]:
        """Pass to declare attackers, attack Bob, no blocks (if Bob can block); the combat damage events."""
        while self.waiting() == "Priority":
            self.act(self.g.priority_player(), "PassPriority")
        assert self.waiting() == "DeclareAttackers"
        attacks = [[a, {"type": "Player", "data": BOB}] for a in attackers]
        self.act(ALICE, "DeclareAttackers", attacks=attacks, bands=[])
        events: list[Json] = []
        while self.g.phase != "CombatDamage":
            if self.waiting() == "DeclareBlockers":
                self.act(BOB, "DeclareBlockers", assignments=[])
            events = self.act(self.g.priority_player(), "PassPriority")
        return events


def kinds(events: list[Json]) -> list[str]:
    return [e["type"] for e in events]


def moves(events: list[Json]) -> list[tuple[int, str, str]]:
    return [(e["data"]["object_id"], e["data"]["from"], e["data"]["to"]) for e in events
            if e["type"] == "ZoneChanged"]


def test_phase_moves_the_resolving_spell_to_the_graveyard_before_its_proliferate_choice() -> None:
    """crime-and-proliferate-respond-to-proliferate-spell.

    CR 608.2 (the steps of 608.2n are followed last) and 608.2n: "As the final part of an instant or
    sorcery spell's resolution, the spell is put into its owner's graveyard." Steady Progress should
    stay on the stack while Alice chooses what to proliferate and draws, and go to the graveyard after.
    phase moves it (ZoneChanged Stack -> Graveyard, StackResolved) first, then asks the choice with the
    card already in the graveyard and the stack empty, then proliferates and draws.
    """
    t = Table(["Steady Progress", "Grizzly Bears", "Grizzly Bears"], ["Murder"])
    bear1 = t.place(ALICE, "Grizzly Bears", P1P1=1)
    bear2 = t.place(ALICE, "Grizzly Bears", P1P1=1)
    progress = t.place(ALICE, "Steady Progress", "Hand")
    murder = t.place(BOB, "Murder", "Hand")
    t.debug("AddMana", {"player_id": ALICE, "mana": ["Blue"] * 3})
    t.debug("AddMana", {"player_id": BOB, "mana": ["Black"] * 3})

    t.cast(ALICE, progress)
    t.act(ALICE, "PassPriority")
    t.cast(BOB, murder)
    t.act(BOB, "ChooseTarget", target={"Object": bear1})
    assert [s["id"] for s in t.g.stack()] == [progress, murder]  # bottom first
    assert (bear1, "Battlefield", "Graveyard") in moves(t.pass_both())  # Murder resolves

    events = t.pass_both()  # Steady Progress starts to resolve
    assert moves(events) == [(progress, "Stack", "Graveyard")]
    assert kinds(events) == ["ZoneChanged", "StackResolved"]
    assert t.g.waiting_for()["data"] == {"player": ALICE, "eligible": [{"Object": bear2}]}
    assert t.waiting() == "ProliferateChoice"
    assert t.g.object(progress)["zone"] == "Graveyard"  # already, while its effect is still to come
    assert t.g.stack() == []

    events = t.act(ALICE, "SelectTargets", targets=[{"Object": bear2}])
    assert kinds(events)[:1] == ["CounterAdded"] and "CardDrawn" in kinds(events)
    assert all(oid != progress for oid, _, _ in moves(events))  # no move left for the last step
    assert t.g.object(bear2)["counters"] == {"P1P1": 2}


def test_phase_gives_players_one_proliferated_counter_through_winding_constrictor() -> None:
    """opponents-winding-constrictor-adds-to-their-poison-energy-and-creature.

    Winding Constrictor: "If you would get one or more counters, you get that many plus one of each of
    those kinds of counters instead." CR 614.1a: "Effects that use the word 'instead' are replacement
    effects." Alice's Tezzeret's Gambit proliferates Alice (1 energy), Bob (1 poison, 1 energy) and Bob's
    bear (1 +1/+1): the rules give Alice 3 energy (her Constrictor), Bob 3 poison and 3 energy (his), the
    bear 3 counters. phase applies the permanent half (the bear: 3) but its Oracle parser leaves the
    player half Unimplemented, so each player gets one: Alice 2 energy, Bob 2 poison and 2 energy.
    """
    constrictor = face("Winding Constrictor")
    assert [r["event"] for r in constrictor["replacements"]] == ["AddCounter"]  # the permanent half only
    assert [a["effect"]["type"] for a in constrictor["abilities"]] == ["Unimplemented"]
    assert constrictor["abilities"][0]["description"].startswith("If you would get one or more counters")

    t = Table(["Tezzeret's Gambit", "Winding Constrictor"], ["Winding Constrictor", "Grizzly Bears"])
    t.place(ALICE, "Winding Constrictor")
    bob_con = t.place(BOB, "Winding Constrictor")
    bear = t.place(BOB, "Grizzly Bears", P1P1=1)
    gambit = t.place(ALICE, "Tezzeret's Gambit", "Hand")
    t.debug("ModifyEnergy", {"player_id": ALICE, "delta": 1})
    t.debug("ModifyEnergy", {"player_id": BOB, "delta": 1})
    t.debug("ModifyPlayerCounters", {"player_id": BOB, "counter_kind": "Poison", "delta": 1})
    t.debug("AddMana", {"player_id": ALICE, "mana": ["Blue"] * 4})

    t.cast(ALICE, gambit)
    assert t.waiting() == "PhyrexianPayment"
    t.act(ALICE, "SubmitPhyrexianChoices", choices=[{"type": "PayMana"}])  # {U/P} paid with {U}
    t.pass_both()
    assert t.waiting() == "ProliferateChoice"
    events = t.act(ALICE, "SelectTargets", targets=[{"Player": ALICE}, {"Player": BOB}, {"Object": bear}])

    assert [e for e in events if e["type"] in ("EnergyChanged", "PlayerCounterChanged")] == [
        {"type": "EnergyChanged", "data": {"player": ALICE, "delta": 1}},
        {"type": "PlayerCounterChanged", "data": {"player": BOB, "counter_kind": "Poison", "delta": 1}},
        {"type": "EnergyChanged", "data": {"player": BOB, "delta": 1}},
    ]
    replaced = [e["data"] for e in events if e["type"] == "ReplacementApplied"]
    assert replaced == [{"source_id": bob_con, "event_type": "AddCounter"}]  # for the bear only
    assert t.g.player(ALICE)["energy"] == 2  # rules: 3
    assert (t.g.player(BOB)["poison_counters"], t.g.player(BOB)["energy"]) == (2, 2)  # rules: 3, 3
    assert t.g.object(bear)["counters"] == {"P1P1": 3}  # right
    assert t.g.player(ALICE)["life"] == 20


def test_phase_names_arlinns_wolf_token_wolf_not_wolf_token() -> None:
    """arlinn-at-two-loyalty-dies-first-wolf-enters-without-counter-scales-idle.

    CR 111.4: "If the spell or ability doesn't specify the name of the token, its name is the same as its
    subtype(s) plus the word 'Token.'" Arlinn's "Create a 2/2 green Wolf creature token" names none, so
    the token is "Wolf Token". phase calls it "Wolf" (its parsed Token effect has name "Wolf"). The rest
    is right: Arlinn, activated at 2 loyalty, is in the graveyard before the ability resolves, and the
    Wolf enters a 2/2 with no counter (her +1/+1 replacement is gone; Hardened Scales has nothing to add).
    """
    t = Table(["Arlinn, Voice of the Pack", "Hardened Scales"], [])
    arlinn = t.place(ALICE, "Arlinn, Voice of the Pack", loyalty=2)
    t.place(ALICE, "Hardened Scales")

    t.act(ALICE, "ActivateAbility", source_id=arlinn, ability_index=0)  # [-2]
    assert t.g.object(arlinn)["zone"] == "Graveyard"
    assert [s["source_id"] for s in t.g.stack()] == [arlinn]
    events = t.pass_both()

    created = [e["data"] for e in events if e["type"] == "TokenCreated"]
    assert [(c["name"], c["source_id"]) for c in created] == [("Wolf", arlinn)]
    wolf = t.g.object(created[0]["object_id"])
    assert (wolf["name"], wolf["is_token"], wolf["card_types"]["subtypes"]) == ("Wolf", True, ["Wolf"])
    assert (wolf["power"], wolf["toughness"], wolf["counters"], wolf["zone"]) == (2, 2, {}, "Battlefield")
    assert "CounterAdded" not in kinds(events)


def _glistener_elf_hits_bob_at(poison: int) -> tuple[Table, list[Json]]:
    t = Table(["Glistener Elf"], ["Winding Constrictor"])
    elf = t.place(ALICE, "Glistener Elf")
    t.place(BOB, "Winding Constrictor")
    t.debug("ModifyPlayerCounters", {"player_id": BOB, "counter_kind": "Poison", "delta": poison})
    return t, t.attack_bob_with(elf)


def test_phase_gives_one_infect_poison_counter_past_bobs_winding_constrictor() -> None:
    """counters-infect-bobs-own-winding-constrictor-turns-one-infect-damage-into-his-tenth-poison.

    CR 120.3b: the Elf's 1 damage makes Alice give Bob 1 poison counter; Bob's own Winding Constrictor
    ("If you would get one or more counters, you get that many plus one ... instead", a replacement
    effect, CR 614.1a) makes it 2: Bob has 10 and loses (CR 704.5c: "If a player has ten or more poison
    counters, that player loses the game."). phase gives him 1 (9 in all, no replacement applied) and the
    game goes on. The contrast shows the state-based action itself works in phase: from 9, the same
    single counter makes 10 and phase ends the game.
    """
    t, events = _glistener_elf_hits_bob_at(8)
    given = [e["data"] for e in events if e["type"] == "PlayerCounterChanged"]
    assert given == [{"player": BOB, "counter_kind": "Poison", "delta": 1}]
    assert "ReplacementApplied" not in kinds(events)
    bob = t.g.player(BOB)
    assert (bob["poison_counters"], bob["life"], bob["is_eliminated"]) == (9, 20, False)  # rules: 10, lost
    assert t.waiting() == "Priority"

    t, events = _glistener_elf_hits_bob_at(9)
    assert t.g.player(BOB)["poison_counters"] == 10
    assert t.g.waiting_for() == {"type": "GameOver", "data": {"winner": ALICE}}


def test_phase_stacks_two_identical_combat_damage_triggers_without_asking_their_order() -> None:
    """two-grateful-apparitions-combat-damage-triggers-ordered-proliferate-twice.

    CR 603.3b: abilities that triggered since a player last received priority go on the stack as "each
    player, in APNAP order, puts each triggered ability they control ... on the stack in any order they
    choose". Both Grateful Apparitions deal combat damage to Bob at once (CR 510.2), so Alice chooses
    the order of their two proliferate triggers. phase never asks (no OrderTriggers prompt): it pushes
    a1's trigger then a2's (a2's on top) and gives Alice priority. Each trigger's proliferate choice is
    still asked on resolution, so the counts come out as the case's answers want.
    """
    t = Table(["Grateful Apparition", "Grateful Apparition", "Vivien, Arkbow Ranger"], [])
    a1 = t.place(ALICE, "Grateful Apparition")
    a2 = t.place(ALICE, "Grateful Apparition")
    vivien = t.place(ALICE, "Vivien, Arkbow Ranger", loyalty=3)
    t.debug("ModifyPlayerCounters", {"player_id": BOB, "counter_kind": "Poison", "delta": 1})

    events = t.attack_bob_with(a1, a2)
    assert [e["data"]["source_id"] for e in events if e["type"] == "DamageDealt"] == [a1, a2]
    assert kinds(events)[-2:] == ["StackPushed", "StackPushed"]
    assert t.g.waiting_for() == {"type": "Priority", "data": {"player": ALICE}}  # not OrderTriggers
    assert [s["source_id"] for s in t.g.stack()] == [a1, a2]  # bottom first: a2's resolves first

    t.pass_both()
    assert t.g.waiting_for()["data"] == {"player": ALICE, "eligible": [{"Object": vivien}, {"Player": BOB}]}
    t.act(ALICE, "SelectTargets", targets=[{"Object": vivien}])
    t.pass_both()
    t.act(ALICE, "SelectTargets", targets=[{"Player": BOB}])
    assert t.g.object(vivien)["counters"] == {"loyalty": 4}
    assert (t.g.player(BOB)["poison_counters"], t.g.player(BOB)["life"]) == (2, 18)
