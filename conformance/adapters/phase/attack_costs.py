"""Costs to attack (CR 508.1g-j) on phase: Ghostly Prison, Propaganda, Norn's Annex.

A case pays such a cost with mana abilities activated while attackers are declared (508.1i): its
script activates them when the declare attackers step has begun and declares next. phase refuses any
action while it waits for the declaration, and asks the cost after it as ``CombatTaxPayment``, where it
offers only ``PayCombatTax{accept}`` (again no ActivateAbility): accepting makes phase pay by itself,
activating mana abilities of its own choice (``AbilityActivated`` kind Mana) or paying life for
Phyrexian mana. The translation (docs/adapters-notes.md):

- a mana ability the script activates while phase waits for the declaration is held, when phase asks
  a cost to attack for the script's next declaration (tried on a copy of the game; else it is sent to
  phase, which refuses it: no chance to activate mana abilities then);
- the declaration made, phase's tax prompt is answered ``accept: true`` (declaring the attack is the
  choice to pay, 508.1h-j; declining would withdraw the declaration); phase's refusal ("Cannot pay
  mana cost") is phase's rejection of the declaration, and the step is reversed as any rejected step;
- the sources phase tapped must be ones the player activated: a source the player did not activate
  means phase paid otherwise than the case, which the adapter cannot tell phase, so the case is not
  applicable; so is a case that answers a ``mana_payment`` decision for the cost (mana or life for
  {W/P}): phase asks none;
- a held mana ability phase's payment did not use is activated as soon as phase gives priority again
  (in the declare attackers step), so its mana is in the pool as in the case.
"""

from __future__ import annotations

from typing import Any

from conformance.adapters.common import Rejected, Unsupported
from conformance.adapters.phase.payment import mana_sources
from conformance.adapters.phase.view import PhaseRunView
from conformance.documents import Action


def declaration_action(run: PhaseRunView, step: Action) -> dict[str, Any]:
    """The script's declare_attackers step as phase's DeclareAttackers action (its AttackTarget is
    internally tagged: {"type": "Player", "data": seat} or {"type": "Planeswalker", "data": id})."""
    attacks = []
    for a in step["attackers"]:
        t = run.resolve_ref(a["defending"])
        target = ({"type": "Player", "data": t["Player"]} if "Player" in t
                  else {"type": "Planeswalker", "data": t["Object"]})
        attacks.append([run.object_id(a["attacker"]), target])
    return {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}


class AttackCosts:
    """The mana abilities the script activated while phase waits for the declaration of attackers,
    as (seat, object id, phase's ability index), in script order."""

    def __init__(self) -> None:
        self.held: list[tuple[int, int, int]] = []

    def hold(self, run: PhaseRunView, seat: int, oid: int, index: int, later: list[Action]) -> bool:
        """Hold this activation if phase waits for the declaration of attackers, it is a mana ability,
        and phase asks a cost to attack for the script's next declaration (``later``: the steps after
        this one), tried on a copy of the game. Anything else is sent to phase, which judges it (a mana
        ability with no cost to attack to pay: 508.1i gives no chance to activate it)."""
        if run.waiting()["type"] != "DeclareAttackers":
            return False
        abilities = run.g.object(oid).get("abilities") or []
        if index >= len(abilities) or not abilities[index].get("is_mana_ability"):
            return False
        declaration = next((s for s in later if s["action"] == "declare_attackers"), None)
        if declaration is None:
            return False
        probe = run.engine.load_game(run.g.state())
        try:
            probe.apply(run.players.index(declaration["player"]), declaration_action(run, declaration))
        except (ValueError, Rejected):
            return False  # phase refuses the declaration itself: nothing to pay
        if dict(probe.waiting_for())["type"] != "CombatTaxPayment":
            return False
        self.held.append((seat, oid, index))
        return True

    def pay(self, run: PhaseRunView, seat: int, data: dict[str, Any]) -> None:
        """Answer phase's CombatTaxPayment prompt (see the module docstring)."""
        player = run.player_of(seat)
        # a payment of a spell or ability names its source; the cost to attack's names none
        if run.book.match("mana_payment", player, lambda _ref: False) is not None:
            raise Unsupported(
                "the case chooses how to pay a cost to attack (its mana_payment decision, e.g. life "
                "or mana for {W/P}); phase's CombatTaxPayment offers only accept or decline and pays "
                f"by itself (total cost {data.get('total_cost')})")
        try:
            result = run.apply(seat, {"type": "PayCombatTax", "data": {"accept": True}})
        except Rejected as exc:
            raise Rejected(f"phase refuses to pay the cost to attack {data.get('total_cost')}: "
                           f"{exc.reason}", exc.rule) from exc
        tapped = mana_sources(result.events)
        mine = {oid for s, oid, _ in self.held if s == seat}
        if tapped - mine:
            names = sorted(str(run.ref_of(t)) for t in tapped - mine)
            raise Unsupported(
                f"phase paid the cost to attack by tapping {names}, which the case's player did not "
                "activate (CR 508.1i); phase's CombatTaxPayment pays by itself and offers no way to "
                "pay only with the mana abilities the player activated")
        self.held = [h for h in self.held if h[0] != seat or h[1] not in tapped]

    def release(self, run: PhaseRunView) -> None:
        """Activate the held mana abilities phase's payment did not use, now that a player has
        priority (phase allows mana abilities then): their mana is in the pool, as in the case."""
        if run.waiting()["type"] != "Priority":
            return
        held, self.held = self.held, []
        for seat, oid, index in held:
            run.apply(seat, {"type": "ActivateAbility", "data": {"source_id": oid, "ability_index": index}})

    def check_idle(self, action: str) -> None:
        """A held activation must be followed by the declaration (or more activations)."""
        if self.held and action not in ("activate", "declare_attackers", "observe"):
            raise Unsupported(f"a mana ability activated while attackers are declared is not followed "
                              f"by the declaration ({action!r} comes first); phase refuses it then")
