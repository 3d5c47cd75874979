"""Exiling a card from one's hand (the spec's ``card_from_hand`` decision, CR 608.2d; imprint, 607.2a:
Chrome Mox's "you may exile a nonartifact, nonland card from your hand") on phase.

phase asks it in two prompts:

- ``OptionalEffectChoice`` (accept or decline) for the "you may" while the ability resolves: it is this
  decision when the optional part of the resolving ability (``resolving_stack_entry``) is phase's
  ``ChangeZone`` from ``Hand`` to ``Exile``. The case's one card_from_hand entry answers it: null
  declines, a card accepts;
- then, only when more than one card qualifies, ``EffectZoneChoice{effect_kind: ChangeZone, zone: Hand,
  destination: Exile, cards}``, answered ``SelectCards`` with the card accepted at the first prompt (the
  same entry: one decision). With one card that qualifies phase exiles it without asking; with none,
  accepting exiles nothing.

The cards phase lets the player exile are what accepting on a copy of the game gives (the cards of its
EffectZoneChoice, or the card it exiles by itself): phase's judgement, found by asking phase, not the
adapter's. They are the decision's options, with null; a card among none of them is not sent (phase
would exile another one, or none) and rejects the step. With no card that qualifies, null is the one
legal answer, taken as ``auto`` when the case has no entry (spec/README.md 1.4).
"""

from __future__ import annotations

from typing import Any

from conformance.adapters.common import Rejected
from conformance.adapters.phase.view import PhaseRunView

ACCEPT = {"type": "DecideOptionalEffect", "data": {"accept": True}}


def optional_link(run: PhaseRunView, d: dict[str, Any]) -> dict[str, Any] | None:
    """The optional link (phase chains an ability's parts by ``sub_ability``) of the ability resolving
    from the source of phase's prompt ``d``; None if none resolves from it or it has none."""
    entry = run.g.state()["state"].get("resolving_stack_entry") or {}
    if entry.get("source_id") != d.get("source_id"):
        return None
    ability = ((entry.get("kind") or {}).get("data") or {}).get("ability")
    while isinstance(ability, dict):
        if ability.get("optional"):
            return ability
        ability = ability.get("sub_ability")
    return None


def exiles_from_hand(run: PhaseRunView, d: dict[str, Any]) -> bool:
    """Whether phase's OptionalEffectChoice ``d`` is the "you may" of exiling a card from a hand: the
    optional link of the resolving ability is ChangeZone from Hand to Exile."""
    effect = (optional_link(run, d) or {}).get("effect") or {}
    return (effect.get("type") == "ChangeZone" and effect.get("origin") == "Hand"
            and effect.get("destination") == "Exile")


def choices(run: PhaseRunView, d: dict[str, Any]) -> list[int] | None:
    """The cards phase lets the player exile: what accepting gives on a copy of the game (the cards of
    its EffectZoneChoice, else the card it exiled by itself, else none); None if phase refused."""
    try:
        game = run.engine.load_game(run.g.state())
        result = game.apply(d.get("player"), ACCEPT)
    except ValueError:
        return None
    w = dict(game.waiting_for())
    if w.get("type") == "EffectZoneChoice" and is_hand_exile(w.get("data") or {}):
        return [int(c) for c in w["data"].get("cards") or []]
    return [int(e["data"]["object_id"]) for e in result.events or []
            if e.get("type") == "ZoneChanged" and (e.get("data") or {}).get("from") == "Hand"
            and e["data"].get("to") == "Exile"]


def is_hand_exile(d: dict[str, Any]) -> bool:
    """Whether phase's EffectZoneChoice ``d`` chooses cards in a hand to exile."""
    return (d.get("effect_kind") == "ChangeZone" and d.get("zone") == "Hand"
            and d.get("destination") == "Exile")


def options(run: PhaseRunView, d: dict[str, Any]) -> list[str | None] | None:
    found = choices(run, d)
    return None if found is None else [*(run.ref_of(c) for c in found), None]


def decide(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """The "you may" prompt: decline for null, else accept if phase lets this card be exiled."""
    if answer is None:
        return {"type": "DecideOptionalEffect", "data": {"accept": False}}
    found = choices(run, d)
    if found is not None and run.object_id(answer) not in found:
        raise Rejected(f"card_from_hand: {answer!r} is not among the cards phase lets exile "
                       f"({[run.ref_of(c) for c in found]})")
    return ACCEPT


def select(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """The EffectZoneChoice: the one card (phase judges it)."""
    if answer is None:
        raise Rejected("card_from_hand: phase asks which card to exile, the case answers none")
    return {"type": "SelectCards", "data": {"cards": [run.object_id(answer)]}}
