"""A "you may cast a spell from your hand" while it resolves (Kari Zev's Expertise: "You may cast a
spell with mana value 2 or less from your hand without paying its mana cost", CR 608.2d) when the hand
is empty.

phase asks it as ``OptionalEffectChoice`` whatever the hand holds: the optional link of the resolving
ability (phase chains them by ``sub_ability``) is ``CastFromZone`` of a card in a hand. With the deciding
player's hand empty there is no card to cast: accepting and declining leave the game the same (CR 609.3:
an instruction that can't be followed does nothing), a moot choice the reference engine need not ask and
a case need not answer (spec/README.md 1.4). With no entry for it, the adapter declines it itself and
records it as taken without the script (``auto``); a case that answers it still answers it.
"""

from __future__ import annotations

from typing import Any

from conformance.adapters.phase.imprint import optional_link
from conformance.adapters.phase.view import PhaseRunView

DECLINE = {"type": "DecideOptionalEffect", "data": {"accept": False}}


def _mentions_hand(node: Any) -> bool:
    """Whether phase's target filter requires the card to be in a hand ({"type": "InZone", "zone": "Hand"}
    among its properties, in any of its filters)."""
    if isinstance(node, dict):
        if node.get("type") == "InZone" and node.get("zone") == "Hand":
            return True
        return any(_mentions_hand(v) for v in node.values())
    if isinstance(node, list):
        return any(_mentions_hand(v) for v in node)
    return False


def casts_from_empty_hand(run: PhaseRunView, d: dict[str, Any]) -> bool:
    """Whether phase's OptionalEffectChoice ``d`` is a "you may cast a spell from your hand" and the
    deciding player's hand is empty."""
    link = optional_link(run, d)
    effect = (link or {}).get("effect") or {}
    if effect.get("type") != "CastFromZone" or not _mentions_hand(effect.get("target")):
        return False
    seat = d.get("player")
    return isinstance(seat, int) and not run.g.player(seat).get("hand")
