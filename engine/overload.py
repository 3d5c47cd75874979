"""Overload (CR 702.96): an alternative cost that changes the spell's text, "target" becoming "each".

"Overload [cost] means 'You may choose to pay [cost] rather than pay this spell's mana cost' and 'If you
chose to pay this spell's overload cost, change its text by replacing all instances of the word "target"
with the word "each."'" (702.96a). The player announces it as the spell is cast (601.2b, an alternative
cost); the overloaded spell has no targets (702.96b) and its text-changing effect (702.96c, 612) is the
spell ability rewritten here, which the spell on the stack carries instead of the printed one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import mana
from .cards import Ability, CardDef
from .context import Ctx, Decision
from .errors import IllegalAction


def overload_cost(cd: CardDef) -> str | None:
    """The overload cost printed on the card, or None (CR 702.96a)."""
    for a in cd.abilities:
        if a["kind"] == "keyword" and a["keyword"] == "Overload":
            return str(a["cost"])
    return None


def choose_alternative_cost(ctx: Ctx, player: int, source: int, cd: CardDef) -> str | None:
    """CR 601.2b: the player announces whether they pay an alternative cost (here: overload, 702.96a).
    Answered with "overload" or null (the mana cost); asked only of a spell that has one. An overload
    cost the player's mana pool can't pay is no choice: the total cost starts from it (601.2f), and a
    cost that can't be paid makes the cast illegal (601.2h), so only the mana cost is offered."""
    cost = overload_cost(cd)
    if cost is None:
        return None
    p = ctx.game.players[player]
    payable = bool(mana.payments(p.mana_pool, cost, 0, life=p.life))
    options = (None, "overload") if payable else (None,)
    answer = ctx.choose(Decision("alternative_cost", player, source, options))
    if answer == "overload" and not payable:
        raise IllegalAction("601.2h", f"the overload cost {cost} can't be paid from {dict(p.mana_pool)}")
    if answer not in options:
        raise IllegalAction("601.2b", f"{answer!r} is not an alternative cost of this spell")
    return None if answer is None else "overload"


def overloaded(ability: Ability) -> Ability:
    """The spell ability with "target" changed to "each" (CR 702.96a, 702.96c): no targets (702.96b);
    each ``{"target": i}`` its effects refer to becomes ``{"each": <that target's filter>}``, every
    permanent matching as it resolves (it may affect objects that couldn't be targeted, 702.96b)."""
    specs: Sequence[Mapping[str, Any]] = ability.get("targets", ())
    changed = {k: v for k, v in ability.items() if k != "targets"}
    changed["targets"] = []
    changed["effects"] = [_each(e, specs) for e in ability.get("effects", ())]
    changed["overloaded"] = True
    return changed


def _each(node: Any, specs: Sequence[Mapping[str, Any]]) -> Any:
    if isinstance(node, Mapping):
        if set(node) == {"target"} and isinstance(node["target"], int):
            return {"each": dict(specs[node["target"]]["filter"])}
        return {k: _each(v, specs) for k, v in node.items()}
    if isinstance(node, list):
        return [_each(v, specs) for v in node]
    return node
