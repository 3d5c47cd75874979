"""A case's flat ``targets`` answer in phase's target slots (spec/README.md 1.4: "list of refs, in the
order of the card's 'target' words; 'up to' may give fewer").

phase's TargetSelection (and TriggerTargetSelection) lists one slot per target it asks, in the order of
the card's "target" words, each with the objects that fit it (``legal_targets``) and whether it may be
left empty (``optional``: an "up to" slot). Nissa, Genesis Mage's [+2] ("untap up to two target
creatures and up to two target lands") has four slots: creature, creature, land, land. A case answering
one creature and two lands writes ``[bear, f1, f2]``: the spec's flat list leaves unsaid which "up to"
slot stays empty, and phase's ``SelectTargets`` fills slots in order, so it would put ``f1`` in the second
creature slot (phase refuses: "Illegal target selected").

The spec is silent on where an "up to" slot left empty sits in a flat answer. The reading taken here is
the natural one: the answer's objects are in the order of the target words, and an object that does not
fit the next slot but fits a later one means the "up to" slots between were left empty. The fit is
phase's own slot list (``legal_targets``); an object that fits no slot is sent where the order puts it,
for phase to refuse. When no slot has to be skipped the answer is sent as it is (``SelectTargets``);
otherwise slot by slot (``ChooseTarget``, ``null`` for an empty "up to" slot), as phase asks them.
"""

from __future__ import annotations

from typing import Any

from conformance.adapters.common import items
from conformance.adapters.phase.view import PhaseRunView

SLOT_PROMPTS = frozenset({"TargetSelection", "TriggerTargetSelection"})


def sort_into_slots(slots: list[dict[str, Any]], targets: list[dict[str, Any]]) -> list[Any] | None:
    """Each of ``targets`` (phase targets, in the answer's order) in the slot it fits, one entry per
    slot (``None``: left empty), or None when the answer fills the slots in order with none skipped
    (or can't be placed with skips: more objects than slots), so that it is sent as it is."""
    out: list[Any] = []
    rest = list(targets)
    skipped = False
    for i, slot in enumerate(slots):
        if not rest:
            out.append(None)
            continue
        fits_later = any(rest[0] in (s.get("legal_targets") or []) for s in slots[i + 1:])
        if rest[0] not in (slot.get("legal_targets") or []) and slot.get("optional") and fits_later:
            out.append(None)  # this "up to" slot was left empty: the object is for a later target word
            skipped = True
            continue
        out.append(rest.pop(0))
    return out if skipped and not rest else None


def slot_actions(run: PhaseRunView, d: dict[str, Any], answer: object) -> list[dict[str, Any]] | None:
    """The ChooseTarget actions (one per slot) that put the answer's objects in the slots they fit, or
    None when the answer is sent as it is (no "up to" slot has to be skipped)."""
    slots = [s for s in d.get("target_slots") or [] if isinstance(s, dict)]
    if len(slots) < 2:
        return None
    placed = sort_into_slots(slots, [run.resolve_ref(r) for r in items(answer or [])])
    if placed is None:
        return None
    return [{"type": "ChooseTarget", "data": {"target": t}} for t in placed]
