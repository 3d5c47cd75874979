"""phase-python 0.103.0 vocabulary: its steps, colours, prompts and events, in the spec's terms.

The tables the phase adapter (``engine``) translates with: ``PROMPTS`` maps each prompt phase asks
to the spec's decision kind (spec/README.md 1.4), its options and the phase action that answers it;
``EVENTS`` maps phase's events to the spec's events (spec/README.md 2). docs/adapters-notes.md says how
each was found.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from conformance.adapters.common import Rejected, by_alias, counter_to_case, items, keyword_name, whole
from conformance.adapters.phase import imprint, mana_colors

# the colour tables are mana_colors'; other modules read them here
from conformance.adapters.phase.mana_colors import COLOR_OF_SYMBOL as COLOR_OF_SYMBOL
from conformance.adapters.phase.mana_colors import SYMBOL_OF_COLOR as SYMBOL_OF_COLOR
from conformance.adapters.phase.mana_colors import color_of
from conformance.adapters.phase.view import PhaseRunView
from conformance.documents import Answer, Event, Ref

# phase's prompts, states and events are untyped JSON here (dict[str, Any]); an answer is read as its
# decision's kind says (common.items, by_alias, whole).

PHASE_OF_STEP = {
    "untap": "Untap", "upkeep": "Upkeep", "draw": "Draw", "main1": "PreCombatMain",
    "beginning_of_combat": "BeginCombat", "declare_attackers": "DeclareAttackers",
    "declare_blockers": "DeclareBlockers", "first_strike_damage": "FirstStrikeDamage",
    "combat_damage": "CombatDamage", "end_of_combat": "EndCombat",
    "main2": "PostCombatMain", "end": "End", "cleanup": "Cleanup",
}
STEP_OF_PHASE = {v: k for k, v in PHASE_OF_STEP.items()}
ZONE_TO_PHASE = {"battlefield": "Battlefield", "hand": "Hand", "graveyard": "Graveyard",
                 "exile": "Exile", "library": "Library"}


def _targets_options(run: PhaseRunView, d: dict[str, Any]) -> list[Ref | None]:
    sel = d.get("selection") or {}
    legal = sel.get("current_legal_targets")
    if legal is None and d.get("target_slots"):
        legal = d["target_slots"][0].get("legal_targets", [])
    return [run.target_option(t) for t in legal or []]


def _select(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    return {"type": "SelectTargets", "data": {"targets": [run.resolve_ref(r) for r in items(answer or [])]}}


def _replacement(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    want = run.resolve_ref(answer).get("Object")
    for i, c in enumerate(d.get("candidates") or []):
        if c.get("source_id") == want:
            return {"type": "ChooseReplacement", "data": {"index": i}}
    raise Rejected(f"replacement_effect: {answer!r} is not among the effects phase offers")


def _retarget(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """RetargetSpell with a new target for every slot at once. A case may answer one new_targets decision
    per target (CR 115.7d: each target is changed); phase asks them together, so the player's next
    new_targets answers fill the slots the first one leaves."""
    new = list(items(answer or []))
    missing = len(d.get("slots") or []) - len(new)
    if missing > 0:
        try:
            for more in run.take_more("new_targets", d.get("player"), missing):
                new += items(more or [])
        except Rejected:
            pass  # the case gives fewer: sent as it is, for phase to judge
    return {"type": "RetargetSpell", "data": {"new_targets": [run.resolve_ref(x) for x in new]}}


def copy_branch(d: dict[str, Any], accept: bool) -> int:
    """The index of phase's copy-effect candidate (accept) or of its "Decline" candidate."""
    return next(i for i, c in enumerate(d.get("candidates") or [])
                if (c.get("description") == "Decline") != accept)


def _choose_player(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    return {"type": "ChooseOption", "data": {"choice": str(run.resolve_ref(answer).get("Player"))}}


def _distribute(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    return {"type": "DistributeAmong", "data": {
        "distribution": [[run.resolve_ref(a), n] for a, n in by_alias(answer or {}).items()]}}


def _trigger_order(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """spec: answer lists the sources in the order they are put on the stack (first = resolves last).
    phase's OrderTriggers.order lists indices into data.triggers in that same order: checked by hand,
    order [0, 1] leaves triggers[1] on top (docs/certification/spot-checks.md)."""
    sources = [t.get("source_id") for t in d.get("triggers") or []]
    order: list[int] = []
    for ref in items(answer or []):
        want = run.object_id(ref)
        i = next((i for i, s in enumerate(sources) if s == want and i not in order), None)
        if i is None:
            raise Rejected(f"trigger_order: {ref!r} has no trigger among those phase asks to order")
        order.append(i)
    return {"type": "OrderTriggers", "data": {"order": order}}


def prompt_key(kind_type: str, data: dict[str, Any]) -> str:
    """phase asks every "choose objects from a zone" decision as EffectZoneChoice; what the player is
    choosing for (sacrifice, discard, ...) is in ``effect_kind``, so that is part of the key. Likewise
    NamedChoice says in ``choice_type`` whether a player (Opponent, Player) or a colour is named."""
    if kind_type == "EffectZoneChoice" and imprint.is_hand_exile(data):
        return "EffectZoneChoice:ExileFromHand"  # card_from_hand (imprint.py)
    if kind_type == "EffectZoneChoice":
        return f"EffectZoneChoice:{data.get('effect_kind')}"
    optional = (data.get("kind") or {}).get("type") == "OptionalBranch"
    if kind_type == "ReplacementChoice" and optional and any(
            "a copy of" in str(c.get("description", "")) for c in data.get("candidates") or []):
        return "ReplacementChoice:Copy"  # "you may have ~ enter as (become) a copy of ..." (CR 707.5)
    if kind_type == "CopyRetarget" and "current" not in _copy_slot(data):
        # a copy being cast (CR 707.12: Isochron Scepter) has no target yet: phase's CopyRetarget then
        # asks its targets for the first time, the spec's targets decision (601.2c), not new_targets
        return "CopyRetarget:Choose"
    if kind_type == "PayCost":  # a cost's choice: which permanent to sacrifice, ...
        return f"PayCost:{(data.get('kind') or {}).get('type')}"
    choice = data.get("choice_type")
    # "choose a color" is choice_type "Color", or {"Color": {"excluded": [...]}} when some colours are not
    # allowed (Thriving Bluff: "a color other than red"); phase's options already leave those out
    if kind_type == "NamedChoice" and (choice == "Color" or isinstance(choice, dict) and "Color" in choice):
        return "NamedChoice:Color"
    # "choose a creature type" (Metallic Mimic, Cavern of Souls: CR 205.3m, 614.12)
    if kind_type == "NamedChoice" and (choice == "CreatureType" or isinstance(choice, dict)
                                       and "CreatureType" in choice):
        return "NamedChoice:CreatureType"
    # "choose a card name" (Pithing Needle: CR 201.4, 614.12a)
    if kind_type == "NamedChoice" and (choice == "CardName"
                                       or isinstance(choice, dict) and "CardName" in choice):
        return "NamedChoice:CardName"
    return str(kind_type)


def is_buyback(run: PhaseRunView, data: dict[str, Any]) -> bool:
    """Whether phase's OptionalCostChoice asks a spell's buyback (CR 702.27a): the spell being cast has
    phase's Buyback keyword, and the optional cost asked is its ``additional_cost`` (phase keeps the
    buyback cost there)."""
    oid = (data.get("pending_cast") or {}).get("object_id")
    try:
        card = run.g.object(oid) if isinstance(oid, int) else {}
    except ValueError:
        return False
    return data.get("cost") is not None and data.get("cost") == card.get("additional_cost") and any(
        isinstance(k, dict) and "Buyback" in k for k in card.get("keywords") or [])


def _selectable_modes(run: PhaseRunView) -> list[int] | None:
    """The modes phase lets the player choose: every index in its legal SelectModes actions (its prompt
    lists all modes, legal or not)."""
    found = {i for a in run.g.actions() for i in (a.to_dict().get("data") or {}).get("indices", ())
             if a.to_dict().get("type") == "SelectModes"}
    return sorted(found) or None


def _select_cards(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    return {"type": "SelectCards", "data": {"cards": [run.object_id(x) for x in items(answer or [])]}}


def _sacrifice_count(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """EffectZoneChoice{effect_kind: Sacrifice, count, cards}: phase asks one prompt for all the
    permanents an effect makes the player sacrifice ("sacrifices two creatures": count 2); the case may
    answer one sacrifice decision per permanent, as the reference engine asks them (CR 701.21a), so the
    player's next sacrifice answers add to this one until ``count`` are chosen. Each taken answer's
    options are the cards phase lists less those chosen before it. Fewer: sent as they are, for phase
    to judge."""
    chosen = list(items(answer or []))
    count = d.get("count")
    cards = [run.ref_of(c) for c in d.get("cards") or []]

    def options_after(before: list[Answer]) -> list[str | None]:
        return [c for c in cards if c not in chosen]

    while isinstance(count, int) and len(chosen) < count:
        try:
            (more,) = run.take_more("sacrifice", d.get("player"), 1, options_after)
        except Rejected:
            break
        chosen += items(more or [])
    return _select_cards(run, d, chosen)


def _alternative(prompt: dict[str, Any], choice: Any) -> object:
    """The spec's answer for one of phase's ChooseAlternativeCast choices: null for the mana cost, else
    the alternative cost's keyword in lower case ("overload"), or phase's own word for one the spec lacks."""
    if not isinstance(choice, dict) or choice.get("type") == "Normal":
        return None
    keyword = (prompt.get("keyword") or {}).get("type")
    return str(keyword).lower() if keyword else f"phase:{choice.get('type')}"


def _x_options(d: dict[str, Any]) -> list[int] | None:
    """The values of X phase's ChooseXValue offers (``min`` to ``max``), or None when it gives no bound."""
    low, high = d.get("min"), d.get("max")
    if isinstance(low, int) and isinstance(high, int) and 0 <= low <= high:
        return list(range(low, high + 1))
    return None


def _cards_options(run: PhaseRunView, d: dict[str, Any]) -> list[str | None] | None:
    """The cards a discard prompt lists (``cards``), or None when it lists none."""
    cards = d.get("cards")
    return [run.ref_of(c) for c in cards] if isinstance(cards, list) else None


def _outside_options(run: PhaseRunView, d: dict[str, Any]) -> list[str | None]:
    """The cards phase offers (its sideboard's as aliases, others by their source type), and null."""
    sideboard = {(seat, i): alias for alias, (seat, i, _) in run.outside.items()}
    options: list[str | None] = []
    for c in d.get("choices") or []:
        src = c.get("source") or {}
        if src.get("type") == "Sideboard":
            options.append(sideboard.get((d.get("player", -1), src["data"].get("sideboard_index", -1))))
        else:
            options.append(f"phase:{src.get('type')}")
    return [*options, None]


def _outside_card(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """phase's OutsideGameChoice: the answer (a sideboard alias, or null for none) is sent as the card's
    index in the deciding player's sideboard; phase judges whether it may be brought in."""
    if answer is None:
        return {"type": "ChooseOutsideGameCards", "data": {"selections": []}}
    where = run.outside.get(answer) if isinstance(answer, str) else None
    if where is None or where[0] != d.get("player"):
        raise Rejected(f"outside_game_card: {answer!r} is not a card in the deciding player's sideboard, "
                       "the only cards phase has outside the game")
    return {"type": "ChooseOutsideGameCards",
            "data": {"selections": [{"type": "Sideboard", "data": {"sideboard_index": where[1]}}]}}


def _phyrexian(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """phase's PhyrexianPayment asks, per Phyrexian symbol, mana or 2 life (CR 107.4f). The case's
    mana_payment answer says how much life is paid ("life": 2 per symbol); phase asks it after the mana
    units were chosen at its ManaPayment prompt, so the answer is the one taken there
    (payment.pay_mana), or the case's next mana_payment entry."""
    shards = d.get("shards") or []
    life = whole(answer.get("life", 0)) if isinstance(answer, dict) else 0
    if life % 2 or life // 2 > len(shards):
        raise Rejected(f"mana_payment: {life} life does not pay a whole number of the "
                       f"{len(shards)} Phyrexian symbol(s)")
    choices = [{"type": "PayLife" if i < life // 2 else "PayMana"} for i in range(len(shards))]
    return {"type": "SubmitPhyrexianChoices", "data": {"choices": choices}}


def payment_candidates(cost: Any, pool: dict[str, int], cap: int) -> list[dict[str, int]] | None:
    """The payments worth trying for phase's pending mana cost from ``pool`` (mana by symbol, only the
    types phase lets pay part of the cost): every sub-multiset of the pool of a size the cost can take,
    with ``"life": 2`` per Phyrexian symbol paid with life. phase judges which of them pay; this only
    bounds the search. A {2/W} symbol takes one or two mana, a Phyrexian one none or one (its life).
    None: more than ``cap`` candidates, or a cost this does not know."""
    if not isinstance(cost, dict) or cost.get("type") == "NoCost":
        return [{}]
    if cost.get("type") != "Cost":
        return None
    shards = [str(s) for s in cost.get("shards") or []]
    if any(s in ("X", "Snow") or not s[:1].isupper() for s in shards):
        return None
    phyrexian = sum(1 for s in shards if "Phyrexian" in s)
    plain = [s for s in shards if "Phyrexian" not in s]
    lo = int(cost.get("generic", 0)) + len(plain)
    hi = lo + sum(1 for s in plain if s.startswith("Two"))
    kinds = sorted(k for k, n in pool.items() if n > 0)
    out: list[dict[str, int]] = []

    def subsets(i: int, left: int, acc: dict[str, int]) -> Iterator[dict[str, int]]:
        if i == len(kinds):
            if left == 0:
                yield dict(acc)
            return
        for n in range(min(left, pool[kinds[i]]), -1, -1):
            yield from subsets(i + 1, left - n, {**acc, kinds[i]: n} if n else acc)

    for life in range(phyrexian + 1):
        for size in range(lo + phyrexian - life, hi + phyrexian - life + 1):
            for mana in subsets(0, size, {}):
                out.append({**mana, "life": 2 * life} if life else mana)
                if len(out) > cap:
                    return None
    return out


def _combat_damage_options(run: PhaseRunView, d: dict[str, Any]) -> list[str | None]:
    out: list[str | None] = [run.ref_of(b.get("blocker_id")) for b in d.get("blockers") or []]
    at = d.get("attack_target") or {}
    if d.get("trample"):  # phase's AttackTarget is internally tagged: {"type": "Player", "data": seat}
        player = at.get("type") == "Player"
        out.append(run.player_of(at.get("data")) if player else run.ref_of(at.get("data")))
    return out


def _combat_damage(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """phase's AssignCombatDamage (CR 510.1c): the case's {ref: amount}; what goes to the player or
    planeswalker it attacks (trample, 702.19b) is phase's trample_damage."""
    assignments: list[list[int]] = []
    trample = 0
    for ref, n in by_alias(answer or {}).items():
        target = run.resolve_ref(ref)
        if "Object" in target and target["Object"] in {b.get("blocker_id") for b in d.get("blockers") or []}:
            assignments.append([target["Object"], whole(n)])
        else:
            trample += whole(n)
    return {"type": "AssignCombatDamage", "data": {"mode": "Normal", "assignments": assignments,
                                                   "trample_damage": trample, "controller_damage": 0}}


def _copy_slot(d: dict[str, Any]) -> dict[str, Any]:
    """The target slot phase's CopyRetarget asks (``current_slot``)."""
    slots = d.get("target_slots") or []
    i = int(d.get("current_slot") or 0)
    return dict(slots[i]) if 0 <= i < len(slots) and isinstance(slots[i], dict) else {}


def _copy_choose(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """The first target of the case's targets answer for the slot phase asks (engine.py keeps the
    rest for the slots phase asks next); phase judges it."""
    refs = items(answer or [])
    if not refs:
        raise Rejected("targets: phase asks a target for the copy being cast, the case answers none")
    return {"type": "ChooseTarget", "data": {"target": run.resolve_ref(refs[0])}}


def _copy_options(run: PhaseRunView, d: dict[str, Any]) -> list[str | None]:
    """CopyRetarget asks one target slot at a time (``current_slot``): the copy's current target, then
    the legal alternatives phase lists (spec: one new_targets decision per target of the copy)."""
    slots = d.get("target_slots") or []
    i = int(d.get("current_slot") or 0)
    slot = slots[i] if 0 <= i < len(slots) else {}
    out: list[str | None] = []
    for t in [slot.get("current"), *(slot.get("legal_alternatives") or [])]:
        ref = run.target_ref(t)
        if ref is not None and ref not in out:
            out.append(ref)
    return out


def _copy_retarget(run: PhaseRunView, d: dict[str, Any], answer: object) -> dict[str, Any]:
    """The case's one-element list for the slot phase asks: ChooseTarget{target}. Keeping the current
    target is answering it: sent as ChooseTarget when phase lists it among the alternatives, else (the
    current target is no longer legal, or phase lists only the others) as KeepAllCopyTargets when this is
    the last slot. phase judges the target."""
    refs = items(answer or [])
    if len(refs) != 1:
        raise Rejected(f"new_targets: a copy's target is changed one at a time, not to {answer!r}")
    target = run.resolve_ref(refs[0])
    slots = d.get("target_slots") or []
    i = int(d.get("current_slot") or 0)
    slot = slots[i] if 0 <= i < len(slots) else {}
    if target == slot.get("current") and target not in (slot.get("legal_alternatives") or []):
        if i == len(slots) - 1:
            return {"type": "KeepAllCopyTargets"}
        raise Rejected("new_targets: phase cannot keep this target of a copy and change a later one")
    return {"type": "ChooseTarget", "data": {"target": target}}


def _offered(action: str, field: str, option: Callable[[Any], object]) -> Callable[
        [PhaseRunView, dict[str, Any]], list[object] | None]:
    """The options of a yes/no or either/or prompt as phase offers them: ``option(data[field])`` of each
    legal ``action`` it lists (e.g. PayUnlessCost{pay: false} and {pay: true}); None when it lists none."""
    def options(run: PhaseRunView, d: dict[str, Any]) -> list[object] | None:
        found: list[object] = []
        for a in run.g.actions():
            act = a.to_dict()
            if act.get("type") == action and field in (act.get("data") or {}):
                value = option(act["data"][field])
                if value not in found:
                    found.append(value)
        return found or None
    return options


# ChooseOneOfBranch's branches (villainous choice, CR 701.55a) are the spec's options "A" and "B"
BRANCHES = "AB"

# The spec's decision kind, the options (None when phase does not list them), the action that answers.
PromptHandler = tuple[
    str,
    Callable[[PhaseRunView, dict[str, Any]], Sequence[object] | None],
    Callable[[PhaseRunView, dict[str, Any], object], dict[str, Any]],
]
PROMPTS: dict[str, PromptHandler] = {
    "TargetSelection": ("targets", _targets_options, _select),
    "TriggerTargetSelection": ("targets", _targets_options, _select),
    "MultiTargetSelection": ("targets", _targets_options, _select),
    "PhyrexianPayment": ("mana_payment", lambda r, d: None, _phyrexian),
    "ProliferateChoice": (
        "proliferate", lambda r, d: [r.target_ref(t) for t in d.get("eligible", [])], _select),
    "ReplacementChoice": (
        "replacement_effect", lambda r, d: [r.ref_of(c.get("source_id")) for c in d.get("candidates", [])],
        _replacement),
    "NamedChoice": (
        "choose_player",
        lambda r, d: [r.player_of(int(o)) if str(o).isdigit() else o for o in d.get("options", [])],
        _choose_player),
    "NamedChoice:Color": (  # "the color of your choice" (protection): answered with a colour symbol
        "color",
        lambda r, d: [SYMBOL_OF_COLOR.get(o, o) for o in d.get("options", [])],
        lambda r, d, a: {"type": "ChooseOption", "data": {"choice": color_of(a)}}),
    "NamedChoice:CreatureType": (  # answered with the type's name; phase lists the types it offers
        "creature_type",
        lambda r, d: [str(o) for o in d.get("options", [])],
        lambda r, d, a: {"type": "ChooseOption", "data": {"choice": str(a)}}),
    "NamedChoice:CardName": (  # answered with the name (CR 201.4: any card's); phase lists none
        "card_name", lambda r, d: None,
        lambda r, d, a: {"type": "ChooseOption", "data": {"choice": str(a)}}),
    # "you may have ~ enter as a copy of ..." (CR 707.5): phase asks whether to apply the copy effect
    # (candidates: the effect, "Decline"), then which permanent (CopyTargetChoice). The case's one
    # copy_of decision answers both: null declines here; a ref accepts here (engine.py, without using the
    # answer) and is the answer to CopyTargetChoice
    "ReplacementChoice:Copy": (
        "copy_of", lambda r, d: None,
        lambda r, d, a: {"type": "ChooseReplacement", "data": {"index": copy_branch(d, a is not None)}}),
    "CopyTargetChoice": (
        "copy_of", lambda r, d: [r.ref_of(t) for t in d.get("valid_targets") or []],
        lambda r, d, a: {"type": "ChooseTarget", "data": {"target": r.resolve_ref(a)}}),
    "TributeChoice": ("tribute", _offered("DecideOptionalEffect", "accept", bool),
                      lambda r, d, a: {"type": "DecideOptionalEffect", "data": {"accept": bool(a)}}),
    # "sacrifice this unless you sacrifice a creature" (CR 118.12): pay = do the "unless" action
    "UnlessPayment": ("may", _offered("PayUnlessCost", "pay", bool),
                      lambda r, d, a: {"type": "PayUnlessCost", "data": {"pay": bool(a)}}),
    # after PayUnlessCost{pay: true} with a sacrifice cost, phase asks which permanent (its name says ward)
    "WardSacrificeChoice": ("sacrifice", lambda r, d: [r.ref_of(c) for c in d.get("permanents") or []],
                            _select_cards),
    "OptionalEffectChoice": ("may", _offered("DecideOptionalEffect", "accept", bool),
                             lambda r, d, a: {"type": "DecideOptionalEffect", "data": {"accept": bool(a)}}),
    "ChooseOneOfBranch": ("villainous_choice",
                          _offered("ChooseBranch", "index",
                                   lambda i: BRANCHES[i] if isinstance(i, int) and 0 <= i < 2 else i),
                          lambda r, d, a: {"type": "ChooseBranch", "data": {"index": 0 if a == "A" else 1}}),
    "ChooseLegend": ("legend_rule", lambda r, d: [r.ref_of(c) for c in d.get("candidates", [])],
                     lambda r, d, a: {"type": "ChooseLegend", "data": {"keep": r.object_id(a)}}),
    "OrderTriggers": (
        "trigger_order", lambda r, d: [r.ref_of(t.get("source_id")) for t in d.get("triggers") or []],
        _trigger_order),
    "RetargetChoice": (
        "new_targets", lambda r, d: [r.target_ref(t) for t in d.get("legal_new_targets") or []], _retarget),
    # a copy's targets (CR 707.10c): CopyRetarget{copy_id, target_slots: [{current, legal_alternatives}],
    # current_slot}, answered ChooseTarget{target} per slot or KeepAllCopyTargets
    "CopyRetarget": ("new_targets", _copy_options, _copy_retarget),
    "CopyRetarget:Choose": (
        "targets", lambda r, d: [r.target_option(t) for t in _copy_slot(d).get("legal_alternatives") or []],
        _copy_choose),
    # crew N (CR 702.122a): after CrewVehicle{vehicle_id, creature_ids: []} phase asks which creatures to
    # tap (eligible_creatures); the answer is the same action with the case's tap_cost creatures
    "CrewVehicle": (
        "tap_cost", lambda r, d: [r.ref_of(c) for c in d.get("eligible_creatures") or []],
        lambda r, d, a: {"type": "CrewVehicle", "data": {
            "vehicle_id": d.get("vehicle_id"), "creature_ids": [r.object_id(x) for x in items(a or [])]}}),
    "DistributeAmong": (
        "distribute", lambda r, d: [r.target_ref(t) for t in d.get("targets", [])], _distribute),
    # ChooseXValue{min, max}: phase offers X from min to max (it bounds X by the mana it sees)
    # AlternativeCastChoice{keyword: {type: Overload}, normal_cost, alternative_cost}: answered
    # ChooseAlternativeCast{choice: {type: Normal | Alternative}}; the spec's options null / "overload"
    "AlternativeCastChoice": (
        "alternative_cost",
        lambda r, d: _offered("ChooseAlternativeCast", "choice", lambda c: _alternative(d, c))(r, d),
        lambda r, d, a: {"type": "ChooseAlternativeCast",
                         "data": {"choice": {"type": "Normal" if a is None else "Alternative"}}}),
    # "remove any number of counters" as a cost (Black Mana Battery): PayAmountChoice{resource:
    # {type: Counters}, min, max}, answered SubmitPayAmount{amount}; the case's decision is that x
    "PayAmountChoice": ("x", lambda r, d: _x_options(d),
                        lambda r, d, a: {"type": "SubmitPayAmount", "data": {"amount": whole(a)}}),
    "ChooseXValue": ("x", lambda r, d: _x_options(d),
                     lambda r, d, a: {"type": "ChooseX", "data": {"value": whole(a)}}),
    "ModeChoice": ("modes", lambda r, d: _selectable_modes(r),
                   lambda r, d, a: {"type": "SelectModes", "data": {"indices": items(a)}}),
    # a modal activated ability (Marath: CR 602.2b, 700.2): the same SelectModes as a spell's modes
    "AbilityModeChoice": ("modes", lambda r, d: _selectable_modes(r),
                          lambda r, d, a: {"type": "SelectModes", "data": {"indices": items(a)}}),
    # enlist (CR 702.154a): EnlistChoice{attacker, eligible}, answered ChooseEnlist{target: id | null};
    # the spec's decision is tap_cost (the creature tapped, or none)
    "EnlistChoice": ("tap_cost", lambda r, d: [r.ref_of(c) for c in d.get("eligible") or []],
                     lambda r, d, a: {"type": "ChooseEnlist", "data": {
                         "target": r.object_id(items(a)[0]) if items(a) else None}}),
    # phase 0.103.0: ChooseManaColor{choice: ManaChoice}, one prompt for all the mana of an ability:
    # one colour, any colours, or one of phase's colour combinations (mana_colors.py)
    "ChooseManaColor": ("mana_color", mana_colors.options, mana_colors.answer),
    "OutsideGameChoice": ("outside_game_card", _outside_options, _outside_card),
    # DiscardChoice{count, cards}: the cards phase lets the player discard
    "DiscardChoice": ("discard", lambda r, d: _cards_options(r, d), _select_cards),
    "DiscardToHandSize": ("discard", lambda r, d: _cards_options(r, d), _select_cards),
    "PayCost:TapCreatures": ("tap_cost", lambda r, d: [r.ref_of(c) for c in d.get("choices") or []],
                             _select_cards),
    "AssignCombatDamage": ("combat_damage", _combat_damage_options, _combat_damage),
    "PayCost:Sacrifice": ("sacrifice", lambda r, d: [r.ref_of(c) for c in d.get("choices") or []],
                          _select_cards),
    "EffectZoneChoice:Sacrifice": ("sacrifice", lambda r, d: [r.ref_of(c) for c in d.get("cards") or []],
                                   _sacrifice_count),
    "EffectZoneChoice:Discard": ("discard", lambda r, d: [r.ref_of(c) for c in d.get("cards") or []],
                                 _select_cards),
    # "you may exile a card from your hand" (CR 608.2d, imprint): the "you may" (engine.py names the
    # prompt so when the resolving ability's optional part exiles from a hand), then which card
    "OptionalEffectChoice:CardFromHand": ("card_from_hand", imprint.options, imprint.decide),
    # buyback (CR 702.27a, 601.2b): OptionalCostChoice{cost, pending_cast}, answered DecideOptionalCost{pay}
    "OptionalCostChoice:Buyback": ("buyback", _offered("DecideOptionalCost", "pay", bool),
                                   lambda r, d, a: {"type": "DecideOptionalCost", "data": {"pay": bool(a)}}),
    "EffectZoneChoice:ExileFromHand": (
        "card_from_hand", lambda r, d: [r.ref_of(c) for c in d.get("cards") or []], imprint.select),
}

EventMapper = Callable[[PhaseRunView, dict[str, Any]], "Event | None"]
EVENTS: dict[str, EventMapper] = {
    # enlist (CR 702.154a): CreatureEnlisted{attacker, tapped}
    "CreatureEnlisted": lambda r, d: {"type": "enlisted", "object": r.ref_of(d.get("tapped")),
                                      "source": r.ref_of(d.get("attacker"))},
    "SpellCast": lambda r, d: {"type": "spell_cast", "player": r.player_of(d.get("controller")),
                               "card": r.ref_of(d.get("object_id"))},
    "AbilityActivated": lambda r, d: {"type": "ability_activated", "player": r.player_of(d.get("player_id")),
                                      "source": r.ref_of(d.get("source_id")), "ability": r.activating},
    "CrimeCommitted": lambda r, d: {"type": "crime_committed", "player": r.player_of(d.get("player_id")),
                                    "source": r.ref_of(r.context)},
    "StackResolved": lambda r, d: r.resolved_event(d),
    "SpellCountered": lambda r, d: {**r.resolved_event(d), "type": "countered"},
    # {"target": {"Object": id}, "source_id", "source_controller"}: an object became a target (CR 115.7)
    "BecomesTarget": lambda r, d: r.became_target_event(d),
    "StackPushed": lambda r, d: r.pushed_event(d),
    "CounterAdded": lambda r, d: {"type": "counters_put", "object": r.ref_of(d.get("object_id")),
                                  "counter": counter_to_case(str(d.get("counter_type"))),
                                  "amount": d.get("count"), "by": r.player_of(d.get("actor"))},
    "PlayerCounterChanged": lambda r, d: {
        "type": "counters_put" if (d.get("delta") or 0) > 0 else "counters_removed",
        "player": r.player_of(d.get("player")), "counter": str(d.get("counter_kind")).lower(),
        "amount": abs(d.get("delta") or 0)},
    # phase keeps energy apart from other player counters (player.energy) and reports it so
    "EnergyChanged": lambda r, d: {
        "type": "counters_put" if (d.get("delta") or 0) > 0 else "counters_removed",
        "player": r.player_of(d.get("player")), "counter": "energy", "amount": abs(d.get("delta") or 0)},
    "CounterRemoved": lambda r, d: {"type": "counters_removed", "object": r.ref_of(d.get("object_id")),
                                    "counter": counter_to_case(str(d.get("counter_type"))),
                                    "amount": d.get("count")},
    "ManaAdded": lambda r, d: {"type": "mana_added", "player": r.player_of(d.get("player_id")),
                               "mana": {SYMBOL_OF_COLOR.get(str(d.get("mana_type")), "C"): 1},
                               "source": r.ref_of(d.get("source_id"))},
    "ZoneChanged": lambda r, d: r.zone_changed_event(d),
    "TokenCreated": lambda r, d: {"type": "token_created", "object": r.ref_of(d.get("object_id")),
                                  "controller": r.controller_now(d.get("object_id"))},
    "DamageDealt": lambda r, d: {"type": "damage_dealt", "source": r.ref_of(d.get("source_id")),
                                 "target": r.target_ref(d.get("target")), "amount": d.get("amount")},
    "LifeChanged": lambda r, d: {"type": "life_changed", "player": r.player_of(d.get("player_id")),
                                 "amount": d.get("amount")},
    "PhaseChanged": lambda r, d: {"type": "step", "turn": r.g.turn,
                                  "step": STEP_OF_PHASE.get(str(d.get("phase")), d.get("phase"))},
    # {card_id, controller, object_id (the copy), original_id} (CR 707.10); the copy is a new object
    "SpellCopied": lambda r, d: {"type": "spell_copied", "object": r.ref_of(d.get("object_id")),
                                 "source": r.ref_of(d.get("original_id")),
                                 "player": r.player_of(d.get("controller"))},
    # phasing (CR 702.26b-c): {object_id, indirect} as a permanent phases out (one for each, those
    # attached to it phasing out indirectly included, 702.26g), {object_id} as it phases in
    "PermanentPhasedOut": lambda r, d: {"type": "phased_out", "object": r.ref_of(d.get("object_id"))},
    "PermanentPhasedIn": lambda r, d: {"type": "phased_in", "object": r.ref_of(d.get("object_id"))},
    # {player_id, action}: phase reports each proliferation (CR 701.34a) as action "Proliferate"
    "PlayerPerformedAction": lambda r, d: (
        {"type": "proliferated", "player": r.player_of(d.get("player_id"))}
        if d.get("action") == "Proliferate" else None),
    "PermanentSacrificed": lambda r, d: {"type": "sacrificed", "object": r.ref_of(d.get("object_id"))},
    "CreatureDestroyed": lambda r, d: {"type": "destroyed", "object": r.ref_of(d.get("object_id"))},
}


def attachments(run: PhaseRunView) -> dict[int, Any]:
    """What each Equipment and Aura is attached to now (phase's attached_to; None off the battlefield).
    The objects are found once, in the state the script starts from."""
    if run.attachables is None:
        objects = run.g.state()["state"]["objects"]
        run.attachables = [int(k) for k, o in objects.items()
                           if {"Equipment", "Aura"} & set((o.get("card_types") or {}).get("subtypes") or [])]
    out: dict[int, Any] = {}
    for oid in run.attachables:
        try:
            o = run.g.object(oid)
        except ValueError:
            continue
        out[oid] = o.get("attached_to") if o.get("zone") == "Battlefield" else None
    return out


def attached_events(run: PhaseRunView) -> list[Event]:
    """phase's EffectResolved{kind: Attach} names no object: the Equipment or Aura whose attached_to the
    action changed is the one attached (CR 701.3), reported with what it is attached to now."""
    out: list[Event] = []
    for oid, now in attachments(run).items():
        if now is not None and now != run.attachments.get(oid):
            run.attachments[oid] = now
            out.append({"type": "attached", "object": run.ref_of(oid),
                        "attached_to": attached_to(run, {"attached_to": now})})
    return out


def crewed_events(run: PhaseRunView, vehicle: Any) -> list[Event]:
    """A crewed event for each creature phase's crew ability on the stack was paid with (its
    paid_creature_ids): those creatures crewed the Vehicle (CR 702.122b)."""
    for e in reversed(run.g.stack()):
        keyword = e["kind"]["type"] == "KeywordAction"
        action = ((e["kind"].get("data") or {}).get("action") or {}) if keyword else {}
        data = action.get("data") or {}
        if action.get("type") == "Crew" and data.get("vehicle_id") == vehicle:
            return [{"type": "crewed", "object": run.ref_of(c), "source": run.ref_of(vehicle)}
                    for c in data.get("paid_creature_ids") or []]
    return []


def infect_giver(run: PhaseRunView, raw: list[dict[str, Any]], i: int) -> int | None:
    """phase reports poison counters from infect (or toxic) damage as PlayerCounterChanged{Poison} next to
    the DamageDealt to that player: the damage source's controller gives them (CR 702.90b, 120.3b,
    702.164c). The seat of that controller (as it last was on the battlefield, if it has left), or None
    for other poison."""
    d = raw[i].get("data") or {}
    if raw[i].get("type") != "PlayerCounterChanged" or str(d.get("counter_kind")) != "Poison":
        return None
    for j in (i + 1, i - 1):
        e = raw[j] if 0 <= j < len(raw) else {}
        dd = e.get("data") or {}
        if e.get("type") != "DamageDealt" or dd.get("target") != {"Player": d.get("player")}:
            continue
        try:
            src = run.g.object(dd.get("source_id"))
        except (ValueError, TypeError):
            return None
        if not {"Infect", "Toxic"} & {keyword_name(k).split(" ")[0] for k in src.get("keywords") or []}:
            return None
        if src.get("zone") in ("Battlefield", "Stack"):
            return int(src["controller"])
        seat = run.recorded_controller.get(int(dd["source_id"]), src.get("controller"))
        return int(seat) if isinstance(seat, int) else None
    return None


def crew_flags(run: PhaseRunView, oid: int) -> list[bool]:
    """For each activated ability of the object's catalogue card: whether it is crew (cost {"crew": N})."""
    card = run.cards.get(str(run.g.object(oid).get("name")))
    return [isinstance(cost := a.get("cost"), dict) and "crew" in cost
            for a in (card.get("abilities") if card else None) or [] if a.get("kind") == "activated"]


# An Oracle paragraph that is an activated ability: "[+1]: ...", "{T}: ...", "{2}, Sacrifice ...: ..."
# (CR 602.1: cost, colon, effect); a quoted ability granted to another object is not the card's own.
_ACTIVATED_LINE = re.compile(r'^(\[[+\u2212-]?[0-9X]+\]|[^":]*\{[^}]+\}[^":]*):')


def phase_ability_position(run: PhaseRunView, oid: int, n: int, phase_activated: list[dict[str, Any]]) -> int:
    """Which of phase's activated abilities (``phase_activated``, crew left out) is the case card's
    n-th non-crew activated ability. The case's index counts the abilities its catalogue card models,
    which may be only some of the printed ones (a planeswalker with only its [-2] modelled); phase
    builds every printed one. Matched by loyalty cost (CR 606.4: one loyalty ability per cost on real
    planeswalkers), else by the ability's paragraph among the Oracle text's activated paragraphs,
    else n itself (the card models every activated ability)."""
    card = run.cards.get(str(run.g.object(oid).get("name")))
    ours = [a for a in (card.get("abilities") if card else None) or []
            if a.get("kind") == "activated"
            and not (isinstance(cost := a.get("cost"), dict) and "crew" in cost)]
    if n >= len(ours) or len(ours) == len(phase_activated):
        return n
    cost = ours[n].get("cost")
    loyalty = cost.get("loyalty") if isinstance(cost, dict) else None
    if isinstance(loyalty, int):
        same = [i for i, a in enumerate(phase_activated)
                if a.get("cost") == {"type": "Loyalty", "amount": loyalty}]
        if len(same) == 1:
            return same[0]
    paragraphs = str(card.get("text") or "").split("\n") if card else []
    text = ours[n].get("text")
    if text in paragraphs:
        return sum(1 for p in paragraphs[:paragraphs.index(text)] if _ACTIVATED_LINE.match(p))
    return n


def attached_to(run: PhaseRunView, o: dict[str, Any]) -> str | None:
    """phase's attached_to is {"type": "Object", "data": id} (or a Player); the case's is a ref."""
    a = o.get("attached_to")
    if not isinstance(a, dict):
        return None
    return run.player_of(a.get("data")) if a.get("type") == "Player" else run.ref_of(a.get("data"))


def prompt_source(run: PhaseRunView, data: dict[str, Any]) -> int | None:
    """The object a phase prompt is about: named in its data, in its prompt context, or the spell or
    ability pending; else the one being cast or activated (``run.context``)."""
    for key in ("source_id", "object_id", "spell_object", "attacker_id", "attacker", "vehicle_id"):
        if isinstance(data.get(key), int):
            return int(data[key])
    src = data.get("source")
    if isinstance(src, dict):
        ident = (src.get("prompt") or src.get("context") or {}).get("identity") or {}
        ref = ident.get("reference") or {}
        if isinstance(ref.get("object_id"), int):
            return int(ref["object_id"])
    # a "you may" replacement (OptionalBranch: the effect or "Decline"), e.g. Vesuva's "enter as a copy":
    # its candidates name the replacement's source
    sources = {c.get("source_id") for c in data.get("candidates") or [] if isinstance(c, dict)}
    if (data.get("kind") or {}).get("type") == "OptionalBranch" and len(sources) == 1:
        (only,) = sources
        if isinstance(only, int):
            return only
    # a trigger's targets (TriggerTargetSelection): the trigger's source, not what made it trigger
    ref = ((data.get("trigger_source_context") or {}).get("identity") or {}).get("reference") or {}
    if isinstance(ref.get("object_id"), int):
        return int(ref["object_id"])
    pending = data.get("pending_cast") or data.get("pending_ability") or {}
    if isinstance(pending, dict):
        for key in ("object_id", "source_id"):
            if isinstance(pending.get(key), int):
                return int(pending[key])
    return run.context


def decision_events(run: PhaseRunView, prompt: str, data: dict[str, Any], player: str | None, answer: Answer,
                    entering: int | None) -> list[Event]:
    """The events a choice answered at a phase prompt stands for (phase emits none for them)."""
    if prompt == "TributeChoice":
        return [{"type": "tribute", "player": player, "paid": bool(answer)}]
    if prompt == "ChooseOneOfBranch":
        return [{"type": "villainous_choice", "player": player, "option": answer}]
    if prompt == "NamedChoice:Color" and entering is not None:  # as it enters (CR 614.12)
        return [{"type": "color_chosen", "object": run.ref_of(entering), "color": answer}]
    if prompt == "NamedChoice:CreatureType" and entering is not None:
        return [{"type": "creature_type_chosen", "object": run.ref_of(entering), "creature_type": answer}]
    if prompt == "CrewVehicle":  # the creatures phase tapped to pay crew crewed it (CR 702.122b)
        return crewed_events(run, data.get("vehicle_id"))
    return []
